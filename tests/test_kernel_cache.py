"""The compiled kernels' cache folder: one per version of the kernel sources, so a change to any
kernel module (not only the file of the function) starts a fresh cache."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("numba")

from numba.core import config

import aceten.search
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
