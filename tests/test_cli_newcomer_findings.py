"""What a newcomer pass over the command line found (2026-11-25), kept fixed: an output file
never replaces one of the command's own inputs, no value is silently ignored or defaulted, and
the help and summaries say only what applies."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import assert_one_line_error, run


def _record(tmp_path):
    done = run("simulate", "briscola", "--games", "1", "--seed", "3", "--save", str(tmp_path / "g.tgn"))
    assert done.exit_code == 0, done.output
    return tmp_path / "g.tgn"


def test_knows_refuses_to_draw_over_the_record_it_reads(tmp_path):
    path = _record(tmp_path)
    before = path.read_bytes()
    assert_one_line_error(run("knows", str(path), "--card", "AS", "--svg", str(path)),
                          "--svg", "is the record being read")
    assert path.read_bytes() == before
    drawn = run("knows", str(path), "--card", "AS", "--svg", str(tmp_path / "k.svg"))
    assert drawn.exit_code == 0 and (tmp_path / "k.svg").read_text().startswith("<svg")


def test_table_refuses_to_write_over_a_record_it_reads_even_through_its_folder(tmp_path):
    path = _record(tmp_path)
    before = path.read_bytes()
    for source in (path, tmp_path):
        assert_one_line_error(run("table", str(source), "--format", "csv", "--out", str(path)),
                              "--out", "is the record being read")
    assert path.read_bytes() == before


def test_knows_needs_at_least_one_world(tmp_path):
    assert_one_line_error(run("knows", str(_record(tmp_path)), "--max-worlds", "0"), "--max-worlds 0")


def test_checking_only_invalid_files_says_so_without_an_empty_remainder(tmp_path):
    # found by a newcomer pass: "1 of 1 file invalid; 0 records valid in the other 0"
    (tmp_path / "bad.tgn").write_text("[Game \"briscola\"]\n1. ZZ\n", encoding="utf-8")
    done = run("check", str(tmp_path))
    assert done.exit_code == 2 and done.stdout.strip().splitlines()[-1] == "1 of 1 file invalid"


def test_beats_refuses_a_trump_it_would_ignore():
    # found by a newcomer pass: ``cards --beats AH TH --trump X`` ignored the (bad) --trump
    assert_one_line_error(run("cards", "briscola", "--beats", "AS", "3S", "--trump", "X"),
                          "--beats shows every trump suit")
    assert run("cards", "briscola", "--beats", "AS", "3S").exit_code == 0


def test_a_dealer_out_of_range_is_named_as_the_user_wrote_it():
    # found by a newcomer pass: dealer=P3 answered "option dealer=2: seats are 0 to 1"
    assert_one_line_error(run("rules", "briscola", "--option", "dealer=P3"),
                          "option dealer=P3", "P1 to P2")


@pytest.mark.parametrize(("game", "shown"), [
    (("briscola",), set()), (("brisca",), {"swap:"}), (("cruce",), {"bid:2 or 2"}),
    (("klaverjas",), {"trump:H"}),
    (("briscola", "--variant", "chiamata", "--players", "5"), {"bid:A", "call:3S"})])
def test_the_prompts_help_lists_only_this_games_moves(game, shown):
    # found by a newcomer pass: '?' listed Cruce's bids, Klaverjas's calls and Brisca's swap in
    # every game
    out = run("play", *game, "--seed", "1", "--opponent", "random", "--interactive",
              input="?\nquit\n\n").stdout
    assert "play a card" in out and "quit    leave the game" in out
    assert {m for m in ("swap:", "bid:2 or 2", "trump:H", "bid:A", "call:3S") if m in out} == shown


def test_an_empty_bot_name_is_an_error_not_a_default_or_a_skipped_seat():
    assert_one_line_error(run("play", "briscola", "--auto", "--opponent", ""), "--opponent")
    assert_one_line_error(run("simulate", "briscola", "--bots", "greedy,,random"),
                          "a name is missing between two commas")


@pytest.mark.parametrize(("option", "named"), [("trump=X", "option trump: unknown suit"),
                                               ("deck=foo", "option deck: malformed card")])
def test_a_bad_trump_or_deck_option_names_the_option(option, named):
    assert_one_line_error(run("rules", "briscola", "--option", option), named)


def test_the_legal_cards_are_listed_in_the_order_of_the_hand_on_the_table():
    # found by a newcomer pass: the hand read "HS 5S 4O" and '?' answered "legal: 5S HS 4O"
    out = run("play", "briscola", "--seed", "1", "--opponent", "random", "--interactive",
              input="?\nquit\n\n").stdout
    hand = next(line for line in out.splitlines() if "Your hand" in line).split("Your hand")[1]
    legal = next(line for line in out.splitlines() if "legal:" in line).split("legal:")[1]
    assert legal.split() == hand.strip(" │\n").split()


def test_options_that_would_be_ignored_are_refused():
    # found by a newcomer pass: prove's --game beside a position file, and --hints with --auto,
    # were ignored without a word
    student = str(Path(__file__).resolve().parents[1] / "examples" / "student.toml")
    assert_one_line_error(run("prove", "tricks(P1) <= 20", student, "--game", "cruce"),
                          "the position file names its game")
    assert_one_line_error(run("play", "briscola", "--auto", "--hints"), "--hints coaches a person")


def test_a_missing_file_is_said_the_same_way_by_every_command(tmp_path):
    missing = str(tmp_path / "missing.tgn")
    for command in ("check", "knows", "solve"):
        assert_one_line_error(run(command, missing), f"{missing}: no such file")


def test_a_games_name_given_for_a_record_says_how_to_make_one(tmp_path, monkeypatch):
    # found by a newcomer pass (2026-11-29): `aceten knows briscola` said only "briscola: no
    # such file"
    monkeypatch.chdir(tmp_path)
    for command in ("check", "knows", "solve", "table"):
        assert_one_line_error(run(command, "briscola"), "briscola: no such file",
                              "aceten play briscola --auto --save game.tgn")


def test_export_trick_refuses_a_hand_bigger_than_the_games():
    assert_one_line_error(run("export", "trick", "--game", "briscola", "--played", "AS",
                              "--hand", "2S 3S 4S 5S", "--trump", "C"), "holds at most 3")


def test_an_option_of_another_variant_is_refused_not_ignored():
    # found by a newcomer pass: cappotto, lead and point_bids were taken by standard Briscola
    assert_one_line_error(run("rules", "briscola", "--option", "cappotto=yes"),
                          "option cappotto is for briscola chiamata")
    assert run("rules", "briscola", "--variant", "chiamata", "--players", "5",
               "--option", "cappotto=yes").exit_code == 0


def test_a_record_and_a_picture_get_their_own_suffixes(tmp_path):
    # found by a newcomer pass: 'play --save out.txt' was taken (the save prompt insists on
    # .tgn) and 'knows --svg x.png' wrote SVG into a .png
    assert_one_line_error(run("play", "briscola", "--auto", "--save", str(tmp_path / "out.txt")),
                          "ends in .tgn")
    assert_one_line_error(run("knows", str(_record(tmp_path)), "--svg", str(tmp_path / "k.png")),
                          "ending in .svg")
    assert list(tmp_path.glob("out.txt")) == [] and list(tmp_path.glob("k.png")) == []


def test_rules_json_is_one_line_with_ok_and_its_errors_are_json_too():
    # found by a newcomer pass: rules --json alone printed indented JSON without "ok"
    import json

    done = run("rules", "cruce", "--json")
    assert done.exit_code == 0 and len(done.stdout.strip().splitlines()) == 1
    assert json.loads(done.stdout)["ok"] is True
    bad = run("rules", "cruce", "--json", "--players", "9")
    assert bad.exit_code == 2 and json.loads(bad.stdout)["ok"] is False


def test_a_trump_call_of_another_deck_names_the_token():
    out = run("play", "briscola", "--seed", "1", "--opponent", "random", "--interactive",
              input="trump:H\nquit\n\n").stdout
    assert "malformed trump call 'trump:H': unknown suit 'h'" in out


def test_play_json_at_a_terminal_says_that_bots_play_every_seat(monkeypatch):
    # found by a newcomer pass: 'play briscola --json' at a terminal let bots play every seat
    # without a word. --json is the bots' game as JSON (for programs), so it stays so, and says it
    import json

    from aceten.cli import play

    monkeypatch.setattr(play, "stdin_is_terminal", lambda: True)
    done = run("play", "briscola", "--seed", "1", "--opponent", "random", "--json")
    assert done.exit_code == 0, done.output
    assert done.stderr.strip() == "--json: bots play every seat (leave out --json to play yourself)"
    assert json.loads(done.stdout)["bots"] == ["random", "random"]
    # with --auto, as asked; without a terminal, as every command's --json: no note
    assert run("play", "briscola", "--seed", "1", "--opponent", "random", "--json",
               "--auto").stderr == ""
    monkeypatch.setattr(play, "stdin_is_terminal", lambda: False)
    assert run("play", "briscola", "--seed", "1", "--opponent", "random", "--json").stderr == ""


@pytest.mark.parametrize(("text", "card"), [
    ("tien van harten", "TH"), ("harten tien", "TH"), ("harten aas", "AH"),
    ("klaveren boer", "JC"), ("schoppen vrouw", "QS"), ("ruiten heer", "KD"),
    ("negen van ruiten", "9D"), ("klaver acht", "8C"), ("schop zeven", "7S")])
def test_dutch_card_names_are_read_in_klaverjas(text, card):
    # found by a newcomer pass: 'harten aas' (as the web table names it) was not a card
    import json

    done = run("cards", "klaverjas", "--beats", text, "AS", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["cards"] == [card, "AS"]


@pytest.mark.parametrize(("args", "named"), [
    (("briscola", "--option", "teams=none"), "option teams is for briscola with 4 players, not 2"),
    (("brisca", "--players", "6", "--option", "teams=pairs"),
     "option teams is for brisca with 4 players, not 6"),
    (("briscola", "--option", "removed=2S"), "option removed is for briscola with 3 players, not 2"),
    (("briscola", "--players", "4", "--option", "removed=2S"),
     "option removed is for briscola with 3 players, not 4"),
    (("briscola", "--variant", "chiamata", "--players", "5", "--option", "removed=2S"),
     "option removed is for briscola with 3 players, not 5")])
def test_an_option_for_another_player_count_is_refused_not_ignored(args, named):
    # found by a newcomer pass: teams=none with 2 players, removed=2S outside 3-player Briscola
    assert_one_line_error(run("rules", *args), named)
    assert_one_line_error(run("play", *args, "--auto"), named)


def test_the_options_for_a_player_count_still_work_there():
    assert run("rules", "briscola", "--players", "4", "--option", "teams=none").exit_code == 0
    import json

    done = run("rules", "briscola", "--players", "3", "--option", "removed=2S", "--json")
    assert done.exit_code == 0 and "2S" not in json.loads(done.stdout)["deck"]


def test_check_of_a_folder_without_records_says_there_is_nothing_to_check(tmp_path):
    # found by a newcomer pass: a folder without records was taken for an invalid file
    assert_one_line_error(run("check", str(tmp_path)),
                          f"{tmp_path}: no record files (.tgn) in this folder: nothing to check")
    (tmp_path / "old.tgn").mkdir()  # a folder, not a record file
    (tmp_path / "notes.txt").write_text("not a record\n", encoding="utf-8")
    done = run("check", str(tmp_path))
    assert_one_line_error(done, "no record files (.tgn) in this folder")
    assert "invalid" not in done.stdout
    assert "exit code 0: every record valid; 2:" in " ".join(run("check", "--help").stdout.split()).lower()


def test_table_has_no_dash_o_as_it_is_option_in_every_other_command(tmp_path, monkeypatch, capsys):
    # found by a newcomer pass: in 'table', -o was --out; everywhere else -o is --option
    from aceten.cli import main

    path = _record(tmp_path)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(["table", str(path), "-o", "rows.csv"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: No such option: -o" and not (tmp_path / "rows.csv").exists()
    written = run("table", str(path), "--out", "rows.csv")
    assert written.exit_code == 0 and (tmp_path / "rows.csv").read_text().startswith("file,deal,")


def test_output_files_are_written_whole_through_links_and_to_devices(tmp_path):
    """table --out, export --output and knows --svg used to write in place: a failed write left
    a fragment of the new file where the old one was (the .tgn savers already wrote a new file
    and renamed it); and every saver replaced a symbolic link, or a device, with a file."""
    path = _record(tmp_path)
    (tmp_path / "real").mkdir()
    for args, name in [(("table", str(path), "--out"), "t.csv"),
                       (("knows", str(path), "--card", "AS", "--svg"), "k.svg"),
                       (("export", "trick", "--game", "briscola", "--hand", "AS", "--played",
                         "3S", "--trump", "C", "--output"), "x.smt2")]:
        link = tmp_path / name
        link.symlink_to(tmp_path / "real" / name)
        done = run(*args, str(link))
        assert done.exit_code == 0, done.output
        assert link.is_symlink() and (tmp_path / "real" / name).stat().st_size > 0
        if not name.endswith(".svg"):  # --svg wants a name ending in .svg
            assert run(*args, "/dev/null").exit_code == 0
            assert Path("/dev/null").is_char_device()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.tgn", "k.svg", "real", "t.csv",
                                                          "x.smt2"]


def test_minus_h_is_help_everywhere():
    for args in ((), ("solve",), ("arena",), ("arena", "report"), ("knows",)):
        done = run(*args, "-h")
        assert done.exit_code == 0 and "Usage: aceten" in done.stdout, (args, done.output)


def test_a_misspelt_arena_command_is_not_taken_for_a_game(tmp_path):
    """`arena reprot` used to run a tournament of the game 'reprot' and complain of --bots."""
    from test_cli import script  # a usage error's one line comes from the console script

    done = script("arena", "reprot", "--db", str(tmp_path / "x.sqlite"))
    assert done.returncode == 2 and done.stderr.strip().splitlines() == [
        "error: no arena command 'reprot': did you mean report? (or a game: briscola, brisca, "
        "cruce, klaverjas)"]
    assert not (tmp_path / "x.sqlite").exists()
    assert_one_line_error(run("arena", "nosuch", "--bots", "greedy,random"), "unknown game 'nosuch'")


def test_ask_and_prove_name_a_bad_record_as_it_was_typed(tmp_path, monkeypatch):
    """Their errors used to leave the file out ('line 1: no record found') or name it by its
    absolute path, and a file of several deals pointed to the Python API's loads_all."""
    monkeypatch.chdir(tmp_path)
    Path("empty.tgn").write_text("")
    one = _record(tmp_path).read_text()
    Path("three.tgn").write_text("\n".join([one] * 3))
    for args in (("ask", "empty.tgn", "tricks(P1) >= 1"), ("prove", "tricks(P1) <= 9", "empty.tgn"),
                 ("ask", "--history", "empty.tgn", "tricks(P1) >= 1")):
        assert_one_line_error(run(*args), "error: empty.tgn: line 1: no record found")
    for args in (("ask", "three.tgn", "tricks(P1) >= 1"), ("knows", "three.tgn"),
                 ("ask", "--history", "three.tgn", "--goal", "tricks(P1) >= 1")):
        assert_one_line_error(run(*args), "three.tgn: line ", "a second record starts here, "
                              "where one was expected (the text holds 3")


def test_table_refuses_a_format_its_file_name_contradicts(tmp_path):
    path = _record(tmp_path)
    assert_one_line_error(run("table", str(path), "--out", str(tmp_path / "t.csv"), "-f", "parquet"),
                          "a .csv file for the parquet format: name it t.parquet")
    assert not (tmp_path / "t.csv").exists()
    done = run("table", str(path), "--out", str(tmp_path / "plain"), "-f", "csv")
    assert done.exit_code == 0 and (tmp_path / "plain").read_text().startswith("file,deal,")


def test_ask_writes_witnesses_only_to_a_tgn_file(tmp_path):
    assert_one_line_error(run("ask", "briscola", "tricks(P1) >= 1", "--tgn", str(tmp_path / "w.txt")),
                          "a record's file name ends in .tgn")
    assert not (tmp_path / "w.txt").exists()
