"""Solving a deal whose first card names trump (Cruce) one first card at a time.

Before that card the trump is unknown, and the kernel for duties (``obliged.py``) is made for
one known trump, so the general search would play every trick of every first card itself. Here
each first card is searched as its own root, its trump named, so the kernel takes the last
tricks. The roots are searched like one alpha-beta node: the likeliest best card solved
exactly, every other one only tested against the best so far (one zero-window search) and
solved when it beats it. They share the solver's tables: the general search's, and the
kernel's for the cards of one suit. Each root is the encoded position after its card, made by
the step function: no Game is built for it, so even a 4-player Cruce solve of a millisecond
or two gains.

The order matters most: in 2-player Cruce the first card tried is the best in most deals
(``likely_best_first``). From the first card, 2-, 3- and 4-player Cruce take about 0.6, 0.7
and 0.8 of the general search's CPU (docs/benchmarks.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from aceten.cards import Card, Suit
from aceten.game import Game
from aceten.moves import Move
from aceten.rules.layout import R_TRUMP_MODE, S_COOP, S_TLEN, S_TRUMP, TRUMP_FIRST_LEAD
from aceten.search import obliged

LENGTH_WORTH = 20  # what each card of a suit adds to its worth as trump, in card points (a
# heuristic weight: 20 and 12 took 0.59 and 0.60 of the CPU on 2-player Cruce's deals 16-35),
# and what each card of it in the other side's hands takes off
BONUS_WORTH = 1.5  # the weight of the bonus a lead from it can score


def applies(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether S is a first card that names trump, in a game the kernel for duties takes over
    once the trump is known (adversarial seats only, as that kernel)."""
    if not (R[R_TRUMP_MODE] == TRUMP_FIRST_LEAD and S[S_TRUMP] < 0 and S[S_TLEN] == 0
            and S[S_COOP] == 0):
        return False
    named = S.copy()
    named[S_TRUMP] = 0
    return obliged.applies(R, named)


def likely_best_first(game: Game, cards: list[Move]) -> list[Move]:
    """The first cards, the likeliest best first: the suit the hand is strongest in as trump
    (its length against the other side's, its card points, a bonus for leading from it; the
    other side's length put the best card first in 125 of 2-player deals 200-399 against 116), and
    in that suit the card that scores a bonus when led, then the cheapest (keep the high trumps
    for later). The cards of one suit stay together where two suits tie: the kernel's table
    serves the cards of one trump, and a solve under another starts it afresh."""
    rules = game.rules
    hand = game.hand(game.to_move)
    side = game.team_of(game.to_move)
    against = Counter(card.suit for seat in range(rules.players) if game.team_of(seat) != side
                      for card in game.hand(seat))

    lead_bonus: dict[Card, int] = {}  # what each card scores led first, its suit trump
    for card in hand:
        bonus = rules.lead_bonus(hand.mask, card, card.suit)
        lead_bonus[card] = bonus[0] if bonus else 0
    suit_value: dict[Suit, float] = {}
    for card in hand:
        if card.suit not in suit_value:
            mates = [c for c in hand if c.suit == card.suit]
            suit_value[card.suit] = (LENGTH_WORTH * (len(mates) - against[card.suit])
                                     + sum(rules.points(c, card.suit) for c in mates)
                                     + BONUS_WORTH * max(lead_bonus[c] for c in mates))

    def key(move: Move) -> tuple[float, int, int, int]:
        card = move if isinstance(move, Card) else None
        if card is None:
            return (1, 0, 0, 0)
        return (-suit_value[card.suit], int(card.suit), -lead_bonus[card],
                rules.points(card, card.suit))

    return sorted(cards, key=key)


def best(ordered: list[Move], maxing: bool, every: bool,
         exact: Callable[[Move, int | None], int],
         reaches: Callable[[Move, int], bool]) -> tuple[list[tuple[Move, int]], tuple[Move, int]]:
    """The first cards (``ordered``, the likeliest best first) solved exactly, with the value
    each leaves the side valued, and the best of them: every card if ``every``, else the first
    and each later one a test (``reaches(card, bound)``: does the side end with ``bound`` or
    more?) shows better than all before it (for a maximising side more, for a minimising one
    less).

    ``exact(card, near)`` solves a card; ``near`` is the best value so far where every card is
    solved: a later card's value mostly lies close to it, so its probes step away from it, as
    the root's later moves' do (3-player Cruce: 0.82 of the nodes with every first card
    valued). After a test that succeeded, probes stepping up from its bound were no better than
    a fresh search (``near`` None)."""
    solved: list[tuple[Move, int]] = []
    top: tuple[Move, int] | None = None
    for move in ordered:
        if top is not None and not every \
                and reaches(move, top[1] + 1 if maxing else top[1]) != maxing:
            continue
        value = exact(move, top[1] if every and top is not None else None)
        solved.append((move, value))
        if top is None or (value > top[1] if maxing else value < top[1]):
            top = (move, value)
    assert top is not None  # a position in play has a legal move
    return solved, top


def reached(ordered: list[Move], maxing: bool, target: int,
            reaches: Callable[[Move, int], bool]) -> bool:
    """Whether the side valued ends with ``target`` or more: after some first card if it
    plays it, after every first card if it defends."""
    for move in ordered:
        if reaches(move, target) == maxing:
            return maxing
    return not maxing
