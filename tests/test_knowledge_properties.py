"""Properties of knowledge on full decks: the actual deal is always consistent, knowledge only
grows as events arrive, a seat never knows a false fact, and only the view matters."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import aceten
from aceten import Game
from aceten.cards import suit_mask
from aceten.knowledge import Knowledge
from aceten.knowledge.facts import Holds, InStock, Knows, Not, Void
from knowledge_support import replay

GAMES = [("briscola", 2, None, {}), ("briscola", 4, None, {}), ("brisca", 2, None, {}),
         ("brisca", 4, None, {"arrastre": "yes"}), ("cruce", 2, None, {}), ("cruce", 4, None, {}),
         ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {}),
         ("briscola", 3, None, {"open_cards": 1})]

positions = st.tuples(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 40))
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make(spec: tuple, seed: int, moves: int) -> Game:
    (name, players, variant, options) = spec
    game = aceten.new_game(name, players=players, variant=variant, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.push(rng.choice(game.legal_moves()))
    return game


@SETTINGS
@given(positions)
def test_the_actual_deal_is_always_consistent(pos):
    spec, seed, moves = pos
    game = make(spec, seed, moves)
    for seat in range(game.players):
        kn = Knowledge.from_view(game.view(seat))
        assert kn.is_consistent(game.deal)
        assert kn.count().deals >= 1
        for probs in kn.marginals().values():
            assert sum(probs.values()) == 1


def move_boundaries(events: tuple) -> list[int]:
    """Where a view can end: after any event but a lead that a bonus event still follows (the
    bonus belongs to the lead's move, and a lead with no bonus after it says it scored none)."""
    return [i for i in range(len(events) + 1) if i == len(events) or events[i][0] != "bonus"]


@SETTINGS
@given(positions, st.integers(0, 3))
# a cut between a Cruce marriage lead and its bonus event made a history the game never shows
# (seed 20557 before the generator changed; seed 10 ends on such a lead now)
@example((("cruce", 2, None, {}), 10, 11), 0)
@example((("cruce", 2, None, {}), 10, 11), 1)
def test_knowledge_only_grows_as_events_arrive(pos, which):
    spec, seed, moves = pos
    game = make(spec, seed, moves)
    seat = which % game.players
    events = game.view(seat).events
    rules = game.rules
    cut = random.Random(seed).choice(move_boundaries(events))
    before = Knowledge(rules, seat, events[:cut])
    after = Knowledge(rules, seat, events[:cut])
    for event in events[cut:]:
        after.push(event)
    assert after.count().deals <= before.count().deals
    # every deal still possible later was possible before
    for deal in after.sample(5, seed=seed):
        assert before.is_consistent(deal)


def facts(game: Game, rng: random.Random, count: int) -> list:
    deck = list(game.rules.deck)
    suits = sorted({c.suit for c in deck})
    out = []
    for _ in range(count):
        p = rng.randrange(game.players)
        c = rng.choice(deck)
        out += [Holds(p, c), Void(p, rng.choice(suits)), InStock(c)]
    return out


def true_in(game: Game, f) -> bool:
    if isinstance(f, Holds):
        return f.card in game.hand(f.seat)
    if isinstance(f, InStock):
        return f.card in game.stock
    if isinstance(f, Void):
        return not game.hand(f.seat).mask & suit_mask(f.suit)
    if isinstance(f, Not):
        return not true_in(game, f.arg)
    if isinstance(f, Knows):
        return true_in(game, f.arg)  # knowledge is factive: checked on what is known
    raise TypeError(f)


@SETTINGS
@given(positions)
def test_a_seat_never_knows_a_false_fact(pos):
    spec, seed, moves = pos
    game = make(spec, seed, moves)
    rng = random.Random(seed)
    for seat in range(game.players):
        kn = Knowledge.from_view(game.view(seat))
        for f in facts(game, rng, 4):
            answer = kn.ask(f)
            if answer.value is True:
                assert true_in(game, f), f
            elif answer.value is False:
                assert not true_in(game, f), f
        # nested: if the seat knows another seat knows a fact, the fact is true
        other = (seat + 1) % game.players
        for f in facts(game, rng, 1)[:2]:
            if kn.ask(Knows(seat, Knows(other, f))).value is True:
                assert true_in(game, f)


@SETTINGS
@given(positions)
def test_only_the_view_matters(pos):
    spec, seed, moves = pos
    game = make(spec, seed, moves)
    seat = seed % game.players
    view = game.view(seat)
    kn = Knowledge.from_view(view)
    # scramble the hidden cards: another deal the seat cannot tell apart, played the same way
    other_deal = kn.sample(1, seed=seed)[0]
    other = replay(game, other_deal)
    assert other.view(seat).events == view.events
    kn2 = Knowledge.from_view(other.view(seat))
    assert kn2.count() == kn.count()
    assert kn2.marginals() == kn.marginals()
