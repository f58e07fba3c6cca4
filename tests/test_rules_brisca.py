"""Brisca, from the rules: as Briscola, but 36 cards with three players, exchanging the 7 (and
2) of trumps for the face-up card, and the optional arrastre once the stock is empty."""

from __future__ import annotations

import itertools
import random

import pytest

import aceten
from aceten import Card, Exchange, IllegalMove, Rank
from engine_support import check_cards_accounted, fingerprint, game_from, legal, play_out

ORDER = ["A", "3", "K", "H", "J", "7", "6", "5", "4", "2"]
POINTS = {"A": 11, "3": 10, "K": 4, "H": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}


def rules(players=2, **options):
    return aceten.rules.get("brisca", players=players, **options)


def deal_with_face_up(r, hands: list[str], face_up: str) -> aceten.Game:
    """A game whose hands are given and whose turned-up card is ``face_up``."""
    used = {r.parse_card(t) for h in hands for t in h.split()} | {r.parse_card(face_up)}
    rest = [c for c in r.deck if c not in used]
    stock = " ".join(str(c) for c in rest) + " " + face_up
    return game_from(r, hands, stock)


def exchanges(g: aceten.Game) -> set[str]:
    return {str(m) for m in g.legal_moves() if isinstance(m, Exchange)}


# -- deck, ranks, points ---------------------------------------------------------------------


def test_brisca_rank_order_and_points_match_briscola():
    r = rules()
    for hi, lo in itertools.combinations(ORDER, 2):
        assert r.trick_winner([lo + "C", hi + "C"], "O") == 1
        assert r.trick_winner([lo + "O", hi + "O"], "O") == 1
    for rank, pts in POINTS.items():
        assert r.points(rank + "B") == pts


@pytest.mark.parametrize(("players", "cards", "tricks"), [(2, 40, 20), (3, 36, 12), (4, 40, 10)])
def test_brisca_deck_and_tricks_per_player_count(players, cards, tricks):
    r = rules(players)
    assert len(r.deck) == cards
    assert r.tricks_per_deal == tricks
    assert r.total_points == 120


def test_brisca_three_players_remove_all_the_twos():
    deck = rules(3).deck
    assert not [c for c in deck if c.rank is Rank.TWO]
    assert len({c for c in deck if c.rank is Rank.ACE}) == 4


def test_brisca_four_players_partners_opposite():
    assert rules(4).teams == ((0, 2), (1, 3))


def test_brisca_without_arrastre_any_card_at_any_time():
    r = rules(2)
    for empty in (False, True):
        assert legal(r, "AS 2C KO", "3S", "O", stock_empty=empty) == {"AS", "2C", "KO"}


# -- exchanging the 7 and the 2 of trumps ----------------------------------------------------


@pytest.mark.parametrize("face_up", ["AO", "3O", "KO", "HO", "JO"])
def test_brisca_seven_of_trumps_exchanges_for_a_face_up_high_card(face_up):
    r = rules()
    g = deal_with_face_up(r, ["7O 2S 3S", "4S 5S 6S"], face_up)
    assert exchanges(g) == {"swap:7O"}
    move = next(m for m in g.legal_moves() if isinstance(m, Exchange))
    assert isinstance(move, aceten.Exchange)
    assert move.card == Card.parse("7O")
    before = fingerprint(g)
    g.push(move)
    assert Card.parse(face_up) in g.hand(0)  # the face-up card goes to the hand
    assert Card.parse("7O") not in g.hand(0)
    assert g.trump_card == Card.parse("7O")  # the 7 lies face up under the stock now
    assert g.stock[-1] == Card.parse("7O")
    assert g.to_move == 0  # the exchange is not a turn: the player still has to play
    assert len(g.hand(0)) == 3
    assert exchanges(g) == set()
    check_cards_accounted(g)
    g.pop()
    assert fingerprint(g) == before


