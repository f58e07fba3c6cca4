"""``aceten cards``: each set with its point total, the smallest sets first (checked against a
brute-force enumeration), every (set, total) pair up to a size, and ``--beats``: which of two
cards wins a trick under each trump and suit led, as the rules' trick winner says."""

from __future__ import annotations

import itertools
import json

import aceten
from aceten.cards import Suit
from aceten.logic.cardsets import beats, find
from cli_support import assert_one_line_error, run


def brute_force(rules, keep, max_size, trump=None):
    """Every set of at most ``max_size`` cards that ``keep`` accepts, smallest first."""
    return [cs for k in range(max_size + 1) for cs in itertools.combinations(rules.deck, k)
            if keep(cs)]


def test_sets_come_smallest_first_and_match_brute_force():
    rules = aceten.rules.get("brisca")
    found = find(rules, "sum(points) >= 20 and count(suit=O) <= 1", max_size=2)
    expected = brute_force(rules, lambda cs: sum(rules.points(c) for c in cs) >= 20
                           and sum(c.suit.letter == "O" for c in cs) <= 1, 2)
    assert found.complete and found.sets == expected
    assert found.totals == [sum(rules.points(c) for c in cs) for cs in found.sets]


def test_a_limit_keeps_the_smallest_sets():
    rules = aceten.rules.get("brisca")
    found = find(rules, "sum(points) >= 20", limit=50)
    pairs = brute_force(rules, lambda cs: len(cs) == 2 and sum(rules.points(c) for c in cs) >= 20, 2)
    assert not found.complete and len(found.sets) == 50
    assert found.sets[:len(pairs)] == pairs  # no set of one card reaches 20
    assert {len(cs) for cs in found.sets[len(pairs):]} == {3}


def test_klaverjas_totals_count_trumps_as_trumps():
    rules = aceten.rules.get("klaverjas")
    hearts = Suit.parse("H", rules.family)
    found = find(rules, "has(JH)", size=1, trump=hearts)
    assert [str(c) for c in found.sets[0]] == ["JH"] and found.totals == [20]
    plain = find(rules, "has(JH)", size=1)
    assert plain.totals == [2]


def test_no_condition_lists_every_set_with_its_total_up_to_a_size():
    data = json.loads(run("cards", "briscola", "--max-size", "2", "--all", "--json").stdout)
    rules = aceten.rules.get("briscola")
    assert data["count"] == 1 + 40 + 40 * 39 // 2 and data["complete"]
    assert [len(s) for s in data["sets"]] == sorted(len(s) for s in data["sets"])
    assert data["totals"] == [sum(rules.points(c) for c in s) for s in data["sets"]]
    text = run("cards", "briscola", "--size", "1").stdout.splitlines()
    assert text[0].split() == ["AS", "total", "11"] and text[-1].startswith("40 sets, smallest first")


def test_beats_in_four_player_briscola():
    rules = aceten.rules.get("briscola", players=4)
    cell = {(d.trump.letter, d.led.letter): d for d in beats(rules, rules.parse_card("3S"),
                                                             rules.parse_card("AO"))}
    assert len(cell) == 16 and all(d.possible for d in cell.values())
    assert all(str(cell["S", led].winner) == "3S" for led in "SCOB")  # a trump beats a plain card
    assert all(str(cell["O", led].winner) == "AO" for led in "SCOB")
    assert str(cell["C", "S"].winner) == "3S" and str(cell["C", "O"].winner) == "AO"
    assert cell["C", "C"].winner is None and cell["C", "B"].winner is None  # the card led wins


def test_beats_agrees_with_the_trick_winner_and_two_players_see_fewer_tricks():
    rules = aceten.rules.get("brisca")
    first, second = rules.parse_card("AO"), rules.parse_card("3O")
    for d in beats(rules, first, second):
        assert d.possible == (d.led == first.suit)
        if d.possible:
            assert d.winner == [first, second][rules.trick_winner([first, second], d.trump)]
    out = run("cards", "brisca", "--beats", "AO", "3O")
    assert out.exit_code == 0 and "AO wins under 4 of 16" in out.stdout and "n/a" in out.stdout


def test_cards_bad_input_is_one_line():
    assert_one_line_error(run("cards", "brisca"), "give a condition")
    assert_one_line_error(run("cards", "brisca", "--size", "1", "--max-size", "2"), "not both")
    assert_one_line_error(run("cards", "brisca", "--max-size", "99"), "the deck has 40 cards")
    assert_one_line_error(run("cards", "brisca", "--beats", "AO", "AO"), "two different cards")
    assert_one_line_error(run("cards", "brisca", "--beats", "AO", "ZZ"), "malformed card 'ZZ'")
    assert_one_line_error(run("cards", "brisca", "has(AO)", "--beats", "AO", "3O"), "no condition")
    assert_one_line_error(run("cards", "brisca", "sum(points) = 15", "--max-size", "1"),
                          "condition column 13")
    assert_one_line_error(run("cards", "brisca", "sum(points) == 99999999999999999999", "--size", "2"),
                          "condition column 16", "99999999999999999999 is too large",
                          "at most 1,000,000,000")
    assert_one_line_error(run("cards", "brisca", "sum(points) == 1000000000 * (1000000000 * count())",
                              "--size", "2"), "condition column 16", "too large")
    assert "0 sets" in run("cards", "brisca", "sum(points) == 1000000000", "--size", "2").stdout


def test_cards_json():
    duels = json.loads(run("cards", "brisca", "--beats", "AO", "3O", "--json").stdout)
    assert duels["ok"] and len(duels["duels"]) == 16
    assert {d["winner"] for d in duels["duels"] if d["possible"]} == {"AO"}
    sets = json.loads(run("cards", "brisca", "--max-size", "1", "--json").stdout)
    assert sets["count"] == 41 and sets["sets"][0] == [] and sets["totals"][0] == 0
    error = json.loads(run("cards", "brisca", "--json").stdout)
    assert error["ok"] is False and "give a condition" in error["error"]


def test_the_beats_table_in_the_docs_is_the_output():
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[1] / "docs" / "logic.md").read_text(encoding="utf-8")
    out = run("cards", "briscola", "--players", "4", "--beats", "3S", "AO").stdout
    assert f"```\n{out}```" in docs
