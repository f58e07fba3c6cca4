"""bench/bench_oracle.py: the oracle plays a best card of the real deal, and its games are the
arena's deals and seatings."""

import importlib.util
from pathlib import Path

import pytest

import aceten
from aceten.arena import schedule

pytest.importorskip("aceten.search")

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "bench_oracle.py"


def load():
    spec = importlib.util.spec_from_file_location("bench_oracle", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_card_the_oracle_plays_keeps_its_side_s_exact_value() -> None:
    oracle = load()
    from aceten.search import Solver, solve

    config = oracle.TournamentConfig("cruce", 4, "standard", {}, (oracle.ORACLE, "tactics"), 1)
    row = oracle.play_game(config, "tactics", deal=0, seating=0, solver=Solver(threads=1))
    assert row.deal_seed == schedule.deal_seed(1, 0)
    assert row.seats == config.seatings[0]
    g = aceten.Game(config.rules(), seed=row.deal_seed)
    checked = 0
    for text in row.moves.split():
        move = g.parse_move(text)
        if (row.seats[g.to_move] == oracle.ORACLE and g.phase not in oracle.NOT_SEARCHED
                and len(g.legal_moves()) > 1):
            assert move in solve(g).best_moves, (text, str(g))
            checked += 1
        g.push(move)
    assert checked >= 6  # two oracle seats, each with several choices
    assert g.outcome().scores == row.scores


def test_measure_scores_two_seatings_a_deal_with_an_interval() -> None:
    result = load().measure("briscola", 2, None, "random", deals=3, seed=1, workers=1)
    assert result["games"] == 6  # three deals, each in both seatings
    low, high = result["ci"]
    assert 0 <= low <= result["rate"] <= high <= 1
    assert result["rate"] >= 0.5  # seeing every card, it is not behind random
