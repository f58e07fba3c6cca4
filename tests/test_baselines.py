"""The fixed baselines ``tactics-1`` and ``pimc-1`` keep playing exactly as the players did
before issue 18, so every later player is measured against the same opponents.

tests/golden/tactics-1.json holds deals (the cards as dealt, so it does not depend on how a
seed deals) and the moves the tactics player of that time made on them with every seat seeded
0, 1, ...; tactics-1 must replay them move for move.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aceten
from aceten import agents
from aceten.agents.pimc import PimcV1Agent
from aceten.agents.tactics_v1 import TacticsV1Agent
from aceten.cards import Card
from aceten.game import Deal, Game

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "tactics-1.json").read_text())


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: f"{c['game']}-{c['players']}")
def test_tactics_1_replays_the_recorded_play(case):
    rules = aceten.rules.get(case["game"], players=case["players"])
    family = rules.family

    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(t, family) for t in text.split())

    game = Game(rules, deal=Deal(tuple(cards(h) for h in case["hands"]), cards(case["stock"])))
    bots = [agents.get("tactics-1", seed=s) for s in case["bot_seeds"]]
    agents.play(game, bots)
    assert " ".join(str(m) for m in game.moves) == case["moves"]


def test_the_baselines_are_known_by_name_and_pimc_1_hands_over_to_tactics_1():
    assert isinstance(agents.get("tactics-1", seed=1), TacticsV1Agent)
    pimc = agents.get("pimc-1", seed=1)
    assert isinstance(pimc, PimcV1Agent)
    assert isinstance(pimc.tactics, TacticsV1Agent)  # type: ignore[attr-defined]
