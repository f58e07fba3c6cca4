"""The solver's adversarial bounds against a plain minimax: what the leader's quick tricks are
sure to take (``dds.leader_sure``) never exceeds what its side wins with best play, and it is
more than nothing often enough to matter."""

from __future__ import annotations

import random

import numpy as np
import pytest

import aceten
from aceten.rules.layout import S_MAXTEAM, S_OBJ

search = pytest.importorskip("aceten.search")
from aceten.search import dds, endgame  # noqa: E402
from aceten.search.encoding import encode_game, encode_rules  # noqa: E402
from aceten.search.solver import _stock_suffixes  # noqa: E402
from test_search import CRUCE_12, CRUCE_16, CRUCE_18, KLAVERJAS_16, minimax  # noqa: E402

CASES = [  # (game, players, variant, options, deck)
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 3, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 4, None, {"bidding": "no"}, CRUCE_16),
    ("cruce", 4, None, {"bidding": "no", "undertrump": "no"}, CRUCE_16),
    ("klaverjas", 4, "rotterdam", {"trump": "H"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "S"}, KLAVERJAS_16),
]


def play_positions(name, players, variant, options, deck, seed, boundaries=False):
    """Every position of the play along one random deal (``boundaries``: only the trick
    boundaries with the stock drawn out and trump named)."""
    g = aceten.new_game(name, players=players, variant=variant, seed=seed, deck=deck, **options)
    rng = random.Random(seed)
    while not g.is_over():
        if g.phase == "play" and (not boundaries or (not g.trick and not g.stock
                                  and g.trump is not None)):
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
        for g in play_positions(name, players, variant, options, deck, seed, boundaries=True):
            S = encode_game(g)
            S[S_OBJ] = 1 if objective == "tricks" else 0
            E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
            endgame.setup(E, enc.R, enc.T, enc.ORD, S, 1)
            sure = int(dds.leader_sure(S, enc.R, enc.ORD, E))
            assert sure >= 0, "applies at every boundary of these games once the stock is out"
            value = minimax(g, g.team_of(g.to_move), objective, False, {})
            assert sure <= value, (seed, g.moves, sure, value)
            positive += sure > 0
            checked += 1
    assert checked >= 12
    assert positive >= checked // 4  # the bound says something


BOUND_CASES = [  # games with bonuses: marriages (trump not named yet at the first lead), roem
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_12),
    pytest.param("cruce", 2, None, {"bidding": "no"}, CRUCE_18,  # with a stock: ~1 min
                 marks=pytest.mark.slow, id="cruce-2--18"),
    ("cruce", 3, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 4, None, {"bidding": "no"}, CRUCE_16),
    ("klaverjas", 4, "rotterdam", {"trump": "H"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "S"}, KLAVERJAS_16),
]


@pytest.mark.parametrize(("name", "players", "variant", "options", "deck"), BOUND_CASES)
def test_future_bound_is_at_least_the_cooperative_value(name, players, variant, options, deck):
    """``future_bound`` (points left, marriages, roem) bounds what the side to move could win
    even if every seat played for it, and is reached or nearly reached somewhere."""
    enc = encode_rules(aceten.new_game(name, players=players, variant=variant, deck=deck,
                                       **options).rules)
    slack = []
    for seed in range(1 if len(deck.split()) > 16 else 3):
        memos: dict[int, dict] = {}  # one per maximising side: positions recur along the deal
        for g in play_positions(name, players, variant, options, deck, seed):
            team = g.team_of(g.to_move)
            S = encode_game(g)
            S[S_MAXTEAM] = team
            bound = int(dds.future_bound(S, enc.R, enc.T, _stock_suffixes(S)))
            value = minimax(g, team, "points", True, memos.setdefault(team, {}))
            assert value <= bound, (seed, g.moves, value, bound)
            slack.append(bound - value)
    assert min(slack) == 0
