"""Why a goal is impossible: a minimal unsatisfiable core of named constraint groups.

The model is built in explain mode: every group (a fact of the position, a rule of the game,
a conjunct of the goal) is enforced by its own assumption literal. CP-SAT reports a set of
assumptions sufficient for infeasibility; deletion then shrinks it to a *minimal* core (drop
any one group and the rest is satisfiable). The core is printed in plain English, with the
bounds it implies on the goal's numbers and, for a known top trump, why its holder wins a
trick. The structure of the game (cards are dealt once, every player plays one card a trick,
the winner leads) is always assumed and never listed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from aceten.cards import Card
from aceten.logic import goal as g
from aceten.logic.model import GameModel, Solution
from aceten.logic.position import Position

# Explain-mode models carry an enforcement literal on every constraint; CP-SAT's full presolve
# and probing cost far more than they save on them (measured: about 7x slower per solve), and
# so does the linear relaxation (20-25% of the CPU of an explanation, the same cores:
# docs/benchmarks.md, "Logic"), and SAT inprocessing (OR-Tools 9.15's congruence closure and
# sweeping at the search's start: 0.83x the instructions of the seed's ``--explain`` without
# it; 45 impossible goals of the examples and random small positions of every game, the same
# explanations in 0.84x the CPU).
EXPLAIN_PARAMS = {"symmetry_level": 0, "cp_model_probing_level": 0, "max_presolve_iterations": 1,
                  "linearization_level": 0, "use_sat_inprocessing": False}
# The solves after the first (the deletion's tests) skip presolve altogether: most of such a
# solve was presolve (CP-SAT's log), and without it the explanations of 41 impossible goals
# (the examples and random small positions of every game) took 0.6x the CPU, with the same
# cores (docs/benchmarks.md, "Logic"). The first solve keeps EXPLAIN_PARAMS: it decides a
# yes/no goal for ``ask --explain`` and gives its witness.
LATER_PARAMS = {**EXPLAIN_PARAMS, "cp_model_presolve": False}

# Which groups to try dropping first: facts, then rules, then the goal (the explanation keeps
# the goal and the rules where it can, and the fewest facts).
ORDER = {"fact": 0, "rule": 1, "goal": 2}


@dataclass
class Explanation:
    """A minimal core: the groups (kind, text), notes derived from them, and how it was found."""

    groups: list[tuple[str, str]]
    notes: list[str] = field(default_factory=list)
    minimal: bool = True
    solves: int = 0

    def lines(self) -> list[str]:
        out = ["impossible because of these, together (remove any one and it becomes possible):"]
        kinds = {"fact": "given", "rule": "rule", "goal": "goal"}
        for kind, text in self.groups:
            out.append(f"  - [{kinds.get(kind, kind)}] {text.removeprefix('goal: ')}")
        out.extend(f"  so: {note}" for note in self.notes)
        if not self.minimal:
            out.append("  (the time limit ran out before the core was shown minimal)")
        return out

    def as_data(self) -> dict[str, Any]:
        return {"core": [{"kind": k, "text": t} for k, t in self.groups], "notes": self.notes,
                "minimal": self.minimal}


@dataclass
class Decision:
    """A yes/no goal decided by the explanation's own model (:func:`decide`): ``possible`` with
    a solution of that model (every group enforced), ``impossible`` with the explanation, or
    ``unknown`` (the time limit ran out before the first answer)."""

    status: str
    solution: Solution | None = None
    explanation: Explanation | None = None
    variables: int = 0
    constraints: int = 0
    timings: dict[str, float] = field(default_factory=dict)


def decide(position: Position, goal: g.Goal, *, time_limit: float | None = None) -> Decision:
    """Whether ``goal`` is possible and, if not, why: ``ask --explain`` in one model.

    The explanation's first solve (every group assumed) already decides the goal, so no plain
    model is built and solved before it (that cost ``ask --explain`` a second encode and solve)."""
    start = time.perf_counter()
    search = _CoreSearch(position, goal, time_limit)
    variables, constraints = search.model.cp.counts()
    decision = Decision("unknown", variables=variables, constraints=constraints)
    decision.timings["encode"] = time.perf_counter() - start
    start = time.perf_counter()
    try:
        bad, first_core = search.infeasible(search.groups)
    except TimeoutError:
        decision.timings["solve"] = time.perf_counter() - start
        return decision
    decision.timings["solve"] = time.perf_counter() - start
    if not bad:
        assert search.last is not None
        decision.status = "possible"
        decision.solution = search.model.solution(search.last)
        return decision
    start = time.perf_counter()
    decision.status = "impossible"
    decision.explanation = search.minimise(first_core)
    decision.timings["explain"] = time.perf_counter() - start
    return decision


def explain(position: Position, goal: g.Goal, *, time_limit: float | None = None) -> Explanation:
    """A minimal set of named groups that together make the goal impossible.

    Called once the goal is known to be impossible: if time runs out before the first core, every
    group stands (together they are a true reason, only not a minimal one)."""
    search = _CoreSearch(position, goal, time_limit)
    try:
        bad, first_core = search.infeasible(search.groups)
    except TimeoutError:
        return search.explanation(search.groups, minimal=False, proven=False)
    if not bad:
        return Explanation([], ["the goal is possible after all"], True, search.solves)
    return search.minimise(first_core)


class _CoreSearch:
    """The explain-mode model of a goal, its solves under assumptions, and the core's deletion."""

    def __init__(self, position: Position, goal: g.Goal, time_limit: float | None):
        self.position, self.goal, self.time_limit = position, goal, time_limit
        self.model = model = GameModel(position, explain=True)
        model.add_goal(goal)
        self.groups = [grp for grp in model.cp.groups.values()
                       if grp.literal is not None and grp.count]
        self.solves = 0
        self.last: Any = None  # the solver of the last satisfiable solve
        self.optimal = False  # whether it proved its objective optimal
        # a goal comparison's deletion test: the groups it kept, and the best of its left side
        # under them (deletion_test)
        self.bounds: dict[tuple[Any, ...], tuple[frozenset[Any], int]] = {}
        self.found: set[int] = set()  # the assumptions of the last infeasible solve's core

    def infeasible(self, active: list[Any], extra: Sequence[Any] = (),
                   best: tuple[bool, Any, int] | None = None) -> tuple[bool, list[Any] | None]:
        """Whether the groups ``active`` (and the literals ``extra``) cannot hold together, with
        the core CP-SAT found; TimeoutError when the time limit ran out first. ``best``: (up,
        expression, bound) to maximise the expression up to the bound (minimise down to it, if
        not up) when they can hold (the solver: ``self.last``)."""
        from aceten.logic import sat

        self.solves += 1
        cp = self.model.cp
        cp.model.clear_assumptions()
        cp.model.add_assumptions([grp.literal for grp in active] + list(extra))
        if best is not None:
            _objective_within(cp.model, *best)
        solver = _solver(self.time_limit) if self.solves == 1 else _solver(self.time_limit, LATER_PARAMS)
        try:
            status = solver.solve(cp.model)
        finally:
            cp.model.clear_objective()
        if status == sat.INFEASIBLE:
            self.found = found = set(solver.sufficient_assumptions_for_infeasibility())
            return True, [grp for grp in active if grp.literal.index in found] or None
        if status in (sat.OPTIMAL, sat.FEASIBLE):
            self.last, self.optimal = solver, status == sat.OPTIMAL
            return False, None
        raise TimeoutError

    def minimise(self, first_core: list[Any] | None) -> Explanation:
        """Delete groups from the first core, in ORDER, while the rest stays impossible.

        The result is that of deleting one group at a time in that order (drop a group when the
        rest is still impossible), found with fewer solves (:meth:`_delete_in_order`)."""
        minimal = True
        core = first_core or self.groups
        try:
            core = self._delete_in_order(core)
        except TimeoutError as out:
            minimal = False
            core = out.args[0] if out.args else core
        return self.explanation(core, minimal=minimal, proven=True)

    def _delete_in_order(self, core: list[Any]) -> list[Any]:
        """Deletion in ORDER, one group at a time in effect, with fewer solves.

        The groups still to try form a run. One solve asks for a solution meeting every group
        of the core but at most one of the run's: the group it breaks is necessary (the rest
        of the core, and of any smaller core, can hold), which one-at-a-time deletion would
        keep. When there is no such solution, each of the run's groups alone can go, and the
        rest without the whole run is tried (no second solve when the first one's core already
        left the run out): still impossible, the run goes, as deleting its groups one at a
        time would do (each one's rest holds this rest). Otherwise the run's first group goes
        and the others are tried one at a time. A goal comparison is tested on its own (its
        test also finds the note, :meth:`deletion_test`). As before, a core CP-SAT finds
        smaller than the rest replaces it. On a time-out, TimeoutError carries the core so
        far. On the seed question: 6 solves instead of 14, the same core."""
        pending = sorted(core, key=lambda grp: ORDER.get(grp.kind, 1))
        needed: set[int] = set()  # ids of groups shown necessary
        size = len(pending)
        while pending:
            self._empty_all_but(core)
            head = pending[0]
            if id(head) in needed or all(grp is not head for grp in core):
                pending.pop(0)
                continue
            try:
                if _implied_bound(self.goal, head) is not None:
                    rest = [grp for grp in core if grp is not head]
                    still, smaller = self.deletion_test(head, rest)
                    if still:
                        core = _smaller(smaller, rest)
                    else:
                        needed.add(id(head))
                    pending.pop(0)
                    continue
                run = self._run(pending, core, needed, size)
                leaving = {id(grp) for grp in run}
                rest = [grp for grp in core if id(grp) not in leaving]
                if len(run) > 1:
                    broken, smaller = self._one_broken(run, rest)
                    if broken is not None:
                        needed.add(id(broken))
                        continue
                    if smaller is not None:  # that solve's core left the run out
                        core = _smaller(smaller, rest)
                        continue
                bad, smaller = self.infeasible(rest)
            except TimeoutError as out:
                raise TimeoutError(core) from out
            if bad:
                core = _smaller(smaller, rest)
            elif len(run) == 1:
                needed.add(id(head))
            else:  # each alone can go, not all together: the first goes, the others one by one
                core = [grp for grp in core if grp is not head]
                size = 1
        return core

    def _empty_all_but(self, core: list[Any]) -> None:
        """Empty the groups out of the core: deletion never assumes them again, and CP-SAT
        loads a smaller model (on the seed question the draw rule, 28% of the constraints,
        is out of the first core)."""
        present = {id(grp) for grp in core}
        for grp in self.groups:
            if id(grp) not in present and grp.constraints:
                self.model.cp.empty(grp)

    def _one_broken(self, run: list[Any], rest: list[Any]) -> tuple[Any, list[Any] | None]:
        """The group of ``run`` broken by a solution of ``rest`` and all of ``run`` but one
        (None when there is no such solution), and the groups of the core CP-SAT found when
        that core leaves the run out (the rest alone is impossible)."""
        cp = self.model.cp
        one = cp.model.new_bool_var(f"all-but-one[{len(run)}]")
        cp.model.add(sum(grp.literal for grp in run) >= len(run) - 1).only_enforce_if(one)
        bad, core = self.infeasible(rest, [one])
        if bad:
            return None, (core or rest) if one.index not in self.found else None
        # At most one literal of the run is false; one is, as the core cannot hold, and its
        # group is broken (a group whose literal is true holds).
        for grp in run:
            if not self.last.boolean_value(grp.literal):
                return grp, None
        raise RuntimeError("CP-SAT met every group of a core shown impossible")  # a bug

    def _run(self, pending: list[Any], core: list[Any], needed: set[int], size: int) -> list[Any]:
        """The next ``size`` groups to try deleting: pending, in the core, not known needed,
        up to a goal comparison (tested on its own)."""
        present = {id(grp) for grp in core}
        run: list[Any] = []
        for grp in pending:
            if len(run) == size or _implied_bound(self.goal, grp) is not None:
                break
            if id(grp) in present and id(grp) not in needed:
                run.append(grp)
        return run

    def deletion_test(self, grp: Any, rest: list[Any]) -> tuple[bool, list[Any] | None]:
        """Whether the core without ``grp`` is still impossible (and its core).

        For a goal comparison ``left >= c`` (or >, <=, <) the test also finds the note
        :func:`_bounds` gives: the most ``left`` can be under the rest, at most c - 1 since the
        core is impossible (``_implied_bound``). First one solve asks for ``left >= c - 1``
        under the rest: if that holds, it is the note, and the comparison stays in the core.
        Else the test maximises ``left`` under the rest with c - 2 as the objective's limit:
        again one solve for the test and the note, not a test and then a maximisation."""
        target = _implied_bound(self.goal, grp)
        if target is None:
            return self.infeasible(rest)
        part, bound, up = target
        expr = self.model.linear(part.left)
        if isinstance(expr, int):
            return self.infeasible(rest)
        keys = frozenset(x.key for x in rest)
        cp = self.model.cp
        reach = cp.model.new_bool_var(f"reach[{grp.text}]")
        cp.model.add(expr >= bound if up else expr <= bound).only_enforce_if(reach)
        bad, _ = self.infeasible(rest, [reach])
        if not bad:
            self.bounds[grp.key] = (keys, bound)
            return False, None
        bad, core = self.infeasible(rest, best=(up, expr, bound - 1 if up else bound + 1))
        if not bad and self.optimal:
            self.bounds[grp.key] = (keys, round(self.last.objective_value))
        return bad, core

    def explanation(self, core: list[Any], *, minimal: bool, proven: bool) -> Explanation:
        """The explanation of a core (``proven``: shown impossible by a solve here)."""
        core_sorted = sorted(core, key=lambda grp: (ORDER.get(grp.kind, 1), grp.text))
        explanation = Explanation([(grp.kind, grp.text) for grp in core_sorted], [], minimal,
                                  self.solves)
        explanation.notes = _top_trumps(self.model, self.position, core_sorted)
        with suppress(TimeoutError):
            explanation.notes += _bounds(self, core_sorted, proven)
        explanation.solves = self.solves
        return explanation


