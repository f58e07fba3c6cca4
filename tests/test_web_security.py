"""The web table's HTTP hygiene and fairness: security headers, no inline script, origins and
hosts, request ids on every error, oversized messages answered, and deals nobody can stack."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from importlib import resources

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from aceten import record
from aceten.web.app import MAX_MESSAGE, create_app
from aceten.web.config import WebConfig
from aceten.web.security import host_allowed, origin_allowed

STATIC = resources.files("aceten.web").joinpath("static")


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "sec.sqlite", bot_delay=0)) as c:
        yield c


def test_every_reply_carries_the_security_headers(client):
    for path in ("/", "/table/abc", "/static/app.js", "/static/style.css", "/api/games",
                 "/api/cards/briscola/AS.svg", "/api/tables/nope"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert "'unsafe-inline'" not in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"


class InlineFinder(HTMLParser):
    """Inline scripts, style elements, style attributes and event-handler attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        self.found += [f"{tag} {name}=" for name in names if name == "style" or name.startswith("on")]


def test_the_page_has_no_inline_script_or_style():
    finder = InlineFinder()
    finder.feed(STATIC.joinpath("index.html").read_text())
    assert finder.found == []
    script = STATIC.joinpath("app.js").read_text()
    # styles are set through the CSSOM (allowed by the CSP), never as a style attribute
    assert not re.search(r"""[{,]\s*["']?style["']?\s*:|setAttribute\(\s*["']style""", script)
    assert "innerHTML" not in script


def test_a_websocket_from_another_site_is_refused(client):
    evil = {"origin": "https://evil.example"}
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws", headers=evil) as ws:
        ws.receive_json()
    assert refused.value.code == 1008
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        ws.send_text('{"type": "ping", "id": 1}')
        assert ws.receive_json() == {"type": "pong", "id": 1}
    with client.websocket_connect("/ws") as ws:  # no Origin: not a browser page
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}


def test_an_api_post_from_another_site_is_refused(client):
    evil = client.post("/api/tables", json={"game": "briscola"}, headers={"origin": "https://evil.example"})
    assert evil.status_code == 403 and "another site" in evil.text
    mine = client.post("/api/tables", json={"game": "briscola"}, headers={"origin": "http://testserver"})
    assert mine.status_code == 200
    assert client.get("/api/games", headers={"origin": "https://evil.example"}).status_code == 200


def test_origins_behind_a_reverse_proxy_are_configured(tmp_path):
    config = WebConfig(allowed_origins=("https://cards.example",))
    with TestClient(create_app(tmp_path / "proxy.sqlite", bot_delay=0, config=config)) as client:
        ok = client.post("/api/tables", json={"game": "briscola"}, headers={"origin": "https://cards.example"})
        assert ok.status_code == 200
        with client.websocket_connect("/ws", headers={"origin": "https://cards.example"}) as ws:
            ws.send_text('{"type": "ping"}')
            assert ws.receive_json()["type"] == "pong"
    assert origin_allowed("https://a.example", "a.example", ())
    assert not origin_allowed("https://a.example.evil", "a.example", ())
    assert not origin_allowed("null", "a.example", ())


def test_unknown_host_names_are_refused_when_hosts_are_configured(tmp_path):
    config = WebConfig(allowed_hosts=("cards.example", "*.cards.example"))
    with TestClient(create_app(tmp_path / "hosts.sqlite", bot_delay=0, config=config),
                    base_url="http://cards.example") as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"host": "www.cards.example:8000"}).status_code == 200
        bad = client.get("/", headers={"host": "rebind.attacker.example"})
        assert bad.status_code == 400 and "host name" in bad.text
    assert host_allowed("[::1]:8000", ("::1",)) and host_allowed("localhost:80", ("localhost",))
    assert not host_allowed(None, ("localhost",)) and host_allowed(None, ("*",))


def test_every_error_reply_carries_the_request_id(tmp_path):
    app = create_app(tmp_path / "ids.sqlite", bot_delay=0)
    with TestClient(app) as client, client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "ping", "id": "big", "pad": "x" * MAX_MESSAGE}))
        assert ws.receive_json() == {"type": "error", "id": "big",
                                     "error": f"message too large (over {MAX_MESSAGE} bytes)"}
        ws.send_text(json.dumps({"type": "nope", "id": 7}))
        assert ws.receive_json()["id"] == 7
        for i in range(80):
            ws.send_text(json.dumps({"type": "ping", "id": i}))
        replies = [ws.receive_json() for _ in range(80)]
        slowed = [r for r in replies if r["type"] == "error"]
        assert slowed and all(r["error"] == "too many messages; slow down" for r in slowed)
        assert [r["id"] for r in replies] == list(range(80))


def test_a_megabyte_message_gets_the_error_not_a_closed_socket(tmp_path):
    from websockets.asyncio.client import connect

    from web_support import running

    async def scenario(port: int) -> tuple[dict, dict]:
        async with connect(f"ws://127.0.0.1:{port}/ws", max_size=None) as ws:
            await ws.send(json.dumps({"type": "ping", "id": 1, "pad": "x" * 1_000_000}))
            big = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "ping", "id": 2}))
            return big, json.loads(await ws.recv())

    with running(create_app(tmp_path / "big.sqlite", bot_delay=0)) as port:
        big, after = asyncio.run(scenario(port))
    assert big == {"type": "error", "id": 1, "error": f"message too large (over {MAX_MESSAGE} bytes)"}
    assert after == {"type": "pong", "id": 2}  # the socket still serves


