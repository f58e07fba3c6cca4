"""Moves as the step function writes them (ints), and back."""

from __future__ import annotations

from aceten.cards import Card, Family, Rank, Suit
from aceten.errors import AcetenError
from aceten.moves import AuctionBid, Bid, CallCard, Exchange, Move, TrumpCall
from aceten.rules.layout import (
    MOVE_AUCTION,
    MOVE_BID,
    MOVE_CALL,
    MOVE_CALL_CARD,
    MOVE_EXCHANGE,
    PASS_CALL,
)


def move_code(move: Move) -> int:
    """A move as the step function writes it."""
    if isinstance(move, Card):
        return int(move) & 63
    if isinstance(move, Exchange):
        return MOVE_EXCHANGE + (int(move.card) & 63)
    if isinstance(move, Bid):
        return MOVE_BID + move.value
    if isinstance(move, TrumpCall):
        return MOVE_CALL + (PASS_CALL if move.suit is None else int(move.suit) & 3)
    if isinstance(move, AuctionBid):
        if move.rank is None:
            return MOVE_AUCTION
        return MOVE_AUCTION + int(move.rank) + 16 * move.target
    if isinstance(move, CallCard):
        return MOVE_CALL_CARD + (int(move.card) & 63)
    raise AcetenError(f"not a move: {move!r}")


def decode_move(code: int, family: Family) -> Move:
    """The move the step function writes as ``code``, in a deck of ``family``."""
    fam = int(family) << 6
    code = int(code)
    if code < MOVE_EXCHANGE:
        return Card.from_code(fam | code)
    if code < MOVE_BID:
        return Exchange(Card.from_code(fam | (code - MOVE_EXCHANGE)))
    if code < MOVE_CALL:
        return Bid(code - MOVE_BID)
    if code < MOVE_AUCTION:
        suit = code - MOVE_CALL
        return TrumpCall(None if suit == PASS_CALL else Suit(family, suit))
    if code < MOVE_CALL_CARD:
        c = code - MOVE_AUCTION
        return AuctionBid(None) if c == 0 else AuctionBid(Rank(c & 15), c >> 4)
    return CallCard(Card.from_code(fam | (code - MOVE_CALL_CARD)))
