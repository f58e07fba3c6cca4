"""Python bytecodes executed per random 2-player Briscola game: bench_peer.py's loops, counted.

    python bench/bytecodes_peer.py [TREE ...] [--games N] [--warm W] [--peer naipes]

A deterministic companion to ``bench_peer.py`` on a busy machine: each tree's aceten loop (and
the peer's, from the installed package) is run in a child process, ``W`` games to fill the
engines' caches, then ``N`` games under ``sys.settrace`` counting opcode events. The count
includes the loop and the random choices of the harness. Bytecodes are not time (an engine
whose bytecodes do more C work per step runs fewer per second): use it to compare trees of one
engine, and bench_peer.py's same-run rate for the claim against a peer.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import collections, sys
sys.path.insert(0, sys.argv[1] + "/src"); sys.path.insert(0, sys.argv[2])
import bench_peer
play = getattr(bench_peer, sys.argv[3] + "_game")()
assert play is not None, sys.argv[3] + " is not installed"
warm, games = int(sys.argv[4]), int(sys.argv[5])
for seed in range(10**6, 10**6 + warm):
    play(seed)
count = collections.Counter()
def trace(frame, event, arg):
    frame.f_trace_opcodes = True
    frame.f_trace_lines = False
    return local
def local(frame, event, arg):
    if event == "opcode":
        count[frame.f_code.co_name] += 1
    return local
sys.settrace(trace)
for seed in range(games):
    play(seed)
sys.settrace(None)
print(sum(count.values()) / games)
"""


def bytecodes(tree: Path, engine: str, warm: int, games: int) -> float:
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(Path(__file__).parent), engine,
                          str(warm), str(games)], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="*", help="checkout roots (default: this one)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--warm", type=int, default=1000)
    parser.add_argument("--peer", default="naipes", help="bench_peer.py's peer to count ('' for none)")
    args = parser.parse_args()
    trees = args.trees or [Path(__file__).resolve().parent.parent]
    print(f"bytecodes per random 2-player Briscola game, {args.games} games after {args.warm}")
    for tree in trees:
        print(f"aceten  {tree!s:30} {bytecodes(tree, 'aceten', args.warm, args.games):10,.0f}", flush=True)
    if args.peer:
        print(f"{args.peer:7} {'(installed)':30} "
              f"{bytecodes(trees[0], args.peer, args.warm, args.games):10,.0f}")


if __name__ == "__main__":
    main()
