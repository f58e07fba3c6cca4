"""The compiled kernels' cache folder: one per version of the kernel sources, so a change to any
kernel module (not only the file of the function) starts a fresh cache."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("numba")

from numba.core import config

import aceten.search
from aceten.rules import lazy_numba
from aceten.search import kernel_cache


def test_any_kernel_source_change_gives_another_folder(tmp_path):
    here = Path(kernel_cache.__file__).parent.parent
    for name in kernel_cache.KERNEL_SOURCES:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(here / name, tmp_path / name)
    assert kernel_cache.source_digest(tmp_path) == kernel_cache.source_digest()
    for name in kernel_cache.KERNEL_SOURCES:
        original = (tmp_path / name).read_text()
        (tmp_path / name).write_text(original + "\n# edited\n")
        assert kernel_cache.source_digest(tmp_path) != kernel_cache.source_digest(), name
        (tmp_path / name).write_text(original)


def test_the_folder_follows_numba_cache_dir_then_xdg(monkeypatch, tmp_path):
    digest = kernel_cache.source_digest()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "nb"))
    assert kernel_cache.cache_dir() == tmp_path / "nb" / f"aceten-kernels-{digest}"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert kernel_cache.cache_dir() == tmp_path / "xdg" / "aceten" / f"kernels-{digest}"


def test_the_kernels_are_cached_in_the_folder_of_their_version():
    folder = str(kernel_cache.cache_dir())
    for kernel in (aceten.search.dds.alphabeta, aceten.search.endgame.eg3):
        assert kernel._cache._cache_path.startswith(folder)  # numba's dispatcher cache


def test_the_block_sets_numba_s_folder_and_restores_it(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    before = config.CACHE_DIR
    with kernel_cache.kernel_cache():
        assert str(kernel_cache.cache_dir()) == config.CACHE_DIR
        assert Path(config.CACHE_DIR).is_dir()
    assert before == config.CACHE_DIR


def test_only_the_latest_folders_are_kept(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    old = [tmp_path / "aceten" / f"kernels-{i:016x}" for i in range(5)]
    for i, folder in enumerate(old):
        folder.mkdir(parents=True)
        os.utime(folder, (1_000_000 + i, 1_000_000 + i))
    with kernel_cache.kernel_cache():
        pass
    left = sorted(p.name for p in (tmp_path / "aceten").iterdir())
    assert len(left) == kernel_cache.KEEP
    assert kernel_cache.cache_dir().name in left
    assert old[4].name in left and old[3].name in left


def test_an_unwritable_place_leaves_numba_s_default(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    before = config.CACHE_DIR
    with kernel_cache.kernel_cache():
        assert before == config.CACHE_DIR


def fake_prebuilt(root: Path, digest: str, versions: dict[str, str] | None = None) -> Path:
    """A prebuilt kernels folder as the build hook leaves it: one index file and the stamp."""
    folder = root / f"kernels-{digest}"
    (folder / "search_1").mkdir(parents=True)
    (folder / "search_1" / "dds.f-1.py311.nbi").write_text("index")
    kernel_cache.stamp_prebuilt(folder)
    if versions is not None:
        (folder / kernel_cache.PREBUILT_STAMP).write_text(json.dumps(versions))
    return folder


@pytest.fixture
def fresh_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "nb"))
    monkeypatch.setenv("ACETEN_PREBUILT_KERNELS", str(tmp_path / "prebuilt"))
    return tmp_path


def test_a_new_cache_folder_starts_as_a_copy_of_the_prebuilt_kernels(fresh_cache):
    fake_prebuilt(fresh_cache / "prebuilt", kernel_cache.source_digest())
    with kernel_cache.kernel_cache():
        pass
    folder = kernel_cache.cache_dir()
    assert (folder / "search_1" / "dds.f-1.py311.nbi").read_text() == "index"
    assert not (folder / kernel_cache.PREBUILT_STAMP).exists()
    assert [p.name for p in folder.parent.iterdir()] == [folder.name]  # no partial copy left


def test_an_existing_cache_folder_is_left_as_it_is(fresh_cache):
    fake_prebuilt(fresh_cache / "prebuilt", kernel_cache.source_digest())
    kernel_cache.cache_dir().mkdir(parents=True)
    with kernel_cache.kernel_cache():
        pass
    assert list(kernel_cache.cache_dir().iterdir()) == []


def test_prebuilt_kernels_of_other_versions_or_sources_are_not_copied(fresh_cache, monkeypatch):
    versions = dict(kernel_cache.compiler_versions(), numba="0.1.0")
    fake_prebuilt(fresh_cache / "prebuilt", kernel_cache.source_digest(), versions)  # another numba
    fake_prebuilt(fresh_cache / "other", "0123456789abcdef")  # other kernel sources
    for root in ("prebuilt", "other"):
        monkeypatch.setenv("ACETEN_PREBUILT_KERNELS", str(fresh_cache / root))
        shutil.rmtree(fresh_cache / "nb", ignore_errors=True)
        with kernel_cache.kernel_cache():
            pass
        assert list(kernel_cache.cache_dir().iterdir()) == [], root


def test_the_prebuilt_kernels_can_be_turned_off(fresh_cache, monkeypatch):
    assert kernel_cache.prebuilt_root() == fresh_cache / "prebuilt"
    monkeypatch.setenv("ACETEN_PREBUILT_KERNELS", "0")
    assert kernel_cache.prebuilt_root() is None
    monkeypatch.delenv("ACETEN_PREBUILT_KERNELS")
    assert kernel_cache.prebuilt_root() == Path(aceten.__file__).parent / "_kernels"


def test_a_constant_argument_compiles_no_second_version():
    """A call between kernels with an integer constant uses the kernel's plain integer version:
    numba would otherwise compile the callee (and all it calls) again per constant."""
    from numba import njit, types

    @njit(cache=False)
    def callee(x, k):
        return x + k

    @njit(cache=False)
    def caller(x):
        return callee(x, 1) + callee(x, -1) + callee(x, x)

    kernel_cache._type_integer_constants_as_integers(callee)
    assert caller(3) == 12
    assert callee.signatures == [(types.int64, types.int64)]


def test_the_entry_kernels_are_typed_that_way_and_the_others_keep_literals():
    from numba.core.registry import CPUDispatcher

    lazy_numba.materialize()  # numba's dispatchers in place of the stand-ins

    modules = [aceten.search.dds, aceten.search.endgame, aceten.search.batch, aceten.rules.jit]
    kernels = [v for m in modules for v in vars(m).values() if isinstance(v, CPUDispatcher)]
    assert len(kernels) > 40 and all(hasattr(k, "_aceten_one_signature") for k in kernels)
    entries = {k for k in kernels if k._aceten_one_signature}
    assert {aceten.search.dds.alphabeta, aceten.search.dds.principal_variation} <= entries
    assert all(k.targetoptions.get("nogil") for k in entries)
    assert aceten.search.dds.tt_store not in entries


COLD_SOLVE = """
import json, sys
import aceten
import aceten.agents
from aceten import search
numba_at_import = "numba" in sys.modules  # ACETEN_KERNELS=numba: imported at the first solve only
import numba  # before numba.core.event: numba imports its modules in an order of its own
from numba.core import event
compiled = []
class Compiles(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Compiles())
from numba import types
from numba.core.registry import CPUDispatcher
g = aceten.new_game("briscola", players=4, seed=5)
r = search.Solver(threads=1).solve(g)
modules = [search.dds, search.endgame, aceten.rules.jit]
literal = sorted(f"{m.__name__}.{k}" for m in modules for k, v in vars(m).items()
                 if isinstance(v, CPUDispatcher) and v._aceten_one_signature
                 and any(isinstance(t, types.IntegerLiteral) for sig in v.signatures for t in sig))
