"""Exact counting of consistent deals, and marginals by forward-backward.

The problem (see :mod:`aceten.knowledge.history`): every hidden card came from one group of
hidden slots, and the history restricts each card, on its own, to a set of groups. A *free* card
(not yet played) ends up where its group is: a seat's hand or the stock. A card already played by
P came from a group of P's.

Counting is done on two levels, which keeps it exact and fast:

1. *Locations.* Free cards with the same allowed groups are interchangeable, so they form a
   *type*. A dynamic programme over the locations (each seat with hidden slots, then the stock)
   chooses how many cards of each type every location holds now, with weight
   ``prod binomial(remaining, chosen)`` for picking the actual cards, times (2).
2. *Arrangements inside a seat.* The number of ways the cards a seat holds now plus the hidden
   cards it has already played fill its dealt hand and its draws (each card only in its allowed
   groups). A dynamic programme over the seat's groups, latest first, in which cards whose
   remaining choices coincide are merged into one pool.

The total counts deals with the undrawn stock taken as a set; multiplying by the orderings of
the hidden undrawn stock gives the number of full deals. A world of the second level's sum (who
holds which card now) is a *holding*; the number of holdings is the same sum with every
arrangement count replaced by 1 if positive.

Marginals come from the location level by forward-backward: the expected number of cards of a
type at a location, divided by the type's size. Sampling walks both levels with probability
``weight x paths-after / paths-before`` at each step (see :mod:`aceten.knowledge.sampling`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from aceten.cards import Card
from aceten.errors import AcetenError
from aceten.knowledge.history import STOCK, Timeline

_BINOM: dict[tuple[int, int], int] = {}


def binom(n: int, k: int) -> int:
    key = (n, k)
    value = _BINOM.get(key)
    if value is None:
        value = _BINOM[key] = math.comb(n, k)
    return value


def _compositions(counts: Sequence[int], total: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to take ``total`` items from piles of ``counts`` (at most each pile's size),
    with the number of ways to pick the actual items."""
    k = len(counts)
    if k == 0:
        if total == 0:
            yield (), 1
        return
    suffix = [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]
    if suffix[0] < total:
        return
    chosen = [0] * k

    def rec(i: int, left: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == k - 1:
            if left <= counts[i]:
                chosen[i] = left
                yield tuple(chosen), weight * binom(counts[i], left)
            return
        low = max(0, left - suffix[i + 1])
        for n in range(low, min(counts[i], left) + 1):
            chosen[i] = n
            yield from rec(i + 1, left - n, weight * binom(counts[i], n))

    yield from rec(0, total, 1)


class SeatSlots:
    """The hidden groups of one seat, for counting the arrangements inside it (sampled by
    :class:`aceten.knowledge.sampling.SeatTree`)."""

    def __init__(self, seat: int, groups: list[tuple[int, int, int]], exits: list[tuple[Card, int]]):
        # groups: (global index, time, capacity); processed latest first
        order = sorted(groups, key=lambda g: -g[1])
        self.seat = seat
        self.global_index = [g[0] for g in order]
        self.local = {g[0]: i for i, g in enumerate(order)}
        self.caps = tuple(g[2] for g in order)
        self.exits = [(card, self.localize(mask)) for card, mask in exits]
        self.capacity = sum(self.caps)
        self.holds = self.capacity - len(self.exits)  # hidden cards the seat holds now
        self._memo: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
        self._cache: dict[tuple[tuple[int, int], ...], int] = {}
        # keyed by (group, items) for _moves()
        self._steps: dict[tuple[int, tuple[tuple[int, int], ...]], Any] = {}
        base: dict[int, int] = {}
        for _, mask in self.exits:
            base[mask] = base.get(mask, 0) + 1
        self._base = base

    def localize(self, mask: int) -> int:
        out = 0
        for g, i in self.local.items():
            if mask >> g & 1:
                out |= 1 << i
        return out

    def _items(self, free: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        merged = dict(self._base)
        for mask, count in free:
            if count:
                merged[mask] = merged.get(mask, 0) + count
        return tuple(sorted(merged.items()))

    def count(self, free: tuple[tuple[int, int], ...]) -> int:
        """Arrangements of the exits plus ``free`` cards ((local mask, count) pairs) in the groups."""
        value = self._cache.get(free)
        if value is None:
            value = self._cache[free] = self._go(0, self._items(free))
        return value

    def _go(self, j: int, items: tuple[tuple[int, int], ...]) -> int:
        if j == len(self.caps):
            return 0 if items else 1
        key = (j, items)
        value = self._memo.get(key)
        if value is not None:
            return value
        value = 0
        for _, weight, nxt in self._moves(j, items):
            value += weight * self._go(j + 1, nxt)
        self._memo[key] = value
        return value

    def _moves(self, j: int, items: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, ...], int, Any]]:
        """The ways group ``j`` takes its cards: (how many of each available pile, ways, next)."""
        key = (j, items)
        moves = self._steps.get(key)
        if moves is not None:
            return moves
        bit = 1 << j
        avail = [i for i, (mask, _) in enumerate(items) if mask & bit]
        moves = []
        for ns, weight in _compositions([items[i][1] for i in avail], self.caps[j]):
            left: dict[int, int] = {}
            dead = False
            taken = dict(zip(avail, ns))
            for i, (mask, count) in enumerate(items):
                rest = count - taken.get(i, 0)
                if not rest:
                    continue
                mask &= ~bit
                if not mask:
                    dead = True
                    break
                left[mask] = left.get(mask, 0) + rest
            if not dead:
                moves.append((tuple(taken.get(i, 0) for i in range(len(items))), weight,
                              tuple(sorted(left.items()))))
        self._steps[key] = moves
        return moves


