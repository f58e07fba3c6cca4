"""The tactics-1 bot, frozen: the tactics player as it was before issue 18, kept unchanged as a
fixed baseline so later players are measured against the same opponent.

The tactics bot: rules of thumb that reason from what the seat knows about the hidden cards.

It builds the seat's :class:`~aceten.knowledge.Knowledge` from the view (never the game) and
reads one fact from it: for every unplayed card, which seats may still hold it (its
marginals). From that it knows

- the **live** cards: unplayed and not in its own hand;
- the **master** cards: a card no live card that an opponent may hold can beat;
- **safe** winners: a card that wins the trick now and that no opponent still to play may beat;
- whether the **partner** is winning the trick for sure.

Leading, it scores a Cruce marriage, cashes a master card worth points, draws trumps with a
master trump while an opponent may still hold trumps (in games where one must follow suit, or
once the stock is empty), and otherwise leads its cheapest card. Following, it adds points to a
trick its partner wins for sure, wins a trick worth points with its cheapest safe winner
(sparing its high trumps on small tricks), and otherwise discards its cheapest card. It bids
(Cruce), calls trump (Klaverjas) and exchanges (Brisca) from counts of its hand. ``reason``
says which rule chose the move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.agents.base import Agent
from aceten.agents.bidding import auction_move, call_move
from aceten.agents.greedy import (
    bid_scale,
    card_points,
    cost,
    marriage_lead,
    marriage_value,
    trump_making_lead,
)
from aceten.cards import Card, Rank, Suit
from aceten.moves import Bid, Exchange, TrumpCall

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move

HIGH_TRUMP_POINTS = 10  # a trump worth this much (A, 3 in the Latin games) is spent on big tricks only


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


class _Facts:
    """What one decision needs from the knowledge layer, computed once per view."""

    def __init__(self, view: PlayerView):
        from aceten.knowledge import Knowledge

        self.view = view
        rules = view.rules
        self.rules = rules
        self.trump = view.trump
        n = view.players
        # the one change since it was frozen: a hidden team (chiamata, added later) is known only
        # as far as the view knows it; with declared teams this is the seating, as it was
        self.partners, self.opponents = view.sides()
        # who may hold each live card (a seat, or "stock")
        self.may_hold: dict[Card, frozenset[object]] = {}
        hand = view.hand
        try:
            marg = Knowledge.from_view(view).marginals()
        except Exception:  # pragma: no cover - the knowledge layer refused: assume nothing
            marg = None
        played = {c for t in view.tricks for c in t.cards} | set(view.trick)
        for card in rules.deck:
            if card in hand or card in played:
                continue
            if marg is None:
                where = frozenset(s for s in range(n) if s != view.seat) | {"stock"}
            else:
                where = frozenset(loc for loc, pr in marg[card].items() if pr and loc != "played")
            if where:
                self.may_hold[card] = where

    def opp_may_hold(self, card: Card, seats: frozenset[int] | None = None) -> bool:
        seats = self.opponents if seats is None else seats
        return any(s in seats for s in self.may_hold.get(card, ()))

    def beaters(self, trick: tuple[Card, ...]) -> list[Card]:
        """Live cards that, added to ``trick``, take it over."""
        rules, trump = self.rules, self.trump
        return [c for c in self.may_hold if rules._winner_index((*trick, c), trump) == len(trick)]

    def safe(self, trick: tuple[Card, ...], later: frozenset[int]) -> bool:
        """Whether the current winner of ``trick`` keeps it against the seats in ``later``."""
        if not later:
            return True
        return not any(self.opp_may_hold(c, later) for c in self.beaters(trick))

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and card.suit == self.trump

    def points(self, card: Card) -> int:
        return card_points(self.rules, card, self.trump)

    def cost(self, card: Card) -> tuple[int, bool, int]:
        return cost(self.rules, card, self.trump)


class TacticsV1Agent(Agent):
    """The frozen tactics player (``tactics-1``): do not change its choices."""

    name = "tactics-1"

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        if len(view.legal_moves) == 1 and isinstance(view.legal_moves[0], Card):
            only: Move = view.legal_moves[0]
            self.reason = f"playing {only}: the only legal card"
            return only
        if view.phase in ("auction", "call-card"):  # chiamata came later: the shared policy
            move, self.reason = (auction_move if view.phase == "auction" else call_move)(view)
            return move
        if view.phase == "bid":
            return self._bid(view)
        if view.phase == "call":
            return self._call(view)
        for move in view.legal_moves:
            if isinstance(move, Exchange):
                self.reason = (f"exchanging {move.card} for the face-up trump {view.trump_card}: "
                               f"a higher trump for a lower one")
                return move
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        facts = _Facts(view)
        if not view.trick:
            return self._lead(view, facts, cards)
        return self._follow(view, facts, cards)

    # -- leading -------------------------------------------------------------------------------
    def _lead(self, view: PlayerView, f: _Facts, cards: list[Card]) -> Card:
        rules, trump = view.rules, view.trump
        n = view.players
        later = frozenset((view.seat + i) % n for i in range(1, n)) & f.opponents
        marriage = marriage_lead(view, cards)  # Cruce: a marriage scores when it is led
        if marriage is not None:
            best, value = marriage
            self.reason = f"leading {best}: the marriage in {best.suit.name} scores {value}"
            return best
        if trump is None and rules.trump_mode == "first-lead":
            top = trump_making_lead(rules, cards)
            self.reason = f"leading {top}: the top card of my longest suit makes {top.suit.name} trump"
            return top
        obliged = bool(rules.obligations.parts) or view.stock_size == 0
        masters = [c for c in cards if f.safe((c,), later)]
        # cash a master card worth points (not a trump, unless trumps must be drawn anyway)
        cash = [c for c in masters if not f.is_trump(c) and f.points(c) > 0]
        if cash and obliged:
            card = max(cash, key=lambda c: (f.points(c), -f.cost(c)[2]))
            self.reason = f"leading {card}: a master card worth {f.points(card)}, no opponent can beat it"
            return card
        if trump is not None and obliged:
            opp_trumps = [c for c in f.may_hold if c.suit == trump and f.opp_may_hold(c)]
            master_trumps = [c for c in masters if f.is_trump(c)]
            if opp_trumps and master_trumps:
                card = max(master_trumps, key=lambda c: rules.trump_strength[int(c) & 63])
                who = sorted({s for c in opp_trumps for s in f.may_hold[c] if s in f.opponents})
                names = ", ".join(seat_name(s) for s in who)  # type: ignore[arg-type]
                self.reason = f"leading {card}: master trump while {names} may still hold trumps"
                return card
        plain = [c for c in cards if not f.is_trump(c)]
        pool = plain or cards
        # a cheap card an opponent to play cannot easily win: prefer suits no opponent is void in
        # is not knowable cheaply; take the card that gives least away, then the lowest rank
        card = min(pool, key=lambda c: (f.points(c), f.is_trump(c), f.cost(c)[2]))
        what = "non-trump card" if plain else "card (only trumps left)"
        self.reason = f"leading {card}: no master card to cash, leading my cheapest {what}"
        return card

    # -- following -----------------------------------------------------------------------------
    def _follow(self, view: PlayerView, f: _Facts, cards: list[Card]) -> Card:
        rules, trick = view.rules, view.trick
        n = view.players
        position = len(trick)
        later = frozenset((view.seat + i) % n for i in range(1, n - position))
        later_opps = later & f.opponents
        worth = sum(f.points(c) for c in trick)
        best = rules._winner_index(trick, view.trump)
        best_seat = (view.leader + best) % n
        if best_seat in f.partners:
            if f.safe(trick, later_opps):
                plain = [c for c in cards if not f.is_trump(c)] or cards
                card = max(plain, key=lambda c: (f.points(c), -f.cost(c)[2]))
                if f.points(card) > 0:
                    self.reason = (f"playing {card}: partner {seat_name(best_seat)} wins the trick "
                                   f"for sure, adding {f.points(card)} points")
                    return card
            card = min(cards, key=f.cost)
            self.reason = (f"playing {card}: partner {seat_name(best_seat)} is winning the trick, "
                           f"discarding the lowest card")
            return card
        winners = [c for c in cards if rules._winner_index((*trick, c), view.trump) == position]
        safe = [c for c in winners if f.safe((*trick, c), later_opps)]
        if safe:
            card = min(safe, key=f.cost)
            value = worth + f.points(card)
            small = f.is_trump(card) and f.points(card) >= HIGH_TRUMP_POINTS and worth < HIGH_TRUMP_POINTS
            if value > 0 and not small:
                if later_opps:
                    self.reason = (f"playing {card}: the cheapest card that wins the trick ({value}) "
                                   f"and no opponent still to play can beat it")
                else:
                    self.reason = f"playing {card}: the cheapest card that wins the trick ({value})"
                return card
            if value > 0 and small:
                cheap = [c for c in safe if not (f.is_trump(c) and f.points(c) >= HIGH_TRUMP_POINTS)]
                if cheap:
                    card = min(cheap, key=f.cost)
                    self.reason = f"playing {card}: wins the trick ({value}) without spending a high trump"
                    return card
        card = min(cards, key=f.cost)
        if not winners:
            why = "cannot beat the trick"
        elif not safe:
            why = "an opponent still to play may beat any card I win with"
        else:
            why = (f"the trick is worth only {worth}, not worth a high trump" if worth
                   else "the trick is worth nothing")
        self.reason = f"playing {card}: {why}, discarding the lowest card"
        return card

    # -- before the play -------------------------------------------------------------------------
    def _bid(self, view: PlayerView) -> Move:
        """Cruce: estimate the points the hand makes as declarer (it leads and names trump)."""
        rules = view.rules
        hand = list(view.hand)
        suits = dict.fromkeys(c.suit for c in hand)

        def as_trump(suit: Suit) -> int:
            est = 0
            for c in hand:
                if c.rank == Rank.ACE:
                    est += 11 + 8  # an ace takes itself and usually a small card or two
                elif c.rank == Rank.TEN:
                    ace = Card(Rank.ACE, c.suit)
                    est += 10 + (8 if ace in view.hand else 0)
                elif c.suit == suit:
                    est += card_points(rules, c, suit) // 2 + 4  # trump length wins tricks
            pairs = [s for s in suits if Card(Rank.KING, s) in view.hand and Card(Rank.QUEEN, s) in view.hand]
            est += sum(marriage_value(rules, s, suit) for s in pairs)
            return est

        trump = max(suits, key=lambda s: (as_trump(s), sum(1 for c in hand if c.suit == s)))
        estimate = as_trump(trump)
        unit, top = bid_scale(rules)
        wanted = min(estimate // unit, top)
        move: Move = Bid(wanted)
        if wanted and move in view.legal_moves:
            self.reason = (f"bid {wanted}: with {trump.name} as trump the hand makes about "
                           f"{estimate} points (aces, tens, trump length, marriages)")
            return move
        more = ", not above the bids so far" if wanted else ""
        self.reason = f"pass (bid 0): the hand makes about {estimate} points{more}"
        return Bid(0)

    def _call(self, view: PlayerView) -> Move:
        """Klaverjas: call the suit where trumps and side aces make the most; pass a weak hand."""
        rules = view.rules
        calls = [m for m in view.legal_moves if isinstance(m, TrumpCall) and m.suit is not None]

        def strength(call: TrumpCall) -> tuple[int, int]:
            suit = call.suit
            assert suit is not None
            trumps = [c for c in view.hand if c.suit == suit]
            value = sum(card_points(rules, c, suit) for c in trumps) + 6 * len(trumps)
            value += sum(10 for c in view.hand if c.suit != suit and c.rank == Rank.ACE)
            return value, len(trumps)

        best = max(calls, key=strength)
        value, count = strength(best)
        assert best.suit is not None
        if value < 60 and TrumpCall(None) in view.legal_moves:
            self.reason = f"pass: at best {count} trumps in {best.suit.name} (strength {value} < 60)"
            return TrumpCall(None)
        self.reason = f"call {best.suit.name}: {count} trumps and side aces, strength {value}"
        return best

