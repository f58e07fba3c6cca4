"""Actions and observations of the RL environments: fixed vectors built from a PlayerView alone.

Actions are numbered once per game: one per card of the game's *full* deck (suit by suit, in
the order of :func:`aceten.cards.full_deck`), then the game's moves that are not cards. Cards
that a variant takes out of the deck (the 2 removed in 3-player Briscola) keep their number and
are never legal.

=========  =========================================================================
game       actions
=========  =========================================================================
briscola   0-39 cards
brisca     0-39 cards; 40 swap the 7 of trumps, 41 swap the 2 of trumps (exchange)
cruce      0-23 cards; 24-30 bid 0 (pass) to bid 6
klaverjas  0-31 cards; 32-35 call trump clubs, diamonds, hearts, spades; 36 pass
=========  =========================================================================

An observation is one ``float32`` vector, the concatenation of the blocks below (``D`` is the
size of the full deck, ``n`` the number of players; "relative seat" r is the seat r places
after the observer, so the observer is 0 and in a 4-player game the partner is 2). Card blocks
use the action numbering of the cards.

=============  ==========  ==================================================================
block          size        content
=============  ==========  ==================================================================
hand           D           1 for each card in the observer's hand
trick          n * D       the card each relative seat has played to the trick in progress
leader         n           the relative seat that led the trick in progress (play phase)
played         D           cards of the finished tricks
trump          4           the trump suit, one-hot (all 0 while it is still to be settled)
face_up        D           the face-up trump card while it lies under the stock
phase          2           bidding / trump call; play
declarer       n           Cruce: the highest bidder; Klaverjas: the seat that chose trump
contract       1           Cruce: the contract / 6
bids           n           Cruce: each relative seat's bid / 6; Klaverjas: 1 if it passed
points         n           card points won per relative seat / the deal's total points
bonus          n           marriages (Cruce) and roem (Klaverjas) per relative seat / total
tricks         n           tricks won per relative seat / tricks in a deal
stock          1           cards left in the stock / stock size after the deal (0: no stock)
open           (n-1) * D   only with rule option ``open_cards``: the cards other relative
                           seats show face up
voids          (n-1) * 4   only with ``voids=True``: 1 where relative seat r (1..n-1) is known
                           to hold no card of the suit
=============  ==========  ==================================================================

With ``voids=True``, voids come from the knowledge layer (``Knowledge.from_view(view)``: exact
knowledge, at the knowledge layer's speed); ``voids="rule"`` takes one self-contained, cheaper
rule instead: a player who did not follow the suit led, at a moment
when the game obliged following suit, held none of it; a card drawn afterwards undoes what it
may have changed (an unseen draw undoes all of that player's voids).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import truediv
from typing import Any

import numpy as np

from aceten.cards import Card, Rank, Suit, full_deck
from aceten.errors import AcetenError
from aceten.game import PlayerView
from aceten.moves import Bid, Exchange, Move, TrumpCall
from aceten.rules.base import Rules
from aceten.rules.obligations import FollowSuit

MAX_BID = 6  # Cruce bids run 0..6
BONUS_HIGH = 10.0  # bound of the bonus block (bonus / total points); roem never comes close
EXCHANGE_RANKS = (Rank.SEVEN, Rank.TWO)  # Brisca: the low trumps that may be swapped
_FACT_EVENTS = frozenset(("bid", "call", "bonus"))  # the events the observation reads


# -- actions ---------------------------------------------------------------------------------------
class ActionCodec:
    """The numbering of one game's moves: ``move_to_action`` and ``action_to_move``."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.deck: tuple[Card, ...] = full_deck(rules.family)
        self.card_count = len(self.deck)
        self.card_index = [-1] * 64  # bit position (card & 63) -> action
        for i, card in enumerate(self.deck):
            self.card_index[int(card) & 63] = i
        d = self.card_count
        self.extra: list[str] = []  # names of the actions after the cards
        if rules.name == "brisca":
            self.extra = ["swap:7", "swap:2"]
        elif rules.name == "cruce":
            self.extra = [f"bid:{v}" for v in range(MAX_BID + 1)]
        elif rules.name == "klaverjas":
            self.extra = [f"trump:{Suit(rules.family, i).letter}" for i in range(4)] + ["pass"]
        self.size = d + len(self.extra)
        self._calls = [TrumpCall(Suit(rules.family, i)) for i in range(4)] + [TrumpCall(None)]
        self._bids = [Bid(v) for v in range(MAX_BID + 1)]
        self._masks: dict[tuple[Move, ...], np.ndarray] = {}  # legal moves -> mask, a cache

    @property
    def names(self) -> list[str]:
        """One token per action: ``AS`` ... then ``swap:7``, ``bid:3``, ``trump:H``, ``pass``."""
        return [str(c) for c in self.deck] + self.extra

    def move_to_action(self, move: Move) -> int:
        """The action number of a move."""
        if type(move) is Card:
            index = self.card_index[int(move) & 63]
            if index >= 0 and move.family == self.rules.family:
                return index
        elif isinstance(move, Exchange) and self.rules.name == "brisca":
            return self.card_count + EXCHANGE_RANKS.index(move.card.rank)
        elif isinstance(move, Bid) and self.rules.name == "cruce" and 0 <= move.value <= MAX_BID:
            return self.card_count + move.value
        elif isinstance(move, TrumpCall) and self.rules.name == "klaverjas":
            return self.card_count + (4 if move.suit is None else move.suit.index)
        raise AcetenError(f"{move} is not a move of {self.rules.name}")

    def action_to_move(self, action: int, trump: Suit | None = None) -> Move:
        """The move an action stands for; a Brisca exchange needs the trump suit."""
        try:
            action = int(action)
        except (TypeError, ValueError):
            raise AcetenError(f"not an action: {action!r}") from None
        d = self.card_count
        if 0 <= action < d:
            return self.deck[action]
        if not d <= action < self.size:
            raise AcetenError(f"action {action} is out of range: {self.rules.name} has actions "
                              f"0 to {self.size - 1}")
        extra = action - d
        name = self.rules.name
        if name == "brisca":
            if trump is None:
                raise AcetenError(f"action {action} ({self.extra[extra]}): no trump suit yet")
            return Exchange(Card(EXCHANGE_RANKS[extra], trump))
        if name == "cruce":
            return self._bids[extra]
        return self._calls[extra]

    def mask(self, moves: Sequence[Move]) -> np.ndarray:
        """The ``int8`` action mask of these legal moves (a new array)."""
        key = tuple(moves)
        cached = self._masks.get(key)
        if cached is None:
            cached = np.zeros(self.size, dtype=np.int8)
            index = self.card_index
            hits = [index[m & 63] if type(m) is Card else self.move_to_action(m) for m in key]
            cached[hits] = 1
            if len(self._masks) > 50_000:
                self._masks.clear()
            self._masks[key] = cached
        return cached.copy()


