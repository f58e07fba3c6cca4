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
  holds a card that beats it and may play it: where suit must be followed, a card of another
  suit (a trump) beats only from a seat with none of the suit led.

Every card it may play gets a value: the trick's points (its own card included, since they come
back with the trick) counted for its side or against it by that chance, minus what the card is
worth **kept**. A trump is worth keeping: it will win a later trick, taking its own points and
some more, so it is spent only on a trick worth more than that; a plain card is worth nothing
kept. This is why it does not trump a worthless lead with a low trump, nor spend a trump worth
points to win back only its own points, and why it throws points onto a trick its partner
takes for sure and ducks when a partner still to play may take the trick. A trick's value also
holds what its winner scores besides card points: roem in its cards (Klaverjas), the last
trick's bonus, and a share of the bonus for taking every trick while one side still may. Where a
lead scores a king-queen pair (Cruce), taking the trick is worth half a held pair (and half of
what the opponent likeliest to hold a live pair would score), and playing one of a held pair
on another's lead costs half its value.

Leading, a few rules come first: score a Cruce marriage (with two pairs at the first lead, the
one of the longer suit, which becomes trump); in Cruce's first lead, the top card of
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
from aceten.agents.words import plural
from aceten.cards import Card, Rank, Suit
from aceten.moves import Bid, Exchange, TrumpCall
from aceten.rules.obligations import FollowSuit
from aceten.rules.parts import PlayingSide

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
# Games with a bonus for leading a king-queen pair (Cruce's marriages): the share of a held
# pair's value that taking the lead is worth (the next lead can score it), and the share lost
# by playing one of the pair where it cannot score.
LEAD_FOR_MARRIAGE = 0.5
BREAK_MARRIAGE = 0.5
# ... and the share of an opponent's likely pair that taking the lead away from it is worth
DENY_MARRIAGE = 0.5
# Bids in a team game (Cruce with 4 players): the estimate counts one hand, and the partner's
# cards add to the side's points (as declarer, tactics' side made about the estimate + 30 in
# 6,000 deals it played out), so a bid counts this many of the partner's points; more to outbid
# an opponent, as the declaring side (it leads and names trump) won 74-89% of the games measured.
TEAM_BID_ALLOWANCE = 10
TEAM_BID_ALLOWANCE_OVER = 20
# Where suit must be followed, count a trump as a threat only from a seat that may be void in
# the suit led.
FOLLOW_AWARE = True
# Trump calls (Klaverjas): what each trump, the top trump, the second trump (with the top one
# or two more trumps), a side ace and a ten beside its ace add to the trump points; a hand below
# CALL_PASS_BELOW passes where passing is allowed.
CALL_LENGTH = 6
CALL_TOP = 0
CALL_SECOND = 0
CALL_ACE = 10
CALL_TEN = 0
CALL_PASS_BELOW = 60


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
        self.last_trick = len(hand) == 1 and view.stock_size == 0
        # whether the others must follow the suit led now (then a card of another suit beats
        # the trick only in the hand of a seat with none of the suit led)
        obligations = rules.obligations
        self.must_follow = FOLLOW_AWARE and any(
            isinstance(p, FollowSuit) for p in obligations.parts) and (
            obligations.when == "always" or view.stock_size == 0)
        # a bonus for taking every trick (Klaverjas' pit) is alive while one side has taken
        # every trick so far: each trick decides it, weighted by the tricks still to play
        self.sweep_bonus = 0.0
        sweep = rules.part(PlayingSide)
        if sweep is not None and sweep.all_tricks and view.tricks:
            sides = {rules.seat_team[t.winner] for t in view.tricks}
            if len(sides) == 1:
                left = len(hand) + view.stock_size // n
                self.sweep_bonus = sweep.all_tricks / max(1, left)
        # the king-queen pairs in hand that a lead would score, with their values
        self.pairs: dict[Suit, int] = {}
        if rules.has_lead_bonus:
            for c in hand:
                if c.rank == Rank.QUEEN and Card(Rank.KING, c.suit) in hand:
                    self.pairs[c.suit] = marriage_value(rules, c.suit, self.trump)
        # what the opponent likeliest to hold a live pair would score by leading it
        self.opp_pairs = 0.0
        if rules.has_lead_bonus:
            for seat in self.opponents:
                expected = 0.0
                for suit in rules.suits:
                    king, queen = Card(Rank.KING, suit), Card(Rank.QUEEN, suit)
                    both = (self.where.get(king, {}).get(seat, 0.0)
                            * self.where.get(queen, {}).get(seat, 0.0))
                    expected += both * marriage_value(rules, suit, self.trump)
                self.opp_pairs = max(self.opp_pairs, expected)

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

    def chance_beats(self, seat: int, trick: tuple[Card, ...], beaters: list[Card]) -> float:
        """The chance ``seat`` holds one of ``beaters`` and may play it on ``trick``: where
        suit must be followed, a beater of another suit counts only as far as the seat may be
        void in the suit led (the cards taken as independent)."""
        if not self.must_follow or not trick:
            return self.chance_holds(seat, beaters)
        led = trick[0].suit
        same = [c for c in beaters if c.suit == led]
        other = [c for c in beaters if c.suit != led]
        void = 1.0
        for card, probs in self.where.items():
            if card.suit == led:
                void *= 1.0 - probs.get(seat, 0.0)
        miss_same = 1.0 - self.chance_holds(seat, same)
        miss_other = 1.0 - void * self.chance_holds(seat, other)
        return 1.0 - miss_same * miss_other

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

    def trick_bonus(self, cards: tuple[Card, ...]) -> float:
        """What the trick's winner scores besides card points, as far as ``cards`` show: the
        roem in them (it can only grow as the trick fills), the last trick's bonus, and a share
        of the bonus for taking every trick while one side still may (it decides it)."""
        bonus = float(self.rules.last_trick_bonus if self.last_trick else 0) + self.sweep_bonus
        roem = self.rules.roem
        if roem is not None:
            bonus += sum(points for points, _ in roem.found(cards, self.trump))
        return bonus

    def marriage_effect(self, card: Card) -> tuple[int, int]:
        """For a card played on another's lead: the best held pair still whole after it (a lead
        would score it) and the pair it breaks (0 for none)."""
        broken = self.pairs.get(card.suit, 0) if card.rank in (Rank.KING, Rank.QUEEN) else 0
        whole = [v for s, v in self.pairs.items() if not (broken and s == card.suit)]
        return max(whole, default=0), broken

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
    total: float      # the trick's points with this card in it (and its bonuses)
    chance: float     # the chance the seat's side takes the trick
    keep: float       # what the card is worth kept
    takes: bool       # the card puts the seat (not a partner) ahead in the trick
    sure: bool        # the side takes the trick for sure
    lead: float = 0.0  # what taking the lead is worth to the seat (a marriage to score)
    points: int = 0    # the trick's card points with this card in it (for the reasons)

    @property
    def value(self) -> float:
        gain = self.lead if self.takes else 0.0
        return (2 * self.chance - 1) * self.total - self.keep + self.chance * gain


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
            lead, broken = f.marriage_effect(card) if trick else (0, 0)
            best = rules._winner_index(now, view.trump)
            winner = (view.leader + best) % n if trick else view.seat
            beaters = f.beaters(now) if later else []
            if winner == view.seat or winner in f.partners:
                chance = 1.0
                for s in later_opps:
                    chance *= 1.0 - f.chance_beats(s, now, beaters)
            else:
                partners_after = [s for s in later if s in f.partners]
                chance = 0.0
                for s in partners_after:
                    after = later[later.index(s) + 1:]
                    keeps = PARTNER_KEEPS if any(o in f.opponents for o in after) else 1.0
                    chance = max(chance, f.chance_beats(s, now, beaters) * keeps)
            out.append(_Option(card, worth + f.points(card) + f.trick_bonus(now), chance,
                               f.keep(card) + BREAK_MARRIAGE * broken,
                               takes=winner == view.seat, sure=chance >= 1.0,
                               lead=LEAD_FOR_MARRIAGE * lead + DENY_MARRIAGE * f.opp_pairs,
                               points=worth + f.points(card)))
        return out

    def _best(self, f: _Facts, options: list[_Option]) -> _Option:
        # ties: do not overtake (a partner's trick), then the weaker card
        return max(options, key=lambda o: (round(o.value, 6), not o.takes, -f.strength(o.card)))

    @staticmethod
    def _numbers(options: list[_Option], chosen: _Option) -> str:
        ranked = sorted(options, key=lambda o: -o.value)
        parts = [f"{o.card} {o.value:+.1f} (trick {o.total:.0f}, win {o.chance:.0%}, keep {o.keep:.1f})"
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
            if trump is None and len(f.pairs) > 1:  # the lead names trump: the pair's best suit
                best = self._trump_pair(view, cards, f)
                value = marriage_value(rules, best.suit, trump)
            self.reason = (f"lead {card_words(best, trump)}: holding its king too, leading it "
                           f"scores the marriage ({plural(value, 'point')})")
            self.detail = (f"marriage in {best.suit.name} worth {value}"
                           + ("; of several pairs, the longest suit, which the lead makes trump"
                              if trump is None and len(f.pairs) > 1 else ""))
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
                           f"takes its {plural(f.points(card), 'point')} home")
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
        elif chosen.sure and chosen.points:
            self.reason = (f"lead {card_words(card, trump)}: nobody can beat it, so it brings "
                           f"{plural(chosen.points, 'point')} home safely")
        elif chosen.points == 0:
            self.reason = f"lead {card_words(card, trump)}: a card worth nothing, so nothing is risked"
        else:
            self.reason = (f"lead {card_words(card, trump)}: the lead that risks fewest points "
                           f"(it is worth {plural(chosen.points, 'point')})")
        return card

    @staticmethod
    def _trump_pair(view: PlayerView, cards: list[Card], f: _Facts) -> Card:
        """The queen of the held pair whose suit makes the best trump: the longest, then the
        one worth most in points (the first lead names trump and scores this pair at the
        trump value)."""
        def as_trump(suit: Suit) -> tuple[int, int]:
            held = [c for c in view.hand if c.suit == suit]
            return len(held), sum(card_points(view.rules, c, suit) for c in held)

        suit = max(f.pairs, key=as_trump)
        return next(c for c in cards if c.suit == suit and c.rank == Rank.QUEEN)

    # -- following -----------------------------------------------------------------------------
    def _follow(self, view: PlayerView, f: _Facts, cards: list[Card]) -> Card:
        card = self._follow_card(view, f, cards)
        now = (*view.trick, card)
        whole, _ = f.marriage_effect(card)
        if whole and view.rules._winner_index(now, view.trump) == len(view.trick):
            suit = max((s for s in f.pairs if not (s == card.suit and card.rank in (
                Rank.KING, Rank.QUEEN))), key=lambda s: f.pairs[s])
            self.detail += (f"; winning it also gives the next lead, which can score the "
                            f"marriage in {suit.name} ({whole})")
        roem = round(f.trick_bonus(now) - f.trick_bonus(view.trick))
        if roem > 0:  # roem only: the other bonuses do not depend on the card
            best = view.rules._winner_index(now, view.trump)
            side = "your side" if (view.leader + best) % view.players in (
                f.partners | {view.seat}) else "the trick's winner"
            self.detail += f"; it also makes {plural(roem, 'point')} of roem for {side}"
        return card

    def _follow_card(self, view: PlayerView, f: _Facts, cards: list[Card]) -> Card:
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
                               f"{words} adds {plural(f.points(card), 'point')} to your side")
            elif chosen.sure:
                self.reason = f"play {words}: your partner {who} takes this trick for sure"
            else:
                self.reason = (f"play low with {words}: your partner {who} is ahead but may still "
                               f"be beaten, so keep your points back")
            return card
        if chosen.takes and chosen.sure:
            keep = " and you keep your stronger cards" if len([o for o in options if o.takes]) > 1 else ""
            safe = ("you play last" if not later
                    else "nobody still to play can beat it")
            self.reason = (f"take it: the trick holds {plural(chosen.points, 'point')} and {words} wins it "
                           f"— {safe}{keep if not f.is_trump(card) else ''}")
            return card
        if chosen.takes and chosen.chance == 0:
            self.reason = (f"play {words}: it is ahead for now, but someone after you can beat it "
                           f"— the least costly choice")
            return card
        if chosen.takes:
            self.reason = (f"try to win {plural(chosen.points, 'point')} with {words}: there is "
                           f"about a {chosen.chance:.0%} chance nobody after you beats it")
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
            self.reason = (f"let it go: the trick holds only {plural(worth, 'point')}, not worth spending "
                           f"{what} on; throw {words}")
        return card

    # -- before the play -------------------------------------------------------------------------
    def _bid(self, view: PlayerView) -> Move:
        """Cruce: bid the game points the hand should make as declarer (it leads and names
        trump): its aces, tens, trumps and marriages, and with a partner some of the partner's
        points, more against an opponent's bid. (Measured in issue 18: a margin kept back,
        bidding only just above the last bid, an even share for the partner and not raising a
        partner's bid did no better against tactics-1; the allowance did, with 4 players: see
        docs/players.md.)"""
        rules = view.rules
        estimate, trump = self._declarer_estimate(view)
        unit, top = bid_scale(rules)
        allowance, over = self._partner_allowance(view)
        wanted = min((estimate + allowance) // unit, top)
        move: Move = Bid(wanted)
        self.detail = (f"estimate {plural(estimate, 'point')} with {trump.name} as trump; unit {unit}; "
                       f"partner's allowance {allowance}")
        if wanted and move in view.legal_moves:
            self.reason = (f"bid {wanted}: with {trump.name} as trump this hand should make about "
                           f"{plural(estimate, 'point')} (aces, tens, trumps and marriages)")
            if estimate // unit < wanted:  # the partner's share makes the bid
                self.reason += ("; with your partner's cards that is worth taking the lead from "
                                "the opponents" if over else
                                ", with your partner's cards enough for the bid")
            return move
        more = ", and the bidding is already higher" if wanted else ""
        self.reason = f"pass: this hand should make only about {plural(estimate, 'point')}{more}"
        return Bid(0)

    @staticmethod
    def _partner_allowance(view: PlayerView) -> tuple[int, bool]:
        """The partner's points a bid counts on (none without a partner), and whether an
        opponent holds the highest bid so far (then more: winning the bidding gives the lead
        and the choice of trump)."""
        partners, _ = view.sides()
        if not partners:
            return 0, False
        bids = [(value, seat) for kind, seat, value in view.events if kind == "bid" and value]
        over = bool(bids) and max(bids)[1] not in partners
        return (TEAM_BID_ALLOWANCE_OVER if over else TEAM_BID_ALLOWANCE), over

    @staticmethod
    def _declarer_estimate(view: PlayerView) -> tuple[int, Suit]:
        """The points the hand should make as declarer, and the suit it would make trump."""
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
        return as_trump(trump), trump

    def _call(self, view: PlayerView) -> Move:
        """Klaverjas: call the suit where trumps and side aces make the most; pass a weak hand."""
        calls = [m for m in view.legal_moves if isinstance(m, TrumpCall) and m.suit is not None]

        def strength(call: TrumpCall) -> tuple[int, int]:
            assert call.suit is not None
            return call_strength(view, call.suit), sum(1 for c in view.hand if c.suit == call.suit)

        best = max(calls, key=strength)
        value, count = strength(best)
        assert best.suit is not None
        self.detail = f"strength {value} in {best.suit.name} (pass below {CALL_PASS_BELOW})"
        if value < CALL_PASS_BELOW and TrumpCall(None) in view.legal_moves:
            self.reason = (f"pass: too weak to play with {best.suit.name} as trump (only "
                           f"{plural(count, 'trump')})")
            return TrumpCall(None)
        self.reason = (f"call {best.suit.name}: your {plural(count, 'trump')} and side aces make it your "
                       f"best suit")
        return best


def call_strength(view: PlayerView, suit: Suit) -> int:
    """How strong the hand is with ``suit`` as trump: its trump points, a bonus per trump, for
    the top trump and for the second with the top one or two more trumps beside it, and its
    side aces, and tens beside their ace."""
    rules = view.rules
    trumps = [c for c in view.hand if c.suit == suit]
    ranks = {c.rank for c in trumps}
    top, second = rules.trump_order[0], rules.trump_order[1]
    value = sum(card_points(rules, c, suit) for c in trumps) + CALL_LENGTH * len(trumps)
    if top in ranks:
        value += CALL_TOP
    if second in ranks and (top in ranks or len(trumps) >= 3):
        value += CALL_SECOND
    ace, ten = rules.plain_order[0], rules.plain_order[1]
    for c in view.hand:
        if c.suit == suit:
            continue
        if c.rank == ace:
            value += CALL_ACE
        elif c.rank == ten and Card(ace, c.suit) in view.hand:
            value += CALL_TEN
    return value
