"""Briscola, from the rules: the Latin deck, ranks and points, dealing and drawing, no
obligations, the winner, and the rule options the logic layer uses."""

from __future__ import annotations

import itertools
import random

import pytest

import aceten
from aceten import AcetenError, Card, Family, Rank
from engine_support import STACKED, check_cards_accounted, game_from, play, play_out

ORDER = ["A", "3", "K", "H", "J", "7", "6", "5", "4", "2"]  # strongest first, trumps too
POINTS = {"A": 11, "3": 10, "K": 4, "H": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}


def rules(players=2, **options):
    return aceten.rules.get("briscola", players=players, **options)


# -- deck, ranks, points ---------------------------------------------------------------------


@pytest.mark.parametrize("suit", ["S", "C", "O", "B"])
def test_briscola_rank_order_in_a_plain_suit(suit):
    r = rules()
    for hi, lo in itertools.combinations(ORDER, 2):  # hi is stronger than lo
        other_trump = "C" if suit != "C" else "S"
        assert r.trick_winner([lo + suit, hi + suit], other_trump) == 1, (hi, lo)
        assert r.trick_winner([hi + suit, lo + suit], other_trump) == 0, (hi, lo)


def test_briscola_rank_order_is_the_same_in_trumps():
    r = rules()
    for hi, lo in itertools.combinations(ORDER, 2):
        assert r.trick_winner(["AS", lo + "O", hi + "O"], "O") == 2
        assert r.trick_winner(["AS", hi + "O", lo + "O"], "O") == 1


def test_briscola_card_points():
    r = rules()
    for rank, pts in POINTS.items():
        for suit in "SCOB":
            assert r.points(rank + suit) == pts
            assert r.points(rank + suit, trump=suit) == pts  # trumps count the same


@pytest.mark.parametrize(("players", "cards", "tricks"), [(2, 40, 20), (3, 39, 13), (4, 40, 10)])
def test_briscola_deck_and_tricks_per_player_count(players, cards, tricks):
    r = rules(players)
    assert len(r.deck) == len(set(r.deck)) == cards
    assert r.tricks_per_deal == tricks
    assert r.hand_size == 3
    assert r.stock_size == cards - 3 * players
    assert sum(r.points(c) for c in r.deck) == 120
    assert r.total_points == 120


def test_briscola_three_players_remove_one_two():
    full = set(aceten.rules.get("briscola", players=2).deck)
    three = set(rules(3).deck)
    (removed,) = full - three
    assert removed.rank is Rank.TWO
    other = rules(3, removed="2S")
    assert full - set(other.deck) == {Card.parse("2S")}


def test_briscola_four_players_play_in_partnerships_opposite():
    assert rules(4).teams == ((0, 2), (1, 3))
    assert rules(2).teams == ((0,), (1,))
    assert rules(3).teams == ((0,), (1,), (2,))


@pytest.mark.parametrize("players", [1, 5, 7])
def test_briscola_refuses_other_player_counts(players):
    with pytest.raises(AcetenError, match="played by 2, 3, 4, 6 players"):
        rules(players)


def test_five_players_are_pointed_to_chiamata():
    with pytest.raises(AcetenError, match="with 5: variant chiamata"):
        rules(5)


# -- trick winner ----------------------------------------------------------------------------


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    (["2S", "AS"], "O", 1),          # higher of the suit led
    (["2S", "AC"], "O", 0),          # a higher card of another suit does not win
    (["AS", "2O"], "O", 1),          # the lowest trump beats the ace of the suit led
    (["3O", "AO"], "O", 1),          # trumps among themselves: rank order
    (["KS", "3S", "AC", "2B"], "O", 1),
    (["KS", "3S", "2O", "4O"], "O", 3),  # highest trump
    (["7C", "7S", "7O", "7B"], "B", 3),
    (["7C", "7S", "7O", "7B"], "O", 2),
    (["7C", "6C", "5C"], "S", 0),
    (["2O", "AS", "AC", "AB"], "O", 0),  # trump led and held
])
def test_briscola_trick_winner(trick, trump, winner):
    r = rules(len(trick)) if len(trick) > 2 else rules()
    assert r.trick_winner(trick, trump) == winner


def test_briscola_empty_trick_has_no_winner():
    with pytest.raises(AcetenError):
        rules().trick_winner([], "S")


# -- no obligations --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_briscola_any_card_may_be_played_at_any_time(players):
    r = rules(players)
    hand = ["AS", "2C", "KO"]
    for trick in ([], ["3S"], ["3C", "AC"], ["JB", "HB", "KB"][: players - 1]):
        for empty in (True, False):
            got = {str(c) for c in r.legal_moves(hand, trick, "O", stock_empty=empty)}
            assert got == set(hand)
    assert r.obligations.describe() == ["none: any card may be played at any time"]


