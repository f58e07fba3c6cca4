"""Brisca (Spain): as Briscola, plus exchanging the 7 (or 2) of trumps and optional arrastre."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.cards import Card, Family, Rank, full_deck
from aceten.moves import Exchange, Move
from aceten.rules.base import bool_option
from aceten.rules.latin import LATIN_OPTIONS, LatinStockRules
from aceten.rules.obligations import FollowSuit, Obligations, Trumping

if TYPE_CHECKING:
    from aceten.game import Game

# The face-up cards each low trump may be exchanged for.
EXCHANGES = {
    Rank.SEVEN: (Rank.ACE, Rank.THREE, Rank.KING, Rank.HORSE, Rank.JACK),
    Rank.TWO: (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN),
}


class BriscaRules(LatinStockRules):
    name = "brisca"
    title = "Brisca (Spain)"
    game_options = (
        *LATIN_OPTIONS,
        bool_option("exchange", True, "the 7 of trumps may be swapped for a face-up A, 3, K, H "
                    "or J, and the 2 of trumps for a face-up 7 or lower, while the stock lasts"),
        bool_option("exchange_needs_trick", False, "only a player who has won a trick may exchange"),
        bool_option("arrastre", False, "once the stock is empty: follow suit and beat if able, "
                    "else trump"),
    )

    def _declare(self) -> None:
        super()._declare()
        self.has_extra_moves = self.options["exchange"]
        if self.options["arrastre"]:
            self.obligations = Obligations(
                (FollowSuit(beat="always"), Trumping(overtrump=False)), when="stock-empty")

    def _deck(self) -> tuple[Card, ...]:
        deck = full_deck(Family.LATIN)
        if self.players == 3:
            deck = tuple(c for c in deck if c.rank != Rank.TWO)
        return deck

    def extra_moves(self, game: Game) -> list[Move]:
        face_up = game.trump_card
        if face_up is None or game.phase != "play":
            return []
        seat = game.to_move
        if self.options["exchange_needs_trick"] and not game.tricks_won[seat]:
            return []
        hand = game._hands[seat]
        moves: list[Move] = []
        for low, targets in EXCHANGES.items():
            if face_up.rank in targets:
                card = Card(low, face_up.suit)
                if hand & card.bit:
                    moves.append(Exchange(card))
        return moves

    def apply_extra_move(self, game: Game, move: Move) -> None:
        assert isinstance(move, Exchange)
        face_up = game.trump_card
        assert face_up is not None
        seat = game.to_move
        game._hands[seat] ^= move.card.bit | face_up.bit
        game._stock[-1] = move.card
        game._log.append(("swap", seat, move.card))
