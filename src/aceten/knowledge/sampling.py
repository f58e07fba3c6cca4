"""Exactly uniform samples of the consistent deals, a thousand in a few milliseconds (issue 19).

A sample is drawn in the order of :mod:`aceten.knowledge.count`'s two levels:

1. *Locations.* How many cards of each type every location (each seat with hidden slots, then
   the stock) holds: a path of the :class:`~aceten.knowledge.count.Solver`'s programme, drawn
   with probability ``product of its steps' weights / total``.
2. *Cards.* One uniformly random order of each type's cards; a location takes its share of a
   type as one slice of that order.
3. *Arrangements inside a seat.* Which of the seat's cards (those it holds now, drawn from the
   slices, and the hidden cards it has already played) filled its dealt hand and each draw:
   the groups latest first, each step choosing the played cards the group held (one by one:
   they are distinct) and how many cards of each free class (interchangeable: a slice), a
   path drawn with probability ``product of the ways to pick its free cards / arrangements``.

Every consistent deal then has the same probability: a path's probability is its share of the
deals, and within it every choice of actual cards is equally likely.

Both levels are trees built lazily and kept for later samples (:class:`Tree`): a *node* is a
state of a programme, its children the ways of the next step, with cumulative weights ``ways x
completions after``. A path is drawn with *one* exact random integer ``r`` below the root's
total (``getrandbits`` with rejection, no floats): at each node the child whose cumulative range
holds ``r``, then ``r`` minus the range's start, divided by the child's ways, below the child's
total. Each path gets exactly its weight's worth of values of ``r``. A step holds the absolute
positions of the slices it takes (a state says how much of each order is used already), so a
sample is a few slices, with no per-card choices or lookups. A root drawn from often lists its
paths (if few) with their cumulative weights, so that the same ``r`` finds the same path with one
bisection: trees only cache, and the same seed gives the same samples whether they are built or
not.
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

# Nodes one seat's arrangement tree may keep (each a few tuples; a seat's tree reaches tens to a
# few hundred nodes in the positions of bench/bench_knowledge.py and 2-player late games).
SEAT_NODE_LIMIT = 20_000
# A root drawn from this often lists its paths if it has at most PATH_LIMIT of them, for one
# bisection per sample (the pimc player draws 20 samples per fresh knowledge: it lists nothing).
LIST_AFTER = 32
PATH_LIMIT = 64

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
    """A state of a programme: its children ``(step, next node or None at the end)``, None
    until first visited; their cumulative weights and ways; ``only``, the child when there is
    one; the total and its bit length for the draw; and for a root, how often it was drawn from
    and, once listed, its paths as the children of one node (``paths``; False: too many)."""

    __slots__ = ("bits", "children", "cum", "draws", "only", "paths", "state", "total", "ways")

    def __init__(self, state: Any) -> None:
        self.state = state
        self.children: list[tuple[Any, Node | None]] | None = None
        self.cum: list[int] = []
        self.ways: list[int] = []
        self.only: tuple[Any, Node | None] | None = None
        self.total = 0
        self.bits = 0
        self.draws = 0
        self.paths: Node | bool | None = None

    def set_children(self, children: list[tuple[Any, Node | None]], ways: list[int],
                     cum: list[int]) -> None:
        self.cum = cum
        self.ways = ways
        self.total = cum[-1] if cum else 0
        self.bits = self.total.bit_length()
        self.only = children[0] if len(children) == 1 else None
        self.children = children


class Tree:
    """Nodes of one programme, built on first visit (:meth:`expand`) and kept."""

    def __init__(self) -> None:
        self.nodes: dict[Any, Node] = {}

    def node(self, state: Any) -> Node:
        node = self.nodes.get(state)
        if node is None:
            node = self.nodes[state] = Node(state)
        return node

    def expand(self, node: Node) -> None:
        """Set the node's children (weights: ways x the next node's total, 1 at the end)."""
        raise NotImplementedError

    def path(self, root: Node, getrandbits: Any) -> Sequence[Any]:
        """The steps of one path from ``root`` (expanded), drawn with probability proportional
        to the product of its ways (see the module's docstring)."""
        total, bits = root.total, root.bits
        r = getrandbits(bits)
        while r >= total:
            r = getrandbits(bits)
        paths = root.paths
        if paths:
            assert isinstance(paths, Node) and paths.children is not None
            return paths.children[bisect_right(paths.cum, r)][0]  # type: ignore[no-any-return]
        if paths is None:
            root.draws += 1
            if root.draws >= LIST_AFTER:
                root.paths = self.listed(root) or False
        steps = []
        node: Node | None = root
        while node is not None:
            if node.children is None:
                self.expand(node)
            if node.only is not None:
                r //= node.ways[0]
                step, node = node.only
            else:
                i = bisect_right(node.cum, r)
                if i:
                    r -= node.cum[i - 1]
                r //= node.ways[i]
                step, node = node.children[i]  # type: ignore[index]
            steps.append(step)
        return steps

    def listed(self, root: Node) -> Node | None:
        """Every path from ``root`` in order, as the children of one node (a path's weight: the
        product of its ways), or None past PATH_LIMIT paths."""
        paths: list[tuple[int, tuple[Any, ...]]] = []
        steps: list[Any] = []

        def visit(node: Node, weight: int) -> bool:
            if node.children is None:
                self.expand(node)
            assert node.children is not None
            for (step, nxt), ways in zip(node.children, node.ways):
                steps.append(step)
                if nxt is None:
                    paths.append((weight * ways, tuple(steps)))
                    if len(paths) > PATH_LIMIT:
                        return False
                elif not visit(nxt, weight * ways):
                    return False
                steps.pop()
            return True

        if not visit(root, 1):
            return None
        node = Node(None)
        node.set_children([(path, None) for _, path in paths], [w for w, _ in paths],
                          list(itertools.accumulate(w for w, _ in paths)))
        assert node.total == root.total
        return node


class SeatTree(Tree):
    """The arrangements of one seat's cards in its groups, one root per way its free cards can
    be split into classes (local mask -> how many). A step, ``(where, kind, what)``, says which
    cards one group gets (see DRAWN_FREE...). Past :data:`SEAT_NODE_LIMIT` nodes the tree is
    dropped and grows again."""

    def __init__(self, slots: SeatSlots, draw_position: dict[int, int]) -> None:
        super().__init__()
        self.slots = slots
        self.draw_position = draw_position  # a draw's group -> its stock position
        self.exits = slots.exits
        self.groups = len(slots.caps)
        self.roots: dict[tuple[tuple[int, int], ...], Node] = {}

    def root(self, free: tuple[tuple[int, int], ...]) -> Node:
        """The root (expanded) for ``free``: (local mask, count) pairs, sorted, counts positive."""
        node = self.roots.get(free)
        if node is None:
            node = self.roots[free] = self.node((free, 0, tuple(range(len(self.exits))),
                                                 tuple(n for _, n in free)))
            self.expand(node)
        return node

    def completions(self, j: int, left: tuple[int, ...], masks: tuple[int, ...],
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
        last = j + 1 == self.groups
        later = ~((bit << 1) - 1)  # the groups after this one
        # cards no later group can take must be taken now (all of them, at the last group)
        dead = False
        forced: list[int] = []
        optional: list[int] = []
        for i in left:
            mk = exits[i][1]
            if not mk & later:
                dead = dead or not mk & bit
                forced.append(i)
            elif mk & bit:
                optional.append(i)
        must = [0 if mk & later else c for mk, c in zip(masks, counts)]
        if any(n and not mk & bit for mk, n in zip(masks, must)):
            dead = True
        avail = [c if mk & bit and mk & later else 0 for mk, c in zip(masks, counts)]
        room = cap - len(forced) - sum(must)
        children: list[tuple[Any, Node | None]] = []
        all_ways: list[int] = []
        cum: list[int] = []
        acc = 0
        for k in range(min(room, len(optional)) + 1 if not dead else 0):
            for extra in itertools.combinations(optional, k):
                if forced:
                    chosen = set(forced).union(extra)
                    rest = tuple(i for i in left if i not in chosen)
                    cards = tuple(exits[i][0] for i in left if i in chosen)
                else:
                    rest = tuple(i for i in left if i not in extra)
                    cards = tuple(exits[i][0] for i in extra)
                for free_ns, ways in _compositions(avail, room - k):
                    ns = tuple(n + m for n, m in zip(free_ns, must))
                    after = tuple(c - n for c, n in zip(counts, ns))
                    weight = ways * self.completions(j + 1, rest, masks, after)
                    if not weight:
                        continue
                    acc += weight
                    cum.append(acc)
                    all_ways.append(ways)
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
                    children.append((step, None if last else self.node((free, j + 1, rest, after))))
        node.set_children(children, all_ways, cum)

    def walk(self, free_key: tuple[tuple[int, int], ...], free: dict[int, Sequence[Card]],
             hands: list[Sequence[Card]], positions: list[Card | None], getrandbits: Any) -> None:
        """One arrangement of the seat's cards drawn uniformly (``free``: local mask -> cards
        in a uniformly random order, of counts ``free_key``): the cards of each dealt hand's
        hidden part into ``hands`` (by group), each hidden draw's card into ``positions`` (by
        stock position)."""
        root = self.roots.get(free_key)
        if root is None:
            root = self.root(free_key)
        path = self.path(root, getrandbits)
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


class LocationTree(Tree):
    """The solver's programme: a step is one location's share of the cards, ``(location,
    single, mixed, free key)``: per type a slice of the type's order keyed by the cards' local
    mask in a seat (0 in the stock), the keys that get slices of several types (joined, and
    shuffled together unless one group, a whole dealt hand, takes them all: the order inside a
    hand means nothing), and the counts of a seat's free cards (its arrangement root)."""

    def __init__(self, problem: Problem, solver: Solver, type_sizes: list[int]) -> None:
        super().__init__()
        self.solver = solver
        self.nseats = len(problem.seats)
        self.nloc = len(problem.caps)
        self.type_sizes = type_sizes
        self.local = [[slots.localize(t.mask) for t in solver.types] for slots in problem.seats]
        self.one_group = [len(slots.caps) == 1 for slots in problem.seats]
        self.root = self.node((0, solver.start))
        self.expand(self.root)

    def expand(self, node: Node) -> None:
        pos, state = node.state
        solver = self.solver
        loc = solver.order[pos]
        last = pos + 1 == self.nloc
        children: list[tuple[Any, Node | None]] = []
        all_ways: list[int] = []
        cum: list[int] = []
        acc = 0
        for take, ways, nxt in solver.edges(pos, state):
            after = solver.paths(pos + 1, nxt)
            if not after:
                continue
            acc += ways * after
            cum.append(acc)
            all_ways.append(ways)
            parts: dict[int, list[tuple[int, int, int]]] = {}
            for j, n in enumerate(take):
                if n:
                    key = self.local[loc][j] if loc < self.nseats else 0
                    a = self.type_sizes[j] - state[j]
                    parts.setdefault(key, []).append((j, a, a + n))
            single = tuple((key, *p[0]) for key, p in parts.items() if len(p) == 1)
            shuffle = loc == self.nseats or not self.one_group[loc]
            mixed = tuple((key, tuple(p), shuffle) for key, p in parts.items() if len(p) > 1)
            free_key = None
            if loc < self.nseats:
                free_key = tuple(sorted((key, sum(b - a for _, a, b in p)) for key, p in parts.items()))
            children.append(((loc, single, mixed, free_key), None if last else self.node((pos + 1, nxt))))
        node.set_children(children, all_ways, cum)


class DealSampler:
    """Everything sampling needs from one solver, built lazily and kept between calls (the
    knowledge keeps it with its solver until the next event)."""

    def __init__(self, problem: Problem, solver: Solver) -> None:
        if not solver.total:
            raise AcetenError("no deal is consistent with this history")
        tl = problem.timeline
        self.nseats = len(problem.seats)
        self.ngroups = len(tl.groups)
        self.type_cards = [list(t.cards) for t in solver.types]
        self.locations = LocationTree(problem, solver, [len(cards) for cards in self.type_cards])
        self.layout = DealLayout(tl, tl.draw_log)
        draw_position = {group: p for p, (_, group, _) in enumerate(tl.draw_log) if group is not None}
        self.seats = [SeatTree(slots, draw_position) for slots in problem.seats]

    def sample(self, k: int, rng: random.Random) -> list[Deal]:
        """``k`` deals drawn independently and uniformly from the consistent deals."""
        getrandbits = rng.getrandbits
        type_cards = self.type_cards
        nseats, ngroups = self.nseats, self.ngroups
        seats = self.seats
        locations = self.locations
        root = locations.root
        deal = self.layout.deal
        template = self.layout.drawn
        out = []
        for _ in range(k):
            orders = [shuffled(cards[:], rng) if len(cards) > 1 else cards for cards in type_cards]
            hands: list[Sequence[Card]] = [()] * ngroups
            positions = template[:]
            stock: Sequence[Card] = ()
            for loc, single, mixed, free_key in locations.path(root, getrandbits):
                free: dict[int, Sequence[Card]] = {}
                for key, j, a, b in single:
                    free[key] = orders[j][a:b]
                for key, parts, shuffle in mixed:
                    cards: list[Card] = []
                    for j, a, b in parts:
                        cards += orders[j][a:b]
                    free[key] = shuffled(cards, rng) if shuffle else cards
                if loc < nseats:
                    seats[loc].walk(free_key, free, hands, positions, getrandbits)
                else:
                    stock = free.get(0, ())
            out.append(deal(hands, positions, stock))
        return out


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
        positions (every hidden one filled; the list is extended in place) and the hidden
        undrawn stock in order."""
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
