"""A hand-strength policy for an auction and its called card, shared by the bots.

Not a search: the hand is valued by its card points plus its length in the suit it would make
trump, the bot bids the strongest card of that suit it lacks (calling a card it holds would
play alone) while the value covers the bid, and turns to point targets only with a hand far
above the rest. The numbers are read off the rules (the deck's points, the auction's levels),
so the policy fits any declared auction.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from aceten.agents.words import plural
from aceten.cards import Card, Rank, Suit
from aceten.game import PlayerView
from aceten.moves import AuctionBid, CallCard, Move

if TYPE_CHECKING:
    from aceten.rules.base import Rules


TRUMP_LENGTH_WORTH = 6  # card points a trump in hand is taken to be worth in the auction
BID_THRESHOLD = 0.34  # the share of the deck's points a hand must be worth to open the bidding
LEVEL_STEP = 2  # each rank bid past the one the hand wants costs this many points of value
POINTS_MARGIN = 0.12  # the share of the deck's points above the threshold that bids targets


def _suit_values(view: PlayerView) -> dict[Suit, int]:
    """For each suit, the hand's card points with it as trump plus the hand's length in it."""
    rules = view.rules
    trump_pts, plain_pts = rules.trump_pts, rules.plain_pts
    cards = [(c.suit, int(c) & 63) for c in view.hand]
    plain = sum(plain_pts[b] for _, b in cards)
    values = {}
    for suit in rules.suits:
        value = plain
        for s, b in cards:
            if s == suit:
                value += trump_pts[b] - plain_pts[b] + TRUMP_LENGTH_WORTH
        values[suit] = value
    return values


def best_suit(view: PlayerView) -> tuple[Suit, int]:
    """The suit the hand would make trump, and the hand's value with it."""
    values = _suit_values(view)
    suit = max(values, key=lambda s: values[s])
    return suit, values[suit]


@lru_cache(maxsize=64)
def _deck_ranks(rules: Rules, suit: Suit) -> frozenset[Rank]:
    return frozenset(c.rank for c in rules.deck if c.suit == suit)


def _missing_ranks(view: PlayerView, suit: Suit) -> list[Rank]:
    """The ranks of ``suit`` the hand lacks and the deck has, strongest card first (lowest bid
    first): the cards the hand could call."""
    held = {c.rank for c in view.hand if c.suit == suit}
    present = _deck_ranks(view.rules, suit)
    return [r for r in view.rules.plain_order if r in present and r not in held]


def auction_move(view: PlayerView) -> tuple[Move, str]:
    """An auction bid or pass, with the reason in words."""
    legal = list(view.legal_moves)
    passing = next(m for m in legal if isinstance(m, AuctionBid) and m.rank is None)
    bids = [m for m in legal if isinstance(m, AuctionBid) and m.rank is not None]
    if not bids:
        return passing, "pass: no higher bid is left"
    total = view.rules.total_points
    suit, value = best_suit(view)
    threshold = BID_THRESHOLD * total
    rank_bids = [b for b in bids if not b.target]
    wanted = _missing_ranks(view, suit)
    first = wanted[0] if wanted else None
    order = view.rules.plain_order
    for bid in rank_bids:
        if bid.rank not in wanted or first is None:
            continue
        cost = LEVEL_STEP * (order.index(bid.rank) - order.index(first))
        if value - cost >= threshold:
            return bid, (f"bid {bid.rank.letter if bid.rank else ''}: the hand is worth "
                         f"{plural(value, 'point')} with {suit.name} trumps, "
                         f"{plural(cost, 'point')} spent on the lower call")
        break
    target_bids = [b for b in bids if b.target]
    if target_bids and not rank_bids and value >= (BID_THRESHOLD + POINTS_MARGIN) * total:
        bid = target_bids[0]
        reach = total // 2 + int(value - threshold)
        if bid.target <= reach:
            return bid, (f"bid {bid}: the hand is worth {plural(value, 'point')}, enough to "
                         f"promise {bid.target}")
    return passing, (f"pass: the hand is worth {plural(value, 'point')} with {suit.name} trumps, "
                     "short of the bid")


def call_move(view: PlayerView) -> tuple[Move, str]:
    """The card to call: the one of the rank bid in the suit the hand would make trump, else
    the suit worth most that the hand does not already hold it in (calling one's own card
    plays alone)."""
    calls = [m for m in view.legal_moves if isinstance(m, CallCard)]
    hand = set(view.hand)
    values = _suit_values(view)
    ranked = sorted(view.rules.suits, key=lambda s: -values[s])
    for suit in ranked:
        for call in calls:
            if call.card.suit == suit and call.card not in hand:
                return call, f"call {call.card}: {suit.name} is the hand's best trump suit"
    call = calls[0]
    return call, f"call {call.card}: every card of the rank is in hand, so alone"


def called(card: Card | None) -> str:
    return "" if card is None else str(card)
