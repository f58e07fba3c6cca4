"""Deciding queries: by counting, by classes of another seat's hands, or on an explicit model.

Three methods, tried in this order (the answer says which one decided):

``counting``
    A query without knowledge operators is counted exactly over the consistent deals. A
    conjunction of card facts (``holds``, ``not holds``, ``in_stock``, ``void`` …) narrows where
    single cards may be and is counted by one run of the programme of
    :mod:`aceten.knowledge.count`; so is its negation. Other combinations are counted by listing
    the location-level classes of deals (cards mentioned in the query are kept apart, the rest
    stay interchangeable). Exact on every deck; milliseconds.

``classes``
    Anything with knowledge operators but without ``common``. What a seat Q knows depends only on
    the cards Q holds (the rest of Q's information is public), and, up to interchangeable cards,
    on how many of each kind it holds. So ``knows(Q, f)`` is decided once per class of Q's hand:
    "does some deal of the public history in which Q holds these cards make ``f`` false?" — one
    counting run when ``f`` speaks only of cards; when ``f`` speaks of knowledge itself, the
    classes of the seats it names are listed in turn (the other places need only be
    completable). The asking seat's own ``knows`` is a constant over its deals. Exact on every
    deck; its cost grows with the number of classes (see ``docs/benchmarks.md``); past
    ``CLASS_LIMIT`` listed classes the explicit model is tried instead.

``kripke``
    ``common`` (unless the fact is settled by the public history, which counting decides), and
    what the classes method gives up on: the explicit Kripke model of the public history —
    every holding a world, each seat's accessibility "holds the same cards" — up to
    ``max_worlds`` worlds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from aceten.cards import Card, Suit
from aceten.errors import AcetenError
from aceten.knowledge.count import Problem, Solver
from aceten.knowledge.facts import (
    And,
    Answer,
    Common,
    Const,
    Formula,
    Holds,
    InStock,
    Knows,
    Not,
    Or,
    Possible,
    Void,
)
from aceten.knowledge.history import STOCK
from aceten.knowledge.query import parse_query

if TYPE_CHECKING:
    from aceten.knowledge.knowledge import Knowledge

PATH_LIMIT = 2_000_000
CLASS_LIMIT = 200_000  # partial paths a nested query may list before it is out of reach


class OutOfReach(AcetenError):
    """Too many classes for the classes method."""
DEFAULT_MAX_WORLDS = 200_000
Takes = list[tuple[int, ...]]


def bind(kn: Knowledge, query: str | Formula) -> Formula:
    """The query as a formula checked against the game."""
    f = parse_query(query, kn.rules) if isinstance(query, str) else query
    if not isinstance(f, Formula):
        raise AcetenError(f"not a query: {query!r}")
    return f.bind(kn.rules, kn.trump, kn.teams)


def ask(kn: Knowledge, query: str | Formula, *, max_worlds: int | None = None) -> Answer:
    answer = _ask(kn, query, max_worlds=max_worlds)
    asked = query.strip() if isinstance(query, str) else str(query)
    return replace(answer, asked=asked) if asked != str(answer.query) else answer


def _ask(kn: Knowledge, query: str | Formula, *, max_worlds: int | None = None) -> Answer:
    f = bind(kn, query)
    o = kn.seat
    solver = kn.solver  # raises on an inconsistent history
    scale = kn.problem.stock_orders
    total = solver.total
    if not f.modal:
        frame = Frame(kn.problem, labels_for(f, kn.rules))
        worlds = frame.count(f)
        return _answer(f, o, worlds * scale, total * scale, "counting")
    if _symbolic(f, o):
        try:
            worlds = Classes(kn, f).count()
            return _answer(f, o, worlds * scale, total * scale, "classes")
        except OutOfReach as err:
            try:
                model = kn.kripke(max_worlds=max_worlds or DEFAULT_MAX_WORLDS)
            except AcetenError as also:
                raise AcetenError(f"{err}; {also}") from None
            worlds, total_w = model.evaluate(f)
            return Answer(f, o, _value(worlds, total_w), worlds, total_w, "kripke", len(model.worlds))
    if isinstance(f, Common) and not f.arg.modal and _valid_in_public(kn, f.arg):
        # true in every deal of the public history: common knowledge everywhere
        return _answer(f, o, total * scale, total * scale, "counting")
    model = kn.kripke(max_worlds=max_worlds or DEFAULT_MAX_WORLDS)
    worlds, total_w = model.evaluate(f)
    return Answer(f, o, _value(worlds, total_w), worlds, total_w, "kripke", len(model.worlds))


def _valid_in_public(kn: Knowledge, f: Formula) -> bool:
    pub = kn.public()
    if pub.problem.error:
        return False
    frame = Frame(pub.problem, labels_for(f, kn.rules))
    return frame.count(f) == frame.solver().total


def _value(worlds: int, total: int) -> bool | None:
    return True if worlds == total else False if worlds == 0 else None


def _answer(f: Formula, seat: int, worlds: int, total: int, method: str) -> Answer:
    return Answer(f, seat, _value(worlds, total), worlds, total, method)


def labels_for(f: Formula, rules: Any) -> dict[Card, Hashable]:
    """Keep the cards a formula mentions apart: a card named on its own, a suit's cards together."""
    cards: set[Card] = set()
    suits: set[Suit] = set()
    for g in f.walk():
        if isinstance(g, (Holds, InStock)):
            cards.add(g.card)  # type: ignore[arg-type]
        elif isinstance(g, Void):
            suits.add(g.suit)  # type: ignore[arg-type]
    labels: dict[Card, Hashable] = {}
    for c in rules.deck:
        if c in cards:
            labels[c] = ("card", int(c))
        elif c.suit in suits:
            labels[c] = ("suit", int(c.suit))
    return labels


