"""Arena throughput: a duplicate tournament on 1 and on N local workers, with its result.

    python bench/bench_arena.py --deals 2000 --workers 1 2 --repeat 3

Each run starts from an empty results database in a temporary folder (so the SQLite commits
and, for N > 1, the start of the worker processes are included) and reports deals per second
(a deal is every seating of it: 2 games for 2 bots in 2-player Briscola). All runs of a
configuration must give the same result; the script checks it. It also prints how much the
duplicate pairing narrows the point-difference interval: the variance of the per-deal means
against the variance the same number of independent games would give (the design effect).
"Workers busy" is the time spent playing deals, summed over workers, over workers x wall time:
what the pool's start, the messaging and the commits leave of the machine; on a machine busy
with other work the deals/s fall but this share stays meaningful.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

from aceten import arena


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="briscola")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    config = arena.TournamentConfig.create(args.game, args.bots.split(","), players=args.players,
                                           seed=args.seed)
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f} at start")
    print(f"{config.describe()}: {args.deals} deals x {len(config.seatings)} seatings, "
          f"bots {', '.join(config.bots)}")
    results = {}
    pairs = None
    deff = None
    for workers in args.workers:
        rates = []
        busy = []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as tmp:
                start = time.perf_counter()
                result = arena.run(config, args.deals, db=Path(tmp) / "bench.sqlite",
                                   workers=workers)
                wall = time.perf_counter() - start
                rates.append(args.deals / wall)
                busy.append(result.cpu_seconds / (workers * wall))
                if deff is None:
                    deff = design_effect(Path(tmp) / "bench.sqlite", config)
            info = result.as_dict()
            if pairs is None:
                pairs = info["pairs"]
            assert info["pairs"] == pairs, "results differ between runs"
        results[workers] = rates
        print(f"workers {workers}: best {max(rates):,.0f} deals/s, median "
              f"{statistics.median(rates):,.0f} deals/s over {args.repeat} runs; workers busy "
              f"{100 * statistics.median(busy):.0f}% of the wall time")
    if 1 in results and len(results) > 1:
        base = max(results[1])
        for workers, rates in results.items():
            if workers != 1:
                print(f"speed-up with {workers} workers (best runs): {max(rates) / base:.2f}x")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    assert pairs is not None
    for p in pairs:
        lo, hi = p["win_rate_ci"]
        dlo, dhi = p["point_diff_ci"]
        print(f"{p['bot']} vs {p['opponent']}: {p['comparisons']} games, W-D-L {p['wins']}-"
              f"{p['draws']}-{p['losses']}, win rate {100 * p['win_rate']:.1f}% "
              f"[{100 * lo:.1f}, {100 * hi:.1f}], points {p['point_diff']:+.2f} "
              f"[{dlo:+.2f}, {dhi:+.2f}] per game")
    print(f"duplicate design effect on the point difference of {config.bots[0]}: {deff:.3f} "
          "(1: no gain over independent games; below 1: the deal's luck cancels)")


def design_effect(db: Path, config: arena.TournamentConfig) -> float:
    """Variance of the mean over deals, over the variance of a mean of independent games."""
    first = config.bots[0]
    per_game: list[float] = []
    per_deal: list[float] = []
    with arena.Storage(db, create=False) as store:
        tid = store.tournament(config)
        for games in store.deals(tid):
            diffs = []
            for row in games:
                for a, b, _, diff in arena.stats.compare(row, config.teams):
                    diffs.append(diff if a == first else -diff if b == first else math.nan)
            diffs = [d for d in diffs if not math.isnan(d)]
            per_game.extend(diffs)
            per_deal.append(sum(diffs) / len(diffs))
    m = len(per_game) / len(per_deal)
    return (statistics.pvariance(per_deal) * m) / statistics.pvariance(per_game)


if __name__ == "__main__":
    main()
