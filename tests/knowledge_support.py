"""Brute force for the knowledge tests: every deal a seat cannot rule out, found by replaying
candidate deals through the engine and comparing the seat's view event for event.

Independent of :mod:`aceten.knowledge`: candidates are all assignments of the cards a seat has
not seen to the slots it has not seen (the hidden part of each hand, the unseen stock
positions), with one obvious filter to keep the numbers small — a card that seat P played can
only have been dealt to P or drawn by P. Each candidate is replayed move by move; it counts if
every move is legal and the seat sees exactly the same events. Knowledge operators are then
evaluated by definition: ``knows(Q, f)`` in a deal means ``f`` holds in every deal Q's view
cannot tell from it.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import aceten
from aceten import Deal, Game
from aceten.cards import suit_mask
from aceten.knowledge.facts import And, Common, Const, Formula, Holds, InStock, Knows, Not, Or, Possible, Void


def play_random(game: Game, moves: int, seed: int) -> Game:
    """Play ``moves`` random legal moves (fewer if the deal ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.push(rng.choice(game.legal_moves()))
    return game


def consistent_deals(game: Game, seat: int) -> list[Deal]:
    """Every deal (hands as sets, the stock in order) on which the game's moves are legal and
    ``seat`` sees exactly what it saw."""
    rules = game.rules
    target = game.view(seat).events
    n = rules.players
    k = rules.options["open_cards"]
    drawers = [who for kind, who, _ in game.log if kind == "draw"]
    hands = [[c if (s == seat or i < k) else None for i, c in enumerate(h)]
             for s, h in enumerate(game.deal.hands)]
    stock = [c if ((i < len(drawers) and drawers[i] == seat)
                   or (i == len(game.deal.stock) - 1 and rules.trump_mode == "turned")) else None
             for i, c in enumerate(game.deal.stock)]
    seen = {c for h in hands for c in h if c} | {c for c in stock if c}
    unseen = [c for c in rules.deck if c not in seen]
    player = {}
    for kind, who, what in game.log:
        if kind in ("play", "swap") and what not in player:
            player[what] = who
    # the slots to fill: (seat owning it, or None for an undrawn stock position), where
    slots: list[tuple[int | None, tuple[str, int, int]]] = []
    for s in range(n):
        for i, c in enumerate(hands[s]):
            if c is None:
                slots.append((s, ("hand", s, i)))
    for i, c in enumerate(stock):
        if c is None:
            slots.append((drawers[i] if i < len(drawers) else None, ("stock", 0, i)))
    out: list[Deal] = []
    chosen: list[Any] = [None] * len(slots)
    used: set[Any] = set()

    def rec(j: int) -> None:
        if j == len(slots):
            hs = [list(h) for h in hands]
            st = list(stock)
            for (_, (kind, s, i)), card in zip(slots, chosen):
                if kind == "hand":
                    hs[s][i] = card
                else:
                    st[i] = card
            deal = Deal(tuple(tuple(h) for h in hs), tuple(st))
            g = Game(rules, deal=deal)
            try:
                for move in game.moves:
                    g.push(move)
            except aceten.IllegalMove:
                return
            if g.view(seat).events == target:
                out.append(deal)
            return
        owner, (kind, s, i) = slots[j]
        # hand positions of one seat are a set: fill them in increasing card order
        floor = chosen[j - 1] if j and kind == "hand" and slots[j - 1][1][:2] == (kind, s) else None
        for card in unseen:
            if card in used or (floor is not None and card <= floor):
                continue
            if card in player and player[card] != owner:
                continue
            chosen[j] = card
            used.add(card)
            rec(j + 1)
            used.discard(card)

    rec(0)
    return out


def replay(game: Game, deal: Deal) -> Game:
    g = Game(game.rules, deal=deal)
    for move in game.moves:
        g.push(move)
    return g


def place(g: Game, card: aceten.Card) -> object:
    for s in range(g.players):
        if card in g.hand(s):
            return s
    return "stock" if card in g.stock else "played"


def brute_marginals(game: Game, deals: list[Deal]) -> dict[aceten.Card, dict[object, Fraction]]:
    finals = [replay(game, d) for d in deals]
    out = {}
    for card in game.rules.deck:
        counts = Counter(place(g, card) for g in finals)
        out[card] = {k: Fraction(v, len(deals)) for k, v in counts.items()}
    return out


def holdings(game: Game, deals: list[Deal]) -> set[tuple[Any, ...]]:
    out = set()
    for d in deals:
        g = replay(game, d)
        out.add((*(g.hand(s).mask for s in range(g.players)), frozenset(g.stock)))
    return out


def deal_key(deal: Deal) -> tuple[Any, ...]:
    return (tuple(frozenset(h) for h in deal.hands), deal.stock)


class Epistemic:
    """Formulas evaluated by definition on replayed deals, classes found by brute force."""

    def __init__(self, game: Game):
        self.game = game
        self._classes: dict[Any, list[Deal]] = {}
        self._games: dict[Any, Game] = {}

    def final(self, deal: Deal) -> Game:
        key = deal_key(deal)
        g = self._games.get(key)
        if g is None:
            g = self._games[key] = replay(self.game, deal)
        return g

    def cls(self, seat: int, deal: Deal) -> list[Deal]:
        g = self.final(deal)
        key = (seat, g.view(seat).events)
        found = self._classes.get(key)
        if found is None:
            found = self._classes[key] = consistent_deals(g, seat)
        return found

    def holds(self, f: Formula, deal: Deal) -> bool:
        g = self.final(deal)
        if isinstance(f, Const):
            return f.value
        if isinstance(f, Holds):
            return f.card in g.hand(f.seat)
        if isinstance(f, InStock):
            return f.card in g.stock
        if isinstance(f, Void):
            return not g.hand(f.seat).mask & suit_mask(f.suit)  # type: ignore[arg-type]
        if isinstance(f, Not):
            return not self.holds(f.arg, deal)
        if isinstance(f, And):
            return all(self.holds(a, deal) for a in f.args)
        if isinstance(f, Or):
            return any(self.holds(a, deal) for a in f.args)
        if isinstance(f, Knows):
            return all(self.holds(f.arg, d) for d in self.cls(f.seat, deal))
        if isinstance(f, Possible):
            return any(self.holds(f.arg, d) for d in self.cls(f.seat, deal))
        if isinstance(f, Common):
            seen = {deal_key(deal)}
            todo = [deal]
            while todo:
                d = todo.pop()
                if not self.holds(f.arg, d):
                    return False
                for s in f.seats:
                    for other in self.cls(s, d):
                        if deal_key(other) not in seen:
                            seen.add(deal_key(other))
                            todo.append(other)
            return True
        raise TypeError(f)

    def count(self, f: Formula, seat: int) -> tuple[int, int]:
        deals = self.cls(seat, self.game.deal)
        return sum(self.holds(f, d) for d in deals), len(deals)
