"""A parser and an evaluator for the subset of LADR (the input language of Prover9 and Mace4)
that ``aceten export trick --format ladr`` writes. Neither tool is packaged here, so the tests
check the files against this grammar, which is stricter than LADR's:

    file       := statement*
    statement  := "if" "(" ("Mace4" | "Prover9") ")" "." statement* "end_if" "."
                | "assign" "(" NAME "," INT ")" "."
                | "formulas" "(" ("assumptions" | "goals") ")" "." (formula ".")* "end_of_list" "."
    formula    := quantified | binary
    quantified := ("all" | "exists") VAR quantified | ("all" | "exists") VAR "(" formula ")"
    binary     := disj [("<->" | "->") disj]            (not chained: LADR's xfx)
    disj       := conj ("|" conj)*                       (& binds tighter than |, | than <->)
    conj       := unary ("&" unary)*
    unary      := "-" primary | primary
    primary    := "(" formula ")" | "$T" | "$F" | term ("=" | "!=") term | atom
    atom, term := NAME ["(" term ("," term)* ")"]

A quantifier's body is always parenthesized and ``-`` never applies to a bare equation, so no
reading depends on LADR's finer operator priorities. Besides the syntax, :func:`parse` checks
what makes Prover9 or Mace4 refuse a file: a parameter one of them does not know outside its
``if(...)`` block, a symbol used with two arities or as both predicate and function, a free
variable, more than one goal (Prover9 and Mace4 read several goals differently).

:func:`holds` evaluates a formula in a finite model, so a test can check that the model the
engine describes satisfies every assumption and the goal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

TOOLS = ("Mace4", "Prover9")
# parameters each tool accepts with assign(); the others are a fatal error in that tool
PARAMETERS = {"Mace4": {"domain_size", "start_size", "end_size", "max_seconds", "max_models"},
              "Prover9": {"max_seconds", "max_weight", "max_proofs"}}
LISTS = ("assumptions", "goals")

TOKEN = re.compile(r"\s+|%[^\n]*|(<->|->|!=|[=|&\-(),.]|\$[TF]|[A-Za-z_][A-Za-z0-9_]*|\d+)")


class LadrError(ValueError):
    """The text is not in the LADR subset (the message names the line)."""


@dataclass
class LadrFile:
    assigns: dict[str, dict[str, int]] = field(default_factory=dict)  # tool or "both" -> name -> value
    assumptions: list[Any] = field(default_factory=list)
    goals: list[Any] = field(default_factory=list)
    predicates: dict[str, int] = field(default_factory=dict)  # name -> arity
    functions: dict[str, int] = field(default_factory=dict)


def tokens(text: str) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    pos, line = 0, 1
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if m is None:
            raise LadrError(f"line {line}: unexpected character {text[pos]!r}")
        if m.group(1):
            out.append((m.group(1), line))
        line += m.group(0).count("\n")
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str):
        self.toks = tokens(text)
        self.i = 0
        self.file = LadrFile()

    # -- tokens
    def peek(self, k: int = 0) -> str | None:
        return self.toks[self.i + k][0] if self.i + k < len(self.toks) else None

    def fail(self, message: str) -> LadrError:
        line = self.toks[min(self.i, len(self.toks) - 1)][1] if self.toks else 1
        return LadrError(f"line {line}: {message}")

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None:
            raise self.fail(f"the file ends, {expected or 'a token'} expected")
        if expected is not None and tok != expected:
            raise self.fail(f"{expected!r} expected, found {tok!r}")
        self.i += 1
        return tok

    def name(self) -> str:
        tok = self.take()
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", tok):
            raise self.fail(f"a name expected, found {tok!r}")
        return tok

    # -- statements
    def statements(self, tool: str | None, closing: str | None) -> None:
        while self.peek() != closing:
            if self.peek() is None:
                raise self.fail(f"{closing!r} missing")
            self.statement(tool)
        self.take(closing)
        self.take(".")

    def statement(self, tool: str | None) -> None:
        word = self.name()
        self.take("(")
        if word == "if":
            which = self.name()
            if which not in TOOLS or tool is not None:
                raise self.fail(f"if({which}) is not a conditional block of this subset")
            self.take(")")
            self.take(".")
            self.statements(which, "end_if")
        elif word == "assign":
            param = self.name()
            self.take(",")
            value = self.take()
            if not value.isdigit():
                raise self.fail(f"assign({param}, ...) takes a whole number")
            self.take(")")
            self.take(".")
            readers = [tool] if tool is not None else list(TOOLS)
            for reader in readers:
                if param not in PARAMETERS[reader]:
                    raise self.fail(f"{reader} does not know the parameter {param!r}"
                                    + ("" if tool else "; put it inside if(...)"))
            self.file.assigns.setdefault(tool or "both", {})[param] = int(value)
        elif word == "formulas":
            kind = self.name()
            if kind not in LISTS:
                raise self.fail(f"formulas({kind}) is not a list of this subset")
            self.take(")")
            self.take(".")
            target = self.file.assumptions if kind == "assumptions" else self.file.goals
            while self.peek() != "end_of_list":
                if self.peek() is None:
                    raise self.fail("end_of_list missing")
                target.append(self.formula(frozenset()))
                self.take(".")
            self.take("end_of_list")
            self.take(".")
        else:
            raise self.fail(f"unknown command {word!r}")

    # -- formulas
    def formula(self, bound: frozenset[str]) -> Any:
        if self.peek() in ("all", "exists"):
            quantifier = self.take()
            var = self.name()
            if var in self.file.functions or var in self.file.predicates:
                raise self.fail(f"the variable {var!r} is also a symbol")
            inner = bound | {var}
            if self.peek() in ("all", "exists"):
                return (quantifier, var, self.formula(inner))
            self.take("(")
            body = self.formula(inner)
            self.take(")")
            return (quantifier, var, body)
        left = self.disj(bound)
        if self.peek() in ("<->", "->"):
            op = "iff" if self.take() == "<->" else "imp"
            right = self.disj(bound)
            if self.peek() in ("<->", "->"):
                raise self.fail("<-> and -> do not chain; parenthesize")
            return (op, left, right)
        return left

    def disj(self, bound: frozenset[str]) -> Any:
        parts = [self.conj(bound)]
        while self.peek() == "|":
            self.take()
            parts.append(self.conj(bound))
        return parts[0] if len(parts) == 1 else ("or", parts)

    def conj(self, bound: frozenset[str]) -> Any:
        parts = [self.unary(bound)]
        while self.peek() == "&":
            self.take()
            parts.append(self.unary(bound))
        return parts[0] if len(parts) == 1 else ("and", parts)

    def unary(self, bound: frozenset[str]) -> Any:
        if self.peek() == "-":
            self.take()
            if self.peek() in ("-", "all", "exists"):
                raise self.fail("negate a parenthesized formula or an atom")
            inner = self.primary(bound, negated=True)
            return ("not", inner)
        return self.primary(bound)

    def primary(self, bound: frozenset[str], negated: bool = False) -> Any:
        tok = self.peek()
        if tok == "(":
            self.take()
            inner = self.formula(bound)
            self.take(")")
            return inner
        if tok in ("$T", "$F"):
            self.take()
            return ("const", tok == "$T")
        start = self.i
        name, args = self.application(bound)
        if self.peek() in ("=", "!="):
            if negated:
                raise self.fail("'-' before an equation; write != or parenthesize")
            op = "eq" if self.take() == "=" else "ne"
            self.i = start
            left = self.term(bound)
            self.take()
            right = self.term(bound)
            return (op, left, right)
        self.declare(name, len(args), predicate=True)
        return ("atom", name, args)

    def application(self, bound: frozenset[str]) -> tuple[str, list[Any]]:
        name = self.name()
        if name in ("all", "exists"):
            raise self.fail("a quantifier where an atom or term is expected: parenthesize")
        args: list[Any] = []
        if self.peek() == "(":
            self.take()
            args.append(self.term(bound))
            while self.peek() == ",":
                self.take()
                args.append(self.term(bound))
            self.take(")")
        return name, args

    def term(self, bound: frozenset[str]) -> Any:
        name, args = self.application(bound)
        if not args and name in bound:
            return ("var", name)
        if not args and name[0] in "uvwxyz":
            raise self.fail(f"free variable {name!r} (LADR reads u..z names as variables)")
        self.declare(name, len(args), predicate=False)
        return ("app", name, args)

    def declare(self, name: str, arity: int, predicate: bool) -> None:
        mine, other = ((self.file.predicates, self.file.functions) if predicate
                       else (self.file.functions, self.file.predicates))
        if name in other:
            raise self.fail(f"{name!r} is used as both a predicate and a function")
        if mine.setdefault(name, arity) != arity:
            raise self.fail(f"{name!r} is used with {mine[name]} and with {arity} arguments")


def parse(text: str) -> LadrFile:
    """The file's parameters, assumptions and goal; :class:`LadrError` if it is outside the subset."""
    p = _Parser(text)
    while p.peek() is not None:
        p.statement(None)
    if len(p.file.goals) > 1:
        raise LadrError("more than one goal: Prover9 and Mace4 read several goals differently")
    return p.file


