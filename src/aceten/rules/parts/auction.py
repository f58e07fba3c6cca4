"""An auction for the right to call a partner, and a team hidden until a called card falls.

Both are generic: :class:`Auction` reads the rank order off the trick and the targets off the
deck's points; :class:`CalledPartner` makes the teams an event of the deal (the auction's winner
calls a card; its holder is the secret partner) instead of a fixed seating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from aceten.cards import FAMILY_RANKS
from aceten.rules.layout import (
    PHASE_AUCTION,
    R_AUCTION_LOW,
    R_AUCTION_MAX,
    R_AUCTION_MIN,
    R_AUCTION_RANKS,
    R_CALLABLE,
    R_CALLER_LEADS,
    R_HIDDEN,
    R_NTEAMS,
    R_PHASE,
    R_TEAM,
    T_BID_LEVEL,
    T_LEVEL_RANK,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.cards import Card, Rank
    from aceten.rules.base import Rules

Lit = Any  # a solver literal, or True/False


class SideEncoder(Protocol):
    """What the encode face of a hidden team is written in: the deal's propositions after the
    auction (the caller is a fact of the position; the called card may be a choice) and the
    connectives."""

    players: int
    caller: int
    calls: dict[Card, Lit]  # the cards the caller may have called: "it called this one"

    def dealt(self, card: Card, seat: int) -> Lit: ...  # ``card`` is dealt to ``seat``
    def and_(self, *lits: Lit) -> Lit: ...
    def or_(self, *lits: Lit) -> Lit: ...


def biddable_ranks(rules: Rules) -> tuple[Rank, ...]:
    """The ranks an auction may name, lowest bid first: the deck's ranks, strongest card first
    (calling a weaker card is a stronger bid: the caller needs less help)."""
    present = {card.rank for card in rules.deck}
    return tuple(r for r in rules.plain_order if r in present and r in FAMILY_RANKS[rules.family])


def target_bounds(rules: Rules) -> tuple[int, int]:
    """The target of a rank bid (a majority of the deck's points) and the highest point bid
    (read off the trick's points: the parts fill the card tables in order)."""
    total = sum(rules.plain_points[card.rank] for card in rules.deck) + rules.last_trick_bonus
    return total // 2 + 1, total


@dataclass(frozen=True)
class Auction(Part):
    """Each seat in turn, from the seat after the dealer, bids or passes; passing is final.
    A bid names a rank, each weaker than the last (``A``, ``3``, ... ``2``); once the lowest rank
    is reached, bids go on as point targets above a majority (``point_bids``). The auction ends
    when every other seat has passed; its winner calls a card of the rank bid (see
    :class:`CalledPartner`). If all pass, the deal is thrown in. ``caller_leads``: the winner
    leads the first trick (else the seat after the dealer does)."""

    point_bids: bool = True
    caller_leads: bool = False
    phase = "auction"
    section = "bidding"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        ranks = biddable_ranks(rules)
        low, high = target_bounds(rules)
        R[R_PHASE] = PHASE_AUCTION
        R[R_AUCTION_RANKS] = len(ranks)
        R[R_AUCTION_MIN] = low
        R[R_AUCTION_MAX] = high if self.point_bids else low
        R[R_AUCTION_LOW] = int(ranks[-1])
        R[R_CALLER_LEADS] = int(self.caller_leads)
        for level, rank in enumerate(ranks, start=1):
            T[T_BID_LEVEL + int(rank)] = level
            T[T_LEVEL_RANK + level] = int(rank)

    def describe(self, rules: Rules) -> list[str]:
        ranks = biddable_ranks(rules)
        low, high = target_bounds(rules)
        lines = [f"auction from the seat after the dealer: bid a rank, each weaker than the last "
                 f"({' '.join(r.letter for r in ranks)}), or pass for good; the winner must make "
                 f"{low} of {high} with a partner"]
        if self.point_bids:
            lines.append(f"after {ranks[-1].letter}, bids raise the target: "
                         f"bid:{ranks[-1].letter}:{low + 1} ... bid:{ranks[-1].letter}:{high}")
        lines.append("if all pass, the deal is thrown in")
        lines.append("the winner leads the first trick" if self.caller_leads
                     else "the seat after the dealer leads the first trick")
        return lines


@dataclass(frozen=True)
class CalledPartner(Part):
    """The auction's winner calls a card of the rank bid; its suit is trump and its holder is
    the caller's secret partner (calling one's own card plays alone). The teams are fixed at the
    call and known to all when the called card is played; the partner knows at once."""

    section = "bidding"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_HIDDEN] = 1
        R[R_NTEAMS] = 2
        R[R_CALLABLE] = rules.deck_mask  # a card is called only if the deck has it
        for seat in range(rules.players):
            R[R_TEAM + seat] = 1  # before the call, every seat is a defender

    def encode(self, enc: SideEncoder) -> list[Lit]:
        """The encode face: for each seat, "plays on the caller's side" — the caller, and
        whoever was dealt the called card (the caller again when alone)."""
        return [enc.or_(seat == enc.caller, self.partner(enc, seat))
                for seat in range(enc.players)]

    def partner(self, enc: SideEncoder, seat: int) -> Lit:
        """The encode face of "``seat`` is the caller's partner": it was dealt the called card
        (the caller itself when playing alone), as the engine's ``Game.partner`` says."""
        return enc.or_(*(enc.and_(called, enc.dealt(card, seat)) for card, called in enc.calls.items()))

    def trump(self, enc: SideEncoder, suit: Any) -> Lit:
        """The encode face of "``suit`` is trump": the called card is of that suit."""
        return enc.or_(*(called for card, called in enc.calls.items() if card.suit == suit))

    def describe(self, rules: Rules) -> list[str]:
        return ["the winner calls a card of the rank bid (call:3S): its suit is trump, its "
                "holder the secret partner, known to all when it is played; calling one's own "
                "card plays alone, 1 against " + str(rules.players - 1)]
