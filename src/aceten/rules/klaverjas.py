"""Klaverjas (Netherlands): 32 cards, 4 players, Rotterdam or Amsterdam, roem, nat and pit."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from aceten.cards import Card, Family, Rank, Suit, full_deck
from aceten.moves import Move, TrumpCall
from aceten.rules.base import Rules, bool_option, int_option, str_option
from aceten.rules.obligations import FollowSuit, Obligations, PartnerExemption, Trumping

if TYPE_CHECKING:
    from aceten.game import Game, Outcome

TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT,
               Rank.SEVEN)
PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
               Rank.SEVEN)
TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4,
                Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0}
PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}
# The order in which roem sequences run, lowest first.
SEQUENCE = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
            Rank.ACE)
PIT_BONUS = 100


def roem(cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> list[tuple[int, str]]:
    """The roem in one trick's cards, each as (points, what)."""
    found: list[tuple[int, str]] = []
    ranks = [c.rank for c in cards]
    if len(cards) == 4 and len(set(ranks)) == 1:
        rank = ranks[0]
        if rank == Rank.JACK:
            found.append((200, "four jacks"))
        elif rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN):
            found.append((100, f"four {rank.name.lower()}s"))
    for suit in {c.suit for c in cards}:
        steps = sorted(SEQUENCE.index(c.rank) for c in cards if c.suit == suit)
        run = best = 1
        for a, b in itertools.pairwise(steps):
            run = run + 1 if b == a + 1 else 1
            best = max(best, run)
        if best >= 4:
            found.append((50, f"four in sequence in {suit.name}"))
        elif best == 3:
            found.append((20, f"three in sequence in {suit.name}"))
        if trump is not None and suit == trump and {Rank.KING, Rank.QUEEN} <= {
                c.rank for c in cards if c.suit == suit}:
            found.append((20, "stuk (K+Q of trumps)"))
    return found


class KlaverjasRules(Rules):
    name = "klaverjas"
    title = "Klaverjas (Netherlands)"
    family = Family.FRENCH
    player_counts = (4,)
    variants = ("rotterdam", "amsterdam")
    game_options = (
        str_option("trump_choice", "verplicht", "who calls trump: the seat after the dealer must "
                   "(verplicht), or each in turn may call or pass and the seat after the dealer "
                   "must call if all pass (free)", ("verplicht", "free")),
        bool_option("roem", True, "score roem (sequences, stuk, four of a kind)"),
        int_option("deals", 16, "deals in a match"),
    )

    def _declare(self) -> None:
        self.deck = full_deck(Family.FRENCH)
        self.hand_size = 8
        self.teams = ((0, 2), (1, 3))
        self.plain_order, self.trump_order = PLAIN_ORDER, TRUMP_ORDER
        self.plain_points, self.trump_points = PLAIN_POINTS, TRUMP_POINTS
        self.last_trick_bonus = 10
        self.trump_mode = "called"
        self.draw = "none"
        self.has_phases = True
        self.has_trick_bonus = self.options["roem"]
        parts = [FollowSuit(beat="trump-led")]
        if self.variant == "amsterdam":
            parts.append(PartnerExemption())
        parts.append(Trumping(overtrump=True, undertrump="only-trumps"))
        self.obligations = Obligations(tuple(parts))

    # -- calling trump ---------------------------------------------------------------------
    def start_phase(self, game: Game) -> str:
        if self.trump_mode == "given":  # option trump
            game.declarer = game.leader
            return "play"
        return "call"

    def phase_moves(self, game: Game) -> list[Move]:
        calls: list[Move] = [TrumpCall(Suit(Family.FRENCH, i)) for i in range(4)]
        forced = self.options["trump_choice"] == "verplicht" or (
            len(game.bids) == self.players and game.to_move == game.leader)
        return calls if forced else [*calls, TrumpCall(None)]

    def apply_phase_move(self, game: Game, move: Move) -> None:
        assert isinstance(move, TrumpCall)
        seat = game.to_move
        game._bids.append((seat, move))
        game._log.append(("call", seat, move.suit))
        if move.suit is None:
            game._to_move = (seat + 1) % self.players
            return
        game._trump = move.suit
        game.declarer = seat
        game._to_move = game._leader
        game._phase = "play"

    def trick_bonus(self, cards: tuple[Card, ...], trump: Suit | None) -> tuple[int, str] | None:
        found = roem(cards, trump)
        if not found:
            return None
        return sum(p for p, _ in found), "roem: " + ", ".join(f"{what} {p}" for p, what in found)

    # -- scoring ---------------------------------------------------------------------------
    def outcome(self, game: Game) -> Outcome:
        from aceten.game import Outcome

        teams = self.teams
        team_points = tuple(sum(game.points[s] for s in t) for t in teams)
        team_tricks = tuple(sum(game.tricks_won[s] for s in t) for t in teams)
        bonus = [sum(game.bonus[s] for s in t) for t in teams]
        notes: list[str] = []
        for t, tricks in enumerate(team_tricks):
            if tricks == self.tricks_per_deal:
                bonus[t] += PIT_BONUS
                notes.append(f"pit: {_team(teams, t)} took every trick (+{PIT_BONUS})")
        scores = [p + b for p, b in zip(team_points, bonus)]
        playing = game.team_of(game.declarer if game.declarer is not None else game.leader)
        other = 1 - playing
        if scores[playing] <= scores[other]:
            notes.append(f"nat: {_team(teams, playing)} played and scored {scores[playing]} "
                         f"against {scores[other]}; {_team(teams, other)} take "
                         f"{self.total_points} and all roem")
            scores[other] = self.total_points + sum(bonus)
            scores[playing] = 0
        winner = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else None
        return Outcome(
            points=game.points, tricks=game.tricks_won, bonus=game.bonus,
            team_points=team_points, team_tricks=team_tricks, scores=tuple(scores),
            winner=winner, teams=teams, notes=tuple(notes),
        )

    def scoring_lines(self) -> list[str]:
        return [
            "the last trick scores 10 more (162 card points in all)",
            "roem goes to the trick's winners: three in sequence 20, four 50, stuk (K+Q of "
            "trumps) 20 on top, four jacks 200, four A/T/K/Q 100",
            "the playing team must score more than the opponents (points + roem), else it is "
            "nat: it scores 0 and the opponents take 162 + all roem",
            f"pit (all 8 tricks): +{PIT_BONUS}",
            f"a match is {self.options['deals']} deals",
        ]


def _team(teams: tuple[tuple[int, ...], ...], side: int) -> str:
    return "team " + "+".join(f"P{s + 1}" for s in teams[side])
