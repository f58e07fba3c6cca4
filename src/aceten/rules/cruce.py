"""Cruce (Romania): 24 cards, bidding, the first card led names trump, marriages, game points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.cards import Card, Family, Rank, full_deck
from aceten.moves import Bid, Move
from aceten.rules.base import Rules, bool_option, int_option
from aceten.rules.obligations import FollowSuit, Obligations, Trumping

if TYPE_CHECKING:
    from aceten.game import Game, Outcome

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

    def _declare(self) -> None:
        n = self.players
        self.deck = full_deck(Family.GERMAN)
        self.hand_size = 6 if n == 4 else 8
        self.teams = ((0, 2), (1, 3)) if n == 4 else tuple((s,) for s in range(n))
        self.plain_order = self.trump_order = CRUCE_ORDER
        self.plain_points = self.trump_points = CRUCE_POINTS
        self.trump_mode = "first-lead"
        self.draw = "after-trick" if n == 2 else "none"
        self.has_phases = self.options["bidding"]
        self.has_lead_bonus = True
        undertrump = "must" if self.options["undertrump"] else "free"
        self.obligations = Obligations(
            (FollowSuit(beat="always"), Trumping(overtrump=True, undertrump=undertrump)),
            when="stock-empty" if n == 2 else "always")

    # -- bidding ---------------------------------------------------------------------------
    def start_phase(self, game: Game) -> str:
        return "bid" if self.has_phases else "play"

    def phase_moves(self, game: Game) -> list[Move]:
        high = max((m.value for _, m in game.bids if isinstance(m, Bid)), default=0)
        return [Bid(0)] + [Bid(v) for v in range(high + 1, MAX_BID + 1)]

    def apply_phase_move(self, game: Game, move: Move) -> None:
        assert isinstance(move, Bid)
        seat = game.to_move
        game._bids.append((seat, move))
        game._log.append(("bid", seat, move.value))
        if len(game._bids) < self.players:
            game._to_move = (seat + 1) % self.players
            return
        best_seat, best = game._leader, 0
        for who, bid in game._bids:
            assert isinstance(bid, Bid)
            if bid.value > best:
                best_seat, best = who, bid.value
        game.declarer = best_seat if best else None
        game.contract = best
        game._leader = game._to_move = best_seat
        game._phase = "play"

    # -- marriages -------------------------------------------------------------------------
    def lead_bonus(self, game: Game, seat: int, card: Card) -> tuple[int, str] | None:
        if card.rank not in (Rank.KING, Rank.QUEEN):
            return None
        mate = Card(Rank.QUEEN if card.rank == Rank.KING else Rank.KING, card.suit)
        if not game._hands[seat] & mate.bit:
            return None
        value = 40 if card.suit == game.trump else 20
        return value, f"marriage in {card.suit.name}: {value}"

    # -- scoring ---------------------------------------------------------------------------
    def outcome(self, game: Game) -> Outcome:
        from aceten.game import Outcome

        teams = self.teams
        team_points = tuple(sum(game.points[s] for s in t) for t in teams)
        team_bonus = tuple(sum(game.bonus[s] for s in t) for t in teams)
        team_tricks = tuple(sum(game.tricks_won[s] for s in t) for t in teams)
        scores = [(p + b) // UNIT for p, b in zip(team_points, team_bonus)]
        notes: list[str] = []
        if game.declarer is not None:
            side = game.team_of(game.declarer)
            total = team_points[side] + team_bonus[side]
            if total < game.contract * UNIT:
                scores[side] = -game.contract
                notes.append(f"{_side_name(teams, side)} bid {game.contract} and made "
                             f"{total} < {game.contract * UNIT}: scores -{game.contract}")
        best = max(scores)
        leaders = [t for t, s in enumerate(scores) if s == best]
        return Outcome(
            points=game.points, tricks=game.tricks_won, bonus=game.bonus,
            team_points=team_points, team_tricks=team_tricks, scores=tuple(scores),
            winner=leaders[0] if len(leaders) == 1 else None, teams=teams, notes=tuple(notes),
        )

    def scoring_lines(self) -> list[str]:
        return [
            "bids 0-6 once around, the dealer last, each above the last (0 passes); "
            "the highest bidder leads; if all pass, the seat after the dealer leads",
            "the suit of the first card led is trump",
            "marriage: the leader holding K and Q of a suit who leads one of them scores 20, 40 in trumps",
            f"game points: (card points + marriages) // {UNIT}; a bidding side short of "
            f"bid x {UNIT} scores -bid",
            f"a match is played to {self.options['target']}",
        ]


def _side_name(teams: tuple[tuple[int, ...], ...], side: int) -> str:
    return "+".join(f"P{s + 1}" for s in teams[side])
