"""``aceten solve`` and ``aceten simulate --fast``: reports, JSON, and one clear line for bad input."""

from __future__ import annotations

import json

import pytest

import aceten
from aceten import record
from cli_support import assert_one_line_error, run

pytest.importorskip("aceten.search")


@pytest.fixture
def briscola_record(tmp_path):
    g = aceten.new_game("briscola", players=2, seed=11)
    while not g.is_over():
        g.push(g.legal_moves()[-1])
    path = tmp_path / "game.tgn"
    record.save(path, g)
    return path, g


def test_solve_reports_every_move_with_its_loss(briscola_record):
    path, g = briscola_record
    result = run("solve", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] and report["game"] == "briscola"
    rows = report["analysis"]
    assert [r["ply"] for r in rows] == list(range(1, len(g.moves) + 1))
    assert [r["move"] for r in rows] == [str(m) for m in g.moves]
    for r in rows:
        assert r["value"] <= r["best"] and r["loss"] == r["best"] - r["value"]
        assert (r["loss"] == 0) == (r["move"] in r["best_moves"])
    # the last move of the deal is forced: nothing to lose
    assert rows[-1]["loss"] == 0
    lost = {p["seat"]: p["lost"] for p in report["summary"]}
    assert lost == {s: sum(r["loss"] for r in rows if r["seat"] == s) for s in ("P1", "P2")}
    assert report["start"]["value"] == rows[0]["best"]


def test_solve_values_agree_with_the_solver(briscola_record):
    path, g = briscola_record
    report = json.loads(run("solve", str(path), "--json", "--seat", "2").stdout)
    replay = aceten.Game(g.rules, seed=g.seed)
    by_ply = {r["ply"]: r for r in report["analysis"]}
    assert all(r["seat"] == "P2" for r in by_ply.values()) and by_ply
    from aceten.search import solve

    for number, move in enumerate(g.moves, start=1):
        if number in by_ply and number % 7 == 0:
            result = solve(replay)
            assert by_ply[number]["best"] == result.value
            assert by_ply[number]["value"] == result.value_of(move)
        replay.push(move)


def test_solve_one_position_lists_every_move(briscola_record):
    path, g = briscola_record
    result = run("solve", str(path), "--ply", "5", "--json")
    report = json.loads(result.stdout)
    position = report["position"]
    assert position["ply"] == 5 and position["move"] == str(g.moves[4])
    assert {m["move"] for m in position["moves"]} >= {position["move"]}
    assert max(m["value"] for m in position["moves"]) == position["best"]
    assert report["summary"] is None
    text = run("solve", str(path), "--ply", "5")
    assert text.exit_code == 0 and "best line:" in text.stdout


def test_solve_one_position_of_another_seat_is_one_line(briscola_record):
    """--ply 5 --seat 2 where move 5 is P1's used to print an empty table and then fail with
    a TypeError (with --json: an empty analysis and exit 0)."""
    path, g = briscola_record
    replay = aceten.new_game("briscola", players=2, seed=11)
    for move in g.moves[:4]:
        replay.push(move)
    mover, other = replay.to_move + 1, 2 - replay.to_move
    assert_one_line_error(run("solve", str(path), "--ply", "5", "--seat", str(other)),
                          f"move 5 ({g.moves[4]}) is P{mover}'s, not seat {other}'s")
    result = run("solve", str(path), "--ply", "5", "--seat", str(other), "--json")
    assert result.exit_code == 2 and json.loads(result.stdout)["ok"] is False
    mine = run("solve", str(path), "--ply", "5", "--seat", str(mover))
    assert mine.exit_code == 0 and f"P{mover} has " in mine.stdout


def test_solve_prints_a_table(briscola_record):
    path, _ = briscola_record
    result = run("solve", str(path))
    assert result.exit_code == 0
    assert "per player" in result.stdout and "value of the deal" in result.stdout


