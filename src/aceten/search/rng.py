"""The engine's seeded generator (:mod:`aceten.seeded`) in numba, number for number.

``Game(rules, seed=s)`` deals and ``aceten.agents.get("random", seed=t)`` chooses through
``aceten.seeded.Stream``; these kernels compute the same SplitMix64 draws, the same
multiply-shift numbers below ``n`` and the same batched shuffle, so a batch kernel plays the very
games of the engine's loop for the same seeds (tests/test_search_kernels.py holds them equal).
A stream's state is one uint64 (its key plus the draws so far times GAMMA): starting one costs a
single hash.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from aceten.seeded import GAMMA, KEY_SALT, MIX1, MIX2

_GAMMA = np.uint64(GAMMA)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)
_SALT = np.uint64(KEY_SALT)
_M32 = np.uint64(0xFFFFFFFF)
_M64 = np.uint64(0xFFFFFFFFFFFFFFFF)
_U32 = np.uint64(32)


@njit(cache=True, _nrt=False, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def stream_start(seed):
    """The state of ``Stream(seed)`` (an int64 seed, read modulo 2**64)."""
    return _mix(np.uint64(seed) ^ _SALT)


@njit(cache=True, _nrt=False, inline="always")
def _mul(low, n):
    """(the high word, the low word) of the 128-bit product low * n, for n < 2**32."""
    hi = ((low >> _U32) * n + (((low & _M32) * n) >> _U32)) >> _U32
    return hi, low * n


@njit(cache=True, _nrt=False, inline="always")
def stream_below(state, n):
    """(``Stream.below(n)``, the next state), for 1 <= n < 2**32."""
    un = np.uint64(n)
    state = np.uint64(state) + _GAMMA  # (a Python int passed in arrives as int64)
    hi, low = _mul(_mix(state), un)
    if low < un:
        floor = (_M64 - un + np.uint64(1)) % un  # 2**64 % n
        while low < floor:
            state += _GAMMA
            hi, low = _mul(_mix(state), un)
    return np.int64(hi), state


@njit(cache=True, _nrt=False)
def stream_shuffle(items, size, state):
    """``Stream.shuffle`` of ``items[:size]`` in place (the same batches); the next state."""
    state = np.uint64(state)
    i = size - 1
    while i > 0:
        k = i
        product = np.uint64(i + 1)
        while k > 1 and product <= _M64 // np.uint64(k):
            product *= np.uint64(k)
            k -= 1
        floor = (_M64 - product + np.uint64(1)) % product
        while True:
            state += _GAMMA
            low = _mix(state)
            for pos in range(i, k - 1, -1):
                _, low = _mul(low, np.uint64(pos + 1))
            if low >= floor:
                break
        # the accepted draw again, this time swapping
        low = _mix(state)
        for pos in range(i, k - 1, -1):
            j, low = _mul(low, np.uint64(pos + 1))
            c = items[pos]
            items[pos] = items[j]
            items[j] = c
        i = k - 1
    return state
