"""The PIMC bot: Perfect Information Monte Carlo, from the seat's view only.

For each decision it draws ``samples`` full deals exactly uniformly from the deals consistent
with what the seat has seen (:meth:`aceten.knowledge.Knowledge.sample`), replays the public
moves on each to reach a perfect-information copy of the position, solves each exactly with
the double-dummy solver (:mod:`aceten.search`: the value of every legal move), and plays the
move with the best average value (ties go to the first such move in ``view.legal_moves``).

- The values are those of ``aceten.search.solve``: the card points (and bonuses) the side to
  move ends the deal with; in 3-player games the mover against the other two.
- Exact solves early in a deal with a long stock take seconds, so while more than
  ``max_cards`` cards are unplayed (hands and stock together; a per-game default measured on
  this project's reference machine, see ``docs/players.md``) the decision is delegated to the
  :class:`~aceten.agents.tactics.TacticsAgent`, and so are bids (Cruce) and trump calls
  (Klaverjas). ``reason`` says so.
- ``node_budget`` (solver nodes, 120,000 by default) stops sampling once the solves so far
  searched that many nodes (at least one deal is solved; ``Solution.work``: the kernel for
  duties' cheaper nodes count half): hard positions get fewer deals, and the choice stays a
  function of the view and the seed.
- ``time_budget`` (seconds, off by default) stops sampling once the budget is spent (at least
  one deal is solved); with it the choice may depend on the machine's speed. Without it the
  choice is a function of the view and the seed alone.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from aceten.agents.base import Agent
from aceten.agents.tactics import TacticsAgent
from aceten.agents.tactics_v1 import TacticsV1Agent
from aceten.agents.words import layouts, plural
from aceten.cards import Card, Family
from aceten.errors import AcetenError
from aceten.moves import Bid, CallCard, Exchange, TrumpCall

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move
    from aceten.rules import Rules

DEFAULT_SAMPLES = 20
# Solver nodes after which no further deal is solved (at least one is): a deterministic stand-in
# for a time budget, a few tens of milliseconds at the solver's few million nodes a second.
DEFAULT_NODE_BUDGET = 120_000
# Unplayed cards (hands + stock) above which PIMC hands the decision to tactics. With these, the
# slowest decisions take about a tenth of a second (docs/benchmarks.md "Players"); searching
# from more cards costs about 2x per trick added (docs/players.md).
# Keyed by the deck and the player count (the Latin deck: Briscola and Brisca alike).
MAX_CARDS: dict[tuple[Family, int], int] = {
    (Family.LATIN, 2): 17, (Family.LATIN, 3): 14, (Family.LATIN, 4): 16,
    (Family.GERMAN, 2): 20, (Family.GERMAN, 3): 18, (Family.GERMAN, 4): 24,
    (Family.FRENCH, 4): 23,
    # 2-player Cruce from 20 cards, the third trick (16, two tricks later, until 2026-12-02):
    # pimc 56.3% against itself at 16 over 3,000 duplicate deals and the searcher 56.4% over
    # 200, for a p95 of 31 and 635 ms a decision; more cards gained nothing in the other games
    # of two to four seats, nor 22 here (docs/benchmarks.md "Players")
    # five and six seats: the last four tricks (six seats: the last stock trick too), since the
    # solver's kernel for five and six seats (2026-12-02) searches them whole; against itself
    # solving the last three, pimc scored 54.2% (6-player Briscola), 51.5% (Brisca) and 51.0%
    # (chiamata) in the duplicate arena, for a p95 of 8 ms a decision (six seats, as before)
    # and 35 ms (five, from 23 ms) (docs/benchmarks.md "Players")
    (Family.LATIN, 5): 20, (Family.LATIN, 6): 24,
}


def exact_limit(rules: Rules) -> int:
    """The most unplayed cards (hands and stock) with which a position is solved exactly, by
    default, in the game and player count of ``rules``: pimc's, the searcher's and the
    coach's limit."""
    return MAX_CARDS.get((rules.family, rules.players), 24)


def _require_solver() -> None:
    try:
        import aceten.search  # noqa: F401
    except ImportError as err:
        raise AcetenError(f"the pimc player needs the double-dummy solver: pip install "
                          f"'aceten[search]' ({err})") from None


def warm_up() -> None:
    """Load the solver's compiled kernels now rather than at pimc's first searched decision.

    ``pip install -e`` builds them with the machine's C compiler; otherwise the first run
    builds them (seconds), or, without a compiler, numba compiles them (tens of seconds, once;
    cached on disk after that), so an interactive front end calls this behind a "please wait"
    before the game starts.
    Raises :class:`~aceten.errors.AcetenError` naming the extra when the solver is missing.
    """
    import aceten

    _require_solver()
    from aceten.search import Solver

    game = aceten.new_game(aceten.rules.DEFAULT_GAME, players=2, seed=0)  # any game: same kernels
    while len(game.moves) < 34:  # six cards left: a tiny search that touches every kernel
        game.push(game.legal_moves()[0])
    Solver(tt_bits=10).solve(game)


def public_moves(view: PlayerView) -> list[Move]:
    """The moves made so far, read from the view's events (they are all public)."""
    moves: list[Move] = []
    for kind, _who, what in view.events:
        if kind == "play":
            moves.append(what)
        elif kind == "bid":
            moves.append(Bid(what))
        elif kind == "call":
            moves.append(TrumpCall(what))
        elif kind == "swap":
            moves.append(Exchange(what))
        elif kind == "auction":
            moves.append(what)
        elif kind == "call-card":
            moves.append(CallCard(what))
    return moves


