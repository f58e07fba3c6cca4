"""The proof checker: re-checks every line of a Fitch-style proof, independent of the prover.

A proof is a list of :class:`Line`. A box (subproof) opens with an ``assume`` line (its
hypothesis; ``fresh`` set for the box of ∃E) or a ``flag`` line (the fresh constant of ∀I, no
formula) one level deeper, and ends where the depth falls back or the next box at its level
opens. A line may cite the earlier lines and closed boxes that are in scope (not inside a box
closed before it). The rules are those of the Fitch system of *Language, Proof and Logic*:

    ∧I ∧E ∨I ∨E →I →E ¬I ¬E (from ¬¬A infer A) ⊥I (from A and ¬A) ⊥E ∀I ∀E ∃I ∃E =I =E Reit
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aceten.errors import AcetenError
from aceten.logic import formula as F


@dataclass(frozen=True)
class Line:
    depth: int
    formula: F.Formula | None  # None: the flag line of a ∀I box
    rule: str
    refs: tuple[Any, ...] = ()  # line numbers, or (first, last) of a box
    fresh: str | None = None
    source: str = ""  # premises: what the premise states ("rule: ...", "fact: ...")


@dataclass
class Proof:
    premises: list[F.Formula]
    goal: F.Formula
    lines: list[Line] = field(default_factory=list)


class ProofError(AcetenError):
    """A line the checker refuses, with the line's number."""


def check(proof: Proof) -> None:
    """Raise :class:`ProofError` at the first line that does not follow; else return."""
    _Checker(proof).run()


