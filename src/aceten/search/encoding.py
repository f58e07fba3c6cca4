"""The declared rules and a Game as numpy arrays, the only input the compiled kernels take.

The rules vector and card tables are the ones the rule parts filled (:attr:`Rules.R`,
:attr:`Rules.T`, laid out by :mod:`aceten.rules.layout`); this module adds what only the search
needs (each suit's cards in order, and whether equivalent cards may be merged) and turns a
Game into the flat state. A card inside a kernel is its bit position; a hand is an ``int64``
mask (bits stay below 63).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from aceten.cards import FAMILY_RANKS
from aceten.errors import AcetenError
from aceten.game import Game
from aceten.moves import Move
from aceten.rules import codes
from aceten.rules.base import Rules
from aceten.rules.layout import (
    R_MERGE,
    R_ROEM,
    R_TRUMP_MODE,
    S_BOUND,
    S_REMAIN,
    S_TRUMP,
    SEATS,
    T_PLAIN_PTS,
    T_TRUMP_PTS,
    TRUMP_FIRST_LEAD,
)
from aceten.search.endgame import ORD_COLS


@dataclass(frozen=True)
class KernelRules:
    """One game's rules as kernel arrays."""

    rules: Rules
    R: np.ndarray  # int64[R_SIZE]
    T: np.ndarray  # int64[T_ROWS, 64]
    ORD: np.ndarray  # int64[6, 4, ORD_COLS]: each suit's bits in order (see _encode)
    deck: np.ndarray  # int64[len(deck)]: the bits of rules.deck in the declared order


_CACHE: dict[int, KernelRules] = {}


def encode_rules(rules: Rules) -> KernelRules:
    """The kernel arrays of ``rules`` (cached per Rules object: rules are immutable)."""
    found = _CACHE.get(id(rules))
    if found is not None and found.rules is rules:
        return found
    enc = _encode(rules)
    _CACHE[id(rules)] = enc
    return enc


def _encode(rules: Rules) -> KernelRules:
    n = rules.players
    if n > SEATS:
        raise AcetenError(f"the search kernels handle up to {SEATS} players, not {n}")
    R = np.array(rules.R, dtype=np.int64)
    T = np.array(rules.T, dtype=np.int64)

    # ORD[row, suit]: bits of the suit's cards, strongest first, with the count in column 16.
    # Rows 0/1: every card in the plain/trump order. Rows 2 + 2*objective + (0 plain, 1 trump):
    # the cards the table may rename (point-less cards; every card when counting tricks), which
    # must lie together at the bottom of the order (else the row stays empty).
    ORD = np.full((6, 4, ORD_COLS), -1, dtype=np.int64)
    ranks = FAMILY_RANKS[rules.family]
    for which, (order, points) in enumerate(((rules.plain_order, rules.plain_points),
                                             (rules.trump_order, rules.trump_points))):
        held = [r for r in order if r in ranks]
        for suit in range(4):
            for k, rank in enumerate(held):
                ORD[which, suit, k] = suit << 4 | int(rank)
            ORD[which, suit, 16] = len(held)
            for objective in (0, 1):
                rename = [r for r in held if objective == 1 or points[r] == 0]
                row = 2 + 2 * objective + which
                if held[len(held) - len(rename):] != rename:
                    rename = []
                for k, rank in enumerate(rename):
                    ORD[row, suit, k] = suit << 4 | int(rank)
                ORD[row, suit, 16] = len(rename)
    # Merging equivalent cards is exact unless a rule looks at exact ranks beyond the order:
    # a trick bonus (roem's sequences) does, so with one only cards that can no longer be part
    # of a sequence are merged (2); a first-lead trump whose two orders differ turns merging off.
    merge = 2 if R[R_ROEM] else 1
    if R[R_TRUMP_MODE] == TRUMP_FIRST_LEAD and (rules.plain_order != rules.trump_order
                                                or rules.plain_points != rules.trump_points):
        merge = 0
    R[R_MERGE] = merge
    deck = np.array([int(c) & 63 for c in rules.deck], dtype=np.int64)
    return KernelRules(rules, R, T, ORD, deck)


# -- positions ---------------------------------------------------------------------------------
def encode_game(game: Game) -> np.ndarray:
    """The state vector of a Game in its play phase: the game's own flat state (the engine and
    the kernels share the layout), with what only the search keeps: the card points still to be
    won, and no bound on the future yet."""
    enc = encode_rules(game.rules)
    S = np.array(game.flat_state(), dtype=np.int64)
    S[S_BOUND] = -1
    live = [int(c) for c in game.trick] + [int(c) for c in game.stock]
    for seat in range(game.players):
        live += [int(c) for c in game.hand(seat)]
    S[S_REMAIN] = live_points(enc, live, S[S_TRUMP])
    return S


def live_points(enc: KernelRules, cards: list[int], trump: int) -> int:
    """Card points of ``cards``; with trump unknown, each card at its higher value (a bound)."""
    T = enc.T
    total = 0
    for code in cards:
        b = code & 63
        if trump < 0:
            total += max(T[T_PLAIN_PTS + b], T[T_TRUMP_PTS + b])
        elif (b >> 4) & 3 == trump:
            total += T[T_TRUMP_PTS + b]
        else:
            total += T[T_PLAIN_PTS + b]
    return int(total)


def move_code(move: Move) -> int:
    """A move as the kernels write it."""
    return codes.move_code(move)


def decode_move(code: int, rules: Rules) -> Move:
    """The move a kernel wrote as ``code``."""
    return codes.decode_move(code, rules.family)
