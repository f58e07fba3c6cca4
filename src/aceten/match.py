"""A match: a series of deals with the dealer passing on, scored in the game's own unit.

Cruce is played to a target of game points (11, or option ``target``); Klaverjas over a
number of deals (16, or option ``deals``); Briscola (5, or option ``deals``) and Brisca (1) over
``deals`` given here, 1 to 1,000 (for a game with the option ``deals``, ``Match(deals=...)`` is
that option, checked by the rules). A game scored on a per-seat sheet (Briscola chiamata) keeps
score per seat.
A match to a target ends after ``max_deals`` deals all the same (weak players can keep
scoring below zero for ever); the highest score wins.
"""

from __future__ import annotations

import random
from typing import Any

from aceten.errors import AcetenError
from aceten.game import Game, Outcome
from aceten.rules import get as get_rules
from aceten.rules.base import Rules, deals_option

#: ``deals`` for a game whose rules have no such option (Cruce, Brisca): checked the same way
_DEALS = deals_option(1, "deals in a match")


class Match:
    """Deals of one game in a row: ``next_deal()``, play it, ``add(game)``, until ``is_over()``."""

    def __init__(self, name: str, players: int | None = None, variant: str | None = None,
                 seed: int | None = None, deals: int | None = None, max_deals: int = 200,
                 **options: Any):
        if "dealer" in options:
            raise AcetenError("a match passes the deal on by itself; do not give option dealer")
        self.rules = get_rules(name, players=players, variant=variant, **options)
        if deals is not None and "deals" in self.rules.options:
            # the game's own option (Klaverjas, chiamata): the rules check it and show it
            options = {**options, "deals": deals}
            self.rules = get_rules(name, players=players, variant=variant, **options)
        self.name, self.variant, self.options = name, variant, options
        self.seed = random.randrange(2**32) if seed is None else seed
        self._seeds = random.Random(self.seed)
        self.target: int | None = None
        self.deals: int | None = None
        if deals is not None and "deals" not in self.rules.options:
            self.deals = _DEALS.resolve(deals)
        elif "deals" in self.rules.options:
            self.deals = self.rules.options["deals"]
        elif "target" in self.rules.options:
            self.target = self.rules.options["target"]
        else:
            self.deals = 1
        if type(max_deals) is not int or max_deals < 1:
            raise AcetenError(f"max_deals is a whole number from 1, not {max_deals!r}")
        self.max_deals = max_deals
        self.games: list[Game] = []
        self.outcomes: list[Outcome] = []
        scoring = self.rules.scoring
        #: a game scored on a per-seat sheet (sides that change every deal) keeps score per seat
        self.per_seat = scoring is not None and scoring.per_seat
        self.scores = [0] * (self.rules.players if self.per_seat else len(self.rules.teams))
        self._pending: Game | None = None

    def deal_rules(self, number: int) -> Rules:
        dealer = (self.rules.options["dealer"] + number) % self.rules.players
        return get_rules(self.name, players=self.rules.players, variant=self.variant,
                         dealer=dealer, **self.options)

    def next_deal(self) -> Game:
        """The next deal, dealt by the seat after the last dealer."""
        if self.is_over():
            raise AcetenError("the match is over")
        if self._pending is not None:
            raise AcetenError("finish the current deal and add() it first")
        number = len(self.games)
        self._pending = Game(self.deal_rules(number), seed=self._seeds.randrange(2**32))
        return self._pending

    def add(self, game: Game) -> Outcome:
        """Score a finished deal of this match."""
        if game is not self._pending:
            raise AcetenError("add() takes the game next_deal() returned")
        outcome = game.outcome()
        if outcome is None:
            raise AcetenError("the deal is not finished")
        self._pending = None
        self.games.append(game)
        self.outcomes.append(outcome)
        for side, score in enumerate(outcome.seat_scores if self.per_seat else outcome.scores):
            self.scores[side] += score
        return outcome

    def is_over(self) -> bool:
        if self.target is not None:
            best = max(self.scores)
            reached = best >= self.target and self.scores.count(best) == 1
            return reached or len(self.games) >= self.max_deals
        return self.deals is not None and len(self.games) >= self.deals

    def side_name(self, index: int) -> str:
        """The name of ``scores[index]``: a seat (``P3``) or a team (``team P1+P3``)."""
        if type(index) is not int or not 0 <= index < len(self.scores):
            raise AcetenError(f"no side {index!r}: the scores are 0 to {len(self.scores) - 1}")
        if self.per_seat:
            return f"P{index + 1}"
        members = self.rules.teams[index]
        return f"P{members[0] + 1}" if len(members) == 1 else "team " + "+".join(
            f"P{s + 1}" for s in members)

    @property
    def winner(self) -> int | None:
        """The winning team (the seat, when scored per seat) once the match is over (None for
        a tie or an unfinished match)."""
        if not self.is_over():
            return None
        best = max(self.scores)
        return self.scores.index(best) if self.scores.count(best) == 1 else None

    def __repr__(self) -> str:
        return f"<Match {self.rules.name} deals={len(self.games)} scores={self.scores}>"
