"""bench/bench_root_moves.py --known: every value the solver found is settled again by its two
zero-window probes alone (the script asserts both), and the solver is left as it was."""

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("aceten.search")

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load():
    sys.path.insert(0, str(BENCH))  # for its sibling bench_search
    try:
        spec = importlib.util.spec_from_file_location("bench_root_moves",
                                                      BENCH / "bench_root_moves.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module


@pytest.mark.parametrize("config", [("briscola", 2, None, {}), ("klaverjas", 4, "rotterdam", {})])
def test_known_values_settle_both_calls_and_the_solver_is_restored(config) -> None:
    bench = load()
    from aceten.search import solver as solver_module

    before = (solver_module._Search.exact, solver_module._Search.root_values)
    row = bench.known(config, 2)
    assert (solver_module._Search.exact, solver_module._Search.root_values) == before
    assert row["moves"] > 0 and row["known_value"] > 0 and row["known_moves"] > 0
    assert row["known_ratio"] == pytest.approx(row["known_moves"] / row["known_value"])
