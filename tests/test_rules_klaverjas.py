"""Klaverjas, from the rules: trump and plain orders and points, Rotterdam and Amsterdam
obligations, roem, nat and pit, and calling trump."""

from __future__ import annotations

import itertools
import random

import pytest

import aceten
from aceten import AcetenError, Card, Family, IllegalMove, Suit, TrumpCall
from engine_support import check_cards_accounted, game_from, legal, play, play_out

TRUMP_ORDER = ["J", "9", "A", "T", "K", "Q", "8", "7"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_ORDER = ["A", "T", "K", "Q", "J", "9", "8", "7"]
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
BOTH = ["rotterdam", "amsterdam"]


def rules(variant="rotterdam", **options):
    return aceten.rules.get("klaverjas", players=4, variant=variant, **options)


def suit(letter: str) -> Suit:
    return Suit.parse(letter, Family.FRENCH)


# -- orders, points, totals ------------------------------------------------------------------


def test_klaverjas_trump_order():
    r = rules()
    for hi, lo in itertools.combinations(TRUMP_ORDER, 2):
        assert r.trick_winner([lo + "H", hi + "H"], "H") == 1, (hi, lo)
        assert r.trick_winner([hi + "H", lo + "H"], "H") == 0, (hi, lo)


def test_klaverjas_plain_order():
    r = rules()
    for hi, lo in itertools.combinations(PLAIN_ORDER, 2):
        assert r.trick_winner([lo + "C", hi + "C"], "H") == 1, (hi, lo)
        assert r.trick_winner([hi + "C", lo + "C"], "H") == 0, (hi, lo)


def test_klaverjas_points_trump_and_plain():
    r = rules()
    for rank in TRUMP_ORDER:
        assert r.points(rank + "H", "H") == TRUMP_POINTS[rank]
        assert r.points(rank + "C", "H") == PLAIN_POINTS[rank]
    assert sum(TRUMP_POINTS.values()) == 62
    assert sum(PLAIN_POINTS.values()) == 30


@pytest.mark.parametrize("trump", ["C", "D", "H", "S"])
def test_klaverjas_deck_totals_162_with_the_last_trick(trump):
    r = rules()
    assert len(r.deck) == 32
    assert sum(r.points(c, trump) for c in r.deck) == 152
    assert r.last_trick_bonus == 10
    assert r.total_points == 162
    assert r.hand_size == 8 and r.stock_size == 0
    assert r.teams == ((0, 2), (1, 3))


def test_klaverjas_is_for_four_players_only():
    with pytest.raises(AcetenError, match="played by 4 players"):
        aceten.rules.get("klaverjas", players=3)


def test_klaverjas_unknown_variant():
    with pytest.raises(AcetenError, match="rotterdam, amsterdam"):
        aceten.rules.get("klaverjas", variant="utrecht")


@pytest.mark.parametrize("deals", [0, -1, "0", "99999999999999999999", 1001])
@pytest.mark.parametrize(("game", "variant", "players"), [("klaverjas", None, None),
                                                           ("briscola", "chiamata", 5)])
def test_match_deals_are_1_to_1000(game, variant, players, deals):
    with pytest.raises(AcetenError, match=r"option deals=.*: give a whole number from 1 to 1,000"):
        aceten.rules.get(game, players=players, variant=variant, deals=deals)
    assert aceten.rules.get(game, players=players, variant=variant, deals="1000").options[
        "deals"] == 1000


@pytest.mark.parametrize(("trick", "winner"), [
    (["AC", "7H"], 1),                 # the lowest trump beats a plain ace
    (["TC", "AC", "KC", "JC"], 1),
    (["TC", "AD", "AS", "KC"], 0),     # off-suit aces do not win
    (["9H", "AH", "TH", "JH"], 3),     # trump jack, then nine
    (["9H", "AH", "TH", "KH"], 0),
    (["JC", "9C", "QH", "8H"], 2),
])
def test_klaverjas_trick_winner(trick, winner):
    assert rules().trick_winner(trick, "H") == winner


# -- obligations (trump hearts; the partner played the card two before) ---------------------


@pytest.mark.parametrize("variant", BOTH)
@pytest.mark.parametrize(("hand", "trick", "expected"), [
    ("7C AC 7H", "KC", {"7C", "AC"}),                 # follow suit; no need to beat a plain card
    ("7C AC JH", "KC 7H", {"7C", "AC"}),              # a trump lies: still just follow
    ("8H AH 7C", "TH", {"AH"}),                       # trumps led: overtrump if able
    ("8H QH 7C", "TH", {"8H", "QH"}),                 # trumps led, cannot overtrump: any trump
    ("9H 8H 7C", "AH", {"9H"}),                       # the nine beats the ace in trumps
    ("9H 7H 7C", "AH 8H", {"9H"}),                    # trumps led, partner winning: still overtrump
    ("7C 7D", "AH", {"7C", "7D"}),                    # trumps led, none held: any card
    ("7H 9H AD", "KC", {"7H", "9H"}),                 # void, opponent winning: trump
    ("KH 7H AD", "AC QH", {"KH"}),                    # void, opponent trumped: overtrump
    ("7H AD", "KC JH", {"AD"}),                       # cannot overtrump: no undertrump
    ("7H 8H", "KC JH", {"7H", "8H"}),                 # only trumps: undertrump allowed
    ("AD 7S", "KC", {"AD", "7S"}),                    # void in both: any card
    ("AD 7S", "KC QH", {"AD", "7S"}),
    ("AD 7S 7H", "", {"AD", "7S", "7H"}),             # leading: any card
])
def test_klaverjas_obligations_in_both_variants(variant, hand, trick, expected):
    assert legal(rules(variant), hand, trick, "H") == expected


def test_klaverjas_rotterdam_partner_winning_still_must_trump():
    r = rules("rotterdam")
    # the partner led AC and is winning; void in clubs
    assert legal(r, "7H AD", "AC 7C", "H") == {"7H"}
    assert legal(r, "7H 9H AD", "AC 7C", "H") == {"7H", "9H"}


def test_klaverjas_rotterdam_partner_winning_with_a_trump_still_must_overtrump():
    r = rules("rotterdam")
    # KC by an opponent, 8H by the partner (winning), 7C by an opponent; void in clubs
    assert legal(r, "7H 9H AD", "KC 8H 7C", "H") == {"9H"}
    assert legal(r, "7H AD", "KC 8H 7C", "H") == {"AD"}  # cannot overtrump: no undertrump


def test_klaverjas_amsterdam_partner_winning_allows_any_card():
    r = rules("amsterdam")
    assert legal(r, "7H AD", "AC 7C", "H") == {"7H", "AD"}
    assert legal(r, "7H 9H AD 7S", "AC 7C", "H") == {"7H", "9H", "AD", "7S"}
    # fourth hand, the partner (second) is winning with a plain card
    assert legal(r, "7H AD", "KC AC 7C", "H") == {"7H", "AD"}


def test_klaverjas_amsterdam_partner_winning_with_a_trump_allows_any_card_but_no_undertrump():
    r = rules("amsterdam")
    assert legal(r, "7H 9H AD", "KC 8H 7C", "H") == {"9H", "AD"}
    assert legal(r, "7H AD", "KC 8H 7C", "H") == {"AD"}
    assert legal(r, "7H QH", "KC 8H 7C", "H") == {"7H", "QH"}  # nothing but trumps


def test_klaverjas_amsterdam_opponent_winning_must_trump_as_in_rotterdam():
    r = rules("amsterdam")
    # the partner led KC, an opponent beats it with AC: the exemption does not apply
    assert legal(r, "7H AD", "KC AC", "H") == {"7H"}
    # the partner led, an opponent trumped
    assert legal(r, "7H 9H AD", "KC 8H", "H") == {"9H"}


@pytest.mark.parametrize("variant", BOTH)
def test_klaverjas_must_follow_suit_even_when_the_partner_is_winning(variant):
    assert legal(rules(variant), "7C 7H AD", "AC 8C", "H") == {"7C"}


def test_klaverjas_illegal_moves_say_why():
    r = rules("rotterdam", trump="H")
    g = game_from(r, ["7C 8C 9C 7D 8D 9D 7S AS", "9H AH TH KH QH 8H 7H 8S",
                      "JH AC TC KC QC AD TD KD", "QD JC JD TS KS QS JS 9S"])
    g.push("7C")
    with pytest.raises(IllegalMove, match="must trump") as info:
        g.push("8S")
    assert "P2" in str(info.value)
    g.push("7H")
    with pytest.raises(IllegalMove, match="must follow clubs"):
        g.push("JH")
    g.push("QC")
    g.push("JC")
    g.push("9H")  # trumps led by the winner, P2
    with pytest.raises(IllegalMove, match="must follow hearts"):
        g.push("AC")


# -- roem ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "points"), [
    ("7C 8C 9C KD", 20),          # three in sequence
    ("9C KD 8C 7C", 20),          # in any order of play
    ("TC JC QC 7D", 20),          # T between 9 and J
    ("9C TC JC 7S", 20),
    ("QC KC AC 7D", 20),
    ("7C 9C 8C TC", 50),          # four in sequence
    ("JC QC KC AC", 50),
    ("KC AC 7C 8C", 0),           # no wrapping from A to 7
    ("7C 9C JC KC", 0),
    ("7C 8C 9D TD", 0),           # sequences are within one suit
    ("KH QH 7C 8D", 20),          # stuk: K+Q of trumps
    ("KC QC 7D 8S", 0),           # K+Q of a plain suit is nothing
    ("QH KH AH 7C", 40),          # three in sequence with stuk on top
    ("JH QH KH AH", 70),          # four in sequence with stuk on top
    ("TH JH QH KH", 70),
    ("9H TH JH 7C", 20),          # a trump sequence without K+Q
    ("JC JD JH JS", 200),         # four jacks
    ("AC AD AH AS", 100),         # four aces
    ("TC TD TH TS", 100),
    ("KC KD KH KS", 100),
    ("QC QD QH QS", 100),
    ("9C 9D 9H 9S", 0),
    ("8C 8D 8H 8S", 0),
    ("7C 7D 7H 7S", 0),
    ("AC TD KH 7S", 0),
])
def test_klaverjas_roem_in_a_trick(cards, points):
    r = rules()
    found = r.trick_bonus(tuple(r.parse_card(c) for c in cards.split()), suit("H"))
    assert (found[0] if found else 0) == points


