"""Compare the solver of several source trees on the same deals, runs alternating.

    python bench/ab_search.py TREE [TREE ...] [--deals N] [--rounds R] [--config briscola-4]
                              [--threads 1|2] [--first K]

With ``--mt-deals`` every tree deals seed ``s`` by Python's ``random.Random(s).shuffle`` of the
deck (the engine's generator before ``aceten.seeded``) and passes the hands to ``Game(rules,
deal=...)``, so trees on either side of that change solve the very same deals.

Each TREE is a checkout of aceten (a ``git worktree`` of another commit, say); its ``src`` is put
first on ``PYTHONPATH`` of a fresh interpreter, which solves deals 0..N-1 from the first card
(value and principal variation, a fresh table per deal, as ``bench_search.py`` does) and reports
the total nodes, the summed and median CPU time, the summed and median wall time and the load
average before it. The trees run one after the other, ``R`` rounds, and the end gives each
tree's least and median CPU and wall sums over the rounds: on a shared machine a difference in
time only counts if it holds in every round (node counts are deterministic with one thread;
the values must agree across trees). With ``--threads 2`` (``Solver(threads=2)``) the wall
time is the figure to compare, and only on a machine with both cores free.
Each tree compiles its kernels once, into a cache folder of its own (under ``$NUMBA_CACHE_DIR``
or ``~/.cache/aceten``, in ``ab_search/``, named by the tree's path): one shared folder keeps
only the three most recent versions of the kernels, and would recompile them run after run.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
from bench_search import first_lead
import aceten, random
from aceten import agents
from aceten.game import Deal, Game
from aceten.search import Solver
name, players, deals = {name!r}, {players}, {deals}
if {mt_deals}:
    def first_lead(name, players, variant, options, seed):
        rules = aceten.new_game(name, players=players, seed=seed).rules
        cards = list(rules.deck)
        random.Random(seed).shuffle(cards)
        n, h = rules.players, rules.hand_size
        first = (rules.options["dealer"] + 1) % n
        hands = [()] * n
        for i in range(n):
            hands[(first + i) % n] = tuple(cards[i * h:(i + 1) * h])
        g = Game(rules, seed=seed, deal=Deal(tuple(hands), tuple(cards[n * h:])))
        bot = agents.get("greedy")
        while g.phase != "play":
            g.push(bot.choose(g.view(g.to_move)))
        return g
solver = Solver(threads={threads})
solver.solve(first_lead(name, players, None, {{}}, 10**6), moves=False)
rows = []
for seed in range({first}, {first} + deals):
    g = first_lead(name, players, None, {{}}, seed)
    solver.clear()
    start = time.process_time()
    wall = time.perf_counter()
    r = solver.solve(g, moves=False)
    rows.append((r.value, r.nodes, time.process_time() - start, time.perf_counter() - wall))
print(json.dumps(rows))
"""


def run_tree(tree: Path, name: str, players: int, deals: int, threads: int,
             first: int, mt_deals: bool = False) -> list[tuple[int, int, float, float]]:
    base = Path(os.environ.get("NUMBA_CACHE_DIR") or Path.home() / ".cache" / "aceten")
    cache = base / "ab_search" / hashlib.sha1(str(tree.resolve()).encode()).hexdigest()[:12]
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), NUMBA_CACHE_DIR=str(cache))
    code = CHILD.format(bench=str(Path(__file__).parent), name=name, players=players, deals=deals,
                        threads=threads, first=first, mt_deals=mt_deals)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{tree}: the solve failed (exit {out.returncode}):\n{out.stderr[-3000:]}")
    return [tuple(row) for row in json.loads(out.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--config", default="briscola-4", help="game-players, e.g. briscola-4")
    parser.add_argument("--threads", type=int, default=1, choices=(1, 2))
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--mt-deals", action="store_true",
                        help="deal with random.Random(seed), the same deals in every tree")
    args = parser.parse_args()
    name, players = args.config.split("-")
    values: dict[Path, list[int]] = {}
    cpu: dict[Path, list[float]] = {}
    wall: dict[Path, list[float]] = {}
    for _ in range(args.rounds):
        for tree in args.trees:
            load = os.getloadavg()[0]
            start = time.perf_counter()
            rows = run_tree(tree, name, int(players), args.deals, args.threads, args.first,
                            args.mt_deals)
            values.setdefault(tree, [r[0] for r in rows])
            if values[tree] != [r[0] for r in rows] or values[tree] != values[args.trees[0]]:
                raise SystemExit(f"{tree}: the values differ")
            cpu.setdefault(tree, []).append(sum(r[2] for r in rows))
            wall.setdefault(tree, []).append(sum(r[3] for r in rows))
            print(f"{tree}  load {load:4.2f}  nodes {sum(r[1] for r in rows):>14,}  cpu "
                  f"{sum(r[2] for r in rows):7.2f} s  median {statistics.median(r[2] for r in rows):6.3f} s"
                  f"  wall {sum(r[3] for r in rows):7.2f} s  median "
                  f"{statistics.median(r[3] for r in rows):6.3f} s"
                  f"  ({time.perf_counter() - start:.0f} s)", flush=True)

    print("Summed over the deals, least and median over the rounds (the least is the run the "
          "other work on the machine disturbed least):")
    for tree in args.trees:
        print(f"{tree}  CPU least {min(cpu[tree]):7.2f} s  median {statistics.median(cpu[tree]):7.2f} s"
              f"  wall least {min(wall[tree]):7.2f} s  median {statistics.median(wall[tree]):7.2f} s")


if __name__ == "__main__":
    main()