def _smaller(core: list[Any] | None, rest: list[Any]) -> list[Any]:
    """The core CP-SAT found, when it is smaller than the groups it was given."""
    return core if core is not None and len(core) < len(rest) else rest


def _solver(time_limit: float | None, params: dict[str, Any] = EXPLAIN_PARAMS) -> Any:
    from aceten.logic import sat

    solver = sat.new_solver()
    solver.parameters.num_workers = 1  # cores of assumptions come from one worker
    for key, value in params.items():
        setattr(solver.parameters, key, value)
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    return solver


def _top_trumps(model: GameModel, position: Position, core: list[Any]) -> list[str]:
    """For a dealt card that no card of the deck beats: its holder wins the trick it is in."""
    rules = position.rules
    trump = model._known_trump()
    notes: list[str] = []
    if trump is None:
        return notes
    keys = {grp.key for grp in core}
    for key in keys:
        if key[:2] != ("fact", "hand"):
            continue
        seat, card = key[2], key[3]
        if not isinstance(card, Card) or card.suit != trump:
            continue
        strength = rules.trump_strength[int(card) & 63]
        if all(rules.trump_strength[int(c) & 63] <= strength for c in rules.deck if c.suit == trump):
            notes.append(f"P{seat + 1} holds the {card.name} and must play it in some trick; no "
                         f"card beats it, so P{seat + 1} wins that trick")
    return notes


