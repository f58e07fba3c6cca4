"""Facts about the hidden cards and what players know of them, as small formula objects.

Atoms speak of the position *now*: ``holds(P4, AS)`` (P4 has the ace of swords in hand),
``void(P2, clubs)`` (P2 holds no club), ``has_trump(P3)``, ``in_stock(AS)``. They combine with
``and``, ``or``, ``not``, ``->``, and with the knowledge operators ``knows(P1, f)``,
``possible(P1, f)`` (P1 considers ``f`` possible) and ``common(P1+P3, f)`` (common knowledge of
a group; ``all`` for every seat). The same formulas are written as text (see
:mod:`aceten.knowledge.query`) or built in Python, with seats from 0 as everywhere in the API::

    >>> from aceten.knowledge.facts import holds, knows, void
    >>> f = knows(0, knows(2, holds(2, "AS"))) & ~void(1, "clubs")
    >>> str(f)
    'knows(P1, knows(P3, holds(P3, AS))) and not void(P2, clubs)'

A world is a holding (who holds which card now) consistent with the public history; a seat's
accessibility relation links the worlds in which it holds the same cards (it remembers its own
dealt cards and draws; the rest of its information is public).

In a game whose teams form at a call (a hidden partner), the teams are part of the worlds:
``partner(P4)`` (P4 was dealt the called card: it is the caller's partner; the caller itself
when playing alone), ``partner(P1) == P4`` (P1 and P4 play on the same side), ``alone`` and
``knows_partner(P2)`` (P2 knows who the partner is) unfold, once bound to the position, into
facts about the called card: its holder is the partner until it is played, and then everyone
knows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from aceten.cards import Card, Suit
from aceten.errors import AcetenError
from aceten.rules.base import Rules


def _seat(value: int | str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    if text[:1] in ("P", "p") and text[1:].isdigit():
        return int(text[1:]) - 1
    raise AcetenError(f"not a seat: {value!r} (seats are P1, P2, ... or 0-based numbers)")


class Formula:
    """Base of every fact and query; combine with ``&``, ``|``, ``~``."""

    def __and__(self, other: Formula) -> Formula:
        return And((self, other))

    def __or__(self, other: Formula) -> Formula:
        return Or((self, other))

    def __invert__(self) -> Formula:
        return Not(self)

    def children(self) -> tuple[Formula, ...]:
        return ()

    def walk(self) -> Iterator[Formula]:
        yield self
        for child in self.children():
            yield from child.walk()

    @property
    def modal(self) -> bool:
        """Whether the formula speaks of knowledge (not only of cards)."""
        return any(isinstance(f, (Knows, Possible, Common)) for f in self.walk())

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        """The formula with cards, suits and seats checked against a game (``teams``: what
        the public history says of a hidden team; None in a game whose teams are declared)."""
        return self

    def _prec(self) -> int:
        return 9

    def _wrap(self, child: Formula) -> str:
        text = str(child)
        return f"({text})" if child._prec() < self._prec() else text


def _check_seat(seat: int, rules: Rules) -> None:
    if not 0 <= seat < rules.players:
        raise AcetenError(f"no seat P{seat + 1} in a {rules.players}-player game")


@dataclass(frozen=True)
class Teams:
    """What the public history says of a hidden team: the auction's winner and the card it
    called (None before the call), and the seat that played that card (None until then)."""

    caller: int | None
    card: Card | None
    holder: int | None = None

    def called(self, what: str) -> tuple[int, Card]:
        if self.caller is None or self.card is None:
            raise AcetenError(f"{what}: no card has been called yet (the teams form at the call)")
        return self.caller, self.card

    def partner(self, seat: int, what: str) -> Formula:
        """``seat`` holds (or held) the called card, as a fact of the worlds."""
        _, card = self.called(what)
        if self.holder is not None:  # the card is played: the teams are public
            return Const(seat == self.holder)
        return Holds(seat, card)


def _teams(rules: Rules, teams: Teams | None, what: str) -> Teams:
    if teams is None:
        raise AcetenError(f"{what}: {rules.title} has no hidden partner (its teams are declared "
                          "at the deal)")
    return teams


@dataclass(frozen=True)
class Const(Formula):
    value: bool

    def __str__(self) -> str:
        return "true" if self.value else "false"


@dataclass(frozen=True)
class Holds(Formula):
    """``seat`` holds ``card`` in hand now."""

    seat: int
    card: Card | str

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.seat, rules)
        return Holds(self.seat, rules.parse_card(self.card))

    def __str__(self) -> str:
        return f"holds(P{self.seat + 1}, {self.card})"


@dataclass(frozen=True)
class InStock(Formula):
    """``card`` is still in the stock (face down, or face up under it)."""

    card: Card | str

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        return InStock(rules.parse_card(self.card))

    def __str__(self) -> str:
        return f"in_stock({self.card})"


@dataclass(frozen=True)
class Void(Formula):
    """``seat`` holds no card of ``suit`` now."""

    seat: int
    suit: Suit | str

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.seat, rules)
        suit = self.suit if isinstance(self.suit, Suit) else rules.parse_suit(str(self.suit))
        if suit is None or suit.family != rules.family:
            raise AcetenError(f"{self.suit} is not a suit of the {rules.name} deck")
        return Void(self.seat, suit)

    def __str__(self) -> str:
        name = self.suit.name if isinstance(self.suit, Suit) else self.suit
        return f"void(P{self.seat + 1}, {name})"


@dataclass(frozen=True)
class HasTrump(Formula):
    """``seat`` holds at least one trump now (the trump must be known)."""

    seat: int

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.seat, rules)
        if trump is None:
            raise AcetenError("has_trump: the trump suit is not known yet")
        return Not(Void(self.seat, trump))

    def __str__(self) -> str:
        return f"has_trump(P{self.seat + 1})"


@dataclass(frozen=True)
class Partner(Formula):
    """``seat`` is the caller's partner: it was dealt the called card (the caller: alone)."""

    seat: int

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.seat, rules)
        return _teams(rules, teams, str(self)).partner(self.seat, str(self))

    def __str__(self) -> str:
        return f"partner(P{self.seat + 1})"


