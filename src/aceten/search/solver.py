"""The double-dummy solver's Python API: ``solve(game)`` for a perfect-information position.

    >>> import aceten
    >>> from aceten.search import solve
    >>> g = aceten.new_game("briscola", players=2, seed=7, deck="AS 3S KS 2S AC 3C KC 2C")
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

import time
from dataclasses import dataclass, field
from typing import Any, Literal, overload

import numpy as np

from aceten.errors import AcetenError
from aceten.game import Game, PlayerView
from aceten.moves import Move
from aceten.search import dds, endgame
from aceten.search.encoding import (
    S_COOP,
    S_MAXTEAM,
    S_OBJ,
    S_REMAIN,
    S_SLEN,
    S_STOCK,
    S_TRICKS,
    decode_move,
    encode_game,
    encode_rules,
)

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
    the other two, the "paranoid" value). ``future`` is the part still to be won, ``scored``
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

    def __bool__(self) -> bool:
        return self.reached

    def as_dict(self) -> dict[str, Any]:
        return {"target": self.target, "reached": self.reached, "to_move": self.to_move,
                "side": list(self.side), "objective": self.objective, "nodes": self.nodes,
                "seconds": round(self.seconds, 6)}


class Solver:
    """A double-dummy solver with its own transposition table.

    The table is kept between calls on positions of the same deal (same rules and stock), so
    analysing a game move by move reuses the work of the earlier positions. ``tt_bits`` sets
    the table size: ``2**tt_bits`` entries of 64 bytes (20 bits: 64 MB).
    """

    def __init__(self, tt_bits: int = 20):
        if not 4 <= tt_bits <= 28:
            raise AcetenError(f"tt_bits={tt_bits}: choose between 4 and 28")
        self.tt_bits = tt_bits
        self._table: np.ndarray | None = None
        self._generation = 0
        self._context: tuple[Any, ...] | None = None
        self._moves = np.zeros((dds.MAX_PLY, 2 * dds.MOVES), dtype=np.int64)
        self._saves = np.zeros((dds.MAX_PLY, dds.SAVE), dtype=np.int64)
        self._frames = np.zeros((dds.MAX_PLY, dds.F_WIDTH), dtype=np.int64)
        # the history of cut-offs (rows 0-3), the killer leads and the endgame kernel's rows
        # (endgame.E_*), cleared per solve by endgame.setup; with the endgame kernel's table
        # (16 MB, allocated when first needed) where the kernel applies
        self._history = np.zeros((endgame.ROWS, 64), dtype=np.int64)
        self._endgame_work: np.ndarray | None = None

    def clear(self) -> None:
        """Forget every stored position."""
        self._context = None

    @overload
    def solve(self, game: Game, *, target: None = None, objective: Objective | None = None,
              cooperative: bool = False, moves: bool = True) -> Solution: ...

    @overload
    def solve(self, game: Game, *, target: int, objective: Objective | None = None,
              cooperative: bool = False, moves: bool = True) -> TargetAnswer: ...

    def solve(self, game: Game, *, target: int | None = None, objective: Objective | None = None,
              cooperative: bool = False, moves: bool = True) -> Solution | TargetAnswer:
        """Solve ``game`` from its current position; see :func:`solve`."""
        game = _position(game)
        rules = game.rules
        objective = _objective(game, objective)
        enc = encode_rules(rules)
        S = encode_game(game)
        seat = game.to_move
        team = rules.seat_team[seat]
        side = tuple(rules.teams[team])
        S[S_MAXTEAM] = team
        S[S_OBJ] = 1 if objective == "tricks" else 0
        S[S_COOP] = int(bool(cooperative))
        if objective == "tricks":
            scored = sum(game.tricks_won[s] for s in side)
        else:
            scored = sum(game.points[s] + game.bonus[s] for s in side)
        table, gen = self._table_for(game)
        suf = _stock_suffixes(S)
        work = self._history
        if endgame.applies(enc.R, S):
            if self._endgame_work is None:
                self._endgame_work = np.zeros((endgame.ALL_ROWS, 64), dtype=np.int64)
            work = self._endgame_work
        endgame.setup(work, enc.R, enc.T, enc.ORD, S)
        stats = np.zeros(dds.STATS, dtype=np.int64)
        args = (enc.R, enc.T, enc.ORD, suf, table, gen, self._moves, self._saves,
                self._frames, work, stats)
        start = time.perf_counter()
        if target is not None:
            if isinstance(target, bool) or not isinstance(target, (int, np.integer)):
                raise AcetenError(f"target must be a whole number, not {target!r}")
            reached = bool(dds.reach(S, int(target) - scored, *args))
            return TargetAnswer(int(target), reached, seat, side, objective, int(stats[0]),
                                time.perf_counter() - start)
        codes = np.zeros(32, dtype=np.int64)
        values = np.zeros(32, dtype=np.int64)
        if moves:
            count = dds.root_values(S, _first_guess(S), *args, codes, values)
            future = int(values[:count].max())
        else:
            count = 0
            future = int(dds.exact_value(S, _first_guess(S), *args, 0))
        line = np.zeros(dds.MAX_PLY, dtype=np.int64)
        length = dds.principal_variation(S, future, *args, line)
        if length < 0:  # pragma: no cover - the search contradicted itself
            raise AcetenError("internal error: the principal variation does not keep the value")
        seconds = time.perf_counter() - start
        move_values = tuple(MoveValue(decode_move(int(c), rules), scored + int(v), future - int(v))
                      for c, v in zip(codes[:count], values[:count]))
        pv = tuple(decode_move(int(c), rules) for c in line[:length])
        pv_tricks = int(sum(S[S_TRICKS + s] for s in side))
        names = ("nodes", "tt_probes", "tt_hits", "tt_cutoffs", "tt_stores", "tt_overwrites",
                 "first_move_cuts", "later_cuts", "full_nodes")
        counters = {k: int(v) for k, v in zip(names, stats)}
        counters["etc_cutoffs"] = int(stats[dds.STAT_ETC])
        return Solution(
            value=scored + future, future=future, scored=scored, to_move=seat, side=side,
            objective=objective, cooperative=bool(cooperative), moves=move_values, pv=pv,
            pv_tricks=pv_tricks, nodes=int(stats[0]), tt_probes=int(stats[1]),
            tt_hits=int(stats[2]), seconds=seconds,
            stats=counters,
        )

    def _table_for(self, game: Game) -> tuple[np.ndarray, int]:
        if self._table is None:
            self._table = np.zeros((1 << self.tt_bits, dds.TD_WIDTH), dtype=np.int64)
        context = (game.rules, tuple(game.deal.stock))
        same = self._context is not None and self._context[0] is context[0] \
            and self._context[1] == context[1]
        if not same:
            self._generation += 1
            self._history[:] = 0
            if self._endgame_work is not None:
                self._endgame_work[:4] = 0
            self._context = context
        return self._table, self._generation


_DEFAULT: Solver | None = None


def default_solver() -> Solver:
    """The solver :func:`solve` uses (created on first use)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    return _DEFAULT


@overload
def solve(game: Game, *, target: None = None, objective: Objective | None = None,
          cooperative: bool = False, moves: bool = True) -> Solution: ...


@overload
def solve(game: Game, *, target: int, objective: Objective | None = None,
          cooperative: bool = False, moves: bool = True) -> TargetAnswer: ...


def solve(game: Game, *, target: int | None = None, objective: Objective | None = None,
          cooperative: bool = False, moves: bool = True) -> Solution | TargetAnswer:
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

    Raises :class:`~aceten.errors.AcetenError` for a position that is not perfect-information
    (a PlayerView, a record with unknown cards), a deal that is over, or one still in its
    bidding or trump call.
    """
    return default_solver().solve(game, target=target, objective=objective,
                                  cooperative=cooperative, moves=moves)


# -- helpers -------------------------------------------------------------------------------------
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
    if game.phase != "play":
        what = {"bid": "bidding", "call": "trump call"}.get(game.phase, game.phase)
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


def _first_guess(S: np.ndarray) -> int:
    """A first guess for MTD(f): half of what is left."""
    if S[S_OBJ] == 1:
        return 0
    return int(S[S_REMAIN]) // 2


__all__ = ["MoveValue", "Solution", "Solver", "TargetAnswer", "default_solver", "solve"]
