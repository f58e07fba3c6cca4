"""Fair queues for the server's slow work: the bots' moves and the analyses.

- :class:`PriorityPool` runs at most ``slots`` jobs at once and starts waiting jobs by
  priority, then in order of arrival: a table where a person waits for a bot goes before a
  table of bots playing themselves.
- :class:`FairQueue` runs at most ``slots`` jobs at once and gives each free slot to the
  clients in turn (round robin), so one client posting eight records does not make everyone
  else wait behind all eight.
- :class:`LruCache` keeps the most recently used results, a fixed number of them.

All three live on the event loop (no locks): their methods are called from coroutines only.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from aceten.errors import AcetenError

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class PriorityPool:
    """At most ``slots`` jobs running; the waiting ones start lowest ``priority`` first."""

    def __init__(self, slots: int):
        self.slots = slots
        self.busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self.started: list[int] = []  # priorities in the order jobs started (kept short, for tests)

    @property
    def waiting(self) -> int:
        return sum(1 for _, _, f in self._waiting if not f.done())

    async def run(self, priority: int, job: Callable[[], Awaitable[T]]) -> T:
        if self.busy < self.slots and not self.waiting:
            self.busy += 1
        else:
            granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (priority, next(self._order), granted))
            try:
                await granted
            except asyncio.CancelledError:
                if granted.done() and not granted.cancelled():
                    self._release()  # the slot was handed over just as we were cancelled
                raise
        self.started = [*self.started, priority][-1000:]
        try:
            return await job()
        finally:
            self._release()

    def _release(self) -> None:
        while self._waiting:
            _, _, granted = heapq.heappop(self._waiting)
            if not granted.done():
                granted.set_result(None)  # the slot passes to this job
                return
        self.busy -= 1


class FairQueue:
    """At most ``slots`` jobs running; free slots go to the clients in turn, and each client may
    have at most ``per_client`` jobs waiting or running."""

    def __init__(self, slots: int, per_client: int):
        self.slots = slots
        self.per_client = per_client
        self.busy = 0
        self._turns: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()
        self._held: dict[str, int] = {}

    def held(self, client: str) -> int:
        return self._held.get(client, 0)

    async def run(self, client: str, job: Callable[[], Awaitable[T]]) -> T:
        if self.held(client) >= self.per_client:
            raise AcetenError(f"you already have {self.per_client} analyses under way; "
                              "wait for one to finish")
        self._held[client] = self.held(client) + 1
        try:
            if self.busy < self.slots and not self._turns:
                self.busy += 1
            else:
                granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                self._turns.setdefault(client, deque()).append(granted)
                try:
                    await granted
                except asyncio.CancelledError:
                    if granted.done() and not granted.cancelled():
                        self._release()
                    raise
            try:
                return await job()
            finally:
                self._release()
        finally:
            self._held[client] -= 1
            if not self._held[client]:
                del self._held[client]

    def _release(self) -> None:
        while self._turns:
            client, waiting = next(iter(self._turns.items()))
            granted = waiting.popleft()
            if waiting:
                self._turns.move_to_end(client)  # its next job waits for the others' turns
            else:
                del self._turns[client]
            if not granted.done():
                granted.set_result(None)
                return
        self.busy -= 1


class LruCache(Generic[K, V]):
    """At most ``size`` entries; reading one makes it the most recent."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
