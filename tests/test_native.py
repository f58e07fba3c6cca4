"""The solver's kernels translated to C (``aceten.search.native``) against numba's and Python's.

- The translation reads the very functions numba compiles; its C must run them as numba does.
  On positions of every game and player count, the C solver and the numba solver find the same
  values for every root move and search the same number of nodes (the same tree: any slip in
  an expression would change the order or a bound and show here). The exactness tests
  (``test_search*.py``) hold the default solver, now the C one, to brute force.
- Python's integer semantics that C lacks (floor division and modulo of negatives, shifts,
  wrapping uint64 hash arithmetic, tuples, rows of arrays) are checked on small kernels
  against the same functions run as Python.
- A build with every array index checked runs solves of every game without a stray index.
- Without a compiler, the solver falls back on numba, saying so once; asked for C, it refuses
  with a clear error.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import aceten
from aceten.search.native.translate import INTRINSICS
from native_support import native_kernels

np = pytest.importorskip("numpy")

# Every game and player count, each position a few tricks in (full deals where the search is
# small), so that both solvers finish in seconds.
POSITIONS = [
    ("briscola", {"players": 2}, 12), ("briscola", {"players": 3}, 12),
    ("briscola", {"players": 4}, 12), ("brisca", {"players": 2}, 12),
    ("brisca", {"players": 3}, 12), ("brisca", {"players": 4}, 8),
    ("brisca", {"players": 2, "arrastre": "yes"}, 12), ("cruce", {"players": 2}, 4),
    ("cruce", {"players": 3}, 3), ("cruce", {"players": 4}, 0),
    ("klaverjas", {"variant": "rotterdam"}, 0), ("klaverjas", {"variant": "amsterdam"}, 0),
    ("briscola", {"variant": "chiamata", "players": 5}, 16),
]  # fmt: skip


def _position(name: str, options: dict, plies: int, seed: int) -> aceten.Game:
    g = aceten.new_game(name, seed=seed, **options)
    rng = np.random.default_rng(seed)
    while not g.is_over() and (g.phase != "play" or _cards_played(g) < plies):
        moves = g.legal_moves()
        g.push(moves[int(rng.integers(len(moves)))])
    return g


def _cards_played(g: aceten.Game) -> int:
    return sum(1 for m in g.moves if isinstance(m, aceten.Card))


def _solve_with(kernels: tuple, g: aceten.Game, monkeypatch) -> tuple:
    from aceten.search import solver

    monkeypatch.setattr(solver, "_kernels", lambda: kernels)
    result = solver.Solver(threads=1, tt_bits=16).solve(g)
    return result.value, result.nodes, [(str(m.move), m.value) for m in result.moves], \
        [str(m) for m in result.pv], result.tt_probes, result.tt_hits


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "plies"), POSITIONS)
def test_the_c_solver_searches_the_tree_numba_searches(name, options, plies, monkeypatch,
                                                       compiled_kernels):
    pytest.importorskip("numba")
    from aceten.rules import jit
    from aceten.search import dds

    lib = native_kernels()
    compared = 0
    for seed in range(4):
        g = _position(name, options, plies, seed)
        if g.is_over():  # a chiamata auction thrown in
            continue
        c = _solve_with((lib.dds, lib.step), g, monkeypatch)
        nb = _solve_with((dds, jit), g, monkeypatch)
        assert c == nb, (name, options, seed)
        compared += 1
    assert compared >= 2


BATCHES = [
    ("briscola", {"players": 2}), ("briscola", {"players": 4}), ("brisca", {"players": 2}),
    ("brisca", {"players": 3, "arrastre": "yes"}), ("cruce", {"players": 2}),
    ("cruce", {"players": 4}), ("klaverjas", {}), ("klaverjas", {"variant": "amsterdam"}),
    ("briscola", {"variant": "chiamata", "players": 5}), ("briscola", {"players": 6}),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), BATCHES)
def test_the_c_batch_plays_numbas_games(name, options, monkeypatch, compiled_kernels):
    """simulate --fast's kernels: the same games, move by move (the logs), with both bots."""
    pytest.importorskip("numba")
    from aceten.search import batch

    lib = native_kernels()
    rules = aceten.rules.get(name, **options)
    for bots in ("random", "greedy", ("greedy", "random")):
        results = []
        for kernels in (lib.batch, batch):
            monkeypatch.setattr(batch, "_kernels", lambda kernels=kernels: kernels)
            results.append(batch.simulate(rules, 300, seed=11, bots=bots, log=40))
        c, nb = results
        for field in ("points", "tricks", "bonus", "scores", "seat_scores", "winner", "moves", "log"):
            assert np.array_equal(getattr(c, field), getattr(nb, field)), (name, bots, field)