def _objective_within(model: Any, up: bool, expr: Any, bound: int) -> None:
    """Maximise ``expr`` known to be at most ``bound`` (up), or minimise it known to be at
    least ``bound``: the objective's domain says so, so the solver stops at a solution that
    reaches the bound. (The domain bounds the objective's sum before its offset and scaling:
    for a maximisation that sum is offset - expr, for a minimisation expr - offset.)"""
    if up:
        model.maximize(expr)
    else:
        model.minimize(expr)
    objective = model.proto.objective
    offset = round(objective.offset)
    low = -offset - bound if up else bound - offset
    objective.domain.extend([low, 1 << 50])


def _implied_bound(goal: g.Goal, grp: Any) -> tuple[g.Compare, int, bool] | None:
    """For a goal group ``left >= c`` (``>``, ``<=``, ``<``; c a number): the comparison, the
    bound its impossibility implies on ``left`` (at most c - 1, at most c, at least c + 1, at
    least c) and whether that bound is from above (True) or below."""
    if grp.kind != "goal":
        return None
    part = goal.conjuncts[grp.key[1]]
    if not isinstance(part, g.Compare) or not part.left.terms or part.right.terms:
        return None
    c = part.right.const
    bounds = {">=": (c - 1, True), ">": (c, True), "<=": (c + 1, False), "<": (c, False)}
    if part.op not in bounds:
        return None
    bound, upward = bounds[part.op]
    return part, bound, upward


