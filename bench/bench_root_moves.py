"""What valuing every root move costs: ``solve(g)`` against ``solve(g, moves=False)`` in nodes.

    python bench/bench_root_moves.py [--configs klaverjas-4,cruce-4,briscola-2|all] [--deals N]
                                     [--known]

For each configuration, deals 0..N-1 from the first card (Cruce bids and the Klaverjas call
made by the greedy bot, as bench_search.py), one thread, a fresh table for each solve: the
nodes (deterministic: the same on every machine and run) and the CPU time of both calls,
summed over the deals, and their ratio (issue 19's goal: every root move valued for at most
1.2 times the cost of the value alone). The two calls' values are checked equal. ``--configs
all``: every game and player count of bench_search.py, both Klaverjas variants. The warm-up
solves (not counted) call both, so neither call's CPU time holds a compile.

``--known`` also measures how far a better order of probes could go: both calls again, each
value known in advance (from the first solves) and settled by its two zero-window probes alone
(at v and at v + 1), on a fresh table; nodes over those of ``moves=False`` as it searches. It
reaches into the solver's private ``_Search`` (the probes' order is what is measured), and
does not apply where each first card is a root of its own (Cruce).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
from bench_search import SOLVE_CONFIGS, first_lead

from aceten.search import Solver
from aceten.search import solver as solver_module
from aceten.search.dds import MOVES


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


class KnownValues:
    """While active, ``_Search`` finds each value by two probes at the value known in advance:
    ``record`` keeps the values a normal solve finds, ``replay`` uses them."""

    def __init__(self) -> None:
        self.mode = "off"
        self.value = 0
        self.moves: dict[int, int] = {}
        self.saved = (solver_module._Search.exact, solver_module._Search.root_values)

    def __enter__(self) -> KnownValues:
        exact, root_values = self.saved
        known = self

        def patched_exact(search, S, guess, ply):
            if known.mode != "replay":
                known.value = exact(search, S, guess, ply)
                return known.value
            _settle(search, S, known.value, ply)
            return known.value

        def patched_root_values(search, S, guess, codes, values):
            if known.mode != "replay":
                n = root_values(search, S, guess, codes, values)
                known.moves = {int(codes[i]): int(values[i]) for i in range(n)}
                return n
            order = np.empty(MOVES, dtype=np.int64)  # as the kernel's root_values
            found = np.empty(MOVES, dtype=np.int64)
            rep = np.empty(64, dtype=np.int64)  # one slot a card
            k, legal = search.dds.root_moves(S, search.R, search.T, search.ORD, search.suf,
                                             search.workers[0].moves, search.workers[0].history,
                                             order, rep)
            root = S.copy()
            for i in range(k):  # a representative card is legal: its value is in the record
                gain = int(search.step.play_move(S, order[i], search.R, search.T))
                _settle(search, S, known.moves[int(order[i])] - gain, 1)
                found[i] = known.moves[int(order[i])]
                S[:] = root
            return int(search.dds.root_report(legal, rep, order, found, k, codes, values))

        solver_module._Search.exact = patched_exact
        solver_module._Search.root_values = patched_root_values
        return self

    def __exit__(self, *exc: object) -> None:
        solver_module._Search.exact, solver_module._Search.root_values = self.saved


def _settle(search, S: np.ndarray, v: int, ply: int) -> None:
    """The two zero-window probes that show a future value is exactly v."""
    run = search.dds.alphabeta_alone
    assert run(S, v - 1, v, ply, *search.args[0], search.control) >= v
    assert run(S, v, v + 1, ply, *search.args[0], search.control) <= v


def known(config: tuple, deals: int) -> dict:
    """Nodes of both calls with every value known in advance, over moves=False's nodes."""
    name, players, variant, options = config
    solver = Solver(threads=1)
    nodes = {"value": 0, "moves": 0, "known_value": 0, "known_moves": 0}
    with KnownValues() as values:
        for seed in range(deals):
            g = first_lead(name, players, variant, options, seed)
            for moves in (False, True):
                label = "moves" if moves else "value"
                values.mode = "record"
                solver.clear()
                nodes[label] += solver.solve(g, moves=moves).nodes
                values.mode = "replay"
                solver.clear()
                nodes["known_" + label] += solver.solve(g, moves=moves).nodes
    base = nodes["value"]
    return {"game": name, "players": players, "variant": variant or "standard", "deals": deals,
            "moves": nodes["moves"] / base, "known_value": nodes["known_value"] / base,
            "known_moves": nodes["known_moves"] / base,
            "known_ratio": nodes["known_moves"] / nodes["known_value"]}


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
    parser.add_argument("--known", action="store_true",
                        help="also each value known in advance (nodes only; not Cruce)")
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args()
    run, line = (known, _known_line) if opts.known else (measure, _measure_line)
    rows = []
    for config in configs(opts.configs):
        row = run(config, opts.deals)
        rows.append(row)
        if not opts.json:
            print(f"{row['game']:10} {row['players']} {row['variant']:10} deals {row['deals']:3}  "
                  + line(row), flush=True)
    if opts.json:
        print(json.dumps(rows))


def _measure_line(row: dict) -> str:
    return (f"nodes {row['nodes_value']:>13,} -> {row['nodes_moves']:>13,} "
            f"({row['nodes_ratio']:.2f}x)  cpu {row['cpu_value']:7.2f} s -> "
            f"{row['cpu_moves']:7.2f} s ({row['cpu_ratio']:.2f}x)")


def _known_line(row: dict) -> str:
    return (f"nodes over moves=False's: every move {row['moves']:.3f}; values known: "
            f"moves=False {row['known_value']:.3f}, every move {row['known_moves']:.3f} "
            f"(ratio {row['known_ratio']:.2f})")


if __name__ == "__main__":
    main()
