"""Exactly uniform samples of the consistent deals, a thousand in a few milliseconds (issue 19).

A sample is drawn in the order of :mod:`aceten.knowledge.count`'s two levels:

1. *Locations.* How many cards of each type every location (each seat with hidden slots, then
   the stock) holds: a path of the :class:`~aceten.knowledge.count.Solver`'s programme, each
   step chosen with probability ``weight x completions after / completions before``.
2. *Cards.* One uniformly random order of each type's cards; a location takes its share of a
   type as one slice of that order.
3. *Arrangements inside a seat.* Which of the seat's cards (those it holds now, drawn from the
   slices, and the hidden cards it has already played) filled its dealt hand and each draw:
   the groups latest first, each step choosing the played cards the group held (one by one:
   they are distinct) and how many cards of each free class (interchangeable: a slice),
   with probability ``ways to pick the free cards x arrangements of the rest / arrangements``.

Every consistent deal then has the same probability: a path's probability is its share of the
deals, and within it every choice of actual cards is equally likely. The random numbers are
exact integers (``getrandbits`` with rejection, no floats); a step with one way draws nothing.

Both levels are walked on trees built lazily and kept for later samples: a *node* is a state of
a programme, its children the ways of the next step with their cumulative weights. A child
holds the absolute positions of the slices it takes (a state says how much of each order is
used already), so a sample is a walk of a few nodes and slices, with no per-card choices or
lookups; an arrangement tree with few paths lists them all, for one draw per seat. The trees
only cache: the same seed gives the same samples whether they are built already or not.
"""

from __future__ import annotations

import itertools
import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from aceten.cards import Card
from aceten.errors import AcetenError
from aceten.game import Deal
from aceten.knowledge.count import Problem, SeatSlots, Solver, _compositions
from aceten.knowledge.history import Timeline

_FACTORIALS = [math.factorial(n) for n in range(64)]
_FACTORIAL_BITS = [(f - 1).bit_length() for f in _FACTORIALS]

# Nodes one seat's arrangement trees may keep (each a few tuples; a seat's trees reach tens to a
# few hundred in the positions of bench/bench_knowledge.py and 2-player late games).
SEAT_NODE_LIMIT = 20_000
# Paths of an arrangement tree worth listing for one draw per sample (the pimc player builds a
# fresh knowledge for every 20 samples, so listing must stay cheap).
LEAF_LIMIT = 64

# What an arrangement tree's step puts where, in the cheapest form: a draw (one card, at its
# stock position) gets a free card or a played card; a dealt hand gets one slice of one class
# of free cards, played cards only, or both.
DRAWN_FREE, DRAWN_PLAYED, HAND_SLICE, HAND_PLAYED, HAND_MIXED = range(5)


def shuffled(cards: list[Card], rng: random.Random) -> list[Card]:
    """``cards`` in a uniformly random order (in place).

    Fisher-Yates driven by one draw: ``r`` uniform in [0, n!) (by rejection from
    ``getrandbits``) has independent uniform mixed-radix digits, so ``divmod(r, i)`` for
    i = n..2 gives exactly Fisher-Yates' choices. One C call replaces ``random.shuffle``'s
    Python-level ``_randbelow`` per card."""
    n = len(cards)
    if n < 2:
        return cards
    if n >= len(_FACTORIALS):
        rng.shuffle(cards)
        return cards
    limit = _FACTORIALS[n]
    bits = _FACTORIAL_BITS[n]
    getrandbits = rng.getrandbits
    r = getrandbits(bits)
    while r >= limit:
        r = getrandbits(bits)
    for i in range(n, 1, -1):
        r, j = divmod(r, i)
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    return cards


class Node:
    """A state of a programme: its children (None until first visited) with their cumulative
    weights; ``only``, the child when there is one (nothing to draw); the total and its bit
    length for the draw. An arrangement tree's node also keeps each child's ``ways`` (to pick
    its free cards) and, for a root with few leaves, ``leaves``: every path at once."""

    __slots__ = ("bits", "children", "cum", "leaves", "only", "state", "total", "ways")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.children: list[Any] | None = None
        self.cum: list[int] = []
        self.ways: list[int] = []
        self.only: Any = None
        self.total = 0
        self.bits = 0
        self.leaves: Node | None = None

    def set_children(self, children: list[Any], cum: list[int]) -> None:
        self.cum = cum
        self.total = cum[-1] if cum else 0
        self.bits = self.total.bit_length()
        self.only = children[0] if len(children) == 1 else None
        self.children = children


