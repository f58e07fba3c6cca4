"""Positions for ``aceten ask``: what is known of a deal (TOML file or command-line flags).

A position names the game (variant, player count, rule options), who leads, the trump (a suit,
or the face-up card), what is known of each dealt hand and of the stock order, and optionally
the history so far (a ``.tgn`` record, possibly written from one seat's view with ``??``).
Everything not given is unknown and ranges over every possibility the rules allow.

    game = "briscola"
    players = 4
    leader = "P1"
    trump = "S"                     # a suit (given trump) or a card (the face-up trump)
    goal = "tricks(P1) >= 4"
    [options]
    draw = "after-play"
    [hands]
    P1 = "7C 2S 2O"                 # known cards; "7C ?? ??" or a count (3) for unknown ones
    [stock]                         # or: stock = "?? ?? ... 7S", all positions in drawing order
    1 = "AS"                        # position 1 is drawn first
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aceten.cards import Card, Suit
from aceten.errors import AcetenError, RecordError
from aceten.game import Game
from aceten.moves import AuctionBid, Bid, CallCard, Exchange, TrumpCall, parse_move
from aceten.rules import get as get_rules
from aceten.rules.base import Rules
from aceten.rules.parts import Auction

UNKNOWN = "??"
KEYS = ("game", "players", "variant", "options", "dealer", "leader", "trump", "hands", "stock",
        "history", "moves", "goal")


@dataclass(frozen=True)
class Play:
    """A card played in the history: trick and position in it (0-based), the card or None."""

    trick: int
    position: int
    card: Card | None


@dataclass(frozen=True)
class Swap:
    """A Brisca exchange in the history, made by the player at ``position`` of ``trick``."""

    trick: int
    position: int
    card: Card


@dataclass(frozen=True)
class Turn:
    """A record's ``P2:`` marker: ``seat`` is at ``position`` of ``trick``."""

    trick: int
    position: int
    seat: int


