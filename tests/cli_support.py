"""Helpers shared by the command-line tests: run a command in process, check a user error."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from aceten.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    """``aceten ARGS...`` in this process; exceptions the CLI does not handle propagate."""
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def assert_one_line_error(result: Any, *fragments: str) -> None:
    """Exit code 2, exactly one ``error:`` line on stderr naming the problem, no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.stdout + result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
