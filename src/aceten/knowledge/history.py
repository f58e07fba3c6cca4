"""A seat's history as slots and card constraints: what the events say about where each card was.

A deal puts every card in a *slot*: a place in a dealt hand, or a position of the stock. What a
seat has not seen is an unknown assignment of cards to its hidden slots. The slots are grouped:
a seat's hidden dealt cards form one *group* (the order inside a hand does not matter), each
hidden draw is a group of one, and the undrawn hidden stock positions form the *stock* group.

A player's hand at any moment is its dealt cards plus its draws minus its plays (and exchanges),
so "P3 held no clubs when it played at trick 4" says: no club came from a group of P3's that
was filled before that moment — a constraint on the *origin* of each club. Every fact the
history gives is of that kind, one card at a time (this is what makes exact counting possible):

- a card played (or exchanged) by P came from one of P's groups filled before that moment;
- a card whose presence would have made a play illegal (read from the declared obligations,
  see :mod:`aceten.knowledge.constraints`) was not in the player's hand at that moment;
- a lead bonus (a Cruce marriage) scored or not says whether the mate was in hand.

Known cards (the seat's own, open cards, the face-up trump, public draws) sit in known slots and
only need checking. Times are indices into the event list; dealt groups have time -1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from aceten.cards import Card, Suit, cards_of
from aceten.errors import AcetenError
from aceten.knowledge.constraints import blocking_cards, lead_bonus_mates
from aceten.rules.base import Rules

STOCK = -1  # the location "in the stock"
Event = tuple[str, int | None, Any]


@dataclass
class Group:
    """Hidden slots filled at one moment for one seat: its dealt hand or one draw."""

    index: int
    seat: int
    time: int  # event index; -1 for the deal
    kind: str  # "deal" or "draw"
    cap: int  # how many of its slots are hidden
    trick: int  # tricks finished when it was filled
    position: int | None = None  # the stock position of a draw

    def describe(self) -> str:
        if self.kind == "deal":
            return f"P{self.seat + 1}'s dealt hand"
        return f"P{self.seat + 1}'s draw after trick {self.trick}"


@dataclass
class Constraint:
    """``card`` was (``held=True``) or was not in ``seat``'s hand at event ``time``, and why."""

    card: Card
    seat: int
    time: int
    held: bool
    trick: int
    why: str  # the rule's own words, e.g. "must follow clubs"
    play: Card | None = None  # the card whose play (or lead) gave the constraint
    led: Suit | None = None


@dataclass
class CardInfo:
    """What the history says about one card."""

    card: Card
    origin: int | None = None  # the seat of a known origin (STOCK for the face-up card)
    origin_time: int = -1
    origin_how: str = ""  # "dealt", "dealt open", "drew", "turned up"
    exit: tuple[int, int, str] | None = None  # (seat, time, "play"|"swap"): first time it left a hand
    spans: list[list[Any]] = field(default_factory=list)  # known possession: [seat, start, end|None]
    under_stock: bool = False  # lies face up under the stock now
    played: tuple[int, int, int] | None = None  # (seat, time, trick number)
    constraints: list[Constraint] = field(default_factory=list)

    @property
    def hidden(self) -> bool:
        return self.origin is None


