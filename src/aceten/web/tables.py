"""The web tables: a game with its seats, and what each connection may be sent.

Everything a connection receives about a table is built here from a
:class:`~aceten.game.PlayerView` — the seat's own view, or for a spectator the
:func:`public_view` (a view with no hand and only the events every seat saw). Nothing here
reads a hand from the game itself, so no hidden card can reach a browser through this module.
A bot's stated reason is shown with every card that is not yet public replaced by
"a hidden card" (:func:`redact`). The deal's seed is never sent before the deal is over.

This module needs only the standard library and the engine; :mod:`aceten.web.app` adds the
server around it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from aceten import agents
from aceten.agents.words import plural
from aceten.cards import Card, CardSet, Suit
from aceten.errors import AcetenError
from aceten.game import Deal, Game, PlayerView, Trick
from aceten.moves import AuctionBid, Bid, CallCard, Exchange, Move, TrumpCall
from aceten.rules import DEFAULT_GAME, GAMES
from aceten.rules import get as get_rules
from aceten.rules.base import _plain
from aceten.web.store import TableRow

MAX_NAME = 24
MAX_OPTIONS = 16
MAX_OPTION_TEXT = 400
MAX_MOVE_TEXT = 32
SEED_LIMIT = 2**63 - 1
HIDDEN = "a hidden card"


# -- seats and tokens ------------------------------------------------------------------------------
def new_token() -> str:
    """A seat's secret: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    """A table's public id (also its spectator link): 72 random bits, URL-safe."""
    return secrets.token_urlsafe(9)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Seat:
    """A seat: a person (who proves it with the seat's token) or a bot playing server-side."""

    kind: str  # "human" or "bot"
    bot: str | None = None
    name: str = ""
    token_sha256: str | None = None

    def as_row(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def public(self, seat: int, online: int) -> dict[str, Any]:
        return {"seat": seat, "label": f"P{seat + 1}", "kind": self.kind, "bot": self.bot,
                "name": self.name, "online": online}


@dataclass
class Play:
    """One move of the table as stored: who made it, its notation, and a bot's reason."""

    seat: int
    move: str
    reason: str | None = None


def _clean_name(value: Any, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str):
        raise AcetenError("a seat's name must be text")
    text = " ".join("".join(ch for ch in value if ch.isprintable()).split())[:MAX_NAME]
    return text or default


HINT_BOT = "tactics"  # the web coach: quick enough to answer on a thread, with plain reasons


def level_of(level: Any) -> str:
    """The bot for a table's ``level`` (checked: a known level whose extra is installed);
    ``agents.DEFAULT`` when none is given."""
    if level is None or level == "":
        return agents.DEFAULT
    if not isinstance(level, str) or level.strip().lower() not in agents.LEVELS:
        raise AcetenError(f"unknown level {str(level)[:20]!r}: choose from {', '.join(agents.LEVELS)}")
    return agents.get(level).name  # refuses hard and expert without the search extra


def default_level() -> str:
    """The level matching the default opponent of ``aceten play`` (the searcher is expert,
    tactics medium)."""
    return "expert" if agents.needs_solver(agents.DEFAULT) else "medium"


def _bot_seed(seed: int, seat: int, ply: int) -> int:
    """A bot's seed for one decision: the same after a restart as in an uninterrupted run."""
    return ((seed * 1_000_003 + seat + 1) * 10_007 + ply) % 2**63


# -- the table ---------------------------------------------------------------------------------
class Table:
    """A game at the server: its seats, its moves with the bots' reasons, and its set-up."""

    def __init__(self, table_id: str, game: Game, seats: list[Seat], *, options: dict[str, Any],
                 created: float | None = None, seed_chosen: bool = False):
        self.id = table_id
        self.game = game
        self.seats = seats
        self.options = options
        self.seed_chosen = seed_chosen
        self.created = time.time() if created is None else created
        self.active = time.monotonic()  # the last move or connection (for unloading idle tables)
        self.plays: list[Play] = []
        self._reasons: tuple[Any, list[str | None]] | None = None  # see public_reasons
        self._tricks: tuple[Any, list[dict[str, Any]]] | None = None
        self._moves: tuple[Any, list[dict[str, Any]]] | None = None
        self._withheld: tuple[Any, list[str | None]] | None = None

    # -- making and restoring ------------------------------------------------------------------
    @classmethod
    def create(cls, spec: Any, *, chosen_deals_with_people: bool = False) -> tuple[Table, list[str | None]]:
        """A new table from a client's request (untrusted JSON); returns it and the seats' tokens.

        ``spec``: ``{"game": "briscola", "players": 2, "variant": null, "options": {...},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
        "seed": null, "level": "hard"}``. Without ``seats``, P1 is a person and the others are
        bots. ``level`` (one of ``agents.LEVELS``) is the bot of every bot seat that names none;
        without it such seats get ``agents.DEFAULT``. A level that searches (hard, expert) is
        refused with a clear message when the search extra is missing, as ``aceten play`` does.

        A chosen ``seed`` or a stacked deck lets the creator know the deal, so with more than one
        person at the table it is refused (unless ``chosen_deals_with_people``, for a server whose
        creators are trusted, such as a test's); every seat sees it in :meth:`setup` either way.
        """
        if not isinstance(spec, dict):
            raise AcetenError("create: expected an object with game, players, seats")
        name = spec.get("game", DEFAULT_GAME)
        if not isinstance(name, str) or name.strip().lower() not in GAMES:
            raise AcetenError(f"unknown game {str(name)[:40]!r}: choose from {', '.join(GAMES)}")
        players = spec.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, (int, str))):
            raise AcetenError("players must be a number")
        variant = spec.get("variant")
        if variant is not None and not isinstance(variant, str):
            raise AcetenError("variant must be text")
        options = spec.get("options") or {}
        if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
            raise AcetenError("options must be an object of at most 16 key: value pairs")
        clean: dict[str, Any] = {}
        for key, value in options.items():
            if value is None or value == "":
                continue
            if not isinstance(value, (str, int, bool)) or len(str(value)) > MAX_OPTION_TEXT:
                raise AcetenError(f"option {str(key)[:40]!r}: expected a short text, number or yes/no")
            clean[str(key)] = value
        count: Any = players  # rules.get reads a number or its text (its hint says int only)
        rules = get_rules(name, players=count, variant=variant or None, **clean)
        seed = spec.get("seed")
        seed_chosen = not (seed is None or seed == "")
        if not seed_chosen:
            seed = secrets.randbelow(2**32)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT:
            raise AcetenError(f"seed must be a whole number from 0 to {SEED_LIMIT}")
        default_bot = level_of(spec.get("level"))
        seats_spec = spec.get("seats")
        if seats_spec is None:
            seats_spec = [{"kind": "human"}] + [{"kind": "bot", "bot": default_bot}] * (rules.players - 1)
        if not isinstance(seats_spec, list) or len(seats_spec) != rules.players:
            raise AcetenError(f"seats: expected a list of {rules.players} seats for {rules.players} players")
        seats: list[Seat] = []
        tokens: list[str | None] = []
        for i, item in enumerate(seats_spec):
            if not isinstance(item, dict):
                raise AcetenError(f"seats[{i}]: expected an object like {{\"kind\": \"human\"}}")
            kind = item.get("kind", "human")
            if kind == "bot":
                bot = item.get("bot") or default_bot
                if not isinstance(bot, str):
                    raise AcetenError(f"seats[{i}]: the bot's name must be text")
                bot = agents.get(bot).name  # checks the name
                seats.append(Seat("bot", bot, _clean_name(item.get("name"), "")))
                tokens.append(None)
            elif kind == "human":
                token = new_token()
                seats.append(Seat("human", None, _clean_name(item.get("name"), ""),
                                  token_digest(token)))
                tokens.append(token)
            else:
                raise AcetenError(f"seats[{i}]: kind must be \"human\" or \"bot\", not {str(kind)[:20]!r}")
        people = sum(1 for seat in seats if seat.kind == "human")
        if people > 1 and (seed_chosen or rules.options["stacked"]) and not chosen_deals_with_people:
            raise AcetenError("a chosen seed or a stacked deck is only for tables with one person: "
                              "with several people the server deals at random")
        game = Game(rules, seed=seed)
        return cls(new_table_id(), game, seats, options=rules.given_options,
                   seed_chosen=seed_chosen), tokens

    @classmethod
    def from_row(cls, row: TableRow) -> Table:
        """Rebuild a stored table by replaying its moves (each checked by the engine again)."""
        rules = get_rules(row.game, players=row.players,
                          variant=None if row.variant == "standard" else row.variant, **row.options)
        hands = tuple(tuple(rules.parse_card(c) for c in hand) for hand in row.deal[:-1])
        stock = tuple(rules.parse_card(c) for c in row.deal[-1])
        game = Game(rules, seed=row.seed, deal=Deal(hands, stock))
        table = cls(row.id, game, [Seat(**s) for s in row.seats], options=row.options,
                    created=row.created, seed_chosen=row.seed_chosen)
        for seat, move, reason in row.moves:
            if seat != game.to_move:
                raise AcetenError(f"table {row.id}: stored move {move} by P{seat + 1} out of turn")
            game.push(game.parse_move(move))
            table.plays.append(Play(seat, move, reason))
        return table

    def row(self) -> TableRow:
        game = self.game
        deal = [[str(c) for c in hand] for hand in game.deal.hands] + [[str(c) for c in game.deal.stock]]
        return TableRow(self.id, self.created, game.rules.name, game.players, game.rules.variant,
                        {k: _plain(v) for k, v in self.options.items()}, game.seed, deal,
                        [s.as_row() for s in self.seats], game.is_over(),
                        [(p.seat, p.move, p.reason) for p in self.plays], self.seed_chosen)

    # -- seats -------------------------------------------------------------------------------------
    def check_token(self, seat: Any, token: Any) -> int:
        """The seat number if ``token`` is that seat's secret; otherwise an error that says no
        more than that."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise AcetenError(f"no seat {str(seat)[:10]} at this table (seats 0 to {len(self.seats) - 1})")
        kept = self.seats[seat]
        if kept.kind != "human" or kept.token_sha256 is None:
            raise AcetenError(f"P{seat + 1} is a bot's seat")
        if not isinstance(token, str) or not hmac.compare_digest(
                token_digest(token[:200]), kept.token_sha256):
            raise AcetenError(f"wrong or missing token for P{seat + 1}")
        return seat

    def hint(self, seat: int) -> tuple[Move, str]:
        """The coach's recommended move for ``seat`` (a person, to move) and its plain reason,
        computed from that seat's view only, as the bots' moves are."""
        from aceten.agents.coach import Coach

        game = self.game
        if game.is_over():
            raise AcetenError("the deal is over")
        if self.seats[seat].kind != "human":
            raise AcetenError(f"P{seat + 1} is a bot's seat")
        if seat != game.to_move:
            raise AcetenError(f"hints are for your turn: P{game.to_move + 1} is to move")
        view = game.view(seat)
        hint = Coach(HINT_BOT, seed=_bot_seed(game.seed or 0, seat, len(self.plays))).hint(view)
        return hint.move, hint.reason[:300]

    def bot_to_move(self) -> int | None:
        game = self.game
        if game.is_over() or self.seats[game.to_move].kind != "bot":
            return None
        return game.to_move

    # -- moves -------------------------------------------------------------------------------------
    def push(self, seat: int, text: Any, reason: str | None = None) -> Move:
        """Make ``seat``'s move (in notation); errors mention only the mover's own cards."""
        game = self.game
        if game.is_over():
            raise AcetenError("the deal is over")
        if seat != game.to_move:
            raise AcetenError(f"not your turn: P{game.to_move + 1} is to move")
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_MOVE_TEXT:
            raise AcetenError("a move is a short text: a card (rank then suit), bid:N, trump:SUIT, "
                              "pass or swap:CARD")
        move = game.parse_move(text)
        game.push(move)
        self.plays.append(Play(seat, str(move), reason))
        return move

    def pop(self) -> None:
        """Take back the last move (when it could not be stored)."""
        self.game.pop()
        self.plays.pop()

    def bot_move(self) -> tuple[Move, str]:
        """The move of the bot to move, chosen from its seat's view only, and its reason."""
        seat = self.bot_to_move()
        assert seat is not None
        name = self.seats[seat].bot or agents.DEFAULT
        view = self.game.view(seat)
        seed = _bot_seed(self.game.seed or 0, seat, len(self.plays))
        agent = agents.get(name, seed=seed)
        try:
            move = agent.choose(view)
            if move not in view.legal_moves:
                raise AcetenError(f"{name} chose {move}, which is not legal")
            reason = str(getattr(agent, "reason", "") or "")
        except Exception as err:  # a faulty bot must not stop the table
            move = view.legal_moves[0]
            reason = f"(the {name} bot failed: {type(err).__name__}; played the first legal move)"
        return move, reason[:300]

    # -- what a connection may see -----------------------------------------------------------------
    def _last_play(self) -> tuple[int, int, str, str | None] | None:
        """What identifies the table's moves so far for the caches below (a move taken back and
        another made changes it)."""
        if not self.plays:
            return None
        last = self.plays[-1]
        return (len(self.plays), last.seat, last.move, last.reason)

    def public_tricks(self, view: PlayerView) -> list[dict[str, Any]]:
        """The finished tricks as JSON (public: the same for every receiver at a ply)."""
        key = (self._last_play(), len(view.tricks))
        if self._tricks is None or self._tricks[0] != key:
            self._tricks = (key, [trick_json(t) for t in view.tricks])
        return self._tricks[1]

    def public_moves(self, reasons: list[str | None]) -> list[dict[str, Any]]:
        """Every move with its seat and redacted reason (the same for every receiver)."""
        if self._moves is None or self._moves[0] is not reasons:
            self._moves = (reasons, [{"ply": i, "seat": p.seat, "move": p.move, "reason": reasons[i]}
                                     for i, p in enumerate(self.plays)])
        return self._moves[1]

    def public_reasons(self, visible: set[Card]) -> list[str | None]:
        """The bots' reasons of every move, each card in them not in ``visible`` (the public
        cards, the same for every receiver at a ply) hidden. Kept while the public cards stay
        the same: a broadcast builds one state per seat and spectator from the same list."""
        key = (self._last_play(), frozenset(visible))
        if self._reasons is None or self._reasons[0] != key:
            deck = self.game.rules.deck
            self._reasons = (key, [redact(p.reason, visible, deck) if p.reason else None
                                   for p in self.plays])
        return self._reasons[1]

    def withheld_reasons(self) -> list[str | None]:
        """No reason for any move (kept per ply, so the move list's cache holds for it too)."""
        key = self._last_play()
        if self._withheld is None or self._withheld[0] != key:
            self._withheld = (key, [None] * len(self.plays))
        return self._withheld[1]

    def view(self, seat: int | None) -> PlayerView:
        """The seat's own view, or the public view for a spectator (``None``)."""
        return self.game.view(seat) if seat is not None else public_view(self.game)

    def state(self, seat: int | None, online: list[int] | None = None) -> dict[str, Any]:
        return state_message(self, self.view(seat), online)

    def setup(self) -> dict[str, Any]:
        """How the table deals, for everyone to see before sitting down: the rule options given,
        whether the creator chose the seed or the server dealt at random, and whether the deck
        is stacked (dealt in the creator's order)."""
        rules = self.game.rules
        options = {k: _plain(v) for k, v in self.options.items()}
        if "deck" in options:  # which cards: in the joined message's deck; never their order
            options["deck"] = f"{len(rules.deck)} chosen cards"
        return {"options": options,
                "seed": "chosen by the creator" if self.seed_chosen else "random, by the server",
                "seed_chosen": self.seed_chosen, "stacked": bool(rules.options["stacked"]),
                "custom_deck": rules.options["deck"] is not None,
                "fair": not self.seed_chosen and not rules.options["stacked"]}


