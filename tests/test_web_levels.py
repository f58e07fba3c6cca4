"""The web table's bot levels and the coach's hints: a table with each level, an unknown level
refused, and hints that equal the coach's for the seat's own view and go to that seat only."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from aceten import agents
from aceten.agents.coach import Coach
from aceten.web.app import create_app
from aceten.web.tables import HINT_BOT, Table, _bot_seed


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path / "web.sqlite", bot_delay=0, chosen_deals_with_people=True)
    with TestClient(app) as c:
        yield c


def ws_request(ws: Any, message: dict[str, Any], rid: int) -> dict[str, Any]:
    ws.send_text(json.dumps({**message, "id": rid}))
    for _ in range(1000):
        reply = ws.receive_json()
        if reply.get("id") == rid:
            return reply
    raise AssertionError("no reply")


@pytest.mark.parametrize("level", agents.LEVELS)
def test_a_table_with_each_level_seats_that_level(client, level):
    response = client.post("/api/tables", json={"game": "briscola", "players": 2, "level": level})
    assert response.status_code == 200, response.text
    seats = response.json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"] and seats[1]["bot"] == level
    # a bot seat naming no bot takes the level too; one naming a bot keeps it
    spec = {"game": "briscola", "players": 3, "level": level,
            "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot", "bot": "greedy"}]}
    seats = client.post("/api/tables", json=spec).json()["seats"]
    assert [s["bot"] for s in seats] == [None, level, "greedy"]


def test_an_unknown_level_is_refused_with_the_request_id(client):
    response = client.post("/api/tables", json={"game": "briscola", "level": "godlike", "id": 7})
    assert response.status_code == 400
    body = response.json()
    assert body["type"] == "error" and "unknown level 'godlike'" in body["error"] and body["id"] == 7
    assert "easy, medium, hard, expert" in body["error"]
    with client.websocket_connect("/ws") as ws:
        reply = ws_request(ws, {"type": "create", "level": 3}, 5)
        assert reply["type"] == "error" and "unknown level" in reply["error"]


def test_searching_levels_are_refused_without_the_search_extra(client, monkeypatch):
    monkeypatch.setattr(agents, "_search_installed", lambda: False)
    for level in ("hard", "expert"):
        body = client.post("/api/tables", json={"game": "briscola", "level": level}).json()
        assert body["type"] == "error" and "pip install 'aceten[search]'" in body["error"]
    assert client.post("/api/tables", json={"game": "briscola", "level": "medium"}).status_code == 200


def test_the_catalogue_offers_the_levels(client):
    games = client.get("/api/games").json()
    assert games["levels"] == list(agents.LEVELS) and games["default_level"] in agents.LEVELS


def test_a_hint_is_the_coachs_for_the_seats_view_and_only_for_that_seat(client):
    spec = {"game": "briscola", "players": 2, "seed": 11,
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = client.post("/api/tables", json=spec).json()
    table_id = created["table"]
    with client.websocket_connect("/ws") as p1, client.websocket_connect("/ws") as p2, \
            client.websocket_connect("/ws") as watcher:
        for ws, seat in ((p1, 0), (p2, 1)):
            joined = ws_request(ws, {"type": "join", "table": table_id, "seat": seat,
                                     "token": created["seats"][seat]["token"]}, 1)
            assert joined["type"] == "ok"
        assert ws_request(watcher, {"type": "spectate", "table": table_id}, 1)["type"] == "ok"
        spectator = ws_request(watcher, {"type": "hint"}, 2)
        assert spectator["type"] == "error" and "spectators" in spectator["error"]
        early = ws_request(p2, {"type": "hint"}, 2)
        assert early["type"] == "error" and "P1 is to move" in early["error"]
        moves_so_far: list[str] = []
        for ply in range(4):  # hints on both seats' turns, each followed by that move
            ws, seat = (p1, 0) if ply % 2 == 0 else (p2, 1)
            hint = ws_request(ws, {"type": "hint"}, 10 + ply)
            # the same game rebuilt here: the coach on the seat's own view gives the same
            game = Table.create({**spec, "seats": [{"kind": "human"}, {"kind": "human"}]},
                                chosen_deals_with_people=True)[0].game
            for move in moves_so_far:
                game.push(game.parse_move(move))
            expected = Coach(HINT_BOT, seed=_bot_seed(11, seat, ply)).hint(game.view(seat))
            assert hint["type"] == "hint" and hint["seat"] == seat and hint["ply"] == ply
            assert hint["move"] == str(expected.move) and hint["reason"] == expected.reason[:300]
            moved = ws_request(ws, {"type": "move", "move": hint["move"], "ply": ply}, 20 + ply)
            assert moved["type"] == "ok"
            moves_so_far.append(hint["move"])

