"""Play obligations: small declarative objects, each answering "which cards may be played".

A game's obligations are a cascade: the first obligation that binds decides the legal cards,
and when none binds any card may be played. Each object has three sides: the step (its code and
parameters in the rules vector, :meth:`Obligations.fill`, which the one step function
``aceten.rules.step.legal_cards`` runs for the engine and the kernels alike; ``reason`` puts the
step's verdict in words), ``encode`` (the same rule as a formula over literals, for the logic
layer's constraint models and exports) and ``describe``. The encode face is written
against the small :class:`Encoder` protocol — literals for "the hand holds c", "s was led",
"s is trump", "c is winning the trick so far", and the connectives ``and_``/``or_``/``not_`` —
so the same rule text serves CP-SAT, SMT-LIB, LADR and a plain evaluator (``Python bool``
literals), and the tests check that both faces agree.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, Protocol

from aceten.cards import Card, Suit, suit_mask
from aceten.rules.layout import (
    OB_FOLLOW,
    OB_PARTNER,
    OB_TRUMPING,
    R_OB_A,
    R_OB_B,
    R_OB_KIND,
    R_OB_N,
    R_WHEN,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.rules.base import Rules

Lit = Any  # an encoder's literal: a solver variable, a formula, or a Python bool constant


@dataclass(frozen=True, slots=True)
class TrickContext:
    """What an obligation may look at: the hand, the trick so far, trump, and who is winning."""

    hand: int
    led: Suit
    trump: Suit | None
    best: int  # the card now winning the trick
    best_is_trump: bool
    partner_winning: bool
    rules: Rules

    def higher(self, cards: int, trump: bool) -> int:
        """The cards of ``cards`` that beat the card now winning, within one suit's order."""
        table = self.rules.trump_strength if trump else self.rules.plain_strength
        bar = table[self.best & 63]
        out = 0
        m = cards
        while m:
            low = m & -m
            if table[low.bit_length() - 1] > bar:
                out |= low
            m ^= low
        return out




class Encoder(Protocol):
    """What an obligation's encode face is written in: the literals of one moment of play
    (a player about to play a card to a trick already led) and three connectives.

    ``True``/``False`` are valid literals; connectives must accept them.
    """

    rules: Rules
    cards: tuple[Card, ...]  # the deck

    def hand(self, card: Card) -> Lit: ...  # the player to move holds ``card``
    def led(self, suit: Suit) -> Lit: ...  # ``suit`` was led
    def trump(self, suit: Suit) -> Lit: ...  # ``suit`` is trump
    def best(self, card: Card) -> Lit: ...  # ``card`` is winning the trick so far
    def partner_winning(self) -> Lit: ...  # the player's partner is winning the trick
    def stock_empty(self) -> Lit: ...  # the stock has been drawn out
    def and_(self, *lits: Lit) -> Lit: ...
    def or_(self, *lits: Lit) -> Lit: ...
    def not_(self, lit: Lit) -> Lit: ...


@dataclass(frozen=True)
class Encoded:
    """An obligation as a formula: it ``binds`` (restrict would not return None) and then the
    card played must satisfy ``allowed[card]`` (a card's own presence in the hand is implied)."""

    binds: Lit
    allowed: dict[Card, Lit]


