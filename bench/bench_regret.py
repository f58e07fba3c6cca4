"""Bots' decisions scored against the truth: what each choice loses on the real deal.

    python bench/bench_regret.py --bots searcher,searcher-spread,pimc-1 --games briscola:2 --deals 40

An arena needs hundreds of deals to tell two close bots apart, because the cards' luck swamps
the difference. This scores single decisions instead: deals are played by ``--producer``
(pimc-1) at every seat; at each card decision with at most ``--max-cards`` cards unplayed (by
default the searcher's exact limit, so the truth is cheap) every bot chooses from the seat's
view, and the real deal, all hands open, is solved to say what each choice is worth:

- **points lost**: the solver's value of the best move on the real deal less that of the chosen
  one (the side's card points and bonuses at the end, both sides playing perfectly after; with
  bonuses, as the solver counts them: the others minimise the side's total);
- **results lost**: the same for the deal's result as the game scores it (1 won, 0.5 drawn,
  0 lost), each move's line played to the end by the solver.

The clairvoyant best is not the best move a seat that cannot see the cards could make, so the
losses never reach zero; but every bot faces the same decisions, so the paired differences
between bots (with 95% intervals over decisions) say which decides better. Decisions where
every bot agrees cost nothing to the comparison and are counted apart.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

from bench_searcher import GAMES, VARIANTS

import aceten
from aceten import agents
from aceten.agents.pimc import exact_limit
from aceten.agents.searcher import SearcherAgent

Z95 = 1.959963984540054


def make(name: str, seed: int) -> Any:
    return VARIANTS[name](seed) if name in VARIANTS else agents.get(name, seed=seed)


def truth(judge: SearcherAgent, game: Any, legal: list[Any],
          limit: int) -> tuple[dict[Any, float], dict[Any, float]]:
    """Each legal move's value on the real deal (the solver's: every other seat minimises what
    the mover's side ends with) and its result (each move's line solved on its own and scored
    by the game, as ``combine="wins"`` does). ``judge`` keeps one solver, and its table, for
    the run: the values are exact whatever the table holds."""
    solver = judge._solver_ready()
    values = {mv.move: float(mv.value) for mv in solver.solve(game).moves}
    _, results, _ = judge._evaluate(game, legal, game.to_move, True, limit, outcomes=True)
    return values, results


def mean_ci(xs: list[float]) -> str:
    if len(xs) < 2:
        return "n/a"
    m = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:+.3f} ± {half:.3f}"


def run(bots: list[str], game_spec: tuple[str, int, str | None], deals: range, producer: str,
        max_cards: int | None, min_cards: int) -> None:
    name, players, variant = game_spec
    points: dict[str, list[float]] = {b: [] for b in bots}
    results: dict[str, list[float]] = {b: [] for b in bots}
    cpu: dict[str, list[float]] = {b: [] for b in bots}
    agree = 0
    judge = SearcherAgent(seed=0, combine="wins")
    for deal in deals:
        game = aceten.new_game(name, players=players, variant=variant, seed=2000 + deal)
        play = [make(producer, seed=s) for s in range(players)]
        judged = [{b: make(b, seed=100 * deal + s) for b in bots} for s in range(players)]
        while not game.is_over():
            seat = game.to_move
            view = game.view(seat)
            legal = list(view.legal_moves)
            limit = max_cards if max_cards is not None else exact_limit(view.rules)
            if view.phase == "play" and len(legal) > 1 and min_cards <= view.cards_left <= limit:
                values, won = truth(judge, game, legal, exact_limit(view.rules))
                best_value, best_result = max(values.values()), max(won.values())
                chosen = {}
                for bot in bots:
                    start = time.process_time()
                    move = judged[seat][bot].choose(view)
                    cpu[bot].append(time.process_time() - start)
                    chosen[bot] = move
                    points[bot].append(best_value - values[move])
                    results[bot].append(best_result - won[move])
                agree += len(set(chosen.values())) == 1
            game.push(play[seat].choose(view))
    label = f"{name} {players}p" + (f" {variant}" if variant else "")
    n = len(points[bots[0]])
    print(f"\n{label}: deals {deals.start}-{deals.stop - 1}, {n} decisions ({agree} where every "
          f"bot chose alike), produced by {producer}")
    print("| bot | points lost a decision | results lost a decision | vs "
          f"{bots[0]}: points | vs {bots[0]}: results | CPU median ms |")
    print("|---|---|---|---|---|---|")
    for bot in bots:
        dp = [a - b for a, b in zip(points[bot], points[bots[0]], strict=True)]
        dr = [a - b for a, b in zip(results[bot], results[bots[0]], strict=True)]
        print(f"| {bot} | {mean_ci(points[bot])} | {mean_ci(results[bot])} | "
              f"{mean_ci(dp) if bot != bots[0] else '—'} | {mean_ci(dr) if bot != bots[0] else '—'} "
              f"| {1000 * statistics.median(cpu[bot]):.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="searcher,searcher-spread,pimc-1")
    parser.add_argument("--games", default="briscola:2", help=f"of {', '.join(GAMES)}")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--producer", default="pimc-1", help="the bot that plays the deals")
    parser.add_argument("--max-cards", type=int, default=None,
                        help="judge decisions with at most this many cards unplayed "
                             "(default: the searcher's exact limit)")
    parser.add_argument("--min-cards", type=int, default=0,
                        help="and at least this many (judge only the earlier decisions)")
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    args = parser.parse_args()
    for spec in args.games.split(","):
        run(args.bots.split(","), GAMES[spec], range(args.first, args.first + args.deals),
            args.producer, args.max_cards, args.min_cards)


if __name__ == "__main__":
    main()