def test_klaverjas_roem_goes_to_the_trick_winners():
    r = rules(trump="S")
    g = game_from(r, ["7C 8D 9D TD JD QD KD AD", "8C 7D 7H 8H 9H TH JH QH",
                      "9C KH AH 7S 8S 9S TS JS", "AC TC JC QC KC QS KS AS"])
    play(g, "7C 8C 9C AC")  # 7-8-9 of clubs; the ace wins for P4
    assert g.tricks[-1].winner == 3
    assert g.bonus == (0, 0, 0, 20)
    assert g.tricks[-1].bonus == 20
    assert any("sequence" in n for n in g.tricks[-1].notes)
    assert g.points == (0, 0, 0, 11)


def test_klaverjas_roem_option_off_scores_no_roem():
    r = rules(trump="S", roem=False)
    g = game_from(r, ["7C 8D 9D TD JD QD KD AD", "8C 7D 7H 8H 9H TH JH QH",
                      "9C KH AH 7S 8S 9S TS JS", "AC TC JC QC KC QS KS AS"])
    play(g, "7C 8C 9C AC")
    assert g.bonus == (0, 0, 0, 0)


# -- nat and pit through full games ----------------------------------------------------------

NAT_DEAL = ["7C 8C 9C 7D 8D 9D 7S AS", "9H AH TH KH QH 8H 7H 8S",
            "JH AC TC KC QC AD TD KD", "QD JC JD TS KS QS JS 9S"]
