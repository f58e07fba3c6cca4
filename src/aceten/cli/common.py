"""What every command of ``aceten`` shares: the one-line user errors, option parsing, the
console, and the option types Typer reads by name.

Every error a user can cause (unknown game or option, a malformed card, a missing or corrupt
record) is printed as one line ``error: ...`` on stderr with exit code 2, never a
traceback. Command modules import from here; this module imports no command module.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from aceten.errors import AcetenError

if TYPE_CHECKING:
    from rich.console import Console

EXIT_ERROR = 2

# Typer reads these annotations by name from each command's module: import them there.
GameArg = Annotated[str, typer.Argument(help="briscola, brisca, cruce or klaverjas", show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", help="number of players (default: the game's first)")]
VariantOpt = Annotated[str | None, typer.Option("--variant", help="rule variant, e.g. amsterdam")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="a rule option, repeatable (e.g. --option arrastre=yes); see `aceten rules GAME`")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print one JSON object instead of tables")]

# -- errors ------------------------------------------------------------------------------------
def fail(message: str) -> NoReturn:
    """Print ``error: message`` as one line on stderr and exit with code 2."""
    line = " ".join(str(message).split()) or "unknown error"
    sys.stdout.flush()
    print(f"error: {line}", file=sys.stderr, flush=True)
    raise typer.Exit(EXIT_ERROR)


def _os_message(err: OSError) -> str:
    what = err.strerror or str(err)
    return f"{err.filename}: {what}" if err.filename else what


@contextmanager
def user_errors(json_out: bool = False) -> Iterator[None]:
    """Turn the errors a user can cause into one line on stderr and exit code 2 (with
    ``json_out``, also ``{"ok": false, "error": ...}`` on stdout)."""
    message = None
    try:
        yield
    except typer.Exit:
        raise
    except AcetenError as err:
        message = str(err)
    except OSError as err:
        message = _os_message(err)
    except KeyboardInterrupt:
        message = "interrupted"
    except EOFError:
        message = "end of input at the prompt (use --auto to let bots play every seat)"
    if message is not None:
        if json_out:
            print(json.dumps({"ok": False, "error": " ".join(message.split())}, ensure_ascii=False))
        fail(message)


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["arrastre=yes", "trump=S"]`` -> ``{"arrastre": "yes", "trump": "S"}``."""
    options: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key or not value.strip():
            raise AcetenError(f"bad --option {item!r}: expected key=value, like arrastre=yes")
        if key in options:
            raise AcetenError(f"--option {key} given twice")
        options[key] = value.strip()
    return options


# -- the terminal ----------------------------------------------------------------------------
def console(stderr: bool = False) -> Console:
    """A Rich console for tables and progress (no automatic highlighting of numbers)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def symbols(out: Console) -> bool:
    """Whether ``out`` can print suit symbols."""
    return (out.encoding or "").lower().replace("-", "") in ("utf8", "utf16", "utf32")


def stdin_is_terminal() -> bool:
    """Whether a person can answer prompts on stdin."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def bot_seed(seed: int, seat: int) -> int:
    """The seed of a seat's bot in the deal of ``seed`` (so any deal replays alone)."""
    return seed * 1_000_003 + seat + 1
