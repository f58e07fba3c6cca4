"""The web table's protocol over FastAPI's test client: full games of every game, hostile input,
and the property that no message reaches a receiver with a card hidden from it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aceten import record
from aceten.cards import Card
from aceten.web.app import MAX_MESSAGE, create_app
from web_support import check_messages, hidden_cards, leaked, public_cards, replay_to

CONFIGS = [
    ("briscola", 2, None, {}),
    ("briscola", 3, None, {}),
    ("briscola", 4, None, {}),
    ("brisca", 2, None, {}),
    ("brisca", 4, None, {"arrastre": "yes"}),
    ("cruce", 2, None, {}),
    ("cruce", 3, None, {}),
    ("cruce", 4, None, {}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {"open_cards": 1}),
    ("briscola", 5, "chiamata", {}),
    ("briscola", 6, None, {}),
    ("brisca", 6, None, {}),
]


@pytest.fixture(autouse=True)
def no_solver(monkeypatch):
    """The protocol tests do not wait for the solver (its own test is in test_web_analysis)."""
    from aceten.web import analysis

    monkeypatch.setattr(analysis, "SEARCH_MODULE", "aceten._not_here")


OPEN: list[Player] = []  # connections of the running test, closed even when it fails


def close_all() -> None:
    while OPEN:
        OPEN.pop().close()


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path / "web.sqlite", bot_delay=0, chosen_deals_with_people=True)
    with TestClient(app) as c:
        try:
            yield c
        finally:
            close_all()


class Player:
    """One WebSocket connection of the test, keeping every message it receives."""

    def __init__(self, client: TestClient, name: Any):
        self.name = name
        self.ctx = client.websocket_connect("/ws")
        self.ws = self.ctx.__enter__()
        OPEN.append(self)
        self.inbox: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.next_id = 1
        self.sent: dict[int, Any] = {}

    def send(self, message: dict[str, Any]) -> int:
        rid = self.next_id
        self.next_id += 1
        self.sent[rid] = message.get("move")
        self.ws.send_text(json.dumps({**message, "id": rid}))
        return rid

    def receive(self) -> dict[str, Any]:
        message = self.ws.receive_json()
        if message.get("type") == "error" and message.get("id") in self.sent:
            self.inbox.append({**message, "_sent": self.sent[message["id"]]})
        else:
            self.inbox.append(message)
        if message.get("type") == "state":
            self.state = message
        return message

    def until(self, predicate) -> dict[str, Any]:
        for _ in range(10_000):
            message = self.receive()
            if predicate(message):
                return message
        raise AssertionError("no such message")

    def reply(self, rid: int) -> dict[str, Any]:
        return self.until(lambda m: m.get("id") == rid)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        return self.reply(self.send(message))

    def caught_up(self, ply: int) -> dict[str, Any]:
        if self.state is not None and self.state["ply"] >= ply:
            return self.state
        return self.until(lambda m: m.get("type") == "state" and m["ply"] >= ply)

    def close(self) -> None:
        if self.ctx is not None:
            ctx, self.ctx = self.ctx, None
            ctx.__exit__(None, None, None)


def play_table(client: TestClient, game: str, players: int, variant: str | None, options: dict,
               seed: int, bots: dict[int, str] | None = None, hostile: bool = True,
               rng: random.Random | None = None) -> tuple[Any, dict, dict]:
    """Create a table, connect every human seat and two spectators, play the deal to the end
    choosing moves from what each seat is sent, and try bad input along the way."""
    rng = rng or random.Random(seed)
    bots = bots or {}
    seats = [{"kind": "bot", "bot": bots[i]} if i in bots else {"kind": "human"} for i in range(players)]
    spec = {"game": game, "players": players, "variant": variant, "options": options,
            "seats": seats, "seed": seed}
    response = client.post("/api/tables", json=spec)
    assert response.status_code == 200, response.text
    created = response.json()
    table = created["table"]
    opened: list[Player] = []
    try:
        spectators = [Player(client, "spectator-a"), Player(client, "spectator-b")]
        opened.extend(spectators)
        for spectator in spectators:
            assert spectator.request({"type": "spectate", "table": table})["type"] == "ok"
        humans: dict[int, Player] = {}
        for entry in created["seats"]:
            if entry["kind"] != "human":
                assert "token" not in entry
                continue
            player = Player(client, entry["seat"])
            opened.append(player)
            joined = player.request({"type": "join", "table": table, "seat": entry["seat"],
                                     "token": entry["token"]})
            assert joined["type"] == "ok", joined
            humans[entry["seat"]] = player
        watcher = spectators[0]
        watcher.request({"type": "view"})
        moves = 0
        while True:
            state = watcher.state
            assert state is not None
            if state["outcome"] is not None:
                break
            mover = state["to_move"]
            if mover not in humans:  # a bot is to move: wait for it
                ply = state["ply"]
                watcher.until(lambda m, ply=ply: m.get("type") == "state" and m["ply"] > ply)
                continue
            player = humans[mover]
            mine = player.caught_up(state["ply"])
            assert mine["seat"] == mover and mine["hand"] is not None and mine["legal"]
            if hostile and moves % 7 == 3:
                _hostile_turn(client, player, humans, spectators[1], mine, rng, table)
            move = rng.choice(mine["legal"])["move"]
            reply = player.request({"type": "move", "move": move, "ply": mine["ply"]})
            assert reply["type"] == "ok", reply
            moves += 1
            watcher.caught_up(mine["ply"] + 1)
        final_ply = watcher.state["ply"]
        for player in [*humans.values(), *spectators]:
            player.caught_up(final_ply)
        tgn = (humans[min(humans)] if humans else watcher).request({"type": "record"})
        assert tgn["type"] == "record", tgn
        final = record.loads(tgn["tgn"])
        assert len(final.moves) == final_ply and final.is_over()
        for player in [*humans.values(), *spectators]:
            for kind in ("log", "last_trick", "analysis", "knowledge"):
                player.request({"type": kind})
        inbox = {p.name: p.inbox for p in [*humans.values(), *spectators]}
        seat_of = {p.name: (p.name if isinstance(p.name, int) else None)
                   for p in [*humans.values(), *spectators]}
        return final, inbox, seat_of
    finally:
        for player in opened:
            player.close()


def _hostile_turn(client, player, humans, spectator, state, rng, table) -> None:
    """Bad input from the mover, another seat, a spectator and a stranger: each gets an error
    reply that names no card the sender may not see."""
    hand = set(state["hand"])
    # a card the mover does not hold (it is someone else's, or played, or in the stock)
    strangers = [c for c in _deck_codes(state) if c not in hand]
    reply = player.request({"type": "move", "move": rng.choice(strangers)})
    assert reply["type"] == "error" and reply["error"].startswith("illegal move"), reply
    assert player.request({"type": "move", "move": "ZZ"})["type"] == "error"
    assert player.request({"type": "move", "move": ["AS"]})["type"] == "error"
    stale = {"type": "move", "move": state["legal"][0]["move"], "ply": state["ply"] - 1}
    assert player.request(stale)["type"] == "error"
    for seat, other in humans.items():
        if seat != state["seat"]:
            reply = other.request({"type": "move", "move": rng.choice(strangers)})
            assert reply["type"] == "error" and reply["error"].startswith("not your turn"), reply
            break
    assert spectator.request({"type": "move", "move": state["hand"][0]})["error"] == "spectators cannot move"
    assert spectator.request({"type": "record"})["type"] == "error"
    assert spectator.request({"type": "knowledge"})["type"] == "error"
    assert spectator.request({"type": "analysis"})["type"] == "error"
    # a stranger with a wrong token, then without one
    stranger = Player(client, "stranger")
    reply = stranger.request({"type": "join", "table": table, "seat": state["seat"], "token": "x" * 24})
    assert reply == {"type": "error", "error": f"wrong or missing token for P{state['seat'] + 1}", "id": 1}
    assert stranger.request({"type": "join", "table": table, "seat": state["seat"]})["type"] == "error"
    assert stranger.request({"type": "move", "move": state["hand"][0]})["type"] == "error"
    stranger.ws.send_text("{not json")
    assert stranger.receive() == {"type": "error", "error": "malformed JSON"}
    stranger.ws.send_text("[" * 20_000 + "]" * 20_000)  # the socket closed without a word
    assert stranger.receive() == {"type": "error", "error": "malformed JSON"}
    stranger.ws.send_text("x" * (MAX_MESSAGE + 1))
    assert "too large" in stranger.receive()["error"]
    stranger.close()


def _deck_codes(state: dict[str, Any]) -> list[str]:
    """The cards of the table's deck (six players play without the 2s)."""
    import aceten

    variant = None if state["variant"] == "standard" else state["variant"]
    rules = aceten.rules.get(state["game"], players=state["players"], variant=variant)
    return [str(c) for c in rules.deck]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS,
                         ids=[f"{g}-{n}-{v or 'standard'}" for g, n, v, _ in CONFIGS])
