"""What a Cruce declarer's side makes, by the declarer's own estimate (tactics' bidding).

    PYTHONPATH=src python bench/cruce_bids.py [--players 4] [--deals 1500] [--seed 3]

For each deal and each seat, that seat wins the bidding with 1 (the others pass) and tactics
plays every seat; prints, by the declarer's estimate (``TacticsAgent._declarer_estimate``: its
own hand only), its side's mean card points and marriages at the end, and the share of deals
that side reached 33, 66, 99 and 132 (bids 1 to 4). With 4 players (partners opposite) the
side makes about the estimate plus 30: what tactics' allowance for the partner's cards rests on
(docs/players.md, "Measured (issue 18)").
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from aceten.agents.tactics import TacticsAgent
from aceten.game import Game
from aceten.moves import Bid
from aceten.rules import get as get_rules


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rules = get_rules("cruce", players=args.players)
    rows: dict[int, list[int]] = defaultdict(list)
    for d in range(args.deals):
        seed = args.seed * 100_000 + d
        for declarer in range(rules.players):
            game = Game(rules, seed=seed)
            bots = [TacticsAgent(seed=seed + i) for i in range(rules.players)]
            estimate, _ = TacticsAgent._declarer_estimate(game.view(declarer))
            while game.phase == "bid":
                game.push(Bid(1) if game.to_move == declarer else Bid(0))
            while not game.is_over():
                game.push(bots[game.to_move].choose(game.view(game.to_move)))
            outcome = game.outcome()
            team = rules.seat_team[declarer]
            side = [s for s in range(rules.players) if rules.seat_team[s] == team]
            rows[estimate // 10 * 10].append(sum(outcome.points[s] + outcome.bonus[s] for s in side))
    print("estimate  hands  side's mean  >=33  >=66  >=99  >=132")
    for low in sorted(rows):
        made = rows[low]
        share = [sum(t >= 33 * k for t in made) / len(made) for k in (1, 2, 3, 4)]
        print(f"{low:3d}-{low + 9:<3d}   {len(made):5d}  {sum(made) / len(made):11.1f}  "
              + "  ".join(f"{s:.2f}" for s in share))


if __name__ == "__main__":
    main()
