"""What every command of ``aceten`` shares: the one-line user errors, option parsing, the
console, and the option types Typer reads by name.

Every error a user can cause (unknown game or option, a malformed card, a missing or corrupt
record, a missing extra) is printed as one line ``error: ...`` on stderr with exit code 2, never a
traceback. Command modules import from here; this module imports no command module.
"""

from __future__ import annotations

import inspect
import json
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from aceten.errors import AcetenError

if TYPE_CHECKING:
    from rich.console import Console

EXIT_ERROR = 2

def flag(*names: str, **settings: Any) -> Any:
    """A boolean option (``--json``): ``typer.Option`` without the ``<bool>`` that its help would
    show, which reads as if the flag took a value."""
    return typer.Option(*names, metavar="", **settings)


# Typer reads these annotations by name from each command's module: import them there.
GameArg = Annotated[str, typer.Argument(help="briscola, brisca, cruce or klaverjas", show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", help="number of players (default: the game's first)")]
VariantOpt = Annotated[str | None, typer.Option("--variant", help="rule variant, e.g. amsterdam")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="a rule option, repeatable (e.g. --option arrastre=yes); see `aceten rules GAME`")]
JsonOpt = Annotated[bool, flag("--json", help="print one JSON object instead of tables")]

# The extra that installs each optional top-level package (pyproject's optional-dependencies).
EXTRA_OF_MODULE = {
    "ortools": "logic", "lark": "logic",
    "numba": "search", "numpy": "search", "llvmlite": "search",
    "pettingzoo": "rl", "gymnasium": "rl",
    "ray": "ray",
    "fastapi": "web", "uvicorn": "web", "starlette": "web",
    "pyarrow": "parquet",
}


def tidy_help(group: typer.Typer) -> None:
    """Give each of ``group``'s commands its docstring's paragraphs each on one line: Typer's
    rich help keeps a docstring's line breaks and then wraps the lines to the terminal too,
    which broke them mid-sentence (ragged in ``aceten solve --help``, and in the list of
    ``aceten --help`` where the first paragraph is the summary). Paragraphs of a list or of
    indented lines keep their line breaks."""
    for info in group.registered_commands:
        text = info.help or (info.callback.__doc__ if info.callback else None) or ""
        if not text:
            continue
        paragraphs = [_one_line(p) for p in inspect.cleandoc(text).split("\n\n")]
        info.help = "\n\n".join(paragraphs)
        if info.short_help is None:
            info.short_help = paragraphs[0]
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            tidy_help(sub.typer_instance)


def _one_line(paragraph: str) -> str:
    lines = paragraph.split("\n")
    if paragraph.startswith("\b") or any(line[:1] in (" ", "-", "*") for line in lines):
        return paragraph
    return " ".join(" ".join(lines).split())


def plain_help_types() -> None:
    """Typer's help shows a type after every option: ``<bool>`` after a flag (``--help``
    included) reads as if it took a value, and ``<list[str]>`` is Python, not help. Flags show
    none; a repeatable option or argument shows its item's type (the help says it repeats)."""
    import re

    from typer import core

    for kind in (core.TyperOption, core.TyperArgument):
        original = getattr(kind, "display_type_rich", None)
        if original is None or getattr(original, "plain", False):  # another Typer, or done
            continue

        def shown(self: Any, ctx: Any, original: Any = original) -> str | None:
            if getattr(self, "is_flag", False) and self.metavar is None:
                return ""
            text = original(self, ctx)
            return re.sub(r"list\[(\w+)\]", lambda m: m.group(1).lower(), text) if text else text

        shown.plain = True  # type: ignore[attr-defined]
        kind.display_type_rich = shown  # type: ignore[method-assign]


def missing_extra(module: str) -> str:
    """What to install when ``module`` (say ``numba.core``) is missing."""
    root = module.split(".")[0]
    extra = EXTRA_OF_MODULE.get(root)
    if extra is None:
        return f"this needs the Python package {root}: pip install {root}"
    return f"this needs the {extra} extra: pip install 'aceten[{extra}]'"


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
    ``json_out``, also ``{"ok": false, "error": ...}`` on stdout).

    A missing optional package (``ModuleNotFoundError``) names the extra that installs it."""
    message = None
    try:
        yield
    except (typer.Exit, BrokenPipeError):
        raise  # BrokenPipeError: the reader left (`| head`); main() ends quietly
    except AcetenError as err:
        message = str(err)
    except ModuleNotFoundError as err:
        if err.name is None or err.name.split(".")[0] == "aceten":
            raise  # a bug, not a missing extra
        message = missing_extra(err.name)
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


def not_an_input(output: Path | None, inputs: Iterable[Path], option: str) -> None:
    """Refuse an ``option`` file that is one of the command's own inputs: writing it would
    replace what the user saved (``knows game.tgn --svg game.tgn``)."""
    if output is None or not output.exists():
        return
    for path in inputs:
        with suppress(OSError):
            if output.samefile(path):
                raise AcetenError(f"{option} {output} is the record being read: choose another file")


AfterOpt = Annotated[int | None, typer.Option(
    "--after", help="with a record: after this many of its moves (cards, bids, calls, "
    "exchanges)", show_default=False)]
PlyOpt = Annotated[int | None, typer.Option(
    "--ply", help="with a record: the position before move N (1-based), as `aceten solve --ply` "
    "counts: --after N-1", show_default=False)]


def moves_after(after: int | None, ply: int | None) -> int | None:
    """How many of a record's moves --after or --ply (the position before move N: --after N-1)
    take, checked; None where neither is given."""
    if after is not None and after < 0:
        raise AcetenError(f"--after {after}: give 0 or more moves")
    if ply is None:
        return after
    if after is not None:
        raise AcetenError("give --ply or --after, not both")
    if ply < 1:
        raise AcetenError(f"--ply {ply}: moves count from 1 (the position before the first move "
                          "is --ply 1)")
    return ply - 1


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


def announce_compile(module: str, what: str) -> None:
    """Say on stderr, before it starts, that numba compiles ``module``'s kernels (the first run
    after installing or upgrading: once per version of the kernels), so a long first wait is
    never silent. Silent when that module's compiled code is already in the cache."""
    from aceten.search.kernel_cache import cache_dir

    folder = cache_dir()
    if folder.is_dir() and any(folder.glob(f"*/{module}.*.nbi")):  # numba: one folder per source dir
        return
    print(f"{what}: compiling the kernels (once per version of aceten: up to two minutes of CPU, "
          "longer on a busy machine)...", file=sys.stderr, flush=True)
    _report_compile_progress(what)