# the default opponent's first decision of a 2-player deal, on the kernels just compiled
g2 = aceten.new_game("briscola", players=2, seed=1)
bot = aceten.agents.get(aceten.agents.DEFAULT, seed=1)
move = bot.choose(g2.view(g2.to_move))
print(json.dumps({"value": r.value, "moves": len(r.moves), "literal": literal, "compiled": compiled,
                  "numba_at_import": numba_at_import, "bot": aceten.agents.DEFAULT,
                  "bot_move_legal": move in g2.legal_moves()}))
"""


def solve_in_a_fresh_interpreter(cache: Path, prebuilt: str) -> dict:
    import json
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(cache),
               ACETEN_PREBUILT_KERNELS=prebuilt, ACETEN_KERNELS="numba")  # numba's cache, not C
    env["PYTHONPATH"] = str(Path(aceten.__file__).parent.parent)
    done = subprocess.run([sys.executable, "-c", COLD_SOLVE], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
def test_a_solve_from_an_empty_cache_compiles_and_agrees_with_the_cached_kernels(tmp_path):
    """numba's cold path (the fallback without a C compiler): a fresh interpreter with an empty
    cache (and no prebuilt kernels) compiles every kernel a full 4-player deal needs (the entry
    kernels once per signature) and finds the value the cached kernels find. Then the same with
    that cache as the prebuilt kernels of another empty cache, as the build hook leaves them:
    copied, nothing compiled, the same value. With ACETEN_KERNELS=numba, ``import aceten.search``
    does not import numba: its kernels load at the first solve (aceten.rules.lazy_numba); and
    the default opponent (the searcher) then makes a legal decision on them. This is the suite's
    one compile of numba's solver from nothing (two deals of any size compile the same 113
    kernels: about 135 s of CPU each, 2026-12-02)."""
    cold = solve_in_a_fresh_interpreter(tmp_path / "cold", "0")
    assert cold["literal"] == [] and cold["compiled"] and not cold["numba_at_import"]
    assert cold["bot"] == "searcher" and cold["bot_move_legal"]
    assert list(tmp_path.glob("cold/aceten-kernels-*/*/dds.*.nbi"))
    warm = aceten.search.Solver(threads=1).solve(aceten.new_game("briscola", players=4, seed=5))
    assert (cold["value"], cold["moves"]) == (warm.value, len(warm.moves))

    (filled,) = (tmp_path / "cold").glob("aceten-kernels-*")
    kernel_cache.stamp_prebuilt(filled)
    (tmp_path / "prebuilt").mkdir()
    filled.rename(tmp_path / "prebuilt" / filled.name.replace("aceten-", ""))
    copied = solve_in_a_fresh_interpreter(tmp_path / "copied", str(tmp_path / "prebuilt"))
    assert copied["compiled"] == []
    assert (copied["value"], copied["moves"]) == (warm.value, len(warm.moves))


def test_the_precompile_positions_cover_every_game_in_its_play_phase():
    """aceten.search.precompile types the kernels on these: small, in play, every game."""
    from aceten.search import precompile

    positions = precompile.small_positions()
    assert {g.rules.name for g in positions} == set(aceten.rules.GAMES)
    for game in positions:
        assert game.phase == "play" and not game.is_over()
        assert game.cards_left <= precompile.CARDS_LEFT
