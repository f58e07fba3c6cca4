"""The RL environments: PettingZoo's API and seed tests, observations from views only, actions,
rewards, the fused wrapper against PettingZoo's own, and the Gymnasium single-agent wrapper."""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import aceten
from aceten import Bid, Card, Deal, Exchange, Game, IllegalMove, TrumpCall
from aceten.env import (
    ENVIRONMENTS,
    CardGameEnv,
    SingleAgentEnv,
    brisca_v0,
    briscola_v0,
    cruce_v0,
    klaverjas_v0,
    make,
    rule_voids,
    wrap,
)
from aceten.env.encoding import knowledge_voids, resolve_voids

# Every game and player count, with a few rule options that change the play.
CONFIGS = [
    ("briscola", 2, None, {}),
    ("briscola", 3, None, {}),
    ("briscola", 4, None, {}),
    ("brisca", 2, None, {}),
    ("brisca", 3, None, {"arrastre": "yes"}),
    ("brisca", 4, None, {}),
    ("cruce", 2, None, {}),
    ("cruce", 3, None, {}),
    ("cruce", 4, None, {}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {"trump_choice": "free"}),
]
IDS = [f"{g}-{n}{'-' + v if v else ''}{'-opts' if o else ''}" for g, n, v, o in CONFIGS]

# PettingZoo warns about any dict observation of an environment not on its own list of classic
# games; these two warnings say nothing else.
KNOWN_WARNINGS = ("Observation is not a NumPy array",
                  "Observation space for each agent probably should be")


def unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)]


def play_random(env, rng: random.Random) -> None:
    """Play the environment's deal to the end with random legal actions."""
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert agent in env.possible_agents


# -- PettingZoo's own tests ------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game, players, variant, options):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(game, players, variant, **options), num_cycles=1000)
        api_test(make(game, players, variant, voids="rule", reward="win", **options), num_cycles=1000)
        seed_test(lambda: make(game, players, variant, **options), num_cycles=500)
    assert unexpected(caught) == []


@pytest.mark.parametrize("module", [briscola_v0, brisca_v0, cruce_v0, klaverjas_v0])
def test_each_game_module_follows_the_pettingzoo_layout(module):
    raw = module.raw_env()
    assert raw.metadata["name"] == f"{module.GAME}_v0"
    assert raw.metadata["is_parallelizable"] is False
    assert "ansi" in raw.metadata["render_modes"]
    assert str(module.env().unwrapped) == f"{module.GAME}_v0"
    assert ENVIRONMENTS[module.GAME] is module
    assert raw.possible_agents[0] == "player_0"


def test_pettingzoo_api_test_passes_with_pettingzoo_own_wrappers_too():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(wrap(CardGameEnv("cruce", 3), fused=False), num_cycles=1000)
    assert unexpected(caught) == []


