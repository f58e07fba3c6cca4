"""A Gymnasium environment for one learner against aceten bots (one deal per episode).

    >>> from aceten.env import SingleAgentEnv
    >>> env = SingleAgentEnv("briscola", players=2, opponents="greedy")
    >>> obs, info = env.reset(seed=3)
    >>> done = False
    >>> while not done:
    ...     action = int(obs["action_mask"].argmax())   # a policy goes here
    ...     obs, reward, done, truncated, info = env.step(action)
    >>> info["outcome"]["winner"] in (0, 1, None)
    True

The learner sits at ``seat`` (0 leads the first trick; ``None`` draws the seat at random each
episode); the other seats are bots found by name through :func:`aceten.agents.get` (``random``,
``greedy``, and any bot added there later) or given as objects. Bots decide from their own
:class:`~aceten.PlayerView`, like the learner. Observation and action layout are those of the
PettingZoo environments (:mod:`aceten.env.encoding`; ``compiled`` as there);
``action_masks()`` serves masking
algorithms (sb3-contrib's MaskablePPO). An illegal action ends the episode with
``illegal_reward`` and ``info["illegal_action"] = True``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle

from aceten import agents as bots
from aceten.agents.base import Agent
from aceten.env.aec import REWARDS, compiled_observer, deal_rewards, render_game
from aceten.env.encoding import ActionCodec, ObservationEncoder
from aceten.errors import AcetenError
from aceten.game import Game
from aceten.rules import DEFAULT_GAME
from aceten.rules import get as get_rules


class SingleAgentEnv(gymnasium.Env, EzPickle):
    """One seat learns, the others are aceten bots; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str = DEFAULT_GAME, players: int | None = None,
                 variant: str | None = None, *, seat: int | None = 0,
                 opponents: str | Agent | Sequence[str | Agent] = "random",
                 reward: str = "points", voids: bool | str = False, illegal_reward: float = -1.0,
                 render_mode: str | None = None, compiled: bool | None = None, **options: Any):
        EzPickle.__init__(self, game, players, variant, seat=seat, opponents=opponents,
                          reward=reward, voids=voids, illegal_reward=illegal_reward,
                          render_mode=render_mode, compiled=compiled, **options)
        if reward not in REWARDS:
            raise AcetenError(f"reward={reward!r}: expected 'points' or 'win'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise AcetenError(f"render_mode={render_mode!r}: expected 'ansi' or 'human'")
        self.rules = get_rules(game, players=players, variant=variant, **options)
        n = self.rules.players
        if seat is not None and not 0 <= seat < n:
            raise AcetenError(f"seat={seat}: seats of a {n}-player game are 0 to {n - 1}")
        if isinstance(opponents, (str, Agent)):
            opponents = [opponents] * (n - 1)
        opponents = list(opponents)
        if len(opponents) != n - 1:
            raise AcetenError(f"{len(opponents)} opponents for a {n}-player game: give {n - 1}")
        for bot in opponents:
            if isinstance(bot, str):
                bots.get(bot)  # fail now on an unknown name
            elif not hasattr(bot, "choose"):
                raise AcetenError(f"opponent {bot!r} is neither a bot name nor a bot")
        self._opponent_specs = opponents
        self.seat_choice = seat
        self.seat = 0 if seat is None else seat
        self.reward_kind = reward
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.codec, voids=voids)
        self.compiled = compiled_observer(self.encoder, compiled)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, self.encoder.high, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.codec.size)
        self.game: Game = Game(self.rules, seed=0)
        self.opponents: list[Agent | None] = []
        self._mask = np.zeros(self.codec.size, dtype=np.int8)
        self._done = True

    # -- the Gymnasium API ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**63)))
        if self.seat_choice is None:
            self.seat = rng.randrange(self.rules.players)
        others = iter(self._opponent_specs)
        self.opponents = []
        for s in range(self.rules.players):
            if s == self.seat:
                self.opponents.append(None)
                continue
            spec = next(others)
            self.opponents.append(bots.get(spec, seed=rng.randrange(2**32))
                                  if isinstance(spec, str) else spec)
        deal = (options or {}).get("deal")
        self.game = Game(self.rules, deal=deal) if deal is not None else Game(
            self.rules, seed=rng.randrange(2**32))
        self._done = False
        if self.compiled is not None:
            self.compiled.reset(self.game)
        self._play_bots()
        return self._observe(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise AcetenError("the deal is over: call reset() first")
        try:
            a = int(action)
        except (TypeError, ValueError):
            raise AcetenError(f"not an action: {action!r}") from None
        if not 0 <= a < self.codec.size or not self._mask[a]:
            self._done = True
            name = self.codec.names[a] if 0 <= a < self.codec.size else "out of range"
            return (self._observe(), self.illegal_reward, True, False,
                    {"seat": self.seat, "illegal_action": True, "action": f"{a} ({name})"})
        self.game.push(self.codec.action_to_move(a, self.game.trump))
        if self.compiled is not None:
            self.compiled.sync(self.game)
        self._play_bots()
        info: dict[str, Any] = {"seat": self.seat}
        reward = 0.0
        if self.game.is_over():
            self._done = True
            outcome = self.game.outcome()
            assert outcome is not None
            reward = deal_rewards(outcome, self.rules, self.reward_kind)[self.seat]
            info["outcome"] = outcome.as_dict()
        obs = self._observe()
        return obs, reward, self._done, False, info

    def render(self) -> str | None:
        """The whole table as text (every hand shown)."""
        return render_game(self.game, self.render_mode)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (for sb3-contrib's MaskablePPO)."""
        return self._mask.astype(bool)

    # -- helpers -------------------------------------------------------------------------------------
    def _play_bots(self) -> None:
        game = self.game
        while not game.is_over() and game.to_move != self.seat:
            seat = game.to_move
            bot = self.opponents[seat]
            assert bot is not None
            game.push(bot.choose(game.view(seat)))
            if self.compiled is not None:
                self.compiled.sync(game)  # one move at a time: the mirror follows cheaply

    def _observe(self) -> dict[str, np.ndarray]:
        made = None if self.compiled is None else self.compiled.observe(self.game, self.seat)
        if made is not None:
            observation, self._mask = made
            if self._done:
                self._mask[:] = 0
            return {"observation": observation, "action_mask": self._mask.copy()}
        view = self.game.view(self.seat)
        observation, self._mask = self.encoder.encode_with_mask(
            view, () if self._done else view.legal_moves)
        return {"observation": observation, "action_mask": self._mask.copy()}
