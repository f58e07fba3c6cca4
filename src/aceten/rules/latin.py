"""What Briscola and Brisca share: the Latin deck, ranks, points, stock, drawing and scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.cards import Family, Rank, full_deck
from aceten.rules.base import Rules, str_option

if TYPE_CHECKING:
    from aceten.game import Game, Outcome

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
    str_option("teams", "pairs", "with 4 players: partners opposite (pairs, 0+2 v 1+3) or every "
               "player for themselves (none)", ("pairs", "none")),
)


class LatinStockRules(Rules):
    """Three cards each, a turned-up trump under the stock, no obligation to follow."""

    family = Family.LATIN
    player_counts = (2, 3, 4)

    def _declare(self) -> None:
        self.deck = self._deck()
        self.hand_size = 3
        n = self.players
        pairs = n == 4 and self.options["teams"] == "pairs"
        self.teams = ((0, 2), (1, 3)) if pairs else tuple((s,) for s in range(n))
        self.plain_order = self.trump_order = LATIN_ORDER
        self.plain_points = self.trump_points = LATIN_POINTS
        self.trump_mode = "turned"
        self.draw = self.options["draw"]

    def _deck(self) -> tuple:
        return full_deck(Family.LATIN)

    def outcome(self, game: Game) -> Outcome:
        from aceten.game import Outcome

        teams = self.teams
        team_points = tuple(sum(game.points[s] for s in t) for t in teams)
        team_tricks = tuple(sum(game.tricks_won[s] for s in t) for t in teams)
        by_tricks = self.options["scoring"] == "tricks"
        key = team_tricks if by_tricks else team_points
        best = max(key)
        leaders = [t for t, v in enumerate(key) if v == best]
        notes: list[str] = []
        winner: int | None = leaders[0] if len(leaders) == 1 else None
        if winner is None and self.options["tie"] == "last-trick" and game.tricks:
            last = game.team_of(game.tricks[-1].winner)
            if last in leaders:
                winner = last
                notes.append("tie broken by the last trick")
        return Outcome(
            points=game.points, tricks=game.tricks_won, bonus=game.bonus,
            team_points=team_points, team_tricks=team_tricks,
            scores=team_tricks if by_tricks else team_points,
            winner=winner, teams=teams, notes=tuple(notes),
        )

    def scoring_lines(self) -> list[str]:
        if self.options["scoring"] == "tricks":
            return ["the side with most tricks wins"]
        lines = ["each side counts its card points; the most wins"]
        if self.players != 3:
            lines.append(f"{self.total_points // 2 + 1} or more wins; "
                         f"{self.total_points // 2}-{self.total_points // 2} is a "
                         + ("draw" if self.options["tie"] == "draw" else "win for the last trick's winner"))
        return lines
