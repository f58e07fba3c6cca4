"""``aceten rules``: a game's rule tables (deck, ranks and points, obligations, scoring)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

import aceten
from aceten.cli.common import (
    GameArg,
    JsonOpt,
    PlayersOpt,
    VariantOpt,
    console,
    parse_options,
    user_errors,
)
from aceten.show import text as display


def register(app: typer.Typer) -> None:
    """Add ``rules`` to the ``aceten`` command."""
    app.command("rules")(rules_command)


def rules_command(
    game: GameArg,
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="KEY=VALUE", help="a rule option, repeatable (e.g. --option "
        "arrastre=yes): the tables as it changes them; the options are listed below them")] = None,
    json_out: JsonOpt = False,
) -> None:
    """Print a game's rule tables: deck, ranks and points, obligations, scoring, options."""
    with user_errors(json_out):
        options = parse_options(option)
        info = aceten.rules.get(game, players=players, variant=variant, **options).describe()
        if json_out:  # one line with "ok", as every command's --json
            print(json.dumps({"ok": True, **info}, ensure_ascii=False))
            return
        console().print(display.describe_rich(info))

