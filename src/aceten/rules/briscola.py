"""Briscola (Italy): 2, 3 (one 2 removed) or 4 players in partnerships; no obligations."""

from __future__ import annotations

from aceten.cards import Card, Family, full_deck
from aceten.rules.base import Option
from aceten.rules.latin import LATIN_OPTIONS, LatinStockRules


class BriscolaRules(LatinStockRules):
    name = "briscola"
    title = "Briscola (Italy)"
    game_options = (
        *LATIN_OPTIONS,
        Option("removed", "2O", "with 3 players, the 2 taken out of the deck",
               ("2S", "2C", "2O", "2B"), lambda v: str(Card.parse(str(v), Family.LATIN))),
    )

    def _deck(self) -> tuple[Card, ...]:
        deck = full_deck(Family.LATIN)
        if self.players == 3:
            removed = Card.parse(self.options["removed"], Family.LATIN)
            deck = tuple(c for c in deck if c != removed)
        return deck
