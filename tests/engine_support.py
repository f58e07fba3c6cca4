"""Helpers shared by the engine tests: building deals, playing tricks, checking invariants."""

from __future__ import annotations

import random
from typing import Any

import aceten
from aceten import Card, Deal, Game

STACKED = "AB 2B 3B 4B 5B 6B 7B JB HB KB AO 2O 3O 4O 5O 6O 7O JO HO KO"

# Rule configurations that change the play, in every game and player count (records, the
# environments' compiled observer, ...).
RULE_CONFIGS = [
    ("briscola", 2, None, {}),
    ("briscola", 3, None, {}),
    ("briscola", 4, None, {}),
    ("briscola", 2, None, {"draw": "after-play"}),
    ("briscola", 2, None, {"scoring": "tricks"}),
    ("briscola", 3, None, {"trump": "S", "removed": "2S"}),
    ("briscola", 4, None, {"deck": STACKED, "stacked": True}),
    ("briscola", 4, None, {"open_cards": 2, "tie": "last-trick"}),
    ("brisca", 2, None, {}),
    ("brisca", 3, None, {"draw": "after-play"}),
    ("brisca", 4, None, {}),
    ("brisca", 2, None, {"arrastre": True}),
    ("brisca", 4, None, {"arrastre": True, "open_cards": 1}),
    ("brisca", 2, None, {"exchange": False}),
    ("brisca", 3, None, {"exchange_needs_trick": True}),
    ("cruce", 2, None, {}),
    ("cruce", 3, None, {}),
    ("cruce", 4, None, {}),
    ("cruce", 3, None, {"bidding": False, "undertrump": False}),
    ("cruce", 4, None, {"open_cards": 2, "target": 15}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {}),
    ("klaverjas", 4, "rotterdam", {"trump_choice": "free"}),
    ("klaverjas", 4, "amsterdam", {"trump_choice": "free", "open_cards": 2}),
    ("klaverjas", 4, "amsterdam", {"trump": "D", "roem": False}),
    ("briscola", 6, None, {}),
    ("brisca", 6, None, {"arrastre": True}),
    ("briscola", 5, "chiamata", {}),
    ("briscola", 5, "chiamata", {"lead": "caller", "cappotto": True, "point_bids": False}),
]


def cards(rules: aceten.rules.Rules, text: str) -> tuple[Card, ...]:
    """The cards of ``text`` (space separated) in the deck of ``rules``."""
    return tuple(rules.parse_card(t) for t in text.split())


def legal(rules: aceten.rules.Rules, hand: str, trick: str, trump: str | None,
          stock_empty: bool = True) -> set[str]:
    """The legal cards as a set of strings, for concise rule tables."""
    moves = rules.legal_moves(hand.split(), trick.split(), trump, stock_empty=stock_empty)
    return {str(c) for c in moves}


def game_from(rules: aceten.rules.Rules, hands: list[str], stock: str = "") -> Game:
    """A game with a fixed deal: ``hands`` per seat, ``stock`` in drawing order (last card
    turned up when the game turns a trump)."""
    deal = Deal(hands=tuple(cards(rules, h) for h in hands), stock=cards(rules, stock))
    return Game(rules, deal=deal)


def play(game: Game, *tricks: str) -> None:
    """Push the cards of each trick in play order; every card must be legal."""
    for trick in tricks:
        for token in trick.split():
            game.push(token)


def fingerprint(game: Game, views: bool = True) -> tuple[Any, ...]:
    """Everything observable about a game's position, for exact before/after comparisons."""
    n = game.players
    state: tuple[Any, ...] = (
        game.phase, game.to_move, game.leader, game.trump, game.trump_card, game.stock,
        game.trick, tuple(game.hand(s) for s in range(n)), game.points, game.bonus,
        game.tricks_won, tuple(game.won_cards(s) for s in range(n)), tuple(game.tricks),
        tuple(game.moves), tuple(game.bids), game.declarer, game.contract, tuple(game.log),
        tuple(game.legal_moves()), game.is_over(), game.outcome(),
    )
    if views:
        state += tuple(game.view(s) for s in range(n))
    return state


def check_cards_accounted(game: Game) -> None:
    """Hands, stock, the trick in progress and the won cards are disjoint and make the deck."""
    rules = game.rules
    parts = [game.hand(s).mask for s in range(game.players)]
    parts.append(sum(c.bit for c in game.stock))
    parts.append(sum(c.bit for c in game.trick))
    parts += [game.won_cards(s).mask for s in range(game.players)]
    assert len(game.stock) == len(set(game.stock))
    assert len(game.trick) == len(set(game.trick))
    union = 0
    for part in parts:
        assert union & part == 0, "a card is in two places"
        union |= part
    assert union == rules.deck_mask, "a card is missing or extra"
    assert sum(p.bit_count() for p in parts) == len(rules.deck)
    unplayed = sum(len(game.hand(s)) for s in range(game.players)) + len(game.stock)
    assert game.cards_left == unplayed
    assert all(game.view(s).cards_left == unplayed for s in range(game.players))


def random_move(game: Game, rng: random.Random) -> aceten.Move:
    moves = game.legal_moves()
    assert moves, f"no legal move in phase {game.phase}"
    return rng.choice(moves)


def play_out(game: Game, rng: random.Random) -> Game:
    while not game.is_over():
        game.push(random_move(game, rng))
    return game
