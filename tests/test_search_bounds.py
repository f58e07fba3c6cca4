"""The solver's adversarial bounds against a plain minimax: what the leader's quick tricks are
sure to take (``dds.leader_sure``) never exceeds what its side wins with best play, and it is
more than nothing often enough to matter."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten.rules.layout import S_OBJ

search = pytest.importorskip("aceten.search")
from aceten.search import dds  # noqa: E402
from aceten.search.encoding import encode_game, encode_rules  # noqa: E402
from test_search import CRUCE_12, CRUCE_16, KLAVERJAS_16, minimax  # noqa: E402

CASES = [  # (game, players, variant, options, deck)
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 3, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 4, None, {"bidding": "no"}, CRUCE_16),
    ("cruce", 4, None, {"bidding": "no", "undertrump": "no"}, CRUCE_16),
    ("klaverjas", 4, "rotterdam", {"trump": "H"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "S"}, KLAVERJAS_16),
]


def boundary_positions(name, players, variant, options, deck, seed):
    """Every trick boundary with the stock drawn out along one random deal."""
    g = aceten.new_game(name, players=players, variant=variant, seed=seed, deck=deck, **options)
    rng = random.Random(seed)
    while not g.is_over():
        if g.phase == "play" and not g.trick and not g.stock and g.trump is not None:
            yield g.copy()
        g.push(rng.choice(g.legal_moves()))


@pytest.mark.parametrize(("name", "players", "variant", "options", "deck"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[2] or ''}-{len(c[3])}" for c in CASES])
@pytest.mark.parametrize("objective", ["points", "tricks"])
def test_quick_tricks_never_exceed_the_leaders_value(name, players, variant, options, deck,
                                                    objective):
    enc = encode_rules(aceten.new_game(name, players=players, variant=variant, deck=deck,
                                       **options).rules)
    positive = 0
    checked = 0
    for seed in range(6):
        for g in boundary_positions(name, players, variant, options, deck, seed):
            S = encode_game(g)
            S[S_OBJ] = 1 if objective == "tricks" else 0
            sure = int(dds.leader_sure(S, enc.R, enc.T, enc.ORD))
            assert sure >= 0, "applies at every boundary of these games once the stock is out"
            value = minimax(g, g.team_of(g.to_move), objective, False, {})
            assert sure <= value, (seed, g.moves, sure, value)
            positive += sure > 0
            checked += 1
    assert checked >= 12
    assert positive >= checked // 4  # the bound says something
