"""Which kernels each kind of use still compiles when the cache starts from the kernels compiled
at install (``ACETEN_PRECOMPILE=1 pip install -e``, or ``hatch_build.compile_into``).

    python bench/prebuilt_coverage.py [solve pimc batch env]

Each use runs in a fresh interpreter with ``NUMBA_CACHE_DIR`` on a new empty folder, which
:mod:`aceten.search.kernel_cache` starts as a copy of the prebuilt kernels
(``src/aceten/_kernels``, or ``ACETEN_PREBUILT_KERNELS``); numba's ``numba:compile`` events name
every kernel it compiles anyway. With complete prebuilt kernels every line says ``0 compiled``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

USES = ("solve", "pimc", "batch", "env")


def run(use: str) -> None:
    """One use, in this process: print what numba compiled for it, as JSON."""
    import time

    import numba  # noqa: F401 - before numba.core.event (numba's own import order)
    from numba.core import event

    compiled: list[str] = []

    class Compiles(event.Listener):
        def on_start(self, ev):
            f = ev.data["dispatcher"].py_func
            compiled.append(f"{f.__module__}.{f.__qualname__}")

        def on_end(self, ev):
            pass

    event.register("numba:compile", Compiles())
    import random

    import aceten

    start = time.process_time()
    if use == "solve":  # aceten solve's analysis of the first card and a middle position
        from aceten.cli.search import analyse
        from aceten.search import solve

        for seed in (1, 2):
            game = aceten.new_game("briscola", players=4, seed=seed)
            rng = random.Random(seed)
            while not game.is_over():
                game.push(rng.choice(game.legal_moves()))
            analyse(game, ply=1)
            analyse(game, ply=25)
        for name in aceten.rules.GAMES:
            game = aceten.new_game(name, seed=3)
            while game.phase != "play":
                game.push(game.legal_moves()[0])
            solve(game)
    elif use == "pimc":  # the bots that search
        from aceten import agents

        for name in aceten.rules.GAMES:  # the first move, and late in the deal (solved exactly)
            game = aceten.new_game(name, seed=4)
            bot = agents.get("pimc", seed=1)
            while not game.is_over():
                late = game.phase == "play" and game.cards_left <= 12
                if late or not game.moves:
                    game.push(bot.choose(game.view(game.to_move)))
                else:
                    game.push(game.legal_moves()[0])
        for name in ("searcher", "expert"):
            game = aceten.new_game("briscola", seed=4)
            game.push(agents.get(name, seed=1).choose(game.view(game.to_move)))
    elif use == "batch":  # simulate --fast: every game and player count, each bot and a mix
        from aceten.search import batch

        for name, cls in aceten.rules.GAMES.items():
            for players in cls.player_counts:
                for bots in ("random", "greedy", ("random", "greedy")):
                    batch.simulate(aceten.rules.get(name, players=players), 3, seed=1, bots=bots, log=2)
    elif use == "env":  # the environments' compiled observations
        from aceten.env import make

        for name in aceten.rules.GAMES:
            env = make(name)
            env.reset(seed=1)
            for _agent in env.agent_iter(max_iter=30):
                obs, _reward, over, cut, _info = env.last()
                env.step(None if over or cut else int(obs["action_mask"].nonzero()[0][0]))
    print(json.dumps({"use": use, "cpu": round(time.process_time() - start, 1), "compiled": compiled}))


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        run(sys.argv[2])
        return
    uses = sys.argv[1:] or list(USES)
    for use in uses:
        if use not in USES:
            raise SystemExit(f"error: unknown use {use!r}: choose from {', '.join(USES)}")
    for use in uses:
        with tempfile.TemporaryDirectory(prefix="aceten-coverage-") as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--one", use], env=env,
                                  capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"error: {use} failed:\n{done.stderr}")
        result = json.loads(done.stdout.strip().splitlines()[-1])
        names = ", ".join(sorted(set(result["compiled"]))) or "-"
        print(f"{use:6} {len(result['compiled']):3} compiled ({result['cpu']} s CPU): {names}")


if __name__ == "__main__":
    main()
