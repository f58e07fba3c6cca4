"""Running a tournament against its results database, and reporting on stored ones."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aceten.arena import backends
from aceten.arena.config import TournamentConfig
from aceten.arena.runner import DealResult
from aceten.arena.stats import Standings
from aceten.arena.storage import DEFAULT_PATH, Storage
from aceten.errors import AcetenError

Progress = Callable[[int, int, Standings], None]


@dataclass
class TournamentResult:
    """A tournament's statistics over its first ``deals`` deals, and how this run went."""

    config: TournamentConfig
    id: int
    db: str
    deals: int  # deals asked for (or wanted, in a report)
    finished: int  # deals stored among them
    standings: Standings
    computed: int = 0  # deals played by this run
    reused: int = 0  # deals found in the database
    seconds: float = 0.0  # wall time of this run
    cpu_seconds: float = 0.0  # time the stored deals took to play, summed over workers
    where: str = ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tournament": {"id": self.id, "format": "duplicate", **self.config.identity(),
                           "seatings": [list(s) for s in self.config.seatings]},
            "db": self.db,
            "deals": self.deals,
            "finished": self.finished,
        }
        if self.where:
            out.update(computed=self.computed, reused=self.reused, backend=self.where,
                       seconds=round(self.seconds, 3),
                       deals_per_second=(round(self.computed / self.seconds, 1)
                                         if self.seconds > 0 and self.computed else None))
        out["play_seconds"] = round(self.cpu_seconds, 3)
        stats = self.standings.as_dict()
        out["games"] = stats["games"]
        out["pairs"] = stats["pairs"]
        out["bots"] = stats["bots"]
        if "roles" in stats:
            out["roles"] = stats["roles"]
            out["thrown_in"] = stats["thrown_in"]
        return out


@contextmanager
def _database_errors(path: str) -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as err:
        raise AcetenError(f"{path}: results database error ({err})") from None


def run(config: TournamentConfig, deals: int, *, db: str | Path | None = DEFAULT_PATH,
        backend: str = "local", workers: int | None = None, address: str | None = None,
        progress: Progress | None = None) -> TournamentResult:
    """Play the first ``deals`` deals of the tournament, skipping those already in ``db``
    (``None``: a database in memory), and return the statistics over all of them.

        >>> config = TournamentConfig.create("briscola", ["greedy", "random"], seed=3)
        >>> result = run(config, 4, db=None, workers=1)
        >>> result.computed, result.standings.games
        (4, 8)
    """
    if deals < 1:
        raise AcetenError(f"--deals {deals}: give at least 1")
    if backend not in backends.BACKENDS:
        raise AcetenError(f"unknown backend {backend!r}: choose from {', '.join(backends.BACKENDS)}")
    if workers is not None and workers < 1:
        raise AcetenError(f"--workers {workers}: give at least 1")
    path = ":memory:" if db is None else str(db)
    with _database_errors(path), Storage(db) as store:
        tid = store.tournament(config, deals)
        done = store.finished(tid, below=deals)
        todo = [d for d in range(deals) if d not in done]
        running = Standings(config.bots, config.teams)
        for rows in store.deals(tid, below=deals, config=config):
            running.add_deal(rows)
        computed = 0

        def sink(results: list[DealResult]) -> None:
            nonlocal computed
            computed += store.add(tid, results)
            for result in results:
                running.add_deal(result.games)
            if progress is not None:
                progress(len(done) + computed, deals, running)

        if progress is not None:
            progress(len(done), deals, running)
        start = time.perf_counter()
        where = "nothing to play"
        if todo:
            where = backends.run(backend, config, todo, sink, workers=workers, address=address)
        elapsed = time.perf_counter() - start
        return _result(store, tid, config, deals, path, computed=computed, reused=len(done),
                       seconds=elapsed, where=where)


def _result(store: Storage, tid: int, config: TournamentConfig, deals: int | None, path: str,
            **run_info: Any) -> TournamentResult:
    """Statistics over the stored deals below ``deals`` (all of them for ``None``), in order."""
    standings = Standings(config.bots, config.teams)
    for rows in store.deals(tid, below=deals, config=config):
        standings.add_deal(rows)
    return TournamentResult(config, tid, path, standings.deals if deals is None else deals,
                            standings.deals, standings,
                            cpu_seconds=store.seconds(tid, below=deals), **run_info)


def report(db: str | Path = DEFAULT_PATH) -> list[TournamentResult]:
    """Statistics of every tournament stored in ``db`` (over all its stored deals)."""
    path = str(db)
    with _database_errors(path), Storage(db, create=False) as store:
        out = []
        for tid, config, wanted in store.tournaments():
            result = _result(store, tid, config, None, path)
            result.deals = max(wanted, result.finished)
            out.append(result)
        return out
