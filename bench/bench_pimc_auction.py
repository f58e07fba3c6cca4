"""pimc reading hands from the auction, against the same pimc drawing its deals uniformly.

    python bench/bench_pimc_auction.py --deals 100 [--opponent pimc-uniform] [--db PATH]

Briscola chiamata (5 players), duplicate arena (10 seat rotations a deal), one worker. The
variant ``pimc-uniform`` (registered here only, never in ``aceten.agents``) is ``pimc`` with
``read_auction = False``: everything else alike, the same tactics delegate, so the difference
is the auction's weighting alone. Prints the arena's table row (bench_searcher.table).
"""

from __future__ import annotations

import argparse

from bench_searcher import table

from aceten import agents
from aceten.agents.pimc import PimcAgent


class PimcUniform(PimcAgent):
    """pimc without reading the auction: its deals drawn uniformly, as before."""

    name = "pimc-uniform"
    read_auction = False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--opponent", default="pimc-uniform")
    parser.add_argument("--db", default="/tmp/bench-pimc-auction.sqlite")
    args = parser.parse_args()
    agents.AGENTS["pimc-uniform"] = PimcUniform
    table(["pimc"], args.opponent, [("briscola", 5, "chiamata")], args.deals, args.db)


if __name__ == "__main__":
    main()