def _symbolic(f: Formula, o: int) -> bool:
    """Whether ``f`` can be decided by classes (without an explicit model): no ``common``."""
    return not any(isinstance(g, Common) for g in f.walk())


def _negate(f: Formula) -> Formula:
    return f.arg if isinstance(f, Not) else Not(f)


FALSE = None  # a restriction that no deal meets


class Frame:
    """One counting problem with the types a formula needs, and its card facts as functions."""

    def __init__(self, problem: Problem, labels: Mapping[Card, Hashable], *,
                 first: int | tuple[int, ...] | None = None):
        self.p = problem
        self.tl = problem.timeline
        self.labels = labels
        self.types = problem.types(labels)
        self.index = {card: j for j, t in enumerate(self.types) for card in t.cards}
        self.stock = len(problem.caps) - 1
        self.first = first
        self._solvers: dict[Any, Solver] = {}

    def solver(self, restrict: dict[Card, frozenset[int]] | None = None) -> Solver:
        key = None if not restrict else tuple(sorted((int(c), tuple(sorted(v))) for c, v in restrict.items()))
        s = self._solvers.get(key)
        if s is None:
            types = self.types if not restrict else self.p.restricted(self.types, restrict)
            s = self._solvers[key] = Solver(self.p, types, first=self.first)
        return s

    def loc(self, seat: int) -> int | None:
        return self.p.location_index(seat)

    def known(self, card: Card) -> Any:
        """The card's place if the history says (a seat, STOCK or "played"), else None."""
        return self.tl.location(card)

    # -- card facts as restrictions of where single cards may be ----------------------------------
    def restriction(self, f: Formula) -> dict[Card, frozenset[int]] | bool | None:
        """``f`` as narrowed places of free cards; ``FALSE`` (None) if impossible; ``False`` if
        ``f`` is not a conjunction of single-card facts."""
        out: dict[Card, frozenset[int]] = {}
        every = frozenset(range(len(self.p.caps)))

        def narrow(card: Card, allowed: frozenset[int]) -> bool:
            out[card] = out.get(card, every) & allowed
            return bool(out[card])

        parts = f.args if isinstance(f, And) else (f,)
        for part in parts:
            if isinstance(part, And):
                sub = self.restriction(part)
                if sub is None or sub is False:
                    return sub
                assert isinstance(sub, dict)
                for card, allowed in sub.items():
                    if not narrow(card, allowed):
                        return FALSE
                continue
            if isinstance(part, Const):
                if not part.value:
                    return FALSE
                continue
            negated = isinstance(part, Not)
            atom = part.arg if isinstance(part, Not) else part
            if isinstance(atom, (Holds, InStock)):
                named = atom.card
                where = STOCK if isinstance(atom, InStock) else atom.seat
                known = self.known(named)  # type: ignore[arg-type]
                if known is not None:
                    if (known == where) == negated:
                        return FALSE
                    continue
                loc = self.stock if where == STOCK else self.loc(where)
                here = frozenset() if loc is None else frozenset((loc,))
                if not narrow(named, every - here if negated else here):  # type: ignore[arg-type]
                    return FALSE
            elif isinstance(atom, Void) and not negated:
                loc = self.loc(atom.seat)
                for card in self.tl.cards:
                    if card.suit != atom.suit:
                        continue
                    known = self.known(card)
                    if known is not None:
                        if known == atom.seat:
                            return FALSE
                        continue
                    if loc is not None and not narrow(card, every - {loc}):
                        return FALSE
            else:
                return False
        return out

    def atom(self, f: Formula) -> Callable[[Takes], bool] | bool:
        """A card fact as a function of a location-level path (or a constant)."""
        if isinstance(f, (Holds, InStock)):
            where = STOCK if isinstance(f, InStock) else f.seat
            known = self.known(f.card)  # type: ignore[arg-type]
            if known is not None:
                return known == where
            loc = self.stock if where == STOCK else self.loc(where)
            if loc is None:
                return False
            at: int = loc
            j = self.index[f.card]  # type: ignore[index]
            return lambda takes: bool(takes[at] and takes[at][j])
        if isinstance(f, Void):
            for card in self.tl.cards:
                if card.suit == f.suit and self.known(card) == f.seat:
                    return False
            loc = self.loc(f.seat)
            if loc is None:
                return True
            # the suit is mentioned, so its cards are labelled: no type mixes suits
            js = [j for j, t in enumerate(self.types) if t.cards[0].suit == f.suit]
            return lambda takes: not (takes[loc] and any(takes[loc][j] for j in js))
        if isinstance(f, Const):
            return f.value
        raise AssertionError(f"not a card fact: {f}")

    def compile(self, f: Formula, modal: Callable[[Formula], Callable[[Takes], bool] | bool] | None = None
                ) -> Callable[[Takes], bool] | bool:
        """``f`` as a function of a path; ``modal`` compiles knowledge operators."""
        if isinstance(f, (Knows, Possible, Common)):
            assert modal is not None
            return modal(f)
        if isinstance(f, Not):
            inner = self.compile(f.arg, modal)
            if isinstance(inner, bool):
                return not inner
            return lambda takes: not inner(takes)  # type: ignore[operator]
        if isinstance(f, (And, Or)):
            parts = [self.compile(a, modal) for a in f.args]
            is_and = isinstance(f, And)
            consts = [p for p in parts if isinstance(p, bool)]
            funcs = [p for p in parts if not isinstance(p, bool)]
            if is_and and not all(consts):
                return False
            if not is_and and any(consts):
                return True
            if not funcs:
                return is_and
            if is_and:
                return lambda takes: all(fn(takes) for fn in funcs)  # type: ignore[operator]
            return lambda takes: any(fn(takes) for fn in funcs)  # type: ignore[operator]
        return self.atom(f)

    # -- counting --------------------------------------------------------------------------------
    def count(self, f: Formula) -> int:
        """Weighted number of completions (deals with the stock as a set) where ``f`` holds."""
        r = self.restriction(f)
        if r is None:
            return 0
        if r is not False:
            return self.solver(r).total  # type: ignore[arg-type]
        r = self.restriction(_negate(f))
        if r is None:
            return self.solver().total
        if r is not False:
            return self.solver().total - self.solver(r).total  # type: ignore[arg-type]
        fn = self.compile(f)
        if isinstance(fn, bool):
            return self.solver().total if fn else 0
        return sum(w for takes, w in self.solver().enumerate_paths(PATH_LIMIT) if fn(takes))


