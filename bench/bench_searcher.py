"""The searcher measured: CPU time per decision, and variants of it in the duplicate arena.

    python bench/bench_searcher.py --times --games briscola:2 --deals 2
    python bench/bench_searcher.py --arena searcher,searcher-uniform --games briscola:2 --deals 60

Times: the searcher plays ``--deals`` deals against pimc-1 (each deal twice, the searcher in each
seat) and prints the CPU time (``time.process_time``, one thread: the machine may be busy) of
every searcher decision: median, p95 and max in ms, and the share of decisions searched by
playout and exactly. The first decision of the process (numba loading) is left out.

Arena: each named bot against ``--opponent`` (pimc-1) in the duplicate arena, one markdown row
a game. The variants are registered here only (never in ``aceten.agents``):

- ``searcher-uniform``: the worlds unweighted (no inference from play);
- ``searcher-vote``: the weighted vote instead of the weighted average;
- ``searcher-wins``: the weighted share of deals won (the average breaking ties);
- ``searcher-spread``: the weights flattened to an effective sample of at least 20 deals
  (``searcher-spread40``: 40 of the 60; ``searcher-spread-wins``: and ``combine="wins"``);
- ``searcher-late``: tactics while more than pimc's limit of cards is left (no playouts), the
  weighted worlds only once the solver can take over: what the playouts add;
- ``searcher-x3``: three times the deals (60) and three times the node budget (1.2 M): what
  more search buys within the 1 s a move; ``searcher-x3-uniform`` without the weighting,
  ``searcher-x3-tactics-bids`` with tactics' bids and trump calls, ``searcher-x3-plain`` with
  neither the weighting nor searched bids, ``searcher-x3-late`` tactics before the solver's
  limit (as ``searcher-late``); ``searcher-x6``: six times the first settings (120 deals,
  2.4 M nodes), ``searcher-x6-plain`` without the weighting and searched bids (the
  searcher's own defaults in Klaverjas), ``searcher-x6-late`` tactics before the solver's limit,
  ``searcher-x6-tactics-bids`` with tactics' bids, ``searcher-x6-bids24`` its bids on 24 deals,
  ``searcher-x6-risk1`` / ``-risk2`` no contract bid that loses on more than 1 / 2 of its 8
  deals (``bid_risk``; risk1 is the searcher's default since 2026-11-25; the other variants
  fix ``bid_risk=None``, as they were measured); all of these combine by the weighted average
  (``combine="average"``), the searcher's default in every game until 2026-11-29;
- ``searcher-average``: the searcher at its own defaults but the weighted average in every game
  (Klaverjas's default until 2026-11-29); ``searcher-h28`` / ``searcher-h32``: that, solved
  exactly from 28 / 32 cards left instead of pimc's limit (Klaverjas: 23; fewer deals fit the
  node budget); ``searcher-win``: the share of deals won in every game (Klaverjas's default
  since);
- ``searcher-alphamu``: the searcher at its own defaults, but once the solver takes over its
  next move is chosen once for all the deals that look alike to it then (``combine="alphamu"``);
- pimc's variants (Cruce, issue 18): ``pimc-bids8`` / ``pimc-bids24``, its bids made as the
  searcher makes them on 8 / 24 sampled deals; ``pimc-full``, solving from 24 cards left (a
  whole 3-player Cruce deal) with a node budget of 600,000; ``pimc-full-bids``, both, on 60
  deals; ``pimc-game-points``, each deal's moves valued by the game points they score (a side
  short of its bid: minus the bid) instead of card points; ``pimc-expert``, the expert level
  before it became the searcher (twice pimc's deals, three times its node budget, four more
  cards solved);
- ``pimc-N`` and ``searcher-hN`` for any N (not in the list; made when named): pimc and the
  searcher at their defaults but solving exactly from N unplayed cards (``max_cards``,
  ``horizon``), e.g. ``pimc-18`` and ``searcher-h18``, the six-seat limit before 2026-12-02.

``--seed`` sets the arena's seed (1 by default): variants chosen on one seed's deals are
checked on another's.
"""

