"""Duplicate tournaments between bots, with statistics, a resumable SQLite store and backends.

Every deal is played once per seating of the bots (:mod:`~aceten.arena.schedule`), so the
cards a bot held are held by its opponents in another game of the same deal and the luck of
the deal cancels. Any bot :func:`aceten.agents.get` knows can play.

    >>> from aceten import arena
    >>> config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=1)
    >>> result = arena.run(config, deals=10, db=None, workers=1)   # db=None: in memory
    >>> pair = result.as_dict()["pairs"][0]
    >>> pair["bot"], pair["opponent"], pair["comparisons"]
    ('greedy', 'random', 20)

Modules: :mod:`~aceten.arena.schedule` (seatings and seeds), :mod:`~aceten.arena.runner`
(pure functions from seeds to result rows), :mod:`~aceten.arena.stats` (intervals and Elo),
:mod:`~aceten.arena.storage` (SQLite), :mod:`~aceten.arena.backends` (local processes, Ray)
and :mod:`~aceten.arena.tournament` (running and reporting). See docs/arena.md.
"""

from aceten.arena.config import TournamentConfig
from aceten.arena.runner import DealResult, GameResult, play_chunk, play_deal, play_game, replay
from aceten.arena.schedule import bot_seed, deal_seed, seatings
from aceten.arena.stats import Standings, bradley_terry_elo, wilson
from aceten.arena.storage import DEFAULT_PATH, Storage
from aceten.arena.tournament import TournamentResult, report, run

__all__ = [
    "DEFAULT_PATH", "DealResult", "GameResult", "Standings", "Storage", "TournamentConfig",
    "TournamentResult", "bot_seed", "bradley_terry_elo", "deal_seed", "play_chunk", "play_deal",
    "play_game", "replay", "report", "run", "seatings", "wilson",
]  # fmt: skip
