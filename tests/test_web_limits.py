"""Nobody can lock the seated people out: idle sockets, spectators and table floods are bounded
(small limits from :class:`WebConfig`, a real uvicorn server on loopback), tables expire, and the
slow work (bots, analyses) is queued fairly."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from fastapi.testclient import TestClient  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from aceten.errors import AcetenError  # noqa: E402
from aceten.web import app as web_app  # noqa: E402
from aceten.web.app import create_app  # noqa: E402
from aceten.web.config import WebConfig  # noqa: E402
from aceten.web.queues import FairQueue, LruCache, PriorityPool  # noqa: E402
from web_support import running  # noqa: E402


async def request(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message`` with an id and read until its reply."""
    rid = random.randrange(1, 10**9)
    await ws.send(json.dumps({**message, "id": rid}))
    while True:
        reply = json.loads(await ws.recv())
        if reply.get("id") == rid:
            return reply


async def play_out(port: int, created: dict[str, Any]) -> int:
    """Connect every person's seat (newcomers, after the flood) and play the deal to its end,
    each its first legal move; returns the number of moves acknowledged."""
    table = created["table"]
    socks = {}
    for entry in created["seats"]:
        ws = await connect(f"ws://127.0.0.1:{port}/ws")
        joined = await request(ws, {"type": "join", "table": table, "seat": entry["seat"],
                                    "token": entry["token"]})
        assert joined["type"] == "ok", joined
        socks[entry["seat"]] = ws
    acked, mover = 0, 0
    try:
        while True:  # at most two messages a move, spread over the seats (under the rate limit)
            state = await request(socks[mover], {"type": "view"})
            assert state["type"] == "state", state
            if state["outcome"] is not None:
                return acked
            if state["to_move"] != mover:
                mover = state["to_move"]
                continue
            reply = await request(socks[mover], {"type": "move", "move": state["legal"][0]["move"],
                                                 "ply": state["ply"]})
            assert reply["type"] == "ok", reply
            acked += 1
    finally:
        for ws in socks.values():
            await ws.close()


async def flood_then_play(port: int, created: dict[str, Any], server: Any) -> dict[str, Any]:
    idle = []
    for _ in range(10):  # 1,000 sockets from one address that never send anything
        idle += await asyncio.gather(*(connect(f"ws://127.0.0.1:{port}/ws") for _ in range(100)))
    spectators, refused = [], []
    for _ in range(100):  # 100 spectators of the table
        ws = await connect(f"ws://127.0.0.1:{port}/ws")
        reply = await request(ws, {"type": "spectate", "table": created["table"]})
        (spectators if reply["type"] == "ok" else refused).append(reply)
        idle.append(ws)
    counts = {"unseated": server.gate.unseated, "from_address": server.gate.from_address("127.0.0.1"),
              "watchers": len(server.watchers[created["table"]]), "spectators": len(spectators),
              "refused": refused}
    counts["moves"] = await play_out(port, created)
    for ws in idle:  # the attacker's sockets just go (no closing handshake to wait for)
        ws.transport.abort()
    return counts


def test_a_thousand_idle_sockets_and_a_hundred_spectators_leave_the_seated_able_to_play(tmp_path):
    config = WebConfig(max_connections=200, max_per_address=40, max_spectators=20,
                       hello_timeout=3600, idle_timeout=3600)
    app = create_app(tmp_path / "flood.sqlite", bot_delay=0, config=config)
    server = app.state.server
    with running(app) as port:
        import httpx

        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "game": "briscola", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        counts = asyncio.run(flood_then_play(port, created, server))
    # the one address holds no more unseated sockets than its cap (and as many on probation,
    # waiting to join a seat); the table no more spectators than its cap
    assert counts["from_address"] <= 80 and counts["unseated"] <= 40
    assert counts["watchers"] <= 20
    assert counts["refused"] and all(
        r["error"] in ("this table has 20 spectators, as many as it takes; try later",
                       "the server is full; try later") or "too many connections" in r["error"]
        for r in counts["refused"])
    assert counts["moves"] == 40  # both people played the whole deal