def table_record(table: Table) -> str:
    """The finished table's record, saying on its tag lines how the deal was made (``;``
    comments, which every reader of records skips)."""
    from aceten import record

    setup = table.setup()
    lines = []
    for line in record.dumps(table.game).splitlines():
        if line.startswith("[Seed "):
            line += f" ; seed {setup['seed']}"
        elif line.startswith("[Options ") and setup["stacked"]:
            line += " ; stacked deck: dealt in the creator's order"
        lines.append(line)
    return "\n".join(lines) + "\n"


def bot_move_of(row: TableRow) -> tuple[str, str]:
    """The move (in notation) and reason of the bot to move at a stored table: a job for a worker
    process, for bots that search (they hold the interpreter while they think)."""
    move, reason = Table.from_row(row).bot_move()
    return str(move), reason


# -- public view -------------------------------------------------------------------------------
def public_view(game: Game) -> PlayerView:
    """What every seat sees: no hand, no legal moves, and only the events all seats saw
    (plays, the face-up trump, open cards, exchanges, bids) — a spectator's view."""
    views = [game.view(s) for s in range(game.players)]
    events = []
    for parts in zip(*(v.events for v in views)):
        kind, who, what = parts[0]
        if any(p[2] is None for p in parts) or any(p[2] != what for p in parts):
            what = None
        events.append((kind, who, what))
    base = views[0]
    return dataclasses.replace(base, seat=-1, hand=CardSet(0, game.rules.family), legal_moves=(),
                               events=tuple(events), partner=game.known_partner(None))


