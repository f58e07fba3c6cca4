"""Brisca (Spain) as a PettingZoo AEC environment: ``brisca_v0.env(players=...)``.

Players: 2, 3 (the 2s removed), 4 (partners 0+2 against 1+3) or 6 (0+2+4 against 1+3+5, the 2s
removed). Rule options are keyword
arguments, as for ``aceten.new_game("brisca")``; the action numbering and the observation
vector are described in :mod:`aceten.env.encoding`. Actions 40 and 41 swap the 7 or the 2 of
trumps for the face-up card (option ``exchange``, on by default).

    >>> from aceten.env import brisca_v0
    >>> env = brisca_v0.env(players=2)
    >>> env.reset(seed=1)
    >>> env.unwrapped.action_names[40:], env.unwrapped.game.trump_card
    (['swap:7', 'swap:2'], Card.parse('2C'))
"""

from __future__ import annotations

from aceten.env.aec import game_functions

GAME = "brisca"

raw_env, env = game_functions(GAME, __name__)

__all__ = ["GAME", "env", "raw_env"]