def test_a_seat_has_its_own_slots_and_a_further_window_closes_its_oldest(tmp_path):
    config = WebConfig(seat_slots=2, max_spectators=1)
    app = create_app(tmp_path / "slots.sqlite", bot_delay=0, config=config)

    async def scenario(port: int, created: dict[str, Any]) -> list[dict[str, Any]]:
        url = f"ws://127.0.0.1:{port}/ws"
        join = {"type": "join", "table": created["table"], "seat": 0,
                "token": created["seats"][0]["token"]}
        windows = [await connect(url) for _ in range(3)]
        spectator = await connect(url)
        assert (await request(spectator, {"type": "spectate", "table": created["table"]}))["type"] == "ok"
        other = await connect(url)
        full = await request(other, {"type": "spectate", "table": created["table"]})
        assert full["type"] == "error" and "spectators" in full["error"] and full["id"]
        for ws in windows:
            assert (await request(ws, join))["type"] == "ok"  # spectators never take a seat's slot
        seen = []
        async for raw in windows[0]:  # the oldest window is told, then closed
            seen.append(json.loads(raw))
        for ws in [*windows, spectator, other]:
            await ws.close()
        return seen

    with running(app) as port:
        import httpx

        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={
            "game": "briscola", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]}).json()
        seen = asyncio.run(scenario(port, created))
    assert seen[-1] == {"type": "error", "error": "P1 was opened in another window; this one was closed",
                        "closing": True}


def test_sockets_that_send_nothing_are_closed(tmp_path):
    config = WebConfig(hello_timeout=0.2, idle_timeout=0.4)
    app = create_app(tmp_path / "idle.sqlite", bot_delay=0, config=config)

    async def scenario(port: int) -> tuple[dict[str, Any], dict[str, Any], Any]:
        silent = await connect(f"ws://127.0.0.1:{port}/ws")
        first = json.loads(await silent.recv())  # no time bound here: it comes when it comes
        talker = await connect(f"ws://127.0.0.1:{port}/ws")
        assert (await request(talker, {"type": "ping"}))["type"] == "pong"
        second = json.loads(await talker.recv())
        await silent.wait_closed()
        await talker.wait_closed()
        return first, second, silent.close_code

    with running(app) as port:
        first, second, code = asyncio.run(scenario(port))
    assert first["error"] == "closed: nothing received for 0.2 s" and first["closing"]
    assert second["error"] == "closed: nothing received for 0.4 s"
    assert code == 1000


def test_table_creation_is_capped_per_address_and_on_the_server(tmp_path):
    config = WebConfig(tables_per_address=3, table_refill=3600, max_open_tables=100)
    app = create_app(tmp_path / "cap.sqlite", bot_delay=0, config=config)
    with TestClient(app) as client:
        made = [client.post("/api/tables", json={"game": "briscola", "id": i}) for i in range(4)]
        assert [r.status_code for r in made] == [200, 200, 200, 400]
        assert made[3].json() == {"type": "error", "id": 3, "error":
                                  "too many tables created from your address; one more every 3600 s"}
    few = create_app(tmp_path / "few.sqlite", bot_delay=0, config=WebConfig(max_open_tables=2))
    with TestClient(few) as client:
        made = [client.post("/api/tables", json={"game": "briscola"}) for _ in range(3)]
        assert [r.status_code for r in made] == [200, 200, 400]
        assert "too many unfinished tables" in made[2].json()["error"]


def finish(client: TestClient, created: dict[str, Any]) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": created["table"], "seat": 0,
                                 "token": created["seats"][0]["token"]}))
        while True:
            message = ws.receive_json()
            if message.get("type") == "state":
                if message["outcome"] is not None:
                    return
                if message["to_move"] == 0:
                    ws.send_text(json.dumps({"type": "move", "move": message["legal"][0]["move"],
                                             "ply": message["ply"]}))