@pytest.mark.parametrize("face_up", ["4O", "5O", "6O", "7O"])
def test_brisca_two_of_trumps_exchanges_for_a_face_up_seven_or_lower(face_up):
    r = rules()
    hand0 = "2O 2S 3S" if face_up == "7O" else "2O 7O 3S"
    g = deal_with_face_up(r, [hand0, "4S 5S 6S"], face_up)
    assert exchanges(g) == {"swap:2O"}
    g.push("swap:2O")
    assert Card.parse(face_up) in g.hand(0)
    assert g.trump_card == Card.parse("2O")


@pytest.mark.parametrize("face_up", ["4O", "5O", "6O"])
def test_brisca_seven_of_trumps_does_not_exchange_for_a_lower_card(face_up):
    g = deal_with_face_up(rules(), ["7O 2S 3S", "4S 5S 6S"], face_up)
    assert exchanges(g) == set()
    with pytest.raises(IllegalMove, match="no exchange"):
        g.push("swap:7O")


@pytest.mark.parametrize("face_up", ["AO", "3O", "KO", "HO", "JO"])
def test_brisca_two_of_trumps_does_not_exchange_for_a_high_card(face_up):
    g = deal_with_face_up(rules(), ["2O 2S 3S", "4S 5S 6S"], face_up)
    assert exchanges(g) == set()


def test_brisca_seven_of_another_suit_does_not_exchange():
    g = deal_with_face_up(rules(), ["7S 2S 3S", "4S 5S 6S"], "AO")
    assert exchanges(g) == set()


def test_brisca_seven_then_two_both_exchange_in_turn():
    g = deal_with_face_up(rules(), ["7O 2O 3S", "4S 5S 6S"], "AO")
    assert exchanges(g) == {"swap:7O"}
    g.push("swap:7O")  # takes the ace; the 7 lies face up
    assert exchanges(g) == {"swap:2O"}
    g.push("swap:2O")  # takes the 7 back; the 2 lies face up
    assert {str(c) for c in g.hand(0)} == {"AO", "7O", "3S"}
    assert str(g.trump_card) == "2O"
    assert exchanges(g) == set()
    check_cards_accounted(g)


def test_brisca_only_the_player_to_move_may_exchange():
    g = deal_with_face_up(rules(), ["2S 3S 4S", "7O 5S 6S"], "AO")
    assert exchanges(g) == set()
    with pytest.raises(IllegalMove):
        g.push(Exchange(Card.parse("7O")))
    g.push("2S")
    assert g.to_move == 1
    assert exchanges(g) == {"swap:7O"}


def test_brisca_exchange_only_while_the_face_up_card_is_in_the_stock():
    g = deal_with_face_up(rules(), ["7O 2S 3S", "4S 5S 6S"], "AO")
    seven = Card.parse("7O")
    rng = random.Random(0)
    while g.stock:  # P1 (seat 0) keeps the 7 of trumps and never exchanges while the stock lasts
        if g.to_move == 0:
            assert exchanges(g) == {"swap:7O"}
        choices = [m for m in g.legal_moves() if isinstance(m, Card) and m != seven]
        g.push(rng.choice(choices))
    assert g.trump_card is None
    assert seven in g.hand(0)
    if g.to_move != 0:
        g.push(rng.choice(g.legal_moves()))
    assert g.to_move == 0
    assert exchanges(g) == set()
    with pytest.raises(IllegalMove, match="no exchange"):
        g.push(Exchange(seven))
    play_out(g, rng)
    assert sum(g.points) == 120


def test_brisca_exchanged_seven_is_drawn_last_by_the_loser_in_two_players():
    r = rules()
    g = deal_with_face_up(r, ["7O 2S 3S", "4S 5S 6S"], "AO")
    g.push("swap:7O")
    rng = random.Random(3)
    while g.stock:
        g.push(rng.choice([m for m in g.legal_moves() if not isinstance(m, Exchange)]))
    loser = 1 - g.tricks[-1].winner
    assert g.log[-1] == ("draw", loser, Card.parse("7O"))
    # the 7 lay face up: its draw is public, like the turned card's
    assert g.view(1 - loser).events[-1] == ("draw", loser, Card.parse("7O"))
    play_out(g, rng)
    assert sum(g.points) == 120


