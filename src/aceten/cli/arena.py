"""``aceten arena``: duplicate tournaments between bots, and reports from the results database.

    aceten arena briscola --players 2 --bots greedy,random --deals 2000
    aceten arena report --db aceten-arena.sqlite

``aceten arena GAME ...`` is short for ``aceten arena run GAME ...``. The library side is
:mod:`aceten.arena`; this module only parses, shows progress and prints tables or JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from aceten.cli.common import JsonOpt, Progress, console, parse_options, user_errors
from aceten.errors import AcetenError

if TYPE_CHECKING:
    from rich.console import Console

    from aceten.arena import Standings, TournamentResult

DEFAULT_DB = "aceten-arena.sqlite"  # aceten.arena.storage.DEFAULT_PATH, without importing it


class _ArenaGroup(TyperGroup):
    """A group whose default command is ``run``: ``aceten arena briscola`` runs a tournament."""

    # ctx: Any, since typer 0.2x passes its own vendored click's Context, not click.Context.
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            _no_misspelt_command(ctx, args[0], list(self.commands))
            args = ["run", *args]
        return super().parse_args(ctx, args)


def _no_misspelt_command(ctx: Any, first: str, commands: list[str]) -> None:
    """``aceten arena reprot``: a word that is no game but nearly a command is a typo, not a
    game for ``run`` (whose first complaint would be a missing --bots)."""
    from difflib import get_close_matches

    from aceten.rules import GAMES

    if first.startswith("-") or first.strip().lower() in GAMES:
        return
    close = get_close_matches(first, commands, n=1)
    if close:
        ctx.fail(f"no arena command {first!r}: did you mean {close[0]}? (or a game: "
                 f"{', '.join(GAMES)})")


arena_app = typer.Typer(
    name="arena",
    cls=_ArenaGroup,
    help="Duplicate tournaments between bots: `aceten arena GAME --bots a,b` (short for "
         "`aceten arena run GAME ...`), and `aceten arena report`.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

DbOpt = Annotated[Path, typer.Option("--db", help="the SQLite results database (created if missing)")]


@arena_app.command("run")
def run_command(
    game: Annotated[str, typer.Argument(help="briscola, brisca, cruce or klaverjas",
                                        show_default=False)],
    bots: Annotated[str, typer.Option(
        "--bots", "-b", help="comma-separated bots, at least two (see `aceten play --help`)",
        show_default=False)],
    players: Annotated[int | None, typer.Option(
        "--players", "-n", help="number of players (default: the game's first)")] = None,
    deals: Annotated[int, typer.Option(
        "--deals", "-k", help="how many deals; each is played once per seating")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="tournament seed: names the deals")] = 1,
    variant: Annotated[str | None, typer.Option("--variant", help="rule variant")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="KEY=VALUE", help="a rule option, repeatable")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local (processes) or ray")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="Ray cluster address (default: start a local Ray instance)")] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", help="worker processes (default: all cores / all cluster CPUs)",
        show_default=False)] = None,
    db: DbOpt = Path(DEFAULT_DB),
    json_out: JsonOpt = False,
) -> None:
    """Play a duplicate tournament; re-running the same command resumes it from --db."""
    with user_errors(json_out):
        from aceten import arena

        if deals < 1:
            raise AcetenError(f"--deals {deals}: give at least 1")
        if workers is not None and workers < 1:
            raise AcetenError(f"--workers {workers}: give at least 1")
        config = arena.TournamentConfig.create(
            game, bots.split(","), players=players, variant=variant,
            options=parse_options(option), seed=seed)
        if json_out:
            result = arena.run(config, deals, db=db, backend=backend, workers=workers,
                               address=address)
            print(json.dumps({"ok": True, **result.as_dict()}, ensure_ascii=False))
            return
        result = _run_with_progress(config, deals, db, backend, workers, address)
        _print_result(console(), result)


def _run_with_progress(config: Any, deals: int, db: Path, backend: str, workers: int | None,
                       address: str | None) -> TournamentResult:
    from aceten import arena

    with Progress(f"arena {config.game}", deals, "deals") as progress:

        def update(done: int, total: int, standings: Standings) -> None:
            progress.update(done, note=standings.estimate())

        return arena.run(config, deals, db=db, backend=backend, workers=workers,
                         address=address, progress=update)


@arena_app.command("report")
def report_command(
    db: Annotated[Path, typer.Option("--db", help="the SQLite results database to read")] = Path(DEFAULT_DB),
    json_out: JsonOpt = False,
) -> None:
    """Print the results of every tournament stored in --db."""
    with user_errors(json_out):
        from aceten import arena

        results = arena.report(db)
        if json_out:
            print(json.dumps({"ok": True, "db": str(db),
                              "tournaments": [r.as_dict() for r in results]}, ensure_ascii=False))
            return
        out = console()
        if not results:
            out.print(f"{db}: no tournaments yet")
        for i, result in enumerate(results):
            if i:
                out.print()
            _print_result(out, result)


# -- tables ------------------------------------------------------------------------------------
def _pct(value: float | None, ci: list[float] | None) -> str:
    if value is None:
        return "-"
    text = f"{100 * value:.1f}"
    return text if ci is None else f"{text} [{100 * ci[0]:.1f}–{100 * ci[1]:.1f}]"


def _points(value: float | None, ci: list[float] | None) -> str:
    if value is None:
        return "-"
    text = f"{value:+.1f}"
    return text if ci is None else f"{text} ± {(ci[1] - ci[0]) / 2:.1f}"


def _print_result(out: Console, result: TournamentResult) -> None:
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    info = result.as_dict()
    config = result.config
    out.print(f"[bold]#{result.id} {escape(config.describe())}[/]: duplicate, "
                  f"{len(config.seatings)} seatings a deal, bots {escape(', '.join(config.bots))}",
                  soft_wrap=True)
    line = f"{info['finished']} of {info['deals']} deals stored ({info['games']} games)"
    if result.where:
        rate = info["deals_per_second"]
        line = (f"{info['finished']} deals ({info['games']} games): {result.computed} played "
                f"in {result.seconds:.1f} s"
                + (f" ({rate:,.0f} deals/s, {result.where})" if rate else f" ({result.where})")
                + f", {result.reused} already in {result.db}")
    out.print(line, markup=False, soft_wrap=True)
    pairs = Table(box=box.SIMPLE_HEAD, title="head to head", title_justify="left", pad_edge=False)
    for col in ("bot", "vs", "n", "W-D-L", "win % [95% CI]", "points ± 95%"):
        pairs.add_column(col, justify="left" if col in ("bot", "vs") else "right", no_wrap=True)
    for p in info["pairs"]:
        pairs.add_row(p["bot"], p["opponent"], str(p["comparisons"]),
                      f"{p['wins']}-{p['draws']}-{p['losses']}",
                      _pct(p["win_rate"], p["win_rate_ci"]),
                      _points(p["point_diff"], p["point_diff_ci"]))
    pairs.caption = ("n: games (pairs of sides in 3-sided games); win %: draws count half;\n"
                     "points: mean score of the bot's side minus the opponent's, per game")
    if config.hidden_teams:
        pairs.caption = ("n: pairs of seats played by different bots; win %: the higher score-"
                         "sheet value, draws count half;\npoints: mean sheet value of the bot's "
                         "seat minus the opponent's")
    pairs.caption_justify = "left"
    out.print(pairs)
    if len(config.bots) > 2:
        table = Table(box=box.SIMPLE_HEAD, title="standings (each bot against the field)",
                      title_justify="left", pad_edge=False)
        for col in ("bot", "Elo", "n", "score % [95% CI]", "points ± 95%"):
            table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
        for b in info["bots"]:
            table.add_row(b["bot"], "-" if b["elo"] is None else f"{b['elo']:+.0f}",
                          str(b["comparisons"]), _pct(b["score"], b["score_ci"]),
                          _points(b["point_diff"], b["point_diff_ci"]))
        table.caption = "Elo: Bradley–Terry maximum likelihood, relative to a mean of 0"
        table.caption_justify = "left"
        out.print(table)
    if "roles" in info:
        _print_roles(out, info)
    if any(b["decision_ms"] for b in info["bots"]):
        _print_times(out, info)


def _print_times(out: Console, info: dict[str, Any]) -> None:
    """Each bot's CPU time per decision (games stored before times were kept have none)."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, title="time per decision (CPU ms)", title_justify="left",
                  pad_edge=False)
    for col in ("bot", "decisions", "median", "p95", "max"):
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for b in info["bots"]:
        t = b["decision_ms"]
        if t:
            table.add_row(b["bot"], f"{t['decisions']:,}", f"{t['median']:.2f}", f"{t['p95']:.2f}",
                          f"{t['max']:.2f}")
    table.caption = ("each bot's own decisions, its view included; the first in each worker "
                     "process may include loading the solver")
    table.caption_justify = "left"
    out.print(table)


