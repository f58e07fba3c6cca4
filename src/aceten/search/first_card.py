"""Solving a deal whose first card names trump (Cruce) one first card at a time.

Before that card the trump is unknown, and the kernel for duties (``obliged.py``) is made for
one known trump, so the general search would play every trick of every first card itself. Here
each first card is searched as its own root, its trump named, so the kernel takes the last
tricks. The roots are searched like one alpha-beta node: the first card solved exactly, every
other one only tested against the best so far (one zero-window search) and solved when it
beats it. They share the solver's tables: the general search's, and the kernel's for the cards
of one suit.

The order matters most: in 2-player Cruce the first card tried is the best in most deals
(``likely_best_first``), which brings the whole solve to about 0.6 of the general search's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import numpy as np

from aceten.cards import Card, Suit
from aceten.game import Game
from aceten.moves import Move
from aceten.rules.layout import (
    R_N,
    R_TRUMP_MODE,
    S_COOP,
    S_DRAWN,
    S_HAND,
    S_SLEN,
    S_TLEN,
    S_TRUMP,
    TRUMP_FIRST_LEAD,
)
from aceten.search import obliged


def applies(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether S is a first card that names trump, in a game the kernel for duties takes over
    once the trump is known (adversarial seats only, as that kernel), and the deal long enough
    for it to pay: at least as many tricks before the kernel's hand-over as after it (2- and
    3-player Cruce: 0.61-0.63 and 0.71-0.75 of the general search's CPU over 30 deals; in 4-player Cruce,
    six tricks of which the kernel takes four, 1.3: each root's own set-up costs more than it
    saves in a search of a millisecond or two)."""
    if not (R[R_TRUMP_MODE] == TRUMP_FIRST_LEAD and S[S_TRUMP] < 0 and S[S_TLEN] == 0
            and S[S_COOP] == 0):
        return False
    named = S.copy()
    named[S_TRUMP] = 0
    return obliged.applies(R, named) and pays(R, S)


def pays(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether the deal from S has at least as many tricks before the kernel's hand-over as
    after it."""
    seats = int(R[R_N])
    held = sum(bin(int(S[S_HAND + seat])).count("1") for seat in range(seats))
    tricks = (held + int(S[S_SLEN] - S[S_DRAWN])) // seats
    return tricks >= 2 * obliged.HAND_FROM.get(seats, tricks)


def likely_best_first(game: Game, cards: list[Move]) -> list[Move]:
    """The first cards, the likeliest best first: the suit the hand is strongest in as trump
    (its length, its card points, a bonus for leading from it), and in that suit the card that
    scores a bonus when led, then the cheapest (keep the high trumps for later)."""
    rules = game.rules
    hand = game.hand(game.to_move)

    def lead_bonus(card: Card) -> int:
        bonus = rules.lead_bonus(hand.mask, card, card.suit)
        return bonus[0] if bonus else 0

    suit_value: dict[Suit, int] = {}
    for card in hand:
        if card.suit not in suit_value:
            mates = [c for c in hand if c.suit == card.suit]
            suit_value[card.suit] = (20 * len(mates) + sum(rules.points(c, card.suit) for c in mates)
                                     + max(lead_bonus(c) for c in mates))

    def key(move: Move) -> tuple[int, int, int]:
        card = move if isinstance(move, Card) else None
        if card is None:
            return (1, 0, 0)
        return (-suit_value[card.suit], -lead_bonus(card), rules.points(card, card.suit))

    return sorted(cards, key=key)


class Valued(Protocol):
    """A solve's answer: what the side valued ends with."""

    @property
    def value(self) -> int: ...


V = TypeVar("V", bound=Valued)
Reaches = Callable[[Game, int], bool]
"""Whether the side valued ends with at least the bound from a position after a first card."""


def best(game: Game, maxing: bool, every: bool, exact: Callable[[Game], V],
         reaches: Reaches) -> tuple[list[tuple[Move, V]], tuple[Move, V]]:
    """The first cards solved exactly, and the best of them: every card if ``every``, else the
    likeliest best and each later one a test shows better than all before it (for a maximising
    side more, for a minimising one less)."""
    solved: list[tuple[Move, V]] = []
    top: tuple[Move, V] | None = None
    for move in likely_best_first(game, list(game.legal_moves())):
        child = game.copy()
        child.push(move)
        if top is not None and not every:
            bound = top[1].value + 1 if maxing else top[1].value
            if reaches(child, bound) != maxing:
                continue
        result = exact(child)
        solved.append((move, result))
        if top is None or (result.value > top[1].value if maxing else result.value < top[1].value):
            top = (move, result)
    assert top is not None  # a position in play has a legal move
    return solved, top


def reached(game: Game, maxing: bool, target: int, reaches: Reaches) -> bool:
    """Whether the side valued ends with ``target`` or more: after some first card if it
    plays it, after every first card if it defends."""
    for move in likely_best_first(game, list(game.legal_moves())):
        child = game.copy()
        child.push(move)
        if reaches(child, target) == maxing:
            return maxing
    return not maxing
