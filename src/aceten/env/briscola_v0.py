"""Briscola (Italy) as a PettingZoo AEC environment: ``briscola_v0.env(players=...)``.

Players: 2, 3 (one 2 removed), 4 (partners 0+2 against 1+3) or 6 (0+2+4 against 1+3+5, the
2s removed); ``variant="chiamata"`` with 5: an auction, a called card, a hidden partner (the
observation shows the partner only once the seat knows it). Rule options are keyword
arguments, as for ``aceten.new_game("briscola")``; the action numbering and the observation
vector are described in :mod:`aceten.env.encoding`.

    >>> from aceten.env import briscola_v0
    >>> env = briscola_v0.env(players=2)
    >>> env.reset(seed=1)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else int(obs["action_mask"].argmax())
    ...     env.step(action)
    >>> env.unwrapped.game.is_over()
    True
"""

from __future__ import annotations

from aceten.env.aec import game_functions

GAME = "briscola"

raw_env, env = game_functions(GAME, __name__)

__all__ = ["GAME", "env", "raw_env"]
