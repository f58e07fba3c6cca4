"""The README's first command on a fresh machine: a new virtual environment, ``pip install -e .``
and ``aceten play briscola`` with no terminal, which prints a whole game against the default
bot (the searcher, on the solver's C kernels); then the same with numba (the search extra) told
to compile the solver from an empty cache.

Slow (it installs and compiles): ``pytest -m "not slow"`` leaves it out; CI runs it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
HANG_GUARD = 1800  # seconds; a cold compile on a busy 2-core machine takes several minutes

pytestmark = pytest.mark.slow


def fresh_env(tmp: Path, venv: Path) -> dict[str, str]:
    """The environment of a new shell with ``venv`` activated and every cache empty: nothing of
    the test run's own interpreter, source path or kernel cache leaks in."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NUMBA_CACHE_DIR")}
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["XDG_CACHE_HOME"] = str(tmp / "cache")  # aceten's kernel cache lives under it
    # compiled from nothing even when the install compiled the kernels (hatch_build.py): numba's
    # own path, which every install falls back on, is the one checked here
    env["ACETEN_PREBUILT_KERNELS"] = "0"
    return env


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, env=env, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", timeout=HANG_GUARD)


def assert_a_finished_briscola_game(done: subprocess.CompletedProcess[str], bot: str) -> None:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    assert "bots play every seat" in done.stderr
    assert f"[{bot}]" in done.stdout, done.stdout[:400]
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
    assert_a_finished_briscola_game(done, "searcher")
    built = [*(REPO / "src" / "aceten" / "_kernels").glob("native-*.so"), *kernels.glob("native/native-*.so")]
    assert built, "the solver's C kernels were neither built at install nor at first use"
    numba_there = run([python, "-c", "import importlib.util as u; print(u.find_spec('numba') is None)"],
                      env, tmp_path)
    assert numba_there.stdout.strip() == "True", "the core install brought numba"

    # with the search extra's numba (taken from this test run's environment rather than
    # downloaded again), told to use it: the solver compiled by numba from an empty cache
    if importlib.util.find_spec("numba") is None:
        pytest.skip("numba is not installed here: the compile from an empty cache is not checked")
    import numba

    folders = dict.fromkeys(str(Path(m.__file__).parent.parent) for m in (numba,))
    site = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], env, tmp_path)
    (Path(site.stdout.strip()) / "zz_search_extra.pth").write_text("".join(f"{f}\n" for f in folders))
    assert not [p for p in kernels.glob("kernels-*/**/*") if p.suffix == ".nbc"]

    # numba's path, the fallback where no C compiler works: compiled into the fresh cache
    done = run([aceten, "play", "briscola"], dict(env, ACETEN_KERNELS="numba"), tmp_path)
    assert_a_finished_briscola_game(done, "searcher")
    compiled = [p for p in kernels.glob("kernels-*/**/*") if p.suffix in (".nbi", ".nbc")]
    assert compiled, "the solver's kernels were not compiled into the fresh cache"
