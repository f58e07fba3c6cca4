"""Who may hold a socket, so that nobody can lock the seated people out.

Sockets come in two kinds. A **seated** socket has proved a seat's token: it counts only against
its seat's own slots (``seat_slots``; a further window of the same seat closes that seat's
oldest one), never against the server, its address or the table's spectators. Every other
socket — not yet joined, or spectating — is **unseated** and counts against:

- its address (``max_per_address``): a newcomer beyond it is on *probation* (below), and beyond
  twice that it closes the address's oldest unseated socket: one address cannot fill the
  server, and a person behind the same address still gets in (and then, seated, no longer
  counts);
- the server (``max_connections``): a newcomer beyond it is on *probation*: its first message
  must be a seat's ``join`` within ``probation`` seconds, or it is closed with "the server is
  full" (at most ``seat_reserve`` sockets are on probation at once).

Spectators per table are capped in :mod:`aceten.web.app` (``max_spectators``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

from aceten.web.config import WebConfig


class Socket(Protocol):
    address: str
    probation: bool

    def kick(self, text: str, code: int = 1008) -> None: ...


class Gate:
    """The counts of unseated sockets, per address and on the server."""

    def __init__(self, config: WebConfig):
        self.config = config
        self._by_address: dict[str, OrderedDict[Socket, None]] = {}
        self.unseated = 0
        self.on_probation = 0

    def admit(self, sock: Socket) -> bool:
        """Count a new socket in; False if it must be refused (the server is full even for
        sockets on probation). May close the address's oldest unseated socket."""
        config = self.config
        mine = self._by_address.setdefault(sock.address, OrderedDict())
        if len(mine) >= 2 * config.max_per_address:
            oldest = next(iter(mine))
            self.leave(oldest)
            oldest.kick(f"too many connections from your address (over {config.max_per_address}); "
                        "this, the oldest, was closed", 1008)
            mine = self._by_address.setdefault(sock.address, OrderedDict())
        if self.unseated >= config.max_connections or len(mine) >= config.max_per_address:
            if self.on_probation >= config.seat_reserve:
                if not mine:
                    del self._by_address[sock.address]
                return False
            sock.probation = True
            self.on_probation += 1
        else:
            self.unseated += 1
        mine[sock] = None
        return True

    def seated(self, sock: Socket) -> None:
        """The socket proved a seat's token: it no longer counts as unseated."""
        self.leave(sock)

    def unseat(self, sock: Socket) -> None:
        """A seated socket became a spectator (or left its seat): it counts again."""
        if sock in self._by_address.get(sock.address, ()):
            return
        self._by_address.setdefault(sock.address, OrderedDict())[sock] = None
        self.unseated += 1

    def leave(self, sock: Socket) -> None:
        """The socket closed or was seated."""
        mine = self._by_address.get(sock.address)
        if mine is None or sock not in mine:
            return
        del mine[sock]
        if not mine:
            del self._by_address[sock.address]
        if sock.probation:
            sock.probation = False
            self.on_probation -= 1
        else:
            self.unseated -= 1

    def from_address(self, address: str) -> int:
        return len(self._by_address.get(address, ()))
