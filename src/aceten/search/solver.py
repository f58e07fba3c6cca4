"""The double-dummy solver's Python API: ``solve(game)`` for a perfect-information position.

    >>> import aceten
    >>> from aceten.search import solve
    >>> g = aceten.new_game("briscola", players=2, seed=4765, deck="AS 3S KS 2S AC 3C KC 2C")
    >>> result = solve(g)
    >>> result.value, str(result.best_move)
    (15, 'KS')
    >>> [(str(m.move), m.value, m.loss) for m in result.moves]
    [('KS', 15, 0), ('2C', 0, 15), ('KC', 4, 11)]
    >>> bool(solve(g, target=16))
    False

What the value is, for each game, is in :class:`Solution` and ``docs/search.md``.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal, overload

import numpy as np

from aceten.errors import AcetenError
from aceten.game import Game, PlayerView
from aceten.moves import Move
from aceten.rules import jit
from aceten.rules.layout import (
    DRAW_NONE,
    R_DRAW,
    R_N,
    R_TRICKS,
    S_COOP,
    S_DRAWN,
    S_HAND,
    S_MAXTEAM,
    S_OBJ,
    S_REMAIN,
    S_SLEN,
    S_STOCK,
    S_TLEN,
    S_TRICKNO,
    S_TRICKS,
    SEATS,
)
from aceten.search import dds, endgame, first_card, manyseats, native, obliged
from aceten.search.encoding import decode_move, encode_game, encode_rules, move_code
from aceten.search.kernels import aligned_zeros

Objective = Literal["points", "tricks"]

IMPERFECT = ("a double-dummy solver needs a perfect-information position: every hand and the "
             "stock order. {what} For questions over the hidden cards use `aceten ask`, or "
             "sample full deals consistent with a seat's view (aceten.knowledge) and solve each")


@dataclass(frozen=True)
class MoveValue:
    """One legal move and the value the side to move ends with if it is made (optimal play
    afterwards); ``loss`` is how much less than the best move that is."""

    move: Move
    value: int
    loss: int

    def __str__(self) -> str:
        return f"{self.move} {self.value}" + (f" (-{self.loss})" if self.loss else "")


@dataclass(frozen=True)
class Solution:
    """The exact value of a position under optimal play by every seat.

    ``value`` is what the side to move (its seats: ``side``) holds at the end of the deal: the
    card points it has won so far plus those it wins from here, with the bonuses the rules score
    during play — the last-trick 10 and roem in Klaverjas, marriages in Cruce — or its tricks
    with ``objective="tricks"``. The side to move maximises it and every other seat minimises
    it (two sides: ordinary zero-sum play; three players: the mover against the coalition of
    the other two, the "paranoid" value); with ``solve(..., side=seat)``, read that seat's side
    for the mover's throughout. ``future`` is the part still to be won, ``scored``
    the part already won. Deal-level scoring (Cruce game points and contracts, Klaverjas nat
    and pit, a Briscola win at 61) is left to the caller: it is a function of the card points.
    """

    value: int
    future: int
    scored: int
    to_move: int
    side: tuple[int, ...]
    objective: Objective
    cooperative: bool
    moves: tuple[MoveValue, ...]
    pv: tuple[Move, ...]
    pv_tricks: int  # tricks the side holds at the end of the principal variation
    nodes: int
    tt_probes: int
    tt_hits: int
    seconds: float
    stats: dict[str, int] = field(default_factory=dict, repr=False)

    @property
    def best_moves(self) -> tuple[Move, ...]:
        """Every move that keeps the value."""
        return tuple(m.move for m in self.moves if m.loss == 0)

    @property
    def best_move(self) -> Move:
        """The first move of the principal variation."""
        return self.pv[0]

    @property
    def work(self) -> int:
        """The nodes searched, those of the kernel for duties (``stats["duty_nodes"]``, about a
        third of the others' cost each) counted half: what the bots' node budgets count, so
        that the kernel, which searches more nodes for less time, leaves them as many deals."""
        return self.nodes - self.stats.get("duty_nodes", 0) // 2

    def value_of(self, move: Move | str) -> int:
        """The value of one legal move (a Move or its text, like ``"AS"``)."""
        for m in self.moves:
            if m.move == move or str(m.move).lower() == str(move).strip().lower():
                return m.value
        raise AcetenError(f"{move} is not a legal move here: "
                          + " ".join(str(m.move) for m in self.moves))

    def as_dict(self) -> dict[str, Any]:
        return {
            "value": self.value, "future": self.future, "scored": self.scored,
            "to_move": self.to_move, "side": list(self.side), "objective": self.objective,
            "cooperative": self.cooperative,
            "moves": [{"move": str(m.move), "value": m.value, "loss": m.loss} for m in self.moves],
            "pv": [str(m) for m in self.pv], "pv_tricks": self.pv_tricks,
            "nodes": self.nodes, "tt_probes": self.tt_probes, "tt_hits": self.tt_hits,
            "seconds": round(self.seconds, 6),
        }  # fmt: skip

    def __str__(self) -> str:
        seats = "+".join(f"P{s + 1}" for s in self.side)
        moves = ", ".join(str(m) for m in self.moves)
        return f"{seats} to move: {self.value} {self.objective}; moves {moves}"


@dataclass(frozen=True)
class TargetAnswer:
    """The yes/no answer of ``solve(game, target=T)``: can the side to move end with ``target``
    or more (card points and bonuses, or tricks) against best defence? Truthy when it can."""

    target: int
    reached: bool
    to_move: int
    side: tuple[int, ...]
    objective: Objective
    nodes: int
    seconds: float
    stats: dict[str, int] = field(default_factory=dict, repr=False)

    def __bool__(self) -> bool:
        return self.reached

    def as_dict(self) -> dict[str, Any]:
        return {"target": self.target, "reached": self.reached, "to_move": self.to_move,
                "side": list(self.side), "objective": self.objective, "nodes": self.nodes,
                "seconds": round(self.seconds, 6)}


class _Worker:
    """One search thread's own arrays: moves, saved states and frames per ply, the history of
    cut-offs with the endgame kernel's rows, and the counters. The transposition table and the
    endgame table are shared; these never are."""

    def __init__(self) -> None:
        self.moves = aligned_zeros((dds.MAX_PLY, 2 * dds.MOVES))
        self.saves = aligned_zeros((dds.MAX_PLY, dds.SAVE))
        self.frames = aligned_zeros((dds.MAX_PLY, dds.F_WIDTH))
        self.history = aligned_zeros((endgame.ROWS, endgame.COLS))
        self.stats = aligned_zeros(dds.STATS)

    def forget(self) -> None:
        """A new deal: the history of cut-offs and the killer leads no longer apply."""
        self.history[:4] = 0


def _kernels() -> tuple[Any, Any]:
    """The search kernels and the step functions to call: compiled from C where a compiler
    builds them (:mod:`aceten.search.native`), else numba's (``ACETEN_KERNELS`` chooses)."""
    lib = native.load()
    return (lib.dds, lib.step) if lib is not None else (dds, jit)


class _Search:
    """One solve's searches, on one thread or two.

    Every search starts on one thread. Where a second one is available (``helper``, the pool of
    the second thread) and the position is big enough (``PARALLEL_MIN_CARDS``), that search
    stops once it has done ``PARALLEL_AFTER`` of work (``dds._work``: about main-search moves,
    some 100 ms in every game), and is searched again from the start by both threads: everything
    it finished is in the table, so little is lost, and small searches (most positions late in a
    deal, Cruce, pimc's many solves) never pay for the hand-over. A position sure to be a long
    search (``_long_search``: most of a 4-player Briscola deal) goes to both threads from the
    start. With two threads, every zero-window probe is searched by both at once over the one
    shared table (``dds.alphabeta`` with me = 0 and 1: they split the moves of the nodes where
    every move must be searched, see ``dds.shared_control``). The first to finish sets the abort
    flag, the other stops without storing anything of its unfinished nodes, and the finished
    one's answer is the probe's. Each thread has its own copy of the position and its own arrays
    (``_Worker``)."""

    def __init__(self, enc: Any, S: np.ndarray, table: np.ndarray, gen: int,
                 endgame_table: tuple[np.ndarray, int], workers: list[_Worker],
                 control: np.ndarray, helper: ThreadPoolExecutor | None) -> None:
        self.R, self.T, self.ORD = enc.R, enc.T, enc.ORD
        self.dds, self.step = _kernels()
        self.suf = _stock_suffixes(S)
        self.control = control
        self.helper = helper
        self.workers = workers[:2 if helper else 1]
        eg_table, eg_gen = endgame_table
        self.args = []  # each thread's arguments of the kernels after S and the window
        for w in self.workers:
            endgame.setup(w.history, enc.R, enc.T, enc.ORD, S, eg_gen)
            w.stats[:] = 0
            self.args.append((enc.R, enc.T, enc.ORD, self.suf, table, gen, w.moves, w.saves,
                              w.frames, w.history, eg_table, w.stats))
        # how many searched: 2 once a search was handed to both, or at once for a position
        # sure to be a long search
        self.threads = 2 if helper is not None and _long_search(enc.R, S) else 1
        self.wall = self.cpu = 0.0  # time spent in probes searched together, and CPU time
        control[0, dds.SH_ABORT] = 0
        control[0, dds.SH_BUDGET] = dds.NEVER if helper is None or self.threads == 2 \
            else PARALLEL_AFTER

    def stats(self) -> np.ndarray:
        """The counters summed over the threads."""
        return sum((w.stats for w in self.workers), np.zeros(dds.STATS, dtype=np.int64))

    def _handed_over(self, result: int) -> bool:
        """Whether a one-thread search stopped on its budget: from now on both threads search."""
        if result >= 0:  # a value, a count or an answer (ABORTED and -1 say it stopped)
            return False
        self.control[0, dds.SH_BUDGET] = dds.NEVER
        self.threads = 2
        return True

    def exact(self, S: np.ndarray, guess: int, ply: int, near: bool = False) -> int:
        """The exact future value of S (``dds.exact_value``; if it stops, on both threads);
        ``near``: the value likely lies close to ``guess`` (``dds.value_start``)."""
        if self.threads == 1:
            g = int(self.dds.exact_value(S, guess, int(near), *self.args[0], ply, self.control))
            if not self._handed_over(g):
                return g
        return self._exact_together(S, guess, ply, near)

    def root_values(self, S: np.ndarray, guess: int, codes: np.ndarray,
                    values: np.ndarray) -> int:
        """Every root move's value (``dds.root_values``; if it stops, on both threads)."""
        if self.threads == 1:
            n = int(self.dds.root_values(S, guess, *self.args[0], self.control, codes, values))
            if not self._handed_over(n):
                return n
        order = np.empty(dds.MOVES, dtype=np.int64)
        rep = np.empty(64, dtype=np.int64)
        k, legal = self.dds.root_moves(S, self.R, self.T, self.ORD, self.suf, self.workers[0].moves,
                                  self.workers[0].history, order, rep)
        found = np.zeros(dds.MOVES, dtype=np.int64)
        root = S.copy()
        climb = int(self.dds.climbs(S, self.R))
        best = -1
        for i in range(k):
            gain = int(self.step.play_move(S, order[i], self.R, self.T))
            found[i] = gain + self._gallop_together(S, (best if best >= 0 else guess) - gain,
                                                    climb if best < 0 else 0)
            S[:] = root
            best = max(best, int(found[i]))
        return int(self.dds.root_report(legal, rep, order, found, k, codes, values))

    def reach(self, S: np.ndarray, target: int) -> bool:
        """Whether the maximising side can still win ``target`` (one probe)."""
        if self.threads == 1:
            answer = int(self.dds.reach(S, target, *self.args[0], self.control))
            if not self._handed_over(answer):
                return answer == 1
        return self._probe(S, target, 0) >= target

    def line(self, S: np.ndarray, future: int, out: np.ndarray) -> int:
        """The principal variation (one thread: its probes mostly end in the table)."""
        self.control[0, dds.SH_BUDGET] = dds.NEVER
        return int(self.dds.principal_variation(S, future, *self.args[0], self.control, out))

    def _exact_together(self, S: np.ndarray, guess: int, ply: int, near: bool) -> int:
        """``dds.exact_value`` with each probe searched by both threads (the same thresholds:
        ``dds.value_start`` and ``dds.probe_next``)."""
        W = np.empty(dds.W_SIZE, dtype=np.int64)
        t = int(self.dds.value_start(W, S, self.R, self.T, self.suf, guess, int(near)))
        return self._probes_together(S, W, t, ply)

    def _gallop_together(self, S: np.ndarray, guess: int, climb: int) -> int:
        """A root move's exact future value as the kernel's ``root_values`` finds it (the probes
        of ``dds.gallop_from`` and ``dds.probe_next``; ``climb`` as there), each probe searched
        by both threads."""
        W = np.empty(dds.W_SIZE, dtype=np.int64)
        t = int(self.dds.gallop_from(W, S, self.R, self.T, self.suf, guess, climb))
        return self._probes_together(S, W, t, 1)

    def _probes_together(self, S: np.ndarray, W: np.ndarray, t: int, ply: int) -> int:
        """The probes W plans from threshold ``t`` on, each searched by both threads: the value."""
        while t > 0:
            t = int(self.dds.probe_next(W, t, self._probe(S, t, ply)))
        return int(W[dds.W_LOWER])

    def _probe(self, S: np.ndarray, beta: int, ply: int) -> int:
        """Fail-soft zero-window search of S at (beta - 1, beta) by both threads, or by one when
        the two did not get two cores' worth of CPU time (``_crowded``)."""
        SH = self.control
        if self.helper is None or self._crowded():
            return int(self.dds.alphabeta_alone(S, beta - 1, beta, ply, *self.args[0], SH))
        SH[1:] = 0
        wall = time.perf_counter()
        cpu = time.process_time()
        other = self.helper.submit(self._help, S.copy(), beta, ply)
        try:
            g = int(self.dds.alphabeta(S, beta - 1, beta, ply, *self.args[0], SH, 0))
        finally:
            SH[0, dds.SH_ABORT] = 1  # done (or stopped because the other was): stop the other
            h = other.result()
            SH[0, dds.SH_ABORT] = 0  # both stopped: the next search may run
        self.wall += time.perf_counter() - wall
        self.cpu += time.process_time() - cpu
        return g if g != dds.ABORTED else h

    def _crowded(self) -> bool:
        """Whether other work takes one of the cores: then two threads share one, each at half
        speed, and together they are slower than one (more nodes, each costing more). Judged
        from the CPU time the threads got in their first 30 ms together."""
        return self.wall >= CROWDED_AFTER and self.cpu < CROWDED_SHARE * self.wall

    def _help(self, S: np.ndarray, beta: int, ply: int) -> int:
        """The second thread's part of a probe."""
        SH = self.control
        g = int(self.dds.alphabeta(S, beta - 1, beta, ply, *self.args[1], SH, 1))
        if g != dds.ABORTED:
            SH[0, dds.SH_ABORT] = 1
        return g


# Two threads search a position only when it is big enough to gain from them: handing a probe
# to two threads costs tens of microseconds, and a short search would lose by it.
PARALLEL_MIN_CARDS = 28  # cards not yet played (hands, stock, trick): fewer, one thread
PARALLEL_AFTER = 400_000  # work (dds._work) one thread does before two take over (~100 ms)
MANY_SEATS_HELD = 25  # with five seats or more (manyseats.MANY_SEATS) the solver refuses
# positions with more cards in the hands (chiamata: 25 cards 0.1 s, 30 cards 1-14 s, a full deal
# of 40 beyond reach; docs/benchmarks.md); the stock does not count
LONG_SEARCH_CARDS = 36  # in the endgame kernel's games: this many, two threads from the start
CROWDED_AFTER = 0.03  # seconds of probes searched together, then
CROWDED_SHARE = 1.5  # the cores' worth of CPU time they must have had to go on together
SPARE_CORE_LOAD = 0.7  # threads=None: a second thread only while the load average is at most
# the cores less this (2 cores: 1.3, this solve's own thread and a little other work)


class Solver:
    """A double-dummy solver with its own transposition table.

    The table is kept between calls on positions of the same deal (same rules and stock), so
    analysing a game move by move reuses the work of the earlier positions. ``tt_bits`` sets
    the table size: ``2**tt_bits`` entries of 64 bytes (20 bits: 64 MB); None (the default)
    sizes it for the games solved (``table_bits``: 64 MB where four seats draw a stock or
    more than four play, 16 MB otherwise), growing it when a game needs more. ``threads`` (1 or 2;
    None: 2 if the machine has two cores) is how many threads search a big position together,
    over the one table: the values are the same, only found sooner. With None the second thread
    is only used while the machine has a core to spare (``_core_to_spare``, checked at each
    solve): on a machine busy with other work two threads share one core and are slower than
    one (4-player Briscola, load average 8-9: 1.09-1.14 times the wall time of one thread).
    """

    def __init__(self, tt_bits: int | None = None, threads: int | None = None):
        if tt_bits is not None and (isinstance(tt_bits, bool) or not isinstance(tt_bits, int)
                                    or not 4 <= tt_bits <= 28):
            raise AcetenError(f"tt_bits={tt_bits!r}: choose between 4 and 28 (or None: sized "
                              "for the game)")
        self.auto_threads = threads is None
        if threads is None:
            threads = min(2, os.cpu_count() or 1)
        if isinstance(threads, bool) or threads not in (1, 2):
            raise AcetenError(f"threads={threads!r}: choose 1 or 2 (or None: as many as the "
                              "machine has cores, up to 2)")
        self.tt_bits = tt_bits
        self.threads = threads
        self._table: np.ndarray | None = None
        self._generation = 0
        self._endgame_table: np.ndarray | None = None  # allocated where the kernel applies
        self._endgame_generation = 0
        self._endgame_context: tuple[Any, ...] | None = None
        self._context: tuple[Any, ...] | None = None
        self._workers = [_Worker() for _ in range(threads)]
        self._control = dds.shared_control()
        self._pool: ThreadPoolExecutor | None = None

    def clear(self) -> None:
        """Forget every stored position."""
        self._context = None
        self._endgame_context = None

    @overload
    def solve(self, game: Game, *, target: None = None, objective: Objective | None = None,
              cooperative: bool = False, moves: bool = True,
              side: int | None = None) -> Solution: ...

    @overload
    def solve(self, game: Game, *, target: int, objective: Objective | None = None,
              cooperative: bool = False, moves: bool = True,
              side: int | None = None) -> TargetAnswer: ...

    def solve(self, game: Game, *, target: int | None = None, objective: Objective | None = None,
              cooperative: bool = False, moves: bool = True,
              side: int | None = None) -> Solution | TargetAnswer:
        """Solve ``game`` from its current position; see :func:`solve`."""
        game = _position(game)
        objective = _objective(game, objective)
        team = game.team_of(game.to_move)  # this deal's teams: a hidden team's too
        if side is not None:
            team = _side_team(game, side, moves and target is None)
        if target is not None and (isinstance(target, bool)
                                   or not isinstance(target, (int, np.integer))):
            raise AcetenError(f"target must be a whole number, not {target!r}")
        enc = encode_rules(game.rules)
        S = encode_game(game)
        if not cooperative and first_card.applies(enc.R, S):
            return self._solve_each_first_card(game, enc, S, team, objective, moves, target)
        return self._solve(game, enc, S, team, objective, cooperative, moves, target)

    def _solve(self, game: Game, enc: Any, S: np.ndarray, team: int, objective: Objective,
               cooperative: bool, moves: bool, target: int | None) -> Solution | TargetAnswer:
        """One search of position S (``game`` encoded) for ``team``."""
        seat = game.to_move
        seats = tuple(game.teams[team])
        _mark_side(S, team, objective, cooperative)
        scored = _scored(game, seats, objective)
        table, gen = self._table_for(game)
        search = _Search(enc, S, table, gen, self._endgame_for(enc.R, S), self._workers,
                         self._control, self._helper(S))
        start = time.perf_counter()
        if target is not None:
            reached = search.reach(S, int(target) - scored)
            return TargetAnswer(int(target), reached, seat, seats, objective,
                                int(search.stats()[0]), time.perf_counter() - start,
                                _counters(search))
        codes = np.zeros(32, dtype=np.int64)
        values = np.zeros(32, dtype=np.int64)
        if moves:
            count = search.root_values(S, _first_guess(S), codes, values)
            future = int(values[:count].max())
        else:
            count = 0
            future = search.exact(S, _first_guess(S), 0)
        line = np.zeros(dds.MAX_PLY, dtype=np.int64)
        length = search.line(S, future, line)
        if length < 0:  # pragma: no cover - the search contradicted itself
            raise AcetenError("internal error: the principal variation does not keep the value")
        seconds = time.perf_counter() - start
        rules = game.rules
        move_values = tuple(MoveValue(decode_move(int(c), rules), scored + int(v), future - int(v))
                      for c, v in zip(codes[:count], values[:count]))
        pv = tuple(decode_move(int(c), rules) for c in line[:length])
        pv_tricks = int(sum(S[S_TRICKS + s] for s in seats))
        counters = _counters(search)
        return Solution(
            value=scored + future, future=future, scored=scored, to_move=seat, side=seats,
            objective=objective, cooperative=bool(cooperative), moves=move_values, pv=pv,
            pv_tricks=pv_tricks, nodes=counters["nodes"], tt_probes=counters["tt_probes"],
            tt_hits=counters["tt_hits"], seconds=seconds, stats=counters,
        )

    def _solve_each_first_card(self, game: Game, enc: Any, root: np.ndarray, team: int,
                               objective: Objective, moves: bool,
                               target: int | None) -> Solution | TargetAnswer:
        """A first card that names trump (``root``: ``game`` encoded): each first card searched
        as its own root, its trump known, so the kernel for duties serves its last tricks
        (``first_card``). The roots are the encoded position after each card (no Game made for
        them)."""
        start = time.perf_counter()
        _mark_side(root, team, objective, False)
        seat = game.to_move
        seats = tuple(game.teams[team])
        scored = _scored(game, seats, objective)
        table, gen = self._table_for(game)
        step = _kernels()[1]
        totals: dict[str, int] = {}
        futures: dict[Move, int] = {}

        def after(move: Move) -> tuple[_Search, np.ndarray, int]:
            """The search of the position after ``move``, and what the move gained the side."""
            S = root.copy()
            gain = int(step.play_move(S, move_code(move), enc.R, enc.T))
            search = _Search(enc, S, table, gen, self._endgame_for(enc.R, S), self._workers,
                             self._control, self._helper(S))
            return search, S, gain

        def tally(search: _Search) -> None:
            for key, count in _counters(search).items():
                totals[key] = max(totals.get(key, 0), count) if key == "threads" \
                    else totals.get(key, 0) + count

        def exact(move: Move, near: int | None) -> int:
            search, S, gain = after(move)
            future = futures[move] = search.exact(
                S, _first_guess(S) if near is None else near - scored - gain, 0, near is not None)
            tally(search)
            return scored + gain + future

        def reaches(move: Move, bound: int) -> bool:
            search, S, gain = after(move)
            answer = search.reach(S, bound - scored - gain)
            tally(search)
            return answer

        legal = list(game.legal_moves())
        ordered = first_card.likely_best_first(game, legal)
        maxing = game.team_of(seat) == team
        if target is not None:
            reached = first_card.reached(ordered, maxing, int(target), reaches)
            return TargetAnswer(int(target), reached, seat, seats, objective, totals["nodes"],
                                time.perf_counter() - start, totals)
        solved, (best_move, value) = first_card.best(ordered, maxing, moves, exact, reaches)
        search, S, _gain = after(best_move)  # its kernels' rows again: its trump's
        line = np.zeros(dds.MAX_PLY, dtype=np.int64)
        length = search.line(S, futures[best_move], line)
        if length < 0:  # pragma: no cover - the search contradicted itself
            raise AcetenError("internal error: the principal variation does not keep the value")
        move_values = tuple(MoveValue(move, v, value - v)
                            for move, v in sorted(solved, key=lambda mv: legal.index(mv[0]))) \
            if moves else ()
        pv = (best_move, *(decode_move(int(c), game.rules) for c in line[:length]))
        return Solution(
            value=value, future=value - scored, scored=scored, to_move=seat, side=seats,
            objective=objective, cooperative=False, moves=move_values, pv=pv,
            pv_tricks=int(sum(S[S_TRICKS + s] for s in seats)), nodes=totals["nodes"],
            tt_probes=totals["tt_probes"], tt_hits=totals["tt_hits"],
            seconds=time.perf_counter() - start, stats=totals,
        )

    def _helper(self, S: np.ndarray) -> ThreadPoolExecutor | None:
        """The second thread, for a position big enough to gain from it (else None)."""
        if self.threads < 2 or _cards_left(S) < PARALLEL_MIN_CARDS:
            return None
        if self.auto_threads and not _core_to_spare():
            return None
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="aceten-solver")
        return self._pool

    def _table_for(self, game: Game) -> tuple[np.ndarray, int]:
        """The main table (made on first use, made anew when ``game`` needs a larger one) and
        its generation for a solve of ``game``: a new one unless the same deal was solved
        last."""
        bits = self.tt_bits if self.tt_bits is not None else table_bits(encode_rules(game.rules).R)
        if self._table is None or len(self._table) < 1 << bits:  # made, or grown, empty
            self._table = aligned_zeros((1 << bits, dds.TD_WIDTH))
            self._context = None
        context = (game.rules, tuple(game.deal.stock))
        same = self._context is not None and self._context[0] is context[0] \
            and self._context[1] == context[1]
        if not same:
            self._generation += 1
            for w in self._workers:
                w.forget()
            self._context = context
        return self._table, self._generation

    def _endgame_for(self, R: np.ndarray, S: np.ndarray) -> tuple[np.ndarray, int]:
        """The endgame kernels' table (``_endgame_table_bits``; made on first use, shared by
        the threads) and its generation for this solve; an empty array
        where no kernel applies (the endgame kernel, the two-seat one, the one for duties).

        Its entries are true bounds of positions keyed by the hands, the leader and the stock
        drawn so far, valid for every solve that fills the kernels' rows alike (the rules,
        trump, objective, teams and maximising side) from the same stock: such solves share a
        generation, so pimc's and the searcher's deals of one decision, and the first cards of
        a deal whose first card names trump, reuse each other's endgames. Any other solve
        starts a new generation. The table's filter (``endgame.seen``) is emptied at a new
        generation once enough keys were marked in it since it last was."""
        bits = _endgame_table_bits(R, S)
        if bits == 0:
            return _NO_TABLE, 0
        # (a table made for one kernel serves the others too, or grows)
        if self._endgame_table is None or len(self._endgame_table) < endgame.table_words(bits):
            self._endgame_table = endgame.new_table(bits)
            self._endgame_context = None
            self._forget_marks()
        context = (endgame.rows_key(R, S), tuple(S[S_STOCK:S_STOCK + int(S[S_SLEN])]))
        if context != self._endgame_context:
            self._endgame_context = context
            self._endgame_generation += 1
            if self._endgame_generation > endgame.GEN_MASK:
                self._endgame_table[:] = 0
                self._endgame_generation = 1
                self._forget_marks()
            elif sum(int(w.history[endgame.E_MARKS, 0]) for w in self._workers) \
                    > endgame.FILTER_MARKS:
                endgame.clear_filter(self._endgame_table)
                self._forget_marks()
        return self._endgame_table, self._endgame_generation

    def _forget_marks(self) -> None:
        """The kernels' table filter is empty: no key marked in it (``endgame.seen``)."""
        for w in self._workers:
            w.history[endgame.E_MARKS, 0] = 0


