"""Instructions per random game through the public API, under valgrind (callgrind): the engine
A/B that a busy machine cannot disturb.

    python bench/instr_engine.py TREE [TREE ...] [--games N] [--configs briscola-2,cruce-4]

For each tree (a checkout's root) and configuration, ``valgrind --tool=callgrind python -c``
plays N seeded random games (new_game / legal_moves / push with a random legal move), and the
same with 0 games; the difference divided by N is the figure. Instruction counts are the same on
every run whatever else the machine does (they move by a few hundred per game with the deals:
a tree that deals differently plays other games).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r"""
import random, sys
sys.path.insert(0, sys.argv[1])
import aceten
name, players, variant, games = sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
options = {}
if variant == "arrastre":
    variant, options = "", {"arrastre": True}
rng = random.Random(1)
choice = rng.choice
g = aceten.new_game(name, players=players, variant=variant or None, seed=10**6, **options)
for seed in range(games):
    g = aceten.new_game(name, players=players, variant=variant or None, seed=seed, **options)
    while not g.is_over():
        g.push(choice(g.legal_moves()))
"""

CONFIGS = [
    ("briscola", 2, ""), ("briscola", 3, ""), ("briscola", 4, ""),
    ("brisca", 2, ""), ("brisca", 3, ""), ("brisca", 4, ""), ("brisca", 4, "arrastre"),
    ("cruce", 2, ""), ("cruce", 3, ""), ("cruce", 4, ""),
    ("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam"),
]  # fmt: skip


def instructions(tree: Path, config: tuple[str, int, str], games: int) -> int:
    """Instructions executed by the whole process (callgrind's total)."""
    name, players, variant = config
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, "-c", CHILD, str(tree / "src"), name, str(players), variant,
                        str(games)], capture_output=True, text=True, check=True)
        text = out.read_text()
    found = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
    assert found, "no total in callgrind's output"
    return int(found.group(1))


def per_game(tree: Path, config: tuple[str, int, str], games: int) -> float:
    return (instructions(tree, config, games) - instructions(tree, config, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", type=Path, nargs="+", help="checkout roots; the first is the base")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--configs", help="e.g. briscola-2,klaverjas-4-amsterdam (default: all)")
    args = parser.parse_args()
    configs = CONFIGS
    if args.configs:
        wanted = set(args.configs.split(","))
        configs = [c for c in CONFIGS if "-".join(str(x) for x in c if x != "") in wanted]
    print(f"instructions per random game, {args.games} games, callgrind")
    print(f"{'game':10} {'n':>2} {'variant':10}" + "".join(f" {t.name[-14:]:>14}" for t in args.trees)
          + "   ratio (last / first)")
    for config in configs:
        counts = [per_game(t, config, args.games) for t in args.trees]
        name, players, variant = config
        print(f"{name:10} {players:>2} {variant or 'standard':10}"
              + "".join(f" {c:>14,.0f}" for c in counts) + f"   {counts[-1] / counts[0]:.3f}",
              flush=True)


if __name__ == "__main__":
    main()
