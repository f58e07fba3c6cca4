"""The Ray backend: a local Ray instance plays the same rows as local processes."""

from __future__ import annotations

import pytest

from aceten import arena
from aceten.arena import backends
from aceten.errors import AcetenError

ray = pytest.importorskip("ray", reason="the ray extra is not installed")


def rows(db, config):
    with arena.Storage(db, create=False) as store:
        tid = store.tournament(config)
        return [g for deal in store.deals(tid) for g in deal]


@pytest.mark.slow
def test_ray_and_local_processes_store_identical_rows(tmp_path):
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], players=4, seed=21)
    local = arena.run(config, 6, db=tmp_path / "local.sqlite", workers=2)
    assert not ray.is_initialized()
    remote = arena.run(config, 6, db=tmp_path / "ray.sqlite", backend="ray", workers=2)
    assert not ray.is_initialized()  # the Ray instance started for the run is stopped after it
    assert remote.where.startswith("ray (a local Ray instance), 2 workers")
    assert (local.computed, remote.computed) == (6, 6)
    assert rows(tmp_path / "local.sqlite", config) == rows(tmp_path / "ray.sqlite", config)
    assert local.as_dict()["pairs"] == remote.as_dict()["pairs"]


def test_an_address_nothing_listens_on_fails_fast(tmp_path):
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"])
    with pytest.raises(AcetenError, match=r"cannot reach Ray at 127\.0\.0\.1:1"):
        arena.run(config, 2, db=tmp_path / "t.sqlite", backend="ray", address="127.0.0.1:1")


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)
    with pytest.raises(AcetenError, match=r"pip install 'aceten\[ray\]'"):
        backends._import_ray()
