"""Duplicate scheduling: which bot sits on which side in each game of a deal, and every seed.

A tournament plays each deal (a seed) once per *seating*: an assignment of the bots to the
sides of the game (single seats, or partnerships in 4- and 6-player games, where all partners
are the same bot). The seatings of a deal are the same for every deal, so the cards a bot holds
in one game are held by its opponents in another, and the luck of the deal cancels.

- At least as many bots as sides: every choice of as many bots as there are sides, in every
  order (``itertools.permutations``). Two bots in a 2-sided game play each deal twice, once
  from each side; three bots in 3-player Briscola play it six times, so every bot holds every
  hand and sits before and after every other bot equally often; three bots in a 2-sided game
  play a round robin of six games per deal.
- Fewer bots than sides (two bots in a 3-player game): every assignment that uses each bot at
  least once (six for two bots and three seats), so every bot sits on every side equally often.

    >>> seatings(["greedy", "random"], [(0,), (1,)])
    [('greedy', 'random'), ('random', 'greedy')]
    >>> seatings(["greedy", "random"], [(0, 2), (1, 3)])
    [('greedy', 'random', 'greedy', 'random'), ('random', 'greedy', 'random', 'greedy')]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations, product

from aceten.errors import AcetenError

_MASK64 = (1 << 64) - 1
SEED_BITS = 53  # seeds stay exact in JSON readers that use doubles


def side_assignments(bots: int, sides: int) -> list[tuple[int, ...]]:
    """Bot index per side for each game of a deal (see the module docstring)."""
    if bots < 2:
        raise AcetenError("a tournament needs at least two different bots")
    if sides < 2:
        raise AcetenError(f"a game with {sides} side cannot compare bots")
    if bots >= sides:
        return [p for chosen in combinations(range(bots), sides) for p in permutations(chosen)]
    return [a for a in product(range(bots), repeat=sides) if len(set(a)) == bots]


def seatings(bots: Sequence[str], teams: Sequence[Sequence[int]]) -> list[tuple[str, ...]]:
    """The bot name per seat for each game of a deal; ``teams`` lists each side's seats."""
    seats = sum(len(team) for team in teams)
    result = []
    for assignment in side_assignments(len(bots), len(teams)):
        names = [""] * seats
        for side, members in enumerate(teams):
            for seat in members:
                names[seat] = bots[assignment[side]]
        result.append(tuple(names))
    return result


def rotations(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Seatings for games whose sides form at each deal (a hidden team): the bots dealt round
    the table in turn (seat ``s`` gets bot ``s mod k``), every rotation of that round, each with
    the bots relabelled cyclically, without repeats. Every bot sits in every seat equally often.

        >>> rotations(["a", "b"], 5)[:3]
        [('a', 'b', 'a', 'b', 'a'), ('b', 'a', 'b', 'a', 'b'), ('b', 'a', 'b', 'a', 'a')]
        >>> len(rotations(["a", "b"], 5))
        10
    """
    k = len(bots)
    if k < 2:
        raise AcetenError("a tournament needs at least two different bots")
    if k > seats:
        raise AcetenError(f"{k} bots for {seats} seats: give at most {seats}")
    out: list[tuple[str, ...]] = []
    for shift in range(seats):
        for relabel in range(k):
            seating = tuple(bots[((s + shift) % seats % k + relabel) % k] for s in range(seats))
            if seating not in out:
                out.append(seating)
    return out


def _mix(x: int) -> int:
    """splitmix64's finaliser: a fixed, well-spread map of 64-bit integers."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def deal_seed(seed: int, deal: int) -> int:
    """The seed that shuffles deal number ``deal`` (from 0) of a tournament with ``seed``.

    Hashed rather than ``seed + deal`` so that tournaments with nearby seeds share no deals.

        >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
        True
    """
    return _mix(_mix(seed & _MASK64) ^ (deal & _MASK64)) >> (64 - SEED_BITS)


def bot_seed(deal_seed_: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a deal: the same in every seating of that deal."""
    return _mix(_mix(deal_seed_ & _MASK64) ^ (seat + 1)) >> (64 - SEED_BITS)
