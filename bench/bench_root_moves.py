"""What valuing every root move costs: ``solve(g)`` against ``solve(g, moves=False)`` in nodes.

    python bench/bench_root_moves.py [--configs klaverjas-4,cruce-4,briscola-2|all] [--deals N]

For each configuration, deals 0..N-1 from the first card (Cruce bids and the Klaverjas call
made by the greedy bot, as bench_search.py), one thread, a fresh table for each solve: the
nodes (deterministic: the same on every machine and run) and the CPU time of both calls,
summed over the deals, and their ratio (issue 19's goal: every root move valued for at most
1.2 times the cost of the value alone). The two calls' values are checked equal. ``--configs
all``: every game and player count of bench_search.py, both Klaverjas variants. The warm-up
solves (not counted) call both, so neither call's CPU time holds a compile.
"""

from __future__ import annotations

import argparse
import json
import time

from bench_search import SOLVE_CONFIGS, first_lead

from aceten.search import Solver


def configs(text: str) -> list[tuple]:
    if text == "all":
        return list(SOLVE_CONFIGS)
    wanted = text.split(",")
    out = []
    for name, players, variant, options in SOLVE_CONFIGS:
        key = f"{name}-{players}"
        if key in wanted or f"{key}-{variant}" in wanted:
            if variant == "amsterdam" and f"{key}-amsterdam" not in wanted:
                continue
            out.append((name, players, variant, options))
    return out


def measure(config: tuple, deals: int) -> dict:
    name, players, variant, options = config
    solver = Solver(threads=1)
    warm = first_lead(name, players, variant, options, 10**6)
    solver.solve(warm)  # compile or load the kernels of both calls
    solver.solve(warm, moves=False)
    totals = {"value": [0, 0.0], "moves": [0, 0.0]}
    for seed in range(deals):
        g = first_lead(name, players, variant, options, seed)
        values = {}
        for label, moves in (("value", False), ("moves", True)):
            solver.clear()
            start = time.process_time()
            result = solver.solve(g, moves=moves)
            totals[label][1] += time.process_time() - start
            totals[label][0] += result.nodes
            values[label] = result.value
            if moves:
                assert max(m.value for m in result.moves) == result.value
        assert values["value"] == values["moves"], (name, seed, values)
    return {"game": name, "players": players, "variant": variant or "standard", "deals": deals,
            "nodes_value": totals["value"][0], "nodes_moves": totals["moves"][0],
            "cpu_value": totals["value"][1], "cpu_moves": totals["moves"][1],
            "nodes_ratio": totals["moves"][0] / totals["value"][0],
            "cpu_ratio": totals["moves"][1] / totals["value"][1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--configs", default="klaverjas-4,cruce-4,briscola-2")
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args()
    rows = []
    for config in configs(opts.configs):
        row = measure(config, opts.deals)
        rows.append(row)
        if not opts.json:
            print(f"{row['game']:10} {row['players']} {row['variant']:10} deals {row['deals']:3}  "
                  f"nodes {row['nodes_value']:>13,} -> {row['nodes_moves']:>13,} "
                  f"({row['nodes_ratio']:.2f}x)  cpu {row['cpu_value']:7.2f} s -> "
                  f"{row['cpu_moves']:7.2f} s ({row['cpu_ratio']:.2f}x)", flush=True)
    if opts.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
