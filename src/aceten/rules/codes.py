"""Moves as the step function writes them (ints), and back."""

from __future__ import annotations

from aceten.cards import Card, Family, Suit
from aceten.errors import AcetenError
from aceten.moves import Bid, Exchange, Move, TrumpCall
from aceten.rules.layout import MOVE_BID, MOVE_CALL, MOVE_EXCHANGE, PASS_CALL


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
    suit = code - MOVE_CALL
    return TrumpCall(None if suit == PASS_CALL else Suit(family, suit))
