"""Random numbers for the batch kernels: Python's own Mersenne Twister, bit for bit, and a
faster generator of our own.

``mt_seed``/``randbelow`` reproduce ``random.Random(seed)`` for integer seeds and its
``_randbelow`` (the rejection sampling behind ``shuffle`` and ``choice``), so a kernel deals the
same cards as ``Game(rules, seed=s)`` and makes the same choices as a seeded random bot. The
fast generator (splitmix64) has no such duty: it is for raw throughput, and its games are
checked by replaying them through the engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros

N = 624
M = 397
M32 = 0xFFFFFFFF
MATRIX_A = 0x9908B0DF
MT_WORDS = N + 1  # the state, then the index of the next word


def genrand_base() -> np.ndarray:
    """The state ``init_genrand(19650218)`` that every ``init_by_array`` starts from."""
    mt = np.zeros(N, dtype=np.int64)
    mt[0] = 19650218
    for i in range(1, N):
        mt[i] = (1812433253 * (int(mt[i - 1]) ^ (int(mt[i - 1]) >> 30)) + i) & M32
    return mt


@njit(cache=True, _nrt=False)
def mt_seed(state, seed, base):
    """Seed like ``random.Random(seed)`` for an int seed (|seed| < 2**63)."""
    n = seed if seed >= 0 else -seed
    key0 = n & M32
    key1 = n >> 32
    keylen = 2 if key1 else 1
    for i in range(N):
        state[i] = base[i]
    i = 1
    j = 0
    for _ in range(max(N, keylen)):
        prev = state[i - 1]
        key = key0 if j == 0 else key1
        state[i] = ((state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key + j) & M32
        i += 1
        j += 1
        if i >= N:
            state[0] = state[N - 1]
            i = 1
        if j >= keylen:
            j = 0
    for _ in range(N - 1):
        prev = state[i - 1]
        state[i] = ((state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & M32
        i += 1
        if i >= N:
            state[0] = state[N - 1]
            i = 1
    state[0] = 0x80000000
    state[N] = N


@njit(cache=True, _nrt=False)
def _twist(state):
    for kk in range(N - M):
        y = (state[kk] & 0x80000000) | (state[kk + 1] & 0x7FFFFFFF)
        state[kk] = state[kk + M] ^ (y >> 1) ^ (MATRIX_A * (y & 1))
    for kk in range(N - M, N - 1):
        y = (state[kk] & 0x80000000) | (state[kk + 1] & 0x7FFFFFFF)
        state[kk] = state[kk + M - N] ^ (y >> 1) ^ (MATRIX_A * (y & 1))
    y = (state[N - 1] & 0x80000000) | (state[0] & 0x7FFFFFFF)
    state[N - 1] = state[M - 1] ^ (y >> 1) ^ (MATRIX_A * (y & 1))
    state[N] = 0


@njit(cache=True, _nrt=False)
def mt_next(state):
    """The next 32-bit output (``genrand_uint32``)."""
    if state[N] >= N:
        _twist(state)
    y = state[state[N]]
    state[N] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & M32


@njit(cache=True, _nrt=False, inline="always")
def _bit_length(n):
    return 64 - leading_zeros(n)


@njit(cache=True, _nrt=False)
def mt_randbelow(state, n):
    """``random.Random._randbelow(n)``: a uniform int in [0, n), by rejection (n >= 1)."""
    k = _bit_length(n)
    r = mt_next(state) >> (32 - k)
    while r >= n:
        r = mt_next(state) >> (32 - k)
    return r


# -- the fast generator -----------------------------------------------------------------------
# xorshift64* seeded per game by splitmix64; numbers below n by Lemire's multiply-shift with
# rejection (exactly uniform, and without the unpredictable branches of bit-mask rejection).
@njit(cache=True, _nrt=False, inline="always")
def _splitmix(z):
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, _nrt=False)
def fast_start(seed, index):
    """The generator state of deal ``index`` of a batch seeded with ``seed``."""
    z = _splitmix(np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(index))
    if z == np.uint64(0):
        z = np.uint64(1)
    return z


@njit(cache=True, _nrt=False, inline="always")
def fast_below(state, n):
    """(a uniform int in [0, n), the next state), for 1 <= n < 2**32."""
    un = np.uint64(n)
    while True:
        x = state
        x ^= x >> np.uint64(12)
        x ^= x << np.uint64(25)
        x ^= x >> np.uint64(27)
        state = x
        m = ((x * np.uint64(2685821657736338717)) >> np.uint64(32)) * un
        low = m & np.uint64(0xFFFFFFFF)
        if low >= un or low >= (np.uint64(0x100000000) - un) % un:
            return np.int64(m >> np.uint64(32)), state


@njit(cache=True, _nrt=False)
def fast_seed(state, seed, index):
    """Start deal ``index``'s stream in ``state`` (a uint64 array of one)."""
    state[0] = fast_start(seed, index)


@njit(cache=True, _nrt=False)
def fast_randbelow(state, n):
    """fast_below on a state kept in a uint64 array of one."""
    r, state[0] = fast_below(state[0], n)
    return r
