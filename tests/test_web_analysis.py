"""The web table's adapter to the knowledge layer and the solver: clear "not available" payloads
without them, the documented payloads with them, and only ever a seat's view for knowledge."""

from __future__ import annotations

import importlib.util
import sys
import types
from fractions import Fraction

import pytest

import aceten
from aceten.cards import CardSet
from aceten.web import analysis

SMALL = "AS 3S KS 2S AC 3C KC 2C"  # a 2-player Briscola deck small enough to solve at once


def finished(name="briscola", players=2, seed=7, **options):
    game = aceten.new_game(name, players=players, seed=seed, **options)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    return game


def test_without_the_layers_the_payloads_say_so(monkeypatch):
    monkeypatch.setattr(analysis, "KNOWLEDGE_MODULE", "aceten._not_here")
    monkeypatch.setattr(analysis, "SEARCH_MODULE", "aceten._not_here")
    game = aceten.new_game("briscola", players=2, seed=1)
    payload = analysis.knowledge(game.view(0))
    assert payload == {"available": False, "seat": 0,
                       "reason": "the knowledge layer (aceten.knowledge) is not available yet"}
    assert analysis.analysis(game)["reason"] == "the analysis is shown when the deal is over"
    assert analysis.analysis(finished())["reason"] == \
        "the double-dummy solver (aceten.search) is not available yet"


def test_knowledge_is_built_from_a_view_only():
    game = aceten.new_game("briscola", players=2, seed=1)
    with pytest.raises(TypeError):
        analysis.knowledge(game)  # type: ignore[arg-type]


def test_knowledge_payload_from_a_knowledge_layer(monkeypatch):
    seen = []

    class Knowledge:
        def __init__(self, view):
            self.view = view

        @classmethod
        def from_view(cls, view):
            seen.append(view)
            return cls(view)

        def marginals(self):
            fam = self.view.rules.family
            ks = aceten.Card.parse("KS")
            three = aceten.Card.parse("3B")
            del fam
            return {ks: {1: Fraction(1, 4), "stock": Fraction(3, 4)}, three: {1: Fraction(1)}}

        def held(self, seat):
            return CardSet([aceten.Card.parse("3B")])

        def not_held(self, seat):
            return CardSet([aceten.Card.parse("AC")])

        def voids(self, seat):
            return [aceten.Suit.parse("C")]

        def count(self):
            return types.SimpleNamespace(deals=1234, holdings=56)

        def card_svg(self, card):
            return "<svg><title>who holds it</title></svg>"

    fake = types.ModuleType("fake_knowledge")
    fake.Knowledge = Knowledge
    monkeypatch.setitem(sys.modules, "fake_knowledge", fake)
    monkeypatch.setattr(analysis, "KNOWLEDGE_MODULE", "fake_knowledge")
    game = aceten.new_game("briscola", players=2, seed=1)
    payload = analysis.knowledge(game.view(0), aceten.Card.parse("KS"))
    assert seen and isinstance(seen[0], aceten.PlayerView) and seen[0].seat == 0
    assert payload == {
        "available": True, "seat": 0, "kripke_note": None, "worlds": "1234", "holdings": "56",
        "opponents": [{"seat": 1, "held": ["3B"], "not_held": ["AC"], "voids": ["C"],
                       "probabilities": {"KS": 0.25}}],
        "stock": {"KS": 0.75}, "card": "KS", "kripke_svg": "<svg><title>who holds it</title></svg>",
    }


@pytest.mark.skipif(importlib.util.find_spec("aceten.knowledge") is None, reason="no aceten.knowledge")
def test_the_knowledge_panel_never_claims_a_false_fact():
    game = aceten.new_game("briscola", players=2, seed=5)
    for _ in range(11):
        game.push(game.legal_moves()[0])
    payload = analysis.knowledge(game.view(0))
    if not payload["available"]:
        pytest.skip(payload["reason"])
    for opponent in payload["opponents"]:
        hand = {str(c) for c in game.hand(opponent["seat"])}
        assert set(opponent["held"]) <= hand
        assert not set(opponent["not_held"]) & hand


@pytest.mark.skipif(importlib.util.find_spec("aceten.search") is None, reason="no aceten.search")
def test_analysis_with_the_solver_values_every_card_played():
    game = finished(deck=SMALL)
    payload = analysis.analysis(game)
    if not payload["available"]:
        pytest.skip(payload["reason"])
    assert payload["complete"] is True
    rows = payload["moves"]
    assert [r["move"] for r in rows] == [str(m) for m in game.moves]
    for row in rows:
        assert row["value"] is not None and row["value"] <= row["best_value"]
        assert row["lost"] == row["best_value"] - row["value"] >= 0
    assert sum(payload["lost"]) == sum(r["lost"] for r in rows)
    # with no time to spend, only the last move is solved and the payload says it is partial
    partial = analysis.analysis(game, budget=0)
    assert partial["complete"] is False and partial["moves"][-1]["value"] is not None
    assert partial["moves"][0]["value"] is None


@pytest.mark.skipif(importlib.util.find_spec("aceten.search") is None, reason="no aceten.search")
def test_the_server_solves_the_analysis_in_a_worker_process(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from aceten.web.app import create_app

    app = create_app(tmp_path / "a.sqlite", bot_delay=0)
    with TestClient(app) as client:
        created = client.post("/api/tables", json={
            "game": "briscola", "players": 2, "seed": 3, "options": {"deck": SMALL},
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]}).json()
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "table": created["table"], "seat": 0,
                          "token": created["seats"][0]["token"]})
            while True:
                message = ws.receive_json()
                if message["type"] != "state":
                    continue
                if message["outcome"]:
                    break
                if message["to_move"] == 0:
                    ws.send_json({"type": "move", "move": message["legal"][0]["move"]})
            ws.send_json({"type": "analysis", "id": "a"})
            while (reply := ws.receive_json()).get("id") != "a":
                pass
    assert reply["type"] == "analysis"
    assert reply["available"], reply
    assert len(reply["moves"]) == 8 and all(r["value"] is not None for r in reply["moves"])