# -- shared pieces of the encode faces --------------------------------------------------------
@lru_cache(maxsize=64)
def _grouped(cards: tuple[Card, ...]) -> dict[Suit, tuple[Card, ...]]:
    out: dict[Suit, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return {s: tuple(out[s]) for s in sorted(out)}


def _suit_cards(enc: Encoder, suit: Suit) -> tuple[Card, ...]:
    return _grouped(enc.cards).get(suit, ())


def _suits(enc: Encoder) -> list[Suit]:
    return list(_grouped(enc.cards))


def _holds_suit(enc: Encoder, suit: Suit) -> Lit:
    return enc.or_(*(enc.hand(c) for c in _suit_cards(enc, suit)))


def _led_is_trump(enc: Encoder) -> Lit:
    return enc.or_(*(enc.and_(enc.led(s), enc.trump(s)) for s in _suits(enc)))


def _best_is_trump(enc: Encoder) -> Lit:
    return enc.or_(*(enc.and_(enc.trump(s), enc.or_(*(enc.best(c) for c in _suit_cards(enc, s))))
                     for s in _suits(enc)))


def _is_trump(enc: Encoder, card: Card) -> Lit:
    return enc.trump(card.suit)


def _above_best(enc: Encoder, card: Card, trump_order: bool) -> Lit:
    """``card`` ranks above the card winning the trick, in its suit's plain or trump order
    (false when the winning card is of another suit): ``TrickContext.higher`` for one card."""
    table = enc.rules.trump_strength if trump_order else enc.rules.plain_strength
    mine = table[int(card) & 63]
    return enc.or_(*(enc.best(b) for b in _suit_cards(enc, card.suit) if table[int(b) & 63] < mine))


def _above_best_as_suit(enc: Encoder, card: Card) -> Lit:
    """``card`` ranks above the winning card in the order its suit has now (trump or plain)."""
    return enc.or_(enc.and_(enc.trump(card.suit), _above_best(enc, card, True)),
                   enc.and_(enc.not_(enc.trump(card.suit)), _above_best(enc, card, False)))


class Obligation(ABC):
    """One play obligation: its code and parameters for the step (``code``, ``params``), the
    step's verdict in words (``reason``), the same rule as a formula (``encode``, see
    :class:`Encoder`) and in words (``describe``)."""

    code: int = 0

    def params(self) -> tuple[int, int]:
        """The two parameters the step reads (R_OB_A, R_OB_B)."""
        return 0, 0

    @abstractmethod
    def reason(self, ctx: TrickContext, legal: int) -> str:
        """Why only ``legal`` may be played, this obligation having bound."""

    @abstractmethod
    def encode(self, enc: Encoder) -> Encoded: ...

    @abstractmethod
    def describe(self) -> str: ...


@dataclass(frozen=True)
class FollowSuit(Obligation):
    """Follow the suit led if able; ``beat`` says when the card played must also win.

    ``beat="always"``: beat the winning card when it is of the suit led (Cruce, arrastre);
    ``"trump-led"``: only when trumps were led (Klaverjas); ``"never"``: just follow.
    Once a trump lies on a plain-suit trick, following suit is enough.
    """

    beat: Literal["always", "trump-led", "never"] = "never"

    code = OB_FOLLOW

    def params(self) -> tuple[int, int]:
        return {"never": 0, "trump-led": 1, "always": 2}[self.beat], 0

    def reason(self, ctx: TrickContext, legal: int) -> str:
        led_is_trump = ctx.trump is not None and ctx.led == ctx.trump
        beaten = legal == ctx.higher(ctx.hand & suit_mask(ctx.led), led_is_trump) != 0
        if beaten and self.beat != "never" and (self.beat == "always" or led_is_trump):
            return f"must follow {ctx.led.name} and beat the card winning the trick"
        return f"must follow {ctx.led.name}"

    def encode(self, enc: Encoder) -> Encoded:
        suits = _suits(enc)
        binds = enc.or_(*(enc.and_(enc.led(s), _holds_suit(enc, s)) for s in suits))
        led_is_trump = _led_is_trump(enc)
        must_beat = {"always": True, "trump-led": led_is_trump, "never": False}[self.beat]
        beat_applies = enc.and_(must_beat, enc.or_(led_is_trump, enc.not_(_best_is_trump(enc))))
        higher = {c: enc.and_(enc.led(c.suit), enc.hand(c), _above_best_as_suit(enc, c))
                  for c in enc.cards}
        beat = enc.and_(beat_applies, enc.or_(*higher.values()))
        allowed = {c: enc.and_(enc.led(c.suit), enc.or_(enc.not_(beat), higher[c]))
                   for c in enc.cards}
        return Encoded(binds, allowed)

    def describe(self) -> str:
        return {
            "always": "follow suit and beat the winning card if able "
            "(once a trump lies on a plain-suit trick, following is enough)",
            "trump-led": "follow suit; when trumps are led, overtrump if able",
            "never": "follow suit if able",
        }[self.beat]


@dataclass(frozen=True)
class PartnerExemption(Obligation):
    """Amsterdam: a player void in the suit led whose partner is winning may play any card,
    except that undertrumping stays forbidden while holding a card that is not a trump."""

    code = OB_PARTNER

    def reason(self, ctx: TrickContext, legal: int) -> str:
        return "partner is winning: any card (but no undertrump)"

    def encode(self, enc: Encoder) -> Encoded:
        best_is_trump = _best_is_trump(enc)
        holds_other = enc.or_(*(enc.and_(enc.not_(enc.trump(s)), _holds_suit(enc, s))
                                for s in _suits(enc)))
        allowed = {}
        for c in enc.cards:
            lower = enc.and_(_is_trump(enc, c), best_is_trump,
                             enc.not_(_above_best(enc, c, True)))
            allowed[c] = enc.not_(enc.and_(lower, holds_other))
        return Encoded(enc.partner_winning(), allowed)

    def describe(self) -> str:
        return "void in the suit led with the partner winning: any card, no undertrump"


@dataclass(frozen=True)
class Trumping(Obligation):
    """Void in the suit led: play a trump, overtrumping if ``overtrump`` and able.

    ``undertrump`` says what a player who cannot overtrump does: ``"must"`` still trump
    (Cruce default), ``"free"`` any card, ``"only-trumps"`` must not undertrump unless holding
    nothing but trumps (Klaverjas).
    """

    overtrump: bool = True
    undertrump: Literal["must", "free", "only-trumps"] = "must"

    code = OB_TRUMPING

    def params(self) -> tuple[int, int]:
        return int(self.overtrump), {"must": 0, "free": 1, "only-trumps": 2}[self.undertrump]

    def reason(self, ctx: TrickContext, legal: int) -> str:
        assert ctx.trump is not None
        trumps = ctx.hand & suit_mask(ctx.trump)
        if legal & ~trumps:
            return "cannot overtrump: may not undertrump while holding another suit"
        if not (self.overtrump and ctx.best_is_trump):
            return f"void in {ctx.led.name}: must trump"
        if ctx.higher(trumps, True):
            return f"void in {ctx.led.name}: must overtrump"
        return f"void in {ctx.led.name}: must trump, even under"

    def encode(self, enc: Encoder) -> Encoded:
        suits = _suits(enc)
        holds_trump = enc.or_(*(enc.and_(enc.trump(s), _holds_suit(enc, s)) for s in suits))
        holds_other = enc.or_(*(enc.and_(enc.not_(enc.trump(s)), _holds_suit(enc, s))
                                for s in suits))
        over = enc.and_(self.overtrump, _best_is_trump(enc))
        higher = {c: enc.and_(_is_trump(enc, c), enc.hand(c), _above_best(enc, c, True))
                  for c in enc.cards}
        can_over = enc.or_(*higher.values())
        under = {"must": True, "free": False, "only-trumps": holds_other}[self.undertrump]
        binds = enc.and_(enc.not_(_led_is_trump(enc)), holds_trump,
                         enc.or_(enc.not_(over), can_over, under))
        stuck = enc.and_(over, enc.not_(can_over))  # must not or cannot overtrump
        allowed = {}
        for c in enc.cards:
            trump = _is_trump(enc, c)
            when_stuck = enc.not_(trump) if self.undertrump == "only-trumps" else trump
            allowed[c] = enc.and_(
                enc.or_(over, trump),  # not overtrumping: any trump
                enc.or_(enc.not_(over), enc.not_(can_over), higher[c]),  # overtrump if able
                enc.or_(enc.not_(stuck), when_stuck))
        return Encoded(binds, allowed)

    def describe(self) -> str:
        text = "void in the suit led: trump"
        if self.overtrump:
            text += ", overtrumping if able"
            text += {
                "must": "; unable to overtrump, still trump",
                "free": "; unable to overtrump, any card",
                "only-trumps": "; no undertrumping unless holding only trumps",
            }[self.undertrump]
        return text


@dataclass(frozen=True)
class Obligations(Part):
    """A game's cascade of obligations and when it applies (``always`` or once the stock is empty)."""

    parts: tuple[Obligation, ...] = ()
    when: Literal["always", "stock-empty"] = "always"
    section = "obligations"
    MAX_PARTS = 3  # slots in the rules vector

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        if len(self.parts) > self.MAX_PARTS:
            raise ValueError(f"at most {self.MAX_PARTS} obligations may be declared")
        R[R_WHEN] = 0 if self.when == "always" else 1
        R[R_OB_N] = len(self.parts)
        for k, part in enumerate(self.parts):
            R[R_OB_KIND + k] = part.code
            R[R_OB_A + k], R[R_OB_B + k] = part.params()

    def encode(self, enc: Encoder) -> dict[Card, Lit]:
        """Per card, the formula "this card may be played" (given that it is in the hand and a
        trick has been led): the cascade of the parts, the first that binds deciding."""
        if not self.parts:
            return {c: True for c in enc.cards}
        applies = True if self.when == "always" else enc.stock_empty()
        encoded = [part.encode(enc) for part in self.parts]
        may: dict[Card, Lit] = {}
        for c in enc.cards:
            free = True  # no earlier part binds
            cases = []
            for part in encoded:
                cases.append(enc.and_(free, part.binds, part.allowed[c]))
                free = enc.and_(free, enc.not_(part.binds))
            may[c] = enc.or_(enc.not_(applies), free, *cases)
        return may

    def describe(self, rules: Rules | None = None) -> list[str]:
        if not self.parts:
            return ["none: any card may be played at any time"]
        head = "" if self.when == "always" else "once the stock is empty: "
        return [head + part.describe() for part in self.parts]
