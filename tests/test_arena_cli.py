"""``aceten arena``: the issue's invocation, reports, JSON, resuming after SIGKILL, bad input."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time

import pytest

from aceten import agents, arena
from aceten.arena.runner import play_deal
from test_arena import FirstLegalAgent
from test_cli import assert_one_line_error, console_script, run, script

BOTS = ("--bots", "greedy,random")


def test_the_issue_invocation_runs_a_duplicate_tournament_into_the_default_database(tmp_path,
                                                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("arena", "briscola", "--players", "2", "--bots", "greedy,random", "--deals", "20")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "aceten-arena.sqlite").is_file()
    out = result.stdout
    assert "briscola (standard), 2 players, seed 1" in out
    assert "20 deals (40 games): 20 played" in out
    assert "head to head" in out and "greedy" in out and "random" in out
    again = run("arena", "briscola", "--players", "2", "--bots", "greedy,random", "--deals", "20")
    assert "0 played" in again.stdout and "20 already in aceten-arena.sqlite" in again.stdout


def test_run_json_and_report_json_agree(tmp_path):
    db = str(tmp_path / "t.sqlite")
    done = run("arena", "run", "cruce", "-n", "3", *BOTS, "--deals", "4", "--seed", "9", "--db", db,
               "--workers", "1", "--json")
    assert done.exit_code == 0, done.stderr
    info = json.loads(done.stdout)
    assert info["ok"] is True
    assert info["tournament"]["game"] == "cruce" and info["tournament"]["seed"] == 9
    assert len(info["tournament"]["seatings"]) == 6
    assert (info["deals"], info["finished"], info["computed"], info["games"]) == (4, 4, 4, 24)
    (pair,) = info["pairs"]
    assert pair["bot"] == "greedy" and pair["opponent"] == "random"
    assert pair["wins"] + pair["draws"] + pair["losses"] == pair["comparisons"] == 48
    low, high = pair["win_rate_ci"]
    assert low <= pair["win_rate"] <= high
    report = run("arena", "report", "--db", db, "--json")
    assert report.exit_code == 0, report.stderr
    (stored,) = json.loads(report.stdout)["tournaments"]
    assert stored["pairs"] == info["pairs"] and stored["bots"] == info["bots"]
    text = run("arena", "report", "--db", db)
    assert text.exit_code == 0 and "#1 cruce (standard), 3 players, seed 9" in text.stdout
    assert "4 of 4 deals stored (24 games)" in text.stdout


def test_three_bots_get_standings_with_elo(tmp_path, monkeypatch):
    monkeypatch.setitem(agents.AGENTS, "first", FirstLegalAgent)
    result = run("arena", "briscola", "--bots", "greedy,random,first", "--deals", "5", "--workers",
                 "1", "--db", str(tmp_path / "t.sqlite"))
    assert result.exit_code == 0, result.stderr
    assert "standings" in result.stdout and "Elo" in result.stdout
    assert "6 seatings a deal" in result.stdout


def test_arena_help_names_both_commands():
    result = run("arena", "--help")
    assert result.exit_code == 0
    assert "run" in result.stdout and "report" in result.stdout


@pytest.mark.parametrize(("args", "fragments"), [
    (("arena", "briscola", "--bots", "greedy,nobody"), ("unknown bot 'nobody'",)),
    (("arena", "poker", *BOTS), ("unknown game 'poker'",)),
    (("arena", "briscola", *BOTS, "--deals", "0"), ("--deals 0",)),
    (("arena", "briscola", *BOTS, "--workers", "0"), ("--workers 0",)),
    (("arena", "briscola", "--bots", "greedy"), ("at least two",)),
    (("arena", "briscola", "--bots", "greedy,greedy"), ("given twice",)),
    (("arena", "briscola", *BOTS, "--backend", "mpi"), ("unknown backend 'mpi'",)),
    (("arena", "briscola", *BOTS, "--players", "5"), ("not 5",)),
    (("arena", "brisca", *BOTS, "--option", "arrastre=maybe"), ("arrastre",)),
])  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, fragments):
    result = run(*args, "--db", str(tmp_path / "t.sqlite"))
    assert_one_line_error(result, *fragments)


def test_usage_errors_of_the_script_are_one_line(tmp_path):
    done = script("arena", "briscola", "--deals", "3", "--db", str(tmp_path / "t.sqlite"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["error: Missing option '--bots' / '-b'."]
    done = script("arena", "briscola", *BOTS, "--no-such-flag")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["error: No such option: --no-such-flag"]


def test_a_corrupt_database_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "results.sqlite"
    bad.write_bytes(b"\x00garbage, not SQLite\xff" * 200)
    assert_one_line_error(run("arena", "briscola", *BOTS, "--deals", "2", "--db", str(bad)),
                          "results.sqlite")
    assert_one_line_error(run("arena", "report", "--db", str(bad)), "results.sqlite")
    result = run("arena", "report", "--db", str(bad), "--json")
    assert result.exit_code == 2 and json.loads(result.stdout)["ok"] is False


@pytest.mark.parametrize("change", [
    "UPDATE games SET scores = '[1]'",  # a score too few
    "UPDATE games SET scores = '[\"a\", \"b\"]'",
    "UPDATE games SET seats = '[\"zzz\", \"yyy\"]'",  # bots the tournament does not play
    "UPDATE games SET seats = '[1, 2]'",
    "UPDATE games SET seats = '[\"random\"]'",
    "UPDATE games SET winner = 7",
    # the tournament's own row: only the report reads these (a run matches its key, and a key
    # that no longer matches is another tournament)
    "UPDATE tournaments SET deals_wanted = 'many'",
    "UPDATE tournaments SET key = replace(key, '[\"greedy\",\"random\"]', '\"random\"')",
    "UPDATE tournaments SET key = replace(key, 'briscola', 'nosuch')",
])
def test_rows_of_the_wrong_shape_are_one_line_and_the_file_is_kept(tmp_path, change):
    """Rows that parse as JSON but cannot be the tournament's (edited by hand, or written by
    something else) used to fail inside the statistics with IndexError, KeyError, TypeError."""
    db = tmp_path / "results.sqlite"
    assert run("arena", "briscola", *BOTS, "--deals", "2", "--db", str(db),
               "--workers", "1").exit_code == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute(change).rowcount >= 1
    conn.close()
    before = db.read_bytes()
    assert_one_line_error(run("arena", "report", "--db", str(db)), "results.sqlite", "unreadable")
    assert db.read_bytes() == before
    if "games" not in change:
        return
    played = _stored(db)
    assert_one_line_error(run("arena", "briscola", *BOTS, "--deals", "3", "--db", str(db),
                              "--workers", "1"), "results.sqlite", "unreadable")
    assert _stored(db) == played  # nothing played on top of rows it cannot read


def _stored(db) -> list[list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        return [conn.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
                for table in ("deals", "games")]
    finally:
        conn.close()


def test_report_of_a_missing_database_is_one_line(tmp_path):
    assert_one_line_error(run("arena", "report", "--db", str(tmp_path / "nope.sqlite")),
                          "no such results database")


def test_ray_missing_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # as if Ray were not installed
    result = run("arena", "briscola", *BOTS, "--deals", "2", "--backend", "ray",
                 "--db", str(tmp_path / "t.sqlite"))
    assert_one_line_error(result, "pip install 'aceten[ray]'")


def _count(db) -> int:
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute("SELECT count(*) FROM deals").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def test_sigkill_mid_run_loses_and_duplicates_nothing_and_the_rerun_resumes(tmp_path):
    db = tmp_path / "killed.sqlite"
    args = ["arena", "briscola", *BOTS, "--seed", "3", "--db", str(db), "--workers", "2"]
    proc = subprocess.Popen([console_script(), *args, "--deals", "100000"], cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 900  # a hang guard only
        while _count(db) < 30 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
    finally:  # the run, its forkserver and its workers: everything this test started
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=300)
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=3)
    with arena.Storage(db, create=False) as store:
        (tid, _, wanted), = store.tournaments()
        finished = store.finished(tid)
        deals = list(store.deals(tid))
    assert wanted == 100000
    assert 30 <= len(finished) < 100000, len(finished)
    assert [d[0].deal for d in deals] == sorted(finished)
    for games in deals:  # every stored deal is whole and exactly what a fresh run plays
        assert games == list(play_deal(config, games[0].deal).games)

    total = max(finished) + 1 + 25
    resumed = run(*args, "--deals", str(total), "--json")
    assert resumed.exit_code == 0, resumed.stderr
    info = json.loads(resumed.stdout)
    assert info["reused"] == len(finished)
    assert info["computed"] == total - len(finished)
    assert info["finished"] == total and info["games"] == 2 * total
    with arena.Storage(db, create=False) as store:
        assert store.finished(tid, below=total) == set(range(total))
        assert store.conn.execute("SELECT count(*) FROM games WHERE deal < ?",
                                  (total,)).fetchone()[0] == 2 * total
