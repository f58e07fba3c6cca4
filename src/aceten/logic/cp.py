"""A thin layer over CP-SAT: Boolean constants, cached connectives and named constraint groups.

Every constraint is added inside a *group* (``with cp.group(key, text)``): a named part of the
rules or of the question ("P3 is dealt AS", "a trick is won by the highest trump ...", "goal:
tricks(P1) >= 4"). Groups are counted for ``--show-model``; in *explain* mode each group gets
an assumption literal that enforces all of its constraints, so an unsatisfiable core of
assumptions is a set of groups. Definitions of auxiliary literals are never in a group: they
only name things and cannot make a model unsatisfiable.
"""

from __future__ import annotations

import builtins  # Cp.bool() and Cp.int() shadow the builtin names inside the class
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

Lit = Any  # a CP-SAT Boolean literal, or a Python bool constant


def _variables(lits: Iterable[Lit], absorbing: bool) -> list[Any] | None:
    """The literals of ``lits`` that are variables, or None when one is the constant
    ``absorbing`` (False in a conjunction, True in a disjunction), which settles it."""
    out = []
    for lit in lits:
        if isinstance(lit, bool):
            if lit == absorbing:
                return None
            continue
        out.append(lit)
    return out


@dataclass
class Group:
    """A named set of constraints: ``key`` identifies it, ``text`` says it in English."""

    key: tuple[Any, ...]
    text: str
    kind: str  # "rule", "fact", "goal", "structure"
    literal: Any = None  # the assumption literal in explain mode
    count: int = 0
    constraints: list[int] = field(default_factory=list)  # their places in the model (explain)
    forms: list[str] = field(default_factory=list)  # the constraints' shapes, in logic notation


