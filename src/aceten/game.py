"""The engine: one deal of any of the four games, with push/pop, views and outcomes.

State is kept lean for speed: hands are int masks, the current trick only in the flat state,
finished tricks raw tuples turned into :class:`Trick` objects only when asked for, a trick's draws
one log entry written out when the log is read.
Undo keeps a snapshot of the state before each move that does more than move one card.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from aceten.cards import Card, CardSet, Family, Suit, cards_of, hand_cards_cache
from aceten.errors import AcetenError, IllegalMove
from aceten.moves import AuctionBid, Bid, CallCard, Exchange, Move, TrumpCall, parse_move
from aceten.rules import get as get_rules
from aceten.rules import step
from aceten.rules.base import Rules
from aceten.rules.codes import decode_move, move_code
from aceten.rules.layout import (
    DRAW_AFTER_TRICK,
    PHASE_AUCTION,
    PHASE_BID,
    PHASE_CALL,
    PHASE_CALL_CARD,
    PHASE_OVER,
    PHASE_PLAY,
    R_DRAW,
    R_LAST_BONUS,
    R_STOCK,
    R_TRICKS,
    S_BONUS,
    S_CALLED,
    S_CONTRACT,
    S_DECLARER,
    S_DRAWER,
    S_DRAWN,
    S_HAND,
    S_LASTWIN,
    S_LEADER,
    S_PARTNER,
    S_PHASE,
    S_POINTS,
    S_REMAIN,
    S_REVEALED,
    S_SAVE,
    S_SIZE,
    S_SLEN,
    S_STOCK,
    S_TEAM,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKNO,
    S_TRICKS,
    S_TRUMP,
    S_WON,
    T_PLAIN_PTS,
    T_TRUMP_PTS,
)
from aceten.rules.outcome import Outcome as Outcome  # re-exported: aceten.game.Outcome
from aceten.rules.parts import Auction, Marriage, Roem
from aceten.seeded import shuffled


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in play order, who won it and what it scored."""

    number: int  # 1-based
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int  # card points, with the last-trick bonus on the last trick
    bonus: int = 0  # roem (Klaverjas) or a marriage (Cruce) scored with this trick
    notes: tuple[str, ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        n = len(self.cards)
        return tuple((self.leader + i) % n for i in range(n))

    def __iter__(self) -> Iterator[tuple[int, Card]]:
        return iter(zip(self.seats, self.cards))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    def _repr_svg_(self) -> str:
        """The trick as a picture in notebooks (see :mod:`aceten.show.svg`)."""
        from aceten.show import svg

        return svg.trick(self)


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt: each seat's hand, and the stock in drawing order.

    With a turned trump, the stock's last card is the face-up trump card.
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...] = ()

    def cards(self) -> list[Card]:
        return [c for hand in self.hands for c in hand] + list(self.stock)


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see: its hand, everything public, and its own draws — nothing else.

    ``events`` is the seat's history in order: ``("deal", seat, card|None)``,
    ``("turn", None, card)`` (the face-up trump), ``("play", seat, card)``,
    ``("draw", seat, card|None)``, ``("swap", seat, card)``, ``("bid", seat, n)``,
    ``("call", seat, suit|None)``, ``("auction", seat, bid)``, ``("call-card", seat, card)``,
    ``("reveal", seat, card)`` (the called card is played: ``seat`` is the caller's partner);
    ``None`` marks a card this seat has not seen.

    With a hidden team, ``partner`` is the caller's partner only once this seat can know it:
    the holder of the called card knows at once, everyone else when it is played.
    """

    game: str
    variant: str
    players: int
    seat: int
    hand: CardSet
    to_move: int | None
    phase: str
    trump: Suit | None
    trump_card: Card | None  # the face-up trump card while it is in the stock
    stock_size: int
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    hand_sizes: tuple[int, ...]
    open_cards: tuple[CardSet, ...]  # cards of each seat shown face up (option open_cards)
    points: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    events: tuple[tuple[str, int | None, Any], ...] = field(repr=False)
    rules: Rules = field(repr=False)
    declarer: int | None = None  # the auction's winner (public), or the bidding's
    called_card: Card | None = None  # the card the auction's winner called (public)
    partner: int | None = None  # the caller's partner as this seat knows it (None: unknown)

    @property
    def cards_left(self) -> int:
        """The cards not yet played, in the hands and the stock (as :attr:`Game.cards_left`)."""
        return sum(self.hand_sizes) + self.stock_size

    def sides(self) -> tuple[frozenset[int], frozenset[int]]:
        """The seats this seat knows to be its partners, and its opponents. With declared teams
        that is the seating; with a hidden team, what the seat can know: nothing before the
        call; the caller's side once the partner is known to it; until then the caller counts
        every other seat as an opponent and a defender knows only the caller as one."""
        rules = self.rules
        others = frozenset(s for s in range(self.players) if s != self.seat)
        if not rules.hidden_teams:
            team = rules.seat_team[self.seat]
            partners = frozenset(s for s in rules.teams[team] if s != self.seat)
            return partners, frozenset(s for s in others if rules.seat_team[s] != team)
        caller = self.declarer
        if caller is None or self.called_card is None:
            return frozenset(), frozenset()
        if self.partner is not None:
            side = frozenset((caller, self.partner))
            if self.seat in side:
                return side - {self.seat}, others - side
            return others - side, side
        if self.seat == caller:
            return frozenset(), others
        return frozenset(), frozenset((caller,))

    def __str__(self) -> str:
        from aceten.show.text import view_text

        return view_text(self)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, in notebooks (see :mod:`aceten.show.svg`)."""
        from aceten.show import svg

        return svg.table(self)

    def __getstate__(self) -> dict[str, Any]:
        # The fields only, every lazy one built: a pickle holds what it always held.
        return {f.name: getattr(self, f.name) for f in fields(self)}


class _LazyEvents:
    """``PlayerView.events`` for views made by :meth:`Game.view`, built on first read.

    A non-data descriptor: once ``events`` is in the instance's ``__dict__`` (always, for a view
    made by the constructor), reads go straight to it. A view made by ``Game.view`` holds instead
    ``_events_source``: the seat's event list (which later views only extend) and its length
    when the view was made, so the value is the same whenever it is read.
    """

    __slots__ = ()

    def __get__(self, view: Any, owner: type | None = None) -> Any:
        if view is None:
            raise AttributeError("events")
        d = view.__dict__
        try:
            events, n = d["_events_source"]
        except KeyError:
            raise AttributeError("events") from None
        # The same value whoever builds it first (two threads may).
        value = d["events"] = tuple(events) if len(events) == n else tuple(events[:n])
        return value


PlayerView.events = _LazyEvents()  # type: ignore[assignment]


class Game:
    """One deal of a game, python-chess style: ``legal_moves()``, ``push()``, ``pop()``."""

    # Read from the rules once per rules object (_engine_constants), the same for every deal.
    _n: int
    _family: Family
    _R: list[int]
    _T: list[int]
    _obliged: bool
    _exchange: bool
    _roem: Roem | None
    _marriage: Marriage | None
    _suits: tuple[Suit, ...]
    _cards: tuple[Card | None, ...]
    _bit_of: list[int]
    _hand_cards: dict[int, tuple[Card, ...]]
    _has_open: bool
    _draw_after_trick: bool
    _tricks_per_deal: int
    _last_bonus: int
    _duels: list[list[tuple[int, int] | None]]
    _duel_row: list[tuple[int, int] | None]  # a _Duel's: _duels of its trump
    _draw_order: tuple[tuple[int, ...], ...]
    _next_seat: tuple[int, ...]
    _path: tuple[int, ...]
    _duel: bool
    _free_hand: bool
    _no_open: tuple[CardSet, ...]
    _turned: bool
    _hidden: bool
    _auction: bool
    _deck: tuple[Card, ...]
    _stacked: bool
    _hand_slices: tuple[tuple[int, int], ...]
    _stock_from: int
    _start: list[int]

    # Each deal's own: the rules, seed and deal, the flat state and the API's bookkeeping.
    rules: Rules
    seed: int | None  # None for a deal given without one
    deal: Deal
    _S: list[int]
    _open: list[int]
    # Finished tricks: (leader, cards, winner, points, bonus, notes), the cards as Card objects
    # or, from push's fast paths, as their bits in the flat state (read by _tricks).
    _history: list[tuple[int, tuple[int, ...], int, int, int, tuple[str, ...]]]
    _moves: list[Move]
    _undo: list[tuple[Any, ...] | list[int]]
    # The log's entries, except that the draws after a trick finished by push's fast paths
    # stand as one ("draws", first, count) entry: the stock's cards first .. first+count-1,
    # their drawers in S (an entry in the log is never undone without the entry): see _entries.
    _log: list[tuple[str, int | None, Any]]
    _bids: list[tuple[int, Move]]
    _trick_objs: list[Trick]  # Trick objects of _history, built once
    _trick_srcs: list[tuple[int, ...]]  # the _history cards each was built from
    _view_events: dict[int, tuple[int, Any, list[Any], set[Card | None]]]
    _open_cache: tuple[tuple[int, ...], tuple[CardSet, ...]] | None
    _view_templates: list[dict[str, Any] | None]
    _tricks_cache: tuple[Any, tuple[Trick, ...]]

    def __new__(cls, rules: Rules | str | None = None, *, seed: int | None = None,
                deal: Deal | None = None) -> Game:
        """A Game of rules that make a :class:`_Duel` is one (a pickle makes it as it was)."""
        if cls is Game and rules is not None:
            if not isinstance(rules, Rules):  # (checked here, not in a call: a hot path)
                rules = _as_rules(rules)
            if _engine_constants(rules)["_duel"]:
                cls = _Duel
        return _new_object(cls)

    def __init__(self, rules: Rules | str, *, seed: int | None = None, deal: Deal | None = None):
        """A deal of ``rules`` (a :class:`Rules`, or a game's name for its default rules:
        ``Game("briscola")``; :func:`new_game` takes players, variant and options too)."""
        if not isinstance(rules, Rules):
            rules = _as_rules(rules)
        constants = _engine_constants(rules)
        if seed is not None and type(seed) is not int:  # an int is whole: the common case
            seed = _whole_seed(seed)
        if deal is None:
            if seed is None:
                seed = random.randrange(2**32)
            deal = _shuffled_deal(constants, seed)
        else:
            self.rules = rules
            self._check_deal(deal)
        # The instance's attributes made in one dict (attributes set one by one would each
        # grow it: the setup's largest cost after the shuffle).
        _set_attribute(self, "__dict__", _fresh(rules, seed, deal, constants))

    def _check_deal(self, deal: Deal) -> None:
        if not isinstance(deal, Deal):
            raise AcetenError(f"a deal is an aceten.Deal, not {type(deal).__name__}")
        rules = self.rules
        if len(deal.hands) != rules.players:
            raise AcetenError(f"the deal has {len(deal.hands)} hands for {rules.players} players")
        for seat, hand in enumerate(deal.hands):
            if len(hand) != rules.hand_size:
                raise AcetenError(f"P{seat + 1} is dealt {len(hand)} cards, not {rules.hand_size}")
        cards = deal.cards()
        if len(set(cards)) != len(cards):
            seen: set[Card] = set()
            twice = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
            raise AcetenError(f"the deal holds {twice} twice")
        if set(cards) != set(rules.deck):
            missing = set(rules.deck) - set(cards)
            extra = set(cards) - set(rules.deck)
            what = (f"lacks {' '.join(map(str, sorted(missing)))}" if missing
                    else f"holds cards not in the deck: {' '.join(map(str, sorted(extra)))}")
            raise AcetenError(f"the deal {what}")

    # -- reading the position ------------------------------------------------------------
    @property
    def players(self) -> int:
        return self._n

    @property
    def to_move(self) -> int:
        """The seat to move (0-based; shown to people as P1, P2, ...)."""
        return self._S[S_TOMOVE]

    @property
    def phase(self) -> str:
        """``"bid"`` (Cruce), ``"call"`` (Klaverjas trump), ``"auction"`` and ``"call-card"``
        (an auction and its winner's called card), ``"play"`` or ``"over"``."""
        return _PHASE_NAMES[self._S[S_PHASE]]

    @property
    def trump(self) -> Suit | None:
        t = self._S[S_TRUMP]
        return None if t < 0 else self._suits[t]

    @property
    def declarer(self) -> int | None:
        """The seat whose side plays the deal: Cruce's highest bidder, Klaverjas's trump caller
        (None while the bidding lasts, or when nobody bid)."""
        S = self._S
        if S[S_DECLARER] < 0 or S[S_PHASE] == PHASE_BID or S[S_PHASE] == PHASE_AUCTION:
            return None
        return S[S_DECLARER]

    @property
    def partner(self) -> int | None:
        """With a hidden team: the holder of the called card (the caller when alone), known
        to the engine from the call on; None before the call. A seat's view says what it knows."""
        p = self._S[S_PARTNER]
        return None if p < 0 else p

    @property
    def called_card(self) -> Card | None:
        """The card the auction's winner called, once called."""
        b = self._S[S_CALLED]
        return None if b < 0 else self._card(b)

    @property
    def revealed(self) -> bool:
        """Whether the called card has been played (the teams are public)."""
        return self._S[S_REVEALED] == 1

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams of this deal: the declared ones, or the caller's side and the rest once a
        hidden team's card is called (the whole truth: see ``view`` for what a seat knows)."""
        return self.rules.teams_of(self._S)

    def known_partner(self, seat: int | None) -> int | None:
        """The caller's partner as ``seat`` knows it: the holder of the called card knows at
        once (the caller alone knows he is), everyone once the card is played; else None.
        ``seat=None``: a spectator, who knows it once the card is played."""
        S = self._S
        seat = None if seat is None else self._seat(seat)
        p = S[S_PARTNER]
        if p < 0:
            return None
        return p if S[S_REVEALED] == 1 or seat == p else None

    @property
    def contract(self) -> int:
        """Cruce: the bid the declarer's side must make (0: none)."""
        return self._S[S_CONTRACT]

    def _card(self, b: int) -> Card:
        card = self._cards[b]
        assert card is not None  # the state holds only bits of the deck's cards
        return card

    @property
    def trump_card(self) -> Card | None:
        """The face-up trump card while it still lies under the stock."""
        S = self._S
        if self._turned and S[S_DRAWN] < S[S_SLEN]:
            return self._card(S[S_STOCK + S[S_SLEN] - 1])
        return None

    @property
    def turned_card(self) -> Card | None:
        """The card turned up as trump at the deal (whoever holds it now)."""
        return self.deal.stock[-1] if self._turned else None

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, in drawing order."""
        S = self._S
        return tuple(self._card(S[S_STOCK + i]) for i in range(S[S_DRAWN], S[S_SLEN]))

    @property
    def stock_size(self) -> int:
        """How many cards are still in the stock (``len(stock)`` without building it)."""
        return self._S[S_SLEN] - self._S[S_DRAWN]

    @property
    def cards_left(self) -> int:
        """The cards not yet played, in the hands and the stock: how much of the deal is left
        (what the players' searches measure a position by)."""
        S = self._S
        return (sum(int(S[S_HAND + seat]).bit_count() for seat in range(self._n))
                + S[S_SLEN] - S[S_DRAWN])

    @property
    def leader(self) -> int:
        return self._S[S_LEADER]

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order from ``leader``."""
        return self._trick_cards()

    def _trick_cards(self) -> tuple[Card, ...]:
        """The trick's cards, read from S (the cards of the trick's bits)."""
        S = self._S
        return tuple(map(self._cards.__getitem__, S[S_TRICK:S_TRICK + S[S_TLEN]]))  # type: ignore[arg-type]

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks())

    def _tricks(self) -> list[Trick]:
        """The Trick objects of the finished tricks, built once each (undo may drop some)."""
        objs, srcs, hist = self._trick_objs, self._trick_srcs, self._history
        while objs and (len(objs) > len(hist) or srcs[-1] is not hist[len(objs) - 1][1]):
            objs.pop()
            srcs.pop()
        by_bit = self._cards
        for i in range(len(objs), len(hist)):
            leader, cards, winner, points, bonus, notes = hist[i]
            played: tuple[Card, ...] = tuple(by_bit[c & 63] for c in cards)  # type: ignore[misc]
            objs.append(Trick(i + 1, leader, played, winner, points, bonus, notes))
            srcs.append(cards)
        return objs

    @property
    def moves(self) -> list[Move]:
        """Every move pushed so far (the move stack)."""
        return list(self._moves)

    @property
    def points(self) -> tuple[int, ...]:
        """Card points won so far, per seat."""
        return tuple(self._S[S_POINTS:S_POINTS + self._n])

    @property
    def bonus(self) -> tuple[int, ...]:
        """Marriages (Cruce) or roem (Klaverjas) scored so far, per seat."""
        return tuple(self._S[S_BONUS:S_BONUS + self._n])

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._S[S_TRICKS:S_TRICKS + self._n])

    @property
    def bids(self) -> list[tuple[int, Move]]:
        """Bids (Cruce) or trump calls (Klaverjas) in order, as (seat, move)."""
        return list(self._bids)

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` (0-based) holds now."""
        return CardSet(self._S[S_HAND + self._seat(seat)], self._family)

    def won_cards(self, seat: int) -> CardSet:
        """The cards of the tricks ``seat`` (0-based) has won."""
        seat = self._seat(seat)
        mask = 0
        for trick in self._history:
            if trick[2] == seat:
                for card in trick[1]:
                    mask |= 1 << (card & 63)
        return CardSet(mask, self._family)

    def team_of(self, seat: int) -> int:
        """The team of ``seat`` in this deal (with a hidden team: the truth, from the call on)."""
        return self._S[S_TEAM + self._seat(seat)]

    def _seat(self, seat: int) -> int:
        """``seat`` checked: a whole number from 0 (P1) to the players less one. The state is
        one flat row, so a seat out of range would read another field, not fail."""
        if type(seat) is int and 0 <= seat < self._n:
            return seat
        return checked_seat(seat, self._n)

    def is_over(self) -> bool:
        return self._S[S_PHASE] == PHASE_OVER

    def outcome(self) -> Outcome | None:
        """The result once the deal is over, else None."""
        return self.rules.outcome_of(self._S) if self._S[S_PHASE] == PHASE_OVER else None

    def flat_state(self) -> list[int]:
        """A copy of the position in the flat layout of :mod:`aceten.rules.layout` (what the
        step function and the compiled kernels read)."""
        return self._S[:]

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self._family, auction=self._auction)

    # -- moves ---------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The moves the seat to move may make (cards, or bids/calls/exchanges)."""
        S = self._S
        if self._free_hand and not S[S_PHASE]:  # (PHASE_PLAY) every card of the hand, always
            cached = self._hand_cards.get(S[S_HAND + S[S_TOMOVE]])
            if cached is None:  # a hand not seen yet: cards_of caches it
                cached = cards_of(S[S_HAND + S[S_TOMOVE]], self._family)
            return [*cached]
        phase = S[S_PHASE]
        if phase == PHASE_PLAY:
            hand = S[S_HAND + S[S_TOMOVE]]
            if self._obliged and S[S_TLEN]:
                hand = _legal_cards(S, hand, self._R, self._T)
            cached = self._hand_cards.get(hand)
            if cached is None:  # a hand not seen yet: cards_of caches it
                cached = cards_of(hand, self._family)
            moves: list[Move] = [*cached]
            if self._exchange and S[S_DRAWN] < S[S_SLEN]:
                swap = step.exchange_cards(S, self._R, self._T)
                if swap:
                    moves.append(Exchange(self._card(step.low_bit(swap))))
            return moves
        if phase == PHASE_OVER:
            return []
        _, count = step.phase_choices(S, self._R, self._T)
        R, T = self._R, self._T
        return [decode_move(step.choice_code(S, i, R, T), self._family) for i in range(count)]

    def is_legal(self, move: Move | str) -> bool:
        try:
            move = self.parse_move(move) if isinstance(move, str) else move
        except AcetenError:
            return False
        return move in self.legal_moves()

    def push(self, move: Move | str) -> None:
        """Make a move; raises :class:`IllegalMove` saying why when the rules forbid it."""
        if type(move) is not Card:
            move = self.parse_move(move) if isinstance(move, str) else move
            if not isinstance(move, Card):
                self._push_other(move)
                return
        S = self._S
        seat = S[S_TOMOVE]
        hand = S[S_HAND + seat]
        bit = self._bit_of[move]  # the card's bit in a hand; 0 for another family's card
        if S[S_PHASE] or not hand & bit:  # (S_PHASE is PHASE_PLAY, 0, while cards are played)
            raise IllegalMove(self._card_error(move, seat, hand))
        b = move & 63
        tlen = S[S_TLEN]
        if tlen and self._obliged and not _legal_cards(S, hand, self._R, self._T) & bit:
            raise IllegalMove(self._obligation_error(move, seat, hand))
        path = self._path[tlen]
        if path == _MID:
            # Short of the trick's last card, with no draw after each play (and, on a lead, no
            # trump named nor bonus scored by it), the step only moves the card from the hand to
            # the trick and passes the turn: done here (a fast path: tests/test_step.py holds it
            # equal to the step on every reachable position) and undone by pop without an entry.
            S[S_HAND + seat] = hand ^ bit
            S[S_TRICK + tlen] = b
            S[S_TLEN] = tlen + 1
            S[S_TOMOVE] = self._next_seat[seat]
            self._moves.append(move)
            self._log.append(("play", seat, move))
            return
        if path == _END:
            # The trick's last card where no roem, open card nor draw after each play is in the
            # rules: what ``step.play_card`` does to S for it, done here without its rule
            # switches (a fast path: tests/test_step.py holds it equal to the step on every
            # reachable position), with the API's bookkeeping. The undo entry is S[:S_SAVE]
            # alone (all that a play changes before the stock: tests/test_step.py holds it; a
            # draw's drawer past the stock pop clears): pop knows the rest (one trick and its
            # log entries to drop).
            self._undo.append(S[:S_SAVE])
            S[S_HAND + seat] = hand ^ bit
            S[S_TRICK + tlen] = b
            n = tlen + 1
            trump = S[S_TRUMP]
            leader = S[S_LEADER]
            if n == 2 and trump >= 0:  # (winner's place, points) of each pair, once per rules
                row = self._duels[trump]
                key = (S[S_TRICK] << 6) | b
                found = row[key]
                if found is None:
                    found = row[key] = _trick_result(S, n, trump, self._T)
                place, points = found
            else:
                place, points = _trick_result(S, n, trump, self._T)
            winner = leader + place
            if winner >= n:
                winner -= n
            S[S_REMAIN] -= points
            trickno = S[S_TRICKNO] + 1
            last = trickno == self._tricks_per_deal
            if last:
                points += self._last_bonus
            S[S_POINTS + winner] += points
            S[S_TRICKS + winner] += 1
            S[S_WON] |= 1 << winner
            S[S_TRICKNO] = trickno
            S[S_LASTWIN] = winner
            S[S_TLEN] = 0
            S[S_LEADER] = winner
            S[S_TOMOVE] = winner
            self._moves.append(move)
            log = self._log
            log.append(("play", seat, move))
            drawn = S[S_DRAWN]
            if drawn < S[S_SLEN] and self._draw_after_trick:
                log.append(("draws", drawn, n))  # the log's draw entries, written when read
                for drawer in self._draw_order[winner]:
                    S[S_DRAWER + drawn] = drawer
                    S[S_HAND + drawer] |= 1 << S[S_STOCK + drawn]
                    drawn += 1
                S[S_DRAWN] = drawn
            if last:
                S[S_PHASE] = PHASE_OVER
            self._history.append((leader, (*S[S_TRICK:S_TRICK + n],), winner, points, 0, ()))
            return
        n = self._n
        log = self._log
        # Otherwise keep the prefix of S before the stock (a draw records its drawer past it,
        # beyond S_DRAWN, where an undone draw leaves nothing that is read).
        self._undo.append((S[:S_STOCK], len(self._history), len(log), len(self._bids),
                           self._open[:] if self._has_open else None))
        finishing = tlen + 1 == n
        if finishing:
            before = S[S_POINTS:S_BONUS + n]  # points, then bonuses, per seat
            leader = S[S_LEADER]
            cards = (*self._trick_cards(), move)
        drawn = S[S_DRAWN]
        marriage = self._marriage if not tlen else None  # a lead may score a bonus
        if marriage is not None:
            bonus = S[S_BONUS + seat]
        _play_card(S, b, self._R, self._T)
        self._moves.append(move)
        log.append(("play", seat, move))
        if marriage is not None and S[S_BONUS + seat] != bonus:
            value = S[S_BONUS + seat] - bonus
            log.append(("bonus", seat, (value, marriage.note(move, value))))
        if self._hidden and S[S_CALLED] == b:
            log.append(("reveal", S[S_PARTNER], move))
        if self._has_open and self._open[seat] >> b & 1:
            self._open[seat] ^= 1 << b
        if finishing:
            winner = S[S_LASTWIN]
            points = S[S_POINTS + winner] - before[winner]
            extra = S[S_BONUS + winner] - before[S_BONUS - S_POINTS + winner]
            notes = (self._roem.note(cards, self.trump),) if extra and self._roem else ()
            self._history.append((leader, cards, winner, points, extra, notes))
        if S[S_DRAWN] != drawn:
            for i in range(drawn, S[S_DRAWN]):
                log.append(("draw", S[S_DRAWER + i], self._cards[S[S_STOCK + i]]))

    def _push_other(self, move: Move) -> None:
        if not isinstance(move, (Bid, TrumpCall, Exchange, AuctionBid, CallCard)):
            # Not a move at all; a bare int must not pass as the card with that code.
            raise IllegalMove(f"not a move: {move!r} (expected a card, a bid, a trump call, "
                              f"an exchange or a called card)")
        if move not in self.legal_moves():
            raise IllegalMove(self._other_error(move))
        S = self._S
        self._undo.append((S[:], len(self._history), len(self._log), len(self._bids),
                           self._open[:] if self._has_open else None))
        self._moves.append(move)
        seat = S[S_TOMOVE]
        step.play_move(S, move_code(move), self._R, self._T)
        if isinstance(move, Exchange):
            self._log.append(("swap", seat, move.card))
            return
        self._bids.append((seat, move))
        if isinstance(move, Bid):
            self._log.append(("bid", seat, move.value))
        elif isinstance(move, AuctionBid):
            self._log.append(("auction", seat, move))
        elif isinstance(move, CallCard):
            self._log.append(("call-card", seat, move.card))
        else:
            self._log.append(("call", seat, move.suit))

    def _card_error(self, move: Card, seat: int, hand: int) -> str:
        """Why a card may not be played now: not the time for cards, or not in hand."""
        if self._S[S_PHASE] != PHASE_PLAY:
            return self._phase_error(move)
        if move.family != self._family:
            return f"illegal move {move}: {self.rules.not_in_deck(move)}"
        return f"illegal move {move} for P{seat + 1}: not in hand ({CardSet(hand, self._family)})"

    def _obligation_error(self, move: Card, seat: int, hand: int) -> str:
        S = self._S
        legal, reason = self.rules.legal_mask(hand, self._trick_cards(), self.trump, S[S_DRAWN] >= S[S_SLEN])
        return (f"illegal move {move} for P{seat + 1}: {reason} "
                f"(may play {CardSet(legal, self._family)})")

    def _phase_error(self, move: Move) -> str:
        phase = self.phase
        if phase == "over":
            return f"illegal move {move}: the deal is over"
        wanted = {"bid": "a bid (bid:0 .. bid:6)", "call": "a trump call (trump:S or pass)",
                  "auction": "a bid (bid:A, bid:2:71) or pass", "call-card": "a called card (call:3S)"}
        what = {"bid": "bidding", "call": "trump call", "auction": "auction",
                "call-card": "card call"}.get(phase, phase)
        return (f"illegal move {move} for P{self.to_move + 1}: the {what} comes first; "
                f"expected {wanted.get(phase, phase)}")

    def _other_error(self, move: Move) -> str:
        who = f"P{self.to_move + 1}"
        phase = self.phase
        if phase == "over":
            return f"illegal move {move}: the deal is over"
        if isinstance(move, Exchange):
            return f"illegal move {move} for {who}: no exchange is possible now"
        if phase == "play":
            return f"illegal move {move} for {who}: it is time to play a card"
        legal = self.legal_moves()
        options = " ".join(str(m) for m in legal)
        if isinstance(move, AuctionBid) and phase == "auction":
            return (f"illegal bid {move} for P{self.to_move + 1}: may pass or bid "
                    f"{legal[1] if len(legal) > 1 else 'nothing'} or higher"
                    + ("" if len(legal) > 1 else " (the top bid is made)"))
        if isinstance(move, CallCard) and phase == "call-card":
            return (f"illegal call {move} for P{self.to_move + 1}: the bid names "
                    f"{options.replace('call:', '')}; call one of them")
        if isinstance(move, (Bid, TrumpCall, AuctionBid, CallCard)):
            return f"illegal move {move} for {who}: may choose {options}"
        return f"illegal move {move} for {who}"

    def pop(self) -> Move:
        """Undo the last move exactly, and return it."""
        if not self._moves:
            raise AcetenError("no move to undo")
        move = self._moves.pop()
        S = self._S
        tlen = S[S_TLEN]
        if tlen and type(move) is Card and self._path[tlen - 1] == _MID:
            # Push's fast path moved the card into the trick and kept no undo entry (a card that
            # leaves the trick unfinished took that path exactly when these rules say so).
            # The slot's old card is the last finished trick's card there (every play writes
            # its slot, nothing else does), or 0 before the first trick.
            tlen -= 1
            hist = self._history
            S[S_TLEN] = tlen
            S[S_TRICK + tlen] = hist[-1][1][tlen] & 63 if hist else 0
            S[S_TOMOVE] = seat = (S[S_TOMOVE] - 1) % self._n
            S[S_HAND + seat] |= 1 << (move & 63)
            self._log.pop()
            return move
        entry = self._undo.pop()
        if type(entry) is list:  # a fast path's at a trick's end: S[:S_SAVE] before the trick's end
            drawn = S[S_DRAWN]
            S[:S_SAVE] = entry
            first = S[S_DRAWN]
            for i in range(first, drawn):  # the draws undone: who drew is no longer known
                S[S_DRAWER + i] = 0
            self._history.pop()
            del self._log[-1 if drawn == first else -2:]
            return move
        assert isinstance(entry, tuple)  # the other kinds of entry returned above
        saved, nhist, nlog, nbids, opened = entry
        drawn = S[S_DRAWN]
        S[:len(saved)] = saved
        for i in range(S[S_DRAWN], drawn):  # the draws undone: who drew is no longer known
            S[S_DRAWER + i] = 0
        del self._history[nhist:]
        del self._log[nlog:]
        del self._bids[nbids:]
        if opened is not None:
            self._open = opened
        return move

    def copy(self) -> Game:
        """An independent game in the same position (with the same move stack)."""
        other = Game(self.rules, seed=self.seed, deal=self.deal)
        for move in self._moves:
            other.push(move)
        return other

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: its own hand and draws, the public cards, never the rest."""
        seat = self._seat(seat)
        fam = self._family
        log = self._log
        cached = self._view_events.get(seat)
        if cached is not None and cached[0] <= len(log) and (
                cached[0] == 0 or log[cached[0] - 1] is cached[1]):
            start, _, events, face_up = cached
        else:
            turned = self.turned_card
            events = []
            k = self.rules.options["open_cards"]
            for s, dealt in enumerate(self.deal.hands):
                for i, card in enumerate(dealt):
                    events.append(("deal", s, card if s == seat or i < k else None))
            if turned is not None:
                events.append(("turn", None, turned))
            face_up = {turned}  # cards that lay face up under the stock: their draw is public
            start = 0
        n = len(log)
        for entry in self._entries(start, n):
            kind = entry[0]
            if kind == "draw":
                if entry[1] != seat and entry[2] not in face_up:
                    entry = ("draw", entry[1], None)
            elif kind == "swap":
                face_up.add(entry[2])  # an exchanged 7 or 2 now lies face up
            events.append(entry)
        self._view_events[seat] = (n, log[-1] if log else None, events, face_up)
        # Built as a copy of this seat's template dict, not through the frozen dataclass's
        # __init__ (which sets each of its 19 fields with object.__setattr__ and costs more than
        # the rest of this method); events are built on first read.
        d = self._view_template(seat).copy()
        S = self._S
        n = self._n
        hand = _new_object(CardSet)
        hand.mask = S[S_HAND + seat]
        hand.family = fam
        d["hand"] = hand
        phase = S[S_PHASE]
        if phase != PHASE_OVER:
            d["to_move"] = S[S_TOMOVE]
            if seat == S[S_TOMOVE]:
                d["legal_moves"] = tuple(self.legal_moves())
        d["phase"] = _PHASE_NAMES[phase]
        t = S[S_TRUMP]
        d["trump"] = None if t < 0 else self._suits[t]
        if self._turned and S[S_DRAWN] < S[S_SLEN]:
            d["trump_card"] = self._card(S[S_STOCK + S[S_SLEN] - 1])
        d["stock_size"] = S[S_SLEN] - S[S_DRAWN]
        d["leader"] = S[S_LEADER]
        d["trick"] = self._trick_cards()
        d["tricks"] = self._tricks_tuple()
        d["hand_sizes"] = tuple(map(int.bit_count, S[S_HAND:S_HAND + n]))
        if self._has_open:
            d["open_cards"] = self._open_sets()
        d["points"] = tuple(S[S_POINTS:S_POINTS + n])
        if self._hidden or self._auction:
            d["declarer"] = self.declarer
            d["called_card"] = self.called_card
            d["partner"] = self.known_partner(seat)
        elif S[S_DECLARER] >= 0:
            d["declarer"] = self.declarer
        d["_events_source"] = (events, len(events))
        view = _new_object(PlayerView)
        _set_attribute(view, "__dict__", d)
        return view

    def _view_template(self, seat: int) -> dict[str, Any]:
        """The fields of ``seat``'s views that never change, and defaults for the others."""
        template = self._view_templates[seat]
        if template is None:
            rules = self.rules
            template = self._view_templates[seat] = {
                "game": rules.name, "variant": rules.variant, "players": self._n, "seat": seat,
                "hand": None, "to_move": None, "phase": None, "trump": None, "trump_card": None,
                "stock_size": 0, "leader": 0, "trick": (), "tricks": (), "hand_sizes": (),
                "open_cards": self._no_open, "points": (), "legal_moves": (), "rules": rules,
                "declarer": None, "called_card": None, "partner": None, "_events_source": None,
            }  # fmt: skip
        return template

    def _tricks_tuple(self) -> tuple[Trick, ...]:
        """The finished tricks as a tuple, the same tuple until a trick is finished or undone."""
        hist = self._history
        key = hist[-1] if hist else None
        cached = self._tricks_cache
        if cached[0] is not key:
            cached = self._tricks_cache = (key, tuple(self._tricks()))
        return cached[1]

    def _open_sets(self) -> tuple[CardSet, ...]:
        """The open cards of each seat as card sets (the same tuple while they are unchanged)."""
        key = tuple(self._open)
        cached = self._open_cache
        if cached is None or cached[0] != key:
            cached = self._open_cache = (key, tuple(CardSet(m, self._family) for m in key))
        return cached[1]

    @property
    def log(self) -> list[tuple[str, int | None, Any]]:
        """Everything that happened after the deal, in order (plays, draws, bids, bonuses)."""
        return list(self._entries(0, len(self._log)))

    def _entries(self, start: int, stop: int) -> Iterator[tuple[str, int | None, Any]]:
        """The log's entries from ``_log[start:stop]``, each ("draws", first, count) written out
        as its draws (the drawers and cards are in S for as long as the entry is in the log)."""
        S, by_bit = self._S, self._cards
        for entry in self._log[start:stop]:
            if entry[0] == "draws":
                first: int = entry[1]  # type: ignore[assignment]  # a "draws" entry's: an int
                for i in range(first, first + entry[2]):
                    yield "draw", S[S_DRAWER + i], by_bit[S[S_STOCK + i]]
            else:
                yield entry

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} players={self._n} seed={self.seed} "
                f"moves={len(self._moves)} phase={self.phase}>")

    def __str__(self) -> str:
        from aceten.show.text import game_text

        return game_text(self)

    def _repr_svg_(self) -> str:
        """The table with every hand face up, in notebooks (see :mod:`aceten.show.svg`)."""
        from aceten.show import svg

        return svg.table(self)


