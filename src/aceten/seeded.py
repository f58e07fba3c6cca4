"""Seeded randomness: the one generator that deals ``Game(rules, seed=s)`` and drives the random
bot, so that the numba batch kernels (``aceten.search.rng``, the same arithmetic) play the very
same games as the engine for the same seeds.

It is counter-based (SplitMix64): a seed is hashed to a key, and draw ``k`` of a stream is
``mix64(key + k * GAMMA)``. Starting a stream costs one hash (Python's Mersenne Twister costs a
624-word re-seed, which made the kernels 50 times slower than C when they had to copy it).
A number below ``n`` is the high word of ``draw * n`` (Lemire's multiply-shift) with rejection,
exactly uniform; a shuffle takes several such numbers from one draw (the batched form of
Brackett-Rozinsky and Lemire, 2024: keep multiplying the low word by the next range while the
ranges' product fits in 64 bits), so dealing 40 cards costs 3 draws, not 39.

    >>> s = Stream(7)
    >>> [s.below(10) for _ in range(5)]
    [4, 6, 1, 9, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
KEY_SALT = 0x5851F42D4C957F2D  # keeps seed 0's key away from 0

T = TypeVar("T")


def mix64(z: int) -> int:
    """SplitMix64's finaliser: a bijection of 64-bit words that scatters every input bit."""
    z = ((z ^ (z >> 30)) * MIX1) & M64
    z = ((z ^ (z >> 27)) * MIX2) & M64
    return z ^ (z >> 31)


def key_of(seed: int) -> int:
    """The stream key of an integer seed (any int; read modulo 2**64, as the kernels' int64)."""
    return mix64((seed & M64) ^ KEY_SALT)


class Stream:
    """One seeded stream of numbers: ``below(n)``, ``choice(seq)``, ``shuffle(list)``."""

    __slots__ = ("_s",)

    def __init__(self, seed: int):
        self._s = key_of(seed)

    def next64(self) -> int:
        """The next 64-bit draw."""
        s = self._s = (self._s + GAMMA) & M64
        z = ((s ^ (s >> 30)) * MIX1) & M64
        z = ((z ^ (z >> 27)) * MIX2) & M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), for 1 <= n < 2**32."""
        m = self.next64() * n
        if m & M64 < n:  # maybe in the biased sliver: reject below 2**64 % n
            floor = (1 << 64) % n
            while m & M64 < floor:
                m = self.next64() * n
        return m >> 64

    def choice(self, seq: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates from the end: position i (from the last down to 1) swaps with a uniform
        j <= i; the j's come in batches (:func:`shuffle_plan`), one draw per batch.

        A batch's j's are the digits of one number: multiplying the draw by each range in turn
        and keeping the high words (the plan's arithmetic) gives the same j's as the mixed-radix
        digits of ``(draw * P) >> 64``, P the product of the ranges, and leaves the same low word
        ``(draw * P) & M64`` for the rejection test; so a batch costs one product, and each
        position a division and a remainder by constants (:func:`straight_shuffle`).
        """
        self._s = straight_shuffle(len(items))(self._s, items)


def shuffled(seed: int, items: list[T]) -> None:
    """``Stream(seed).shuffle(items)`` without the stream object (the dealer's hot path:
    :class:`aceten.game.Game` deals with it)."""
    straight_shuffle(len(items))(key_of(seed), items)


@cache
def shuffle_plan(size: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """The batches of a shuffle of ``size`` items: (positions, their ranges, rejection floor).

    A batch takes positions i, i-1, ... while the product P of their ranges i+1, i, ... fits in
    64 bits; a draw is kept when the low word left after the last multiplication is at least
    (2**64 - P) % P, which makes every tuple of picks exactly equally likely."""
    out = []
    i = size - 1
    while i > 0:
        k = i
        product = i + 1
        while k > 1 and product * k <= M64:
            product *= k
            k -= 1
        positions = tuple(range(i, k - 1, -1))
        out.append((positions, tuple(p + 1 for p in positions), ((1 << 64) - product) % product))
        i = k - 1
    return tuple(out)


@cache
def straight_shuffle(size: int) -> Callable[[int, list[Any]], int]:
    """:meth:`Stream.shuffle` of ``size`` items as straight-line code, written and compiled
    once per size: ``shuffle(state, items)`` shuffles in place and returns the stream's state
    after its draws.

    Each batch of :func:`_digit_plan` is one rejection loop. Its number (up to 64 bits) is cut
    into chunks of consecutive digits whose ranges multiply to less than 2**30, one division
    or remainder by a constant each; each position's pick ``j = v // d % r`` is then its digit
    in its chunk ``v``, with the chunk's divisor ``d`` and range ``r`` written in. Every
    operation on a chunk is on one-digit ints (CPython's fast path): a 40-card deal costs a
    fraction of the loop of ``divmod`` calls on the whole number that it replaces."""
    lines = ["def shuffle(s, items):"]
    for positions, _, product, floor in _digit_plan(size):
        lines += ["    while True:",
                  "        s = (s + GAMMA) & M64",
                  "        z = ((s ^ (s >> 30)) * MIX1) & M64",
                  "        z = ((z ^ (z >> 27)) * MIX2) & M64",
                  f"        q = (z ^ (z >> 31)) * {product}",
                  f"        if q & M64 >= {floor}:  # else the draw fell in the biased sliver",
                  "            break",
                  "    q >>= 64"]
        chunks: list[list[int]] = [[]]  # the positions in order, cut where a product passes 2**30
        chunk_product = 1
        for pos in positions:
            if chunk_product * (pos + 1) >= 1 << 30:
                chunks.append([])
                chunk_product = 1
            chunks[-1].append(pos)
            chunk_product *= pos + 1
        after = product  # the product of the ranges after the chunks written so far
        for chunk in chunks:
            size_of = 1
            for pos in chunk:
                size_of *= pos + 1
            after //= size_of
            value = (f"q // {after}" if after > 1 else "q") if chunk is chunks[0] else (
                f"q // {after} % {size_of}" if after > 1 else f"q % {size_of}")
            lines.append(f"    v = {value}")
            below = size_of  # the product of the ranges after this position in the chunk
            for k, pos in enumerate(chunk):
                below //= pos + 1
                pick = ((f"v // {below}" if below > 1 else "v") if k == 0
                        else f"v % {pos + 1}" if below == 1 else f"v // {below} % {pos + 1}")
                lines += [f"    j = {pick}", f"    items[{pos}], items[j] = items[j], items[{pos}]"]
    lines.append("    return s")
    namespace: dict[str, Any] = {"GAMMA": GAMMA, "M64": M64, "MIX1": MIX1, "MIX2": MIX2}
    exec(compile("\n".join(lines), f"<aceten.seeded shuffle of {size}>", "exec"), namespace)
    shuffle: Callable[[int, list[Any]], int] = namespace["shuffle"]
    return shuffle


@cache
def _digit_plan(size: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...]:
    """:func:`shuffle_plan` for :meth:`Stream.shuffle`: each batch's positions, the divisor that
    takes each position's pick off the front of the batch's number (the product of the ranges
    after it), the product of all its ranges, and the rejection floor."""
    out = []
    for positions, ranges, floor in shuffle_plan(size):
        divisors = []
        for k in range(len(ranges)):
            d = 1
            for r in ranges[k + 1:]:
                d *= r
            divisors.append(d)
        out.append((positions, tuple(divisors), divisors[0] * ranges[0], floor))
    return tuple(out)
