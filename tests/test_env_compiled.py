"""The environments' compiled observer (aceten.env.compiled): the same observation and action
mask as the view-based encoder at every step, through every way a step can happen."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("numba")

import aceten.env.aec as aec
from aceten import AcetenError, Exchange
from aceten.env import CardGameEnv, make
from engine_support import RULE_CONFIGS

# Every rule configuration of the engine tests that the observer serves (not those with open
# cards), and a few more that change what it reads.
CONFIGS = [c for c in RULE_CONFIGS if "open_cards" not in c[3]] + [
    ("briscola", 2, None, {"deck": "AS 3S KS 2S AC 3C KC 2C", "dealer": 1}),
    ("briscola", 4, None, {"teams": "none"}),
    ("brisca", 4, None, {"exchange_needs_trick": True}),
    ("cruce", 2, None, {"bidding": "no"}),
    ("cruce", 4, None, {"dealer": 2, "undertrump": "yes"}),
    ("klaverjas", 4, None, {"trump": "H"}),
]
IDS = [f"{g}-{n}{'-' + v if v else ''}"
       f"{''.join(f'-{k}={o[k]}' for k in o if k != 'deck') + ('-deck' if 'deck' in o else '')}"
       for g, n, v, o in CONFIGS]


def reference(env: CardGameEnv, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """What the view-based encoder makes of ``seat``'s view now."""
    view = env.game.view(seat)
    return env.encoder.encode_with_mask(view, view.legal_moves)


def assert_same(made: dict[str, np.ndarray], expected: tuple[np.ndarray, np.ndarray]) -> None:
    assert made["observation"].dtype == np.float32 and made["action_mask"].dtype == np.int8
    np.testing.assert_array_equal(made["observation"], expected[0])
    np.testing.assert_array_equal(made["action_mask"], expected[1])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS, ids=IDS)
def test_every_seat_sees_what_its_view_gives_at_every_step(game, players, variant, options):
    env = CardGameEnv(game, players, variant, **options)
    assert env.compiled is not None
    rng = random.Random(5)
    exchanges = compiled_steps = looks = 0
    for episode in range(25):
        env.reset(seed=episode)
        while True:
            for seat in range(players):  # every seat, in a different order each time
                seat = (seat + episode) % players
                assert_same(env.observe(f"player_{seat}"), reference(env, seat))
            compiled_steps += env.compiled.live
            looks += 1
            if env.game.is_over():
                break
            moves = env.game.legal_moves()
            move = rng.choice(moves)
            swaps = [m for m in moves if isinstance(m, Exchange)]
            if swaps and rng.random() < 0.7:
                move = swaps[0]
            exchanges += isinstance(move, Exchange)
            env.step(env.move_to_action(move))
    assert compiled_steps >= 0.7 * looks  # the compiled observer served the play phase
    if game == "brisca" and options.get("exchange", True):
        assert exchanges >= 5  # the exchange really was made, and observed after


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS, ids=IDS)
def test_the_usual_loop_gets_the_observation_made_with_the_step(game, players, variant, options):
    env = make(game, players, variant, **options)
    raw = env.unwrapped
    rng = random.Random(9)
    for episode in range(10):
        env.reset(seed=100 + episode)
        kept = []
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            seat = raw.possible_agents.index(agent)
            assert_same(obs, reference(raw, seat))
            kept.append((obs, reference(raw, seat)))
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
        for obs, expected in kept:  # later steps never wrote into earlier arrays
            assert_same(obs, expected)


def test_arrays_are_new_at_every_call_and_belong_to_the_caller():
    env = CardGameEnv("briscola", 2)
    env.reset(seed=3)
    first = env.observe("player_0")
    first["observation"][:] = 7.0
    first["action_mask"][:] = 0
    second = env.observe("player_0")
    assert second["observation"] is not first["observation"]
    assert_same(second, reference(env, 0))
    env.step(int(second["action_mask"].argmax()))
    made = env.observe("player_1")  # handed out from the step
    made["observation"][:] = 5.0
    assert_same(env.observe("player_1"), reference(env, 1))
    # the steps' arrays are cut from shared blocks (CompiledObserver._cut_rows): no two overlap
    handed = []
    for _ in range(20):
        agent = env.agent_selection
        step_made = env.observe(agent)
        handed.append(step_made)
        env.step(int(step_made["action_mask"].argmax()))
    arrays = [a for made in handed for a in made.values()]
    assert not any(np.shares_memory(a, b) for i, a in enumerate(arrays) for b in arrays[i + 1:])


