"""aceten against the pure-Python Briscola engines on PyPI: random 2-player games per CPU second.

    python bench/bench_peer.py [--seconds S] [--rounds R]

The same loop for each engine: deal a seeded game, then until it is over let the player to move
play a uniformly random card of its hand (``random.Random(1)``), through the engine's public
API. aceten: ``new_game`` / ``legal_moves`` / ``push`` (every move checked, undo, views and
records kept). The peers, installed by hand (not project dependencies; a peer that is not
installed is skipped with a message):

- ``naipes`` (2026, 2-player Brisca on the 40-card Spanish deck: Briscola's rules) —
  ``GameState.new(seed)`` / ``play_card(player, index)``;
- ``briscas`` (2018, Brisca on the 48-card deck, 24 tricks) — ``Game(p1, p2).play()`` with its
  own ``RandomPlayer`` (its loop is built in; it seeds from the global ``random``).

Rounds alternate the engines (each in this one process, CPU time), the best round of each is
kept, and the ratio is aceten / the fastest peer of the same run.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

import aceten


def rate(play: Callable[[int], None], seconds: float) -> float:
    """Games per CPU second of ``play(seed)`` for seeds 0, 1, ..."""
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for seed in range(games, games + 20):
            play(seed)
        games += 20
    return games / (time.process_time() - start)


def aceten_game() -> Callable[[int], None]:
    choice = random.Random(1).choice

    def play(seed: int) -> None:
        g = aceten.new_game("briscola", players=2, seed=seed)
        while not g.is_over():
            g.push(choice(g.legal_moves()))

    return play


def naipes_game() -> Callable[[int], None] | None:
    try:
        from naipes.games.brisca.state import GameState
    except ImportError:
        return None
    below = random.Random(1).randrange

    def play(seed: int) -> None:
        s = GameState.new(seed + 1)  # naipes maps seed 0 to a constant
        while not s.is_finished():
            p = s.pending_leader.other() if s.pending_leader is not None else s.leader
            s.play_card(p, below(len(s.hand_of(p))))

    return play


def briscas_game() -> Callable[[int], None] | None:
    try:
        from briscas.game import Game
        from briscas.players import RandomPlayer
    except ImportError:
        return None
    random.seed(1)

    def play(seed: int) -> None:
        Game(RandomPlayer("a"), RandomPlayer("b")).play()

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per engine and round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    engines: dict[str, Callable[[int], None]] = {"aceten": aceten_game()}
    for name, make in (("naipes", naipes_game), ("briscas", briscas_game)):
        play = make()
        if play is None:
            print(f"{name}: not installed (pip install {name}), skipped")
        else:
            engines[name] = play
    best = dict.fromkeys(engines, 0.0)
    for r in range(args.rounds):
        order = list(engines) if r % 2 == 0 else list(reversed(engines))
        for name in order:
            best[name] = max(best[name], rate(engines[name], args.seconds))
    print(f"python {platform.python_version()}; random 2-player games per CPU second, best of "
          f"{args.rounds} alternating rounds of {args.seconds} s")
    for name, value in best.items():
        print(f"{name:8} {value:9,.0f}")
    peers = {k: v for k, v in best.items() if k != "aceten"}
    if peers:
        fastest = max(peers, key=peers.__getitem__)
        print(f"aceten / {fastest} (the fastest peer): {best['aceten'] / peers[fastest]:.2f}")


if __name__ == "__main__":
    main()