# -- the fused wrapper behaves as PettingZoo's three wrappers ---------------------------------------
@pytest.mark.parametrize(("game", "players"), [("briscola", 2), ("brisca", 4), ("klaverjas", 4)])
def test_fused_wrapper_matches_pettingzoo_wrappers_move_by_move(game, players):
    rng = random.Random(5)
    fused = make(game, players)
    stacked = wrap(CardGameEnv(game, players), fused=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for episode in range(30):
            fused.reset(seed=episode)
            stacked.reset(seed=episode)
            illegal_at = rng.randrange(60) if episode % 3 == 0 else -1  # some deals end illegally
            for step, (a1, a2) in enumerate(zip(fused.agent_iter(), stacked.agent_iter())):
                assert a1 == a2
                got1, got2 = fused.last(), stacked.last()
                for x, y in zip(got1, got2):
                    if isinstance(x, dict) and "action_mask" in x:
                        assert np.array_equal(x["observation"], y["observation"])
                        assert np.array_equal(x["action_mask"], y["action_mask"])
                    else:
                        assert x == y
                obs, _, terminated, truncated, _ = got1
                if terminated or truncated:
                    action = None
                elif step == illegal_at:
                    action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
                else:
                    action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                fused.step(action)
                stacked.step(action)
                assert fused.rewards == stacked.rewards
                assert fused.terminations == stacked.terminations
                assert fused.agents == stacked.agents
            assert not fused.agents and not stacked.agents


@pytest.mark.parametrize(("game", "players"), [("briscola", 3), ("cruce", 2), ("klaverjas", 4)])
def test_fused_wrapper_checks_actions_without_an_observation(game, players):
    """``step`` after ``last(observe=False)`` checks the action against the legal moves (the
    mask alone) as PettingZoo's wrappers do by observing."""
    rng = random.Random(9)
    fused = make(game, players, trump_choice="free") if game == "klaverjas" else make(game, players)
    stacked = wrap(CardGameEnv(game, players, **({"trump_choice": "free"} if game == "klaverjas"
                                                 else {})), fused=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for episode in range(20):
            fused.reset(seed=episode)
            stacked.reset(seed=episode)
            illegal_at = rng.randrange(30) if episode % 2 == 0 else -1
            for step, (a1, a2) in enumerate(zip(fused.agent_iter(), stacked.agent_iter())):
                assert a1 == a2
                assert fused.last(observe=False)[1:] == stacked.last(observe=False)[1:]
                raw = fused.unwrapped
                mask = raw.action_mask(a1)
                if fused.terminations[a1] or fused.truncations[a1]:
                    action = None
                elif step == illegal_at:
                    action = int(np.flatnonzero(mask == 0)[0])
                else:
                    assert np.array_equal(mask, raw.observe(a1)["action_mask"])
                    action = int(rng.choice(np.flatnonzero(mask)))
                fused.step(action)
                stacked.step(action)
                assert fused.rewards == stacked.rewards
                assert fused.terminations == stacked.terminations
            assert not fused.agents and not stacked.agents


def test_wrapped_env_refuses_use_before_reset():
    env = briscola_v0.env()
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        _ = env.agent_selection


# -- observations come from views only --------------------------------------------------------------
def seen_cards(view) -> set[Card]:
    """Every card the view shows: own hand and draws, plays, the face-up card, open cards."""
    seen = set(view.hand)
    for _, _, what in view.events:
        if isinstance(what, Card):
            seen.add(what)
    for open_cards in view.open_cards:
        seen |= set(open_cards)
    return seen


def scrambled_deal(game: Game, seat: int, rng: random.Random) -> Deal:
    """The deal with every card ``seat`` has not seen shuffled among the unseen places."""
    seen = seen_cards(game.view(seat))
    hands = [list(h) for h in game.deal.hands]
    stock = list(game.deal.stock)
    places = [(hand, i) for hand in [*hands, stock] for i, c in enumerate(hand) if c not in seen]
    hidden = [hand[i] for hand, i in places]
    rng.shuffle(hidden)
    for (hand, i), card in zip(places, hidden):
        hand[i] = card
    return Deal(tuple(tuple(h) for h in hands), tuple(stock))


def replay_env(game: str, players: int, variant, options, deal: Deal, moves, voids):
    env = CardGameEnv(game, players, variant, voids=voids, **options)
    env.reset(options={"deal": deal})
    for move in moves:
        env.step(env.move_to_action(move))
    return env


SCRAMBLE_CONFIGS = [*CONFIGS, ("briscola", 4, None, {"open_cards": 1}),
                    ("cruce", 2, None, {"bidding": "no"})]


@pytest.mark.slow
@pytest.mark.parametrize("voids", ["rule", False], ids=["view-encoder", "compiled"])
@pytest.mark.parametrize(("game", "players", "variant", "options"), SCRAMBLE_CONFIGS,
                         ids=[*IDS, "briscola-4-open", "cruce-2-nobid"])
def test_scrambling_hidden_cards_never_changes_an_observation(game, players, variant, options,
                                                              voids):
    # voids=False: the compiled observer makes the observations of the play phase (where it
    # is installed); "rule" adds a block that only the view-based encoder makes.
    rng = random.Random(11)
    checked = hidden_differs = 0
    for seed in range(6):
        full = aceten.new_game(game, players=players, variant=variant, seed=seed, **options)
        while not full.is_over():
            full.push(rng.choice(full.legal_moves()))
        moves = full.moves
        for cut in sorted(rng.sample(range(len(moves)), 5)):
            original = Game(full.rules, deal=full.deal)
            for move in moves[:cut]:
                original.push(move)
            env = replay_env(game, players, variant, options, full.deal, moves[:cut], voids=voids)
            for seat in range(players):
                for _ in range(3):
                    deal = scrambled_deal(original, seat, rng)
                    other = Game(full.rules, deal=deal)
                    try:
                        for move in moves[:cut]:
                            other.push(move)
                    except IllegalMove:
                        continue  # the public play rules this deal out
                    if other.view(seat).events != original.view(seat).events:
                        continue  # e.g. a Cruce marriage announced in the original only
                    env2 = replay_env(game, players, variant, options, deal, moves[:cut],
                                      voids=voids)
                    agent = f"player_{seat}"
                    a, b = env.observe(agent), env2.observe(agent)
                    assert np.array_equal(a["observation"], b["observation"])
                    assert np.array_equal(a["action_mask"], b["action_mask"])
                    checked += 1
                    if any(other.hand(s) != original.hand(s) for s in range(players) if s != seat):
                        hidden_differs += 1
    assert checked >= 50
    assert hidden_differs >= 20  # the hidden cards really moved: a leak would show


# -- the observation vector -------------------------------------------------------------------------
def block(env: CardGameEnv, obs: np.ndarray, name: str) -> np.ndarray:
    b = env.encoder.blocks[name]
    return obs[b.start:b.stop]


def cards_in(env: CardGameEnv, values: np.ndarray) -> list[str]:
    return [env.action_names[i] for i in np.flatnonzero(values)]


def test_observation_blocks_of_a_briscola_position():
    env = briscola_v0.raw_env(players=2)
    hands = ("6S 6B 3C", "KC 6C AC")
    stock = ("AB 2O HS 2C KB AS HO 5C HB HC 3O 2B JO 5O JC 3B JS 7O JB 4C 3S 2S 4B 7C KO 7B 4O 7S 5B 5S "
             "4S 6O KS AO")  # the face-up ace of coins last
    deal = Deal(tuple(tuple(Card.parse(c) for c in h.split()) for h in hands),
                tuple(Card.parse(c) for c in stock.split()))
    env.reset(options={"deal": deal})
    g = env.game
    assert [str(c) for c in g.legal_moves()] == ["6S", "3C", "6B"]
    env.step(env.move_to_action("6S"))
    obs = env.observe("player_1")["observation"]
    d = 40
    assert cards_in(env, block(env, obs, "hand")) == [str(c) for c in g.hand(1)]
    trick = block(env, obs, "trick")
    assert cards_in(env, trick[:d]) == []  # the observer has not played yet
    assert cards_in(env, trick[d:]) == ["6S"]  # one seat after the observer led it
    assert list(block(env, obs, "leader")) == [0, 1]
    assert list(block(env, obs, "trump")) == [0, 0, 1, 0]  # coins
    assert cards_in(env, block(env, obs, "face_up")) == ["AO"]
    assert list(block(env, obs, "phase")) == [0, 1]
    assert block(env, obs, "stock")[0] == pytest.approx(34 / 34)
    env.step(env.move_to_action("AC"))
    obs = env.observe("player_0")["observation"]
    assert cards_in(env, block(env, obs, "played")) == ["6S", "AC"]
    assert list(block(env, obs, "points")) == pytest.approx([11 / 120, 0])
    assert list(block(env, obs, "tricks")) == pytest.approx([1 / 20, 0])
    assert block(env, obs, "stock")[0] == pytest.approx(32 / 34)
    obs1 = env.observe("player_1")["observation"]
    assert list(block(env, obs1, "points")) == pytest.approx([0, 11 / 120])  # relative seats


def test_cruce_bids_declarer_and_contract_are_observed():
    env = cruce_v0.raw_env(players=3)
    env.reset(seed=2)
    for value in (1, 0, 3):  # P1 bids 1, P2 passes, P3 bids 3
        env.step(env.move_to_action(Bid(value)))
    obs = env.observe("player_0")["observation"]
    assert list(block(env, obs, "bids")) == pytest.approx([1 / 6, 0, 3 / 6])
    assert list(block(env, obs, "declarer")) == [0, 0, 1]
    assert block(env, obs, "contract")[0] == pytest.approx(3 / 6)
    assert env.agent_selection == "player_2"  # the highest bidder leads
    assert list(block(env, obs, "phase")) == [0, 1]


def test_klaverjas_trump_caller_and_passes_are_observed():
    env = klaverjas_v0.raw_env(trump_choice="free")
    env.reset(seed=4)
    env.step(env.move_to_action("pass"))
    env.step(env.move_to_action("trump:H"))
    obs = env.observe("player_2")["observation"]
    assert list(block(env, obs, "bids")) == [0, 0, 1, 0]  # P1 passed: two seats after P3
    assert list(block(env, obs, "declarer")) == [0, 0, 0, 1]  # P2 called
    assert list(block(env, obs, "trump")) == [0, 0, 1, 0]


def test_observation_is_not_all_zero_and_fits_the_space_in_every_game():
    for game, players, variant, options in CONFIGS:
        env = CardGameEnv(game, players, variant, voids=True, **options)
        env.reset(seed=3)
        space = env.observation_space(env.agent_selection)
        obs = env.observe(env.agent_selection)
        assert space.contains(obs)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["observation"].any()


# -- voids -----------------------------------------------------------------------------------------
def test_a_player_who_does_not_follow_in_klaverjas_is_void():
    rules = aceten.rules.get("klaverjas", trump="H")
    hands = ["7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD",
             "7H 8H 9H TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS"]
    game = Game(rules, deal=Deal(tuple(tuple(rules.parse_card(c) for c in h.split())
                                       for h in hands), ()))
    env = klaverjas_v0.raw_env(voids="rule", trump="H")
    env.reset(options={"deal": game.deal})
    for card in ("7C", "7D", "7H", "7S"):
        env.step(env.move_to_action(card))
    voids = rule_voids(env.game.view(0))
    clubs = aceten.Suit.parse("C", aceten.Family.FRENCH)
    assert voids == [set(), {clubs}, {clubs}, {clubs}]
    obs = env.observe("player_0")["observation"]
    v = block(env, obs, "voids").reshape(3, 4)  # relative seats 1..3, suits C D H S
    assert v[:, 0].tolist() == [1, 1, 1] and v[:, 1:].sum() == 0


def test_no_void_is_inferred_where_the_game_does_not_oblige_following():
    rng = random.Random(3)
    for game, players, variant, options in [("briscola", 4, None, {}), ("cruce", 2, None, {})]:
        g = aceten.new_game(game, players=players, variant=variant, seed=1, **options)
        while not g.is_over() and g.stock:  # Cruce 2p obliges only once the stock is empty
            g.push(rng.choice(g.legal_moves()))
            assert rule_voids(g.view(0)) == [set()] * players


def test_rule_voids_are_true_in_random_games():
    rng = random.Random(8)
    for game, players, variant, options in CONFIGS:
        for seed in range(5):
            g = aceten.new_game(game, players=players, variant=variant, seed=seed, **options)
            while not g.is_over():
                for seat in range(players):
                    for s, suits in enumerate(rule_voids(g.view(seat))):
                        for suit in suits:
                            assert not g.hand(s).of_suit(suit), (game, seed, s, suit)
                g.push(rng.choice(g.legal_moves()))


def test_voids_true_takes_the_knowledge_layer():
    expected = "knowledge"
    assert resolve_voids(True) == expected
    assert resolve_voids(False) == "off"
    env = briscola_v0.raw_env(voids=True)
    assert env.encoder.voids_mode == expected and "voids" in env.encoder.blocks


def test_knowledge_voids_agree_with_the_rule_and_the_deal():
    found = knowledge_voids
    rng = random.Random(6)
    for game, players, variant in [("klaverjas", 4, "rotterdam"), ("cruce", 3, None)]:
        g = aceten.new_game(game, players=players, variant=variant, seed=2)
        while not g.is_over():
            view = g.view(g.to_move)
            known, ruled = found(view), rule_voids(view)
            for s in range(players):
                if s != view.seat:
                    assert ruled[s] <= set(known[s])
                    assert all(not g.hand(s).of_suit(suit) for suit in known[s])
            g.push(rng.choice(g.legal_moves()))


def test_voids_option_is_checked():
    with pytest.raises(aceten.AcetenError, match="voids="):
        briscola_v0.raw_env(voids="maybe")


# -- actions ---------------------------------------------------------------------------------------
def test_action_layout_per_game():
    assert briscola_v0.raw_env().action_space("player_0").n == 40
    assert brisca_v0.raw_env().action_names[40:] == ["swap:7", "swap:2"]
    assert cruce_v0.raw_env().action_names[24:] == [f"bid:{v}" for v in range(7)]
    assert klaverjas_v0.raw_env().action_names[32:] == ["trump:C", "trump:D", "trump:H", "trump:S",
                                                        "pass"]
    env = briscola_v0.raw_env()
    assert env.action_names[:10] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "JS", "HS", "KS"]
    assert env.move_to_action("KB") == 39


@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS, ids=IDS)
def test_the_action_mask_is_exactly_the_legal_moves(game, players, variant, options):
    rng = random.Random(2)
    env = CardGameEnv(game, players, variant, **options)
    kinds = set()
    for episode in range(15):
        env.reset(seed=episode)
        while not env.game.is_over():
            agent = env.agent_selection
            legal = env.game.legal_moves()
            mask = env.observe(agent)["action_mask"]
            actions = [env.move_to_action(m) for m in legal]
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions)
            assert [env.action_to_move(a) for a in actions] == legal
            for other in env.possible_agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            move = rng.choice(legal)
            kinds.add(type(move))
            env.step(env.move_to_action(move))
    expected = {Card} | {"brisca": {Exchange}, "cruce": {Bid},
                         "klaverjas": {TrumpCall}}.get(game, set())
    if game == "klaverjas" and options.get("trump_choice") != "free":
        expected = {Card, TrumpCall}
    assert kinds >= expected - ({Exchange} if players == 3 else set())


