"""How pimc's layouts place the called card for a defender in Briscola chiamata.

    PYTHONPATH=src python bench/chiamata_layouts.py [--deals 300] [--cards 15] [--samples 40]

tactics plays every seat (seeds 10000 and on) up to the first play with ``--cards`` cards left
in the hands (where pimc starts searching with five seats); for every seat that does not know
the partner there, draws ``--samples`` layouts uniformly (``Knowledge.sample``) and as pimc
draws them (by the call's likelihood, ``aceten.agents.pimc``), and prints the share of layouts
that give the called card to the caller and to its true holder.
"""

from __future__ import annotations

import argparse
import random

import aceten
from aceten import agents
from aceten.agents.pimc import _drawn_by_call, hidden_call, public_moves
from aceten.knowledge import Knowledge


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--cards", type=int, default=15)
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    counts = {"uniform": [0, 0, 0], "by the call": [0, 0, 0]}  # to the caller, to the holder, all
    positions = 0
    for seed in range(args.deals):
        g = aceten.new_game("briscola", players=5, variant="chiamata", seed=10_000 + seed)
        bots = [agents.get("tactics", seed=s) for s in range(5)]
        while not g.is_over() and not (g.phase == "play" and sum(g.view(0).hand_sizes) == args.cards):
            g.push(bots[g.to_move].choose(g.view(g.to_move)))
        if g.is_over() or g.called_card is None:
            continue
        card = g.called_card
        holder = g.partner
        for seat in range(5):
            view = g.view(seat)
            call = hidden_call(view)
            if call is None:
                continue
            positions += 1
            knowledge = Knowledge.from_view(view)
            drawn = {"uniform": knowledge.sample(args.samples, rng=random.Random(seed)),
                     "by the call": [x.deal for x in _drawn_by_call(
                         knowledge, view, public_moves(view), args.samples, random.Random(seed))]}
            for how, deals in drawn.items():
                counts[how][0] += sum(card in d.hands[call[0]] for d in deals)
                counts[how][1] += sum(card in d.hands[holder] for d in deals)
                counts[how][2] += len(deals)
    print(f"{positions} positions of a seat that does not know the partner, {args.samples} layouts each")
    for how, (caller, true, total) in counts.items():
        print(f"  {how:12s} the caller holds the called card in {caller / total:.1%} of the layouts, "
              f"its true holder in {true / total:.1%}")


if __name__ == "__main__":
    main()
