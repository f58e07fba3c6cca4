"""aceten.logic.sat (CP-SAT through OR-Tools' compiled helper, without pandas) against plain
Python on every assignment of small models, and the question path's imports and playouts."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ortools")

from aceten.logic import sat

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# Each case: a function adding constraints over (a, b, c, z) to a model, and the same in Python
# (a, b, c in {0, 1}; z in 0..3).
CASES = [
    ("clause with negation", lambda m, a, b, c, z: m.add_bool_or([a, ~b]),
     lambda a, b, c, z: a or not b),
    ("enforced clause", lambda m, a, b, c, z: m.add_bool_or([b]).only_enforce_if([a, ~c]),
     lambda a, b, c, z: not (a and not c) or b),
    ("bool and", lambda m, a, b, c, z: m.add_bool_and([a, ~c]), lambda a, b, c, z: a and not c),
    ("exactly one", lambda m, a, b, c, z: m.add_exactly_one([a, b, ~c]),
     lambda a, b, c, z: a + b + (1 - c) == 1),
    ("at most one", lambda m, a, b, c, z: m.add_at_most_one([a, ~b, c]),
     lambda a, b, c, z: a + (1 - b) + c <= 1),
    ("linear with offset and negation", lambda m, a, b, c, z: m.add(a + ~b + 2 * z - 3 <= 1),
     lambda a, b, c, z: a + (1 - b) + 2 * z - 3 <= 1),
    ("not equal", lambda m, a, b, c, z: m.add(z != a + b), lambda a, b, c, z: z != a + b),
    ("enforced equality", lambda m, a, b, c, z: m.add(z == 2 + c).only_enforce_if(~a),
     lambda a, b, c, z: a or z == 2 + c),
    ("sum equals", lambda m, a, b, c, z: m.add(sum([a, b, c]) == z), lambda a, b, c, z: a + b + c == z),
    ("constant clause", lambda m, a, b, c, z: m.add_bool_or([False, a]), lambda a, b, c, z: bool(a)),
    ("clause by indices",
     lambda m, a, b, c, z: sat.add_clause(m.proto.constraints, [a.index, -b.index - 1, c.index]),
     lambda a, b, c, z: a or not b or c),
]


@pytest.mark.parametrize("name,build,check", CASES, ids=[c[0] for c in CASES])
def test_light_model_agrees_with_python_on_every_assignment(name, build, check):
    for values in itertools.product((0, 1), (0, 1), (0, 1), range(4)):
        model = sat.new_model()
        a, b, c = (model.new_bool_var(x) for x in "abc")
        z = model.new_int_var(0, 3, "z")
        build(model, a, b, c, z)
        for var, value in zip((a, b, c, z), values, strict=True):
            model.add(var == value)
        solver = sat.new_solver()
        solver.parameters.num_workers = 1
        status = solver.solve(model)
        assert (status == sat.OPTIMAL) == bool(check(*values)), (name, values, status)
        if status == sat.OPTIMAL:
            assert [solver.boolean_value(x) for x in (a, b, c)] == [bool(v) for v in values[:3]]
            assert solver.boolean_value(~a) is (not values[0])
            assert solver.value(z) == values[3]


def test_objective_and_assumptions():
    model = sat.new_model()
    a, b, c = (model.new_bool_var(x) for x in "abc")
    model.add_at_most_one([a, b, c])
    model.maximize(3 * a + 2 * b + c + 1)
    solver = sat.new_solver()
    assert solver.solve(model) == sat.OPTIMAL
    assert solver.objective_value == 4 and solver.best_objective_bound == 4
    model.clear_objective()
    model.minimize(a + b + c)
    assert solver.solve(model) == sat.OPTIMAL and solver.objective_value == 0
    model.clear_objective()
    model.add_bool_or([a, b]).only_enforce_if(c)
    model.add_assumptions([c, ~a, ~b])
    solver.parameters.num_workers = 1
    assert solver.solve(model) == sat.INFEASIBLE
    core = set(solver.sufficient_assumptions_for_infeasibility())
    assert core and core <= {c.index, (~a).index, (~b).index}
    model.clear_assumptions()
    assert solver.solve(model) == sat.OPTIMAL


def test_asking_a_question_imports_neither_pandas_nor_numpy():
    code = ("import sys; from aceten import logic; from aceten.logic.solve import ask; "
            f"pos = logic.position.load({str(EXAMPLES / 'student.toml')!r}); "
            "a = ask(pos, 'tricks(P1) >= 10'); assert a.status == 'impossible'; "
            "print(sorted(m for m in ('pandas', 'numpy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.skipif(not hasattr(sys, "getdlopenflags"), reason="no dlopen flags here")
def test_loading_or_tools_lazily_leaves_the_process_dlopen_flags_as_they_were():
    # logic/sat.py loads OR-Tools' libraries with RTLD_LAZY and sets the flags back at once; a
    # question then solves as usual, and cp_model (imported after) works with the same helper.
    code = ("import sys, os; before = sys.getdlopenflags(); from aceten.logic import sat; "
            "assert sys.getdlopenflags() == before, (before, sys.getdlopenflags()); "
            "m = sat.new_model(); x = m.new_bool_var('x'); m.add_bool_or([x]); "
            "s = sat.new_solver(); s.parameters.num_workers = 1; "
            "assert s.solve(m) == sat.OPTIMAL and s.boolean_value(x); "
            "from ortools.sat.python import cp_model; c = cp_model.CpModel(); y = c.new_bool_var('y'); "
            "c.add(y == 1); assert cp_model.CpSolver().solve(c) == cp_model.OPTIMAL; print('ok')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "ok"


def test_a_playout_meeting_the_goal_is_the_witness_and_the_model_agrees():
    from aceten import logic
    from aceten.logic.solve import ask

    pos = logic.position.load(EXAMPLES / "student.toml")
    quick = ask(pos, "tricks(P1) >= 4")
    assert quick.status == "possible" and quick.model["built"] is False
    witness = quick.witnesses[0]
    assert witness.game.tricks_won[0] >= 4
    for hand, known in zip(witness.game.deal.hands, pos.hands, strict=True):
        assert set(known) <= set(hand)
    full = ask(pos, "tricks(P1) >= 4", hint=False, workers=1)
    assert full.status == "possible" and full.model["built"] is True and full.model["variables"] > 0
