"""Brisca (Spain): as Briscola, plus exchanging the 7 (or 2) of trumps and optional arrastre;
2, 3 (the 2s removed), 4 (pairs) or 6 (three against three, the 2s removed) players."""

from __future__ import annotations

from aceten.cards import Card, Family, Rank, full_deck
from aceten.rules.base import bool_option
from aceten.rules.latin import LATIN_OPTIONS, LatinStockRules
from aceten.rules.obligations import FollowSuit, Obligations, Trumping
from aceten.rules.parts import Exchange, Part

# The face-up cards each low trump may be exchanged for.
EXCHANGES = {
    Rank.SEVEN: (Rank.ACE, Rank.THREE, Rank.KING, Rank.HORSE, Rank.JACK),
    Rank.TWO: (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN),
}


class BriscaRules(LatinStockRules):
    name = "brisca"
    title = "Brisca (Spain)"
    game_options = (
        *LATIN_OPTIONS,
        bool_option("exchange", True, "the 7 of trumps may be swapped for a face-up A, 3, K, H "
                    "or J, and the 2 of trumps for a face-up 7 or lower, while the stock lasts"),
        bool_option("exchange_needs_trick", False, "only a player who has won a trick may exchange"),
        bool_option("arrastre", False, "once the stock is empty: follow suit and beat if able, "
                    "else trump"),
    )

    def _more_parts(self) -> tuple[Part, ...]:
        parts: list[Part] = []
        if self.options["exchange"]:
            parts.append(Exchange(EXCHANGES, needs_trick=self.options["exchange_needs_trick"]))
        if self.options["arrastre"]:
            parts.append(Obligations((FollowSuit(beat="always"), Trumping(overtrump=False)),
                                     when="stock-empty"))
        return tuple(parts)

    def _deck(self) -> tuple[Card, ...]:
        deck = full_deck(Family.LATIN)
        if self.players in (3, 6):
            deck = tuple(c for c in deck if c.rank != Rank.TWO)
        return deck
