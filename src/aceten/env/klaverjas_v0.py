"""Klaverjas (Netherlands) as a PettingZoo AEC environment: ``klaverjas_v0.env(variant=...)``.

Players: 4 (partners 0+2 against 1+3); variant rotterdam (default) or amsterdam. Rule options
are keyword arguments, as for ``aceten.new_game("klaverjas")``; the action numbering and the
observation vector are described in :mod:`aceten.env.encoding`.

    >>> from aceten.env import klaverjas_v0
    >>> env = klaverjas_v0.env(players=4)
    >>> env.reset(seed=1)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else int(obs["action_mask"].argmax())
    ...     env.step(action)
    >>> env.unwrapped.game.is_over()
    True
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from aceten.env.aec import CardGameEnv, wrap

GAME = "klaverjas"


def raw_env(players: int | None = None, variant: str | None = None, *, reward: str = "points",
            voids: bool | str = False, render_mode: str | None = None, **options: Any) -> CardGameEnv:
    """The unwrapped environment: an illegal action raises :class:`~aceten.IllegalMove`."""
    return CardGameEnv(GAME, players, variant, reward=reward, voids=voids,
                       render_mode=render_mode, **options)


def env(players: int | None = None, variant: str | None = None, *, reward: str = "points",
        voids: bool | str = False, render_mode: str | None = None, illegal_reward: float = -1.0,
        **options: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (an illegal action ends the deal with
    ``illegal_reward`` for its agent)."""
    return wrap(raw_env(players, variant, reward=reward, voids=voids, render_mode=render_mode,
                        **options), illegal_reward=illegal_reward)


__all__ = ["GAME", "env", "raw_env"]
