"""Explicit Kripke models of a position: worlds, accessibility, and formulas evaluated on them.

A world is a *holding* consistent with the public history: which cards each seat holds now
and which are still in the stock. Worlds that differ only in the order of the undrawn stock or
in which of a seat's own slots a card came from are merged: no seat can tell them apart by
anything but its own cards, and no fact speaks of them (merging them is a bisimulation, so
every formula keeps its truth). Each world carries its weight: the number of full deals behind
it, so probabilities are over deals.

Seat i cannot tell two worlds apart when it holds the same cards in both (what else it has
seen is public), so its accessibility relation is an equivalence ("S5"). ``common(G, f)`` holds
in a world when ``f`` holds in every world reachable by any chain of the relations of G.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aceten.cards import Card, cards_of, suit_mask
from aceten.errors import AcetenError
from aceten.knowledge.count import Solver
from aceten.knowledge.facts import And, Common, Const, Formula, Holds, InStock, Knows, Not, Or, Possible, Void
from aceten.knowledge.history import STOCK

if TYPE_CHECKING:
    from aceten.knowledge.knowledge import Knowledge
    from aceten.rules.base import Rules
    from aceten.show.svg import SvgImage


@dataclass
class KripkeModel:
    """Worlds (per seat a hand mask, then the stock mask), weights, and the asking seat's worlds."""

    rules: Rules
    seat: int
    worlds: list[tuple[int, ...]]
    weights: list[int]
    observed: list[int]  # indices of the worlds the asking seat considers possible

    @classmethod
    def build(cls, kn: Knowledge, *, max_worlds: int = 200_000) -> KripkeModel:
        pub = kn.public()
        p = pub.problem
        if p.error:
            raise AcetenError(f"the public history is not consistent: {p.error}")
        solver = Solver(p, p.types())
        size = Solver(p, solver.types, holdings=True).total
        if size > max_worlds:
            raise AcetenError(f"out of reach: the explicit Kripke model of this position has {size:,} "
                              f"worlds (limit {max_worlds:,}); ask later in the deal or on a smaller deck")
        tl = p.timeline
        n = kn.rules.players
        base = [0] * (n + 1)
        for card in kn.rules.deck:
            loc = tl.location(card)
            if isinstance(loc, int):
                base[n if loc == STOCK else loc] |= card.bit
        worlds: list[tuple[int, ...]] = []
        weights: list[int] = []
        nloc = len(p.caps)
        for takes, _ in solver.enumerate_paths(max_worlds * 10):
            weight = p.stock_orders
            for i in range(len(p.seats)):
                slots = p.seats[i]
                masks = [slots.localize(t.mask) for t in solver.types]
                weight *= slots.count(tuple(sorted((masks[j], k) for j, k in enumerate(takes[i]) if k)))
            splits = []
            for j, t in enumerate(solver.types):
                counts = [takes[i][j] if takes[i] else 0 for i in range(nloc)]
                splits.append(list(_splits(t.cards, counts)))
            for combo in itertools.product(*splits):
                world = list(base)
                for per_loc in combo:
                    for i, mask in enumerate(per_loc):
                        if mask:
                            seat = p.loc_seat[i]
                            world[n if seat == STOCK else seat] |= mask
                worlds.append(tuple(world))
                weights.append(weight)
        own = kn.timeline.known_now(kn.seat)
        observed = [w for w, world in enumerate(worlds) if world[kn.seat] == own]
        return cls(kn.rules, kn.seat, worlds, weights, observed)

    # -- relations ---------------------------------------------------------------------------------
    def classes(self, seat: int) -> list[list[int]]:
        """The worlds ``seat`` cannot tell apart, class by class."""
        groups: dict[int, list[int]] = {}
        for w, world in enumerate(self.worlds):
            groups.setdefault(world[seat], []).append(w)
        return list(groups.values())

    def components(self, seats: tuple[int, ...]) -> list[int]:
        """For each world, a label of its component under the union of the seats' relations."""
        parent = list(range(len(self.worlds)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for seat in seats:
            for group in self.classes(seat):
                root = find(group[0])
                for w in group[1:]:
                    r = find(w)
                    if r != root:
                        parent[r] = root
        return [find(w) for w in range(len(self.worlds))]

    # -- truth ---------------------------------------------------------------------------------------
    def truth(self, f: Formula) -> list[bool]:
        """The truth of ``f`` in every world."""
        n = self.rules.players
        if isinstance(f, Const):
            return [f.value] * len(self.worlds)
        if isinstance(f, Holds):
            bit, s = f.card.bit, f.seat  # type: ignore[union-attr]
            return [bool(world[s] & bit) for world in self.worlds]
        if isinstance(f, InStock):
            bit = f.card.bit  # type: ignore[union-attr]
            return [bool(world[n] & bit) for world in self.worlds]
        if isinstance(f, Void):
            mask, s = suit_mask(f.suit), f.seat  # type: ignore[arg-type]
            return [not world[s] & mask for world in self.worlds]
        if isinstance(f, Not):
            return [not v for v in self.truth(f.arg)]
        if isinstance(f, And):
            parts = [self.truth(a) for a in f.args]
            return [all(vs) for vs in zip(*parts)]
        if isinstance(f, Or):
            parts = [self.truth(a) for a in f.args]
            return [any(vs) for vs in zip(*parts)]
        if isinstance(f, (Knows, Possible)):
            inner = self.truth(f.arg)
            want = isinstance(f, Possible)
            keys = [world[f.seat] for world in self.worlds]
            hit = {k for k, v in zip(keys, inner) if v == want}
            return [(k in hit) == want for k in keys]
        if isinstance(f, Common):
            inner = self.truth(f.arg)
            comp = self.components(f.seats)
            bad = {c for c, v in zip(comp, inner) if not v}
            return [c not in bad for c in comp]
        raise AcetenError(f"cannot evaluate {f}")

    def evaluate(self, f: Formula) -> tuple[int, int]:
        """Weighted count of the asking seat's worlds where ``f`` holds, and of all of them."""
        values = self.truth(f)
        yes = sum(self.weights[w] for w in self.observed if values[w])
        return yes, sum(self.weights[w] for w in self.observed)

    # -- showing ------------------------------------------------------------------------------------
    def label(self, w: int, *, seats: list[int] | None = None) -> str:
        """A world as text: ``P2: AS 3C | P3: KS | stock: 7O``."""
        world = self.worlds[w]
        n = self.rules.players
        fam = self.rules.family
        parts = []
        for s in seats if seats is not None else range(n):
            parts.append(f"P{s + 1}: " + (" ".join(map(str, cards_of(world[s], fam))) or "-"))
        if world[n]:
            parts.append("stock: " + " ".join(map(str, cards_of(world[n], fam))))
        return " | ".join(parts)

    def svg(self, *, actual: int | None = None, size: float | None = None) -> SvgImage:
        """The whole model as a picture (up to a few dozen worlds)."""
        from aceten.knowledge.picture import model_picture

        return model_picture(self, actual=actual, size=size)

    def find(self, hands: dict[int, int]) -> int | None:
        """The world in which each given seat holds exactly the given mask."""
        for w, world in enumerate(self.worlds):
            if all(world[s] == m for s, m in hands.items()):
                return w
        return None

    def __len__(self) -> int:
        return len(self.worlds)


def _splits(cards: tuple[Card, ...], counts: list[int]) -> Iterator[list[int]]:
    """Every way to deal ``cards`` into locations with the given counts, as masks per location."""
    if not any(counts):
        yield [0] * len(counts)
        return
    i = next(k for k, c in enumerate(counts) if c)
    for chosen in itertools.combinations(cards, counts[i]):
        rest = tuple(c for c in cards if c not in chosen)
        tail = list(counts)
        tail[i] = 0
        for sub in _splits(rest, tail):
            sub = list(sub)
            sub[i] = sum(c.bit for c in chosen)
            yield sub
