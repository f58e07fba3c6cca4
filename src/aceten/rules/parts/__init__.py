"""The rule parts a game is declared from (see :mod:`aceten.rules.parts.base`).

The play obligations are parts too; they live in :mod:`aceten.rules.obligations`.
"""

from aceten.rules.parts.auction import Auction, CalledPartner
from aceten.rules.parts.base import Part
from aceten.rules.parts.bonuses import Marriage, Roem
from aceten.rules.parts.phases import Bidding, TrumpCall
from aceten.rules.parts.scoring import (
    CardPoints,
    GamePoints,
    PlayingSide,
    Scoring,
    TargetSheet,
)
from aceten.rules.parts.stock import Exchange, Stock, Trump
from aceten.rules.parts.trick import Trick

__all__ = ["Auction", "Bidding", "CalledPartner", "CardPoints", "Exchange", "GamePoints",
           "Marriage", "Part", "PlayingSide", "Roem", "Scoring", "Stock", "TargetSheet", "Trick",
           "Trump", "TrumpCall"]
