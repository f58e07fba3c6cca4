"""How often the called card is still unplayed when pimc starts searching a chiamata deal.

    PYTHONPATH=src python bench/chiamata_reveal.py [--deals 300] [--cards 15]

tactics plays every seat (seeds 10000 and on); at the first play with ``--cards`` cards left
in the hands (pimc's limit at five seats), counts the deals whose partner is still hidden.
"""

from __future__ import annotations

import argparse

import aceten
from aceten import agents


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--cards", type=int, default=15)
    args = parser.parse_args()
    hidden = called = 0
    for seed in range(args.deals):
        g = aceten.new_game("briscola", players=5, variant="chiamata", seed=10_000 + seed)
        bots = [agents.get("tactics", seed=s) for s in range(5)]
        while not g.is_over():
            view = g.view(g.to_move)
            if g.phase == "play" and sum(view.hand_sizes) == args.cards and g.called_card is not None:
                called += 1
                hidden += not g.revealed
                break
            g.push(bots[g.to_move].choose(view))
    print(f"deals with a call: {called}; the called card still unplayed at {args.cards} cards "
          f"left: {hidden} ({hidden / max(called, 1):.0%})")


if __name__ == "__main__":
    main()
