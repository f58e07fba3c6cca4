"""The tactics bot: rules of thumb that reason from what the seat knows about the hidden cards.

It builds the seat's :class:`~aceten.knowledge.Knowledge` from the view (never the game) and
reads one fact from it: for every unplayed card, the probability that each seat (or the stock)
holds it (its marginals, over the deals consistent with what the seat has seen). From that it
knows

- the **live** cards: unplayed and not in its own hand;
- the **master** cards: a card no live card that an opponent may hold can beat;
- for every card it may play, the **chance its side takes the trick**: certain when no
  opponent still to play may hold a card that beats the trick, otherwise estimated from the
  probability that an opponent (or, when an opponent leads the trick, a partner) still to play
  holds a card that beats it.

Every card it may play gets a value: the trick's points (its own card included, since they come
back with the trick) counted for its side or against it by that chance, minus what the card is
worth **kept**. A trump is worth keeping: it will win a later trick, taking its own points and
some more, so it is spent only on a trick worth more than that; a plain card is worth nothing
kept. This is why it does not trump a worthless lead with a low trump, nor spend a trump worth
points to win back only its own points, and why it throws points onto a trick its partner
takes for sure and ducks when a partner still to play may take the trick.

Leading, a few rules come first: score a Cruce marriage; in Cruce's first lead, the top card of
the longest suit (it names trump); where suit must be followed (or once the stock is empty),
cash a master card worth points, lead trumps when the partner holds the master trump, draw trumps
with a master trump while an opponent may still hold trumps. Otherwise the lead is the card of
best value (a low trump when every plain card would give away points). It bids (Cruce), calls
trump (Klaverjas) and exchanges (Brisca) from counts of its hand.

``reason`` says in plain words why it chose the move, naming no card but the one played (the
web table shows it to everyone); ``detail`` gives the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aceten.agents.base import Agent
from aceten.agents.bidding import auction_move, call_move
from aceten.agents.greedy import (
    bid_scale,
    card_points,
    marriage_lead,
    marriage_value,
    trump_making_lead,
)
from aceten.cards import Card, Rank, Suit
from aceten.moves import Bid, Exchange, TrumpCall

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move

# What a trump is worth kept, in units of the deck's average points per card: the lowest trump
# TRUMP_KEEP_BASE, the top one TRUMP_KEEP_BASE + TRUMP_KEEP_RANGE, plus its own points.
TRUMP_KEEP_BASE = 1.5
TRUMP_KEEP_RANGE = 1.5
# When an opponent leads and a partner may beat the trick, the chance the partner does and
# keeps it against opponents after them: the partner's chance to hold a beater times this.
PARTNER_KEEPS = 0.6


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def card_words(card: Card, trump: Suit | None) -> str:
    """A card as a person says it: "the three of swords", "the two of trumps"."""
    if trump is not None and card.suit == trump:
        return f"the {card.rank.name.lower()} of trumps"
    return f"the {card.name}"


class _Facts:
    """What one decision needs from the knowledge layer, computed once per view."""

    def __init__(self, view: PlayerView):
        from aceten.knowledge import Knowledge

        self.view = view
        rules = view.rules
        self.rules = rules
        self.trump = view.trump
        n = view.players
        self.partners, self.opponents = view.sides()  # as far as this seat knows them
        # the probability each seat (or "stock") holds each live card
        self.where: dict[Card, dict[object, float]] = {}
        hand = view.hand
        try:
            marg = Knowledge.from_view(view).marginals()
        except Exception:  # pragma: no cover - the knowledge layer refused: assume nothing
            marg = None
        played = {c for t in view.tricks for c in t.cards} | set(view.trick)
        others = [s for s in range(n) if s != view.seat] + ["stock"]
        for card in rules.deck:
            if card in hand or card in played:
                continue
            if marg is None:
                probs: dict[object, float] = {s: 1 / len(others) for s in others}
            else:
                probs = {loc: float(pr) for loc, pr in marg[card].items() if pr and loc != "played"}
            if probs:
                self.where[card] = probs
        self.may_hold = {card: frozenset(p) for card, p in self.where.items()}
        deck_points = sum(rules.points(c) for c in rules.deck) or len(rules.deck)
        self.unit = deck_points / len(rules.deck)
        strengths = sorted({rules.trump_strength[int(c) & 63] for c in rules.deck})
        self._trump_rank = {s: i / max(1, len(strengths) - 1) for i, s in enumerate(strengths)}

    def opp_may_hold(self, card: Card, seats: frozenset[int] | None = None) -> bool:
        seats = self.opponents if seats is None else seats
        return any(s in seats for s in self.may_hold.get(card, ()))

    def beaters(self, trick: tuple[Card, ...]) -> list[Card]:
        """Live cards that, added to ``trick``, take it over."""
        rules, trump = self.rules, self.trump
        return [c for c in self.where if rules._winner_index((*trick, c), trump) == len(trick)]

    def safe(self, trick: tuple[Card, ...], later: frozenset[int]) -> bool:
        """Whether the current winner of ``trick`` keeps it against the seats in ``later``."""
        if not later:
            return True
        return not any(self.opp_may_hold(c, later) for c in self.beaters(trick))

    def chance_holds(self, seat: int, cards: list[Card]) -> float:
        """The chance ``seat`` holds at least one of ``cards`` (taken as independent)."""
        miss = 1.0
        for c in cards:
            miss *= 1.0 - self.where.get(c, {}).get(seat, 0.0)
        return 1.0 - miss

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and card.suit == self.trump

    def points(self, card: Card) -> int:
        return card_points(self.rules, card, self.trump)

    def keep(self, card: Card) -> float:
        """What holding on to ``card`` is worth: a trump wins a later trick (its own points and
        some more, the more the higher it is); a plain card, nothing."""
        if not self.is_trump(card):
            return 0.0
        rank = self._trump_rank.get(self.rules.trump_strength[int(card) & 63], 0.0)
        return self.points(card) + self.unit * (TRUMP_KEEP_BASE + TRUMP_KEEP_RANGE * rank)

    def strength(self, card: Card) -> int:
        bit = int(card) & 63
        return self.rules.trump_strength[bit] if self.is_trump(card) else self.rules.plain_strength[bit]

    def discard_cost(self, card: Card) -> tuple[float, int]:
        """What throwing ``card`` on a lost trick gives away: its points and its worth kept."""
        return self.points(card) + self.keep(card), self.strength(card)


@dataclass(frozen=True)
class _Option:
    """One card the seat may play, and what it is expected to bring."""

    card: Card
    total: int        # the trick's points with this card in it
    chance: float     # the chance the seat's side takes the trick
    keep: float       # what the card is worth kept
    takes: bool       # the card puts the seat (not a partner) ahead in the trick
    sure: bool        # the side takes the trick for sure

    @property
    def value(self) -> float:
        return (2 * self.chance - 1) * self.total - self.keep


class TacticsAgent(Agent):
    """Rule-based play per game and seat position, from the knowledge layer's facts."""

    name = "tactics"

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        self.detail = ""
        if len(view.legal_moves) == 1 and isinstance(view.legal_moves[0], Card):
            only = view.legal_moves[0]
            self.reason = f"play {card_words(only, view.trump)}: it is the only card you may play"
            self.detail = "one legal card"
            return only
        if view.phase in ("auction", "call-card"):
            move, self.reason = (auction_move if view.phase == "auction" else call_move)(view)
            return move
        if view.phase == "bid":
            return self._bid(view)
        if view.phase == "call":
            return self._call(view)
        for move in view.legal_moves:
            if isinstance(move, Exchange):
                self.reason = (f"swap {move.card} for the face-up trump {view.trump_card}: "
                               f"a higher trump for a lower one")
                self.detail = "the exchange is always taken"
                return move
        cards = [m for m in view.legal_moves if isinstance(m, Card)]
        facts = _Facts(view)
        if not view.trick:
            return self._lead(view, facts, cards)
        return self._follow(view, facts, cards)

    # -- the value of each card ----------------------------------------------------------------
    def _options(self, view: PlayerView, f: _Facts, cards: list[Card]) -> list[_Option]:
        rules, trick, n = view.rules, view.trick, view.players
        position = len(trick)
        later = [(view.seat + i) % n for i in range(1, n - position)]
        later_opps = [s for s in later if s in f.opponents]
        worth = sum(f.points(c) for c in trick)
        out = []
        for card in cards:
            now = (*trick, card)
            best = rules._winner_index(now, view.trump)
            winner = (view.leader + best) % n if trick else view.seat
            beaters = f.beaters(now) if later else []
            if winner == view.seat or winner in f.partners:
                chance = 1.0
                for s in later_opps:
                    chance *= 1.0 - f.chance_holds(s, beaters)
            else:
                partners_after = [s for s in later if s in f.partners]
                chance = 0.0
                for s in partners_after:
                    after = later[later.index(s) + 1:]
                    keeps = PARTNER_KEEPS if any(o in f.opponents for o in after) else 1.0
                    chance = max(chance, f.chance_holds(s, beaters) * keeps)
            out.append(_Option(card, worth + f.points(card), chance, f.keep(card),
                               takes=winner == view.seat, sure=chance >= 1.0))
        return out

    def _best(self, f: _Facts, options: list[_Option]) -> _Option:
        # ties: do not overtake (a partner's trick), then the weaker card
        return max(options, key=lambda o: (round(o.value, 6), not o.takes, -f.strength(o.card)))

    @staticmethod
    def _numbers(options: list[_Option], chosen: _Option) -> str:
        ranked = sorted(options, key=lambda o: -o.value)
        parts = [f"{o.card} {o.value:+.1f} (trick {o.total}, win {o.chance:.0%}, keep {o.keep:.1f})"
                 for o in ranked[:3]]
        return f"chose {chosen.card}; values: " + "; ".join(parts)

    # -- leading -------------------------------------------------------------------------------
    def _lead(self, view: PlayerView, f: _Facts, cards: list[Card]) -> Card:
        rules, trump = view.rules, view.trump
        n = view.players
        later = frozenset((view.seat + i) % n for i in range(1, n)) & f.opponents
        marriage = marriage_lead(view, cards)  # Cruce: a marriage scores when it is led
        if marriage is not None:
            best, value = marriage
            self.reason = (f"lead {card_words(best, trump)}: holding its king too, leading it "
                           f"scores the marriage ({value} points)")
            self.detail = f"marriage in {best.suit.name} worth {value}"
            return best
        if trump is None and rules.trump_mode == "first-lead":
            top = trump_making_lead(rules, cards)
            self.reason = (f"lead {card_words(top, trump)}: the first card led makes its suit "
                           f"trump, and {top.suit.name} is your longest suit")
            self.detail = "first lead names trump: top card of the longest suit"
            return top
        obliged = bool(rules.obligations.parts) or view.stock_size == 0
        masters = [c for c in cards if f.safe((c,), later)]
        cash = [c for c in masters if not f.is_trump(c) and f.points(c) > 0]
        if cash and obliged:
            card = max(cash, key=lambda c: (f.points(c), -f.strength(c)))
            self.reason = (f"lead {card_words(card, trump)}: nobody can beat it any more, so it "
                           f"takes its {f.points(card)} points home")
            self.detail = f"master card worth {f.points(card)}"
            return card
        if trump is not None and obliged:
            my_trumps = [c for c in cards if f.is_trump(c)]
            live_trumps = [c for c in f.where if c.suit == trump]
            opp_trumps = [c for c in live_trumps if f.opp_may_hold(c)]
            if my_trumps and opp_trumps and f.partners:
                top = max(live_trumps, key=f.strength)
                holders = {s for s, p in f.where[top].items() if p > 0}
                mine_top = max(my_trumps, key=f.strength)
                if holders <= f.partners and f.strength(top) > f.strength(mine_top):
                    card = min(my_trumps, key=f.discard_cost)
                    who = seat_name(next(iter(holders)))  # type: ignore[arg-type]
                    self.reason = (f"lead {card_words(card, trump)}: your partner {who} holds "
                                   f"the best trump, so drawing the opponents' trumps helps your side")
                    self.detail = f"partner {who} holds the master trump {top}"
                    return card
            master_trumps = [c for c in masters if f.is_trump(c)]
            if opp_trumps and master_trumps:
                card = max(master_trumps, key=f.strength)
                seats = sorted({s for c in opp_trumps for s in f.may_hold[c] if s in f.opponents})
                names = " and ".join(seat_name(s) for s in seats)  # type: ignore[arg-type]
                self.reason = (f"lead {card_words(card, trump)}: it is the best trump left, and "
                               f"it pulls out the trumps {names} may still hold")
                self.detail = f"master trump while {names} may hold trumps"
                return card
        options = self._options(view, f, cards)
        chosen = self._best(f, options)
        card = chosen.card
        self.detail = self._numbers(options, chosen)
        if f.is_trump(card) and any(not f.is_trump(c) for c in cards):
            self.reason = (f"lead {card_words(card, trump)}: each of your other cards would "
                           f"risk giving points away, and this low trump costs least")
        elif chosen.sure and chosen.total:
            self.reason = (f"lead {card_words(card, trump)}: nobody can beat it, so its "
                           f"{chosen.total} points are safe")
        elif chosen.total == 0:
            self.reason = f"lead {card_words(card, trump)}: a card worth nothing, so nothing is risked"
        else:
            self.reason = (f"lead {card_words(card, trump)}: the lead that risks fewest points "
                           f"(it is worth {chosen.total})")
        return card

    # -- following -----------------------------------------------------------------------------
    def _follow(self, view: PlayerView, f: _Facts, cards: list[Card]) -> Card:
        rules, trick, trump = view.rules, view.trick, view.trump
        n = view.players
        best = rules._winner_index(trick, trump)
        best_seat = (view.leader + best) % n
        options = self._options(view, f, cards)
        chosen = self._best(f, options)
        self.detail = self._numbers(options, chosen)
        card, words = chosen.card, card_words(chosen.card, trump)
        worth = sum(f.points(c) for c in trick)
        position = len(trick)
        later = [(view.seat + i) % n for i in range(1, n - position)]
        partner_ahead = best_seat in f.partners
        if partner_ahead and not chosen.takes:
            who = seat_name(best_seat)
            if chosen.sure and f.points(card) > 0:
                self.reason = (f"give points to your partner: {who} takes this trick for sure, so "
                               f"{words} adds {f.points(card)} points to your side")
            elif chosen.sure:
                self.reason = f"play {words}: your partner {who} takes this trick for sure"
            else:
                self.reason = (f"play low with {words}: your partner {who} is ahead but may still "
                               f"be beaten, so keep your points back")
            return card
        if chosen.takes and chosen.sure:
            keep = " and keeps your stronger cards" if len([o for o in options if o.takes]) > 1 else ""
            safe = ("you play last" if not later
                    else "nobody still to play can beat it")
            self.reason = (f"take it: the trick holds {chosen.total} points and {words} wins it "
                           f"— {safe}{keep if not f.is_trump(card) else ''}")
            return card
        if chosen.takes and chosen.chance == 0:
            self.reason = (f"play {words}: it is ahead for now, but someone after you can beat it "
                           f"— the least costly choice")
            return card
        if chosen.takes:
            self.reason = (f"try to win with {words}: {chosen.total} points are at stake and "
                           f"there is about a {chosen.chance:.0%} chance nobody after you beats it")
            return card
        partners_after = [s for s in later if s in f.partners]
        winners = [o for o in options if o.takes]
        if partners_after and chosen.chance > 0 and not chosen.sure:
            who = seat_name(partners_after[0])
            self.reason = (f"leave it to your partner: {who} still plays and may take the trick, "
                           f"so you throw {words}")
        elif not winners:
            self.reason = (f"throw {words}: you cannot win this trick, and it gives away the "
                           f"least")
        elif all(not o.sure for o in winners):
            self.reason = (f"throw {words}: any card that wins now could still be beaten by "
                           f"someone after you")
        else:
            costly = min((o for o in winners if o.sure), key=lambda o: o.keep)
            what = "a trump" if f.is_trump(costly.card) else "a winning card"
            self.reason = (f"let it go: the trick holds only {worth} points, not worth spending "
                           f"{what} on; throw {words}")
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
        self.detail = f"estimate {estimate} points with {trump.name} as trump; unit {unit}"
        if wanted and move in view.legal_moves:
            self.reason = (f"bid {wanted}: with {trump.name} as trump this hand should make about "
                           f"{estimate} points (aces, tens, trumps and marriages)")
            return move
        more = ", and the bidding is already higher" if wanted else ""
        self.reason = f"pass: this hand should make only about {estimate} points{more}"
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
        self.detail = f"strength {value} in {best.suit.name} (pass below 60)"
        if value < 60 and TrumpCall(None) in view.legal_moves:
            self.reason = (f"pass: too weak to play with {best.suit.name} as trump (only {count} "
                           f"trumps)")
            return TrumpCall(None)
        self.reason = f"call {best.suit.name}: your {count} trumps and side aces make it your best suit"
        return best
