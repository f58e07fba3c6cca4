"""First-order questions over finite domains, grounded to the propositional goal language.

The goal checker (:mod:`aceten.logic.goal`) turns ``forall c in hand(P2): ...`` and terms like
``led(t)``, ``card(P, t)`` or ``strongest(P, t)`` into the nodes below; :func:`ground` then
expands every quantifier over its finite domain and every term into its possible values, each
with the condition (a ground formula) under which the term takes it. The result uses only the
atoms the CP-SAT model and the replayed-game check already understand, so ``ask``, ``--explain``
and the witness check work on first-order goals unchanged.

    forall c in D: body   =  AND over the domain's values v of (v in D  implies  body[c := v])
    exists c in D: body   =  OR  over the domain's values v of (v in D  and      body[c := v])
    f(x) op g(y)          =  OR  over value pairs (a, b) with a op b of (f(x) = a and g(y) = b)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from aceten.cards import Card, Rank, Suit
from aceten.errors import AcetenError
from aceten.logic import goal as g
from aceten.rules.base import Rules

TRUE = g.Const(True, "true")
FALSE = g.Const(False, "false")

# Sorts of terms and the domains that range over them.
SORTS = ("card", "suit", "rank", "player", "trick", "number")
DOMAINS = {"cards": "card", "hand": "card", "trick": "card", "tricks": "trick",
           "players": "player", "suits": "suit"}
FUNCTIONS = {"led": "suit", "suit": "suit", "rank": "rank", "points": "number", "card": "card",
             "strongest": "card", "weakest": "card", "trump": "suit"}
PREDICATES = ("beats", "higher", "policy")
POLICIES = ("extremes", "strongest", "weakest")


# -- nodes -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Var:
    """A bound variable of a quantifier."""

    name: str
    sort: str
    text: str = ""


@dataclass(frozen=True)
class Value:
    """A constant: a card, suit, rank, player (a :class:`~aceten.logic.goal.Side`), trick
    (0-based) or number."""

    value: Any
    sort: str
    text: str = ""


@dataclass(frozen=True)
class Fn:
    """A function of terms: ``led(t)``, ``suit(c)``, ``card(P, t)``, ``strongest(P, t)``, ..."""

    name: str
    args: tuple[Any, ...]
    sort: str
    text: str = ""


@dataclass(frozen=True)
class Domain:
    """What a quantifier ranges over: ``cards``, ``hand(P)``, ``hand(P, trick=t)``,
    ``trick(t)`` (the cards played in it), ``tricks``, ``players``, ``suits``."""

    name: str
    args: tuple[Any, ...]
    sort: str
    text: str = ""


@dataclass(frozen=True)
class Quant:
    """``forall``/``exists`` VAR ``in`` DOMAIN ``:`` BODY."""

    kind: str
    var: Var
    domain: Domain
    body: Any
    text: str = ""


@dataclass(frozen=True)
class Pred:
    """A condition on terms: ``beats``, ``higher``, ``policy``, or a game atom (``wins``,
    ``plays``, ``holds``, ``draws``, ``leads``) with variables or functions among its
    arguments. ``trick`` and ``led`` are its keyword arguments."""

    name: str
    args: tuple[Any, ...]
    trick: Any = None
    led: Any = None
    text: str = ""


@dataclass(frozen=True)
class Relation:
    """A comparison of terms (``led(t) == trump``, ``rank(c) == A``, ``points(c) >= 10``);
    a side may be a :class:`~aceten.logic.goal.Linear` of the game's numbers."""

    left: Any
    op: str
    right: Any
    text: str = ""


FIRST_ORDER = (Quant, Pred, Relation)


def is_first_order(f: Any) -> bool:
    """Whether a checked formula still has quantifiers or terms to ground."""
    if isinstance(f, FIRST_ORDER):
        return True
    if isinstance(f, g.Op):
        return any(is_first_order(a) for a in f.args)
    return False


# -- formula builders that fold constants ----------------------------------------------------------
def conj(*parts: g.Formula, text: str = "") -> g.Formula:
    flat: list[g.Formula] = []
    for p in parts:
        if isinstance(p, g.Const):
            if not p.value:
                return FALSE
            continue
        flat.extend(p.args if isinstance(p, g.Op) and p.op == "and" else (p,))
    if not flat:
        return TRUE
    if len(flat) == 1:
        return flat[0]
    return g.Op("and", tuple(flat), text or " and ".join(_paren(p) for p in flat))


