"""The query language: formulas print as they are read, errors are one line naming the column."""

from __future__ import annotations

import pytest

import aceten
from aceten.knowledge import Knowledge
from aceten.knowledge.facts import common, has_trump, holds, in_stock, knows, possible, void
from aceten.knowledge.query import QueryError, parse_query

RULES = aceten.rules.get("klaverjas")


@pytest.mark.parametrize("text", [
    "holds(P4, AS)",
    "void(P2, clubs)",
    "has_trump(P3)",
    "in_stock(7H)",
    "not holds(P1, AS) and (void(P2, hearts) or holds(P3, JC))",
    "knows(P1, knows(P3, holds(P3, AS)))",
    "possible(P2, void(P4, spades))",
    "common(P1+P3, not holds(P2, AS))",
    "common(all, true)",
    "holds(P1, AS) -> knows(P1, holds(P1, AS))",
])
def test_formulas_print_as_they_are_read(text):
    f = parse_query(text, RULES)
    assert parse_query(str(f), RULES) == f


def test_symbols_words_and_case():
    a = parse_query("KNOWS(p1, ¬holds(P2, A♠) ∧ void(P3, ♣))", RULES)
    b = parse_query("knows(P1, not holds(P2, AS) and void(P3, C))", RULES)
    assert a == b
    assert parse_query("common({P1, P3}, true)", RULES) == parse_query("common(P1+P3, true)", RULES)


def test_python_constructors_match_the_text():
    f = knows(0, knows(2, holds(2, "AS"))) & ~void("P2", "clubs") | possible(3, in_stock("7H"))
    assert str(f) == ("knows(P1, knows(P3, holds(P3, AS))) and not void(P2, clubs) or "
                      "possible(P4, in_stock(7H))")
    assert str(common("all", has_trump(1))) == "common(all, has_trump(P2))"


@pytest.mark.parametrize("text, column, words", [
    ("holds(P4 AS)", 10, "expected ','"),
    ("holds(P4, AS", 13, "expected ')'"),
    ("holds(P9, AS)", 7, "no seat P9"),
    ("holds(P4, XX)", 11, "malformed card"),
    ("void(P2, swords)", 10, "unknown suit"),
    ("frobnicate(P1)", 1, "expected a fact"),
    ("holds(P1, AS) holds(P2, AS)", 15, "unexpected 'holds'"),
    ("", 1, "empty"),
    ("knows(P1, )", 11, "expected a fact"),
    ("not", 4, "ends here"),
])
def test_errors_name_the_column(text, column, words):
    with pytest.raises(QueryError) as err:
        parse_query(text, RULES)
    message = str(err.value)
    assert message.startswith(f"query: column {column}:"), message
    assert words in message
    assert "\n" not in message


def test_has_trump_needs_a_known_trump():
    game = aceten.new_game("klaverjas", seed=1)
    kn = Knowledge.from_view(game.view(0))  # trump not called yet
    with pytest.raises(aceten.AcetenError, match="trump suit is not known"):
        kn.ask("has_trump(P2)")


@pytest.mark.parametrize("text", [
    "(" * 5000 + "holds(P2, AC)" + ")" * 5000,
    "not " * 5000 + "holds(P2, AC)",
    "knows(P1, " * 300 + "holds(P2, AC)" + ")" * 300,
    "not " * 600 + "holds(P2, AC)",  # parsed before, then answering recursed too deep
])
def test_a_query_nested_too_deep_is_a_query_error(text):
    """These were RecursionErrors from the parser or the evaluation."""
    with pytest.raises(QueryError, match="nested more than 100 deep"):
        parse_query(text)


def test_a_query_nested_fifty_deep_still_reads():
    f = parse_query("(" * 40 + "not " * 50 + "holds(P2, AC)" + ")" * 40)
    for _ in range(50):
        f = f.arg if hasattr(f, "arg") else f.args[0]
    assert f == parse_query("holds(P2, AC)")


def test_facts_of_a_seat_that_does_not_exist_are_refused():
    """held(4) was an empty set, not_held(4) every hidden card, voids(1.5) every suit."""
    g = aceten.new_game("briscola", seed=1)
    for _ in range(5):
        g.push(g.legal_moves()[0])
    kn = Knowledge(g.view(0))
    for call in (kn.held, kn.not_held, kn.voids):
        for seat in (4, -1, "P2", 1.5, None):
            with pytest.raises(aceten.AcetenError, match="seat"):
                call(seat)  # type: ignore[arg-type]
    for k in (-1, 1.5, "3", None, True):
        with pytest.raises(aceten.AcetenError, match="how many deals"):
            kn.sample(k)  # type: ignore[arg-type]
    assert kn.sample(0) == [] and len(kn.sample(2, seed=1)) == 2


def test_from_view_takes_a_view_and_bots_take_whole_seeds():
    from aceten import agents

    g = aceten.new_game("briscola", seed=1)
    for wrong in (g, None):
        with pytest.raises(aceten.AcetenError, match="from_view takes a PlayerView"):
            Knowledge.from_view(wrong)  # type: ignore[arg-type]
    assert Knowledge.from_view(g.view(1)).seat == 1
    for seed in (1.5, "x", True):
        with pytest.raises(aceten.AcetenError, match="a bot's seed is a whole number"):
            agents.get("random", seed=seed)  # type: ignore[arg-type]