def public_cards(view: PlayerView) -> set[Card]:
    """The cards of a view's events that are face up for everyone (played, turned, exchanged,
    dealt open, drawn face up)."""
    shown: set[Card] = set()
    for kind, _, what in view.events:
        if isinstance(what, Card) and kind in ("play", "turn", "swap"):
            shown.add(what)
    for cards in view.open_cards:
        shown.update(cards)
    return shown


_TEXTS: dict[int, tuple[str, str, str]] = {}


def card_texts(card: Card) -> tuple[str, str, str]:
    """A card's code, name and symbol (``AS``, ``ace of swords``, ``A♠``), computed once per card:
    every state names dozens of cards, and building them from the enums each time was a good part
    of a move's CPU at the server."""
    key = int(card)
    found = _TEXTS.get(key)
    if found is None:
        found = _TEXTS[key] = (str(card), card.name, card.symbol)
    return found


def code(card: Card) -> str:
    return card_texts(card)[0]


def name(card: Card) -> str:
    return card_texts(card)[1]


def redact(text: str, visible: set[Card], deck: tuple[Card, ...]) -> str:
    """``text`` with every card of ``deck`` not in ``visible`` replaced by "a hidden card"."""
    if not text:
        return text
    for card in deck:
        if card in visible:
            continue
        card_code, card_name, symbol = card_texts(card)
        for form in {card_code, symbol}:
            if form in text:
                text = re.sub(rf"(?<![\w♠♥♦♣]){re.escape(form)}(?![\w♠♥♦♣])", HIDDEN, text)
        if card_name.lower() in text.lower():
            text = re.sub(re.escape(card_name), HIDDEN, text, flags=re.IGNORECASE)
    return text


