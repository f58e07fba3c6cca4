"""The web table: play the games in a browser, with bots, spectators and replays.

``create_app(db_path)`` (in :mod:`aceten.web.app`) is the FastAPI app that ``aceten serve``
runs. Importing this package loads FastAPI; ``import aceten`` does not.
"""

from __future__ import annotations

from typing import Any


def create_app(*args: Any, **kwargs: Any) -> Any:
    """The web table as an ASGI app; see :func:`aceten.web.app.create_app`."""
    from aceten.web.app import create_app as make

    return make(*args, **kwargs)


__all__ = ["create_app"]