def test_raw_env_raises_on_an_illegal_action_and_env_penalises_it():
    raw = briscola_v0.raw_env()
    raw.reset(seed=7)
    illegal = next(a for a in range(40) if not raw.observe("player_0")["action_mask"][a])
    with pytest.raises(IllegalMove, match="not in hand"):
        raw.step(illegal)
    with pytest.raises(IllegalMove, match="out of range"):
        raw.step(40)
    env = briscola_v0.env(illegal_reward=-5)
    env.reset(seed=7)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.last()
        env.step(illegal)
    assert env.rewards["player_0"] == -5.0 and all(env.terminations.values())
    with pytest.raises(AssertionError, match="action space"):
        env2 = briscola_v0.env()
        env2.reset(seed=1)
        env2.step(99)


# -- rewards ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "variant", "options"), CONFIGS, ids=IDS)
def test_rewards_are_the_points_difference_or_win_draw_loss(game, players, variant, options):
    rng = random.Random(4)
    for reward in ("points", "win"):
        env = make(game, players, variant, reward=reward, **options)
        for episode in range(4):
            env.reset(seed=episode)
            totals = dict.fromkeys(env.possible_agents, 0.0)
            for agent in env.agent_iter():
                obs, r, terminated, truncated, _ = env.last()
                totals[agent] += r
                if terminated or truncated:
                    env.step(None)
                else:
                    assert r == 0
                    env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            outcome = env.unwrapped.game.outcome()
            teams = outcome.teams
            for s, agent in enumerate(env.possible_agents):
                team = env.unwrapped.rules.seat_team[s]
                if reward == "points":
                    others = [outcome.scores[t] for t in range(len(teams)) if t != team]
                    assert totals[agent] == pytest.approx(outcome.scores[team] - sum(others) / len(others))
                else:
                    expected = 0 if outcome.winner is None else 1 if outcome.winner == team else -1
                    assert totals[agent] == expected
            if reward == "points":
                assert sum(totals.values()) == pytest.approx(0)


