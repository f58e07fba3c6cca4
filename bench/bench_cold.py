"""First use: ``aceten solve`` of a full 4-player Briscola deal with an empty kernel cache, against
the same command once the kernels are cached.

    python bench/bench_cold.py [--seed S] [--warm N] [--whole] [--json]
    python bench/bench_cold.py --install [--extras search] [--precompile 0|1] [--no-solve] ...

A random 4-player Briscola deal (seed ``S``) is written as a record; ``aceten solve RECORD --ply 1``
(the position before the first card: the whole deal) then runs in a fresh interpreter with
``NUMBA_CACHE_DIR`` and ``XDG_CACHE_HOME`` pointing at a new empty folder ("cold"), and ``N``
times more with that folder filled ("warm"). ``--whole`` analyses every position of the record
instead. Each run's CPU time (user + system of the child and the processes it waited for, from
``wait4``) and wall time are reported; the figure of issue 19 is the cold run's excess over the
median warm run. On a shared machine the wall time stretches with the load (the load average is
printed); the CPU time is the stable figure.

``--install`` measures it as a new user meets it: this repository's committed ``HEAD`` is cloned,
a new virtual environment made with ``python3 -m venv``, and ``pip install -e '.[EXTRAS]'`` run
in it with ``ACETEN_PRECOMPILE`` set as given (timed: the install's CPU and wall); the solves then
run in that environment. Without ``--install`` the solves run in this interpreter, from its
``aceten``. The cold run's line also says how many kernels numba compiled during it (the
compiled-code files it wrote to the cache).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aceten
from aceten import record

REPO = Path(__file__).resolve().parent.parent


def random_deal_record(seed: int) -> str:
    """A finished 4-player Briscola deal, random legal moves, as a record."""
    game = aceten.new_game("briscola", players=4, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        game.push(rng.choice(game.legal_moves()))
    return record.dumps(game)


def timed(args: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, float, str]:
    """CPU seconds (user + system, with the children it waited for) and wall seconds of one
    child process, and its stderr."""
    wall = time.perf_counter()
    child = subprocess.Popen(args, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
    stderr = child.stderr.read() if child.stderr else ""
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"error: {' '.join(args)} failed ({child.returncode}):\n{stderr}")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - wall, stderr


def compiled_since(cache: Path, start: float) -> int:
    """The compiled-code files (``.nbc``: one per kernel and signature) numba wrote under
    ``cache`` since ``start`` (a copy of prebuilt kernels keeps their older times)."""
    return sum(1 for p in cache.rglob("*.nbc") if p.stat().st_mtime >= start)


def install(tmp: Path, extras: str, precompile: str) -> tuple[Path, dict[str, float | str]]:
    """A clone of HEAD installed editable in a new venv: its python and the install's figures."""
    clone, venv = tmp / "clone", tmp / "venv"
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(clone)], check=True)
    subprocess.run(["python3", "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NUMBA_CACHE_DIR")}
    env.update(VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    if precompile:
        env["ACETEN_PRECOMPILE"] = precompile
    target = "." + (f"[{extras}]" if extras else "")
    load = os.getloadavg()[0]
    cpu, wall, _ = timed([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-e", target],
                         env, cwd=clone)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout.strip()
    prebuilt = sorted(p.name for p in (clone / "src" / "aceten" / "_kernels").glob("kernels-*"))
    figures: dict[str, float | str] = {
        "install": f"pip install -e '{target}'", "commit": commit,
        "ACETEN_PRECOMPILE": precompile or "(unset)", "install_load_before": round(load, 2),
        "install_cpu": round(cpu, 1), "install_wall": round(wall, 1),
        "prebuilt": ", ".join(prebuilt) or "none",
    }  # fmt: skip
    return venv / "bin" / "python", figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warm", type=int, default=3, help="warm runs after the cold one")
    parser.add_argument("--whole", action="store_true", help="analyse every position, not only the first")
    parser.add_argument("--install", action="store_true", help="clone HEAD, pip install -e it in a new venv")
    parser.add_argument("--extras", default="search", help="with --install: the extras installed")
    parser.add_argument("--precompile", default="", help="with --install: ACETEN_PRECOMPILE (unset: default)")
    parser.add_argument("--no-solve", action="store_true", help="with --install: time the install only")
    parser.add_argument("--json", action="store_true")
    opts = parser.parse_args()

    result: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="aceten-cold-") as name:
        tmp = Path(name)
        python = sys.executable
        if opts.install:
            installed, figures = install(tmp, opts.extras, opts.precompile)
            python = str(installed)
            result.update(figures)
        if not opts.no_solve:
            result.update(solves(tmp, python, opts))
    if opts.json:
        print(json.dumps(result))
        return
    if opts.install:
        print(f"{result['install']} at {result['commit']}, ACETEN_PRECOMPILE {result['ACETEN_PRECOMPILE']}, "
              f"load average {result['install_load_before']:.2f} before")
        print(f"  install: {result['install_cpu']:6.1f} s CPU {result['install_wall']:6.1f} s wall; "
              f"kernels compiled at install: {result['prebuilt']}")
    if opts.no_solve:
        return
    print(f"{result['command']}, 4-player Briscola seed {opts.seed}, load average "
          f"{result['load_before']:.2f} before")
    print(f"  cold (empty cache): {result['cold_cpu']:6.1f} s CPU {result['cold_wall']:6.1f} s wall, "
          f"{result['compiled_at_first_use']} kernels compiled")
    print(f"  warm (median of {opts.warm}): {result['warm_cpu']:6.1f} s CPU "
          f"{result['warm_wall']:6.1f} s wall")
    print(f"  first use costs {result['extra_cpu']:.1f} s CPU, {result['extra_wall']:.1f} s wall "
          "beyond a warm solve (goal: 5 s wall)")
    notice = result["notice"]
    print(f"  the notice shown: {notice[0] if notice else '(none)'}")


def solves(tmp: Path, python: str, opts: argparse.Namespace) -> dict[str, object]:
    """The cold solve and the warm ones, in ``python``, with a new empty cache under ``tmp``."""
    path = tmp / "deal.tgn"
    path.write_text(random_deal_record(opts.seed))
    cache = tmp / "cache"
    cache.mkdir()
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(cache))
    if opts.install:
        env.pop("PYTHONPATH", None)
    command = [python, "-m", "aceten", "solve", str(path)]
    command += [] if opts.whole else ["--ply", "1"]
    load = os.getloadavg()[0]
    start = time.time()
    cold_cpu, cold_wall, notice = timed(command, env, cwd=tmp)
    compiled = compiled_since(cache, start)
    warm = [timed(command, env, cwd=tmp)[:2] for _ in range(opts.warm)]
    warm_cpu = statistics.median(c for c, _ in warm)
    warm_wall = statistics.median(w for _, w in warm)
    return {
        "command": "aceten solve DEAL" + ("" if opts.whole else " --ply 1"),
        "seed": opts.seed, "load_before": round(load, 2),
        "cold_cpu": round(cold_cpu, 2), "cold_wall": round(cold_wall, 2),
        "compiled_at_first_use": compiled,
        "warm_cpu": round(warm_cpu, 2), "warm_wall": round(warm_wall, 2),
        "extra_cpu": round(cold_cpu - warm_cpu, 2), "extra_wall": round(cold_wall - warm_wall, 2),
        "notice": notice.strip().splitlines()[:1],
    }  # fmt: skip


if __name__ == "__main__":
    main()
