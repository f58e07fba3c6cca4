"""The ``aceten`` command: play, simulate, check and rules, and one clear line for bad input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import aceten
from aceten import record
from cli_support import assert_one_line_error, run


def console_script() -> str:
    here = Path(sys.executable).parent / "aceten"
    found = str(here) if here.exists() else shutil.which("aceten")
    if found is None:
        pytest.skip("the aceten console script is not installed")
    return found


def script(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed ``aceten`` script, with no terminal on stdin."""
    return subprocess.run([console_script(), *args], input=stdin if stdin is not None else "",
                          capture_output=True, text=True, timeout=1800, encoding="utf-8")  # a hang guard only


# -- the installed script ------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")
def test_script_plays_briscola_with_bots_and_prints_every_trick():
    done = script("play", "briscola", "--auto", "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert sum(1 for line in lines if line.split(".")[0].isdigit()) == 20  # one line a trick
    assert "20. " in done.stdout
    assert " wins: " in done.stdout or "draw: " in done.stdout


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernels")
def test_script_without_a_terminal_never_waits_for_input():
    done = script("play", "klaverjas", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "bots play every seat" in done.stderr
    assert "8. " in done.stdout and "team P1+P3" in done.stdout


def test_script_turns_usage_errors_into_one_line():
    done = script("play", "briscola", "--no-such-flag")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["error: No such option: --no-such-flag"]
    done = script("play", "zz")
    assert done.returncode == 2
    assert done.stderr.strip() == "error: unknown game 'zz': choose from briscola, brisca, cruce, klaverjas"


def test_script_simulates_and_checks(tmp_path):
    done = script("simulate", "brisca", "--games", "4", "--seed", "1", "--json", "--save", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 4
    done = script("check", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "4 records in 4 files: all valid" in done.stdout


# -- play ----------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), [("briscola", 3), ("brisca", 4), ("cruce", 2),
                                               ("cruce", 4), ("klaverjas", 4)])
def test_auto_play_prints_the_game_and_the_result(game, players):
    result = run("play", game, "--players", str(players), "--auto", "--seed", "2")
    assert result.exit_code == 0, result.stderr
    tricks = aceten.rules.get(game, players=players).tricks_per_deal
    assert f"\n{tricks}. P" in result.stdout
    assert "score" in result.stdout


def test_auto_play_is_the_same_for_the_same_seed():
    first = run("play", "cruce", "--auto", "--seed", "5", "--opponent", "random")
    second = run("play", "cruce", "--auto", "--seed", "5", "--opponent", "random")
    assert first.stdout == second.stdout


def test_play_json_gives_the_moves_and_the_outcome():
    result = run("play", "brisca", "--json", "--seed", "3", "--option", "arrastre=yes")
    data = json.loads(result.stdout)
    deal = data["deals"][0]
    assert data["options"] == {"arrastre": "yes"}
    assert sum(deal["points"]) == 120
    game = aceten.new_game("brisca", seed=3, arrastre=True)
    for move in deal["moves"]:
        game.push(move)
    assert game.outcome().as_dict() == {k: v for k, v in deal.items()
                                        if k not in ("seed", "moves", "record")}


@pytest.mark.slow
def test_play_a_cruce_match():
    # pimc, not the default searcher: the match's deals, not the bot, are under test here
    result = run("play", "cruce", "--auto", "--match", "--seed", "1", "--opponent", "pimc")
    assert result.exit_code == 0
    assert "Match score after deal 1" in result.stdout
    assert "Match: " in result.stdout


def _all_cards(game: str, players: int) -> list[str]:
    return [str(c) for c in aceten.rules.get(game, players=players).deck]


def test_a_person_plays_a_whole_game_at_the_prompt():
    # Try every card of the deck at each turn: illegal ones are refused and asked again.
    cards = _all_cards("briscola", 2)
    typed = "?\nlast\n" + "\n".join(cards * 20) + "\n"
    result = run("play", "briscola", "--seed", "4", "--interactive", input=typed)
    assert result.exit_code == 0, result.stderr
    assert "You are P1" in result.stdout
    assert "legal: " in result.stdout and "no trick yet" in result.stdout
    assert "you do not hold" in result.stdout
    assert "20. P" in result.stdout
    assert result.stderr == ""


def test_a_deal_left_unfinished_is_played_on_from_its_record(tmp_path):
    cards = _all_cards("briscola", 2)
    first, later = tmp_path / "first.tgn", tmp_path / "later.tgn"
    typed = "\n".join(cards) + "\nquit\n"  # each card tried once: a few tricks, not all
    left = run("play", "briscola", "--seed", "4", "--interactive", "--opponent", "random",
               "--save", str(first), input=typed)
    assert left.exit_code == 0, left.stderr
    stopped = aceten.record.load(first)[0]
    assert stopped.moves and not stopped.is_over()
    typed = "undo\n" + "\n".join(cards * 20) + "\n"
    done = run("play", str(first), "--interactive", "--opponent", "random", "--save", str(later),
               input=typed)
    assert done.exit_code == 0, done.stderr
    said = " ".join(done.stdout.split())  # (the heading wraps at the console's width)
    assert f"resumed from {first} after {len(stopped.moves)} moves" in said
    assert "So far:" in done.stdout and "taken back" in done.stdout
    finished = aceten.record.load(later)[0]
    assert finished.is_over() and finished.seed == stopped.seed
    mine = [i for i, seat in enumerate(_seats_of(stopped)) if seat == 0]
    kept = mine[-1]  # undo took back P1's last move before the stop, and what followed it
    assert finished.moves[:kept] == stopped.moves[:kept]


def _seats_of(game: aceten.Game) -> list[int]:
    replay = aceten.Game(game.rules, seed=game.seed, deal=game.deal)
    seats = []
    for move in game.moves:
        seats.append(replay.to_move)
        replay.push(move)
    return seats


@pytest.mark.parametrize(("args", "message"), [
    (["--seed", "3"], "the record fixes the game; give no --seed with it"),
    (["--players", "2", "--match"], "give no --players, --match with it"),
])
def test_a_record_to_play_on_takes_no_game_options(tmp_path, args, message):
    game = aceten.new_game("briscola", seed=5)
    game.push(game.legal_moves()[0])
    saved = tmp_path / "g.tgn"
    saved.write_text(aceten.record.dumps(game))
    assert_one_line_error(run("play", str(saved), "--auto", *args), message)


def test_only_an_unfinished_deal_of_a_full_record_is_played_on(tmp_path):
    game = aceten.new_game("briscola", seed=5)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    over, two, view = tmp_path / "over.tgn", tmp_path / "two.tgn", tmp_path / "view.tgn"
    over.write_text(aceten.record.dumps(game))
    two.write_text(aceten.record.dumps(game) + "\n" + aceten.record.dumps(game))
    while len(game.moves) > 3:
        game.pop()
    view.write_text(aceten.record.dumps(game, seat=0))
    assert_one_line_error(run("play", str(over), "--auto"), "the deal is over", "aceten solve")
    assert_one_line_error(run("play", str(two), "--auto"), "a file of 2 deals")
    assert_one_line_error(run("play", str(view), "--auto"), "unknown cards (??)")
    assert_one_line_error(run("play", str(tmp_path / "none.tgn"), "--auto"), "no such file")


def test_malformed_card_at_the_prompt_asks_again():
    result = run("play", "briscola", "--seed", "4", "--interactive", input="ZZ\nquit\n")
    assert result.exit_code == 0
    assert "malformed card 'ZZ'" in result.stdout
    assert result.stdout.count("P1 (play)> ") == 2
    assert "bye" in result.stdout


def test_end_of_input_at_the_prompt_leaves_the_game():
    result = run("play", "briscola", "--seed", "4", "--interactive", input="ZZ\n")
    assert result.exit_code == 0 and result.stderr == ""  # Ctrl-D quits, as `quit` does
    assert "malformed card 'ZZ'" in result.stdout and "bye" in result.stdout


def test_klaverjas_trump_call_and_undo_at_the_prompt():
    # verplicht: P1, after the dealer, must call; a bare suit letter is a call.
    cards = _all_cards("klaverjas", 4)
    typed = "pass\nH\n" + "\n".join(cards) + "\nundo\n" + "\n".join(cards * 8) + "\n"
    result = run("play", "klaverjas", "--seed", "8", "--interactive", input=typed)
    assert result.exit_code == 0, result.stderr
    assert "illegal move pass for P1" in result.stdout
    assert "P1 calls trump: H (hearts)" in result.stdout
    assert "taken back" in result.stdout
    assert "8. P" in result.stdout


def test_cruce_bid_at_the_prompt():
    typed = "7\n0\n" + "\n".join(_all_cards("cruce", 3) * 8) + "\n"
    result = run("play", "cruce", "-n", "3", "--seat", "2", "--seed", "1", "--interactive", input=typed)
    assert result.exit_code == 0, result.stderr
    assert "illegal move bid:7" in result.stdout
    assert "P2 passes (bid 0)" in result.stdout


# -- simulate ------------------------------------------------------------------------------------
def test_simulate_json_counts_games_and_points_add_up():
    result = run("simulate", "briscola", "--games", "30", "--bots", "greedy,random", "--seed", "1",
                 "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 30
    assert data["bots"] == ["greedy", "random"]
    assert sum(t["wins"] for t in data["teams"]) + data["draws"] == 30
    assert sum(t["points"] for t in data["teams"]) == 30 * 120 == data["total_points"]
    assert sum(s["points"] for s in data["seats"]) == 30 * 120
    greedy, rand = data["teams"]
    assert greedy["wins"] > rand["wins"]


def test_simulate_assigns_bots_to_seats_in_turn_and_teams_sum():
    result = run("simulate", "klaverjas", "--games", "5", "--bots", "greedy,random,random",
                 "--seed", "2", "--json", "-o", "roem=no")
    data = json.loads(result.stdout)
    assert data["bots"] == ["greedy", "random", "random", "greedy"]
    assert [t["team"] for t in data["teams"]] == ["P1+P3", "P2+P4"]
    assert data["total_points"] == 5 * 162


def test_simulate_prints_a_summary_table():
    result = run("simulate", "cruce", "--games", "5", "--players", "3", "--seed", "1")
    assert result.exit_code == 0
    assert "wins" in result.stdout and "avg points" in result.stdout
    assert "P3" in result.stdout


def test_simulate_saves_records_that_check(tmp_path):
    result = run("simulate", "klaverjas", "--games", "6", "--bots", "greedy,random", "--seed", "9",
                 "--save", str(tmp_path / "out"), "--variant", "amsterdam")
    assert result.exit_code == 0, result.stderr
    files = sorted((tmp_path / "out").glob("*.tgn"))
    assert len(files) == 6
    games = record.load(files[0])
    assert games[0].rules.variant == "amsterdam" and games[0].is_over()
    checked = run("check", *map(str, files))
    assert checked.exit_code == 0, checked.stderr
    assert checked.stdout.count("OK ") == 6
    as_json = json.loads(run("check", str(tmp_path / "out"), "--json").stdout)
    assert as_json["ok"] is True and as_json["games"] == 6


# -- check ---------------------------------------------------------------------------------------
@pytest.fixture
def saved(tmp_path) -> Path:
    game = aceten.new_game("briscola", seed=12)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    return record.save(tmp_path / "game.tgn", game)


def test_check_a_good_record(saved):
    result = run("check", str(saved))
    assert result.exit_code == 0
    assert "OK " in result.stdout and "all valid" in result.stdout


def test_check_a_missing_file(tmp_path):
    assert_one_line_error(run("check", str(tmp_path / "nope.tgn")), "nope.tgn")


def test_check_a_truncated_record(saved):
    text = saved.read_text()
    saved.write_text(text[: len(text) * 2 // 3])
    assert_one_line_error(run("check", str(saved)), "game.tgn", "line")


def test_check_a_corrupt_record(saved):
    saved.write_text("[Game \"briscola\"\nthis is not a record\n")
    assert_one_line_error(run("check", str(saved)), "line 1")


def test_check_a_binary_file(saved):
    saved.write_bytes(b"\xff\xfe\x00\x01")
    assert_one_line_error(run("check", str(saved)), "game.tgn")


def test_check_a_record_with_an_illegal_move(tmp_path):
    game = aceten.new_game("klaverjas", seed=1)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    text = record.dumps(game)
    first = game.tricks[0]
    hand = aceten.new_game("klaverjas", seed=1).hand(first.seats[1])
    led = first.cards[0].suit
    other = next(c for c in hand if c.suit != led and c != first.cards[1])
    if not any(c.suit == led for c in hand):
        pytest.skip("the second player is void in the suit led")
    line = f"{first.number}. P{first.leader + 1}: " + " ".join(map(str, first.cards))
    assert line in text
    bad = text.replace(line, line.replace(str(first.cards[1]), str(other), 1))
    path = tmp_path / "bad.tgn"
    path.write_text(bad)
    result = run("check", str(path))
    assert_one_line_error(result, "bad.tgn", "line ", "must follow")


def test_check_a_record_whose_result_is_wrong(saved):
    text = saved.read_text()
    result_line = next(line for line in text.splitlines() if line.startswith("[Result"))
    saved.write_text(text.replace(result_line, '[Result "P1 wins: P1 120 - P2 0"]'))
    assert_one_line_error(run("check", str(saved)), "[Result]")


# -- rules ---------------------------------------------------------------------------------------
def test_rules_klaverjas_json():
    result = run("rules", "klaverjas", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["trump_order"] == ["J", "9", "A", "T", "K", "Q", "8", "7"]
    assert data["trump_points"]["J"] == 20 and data["total_points"] == 162
    assert data["options"]["trump_choice"]["default"] == "verplicht"


def test_rules_tables_show_ranks_obligations_and_options():
    result = run("rules", "brisca", "--option", "arrastre=yes", "--players", "3")
    assert result.exit_code == 0
    out = result.stdout
    for text in ("Brisca", "3 players", "Ranks", "obligations", "once the stock is empty",
                 "arrastre", "scoring"):
        assert text in out


def test_rules_variant():
    data = json.loads(run("rules", "klaverjas", "--variant", "amsterdam", "--json").stdout)
    assert data["variant"] == "amsterdam"
    assert any("partner" in line for line in data["obligations"])


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "fragment"), [
    (["play", "chess", "--auto"], "unknown game 'chess'"),
    (["simulate", "poker", "--games", "2"], "unknown game 'poker'"),
    (["rules", "whist"], "unknown game 'whist'"),
    (["play", "briscola", "--auto", "--option", "colour=red"], "unknown briscola option 'colour'"),
    (["play", "briscola", "--auto", "--option", "arrastre"], "bad --option 'arrastre'"),
    (["simulate", "brisca", "--option", "=yes"], "bad --option '=yes'"),
    (["rules", "brisca", "-o", "arrastre=maybe"], "option arrastre"),
    (["play", "klaverjas", "--auto", "--variant", "utrecht"], "unknown klaverjas variant 'utrecht'"),
    (["play", "briscola", "--auto", "--players", "5"], "not 5"),
    (["play", "briscola", "--auto", "--seat", "4"], "--seat 4"),
    (["play", "briscola", "--auto", "--opponent", "deep"], "unknown bot 'deep'"),
    (["simulate", "briscola", "--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["simulate", "briscola", "--games", "0"], "--games 0"),
    (["play", "briscola", "--auto", "-o", "trump=ZZ"], "unknown suit 'ZZ'"),
    (["play", "briscola", "--auto", "-o", "deck=ZZ AS"], "malformed card 'ZZ'"),
])
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    assert_one_line_error(run(*args), fragment)


def test_save_into_a_file_that_is_not_a_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("simulate", "briscola", "--games", "1", "--save", str(blocker))
    assert_one_line_error(result, "file")


def test_check_json_reports_a_bad_record(tmp_path):
    path = tmp_path / "broken.tgn"
    path.write_text("[Game \"klaverjas\"]\n[Seed \"1\"]\n\n1. P1: ZZ\n")
    result = run("check", str(path), "--json")
    assert_one_line_error(result, "broken.tgn", "line 4")
    assert json.loads(result.stdout)["ok"] is False


def test_a_simulated_deal_replays_with_play(tmp_path):
    run("simulate", "brisca", "--games", "3", "--bots", "random", "--seed", "40",
        "--save", str(tmp_path))
    saved = record.load(tmp_path / "brisca-000041.tgn")[0]
    played = json.loads(run("play", "brisca", "--seed", "41", "--opponent", "random", "--json").stdout)
    assert [str(m) for m in saved.moves] == played["deals"][0]["moves"]


def test_interrupt_at_the_prompt_is_one_error_line(monkeypatch):
    def interrupted(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    result = run("play", "briscola", "--seed", "4", "--interactive")
    assert_one_line_error(result, "interrupted")


def test_help_lists_the_commands():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("play", "simulate", "check", "rules"):
        assert command in result.stdout
    assert "--interactive" not in run("play", "--help").stdout


def test_help_lists_each_command_in_whole_sentences():
    """Each summary of a command list is its docstring's first paragraph on one line: Typer's
    rich help kept the docstring's line breaks there, breaking `aceten --help`'s rows
    mid-sentence ("smallest first, with their" / "totals (a relational query) ...")."""
    from aceten.cli import app

    def commands(group):
        yield from group.registered_commands
        for sub in group.registered_groups:
            yield from commands(sub.typer_instance)

    infos = list(commands(app))
    assert len(infos) >= 14
    for info in infos:
        assert info.short_help and "\n" not in info.short_help, info.callback.__name__
    cards = next(i for i in infos if (i.name or i.callback.__name__) == "cards")
    assert cards.short_help.startswith("Sets of cards meeting point, suit and rank conditions, "
                                       "smallest first, with their totals")


def test_each_commands_help_reads_in_whole_sentences(monkeypatch):
    """A command's help paragraphs each on one line, wrapped only at the terminal's edge:
    Typer's rich help kept each docstring's line breaks and wrapped them again ("for the side
    to move: its card" / "points at the end of the deal"), found by a newcomer pass."""
    import typer.rich_utils

    from aceten.cli import app

    def commands(group):
        yield from group.registered_commands
        for sub in group.registered_groups:
            yield from commands(sub.typer_instance)

    for info in commands(app):
        for paragraph in info.help.split("\n\n"):
            assert "\n" not in paragraph or paragraph.startswith(("-", " ")), paragraph
    monkeypatch.setattr(typer.rich_utils, "MAX_WIDTH", 300)  # the sentences fit on one line
    lines = [line.strip() for line in run("solve", "--help").stdout.split("\n")]
    assert ("Values are exact, with every hand and the stock order known, for the side to move: "
            "its card points at the end of the deal (with roem, marriages and the last-trick "
            "bonus) when both sides play best from there on.") in lines, lines


def test_play_uses_the_default_bot_unless_told():
    from aceten import agents

    done = run("play", "briscola", "--seed", "3", "--json")
    assert json.loads(done.stdout)["bots"] == [agents.DEFAULT] * 2
    done = run("play", "briscola", "--seed", "3", "--json", "--opponent", "random")
    assert json.loads(done.stdout)["bots"] == ["random"] * 2


@pytest.mark.parametrize("args", [[], ["export"], ["arena"]])
def test_a_command_group_alone_shows_its_help_without_an_error(args, capsys):
    # found by a newcomer pass: ``aceten`` alone printed the help, then an empty "error: " line
    # and exited 2
    from aceten.cli import main

    with pytest.raises(SystemExit) as done:
        main(args)
    out, err = capsys.readouterr()
    assert done.value.code == 0
    assert "Usage: aceten" in out and err == ""


@pytest.mark.parametrize("command", ["play", "prove", "check", "cards", "ask"])
def test_the_help_shows_no_python_types(command):
    # found by a newcomer pass: "--help <bool>", "--e <bool>" (flags), "<list[str]>"
    text = run(command, "--help").stdout
    assert "<bool>" not in text and "list[" not in text and "--help" in text