def test_each_agent_sees_the_outcome_in_its_final_info():
    env = briscola_v0.env()
    env.reset(seed=1)
    rng = random.Random(1)
    finals = {}
    for agent in env.agent_iter():
        obs, _, terminated, _, info = env.last()
        if terminated:
            finals[agent] = info
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    outcome = env.unwrapped.game.outcome().as_dict()
    assert finals == {"player_0": {"outcome": outcome}, "player_1": {"outcome": outcome}}


# -- reset, seeding, rendering, pickling -----------------------------------------------------------
def test_same_seed_same_deals_and_deals_go_on_without_a_seed():
    env1, env2 = briscola_v0.raw_env(), briscola_v0.raw_env()
    env1.reset(seed=9)
    env2.reset(seed=9)
    assert env1.game.deal == env2.game.deal
    env1.reset()
    env2.reset()
    assert env1.game.deal == env2.game.deal
    first = env1.game.deal
    env1.reset(seed=9)
    assert env1.game.deal != first


def test_reset_with_a_given_deal():
    deal = aceten.new_game("cruce", players=4, seed=3).deal
    env = cruce_v0.raw_env(players=4)
    env.reset(options={"deal": deal})
    assert env.game.deal == deal
    with pytest.raises(aceten.AcetenError, match=r"a deal is an aceten\.Deal, not str"):
        env.reset(options={"deal": "AS 2S"})
    single = SingleAgentEnv("cruce", players=4)
    with pytest.raises(aceten.AcetenError, match=r"a deal is an aceten\.Deal, not int"):
        single.reset(options={"deal": 5})  # was an AttributeError from Game