class Timeline:
    """The events of one seat's view (``seat=None``: only what every seat saw), as groups of
    hidden slots and per-card constraints; updated one event at a time with :meth:`push`."""

    def __init__(self, rules: Rules, seat: int | None, *, lead_bonus_known: bool = True):
        self.rules = rules
        self.seat = seat
        self.n = rules.players
        self.family = rules.family
        self.lead_bonus_known = lead_bonus_known
        self.events: list[Event] = []
        self.groups: list[Group] = []
        self.seat_groups: list[list[int]] = [[] for _ in range(self.n)]
        self.deal_group: list[int | None] = [None] * self.n
        self.dealt: list[list[Card | None]] = [[] for _ in range(self.n)]
        self.hand_size = [0] * self.n
        self.cards: dict[Card, CardInfo] = {c: CardInfo(c) for c in rules.deck}
        self.trump: Suit | None = rules.options["trump"] if rules.trump_mode == "given" else None
        self.turned: Card | None = None
        self.face_up: Card | None = None
        self.stock_total = rules.stock_size
        self.draws = 0
        self.draw_log: list[tuple[int, int | None, Card | None]] = []  # per stock position drawn
        self.draw_times: list[int] = []
        self.trick: list[tuple[int, Card]] = []
        self.leader = (rules.options["dealer"] + 1) % self.n
        self.tricks_done = 0
        self.played_mask = 0
        self.plays: list[tuple[int, int, Card, int]] = []  # (time, seat, card, trick number)
        self.bids: list[tuple[int, int | None, Any]] = []
        self.bonuses: list[tuple[int, int, Any]] = []
        self._pending_lead: list[Constraint] = []
        self.contradiction: str | None = None
        self.version = 0

    # -- reading events ----------------------------------------------------------------------
    def push(self, event: Event) -> None:
        """Take in the next event of the view (see :class:`aceten.game.PlayerView`)."""
        kind, who, what = event
        t = len(self.events)
        self.events.append(event)
        self.version += 1
        if kind != "bonus":
            self._pending_lead = []
        handler = getattr(self, f"_on_{kind.replace('-', '_')}", None)
        if handler is None:
            raise AcetenError(f"unknown event {kind!r}")
        handler(t, who, what)

    def extend(self, events: Iterable[Event]) -> None:
        for event in events:
            self.push(event)

    def _card(self, what: Any) -> Card:
        card = self.rules.parse_card(what) if not isinstance(what, Card) else what
        if card not in self.cards:
            raise AcetenError(f"{card} is not in this deal's deck")
        return card

    def _seat(self, who: Any) -> int:
        if not isinstance(who, int) or not 0 <= who < self.n:
            raise AcetenError(f"event names no seat of a {self.n}-player game: {who!r}")
        return who

    def _contradict(self, text: str) -> None:
        if self.contradiction is None:
            self.contradiction = text

    def _on_deal(self, t: int, who: Any, what: Any) -> None:
        s = self._seat(who)
        if self.plays or self.draws:
            raise AcetenError("a deal event after the play began")
        self.dealt[s].append(None if what is None else self._card(what))
        self.hand_size[s] += 1
        if what is None:
            g = self.deal_group[s]
            if g is None:
                g = self.deal_group[s] = self._new_group(s, -1, "deal", 0)
            self.groups[g].cap += 1
            return
        card = self._card(what)
        info = self.cards[card]
        if info.origin is not None:
            self._contradict(f"{card} is dealt twice")
            return
        open_ = s != self.seat
        info.origin, info.origin_time = s, -1
        info.origin_how = "dealt open" if open_ else "dealt"
        info.spans.append([s, -1, None])

    def _new_group(self, seat: int, time: int, kind: str, cap: int, position: int | None = None) -> int:
        g = Group(len(self.groups), seat, time, kind, cap, self.tricks_done, position)
        self.groups.append(g)
        self.seat_groups[seat].append(g.index)
        return g.index

    def _on_turn(self, t: int, who: Any, what: Any) -> None:
        card = self._card(what)
        info = self.cards[card]
        if info.origin is not None:
            self._contradict(f"the turned card {card} was also dealt")
            return
        info.origin, info.origin_time, info.origin_how = STOCK, -1, "turned up"
        info.under_stock = True
        self.turned = self.face_up = card
        self.trump = card.suit

    def _on_bid(self, t: int, who: Any, what: Any) -> None:
        self.bids.append((t, who, what))

    def _on_call(self, t: int, who: Any, what: Any) -> None:
        self.bids.append((t, who, what))
        if what is not None:
            self.trump = what if isinstance(what, Suit) else self.rules.parse_suit(str(what))

    def _on_auction(self, t: int, who: Any, what: Any) -> None:
        self.bids.append((t, who, what))

    def _on_call_card(self, t: int, who: Any, what: Any) -> None:
        """The auction's winner calls a card: its suit is trump. Who holds it stays hidden (the
        holder's own hand says so; everyone else learns it when the card is played)."""
        self.bids.append((t, who, what))
        self.trump = self._card(what).suit

    def _on_reveal(self, t: int, who: Any, what: Any) -> None:
        """The called card is played: the play event before it already says who held it."""

    def _on_bonus(self, t: int, who: Any, what: Any) -> None:
        s = self._seat(who)
        self.bonuses.append((t, s, what))
        for c in self._pending_lead:
            if c.seat == s:
                c.held = True
                c.why = "scored a lead bonus"
        if len(self._pending_lead) > 1:
            raise AcetenError("a lead bonus that several cards could give is not supported")
        self._pending_lead = []

    def _on_play(self, t: int, who: Any, what: Any) -> None:
        s = self._seat(who)
        card = self._card(what)
        rules = self.rules
        if not self.plays:  # bids may decide who leads (Cruce): the first play says
            self.leader = s
        expected = (self.leader + len(self.trick)) % self.n
        if s != expected:
            self._contradict(f"P{s + 1} plays out of turn (P{expected + 1} should play)")
        if self.played_mask & card.bit:
            self._contradict(f"{card} is played twice")
        trick_no = self.tricks_done + 1
        cards = [c for _, c in self.trick]
        if not cards and self.trump is None and rules.trump_mode == "first-lead":
            self.trump = card.suit
        if cards:
            stock_empty = self.draws >= self.stock_total
            blocked = blocking_cards(rules, card, cards, self.trump, stock_empty)
            for other, why in blocked.items():
                if self.played_mask & other.bit or other in cards:
                    continue
                self._constrain(Constraint(other, s, t, False, trick_no, why, card, cards[0].suit))
        elif rules.has_lead_bonus and self.lead_bonus_known:
            for mate in lead_bonus_mates(rules, s, card, self.trump):
                if self.played_mask & mate.bit:
                    continue
                c = Constraint(mate, s, t, False, trick_no, "scored no lead bonus", card, None)
                self._constrain(c)
                self._pending_lead.append(c)
        self._leave(card, s, t, "play")
        self.cards[card].played = (s, t, trick_no)
        self.played_mask |= card.bit
        self.plays.append((t, s, card, trick_no))
        self.hand_size[s] -= 1
        self.trick.append((s, card))
        if len(self.trick) == self.n:
            order = [c for _, c in self.trick]
            self.leader = (self.leader + rules._winner_index(order, self.trump)) % self.n
            self.tricks_done += 1
            self.trick = []

    def _constrain(self, c: Constraint) -> None:
        self.cards[c.card].constraints.append(c)

    def _leave(self, card: Card, s: int, t: int, how: str) -> None:
        info = self.cards[card]
        if info.under_stock:
            self._contradict(f"P{s + 1} plays {card}, which lies face up under the stock")
            return
        if info.exit is None and info.origin is None:
            info.exit = (s, t, how)
            return
        for span in info.spans:
            if span[2] is None:
                if span[0] != s:
                    self._contradict(f"P{s + 1} plays {card}, which P{span[0] + 1} holds")
                span[2] = t
                if info.exit is None:
                    info.exit = (s, t, how)
                return
        self._contradict(f"P{s + 1} plays {card}, which is not in P{s + 1}'s hand")

    def _on_draw(self, t: int, who: Any, what: Any) -> None:
        s = self._seat(who)
        position = self.draws
        if position >= self.stock_total:
            self._contradict("a draw from an empty stock")
            return
        self.draws += 1
        self.draw_times.append(t)
        self.hand_size[s] += 1
        bottom = position == self.stock_total - 1
        if what is None:
            if bottom and self.face_up is not None:
                self._contradict("the face-up card is drawn unseen")
            self.draw_log.append((s, self._new_group(s, t, "draw", 1, position), None))
            return
        card = self._card(what)
        info = self.cards[card]
        self.draw_log.append((s, None, card))
        if bottom and self.face_up is not None:
            if card != self.face_up:
                self._contradict(f"the last card drawn is {card}, not the face-up {self.face_up}")
            info.under_stock = False
            self.face_up = None
            info.spans.append([s, t, None])
            return
        if info.origin is not None or info.exit is not None:
            self._contradict(f"{card} is drawn but was seen elsewhere")
            return
        info.origin, info.origin_time, info.origin_how = s, t, "drew"
        info.spans.append([s, t, None])

    def _on_swap(self, t: int, who: Any, what: Any) -> None:
        s = self._seat(who)
        low = self._card(what)
        face = self.face_up
        if face is None:
            self._contradict("an exchange with no face-up card")
            return
        self._leave(low, s, t, "swap")
        up = self.cards[face]
        up.under_stock = False
        up.spans.append([s, t, None])
        self.cards[low].under_stock = True
        self.face_up = low

    # -- what the history implies --------------------------------------------------------------
    def before(self, seat: int, time: int) -> int:
        """Mask of ``seat``'s groups filled before event ``time``."""
        mask = 0
        for g in self.seat_groups[seat]:
            if self.groups[g].time < time:
                mask |= 1 << g
        return mask

    def held_known(self, info: CardInfo, seat: int, time: int) -> bool:
        """Whether a known span puts the card in ``seat``'s hand at ``time``."""
        return any(sp[0] == seat and sp[1] < time and (sp[2] is None or sp[2] > time) for sp in info.spans)

    def allowed(self, info: CardInfo) -> int:
        """The groups (bits; the stock is bit ``len(groups)``) a hidden card may have come from."""
        stock_bit = 1 << len(self.groups)
        if info.exit is not None:
            seat, time, _ = info.exit
            mask = self.before(seat, time)
        else:
            mask = (stock_bit << 1) - 1
        for c in info.constraints:
            if self.held_known(info, c.seat, c.time):
                if not c.held:
                    return 0
                continue
            left_before = info.exit is not None and info.exit[1] < c.time
            if c.held:
                mask = 0 if left_before else mask & self.before(c.seat, c.time)
            elif not left_before:
                mask &= ~self.before(c.seat, c.time)
        return mask

    def check_known(self) -> str | None:
        """The first contradiction among known cards (a record that cannot be legal), or None."""
        if self.contradiction:
            return self.contradiction
        for info in self.cards.values():
            for c in info.constraints:
                held = self.held_known(info, c.seat, c.time)
                if not c.held and held:
                    return (f"P{c.seat + 1}'s play of {c.play} at trick {c.trick} is illegal: "
                            f"{c.why} while holding {c.card}")
                if c.held and not held and info.origin is not None:
                    return f"P{c.seat + 1} {c.why} at trick {c.trick} without holding {c.card}"
        return None

    def location(self, card: Card) -> int | str | None:
        """Where a card is now if the history says: a seat, ``STOCK``, ``"played"``; None if hidden."""
        info = self.cards[card]
        if info.played is not None:
            return "played"
        if info.under_stock:
            return STOCK
        for span in info.spans:
            if span[2] is None:
                return span[0]
        return None

    def known_now(self, seat: int) -> int:
        """Mask of the cards the history puts in ``seat``'s hand now."""
        mask = 0
        for card, info in self.cards.items():
            if info.played is None and any(sp[0] == seat and sp[2] is None for sp in info.spans):
                mask |= card.bit
        return mask

    @property
    def stock_left(self) -> int:
        return self.stock_total - self.draws

    @property
    def stock_hidden(self) -> int:
        """Undrawn stock positions whose card is unknown (all but the face-up one), and the
        places of hands not dealt yet (the deal in progress: they take cards from the same
        undealt rest)."""
        face_up = 1 if self.face_up is not None and self.stock_left else 0
        return self.stock_left - face_up + self.undealt

    @property
    def undealt(self) -> int:
        """Cards of the hands not dealt yet (only while the deal events are still arriving)."""
        if self.plays or self.draws:
            return 0
        return sum(max(self.rules.hand_size - len(d), 0) for d in self.dealt)

    def cards_text(self, mask: int) -> str:
        return " ".join(str(c) for c in cards_of(mask, self.family))


def public_events(rules: Rules, events: Iterable[Event]) -> list[Event]:
    """The events every seat saw: private cards (hands, unseen draws) replaced by None."""
    k = rules.options["open_cards"]
    dealt = [0] * rules.players
    draws = 0
    turned = rules.trump_mode == "turned"
    out: list[Event] = []
    for kind, who, what in events:
        if kind == "deal":
            assert isinstance(who, int)
            out.append((kind, who, what if dealt[who] < k else None))
            dealt[who] += 1
        elif kind == "draw":
            last = draws == rules.stock_size - 1
            draws += 1
            out.append((kind, who, what if (last and turned) else None))
        else:
            out.append((kind, who, what))
    return out
