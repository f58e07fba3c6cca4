"""Card-set questions: which sets of cards meet point, suit and rank conditions.

    aceten cards brisca "sum(points) == 15" --size 2 --all
    aceten cards klaverjas "sum(points) >= 40 and count(suit=H) == 2" --size 3 --trump H

Numbers: ``sum(points)`` (optionally ``suit=S``, ``rank=K``), ``count()`` (optionally
``suit=S``, ``rank=A``, ``suit=trump``), ``suits`` and ``ranks`` (how many different);
conditions: comparisons, ``has(AS)``, ``not``, ``and``, ``or``, ``implies``. Solved with
CP-SAT, every set enumerated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aceten.cards import Card, Rank, Suit
from aceten.errors import AcetenError
from aceten.rules.base import Rules

MAX_SETS = 100_000


@dataclass
class CardSets:
    sets: list[tuple[Card, ...]]
    complete: bool  # every set was enumerated (not stopped at the limit)


class _Builder:
    """Turns the goal grammar's tree into CP-SAT expressions over one Boolean per card."""

    def __init__(self, text: str, rules: Rules, trump: Suit | None, model: Any, x: dict[Card, Any]):
        self.text, self.rules, self.trump, self.m, self.x = text, rules, trump, model, x

    def fail(self, node: Any, message: str) -> AcetenError:
        column = getattr(node, "column", None)
        if column is None:
            meta = getattr(node, "meta", None)
            column = getattr(meta, "column", "?") if meta is not None and not meta.empty else "?"
        return AcetenError(f"condition column {column}: {message}")

    def points(self, c: Card) -> int:
        bit = int(c) & 63
        trump = self.trump is not None and c.suit == self.trump
        return self.rules.trump_pts[bit] if trump else self.rules.plain_pts[bit]

    def filters(self, call: Any, allowed: tuple[str, ...]) -> tuple[list[Card], list[Any]]:
        cards = list(self.rules.deck)
        positional = []
        for arg in call.children[1:]:
            if arg is None:
                continue
            if arg.data != "keyword":
                positional.append(arg)
                continue
            key = arg.children[0]
            words = [t.value for t in arg.children[1].children]
            name = key.value.lower()
            if name not in allowed:
                raise self.fail(key, f"unknown argument {key.value!r} (allowed: {', '.join(allowed)})")
            value = " ".join(words)
            if name == "suit":
                if value.lower() == "trump":
                    if self.trump is None:
                        raise self.fail(key, "suit=trump needs --trump")
                    suit = self.trump
                else:
                    try:
                        suit = Suit.parse(value, self.rules.family)
                    except AcetenError:
                        raise self.fail(arg.children[1].children[0], f"unknown suit {value!r}") from None
                cards = [c for c in cards if c.suit == suit]
            else:
                rank = next((r for r in Rank if r.letter.lower() == value.lower()), None)
                if rank is None:
                    raise self.fail(arg.children[1].children[0], f"unknown rank {value!r}")
                cards = [c for c in cards if c.rank == rank]
        return cards, positional

    def number(self, node: Any) -> Any:
        from lark import Token

        if isinstance(node, Token):
            raise self.fail(node, f"unexpected {node.value!r}")
        kind = node.data
        if kind == "number":
            return int(node.children[0].value)
        if kind == "sum":
            out = self.number(node.children[0])
            for i in range(1, len(node.children), 2):
                part = self.number(node.children[i + 1])
                out = out - part if node.children[i].value == "-" else out + part
            return out
        if kind == "scaled":
            return int(node.children[0].value) * self.number(node.children[2])
        if kind == "scaled_right":
            return int(node.children[2].value) * self.number(node.children[0])
        if kind == "word":
            word = node.children[0]
            name = word.value.lower()
            if name in ("suits", "ranks"):
                groups: dict[Any, list[Card]] = {}
                for c in self.rules.deck:
                    groups.setdefault(c.suit if name == "suits" else c.rank, []).append(c)
                total = 0
                for i, cards in enumerate(groups.values()):
                    used = self.m.new_bool_var(f"used{i}")
                    self.m.add_max_equality(used, [self.x[c] for c in cards])
                    total = total + used
                return total
            if name in ("size", "count"):
                return sum(self.x.values())
            raise self.fail(word, f"{word.value!r} is not a number (known: sum(points), count(), "
                            "suits, ranks)")
        if kind == "call":
            name_tok = node.children[0]
            name = name_tok.value.lower()
            if name == "sum":
                cards, positional = self.filters(node, ("suit", "rank"))
                what = [" ".join(t.value for t in p.children[0].children).lower() for p in positional]
                if what != ["points"]:
                    raise self.fail(name_tok, "sum takes points, like sum(points) or "
                                    "sum(points, suit=S)")
                return sum(self.points(c) * self.x[c] for c in cards)
            if name == "count":
                cards, positional = self.filters(node, ("suit", "rank"))
                if positional:
                    raise self.fail(name_tok, "count takes suit= or rank=, like count(suit=S)")
                return sum(self.x[c] for c in cards)
            raise self.fail(name_tok, f"unknown number {name_tok.value!r} (known: sum(points), "
                            "count(...), suits, ranks)")
        raise self.fail(node, "expected a number")

    def condition(self, node: Any) -> Any:
        from lark import Token

        m = self.m
        if isinstance(node, Token):
            raise self.fail(node, f"unexpected {node.value!r}")
        kind = node.data
        if kind == "cmp":
            left, op, right = node.children
            a, b = self.number(left), self.number(right)
            lit = m.new_bool_var("cmp")
            ops = {">=": (a >= b, a < b), "<=": (a <= b, a > b), "==": (a == b, a != b),
                   "!=": (a != b, a == b), ">": (a > b, a <= b), "<": (a < b, a >= b)}
            yes, no = ops[op.value]
            if isinstance(yes, bool):
                m.add(lit == int(yes))
                return lit
            m.add(yes).only_enforce_if(lit)
            m.add(no).only_enforce_if(~lit)
            return lit
        if kind == "negation":
            return ~self.condition(node.children[1])
        if kind in ("and_", "or_", "implies", "iff"):
            parts = [self.condition(c) for c in node.children if not isinstance(c, Token)]
            lit = m.new_bool_var(kind)
            if kind == "implies":
                parts = [~parts[0], parts[1]]
            if kind == "iff":
                m.add(parts[0] == parts[1]).only_enforce_if(lit)
                m.add(parts[0] != parts[1]).only_enforce_if(~lit)
                return lit
            if kind == "and_":
                m.add_bool_and(parts).only_enforce_if(lit)
                m.add_bool_or([~p for p in parts]).only_enforce_if(~lit)
            else:
                m.add_bool_or(parts).only_enforce_if(lit)
                m.add_bool_and([~p for p in parts]).only_enforce_if(~lit)
            return lit
        if kind == "call" and node.children[0].value.lower() == "has":
            _, positional = self.filters(node, ())
            if len(positional) != 1:
                raise self.fail(node.children[0], "has takes one card, like has(AS)")
            token = positional[0].children[0].children[0]
            try:
                card = self.rules.parse_card(" ".join(t.value for t in positional[0].children[0].children))
            except AcetenError:
                raise self.fail(token, f"unknown card {token.value!r}") from None
            if card not in self.x:
                raise self.fail(token, f"{card} is not in the deck of this game")
            return self.x[card]
        if kind == "word" and node.children[0].value.lower() in ("true", "false"):
            return node.children[0].value.lower() == "true"
        raise self.fail(node, "expected a condition, like sum(points) == 15")


