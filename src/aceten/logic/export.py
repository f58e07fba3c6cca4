"""Trick-level exports for course tools: one trick as a first-order model in LADR (Prover9 and
Mace4) or SMT-LIB (z3, cvc5).

The model has the cards of the trick and of one hand as constants, their suits, the trump and
the suit led, the rank order within a suit (plain and trump), and defines

* ``beats(y, x)``: card y beats card x (a trump beats a plain card; within a suit, the higher),
* ``best(x)``: x is winning the trick so far (played, of the suit led or trump, and no played
  card beats it),
* ``legal(c)``: card c of the hand may be played — written by the play obligations' own encode
  face (:mod:`aceten.rules.obligations`), so the export states exactly the rule the engine runs.

A full trick (as many cards as players) has no hand: the export asks for its winner. The LADR
file's goal states what the engine answers (the winner, the legal cards), so Prover9 proving
it, or Mace4 finding no counterexample, checks the first-order model against the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aceten.cards import Card, Suit
from aceten.errors import AcetenError
from aceten.rules.base import Rules

FORMATS = ("ladr", "smtlib")


@dataclass(frozen=True)
class TrickSpec:
    """One trick to export: the cards played so far, the next player's hand (none when the
    trick is full), the trump."""

    rules: Rules
    played: tuple[Card, ...]
    hand: tuple[Card, ...]
    trump: Suit | None
    stock_empty: bool = True

    @property
    def led(self) -> Suit | None:
        return self.played[0].suit if self.played else None

    @property
    def full(self) -> bool:
        """Every player has played: the trick has a winner and nobody is to move."""
        return len(self.played) == self.rules.players

    @property
    def partner_winning(self) -> bool:
        rules = self.rules
        if rules.players != 4 or len(rules.teams) != 2 or len(self.played) < 2:
            return False
        return rules.trick_winner(self.played, self.trump) == len(self.played) - 2


def spec(rules: Rules, played: str, hand: str, trump: str | None, stock_empty: bool = True) -> TrickSpec:
    """Read and check a trick: cards of the game's deck, no card twice, at most one card per
    player; the hand of the player to move unless the trick is full."""
    cards_played = tuple(rules.parse_card(t) for t in played.replace(",", " ").split())
    cards_hand = tuple(rules.parse_card(t) for t in hand.replace(",", " ").split())
    seen: set[Card] = set()
    for c in (*cards_played, *cards_hand):
        if c not in rules.deck:
            raise AcetenError(f"{c} is not in the deck of this game")
        if c in seen:
            raise AcetenError(f"{c} is given twice")
        seen.add(c)
    if len(cards_played) > rules.players:
        raise AcetenError(f"the trick has {len(cards_played)} cards; a {rules.players}-player "
                          f"trick has at most {rules.players}")
    if len(cards_played) == rules.players and cards_hand:
        raise AcetenError(f"the trick is full ({rules.players} cards): nobody is to move, so "
                          "give no --hand")
    if len(cards_played) < rules.players and not cards_hand:
        raise AcetenError("give the hand of the player to move (--hand), or a full trick")
    if len(cards_hand) > rules.hand_size:
        raise AcetenError(f"the hand has {len(cards_hand)} cards; a hand of "
                          f"{rules.title} holds at most {rules.hand_size}")
    suit = rules.parse_suit(trump) if trump else None
    if suit is None:
        if rules.trump_mode == "first-lead" and cards_played:
            suit = cards_played[0].suit
        elif rules.trump_mode == "given":
            suit = rules.options["trump"]
        else:
            raise AcetenError("give the trump suit (--trump)")
    return TrickSpec(rules, cards_played, cards_hand, suit, stock_empty)


def engine_legal(sp: TrickSpec) -> list[Card]:
    """The engine's answer, for comparison."""
    return sp.rules.legal_moves(list(sp.hand), list(sp.played), sp.trump, stock_empty=sp.stock_empty)


def engine_best(sp: TrickSpec) -> Card | None:
    """The card winning the trick so far (the winner of a full trick), as the rules say."""
    if not sp.played:
        return None
    return sp.played[sp.rules.trick_winner(sp.played, sp.trump)]