@dataclass
class CardType:
    """Free cards that are interchangeable: same allowed groups (and same label)."""

    cards: tuple[Card, ...]
    mask: int  # allowed groups (global bits; the stock bit last)
    locs: tuple[int, ...]  # allowed location indices
    label: Hashable = None


@dataclass
class Problem:
    """The counting problem of a timeline: locations, their capacities, free and played cards."""

    timeline: Timeline
    seats: list[SeatSlots] = field(default_factory=list)
    loc_seat: list[int] = field(default_factory=list)  # location index -> seat (STOCK last)
    caps: list[int] = field(default_factory=list)
    free: dict[Card, int] = field(default_factory=dict)  # free hidden card -> allowed groups
    stock_orders: int = 1
    error: str | None = None
    _seat_masks: list[int] = field(default_factory=list)

    @classmethod
    def build(cls, tl: Timeline) -> Problem:
        p = cls(tl)
        p.error = tl.check_known()
        nseats = tl.n
        stock_bit = 1 << len(tl.groups)
        exits: list[list[tuple[Card, int]]] = [[] for _ in range(nseats)]
        for card, info in tl.cards.items():
            if info.origin is not None:
                continue
            mask = tl.allowed(info)
            if info.exit is not None:
                exits[info.exit[0]].append((card, mask))
                if not mask and p.error is None:
                    p.error = f"{card} was played by P{info.exit[0] + 1} but could not have been held"
            else:
                p.free[card] = mask
        for s in range(nseats):
            groups = [(g, tl.groups[g].time, tl.groups[g].cap) for g in tl.seat_groups[s]
                      if tl.groups[g].cap]
            if not groups and not exits[s]:
                continue
            slots = SeatSlots(s, groups, exits[s])
            held = tl.hand_size[s] - tl.known_now(s).bit_count()
            if slots.holds != held and p.error is None:
                p.error = (f"P{s + 1} holds {tl.hand_size[s]} cards but the history places "
                           f"{tl.hand_size[s] - held + slots.holds}")
            p.seats.append(slots)
            p.loc_seat.append(s)
            p.caps.append(max(slots.holds, 0))
        p.loc_seat.append(STOCK)
        u = tl.stock_hidden
        p.caps.append(u)
        p.stock_orders = math.factorial(u)
        if sum(p.caps) != len(p.free) and p.error is None:
            p.error = f"{len(p.free)} unseen cards for {sum(p.caps)} unseen places"
        p._seat_masks = [sum(1 << g for g in s.global_index) for s in p.seats] + [stock_bit]
        return p

    def location_index(self, seat: int) -> int | None:
        try:
            return self.loc_seat.index(seat)
        except ValueError:
            return None

    def locations_of(self, mask: int) -> tuple[int, ...]:
        return tuple(i for i, m in enumerate(self._seat_masks) if mask & m)

    def types(self, labels: Mapping[Card, Hashable] | None = None) -> list[CardType]:
        """Free cards grouped by allowed groups and ``labels`` (interchangeable cards)."""
        groups: dict[tuple[int, Hashable], list[Card]] = {}
        for card, mask in self.free.items():
            label = labels.get(card) if labels else None
            groups.setdefault((mask, label), []).append(card)
        out = [CardType(tuple(cards), mask, self.locations_of(mask), label)
               for (mask, label), cards in groups.items()]
        out.sort(key=lambda t: t.cards[0])
        return out

    def restricted(self, types: list[CardType], restrict: dict[Card, frozenset[int]]) -> list[CardType]:
        """The same types with locations narrowed by ``restrict`` (uniform within a type)."""
        out = []
        for t in types:
            locs = t.locs
            rule = restrict.get(t.cards[0])
            if any(restrict.get(c) != rule for c in t.cards):
                raise AssertionError("a restriction must treat a type's cards alike (label them)")
            if rule is not None:
                locs = tuple(i for i in locs if i in rule)
            out.append(CardType(t.cards, t.mask, locs, t.label))
        return out