class Cp:
    """CP-SAT model with constant folding and named groups (see the module docstring)."""

    def __init__(self, explain: bool = False):
        from aceten.logic import sat  # OR-Tools is loaded when a model is first built

        self.model = sat.new_model()
        self._add_clause = sat.add_clause
        self._constraints = self.model.proto.constraints  # where clauses are written
        self.explain = explain
        self.groups: dict[tuple[Any, ...], Group] = {}
        self._current: Group | None = None
        self._and: dict[tuple[int, ...], Lit] = {}
        self._false: Any = None
        self.definitions = 0

    # -- groups ------------------------------------------------------------------------------
    @contextmanager
    def group(self, key: tuple[Any, ...], text: str, kind: str = "rule",
              form: str | None = None) -> Iterator[Group]:
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = Group(key, text, kind)
            if self.explain and kind != "structure":
                group.literal = self.model.new_bool_var(f"assume[{len(self.groups)}]")
        if form is not None and form not in group.forms:
            group.forms.append(form)
        saved, self._current = self._current, group
        try:
            yield group
        finally:
            self._current = saved

    def _enforce(self, constraint: Any, extra: Iterable[Lit] = ()) -> None:
        group = self._current
        lits = [x for x in extra]
        if group is not None:
            group.count += 1
            if group.literal is not None:
                lits.append(group.literal)
                group.constraints.append(len(self._constraints) - 1)
        if lits:
            constraint.only_enforce_if(lits)

    @property
    def false(self) -> Any:
        if self._false is None:
            self._false = self.model.new_bool_var("false")
            self.model.add(self._false == 0)
        return self._false

    # -- variables ---------------------------------------------------------------------------
    def bool(self, name: str) -> Any:
        return self.model.new_bool_var(name)

    def int(self, low: int, high: int, name: str) -> Any:
        return self.model.new_int_var(low, high, name)

    # -- connectives (definitions, never in a group) -------------------------------------------
    @staticmethod
    def key(lit: Lit) -> builtins.int:
        return lit.index

    def not_(self, lit: Lit) -> Lit:
        if isinstance(lit, bool):
            return not lit
        return ~lit

    def and_(self, *lits: Lit) -> Lit:
        items = _variables(lits, absorbing=False)
        if items is None:
            return False
        if not items:
            return True
        unique = {self.key(x): x for x in items}
        if any(-k - 1 in unique for k in unique):
            return False
        if len(unique) == 1:
            return next(iter(unique.values()))
        key = tuple(sorted(unique))
        found = self._and.get(key)
        if found is None:
            found = self.model.new_bool_var(f"and{len(self._and)}")
            parts = list(unique.values())
            self.model.add_bool_and(parts).only_enforce_if(found)
            self.model.add_bool_or([found, *[~x for x in parts]])
            self._and[key] = found
            self.definitions += 2
        return found

    def or_(self, *lits: Lit) -> Lit:
        """De Morgan: ``not and(not a, not b, ...)``, so one definition (and one cache) serves both."""
        return self.not_(self.and_(*(self.not_(x) for x in lits)))

    def sum_bool(self, lits: list[Lit], name: str) -> Lit:
        """A literal equal to the sum of literals known to be at most one true."""
        items = [x for x in lits if not isinstance(x, bool)]
        if sum(1 for x in lits if x is True) > 0:
            return True
        if not items:
            return False
        if len(items) == 1:
            return items[0]
        var = self.model.new_bool_var(name)
        self.model.add(var == sum(items))
        self.definitions += 1
        return var

    def define(self, var: Any, expr: Any) -> None:
        """A definition ``var == expr`` outside any group."""
        self.model.add(var == expr)
        self.definitions += 1

    # -- constraints (in the current group) -----------------------------------------------------
    def clause(self, lits: Iterable[Lit], when: Iterable[Lit] = ()) -> None:
        """At least one of ``lits`` holds (when all of ``when`` hold)."""
        # (c1 and c2 ...) -> (l1 or l2 ...) is the clause (not c1 or not c2 ... or l1 or l2 ...):
        # one constraint, as with enforcement literals, written as proto indices (-k-1 is not
        # k) in one pass over each side (the hot path of encoding: the student question's
        # model has 13,454 clauses). A true literal settles the clause, a false condition too.
        ints = []
        for lit in lits:
            if lit.__class__ is bool:
                if lit:
                    return
                continue
            ints.append(lit.index)
        for c in when:
            if c.__class__ is bool:
                if not c:
                    return
                continue
            ints.append(-c.index - 1)
        group = self._current
        if group is not None:
            group.count += 1
            if group.literal is not None:
                ints.append(-group.literal.index - 1)
        if not ints:
            ints = [self.false.index]
        self._add_clause(self._constraints, ints)
        if group is not None and group.literal is not None:
            group.constraints.append(len(self._constraints) - 1)

    def empty(self, group: Group) -> None:
        """Remove the constraints of an explain-mode group from the model (their places stay,
        empty): a group no solve will assume again costs the solves nothing."""
        from aceten.logic import sat

        constraints = self.model.proto.constraints
        for index in group.constraints:
            sat.empty_constraint(constraints[index])
        group.constraints.clear()

    def all_false(self, lits: Iterable[Lit], when: Iterable[Lit] = ()) -> None:
        """None of ``lits`` holds (when all of ``when`` hold)."""
        cond = _variables(when, absorbing=False)
        if cond is None:
            return
        items = _variables(lits, absorbing=True)
        if items is None:  # one of them is true: the condition must fail
            self.clause([self.not_(c) for c in cond])
            return
        if items:
            self._enforce(self.model.add_bool_and([~x for x in items]), cond)

    def implies(self, a: Lit, b: Lit) -> None:
        self.clause([b], when=[a])

    def equal(self, a: Lit, b: Lit) -> None:
        self.implies(a, b)
        self.implies(b, a)

    def fix(self, lit: Lit, value: builtins.bool = True) -> None:
        self.clause([lit if value else self.not_(lit)])

    def _unsettled_of_one(self, lits: list[Lit]) -> list[Lit] | None:
        """The variables of an at-most-one (or exactly-one) over ``lits``, or None when its
        constants settle it: two true constants fail it, one makes all the variables false."""
        items = [x for x in lits if not isinstance(x, bool)]
        trues = sum(1 for x in lits if x is True)
        if trues > 1:
            self.clause([])
            return None
        if trues == 1:
            self.all_false(items)
            return None
        return items

    def exactly_one(self, lits: list[Lit]) -> None:
        items = self._unsettled_of_one(lits)
        if items is None:
            return
        if not items:
            self.clause([])
            return
        if self._current is not None and self._current.literal is not None:
            self._enforce(self.model.add(sum(items) == 1))
        else:
            self._enforce(self.model.add_exactly_one(items))

    def at_most_one(self, lits: list[Lit]) -> None:
        items = self._unsettled_of_one(lits)
        if items is None:
            return
        if len(items) < 2:
            return
        if self._current is not None and self._current.literal is not None:
            self._enforce(self.model.add(sum(items) <= 1))
        else:
            self._enforce(self.model.add_at_most_one(items))

    def linear(self, constraint: Any, when: Iterable[Lit] = ()) -> None:
        """A linear constraint (``expr <= 5``...), enforced when all of ``when`` hold."""
        cond = _variables(when, absorbing=False)
        if cond is None:
            return
        if isinstance(constraint, bool):
            if not constraint:
                self.clause([self.not_(c) for c in cond])
            return
        self._enforce(self.model.add(constraint), cond)

    def reify(self, constraint: Any, negation: Any, name: str) -> Lit:
        """A literal equivalent to a linear constraint (``negation`` is its complement)."""
        if isinstance(constraint, bool):
            return constraint
        var = self.model.new_bool_var(name)
        self.model.add(constraint).only_enforce_if(var)
        self.model.add(negation).only_enforce_if(~var)
        self.definitions += 2
        return var

    def value(self, solver: Any, lit: Lit) -> builtins.bool:
        if isinstance(lit, bool):
            return lit
        return bool(solver.boolean_value(lit))

    def counts(self) -> tuple[builtins.int, builtins.int]:
        proto = self.model.proto
        return len(proto.variables), len(proto.constraints)
