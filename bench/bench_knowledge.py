"""The knowledge layer's speed mid-game on full decks (issue 4's Performance section).

    python bench/bench_knowledge.py [--positions N] [--json]
    python bench/bench_knowledge.py --base OTHER_CHECKOUT [--rounds R] [--positions N]

For every game and player count, N positions (seeded random play, greedy bots for Klaverjas's
trump call) from P1's view: the start of trick 5 with 4 and 3 players (16 and 15 cards played;
trick 5 of 8 in 3-player Cruce, 12 cards), of trick 8 in 2-player Briscola and Brisca, and of
trick 5 in 2-player Cruce (8 cards; later, the stock gone, P1 sees every card):

- update: push the last play into a seat's knowledge that has already answered (marginals
  computed), then compute every card's marginals again — the cost of following a game;
- 1000 samples: ``kn.sample(1000)`` once the counting is done (the first call, which also
  builds the sampling trees of ``aceten.knowledge.sampling``), and a second call;
- nested: ``knows(P1, knows(P3, void(P2, trump)))`` and ``knows(P1, possible(P4, holds(P2, c)))``
  for a card c P1 has not seen (P3 for P4 with 3 players, P2 in both places with 2), on a fresh
  knowledge;
- kripke: the size of the explicit Kripke model of the position (worlds), without building it;

and one Klaverjas deal trick by trick: the explicit model's size, nested queries decided by
classes, and a common-knowledge query that needs the explicit model (refused past 200,000
worlds).

Baseline in the same run: ``game.view(0)`` (the engine building the view the knowledge starts
from). Figures are CPU time of this process (``time.process_time``, so that other work on the
machine does not inflate them much), medians (and maxima) in milliseconds over the positions;
the machine's load average (1 minute) before and after the run is printed with them: on a busy
machine compare runs in the same session, not absolute figures.

``--base``: this tree against another checkout (its root, e.g. a ``git worktree`` of main), R
rounds of fresh processes alternating between the two (this script, ``PYTHONPATH`` set to each
tree's ``src``), each figure the median of the rounds' medians, and this tree's over the base's.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import aceten
from aceten.knowledge import Knowledge
from aceten.knowledge.count import Solver

CONFIGS = [("briscola", 4, None, 16), ("klaverjas", 4, "rotterdam", 16), ("briscola", 2, None, 14),
           ("brisca", 4, None, 16), ("cruce", 4, None, 16),
           ("briscola", 3, None, 15), ("brisca", 2, None, 14), ("brisca", 3, None, 15),
           ("cruce", 2, None, 8), ("cruce", 3, None, 12), ("klaverjas", 4, "amsterdam", 16)]


def position(name: str, players: int, variant: str | None, plays: int, seed: int) -> aceten.Game:
    game = aceten.new_game(name, players=players, variant=variant, seed=seed)
    rng = random.Random(seed)
    while game.phase != "play":
        game.push(game.legal_moves()[0])
    while len(game.moves) < plays + (1 if name == "klaverjas" else 0):
        game.push(rng.choice(game.legal_moves()))
    return game


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def bench(name: str, players: int, variant: str | None, plays: int, count: int) -> dict[str, object]:
    update, sample_first, sample_again, nested1, nested2, view_times = [], [], [], [], [], []
    worlds, models = [], []
    for seed in range(count):
        game = position(name, players, variant, plays, seed)
        t = time.process_time()
        view = game.view(0)
        view_times.append(time.process_time() - t)
        events = view.events
        kn = Knowledge(view.rules, 0, events[:-1])
        kn.marginals()
        t = time.process_time()
        kn.push(events[-1])
        kn.marginals()
        update.append(time.process_time() - t)
        worlds.append(kn.count().deals)
        t = time.process_time()
        kn.sample(1000, seed=seed)
        sample_first.append(time.process_time() - t)
        t = time.process_time()
        kn.sample(1000, seed=seed + 1)
        sample_again.append(time.process_time() - t)
        trump = game.trump.letter
        hidden = sorted(kn.hidden())
        # a card P2 may hold; P2 can be void of every hidden card late in a seeded deal
        card = next((c for c in hidden if kn.marginals()[c].get(1)), hidden[0])
        fresh = Knowledge.from_view(view)
        t = time.process_time()
        other = 3 if players > 2 else 2
        fresh.ask(f"knows(P1, knows(P{other}, void(P2, {trump})))")
        nested1.append(time.process_time() - t)
        fresh = Knowledge.from_view(view)
        t = time.process_time()
        fresh.ask(f"knows(P1, possible(P{min(players, 4)}, holds(P2, {card})))")
        nested2.append(time.process_time() - t)
        pub = kn.public().problem
        models.append(Solver(pub, pub.types(), holdings=True).total)

    def stats(values: list[float]) -> dict[str, float]:
        return {"median_ms": ms(statistics.median(values)), "max_ms": ms(max(values))}

    base = statistics.median(view_times)
    return {
        "game": name, "players": players, "variant": variant or "standard", "cards_played": plays,
        "positions": count, "view_ms": ms(base),
        "update_and_marginals": stats(update), "update_x_view": round(statistics.median(update) / base, 1),
        "sample_1000_first": stats(sample_first), "sample_1000_again": stats(sample_again),
        "nested_knows_knows": stats(nested1), "nested_knows_possible": stats(nested2),
        "deals_median": f"{statistics.median(worlds):.3g}",
        "kripke_worlds_median": f"{statistics.median(models):.3g}",
    }


def limits(seed: int = 4) -> list[dict[str, object]]:
    """One Klaverjas deal trick by trick, from P1's view: the size of the explicit Kripke model of
    the public history, a common-knowledge query that needs it, and nested queries decided by
    classes: asked about P1's own knowledge, about another seat's (asked by P1), three deep."""
    from aceten import agents

    game = aceten.new_game("klaverjas", seed=seed)
    bots = [agents.get("greedy", seed=seed * 10 + s) for s in range(4)]
    while not game.is_over():
        game.push(bots[game.to_move].choose(game.view(game.to_move)))
    starts = []  # the number of moves before each trick's lead (the trump call may take several)
    g = aceten.Game(game.rules, seed=game.seed, deal=game.deal)
    for index, move in enumerate(game.moves):
        if g.phase == "play" and not g.trick and len(starts) == len(g.tricks):
            starts.append(index)
        g.push(move)
    rows = []
    for tricks, start in enumerate(starts):
        g = aceten.Game(game.rules, seed=game.seed, deal=game.deal)
        for move in game.moves[:start]:
            g.push(move)
        trump = g.trump.letter
        kn = Knowledge.from_view(g.view(0))
        pub = kn.public().problem
        size = Solver(pub, pub.types(), holdings=True).total
        row: dict[str, object] = {"tricks_played": tricks, "kripke_worlds": size}
        if not kn.hidden():
            break  # P1 knows every card's place: nothing left to ask
        card = sorted(kn.hidden())[0]
        for key, query in (("classes_ms", f"knows(P1, knows(P3, void(P2, {trump})))"),
                           ("other_seat_ms", f"knows(P2, possible(P3, holds(P4, {card})) "
                                             f"or knows(P3, not holds(P4, {card})))"),
                           ("three_deep_ms", f"knows(P1, knows(P2, possible(P3, holds(P4, {card})) "
                                             f"or possible(P3, not holds(P4, {card}))))")):
            fresh = Knowledge.from_view(g.view(0))
            t = time.process_time()
            fresh.ask(query)
            row[key] = ms(time.process_time() - t)
        if size <= 200_000:
            fresh = Knowledge.from_view(g.view(0))
            t = time.process_time()
            fresh.ask(f"common(P2+P3, not holds(P4, {card}))")
            row["kripke_ms"] = ms(time.process_time() - t)
        rows.append(row)
    return rows


def compare(base: Path, positions: int, rounds: int) -> None:
    """This tree against ``base``, alternating fresh processes (see the module's docstring)."""
    here = Path(__file__).resolve().parent.parent
    runs: dict[str, list[dict[str, object]]] = {"base": [], "this": []}
    loads: list[float] = []
    for r in range(rounds):
        order = [("base", base), ("this", here)] if r % 2 == 0 else [("this", here), ("base", base)]
        for which, tree in order:
            env = dict(os.environ, PYTHONPATH=str(tree / "src"))
            out = subprocess.run([sys.executable, __file__, "--positions", str(positions), "--json"],
                                 env=env, capture_output=True, text=True, check=True)
            data = json.loads(out.stdout)
            runs[which].append(data)
            loads += data["load_average"]
    print(f"{rounds} alternating rounds, {positions} positions; CPU ms, median of the rounds' medians; "
          f"load average {min(loads)}-{max(loads)}")
    print(f"{'game':10s} {'n':>2s} {'variant':10s} {'figure':22s} {'base':>7s} {'this':>7s} {'ratio':>6s}")
    for i, (name, players, variant, _) in enumerate(CONFIGS):
        for figure in ("update_and_marginals", "sample_1000_first", "sample_1000_again"):
            medians = {which: statistics.median(run["positions"][i][figure]["median_ms"]  # type: ignore[index]
                                                for run in got) for which, got in runs.items()}
            base_ms, this_ms = medians["base"], medians["this"]
            print(f"{name:10s} {players:>2d} {variant or 'standard':10s} {figure:22s} "
                  f"{base_ms:>7.2f} {this_ms:>7.2f} {this_ms / base_ms:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--base", type=Path, help="another checkout's root: compare this tree with it")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.base is not None:
        if not (args.base / "src" / "aceten").is_dir():
            parser.error(f"{args.base} holds no src/aceten")
        compare(args.base, args.positions, args.rounds)
        return
    load_before = os.getloadavg()[0]
    rows = [bench(*config, args.positions) for config in CONFIGS]
    limit_rows = limits()
    load = [round(load_before, 2), round(os.getloadavg()[0], 2)]
    if args.json:
        print(json.dumps({"positions": rows, "klaverjas_by_trick": limit_rows, "load_average": load},
                         indent=2))
        return
    print(f"python {platform.python_version()}, one core; {args.positions} positions per game; "
          f"CPU time, median (max) in ms; load average {load[0]} before, {load[1]} after")
    head = (f"{'game':10s} {'n':>2s} {'variant':10s} {'view':>6s} {'update+marg':>15s} "
            f"{'1000 samples':>15s} {'again':>15s} {'knows-knows':>15s} {'knows-possible':>15s} "
            f"{'deals':>9s} {'kripke':>9s}")
    print(head)

    def cell(d: dict[str, float]) -> str:
        return f"{d['median_ms']:.1f} ({d['max_ms']:.1f})"

    for r in rows:
        print(f"{r['game']:10s} {r['players']:>2d} {r['variant']:10s} {r['view_ms']:>6.2f} "
              f"{cell(r['update_and_marginals']):>15s} {cell(r['sample_1000_first']):>15s} "
              f"{cell(r['sample_1000_again']):>15s} {cell(r['nested_knows_knows']):>15s} "
              f"{cell(r['nested_knows_possible']):>15s} {r['deals_median']:>9s} "
              f"{r['kripke_worlds_median']:>9s}")
    print()
    print("klaverjas seed 4 (greedy bots), P1's view at the start of each trick, CPU ms; c: a card P1")
    print("has not seen. classes: knows(P1, knows(P3, void(P2, trump))); other seat: knows(P2,")
    print("possible(P3, holds(P4, c)) or knows(P3, not holds(P4, c))); three deep: knows(P1, knows(P2,")
    print("possible(P3, holds(P4, c)) or possible(P3, not holds(P4, c)))); common(P2+P3, not holds(P4,")
    print("c)) on the explicit model (refused above 200,000 worlds)")
    print(f"{'tricks':>6s} {'kripke worlds':>26s} {'classes':>9s} {'other seat':>11s} {'three deep':>11s} "
          f"{'common':>9s}")
    for r in limit_rows:
        kripke = f"{r['kripke_ms']:.0f}" if "kripke_ms" in r else "refused"
        print(f"{r['tricks_played']:>6d} {r['kripke_worlds']:>26,d} {r['classes_ms']:>9.1f} "
              f"{r['other_seat_ms']:>11.1f} {r['three_deep_ms']:>11.1f} {kripke:>9s}")


if __name__ == "__main__":
    main()