# -- JSON --------------------------------------------------------------------------------------
def suit_json(suit: Suit | None) -> dict[str, str] | None:
    if suit is None:
        return None
    return {"letter": suit.letter, "name": suit.name, "symbol": suit.symbol}


def deck_json(game: Game) -> dict[str, Any]:
    """The deck (public: every player knows which cards are in the game, though not in what
    order a stacked deck deals them)."""
    rules = game.rules
    return {
        "family": rules.family.name.lower(),
        "suits": [suit_json(Suit(rules.family, i)) for i in range(4)],
        # in a fixed order, not the rules' (a stacked deck's order is the deal itself)
        "cards": [{"code": str(c), "name": c.name, "suit": c.suit.letter, "rank": c.rank.letter,
                   "symbol": c.symbol} for c in sorted(rules.deck, key=int)],
        # the ranks' English names by letter (the auction's bids name ranks)
        "ranks": {c.rank.letter: c.rank.name.lower() for c in rules.deck},
    }


def trick_json(trick: Trick) -> dict[str, Any]:
    return {"number": trick.number, "leader": trick.leader,
            "cards": [{"seat": s, "card": code(c)} for s, c in trick],
            "winner": trick.winner, "points": trick.points, "bonus": trick.bonus,
            "notes": list(trick.notes)}