class SeatTrees:
    """The arrangement trees of one seat, one root per way its free cards can be split into
    classes (local mask -> how many).

    A child of a node is ``(step, next node)``; a step, ``(where, kind, what)``, says which cards
    one group gets (see DRAWN_FREE...). A root whose tree has at most :data:`LEAF_LIMIT` leaves
    also gets them all as one node (``root.leaves``) whose children are whole paths, so that a
    sample is one draw. Past :data:`SEAT_NODE_LIMIT` nodes the trees are dropped and grow again
    (the draws, and so the samples, stay the same: a tree only caches)."""

    def __init__(self, slots: SeatSlots, draw_position: dict[int, int]) -> None:
        self.slots = slots
        self.draw_position = draw_position  # a draw's group -> its stock position
        self.exits = slots.exits
        self.groups = len(slots.caps)
        self.nodes: dict[Any, Node] = {}
        self.roots: dict[tuple[tuple[int, int], ...], Node] = {}

    def root(self, free: tuple[tuple[int, int], ...]) -> Node:
        """The root for ``free``: (local mask, count) pairs, sorted, every count positive."""
        node = self.roots.get(free)
        if node is None:
            node = self._node(free, 0, tuple(range(len(self.exits))), tuple(n for _, n in free))
            node.leaves = self._leaves(node)
            self.roots[free] = node
        return node

    def _node(self, free: tuple[tuple[int, int], ...], j: int, left: tuple[int, ...],
              counts: tuple[int, ...]) -> Node:
        key = (free, j, left, counts)
        node = self.nodes.get(key)
        if node is None:
            node = self.nodes[key] = Node(key)
        return node

    def _completions(self, j: int, left: tuple[int, ...], masks: tuple[int, ...],
                     counts: tuple[int, ...]) -> int:
        """Arrangements of the played cards ``left`` and the free ``counts`` in groups j.. (the
        counting programme's memo, cards merged by their allowed groups from j on)."""
        if j == self.groups:
            return 0 if left or any(counts) else 1
        low = (1 << j) - 1
        merged: dict[int, int] = {}
        for i in left:
            mk = self.exits[i][1] & ~low
            if not mk:
                return 0
            merged[mk] = merged.get(mk, 0) + 1
        for mk, c in zip(masks, counts):
            if c:
                mk &= ~low
                if not mk:
                    return 0
                merged[mk] = merged.get(mk, 0) + c
        return self.slots._go(j, tuple(sorted(merged.items())))

    def expand(self, node: Node) -> None:
        """The ways group ``j`` takes its cards: which played cards, how many of each free class."""
        free, j, left, counts = node.state
        masks = tuple(mk for mk, _ in free)
        totals = tuple(n for _, n in free)
        exits = self.exits
        bit = 1 << j
        cap = self.slots.caps[j]
        g = self.slots.global_index[j]
        p = self.draw_position.get(g)
        here = [i for i in left if exits[i][1] & bit]
        avail = [c if mk & bit else 0 for mk, c in zip(masks, counts)]
        children: list[Any] = []
        cum: list[int] = []
        acc = 0
        for k in range(min(cap, len(here)) + 1):
            for chosen in itertools.combinations(here, k):
                rest = tuple(i for i in left if i not in chosen)
                cards = tuple(exits[i][0] for i in chosen)
                for ns, ways in _compositions(avail, cap - k):
                    after = tuple(c - n for c, n in zip(counts, ns))
                    weight = ways * self._completions(j + 1, rest, masks, after)
                    if not weight:
                        continue
                    acc += weight
                    cum.append(acc)
                    node.ways.append(ways)
                    # the slice of each class's order: its first (total - count) cards are used
                    slices = tuple((mk, t - c, t - c + n)
                                   for mk, t, c, n in zip(masks, totals, counts, ns) if n)
                    step: tuple[int, int, Any]
                    if p is not None:  # a draw: one card
                        step = (p, DRAWN_FREE, slices[0][:2]) if slices else (p, DRAWN_PLAYED, cards[0])
                    elif not slices:
                        step = (g, HAND_PLAYED, cards)
                    elif not cards and len(slices) == 1:
                        step = (g, HAND_SLICE, slices[0])
                    else:
                        step = (g, HAND_MIXED, (cards, slices))
                    children.append((step, self._node(free, j + 1, rest, after)))
        node.set_children(children, cum)

    def _leaves(self, root: Node) -> Node | None:
        """Every path of ``root``'s tree as the children of one node (a path's weight: the
        product of its steps' ways), or None past LEAF_LIMIT paths."""
        paths: list[tuple[int, tuple[Any, ...]]] = []
        steps: list[Any] = []

        def visit(node: Node, weight: int) -> bool:
            if node.state[1] == self.groups:
                paths.append((weight, tuple(steps)))
                return len(paths) <= LEAF_LIMIT
            if node.children is None:
                self.expand(node)
            assert node.children is not None
            for (step, nxt), ways in zip(node.children, node.ways):
                steps.append(step)
                if not visit(nxt, weight * ways):
                    return False
                steps.pop()
            return True

        if not visit(root, 1):
            return None
        leaves = Node(None)
        leaves.set_children([path for _, path in paths], list(itertools.accumulate(w for w, _ in paths)))
        return leaves

    def walk(self, free_key: tuple[tuple[int, int], ...], free: dict[int, Sequence[Card]],
             hands: list[Sequence[Card]], positions: list[Card | None], getrandbits: Any) -> None:
        """One arrangement of the seat's cards drawn uniformly (``free``: local mask -> cards
        in a uniformly random order, of counts ``free_key``): the cards of each dealt hand's
        hidden part into ``hands`` (by group), each hidden draw's card into ``positions`` (by
        stock position)."""
        root = self.roots.get(free_key)
        if root is None:
            root = self.root(free_key)
        path: Any
        leaves = root.leaves
        if leaves is not None:
            path = leaves.only
            if path is None:  # draw: r uniform in [0, total), exactly
                total, bits = leaves.total, leaves.bits
                r = getrandbits(bits)
                while r >= total:
                    r = getrandbits(bits)
                path = leaves.children[bisect_right(leaves.cum, r)]  # type: ignore[index]
        else:
            path = []
            node = root
            for _ in range(self.groups):
                child = node.only
                if child is None:
                    if node.children is None:
                        self.expand(node)
                        child = node.only
                    if child is None:  # draw, as above
                        total, bits = node.total, node.bits
                        r = getrandbits(bits)
                        while r >= total:
                            r = getrandbits(bits)
                        child = node.children[bisect_right(node.cum, r)]  # type: ignore[index]
                step, node = child
                path.append(step)
            if len(self.nodes) > SEAT_NODE_LIMIT:
                self.nodes.clear()
                self.roots.clear()
        for at, kind, what in path:
            if kind == DRAWN_FREE:
                mk, a = what
                positions[at] = free[mk][a]
            elif kind == DRAWN_PLAYED:
                positions[at] = what
            elif kind == HAND_SLICE:
                mk, a, b = what
                hands[at] = free[mk][a:b]
            elif kind == HAND_PLAYED:
                hands[at] = what
            else:
                cards, slices = what
                group = list(cards)
                for mk, a, b in slices:
                    group += free[mk][a:b]
                hands[at] = group


