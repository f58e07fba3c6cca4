"""What the search kernels add to the compiled step function (:mod:`aceten.rules.jit`):
tables that start on a cache line, and the hash mix of the transposition tables."""

from __future__ import annotations

import numpy as np

from aceten.rules import lazy_numba
from aceten.rules.layout import (
    KING,
    QUEEN,
    R_LAST_BONUS,
    R_TRICKS,
    S_COOP,
    S_MAXTEAM,
    S_TEAM,
    S_TRICKNO,
)
from aceten.rules.lazy_numba import njit

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

CACHE_LINE = 64  # bytes


def aligned_zeros(shape: int | tuple[int, ...]) -> np.ndarray:
    """An int64 array of zeros that starts on a cache line and ends before the next array's.

    numpy aligns its data to 16 bytes only: a table bucket of 64 bytes would then straddle two
    cache lines (two memory reads a probe), and two threads' small arrays could share a line.
    """
    count = int(np.prod(shape))
    words = CACHE_LINE // 8
    raw = np.zeros(count + 2 * words, dtype=np.int64)
    start = (-raw.ctypes.data % CACHE_LINE) // 8
    return raw[start:start + count].reshape(shape)


@njit(cache=True, _nrt=False, inline="always")
def mix64(z):
    """splitmix64's finaliser, a 64-bit hash mix (z a uint64): table slots and check words."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


QUEENS = (1 << QUEEN) | (1 << (16 + QUEEN)) | (1 << (32 + QUEEN)) | (1 << (48 + QUEEN))  # (bits)


@njit(cache=True, _nrt=False, inline="always")
def mates(hand):
    """The kings and queens of ``hand`` whose mate it holds too: the cards a marriage lead
    would score with (``step.lead_bonus``), which the search leads first and keeps back on
    other tricks (move order only: a king sits one place above its queen)."""
    queens = hand & QUEENS & (hand >> (KING - QUEEN))
    return queens | (queens << (KING - QUEEN))


@njit(cache=True, _nrt=False, inline="always")
def prefetch(G, i):
    """Ask for G[i] to be brought into the cache ahead of its use: lookups started this way
    overlap instead of waiting on memory one after the other. A hint with no effect on any
    value: nothing in Python or numba (the C kernels' twin is ``__builtin_prefetch``)."""
    return 0


@njit(cache=True, _nrt=False, inline="always")
def table_window(lower, upper, alpha, beta, stats):
    """A table entry's bounds against the window (alpha, beta): (1, the bound or value that
    settles the node) or (0, 0), then the window narrowed by the bounds. An exact value inside
    a wide window settles it too: narrowed to (v, v), the search would return a bound on
    either side of v that the parent takes for exact (zero windows never meet the case). Counts
    the hit and a cut-off in ``stats`` (the solver's counters 2 and 3)."""
    stats[2] += 1
    if lower >= beta:
        stats[3] += 1
        return 1, lower, alpha, beta
    if upper <= alpha:
        stats[3] += 1
        return 1, upper, alpha, beta
    if lower >= upper:
        stats[3] += 1
        return 1, lower, alpha, beta
    return 0, 0, max(alpha, lower), min(beta, upper)


DRAW_TRUMP = 20  # what a trump drawn is worth over a plain card, to draw_worth's guess
DRAW_SWING = 3  # a swing below minus this: the side that loses the trick draws the better cards
DRAW_RUFF = 10  # a swing above this: the winner's side draws cards worth ruffing a cheap trick


@njit(cache=True, _nrt=False, inline="always")
def draw_worth(points, card, trump):
    """What ``card`` drawn from the stock is worth to its side, as a guess for move order: its
    ``points``, ``DRAW_TRUMP`` more in the trump suit ``trump``. The last card of a trick
    compares what its side draws if it takes the trick with what it draws if it does not (the
    draw swing); where the side that loses draws the better cards (a swing below
    ``-DRAW_SWING``), the throws come before the takes: in 2-player Cruce's stock tricks the
    first reply that takes had made the cut-off in 62% of such nodes against 89% elsewhere
    (what the order saved: docs/benchmarks.md)."""
    return points + DRAW_TRUMP if (card >> 4) & 3 == trump else points


@njit(cache=True, _nrt=False)
def is_maximising(S, seat, R):
    return S[S_COOP] == 1 or S[S_TEAM + seat] == S[S_MAXTEAM]


@njit(cache=True, _nrt=False)
def last_bonus_left(S, R):
    if S[S_TRICKNO] < R[R_TRICKS]:
        return R[R_LAST_BONUS]
    return 0
