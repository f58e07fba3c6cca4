"""The players measured: decision times, and a duplicate-arena table of bots against each other.

    python bench/bench_players.py --deals 3                        # times of pimc and tactics
    python bench/bench_players.py --times expert,hard --deals 3    # times of other bots
    python bench/bench_players.py --table tactics:random,tactics:tactics-1 --deals 200 \
        --db bench-players.sqlite --workers 2                     # the strength table
    python bench/bench_players.py --round-robin random,greedy,tactics-1,tactics,pimc-1,pimc,searcher \
        --deals 200 --db bench-players.sqlite    # every bot against every other, every game
    python bench/bench_players.py --games briscola:chiamata --max-cards 15,20,25 --deals 10
                                                                   # pimc's card limit weighed

Times: plays the first bot against the second (the first on every other side; with hidden
teams, on every other seat) and times every decision of each, in wall-clock and in CPU time
(``time.process_time``: less sensitive to other work on the machine). Prints median, p95 and
max in milliseconds, how many decisions searched and how many deals each solved on average;
one untimed deal per game first (numba's compilation, the solver's first use) is left out.
``--max-cards`` plays the same deals once per limit given, each time with pimc solving from
that many unplayed cards (its ``max_cards``).

Table: for each ``a:b`` pair and each game (``--games`` to choose), a duplicate tournament of
``--deals`` deals (every deal once per seating) with the arena; prints one markdown row per game
and pair: a's score against b (wins, draws half) with its 95% interval, and the point difference
per game with its interval, and each bot's CPU time per decision (median, p95, max). Runs are kept
in ``--db`` and resumed from it. ``--round-robin`` plays every pair of the bots it lists, then
prints one compact table per game: each bot's score against each other (the row against the
column) and its CPU time a decision (in its tournament against the first bot listed; the
first bot's in its last tournament).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import aceten
from aceten import agents, arena

GAMES = [("briscola", 2, None), ("briscola", 3, None), ("briscola", 4, None), ("brisca", 2, None),
         ("brisca", 3, None), ("brisca", 4, None), ("cruce", 2, None), ("cruce", 3, None),
         ("cruce", 4, None), ("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam"),
         ("briscola", 5, "chiamata"), ("briscola", 6, None), ("brisca", 6, None)]


def wanted_games(spec: str) -> list[tuple[str, int, str | None]]:
    chosen = spec.split(",") if spec else []
    return [g for g in GAMES if not chosen or f"{g[0]}:{g[1]}" in chosen
            or (g[2] and f"{g[0]}:{g[2]}" in chosen)]


def _seats(game: aceten.Game, bots: tuple[str, str], deal: int, limit: int | None) -> list[Any]:
    """The deal's bots: the first on every other side (every other seat when the teams form
    during the deal), alternating by deal; pimc's card limit set when given."""
    team_of = game.rules.seat_team
    hidden = len(set(team_of)) == 1
    seats = []
    for s in range(game.rules.players):
        side = (s if hidden else team_of[s]) % 2
        bot = agents.get(bots[0] if side == deal % 2 else bots[1], seed=s)
        if limit is not None and hasattr(bot, "max_cards"):
            bot.max_cards = limit
        seats.append(bot)
    return seats


Times = dict[str, list[tuple[float, float, int]]]  # per bot: wall, CPU, deals solved (0: none)


def _play(game: aceten.Game, seats: list[Any], spent: Times | None) -> None:
    while not game.is_over():
        bot = seats[game.to_move]
        view = game.view(game.to_move)
        wall, cpu = time.perf_counter(), time.process_time()
        move = bot.choose(view)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if spent is not None:
            solved = int(getattr(bot, "last", {}).get("deals") or 0)
            spent.setdefault(bot.name, []).append((wall, cpu, solved))
        game.push(move)


def _quantiles(ts: list[float]) -> tuple[float, float, float]:
    ts = sorted(ts)
    return (1000 * statistics.median(ts), 1000 * ts[min(len(ts) - 1, int(0.95 * len(ts)))],
            1000 * ts[-1])


def times(bots: tuple[str, str], games: list[tuple[str, int, str | None]], deals: int,
          limits: list[int | None]) -> None:
    for name, players, variant in games:
        label = f"{name} {players}p" + (f" {variant}" if variant else "")
        warm = aceten.new_game(name, players=players, variant=variant, seed=999)
        _play(warm, _seats(warm, bots, 0, min((x for x in limits if x is not None), default=None)), None)
        for limit in limits:
            spent: Times = {}
            for deal in range(deals):
                game = aceten.new_game(name, players=players, variant=variant, seed=1000 + deal)
                _play(game, _seats(game, bots, deal, limit), spent)
            for bot, rows in spent.items():
                wall = _quantiles([r[0] for r in rows])
                cpu = _quantiles([r[1] for r in rows])
                searched = [r[2] for r in rows if r[2]]
                deals_each = sum(searched) / len(searched) if searched else 0
                at = "" if limit is None else f" limit {limit}"
                print(f"{label}{at} {bot:8s} moves {len(rows):4d} (searched {len(searched):4d}, "
                      f"{deals_each:4.1f} deals each)  "
                      f"CPU median {cpu[0]:7.1f} p95 {cpu[1]:7.1f} max {cpu[2]:7.1f} ms  "
                      f"wall p95 {wall[1]:7.1f} max {wall[2]:7.1f} ms  (load {load()})", flush=True)


