"""Rules: the one declaration of a game, read by the engine, the records and the command line.

A ``Rules`` object is a game fixed to a player count, a variant and resolved options. Its
tables (deck, rank orders, card points, teams, dealing and drawing, obligations) are plain
data; the few things that differ in kind between games (bidding, trump calls, exchanges,
marriages, roem, scoring) are hook methods of the game's subclass.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from aceten.cards import FAMILY_RANKS, Card, CardSet, Family, Rank, Suit, cards_of, full_deck
from aceten.errors import AcetenError
from aceten.rules.obligations import Obligations, TrickContext

if TYPE_CHECKING:
    from aceten.game import Game, Outcome
    from aceten.moves import Move

TrumpMode = Literal["turned", "given", "first-lead", "called"]
DrawMode = Literal["none", "after-trick", "after-play"]


def _parse_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise AcetenError(f"expected a yes/no value, got {value!r}")


def _parse_int(value: Any) -> int:
    if isinstance(value, bool):
        raise AcetenError(f"expected a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise AcetenError(f"expected a whole number, got {value!r}") from None


def _parse_seat(value: Any) -> int:
    """A seat as a 0-based number or as people write it, ``P1``."""
    text = str(value).strip()
    if text[:1] in ("P", "p") and text[1:].isascii() and text[1:].isdigit():  # not "P²"
        return _parse_int(text[1:]) - 1
    return _parse_int(value)


def _parse_str(value: Any) -> str:
    return str(value).strip().lower()


def _keep(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Option:
    """One named rule option with its default, allowed values and a line of documentation."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    convert: Callable[[Any], Any] = _keep

    def resolve(self, value: Any) -> Any:
        if value is None:
            return self.default
        try:
            converted = self.convert(value)
        except AcetenError as err:
            raise AcetenError(f"option {self.name}: {err}") from None
        if self.choices is not None and converted not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise AcetenError(f"option {self.name}={value!r} is not one of: {allowed}")
        return converted


def int_option(name: str, default: int, doc: str, choices: tuple[int, ...] | None = None) -> Option:
    return Option(name, default, doc, choices, _parse_int)


def bool_option(name: str, default: bool, doc: str) -> Option:
    return Option(name, default, doc, (True, False), _parse_bool)


def str_option(name: str, default: str | None, doc: str, choices: tuple[str, ...] | None = None) -> Option:
    return Option(name, default, doc, choices, _parse_str)


COMMON_OPTIONS: tuple[Option, ...] = (
    Option("dealer", None, "the dealer: a seat number from 0, or P1, P2, ...; the seat after the "
           "dealer leads. Default: the last seat", convert=_parse_seat),
    int_option("open_cards", 0, "deal the first k cards of every hand face up, visible to all"),
    Option("deck", None, "play with this subset of the deck (cards separated by spaces)"),
    bool_option("stacked", False, "deal the deck in the given order instead of shuffling: the hands "
                "in seat order from the seat after the dealer, then the stock in drawing order"),
    Option("trump", None, "fix the trump suit instead of turning, leading or calling it"),
)  # fmt: skip


