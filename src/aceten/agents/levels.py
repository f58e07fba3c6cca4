"""Levels for people: ``easy``, ``medium``, ``hard`` and ``expert`` opponents.

- ``easy``: the tactics player, but careless: on about one card in three (``MISTAKE_RATE``) it
  plays its second-best card by tactics' own values (now and then its third-best), the kind of
  plausible slip a casual player makes, never a uniformly random card.
- ``medium``: the tactics player.
- ``hard``: the pimc player with its default settings.
- ``expert``: the searcher (:mod:`aceten.agents.searcher`) with its default settings: sampled
  worlds weighted by the others' play, searched from the first trick. Measured against pimc-1
  (docs/players.md, 200 duplicate deals a game): above pimc, the previous expert (now the bench
  variant ``pimc-expert``), in every game of two and four seats and in 3-player Cruce; p95
  under 0.8 s a decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.agents.pimc import PimcAgent
from aceten.agents.searcher import SearcherAgent
from aceten.agents.tactics import TacticsAgent, _Option, card_words

if TYPE_CHECKING:
    from aceten.agents.tactics import _Facts
    from aceten.game import PlayerView
    from aceten.moves import Move

MISTAKE_RATE = 0.3      # the share of card decisions where easy slips
THIRD_BEST_RATE = 0.25  # of its slips, the share that take the third-best card


class EasyAgent(TacticsAgent):
    """Tactics with human-like slips: sometimes its second- or third-best card."""

    name = "easy"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._slip: _Option | None = None
        self._careful: _Option | None = None

    def choose(self, view: PlayerView) -> Move:
        self._slip = self._careful = None
        move = super().choose(view)
        if self._slip is not None and self._careful is not None:
            self.reason = (f"play {card_words(self._slip.card, view.trump)}: an easy opponent's "
                           f"hasty choice, not the careful play")
            self.detail = f"slip: {self._slip.card} instead of {self._careful.card}; {self.detail}"
        return move

    def _best(self, f: _Facts, options: list[_Option]) -> _Option:
        best = super()._best(f, options)
        ranked = sorted(options, key=lambda o: (-round(o.value, 6), o is not best))
        if len(ranked) < 2 or self.rng.random() >= MISTAKE_RATE:
            return best
        pick = ranked[2] if len(ranked) > 2 and self.rng.random() < THIRD_BEST_RATE else ranked[1]
        self._slip, self._careful = pick, best
        return pick


class MediumAgent(TacticsAgent):
    """The tactics player under its level name."""

    name = "medium"


class HardAgent(PimcAgent):
    """The pimc player with its default settings, under its level name."""

    name = "hard"


class ExpertAgent(SearcherAgent):
    """The searcher with its default settings, under its level name."""

    name = "expert"
