"""What a new user ran into in their first hour (issue 21), one test per item: missing extras,
Ctrl-C and SIGTERM, records from `play`, `--save`, `check` of a folder, `knows` defaults, BOM,
bounded reads, silent partial handling, and the interactive table."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import aceten
from aceten import record
from cli_support import assert_one_line_error, run

SRC = str(Path(aceten.__file__).resolve().parents[1])


def aceten_without(modules: list[str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``aceten ARGS`` in a fresh interpreter where ``modules`` are not installed (an entry of
    None in sys.modules makes ``import`` raise ModuleNotFoundError, as a missing package does)."""
    code = ("import sys\n"
            f"for name in {modules!r}: sys.modules[name] = None\n"
            "from aceten.cli import main\n"
            f"main({list(args)!r})\n")
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd,
                          env=env)


def assert_needs_extra(done: subprocess.CompletedProcess, extra: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.strip().splitlines() == [
        f"error: this needs the {extra} extra: pip install 'aceten[{extra}]'"], done.stderr


def finished(name: str = "briscola", players: int | None = None, seed: int = 1) -> aceten.Game:
    game = aceten.new_game(name, players=players, seed=seed)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    return game


EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


# -- 2. a missing extra: one line naming it, exit 2 --------------------------------------------
@pytest.mark.parametrize(("missing", "args", "extra"), [
    (["ortools", "lark"], ["ask", str(EXAMPLES / "student.toml")], "logic"),
    (["ortools", "lark"], ["cards", "brisca", "sum(points) == 15", "--size", "2"], "logic"),
    (["numba", "numpy"], ["simulate", "briscola", "--games", "2", "--fast"], "search"),
    (["fastapi", "uvicorn"], ["serve", "--port", "1"], "web"),
])
def test_a_missing_extra_is_named_in_one_line(missing, args, extra):
    assert_needs_extra(aceten_without(missing, *args), extra)


def test_solve_without_the_search_extra_names_it(tmp_path):
    record.save(tmp_path / "game.tgn", finished())
    assert_needs_extra(aceten_without(["numba", "numpy"], "solve", str(tmp_path / "game.tgn")),
                       "search")


def test_parquet_without_pyarrow_names_its_extra(tmp_path):
    record.save(tmp_path / "game.tgn", finished())
    done = aceten_without(["pyarrow"], "table", str(tmp_path), "--out", str(tmp_path / "r.parquet"))
    assert done.returncode == 2
    assert done.stderr.startswith("error: this needs the parquet extra: pip install 'aceten[parquet]'")


def test_python_dash_m_aceten_runs_the_command():
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-m", "aceten", "--version"], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0 and done.stdout.startswith("aceten "), done.stderr


# -- 3. Ctrl-C on serve, SIGTERM during simulate --save ----------------------------------------
def _ctrl_c_heard() -> None:
    # a test run started in the background by a shell (``pytest &``) inherits SIGINT ignored,
    # and Python then never installs its KeyboardInterrupt handler: the server would not hear
    # the Ctrl-C below and the test would wait for it forever
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_on_serve_exits_quietly(tmp_path):
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "aceten", "serve", "--port", str(port), "--db",
                             str(tmp_path / "t.sqlite")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
                            preexec_fn=_ctrl_c_heard)
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the server starts its bots' worker right after this line
    assert "web table on" in first
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal reaches the whole process group
    _, err = proc.communicate()
    assert proc.returncode == 0, err
    assert err == "", err


def test_a_ctrl_c_that_breaks_the_starting_server_still_stops_it_quietly():
    # found by CI: the Ctrl-C landed inside logging.shutdown (uvicorn configures logging as it
    # starts), whose handler lock then failed with RuntimeError instead of the KeyboardInterrupt
    pytest.importorskip("uvicorn")
    from aceten.cli.web import _run_until_ctrl_c

    def starting_server() -> None:
        try:
            signal.raise_signal(signal.SIGINT)
            for _ in range(1000):  # the handler runs between bytecodes, here at the latest
                pass
        finally:
            raise RuntimeError("cannot release un-acquired lock")

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        _run_until_ctrl_c(starting_server)
    assert signal.getsignal(signal.SIGINT) is before

    def failing_server() -> None:  # without a Ctrl-C a failure stays a failure
        raise RuntimeError("port taken")

    with pytest.raises(RuntimeError, match="port taken"):
        _run_until_ctrl_c(failing_server)