# -- a text encoder for the obligations' encode face -------------------------------------------------
class _TextEncoder:
    """Builds formulas as text in LADR or SMT-LIB syntax, over the export's predicates."""

    def __init__(self, sp: TrickSpec, syntax: str):
        self.rules = sp.rules
        self.sp = sp
        self.cards = tuple(dict.fromkeys((*sp.played, *sp.hand)))
        self.syntax = syntax
        self.defs: list[tuple[str, str]] = []
        self._names: dict[str, str] = {}

    def _atom(self, pred: str, arg: str) -> str:
        return f"{pred}({arg})" if self.syntax == "ladr" else f"({pred} {arg})"

    def hand(self, card: Card) -> str:
        return self._atom("hand", card_name(card))

    def led(self, suit: Suit) -> str:
        return self._atom("led", suit_name(suit))

    def trump(self, suit: Suit) -> str:
        return self._atom("trump", suit_name(suit))

    def best(self, card: Card) -> str:
        return self._atom("best", card_name(card))

    def partner_winning(self) -> Any:
        return "partner_winning" if self.sp.rules.players == 4 and len(self.rules.teams) == 2 else False

    def stock_empty(self) -> Any:
        return "stock_empty"

    def _const(self, value: bool) -> str:
        if self.syntax == "ladr":
            return "$T" if value else "$F"
        return "true" if value else "false"

    def _define(self, op: str, items: list[str]) -> str:
        """A named subformula (shared between the cards' legal formulas)."""
        if self.syntax == "ladr":
            body = "(" + f" {'&' if op == 'and' else '|'} ".join(items) + ")"
        else:
            body = f"({op} " + " ".join(items) + ")"
        name = self._names.get(body)
        if name is None:
            name = self._names[body] = f"f{len(self._names) + 1}"
            self.defs.append((name, body))
        return name

    def _gather(self, lits: tuple[Any, ...], unit: bool) -> list[str] | bool:
        items: list[str] = []
        for lit in lits:
            if lit is (not unit):
                return not unit
            if lit is unit:
                continue
            if lit not in items:
                items.append(lit)
        return items

    def and_(self, *lits: Any) -> Any:
        items = self._gather(lits, True)
        if isinstance(items, bool):
            return items
        if not items:
            return True
        return items[0] if len(items) == 1 else self._define("and", items)

    def or_(self, *lits: Any) -> Any:
        items = self._gather(lits, False)
        if isinstance(items, bool):
            return items
        if not items:
            return False
        return items[0] if len(items) == 1 else self._define("or", items)

    def not_(self, lit: Any) -> Any:
        if isinstance(lit, bool):
            return not lit
        if self.syntax == "ladr":
            return lit[1:] if lit.startswith("-") else f"-{lit}"
        return lit[5:-1] if lit.startswith("(not ") else f"(not {lit})"

    def text(self, lit: Any) -> str:
        return self._const(lit) if isinstance(lit, bool) else lit


def card_name(card: Card) -> str:
    return f"c_{card}"


def suit_name(suit: Suit) -> str:
    return f"s_{suit.letter}"


def _suits(sp: TrickSpec) -> list[Suit]:
    return [Suit(sp.rules.family, i) for i in range(4)]


def legal_formulas(sp: TrickSpec, syntax: str) -> tuple[dict[Card, str], list[tuple[str, str]],
                                                         dict[str, bool]]:
    """``legal(c)`` per hand card as text, the named subformulas it uses, and the values of
    the context atoms."""
    enc = _TextEncoder(sp, syntax)
    if not sp.hand:
        may: dict[Card, Any] = {}
    elif sp.played:
        may = sp.rules.obligations.encode(enc)
    else:
        may = {c: True for c in enc.cards}
    context = {"partner_winning": sp.partner_winning, "stock_empty": sp.stock_empty}
    return {c: enc.text(may[c]) for c in sp.hand}, enc.defs, context


# -- LADR ----------------------------------------------------------------------------------------------
def _ladr_members(var: str, items: list[Card]) -> str:
    """``x = c1 | x = c2 ...`` (``$F`` for none): a finite set as a formula."""
    return " | ".join(f"{var} = {card_name(c)}" for c in items) or "$F"


def ladr_goal(sp: TrickSpec) -> str:
    """What the engine answers, as one LADR formula: the card winning the trick (so far) and the
    legal cards of the hand. One goal, so Prover9 and Mace4 read it the same way."""
    parts = []
    best = engine_best(sp)
    if best is not None:
        parts.append(f"(all x (best(x) <-> x = {card_name(best)}))")
    if sp.hand:
        parts.append(f"(all x (legal(x) <-> {_ladr_members('x', engine_legal(sp))}))")
    return " & ".join(parts)


