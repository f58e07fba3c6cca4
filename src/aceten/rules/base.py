"""Rules: the one declaration of a game, read by every layer.

A ``Rules`` object is a game fixed to a player count, a variant and resolved options. A game
declares its deck, hand size and teams, and a list of rule parts (:mod:`aceten.rules.parts`:
the trick, trump, stock, exchange, obligations, bonuses, phases, scoring). The parts fill the
flat rules vector and card tables (:attr:`Rules.R`, :attr:`Rules.T`) that the one step
function (:mod:`aceten.rules.step`) reads for the engine, the solver, the batch simulator and
the environments; they describe themselves for ``aceten rules``; the logic layer encodes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeVar

from aceten.cards import FAMILY_RANKS, Card, CardSet, Family, Rank, Suit, cards_of, full_deck
from aceten.errors import AcetenError
from aceten.rules import step
from aceten.rules.layout import (
    O_NOTE,
    O_PARTNER,
    O_SCORES,
    O_SEAT_SCORES,
    O_TEAM_POINTS,
    O_TEAM_TRICKS,
    O_WIDTH,
    O_WINNER,
    R_DEALER,
    R_DECK_N,
    R_HAND,
    R_N,
    R_NTEAMS,
    R_PARTNER,
    R_SIZE,
    R_STACKED,
    R_STOCK,
    R_TEAM,
    R_TRICKS,
    S_BONUS,
    S_CONTRACT,
    S_DECLARER,
    S_DRAWN,
    S_HAND,
    S_LEADER,
    S_PARTNER,
    S_POINTS,
    S_SLEN,
    S_TEAM,
    S_TLEN,
    S_TRICK,
    S_TRICKS,
    S_TRUMP,
    SEATS,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_SEQ,
    T_SIZE,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
)
from aceten.rules.obligations import Obligations, TrickContext
from aceten.rules.outcome import Outcome
from aceten.rules.parts import (
    Auction,
    Bidding,
    CalledPartner,
    Exchange,
    Marriage,
    Part,
    Roem,
    Scoring,
    Stock,
    Trick,
    Trump,
    TrumpCall,
)
from aceten.rules.parts.stock import DrawMode, TrumpMode

P = TypeVar("P", bound=Part)


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
    #: the smallest and largest value allowed (a whole number option), where there are such
    bounds: tuple[int, int] | None = None
    #: the variants the option is for (None: all); given with another, it is refused, not ignored
    variants: tuple[str, ...] | None = None
    #: the player counts the option is for (None: all); given with another, it is refused
    players: tuple[int, ...] | None = None

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
        if self.bounds is not None and not self.bounds[0] <= converted <= self.bounds[1]:
            low, high = self.bounds
            raise AcetenError(f"option {self.name}={value!r}: give a whole number from {low:,} "
                              f"to {high:,}")
        return converted


MAX_DEALS = 1000
"""The most deals a match may have (option ``deals``): a long evening is some 30."""


def int_option(name: str, default: int, doc: str, choices: tuple[int, ...] | None = None,
               bounds: tuple[int, int] | None = None) -> Option:
    return Option(name, default, doc, choices, _parse_int, bounds)


def deals_option(default: int, doc: str) -> Option:
    """Option ``deals``, the number of deals in a match: 1 to :data:`MAX_DEALS`."""
    return int_option("deals", default, f"{doc} (1 to {MAX_DEALS:,})", bounds=(1, MAX_DEALS))


def only_in(option: Option, *variants: str) -> Option:
    """``option``, for these variants only."""
    return replace(option, variants=variants)


def only_with(option: Option, *players: int) -> Option:
    """``option``, for these player counts only."""
    return replace(option, players=players)


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
    #: the player counts of a variant, where they differ from ``player_counts``
    variant_players: ClassVar[dict[str, tuple[int, ...]]] = {}
    game_options: ClassVar[tuple[Option, ...]] = ()
    #: options a question about a position assumes unless told otherwise (a phase the logic
    #: layer does not model, for instance)
    question_options: ClassVar[dict[str, str]] = {}

    # Declared by each game in ``_declare`` -------------------------------------------------
    deck: tuple[Card, ...]
    hand_size: int
    teams: tuple[tuple[int, ...], ...]
    parts: tuple[Part, ...]

    # Read off the parts (see _adopt_parts), for the layers' convenience ----------------------
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

    @classmethod
    def players_of(cls, variant: str) -> tuple[int, ...]:
        """The player counts ``variant`` is played by."""
        return cls.variant_players.get(variant, cls.player_counts)

    def __init__(self, players: int | None = None, variant: str | None = None, **options: Any):
        variant = self.variants[0] if variant is None else str(variant).strip().lower()
        if variant not in self.variants:
            raise AcetenError(f"unknown {self.name} variant {variant!r}: choose from "
                              + ", ".join(self.variants))
        allowed = self.players_of(variant)
        players = allowed[0] if players is None else _parse_int(players)
        if players not in allowed:
            counts = ", ".join(map(str, allowed))
            what = self.name if variant == self.variants[0] else f"{self.name} {variant}"
            others = [v for v in self.variants if players in self.players_of(v)]
            hint = f" (with {players}: variant {others[0]})" if others else ""
            raise AcetenError(f"{what} is played by {counts} players, not {players}{hint}")
        self.players = players
        self.variant = variant
        specs = {opt.name: opt for opt in (*COMMON_OPTIONS, *self.game_options)}
        unknown = [key for key in options if key.replace("-", "_") not in specs]
        if unknown:
            raise AcetenError(f"unknown {self.name} option {unknown[0]!r}: known options are "
                              + ", ".join(sorted(specs)))
        given = {key.replace("-", "_"): value for key, value in options.items()}
        for key, value in given.items():
            meant = specs[key].variants
            if value is not None and meant is not None and variant not in meant:
                raise AcetenError(f"option {key} is for {self.name} {' or '.join(meant)}, not "
                                  f"{variant}")
            meant_players = specs[key].players
            if value is not None and meant_players is not None and players not in meant_players:
                listed = " or ".join(map(str, meant_players))
                raise AcetenError(f"option {key} is for {self.name} with {listed} players, not "
                                  f"{players}")
        self.options: dict[str, Any] = {
            name: spec.resolve(given.get(name)) for name, spec in specs.items()
        }
        self.given_options = {k: self.options[k] for k in given if given[k] is not None}
        dealer = self.options["dealer"]
        self.options["dealer"] = players - 1 if dealer is None else dealer
        if not 0 <= self.options["dealer"] < players:
            asked = given.get("dealer", dealer)
            raise AcetenError(f"option dealer={asked}: the seats are P1 to P{players} (or 0 to "
                              f"{players - 1})")
        self._declare()
        self._adopt_parts()
        self._apply_common_options()
        self._adopt_parts()
        self._tabulate()

    # -- declaration ---------------------------------------------------------------------
    def _declare(self) -> None:
        """Declare deck, hand size, teams and parts for ``self.players``, ``self.variant``,
        ``self.options``."""
        raise AcetenError(f"{type(self).__name__} declares no rules")

    def part(self, kind: type[P]) -> P | None:
        """The declared part of this kind (e.g. ``rules.part(Marriage)``), or None."""
        for part in self.parts:
            if isinstance(part, kind):
                return part
        return None

    def _adopt_parts(self) -> None:
        """Read the attributes the layers use off the declared parts."""
        trick = self.part(Trick)
        if trick is None:
            raise AcetenError(f"{self.name} declares no trick")
        self.plain_order, self.trump_order = trick.plain_order, trick.trump_order
        self.plain_points, self.trump_points = trick.plain_points, trick.trump_points
        self.last_trick_bonus = trick.last_trick_bonus
        trump = self.part(Trump)
        self.trump_mode = trump.mode if trump is not None else "turned"
        stock = self.part(Stock)
        self.draw = stock.draw if stock is not None else "none"
        self.obligations = self.part(Obligations) or Obligations()
        phase = self.part(Auction) or self.part(Bidding) or self.part(TrumpCall)
        self.has_phases = phase is not None and (isinstance(phase, (Auction, Bidding))
                                                 or self.trump_mode == "called")
        self.hidden_teams = self.part(CalledPartner) is not None
        self.has_extra_moves = self.part(Exchange) is not None
        self.has_lead_bonus = self.part(Marriage) is not None
        self.has_trick_bonus = self.part(Roem) is not None
        self.scoring = self.part(Scoring)
        self.roem, self.marriage = self.part(Roem), self.part(Marriage)
        self.suits = tuple(Suit(self.family, i) for i in range(4))
        by_bit: list[Card | None] = [None] * 64
        for card in full_deck(self.family):
            by_bit[int(card) & 63] = card
        self.cards_by_bit = tuple(by_bit)  # the card at each bit position (a step's card)

    @property
    def start_phase(self) -> str:
        """The phase a fresh deal starts in: ``"bid"``, ``"call"`` or ``"play"``."""
        if not self.has_phases:
            return "play"
        phase = self.part(Auction) or self.part(Bidding) or self.part(TrumpCall)
        return phase.phase  # type: ignore[union-attr]

    def _apply_common_options(self) -> None:
        custom = self.options["deck"]
        if custom is not None:
            items = custom.replace(",", " ").split() if isinstance(custom, str) else list(custom)
            try:
                ordered = [self.parse_card(c) for c in items]
            except AcetenError as err:
                raise AcetenError(f"option deck: {err}") from None
            if len(set(ordered)) != len(ordered):
                raise AcetenError("option deck: a card appears twice")
            if not ordered:
                raise AcetenError("option deck: no cards given")
            self.deck = tuple(ordered)
        elif self.options["stacked"]:
            raise AcetenError("option stacked needs option deck (the cards in dealing order)")
        trump = self.options["trump"]
        if trump is not None:
            try:
                self.options["trump"] = (trump if isinstance(trump, Suit)
                                         else Suit.parse(str(trump), self.family))
            except AcetenError as err:
                raise AcetenError(f"option trump: {err}") from None
            self.parts = tuple(Trump("given") if isinstance(p, Trump) else p for p in self.parts)
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
        """Fill the flat rules vector ``R`` and card tables ``T`` from the parts (the step
        function's input), and index the tables by bit position for the engine's hot path."""
        self.deck_mask = sum(c.bit for c in self.deck)
        self.seat_team = [0] * self.players
        for index, team in enumerate(self.teams):
            for seat in team:
                self.seat_team[seat] = index
        self.stock_size = len(self.deck) - self.players * self.hand_size
        self.tricks_per_deal = len(self.deck) // self.players
        n = self.players
        R = [0] * R_SIZE
        T = [0] * T_SIZE
        T[T_SEQ:T_SEQ + 64] = [-1] * 64
        if n > SEATS:
            raise AcetenError(f"at most {SEATS} players, not {n}")
        R[R_N] = n
        for seat in range(n):
            R[R_TEAM + seat] = self.seat_team[seat]
        R[R_NTEAMS] = len(self.teams)
        R[R_PARTNER] = int(len(self.teams) == 2 and all(len(team) > 1 for team in self.teams)
                           and not self.hidden_teams)
        R[R_TRICKS] = self.tricks_per_deal
        R[R_HAND] = self.hand_size
        R[R_STOCK] = self.stock_size
        R[R_DEALER] = self.options["dealer"]
        R[R_STACKED] = int(bool(self.options["stacked"]))
        R[R_DECK_N] = len(self.deck)
        for part in self.parts:
            if not isinstance(part, Scoring):
                part.fill(self, R, T)
        self.R, self.T = R, T
        self.plain_strength = T[T_PLAIN_STRENGTH:T_PLAIN_STRENGTH + 64]
        self.trump_strength = T[T_TRUMP_STRENGTH:T_TRUMP_STRENGTH + 64]
        self.plain_pts = T[T_PLAIN_PTS:T_PLAIN_PTS + 64]
        self.trump_pts = T[T_TRUMP_PTS:T_TRUMP_PTS + 64]
        self._totals: dict[Suit | None, int] = {}  # total_points_for, by trump
        for part in self.parts:  # scoring reads the card points (the deck's total)
            if isinstance(part, Scoring):
                part.fill(self, R, T)

    # -- the rules as functions ----------------------------------------------------------
    def parse_card(self, text: str | Card) -> Card:
        """Read a card of this game's deck."""
        card = text if isinstance(text, Card) else Card.parse(text, self.family)
        if card.family != self.family:
            raise AcetenError(self.not_in_deck(card))
        return card

    def not_in_deck(self, card: Card) -> str:
        """Why ``card``, of another deck, is not one of this game's; where the same text names
        a card of this deck (Card.parse without a family reads "AC" as the Latin ace of cups),
        which one was meant."""
        text = f"{card} ({card.name}) is not a card of the {self.name} deck"
        try:
            meant = Card.parse(str(card), self.family)
        except AcetenError:
            return text
        return (f"{text}: for the {meant.name} pass the text {str(card)!r}, or "
                f"Card.parse({str(card)!r}, Family.{self.family.name})")

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
        """Card points in the deck plus the last-trick bonus, for a given trump suit (counted
        once per suit: the bots ask for it at every decision)."""
        total = self._totals.get(trump)
        if total is None:
            total = self._totals[trump] = (sum(self.points(c, trump) for c in self.deck)
                                           + self.last_trick_bonus)
        return total

    def trick_winner(self, cards: Iterable[Card | str], trump: Suit | str | None) -> int:
        """Position (0-based, in play order) of the card that wins a trick."""
        played = [self.parse_card(c) for c in cards]
        if not played:
            raise AcetenError("an empty trick has no winner")
        return self._winner_index(played, self.parse_suit(trump))

    def _trick_state(self, cards: list[Card] | tuple[Card, ...], trump: Suit | None,
                     stock_empty: bool = True) -> list[int]:
        """A state holding just this trick, for asking the step about it."""
        S = [0] * (S_SLEN + 1)  # the step reads the trick, trump and stock fields only
        for i, card in enumerate(cards):
            S[S_TRICK + i] = card & 63
        S[S_TLEN] = len(cards)
        S[S_TRUMP] = -1 if trump is None else trump & 3
        S[S_DRAWN] = 0
        S[S_SLEN] = 0 if stock_empty else 1
        return S

    def _winner_index(self, cards: list[Card] | tuple[Card, ...], trump: Suit | None) -> int:
        return step.winner_index(self._trick_state(cards, trump), len(cards),
                                 -1 if trump is None else trump & 3, self.T)

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
        if not trick or not self.obligations.parts:
            return hand, None
        legal, k = step.legal_cards_why(self._trick_state(trick, trump, stock_empty), hand,
                                        self.R, self.T)
        if k < 0:
            return hand, None
        return legal, self.obligations.parts[k].reason(self._trick_context(hand, trick, trump), legal)

    def legal_bits(self, hand: int, trick: list[Card] | tuple[Card, ...], trump: Suit | None,
                   stock_empty: bool) -> int:
        """Legal cards as a mask (legal_mask without the words: the engine's hot path)."""
        if not trick:
            return hand
        return step.legal_cards(self._trick_state(trick, trump, stock_empty), hand, self.R, self.T)

    def _trick_context(self, hand: int, trick: list[Card] | tuple[Card, ...],
                       trump: Suit | None) -> TrickContext:
        """The trick as an obligation's words see it."""
        if trump is None and self.trump_mode == "first-lead":
            trump = trick[0].suit
        best = self._winner_index(trick, trump)
        best_card = trick[best]
        return TrickContext(
            hand=hand, led=trick[0].suit, trump=trump, best=int(best_card),
            best_is_trump=trump is not None and best_card.suit == trump,
            partner_winning=self._partner_winning(best, len(trick)),
            rules=self,
        )  # fmt: skip

    def _partner_winning(self, best: int, played: int) -> bool:
        """Whether the card at ``best`` of a trick of ``played`` cards is a partner's, for the
        seat to play next, with the declared teams (seats of a team sit every other place)."""
        if not (len(self.teams) == 2 and all(len(team) > 1 for team in self.teams)):
            return False
        seat, me = best, played  # places from the leader; teams are read off seat numbers
        return self.seat_team[seat % self.players] == self.seat_team[me % self.players]

    # -- bonuses and scoring, asked of the step ---------------------------------------------
    def lead_bonus(self, hand: int, card: Card, trump: Suit | None) -> tuple[int, str] | None:
        """The bonus for leading ``card`` from ``hand`` (the hand before the lead), with its
        words, or None (Cruce marriages)."""
        marriage = self.part(Marriage)
        if marriage is None:
            return None
        S = [0] * (S_TRUMP + 1)  # the step reads the hands and the trump
        S[S_HAND] = hand & ~card.bit
        S[S_TRUMP] = -1 if trump is None else trump & 3
        value = step.lead_bonus(S, 0, card & 63, self.R, self.T)
        return (value, marriage.note(card, value)) if value else None

    def trick_bonus(self, cards: tuple[Card, ...], trump: Suit | None) -> tuple[int, str] | None:
        """The bonus the winners of a trick of ``cards`` score, with its words (roem)."""
        roem = self.part(Roem)
        if roem is None:
            return None
        value = step.trick_bonus(self._trick_state(cards, trump), len(cards),
                                 -1 if trump is None else trump & 3, self.R, self.T)
        return (value, roem.note(cards, trump)) if value else None

    def outcome_of(self, S: list[int]) -> Outcome:
        """The outcome of the finished deal in the flat state ``S``, as the game scores it."""
        n = self.players
        out = [0] * O_WIDTH
        step.score(S, self.R, out)
        points = S[S_POINTS:S_POINTS + n]
        tricks = S[S_TRICKS:S_TRICKS + n]
        bonus = S[S_BONUS:S_BONUS + n]
        declarer = None if S[S_DECLARER] < 0 else S[S_DECLARER]
        contract, leader = S[S_CONTRACT], S[S_LEADER]
        sides = self.teams_of(S)
        teams = len(sides)
        sheet = self.scoring is not None and self.scoring.per_seat
        outcome = Outcome(
            points=tuple(points), tricks=tuple(tricks), bonus=tuple(bonus),
            team_points=tuple(out[O_TEAM_POINTS:O_TEAM_POINTS + teams]),
            team_tricks=tuple(out[O_TEAM_TRICKS:O_TEAM_TRICKS + teams]),
            scores=tuple(out[O_SCORES:O_SCORES + teams]),
            winner=None if out[O_WINNER] < 0 else out[O_WINNER], teams=sides,
            seat_scores=tuple(out[O_SEAT_SCORES:O_SEAT_SCORES + n]) if sheet else (),
            declarer=declarer, partner=None if out[O_PARTNER] < 0 else out[O_PARTNER],
        )  # fmt: skip
        if self.scoring is None:
            return outcome
        playing = declarer if declarer is not None else leader
        notes = self.scoring.notes(self, outcome, out[O_NOTE], playing, contract)
        return replace(outcome, notes=tuple(notes)) if notes else outcome

    def teams_of(self, S: list[int]) -> tuple[tuple[int, ...], ...]:
        """The teams of the deal in the flat state ``S``: the declared ones, or, with a hidden
        team, the caller's side and the rest once the card is called (the whole truth, not
        what a seat knows: see :meth:`aceten.Game.view`)."""
        if not self.hidden_teams or S[S_PARTNER] < 0:
            return self.teams
        n = self.players
        return tuple(tuple(s for s in range(n) if S[S_TEAM + s] == t) for t in range(len(self.teams)))

    def scoring_lines(self) -> list[str]:
        """How a deal is scored, in words, for ``aceten rules``."""
        lines: list[str] = []
        for part in self.parts:
            if part.section in ("bidding", "bonuses", "scoring"):
                lines += part.describe(self)
        return lines

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
            "sides": ("formed at each deal: the caller and the holder of the called card against "
                      "the rest" if self.hidden_teams else ""),
            "deck": [str(c) for c in self.deck],
            "suits": {Suit(self.family, i).letter: Suit(self.family, i).name for i in range(4)},
            "hand_size": self.hand_size,
            "stock": self.stock_size,
            "trump": Trump(self.trump_mode).describe(self)[0],
            "drawing": Stock(self.draw).describe(self)[0],
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
