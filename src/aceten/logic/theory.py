"""The rules of a game as first-order premises, and goal-language statements as formulas.

Each premise quotes the rule it states: the rule texts of the CP-SAT model's groups (the same
words ``ask --explain`` prints) and the rank order of ``Rules.describe()`` (``aceten rules``).
The vocabulary (t: tricks, p, q: players, x, y: cards):

    in(x,t)        x is played in trick t          takes(x,t)    x wins trick t
    wins(p,t)      p wins trick t                  plays(p,x,t)  p plays x in trick t
    beats(x,y,t)   x beats y in trick t            trump(x)      x is a trump
    dealt(p,x)     x is dealt to p                 holds(p,x,t)  p holds x when its turn in t comes
    trumps(S)      S is the trump suit             strongest(p,x,t), weakest(p,x,t)
"""

from __future__ import annotations

from typing import Any

from aceten.errors import AcetenError
from aceten.logic import fol
from aceten.logic import formula as F
from aceten.logic import goal as g
from aceten.rules.base import Rules

WINNER = "a trick is won by its highest trump, or else by the highest card of the suit led"
PLAY = ("each trick has one card per player; every card is played once, by the player who holds "
        "it; one player leads each trick; the winner of a trick leads the next")
A = F.Atom


def rule_premises(rules: Rules) -> list[tuple[F.Formula, str]]:
    """The game's rules as universal premises, each with the rule text it states."""
    order = " ".join(r.letter for r in rules.trump_order if any(c.rank == r for c in rules.deck))
    out = [
        (F.forall("t", F.Ex("x", F.And(A("in", ("x", "t")), A("takes", ("x", "t"))))),
         f"rule: {WINNER} (so some card of each trick wins it)"),
        (F.forall("t x", F.Imp(A("takes", ("x", "t")), A("in", ("x", "t")))),
         f"rule: {WINNER} (the winning card is in the trick)"),
        (F.forall("t x y", F.Imp(F.conj(A("in", ("x", "t")), A("in", ("y", "t")), A("trump", ("x",)),
                                        F.Not(A("trump", ("y",)))), F.Not(A("takes", ("y", "t"))))),
         f"rule: {WINNER} (a card that is not a trump does not win a trick with a trump in it)"),
        (F.forall("t x y", F.Imp(F.conj(A("takes", ("x", "t")), A("in", ("y", "t")),
                                        F.Not(F.Eq("x", "y"))), A("beats", ("x", "y", "t")))),
         f"rule: {WINNER} (the winning card beats every other card of the trick)"),
        (F.forall("t x y", F.Imp(A("beats", ("x", "y", "t")), F.Not(A("beats", ("y", "x", "t"))))),
         f"rule: the order of the cards (strongest first: {order}; trumps above the suit led, the "
         "suit led above the others) is strict: of two cards, at most one beats the other"),
        (F.forall("t p x", F.Imp(F.conj(A("plays", ("p", "x", "t")), A("takes", ("x", "t"))),
                                 A("wins", ("p", "t")))),
         f"rule: {PLAY} (who plays the winning card wins the trick)"),
        (F.forall("t p q", F.Imp(F.conj(A("wins", ("p", "t")), A("wins", ("q", "t"))), F.Eq("p", "q"))),
         f"rule: {PLAY} (one player wins each trick: the one who leads the next)"),
        (F.forall("p x t", F.Imp(A("plays", ("p", "x", "t")), A("in", ("x", "t")))),
         f"rule: {PLAY} (a card played is in the trick)"),
    ]
    if not rules.has_extra_moves:  # no exchanges: a dealt card is played by its holder
        out.append((F.forall("p x", F.Imp(A("dealt", ("p", "x")), F.Ex("t", A("plays", ("p", "x", "t"))))),
                    f"rule: {PLAY} (a card dealt to a player is played by that player)"))
    for suit in fol.suits_of(rules):
        top = max((c for c in rules.deck if c.suit == suit), key=lambda c: rules.trump_strength[int(c) & 63],
                  default=None)
        if top is not None:
            out.append((F.forall("t", F.Imp(F.conj(A("trumps", (suit.letter,)), A("in", (str(top), "t"))),
                                            A("takes", (str(top), "t")))),
                        f"rule: {WINNER}; {top} ({top.name}) is the highest {suit.name} (order "
                        f"{order}), so no card beats it when {suit.name} are trumps"))
    for a in range(rules.players):
        for b in range(rules.players):
            if a != b:
                out.append((F.Not(F.Eq(f"P{a + 1}", f"P{b + 1}")), "the players are distinct"))
    return out


