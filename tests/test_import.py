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
