"""How far a player who sees every card gets against a bot: a ceiling for the arena's scores.

    python bench/bench_oracle.py --games cruce:3 --against pimc-1 --deals 200
    python bench/bench_oracle.py --against pimc-1 --deals 200 --workers 2   # every game
    python bench/bench_oracle.py --games cruce:3 --bids pimc-1 --deals 200    # pimc-1's bids

The oracle plays each of its cards by the double-dummy solver on the real deal (every hand and
the stock open; its side against the others, in three-player games against the two others
together). It bids and calls trump seeing every card too: each legal bid or call is made on
the real deal, the rest of the bidding by tactics (standing in for the others, whose bids it
cannot know), the deal solved to its end and scored by the game's own rules (game points and
contracts, nat), and the best for it against the others is made. ``--bids BOT`` leaves the
bids and calls to that bot instead (``--bids pimc-1`` against pimc-1: the bidding alike, so
only the card play differs). The games are the arena's duplicate deals and seatings
(``TournamentConfig``: the same deal seeds, bot seeds and seatings as ``aceten arena`` with
``--seed``), and the score is the arena's (wins plus half the draws, per game and pair of
sides, with the interval over deals).

It knows the cards the others only guess, so what it scores against a bot is a practical
ceiling for what a fair bot could score against it, and shows how much of a game's result the
deal decides. Not a strict bound: it plays as if the others played perfectly against it, so it
does not exploit their mistakes, which a fair player modelling them might.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_players import GAMES, wanted_games

import aceten
from aceten import agents
from aceten.agents.searcher import deal_score
from aceten.agents.tactics import TacticsAgent
from aceten.arena import schedule
from aceten.arena.config import TournamentConfig
from aceten.arena.runner import GameResult
from aceten.arena.stats import Standings, decision_times
from aceten.errors import AcetenError
from aceten.search import Solver

ORACLE = "oracle"
NOT_SEARCHED = ("bid", "auction", "call-card", "call")


class Oracle(agents.Agent):
    """Plays its cards by the solver on the game itself; bids and calls by the real deal
    solved to its end, or by ``delegate`` when one is given."""

    name = ORACLE

    def __init__(self, game: aceten.Game, solver: Solver, delegate: agents.Agent | None = None):
        super().__init__()
        self.game, self.solver, self.delegate = game, solver, delegate
        self.others = TacticsAgent(seed=0)

    def choose(self, view: Any) -> Any:
        legal = list(view.legal_moves)
        if len(legal) == 1:
            return legal[0]
        if view.phase in NOT_SEARCHED:
            if self.delegate is not None:
                return self.delegate.choose(view)
            return max(legal, key=lambda move: self._score(move, view.seat))
        return self.solver.solve(self.game, moves=False).best_move

    def _score(self, move: Any, seat: int) -> float:
        """The deal's score for ``seat`` against the others if it makes ``move`` here: the
        bidding after it by tactics, the play solved exactly."""
        game = self.game.copy()
        game.push(move)
        while game.phase not in ("play", "over"):
            game.push(self.others.choose(game.view(game.to_move)))
        return deal_score(game, seat, game.cards_left, self.solver)[0]


def play_game(config: TournamentConfig, against: str, deal: int, seating: int,
              solver: Solver, bids: str | None = None) -> GameResult:
    """One deal in one seating, as the arena's runner plays it, an oracle in the oracle's seats."""
    rules = config.rules()
    deal_seed = schedule.deal_seed(config.seed, deal)
    bot_seeds = tuple(schedule.bot_seed(deal_seed, s) for s in range(config.players))
    seats = config.seatings[seating]
    g = aceten.Game(rules, seed=deal_seed)
    bots = [Oracle(g, solver, agents.get(bids, seed=s) if bids else None) if name == ORACLE
            else agents.get(name, seed=s) for name, s in zip(seats, bot_seeds)]
    times: list[list[float]] = [[] for _ in seats]
    agents.play(g, bots, times=times)
    return GameResult.of(g, deal=deal, seating=seating, deal_seed=deal_seed, seats=seats,
                         bot_seeds=bot_seeds, times=times)


def _deals(task: tuple[TournamentConfig, str, str | None, list[int]]) -> list[list[GameResult]]:
    config, against, bids, deals = task
    solver = Solver(threads=1)
    return [[play_game(config, against, d, i, solver, bids) for i in range(len(config.seatings))]
            for d in deals]


def check_bots(against: str, bids: str | None) -> None:
    """An unknown bot name fails here (AcetenError), before any game is played."""
    for name in (against, bids or against):
        agents.get(name)


def measure(game: str, players: int, variant: str | None, against: str, deals: int,
            seed: int, workers: int, bids: str | None = None) -> dict[str, Any]:
    """The oracle's score against ``against`` over ``deals`` duplicate deals."""
    rules = aceten.rules.get(game, players=players, variant=variant)
    check_bots(against, bids)
    config = TournamentConfig(rules.name, rules.players, rules.variant, {}, (ORACLE, against),
                              seed)
    chunks = [c for c in (list(range(deals))[i::workers] for i in range(workers)) if c]
    start = time.perf_counter()
    if len(chunks) > 1:
        with multiprocessing.get_context("spawn").Pool(len(chunks)) as pool:
            parts = pool.map(_deals, [(config, against, bids, c) for c in chunks])
    else:
        parts = [_deals((config, against, bids, chunks[0]))]
    rows = sorted((r for part in parts for r in part), key=lambda rs: rs[0].deal)
    standings = Standings(config.bots, config.teams)
    for deal_rows in rows:
        standings.add_deal(deal_rows)
    tally = standings.pairs[ORACLE, against]
    ms = decision_times(standings.times[ORACLE])
    return {"game": f"{rules.name} {rules.players}p" + (
        f" {rules.variant}" if rules.variant != "standard" else ""),
        "rate": tally.win_rate, "ci": tally.win_rate_ci(), "diff": tally.point_diff,
        "diff_ci": tally.point_diff_ci(), "wins": tally.wins, "draws": tally.draws,
        "games": tally.games,
        "ms": (ms["median"], ms["p95"], ms["max"]) if ms else None,
        "seconds": time.perf_counter() - start}


