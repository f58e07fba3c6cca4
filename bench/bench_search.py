"""The search layer's figures: double-dummy solving times and batch simulation speed.

    python bench/bench_search.py [--deals N] [--only solve|batch] [--threads 1|2] [--paired]
                                 [--target] [--json]

Solver: for each configuration, N random deals (seeds 0..N-1) are solved from the first card
(Cruce bids and the Klaverjas trump call made by the greedy bot first), value and principal
variation (``solve(g, moves=False)``), with a fresh table per deal, by ``Solver(threads=...)``
(``--threads``: 1, 2, or the default: up to 2, the second only while the load average
leaves a core idle); median and 95th percentile
of the wall time and of the CPU time of the process (all its threads: with one thread, less
disturbed than wall time when other work shares the cores), median nodes (summed over the
threads), table hit rate (hits / probes at trick boundaries), the share of cut-offs made by
the first move tried, and how many solves were disturbed: other processes used more than a
tenth of a core during them (Linux, from /proc/stat; two threads need both cores). A warm-up
solve (compilation, table allocation) is not timed. ``--paired`` solves each deal with one
thread and then with two, back to back, and reports both over the deals no other process
disturbed in either solve. ``--target`` asks each deal one yes/no question instead of its value
(``solve(g, target=T)``, one zero-window search: does the side to move end with more than half
the deck's points?), counts the deals answered yes (each checked against the deal's value), and
gives the CPU median of the value on the same deals, solved just before, as the baseline.

Batch: random (and greedy) full games of 2-player Briscola in the numba kernels on one core,
with the kernels' own generator and with Python's generator (the same games as ``aceten
simulate``), against two baselines measured in the same run: random games through the public
API (``new_game`` / ``legal_moves`` / ``push``, as bench_engine.py) and, where a C compiler is
found, a plain C loop playing random 2-player Briscola.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import aceten
from aceten import agents

# Every game and player count (and both Klaverjas variants).
SOLVE_CONFIGS = [
    ("briscola", 2, None, {}),
    ("briscola", 3, None, {}),
    ("briscola", 4, None, {}),
    ("brisca", 2, None, {}),
    ("brisca", 3, None, {}),
    ("brisca", 4, None, {}),
    ("cruce", 2, None, {}),
    ("cruce", 3, None, {}),
    ("cruce", 4, None, {}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {}),
    ("briscola", 6, None, {}),  # three against three (Briscola chiamata's five seats are not
    ("brisca", 6, None, {}),  # here: solve takes at most 25 cards in five hands)
]


def first_lead(name: str, players: int, variant: str | None, options: dict, seed: int) -> aceten.Game:
    g = aceten.new_game(name, players=players, variant=variant, seed=seed, **options)
    bot = agents.get("greedy")
    while g.phase != "play":
        g.push(bot.choose(g.view(g.to_move)))
    return g


def win_target(game: aceten.Game) -> int:
    """The yes/no question ``--target`` asks: does the side to move end with more than half
    the deck's points (61 of 120; 82 of Klaverjas's 162)?"""
    return game.rules.total_points // 2 + 1


def bench_solver(deals: int, configs: list[tuple], tt_bits: int | None,
                 threads: int | None = None, target: bool = False) -> list[dict]:
    from aceten.search import Solver

    rows = []
    for name, players, variant, options in configs:
        solver = Solver(tt_bits=tt_bits, threads=threads)
        solver.solve(first_lead(name, players, variant, options, 10**6), moves=False)  # warm-up
        times, cpu, nodes, hits, probes, first_cuts, cuts = [], [], [], 0, 0, 0, 0
        disturbed = yes = 0
        value_cpu = []  # with --target: the value's CPU on the same deals, the baseline
        for seed in range(deals):
            g = first_lead(name, players, variant, options, seed)
            question = win_target(g)
            if target:
                solver.clear()
                value_start = time.process_time()
                value = solver.solve(g, moves=False).value
                value_cpu.append(time.process_time() - value_start)
            solver.clear()
            busy = _machine_busy()
            start = time.perf_counter()
            cpu_start = time.process_time()
            result = solver.solve(g, target=question) if target else solver.solve(g, moves=False)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - cpu_start)
            others = _machine_busy() - busy - cpu[-1]
            disturbed += others > 0.1 * times[-1] + 0.02
            nodes.append(result.nodes)
            if target and bool(result) != (value >= question):
                raise SystemExit(f"{name} {players}p deal {seed}: the answer contradicts the value")
            yes += bool(result)
            hits += result.stats["tt_hits"]
            probes += result.stats["tt_probes"]
            first_cuts += result.stats["first_move_cuts"]
            cuts += result.stats["first_move_cuts"] + result.stats["later_cuts"]
        times.sort()
        cpu.sort()
        rows.append({
            "game": name, "players": players, "variant": variant or "standard", "deals": deals,
            "threads": solver.threads,
            "median_s": statistics.median(times), "p95_s": _p95(times),
            "max_s": times[-1], "median_cpu_s": statistics.median(cpu), "p95_cpu_s": _p95(cpu),
            "median_nodes": int(statistics.median(nodes)), "total_nodes": sum(nodes),
            "tt_hit_rate": hits / probes if probes else 0.0,
            "first_move_cut_rate": first_cuts / cuts if cuts else 0.0,
            "disturbed": disturbed,
        })
        if target:
            rows[-1]["target"] = question
            rows[-1]["yes"] = yes
            rows[-1]["value_median_cpu_s"] = statistics.median(value_cpu)
        print(_solver_line(rows[-1]), flush=True)
    return rows


def bench_paired(deals: int, configs: list[tuple], tt_bits: int | None) -> list[dict]:
    """Each deal solved by one thread and then by two, back to back; only the deals during
    which other processes used less than a tenth of a core in both solves are kept, so the two
    are compared on the same deals with the machine to themselves."""
    from aceten.search import Solver

    rows = []
    for name, players, variant, options in configs:
        solvers = {t: Solver(tt_bits=tt_bits, threads=t) for t in (1, 2)}
        kept: dict[int, list[tuple[float, float, int]]] = {1: [], 2: []}
        for solver in solvers.values():
            solver.solve(first_lead(name, players, variant, options, 10**6), moves=False)
        for seed in range(deals):
            g = first_lead(name, players, variant, options, seed)
            runs = {}
            for t, solver in solvers.items():
                solver.clear()
                busy = _machine_busy()
                start = time.perf_counter()
                cpu_start = time.process_time()
                result = solver.solve(g, moves=False)
                wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
                runs[t] = (wall, cpu, result.nodes, _machine_busy() - busy - cpu < 0.1 * wall + 0.02)
            if runs[1][3] and runs[2][3]:
                for t in (1, 2):
                    kept[t].append(runs[t][:3])
        for t in (1, 2):
            if not kept[t]:
                print(f"{name:10} {players} threads {t}: every deal disturbed")
                continue
            wall, cpu, nodes = (sorted(x) for x in zip(*kept[t]))
            rows.append({
                "game": name, "players": players, "threads": t, "deals": deals,
                "kept": len(wall), "median_s": statistics.median(wall), "p95_s": _p95(wall),
                "median_cpu_s": statistics.median(cpu), "p95_cpu_s": _p95(cpu),
                "median_nodes": int(statistics.median(nodes)), "sum_s": sum(wall),
            })
            r = rows[-1]
            print(f"{name:10} {players} threads {t}  undisturbed {r['kept']:4} of {deals:4}  median "
                  f"{1000 * r['median_s']:9.1f} ms  p95 {1000 * r['p95_s']:9.1f} ms  cpu median "
                  f"{1000 * r['median_cpu_s']:9.1f} ms  p95 {1000 * r['p95_cpu_s']:9.1f} ms  nodes "
                  f"{r['median_nodes']:>12,}  sum {r['sum_s']:8.1f} s", flush=True)
    return rows


def _machine_busy() -> float:
    """CPU seconds all processes of the machine have used (Linux: /proc/stat; else 0)."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def _p95(sorted_values: list[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, round(0.95 * (len(sorted_values) - 1)))]


