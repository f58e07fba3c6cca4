"""A hand-strength policy for an auction and its called card, shared by the bots.

Not a search: the hand is valued by its card points plus its length in the suit it would make
trump, the bot bids the strongest card of that suit it lacks (calling a card it holds would
play alone) while the value covers the bid, and turns to point targets only with a hand far
above the rest. The numbers are read off the rules (the deck's points, the auction's levels),
so the policy fits any declared auction.

The same policy reads hands from an auction (:func:`auction_log_likelihood`): a sampled deal in
which the others would have bid and called as they did is likelier than one in which they would
not (pimc weights its worlds so in a game with an auction).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from aceten.cards import Card, Rank, Suit
from aceten.game import Game
from aceten.moves import AuctionBid, CallCard, Move

if TYPE_CHECKING:
    from aceten.rules.base import Rules


class Seat(Protocol):
    """What the policy reads: the rules, the seat's hand and its legal moves (a
    :class:`~aceten.game.PlayerView` has them; so does a sampled deal's seat, see
    :func:`auction_log_likelihood`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hand(self) -> Collection[Card]: ...
    @property
    def legal_moves(self) -> Sequence[Move]: ...


@dataclass(frozen=True)
class _SampledSeat:
    rules: Rules
    hand: Collection[Card]
    legal_moves: Sequence[Move]

TRUMP_LENGTH_WORTH = 6  # card points a trump in hand is taken to be worth in the auction
BID_THRESHOLD = 0.34  # the share of the deck's points a hand must be worth to open the bidding
LEVEL_STEP = 2  # each rank bid past the one the hand wants costs this many points of value
POINTS_MARGIN = 0.12  # the share of the deck's points above the threshold that bids targets


def _suit_values(view: Seat) -> dict[Suit, int]:
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


def best_suit(view: Seat) -> tuple[Suit, int]:
    """The suit the hand would make trump, and the hand's value with it."""
    values = _suit_values(view)
    suit = max(values, key=lambda s: values[s])
    return suit, values[suit]


@lru_cache(maxsize=64)
def _deck_ranks(rules: Rules, suit: Suit) -> frozenset[Rank]:
    return frozenset(c.rank for c in rules.deck if c.suit == suit)


def _missing_ranks(view: Seat, suit: Suit) -> list[Rank]:
    """The ranks of ``suit`` the hand lacks and the deck has, strongest card first (lowest bid
    first): the cards the hand could call."""
    held = {c.rank for c in view.hand if c.suit == suit}
    present = _deck_ranks(view.rules, suit)
    return [r for r in view.rules.plain_order if r in present and r not in held]


def auction_move(view: Seat) -> tuple[Move, str]:
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
            return bid, (f"bid {bid.rank.letter if bid.rank else ''}: the hand is worth {value} "
                         f"with {suit.name} trumps, {cost} spent on the lower call")
        break
    target_bids = [b for b in bids if b.target]
    if target_bids and not rank_bids and value >= (BID_THRESHOLD + POINTS_MARGIN) * total:
        bid = target_bids[0]
        reach = total // 2 + int(value - threshold)
        if bid.target <= reach:
            return bid, f"bid {bid}: the hand is worth {value}, enough to promise {bid.target}"
    return passing, f"pass: the hand is worth {value} with {suit.name} trumps, short of the bid"


def call_move(view: Seat) -> tuple[Move, str]:
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


# How much less likely a deal is made by each auction decision the policy would not have made
# there (a bid where it would pass, a pass where it would bid): the others may not bid as this
# policy does (a person, another bot), so no hand is ruled out, and a deal that misses one bid
# is not swamped by one that fits them all. A call of a card the caller holds (to play alone) is
# rare whoever calls, so a deal that puts it there fits far worse.
BID_MISFIT = 0.25
CALL_MISFIT = 0.05


def policy_fit(view: Seat, move: Move) -> bool:
    """Whether ``move`` (an auction bid or pass, or the called card) is what this policy would
    do with ``view``'s hand: the same card called; in the auction, a bid where it would bid
    (whatever the level: its levels are a rough guide) and a pass where it would pass."""
    chosen, _ = (call_move if isinstance(move, CallCard) else auction_move)(view)
    if isinstance(move, AuctionBid) and isinstance(chosen, AuctionBid):
        return (move.rank is None) == (chosen.rank is None)
    return chosen == move


Decision = tuple[int, Move, tuple[Move, ...]]  # who, the bid or call made, the moves it had


def auction_decisions(game: Game, moves: Sequence[Move], seat: int) -> list[Decision]:
    """The other seats' bids, passes and calls among ``moves`` (pushed onto ``game``, any deal
    at its start), each with who made it and the moves it was chosen from: public, the same in
    every deal a seat may consider."""
    found: list[Decision] = []
    for move in moves:
        if isinstance(move, (AuctionBid, CallCard)) and game.to_move != seat:
            found.append((game.to_move, move, tuple(game.legal_moves())))
        game.push(move)
    return found


def auction_log_likelihood(rules: Rules, hands: Sequence[Collection[Card]],
                           decisions: Sequence[Decision]) -> float:
    """How well a deal (each seat's cards at the deal's start, ``hands``) fits the auction's
    ``decisions`` (:func:`auction_decisions`): the log of the product of ``BID_MISFIT`` for each
    bid and pass and ``CALL_MISFIT`` for each call that this policy, had the cards lain so,
    would not have made. Card plays are not weighed."""
    total = 0.0
    for who, move, legal in decisions:
        if not policy_fit(_SampledSeat(rules, hands[who], legal), move):
            total += _LOG_CALL_MISFIT if isinstance(move, CallCard) else _LOG_BID_MISFIT
    return total


_LOG_BID_MISFIT = math.log(BID_MISFIT)
_LOG_CALL_MISFIT = math.log(CALL_MISFIT)
