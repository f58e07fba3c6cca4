"""Fifty busy tables on a real ``aceten serve``: how long a person waits for a move's answer and
for a bot's reply.

    python bench/bench_web.py [--tables 50] [--bot greedy] [--bot-delay 0] [--port 0]

Starts ``aceten serve`` on a loopback port with a fresh database, creates the tables (Briscola,
Brisca, Cruce, Klaverjas; 2 and 4 players; every other seat a bot), connects one scripted
asyncio client per person's seat, and plays every deal to its end, each person answering its
turn at once with a random legal move. It reports:

- the **move round trip**: from sending a move to its ``ok`` (the move checked, committed with
  an fsync, and broadcast), median and 95th percentile;
- the **bot reply**: from a state where a bot is to move (as the person after it receives it)
  to the state with the bot's move, less ``--bot-delay``, median and 95th percentile;
- the moves played, the wall time, and the load average before and after.

The clients run in this process and share the machine with the server: the figures are those
of the whole system on this machine at this load, and on a machine others use they say little
unless the load average is reported with them (docs/web.md does so).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GAMES = [("briscola", 2), ("brisca", 2), ("cruce", 4), ("klaverjas", 4), ("briscola", 4)]
SETTINGS = ("chosen_deals_with_people=yes", "tables_per_address=1000", "max_per_address=1000")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int, bot_delay: float) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from aceten.cli import main; main()", "serve", "--host",
               "127.0.0.1", "--port", str(port), "--db", str(db), "--bot-delay", str(bot_delay)]
    for setting in SETTINGS:
        command += ["--set", setting]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def wait_ready(port: int, proc: subprocess.Popen[bytes]) -> None:
    import httpx

    async with httpx.AsyncClient() as http:
        while True:
            if proc.poll() is not None:
                raise SystemExit("error: the server stopped before it answered")
            try:
                if (await http.get(f"http://127.0.0.1:{port}/healthz", timeout=1)).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)


async def seat(port: int, table: str, number: int, token: str, bot_seats: set[int],
               rng: random.Random, trips: list[float], replies: list[float]) -> int:
    """One person: answer each turn at once; time the own moves and the bots' replies."""
    from websockets.asyncio.client import connect

    moves = 0
    async with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "seat": number, "token": token}))
        sent_at: float | None = None
        bot_since: tuple[int, float] | None = None
        answered = -1
        async for raw in ws:
            message = json.loads(raw)
            now = time.perf_counter()
            kind = message.get("type")
            if kind == "error":
                raise SystemExit(f"error from the server: {message}")
            if kind == "ok" and "move" in message and sent_at is not None:
                trips.append(now - sent_at)
                sent_at = None
            if kind != "state":
                continue
            if bot_since is not None and message["ply"] > bot_since[0]:
                replies.append(now - bot_since[1])
                bot_since = None
            if message["outcome"] is not None:
                return moves
            mover = message["to_move"]
            # the bot after this seat: only this seat times it, so each reply is counted once
            if mover in bot_seats and (mover - 1) % message["players"] == number and bot_since is None:
                bot_since = (message["ply"], now)
            if mover == number and message["ply"] > answered:
                answered = message["ply"]
                move = rng.choice(message["legal"])["move"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move, "ply": message["ply"]}))
                moves += 1
    return moves


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    import httpx

    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as folder:
        proc = start_server(Path(folder) / "bench.sqlite", port, args.bot_delay)
        try:
            await wait_ready(port, proc)
            load_before = os.getloadavg()[0]
            jobs, trips, replies = [], [], []
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                for i in range(args.tables):
                    game, players = GAMES[i % len(GAMES)]
                    seats = [{"kind": "human"} if s % 2 == 0 else {"kind": "bot", "bot": args.bot}
                             for s in range(players)]
                    created = (await http.post("/api/tables", json={
                        "game": game, "players": players, "seats": seats, "seed": i})).json()
                    bots = {s for s in range(players) if s % 2}
                    for entry in created["seats"]:
                        if "token" in entry:
                            jobs.append(seat(port, created["table"], entry["seat"], entry["token"],
                                             bots, random.Random(i * 10 + entry["seat"]), trips, replies))
            start = time.perf_counter()
            moves = sum(await asyncio.gather(*jobs))
            seconds = time.perf_counter() - start
        finally:
            proc.terminate()
            proc.wait(20)
    replies = [max(0.0, r - args.bot_delay) for r in replies]
    return {"tables": args.tables, "people": len(jobs), "moves by people": moves,
            "seconds": round(seconds, 1),
            "move round trip ms (median, p95)": [round(1000 * statistics.median(trips), 1),
                                                 round(1000 * p95(trips), 1)],
            "bot reply ms (median, p95)": [round(1000 * statistics.median(replies), 1),
                                           round(1000 * p95(replies), 1)],
            "load average before, after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            "cores": os.cpu_count()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--bot", default="greedy", help="the bots' name (pimc searches: slower)")
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    if args.tables < 1 or args.bot_delay < 0:
        parser.error("--tables must be at least 1 and --bot-delay not negative")
    print(json.dumps(asyncio.run(run(args)), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