class _Duel(Game):
    """A Game of two seats with no duty on which card to play, whose rules move both cards of a
    trick on push's fast paths (``Game._path`` is (_MID, _END)) and know the trump at the
    deal: Briscola's and Brisca's duels. Its push plays a card in one straight line,
    the lead as _MID does and the second card as _END does for two seats (the pair's result
    looked up once per rules, the winner ``leader ^ place``, the two draws written out);
    anything else (a bid, an exchange, a move as text) goes through Game.push. Pop undoes
    both as Game's fast paths (tests/test_step.py holds every push equal to the step)."""

    __slots__ = ()

    def push(self, move: Move | str) -> None:
        if type(move) is not Card:
            Game.push(self, move)
            return
        S = self._S
        seat = S[S_TOMOVE]
        hand = S[S_HAND + seat]
        bit = self._bit_of[move]  # the card's bit in a hand; 0 for another family's card
        if S[S_PHASE] or not hand & bit:  # (S_PHASE is PHASE_PLAY, 0, while cards are played)
            raise IllegalMove(self._card_error(move, seat, hand))
        if not S[S_TLEN]:  # the lead: moved to the trick, the turn passed (_MID)
            S[S_HAND + seat] = hand ^ bit
            S[S_TRICK] = move & 63
            S[S_TLEN] = 1
            S[S_TOMOVE] = seat ^ 1
            self._moves.append(move)
            self._log.append(("play", seat, move))
            return
        # The second card: _END for two seats, undone by pop as _END is.
        b = move & 63
        self._undo.append(S[:S_SAVE])
        S[S_HAND + seat] = hand ^ bit
        first = S[S_TRICK]
        S[S_TRICK + 1] = b
        key = (first << 6) | b
        found = self._duel_row[key]
        if found is None:
            found = self._duel_row[key] = _trick_result(S, 2, S[S_TRUMP], self._T)
        place, points = found
        leader = seat ^ 1
        winner = leader ^ place
        S[S_REMAIN] -= points
        trickno = S[S_TRICKNO] + 1
        if trickno == self._tricks_per_deal:
            points += self._last_bonus
            S[S_PHASE] = PHASE_OVER
        S[S_POINTS + winner] += points
        S[S_TRICKS + winner] += 1
        S[S_WON] |= winner + 1  # the winner's bit: 1 << winner for seats 0 and 1
        S[S_TRICKNO] = trickno
        S[S_LASTWIN] = S[S_LEADER] = S[S_TOMOVE] = winner
        S[S_TLEN] = 0
        self._moves.append(move)
        log = self._log
        log.append(("play", seat, move))
        drawn = S[S_DRAWN]
        if drawn < S[S_SLEN]:  # (these rules draw after each trick)
            log.append(("draws", drawn, 2))  # the log's draw entries, written when read
            loser = winner ^ 1
            S[S_DRAWER + drawn] = winner
            S[S_DRAWER + 1 + drawn] = loser
            S[S_HAND + winner] |= 1 << S[S_STOCK + drawn]
            S[S_HAND + loser] |= 1 << S[S_STOCK + 1 + drawn]
            S[S_DRAWN] = drawn + 2
        self._history.append((leader, (first, b), winner, points, 0, ()))


