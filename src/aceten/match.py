"""A match: a series of deals with the dealer passing on, scored in the game's own unit.

Cruce is played to a target of game points (11, or option ``target``); Klaverjas over a
number of deals (16, or option ``deals``); Briscola and Brisca over ``deals`` given here.
A match to a target ends after ``max_deals`` deals all the same (weak players can keep
scoring below zero for ever); the highest score wins.
"""

from __future__ import annotations

import random
from typing import Any

from aceten.errors import AcetenError
from aceten.game import Game, Outcome
from aceten.rules import get as get_rules
from aceten.rules.base import Rules


class Match:
    """Deals of one game in a row: ``next_deal()``, play it, ``add(game)``, until ``is_over()``."""

    def __init__(self, name: str, players: int | None = None, variant: str | None = None,
                 seed: int | None = None, deals: int | None = None, max_deals: int = 200,
                 **options: Any):
        if "dealer" in options:
            raise AcetenError("a match passes the deal on by itself; do not give option dealer")
        self.rules = get_rules(name, players=players, variant=variant, **options)
        self.name, self.variant, self.options = name, variant, options
        self.seed = random.randrange(2**32) if seed is None else seed
        self._seeds = random.Random(self.seed)
        self.target: int | None = None
        self.deals: int | None = deals
        if deals is None:
            if "target" in self.rules.options:
                self.target = self.rules.options["target"]
            elif "deals" in self.rules.options:
                self.deals = self.rules.options["deals"]
            else:
                self.deals = 1
        self.max_deals = max_deals
        self.games: list[Game] = []
        self.outcomes: list[Outcome] = []
        self.scores = [0] * len(self.rules.teams)
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
        for team, score in enumerate(outcome.scores):
            self.scores[team] += score
        return outcome

    def is_over(self) -> bool:
        if self.target is not None:
            best = max(self.scores)
            reached = best >= self.target and self.scores.count(best) == 1
            return reached or len(self.games) >= self.max_deals
        return self.deals is not None and len(self.games) >= self.deals

    @property
    def winner(self) -> int | None:
        """The winning team once the match is over (None for a tie or an unfinished match)."""
        if not self.is_over():
            return None
        best = max(self.scores)
        return self.scores.index(best) if self.scores.count(best) == 1 else None

    def __repr__(self) -> str:
        return f"<Match {self.rules.name} deals={len(self.games)} scores={self.scores}>"