_NO_TABLE = np.zeros(8, dtype=np.int64)


MAIN_TABLE_BITS = 20  # the table where the main search takes six tricks or more: four seats
# drawing a stock (the 4-player endgame kernel takes the last four tricks of Briscola and Brisca,
# the kernel for duties only those after the stock), or more than four seats (no kernel);
# 2**18 entries took 1.02-1.05 times the nodes in 4-player Briscola and Brisca (deals 0-7)
SMALL_TABLE_BITS = 18  # elsewhere, where the kernels take every trick but the first few: 2**16
# entries searched the very same nodes as 2**20 in Briscola 2p and 3p, Cruce and Klaverjas
# (deals 0-29), Brisca 2p 1.06 times (2**18: 1.0007); a fresh process pays for each page of
# the table it touches (64 MB: about 0.1 s of CPU)


def table_bits(R: np.ndarray) -> int:
    """The main table's size (log2 of its entries) for games under rules R, by how much of
    their search is the main search's: ``MAIN_TABLE_BITS`` or ``SMALL_TABLE_BITS``."""
    long_main = R[R_N] > 4 or (R[R_N] == 4 and R[R_DRAW] != DRAW_NONE)
    return MAIN_TABLE_BITS if long_main else SMALL_TABLE_BITS


def _endgame_table_bits(R: np.ndarray, S: np.ndarray) -> int:
    """The size of the endgame table for the kernel that serves S (log2 of its entries; 0
    where no kernel does): 16 MB for the 4-player endgame kernel, 512 KB for the kernel for five
    and six seats (its two-trick positions), 32 MB where the kernel for
    duties draws the stock (plain play of three seats) from a position with
    ``obliged.STOCK_TABLE_TRICKS`` tricks left or more, 8 MB for the two-seat kernel and the
    kernel for duties otherwise (a size that stays in the L3 cache; 32 MB gained Klaverjas and
    2-player Cruce nothing: 0.73 and 5.11 s against 0.73 and 5.01 s of CPU over deals 0-29)."""
    if endgame.applies(R, S):
        return endgame.TABLE_BITS
    if manyseats.applies(R, S):
        return manyseats.TABLE_BITS
    if endgame.applies_duel(R, S):
        return endgame.DUEL_TABLE_BITS
    if not obliged.applies(R, S):
        return 0
    if obliged.draws_stock(R, S) and R[R_TRICKS] - S[S_TRICKNO] >= obliged.STOCK_TABLE_TRICKS:
        return obliged.STOCK_TABLE_BITS
    return endgame.DUEL_TABLE_BITS