_play_card, _legal_cards = step.play_card, step.legal_cards
def _trick_result(S: list[int], n: int, trump: int, T: list[int]) -> tuple[int, int]:
    """The place in play order of the card winning the finished trick, and its card points."""
    points = 0
    for c in S[S_TRICK:S_TRICK + n]:
        points += T[T_TRUMP_PTS + c] if (c >> 4) & 3 == trump else T[T_PLAIN_PTS + c]
    return step.winner_index(S, n, trump, T), points


def whole_number(value: Any) -> int | None:
    """``value`` as an ``int`` where it is a whole number (numpy's integers too, not a bool, a
    float or a string), else None: how the API reads seats, seeds and counts."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def checked_seat(seat: Any, players: int) -> int:
    """A seat given to the API as a whole number from 0 to ``players - 1`` (numpy's integers
    too), or a one-line :class:`AcetenError` that says how seats are counted."""
    number = whole_number(seat)
    if number is None:
        hint = " (P1 is seat 0)" if isinstance(seat, str) else ""
        raise AcetenError(f"a seat is a whole number from 0 to {players - 1}{hint}, not {seat!r}")
    if not 0 <= number < players:
        raise AcetenError(f"no seat {number} in a {players}-player game (seats are 0 to "
                          f"{players - 1})")
    return number


def _whole_seed(seed: Any) -> int:
    """A seed is a whole number (any size, negative too): the shuffle and the record's [Seed]
    both read it so."""
    number = whole_number(seed)
    if number is None:
        raise AcetenError(f"a seed is a whole number, not {seed!r}")
    return number


def _shuffled_deal(constants: dict[str, Any], seed: int) -> Deal:
    """The deal of ``seed``: the deck shuffled (unless stacked), dealt in hands and a stock."""
    cards = [*constants["_deck"]]
    if not constants["_stacked"]:
        shuffled(seed, cards)
    return Deal(tuple([tuple(cards[start:stop]) for start, stop in constants["_hand_slices"]]),
                tuple(cards[constants["_stock_from"]:]))


def _fresh(rules: Rules, seed: int | None, deal: Deal, constants: dict[str, Any]) -> dict[str, Any]:
    """The attributes of a Game at the start of ``deal``: the rules' constants and its own."""
    n = rules.players
    # The position in the one flat layout (aceten.rules.layout): the step function of
    # aceten.rules.step moves it on; everything else here is bookkeeping for the API.
    # Every deal of these rules starts from the same state (_start: step.start_deal's)
    # but for its cards and, when the stock's last card is turned, the trump.
    S = constants["_start"][:]
    S[S_HAND:S_HAND + n] = [sum(map(_BIT_OF.__getitem__, hand)) for hand in deal.hands]
    slen = len(deal.stock)
    S[S_STOCK:S_STOCK + slen] = map((63).__and__, deal.stock)
    S[S_SLEN] = slen
    if constants["_turned"]:
        S[S_TRUMP] = (S[S_STOCK + slen - 1] >> 4) & 3
    k = rules.options["open_cards"]
    # A copy of the constants, which hold every key of a Game (see _PER_GAME): each value set
    # below replaces a placeholder, and the dict never grows.
    d = constants.copy()
    d["rules"] = rules
    d["seed"] = seed
    d["deal"] = deal
    d["_S"] = S
    d["_open"] = [sum([1 << (c & 63) for c in hand[:k]]) for hand in deal.hands] if k else [0] * n
    d["_history"] = []
    d["_moves"] = []
    d["_undo"] = []
    d["_log"] = []
    d["_bids"] = []
    d["_trick_objs"] = []
    d["_trick_srcs"] = []
    d["_view_events"] = {}
    d["_view_templates"] = [None] * n
    if constants["_duel"]:  # (its trump is known at the deal)
        d["_duel_row"] = constants["_duels"][S[S_TRUMP]]
    return d


