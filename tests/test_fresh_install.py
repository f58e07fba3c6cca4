"""The README's first command on a fresh machine: a new virtual environment, ``pip install -e .``
and ``aceten play briscola`` with no terminal, which prints a whole game against the default
bot (the searcher, on the solver's C kernels). numba's path (the fallback without a C compiler)
compiled from an empty cache is checked once, in tests/test_kernel_cache.py: it compiles the same
kernels whatever the deal, some two minutes of CPU.

Slow (it installs and compiles): ``pytest -m "not slow"`` leaves it out; CI runs it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HANG_GUARD = 1800  # seconds; a guard against a hang, not a timing: pip and the C build on a busy machine

pytestmark = pytest.mark.slow


def fresh_env(tmp: Path, venv: Path) -> dict[str, str]:
    """The environment of a new shell with ``venv`` activated and every cache empty: nothing of
    the test run's own interpreter, source path or kernel cache leaks in."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NUMBA_CACHE_DIR")}
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["XDG_CACHE_HOME"] = str(tmp / "cache")  # aceten's kernel cache lives under it
    return env


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, env=env, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", timeout=HANG_GUARD)


def assert_a_finished_briscola_game(done: subprocess.CompletedProcess[str]) -> None:
    """A whole 2-player game played by the bots against the default opponent, the searcher."""
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert "bots play every seat" in done.stderr
    assert "[searcher]" in done.stdout, done.stdout[:400]
    tricks = [line for line in done.stdout.splitlines() if re.match(r"\d+\. P\d ", line)]
    assert len(tricks) == 20, done.stdout  # 40 cards, two a trick
    assert " wins: " in done.stdout or "draw: " in done.stdout, done.stdout[-400:]


def test_readme_line_one_in_a_fresh_venv_with_an_empty_kernel_cache(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=HANG_GUARD)
    env = fresh_env(tmp_path, venv)
    python = str(venv / "bin" / "python")
    install = run([python, "-m", "pip", "install", "--quiet", "-e", "."], env, REPO)
    assert install.returncode == 0, install.stderr
    aceten = str(venv / "bin" / "aceten")

    # README line 1 as written: the core install (numpy, no numba), whose default opponent, the
    # searcher, runs on the solver's C kernels, built by the install's hook (or at first use)
    kernels = tmp_path / "cache" / "aceten"
    done = run([aceten, "play", "briscola"], env, tmp_path)
    assert_a_finished_briscola_game(done)
    built = [*(REPO / "src" / "aceten" / "_kernels").glob("native-*.so"), *kernels.glob("native/native-*.so")]
    assert built, "the solver's C kernels were neither built at install nor at first use"
    numba_missing = run([python, "-c", "import importlib.util as u; print(u.find_spec('numba') is None)"],
                        env, tmp_path)
    assert numba_missing.stdout.strip() == "True", "the core install brought numba"