def test_full_game_over_the_protocol_leaks_no_hidden_card(client, game, players, variant, options):
    final, inbox, seat_of = play_table(client, game, players, variant, options, seed=11)
    assert check_messages(final, inbox, seat_of) > 100
    # every seat was sent its own hand, and never another's
    for name, messages in inbox.items():
        states = [m for m in messages if m.get("type") == "state"]
        assert states and all(s["seat"] == seat_of[name] for s in states)
        if seat_of[name] is None:
            assert all(s["hand"] is None and s["legal"] == [] for s in states)


def test_the_record_of_a_played_table_replays_to_the_same_game(client):
    final, _, _ = play_table(client, "briscola", 2, None, {}, seed=5, hostile=False)
    again = replay_to(final, len(final.moves))
    assert record.dumps(again) == record.dumps(final)
    assert final.seed == 5


@pytest.mark.slow
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31), bot_seats=st.sets(st.integers(0, 3)),
       bot=st.sampled_from(["greedy", "random"]))
def test_property_no_message_names_a_card_hidden_from_its_receiver(tmp_path_factory, config, seed,
                                                                   bot_seats, bot):
    game, players, variant, options = config
    bots = {s: bot for s in bot_seats if s < players}
    if len(bots) == players:
        bots.pop(0)
    app = create_app(tmp_path_factory.mktemp("prop") / "web.sqlite", bot_delay=0,
                     chosen_deals_with_people=True)
    with TestClient(app) as client:
        try:
            final, inbox, seat_of = play_table(client, game, players, variant, options, seed=seed,
                                               bots=bots, rng=random.Random(seed))
        finally:
            close_all()
    check_messages(final, inbox, seat_of)


