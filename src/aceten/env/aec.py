"""The PettingZoo AEC environment shared by the four games (``briscola_v0`` and the others).

One environment is one deal: it starts at ``reset()`` and ends when the last trick is taken,
with the rewards of the deal. Agents are ``player_0`` .. ``player_{n-1}``, seat by seat (seat 0
is shown to people as P1). An observation holds what ``game.view(seat)`` shows and nothing
else: see :mod:`aceten.env.encoding` for the vector and the action numbering, and
:mod:`aceten.env.compiled` for the faster way the play phase's vectors are made (the same ones).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from aceten.env.encoding import ActionCodec, ObservationEncoder
from aceten.errors import AcetenError, IllegalMove
from aceten.game import Game, Outcome, whole_number
from aceten.moves import Move
from aceten.rules import get as get_rules
from aceten.rules.base import Rules

if TYPE_CHECKING:
    from aceten.env.compiled import CompiledObserver

REWARDS = ("points", "win")


def compiled_observer(encoder: ObservationEncoder, compiled: bool | None) -> CompiledObserver | None:
    """The numba observer of :mod:`aceten.env.compiled` for this encoder, or None for the
    view-based encoder: ``compiled=None`` takes it when numba is installed and the observation
    has no ``open`` or ``voids`` block, ``True`` insists, ``False`` declines."""
    if compiled not in (None, True, False):
        raise AcetenError(f"compiled={compiled!r}: expected True, False or None")
    if compiled is False:
        return None
    usable = not encoder.has_open and encoder.voids_mode == "off"
    if not usable:
        if compiled:
            raise AcetenError("compiled=True: the compiled observer has no open-cards or voids "
                              "block; use compiled=False (or None)")
        return None
    if find_spec("numba") is None:
        if compiled:
            raise AcetenError("compiled=True needs numba: pip install 'aceten[rl]'")
        return None
    import aceten.search  # noqa: F401 - the search kernels, cached in their folder
    from aceten.search.kernel_cache import kernel_cache

    with kernel_cache():
        from aceten.env.compiled import CompiledObserver

    return CompiledObserver(encoder)


def deal_rewards(outcome: Outcome, rules: Rules, reward: str) -> list[float]:
    """Per seat, the reward of a finished deal.

    ``"points"``: the seat's side's score minus the mean score of the other sides (the game's
    own unit: card points in Briscola and Brisca, game points in Cruce, points after nat and roem
    in Klaverjas); zero-sum. ``"win"``: 1 for the winning side, -1 for the others, 0 for all
    on a draw. A game scored per seat (a score sheet) gives each seat its sheet's value
    (``"win"``: its sign).
    """
    if outcome.seat_scores:  # a per-seat score sheet (a hidden team's game): the sheet itself
        if reward == "points":
            return [float(v) for v in outcome.seat_scores]
        return [float((v > 0) - (v < 0)) for v in outcome.seat_scores]
    scores = outcome.scores
    teams = len(scores)
    per_team: list[float] = []
    for t in range(teams):
        if reward == "points":
            others = sum(scores) - scores[t]
            per_team.append(float(scores[t] - others / (teams - 1)))
        else:
            per_team.append(0.0 if outcome.winner is None else 1.0 if outcome.winner == t else -1.0)
    return [per_team[rules.seat_team[s]] for s in range(rules.players)]


def render_game(game: Game, render_mode: str | None) -> str | None:
    """``render()`` of the environments: the whole table as text for ``"ansi"``, printed for
    ``"human"``; a warning without a render mode."""
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
        return None
    text = str(game)
    if render_mode == "human":
        print(text + "\n")
        return None
    return text


class CardGameEnv(AECEnv, EzPickle):
    """One deal of an Ace-Ten game as a PettingZoo AEC environment (the ``raw_env``).

    ``game``, ``players``, ``variant`` and rule ``options`` are those of
    :func:`aceten.new_game`. ``reward`` is ``"points"`` (default) or ``"win"``; ``voids`` adds
    the known-voids block to the observation (off by default). ``reset(options={"deal": d})``
    plays a given :class:`~aceten.Deal`; otherwise deals come from the seed of ``reset``.
    An illegal action raises :class:`~aceten.IllegalMove` (the wrapped ``env()`` ends the deal
    with a penalty instead, as PettingZoo's classic games do). ``compiled`` chooses how
    observations are made in the play phase (see :func:`compiled_observer`); the vectors are
    the same either way.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads a dict
        "render_modes": ["ansi", "human"],
        "name": "aceten_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str, players: int | None = None, variant: str | None = None, *,
                 reward: str = "points", voids: bool | str = False, render_mode: str | None = None,
                 compiled: bool | None = None, **options: Any):
        EzPickle.__init__(self, game, players, variant, reward=reward, voids=voids,
                          render_mode=render_mode, compiled=compiled, **options)
        super().__init__()
        if reward not in REWARDS:
            raise AcetenError(f"reward={reward!r}: expected 'points' or 'win'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise AcetenError(f"render_mode={render_mode!r}: expected 'ansi' or 'human'")
        self.rules = get_rules(game, players=players, variant=variant, **options)
        self.metadata = {**self.metadata, "name": f"{self.rules.name}_v0"}
        self.reward_kind = reward
        self.render_mode = render_mode
        self.codec = ActionCodec(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.codec, voids=voids)
        self.compiled = compiled_observer(self.encoder, compiled)
        self._deck, self._cards = self.codec.deck, self.codec.card_count
        n = self.rules.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        self._seat_of = {name: s for s, name in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, self.encoder.high, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._rng = random.Random()
        self.game: Game = Game(self.rules, seed=0)
        if self.compiled is not None:
            self.compiled.reset(self.game)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    # -- spaces ------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the AEC API ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal again: from ``options["deal"]`` if given, else from this env's seeded generator."""
        if seed is not None:
            number = whole_number(seed)
            if number is None or number < 0:  # as Gymnasium's own reset asks
                raise AcetenError(f"reset's seed is a whole number from 0, not {seed!r}")
            self._rng = random.Random(number)
        deal = (options or {}).get("deal")
        if deal is not None:
            self.game = Game(self.rules, deal=deal)
        else:
            self.game = Game(self.rules, seed=self._rng.randrange(2**32))
        if self.compiled is not None:
            self.compiled.reset(self.game)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation and action mask, from its own view of the deal (or the same
        arrays from the compiled observer)."""
        compiled = self.compiled
        if compiled is not None:
            made = compiled.observe(self.game, self._seat_of[agent])
            if made is not None:
                return {"observation": made[0], "action_mask": made[1]}
        view = self.game.view(self._seat_of[agent])
        observation, mask = self.encoder.encode_with_mask(view, view.legal_moves)
        return {"observation": observation, "action_mask": mask}

    def action_mask(self, agent: str) -> np.ndarray:
        """The agent's ``int8`` action mask (all zero when it is not to move), as in its
        observation, without building the observation."""
        game = self.game
        moves = game.legal_moves() if self._seat_of[agent] == game.to_move else ()
        return self.codec.mask(moves)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._play(agent, action)

    def _play(self, agent: str, action: Any) -> None:
        """The step of an agent that is not done (``env()``'s wrapper calls it directly)."""
        game = self.game
        try:
            # a card (the common case), else a bid, trump call or exchange
            move: Move = (self._deck[action] if type(action) is int and 0 <= action < self._cards
                          else self.codec.action_to_move(action, game.trump))
            game.push(move)
        except AcetenError as err:
            raise IllegalMove(f"action {action!r} for {agent}: {err}") from None
        # (No agent's cumulative reward needs clearing here: rewards come only with the last
        # move, after which every step is a dead agent's.)
        seat = game.to_move if self.compiled is None else self.compiled.pushed(game, move)
        if game.is_over():
            outcome = game.outcome()
            assert outcome is not None
            values = deal_rewards(outcome, self.rules, self.reward_kind)
            self.rewards = {a: values[s] for s, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            summary = outcome.as_dict()  # once; each agent gets its own copy of the dict
            for a in self.agents:
                self.infos[a] = {"outcome": dict(summary)}
            self.agent_selection = self.possible_agents[game.to_move]
            self._accumulate_rewards()
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The whole table as text (every hand shown): a spectator's picture, not a view."""
        return render_game(self.game, self.render_mode)

    def close(self) -> None:
        pass

    # -- helpers -------------------------------------------------------------------------------------
    def action_to_move(self, action: int) -> Any:
        """The move that ``action`` stands for now (a Brisca exchange depends on the trump)."""
        return self.codec.action_to_move(action, self.game.trump)

    def move_to_action(self, move: Any) -> int:
        """The action number of a move (a card, or a bid/trump call/exchange), or of its text."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        return self.codec.move_to_action(move)

    @property
    def action_names(self) -> list[str]:
        """The token of every action: the cards, then ``swap:7``, ``bid:0`` ... or ``trump:C`` ..."""
        return self.codec.names

    def __str__(self) -> str:
        return str(self.metadata["name"])


class ClassicWrapper(OrderEnforcingWrapper):
    """PettingZoo's wrappers for classic games in one layer: ``TerminateIllegalWrapper``,
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` with the same behaviour.

    Three stacked wrappers pass every attribute read through three ``__getattr__`` calls, which
    make a step 1.5 to 1.7 times as slow (``bench/bench_env.py``); this layer reads the raw
    environment directly. It is an ``OrderEnforcingWrapper``, so ``agent_iter`` and every check
    of that class work as usual. A test plays both against each other, illegal moves included.
    """

    def __init__(self, env: CardGameEnv, illegal_reward: float = -1.0):
        super().__init__(env)
        self._raw = env
        self._actions = env.codec.size
        self._illegal_value = illegal_reward
        self._prev_obs: dict[str, np.ndarray] | None = None
        self._terminated = False  # ended by an illegal move

    def _checked(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.agent_selection

    agents = property(lambda self: self._checked("agents"))
    rewards = property(lambda self: self._checked("rewards"))
    terminations = property(lambda self: self._checked("terminations"))
    truncations = property(lambda self: self._checked("truncations"))
    infos = property(lambda self: self._checked("infos"))
    _cumulative_rewards = property(lambda self: self._raw._cumulative_rewards)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._terminated = False
        self._prev_obs = None
        super().reset(seed=seed, options=options)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        obs = self._raw.observe(agent)
        if agent == self._raw.agent_selection:
            self._prev_obs = obs
        return obs

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        raw = self._raw
        agent = raw.agent_selection
        if observe:
            obs = self._prev_obs = raw.observe(agent)
        else:
            obs = None
        return (obs, raw._cumulative_rewards[agent], raw.terminations[agent],
                raw.truncations[agent], raw.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
            return
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        prev = self._prev_obs
        self._prev_obs = None
        if type(action) is int and not dead and 0 <= action < self._actions:
            # the common case: checked against the mask of the observation last made for this
            # agent (or the mask alone: no observation is built just to check an action)
            legal = (prev["action_mask"] if prev is not None else raw.action_mask(agent))[action]
            if legal:
                raw._play(agent, action)
            else:
                self._illegal(agent)
            return
        # AssertOutOfBoundsWrapper
        if type(action) is int:
            inside = 0 <= action < self._actions
        else:
            inside = action is not None and raw.action_spaces[agent].contains(action)
        assert (action is None and dead) or inside, "action is not in action space"
        # TerminateIllegalWrapper
        if self._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not (prev["action_mask"] if prev is not None
                               else raw.action_mask(agent))[action]:
            self._illegal(agent)
        else:
            raw.step(action)

    def _illegal(self, agent: str) -> None:
        """End the deal: ``agent`` chose an action its mask forbids."""
        raw = self._raw
        EnvLogger.warn_on_illegal_move()
        raw._cumulative_rewards[agent] = 0
        raw.terminations = dict.fromkeys(raw.agents, True)
        raw.truncations = dict.fromkeys(raw.agents, True)
        raw.rewards = dict.fromkeys(raw.truncations, 0)
        raw.rewards[agent] = float(self._illegal_value)
        raw._accumulate_rewards()
        raw._deads_step_first()
        self._terminated = True

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's order-enforcing iterator, reading the raw environment directly."""

    def __init__(self, env: ClassicWrapper, max_iter: int):
        super().__init__(env, max_iter)
        self._raw = env._raw

    def __next__(self) -> str:
        raw = self._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection


def wrap(raw: CardGameEnv, illegal_reward: float = -1.0, *, fused: bool = True) -> AECEnv:
    """PettingZoo's usual wrappers for classic games: an illegal action ends the deal with
    ``illegal_reward`` for the agent that made it; out-of-range actions and calls out of order
    are caught. ``fused=False`` stacks PettingZoo's own three wrappers instead of
    :class:`ClassicWrapper` (same behaviour, slower)."""
    if fused:
        return ClassicWrapper(raw, illegal_reward=illegal_reward)
    env: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=illegal_reward)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def game_functions(game: str, module: str) -> tuple[Callable[..., CardGameEnv],
                                                     Callable[..., AECEnv]]:
    """``raw_env`` and ``env`` for one game's module (``briscola_v0`` and the others), laid out
    as PettingZoo's classic games have them; ``module`` is the name they are shown under."""

    def raw_env(players: int | None = None, variant: str | None = None, *, reward: str = "points",
                voids: bool | str = False, render_mode: str | None = None,
                compiled: bool | None = None, **options: Any) -> CardGameEnv:
        """The unwrapped environment: an illegal action raises :class:`~aceten.IllegalMove`."""
        return CardGameEnv(game, players, variant, reward=reward, voids=voids,
                           render_mode=render_mode, compiled=compiled, **options)

    def env(players: int | None = None, variant: str | None = None, *, reward: str = "points",
            voids: bool | str = False, render_mode: str | None = None,
            compiled: bool | None = None, illegal_reward: float = -1.0,
            **options: Any) -> AECEnv:
        """The environment with PettingZoo's usual wrappers (an illegal action ends the deal
        with ``illegal_reward`` for its agent)."""
        return wrap(raw_env(players, variant, reward=reward, voids=voids,
                            render_mode=render_mode, compiled=compiled, **options),
                    illegal_reward=illegal_reward)

    for function in (raw_env, env):
        function.__module__ = module
        function.__qualname__ = function.__name__
    return raw_env, env


def make(game: str, players: int | None = None, variant: str | None = None, *,
         illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The wrapped environment of any game by name (what each ``<game>_v0.env`` returns)."""
    return wrap(CardGameEnv(game, players, variant, **kwargs), illegal_reward=illegal_reward)