class DealSampler:
    """Everything sampling needs from one solver, built on first use and kept (on the solver)."""

    def __init__(self, problem: Problem, solver: Solver) -> None:
        tl = problem.timeline
        self.problem = problem
        self.solver = solver
        self.nseats = len(problem.seats)
        self.nloc = len(problem.caps)
        self.ngroups = len(tl.groups)
        self.type_cards = [list(t.cards) for t in solver.types]
        self.local = [[slots.localize(t.mask) for t in solver.types] for slots in problem.seats]
        self.layout = DealLayout(tl, tl.draw_log)
        draw_position = {group: p for p, (_, group, _) in enumerate(tl.draw_log) if group is not None}
        self.seats = [SeatTrees(slots, draw_position) for slots in problem.seats]
        self.nodes: dict[tuple[int, tuple[int, ...]], Node] = {}
        self.root = self._node(0, solver.start)

    def _node(self, pos: int, state: tuple[int, ...]) -> Node:
        key = (pos, state)
        node = self.nodes.get(key)
        if node is None:
            node = self.nodes[key] = Node(key)
        return node

    def expand(self, node: Node) -> None:
        """A location's ways to take its cards: per type a slice of the type's order (keyed by
        the cards' local mask in a seat, 0 in the stock), the keys that take slices of several
        types (to shuffle together), and the seat's free cards' counts (its arrangement root)."""
        pos, state = node.state
        solver = self.solver
        loc = solver.order[pos]
        cum, items = solver.sampling_edges(pos, state)
        children = []
        for take, nxt in items:
            parts: dict[int, list[tuple[int, int, int]]] = {}
            for j, n in enumerate(take):
                if n:
                    key = self.local[loc][j] if loc < self.nseats else 0
                    a = len(self.type_cards[j]) - state[j]
                    parts.setdefault(key, []).append((j, a, a + n))
            single = tuple((key, *p[0]) for key, p in parts.items() if len(p) == 1)
            mixed = tuple((key, tuple(p)) for key, p in parts.items() if len(p) > 1)
            free_key = None
            if loc < self.nseats:
                free_key = tuple(sorted((key, sum(b - a for _, a, b in p)) for key, p in parts.items()))
            next_node = self._node(pos + 1, nxt) if pos + 1 < self.nloc else None
            children.append((loc, single, mixed, free_key, next_node))
        node.set_children(children, list(cum))

    def sample(self, k: int, rng: random.Random) -> list[Deal]:
        getrandbits = rng.getrandbits
        type_cards = self.type_cards
        nloc, nseats, ngroups = self.nloc, self.nseats, self.ngroups
        seats = self.seats
        deal = self.layout.deal
        template = self.layout.drawn
        out = []
        for _ in range(k):
            orders = [shuffled(cards[:], rng) if len(cards) > 1 else cards for cards in type_cards]
            hands: list[Sequence[Card]] = [()] * ngroups
            positions = template[:]
            stock: Sequence[Card] = ()
            node: Any = self.root
            for _ in range(nloc):
                child = node.only
                if child is None:
                    if node.children is None:
                        self.expand(node)
                        child = node.only
                    if child is None:  # draw: r uniform in [0, total), exactly
                        total, bits = node.total, node.bits
                        r = getrandbits(bits)
                        while r >= total:
                            r = getrandbits(bits)
                        child = node.children[bisect_right(node.cum, r)]
                loc, single, mixed, free_key, node = child
                free: dict[int, Sequence[Card]] = {}
                for key, j, a, b in single:
                    free[key] = orders[j][a:b]
                for key, parts in mixed:
                    cards: list[Card] = []
                    for j, a, b in parts:
                        cards += orders[j][a:b]
                    free[key] = shuffled(cards, rng)
                if loc < nseats:
                    seats[loc].walk(free_key, free, hands, positions, getrandbits)
                else:
                    stock = free.get(0, ())
            out.append(deal(hands, positions, stock))
        return out


