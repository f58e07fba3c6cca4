"""Records as a table: one row per card played, CSV and Parquet, and ``aceten table``."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest
from typer.testing import CliRunner

import aceten
from aceten import record, records_table
from aceten.cli import app

runner = CliRunner()


def random_game(name: str, players: int, seed: int, variant: str | None = None, moves: int | None = None):
    rng = random.Random(seed)
    game = aceten.new_game(name, players=players, variant=variant, seed=seed)
    while not game.is_over() and (moves is None or len(game.moves) < moves):
        game.push(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize(("name", "players", "variant"), [
    ("briscola", 3, None), ("brisca", 4, None), ("cruce", 2, None), ("klaverjas", 4, "amsterdam")])
def test_one_row_per_card_and_the_points_add_up(name, players, variant):
    game = random_game(name, players, seed=3, variant=variant)
    rows = list(records_table.game_rows(game, file="f.tgn", deal=2))
    assert len(rows) == len(game.rules.deck)
    assert {r["file"] for r in rows} == {"f.tgn"} and {r["deal"] for r in rows} == {2}
    assert [r["card"] for r in rows] == [str(c) for t in game.tricks for c in t.cards]
    card_points = sum(r["points"] for r in rows)
    assert card_points + game.rules.last_trick_bonus == sum(game.outcome().points)
    for trick in game.tricks:
        mine = [r for r in rows if r["trick"] == trick.number]
        assert [r["position"] for r in mine] == list(range(1, players + 1))
        # seats and teams count from 1 (P1), as every output people read
        assert [r["seat"] for r in mine] == [s + 1 for s in trick.seats]
        assert [r["won"] for r in mine] == [s == trick.winner for s in trick.seats]
        assert {(r["winner"], r["leader"], r["trick_points"], r["trick_bonus"]) for r in mine} == {
            (trick.winner + 1, trick.leader + 1, trick.points, trick.bonus)}
        for r in mine:
            assert r["team"] == game.rules.seat_team[r["seat"] - 1] + 1
            assert r["is_trump"] == (r["suit"] == game.trump.letter)
    assert {r["trump"] for r in rows} == {game.trump.letter}


def test_a_deal_in_progress_gives_rows_for_its_finished_tricks_only():
    game = random_game("briscola", 2, seed=1, moves=5)
    rows = list(records_table.game_rows(game))
    assert len(rows) == 4 and rows[-1]["trick"] == 2


def test_rows_of_a_folder_count_deals_within_each_file(tmp_path):
    record.save(tmp_path / "match.tgn", [random_game("cruce", 3, seed=s) for s in (1, 2)])
    record.save(tmp_path / "one.tgn", random_game("briscola", 2, seed=5))
    (tmp_path / "notes.txt").write_text("not a record")
    rows = list(records_table.rows(tmp_path))
    files = sorted({r["file"] for r in rows})
    assert files == [str(tmp_path / "match.tgn"), str(tmp_path / "one.tgn")]
    assert sorted({(r["file"].endswith("match.tgn"), r["deal"]) for r in rows}) == [
        (False, 1), (True, 1), (True, 2)]
    assert len(rows) == 24 + 24 + 40


def test_sub_folders_only_when_recursive(tmp_path):
    (tmp_path / "sub").mkdir()
    record.save(tmp_path / "sub" / "a.tgn", random_game("briscola", 2, seed=5))
    with pytest.raises(aceten.AcetenError, match=r"no record files \(\.tgn\) in this folder"):
        list(records_table.rows(tmp_path))
    assert len(list(records_table.rows(tmp_path, recursive=True))) == 40


def test_bad_paths_and_records_are_clear_errors(tmp_path):
    with pytest.raises(aceten.AcetenError, match="no such file or folder"):
        list(records_table.rows(tmp_path / "missing"))
    bad = tmp_path / "bad.tgn"
    bad.write_text('[Game "briscola"]\n[Seed "1"]\n\n1. ZZ\n')
    with pytest.raises(aceten.RecordError, match=r"bad\.tgn"):
        list(records_table.rows(bad))
    with pytest.raises(aceten.AcetenError, match="unknown table format"):
        records_table.write([], tmp_path / "x.csv", "xlsx")


def test_csv_has_the_header_and_reads_back(tmp_path):
    game = random_game("klaverjas", 4, seed=2)
    out = tmp_path / "rows.csv"
    count = records_table.write(records_table.game_rows(game, file="k.tgn"), out)
    assert count == 32
    with open(out, newline="", encoding="utf-8") as handle:
        read = list(csv.DictReader(handle))
    assert list(read[0]) == list(records_table.COLUMNS)
    assert [r["card"] for r in read] == [str(c) for t in game.tricks for c in t.cards]
    buffer = io.StringIO()
    records_table.write_csv(records_table.game_rows(game), buffer)
    assert buffer.getvalue().splitlines()[0] == ",".join(records_table.COLUMNS)


def test_parquet_needs_pyarrow_or_says_so(tmp_path):
    game = random_game("briscola", 2, seed=4)
    out = tmp_path / "rows.parquet"
    try:
        import pyarrow.parquet as pq
    except ImportError:
        with pytest.raises(aceten.AcetenError, match=r"aceten\[parquet\]"):
            records_table.write(records_table.game_rows(game), out)
        return
    assert records_table.write(records_table.game_rows(game), out) == 40
    table = pq.read_table(out)
    assert table.column_names == list(records_table.COLUMNS)
    assert table.column("card").to_pylist() == [str(c) for t in game.tricks for c in t.cards]


# -- aceten table --------------------------------------------------------------------------------
def test_aceten_table_writes_csv_to_stdout_or_a_file(tmp_path):
    record.save(tmp_path / "a.tgn", random_game("brisca", 2, seed=8))
    done = runner.invoke(app, ["table", str(tmp_path)], catch_exceptions=False)
    assert done.exit_code == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == ",".join(records_table.COLUMNS) and len(lines) == 41
    out = tmp_path / "rows.csv"
    done = runner.invoke(app, ["table", str(tmp_path / "a.tgn"), "--out", str(out), "--json"],
                         catch_exceptions=False)
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout) == {"ok": True, "files": 1, "rows": 40, "format": "csv",
                                       "out": str(out)}
    assert len(out.read_text().splitlines()) == 41
    done = runner.invoke(app, ["table", str(tmp_path / "a.tgn"), "--json"], catch_exceptions=False)
    data = json.loads(done.stdout)
    assert data["rows"] == 40 and data["data"][0]["trick"] == 1


@pytest.mark.parametrize(("args", "fragment"), [
    (["missing-folder"], "no such file or folder"),
    (["{tmp}", "--format", "parquet"], "Parquet cannot go to stdout"),
    (["{tmp}", "--out", "{tmp}/x.csv", "--format", "xml"], "unknown table format"),
])
def test_aceten_table_bad_input_is_one_error_line(tmp_path, args, fragment):
    record.save(tmp_path / "a.tgn", random_game("briscola", 2, seed=8))
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    done = runner.invoke(app, ["table", *args], catch_exceptions=False)
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0]