from __future__ import annotations

import argparse
import statistics
import time
from types import SimpleNamespace
from typing import Any

import aceten
from aceten import agents, arena
from aceten.agents.pimc import PimcAgent
from aceten.agents.searcher import SearcherAgent
from aceten.rules.parts.scoring import GamePoints

GAMES = {"briscola:2": ("briscola", 2, None), "briscola:3": ("briscola", 3, None),
         "briscola:4": ("briscola", 4, None),
         "brisca:2": ("brisca", 2, None), "brisca:3": ("brisca", 3, None),
         "brisca:4": ("brisca", 4, None),
         "cruce:2": ("cruce", 2, None),
         "cruce:3": ("cruce", 3, None), "cruce:4": ("cruce", 4, None),
         "klaverjas:rotterdam": ("klaverjas", 4, "rotterdam"),
         "klaverjas:amsterdam": ("klaverjas", 4, "amsterdam"),
         "briscola:chiamata": ("briscola", 5, "chiamata"),
         "briscola:6": ("briscola", 6, None), "brisca:6": ("brisca", 6, None)}


class _PimcExpert(PimcAgent):
    """The expert level before the searcher took it (2026-11-25): pimc searching more."""

    extra_cards = 4


def _named(name: str, base: type[Any], **settings: Any) -> type[Any]:
    """A bot class registered as ``name``: ``base`` with ``settings`` fixed."""
    def init(self: Any, seed: int | None = None) -> None:
        base.__init__(self, seed, **settings)
    return type(name, (base,), {"name": name, "__init__": init})


def _variant(name: str, base: type[SearcherAgent], **kwargs: Any) -> type[SearcherAgent]:
    # the weighting, searched bids and playouts in every game unless the variant says otherwise
    # (the searcher's own defaults leave the first two out with the French deck, searcher.PLAIN,
    # and the playouts with three or four seats free of obligations, searcher._free_table), and
    # no cap on the bids' risk (the searcher's default bid_risk came after these variants were
    # measured), and the weighted average (its default everywhere when they were)
    return _named(name, base, **{"infer": True, "search_bids": True, "playouts": True,
                                 "bid_risk": None, "combine": "average", **kwargs})


class _PimcBids(PimcAgent):
    """pimc whose bids (Cruce) are made as the searcher makes them, on ``bid_samples`` deals."""

    def __init__(self, seed: int | None = None, bid_samples: int = 24, **settings: Any) -> None:
        super().__init__(seed, **settings)
        self.bidder = SearcherAgent(seed, search_bids=True, bid_samples=bid_samples, bid_risk=None)

    def choose(self, view: Any) -> Any:
        if view.phase == "bid" and len(view.legal_moves) > 1:
            move = self.bidder.choose(view)
            self.reason, self.detail, self.last = (self.bidder.reason, self.bidder.detail,
                                                   self.bidder.last)
            return move
        return super().choose(view)