def _bounds(search: _CoreSearch, core: list[Any], proven: bool) -> list[str]:
    """For each goal comparison in the core: the best its left side can do under the rest.

    The comparison's deletion test found it when the rest is the same groups
    (:meth:`_CoreSearch.deletion_test`); otherwise it is found by maximising (minimising) the
    left side under the rest here."""
    from aceten.logic import sat

    model, goal = search.model, search.goal
    notes = []
    cp = model.cp
    for grp in core:
        if grp.kind != "goal":
            continue
        part = goal.conjuncts[grp.key[1]]
        if not isinstance(part, g.Compare) or not part.left.terms or part.right.terms:
            continue
        if part.op not in (">=", ">", "<=", "<", "=="):
            continue
        others = [x.literal for x in core if x is not grp]
        expr = model.linear(part.left)
        for sense in ("max", "min"):
            if (part.op in ("<=", "<") and sense == "max") or (part.op in (">=", ">") and sense == "min"):
                continue
            word = "at most" if sense == "max" else "at least"
            found = search.bounds.get(grp.key) if proven else None
            value = found[1] if found is not None and found[0] == {x.key for x in core
                                                                  if x is not grp} else None
            if value is None:
                cp.model.clear_assumptions()
                cp.model.add_assumptions(others)
                cp.model.clear_objective()
                if sense == "max":
                    cp.model.maximize(expr)
                else:
                    cp.model.minimize(expr)
                solver = _solver(search.time_limit)
                search.solves += 1
                status = solver.solve(cp.model)
                if status == sat.OPTIMAL:
                    value = round(solver.objective_value)
            if value is not None:
                notes.append(f"with the other reasons above, {part.left.text} is {word} {value}")
    cp.model.clear_objective()
    return notes
