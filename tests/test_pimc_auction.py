"""pimc reads hands from an auction: the deals it solves are weighted by how well they fit the
others' bids and call under the bots' bidding policy (agents/bidding.py), on constructed
Briscola chiamata deals; pimc-1 keeps the uniform draw."""

from __future__ import annotations

import math
import random

import pytest

import aceten
from aceten import agents
from aceten.agents.bidding import CALL_MISFIT, auction_decisions, auction_log_likelihood, policy_fit
from aceten.agents.playmodel import normalise
from aceten.game import Game
from aceten.knowledge import Knowledge
from aceten.moves import CallCard


def auction_by_policy(seed: int) -> Game:
    """A chiamata deal whose auction and call the greedy bot (the shared policy) made for every
    seat, stopped at the first card; None-free: seeds where everyone passes are skipped."""
    for s in range(seed, seed + 50):
        game = aceten.new_game("briscola", players=5, variant="chiamata", seed=s)
        bot = agents.get("greedy", seed=s)
        while game.phase in ("auction", "call-card"):
            game.push(bot.choose(game.view(game.to_move)))
        if game.phase == "play" and game.partner is not None:
            return game
    raise AssertionError("no deal with a call")


@pytest.mark.parametrize("seed", [0, 7])
def test_the_policys_own_moves_fit_and_the_other_kind_does_not(seed):
    game = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed)
    bot = agents.get("greedy", seed=seed)
    seen = set()
    while game.phase in ("auction", "call-card"):
        view = game.view(game.to_move)
        move = bot.choose(view)
        assert policy_fit(view, move)
        others = [m for m in view.legal_moves if m != move and (
            isinstance(m, CallCard) or (m.rank is None) != (move.rank is None))]
        assert not any(policy_fit(view, m) for m in others)
        seen.add(game.phase)
        game.push(move)
    assert "auction" in seen


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_the_dealt_cards_fit_the_auction_best_and_the_callers_own_card_worse(seed):
    game = auction_by_policy(seed)
    caller = game.declarer
    me = next(s for s in range(5) if s not in (caller, game.partner))  # a defender
    history = list(game.moves)
    deals = Knowledge.from_view(game.view(me)).sample(300, seed=seed)
    decisions = auction_decisions(Game(game.rules, deal=deals[0]), history, me)
    assert decisions == auction_decisions(Game(game.rules, deal=game.deal), history, me)  # public
    logs = [auction_log_likelihood(game.rules, d.hands, decisions) for d in deals]
    dealt = auction_log_likelihood(game.rules, game.deal.hands, decisions)
    # every bid and the call of the deal itself were the policy's own: no deal fits better
    assert dealt >= max(logs) - 1e-9
    assert math.isclose(sum(normalise(logs)), 1.0)
    called = game.called_card
    at = next(i for i, m in enumerate(history) if isinstance(m, CallCard))
    call = [d for d in decisions if isinstance(d[1], CallCard)]
    assert len(call) == 1 and call[0][1] == history[at]

    def call_term(deal) -> float:
        return auction_log_likelihood(game.rules, deal.hands, call)

    own = [i for i, d in enumerate(deals) if called in d.hands[caller]
           and not all(c in d.hands[caller] for c in game.rules.deck if c.rank == called.rank)]
    other = [i for i, d in enumerate(deals) if called not in d.hands[caller]]
    assert own and other  # uniform sampling puts the called card in the caller's hand too
    # the policy calls its own card only when it holds every card of the rank: in every such
    # deal the call misfits
    for i in own:
        assert math.isclose(call_term(deals[i]), math.log(CALL_MISFIT))
    weights = normalise(logs)
    assert sum(weights[i] for i in own) / len(own) < sum(weights[i] for i in other) / len(other)

def test_pimc_weights_its_worlds_after_an_auction_and_pimc_1_does_not():
    pytest.importorskip("numba")
    game = auction_by_policy(0)
    me = next(s for s in range(5) if s not in (game.declarer, game.partner))  # a defender
    view = game.view(me)
    history = list(game.moves)
    knowledge = Knowledge.from_view(view)
    pimc = agents.pimc.PimcAgent(seed=1, samples=200)  # many, for a share that says something
    weighted = pimc._worlds(view, knowledge, history, random.Random(2))
    assert len(weighted) <= 200 and sum(count for _, count in weighted) >= 200
    drawn = sum(count for _, count in weighted)
    assert any(isinstance(m, CallCard) for m in history)
    called, caller = game.called_card, game.declarer
    # the caller seldom holds the called card in the worlds solved, as often as not in a
    # uniform draw of many
    many = knowledge.sample(400, rng=random.Random(3))
    share = sum(called in d.hands[caller] for d in many) / len(many)
    solved = sum(count for deal, count in weighted if called in deal.hands[caller])
    assert share > 0.1 and solved / drawn < share / 4
    uniform = agents.get("pimc-1", seed=1)._worlds(view, knowledge, history, random.Random(2))
    assert [count for _, count in uniform] == [1] * agents.pimc.DEFAULT_SAMPLES
    assert [d.hands for d, _ in uniform] == [d.hands for d in knowledge.sample(
        agents.pimc.DEFAULT_SAMPLES, rng=random.Random(2))]