# -- evaluation in a finite model ------------------------------------------------------------------------
@dataclass
class Model:
    """A finite structure: the domain, each function's table, each predicate's true tuples."""

    domain: list[str]
    functions: dict[str, dict[tuple[str, ...], str]]
    relations: dict[str, set[tuple[str, ...]]]


def value(term: Any, model: Model, env: dict[str, str]) -> str:
    if term[0] == "var":
        return env[term[1]]
    args = tuple(value(a, model, env) for a in term[2])
    return model.functions[term[1]][args]


def holds(formula: Any, model: Model, env: dict[str, str] | None = None) -> bool:
    env = env or {}
    kind = formula[0]
    if kind == "const":
        return bool(formula[1])
    if kind == "atom":
        return tuple(value(a, model, env) for a in formula[2]) in model.relations[formula[1]]
    if kind in ("eq", "ne"):
        same = value(formula[1], model, env) == value(formula[2], model, env)
        return same if kind == "eq" else not same
    if kind == "not":
        return not holds(formula[1], model, env)
    if kind == "and":
        return all(holds(f, model, env) for f in formula[1])
    if kind == "or":
        return any(holds(f, model, env) for f in formula[1])
    if kind == "iff":
        return holds(formula[1], model, env) == holds(formula[2], model, env)
    if kind == "imp":
        return not holds(formula[1], model, env) or holds(formula[2], model, env)
    test = all if kind == "all" else any
    return test(holds(formula[2], model, {**env, formula[1]: d}) for d in model.domain)


def complete_definitions(assumptions: list[Any], model: Model, given: set[str]) -> None:
    """Extend a model known on the elements ``given`` by the file's own definitions, in order:
    an undefined proposition ``p <-> body`` (the export's named subformulas ``f1``, ``f2``, ...)
    gets the value of its body; a definition ``all x1 ... xn (p(x1,...,xn) <-> body)`` decides
    the tuples that involve an element outside ``given``."""
    import itertools

    for f in assumptions:
        variables: list[str] = []
        while f[0] == "all":
            variables.append(f[1])
            f = f[2]
        if f[0] != "iff" or f[1][0] != "atom":
            continue
        name, args = f[1][1], f[1][2]
        if not args and not variables:
            if name not in model.relations:
                model.relations[name] = {()} if holds(f[2], model) else set()
            continue
        if [a[1] if a[0] == "var" else None for a in args] != variables:
            continue
        table = model.relations.setdefault(name, set())
        for values in itertools.product(model.domain, repeat=len(variables)):
            if all(v in given for v in values):
                continue
            if holds(f[2], model, dict(zip(variables, values))):
                table.add(values)
