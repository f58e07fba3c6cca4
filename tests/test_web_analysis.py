"""The web table's adapter to the knowledge layer and the solver: clear "not available" payloads
without them, the documented payloads with them, and only ever a seat's view for knowledge."""

from __future__ import annotations

import re

import pytest

import aceten
from aceten.web import analysis

SMALL = "AS 3S KS 2S AC 3C KC 2C"  # a 2-player Briscola deck small enough to solve at once


def finished(name="briscola", players=2, seed=7, **options):
    game = aceten.new_game(name, players=players, seed=seed, **options)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    return game


def test_without_the_solver_the_analysis_says_so(monkeypatch):
    monkeypatch.setattr(analysis, "SEARCH_MODULE", "aceten._not_here")
    game = aceten.new_game("briscola", players=2, seed=1)
    assert analysis.analysis(game)["reason"] == "the analysis is shown when the deal is over"
    assert analysis.analysis(finished()) == {
        "available": False,
        "reason": "the double-dummy solver is not installed: pip install 'aceten[search]'"}


def test_knowledge_is_built_from_a_view_only():
    game = aceten.new_game("briscola", players=2, seed=1)
    with pytest.raises(TypeError):
        analysis.knowledge(game)  # type: ignore[arg-type]


def test_a_layer_error_that_is_not_a_refusal_is_raised_not_hidden(monkeypatch):
    def broken(view):
        raise AttributeError("renamed")

    monkeypatch.setattr(analysis.Knowledge, "from_view", broken)
    game = aceten.new_game("briscola", players=2, seed=1)
    with pytest.raises(AttributeError):
        analysis.knowledge(game.view(0))


@pytest.mark.parametrize("name, players", [("briscola", 2), ("briscola", 4), ("brisca", 2),
                                           ("cruce", 4), ("klaverjas", 4)])
def test_the_knowledge_panel_is_true_and_complete(name, players):
    """The payload from the real knowledge layer, at several points of a deal: never a false
    fact, every unseen card's chances sum to one over the places it may be."""
    game = aceten.new_game(name, players=players, seed=5)
    checked = 0
    while not game.is_over():
        if game.phase == "play" and len(game.moves) % 5 == 0:
            seat = game.to_move
            view = game.view(seat)
            card = next(iter(game.hand((seat + 1) % players)))  # unseen by the seat
            payload = analysis.knowledge(view, card)
            assert payload["available"], payload
            assert payload["seat"] == seat and int(payload["worlds"]) >= int(payload["holdings"]) >= 1
            assert payload["kripke_svg"] is not None or payload["kripke_note"]
            chance: dict[str, float] = dict(payload["stock"])
            for opponent in payload["opponents"]:
                hand = {str(c) for c in game.hand(opponent["seat"])}
                assert set(opponent["held"]) <= hand
                assert not set(opponent["not_held"]) & hand
                for suit in opponent["voids"]:
                    assert not any(c.endswith(suit) for c in hand)
                for card, p in opponent["probabilities"].items():
                    assert 0 < p < 1 and card not in opponent["held"]
                    chance[card] = chance.get(card, 0) + p
            for card, total in chance.items():
                assert total <= 1 + 1e-3, (card, total)
            checked += 1
        game.push(game.legal_moves()[0])
    assert checked >= 3


def test_analysis_with_the_solver_values_every_card_played():
    game = finished(deck=SMALL)
    payload = analysis.analysis(game)
    assert payload["available"], payload
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


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")
def test_the_server_solves_the_analysis_in_a_worker_process(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from aceten.web.app import create_app

    app = create_app(tmp_path / "a.sqlite", bot_delay=0, analysis_budget=1800,  # a hang guard only
                     chosen_deals_with_people=True)
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


def test_loading_the_solver_does_not_count_against_the_budget(monkeypatch):
    """The first solve of a process may compile the solver (half a minute after installing);
    the budget is for solving, so a slow first call must not make the analysis partial."""
    import sys
    import time
    import types

    import aceten.search

    calls = []

    def slow_first_solve(game):
        if not calls:
            time.sleep(1.0)  # as if compiling
        calls.append(1)
        return aceten.search.solve(game)

    fake = types.ModuleType("slow_search")
    fake.solve = slow_first_solve
    monkeypatch.setitem(sys.modules, "slow_search", fake)
    monkeypatch.setattr(analysis, "SEARCH_MODULE", "slow_search")
    payload = analysis.analysis(finished(deck=SMALL), budget=0.9)
    assert payload["available"] and payload["complete"], payload
    assert all(row["value"] is not None for row in payload["moves"])


def test_counts_and_chances_are_in_plain_words():
    from aceten.web.analysis import percent, plain_count

    assert plain_count(56_512_727_325_000_000_000_000_000, "possible deal") == "about 6 × 10²⁵ possible deals"
    assert plain_count(2_196_606_720, "way") == "about 2 × 10⁹ ways"
    assert plain_count(96_000_000, "way") == "about 1 × 10⁸ ways"  # 9.6 rounds up a power
    assert plain_count(1, "way") == "1 way" and plain_count(1234, "way") == "1,234 ways"
    assert (percent(0.3712), percent(0.001), percent(0.999), percent(1.0)) == ("37%", "<1%", ">99%", "100%")


def test_the_knowledge_panel_says_its_counts_in_words():
    game = aceten.new_game("briscola", players=2, seed=3)
    payload = analysis.knowledge(game.view(0))
    assert payload["worlds_text"].startswith("about ") and payload["worlds_text"].endswith("possible deals")
    chances = payload["opponents"][0]["percents"]
    assert chances and all(v.endswith("%") for v in chances.values())


def test_the_log_never_says_1_points_and_names_cards_in_words():
    from aceten.web.tables import Table

    table, _ = Table.create({"game": "briscola", "players": 2, "seed": 5})
    while not table.game.is_over():
        table.push(table.game.to_move, str(table.game.legal_moves()[0]))
    texts = [e["text"] for e in table.state(0)["log"]]
    assert not any(re.search(r"\b1 (points|tricks|ways)\b", t) for t in texts)
    assert any(re.match(r"P[12] plays the \w+ of \w+$", t) for t in texts)
    assert any(re.match(r"Trick \d+: P[12] takes \d+ points?$", t) for t in texts)


@pytest.mark.parametrize("name, players", [("briscola", 3), ("klaverjas", 4)])
def test_the_spectators_kripke_picture_is_the_same_from_every_seats_view(name, players):
    """Built from the public history only: which seat's view it starts from changes nothing,
    so no seat's private cards can show in it; it is labelled for a spectator."""
    game = aceten.new_game(name, players=players, seed=5)
    for _ in range(players + 2):
        game.push(game.legal_moves()[0])
    unseen = [c for c in game.rules.deck
              if all(c not in game.view(s).hand for s in range(players)) and c != game.turned_card]
    cards = [next(iter(game.view(0).hand)), next(iter(game.view(1).hand)), *unseen[:1]]
    for card in cards:
        pictures = {analysis.public_picture(game.view(s), card)["kripke_svg"] for s in range(players)}
        assert len(pictures) == 1
        svg = pictures.pop()
        assert "a spectator considers possible" in svg and "the public view after" in svg
        assert not re.search(r"P\d considers possible|P\d's view", svg)
    with pytest.raises(TypeError):
        analysis.public_picture(game, cards[0])  # type: ignore[arg-type]