def fact_premises(position: Any) -> list[tuple[F.Formula, str]]:
    """The position's known hands and trump as premises (the prover keeps those it uses)."""
    out: list[tuple[F.Formula, str]] = []
    for p, hand in enumerate(position.hands):
        for c in hand:
            out.append((A("dealt", (f"P{p + 1}", str(c))), f"fact: P{p + 1} is dealt {c} ({c.name})"))
    rules = position.rules
    trump = fol.known_trump(rules) or (position.face_up.suit if position.face_up else None)
    if trump is not None:
        out.append((A("trumps", (trump.letter,)), f"fact: {trump.name} are trumps"))
    return out


# -- goal-language statements as formulas --------------------------------------------------------------
class _Translate:
    """A checked first-order goal (fol nodes, before grounding) as a formula of the proofs."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.names: dict[str, str] = {}

    def fail(self, what: str) -> AcetenError:
        return AcetenError(f"prove cannot state {what!r} yet (see docs/logic.md, Proofs)")

    def formula(self, f: Any) -> F.Formula:
        if isinstance(f, g.Const):
            return F.Not(F.BOT) if f.value else F.BOT
        if isinstance(f, g.Op):
            parts = [self.formula(a) for a in f.args]
            if f.op == "not":
                return F.Not(parts[0])
            if f.op in ("and", "or"):
                out = parts[-1]
                for p in reversed(parts[:-1]):
                    out = F.And(p, out) if f.op == "and" else F.Or(p, out)
                return out
            if f.op == "implies":
                return F.Imp(parts[0], parts[1])
            return F.And(F.Imp(parts[0], parts[1]), F.Imp(parts[1], parts[0]))
        if isinstance(f, fol.Quant):
            var = self.bind(f.var)
            guard = self.guard(f.domain, var)
            body = self.formula(f.body)
            if f.kind == "forall":
                return F.All(var, F.Imp(guard, body) if guard else body)
            return F.Ex(var, F.And(guard, body) if guard else body)
        if isinstance(f, fol.Pred):
            return self.pred(f)
        if isinstance(f, fol.Relation):
            return self.relation(f)
        if isinstance(f, g.Atom):
            return self.atom(f)
        if isinstance(f, g.Compare):
            return self.compare(f)
        raise self.fail(getattr(f, "text", str(f)))

    def bind(self, var: fol.Var) -> str:
        names = {"trick": ["t", "u"], "player": ["p", "q"], "card": ["x", "y", "z", "w"]}.get(var.sort)
        if names is None:
            raise AcetenError(f"prove cannot quantify over {var.sort}s yet")
        taken = set(self.names.values())
        name = next((n for n in names if n not in taken), None)
        k = 2
        while name is None or name in taken:
            name, k = f"{names[0]}_{k}", k + 1
        self.names[var.name] = name
        return name

    def term(self, t: Any) -> str:
        if isinstance(t, fol.Var):
            return self.names[t.name]
        if isinstance(t, fol.Value):
            if t.sort == "trick":
                return f"t{t.value + 1}"
            if t.sort == "player":
                return t.value.label
            return str(t.value)
        raise self.fail(getattr(t, "text", str(t)))

    def guard(self, d: fol.Domain, var: str) -> F.Formula | None:
        if d.name in ("cards", "tricks", "players", "suits"):
            return None
        if d.name == "trick":
            return A("in", (var, self.term(d.args[0])))
        if d.name == "hand" and len(d.args) == 1:
            return A("dealt", (self.term(d.args[0]), var))
        if d.name == "hand":
            return A("holds", (self.term(d.args[0]), var, self.term(d.args[1])))
        raise self.fail(d.text)

    def pred(self, p: fol.Pred) -> F.Formula:
        args = [self.term(a) for a in p.args if not (isinstance(a, fol.Value) and a.sort == "policy")]
        trick = self.term(p.trick) if p.trick is not None else None
        if p.name == "policy":
            kind = p.args[1].value
            ends = {"extremes": ("strongest", "weakest"), "strongest": ("strongest",),
                    "weakest": ("weakest",)}[kind]
            who = args[0]
            body: F.Formula = A(ends[0], (who, "x", "t"))
            if len(ends) == 2:
                body = F.Or(body, A(ends[1], (who, "x", "t")))
            return F.forall("t x", F.Imp(A("plays", (who, "x", "t")), body))
        if p.name == "beats" and trick is not None:
            return A("beats", (*args, trick))
        if p.name == "wins" and trick is not None:
            first = p.args[0]
            return A("takes" if first.sort == "card" else "wins", (args[0], trick))
        if p.name in ("plays", "holds", "leads") and trick is not None:
            return A(p.name, (*args, trick))
        raise self.fail(p.text)

    def relation(self, r: fol.Relation) -> F.Formula:
        left, right, op = r.left, r.right, r.op
        if op not in ("==", "!="):
            raise self.fail(r.text)
        out: F.Formula | None = None
        if isinstance(left, fol.Fn) and left.name == "suit" and isinstance(right, fol.Fn) \
                and right.name == "trump":
            out = A("trump", (self.term(left.args[0]),))
        elif isinstance(right, fol.Fn) and right.name in ("strongest", "weakest", "card"):
            who, trick = (self.term(a) for a in right.args)
            name = "plays" if right.name == "card" else right.name
            out = A(name, (who, self.term(left), trick))
        elif isinstance(left, (fol.Var, fol.Value)) and isinstance(right, (fol.Var, fol.Value)):
            out = F.Eq(self.term(left), self.term(right))
        if out is None:
            raise self.fail(r.text)
        return out if op == "==" else F.Not(out)

    def atom(self, a: g.Atom) -> F.Formula:
        if a.side is None or len(a.side.seats) != 1:
            raise self.fail(a.text)
        who = a.side.label
        if a.name == "wins" and a.trick is not None:
            return A("wins", (who, f"t{a.trick + 1}"))
        if a.name == "plays" and a.trick is not None:
            return A("plays", (who, str(a.card), f"t{a.trick + 1}"))
        if a.name == "holds" and a.trick == 0:
            return A("dealt", (who, str(a.card)))
        raise self.fail(a.text)

    def compare(self, c: g.Compare) -> F.Formula:
        """``tricks(X) >= T`` (all tricks) and its negations; other counts are not stated."""
        T = self.rules.tricks_per_deal
        if len(c.left.terms) == 1 and not c.right.terms and c.left.terms[0][0] == 1:
            term = c.left.terms[0][1]
            k = c.right.const - c.left.const
            if term.name == "tricks" and len(term.side.seats) == 1:
                every = F.All("t", A("wins", (term.side.label, "t")))
                if (c.op, k) in ((">=", T), ("==", T), (">", T - 1)):
                    return every
                if (c.op, k) in (("<=", T - 1), ("<", T), ("!=", T)):
                    return F.Not(every)
        raise self.fail(c.text)


def statement(goal: g.Goal, rules: Rules) -> F.Formula:
    """The goal (checked, first-order form if any) as a formula of the proofs."""
    if goal.is_objective:
        raise AcetenError("prove takes a statement, not maximize/minimize")
    return _Translate(rules).formula(goal.first_order if goal.first_order is not None else goal.formula)
