"""Commands of the research layer: ``aceten table`` (records as rows, CSV or Parquet)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from aceten.cli.common import flag, not_an_input, user_errors
from aceten.errors import AcetenError


def register(app: typer.Typer) -> None:
    """Add this layer's commands to the ``aceten`` command."""
    app.command("table")(table)


def table(
    paths: Annotated[list[Path], typer.Argument(help="record files (.tgn) or folders of them",
                                                show_default=False)],
    out: Annotated[Path | None, typer.Option(  # no -o: that is --option in every command
        "--out", help="write here (.csv, or .parquet with the parquet extra); default: CSV "
        "on stdout")] = None,
    fmt: Annotated[str | None, typer.Option(
        "--format", "-f", help="csv or parquet (default: from the --out suffix)")] = None,
    recursive: Annotated[bool, flag("--recursive", "-r",
                                            help="look in sub-folders too")] = False,
    json_out: Annotated[bool, flag(
        "--json", help="print one JSON object (the rows, or with --out a summary)")] = False,
) -> None:
    """One row per card played (game, deal, trick, seat, card, points, winner) for notebooks."""
    from aceten import records_table

    with user_errors(json_out):
        files = records_table.record_files(paths, recursive=recursive)
        not_an_input(out, files, "--out")
        loaded = list(records_table.games(files))  # every record checked before writing
        rows = (row for file, deal, game in loaded
                for row in records_table.game_rows(game, file=file, deal=deal))
        if out is None:
            if fmt is not None and records_table.format_of("-", fmt) == "parquet":
                raise AcetenError("Parquet cannot go to stdout: give --out FILE.parquet")
            if json_out:
                data = list(rows)
                print(json.dumps({"ok": True, "files": len(files), "rows": len(data),
                                  "columns": list(records_table.COLUMNS), "data": data},
                                 ensure_ascii=False))
                return
            records_table.write_csv(rows, sys.stdout)
            return
        chosen = records_table.format_of(out, fmt)
        count = records_table.write(rows, out, chosen)
        if json_out:
            print(json.dumps({"ok": True, "files": len(files), "rows": count, "format": chosen,
                              "out": str(out)}, ensure_ascii=False))
            return
        print(f"{count} row{'s' if count != 1 else ''} from {len(files)} "
              f"file{'s' if len(files) != 1 else ''} written to {out} ({chosen})")
