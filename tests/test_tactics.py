"""The tactics player's rules for bonuses, bids and calls, each on a constructed position.

Every test deals fixed hands (the rest of the deck in order), plays the moves that lead to the
position and asks tactics for its choice; most also show that the frozen baseline tactics-1
chooses otherwise there, so the test pins the new rule rather than an old habit.
"""

from __future__ import annotations

import aceten
from aceten import Bid, Deal, Game, TrumpCall
from aceten.agents import tactics
from aceten.agents.tactics import TacticsAgent, _Facts
from aceten.agents.tactics_v1 import TacticsV1Agent


def fixed_game(name: str, players: int, hands: list[str], stock: str = "", **options: object) -> Game:
    """A game whose hands hold at least the given cards (the remaining cards of the deck fill
    each hand in deck order, then the stock after ``stock``'s cards, in drawing order)."""
    rules = aceten.rules.get(name, players=players, **options)
    hands = hands + [""] * (players - len(hands))
    wanted = [[rules.parse_card(c) for c in h.split()] for h in hands]
    first = [rules.parse_card(c) for c in stock.split()]
    used = {c for h in wanted for c in h} | set(first)
    rest = [c for c in rules.deck if c not in used]
    full = []
    for hand in wanted:
        extra = rules.hand_size - len(hand)
        full.append(tuple(hand + rest[:extra]))
        rest = rest[extra:]
    return Game(rules, deal=Deal(tuple(full), tuple(first + rest)))


def push_all(game: Game, moves: str) -> None:
    for move in moves.split():
        game.push(move)


# -- Klaverjas: roem and the pit count with the trick ------------------------------------------
def _roem_position() -> Game:
    game = fixed_game("klaverjas", 4, ["JS 8S", "KS 9S", "7S TS", "QS AS"])
    game.push(TrumpCall(game.rules.suits[2]))  # hearts
    push_all(game, "JS KS 7S")
    return game


def test_tactics_completes_a_run_on_its_partners_trick_instead_of_winning_with_its_ace():
    game = _roem_position()  # J, K of spades on the table, the partner P2 ahead with the king
    view = game.view(3)
    bot = TacticsAgent(seed=1)
    assert str(bot.choose(view)) == "QS"  # J-Q-K: 20 roem for the partner's trick, ace kept
    assert "20 points of roem for your side" in bot.detail
    assert str(TacticsV1Agent(seed=1).choose(view)) == "AS"  # 17 card points, no roem


def test_the_bonus_for_every_trick_counts_while_one_side_has_taken_them_all():
    game = _roem_position()
    game.push("QS")  # P2's king takes the first trick
    assert _Facts(game.view(game.to_move)).sweep_bonus == 100 / 7
    assert _Facts(game.view(game.to_move)).trick_bonus(()) == 100 / 7
    fresh = fixed_game("klaverjas", 4, ["JS 8S", "KS 9S", "7S TS", "QS AS"])
    fresh.push(TrumpCall(fresh.rules.suits[2]))
    assert _Facts(fresh.view(0)).sweep_bonus == 0  # no trick taken yet


# -- Cruce: marriages ---------------------------------------------------------------------------
def test_tactics_takes_a_worthless_trick_with_a_low_trump_to_lead_its_trump_marriage(monkeypatch):
    # 2 players, stock not empty (free play); red (R) is trump from P1's first lead
    game = fixed_game("cruce", 2, ["TR 9V AR AV TV KV QV JV", "9R JR QR KR 9G JG 9D JD"],
                      stock="QG KG TG AG QD KD TD AD")
    push_all(game, "bid:0 bid:0 TR 9R 9V")  # P1 takes trick 1, then leads the nine of green
    view = game.view(1)
    bot = TacticsAgent(seed=1)
    move = bot.choose(view)
    assert str(move) == "JR"
    assert "next lead" in bot.detail and "marriage" in bot.detail
    with monkeypatch.context() as m:  # without the lead's worth it throws a worthless card
        m.setattr(tactics, "LEAD_FOR_MARRIAGE", 0.0)
        m.setattr(tactics, "DENY_MARRIAGE", 0.0)
        assert str(TacticsAgent(seed=1).choose(view)) != "JR"
    game.push(move)
    assert str(bot.choose(game.view(1))) in ("QR", "KR")  # and leads the pair: 40


def test_tactics_first_lead_with_two_pairs_makes_the_longer_pairs_suit_trump():
    game = fixed_game("cruce", 3, ["KV QV KR QR 9R JR AG 9D"])
    push_all(game, "bid:0 bid:0 bid:0")
    bot = TacticsAgent(seed=1)
    move = bot.choose(game.view(0))
    assert str(move) == "QR"  # red has four cards, green two
    assert "40" in bot.reason and "makes trump" in bot.detail


def test_tactics_bids_in_the_bidding_phase_only_with_legal_bids():
    game = fixed_game("cruce", 3, ["KR QR AR TR AV TV AG 9D"])
    bot = TacticsAgent(seed=1)
    move = bot.choose(game.view(0))
    assert isinstance(move, Bid) and move in game.view(0).legal_moves
    assert move.value > 0 and str(move.value) in bot.reason


# -- where suit must be followed, trumps threaten only from a seat that may be void -------------
def test_a_led_ace_is_threatened_by_trumps_only_as_far_as_an_opponent_may_be_void():
    game = fixed_game("klaverjas", 4, ["AS 7S 8D 9D 7C 8C 7H 8H"])
    game.push(TrumpCall(game.rules.suits[2]))  # hearts
    facts = _Facts(game.view(0))
    ace = game.rules.parse_card("AS")
    beaters = facts.beaters((ace,))
    assert beaters and all(c.suit == game.rules.suits[2] for c in beaters)  # only trumps
    for seat in (1, 3):
        holds = facts.chance_holds(seat, beaters)
        beats = facts.chance_beats(seat, (ace,), beaters)
        assert 0 < beats < holds / 2  # the six other spades make a void unlikely
