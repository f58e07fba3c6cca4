"""First-order formulas of the proofs: a small immutable syntax, substitution and printing.

Terms are strings (constants like ``P1``, ``AS``, ``t1`` and variables like ``t``). Formulas:

    Atom(pred, args)   Eq(a, b)   Bot()   Not(f)   And(a, b)   Or(a, b)   Imp(a, b)
    All(var, f)        Ex(var, f)

Shared by the prover (:mod:`aceten.logic.prover`), the independent checker
(:mod:`aceten.logic.checker`) and the exports (TPTP, LaTeX).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Atom:
    pred: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Eq:
    left: str
    right: str


@dataclass(frozen=True)
class Bot:
    pass


@dataclass(frozen=True)
class Not:
    body: Formula


@dataclass(frozen=True)
class And:
    left: Formula
    right: Formula


@dataclass(frozen=True)
class Or:
    left: Formula
    right: Formula


@dataclass(frozen=True)
class Imp:
    left: Formula
    right: Formula


@dataclass(frozen=True)
class All:
    var: str
    body: Formula


@dataclass(frozen=True)
class Ex:
    var: str
    body: Formula


Formula = Atom | Eq | Bot | Not | And | Or | Imp | All | Ex
BOT = Bot()


def conj(*parts: Formula) -> Formula:
    out = parts[-1]
    for p in reversed(parts[:-1]):
        out = And(p, out)
    return out


def forall(names: str, body: Formula) -> Formula:
    for name in reversed(names.split()):
        body = All(name, body)
    return body


def subst(f: Formula, var: str, term: str) -> Formula:
    """f with the free occurrences of ``var`` replaced by ``term``."""
    if isinstance(f, Atom):
        return Atom(f.pred, tuple(term if a == var else a for a in f.args))
    if isinstance(f, Eq):
        return Eq(term if f.left == var else f.left, term if f.right == var else f.right)
    if isinstance(f, Bot):
        return f
    if isinstance(f, Not):
        return Not(subst(f.body, var, term))
    if isinstance(f, (And, Or, Imp)):
        return type(f)(subst(f.left, var, term), subst(f.right, var, term))
    if f.var == var:
        return f
    return type(f)(f.var, subst(f.body, var, term))


def replace(f: Formula, old: str, new: str) -> Formula:
    """f with the constant ``old`` replaced by ``new`` (everywhere)."""
    return subst(f, old, new)


def terms(f: Formula) -> set[str]:
    """Every term occurring in f (free or bound names)."""
    if isinstance(f, Atom):
        return set(f.args)
    if isinstance(f, Eq):
        return {f.left, f.right}
    if isinstance(f, Bot):
        return set()
    if isinstance(f, Not):
        return terms(f.body)
    if isinstance(f, (And, Or, Imp)):
        return terms(f.left) | terms(f.right)
    return terms(f.body) | {f.var}


def free(f: Formula) -> set[str]:
    """Free names of f (constants and free variables alike)."""
    if isinstance(f, Atom):
        return set(f.args)
    if isinstance(f, Eq):
        return {f.left, f.right}
    if isinstance(f, Bot):
        return set()
    if isinstance(f, Not):
        return free(f.body)
    if isinstance(f, (And, Or, Imp)):
        return free(f.left) | free(f.right)
    return free(f.body) - {f.var}


def instance_of(general: Formula, var: str, specific: Formula) -> str | None:
    """The term t with general[var := t] == specific, or None (also when var is absent: '')."""
    found: list[str] = []

    def walk(a: Formula, b: Formula) -> bool:
        if type(a) is not type(b):
            return False
        if isinstance(a, Atom):
            assert isinstance(b, Atom)  # same type as a (checked above)
            if a.pred != b.pred or len(a.args) != len(b.args):
                return False
            return all(pair(x, y) for x, y in zip(a.args, b.args))
        if isinstance(a, Eq):
            assert isinstance(b, Eq)
            return pair(a.left, b.left) and pair(a.right, b.right)
        if isinstance(a, Bot):
            return True
        if isinstance(a, Not):
            assert isinstance(b, Not)
            return walk(a.body, b.body)
        if isinstance(a, (And, Or, Imp)):
            assert isinstance(b, (And, Or, Imp))
            return walk(a.left, b.left) and walk(a.right, b.right)
        assert isinstance(b, (All, Ex))
        if a.var != b.var:
            return False
        if a.var == var:
            return a == b
        return walk(a.body, b.body)

    def pair(x: str, y: str) -> bool:
        if x != var:
            return x == y
        if found and found[0] != y:
            return False
        if not found:
            found.append(y)
        return True

    if not walk(general, specific):
        return None
    return found[0] if found else ""


# -- printing --------------------------------------------------------------------------------------------
SYMBOLS = {"not": "¬", "and": "∧", "or": "∨", "imp": "→", "all": "∀", "ex": "∃", "bot": "⊥",
           "ne": "≠"}
LATEX = {"not": r"\lnot ", "and": r"\land", "or": r"\lor", "imp": r"\to", "all": r"\forall ",
         "ex": r"\exists ", "bot": r"\bot", "ne": r"\neq"}


def show(f: Formula, sym: dict[str, str] = SYMBOLS, top: bool = True) -> str:
    """Text with the usual symbols (or LaTeX with ``sym=LATEX``)."""
    if isinstance(f, Atom):
        name = rf"\mathit{{{f.pred}}}" if sym is LATEX else f.pred
        return name + (f"({', '.join(f.args)})" if f.args else "")
    if isinstance(f, Eq):
        return f"{f.left} = {f.right}"
    if isinstance(f, Bot):
        return sym["bot"]
    if isinstance(f, Not):
        if isinstance(f.body, Eq):
            return f"{f.body.left} {sym['ne']} {f.body.right}"
        return sym["not"] + show(f.body, sym, False)
    if isinstance(f, (All, Ex)):
        q = sym["all"] if isinstance(f, All) else sym["ex"]
        gap = r"\," if sym is LATEX else ""  # math mode drops the space: ∀t wins(…), not ∀twins(…)
        return f"{q}{f.var}{gap} {show(f.body, sym, False)}"
    op = {And: "and", Or: "or", Imp: "imp"}[type(f)]
    text = f"{show(f.left, sym, False)} {sym[op]} {show(f.right, sym, False)}"
    if isinstance(f, And) and isinstance(f.right, And) and not top:
        text = f"{show(f.left, sym, False)} {sym[op]} {show(f.right, sym, True)}"
    return text if top else f"({text})"


def tptp(f: Formula) -> str:
    """TPTP FOF syntax (constants lower-case with a ``c_`` prefix, variables upper-case)."""
    def term(name: str, bound: set[str]) -> str:
        return name.upper() if name in bound else "c_" + name.lower()

    def walk(g: Formula, bound: set[str]) -> str:
        if isinstance(g, Atom):
            args = ",".join(term(a, bound) for a in g.args)
            return f"{g.pred.lower()}({args})" if g.args else g.pred.lower()
        if isinstance(g, Eq):
            return f"{term(g.left, bound)} = {term(g.right, bound)}"
        if isinstance(g, Bot):
            return "$false"
        if isinstance(g, Not):
            return f"~ ({walk(g.body, bound)})"
        if isinstance(g, (All, Ex)):
            q = "!" if isinstance(g, All) else "?"
            return f"{q} [{g.var.upper()}] : ({walk(g.body, bound | {g.var})})"
        op = {And: "&", Or: "|", Imp: "=>"}[type(g)]
        return f"({walk(g.left, bound)} {op} {walk(g.right, bound)})"

    return walk(f, set())