def test_unfinished_tables_expire_and_finished_ones_keep_their_records(tmp_path):
    config = WebConfig(table_ttl=3600, record_ttl=0)
    app = create_app(tmp_path / "ttl.sqlite", bot_delay=0, config=config)
    server = app.state.server
    with TestClient(app) as client:
        spec = {"game": "briscola", "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        stale = client.post("/api/tables", json=spec).json()
        done = client.post("/api/tables", json=spec).json()
        finish(client, done)
        gone = client.portal.call(server.sweep, time.time() + 3601)
        assert gone == [stale["table"]]
        assert client.get(f"/api/tables/{stale['table']}").json()["error"] == "this table has expired"
        assert client.get(f"/api/tables/{done['table']}/record.tgn").status_code == 200
        assert server.store.count() == 1
    dated = create_app(tmp_path / "ttl.sqlite", bot_delay=0, config=WebConfig(record_ttl=7 * 86400))
    with TestClient(dated) as client:
        server = dated.state.server
        assert client.portal.call(server.sweep, time.time() + 6 * 86400) == []
        assert client.portal.call(server.sweep, time.time() + 8 * 86400) == [done["table"]]
        assert server.store.count() == 0


def test_tables_nobody_uses_leave_memory_and_come_back_when_opened(tmp_path):
    app = create_app(tmp_path / "unload.sqlite", bot_delay=0, config=WebConfig(unload_after=0.001))
    server = app.state.server
    with TestClient(app) as client:
        created = client.post("/api/tables", json={"game": "cruce", "players": 2}).json()
        assert created["table"] in server.tables
        time.sleep(0.01)
        client.portal.call(server.sweep)
        assert created["table"] not in server.tables  # in the database only
        state = client.get(f"/api/tables/{created['table']}").json()
        assert state["table"] == created["table"] and created["table"] in server.tables


def test_a_restart_loads_no_table_until_it_is_opened(tmp_path):
    db = tmp_path / "lazy.sqlite"
    app = create_app(db, bot_delay=0)
    with TestClient(app) as client:
        ids = [client.post("/api/tables", json={"game": "briscola"}).json()["table"] for _ in range(5)]
    again = create_app(db, bot_delay=0)
    with TestClient(again) as client:
        assert again.state.server.tables == {}
        assert client.get(f"/api/tables/{ids[2]}").json()["ply"] == 0
        assert list(again.state.server.tables) == [ids[2]]


# -- the queues --------------------------------------------------------------------------------------
def test_a_table_with_a_person_gets_the_next_bot_slot_before_tables_of_bots():
    async def scenario() -> list[str]:
        pool = PriorityPool(1)
        order: list[str] = []
        gate = asyncio.Event()

        async def job(name: str) -> None:
            order.append(name)
            await gate.wait()

        first = asyncio.create_task(pool.run(1, lambda: job("bots-0")))
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(pool.run(1, lambda i=i: job(f"bots-{i}"))) for i in (1, 2)]
        await asyncio.sleep(0)
        waiting.append(asyncio.create_task(pool.run(0, lambda: job("person"))))
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(first, *waiting)
        return order

    assert asyncio.run(scenario()) == ["bots-0", "person", "bots-1", "bots-2"]


def test_analyses_are_served_to_clients_in_turn():
    async def scenario() -> tuple[list[str], str]:
        queue = FairQueue(1, per_client=4)
        order: list[str] = []
        gate = asyncio.Event()

        async def job(name: str) -> None:
            order.append(name)
            await gate.wait()

        tasks = [asyncio.create_task(queue.run("a", lambda i=i: job(f"a{i}"))) for i in range(4)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(queue.run("b", lambda: job("b0"))))
        await asyncio.sleep(0)
        try:
            await queue.run("a", lambda: job("a4"))
            refused = ""
        except AcetenError as err:
            refused = str(err)
        gate.set()
        await asyncio.gather(*tasks)
        return order, refused

    order, refused = asyncio.run(scenario())
    assert order == ["a0", "a1", "b0", "a2", "a3"]  # b waits for one of a's, not for all four
    assert refused.startswith("you already have 4 analyses under way")


def test_the_lru_cache_keeps_the_most_recent():
    cache: LruCache[str, int] = LruCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache)) == (1, None, 3, 2)


def test_a_failed_analysis_is_not_kept_and_a_good_one_is_kept_per_record(tmp_path, monkeypatch):
    answers = [{"available": False, "reason": "the analysis took longer than 140 s"},
               {"available": True, "moves": [], "lost": [0, 0]}]
    calls: list[str] = []

    async def fake(text: str, budget: float | None) -> dict[str, Any]:
        calls.append(text)
        return answers[min(len(calls), len(answers)) - 1]

    monkeypatch.setattr(web_app, "analyse_elsewhere", fake)
    app = create_app(tmp_path / "cache.sqlite", bot_delay=0)
    server = app.state.server
    with TestClient(app) as client:
        first = client.portal.call(server.analysis, "record text", "client-a")
        second = client.portal.call(server.analysis, "record text", "client-b")
        third = client.portal.call(server.analysis, "record text", "client-a")
    assert not first["available"] and second["available"] and third == second
    assert calls == ["record text", "record text"]  # the failure was tried again, the success kept
