"""The engine: one deal of any of the four games, with push/pop, views and outcomes.

State is kept lean for speed: hands are int masks, the current trick a list of ``Card``
(ints), finished tricks raw tuples turned into :class:`Trick` objects only when asked for.
Undo keeps a snapshot of the state before each move that does more than move one card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

from aceten.cards import Card, CardSet, Suit, cards_of, hand_cards_cache
from aceten.errors import AcetenError, IllegalMove
from aceten.moves import Bid, Exchange, Move, TrumpCall, parse_move
from aceten.rules.base import Rules


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
        """The trick as a picture in notebooks (see :mod:`aceten.svg`)."""
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
class Outcome:
    """The result of a finished deal, per seat and per team (teams are single seats in 2-3 player
    games). ``scores`` is what the deal is worth in the game's own unit (card points for
    Briscola and Brisca, game points for Cruce, points after nat and roem for Klaverjas)."""

    points: tuple[int, ...]  # card points won per seat (bonuses not included)
    tricks: tuple[int, ...]
    bonus: tuple[int, ...]  # marriages / roem per seat
    team_points: tuple[int, ...]
    team_tricks: tuple[int, ...]
    scores: tuple[int, ...]  # per team
    winner: int | None  # team index; None for a draw
    teams: tuple[tuple[int, ...], ...]
    notes: tuple[str, ...] = ()

    def team_name(self, team: int) -> str:
        members = self.teams[team]
        if len(members) == 1:
            return f"P{members[0] + 1}"
        return "team " + "+".join(f"P{s + 1}" for s in members)

    @property
    def result(self) -> str:
        """One line: who won, and the scores."""
        scores = " - ".join(f"{self.team_name(t)} {s}" for t, s in enumerate(self.scores))
        head = "draw" if self.winner is None else f"{self.team_name(self.winner)} wins"
        return f"{head}: {scores}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "tricks": list(self.tricks),
            "bonus": list(self.bonus),
            "team_points": list(self.team_points),
            "team_tricks": list(self.team_tricks),
            "scores": list(self.scores),
            "winner": self.winner,
            "teams": [list(t) for t in self.teams],
            "notes": list(self.notes),
            "result": self.result,
        }


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see: its hand, everything public, and its own draws — nothing else.

    ``events`` is the seat's history in order: ``("deal", seat, card|None)``,
    ``("turn", None, card)`` (the face-up trump), ``("play", seat, card)``,
    ``("draw", seat, card|None)``, ``("swap", seat, card)``, ``("bid", seat, n)``,
    ``("call", seat, suit|None)``; ``None`` marks a card this seat has not seen.
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

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, in notebooks (see :mod:`aceten.svg`)."""
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


PlayerView.events = _LazyEvents()  # type: ignore[assignment,misc]


