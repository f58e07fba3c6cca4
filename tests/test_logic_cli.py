"""``aceten ask``, ``aceten cards`` and ``aceten export trick``: answers, output formats, and one
clear line (exit code 2) for every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aceten
from cli_support import assert_one_line_error, run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
STUDENT = str(EXAMPLES / "student.toml")


# -- answers -----------------------------------------------------------------------------------------
def test_ask_student_question_prints_tricks_and_a_record_that_rereads():
    result = run("ask", STUDENT)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "answer: possible" in out and " 1. P1 leads:" in out and "10. " in out
    record = out.split("-- record (.tgn)\n")[1].split("\nnote:")[0]
    game = aceten.record.loads(record)
    assert game.tricks_won[0] >= 4
    assert "does not mean a player can force it" in out


def test_ask_json_has_status_witness_model_size_and_timings():
    result = run("ask", STUDENT, "--json", "--all", "2")
    data = json.loads(result.stdout)
    assert data["ok"] and data["status"] == "possible" and len(data["witnesses"]) == 2
    witness = data["witnesses"][0]
    assert len(witness["tricks"]) == 10 and witness["tricks_won"][0] >= 4
    assert aceten.record.loads(witness["tgn"]).tricks_won == tuple(witness["tricks_won"])
    assert data["model"]["variables"] > 0 and {"encode", "solve", "replay"} <= set(data["timings"])


def test_ask_takes_a_games_name_for_the_file_and_the_goal_as_second_argument():
    by_name = run("ask", "briscola", "tricks(P1) >= 4", "--json")
    by_flags = run("ask", "--game", "briscola", "--goal", "tricks(P1) >= 4", "--json")
    assert by_name.exit_code == 0, by_name.stderr
    named, flagged = json.loads(by_name.stdout), json.loads(by_flags.stdout)
    assert named["status"] == flagged["status"] == "possible"
    assert named["goal"] == flagged["goal"]
    beside_file = json.loads(run("ask", STUDENT, "tricks(P1) >= 10", "--json").stdout)
    assert beside_file["status"] == "impossible"
    assert_one_line_error(run("ask", "briscola"), "no goal given")
    assert_one_line_error(run("ask", "briscola", "tricks(P1) >= 4", "--goal", "tricks(P1) >= 5"),
                          "two goals given")
    assert_one_line_error(run("ask", "briscola", "--game", "cruce", "--goal", "tricks(P1) >= 1"),
                          "--game says cruce")
    assert_one_line_error(run("ask", "klaverjas", "points(P5) > 3"), "unknown player P5")


@pytest.mark.slow
def test_ask_impossible_with_explain_names_the_reasons():
    result = run("ask", STUDENT, "--goal", "tricks(P1) >= 10", "--explain")
    assert result.exit_code == 0
    assert "answer: impossible (proven)" in result.stdout
    assert "P3 is dealt AS" in result.stdout and "at most 9" in result.stdout


def test_ask_optimum_and_show_model():
    result = run("ask", STUDENT, "--goal", "maximize tricks(P1)", "--show-model")
    assert "= 9 (proven optimal)" in result.stdout
    assert "propositions:" in result.stdout and "play(c,t,k)" in result.stdout
    assert "constraints by group:" in result.stdout and "[rule]" in result.stdout


def test_ask_position_from_flags_only_and_tgn_file(tmp_path):
    out = tmp_path / "w.tgn"
    result = run("ask", "--game", "briscola", "--players", "2", "--trump", "AS", "--leader", "P2",
                 "--hand", "P1=3S 2C KO", "--goal", "wins(P1, trick=1)", "--all", "2",
                 "--tgn", str(out))
    assert result.exit_code == 0, result.stderr
    games = aceten.record.load(out)
    assert len(games) == 2 and all(g.tricks[0].winner == 0 for g in games)
    assert all(g.turned_card == aceten.Card.parse("AS") for g in games)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "goal", "status"), [
    ("briscola", "points(P1) >= 61 and tricks(P1) <= 2", "impossible"),
    ("brisca", None, "possible"),
    ("cruce", None, "possible"),
    ("klaverjas", "points(team 1) >= 120 and wins(P2, trick=1)", "possible"),
])
def test_each_example_answers(name, goal, status):
    args = ["ask", str(EXAMPLES / f"{name}.toml"), "--json"] + (["--goal", goal] if goal else [])
    data = json.loads(run(*args).stdout)
    assert data["status"] == status


def test_ask_with_history_file(tmp_path):
    game = aceten.new_game("cruce", players=4, seed=2, bidding="no")
    for _ in range(5):
        game.push(game.legal_moves()[0])
    (tmp_path / "h.tgn").write_text(aceten.record.dumps(game, seat=1))
    (tmp_path / "p.toml").write_text('history = "h.tgn"\ngoal = "tricks(team 2) >= 1"\n')
    result = run("ask", str(tmp_path / "p.toml"), "--json")
    data = json.loads(result.stdout)
    assert data["status"] in ("possible", "impossible")
    for witness in data["witnesses"]:
        assert [c for t in witness["tricks"] for c in t["cards"]][:5] == [str(m) for m in game.moves]


def test_ask_takes_a_record_for_the_position(tmp_path):
    game = aceten.new_game("cruce", players=3, seed=3)  # with its bidding
    while game.phase != "play" or game.cards_left > 12:
        game.push(game.legal_moves()[-1 if game.phase == "bid" else 0])  # P1 bids 6
    played = [str(m) for m in game.moves if not isinstance(m, aceten.Bid)]
    saved = tmp_path / "c3.tgn"
    saved.write_text(aceten.record.dumps(game))
    goal = "maximize points(P1)"
    for args in ([str(saved), goal], ["--history", str(saved), goal], [str(saved), "--goal", goal]):
        result = run("ask", *args, "--json")
        assert result.exit_code == 0, (args, result.stderr)
        data = json.loads(result.stdout)
        assert data["status"] == "optimum"
        cards = [c for t in data["witnesses"][0]["tricks"] for c in t["cards"]]
        assert cards[:len(played)] == played
    text = run("ask", str(saved), goal).stdout
    assert f"bidding: P{game.declarer + 1} won the bidding with {game.contract}" in text
    assert_one_line_error(run("ask", str(saved), "score(P1) >= 1"), "not modelled after a bidding")
    assert_one_line_error(run("ask", str(saved), "--history", str(saved), goal),
                          "is a game record and --history gives another")
    assert_one_line_error(run("ask", goal), "give a position (FILE.toml), a game record (FILE.tgn)")
    unfinished = tmp_path / "bids.tgn"
    first_bid = aceten.new_game("cruce", players=3, seed=3)
    first_bid.push(first_bid.legal_moves()[0])
    unfinished.write_text(aceten.record.dumps(first_bid))
    assert_one_line_error(run("ask", str(unfinished), goal), "bidding is not over")


def test_cards_pairs_worth_fifteen_points():
    result = run("cards", "brisca", "sum(points) == 15", "--size", "2", "--all")
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "16 sets, smallest first" and len(lines) == 17
    for line in lines[:-1]:
        cards, total = line.split("total")
        assert sum(aceten.rules.get("brisca").points(c) for c in cards.split()) == 15 == int(total)
    data = json.loads(run("cards", "klaverjas", "sum(points) >= 45 and count(suit=trump) == 3",
                          "--size", "3", "--trump", "H", "--json").stdout)
    assert data["count"] == 1 and set(data["sets"][0]) == {"JH", "9H", "AH"}


def test_export_trick_formats():
    smt = run("export", "trick", "--game", "cruce", "--players", "4", "--played", "AV 9V",
              "--hand", "TV KR 9G", "--format", "smtlib")
    assert smt.exit_code == 0 and "(define-fun legal" in smt.stdout and "(check-sat)" in smt.stdout
    ladr = run("export", "trick", "--game", "klaverjas", "--trump", "H", "--played", "7C",
               "--hand", "8C JH", "--format", "ladr")
    assert "formulas(assumptions)." in ladr.stdout and "legal(c_8C) <->" in ladr.stdout


# -- bad input -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("goal", "fragments"), [
    ("foo(P1)", ("goal column 1", "unknown atom 'foo'")),
    ("tricks(P5) >= 1", ("goal column 8", "unknown player P5")),
    ("plays(P1, ZZ)", ("goal column 11", "unknown card 'ZZ'")),
    ("wins(P1, trick=11)", ("goal column 16", "trick 11 does not exist")),
    ("tricks(P1) = 4", ("goal column 12", "write ==")),
    ("tricks(P1) >=", ("goal column 14", "ends too early")),
    ("tricks(team 5) >= 1", ("unknown team 5",)),
    ("holds(P1, 2O)", ()),
    # numbers beyond CP-SAT's 64-bit integers (and a margin for its sums): one line, not a
    # TypeError of OR-Tools; arguments keep their own range messages
    ("tricks(P1) >= 99999999999999999999", ("goal column 15", "99999999999999999999 is too large",
                                            "at most 1,000,000,000")),
    ("maximize points(P1) + 99999999999999999999", ("goal column 23", "too large")),
    ("tricks(P1) - 999999999 - 999999999 >= 5", ("goal column 1", "reach more than 1,000,000,000")),
    ("1000000000 * (1000000000 * (1000000000 * tricks(P1))) >= 5",
     ("goal column 15", "'1000000000 * (1000000000 * tricks(P1))' is too large")),
    ("exists t in tricks: led(t) == S and 5 * 999999999 >= tricks(P1)", ("goal column 37",)),
    ("wins(P1, trick=99999999999999999999)", ("goal column 16",
                                             "trick 99999999999999999999 does not exist")),
    ("tricks(P1) >= 1" + "0" * 5000, ("goal column 15", "100000000000... (5001 digits) is too large")),
    ("wins(P1, trick=1" + "0" * 5000 + ")", ("goal column 16", "trick 100000000000... (5001 digits)")),
    ("wins(P1" + "0" * 5000 + ")", ("goal column 6", "unknown player P100000000000...")),
    ("stock(1" + "0" * 5000 + ") == AS", ("goal column 7", "stock position 100000000000...")),
    ("points(team 1" + "0" * 5000 + ") >= 3", ("goal column 13", "unknown team 100000000000...")),
])
def test_bad_goals_name_the_column(goal, fragments):
    result = run("ask", STUDENT, "--goal", goal)
    if goal == "holds(P1, 2O)":
        assert result.exit_code == 0
        return
    assert_one_line_error(result, *fragments)


def test_large_numbers_within_the_bound_are_answered():
    for goal in ("tricks(P1) >= 1000", "tricks(P1) >= 1000000000", "tricks(P1) + 999999989 >= 1000000000"):
        result = run("ask", STUDENT, "--goal", goal)
        assert result.exit_code == 0, result.stderr
        assert "answer: impossible" in result.stdout, goal
    result = run("ask", STUDENT, "--goal", "maximize 1000000000 * points(P1)")
    assert result.exit_code == 0, result.stderr
    assert "answer: maximize 1000000000 * points(P1) = " in result.stdout  # the factor shown too


@pytest.mark.parametrize(("args", "fragments"), [
    (("--time-limit", "-1"), ("--time-limit must be a positive number of seconds, not -1",)),
    (("--time-limit", "0"), ("--time-limit must be a positive", "not 0")),
    (("--time-limit", "nan"), ("--time-limit must be a positive", "not nan")),
    (("--workers", "-3"), ("--workers must be at least 1, not -3",)),
    (("--workers", "0"), ("--workers must be at least 1, not 0",)),
    (("--workers", "99999"), ("--workers must be at most 64", "not 99999")),
])
@pytest.mark.parametrize("goal", [(), ("--goal", "tricks(P1) >= 10")])  # a playout's witness; a model
def test_bad_solver_limits_are_refused_up_front(args, fragments, goal):
    assert_one_line_error(run("ask", STUDENT, *goal, *args), *fragments)


def test_solver_limits_in_range_and_from_python():
    result = run("ask", STUDENT, "--goal", "tricks(P1) >= 10", "--workers", "2", "--time-limit", "inf")
    assert result.exit_code == 0 and "answer: impossible" in result.stdout
    from aceten.logic import ask, position

    pos = position.load(STUDENT)
    for kwargs, message in (({"workers": 0}, "at least 1"), ({"workers": 65}, "at most 64"),
                            ({"time_limit": -0.5}, "not -0.5")):
        with pytest.raises(aceten.AcetenError, match=message):
            ask(pos, **kwargs)


def test_bad_positions_get_one_line(tmp_path):
    dup = run("ask", STUDENT, "--hand", "P2=7C")
    assert_one_line_error(dup, "7C is given twice")
    many = run("ask", STUDENT, "--hand", "P1=7C 2S 2O 3S")
    assert_one_line_error(many, "4 cards", "deals 3")
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "briscola"\n[hands\nP1 = "AS"\n')
    assert_one_line_error(run("ask", str(bad), "--goal", "tricks(P1) >= 1"), "malformed TOML")
    bad.write_text('game = "briscola"\nhand = "AS"\n')
    assert_one_line_error(run("ask", str(bad), "--goal", "tricks(P1) >= 1"), "unknown key 'hand'")
    bad.write_text('game = "briscola"\nplayers = 3\n[hands]\nP1 = "2O"\n')
    assert_one_line_error(run("ask", str(bad), "--goal", "tricks(P1) >= 1"), "2O is not in the deck")
    bad.write_text('game = "cruce"\nplayers = 4\ngoal = "tricks(P1) >= 1"\n')
    assert_one_line_error(run("ask", str(bad)), "bidding")
    bad.write_text('game = "briscola"\n[hands]\nP7 = "AS"\n')
    assert_one_line_error(run("ask", str(bad), "--goal", "tricks(P1) >= 1"), "no player P7")
    bad.write_text('game = "briscola"\n')
    assert_one_line_error(run("ask", str(bad)), "no goal given")
    assert_one_line_error(run("ask", str(tmp_path / "missing.toml")), "missing.toml")
    assert_one_line_error(run("ask", STUDENT, "--hand", "P1 7C"), "bad --hand")
    assert_one_line_error(run("ask", "--goal", "tricks(P1) >= 1"), "--game")
    assert_one_line_error(run("ask", STUDENT, "--stock", "AS 3S"), "stock lists 2 cards")
    assert_one_line_error(run("ask", STUDENT, "--moves", "7C XX"), "malformed card 'XX'")
    huge = "1" + "0" * 5000  # more digits than Python's int() converts
    assert_one_line_error(run("ask", STUDENT, "--leader", "P" + huge), "no player P100000000000... "
                          "(5001 digits)")
    bad.write_text(f'game = "briscola"\ngoal = "tricks(P1) >= 1"\n[stock]\n"{huge}" = "AS"\n')
    assert_one_line_error(run("ask", str(bad)), "stock position '100000000000... (5001 digits)'")
    bad.write_text('game = "briscola"\ngoal = "tricks(P1) >= 1"\n[stock]\n"\\u00b2" = "AS"\n')  # ²
    assert_one_line_error(run("ask", str(bad)), "stock position '\u00b2'")


def test_bad_input_with_json_prints_ok_false():
    result = run("ask", STUDENT, "--goal", "bogus(P1)", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {"ok": False, "error": json.loads(result.stdout)["error"]}
    assert "unknown atom" in json.loads(result.stdout)["error"]


def test_cards_and_export_bad_input():
    assert_one_line_error(run("cards", "brisca", "sum(points) = 15"), "condition column 13")
    assert_one_line_error(run("cards", "brisca", "has(ZZ)"), "unknown card 'ZZ'")
    assert_one_line_error(run("cards", "nope", "size == 1"), "unknown game")
    assert_one_line_error(run("export", "trick", "--game", "cruce", "--players", "4", "--hand", "TV",
                              "--played", "AV 9V TR KR"), "the trick is full")
    assert_one_line_error(run("export", "trick", "--game", "cruce", "--hand", "TV AV",
                              "--played", "AV"), "AV is given twice")
    assert_one_line_error(run("export", "trick", "--game", "cruce", "--hand", "TV",
                              "--format", "dimacs"), "unknown format")
    assert_one_line_error(run("export", "trick", "--game", "klaverjas", "--hand", "7C"),
                          "trump")


def test_ask_and_prove_take_a_records_position_at_a_ply(tmp_path):
    game = aceten.new_game("briscola", seed=5)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    saved = tmp_path / "b5.tgn"
    saved.write_text(aceten.record.dumps(game))
    ply = 11
    data = json.loads(run("ask", str(saved), "--ply", str(ply), "maximize points(P1)", "--json").stdout)
    cards = [c for t in data["witnesses"][0]["tricks"] for c in t["cards"]]
    assert cards[:ply - 1] == [str(m) for m in game.moves[:ply - 1]]
    before = game.copy()
    while len(before.moves) > ply - 1:
        before.pop()
    assert data["value"] == aceten.logic.ask(before, "maximize points(P1)").value
    same = json.loads(run("ask", "--history", str(saved), "--after", str(ply - 1),
                          "maximize points(P1)", "--json").stdout)
    assert same["value"] == data["value"]
    total = len(game.moves)
    assert_one_line_error(run("ask", str(saved), "--ply", str(total + 2), "tricks(P1) >= 1"),
                          f"--ply {total + 2}: the record has {total} moves (--ply 1 to {total + 1})")
    assert_one_line_error(run("ask", str(saved), "--after", "-1", "tricks(P1) >= 1"),
                          "--after -1: give 0 or more moves")
    assert_one_line_error(run("ask", "briscola", "--ply", "3", "tricks(P1) >= 1"),
                          "--after and --ply take a record")
    assert_one_line_error(run("ask", str(saved), "--ply", "3", "--after", "2", "tricks(P1) >= 1"),
                          "give --ply or --after, not both")
    far = game.tricks_won[0] + 1
    result = run("prove", f"tricks(P1) >= {far}", str(saved), "--ply", str(ply))
    assert result.exit_code == 1 and "counterexample" in result.stdout
