"""Klaverjas (Netherlands) as a PettingZoo AEC environment: ``klaverjas_v0.env(variant=...)``.

Players: 4 (partners 0+2 against 1+3); variant rotterdam (default) or amsterdam. Rule options
are keyword arguments, as for ``aceten.new_game("klaverjas")``; the action numbering and the
observation vector are described in :mod:`aceten.env.encoding`. With ``trump_choice="free"``
a deal starts with the trump call: actions 32 to 35 call a suit, 36 passes.

    >>> import numpy as np
    >>> from aceten.env import klaverjas_v0
    >>> env = klaverjas_v0.env(variant="amsterdam", trump_choice="free")
    >>> env.reset(seed=2)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> [env.unwrapped.action_names[a] for a in np.flatnonzero(obs["action_mask"])]
    ['trump:C', 'trump:D', 'trump:H', 'trump:S', 'pass']
"""

from __future__ import annotations

from aceten.env.aec import game_functions

GAME = "klaverjas"

raw_env, env = game_functions(GAME, __name__)

__all__ = ["GAME", "env", "raw_env"]
