"""Bots that play from a seat's :class:`~aceten.game.PlayerView`, found by name.

    >>> import aceten
    >>> from aceten import agents
    >>> g = aceten.new_game("briscola", players=2, seed=1)
    >>> outcome = agents.play(g, [agents.get("greedy", seed=1), agents.get("random", seed=2)])
    >>> sum(outcome.points)
    120

A bot is anything with a ``name`` and a ``choose(view) -> Move``; it is only ever given a view,
never the game, so it cannot see hidden cards.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from aceten.agents.base import Agent
from aceten.agents.greedy import GreedyAgent
from aceten.agents.levels import EasyAgent, ExpertAgent, HardAgent, MediumAgent
from aceten.agents.pimc import PimcAgent, PimcV1Agent
from aceten.agents.random_agent import RandomAgent
from aceten.agents.searcher import SearcherAgent
from aceten.agents.tactics import TacticsAgent
from aceten.agents.tactics_v1 import TacticsV1Agent
from aceten.errors import AcetenError
from aceten.game import whole_number

if TYPE_CHECKING:
    from aceten.game import Game, Outcome
    from aceten.moves import Move

def _search_installed() -> bool:
    """Whether the double-dummy solver can run here, without importing it: numpy (a dependency
    of every install) and its kernels, in C (built at install, or a C compiler to build them at
    first use) or else by numba (the search extra)."""
    from importlib.util import find_spec

    if find_spec("numpy") is None:
        return False
    return find_spec("numba") is not None or _c_kernels_possible()


def _c_kernels_possible(package: Path | None = None) -> bool:
    """Whether the solver's C kernels are built or can be: ``aceten.search.native`` builds them
    with the machine's C compiler (its ``build`` module, standard library only, is read by path
    here, as the build hook does, so that nothing of the search layer is imported).
    ``package``: the aceten folder to look in (this one by default)."""
    import os

    if os.environ.get("ACETEN_KERNELS", "auto").strip().lower() == "numba":
        return False
    package = package or Path(__file__).resolve().parents[1]
    if any((package / "_kernels").glob("native-*.so")):
        return True
    build = _native_build(package / "search" / "native" / "build.py")
    return build is not None and build.compiler() is not None


@functools.cache
def _native_build(path: Path) -> ModuleType | None:
    """The native build module at ``path``, loaded once (every searching bot's ``get`` asks)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_aceten_native_build", path)
    if spec is None or spec.loader is None:  # pragma: no cover - the file ships with aceten
        return None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "tactics": TacticsAgent,
    "pimc": PimcAgent,
    # issue 18: weighted sampled worlds, each searched from the first trick (agents/searcher.py)
    "searcher": SearcherAgent,
    # fixed baselines: the players as they were before issue 18, never changed, so every later
    # player is measured against the same opponents
    "tactics-1": TacticsV1Agent,
    "pimc-1": PimcV1Agent,
    # levels for people (agents/levels.py): easy slips now and then, medium is tactics, hard is
    # pimc, expert is the searcher
    "easy": EasyAgent,
    "medium": MediumAgent,
    "hard": HardAgent,
    "expert": ExpertAgent,
}

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
SEARCHING = frozenset({"pimc", "pimc-1", "hard", "expert", "searcher"})  # the bots that need the solver


def needs_solver(name: str) -> bool:
    """Whether the bot ``name`` searches with the double-dummy solver (the search extra)."""
    return str(name).strip().lower() in SEARCHING


DEFAULT: str = "searcher" if _search_installed() else "tactics"
"""The default opponent of ``aceten play``, of the web table and the coach's hints: the strongest
bot within about a second a move, ``searcher`` (sampled worlds weighted by the others' play,
each searched from the first trick; docs/players.md: it scores more than pimc against the fixed
baseline pimc-1 in every game, at most about 0.8 s a decision at p95), or ``tactics`` where the
solver cannot run (no C compiler and no numba)."""


def names() -> list[str]:
    """The names :func:`get` knows."""
    return list(AGENTS)


def get(name: str, seed: int | None = None) -> Agent:
    """A new bot by name ("random", "greedy", "tactics", "pimc", the baselines "tactics-1" and
    "pimc-1", the levels "easy" to "expert"); the same seed gives the same choices."""
    key = str(name).strip().lower()
    if seed is not None:  # checked as new_game checks its seed (was a TypeError at the shuffle)
        number = whole_number(seed)
        if number is None:
            raise AcetenError(f"a bot's seed is a whole number, not {seed!r}")
        seed = number
    try:
        cls = AGENTS[key]
    except KeyError:
        raise AcetenError(f"unknown bot {name!r}: choose from {', '.join(AGENTS)}") from None
    if key in SEARCHING and not _search_installed():  # say so now, not at its first search
        raise AcetenError(f"the {key} bot needs the double-dummy solver: pip install 'aceten[search]'")
    return cls(seed=seed)


def play(game: Game, seats: Sequence[Agent],
         on_move: Callable[[Game, int, Move], None] | None = None,
         times: Sequence[list[float]] | None = None) -> Outcome:
    """Play ``game`` to the end, each seat's bot choosing from that seat's view only.

    ``on_move(game, seat, move)`` is called after each move is pushed. ``times``: one list per
    seat, to which each of the seat's decisions appends the CPU seconds it took (its view
    included; ``time.process_time``, so other work on the machine does not count).
    """
    if len(seats) != game.players:
        raise AcetenError(f"{len(seats)} bots for a {game.players}-player game")
    if times is not None and len(times) != game.players:
        raise AcetenError(f"{len(times)} time lists for a {game.players}-player game")
    clock = time.process_time
    while not game.is_over():
        seat = game.to_move
        if times is None:
            move = seats[seat].choose(game.view(seat))
        else:
            start = clock()
            move = seats[seat].choose(game.view(seat))
            times[seat].append(clock() - start)
        game.push(move)
        if on_move is not None:
            on_move(game, seat, move)
    outcome = game.outcome()
    assert outcome is not None
    return outcome


__all__ = [
    "AGENTS",
    "DEFAULT",
    "LEVELS",
    "Agent",
    "EasyAgent",
    "ExpertAgent",
    "GreedyAgent",
    "HardAgent",
    "MediumAgent",
    "PimcAgent",
    "PimcV1Agent",
    "RandomAgent",
    "SearcherAgent",
    "TacticsAgent",
    "TacticsV1Agent",
    "get",
    "names",
    "needs_solver",
    "play",
]
