"""CP-SAT without pandas: the model and the solver that ``ask``, ``explain`` and ``prove`` use.

OR-Tools' own front end (``ortools.sat.python.cp_model``) imports numpy and pandas, which costs
about 0.7 s of CPU before the first question is asked, and its ``CpModel`` base imports numpy
when it is made. The solver itself lives in ``cp_model_helper``, a compiled module that needs
neither. This module writes the model's protocol buffer through that helper directly (the
variables, literals and linear expressions are the helper's own C++ objects, so ``sum(lits)``,
``x == y`` and ``~x`` work as with ``cp_model``) and solves it through the helper's
``SolveWrapper``, exactly as ``cp_model.CpSolver`` does.

Only the part of the ``CpModel``/``CpSolver`` interface that aceten uses is here. Where the
helper lacks what this needs (older OR-Tools), :func:`new_model` and :func:`new_solver` fall
back to ``cp_model``'s classes, which have the same methods.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import Any


def _import_helper() -> Any:
    """``cp_model_helper``, its shared libraries bound lazily.

    Python loads extension modules with ``RTLD_NOW``: every symbol the OR-Tools libraries
    import is looked up at load, across the hundred-odd libraries they bring (the Abseil
    parts), though a question calls few of them. Loading them with ``RTLD_LAZY`` (the C
    default) binds each function on its first call instead: 0.7x the instructions of the
    import. The process's flags are set back at once; an OR-Tools already loaded is kept."""
    name = "ortools.sat.python.cp_model_helper"
    if name in sys.modules or not hasattr(sys, "getdlopenflags"):
        from ortools.sat.python import cp_model_helper

        return cp_model_helper
    flags = sys.getdlopenflags()
    sys.setdlopenflags((flags & ~os.RTLD_NOW) | os.RTLD_LAZY)
    try:
        from ortools.sat.python import cp_model_helper
    finally:
        sys.setdlopenflags(flags)
    return cp_model_helper


_cmh = _import_helper()

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1

_LIGHT = all(hasattr(_cmh, name) for name in (
    "CpModelProto", "CpSolverStatus", "SolveWrapper", "SatParameters", "IntVar", "LinearExpr",
    "BoundedLinearExpression", "FlatIntExpr", "ResponseHelper"))
if _LIGHT:
    _status: Any = _cmh.CpSolverStatus
else:  # pragma: no cover - OR-Tools before the helper had its own model classes
    from ortools.sat.python import cp_model as _status
_EMPTY = _cmh.ConstraintProto() if _LIGHT else None  # older OR-Tools: protobuf's Clear()
UNKNOWN = _status.UNKNOWN
MODEL_INVALID = _status.MODEL_INVALID
FEASIBLE = _status.FEASIBLE
INFEASIBLE = _status.INFEASIBLE
OPTIMAL = _status.OPTIMAL

Lit = Any  # a helper IntVar or NotBooleanVariable (or a Python bool where allowed)


def _index(lit: Lit) -> int:
    """The proto index of a literal: ``k`` for variable ``k``, ``-k-1`` for its negation."""
    return int(lit.index)


class Constraint:
    """A constraint just added; ``only_enforce_if`` adds enforcement literals (as ``cp_model``)."""

    __slots__ = ("proto",)

    def __init__(self, proto: Any):
        self.proto = proto

    def only_enforce_if(self, *lits: Any) -> Constraint:
        items = lits[0] if len(lits) == 1 and isinstance(lits[0], (list, tuple)) else lits
        self.proto.enforcement_literal.extend([_index(x) for x in items])
        return self


