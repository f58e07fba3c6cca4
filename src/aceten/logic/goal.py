"""The goal language of ``aceten ask``: a Lark grammar and the checked syntax tree.

    tricks(P1) >= 4
    points(team 1) >= 61 and wins(P3, trick=5)
    plays(P2, AS, trick=1) or not holds(P2, 3O, trick=3)
    draws(P1, AS) implies stock(1) == 7S
    maximize points(P1) where tricks(P1) <= 2

Numbers: ``tricks(X)``, ``points(X)`` (card points, with any last-trick bonus), ``bonus(X)``
(marriages, roem), ``score(X)`` (the deal's score in the game's own unit), combined with
``+``, ``-`` and whole-number factors. ``X`` is a player ``P1`` or a side ``team 1``.
Conditions: ``wins(X, trick=t)``, ``wins(X)`` (the deal), ``leads(X, trick=t)``,
``plays(X, CARD[, trick=t])``, ``holds(X, CARD[, trick=t])`` (when X's turn in trick t comes,
by default the first), ``draws(X, CARD[, trick=t])``, ``stock(i) == CARD`` (as dealt, i = 1
drawn first), ``trump == S`` or ``trump(S)``, comparisons ``== != < <= > >=``, ``not``,
``and``, ``or``, ``implies``, ``iff``, ``true``, ``false``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from aceten.cards import Card, Suit
from aceten.errors import AcetenError
from aceten.rules.base import Rules

GRAMMAR = r"""
?start: objective | expr

objective: SENSE sum (WHERE expr)?

?expr: iff
?iff: implies (IFF implies)?
?implies: or_ (IMPLIES implies)?
?or_: and_ (OR and_)*
?and_: not_ (AND not_)*
?not_: NOT not_ -> negation
     | cmp
?cmp: sum (CMP sum)?
?sum: product (ADDOP product)*
?product: INT STAR primary -> scaled
        | primary STAR INT -> scaled_right
        | primary
?primary: INT -> number
        | call
        | WORD -> word
        | "(" expr ")"
call: WORD "(" [arg ("," arg)*] ")"
arg: WORD "=" value -> keyword
   | value
value: (WORD | INT)+

