"""The logic layer's commands: ``aceten ask``, ``aceten cards`` and ``aceten export trick``.

OR-Tools and Lark are imported inside the commands, so ``aceten --help`` stays fast.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from aceten.cli.common import (
    AfterOpt,
    JsonOpt,
    OptionOpt,
    PlayersOpt,
    PlyOpt,
    VariantOpt,
    flag,
    moves_after,
    parse_options,
    user_errors,
)
from aceten.errors import AcetenError

SEMANTICS = ("possible means: for SOME assignment of the unknown cards and SOME sequence of legal "
             "plays (every player's choice free) the goal holds; it does not mean a player can "
             "force it against the others (that is the double-dummy solver's question)")

HandOpt = Annotated[list[str] | None, typer.Option(
    "--hand", metavar="P1=CARDS", help="known cards of a dealt hand, repeatable: --hand 'P1=7C 2S 2O' "
    "(?? for unknown cards)")]


def _hands(items: list[str] | None) -> dict[str, str] | None:
    if not items:
        return None
    out: dict[str, str] = {}
    for item in items:
        for sep in ("=", ":"):
            if sep in item:
                key, _, value = item.partition(sep)
                break
        else:
            raise AcetenError(f"bad --hand {item!r}: expected P1=CARDS, like --hand 'P1=7C 2S 2O'")
        key = key.strip().upper()
        if key in out:
            raise AcetenError(f"--hand {key} given twice")
        out[key] = value.strip()
    return out


def _goal(argument: str | None, option: str | None) -> str | None:
    """The goal, given as the second argument or with --goal (not both, unless the same)."""
    if argument is not None and option is not None and argument.strip() != option.strip():
        raise AcetenError(f"two goals given ({argument!r} and --goal {option!r}): give one")
    return option if argument is None else argument


def _game_named(file: Path | None, flags: dict[str, Any]) -> Path | None:
    """``aceten ask briscola ...``: a game's name where a file is not there reads as --game."""
    from aceten.rules import GAMES

    if file is None or file.exists() or str(file).strip().lower() not in GAMES:
        return file
    name = str(file).strip().lower()
    if flags.get("game") not in (None, name):
        raise AcetenError(f"{file}: no such file (and --game says {flags['game']})")
    flags["game"] = name
    return None


def _is_record(file: Path) -> bool:
    """A game record (``.tgn``, or a file opening with a tag pair such as ``[Game "briscola"]``),
    not a TOML position (whose tables read ``[name]``)."""
    if file.suffix.lower() == ".tgn":
        return True
    try:
        with file.open("rb") as handle:
            head = handle.read(256).decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    except OSError:
        return False
    return re.match(r'\[[A-Za-z]\w*\s+"', head) is not None


def _record_named(file: Path | None, flags: dict[str, Any]) -> Path | None:
    """``aceten ask game.tgn GOAL``: a record where the position goes reads as --history (the
    position after its moves, its game, variant and options the record's)."""
    if file is None or not file.is_file() or not _is_record(file):
        return file
    if flags.get("history"):
        raise AcetenError(f"{file} is a game record and --history gives another: give one")
    flags["history"] = _read_record(str(file))
    return None


def _goal_alone(file: Path | None) -> tuple[Path | None, str | None]:
    """``aceten ask --history h.tgn 'tricks(P1) >= 4'``: with no goal given, a lone argument that
    is no file, no game's name and reads as a goal (it has a bracket or a comparison) is the
    goal."""
    from aceten.rules import GAMES

    if file is None or file.exists():
        return file, None
    text = str(file)
    if text.strip().lower() in GAMES or not re.search(r"[()<>=]", text):
        return file, None
    return None, text


def _read_record(history: str) -> Any:
    """The --history record (a path, or the record's text) read here, with the path as it was
    typed, so that an error names the file so (the position would read a path from its own
    folder)."""
    from aceten.logic.position import read_history

    return read_history(history)