class LightModel:
    """A CP-SAT model written straight into the helper's ``CpModelProto`` (no numpy, no pandas)."""

    def __init__(self) -> None:
        from ortools.util.python.sorted_interval_list import Domain  # type: ignore[import-untyped]

        self._domain = Domain
        self._bool = Domain(0, 1)
        self.model_proto = _cmh.CpModelProto()
        self._true: Any = None

    @property
    def proto(self) -> Any:
        return self.model_proto

    # -- variables ------------------------------------------------------------------------------
    def new_bool_var(self, name: str) -> Any:
        return _cmh.IntVar(self.model_proto).with_name(name).with_domain(self._bool)

    def new_int_var(self, low: int, high: int, name: str) -> Any:
        return _cmh.IntVar(self.model_proto).with_name(name).with_domain(self._domain(low, high))

    def _literal_index(self, lit: Any) -> int:
        if isinstance(lit, bool):
            if self._true is None:
                self._true = self.new_bool_var("true")
                self.bool_constraint("bool_or", [self._true])
            return _index(self._true) if lit else -_index(self._true) - 1
        return _index(lit)

    # -- constraints --------------------------------------------------------------------------------
    def bool_constraint(self, kind: str, lits: Iterable[Any], enforce: Iterable[Any] = ()) -> Constraint:
        """``kind`` is bool_or, bool_and, exactly_one or at_most_one; ``enforce``: literals."""
        ct = self.model_proto.constraints.add()
        try:
            indices = [x.index for x in lits]
        except AttributeError:  # a Python bool among them
            indices = [self._literal_index(x) for x in lits]
        getattr(ct, kind).literals.extend(indices)
        if enforce:
            ct.enforcement_literal.extend([x.index for x in enforce])
        return Constraint(ct)

    @staticmethod
    def _items(lits: tuple[Any, ...]) -> Iterable[Any]:
        if len(lits) == 1 and not isinstance(lits[0], (bool, _cmh.LinearExpr)):
            return lits[0]  # type: ignore[no-any-return]
        return lits

    def add_bool_or(self, *lits: Any) -> Constraint:
        return self.bool_constraint("bool_or", self._items(lits))

    def add_bool_and(self, *lits: Any) -> Constraint:
        return self.bool_constraint("bool_and", self._items(lits))

    def add_exactly_one(self, *lits: Any) -> Constraint:
        return self.bool_constraint("exactly_one", self._items(lits))

    def add_at_most_one(self, *lits: Any) -> Constraint:
        return self.bool_constraint("at_most_one", self._items(lits))

    def add(self, ct: Any, enforce: Iterable[Any] = ()) -> Constraint:
        """A linear constraint (``sum(lits) <= 2``, ``x == y`` ...), or a Python bool."""
        if isinstance(ct, bool):
            return self.bool_constraint("bool_or", [True] if ct else [], enforce)
        if not isinstance(ct, _cmh.BoundedLinearExpression):
            raise TypeError(f"not supported: add({type(ct).__name__!r})")
        proto = self.model_proto.constraints.add()
        linear = proto.linear
        linear.vars.extend([v.index for v in ct.vars])
        linear.coeffs.extend(ct.coeffs)
        offset = ct.offset
        linear.domain.extend([b if b in (INT_MIN, INT_MAX) else b - offset
                              for b in ct.bounds.flattened_intervals()])
        if enforce:
            proto.enforcement_literal.extend([_index(x) for x in enforce])
        return Constraint(proto)

    # -- objective, hints, assumptions --------------------------------------------------------------
    def _set_objective(self, expr: Any, maximize: bool) -> None:
        self.clear_objective()
        objective = self.model_proto.objective
        if isinstance(expr, int):
            objective.offset = expr
            objective.scaling_factor = 1.0
            return
        flat = _cmh.FlatIntExpr(expr)
        objective.vars.extend([v.index for v in flat.vars])
        sign = -1 if maximize else 1
        objective.coeffs.extend([sign * c for c in flat.coeffs])
        objective.offset = sign * flat.offset
        objective.scaling_factor = float(sign)

    def maximize(self, expr: Any) -> None:
        self._set_objective(expr, maximize=True)

    def minimize(self, expr: Any) -> None:
        self._set_objective(expr, maximize=False)

    def clear_objective(self) -> None:
        self.model_proto.clear_objective()
        self.model_proto.clear_floating_point_objective()

    def add_hint(self, lit: Any, value: Any) -> None:
        hint = self.model_proto.solution_hint
        index = _index(lit)
        if index >= 0:
            hint.vars.append(index)
            hint.values.append(int(value))
        else:
            hint.vars.append(-index - 1)
            hint.values.append(int(not value))

    def clear_hints(self) -> None:
        self.model_proto.clear_solution_hint()

    def add_assumptions(self, lits: Iterable[Any]) -> None:
        self.model_proto.assumptions.extend([self._literal_index(x) for x in lits])

    def clear_assumptions(self) -> None:
        self.model_proto.assumptions.clear()

    def validate(self) -> str:
        return str(_cmh.CpSatHelper.validate_model(self.model_proto))


class LightSolver:
    """Solves a :class:`LightModel` (or a ``cp_model.CpModel``) as ``cp_model.CpSolver`` does."""

    def __init__(self) -> None:
        self.parameters = _cmh.SatParameters()
        self._response: Any = None
        self._values: list[int] | None = None

    def solve(self, model: Any) -> Any:
        wrapper = _cmh.SolveWrapper()
        wrapper.set_parameters(self.parameters)
        self._response = wrapper.solve(model.proto)
        self._values = None
        return self._response.status

    @property
    def response(self) -> Any:
        if self._response is None:
            raise RuntimeError("solve() has not been called")
        return self._response

    def boolean_value(self, lit: Any) -> bool:
        if isinstance(lit, bool):
            return lit
        if self._values is None:
            self._values = list(self.response.solution)
        index = _index(lit)
        if index >= 0:
            return bool(self._values[index])
        return not self._values[-index - 1]

    def value(self, expr: Any) -> int:
        return int(_cmh.ResponseHelper.value(self.response, expr))

    @property
    def objective_value(self) -> float:
        return float(self.response.objective_value)

    @property
    def best_objective_bound(self) -> float:
        return float(self.response.best_objective_bound)

    def sufficient_assumptions_for_infeasibility(self) -> list[int]:
        return list(_cmh.ResponseHelper.sufficient_assumptions_for_infeasibility(self.response))


def add_clause(constraints: Any, indices: list[int]) -> None:
    """The clause of the literals with these proto indices (``-k-1``: not variable ``k``),
    written straight into a model's ``proto.constraints`` (the same for ``cp_model.CpModel``;
    the caller keeps that list: looking it up per clause costs a fifth of the writing)."""
    constraints.add().bool_or.literals.extend(indices)


def empty_constraint(proto: Any) -> None:
    """Make a constraint of a model's proto empty (no condition: CP-SAT ignores it)."""
    if _EMPTY is not None:
        proto.copy_from(_EMPTY)
    else:  # pragma: no cover - OR-Tools < 9.12
        proto.Clear()


def new_model() -> Any:
    """A new, empty model: :class:`LightModel`, or ``cp_model.CpModel`` on old OR-Tools."""
    if _LIGHT:
        return LightModel()
    from ortools.sat.python import cp_model  # pragma: no cover - OR-Tools < 9.12

    return cp_model.CpModel()  # pragma: no cover


def new_solver() -> Any:
    """A new solver: :class:`LightSolver`, or ``cp_model.CpSolver`` on old OR-Tools."""
    if _LIGHT:
        return LightSolver()
    from ortools.sat.python import cp_model  # pragma: no cover - OR-Tools < 9.12

    return cp_model.CpSolver()  # pragma: no cover
