"""The random bot: any legal move, uniformly, from a seeded generator."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from aceten.agents.base import Agent
from aceten.seeded import Stream

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move


class RandomAgent(Agent):
    """Plays a uniformly random legal move; the baseline every other bot must beat.

    Its choices come from :class:`aceten.seeded.Stream`, the generator the numba batch kernels
    compute too, so ``aceten simulate --fast`` plays the very games of the engine's loop."""

    name = "random"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._stream = Stream(seed if seed is not None else random.randrange(2**64))

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        move = self._stream.choice(view.legal_moves)
        self.reason = f"a move picked at random (this bot plays at random): {move}"
        self.detail = f"uniform choice among {len(view.legal_moves)} legal moves"
        return move