def disj(*parts: g.Formula, text: str = "") -> g.Formula:
    flat: list[g.Formula] = []
    for p in parts:
        if isinstance(p, g.Const):
            if p.value:
                return TRUE
            continue
        flat.extend(p.args if isinstance(p, g.Op) and p.op == "or" else (p,))
    if not flat:
        return FALSE
    if len(flat) == 1:
        return flat[0]
    return g.Op("or", tuple(flat), text or " or ".join(_paren(p) for p in flat))


def neg(f: g.Formula) -> g.Formula:
    if isinstance(f, g.Const):
        return FALSE if f.value else TRUE
    if isinstance(f, g.Op) and f.op == "not":
        return f.args[0]
    return g.Op("not", (f,), f"not {_paren(f)}")


def _paren(f: g.Formula) -> str:
    return f"({f.text})" if isinstance(f, g.Op) and f.op != "not" else f.text


# -- the game's static order and points ----------------------------------------------------------------
def suits_of(rules: Rules) -> list[Suit]:
    return [Suit(rules.family, i) for i in range(4)]


def known_trump(rules: Rules) -> Suit | None:
    """The trump when the rules fix it (``trump=S`` given); otherwise it is a condition."""
    return rules.options["trump"] if rules.trump_mode == "given" else None


def strength(rules: Rules, card: Card, trump: Suit | None) -> tuple[int, int]:
    """How strong a card is under a trump: trumps above all others, then the rank order of
    the card's own suit (the trump order for trumps, the plain order otherwise)."""
    bit = int(card) & 63
    if card.suit == trump:
        return (1, rules.trump_strength[bit])
    return (0, rules.plain_strength[bit])


def beats(rules: Rules, x: Card, y: Card, trump: Suit | None, led: Suit | None) -> bool:
    """x beats y in a trick with this trump and suit led: a higher card of the same suit, a
    trump over a non-trump, or a card of the suit led over a card of neither."""
    if x == y:
        return False
    if x.suit == y.suit:
        return strength(rules, x, trump) > strength(rules, y, trump)
    if x.suit == trump:
        return True
    return led is not None and x.suit == led and y.suit != trump


def higher(rules: Rules, x: Card, y: Card, trump: Suit | None) -> bool:
    """x's rank is above y's in the rank order of each card's suit (trumps' order for trumps)."""
    return strength(rules, x, trump)[1] > strength(rules, y, trump)[1]


def card_points(rules: Rules, card: Card, trump: Suit | None) -> int:
    bit = int(card) & 63
    return rules.trump_pts[bit] if card.suit == trump else rules.plain_pts[bit]


def total_order(rules: Rules, trump: Suit | None) -> list[Card]:
    """The deck from weakest to strongest; equal ranks of two plain suits in suit order."""
    return sorted(rules.deck, key=lambda c: (*strength(rules, c, trump), c.suit.index))


# -- grounding ------------------------------------------------------------------------------------------
Env = dict[str, Any]
Options = list[tuple[g.Formula, Any]]  # (condition, value) pairs