def _ladr_header(sp: TrickSpec) -> list[str]:
    rules = sp.rules
    return [f"% aceten: one trick of {rules.name} ({rules.players} players"
            + (f", {rules.variant}" if rules.variant != "standard" else "") + ")",
            f"% played: {' '.join(map(str, sp.played)) or '(nothing: a lead)'}"
            + ("; the trick is full" if sp.full else f"; hand: {' '.join(map(str, sp.hand))}")
            + f"; trump: {sp.trump.name if sp.trump is not None else '?'}",
            "% Loads unchanged in both tools:",
            "%   prover9 -f FILE   proves the goal from the assumptions;",
            "%   mace4 -f FILE     searches for a model of the assumptions where the goal fails",
            "%                     (a counterexample) and finds none."]


def ladr(sp: TrickSpec) -> str:
    """The trick as a LADR input file: Mace4's domain size, the assumptions, one goal."""
    rules = sp.rules
    cards = list(dict.fromkeys((*sp.played, *sp.hand)))
    suits = _suits(sp)
    legal, defs, context = legal_formulas(sp, "ladr")
    out = [*_ladr_header(sp), "",
           "if(Mace4).",
           f"  assign(domain_size, {len(cards) + len(suits)}).  % the cards and the four suits",
           "end_if.", "",
           "formulas(assumptions).", "",
           "% Cards and suits are distinct objects.",
           ]
    names = [card_name(c) for c in cards] + [suit_name(s) for s in suits]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            out.append(f"{a} != {b}.")
    out.append("")
    out.append("% Each card's suit; the trump; the suit led.")
    for c in cards:
        out.append(f"suit({card_name(c)}) = {suit_name(c.suit)}.")
    out.append(f"all s (trump(s) <-> s = {suit_name(sp.trump)})." if sp.trump is not None
               else "all s (-trump(s)).")
    out.append(f"all s (led(s) <-> s = {suit_name(sp.led)})." if sp.led is not None
               else "all s (-led(s)).")
    out.append("")
    out.append("% The cards played so far and the hand of the player to move.")
    out.append(f"all x (played(x) <-> {_ladr_members('x', list(sp.played))}).")
    out.append(f"all x (hand(x) <-> {_ladr_members('x', list(sp.hand))}).")
    out.append("")
    out.append("% above(x,y): x ranks above y in the plain order of their suit; tabove: trump order.")
    for rel, table in (("above", rules.plain_strength), ("tabove", rules.trump_strength)):
        pairs = [(x, y) for x in cards for y in cards
                 if x.suit == y.suit and table[int(x) & 63] > table[int(y) & 63]]
        out.append(f"all x all y ({rel}(x,y) <-> "
                   + (" | ".join(f"(x = {card_name(a)} & y = {card_name(b)})" for a, b in pairs)
                      or "$F") + ").")
    out.append("")
    out.append("% A trump beats a plain card; within a suit the higher card beats the lower.")
    out.append("all x (trumpcard(x) <-> trump(suit(x))).")
    out.append("all y all x (beats(y,x) <-> (trumpcard(y) & -trumpcard(x)) | (suit(y) = suit(x) & "
               "((trumpcard(x) & tabove(y,x)) | (-trumpcard(x) & above(y,x))))).")
    out.append("% The card winning the trick so far (of a full trick: its winner).")
    out.append("all x (best(x) <-> played(x) & (led(suit(x)) | trumpcard(x)) & "
               "-(exists y (played(y) & beats(y,x)))).")
    out.append("")
    if sp.hand:
        out.append("% Context of the obligations.")
        for name, value in context.items():
            out.append(f"{'' if value else '-'}{name}.")
        out.append("")
        out.append("% The play obligations (" + "; ".join(rules.obligations.describe()) + "),")
        out.append("% written by their encode face: named subformulas, then legal(c) for each card")
        out.append("% of the hand.")
        for name, body in defs:
            out.append(f"{name} <-> {body}.")
        for c, formula in legal.items():
            out.append(f"legal({card_name(c)}) <-> {formula}.")
        out.append("all x (legal(x) -> hand(x)).")
        out.append("")
    out.append("end_of_list.")
    out.append("")
    out.append("formulas(goals).")
    what = ["the winner of the trick" if sp.full else "the card winning the trick so far"] * bool(sp.played)
    if sp.hand:
        what.append("the legal cards of the hand")
    out.append(f"% What the engine answers: {' and '.join(what)}.")
    out.append(ladr_goal(sp) + ".")
    out.append("end_of_list.")
    return "\n".join(out) + "\n"


