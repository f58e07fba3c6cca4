"""The layering promise of issue 15, checked by reading the source (with ``ast``, not text search).

Outside ``src/aceten/rules/`` no code names a game and no rule constant is written: a layer asks
the rules (a new ``if rules.name == "cruce"`` or ``total += 200`` fails here at once).

The import layers themselves are checked by import-linter (``lint-imports``, [tool.importlinter]
in pyproject.toml) and the core's types by ``mypy``; ``test_mypy_core_flags_are_strict`` keeps
the core's per-module flags equal to what ``mypy --strict`` turns on.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections import Counter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "aceten"
ROOT = SRC.parent.parent

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

GAME_NAMES = frozenset({"briscola", "brisca", "cruce", "klaverjas"})

# The show layer (display, svg, records_table, show/) is left out of the rule-constant scan:
# drawing code is full of pixel sizes (y += 20) that look like bonus values.
SHOW_MODULES = ("display.py", "svg.py", "records_table.py", "show/")



@functools.cache
def _modules() -> list[tuple[str, ast.Module]]:
    """Every module of the package outside rules/, parsed."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("rules/"):
            continue
        out.append((rel, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))))
    return out


def _text_only_strings(tree: ast.Module) -> set[int]:
    """ids of the string constants that are documentation, not code: docstrings (doctests live
    in them) and any other bare string statement."""
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for stmt in body:
            if (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
                    and isinstance(stmt.value.value, str)):
                ids.add(id(stmt.value))
    return ids


def _allowed_game_names(rel: str, tree: ast.Module) -> set[int]:
    """The two places that may name a game, because they only register environments by name:

    - ``env/<game>_v0.py``, one PettingZoo module per game, may assign ``GAME = "<game>"`` (its
      own name) at module level; everything else it does goes through ``rules.get(GAME)``;
    - ``env/__init__.py`` may hold the registry dict whose keys are game names and whose values
      are exactly those modules (``{"cruce": cruce_v0, ...}``).
    """
    ids: set[int] = set()
    if rel.startswith("env/") and rel.endswith("_v0.py"):
        own = rel[len("env/"):-len("_v0.py")]
        for stmt in tree.body:
            if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id == "GAME"
                    and isinstance(stmt.value, ast.Constant) and stmt.value.value == own):
                ids.add(id(stmt.value))
    if rel == "env/__init__.py":
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and node.keys and all(
                    isinstance(k, ast.Constant) and isinstance(v, ast.Name) and v.id == f"{k.value}_v0"
                    for k, v in zip(node.keys, node.values)):
                ids.update(id(k) for k in node.keys)
    return ids


@functools.cache
def game_names_in_code() -> Counter[tuple[str, str]]:
    """(module, game) for every string literal in code, outside rules/, that is a game's name."""
    found: Counter[tuple[str, str]] = Counter()
    for rel, tree in _modules():
        skip = _text_only_strings(tree) | _allowed_game_names(rel, tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                    and node.value.strip().lower() in GAME_NAMES):
                found[rel, node.value.strip().lower()] += 1
    return found


# Bonus values: marriages (20, 40), roem (20, 50, 100, 200), card points of ace and ten (11, 10).
BONUS_VALUES = frozenset({20, 40, 50, 100, 200})
ADDED_VALUES = BONUS_VALUES | {10, 11}
ROEM_VALUES = frozenset({20, 50, 100, 200})
FACTOR_VALUES = BONUS_VALUES - {100}  # 100 * x is far more often a percentage than a pit bonus
UNIT = 33  # Cruce: card points per game point


_SHAPES = (ast.BinOp, ast.Assign, ast.AugAssign, ast.IfExp, ast.Tuple, ast.List)