def test_solve_skips_the_bidding_of_cruce(tmp_path):
    g = aceten.new_game("cruce", players=4, seed=2)
    while not g.is_over():
        g.push(g.legal_moves()[0])
    path = tmp_path / "cruce.tgn"
    record.save(path, g)
    report = json.loads(run("solve", str(path), "--json").stdout)
    assert report["analysis"][0]["ply"] == 5  # four bids first
    assert_one_line_error(run("solve", str(path), "--ply", "2"), "bid", "the play")


def test_solve_refuses_a_view_with_unknown_cards(tmp_path):
    g = aceten.new_game("briscola", seed=4)
    g.push(g.legal_moves()[0])
    path = tmp_path / "view.tgn"
    path.write_text(record.dumps(g, seat=0), encoding="utf-8")
    assert_one_line_error(run("solve", str(path)), "unknown cards", "aceten ask")


@pytest.mark.parametrize(("args", "fragment"), [
    (["--ply", "99"], "--ply 99"),
    (["--seat", "3"], "--seat 3"),
    (["--record", "2"], "--record 2"),
    (["--objective", "style"], "--objective style"),
])
def test_solve_bad_options(briscola_record, args, fragment):
    path, _ = briscola_record
    assert_one_line_error(run("solve", str(path), *args), fragment)


def test_solve_missing_and_corrupt_files(tmp_path):
    assert_one_line_error(run("solve", str(tmp_path / "nope.tgn")), "no such file")
    bad = tmp_path / "bad.tgn"
    bad.write_text('[Game "briscola"]\n[Seed "1"]\n1. P1: ZZ\n', encoding="utf-8")
    assert_one_line_error(run("solve", str(bad)), "bad.tgn", "line 3")
    json_bad = run("solve", str(bad), "--json")
    assert json.loads(json_bad.stdout)["ok"] is False


# -- simulate --fast -------------------------------------------------------------------------------
def summary(*args: str) -> dict:
    result = run("simulate", *args, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    for key in ("seconds", "games_per_second", "engine"):
        data.pop(key, None)
    return data


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("briscola", "--games", "40", "--seed", "3", "--bots", "greedy,random"),
    ("klaverjas", "--games", "20", "--seed", "9", "--variant", "amsterdam"),
    ("cruce", "--players", "3", "--games", "20", "--seed", "1", "--bots", "greedy"),
    ("brisca", "--games", "20", "--seed", "2", "--option", "arrastre=yes"),
    ("briscola", "--variant", "chiamata", "--players", "5", "--games", "30", "--seed", "4",
     "--bots", "greedy,random"),
    ("brisca", "--players", "6", "--games", "20", "--seed", "5", "--bots", "random,greedy"),
])
def test_simulate_fast_plays_the_same_games(args):
    assert summary(*args, "--fast") == summary(*args)


def test_simulate_fast_saves_records_that_replay(tmp_path):
    result = run("simulate", "brisca", "--games", "5", "--seed", "7", "--fast", "--save", str(tmp_path))
    assert result.exit_code == 0
    engine_dir = tmp_path / "engine"
    run("simulate", "brisca", "--games", "5", "--seed", "7", "--save", str(engine_dir))
    for path in sorted(engine_dir.glob("*.tgn")):
        assert (tmp_path / path.name).read_text() == path.read_text()


@pytest.mark.slow
def test_simulate_fast_rng_runs_and_adds_up():
    data = summary("briscola", "--games", "500", "--seed", "1", "--fast-rng")
    assert data["total_points"] == 500 * 120 and data["games"] == 500


def test_simulate_fast_rejects_bots_it_does_not_have(monkeypatch):
    from aceten import agents
    from aceten.agents.random_agent import RandomAgent

    class Other(RandomAgent):
        name = "other"

    monkeypatch.setitem(agents.AGENTS, "other", Other)
    assert_one_line_error(run("simulate", "briscola", "--games", "2", "--bots", "other", "--fast"),
                          "--fast plays the bots")
