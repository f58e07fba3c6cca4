"""The core import stays light: heavy dependencies load only with the layer that needs them."""

import subprocess
import sys

HEAVY = ("rich", "typer", "numba", "numpy", "ortools", "lark", "pettingzoo", "gymnasium", "ray")


def test_import_aceten_loads_no_heavy_dependency():
    code = ("import sys, aceten; g = aceten.new_game('briscola', seed=1); "
            f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_package_ships_py_typed():
    import importlib.resources

    assert importlib.resources.files("aceten").joinpath("py.typed").is_file()


def test_the_solver_on_its_c_kernels_loads_no_numba():
    """numba is imported only when its kernels are called (aceten.rules.lazy_numba): a solve on
    the C kernels never does. Where no compiler builds them, numba is the solver and must load."""
    import pytest

    from native_support import native_kernels

    pytest.importorskip("numba")
    if native_kernels() is None:
        pytest.skip("no C compiler: numba is the solver here")
    code = ("import sys, aceten, aceten.search; before = 'numba' in sys.modules; "
            "g = aceten.new_game('briscola', players=2, seed=1); "
            "v = aceten.search.Solver(threads=1).solve(g, moves=False).value; "
            "print(before, 'numba' in sys.modules, v)")
    env = {k: v for k, v in __import__("os").environ.items() if k != "ACETEN_KERNELS"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=env)
    before, after, value = out.stdout.split()
    assert (before, after) == ("False", "False") and 0 <= int(value) <= 120
