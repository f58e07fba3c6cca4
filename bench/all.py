"""Run every layer's benchmark, one after the other, and keep what each printed.

    python bench/all.py [--quick] [--only engine,search,...] [--out bench/out] [--list]

Each layer of docs/benchmarks.md has one command here, the one its table was made with (``--quick``:
the same scripts with small sizes, a smoke run that checks every benchmark still runs; its figures
are not for the tables). The commands run in this interpreter, one at a time, so they do not
disturb each other; each one's output goes to ``OUT/LAYER.txt`` and ``OUT/summary.md`` lists the
commands with their wall time, exit code and the machine's load average before and after (the
tables want a quiet machine: a load average near 0 before a run on this two-core machine). The
tables in docs/benchmarks.md are then copied from these files by hand, with the commit measured.

Tree against tree comparisons (``ab_search.py``, ``ab_engine.py``, ``instr_engine.py``) need a
second checkout and are not run here (but ``since_filing.py``, the solver against the one of the
day issue 19 was filed, which extracts that commit itself and needs numba); neither is the web
load test (``bench_web.py``: it starts a server) unless ``--only web`` asks for it.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

SEARCHER_GAMES = ("briscola:2,briscola:3,briscola:4,brisca:2,brisca:3,brisca:4,"
                  "cruce:2,cruce:3,cruce:4,klaverjas:rotterdam,klaverjas:amsterdam,"
                  "briscola:chiamata,briscola:6,brisca:6")

# layer: (full command, quick command); each a list of arguments after the interpreter
LAYERS: dict[str, tuple[list[str], list[str]]] = {
    "engine": (["bench_engine.py"], ["bench_engine.py", "--seconds", "0.2"]),
    "peer": (["bench_peer.py"], ["bench_peer.py", "--seconds", "0.2", "--rounds", "1"]),
    "search": (["bench_search.py", "--only", "solve", "--threads", "1", "--deals", "200"],
               ["bench_search.py", "--only", "solve", "--threads", "1", "--deals", "2",
                "--configs", "briscola-2,cruce-4,klaverjas-4"]),
    "targets": (["bench_search.py", "--only", "solve", "--threads", "1", "--deals", "200",
                 "--target"],
                ["bench_search.py", "--only", "solve", "--threads", "1", "--deals", "2",
                 "--configs", "cruce-2", "--target"]),
    "since": (["since_filing.py"], ["since_filing.py", "--configs", "cruce-4", "--deals", "2"]),
    "roots": (["bench_root_moves.py", "--configs", "all", "--deals", "30"],
              ["bench_root_moves.py", "--configs", "cruce-4", "--deals", "2"]),
    "known": (["bench_root_moves.py", "--known", "--deals", "30", "--configs",
               "briscola-2,briscola-3,briscola-4,brisca-2,brisca-3,brisca-4,klaverjas-4,"
               "klaverjas-4-amsterdam"],
              ["bench_root_moves.py", "--known", "--deals", "1", "--configs", "briscola-2"]),
    "batch": (["bench_search.py", "--only", "batch"],
              ["bench_search.py", "--only", "batch", "--seconds", "0.2"]),
    "cold": (["bench_cold.py", "--install", "--extras", "search", "--warm", "2"],
             ["bench_cold.py", "--warm", "1"]),
    "env": (["bench_env.py"], ["bench_env.py", "--seconds", "0.2", "--rounds", "1"]),
    "knowledge": (["bench_knowledge.py"], ["bench_knowledge.py", "--positions", "1"]),
    "arena": (["bench_arena.py", "--deals", "2000", "--workers", "1", "2", "--repeat", "3"],
              ["bench_arena.py", "--deals", "20", "--workers", "1", "--repeat", "1"]),
    "players": (["bench_players.py", "--deals", "3"], ["bench_players.py", "--deals", "1"]),
    "logic": (["bench_logic.py", "--commands", "--repeat", "3"],
              ["bench_logic.py", "--commands", "--repeat", "1"]),
    "searcher": (["bench_searcher.py", "--times", "--bot", "searcher", "--games", SEARCHER_GAMES,
                  "--deals", "2"],
                 ["bench_searcher.py", "--times", "--bot", "searcher", "--games", "cruce:4",
                  "--deals", "1"]),
    "chiamata": (["bench_chiamata.py", "--six", "3"],
                 ["bench_chiamata.py", "--positions", "1", "--deals", "5"]),
    "web": (["bench_web.py"], ["bench_web.py", "--tables", "5"]),
}
NOT_BY_DEFAULT = {"web"}


def _shown(command: list[str]) -> str:
    """The command as typed from the repository's root."""
    return shlex.join(["python", "bench/" + Path(command[1]).name, *command[2:]])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--only", default="", help="comma-separated layers: " + ",".join(LAYERS))
    parser.add_argument("--out", type=Path, default=HERE / "out", help="folder for the outputs")
    parser.add_argument("--list", action="store_true", help="print the commands and stop")
    args = parser.parse_args()
    names = [n.strip() for n in args.only.split(",") if n.strip()] or [
        n for n in LAYERS if n not in NOT_BY_DEFAULT]
    unknown = [n for n in names if n not in LAYERS]
    if unknown:
        print(f"error: unknown layer {unknown[0]!r}: choose from {', '.join(LAYERS)}",
              file=sys.stderr)
        return 2
    commands = {n: [sys.executable, str(HERE / LAYERS[n][args.quick][0]), *LAYERS[n][args.quick][1:]]
                for n in names}
    if args.list:
        for name, command in commands.items():
            print(f"{name:10} {_shown(command)}")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(HERE.parent / "src"), os.environ.get("PYTHONPATH", "")) if p))
    rows = []
    failed = 0
    for name, command in commands.items():
        load_before = os.getloadavg()[0]
        start = time.perf_counter()
        with open(args.out / f"{name}.txt", "w") as out:
            code = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                  check=False).returncode
        wall = time.perf_counter() - start
        load_after = os.getloadavg()[0]
        failed += code != 0
        rows.append(f"| {name} | `{_shown(command)}` | {wall:.0f} s | "
                    f"{code} | {load_before:.2f} → {load_after:.2f} |")
        print(f"{name:10} exit {code}  {wall:6.0f} s  load {load_before:.2f} -> {load_after:.2f}"
              f"  ({args.out / (name + '.txt')})", flush=True)
    summary = ["| layer | command | wall | exit | load average before → after |",
               "|---|---|---|---|---|", *rows]
    (args.out / "summary.md").write_text("\n".join(summary) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