class Solver:
    """The location-level programme for one list of types: counts, marginals, sampling."""

    def __init__(self, problem: Problem, types: list[CardType], *,
                 first: int | tuple[int, ...] | None = None, holdings: bool = False):
        self.problem = problem
        self.types = types
        self.holdings = holdings  # count holdings (arrangement counts as 0/1) instead of deals
        nloc = len(problem.caps)
        order = list(range(nloc))
        # ``first``: the location(s) to take first (the stock stays last)
        prefix = () if first is None else (first,) if isinstance(first, int) else first
        for loc in reversed(prefix):
            order.remove(loc)
            order.insert(0, loc)
        self.order = order  # location indices in processing order
        self.allowed = [[i in t.locs for t in types] for i in order]
        # whether a type may still go to a later location
        self.later = [[any(self.allowed[k][j] for k in range(pos + 1, nloc)) for j in range(len(types))]
                      for pos in range(nloc)]
        self.local_masks: list[list[int] | None] = []
        for i in order:
            if i < len(problem.seats):
                slots = problem.seats[i]
                self.local_masks.append([slots.localize(t.mask) for t in types])
            else:
                self.local_masks.append(None)
        self._b: dict[tuple[int, tuple[int, ...]], int] = {}
        self._edges: dict[tuple[int, tuple[int, ...]], list[Any]] = {}
        self.start = tuple(len(t.cards) for t in types)

    def edges(self, pos: int, state: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
        key = (pos, state)
        out = self._edges.get(key)
        if out is not None:
            return out
        out = []
        loc = self.order[pos]
        cap = self.problem.caps[loc]
        allowed, later = self.allowed[pos], self.later[pos]
        forced = 0
        free_idx = []
        for j, c in enumerate(state):
            if not c:
                continue
            if not later[j]:
                if not allowed[j]:
                    self._edges[key] = out
                    return out
                forced += c
            elif allowed[j]:
                free_idx.append(j)
        if forced <= cap:
            slots = self.problem.seats[loc] if loc < len(self.problem.seats) else None
            masks = self.local_masks[pos]
            for ns, weight in _compositions([state[j] for j in free_idx], cap - forced):
                take = [0] * len(state)
                for j, c in enumerate(state):
                    if c and not later[j]:
                        take[j] = c
                for j, n in zip(free_idx, ns):
                    take[j] = n
                if slots is not None:
                    assert masks is not None
                    inner = slots.count(tuple(sorted((masks[j], n) for j, n in enumerate(take) if n)))
                    if not inner:
                        continue
                    weight *= 1 if self.holdings else inner
                nxt = tuple(c - n for c, n in zip(state, take))
                out.append((tuple(take), weight, nxt))
        self._edges[key] = out
        return out

    def paths(self, pos: int, state: tuple[int, ...]) -> int:
        """Completions from ``state`` before location ``pos`` (the backward count)."""
        if pos == len(self.order):
            return 0 if any(state) else 1
        key = (pos, state)
        value = self._b.get(key)
        if value is None:
            value = 0
            for _, w, nxt in self.edges(pos, state):
                b = self.paths(pos + 1, nxt)
                if b:
                    value += w * b
            self._b[key] = value
        return value

    @property
    def total(self) -> int:
        return self.paths(0, self.start)

    def expected(self) -> list[list[int]]:
        """For each location (index as in the problem) and type, the sum over all completions of
        the number of cards of that type there (divide by the total for an expectation)."""
        nloc = len(self.order)
        out = [[0] * len(self.types) for _ in range(nloc)]
        layer = {self.start: 1}
        for pos in range(nloc):
            loc = self.order[pos]
            nxt_layer: dict[tuple[int, ...], int] = {}
            for state, f in layer.items():
                for take, w, nxt in self.edges(pos, state):
                    b = self.paths(pos + 1, nxt)
                    if not b:
                        continue
                    flow = f * w
                    nxt_layer[nxt] = nxt_layer.get(nxt, 0) + flow
                    through = flow * b
                    row = out[loc]
                    for j, n in enumerate(take):
                        if n:
                            row[j] += n * through
            layer = nxt_layer
        return out

    def enumerate_paths(self, limit: int) -> Iterator[tuple[list[tuple[int, ...]], int]]:
        """Every location-level path with its weight (raises past ``limit`` paths)."""
        nloc = len(self.order)
        takes: list[tuple[int, ...]] = [()] * nloc
        count = 0

        def rec(pos: int, state: tuple[int, ...], weight: int) -> Iterator[tuple[list[tuple[int, ...]], int]]:
            nonlocal count
            if pos == nloc:
                count += 1
                if count > limit:
                    raise AcetenError(f"more than {limit} classes of worlds")
                yield list(takes), weight
                return
            for take, w, nxt in self.edges(pos, state):
                if self.paths(pos + 1, nxt):
                    takes[self.order[pos]] = take
                    yield from rec(pos + 1, nxt, weight * w)

        yield from rec(0, self.start, 1)


def marginals(problem: Problem, solver: Solver) -> dict[Card, list[Fraction]]:
    """For each free card, its probability to be at each location (problem order)."""
    total = solver.total
    if not total:
        return {}
    exp = solver.expected()
    out: dict[Card, list[Fraction]] = {}
    for j, t in enumerate(solver.types):
        size = len(t.cards)
        probs = [Fraction(exp[i][j], total * size) for i in range(len(exp))]
        for card in t.cards:
            out[card] = probs
    return out
