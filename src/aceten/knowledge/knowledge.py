"""``Knowledge``: what one seat knows about the hidden cards, from its view, event by event."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from aceten.cards import Card, CardSet, Suit, cards_of
from aceten.errors import AcetenError
from aceten.game import Deal, Game, PlayerView, checked_seat, whole_number
from aceten.knowledge.count import Problem, Solver, marginals
from aceten.knowledge.history import STOCK, Event, Timeline, public_events
from aceten.knowledge.sampling import DealSampler
from aceten.rules.base import Rules

if TYPE_CHECKING:
    from aceten.knowledge.explain import Explanation
    from aceten.knowledge.facts import Answer, Formula, Teams
    from aceten.knowledge.kripke import KripkeModel
    from aceten.show.svg import SvgImage

Location = int | str  # a seat (0-based), "stock" or "played"


def location_name(loc: Location) -> str:
    return f"P{loc + 1}" if isinstance(loc, int) else str(loc)


def _seat_and_events(source: Any, seat: int | None,
                     events: Iterable[Event]) -> tuple[Rules, int, Iterable[Event]]:
    """``Knowledge(rules, seat, events)`` or ``Knowledge(view)``; a whole game is refused, since
    knowledge is built from what one seat has seen."""
    if isinstance(source, PlayerView):
        if seat not in (None, source.seat) or events:
            raise AcetenError(f"a view brings its own seat (P{source.seat + 1}) and events: "
                              "give Knowledge(view) alone")
        return source.rules, source.seat, source.events
    if isinstance(source, Rules):
        if seat is None:
            raise AcetenError("whose knowledge? Knowledge(rules, seat, events), seats 0-based, "
                              "or Knowledge(game.view(seat))")
        return source, seat, events
    if isinstance(source, Game):
        raise AcetenError("knowledge is built from one seat's view, never the whole game: "
                          "Knowledge(game.view(seat))")
    raise AcetenError(f"Knowledge takes a PlayerView (game.view(seat)) or rules, a seat and "
                      f"events, not {type(source).__name__}")


@dataclass(frozen=True)
class WorldCount:
    """How many deals a seat considers possible.

    ``deals`` counts full deals (every hand as dealt and the whole stock order) consistent with
    the history; ``holdings`` counts the different answers to "who holds which card now, and
    which cards are still in the stock"; ``stock_orders`` is the number of orders the hidden
    undrawn stock can be in (every holding allows them all, and nothing has been seen of them).
    """

    deals: int
    holdings: int
    stock_orders: int

    def as_dict(self) -> dict[str, int]:
        return {"deals": self.deals, "holdings": self.holdings, "stock_orders": self.stock_orders}


class Knowledge:
    """What ``seat`` knows, built from its :class:`~aceten.game.PlayerView` (never the full game)
    and updated one event at a time with :meth:`push`.

        >>> import aceten
        >>> from aceten.knowledge import Knowledge
        >>> g = aceten.new_game("briscola", players=2, seed=7)
        >>> kn = Knowledge.from_view(g.view(1))   # or Knowledge(g.view(1))
        >>> kn.count().holdings        # P1's 3 cards among the 36 P2 has not seen
        7140
        >>> kn.knows("not holds(P1, JC)")   # the jack of cups is face up under the stock
        True
    """

    def __init__(self, rules: Rules | PlayerView, seat: int | None = None,
                 events: Iterable[Event] = (), *, lead_bonus_known: bool = True):
        rules, seat, events = _seat_and_events(rules, seat, events)
        seat = checked_seat(seat, rules.players)
        self.rules = rules
        self.seat = seat
        self.lead_bonus_known = lead_bonus_known
        self._tl = Timeline(rules, seat, lead_bonus_known=lead_bonus_known)
        self._cache: dict[Any, Any] = {}
        for event in events:
            self._tl.push(event)

    @classmethod
    def from_view(cls, view: PlayerView) -> Knowledge:
        """The knowledge of the view's seat after every event of the view."""
        if not isinstance(view, PlayerView):  # a Game knows every card: it has no one view
            what = "a Game" if isinstance(view, Game) else type(view).__name__
            raise AcetenError(f"from_view takes a PlayerView (game.view(seat)), not {what}")
        return cls(view.rules, view.seat, view.events)

    # -- updating ------------------------------------------------------------------------------
    def push(self, event: Event) -> None:
        """Take in the next event of the seat's view: ``("play", seat, card)`` and the others of
        :class:`~aceten.game.PlayerView`.

        A history is read as a view shows it, whole moves at a time: a lead followed by no
        ``bonus`` event scored no bonus (a Cruce marriage's bonus comes right after its lead,
        in the same move). Between the lead and its bonus the knowledge says "no bonus" until
        the bonus is pushed, which corrects it."""
        self._tl.push(event)
        self._cache.clear()

    def copy(self) -> Knowledge:
        return Knowledge(self.rules, self.seat, self._tl.events, lead_bonus_known=self.lead_bonus_known)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._tl.events)

    @property
    def timeline(self) -> Timeline:
        return self._tl

    @property
    def trump(self) -> Suit | None:
        return self._tl.trump

    @property
    def teams(self) -> Teams | None:
        """What the public history says of a hidden team (the caller, the called card, who
        played it); None when the game's teams are declared at the deal."""
        from aceten.knowledge.facts import Teams

        if not self.rules.hidden_teams:
            return None
        tl = self._tl
        call = next(((who, what) for _, who, what in reversed(tl.bids) if isinstance(what, Card)),
                    None)
        if call is None:
            return Teams(None, None)
        caller, card = call
        holder = next((seat for _, seat, played, _ in tl.plays if played == card), None)
        return Teams(caller, card, holder)

    def partner_odds(self) -> dict[int, Fraction]:
        """For each seat, the probability that it is the caller's partner (the caller itself:
        alone), over the consistent deals; exact. Empty before the call."""
        teams = self.teams
        if teams is None:
            raise AcetenError(f"{self.rules.title} has no hidden partner (its teams are declared)")
        if teams.card is None:
            return {}
        if teams.holder is not None:
            return {s: Fraction(int(s == teams.holder)) for s in range(self.rules.players)}
        where = self.marginals()[teams.card]
        return {s: where.get(s, Fraction(0)) for s in range(self.rules.players)}

    def _cached(self, key: Any, make: Any) -> Any:
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = make()
        return value

    @property
    def problem(self) -> Problem:
        return self._cached("problem", lambda: Problem.build(self._tl))

    def _checked(self) -> Problem:
        p = self.problem
        if p.error:
            raise AcetenError(f"P{self.seat + 1}'s history is not consistent: {p.error}")
        return p

    @property
    def solver(self) -> Solver:
        def make() -> Solver:
            p = self._checked()
            s = Solver(p, p.types())
            if not s.total:
                raise AcetenError(f"no deal is consistent with P{self.seat + 1}'s history")
            return s
        return self._cached("solver", make)

    def public(self) -> Knowledge:
        """What every seat knows: this history without the seat's private cards."""
        def make() -> Knowledge:
            kn = Knowledge.__new__(Knowledge)
            kn.rules, kn.seat, kn.lead_bonus_known = self.rules, self.seat, self.lead_bonus_known
            kn._tl = Timeline(self.rules, None, lead_bonus_known=self.lead_bonus_known)
            kn._cache = {}
            for event in public_events(self.rules, self._tl.events):
                kn._tl.push(event)
            return kn
        return self._cached("public", make)

    # -- worlds ----------------------------------------------------------------------------------
    def count(self) -> WorldCount:
        """The exact number of deals (and holdings, and stock orders) the seat considers possible."""
        def make() -> WorldCount:
            solver = self.solver
            p = self.problem
            holdings = Solver(p, solver.types, holdings=True).total
            return WorldCount(solver.total * p.stock_orders, holdings, p.stock_orders)
        return self._cached("count", make)

    def location(self, card: Card | str) -> Location | None:
        """Where the seat knows ``card`` to be now (a seat, "stock" or "played"), or None."""
        card = self.rules.parse_card(card)
        loc = self._tl.location(card)
        if loc is None:
            probs = self.marginals()[card]
            sure = [where for where, pr in probs.items() if pr == 1]
            return sure[0] if sure else None
        return "stock" if loc == STOCK else loc

    def marginals(self) -> dict[Card, dict[Location, Fraction]]:
        """For every card of the deck, the probability of each place it can be now, over the
        consistent deals taken as equally likely ("played" for cards on the table)."""
        def make() -> dict[Card, dict[Location, Fraction]]:
            p = self.problem
            solver = self.solver
            free = marginals(p, solver)
            out: dict[Card, dict[Location, Fraction]] = {}
            for card in self.rules.deck:
                loc = self._tl.location(card)
                if loc is not None:
                    out[card] = {("stock" if loc == STOCK else loc): Fraction(1)}
                    continue
                probs = free.get(card)
                if probs is None:  # pragma: no cover - every card is somewhere
                    raise AcetenError(f"{card} has no place")
                out[card] = {("stock" if p.loc_seat[i] == STOCK else p.loc_seat[i]): pr
                             for i, pr in enumerate(probs) if pr}
            return out
        return self._cached("marginals", make)

    def sample(self, k: int = 1, *, seed: int | None = None, rng: random.Random | None = None) -> list[Deal]:
        """``k`` deals drawn independently and exactly uniformly from the consistent deals (the
        hands as dealt and the whole stock order): replaying the game's moves on any of them
        gives this seat the same view."""
        count = whole_number(k)
        if count is None or count < 0:  # a float, a string, a negative number
            raise AcetenError(f"sample(k): k is how many deals, a whole number from 0, not {k!r}")
        if rng is None:
            rng = random.Random(seed)
        sampler: DealSampler = self._cached("sampler", lambda: DealSampler(self._checked(), self.solver))
        return sampler.sample(count, rng)

    def is_consistent(self, deal: Deal) -> bool:
        """Whether ``deal`` (full hands and stock) agrees with everything the seat has seen."""
        tl = self._tl
        p = self.problem
        if p.error:
            return False
        origin: dict[Card, int] = {}
        stock_bit = len(tl.groups)
        if len(deal.hands) != tl.n:
            return False
        k = self.rules.options["open_cards"]
        for s, hand in enumerate(deal.hands):
            if len(hand) != self.rules.hand_size:
                return False
            dealt = len(tl.dealt[s])
            for card in hand[dealt:]:  # not dealt yet: from the undealt rest, like the stock
                origin[card] = stock_bit
            hand = hand[:dealt]
            # a hand is a set, apart from its first k cards, which were dealt face up
            for lo, hi in ((0, k), (k, len(hand))):
                part = set(hand[lo:hi])
                face_up = {c for c in tl.dealt[s][lo:hi] if c is not None}
                if not face_up <= part:
                    return False
                for card in part - face_up:
                    if tl.deal_group[s] is None:
                        return False
                    origin[card] = tl.deal_group[s]  # type: ignore[assignment]
        if len(deal.stock) != tl.stock_total:
            return False
        for position, card in enumerate(deal.stock):
            last = position == tl.stock_total - 1
            if last and tl.turned is not None:
                if card != tl.turned:
                    return False
                continue
            if position < len(tl.draw_log):
                _, group, seen = tl.draw_log[position]
                if group is None:
                    if seen != card:
                        return False
                else:
                    origin[card] = group
            else:
                origin[card] = stock_bit
        if sorted(deal.cards()) != sorted(self.rules.deck):
            return False
        for card, info in tl.cards.items():
            if info.origin is not None:
                continue
            mask = p.free.get(card)
            if mask is None:
                mask = tl.allowed(info)
            if card not in origin or not mask >> origin[card] & 1:
                return False
        return True

    # -- facts and queries -------------------------------------------------------------------------
    def held(self, seat: int) -> CardSet:
        """The cards the seat knows ``seat`` holds now."""
        seat = checked_seat(seat, self.rules.players)
        mask = 0
        for card, probs in self.marginals().items():
            if probs.get(seat) == 1:
                mask |= card.bit
        return CardSet(mask, self.rules.family)

    def not_held(self, seat: int) -> CardSet:
        """The unplayed cards the seat knows ``seat`` does not hold now."""
        seat = checked_seat(seat, self.rules.players)
        mask = 0
        for card, probs in self.marginals().items():
            if "played" not in probs and not probs.get(seat):
                mask |= card.bit
        return CardSet(mask, self.rules.family)

    def voids(self, seat: int) -> list[Suit]:
        """The suits the seat knows ``seat`` to hold none of now."""
        seat = checked_seat(seat, self.rules.players)
        from aceten.knowledge.facts import Void

        suits = sorted({c.suit for c in self.rules.deck})
        return [s for s in suits if self.knows(Void(seat, s))]

    def hidden(self) -> CardSet:
        """The cards whose place the seat does not know."""
        mask = 0
        for card, probs in self.marginals().items():
            if len(probs) > 1:
                mask |= card.bit
        return CardSet(mask, self.rules.family)

    def ask(self, query: str | Formula, *, max_worlds: int | None = None) -> Answer:
        """Evaluate a query (an expression or a :class:`~aceten.knowledge.facts.Formula`) in every
        deal the seat considers possible; see :mod:`aceten.knowledge.facts`."""
        from aceten.knowledge.evaluate import ask

        return ask(self, query, max_worlds=max_worlds)

    def knows(self, fact: str | Formula) -> bool:
        """Whether the seat knows ``fact`` (it holds in every deal the seat considers possible)."""
        return self.ask(fact).value is True

    def possible(self, fact: str | Formula) -> bool:
        """Whether the seat considers ``fact`` possible (it holds in some consistent deal)."""
        return self.ask(fact).value is not False

    def probability(self, fact: str | Formula) -> Fraction:
        """The share of the consistent deals in which ``fact`` holds."""
        return self.ask(fact).probability

    def explain(self, fact: str | Formula) -> Explanation:
        """Why the seat knows ``fact`` (or why not): the events and the rules behind it."""
        from aceten.knowledge.explain import explain

        return explain(self, fact)

    def kripke(self, *, max_worlds: int = 200_000) -> KripkeModel:
        """The explicit Kripke model of this position: every holding consistent with the public
        history, each seat's accessibility (same own hand), this seat's worlds marked."""
        from aceten.knowledge.kripke import KripkeModel

        key = ("kripke", max_worlds)
        return self._cached(key, lambda: KripkeModel.build(self, max_worlds=max_worlds))

    def card_svg(self, card: Card | str, *, actual: Location | None = None,
                 size: float | None = None, partner_of: int | None = None) -> SvgImage:
        """The classic picture of one card: the worlds "who holds it", each seat's accessibility,
        this seat's possible worlds and (if given) the actual one marked. ``partner_of``: the
        card is the one that seat called, and the worlds are "who is its partner"."""
        from aceten.knowledge.picture import card_picture

        return card_picture(self, self.rules.parse_card(card), actual=actual, size=size,
                            partner_of=partner_of)

    def partner_svg(self, *, actual: Location | None = None, size: float | None = None) -> SvgImage:
        """The picture of a hidden team's worlds: who holds the called card, i.e. who is the
        caller's partner (the caller itself: alone), and who can tell which."""
        teams = self.teams
        if teams is None or teams.card is None or teams.caller is None:
            raise AcetenError("no called card: no hidden team to draw")
        return self.card_svg(teams.card, actual=actual, size=size, partner_of=teams.caller)

    def __repr__(self) -> str:
        return (f"<Knowledge of P{self.seat + 1} in {self.rules.name} after "
                f"{len(self._tl.events)} events>")

    def describe_cards(self, mask: int) -> str:
        return " ".join(str(c) for c in cards_of(mask, self.rules.family))