SENSE.3: /(maximize|minimize)\b/i
WHERE.3: /(where|subject\s+to|such\s+that)\b/i
IFF.3: /iff\b/i
IMPLIES.3: /implies\b/i
OR.3: /or\b/i
AND.3: /and\b/i
NOT.3: /not\b/i
CMP: ">=" | "<=" | "==" | "!=" | ">" | "<"
ADDOP: "+" | "-"
STAR: "*"
INT.2: /\d+(?![A-Za-z])/
WORD: /[A-Za-z0-9\u2660-\u2667]+/
%import common.WS
%ignore WS
"""

NUMBERS = {"tricks": "tricks", "points": "points", "bonus": "bonus", "roem": "bonus",
           "marriages": "bonus", "score": "score"}
CONDITIONS = ("wins", "leads", "plays", "holds", "draws", "stock", "trump")


@lru_cache(maxsize=1)
def _parser() -> Any:
    from lark import Lark

    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False)


# -- the syntax tree -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """A player or a team: the seats it holds and how the goal named it."""

    seats: tuple[int, ...]
    label: str


@dataclass(frozen=True)
class Term:
    """A number of the game: ``name`` in tricks, points, bonus, score."""

    name: str
    side: Side
    text: str


@dataclass(frozen=True)
class Linear:
    """A whole-number expression: sum of coefficient x term, plus a constant."""

    terms: tuple[tuple[int, Term], ...]
    const: int = 0
    text: str = ""

    def __add__(self, other: Linear) -> Linear:
        return Linear(self.terms + other.terms, self.const + other.const)

    def scaled(self, k: int) -> Linear:
        return Linear(tuple((k * c, t) for c, t in self.terms), k * self.const, self.text)


@dataclass(frozen=True)
class Compare:
    left: Linear
    op: str
    right: Linear
    text: str


@dataclass(frozen=True)
class Atom:
    """A condition: ``name`` in CONDITIONS (``wins`` without a trick is the deal's winner)."""

    name: str
    side: Side | None = None
    card: Card | None = None
    trick: int | None = None  # 0-based
    index: int | None = None  # stock position, 0-based
    suit: Suit | None = None
    text: str = ""


@dataclass(frozen=True)
class Const:
    value: bool
    text: str = ""


@dataclass(frozen=True)
class Op:
    """``and``, ``or``, ``not``, ``implies``, ``iff`` over sub-formulas."""

    op: str
    args: tuple[Formula, ...]
    text: str = ""


Formula = Compare | Atom | Const | Op


@dataclass(frozen=True)
class Goal:
    """A parsed goal: a condition to satisfy, or an objective (with an optional condition)."""

    text: str
    formula: Formula
    sense: str | None = None  # "maximize" / "minimize"
    objective: Linear | None = None
    conjuncts: tuple[Formula, ...] = field(default=())

    @property
    def is_objective(self) -> bool:
        return self.sense is not None


# -- parsing -----------------------------------------------------------------------------------------
def parse(text: str, rules: Rules) -> Goal:
    """Parse and check a goal for a game; errors name the column (``goal column 12: ...``)."""
    if not text or not text.strip():
        raise AcetenError("goal is empty (for example: tricks(P1) >= 4)")
    text = " ".join(text.split()) if "\n" in text.strip() else text
    return _Checker(text, rules).goal(parse_tree(text, "goal"))


def parse_tree(text: str, what: str) -> Any:
    """The Lark tree of a goal or condition; syntax errors name the column."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

    try:
        return _parser().parse(text)
    except UnexpectedEOF:
        raise AcetenError(f"{what} column {len(text) + 1}: the {what} ends too early") from None
    except UnexpectedCharacters as err:
        assert err.pos_in_stream is not None  # lark always places a bad character
        raise AcetenError(f"{what} column {err.column}: unexpected character "
                          f"{text[err.pos_in_stream]!r}") from None
    except UnexpectedToken as err:
        if err.token.type == "$END":
            raise AcetenError(f"{what} column {len(text) + 1}: the {what} ends too early") from None
        hint = " (write == to compare)" if err.token.value == "=" else ""
        raise AcetenError(f"{what} column {err.column}: unexpected {err.token.value!r}{hint}") from None
    except UnexpectedInput as err:  # pragma: no cover - other Lark errors
        raise AcetenError(f"{what} column {getattr(err, 'column', '?')}: cannot read the {what}") from None


class _Checker:
    """Turns a Lark tree into the checked syntax tree, naming the column of any problem."""

    def __init__(self, text: str, rules: Rules):
        self.text = text
        self.rules = rules

    def fail(self, node: Any, message: str) -> AcetenError:
        column = getattr(node, "column", None)
        if column is None:
            meta = getattr(node, "meta", None)
            column = getattr(meta, "column", "?") if meta is not None and not meta.empty else "?"
        return AcetenError(f"goal column {column}: {message}")

    def snippet(self, node: Any) -> str:
        meta = getattr(node, "meta", None)
        if meta is None or meta.empty:
            return str(node)
        return self.text[meta.start_pos:meta.end_pos]

    def goal(self, tree: Any) -> Goal:
        if getattr(tree, "data", None) == "objective":
            sense = str(tree.children[0]).lower()
            objective = self.linear(tree.children[1])
            where = self.formula(tree.children[3]) if len(tree.children) > 3 else Const(True, "true")
            return Goal(self.text, where, sense, objective, _conjuncts(where))
        formula = self.formula(tree)
        return Goal(self.text, formula, conjuncts=_conjuncts(formula))

    # -- conditions
    def formula(self, node: Any) -> Formula:
        from lark import Token

        text = self.snippet(node)
        if isinstance(node, Token):
            raise self.fail(node, f"{node.value!r} is not a condition")
        kind = node.data
        if kind == "negation":
            return Op("not", (self.formula(node.children[1]),), text)
        if kind in ("and_", "or_", "implies", "iff"):
            parts = [self.formula(c) for c in node.children if not isinstance(c, Token)]
            op = {"and_": "and", "or_": "or", "implies": "implies", "iff": "iff"}[kind]
            return Op(op, tuple(parts), text)
        if kind == "cmp":
            return self.compare(node, text)
        if kind == "word":
            word = node.children[0]
            low = word.value.lower()
            if low in ("true", "false"):
                return Const(low == "true", text)
            raise self.fail(word, f"{word.value!r} is not a condition")
        if kind == "call":
            return self.condition(node, text)
        raise self.fail(node, f"{text!r} is a number, not a condition; compare it, like "
                        f"{text} >= 1")

    def compare(self, node: Any, text: str) -> Formula:
        left, op, right = node.children
        valued = self.valued(left)
        if valued is not None:
            return self.value_compare(valued, left, op, right, text)
        return Compare(self.linear(left), op.value, self.linear(right), text)

    def valued(self, node: Any) -> str | None:
        """``stock(i)`` or ``trump``: atoms compared with a card or suit, not a number."""
        if getattr(node, "data", None) == "word" and node.children[0].value.lower() == "trump":
            return "trump"
        if getattr(node, "data", None) == "call" and node.children[0].value.lower() == "stock":
            return "stock"
        return None

    def value_compare(self, kind: str, left: Any, op: Any, right: Any, text: str) -> Formula:
        if op.value not in ("==", "!="):
            raise self.fail(op, f"{kind} is compared with == or !=, not {op.value}")
        if getattr(right, "data", None) not in ("word", "number"):
            raise self.fail(right, f"expected a {'card' if kind == 'stock' else 'suit'} after "
                            f"{op.value}")
        token = right.children[0]
        if kind == "trump":
            atom = Atom("trump", suit=self.suit(token), text=text)
        else:
            args = self.args(left)
            if len(args) != 1 or args[0][0] is not None:
                raise self.fail(left, "stock takes one position, like stock(1) == 7S")
            atom = Atom("stock", index=self.stock_index(args[0][1]), card=self.card(token),
                        text=text)
        return atom if op.value == "==" else Op("not", (atom,), text)

    def condition(self, node: Any, text: str) -> Formula:
        name_tok = node.children[0]
        name = name_tok.value.lower()
        args = self.args(node)
        if name in NUMBERS:
            raise self.fail(name_tok, f"{name}(...) is a number, not a condition; compare it, "
                            f"like {text} >= 1")
        if name not in CONDITIONS:
            known = ", ".join(sorted({*CONDITIONS, *NUMBERS}))
            raise self.fail(name_tok, f"unknown atom {name_tok.value!r} (known: {known})")
        positional = [v for k, v in args if k is None]
        keywords = {k.value.lower(): (k, v) for k, v in args if k is not None}
        for key, (tok, _) in keywords.items():
            if key != "trick":
                raise self.fail(tok, f"{name} has no argument {tok.value!r} (only trick=...)")
        trick = self.trick(*keywords["trick"]) if "trick" in keywords else None
        if name == "trump":
            if len(positional) != 1 or keywords:
                raise self.fail(name_tok, "trump takes one suit, like trump(S)")
            return Atom("trump", suit=self.suit(positional[0][0]), text=text)
        if name == "stock":
            raise self.fail(name_tok, "stock(i) is compared with a card, like stock(1) == 7S")
        want_card = name in ("plays", "holds", "draws")
        need = 2 if want_card else 1
        if len(positional) != need:
            shape = {"wins": "wins(P1, trick=3) or wins(team 1)", "leads": "leads(P1, trick=2)",
                     "plays": "plays(P2, AS, trick=1)", "holds": "holds(P2, 3O, trick=3)",
                     "draws": "draws(P1, AS)"}[name]
            raise self.fail(name_tok, f"{name} takes {need} argument{'s' * (need > 1)}, "
                            f"like {shape}")
        side = self.side(positional[0])
        card = self.card(positional[1][0], positional[1]) if want_card else None
        if name == "leads" and trick is None:
            raise self.fail(name_tok, "leads needs a trick, like leads(P1, trick=2)")
        if name == "holds" and trick is None:
            trick = 0
        return Atom(name, side=side, card=card, trick=trick, text=text)

    def args(self, call: Any) -> list[tuple[Any, list[Any]]]:
        out = []
        for arg in call.children[1:]:
            if arg is None:
                continue
            if arg.data == "keyword":
                out.append((arg.children[0], list(arg.children[1].children)))
            else:
                out.append((None, list(arg.children[0].children)))
        return out

    def side(self, tokens: list[Any]) -> Side:
        words = [t.value for t in tokens]
        n = self.rules.players
        if len(words) == 1 and words[0][:1] in "Pp" and words[0][1:].isdigit():
            seat = int(words[0][1:]) - 1
            if not 0 <= seat < n:
                raise self.fail(tokens[0], f"unknown player {words[0]} (players are P1 to P{n})")
            return Side((seat,), f"P{seat + 1}")
        if len(words) == 2 and words[0].lower() == "team" and words[1].isdigit():
            teams = self.rules.teams
            index = int(words[1]) - 1
            if not 0 <= index < len(teams):
                raise self.fail(tokens[1], f"unknown team {words[1]} (teams are 1 to {len(teams)}: "
                                + ", ".join("+".join(f"P{s + 1}" for s in t) for t in teams) + ")")
            return Side(tuple(teams[index]), f"team {index + 1}")
        raise self.fail(tokens[0], f"expected a player like P1 or a team like 'team 1', got "
                        f"{' '.join(words)!r}")

    def card(self, token: Any, tokens: list[Any] | None = None) -> Card:
        if tokens is not None and len(tokens) != 1:
            raise self.fail(tokens[0], "expected one card, like AS")
        try:
            card = self.rules.parse_card(token.value)
        except AcetenError:
            raise self.fail(token, f"unknown card {token.value!r}") from None
        if card not in self.rules.deck:
            raise self.fail(token, f"{card} is not in the deck of this game")
        return card

    def suit(self, token: Any) -> Suit:
        try:
            suit = Suit.parse(token.value, self.rules.family)
        except AcetenError:
            raise self.fail(token, f"unknown suit {token.value!r}") from None
        return suit

    def trick(self, key: Any, tokens: list[Any]) -> int:
        count = self.rules.tricks_per_deal
        if len(tokens) != 1 or not tokens[0].value.isdigit():
            raise self.fail(key, "trick= takes a number, like trick=3")
        number = int(tokens[0].value)
        if not 1 <= number <= count:
            raise self.fail(tokens[0], f"trick {number} does not exist (tricks are 1 to {count})")
        return number - 1

    def stock_index(self, tokens: list[Any]) -> int:
        size = self.rules.stock_size
        if len(tokens) != 1 or not tokens[0].value.isdigit():
            raise self.fail(tokens[0], "stock(i) takes a position, like stock(1)")
        number = int(tokens[0].value)
        if size == 0:
            raise self.fail(tokens[0], "this game has no stock")
        if not 1 <= number <= size:
            raise self.fail(tokens[0], f"stock position {number} does not exist (1 to {size})")
        return number - 1

    # -- numbers
    def linear(self, node: Any) -> Linear:
        from lark import Token

        text = self.snippet(node)
        if isinstance(node, Token):
            raise self.fail(node, f"unexpected {node.value!r}")
        kind = node.data
        if kind == "number":
            return Linear((), int(node.children[0].value), text)
        if kind == "sum":
            out = self.linear(node.children[0])
            for i in range(1, len(node.children), 2):
                sign = -1 if node.children[i].value == "-" else 1
                out = out + self.linear(node.children[i + 1]).scaled(sign)
            return Linear(out.terms, out.const, text)
        if kind == "scaled":
            return self.linear(node.children[2]).scaled(int(node.children[0].value))
        if kind == "scaled_right":
            return self.linear(node.children[0]).scaled(int(node.children[2].value))
        if kind == "call":
            name_tok = node.children[0]
            name = name_tok.value.lower()
            if name not in NUMBERS:
                if name in CONDITIONS:
                    raise self.fail(name_tok, f"{name}(...) is a condition, not a number")
                known = ", ".join(sorted({*CONDITIONS, *NUMBERS}))
                raise self.fail(name_tok, f"unknown atom {name_tok.value!r} (known: {known})")
            args = self.args(node)
            if len(args) != 1 or args[0][0] is not None:
                raise self.fail(name_tok, f"{name} takes one player or team, like {name}(P1)")
            side = self.side(args[0][1])
            return Linear(((1, Term(NUMBERS[name], side, text)),), 0, text)
        if kind == "word":
            raise self.fail(node.children[0], f"{node.children[0].value!r} is not a number")
        raise self.fail(node, f"{text!r} is a condition, not a number")


def _conjuncts(formula: Formula) -> tuple[Formula, ...]:
    if isinstance(formula, Op) and formula.op == "and":
        return tuple(p for a in formula.args for p in _conjuncts(a))
    if isinstance(formula, Const) and formula.value:
        return ()
    return (formula,)
