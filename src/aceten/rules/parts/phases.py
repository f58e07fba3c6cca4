"""Phases before the play: bidding (a contract) and calling trump."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aceten.rules.layout import (
    PHASE_BID,
    PHASE_CALL,
    R_CALL_FREE,
    R_FIRST_DECLARER,
    R_MAX_BID,
    R_PHASE,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.rules.base import Rules


@dataclass(frozen=True)
class Bidding(Part):
    """Bids 0 to ``max_bid`` once around, the dealer last, each above the last (0 passes); the
    highest bidder leads and must make the bid; if all pass, the seat after the dealer leads."""

    max_bid: int = 6
    phase = "bid"
    section = "bidding"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_PHASE] = PHASE_BID
        R[R_MAX_BID] = self.max_bid

    def describe(self, rules: Rules) -> list[str]:
        return [f"bids 0-{self.max_bid} once around, the dealer last, each above the last "
                "(0 passes); the highest bidder leads; if all pass, the seat after the dealer leads"]


@dataclass(frozen=True)
class TrumpCall(Part):
    """The seat after the dealer calls trump (``free``: each in turn may call or pass, and the
    seat after the dealer must call if all pass); the caller's side plays the deal. With a
    given trump there is no call and the first leader's side plays."""

    free: bool = False
    phase = "call"
    section = "bidding"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_FIRST_DECLARER] = 1
        if rules.trump_mode == "called":
            R[R_PHASE] = PHASE_CALL
            R[R_CALL_FREE] = int(self.free)

    def describe(self, rules: Rules) -> list[str]:
        if self.free:
            return ["each in turn may call trump or pass; the seat after the dealer must call "
                    "if all pass; the caller's team plays"]
        return ["the seat after the dealer must call trump; the caller's team plays"]
