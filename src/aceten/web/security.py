"""The web table's HTTP hygiene: security headers on every reply, and which origins and hosts
are served.

- **Headers**: a Content-Security-Policy that allows scripts, styles and connections only from
  the server itself (the page has no inline script or style), images also as ``data:`` URLs
  (the Kripke pictures), ``frame-ancestors 'none'`` (no framing, so no click-jacking), and
  ``X-Content-Type-Options: nosniff``.
- **Origins**: a browser sends ``Origin`` with every WebSocket and every cross-site POST. One
  from a page of another site is refused (a WebSocket is closed before it opens; a POST gets
  403), unless it is listed in ``WebConfig.allowed_origins`` — for a page served through a
  reverse proxy under another name. Requests without ``Origin`` (scripts, ``curl``) are not
  browser requests made on someone's behalf and are served.
- **Hosts**: with ``WebConfig.allowed_hosts`` other than ``*``, a request whose ``Host`` is not
  listed gets 400 (a WebSocket is closed): this stops DNS-rebinding pages from reaching a server
  on a private address.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from aceten.web.config import WebConfig

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def host_name(host: str) -> str:
    """``example.org`` of ``example.org:8000``, ``::1`` of ``[::1]:8000``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str | None, allowed: tuple[str, ...]) -> bool:
    if "*" in allowed:
        return True
    if not host:
        return False
    name = host_name(host)
    for pattern in allowed:
        pattern = host_name(pattern)
        if name == pattern or (pattern.startswith("*.") and name.endswith(pattern[1:])):
            return True
    return False


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """True for no ``Origin`` (not a browser), the server's own origin, or a listed one."""
    if origin is None:
        return True
    if "*" in allowed or origin.rstrip("/").lower() in {a.rstrip("/").lower() for a in allowed}:
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc.lower() == (host or "").lower()


class Guard:
    """ASGI middleware: the host and origin checks, and the security headers on every reply."""

    def __init__(self, app: App, config: WebConfig):
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = header(scope, b"host")
        refusal = None
        if not host_allowed(host, self.config.allowed_hosts):
            refusal = (400, "error: this server does not answer to that host name\n")
        elif (kind == "websocket" or scope.get("method") not in ("GET", "HEAD", "OPTIONS")) and \
                not origin_allowed(header(scope, b"origin"), host, self.config.allowed_origins):
            refusal = (403, "error: requests from pages of another site are not allowed\n")
        if refusal is not None:
            if kind == "websocket":
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008, "reason": refusal[1][7:-1]})
                return
            body = refusal[1].encode()
            await send({"type": "http.response.start", "status": refusal[0],
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()), *HEADERS]})
            await send({"type": "http.response.body", "body": body})
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers if kind == "http" else send)
