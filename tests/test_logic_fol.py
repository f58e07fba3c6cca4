"""First-order goals: quantifiers over finite domains and the card terms (led, beats, card,
strongest, ...), grounded to the propositional goal language; errors name the column."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten.errors import AcetenError
from aceten.logic import ask, fol, position
from aceten.logic import goal as g
from aceten.logic.trace import Trace
from cli_support import assert_one_line_error, run
from test_logic_cli import STUDENT

# The seed project's first-order statements, in aceten's own syntax: each holds in every game,
# so its negation is impossible.
SEED_STATEMENTS = {
    "beats is transitive": "forall x, y, z in cards: beats(x, y, led=C) and beats(y, z, led=C) "
                           "implies beats(x, z, led=C)",
    "a trump beats a plain card": "forall x, y in cards: suit(x) == trump and suit(y) != trump "
                                  "implies beats(x, y)",
    "a played card was in the hand": "forall t in tricks: forall c in cards: plays(P2, c, trick=t) "
                                     "implies holds(P2, c, trick=t)",
    "the winner is unique": "forall t in tricks: forall x, y in trick(t): wins(x, trick=t) and "
                            "wins(y, trick=t) implies x == y",
}


@pytest.fixture(scope="module")
def student():
    return position.load(STUDENT)


@pytest.mark.parametrize("name", sorted(SEED_STATEMENTS))
def test_seed_statements_hold_in_every_game(student, name):
    text = SEED_STATEMENTS[name]
    assert ask(student, f"not ({text})").status == "impossible"


def test_a_trump_in_a_trick_of_plain_cards_wins_it(student):
    text = ("forall t in tricks: forall c in trick(t): suit(c) == trump and "
            "(forall d in trick(t): d == c or suit(d) != trump) implies wins(c, trick=t)")
    assert ask(student, f"not ({text})").status == "impossible"


def test_extremes_policy_never_plays_the_middle_card(student):
    # P2 = HS AO HC with swords trump: HS strongest, HC weakest, AO the middle card.
    assert ask(student, "policy(P2) == extremes and plays(P2, AO, trick=1)").status == "impossible"
    assert ask(student, "policy(P2) == extremes and plays(P2, HC, trick=1)").status == "possible"


def test_quantified_seed_question(student):
    assert ask(student, "forall t in tricks: wins(P1, trick=t)").status == "impossible"
    answer = ask(student, "exists t in tricks: wins(P1, trick=t) and led(t) == trump")
    assert answer.status == "possible"
    game = answer.witnesses[0].game
    assert any(t.winner == 0 and t.cards[0].suit == game.trump for t in game.tricks)


def _games(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        game = aceten.new_game("briscola", players=4, seed=rng.randrange(10**6))
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
        yield game


# Statements with their meaning computed directly from the engine's tricks.
DIRECT = {
    "exists t in tricks: wins(P1, trick=t) and led(t) == trump":
        lambda game: any(t.winner == 0 and t.cards[0].suit == game.trump for t in game.tricks),
    "forall t in tricks: card(P1, t) == strongest(P1, t) or card(P2, t) == weakest(P2, t)":
        None,  # evaluated below through the grounding only (no crash, a boolean)
    "exists t in tricks: points(card(P3, t)) >= 10 and wins(P3, trick=t)":
        lambda game: any(t.winner == 2 and game.rules.plain_pts[int(dict(t)[2]) & 63] >= 10
                         for t in game.tricks),
    "forall t in tricks: forall c in trick(t): wins(c, trick=t) implies "
    "(forall d in trick(t): d == c or beats(c, d, trick=t))": lambda game: True,
    "exists c in cards: exists t in tricks: card(P2, t) == c and rank(c) == A":
        lambda game: any(dict(t)[1].rank == aceten.Rank.ACE for t in game.tricks),
}


@pytest.mark.parametrize("text", sorted(DIRECT))
def test_grounding_agrees_with_the_engine_on_random_games(text):
    games = list(_games(7, 6))
    rules = games[0].rules
    # The trump is a condition here (turned up): the grounding covers all four suits.
    parsed = g.parse(text, rules)
    assert parsed.first_order is not None
    for game in games:
        value = Trace.of(game).holds_formula(parsed.formula)
        if DIRECT[text] is not None:
            assert value == DIRECT[text](game), (text, [str(t) for t in game.tricks])


def test_static_predicates():
    rules = aceten.rules.get("briscola", players=4)
    card = aceten.Card.parse
    spade, cup = card("AS").suit, card("AC").suit
    assert fol.beats(rules, card("3S"), card("AC"), spade, cup)
    assert not fol.beats(rules, card("3C"), card("AC"), spade, cup)
    assert fol.beats(rules, card("2C"), card("AO"), spade, cup)  # led suit over a discard
    assert not fol.beats(rules, card("2C"), card("AO"), spade, None)
    assert fol.higher(rules, card("3C"), card("KC"), spade)


@pytest.mark.parametrize(("text", "column", "words"), [
    ("forall c in hands(P2): plays(P2, c)", 13, "unknown domain"),
    ("wins(P1, trick=t)", 16, "unknown name 't'"),
    ("forall t in tricks: led(x) == S", 25, "unknown name 'x'"),
    ("forall t in tricks: beats(t, AS)", 27, "expected a card here"),
    ("policy(P2) == greedy", 15, "unknown policy"),
    ("forall c in cards: card(P2) == c", 20, "takes a player and a trick"),
])
def test_errors_name_the_column(student, text, column, words):
    with pytest.raises(AcetenError) as err:
        g.parse(text, student.rules)
    assert f"goal column {column}:" in str(err.value) and words in str(err.value)


def test_cli_unbound_variable_is_one_line_exit_2():
    result = run("ask", STUDENT, "--goal", "forall c in hand(P2): wins(P2, trick=t)")
    assert_one_line_error(result, "unknown name 't'")
