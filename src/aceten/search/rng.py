"""The engine's seeded generator (:mod:`aceten.seeded`) in numba, number for number.

``Game(rules, seed=s)`` deals and ``aceten.agents.get("random", seed=t)`` chooses through
``aceten.seeded.Stream``; these kernels compute the same SplitMix64 draws, the same
multiply-shift numbers below ``n`` and the same batched shuffle, so a batch kernel plays the very
games of the engine's loop for the same seeds (tests/test_search_kernels.py holds them equal).
A stream's state is one uint64 (its key plus the draws so far times GAMMA): starting one costs a
single hash.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from aceten.rules import lazy_numba
from aceten.rules.lazy_numba import intrinsic, njit
from aceten.seeded import GAMMA, KEY_SALT, MIX1, MIX2
from aceten.seeded import shuffle_plan as seeded_plan

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

_GAMMA = np.uint64(GAMMA)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)
_SALT = np.uint64(KEY_SALT)
_M64 = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, _nrt=False, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def stream_start(seed):
    """The state of ``Stream(seed)`` (an int64 seed, read modulo 2**64)."""
    return _mix(np.uint64(seed) ^ _SALT)


@intrinsic
def _mul(typingctx: Any, low: Any, n: Any) -> Any:
    """(the high word, the low word) of the 128-bit product of two uint64: one widening
    multiplication (LLVM's i128 ``mul``, a single ``mul``/``mulx`` on x86-64) where numba has
    no 128-bit integers, instead of emulating it with three 64-bit products."""
    from llvmlite import ir
    from numba import types as nbtypes

    if low != nbtypes.uint64 or n != nbtypes.uint64:
        return None
    signature = nbtypes.UniTuple(nbtypes.uint64, 2)(nbtypes.uint64, nbtypes.uint64)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        hi = builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))
        lo = builder.trunc(product, ir.IntType(64))
        return context.make_tuple(builder, sig.return_type, [hi, lo])

    return signature, codegen


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


def shuffle_plan(size: int) -> np.ndarray:
    """:func:`aceten.seeded.shuffle_plan` as the kernels read it: one row per batch, (its
    first position, its last position, its rejection floor), as uint64.

    Computed once per batch of deals: working the plan out per shuffle costs a 64-bit
    division per position (does the next range still fit?)."""
    rows = [(positions[0], positions[-1], floor) for positions, _, floor in seeded_plan(size)]
    return np.array(rows, dtype=np.uint64).reshape(len(rows), 3)


# Kernel parameters that are uint64 arrays (numba sees the dtype at run time; the C translation,
# aceten.search.native.translate, reads it here).
UINT64_ARRAYS = {"stream_shuffle": ("plan", "picks")}


@njit(cache=True, _nrt=False)
def stream_shuffle(items, plan, state, picks):
    """``Stream.shuffle`` of ``items[:size]`` in place, by ``plan = shuffle_plan(size)`` (the
    same batches); the next state.

    ``picks`` is scratch space (:func:`scratch`): a batch's picks wait there while the draw is
    tested, then are swapped, so the chain of multiplications runs once per draw."""
    state = np.uint64(state)
    for row in range(plan.shape[0]):
        i = np.int64(plan[row, 0])
        k = np.int64(plan[row, 1])
        floor = plan[row, 2]
        while True:
            state += _GAMMA
            low = _mix(state)
            for pos in range(i, k - 1, -1):
                picks[i - pos], low = _mul(low, np.uint64(pos + 1))
            if low >= floor:
                break
        for pos in range(i, k - 1, -1):
            j = picks[i - pos]
            c = items[pos]
            items[pos] = items[j]
            items[j] = c
    return state


def scratch() -> np.ndarray:
    """The scratch array :func:`stream_shuffle` needs (a batch has at most 19 positions: the
    ranges 2 to 21 already multiply past 2**64)."""
    return np.empty(64, dtype=np.uint64)
