"""Where the deals are played: local processes (all cores by default) or a Ray cluster.

Both hand out *chunks*: lists of deal numbers, each played by :func:`~aceten.arena.runner.
play_chunk` from explicit seeds, so the rows do not depend on the backend, the number of
workers or how the deals were grouped. Chunks start at one deal and grow to about
``TARGET_SECONDS`` of work each, so fast bots do not drown in messaging and slow ones still
report (and commit) often. Results come back to the caller's ``sink`` as chunks finish.
"""

from __future__ import annotations

import logging
import math
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from aceten.arena.config import TournamentConfig
from aceten.arena.runner import DealResult, play_chunk
from aceten.errors import AcetenError

Sink = Callable[[list[DealResult]], None]
BACKENDS = ("local", "ray")
TARGET_SECONDS = 0.5
MAX_CHUNK = 500


class Chunker:
    """Hands out the deals to play in chunks sized from the time deals have taken so far."""

    def __init__(self, deals: Iterable[int], workers: int):
        self.todo = deque(deals)
        self.workers = max(1, workers)
        self.per_deal: float | None = None

    def __bool__(self) -> bool:
        return bool(self.todo)

    def learn(self, results: list[DealResult]) -> None:
        if not results:
            return
        mean = sum(r.seconds for r in results) / len(results)
        self.per_deal = mean if self.per_deal is None else 0.7 * self.per_deal + 0.3 * mean

    def next(self) -> list[int]:
        if self.per_deal is None:
            size = 1
        else:
            size = int(TARGET_SECONDS / max(self.per_deal, 1e-6))
            # leave enough chunks at the end to keep every worker busy
            size = min(size, math.ceil(len(self.todo) / (2 * self.workers)))
        size = max(1, min(size, MAX_CHUNK, len(self.todo)))
        return [self.todo.popleft() for _ in range(size)]


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def run(backend: str, config: TournamentConfig, deals: Iterable[int], sink: Sink, *,
        workers: int | None = None, address: str | None = None) -> str:
    """Play ``deals`` on ``backend``, feeding ``sink`` as chunks finish; returns a one-line
    description of where they ran."""
    if workers is not None and workers < 1:
        raise AcetenError(f"--workers {workers}: give at least 1")
    if backend == "local":
        if address is not None:
            raise AcetenError("--address is for --backend ray")
        n = workers or default_workers()
        run_local(config, deals, sink, n)
        return f"local, {n} worker{'s' if n != 1 else ''}"
    if backend == "ray":
        return run_ray(config, deals, sink, workers=workers, address=address)
    raise AcetenError(f"unknown backend {backend!r}: choose from {', '.join(BACKENDS)}")


# -- local processes ---------------------------------------------------------------------------
def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and keeps what is committed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    # never fork a parent that may run threads (a progress bar): start workers cleanly
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_local(config: TournamentConfig, deals: Iterable[int], sink: Sink, workers: int) -> None:
    """Play in this process (one worker) or in a pool of ``workers`` processes."""
    chunks = Chunker(deals, workers)
    if workers == 1:
        while chunks:
            results = play_chunk(config, chunks.next())
            chunks.learn(results)
            sink(results)
        return
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_context(),
                               initializer=_ignore_sigint)
    try:
        pending: set[Future[list[DealResult]]] = set()
        while chunks or pending:
            while chunks and len(pending) < 2 * workers:
                pending.add(pool.submit(play_chunk, config, chunks.next()))
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                results = future.result()
                chunks.learn(results)
                sink(results)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


# -- Ray -----------------------------------------------------------------------------------------
def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise AcetenError("the ray backend needs Ray: pip install 'aceten[ray]'") from None
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on an address nothing listens on (Ray itself retries for minutes)."""
    import socket

    target = address.split("://", 1)[-1]
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit() or address in ("auto", "local"):
        return
    try:
        with socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=timeout):
            pass
    except OSError as err:
        raise AcetenError(f"cannot reach Ray at {address}: {err.strerror or err}") from None


def run_ray(config: TournamentConfig, deals: Iterable[int], sink: Sink, *,
            workers: int | None = None, address: str | None = None) -> str:
    """Play on the Ray cluster at ``address``, on the one this process is already connected
    to, or on a local Ray instance started for the run (with ``workers`` CPUs) and stopped
    after it. Cluster nodes need aceten installed."""
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
        try:
            if address:
                _check_reachable(address)
                ray.init(address=address, **quiet)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, **quiet)
        except AcetenError:
            raise
        except Exception as err:  # Ray raises ConnectionError, RuntimeError, ValueError...
            where = f"at {address}" if address else "locally"
            raise AcetenError(f"cannot start Ray {where}: {err}") from None
        started = True
    elif address:
        raise AcetenError("this process is already connected to Ray; --address is not needed")
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        slots = min(workers, cpus) if workers else cpus
        task = ray.remote(num_cpus=1)(play_chunk).options(max_retries=3)
        config_ref = ray.put(config)
        chunks = Chunker(deals, slots)
        pending: dict[Any, list[int]] = {}
        while chunks or pending:
            while chunks and len(pending) < 2 * slots:
                chunk = chunks.next()
                pending[task.remote(config_ref, chunk)] = chunk
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                del pending[ref]
                try:
                    results = ray.get(ref)
                except ray.exceptions.RayError as err:
                    cause = getattr(err, "cause", None)
                    if isinstance(cause, AcetenError):
                        raise cause from None
                    raise AcetenError(f"a Ray task failed: {str(err).splitlines()[0]}") from None
                chunks.learn(results)
                sink(results)
        where = address or ("a local Ray instance" if started else "the connected Ray cluster")
        return f"ray ({where}), {slots} worker{'s' if slots != 1 else ''}"
    finally:
        if started:
            ray.shutdown()