@dataclass(frozen=True)
class SameSide(Formula):
    """``partner(Pa) == Pb``: seats ``a`` and ``b`` play on the same side of a hidden team."""

    a: int
    b: int

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.a, rules)
        _check_seat(self.b, rules)
        if self.a == self.b:
            raise AcetenError(f"{self}: name two different seats (alone: the caller plays alone)")
        t = _teams(rules, teams, str(self))
        caller, _ = t.called(str(self))
        if self.a == caller or self.b == caller:
            other = self.b if self.a == caller else self.a
            return t.partner(other, str(self))
        # two seats other than the caller: both defenders (neither holds the called card)
        return And((Not(t.partner(self.a, str(self))), Not(t.partner(self.b, str(self)))))

    def __str__(self) -> str:
        return f"partner(P{self.a + 1}) == P{self.b + 1}"


@dataclass(frozen=True)
class Alone(Formula):
    """The caller called its own card: it plays alone against everyone."""

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        t = _teams(rules, teams, "alone")
        caller, _ = t.called("alone")
        return t.partner(caller, "alone")

    def __str__(self) -> str:
        return "alone"


@dataclass(frozen=True)
class KnowsPartner(Formula):
    """``seat`` knows who the caller's partner is: for some seat, it knows that one is."""

    seat: int

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.seat, rules)
        _teams(rules, teams, str(self)).called(str(self))
        return Or(tuple(Knows(self.seat, Partner(s)).bind(rules, trump, teams)
                        for s in range(rules.players)))

    def __str__(self) -> str:
        return f"knows_partner(P{self.seat + 1})"


