"""The searcher: sampled worlds weighted by the others' play, each searched from the first trick.

For each card decision it

1. draws ``samples * pool`` full deals exactly uniformly from those consistent with the view
   (:meth:`aceten.knowledge.Knowledge.sample`: voids, the turned trump, exchanges, marriages);
2. weights each by how likely the other seats were to play what they played had the cards lain
   so (:mod:`aceten.agents.playmodel`: inference from play), and draws ``samples`` of them by
   those weights (a deal drawn twice counts twice and is searched once);
3. evaluates every legal move on each drawn deal: with the double-dummy solver where few enough
   cards are left (pimc's per-game limits, :data:`aceten.agents.pimc.MAX_CARDS`); earlier, it
   plays the move, plays the deal on with the cheap policy of every seat until that many cards
   are left and its side is to move, and solves from there, so even the first card is judged by
   where it leads at the end of the deal, not by a rule of thumb;
4. plays the move with the best weighted average (``combine="average"``, the default but with
   Klaverjas's deck), the one that is best on the most weight of deals (``combine="vote"``), or
   the one that wins the deal on the most weight of deals, the average breaking ties
   (``combine="wins"``: the arena's measure; the default with Klaverjas's deck);
   or, once the solver takes over, with the seat's next move chosen once for all the deals that
   will look alike to it then (``combine="alphamu"``: :meth:`SearcherAgent._evaluate_ahead`).

With three or four seats and no duty to follow (Briscola, Brisca) the card decisions before the
solver's limit are tactics' (``playouts``): there the playouts from the first trick lost to it.

``node_budget`` (solver nodes: ``Solution.work``, where the kernel for duties' cheaper nodes
count half) stops evaluating further deals once spent (at least ``min_worlds`` are
evaluated), so the choice is a function of the view and the seed. The
defaults, 120 deals and 2.4 M nodes (six times the first settings), scored 60.6-63.8% against
pimc-1 in every game of two and four seats (Klaverjas playing for the deals won), 58.0% in
3-player Briscola and 52.5% in 3-player Cruce (200 duplicate deals each, docs/players.md), at
a p95 under 0.8 s a decision.
Bids, trump calls, auction bids and called cards (``search_bids``) are each made on sampled
deals played out to the end and scored by the game's own rules; of an auction's dozens of
bids only passing, the smallest raise and the hand-strength policy's bid are tried.
``bid_risk`` caps the share of those deals on which a contract bid may leave the side's score
below zero (a lost contract; the safest bids are allowed when none is that safe): played with
every hand open, the deals flatter the declarer.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from aceten.agents.base import Agent
from aceten.agents.bidding import auction_move
from aceten.agents.pimc import (
    _require_solver,
    _words,
    exact_limit,
    public_moves,
    tactics_decides,
)
from aceten.agents.playmodel import PlayModel, effective_size, policy_move, world_weights
from aceten.agents.tactics import TacticsAgent
from aceten.agents.words import layouts, plural
from aceten.cards import Card, Family
from aceten.moves import AuctionBid, Bid, CallCard, TrumpCall

if TYPE_CHECKING:
    from aceten.game import Game, PlayerView
    from aceten.moves import Move

# six times the first settings, twice searcher-x3's (see the docstring of the module)
DEFAULT_SAMPLES = 120
DEFAULT_POOL = 3  # deals drawn uniformly per deal searched, for the weighting to choose from
DEFAULT_NODE_BUDGET = 2_400_000
DEFAULT_MIN_WORLDS = 6
DEFAULT_BID_SAMPLES = 8  # deals each bid or trump call is played out on
# A contract bid that loses on more than one of those eight deals is not made: measured in
# Cruce against pimc-1 (200 duplicate deals, docs/players.md), the side's game points rose
# with 2, 3 and 4 players.
DEFAULT_BID_RISK = 0.125
COMBINE = ("average", "vote", "wins", "alphamu")  # how the deals' values make one choice
# The deck and player counts where the play model's inference and the searched bids and calls
# were measured to cost wins against pimc-1 (the French deck with four seats: Klaverjas, 200
# duplicate deals a variant, docs/players.md): there the worlds are drawn uniformly and the
# trump call is tactics', unless ``infer`` / ``search_bids`` say otherwise.
PLAIN: frozenset[tuple[Family, int]] = frozenset({(Family.FRENCH, 4)})


def side_total(game: Game, team: int, tricks: bool) -> int:
    """What ``team`` holds so far: card points and bonuses, or tricks."""
    seats = [s for s in range(game.players) if game.team_of(s) == team]
    if tricks:
        return sum(game.tricks_won[s] for s in seats)
    return sum(game.points[s] + game.bonus[s] for s in seats)


def deal_result(game: Game, seat: int) -> float:
    """How the finished deal went for ``seat``'s side: 1 won, 0.5 drawn, 0 lost (by its own
    score sheet where the game keeps one per seat)."""
    outcome = game.outcome()
    assert outcome is not None
    if outcome.seat_scores:
        mine = outcome.seat_scores[seat]
        return 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == game.team_of(seat) else 0.0


def bid_words(move: Move) -> str:
    """A bid or call as a person says it: "bid 3", "call hearts as trump", "bid A" (an auction's
    rank), "call 6C" (the partner's card), "pass"."""
    if isinstance(move, Bid):
        return f"bid {move.value}" if move.value else "pass"
    if isinstance(move, TrumpCall):
        return f"call {move.suit.name} as trump" if move.suit is not None else "pass"
    if isinstance(move, AuctionBid):
        if move.rank is None:
            return "pass"
        return f"bid {move}" if move.target else f"bid {move.rank.letter}"
    if isinstance(move, CallCard):
        return f"call {move.card}"
    return str(move)


def auction_candidates(view: PlayerView) -> list[Move]:
    """The auction moves worth searching (an auction offers dozens): passing, the smallest
    raise, and what the hand-strength policy would bid, in that order, each once."""
    legal = list(view.legal_moves)
    passing = [m for m in legal if isinstance(m, AuctionBid) and m.rank is None]
    raises = [m for m in legal if isinstance(m, AuctionBid) and m.rank is not None]
    policy, _ = auction_move(view)
    return list(dict.fromkeys([*passing, *raises[:1], policy]))


def deal_score(game: Game, seat: int, limit: int, solver: Any) -> tuple[float, bool]:
    """The deal's score for ``seat``'s side less the others' average, in the game's own unit
    (game points, contracts and nat included), and whether the side's own score ends below
    zero (a contract lost): the cheap policy plays until ``limit`` cards are left, the
    solver's line to the end. ``game`` is left where it was."""
    pushed = 0
    while not game.is_over() and game.cards_left > limit:
        game.push(policy_move(game))
        pushed += 1
    if not game.is_over():
        for move in solver.solve(game, moves=False).pv:
            game.push(move)
            pushed += 1
    outcome = game.outcome()
    assert outcome is not None
    team = game.team_of(seat)
    if outcome.seat_scores:  # a sheet per seat (a hidden team): the seat's own line of it
        score = float(outcome.seat_scores[seat])
        down = outcome.seat_scores[seat] < 0
    else:
        others = [s for t, s in enumerate(outcome.scores) if t != team]
        score = outcome.scores[team] - (sum(others) / len(others) if others else 0.0)
        down = outcome.scores[team] < 0
    for _ in range(pushed):
        game.pop()
    return score, down


class _Ahead:
    """αμ to the seat's next move (Cazenave and Ventos's search over sets of worlds, two moves
    of the seat's deep, the others' replies those the solver finds in each world): the seat
    cannot choose its next move by the world it is in, only by what it will have seen, so the
    deals that look alike to it then share one next move, the best on their weight together.
    Averaging each deal's own best instead (pimc) lets the seat play each deal as if it saw
    every hand ("strategy fusion"), and overvalues moves that keep a guess open."""

    def __init__(self, legal: list[Move]) -> None:
        self.settled = dict.fromkeys(legal, 0.0)  # weight x value of lines with no choice left
        self.choices: dict[Move, dict[Any, dict[Move, float]]] = {m: {} for m in legal}

    def add(self, share: float, values: dict[Move, float],
            nexts: dict[Move, tuple[Any, dict[Move, float]] | None]) -> None:
        """One deal's values (``SearcherAgent._evaluate_ahead``), weighed by ``share``."""
        for move, value in values.items():
            ahead = nexts[move]
            if ahead is None:
                self.settled[move] += share * value
                continue
            seen, later = ahead
            sums = self.choices[move].setdefault(seen, {})
            for reply, v in later.items():
                sums[reply] = sums.get(reply, 0.0) + share * v

    def values(self, weight: float) -> dict[Move, float]:
        """Each move's weighted value, with one next move for each group of deals alike."""
        return {move: (self.settled[move] + sum(max(sums.values()) for sums in groups.values()))
                / weight for move, groups in self.choices.items()}


def _plain(view: PlayerView) -> bool:
    return (view.rules.family, view.players) in PLAIN


def _free_table(view: PlayerView) -> bool:
    """Three seats or more and no duty to follow (Briscola, Brisca): where the playouts from the
    first trick were measured to lose to tactics' play until the solver takes over (against
    pimc-1, 200 duplicate deals: 4-player Briscola 53.0% against 60.6%, 3-player Briscola 57.0%
    against 58.0%, and 58.8% on other deals; docs/players.md)."""
    return view.players >= 3 and not view.rules.obligations.parts


class SearcherAgent(Agent):
    """Weighted sampled worlds, each played to the end: exactly near it, by playout before."""

    name = "searcher"

    def __init__(self, seed: int | None = None, samples: int = DEFAULT_SAMPLES,
                 pool: int = DEFAULT_POOL, node_budget: int | None = DEFAULT_NODE_BUDGET,
                 min_worlds: int = DEFAULT_MIN_WORLDS, horizon: int | None = None,
                 leaf: int | None = None,
                 combine: str | None = None, model: PlayModel | None = None,
                 infer: bool | None = None, search_bids: bool | None = None,
                 bid_samples: int = DEFAULT_BID_SAMPLES, tt_bits: int = 18,
                 min_ess: float | None = None, playouts: bool | None = None,
                 bid_risk: float | None = DEFAULT_BID_RISK):
        super().__init__(seed)
        if samples < 1 or pool < 1:
            raise ValueError("samples and pool must be at least 1")
        if combine is not None and combine not in COMBINE:
            raise ValueError(f"combine must be one of {', '.join(COMBINE)}")
        self.samples = samples
        self.pool = pool
        self.node_budget = node_budget
        self.min_worlds = min_worlds
        self.horizon = horizon
        self.leaf = leaf
        self.combine = combine
        self.model = model or PlayModel()
        self.infer = infer
        self.search_bids = search_bids
        self.bid_samples = bid_samples
        self.tt_bits = tt_bits
        self.min_ess = min_ess  # flatten the weights to at least this effective sample size
        self.playouts = playouts
        self.bid_risk = bid_risk
        self.tactics = TacticsAgent(seed=seed)
        self._solver: Any = None
        self.last: dict[str, Any] = {}

    # -- the decision ------------------------------------------------------------------------
    _delegate = tactics_decides

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        legal = list(view.legal_moves)
        if view.phase in ("auction", "call-card"):
            if not self.searches_bids(view) or len(legal) == 1:
                return self._delegate(view, "the auction is not searched")
            if view.phase == "call-card":
                return self._before_play(view, legal)
            candidates = auction_candidates(view)
            if len(candidates) == 1:
                return self._delegate(view, "no higher bid is left")
            return self._before_play(view, candidates, tried=True)
        if view.phase in ("bid", "call") and len(legal) > 1:
            if not self.searches_bids(view):
                return self._delegate(view, "bidding is not searched")
            return self._before_play(view, legal)
        if len(legal) == 1:
            what = (bid_words(legal[0]) if view.phase in ("bid", "call")
                    else f"play {_words(legal[0], view)}")
            self.reason = f"{what}: it is the only move you may make"
            self.detail = "one legal move"
            self.last = {"delegated": False, "deals": 0}
            return legal[0]
        if not self.plays_out(view) and view.cards_left > self.limit(view):
            return self._delegate(view, "beyond the solver's limit")
        return self._search(view, legal)

    def combines(self, view: PlayerView) -> str:
        """How each move's values over the deals become one (``combine``): by default the share of
        deals it wins with :data:`PLAIN`, where a deal is won or lost at a threshold (the
        declarer's half of the points, the opponents' pit) that an average of card points blurs
        (against pimc-1 in Amsterdam 61.3% and 62.5% on two seeds' 200 deals, against 55.5% and
        59.8% by the average: docs/players.md); elsewhere the weighted average."""
        if self.combine is not None:
            return self.combine
        return "wins" if _plain(view) else "average"

    def infers(self, view: PlayerView) -> bool:
        """Whether the worlds are weighted by the others' play (``infer``, by default outside
        :data:`PLAIN`)."""
        return self.infer if self.infer is not None else not _plain(view)

    def searches_bids(self, view: PlayerView) -> bool:
        """Whether bids and calls are searched (``search_bids``, by default outside
        :data:`PLAIN`)."""
        return self.search_bids if self.search_bids is not None else not _plain(view)

    def plays_out(self, view: PlayerView) -> bool:
        """Whether a card decision with more cards left than the solver's limit is searched by
        playouts (``playouts``; by default not with three seats or more and no duty to follow,
        :func:`_free_table`), or left to tactics as pimc leaves it."""
        return self.playouts if self.playouts is not None else not _free_table(view)

    def limit(self, view: PlayerView) -> int:
        """Cards left from which a deal is solved exactly (pimc's per-game default); ``leaf``
        (if given and smaller) is where playouts hand over to the solver."""
        if self.horizon is not None:
            return self.horizon
        return exact_limit(view.rules)

    def _search(self, view: PlayerView, legal: list[Move]) -> Move:
        from aceten.knowledge import Knowledge

        self._solver_ready()
        cpu, wall = time.process_time(), time.perf_counter()
        rng = random.Random(self.rng.getrandbits(64))
        history = public_moves(view)
        observed = self.infers(view) and any(kind == "play" and who != view.seat
                                             for kind, who, _ in view.events)
        drawn = self.samples * (self.pool if observed else 1)
        deals = Knowledge.from_view(view).sample(drawn, rng=rng)
        model = self.model if observed else None
        weights, games = world_weights(view.rules, deals, history, view.seat, model, self.min_ess)
        if observed:
            picks = Counter(rng.choices(range(len(deals)), weights=weights, k=self.samples))
        else:
            picks = Counter(range(len(deals)))
        limit = self.limit(view)
        exact = view.cards_left <= limit
        if not exact and self.leaf is not None:
            limit = min(limit, self.leaf)
        totals = dict.fromkeys(legal, 0.0)
        votes = dict.fromkeys(legal, 0.0)
        wins = dict.fromkeys(legal, 0.0)
        combine = self.combines(view)
        ahead = _Ahead(legal) if combine == "alphamu" and exact else None
        weight = 0.0
        searched = nodes = 0
        for index, count in picks.items():  # in the order first drawn
            share = count / self.samples
            if ahead is not None:
                values, nexts, spent = self._evaluate_ahead(games[index], legal, view.seat)
                ahead.add(share, values, nexts)
                results: dict[Move, float] = {}
            else:
                values, results, spent = self._evaluate(games[index], legal, view.seat, exact,
                                                        limit, outcomes=combine == "wins")
            for move in legal:
                totals[move] += share * values[move]
                wins[move] += share * results.get(move, 0.0)
            top = max(values.values())
            winners = [m for m in legal if values[m] == top]
            for move in winners:
                votes[move] += share / len(winners)
            weight += share
            searched += 1
            nodes += spent
            if self.node_budget is not None and nodes >= self.node_budget \
                    and searched >= self.min_worlds:
                break
        averages = {m: totals[m] / weight for m in legal}
        shares = {m: wins[m] / weight for m in legal}
        score = {"average": averages, "vote": votes, "wins": shares,
                 "alphamu": ahead.values(weight) if ahead is not None else averages}[combine]
        best = max(legal, key=lambda m: (score[m], averages[m]))  # max keeps the first of equals
        ranked = sorted(legal, key=lambda m: (-score[m], -averages[m]))
        # the reason speaks of the values the choice was made by (alphamu: the next move shared)
        self._explain(view, best, ranked, score if ahead is not None else averages, searched,
                      exact, observed, weights,
                      shares if combine == "wins" else None, combine)
        self.last = {"delegated": False, "deals": searched, "exact": exact, "nodes": nodes,
                     "averages": {str(m): averages[m] for m in legal},
                     "votes": {str(m): votes[m] for m in legal},
                     **({"wins": {str(m): shares[m] for m in legal}} if combine == "wins" else {}),
                     **({"alphamu": {str(m): score[m] for m in legal}} if ahead is not None else {}),
                     "cpu": time.process_time() - cpu, "seconds": time.perf_counter() - wall}
        return best

    def _solver_ready(self) -> Any:
        if self._solver is None:
            _require_solver()
            from aceten.search import Solver

            self._solver = Solver(tt_bits=self.tt_bits, threads=1)  # one thread: exact node counts
        return self._solver

    def _before_play(self, view: PlayerView, legal: list[Move], tried: bool = False) -> Move:
        """A bid, a trump call or a called card: each of ``legal`` made on ``bid_samples``
        sampled deals, the rest of the bidding by tactics, the deal played out to the solver's
        limit and solved to its end; the move whose deal scores best for the seat's side against
        the others (``tried``: ``legal`` is a choice of the legal moves, not all of them)."""
        from aceten.game import Game
        from aceten.knowledge import Knowledge

        solver = self._solver_ready()
        cpu, wall = time.process_time(), time.perf_counter()
        rng = random.Random(self.rng.getrandbits(64))
        deals = Knowledge.from_view(view).sample(self.bid_samples, rng=rng)
        history = public_moves(view)
        others = TacticsAgent(seed=0)  # the bidding after this move (its bids are not random)
        totals = dict.fromkeys(legal, 0.0)
        downs = dict.fromkeys(legal, 0)
        limit = self.limit(view)
        for deal in deals:
            start = Game(view.rules, deal=deal)
            for move in history:
                start.push(move)
            for move in legal:
                game = start.copy()
                game.push(move)
                while game.phase not in ("play", "over"):
                    game.push(others.choose(game.view(game.to_move)))
                score, down = deal_score(game, view.seat, limit, solver)
                totals[move] += score
                downs[move] += down
        averages = {m: totals[m] / len(deals) for m in legal}
        # every hand open flatters the declarer (docs/players.md): with ``bid_risk`` a move
        # that leaves the side below zero on a larger share of the deals is not made, unless
        # none is that safe (passing can fail too, when a partner bids): then the safest are
        # (the contract bids only: where a side below zero has lost its contract; on a score
        # sheet per seat, as in an auction's, some seat ends below zero in every deal)
        safe, cap = legal, float(len(deals))
        if self.bid_risk is not None and view.phase == "bid":
            cap = max(self.bid_risk * len(deals), min(downs.values()))
            safe = [m for m in legal if downs[m] <= cap]
        best = max(safe, key=lambda m: averages[m])
        ranked = sorted(safe, key=lambda m: -averages[m])
        what = "bid" if view.phase in ("bid", "auction") else "call"
        left = [m for m in legal if m not in safe]
        choices = (f"choices that lose on at most {int(cap)} of them" if left
                   else f"{len(legal)} moves tried" if tried else f"{len(legal)} choices")
        self.reason = (f"{bid_words(best)}: played out on {layouts(len(deals))} of the cards "
                       f"you cannot see, your side scores about {round(averages[best]):+d} against "
                       f"the others on average, the best of the {choices}")
        runner = (f"; next {ranked[1]} {averages[ranked[1]]:+.1f}" if len(ranked) > 1 else "")
        risky = (f"; left out, as they lose on more than {cap:g} of the deals: "
                 + ", ".join(f"{m} {averages[m]:+.1f}" for m in left)) if left else ""
        self.detail = (f"{what} {best}: average score difference {averages[best]:+.1f} over "
                       f"{plural(len(deals), 'deal')} (later bids by tactics, playout, then "
                       f"exact){runner}{risky}")
        self.last = {"delegated": False, "deals": len(deals), "exact": False, "bidding": True,
                     "averages": {str(m): averages[m] for m in legal},
                     "down": {str(m): downs[m] for m in legal},
                     "cpu": time.process_time() - cpu, "seconds": time.perf_counter() - wall}
        return best

    def _evaluate(self, game: Game, legal: list[Move], seat: int, exact: bool,
                  limit: int, *, outcomes: bool) -> tuple[dict[Move, float], dict[Move, float], int]:
        """Every legal move's value on one world (what the seat's side ends the deal with), with
        ``outcomes`` (``combine="wins"``) how the deal ends for the side (1 won, 0.5 drawn, 0
        lost; else no results), and the solver nodes it took."""
        if exact and not outcomes:
            solution = self._solver.solve(game)
            found = {mv.move: float(mv.value) for mv in solution.moves}
            worst = min(found.values())  # (the solver reports every legal move; just in case)
            return {m: found.get(m, worst) for m in legal}, {}, solution.work
        tricks = game.rules.options.get("scoring") == "tricks"
        team = game.team_of(seat)
        values: dict[Move, float] = {}
        results: dict[Move, float] = {}
        nodes = 0
        for move in legal:
            game.push(move)
            pushed = 1
            while not exact and not game.is_over() and (game.cards_left > limit
                                                        or game.team_of(game.to_move) != team):
                game.push(policy_move(game))
                pushed += 1
            if not game.is_over():
                solution = self._solver.solve(game, moves=False)
                nodes += solution.work
                values[move] = float(solution.value)
                if outcomes:  # the solver's line to the end, to score the deal as the game does
                    for reply in solution.pv:
                        game.push(reply)
                        pushed += 1
                    while not game.is_over():  # (a line that stops short of the end)
                        game.push(policy_move(game))
                        pushed += 1
            if game.is_over():
                values[move] = float(side_total(game, team, tricks))
                if outcomes:
                    results[move] = deal_result(game, seat)
            for _ in range(pushed):
                game.pop()
        return values, results, nodes

    def _evaluate_ahead(self, game: Game, legal: list[Move], seat: int
                        ) -> tuple[dict[Move, float], dict[Move, tuple[Any, dict[Move, float]] | None],
                                   int]:
        """Every legal move's value on one world, and what the seat faces at its next move on
        that line: the others answer each move as the solver plays them in this world (their
        best against the seat's side), then the seat's moves there are valued. Returns the
        values, for each move the seat's next decision (what the seat will have seen by then,
        and each next move's value; None where the deal ends first or one move is left) and
        the solver nodes spent."""
        solver = self._solver
        tricks = game.rules.options.get("scoring") == "tricks"
        team = game.team_of(seat)
        values: dict[Move, float] = {}
        nexts: dict[Move, tuple[Any, dict[Move, float]] | None] = {}
        nodes = 0
        for move in legal:
            game.push(move)
            pushed = 1
            nexts[move] = None
            if game.is_over():
                values[move] = float(side_total(game, team, tricks))
            else:
                line = solver.solve(game, moves=False, side=seat)
                nodes += line.work
                values[move] = float(line.value)
                seen = []
                for reply in line.pv:
                    if game.to_move == seat:
                        break
                    game.push(reply)
                    pushed += 1
                    seen.append(reply)
                if not game.is_over() and len(game.legal_moves()) > 1:
                    later = solver.solve(game)  # the seat to move: its side's value
                    nodes += later.work
                    # the seat tells the deals apart by the others' cards played and its hand
                    nexts[move] = ((tuple(seen), game.hand(seat).mask),
                                   {m.move: float(m.value) for m in later.moves})
            for _ in range(pushed):
                game.pop()
        return values, nexts, nodes

    # -- words ---------------------------------------------------------------------------------
    def _explain(self, view: PlayerView, best: Move, ranked: list[Move],
                 averages: dict[Move, float], searched: int, exact: bool, observed: bool,
                 weights: list[float], shares: dict[Move, float] | None = None,
                 combine: str = "average") -> None:
        how = ("solved each exactly" if exact
               else "played each out to the end of the deal")
        likely = (", the likelier the better they fit how the others have played"
                  if observed else "")
        head = (f"play {_words(best, view)}: tried on {layouts(searched)} of the cards you cannot "
                f"see{likely}, {how}")
        average = averages[best]
        if len(ranked) < 2:
            self.reason = f"{head}; it is the best move"
        elif shares is not None and round(100 * shares[best]) != round(100 * shares[ranked[1]]):
            self.reason = (f"{head}; it wins the deal on {100 * shares[best]:.0f}% of them, your "
                           f"next-best move on {100 * shares[ranked[1]]:.0f}%")
        else:
            gap = average - averages[ranked[1]]
            if gap < 0.5:
                self.reason = (f"{head}; another move does about as well (your side ends with "
                               f"about {plural(round(average), 'point')} either way)")
            else:
                self.reason = (f"{head}; it leaves your side about {plural(round(gap), 'point')} better off "
                               f"than your next-best move (about {average:.0f} by the end)")
        what = "card points" if isinstance(best, Card) else "value"
        runner = (f"; next {ranked[1]} {averages[ranked[1]]:+.1f}" if len(ranked) > 1 else "")
        ess = effective_size(weights)
        won = f", wins {100 * shares[best]:.0f}%" if shares is not None else ""
        kind = ("value with one next move for the deals alike" if combine == "alphamu"
                else "weighted average")
        self.detail = (f"{best}: {kind} {average:+.1f} {what}{won} over {plural(searched, 'deal')} "
                       f"({'exact' if exact else 'playout, then exact'}; {combine}; "
                       f"effective sample {ess:.1f} of {len(weights)} drawn){runner}")
