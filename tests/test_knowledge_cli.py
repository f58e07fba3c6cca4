"""``aceten knows``: a seat's knowledge from a record, queries, pictures, JSON, one-line errors;
and the Kripke pictures themselves."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

import aceten
from aceten import record
from aceten.knowledge import Knowledge
from cli_support import assert_one_line_error, run
from knowledge_support import play_random


@pytest.fixture(scope="module")
def klaverjas(tmp_path_factory):
    game = aceten.new_game("klaverjas", variant="amsterdam", seed=11)
    while game.phase != "play":
        game.push(game.legal_moves()[0])
    play_random(game, 14, 2)
    folder = tmp_path_factory.mktemp("records")
    full = folder / "full.tgn"
    full.write_text(record.dumps(game))
    view = folder / "p2.tgn"
    view.write_text(record.dumps(game, seat=1))
    return game, full, view


def test_the_report_lists_what_the_seat_knows(klaverjas):
    _, full, _ = klaverjas
    result = run("knows", str(full), "--seat", "2")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "what P2 knows after 15 moves" in out
    for seat in (1, 3, 4):
        assert f"P{seat} (" in out
    assert "holds for sure" in out and "voids" in out and "may hold" in out


def test_queries_with_reasons_and_json(klaverjas):
    game, full, _ = klaverjas
    trump = game.trump.letter
    result = run("knows", str(full), "--seat", "2", "--after", "9", "-q", "has_trump(P4)",
                 "-q", f"knows(P2, knows(P3, void(P1, {trump})))", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["ok"] and data["seat"] == 2 and data["moves"] == 9
    asked = [q["query"] for q in data["queries"]]
    assert asked == ["has_trump(P4)", f"knows(P2, knows(P3, void(P1, {trump})))"]
    assert data["queries"][1]["method"] == "classes"
    assert data["counts"]["deals"] == Knowledge.from_view(
        _after(game, 9).view(1)).count().deals
    assert all(q["value"] in ("true", "false", "unknown") for q in data["queries"])


def test_a_question_about_the_seats_own_knowledge_reads_plainly(klaverjas):
    """The seat always knows what it knows: a 'false' there means it does not know the inner
    statement, not that it knows the inner statement false (seen 2026-12-03: 'false: P1 knows
    it is not so' for knows(P1, void(P2, clubs)) with P2 void in 40.8% of the deals)."""
    game, full, _ = klaverjas
    kn = Knowledge.from_view(_after(game, 9).view(1))
    undecided = next(f"void(P{s + 1}, {suit.letter})" for s in (0, 2, 3)
                     for suit in game.rules.suits if kn.ask(f"void(P{s + 1}, {suit.letter})").value
                     is None)
    result = run("knows", str(full), "--seat", "2", "--after", "9", "-q", undecided,
                 "-q", f"knows(P2, {undecided})", "-q", f"possible(P2, {undecided})")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "unknown to P2" in out
    assert f"false: P2 does not know that {undecided}" in out
    assert f"true: P2 considers possible that {undecided}" in out
    assert "knows it is not so" not in out


def _after(game: aceten.Game, moves: int) -> aceten.Game:
    g = aceten.Game(game.rules, seed=game.seed, deal=game.deal)
    for move in game.moves[:moves]:
        g.push(move)
    return g


def test_a_record_written_from_the_seats_view_gives_the_same_knowledge(klaverjas):
    _, full, view = klaverjas
    a = json.loads(run("knows", str(full), "--seat", "2", "--json").stdout)
    b = json.loads(run("knows", str(view), "--seat", "2", "--json").stdout)
    assert a["counts"] == b["counts"] and a["seats"] == b["seats"]
    assert_one_line_error(run("knows", str(view), "--seat", "3"), "P2's view")


def test_card_pictures_and_model_pictures(klaverjas, tmp_path):
    game, full, _ = klaverjas
    hidden = next(c for c in game.hand(2))
    out = tmp_path / "card.svg"
    result = run("knows", str(full), "--seat", "2", "--card", str(hidden), "--svg", str(out))
    assert result.exit_code == 0, result.stderr
    assert f"{hidden}:" in result.stdout
    root = ET.fromstring(out.read_text())
    assert root.tag.endswith("svg") and f"Who holds {hidden}?" in out.read_text()
    late = tmp_path / "late.tgn"
    g = game.copy()
    play_random(g, 12, 5)
    late.write_text(record.dumps(g))
    model = tmp_path / "model.svg"
    result = run("knows", str(late), "--seat", "1", "--svg", str(model))
    assert result.exit_code == 0, result.stderr
    assert "Kripke model" in model.read_text()
    ET.fromstring(model.read_text())


@pytest.mark.parametrize("args, fragments", [
    (["--seat", "5"], ["seats are 1 to 4"]),
    (["-q", "holds(P4, AS"], ["query: column 13"]),
    (["-q", "holds(P9, AS)"], ["no seat P9"]),
    (["--after", "999"], ["--after 999"]),
    (["--ply", "999"], ["--ply 999"]),
    (["--ply", "0"], ["--ply 0", "count from 1"]),
    (["--ply", "3", "--after", "2"], ["--ply or --after"]),
    (["--card", "ZZ"], ["malformed card"]),
    (["--svg", "x.svg"], ["out of reach"]),
])
def test_bad_input_is_one_line(klaverjas, args, fragments, tmp_path):
    _, full, _ = klaverjas
    extra = [a if a != "x.svg" else str(tmp_path / "x.svg") for a in args]
    assert_one_line_error(run("knows", str(full), *extra, "--max-worlds", "1000"), *fragments)


def test_ply_is_the_position_before_that_move_as_solve_counts(klaverjas):
    _, full, _ = klaverjas
    by_ply = run("knows", str(full), "--seat", "2", "--ply", "10", "--json")
    by_after = run("knows", str(full), "--seat", "2", "--after", "9", "--json")
    assert by_ply.exit_code == 0, by_ply.stderr
    assert json.loads(by_ply.stdout) == json.loads(by_after.stdout)
    assert "after 9 moves" in run("knows", str(full), "--seat", "2", "--ply", "10").stdout


def test_missing_and_illegal_records(tmp_path):
    assert_one_line_error(run("knows", str(tmp_path / "nothing.tgn")), "nothing.tgn")
    game = aceten.new_game("briscola", players=2, seed=1)
    play_random(game, 4, 1)
    text = record.dumps(game, seat=0)
    moves = [str(m) for m in game.moves]
    bad = text.replace(f"P1: {moves[0]}", f"P1: {moves[1]}", 1)  # P1 plays P2's card
    path = tmp_path / "bad.tgn"
    path.write_text(bad)
    assert_one_line_error(run("knows", str(path), "--seat", "1"))


def test_pictures_show_in_notebooks():
    game = aceten.new_game("briscola", players=2, seed=7)
    kn = Knowledge.from_view(game.view(0))
    card = next(iter(game.hand(1)))
    svg = kn.card_svg(card)
    assert svg._repr_svg_() == svg
    ET.fromstring(svg)
    assert kn.card_svg(card) == svg  # deterministic