def test_every_kernel_is_translated():
    from aceten.search.native import translate

    program = translate.Program()
    exported = program.exported()
    for key in ("dds.exact_value", "dds.root_values", "dds.alphabeta", "dds.principal_variation",
                "step.play_move", "step.legal_cards", "endgame.egs", "batch.play_deals",
                "batch.play_plain_random", "rng.stream_shuffle"):
        assert key in exported
    assert "#include <stdint.h>" in program.c_source()


# Small kernels in the shape of the real ones, for the semantics C does not share with Python.
SEMANTICS = '''
import numpy as np
from numba import njit

from aceten.search.kernels import mix64


@njit(cache=True, _nrt=False)
def arith(a, b):
    return a // b, a % b, (a << 3) >> 2, -a >> 1, ~a & 255


@njit(cache=True, _nrt=False)
def hashed(a, b):
    return np.int64(mix64(np.uint64(a) * np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(b)) >> np.uint64(1))


@njit(cache=True, _nrt=False)
def floats(a, b):
    x = 0.34 * a
    return int(x - b), int(a / 3), a // 2 + int(-x), max(x, 1.5) > b


@njit(cache=True, _nrt=False)
def _row_sum(row):
    total = 0
    for i in range(row.shape[0] - 1, -1, -1):
        total += row[i] * (i + 1)
    return total


@njit(cache=True, _nrt=False)
def rows(M, k, a, b):
    first = 1 if k in (a, b) else 0
    return _row_sum(M[k]) + M[k, -1] * 1000 + first + (M[0, 0] if a < b < k else -1)
'''


