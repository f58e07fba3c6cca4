"""Briscola chiamata and the six-seat games: the solver (nodes, table hits and CPU time per
position) and random deals through the engine (CPU time per deal).

    PYTHONPATH=src python bench/bench_chiamata.py [--cards 20] [--positions 3] [--deals 200]
                                                  [--six 0] [--skip-engine] [--value-only]
                                                  [--lift-limit]

Node counts are exact and repeatable (one thread, a fresh table per position); CPU times
(``time.process_time``) vary with the machine and its load, so each solver line ends with the
load average (1 minute) before and after it. The chiamata positions: the first seat bids the
ace, the others pass, the caller calls the first card offered; the deck is the first
``--cards`` cards of the list below (40: the whole deck, a full deal of eight tricks), each
solved with every move valued (``--value-only``: the value and line alone). ``solve`` refuses
more than ``solver.MANY_SEATS_HELD`` (25) cards in five hands; ``--lift-limit`` raises that
limit in this process, to measure what it keeps users from. With ``--six N``, N deals each of
six-seat Briscola and Brisca are solved from their first card.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import aceten

DECK = [
    "AS", "3S", "KS", "HS", "JS", "7S", "AC", "3C", "KC", "HC", "JC", "7C",
    "AO", "3O", "KO", "7O", "2O", "AB", "3B", "KB", "HB", "JB", "7B", "HO",
    "JO", "6S", "6C", "6O", "6B", "5S",
]


def load() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:  # pragma: no cover - not on Linux
        return "?"


def solve_row(label: str, g: aceten.Game, moves: bool) -> None:
    from aceten.search import Solver

    before = load()
    start = time.process_time()
    result = Solver(threads=1).solve(g, moves=moves)
    spent = time.process_time() - start
    print(f"solver  {label}: value {result.value}, {result.nodes:,} nodes, "
          f"table hits {result.tt_hits:,} of {result.tt_probes:,} probes, "
          f"{spent:.2f} s CPU (load {before} -> {load()})", flush=True)


def solver_rows(cards: int, positions: int, moves: bool = True) -> None:
    deck = {} if cards >= 40 else {"deck": " ".join(DECK[:cards])}
    for seed in range(positions):
        g = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed, **deck)
        g.push(g.legal_moves()[1])
        while g.phase != "play":
            g.push(g.legal_moves()[0])
        what = "every move" if moves else "value and line"
        solve_row(f"chiamata {cards} cards  seed {seed} ({what})", g, moves)


def six_rows(deals: int) -> None:
    for name in ("briscola", "brisca"):
        for seed in range(deals):
            g = aceten.new_game(name, players=6, seed=seed)
            solve_row(f"{name} 6 seats, full deal  seed {seed} (value and line)", g, False)


def engine_rows(deals: int) -> None:
    for name, players, variant in (("briscola", 5, "chiamata"), ("briscola", 6, None),
                                   ("brisca", 6, None)):
        rng = random.Random(0)
        start = time.process_time()
        for seed in range(deals):
            g = aceten.new_game(name, players=players, variant=variant, seed=seed)
            while not g.is_over():
                moves = g.legal_moves()
                g.push(moves[0] if g.phase == "auction" and rng.random() < 0.7 else rng.choice(moves))
        spent = time.process_time() - start
        print(f"engine  {name} {players} {variant or 'standard'}: {deals} random deals, "
              f"{1000 * spent / deals:.2f} ms CPU a deal")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=20)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--six", type=int, default=0, help="six-seat deals to solve, per game")
    parser.add_argument("--skip-engine", action="store_true")
    parser.add_argument("--value-only", action="store_true",
                        help="chiamata positions: the value and line alone, not every move")
    parser.add_argument("--lift-limit", action="store_true",
                        help="let the solver take more than 25 cards in five hands")
    args = parser.parse_args()
    if args.lift_limit:
        from aceten.search import solver

        solver.MANY_SEATS_HELD = 40
    if not args.skip_engine:
        engine_rows(args.deals)
    solver_rows(args.cards, args.positions, not args.value_only)
    six_rows(args.six)


if __name__ == "__main__":
    main()
