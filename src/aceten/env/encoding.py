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
auction    (a game with an auction, Briscola chiamata) 0-39 cards; then ``pass``, a bid per
           rank (``bid:A`` .. ``bid:2``), a bid per point target (``bid:2:62`` ..
           ``bid:2:120``); then ``call:`` and each card of the deck (40 actions)
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
auction        2n + D + n  only with an auction: per relative seat its highest bid's level /
                           the top level, then 1 if it passed; the called card; the caller's
                           partner as the observer knows it (all 0 while unknown). The
                           declarer block holds the auction's leader, contract the target /
                           the deck's points
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

import struct
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import truediv
from typing import Any

import numpy as np

from aceten.cards import Card, Rank, Suit, full_deck
from aceten.errors import AcetenError
from aceten.game import PlayerView
from aceten.moves import AuctionBid, Bid, CallCard, Exchange, Move, TrumpCall
from aceten.rules.base import Rules
from aceten.rules.layout import R_AUCTION_MAX, R_AUCTION_MIN, R_AUCTION_RANKS, R_FIRST_DECLARER
from aceten.rules.obligations import FollowSuit
from aceten.rules.parts import Auction, Bidding
from aceten.rules.parts import Exchange as ExchangePart
from aceten.rules.parts import TrumpCall as TrumpCallPart
from aceten.rules.parts.auction import biddable_ranks, target_bounds

BONUS_HIGH = 10.0  # bound of the bonus block (bonus / total points); roem never comes close
_FACT_EVENTS = frozenset(("bid", "call", "bonus"))  # the events the observation reads
_join = bytearray().join  # pieces to one writable buffer, for np.frombuffer
# Per deck (the rank bits of its cards): 16 bits of a suit -> the suit's cards as a number, and
# that number -> its float32 piece of a card block, and its int8 piece of an action mask.
_SUIT_TABLES: dict[tuple[int, ...], tuple[list[int], list[bytes], list[bytes]]] = {}


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
        # The actions after the cards: the moves the game's parts add (exchanges, bids, calls).
        exchange, bidding = rules.part(ExchangePart), rules.part(Bidding)
        self.exchange_ranks: tuple[Rank, ...] = tuple(exchange.table) if exchange else ()
        self.max_bid = bidding.max_bid if bidding else 0
        self.calls = rules.part(TrumpCallPart) is not None
        self.extra: list[str] = [f"swap:{rank.letter}" for rank in self.exchange_ranks]
        self.extra += [f"bid:{v}" for v in range(self.max_bid + 1)] if bidding else []
        if self.calls:
            self.extra += [f"trump:{Suit(rules.family, i).letter}" for i in range(4)] + ["pass"]
        # An auction: a pass, a bid per rank, a bid per point target; a call per card.
        self.auction: list[AuctionBid] = []
        if rules.part(Auction) is not None:
            ranks = biddable_ranks(rules)
            low, _ = target_bounds(rules)
            top = rules.R[R_AUCTION_MAX]
            self.auction = [AuctionBid(None), *(AuctionBid(r) for r in ranks),
                            *(AuctionBid(ranks[-1], t) for t in range(low + 1, top + 1))]
            self.extra += [str(b) for b in self.auction] + [f"call:{c}" for c in self.deck]
        self._auction_index = {bid: i for i, bid in enumerate(self.auction)}
        self.size = d + len(self.extra)
        self._calls = [TrumpCall(Suit(rules.family, i)) for i in range(4)] + [TrumpCall(None)]
        self._bids = [Bid(v) for v in range(self.max_bid + 1)] if bidding else []
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
        elif isinstance(move, Exchange) and move.card.rank in self.exchange_ranks:
            return self.card_count + self.exchange_ranks.index(move.card.rank)
        elif isinstance(move, Bid) and self._bids and 0 <= move.value <= self.max_bid:
            return self.card_count + move.value
        elif isinstance(move, TrumpCall) and self.calls:
            return self.card_count + (4 if move.suit is None else move.suit.index)
        elif isinstance(move, AuctionBid) and move in self._auction_index:
            return self.card_count + self._auction_index[move]
        elif isinstance(move, CallCard) and self.auction and self.card_index[int(move.card) & 63] >= 0:
            return self.card_count + len(self.auction) + self.card_index[int(move.card) & 63]
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
        if extra < len(self.exchange_ranks):
            if trump is None:
                raise AcetenError(f"action {action} ({self.extra[extra]}): no trump suit yet")
            return Exchange(Card(self.exchange_ranks[extra], trump))
        extra -= len(self.exchange_ranks)
        if self.auction:
            if extra < len(self.auction):
                return self.auction[extra]
            return CallCard(self.deck[extra - len(self.auction)])
        if extra < len(self._bids):
            return self._bids[extra]
        return self._calls[extra - len(self._bids)]

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