# The attributes of a Game that are its own (set by _fresh), with their placeholders in the
# constants: None for those _fresh sets, the start value of those it leaves.
_PER_GAME = {"rules": None, "seed": None, "deal": None, "_S": None, "_open": None, "_history": None,
             "_moves": None, "_undo": None, "_log": None, "_bids": None, "_trick_objs": None,
             "_trick_srcs": None, "_view_events": None, "_view_templates": None,
             "_open_cache": None, "_tricks_cache": (None, ()), "_duel_row": None}


_CONSTANTS: dict[int, tuple[Rules, dict[str, Any]]] = {}


def _engine_constants(rules: Rules) -> dict[str, Any]:
    """What every Game of these rules reads from them, worked out once per rules object."""
    found = _CONSTANTS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    k = rules.options["open_cards"]
    hidden = rules.hidden_teams  # a card may reveal the teams: every card goes through the step
    # A card short of the trick's end only moves from the hand to the trick (no draw after each
    # play, open card nor hidden team; on a lead, no trump named nor bonus scored by it)...
    light = k == 0 and rules.draw != "after-play" and not hidden
    light_lead = light and not rules.has_lead_bonus and rules.trump_mode != "first-lead"
    light_finish = light and rules.roem is None  # ... and the trick's end needs no roem
    # Two seats, no duty on which card to play, both cards of a trick on the fast paths, the
    # trump known at the deal, and no stock or draws after each trick: a _Duel.
    duel = (rules.players == 2 and not rules.obligations.parts and light_lead and light_finish
            and rules.trump_mode in ("turned", "given")
            and (rules.R[R_DRAW] == DRAW_AFTER_TRICK or rules.R[R_STOCK] == 0))
    n, h = rules.players, rules.hand_size
    first = (rules.options["dealer"] + 1) % n  # the first seat dealt to
    start = [0] * S_SIZE  # the state every deal starts from, but for its cards (see _fresh)
    start[S_SLEN] = rules.R[R_STOCK]
    step.start_deal(start, rules.R)
    start[S_SLEN] = 0
    constants = {
        **_PER_GAME,
        "_n": rules.players, "_family": rules.family, "_R": rules.R, "_T": rules.T,
        "_obliged": bool(rules.obligations.parts), "_exchange": rules.has_extra_moves,
        "_roem": rules.roem, "_marriage": rules.marriage, "_suits": rules.suits,
        "_cards": rules.cards_by_bit,
        "_hand_cards": hand_cards_cache(rules.family),
        # A card's bit in a hand mask by its code, 0 for the cards of another family.
        "_bit_of": [1 << (code & 63) if code >> 6 == rules.family else 0 for code in range(256)],
        "_has_open": k > 0,
        "_no_open": tuple(CardSet(0, rules.family) for _ in range(rules.players)),
        "_turned": rules.trump_mode == "turned",
        "_hidden": hidden, "_auction": rules.part(Auction) is not None,
        "_draw_after_trick": rules.R[R_DRAW] == DRAW_AFTER_TRICK,
        "_tricks_per_deal": rules.R[R_TRICKS], "_last_bonus": rules.R[R_LAST_BONUS],
        # (winner's place, points) of each pair of cards (first << 6 | second) by trump,
        # filled as they come by Game.push and shared by the games of these rules (2 players).
        "_duels": [[None] * (1 << 12) for _ in range(4)] if rules.players == 2 else [],
        # push's path for a card by the trick's length before it: _MID (a card short of the
        # trick's end only moves to the trick), _END (the trick's end without the step) or 0
        # (the step, undone from a copy).
        "_path": tuple(_MID if t + 1 < rules.players and (light if t else light_lead)
                       else _END if t + 1 == rules.players and light_finish
                       else 0 for t in range(rules.players)),
        "_duel": duel,
        "_free_hand": not rules.obligations.parts and not rules.has_extra_moves,
        # The deal: the deck in dealing order, each seat's slice of it, where the stock starts.
        "_deck": rules.deck, "_stacked": bool(rules.options["stacked"]),
        "_hand_slices": tuple(((s - first) % n * h, ((s - first) % n + 1) * h) for s in range(n)),
        "_stock_from": n * h,
        "_start": start,
        "_next_seat": tuple((s + 1) % rules.players for s in range(rules.players)),
        "_draw_order": tuple(tuple((w + i) % rules.players for i in range(rules.players))
                             for w in range(rules.players)),
    }  # fmt: skip
    _CONSTANTS[id(rules)] = (rules, constants)
    return constants
