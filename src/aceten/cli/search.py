"""The search layer's command: ``aceten solve``, the double-dummy analysis of a record.

numba is imported only when one of these runs, never by ``import aceten`` or ``aceten --help``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aceten.cli.common import Progress, announce_kernels, flag, user_errors
from aceten.errors import AcetenError

if TYPE_CHECKING:
    from aceten.game import Game
    from aceten.search import Solution

_UNKNOWN_DEAL = re.compile(r'^\s*\[\s*Deal\s+"[^"\n]*\?\?', re.MULTILINE)


def register(app: typer.Typer) -> None:
    """Add ``aceten solve`` to the command."""
    app.command("solve")(solve_command)


def solve_command(
    file: Annotated[Path, typer.Argument(help="a game record (.tgn) with every card known",
                                         show_default=False)],
    ply: Annotated[int | None, typer.Option(
        "--ply", help="analyse only the position before move N (1-based): every legal move's "
        "value and the best line")] = None,
    seat: Annotated[int | None, typer.Option(
        "--seat", help="analyse only the moves of this seat (1-based, P1 = 1)")] = None,
    index: Annotated[int | None, typer.Option(
        "--record", help="analyse only this record of a file holding several (1-based; default: "
        "every record)", show_default=False)] = None,
    objective: Annotated[str | None, typer.Option(
        "--objective", help="points (card points and bonuses; the default) or tricks")] = None,
    json_out: Annotated[bool, flag("--json", help="print one JSON object")] = False,
) -> None:
    """Analyse a record double dummy: each move's value against the best, and the points lost.

    Values are exact, with every hand and the stock order known, for the side to move: its card
    points at the end of the deal (with roem, marriages and the last-trick bonus) when both
    sides play best from there on.
    """
    with user_errors(json_out):
        games = load_games(file)
        if index is not None:
            if not 1 <= index <= len(games):
                raise AcetenError(f"--record {index}: {file} holds {len(games)} record"
                                  f"{'s' if len(games) != 1 else ''}")
            chosen = [(index, games[index - 1])]
        else:
            chosen = list(enumerate(games, start=1))
        if len(chosen) > 1 and ply is not None:
            raise AcetenError(f"--ply {ply}: {file} holds {len(chosen)} records; choose one "
                              "with --record N")
        reports = []
        with Progress(f"solve {file.name}", len(chosen), "records",
                      quiet=json_out or len(chosen) == 1) as progress:
            for number, game in chosen:
                report = analyse(game, ply=ply, seat=seat, objective=objective, source=str(file))
                report["index"] = number
                reports.append(report)
                progress.advance()
        if json_out:
            out = {"ok": True, **reports[0]} if len(reports) == 1 else {
                "ok": True, "record": str(file), "records": reports}
            print(json.dumps(out, ensure_ascii=False))
            return
        for i, report in enumerate(reports):
            if len(reports) > 1:
                print(("\n" if i else "") + f"== {file}, record {report['index']} of {len(games)}")
            _print_report(report)


# -- analysis ------------------------------------------------------------------------------------
def load_games(path: Path) -> list[Game]:
    """Every record of a file, refusing records with unknown cards."""
    from aceten import record

    if not path.exists():
        raise record.no_such_file(path)
    text = record.read_text(path)
    if _UNKNOWN_DEAL.search(text):
        raise AcetenError(
            f"{path}: the record's deal holds unknown cards (??): it is one seat's view, not a "
            "perfect-information position, and a double-dummy solver needs every hand. Ask "
            "questions over the hidden cards with `aceten ask`, or sample full deals consistent "
            "with the view (aceten.knowledge) and solve each")
    try:
        return record.loads_all(text)
    except AcetenError as err:
        raise AcetenError(f"{path}: {err}") from None


def analyse(game: Game, *, ply: int | None = None, seat: int | None = None,
            objective: str | None = None, source: str = "") -> dict[str, Any]:
    """Replay ``game`` from its deal and solve the position before each of its moves."""
    from aceten.game import Game as GameClass
    from aceten.search import Solver

    rules = game.rules
    moves = game.moves
    if seat is not None and not 1 <= seat <= rules.players:
        raise AcetenError(f"--seat {seat}: seats are 1 to {rules.players}")
    if ply is not None and not 1 <= ply <= len(moves):
        raise AcetenError(f"--ply {ply}: the record has {len(moves)} moves (1 to {len(moves)})"
                          if moves else "--ply: the record has no moves")
    if objective is not None and objective not in ("points", "tricks"):
        raise AcetenError(f"--objective {objective}: choose points or tricks")
    announce_kernels("dds", "the solver")
    solver = Solver()
    replay = GameClass(rules, seed=game.seed, deal=game.deal)
    rows: list[dict[str, Any]] = []
    position: dict[str, Any] | None = None
    start_value: dict[str, Any] | None = None
    started = time.perf_counter()
    nodes = 0
    for number, move in enumerate(moves, start=1):
        mover = replay.to_move
        wanted = (ply is None or number == ply) and (seat is None or mover == seat - 1)
        if replay.phase != "play":
            if ply == number:
                raise AcetenError(f"--ply {ply}: move {ply} ({move}) is a "
                                  f"{'bid' if replay.phase == 'bid' else 'trump call'}; the "
                                  f"solver analyses the play")
            replay.push(move)
            continue
        if ply == number and seat is not None and mover != seat - 1:
            raise AcetenError(f"--ply {ply}: move {ply} ({move}) is P{mover + 1}'s, not seat "
                              f"{seat}'s; leave out --seat, or give a move of P{seat}")
        if start_value is None and ply is None:
            first = solver.solve(replay, objective=objective, moves=False)  # type: ignore[arg-type]
            nodes += first.nodes
            start_value = {"seat": f"P{mover + 1}", "side": _side(first), "value": first.value,
                           "pv": [str(m) for m in first.pv]}
        if wanted:
            result = solver.solve(replay, objective=objective)  # type: ignore[arg-type]
            nodes += result.nodes
            row = _row(replay, number, move, result)
            rows.append(row)
            if ply is not None:
                position = {**row, "moves": [{"move": str(m.move), "value": m.value,
                                              "loss": m.loss} for m in result.moves],
                            "pv": [str(m) for m in result.pv], "future": result.future,
                            "scored": result.scored}
        replay.push(move)
        if ply is not None and number == ply:
            break
    players = []
    for s in range(rules.players):
        mine = [r for r in rows if r["seat"] == f"P{s + 1}"]
        players.append({"seat": f"P{s + 1}", "moves": len(mine),
                        "mistakes": sum(1 for r in mine if r["loss"] > 0),
                        "lost": sum(r["loss"] for r in mine)})
    return {
        "record": source, "game": rules.name, "variant": rules.variant, "players": rules.players,
        "seed": game.seed, "objective": objective or (
            "tricks" if rules.options.get("scoring") == "tricks" else "points"),
        "start": start_value, "position": position, "analysis": rows,
        "summary": players if ply is None else None,
        "nodes": nodes, "seconds": round(time.perf_counter() - started, 3),
    }


def _side(result: Solution) -> str:
    return "+".join(f"P{s + 1}" for s in result.side)


def _row(game: Game, number: int, move: Any, result: Solution) -> dict[str, Any]:
    played = result.value_of(move)
    return {"ply": number, "trick": len(game.tricks) + 1, "seat": f"P{game.to_move + 1}",
            "side": _side(result), "move": str(move), "value": played, "best": result.value,
            "best_moves": [str(m) for m in result.best_moves], "loss": result.value - played}


def _unit(objective: str, count: int) -> str:
    """``points`` or ``tricks``, singular for one."""
    return objective.removesuffix("s") if count == 1 else objective


def _print_report(report: dict[str, Any]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    head = (f"{report['game']} ({report['variant']}), {report['players']} players"
            + (f", seed {report['seed']}" if report["seed"] is not None else "")
            + f": double-dummy values in {report['objective']} for the side to move")
    console.print(head, markup=False)
    if report["start"] is not None:
        s = report["start"]
        console.print(f"value of the deal at the first card: {s['side']} {s['value']} "
                      f"({s['seat']} to move)", markup=False)
    if report["position"] is not None:
        p = report["position"]
        console.print(f"move {p['ply']} (trick {p['trick']}), {p['seat']} to move "
                      f"({p['side']} {'have' if '+' in p['side'] else 'has'} {p['scored']} "
                      f"{_unit(report['objective'], p['scored'])} so far): "
                      f"value {p['best']}",
                      markup=False)
        table = Table(box=box.SIMPLE, title_justify="left")
        for col in ("move", "value", "lost"):
            table.add_column(col, justify="left" if col == "move" else "right")
        for m in p["moves"]:
            table.add_row(m["move"] + (" *" if m["move"] == p["move"] else ""), str(m["value"]),
                          str(m["loss"]) if m["loss"] else "")
        console.print(table)
        console.print("played: " + p["move"] + "   best line: " + " ".join(p["pv"]), markup=False)
        return
    table = Table(box=box.SIMPLE, title_justify="left")
    for col, just in (("ply", "right"), ("trick", "right"), ("seat", "left"), ("played", "left"),
                      ("value", "right"), ("best", "right"), ("best moves", "left"),
                      ("lost", "right")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for r in report["analysis"]:
        table.add_row(str(r["ply"]), str(r["trick"]), r["seat"], r["move"], str(r["value"]),
                      str(r["best"]), " ".join(r["best_moves"]), str(r["loss"]) if r["loss"] else "",
                      style="yellow" if r["loss"] else "")
    console.print(table)
    summary = Table(box=box.SIMPLE, title="per player", title_justify="left")
    for col in ("seat", "moves", "mistakes", "points lost"):
        summary.add_column(col, justify="left" if col == "seat" else "right")
    for p in report["summary"]:
        summary.add_row(p["seat"], str(p["moves"]), str(p["mistakes"]), str(p["lost"]))
    console.print(summary)
    console.print(f"{report['nodes']:,} nodes in {report['seconds']} s", markup=False)
