"""Cruce (Romania) as a PettingZoo AEC environment: ``cruce_v0.env(players=...)``.

Players: 2 (with a stock), 3 or 4 (partners 0+2 against 1+3). Rule options are keyword
arguments, as for ``aceten.new_game("cruce")``; the action numbering and the observation
vector are described in :mod:`aceten.env.encoding`. A deal starts with the bidding: actions 24
to 30 bid 0 (pass) to 6.

    >>> import numpy as np
    >>> from aceten.env import cruce_v0
    >>> env = cruce_v0.env(players=3)
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> [env.unwrapped.action_names[a] for a in np.flatnonzero(obs["action_mask"])]
    ['bid:0', 'bid:1', 'bid:2', 'bid:3', 'bid:4', 'bid:5', 'bid:6']
"""

from __future__ import annotations

from aceten.env.aec import game_functions

GAME = "cruce"

raw_env, env = game_functions(GAME, __name__)

__all__ = ["GAME", "env", "raw_env"]