def _solver_line(r: dict) -> str:
    return (f"{r['game']:10} {r['players']} {r['variant']:10} deals {r['deals']:4} threads "
            f"{r['threads']}  median {1000 * r['median_s']:9.1f} ms  p95 {1000 * r['p95_s']:9.1f} ms"
            f"  max {1000 * r['max_s']:9.1f} ms  cpu median {1000 * r['median_cpu_s']:9.1f} ms  "
            f"p95 {1000 * r['p95_cpu_s']:9.1f} ms  nodes "
            f"{r['median_nodes']:>10,} (all {r['total_nodes']:,})  tt hits "
            f"{100 * r['tt_hit_rate']:4.1f}%  first-move cuts {100 * r['first_move_cut_rate']:4.1f}%  "
            f"disturbed {r['disturbed']}"
            + (f"  target {r['target']}: yes in {r['yes']}; the value's cpu median "
               f"{1000 * r['value_median_cpu_s']:.1f} ms (x{r['value_median_cpu_s'] / r['median_cpu_s']:.1f})"
               if "target" in r else ""))


# -- batch -----------------------------------------------------------------------------------------
def engine_rate(seconds: float) -> float:
    """Random 2-player Briscola games through the public API, as bench_engine.py plays them."""
    rng = random.Random(1)
    choice = rng.choice
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for seed in range(games, games + 50):
            g = aceten.new_game("briscola", players=2, seed=seed)
            while not g.is_over():
                g.push(choice(g.legal_moves()))
        games += 50
    return games / (time.perf_counter() - start)


