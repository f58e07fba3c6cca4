"""aceten.seeded's shuffle against the plain form of its arithmetic (one multiplication per pick)."""

from __future__ import annotations

from aceten.seeded import GAMMA, M64, Stream, key_of, mix64, shuffle_plan


def plain_shuffle(seed: int, items: list[int]) -> None:
    """Fisher-Yates from the end, each batch's picks the high words of the draw multiplied by
    each range in turn (the definition that the kernels of aceten.search.rng follow)."""
    s = key_of(seed)
    for positions, ranges, floor in shuffle_plan(len(items)):
        while True:
            s = (s + GAMMA) & M64
            low = mix64(s)
            picks = []
            for r in ranges:
                m = low * r
                picks.append(m >> 64)
                low = m & M64
            if low >= floor:
                break
        for pos, j in zip(positions, picks):
            items[pos], items[j] = items[j], items[pos]


def test_shuffle_matches_the_plain_arithmetic() -> None:
    for size in (*range(0, 25), 32, 36, 40, 48, 52):
        for seed in (*range(60), 2**40 + 7, -3):
            ours, plain = list(range(size)), list(range(size))
            Stream(seed).shuffle(ours)
            plain_shuffle(seed, plain)
            assert ours == plain, (size, seed)


def test_shuffle_continues_the_stream() -> None:
    """The draws after a shuffle are the plain arithmetic's next draws (rejections included)."""
    for seed in range(40):
        stream = Stream(seed)
        stream.shuffle(list(range(40)))
        s = key_of(seed)
        draws = 0
        for _positions, ranges, floor in shuffle_plan(40):
            while True:
                draws += 1
                s = (s + GAMMA) & M64
                low = mix64(s)
                for r in ranges:
                    low = (low * r) & M64
                if low >= floor:
                    break
        assert stream.next64() == mix64((s + GAMMA) & M64), seed
        assert draws >= 3
