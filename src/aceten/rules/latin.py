"""What Briscola and Brisca share: the Latin deck, ranks, points, stock, drawing and scoring."""

from __future__ import annotations

from aceten.cards import Card, Family, Rank, full_deck
from aceten.rules.base import Rules, only_with, str_option
from aceten.rules.parts import CardPoints, Part, Stock, Trick, Trump

LATIN_ORDER = (Rank.ACE, Rank.THREE, Rank.KING, Rank.HORSE, Rank.JACK, Rank.SEVEN, Rank.SIX,
               Rank.FIVE, Rank.FOUR, Rank.TWO)
LATIN_POINTS = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.HORSE: 3, Rank.JACK: 2,
                Rank.SEVEN: 0, Rank.SIX: 0, Rank.FIVE: 0, Rank.FOUR: 0, Rank.TWO: 0}

LATIN_OPTIONS = (
    str_option("scoring", "points", "who wins: most card points (61 of 120) or most tricks",
               ("points", "tricks")),
    str_option("draw", "after-trick", "when the stock is drawn: after each trick (winner first) "
               "or by each player right after playing", ("after-trick", "after-play")),
    str_option("tie", "draw", "an even split of points (60-60): a draw, or won by the winner "
               "of the last trick", ("draw", "last-trick")),
    only_with(str_option("teams", "pairs", "with 4 players: partners opposite (pairs, 0+2 v "
                         "1+3) or every player for themselves (none); 6 players always play "
                         "three against three, seats alternating (0+2+4 v 1+3+5)",
                         ("pairs", "none")), 4),
)


class LatinStockRules(Rules):
    """Three cards each, a turned-up trump under the stock, no obligation to follow."""

    family = Family.LATIN
    player_counts = (2, 3, 4, 6)

    def _declare(self) -> None:
        self.deck = self._deck()
        self.hand_size = 3
        n = self.players
        if n == 6:  # three against three, seats alternating
            self.teams = ((0, 2, 4), (1, 3, 5))
        elif n == 4 and self.options["teams"] == "pairs":
            self.teams = ((0, 2), (1, 3))
        else:
            self.teams = tuple((s,) for s in range(n))
        self.parts = (
            Trick(LATIN_ORDER, LATIN_ORDER, LATIN_POINTS, LATIN_POINTS),
            Trump("turned"),
            Stock(self.options["draw"]),
            *self._more_parts(),
            CardPoints(by=self.options["scoring"], tie=self.options["tie"]),
        )

    def _deck(self) -> tuple[Card, ...]:
        deck = full_deck(Family.LATIN)
        if self.players == 6:  # 36 cards: the four 2s out, so the deck divides by six
            deck = tuple(c for c in deck if c.rank != Rank.TWO)
        return deck

    def _more_parts(self) -> tuple[Part, ...]:
        """The parts a game adds to the shared ones."""
        return ()