@dataclass(frozen=True)
class Not(Formula):
    arg: Formula

    def children(self) -> tuple[Formula, ...]:
        return (self.arg,)

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        return Not(self.arg.bind(rules, trump, teams))

    def _prec(self) -> int:
        return 5

    def __str__(self) -> str:
        return f"not {self._wrap(self.arg)}"


@dataclass(frozen=True)
class And(Formula):
    args: tuple[Formula, ...]

    def children(self) -> tuple[Formula, ...]:
        return self.args

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        return And(tuple(a.bind(rules, trump, teams) for a in self.args))

    def _prec(self) -> int:
        return 3

    def __str__(self) -> str:
        return " and ".join(self._wrap(a) for a in self.args)


@dataclass(frozen=True)
class Or(Formula):
    args: tuple[Formula, ...]

    def children(self) -> tuple[Formula, ...]:
        return self.args

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        return Or(tuple(a.bind(rules, trump, teams) for a in self.args))

    def _prec(self) -> int:
        return 2

    def __str__(self) -> str:
        return " or ".join(self._wrap(a) for a in self.args)


@dataclass(frozen=True)
class Implies(Formula):
    left: Formula
    right: Formula

    def children(self) -> tuple[Formula, ...]:
        return (self.left, self.right)

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        return Or((Not(self.left.bind(rules, trump, teams)), self.right.bind(rules, trump, teams)))

    def _prec(self) -> int:
        return 1

    def __str__(self) -> str:
        left = f"({self.left})" if self.left._prec() <= 1 else str(self.left)
        return f"{left} -> {self._wrap(self.right)}"


@dataclass(frozen=True)
class _Modal(Formula):
    """One seat's modality over ``arg``: the shared shape of :class:`Knows` and :class:`Possible`."""

    seat: int
    arg: Formula
    keyword: ClassVar[str] = ""

    def children(self) -> tuple[Formula, ...]:
        return (self.arg,)

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        _check_seat(self.seat, rules)
        return type(self)(self.seat, self.arg.bind(rules, trump, teams))

    def __str__(self) -> str:
        return f"{self.keyword}(P{self.seat + 1}, {self.arg})"


@dataclass(frozen=True)
class Knows(_Modal):
    """``seat`` knows ``arg``: it holds in every world ``seat`` cannot tell from this one."""

    keyword: ClassVar[str] = "knows"


@dataclass(frozen=True)
class Possible(_Modal):
    """``seat`` considers ``arg`` possible (``not knows(seat, not arg)``)."""

    keyword: ClassVar[str] = "possible"


@dataclass(frozen=True)
class Common(Formula):
    """Common knowledge of ``arg`` among ``seats``: everyone knows it, everyone knows that, ..."""

    seats: tuple[int, ...]
    arg: Formula

    def children(self) -> tuple[Formula, ...]:
        return (self.arg,)

    def bind(self, rules: Rules, trump: Suit | None, teams: Teams | None = None) -> Formula:
        seats = tuple(range(rules.players)) if not self.seats else self.seats
        for s in seats:
            _check_seat(s, rules)
        return Common(tuple(sorted(set(seats))), self.arg.bind(rules, trump, teams))

    def __str__(self) -> str:
        group = "all" if not self.seats else "+".join(f"P{s + 1}" for s in self.seats)
        return f"common({group}, {self.arg})"


# -- constructors (seats from 0, or "P1") ----------------------------------------------------------
def holds(seat: int | str, card: Card | str) -> Formula:
    return Holds(_seat(seat), card)


def void(seat: int | str, suit: Suit | str) -> Formula:
    return Void(_seat(seat), suit)


def has_trump(seat: int | str) -> Formula:
    return HasTrump(_seat(seat))


def in_stock(card: Card | str) -> Formula:
    return InStock(card)


def knows(seat: int | str, fact: Formula) -> Formula:
    return Knows(_seat(seat), fact)


def possible(seat: int | str, fact: Formula) -> Formula:
    return Possible(_seat(seat), fact)