# -- the deal and drawing --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_briscola_deal_three_each_and_turn_the_last_stock_card(players):
    g = aceten.new_game("briscola", players=players, seed=11)
    assert all(len(g.hand(s)) == 3 for s in range(players))
    assert g.trump_card == g.stock[-1] == g.turned_card
    assert g.trump == g.trump_card.suit
    assert len(g.stock) == len(g.rules.deck) - 3 * players
    assert g.to_move == g.leader == 0  # the seat after the dealer (the last seat) leads
    check_cards_accounted(g)


def test_briscola_seat_after_the_dealer_leads_the_first_trick():
    g = aceten.new_game("briscola", players=3, seed=2, dealer=0)
    assert g.to_move == 1
    g = aceten.new_game("briscola", players=4, seed=2, dealer=2)
    assert g.to_move == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_briscola_after_each_trick_winner_draws_first_then_in_play_order(players):
    g = aceten.new_game("briscola", players=players, seed=5)
    rng = random.Random(5)
    while g.stock:
        stock_before = g.stock
        for _ in range(players):
            assert all(len(g.hand(s)) >= 1 for s in range(players))
            g.push(rng.choice(g.legal_moves()))
        winner = g.tricks[-1].winner
        draws = [e for e in g.log[-players:]]
        assert [e[0] for e in draws] == ["draw"] * players
        assert [e[1] for e in draws] == [(winner + i) % players for i in range(players)]
        assert tuple(e[2] for e in draws) == stock_before[:players]
        assert all(len(g.hand(s)) == 3 for s in range(players))
        assert g.to_move == winner
    play_out(g, rng)
    assert len(g.tricks) == g.rules.tricks_per_deal


def test_briscola_two_players_face_up_trump_ends_with_the_loser_of_the_last_stock_trick():
    for seed in range(20):
        g = aceten.new_game("briscola", players=2, seed=seed)
        turned = g.trump_card
        rng = random.Random(seed)
        while g.stock:
            g.push(rng.choice(g.legal_moves()))
        last_stock_trick = g.tricks[-1]
        loser = 1 - last_stock_trick.winner
        assert turned in g.hand(loser)
        assert turned not in g.hand(last_stock_trick.winner)
        assert g.trump_card is None
        assert g.log[-1] == ("draw", loser, turned)


def test_briscola_the_face_up_card_is_the_last_card_drawn_with_four_players():
    g = aceten.new_game("briscola", players=4, seed=8)
    turned = g.trump_card
    rng = random.Random(8)
    while g.stock:
        g.push(rng.choice(g.legal_moves()))
    winner = g.tricks[-1].winner
    assert g.log[-1] == ("draw", (winner + 3) % 4, turned)


def test_briscola_a_fixed_deal_plays_as_dealt():
    r = rules()
    deck = list(r.deck)
    hands = [" ".join(map(str, deck[0:3])), " ".join(map(str, deck[3:6]))]
    g = game_from(r, hands, " ".join(map(str, deck[6:])))
    assert g.trump_card == deck[-1]
    assert set(g.hand(0)) == set(deck[0:3])


# -- result ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_briscola_result_most_points_wins_and_points_sum_to_120(players):
    for seed in range(10):
        g = play_out(aceten.new_game("briscola", players=players, seed=seed), random.Random(seed))
        out = g.outcome()
        assert sum(out.points) == 120
        assert sum(out.team_points) == 120
        assert sum(out.tricks) == g.rules.tricks_per_deal
        best = max(out.team_points)
        if out.team_points.count(best) == 1:
            assert out.winner == out.team_points.index(best)
        else:
            assert out.winner is None
        if players != 3 and out.winner is not None:
            assert out.team_points[out.winner] >= 61


def _tie_game(**options):
    r = rules(2, deck="AS AC 2S 2C", trump="O", **options)
    g = game_from(r, ["AS 2C", "2S AC"])
    play(g, "AS 2S", "2C AC")  # 11 each
    return g


def test_briscola_sixty_all_is_a_draw():
    g = _tie_game()
    out = g.outcome()
    assert out.points == (11, 11)
    assert out.winner is None
    assert "draw" in out.result


def test_briscola_tie_option_gives_an_even_split_to_the_last_trick_winner():
    g = _tie_game(tie="last-trick")
    assert g.outcome().winner == 1


# -- rule options ----------------------------------------------------------------------------


def test_briscola_scoring_by_tricks_counts_tricks_not_points():
    deck = "4S 5S 2C 2S 4C AC"
    hands = ["4S 5S 2C", "2S 4C AC"]
    by_points = game_from(rules(2, deck=deck, trump="O"), hands)
    by_tricks = game_from(rules(2, deck=deck, trump="O", scoring="tricks"), hands)
    for g in (by_points, by_tricks):
        play(g, "4S 2S", "5S 4C", "2C AC")
        assert g.tricks_won == (2, 1)
        assert g.points == (0, 11)
    assert by_points.outcome().winner == 1
    assert by_tricks.outcome().winner == 0
    assert by_tricks.outcome().scores == (2, 1)


