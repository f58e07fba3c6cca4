"""Benchmark of ``aceten ask`` and ``aceten prove`` (docs/benchmarks.md, "Logic").

Each case is timed end to end in one process (parse the goal, encode the CP-SAT model, solve,
replay the witness through the engine), with encode and solve also reported on their own, and
the model's size. The median of ``--repeat`` runs is shown. ``--cli`` also times the whole
``aceten ask --json`` command of each case in a fresh process (Python start-up and imports
included).

``--commands`` times the README's commands as a user types them (issue 19's targets), each in a
fresh process, ``--repeat`` times: wall-clock median and CPU median (user + system of the child,
all solver threads included). ``--baseline SRC`` runs the same commands with ``PYTHONPATH=SRC``
too, in the same run, alternating (e.g. a checkout of main: ``git archive main src | tar -x -C
/tmp/main``, then ``--baseline /tmp/main/src``).

    python bench/bench_logic.py [--repeat 3] [--workers 1] [--params default|light] [--cli]
    python bench/bench_logic.py --commands [--repeat 5] [--baseline /tmp/main/src]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

LIGHT = {"symmetry_level": 0, "cp_model_probing_level": 0, "max_presolve_iterations": 1}

# name, position file, goal, the target in seconds (None: no target), expected status
CASES = [
    ("student: tricks(P1) >= 4", "student.toml", "tricks(P1) >= 4", 1.0, "possible"),
    ("student: maximize tricks(P1)", "student.toml", "maximize tricks(P1)", 5.0, "optimum"),
    ("2p briscola: maximize points(P1)", "briscola.toml", "maximize points(P1)", 3.0, "optimum"),
    ("2p briscola: points >= 61 and tricks <= 2", "briscola.toml",
     "points(P1) >= 61 and tricks(P1) <= 2", 3.0, "impossible"),
    ("klaverjas: maximize points(team 1)", "klaverjas.toml", "maximize points(team 1)", 3.0, "optimum"),
    ("student: tricks(P1) >= 10 (proof)", "student.toml", "tricks(P1) >= 10", None, "impossible"),
    ("brisca: exchange example", "brisca.toml", "plays(P1, AO, trick=1)", None, "possible"),
    ("cruce: marriage example", "cruce.toml", "bonus(team 1) >= 40", None, "possible"),
]


def run_case(path: Path, goal_text: str, workers: int, params: dict | None) -> dict:
    from aceten import logic
    from aceten.logic import goal as g
    from aceten.logic.solve import ask

    pos = logic.position.load(path)
    start = time.perf_counter()
    goal = g.parse(goal_text, pos.rules)
    parse = time.perf_counter() - start
    answer = ask(pos, goal, workers=workers, params=params)
    total = time.perf_counter() - start
    return {"status": answer.status, "value": answer.value, "proven": answer.proven,
            "parse": parse, "encode": answer.timings["encode"], "solve": answer.timings["solve"],
            "replay": answer.timings["replay"], "total": total,
            "variables": answer.model["variables"], "constraints": answer.model["constraints"]}


def run_explain(path: Path, goal_text: str) -> float:
    from aceten import logic
    from aceten.logic import goal as g
    from aceten.logic.explain import explain

    pos = logic.position.load(path)
    start = time.perf_counter()
    explain(pos, g.parse(goal_text, pos.rules))
    return time.perf_counter() - start


def cli_time(path: Path, goal_text: str, workers: int) -> float:
    exe = Path(sys.executable).parent / "aceten"
    start = time.perf_counter()
    done = subprocess.run([str(exe), "ask", str(path), "--goal", goal_text, "--json",
                           "--workers", str(workers)], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return elapsed


# The README's commands (issue 19, target 5; issue 17's proof time): name, arguments, target (s).
COMMANDS = [
    ("ask: the seed question", ["ask", "examples/student.toml"], 0.5),
    ("ask: maximize tricks(P1)", ["ask", "examples/student.toml", "--goal", "maximize tricks(P1)"], 1.0),
    ("ask: tricks(P1) >= 10 --explain", ["ask", "examples/student.toml", "--goal", "tricks(P1) >= 10",
                                          "--explain"], 1.0),
    ("prove: tricks(P1) <= 9", ["prove", "tricks(P1) <= 9", "examples/student.toml"], 2.0),
]


def command_time(args: list[str], src: str | None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, every thread) of ``aceten ARGS`` in a fresh process."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: byte code cached
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "aceten", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"aceten {' '.join(args)} failed: {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def commands(repeat: int, baseline: str | None, as_json: bool) -> None:
    here = str(ROOT / "src")
    trees = [("this tree", here)] + ([("baseline", baseline)] if baseline else [])
    for _, src in trees:  # byte-compile once, as an installed package is
        subprocess.run([sys.executable, "-m", "compileall", "-q", src], capture_output=True)
        command_time(["--version"], src)
    rows = []
    for name, args, target in COMMANDS:
        runs: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in trees}
        for _ in range(repeat):
            for label, src in trees:
                runs[label].append(command_time(args, src))
        row: dict[str, object] = {"case": name, "command": "aceten " + " ".join(args), "target": target}
        for label, _ in trees:
            row[label] = {"wall": statistics.median(w for w, _ in runs[label]),
                          "cpu": statistics.median(c for _, c in runs[label]),
                          "wall_min": min(w for w, _ in runs[label])}
        rows.append(row)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if as_json:
        print(json.dumps({"rows": rows, "repeat": repeat, "load": load}, indent=1))
        return
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, median of {repeat} fresh "
          f"processes each, load average {load:.1f} at the end; seconds")
    head = f"{'case':<34} {'target':>6} {'wall':>6} {'cpu':>6} {'min':>6}"
    if baseline:
        head += f" {'base wall':>10} {'base cpu':>9} {'cpu x':>6}"
    print(head)
    for r in rows:
        mine = r["this tree"]
        assert isinstance(mine, dict)
        line = (f"{r['case']:<34} {r['target']:>6} {mine['wall']:>6.2f} {mine['cpu']:>6.2f} "
                f"{mine['wall_min']:>6.2f}")
        if baseline:
            base = r["baseline"]
            assert isinstance(base, dict)
            line += f" {base['wall']:>10.2f} {base['cpu']:>9.2f} {base['cpu'] / mine['cpu']:>6.2f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)  # as aceten.logic.solve.DEFAULT_WORKERS
    parser.add_argument("--params", choices=("default", "light"), default="default",
                        help="CP-SAT presolve: aceten's default, or light (no probing/symmetry)")
    parser.add_argument("--cli", action="store_true", help="also time the aceten command")
    parser.add_argument("--explain", action="store_true", help="also time --explain on the proofs")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--commands", action="store_true",
                        help="time the README's ask and prove commands end to end instead")
    parser.add_argument("--baseline", metavar="SRC", help="with --commands: also run them from "
                        "this source tree (PYTHONPATH), in the same run")
    args = parser.parse_args()
    if args.commands:
        commands(args.repeat, args.baseline, args.json)
        return
    params = LIGHT if args.params == "light" else None
    import ortools

    run_case(EXAMPLES / "student.toml", "tricks(P1) >= 4", args.workers, params)  # warm up imports
    rows = []
    for name, file, goal, target, expect in CASES:
        runs = [run_case(EXAMPLES / file, goal, args.workers, params) for _ in range(args.repeat)]
        assert all(r["status"] == expect for r in runs), (name, [r["status"] for r in runs])
        row = {"case": name, "target": target, "status": runs[0]["status"], "value": runs[0]["value"],
               "proven": runs[0]["proven"], **{k: statistics.median(r[k] for r in runs)
                                               for k in ("parse", "encode", "solve", "replay", "total")},
               "max_total": max(r["total"] for r in runs),
               "variables": runs[0]["variables"], "constraints": runs[0]["constraints"]}
        if args.cli:
            row["cli"] = statistics.median(cli_time(EXAMPLES / file, goal, args.workers)
                                           for _ in range(args.repeat))
        if args.explain and expect == "impossible":
            row["explain"] = statistics.median(run_explain(EXAMPLES / file, goal)
                                               for _ in range(args.repeat))
        rows.append(row)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        print(json.dumps({"rows": rows, "workers": args.workers, "params": args.params,
                          "load": load}, indent=1))
        return
    print(f"python {sys.version.split()[0]}, ortools {ortools.__version__}, {os.cpu_count()} cores, "
          f"CP-SAT workers={args.workers}, params={args.params}, median of {args.repeat}, "
          f"load average {load:.1f}")
    head = (f"{'case':<42} {'answer':<16} {'encode':>7} {'solve':>7} {'replay':>7} {'total':>7} "
            f"{'target':>7} {'vars':>6} {'cons':>6}")
    if args.cli:
        head += f" {'cli':>6}"
    if args.explain:
        head += f" {'explain':>8}"
    print(head)
    for r in rows:
        answer = r["status"] + (f" {r['value']}" if r["value"] is not None else "")
        if r["status"] == "optimum" and not r["proven"]:
            answer += "?"
        target = f"<{r['target']:g}" if r["target"] else "-"
        mark = "" if not r["target"] else (" ok" if r["max_total"] < r["target"] else " MISS")
        line = (f"{r['case']:<42} {answer:<16} {r['encode']:>7.2f} {r['solve']:>7.2f} "
                f"{r['replay']:>7.3f} {r['total']:>7.2f} {target:>7}{mark:<5} {r['variables']:>6} "
                f"{r['constraints']:>6}")
        if args.cli:
            line += f" {r['cli']:>6.2f}"
        if "explain" in r:
            line += f" {r['explain']:>8.2f}"
        print(line)


if __name__ == "__main__":
    main()