def load() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:  # pragma: no cover - not on Linux
        return "?"


def _ms(result: dict[str, Any], bot: str) -> str:
    """A bot's CPU time per decision in a tournament: median / p95 / max, in ms."""
    t = next(b["decision_ms"] for b in result["bots"] if b["bot"] == bot)
    if not t:
        return "-"
    return " / ".join(f"{t[k]:.2f}" if t[k] < 10 else f"{t[k]:.0f}" for k in ("median", "p95", "max"))


def table(pairs: list[tuple[str, str]], games: list[tuple[str, int, str | None]], deals: int,
          db: str, workers: int | None, matrix: list[str] | None = None) -> None:
    """One row per game and pair; with ``matrix`` (the bots, in order), then one compact table
    per game: each row bot's score against each column bot, and its time a decision."""
    cells: dict[str, dict[tuple[str, str], str]] = {}
    spent: dict[str, dict[str, str]] = {}
    print("| game | bot | opponent | deals | score (95% interval) | points a game (95% interval) "
          "| bot's ms a decision (median / p95 / max) | opponent's |")
    print("|---|---|---|---:|---|---|---|---|")
    for name, players, variant in games:
        for a, b in pairs:
            config = arena.TournamentConfig.create(name, [a, b], players=players, variant=variant)
            result = arena.run(config, deals, db=db, workers=workers).as_dict()
            pair = next(p for p in result["pairs"] if p["bot"] == a)
            low, high = pair["win_rate_ci"]
            dlow, dhigh = pair["point_diff_ci"]
            label = f"{name} {players}p" + (f" {variant}" if variant else "")
            print(f"| {label} | {a} | {b} | {result['deals']} | {pair['win_rate']:.1%} "
                  f"({low:.1%}–{high:.1%}) | {pair['point_diff']:+.1f} ({dlow:+.1f}–{dhigh:+.1f}) "
                  f"| {_ms(result, a)} | {_ms(result, b)} |", flush=True)
            rate = pair["win_rate"]
            cells.setdefault(label, {})[a, b] = f"{100 * rate:.1f} ({100 * low:.1f}–{100 * high:.1f})"
            cells[label][b, a] = f"{100 * (1 - rate):.1f} ({100 * (1 - high):.1f}–{100 * (1 - low):.1f})"
            for bot in (a, b):  # its time a decision against the first of the bots listed
                if bot not in spent.setdefault(label, {}) or (matrix and matrix[0] in (a, b)):
                    spent[label][bot] = _ms(result, bot)
    for label in cells if matrix else []:
        print(f"\n{label}: the row's score against the column, % (95% interval)\n")
        print("| | " + " | ".join(matrix) + " | ms a decision (median / p95 / max) |")
        print("|---|" + "---|" * (len(matrix) + 1))
        for a in matrix:
            row = ["–" if a == b else cells[label].get((a, b), "") for b in matrix]
            print(f"| {a} | " + " | ".join(row) + f" | {spent[label].get(a, '')} |")


def round_robin(bots: list[str]) -> list[tuple[str, str]]:
    """Every pair of the bots once, each later bot against each earlier one (so that the
    stronger bots, listed last, are the rows' first bot)."""
    return [(bots[j], bots[i]) for j in range(len(bots)) for i in range(j)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--games", default="", help="e.g. briscola:2,klaverjas:amsterdam")
    parser.add_argument("--times", default="pimc,tactics", help="two bots to time")
    parser.add_argument("--max-cards", default="", help="pimc's card limits to time, e.g. 15,20,25")
    parser.add_argument("--table", default="", help="pairs a:b to play in the duplicate arena")
    parser.add_argument("--round-robin", default="",
                        help="bots to play every pair of in the duplicate arena, weakest first")
    parser.add_argument("--db", default="bench-players.sqlite")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    games = wanted_games(args.games)
    if args.table or args.round_robin:
        pairs = [tuple(p.split(":", 1)) for p in args.table.split(",")] if args.table else []
        pairs += round_robin(args.round_robin.split(",")) if args.round_robin else []
        table([(a, b) for a, b in pairs], games, args.deals, args.db, args.workers,
              args.round_robin.split(",") if args.round_robin else None)
        return
    first, second = args.times.split(",")
    limits: list[int | None] = [int(x) for x in args.max_cards.split(",")] if args.max_cards else [None]
    times((first, second), games, args.deals, limits)


if __name__ == "__main__":
    main()