def test_bots_play_server_side_and_state_their_reasons(client):
    _, inbox, _ = play_table(client, "briscola", 2, None, {}, seed=3, bots={1: "greedy"}, hostile=False)
    states = [m for m in inbox[0] if m.get("type") == "state"]
    reasons = [mv["reason"] for mv in states[-1]["moves"] if mv["seat"] == 1]
    assert len(reasons) == 20 and all(reasons)
    assert all(mv["reason"] is None for mv in states[-1]["moves"] if mv["seat"] == 0)
    # a reason shown with a card of the current trick
    assert any(t["reason"] for s in states for t in s["trick"] if t["seat"] == 1)


@pytest.mark.parametrize("seed", [2, 5])
def test_a_hidden_partner_reaches_only_who_may_know_it(client, seed):
    """Briscola chiamata, one person and four bots: the partner, the reveal in the log and the
    bots' reasons (which may give a side away) reach the person and the spectators only once
    they can know the partner; the auction's bids are on every state; the end has the roles'
    sheet."""
    bots = {s: "greedy" for s in range(1, 5)}
    final, inbox, seat_of = play_table(client, "briscola", 5, "chiamata", {}, seed=seed, bots=bots,
                                       hostile=False)
    assert check_messages(final, inbox, seat_of) > 50
    outcome = final.outcome()
    assert outcome is not None and outcome.declarer is not None, "a deal nobody bid: choose another seed"
    for messages in inbox.values():
        states = [m for m in messages if m.get("type") == "state"]
        auction = [b for b in states[-1]["bids"] if b["kind"] == "auction"]
        assert auction and auction[0]["move"].startswith(("bid:", "pass"))
        last = states[-1]
        assert last["hidden_teams"] and last["partner"] == outcome.partner
        assert last["outcome"]["seat_scores"] and sum(last["outcome"]["seat_scores"]) == 0
        assert any(e["kind"] == "reveal" and e["seat"] == outcome.partner for e in last["log"])
        kinds = {e["kind"] for e in last["log"]}
        assert {"auction", "call-card"} <= kinds
        assert any(mv["reason"] for mv in last["moves"])  # shown once the partner is known
        # each move of the log (bids and the call too) has its own move's reason
        plies = [e for e in last["log"] if "ply" in e]
        assert [e["ply"] for e in plies] == list(range(len(last["moves"])))
        assert all(e.get("reason") == last["moves"][e["ply"]]["reason"] for e in plies)
        # before the call nobody knows a partner: no reason reached anyone
        called_at = next(i for i, p in enumerate(last["moves"]) if p["move"].startswith("call:"))
        early = [m for m in states if m["ply"] <= called_at]
        assert early and all(not any(mv["reason"] for mv in m["moves"]) for m in early)


