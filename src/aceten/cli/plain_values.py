"""Command-line values converted without pydantic: a third of a short command's start-up.

Typer (0.29 and later) converts every value a command receives through a pydantic
``TypeAdapter`` it builds on first use. Importing pydantic and building the adapters of one
command took 0.13-0.17 s of CPU, against about 0.5 s for all of ``aceten ask`` on the seed
question (docs/benchmarks.md, "Logic"). The values aceten's commands take are plain: text,
whole numbers, decimals, paths and lists of text or paths. :func:`install` gives each such
parameter a converter that does what Typer's adapter does for these values (the same Python
value: tests/test_cli_startup.py compares the two on sample values); any other value —
a number written oddly, a parameter with bounds, a parser or choices, a Typer without these
internals — goes through Typer's own adapter, with its result and its error message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, get_args, get_origin

_INT = re.compile(r"-?(?:0|[1-9][0-9]{0,17})")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,15})?")


class Refused(Exception):
    """The value is not one of the plain forms: Typer's own adapter converts it."""


def to_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise Refused


def to_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _INT.fullmatch(value):
        return int(value)
    raise Refused


def to_float(value: Any) -> float:
    if isinstance(value, float) or (isinstance(value, int) and not isinstance(value, bool)):
        return float(value)
    if isinstance(value, str) and _FLOAT.fullmatch(value):
        return float(value)
    raise Refused


def to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise Refused


def to_path(value: Any) -> Path:
    if isinstance(value, Path):
        return value
    if isinstance(value, str) and value:
        return Path(value)
    raise Refused


LEAVES: dict[Any, Callable[[Any], Any]] = {
    str: to_str, int: to_int, float: to_float, bool: to_bool, Path: to_path}


def converter(annotation: Any, info: Any) -> Callable[[Any], Any] | None:
    """The plain converter of a parameter, or None where Typer's adapter must do it."""
    if info.parser is not None or info.min is not None or info.max is not None:
        return None
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (None,)
        leaf = LEAVES.get(item)
        if leaf is None or item in (bool, Path):  # a list of paths: Typer checks each
            return None

        def each(value: Any) -> list[Any]:
            if not isinstance(value, (list, tuple)):
                value = [value]
            return [leaf(x) for x in value]

        return each
    return LEAVES.get(annotation)


@cache
def _plain_class() -> Any:
    """The RuntimeParam subclass of the plain converters (None where Typer has no such
    internals: then every value goes through Typer's adapters, as without this module)."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
        from typer._param_types import coerce_cli_path
    except ImportError:  # pragma: no cover - an older or newer Typer
        return None

    @dataclass(frozen=True)
    class Plain(RuntimeParam):
        convert: Callable[[Any], Any]
        descriptor: Any

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                plain = self.convert(value)
            except Refused:
                fallback = build_runtime_param(self.descriptor)
                return fallback._coerce_value(value, param=param, ctx=ctx)
            if self.annotation is Path:  # exists=, dir_okay=...: Typer's own checks
                return coerce_cli_path(plain, self.parameter_info, path_type=Path,
                                       param=param, ctx=ctx)
            return plain

    return Plain


def plain_param(descriptor: Any) -> Any:
    """Typer's RuntimeParam for a parameter's type descriptor, with a plain converter; None
    where the parameter is not plain (Typer's adapter converts it)."""
    plain = _plain_class()
    info = getattr(descriptor, "parameter_info", None)
    if plain is None or info is None or getattr(descriptor, "file_annotation", None) is not None:
        return None
    if getattr(info, "path_type", None) not in (None, Path):
        return None
    convert = converter(descriptor.annotation, info)
    if convert is None:
        return None
    return plain(parameter_info=info, annotation=descriptor.annotation, convert=convert,
                 descriptor=descriptor)


def install(command: Any) -> int:
    """Give the plain parameters of ``command`` and its subcommands the plain converters;
    returns how many (0 with a Typer whose internals differ: then nothing changes)."""
    count = sum(_make_plain(param) for param in _parameters(command))
    for each in _commands(command):
        _plain_help_option(each)
    return count


def _make_plain(param: Any) -> bool:
    if not hasattr(param, "_runtime_param") or param._runtime_param is not None:
        return False
    runtime = plain_param(getattr(param, "type_descriptor", None))
    if runtime is None:
        return False
    param._runtime_param = runtime
    return True


def _plain_help_option(command: Any) -> None:
    """The ``--help`` flag, which Click makes when a command first runs, gets its plain
    converter then."""
    make = getattr(command, "get_help_option", None)
    if make is None:  # pragma: no cover - not a Click command
        return

    def get_help_option(ctx: Any) -> Any:
        option = make(ctx)
        if option is not None:
            _make_plain(option)
        return option

    command.get_help_option = get_help_option


def _commands(command: Any) -> list[Any]:
    out = [command]
    for sub in getattr(command, "commands", {}).values():
        out += _commands(sub)
    return out


def _parameters(command: Any) -> list[Any]:
    return [param for each in _commands(command) for param in getattr(each, "params", ())]