NAT_PLAY = [
    "7C 7H QC JC",   # P2 trumps: 5 to team 1+3
    "8S JH 9S 7S",   # P3 trumps with the jack: 20, and 7-8-9 of spades, roem 20, to team 0+2
    "KD JD 7D 8H",   # P2 trumps: 6
    "QH TC QD 8C",   # 16
    "KH AC TS 9C",   # 25
    "TH AD KS 8D",   # 25
    "AH TD QS 9D",   # 24
    "9H KC JS AS",   # 31 and the last trick 10
]


def _nat_game(**options):
    g = game_from(rules(**options), NAT_DEAL)
    return g


@pytest.mark.parametrize("variant", BOTH)
def test_klaverjas_nat_playing_team_not_more_than_the_opponents_scores_nothing(variant):
    g = _nat_game(variant=variant, trump="H")
    assert g.phase == "play" and g.declarer == 0
    play(g, *NAT_PLAY)
    assert g.is_over()
    out = g.outcome()
    assert out.team_points == (20, 142)
    assert sum(out.points) == 162
    assert out.team_tricks == (1, 7)
    assert g.bonus == (0, 0, 20, 0)
    assert out.scores == (0, 162 + 20)  # the opponents take 162 and all roem
    assert out.winner == 1
    assert any("nat" in n for n in out.notes)


def test_klaverjas_same_deal_made_when_the_other_team_plays():
    g = game_from(rules(trump_choice="free"), NAT_DEAL)
    assert g.phase == "call" and g.to_move == 0
    g.push(TrumpCall(None))  # P1 passes
    g.push(TrumpCall(suit("H")))  # P2 calls hearts
    assert g.declarer == 1
    assert g.to_move == 0  # the seat after the dealer still leads
    play(g, *NAT_PLAY)
    out = g.outcome()
    assert out.scores == (20 + 20, 142)
    assert out.winner == 1
    assert not any("nat" in n for n in out.notes)


PIT_DEAL = ["JH 9H AH TH KH QH 8H 7H", "AC TC KC QC AD TD KD QD",
            "JC 9C 8C 7C JD 9D 8D 7D", "AS TS KS QS JS 9S 8S 7S"]


