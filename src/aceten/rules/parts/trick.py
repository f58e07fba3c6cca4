"""The trick: who wins it (rank orders), what it is worth (card points, last-trick bonus)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aceten.cards import Rank, full_deck
from aceten.rules.layout import (
    R_LAST_BONUS,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_RANK,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.rules.base import Rules


@dataclass(frozen=True)
class Trick(Part):
    """The highest trump wins, else the highest card of the suit led; the winner takes the
    cards' points (and a bonus for the last trick)."""

    plain_order: tuple[Rank, ...]  # strongest first
    trump_order: tuple[Rank, ...]
    plain_points: dict[Rank, int]
    trump_points: dict[Rank, int]
    last_trick_bonus: int = 0
    section = "trick"

    def __hash__(self) -> int:
        return hash((self.plain_order, self.trump_order, self.last_trick_bonus))

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_LAST_BONUS] = self.last_trick_bonus
        for card in full_deck(rules.family):
            b = int(card) & 63
            T[T_PLAIN_STRENGTH + b] = len(self.plain_order) - self.plain_order.index(card.rank)
            T[T_TRUMP_STRENGTH + b] = len(self.trump_order) - self.trump_order.index(card.rank)
            T[T_PLAIN_PTS + b] = self.plain_points[card.rank]
            T[T_TRUMP_PTS + b] = self.trump_points[card.rank]
            T[T_RANK + b] = int(card.rank)

    def describe(self, rules: Rules) -> list[str]:
        lines = ["the highest trump wins the trick, else the highest card of the suit led"]
        if self.last_trick_bonus:
            lines.append(f"the last trick scores {self.last_trick_bonus} more")
        return lines
