"""Per-deal summary of a duplicate tournament's results database (``aceten arena --db``).

    python bench/arena_per_deal.py results.sqlite [--bot pimc --opponent tactics]

The arena's Wilson interval treats every comparison (one game between two sides) as
independent. The games of one deal are not: the same cards are played once per seating. Here
each deal gives one number, the bot's mean score over the comparisons of that deal (win 1,
draw 1/2), and the interval is a normal one over the deals. With a hidden team (Briscola
chiamata) a comparison is two seats of different bots on the score sheet, as the arena counts.
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--opponent", default="tactics")
    args = parser.parse_args()
    con = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    rows = con.execute("select id, game, players, variant from tournaments order by id").fetchall()
    for tid, game, players, variant in rows:
        per_deal: dict[int, list[float]] = {}
        for deal, seats, scores, roles in con.execute(
                "select deal, seats, scores, roles from games where tournament = ?", (tid,)):
            names, points = json.loads(seats), json.loads(scores)
            side_bot = names[:len(points)]  # side k's first seat is seat k (partners sit apart)
            if roles is not None:  # a hidden team: seat against seat on the score sheet
                points, side_bot = json.loads(roles)[2], names
            tally = per_deal.setdefault(deal, [0.0, 0.0])
            for i, a in enumerate(points):
                for j, b in enumerate(points):
                    if side_bot[i] == args.bot and side_bot[j] == args.opponent:
                        tally[0] += 1.0 if a > b else 0.5 if a == b else 0.0
                        tally[1] += 1
        scores_ = [won / n for won, n in per_deal.values() if n]
        if len(scores_) < 2:
            continue
        mean = sum(scores_) / len(scores_)
        sd = math.sqrt(sum((x - mean) ** 2 for x in scores_) / (len(scores_) - 1))
        half = 1.96 * sd / math.sqrt(len(scores_))
        print(f"{game:9s} {players}p {variant:9s} deals {len(scores_):5d}  {args.bot} score "
              f"{mean:.4f}  95% per deal [{mean - half:.4f}, {mean + half:.4f}]")


if __name__ == "__main__":
    main()