def kernel_rate(games: int, bots: str, rounds: int = 3) -> float:
    """``simulate`` (``aceten simulate --fast``: the engine's games for the same seeds), best of
    ``rounds``."""
    from aceten.search import batch

    rules = aceten.rules.get("briscola", players=2)
    batch.simulate(rules, 100, bots=bots)  # compile or load
    best = 0.0
    for r in range(rounds):
        start = time.process_time()  # CPU time, as the C loop counts it
        result = batch.simulate(rules, games, seed=r * games, bots=bots)
        seconds = time.process_time() - start
        assert int(result.team_points.sum()) == 120 * games
        best = max(best, games / seconds)
    return best


C_LOOP = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static const int STR[10] = {10, 1, 9, 2, 3, 4, 5, 6, 7, 8};  /* A 2 3 4 5 6 7 J H K */
static const int PTS[10] = {11, 0, 10, 0, 0, 0, 0, 2, 3, 4};
static uint64_t s = 88172645463325252ULL;
static inline uint32_t below(uint32_t n) {  /* xorshift64*, Lemire */
    for (;;) {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        uint64_t m = ((s * 2685821657736338717ULL) >> 32) * n;
        uint32_t l = (uint32_t)m;
        if (l >= n || l >= (uint32_t)(-n) % n) return (uint32_t)(m >> 32);
    }
}
static inline int nth(uint64_t h, int i) { while (i--) h &= h - 1; return __builtin_ctzll(h); }
int main(int argc, char **argv) {
    long games = atol(argv[1]); int deck[40], c[40]; long total = 0;
    for (int i = 0; i < 40; i++) deck[i] = (i / 10) * 16 + i % 10;
    struct timespec a, b; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    for (long g = 0; g < games; g++) {
        for (int i = 0; i < 40; i++) c[i] = deck[i];
        for (int i = 39; i > 0; i--) { int j = below(i + 1), t = c[i]; c[i] = c[j]; c[j] = t; }
        uint64_t h[2] = {0, 0};
        for (int i = 0; i < 3; i++) { h[0] |= 1ULL << c[i]; h[1] |= 1ULL << c[3 + i]; }
        int trump = c[39] >> 4, drawn = 6, lead = 0, p0 = 0;
        for (int t = 0; t < 20; t++) {
            int x = nth(h[lead], below(__builtin_popcountll(h[lead]))); h[lead] ^= 1ULL << x;
            int f = 1 - lead;
            int y = nth(h[f], below(__builtin_popcountll(h[f]))); h[f] ^= 1ULL << y;
            int sx = x >> 4, sy = y >> 4;
            int px = (sx == trump ? 100 : 0) + STR[x & 15];
            int py = sy == trump ? 100 + STR[y & 15] : (sy == sx ? STR[y & 15] : -1);
            int w = px > py ? lead : f;
            if (w == 0) p0 += PTS[x & 15] + PTS[y & 15];
            if (drawn < 40) { h[w] |= 1ULL << c[drawn]; h[1 - w] |= 1ULL << c[drawn + 1]; drawn += 2; }
            lead = w;
        }
        total += p0;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    double secs = (b.tv_sec - a.tv_sec) + 1e-9 * (b.tv_nsec - a.tv_nsec);
    printf("%f %ld\n", games / secs, total);
    return 0;
}
"""


def c_loop(tmp: str) -> Path | None:
    """The plain C loop, compiled with -O2 (None without a C compiler)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    source = Path(tmp) / "loop.c"
    source.write_text(C_LOOP)
    binary = Path(tmp) / "loop"
    done = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True)
    return binary if done.returncode == 0 else None


