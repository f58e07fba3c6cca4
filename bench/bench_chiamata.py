"""Briscola chiamata and the six-seat games: the solver without its table (nodes and CPU time
per position), and random deals through the engine (CPU time per deal).

    PYTHONPATH=src python bench/bench_chiamata.py [--cards 20] [--positions 3] [--deals 200]

Node counts are exact and repeatable; CPU times (``time.process_time``) vary with the machine
and its load. The positions: the first seat bids the ace, the others pass, the caller calls the
first card offered; the deck is the first ``--cards`` cards of the list below.
"""

from __future__ import annotations

import argparse
import random
import time

import aceten

DECK = [
    "AS", "3S", "KS", "HS", "JS", "7S", "AC", "3C", "KC", "HC", "JC", "7C",
    "AO", "3O", "KO", "7O", "2O", "AB", "3B", "KB", "HB", "JB", "7B", "HO",
    "JO", "6S", "6C", "6O", "6B", "5S",
]


def solver_rows(cards: int, positions: int) -> None:
    from aceten.search import solve

    for seed in range(positions):
        g = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed,
                            deck=" ".join(DECK[:cards]))
        g.push(g.legal_moves()[1])
        while g.phase != "play":
            g.push(g.legal_moves()[0])
        start = time.process_time()
        result = solve(g)
        print(f"solver  chiamata {cards} cards  seed {seed}: value {result.value}, "
              f"{result.nodes:,} nodes, {time.process_time() - start:.2f} s CPU")


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
    args = parser.parse_args()
    engine_rows(args.deals)
    solver_rows(args.cards, args.positions)


if __name__ == "__main__":
    main()