def _record_cut(record: Any, after: int, ply: int | None) -> Any:
    """The history record with only its first ``after`` moves."""
    import dataclasses

    total = len(record.moves)
    if after > total:
        said = f"--ply {ply}" if ply is not None else f"--after {after}"
        most = f"--ply 1 to {total + 1}" if ply is not None else f"--after 0 to {total}"
        raise AcetenError(f"{said}: the record has {total} moves ({most})")
    return dataclasses.replace(record, moves=record.moves[:after],
                               leaders=[m for m in record.leaders if m[1] <= after])


def _position(file: Path | None, flags: dict[str, Any], after: int | None = None,
              ply: int | None = None) -> Any:
    """The position the command's file and flags describe; ``after``: only that many moves of
    its record (``--after``, or ``--ply`` as the user said it)."""
    from aceten.logic import position

    given = _game_named(file, flags)
    file = _record_named(given, flags)
    name = str(given) if given is not None and file is None else "command line"  # a record
    if after is not None:
        if not flags.get("history"):
            raise AcetenError("--after and --ply take a record: a .tgn in the position's place, "
                              "or --history")
        flags["history"] = _record_cut(flags["history"], after, ply)
    overrides = {k: v for k, v in flags.items() if v not in (None, {}, [])}
    if file is None:
        if "game" not in overrides and "history" not in overrides:
            raise AcetenError("give a position (FILE.toml), a game record (FILE.tgn) or at "
                              "least --game")
        return position.from_dict(overrides, base=Path.cwd(), name=name)
    from aceten.record import read_text

    text = read_text(file, limit=position.MAX_POSITION_BYTES)
    return position.loads(text, base=file.parent, name=str(file), overrides=overrides)