def move_json(move: Move) -> dict[str, Any]:
    """A legal move for the page: its notation and how to show it."""
    if isinstance(move, Card):
        return {"move": str(move), "kind": "card", "label": str(move)}
    if isinstance(move, Bid):
        return {"move": str(move), "kind": "bid", "label": "pass" if move.value == 0 else f"bid {move.value}"}
    if isinstance(move, TrumpCall):
        return {"move": str(move), "kind": "call",
                "label": "pass" if move.suit is None else f"trump {move.suit.name}"}
    if isinstance(move, Exchange):
        return {"move": str(move), "kind": "swap", "label": f"exchange {move.card}"}
    if isinstance(move, AuctionBid):
        return {"move": str(move), "kind": "auction",
                "label": "pass" if move.rank is None else str(move).replace("bid:", "bid ")}
    if isinstance(move, CallCard):
        return {"move": str(move), "kind": "call-card", "label": f"call {move.card}"}
    raise AcetenError(f"not a move: {move!r}")  # pragma: no cover


def auction_bid_json(bid: AuctionBid) -> dict[str, Any] | None:
    """An auction bid for the page: the rank's letter, the point target (0: the majority) and the
    English words ("ace", "two for 71"); ``None`` for a pass."""
    if bid.rank is None:
        return None
    words = bid.rank.name.lower() + (f" for {bid.target}" if bid.target else "")
    return {"rank": bid.rank.letter, "target": bid.target, "text": words}