class _GamePointSolver:
    """A solver whose move values are the game points each would score (Cruce: a side short of
    its bid scores minus the bid), card points breaking ties."""

    def __init__(self, solver: Any) -> None:
        self.solver = solver

    def solve(self, game: Any, **kwargs: Any) -> Any:
        solution = self.solver.solve(game, **kwargs)
        part = game.rules.part(GamePoints)
        if part is None:
            return solution
        declarer = game.declarer
        bound = declarer is not None and game.contract > 0 \
            and game.team_of(declarer) == game.team_of(game.to_move)

        def worth(v: int) -> float:
            short = bound and v < game.contract * part.unit
            return (-game.contract if short else v // part.unit) + v / 1000

        moves = [SimpleNamespace(move=m.move, value=worth(m.value)) for m in solution.moves]
        return SimpleNamespace(moves=moves, nodes=solution.nodes)


class _PimcGamePoints(PimcAgent):
    """pimc averaging each deal's game points (and contract) instead of its card points."""

    def _search(self, view: Any, legal: list[Any]) -> Any:
        if self._solver is None:
            from aceten.search import Solver
            self._solver = _GamePointSolver(Solver(tt_bits=self.tt_bits, threads=1))
        return super()._search(view, legal)


# three and six times the first settings' search, pinned here so that the documented rows stay
# reproducible when the searcher's defaults change (X3 were its defaults on the morning of
# 2026-11-25, X6 since that afternoon)
X3: dict[str, Any] = {"samples": 60, "node_budget": 1_200_000}
X6: dict[str, Any] = {"samples": 120, "node_budget": 2_400_000}

VARIANTS = {
    "searcher-uniform": _variant("searcher-uniform", SearcherAgent, infer=False),
    "searcher-vote": _variant("searcher-vote", SearcherAgent, combine="vote"),
    "searcher-wins": _variant("searcher-wins", SearcherAgent, combine="wins"),
    "searcher-spread": _variant("searcher-spread", SearcherAgent, min_ess=20.0),
    "searcher-spread40": _variant("searcher-spread40", SearcherAgent, min_ess=40.0),
    "searcher-spread-wins": _variant("searcher-spread-wins", SearcherAgent, min_ess=20.0,
                                     combine="wins"),
    "searcher-late": _variant("searcher-late", SearcherAgent, playouts=False),
    "searcher-x3": _variant("searcher-x3", SearcherAgent, **X3),
    "searcher-x3-uniform": _variant("searcher-x3-uniform", SearcherAgent, **X3, infer=False),
    "searcher-x3-tactics-bids": _variant("searcher-x3-tactics-bids", SearcherAgent, **X3,
                                         search_bids=False),
    "searcher-x3-late": _variant("searcher-x3-late", SearcherAgent, **X3, playouts=False),
    "searcher-x3-plain": _variant("searcher-x3-plain", SearcherAgent, **X3, infer=False,
                                  search_bids=False),
    "searcher-x6": _variant("searcher-x6", SearcherAgent, **X6),
    "searcher-x6-plain": _variant("searcher-x6-plain", SearcherAgent, **X6, infer=False,
                                  search_bids=False),
    "searcher-x6-late": _variant("searcher-x6-late", SearcherAgent, **X6, playouts=False),
    "searcher-x6-tactics-bids": _variant("searcher-x6-tactics-bids", SearcherAgent, **X6,
                                         search_bids=False),
    "searcher-x6-bids24": _variant("searcher-x6-bids24", SearcherAgent, **X6, bid_samples=24),
    "searcher-x6-risk1": _variant("searcher-x6-risk1", SearcherAgent, **X6, bid_risk=0.125),
    "searcher-x6-risk2": _variant("searcher-x6-risk2", SearcherAgent, **X6, bid_risk=0.25),
    # the searcher's defaults of 2026-11-29's morning (the weighted average in every game),
    # exact from more cards left than pimc's limit (Klaverjas: 23): fewer deals in the budget
    "searcher-h28": _named("searcher-h28", SearcherAgent, horizon=28, combine="average"),
    "searcher-h32": _named("searcher-h32", SearcherAgent, horizon=32, combine="average"),
    "searcher-average": _named("searcher-average", SearcherAgent, combine="average"),
    # and each move judged by the share of deals it wins in every game (Klaverjas's default since)
    "searcher-win": _named("searcher-win", SearcherAgent, combine="wins"),
    "searcher-alphamu": _named("searcher-alphamu", SearcherAgent, combine="alphamu"),
    "pimc-bids8": _named("pimc-bids8", _PimcBids, bid_samples=8),
    "pimc-bids24": _named("pimc-bids24", _PimcBids, bid_samples=24),
    "pimc-full": _named("pimc-full", PimcAgent, max_cards=24, node_budget=600_000),
    "pimc-full-bids": _named("pimc-full-bids", _PimcBids, max_cards=24, node_budget=600_000,
                            samples=60),
    "pimc-game-points": _named("pimc-game-points", _PimcGamePoints),
    "pimc-expert": _named("pimc-expert", _PimcExpert, samples=40, node_budget=360_000),
}


def limit_variant(name: str) -> type[Any] | None:
    """``pimc-N`` (pimc solving from N unplayed cards, its ``max_cards``) and ``searcher-hN``
    (the searcher from N, its ``horizon``) for any N, at their other defaults; None for
    another name."""
    kind, _, number = name.rpartition("-")
    if kind == "pimc" and number.isdigit():
        return _named(name, PimcAgent, max_cards=int(number))
    if kind == "searcher" and number[:1] == "h" and number[1:].isdigit():
        return _named(name, SearcherAgent, horizon=int(number[1:]))
    return None


def times(games: list[tuple[str, int, str | None]], deals: int, bot: str, opponent: str) -> None:
    for name, players, variant in games:
        spent: list[float] = []
        exact = played = 0
        first = True
        for deal in range(deals):
            for side in (0, 1):
                game = aceten.new_game(name, players=players, variant=variant, seed=1000 + deal)
                team_of = game.rules.seat_team
                seats = [agents.get(bot if team_of[s] % 2 == side else opponent, seed=s)
                         for s in range(players)]
                while not game.is_over():
                    seat = seats[game.to_move]
                    start = time.process_time()
                    move = seat.choose(game.view(game.to_move))
                    cpu = time.process_time() - start
                    if seat.name == bot and not first:
                        spent.append(cpu)
                        last = getattr(seat, "last", {})
                        if last.get("deals"):
                            exact += bool(last.get("exact"))
                            played += not last.get("exact")
                    first = first and seat.name != bot
                    game.push(move)
        spent.sort()
        p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
        label = f"{name} {players}p" + (f" {variant}" if variant else "")
        print(f"{label} {bot}: {len(spent)} decisions ({played} by playout, {exact} exact); CPU "
              f"median {1000 * statistics.median(spent):.0f} ms, p95 {1000 * p95:.0f} ms, "
              f"max {1000 * spent[-1]:.0f} ms", flush=True)


def table(bots: list[str], opponent: str, games: list[tuple[str, int, str | None]], deals: int,
          db: str, seed: int | None = None) -> None:
    print("| game | bot | opponent | deals | score (95% interval) | points a game (95% interval) |")
    print("|---|---|---|---:|---|---|")
    for name, players, variant in games:
        for bot in bots:
            config = arena.TournamentConfig.create(name, [bot, opponent], players=players,
                                                   variant=variant, seed=seed)
            result = arena.run(config, deals, db=db, workers=1).as_dict()
            pair = next(p for p in result["pairs"] if p["bot"] == bot)
            low, high = pair["win_rate_ci"]
            diff = pair["point_diff_ci"]  # None with too few games for an interval
            spread = f"{diff[0]:+.1f} to {diff[1]:+.1f}" if diff else "no interval"
            label = f"{name} {players}p" + (f" {variant}" if variant else "")
            print(f"| {label} | {bot} | {opponent} | {result['deals']} | {pair['win_rate']:.1%} "
                  f"({low:.1%}–{high:.1%}) | {pair['point_diff']:+.1f} ({spread}) |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--games", default="briscola:2", help=f"of {', '.join(GAMES)}")
    parser.add_argument("--times", action="store_true", help="time the searcher's decisions")
    parser.add_argument("--bot", default="searcher", help="the bot --times measures")
    parser.add_argument("--arena", default="", help="bots (variants too) to play against --opponent")
    parser.add_argument("--opponent", default="pimc-1")
    parser.add_argument("--db", default="/tmp/bench-searcher.sqlite")
    parser.add_argument("--seed", type=int, default=None, help="the arena's seed (default 1)")
    args = parser.parse_args()
    agents.AGENTS.update(VARIANTS)
    for name in [*args.arena.split(","), args.opponent, args.bot]:
        variant = limit_variant(name) if name not in agents.AGENTS else None
        if variant is not None:
            agents.AGENTS[name] = variant
    games = [GAMES[g] for g in args.games.split(",")]
    if args.times:
        times(games, args.deals, args.bot, args.opponent)
    if args.arena:
        table(args.arena.split(","), args.opponent, games, args.deals, args.db, args.seed)


if __name__ == "__main__":
    main()
