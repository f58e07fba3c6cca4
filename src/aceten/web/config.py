"""The web table's limits and policies in one place: how many sockets, tables and analyses one
client may hold, how long idle things live, and which origins and hosts are allowed.

Every figure is a field of :class:`WebConfig` so that tests can use small values and a
deployment can tune them; ``docs/web.md`` lists the defaults and what they bound.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def default_bot_workers() -> int:
    """Processes for the searching bots: one core is left to the event loop and the database,
    the rest (at most four) think for the bots."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


@dataclass(frozen=True)
class WebConfig:
    """The server's limits (counts, seconds) and its origin and host policy."""

    # -- sockets -------------------------------------------------------------------------------
    max_connections: int = 1000
    """Sockets that are not seated (lobby, spectators, not yet joined) on the whole server."""
    max_per_address: int = 32
    """Sockets that are not seated from one client address; a newcomer beyond it is on probation
    (it must join a seat), and beyond twice as many it closes that address's oldest unseated
    socket (so one address cannot fill the server, and a person behind it still gets in)."""
    max_spectators: int = 60
    """Spectator sockets per table. Seats never count against it."""
    seat_slots: int = 3
    """Sockets per seat (windows of the same person): a further join of the seat closes its
    oldest socket, so whoever holds the token is never locked out."""
    probation: float = 10.0
    """When the server (or the socket's address) is full, a new socket may still join a seat:
    its first message must be a seat's ``join`` within this many seconds."""
    seat_reserve: int = 200
    """Sockets on probation at once (beyond ``max_connections``)."""
    hello_timeout: float = 30.0
    """Seconds a new socket may stay silent before it is closed."""
    idle_timeout: float = 300.0
    """Seconds a socket may send nothing (the page pings every 25 s) before it is closed."""

    # -- tables --------------------------------------------------------------------------------
    tables_per_address: int = 30
    """Tables one address may create in a burst ..."""
    table_refill: float = 60.0
    """... and then one more every this many seconds."""
    max_open_tables: int = 5000
    """Unfinished tables on the server; creating one beyond it is refused."""
    table_ttl: float = 24 * 3600.0
    """An unfinished table with no move for this long expires: it is deleted with its moves."""
    record_ttl: float = 90 * 24 * 3600.0
    """A finished table's record is kept this long after its last move (0: forever)."""
    unload_after: float = 600.0
    """A table nobody watches and no bot plays leaves memory after this long (it stays in the
    database and is loaded again when someone opens it)."""
    sweep_every: float = 60.0
    """Seconds between two sweeps for expired tables and idle sockets."""

    # -- work ----------------------------------------------------------------------------------
    bot_workers: int = field(default_factory=default_bot_workers)
    """Processes for the searching bots."""
    light_bot_threads: int = 2
    """Threads for the quick bots."""
    bot_claim_wait: float = 5.0
    """With several server processes on one database, only the process that claims a bot's move
    thinks for it; the others look again after this many seconds (should the claimant have died
    before storing the move, one of them takes over)."""
    analysis_workers: int = 1
    """Solver processes for analyses at once (each may use a core for ``analysis_budget``)."""
    analyses_per_client: int = 2
    """Analyses one client address may have waiting; a further request is refused."""
    analysis_cache: int = 256
    """Analyses kept (least recently used dropped first); failures are not kept."""

    # -- fairness ------------------------------------------------------------------------------
    chosen_deals_with_people: bool = False
    """Allow a chosen seed or a stacked deck at a table with more than one person (for tests
    and organisers everyone trusts). Off: such a table is refused. Either way every seat sees
    the table's set-up before sitting down, and the record states it."""

    # -- origins and hosts ---------------------------------------------------------------------
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://cards.example``) allowed to open WebSockets and POST to the API,
    besides the server's own (the ``Host`` the request came to). ``"*"`` allows any."""
    allowed_hosts: tuple[str, ...] = ("*",)
    """``Host`` header values served (``cards.example``, ``*.example``); ``"*"`` serves any.
    ``aceten serve`` sets it to the address it listens on unless ``--allowed-host`` is given."""

    def check(self) -> None:
        """Raise ``ValueError`` on a figure that cannot work."""
        for name in ("max_connections", "max_per_address", "max_spectators", "seat_slots",
                     "tables_per_address", "max_open_tables", "bot_workers", "light_bot_threads",
                     "analysis_workers", "analyses_per_client", "analysis_cache"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")
        for name in ("probation", "hello_timeout", "idle_timeout", "table_refill", "table_ttl",
                     "unload_after", "sweep_every", "bot_claim_wait"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be positive")
        if self.record_ttl < 0 or self.seat_reserve < 0:
            raise ValueError("record_ttl and seat_reserve cannot be negative")

    @classmethod
    def from_settings(cls, settings: list[str], listen: str = "*") -> WebConfig:
        """A config from ``NAME=VALUE`` texts (``aceten serve --set``): numbers for counts and
        seconds, yes/no for switches, commas between origins or hosts. A server listening on a
        loopback address (``listen``) answers only to loopback host names unless
        ``allowed_hosts`` is set: a page on another site cannot reach it by DNS rebinding."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        if listen in LOOPBACK:
            values["allowed_hosts"] = LOOPBACK
        for item in settings:
            name, sep, text = item.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or name not in fields:
                raise ValueError(f"--set {item!r}: expected NAME=VALUE with NAME one of "
                                 + ", ".join(fields))
            default = getattr(cls(), name)
            text = text.strip()
            try:
                if isinstance(default, bool):
                    if text.lower() not in ("yes", "no", "true", "false", "1", "0"):
                        raise ValueError(text)
                    values[name] = text.lower() in ("yes", "true", "1")
                elif isinstance(default, int):
                    values[name] = int(text)
                elif isinstance(default, float):
                    values[name] = float(text)
                else:
                    values[name] = tuple(p.strip() for p in text.split(",") if p.strip())
            except ValueError:
                raise ValueError(f"--set {name}: {text!r} is not a valid value "
                                 f"(like {default!r})") from None
        config = cls(**values)
        config.check()
        return config
