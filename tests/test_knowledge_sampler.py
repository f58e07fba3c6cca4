"""The sampler draws every consistent deal with the same probability (chi-square tests with fixed
seeds), its trees weigh every step by the counting programme's completions, the same seed gives
the same samples however much of the trees is built, and every sample replays to the same view."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

import aceten
from aceten import Game
from aceten.knowledge import Knowledge, sampling
from aceten.knowledge.sampling import DealSampler, Node
from knowledge_support import consistent_deals, deal_key, play_random, replay


def critical(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability about 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


LATIN12 = "AS 3S KS HS AC 3C KC HC AO 3O KO HO"
SMALL_DECKS = [
    ("briscola", 2, {"deck": LATIN12}, 3),
    # every kind of step: draws of a free or a played card, a hand of one slice, of played
    # cards only, of both
    ("briscola", 2, {"deck": LATIN12, "open_cards": 1}, 6),
    ("cruce", 2, {"deck": "9R JR QR KR TR AR 9V QV KV TV AV JG QG KG AG 9D JD QD"}, 3),
    ("klaverjas", 4, {"deck": "7C JC AC 7D 9D AD 7H JH AH 8S 9S AS"}, 6),
    # two types of cards in one seat's hand (shuffled together)
    ("klaverjas", 4, {"deck": "7C JC AC 7D 9D AD 7H JH AH 8S 9S AS"}, 4),
]


def assert_uniform(game_name, players, options, moves):
    game = aceten.new_game(game_name, players=players, seed=5, **options)
    play_random(game, moves, 5)
    deals = consistent_deals(game, 0)
    assert 10 <= len(deals) <= 400
    kn = Knowledge.from_view(game.view(0))
    n = 40 * len(deals)
    counts = Counter(deal_key(d) for d in kn.sample(n, seed=12345))
    assert set(counts) <= {deal_key(d) for d in deals}
    expected = n / len(deals)
    chi2 = sum((counts.get(deal_key(d), 0) - expected) ** 2 / expected for d in deals)
    assert chi2 < critical(len(deals) - 1)


@pytest.mark.parametrize("game_name, players, options, moves", SMALL_DECKS)
def test_every_consistent_deal_is_equally_likely(game_name, players, options, moves):
    assert_uniform(game_name, players, options, moves)


def full_deck_position(game_name, players, variant, moves, seed):
    game = aceten.new_game(game_name, players=players, variant=variant, seed=seed)
    while game.phase != "play":
        game.push(game.legal_moves()[0])
    play_random(game, moves, seed)
    return game


FULL_DECKS = [
    ("briscola", 2, None, 14), ("briscola", 4, None, 16), ("brisca", 2, None, 25),
    ("brisca", 4, None, 16), ("cruce", 2, None, 9), ("cruce", 4, None, 13),
    ("klaverjas", 4, "amsterdam", 11),
]


@pytest.mark.parametrize("game_name, players, variant, moves", FULL_DECKS)
def test_every_tree_node_weighs_its_completions(game_name, players, variant, moves):
    """Exact, no sampling: each node of the location tree totals the solver's completions from
    its state, each node of an arrangement tree the seat's arrangements of the cards it has
    left (the counting programme, cards merged by their allowed groups), and listed paths weigh
    as much as their root."""
    game = full_deck_position(game_name, players, variant, moves, 3)
    kn = Knowledge.from_view(game.view(0))
    sampler = DealSampler(kn.problem, kn.solver)
    tree = sampler.locations
    todo: list[Node] = [tree.root]
    seat_roots = set()
    while todo:
        node = todo.pop()
        if node.children is None:
            tree.expand(node)
        pos, state = node.state
        assert node.total == kn.solver.paths(pos, state) > 0
        for (loc, _, _, free), nxt in node.children:
            if free is not None:
                seat_roots.add((loc, free))
            if nxt is not None and nxt.children is None:
                todo.append(nxt)
    listed = tree.listed(tree.root)
    assert listed is None or listed.total == tree.root.total
    assert seat_roots or not kn.problem.seats
    checked = 0
    for loc, free in sorted(seat_roots):
        seat = sampler.seats[loc]
        root = seat.root(free)
        assert root.total == seat.slots.count(free)
        listed = seat.listed(root)
        assert listed is None or listed.total == root.total
        masks = tuple(mk for mk, _ in free)
        todo = [root]
        while todo and checked < 3000:
            node = todo.pop()
            if node.children is None:
                seat.expand(node)
            checked += 1
            _, j, left, counts = node.state
            assert node.total == seat.completions(j, left, masks, counts) > 0
            todo.extend(nxt for _, nxt in node.children if nxt is not None and nxt.children is None)
    assert checked


@pytest.mark.parametrize("game_name, players, variant, moves", FULL_DECKS[:4])
def test_the_same_seed_gives_the_same_samples(monkeypatch, game_name, players, variant, moves):
    game = full_deck_position(game_name, players, variant, moves, 3)
    kn = Knowledge.from_view(game.view(1))
    first = kn.sample(100, seed=9)
    assert kn.sample(100, seed=9) == first  # the trees built by the first call change nothing
    assert Knowledge.from_view(game.view(1)).sample(100, seed=9) == first
    assert kn.sample(100, rng=random.Random(9)) == first
    assert kn.sample(20, seed=9) == first[:20]
    assert kn.sample(100, seed=10) != first
    assert len(set(first)) > 90
    # trees are caches: paths listed at once or never, trees dropped after every sample
    for name, value in (("LIST_AFTER", 1), ("LIST_AFTER", 10**9), ("SEAT_NODE_LIMIT", 0)):
        with monkeypatch.context() as m:
            m.setattr(sampling, name, value)
            assert Knowledge.from_view(game.view(1)).sample(100, seed=9) == first


@pytest.mark.parametrize("game_name, players, options, moves", SMALL_DECKS)
def test_listing_paths_or_walking_the_trees_gives_the_same_samples(monkeypatch, game_name, players,
                                                                   options, moves):
    game = aceten.new_game(game_name, players=players, seed=5, **options)
    play_random(game, moves, 5)
    samples = []
    for list_after in (1, 10**9):
        monkeypatch.setattr(sampling, "LIST_AFTER", list_after)
        samples.append(Knowledge.from_view(game.view(0)).sample(500, seed=4))
    assert samples[0] == samples[1]


@pytest.mark.slow
@pytest.mark.parametrize("game_name, players, variant, moves", [
    ("klaverjas", 4, "amsterdam", 13),
    ("briscola", 4, None, 14),
    ("briscola", 2, None, 9),
])
def test_sample_frequencies_match_exact_marginals_on_a_full_deck(game_name, players, variant, moves):
    game = aceten.new_game(game_name, players=players, variant=variant, seed=8)
    while game.phase != "play":
        game.push(game.legal_moves()[0])
    play_random(game, moves, 8)
    kn = Knowledge.from_view(game.view(0))
    marginals = kn.marginals()
    n = 3000
    seen: dict[aceten.Card, Counter[object]] = {c: Counter() for c in marginals}
    for deal in kn.sample(n, seed=777):
        g = replay(game, deal)
        for card, probs in marginals.items():
            if len(probs) > 1:
                where = next((s for s in range(players) if card in g.hand(s)), "stock")
                seen[card][where] += 1
    chi2, df = 0.0, 0
    for card, probs in marginals.items():
        if len(probs) < 2:
            continue
        df += len(probs) - 1
        for where, p in probs.items():
            expected = n * float(p)
            chi2 += (seen[card][where] - expected) ** 2 / expected
    assert df > 0
    # cards are not independent, so this is a sanity bound rather than an exact test
    assert chi2 < critical(df)


@pytest.mark.parametrize("game_name, players, variant, options", [
    ("briscola", 2, None, {}), ("briscola", 4, None, {}), ("brisca", 2, None, {}),
    ("brisca", 4, None, {"arrastre": "yes"}), ("cruce", 2, None, {}), ("cruce", 3, None, {}),
    ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {}),
    ("briscola", 3, None, {"open_cards": 1}),
])
def test_samples_replay_to_the_same_view(game_name, players, variant, options):
    for seed in (1, 2):
        game = aceten.new_game(game_name, players=players, variant=variant, seed=seed, **options)
        play_random(game, 7 + 5 * seed, seed)
        for seat in range(players):
            view = game.view(seat)
            kn = Knowledge.from_view(view)
            for deal in kn.sample(5, seed=seat):
                g = Game(game.rules, deal=deal)
                for move in game.moves:
                    g.push(move)
                assert g.view(seat).events == view.events
                assert kn.is_consistent(deal)