@pytest.mark.parametrize("seed", [1.5, -1, "7", True])
def test_reset_takes_a_whole_seed_from_zero_as_gymnasium_does(seed):
    env = briscola_v0.env()
    with pytest.raises(aceten.AcetenError, match="reset's seed is a whole number from 0"):
        env.reset(seed=seed)  # were all taken by random.Random (-1 dealt as 1 does)
    env.reset(seed=np.int64(3))
    same = briscola_v0.env()
    same.reset(seed=3)
    assert env.unwrapped.game.deal == same.unwrapped.game.deal


def test_render_ansi_shows_the_table():
    env = klaverjas_v0.env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Klaverjas" in text and "P1" in text and "to move" in text
    quiet = klaverjas_v0.env()
    quiet.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    with pytest.raises(aceten.AcetenError, match="render_mode"):
        klaverjas_v0.env(render_mode="rgb_array")


def test_environments_pickle():
    env = brisca_v0.raw_env(players=4, arrastre="yes", reward="win")
    env.reset(seed=3)
    copy = pickle.loads(pickle.dumps(env))
    copy.reset(seed=3)
    assert copy.rules.options["arrastre"] is True and copy.reward_kind == "win"
    assert copy.game.deal == env.game.deal
    wrapped = pickle.loads(pickle.dumps(briscola_v0.env(players=4)))
    wrapped.reset(seed=3)
    assert wrapped.agent_selection == "player_0"
    single = pickle.loads(pickle.dumps(SingleAgentEnv("cruce", players=3, opponents="greedy")))
    assert single.reset(seed=1)[1] == {"seat": 0}