def test_briscola_draw_after_play_each_player_draws_right_after_playing():
    g = aceten.new_game("briscola", players=3, seed=4, draw="after-play")
    rng = random.Random(4)
    stock_start = g.stock
    while g.stock:
        seat = g.to_move
        before = len(g.log)
        expected = g.stock[0]
        g.push(rng.choice(g.legal_moves()))
        assert g.log[before:before + 2] == [("play", seat, g.log[before][2]), ("draw", seat, expected)]
        assert len(g.hand(seat)) == 3
    drawn = [e[2] for e in g.log if e[0] == "draw"]
    assert tuple(drawn) == stock_start
    play_out(g, rng)
    assert sum(g.outcome().points) == 120


def test_briscola_given_trump_turns_no_card():
    g = aceten.new_game("briscola", players=2, seed=3, trump="S")
    assert g.trump == aceten.Suit.parse("S", Family.LATIN)
    assert g.trump_card is None
    assert g.turned_card is None
    assert len(g.stock) == 34
    assert not any(e[0] == "turn" for e in g.view(0).events)
    rng = random.Random(3)
    while not g.is_over():
        assert g.trump_card is None
        g.push(rng.choice(g.legal_moves()))
    assert sum(g.points) == 120
    assert not any(e[0] == "turn" for e in g.view(1).events)


def test_briscola_stacked_custom_deck_of_twenty_cards_four_players_five_tricks():
    r = rules(4, deck=STACKED, stacked=True)
    assert len(r.deck) == 20
    assert r.tricks_per_deal == 5
    assert r.total_points == 60
    g = aceten.Game(r, seed=123)
    # dealt in the given order, from the seat after the dealer; the rest is the stock
    assert [str(g.hand(s)) for s in range(4)] == [
        str(aceten.CardSet.parse(t)) for t in ("AB 2B 3B", "4B 5B 6B", "7B JB HB", "KB AO 2O")]
    assert [str(c) for c in g.stock] == STACKED.split()[12:]
    assert str(g.trump_card) == "KO"
    # the same whatever the seed: nothing is shuffled
    assert aceten.Game(r, seed=999).deal == g.deal
    play_out(g, random.Random(1))
    assert len(g.tricks) == 5
    assert sum(g.points) == 60
    assert all(len(t.cards) == 4 for t in g.tricks)


def test_briscola_custom_deck_without_stacking_is_shuffled():
    r = rules(4, deck=STACKED)
    deals = {aceten.Game(r, seed=s).deal for s in range(5)}
    assert len(deals) > 1
    for d in deals:
        assert set(d.cards()) == set(r.deck)


def test_briscola_custom_deck_errors():
    with pytest.raises(AcetenError, match="twice"):
        rules(2, deck="AS AS 2S 3S")
    with pytest.raises(AcetenError, match="stacked needs option deck"):
        rules(2, stacked=True)
    with pytest.raises(AcetenError, match="evenly"):
        rules(4, deck="AS 2S 3S 4S 5S 6S 7S", trump="S")


@pytest.mark.parametrize("k", [1, 2, 3])
def test_briscola_open_cards_are_visible_in_every_other_seat_view(k):
    g = aceten.new_game("briscola", players=4, seed=21, open_cards=k)
    dealt = g.deal.hands
    for viewer in range(4):
        v = g.view(viewer)
        for seat in range(4):
            assert set(v.open_cards[seat]) == set(dealt[seat][:k])
            shown = [e[2] for e in v.events if e[0] == "deal" and e[1] == seat]
            assert shown[:k] == list(dealt[seat][:k])
            if seat != viewer:
                assert shown[k:] == [None] * (3 - k)
    # an open card leaves the open set once played
    card = dealt[0][0]
    g.push(card)
    assert card not in g.view(1).open_cards[0]


def test_briscola_without_open_cards_nothing_of_others_is_visible():
    g = aceten.new_game("briscola", players=2, seed=21)
    v = g.view(0)
    assert not v.open_cards[1]
    assert all(e[2] is None for e in v.events if e[0] == "deal" and e[1] == 1)


def test_briscola_open_cards_cannot_exceed_the_hand():
    with pytest.raises(AcetenError, match="open_cards"):
        rules(2, open_cards=4)


def test_briscola_unknown_option_is_refused_with_the_known_ones():
    with pytest.raises(AcetenError, match="unknown briscola option 'arrastre'"):
        rules(2, arrastre=True)
    with pytest.raises(AcetenError, match="scoring"):
        rules(2, scoring="goals")