def test_brisca_exchange_option_off_means_no_exchanges():
    g = deal_with_face_up(rules(exchange=False), ["7O 2S 3S", "4S 5S 6S"], "AO")
    assert exchanges(g) == set()
    with pytest.raises(IllegalMove, match="no exchange"):
        g.push("swap:7O")


def test_brisca_exchange_needs_trick_option_waits_for_a_won_trick():
    r = rules(exchange_needs_trick=True)
    g = deal_with_face_up(r, ["7O 3S 2C", "4S 5S 6S"], "AO")
    assert exchanges(g) == set()
    g.push("3S")
    g.push("4S")  # P1 wins nothing: 3S beats 4S
    assert g.tricks_won == (1, 0)
    assert g.to_move == 0
    assert exchanges(g) == {"swap:7O"}


def test_brisca_no_exchange_with_a_given_trump():
    for seed in range(20):
        g = aceten.new_game("brisca", players=2, seed=seed, trump="O")
        assert exchanges(g) == set()


# -- arrastre --------------------------------------------------------------------------------


def test_brisca_arrastre_is_off_while_the_stock_lasts():
    r = rules(arrastre=True)
    assert legal(r, "2S KS AC 2O", "HS", "O", stock_empty=False) == {"2S", "KS", "AC", "2O"}


@pytest.mark.parametrize(("hand", "trick", "expected"), [
    ("2S KS AC 2O", "HS", {"KS"}),               # follow and beat
    ("2S KS AC 2O", "3S", {"2S", "KS"}),         # cannot beat: follow
    ("AC 2O 4O", "3S", {"2O", "4O"}),            # void: trump
    ("AC 2C 4B", "3S", {"AC", "2C", "4B"}),      # void in both: any card
    ("AS 4S 2O", "3S 2O", {"AS", "4S"}),         # a trump lies: following suit is enough
    ("2O AC KB", "3S 5O", {"2O"}),               # void: trump, even under the trump that lies
    ("2O AO KS", "3O", {"AO"}),                  # trumps led: follow and beat
    ("2O 4O KS", "3O", {"2O", "4O"}),            # trumps led, cannot beat: follow
    ("KS JB", "3O", {"KS", "JB"}),               # trumps led, none held
])
def test_brisca_arrastre_once_the_stock_is_empty(hand, trick, expected):
    r = rules(2 if len(trick.split()) == 1 else 3, arrastre=True)
    assert legal(r, hand, trick, "O", stock_empty=True) == expected


def test_brisca_arrastre_four_players_beat_the_winning_card_not_the_led_one():
    r = rules(4, arrastre=True)
    # 3S led, then KS; the winning card is 3S still
    assert legal(r, "AS HS 2O", "3S KS", "O") == {"AS"}
    assert legal(r, "HS 2S 2O", "3S KS", "O") == {"HS", "2S"}


def test_brisca_arrastre_applies_in_the_game_once_the_stock_is_empty():
    g = aceten.new_game("brisca", players=2, seed=9, arrastre=True)
    rng = random.Random(9)
    restricted = 0
    while not g.is_over():
        hand = g.hand(g.to_move)
        cards_legal = [m for m in g.legal_moves() if isinstance(m, Card)]
        if g.stock:
            assert set(cards_legal) == set(hand)
        else:
            want = set(g.rules.legal_moves(hand, g.trick, g.trump, stock_empty=True))
            assert set(cards_legal) == want
            for card in set(hand) - want:
                restricted += 1
                with pytest.raises(IllegalMove, match="must"):
                    g.push(card)
        g.push(rng.choice(g.legal_moves()))
    assert restricted > 0
    assert sum(g.points) == 120


def test_brisca_arrastre_illegal_move_says_follow_suit():
    # an empty stock from the start: a custom deck dealt out with a given trump
    g = game_from(rules(arrastre=True, deck="AS 2S 3C 4C 5S 6C", trump="O"), ["AS 3C 4C", "2S 5S 6C"])
    assert not g.stock
    g.push("AS")
    with pytest.raises(IllegalMove, match="must follow swords"):
        g.push("6C")
    g.push("5S")
