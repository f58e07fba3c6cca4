"""Answering a goal: encode, solve, replay every witness, explain impossibility, optimise."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from aceten.errors import AcetenError
from aceten.game import Game
from aceten.logic import goal as g
from aceten.logic.position import Position, coerce
from aceten.logic.trace import Trace
from aceten.logic.witness import EncodingMismatch, check

# One CP-SAT worker: on the questions of examples/ a second worker (feasibility jump, LNS)
# doubled the solve's CPU and found the optimum no sooner (docs/benchmarks.md, "Logic"); with
# one, the machine's other core stays free, and a busy machine does not slow the solve twice.
DEFAULT_WORKERS = 1
# The most CP-SAT threads asked for: its portfolio has no more than a few dozen distinct
# workers to run, and a thread per worker beyond the machine's cores only shares them.
MAX_WORKERS = 64
# CP-SAT presolve without probing and symmetry detection, and no SAT inprocessing: on these
# models they cost more than they save (bench/bench_logic.py; docs/benchmarks.md, "Logic").
# Inprocessing (OR-Tools 9.15: congruence closure, sweeping, vivification at the search's
# start) was a quarter of the instructions of ``ask ... --goal "maximize tricks(P1)"``; off, the
# maximisations of examples/ took 0.35-0.6x the CPU, the same optima. ``params`` of ask()
# override these.
DEFAULT_PARAMS = {"symmetry_level": 0, "cp_model_probing_level": 0, "max_presolve_iterations": 1,
                  "use_sat_inprocessing": False}
HINT_SECONDS = 0.1  # random playouts for an objective's hint (Klaverjas: a first solution at once)
HINT_PLAYOUTS = 60
# A yes/no goal first tries this many random playouts: one that meets the goal is a witness
# (a legal game of the engine, checked against the position's facts), and no model is built.
# No time limit on them (a few milliseconds each): a busy machine gets the same answer, by
# the same path, as an idle one (with 0.1 s of wall time, the seed question's witness came
# from a model instead at load average 14).
PLAYOUTS_FIRST = 40


@dataclass
class Answer:
    """The answer to a goal.

    ``status`` is ``possible`` (with witnesses), ``impossible`` (proven; with an explanation
    when asked), ``optimum`` (the best value, with a witness; ``proven`` says whether optimality
    was proven) or ``unknown`` (the time limit ran out first).
    """

    status: str
    goal: g.Goal
    position: Position
    witnesses: list[Trace] = field(default_factory=list)
    value: int | None = None
    bound: int | None = None
    proven: bool = True
    explanation: Any = None  # aceten.logic.explain.Explanation
    model: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    model_description: dict[str, Any] | None = None

    @property
    def verdict(self) -> str:
        """The answer in one line, as ``aceten ask`` prints it after ``answer:``."""
        if self.status == "possible":
            count = len(self.witnesses)
            return f"possible ({count} witness{'es' * (count != 1)}, replayed through the engine)"
        if self.status == "impossible":
            return "impossible (proven)"
        if self.status == "optimum":
            assert self.goal.objective is not None  # an optimum answers an objective
            word = "proven optimal" if self.proven else f"not proven optimal; bound {self.bound}"
            return f"{self.goal.sense} {self.goal.objective.text} = {self.value} ({word})"
        return "unknown (the time limit ran out before an answer was found)"

    def __str__(self) -> str:
        # An optimum's verdict names its goal already.
        return self.verdict if self.status == "optimum" else f"{self.goal.text}: {self.verdict}"

    def __repr__(self) -> str:  # the position and witnesses are pages long: name them only
        return f"<Answer {self}>"


def check_limits(time_limit: float | None, workers: int) -> None:
    """Refuse a time limit that is not a positive number of seconds (``inf``: none) and a
    number of solver threads outside 1 to :data:`MAX_WORKERS`, whatever path the answer takes
    (a playout may meet the goal without a solver)."""
    if time_limit is not None and not time_limit > 0:  # NaN too
        raise AcetenError(f"--time-limit must be a positive number of seconds, not {time_limit:g}")
    if workers < 1:
        raise AcetenError(f"--workers must be at least 1, not {workers}")
    if workers > MAX_WORKERS:
        raise AcetenError(f"--workers must be at most {MAX_WORKERS} (solver threads; more only "
                          f"share the cores), not {workers}")


def _solver(time_limit: float | None, workers: int, params: dict[str, Any] | None = None) -> Any:
    from aceten.logic import sat

    solver = sat.new_solver()
    solver.parameters.num_workers = workers
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    for key, value in {**DEFAULT_PARAMS, **(params or {})}.items():
        setattr(solver.parameters, key, value)
    return solver


def ask(position: Position | Game, goal: str | g.Goal | None = None, *, all: int = 1,
        explain: bool = False, show_model: bool = False, time_limit: float | None = None,
        workers: int = DEFAULT_WORKERS, params: dict[str, Any] | None = None,
        hint: bool = True) -> Answer:
    """Answer ``goal`` (text or parsed) about ``position``; see :class:`Answer`.

    ``position``: a :class:`Position`, or a game, whose deal is then known in full (for one
    seat's knowledge, ``position.from_game(game, seat=s)``).

    ``all``: up to this many witnesses, distinct in the plays the goal mentions (who wins
    which trick for counts and points, the cards of a named trick, ...). ``params``: CP-SAT
    parameters to set (names of ``SatParameters`` fields). ``hint``: start the solver from the
    best of a few random engine playouts (see :mod:`aceten.logic.hint`); for a yes/no goal,
    a playout that meets it is the witness and no model is built (:func:`playout_witness`).
    ``explain``: an impossible goal comes with a minimal core (:mod:`aceten.logic.explain`);
    a yes/no goal is then decided by the explanation's own model, built and solved once.
    """
    position = coerce(position)
    check_limits(time_limit, workers)
    if all < 1:
        raise AcetenError("--all must be at least 1")
    if goal is None:
        goal = position.goal
    if goal is None:
        raise AcetenError("no goal given (after the position: aceten ask FILE 'tricks(P1) >= 4'; "
                          "or --goal; or goal = \"...\" in the position)")
    if not isinstance(goal, (str, g.Goal)):
        raise AcetenError(f"a goal is a text such as 'tricks(P1) >= 4', not {goal!r}")
    position.refuse_unmodelled(goal if isinstance(goal, str) else goal.text)
    if isinstance(goal, str):
        goal = g.parse(goal, position.rules)
    timings: dict[str, float] = {}
    if all == 1 and not show_model and not goal.is_objective:
        if hint:
            start = time.perf_counter()
            found = playout_witness(position, goal)
            timings["playouts"] = time.perf_counter() - start
            if found is not None:
                timings.update(encode=0.0, solve=0.0, replay=0.0)
                return Answer("possible", goal, position, [found], timings=timings,
                              model={"variables": 0, "constraints": 0, "built": False})
            hint = False  # the playouts met no goal: no hint to give either
        if explain:
            return _decide(position, goal, time_limit, timings)
    start = time.perf_counter()
    from aceten.logic.model import GameModel

    model = GameModel(position)
    model.add_goal(goal)
    objective = None
    if goal.is_objective:
        assert goal.objective is not None
        objective = model.linear(goal.objective)
        if isinstance(objective, int):
            objective = objective + 0 * model.lead[0][0]
        if goal.sense == "maximize":
            model.cp.model.maximize(objective)
        else:
            model.cp.model.minimize(objective)
    timings["encode"] = time.perf_counter() - start
    if hint:
        from aceten.logic.hint import add_hint, best_playout

        start = time.perf_counter()
        found = best_playout(position, goal, seconds=HINT_SECONDS, playouts=HINT_PLAYOUTS)
        if found is not None:
            add_hint(model, found)
        timings["hint"] = time.perf_counter() - start
    variables, constraints = model.cp.counts()
    info = {"variables": variables, "constraints": constraints, "built": True}
    answer = Answer("unknown", goal, position, model=info, timings=timings)
    if show_model:
        answer.model_description = model.describe()

    from aceten.logic import sat

    solver = _solver(time_limit, workers, params)
    start = time.perf_counter()
    status = solver.solve(model.cp.model)
    timings["solve"] = time.perf_counter() - start
    replay_time = 0.0
    if status in (sat.OPTIMAL, sat.FEASIBLE):
        value = None
        if objective is not None:
            value = round(solver.objective_value)
            answer.value = value
            answer.bound = round(solver.best_objective_bound)
            answer.proven = status == sat.OPTIMAL
            answer.status = "optimum"
        else:
            answer.status = "possible"
        start = time.perf_counter()
        answer.witnesses.append(check(position, goal, model.solution(solver), value))
        replay_time += time.perf_counter() - start
        if all > 1:
            more, spent = _more(model, goal, position, solver, objective, value, all - 1,
                                time_limit, workers, params)
            answer.witnesses += more
            replay_time += spent
    elif status == sat.INFEASIBLE:
        answer.status = "impossible"
        if explain:
            from aceten.logic.explain import explain as explain_core

            start = time.perf_counter()
            answer.explanation = explain_core(position, goal, time_limit=time_limit)
            timings["explain"] = time.perf_counter() - start
    elif status == sat.MODEL_INVALID:  # pragma: no cover - a bug
        raise EncodingMismatch(f"CP-SAT rejects the model: {model.cp.model.validate()}")
    timings["replay"] = replay_time
    return answer


def _decide(position: Position, goal: g.Goal, time_limit: float | None,
            timings: dict[str, float]) -> Answer:
    """A yes/no goal with ``explain``: decided by the explanation's model itself
    (:func:`aceten.logic.explain.decide`), with the witness or the explanation."""
    from aceten.logic.explain import decide

    decision = decide(position, goal, time_limit=time_limit)
    timings.update(decision.timings)
    info = {"variables": decision.variables, "constraints": decision.constraints, "built": True}
    answer = Answer(decision.status, goal, position, model=info, timings=timings,
                    explanation=decision.explanation)
    start = time.perf_counter()
    if decision.solution is not None:
        answer.witnesses.append(check(position, goal, decision.solution))
    timings["replay"] = time.perf_counter() - start
    return answer


def playout_witness(position: Position, goal: g.Goal) -> Trace | None:
    """A random playout meeting a yes/no goal, as a witness, or None.

    Only for a position without history or calls (a deal with some cards known), where a
    random consistent deal played out by the engine meets every fact the model would state;
    those facts are checked on the game again all the same."""
    if goal.is_objective or position.history or position.calls:
        return None
    from aceten.logic.hint import best_playout

    found = best_playout(position, goal, seconds=None, playouts=PLAYOUTS_FIRST)
    if found is None:
        return None
    found = Trace.of(found.game)  # the witness replayed through the engine, as a model's is
    deal = found.game.deal
    for hand, known in zip(deal.hands, position.hands, strict=True):
        if not set(known) <= set(hand):
            raise EncodingMismatch(f"a playout's deal {deal} misses known cards {known}")
    if any(c is not None and c != d for c, d in zip(position.stock, deal.stock, strict=True)):
        raise EncodingMismatch(f"a playout's stock {deal.stock} differs from the known cards")
    if found.tricks[0].leader != position.leader:
        raise EncodingMismatch(f"a playout's first trick is led by P{found.tricks[0].leader + 1}")
    if not found.holds_formula(goal.formula):
        raise EncodingMismatch(f"the goal {goal.text!r} is false in a playout that met it")
    return found


def _more(model: Any, goal: g.Goal, position: Position, solver: Any, objective: Any,
          value: int | None, count: int, time_limit: float | None, workers: int,
          params: dict[str, Any] | None) -> tuple[list[Trace], float]:
    """Further witnesses, each differing from all before in the projected literals."""
    from aceten.logic import sat

    cm = model.cp.model
    if objective is not None:
        cm.clear_objective()
        cm.add(objective == value)
    projection = list(model.projection.values()) or [x for row in model.lead for x in row]
    out: list[Trace] = []
    spent = 0.0
    for _ in range(count):
        seen = [lit if not solver.boolean_value(lit) else ~lit for lit in projection]
        cm.add_bool_or(seen)
        solver = _solver(time_limit, workers, params)
        status = solver.solve(cm)
        if status not in (sat.OPTIMAL, sat.FEASIBLE):
            break
        start = time.perf_counter()
        out.append(check(position, goal, model.solution(solver), value))
        spent += time.perf_counter() - start
    return out, spent
