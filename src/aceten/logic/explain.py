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

from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from aceten.cards import Card
from aceten.logic import goal as g
from aceten.logic.model import GameModel
from aceten.logic.position import Position

# Explain-mode models carry an enforcement literal on every constraint; CP-SAT's full presolve
# and probing cost far more than they save on them (measured: about 7x slower per solve), and
# so does the linear relaxation (20-25% of the CPU of an explanation, the same cores:
# docs/benchmarks.md, "Logic").
EXPLAIN_PARAMS = {"symmetry_level": 0, "cp_model_probing_level": 0, "max_presolve_iterations": 1,
                  "linearization_level": 0}

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


def explain(position: Position, goal: g.Goal, *, time_limit: float | None = None) -> Explanation:
    """A minimal set of named groups that together make the goal impossible.

    Called once the goal is known to be impossible: if time runs out before the first core, every
    group stands (together they are a true reason, only not a minimal one)."""
    from aceten.logic import sat

    model = GameModel(position, explain=True)
    model.add_goal(goal)
    cp = model.cp
    groups = [grp for grp in cp.groups.values() if grp.literal is not None and grp.count]
    solves = 0

    def infeasible(active: list[Any]) -> tuple[bool, list[Any] | None]:
        nonlocal solves
        solves += 1
        cp.model.clear_assumptions()
        cp.model.add_assumptions([grp.literal for grp in active])
        solver = _solver(time_limit)
        status = solver.solve(cp.model)
        if status == sat.INFEASIBLE:
            found = {i for i in solver.sufficient_assumptions_for_infeasibility()}
            return True, [grp for grp in active if grp.literal.index in found] or None
        if status in (sat.OPTIMAL, sat.FEASIBLE):
            return False, None
        raise TimeoutError

    minimal = True
    core = groups
    try:
        bad, first_core = infeasible(groups)
        if not bad:
            return Explanation([], ["the goal is possible after all"], True, solves)
        core = first_core or groups
        for candidate in sorted(core, key=lambda grp: ORDER.get(grp.kind, 1)):
            if candidate not in core:
                continue
            rest = [grp for grp in core if grp is not candidate]
            still, smaller = infeasible(rest)
            if still:
                core = smaller if smaller is not None and len(smaller) < len(rest) else rest
    except TimeoutError:
        minimal = False
    core_sorted = sorted(core, key=lambda grp: (ORDER.get(grp.kind, 1), grp.text))
    explanation = Explanation([(grp.kind, grp.text) for grp in core_sorted], [], minimal, solves)
    explanation.notes = _top_trumps(model, position, core_sorted)
    with suppress(TimeoutError):
        explanation.notes += _bounds(model, goal, core_sorted, time_limit)
    return explanation


def _solver(time_limit: float | None) -> Any:
    from aceten.logic import sat

    solver = sat.new_solver()
    solver.parameters.num_workers = 1  # cores of assumptions come from one worker
    for key, value in EXPLAIN_PARAMS.items():
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


def _bounds(model: GameModel, goal: g.Goal, core: list[Any], time_limit: float | None) -> list[str]:
    """For each goal comparison in the core: the best its left side can do under the rest."""
    from aceten.logic import sat

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
            cp.model.clear_assumptions()
            cp.model.add_assumptions(others)
            cp.model.clear_objective()
            if sense == "max":
                cp.model.maximize(expr)
            else:
                cp.model.minimize(expr)
            solver = _solver(time_limit)
            status = solver.solve(cp.model)
            if status == sat.OPTIMAL:
                value = round(solver.objective_value)
                word = "at most" if sense == "max" else "at least"
                notes.append(f"with the other reasons above, {part.left.text} is {word} {value}")
    cp.model.clear_objective()
    return notes
