"""The web table as a real server (``aceten serve`` under uvicorn, on a loopback port): a table
survives SIGKILL with nothing lost (on SQLite, and on PostgreSQL when its server is installed),
two processes share a PostgreSQL database without storing two moves for a ply, and 50 tables
played at once all finish with valid records."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from pg_support import fresh_database, postgres_url  # noqa: F401  (a fixture)

pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")
httpx = pytest.importorskip("httpx")

from websockets.sync.client import connect  # noqa: E402

from aceten import record  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# the tests' tables have known deals with several people, and one address makes 50 tables and
# connects 130 people at the same instant
SETTINGS = ("chosen_deals_with_people=yes", "tables_per_address=100", "max_per_address=500")


@contextlib.contextmanager
def serve(db: Path | str, port: int, bot_delay: float = 0.0, settings: tuple[str, ...] = SETTINGS):
    """``aceten serve`` in a subprocess, until it answers on /healthz."""
    command = [sys.executable, "-c", "from aceten.cli import main; main()", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", str(db), "--bot-delay", str(bot_delay)]
    for setting in settings:
        command += ["--set", setting]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 600  # hang guards only, here and below
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read().decode() if proc.stdout else ""
                raise AssertionError(f"the server did not start: {out}")
            time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


class Conn:
    """A scripted WebSocket client (synchronous)."""

    def __init__(self, port: int):
        self.ctx = connect(f"ws://127.0.0.1:{port}/ws", open_timeout=300)
        self.ws = self.ctx.__enter__()
        self.next_id = 1

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        rid = self.next_id
        self.next_id += 1
        self.ws.send(json.dumps({**message, "id": rid}))
        while True:
            reply = json.loads(self.ws.recv(timeout=600))
            if reply.get("id") == rid:
                return reply

    def close(self) -> None:
        self.ctx.__exit__(None, None, None)


SPEC = {"game": "briscola", "players": 3, "seed": 2024,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]}


def play(port: int, created: dict[str, Any], stop_at: int | None = None) -> int:
    """Play the human seats (each its first legal move) until ply ``stop_at`` or the end;
    returns the ply of the last move the server acknowledged."""
    table = created["table"]
    watcher = Conn(port)
    seats = {}
    try:
        assert watcher.request({"type": "spectate", "table": table})["type"] == "ok"
        for entry in created["seats"]:
            if "token" in entry:
                seats[entry["seat"]] = conn = Conn(port)
                reply = conn.request({"type": "join", "table": table, "seat": entry["seat"],
                                      "token": entry["token"]})
                assert reply["type"] == "ok", reply
        acked = -1
        deadline = time.monotonic() + 1200
        while time.monotonic() < deadline:
            state = watcher.request({"type": "view"})
            if state["outcome"] is not None or (stop_at is not None and state["ply"] >= stop_at):
                return max(acked, state["ply"])
            mover = state["to_move"]
            if mover not in seats:
                time.sleep(0.01)
                continue
            mine = seats[mover].request({"type": "view"})
            if mine["ply"] != state["ply"]:
                continue
            move = {"type": "move", "move": mine["legal"][0]["move"], "ply": mine["ply"]}
            reply = seats[mover].request(move)
            assert reply["type"] == "ok", reply
            acked = reply["ply"]
        raise AssertionError("the game did not finish in time")
    finally:
        watcher.close()
        for conn in seats.values():
            conn.close()


def children(pid: int) -> list[int]:
    """The processes ``pid`` has started (Linux: read from /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def databases(request: pytest.FixtureRequest, tmp_path: Path, kind: str) -> tuple[str, str]:
    """Two empty databases of ``kind``: SQLite files, or PostgreSQL databases on the test server."""
    if kind == "sqlite":
        return str(tmp_path / "tables.sqlite"), str(tmp_path / "uninterrupted.sqlite")
    url = request.getfixturevalue("postgres_url")
    name = request.node.name.split("[")[0][-30:].lower()
    return fresh_database(url, f"a_{name}"), fresh_database(url, f"b_{name}")


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")  # the server's bot worker loads them at start
@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_table_survives_sigkill_and_finishes_as_an_uninterrupted_run(request, tmp_path, kind):
    db, other_db = databases(request, tmp_path, kind)
    port = free_port()
    with serve(db, port) as proc:
        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=SPEC).json()
        acked = play(port, created, stop_at=19)
        assert acked >= 19
        workers = children(proc.pid)  # the bots' worker, started with the server
        assert workers
        proc.send_signal(signal.SIGKILL)  # no shutdown, no flush: whatever was acknowledged is on disk
        proc.wait()
        deadline = time.monotonic() + 300
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(alive(pid) for pid in workers)  # no orphan left behind
    with serve(db, port):
        state = httpx.get(f"http://127.0.0.1:{port}/api/tables/{created['table']}").json()
        assert state["ply"] >= acked  # nothing acknowledged was lost
        play(port, created)
        text = httpx.get(f"http://127.0.0.1:{port}/api/tables/{created['table']}/record.tgn").text
    restarted = record.loads(text)
    assert restarted.is_over()
    # the same table, same seed and same choices, on a server never stopped
    port2 = free_port()
    with serve(other_db, port2):
        again = httpx.post(f"http://127.0.0.1:{port2}/api/tables", json=SPEC).json()
        play(port2, again)
        reference = httpx.get(f"http://127.0.0.1:{port2}/api/tables/{again['table']}/record.tgn").text
    assert text == reference


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")
def test_two_processes_share_a_postgresql_table_without_two_moves_for_a_ply(request, tmp_path):
    """Two ``aceten serve`` on one PostgreSQL database, the same table's seats joined on both,
    moves sent through either at random (each process's bot plays too): a move made through
    one process reaches the other's spectator without asking (LISTEN/NOTIFY); a move sent to a
    process that has not yet seen the other's is refused ("moved on"), never stored twice; and
    both processes end with the same record, which the engine accepts move by move."""
    url = request.getfixturevalue("postgres_url")
    db = fresh_database(url, "shared_table")
    ports = [free_port(), free_port()]
    with serve(db, ports[0]), serve(db, ports[1]):
        created = httpx.post(f"http://127.0.0.1:{ports[0]}/api/tables", json=SPEC).json()
        table = created["table"]
        seen = httpx.get(f"http://127.0.0.1:{ports[1]}/api/tables/{table}").json()
        assert seen["table"] == table  # the other process sees the table
        people = [e for e in created["seats"] if "token" in e]
        seats = {}
        watchers = [Conn(port) for port in ports]
        try:
            for side, port in enumerate(ports):
                assert watchers[side].request({"type": "spectate", "table": table})["type"] == "ok"
                for entry in people:
                    seats[side, entry["seat"]] = conn = Conn(port)
                    reply = conn.request({"type": "join", "table": table, "seat": entry["seat"],
                                          "token": entry["token"]})
                    assert reply["type"] == "ok", reply
            # live: a move made through one process reaches the other's spectator unasked
            while (state := watchers[0].request({"type": "view"}))["to_move"] not in (0, 1):
                time.sleep(0.05)
            mover = state["to_move"]
            mine = seats[0, mover].request({"type": "view"})
            done = seats[0, mover].request({"type": "move", "move": mine["legal"][0]["move"],
                                            "ply": mine["ply"]})
            assert done["type"] == "ok", done
            while True:  # only reads: the other process must push the state by itself
                pushed = json.loads(watchers[1].ws.recv(timeout=300))
                if pushed["type"] == "state" and pushed["ply"] >= done["ply"]:
                    break
            rng = random.Random(7)
            refused = 0
            forced = False
            deadline = time.monotonic() + 900
            while time.monotonic() < deadline:
                side = rng.randrange(2)
                state = watchers[side].request({"type": "view"})
                if state["outcome"] is not None:
                    break
                mover = state["to_move"]
                if (side, mover) not in seats:
                    time.sleep(0.01)
                    continue
                mine = seats[side, mover].request({"type": "view"})
                move = {"type": "move", "move": mine["legal"][0]["move"], "ply": mine["ply"]}
                if not forced and mine["ply"] >= 4:
                    # the same seat moves through the other process first; this one has not
                    # looked since, so it still believes the ply is free
                    forced = True
                    other = seats[1 - side, mover].request(move)
                    assert other["type"] == "ok", other
                reply = seats[side, mover].request(move)
                if reply["type"] == "error":
                    assert "moved on" in reply["error"], reply
                    refused += 1
                else:
                    assert reply["type"] == "ok", reply
            else:
                raise AssertionError("the game did not finish in time")
            assert forced and refused >= 1
        finally:
            for conn in [*watchers, *seats.values()]:
                conn.close()
        texts = [httpx.get(f"http://127.0.0.1:{port}/api/tables/{table}/record.tgn").text for port in ports]
    assert texts[0] == texts[1]
    game = record.loads(texts[0])  # replays every move through the engine
    assert game.is_over()
    import psycopg

    with psycopg.connect(db) as conn:
        plies = [r[0] for r in conn.execute("SELECT ply FROM aceten_moves WHERE table_id = %s ORDER BY ply",
                                            (table,))]
    assert plies == list(range(len(game.moves)))  # one move a ply, no gap


