"""Moves other than playing a card: bids, trump calls, exchanges, auction bids, called cards.

Every move has a one-token notation (``AS``, ``bid:2``, ``trump:H``, ``pass``, ``swap:7O``;
in an auction ``bid:A``, ``bid:2:71``, ``pass`` and the winner's ``call:3S``) used by the
records and the command line.
"""

from __future__ import annotations

from dataclasses import dataclass

from aceten.cards import FAMILY_RANKS, Card, Family, Rank, Suit
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


@dataclass(frozen=True, slots=True)
class AuctionBid:
    """An auction bid: a rank (a weaker card is a higher bid) with a point target above the
    majority (``target`` 0: the majority itself); ``rank=None`` passes, for good."""

    rank: Rank | None
    target: int = 0

    def __str__(self) -> str:
        if self.rank is None:
            return "pass"
        return f"bid:{self.rank.letter}" + (f":{self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class CallCard:
    """The auction's winner calls ``card``: its suit is trump, its holder the secret partner."""

    card: Card

    def __str__(self) -> str:
        return f"call:{self.card}"


Move = Card | Bid | TrumpCall | Exchange | AuctionBid | CallCard


def _auction_bid(token: str, arg: str, family: Family) -> AuctionBid:
    rank_text, _, target_text = arg.partition(":")
    letters = {r.letter.lower(): r for r in FAMILY_RANKS[family]}
    rank = letters.get(rank_text.strip())
    if rank is None:
        raise AcetenError(f"malformed bid {token!r}: expected bid:RANK (bid:A, bid:3, ... bid:2) "
                          f"or bid:RANK:POINTS (bid:2:71)")
    if not target_text:
        return AuctionBid(rank)
    if not (target_text.isascii() and target_text.isdigit()) or len(target_text) > 3:
        raise AcetenError(f"malformed bid {token!r}: the points must be a number (bid:2:71)")
    return AuctionBid(rank, int(target_text))


def parse_move(text: str, family: Family, *, auction: bool = False) -> Move:
    """Read one move token in the notation above, for a game of the given deck family
    (``auction``: a game with an auction, where ``bid:`` names a rank and ``pass`` is final)."""
    if not isinstance(text, str):
        raise AcetenError(f"a move to read is a text such as 'AS' or 'bid:3', not {text!r}")
    token = text.strip()
    low = token.lower()
    if low == "pass":
        return AuctionBid(None) if auction else TrumpCall(None)
    if ":" in low:
        kind, _, arg = low.partition(":")
        if kind == "bid" and auction:
            return _auction_bid(token, arg, family)
        if kind == "call":
            return CallCard(Card.parse(arg, family))
        if kind == "bid":
            if not (arg.isascii() and arg.isdigit()) or len(arg) > 3:  # not "bid:²"
                raise AcetenError(f"malformed bid {token!r}: expected bid:0 .. bid:6")
            return Bid(int(arg))
        if kind == "trump":
            try:
                return TrumpCall(Suit.parse(arg, family))
            except AcetenError as err:  # say which token: "unknown suit 'h'" alone puzzled
                raise AcetenError(f"malformed trump call {token!r}: {err}") from None
        if kind == "swap":
            return Exchange(Card.parse(arg, family))
        raise AcetenError(f"unknown move {token!r}")
    return Card.parse(token, family)
