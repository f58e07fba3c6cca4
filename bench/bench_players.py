"""Decision time per move of the tactics and pimc players (default settings), per game.

    python bench/bench_players.py --deals 3

Plays pimc against tactics (pimc on every other side) and times every decision of each bot.
Prints median, p95 and max in milliseconds; the first decision of the process (numba's
compilation) is left out.
"""

from __future__ import annotations

import argparse
import statistics
import time

import aceten
from aceten import agents

GAMES = [("briscola", 2), ("briscola", 3), ("briscola", 4), ("brisca", 2), ("brisca", 3), ("brisca", 4),
         ("cruce", 2), ("cruce", 3), ("cruce", 4), ("klaverjas", 4)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--games", default="")
    args = parser.parse_args()
    warm = aceten.new_game("briscola", players=2, seed=0)
    agents.play(warm, [agents.get("pimc", seed=0), agents.get("pimc", seed=1)])  # compile
    wanted = [g for g in GAMES if not args.games or f"{g[0]}:{g[1]}" in args.games.split(",")]
    for name, players in wanted:
        times: dict[str, list[float]] = {"pimc": [], "tactics": []}
        for deal in range(args.deals):
            game = aceten.new_game(name, players=players, seed=1000 + deal)
            team_of = game.rules.seat_team
            seats = [agents.get("pimc" if team_of[s] % 2 == deal % 2 else "tactics", seed=s)
                     for s in range(players)]
            while not game.is_over():
                bot = seats[game.to_move]
                view = game.view(game.to_move)
                start = time.perf_counter()
                move = bot.choose(view)
                times[bot.name].append(time.perf_counter() - start)
                game.push(move)
        for bot, ts in times.items():
            ts.sort()
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            median = 1000 * statistics.median(ts)
            print(f"{name} {players}p {bot:8s} moves {len(ts):4d}  median {median:7.1f} ms"
                  f"  p95 {1000 * p95:7.1f} ms  max {1000 * ts[-1]:7.1f} ms", flush=True)


if __name__ == "__main__":
    main()