def sample_deals(problem: Problem, solver: Solver, k: int, rng: random.Random) -> list[Deal]:
    """``k`` deals drawn independently and uniformly from the consistent deals."""
    if not solver.total:
        raise AcetenError("no deal is consistent with this history")
    sampler = solver.sampler
    if sampler is None:
        sampler = solver.sampler = DealSampler(problem, solver)
    assert isinstance(sampler, DealSampler)
    return sampler.sample(k, rng)


class DealLayout:
    """What every deal sampled from one timeline shares, worked out once, so that assembling a
    deal is a few slices and no per-deal lookups."""

    def __init__(self, tl: Timeline, draw_log: list[tuple[int, int | None, Card | None]]) -> None:
        size = tl.rules.hand_size
        self.undealt = tl.undealt
        # per seat: its hidden group, the cards dealt (None where hidden), how many it still
        # takes from the undealt rest, and whether all its dealt cards are hidden
        self.seats: list[tuple[int | None, tuple[Card | None, ...], int, bool]] = []
        for s in range(tl.n):
            dealt = tuple(tl.dealt[s])
            all_hidden = all(c is None for c in dealt) and tl.deal_group[s] is not None
            self.seats.append((tl.deal_group[s], dealt, size - len(dealt), all_hidden))
        # the stock positions drawn so far: the card where the seat saw it, None where hidden
        self.drawn: list[Card | None] = [card for _, _, card in draw_log]
        self.turned = tl.turned if tl.turned is not None and tl.stock_total else None
        self.stock_total = tl.stock_total

    def deal(self, hands: list[Sequence[Card]], positions: list[Card | None], stock: Sequence[Card]) -> Deal:
        """A full deal from the hidden cards of each dealt hand (by group), the drawn stock
        positions (every hidden one filled) and the hidden undrawn stock in order. Takes
        ``positions`` over."""
        at = 0  # hands not dealt yet take the first undealt cards of the stock
        out = []
        for group, dealt, missing, all_hidden in self.seats:
            if all_hidden:
                hand = tuple(hands[group])  # type: ignore[index]
            elif group is None:
                hand = dealt  # type: ignore[assignment]
            else:
                hidden = iter(hands[group])
                hand = tuple(c if c is not None else next(hidden) for c in dealt)
            if missing:
                hand += tuple(stock[at:at + missing])
                at += missing
            out.append(hand)
        positions += stock[self.undealt:]
        if self.turned is not None:
            if len(positions) < self.stock_total:
                positions.append(self.turned)
            else:
                positions[-1] = self.turned
        return Deal(tuple(out), tuple(positions))  # type: ignore[arg-type]