def test_a_bots_reason_never_names_a_card_its_receiver_has_not_seen():
    from aceten.web.tables import redact

    deck = tuple(Card.parse(c) for c in ("AS", "3S", "KB", "7O"))
    visible = {Card.parse("AS")}
    text = "keep 3S and king of clubs for later; AS now; 7O"
    shown = redact(text, visible, deck)
    assert shown == "keep a hidden card and a hidden card for later; AS now; a hidden card"


def test_errors_for_bad_input_keep_the_server_serving(client):
    created = client.post("/api/tables", json={"game": "briscola", "players": 2, "seed": 1,
                                                "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    table = created["table"]
    bad = Player(client, "bad")
    for text in ("", "[]", "null", "42", '{"type": 7}', '{"type": "nope"}', '{"no": "type"}',
                 "\u0000", '{"type": "join"}', '{"type": "join", "table": "nope", "seat": 0, "token": "x"}',
                 json.dumps({"type": "join", "table": table, "seat": 5, "token": "x"}),
                 json.dumps({"type": "join", "table": table, "seat": True, "token": "x"}),
                 json.dumps({"type": "join", "table": table, "seat": 0, "token": None}),
                 '{"type": "spectate", "table": {"a": 1}}', '{"type": "view"}', '{"type": "move"}',
                 '{"type": "create", "game": "poker"}', '{"type": "create", "players": 9}',
                 '{"type": "create", "seats": "all"}', '{"type": "create", "options": {"deck": "AS AS"}}',
                 '{"type": "create", "seed": -1}',
                 '{"type": "create", "seats": [{"kind": "bot", "bot": "x"}, {}]}',
                 '{"type": "replay", "tgn": "[Game \\"nope\\"]"}', '{"type": "replay"}',
                 '{"type": "ping", "id": {"deep": [1]}}'):
        bad.ws.send_text(text)
        reply = bad.receive()
        if text.startswith('{"type": "ping"'):
            assert reply == {"type": "pong"}
        else:
            assert reply["type"] == "error" and reply["error"], (text, reply)
    bad.ws.send_bytes(b"\x00\x01")
    assert bad.receive()["type"] == "error"
    # the server still serves: a good join works
    good = Player(client, "good")
    assert good.request({"type": "join", "table": created["table"], "seat": 0,
                         "token": created["seats"][0]["token"]})["type"] == "ok"
    assert good.state is None or good.state["seat"] == 0
    bad.close()
    good.close()


def test_a_flood_of_messages_is_refused_politely(client):
    flooder = Player(client, "flood")
    for _ in range(150):
        flooder.ws.send_text('{"type": "ping"}')
    replies = [flooder.receive() for _ in range(150)]
    assert {r["type"] for r in replies} == {"pong", "error"}
    assert any(r.get("error") == "too many messages; slow down" for r in replies)
    flooder.close()


def test_a_full_server_still_seats_its_people(tmp_path):
    """Beyond ``max_connections`` unseated sockets a newcomer is on probation: a seat's join gets
    in, anything else gets "the server is full" and is closed; with no reserve it is refused."""
    from aceten.web.config import WebConfig

    app = create_app(tmp_path / "few.sqlite", bot_delay=0, chosen_deals_with_people=True,
                     config=WebConfig(max_connections=3, seat_reserve=1))
    full = {"type": "error", "error": "the server is full; try later", "closing": True}
    with TestClient(app) as client:
        try:
            created = client.post("/api/tables", json={"game": "briscola", "players": 2, "seats": [
                {"kind": "human"}, {"kind": "human"}]}).json()
            players = [Player(client, i) for i in range(3)]
            for p in players:
                assert p.request({"type": "ping"})["type"] == "pong"
            with client.websocket_connect("/ws") as ws:  # on probation: a ping is not a join
                ws.send_text('{"type": "ping", "id": 1}')
                assert ws.receive_json() == {**full, "id": 1}
            seated = Player(client, "seated")  # on probation: a seat's join gets in
            assert seated.request({"type": "join", "table": created["table"], "seat": 0,
                                   "token": created["seats"][0]["token"]})["type"] == "ok"
            assert seated.request({"type": "view"})["seat"] == 0
            waiting = Player(client, "waiting")  # the one place on probation is taken ...
            with client.websocket_connect("/ws") as ws:  # ... so the next is refused at once
                assert ws.receive_json() == full
            waiting.close()
            for p in players:
                p.close()
            again = Player(client, "again")  # a place is free again
            assert again.request({"type": "ping"})["type"] == "pong"
        finally:
            close_all()


def test_http_routes(client):
    assert client.get("/").status_code == 200 and "aceten" in client.get("/").text
    assert client.get("/replay").status_code == 200
    assert client.get("/static/app.js").status_code == 200
    games = client.get("/api/games").json()
    assert [g["name"] for g in games["games"]] == ["briscola", "brisca", "cruce", "klaverjas"]
    assert "greedy" in games["bots"]
    svg = client.get("/api/cards/briscola/AS.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    assert client.get("/api/cards/briscola/back.svg").status_code == 200
    assert client.get("/api/cards/briscola/ZZ.svg").status_code == 404
    assert client.get("/api/cards/poker/AS.svg").status_code == 404
    bad = client.post("/api/tables", content=b"{nope")
    assert bad.status_code == 400 and bad.json()["type"] == "error"
    # arrays nested deeper than the parser recurses: a RecursionError, once a 500
    deep = client.post("/api/tables", content=b"[" * 20_000 + b"]" * 20_000)
    assert deep.status_code == 400 and deep.json()["error"].startswith("malformed JSON")
    huge = client.post("/api/tables", content=b"x" * (MAX_MESSAGE + 10))
    assert huge.status_code == 413
    created = client.post("/api/tables", json={"game": "cruce", "players": 2}).json()
    public = client.get(f"/api/tables/{created['table']}").json()
    assert public["hand"] is None and public["seat"] is None
    assert client.get(f"/api/tables/{created['table']}/record.tgn").status_code == 409
    assert client.get("/api/tables/nope/record.tgn").status_code == 404
    assert client.get("/api/tables/nope").status_code == 404


def test_no_seed_or_deal_before_the_end(client):
    created = client.post("/api/tables", json={"game": "briscola", "players": 2, "seed": 987654}).json()
    player = Player(client, 0)
    token = created["seats"][0]["token"]
    player.request({"type": "join", "table": created["table"], "seat": 0, "token": token})
    text = json.dumps(player.inbox)
    assert "987654" not in text and "Seed" not in text
    player.close()


def test_replay_of_an_uploaded_record_step_by_step(client):
    import aceten

    game = aceten.new_game("klaverjas", seed=4)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    text = record.dumps(game)
    payload = client.post("/api/replay", content=text.encode()).json()
    assert payload["type"] == "replay" and len(payload["steps"]) == len(game.moves) + 1
    assert payload["steps"][-1]["state"]["outcome"]["result"] == game.outcome().result
    assert [s["move"] for s in payload["steps"][1:]] == [str(m) for m in game.moves]
    assert "available" in payload["analysis"]
    broken = client.post("/api/replay", content=text.replace("[Game", "[Gme").encode())
    assert broken.status_code == 400 and "line" in broken.json()["error"]
    player = Player(client, "r")
    reply = player.request({"type": "replay", "tgn": text})
    assert reply["type"] == "replay" and reply["result"] == game.outcome().result
    player.close()


def test_hidden_cards_helper_agrees_with_views():
    import aceten

    game = aceten.new_game("briscola", players=2, seed=2)
    for _ in range(9):
        game.push(game.legal_moves()[0])
    for seat in (0, 1):
        assert not set(game.view(seat).hand) & hidden_cards(game, seat)
        assert set(game.hand(1 - seat)) - public_cards(game) <= hidden_cards(game, seat)
        assert hidden_cards(game, seat) <= hidden_cards(game, None)


def test_the_leak_check_reads_ids_as_ids_and_cards_as_cards():
    """A random table id may spell a card code ("Go-AYLxC--5O"); that is not a leak, and the
    same code anywhere else in the message still is."""
    five = {Card.parse("5O")}
    joined = {"type": "joined", "table": "Go-AYLxC--5O", "ply": 0, "link": "/table/Go-AYLxC--5O"}
    assert leaked(joined, five) == []
    assert leaked({**joined, "hand": ["5O"]}, five) == ["5O"]
    assert leaked({"type": "created", "table": "x", "seats": [{"token": "a-5O"}]}, five) == []


@pytest.mark.usefixtures("compiled_kernels")
def test_searching_bots_think_in_a_worker_process(tmp_path):
    from aceten import agents

    heavy = [name for name in agents.names() if name not in ("random", "greedy", "tactics")]
    assert heavy[0] == "pimc"  # the levels and the baselines follow it in agents.names()
    app = create_app(tmp_path / "pool.sqlite", bot_delay=0, chosen_deals_with_people=True)
    with TestClient(app) as client:
        try:
            final, inbox, seat_of = play_table(client, "briscola", 2, None,
                                               {"deck": "AS 3S KS 2S AC 3C KC 2C"}, seed=4,
                                               bots={1: heavy[0]}, hostile=False)
            assert app.state.server.bot_pool is not None
        finally:
            close_all()
    check_messages(final, inbox, seat_of)
    moves = [m for m in inbox[0] if m.get("type") == "state"][-1]["moves"]
    assert all(m["reason"] for m in moves if m["seat"] == 1)


@pytest.mark.usefixtures("compiled_kernels")
def test_warm_bots_starts_the_worker_and_loads_the_solver_at_start_up(tmp_path):
    app = create_app(tmp_path / "warm.sqlite", bot_delay=0, chosen_deals_with_people=True, warm_bots=True)
    server = app.state.server
    with TestClient(app):
        assert server.bot_pool is not None  # started with the app, before any table
        server.bot_warm_up.result(timeout=1800)  # loaded (or compiled) in the worker, no error
    cold = create_app(tmp_path / "cold.sqlite", bot_delay=0, chosen_deals_with_people=True)
    with TestClient(cold):
        assert cold.state.server.bot_pool is None  # the default: started at the first need