def register(app: typer.Typer) -> None:
    """Add the logic commands to the ``aceten`` application."""

    @app.command()
    def ask(
        file: Annotated[Path | None, typer.Argument(
            help="a position (.toml; see docs/logic.md), a game record (.tgn: the position "
                 "after its moves, as --history), or a game's name for a position made of the "
                 "options below", show_default=False)] = None,
        goal_argument: Annotated[str | None, typer.Argument(
            metavar="goal", help="the goal, as --goal", show_default=False)] = None,
        goal: Annotated[str | None, typer.Option("--goal", "-g", help="the goal, e.g. "
                                                 "'tricks(P1) >= 4' (default: the file's goal)")] = None,
        json_out: JsonOpt = False,
        all_: Annotated[int, typer.Option("--all", help="up to N distinct witnesses")] = 1,
        show_model: Annotated[bool, flag("--show-model", help="list the propositions and "
                                                 "constraint groups with their counts")] = False,
        explain: Annotated[bool, flag("--explain", help="if impossible, a minimal set of "
                                              "reasons (an unsatisfiable core)")] = False,
        game: Annotated[str | None, typer.Option("--game", help="briscola, brisca, cruce, klaverjas")] = None,
        players: PlayersOpt = None,
        variant: VariantOpt = None,
        option: OptionOpt = None,
        trump: Annotated[str | None, typer.Option("--trump", help="trump suit (given), or the "
                                                  "face-up card, e.g. 7S")] = None,
        leader: Annotated[str | None, typer.Option("--leader", help="who leads the first trick, "
                                                   "e.g. P1")] = None,
        hand: HandOpt = None,
        stock: Annotated[str | None, typer.Option("--stock", help="the stock in drawing order, ?? "
                                                  "for unknown cards")] = None,
        history: Annotated[str | None, typer.Option("--history", help="a .tgn record of the play "
                                                    "so far (?? allowed)")] = None,
        moves: Annotated[str | None, typer.Option("--moves", help="the play so far, e.g. "
                                                  "'AS 3S ?? 2S'")] = None,
        after: AfterOpt = None,
        ply: PlyOpt = None,
        tgn: Annotated[Path | None, typer.Option("--tgn", help="write the witnesses as .tgn "
                                                 "records to this file")] = None,
        time_limit: Annotated[float | None, typer.Option("--time-limit", help="seconds for the "
                                                         "solver")] = None,
        workers: Annotated[int, typer.Option("--workers", help="solver threads")] = 1,
    ) -> None:
        """Ask whether a goal is possible in a position; see docs/logic.md.

        The answer is a witness game, an explanation of impossibility, or an optimum."""
        with user_errors(json_out):
            started = time.perf_counter()
            if goal is None and goal_argument is None:
                file, goal_argument = _goal_alone(file)
            flags = {"game": game, "players": players, "variant": variant,
                     "options": parse_options(option), "trump": trump, "leader": leader,
                     "hands": _hands(hand), "stock": stock, "history": history, "moves": moves,
                     "goal": _goal(goal_argument, goal)}
            if tgn is not None and tgn.suffix.lower() != ".tgn":  # as play and simulate say
                raise AcetenError(f"--tgn {tgn}: a record's file name ends in .tgn")
            if history:
                flags["history"] = _read_record(history)
            pos = _position(file, flags, moves_after(after, ply), ply)
            from aceten.logic.solve import ask as run

            answer = run(pos, pos.goal, all=all_, explain=explain, show_model=show_model,
                         time_limit=time_limit, workers=workers)
            answer.timings["total"] = time.perf_counter() - started
            if tgn is not None and answer.witnesses:
                from aceten import record

                record.save(tgn, [w.game for w in answer.witnesses])
            if json_out:
                print(json.dumps(_answer_data(answer), ensure_ascii=False))
            else:
                _print_answer(answer, tgn)

    @app.command()
    def cards(
        game: Annotated[str, typer.Argument(help="briscola, brisca, cruce or klaverjas",
                                            show_default=False)],
        condition: Annotated[str | None, typer.Argument(help="e.g. 'sum(points) == 15' (none: "
                                                        "every set, with --size or --max-size)",
                                                        show_default=False)] = None,
        size: Annotated[int | None, typer.Option("--size", "-k", help="sets of this many cards")] = None,
        max_size: Annotated[int | None, typer.Option("--max-size", help="sets of at most this "
                                                     "many cards")] = None,
        beats: Annotated[tuple[str, str] | None, typer.Option(
            "--beats", metavar="CARD CARD", help="two cards, e.g. --beats AO 3O: under which "
            "trumps and suits led the first wins")] = None,
        all_: Annotated[bool, flag("--all", help="list every set, up to 100,000 (default: "
                                           "the first 20 shown, up to 1,000 counted)")] = False,
        players: PlayersOpt = None,
        variant: VariantOpt = None,
        option: OptionOpt = None,
        trump: Annotated[str | None, typer.Option("--trump", help="the trump suit (Klaverjas "
                                                  "points; suit=trump)")] = None,
        json_out: JsonOpt = False,
    ) -> None:
        """Sets of cards meeting point, suit and rank conditions, smallest first, with their
        totals (a relational query); or, with --beats, which of two cards wins a trick."""
        with user_errors(json_out):
            import aceten
            from aceten.logic.cardsets import find

            options = parse_options(option)
            rules = aceten.rules.for_questions(game, players=players, variant=variant, **options)
            if beats is not None:
                if condition is not None or size is not None or max_size is not None:
                    raise AcetenError("--beats takes two cards and no condition or size")
                if trump is not None:  # the table has a row for every trump
                    raise AcetenError("--beats shows every trump suit: give no --trump")
                _print_beats(rules, beats, json_out)
                return
            suit = rules.parse_suit(trump) if trump else None
            found = find(rules, condition, size=size, max_size=max_size, trump=suit,
                         limit=100_000 if all_ else 1_000)
            shown = found.sets if all_ else found.sets[:20]
            count = f"{len(found.sets)}" + ("" if found.complete else "+")
            if json_out:
                print(json.dumps({"ok": True, "game": rules.name, "condition": condition,
                                  "size": size, "max_size": max_size, "count": len(found.sets),
                                  "complete": found.complete,
                                  "sets": [[str(c) for c in s] for s in shown],
                                  "totals": found.totals[:len(shown)]}, ensure_ascii=False))
                return
            texts = [" ".join(map(str, cs)) or "(no cards)" for cs in shown]
            width = max((len(t) for t in texts), default=0)
            for text, total in zip(texts, found.totals):
                print(f"{text:<{width}}  total {total}")
            more = "" if len(shown) == len(found.sets) else f" (first {len(shown)} shown; --all for all)"
            print(f"{count} set{'s' * (len(found.sets) != 1)}, smallest first{more}")

    export_app = typer.Typer(help="Export models for course tools (Mace4/LADR, SMT-LIB).",
                             no_args_is_help=True)
    app.add_typer(export_app, name="export")

    @export_app.command("trick")
    def export_trick(
        game: Annotated[str, typer.Option("--game", help="briscola, brisca, cruce, klaverjas")],
        hand: Annotated[str, typer.Option("--hand", help="the hand of the player to move (none "
                                          "for a full trick)")] = "",
        played: Annotated[str, typer.Option("--played", help="the cards played to the trick, in "
                                            "order (empty: a lead; all players': a full trick, "
                                            "whose winner is asked)")] = "",
        trump: Annotated[str | None, typer.Option("--trump", help="the trump suit")] = None,
        fmt: Annotated[str, typer.Option("--format", "-f", help="ladr or smtlib")] = "smtlib",
        players: PlayersOpt = None,
        variant: VariantOpt = None,
        option: OptionOpt = None,
        stock_left: Annotated[bool, flag("--stock-left", help="the stock is not yet drawn "
                                                 "out (Cruce with 2 players, Brisca arrastre)")] = False,
        output: Annotated[Path | None, typer.Option("--output", help="write to this file")] = None,
    ) -> None:
        """One trick as a first-order model: which card is winning (a full trick: its winner),
        which cards of the hand are legal (LADR for Prover9 and Mace4, or SMT-LIB)."""
        with user_errors():
            import aceten
            from aceten.logic import export as ex

            options = parse_options(option)
            rules = aceten.rules.for_questions(game, players=players, variant=variant, **options)
            if fmt.strip().lower() not in ("ladr", "smtlib", "smt-lib", "smt2"):
                raise AcetenError(f"unknown format {fmt!r}: choose ladr or smtlib")
            sp = ex.spec(rules, played, hand, trump, stock_empty=not stock_left)
            text = ex.export(sp, fmt)
            if output is None:
                sys.stdout.write(text)
            else:
                from aceten import record

                record.write_text(output, text)  # whole or as it was
                print(f"wrote {output}")