def find(rules: Rules, condition: str, *, size: int | None = None, trump: Suit | None = None,
         limit: int = MAX_SETS) -> CardSets:
    """Every set of cards of the game's deck meeting ``condition`` (of ``size`` cards if given)."""
    from ortools.sat.python import cp_model

    from aceten.logic.goal import parse_tree

    if not condition.strip():
        raise AcetenError("the condition is empty (for example: sum(points) == 15)")
    tree = parse_tree(condition, "condition")
    if getattr(tree, "data", None) == "objective":
        raise AcetenError("condition column 1: card-set questions take a condition, not an objective")
    model = cp_model.CpModel()
    x = {c: model.new_bool_var(str(c)) for c in rules.deck}
    builder = _Builder(condition, rules, trump, model, x)
    lit = builder.condition(tree)
    if isinstance(lit, bool):
        if not lit:
            return CardSets([], True)
    else:
        model.add(lit == 1)
    if size is not None:
        if not 0 <= size <= len(rules.deck):
            raise AcetenError(f"--size {size}: the deck has {len(rules.deck)} cards")
        model.add(sum(x.values()) == size)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    found: list[tuple[Card, ...]] = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            found.append(tuple(c for c in rules.deck if self.boolean_value(x[c])))
            if len(found) >= limit:
                self.stop_search()

    solver.solve(model, Collect())
    order = {c: i for i, c in enumerate(rules.deck)}
    found.sort(key=lambda cs: (len(cs), [order[c] for c in cs]))
    return CardSets(found, len(found) < limit)
