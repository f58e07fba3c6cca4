"""Card-set questions: which sets of cards meet point, suit and rank conditions, with their
point totals; and which of two cards wins a trick, under each trump and suit led.

    aceten cards brisca "sum(points) == 15" --size 2 --all
    aceten cards klaverjas "sum(points) >= 40 and count(suit=H) == 2" --size 3 --trump H
    aceten cards briscola --max-size 1            # every (set, total) pair up to a size
    aceten cards brisca --beats AO 3O

Numbers: ``sum(points)`` (optionally ``suit=S``, ``rank=K``), ``count()`` (optionally
``suit=S``, ``rank=A``, ``suit=trump``), ``suits`` and ``ranks`` (how many different);
conditions: comparisons, ``has(AS)``, ``not``, ``and``, ``or``, ``implies``. Solved with
CP-SAT one size at a time, so the smallest sets come first and a limit keeps the smallest.
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
    sets: list[tuple[Card, ...]]  # smallest first; within a size, in deck order
    totals: list[int]  # each set's card points (Klaverjas: trumps as trumps, given --trump)
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


def find(rules: Rules, condition: str | None, *, size: int | None = None,
         max_size: int | None = None, trump: Suit | None = None, limit: int = MAX_SETS) -> CardSets:
    """Every set of cards of the game's deck meeting ``condition`` (none: every set), of ``size``
    cards or of at most ``max_size``, smallest first, each with its point total."""
    from ortools.sat.python import cp_model

    deck = list(rules.deck)
    for flag, value in (("--size", size), ("--max-size", max_size)):
        if value is not None and not 0 <= value <= len(deck):
            raise AcetenError(f"{flag} {value}: give 0 to {len(deck)} (the deck has {len(deck)} "
                              "cards)")
    if size is not None and max_size is not None:
        raise AcetenError("give --size or --max-size, not both")
    if condition is None and size is None and max_size is None:
        raise AcetenError("give a condition, or --size/--max-size to list every set with its total")
    tree = None
    if condition is not None:
        from aceten.logic.goal import parse_tree

        if not condition.strip():
            raise AcetenError("the condition is empty (for example: sum(points) == 15)")
        tree = parse_tree(condition, "condition")
        if getattr(tree, "data", None) == "objective":
            raise AcetenError("condition column 1: card-set questions take a condition, not an "
                              "objective")
    sizes = [size] if size is not None else range((max_size if max_size is not None else len(deck)) + 1)
    order = {c: i for i, c in enumerate(deck)}
    found: list[tuple[Card, ...]] = []
    complete = True
    for k in sizes:
        model = cp_model.CpModel()
        x = {c: model.new_bool_var(str(c)) for c in deck}
        if tree is not None:
            lit = _Builder(condition or "", rules, trump, model, x).condition(tree)
            if lit is False:
                break  # the condition never holds, whatever the size
            if lit is not True:
                model.add(lit == 1)
        model.add(sum(x.values()) == k)
        batch = _enumerate(model, x, deck, limit - len(found))
        batch.sort(key=lambda cs: [order[c] for c in cs])
        found.extend(batch)
        if len(found) >= limit:
            complete = False
            break
    totals = [sum(rules.points(c, trump) for c in cs) for cs in found]
    return CardSets(found, totals, complete)


def _enumerate(model: Any, x: dict[Card, Any], deck: list[Card], limit: int) -> list[tuple[Card, ...]]:
    """The model's solutions as card sets, up to ``limit``."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    out: list[tuple[Card, ...]] = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            out.append(tuple(c for c in deck if self.boolean_value(x[c])))
            if len(out) >= limit:
                self.stop_search()

    solver.solve(model, Collect())
    return out


# -- which card wins ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Duel:
    """Two cards in one trick under a trump and a suit led: which wins, as the rules say."""

    trump: Suit
    led: Suit
    possible: bool  # some trick of the game holds both cards with this suit led
    winner: Card | None  # None: the card led (a third card) wins, or no such trick


def beats(rules: Rules, first: Card, second: Card) -> list[Duel]:
    """For each trump and each suit led, which of two cards wins a trick holding both. The
    tricks looked at: the two cards alone (either led), and, when the game has three or more
    players, led by each other card of the led suit; the winner is ``rules.trick_winner``."""
    if first not in rules.deck or second not in rules.deck:
        missing = first if first not in rules.deck else second
        raise AcetenError(f"{missing} is not in the deck of this game")
    if first == second:
        raise AcetenError(f"give two different cards (both are {first})")
    suits = [Suit(rules.family, i) for i in range(4)]
    out = []
    for trump in suits:
        for led in suits:
            tricks: list[list[Card]] = []
            if first.suit == led:
                tricks.append([first, second])
            if second.suit == led:
                tricks.append([second, first])
            if rules.players >= 3:
                for lead in rules.deck:
                    if lead.suit == led and lead not in (first, second):
                        tricks += [[lead, first, second], [lead, second, first]]
            winners = {t[rules.trick_winner(t, trump)] for t in tricks} & {first, second}
            if len(winners) > 1:
                raise AcetenError(f"{first} and {second} each win some trick under trump "
                                  f"{trump.name}, led {led.name}: the winner depends on the order")
            out.append(Duel(trump, led, bool(tricks), next(iter(winners), None)))
    return out
