"""Questions about deals answered by a constraint solver: ``aceten ask``.

    >>> from aceten import logic
    >>> pos = logic.position.load("examples/student.toml")          # doctest: +SKIP
    >>> answer = logic.ask(pos, "tricks(P1) >= 4")                   # doctest: +SKIP
    >>> answer.status, len(answer.witnesses)                          # doctest: +SKIP
    ('possible', 1)

The question: does there exist an assignment of the unknown cards *and* a sequence of legal
plays (every player's choices free) under the game's rules that satisfies the goal? See
docs/logic.md. OR-Tools and Lark are imported by the submodules that need them, not here.
"""

from __future__ import annotations

from typing import Any

from aceten.logic import position

__all__ = ["ask", "position"]


def ask(*args: Any, **kwargs: Any) -> Any:
    """Answer a goal about a position; see :func:`aceten.logic.solve.ask`."""
    from aceten.logic.solve import ask as _ask

    return _ask(*args, **kwargs)
