"""Playing the games of a tournament: pure functions from seeds to result rows.

:func:`play_game` is the unit: the same arguments give the same row in any process, on any
machine, which is what lets the backends split the work freely and a database resume it.

    >>> row = play_game("briscola", 2, "standard", {}, deal_seed=5,
    ...                 seats=("greedy", "random"), bot_seeds=(1, 2))
    >>> sum(row.points), row.scores == tuple(row.points)
    (120, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from aceten import agents
from aceten import rules as rules_module
from aceten.arena import schedule
from aceten.arena.config import TournamentConfig
from aceten.errors import AcetenError
from aceten.game import Game


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament: a deal played with one seating.

    ``scores`` and ``winner`` are per side (team), ``points`` per seat; ``moves`` is the play
    as text, enough with ``deal_seed`` to rebuild the game (:func:`replay`).
    """

    deal: int
    seating: int
    deal_seed: int
    seats: tuple[str, ...]  # the bot in each seat
    bot_seeds: tuple[int, ...]
    scores: tuple[int, ...]
    points: tuple[int, ...]
    winner: int | None
    moves: str
    #: with a hidden team: the caller and the partner (the caller when alone; None when
    #: nobody bid) and each seat's score-sheet value; empty otherwise
    declarer: int | None = None
    partner: int | None = None
    seat_scores: tuple[int, ...] = ()
    #: per seat, the CPU milliseconds of each of its decisions (to 0.01 ms; empty when not
    #: measured): how long the bots think, not part of the result, so rows compare without it
    times: tuple[tuple[float, ...], ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, game: Game, *, deal: int, seating: int, deal_seed: int, seats: Sequence[str],
           bot_seeds: Sequence[int], times: Sequence[Sequence[float]] = ()) -> GameResult:
        """The row of a finished game (``times`` per seat in CPU seconds, as ``agents.play``
        collects them)."""
        outcome = game.outcome()
        if outcome is None:
            raise AcetenError("the game is not over: it has no result yet")
        hidden = game.rules.hidden_teams
        return cls(deal, seating, deal_seed, tuple(seats), tuple(bot_seeds),
                   tuple(outcome.scores), tuple(outcome.points), outcome.winner,
                   " ".join(str(m) for m in game.moves),
                   declarer=outcome.declarer if hidden else None,
                   partner=outcome.partner if hidden else None,
                   seat_scores=tuple(outcome.seat_scores) if hidden else (),
                   times=tuple(tuple(round(1000 * t, 2) for t in seat) for seat in times))


@dataclass(frozen=True)
class DealResult:
    """Every game of one deal, and the time it took to play them (not part of the result)."""

    deal: int
    deal_seed: int
    games: tuple[GameResult, ...]
    seconds: float


def play_game(game: str, players: int, variant: str, options: Mapping[str, str], deal_seed: int,
              seats: Sequence[str], bot_seeds: Sequence[int], *, deal: int = 0,
              seating: int = 0) -> GameResult:
    """Play one deal with the bot named in each seat, each seeded, deciding from views only."""
    rules = rules_module.get(game, players=players, variant=variant, **dict(options))
    if len(seats) != rules.players or len(bot_seeds) != rules.players:
        raise AcetenError(f"{len(seats)} bots and {len(bot_seeds)} seeds for a "
                          f"{rules.players}-player game")
    g = Game(rules, seed=deal_seed)
    bots = [agents.get(name, seed=s) for name, s in zip(seats, bot_seeds)]
    times: list[list[float]] = [[] for _ in seats]
    agents.play(g, bots, times=times)
    return GameResult.of(g, deal=deal, seating=seating, deal_seed=deal_seed, seats=seats,
                         bot_seeds=bot_seeds, times=times)


def play_deal(config: TournamentConfig, deal: int) -> DealResult:
    """All the seatings of deal number ``deal``: the same cards, the bots rotated."""
    start = time.perf_counter()
    seed = schedule.deal_seed(config.seed, deal)
    bot_seeds = tuple(schedule.bot_seed(seed, s) for s in range(config.players))
    games = tuple(
        play_game(config.game, config.players, config.variant, config.options, seed, seats,
                  bot_seeds, deal=deal, seating=i)
        for i, seats in enumerate(config.seatings))
    return DealResult(deal, seed, games, time.perf_counter() - start)


def play_chunk(config: TournamentConfig, deals: Iterable[int]) -> list[DealResult]:
    """A batch of deals: the task the backends hand to a worker."""
    return [play_deal(config, d) for d in deals]


def replay(config: TournamentConfig, row: GameResult) -> Game:
    """The game of a stored row, rebuilt from its deal seed and moves (for records and checks).

        >>> from aceten import record
        >>> config = TournamentConfig.create("briscola", ["greedy", "random"])
        >>> row = play_deal(config, 0).games[1]
        >>> game = replay(config, row)
        >>> game.outcome().scores == row.scores
        True
        >>> text = record.dumps(game)    # a .tgn record of the game
    """
    g = Game(config.rules(), seed=row.deal_seed)
    for text in row.moves.split():
        g.push(g.parse_move(text))
    return g
