"""Cruce (Romania): 24 cards, bidding, the first card led names trump, marriages, game points."""

from __future__ import annotations

from typing import ClassVar, Literal

from aceten.cards import Family, Rank, full_deck
from aceten.rules.base import Rules, bool_option, int_option
from aceten.rules.obligations import FollowSuit, Obligations, Trumping
from aceten.rules.parts import Bidding, GamePoints, Marriage, Part, Stock, Trick, Trump

CRUCE_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
CRUCE_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                Rank.NINE: 0}
UNIT = 33  # card points per game point and per bid unit
MAX_BID = 6


class CruceRules(Rules):
    name = "cruce"
    title = "Cruce (Romania)"
    family = Family.GERMAN
    player_counts = (2, 3, 4)
    game_options = (
        bool_option("undertrump", True, "void in the suit led and unable to overtrump: still "
                    "trump (off: any card)"),
        bool_option("bidding", True, "bid 0-6 once around before play (off: the seat after the "
                    "dealer leads, nobody is bound to a bid)"),
        int_option("target", 11, "game points that win a match", (11, 15, 21)),
    )
    question_options: ClassVar[dict[str, str]] = {"bidding": "no"}  # ask models no bidding

    def _declare(self) -> None:
        n = self.players
        self.deck = full_deck(Family.GERMAN)
        self.hand_size = 6 if n == 4 else 8
        self.teams = ((0, 2), (1, 3)) if n == 4 else tuple((s,) for s in range(n))
        undertrump: Literal["must", "free"] = "must" if self.options["undertrump"] else "free"
        parts: list[Part] = [
            Trick(CRUCE_ORDER, CRUCE_ORDER, CRUCE_POINTS, CRUCE_POINTS),
            Trump("first-lead"),
            Stock("after-trick" if n == 2 else "none"),
            Obligations((FollowSuit(beat="always"), Trumping(overtrump=True, undertrump=undertrump)),
                        when="stock-empty" if n == 2 else "always"),
            Marriage(plain=20, trump=40),
        ]
        if self.options["bidding"]:
            parts.append(Bidding(max_bid=MAX_BID))
        parts.append(GamePoints(unit=UNIT))
        self.parts = tuple(parts)

    def scoring_lines(self) -> list[str]:
        return [*super().scoring_lines(), "the suit of the first card led is trump",
                f"a match is played to {self.options['target']}"]
