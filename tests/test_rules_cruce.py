"""Cruce, from the rules: 24 cards, follow-and-beat obligations, bidding once around, the first
card led names trump, marriages, and game points of 33 card points."""

from __future__ import annotations

import itertools
import random

import pytest

import aceten
from aceten import Bid, Card, IllegalMove
from engine_support import check_cards_accounted, game_from, legal, play_out

ORDER = ["A", "T", "K", "Q", "J", "9"]
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def rules(players=3, **options):
    return aceten.rules.get("cruce", players=players, **options)


# -- deck, ranks, points ---------------------------------------------------------------------


def test_cruce_rank_order_plain_and_trump():
    r = rules()
    for hi, lo in itertools.combinations(ORDER, 2):
        assert r.trick_winner([lo + "V", hi + "V"], "R") == 1
        assert r.trick_winner([hi + "V", lo + "V"], "R") == 0
        assert r.trick_winner(["AV", lo + "R", hi + "R"], "R") == 2


def test_cruce_points_and_deck_total():
    r = rules()
    for rank, pts in POINTS.items():
        for suit in "RVGD":
            assert r.points(rank + suit) == pts
            assert r.points(rank + suit, suit) == pts
    assert len(r.deck) == 24
    assert sum(r.points(c) for c in r.deck) == 120
    assert r.total_points == 120
    assert r.last_trick_bonus == 0


@pytest.mark.parametrize(("players", "hand", "stock", "teams"), [
    (2, 8, 8, ((0,), (1,))),
    (3, 8, 0, ((0,), (1,), (2,))),
    (4, 6, 0, ((0, 2), (1, 3))),
])
def test_cruce_deal_per_player_count(players, hand, stock, teams):
    r = rules(players)
    assert r.hand_size == hand
    assert r.stock_size == stock
    assert r.teams == teams
    assert r.tricks_per_deal == 24 // players
    g = aceten.new_game("cruce", players=players, seed=1)
    assert [len(g.hand(s)) for s in range(players)] == [hand] * players
    assert len(g.stock) == stock
    assert g.trump is None and g.trump_card is None


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    (["KV", "AV", "TV"], "R", 1),
    (["KV", "9R", "AV"], "R", 1),
    (["KV", "9R", "JR"], "R", 2),
    (["KV", "AG", "AD"], "R", 0),
])
def test_cruce_trick_winner(trick, trump, winner):
    assert rules().trick_winner(trick, trump) == winner


# -- obligations (3 and 4 players, and 2 players once the stock is empty) --------------------


@pytest.mark.parametrize(("hand", "trick", "expected"), [
    ("9V KV AR", "QV", {"KV"}),             # follow suit and beat
    ("9V KV AV AR", "QV", {"KV", "AV"}),    # any card that beats
    ("9V JV AR", "QV", {"9V", "JV"}),       # cannot beat: follow
    ("AV 9V AR", "QV 9R", {"AV", "9V"}),    # a trump lies on a plain-suit trick: following is enough
    ("AG 9R JR", "QV", {"9R", "JR"}),       # void: trump
    ("JR AR AG", "QV QR", {"AR"}),          # void, a trump lies: overtrump
    ("KR AR AG", "QV QR", {"KR", "AR"}),
    ("9R AG", "QV QR", {"9R"}),             # void, cannot overtrump: still trump (default)
    ("AG KD", "QV", {"AG", "KD"}),          # void in both: any card
    ("AG KD", "QV QR", {"AG", "KD"}),
    ("9R AR AV", "KR", {"AR"}),             # trumps led: follow and beat
    ("9R JR AV", "KR", {"9R", "JR"}),       # trumps led, cannot beat: follow
    ("AV KG", "KR", {"AV", "KG"}),          # trumps led, none held: any card
    ("AV KG 9R", "", {"AV", "KG", "9R"}),   # leading: any card
])
def test_cruce_obligations_three_players(hand, trick, expected):
    assert legal(rules(3), hand, trick, "R") == expected


