"""``aceten check``: validate game records (every play legal, totals right, result as stated)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from aceten.cli.common import EXIT_ERROR, JsonOpt, user_errors
from aceten.errors import AcetenError
from aceten.game import Game


def register(app: typer.Typer) -> None:
    """Add ``check`` to the ``aceten`` command."""
    app.command()(check)


def check(
    files: Annotated[list[Path], typer.Argument(help="record files (.tgn) or folders of them",
                                                show_default=False)],
    json_out: JsonOpt = False,
) -> None:
    """Validate game records: every play legal, the totals right, the result as stated.

    Every file is checked, the bad ones each with an `error:` line on stderr, then a summary.
    Exit code 0: every record valid; 2: a file is bad, or there is nothing to check (a folder
    without any .tgn file is refused before anything is checked)."""
    with user_errors(json_out):
        paths = _record_paths(files)
        report: list[dict[str, Any]] = []
        problems: list[dict[str, str]] = []
        for path in paths:
            try:
                games = _check_file(path)
            except AcetenError as err:
                problems.append({"path": str(path), "error": " ".join(str(err).split())})
                if not json_out:
                    print(f"error: {problems[-1]['error']}", file=sys.stderr, flush=True)
                continue
            report.append({"path": str(path), "games": games})
            if not json_out:
                _print_file(report[-1])
        count = sum(len(r["games"]) for r in report)
        summary = _summary(count, len(paths), len(problems))
        if json_out:
            out: dict[str, Any] = {"ok": not problems, "files": len(paths), "games": count,
                                   "records": report, "invalid": problems}
            if problems:
                out["error"] = problems[0]["error"] if len(problems) == 1 else summary
            print(json.dumps(out, ensure_ascii=False))
            for problem in problems:
                print(f"error: {problem['error']}", file=sys.stderr)
        else:
            print(summary)
        if problems:
            raise typer.Exit(EXIT_ERROR)


def _record_paths(files: list[Path]) -> list[Path]:
    """The files named, and the ``.tgn`` files in the folders named (not their sub-folders,
    even one whose name ends in .tgn). A folder without any is refused: nothing to check."""
    paths: list[Path] = []
    for path in files:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.tgn") if p.is_file())
            if not found:
                raise AcetenError(f"{path}: no record files (.tgn) in this folder: nothing to "
                                  "check")
            paths.extend(found)
        else:
            paths.append(path)
    return paths


def _check_file(path: Path) -> list[dict[str, Any]]:
    from aceten import record

    if not path.exists():
        raise record.no_such_file(path)
    return [_check_game(path, i, g) for i, g in enumerate(record.load(path))]


def _print_file(checked: dict[str, Any]) -> None:
    games = checked["games"]
    for i, info in enumerate(games):
        where = checked["path"] + (f" #{i + 1}" if len(games) > 1 else "")
        state = info["result"] if info["over"] else f"in progress after {info['moves']} moves"
        print(f"OK {where}: {info['game']}, {info['players']} players: {state}", flush=True)


def _summary(records: int, files: int, bad: int) -> str:
    from aceten.agents.words import plural

    if not bad:
        return f"{plural(records, 'record')} in {plural(files, 'file')}: all valid"
    if bad == files:
        return f"{bad} of {plural(files, 'file')} invalid"
    others = "the other file" if files - bad == 1 else f"the other {files - bad} files"
    return f"{bad} of {plural(files, 'file')} invalid; {plural(records, 'record')} valid in {others}"


def _check_game(path: Path, index: int, game: Game) -> dict[str, Any]:
    """Replay the record's moves on a fresh deal (an independent check) and summarise it."""
    fresh = Game(game.rules, seed=game.seed, deal=game.deal)
    for number, move in enumerate(game.moves, start=1):
        try:
            fresh.push(move)
        except AcetenError as err:
            raise AcetenError(f"{path}: record {index + 1}, move {number}: {err}") from None
    info: dict[str, Any] = {"game": game.rules.name, "variant": game.rules.variant,
                            "players": game.players, "seed": game.seed, "moves": len(game.moves),
                            "tricks": len(game.tricks), "over": game.is_over()}
    outcome = fresh.outcome()
    if outcome is not None:
        total = sum(outcome.points)
        expected = _deck_points(fresh)
        if total != expected:
            raise AcetenError(f"{path}: record {index + 1}: card points add up to {total}, "
                              f"not {expected}")
        info.update(result=outcome.result, points=list(outcome.points),
                    scores=list(outcome.scores))
    return info


def _deck_points(game: Game) -> int:
    rules = game.rules
    per_trump = getattr(rules, "total_points_for", None)
    if per_trump is not None:
        return int(per_trump(game.trump))
    return rules.total_points