# -- observations ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Block:
    """One named slice of the observation vector."""

    name: str
    start: int
    size: int
    high: float
    doc: str

    @property
    def stop(self) -> int:
        return self.start + self.size


VoidsFunction = Callable[[PlayerView], Sequence[Iterable[Suit]]]


def knowledge_voids(view: PlayerView) -> list[set[Suit]]:
    """Per absolute seat, the suits the view's seat knows that seat to hold none of, from the
    knowledge layer (its own seat: empty)."""
    from aceten.knowledge import Knowledge

    known = Knowledge.from_view(view)
    return [set() if s == view.seat else set(known.voids(s)) for s in range(view.players)]


def rule_voids(view: PlayerView) -> list[set[Suit]]:
    """Per seat, the suits it is known void in by the follow-suit rule alone (see the module doc).

    Works from ``view.events`` only: a seat that did not follow the suit led while following was
    obligatory held none of that suit; a later draw undoes what it may have changed.
    """
    rules = view.rules
    n = view.players
    voids: list[set[Suit]] = [set() for _ in range(n)]
    parts = rules.obligations.parts
    if not parts or not isinstance(parts[0], FollowSuit):
        return voids
    only_stock_empty = rules.obligations.when == "stock-empty"
    stock = rules.stock_size
    drawn = 0
    played = 0  # cards played so far; played % n is the position in the trick
    led: Suit | None = None
    for kind, seat, what in view.events:
        if kind == "play":
            if played % n == 0:
                led = what.suit
            elif what.suit != led and (not only_stock_empty or drawn >= stock):
                assert led is not None and seat is not None
                voids[seat].add(led)
            played += 1
        elif kind == "draw":
            drawn += 1
            if seat is not None:
                if what is None:
                    voids[seat].clear()
                else:
                    voids[seat].discard(what.suit)
    return voids


