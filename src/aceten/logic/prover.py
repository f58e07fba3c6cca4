"""A small natural-deduction prover: builds Fitch proofs that :mod:`aceten.logic.checker` checks.

Goal-directed for the connectives of the statement (∀I with a fresh constant, →I, ¬I, ∧I),
then a refutation: assume the negation of what is left, derive ⊥ and conclude with ¬I and ¬E.
The refutation works forward from what is in scope: ∧E; universal premises (∀x̄ (A1 ∧ ... ∧ Ak
→ C), or ∀x̄ C) instantiated (∀E) on the constants in scope whose antecedents are all known
(∧I, →E); ground implications (→E); =E with a known equality; ⊥I as soon as A and ¬A are both
in scope. When that stalls it opens an ∃E box for a known existential, splits a known
disjunction (∨E), or settles one missing antecedent literal by refuting it in a box (¬I). Lines
that the conclusion does not depend on are dropped at the end, so the proof shows only what is
used — of the premises too.

Terms are sorted by their first letter (``t``: tricks, ``p``/``q``/``P``: players, anything
else: cards), which keeps instantiation to the constants that make sense.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from aceten.errors import AcetenError
from aceten.logic import formula as F
from aceten.logic.checker import Line, Proof

MAX_LINES = 4000


class ProofSearchFailed(AcetenError):
    """The prover found no proof within its limits (the statement may still be true)."""


def sort_of(name: str) -> str:
    head = name[:1]
    if head == "t":
        return "trick"
    if head in "pqP":
        return "player"
    if len(name) == 1 and name.isupper():
        return "suit"
    return "card"


@dataclass
class _State:
    lines: list[Line] = field(default_factory=list)
    scopes: list[dict[F.Formula, int]] = field(default_factory=lambda: [{}])
    used_rules: list[set[Any]] = field(default_factory=lambda: [set()])
    names: set[str] = field(default_factory=set)

    def copy(self) -> _State:
        return _State(list(self.lines), [dict(s) for s in self.scopes],
                      [set(s) for s in self.used_rules], set(self.names))


class Prover:
    """Builds a proof of ``goal`` from ``premises`` (each with a source text)."""

    def __init__(self, premises: list[tuple[F.Formula, str]], goal: F.Formula):
        self.premises = premises
        self.goal = goal
        self.s = _State()
        for f, _ in premises:
            self.s.names |= F.terms(f)
        self.s.names |= F.terms(goal)
        self.splits = 0

    # -- lines and scopes
    @property
    def depth(self) -> int:
        return len(self.s.scopes) - 1

    def known(self, f: F.Formula) -> int | None:
        for scope in reversed(self.s.scopes):
            if f in scope:
                return scope[f]
        return None

    def add(self, f: F.Formula | None, rule: str, refs: tuple[Any, ...] = (), fresh: str | None = None,
            source: str = "") -> int:
        if len(self.s.lines) > MAX_LINES:
            raise ProofSearchFailed("the proof search grew too large")
        self.s.lines.append(Line(self.depth, f, rule, refs, fresh, source))
        number = len(self.s.lines)
        if f is not None and self.known(f) is None:
            self.s.scopes[-1][f] = number
        return number

    def open(self, f: F.Formula | None, rule: str, fresh: str | None = None) -> int:
        self.s.scopes.append({})
        self.s.used_rules.append(set())
        return self.add(f, rule, fresh=fresh)

    def close(self) -> None:
        self.s.scopes.pop()
        self.s.used_rules.pop()

    def fresh(self, var: str) -> str:
        base = var.rstrip("0123456789'") or "c"
        for k in itertools.count(1):
            name = f"{base}{k}"
            if name not in self.s.names:
                self.s.names.add(name)
                return name
        raise AssertionError  # pragma: no cover

    # -- the proof
    def run(self) -> Proof:
        for f, source in self.premises:
            self.add(f, "premise", source=source)
        self.prove(self.goal)
        return Proof([f for f, _ in self.premises], self.goal, _prune(self.s.lines))

    def prove(self, goal: F.Formula) -> int:
        have = self.known(goal)
        if have is not None:
            return have if self.s.lines[have - 1].depth == self.depth else self.add(goal, "Reit", (have,))
        if isinstance(goal, F.All):
            c = self.fresh(goal.var)
            first = self.open(None, "flag", fresh=c)
            last = self.prove(F.subst(goal.body, goal.var, c))
            self.close()
            return self.add(goal, "∀I", ((first, last),))
        if isinstance(goal, F.Imp):
            first = self.open(goal.left, "assume")
            last = self.prove(goal.right)
            self.close()
            return self.add(goal, "→I", ((first, last),))
        if isinstance(goal, F.Not):
            first = self.open(goal.body, "assume")
            last = self.refute()
            self.close()
            return self.add(goal, "¬I", ((first, last),))
        if isinstance(goal, F.And):
            a = self.prove(goal.left)
            b = self.prove(goal.right)
            return self.add(goal, "∧I", (a, b))
        if isinstance(goal, F.Eq) and goal.left == goal.right:
            return self.add(goal, "=I")
        if isinstance(goal, F.Bot):
            return self.refute()
        first = self.open(F.Not(goal), "assume")
        last = self.refute()
        self.close()
        twice = self.add(F.Not(F.Not(goal)), "¬I", ((first, last),))
        return self.add(goal, "¬E", (twice,))

    # -- refutation: derive ⊥ from what is in scope
    def refute(self, splits: int = 1) -> int:
        done = self.saturate()
        if done is not None:
            return done
        for f, line in self.in_scope():
            if isinstance(f, F.Ex) and ("ex", f) not in self.opened():
                self.mark(("ex", f))
                c = self.fresh(f.var)
                first = self.open(F.subst(f.body, f.var, c), "assume", fresh=c)
                last = self.refute(splits)
                self.close()
                return self.add(F.BOT, "∃E", (line, (first, last)))
        for f, line in self.in_scope():
            if isinstance(f, F.Or) and ("or", f) not in self.opened():
                self.mark(("or", f))
                boxes = []
                for side in (f.left, f.right):
                    first = self.open(side, "assume")
                    last = self.refute(splits)
                    self.close()
                    boxes.append((first, last))
                return self.add(F.BOT, "∨E", (line, *boxes))
        if splits > 0:
            for literal in self.missing_literals():
                saved = self.s.copy()
                try:
                    first = self.open(literal, "assume")
                    last = self.refute(splits - 1)
                    self.close()
                    got = self.add(F.Not(literal), "¬I", ((first, last),))
                    if isinstance(literal, F.Not):
                        self.add(literal.body, "¬E", (got,))
                except ProofSearchFailed:
                    self.s = saved
                    continue
                return self.refute(splits)
        raise ProofSearchFailed("no contradiction found")

    def opened(self) -> set[Any]:
        return set().union(*self.s.used_rules)

    def mark(self, key: Any) -> None:
        self.s.used_rules[-1].add(key)

    def in_scope(self) -> list[tuple[F.Formula, int]]:
        out: dict[F.Formula, int] = {}
        for scope in self.s.scopes:
            for f, line in scope.items():
                out.setdefault(f, line)
        return sorted(out.items(), key=lambda item: item[1])

    def constants(self) -> set[str]:
        names: set[str] = set()
        for f, _ in self.in_scope():
            names |= F.free(f)
        return names

    def saturate(self) -> int | None:
        """Forward steps until ⊥ or nothing new; the line of ⊥, or None."""
        while True:
            before = len(self.s.lines)
            for f, line in self.in_scope():
                bottom = self.contradiction(f, line)
                if bottom is not None:
                    return bottom
                if isinstance(f, F.And):
                    for side in (f.left, f.right):
                        if self.known(side) is None:
                            self.add(side, "∧E", (line,))
                elif isinstance(f, F.Eq) and f.left != f.right:
                    for g, other in self.in_scope():
                        if _literal(g) and f.left in F.free(g):
                            h = F.replace(g, f.left, f.right)
                            if self.known(h) is None:
                                self.add(h, "=E", (line, other))
                elif isinstance(f, (F.All, F.Imp)):
                    self.instantiate(f, line)
            if len(self.s.lines) == before:
                return None

    def contradiction(self, f: F.Formula, line: int) -> int | None:
        if isinstance(f, F.Bot):
            return line
        other = self.known(F.Not(f))
        if other is not None:
            return self.add(F.BOT, "⊥I", (line, other))
        if isinstance(f, F.Not) and isinstance(f.body, F.Eq) and f.body.left == f.body.right:
            refl = self.known(f.body) or self.add(f.body, "=I")
            return self.add(F.BOT, "⊥I", (refl, line))
        return None

    def instantiate(self, f: F.Formula, line: int) -> None:
        variables, body = _prefix(f)
        antecedents, consequent = _split(body)
        facts = [g for g, _ in self.in_scope() if _literal(g)]
        for binding in self.bindings(variables, antecedents, facts):
            result = _apply(consequent, binding)
            if self.known(result) is not None:
                continue
            self.derive(f, line, variables, binding, antecedents)

    def bindings(self, variables: list[str], antecedents: list[F.Formula],
                 facts: list[F.Formula]) -> list[dict[str, str]]:
        out: list[dict[str, str]] = []

        def walk(i: int, b: dict[str, str]) -> None:
            if i == len(antecedents):
                rest = [v for v in variables if v not in b]
                pools = [[c for c in self.constants() if sort_of(c) == sort_of(v)] for v in rest]
                for combo in itertools.product(*pools):
                    out.append({**b, **dict(zip(rest, combo))})
                return
            for fact in facts:
                m = _match(antecedents[i], fact, b, variables)
                if m is not None:
                    walk(i + 1, m)

        walk(0, {})
        return out

    def derive(self, f: F.Formula, line: int, variables: list[str], binding: dict[str, str],
               antecedents: list[F.Formula]) -> int:
        current, at = f, line
        for v in variables:
            assert isinstance(current, F.All)
            current = F.subst(current.body, current.var, binding[v])
            at = self.known(current) or self.add(current, "∀E", (at,))
        if not antecedents:
            return at
        assert isinstance(current, F.Imp)
        left = current.left
        return self.add(current.right, "→E", (at, self.build(left)))

    def build(self, f: F.Formula) -> int:
        """The line of a conjunction of known facts (∧I from the right)."""
        have = self.known(f)
        if have is not None:
            return have
        assert isinstance(f, F.And), f
        return self.add(f, "∧I", (self.build(f.left), self.build(f.right)))

    def missing_literals(self) -> list[F.Formula]:
        """Antecedent literals that alone keep a known rule from firing, to refute in a box."""
        facts = [g for g, _ in self.in_scope() if _literal(g)]
        out: list[F.Formula] = []
        for f, _ in self.in_scope():
            if not isinstance(f, (F.All, F.Imp)):
                continue
            variables, body = _prefix(f)
            antecedents, _ = _split(body)
            for k, missing in enumerate(antecedents):
                others = antecedents[:k] + antecedents[k + 1:]
                for b in self.bindings(variables, others, facts):
                    lit = _apply(missing, b)
                    target = lit.body if isinstance(lit, F.Not) else F.Not(lit)
                    if F.free(lit) <= self.constants() and target not in out and \
                            self.known(lit) is None:
                        out.append(target)
        return out


# -- helpers -----------------------------------------------------------------------------------------------
def _literal(f: F.Formula) -> bool:
    return isinstance(f, (F.Atom, F.Eq)) or (isinstance(f, F.Not) and isinstance(f.body, (F.Atom, F.Eq)))


def _prefix(f: F.Formula) -> tuple[list[str], F.Formula]:
    variables = []
    while isinstance(f, F.All):
        variables.append(f.var)
        f = f.body
    return variables, f


def _split(body: F.Formula) -> tuple[list[F.Formula], F.Formula]:
    if not isinstance(body, F.Imp):
        return [], body
    parts: list[F.Formula] = []
    left = body.left
    while isinstance(left, F.And):
        parts.append(left.left)
        left = left.right
    parts.append(left)
    if not all(_literal(p) for p in parts):
        return [], body
    return parts, body.right


def _apply(f: F.Formula, binding: dict[str, str]) -> F.Formula:
    for var, value in binding.items():
        f = F.subst(f, var, value)
    return f


def _match(pattern: F.Formula, fact: F.Formula, binding: dict[str, str],
           variables: list[str]) -> dict[str, str] | None:
    if type(pattern) is not type(fact):
        return None
    if isinstance(pattern, F.Not):
        assert isinstance(fact, F.Not)  # same type as pattern (checked above)
        return _match(pattern.body, fact.body, binding, variables)
    if isinstance(pattern, F.Atom):
        assert isinstance(fact, F.Atom)
        if pattern.pred != fact.pred or len(pattern.args) != len(fact.args):
            return None
        pairs = list(zip(pattern.args, fact.args))
    elif isinstance(pattern, F.Eq):
        assert isinstance(fact, F.Eq)
        pairs = [(pattern.left, fact.left), (pattern.right, fact.right)]
    else:
        return None
    out = dict(binding)
    for p, v in pairs:
        if p in variables:
            if out.get(p, v) != v or sort_of(p) != sort_of(v):
                return None
            out[p] = v
        elif p != v:
            return None
    return out


def _prune(lines: list[Line]) -> list[Line]:
    """Keep the lines the last one depends on (boxes whole at their ends), renumbered."""
    needed: set[int] = set()
    box_end: dict[int, int] = {}
    stack: list[tuple[int, int]] = []
    for i, line in enumerate(lines, start=1):
        while stack and (stack[-1][1] > line.depth or (stack[-1][1] == line.depth
                                                       and line.rule in ("assume", "flag"))):
            first, _ = stack.pop()
            box_end[first] = i - 1
        if line.rule in ("assume", "flag"):
            stack.append((i, line.depth))
    for first, _ in stack:
        box_end[first] = len(lines)
    todo = [len(lines)]
    while todo:
        i = todo.pop()
        if i in needed:
            continue
        needed.add(i)
        for ref in lines[i - 1].refs:
            if isinstance(ref, tuple):
                todo.extend([ref[0], ref[1]])
            else:
                todo.append(ref)
    # a needed box end keeps its opening line; keep the boxes' opening lines
    mapping: dict[int, int] = {}
    kept: list[Line] = []
    for i, line in enumerate(lines, start=1):
        if i in needed:
            mapping[i] = len(kept) + 1
            kept.append(line)
    out = []
    for line in kept:
        refs = tuple((mapping[r[0]], mapping[r[1]]) if isinstance(r, tuple) else mapping[r]
                     for r in line.refs)
        out.append(Line(line.depth, line.formula, line.rule, refs, line.fresh, line.source))
    return out


def _unwrap(lines: list[Line]) -> list[Line] | None:
    """Lift one ∃E box whose ⊥ does not use its assumption (nor its fresh constant) out of its
    box; None when there is none."""
    for n, line in enumerate(lines, start=1):
        if line.rule != "∃E":
            continue
        first, last = line.refs[1]
        fresh = lines[first - 1].fresh or ""
        inner = range(first + 1, last + 1)
        if any(first in _flat(lines[i - 1].refs) for i in inner):
            continue
        if any((formula := lines[i - 1].formula) is not None and fresh in F.terms(formula)
               for i in inner):
            continue
        mapping = {i: i - (i > first) - (i > n) for i in range(1, len(lines) + 1)}
        mapping[n] = mapping[last]
        out = []
        for i, other in enumerate(lines, start=1):
            if i in (first, n):
                continue
            depth = other.depth - 1 if first < i <= last else other.depth
            refs = tuple((mapping[r[0]], mapping[r[1]]) if isinstance(r, tuple) else mapping[r]
                         for r in other.refs)
            out.append(Line(depth, other.formula, other.rule, refs, other.fresh, other.source))
        return out
    return None


def _rename(lines: list[Line], taken: set[str]) -> list[Line]:
    """Number the fresh constants in order of appearance (t1, t2, x1, ...)."""
    mapping: dict[str, str] = {}
    used = set(taken)
    for line in lines:
        if line.fresh and line.fresh not in mapping:
            base = line.fresh.rstrip("0123456789")
            k = 1
            while f"{base}{k}" in used:
                k += 1
            mapping[line.fresh] = f"{base}{k}"
            used.add(mapping[line.fresh])
    if all(k == v for k, v in mapping.items()):
        return lines
    temp = {old: f"§{i}" for i, old in enumerate(mapping)}
    out = []
    for line in lines:
        f = line.formula
        if f is not None:
            for old, tmp in temp.items():
                f = F.subst(f, old, tmp)
            for old, tmp in temp.items():
                f = F.subst(f, tmp, mapping[old])
        fresh = mapping.get(line.fresh, line.fresh) if line.fresh else None
        out.append(Line(line.depth, f, line.rule, line.refs, fresh, line.source))
    return out


def _flat(refs: tuple[Any, ...]) -> list[int]:
    return [x for r in refs for x in (r if isinstance(r, tuple) else (r,))]


def _symbols(f: F.Formula) -> set[str]:
    if isinstance(f, F.Atom):
        return {f.pred}
    if isinstance(f, (F.Eq, F.Bot)):
        return set()
    if isinstance(f, (F.Not, F.All, F.Ex)):
        return _symbols(f.body)
    return _symbols(f.left) | _symbols(f.right)


def _relevant(premises: list[tuple[F.Formula, str]], goal: F.Formula, rounds: int
              ) -> list[tuple[F.Formula, str]]:
    """Premises sharing predicates with the goal, widened ``rounds - 1`` times."""
    wanted = _symbols(goal)
    chosen: list[tuple[F.Formula, str]] = []
    for _ in range(rounds):
        chosen = [p for p in premises if not _symbols(p[0]) or _symbols(p[0]) & wanted]
        for p in chosen:
            wanted |= _symbols(p[0])
    return chosen


def prove(premises: list[tuple[F.Formula, str]], goal: F.Formula) -> Proof:
    """A proof of ``goal`` from the premises that it uses (the others dropped). Tries the
    premises that share predicates with the goal first, then wider sets."""
    last_error: ProofSearchFailed | None = None
    tried: list[list[tuple[F.Formula, str]]] = []
    for rounds in (1, 2, 3, 99):
        chosen = _relevant(premises, goal, rounds)
        if chosen in tried:
            continue
        tried.append(chosen)
        try:
            proof = Prover(chosen, goal).run()
        except ProofSearchFailed as err:
            last_error = err
            continue
        lines = proof.lines
        while (lifted := _unwrap(lines)) is not None:
            lines = _prune(lifted)
        proof.lines = _rename(lines, F.terms(goal).union(*(F.terms(f) for f, _ in chosen)))
        used = [line.formula for line in lines if line.rule == "premise"]
        proof.premises = [f for f in proof.premises if f in used]
        return proof
    raise last_error or ProofSearchFailed("no proof found")