def _print_roles(out: Console, info: dict[str, Any]) -> None:
    """Per-role rows of a hidden-team game (caller, partner, defender)."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, title="by role (the sides formed at each deal)",
                  title_justify="left", pad_edge=False)
    for col in ("bot", "role", "n", "W-D-L", "win % [95% CI]", "sheet ± 95%"):
        table.add_column(col, justify="left" if col in ("bot", "role") else "right",
                         no_wrap=True)
    for r in info["roles"]:
        table.add_row(r["bot"], r["role"], str(r["games"]),
                      f"{r['wins']}-{r['draws']}-{r['losses']}",
                      _pct(r["win_rate"], r["win_rate_ci"]),
                      "-" if r["sheet"] is None else (
                          f"{r['sheet']:+.2f}" + ("" if r["sheet_ci"] is None else
                                                  f" ± {(r['sheet_ci'][1] - r['sheet_ci'][0]) / 2:.2f}")))
    table.caption = (f"n: seats in that role; win: a positive sheet value; sheet: mean score-sheet "
                     f"value; {info['thrown_in']} games thrown in (nobody bid)")
    table.caption_justify = "left"
    out.print(table)


def register(app: typer.Typer) -> None:
    """Add ``aceten arena`` (``run`` by default, and ``report``) to the ``aceten`` command."""
    app.add_typer(arena_app, name="arena")