class Encoder:
    """Turns a :class:`PlayerView` into the observation vector of the module docstring."""

    def __init__(self, rules: Rules, codec: ActionCodec, *, voids: bool | str = False):
        self.rules = rules
        self.codec = codec
        n, d = rules.players, codec.card_count
        self.players = n
        self.voids_mode = resolve_voids(voids)
        self._voids_fn: VoidsFunction | None = None
        if self.voids_mode == "knowledge":
            self._voids_fn = knowledge_voids
        elif self.voids_mode == "rule":
            self._voids_fn = rule_voids
        blocks: list[tuple[str, int, float, str]] = [
            ("hand", d, 1.0, "cards in hand"),
            ("trick", n * d, 1.0, "card played to the trick in progress, per relative seat"),
            ("leader", n, 1.0, "relative seat that led the trick in progress"),
            ("played", d, 1.0, "cards of the finished tricks"),
            ("trump", 4, 1.0, "trump suit, one-hot"),
            ("face_up", d, 1.0, "face-up trump card under the stock"),
            ("phase", 2, 1.0, "bidding or trump call; play"),
            ("declarer", n, 1.0, "relative seat of the highest bidder / trump caller"),
            ("contract", 1, 1.0, "Cruce contract / 6"),
            ("bids", n, 1.0, "Cruce bid / 6, Klaverjas pass, per relative seat"),
            ("points", n, 1.0, "card points per relative seat / total points"),
            ("bonus", n, BONUS_HIGH, "marriages and roem per relative seat / total points"),
            ("tricks", n, 1.0, "tricks won per relative seat / tricks in a deal"),
            ("stock", 1, 1.0, "cards in the stock / stock size"),
        ]
        self.has_open = rules.options["open_cards"] > 0
        if self.has_open:
            blocks.append(("open", (n - 1) * d, 1.0, "cards shown face up, relative seats 1.."))
        if self._voids_fn is not None:
            blocks.append(("voids", (n - 1) * 4, 1.0, "known voids, relative seats 1.., per suit"))
        self.blocks: dict[str, Block] = {}
        start = 0
        for name, size, high, doc in blocks:
            self.blocks[name] = Block(name, start, size, high, doc)
            start += size
        self.size = start
        self.high = np.ones(self.size, dtype=np.float32)
        bonus = self.blocks["bonus"]
        self.high[bonus.start:bonus.stop] = BONUS_HIGH
        o = {name: b.start for name, b in self.blocks.items()}
        self._o = o
        self._total = float(rules.total_points)
        self._tricks = float(rules.tricks_per_deal)
        self._stock = float(rules.stock_size)
        self._events = rules.has_phases or rules.has_lead_bonus
        self._trick_bonus = rules.has_trick_bonus
        self._given_declarer = rules.name == "klaverjas" and rules.trump_mode == "given"
        # Leading events that only deal cards: the events blocks skip them.
        self._deal_events = n * rules.hand_size
        # Per observer: the absolute seat at each relative seat.
        self._rotation = [[(me + r) % n for r in range(n)] for me in range(n)]
        # Per observer and absolute seat: the start of that seat's part of the trick block.
        self._trick_base = [[o["trick"] + ((s - me) % n) * d for s in range(n)] for me in range(n)]
        self._leader_pos = [[o["leader"] + (s - me) % n for s in range(n)] for me in range(n)]
        self._tail = o["points"]  # points, bonus, tricks, stock: contiguous numbers
        assert o["bonus"] == o["points"] + n and o["tricks"] == o["bonus"] + n
        assert o["stock"] == o["tricks"] + n
        self._tail_size = 3 * n + 1
        # Divisors of the numbers at the end (a deal without a stock: 0 / 1).
        self._divisors = (self._total,) * 2 * n + (self._tricks,) * n + (self._stock or 1.0,)
        self._prepare_bits()

    def _prepare_bits(self) -> None:
        """Tables for :meth:`encode`, which sets the vector's ones as the bits of one Python int
        (observation position ``p`` is bit ``8 * nbytes - 1 - p``, so that ``np.unpackbits``
        of its big-endian bytes lists the positions in order)."""
        n, d, o = self.players, self.codec.card_count, self._o
        self._nbytes = (self.size + self.codec.size + 7) // 8  # the action mask after the vector
        top = 8 * self._nbytes - 1

        def bit(p: int) -> int:
            return 1 << (top - p)

        self._bit = bit
        # Card masks (bit = card & 63, suit by suit in 16-bit groups) to a card block: per
        # 16-bit suit group, the block's bits for the ranks present, reversed within the block.
        index = self.codec.card_index
        per_suit = d // 4
        rank_bits = [0] * 16
        for b in range(64):
            a = index[b]
            if a >= 0:
                suit, r = divmod(a, per_suit)
                assert suit == b >> 4, "card blocks are suit by suit in the action numbering"
                rank_bits[b & 15] = 1 << (per_suit - 1 - r)
        table = [0] * 65536
        for x in range(1, 65536):
            low = x & -x
            table[x] = table[x ^ low] | rank_bits[low.bit_length() - 1]
        self._suit_table = table
        self._suit_shift = [(3 - s) * per_suit for s in range(4)]
        # The shift that puts a card block (as made by _cards) at the block starting at ``p``.
        self._top = top
        self._shift = {name: top - o[name] - (d - 1) for name in ("hand", "played")}
        # Per observer, per absolute seat, per card bit: that card in the seat's trick slot.
        self._trick_bits = [[[bit(self._trick_base[me][s] + index[b]) if index[b] >= 0 else 0
                              for b in range(64)] for s in range(n)] for me in range(n)]
        self._leader_bits = [[bit(self._leader_pos[me][s]) for s in range(n)] for me in range(n)]
        self._trump_bits = [bit(o["trump"] + i) for i in range(4)]
        self._face_up_bits = [bit(o["face_up"] + index[b]) if index[b] >= 0 else 0
                              for b in range(64)]
        self._phase_bits = (bit(o["phase"]), bit(o["phase"] + 1))
        self._declarer_bits = [[bit(o["declarer"] + (s - me) % n) for s in range(n)]
                               for me in range(n)]
        self._pass_bits = [[bit(o["bids"] + (s - me) % n) for s in range(n)] for me in range(n)]
        self._played_bits = [bit(o["played"] + index[b]) if index[b] >= 0 else 0
                             for b in range(64)]
        # The hand block's shift per 16-bit suit group; leader and play-phase bits together.
        self._hand_shifts = [self._shift["hand"] + sh for sh in self._suit_shift]
        self._play_bits = [[lead | self._phase_bits[1] for lead in row]
                           for row in self._leader_bits]
        self._mask_bits = [bit(self.size + index[b]) if index[b] >= 0 else 0 for b in range(64)]
        self._tricks_memo: dict[int, tuple[Any, int, tuple[int, ...], tuple[int, ...]]] = {}
        self._events_memo: dict[int, tuple[int, Any, Any, Any]] = {}
        self._no_facts = ((0,) * n, frozenset(), None, 0, (0,) * n)

    def _cards(self, mask: int) -> int:
        """A card mask as a card block (first card of the deck in the block's highest bit)."""
        t, sh = self._suit_table, self._suit_shift
        return (t[mask & 0xFFFF] << sh[0] | t[mask >> 16 & 0xFFFF] << sh[1]
                | t[mask >> 32 & 0xFFFF] << sh[2] | t[mask >> 48 & 0xFFFF] << sh[3])

    def _tricks_summary(self, tricks: Sequence[Any]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The bits of the finished tricks' cards (the played block), and tricks won and trick
        bonuses per seat. Remembered per last trick object (``Game.view`` shares them between
        views), so a step adds at most the newest trick to what the previous step found."""
        n = self.players
        if not tricks:
            return 0, (0,) * n, (0,) * n
        memo = self._tricks_memo
        last = tricks[-1]
        count = len(tricks)
        hit = memo.get(id(last))
        if hit is not None and hit[0] is last and last.number == count:
            return hit[1], hit[2], hit[3]
        prev = memo.get(id(tricks[-2])) if count > 1 else None
        if prev is not None and prev[0] is tricks[-2] and last.number == count:
            played, won, bonus = prev[1], list(prev[2]), list(prev[3])
            new = (last,)
        else:
            played, won, bonus = 0, [0] * n, [0] * n
            new = tuple(tricks)
        bits = self._played_bits
        for trick in new:
            for card in trick.cards:
                played |= bits[card & 63]
            won[trick.winner] += 1
            bonus[trick.winner] += trick.bonus
        if last.number == count:  # as in every view of a game: remembered
            if len(memo) > 4096:
                memo.clear()
            memo[id(last)] = (last, played, tuple(won), tuple(bonus))
        return played, tuple(won), tuple(bonus)

    def encode(self, view: PlayerView) -> np.ndarray:
        """The observation vector of ``view`` (a new array)."""
        return self.encode_with_mask(view, ())[0]

    def encode_with_mask(self, view: PlayerView,
                         moves: Sequence[Move]) -> tuple[np.ndarray, np.ndarray]:
        """The observation vector of ``view`` and the ``int8`` action mask of ``moves`` (new
        arrays), as :meth:`encode` and :meth:`ActionCodec.mask` give them, made together.

        Reads the view's public fields only (``events`` only in games with bids, trump calls or
        marriages), as integer masks: the ones of the vector and of the mask are the bits of one
        int, unpacked by numpy in one call; the numbers of the vector are set as one slice.
        What the finished tricks and the bids add up to is remembered per last ``Trick`` and
        per seat's last event (objects a game's views share), and checked by identity and
        trick number: a view whose tricks or events were rebuilt is read in full. (A view edited
        by hand in the middle of its events, keeping the last one, would be misread.)
        """
        n = self.players
        me = view.seat
        t = self._suit_table
        m = view.hand.mask
        x = (t[m & 0xFFFF] << self._hand_shifts[0] | t[m >> 16 & 0xFFFF] << self._hand_shifts[1]
             | t[m >> 32 & 0xFFFF] << self._hand_shifts[2] | t[m >> 48] << self._hand_shifts[3])
        phase = view.phase
        if phase == "play":
            leader = view.leader
            trick = view.trick
            if trick:
                bits = self._trick_bits[me]
                for i, card in enumerate(trick):
                    x |= bits[(leader + i) % n][card & 63]
            x |= self._play_bits[me][leader]
        elif phase == "bid" or phase == "call":
            x |= self._phase_bits[0]
        played, won, bonus = self._tricks_summary(view.tricks)
        x |= played
        trump = view.trump
        if trump is not None:
            x |= self._trump_bits[trump & 3]
        face_up = view.trump_card
        if face_up is not None:
            x |= self._face_up_bits[face_up & 63]
        floats: list[tuple[int, float]] = []
        if self._events:
            x, bonus = self._events_part(view, x, bonus, floats)
        rotation = self._rotation[me]
        if self.has_open:
            d = self.codec.card_count
            last = self._top - self._o["open"] - (d - 1)  # the shift of relative seat 1's block
            for r in range(1, n):
                x |= self._cards(view.open_cards[rotation[r]].mask) << (last - (r - 1) * d)
        if self._voids_fn is not None:
            base = self._o["voids"]
            bit = self._bit
            voids = self._voids_fn(view)
            for r in range(1, n):
                for suit in voids[rotation[r]]:
                    x |= bit(base + (r - 1) * 4 + (suit & 3))
        if moves:
            card_bits = self._mask_bits
            for move in moves:
                if type(move) is Card:
                    x |= card_bits[move & 63]
                else:
                    x |= self._bit(self.size + self.codec.move_to_action(move))
        size = self.size
        bits = np.unpackbits(np.frombuffer(x.to_bytes(self._nbytes, "big"), np.uint8))
        mask = bits[size:size + self.codec.size].astype(np.int8)
        out = bits[:size].astype(np.float32)
        points = view.points
        numbers = (points[me:] + points[:me] + bonus[me:] + bonus[:me] + won[me:] + won[:me]
                   + (view.stock_size,))
        out[self._tail:self._tail + self._tail_size] = list(map(truediv, numbers, self._divisors))
        for p, value in floats:
            out[p] = value
        return out, mask

    def _events_part(self, view: PlayerView, x: int, bonus: tuple[int, ...],
                     floats: list[tuple[int, float]]) -> tuple[int, tuple[int, ...]]:
        """Bids, trump calls and marriages, read from the view's events: scanned from where the
        same seat's previous view left off (when its events start with those), and turned into
        bits and numbers only when one of them changed."""
        me = view.seat
        events = view.events
        size = len(events)
        memo = self._events_memo.get(me)
        if memo is not None and memo[0] <= size and events[memo[0] - 1] is memo[1]:
            start, facts, part = memo[0], memo[2], memo[3]
        else:
            start, facts, part = self._deal_events, self._no_facts, None
        for j in range(start, size):
            event = events[j]
            if event[0] in _FACT_EVENTS:
                facts = self._add_fact(facts, event)
                part = None
        if part is None:
            part = self._facts_part(me, facts)
        if events:
            self._events_memo[me] = (size, events[-1], facts, part)
        bits, numbers, marriages = part
        x |= bits
        floats += numbers
        if self._given_declarer:
            declarer = view.tricks[0].leader if view.tricks else view.leader
            x |= self._declarer_bits[me][declarer]
        if marriages is not None:
            bonus = tuple(b + m for b, m in zip(bonus, marriages))
        return x, bonus

    def _add_fact(self, facts: tuple[Any, ...], event: tuple[str, Any, Any]) -> tuple[Any, ...]:
        """Facts (bid per seat, passes, declarer, best bid, marriages per seat) after an event."""
        bids, passed, declarer, best, marriages = facts
        kind, seat, what = event
        if kind == "bid":
            bids = (*bids[:seat], what, *bids[seat + 1:])
            if what > best:
                best, declarer = what, seat
        elif kind == "call":
            if what is None:
                passed = passed | {seat}
            else:
                declarer = seat
        else:  # "bonus"
            marriages = (*marriages[:seat], marriages[seat] + what[0], *marriages[seat + 1:])
        return bids, passed, declarer, best, marriages

    def _facts_part(self, me: int, facts: tuple[Any, ...]) -> tuple[int, list[tuple[int, float]],
                                                                    tuple[int, ...] | None]:
        """The bits, the numbers and the marriages per seat that ``facts`` put in the vector of
        the observer ``me``."""
        bids, passed, declarer, best, marriages = facts
        n, o = self.players, self._o
        bits = 0
        numbers = [(o["bids"] + (seat - me) % n, value / MAX_BID)
                   for seat, value in enumerate(bids) if value]
        for seat in passed:
            bits |= self._pass_bits[me][seat]
        if declarer is not None and not self._given_declarer:
            bits |= self._declarer_bits[me][declarer]
        if best:
            numbers.append((o["contract"], best / MAX_BID))
        return bits, numbers, marriages if any(marriages) else None

    def describe(self) -> list[dict[str, Any]]:
        """The layout as rows: name, start, size, doc."""
        return [{"name": b.name, "start": b.start, "size": b.size, "doc": b.doc}
                for b in self.blocks.values()]


def resolve_voids(voids: bool | str) -> str:
    """``False`` -> "off"; ``True`` -> "knowledge"; or the name given."""
    if voids is False or voids is None or voids == "off":
        return "off"
    if voids is True or voids == "auto":
        return "knowledge"
    if voids in ("rule", "knowledge"):
        return str(voids)
    raise AcetenError(f"voids={voids!r}: expected True, False, 'rule' or 'knowledge'")