def test_cruce_undertrump_option_off_lets_a_void_player_unable_to_overtrump_play_any_card():
    r = rules(3, undertrump=False)
    assert legal(r, "9R AG", "QV QR", "R") == {"9R", "AG"}
    assert legal(r, "9R AR AG", "QV QR", "R") == {"AR"}  # still overtrump if able
    assert legal(r, "9R AG", "QV", "R") == {"9R"}  # still trump when no trump lies


def test_cruce_four_players_must_beat_even_the_partner():
    r = rules(4)
    # the partner led KV and is winning: still follow and beat
    assert legal(r, "AV 9V 9R", "KV QV", "R") == {"AV"}
    # void: trump over the partner's trump too
    assert legal(r, "AR 9R AG", "KV KR 9V", "R") == {"AR"}


def test_cruce_before_the_first_lead_the_suit_led_is_trump():
    r = rules(3)
    # no trump yet: the card led names trump, so it must be followed and beaten as trumps
    assert legal(r, "AV 9V AR", "QV", None) == {"AV"}
    assert legal(r, "AR 9R AG", "QV", None) == {"AR", "9R", "AG"}  # void in the trump suit


def test_cruce_two_players_no_obligations_while_the_stock_lasts():
    r = rules(2)
    assert legal(r, "9V AR AG", "QV", "R", stock_empty=False) == {"9V", "AR", "AG"}
    assert legal(r, "9V AR AG", "QV", "R", stock_empty=True) == {"9V"}
    assert legal(r, "AR 9R AG", "QV", "R", stock_empty=True) == {"AR", "9R"}


def test_cruce_two_players_in_a_game_obligations_start_when_the_stock_is_empty():
    g = aceten.new_game("cruce", players=2, seed=4, bidding=False)
    rng = random.Random(4)
    saw_restriction = False
    while not g.is_over():
        hand = g.hand(g.to_move)
        moves = set(g.legal_moves())
        if g.stock:
            assert moves == set(hand)
            assert len(hand) == 8
        else:
            want = set(g.rules.legal_moves(hand, g.trick, g.trump, stock_empty=True))
            assert moves == want
            saw_restriction |= want != set(hand)
        trick_before = len(g.tricks)
        g.push(rng.choice(sorted(moves)))
        if len(g.tricks) > trick_before and g.stock:
            assert len(g.hand(0)) == len(g.hand(1)) == 8
    assert saw_restriction
    assert len(g.tricks) == 12
    assert sum(g.points) == 120


def test_cruce_illegal_move_says_why():
    r = rules(3, bidding=False)
    g = game_from(r, ["AV 9V QR KR TR JR 9R AR", "KV QV JV 9G JG QG KG TG",
                      "TV AG 9D JD QD KD TD AD"])
    g.push("9V")  # V is trump now
    with pytest.raises(IllegalMove, match="must follow verde and beat"):
        g.push("9G")
    g.push("KV")
    with pytest.raises(IllegalMove, match="must follow verde and beat"):
        g.push("9D")


# -- trump by the first lead -----------------------------------------------------------------


def test_cruce_the_suit_of_the_first_card_led_is_trump():
    for seed in range(6):
        g = aceten.new_game("cruce", players=3, seed=seed, bidding=False)
        assert g.trump is None
        first = g.legal_moves()[seed % len(g.legal_moves())]
        g.push(first)
        assert g.trump == first.suit
        play_out(g, random.Random(seed))
        assert g.trump == first.suit


def test_cruce_given_trump_option_overrides_the_first_lead():
    g = aceten.new_game("cruce", players=3, seed=1, bidding=False, trump="D")
    assert str(g.trump) == "D"
    lead = next(c for c in g.legal_moves() if str(c.suit) != "D")
    g.push(lead)
    assert str(g.trump) == "D"


# -- bidding ---------------------------------------------------------------------------------


def test_cruce_bidding_goes_once_around_with_the_dealer_last():
    g = aceten.new_game("cruce", players=3, seed=1, dealer=0)
    assert g.phase == "bid"
    order = []
    while g.phase == "bid":
        order.append(g.to_move)
        g.push(Bid(0))
    assert order == [1, 2, 0]
    assert g.phase == "play"