def test_a_ctrl_c_while_the_server_starts_asks_it_to_exit_and_raises_nothing_into_it():
    # found by CI: a KeyboardInterrupt raised into the starting server was swallowed somewhere
    # and the server served on; the Ctrl-C now sets uvicorn's own should_exit
    pytest.importorskip("uvicorn")
    from aceten.cli.web import _run_until_ctrl_c

    class StartingServer:
        should_exit = False

        def run(self) -> None:
            signal.raise_signal(signal.SIGINT)  # raises nothing here...
            for _ in range(1000):  # (the handler runs between bytecodes, here at the latest)
                if self.should_exit:  # ...but asks the server to stop
                    return
            raise AssertionError("the server was not asked to exit")

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        _run_until_ctrl_c(StartingServer)
    assert signal.getsignal(signal.SIGINT) is before


def test_sigterm_while_saving_leaves_no_temporary_file(tmp_path):
    # SIGTERM arrives exactly while a record is half written (after fsync, before the rename)
    code = ("import os, signal, sys\n"
            "real = os.fsync\n"
            "def fsync_then_term(fd):\n"
            "    real(fd)\n"
            "    os.kill(os.getpid(), signal.SIGTERM)\n"
            "os.fsync = fsync_then_term\n"
            "from aceten.cli import main\n"
            f"main(['simulate', 'briscola', '--games', '3', '--save', {str(tmp_path / 'out')!r}])\n")
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert list((tmp_path / "out").iterdir()) == []  # no .tmp left, and no record half written


# -- 4. from a played game to a record ---------------------------------------------------------
def test_play_save_writes_a_record_that_checks(tmp_path):
    path = tmp_path / "game.tgn"
    done = run("play", "briscola", "--seed", "3", "--opponent", "random", "--auto", "--save", str(path))
    assert done.exit_code == 0, done.stderr
    game = record.load(path)[0]
    assert game.is_over() and game.seed == 3
    assert run("check", str(path)).exit_code == 0


def test_play_json_includes_the_record():
    done = run("play", "brisca", "--seed", "5", "--opponent", "random", "--json")
    deal = json.loads(done.stdout)["deals"][0]
    game = record.loads(deal["record"])
    assert [str(m) for m in game.moves] == deal["moves"] and game.is_over()


def test_interactive_game_offers_to_save_the_record(tmp_path):
    path = tmp_path / "mine.tgn"
    moves = "\n".join(["quit", str(path)]) + "\n"
    done = run("play", "briscola", "--seed", "2", "--opponent", "random", "--interactive", input=moves)
    assert done.exit_code == 0, done.stderr
    assert "Save the record?" in done.stdout and f"record saved to {path}" in done.stdout
    assert record.load(path)[0].seed == 2


def test_simulate_save_a_tgn_file_is_one_record_and_solve_reads_it(tmp_path):
    path = tmp_path / "game.tgn"
    assert run("simulate", "briscola", "--games", "1", "--seed", "4", "--save", str(path)).exit_code == 0
    assert path.is_file() and record.load(path)[0].seed == 4
    assert_one_line_error(run("simulate", "briscola", "--games", "2", "--save", str(path)),
                          "a .tgn file holds one deal")


def test_readme_knows_example_has_a_four_player_record(tmp_path):
    path = tmp_path / "game4.tgn"
    run("simulate", "briscola", "--players", "4", "--games", "1", "--seed", "3", "--save", str(path))
    done = run("knows", str(path), "--seat", "2", "--after", "17", "-q",
               "knows(P2, knows(P3, void(P1, clubs)))")
    assert done.exit_code == 0, done.stderr