# -- SMT-LIB ---------------------------------------------------------------------------------------------
def smtlib(sp: TrickSpec) -> str:
    """The trick as an SMT-LIB script: definitions, then the values of ``best`` and ``legal``
    (and, for a full trick, the ``winner`` the solver finds)."""
    rules = sp.rules
    cards = list(dict.fromkeys((*sp.played, *sp.hand)))
    suits = _suits(sp)
    legal, defs, context = legal_formulas(sp, "smtlib")

    def ite_chain(values: dict[str, str], default: str) -> str:
        text = default
        for key, value in reversed(list(values.items())):
            text = f"(ite (= c {key}) {value} {text})"
        return text

    def member(items: list[Card]) -> str:
        if not items:
            return "false"
        parts = [f"(= c {card_name(x)})" for x in items]
        return parts[0] if len(parts) == 1 else "(or " + " ".join(parts) + ")"

    out = [";" + line[1:] for line in _ladr_header(sp)[:2]] + [
           "(set-logic ALL)",
           "(declare-datatype Card (" + " ".join(f"({card_name(c)})" for c in cards) + "))",
           "(declare-datatype Suit (" + " ".join(f"({suit_name(s)})" for s in suits) + "))",
           "(define-fun suit ((c Card)) Suit "
           + ite_chain({card_name(c): suit_name(c.suit) for c in cards[:-1]}, suit_name(cards[-1].suit))
           + ")",
           "(define-fun plain_rank ((c Card)) Int "
           + ite_chain({card_name(c): str(rules.plain_strength[int(c) & 63]) for c in cards[:-1]},
                       str(rules.plain_strength[int(cards[-1]) & 63])) + ")",
           "(define-fun trump_rank ((c Card)) Int "
           + ite_chain({card_name(c): str(rules.trump_strength[int(c) & 63]) for c in cards[:-1]},
                       str(rules.trump_strength[int(cards[-1]) & 63])) + ")",
           "(define-fun trump ((s Suit)) Bool "
           + (f"(= s {suit_name(sp.trump)})" if sp.trump is not None else "false") + ")",
           "(define-fun led ((s Suit)) Bool "
           + (f"(= s {suit_name(sp.led)})" if sp.led is not None else "false") + ")",
           f"(define-fun played ((c Card)) Bool {member(list(sp.played))})",
           f"(define-fun hand ((c Card)) Bool {member(list(sp.hand))})",
           "(define-fun trumpcard ((c Card)) Bool (trump (suit c)))",
           "; y beats x: a trump beats a plain card; within a suit the higher card beats the lower",
           "(define-fun beats ((y Card) (x Card)) Bool (or (and (trumpcard y) (not (trumpcard x))) "
           "(and (= (suit y) (suit x)) (ite (trumpcard x) (> (trump_rank y) (trump_rank x)) "
           "(> (plain_rank y) (plain_rank x))))))",
           "; the card winning the trick so far: for all y, played(y) -> not beats(y, x)",
           "; (the quantifier written out over the finitely many cards, so get-value evaluates)",
           "(define-fun best ((x Card)) Bool (and (played x) (or (led (suit x)) (trumpcard x)) "
           + " ".join(f"(not (and (played {card_name(y)}) (beats {card_name(y)} x)))" for y in cards)
           + "))",
           ]
    for name, value in context.items():
        out.append(f"(define-fun {name} () Bool {'true' if value else 'false'})")
    out.append("; the play obligations (" + "; ".join(rules.obligations.describe()) + "),")
    out.append("; written by their encode face: named subformulas, then legal")
    for name, text in defs:
        out.append(f"(define-fun {name} () Bool {text})")
    body = "false"
    for c in reversed(list(legal)):
        body = f"(ite (= c {card_name(c)}) {legal[c]} {body})"
    out.append(f"(define-fun legal ((c Card)) Bool (and (hand c) {body}))")
    if sp.full:
        out.append("; the question: which card wins the trick?")
        out.append("(declare-const winner Card)")
        out.append("(assert (best winner))")
    out.append("(check-sat)")
    if sp.full:
        out.append("(get-value (winner))")
    out.append("(get-value (" + " ".join(f"(best {card_name(c)})" for c in sp.played) + "))"
               if sp.played else "; (a lead: no card is winning yet)")
    if sp.hand:
        out.append("(get-value (" + " ".join(f"(legal {card_name(c)})" for c in sp.hand) + "))")
    return "\n".join(out) + "\n"


def export(sp: TrickSpec, fmt: str) -> str:
    fmt = fmt.strip().lower()
    if fmt == "ladr":
        return ladr(sp)
    if fmt in ("smtlib", "smt-lib", "smt2"):
        return smtlib(sp)
    raise AcetenError(f"unknown format {fmt!r}: choose ladr or smtlib")
