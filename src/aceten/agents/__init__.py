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

import time
from collections.abc import Callable, Sequence
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

if TYPE_CHECKING:
    from aceten.game import Game, Outcome
    from aceten.moves import Move

def _search_installed() -> bool:
    """Whether the double-dummy solver's extra (numba, numpy) is installed, without importing it."""
    from importlib.util import find_spec

    return find_spec("numba") is not None and find_spec("numpy") is not None


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


DEFAULT: str = "pimc" if _search_installed() else "tactics"
"""The strongest bot that answers within about a second: ``pimc`` (p95 under 0.1 s a move,
docs/benchmarks.md "Players"), or ``tactics`` when the search extra is not installed. The
default opponent of ``aceten play`` and of the web table."""


def names() -> list[str]:
    """The names :func:`get` knows."""
    return list(AGENTS)


def get(name: str, seed: int | None = None) -> Agent:
    """A new bot by name ("random", "greedy", "tactics", "pimc", the baselines "tactics-1" and
    "pimc-1", the levels "easy" to "expert"); the same seed gives the same choices."""
    key = str(name).strip().lower()
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
