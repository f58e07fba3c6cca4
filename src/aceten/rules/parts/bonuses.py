"""Bonuses besides card points: marriages (scored on a lead) and roem (scored with a trick)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aceten.cards import Card, Rank, Suit
from aceten.rules.layout import (
    R_MARRIAGE,
    R_MARRIAGE_PLAIN,
    R_MARRIAGE_TRUMP,
    R_ROEM,
    R_RUN3,
    R_RUN4,
    R_STUK,
    T_FOUR,
    T_RUN_ROEM,
    T_SEQ,
    T_SEQ_RANK,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.rules.base import Rules


@dataclass(frozen=True)
class Marriage(Part):
    """Leading a king or queen while holding its mate scores ``plain``, ``trump`` in trumps."""

    plain: int = 20
    trump: int = 40
    section = "bonuses"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_MARRIAGE] = 1
        R[R_MARRIAGE_PLAIN] = self.plain
        R[R_MARRIAGE_TRUMP] = self.trump

    def note(self, card: Card, value: int) -> str:
        return f"marriage in {card.suit.name}: {value}"

    def describe(self, rules: Rules) -> list[str]:
        return [f"marriage: the leader holding K and Q of a suit who leads one of them scores "
                f"{self.plain}, {self.trump} in trumps"]


@dataclass(frozen=True)
class Roem(Part):
    """The cards of a trick score for its winner: runs in one suit (``sequence`` gives the
    order runs follow), the trump king and queen together (stuk), four of a kind."""

    sequence: tuple[Rank, ...]  # lowest first
    run3: int = 20
    run4: int = 50
    stuk: int = 20
    four: dict[Rank, int] = field(default_factory=dict, hash=False)
    section = "bonuses"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_ROEM] = 1
        R[R_RUN3], R[R_RUN4], R[R_STUK] = self.run3, self.run4, self.stuk
        for rank, value in self.four.items():
            T[T_FOUR + int(rank)] = value
        for place, rank in enumerate(self.sequence):
            T[T_SEQ_RANK + place] = int(rank)
        for places in range(256):
            T[T_RUN_ROEM + places] = self.run_bound(places)
        for card in rules.deck:
            if card.rank in self.sequence:
                T[T_SEQ + (int(card) & 63)] = self.sequence.index(card.rank)

    def run_bound(self, places: int) -> int:
        """The most roem the runs of live cards at these places of the sequence (bits) can
        still give, each trick holding a run of three (``run3``) or four (``run4``) of them."""
        def block(length: int) -> int:
            return max(k3 * self.run3 + k4 * self.run4
                       for k4 in range(length // 4 + 1) for k3 in range((length - 4 * k4) // 3 + 1))

        total = run = 0
        for k in range(len(self.sequence) + 1):
            if k < len(self.sequence) and places >> k & 1:
                run += 1
            else:
                total += block(run)
                run = 0
        return total

    def found(self, cards: tuple[Card, ...] | list[Card], trump: Suit | None) -> list[tuple[int, str]]:
        """The roem in one trick's cards, each as (points, what): the words beside the step's
        total (a test holds the two equal on every trick of the deck)."""
        found: list[tuple[int, str]] = []
        ranks = [c.rank for c in cards]
        if len(cards) == 4 and len(set(ranks)) == 1 and self.four.get(ranks[0]):
            plural = "four jacks" if ranks[0] == Rank.JACK else f"four {ranks[0].name.lower()}s"
            found.append((self.four[ranks[0]], plural))
        for suit in {c.suit for c in cards}:
            steps = sorted(self.sequence.index(c.rank) for c in cards
                           if c.suit == suit and c.rank in self.sequence)
            run = best = 1 if steps else 0
            for a, b in itertools.pairwise(steps):
                run = run + 1 if b == a + 1 else 1
                best = max(best, run)
            if best >= 4:
                found.append((self.run4, f"four in sequence in {suit.name}"))
            elif best == 3:
                found.append((self.run3, f"three in sequence in {suit.name}"))
            if trump is not None and suit == trump and {Rank.KING, Rank.QUEEN} <= {
                    c.rank for c in cards if c.suit == suit}:
                found.append((self.stuk, "stuk (K+Q of trumps)"))
        return found

    def note(self, cards: tuple[Card, ...], trump: Suit | None) -> str:
        return "roem: " + ", ".join(f"{what} {p}" for p, what in self.found(cards, trump))

    def describe(self, rules: Rules) -> list[str]:
        fours = ", ".join(f"four {r.letter} {v}" for r, v in self.four.items())
        return [f"roem goes to the trick's winners: three in sequence {self.run3}, four "
                f"{self.run4}, stuk (K+Q of trumps) {self.stuk} on top, {fours}"]