def _words(move: Move, view: PlayerView) -> str:
    """A move as a person says it: "the three of trumps", "the swap for the face-up trump"."""
    from aceten.agents.tactics import card_words

    if isinstance(move, Card):
        return card_words(move, view.trump)
    if isinstance(move, Exchange):
        return f"the swap of {move.card} for the face-up trump"
    return str(move)


def _plain_search_reason(view: PlayerView, best: Move, ranked: list[Move],
                         totals: dict[Move, int], solved: int) -> str:
    """Why a searched move was chosen, in plain words: what it is worth by the end of the deal
    on the layouts of the hidden cards tried, and how much it beats the next best by. Names no
    move but the chosen one (the web table shows reasons to everyone)."""
    average = totals[best] / solved
    head = f"play {_words(best, view)}: tried on {layouts(solved, 'possible')} of the cards you cannot see"
    if len(ranked) < 2:
        return f"{head}, it is the best move"
    gap = (totals[best] - totals[ranked[1]]) / solved
    if gap < 0.5:  # (no other move is named: the web table shows reasons to everyone)
        return (f"{head}, another move does as well (your side ends with about "
                f"{plural(round(average), 'point')} either way)")
    return (f"{head}, it leaves your side about {plural(round(gap), 'point')} better off than your "
            f"next-best move (about {average:.0f} by the end of the deal)")


def tactics_decides(bot: Any, view: PlayerView, why: str) -> Move:
    """``bot.tactics``' move, where ``bot`` (pimc, the searcher) does not search (``why``):
    tactics' reason in plain words, the jargon in ``detail``. The bots' ``_delegate``."""
    move = bot.tactics.choose(view)
    bot.reason = bot.tactics.reason
    bot.detail = f"{why}: tactics decides; {bot.tactics.detail or bot.tactics.reason}"
    bot.last = {"delegated": True}
    return move


class PimcAgent(Agent):
    """Samples consistent deals, solves each double dummy, plays the best average move."""

    name = "pimc"
    delegate: type[Agent] = TacticsAgent  # who decides what pimc does not search
    extra_cards = 0  # searched beyond the per-game default limit (MAX_CARDS)

    def __init__(self, seed: int | None = None, samples: int = DEFAULT_SAMPLES,
                 time_budget: float | None = None, max_cards: int | None = None,
                 node_budget: int | None = DEFAULT_NODE_BUDGET, tt_bits: int = 18):
        super().__init__(seed)
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.samples = samples
        self.time_budget = time_budget
        self.max_cards = max_cards
        self.node_budget = node_budget
        self.tt_bits = tt_bits
        self.tactics = self.delegate(seed=seed)
        self._solver: Any = None
        self.last: dict[str, Any] = {}

    _delegate = tactics_decides

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        if view.phase in ("bid", "auction", "call-card"):
            return self._delegate(view, "bidding is not searched")
        if view.phase == "call":
            return self._delegate(view, "the trump call is not searched")
        legal = list(view.legal_moves)
        if len(legal) == 1:
            self.reason = f"play {_words(legal[0], view)}: it is the only move you may make"
            self.detail = "one legal move"
            self.last = {"delegated": False, "deals": 0}
            return legal[0]
        left = view.cards_left
        limit = self.max_cards
        if limit is None:
            limit = exact_limit(view.rules) + self.extra_cards
        if left > limit:
            return self._delegate(view, f"{left} cards unplayed, more than the {limit} pimc solves")
        return self._search(view, legal)

    def _search(self, view: PlayerView, legal: list[Move]) -> Move:
        from aceten.game import Game
        from aceten.knowledge import Knowledge

        if self._solver is None:
            _require_solver()
            from aceten.search import Solver

            # one thread: two count their nodes as the threads' timing falls, and the node
            # budget must stop sampling at the same deal every run (its solves are small anyway)
            self._solver = Solver(tt_bits=self.tt_bits, threads=1)
        start = time.perf_counter()
        knowledge = Knowledge.from_view(view)
        rng = random.Random(self.rng.getrandbits(64))
        deals = knowledge.sample(self.samples, rng=rng)
        history = public_moves(view)
        totals = dict.fromkeys(legal, 0)
        solved = nodes = 0
        for deal in deals:
            game = Game(view.rules, deal=deal)
            for move in history:
                game.push(move)
            solution = self._solver.solve(game)
            for mv in solution.moves:
                if mv.move in totals:
                    totals[mv.move] += mv.value
            solved += 1
            nodes += solution.work
            if self.node_budget is not None and nodes >= self.node_budget:
                break
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        best = max(legal, key=lambda m: totals[m])  # max keeps the first of equal totals
        average = totals[best] / solved
        ranked = sorted(legal, key=lambda m: -totals[m])
        runner = (f"; next {ranked[1]} {totals[ranked[1]] / solved:+.1f}"
                  if len(ranked) > 1 else "")
        what = "card points" if isinstance(best, Card) else "value"
        self.detail = (f"{best}: best average {average:+.1f} {what} over "
                       f"{plural(solved, 'deal')}{runner}")
        self.reason = _plain_search_reason(view, best, ranked, totals, solved)
        self.last = {"delegated": False, "deals": solved,
                     "averages": {str(m): totals[m] / solved for m in legal},
                     "nodes": nodes, "seconds": time.perf_counter() - start}
        return best


class PimcV1Agent(PimcAgent):
    """The frozen pimc player (``pimc-1``): today's search settings, handing what it does not
    search to the frozen ``tactics-1``; a fixed baseline for later players."""

    name = "pimc-1"
    delegate = TacticsV1Agent
