"""The results database: SQLite, one transaction per batch of finished deals, resumable.

Schema (version 1)::

    meta(key PRIMARY KEY, value)           -- application = aceten-arena, schema = 1
    tournaments(id PRIMARY KEY, key UNIQUE, -- key: the configuration as canonical JSON
                game, players, variant, options, bots, seed, deals_wanted, created, version)
    deals(tournament, deal, seed, seconds, finished, PRIMARY KEY (tournament, deal))
    games(tournament, deal, seating, seats, bot_seeds, scores, points, winner, moves,
          roles, times, PRIMARY KEY (tournament, deal, seating))

``options``, ``bots``, ``seats``, ``bot_seeds``, ``scores`` and ``points`` are JSON arrays
(or an object for options); ``roles`` is NULL, or with a hidden team the JSON
``[declarer, partner, seat_scores]`` (added to older version-1 files when opened);
``times`` is NULL, or per seat the CPU milliseconds of each of its decisions as a JSON array
of arrays (added to older version-1 files when opened; their games have none);
``winner`` is the winning side or NULL for a draw. A deal's row
and all its games are written in the same transaction, so a deal is either wholly stored or
not at all. The database runs in WAL mode with ``synchronous=FULL``: a run killed at any
moment keeps every deal committed before it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import aceten
from aceten.arena.config import TournamentConfig
from aceten.arena.runner import DealResult, GameResult
from aceten.errors import AcetenError

APPLICATION = "aceten-arena"
SCHEMA = 1
DEFAULT_PATH = "aceten-arena.sqlite"

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    bots TEXT NOT NULL,
    seed INTEGER NOT NULL,
    deals_wanted INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deals (
    tournament INTEGER NOT NULL REFERENCES tournaments (id),
    deal INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seconds REAL,
    finished TEXT NOT NULL,
    PRIMARY KEY (tournament, deal)
);
CREATE TABLE IF NOT EXISTS games (
    tournament INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    seating INTEGER NOT NULL,
    seats TEXT NOT NULL,
    bot_seeds TEXT NOT NULL,
    scores TEXT NOT NULL,
    points TEXT NOT NULL,
    winner INTEGER,
    moves TEXT NOT NULL,
    roles TEXT,
    times TEXT,
    PRIMARY KEY (tournament, deal, seating),
    FOREIGN KEY (tournament, deal) REFERENCES deals (tournament, deal)
);
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _roles(game: GameResult) -> str | None:
    if not game.seat_scores:
        return None
    return _dumps([game.declarer, game.partner, list(game.seat_scores)])


def _times(game: GameResult) -> str | None:
    if not game.times:
        return None
    return _dumps([list(seat) for seat in game.times])


class Storage:
    """An open results database (a file path, or ``None`` for one in memory)."""

    def __init__(self, path: str | Path | None = DEFAULT_PATH, *, create: bool = True):
        self.path = ":memory:" if path is None else str(path)
        where = self.path
        if path is not None and not create and not Path(path).is_file():
            there = Path(path).exists()  # a folder, a device
            raise AcetenError(f"{where}: {'not a file' if there else 'no such results database'}")
        try:
            self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        except sqlite3.Error as err:
            raise AcetenError(f"{where}: cannot open the results database ({err})") from None
        try:
            self._prepare(create)
        except sqlite3.DatabaseError as err:
            self.conn.close()
            raise AcetenError(f"{where}: not a usable results database ({err})") from None
        except AcetenError:
            self.conn.close()
            raise

    def _prepare(self, create: bool) -> None:
        conn = self.conn
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if tables and "meta" not in tables:
            raise AcetenError(f"{self.path}: an SQLite database, but not an aceten arena one")
        if "meta" in tables:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("application") != APPLICATION:
                raise AcetenError(f"{self.path}: an SQLite database, but not an aceten arena one")
            if meta.get("schema") != str(SCHEMA):
                raise AcetenError(f"{self.path}: arena database schema {meta.get('schema')}, "
                                  f"this aceten reads schema {SCHEMA}")
        elif not create:
            raise AcetenError(f"{self.path}: an empty database, with no tournaments")
        if self.path != ":memory:":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        if "meta" not in tables:
            with self.transaction():
                for statement in _TABLES.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.executemany("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
                                 [("application", APPLICATION), ("schema", str(SCHEMA))])
        self._add_columns()

    # -- plumbing ------------------------------------------------------------------------------
    def transaction(self) -> _Transaction:
        return _Transaction(self.conn)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Storage:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _add_columns(self) -> None:
        """Version-1 files written before hidden teams lack ``games.roles``, and those written
        before decision times ``games.times``: add them (NULL)."""
        columns = {r[1] for r in self.conn.execute("PRAGMA table_info(games)")}
        for name in ("roles", "times"):
            if name not in columns:
                self.conn.execute(f"ALTER TABLE games ADD COLUMN {name} TEXT")

    # -- tournaments ---------------------------------------------------------------------------
    def tournament(self, config: TournamentConfig, deals_wanted: int = 0) -> int:
        """The id of the tournament with this configuration, created if new; remembers the
        largest number of deals asked for."""
        with self.transaction():
            row = self.conn.execute("SELECT id FROM tournaments WHERE key = ?",
                                    (config.key,)).fetchone()
            if row is None:
                cur = self.conn.execute(
                    "INSERT INTO tournaments (key, game, players, variant, options, bots, seed, "
                    "deals_wanted, created, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (config.key, config.game, config.players, config.variant,
                     _dumps(dict(config.options)), _dumps(list(config.bots)), config.seed,
                     deals_wanted, _now(), aceten.__version__))
                return int(cur.lastrowid or 0)
            tid = int(row[0])
            self.conn.execute("UPDATE tournaments SET deals_wanted = max(deals_wanted, ?) "
                              "WHERE id = ?", (deals_wanted, tid))
            return tid

    def tournaments(self) -> list[tuple[int, TournamentConfig, int]]:
        """Every tournament: ``(id, configuration, deals wanted)``, oldest first."""
        out = []
        for tid, key, wanted in self.conn.execute(
                "SELECT id, key, deals_wanted FROM tournaments ORDER BY id"):
            try:
                config = TournamentConfig.from_key(key)
                out.append((int(tid), config, int(wanted)))
            except (ValueError, KeyError, TypeError, AcetenError) as err:
                raise AcetenError(f"{self.path}: tournament {tid} has an unreadable "
                                  f"configuration ({err})") from None
        return out

    # -- deals ---------------------------------------------------------------------------------
    def finished(self, tournament: int, below: int | None = None) -> set[int]:
        """The numbers of the deals already stored (those below ``below``)."""
        sql = "SELECT deal FROM deals WHERE tournament = ?"
        args: tuple[int, ...] = (tournament,)
        if below is not None:
            sql += " AND deal < ?"
            args = (tournament, below)
        return {int(r[0]) for r in self.conn.execute(sql, args)}

    def add(self, tournament: int, results: Iterable[DealResult]) -> int:
        """Store finished deals in one transaction; a deal already stored is left as it is.
        Returns how many deals were new."""
        new = 0
        with self.transaction():
            for deal in results:
                cur = self.conn.execute(
                    "INSERT OR IGNORE INTO deals (tournament, deal, seed, seconds, finished) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (tournament, deal.deal, deal.deal_seed, round(deal.seconds, 6), _now()))
                if not cur.rowcount:
                    continue
                new += 1
                self.conn.executemany(
                    "INSERT INTO games (tournament, deal, seating, seats, bot_seeds, scores, "
                    "points, winner, moves, roles, times) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(tournament, g.deal, g.seating, _dumps(list(g.seats)),
                      _dumps(list(g.bot_seeds)), _dumps(list(g.scores)), _dumps(list(g.points)),
                      g.winner, g.moves, _roles(g), _times(g)) for g in deal.games])
        return new

    def deals(self, tournament: int, below: int | None = None,
              config: TournamentConfig | None = None) -> Iterator[list[GameResult]]:
        """The stored deals in order, each as the list of its games in seating order; with the
        tournament's ``config``, a row that does not fit it (a bot it does not play, a score
        too few) is refused as unreadable rather than failing in the statistics."""
        sql = ("SELECT g.deal, g.seating, d.seed, g.seats, g.bot_seeds, g.scores, g.points, "
               "g.winner, g.moves, g.roles, g.times FROM games g JOIN deals d "
               "ON d.tournament = g.tournament AND d.deal = g.deal WHERE g.tournament = ?")
        args: tuple[int, ...] = (tournament,)
        if below is not None:
            sql += " AND g.deal < ?"
            args = (tournament, below)
        sql += " ORDER BY g.deal, g.seating"
        current: list[GameResult] = []
        try:
            for deal, seating, seed, seats, bot_seeds, scores, points, winner, moves, roles, \
                    times in self.conn.execute(sql, args):
                declarer, partner, sheet = json.loads(roles) if roles else (None, None, [])
                row = GameResult(int(deal), int(seating), int(seed), tuple(json.loads(seats)),
                                 tuple(json.loads(bot_seeds)), tuple(json.loads(scores)),
                                 tuple(json.loads(points)), None if winner is None else int(winner),
                                 moves, declarer, partner, tuple(sheet),
                                 times=tuple(tuple(float(t) for t in seat)
                                             for seat in json.loads(times)) if times else ())
                if config is not None:
                    _check_fits(row, config)
                if current and current[0].deal != row.deal:
                    yield current
                    current = []
                current.append(row)
        except (ValueError, TypeError, IndexError) as err:
            raise AcetenError(f"{self.path}: an unreadable game row ({err})") from None
        if current:
            yield current

    def seconds(self, tournament: int, below: int | None = None) -> float:
        """Total time the stored deals took to play (summed over workers)."""
        sql = "SELECT coalesce(sum(seconds), 0) FROM deals WHERE tournament = ?"
        args: Sequence[int] = (tournament,)
        if below is not None:
            sql += " AND deal < ?"
            args = (tournament, below)
        return float(self.conn.execute(sql, args).fetchone()[0])


def _check_fits(row: GameResult, config: TournamentConfig) -> None:
    """A ValueError unless ``row`` is a game ``config`` could have stored: one of its bots in
    every seat, whole numbers, a score a side and points a seat."""
    n = config.players
    if len(row.seats) != n or not all(bot in config.bots for bot in row.seats):
        raise ValueError(f"deal {row.deal}: seats {list(row.seats)} are not {n} of the bots "
                         f"{', '.join(config.bots)}")
    sides = len(row.scores) if config.hidden_teams else len(config.teams)
    numbers = (*row.scores, *row.points, *row.seat_scores)
    if (not 1 <= len(row.scores) <= n or len(row.scores) != sides or len(row.points) != n
            or any(type(v) is not int for v in numbers)):
        raise ValueError(f"deal {row.deal}: scores {list(row.scores)} and points "
                         f"{list(row.points)} are not whole numbers for {sides} sides and {n} seats")
    if row.winner is not None and not 0 <= row.winner < len(row.scores):
        raise ValueError(f"deal {row.deal}: no side {row.winner} to win")
    if row.seat_scores and len(row.seat_scores) != n:
        raise ValueError(f"deal {row.deal}: {len(row.seat_scores)} seat scores for {n} seats")


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any exception."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, *rest: object) -> None:
        if exc_type is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")