_DEFAULT: Solver | None = None


def default_solver() -> Solver:
    """The solver :func:`solve` uses (created on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT


@overload
def solve(game: Game, *, target: None = None, objective: Objective | None = None,
          cooperative: bool = False, moves: bool = True, side: int | None = None) -> Solution: ...


@overload
def solve(game: Game, *, target: int, objective: Objective | None = None,
          cooperative: bool = False, moves: bool = True,
          side: int | None = None) -> TargetAnswer: ...


def solve(game: Game, *, target: int | None = None, objective: Objective | None = None,
          cooperative: bool = False, moves: bool = True,
          side: int | None = None) -> Solution | TargetAnswer:
    """Solve a perfect-information position exactly (double dummy).

    ``game`` is a :class:`~aceten.game.Game` in its play phase (all hands and the stock order
    are known in a Game); a complete parsed record is accepted too. Returns a
    :class:`Solution`: the value for the side to move, the value of every legal move (Brisca
    exchanges included) and a principal variation to the end of the deal. With ``target``,
    returns a :class:`TargetAnswer` ("can the side to move end with ``target`` or more?"),
    found with one zero-window search. ``objective`` is ``"points"`` (card points and bonuses;
    the default) or ``"tricks"`` (the default under ``scoring=tricks``). With
    ``cooperative=True`` every seat plays for the side to move: the most it could possibly
    get, an upper bound of the adversarial value. ``moves=False`` skips the values of the
    moves other than the best (``Solution.moves`` is then empty): the value and principal
    variation alone come faster.
    ``side`` (a seat) values the position for that seat's side instead of the mover's: the
    other seats play against it, whoever is to move (where bonuses are not constant-sum, as
    Cruce's marriages and Klaverjas's roem, this is not the mover's own value seen from the
    other side). With a side other than the mover's, the moves' values are not given: pass
    ``moves=False`` (or a ``target``).

    Raises :class:`~aceten.errors.AcetenError` for a position that is not perfect-information
    (a PlayerView, a record with unknown cards), a deal that is over, or one still in its
    bidding or trump call.
    """
    return default_solver().solve(game, target=target, objective=objective,
                                  cooperative=cooperative, moves=moves, side=side)


def _side_team(game: Game, side: Any, moves: bool) -> int:
    """The team of seat ``side``, the side to value (checked: a seat of the game, and the
    mover's side when every move is to be valued)."""
    if isinstance(side, bool) or not isinstance(side, (int, np.integer)) \
            or not 0 <= side < game.players:
        raise AcetenError(f"side={side!r}: a seat from 0 to {game.players - 1}")
    team = game.team_of(int(side))
    if moves and team != game.team_of(game.to_move):
        raise AcetenError(f"side={side}: the moves are valued for the side to move only; "
                          "pass moves=False to value the position for another side")
    return team


# -- helpers -------------------------------------------------------------------------------------
def _mark_side(S: np.ndarray, team: int, objective: Objective, cooperative: bool) -> None:
    """Write into S the side a search values, its objective and whether play cooperates."""
    S[S_MAXTEAM] = team
    S[S_OBJ] = 1 if objective == "tricks" else 0
    S[S_COOP] = int(bool(cooperative))


def _scored(game: Game, seats: tuple[int, ...], objective: Objective) -> int:
    """What the side has already won: tricks, or card points and bonuses."""
    if objective == "tricks":
        return sum(game.tricks_won[s] for s in seats)
    return sum(game.points[s] + game.bonus[s] for s in seats)


def _counters(search: _Search) -> dict[str, int]:
    """A search's statistics by name, summed over its threads."""
    stats = search.stats()
    names = ("nodes", "tt_probes", "tt_hits", "tt_cutoffs", "tt_stores", "tt_overwrites",
             "first_move_cuts", "later_cuts", "full_nodes")
    counters = {k: int(v) for k, v in zip(names, stats)}
    counters["etc_cutoffs"] = int(stats[dds.STAT_ETC])
    counters["duty_nodes"] = int(stats[dds.STAT_DUTY])
    counters["threads"] = search.threads
    return counters


def _position(game: Any) -> Game:
    if isinstance(game, PlayerView):
        raise AcetenError(IMPERFECT.format(what=f"A PlayerView shows P{game.seat + 1}'s hand only."))
    from aceten.record import Record, to_game

    if isinstance(game, Record):
        if not game.is_complete:
            raise AcetenError(IMPERFECT.format(what="The record's deal holds unknown cards (??)."))
        game = to_game(game)
    if not isinstance(game, Game):
        raise AcetenError(f"solve needs a Game (a perfect-information position), not "
                          f"{type(game).__name__}")
    if game.phase == "over":
        raise AcetenError("the deal is over: there is nothing left to solve")
    if game.players >= manyseats.MANY_SEATS:
        held = sum(len(game.hand(s)) for s in range(game.players))
        if held > MANY_SEATS_HELD:
            raise AcetenError(f"with {game.players} seats the solver searches at most "
                              f"{MANY_SEATS_HELD} cards in the hands (each card more multiplies "
                              f"the search: 30 cards took up to 14 seconds), and this position has "
                              f"{held}; play on, or use a smaller deck (option deck)")
    if game.phase != "play":
        what = {"bid": "bidding", "call": "trump call",
                "call-card": "card call"}.get(game.phase, game.phase)
        raise AcetenError(f"the deal is still in its {what}: the solver starts from the play "
                          f"(push the {what} moves first, e.g. {game.legal_moves()[0]})")
    return game


def _objective(game: Game, objective: str | None) -> Objective:
    if objective is None:
        return "tricks" if game.rules.options.get("scoring") == "tricks" else "points"
    if objective not in ("points", "tricks"):
        raise AcetenError(f"objective must be 'points' or 'tricks', not {objective!r}")
    return objective  # type: ignore[return-value]


def _stock_suffixes(S: np.ndarray) -> np.ndarray:
    """SUF[d]: the stock cards from position d on, leaving out the last (face-up) card."""
    slen = int(S[S_SLEN])
    suf = np.zeros(max(slen, 1) + 1, dtype=np.int64)
    acc = 0
    for d in range(slen - 2, -1, -1):
        acc |= 1 << int(S[S_STOCK + d])
        suf[d] = acc
    return suf


def _long_search(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether S is a position the two threads search from its first move: most of a deal
    (LONG_SEARCH_CARDS cards or more left) of a 4-player game without obligation (the
    endgame kernel's games), whose searches all take hundreds of milliseconds or more."""
    return endgame.applies(R, S) and _cards_left(S) >= LONG_SEARCH_CARDS


def _core_to_spare() -> bool:
    """Whether the machine looks to have a core free for a second search thread: its load
    average over the last minute (which counts this process's own thread while it searches)
    leaves one core idle. Where the load average is unknown, assume it does."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return True
    return load <= (os.cpu_count() or 1) - SPARE_CORE_LOAD


def _cards_left(S: np.ndarray) -> int:
    """The cards not yet played: in the hands, the stock and the trick on the table."""
    held = sum(bin(int(S[S_HAND + seat])).count("1") for seat in range(SEATS))
    return held + int(S[S_SLEN] - S[S_DRAWN]) + int(S[S_TLEN])


def _first_guess(S: np.ndarray) -> int:
    """A first guess for MTD(f): half of what is left."""
    if S[S_OBJ] == 1:
        return 0
    return int(S[S_REMAIN]) // 2


__all__ = ["MoveValue", "Solution", "Solver", "TargetAnswer", "default_solver", "solve"]
