"""Property tests over random games of every game, player count, variant and rule option:
cards are conserved, points add up, a legal move exists until the end, pop() undoes push()
exactly, the engine agrees with the declared rules, and the obligations agree with a
reference written straight from the rule text."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aceten
from aceten import Bid, Card, Exchange
from engine_support import STACKED, check_cards_accounted, fingerprint

CONFIGS = [
    ("briscola", 2, None, {}),
    ("briscola", 3, None, {}),
    ("briscola", 4, None, {}),
    ("briscola", 2, None, {"scoring": "tricks"}),
    ("briscola", 3, None, {"draw": "after-play"}),
    ("briscola", 2, None, {"trump": "S"}),
    ("briscola", 4, None, {"deck": STACKED, "stacked": True}),
    ("briscola", 4, None, {"open_cards": 2, "tie": "last-trick"}),
    ("brisca", 2, None, {}),
    ("brisca", 3, None, {}),
    ("brisca", 4, None, {}),
    ("brisca", 2, None, {"arrastre": True}),
    ("brisca", 3, None, {"arrastre": True, "draw": "after-play"}),
    ("brisca", 4, None, {"arrastre": True, "open_cards": 1}),
    ("brisca", 2, None, {"exchange": False, "scoring": "tricks"}),
    ("brisca", 2, None, {"exchange_needs_trick": True}),
    ("briscola", 6, None, {}),
    ("brisca", 6, None, {"arrastre": True}),
    ("cruce", 2, None, {}),
    ("cruce", 3, None, {}),
    ("cruce", 4, None, {}),
    ("cruce", 2, None, {"bidding": False}),
    ("cruce", 3, None, {"bidding": False, "undertrump": False}),
    ("cruce", 4, None, {"open_cards": 3}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {}),
    ("klaverjas", 4, "rotterdam", {"trump_choice": "free"}),
    ("klaverjas", 4, "amsterdam", {"trump_choice": "free", "open_cards": 2}),
    ("klaverjas", 4, "amsterdam", {"trump": "D", "roem": False}),
]

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
configs = st.sampled_from(CONFIGS)
seeds = st.integers(0, 2**32 - 1)


def new(config, seed):
    name, players, variant, options = config
    return aceten.new_game(name, players=players, variant=variant, seed=seed, **options)


def deck_total(rules, trump):
    return sum(rules.points(c, trump) for c in rules.deck) + rules.last_trick_bonus


# -- whole games -----------------------------------------------------------------------------


@FAST
@given(config=configs, seed=seeds)
def test_random_games_conserve_cards_and_points(config, seed):
    g = new(config, seed)
    rules = g.rules
    rng = random.Random(seed)
    check_cards_accounted(g)
    while not g.is_over():
        moves = g.legal_moves()
        assert moves, "a legal move exists until the deal is over"
        g.push(rng.choice(moves))
        check_cards_accounted(g)
        assert sum(len(g.hand(s)) for s in range(g.players)) + len(g.stock) + len(g.trick) + sum(
            len(g.won_cards(s)) for s in range(g.players)) == len(rules.deck)
    assert g.legal_moves() == []
    assert not g.trick and not g.stock
    assert all(len(g.hand(s)) == 0 for s in range(g.players))
    tricks = g.tricks
    assert len(tricks) == rules.tricks_per_deal == len(rules.deck) // g.players
    assert all(len(t.cards) == g.players for t in tricks)
    out = g.outcome()
    assert sum(out.points) == deck_total(rules, g.trump)
    assert sum(t.points for t in tricks) == sum(out.points)
    assert sum(out.tricks) == rules.tricks_per_deal
    assert out.tricks == tuple(sum(1 for t in tricks if t.winner == s) for s in range(g.players))
    if rules.name == "cruce":  # marriages are scored by the leader when leading
        marriages = [0] * g.players
        for kind, seat, what in g.log:
            if kind == "bonus":
                marriages[seat] += what[0]
        assert out.bonus == tuple(marriages)
        assert all(m in (0, 20, 40, 60, 80, 100, 120) for m in marriages)
    else:  # roem goes to the trick's winner
        assert out.bonus == tuple(sum(t.bonus for t in tricks if t.winner == s) for s in range(g.players))
    for team, seats in enumerate(rules.teams):
        assert out.team_points[team] == sum(out.points[s] for s in seats)
        assert out.team_tricks[team] == sum(out.tricks[s] for s in seats)
    if g.players == 4:
        assert out.teams == ((0, 2), (1, 3))
    if out.winner is not None:
        assert out.scores[out.winner] == max(out.scores)
    if rules.name in ("briscola", "brisca") and rules.options["scoring"] == "points":
        total = deck_total(rules, g.trump)
        if out.winner is not None and len(rules.teams) == 2:
            assert out.team_points[out.winner] > total // 2 or rules.options["tie"] == "last-trick"


@FAST
@given(config=configs, seed=seeds)
def test_pop_undoes_push_exactly(config, seed):
    g = new(config, seed)
    rng = random.Random(seed)
    with_views = rng.random() < 0.5
    while not g.is_over():
        before = fingerprint(g, views=with_views)
        move = rng.choice(g.legal_moves())
        g.push(move)
        assert g.pop() == move
        assert fingerprint(g, views=with_views) == before
        g.push(move)


@FAST
@given(config=configs, seed=seeds)
def test_the_engine_plays_by_the_declared_rules(config, seed):
    """Every card played was legal by ``rules.legal_moves``; every trick went to
    ``rules.trick_winner`` and scored ``rules.points``."""
    g = new(config, seed)
    rules = g.rules
    rng = random.Random(seed)
    while not g.is_over():
        moves = g.legal_moves()
        if g.phase == "play":
            cards = {m for m in moves if isinstance(m, Card)}
            others = [m for m in moves if not isinstance(m, Card)]
            assert all(isinstance(m, Exchange) for m in others)
            if others:
                assert rules.name == "brisca" and g.trump_card is not None
            want = set(rules.legal_moves(g.hand(g.to_move), g.trick, g.trump,
                                         stock_empty=not g.stock))
            assert cards == want
            assert cards <= set(g.hand(g.to_move))
        g.push(rng.choice(moves))
    n = g.players
    for i, t in enumerate(g.tricks):
        assert t.number == i + 1
        assert t.winner == (t.leader + rules.trick_winner(t.cards, g.trump)) % n
        pts = sum(rules.points(c, g.trump) for c in t.cards)
        if i == len(g.tricks) - 1:
            pts += rules.last_trick_bonus
        assert t.points == pts
        if i:
            assert t.leader == g.tricks[i - 1].winner


@FAST
@given(seed=seeds, players=st.sampled_from([2, 3, 4]), bids=st.lists(st.integers(0, 6), min_size=4,
                                                                     max_size=4))
def test_cruce_scores_follow_the_33_rule(seed, players, bids):
    g = aceten.new_game("cruce", players=players, seed=seed)
    for value in bids[:players]:
        legal = g.legal_moves()
        g.push(Bid(value) if Bid(value) in legal else Bid(0))
    rng = random.Random(seed)
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
    out = g.outcome()
    teams = g.rules.teams
    highest = max((m.value for _, m in g.bids), default=0)
    assert g.contract == highest
    for team, seats in enumerate(teams):
        made = sum(out.points[s] + out.bonus[s] for s in seats)
        if g.declarer is not None and g.declarer in seats and made < 33 * g.contract:
            assert out.scores[team] == -g.contract
        else:
            assert out.scores[team] == made // 33


# -- obligations against a reference written from the rule text -------------------------------


def _beats(rules, a: Card, b: Card, trump) -> bool:
    """Does card ``a`` beat the winning card ``b`` (same suit), by the declared rank order?"""
    order = rules.trump_order if trump is not None and a.suit == trump else rules.plain_order
    return order.index(a.rank) < order.index(b.rank)


def _winning(rules, trick, trump) -> tuple[int, Card]:
    i = rules.trick_winner(trick, trump)
    return i, trick[i]


def reference_legal(rules, hand: list[Card], trick: list[Card], trump) -> set[Card]:
    hand_set = set(hand)
    if not trick:
        return hand_set
    led = trick[0].suit
    wi, win = _winning(rules, trick, trump)
    follow = {c for c in hand if c.suit == led}
    trumps = {c for c in hand if c.suit == trump}
    name = rules.name
    if name in ("cruce", "brisca"):  # Cruce always; Brisca with arrastre, stock empty
        if follow:
            if led == trump or win.suit != trump:
                higher = {c for c in follow if _beats(rules, c, win, trump)}
                if higher:
                    return higher
            return follow
        if not trumps or led == trump:
            return hand_set
        if name == "cruce" and win.suit == trump:
            higher = {c for c in trumps if _beats(rules, c, win, trump)}
            if higher:
                return higher
            return trumps if rules.options["undertrump"] else hand_set
        return trumps
    # klaverjas
    if follow:
        if led == trump:
            higher = {c for c in follow if _beats(rules, c, win, trump)}
            return higher or follow
        return follow
    if led == trump:
        return hand_set
    partner_winning = len(trick) >= 2 and wi == len(trick) - 2
    if rules.variant == "amsterdam" and partner_winning:
        if win.suit == trump and hand_set - trumps:
            return {c for c in hand if c.suit != trump or _beats(rules, c, win, trump)}
        return hand_set
    if not trumps:
        return hand_set
    if win.suit == trump:
        higher = {c for c in trumps if _beats(rules, c, win, trump)}
        if higher:
            return higher
        return (hand_set - trumps) or hand_set
    return trumps


OBLIGED = [
    ("cruce", 3, None, {}), ("cruce", 4, None, {}), ("cruce", 3, None, {"undertrump": False}),
    ("cruce", 4, None, {"undertrump": False}), ("brisca", 2, None, {"arrastre": True}),
    ("brisca", 3, None, {"arrastre": True}), ("brisca", 4, None, {"arrastre": True}),
    ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {}),
]


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(config=st.sampled_from(OBLIGED), data=st.data())
def test_obligations_agree_with_the_rule_text(config, data):
    name, players, variant, options = config
    rules = aceten.rules.get(name, players=players, variant=variant, **options)
    deck = data.draw(st.permutations(rules.deck))
    trick_len = data.draw(st.integers(0, players - 1))
    hand_len = data.draw(st.integers(1, min(8, rules.hand_size + (2 if name == "brisca" else 0))))
    trump = data.draw(st.sampled_from(sorted({c.suit for c in rules.deck})))
    trick = list(deck[:trick_len])
    hand = list(deck[trick_len:trick_len + hand_len])
    got = set(rules.legal_moves(hand, trick, trump, stock_empty=True))
    assert got, "some card is always legal"
    assert got <= set(hand)
    assert got == reference_legal(rules, hand, trick, trump), (hand, trick, trump)


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(["cruce", "brisca"]), data=st.data())
def test_no_obligations_while_the_stock_lasts(name, data):
    options = {"arrastre": True} if name == "brisca" else {}
    rules = aceten.rules.get(name, players=2, **options)
    deck = data.draw(st.permutations(rules.deck))
    hand = list(deck[1:1 + data.draw(st.integers(1, 8))])
    trump = data.draw(st.sampled_from(sorted({c.suit for c in rules.deck})))
    assert set(rules.legal_moves(hand, deck[:1], trump, stock_empty=False)) == set(hand)


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(["briscola", "brisca"]), players=st.sampled_from([2, 3, 4]), data=st.data())
def test_briscola_and_brisca_without_arrastre_never_restrict(name, players, data):
    rules = aceten.rules.get(name, players=players)
    deck = data.draw(st.permutations(rules.deck))
    k = data.draw(st.integers(0, players - 1))
    hand = list(deck[k:k + 3])
    trump = deck[-1].suit
    for empty in (True, False):
        assert set(rules.legal_moves(hand, deck[:k], trump, stock_empty=empty)) == set(hand)
