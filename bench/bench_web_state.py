"""CPU the server spends telling a table about one move: a state for each seat and a spectator,
encoded as JSON (what ``Server.broadcast`` does after every move), on a 4-player Cruce table 26
moves in with the bots' reasons in place.

    python bench/bench_web_state.py [--rounds 300] [--baseline OLD_TABLES.py] [--profile]

``--baseline`` loads another version of ``aceten/web/tables.py`` (e.g. ``git show
main:src/aceten/web/tables.py > /tmp/old_tables.py``) and times both in turns in this one process,
so that a busy machine slows both alike: the ratio is the figure to trust, not the milliseconds.
``--profile`` prints where the time goes (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import pstats
import random
import sys
import time
from types import ModuleType
from typing import Any

from aceten.web import tables as current

SPEC = {"game": "cruce", "players": 4, "seed": 11,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "human"},
                  {"kind": "bot", "bot": "greedy"}]}
REASON = "the highest card: it wins the trick unless a trump comes; keeps the ace of cups for later"


def table_at(module: ModuleType, ply: int) -> Any:
    table, _ = module.Table.create(SPEC, chosen_deals_with_people=True)
    rng = random.Random(1)
    while len(table.plays) < ply and not table.game.is_over():
        seat = table.game.to_move
        move = rng.choice(table.game.legal_moves())
        table.push(seat, str(move), REASON if table.seats[seat].kind == "bot" else None)
    return table


def broadcast(table: Any) -> int:
    size = 0
    for seat in (0, 1, 2, 3, None):
        size += len(json.dumps(table.state(seat, [1, 0, 1, 0]), ensure_ascii=False))
    return size


def cpu_per_broadcast(table: Any, rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        broadcast(table)
    return (time.process_time() - start) / rounds


def load(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("baseline_tables", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--baseline", help="another tables.py to compare with, in turns")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    table = table_at(current, 26)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(lambda: [broadcast(table) for _ in range(args.rounds // 5 or 1)])
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    if args.baseline is None:
        ms = 1000 * cpu_per_broadcast(table, args.rounds)
        print(f"one broadcast (4 seats and a spectator): {ms:.2f} ms CPU, {broadcast(table)} bytes")
        return
    old = table_at(load(args.baseline), 26)
    times: dict[str, list[float]] = {"baseline": [], "current": []}
    for _ in range(5):  # in turns, so that the machine's load falls on both
        times["baseline"].append(cpu_per_broadcast(old, args.rounds // 5))
        times["current"].append(cpu_per_broadcast(table, args.rounds // 5))
    best = {name: 1000 * min(values) for name, values in times.items()}
    print(f"one broadcast: baseline {best['baseline']:.2f} ms, current {best['current']:.2f} ms CPU "
          f"(best of 5 turns); current / baseline = {best['current'] / best['baseline']:.2f}")


if __name__ == "__main__":
    main()
