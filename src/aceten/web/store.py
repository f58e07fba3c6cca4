"""Storage of the web tables: each table's set-up and its moves, one row per move.

:class:`Store` is the small interface the server uses; :class:`SqliteStore` (one file, the
standard library only) is the default and :class:`aceten.web.store_pg.PostgresStore` serves a
deployment where several server processes share the tables. :func:`open_store` picks one from
``--db``. A move is committed before the server acknowledges it, so a table survives ``kill
-9``: when the table is opened again the server reads the set-up (the deal itself, not only its
seed) and replays the stored moves through the engine. Tables expire (:meth:`Store.expire`), so
the database does not grow without bound. Seat tokens are stored as SHA-256 digests, never as
given out.

Moves are keyed by (table, ply): a move stored for a ply that another process has already
stored fails with :class:`StoreConflict` instead of overwriting it, so two processes serving one
table can disagree about who moved first but never store two moves for one ply.
"""

from __future__ import annotations

import abc
import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aceten.errors import AcetenError

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    created  REAL NOT NULL,
    game     TEXT NOT NULL,
    players  INTEGER NOT NULL,
    variant  TEXT NOT NULL,
    options  TEXT NOT NULL,      -- JSON object of the rule options given
    seed     INTEGER,            -- the deal's seed (never shown before the deal is over)
    deal     TEXT NOT NULL,      -- JSON: [hand of P1, ..., stock], card codes
    seats    TEXT NOT NULL,      -- JSON list: {kind, bot, name, token_sha256}
    finished INTEGER NOT NULL DEFAULT 0,
    updated  REAL,               -- the last move's time (the creation's before any move)
    seed_chosen INTEGER NOT NULL DEFAULT 0  -- 1 if the creator chose the seed
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    ply      INTEGER NOT NULL,   -- 0-based index in the game's move stack
    seat     INTEGER NOT NULL,
    move     TEXT NOT NULL,      -- move notation: AS, bid:2, trump:H, pass, swap:7O
    reason   TEXT,               -- a bot's stated reason, as the bot gave it
    created  REAL NOT NULL,
    PRIMARY KEY (table_id, ply)
);
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables(finished);
"""

# Columns added after the first release, for databases made before them.
MIGRATIONS = (
    ("updated", "ALTER TABLE tables ADD COLUMN updated REAL"),
    ("seed_chosen", "ALTER TABLE tables ADD COLUMN seed_chosen INTEGER NOT NULL DEFAULT 0"),
)
COLUMNS = "id, created, game, players, variant, options, seed, deal, seats, finished, updated, seed_chosen"
INDEXES = "CREATE INDEX IF NOT EXISTS tables_updated ON tables(finished, updated);"


@dataclass
class TableRow:
    """A table as stored: its set-up and its moves in order."""

    id: str
    created: float
    game: str
    players: int
    variant: str
    options: dict[str, Any]
    seed: int | None
    deal: list[list[str]]
    seats: list[dict[str, Any]]
    finished: bool = False
    moves: list[tuple[int, str, str | None]] = field(default_factory=list)  # (seat, move, reason)
    seed_chosen: bool = False
    updated: float | None = None


class StoreConflict(AcetenError):
    """A move for a ply that is already stored (another server process moved first)."""


def is_database_url(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


def open_store(target: str | Path) -> Store:
    """The store for ``--db``: a ``postgresql://`` URL, or else an SQLite file (``:memory:`` too)."""
    if is_database_url(target):
        from aceten.web.store_pg import PostgresStore

        return PostgresStore(str(target))
    return SqliteStore(target)


class Store(abc.ABC):
    """Where tables and moves are kept. Calls may come from any thread; each is atomic."""

    shared = False  # other server processes may write the same tables (see Server.catch_up)

    @abc.abstractmethod
    def close(self) -> None: ...

    @abc.abstractmethod
    def create_table(self, row: TableRow) -> None: ...

    @abc.abstractmethod
    def add_move(self, table_id: str, ply: int, seat: int, move: str, reason: str | None,
                 finished: bool) -> None:
        """Commit one move (and the end of the deal with it) in one transaction, durably, before
        returning; :class:`StoreConflict` if ``ply`` is already stored."""

    @abc.abstractmethod
    def load(self, table_id: str) -> TableRow | None: ...

    @abc.abstractmethod
    def moves_from(self, table_id: str, ply: int) -> list[tuple[int, str, str | None]]:
        """The stored moves from ``ply`` on, in order (what another process added)."""

    @abc.abstractmethod
    def count(self, finished: bool | None = None) -> int: ...

    def claim_bot(self, table_id: str, ply: int) -> bool:
        """Whether this process may think for the bot to move at ``ply`` of the table, no other
        server process sharing the database doing so; held until :meth:`release_bot`. Always,
        for a store that no other process writes."""
        return True

    def release_bot(self, table_id: str, ply: int) -> None:  # noqa: B027 (optional)
        """Done thinking for that bot (its move stored, or given up)."""

    def listen(self, on_move: Callable[[str], None]) -> None:  # noqa: B027 (optional)
        """Call ``on_move(table_id)`` when another process stores a move (shared stores only)."""

    @abc.abstractmethod
    def expire(self, unfinished_before: float, finished_before: float | None) -> list[str]:
        """Delete unfinished tables with no move since ``unfinished_before`` and finished ones
        whose last move is older than ``finished_before`` (None: keep every record), with their
        moves, in one transaction; returns the ids deleted."""


