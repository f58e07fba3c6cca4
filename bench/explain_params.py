"""Explanations of impossible goals under explain.py's CP-SAT parameters, and with some changed.

The goals: five impossible goals of examples/student.toml, the 2-player Briscola example's, and
nine impossible goals of random small positions of each game (the test suite's generators).
Each is explained by ``aceten.logic.explain.decide`` with the parameters as they are ("now")
and with ``--set`` applied to the first solve's and the later solves' parameters ("changed");
the script prints how many explanations (core and notes) are identical, the solves and the CPU
of each set, and every explanation that differs.

    python bench/explain_params.py --set use_sat_inprocessing=true   # as before 2026-11-25
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _value(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return float(text)


def _goals(per_game: int) -> list[tuple[object, str]]:
    from aceten.logic import goal as g
    from aceten.logic import position
    from aceten.logic.solve import ask
    from logic_support import random_goals, random_position

    student = position.load(ROOT / "examples" / "student.toml")
    cases: list[tuple[object, str]] = [(student, text) for text in (
        "tricks(P1) >= 10", "points(P2) >= 120", "tricks(P4) >= 10", "tricks(P1) == 10",
        "tricks(P3) <= 0")]
    cases.append((position.load(ROOT / "examples" / "briscola.toml"),
                  "points(P1) >= 61 and tricks(P1) <= 2"))
    for game in ("briscola", "brisca", "cruce", "klaverjas"):
        rng = random.Random(f"cmp-{game}")
        found = 0
        while found < per_game:
            pos = random_position(rng, game, budget=3_000)
            for text in random_goals(rng, pos, 6):
                goal = g.parse(text, pos.rules)
                if goal.is_objective or ask(pos, goal, hint=False, workers=1).status != "impossible":
                    continue
                cases.append((pos, text))
                found += 1
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="a SatParameters field for every explanation solve (repeatable)")
    parser.add_argument("--per-game", type=int, default=9)
    args = parser.parse_args()
    changes = {key: _value(value) for key, value in (item.split("=", 1) for item in args.set)}
    from aceten.logic import explain as E
    from aceten.logic import goal as g

    cases = _goals(args.per_game)
    first, later = dict(E.EXPLAIN_PARAMS), dict(E.LATER_PARAMS)
    totals = {"now": [0.0, 0], "changed": [0.0, 0]}
    same, differ = 0, []
    for pos, text in cases:
        goal = g.parse(text, pos.rules)  # type: ignore[attr-defined]
        lines = {}
        for mode in ("now", "changed"):
            E.EXPLAIN_PARAMS.clear()
            E.EXPLAIN_PARAMS.update(first)
            E.LATER_PARAMS.clear()
            E.LATER_PARAMS.update(later)
            if mode == "changed":
                E.EXPLAIN_PARAMS.update(changes)
                E.LATER_PARAMS.update(changes)
            start = _cpu()
            decision = E.decide(pos, goal)  # type: ignore[arg-type]
            totals[mode][0] += _cpu() - start
            assert decision.explanation is not None, text
            totals[mode][1] += decision.explanation.solves
            lines[mode] = decision.explanation.lines()
        if lines["now"] == lines["changed"]:
            same += 1
        else:
            differ.append({"goal": text, **lines})
    E.EXPLAIN_PARAMS.update(first)
    print(json.dumps({"goals": len(cases), "identical": same, "changes": changes,
                      "cpu": {m: round(t[0], 2) for m, t in totals.items()},
                      "solves": {m: t[1] for m, t in totals.items()}}))
    for item in differ:
        print(json.dumps(item, ensure_ascii=False))


if __name__ == "__main__":
    main()
