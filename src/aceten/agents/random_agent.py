"""The random bot: any legal move, uniformly, from a seeded generator (in an auction: pass or
bid at even odds, a bid one of the next steps)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from aceten.agents.base import Agent
from aceten.moves import AuctionBid
from aceten.seeded import Stream

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aceten.game import PlayerView
    from aceten.moves import Move


def auction_steps(moves: Sequence[Move]) -> list[AuctionBid]:
    """The bids the random bot chooses among in an auction: every rank still open and the
    next point target (``moves`` are the legal auction moves, a pass then the bids from the
    lowest). A target jump is left out: uniform over every legal bid, a random bidder's first
    bid would promise 87 points of 120 on average, and random would win every auction and
    lose it."""
    bids = [m for m in moves if isinstance(m, AuctionBid) and m.rank is not None]
    ranks = [m for m in bids if not m.target]
    return ranks + [m for m in bids if m.target][:1]


class RandomAgent(Agent):
    """Plays a uniformly random legal move; the baseline every other bot must beat.

    In an auction it passes or bids at even odds (two draws), and a bid is uniform among
    :func:`auction_steps`; with no bid left it passes without drawing. Its choices come from
    :class:`aceten.seeded.Stream`, the generator the numba batch kernels compute too (their twin
    of this auction rule is ``aceten.search.batch.random_auction``), so ``aceten simulate
    --fast`` plays the very games of the engine's loop."""

    name = "random"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._stream = Stream(seed if seed is not None else random.randrange(2**64))

    def choose(self, view: PlayerView) -> Move:
        self._check(view)
        if view.phase == "auction":
            return self._auction(view)
        move = self._stream.choice(view.legal_moves)
        self.reason = f"a move picked at random (this bot plays at random): {move}"
        self.detail = f"uniform choice among {len(view.legal_moves)} legal moves"
        return move

    def _auction(self, view: PlayerView) -> Move:
        passing = AuctionBid(None)
        steps = auction_steps(view.legal_moves)
        if not steps or self._stream.below(2) == 0:
            self.reason = "pass (this bot passes or bids at even odds)"
            self.detail = f"{len(steps)} bids open to a random bidder"
            return passing
        move = self._stream.choice(steps)
        self.reason = f"a bid picked at random (this bot bids at random): {move}"
        self.detail = f"uniform choice among {len(steps)} bids: the ranks open and the next target"
        return move
