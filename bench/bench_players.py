"""The players measured: decision times, and a duplicate-arena table of bots against each other.

    python bench/bench_players.py --deals 3                        # times of pimc and tactics
    python bench/bench_players.py --times expert,hard --deals 3    # times of other bots
    python bench/bench_players.py --table tactics:random,tactics:tactics-1 --deals 200 \
        --db bench-players.sqlite --workers 2                     # the strength table

Times: plays the first bot against the second (the first on every other side) and times every
decision of each. Prints median, p95 and max in milliseconds; the first decision of the process
(numba's compilation) is left out.

Table: for each ``a:b`` pair and each game (``--games`` to choose), a duplicate tournament of
``--deals`` deals (every deal once per seating) with the arena; prints one markdown row per game
and pair: a's score against b (wins, draws half) with its 95% interval, and the point difference
per game with its interval. Runs are kept in ``--db`` and resumed from it.
"""

from __future__ import annotations

import argparse
import statistics
import time

import aceten
from aceten import agents, arena

GAMES = [("briscola", 2, None), ("briscola", 3, None), ("briscola", 4, None), ("brisca", 2, None),
         ("brisca", 3, None), ("brisca", 4, None), ("cruce", 2, None), ("cruce", 3, None),
         ("cruce", 4, None), ("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam")]


def _wanted(spec: str) -> list[tuple[str, int, str | None]]:
    chosen = spec.split(",") if spec else []
    return [g for g in GAMES if not chosen or f"{g[0]}:{g[1]}" in chosen
            or (g[2] and f"{g[0]}:{g[2]}" in chosen)]


def times(bots: tuple[str, str], games: list[tuple[str, int, str | None]], deals: int) -> None:
    first, second = bots
    if agents.needs_solver(first) or agents.needs_solver(second):
        warm = aceten.new_game("briscola", players=2, seed=0)
        agents.play(warm, [agents.get("pimc", seed=0), agents.get("pimc", seed=1)])  # compile
    for name, players, variant in games:
        spent: dict[str, list[float]] = {first: [], second: []}
        for deal in range(deals):
            game = aceten.new_game(name, players=players, variant=variant, seed=1000 + deal)
            team_of = game.rules.seat_team
            seats = [agents.get(first if team_of[s] % 2 == deal % 2 else second, seed=s)
                     for s in range(players)]
            while not game.is_over():
                bot = seats[game.to_move]
                view = game.view(game.to_move)
                start = time.perf_counter()
                move = bot.choose(view)
                spent[bot.name].append(time.perf_counter() - start)
                game.push(move)
        for bot, ts in spent.items():
            ts.sort()
            p95 = ts[min(len(ts) - 1, int(0.95 * len(ts)))]
            median = 1000 * statistics.median(ts)
            label = f"{name} {players}p" + (f" {variant}" if variant else "")
            print(f"{label} {bot:8s} moves {len(ts):4d}  median {median:7.1f} ms"
                  f"  p95 {1000 * p95:7.1f} ms  max {1000 * ts[-1]:7.1f} ms", flush=True)


def table(pairs: list[tuple[str, str]], games: list[tuple[str, int, str | None]], deals: int,
          db: str, workers: int | None) -> None:
    print("| game | bot | opponent | deals | score (95% interval) | points a game (95% interval) |")
    print("|---|---|---|---:|---|---|")
    for name, players, variant in games:
        for a, b in pairs:
            config = arena.TournamentConfig.create(name, [a, b], players=players, variant=variant)
            result = arena.run(config, deals, db=db, workers=workers).as_dict()
            pair = next(p for p in result["pairs"] if p["bot"] == a)
            low, high = pair["win_rate_ci"]
            dlow, dhigh = pair["point_diff_ci"]
            label = f"{name} {players}p" + (f" {variant}" if variant else "")
            print(f"| {label} | {a} | {b} | {result['deals']} | {pair['win_rate']:.1%} "
                  f"({low:.1%}–{high:.1%}) | {pair['point_diff']:+.1f} ({dlow:+.1f}–{dhigh:+.1f}) |",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--games", default="", help="e.g. briscola:2,klaverjas:amsterdam")
    parser.add_argument("--times", default="pimc,tactics", help="two bots to time")
    parser.add_argument("--table", default="", help="pairs a:b to play in the duplicate arena")
    parser.add_argument("--db", default="bench-players.sqlite")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    games = _wanted(args.games)
    if args.table:
        pairs = [tuple(p.split(":", 1)) for p in args.table.split(",")]
        table([(a, b) for a, b in pairs], games, args.deals, args.db, args.workers)
        return
    first, second = args.times.split(",")
    times((first, second), games, args.deals)


if __name__ == "__main__":
    main()