class _Checker:
    def __init__(self, proof: Proof):
        self.proof = proof
        self.lines = proof.lines
        # parent[i]: the box (first line number) line i is directly inside, 0 for the outside
        self.box_of: list[tuple[int, ...]] = []
        self.boxes: dict[int, int] = {}  # first line -> last line of a closed (or open) box

    def fail(self, number: int, message: str) -> ProofError:
        return ProofError(f"proof line {number}: {message}")

    def run(self) -> None:
        stack: list[int] = []  # first lines of the open boxes
        premises_done = False
        for i, line in enumerate(self.lines, start=1):
            opens = line.rule in ("assume", "flag")
            if opens:
                while len(stack) >= line.depth:
                    self.close(stack, i)
                if line.depth != len(stack) + 1:
                    raise self.fail(i, "a box opens one level deeper than its surroundings")
                stack.append(i)
            else:
                if line.depth > len(stack):
                    raise self.fail(i, "a deeper line must open a box (an assumption or a flag)")
                while len(stack) > line.depth:
                    self.close(stack, i)
            self.box_of.append(tuple(stack))
            if line.rule == "premise":
                if premises_done or line.depth != 0:
                    raise self.fail(i, "premises come first, outside every box")
                if line.formula not in self.proof.premises:
                    raise self.fail(i, "not one of the proof's premises")
            else:
                premises_done = True
            if line.rule == "flag" and line.formula is not None:
                raise self.fail(i, "a flag line names a constant only")
            if line.rule not in ("flag",) and line.formula is None:
                raise self.fail(i, "no formula")
            self.rule(i, line)
        while stack:
            self.close(stack, len(self.lines) + 1)
        if not self.lines:
            raise self.fail(0, "the proof is empty")
        last = self.lines[-1]
        if last.depth != 0 or last.formula != self.proof.goal:
            raise self.fail(len(self.lines), "the last line is not the goal, outside every box")

    def close(self, stack: list[int], at: int) -> None:
        first = stack.pop()
        self.boxes[first] = at - 1

    # -- scope
    def f(self, i: int, ref: Any) -> F.Formula:
        """The formula of line ``ref``, which line i may cite."""
        if not isinstance(ref, int) or not 1 <= ref < i:
            raise self.fail(i, f"cites line {ref}, which is not an earlier line")
        inner = self.box_of[ref - 1]
        here = self.box_of[i - 1]
        if inner != here[:len(inner)]:
            raise self.fail(i, f"cites line {ref}, inside a box already closed")
        formula = self.lines[ref - 1].formula
        if formula is None:
            raise self.fail(i, f"cites the flag line {ref}")
        return formula

    def box(self, i: int, ref: Any) -> tuple[Line, F.Formula, int]:
        """The box ``ref`` = (first, last), closed and in scope at line i: (opening line, last
        formula, first)."""
        if not (isinstance(ref, tuple) and len(ref) == 2):
            raise self.fail(i, f"cites {ref} where a box (first-last) is needed")
        first, last = ref
        if self.boxes.get(first) != last or not (1 <= first <= last < i):
            raise self.fail(i, f"cites {first}-{last}, which is not a closed box")
        outer = self.box_of[first - 1][:-1]
        if outer != self.box_of[i - 1][:len(outer)] or len(self.box_of[i - 1]) != len(outer):
            raise self.fail(i, f"cites the box {first}-{last} from another level")
        end = self.lines[last - 1]
        if end.depth != self.lines[first - 1].depth or end.formula is None:
            raise self.fail(i, f"the box {first}-{last} ends inside a deeper box")
        return self.lines[first - 1], end.formula, first

    def fresh_ok(self, i: int, first: int, name: str | None, result: F.Formula) -> None:
        if not name:
            raise self.fail(i, "the box introduces no fresh constant")
        if name in F.free(result):
            raise self.fail(i, f"the fresh constant {name} escapes its box")
        for p in self.proof.premises:
            if name in F.terms(p):
                raise self.fail(i, f"{name} is not fresh: a premise names it")
        scope = self.box_of[first - 1][:-1]
        for j in range(1, first):
            if self.box_of[j - 1][:len(scope)] == scope and len(self.box_of[j - 1]) <= len(scope):
                other = self.lines[j - 1]
                if (other.formula is not None and name in F.terms(other.formula)) or other.fresh == name:
                    raise self.fail(i, f"{name} is not fresh: line {j} names it")

    # -- the rules
    def rule(self, i: int, line: Line) -> None:
        r, refs, f = line.rule, line.refs, line.formula
        n = len(refs)

        def need(k: int) -> None:
            if n != k:
                raise self.fail(i, f"{r} cites {k} line(s) or box(es), not {n}")

        if r in ("premise", "assume", "flag"):
            need(0)
            return
        assert f is not None  # only a flag line has no formula (check() rejects the others)
        if r == "Reit":
            need(1)
            if self.f(i, refs[0]) != f:
                raise self.fail(i, "Reit repeats a line exactly")
            return
        if r == "∧I":
            need(2)
            if f != F.And(self.f(i, refs[0]), self.f(i, refs[1])):
                raise self.fail(i, "∧I joins the two cited lines, in order")
            return
        if r == "∧E":
            need(1)
            a = self.f(i, refs[0])
            if not isinstance(a, F.And) or f not in (a.left, a.right):
                raise self.fail(i, "∧E takes one side of a conjunction")
            return
        if r == "∨I":
            need(1)
            if not isinstance(f, F.Or) or self.f(i, refs[0]) not in (f.left, f.right):
                raise self.fail(i, "∨I adds a disjunct to the cited line")
            return
        if r == "∨E":
            need(3)
            a = self.f(i, refs[0])
            (h1, e1, _), (h2, e2, _) = self.box(i, refs[1]), self.box(i, refs[2])
            if not isinstance(a, F.Or) or h1.rule != "assume" or h2.rule != "assume":
                raise self.fail(i, "∨E needs a disjunction and two boxes with assumptions")
            if (h1.formula, h2.formula) != (a.left, a.right) or e1 != f or e2 != f:
                raise self.fail(i, "∨E: each box assumes one disjunct and ends with the conclusion")
            return
        if r == "→I":
            need(1)
            h, end, _ = self.box(i, refs[0])
            if h.rule != "assume" or h.fresh or h.formula is None or f != F.Imp(h.formula, end):
                raise self.fail(i, "→I: the box assumes the antecedent and ends with the consequent")
            return
        if r == "→E":
            need(2)
            a, b = self.f(i, refs[0]), self.f(i, refs[1])
            if not ((isinstance(a, F.Imp) and a.left == b and a.right == f)
                    or (isinstance(b, F.Imp) and b.left == a and b.right == f)):
                raise self.fail(i, "→E needs A → B and A, and gives B")
            return
        if r == "¬I":
            need(1)
            h, end, _ = self.box(i, refs[0])
            if (h.rule != "assume" or h.fresh or end != F.BOT or h.formula is None
                    or f != F.Not(h.formula)):
                raise self.fail(i, "¬I: the box assumes A and ends with ⊥; it gives ¬A")
            return
        if r == "¬E":
            need(1)
            if self.f(i, refs[0]) != F.Not(F.Not(f)):
                raise self.fail(i, "¬E takes ¬¬A to A")
            return
        if r == "⊥I":
            need(2)
            a, b = self.f(i, refs[0]), self.f(i, refs[1])
            if f != F.BOT or not (b == F.Not(a) or a == F.Not(b)):
                raise self.fail(i, "⊥I needs A and ¬A")
            return
        if r == "⊥E":
            need(1)
            if self.f(i, refs[0]) != F.BOT:
                raise self.fail(i, "⊥E needs ⊥")
            return
        if r == "=I":
            need(0)
            if not (isinstance(f, F.Eq) and f.left == f.right):
                raise self.fail(i, "=I gives t = t")
            return
        if r == "=E":
            need(2)
            eq, a = self.f(i, refs[0]), self.f(i, refs[1])
            if not isinstance(eq, F.Eq) or F.replace(a, eq.left, eq.right) != f:
                raise self.fail(i, "=E: from s = t and A(s), A(t)")
            return
        if r == "∀E":
            need(1)
            a = self.f(i, refs[0])
            if not isinstance(a, F.All) or F.instance_of(a.body, a.var, f) is None:
                raise self.fail(i, "∀E instantiates a universal")
            return
        if r == "∃I":
            need(1)
            if not isinstance(f, F.Ex) or F.instance_of(f.body, f.var, self.f(i, refs[0])) is None:
                raise self.fail(i, "∃I generalises the cited line")
            return
        if r == "∀I":
            need(1)
            h, end, first = self.box(i, refs[0])
            if h.rule != "flag" or not isinstance(f, F.All):
                raise self.fail(i, "∀I needs a box flagged with a fresh constant, giving ∀x A")
            if F.subst(f.body, f.var, h.fresh or "") != end:
                raise self.fail(i, "∀I: the box ends with the instance of the flagged constant")
            self.fresh_ok(i, first, h.fresh, f)
            return
        if r == "∃E":
            need(2)
            a = self.f(i, refs[0])
            h, end, first = self.box(i, refs[1])
            if not isinstance(a, F.Ex) or h.rule != "assume" or not h.fresh:
                raise self.fail(i, "∃E needs ∃x A and a box assuming A(c) for a fresh c")
            if F.subst(a.body, a.var, h.fresh) != h.formula or end != f:
                raise self.fail(i, "∃E: the box assumes the instance and ends with the conclusion")
            self.fresh_ok(i, first, h.fresh, f)
            return
        raise self.fail(i, f"unknown rule {r!r}")
