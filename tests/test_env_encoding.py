"""The observation encoder against a plain reference: the vector built from Python lists of cards,
as the encoder did before it worked on integer masks. Every block, every game, every step."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import aceten
from aceten.env import ENVIRONMENTS

CONFIGS = [
    ("briscola", 2, None, {}, False), ("briscola", 3, None, {}, "rule"),
    ("briscola", 4, None, {"open_cards": 1}, False), ("brisca", 2, None, {}, False),
    ("brisca", 4, None, {"arrastre": True}, "rule"), ("brisca", 2, None, {"draw": "after-play"}, False),
    ("cruce", 2, None, {}, "rule"), ("cruce", 3, None, {}, False),
    ("cruce", 4, None, {"open_cards": 2}, False), ("klaverjas", 4, "rotterdam", {}, "rule"),
    ("klaverjas", 4, "amsterdam", {"trump_choice": "free"}, False),
]  # fmt: skip


def reference(enc, view):
    """The observation from lists of cards (the encoder's code before integer masks)."""
    n = enc.players
    me = view.seat
    o = {name: block.start for name, block in enc.blocks.items()}
    index = enc.codec.card_index
    ones = [index[card & 63] for card in view.hand]
    d = enc.codec.card_count
    if view.phase == "play":
        leader = view.leader
        for i, card in enumerate(view.trick):
            ones.append(o["trick"] + (leader + i - me) % n * d + index[card & 63])
        ones.append(o["leader"] + (leader - me) % n)
        ones.append(o["phase"] + 1)
    elif view.phase in ("bid", "call"):
        ones.append(o["phase"])
    won = [0] * n
    bonus = [0] * n
    for trick in view.tricks:
        won[trick.winner] += 1
        bonus[trick.winner] += trick.bonus
        ones.extend(o["played"] + index[card & 63] for card in trick.cards)
    if view.trump is not None:
        ones.append(o["trump"] + (view.trump & 3))
    if view.trump_card is not None:
        ones.append(o["face_up"] + index[view.trump_card & 63])
    out = np.zeros(enc.size, dtype=np.float32)
    if enc._events:
        declarer, best = None, 0
        for kind, seat, what in itertools.islice(view.events, n * enc.rules.hand_size, None):
            if kind == "bid":
                out[o["bids"] + (seat - me) % n] = what / (enc.codec.max_bid or 1)
                if what > best:
                    best, declarer = what, seat
            elif kind == "call":
                if what is None:
                    ones.append(o["bids"] + (seat - me) % n)
                else:
                    declarer = seat
            elif kind == "bonus":
                bonus[seat] += what[0]
        if enc._given_declarer:
            declarer = view.tricks[0].leader if view.tricks else view.leader
        if declarer is not None:
            ones.append(o["declarer"] + (declarer - me) % n)
        if best:
            out[o["contract"]] = best / (enc.codec.max_bid or 1)
    rotation = [(me + r) % n for r in range(n)]
    if enc.has_open:
        for r in range(1, n):
            ones.extend(o["open"] + (r - 1) * d + index[c & 63] for c in view.open_cards[rotation[r]])
    if enc._voids_fn is not None:
        voids = enc._voids_fn(view)
        for r in range(1, n):
            ones.extend(o["voids"] + (r - 1) * 4 + (suit & 3) for suit in voids[rotation[r]])
    out[ones] = 1.0
    for r, s in enumerate(rotation):
        out[o["points"] + r] = view.points[s] / enc._total
        out[o["bonus"] + r] = bonus[s] / enc._total
        out[o["tricks"] + r] = won[s] / enc._tricks
    out[o["stock"]] = view.stock_size / enc._stock if enc._stock else 0.0
    return out


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}-{c[2] or ''}-{c[3]}-{c[4]}")
def test_encoder_matches_the_reference_at_every_step(config):
    name, players, variant, options, voids = config
    raw = ENVIRONMENTS[name].raw_env(players=players, variant=variant, voids=voids, **options)
    enc = raw.encoder
    for seed in range(4):
        raw.reset(seed=seed)
        g = raw.game
        rng = random.Random(seed)
        while True:
            for seat in rng.sample(range(players), players):
                view = g.view(seat)
                got = enc.encode(view)
                assert got.dtype == np.float32 and got.shape == (enc.size,)
                np.testing.assert_array_equal(got, reference(enc, view))
                obs, mask = enc.encode_with_mask(view, view.legal_moves)
                np.testing.assert_array_equal(obs, got)
                assert mask.dtype == np.int8 and mask.shape == (raw.codec.size,)
                np.testing.assert_array_equal(mask, raw.codec.mask(view.legal_moves))
                assert mask.any() == (seat == g.to_move and not g.is_over())
            if g.is_over():
                break
            g.push(rng.choice(g.legal_moves()))
            if rng.random() < 0.2 and len(g.moves) > 2:  # undo: the memos must notice
                g.pop()
                g.pop()


def test_encoder_on_views_of_several_games_in_turn():
    """Memos keyed by objects of one game never answer for another."""
    raw = ENVIRONMENTS["cruce"].raw_env(players=3)
    games = [aceten.new_game("cruce", players=3, seed=s) for s in range(3)]
    rng = random.Random(2)
    while not all(g.is_over() for g in games):
        for g in games:
            if not g.is_over():
                g.push(rng.choice(g.legal_moves()))
            for seat in range(3):
                view = g.view(seat)
                np.testing.assert_array_equal(raw.encoder.encode(view), reference(raw.encoder, view))


def test_encoder_on_views_made_by_hand():
    """Views not made by ``Game.view`` (other Trick objects, tricks left out, events rebuilt)
    are encoded as the reference encodes them: the memos never answer for them wrongly."""
    import dataclasses

    raw = ENVIRONMENTS["cruce"].raw_env(players=2)
    enc = raw.encoder
    g = aceten.new_game("cruce", players=2, seed=4)
    rng = random.Random(4)
    while not g.is_over():
        for seat in range(2):
            view = g.view(seat)
            enc.encode(view)  # the memos now know this view's objects
            variants = [
                dataclasses.replace(view, tricks=tuple(dataclasses.replace(t) for t in view.tricks)),
                dataclasses.replace(view, tricks=view.tricks[1:]),
                dataclasses.replace(view, tricks=view.tricks[:-1]),
                dataclasses.replace(view, events=tuple(tuple(e) for e in view.events)),
                dataclasses.replace(view, events=view.events[:-1]),
                dataclasses.replace(view, points=tuple(p + 5000 for p in view.points)),
            ]
            for other in variants:
                np.testing.assert_array_equal(enc.encode(other), reference(enc, other))
        g.push(rng.choice(g.legal_moves()))