def partner(seat: int | str, other: int | str | None = None) -> Formula:
    """``partner(P4)``: P4 is the caller's partner; ``partner(P1, P4)``: ``partner(P1) == P4``,
    the two play on the same side (a game whose teams form at a call)."""
    if other is None:
        return Partner(_seat(seat))
    return SameSide(_seat(seat), _seat(other))


def alone() -> Formula:
    return Alone()


def knows_partner(seat: int | str) -> Formula:
    return KnowsPartner(_seat(seat))


def common(seats: Iterable[int | str] | str, fact: Formula) -> Formula:
    """Common knowledge among ``seats`` (``"all"`` for every seat)."""
    if isinstance(seats, str) and seats.strip().lower() == "all":
        return Common((), fact)
    if isinstance(seats, str):
        seats = [s for s in seats.replace("+", " ").replace(",", " ").split()]
    return Common(tuple(_seat(s) for s in seats), fact)


def big(n: int) -> str:
    """A count for people: digits grouped, or powers of ten past a trillion."""
    return f"{n:,}" if n < 10**12 else f"{n:.3e}".replace("e+", "e")


@dataclass(frozen=True)
class Answer:
    """A query evaluated in every deal a seat considers possible.

    ``value`` is True when the query holds in all of them (the seat knows it), False when in
    none (the seat knows it is false) and None when it depends on the hidden cards; ``worlds``
    of the ``total`` consistent deals satisfy it. ``method`` says how it was decided:
    ``"counting"`` (exact counting of deals), ``"classes"`` (another seat's knowledge decided for
    every hand that seat may hold, up to interchangeable cards) or ``"kripke"`` (an explicit
    Kripke model of ``model_worlds`` holdings).
    """

    query: Formula
    seat: int
    value: bool | None
    worlds: int
    total: int
    method: str
    model_worlds: int | None = None
    asked: str | None = None  # the query as it was asked (before has_trump, -> ... are unfolded)

    @property
    def probability(self) -> Fraction:
        return Fraction(self.worlds, self.total) if self.total else Fraction(0)

    def __str__(self) -> str:
        who = f"P{self.seat + 1}"
        text = self.asked or str(self.query)
        q = self.query
        if isinstance(q, Knows) and q.seat == self.seat:  # the seat's own knowledge: yes or no
            inner = self._asked_inner("knows") or q.arg
            return f"{who} {'knows' if self.value else 'does not know'} that {inner}"
        if isinstance(q, Possible) and q.seat == self.seat:
            inner = self._asked_inner("possible") or q.arg
            return f"{who} {'considers possible' if self.value else 'rules out'} that {inner}"
        if self.value is True:
            return f"{who} knows that {text}"
        if self.value is False:
            if self.asked is None and isinstance(self.query, Not):
                return f"{who} knows that {self.query.arg}"
            return f"{who} knows that not ({text})" if " " in text.split("(")[0] else \
                f"{who} knows that not {text}"
        pct = float(self.probability) * 100
        return (f"{who} does not know whether {text}: it holds in {big(self.worlds)} of "
                f"{big(self.total)} consistent deals ({pct:.1f}%)")

    def _asked_inner(self, keyword: str) -> str | None:
        """The argument of ``keyword(P.., ...)`` as asked (before partner(...) and the like
        unfold into facts about the called card), or None."""
        from aceten.knowledge.query import parse_query

        if not self.asked:
            return None
        try:
            f = parse_query(self.asked)
        except AcetenError:
            return None
        if isinstance(f, (Knows, Possible)) and f.keyword == keyword and f.seat == self.seat:
            return str(f.arg)
        return None

    def as_dict(self) -> dict[str, Any]:
        return {"query": self.asked or str(self.query), "seat": self.seat + 1,
                "value": {True: "true", False: "false", None: "unknown"}[self.value],
                "worlds": self.worlds, "total": self.total,
                "probability": float(self.probability), "method": self.method,
                **({"model_worlds": self.model_worlds} if self.model_worlds is not None else {})}
