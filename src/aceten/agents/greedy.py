"""The greedy bot: a rule of thumb that looks only at the current trick and its own hand.

Following, it wins a trick worth points with the cheapest card that wins it, else throws its
cheapest card (fewest points, non-trump before trump, lowest rank); with the partner sure to
win, it adds points. Leading, it plays its cheapest non-trump card (Cruce: a marriage when it
holds one, and on the first lead the top card of its best suit, which becomes trump). It bids,
calls trump and exchanges from simple counts of its hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.agents.base import Agent
from aceten.agents.bidding import auction_move, call_move
from aceten.agents.words import plural
from aceten.cards import Card, Rank, Suit
from aceten.moves import Bid, Exchange, TrumpCall
from aceten.rules.parts import Bidding, GamePoints

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move
    from aceten.rules.base import Rules



def bid_scale(rules: Rules) -> tuple[int, int]:
    """Card points per bid unit and the highest bid, as the game declares them."""
    scoring, bidding = rules.scoring, rules.part(Bidding)
    unit = scoring.unit if isinstance(scoring, GamePoints) else 1
    return unit, bidding.max_bid if bidding is not None else 0


def marriage_value(rules: Rules, suit: Suit, trump: Suit | None) -> int:
    """What a marriage in ``suit`` scores (the higher value while trump is unknown)."""
    marriage = rules.marriage
    if marriage is None:
        return 0
    return marriage.trump if trump is None or suit == trump else marriage.plain
CALL_THRESHOLD = 35  # Klaverjas, free choice: pass with fewer trump points than this (J + 9 = 34)


def card_points(rules: Rules, card: Card, trump: Suit | None) -> int:
    """Card points of ``card`` with ``trump`` as the trump suit."""
    bit = int(card) & 63
    if trump is not None and card.suit == trump:
        return rules.trump_pts[bit]
    return rules.plain_pts[bit]


def cost(rules: Rules, card: Card, trump: Suit | None) -> tuple[int, bool, int]:
    """How much playing ``card`` gives away: points, then trump or not, then rank."""
    bit = int(card) & 63
    is_trump = trump is not None and card.suit == trump
    strength = rules.trump_strength[bit] if is_trump else rules.plain_strength[bit]
    return card_points(rules, card, trump), is_trump, strength


def marriage_lead(view: PlayerView, cards: list[Card]) -> tuple[Card, int] | None:
    """Where leading scores a marriage (Cruce): the queen of a held K+Q pair, trumps first,
    and what it scores; None if the game has no lead bonus or no pair is held."""
    rules, trump = view.rules, view.trump
    if not rules.has_lead_bonus:
        return None
    marriages = [c for c in cards if c.rank == Rank.QUEEN and Card(Rank.KING, c.suit) in view.hand]
    if not marriages:
        return None
    best = max(marriages, key=lambda c: (trump is None or c.suit == trump))
    return best, marriage_value(rules, best.suit, trump)


def trump_making_lead(rules: Rules, cards: list[Card]) -> Card:
    """Where the first card led makes its suit trump (Cruce): the top card of the longest
    suit, ties to the suit worth most."""
    def suit_value(suit: Suit) -> tuple[int, int]:
        held = [c for c in cards if c.suit == suit]
        return len(held), sum(card_points(rules, c, suit) for c in held)

    suit = max(dict.fromkeys(c.suit for c in cards), key=suit_value)
    return max((c for c in cards if c.suit == suit), key=lambda c: rules.trump_strength[int(c) & 63])


class GreedyAgent(Agent):
    """Wins tricks worth points as cheaply as it can, and otherwise throws its cheapest card."""

    name = "greedy"

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        if view.phase in ("auction", "call-card"):
            move, self.reason = (auction_move if view.phase == "auction" else call_move)(view)
            return move
        if view.phase == "bid":
            return self._bid(view)
        if view.phase == "call":
            return self._call(view)
        for move in view.legal_moves:
            if isinstance(move, Exchange):
                face_up = view.trump_card
                self.reason = f"exchange {move.card} for the face-up trump {face_up}"
                return move
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        if not view.trick:
            return self._lead(view, cards)
        return self._follow(view, cards)

    # -- play ------------------------------------------------------------------------------
    def _lead(self, view: PlayerView, cards: list[Card]) -> Card:
        rules, trump = view.rules, view.trump
        marriage = marriage_lead(view, cards)
        if marriage is not None:
            best, value = marriage
            self.reason = f"lead {best} to score the marriage in {best.suit.name} ({plural(value, 'point')})"
            return best
        if trump is None and rules.trump_mode == "first-lead":
            top = trump_making_lead(rules, cards)
            self.reason = (f"lead {top}, the top card of the best suit, to make {top.suit.name} "
                           f"trump")
            return top
        plain = [c for c in cards if trump is None or c.suit != trump]
        card = min(plain or cards, key=lambda c: cost(rules, c, trump))
        what = "non-trump card" if plain else "card (only trumps left)"
        self.reason = f"lead the cheapest {what} {card}"
        return card

    def _follow(self, view: PlayerView, cards: list[Card]) -> Card:
        rules, trump, trick = view.rules, view.trump, view.trick
        n, position = view.players, len(view.trick)
        worth = sum(card_points(rules, c, trump) for c in trick)
        best = rules._winner_index(trick, trump)
        best_seat = (view.leader + best) % n
        partners, _ = view.sides()
        if best_seat in partners:
            if position == n - 1:  # the partner takes the trick for sure: add points
                plain = [c for c in cards if trump is None or c.suit != trump]
                card = max(plain or cards, key=lambda c: (card_points(rules, c, trump),
                                                          -cost(rules, c, trump)[2]))
                if card_points(rules, card, trump):
                    self.reason = f"the partner P{best_seat + 1} wins: add {card} to the trick"
                    return card
            card = min(cards, key=lambda c: cost(rules, c, trump))
            self.reason = f"the partner P{best_seat + 1} is winning: throw the cheapest card {card}"
            return card
        winners = [c for c in cards if rules._winner_index((*trick, c), trump) == position]
        if winners:
            card = min(winners, key=lambda c: cost(rules, c, trump))
            value = worth + card_points(rules, card, trump)
            if value > 0:
                self.reason = (f"win the trick (worth {plural(value, 'point')}) with the cheapest winning "
                               f"card {card}")
                return card
        card = min(cards, key=lambda c: cost(rules, c, trump))
        why = "the trick is worth nothing" if winners else "no card wins the trick"
        self.reason = f"{why}: throw the cheapest card {card}"
        return card

    # -- before the play -------------------------------------------------------------------
    def _bid(self, view: PlayerView) -> Move:
        """Cruce: count aces, tens and marriages (the bidder leads, so the best one is trump)."""
        hand = list(view.hand)
        sure = sum(view.rules.points(c) for c in hand if c.rank in (Rank.ACE, Rank.TEN))
        pairs = [s for s in dict.fromkeys(c.suit for c in hand)
                 if Card(Rank.KING, s) in view.hand and Card(Rank.QUEEN, s) in view.hand]
        marriage = view.rules.marriage  # the bidder leads, so one marriage is in trumps
        marriages = (marriage.trump + marriage.plain * (len(pairs) - 1)) if pairs and marriage else 0
        estimate = sure + marriages
        unit, top = bid_scale(view.rules)
        wanted = min(estimate // unit, top)
        move: Move = Bid(wanted)
        if wanted and move in view.legal_moves:
            self.reason = f"bid {wanted}: aces, tens and marriages worth about {plural(estimate, 'point')}"
            return move
        self.reason = (f"pass (bid 0): aces, tens and marriages worth about {plural(estimate, 'point')}"
                       + (", not above the bids so far" if wanted else ""))
        return Bid(0)

    def _call(self, view: PlayerView) -> Move:
        """Klaverjas: call the suit with most trump points; pass a weak hand when allowed."""
        rules = view.rules
        calls = [m for m in view.legal_moves if isinstance(m, TrumpCall) and m.suit is not None]

        def strength(call: TrumpCall) -> tuple[int, int]:
            suit = call.suit
            held = [c for c in view.hand if c.suit == suit]
            return sum(card_points(rules, c, suit) for c in held), len(held)

        best = max(calls, key=strength)
        points, count = strength(best)
        assert best.suit is not None
        if points < CALL_THRESHOLD and TrumpCall(None) in view.legal_moves:
            self.reason = f"pass: the trumps in {best.suit.name} are worth {plural(points, 'point')} at best"
            return TrumpCall(None)
        self.reason = (f"call {best.suit.name}: the most trump points ({plural(points, 'point')} in "
                       f"{plural(count, 'card')})")
        return best