def _name(seat: int | None) -> str:
    return "--" if seat is None else f"P{seat + 1}"


def log_entries(view: PlayerView, reasons: list[str | None]) -> list[dict[str, Any]]:
    """The game's log as ``view``'s seat saw it, one entry per event, a trick summary after each
    trick; ``reasons`` (per move, already redacted) go with the moves of bots."""
    out: list[dict[str, Any]] = []
    n = view.players
    ply = 0
    plays = 0
    tricks = view.tricks
    for kind, who, what in view.events:
        if kind == "deal":
            continue
        entry: dict[str, Any] = {"kind": kind, "seat": who}
        if kind == "turn":
            entry["card"] = code(what)
            entry["text"] = f"The {name(what)} is turned up: {what.suit.name} are trumps"
        elif kind == "draw":
            if what is None:
                entry["text"] = f"{_name(who)} draws a card"
            else:
                entry["card"] = code(what)
                mine = who == view.seat
                entry["text"] = f"{_name(who)} draws the {name(what)}" + ("" if mine else " (it lay face up)")
        elif kind == "bonus":
            value, note = what if isinstance(what, tuple) else (what, "")
            entry["text"] = f"{_name(who)} scores {note or value}"
            entry["what"] = str(note or value)
        elif kind in ("play", "swap", "bid", "call", "auction", "call-card"):
            reason = reasons[ply] if ply < len(reasons) else None
            ply += 1  # every move of the table is one of these events, in order
            if kind == "play":
                entry["card"] = code(what)
                entry["text"] = f"{_name(who)} plays the {name(what)}"
            elif kind == "swap":
                entry["card"] = code(what)
                entry["text"] = f"{_name(who)} exchanges the {name(what)} for the face-up trump"
            elif kind == "bid":
                entry["text"] = f"{_name(who)} " + ("passes" if not what else f"bids {what}")
                entry["value"] = int(what or 0)
            elif kind == "auction":
                bid = auction_bid_json(what)
                entry["bid"] = bid
                entry["text"] = f"{_name(who)} " + ("passes" if bid is None else f"bids {bid['text']}")
            elif kind == "call-card":
                entry["card"] = code(what)
                entry["text"] = f"{_name(who)} calls the {name(what)}"
            else:
                called = "passes" if what is None else f"calls {what.name} as trumps"
                entry["text"] = f"{_name(who)} {called}"
                entry["suit"] = None if what is None else what.letter
            if reason:
                entry["reason"] = reason
            entry["ply"] = ply - 1
        elif kind == "reveal":  # the called card is played: its holder is the caller's partner
            entry["card"] = code(what)
            entry["caller"] = view.declarer
            entry["text"] = (f"{_name(who)} played the called {name(what)}: "
                             + (f"{_name(who)} plays alone" if who == view.declarer
                                else f"{_name(who)} is {_name(view.declarer)}'s partner"))
        else:
            entry["text"] = f"{_name(who)} {kind} {'' if what is None else what}".strip()
        out.append(entry)
        if kind == "play":
            plays += 1
            if plays % n == 0 and plays // n <= len(tricks):
                t = tricks[plays // n - 1]
                text = f"Trick {t.number}: {_name(t.winner)} takes {plural(t.points, 'point')}"
                if t.bonus:
                    text += f" and {plural(t.bonus, 'bonus point')}"
                if t.notes:
                    text += " (" + "; ".join(t.notes) + ")"
                out.append({"kind": "trick", "seat": t.winner, "text": text, "trick": t.number,
                            "points": t.points, "bonus": t.bonus, "notes": list(t.notes)})
    return out


def state_message(table: Table, view: PlayerView, online: list[int] | None = None) -> dict[str, Any]:
    """Everything a connection is sent about the table, built from ``view`` alone (plus the
    seats, the public move list with redacted bot reasons, and the outcome once it is over)."""
    game = table.game
    rules = game.rules
    seat = None if view.seat < 0 else view.seat
    if rules.hidden_teams and view.partner is None:
        # A bot's reason may give its side away ("your partner P1 is ahead") or its hand's
        # strength in the auction: with a hidden partner, reasons reach only a receiver who
        # knows who the partner is (the partner at once, everyone once the called card falls).
        reasons = table.withheld_reasons()
    else:
        reasons = table.public_reasons(public_cards(view))
    card_plies = [i for i, p in enumerate(table.plays) if not (":" in p.move or p.move == "pass")]
    trick = []
    start = len(card_plies) - len(view.trick)
    for i, card in enumerate(view.trick):
        ply = card_plies[start + i]
        trick.append({"seat": table.plays[ply].seat, "card": code(card), "reason": reasons[ply]})
    last = None
    if view.tricks and start >= n_cards(view.tricks[-1]):
        t = view.tricks[-1]
        plies = card_plies[start - len(t.cards):start]
        last = trick_json(t) | {"reasons": [reasons[p] for p in plies]}
    bonus = [0] * view.players
    for kind, who, what in view.events:
        if kind == "bonus" and who is not None:
            bonus[who] += what[0] if isinstance(what, tuple) else int(what)
    for t in view.tricks:
        bonus[t.winner] += t.bonus
    tricks_won = [0] * view.players
    for t in view.tricks:
        tricks_won[t.winner] += 1
    outcome = game.outcome()
    online = online or [0] * len(table.seats)
    turned = next((what for kind, _, what in view.events if kind == "turn"), None)
    return {
        "type": "state",
        "table": table.id,
        "ply": len(table.plays),
        "seat": seat,
        "game": rules.name,
        "title": rules.title,
        "variant": rules.variant,
        "players": view.players,
        "teams": [list(t) for t in rules.teams],
        "hidden_teams": rules.hidden_teams,
        # a hidden team: the called card is public; the partner only once this seat may know
        # it (the view's own rule)
        "called_card": None if view.called_card is None else str(view.called_card),
        "partner": view.partner,
        "phase": view.phase,
        "to_move": view.to_move,
        "leader": view.leader,
        "trump": suit_json(view.trump),
        "trump_card": None if view.trump_card is None else code(view.trump_card),
        "turned_card": None if turned is None else code(turned),
        "stock_size": view.stock_size,
        "hand": None if seat is None else [code(c) for c in _sorted_hand(view)],
        "legal": [move_json(m) for m in view.legal_moves] if seat is not None else [],
        "hand_sizes": list(view.hand_sizes),
        "open_cards": [[code(c) for c in cards] for cards in view.open_cards],
        "trick": trick,
        "last_trick": last,
        "tricks": table.public_tricks(view),
        "points": list(view.points),
        "bonus": bonus,
        "tricks_won": tricks_won,
        "bids": [{"seat": who, "move": _bid_text(kind, what), "kind": kind}
                 for kind, who, what in view.events if kind in ("bid", "call", "auction")],
        "declarer": game.declarer,  # public once the bidding or the trump call is over
        "contract": game.contract,
        "moves": table.public_moves(reasons),
        "log": log_entries(view, reasons),
        "seats": [s.public(i, online[i]) for i, s in enumerate(table.seats)],
        "setup": table.setup(),
        "outcome": None if outcome is None else outcome.as_dict(),
    }


def n_cards(trick: Trick) -> int:
    return len(trick.cards)


def _bid_text(kind: str, what: Any) -> str:
    if kind == "bid":
        return str(Bid(int(what)))
    if kind == "auction":
        return str(what)
    return str(TrumpCall(what))


def _sorted_hand(view: PlayerView) -> list[Card]:
    """The hand grouped by suit, trumps last, strongest first within a suit."""
    rules, trump = view.rules, view.trump

    def key(card: Card) -> tuple[int, int, int]:
        is_trump = trump is not None and card.suit == trump
        bit = int(card) & 63
        strength = rules.trump_strength[bit] if is_trump else rules.plain_strength[bit]
        return (1 if is_trump else 0, card.suit.index, -strength)

    return sorted(view.hand, key=key)


# -- replays -----------------------------------------------------------------------------------
def full_state(game: Game) -> dict[str, Any]:
    """A position with every hand face up (for replays of records, which show everything)."""
    tricks = game.tricks
    return {
        "ply": len(game.moves),
        "phase": game.phase,
        "to_move": None if game.is_over() else game.to_move,
        "leader": game.leader,
        "trump": suit_json(game.trump),
        "trump_card": None if game.trump_card is None else str(game.trump_card),
        "stock_size": game.stock_size,
        "hands": [[str(c) for c in _sorted_hand(game.view(s))] for s in range(game.players)],
        "trick": [{"seat": (game.leader + i) % game.players, "card": str(c)}
                  for i, c in enumerate(game.trick)],
        "last_trick": trick_json(tricks[-1]) if tricks else None,
        "points": list(game.points),
        "bonus": list(game.bonus),
        "tricks_won": list(game.tricks_won),
        "outcome": None if game.outcome() is None else game.outcome().as_dict(),  # type: ignore[union-attr]
    }


def replay_message(game: Game) -> dict[str, Any]:
    """Every step of a record's game, from the deal to the last move, for stepping through."""
    copy = Game(game.rules, seed=game.seed, deal=game.deal)
    steps: list[dict[str, Any]] = [{"move": None, "seat": None, "state": full_state(copy)}]
    for move in game.moves:
        seat = copy.to_move
        copy.push(move)
        steps.append({"move": str(move), "seat": seat, "state": full_state(copy)})
    rules = game.rules
    return {"type": "replay", "game": rules.name, "title": rules.title, "variant": rules.variant,
            "players": game.players, "teams": [list(t) for t in rules.teams],
            "deck": deck_json(game), "steps": steps,
            "result": None if game.outcome() is None else game.outcome().result}  # type: ignore[union-attr]
