"""The worked examples of docs/knowledge.md, generated from real runs.

    python examples/knowledge_walkthrough.py            # print the examples (Markdown)
    python examples/knowledge_walkthrough.py --write    # also update docs/knowledge.md and its pictures

A Klaverjas deal followed card by card: after every card, how many deals each seat still
considers possible and what it has just learnt; then a Briscola deal in which the face-up trump
and the last draws decide what is known.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import aceten
from aceten import agents
from aceten.game import Game
from aceten.knowledge import Knowledge
from aceten.knowledge.facts import big
from aceten.show import text as display

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "knowledge.md"
IMAGES = ROOT / "docs" / "images"
START, END = "<!-- walkthrough:start -->", "<!-- walkthrough:end -->"


def bot_game(name: str, seed: int, **kw: object) -> Game:
    game = aceten.new_game(name, seed=seed, **kw)  # type: ignore[arg-type]
    bots = [agents.get("greedy", seed=seed * 10 + s) for s in range(game.players)]
    while not game.is_over():
        game.push(bots[game.to_move].choose(game.view(game.to_move)))
    return game


def replay(game: Game, moves: int) -> Game:
    g = Game(game.rules, seed=game.seed, deal=game.deal)
    for move in game.moves[:moves]:
        g.push(move)
    return g


def facts_of(kn: Knowledge) -> set[str]:
    """What a seat knows beyond its own cards and the table: voids, and cards placed by deduction."""
    out = set()
    for s in range(kn.rules.players):
        if s == kn.seat:
            continue
        for suit in kn.voids(s):
            if any(kn.timeline.location(c) is None for c in kn.rules.deck if c.suit == suit):
                out.add(f"P{s + 1} void {suit.symbol}")
        for card in kn.held(s):
            if kn.timeline.location(card) is None:
                out.add(f"P{s + 1} has {card.symbol}")
    return out


def klaverjas(out: list[str], write: bool) -> None:
    seed = 4
    game = bot_game("klaverjas", seed)
    rules = game.rules
    out.append("### A Klaverjas deal, card by card\n")
    out.append(f"Rotterdam rules, seed {seed}, four greedy bots; "
               f"`{game.moves[0]}` by P{game.declarer + 1}. The hands as dealt:\n")
    out.append("```")
    for s in range(4):
        out.append(f"P{s + 1}: " + " ".join(c.symbol for c in display.sorted_hand(
            game.deal.hands[s], rules, game.trump)))
    out.append("```\n")
    out.append("After each card: for every seat, the number of deals it still considers possible "
               "(each seat sees its own 8 cards, so it starts from 24!/(8!)^3 = 9,465,511,770), "
               "and what it has just come to know about the others beyond the cards on the table "
               "(a void, or a card placed by elimination).\n")
    out.append("| # | card | P1 | P2 | P3 | P4 |")
    out.append("|---:|---|---|---|---|---|")
    known: list[set[str]] = [set() for _ in range(4)]
    first_void = None
    t0 = time.perf_counter()
    updates = 0
    for ply in range(1, len(game.moves) + 1):
        move = game.moves[ply - 1]
        if not isinstance(move, aceten.Card):
            continue
        g = replay(game, ply)
        seat = g.log[-1][1] if g.log[-1][0] == "play" else None
        cells = []
        for s in range(4):
            kn = Knowledge.from_view(g.view(s))
            updates += 1
            now = facts_of(kn)
            new = sorted(now - known[s])
            known[s] = now
            cell = big(kn.count().deals)
            if new:
                cell += " · " + ", ".join(new)
                if first_void is None and any("void" in x for x in new):
                    first_void = (ply, s, next(x for x in new if "void" in x))
            cells.append(cell)
        cards = sum(1 for m in game.moves[:ply] if isinstance(m, aceten.Card))
        trick, place = (cards - 1) // 4 + 1, (cards - 1) % 4 + 1
        out.append(f"| {trick}.{place} | P{seat + 1} {move.symbol} | " + " | ".join(cells) + " |")
    elapsed = time.perf_counter() - t0
    out.append(f"\n({updates} knowledge states, each built from scratch from a view with counts and "
               f"voids, in {elapsed:.1f} s.)\n")
    if first_void is not None:
        ply, s, fact = first_void
        g = replay(game, ply)
        kn = Knowledge.from_view(g.view(s))
        who, _, suit_symbol = fact.split()
        suit = next(x for x in kn.rules.deck if x.suit.symbol == suit_symbol).suit
        out.append(f"The first void anyone learns of, and why (`kn.explain(\"void({who}, "
                   f"{suit.name})\")` for P{s + 1}):\n")
        out.append("```")
        out.append(str(kn.explain(f"void({who}, {suit.name})")))
        out.append("```\n")
    mid = next(i for i in range(len(game.moves), 0, -1)
               if sum(1 for m in game.moves[:i] if isinstance(m, aceten.Card)) == 16)
    g = replay(game, mid)
    kn = Knowledge.from_view(g.view(0))
    trump = g.trump
    queries = ["has_trump(P2)", f"knows(P1, knows(P3, void(P2, {trump.name})))",
               f"knows(P1, possible(P4, void(P2, {trump.name})))",
               f"knows(P2, knows(P3, void(P1, {trump.name})))",
               f"knows(P1, knows(P2, knows(P3, has_trump(P4) or void(P4, {trump.name}))))",
               f"common(all, not holds(P1, {g.tricks[0].cards[0]}))",
               "common(P2+P3, has_trump(P4))"]
    out.append("After four tricks, P1 asks (`kn.ask(...)`; the method is the one that decided):\n")
    out.append("```")
    for q in queries:
        t = time.perf_counter()
        try:
            a = kn.ask(q)
            dt = time.perf_counter() - t
            value = {True: "true", False: "false", None: f"unknown ({float(a.probability):.1%})"}[a.value]
            out.append(f"{q}\n    {value}, by {a.method}, {dt * 1000:.0f} ms")
        except aceten.AcetenError as err:
            out.append(f"{q}\n    {err}")
    out.append("```\n")
    late = next(i for i in range(len(game.moves), 0, -1)
                if sum(1 for m in game.moves[:i] if isinstance(m, aceten.Card)) == 24)
    g = replay(game, late)
    kn = Knowledge.from_view(g.view(0))
    model = kn.kripke()
    out.append(f"With two cards left in each hand (after six tricks) the whole Kripke model of the "
               f"public history has {len(model.worlds)} worlds; P1 considers {len(model.observed)} of "
               f"them possible.\n")
    hidden = sorted(kn.hidden())
    card = hidden[0]
    actual = next((s for s in range(4) if card in g.hand(s)), None)
    if write:
        IMAGES.mkdir(parents=True, exist_ok=True)
        (IMAGES / "knowledge-klaverjas-card.svg").write_text(kn.card_svg(card, actual=actual))
    where = ", ".join(f"P{k + 1} {float(v):.0%}" for k, v in kn.marginals()[card].items())
    out.append(f"Who holds {card}? P1 gives {where}; the lines show who can tell which worlds "
               f"apart (double ring: the actual world):\n")
    out.append(f"![who holds {card}](images/knowledge-klaverjas-card.svg)\n")
    last = next(i for i in range(len(game.moves), 0, -1)
                if sum(1 for m in game.moves[:i] if isinstance(m, aceten.Card)) == 28)
    g = replay(game, last)
    kn = Knowledge.from_view(g.view(0))
    model = kn.kripke()
    act = model.find({s: g.hand(s).mask for s in range(4)})
    if write:
        (IMAGES / "knowledge-klaverjas-model.svg").write_text(model.svg(actual=act))
    out.append(f"After seven tricks, one card in each hand: the whole model has {len(model.worlds)} "
               f"worlds, P1 considers {len(model.observed)} possible (filled):\n")
    out.append("![the Kripke model after seven tricks](images/knowledge-klaverjas-model.svg)\n")


def briscola(out: list[str], write: bool) -> None:
    seed = 7
    game = bot_game("briscola", seed, players=2)
    face = game.turned_card
    out.append("### Briscola: the face-up trump and the last draws\n")
    out.append(f"Two players, seed {seed}, greedy bots. The turned-up card is {face}: everyone "
               f"sees it lie under the stock, and it is the last card drawn.\n")
    out.append("| after move | stock | P2 considers possible: deals | holdings | stock orders | "
               f"where P2 places {face} |")
    out.append("|---:|---:|---:|---:|---:|---|")
    picked = []
    last_draw = None
    for ply in range(0, len(game.moves) + 1):
        g = replay(game, ply)
        if len(g.stock) in (34, 20, 6, 4, 2) or (len(g.stock) == 0 and last_draw is None and ply
                                                 and len(replay(game, ply - 1).stock) > 0):
            if len(g.stock) == 0:
                last_draw = ply
            if ply and ply - 1 in picked:
                continue
            kn = Knowledge.from_view(g.view(1))
            c = kn.count()
            where = ", ".join(f"{'P' + str(k + 1) if isinstance(k, int) else k} {float(v):.0%}"
                              for k, v in kn.marginals()[face].items())
            out.append(f"| {ply} | {len(g.stock)} | {big(c.deals)} | {big(c.holdings)} | "
                       f"{big(c.stock_orders)} | {where} |")
            picked.append(ply)
    assert last_draw is not None
    before = replay(game, last_draw - 2)
    while len(before.stock) == 0:
        before = replay(game, len(before.moves) - 1)
    kn_before = Knowledge.from_view(before.view(1))
    after = replay(game, last_draw)
    kn_after = Knowledge.from_view(after.view(1))
    holder = next(s for s in range(2) if face in after.hand(s))
    out.append("")
    out.append(f"With {len(before.stock)} cards left in the stock P2 does not know P1's hand; the "
               f"last trick before the stock runs out decides who takes the face-up {face}. After "
               f"the last draw (move {last_draw}) P{holder + 1} has it — everyone saw it taken — and "
               f"P2 has seen every card but P1's {len(after.hand(0))}: it knows P1's hand exactly "
               f"(one holding).\n")
    out.append("```")
    out.append(">>> kn.count()      # before the last draw")
    out.append(repr(kn_before.count()))
    out.append(">>> kn.count()      # after it")
    out.append(repr(kn_after.count()))
    out.append(">>> kn.held(0)      # P1's hand, as P2 knows it")
    out.append(str(kn_after.held(0)))
    out.append(f'>>> print(kn.explain("holds(P{holder + 1}, {face})"))')
    out.append(str(kn_after.explain(f"holds(P{holder + 1}, {face})")))
    other = next((c for c in after.hand(0) if c != face), None)
    if other is not None:
        out.append(f'>>> print(kn.explain("holds(P1, {other})"))')
        out.append(str(kn_after.explain(f"holds(P1, {other})")))
    out.append("```\n")
    if other is not None:
        if write:
            (IMAGES / "knowledge-briscola-before.svg").write_text(kn_before.card_svg(other, actual=0))
            (IMAGES / "knowledge-briscola-after.svg").write_text(kn_after.card_svg(other, actual=0))
        where = ", ".join(f"{'P' + str(k + 1) if isinstance(k, int) else k} {float(v):.0%}"
                          for k, v in kn_before.marginals()[other].items())
        out.append(f"Who holds {other}, as P2 sees it, before the last draw ({where}) and after it "
                   f"(double ring: the actual world):\n")
        out.append("![before](images/knowledge-briscola-before.svg) "
                   "![after](images/knowledge-briscola-after.svg)\n")


def main(argv: list[str]) -> None:
    write = "--write" in argv
    out: list[str] = []
    klaverjas(out, write)
    briscola(out, write)
    text = "\n".join(out)
    print(text)
    if write:
        doc = DOC.read_text()
        head, _, rest = doc.partition(START)
        _, _, tail = rest.partition(END)
        DOC.write_text(f"{head}{START}\n\n{text}\n{END}{tail}")


if __name__ == "__main__":
    main(sys.argv[1:])