def _int(node: ast.AST | None) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _rule_constant(node: ast.AST) -> str | None:
    """The rule constant ``node`` writes, by the shapes they take in today's copies:

    - the Cruce unit 33 multiplied, divided or taken modulo (``33 * q``, ``pts // 33``) or given
      a name that says so (``UNIT = 33``);
    - a bonus or card value added to a running total (``total += 200``, ``sure += 11``);
    - a choice between two bonus values (``40 if trump else 20``);
    - a bonus value other than 100 as a factor (``20 * married``; ``100 * x`` is too often a
      percentage) or paired with a rank (``(Rank.JACK, 200)``);
    - a table holding two or more roem values (``(0, 0, 0, 20, 50, 50, 50, 70, 100)``).

    A heuristic, tuned so that nothing outside these shapes (percentages, layout, limits) matches;
    it finds every copy issue 15 names, not every conceivable one.
    """
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.FloorDiv, ast.Div, ast.Mod)):
        for side in (node.left, node.right):
            if _int(side) == UNIT:
                return f"unit {UNIT}"
        if isinstance(node.op, ast.Mult):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                value = _int(side)
                if value in FACTOR_VALUES and _int(other) is None:
                    return f"bonus factor {value}"
    if (isinstance(node, ast.Assign) and _int(node.value) == UNIT
            and any(isinstance(t, ast.Name) and "UNIT" in t.id.upper() for t in node.targets)):
        return f"unit {UNIT}"
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
        value = _int(node.value)
        if value in ADDED_VALUES:
            return f"added {value}"
    if isinstance(node, ast.IfExp):
        a, b = _int(node.body), _int(node.orelse)
        if a in BONUS_VALUES and b in BONUS_VALUES:
            return f"choice {a}/{b}"
    if isinstance(node, (ast.Tuple, ast.List)):
        values = {_int(e) for e in node.elts}
        ranks = [e for e in node.elts if isinstance(e, ast.Attribute)
                 and isinstance(e.value, ast.Name) and e.value.id == "Rank"]
        bonus = values & BONUS_VALUES
        if ranks and bonus:
            return f"rank bonus {max(bonus)}"
        if len(values & ROEM_VALUES) >= 2:
            return "roem table"
    return None


@functools.cache
def rule_constants_in_code() -> Counter[tuple[str, str]]:
    """(module, what) for every rule constant written in code outside rules/ and show."""
    found: Counter[tuple[str, str]] = Counter()
    for rel, tree in _modules():
        if rel.startswith(SHOW_MODULES):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, _SHAPES):
                continue
            what = _rule_constant(node)
            if what is not None:
                found[rel, what] += 1
    return found


def test_no_module_outside_rules_names_a_game():
    assert dict(game_names_in_code()) == {}


def test_no_rule_constant_outside_rules():
    assert dict(rule_constants_in_code()) == {}


def test_scanners_see_the_shapes_they_promise():
    """Each shape the scanners look for is found in a small sample, and the allowed ones are not."""
    sample = ast.parse(
        'if rules.name == "cruce":\n'
        '    total += 200\n'
        'UNIT = 33\n'
        'q = pts // 33\n'
        'v = 40 if trump else 20\n'
        'x = 20 * married\n'
        'T = (0, 20, 50, 100)\n'
        'P = ((Rank.JACK, 200),)\n'
        '"""cruce in a docstring"""\n'
        'share = 100 * t.win_rate\n'
        'S_PHASE = 33\n'
    )
    names = [n.value for n in ast.walk(sample) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and id(n) not in _text_only_strings(sample)
             and n.value in GAME_NAMES]
    assert names == ["cruce"]
    shapes = sorted(what for n in ast.walk(sample) if (what := _rule_constant(n)) is not None)
    assert shapes == ["added 200", "bonus factor 20", "choice 40/20", "rank bonus 200", "roem table",
                      "unit 33", "unit 33"]
    registry = ast.parse('GAMES = {"cruce": cruce_v0}\nOTHER = {"cruce": make}\n')
    allowed = _allowed_game_names("env/__init__.py", registry)
    keys = [n for n in ast.walk(registry) if isinstance(n, ast.Constant)]
    assert [id(k) in allowed for k in keys] == [True, False]


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_mypy_core_flags_are_strict():
    """The core's override turns on every per-module flag ``mypy --strict`` turns on (``strict``
    itself cannot go in an override: mypy would apply it to every module)."""
    main = pytest.importorskip("mypy.main")
    _, _, assignments = main.define_options()
    options = pytest.importorskip("mypy.options")
    strict = {dest: value for dest, value in assignments if dest in options.PER_MODULE_OPTIONS}
    core = [o for o in _pyproject()["tool"]["mypy"]["overrides"] if "aceten.cards" in o["module"]]
    assert len(core) == 1
    assert {k: core[0].get(k) for k in strict} == strict
    assert set(core[0]["module"]) == {"aceten.cards", "aceten.errors", "aceten.game", "aceten.match",
                                      "aceten.moves", "aceten.record", "aceten.rules.*",
                                      "aceten.seeded"}
