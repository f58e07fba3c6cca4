"""The random bot: any legal move, uniformly, from a seeded generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aceten.agents.base import Agent

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move


class RandomAgent(Agent):
    """Plays a uniformly random legal move; the baseline every other bot must beat."""

    name = "random"

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        move = self.rng.choice(view.legal_moves)
        self.reason = f"a move picked at random (this bot plays at random): {move}"
        self.detail = f"uniform choice among {len(view.legal_moves)} legal moves"
        return move
