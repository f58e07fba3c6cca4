"""Two server processes on one PostgreSQL database (two apps here, each with its own store,
NOTIFY listener and bot loop) both hold a table whose bots are to play after every move of its
person: each bot move is thought out by one of them only (the claim on the move), and both end
with the same record. Skipped without PostgreSQL's binaries or psycopg (``pg_support.py``)."""

from __future__ import annotations

import collections

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from aceten import record
from aceten.game import Game
from aceten.web.app import Server, create_app
from aceten.web.config import WebConfig
from pg_support import fresh_database, postgres_url  # noqa: F401  (a fixture)

SPEC = {"game": "briscola", "players": 4, "seed": 3,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3}


@pytest.mark.slow
def test_only_one_process_thinks_for_each_bot_move(request, monkeypatch):
    db = fresh_database(request.getfixturevalue("postgres_url"), "bot_claims")
    decided: collections.Counter[tuple[int, int]] = collections.Counter()  # (server, ply): times
    original = Server.bot_decision

    async def counting(self, table, seat):
        decided[id(self), len(table.plays)] += 1
        return await original(self, table, seat)

    monkeypatch.setattr(Server, "bot_decision", counting)
    config = WebConfig(bot_claim_wait=1.0, chosen_deals_with_people=True)
    with TestClient(create_app(db, bot_delay=0.02, config=config)) as first, \
            TestClient(create_app(db, bot_delay=0.02, config=config)) as second:
        created = first.post("/api/tables", json=SPEC).json()
        table, token = created["table"], created["seats"][0]["token"]
        assert second.get(f"/api/tables/{table}").status_code == 200  # loaded there too: its bots play
        with first.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "table": table, "seat": 0, "token": token, "id": 1})
            moved = 0
            while True:
                message = ws.receive_json()
                if message.get("type") == "error":
                    assert "moved on" in message["error"], message
                    continue
                if message.get("type") != "state":
                    continue
                if message["outcome"] is not None:
                    break
                if message["to_move"] == 0 and message["legal"]:
                    ws.send_json({"type": "move", "move": message["legal"][0]["move"],
                                  "ply": message["ply"], "id": 2 + moved})
                    moved += 1
        texts = [client.get(f"/api/tables/{table}/record.tgn").text for client in (first, second)]
    game = record.loads(texts[0])
    assert texts[0] == texts[1] and game.is_over()
    replay = Game(game.rules, seed=game.seed, deal=game.deal)
    bot_plies = []
    for ply, move in enumerate(game.moves):
        if replay.to_move != 0:
            bot_plies.append(ply)
        replay.push(move)
    per_ply: collections.Counter[int] = collections.Counter()
    for (_, ply), times in decided.items():
        per_ply[ply] += times
    assert sorted(per_ply) == bot_plies  # every bot move was thought out ...
    assert all(times == 1 for times in per_ply.values()), per_ply  # ... by one process, once
