"""The engine against another checkout, in the same run: random games per CPU second.

    python bench/ab_engine.py --base /path/to/other/checkout [--seconds S] [--rounds R]
                              [--configs briscola-2,cruce-4]

Each round plays every configuration of bench/bench_engine.py for about S CPU seconds in a
fresh process of each tree, alternating which goes first, so a busy machine slows both alike.
Rates are games per CPU second of the process (not wall time); the best round of each is kept
and the ratio is this tree / base. Use it to compare a change with the commit before it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
import aceten
name, players, variant, seconds = sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5])
options = {}
if variant == "arrastre":
    variant, options = "", {"arrastre": True}
rng = random.Random(1)
choice = rng.choice
games = 0
start = time.process_time()
while time.process_time() - start < seconds:
    for seed in range(games, games + 20):
        g = aceten.new_game(name, players=players, variant=variant or None, seed=seed, **options)
        while not g.is_over():
            g.push(choice(g.legal_moves()))
    games += 20
print(json.dumps(games / (time.process_time() - start)))
"""

CONFIGS = [
    ("briscola", 2, ""), ("briscola", 3, ""), ("briscola", 4, ""),
    ("brisca", 2, ""), ("brisca", 4, ""), ("brisca", 4, "arrastre"),
    ("cruce", 2, ""), ("cruce", 3, ""), ("cruce", 4, ""),
    ("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam"),
]  # fmt: skip


def rate(tree: Path, config: tuple[str, int, str], seconds: float) -> float:
    name, players, variant = config
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree / "src"), name, str(players),
                          variant, str(seconds)], capture_output=True, text=True, check=True)
    return float(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the other checkout's root")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--configs", default="", help="e.g. briscola-2,cruce-4 (default: all)")
    args = parser.parse_args()
    if not (args.base / "src" / "aceten").is_dir():
        parser.error(f"{args.base} holds no src/aceten")
    print(f"{'game':10} {'n':>2} {'variant':10} {'base g/s':>9} {'this g/s':>9} {'ratio':>6}")
    wanted = {c.strip() for c in args.configs.split(",") if c.strip()}
    for config in CONFIGS:
        if wanted and f"{config[0]}-{config[1]}" not in wanted:
            continue
        base = this = 0.0
        for r in range(args.rounds):
            order = [(args.base, "b"), (HERE, "t")] if r % 2 == 0 else [(HERE, "t"), (args.base, "b")]
            for tree, which in order:
                value = rate(tree, config, args.seconds)
                if which == "b":
                    base = max(base, value)
                else:
                    this = max(this, value)
        name, players, variant = config
        print(f"{name:10} {players:>2} {variant or 'standard':10} {base:9,.0f} {this:9,.0f} "
              f"{this / base:6.2f}", flush=True)


if __name__ == "__main__":
    main()
