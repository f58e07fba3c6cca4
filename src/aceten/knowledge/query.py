"""The query language: ``knows(P1, knows(P3, holds(P3, AS))) and not void(P2, clubs)``.

Grammar (keywords are case-insensitive; seats are written P1, P2, ... as people count them)::

    formula  := or ( ("->" | "=>" | "implies") formula )?
    or       := and ( ("or" | "|" | "||" | "∨") and )*
    and      := unary ( ("and" | "&" | "&&" | "∧") unary )*
    unary    := ("not" | "!" | "~" | "¬") unary | "(" formula ")" | "true" | "false" | call
    call     := holds(SEAT, CARD) | void(SEAT, SUIT) | has_trump(SEAT) | in_stock(CARD)
              | knows(SEAT, formula) | possible(SEAT, formula) | common(GROUP, formula)
              | partner(SEAT) [("==" | "!=") SEAT] | alone | knows_partner(SEAT)
    GROUP    := all | SEAT ("+" SEAT)* | "{" SEAT ("," SEAT)* "}"

``partner(P4)``, ``partner(P1) == P4``, ``alone`` and ``knows_partner(P2)`` speak of a hidden
team (see :mod:`aceten.knowledge.facts`).

Errors are one line that names the column: ``query: column 14: expected ')' ...``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from aceten.cards import Card, Suit
from aceten.errors import AcetenError
from aceten.knowledge.facts import (
    Alone,
    And,
    Common,
    Const,
    Formula,
    HasTrump,
    Holds,
    Implies,
    InStock,
    Knows,
    KnowsPartner,
    Not,
    Or,
    Partner,
    Possible,
    SameSide,
    Void,
)
from aceten.rules.base import Rules


class QueryError(AcetenError):
    """A malformed query; the message names the column."""


_TOKEN = re.compile(r"\s*(->|=>|==|!=|&&|\|\||[()\[\]{},+&|!~¬∧∨]|[^\s()\[\]{},+&|!~¬∧∨]+)")
_NOT = {"not", "!", "~", "¬"}
_AND = {"and", "&", "&&", "∧"}
_OR = {"or", "|", "||", "∨"}
_IMPLIES = {"->", "=>", "implies"}
_CALLS = ("holds", "void", "has_trump", "in_stock", "knows", "possible", "common", "partner",
          "knows_partner")


@dataclass
class _Tok:
    text: str
    col: int  # 1-based


def _tokens(text: str) -> list[_Tok]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:  # only trailing blanks are left
            break
        if m.group(1):
            out.append(_Tok(m.group(1), m.start(1) + 1))
        pos = m.end()
    return out


MAX_DEPTH = 100
"""How deep a query may nest: far beyond any question a person asks, well within what the
parser and the evaluation may recurse."""


class _Parser:
    def __init__(self, text: str, rules: Rules | None):
        self.text = text
        self.toks = _tokens(text)
        self.i = 0
        self.rules = rules
        self.depth = 0  # formulas within formulas so far, against MAX_DEPTH

    def error(self, message: str, tok: _Tok | None = None) -> QueryError:
        col = tok.col if tok is not None else len(self.text.rstrip()) + 1
        return QueryError(f"query: column {col}: {message}")

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> _Tok:
        tok = self.peek()
        if tok is None:
            raise self.error("unexpected end of the query")
        self.i += 1
        return tok

    def expect(self, text: str, context: str) -> _Tok:
        tok = self.peek()
        if tok is None or tok.text != text:
            found = f"'{tok.text}'" if tok else "the end"
            raise self.error(f"expected '{text}' {context}, found {found}", tok)
        self.i += 1
        return tok

    def at(self, words: set[str]) -> bool:
        tok = self.peek()
        return tok is not None and tok.text.lower() in words

    # -- grammar ---------------------------------------------------------------------------------
    def parse(self) -> Formula:
        if not self.toks:
            raise QueryError("query: column 1: the query is empty")
        f = self.formula()
        tok = self.peek()
        if tok is not None:
            raise self.error(f"unexpected '{tok.text}' after a complete query", tok)
        return f

    def formula(self) -> Formula:
        self.deeper()
        left = self.disjunction()
        if self.at(_IMPLIES):
            self.take()
            left = Implies(left, self.formula())
        self.depth -= 1
        return left

    def deeper(self) -> None:
        """One level more of nesting; past MAX_DEPTH a QueryError (answering would recurse
        past Python's limit)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"nested more than {MAX_DEPTH} deep (brackets, not, knows within "
                             "each other): write it flatter", self.peek())

    def disjunction(self) -> Formula:
        parts = [self.conjunction()]
        while self.at(_OR):
            self.take()
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conjunction(self) -> Formula:
        parts = [self.unary()]
        while self.at(_AND):
            self.take()
            parts.append(self.unary())
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self) -> Formula:
        tok = self.peek()
        if tok is None:
            raise self.error("expected a fact, 'not' or '(' but the query ends here")
        word = tok.text.lower()
        if word in _NOT:
            self.take()
            self.deeper()
            inner = self.unary()
            self.depth -= 1
            return Not(inner)
        if tok.text == "(":
            self.take()
            f = self.formula()
            self.expect(")", f"to close the '(' of column {tok.col}")
            return f
        if word in ("true", "false"):
            self.take()
            return Const(word == "true")
        if word == "alone":
            self.take()
            return Alone()
        if word in _CALLS:
            return self.call()
        known = ", ".join(_CALLS)
        raise self.error(f"expected a fact ({known}), 'not' or '(', found '{tok.text}'", tok)

    def call(self) -> Formula:
        name_tok = self.take()
        name = name_tok.text.lower()
        self.expect("(", f"after '{name_tok.text}'")
        if name == "holds":
            seat = self.seat()
            self.comma(name)
            card = self.card()
            f: Formula = Holds(seat, card)
        elif name == "void":
            seat = self.seat()
            self.comma(name)
            f = Void(seat, self.suit())
        elif name == "has_trump":
            f = HasTrump(self.seat())
        elif name == "in_stock":
            f = InStock(self.card())
        elif name == "partner":
            f = Partner(self.seat())
        elif name == "knows_partner":
            f = KnowsPartner(self.seat())
        elif name in ("knows", "possible"):
            seat = self.seat()
            self.comma(name)
            arg = self.formula()
            f = Knows(seat, arg) if name == "knows" else Possible(seat, arg)
        else:
            seats = self.group()
            self.comma(name)
            f = Common(seats, self.formula())
        self.expect(")", f"to close '{name_tok.text}(' of column {name_tok.col}")
        if isinstance(f, Partner) and self.at({"==", "!="}):
            negated = self.take().text == "!="
            same: Formula = SameSide(f.seat, self.seat())
            return Not(same) if negated else same
        return f

    def comma(self, name: str) -> None:
        self.expect(",", f"between the arguments of {name}")

    def seat(self) -> int:
        tok = self.take()
        m = re.fullmatch(r"[Pp](\d{1,3})", tok.text)
        if not m:
            raise self.error(f"expected a seat like P1, found '{tok.text}'", tok)
        seat = int(m.group(1)) - 1
        if self.rules is not None and not 0 <= seat < self.rules.players:
            raise self.error(f"no seat {tok.text.upper()} in a {self.rules.players}-player game", tok)
        return seat

    def card(self) -> Card | str:
        tok = self.take()
        if self.rules is None:
            return tok.text
        try:
            return self.rules.parse_card(tok.text)
        except AcetenError as err:
            raise self.error(f"{err}", tok) from None

    def suit(self) -> Suit | str:
        tok = self.take()
        if self.rules is None:
            return tok.text
        try:
            return Suit.parse(tok.text, self.rules.family)
        except AcetenError:
            raise self.error(f"unknown suit '{tok.text}' in the {self.rules.name} deck", tok) from None

    def group(self) -> tuple[int, ...]:
        tok = self.peek()
        if tok is not None and tok.text.lower() == "all":
            self.take()
            return ()
        if tok is not None and tok.text in ("{", "["):
            close = "}" if tok.text == "{" else "]"
            self.take()
            seats = [self.seat()]
            while self.peek() is not None and self.peek().text == ",":  # type: ignore[union-attr]
                self.take()
                seats.append(self.seat())
            self.expect(close, f"to close the group of column {tok.col}")
            return tuple(seats)
        seats = [self.seat()]
        while self.peek() is not None and self.peek().text == "+":  # type: ignore[union-attr]
            self.take()
            seats.append(self.seat())
        return tuple(seats)


def parse_query(text: str, rules: Rules | None = None) -> Formula:
    """Read a query; with ``rules``, cards, suits and seats are checked against that game."""
    if not isinstance(text, str):
        raise QueryError(f"query: not a text: {text!r}")
    return _Parser(text, rules).parse()  # nesting is bounded by MAX_DEPTH: no RecursionError
