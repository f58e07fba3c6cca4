"""aceten: the Ace-Ten card games (Briscola, Brisca, Cruce, Klaverjas) as declared rules,
a fast engine, game records, and a reasoning layer.

    >>> import aceten
    >>> g = aceten.new_game("briscola", players=2, seed=7)
    >>> while not g.is_over():
    ...     g.push(g.legal_moves()[0])
    >>> sum(g.outcome().points)
    120
"""

from aceten import record, rules
from aceten.cards import Card, CardSet, Family, Rank, Suit
from aceten.errors import AcetenError, IllegalMove, RecordError
from aceten.game import Deal, Game, Outcome, PlayerView, Trick, new_game
from aceten.match import Match
from aceten.moves import Bid, Exchange, Move, TrumpCall

__version__ = "0.1.0"

__all__ = [
    "AcetenError", "Bid", "Card", "CardSet", "Deal", "Exchange", "Family", "Game", "IllegalMove",
    "Match", "Move", "Outcome", "PlayerView", "Rank", "RecordError", "Suit", "Trick", "TrumpCall",
    "__version__", "new_game", "record", "rules",
]  # fmt: skip