# -- 5. check reports every file ---------------------------------------------------------------
def test_check_a_folder_reports_every_file_and_a_summary(tmp_path):
    good = finished("klaverjas", seed=1)
    record.save(tmp_path / "a-good.tgn", good)
    text = record.dumps(good)
    first = next(line for line in text.splitlines() if line.startswith("1. "))
    (tmp_path / "b-illegal.tgn").write_text(text.replace(first, first.replace(": ", ": ZZ ", 1)))
    wrong = next(line for line in text.splitlines() if line.startswith("[Result"))
    (tmp_path / "c-result.tgn").write_text(text.replace(wrong, '[Result "P1+P3 wins: 162 - 0"]'))
    done = run("check", str(tmp_path))
    assert done.exit_code == 2
    errors = done.stderr.strip().splitlines()
    assert len(errors) == 2 and all(line.startswith("error: ") for line in errors)
    assert "b-illegal.tgn" in errors[0] and "c-result.tgn" in errors[1]
    assert "OK " in done.stdout and "a-good.tgn" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "2 of 3 files invalid; 1 record valid in the other file"
    as_json = json.loads(run("check", str(tmp_path), "--json").stdout)
    assert as_json["ok"] is False and [p["path"] for p in as_json["invalid"]] == [
        str(tmp_path / "b-illegal.tgn"), str(tmp_path / "c-result.tgn")]


# -- 6. knows: a useful default moment, one number format --------------------------------------
def test_knows_without_after_shows_a_moment_with_cards_to_guess(tmp_path):
    path = record.save(tmp_path / "game.tgn", finished())
    out = json.loads(run("knows", str(path), "--seat", "2", "--json").stdout)
    assert out["moves"] < len(finished().moves)
    assert out["counts"]["holdings"] > 1
    text = run("knows", str(path), "--seat", "2").stdout
    assert "the last time P2 chose a move with cards to guess" in text


def test_knows_writes_big_counts_the_same_way_everywhere(tmp_path):
    path = record.save(tmp_path / "game.tgn", finished("briscola", players=4))
    done = run("knows", str(path), "--seat", "2", "--after", "1", "-q", "knows(P2, void(P1, coins))")
    assert done.exit_code == 0, done.stderr
    import re

    assert not re.search(r"\d{1,3}(,\d{3}){4,}", done.stdout), done.stdout  # no 15-digit numbers
    assert re.search(r"\d\.\d{3}e\d+ deals", done.stdout)  # past a trillion: powers of ten


# -- 7. BOM, bounded reads, huge --games ---------------------------------------------------------
def test_a_record_with_a_byte_order_mark_reads(tmp_path):
    path = tmp_path / "bom.tgn"
    path.write_bytes(b"\xef\xbb\xbf" + record.dumps(finished()).encode())
    assert run("check", str(path)).exit_code == 0
    assert record.loads("\ufeff" + record.dumps(finished())).is_over()


def test_reads_are_bounded(tmp_path):
    big = tmp_path / "big.tgn"
    big.write_text(record.dumps(finished()) + " " * 2000)
    with pytest.raises(aceten.AcetenError, match="larger than"):
        record.read_text(big, limit=1000)
    if Path("/dev/zero").exists():
        assert_one_line_error(run("solve", "/dev/zero"), "/dev/zero", "larger than 64 MiB")
        assert_one_line_error(run("check", "/dev/zero"), "/dev/zero", "larger than")
        assert_one_line_error(run("ask", "/dev/zero"), "/dev/zero", "larger than 1 MiB")


def test_huge_games_is_refused():
    assert_one_line_error(run("simulate", "briscola", "--games", "99999999999999999999999"),
                          "--games", "1 to 1,000,000,000")


def test_progress_lines_without_a_terminal(monkeypatch, capsys):
    from aceten.cli import common

    monkeypatch.setattr(common, "PROGRESS_EVERY", 0.0)
    with common.Progress("simulate briscola", 3, "deals") as progress:
        progress.advance()
        progress.advance()
        progress.advance()
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("simulate briscola: ") for line in err)
    assert "1 of 3 deals" in err[0] and "left" in err[0]


# -- 8. no silent partial handling ---------------------------------------------------------------
def test_more_bots_than_seats_is_an_error():
    assert_one_line_error(run("simulate", "briscola", "--games", "1", "--bots", "greedy,random,random"),
                          "3 bots for 2 seats")


def test_solve_analyses_every_record_of_a_file(tmp_path):
    path = record.save(tmp_path / "two.tgn", [finished(seed=1), finished(seed=2)])
    out = json.loads(run("solve", str(path), "--seat", "1", "--json").stdout)
    assert [r["seed"] for r in out["records"]] == [1, 2]
    assert_one_line_error(run("solve", str(path), "--ply", "3"), "--record")


