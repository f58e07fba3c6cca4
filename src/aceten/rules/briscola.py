"""Briscola (Italy): 2, 3 (one 2 removed), 4 (pairs) or 6 (three against three, the 2s removed)
players, no obligations; and Briscola chiamata: 5 players, an auction, a called card whose
holder is the caller's secret partner."""

from __future__ import annotations

from typing import ClassVar

from aceten.cards import Card, Family, full_deck
from aceten.rules.base import Option, bool_option, deals_option, only_in, only_with, str_option
from aceten.rules.latin import LATIN_OPTIONS, LATIN_ORDER, LATIN_POINTS, LatinStockRules
from aceten.rules.parts import Auction, CalledPartner, Stock, TargetSheet, Trick, Trump


class BriscolaRules(LatinStockRules):
    name = "briscola"
    title = "Briscola (Italy)"
    variants = ("standard", "chiamata")
    variant_players: ClassVar[dict[str, tuple[int, ...]]] = {"chiamata": (5,)}
    game_options = (
        *LATIN_OPTIONS,
        only_with(Option("removed", "2O", "with 3 players, the 2 taken out of the deck",
                         ("2S", "2C", "2O", "2B"),
                         lambda v: str(Card.parse(str(v), Family.LATIN))), 3),
        only_in(bool_option("point_bids", True, "chiamata: after the 2, bids go on as point "
                            "targets above 61 (bid:2:71); off: the auction stops at the 2"),
                "chiamata"),
        only_in(str_option("lead", "first", "chiamata: who leads the first trick: the seat after "
                           "the dealer (first) or the auction's winner (caller)",
                           ("first", "caller")), "chiamata"),
        only_in(bool_option("cappotto", False, "chiamata: a side taking every trick scores "
                            "double"), "chiamata"),
        deals_option(5, "chiamata: deals in a match (5: every seat deals once)"),
    )

    def _declare(self) -> None:
        if self.variant == "chiamata":
            self._declare_chiamata()
        else:
            super()._declare()

    def _declare_chiamata(self) -> None:
        """Eight cards each, no stock; the auction and the called card make the teams."""
        self.deck = full_deck(Family.LATIN)
        self.hand_size = len(self.deck) // self.players
        self.teams = ((), tuple(range(self.players)))  # the caller's side forms at the call
        self.parts = (
            Trick(LATIN_ORDER, LATIN_ORDER, LATIN_POINTS, LATIN_POINTS),
            Trump("called"),
            Stock("none"),
            Auction(point_bids=self.options["point_bids"],
                    caller_leads=self.options["lead"] == "caller"),
            CalledPartner(),
            TargetSheet(cappotto=self.options["cappotto"]),
        )

    def scoring_lines(self) -> list[str]:
        lines = super().scoring_lines()
        if self.variant == "chiamata":
            lines.append(f"a match is {self.options['deals']} deals")
        return lines

    def _deck(self) -> tuple[Card, ...]:
        deck = super()._deck()
        if self.players == 3:
            removed = Card.parse(self.options["removed"], Family.LATIN)
            deck = tuple(c for c in deck if c != removed)
        return deck
