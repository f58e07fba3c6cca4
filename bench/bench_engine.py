"""Random full games through the public API (new_game / legal_moves / push), games per second.

    python bench/bench_engine.py [--seconds S]

Each configuration plays seeded random games on one core for about S seconds. The baseline in
the same run is a bare loop that only shuffles a 40-card deck and picks 40 random indices: the
least any engine driven this way could cost.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import aceten

CONFIGS = [
    ("briscola", 2, None), ("briscola", 3, None), ("briscola", 4, None),
    ("brisca", 2, None), ("brisca", 3, None), ("brisca", 4, None), ("brisca", 4, "arrastre"),
    ("cruce", 2, None), ("cruce", 3, None), ("cruce", 4, None),
    ("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam"),
]  # fmt: skip


def play_games(name: str, players: int, variant: str | None, seconds: float) -> float:
    options = {}
    if variant == "arrastre":
        variant, options = None, {"arrastre": True}
    rng = random.Random(1)
    choice = rng.choice
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for seed in range(games, games + 50):
            g = aceten.new_game(name, players=players, variant=variant, seed=seed, **options)
            while not g.is_over():
                g.push(choice(g.legal_moves()))
        games += 50
    return games / (time.perf_counter() - start)


def baseline(seconds: float) -> float:
    rng = random.Random(1)
    deck = list(range(40))
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for seed in range(50):
            r = random.Random(seed)
            cards = deck[:]
            r.shuffle(cards)
            for _ in range(40):
                rng.choice(cards)
        games += 50
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    base = baseline(args.seconds)
    rows = []
    for name, players, variant in CONFIGS:
        rate = play_games(name, players, variant, args.seconds)
        rows.append({"game": name, "players": players, "variant": variant or "standard",
                     "games_per_s": round(rate), "baseline_ratio": round(rate / base, 3)})
    if args.json:
        print(json.dumps({"baseline_games_per_s": round(base), "rows": rows}, indent=2))
        return
    print(f"python {platform.python_version()}, one core; baseline (shuffle + 40 random "
          f"choices, no rules): {base:,.0f} games/s")
    print(f"{'game':10} {'players':>7} {'variant':10} {'games/s':>9} {'x baseline':>10}")
    for r in rows:
        print(f"{r['game']:10} {r['players']:>7} {r['variant']:10} {r['games_per_s']:>9,} "
              f"{r['baseline_ratio']:>10.3f}")


if __name__ == "__main__":
    main()
