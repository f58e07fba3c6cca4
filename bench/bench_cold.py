"""First use: ``aceten solve`` of a full 4-player Briscola deal with an empty kernel cache, against
the same command once the kernels are cached.

    python bench/bench_cold.py [--seed S] [--warm N] [--whole] [--json]

A random 4-player Briscola deal (seed ``S``) is written as a record; ``aceten solve RECORD --ply 1``
(the position before the first card: the whole deal) then runs in a fresh interpreter with
``NUMBA_CACHE_DIR`` and ``XDG_CACHE_HOME`` pointing at a new empty folder, so numba compiles every
kernel the solve needs ("cold"), and ``N`` times more with that folder filled ("warm"). ``--whole``
analyses every position of the record instead. Each run's CPU time (user + system of the child,
from ``wait4``) and wall time are reported; the figure of issue 19 is the cold run's excess over
the median warm run. On a shared machine the wall time stretches with the load (the load average
is printed); the CPU time is the stable figure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aceten
from aceten import record


def random_deal_record(seed: int) -> str:
    """A finished 4-player Briscola deal, random legal moves, as a record."""
    game = aceten.new_game("briscola", players=4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.push(rng.choice(game.legal_moves()))
    return record.dumps(game)


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """CPU seconds (user + system) and wall seconds of one child process, and its stderr."""
    wall = time.perf_counter()
    child = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    stderr = child.stderr.read() if child.stderr else ""
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"error: {' '.join(args)} failed ({child.returncode}):\n{stderr}")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - wall, stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", type=int, default=3, help="warm runs after the cold one")
    parser.add_argument("--whole", action="store_true", help="analyse every position, not only the first")
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="aceten-cold-") as tmp:
        path = Path(tmp) / "deal.tgn"
        path.write_text(random_deal_record(opts.seed))
        cache = Path(tmp) / "cache"
        cache.mkdir()
        env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(cache))
        command = [sys.executable, "-m", "aceten", "solve", str(path)]
        command += [] if opts.whole else ["--ply", "1"]
        load = os.getloadavg()[0]
        cold_cpu, cold_wall, notice = timed(command, env)
        warm = [timed(command, env)[:2] for _ in range(opts.warm)]
    warm_cpu = statistics.median(c for c, _ in warm)
    warm_wall = statistics.median(w for _, w in warm)
    result = {
        "command": "aceten solve DEAL" + ("" if opts.whole else " --ply 1"),
        "seed": opts.seed, "load_before": round(load, 2),
        "cold_cpu": round(cold_cpu, 2), "cold_wall": round(cold_wall, 2),
        "warm_cpu": round(warm_cpu, 2), "warm_wall": round(warm_wall, 2),
        "extra_cpu": round(cold_cpu - warm_cpu, 2), "extra_wall": round(cold_wall - warm_wall, 2),
        "notice": notice.strip().splitlines()[:1],
    }  # fmt: skip
    if opts.json:
        print(json.dumps(result))
        return
    print(f"{result['command']}, 4-player Briscola seed {opts.seed}, load average {load:.2f} before")
    print(f"  cold (empty cache): {cold_cpu:6.1f} s CPU {cold_wall:6.1f} s wall")
    print(f"  warm (median of {opts.warm}): {warm_cpu:6.1f} s CPU {warm_wall:6.1f} s wall")
    print(f"  first use costs {cold_cpu - warm_cpu:.1f} s CPU, {cold_wall - warm_wall:.1f} s wall "
          "beyond a warm solve (goal: 5 s wall)")
    print(f"  the notice shown: {result['notice'][0] if result['notice'] else '(none)'}")


if __name__ == "__main__":
    main()