@pytest.fixture(scope="module")
def semantics(tmp_path_factory):
    """The kernels above appended to a copy of the kernel modules, translated and compiled."""
    import shutil

    from aceten.search.native import build, translate

    if build.compiler() is None:
        pytest.skip("no C compiler")
    root = tmp_path_factory.mktemp("pkg")
    for rel in (*translate.MODULES, "search/native/translate.py", "search/native/build.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(translate.PACKAGE / rel, root / rel)
    dds = root / "search" / "dds.py"
    dds.write_text(dds.read_text() + textwrap.dedent(SEMANTICS).split("\n", 5)[5])
    from aceten.search import native

    path = build.build(root / "out", root)
    import ctypes
    import json

    return native.bind(ctypes.CDLL(str(path)), json.loads(path.with_suffix(".json").read_text())).dds


def _python_twin(name):
    namespace: dict = {}
    exec(textwrap.dedent(SEMANTICS).replace("@njit(cache=True, _nrt=False)", ""), namespace)
    return namespace[name]


@pytest.mark.parametrize(("a", "b"), [(7, 2), (-7, 2), (7, -2), (-7, -2), (-1, 3), (0, 5),
                                      (2**40 + 3, 7), (-(2**40) - 3, 9)])
def test_integer_arithmetic_keeps_pythons_rounding(semantics, a, b):
    assert semantics.arith(a, b) == _python_twin("arith")(a, b)


@pytest.mark.parametrize(("a", "b"), [(7, 2), (-7, 2), (100, 30), (-100, -30), (0, 0), (3, 1)])
def test_floats_truncate_as_pythons_int_does(semantics, a, b):
    assert semantics.floats(a, b) == tuple(int(v) for v in _python_twin("floats")(a, b))


def test_uint64_hashing_wraps_as_numba_does(semantics):
    import numba  # noqa: F401  (numba's own uint64 arithmetic is the reference)

    twin = _python_twin("hashed")
    for a, b in [(0, 0), (1, 2), (123456789, 987654321), (2**62, 5)]:
        with np.errstate(over="ignore"):  # numpy's uint64 wraps as C's does, and says so
            expected = twin(a, b)
        assert semantics.hashed(a, b) == expected


def test_rows_negative_indexes_and_membership(semantics):
    M = np.arange(12, dtype=np.int64).reshape(3, 4)
    twin = _python_twin("rows")
    for k, a, b in [(0, 0, 1), (1, 0, 2), (2, 0, 1), (2, 3, 4), (1, 1, 1)]:
        assert semantics.rows(M, k, a, b) == twin(M, k, a, b)


def test_an_unknown_construct_is_refused_with_its_line(tmp_path):
    import shutil

    from aceten.search.native import translate

    for rel in translate.MODULES:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(translate.PACKAGE / rel, tmp_path / rel)
    dds = tmp_path / "search" / "dds.py"
    dds.write_text(dds.read_text() + "\n\n@njit(cache=True)\ndef square(a):\n    return a ** 2\n")
    with pytest.raises(translate.TranslateError, match=r"dds.py:\d+: only integer arithmetic and float64"):
        translate.Program(tmp_path)


def test_fixed_rows_are_constants_in_c_and_checked_at_the_call():
    """Arrays whose rows FIXED_ROWS declares are indexed by constant row lengths in the C code,
    and a compiled kernel refuses an array with rows of another length (C reads no shape)."""
    from aceten.search import endgame
    from aceten.search.native import translate

    program = translate.Program()
    assert program.fixed_rows["E"] == (endgame.COLS,)
    source = program.c_source()
    assert "* E_d1 +" not in source and "* HIST_d1 +" not in source
    assert f"* {endgame.COLS} +" in source
    lib = native_kernels()
    narrow = np.zeros((endgame.ROWS, endgame.COLS - 1), dtype=np.int64)
    with pytest.raises(TypeError, match=r"rows of \(64,\)"):
        lib.endgame.eg2(narrow, 0, 0, 0, 0, 0, 0, 1, 0)


def test_an_array_of_unknown_rows_is_refused_where_fixed_rows_are_taken(tmp_path):
    import shutil

    from aceten.search.native import translate

    for rel in translate.MODULES:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(translate.PACKAGE / rel, tmp_path / rel)
    dds = tmp_path / "search" / "dds.py"
    dds.write_text(dds.read_text() + textwrap.dedent("""

        @njit(cache=True)
        def _first_slot(E):
            return E[0, 1]


        @njit(cache=True)
        def other_rows(X):
            return _first_slot(X) + X[1, 0]
    """))
    with pytest.raises(translate.TranslateError, match=r"E of _first_slot takes rows of \(64,\)"):
        translate.Program(tmp_path).c_source()


@pytest.mark.slow
def test_every_index_stays_in_its_array(tmp_path):
    """A build with every index checked (an index out of range aborts) solves every game."""
    from aceten.search.native import build

    if build.compiler() is None:
        pytest.skip("no C compiler")
    package = build.translate_module().PACKAGE
    path = build.build(tmp_path, package, extra_flags=("-DACE_CHECK_BOUNDS",))
    script = textwrap.dedent(f"""
        import ctypes, json
        import aceten
        from aceten.search import native, solver
        manifest = json.loads(open({str(path.with_suffix('.json'))!r}).read())
        lib = native.bind(ctypes.CDLL({str(path)!r}), manifest)
        solver._kernels = lambda: (lib.dds, lib.step)
        games = [("briscola", dict(players=2)), ("briscola", dict(players=4)), ("brisca", dict(players=3)),
                 ("cruce", dict(players=2)), ("cruce", dict(players=3)), ("klaverjas", dict()),
                 ("briscola", dict(variant="chiamata", players=5))]
        for name, options in games:
            for seed in range(20):  # a deal whose auction is not thrown in
                g = aceten.new_game(name, seed=seed, **options)
                while not g.is_over() and (g.phase != "play"
                                           or sum(isinstance(m, aceten.Card) for m in g.moves) < 16):
                    g.push(g.legal_moves()[-1])
                if not g.is_over():
                    break
            print(name, solver.Solver(threads=1, tt_bits=12).solve(g).value)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert len(run.stdout.splitlines()) == 7


def test_without_a_compiler_the_solver_falls_back_on_numba(monkeypatch, capsys, tmp_path):
    from aceten.errors import AcetenError
    from aceten.search import native
    from aceten.search.native import build

    monkeypatch.setattr(build, "compiler", lambda: None)
    monkeypatch.setattr(native, "prebuilt_folder", lambda: tmp_path / "none")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(native, "_LOADED", {})
    assert native.load() is None
    assert "numba compiles the solver instead" in capsys.readouterr().err
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setenv("ACETEN_KERNELS", "c")
    with pytest.raises(AcetenError, match="no C compiler"):
        native.load()
    monkeypatch.setenv("ACETEN_KERNELS", "fortran")
    with pytest.raises(AcetenError, match="use auto, c or numba"):
        native.load()
    monkeypatch.setenv("ACETEN_KERNELS", "numba")
    assert native.load() is None


def test_a_library_is_found_by_its_sources_hash(monkeypatch, tmp_path):
    """The first use builds into the user's cache when the install built nothing; the next
    finds it there without building."""
    from aceten.search import native
    from aceten.search.native import build

    if build.compiler() is None:
        pytest.skip("no C compiler")
    monkeypatch.setattr(native, "prebuilt_folder", lambda: tmp_path / "none")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("ACETEN_KERNELS", raising=False)
    lines = []
    monkeypatch.setattr(native, "_LOADED", {})
    assert native.load(lines.append) is not None
    assert lines and "compiling the solver's kernels" in lines[0]
    assert list((tmp_path / "aceten" / "native").glob("native-*.so"))
    monkeypatch.setattr(native, "_LOADED", {})
    monkeypatch.setattr(build, "compiler", lambda: None)  # found, so never built again
    assert native.load(lines.append) is not None
    assert len(lines) == 1


def test_a_library_built_for_this_cpu_is_named_for_its_features(monkeypatch):
    """``-march=native`` code may die of an illegal instruction on another CPU, so a checkout
    or cache shared between machines must not hand one CPU's library to another."""
    from aceten.search.native import build

    monkeypatch.setattr(build.platform, "machine", lambda: "x86_64")
    build.cpu_tag.cache_clear()
    try:
        name = build.library_name("abc")
        tag = build.cpu_tag()
        assert len(tag) == 8 and name == f"native-abc-x86_64-{tag}"
        monkeypatch.setattr(build.platform, "machine", lambda: "aarch64")  # no -march=native
        build.cpu_tag.cache_clear()
        assert build.library_name("abc") == "native-abc-aarch64"
    finally:
        build.cpu_tag.cache_clear()


def test_wrong_arguments_are_refused_not_run():
    lib = native_kernels()
    S = np.zeros(10, dtype=np.int32)
    with pytest.raises(TypeError, match="int64"):
        lib.step.legal_cards(S, 0, S, S)
    with pytest.raises(TypeError, match="takes 4 arguments"):
        lib.step.legal_cards(S)


def test_arrays_are_checked_at_first_sight_and_forgotten_with_them():
    """The wrapper notes an array's address the first time a kernel gets it (the solver passes
    the same arrays call after call), still refuses every array it has not checked (a view, a
    new array), and forgets one when it is dropped, so a later array at the same id is checked
    afresh."""
    import gc

    import aceten
    from aceten.search import native as native_module
    from aceten.search.encoding import encode_game, encode_rules

    lib = native_kernels()
    g = aceten.new_game("briscola", players=2, seed=3)
    enc = encode_rules(g.rules)
    S = encode_game(g)
    hand = g.hand(g.to_move).mask
    assert lib.step.legal_cards(S, hand, enc.R, enc.T) == hand
    assert id(S) in native_module._ADDRESSES
    assert lib.step.legal_cards(S, hand, enc.R, enc.T) == hand  # from the note
    wide = np.zeros((2, len(S)), dtype=np.int64)
    with pytest.raises(TypeError, match="int64"):
        lib.step.legal_cards(wide[:, 0], hand, enc.R, enc.T)  # a strided view: refused
    with pytest.raises(TypeError, match="int64"):
        lib.step.legal_cards(S.astype(np.int32), hand, enc.R, enc.T)
    ident = id(S)
    del S
    gc.collect()
    assert ident not in native_module._ADDRESSES


def test_the_build_hook_builds_the_c_kernels(tmp_path, monkeypatch):
    """hatch_build.build_native into a copy of the tree: the library lands in _kernels."""
    import importlib.util
    import shutil

    from aceten.search.native import build

    if build.compiler() is None:
        pytest.skip("no C compiler")
    pytest.importorskip("hatchling")
    repo = Path(__file__).resolve().parents[1]
    shutil.copytree(repo / "src" / "aceten", tmp_path / "src" / "aceten",
                    ignore=shutil.ignore_patterns("_kernels", "__pycache__"))
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", repo / "hatch_build.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    monkeypatch.setattr(hook, "_terminal", lambda: sys.stderr)
    hook.build_native(tmp_path)
    assert list((tmp_path / "src" / "aceten" / "_kernels").glob("native-*.so"))
    monkeypatch.setenv("ACETEN_NATIVE", "0")
    shutil.rmtree(tmp_path / "src" / "aceten" / "_kernels")
    hook.build_native(tmp_path)
    assert not (tmp_path / "src" / "aceten" / "_kernels").exists()


def test_solve_and_simulate_announce_numbas_compile_only_when_they_fall_back(monkeypatch, capsys):
    from aceten.cli import common
    from aceten.search import native

    calls = []
    monkeypatch.setattr(common, "announce_compile", lambda module, what: calls.append(module))
    monkeypatch.setattr(native, "load", lambda say=None: object())
    common.announce_kernels("dds", "the solver")
    assert calls == [] and capsys.readouterr().err == ""
    monkeypatch.setattr(native, "load", lambda say=None: None)
    common.announce_kernels("dds", "the solver")
    common.announce_kernels("batch", "the batch simulator")
    assert calls == ["dds", "batch"]


def test_every_numba_kernel_has_a_c_twin_python_can_call():
    """Whatever Python may call on numba's modules (inlined kernels included: the solver's
    two-thread driver calls dds.exact_start and dds.probe_next), the C namespace has too."""
    pytest.importorskip("numba")
    from numba.core.registry import CPUDispatcher

    from aceten.rules import jit, lazy_numba
    from aceten.search import batch, dds, endgame, kernels, rng

    lazy_numba.materialize()  # numba's dispatchers in place of the stand-ins
    lib = native_kernels()
    single_instructions = {key.split(".")[1] for key in INTRINSICS}  # never called as functions
    modules = {"step": jit, "dds": dds, "endgame": endgame, "kernels": kernels, "rng": rng,
               "batch": batch}
    for space, module in modules.items():
        names = [n for n, v in vars(module).items() if isinstance(v, CPUDispatcher)
                 and v.py_func.__module__.rsplit(".", 1)[1] in (space, "jit")
                 and n not in single_instructions]
        assert names, space
        missing = [n for n in names if not hasattr(getattr(lib, space), n)]
        assert missing == [], (space, missing)