def row(r: dict[str, Any], against: str, deals: int) -> str:
    """One markdown row; an interval needs two deals (the spread between deals), else "–"."""
    ci = f" ({100 * r['ci'][0]:.1f}–{100 * r['ci'][1]:.1f})" if r["ci"] else ""
    diff_ci = (f" ({r['diff_ci'][0]:+.1f} to {r['diff_ci'][1]:+.1f})" if r["diff_ci"]
               else "")
    ms = ("/".join(f"{x:,.0f}" if x >= 10 else f"{x:.1f}" for x in r["ms"]) if r["ms"]
          else "–")
    return (f"| {r['game']} | {against} | {deals} | {100 * r['rate']:.1f}%{ci} | "
            f"{100 * r['draws'] / r['games']:.0f}% | {r['diff']:+.1f}{diff_ci} | {ms} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="e.g. cruce:3,klaverjas:amsterdam "
                        "(default: every game and player count up to four seats)")
    parser.add_argument("--against", default="pimc-1", help="the bot the oracle plays")
    parser.add_argument("--bids", default=None, help="a bot that bids and calls for the "
                        "oracle (default: the oracle, by the real deal)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the arena's tournament seed")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    games = (wanted_games(args.games) if args.games
             else [g for g in GAMES if g[1] <= 4 and g[2] != "chiamata"])
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers: give 1 or more")
    if not games:
        parser.error(f"--games {args.games}: no such game; name them like cruce:3 or "
                     "klaverjas:amsterdam")
    try:
        check_bots(args.against, args.bids)
    except AcetenError as err:
        parser.error(str(err))
    print("| game | against | deals | oracle's score (95% interval) | comparisons drawn "
          "| points a game (95% interval) | oracle's ms a decision (median/p95/max) |")
    print("|---|---|---:|---|---:|---|---|")
    for game, players, variant in games:
        r = measure(game, players, variant, args.against, args.deals, args.seed, args.workers,
                    args.bids)
        print(row(r, args.against, args.deals), flush=True)


if __name__ == "__main__":
    main()
