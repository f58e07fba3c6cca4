"""``aceten prove``: a natural-deduction proof of a statement about a position or a game.

Lark and OR-Tools are imported inside the command, so ``aceten --help`` stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from aceten.cli.common import (
    AfterOpt,
    JsonOpt,
    OptionOpt,
    PlayersOpt,
    PlyOpt,
    VariantOpt,
    moves_after,
    parse_options,
    user_errors,
)
from aceten.errors import AcetenError

FORMATS = ("text", "latex", "json", "html", "tptp")


def register(app: typer.Typer) -> None:
    """Add ``aceten prove`` to the ``aceten`` application."""

    @app.command()
    def prove(
        statement: Annotated[str, typer.Argument(help="the statement, in the goal language, e.g. "
                                                 "'tricks(P1) <= 9' with examples/student.toml",
                                                 show_default=False)],
        file: Annotated[Path | None, typer.Argument(help="a position (.toml), a game record "
                                                    "(.tgn: the position after its moves), or "
                                                    "a game's name (as --game): a fact of every "
                                                    "deal", show_default=False)] = None,
        game: Annotated[str | None, typer.Option("--game", help="briscola, brisca, cruce, "
                                                 "klaverjas (without a position file)")] = None,
        players: PlayersOpt = None,
        variant: VariantOpt = None,
        option: OptionOpt = None,
        given: Annotated[list[str] | None, typer.Option("--given", help="a condition taken as a "
                                                        "premise, repeatable, e.g. 'policy(P2) == "
                                                        "extremes'")] = None,
        fmt: Annotated[str, typer.Option("--format", help="text, latex (lplfitch), json, html, "
                                         "tptp")] = "text",
        e_prover: Annotated[bool, typer.Option("--e", help="also confirm with the E prover")] = False,
        after: AfterOpt = None,
        ply: PlyOpt = None,
        json_out: JsonOpt = False,
    ) -> None:
        """Prove a statement in natural deduction (Fitch style); see docs/logic.md, Proofs.

        Holds in every game consistent with the position: a checked proof. Else: a
        counterexample game."""
        with user_errors(json_out):
            if fmt not in FORMATS:
                raise AcetenError(f"unknown --format {fmt!r} (known: {', '.join(FORMATS)})")
            from aceten.cli.logic import _game_named
            from aceten.logic import proofs

            statement, file = _statement_first(statement, file)
            flags = {"game": game}
            file = _game_named(file, flags)
            game = flags["game"]
            if file is not None:
                if game is not None or players is not None or variant is not None:
                    raise AcetenError("the position file names its game: give no --game, "
                                      "--players or --variant with it")
                from aceten.cli.logic import _position

                pos = _position(file, {"options": parse_options(option)}, moves_after(after, ply),
                                ply)
                rules = pos.rules
            else:
                if game is None:
                    raise AcetenError("give a position file or --game")
                if after is not None or ply is not None:
                    raise AcetenError("--after and --ply take a record: a .tgn in the position's "
                                      "place")
                import aceten

                pos = None
                rules = aceten.rules.get(game, players=players, variant=variant or "standard",
                                         **parse_options(option))
            result = proofs.prove(rules, statement, position=pos, given=given)
            if result.status == "counterexample":
                _counterexample(result, pos, json_out)
                return
            if json_out:
                fmt = "json"
            print(proofs.dump(result, fmt))
            if e_prover:
                assert result.proof is not None
                status = proofs.run_e(proofs.tptp(result.proof))
                if status != "Theorem":
                    raise AcetenError(f"the E prover says {status}, not Theorem")
                if fmt == "text":
                    print("E prover: Theorem")


def _statement_first(statement: str, file: Path | None) -> tuple[str, Path | None]:
    """``aceten prove briscola 'STMT'``: a game's name first and a statement second are swapped
    (a statement is never a game's name, and the second word is then no file)."""
    from aceten.rules import GAMES

    if (file is not None and not file.exists() and statement.strip().lower() in GAMES
            and str(file).strip().lower() not in GAMES):
        return str(file), Path(statement)
    return statement, file


def _counterexample(result: object, pos: object, json_out: bool) -> None:
    import json

    from aceten.logic import proofs
    from aceten.logic.witness import lines

    if json_out:
        print(json.dumps(proofs.as_data(result), ensure_ascii=False))  # type: ignore[arg-type]
    else:
        print(f"not proved: {result.statement}")  # type: ignore[attr-defined]
        where = "a game consistent with the position" if pos is not None else "a game"
        print(f"counterexample ({where} where it is false):")
        for line in lines(result.witness, pos):  # type: ignore[attr-defined, arg-type]
            print(line)
    raise typer.Exit(1)
