"""Rule-derived inference reads the declared obligations: the blocking cards of a play agree with
the obligations' cascade on every hand; explanations quote the rules' own words."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten.cards import cards_of
from aceten.knowledge import Knowledge
from aceten.knowledge.constraints import blocking_cards, lead_bonus_mates, legal_by_blocking
from knowledge_support import play_random

RULES = [("brisca", 2, None, {"arrastre": "yes"}), ("brisca", 4, None, {"arrastre": "yes"}),
         ("cruce", 2, None, {}), ("cruce", 3, None, {}), ("cruce", 4, None, {"undertrump": "no"}),
         ("cruce", 4, None, {}), ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {}),
         ("briscola", 2, None, {})]


@pytest.mark.slow
@pytest.mark.parametrize("name, players, variant, options", RULES)
def test_a_play_is_legal_exactly_when_the_hand_holds_no_blocking_card(name, players, variant, options):
    rules = aceten.rules.get(name, players=players, variant=variant, **options)
    deck = list(rules.deck)
    suits = sorted({c.suit for c in deck})
    rng = random.Random(7)
    checked = 0
    for _ in range(600):
        cards = rng.sample(deck, rng.randint(2, players + 6))
        trick = cards[:rng.randint(1, players - 1)]
        hand = cards[len(trick):]
        trump = rng.choice(suits)
        stock_empty = rng.random() < 0.8
        mask = sum(c.bit for c in hand)
        legal, _ = rules.legal_mask(mask, trick, trump, stock_empty)
        for card in hand:
            assert legal_by_blocking(rules, mask, card, trick, trump, stock_empty) == bool(legal & card.bit)
            checked += 1
    assert checked > 1200


def test_blocking_cards_carry_the_obligations_words():
    rules = aceten.rules.get("klaverjas", variant="rotterdam")
    c = rules.parse_card
    blocked = blocking_cards(rules, c("7H"), [c("AC")], c("JD").suit, True)
    assert set(blocked) >= {c("8C"), c("KC")}
    assert blocked[c("8C")] == "must follow clubs"
    assert "trump" in blocked[c("7D")]  # void in clubs with a trump: must trump


def test_cruce_mates_come_from_the_lead_bonus_hook():
    rules = aceten.rules.get("cruce", players=4)
    c = rules.parse_card
    assert lead_bonus_mates(rules, 0, c("KR"), c("AV").suit) == (c("QR"),)
    assert lead_bonus_mates(rules, 0, c("AR"), c("AV").suit) == ()
    assert lead_bonus_mates(aceten.rules.get("klaverjas"), 0, c("KR"), None) == ()


def test_klaverjas_void_is_explained_from_the_trick_and_the_rule():
    game = aceten.new_game("klaverjas", variant="rotterdam", seed=11)
    while game.phase != "play":
        game.push(game.legal_moves()[0])
    play_random(game, 17, 2)
    kn = Knowledge.from_view(game.view(0))
    hidden = {c.suit for c in kn.rules.deck if kn.timeline.location(c) is None}
    # a void that is not trivial: some card of the suit is still unseen
    seat, suit = next((s, v) for s in (1, 2, 3) for v in kn.voids(s) if v in hidden)
    suits = [suit]
    ex = kn.explain(f"void(P{seat + 1}, {suits[0].letter})")
    assert ex.answer.value is True
    text = str(ex)
    assert f"P{seat + 1} played" in text and "must" in text and "held no" in text
    for card in cards_of(sum(c.bit for c in kn.rules.deck if c.suit == suits[0]), kn.rules.family):
        assert not game.hand(seat).mask & card.bit


def test_a_played_card_is_explained_by_its_play():
    game = aceten.new_game("briscola", players=4, seed=3)
    play_random(game, 6, 3)
    kn = Knowledge.from_view(game.view(0))
    trick = game.tricks[0]
    leader, card = trick.leader, trick.cards[0]
    ex = kn.explain(f"not holds(P{(leader + 1) % 4 + 1}, {card})")
    assert f"P{leader + 1} played {card} at trick 1" in str(ex)


def test_the_face_up_trump_and_the_last_draw():
    game = aceten.new_game("briscola", players=2, seed=7)
    kn = Knowledge.from_view(game.view(1))
    face_up = game.trump_card
    assert kn.location(face_up) == "stock"
    assert "face up under the stock" in str(kn.explain(f"in_stock({face_up})"))
    while game.stock:
        game.push(game.legal_moves()[0])
    # after the last draw everyone knows who took the face-up card, and P2 knows P1's hand
    kn = Knowledge.from_view(game.view(1))
    holder = next(s for s in range(2) if face_up in game.hand(s))
    assert kn.location(face_up) == holder
    assert kn.count().holdings == 1
    assert kn.held(0) == game.hand(0)


def test_a_void_before_later_draws_is_reported_as_such():
    from test_knowledge_exact import LATIN12, FollowSuitBriscola

    rules = FollowSuitBriscola(players=2, deck=LATIN12)
    for seed in range(60):
        game = aceten.Game(rules, seed=seed)
        play_random(game, 4, seed)
        kn = Knowledge.from_view(game.view(0))
        excl = [c for info in kn.timeline.cards.values() for c in info.constraints if c.seat == 1]
        if not excl or not game.stock:
            continue
        suit = excl[0].led
        answer = kn.ask(f"void(P2, {suit.letter})")
        if answer.value is None:
            text = str(kn.explain(f"void(P2, {suit.letter})"))
            assert "held no" in text and "has drawn" in text
            return
    pytest.fail("no position with a void followed by draws")