def test_cruce_bids_must_rise_and_zero_passes():
    g = aceten.new_game("cruce", players=4, seed=1)
    assert set(g.legal_moves()) == {Bid(v) for v in range(7)}
    g.push(Bid(2))
    assert set(g.legal_moves()) == {Bid(0), Bid(3), Bid(4), Bid(5), Bid(6)}
    with pytest.raises(IllegalMove, match="bid:0 bid:3"):
        g.push(Bid(2))
    with pytest.raises(IllegalMove):
        g.push(Bid(1))
    with pytest.raises(IllegalMove, match="bidding"):
        g.push(next(iter(g.hand(g.to_move))))
    g.push("bid:0")
    g.push(Bid(6))
    assert g.legal_moves() == [Bid(0)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cruce_highest_bidder_leads_and_is_bound_to_the_bid(players):
    g = aceten.new_game("cruce", players=players, seed=3)
    bids = [0] * players
    bids[players - 2] = 2  # the second-to-last seat bids highest; the dealer passes
    if players > 2:
        bids[0] = 1
    for value in bids:
        g.push(Bid(value))
    assert g.phase == "play"
    assert g.declarer == players - 2
    assert g.contract == 2
    assert g.to_move == g.leader == players - 2
    assert [(s, m.value) for s, m in g.bids] == list(enumerate(bids))


def test_cruce_all_pass_the_seat_after_the_dealer_leads_and_nobody_is_bound():
    g = aceten.new_game("cruce", players=4, seed=3, dealer=1)
    for _ in range(4):
        g.push(Bid(0))
    assert g.declarer is None
    assert g.contract == 0
    assert g.to_move == 2
    play_out(g, random.Random(3))
    out = g.outcome()
    for team in range(2):
        assert out.scores[team] == (out.team_points[team] + sum(g.bonus[s] for s in out.teams[team])) // 33


def test_cruce_bidding_off_starts_with_play():
    g = aceten.new_game("cruce", players=3, seed=2, bidding=False)
    assert g.phase == "play"
    assert all(isinstance(m, Card) for m in g.legal_moves())


# -- marriages and scoring: a deal where P1 holds every trump --------------------------------

ALL_TRUMPS = ["AR TR KR QR JR 9R AV TV", "KV QV JV 9V KG QG JG 9G", "AG TG AD TD KD QD JD 9D"]


def play_leads(g: aceten.Game, leads: str) -> None:
    """Seat 0 leads each card of ``leads`` (and must win every trick); the others play their
    first legal card."""
    for lead in leads.split():
        assert g.to_move == 0
        g.push(lead)
        while g.trick:
            g.push(g.legal_moves()[0])
        assert g.tricks[-1].winner == 0


def test_cruce_marriage_in_trumps_scores_40_and_in_another_suit_20():
    r = rules(3, bidding=False)
    g = game_from(r, ["AR TR KR QR AV TV KV QV", "JR 9R JV 9V KG QG JG 9G", "AG TG AD TD KD QD JD 9D"])
    play_leads(g, "AR TR KR")
    assert g.bonus == (40, 0, 0)  # KR led with QR in hand, roșu is trump
    play_leads(g, "QR")  # the king is gone: no marriage
    assert g.bonus == (40, 0, 0)
    play_leads(g, "AV TV QV")
    assert g.bonus == (60, 0, 0)  # QV led with KV in hand: 20
    play_leads(g, "KV")
    assert g.bonus == (60, 0, 0)
    assert g.is_over()
    out = g.outcome()
    assert out.points == (120, 0, 0)
    assert out.scores == ((120 + 60) // 33, 0, 0) == (5, 0, 0)


def test_cruce_marriage_led_first_names_trump_and_scores_40():
    r = rules(4, bidding=False)
    g = game_from(r, ["KG QG 9R JR 9V JV", "AG TG QR KR QV KV", "9G JG TR AR TV AV",
                      "9D JD QD KD TD AD"])
    g.push("KG")  # the first card led: ghindă is trump, and the marriage is in trumps
    assert str(g.trump) == "G"
    assert g.bonus == (40, 0, 0, 0)
    while not g.is_over():
        g.push(g.legal_moves()[0])
    out = g.outcome()
    # seats 1 (KR QR) and 3 may lead later, but only their own leads of a pair count
    assert out.bonus[0] == 40
    assert out.scores[0] == (out.team_points[0] + out.bonus[0] + out.bonus[2]) // 33


def test_cruce_marriage_only_for_the_leader():
    r = rules(3, bidding=False)
    g = game_from(r, ALL_TRUMPS)
    g.push("AR")
    g.push("KV")  # void in roșu with no trump: any card; P2 holds QV but does not lead
    g.push("9D")
    assert g.bonus == (0, 0, 0)
    play_leads(g, "KR")
    assert g.bonus == (40, 0, 0)


def test_cruce_leading_a_king_without_its_queen_is_no_marriage():
    r = rules(3, bidding=False)
    g = game_from(r, ["KR AR TR JR 9R AV TV QR", "KV QV JV 9V KG QG JG 9G", "AG TG AD TD KD QD JD 9D"])
    g.push("AR")
    g.push(g.legal_moves()[0])
    g.push(g.legal_moves()[0])
    assert g.bonus == (0, 0, 0)


@pytest.mark.parametrize(("bid", "score"), [(1, 4), (3, 4), (4, 4), (5, -5), (6, -6)])
def test_cruce_game_points_and_the_bidder_short_of_the_bid(bid, score):
    r = rules(3)
    g = game_from(r, ALL_TRUMPS)
    g.push(Bid(bid))
    g.push(Bid(0))
    g.push(Bid(0))
    assert g.declarer == 0 and g.to_move == 0
    play_leads(g, "AR KR QR TR JR 9R AV TV")  # KR with QR in hand: marriage 40
    out = g.outcome()
    assert out.points == (120, 0, 0)
    assert g.bonus == (40, 0, 0)
    # floor((120 + 40) / 33) = 4; a bid above 4 is 5 * 33 = 165 > 160: short
    assert out.scores == (score, 0, 0)
    assert out.winner == (0 if score > 0 else None)
    if score < 0:
        assert any("short" in n or "bid" in n for n in out.notes)


def test_cruce_the_other_side_scores_its_own_game_points_when_the_bidder_fails():
    r = rules(3)
    # P2 holds aces and tens of two suits and bids; P1 holds all of roșu and leads trumps
    g = game_from(r, ["AR TR KR QR JR 9R AV TV", "KV QV JV 9V KG QG JG 9G", "AG TG AD TD KD QD JD 9D"])
    g.push(Bid(0))
    g.push(Bid(0))
    g.push(Bid(1))
    assert g.declarer == 2 and g.to_move == 2
    g.push("AG")  # ghindă is trump
    g.push("AR")  # seat 0 is void in ghindă, the trump suit: any card
    g.push("KG")  # seat 1 follows and cannot beat
    assert g.tricks[-1].winner == 2
    while not g.is_over():
        g.push(g.legal_moves()[0])
    out = g.outcome()
    side = out.points
    expect = []
    for seat in range(3):
        total = side[seat] + g.bonus[seat]
        expect.append(total // 33)
    if side[2] + g.bonus[2] < 33:
        expect[2] = -1
    assert out.scores == tuple(expect)
    assert sum(out.points) == 120


def test_cruce_four_player_teams_pool_points():
    g = aceten.new_game("cruce", players=4, seed=12, bidding=False)
    play_out(g, random.Random(12))
    out = g.outcome()
    assert out.team_points == (g.points[0] + g.points[2], g.points[1] + g.points[3])
    assert sum(out.team_points) == 120
    assert out.team_tricks == (g.tricks_won[0] + g.tricks_won[2], g.tricks_won[1] + g.tricks_won[3])
    for team in range(2):
        bonus = sum(g.bonus[s] for s in out.teams[team])
        assert out.scores[team] == (out.team_points[team] + bonus) // 33
    check_cards_accounted(g)