def c_rate(binary: Path, games: int) -> float:
    """A plain C loop playing random 2-player Briscola (Latin deck: ranks coded 0..9 here)."""
    out = subprocess.run([str(binary), str(games)], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[0])


def bench_batch(games: int, seconds: float, rounds: int = 3) -> dict:
    """The kernels against the C loop, alternating round by round (best of each kept), both in
    CPU seconds of their process, so a busy machine slows both alike; the public-API engine as
    a second baseline."""
    engine = engine_rate(seconds)
    with tempfile.TemporaryDirectory() as tmp:
        binary = c_loop(tmp)
        c_best = kernel_best = 0.0
        for r in range(rounds):
            c = c_rate(binary, games) if binary is not None else 0.0
            kernel = kernel_rate(games, "random", rounds=1)
            c_best, kernel_best = max(c_best, c), max(kernel_best, kernel)
            if c:
                print(f"round {r + 1}: C loop {c:12,.0f}  kernel {kernel:12,.0f} games/s  "
                      f"ratio {kernel / c:.2f}", flush=True)
    rows = {
        "engine_public_api_random": engine,
        "c_loop_random": c_best or None,
        "kernel_random": kernel_best,
        "kernel_greedy": kernel_rate(games // 4, "greedy"),
    }
    for key, rate in rows.items():
        if rate is None:
            print(f"{key:26} (no C compiler)")
            continue
        print(f"{key:26} {rate:12,.0f} games/s   x engine {rate / engine:8.1f}", flush=True)
    if c_best:
        print(f"simulate --fast (random) / C loop, best of {rounds} alternating rounds: "
              f"{kernel_best / c_best:.2f}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200, help="random deals per configuration")
    parser.add_argument("--only", choices=("solve", "batch"))
    parser.add_argument("--configs", default="", help="only these games, e.g. briscola-4,klaverjas-4")
    parser.add_argument("--tt-bits", type=int, default=None,
                        help="log2 of the table's entries (default: the solver's, sized for the game)")
    parser.add_argument("--threads", type=int, default=None,
                        help="solver threads (1 or 2; default: 2 while a core is idle, else 1)")
    parser.add_argument("--paired", action="store_true",
                        help="solve each deal with 1 and then 2 threads; keep undisturbed deals")
    parser.add_argument("--target", action="store_true",
                        help="ask one yes/no question instead (solve(g, target=T): does the side to "
                             "move end with more than half the points?)")
    parser.add_argument("--games", type=int, default=2_000_000, help="batch games per timing")
    parser.add_argument("--seconds", type=float, default=3.0, help="engine baseline duration")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.paired and args.target:
        parser.error("--paired and --target are separate runs: give one of them")
    wanted = {c.strip() for c in args.configs.split(",") if c.strip()}
    known = {f"{c[0]}-{c[1]}" for c in SOLVE_CONFIGS}
    if wanted - known:
        parser.error(f"--configs: no configuration {', '.join(sorted(wanted - known))} "
                     f"(known: {', '.join(sorted(known))})")
    configs = [c for c in SOLVE_CONFIGS if not wanted or f"{c[0]}-{c[1]}" in wanted]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, load average {load:.1f} "
          "at the start")
    report: dict = {"load_average": load}
    if args.only in (None, "solve"):
        if args.paired:
            report["solve"] = bench_paired(args.deals, configs, args.tt_bits)
        else:
            report["solve"] = bench_solver(args.deals, configs, args.tt_bits, args.threads,
                                           args.target)
    if args.only in (None, "batch"):
        report["batch"] = bench_batch(args.games, args.seconds)
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