def test_bad_arguments_are_aceten_errors():
    with pytest.raises(aceten.AcetenError, match="reward"):
        briscola_v0.env(reward="money")
    with pytest.raises(aceten.AcetenError, match="played by 4 players"):
        klaverjas_v0.env(players=2)
    with pytest.raises(aceten.AcetenError, match="unknown briscola option"):
        briscola_v0.env(colour="red")


def test_import_aceten_does_not_load_the_rl_stack():
    code = "import sys, aceten; print(any(m in sys.modules for m in ('numpy', 'pettingzoo', 'gymnasium')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- the Gymnasium single-agent wrapper ------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "variant"), [("briscola", 2, None), ("brisca", 4, None),
                                                          ("cruce", 3, None),
                                                          ("klaverjas", 4, "amsterdam")])
def test_single_agent_env_passes_gymnasium_check_env(game, players, variant):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(SingleAgentEnv(game, players, variant, opponents="greedy"), skip_render_check=True)
    assert [str(w.message) for w in caught] == []


def test_single_agent_env_plays_whole_deals_against_bots():
    rng = random.Random(3)
    env = SingleAgentEnv("klaverjas", seat=None, opponents=["greedy", "random", "greedy"])
    seats = set()
    for episode in range(12):
        obs, info = env.reset(seed=episode)
        seats.add(info["seat"])
        done, total = False, 0.0
        while not done:
            assert env.game.to_move == env.seat
            assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert not truncated
            total += reward
        outcome = env.game.outcome()
        team = env.rules.seat_team[env.seat]
        assert total == outcome.scores[team] - outcome.scores[1 - team]
        assert info["outcome"] == outcome.as_dict()
    assert len(seats) > 1