@dataclass(frozen=True)
class Position:
    """What is known of a deal; see the module docstring. Seats are 0-based."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]  # known cards of each dealt hand
    stock: tuple[Card | None, ...]  # the stock as dealt, in drawing order; None = unknown
    history: tuple[Play | Swap | Turn, ...] = ()
    declarer: int | None = None  # the seat that called trump (Klaverjas) or won the auction
    called: Suit | None = None  # the trump called in the history
    calls: tuple[Suit | None, ...] = ()  # Klaverjas: the history's calls and passes, in order
    goal: str | None = None
    notes: dict[str, Any] = field(default_factory=dict)
    # An auction for a hidden partner (see rules.parts.auction): its bids and the call, to replay
    # before the play; the called card (its holder is the caller's partner) and the target.
    prelude: tuple[AuctionBid | CallCard, ...] = ()
    called_card: Card | None = None
    call_options: tuple[Card, ...] = ()  # the auction is won but no card called: the choices
    contract: int | None = None
    first_leader: int | None = None  # who leads the first trick, when the auction decides it
    # A record's finished Cruce bidding ("P3 won the bidding with 6"): ask models the play after
    # it, from the winner's lead, so its rules are those without bidding; the contract's score
    # is not modelled (``refuse_unmodelled``).
    bidding: str | None = None

    @property
    def leader(self) -> int:
        """The seat that leads the first trick (the seat after the dealer, unless the auction's
        winner leads)."""
        if self.first_leader is not None:
            return self.first_leader
        return (self.rules.options["dealer"] + 1) % self.rules.players

    @property
    def face_up(self) -> Card | None:
        """The face-up trump card, when the game turns one and it is known."""
        if self.rules.trump_mode == "turned" and self.stock:
            return self.stock[-1]
        return None

    def describe(self) -> list[str]:
        """The position in a few lines, for people."""
        rules = self.rules
        opts = ", ".join(f"{k}={v}" for k, v in _given(rules).items())
        head = f"{rules.name}, {rules.players} players" + (f", {rules.variant}" if
                                                        rules.variant != "standard" else "")
        lines = [head + (f" ({opts})" if opts else "")]
        lines.append(f"P{self.leader + 1} leads the first trick; trump: {_trump_words(self)}")
        for seat, known in enumerate(self.hands):
            unknown = rules.hand_size - len(known)
            text = " ".join(str(c) for c in known)
            if unknown:
                text = (text + " " if text else "") + " ".join([UNKNOWN] * unknown)
            lines.append(f"P{seat + 1}: {text}")
        if self.stock:
            n_known = sum(c is not None for c in self.stock)
            lines.append(f"stock ({len(self.stock)} cards, {n_known} known): "
                         + " ".join(str(c) if c else UNKNOWN for c in self.stock))
        if self.called_card is not None and self.declarer is not None:
            lines.append(f"auction: P{self.declarer + 1} bid for {self.contract} and called "
                         f"{self.called_card}: its holder is the partner (unknown here unless a "
                         "hand shows it)")
        elif self.call_options and self.declarer is not None:
            lines.append(f"auction: P{self.declarer + 1} won it for {self.contract} and is to "
                         f"call one of {' '.join(map(str, self.call_options))} (its holder will "
                         "be the partner)")
        if self.bidding is not None:
            lines.append(f"bidding: {self.bidding}; ask models the play from the first lead "
                         "(the contract's score is not modelled)")
        plays = [e for e in self.history if isinstance(e, Play)]
        if plays:
            lines.append(f"history: {len(plays)} cards played")
        return lines

    def refuse_unmodelled(self, text: str) -> None:
        """Refuse a goal or statement that asks what this position does not model: the score of
        a deal whose bidding fixed a contract."""
        if self.bidding is not None and re.search(r"\bscore\s*\(", text, re.IGNORECASE):
            raise AcetenError(f"score(...) is not modelled after a bidding ({self.bidding}): "
                              "the contract decides it; ask about points, tricks or marriages")


def _trump_words(pos: Position) -> str:
    rules = pos.rules
    mode = rules.trump_mode
    if mode == "given":
        return f"{rules.options['trump'].name} (given)"
    if mode == "turned":
        card = pos.face_up
        return f"the face-up card {card}" if card else "the face-up card (unknown)"
    if mode == "first-lead":
        return "the suit of the first card led"
    if pos.call_options:
        return "the suit of the card the auction's winner calls"
    if pos.called is not None:
        return f"{pos.called.name} (called)"
    return "called by the first player (any suit)"


def _given(rules: Rules) -> dict[str, Any]:
    from aceten.rules.base import _plain

    return {k: _plain(v) for k, v in rules.given_options.items() if k != "dealer"}


# -- reading -------------------------------------------------------------------------------------
MAX_POSITION_BYTES = 2**20
"""The largest position file read: 1 MiB (a position is a few hundred bytes)."""


def load(path: str | Path) -> Position:
    """Read a position from a TOML file (errors name the file and the problem)."""
    from aceten.record import read_text

    path = Path(path)
    text = read_text(path, limit=MAX_POSITION_BYTES)
    return loads(text, base=path.parent, name=str(path))


def loads(text: str, *, base: str | Path | None = None, name: str = "position",
          overrides: dict[str, Any] | None = None) -> Position:
    """Read a position from TOML text; ``overrides`` (from command-line flags) win."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise AcetenError(f"{name}: malformed TOML: {err}") from None
    return from_dict(merge(data, overrides or {}), base=base, name=name)


