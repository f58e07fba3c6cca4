"""``aceten check``: validate game records (every play legal, totals right, result as stated)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from aceten.cli.common import JsonOpt, user_errors
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
    """Validate game records: every play legal, the totals right, the result as stated."""
    from aceten import record

    with user_errors(json_out):
        paths: list[Path] = []
        for path in files:
            if path.is_dir():
                found = sorted(path.glob("*.tgn"))
                if not found:
                    raise AcetenError(f"{path}: no .tgn records in this folder")
                paths.extend(found)
            else:
                paths.append(path)
        report = []
        for path in paths:
            if not path.exists():
                raise AcetenError(f"{path}: no such file")
            loaded = record.load(path)
            report.append({"path": str(path), "games": [_check_game(path, i, g)
                                                        for i, g in enumerate(loaded)]})
        count = sum(len(r["games"]) for r in report)
        if json_out:
            print(json.dumps({"ok": True, "files": len(report), "games": count, "records": report},
                             ensure_ascii=False))
            return
        for r in report:
            for i, info in enumerate(r["games"]):
                where = r["path"] + (f" #{i + 1}" if len(r["games"]) > 1 else "")
                state = info["result"] if info["over"] else f"in progress after {info['moves']} moves"
                print(f"OK {where}: {info['game']}, {info['players']} players: {state}")
        print(f"{count} record{'s' if count != 1 else ''} in {len(report)} "
              f"file{'s' if len(report) != 1 else ''}: all valid")


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