def announce_kernels(module: str, what: str) -> None:
    """Load the compiled kernels before a search or a batch: the C ones (built first, in
    seconds, when the install did not build them: a line says so), else say that numba
    compiles ``module``'s kernels."""
    from aceten.search import native

    if native.load(lambda line: print(f"{what}: {line}", file=sys.stderr, flush=True)) is None:
        announce_compile(module, what)


def _report_compile_progress(what: str) -> Any:
    """While numba compiles, a line on stderr every :data:`PROGRESS_EVERY` seconds (counted at
    each kernel it finishes), so a long compile shows it is alive."""
    from aceten.search.precompile import report_compiles

    def line(count: int, seconds: float) -> None:
        print(f"{what}: still compiling ({count} compiled, {_duration(seconds)} so far)...",
              file=sys.stderr, flush=True)

    return report_compiles(line, PROGRESS_EVERY)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of a seat's bot in the deal of ``seed`` (so any deal replays alone)."""
    return seed * 1_000_003 + seat + 1


# -- progress of long commands -----------------------------------------------------------------
PROGRESS_EVERY = 10.0
"""Seconds between the progress lines printed when stderr is not a terminal."""


class Progress:
    """Progress of a long command on stderr: a Rich bar with an estimate on a terminal, else a
    line every :data:`PROGRESS_EVERY` seconds (``simulate: 1,200 of 5,000 deals, about 40 s
    left``), so a log or CI shows the command is alive. ``quiet`` shows nothing."""

    def __init__(self, what: str, total: int, unit: str, *, quiet: bool = False):
        self.what, self.total, self.unit, self.quiet = what, total, unit, quiet
        self.done = 0
        self._bar: Any = None
        self._task: Any = None
        self._start = self._last = time.monotonic()

    def __enter__(self) -> Progress:
        err = console(stderr=True)
        if not self.quiet and err.is_terminal:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as Bar

            self._bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TimeRemainingColumn(),
                            TextColumn("{task.fields[note]}"), console=err, transient=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(f"{self.what} {self.unit}", total=self.total, note="")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

    def update(self, done: int, note: str = "") -> None:
        """``done`` of the total are finished; ``note`` says more (a running estimate)."""
        self.done = done
        if self._bar is not None:
            self._bar.update(self._task, completed=done, note=note)
            return
        now = time.monotonic()
        if self.quiet or now - self._last < PROGRESS_EVERY or done >= self.total:
            return
        self._last = now
        rate = done / max(now - self._start, 1e-9)
        left = f", about {_duration((self.total - done) / rate)} left" if rate > 0 else ""
        print(f"{self.what}: {done:,} of {self.total:,} {self.unit}{left}"
              + (f"; {note}" if note else ""), file=sys.stderr, flush=True)

    def advance(self, count: int = 1) -> None:
        self.update(self.done + count)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:,.0f} days"
