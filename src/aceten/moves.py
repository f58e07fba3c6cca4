"""Moves other than playing a card: Cruce bids, Klaverjas trump calls, Brisca exchanges.

Every move has a one-token notation (``AS``, ``bid:2``, ``trump:H``, ``pass``, ``swap:7O``)
used by the records and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass

from aceten.cards import Card, Family, Suit
from aceten.errors import AcetenError


@dataclass(frozen=True, slots=True)
class Bid:
    """A Cruce bid: how many units of 33 points the bidder's side promises (0 passes)."""

    value: int

    def __str__(self) -> str:
        return f"bid:{self.value}"


@dataclass(frozen=True, slots=True)
class TrumpCall:
    """A Klaverjas trump choice; ``suit=None`` passes the choice to the next seat."""

    suit: Suit | None

    def __str__(self) -> str:
        return "pass" if self.suit is None else f"trump:{self.suit.letter}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """A Brisca exchange: ``card`` (the 7 or 2 of trumps) is swapped for the face-up trump."""

    card: Card

    def __str__(self) -> str:
        return f"swap:{self.card}"


Move = Card | Bid | TrumpCall | Exchange


def parse_move(text: str, family: Family) -> Move:
    """Read one move token in the notation above, for a game of the given deck family."""
    token = text.strip()
    low = token.lower()
    if low == "pass":
        return TrumpCall(None)
    if ":" in low:
        kind, _, arg = low.partition(":")
        if kind == "bid":
            if not (arg.isascii() and arg.isdigit()) or len(arg) > 3:  # not "bid:²"
                raise AcetenError(f"malformed bid {token!r}: expected bid:0 .. bid:6")
            return Bid(int(arg))
        if kind == "trump":
            return TrumpCall(Suit.parse(arg, family))
        if kind == "swap":
            return Exchange(Card.parse(arg, family))
        raise AcetenError(f"unknown move {token!r}")
    return Card.parse(token, family)
