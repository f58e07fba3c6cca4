"""The goal language of ``aceten ask``: a Lark grammar and the checked syntax tree.

    tricks(P1) >= 4
    points(team 1) >= 61 and wins(P3, trick=5)
    plays(P2, AS, trick=1) or not holds(P2, 3O, trick=3)
    draws(P1, AS) implies stock(1) == 7S
    maximize points(P1) where tricks(P1) <= 2

Numbers: ``tricks(X)``, ``points(X)`` (card points, with any last-trick bonus), ``bonus(X)``
(marriages, roem), ``score(X)`` (the deal's score in the game's own unit), combined with
``+``, ``-`` and whole-number factors. ``X`` is a player ``P1`` or a side ``team 1``; in a game
whose teams form at an auction's call, the sides are ``caller`` (the caller and the partner)
and ``defenders``, ``partner(P3)`` says P3 holds the called card (the caller itself: alone),
``alone`` that the caller called its own card and ``called(AS)`` which card it calls.
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

from aceten.cards import Card, Rank, Suit
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
     | quant
     | cmp
quant: QUANT WORD ("," WORD)* IN domain ":" expr
?domain: WORD -> word
       | call
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
   | WORD "=" call -> keyword
   | value
   | call -> nested
value: (WORD | INT)+

QUANT.3: /(forall|exists)\b/i
IN.3: /in\b/i
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

MAX_NUMBER = 1_000_000_000
"""The largest number a goal or condition may write, and the largest that the constants and
factors of a sum may reach, added and multiplied (none cancels another): far beyond any count,
points or score of a deal, and far inside CP-SAT's 64-bit integers, so that no sum or product
of the encoding overflows them (a coefficient of 10**9 times a deal's few hundred points)."""

NUMBERS = {"tricks": "tricks", "points": "points", "bonus": "bonus", "roem": "bonus",
           "marriages": "bonus", "score": "score"}
CONDITIONS = ("wins", "leads", "plays", "holds", "draws", "stock", "trump")


@lru_cache(maxsize=1)
def _parser() -> Any:
    from lark import Lark

    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=False, cache=True)


# -- the syntax tree -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """A player or a team: the seats it holds and how the goal named it. A hidden team's side
    has a ``role`` ("caller": the caller and the partner; "defenders": the others) and lists
    every seat that may belong to it; which do is decided by the deal."""

    seats: tuple[int, ...]
    label: str
    role: str | None = None


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
    first_order: Any = None  # the checked formula before grounding (aceten.logic.fol nodes)

    @property
    def is_objective(self) -> bool:
        return self.sense is not None


# -- parsing -----------------------------------------------------------------------------------------
def parse(text: str, rules: Rules, *, ground: bool = True) -> Goal:
    """Parse and check a goal for a game; errors name the column (``goal column 12: ...``).

    ``ground=False`` keeps a first-order goal unground (``first_order`` set, ``formula`` true):
    proofs need only its first-order form, and grounding a big one takes seconds."""
    if not text or not text.strip():
        raise AcetenError("goal is empty (for example: tricks(P1) >= 4)")
    text = " ".join(text.split()) if "\n" in text.strip() else text
    try:
        return _Checker(text, rules, ground).goal(parse_tree(text, "goal"))
    except RecursionError:
        raise AcetenError("goal: nested too deeply (brackets or not within not): write it "
                          "flatter") from None


def number(digits: str) -> int:
    """The value of a run of digits, any above :data:`MAX_NUMBER` as ``MAX_NUMBER + 1`` (Python
    refuses to convert more than 4,300 digits; a range check needs no more)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)):
        return MAX_NUMBER + 1
    return min(int(digits), MAX_NUMBER + 1)


def shown(digits: str) -> str:
    """A run of digits for a message: a long one abridged, with its length."""
    return digits if len(digits) <= 30 else f"{digits[:12]}... ({len(digits)} digits)"