def test_table_refuses_an_unknown_extension(tmp_path):
    record.save(tmp_path / "g.tgn", finished())
    out = tmp_path / "rows.xlsx"
    assert_one_line_error(run("table", str(tmp_path), "--out", str(out)), ".xlsx")
    assert not out.exists()


def test_table_seats_count_from_one(tmp_path):
    record.save(tmp_path / "g.tgn", finished())
    rows = json.loads(run("table", str(tmp_path), "--json").stdout)["data"]
    assert {r["seat"] for r in rows} == {1, 2} and {r["winner"] for r in rows} <= {1, 2}


# -- 9. the interactive table --------------------------------------------------------------------
def play_lines(*typed: str, game: str = "briscola", extra: tuple[str, ...] = ()) -> object:
    return run("play", game, "--seed", "1", "--opponent", "random", "--interactive", *extra,
               input="".join(f"{t}\n" for t in typed))


def test_the_table_names_the_opponent_bot():
    assert "P2 is the random bot" in play_lines("quit", "").stdout


def test_ctrl_d_quits_cleanly():
    done = play_lines()  # the end of input at the first prompt
    assert done.exit_code == 0, done.stderr
    assert "bye" in done.stdout and done.stderr == ""


def test_a_card_not_held_is_named_with_the_hand_in_table_order():
    game = aceten.new_game("briscola", seed=1)
    from aceten.show.text import cards_text, sorted_hand

    hand = cards_text(sorted_hand(game.hand(0), game.rules, game.trump))
    missing = next(c for c in game.rules.deck if c not in game.hand(0))
    out = play_lines(str(missing), "quit", "").stdout
    assert f"you do not hold {missing}; your hand: {hand}" in out
    import re

    assert re.search(rf"Your hand\s+{hand}", out)


def test_help_shows_a_card_of_the_game():
    out = play_lines("?", "quit", "").stdout
    game = aceten.new_game("briscola", seed=1)
    assert "10H" not in out
    assert any(f"{c}, {c.name}" in out for c in game.hand(0))


def test_the_dealer_is_shown_from_p1():
    done = run("play", "cruce", "--seed", "1", "--opponent", "random", "--match", "--interactive",
               input="quit\n\n")
    assert "dealer=P" in done.stdout and "dealer=0" not in done.stdout and "dealer=1" not in done.stdout


def test_auto_is_a_flag_in_the_help():
    import re

    text = re.sub(r"\x1b\[[0-9;]*m", "", run("play", "--help").stdout)
    line = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("--auto"))
    assert "<bool>" not in line


def test_solve_ply_says_what_the_number_counts(tmp_path):
    path = record.save(tmp_path / "g.tgn", finished())
    out = run("solve", str(path), "--ply", "7").stdout
    assert "points so far" in out


def test_a_stray_line_after_the_game_is_not_taken_for_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = play_lines("quit", "AS", "")
    assert done.exit_code == 0
    assert list(tmp_path.iterdir()) == [] and "ends in .tgn" in done.stdout


def test_a_first_compile_is_announced_and_a_cached_one_is_not(tmp_path, monkeypatch, capsys):
    """solve and simulate --fast say before numba's first compile that it will take a while."""
    pytest.importorskip("numba")
    from aceten.cli import common
    from aceten.search import kernel_cache

    monkeypatch.setattr(kernel_cache, "cache_dir", lambda: tmp_path)
    common.announce_compile("dds", "the solver")
    assert "the solver: compiling the kernels" in capsys.readouterr().err
    (tmp_path / "search_0").mkdir()
    (tmp_path / "search_0" / "dds.solve-1.py311.nbi").write_text("")
    common.announce_compile("dds", "the solver")
    assert capsys.readouterr().err == ""
    common.announce_compile("batch", "the batch simulator")  # another module's: not cached yet
    assert "batch simulator" in capsys.readouterr().err


def test_a_reader_that_leaves_early_gets_no_error_line():
    # `aceten cards ... | head -1`: the pipe closes while aceten still writes; Unix tools stop
    # quietly (here: a subprocess whose stdout is closed after the first line).
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "aceten", "cards", "briscola", "sum(points) >= 1",
                             "--max-size", "3", "--all"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    proc.wait()
    assert "total" in first
    assert "Broken pipe" not in err and "Traceback" not in err and "error" not in err, err