class Game:
    """One deal of a game, python-chess style: ``legal_moves()``, ``push()``, ``pop()``."""

    def __init__(self, rules: Rules, *, seed: int | None = None, deal: Deal | None = None):
        self.rules = rules
        if deal is None:
            if seed is None:
                seed = random.randrange(2**32)
            deal = self._shuffled_deal(seed)
        else:
            self._check_deal(deal)
        self.seed = seed
        self.deal = deal
        self._reset()

    # -- setting up ------------------------------------------------------------------------
    def _shuffled_deal(self, seed: int) -> Deal:
        rules = self.rules
        cards = list(rules.deck)
        if not rules.options["stacked"]:
            random.Random(seed).shuffle(cards)
        n, h = rules.players, rules.hand_size
        first = (rules.options["dealer"] + 1) % n
        hands: list[tuple[Card, ...]] = [()] * n
        for i in range(n):
            hands[(first + i) % n] = tuple(cards[i * h:(i + 1) * h])
        return Deal(tuple(hands), tuple(cards[n * h:]))

    def _check_deal(self, deal: Deal) -> None:
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

    def _reset(self) -> None:
        rules, deal = self.rules, self.deal
        n = rules.players
        self._n = n
        self._family = rules.family
        self._hands = [sum(c.bit for c in hand) for hand in deal.hands]
        self._stock = list(deal.stock)
        self._drawn = 0
        k = rules.options["open_cards"]
        self._open = [sum(c.bit for c in hand[:k]) for hand in deal.hands]
        self._trump: Suit | None = None
        if rules.trump_mode == "turned":
            self._trump = self._stock[-1].suit
        elif rules.trump_mode == "given":
            self._trump = rules.options["trump"]
        self._leader = (rules.options["dealer"] + 1) % n
        self._to_move = self._leader
        self._trick: list[Card] = []
        self._history: list[tuple[int, tuple[Card, ...], int, int, int, tuple[str, ...]]] = []
        self._points = [0] * n
        self._bonus = [0] * n
        self._tricks_won = [0] * n
        self._won = [0] * n
        self._moves: list[Move] = []
        self._undo: list[tuple[Any, ...] | None] = []
        self._log: list[tuple[str, int | None, Any]] = []
        self._bids: list[tuple[int, Move]] = []
        self.declarer: int | None = None  # Cruce's highest bidder, Klaverjas's trump caller
        self.contract = 0  # Cruce: the bid to make
        self._phase = "play"
        self._phase = rules.start_phase(self)
        # A move that only moves one card from a hand to the trick is undone without a snapshot.
        self._light_undo = k == 0 and rules.draw != "after-play"
        self._light_lead = self._light_undo and not rules.has_lead_bonus and rules.trump_mode != "first-lead"
        self._after_play = rules.draw == "after-play"
        self._obliged = bool(rules.obligations.parts)
        self._hand_cards = hand_cards_cache(self._family)
        self._trick_objs: list[Trick] = []  # Trick objects of _history, built once
        self._view_events: dict[int, tuple[int, Any, list[Any], set[Card | None]]] = {}
        self._open_cache: tuple[tuple[int, ...], tuple[CardSet, ...]] | None = None
        self._has_open = k > 0
        self._view_templates: list[dict[str, Any] | None] = [None] * n
        self._tricks_cache: tuple[Any, tuple[Trick, ...]] = (None, ())
        self._no_open = tuple(CardSet(0, self._family) for _ in range(n))
        self._turned = rules.trump_mode == "turned"

    # -- reading the position ------------------------------------------------------------
    @property
    def players(self) -> int:
        return self._n

    @property
    def to_move(self) -> int:
        """The seat to move (0-based; shown to people as P1, P2, ...)."""
        return self._to_move

    @property
    def phase(self) -> str:
        """``"bid"`` (Cruce), ``"call"`` (Klaverjas trump), ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def trump(self) -> Suit | None:
        return self._trump

    @property
    def trump_card(self) -> Card | None:
        """The face-up trump card while it still lies under the stock."""
        if self.rules.trump_mode == "turned" and self._drawn < len(self._stock):
            return self._stock[-1]
        return None

    @property
    def turned_card(self) -> Card | None:
        """The card turned up as trump at the deal (whoever holds it now)."""
        return self.deal.stock[-1] if self.rules.trump_mode == "turned" else None

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, in drawing order."""
        return tuple(self._stock[self._drawn:])

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order from ``leader``."""
        return tuple(self._trick)

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks())

    def _tricks(self) -> list[Trick]:
        """The Trick objects of the finished tricks, built once each (undo may drop some)."""
        objs, hist = self._trick_objs, self._history
        while objs and (len(objs) > len(hist) or objs[-1].cards is not hist[len(objs) - 1][1]):
            objs.pop()
        for i in range(len(objs), len(hist)):
            objs.append(Trick(i + 1, *hist[i]))
        return objs

    @property
    def moves(self) -> list[Move]:
        """Every move pushed so far (the move stack)."""
        return list(self._moves)

    @property
    def points(self) -> tuple[int, ...]:
        """Card points won so far, per seat."""
        return tuple(self._points)

    @property
    def bonus(self) -> tuple[int, ...]:
        """Marriages (Cruce) or roem (Klaverjas) scored so far, per seat."""
        return tuple(self._bonus)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return tuple(self._tricks_won)

    @property
    def bids(self) -> list[tuple[int, Move]]:
        """Bids (Cruce) or trump calls (Klaverjas) in order, as (seat, move)."""
        return list(self._bids)

    def hand(self, seat: int) -> CardSet:
        return CardSet(self._hands[seat], self._family)

    def won_cards(self, seat: int) -> CardSet:
        return CardSet(self._won[seat], self._family)

    def team_of(self, seat: int) -> int:
        return self.rules.seat_team[seat]

    def is_over(self) -> bool:
        return self._phase == "over"

    def outcome(self) -> Outcome | None:
        """The result once the deal is over, else None."""
        return self.rules.outcome(self) if self._phase == "over" else None

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self._family)

    # -- moves ---------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The moves the seat to move may make (cards, or bids/calls/exchanges)."""
        if self._phase == "play":
            hand = self._hands[self._to_move]
            if self._obliged and self._trick:
                hand = self.rules.legal_mask(hand, self._trick, self._trump,
                                             self._drawn >= len(self._stock))[0]
            cached = self._hand_cards.get(hand)
            moves: list[Move] = list(cached if cached is not None else cards_of(hand, self._family))
            if self.rules.has_extra_moves:
                moves += self.rules.extra_moves(self)
            return moves
        if self._phase == "over":
            return []
        return self.rules.phase_moves(self)

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
        if self._phase != "play":
            raise IllegalMove(self._phase_error(move))
        seat = self._to_move
        bit = 1 << (move & 63)
        hand = self._hands[seat]
        if not hand & bit or move >> 6 != self._family:
            raise IllegalMove(f"illegal move {move} for P{seat + 1}: not in hand "
                              f"({CardSet(hand, self._family)})")
        trick = self._trick
        if self._obliged and trick:
            legal, reason = self.rules.legal_mask(hand, trick, self._trump,
                                                  self._drawn >= len(self._stock))
            if not legal & bit:
                raise IllegalMove(f"illegal move {move} for P{seat + 1}: {reason} "
                                  f"(may play {CardSet(legal, self._family)})")
        n = self._n
        if trick:
            finishing = len(trick) + 1 == n
            self._undo.append(None if self._light_undo and not finishing else self._snapshot())
        else:
            finishing = n == 1
            self._undo.append(None if self._light_lead else self._snapshot())
        self._hands[seat] = hand ^ bit
        self._log.append(("play", seat, move))
        if not trick:
            self._on_lead(seat, move)
        trick.append(move)
        self._moves.append(move)
        if self._open[seat] & bit:
            self._open[seat] ^= bit
        if self._after_play and self._drawn < len(self._stock):
            self._draw(seat)
        if finishing:
            self._finish_trick()
        else:
            self._to_move = (seat + 1) % n

    def _on_lead(self, seat: int, card: Card) -> None:
        if self._trump is None and self.rules.trump_mode == "first-lead":
            self._trump = card.suit
        if self.rules.has_lead_bonus:
            bonus = self.rules.lead_bonus(self, seat, card)
            if bonus is not None:
                self._bonus[seat] += bonus[0]
                self._log.append(("bonus", seat, bonus))

    def _draw(self, seat: int) -> None:
        card = self._stock[self._drawn]
        self._drawn += 1
        self._hands[seat] |= 1 << (card & 63)
        self._log.append(("draw", seat, card))

    def _finish_trick(self) -> None:
        rules, n = self.rules, self._n
        cards = tuple(self._trick)
        trump = self._trump
        winner = (self._leader + rules._winner_index(cards, trump)) % n
        tsuit = -1 if trump is None else int(trump) & 3
        plain, trumps = rules.plain_pts, rules.trump_pts
        points = 0
        mask = 0
        for card in cards:
            bit = card & 63
            points += trumps[bit] if (card >> 4) & 3 == tsuit else plain[bit]
            mask |= 1 << bit
        last = len(self._history) + 1 == rules.tricks_per_deal
        if last:
            points += rules.last_trick_bonus
        bonus, notes = 0, ()
        if rules.has_trick_bonus:
            found = rules.trick_bonus(cards, trump)
            if found is not None:
                bonus, note = found
                notes = (note,)
                self._bonus[winner] += bonus
        self._points[winner] += points
        self._tricks_won[winner] += 1
        self._won[winner] |= mask
        self._history.append((self._leader, cards, winner, points, bonus, notes))
        self._trick = []
        self._leader = self._to_move = winner
        if rules.draw == "after-trick" and self._drawn < len(self._stock):
            for i in range(n):
                self._draw((winner + i) % n)
        if last:
            self._phase = "over"

    def _push_other(self, move: Move) -> None:
        if not isinstance(move, (Bid, TrumpCall, Exchange)):
            # Not a move at all; a bare int must not pass as the card with that code.
            raise IllegalMove(f"not a move: {move!r} (expected a card, a bid, a trump call "
                              f"or an exchange)")
        if move not in self.legal_moves():
            raise IllegalMove(self._other_error(move))
        self._undo.append(self._snapshot())
        self._moves.append(move)
        if self._phase == "play":
            self.rules.apply_extra_move(self, move)
        else:
            self.rules.apply_phase_move(self, move)

    def _phase_error(self, move: Move) -> str:
        if self._phase == "over":
            return f"illegal move {move}: the deal is over"
        wanted = {"bid": "a bid (bid:0 .. bid:6)", "call": "a trump call (trump:S or pass)"}
        return (f"illegal move {move} for P{self._to_move + 1}: the "
                f"{'bidding' if self._phase == 'bid' else 'trump call'} comes first; "
                f"expected {wanted.get(self._phase, self._phase)}")

    def _other_error(self, move: Move) -> str:
        who = f"P{self._to_move + 1}"
        if self._phase == "over":
            return f"illegal move {move}: the deal is over"
        if isinstance(move, Exchange):
            return f"illegal move {move} for {who}: no exchange is possible now"
        if self._phase == "play":
            return f"illegal move {move} for {who}: it is time to play a card"
        options = " ".join(str(m) for m in self.legal_moves())
        if isinstance(move, (Bid, TrumpCall)):
            return f"illegal move {move} for {who}: may choose {options}"
        return f"illegal move {move} for {who}"

    def pop(self) -> Move:
        """Undo the last move exactly, and return it."""
        if not self._moves:
            raise AcetenError("no move to undo")
        move = self._moves.pop()
        saved = self._undo.pop()
        if saved is None:  # a card played in mid-trick, nothing else changed
            seat = (self._to_move - 1) % self._n
            self._hands[seat] |= 1 << (move & 63)  # type: ignore[operator]
            self._trick.pop()
            self._log.pop()
            self._to_move = seat
        else:
            self._restore(saved)
        return move

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._phase, self._to_move, self._leader, self._trump, self._drawn,
                self._trick[:], self._hands[:], self._points[:], self._bonus[:],
                self._tricks_won[:], self._won[:], len(self._history), len(self._log),
                self._open[:], self._stock[-1] if self._stock else None, len(self._bids),
                self.declarer, self.contract)  # fmt: skip

    def _restore(self, s: tuple[Any, ...]) -> None:
        (self._phase, self._to_move, self._leader, self._trump, self._drawn, self._trick,
         self._hands, self._points, self._bonus, self._tricks_won, self._won, nhist, nlog,
         self._open, last, nbids, self.declarer, self.contract) = s
        del self._history[nhist:]
        del self._log[nlog:]
        del self._bids[nbids:]
        if last is not None:
            self._stock[-1] = last

    def copy(self) -> Game:
        """An independent game in the same position (with the same move stack)."""
        other = Game(self.rules, seed=self.seed, deal=self.deal)
        for move in self._moves:
            other.push(move)
        return other

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: its own hand and draws, the public cards, never the rest."""
        if not 0 <= seat < self._n:
            raise AcetenError(f"no seat {seat} in a {self._n}-player game")
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
            for s, hand in enumerate(self.deal.hands):
                for i, card in enumerate(hand):
                    events.append(("deal", s, card if s == seat or i < k else None))
            if turned is not None:
                events.append(("turn", None, turned))
            face_up = {turned}  # cards that lay face up under the stock: their draw is public
            start = 0
        n = len(log)
        for j in range(start, n):
            entry = log[j]
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
        hand = _new_object(CardSet)
        hand.mask = self._hands[seat]
        hand.family = fam
        d["hand"] = hand
        over = self._phase == "over"
        if not over:
            d["to_move"] = self._to_move
            if seat == self._to_move:
                d["legal_moves"] = tuple(self.legal_moves())
        d["phase"] = self._phase
        d["trump"] = self._trump
        if self._turned and self._drawn < len(self._stock):
            d["trump_card"] = self._stock[-1]
        d["stock_size"] = len(self._stock) - self._drawn
        d["leader"] = self._leader
        d["trick"] = tuple(self._trick)
        d["tricks"] = self._tricks_tuple()
        d["hand_sizes"] = tuple(map(int.bit_count, self._hands))
        if self._has_open:
            d["open_cards"] = self._open_sets()
        d["points"] = tuple(self._points)
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
                "_events_source": None,
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
        return list(self._log)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} players={self._n} seed={self.seed} "
                f"moves={len(self._moves)} phase={self._phase}>")

    def __str__(self) -> str:
        from aceten.show.text import game_text

        return game_text(self)

    def _repr_svg_(self) -> str:
        """The table with every hand face up, in notebooks (see :mod:`aceten.svg`)."""
        from aceten.show import svg

        return svg.table(self)


_new_object = object.__new__
_set_attribute = object.__setattr__


def new_game(name: str, players: int | None = None, variant: str | None = None,
             seed: int | None = None, **options: Any) -> Game:
    """Start a deal of ``name`` ("briscola", "brisca", "cruce", "klaverjas"); same seed, same game."""
    from aceten.rules import get

    return Game(get(name, players=players, variant=variant, **options), seed=seed)