# -- printing --------------------------------------------------------------------------------------
def _print_beats(rules: Any, pair: tuple[str, str], json_out: bool) -> None:
    """A table: for each trump (rows) and suit led (columns), which card wins."""
    from aceten.logic.cardsets import beats

    first, second = (rules.parse_card(t.strip()) for t in pair)
    duels = beats(rules, first, second)
    if json_out:
        print(json.dumps({"ok": True, "game": rules.name, "players": rules.players,
                          "cards": [str(first), str(second)],
                          "duels": [{"trump": d.trump.name, "led": d.led.name, "possible": d.possible,
                                     "winner": None if d.winner is None else str(d.winner)}
                                    for d in duels]}, ensure_ascii=False))
        return
    suits = list(dict.fromkeys(d.led for d in duels))
    cells = {(d.trump, d.led): (str(d.winner) if d.winner is not None else "-" if d.possible
                                else "n/a") for d in duels}
    width = max(len(s.name) for s in suits) + 4
    print(f"{first} against {second} in {rules.name} ({rules.players} players): the winner of a "
          "trick holding both, from the rules")
    print(f"{'trump':<{width}}" + "".join(f"{'led ' + s.name:<{width + 2}}" for s in suits).rstrip())
    for trump in suits:
        print(f"{trump.name:<{width}}" + "".join(f"{cells[trump, led]:<{width + 2}}"
                                                 for led in suits).rstrip())
    wins = [sum(d.winner == card for d in duels) for card in (first, second)]
    print(f"{first} wins under {wins[0]} of {len(duels)} (trump, led) pairs, {second} under "
          f"{wins[1]}; - : the card led wins; n/a : no trick of {rules.players} players holds "
          "both with that suit led")