def test_a_long_compile_prints_a_line_while_it_runs(monkeypatch, capsys):
    """Not only a notice before: while numba compiles, a line now and then (every
    PROGRESS_EVERY seconds; here at every kernel) says it is still at work."""
    numba = pytest.importorskip("numba")
    from numba.core import event

    from aceten.cli import common

    monkeypatch.setattr(common, "PROGRESS_EVERY", 0.0)
    lines = common._report_compile_progress("the solver")
    try:
        @numba.njit(cache=False)
        def twice(x):
            return 2 * x

        assert twice(21) == 42
    finally:
        event.unregister("numba:compile", lines)
    assert "the solver: still compiling (1 compiled, " in capsys.readouterr().err


# -- 10. play: a match's deals, --save checked before the game, the save prompt, Ctrl-C ----------
@pytest.mark.parametrize("args", [["klaverjas"], ["briscola", "--variant", "chiamata", "--players", "5"]])
def test_a_match_of_deals_given_as_an_option(args):
    # `--option deals=2` reached Match as the string "2": TypeError in is_over
    done = run("play", *args, "--match", "--auto", "--opponent", "random", "--option", "deals=2",
               "--seed", "1")
    assert done.exit_code == 0, done.stderr
    assert "match 2 deals, deal 2" in done.stdout and "Match score after deal 2" in done.stdout
    assert "deal 3" not in done.stdout and "Match: " in done.stdout


@pytest.mark.parametrize("deals", ["0", "-1", "99999999999999999999", "two"])
@pytest.mark.parametrize("args", [["rules", "klaverjas"],
                                  ["play", "klaverjas", "--auto"],
                                  ["play", "klaverjas", "--auto", "--match"],
                                  ["play", "briscola", "--variant", "chiamata", "-n", "5", "--auto",
                                   "--match"]])
def test_a_match_of_no_or_endless_deals_is_refused(args, deals):
    assert_one_line_error(run(*args, "--option", f"deals={deals}"), "option deals")


def test_match_deals_are_checked_as_the_rules_check_them():
    assert aceten.Match("klaverjas", deals="3").deals == 3
    assert aceten.Match("klaverjas", deals="3").rules.options["deals"] == 3
    assert aceten.Match("cruce", deals="2").deals == 2  # a game without the option: 2, not to 11
    assert aceten.Match("brisca").deals == 1 and aceten.Match("cruce").target == 11
    for game, deals in (("brisca", 0), ("cruce", "x"), ("klaverjas", 10**20)):
        with pytest.raises(aceten.AcetenError, match="option deals"):
            aceten.Match(game, deals=deals)


@pytest.mark.parametrize("where", ["game.tgn/x.tgn", "game.tgn/more/x.tgn"])
def test_play_save_under_a_file_is_refused_before_the_game(tmp_path, where):
    (tmp_path / "game.tgn").write_text("an earlier record")
    done = run("play", "briscola", "--seed", "1", "--opponent", "random", "--interactive",
               "--save", str(tmp_path / where), input="quit\n")
    assert_one_line_error(done, "game.tgn is a file, not a folder")
    assert "File exists" not in done.stderr and "You are P1" not in done.stdout
    assert (tmp_path / "game.tgn").read_text() == "an earlier record"


def test_play_save_makes_missing_folders(tmp_path):
    path = tmp_path / "new" / "folder" / "game.tgn"
    done = run("play", "briscola", "--seed", "1", "--opponent", "random", "--auto", "--save", str(path))
    assert done.exit_code == 0, done.stderr
    assert record.load(path)[0].is_over()