class Grounder:
    """Expands first-order nodes into ground formulas for one game's rules."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.suits = suits_of(rules)
        self.trump = known_trump(rules)
        self.n = rules.players
        self.players = [g.Side((p,), f"P{p + 1}") for p in range(self.n)]
        self._orders: dict[Suit | None, list[Card]] = {}

    # -- formulas
    def formula(self, f: Any, env: Env) -> g.Formula:
        if isinstance(f, (g.Const, g.Atom, g.Compare)):
            return f
        if isinstance(f, g.Op):
            parts = [self.formula(a, env) for a in f.args]
            if f.op == "not":
                return neg(parts[0])
            if f.op == "and":
                return conj(*parts)
            if f.op == "or":
                return disj(*parts)
            if f.op == "implies":
                return disj(neg(parts[0]), parts[1])
            a, b = parts
            return disj(conj(a, b), conj(neg(a), neg(b)))
        if isinstance(f, Quant):
            return self.quant(f, env)
        if isinstance(f, Pred):
            return self.pred(f, env)
        if isinstance(f, Relation):
            return self.relation(f, env)
        raise AcetenError(f"cannot ground {f!r}")  # pragma: no cover - the checker builds these

    def quant(self, q: Quant, env: Env) -> g.Formula:
        parts = []
        for cond, value in self.domain(q.domain, env):
            body = self.formula(q.body, {**env, q.var.name: value})
            if q.kind == "forall":
                part = disj(neg(cond), body)
                if part == FALSE:
                    return FALSE
            else:
                part = conj(cond, body)
                if part == TRUE:
                    return TRUE
            parts.append(part)
        return conj(*parts) if q.kind == "forall" else disj(*parts)

    def domain(self, d: Domain, env: Env) -> Options:
        rules = self.rules
        if d.name == "cards":
            return [(TRUE, c) for c in rules.deck]
        if d.name == "tricks":
            return [(TRUE, t) for t in range(rules.tricks_per_deal)]
        if d.name == "players":
            return [(TRUE, side) for side in self.players]
        if d.name == "suits":
            return [(TRUE, s) for s in self.suits]
        out: Options = []
        if d.name == "hand":
            for cs, side in self.term(d.args[0], env):
                for ct, trick in (self.term(d.args[1], env) if len(d.args) > 1 else [(TRUE, 0)]):
                    for c in rules.deck:
                        held = g.Atom("holds", side=side, card=c, trick=trick,
                                      text=f"holds({side.label}, {c}, trick={trick + 1})")
                        out.append((conj(cs, ct, held), c))
            return _merge(out)
        if d.name == "trick":
            for ct, trick in self.term(d.args[0], env):
                for c in rules.deck:
                    out.append((conj(ct, in_trick(c, trick)), c))
            return _merge(out)
        raise AcetenError(f"unknown domain {d.name}")  # pragma: no cover - the checker checks

    # -- terms: each a list of (condition, value)
    def term(self, t: Any, env: Env) -> Options:
        if isinstance(t, Value):
            return [(TRUE, t.value)]
        if isinstance(t, Var):
            return [(TRUE, env[t.name])]
        if isinstance(t, g.Linear):
            return [(TRUE, t)]
        return self.function(t, env)

    def function(self, f: Fn, env: Env) -> Options:
        rules = self.rules
        name = f.name
        if name == "trump":
            if self.trump is not None:
                return [(TRUE, self.trump)]
            return [(trump_is(s), s) for s in self.suits]
        args = [self.term(a, env) for a in f.args]
        if name == "led":
            return [(conj(c, led_is(t, s)), s) for c, t in args[0] for s in self.suits]
        if name == "suit":
            return _merge([(c, card.suit) for c, card in args[0]])
        if name == "rank":
            return _merge([(c, card.rank) for c, card in args[0]])
        if name == "points":
            out = []
            for c, card in args[0]:
                for cond, trump in self.trumps_for(card):
                    out.append((conj(c, cond), card_points(rules, card, trump)))
            return _merge(out)
        if name == "card":
            return _merge([(conj(cp, ct, g.Atom("plays", side=side, card=card, trick=trick,
                                                text=f"plays({side.label}, {card}, trick={trick + 1})")),
                            card)
                           for cp, side in args[0] for ct, trick in args[1] for card in rules.deck])
        if name in ("strongest", "weakest"):
            out = []
            for cp, side in args[0]:
                for ct, trick in args[1]:
                    for cond, trump in self.trumps_for(None):
                        order = self.order(trump)
                        if name == "strongest":
                            order = order[::-1]
                        for i, card in enumerate(order):
                            before = [neg(holds(side, d, trick)) for d in order[:i]]
                            out.append((conj(cp, ct, cond, holds(side, card, trick), *before), card))
            return _merge(out)
        raise AcetenError(f"unknown function {name}")  # pragma: no cover - the checker checks

    def trumps_for(self, card: Card | None) -> Options:
        """The trump as a condition: for ``card``'s points only whether its suit is trump
        (nothing when its points do not change); for ``None`` every suit."""
        if self.trump is not None:
            return [(TRUE, self.trump)]
        if card is None:
            return [(trump_is(s), s) for s in self.suits]
        if card_points(self.rules, card, card.suit) == card_points(self.rules, card, None):
            return [(TRUE, None)]
        return [(trump_is(card.suit), card.suit), (neg(trump_is(card.suit)), None)]

    def order(self, trump: Suit | None) -> list[Card]:
        if trump not in self._orders:
            self._orders[trump] = total_order(self.rules, trump)
        return self._orders[trump]

    # -- conditions
    def pred(self, p: Pred, env: Env) -> g.Formula:
        rules = self.rules
        args = [self.term(a, env) for a in p.args]
        tricks: Options = self.term(p.trick, env) if p.trick is not None else [(TRUE, None)]
        if p.name == "policy":
            return self.policy(p, env)
        if p.name in ("beats", "higher"):
            leds: Options
            if p.led is not None:
                leds = self.term(p.led, env)
            elif p.trick is not None:
                leds = [(conj(ct, led_is(t, s)), s) for ct, t in tricks for s in self.suits]
            else:
                leds = [(TRUE, None)]
            out = []
            for cx, x in args[0]:
                for cy, y in args[1]:
                    for ctr, trump in self.trumps_for(None):
                        for cl, led in leds:
                            if p.name == "beats":
                                ok = beats(rules, x, y, trump, led)
                            else:
                                ok = higher(rules, x, y, trump)
                            if ok:
                                out.append(conj(cx, cy, ctr, cl))
                        if p.name == "higher":
                            break
            return disj(*out)
        out = []
        for combo in _product([*args, tricks]):
            conds = [c for c, _ in combo]
            values = [v for _, v in combo]
            out.append(conj(*conds, self.atom(p.name, values[:-1], values[-1])))
        return disj(*out)

    def atom(self, name: str, values: list[Any], trick: int | None) -> g.Formula:
        subject = values[0]
        tail = f", trick={trick + 1}" if trick is not None else ""
        if name == "wins" and isinstance(subject, Card):
            return takes(subject, trick)
        if isinstance(subject, Card):
            raise AcetenError(f"{name} needs a player first, not the card {subject}")
        card = values[1] if len(values) > 1 else None
        middle = f", {card}" if card is not None else ""
        if name == "holds" and trick is None:
            trick = 0
        return g.Atom(name, side=subject, card=card, trick=trick,
                      text=f"{name}({subject.label}{middle}{tail})")

    def policy(self, p: Pred, env: Env) -> g.Formula:
        """``policy(P) == extremes``: in every trick P plays its strongest or weakest card."""
        kind = p.args[1].value
        parts = []
        for t in range(self.rules.tricks_per_deal):
            ends = ("strongest", "weakest") if kind == "extremes" else (kind,)
            options = []
            for end in ends:
                options.append(self.relation(Relation(Fn("card", (p.args[0], Value(t, "trick")), "card"),
                                                      "==", Fn(end, (p.args[0], Value(t, "trick")), "card")),
                                             env))
            parts.append(disj(*options))
        return conj(*parts)

    def relation(self, r: Relation, env: Env) -> g.Formula:
        left, right = self.term(r.left, env), self.term(r.right, env)
        out = []
        for cl, a in left:
            for cr, b in right:
                if isinstance(a, g.Linear) or isinstance(b, g.Linear):
                    la = a if isinstance(a, g.Linear) else g.Linear((), int(a), str(a))
                    lb = b if isinstance(b, g.Linear) else g.Linear((), int(b), str(b))
                    out.append(conj(cl, cr, g.Compare(la, r.op, lb, f"{la.text} {r.op} {lb.text}")))
                elif _compare(_key(a), r.op, _key(b)):
                    out.append(conj(cl, cr))
        return disj(*out)


def _key(value: Any) -> Any:
    if isinstance(value, Rank):
        return int(value)
    if isinstance(value, g.Side):
        return value.seats
    return value


def _compare(a: Any, op: str, b: Any) -> bool:
    if op == "==":
        return a == b
    if op == "!=":
        return a != b
    if not (isinstance(a, int) and isinstance(b, int)):
        raise AcetenError(f"{op} compares numbers; use == or != for cards, suits and players")
    return {">=": a >= b, "<=": a <= b, ">": a > b, "<": a < b}[op]


def _merge(options: Options) -> Options:
    """Join the conditions of equal values (``suit(c)`` over a hand has at most four)."""
    by: dict[Any, list[g.Formula]] = {}
    for cond, value in options:
        if cond != FALSE:
            by.setdefault(value, []).append(cond)
    return [(disj(*conds), value) for value, conds in by.items()]


def _product(lists: list[Options]) -> Iterable[tuple[tuple[g.Formula, Any], ...]]:
    import itertools

    return itertools.product(*lists)


# -- the atoms grounding adds to the goal language -------------------------------------------------------
def led_is(trick: int, suit: Suit) -> g.Atom:
    return g.Atom("led", trick=trick, suit=suit, text=f"led({trick + 1}) == {suit.letter}")


def trump_is(suit: Suit) -> g.Atom:
    return g.Atom("trump", suit=suit, text=f"trump == {suit.letter}")


def in_trick(card: Card, trick: int) -> g.Atom:
    return g.Atom("in", card=card, trick=trick, text=f"{card} in trick({trick + 1})")


def takes(card: Card, trick: int | None) -> g.Atom:
    if trick is None:
        raise AcetenError(f"wins({card}) needs a trick, like wins({card}, trick=1)")
    return g.Atom("takes", card=card, trick=trick, text=f"wins({card}, trick={trick + 1})")


def holds(side: g.Side, card: Card, trick: int) -> g.Atom:
    return g.Atom("holds", side=side, card=card, trick=trick,
                  text=f"holds({side.label}, {card}, trick={trick + 1})")


def ground(formula: Any, rules: Rules) -> g.Formula:
    """The ground (propositional) formula equivalent to a checked first-order one."""
    return Grounder(rules).formula(formula, {})