def test_klaverjas_pit_all_eight_tricks_scores_100_more():
    g = game_from(rules(trump="H"), PIT_DEAL)
    seat1 = PIT_DEAL[1].split()
    seat2 = PIT_DEAL[2].split()
    seat3 = PIT_DEAL[3].split()
    for i, lead in enumerate(PIT_DEAL[0].split()):
        play(g, f"{lead} {seat1[i]} {seat2[i]} {seat3[i]}")
    out = g.outcome()
    assert out.team_tricks == (8, 0)
    assert out.team_points == (162, 0)
    assert g.bonus == (0, 0, 0, 0)  # K and Q of trumps fell in different tricks: no stuk
    assert out.scores == (162 + 100, 0)
    assert out.winner == 0
    assert any("pit" in n for n in out.notes)


def test_klaverjas_random_games_total_162_and_the_scores_follow_nat():
    for seed in range(30):
        g = aceten.new_game("klaverjas", seed=seed, variant=BOTH[seed % 2])
        play_out(g, random.Random(seed))
        out = g.outcome()
        check_cards_accounted(g)
        assert sum(out.points) == 162
        assert sum(out.team_tricks) == 8
        assert out.team_points == (g.points[0] + g.points[2], g.points[1] + g.points[3])
        roem = [g.bonus[0] + g.bonus[2], g.bonus[1] + g.bonus[3]]
        pit = [100 if t == 8 else 0 for t in out.team_tricks]
        playing = g.declarer % 2
        made = [out.team_points[t] + roem[t] + pit[t] for t in range(2)]
        if made[playing] > made[1 - playing]:
            assert list(out.scores) == made
        else:
            assert out.scores[playing] == 0
            assert out.scores[1 - playing] == 162 + sum(roem) + sum(pit)


# -- calling trump ---------------------------------------------------------------------------


def test_klaverjas_verplicht_the_seat_after_the_dealer_must_call():
    g = aceten.new_game("klaverjas", seed=3, dealer=1)
    assert g.phase == "call"
    assert g.to_move == 2
    moves = g.legal_moves()
    assert set(moves) == {TrumpCall(suit(s)) for s in "CDHS"}
    with pytest.raises(IllegalMove):
        g.push(TrumpCall(None))
    with pytest.raises(IllegalMove, match="trump call comes first"):
        g.push(next(iter(g.hand(2))))
    g.push("trump:D")
    assert g.trump == suit("D")
    assert g.declarer == 2
    assert g.phase == "play" and g.to_move == 2


def test_klaverjas_free_choice_each_may_pass_and_the_first_must_call_if_all_pass():
    g = aceten.new_game("klaverjas", seed=3, trump_choice="free")
    order = []
    for _ in range(4):
        assert TrumpCall(None) in g.legal_moves()
        order.append(g.to_move)
        g.push("pass")
    assert order == [0, 1, 2, 3]
    assert g.to_move == 0
    assert TrumpCall(None) not in g.legal_moves()
    g.push(TrumpCall(suit("S")))
    assert g.declarer == 0
    assert g.trump == suit("S")


def test_klaverjas_free_choice_a_later_seat_calls_and_plays():
    g = aceten.new_game("klaverjas", seed=3, trump_choice="free")
    g.push("pass")
    g.push("pass")
    g.push("trump:C")
    assert g.declarer == 2
    assert g.to_move == 0
    play_out(g, random.Random(0))
    assert g.outcome() is not None


def test_klaverjas_given_trump_skips_the_call_and_the_leader_plays():
    g = aceten.new_game("klaverjas", seed=3, trump="H")
    assert g.phase == "play"
    assert g.trump == suit("H")
    assert g.declarer == 0
    assert all(isinstance(m, Card) for m in g.legal_moves())


def test_a_latin_card_handed_to_klaverjas_says_which_card_was_meant():
    klaverjas = rules()
    assert klaverjas.points("AC") == 11  # text is read in the game's deck: the ace of clubs
    with pytest.raises(AcetenError, match=r"AC \(ace of cups\) is not a card of the klaverjas "
                                          r"deck: for the ace of clubs pass the text 'AC'"):
        klaverjas.points(Card.parse("AC"))  # without a family, AC is Briscola's ace of cups
    assert klaverjas.points(Card.parse("AC", Family.FRENCH)) == 11
    with pytest.raises(AcetenError, match=r"^TH \(ten of hearts\) is not a card of the briscola deck$"):
        aceten.rules.get("briscola").points(Card.parse("TH"))  # no such card in a Latin deck


def test_a_latin_card_pushed_in_klaverjas_is_refused_as_such():
    game = aceten.new_game("klaverjas", seed=1)
    game.push(game.legal_moves()[0])
    card = next(iter(game.hand(game.to_move)))
    with pytest.raises(IllegalMove, match=f"is not a card of the klaverjas deck: for the "
                                          f"{card.name} pass the text '{card}'"):
        game.push(Card.parse(str(card), Family.LATIN))
    game.push(str(card))