def _answer_data(answer: Any) -> dict[str, Any]:
    from aceten.logic.witness import as_data

    data: dict[str, Any] = {
        "ok": True,
        "status": answer.status,
        "goal": answer.goal.text,
        "semantics": "exists: some deal consistent with the position and some legal play",
        "position": answer.position.describe(),
        "witnesses": [as_data(w) for w in answer.witnesses],
        "model": answer.model,
        "timings": {k: round(v, 4) for k, v in answer.timings.items()},
    }
    if answer.goal.is_objective:
        data.update({"sense": answer.goal.sense, "value": answer.value, "bound": answer.bound,
                     "proven": answer.proven})
    if answer.explanation is not None:
        data["explanation"] = answer.explanation.as_data()
    if answer.model_description is not None:
        data["model_description"] = answer.model_description
    return data


def _print_answer(answer: Any, tgn: Path | None) -> None:
    from aceten import record
    from aceten.logic.witness import lines

    print("position: " + "\n  ".join(answer.position.describe()))
    if answer.model_description is not None:
        for line in model_lines(answer.model_description):
            print(line)
    print(f"goal: {answer.goal.text}")
    status = answer.status
    print(f"answer: {answer.verdict}")
    if status == "impossible":
        if answer.explanation is not None:
            for line in answer.explanation.lines():
                print(line)
        else:
            print("  (--explain gives a minimal set of reasons)")
    for i, witness in enumerate(answer.witnesses):
        print(f"-- witness {i + 1}" if len(answer.witnesses) > 1 else "-- witness")
        for line in lines(witness, answer.position):
            print(line)
        if i == 0:
            print("-- record (.tgn)")
            print(record.dumps(witness.game).rstrip())
    if tgn is not None and answer.witnesses:
        print(f"wrote {len(answer.witnesses)} record(s) to {tgn}")
    if status in ("possible", "impossible"):
        print(f"note: {SEMANTICS}")
    t = answer.timings
    if not answer.model.get("built", True):
        print(f"model: not built (a random playout met the goal: the witness above, replayed; "
              f"{t.get('playouts', 0):.2f} s)")
        return
    print(f"model: {answer.model['variables']} variables, {answer.model['constraints']} "
          f"constraints; encode {t.get('encode', 0):.2f} s, solve {t.get('solve', 0):.2f} s, "
          f"replay {t.get('replay', 0):.2f} s"
          + (f", explain {t['explain']:.2f} s" if "explain" in t else ""))


def model_lines(desc: dict[str, Any]) -> list[str]:
    """The model as a logic course would write it: propositions, then constraints by group."""
    out = [f"model: {desc['variables']} variables, {desc['constraints']} constraints", "",
           "propositions:"]
    width = max(len(p["name"]) for p in desc["propositions"])
    for p in desc["propositions"]:
        out.append(f"  {p['name']:<{width}}  {p['count']:>6}  {p['meaning']}")
    out.append("")
    out.append("constraints by group:")
    facts = [grp for grp in desc["groups"] if grp["kind"] == "fact"]
    for grp in desc["groups"]:
        if grp["kind"] == "fact":
            continue
        out.append(f"  [{grp['kind']}] {grp['text']}  ({grp['constraints']})")
        for form in grp["forms"]:
            out.append(f"      {form}")
    if facts:
        out.append(f"  [fact] {len(facts)} facts of the position, one constraint each or more:")
        for grp in facts:
            out.append(f"      {grp['text']}  ({grp['constraints']})")
    out.append(f"  [definitions] {desc['auxiliary_definitions']} constraints define auxiliary "
               "literals (and/or/sums), which name things and constrain nothing")
    out.append("")
    return out