def test_single_agent_env_is_reproducible_and_ends_on_illegal_actions():
    def run(seed):
        env = SingleAgentEnv("cruce", players=2, opponents="random")
        obs, _ = env.reset(seed=seed)
        trace = []
        done = False
        while not done:
            action = int(np.flatnonzero(obs["action_mask"])[0])
            obs, reward, done, _, _ = env.step(action)
            trace.append((action, reward))
        return trace, env.game.deal

    assert run(5) == run(5)
    env = SingleAgentEnv("briscola", illegal_reward=-3)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _, info = env.step(bad)
    assert (reward, done, info["illegal_action"]) == (-3.0, True, True)
    with pytest.raises(aceten.AcetenError, match="reset"):
        env.step(0)


def test_single_agent_env_takes_any_bot_of_the_registry_by_name():
    env = SingleAgentEnv("klaverjas", opponents="tactics")
    obs, _ = env.reset(seed=4)
    done = False
    while not done:
        obs, _reward, done, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "outcome" in info


def test_single_agent_env_checks_its_arguments():
    with pytest.raises(aceten.AcetenError, match="unknown bot"):
        SingleAgentEnv("briscola", opponents="smart")
    with pytest.raises(aceten.AcetenError, match="3 opponents for a 2-player game"):
        SingleAgentEnv("briscola", opponents=["random"] * 3)
    with pytest.raises(aceten.AcetenError, match="seat=4"):
        SingleAgentEnv("briscola", players=4, seat=4)


def test_single_agent_env_accepts_bot_objects_and_renders():
    bot = aceten.agents.get("greedy", seed=1)
    env = SingleAgentEnv("briscola", players=2, seat=1, opponents=bot, render_mode="ansi")
    env.reset(seed=2)
    assert env.opponents[0] is bot
    assert "P2" in env.render()


# -- the documentation runs -------------------------------------------------------------------------
def test_the_python_examples_of_docs_rl_run(capsys):
    text = (Path(__file__).parent.parent / "docs" / "rl.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 2
    for code in blocks:
        exec(compile(code, "docs/rl.md", "exec"), {})
    out = capsys.readouterr().out
    assert "player_0" in out and ("wins" in out or "draw" in out)
