"""The random bot in an auction (Briscola chiamata): it passes or bids at even odds, a bid is
one of the next steps (a rank still open, or one point more), so its auctions end at contracts
a side can make and other bots get to call too."""

from __future__ import annotations

from collections import Counter

import aceten
from aceten import agents
from aceten.agents.random_agent import auction_steps
from aceten.moves import AuctionBid

PASS = AuctionBid(None)


def auction(seed: int, bots: list[str]) -> aceten.Game:
    """A chiamata deal's auction (and call) played by ``bots``, seeded as the arena seeds them."""
    g = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed)
    seats = [agents.get(bots[s % len(bots)], seed=seed * 1_000_003 + s + 1) for s in range(5)]
    while g.phase in ("auction", "call-card"):
        g.push(seats[g.to_move].choose(g.view(g.to_move)))
    return g


def test_the_steps_are_the_open_ranks_and_the_next_target():
    g = aceten.new_game("briscola", players=5, variant="chiamata", seed=1)
    assert [str(m) for m in auction_steps(g.legal_moves())] == [
        "bid:A", "bid:3", "bid:K", "bid:H", "bid:J", "bid:7", "bid:6", "bid:5", "bid:4", "bid:2",
        "bid:2:62"]
    for move in ("bid:7", "bid:2", "bid:2:70"):
        g.push(move)
        steps = [str(m) for m in auction_steps(g.legal_moves())]
        assert steps == {"bid:7": ["bid:6", "bid:5", "bid:4", "bid:2", "bid:2:62"],
                         "bid:2": ["bid:2:62"], "bid:2:70": ["bid:2:71"]}[move]
    no_points = aceten.new_game("briscola", players=5, variant="chiamata", seed=1,
                                point_bids=False)
    no_points.push("bid:2")
    assert auction_steps(no_points.legal_moves()) == []


def test_random_passes_about_half_its_turns_and_bids_a_step():
    moves: Counter[str] = Counter()
    contracts = []
    thrown = 0
    for seed in range(300):
        g = auction(seed, ["random"])
        replay = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed)
        for move in g.moves:
            if replay.phase == "auction":
                steps = auction_steps(replay.legal_moves())
                assert move == PASS or move in steps
                moves["pass" if move == PASS else "bid"] += 1 if steps else 0
            replay.push(move)
        if g.declarer is None:
            thrown += 1
        else:
            contracts.append(g.contract)
    share = moves["pass"] / (moves["pass"] + moves["bid"])
    assert 0.44 < share < 0.56, moves
    assert 0 < thrown < 300 * 0.1  # all five pass: 1 in 32
    assert max(contracts) < 100 and sorted(contracts)[len(contracts) // 2] <= 65


def test_against_a_bot_that_passes_random_no_longer_calls_every_deal():
    callers = Counter()
    for seed in range(60):
        g = auction(seed, ["tactics", "random"])
        if g.declarer is not None:
            callers["tactics" if g.declarer % 2 == 0 else "random"] += 1
    assert callers["tactics"] > 0 and callers["random"] > 0
