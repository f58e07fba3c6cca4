"""The solver against the one of the day issue 19 was filed, in the same run, on the same deals.

    python bench/since_filing.py [--deals 40] [--deals-four 20] [--first 0] [--configs ...]
                                 [--rev 982d160]

The same-run column of docs/benchmarks.md's *Issue 19's goals over 200 deals*: ``--rev``'s
``src`` (``git archive``d once into ``~/.cache/aceten/since/REV``, or under
``$NUMBA_CACHE_DIR``, and kept there with its compiled kernels; not a worktree) and this tree
solve the same deals from the first card, taking turns deal by deal (``ab_search.py --interleave
--mt-deals``: the deals of the generator before ``aceten.seeded``, which both trees can deal),
one configuration after the other. Each line gives both trees' nodes, CPU sums, medians and p95
and the ratio of the CPU sums. 982d160 runs numba kernels: numba must be importable (``pip
install -e '.[search]'``); the first run compiles them, about a minute of CPU. Six seats are
left out: 982d160 predates their table keys and kernel.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tarfile
from importlib.util import find_spec
from pathlib import Path

from ab_search import cache_base, interleave

ROOT = Path(__file__).resolve().parent.parent
FILED = "982d160"  # the last commit before issue 19's first (1b4c618), 2026-11-24 07:17
FOUR_SEATS = {"briscola-4", "brisca-4"}
CONFIGS = ("briscola-2", "briscola-3", "briscola-4", "brisca-2", "brisca-3", "brisca-4",
           "cruce-2", "cruce-3", "cruce-4", "klaverjas-4", "klaverjas-4-amsterdam")


def checkout(rev: str) -> Path:
    """``rev``'s ``src`` in a folder of its own, extracted on first use and kept (so its numba
    cache, keyed by the folder's path and the files' times, serves every later run)."""
    folder = cache_base() / "since" / rev
    if not (folder / "src" / "aceten").is_dir():
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], check=True,
                                 capture_output=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            safe = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}  # (3.11.4+)
            tar.extractall(folder, **safe)  # type: ignore[arg-type]
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="deals a configuration")
    parser.add_argument("--deals-four", type=int, default=20,
                        help="deals of 4-player Briscola and Brisca (a second or more each)")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--configs", default=",".join(CONFIGS),
                        help="game-players[-variant], comma-separated")
    parser.add_argument("--rev", default=FILED, help="the commit to compare with")
    args = parser.parse_args()
    wanted = [c.strip() for c in args.configs.split(",") if c.strip()]
    unknown = sorted(set(wanted) - set(CONFIGS))
    if unknown:
        parser.error(f"--configs: no configuration {', '.join(unknown)}; "
                     f"choose from {', '.join(CONFIGS)}")
    if find_spec("numba") is None:
        print(f"error: {args.rev}'s solver needs numba: pip install -e '.[search]'",
              file=sys.stderr)
        return 2
    try:
        base = checkout(args.rev)
    except subprocess.CalledProcessError as err:
        print(f"error: git archive {args.rev}: {err.stderr.decode().strip()}", file=sys.stderr)
        return 2
    for config in wanted:
        name, players, *variant = config.split("-")
        deals = args.deals_four if config in FOUR_SEATS else args.deals
        print(f"== {config}, deals {args.first}..{args.first + deals - 1}", flush=True)
        interleave([base, ROOT], name, int(players), deals, 1, 1, args.first, True,
                   variant[0] if variant else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
