"""Play obligations: small declarative objects, each answering "which cards may be played".

A game's obligations are a cascade: the first obligation that binds decides the legal cards,
and when none binds any card may be played. Each object keeps its parameters public, so the
logic layer can encode exactly the same rule as constraints (the second face of one rule).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from aceten.cards import Suit, suit_mask

if TYPE_CHECKING:
    from aceten.rules.base import Rules


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


Verdict = tuple[int, str] | None


class Obligation(ABC):
    """One play obligation; ``restrict`` returns the legal cards and why, or None if it is silent."""

    @abstractmethod
    def restrict(self, ctx: TrickContext) -> Verdict: ...

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

    def restrict(self, ctx: TrickContext) -> Verdict:
        follow = ctx.hand & suit_mask(ctx.led)
        if not follow:
            return None
        led_is_trump = ctx.trump is not None and ctx.led == ctx.trump
        must_beat = self.beat == "always" or (self.beat == "trump-led" and led_is_trump)
        if must_beat and (led_is_trump or not ctx.best_is_trump):
            higher = ctx.higher(follow, led_is_trump)
            if higher:
                return higher, f"must follow {ctx.led.name} and beat the card winning the trick"
        return follow, f"must follow {ctx.led.name}"

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

    def restrict(self, ctx: TrickContext) -> Verdict:
        if not ctx.partner_winning:
            return None
        allowed = ctx.hand
        if ctx.trump is not None and ctx.best_is_trump:
            trumps = ctx.hand & suit_mask(ctx.trump)
            lower = trumps & ~ctx.higher(trumps, True)
            if ctx.hand & ~trumps:
                allowed &= ~lower
        return allowed, "partner is winning: any card (but no undertrump)"

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

    def restrict(self, ctx: TrickContext) -> Verdict:
        if ctx.trump is None or ctx.led == ctx.trump:
            return None
        trumps = ctx.hand & suit_mask(ctx.trump)
        if not trumps:
            return None
        if not (self.overtrump and ctx.best_is_trump):
            return trumps, f"void in {ctx.led.name}: must trump"
        higher = ctx.higher(trumps, True)
        if higher:
            return higher, f"void in {ctx.led.name}: must overtrump"
        if self.undertrump == "must":
            return trumps, f"void in {ctx.led.name}: must trump, even under"
        if self.undertrump == "only-trumps":
            others = ctx.hand & ~trumps
            if others:
                return others, "cannot overtrump: may not undertrump while holding another suit"
        return None

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
class Obligations:
    """A game's cascade of obligations and when it applies (``always`` or once the stock is empty)."""

    parts: tuple[Obligation, ...] = ()
    when: Literal["always", "stock-empty"] = "always"

    def describe(self) -> list[str]:
        if not self.parts:
            return ["none: any card may be played at any time"]
        head = "" if self.when == "always" else "once the stock is empty: "
        return [head + part.describe() for part in self.parts]
