"""The web table's server: a FastAPI app with one WebSocket endpoint and a few HTTP routes.

``create_app(db_path)`` builds the app; ``aceten serve`` runs it with uvicorn. The protocol is
described in ``docs/web.md``: JSON objects with a ``type``, an optional ``id`` echoed in the
reply. Every connection is sent only what its seat may see (:mod:`aceten.web.tables` builds each
message from the seat's view); every move is committed to the database before anyone hears of it; bad
input gets an ``error`` reply and the connection (and every other) keeps being served.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import importlib.util
import json
import logging
import multiprocessing
import os
import re
import signal
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect, WebSocketState

from aceten import agents, record
from aceten.errors import AcetenError
from aceten.rules import GAMES
from aceten.rules import get as get_rules
from aceten.rules.base import _plain
from aceten.web import analysis as adapter
from aceten.web import i18n
from aceten.web.admission import Gate
from aceten.web.config import WebConfig
from aceten.web.queues import FairQueue, LruCache, PriorityPool
from aceten.web.security import Guard
from aceten.web.store import Store, StoreConflict, open_store
from aceten.web.tables import Table, bot_move_of, deck_json, default_level, replay_message, table_record

log = logging.getLogger("aceten.web")
T = TypeVar("T")

MAX_MESSAGE = 64 * 1024  # bytes of one WebSocket message or HTTP body
MAX_FRAME = 2 * 1024 * 1024  # the transport reads messages this large (and answers "too large")
MAX_RECORD = 256 * 1024  # an uploaded record
SEND_QUEUE = 64  # messages waiting for a slow client before it is dropped (a deal has < 64 moves)
RATE = 20.0  # messages per second a connection may send, on average
BURST = 60.0
CREATE_COST = 10.0  # creating a table counts as this many messages
# bots quick enough to think on a thread: every one that does not search with the solver
LIGHT_BOTS = frozenset(name for name in agents.names() if not agents.needs_solver(name))
ANALYSIS_BUDGET = 20.0  # seconds of solving for one game's analysis
ANALYSIS_GRACE = 120.0  # more for the solver process to start (and compile, the first time)
FULL = "the server is full; try later"
PERSON_FIRST, BOTS_ONLY = 0, 1  # the bots' queue: tables with a person go first

WORKERS: set[Any] = set()  # analysis processes running, killed when the server stops

STATIC = resources.files("aceten.web").joinpath("static")


class MovedOn(AcetenError):
    """A move refused because another server process stored one for the same ply first."""


class Bucket:
    """A token bucket: ``take(cost)`` is False when the client sends faster than ``rate``."""

    def __init__(self, rate: float = RATE, burst: float = BURST):
        self.rate, self.burst = rate, burst
        self.level = burst
        self.stamp = time.monotonic()

    def has(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.level >= cost

    def take(self, cost: float = 1.0) -> bool:
        if not self.has(cost):
            return False
        self.level -= cost
        return True


class Connection:
    """One WebSocket: what it is attached to (a table and a seat, or spectating), and a queue of
    outgoing messages written by its own task, so a slow client never holds up the others."""

    def __init__(self, ws: WebSocket, address: str = "?"):
        self.ws = ws
        self.address = address
        self.table: Table | None = None
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.bucket = Bucket()
        self.refused = 0
        self.closed = False
        self.close_code = 1000
        self.probation = False  # the server was full: the first message must join a seat
        self.spoke = False  # has sent a message
        self.since = time.monotonic()  # attached to its table (the oldest of a seat goes first)

    @property
    def seated(self) -> bool:
        return self.table is not None and self.seat is not None

    def kick(self, text: str, code: int = 1008, rid: Any = None) -> None:
        """Tell the client why (in reply to request ``rid`` if any), then close the socket."""
        self.send({"type": "error", "error": text, "closing": True}
                  | ({} if rid is None else {"id": rid}))
        self.close_code = code
        self.close()

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # the client does not read: let it go
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_text(text)
        except Exception:  # the client went away
            pass
        finally:
            self.closed = True
            if self.ws.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code)


class Server:
    """The tables in memory, their connections, the database and the bots' tasks."""

    def __init__(self, db_path: str | Path, *, bot_delay: float = 0.4,
                 analysis_budget: float = ANALYSIS_BUDGET, warm_bots: bool = False,
                 config: WebConfig | None = None):
        self.config = config or WebConfig()
        self.config.check()
        self.db_path = str(db_path)
        self.warm_bots = warm_bots
        self.bot_warm_up: Future[None] | None = None
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.watchers: dict[str, set[Connection]] = {}
        self.connections: set[Connection] = set()
        self.gate = Gate(self.config)
        self.creators: dict[str, Bucket] = {}  # per address: the tables it may still create
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.heavy_bots = PriorityPool(self.config.bot_workers)
        self.light_bots = PriorityPool(self.config.light_bot_threads)
        self.analyses: LruCache[str, dict[str, Any]] = LruCache(self.config.analysis_cache)
        self.analysing: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.analysis_budget = analysis_budget
        self.analysis_queue = FairQueue(self.config.analysis_workers, self.config.analyses_per_client)
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="aceten-db")
        self.bot_threads = ThreadPoolExecutor(max_workers=self.config.light_bot_threads,
                                              thread_name_prefix="aceten-bot")
        self.bot_pool: ProcessPoolExecutor | None = None
        self.stopping = False
        self.store: Store | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.expired: LruCache[str, bool] = LruCache(10_000)  # ids of tables that expired
        self.listening: set[asyncio.Task[None]] = set()  # catching up with other processes' moves

    # -- database ----------------------------------------------------------------------------------
    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call on the database thread (one at a time, off the event loop)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, functools.partial(fn, *args))

    async def start(self) -> None:
        """Open the database. Tables are not loaded now but when someone opens them (so a
        restart takes no longer with many tables); their bots then play on from where they were."""
        if self.warm_bots:
            self.warm_bot_pool()
        self.store = await self.db(open_store, self.db_path)
        if self.store.shared:  # moves stored by other server processes reach this one's clients
            loop = asyncio.get_running_loop()

            def heard(table_id: str) -> None:
                loop.call_soon_threadsafe(self._heard, table_id)

            self.store.listen(heard)
        await self.sweep()
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        log.info("serving the tables in %s", shown_target(self.db_path))

    async def stop(self) -> None:
        self.stopping = True  # the workers killed below are no failure to report
        if self.sweeper is not None:
            self.sweeper.cancel()
        for task in [*self.bot_tasks.values(), *self.listening]:
            task.cancel()
        for conn in list(self.connections):
            conn.close()
        for worker in list(WORKERS):
            worker.kill()
        if self.bot_pool is not None:
            for process in list(getattr(self.bot_pool, "_processes", {}).values()):
                process.kill()
            # wait for the pool's manager thread to see its workers gone: at exit, Python wakes
            # the managers of every pool, and one still closing its pipe then fails with EBADF
            await asyncio.to_thread(self.bot_pool.shutdown, wait=True, cancel_futures=True)
        self.bot_threads.shutdown(wait=False, cancel_futures=True)
        if self.store is not None:
            await self.db(self.store.close)
        self.executor.shutdown(wait=True)

    # -- expiry ------------------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is retried at the next one
                log.exception("the sweep for expired tables failed")

    async def sweep(self, now: float | None = None) -> list[str]:
        """Delete expired tables (unfinished ones idle for ``table_ttl``, finished ones older than
        ``record_ttl``) from the database and memory, and unload the tables nobody uses."""
        assert self.store is not None
        config = self.config
        now = time.time() if now is None else now
        keep_records = config.record_ttl == 0
        gone = await self.db(self.store.expire, now - config.table_ttl,
                             None if keep_records else now - config.record_ttl)
        for table_id in gone:
            self.expired.put(table_id, True)
            table = self.tables.get(table_id)
            if table is not None:
                for conn in list(self.watchers.get(table_id, ())):
                    self.detach(conn)
                    conn.send({"type": "error", "error": "this table has expired", "expired": True})
                self._forget(table_id)
        for address, bucket in list(self.creators.items()):
            if bucket.has(bucket.burst):  # full again: the same as no bucket
                del self.creators[address]
        idle = time.monotonic() - config.unload_after
        for table_id, table in list(self.tables.items()):
            task = self.bot_tasks.get(table_id)
            if table.active < idle and not self.watchers.get(table_id) and (task is None or task.done()):
                self._forget(table_id)
        return gone

    def _forget(self, table_id: str) -> None:
        task = self.bot_tasks.pop(table_id, None)
        if task is not None:
            task.cancel()
        self.tables.pop(table_id, None)
        self.locks.pop(table_id, None)
        self.watchers.pop(table_id, None)

    def _keep(self, table: Table) -> None:
        self.tables[table.id] = table
        self.locks.setdefault(table.id, asyncio.Lock())
        self.watchers.setdefault(table.id, set())

    async def table(self, table_id: Any) -> Table:
        """A table by id, from memory or loaded from the database."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise AcetenError("no such table")
        table = self.tables.get(table_id)
        if table is None:
            assert self.store is not None
            row = await self.db(self.store.load, table_id)
            if row is None:
                if self.expired.get(table_id):
                    raise AcetenError("this table has expired")
                raise AcetenError("no such table")
            table = self.tables.get(table_id)  # loaded meanwhile by another request
            if table is None:
                table = Table.from_row(row)
                self._keep(table)
                self.kick_bots(table)
        elif self.store is not None and self.store.shared:
            async with self.locks[table.id]:
                await self.catch_up(table)
        table.active = time.monotonic()
        return table

    def _heard(self, table_id: str) -> None:
        """A process (perhaps this one) stored a move for ``table_id``: if the table is in memory,
        read what this process has not seen yet."""
        if table_id in self.tables and not self.stopping:
            task = asyncio.get_running_loop().create_task(self._catch_up_later(table_id))
            self.listening.add(task)
            task.add_done_callback(self.listening.discard)

    async def _catch_up_later(self, table_id: str) -> None:
        table, lock = self.tables.get(table_id), self.locks.get(table_id)
        if table is None or lock is None:
            return
        try:
            async with lock:
                await self.catch_up(table)
        except Exception:  # the next move or view catches up instead
            log.exception("table %s: catching up failed", table_id)

    async def catch_up(self, table: Table) -> bool:
        """Play the moves another server process stored for ``table`` since this one last
        looked (a shared database); tell this process's connections. True if there were any."""
        assert self.store is not None
        later = await self.db(self.store.moves_from, table.id, len(table.plays))
        for seat, move, reason in later:
            table.push(seat, move, reason)
        if later:
            self.broadcast(table)
            self.kick_bots(table)
        return bool(later)

    # -- tables and moves --------------------------------------------------------------------------
    async def create(self, spec: Any, address: str = "?") -> dict[str, Any]:
        """A new table (refused beyond the address's and the server's limits)."""
        config = self.config
        bucket = self.creators.get(address)
        if bucket is None:
            bucket = self.creators[address] = Bucket(1 / config.table_refill, config.tables_per_address)
        if not bucket.has(1):
            raise AcetenError(f"too many tables created from your address; one more every "
                              f"{config.table_refill:.0f} s")
        table, tokens = Table.create(spec, chosen_deals_with_people=config.chosen_deals_with_people)
        assert self.store is not None
        if await self.db(self.store.count, False) >= config.max_open_tables:
            raise AcetenError("the server has too many unfinished tables; try later")
        bucket.take(1)
        await self.db(self.store.create_table, table.row())
        self._keep(table)
        self.kick_bots(table)
        seats = []
        for i, (seat, token) in enumerate(zip(table.seats, tokens)):
            entry = seat.public(i, 0)
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/table/{table.id}#seat={i}&token={token}"
            seats.append(entry)
        return {"type": "created", "table": table.id, "game": table.game.rules.name,
                "players": table.game.players, "spectate": f"/table/{table.id}", "seats": seats,
                "setup": table.setup()}

    async def move(self, table: Table, seat: int, text: Any, reason: str | None = None) -> str:
        """Make a move, commit it, then tell every connection (each its own view).

        The move is checked by the engine and taken back while it is committed, so that nothing
        read meanwhile (a view, the knowledge panel) shows a move that may yet be lost."""
        move = table.push(seat, text, reason)
        ply = len(table.plays) - 1
        finished = table.game.is_over()
        table.pop()
        assert self.store is not None
        try:
            await self.db(self.store.add_move, table.id, ply, seat, str(move), reason, finished)
        except StoreConflict:  # another server process stored a move for this ply first
            await self.catch_up(table)
            raise MovedOn(f"the table has moved on: it is now at ply {len(table.plays)}") from None
        except Exception as err:
            log.error("table %s: move %s not stored: %s", table.id, move, err)
            raise AcetenError("the move could not be stored; try again") from None
        table.push(seat, str(move), reason)
        table.active = time.monotonic()
        self.broadcast(table)
        self.kick_bots(table)
        return str(move)

    def online(self, table: Table) -> list[int]:
        counts = [0] * len(table.seats)
        for conn in self.watchers.get(table.id, ()):
            if conn.seat is not None:
                counts[conn.seat] += 1
        return counts

    def broadcast(self, table: Table) -> None:
        online = self.online(table)
        texts: dict[int | None, str] = {}
        for conn in list(self.watchers.get(table.id, ())):
            if conn.seat not in texts:
                texts[conn.seat] = json.dumps(table.state(conn.seat, online), ensure_ascii=False)
            conn.send(texts[conn.seat])

    def kick_bots(self, table: Table) -> None:
        if table.bot_to_move() is None:
            return
        task = self.bot_tasks.get(table.id)
        if task is None or task.done():
            self.bot_tasks[table.id] = asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        """Play the bots' moves in turn until a person is to move (or the deal is over)."""
        try:
            while table.bot_to_move() is not None:
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                async with self.locks[table.id]:
                    seat = table.bot_to_move()
                    if seat is None:
                        break
                    ply = len(table.plays)
                    if not await self.claim_bot(table, ply):
                        break  # another server process thinks for this bot
                    try:
                        if await self.moved_elsewhere(table):
                            continue  # the move was made meanwhile: look again
                        move, reason = await self.bot_decision(table, seat)
                        with contextlib.suppress(MovedOn):  # another process played first: go on from there
                            await self.move(table, seat, str(move), reason)
                    finally:
                        await self.release_bot(table, ply)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bots stopped", table.id)

    async def claim_bot(self, table: Table, ply: int) -> bool:
        """With several server processes on one database, only one thinks for a bot's move: the
        one that claims it (the store's advisory lock). The others hear of the move when it is
        stored; should the claimant die first, they look again after ``bot_claim_wait``."""
        assert self.store is not None
        if not self.store.shared:
            return True
        if await self.db(self.store.claim_bot, table.id, ply):
            return True
        self._look_again(table, ply)
        return False

    async def release_bot(self, table: Table, ply: int) -> None:
        assert self.store is not None
        if not self.store.shared:
            return
        try:
            await self.db(self.store.release_bot, table.id, ply)
        except Exception:  # the lock goes with the connection; a later claim is only delayed
            log.exception("table %s: releasing the bot's claim failed", table.id)

    async def moved_elsewhere(self, table: Table) -> bool:
        """Whether another process stored moves this one has not seen (now played here): a
        claim taken just after its holder stored the move and let go must not think again."""
        assert self.store is not None
        return self.store.shared and await self.catch_up(table)

    def _look_again(self, table: Table, ply: int) -> None:
        """The bot's move at ``ply`` is another process's to make; if the table is still at that
        ply after ``bot_claim_wait`` seconds (the claimant died, or a notification was lost),
        catch up and let the bots try again."""

        async def later() -> None:
            await asyncio.sleep(self.config.bot_claim_wait)
            if self.stopping or self.tables.get(table.id) is not table or len(table.plays) != ply:
                return
            async with self.locks[table.id]:
                await self.catch_up(table)
            self.kick_bots(table)

        task = asyncio.get_running_loop().create_task(later())
        self.listening.add(task)
        task.add_done_callback(self.listening.discard)

    def _bot_pool(self) -> ProcessPoolExecutor:
        if self.bot_pool is None:
            context = multiprocessing.get_context("spawn")
            self.bot_pool = ProcessPoolExecutor(max_workers=self.config.bot_workers, mp_context=context,
                                                initializer=exit_with_parent,
                                                initargs=(os.getpid(),))
        return self.bot_pool

    def warm_bot_pool(self) -> None:
        """Start the bots' worker process now and load (or, the first time after installing,
        compile) the solver there, so that the first searching bot's move does not wait for
        it. Does nothing where the solver cannot run; a failure is logged, not raised."""
        if not agents._search_installed():
            return
        from aceten.agents import pimc

        with deaf_to_ctrl_c():
            future = self._bot_pool().submit(pimc.warm_up)

        def done(job: Future[None]) -> None:
            if not job.cancelled() and job.exception() is not None and not self.stopping:
                log.warning("the bots' worker could not load the solver: %s", job.exception())

        future.add_done_callback(done)
        self.bot_warm_up = future

    async def bot_decision(self, table: Table, seat: int) -> tuple[Any, str]:
        """The bot's move: quick bots think on a thread; the others (which search, holding the
        interpreter) in a worker process kept warm, so the other tables are not held up. Both
        queue for a free thread or process, a table with a person before a table of bots."""
        priority = PERSON_FIRST if any(s.kind == "human" for s in table.seats) else BOTS_ONLY
        loop = asyncio.get_running_loop()
        if table.seats[seat].bot in LIGHT_BOTS:
            return await self.light_bots.run(
                priority, lambda: loop.run_in_executor(self.bot_threads, table.bot_move))
        return await self.heavy_bots.run(priority, lambda: self._search_bot(table))

    async def _search_bot(self, table: Table) -> tuple[Any, str]:
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._bot_pool()
            try:
                with deaf_to_ctrl_c():  # the pool may start a worker here
                    job = loop.run_in_executor(pool, bot_move_of, table.row())
                return await job
            except BrokenProcessPool:
                self.bot_pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    # -- one connection's requests -----------------------------------------------------------------
    def attach(self, conn: Connection, table: Table, seat: int | None) -> None:
        """Watch ``table`` from ``seat`` (None: as a spectator). A seat has its own slots, which
        spectators never use: a further window of the seat closes the seat's oldest one."""
        watchers = self.watchers.setdefault(table.id, set())
        config = self.config
        if seat is None:
            spectators = sum(1 for c in watchers if c.seat is None and c is not conn)
            if spectators >= config.max_spectators:
                raise AcetenError(f"this table has {config.max_spectators} spectators, as many as "
                                  "it takes; try later")
        self.detach(conn)
        if seat is not None:
            same = sorted((c for c in watchers if c.seat == seat), key=lambda c: c.since)
            for old in same[:max(0, len(same) - config.seat_slots + 1)]:
                self.detach(old)
                old.kick(f"P{seat + 1} was opened in another window; this one was closed", 1000)
            self.gate.seated(conn)
        conn.table, conn.seat = table, seat
        conn.since = time.monotonic()
        watchers.add(conn)

    def detach(self, conn: Connection) -> None:
        if conn.table is not None:
            self.watchers.get(conn.table.id, set()).discard(conn)
            table = conn.table
            seated = conn.seat is not None
            conn.table, conn.seat = None, None
            if seated and not conn.closed:
                self.gate.unseat(conn)
            self.broadcast(table)  # the seat's "online" changed

    async def handle(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message.get("type")
        rid = message.get("id")
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        if conn.probation and kind != "join":
            conn.kick(FULL, 1013, rid)
            return
        if handler is None:
            known = ", ".join(HANDLERS)
            raise AcetenError(f"unknown message type {str(kind)[:30]!r}: expected one of {known}")
        try:
            reply = await handler(self, conn, message)
        finally:
            if conn.probation:  # its join failed: the place was only for a seat
                conn.kick(FULL, 1013, rid)
        if reply is not None:
            if rid is not None:
                reply["id"] = rid
            conn.send(reply)

    def _attached(self, conn: Connection) -> Table:
        if conn.table is None:
            raise AcetenError("join a seat or spectate a table first")
        return conn.table

    async def on_create(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        if not conn.bucket.has(CREATE_COST):
            raise AcetenError("too many tables created; wait a little")
        created = await self.create(message, conn.address)
        conn.bucket.take(CREATE_COST)  # only tables made count, not refused requests
        return created

    async def on_join(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = await self.table(message.get("table"))
        seat = table.check_token(message.get("seat"), message.get("token"))
        return self._joined(conn, table, seat)

    async def on_spectate(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = await self.table(message.get("table"))
        return self._joined(conn, table, None)

    def _joined(self, conn: Connection, table: Table, seat: int | None) -> dict[str, Any]:
        self.attach(conn, table, seat)
        conn.send({"type": "joined", "table": table.id, "seat": seat, "game": table.game.rules.name,
                   "title": table.game.rules.title, "players": table.game.players,
                   "deck": deck_json(table.game), "setup": table.setup(), "ply": len(table.plays)})
        self.broadcast(table)  # everyone sees the seat come online; this one gets its state
        return {"type": "ok", "ply": len(table.plays)}

    async def on_move(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        if conn.seat is None:
            raise AcetenError("spectators cannot move")
        async with self.locks[table.id]:
            expected = message.get("ply")
            if expected is not None and expected != len(table.plays) and self.store is not None \
                    and self.store.shared:  # perhaps moves made through another server process
                await self.catch_up(table)
            if expected is not None and expected != len(table.plays):
                raise AcetenError(f"the table has moved on: it is now at ply {len(table.plays)}")
            move = await self.move(table, conn.seat, message.get("move"))
        return {"type": "ok", "move": move, "ply": len(table.plays)}

    async def on_hint(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        """The coach's recommended move and plain reason, for a seated person on their turn and
        only to them (computed from the seat's view; rate-limited like every message)."""
        table = self._attached(conn)
        seat = conn.seat
        if seat is None:
            raise AcetenError("spectators get no hints")
        async with self.locks[table.id]:
            ply = len(table.plays)
            loop = asyncio.get_running_loop()
            move, reason = await self.light_bots.run(
                PERSON_FIRST, lambda: loop.run_in_executor(self.bot_threads, table.hint, seat))
        return {"type": "hint", "table": table.id, "seat": seat, "ply": ply,
                "move": str(move), "reason": reason}

    async def on_view(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        if self.store is not None and self.store.shared:  # moves made through another process
            async with self.locks[table.id]:
                await self.catch_up(table)
        return table.state(conn.seat, self.online(table))

    async def on_last_trick(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        state = table.state(conn.seat, self.online(table))
        return {"type": "last_trick", "table": table.id, "ply": state["ply"], "trick": state["last_trick"]}

    async def on_log(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        state = table.state(conn.seat, self.online(table))
        return {"type": "log", "table": table.id, "ply": state["ply"], "log": state["log"]}

    async def on_record(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        if not table.game.is_over():
            raise AcetenError("the record is available when the deal is over")
        return {"type": "record", "table": table.id, "ply": len(table.plays),
                "filename": record_filename(table), "tgn": table_record(table)}

    async def on_knowledge(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        card = None
        if message.get("card"):
            text = message["card"]
            if not isinstance(text, str) or len(text) > 32:
                raise AcetenError("card: expected a card, rank then suit")
            card = table.game.rules.parse_card(text)
        if conn.seat is None:  # spectators: the Kripke picture of a card, from the public history
            if card is None:
                raise AcetenError("spectators see the Kripke picture of a card: name the card")
            public = table.game.view(0)  # only its public events are used (analysis.public_picture)
            payload = await asyncio.to_thread(adapter.public_picture, public, card)
            return {"type": "knowledge", "table": table.id, "ply": len(table.plays), **payload}
        view = table.game.view(conn.seat)
        payload = await asyncio.to_thread(adapter.knowledge, view, card)
        return {"type": "knowledge", "table": table.id, "ply": len(table.plays), **payload}

    async def on_analysis(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        table = self._attached(conn)
        if not table.game.is_over():
            raise AcetenError("the analysis is shown when the deal is over")
        payload = await self.analysis(record.dumps(table.game), conn.address)
        return {"type": "analysis", "table": table.id, "ply": len(table.plays), **payload}

    async def analysis(self, text: str, client: str) -> dict[str, Any]:
        """The analysis of a finished game's record, solved in a worker process. Results are kept
        per record (the same deal asked twice, or by two people, is solved once); failures are
        not kept, so asking again tries again. Clients queue in turn (:class:`FairQueue`)."""
        key = hashlib.sha256(text.encode()).hexdigest()
        cached = self.analyses.get(key)
        if cached is not None:
            return cached
        running = self.analysing.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.analysing[key] = future
        try:
            result = await self.analysis_queue.run(
                client, lambda: analyse_elsewhere(text, self.analysis_budget))
            if result.get("available"):
                self.analyses.put(key, result)
            future.set_result(result)
            return result
        except BaseException as err:
            future.set_exception(err if isinstance(err, Exception) else AcetenError("cancelled"))
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waits
            raise
        finally:
            del self.analysing[key]

    async def on_replay(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        text = message.get("tgn")
        if not isinstance(text, str) or not text.strip():
            raise AcetenError("replay: send the record's text as \"tgn\"")
        return await self.replay(text, conn.address)

    async def replay(self, text: str, client: str) -> dict[str, Any]:
        payload = await asyncio.to_thread(replay_payload, text)
        if payload["result"] is not None:
            try:
                payload["analysis"] = await self.analysis(payload["tgn"], client)
            except AcetenError as err:
                payload["analysis"] = {"available": False, "reason": str(err)}
        else:
            payload["analysis"] = adapter.analysis(record.loads(payload["tgn"]))
        return payload

    async def on_ping(self, conn: Connection, message: dict[str, Any]) -> dict[str, Any]:
        return {"type": "pong"}


Handler = Callable[[Server, Connection, dict[str, Any]], Any]
HANDLERS: dict[str, Handler] = {
    "create": Server.on_create,
    "join": Server.on_join,
    "spectate": Server.on_spectate,
    "move": Server.on_move,
    "hint": Server.on_hint,
    "view": Server.on_view,
    "last_trick": Server.on_last_trick,
    "log": Server.on_log,
    "record": Server.on_record,
    "knowledge": Server.on_knowledge,
    "analysis": Server.on_analysis,
    "replay": Server.on_replay,
    "ping": Server.on_ping,
}


def _analysis_worker(conn: Any, text: str, budget: float | None) -> None:
    try:
        conn.send(adapter.analysis_of_record(text, budget))
    except BaseException as err:  # pragma: no cover - reported to the server
        conn.send({"available": False, "reason": f"the analysis failed: {type(err).__name__}: {err}"})
    finally:
        conn.close()


async def analyse_elsewhere(text: str, budget: float | None) -> dict[str, Any]:
    """:func:`aceten.web.analysis.analysis_of_record` in a fresh process, killed if it overruns.

    The solver is compiled code that holds the interpreter while it searches; in its own process
    it cannot stall the tables. Without :mod:`aceten.search` no process is started.
    """
    if importlib.util.find_spec(adapter.SEARCH_MODULE) is None:
        return adapter.analysis_of_record(text, budget)
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    worker = context.Process(target=_analysis_worker, args=(sender, text, budget), daemon=True,
                             name="aceten-analysis")
    with deaf_to_ctrl_c():
        worker.start()
    WORKERS.add(worker)
    sender.close()
    limit = (budget or ANALYSIS_BUDGET) + ANALYSIS_GRACE
    try:
        ready = await asyncio.to_thread(receiver.poll, limit)
        if not ready:
            return {"available": False, "reason": f"the analysis took longer than {limit:.0f} s"}
        return await asyncio.to_thread(receiver.recv)
    except EOFError:
        return {"available": False, "reason": "the analysis stopped without an answer"}
    finally:
        if worker.is_alive():
            worker.kill()
        await asyncio.to_thread(worker.join, 5)
        receiver.close()
        WORKERS.discard(worker)


def shown_target(target: str) -> str:
    """``--db`` as it may be logged or printed: a database URL without its password."""
    if "://" not in target or "@" not in target:
        return target
    scheme, rest = target.split("://", 1)
    credentials, place = rest.rsplit("@", 1)
    return f"{scheme}://{credentials.split(':', 1)[0]}@{place}"


def record_filename(table: Table) -> str:
    return f"aceten-{table.game.rules.name}-{table.id}.tgn"


def replay_payload(text: str) -> dict[str, Any]:
    """A record's game step by step, and the record as aceten writes it."""
    game = record.loads(text)
    payload = replay_message(game)
    payload["tgn"] = record.dumps(game)
    return payload


def games_catalogue() -> dict[str, Any]:
    """The games, their player counts, variants and options, and the bots (for the create form)."""
    games = []
    for name, cls in GAMES.items():
        rules = get_rules(name)
        options = []
        for spec in rules.option_specs:
            if spec.name in ("deck", "stacked"):
                continue
            options.append({"name": spec.name, "default": _plain(spec.default), "doc": spec.doc,
                            "choices": None if spec.choices is None else [_plain(c) for c in spec.choices]})
        # the player counts each variant is played by (one variant may need its own count)
        counts = {variant: list(cls.players_of(variant)) for variant in cls.variants}
        players = sorted({n for found in counts.values() for n in found} | set(cls.player_counts))
        games.append({"name": name, "title": cls.title, "players": players,
                      "variants": list(cls.variants), "variant_players": counts, "options": options})
    names = agents.names()
    return {"games": games, "bots": names, "default_bot": agents.DEFAULT,
            "levels": list(agents.LEVELS), "default_level": default_level()}


async def _read_body(request: Request, limit: int) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"the body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


CORNER_LABEL = re.compile(r'(<text x="16" y="29"[^>]*>)([^<]+)(</text>)')  # aceten.show.svg's corner


@functools.lru_cache(maxsize=1024)

def card_svg(game: str, code: str, language: str | None = None) -> str:
    """A card's face (``back``: its back), its court letters as ``language``'s players write
    them (Italian F, C, R on the Italian deck; :data:`aceten.web.i18n.CARDS`)."""
    rules = get_rules(game)
    from aceten.show import svg

    if code == "back":
        return str(svg.card(rules.deck[0], face_down=True))
    text = str(svg.card(rules.parse_card(code)))
    letters = i18n.rank_letters(language or "", rules.family.name.lower())
    if letters:
        text = CORNER_LABEL.sub(lambda m: m.group(1) + letters.get(m.group(2), m.group(2)) + m.group(3), text)
    return text


@contextlib.contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Start worker processes inside this: they never hear SIGINT. Ctrl-C in the terminal
    reaches the whole process group, and the server, which stops its workers itself, is the
    only one that should act on it.

    The signal is blocked, not ignored: a new process keeps the mask of the thread that starts
    it, and a Ctrl-C that comes meanwhile waits and reaches the server afterwards (ignoring it
    for that moment lost it, and the server served on)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no process groups to share Ctrl-C
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # starting it would unblock SIGINT (its own trick)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def exit_with_parent(parent: int) -> None:
    """In a worker process: end it when the server that started it is gone (killed with
    SIGKILL, say), which a pool's worker does not notice by itself while it waits for work."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="aceten-parent-watch", daemon=True).start()


def create_app(db_path: str | Path = "aceten.sqlite", *, bot_delay: float = 0.4,
               max_connections: int | None = None, analysis_budget: float = ANALYSIS_BUDGET,
               warm_bots: bool = False, config: WebConfig | None = None,
               chosen_deals_with_people: bool | None = None) -> FastAPI:
    """The web table as an ASGI app, its tables kept in the SQLite file ``db_path`` (or the
    PostgreSQL database of a ``postgresql://`` URL: :func:`aceten.web.store.open_store`).

    ``bot_delay`` is the pause in seconds before each bot move (so people can follow the play);
    ``analysis_budget`` the seconds of solving spent on one game's analysis; ``warm_bots``
    starts the searching bots' worker process at start-up and loads the solver there
    (``aceten serve`` does), so that the first pimc move does not wait for it. ``config`` holds
    the limits, timeouts and the origin and host policy (:class:`WebConfig`);
    ``max_connections`` and ``chosen_deals_with_people`` override its figures of those names.
    """
    config = config or WebConfig()
    if max_connections is not None:
        config = dataclasses.replace(config, max_connections=max_connections)
    if chosen_deals_with_people is not None:
        config = dataclasses.replace(config, chosen_deals_with_people=chosen_deals_with_people)
    server = Server(db_path, bot_delay=bot_delay, analysis_budget=analysis_budget,
                    warm_bots=warm_bots, config=config)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(title="aceten", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.add_middleware(Guard, config=config)

    def page() -> FileResponse:
        return FileResponse(str(STATIC.joinpath("index.html")), media_type="text/html",
                            headers={"Cache-Control": "no-cache"})

    app.get("/", include_in_schema=False)(page)
    app.get("/replay", include_in_schema=False)(page)

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return page()

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"ok": True, "tables": len(server.tables), "connections": len(server.connections)}

    @app.get("/api/games")
    def api_games() -> dict[str, Any]:
        return games_catalogue()

    @app.post("/api/tables")
    async def api_create(request: Request) -> JSONResponse:
        body = await _read_body(request, MAX_MESSAGE)
        rid = None
        try:
            spec = _loads(body or b"{}")
            if spec is None:
                raise AcetenError("malformed JSON: a table is asked for with a JSON object")
            rid = _request_id(spec)
            return JSONResponse(_with_id(await server.create(spec, _address(request)), rid))
        except (ValueError, AcetenError) as err:  # JSONDecodeError is a ValueError
            return JSONResponse(_with_id({"type": "error", "error": _message(err)}, rid),
                                status_code=400)

    @app.get("/api/tables/{table_id}")
    async def api_table(table_id: str) -> JSONResponse:
        try:
            table = await server.table(table_id)
        except AcetenError as err:
            return JSONResponse({"type": "error", "error": str(err)}, status_code=404)
        return JSONResponse(table.state(None, server.online(table)))

    @app.get("/api/tables/{table_id}/record.tgn")
    async def api_record(table_id: str) -> Response:
        try:
            table = await server.table(table_id)
        except AcetenError as err:
            return PlainTextResponse(f"error: {err}\n", status_code=404)
        if not table.game.is_over():
            return PlainTextResponse("error: the record is available when the deal is over\n",
                                     status_code=409)
        return PlainTextResponse(table_record(table), media_type="application/x-tgn",
                                 headers={"Content-Disposition":
                                          f'attachment; filename="{record_filename(table)}"'})

    @app.post("/api/replay")
    async def api_replay(request: Request) -> JSONResponse:
        body = await _read_body(request, MAX_RECORD)
        try:
            return JSONResponse(await server.replay(body.decode("utf-8"), _address(request)))
        except UnicodeDecodeError:
            return JSONResponse({"type": "error", "error": "the record is not UTF-8 text"}, status_code=400)
        except AcetenError as err:
            return JSONResponse({"type": "error", "error": _message(err)}, status_code=400)

    @app.get("/api/i18n")
    def api_i18n(request: Request) -> dict[str, Any]:
        return i18n.catalogue(request.headers.get("accept-language"))

    @app.get("/api/cards/{game}/{code}.svg")
    def api_card(game: str, code: str, lang: str | None = None) -> Response:
        try:
            text = card_svg(game.lower()[:20], code[:8], (lang or "")[:5])
        except AcetenError as err:
            return PlainTextResponse(f"error: {err}\n", status_code=404)
        return Response(text, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    @app.websocket("/ws")
    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, _address(ws))
        if not server.gate.admit(conn):
            await ws.send_text(json.dumps({"type": "error", "error": FULL, "closing": True}))
            await ws.close(code=1013)
            return
        server.connections.add(conn)
        writer = asyncio.create_task(conn.writer())
        try:
            await _serve(server, conn)
        finally:
            conn.close()
            server.connections.discard(conn)
            server.detach(conn)
            server.gate.leave(conn)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)

    return app


def _address(connection: Request | WebSocket) -> str:
    """The client's address (behind a reverse proxy, as uvicorn's ``--forwarded-allow-ips``
    reads it from ``X-Forwarded-For``)."""
    client = connection.client
    return client.host if client is not None else "?"


def _request_id(message: Any) -> Any:
    """A message's ``id`` if it is one the server echoes (a number or a short text)."""
    if not isinstance(message, dict):
        return None
    rid = message.get("id")
    if isinstance(rid, bool) or not isinstance(rid, (int, str)) or len(str(rid)) > 64:
        return None
    return rid


def _with_id(reply: dict[str, Any], rid: Any) -> dict[str, Any]:
    if rid is not None:
        reply["id"] = rid
    return reply


def _timeout(server: Server, conn: Connection) -> float:
    config = server.config
    if conn.probation:
        return config.probation
    return config.idle_timeout if conn.spoke else config.hello_timeout


async def _serve(server: Server, conn: Connection) -> None:
    """Read one connection's messages until it closes or falls silent; every bad message gets
    an error reply, with the message's ``id`` whenever it has one."""
    while not conn.closed:
        wait = _timeout(server, conn)
        try:
            frame = await asyncio.wait_for(conn.ws.receive(), wait)
        except asyncio.TimeoutError:
            conn.kick(FULL if conn.probation else f"closed: nothing received for {wait:g} s",
                      1013 if conn.probation else 1000)
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        if frame.get("type") == "websocket.disconnect":
            return
        conn.spoke = True
        text = frame.get("text")
        if text is None:
            data = frame.get("bytes") or b""
            _error(conn, None, "send JSON text messages, not binary ones" if len(data) <= MAX_MESSAGE
                   else f"message too large (over {MAX_MESSAGE} bytes)")
            continue
        if len(text) > MAX_MESSAGE:
            # costs its size in messages; its id is read when it is one
            cost = len(text) / MAX_MESSAGE
            rid = _request_id(_loads(text)) if conn.bucket.take(cost) else None
            _error(conn, rid, f"message too large (over {MAX_MESSAGE} bytes)")
            continue
        if not conn.bucket.take():
            conn.refused += 1
            if conn.refused > 200:
                conn.kick("too many messages; closed", 1008)
                return
            _error(conn, _request_id(_loads(text)), "too many messages; slow down")
            continue
        message = _loads(text)
        if message is None:
            _error(conn, None, "malformed JSON")
            continue
        if not isinstance(message, dict):
            _error(conn, None, "expected a JSON object with a \"type\"")
            continue
        rid = _request_id(message)
        message["id"] = rid
        try:
            await server.handle(conn, message)
        except AcetenError as err:
            _error(conn, rid, _message(err))
        except Exception:
            log.exception("error handling a %r message", message.get("type"))
            _error(conn, rid, "internal error")


def _loads(text: str | bytes) -> Any:
    """The JSON value of a message, or None where it is none (also for arrays nested deeper
    than the parser recurses: RecursionError is no ValueError)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _message(err: Exception) -> str:
    return " ".join(str(err).split())[:500] or type(err).__name__


def _error(conn: Connection, rid: Any, text: str) -> None:
    reply: dict[str, Any] = {"type": "error", "error": text}
    if rid is not None:
        reply["id"] = rid
    if conn.table is not None:
        reply["table"] = conn.table.id
        reply["ply"] = len(conn.table.plays)
    conn.send(reply)


__all__ = ["Server", "WebConfig", "create_app"]