_MID, _END = 1, 2  # Game._path's fast paths
assert PHASE_PLAY == 0, "Game.push reads a phase of 0 as the play"
_BIT_OF = [1 << (code & 63) for code in range(1 << 8)]  # a card's bit in its hand mask, by code
_PHASE_NAMES = {PHASE_PLAY: "play", PHASE_BID: "bid", PHASE_CALL: "call", PHASE_OVER: "over",
                PHASE_AUCTION: "auction", PHASE_CALL_CARD: "call-card"}
_new_object = object.__new__
_set_attribute = object.__setattr__


def _as_rules(rules: object) -> Rules:
    """What Game was given for rules that are not :class:`Rules`: a game's name stands for its
    default players and variant; anything else is a TypeError that names both ways."""
    if isinstance(rules, str):
        return get_rules(rules)
    raise TypeError(f"Game takes Rules or a game's name, not {type(rules).__name__}: "
                    f"aceten.new_game('briscola', players=4) or "
                    f"Game(aceten.rules.get('briscola'))")


def new_game(name: str, players: int | None = None, variant: str | None = None,
             seed: int | None = None, **options: Any) -> Game:
    """Start a deal of ``name`` ("briscola", "brisca", "cruce", "klaverjas"); same seed, same game."""
    return Game(get_rules(name, players=players, variant=variant, **options), seed=seed)