TABLES = 50


async def _seat(port: int, table: str, seat: int, token: str, errors: list, rng: random.Random) -> None:
    from websockets.asyncio.client import connect as aconnect

    async with aconnect(f"ws://127.0.0.1:{port}/ws", open_timeout=300) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "seat": seat, "token": token}))
        sent = -1
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                errors.append(message)
            if message["type"] != "state":
                continue
            if message["outcome"] is not None:
                return
            if message["to_move"] == seat and message["ply"] > sent:
                sent = message["ply"]
                move = rng.choice(message["legal"])["move"]
                await ws.send(json.dumps({"type": "move", "move": move, "ply": sent}))


async def _load(port: int) -> tuple[list, list[str], float]:
    games = [("briscola", 2), ("brisca", 2), ("cruce", 4), ("klaverjas", 4), ("briscola", 4)]
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=600) as http:
        created = []
        for i in range(TABLES):
            game, players = games[i % len(games)]
            seats = [{"kind": "human"} if s % 2 == 0 or i % 2 else {"kind": "bot", "bot": "greedy"}
                     for s in range(players)]
            reply = await http.post("/api/tables", json={"game": game, "players": players, "seed": i,
                                                          "seats": seats})
            assert reply.status_code == 200, reply.text
            created.append(reply.json())
        errors: list = []
        start = time.perf_counter()
        clients = [_seat(port, c["table"], s["seat"], s["token"], errors, random.Random(n))
                   for n, c in enumerate(created) for s in c["seats"] if "token" in s]
        await asyncio.wait_for(asyncio.gather(*clients), timeout=1800)
        seconds = time.perf_counter() - start
        texts = [(await http.get(f"/api/tables/{c['table']}/record.tgn")).text for c in created]
    return errors, texts, seconds


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")
def test_fifty_tables_at_once_on_loopback(tmp_path):
    port = free_port()
    with serve(tmp_path / "load.sqlite", port):
        errors, texts, seconds = asyncio.run(_load(port))
    assert errors == []
    games = [record.loads(t) for t in texts]
    assert len(games) == TABLES and all(g.is_over() for g in games)
    moves = sum(len(g.moves) for g in games)
    print(f"{TABLES} tables, {moves} moves in {seconds:.1f} s ({moves / seconds:.0f} moves/s)")
