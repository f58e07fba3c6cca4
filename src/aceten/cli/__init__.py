"""The ``aceten`` command: play in the terminal, simulate bot games, check records, show rules,
and the commands of the other layers (knowledge, logic, search, arena, the research table, web).

One module per command group registers its commands on :data:`app`; the shared helpers (one-line
user errors, option parsing, the console) live in :mod:`aceten.cli.common`, which imports no
command module. Each command imports its heavy dependencies (OR-Tools, numba, FastAPI) when it
runs, so ``aceten --help`` stays fast.
"""

from __future__ import annotations

import copy
import os
import signal
import sys
from collections.abc import Sequence
from contextlib import suppress
from typing import Annotated

# numpy's OpenBLAS starts a thread per core that spins for some 0.05-0.1 s of CPU once numpy is
# imported; aceten makes no BLAS call, so one thread does (a setting of the user's own wins).
# Set before anything imports numpy.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import typer

import aceten
from aceten.cli import (
    arena,
    check,
    knowledge,
    logic,
    plain_values,
    play,
    prove,
    rules,
    search,
    simulate,
    table,
    web,
)
from aceten.cli.common import EXIT_ERROR, flag, plain_help_types, tidy_help

__all__ = ["app", "main"]

app = typer.Typer(
    name="aceten",
    help="Play, simulate and check the Ace-Ten card games: Briscola, Brisca, Cruce, Klaverjas.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"aceten {aceten.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, flag("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Play, simulate and check the Ace-Ten card games: Briscola, Brisca, Cruce, Klaverjas."""


# The order of `aceten --help`: the core's commands, then each layer's.
for _group in (play, simulate, check, rules, knowledge, arena, logic, prove, table, web, search):
    _group.register(app)
tidy_help(app)
plain_help_types()


# -- entry point -------------------------------------------------------------------------------
try:  # the base of usage errors (unknown flag, missing argument) in Typer and in Click
    from typer import TyperException as _UsageError
except ImportError:  # pragma: no cover - older Typer re-uses Click's exceptions
    from click import ClickException as _UsageError  # type: ignore[assignment,no-redef]


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; usage errors too become one ``error:`` line and exit code 2.

    SIGTERM (``kill``) ends the command through its clean-ups, as Ctrl-C does, so no half-written
    file is left behind (``simulate --save`` writes each record to a temporary file first)."""
    with suppress(ValueError):  # not in the main thread: leave the signal alone
        signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        args = list(argv) if argv is not None else sys.argv[1:]
        command = typer.main.get_command(_only_the_command(args))
        plain_values.install(command)  # no pydantic for plain values: faster start-up
        code = command.main(args=args, prog_name="aceten", standalone_mode=False)
    except _UsageError as err:
        if type(err).__name__ == "NoArgsIsHelpError":  # ``aceten`` alone: the help was asked for
            sys.exit(0)
        message = err.format_message() if hasattr(err, "format_message") else str(err)
        print(f"error: {' '.join(str(message).split())}", file=sys.stderr)
        sys.exit(getattr(err, "exit_code", EXIT_ERROR) or EXIT_ERROR)
    except typer.Abort:
        print("error: aborted", file=sys.stderr)
        sys.exit(EXIT_ERROR)
    except (KeyboardInterrupt, EOFError):
        print("error: interrupted", file=sys.stderr)
        sys.exit(EXIT_ERROR)
    except BrokenPipeError:
        _quiet_broken_pipe()
    sys.exit(code if isinstance(code, int) else 0)


def _only_the_command(args: list[str]) -> typer.Typer:
    """The app with only the command (or command group) that ``args`` name, if they name one.

    Typer builds the Click parameters of every registered command on each run, reading each
    function's signature and annotations: a fifth of a short command's start-up, for the one
    command that runs. (The root's only option, --version, takes no value, so the first
    argument that is not an option names the command.) Anything else gets the whole app:
    ``aceten --help``, an unknown command's error."""
    name = next((a for a in args if not a.startswith("-")), None)
    if name is None:
        return app
    commands = [c for c in app.registered_commands if c.callback is not None
                and (c.name or typer.main.get_command_name(c.callback.__name__)) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if len(commands) + len(groups) != 1:
        return app
    narrow = copy.copy(app)
    narrow.registered_commands = commands
    narrow.registered_groups = groups
    return narrow


def _quiet_broken_pipe() -> None:
    """The reader of stdout left (``aceten cards ... | head``): stop without a word, as Unix
    tools do, and keep Python from reporting the pipe again while it flushes stdout at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(1)  # as Rich does when its console meets a closed pipe
