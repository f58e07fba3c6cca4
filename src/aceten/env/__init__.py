"""Reinforcement-learning environments: PettingZoo AEC games and a Gymnasium single-agent wrapper.

Installed with ``pip install 'aceten[rl]'`` (numpy, gymnasium, pettingzoo); ``import aceten``
does not load them, only ``import aceten.env`` does.

    >>> from aceten.env import klaverjas_v0
    >>> env = klaverjas_v0.env(variant="amsterdam", reward="win")
    >>> env.reset(seed=7)
    >>> env.agent_selection, env.unwrapped.action_names[32:]
    ('player_0', ['trump:C', 'trump:D', 'trump:H', 'trump:S', 'pass'])

Each game module (``briscola_v0``, ``brisca_v0``, ``cruce_v0``, ``klaverjas_v0``) has
``env(**kwargs)`` (with PettingZoo's usual wrappers) and ``raw_env(**kwargs)``; :func:`make`
does the same by game name. The action numbering and the observation vector are documented in
:mod:`aceten.env.encoding` and in ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as err:  # pragma: no cover - depends on the installation
    raise ImportError(f"aceten.env needs numpy, gymnasium and pettingzoo ({err}): "
                      "pip install 'aceten[rl]'") from err

from aceten.env import brisca_v0, briscola_v0, cruce_v0, klaverjas_v0
from aceten.env.aec import CardGameEnv, ClassicWrapper, deal_rewards, make, wrap
from aceten.env.encoding import ActionCodec, ObservationEncoder, rule_voids
from aceten.env.single import SingleAgentEnv

Encoder = ObservationEncoder  # its name before 0.2 (it read like the logic layer's Encoder)

# each game's module by the game it declares (PettingZoo's layout: one module a game)
ENVIRONMENTS = {module.GAME: module for module in (briscola_v0, brisca_v0, cruce_v0, klaverjas_v0)}

__all__ = [
    "ENVIRONMENTS", "ActionCodec", "CardGameEnv", "ClassicWrapper", "Encoder", "ObservationEncoder",
    "SingleAgentEnv", "brisca_v0",
    "briscola_v0", "cruce_v0", "deal_rewards", "klaverjas_v0", "make", "rule_voids", "wrap",
]  # fmt: skip