class Rules:
    """A game fixed to a player count, variant and options; see the module docstring."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    family: ClassVar[Family]
    player_counts: ClassVar[tuple[int, ...]] = ()
    variants: ClassVar[tuple[str, ...]] = ("standard",)
    game_options: ClassVar[tuple[Option, ...]] = ()

    # Declared by each game in ``_declare`` -------------------------------------------------
    deck: tuple[Card, ...]
    hand_size: int
    teams: tuple[tuple[int, ...], ...]
    plain_order: tuple[Rank, ...]  # strongest first
    trump_order: tuple[Rank, ...]
    plain_points: dict[Rank, int]
    trump_points: dict[Rank, int]
    last_trick_bonus: int = 0
    trump_mode: TrumpMode = "turned"
    draw: DrawMode = "none"
    obligations: Obligations = Obligations()
    has_phases: bool = False  # bidding or trump calls before play
    has_extra_moves: bool = False  # moves during play that are not cards (exchanges)
    has_lead_bonus: bool = False  # marriages
    has_trick_bonus: bool = False  # roem

    def __init__(self, players: int | None = None, variant: str | None = None, **options: Any):
        players = self.player_counts[0] if players is None else _parse_int(players)
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise AcetenError(f"{self.name} is played by {counts} players, not {players}")
        variant = self.variants[0] if variant is None else str(variant).strip().lower()
        if variant not in self.variants:
            raise AcetenError(f"unknown {self.name} variant {variant!r}: choose from "
                              + ", ".join(self.variants))
        self.players = players
        self.variant = variant
        specs = {opt.name: opt for opt in (*COMMON_OPTIONS, *self.game_options)}
        unknown = [key for key in options if key.replace("-", "_") not in specs]
        if unknown:
            raise AcetenError(f"unknown {self.name} option {unknown[0]!r}: known options are "
                              + ", ".join(sorted(specs)))
        given = {key.replace("-", "_"): value for key, value in options.items()}
        self.options: dict[str, Any] = {
            name: spec.resolve(given.get(name)) for name, spec in specs.items()
        }
        self.given_options = {k: self.options[k] for k in given if given[k] is not None}
        dealer = self.options["dealer"]
        self.options["dealer"] = players - 1 if dealer is None else dealer
        if not 0 <= self.options["dealer"] < players:
            raise AcetenError(f"option dealer={dealer}: seats are 0 to {players - 1}")
        self._declare()
        self._apply_common_options()
        self._tabulate()

    # -- declaration ---------------------------------------------------------------------
    def _declare(self) -> None:
        """Fill in the declared tables for ``self.players``, ``self.variant``, ``self.options``."""
        raise AcetenError(f"{type(self).__name__} declares no rules")

    def _apply_common_options(self) -> None:
        custom = self.options["deck"]
        if custom is not None:
            items = custom.replace(",", " ").split() if isinstance(custom, str) else list(custom)
            ordered = [self.parse_card(c) for c in items]
            if len(set(ordered)) != len(ordered):
                raise AcetenError("option deck: a card appears twice")
            if not ordered:
                raise AcetenError("option deck: no cards given")
            self.deck = tuple(ordered)
        elif self.options["stacked"]:
            raise AcetenError("option stacked needs option deck (the cards in dealing order)")
        trump = self.options["trump"]
        if trump is not None:
            self.options["trump"] = trump if isinstance(trump, Suit) else Suit.parse(str(trump), self.family)
            self.trump_mode = "given"
        n = self.players
        stock = len(self.deck) - n * self.hand_size
        if stock < 0 and custom is not None:
            # A small custom deck: deal it out evenly with no stock.
            if len(self.deck) % n:
                raise AcetenError(f"option deck: {len(self.deck)} cards cannot be dealt evenly "
                                  f"to {n} players")
            self.hand_size = len(self.deck) // n
            stock = 0
        if stock < 0 or stock % n:
            raise AcetenError(f"{len(self.deck)} cards cannot be dealt {self.hand_size} each to "
                              f"{n} players with a stock drawn {n} at a time")
        if stock == 0 and self.trump_mode == "turned":
            raise AcetenError("no stock is left to turn a trump card from: give option trump")
        if stock and self.draw == "none":
            raise AcetenError(f"{len(self.deck)} cards are more than {self.name} deals")
        if not 0 <= self.options["open_cards"] <= self.hand_size:
            raise AcetenError(f"option open_cards must be between 0 and {self.hand_size}")

    def _tabulate(self) -> None:
        """Index the declared tables by bit position, for the engine's hot path."""
        size = 64
        self.plain_strength = [0] * size
        self.trump_strength = [0] * size
        self.plain_pts = [0] * size
        self.trump_pts = [0] * size
        for card in full_deck(self.family):
            bit = int(card) & 63
            self.plain_strength[bit] = len(self.plain_order) - self.plain_order.index(card.rank)
            self.trump_strength[bit] = len(self.trump_order) - self.trump_order.index(card.rank)
            self.plain_pts[bit] = self.plain_points[card.rank]
            self.trump_pts[bit] = self.trump_points[card.rank]
        self.deck_mask = sum(c.bit for c in self.deck)
        self.seat_team = [0] * self.players
        for index, team in enumerate(self.teams):
            for seat in team:
                self.seat_team[seat] = index
        self.stock_size = len(self.deck) - self.players * self.hand_size
        self.tricks_per_deal = len(self.deck) // self.players

    # -- the rules as functions ----------------------------------------------------------
    def parse_card(self, text: str | Card) -> Card:
        """Read a card of this game's deck."""
        card = text if isinstance(text, Card) else Card.parse(text, self.family)
        if card.family != self.family:
            raise AcetenError(f"{card} is not a card of the {self.name} deck")
        return card

    def parse_suit(self, text: str | Suit | None) -> Suit | None:
        if text is None or isinstance(text, Suit):
            return text
        return Suit.parse(text, self.family)

    def points(self, card: Card | str, trump: Suit | str | None = None) -> int:
        """Card points of ``card`` (Klaverjas trumps count differently)."""
        card = self.parse_card(card)
        trump = self.parse_suit(trump)
        bit = int(card) & 63
        is_trump = trump is not None and card.suit == trump
        return self.trump_pts[bit] if is_trump else self.plain_pts[bit]

    @property
    def total_points(self) -> int:
        """Card points in the deck plus the last-trick bonus, with trumps in play."""
        return self.total_points_for(self.deck[0].suit)

    def total_points_for(self, trump: Suit | None) -> int:
        """Card points in the deck plus the last-trick bonus, for a given trump suit."""
        return sum(self.points(c, trump) for c in self.deck) + self.last_trick_bonus

    def trick_winner(self, cards: Iterable[Card | str], trump: Suit | str | None) -> int:
        """Position (0-based, in play order) of the card that wins a trick."""
        played = [self.parse_card(c) for c in cards]
        if not played:
            raise AcetenError("an empty trick has no winner")
        return self._winner_index(played, self.parse_suit(trump))

    def _winner_index(self, cards: list[Card] | tuple[Card, ...], trump: Suit | None) -> int:
        trump_index = -1 if trump is None else int(trump) & 3
        led = (int(cards[0]) >> 4) & 3
        plain, trumps = self.plain_strength, self.trump_strength
        best_i, best_power = 0, -1
        for i, card in enumerate(cards):
            suit = (int(card) >> 4) & 3
            if suit == trump_index:
                power = 100 + trumps[int(card) & 63]
            elif suit == led:
                power = plain[int(card) & 63]
            else:
                continue
            if power > best_power:
                best_i, best_power = i, power
        return best_i

    def legal_moves(self, hand: Iterable[Card | str] | CardSet, trick: Iterable[Card | str] = (),
                    trump: Suit | str | None = None, *, stock_empty: bool = True) -> list[Card]:
        """The cards of ``hand`` that may be played to ``trick`` (cards so far, in play order)."""
        mask = (hand.mask if isinstance(hand, CardSet)
                else CardSet([self.parse_card(c) for c in hand], self.family).mask)
        played = [self.parse_card(c) for c in trick]
        legal, _ = self.legal_mask(mask, played, self.parse_suit(trump), stock_empty)
        return list(cards_of(legal, self.family))

    def legal_mask(self, hand: int, trick: list[Card] | tuple[Card, ...], trump: Suit | None,
                   stock_empty: bool) -> tuple[int, str | None]:
        """Legal cards as a mask, and the obligation that restricted them (None if free)."""
        ob = self.obligations
        if not trick or not ob.parts or (ob.when == "stock-empty" and not stock_empty):
            return hand, None
        if trump is None and self.trump_mode == "first-lead":
            trump = trick[0].suit
        best = self._winner_index(trick, trump)
        best_card = trick[best]
        ctx = TrickContext(
            hand=hand,
            led=trick[0].suit,
            trump=trump,
            best=int(best_card),
            best_is_trump=trump is not None and best_card.suit == trump,
            partner_winning=self.players == 4 and len(self.teams) == 2 and best == len(trick) - 2,
            rules=self,
        )
        for part in ob.parts:
            verdict = part.restrict(ctx)
            if verdict is not None:
                return verdict
        return hand, None

    # -- hooks for what differs in kind between games --------------------------------------
    def phase_moves(self, game: Game) -> list[Move]:
        """Legal moves of a phase before the play (bids, trump calls)."""
        return []

    def apply_phase_move(self, game: Game, move: Move) -> None:
        raise AcetenError(f"{self.name} has no move {move}")

    def start_phase(self, game: Game) -> str:
        """The phase a fresh deal starts in."""
        return "play"

    def extra_moves(self, game: Game) -> list[Move]:
        """Moves besides cards available to the player to move (exchanges)."""
        return []

    def apply_extra_move(self, game: Game, move: Move) -> None:
        raise AcetenError(f"{self.name} has no move {move}")

    def lead_bonus(self, game: Game, seat: int, card: Card) -> tuple[int, str] | None:
        """A bonus scored when ``seat`` leads ``card`` (Cruce marriages)."""
        return None

    def trick_bonus(self, cards: tuple[Card, ...], trump: Suit | None) -> tuple[int, str] | None:
        """A bonus the trick's winners score for the cards in it (Klaverjas roem)."""
        return None

    def outcome(self, game: Game) -> Outcome:
        raise AcetenError(f"{self.name} declares no scoring")

    def scoring_lines(self) -> list[str]:
        """How a deal is scored, in words, for ``aceten rules``."""
        return []

    # -- description ---------------------------------------------------------------------
    @property
    def option_specs(self) -> tuple[Option, ...]:
        return (*COMMON_OPTIONS, *self.game_options)

    def describe(self) -> dict[str, Any]:
        """The rule tables as plain data (the ``aceten rules`` command prints this)."""
        deck_ranks = [r for r in FAMILY_RANKS[self.family] if any(c.rank == r for c in self.deck)]
        return {
            "game": self.name,
            "title": self.title,
            "variant": self.variant,
            "players": self.players,
            "teams": [[s for s in team] for team in self.teams],
            "deck": [str(c) for c in self.deck],
            "suits": {Suit(self.family, i).letter: Suit(self.family, i).name for i in range(4)},
            "hand_size": self.hand_size,
            "stock": self.stock_size,
            "trump": {"turned": "the card after the deal is turned up; it is the last card drawn",
                      "given": f"fixed: {self.options['trump'] and self.options['trump'].name}",
                      "first-lead": "the suit of the first card led",
                      "called": "called before play (see options)"}[self.trump_mode],
            "drawing": {"none": "no stock", "after-trick": "after each trick, the winner first",
                        "after-play": "each player right after playing"}[self.draw],
            "plain_order": [r.letter for r in self.plain_order if r in deck_ranks],
            "trump_order": [r.letter for r in self.trump_order if r in deck_ranks],
            "plain_points": {r.letter: self.plain_points[r] for r in self.plain_order if r in deck_ranks},
            "trump_points": {r.letter: self.trump_points[r] for r in self.trump_order if r in deck_ranks},
            "last_trick_bonus": self.last_trick_bonus,
            "total_points": self.total_points,
            "obligations": self.obligations.describe(),
            "scoring": self.scoring_lines(),
            "options": {spec.name: {"value": _plain(self.options[spec.name]), "default": _plain(spec.default),
                                    "doc": spec.doc} for spec in self.option_specs},
        }  # fmt: skip

    def __repr__(self) -> str:
        opts = "".join(f", {k}={_plain(v)!r}" for k, v in self.given_options.items())
        return f"aceten.rules.get({self.name!r}, players={self.players}, variant={self.variant!r}{opts})"


def _plain(value: Any) -> Any:
    """A JSON-friendly form of an option value."""
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, CardSet):
        return str(value)
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return value
