"""The trump suit and the stock: how trump is fixed, how the stock is drawn, exchanges."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from aceten.cards import Rank
from aceten.rules.layout import (
    DRAW_AFTER_PLAY,
    DRAW_AFTER_TRICK,
    DRAW_NONE,
    R_DRAW,
    R_EXCH_TRICK,
    R_EXCHANGE,
    R_GIVEN_TRUMP,
    R_TRUMP_MODE,
    T_EXCH,
    TRUMP_CALLED,
    TRUMP_FIRST_LEAD,
    TRUMP_GIVEN,
    TRUMP_TURNED,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.rules.base import Rules

TrumpMode = Literal["turned", "given", "first-lead", "called"]
DrawMode = Literal["none", "after-trick", "after-play"]

TRUMP_CODES = {"turned": TRUMP_TURNED, "given": TRUMP_GIVEN, "first-lead": TRUMP_FIRST_LEAD,
               "called": TRUMP_CALLED}
DRAW_CODES = {"none": DRAW_NONE, "after-trick": DRAW_AFTER_TRICK, "after-play": DRAW_AFTER_PLAY}


@dataclass(frozen=True)
class Trump(Part):
    """How the trump suit is fixed: a card turned up under the stock, a given suit, the suit of
    the first card led, or a call before play (see :class:`TrumpCall`)."""

    mode: TrumpMode
    section = "trump"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_TRUMP_MODE] = TRUMP_CODES[self.mode]
        given = rules.options.get("trump")
        R[R_GIVEN_TRUMP] = int(given) & 3 if given is not None else -1

    def describe(self, rules: Rules) -> list[str]:
        given = rules.options.get("trump")
        return [{"turned": "the card after the deal is turned up; it is the last card drawn",
                 "given": f"fixed: {given.name if given is not None else '-'}",
                 "first-lead": "the suit of the first card led",
                 "called": "called before play (see options)"}[self.mode]]  # fmt: skip


@dataclass(frozen=True)
class Stock(Part):
    """The cards not dealt, drawn one each: after each trick (the winner first) or by each
    player right after playing."""

    draw: DrawMode
    section = "drawing"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_DRAW] = DRAW_CODES[self.draw]

    def describe(self, rules: Rules) -> list[str]:
        return [{"none": "no stock", "after-trick": "after each trick, the winner first",
                 "after-play": "each player right after playing"}[self.draw]]


@dataclass(frozen=True)
class Exchange(Part):
    """A low trump in hand may be swapped for the face-up trump card while the stock lasts:
    ``table`` maps the low trump's rank to the face-up ranks it may be swapped for."""

    table: dict[Rank, tuple[Rank, ...]] = field(hash=False)
    needs_trick: bool = False
    section = "exchange"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_EXCHANGE] = 1
        R[R_EXCH_TRICK] = int(self.needs_trick)
        for low, targets in self.table.items():
            for target in targets:
                T[T_EXCH + int(target)] = int(low)

    def describe(self, rules: Rules) -> list[str]:
        lines = [f"the {low.name.lower()} of trumps may be swapped for a face-up "
                 + ", ".join(t.letter for t in targets) + " while the stock lasts"
                 for low, targets in self.table.items()]
        if self.needs_trick:
            lines.append("only a player who has won a trick may exchange")
        return lines