def test_play_save_in_a_read_only_folder_is_refused_before_the_game(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    access = os.access
    if access(folder, os.W_OK):  # root writes anywhere: say the folder is read-only
        monkeypatch.setattr(os, "access", lambda path, mode, **kw: (
            Path(path) != folder and access(path, mode, **kw)))
    try:
        done = run("play", "briscola", "--seed", "1", "--auto", "--save", str(folder / "g.tgn"))
    finally:
        folder.chmod(0o700)
    assert_one_line_error(done, f"no permission to write in the folder {folder}")
    assert "P1:" not in done.stdout  # before the deal is shown


def failing_save(monkeypatch, bad: Path) -> None:
    """record.save fails for ``bad`` as on a full disk (found only when the game is over)."""
    save = record.save

    def fake(path, games):
        if Path(path) == bad:
            raise aceten.AcetenError(f"cannot write {path}: No space left on device")
        return save(path, games)

    monkeypatch.setattr(record, "save", fake)


def test_play_save_failing_at_the_end_keeps_the_game_in_a_spare_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "full" / "game.tgn"
    failing_save(monkeypatch, bad)
    (tmp_path / "briscola-000003.tgn").write_text("an earlier record")  # not replaced
    done = run("play", "briscola", "--seed", "3", "--opponent", "random", "--auto", "--save", str(bad))
    assert_one_line_error(done, f"cannot write {bad}: No space left on device",
                          "the record was saved to briscola-000003-2.tgn instead")
    assert "P1 wins" in done.stdout or "P2 wins" in done.stdout or "draw" in done.stdout
    assert record.load(tmp_path / "briscola-000003-2.tgn")[0].seed == 3
    assert (tmp_path / "briscola-000003.tgn").read_text() == "an earlier record"


def test_play_save_failing_at_the_end_asks_for_another_file_at_the_prompt(tmp_path, monkeypatch):
    bad = tmp_path / "full" / "game.tgn"
    failing_save(monkeypatch, bad)
    other = tmp_path / "other.tgn"
    done = run("play", "briscola", "--seed", "2", "--opponent", "random", "--interactive",
               "--save", str(bad), input=f"quit\n{other}\n")
    assert done.exit_code == 0, done.stderr
    assert "No space left on device; save the record elsewhere" in done.stdout
    assert f"record saved to {other}" in done.stdout and record.load(other)[0].seed == 2


def test_the_save_prompt_asks_before_replacing_a_file(tmp_path):
    path = tmp_path / "game.tgn"
    path.write_text("an earlier record")
    done = play_lines("quit", str(path), "n", "")
    assert done.exit_code == 0, done.stderr
    assert f"{path} exists; overwrite? [y/N]" in done.stdout
    assert path.read_text() == "an earlier record" and "record saved" not in done.stdout
    assert done.stdout.count("Save the record?") == 2  # asked again for a name
    done = play_lines("quit", str(path), "")  # the end of input at the question: kept too
    assert path.read_text() == "an earlier record"
    done = play_lines("quit", str(path), "y")
    assert f"record saved to {path}" in done.stdout and record.load(path)[0].seed == 1


def test_the_save_prompt_names_a_parent_that_is_a_file(tmp_path):
    (tmp_path / "game.tgn").write_text("an earlier record")
    done = play_lines("quit", str(tmp_path / "game.tgn" / "x.tgn"), "")
    assert done.exit_code == 0, done.stderr
    assert "game.tgn is a file, not a folder" in done.stdout and "File exists" not in done.stdout


def typed_then_interrupted(monkeypatch, *answers: str | None) -> list[str]:
    """``input()`` answers in turn (None is a Ctrl-C); returns the prompts as they are shown."""
    queue = list(answers)
    prompts: list[str] = []

    def fake(prompt=""):
        prompts.append(prompt)
        if not queue:
            raise EOFError
        answer = queue.pop(0)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr("builtins.input", fake)
    return prompts


def first_card(seed: int = 1) -> str:
    return str(sorted(aceten.new_game("briscola", seed=seed).hand(0))[0])


def test_ctrl_c_after_moves_offers_to_save(tmp_path, monkeypatch):
    path = tmp_path / "mine.tgn"
    prompts = typed_then_interrupted(monkeypatch, first_card(), None, str(path))
    done = run("play", "briscola", "--seed", "1", "--opponent", "random", "--interactive")
    assert done.exit_code == 0, done.stderr
    assert done.stderr == "" and "bye" in done.stdout
    assert prompts[2].startswith("Save the record?")
    assert f"record saved to {path}" in done.stdout
    assert str(record.load(path)[0].moves[0]) == first_card()


def test_a_second_ctrl_c_at_the_save_prompt_quits_quietly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    prompts = typed_then_interrupted(monkeypatch, first_card(), None, None)
    done = run("play", "briscola", "--seed", "1", "--opponent", "random", "--interactive")
    assert done.exit_code == 0 and done.stderr == ""
    assert prompts[-1].startswith("Save the record?") and len(prompts) == 3
    assert "bye" in done.stdout
    assert list(tmp_path.iterdir()) == []