def test_serve_rejects_a_bad_setting_in_one_line(tmp_path):
    from test_web_server import free_port

    command = [sys.executable, "-c", "from aceten.cli import main; main()", "serve", "--port",
               str(free_port()), "--db", str(tmp_path / "x.sqlite"), "--set", "max_spectators=lots"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: --set max_spectators: 'lots' is not a valid value (like 60)"]
    assert WebConfig.from_settings(["table_ttl=60", "allowed_origins=https://a, https://b"],
                                   listen="0.0.0.0") == WebConfig(
        table_ttl=60.0, allowed_origins=("https://a", "https://b"))
    assert WebConfig.from_settings([], listen="127.0.0.1").allowed_hosts == ("127.0.0.1", "localhost", "::1")


def ask(ws, message: dict) -> dict:
    """Send ``message`` with a fresh id and read until its reply."""
    ask.next = getattr(ask, "next", 0) + 1
    ws.send_text(json.dumps({**message, "id": ask.next}))
    while True:
        reply = ws.receive_json()
        if reply.get("id") == ask.next:
            return reply


# -- fair deals --------------------------------------------------------------------------------------
PEOPLE = [{"kind": "human"}, {"kind": "human"}]
STACKED = {"deck": "AS 3S KS 2S AC 3C KC 2C", "stacked": "yes"}


def test_a_chosen_seed_or_a_stacked_deck_is_refused_with_several_people(client):
    for spec in ({"seed": 7}, {"options": STACKED}):
        reply = client.post("/api/tables", json={"game": "briscola", "seats": PEOPLE, **spec})
        assert reply.status_code == 400
        assert reply.json()["error"].startswith("a chosen seed or a stacked deck is only for tables "
                                                "with one person")
    # one person against bots may practise a known deal
    alone = client.post("/api/tables", json={"game": "briscola", "seed": 7, "options": STACKED,
                                             "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert alone.status_code == 200
    assert alone.json()["setup"] == {"options": {"deck": "8 chosen cards", "stacked": True},
                                     "seed": "chosen by the creator", "seed_chosen": True,
                                     "stacked": True, "custom_deck": True, "fair": False}


def test_every_seat_sees_the_set_up_before_sitting_down_and_the_record_states_it(tmp_path):
    app = create_app(tmp_path / "fair.sqlite", bot_delay=0, chosen_deals_with_people=True)
    with TestClient(app) as client:
        created = client.post("/api/tables", json={"game": "briscola", "seats": PEOPLE, "seed": 7,
                                                   "options": {"deck": "AS 3S KS 2S AC 3C KC 2C"}}).json()
        public = client.get(f"/api/tables/{created['table']}").json()  # before joining
        assert public["setup"]["seed"] == "chosen by the creator" and public["setup"]["fair"] is False
        assert public["setup"]["custom_deck"] and not public["setup"]["stacked"]
        fair = client.post("/api/tables", json={"game": "briscola", "seats": PEOPLE}).json()
        assert client.get(f"/api/tables/{fair['table']}").json()["setup"] == {
            "options": {}, "seed": "random, by the server", "seed_chosen": False, "stacked": False,
            "custom_deck": False, "fair": True}
        with client.websocket_connect("/ws") as ws:
            tokens = [s["token"] for s in created["seats"]]
            ws.send_text(json.dumps({"type": "join", "table": created["table"], "seat": 0,
                                     "token": tokens[0]}))
            joined = ws.receive_json()
            assert joined["type"] == "joined" and joined["setup"]["seed_chosen"]
        with client.websocket_connect("/ws") as one, client.websocket_connect("/ws") as two:
            seats = [one, two]
            for seat, ws in enumerate(seats):
                assert ask(ws, {"type": "join", "table": created["table"], "seat": seat,
                                "token": tokens[seat]})["type"] == "ok"
            state = ask(one, {"type": "view"})
            while state["outcome"] is None:
                mine = ask(seats[state["to_move"]], {"type": "view"})
                ask(seats[state["to_move"]], {"type": "move", "move": mine["legal"][0]["move"]})
                state = ask(one, {"type": "view"})
        text = client.get(f"/api/tables/{created['table']}/record.tgn").text
    assert '[Seed "7"] ; seed chosen by the creator' in text
    assert record.loads(text).seed == 7


def test_a_stacked_decks_order_reaches_nobody(client):
    """The deck a seat or spectator is sent lists which cards are in play in a fixed order, not
    the stacked order (which is the deal)."""
    stacked = "KC 2C AS 3S KS 2S AC 3C"
    created = client.post("/api/tables", json={
        "game": "briscola", "options": {"deck": stacked, "stacked": "yes"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "spectate", "table": created["table"]}))
        joined = ws.receive_json()
    codes = [c["code"] for c in joined["deck"]["cards"]]
    assert sorted(codes) == sorted(stacked.split()) and codes != stacked.split()
    assert stacked not in json.dumps(joined) and stacked not in json.dumps(created["setup"])
