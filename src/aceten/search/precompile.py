"""Compile the search kernels before their first use: what the build hook (``hatch_build.py``)
runs at ``pip install -e``, and what ``python -m aceten.search.precompile`` runs by hand.

Why: numba compiles each kernel the first time it is called, one to two minutes of CPU for the
solver, and caches it on disk (:mod:`aceten.search.kernel_cache`). Calling every entry kernel
here once, on tiny positions of every game with the argument types the real calls use, fills the
cache, so the first ``aceten solve``, pimc move or ``simulate --fast`` only loads it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import aceten
from aceten.game import Game

CARDS_LEFT = 6  # the positions solved here: six cards left (tiny searches, every kernel typed)


def small_positions() -> list[Game]:
    """A position near the end of a deal of every game and player count, in its play phase."""
    positions = []
    for name, cls in aceten.rules.GAMES.items():
        for players in sorted({min(cls.player_counts), max(cls.player_counts)}):
            game = aceten.new_game(name, players=players, seed=0)
            while not game.is_over() and (game.phase != "play" or game.cards_left > CARDS_LEFT):
                game.push(game.legal_moves()[0])
            if not game.is_over():
                positions.append(game)
    return positions


def compile_kernels(say: Callable[[str], None] = print) -> None:
    """Call every kernel Python calls (the solver's, the batch simulator's) once, so numba
    compiles them into the cache (or finds them there); ``say`` gets a line per step."""
    from aceten.search import Solver, batch

    start = time.monotonic()
    report_compiles(lambda count, seconds: say(f"compiling the kernels: {count} compiled, "
                                               f"{seconds:.0f} s so far"))
    steps: list[tuple[str, Callable[[], object]]] = []
    for game in small_positions():
        label = f"{game.rules.name} {game.rules.players}p"
        steps.append((f"the solver ({label})", lambda g=game: _solve_every_way(Solver, g)))
    for bots in (("random",), ("greedy",)):
        rules = aceten.rules.get(aceten.rules.DEFAULT_GAME)
        steps.append((f"the batch simulator ({bots[0]})",
                      lambda b=bots, r=rules: batch.simulate(r, 2, seed=0, bots=b, log=1)))
    for number, (what, step) in enumerate(steps, start=1):
        say(f"compiling the kernels: {what} ({number} of {len(steps)}, "
            f"{time.monotonic() - start:.0f} s so far)")
        step()


def report_compiles(say: Callable[[int, float], None], every: float = 10.0) -> Any:
    """While numba compiles, call ``say(kernels compiled, seconds since now)`` at most every
    ``every`` seconds (checked as each kernel finishes), so a long compile shows it is alive.
    Returns the listener (``numba.core.event.unregister("numba:compile", it)`` ends it); the
    build hook's lines and the CLI's use it."""
    from numba.core import event

    class CompileLines(event.Listener):  # type: ignore[misc]
        def __init__(self) -> None:
            self.start = self.last = time.monotonic()
            self.count = 0

        def on_start(self, ev: object) -> None:
            pass

        def on_end(self, ev: object) -> None:
            self.count += 1
            now = time.monotonic()
            if now - self.last >= every:
                self.last = now
                say(self.count, now - self.start)

    lines = CompileLines()
    event.register("numba:compile", lines)
    return lines


def _solve_every_way(solver_class: type, game: Game) -> None:
    """The solver's entry points: the value with every root move, the value alone, the tricks
    objective, a target, on one thread and on two."""
    for threads in (1, 2):
        solver = solver_class(tt_bits=10, threads=threads)
        result = solver.solve(game)
        solver.solve(game, moves=False)
        solver.solve(game, objective="tricks")
        solver.solve(game, target=result.value)


def main() -> None:
    """``python -m aceten.search.precompile``: fill the kernel cache now."""
    from aceten.search.kernel_cache import cache_dir

    compile_kernels(lambda line: print(line, file=sys.stderr, flush=True))
    print(f"the kernels are compiled in {cache_dir()}", file=sys.stderr)


if __name__ == "__main__":
    main()
