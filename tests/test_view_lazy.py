"""``Game.view`` builds views without the dataclass constructor and leaves ``events`` to first
read: such a view must behave exactly like one built by ``PlayerView(...)`` from the same values."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

import aceten
from aceten import PlayerView

CONFIGS = [
    ("briscola", 2, None, {}), ("briscola", 4, None, {}), ("brisca", 2, None, {}),
    ("brisca", 3, None, {"open_cards": 2}), ("cruce", 3, None, {}),
    ("klaverjas", 4, "rotterdam", {}),
]  # fmt: skip


def constructed(view: PlayerView) -> PlayerView:
    """The same view through the dataclass constructor (every field read, so built)."""
    return PlayerView(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})


def games(config, seed):
    name, players, variant, options = config
    g = aceten.new_game(name, players=players, variant=variant, seed=seed, **options)
    rng = random.Random(seed)
    yield g
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
        yield g


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_a_view_is_the_constructed_view(config):
    for g in games(config, 5):
        for seat in range(g.players):
            view = g.view(seat)
            other = g.view(seat)
            assert view == other and hash(view) == hash(other)
            twin = constructed(view)
            assert type(view) is PlayerView
            assert view == twin and twin == view
            assert repr(view) == repr(twin)
            assert view.events == twin.events


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_events_read_late_are_those_of_when_the_view_was_made(config):
    """Views are made, the game moves on (with undos), and only then are events read."""
    rng = random.Random(11)
    name, players, variant, options = config
    g = aceten.new_game(name, players=players, variant=variant, seed=11, **options)
    kept: list[tuple[PlayerView, tuple]] = []
    while not g.is_over():
        for seat in range(g.players):
            view = g.view(seat)
            # The expected events from a fresh game replayed to the same point.
            fresh = aceten.game.Game(g.rules, deal=g.deal)
            for move in g.moves:
                fresh.push(move)
            kept.append((view, fresh.view(seat).events))
        g.push(rng.choice(g.legal_moves()))
        if rng.random() < 0.3 and len(g.moves) > 1:
            g.pop()
            g.pop()
            g.push(rng.choice(g.legal_moves()))
    for view, events in kept:
        assert view.events == events


def test_pickle_copy_and_replace_hold_the_fields_only():
    g = aceten.new_game("brisca", players=2, seed=3)
    rng = random.Random(3)
    for _ in range(15):
        g.push(rng.choice(g.legal_moves()))
    view = g.view(1)
    state = view.__getstate__()
    assert list(state) == [f.name for f in dataclasses.fields(view)]
    back = pickle.loads(pickle.dumps(view))
    assert type(back) is PlayerView
    for f in dataclasses.fields(view):
        if f.name != "rules":  # Rules compare by identity
            assert getattr(back, f.name) == getattr(view, f.name)
    assert "_events_source" not in back.__dict__
    clone = copy.copy(g.view(0))
    assert clone.events == g.view(0).events
    spectator = dataclasses.replace(g.view(0), seat=-1, legal_moves=())
    assert spectator.events == g.view(0).events and spectator.seat == -1
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.events = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        PlayerView.events  # noqa: B018
