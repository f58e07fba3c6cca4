"""The bot interface: a name, ``choose(view) -> Move``, and the reason for the last choice."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from aceten.errors import AcetenError
from aceten.game import Game

if TYPE_CHECKING:
    from aceten.game import PlayerView
    from aceten.moves import Move


class Agent:
    """Base of the bots: seeded randomness, ``reason`` explaining the last choice in plain words
    and ``detail`` giving its technical detail.

    Subclasses implement :meth:`choose`. A bot decides from a :class:`PlayerView` alone.
    """

    name: str = "agent"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)
        self.reason = ""
        self.detail = ""  # the technical detail behind ``reason`` (numbers, rule names), for --verbose

    def choose(self, view: PlayerView) -> Move:
        """The move to make from this view (one of ``view.legal_moves``)."""
        raise NotImplementedError

    def _check(self, view: PlayerView) -> None:
        if isinstance(view, Game):  # the whole game would show the bot every hidden card
            raise AcetenError(f"a bot chooses from one seat's view: {self.name}.choose(game.view("
                              "game.to_move)), not from the game")
        if not hasattr(view, "legal_moves") or not hasattr(view, "seat"):
            raise AcetenError(f"a bot chooses from a PlayerView (game.view(seat)), not "
                              f"{type(view).__name__}")
        if not view.legal_moves:
            who = f"P{view.seat + 1}"
            raise AcetenError(f"{self.name} bot asked to move for {who}, who has no move now")

    def __repr__(self) -> str:
        return f"aceten.agents.get({self.name!r}, seed={self.seed!r})"
