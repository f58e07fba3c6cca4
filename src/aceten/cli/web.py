"""``aceten serve``: the web table (FastAPI and uvicorn are imported only when it runs)."""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable
from typing import Annotated, Any

import typer

from aceten.cli.common import fail, user_errors


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the ``aceten`` command."""
    app.command()(serve)


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[str, typer.Option(help="SQLite file keeping the tables and their moves, or a "
                                    "postgresql://user:pass@host/db URL shared by several servers")]
    = "aceten.sqlite",
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before it plays")] = 0.4,
    settings: Annotated[list[str] | None, typer.Option(
        "--set", help="a server setting NAME=VALUE of docs/web.md, e.g. table_ttl=3600 or "
        "allowed_origins=https://cards.example (repeatable)")] = None,
) -> None:
    """Serve the web table: play in a browser against bots or people, spectate, replay records."""
    with user_errors():
        try:
            _serve(host, port, db, bot_delay, settings or [])
        except KeyboardInterrupt:  # Ctrl-C while starting: stop as quietly as uvicorn does later
            raise typer.Exit(0) from None


def _serve(host: str, port: int, db: str, bot_delay: float, settings: list[str]) -> None:
    try:
        import uvicorn

        from aceten.web.app import MAX_FRAME, create_app
        from aceten.web.config import WebConfig
    except ImportError:
        fail("this needs the web extra: pip install 'aceten[web]'")
    if not 0 < port < 65536:
        fail(f"--port must be between 1 and 65535, not {port}")
    if bot_delay < 0 or bot_delay > 60:
        fail("--bot-delay must be between 0 and 60 seconds")
    try:  # say so in one line when the port is taken, before uvicorn starts
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as err:
        fail(f"cannot listen on {host}:{port}: {err.strerror or err}")
    from aceten.web.app import shown_target
    from aceten.web.store import open_store

    try:  # the settings first: a mistyped one leaves no new database behind
        config = WebConfig.from_settings(settings, listen=host)
    except ValueError as err:
        fail(str(err))
    try:  # say so in one line when the database cannot be opened, before uvicorn starts
        open_store(db).close()
    except Exception as err:  # sqlite3.Error, OSError, or the AcetenError of a PostgreSQL URL
        fail(f"cannot open the database {shown_target(db)}: {err}")
    app = create_app(db, bot_delay=bot_delay, warm_bots=True, config=config)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"aceten web table on http://{shown}:{port}/ (tables kept in {shown_target(db)}); Ctrl-C "
               "stops it")
    _run_until_ctrl_c(lambda: uvicorn.Server(uvicorn.Config(
        app, host=host, port=port, ws_max_size=MAX_FRAME, log_level="warning", access_log=False)))


def _run_until_ctrl_c(make_server: Callable[[], Any]) -> None:
    """Run the server ``make_server`` builds (a ``uvicorn.Server``); Ctrl-C at any moment, even
    while it starts, stops it without a word.

    uvicorn handles Ctrl-C once it serves. Before, this handler does what uvicorn's does: it
    asks the server to exit (at once if it has not started yet), and raises nothing. A
    KeyboardInterrupt raised into a starting server could land anywhere: inside logging, whose
    lock then failed, or in code that swallowed it, and the server served on (both seen in CI).
    Whatever still ends the run after a Ctrl-C is its echo, and the run stops quietly."""
    interrupted: list[int] = []
    server: Any = None

    def on_ctrl_c(signum: int, frame: object) -> None:
        interrupted.append(signum)
        if server is not None:
            server.should_exit = True

    previous = signal.signal(signal.SIGINT, on_ctrl_c)
    try:
        server = make_server()
        if not interrupted:
            server.run()
    except BaseException:
        if not interrupted:
            raise
        raise KeyboardInterrupt from None
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:  # uvicorn ends quietly on it, and raises it again once its handler is gone
        raise KeyboardInterrupt
