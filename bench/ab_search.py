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
With ``--interleave`` each tree solves in one process for the whole run, and the trees take
turns deal by deal (the first to go changing from deal to deal): the machine's speed, which on
a shared machine drifts by a fifth within minutes, is then the same for both sides of every
comparison. Each round then prints every tree's CPU sum over the deals and its ratio to the
first tree's, with the median and 95th percentile of its deals' CPU (the figures of
``bench_search.py``, here with a same-run baseline), and the end gives the median of the ratios.
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

from bench_search import _p95  # the same percentile as the solver's table

CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
from bench_search import first_lead
import aceten, random
from aceten import agents
from aceten.game import Deal, Game
from aceten.search import Solver
name, players, deals, variant = {name!r}, {players}, {deals}, {variant!r}
if {mt_deals}:
    def first_lead(name, players, variant, options, seed):
        rules = aceten.new_game(name, players=players, variant=variant, seed=seed).rules
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
solver.solve(first_lead(name, players, variant, {{}}, 10**6), moves=False)
def solved(seed):
    g = first_lead(name, players, variant, {{}}, seed)
    solver.clear()
    start = time.process_time()
    wall = time.perf_counter()
    r = solver.solve(g, moves=False)
    return (r.value, r.nodes, time.process_time() - start, time.perf_counter() - wall)
if {serve}:  # one deal a line on stdin, its row a line on stdout
    print("ready", flush=True)
    for line in sys.stdin:
        print(json.dumps(solved(int(line))), flush=True)
else:
    print(json.dumps([solved(seed) for seed in range({first}, {first} + deals)]))
"""


def cache_base() -> Path:
    """The folder under which each tree's kernels are cached: ``$NUMBA_CACHE_DIR``, else
    ``~/.cache/aceten``."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or Path.home() / ".cache" / "aceten")


def _child(tree: Path, name: str, players: int, deals: int, threads: int, first: int,
           mt_deals: bool, serve: bool, variant: str | None) -> tuple[list[str], dict[str, str]]:
    """The command and environment of a tree's solving process."""
    cache = cache_base() / "ab_search" / hashlib.sha1(str(tree.resolve()).encode()).hexdigest()[:12]
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), NUMBA_CACHE_DIR=str(cache))
    code = CHILD.format(bench=str(Path(__file__).parent), name=name, players=players, deals=deals,
                        threads=threads, first=first, mt_deals=mt_deals, serve=serve,
                        variant=variant)
    return [sys.executable, "-c", code], env


def run_tree(tree: Path, name: str, players: int, deals: int, threads: int,
             first: int, mt_deals: bool = False,
             variant: str | None = None) -> list[tuple[int, int, float, float]]:
    command, env = _child(tree, name, players, deals, threads, first, mt_deals, False, variant)
    out = subprocess.run(command, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{tree}: the solve failed (exit {out.returncode}):\n{out.stderr[-3000:]}")
    return [tuple(row) for row in json.loads(out.stdout)]


def interleave(trees: list[Path], name: str, players: int, deals: int, rounds: int,
               threads: int, first: int, mt_deals: bool, variant: str | None) -> None:
    """Every tree in a process of its own for the whole run, taking turns deal by deal."""
    procs = []
    for tree in trees:
        command, env = _child(tree, name, players, deals, threads, first, mt_deals, True, variant)
        proc = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        if proc.stdout is None or proc.stdout.readline().strip() != "ready":
            raise SystemExit(f"{tree}: the solver did not start:\n{proc.communicate()[1][-3000:]}")
        procs.append(proc)

    def ask(i: int, seed: int) -> tuple[int, int, float, float]:
        proc = procs[i]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(f"{seed}\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"{trees[i]}: the solve failed:\n{proc.communicate()[1][-3000:]}")
        value, nodes, cpu, wall = json.loads(line)
        return value, nodes, cpu, wall

    ratios: dict[Path, list[float]] = {tree: [] for tree in trees[1:]}
    for _ in range(rounds):
        load = os.getloadavg()[0]
        cpu = [0.0] * len(trees)
        nodes = [0] * len(trees)
        each: list[list[float]] = [[] for _ in trees]  # every deal's CPU, tree by tree
        for k, seed in enumerate(range(first, first + deals)):
            rows: list[tuple[int, int, float, float] | None] = [None] * len(trees)
            for j in range(len(trees)):
                i = (j + k) % len(trees)
                rows[i] = ask(i, seed)
            if len({row[0] for row in rows if row is not None}) != 1:
                raise SystemExit(f"seed {seed}: the values differ: {[r and r[0] for r in rows]}")
            for i, row in enumerate(rows):
                assert row is not None
                nodes[i] += row[1]
                cpu[i] += row[2]
                each[i].append(row[2])
        parts = [f"load {load:4.2f}"]
        for i, tree in enumerate(trees):
            ratio = cpu[i] / cpu[0]
            if i:
                ratios[tree].append(ratio)
            times = sorted(each[i])
            parts.append(f"{tree}: nodes {nodes[i]:,} cpu {cpu[i]:.2f} s ({ratio:.3f}), median "
                         f"{1000 * statistics.median(times):.1f} ms, p95 {1000 * _p95(times):.1f} ms")
        print("  ".join(parts), flush=True)
    for proc in procs:
        proc.communicate("")
    for tree in trees[1:]:
        print(f"{tree}: CPU over {trees[0]}'s per round, median {statistics.median(ratios[tree]):.3f}"
              f", least {min(ratios[tree]):.3f}, most {max(ratios[tree]):.3f}")


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
    parser.add_argument("--variant", default=None, help="a rule variant, e.g. amsterdam")
    parser.add_argument("--interleave", action="store_true",
                        help="one process a tree for the run, the trees taking turns deal by deal")
    args = parser.parse_args()
    name, players = args.config.split("-")
    if args.interleave:
        interleave(args.trees, name, int(players), args.deals, args.rounds, args.threads,
                   args.first, args.mt_deals, args.variant)
        return
    values: dict[Path, list[int]] = {}
    cpu: dict[Path, list[float]] = {}
    wall: dict[Path, list[float]] = {}
    for _ in range(args.rounds):
        for tree in args.trees:
            load = os.getloadavg()[0]
            start = time.perf_counter()
            rows = run_tree(tree, name, int(players), args.deals, args.threads, args.first,
                            args.mt_deals, args.variant)
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
