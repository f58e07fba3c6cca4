"""PostgreSQL storage of the web tables, for several server processes sharing them.

The same rows as the SQLite store (:mod:`aceten.web.store`), in tables named ``aceten_tables``
and ``aceten_moves`` so that they can live in a database that holds other things. Every call is
one transaction on one connection (psycopg 3, imported only here: the ``postgres`` extra). A move
is acknowledged only after its ``COMMIT`` returns, which with PostgreSQL's defaults
(``synchronous_commit=on``, ``fsync=on``) means its write-ahead log is on disk. The primary key
(table, ply) is the guard between processes: a second process storing a move for a ply already
stored gets :class:`~aceten.web.store.StoreConflict`, never a second move for that ply.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from aceten.errors import AcetenError
from aceten.web.store import COLUMNS, Store, StoreConflict, TableRow, decode_row

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS aceten_tables (
        id       TEXT PRIMARY KEY,
        created  DOUBLE PRECISION NOT NULL,
        game     TEXT NOT NULL,
        players  INTEGER NOT NULL,
        variant  TEXT NOT NULL,
        options  TEXT NOT NULL,
        seed     BIGINT,
        deal     TEXT NOT NULL,
        seats    TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0,
        updated  DOUBLE PRECISION,
        seed_chosen INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS aceten_moves (
        table_id TEXT NOT NULL REFERENCES aceten_tables(id) ON DELETE CASCADE,
        ply      INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        move     TEXT NOT NULL,
        reason   TEXT,
        created  DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, ply)
    )""",
    "CREATE INDEX IF NOT EXISTS aceten_tables_updated ON aceten_tables(finished, updated)",
)
CHANNEL = "aceten_moves"  # NOTIFY'd with a table's id after each move is committed
SCHEMA_LOCK = 0x61636574656E  # an advisory lock: two processes starting at once create the schema once


def bot_lock(table_id: str, ply: int) -> int:
    """The advisory lock (a signed 64-bit key) of a table's bot move at ``ply``: held by the
    process that thinks for it."""
    digest = hashlib.sha256(f"aceten bot {table_id} {ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise AcetenError("a postgresql:// database needs psycopg: pip install 'aceten[postgres]'") from None
    return psycopg


class PostgresStore(Store):
    """One PostgreSQL database given by its URL (``postgresql://user:pass@host:port/db``)."""

    shared = True

    def __init__(self, url: str):
        self.url = url
        self._psycopg = _psycopg()
        self._lock = threading.Lock()
        self._listening = threading.Event()
        self._db = self._connect()
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            for statement in SCHEMA:
                self._db.execute(statement)

    def _connect(self) -> Any:
        try:
            return self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except self._psycopg.Error as err:
            text = str(err).strip()
            raise AcetenError(text.splitlines()[0] if text else type(err).__name__) from None

    def _conn(self) -> Any:
        """The connection, opened again if the server dropped it (the failed call was not
        retried: its caller was told)."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def close(self) -> None:
        self._listening.clear()
        with self._lock:
            self._db.close()

    def listen(self, on_move: Callable[[str], None]) -> None:
        """Call ``on_move(table_id)`` (on a thread of its own) whenever any server process
        commits a move, until :meth:`close`; a dropped connection is opened again."""
        self._listening.set()

        def run() -> None:
            while self._listening.is_set():
                try:
                    with self._psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                        db.execute(f"LISTEN {CHANNEL}")
                        while self._listening.is_set():
                            for note in db.notifies(timeout=1.0):
                                on_move(note.payload)
                except Exception:  # the database went away: try again in a moment
                    time.sleep(1.0)

        threading.Thread(target=run, name="aceten-listen", daemon=True).start()

    def create_table(self, row: TableRow) -> None:
        with self._lock:
            self._conn().execute(
                "INSERT INTO aceten_tables (id, created, game, players, variant, options, seed, deal,"
                " seats, updated, seed_chosen) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (row.id, row.created, row.game, row.players, row.variant, json.dumps(row.options),
                 row.seed, json.dumps(row.deal), json.dumps(row.seats), row.created,
                 int(row.seed_chosen)))

    def add_move(self, table_id: str, ply: int, seat: int, move: str, reason: str | None,
                 finished: bool) -> None:
        errors = self._psycopg.errors
        with self._lock:
            db = self._conn()
            now = time.time()
            try:
                with db.transaction():
                    db.execute("INSERT INTO aceten_moves (table_id, ply, seat, move, reason, created)"
                               " VALUES (%s, %s, %s, %s, %s, %s)", (table_id, ply, seat, move, reason, now))
                    db.execute("UPDATE aceten_tables SET finished = %s, updated = %s WHERE id = %s",
                               (int(finished), now, table_id))
                    # the other server processes hear of it when it commits (listen())
                    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
            except errors.UniqueViolation:
                raise StoreConflict(f"ply {ply} of table {table_id} is already stored") from None

    def claim_bot(self, table_id: str, ply: int) -> bool:
        """A session-level advisory lock on (table, ply), taken without waiting: the process
        holding it thinks for the bot. PostgreSQL releases it if the process's connection
        ends (a process killed while thinking leaves no claim behind)."""
        with self._lock:
            row = self._conn().execute("SELECT pg_try_advisory_lock(%s)",
                                       (bot_lock(table_id, ply),)).fetchone()
        return bool(row[0])

    def release_bot(self, table_id: str, ply: int) -> None:
        with self._lock:
            db = self._db
            if db.closed or db.broken:  # the session ended, and its locks with it
                return
            db.execute("SELECT pg_advisory_unlock(%s)", (bot_lock(table_id, ply),))

    def load(self, table_id: str) -> TableRow | None:
        with self._lock:
            db = self._conn()
            with db.transaction():  # the table and its moves as of one moment
                row = db.execute(f"SELECT {COLUMNS} FROM aceten_tables WHERE id = %s",
                                 (table_id,)).fetchone()
                if row is None:
                    return None
                moves = db.execute("SELECT seat, move, reason FROM aceten_moves WHERE table_id = %s"
                                   " ORDER BY ply", (table_id,)).fetchall()
        return decode_row(row, moves)

    def moves_from(self, table_id: str, ply: int) -> list[tuple[int, str, str | None]]:
        with self._lock:
            rows = self._conn().execute(
                "SELECT seat, move, reason FROM aceten_moves WHERE table_id = %s AND ply >= %s"
                " ORDER BY ply", (table_id, ply)).fetchall()
        return [(int(s), str(m), r) for s, m, r in rows]

    def count(self, finished: bool | None = None) -> int:
        with self._lock:
            if finished is None:
                found = self._conn().execute("SELECT COUNT(*) FROM aceten_tables").fetchone()
            else:
                found = self._conn().execute("SELECT COUNT(*) FROM aceten_tables WHERE finished = %s",
                                             (int(finished),)).fetchone()
        return int(found[0])

    def expire(self, unfinished_before: float, finished_before: float | None) -> list[str]:
        with self._lock:
            db = self._conn()
            with db.transaction():
                ids = [r[0] for r in db.execute(
                    "DELETE FROM aceten_tables WHERE (finished = 0 AND COALESCE(updated, created) < %s)"
                    " OR (%s::double precision IS NOT NULL AND finished = 1"
                    " AND COALESCE(updated, created) < %s) RETURNING id",
                    (unfinished_before, finished_before, finished_before)).fetchall()]
        return ids