def decode_row(row: tuple[Any, ...], moves: list[tuple[Any, Any, Any]]) -> TableRow:
    """A :class:`TableRow` from the columns of ``COLUMNS`` and the ``(seat, move, reason)`` rows."""
    (tid, created, game, players, variant, options, seed, deal, seats, finished, updated,
     seed_chosen) = row
    return TableRow(tid, created, game, players, variant, json.loads(options), seed,
                    json.loads(deal), json.loads(seats), bool(finished),
                    [(int(s), str(m), r) for s, m, r in moves], bool(seed_chosen), updated)


class SqliteStore(Store):
    """One SQLite database file (write-ahead log, ``synchronous=FULL``); safe to call from
    several threads (calls are serialized). One server process per file."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(tables)")}
        for column, statement in MIGRATIONS:
            if column not in columns:
                self._db.execute(statement)
        self._db.execute(INDEXES)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create_table(self, row: TableRow) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO tables (id, created, game, players, variant, options, seed, deal, seats,"
                " updated, seed_chosen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.created, row.game, row.players, row.variant,
                 json.dumps(row.options), row.seed, json.dumps(row.deal), json.dumps(row.seats),
                 row.created, int(row.seed_chosen)))

    def add_move(self, table_id: str, ply: int, seat: int, move: str, reason: str | None,
                 finished: bool) -> None:
        """Commit one move (and the end of the deal with it) in one transaction."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                now = time.time()
                try:
                    db.execute("INSERT INTO moves (table_id, ply, seat, move, reason, created)"
                               " VALUES (?, ?, ?, ?, ?, ?)", (table_id, ply, seat, move, reason, now))
                except sqlite3.IntegrityError as err:
                    if "UNIQUE" in str(err):
                        raise StoreConflict(f"ply {ply} of table {table_id} is already stored") from None
                    raise
                db.execute("UPDATE tables SET finished = ?, updated = ? WHERE id = ?",
                           (int(finished), now, table_id))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def load(self, table_id: str) -> TableRow | None:
        with self._lock:
            row = self._db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            return self._with_moves(row)

    def moves_from(self, table_id: str, ply: int) -> list[tuple[int, str, str | None]]:
        with self._lock:
            rows = self._db.execute("SELECT seat, move, reason FROM moves WHERE table_id = ? AND ply >= ?"
                                    " ORDER BY ply", (table_id, ply)).fetchall()
        return [(int(s), str(m), r) for s, m, r in rows]

    def count(self, finished: bool | None = None) -> int:
        with self._lock:
            if finished is None:
                return int(self._db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
            return int(self._db.execute("SELECT COUNT(*) FROM tables WHERE finished = ?",
                                        (int(finished),)).fetchone()[0])

    def expire(self, unfinished_before: float, finished_before: float | None) -> list[str]:
        """Delete unfinished tables with no move since ``unfinished_before`` and finished ones
        whose last move is older than ``finished_before`` (None: keep every record), with their
        moves, in one transaction; returns the ids deleted."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                ids = [r[0] for r in db.execute(
                    "SELECT id FROM tables WHERE finished = 0 AND COALESCE(updated, created) < ?",
                    (unfinished_before,))]
                if finished_before is not None:
                    ids += [r[0] for r in db.execute(
                        "SELECT id FROM tables WHERE finished = 1 AND COALESCE(updated, created) < ?",
                        (finished_before,))]
                for start in range(0, len(ids), 500):
                    chunk = ids[start:start + 500]
                    marks = ", ".join("?" * len(chunk))
                    db.execute(f"DELETE FROM moves WHERE table_id IN ({marks})", chunk)
                    db.execute(f"DELETE FROM tables WHERE id IN ({marks})", chunk)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return ids

    def _with_moves(self, row: tuple[Any, ...]) -> TableRow:
        moves = self._db.execute("SELECT seat, move, reason FROM moves WHERE table_id = ? ORDER BY ply",
                                 (row[0],)).fetchall()
        return decode_row(row, moves)