class Classes:
    """Decides formulas whose inner knowledge operators concern other seats, class by class."""

    def __init__(self, kn: Knowledge, f: Formula):
        self.kn = kn
        self.f = f
        self.o = kn.seat
        self.labels = labels_for(f, kn.rules)
        pub = kn.public()
        self.pub: Problem = pub.problem
        if self.pub.error:
            raise AcetenError(f"the public history is not consistent: {self.pub.error}")
        own = kn.problem
        # the seat's types are split by the public groups a card may have come from, so that
        # each maps onto one public type; the public types tell the seat's own cards apart
        self.own_labels = {c: (self.labels.get(c), self.pub.free[c]) for c in own.free}
        self.pub_labels = {c: (self.labels.get(c), c not in own.free) for c in self.pub.free}
        self.own = own
        self._pub_frames: dict[int | tuple[int, ...], Frame] = {}
        self._memo: dict[Any, bool] = {}

    def pub_frame(self, q: int) -> Frame:
        frame = self._pub_frames.get(q)
        if frame is None:
            first = self.pub.location_index(q)
            frame = self._pub_frames[q] = Frame(self.pub, self.pub_labels, first=first)
        return frame

    def count(self) -> int:
        """The weighted number of the seat's deals in which the formula holds."""
        f = self.f
        dynamic = [g for g in _dynamic_parts(f, self.o)]
        seats = {g.seat for g in dynamic if isinstance(g, (Knows, Possible))}
        only_modal = not any(isinstance(g, (Holds, InStock, Void)) for g in dynamic)
        first = None
        if only_modal and len(seats) == 1:
            first = self.own.location_index(next(iter(seats)))
        frame = Frame(self.own, self.own_labels, first=first)
        self.frame = frame
        fn = frame.compile(f, self._modal)
        solver = frame.solver()
        if isinstance(fn, bool):
            return solver.total if fn else 0
        if first is not None or not dynamic:
            # the formula depends on what the first location holds only
            total = 0
            nloc = len(self.own.caps)
            for take, w, nxt in solver.edges(0, solver.start):
                b = solver.paths(1, nxt)
                if not b:
                    continue
                takes: Takes = [()] * nloc
                if first is not None:
                    takes[first] = take
                if fn(takes):
                    total += w * b
            return total
        return sum(w for takes, w in solver.enumerate_paths(PATH_LIMIT) if fn(takes))

    def _modal(self, g: Formula) -> Callable[[Takes], bool] | bool:
        assert isinstance(g, (Knows, Possible))
        if g.seat == self.o:
            inner = Frame(self.own, self.own_labels)
            if g.arg.modal:
                sub = Classes(self.kn, g.arg)
                holds_n = sub.count()
            else:
                holds_n = inner.count(g.arg)
            total = inner.solver().total
            return holds_n == total if isinstance(g, Knows) else holds_n > 0
        q = g.seat
        target = g.arg if isinstance(g, Possible) else _negate(g.arg)
        # knows(q, a) = no deal of q's class with (not a); possible(q, a) = some deal with a
        exists = self._exists_fn(q, target)
        if isinstance(exists, bool):
            return exists if isinstance(g, Possible) else not exists
        if isinstance(g, Possible):
            return exists
        return lambda takes: not exists(takes)  # type: ignore[operator]

    def _exists_fn(self, q: int, target: Formula) -> Callable[[Takes], bool] | bool:
        """Whether some public deal in which q holds the cards of a path's class makes ``target``
        true, as a function of the seat's path."""
        own_loc = self.own.location_index(q)
        pf = self.pub_frame(q)
        pub_loc = pf.first
        assert not isinstance(pub_loc, tuple)  # pub_frame() gives one location, not a prefix
        # map each of the seat's types to the public type holding its cards
        pub_index = pf.index
        mapping = [pub_index[t.cards[0]] for t in self.frame.types]
        ntypes = len(pf.types)

        def vector(takes: Takes) -> tuple[int, ...]:
            v = [0] * ntypes
            take = takes[own_loc] if own_loc is not None else ()
            if take:
                for j, n in enumerate(take):
                    if n:
                        v[mapping[j]] += n
            return tuple(v)

        def decide(v: tuple[int, ...]) -> bool:
            key = (q, str(target), v)
            value = self._memo.get(key)
            if value is None:
                value = self._memo[key] = self._exists(pf, pub_loc, v, target)
            return value

        if own_loc is None:
            return decide(tuple([0] * ntypes))
        return lambda takes: decide(vector(takes))

    def _exists(self, pf: Frame, pub_loc: int | None, v: tuple[int, ...], target: Formula) -> bool:
        if target.modal:
            return self._exists_nested(pub_loc, v, target)
        base = pf.solver()
        state = tuple(c - n for c, n in zip(base.start, v))
        if pub_loc is None:  # q holds no hidden card in any public deal
            return pf.count(target) > 0
        r = pf.restriction(target)
        if r is None:
            return False
        if r is not False:
            s = pf.solver(r)  # type: ignore[arg-type]
            if any(n and pub_loc not in s.types[j].locs for j, n in enumerate(v)):
                return False
            return s.paths(1, state) > 0
        fn = pf.compile(target)
        if isinstance(fn, bool):
            return fn and base.paths(1, state) > 0
        nloc = len(self.pub.caps)
        takes: Takes = [()] * nloc
        takes[pub_loc] = v
        count = 0

        def rec(pos: int, st: tuple[int, ...]) -> bool:
            nonlocal count
            if pos == nloc:
                count += 1
                if count > PATH_LIMIT:
                    raise AcetenError(f"out of reach: more than {PATH_LIMIT} classes of deals")
                return fn(takes)  # type: ignore[operator]
            for take, _, nxt in base.edges(pos, st):
                if base.paths(pos + 1, nxt):
                    takes[base.order[pos]] = take
                    if rec(pos + 1, nxt):
                        return True
            return False

        return rec(1, state)


    # -- knowledge inside knowledge: evaluated on the public model ---------------------------------
    def _deps(self, f: Formula) -> set[int] | None:
        """The public locations whose holdings decide ``f`` (None: it may depend on all)."""
        if isinstance(f, (Knows, Possible)):
            loc = self.pub.location_index(f.seat)
            return set() if loc is None else {loc}
        if isinstance(f, (Holds, InStock, Void)):
            return None
        out: set[int] = set()
        for c in f.children():
            d = self._deps(c)
            if d is None:
                return None
            out |= d
        return out

    def _exists_nested(self, pub_loc: int | None, v: tuple[int, ...], target: Formula) -> bool:
        """Some public deal in which q holds ``v`` makes ``target`` (which speaks of knowledge)
        true: the locations ``target`` depends on are listed class by class, the rest need only
        be completable."""
        deps = self._deps(target)
        nloc = len(self.pub.caps)
        rest = list(range(nloc)) if deps is None else sorted(deps)
        prefix = ([pub_loc] if pub_loc is not None else []) + [i for i in rest if i != pub_loc]
        frame = self._pub_frames.get(tuple(prefix))
        if frame is None:
            frame = Frame(self.pub, self.pub_labels, first=tuple(prefix))
            self._pub_frames[tuple(prefix)] = frame
        fn = frame.compile(target, self._pub_modal)
        base = frame.solver()
        takes: Takes = [()] * nloc
        start = 0
        state = base.start
        if pub_loc is not None:
            takes[pub_loc] = v
            state = tuple(c - n for c, n in zip(state, v))
            start = 1
        count = 0

        def rec(pos: int, st: tuple[int, ...]) -> bool:
            nonlocal count
            if pos == len(prefix):
                count += 1
                if count > CLASS_LIMIT:
                    raise OutOfReach(f"out of reach for classes: more than {CLASS_LIMIT:,} classes of "
                                     "hands to go through")
                return base.paths(pos, st) > 0 and (fn if isinstance(fn, bool) else fn(takes))
            for take, _, nxt in base.edges(pos, st):
                if base.paths(pos + 1, nxt):
                    takes[base.order[pos]] = take
                    if rec(pos + 1, nxt):
                        return True
            return False

        return rec(start, state)

    def _pub_modal(self, g: Formula) -> Callable[[Takes], bool] | bool:
        """A knowledge operator inside another seat's knowledge, on public-model paths."""
        if isinstance(g, Common):
            raise OutOfReach("common knowledge inside knowledge needs the explicit model")
        assert isinstance(g, (Knows, Possible))
        q = g.seat
        loc = self.pub.location_index(q)
        target = g.arg if isinstance(g, Possible) else _negate(g.arg)
        pf = self.pub_frame(q)
        zero = tuple([0] * len(pf.types))
        want = isinstance(g, Possible)

        def value(takes: Takes) -> bool:
            v = (takes[loc] or zero) if loc is not None else zero
            key = (q, str(target), v)
            found = self._memo.get(key)
            if found is None:
                found = self._memo[key] = self._exists(pf, loc, v, target)
            return found == want

        return value


def _dynamic_parts(f: Formula, o: int) -> list[Formula]:
    """The parts of ``f`` whose truth varies between the seat's deals."""
    if isinstance(f, (Knows, Possible)):
        return [] if f.seat == o else [f]
    if isinstance(f, (Holds, InStock, Void)):
        return [f]
    out: list[Formula] = []
    for c in f.children():
        out.extend(_dynamic_parts(c, o))
    return out