def parse_tree(text: str, what: str) -> Any:
    """The Lark tree of a goal or condition; syntax errors and numbers too large (see
    :data:`MAX_NUMBER`) name the column."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

    try:
        tree = _parser().parse(text)
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
    _NumberCheck(text, what).visit(tree)
    return tree


class _NumberCheck:
    """Refuses a number above :data:`MAX_NUMBER`, and a sum or product whose constants and
    factors reach more (``1000000 * (1000000 * tricks(P1))``): CP-SAT takes 64-bit integers
    only, and the encoding multiplies them by the game's counts and points. The numbers of
    arguments (``trick=3``, ``stock(2)``) are checked where they are read, against the game."""

    NUMERIC = ("number", "sum", "scaled", "scaled_right")

    def __init__(self, text: str, what: str):
        self.text, self.what = text, what

    def visit(self, node: Any) -> None:
        if getattr(node, "data", None) in self.NUMERIC:
            self.size(node)
            return
        for child in getattr(node, "children", ()):
            if hasattr(child, "data"):
                self.visit(child)

    def literal(self, token: Any) -> int:
        value = number(token.value)
        if value > MAX_NUMBER:
            raise AcetenError(f"{self.what} column {token.column}: {shown(token.value)} is too "
                              f"large (numbers are at most {MAX_NUMBER:,})")
        return value

    def size(self, node: Any) -> int:
        """The sum of the absolute constants and factors of a number (a term counts 1)."""
        kind = getattr(node, "data", None)
        if kind == "number":
            return self.literal(node.children[0])
        if kind == "sum":
            total = sum(self.size(child) for child in node.children[::2])
        elif kind == "scaled":
            total = self.literal(node.children[0]) * self.size(node.children[2])
        elif kind == "scaled_right":
            total = self.size(node.children[0]) * self.literal(node.children[2])
        else:
            self.visit(node)
            return 1
        if total > MAX_NUMBER:
            snippet = self.text[node.meta.start_pos:node.meta.end_pos]
            if len(snippet) > 40:
                snippet = snippet[:37] + "..."
            raise AcetenError(f"{self.what} column {node.meta.column}: {snippet!r} is too large "
                              f"(its constants and factors, added and multiplied, reach more "
                              f"than {MAX_NUMBER:,})")
        return total


class _Checker:
    """Turns a Lark tree into the checked syntax tree, naming the column of any problem."""

    def __init__(self, text: str, rules: Rules, ground: bool = True):
        self.text = text
        self.rules = rules
        self.ground = ground
        self.env: dict[str, Any] = {}  # bound variables: name -> fol.Var

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
            return self.grounded(where, sense, objective)
        formula = self.formula(tree)
        return self.grounded(formula)

    def grounded(self, formula: Any, sense: str | None = None, objective: Linear | None = None
                 ) -> Goal:
        from aceten.logic import fol

        if not fol.is_first_order(formula):
            return Goal(self.text, formula, sense, objective, _conjuncts(formula))
        if not self.ground:
            return Goal(self.text, Const(True, "true"), sense, objective, (), first_order=formula)
        ground = fol.ground(formula, self.rules)
        return Goal(self.text, ground, sense, objective, _conjuncts(ground), first_order=formula)

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
        if kind == "quant":
            return self.quant(node, text)
        if kind == "cmp":
            return self.compare(node, text)
        if kind == "word":
            word = node.children[0]
            low = word.value.lower()
            if low in ("true", "false"):
                return Const(low == "true", text)
            if low == "alone":
                self.hidden_teams(word, "alone")
                return Atom("alone", text=text)
            raise self.fail(word, f"{word.value!r} is not a condition")
        if kind == "call":
            return self.condition(node, text)
        raise self.fail(node, f"{text!r} is a number, not a condition; compare it, like "
                        f"{text} >= 1")

    def compare(self, node: Any, text: str) -> Any:  # a Formula, or a fol.Relation (grounded later)
        left, op, right = node.children
        if getattr(left, "data", None) == "call" and left.children[0].value.lower() == "policy":
            if op.value != "==" or getattr(right, "data", None) != "word":
                raise self.fail(op, "policy is compared with ==, like policy(P2) == extremes")
            args = self.args(left)
            if len(args) != 1:
                raise self.fail(left, "policy takes one player, like policy(P2)")
            return self.policy(args[0][1], [right.children[0]], text)
        if self.is_term(left) or self.is_term(right):
            from aceten.logic import fol

            return fol.Relation(self.term(left), op.value, self.term(right), text)
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
        from aceten.logic import fol

        if name == "partner":
            return self.partner(name_tok, args, text)
        if name == "called":
            self.hidden_teams(name_tok, "called")
            if len(args) != 1 or args[0][0] is not None or len(args[0][1]) != 1:
                raise self.fail(name_tok, "called takes one card, like called(AS)")
            return Atom("called", card=self.card(args[0][1][0]), text=text)
        if name in fol.PREDICATES or (name in CONDITIONS and self.first_order_args(args)):
            return self.predicate(node, name, args, text)
        if name not in CONDITIONS:
            known = ", ".join(sorted({*CONDITIONS, *NUMBERS, *fol.PREDICATES}))
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

    def hidden_teams(self, node: Any, what: str) -> None:
        """Refuse ``what`` (partner, alone, caller, defenders) in a game with declared teams."""
        if not self.rules.hidden_teams:
            raise self.fail(node, f"{what}: {self.rules.title} has no hidden partner (its teams "
                            "are declared; name them like 'team 1')")

    def partner(self, name_tok: Any, args: list[tuple[Any, list[Any]]], text: str) -> Formula:
        """``partner(P3)``: P3 was dealt the called card (the caller itself: playing alone)."""
        self.hidden_teams(name_tok, "partner")
        if len(args) != 1 or args[0][0] is not None:
            raise self.fail(name_tok, "partner takes one player, like partner(P3)")
        tokens = args[0][1]
        side = self.side(tokens)
        if len(side.seats) != 1 or side.role is not None:
            raise self.fail(tokens[0], "partner takes one player, like partner(P3)")
        return Atom("partner", side=side, text=text)

    def args(self, call: Any) -> list[tuple[Any, list[Any]]]:
        out = []
        for arg in call.children[1:]:
            if arg is None:
                continue
            if arg.data == "keyword":
                value = arg.children[1]
                out.append((arg.children[0], [value] if value.data == "call" else list(value.children)))
            elif arg.data == "nested":
                out.append((None, [arg.children[0]]))
            else:
                out.append((None, list(arg.children[0].children)))
        return out

    def side(self, tokens: list[Any]) -> Side:
        words = [t.value for t in tokens]
        n = self.rules.players
        if len(words) == 1 and words[0][:1] in "Pp" and words[0][1:].isdigit():
            seat = number(words[0][1:]) - 1
            if not 0 <= seat < n:
                raise self.fail(tokens[0], f"unknown player {words[0][0]}{shown(words[0][1:])} "
                                f"(players are P1 to P{n})")
            return Side((seat,), f"P{seat + 1}")
        if len(words) == 1 and words[0].lower() in ("caller", "defenders"):
            role = words[0].lower()
            self.hidden_teams(tokens[0], role)
            return Side(tuple(range(n)), role, role)
        if len(words) == 2 and words[0].lower() == "team" and words[1].isdigit():
            if self.rules.hidden_teams:
                raise self.fail(tokens[0], f"the teams of {self.rules.title} form at the call: "
                                "name them 'caller' (the caller and the partner) or 'defenders'")
            teams = self.rules.teams
            index = number(words[1]) - 1
            if not 0 <= index < len(teams):
                raise self.fail(tokens[1], f"unknown team {shown(words[1])} (teams are 1 to {len(teams)}: "
                                + ", ".join("+".join(f"P{s + 1}" for s in t) for t in teams) + ")")
            return Side(tuple(teams[index]), f"team {index + 1}")
        sides = "'caller' or 'defenders'" if self.rules.hidden_teams else "'team 1'"
        raise self.fail(tokens[0], f"expected a player like P1 or a side like {sides}, got "
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
        if len(tokens) == 1 and not tokens[0].value.isdigit():
            raise self.fail(tokens[0], f"unknown name {tokens[0].value!r}: a trick is a number, "
                            "like trick=3, or a variable bound by a quantifier (exists t in tricks: "
                            "...)")
        if len(tokens) != 1 or not tokens[0].value.isdigit():
            raise self.fail(key, "trick= takes a number, like trick=3")
        index = number(tokens[0].value)
        if not 1 <= index <= count:
            raise self.fail(tokens[0], f"trick {shown(tokens[0].value)} does not exist (tricks are "
                            f"1 to {count})")
        return index - 1

    def stock_index(self, tokens: list[Any]) -> int:
        size = self.rules.stock_size
        if len(tokens) != 1 or not tokens[0].value.isdigit():
            raise self.fail(tokens[0], "stock(i) takes a position, like stock(1)")
        index = number(tokens[0].value)
        if size == 0:
            raise self.fail(tokens[0], "this game has no stock")
        if not 1 <= index <= size:
            raise self.fail(tokens[0], f"stock position {shown(tokens[0].value)} does not exist "
                            f"(1 to {size})")
        return index - 1

    # -- first-order: quantifiers, variables and terms (aceten.logic.fol)
    def quant(self, node: Any, text: str) -> Any:
        from lark import Token

        from aceten.logic import fol

        kind = node.children[0].value.lower()
        names = [c for c in node.children[1:] if isinstance(c, Token) and c.type == "WORD"]
        domain = self.domain(node.children[-2])
        saved = dict(self.env)
        variables = []
        for tok in names:
            var = fol.Var(tok.value, domain.sort, tok.value)
            self.env[tok.value] = var
            variables.append(var)
        body: Any  # a Formula, then the fol.Quant nodes around it
        try:
            body = self.formula(node.children[-1])
        finally:
            self.env = saved
        for var in reversed(variables):
            body = fol.Quant(kind, var, domain, body, text)
        return body

    def domain(self, node: Any) -> Any:
        from aceten.logic import fol

        known = "cards, hand(P), hand(P, trick=t), trick(t), tricks, players, suits"
        text = self.snippet(node)
        if node.data == "word":
            tok = node.children[0]
            name = tok.value.lower()
            if name in ("cards", "tricks", "players", "suits"):
                return fol.Domain(name, (), fol.DOMAINS[name], text)
            raise self.fail(tok, f"unknown domain {tok.value!r} (known: {known})")
        tok = node.children[0]
        name = tok.value.lower()
        args = self.args(node)
        keywords = {k.value.lower(): v for k, v in args if k is not None}
        positional = [v for k, v in args if k is None]
        if name == "hand" and len(positional) == 1 and set(keywords) <= {"trick"}:
            parts = [self.arg_term(positional[0], "player")]
            if "trick" in keywords:
                parts.append(self.arg_term(keywords["trick"], "trick"))
            return fol.Domain("hand", tuple(parts), "card", text)
        if name == "trick" and len(positional) == 1 and not keywords:
            return fol.Domain("trick", (self.arg_term(positional[0], "trick"),), "card", text)
        raise self.fail(tok, f"unknown domain {text!r} (known: {known})")

    def first_order_args(self, args: list[tuple[Any, list[Any]]]) -> bool:
        from lark import Token

        for _, tokens in args:
            if any(not isinstance(t, Token) for t in tokens):
                return True
            if len(tokens) == 1 and tokens[0].value in self.env:
                return True
        return False

    def is_term(self, node: Any) -> bool:
        """A value of the first-order layer (a variable or a function like led(t))."""
        from aceten.logic import fol

        kind = getattr(node, "data", None)
        if kind == "word":
            return node.children[0].value in self.env
        if kind != "call":
            return False
        name = node.children[0].value.lower()
        if name == "policy":
            return True
        if name in NUMBERS:
            return self.first_order_args(self.args(node)) or (
                name == "points" and self.arg_sort(self.args(node)) == "card")
        return name in fol.FUNCTIONS

    def arg_sort(self, args: list[tuple[Any, list[Any]]]) -> str | None:
        if len(args) != 1 or args[0][0] is not None:
            return None
        tokens = args[0][1]
        if len(tokens) == 1 and hasattr(tokens[0], "value"):
            try:
                return self.constant(tokens[0]).sort
            except AcetenError:
                return None
        return None

    def term(self, node: Any) -> Any:
        from lark import Token

        from aceten.logic import fol

        if isinstance(node, Token):
            return self.constant(node)
        kind = node.data
        if kind == "word":
            tok = node.children[0]
            if tok.value in self.env:
                return self.env[tok.value]
            if tok.value.lower() == "trump":
                return fol.Fn("trump", (), "suit", "trump")
            return self.constant(tok)
        if kind == "number":
            return fol.Value(int(node.children[0].value), "number", node.children[0].value)
        if kind != "call":
            return self.linear(node)
        tok = node.children[0]
        name = tok.value.lower()
        args = self.args(node)
        text = self.snippet(node)
        positional = [v for k, v in args if k is None]
        keywords = {k.value.lower(): v for k, v in args if k is not None}
        if name == "led" and len(positional) == 1 and not keywords:
            return fol.Fn("led", (self.arg_term(positional[0], "trick"),), "suit", text)
        if name in ("suit", "rank") and len(positional) == 1 and not keywords:
            return fol.Fn(name, (self.arg_term(positional[0], "card"),), name, text)
        if name == "points" and len(positional) == 1 and not keywords:
            arg = self.arg_term(positional[0], "card")
            if arg.sort == "card":
                return fol.Fn("points", (arg,), "number", text)
        if name in ("card", "strongest", "weakest"):
            trick = keywords.pop("trick", None)
            if trick is None and len(positional) == 2:
                trick = positional.pop()
            if len(positional) != 1 or keywords or trick is None:
                raise self.fail(tok, f"{name} takes a player and a trick, like {name}(P2, t)")
            return fol.Fn(name, (self.arg_term(positional[0], "player"),
                                 self.arg_term(trick, "trick")), "card", text)
        if name in NUMBERS:
            if self.first_order_args(args):
                raise self.fail(tok, f"{name}(...) of a variable is not supported; name the "
                                "player, like tricks(P1)")
            return self.linear(node)
        if name == "policy":
            raise self.fail(tok, "policy is compared with a policy, like policy(P2) == extremes")
        shapes = "led(t), suit(c), rank(c), points(c), card(P, t), strongest(P, t), weakest(P, t)"
        raise self.fail(tok, f"{name}(...) is not a value here (values: {shapes})")

    def arg_term(self, tokens: list[Any], want: str) -> Any:
        """One argument of a function, domain or predicate, of the sort ``want``."""
        from lark import Token

        from aceten.logic import fol

        if len(tokens) == 1 and not isinstance(tokens[0], Token):
            term = self.term(tokens[0])
        elif len(tokens) == 2 and tokens[0].value.lower() == "team":
            term = fol.Value(self.side(tokens), "player", " ".join(t.value for t in tokens))
        elif len(tokens) != 1:
            raise self.fail(tokens[0], f"expected one {want}, got {' '.join(t.value for t in tokens)!r}")
        elif tokens[0].value in self.env:
            term = self.env[tokens[0].value]
        elif want == "trick":
            term = fol.Value(self.trick(tokens[0], tokens), "trick", tokens[0].value)
        else:
            term = self.constant(tokens[0], want)
        if term.sort != want:
            raise self.fail(tokens[0], f"expected a {want} here, got {self.describe(term)}")
        return term

    def describe(self, term: Any) -> str:
        return f"a {term.sort} ({getattr(term, 'text', '') or getattr(term, 'name', '')})"

    def constant(self, tok: Any, want: str | None = None) -> Any:
        from aceten.logic import fol

        word = tok.value
        if word in self.env:
            return self.env[word]
        readers: dict[str, Any] = {
            "player": lambda: self.side([tok]),
            "card": lambda: self.card(tok),
            "suit": lambda: self.suit(tok),
            "rank": lambda: _rank(word),
            "number": lambda: int(word),
        }
        order = [want] if want in readers else []
        order += [k for k in ("player", "card", "suit", "rank", "number") if k not in order]
        for sort in order:
            try:
                return fol.Value(readers[sort](), sort, word)
            except (AcetenError, ValueError):
                continue
        raise self.fail(tok, f"unknown name {word!r} (not a bound variable, card, suit, rank or "
                        "player)")

    def predicate(self, node: Any, name: str, args: list[tuple[Any, list[Any]]], text: str) -> Any:
        from aceten.logic import fol

        tok = node.children[0]
        positional = [v for k, v in args if k is None]
        keywords = {k.value.lower(): (k, v) for k, v in args if k is not None}
        allowed = {"beats": {"trick", "led"}, "higher": set(), "policy": set()}.get(name, {"trick"})
        for key, (ktok, _) in keywords.items():
            if key not in allowed:
                raise self.fail(ktok, f"{name} has no argument {ktok.value!r}")
        trick = self.arg_term(keywords["trick"][1], "trick") if "trick" in keywords else None
        led = self.arg_term(keywords["led"][1], "suit") if "led" in keywords else None
        if name in ("beats", "higher"):
            if len(positional) != 2:
                raise self.fail(tok, f"{name} takes two cards, like {name}(c, d)")
            if trick is not None and led is not None:
                raise self.fail(tok, "beats takes trick= or led=, not both")
            cards = tuple(self.arg_term(v, "card") for v in positional)
            return fol.Pred(name, cards, trick, led, text)
        if name == "policy":
            if len(positional) != 2:
                raise self.fail(tok, "policy is written policy(P2) == extremes")
            return self.policy(positional[0], positional[1], text)
        want_card = name in ("plays", "holds", "draws")
        if len(positional) != 1 + want_card:
            raise self.fail(tok, f"{name} takes {1 + want_card} argument{'s' * want_card}")
        first = self.arg_term(positional[0], "card" if name == "wins" and self.arg_is_card(
            positional[0]) else "player")
        if name == "leads" and trick is None:
            raise self.fail(tok, "leads needs a trick, like leads(P1, trick=t)")
        if first.sort == "card" and trick is None:
            raise self.fail(tok, "wins of a card needs a trick, like wins(c, trick=t)")
        rest = (self.arg_term(positional[1], "card"),) if want_card else ()
        return fol.Pred(name, (first, *rest), trick, None, text)

    def arg_is_card(self, tokens: list[Any]) -> bool:
        if len(tokens) != 1:
            return False
        if not hasattr(tokens[0], "value"):
            return self.term(tokens[0]).sort == "card"
        word = tokens[0].value
        if word in self.env:
            return self.env[word].sort == "card"
        try:
            return self.constant(tokens[0]).sort == "card"
        except AcetenError:
            return False

    def policy(self, who: list[Any], what: list[Any], text: str) -> Any:
        from aceten.logic import fol

        side = self.arg_term(who, "player")
        word = what[0].value.lower() if len(what) == 1 and hasattr(what[0], "value") else ""
        if word not in fol.POLICIES:
            raise self.fail(what[0], f"unknown policy (known: {', '.join(fol.POLICIES)})")
        return fol.Pred("policy", (side, fol.Value(word, "policy", word)), None, None, text)

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
        if kind in ("scaled", "scaled_right"):
            factor, inner = (0, 2) if kind == "scaled" else (2, 0)
            out = self.linear(node.children[inner]).scaled(int(node.children[factor].value))
            return Linear(out.terms, out.const, text)
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
            if self.rules.hidden_teams and NUMBERS[name] in ("score", "bonus"):
                raise self.fail(name_tok, f"{name}(...) is not modelled in a game whose teams form "
                                "at the call; ask wins(caller) or points(caller) >= N")
            return Linear(((1, Term(NUMBERS[name], side, text)),), 0, text)
        if kind == "word":
            raise self.fail(node.children[0], f"{node.children[0].value!r} is not a number")
        raise self.fail(node, f"{text!r} is a condition, not a number")


_RANKS = {r.letter: r for r in Rank}


def _rank(word: str) -> Rank:
    if word.upper() in _RANKS:
        return _RANKS[word.upper()]
    raise AcetenError(f"unknown rank {word!r}")


def _conjuncts(formula: Formula) -> tuple[Formula, ...]:
    if isinstance(formula, Op) and formula.op == "and":
        return tuple(p for a in formula.args for p in _conjuncts(a))
    if isinstance(formula, Const) and formula.value:
        return ()
    return (formula,)
