"""What keeps a short command's start-up short: the plain converters of aceten.cli.plain_values
give what Typer's pydantic adapters give, value for value (and Typer's own error where they
refuse), and cover the commands' plain parameters; main() builds only the command that runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer

from aceten.cli import _only_the_command, app, plain_values

coercion = pytest.importorskip("typer._coercion")
models = pytest.importorskip("typer.models")

SAMPLES: dict[object, list[object]] = {
    str: ["", "abc", "P1=3S 2C", " x ", "é"],
    int: ["0", "7", "-3", "12", 5, 0, -8, "007", "+4", " 3", "3 ", "1_000", "x", "2.0", "", True,
          "99999999999999999999999"],
    float: ["0", "1.5", "-2.25", "3", "0.1", 4, 2.5, "1e3", ".5", "1.", "inf", "x", "", "-0"],
    Path: ["a.toml", "/tmp/x", "dir/", "", "-"],
    list[str]: [("a", "b"), (), ["x"], "one"],
}


def outcome(runtime: object, value: object) -> tuple[str, object]:
    try:
        got = runtime._coerce_value(value, param=None, ctx=None)  # type: ignore[attr-defined]
    except Exception as err:  # the error itself is compared
        return "error", (type(err).__name__, str(err))
    return "value", (type(got).__name__, got)


@pytest.mark.parametrize("annotation", list(SAMPLES), ids=str)
def test_plain_conversion_equals_typers_adapter(annotation):
    descriptor = coercion.resolve_type_descriptor(annotation, models.OptionInfo())
    plain = plain_values.plain_param(descriptor)
    assert plain is not None
    typers = coercion.build_runtime_param(descriptor)
    for value in SAMPLES[annotation]:
        assert outcome(plain, value) == outcome(typers, value), value


def test_parameters_with_bounds_or_parsers_keep_typers_adapter():
    for info in (models.OptionInfo(min=1), models.OptionInfo(parser=int)):
        descriptor = coercion.resolve_type_descriptor(int, info)
        assert plain_values.plain_param(descriptor) is None
    descriptor = coercion.resolve_type_descriptor(list[Path], models.OptionInfo())
    assert plain_values.plain_param(descriptor) is None


def test_the_ask_commands_parameters_are_plain():
    command = typer.main.get_command(app)
    assert plain_values.install(command) > 50
    ask = command.commands["ask"]  # type: ignore[attr-defined]
    plain = [p for p in ask.params if type(p._runtime_param).__name__ == "Plain"]
    assert {p.name for p in plain} >= {"file", "goal", "workers", "time_limit", "hand", "explain"}


def test_a_command_with_plain_values_runs_without_pydantic():
    code = ("import sys\nfrom aceten.cli import main\n"
            "try:\n    main(['rules', 'briscola', '--players', '2', '--json'])\n"
            "except SystemExit as done:\n    assert done.code == 0, done.code\n"
            "print('pydantic' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stdout


def test_main_builds_only_the_command_that_runs():
    ask = _only_the_command(["ask", "examples/student.toml", "--goal", "tricks(P1) >= 4"])
    assert [c.callback.__name__ for c in ask.registered_commands] == ["ask"]
    assert not ask.registered_groups
    export = _only_the_command(["export", "trick", "--game", "briscola"])
    assert [g.name for g in export.registered_groups] == ["export"]
    assert not export.registered_commands
    for args in ([], ["--version"], ["--help"], ["no-such-command"]):
        assert _only_the_command(args) is app
    assert len(app.registered_commands) > 10  # the whole app is left as it was


@pytest.mark.parametrize("setting", [None, "3"])
def test_the_command_keeps_numpys_blas_to_one_thread_unless_told_otherwise(setting):
    """numpy's OpenBLAS starts a spinning thread per core at import (some 0.05-0.1 s of CPU);
    aceten makes no BLAS call, so the command asks for one thread before numpy loads, and a
    user's own setting stays."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if setting is not None:
        env["OPENBLAS_NUM_THREADS"] = setting
    code = ("import os, sys; import aceten.cli; assert 'numpy' not in sys.modules; "
            "print(os.environ['OPENBLAS_NUM_THREADS'])")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == (setting or "1")