def merge(data: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """``data`` with ``overrides`` on top (tables ``options``, ``hands``, ``stock`` merged)."""
    out = dict(data)
    for key, value in overrides.items():
        if value is None:
            continue
        if key in ("options", "hands") and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def from_dict(data: dict[str, Any], *, base: str | Path | None = None,
              name: str = "position") -> Position:
    """Build and check a position from plain data (a parsed TOML table)."""
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise AcetenError(f"{name}: unknown key {unknown[0]!r} (known keys: {', '.join(KEYS)})")
    record = None
    if data.get("history") is not None:
        record = read_history(data["history"], base)
    rules = _rules(data, record, name)
    bidding = None
    if record is not None and rules.start_phase == "bid":
        rules, bidding = _after_bidding(rules, record, name)
    hands = _hands(data.get("hands"), rules, name)
    stock = _stock(data.get("stock"), rules, name)
    if data.get("trump") is not None and rules.trump_mode == "turned":
        face_up = _card(rules, data["trump"], f"{name}: trump")
        if not stock:
            raise AcetenError(f"{name}: trump {face_up}: this game turns up no trump card")
        if stock[-1] is not None and stock[-1] != face_up:
            raise AcetenError(f"{name}: trump {face_up} but the stock's last card is {stock[-1]}")
        stock = (*stock[:-1], face_up)
    if record is not None:
        hands, stock = _deal_from_record(record, rules, hands, stock, name)
    events, declarer, called, calls, prelude = _events(data, record, rules, name,
                                                       bids_done=bidding is not None)
    _check_cards(rules, hands, stock, events, name)
    goal = data.get("goal")
    if goal is not None and not isinstance(goal, str):
        raise AcetenError(f"{name}: goal must be a string, like \"tricks(P1) >= 4\"")
    return Position(rules=rules, hands=hands, stock=stock, history=tuple(events),
                    calls=tuple(calls), goal=goal, bidding=bidding,
                    **_decided(rules, prelude, name, declarer=declarer, called=called))


def from_game(game: Game, *, seat: int | None = None) -> Position:
    """The position ``game`` has reached: its deal and every move so far, as its record gives
    them; with ``seat`` (0-based), only what that seat has seen (the others' cards unknown)."""
    from aceten import record
    from aceten.game import checked_seat

    if not isinstance(game, Game):
        raise AcetenError(f"from_game takes a Game (every card known), not "
                          f"{type(game).__name__}")  # a PlayerView: Knowledge, aceten ask FILE
    if seat is not None:
        seat = checked_seat(seat, game.players)
    who = "" if seat is None else f" as P{seat + 1} sees it"
    return from_dict({"history": record.dumps(game, seat=seat)}, name=f"the game{who}")


def coerce(value: Position | Game) -> Position:
    """A :class:`Position` as it is, or a :class:`~aceten.game.Game`'s (:func:`from_game`):
    what ``ask`` and ``prove`` take."""
    if isinstance(value, Position):
        return value
    if isinstance(value, Game):
        return from_game(value)
    raise AcetenError(f"a position is an aceten.Game or a logic.position.Position (load, loads, "
                      f"from_dict, from_game), not {type(value).__name__}")


def every_deal(rules: Rules) -> Position:
    """The position that knows nothing: every deal of ``rules`` before its first move (what a
    statement with no position is about)."""
    name = f"every deal of {rules.name}"
    hands = _hands(None, rules, name)
    stock = _stock(None, rules, name)
    _check_cards(rules, hands, stock, [], name)
    return Position(rules=rules, hands=hands, stock=stock, **_decided(rules, [], name))


def _decided(rules: Rules, prelude: list[AuctionBid | CallCard], name: str, *,
             declarer: int | None = None, called: Suit | None = None) -> dict[str, Any]:
    """The position's fields the auction decides, where the rules have one (the caller, the
    called card and its suit, the target, the leader); else the history's declarer and call."""
    if rules.part(Auction) is None:
        return {"declarer": declarer, "called": called}
    auction = _settle_auction(rules, prelude, name)
    card = auction["called_card"]
    return {**auction, "called": card.suit if card is not None else None}


def _settle_auction(rules: Rules, prelude: list[AuctionBid | CallCard], name: str) -> dict[str, Any]:
    """Replay an auction and its call through the engine (the bids do not depend on the cards,
    so any deal will do) and read off the caller, the called card, the target and the leader.
    ``ask`` models the play after the call: an auction still open is refused."""
    from aceten.game import Game

    example = "moves = \"bid:A pass pass pass pass call:AS\""
    game = Game(rules, seed=0)
    for i, move in enumerate(prelude):
        try:
            game.push(move)
        except AcetenError as err:
            raise AcetenError(f"{name}: move {i + 1} ({move}): {err}") from None
    if game.is_over():
        raise AcetenError(f"{name}: everybody passed: the deal is thrown in and not played")
    if game.phase == "call-card" and game.declarer is not None:
        # the auction is won, the card not called yet: the call is part of the question
        options = tuple(m.card for m in game.legal_moves()
                        if isinstance(m, CallCard) and m.card in rules.deck)
        auction = rules.part(Auction)
        leader = game.declarer if auction is not None and auction.caller_leads else None
        return {"prelude": tuple(prelude), "declarer": game.declarer, "called_card": None,
                "call_options": options, "contract": game.contract, "first_leader": leader}
    if game.phase != "play" or game.called_card is None or game.declarer is None:
        raise AcetenError(f"{name}: ask models this game from the end of the auction on: give the "
                          f"whole auction (and the winner's call, if made) in the moves or the "
                          f"history, like {example}")
    return {"prelude": tuple(prelude), "declarer": game.declarer,
            "called_card": game.called_card, "contract": game.contract, "first_leader": game.leader}


def _after_bidding(rules: Rules, record: Any, name: str) -> tuple[Rules, str]:
    """A record's bidding (Cruce) replayed through the engine (the bids do not depend on the
    cards): the rules without bidding whose first leader is the winner, and who won it."""
    game = Game(rules, seed=0)
    for line, token in record.moves:
        if game.phase != "bid":
            break
        if token == UNKNOWN:
            raise AcetenError(f"{name}: history line {line}: a bid is never hidden, not ??")
        try:
            game.push(parse_move(token, rules.family))
        except AcetenError as err:
            raise AcetenError(f"{name}: history line {line}: {err}") from None
    if game.phase == "bid":
        raise AcetenError(f"{name}: the history's bidding is not over: ask models the play "
                          "after it (give the whole bidding, or option bidding = \"no\")")
    leader = game.leader
    options = {**rules.given_options, "bidding": "no", "dealer": (leader - 1) % rules.players}
    plain = get_rules(rules.name, players=rules.players, variant=rules.variant, **options)
    if game.declarer is None or not game.contract:
        return plain, f"nobody bid; P{leader + 1} leads"
    return plain, f"P{game.declarer + 1} won the bidding with {game.contract}"


def read_history(value: Any, base: str | Path | None = None) -> Any:
    """A position's history record: a :class:`~aceten.record.Record` as it is, the record's
    text, or a path (relative to ``base``, the position file's folder, where given); a record
    that cannot be read names its file."""
    from aceten import record as records

    if isinstance(value, records.Record):  # read already (the command line's --ply cuts it)
        return value
    if not isinstance(value, str):
        raise AcetenError("history must be the path of a .tgn record, or the record's text")
    if "[" in value:
        return records.parse(value)
    path = Path(value)
    if base is not None and not path.is_absolute():
        beside = Path(base) / path  # beside the position file: named so in errors
        if beside.resolve() != path.resolve():
            path = beside
    text = records.read_text(path)
    try:
        return records.parse(text)
    except RecordError as err:
        raise RecordError(f"{path}: {err}") from None


def _rules(data: dict[str, Any], record: Any, name: str) -> Rules:
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise AcetenError(f"{name}: options must be a table, like [options] draw = \"after-play\"")
    options = {str(k): v for k, v in options.items()}
    game = data.get("game")
    if record is not None:
        from_record = record.rules()
        if game is None:
            game = from_record.name
            data = {**data, "players": data.get("players") or from_record.players,
                    "variant": data.get("variant") or from_record.variant}
            options = {**{k: v for k, v in from_record.given_options.items()}, **options}
    if game is None:
        raise AcetenError(f"{name}: no game given (game = \"briscola\", \"brisca\", \"cruce\" "
                          "or \"klaverjas\")")
    trump = data.get("trump")
    if trump is not None:
        if not isinstance(trump, str):
            raise AcetenError(f"{name}: trump must be a suit (\"S\") or a card (\"7S\")")
        if not _looks_like_card(trump):
            options["trump"] = trump
    dealer, leader = data.get("dealer"), data.get("leader")
    if dealer is not None:
        options["dealer"] = dealer
    try:
        rules = get_rules(str(game), players=data.get("players"), variant=data.get("variant"),
                          **options)
    except TypeError:
        raise AcetenError(f"{name}: options must be simple values") from None
    if leader is not None:
        seat = _seat(leader, rules.players, "leader")
        want = (seat - 1) % rules.players
        if dealer is not None and rules.options["dealer"] != want:
            raise AcetenError(f"{name}: dealer P{rules.options['dealer'] + 1} and leader "
                              f"P{seat + 1} disagree: the seat after the dealer leads")
        options["dealer"] = want
        rules = get_rules(str(game), players=data.get("players"), variant=data.get("variant"),
                          **options)
    if trump is not None and _looks_like_card(trump) and rules.trump_mode != "turned":
        raise AcetenError(f"{name}: trump {trump!r} is a card, but {rules.name} turns up no trump "
                          "card here; give a suit")
    if rules.start_phase == "bid" and record is None:
        raise AcetenError(f"{name}: bidding is not modelled by ask; set option "
                          "bidding = \"no\" (the seat after the dealer leads; choose it with "
                          "leader = \"P2\")")
    return rules


def _looks_like_card(text: str) -> bool:
    return len(text.strip()) >= 2 and text.strip() != UNKNOWN


def _seat(value: Any, players: int, what: str) -> int:
    text = str(value).strip()
    match = re.fullmatch(r"[Pp](\d+)", text)
    if not match:
        raise AcetenError(f"{what}: expected a player like P1, got {text!r}")
    from aceten.logic.goal import number, shown

    seat = number(match.group(1)) - 1  # P followed by 5,000 digits: no ValueError of int()
    if not 0 <= seat < players:
        raise AcetenError(f"{what}: no player P{shown(match.group(1))} in a {players}-player game "
                          f"(P1 to P{players})")
    return seat


def _card(rules: Rules, text: Any, where: str) -> Card:
    try:
        return rules.parse_card(str(text))
    except AcetenError as err:
        raise AcetenError(f"{where}: {err}") from None


def _tokens(value: Any, where: str) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [t for v in value for t in v.replace(",", " ").split()]
    raise AcetenError(f"{where}: expected cards like \"AS 3S ??\"")


def _hands(value: Any, rules: Rules, name: str) -> tuple[tuple[Card, ...], ...]:
    hands: list[tuple[Card, ...]] = [()] * rules.players
    if value is None:
        return tuple(hands)
    if not isinstance(value, dict):
        raise AcetenError(f"{name}: hands must be a table, like [hands] P1 = \"7C 2S 2O\"")
    for key, cards in value.items():
        seat = _seat(key, rules.players, f"{name}: hands")
        where = f"{name}: hands P{seat + 1}"
        if isinstance(cards, int) and not isinstance(cards, bool):
            if cards != rules.hand_size:
                raise AcetenError(f"{where}: {cards} cards, but {rules.name} deals "
                                  f"{rules.hand_size} to each player")
            continue
        tokens = _tokens(cards, where)
        if len(tokens) > rules.hand_size:
            raise AcetenError(f"{where}: {len(tokens)} cards, but {rules.name} with "
                              f"{rules.players} players deals {rules.hand_size}")
        known = [_card(rules, t, where) for t in tokens if t != UNKNOWN]
        if len(set(known)) != len(known):
            twice = next(c for c in known if known.count(c) > 1)
            raise AcetenError(f"{where}: {twice} is listed twice")
        hands[seat] = tuple(known)
    return tuple(hands)


def _stock(value: Any, rules: Rules, name: str) -> tuple[Card | None, ...]:
    size = rules.stock_size
    stock: list[Card | None] = [None] * size
    if value is None:
        return tuple(stock)
    if size == 0:
        raise AcetenError(f"{name}: {rules.name} with {rules.players} players has no stock")
    if isinstance(value, dict):
        from aceten.logic.goal import number, shown

        for key, text in value.items():
            if not (str(key).isascii() and str(key).isdigit()) or not 1 <= number(str(key)) <= size:
                raise AcetenError(f"{name}: stock position {shown(str(key))!r}: positions are 1 to "
                                  f"{size} in drawing order")
            stock[number(str(key)) - 1] = _card(rules, text, f"{name}: stock {key}")
        return tuple(stock)
    tokens = _tokens(value, f"{name}: stock")
    if len(tokens) != size:
        raise AcetenError(f"{name}: the stock lists {len(tokens)} cards, but it holds {size}; "
                          "list every position in drawing order with ?? for unknown cards, or "
                          "give a table of positions")
    return tuple(None if t == UNKNOWN else _card(rules, t, f"{name}: stock") for t in tokens)


def _deal_from_record(record: Any, rules: Rules, hands: tuple[tuple[Card, ...], ...],
                      stock: tuple[Card | None, ...], name: str):
    from aceten.errors import AcetenError as Err

    try:
        deal = record.deal(rules)
    except Err as err:
        raise AcetenError(f"history: {err}") from None
    if deal is None:
        return hands, stock
    merged = []
    for seat, (given, dealt) in enumerate(zip(hands, deal.hands)):
        if len(dealt) != rules.hand_size:
            raise AcetenError(f"history: [Deal] gives P{seat + 1} {len(dealt)} cards, not "
                              f"{rules.hand_size}")
        known = list(given) + [c for c in dealt if c is not None and c not in given]
        if len(known) > rules.hand_size:
            raise AcetenError(f"{name}: hands P{seat + 1} and the history's [Deal] disagree")
        merged.append(tuple(known))
    new_stock = list(stock)
    if deal.stock:
        if len(deal.stock) != len(stock):
            raise AcetenError(f"history: [Deal] has a stock of {len(deal.stock)}, not {len(stock)}")
        for j, card in enumerate(deal.stock):
            if card is None:
                continue
            if new_stock[j] is not None and new_stock[j] != card:
                raise AcetenError(f"{name}: stock position {j + 1} is {new_stock[j]} but the "
                                  f"history's [Deal] says {card}")
            new_stock[j] = card
    return tuple(merged), tuple(new_stock)


def _events(data: dict[str, Any], record: Any, rules: Rules, name: str, *,
            bids_done: bool = False):
    tokens: list[tuple[str, str]] = []  # (where, token)
    marks: dict[int, int] = {}
    if record is not None:
        tokens += [(f"history line {line}", tok) for line, tok in record.moves]
        marks = {index: seat for _, index, seat in record.leaders}
    if data.get("moves") is not None:
        if record is not None:
            raise AcetenError(f"{name}: give the history or the moves, not both")
        tokens += [("moves", tok) for tok in _tokens(data["moves"], f"{name}: moves")]
    events: list[Play | Swap | Turn] = []
    declarer: int | None = None
    called: Suit | None = None
    calls: list[Suit | None] = []
    prelude: list[AuctionBid | CallCard] = []
    auction = rules.part(Auction) is not None
    n = rules.players
    trick = position = 0
    leader = (rules.options["dealer"] + 1) % n
    for index, (where, token) in enumerate(tokens):
        if index in marks:
            events.append(Turn(trick, position, marks[index]))
        if token == UNKNOWN:
            move: Any = None
        else:
            try:
                move = parse_move(token, rules.family, auction=auction)
            except AcetenError as err:
                raise AcetenError(f"{where}: {err}") from None
        if isinstance(move, (AuctionBid, CallCard)):
            if not auction:
                raise AcetenError(f"{where}: {token}: this game has no auction")
            if events:
                raise AcetenError(f"{where}: {token}: the auction is over once the play begins")
            prelude.append(move)
            continue
        if isinstance(move, Bid):
            if bids_done:  # the record's bidding, already read by _after_bidding
                continue
            raise AcetenError(f"{where}: bids are not modelled by ask (Cruce bidding is out of "
                              "scope; use option bidding=no)")
        if isinstance(move, TrumpCall):
            if rules.trump_mode != "called" or events or called is not None:
                raise AcetenError(f"{where}: a trump call {token} is not possible here")
            forced = rules.options["trump_choice"] == "verplicht" or len(calls) >= n
            if move.suit is None and forced:
                raise AcetenError(f"{where}: P{(leader + len(calls)) % n + 1} must call trump here")
            seat = (leader + len(calls)) % n
            calls.append(move.suit)
            if move.suit is not None:
                declarer, called = seat, move.suit
            continue
        if trick >= rules.tricks_per_deal:
            raise AcetenError(f"{where}: {token}: the deal is over after "
                              f"{rules.tricks_per_deal} tricks")
        if isinstance(move, Exchange):
            events.append(Swap(trick, position, move.card))
            continue
        if rules.trump_mode == "called" and called is None and not auction:
            raise AcetenError(f"{where}: {token} is played before trump is called "
                              "(give trump = \"H\" or the call, like trump:H)")
        events.append(Play(trick, position, move))
        position += 1
        if position == n:
            trick, position = trick + 1, 0
    if len(tokens) in marks:
        events.append(Turn(trick, position, marks[len(tokens)]))
    return events, declarer, called, calls, prelude


def _check_cards(rules: Rules, hands: tuple[tuple[Card, ...], ...],
                 stock: tuple[Card | None, ...], events: list[Play | Swap | Turn], name: str) -> None:
    deck = set(rules.deck)
    where: dict[Card, str] = {}

    def note(card: Card, place: str) -> None:
        if card not in deck:
            raise AcetenError(f"{name}: {place}: {card} is not in the deck of this game")
        if card in where:
            raise AcetenError(f"{name}: {card} is given twice: {where[card]} and {place}")
        where[card] = place

    for seat, hand in enumerate(hands):
        for card in hand:
            note(card, f"in P{seat + 1}'s hand")
    for j, slot in enumerate(stock):
        if slot is not None:
            note(slot, f"at stock position {j + 1}")
    played: set[Card] = set()
    for event in events:
        if isinstance(event, Play) and event.card is not None:
            if event.card not in deck:
                raise AcetenError(f"{name}: history: {event.card} is not in the deck of this game")
            if event.card in played:
                raise AcetenError(f"{name}: history: {event.card} is played twice")
            played.add(event.card)