class ObservationEncoder:
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
        self.auction = bool(codec.auction)
        if self.auction:
            blocks += [("auction", n, 1.0, "highest bid's level / top level, per relative seat"),
                       ("passed", n, 1.0, "1 if the relative seat passed in the auction"),
                       ("called", d, 1.0, "the card the auction's winner called"),
                       ("partner", n, 1.0, "the caller's partner's relative seat, once known")]
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
        self._events = (rules.has_phases or rules.has_lead_bonus) and not self.auction
        self._top_level = float(rules.R[R_AUCTION_RANKS] + rules.R[R_AUCTION_MAX]
                                - rules.R[R_AUCTION_MIN]) or 1.0
        # No trump call (a given trump): the first leader's side plays, nobody declared it.
        self._given_declarer = bool(rules.R[R_FIRST_DECLARER]) and not rules.has_phases
        # Leading events that only deal cards: the events blocks skip them.
        self._deal_events = n * rules.hand_size
        # Per observer: the absolute seat at each relative seat.
        self._rotation = [[(me + r) % n for r in range(n)] for me in range(n)]
        assert o["bonus"] == o["points"] + n and o["tricks"] == o["bonus"] + n
        assert o["stock"] == o["tricks"] + n
        # Divisors of the numbers at the end (a deal without a stock: 0 / 1).
        self._divisors = (self._total,) * 2 * n + (self._tricks,) * n + (self._stock or 1.0,)
        self._prepare_chunks()

    def _prepare_chunks(self) -> None:
        """Tables for :meth:`encode_with_mask`, which joins the vector's bytes from ready-made
        pieces (``float32`` little-endian): per card block, one piece per suit from that suit's
        cards; per one-hot block and per number, one piece per value."""
        n, d, o = self.players, self.codec.card_count, self._o
        index = self.codec.card_index
        per_suit = d // 4
        one, zero = struct.pack("<f", 1.0), bytes(4)
        # Card masks (bit = card & 63, 16 bits per suit) to pieces: the 16 bits of a suit to the
        # suit's cards as a number (bit r for the r-th card of the suit in the deck's order) ...
        rank_bits = [0] * 16
        for b in range(64):
            a = index[b]
            if a >= 0:
                suit, r = divmod(a, per_suit)
                assert suit == b >> 4, "card blocks are suit by suit in the action numbering"
                rank_bits[b & 15] = 1 << r
        # ... and that number to the suit's piece of a card block (floats) or of the mask (int8).
        # Built once per deck (the first table takes some 30 ms).
        key = tuple(rank_bits)
        if key not in _SUIT_TABLES:
            table = [0] * 65536
            for x in range(1, 65536):
                low = x & -x
                table[x] = table[x ^ low] | rank_bits[low.bit_length() - 1]
            floats = [b"".join(one if x >> r & 1 else zero for r in range(per_suit))
                      for x in range(1 << per_suit)]
            flags = [bytes(x >> r & 1 for r in range(per_suit)) for x in range(1 << per_suit)]
            _SUIT_TABLES[key] = (table, floats, flags)
        self._suit_index, self._suit_floats, self._suit_bytes = _SUIT_TABLES[key]

        def one_hot(size: int, at: int | None) -> bytes:
            return b"".join(one if i == at else zero for i in range(size))

        self._no_cards = one_hot(d, None)
        self._card_piece = [one_hot(d, index[b]) if index[b] >= 0 else b"" for b in range(64)]
        self._leader_piece = [one_hot(n, r) for r in range(n)]
        self._no_leader = one_hot(n, None)
        self._trump_piece = [one_hot(4, i) for i in range(4)]
        self._no_trump = one_hot(4, None)
        self._phase_piece = {"bid": one_hot(2, 0), "call": one_hot(2, 0), "play": one_hot(2, 1),
                             "auction": one_hot(2, 0), "call-card": one_hot(2, 0)}
        self._no_phase = one_hot(2, None)
        self._void_piece = [b"".join(one if x >> i & 1 else zero for i in range(4))
                            for x in range(16)]
        # declarer, contract, bids: n + 1 + n numbers, as bytes (zeros without bids and calls);
        # points, bonus, tricks, stock: one piece per value.
        assert o["contract"] == o["declarer"] + n and o["bids"] == o["contract"] + 1
        assert o["points"] == o["bids"] + n
        self._no_facts_bytes = bytes(4 * (2 * n + 1))
        self._pack_bids = struct.Struct(f"<{n + 1}f").pack
        high = int(BONUS_HIGH * self._total) + 1
        self._points_piece = [struct.pack("<f", v / self._total) for v in range(high)]
        self._won_piece = [struct.pack("<f", v / self._tricks) for v in range(self.rules.tricks_per_deal + 1)]
        self._stock_piece = [struct.pack("<f", v / self._stock if self._stock else 0.0)
                             for v in range(self.rules.stock_size + 1)]
        extra = self.codec.size - d
        self._extra_bytes = bytes(extra)
        self._no_tricks: tuple[int, tuple[int, ...], tuple[int, ...]] = (0, (0,) * n, (0,) * n)
        self._tricks_memo: tuple[Any, tuple[int, tuple[int, ...], tuple[int, ...]]] = (
            None, self._no_tricks)
        self._events_memo: dict[int, tuple[int, Any, Any, Any]] = {}
        self._no_facts = ((0,) * n, frozenset(), None, 0, (0,) * n)

    def _card_pieces(self, mask: int) -> list[bytes]:
        """A card mask as the four suit pieces of a card block."""
        t, f = self._suit_index, self._suit_floats
        return [f[t[mask & 0xFFFF]], f[t[mask >> 16 & 0xFFFF]], f[t[mask >> 32 & 0xFFFF]],
                f[t[mask >> 48]]]

    def _tricks_summary(self, tricks: Sequence[Any]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """The mask of the finished tricks' cards, and tricks won and trick bonuses per seat.
        The last answer is remembered with its last trick object (``Game.view`` shares them
        between views): the same tricks give it again, one more trick is added to it, anything
        else is read in full."""
        if not tricks:
            return self._no_tricks
        last = tricks[-1]
        count = len(tricks)
        known, summary = self._tricks_memo
        if known is last and last.number == count:
            return summary
        if known is not None and count > 1 and tricks[-2] is known and known.number == count - 1:
            played, won, bonus = summary
            won, bonus = list(won), list(bonus)
            new: Sequence[Any] = (last,)
        else:
            played, won, bonus = 0, [0] * self.players, [0] * self.players
            new = tricks
        for trick in new:
            for card in trick.cards:
                played |= 1 << (card & 63)
            won[trick.winner] += 1
            bonus[trick.winner] += trick.bonus
        summary = (played, tuple(won), tuple(bonus))
        if last.number == count:  # as in every view of a game
            self._tricks_memo = (last, summary)
        return summary

    def encode(self, view: PlayerView) -> np.ndarray:
        """The observation vector of ``view`` (a new array)."""
        return self.encode_with_mask(view, ())[0]

    def encode_with_mask(self, view: PlayerView,
                         moves: Sequence[Move]) -> tuple[np.ndarray, np.ndarray]:
        """The observation vector of ``view`` and the ``int8`` action mask of ``moves`` (new
        arrays), as :meth:`encode` and :meth:`ActionCodec.mask` give them, made together.

        Reads the view's public fields only (``events`` only in games with bids, trump calls or
        marriages), as integer masks, and joins the bytes of the vector from ready-made pieces:
        one per suit of each card block, one per value of each one-hot block, the numbers packed
        in one call; numpy only wraps the result. What the finished tricks and the bids add up
        to is remembered per last ``Trick`` and per seat's last event (objects a game's views
        share), and checked by identity and trick number: a view whose tricks or events were
        rebuilt is read in full. (A view edited by hand in the middle of its events, keeping the
        last one, would be misread.)
        """
        n = self.players
        me = view.seat
        t, f = self._suit_index, self._suit_floats
        m = view.hand.mask
        pieces = [f[t[m & 0xFFFF]], f[t[m >> 16 & 0xFFFF]], f[t[m >> 32 & 0xFFFF]], f[t[m >> 48]]]
        phase = view.phase
        played, won, bonus = self._tricks_summary(view.tricks)
        no_cards = self._no_cards
        if phase == "play":
            leader = view.leader
            slots = [no_cards] * n
            trick = view.trick
            if trick:
                piece = self._card_piece
                for i, card in enumerate(trick):
                    slots[(leader + i - me) % n] = piece[card & 63]
            pieces += slots
            pieces.append(self._leader_piece[(leader - me) % n])
        else:
            pieces += [no_cards] * n
            pieces.append(self._no_leader)
        pieces += [f[t[played & 0xFFFF]], f[t[played >> 16 & 0xFFFF]],
                   f[t[played >> 32 & 0xFFFF]], f[t[played >> 48]]]
        trump = view.trump
        pieces.append(self._no_trump if trump is None else self._trump_piece[trump & 3])
        face_up = view.trump_card
        pieces.append(no_cards if face_up is None else self._card_piece[face_up & 63])
        pieces.append(self._phase_piece.get(phase, self._no_phase))
        if self._events:
            bonus = self._events_part(view, bonus, pieces)
        elif self.auction:
            pieces.append(self._auction_facts(view))
        else:
            pieces.append(self._no_facts_bytes)
        points = view.points
        try:
            numbers = list(map(self._points_piece.__getitem__,
                               points[me:] + points[:me] + bonus[me:] + bonus[:me]))
            numbers += map(self._won_piece.__getitem__, won[me:] + won[:me])
            numbers.append(self._stock_piece[view.stock_size])
        except IndexError:  # a number beyond the tables (never in a game): packed as it is
            values = (points[me:] + points[:me] + bonus[me:] + bonus[:me] + won[me:] + won[:me]
                      + (view.stock_size,))
            numbers = [struct.pack(f"<{len(values)}f", *map(truediv, values, self._divisors))]
        pieces += numbers
        if self.auction:
            pieces += self._auction_pieces(view)
        if self.has_open or self._voids_fn is not None:
            self._more_pieces(view, pieces)
        out = np.frombuffer(_join(pieces), np.float32)
        if moves:
            legal = 0
            extra = None
            for move in moves:
                if type(move) is Card:
                    legal |= 1 << (move & 63)
                else:
                    if extra is None:
                        extra = bytearray(self._extra_bytes)
                    extra[self.codec.move_to_action(move) - self.codec.card_count] = 1
            b = self._suit_bytes
            mask = np.frombuffer(_join((b[t[legal & 0xFFFF]], b[t[legal >> 16 & 0xFFFF]],
                                        b[t[legal >> 32 & 0xFFFF]], b[t[legal >> 48]],
                                        self._extra_bytes if extra is None else extra)), np.int8)
        else:
            mask = np.zeros(self.codec.size, np.int8)
        return out, mask

    def _auction_levels(self, view: PlayerView) -> tuple[list[float], set[int]]:
        """Each seat's highest bid level / the top level, and the seats that passed."""
        levels = [0.0] * self.players
        passed: set[int] = set()
        index = self.codec._auction_index
        for kind, seat, what in view.events:
            if kind == "auction" and seat is not None:
                if what.rank is None:
                    passed.add(seat)
                else:
                    levels[seat] = index[what] / self._top_level
        return levels, passed

    def _auction_facts(self, view: PlayerView) -> bytes:
        """The declarer, contract and bids blocks of a game with an auction: the auction's
        leader (or winner), the target / the deck's points, each seat's highest bid level."""
        n, me = self.players, view.seat
        levels, _ = self._auction_levels(view)
        best = max(range(n), key=lambda s: levels[s]) if any(levels) else None
        declarer = view.declarer if view.declarer is not None else best
        piece = self._no_leader if declarer is None else self._leader_piece[(declarer - me) % n]
        contract = 0.0
        if declarer is not None:
            contract = float(view.rules.R[R_AUCTION_MIN]) / self._total
            for kind, seat, what in view.events:
                if kind == "auction" and seat == declarer and what.target:
                    contract = what.target / self._total
        rotated = [levels[(me + r) % n] for r in range(n)]
        return piece + self._pack_bids(contract, *rotated)

    def _auction_pieces(self, view: PlayerView) -> list[bytes]:
        """The auction block: bid levels and passes per relative seat, the called card, and the
        partner the observer knows (``view.partner``: never a partner it cannot know)."""
        n, me = self.players, view.seat
        levels, passed = self._auction_levels(view)
        rotated = [levels[(me + r) % n] for r in range(n)]
        flags = [1.0 if (me + r) % n in passed else 0.0 for r in range(n)]
        out = [struct.pack(f"<{2 * n}f", *rotated, *flags)]
        called = view.called_card
        out.append(self._no_cards if called is None else self._card_piece[called & 63])
        partner = view.partner
        out.append(self._no_leader if partner is None else self._leader_piece[(partner - me) % n])
        return out

    def _more_pieces(self, view: PlayerView, pieces: list[bytes]) -> None:
        """The open cards and known voids blocks."""
        rotation = self._rotation[view.seat]
        if self.has_open:
            for r in range(1, self.players):
                pieces += self._card_pieces(view.open_cards[rotation[r]].mask)
        if self._voids_fn is not None:
            voids = self._voids_fn(view)
            for r in range(1, self.players):
                suits = 0
                for suit in voids[rotation[r]]:
                    suits |= 1 << (suit & 3)
                pieces.append(self._void_piece[suits])

    def _events_part(self, view: PlayerView, bonus: tuple[int, ...],
                     pieces: list[bytes]) -> tuple[int, ...]:
        """The declarer, contract and bids blocks (added to ``pieces``), and the bonus per seat
        with marriages, from the view's events: scanned from where the same seat's previous view
        left off (when its events start with those), and packed only when one of them changed."""
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
        declarer, contract_bids, marriages = part
        if self._given_declarer:
            declarer = view.tricks[0].leader if view.tricks else view.leader
            declarer = self._leader_piece[(declarer - me) % self.players]
        pieces.append(declarer)
        pieces.append(contract_bids)
        if marriages is not None:
            bonus = tuple(b + m for b, m in zip(bonus, marriages))
        return bonus

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

    def _facts_part(self, me: int, facts: tuple[Any, ...]) -> tuple[bytes, bytes,
                                                                    tuple[int, ...] | None]:
        """What ``facts`` put in the vector of the observer ``me``: the declarer block, the
        contract and bids blocks (as bytes), and the marriages per seat."""
        bids, passed, declarer, best, marriages = facts
        n = self.players
        top = self.codec.max_bid or 1
        numbers = [best / top] + [0.0] * n  # contract, bids
        for seat, value in enumerate(bids):
            if value:
                numbers[1 + (seat - me) % n] = value / top
        for seat in passed:
            numbers[1 + (seat - me) % n] = 1.0
        if declarer is None or self._given_declarer:
            piece = self._no_leader
        else:
            piece = self._leader_piece[(declarer - me) % n]
        return piece, self._pack_bids(*numbers), marriages if any(marriages) else None

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