def test_the_mirror_follows_moves_made_on_the_game_itself():
    env = CardGameEnv("brisca", 2)
    env.reset(seed=4)
    game = env.game
    rng = random.Random(2)
    for _ in range(30):
        if game.is_over() or (game.moves and rng.random() < 0.3):
            game.pop()
        else:
            game.push(rng.choice(game.legal_moves()))
        if rng.random() < 0.5:  # pushed twice or more between looks, sometimes
            continue
        for seat in range(2):
            assert_same(env.observe(f"player_{seat}"), reference(env, seat))
    env.step(env.move_to_action(game.legal_moves()[0]))
    for seat in range(2):
        assert_same(env.observe(f"player_{seat}"), reference(env, seat))


def test_reset_with_a_given_deal_is_mirrored():
    env = CardGameEnv("klaverjas", 4, "amsterdam", trump="S")
    env.reset(seed=1)
    deal = env.game.deal
    env.step(env.move_to_action(env.game.legal_moves()[0]))
    env.reset(options={"deal": deal})
    assert env.game.moves == []
    for seat in range(4):
        assert_same(env.observe(f"player_{seat}"), reference(env, seat))


def test_compiled_option():
    assert CardGameEnv("cruce", 2, compiled=False).compiled is None
    assert CardGameEnv("cruce", 2, compiled=True).compiled is not None
    # the voids and open-cards blocks are the view-based encoder's alone
    assert CardGameEnv("briscola", 2, voids="rule").compiled is None
    assert CardGameEnv("briscola", 4, open_cards=1).compiled is None
    with pytest.raises(AcetenError, match="compiled=False"):
        CardGameEnv("briscola", 2, voids="rule", compiled=True)
    with pytest.raises(AcetenError, match="expected True, False or None"):
        CardGameEnv("briscola", 2, compiled="yes")


def test_without_numba_the_view_based_encoder_serves(monkeypatch):
    monkeypatch.setattr(aec, "find_spec", lambda name: None)
    assert CardGameEnv("briscola", 2).compiled is None
    with pytest.raises(AcetenError, match=r"aceten\[rl\]"):
        CardGameEnv("briscola", 2, compiled=True)


def test_both_paths_give_the_same_deals_and_rewards():
    for compiled in (True, False):
        env = make("cruce", 4, compiled=compiled)
        env.reset(seed=8)
        rng = random.Random(1)
        rewards = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            rewards.append((agent, reward, obs["observation"].sum()))
            env.step(None if terminated or truncated
                     else rng.choice(obs["action_mask"].nonzero()[0].tolist()))
        if compiled:
            expected = rewards
        else:
            assert rewards == expected


@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS[::3], ids=IDS[::3])
def test_the_single_agent_env_observes_the_learner_as_its_view_does(game, players, variant,
                                                                     options):
    from aceten.env import SingleAgentEnv

    env = SingleAgentEnv(game, players, variant, seat=None, opponents="random", **options)
    plain = CardGameEnv(game, players, variant, compiled=False, **options)
    assert env.compiled is not None
    rng = random.Random(4)
    for episode in range(12):
        obs, _ = env.reset(seed=episode)
        done = False
        while True:
            view = env.game.view(env.seat)
            expected = plain.encoder.encode_with_mask(view, () if done else view.legal_moves)
            assert_same(obs, expected)
            np.testing.assert_array_equal(env.action_masks(), expected[1].astype(bool))
            if done:
                break
            legal = obs["action_mask"].nonzero()[0].tolist()
            if episode == 0 and len(env.game.moves) > 6:  # an illegal action ends the episode
                obs, _, done, _, info = env.step(next(a for a in range(env.codec.size)
                                                      if a not in legal))
                assert info["illegal_action"] and not obs["action_mask"].any()
                break
            obs, _, done, _, _ = env.step(rng.choice(legal))
