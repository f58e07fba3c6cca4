"""The CP-SAT model of one deal: propositions, named constraint groups, goals, solutions.

Propositions (Boolean variables), for cards c, seats p, tricks t, stock positions j and the
k-th card of a trick:

    dealt(c,p)   c is dealt to p            stock(c,j)  c lies at stock position j
    owner(c,p)   p plays c (holds it last)  play(c,t,k) c is the k-th card of trick t
    lead(t,p)    p leads trick t (lead(t+1,p): p wins trick t)
    wins(c,t)    c wins trick t             trump(s)    s is trump
    best(c,t,k)  c is winning trick t after its first k cards (games with obligations)
    x7(s,t), x2(s,t)  Brisca: the 7 / the 2 of trumps s is exchanged in trick t

plus named auxiliary literals (conjunctions, disjunctions, sums) and whole-number variables
for points per trick and seat. The groups are listed by ``describe()`` (``--show-model``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from aceten.cards import Card, Rank, Suit
from aceten.errors import AcetenError
from aceten.logic import goal as g
from aceten.logic.cp import Cp, Lit
from aceten.logic.position import Play, Position, Swap, Turn
from aceten.rules.parts import (
    CalledPartner,
    CardPoints,
    Exchange,
    GamePoints,
    Marriage,
    PlayingSide,
    Roem,
    TrumpCall,
)


@dataclass
class Solution:
    """A solution read back from the solver, before it is replayed through the engine."""

    hands: list[list[Card]]
    stock: list[Card]
    tricks: list[list[Card]]  # cards in play order
    leaders: list[int]  # leader of each trick, then the winner of the last
    exchanges: list[tuple[int, int, Card]]  # (trick, seat, low trump given up), in order
    trump: Suit | None
    declarer: int | None
    call: Card | None = None  # the card the auction's winner calls, when the model chose it


class _Moment:
    """The :class:`~aceten.rules.obligations.Encoder` of one moment of play: the player at
    position ``k`` of trick ``t`` is about to play."""

    def __init__(self, model: GameModel, t: int, k: int):
        self.m = model
        self.rules = model.rules
        self.cards = model.card_tuple
        self.t, self.k = t, k
        cp = model.cp
        self.and_, self.or_, self.not_ = cp.and_, cp.or_, cp.not_

    def hand(self, card: Card) -> Lit:
        return self.m.hand_at(card, self.t, self.k)

    def led(self, suit: Suit) -> Lit:
        return self.m.led[self.t][suit]

    def trump(self, suit: Suit) -> Lit:
        return self.m.trump[suit]

    def best(self, card: Card) -> Lit:
        return self.m.best(self.t, self.k)[card]

    def partner_winning(self) -> Lit:
        m = self.m
        if m.n != 4 or len(m.rules.teams) != 2 or self.k < 2:
            return False
        best = m.best(self.t, self.k)
        return m.cp.or_(*(m.cp.and_(best[c], m.play[c][self.t][self.k - 2]) for c in m.cards))

    def stock_empty(self) -> Lit:
        return self.t >= self.m.R


class _Sides:
    """The :class:`~aceten.rules.parts.auction.SideEncoder` of a deal after an auction: the
    called card as a fact, or one literal per card the winner may call (exactly one holds)."""

    def __init__(self, model: GameModel, caller: int, calls: dict[Card, Lit]):
        self.players = model.n
        self.caller, self.calls = caller, calls
        self.m = model
        self.and_, self.or_ = model.cp.and_, model.cp.or_

    def dealt(self, card: Card, seat: int) -> Lit:
        return self.m.dealt[card][seat]


class GameModel:
    """A deal of ``position.rules`` as CP-SAT constraints; see the module docstring."""

    def __init__(self, position: Position, *, explain: bool = False):
        self.pos = position
        self.rules = rules = position.rules
        self.cp = cp = Cp(explain)
        self.explain = explain
        self.n = n = rules.players
        self.T = T = rules.tricks_per_deal
        self.S = S = rules.stock_size
        self.R = S // n if S else 0
        self.bottom = S - 1
        self.cards: list[Card] = list(rules.deck)
        self.card_tuple: tuple[Card, ...] = tuple(self.cards)
        # Every suit of the deck's family: a suit without cards in a custom deck can still be
        # named trump (given, or called in Klaverjas).
        self.suits: list[Suit] = [Suit(rules.family, i) for i in range(4)]
        self.props: list[tuple[str, str, int]] = []
        exchange = rules.part(Exchange)
        self.exchanges = exchange is not None and rules.trump_mode == "turned" and S > 0
        if self.exchanges:
            assert exchange is not None
            self._exchange_table(exchange)
        self.projection: dict[int, Lit] = {}
        C = self.cards

        self.dealt = {c: [cp.bool(f"dealt[{c},P{p + 1}]") for p in range(n)] for c in C}
        self.stock = {c: [cp.bool(f"stock[{c},{j + 1}]") for j in range(S)] for c in C}
        self.owner = {c: [cp.bool(f"owner[{c},P{p + 1}]") for p in range(n)] for c in C}
        self.play = {c: [[cp.bool(f"play[{c},{t + 1},{k + 1}]") for k in range(n)] for t in range(T)]
                     for c in C}
        self.lead = [[cp.bool(f"lead[{t + 1},P{p + 1}]") for p in range(n)] for t in range(T + 1)]
        known = self._known_trump()
        self.trump: dict[Suit, Lit] = {
            s: (s == known if known is not None and not explain else cp.bool(f"trump[{s}]"))
            for s in self.suits}
        self.intrick = {c: [cp.sum_bool([self.play[c][t][k] for k in range(n)], f"in[{c},{t + 1}]")
                            for t in range(T)] for c in C}
        self.led = [{s: cp.sum_bool([self.play[c][t][0] for c in C if c.suit == s],
                                    f"led[{t + 1},{s}]") for s in self.suits} for t in range(T)]
        self._best: dict[tuple[int, int], dict[Card, Lit]] = {}
        self._cache: dict[tuple[Any, ...], Any] = {}
        self._by_suit: dict[Suit, list[Card]] = {}
        for c in C:
            self._by_suit.setdefault(c.suit, []).append(c)
        self._beaters = {c: self._cards_above(c) for c in C}
        self._props()
        self._structure()
        self._trump_rule()
        self._drawing()
        if self.exchanges:
            self._exchange_rules()
        self._winner_rule()
        self._obligations()
        self._facts()
        if position.call_options:
            self._call_rule()

    # -- what is known before solving -----------------------------------------------------------
    def _known_trump(self) -> Suit | None:
        rules, pos = self.rules, self.pos
        if rules.trump_mode == "given":
            return rules.options["trump"]
        if rules.trump_mode == "turned" and pos.face_up is not None:
            return pos.face_up.suit
        if rules.trump_mode == "called" and pos.called is not None:
            return pos.called
        return None

    def _props(self) -> None:
        n, T, S, D = self.n, self.T, self.S, len(self.cards)
        self.props = [
            ("dealt(c,p)", "card c is dealt to player p", D * n),
            ("stock(c,j)", "card c lies at position j of the stock (drawing order)", D * S),
            ("owner(c,p)", "player p holds card c last and plays it", D * n),
            ("play(c,t,k)", "card c is the k-th card played to trick t", D * T * n),
            ("lead(t,p)", "player p leads trick t; lead(t+1,p): p wins trick t", (T + 1) * n),
            ("trump(s)", "suit s is trump", len(self.suits)),
        ]

    # -- the game's structure (never relaxed) -------------------------------------------------------
    def _structure(self) -> None:
        cp, n, T, S, C = self.cp, self.n, self.T, self.S, self.cards
        rules = self.rules
        with cp.group(("structure", "deal"), "every card is dealt to one hand or lies at one stock "
                      "position; each hand holds its cards; each stock position one card",
                      "structure", "∀c Σp dealt(c,p) + Σj stock(c,j) = 1; ∀p Σc dealt(c,p) = "
                      f"{rules.hand_size}; ∀j Σc stock(c,j) = 1"):
            for c in C:
                cp.exactly_one(self.dealt[c] + self.stock[c])
            for p in range(n):
                cp.linear(sum(self.dealt[c][p] for c in C) == rules.hand_size)
            for j in range(S):
                cp.exactly_one([self.stock[c][j] for c in C])
        with cp.group(("structure", "play"), "each trick has one card per player; every card is "
                      "played once, by the player who holds it; one player leads each trick; the "
                      "winner of a trick leads the next; a card in the stock cannot be played",
                      "structure", "∀t,k Σc play(c,t,k) = 1; ∀c Σt,k play(c,t,k) = 1; "
                      "play(c,t,k) ∧ lead(t,p) → owner(c,p+k); ∀t Σp lead(t,p) = 1"):
            for t in range(T):
                for k in range(n):
                    cp.exactly_one([self.play[c][t][k] for c in C])
            for c in C:
                cp.exactly_one([x for t in range(T) for x in self.play[c][t]])
                cp.exactly_one(self.owner[c])
            for p in range(n):
                cp.linear(sum(self.owner[c][p] for c in C) == T)
            for t in range(T + 1):
                cp.exactly_one(self.lead[t])
            for c in C:
                for t in range(T):
                    for k in range(n):
                        for lead in range(n):
                            cp.clause([self.owner[c][(lead + k) % n]],
                                      when=[self.play[c][t][k], self.lead[t][lead]])
                for t in range(min(T, self.R)):
                    waiting = self._in_stock_from(c, t)
                    if not isinstance(waiting, bool):
                        cp.linear(self.intrick[c][t] + waiting <= 1)
            cp.exactly_one(list(self.trump.values()))
            for c in C:
                if not self._is_low(c):
                    for p in range(n):
                        cp.implies(self.dealt[c][p], self.owner[c][p])

    def _in_stock_from(self, c: Card, t: int) -> Lit:
        """c lies in the stock at positions drawn in trick t or later (the bottom card excluded
        when it may be exchanged)."""
        key = ("instock", c, t)
        if key not in self._cache:
            lits = [self.stock[c][j] for j in range(self.S) if j // self.n >= t
                    and not (self.exchanges and j == self.bottom)]
            self._cache[key] = self.cp.sum_bool(lits, f"instock[{c},{t + 1}]")
        return self._cache[key]

    def _is_low(self, c: Card) -> bool:
        return self.exchanges and c.rank in (self.low_first, self.low_second)

    # -- trump -------------------------------------------------------------------------------------
    def _trump_rule(self) -> None:
        cp, rules = self.cp, self.rules
        if rules.trump_mode == "turned":
            with cp.group(("rule", "trump"), "the last card of the stock lies face up and its suit "
                          "is trump", form="trump(s) ↔ Σ{c of s} stock(c,last)"):
                for s in self.suits:
                    cp.equal(self.trump[s], cp.or_(*(self.stock[c][self.bottom]
                                                     for c in self.cards if c.suit == s)))
        elif rules.trump_mode == "first-lead":
            with cp.group(("rule", "trump"), "the suit of the first card led is trump",
                          form="trump(s) ↔ led(1,s)"):
                for s in self.suits:
                    cp.equal(self.trump[s], self.led[0][s])

    # -- drawing -------------------------------------------------------------------------------------
    def drawer(self, j: int, p: int) -> Lit:
        """Player p draws stock position j."""
        n = self.n
        r, i = divmod(j, n)
        row = self.lead[r + 1] if self.rules.draw == "after-trick" else self.lead[r]
        return row[(p - i) % n]

    def _drawing(self) -> None:
        if not self.S:
            return
        cp, n = self.cp, self.n
        if self.rules.draw == "after-trick":
            text = "after each trick, while the stock lasts, each player draws a card, the winner first"
            form = "stock(c,j) ∧ lead(r+1,p) → owner(c,p+i) for j = r·n + i"
        else:
            text = "each player draws a card right after playing, while the stock lasts"
            form = "stock(c,j) ∧ lead(r,p) → owner(c,p+i) for j = r·n + i"
        with cp.group(("rule", "draw"), text, form=form):
            for c in self.cards:
                if self._is_low(c):
                    continue  # the 7 and 2 of a Brisca suit: see _exchange_rules
                for j in range(self.S):
                    if self.exchanges and j == self.bottom:
                        continue
                    for p in range(n):
                        cp.clause([self.owner[c][p]], when=[self.stock[c][j], self.drawer(j, p)])

    # -- exchanges of a low trump for the face-up card ---------------------------------------
    def _exchange_table(self, exchange: Exchange) -> None:
        """The declared exchange table, as this encoding reads it: a first low trump (x7) and a
        second (x2) that may take the first once it lies face up."""
        lows = tuple(exchange.table)
        if len(lows) != 2 or lows[0] not in exchange.table[lows[1]]:
            raise AcetenError("ask encodes an exchange table of two low trumps, the second of "
                              "which may take the first")
        self.low_first, self.low_second = lows
        self.high_for_first, self.high_for_second = exchange.table[lows[0]], exchange.table[lows[1]]

    def _exchange_rules(self) -> None:
        cp, n, R, b = self.cp, self.n, self.R, self.bottom
        C = self.cards
        rules = self.rules
        by = {(c.rank, c.suit): c for c in C}
        self.x7: dict[Suit, list[Lit]] = {}
        self.x2: dict[Suit, list[Lit]] = {}
        for s in self.suits:
            if (self.low_first, s) in by and any((r, s) in by for r in self.high_for_first):
                self.x7[s] = [cp.bool(f"x7[{s},{t + 1}]") for t in range(R)]
            if (self.low_second, s) in by and any((r, s) in by for r in self.high_for_second):
                self.x2[s] = [cp.bool(f"x2[{s},{t + 1}]") for t in range(R)]
        self.props.append(("x7(s,t), x2(s,t)", "Brisca: the 7 / the 2 of trumps s is exchanged "
                           "for the face-up card in trick t", R * (len(self.x7) + len(self.x2))))
        e1 = {s: cp.sum_bool(v, f"x7[{s}]") for s, v in self.x7.items()}
        e2 = {s: cp.sum_bool(v, f"x2[{s}]") for s, v in self.x2.items()}
        self.e1, self.e2 = e1, e2
        any1 = cp.or_(*e1.values())
        any2 = cp.or_(*e2.values())
        self.any_exchange = cp.or_(any1, any2)
        face = {c: self.stock[c][b] for c in C}
        db = [self.drawer(b, p) for p in range(n)]
        lows = [c for c in C if self._is_low(c)]
        # io: who holds a low trump before any exchange (dealt, or drawn like any card).
        self.io = {c: [cp.bool(f"io[{c},P{p + 1}]") for p in range(n)] for c in lows}
        with cp.group(("rule", "draw"), ""):
            for c in lows:
                cp.exactly_one(self.io[c])
                for p in range(n):
                    cp.implies(self.dealt[c][p], self.io[c][p])
                    for j in range(self.S):
                        cp.clause([self.io[c][p]], when=[self.stock[c][j], self.drawer(j, p)])
            # The card drawn from the bottom goes to its drawer; without an exchange it is the
            # face-up card, else the last low trump given up.
            for c in C:
                for p in range(n):
                    cp.clause([self.owner[c][p]], when=[face[c], cp.not_(self.any_exchange), db[p]])
                for t in range(R):
                    cp.clause([cp.not_(self.intrick[c][t])], when=[face[c], cp.not_(self.any_exchange)])
        with cp.group(("rule", "exchange"), "Brisca: the holder of the 7 of trumps may swap it for "
                      "a face-up A, 3, K, H or J, and the holder of the 2 for a face-up 4 to 7, at "
                      "their turn while the stock lasts" + (", having won a trick" if
                      rules.options["exchange_needs_trick"] else ""),
                      form="x7(s,t) → trump(s) ∧ face-up high ∧ 7 held; x2(s,t) → trump(s) ∧ "
                      "face-up 4..7 ∧ 2 held"):
            for s in self.suits:
                if s in self.x7:
                    cp.at_most_one(self.x7[s])
                if s in self.x2:
                    cp.at_most_one(self.x2[s])
            cp.at_most_one(list(e1.values()))
            cp.at_most_one(list(e2.values()))
            for s, row in self.x7.items():
                seven = by[(self.low_first, s)]
                high = [face[c] for c in C if c.suit == s and c.rank in self.high_for_first]
                for t, x in enumerate(row):
                    cp.implies(x, self.trump[s])
                    cp.clause(high, when=[x])
                    cp.all_false([self.stock[seven][j] for j in range(self.S) if j // n >= t], when=[x])
                    self._needs_trick(x, self.io[seven], t)
            for s, row in self.x2.items():
                two = by[(self.low_second, s)]
                low = [face[c] for c in C if c.suit == s and c.rank in self.high_for_second]
                for t, x in enumerate(row):
                    cp.implies(x, self.trump[s])
                    cp.clause(low, when=[x, cp.not_(e1.get(s, False))])
                    cp.all_false([self.stock[two][j] for j in range(self.S) if j // n >= t], when=[x])
                    self._needs_trick(x, self.io[two], t)
                    if s in self.x7:  # the 2 after the 7: not earlier, nor earlier in the trick
                        seven = by[(self.low_first, s)]
                        for t1 in range(t + 1, R):
                            cp.clause([], when=[x, self.x7[s][t1]])
                        for lead in range(n):
                            for p1 in range(n):
                                for p2 in range(n):
                                    if (p2 - lead) % n < (p1 - lead) % n:
                                        cp.clause([], when=[x, self.x7[s][t], self.lead[t][lead],
                                                            self.io[seven][p1], self.io[two][p2]])
        with cp.group(("rule", "exchange-effect"), "after an exchange the low trump lies face up "
                      "under the stock and the exchanged card is in its new holder's hand",
                      "structure"):
            for c in C:
                s = c.suit
                seven, two = by.get((self.low_first, s)), by.get((self.low_second, s))
                if s in self.x7:
                    for p in range(n):  # the face-up card goes to the 7's holder
                        cp.clause([self.owner[c][p]], when=[face[c], e1[s], self.io[seven][p]])
                    for t, x in enumerate(self.x7[s]):
                        for t0 in range(t):
                            cp.clause([cp.not_(self.intrick[c][t0])], when=[face[c], x])
                if s in self.x2:
                    for p in range(n):  # ... or to the 2's holder
                        cp.clause([self.owner[c][p]], when=[face[c], cp.not_(any1), e2[s],
                                                            self.io[two][p]])
                    for t, x in enumerate(self.x2[s]):
                        for t0 in range(t):
                            cp.clause([cp.not_(self.intrick[c][t0])],
                                      when=[face[c], cp.not_(any1), x])
            for c in lows:
                swapped = e1 if c.rank == self.low_first else e2
                involved = cp.or_(swapped.get(c.suit, False), cp.and_(face[c], self.any_exchange))
                for p in range(n):
                    cp.clause([self.owner[c][p]], when=[cp.not_(involved), self.io[c][p]])
            for s in self.suits:
                seven, two = by.get((self.low_first, s)), by.get((self.low_second, s))
                if s in self.x7:
                    for p in range(n):
                        if s in self.x2:
                            cp.clause([self.owner[seven][p]], when=[e1[s], e2[s], self.io[two][p]])
                        cp.clause([self.owner[seven][p]], when=[e1[s], cp.not_(e2.get(s, False)), db[p]])
                    for t in range(R):
                        cp.clause([cp.not_(self.intrick[seven][t])], when=[e1[s], cp.not_(e2.get(s, False))])
                    if s in self.x2:
                        for t, x in enumerate(self.x2[s]):
                            for t0 in range(t):
                                cp.clause([cp.not_(self.intrick[seven][t0])], when=[e1[s], x])
                if s in self.x2:
                    for p in range(n):
                        cp.clause([self.owner[two][p]], when=[e2[s], db[p]])
                    for t in range(R):
                        cp.clause([cp.not_(self.intrick[two][t])], when=[e2[s]])

    def _needs_trick(self, x: Lit, holder: list[Lit], t: int) -> None:
        if not self.rules.options["exchange_needs_trick"]:
            return
        for p in range(self.n):
            self.cp.clause([self.lead[t0 + 1][p] for t0 in range(t)], when=[x, holder[p]])

    # -- the trick winner -----------------------------------------------------------------------------
    def best(self, t: int, k: int) -> dict[Card, Lit]:
        """The card winning trick t after its first k cards (k = players: the trick's winner)."""
        key = (t, k)
        if key in self._best:
            return self._best[key]
        cp, n, C = self.cp, self.n, self.cards
        if k == 1:
            result = {c: self.play[c][t][0] for c in C}
            self._best[key] = result
            return result
        if k == n:
            members = {c: self.intrick[c][t] for c in C}
            name = "wins"
        else:
            members = {c: cp.sum_bool([self.play[c][t][i] for i in range(k)], f"pre[{c},{t + 1},{k}]")
                       for c in C}
            name = "best"
        result = {c: cp.bool(f"{name}[{c},{t + 1}" + (f",{k}]" if k < n else "]")) for c in C}
        self._best[key] = result
        with cp.group(("rule", "winner"), "a trick is won by its highest trump, or else by the "
                      "highest card of the suit led",
                      form="wins(c,t) → in(c,t) ∧ (led(t,suit c) ∨ trump(suit c)) ∧ no card in "
                      "the trick beats c; exactly one card wins"):
            cp.exactly_one(list(result.values()))
            by_suit = self._by_suit
            for c in C:
                w = result[c]
                cp.implies(w, members[c])
                cp.clause([self.led[t][c.suit], self.trump[c.suit]], when=[w])
                always, in_trump, in_plain = self._beaters[c]
                cp.all_false([members[d] for d in always], when=[w])
                cp.all_false([members[d] for d in in_trump], when=[w, self.trump[c.suit]])
                cp.all_false([members[d] for d in in_plain], when=[w, cp.not_(self.trump[c.suit])])
                for s in self.suits:
                    if s != c.suit and by_suit.get(s):
                        cp.all_false([members[d] for d in by_suit[s]], when=[w, self.trump[s]])
            if k == n:
                for c in C:
                    for p in range(n):
                        cp.clause([self.lead[t + 1][p]], when=[result[c], self.owner[c][p]])
        return result

    def _cards_above(self, c: Card) -> tuple[list[Card], list[Card], list[Card]]:
        """Cards of c's suit above it in both orders, in the trump order only, in the plain only."""
        rules = self.rules
        bit = int(c) & 63
        always, in_trump, in_plain = [], [], []
        for d in self._by_suit[c.suit]:
            if d == c:
                continue
            db = int(d) & 63
            over_t = rules.trump_strength[db] > rules.trump_strength[bit]
            over_p = rules.plain_strength[db] > rules.plain_strength[bit]
            if over_t and over_p:
                always.append(d)
            elif over_t:
                in_trump.append(d)
            elif over_p:
                in_plain.append(d)
        return always, in_trump, in_plain

    def _winner_rule(self) -> None:
        for t in range(self.T):
            self.best(t, self.n)
        self.props.append(("wins(c,t)", "card c wins trick t", len(self.cards) * self.T))

    # -- holding cards --------------------------------------------------------------------------------
    def _played_from(self, c: Card, t: int) -> Lit:
        key = ("from", c, t)
        if key not in self._cache:
            if t == 0:
                self._cache[key] = True
            else:
                self._cache[key] = self.cp.sum_bool(self.intrick[c][t:], f"from[{c},{t + 1}]")
        return self._cache[key]

    def _not_yet(self, c: Card, t: int) -> Lit:
        """c has not reached its last holder's hand when that player's turn in trick t begins."""
        key = ("notyet", c, t)
        if key in self._cache:
            return self._cache[key]
        cp = self.cp
        parts = [self._in_stock_from(c, t)]
        if self.exchanges:
            face = self.stock[c][self.bottom]
            s = c.suit
            late = t < self.R
            parts.append(cp.and_(face, cp.not_(self.any_exchange), late))
            any1 = cp.or_(*self.e1.values())
            if s in self.x7:
                parts.append(cp.and_(face, cp.or_(*self.x7[s][t:])))
            if s in self.x2:
                parts.append(cp.and_(face, cp.not_(any1), cp.or_(*self.x2[s][t:])))
            if c.rank == self.low_first and s in self.x7:
                e2 = self.e2.get(s, False)
                parts.append(cp.and_(self.e1[s], cp.not_(e2), late))
                if s in self.x2:
                    parts.append(cp.and_(self.e1[s], cp.or_(*self.x2[s][t:])))
            if c.rank == self.low_second and s in self.x2:
                parts.append(cp.and_(self.e2[s], late))
        self._cache[key] = result = cp.or_(*parts)
        return result

    def live(self, c: Card, t: int) -> Lit:
        """c is in its last holder's hand at the start of trick t (drawn, not yet played)."""
        key = ("live", c, t)
        if key not in self._cache:
            self._cache[key] = self.cp.and_(self._played_from(c, t), self.cp.not_(self._not_yet(c, t)))
        return self._cache[key]

    def ownpos(self, c: Card, t: int, k: int) -> Lit:
        """c's last holder is the k-th player of trick t."""
        key = ("ownpos", c, t, k)
        if key in self._cache:
            return self._cache[key]
        cp, n = self.cp, self.n
        var = cp.bool(f"at[{c},{t + 1},{k + 1}]")
        for lead in range(n):
            seat = (lead + k) % n
            cp.model.add_bool_or([var, ~self.lead[t][lead], ~self.owner[c][seat]])
            cp.model.add_bool_or([~var, ~self.lead[t][lead], self.owner[c][seat]])
        cp.definitions += 2 * n
        self._cache[key] = var
        return var

    def hand_at(self, c: Card, t: int, k: int) -> Lit:
        """The k-th player of trick t holds c when about to play (games without exchanges, or
        once the stock is empty)."""
        return self.cp.and_(self.ownpos(c, t, k), self.live(c, t))

    def holds(self, c: Card, p: int, t: int) -> Lit:
        """Player p holds c when p's turn in trick t begins."""
        cp = self.cp
        now = cp.and_(self.owner[c][p], self.live(c, t))
        if not self._is_low(c):
            return now
        s = c.suit
        rows = self.x7 if c.rank == self.low_first else self.x2
        if s not in rows:
            return now
        before = cp.and_(cp.or_(*rows[s][t:]), self.io[c][p],
                         cp.not_(self._in_stock_from(c, t)), cp.not_(self.stock[c][self.bottom]))
        return cp.or_(now, before)

    def draws(self, c: Card, p: int, t: int | None) -> Lit:
        """Player p draws c from the stock (in trick t, if given)."""
        cp, n = self.cp, self.n
        lits = []
        for j in range(self.S):
            if t is not None and j // n != t:
                continue
            if self.exchanges and j == self.bottom:
                continue
            lits.append(cp.and_(self.stock[c][j], self.drawer(j, p)))
        if self.S and (t is None or self.bottom // n == t):
            drawn = self.stock[c][self.bottom]
            if self.exchanges:
                s = c.suit
                parts = [cp.and_(drawn, cp.not_(self.any_exchange))]
                if c.rank == self.low_first and s in self.e1:
                    parts.append(cp.and_(self.e1[s], cp.not_(self.e2.get(s, False))))
                if c.rank == self.low_second and s in self.e2:
                    parts.append(self.e2[s])
                drawn = cp.or_(*parts)
            lits.append(cp.and_(drawn, self.drawer(self.bottom, p)))
        return cp.or_(*lits)

    # -- obligations -----------------------------------------------------------------------------------
    def _obligations(self) -> None:
        ob = self.rules.obligations
        if not ob.parts:
            return
        cp, n = self.cp, self.n
        lines = ob.describe()
        text = "play obligations: " + "; ".join(lines)
        with cp.group(("rule", "obligations"), text, form="play(c,t,k) → may(c,t,k), with may "
                      "from the obligations' encode face"):
            for t in range(self.T):
                if ob.when == "stock-empty" and t < self.R:
                    continue
                for k in range(1, n):
                    may = ob.encode(_Moment(self, t, k))
                    for c in self.cards:
                        cp.clause([may[c]], when=[self.play[c][t][k]])

    # -- facts of the position ---------------------------------------------------------------------------
    def _facts(self) -> None:
        cp, pos = self.cp, self.pos
        rules = self.rules
        with cp.group(("fact", "leader"), f"P{pos.leader + 1} leads the first trick", "fact"):
            cp.fix(self.lead[0][pos.leader])
        for p, hand in enumerate(pos.hands):
            for c in hand:
                with cp.group(("fact", "hand", p, c), f"P{p + 1} is dealt {c} ({c.name})", "fact"):
                    cp.fix(self.dealt[c][p])
        for j, c in enumerate(pos.stock):
            if c is None:
                continue
            if j == self.bottom and rules.trump_mode == "turned":
                text = f"the face-up trump card is {c} ({c.name})"
            else:
                text = f"stock card {j + 1} (drawing order) is {c} ({c.name})"
            with cp.group(("fact", "stock", j), text, "fact"):
                cp.fix(self.stock[c][j])
        trump = rules.options["trump"] if rules.trump_mode == "given" else pos.called
        if trump is not None:
            how = "given" if rules.trump_mode == "given" else "called"
            folded = "" if self.explain else "; folded into the model as constants"
            with cp.group(("fact", "trump"), f"{trump.name} are trumps ({how}{folded})", "fact"):
                cp.fix(self.trump[trump])
        self._history()

    def _history(self) -> None:
        cp, pos, n = self.cp, self.pos, self.n
        end = (0, 0)
        swaps: set[tuple[str, Suit, int]] = set()
        for i, event in enumerate(pos.history):
            if isinstance(event, Play):
                end = (event.trick, event.position + 1) if event.position + 1 < n else (event.trick + 1, 0)
                if event.card is None:
                    continue
                with cp.group(("fact", "history", i), f"history: card {event.position + 1} of "
                              f"trick {event.trick + 1} is {event.card}", "fact"):
                    cp.fix(self.play[event.card][event.trick][event.position])
            elif isinstance(event, Turn):
                if event.trick < self.T:
                    with cp.group(("fact", "history", i), f"history: P{event.seat + 1} is player "
                                  f"{event.position + 1} of trick {event.trick + 1}", "fact"):
                        cp.fix(self.lead[event.trick][(event.seat - event.position) % n])
            elif isinstance(event, Swap):
                self._history_swap(i, event, swaps)
        if pos.declarer is not None and pos.called_card is not None:
            card = pos.called_card
            with cp.group(("fact", "call"), f"P{pos.declarer + 1} won the auction (target "
                          f"{pos.contract}) and called {card} ({card.name}): {card.suit.name} are "
                          f"trumps, and its holder is P{pos.declarer + 1}'s partner", "fact"):
                cp.fix(self.trump[card.suit])
        elif pos.declarer is not None and pos.called is not None:
            with cp.group(("fact", "call"), f"P{pos.declarer + 1} called {pos.called.name} "
                          "as trump", "fact"):
                cp.fix(self.trump[pos.called])
        if self.exchanges and pos.history:
            with cp.group(("fact", "history-swaps"), "history: no exchange other than those "
                          "recorded was made", "fact"):
                for kind, rows in (("7", self.x7), ("2", self.x2)):
                    for s, row in rows.items():
                        for t, x in enumerate(row):
                            if (kind, s, t) in swaps:
                                continue
                            if t < end[0]:
                                cp.fix(x, False)
                            elif t == end[0] and end[1] > 0:
                                holder = self.io[Card(self.low_first if kind == "7" else self.low_second, s)]
                                for lead in range(n):
                                    for p in range(n):
                                        if (p - lead) % n < end[1]:
                                            cp.clause([], when=[x, self.lead[t][lead], holder[p]])

    def _history_swap(self, i: int, event: Swap, swaps: set[tuple[str, Suit, int]]) -> None:
        cp, n = self.cp, self.n
        card = event.card
        rows = self.x7 if (self.exchanges and card.rank == self.low_first) else (
            self.x2 if self.exchanges and card.rank == self.low_second else None)
        if rows is None or card.suit not in rows or event.trick >= self.R:
            raise AcetenError(f"history: swap:{card} is not an exchange this game allows")
        swaps.add(("7" if card.rank == self.low_first else "2", card.suit, event.trick))
        with cp.group(("fact", "history", i), f"history: player {event.position + 1} of trick "
                      f"{event.trick + 1} exchanges {card}", "fact"):
            x = rows[card.suit][event.trick]
            cp.fix(x)
            for lead in range(n):
                cp.clause([self.io[card][(lead + event.position) % n]], when=[self.lead[event.trick][lead]])

    # -- numbers of the game --------------------------------------------------------------------------
    def card_points(self, c: Card) -> Any:
        """Points of c as a constant or a linear expression in the trump literal."""
        rules = self.rules
        bit = int(c) & 63
        plain, trump = rules.plain_pts[bit], rules.trump_pts[bit]
        if plain == trump:
            return plain
        lit = self.trump[c.suit]
        if isinstance(lit, bool):
            return trump if lit else plain
        return plain + (trump - plain) * lit

    @cached_property
    def trick_points(self) -> list[Any]:
        """Card points in each trick (with the last-trick bonus), as linear expressions."""
        cp, rules = self.cp, self.rules
        out = []
        for t in range(self.T):
            expr: Any = 0
            for c in self.cards:
                bit = int(c) & 63
                plain, trump = rules.plain_pts[bit], rules.trump_pts[bit]
                lit = self.trump[c.suit]
                if plain == trump or isinstance(lit, bool):
                    pts = trump if (plain != trump and lit is True) else plain
                    if pts:
                        expr = expr + pts * self.intrick[c][t]
                else:
                    expr = expr + plain * self.intrick[c][t] + (trump - plain) * cp.and_(
                        self.intrick[c][t], lit)
            if t == self.T - 1:
                expr = expr + rules.last_trick_bonus
            out.append(expr)
        return out

    def _max_trick_points(self, t: int) -> int:
        rules = self.rules
        best = sorted((max(rules.plain_pts[int(c) & 63], rules.trump_pts[int(c) & 63])
                       for c in self.cards), reverse=True)
        return sum(best[:self.n]) + (rules.last_trick_bonus if t == self.T - 1 else 0)

    @cached_property
    def seat_trick_points(self) -> list[list[Any]]:
        """Points each seat takes in each trick (whole-number variables)."""
        cp, n = self.cp, self.n
        rows = []
        with cp.group(("structure", "points"), "the winner of a trick takes its card points",
                      "structure", "points(t,p) = points(t) if lead(t+1,p) else 0"):
            total: Any = 0
            for t in range(self.T):
                top = self._max_trick_points(t)
                row = [cp.int(0, top, f"points[{t + 1},P{p + 1}]") for p in range(n)]
                for p in range(n):
                    win = self.lead[t + 1][p]
                    cp.linear(row[p] == self.trick_points[t], when=[win])
                    cp.linear(row[p] == 0, when=[cp.not_(win)])
                    cp.linear(row[p] <= top * win)
                cp.linear(sum(row) == self.trick_points[t])
                total = total + sum(row)
                rows.append(row)
            # Redundant, for the solver's bounds: all the deck's points are taken.
            cp.linear(total == sum(self.card_points(c) for c in self.cards)
                      + self.rules.last_trick_bonus)
        self.props.append(("points(t,p)", "card points player p takes in trick t (0..)", self.T * n))
        return rows

    def points(self, p: int) -> Any:
        return sum(row[p] for row in self.seat_trick_points)

    def tricks(self, p: int) -> Any:
        return sum(self.lead[t + 1][p] for t in range(self.T))

    @cached_property
    def trick_bonus(self) -> list[list[Any]]:
        """Bonus (marriages, roem) each seat scores in each trick."""
        rules, n = self.rules, self.n
        rows: list[list[Any]] = [[0] * n for _ in range(self.T)]
        if rules.has_lead_bonus:
            self._marriages(rows)
        if rules.has_trick_bonus:
            self._roem(rows)
        return rows

    def _marriages(self, rows: list[list[Any]]) -> None:
        cp, n = self.cp, self.n
        marriage = self.rules.part(Marriage)
        assert marriage is not None
        by = {(c.rank, c.suit): c for c in self.cards}
        with cp.group(("structure", "marriage"), marriage.describe(self.rules)[0], "structure"):
            for t in range(self.T):
                value: Any = 0
                for s in self.suits:
                    king, queen = by.get((Rank.KING, s)), by.get((Rank.QUEEN, s))
                    if king is None or queen is None:
                        continue
                    married = cp.or_(cp.and_(self.play[king][t][0], self.hand_at(queen, t, 0)),
                                     cp.and_(self.play[queen][t][0], self.hand_at(king, t, 0)))
                    value = (value + marriage.plain * married
                             + (marriage.trump - marriage.plain) * cp.and_(married, self.trump[s]))
                if isinstance(value, int):
                    continue
                for p in range(n):
                    var = cp.int(0, 2 * max(marriage.plain, marriage.trump), f"marriage[{t + 1},P{p + 1}]")
                    cp.linear(var == value, when=[self.lead[t][p]])
                    cp.linear(var == 0, when=[cp.not_(self.lead[t][p])])
                    rows[t][p] = var

    def _roem(self, rows: list[list[Any]]) -> None:
        cp, n = self.cp, self.n
        roem = self.rules.part(Roem)
        assert roem is not None
        by = {(c.rank, c.suit): c for c in self.cards}
        bound = sum(roem.four.values()) + 4 * (roem.run4 + roem.stuk)
        with cp.group(("structure", "roem"), roem.describe(self.rules)[0], "structure"):
            for t in range(self.T):
                inn = {c: self.intrick[c][t] for c in self.cards}
                value: Any = 0
                for rank, pts in roem.four.items():
                    four = [by.get((rank, s)) for s in self.suits]
                    if len(four) == 4 and all(four):
                        value = value + pts * cp.and_(*(inn[c] for c in four if c))
                for s in self.suits:
                    seq = [by.get((r, s)) for r in roem.sequence]
                    runs3 = [cp.and_(*(inn[c] for c in seq[i:i + 3]))
                             for i in range(len(seq) - 2) if all(seq[i:i + 3])]
                    runs4 = [cp.and_(*(inn[c] for c in seq[i:i + 4]))
                             for i in range(len(seq) - 3) if all(seq[i:i + 4])]
                    # a run of four holds one of three: count the difference on top
                    value = value + roem.run3 * cp.or_(*runs3) + (roem.run4 - roem.run3) * cp.or_(*runs4)
                    king, queen = by.get((Rank.KING, s)), by.get((Rank.QUEEN, s))
                    if king and queen:
                        value = value + roem.stuk * cp.and_(inn[king], inn[queen], self.trump[s])
                if isinstance(value, int):
                    continue
                for p in range(n):
                    var = cp.int(0, bound, f"roem[{t + 1},P{p + 1}]")
                    cp.linear(var == value, when=[self.lead[t + 1][p]])
                    cp.linear(var == 0, when=[cp.not_(self.lead[t + 1][p])])
                    rows[t][p] = var

    def bonus(self, p: int) -> Any:
        return sum(row[p] for row in self.trick_bonus)

    @cached_property
    def declarer(self) -> list[Lit]:
        """Klaverjas: the seat that calls trump (the playing team's member)."""
        cp, n, pos, rules = self.cp, self.n, self.pos, self.rules
        if pos.declarer is not None:
            return [p == pos.declarer for p in range(n)]
        call = rules.part(TrumpCall)
        if rules.trump_mode == "given" or call is None or not call.free:
            return [p == pos.leader for p in range(n)]
        passed = len(pos.calls)  # the history's passes: those seats did not call
        if passed >= n:
            return [p == pos.leader for p in range(n)]
        lits = [cp.bool(f"declarer[P{p + 1}]") for p in range(n)]
        with cp.group(("structure", "declarer"), "one player calls trump", "structure"):
            cp.exactly_one(lits)
            for i in range(passed):
                cp.fix(lits[(pos.leader + i) % n], False)
        return lits

    @cached_property
    def scores(self) -> list[Any]:
        """The deal's score per team, as the engine's outcome computes it."""
        rules, cp = self.rules, self.cp
        teams = rules.teams
        pts = [sum(self.points(p) for p in team) for team in teams]
        scoring = rules.scoring
        if isinstance(scoring, CardPoints):
            if scoring.by == "tricks":
                return [sum(self.tricks(p) for p in team) for team in teams]
            return pts
        bonus = [sum(self.bonus(p) for p in team) for team in teams]
        if isinstance(scoring, GamePoints):
            unit = scoring.unit
            out = []
            with cp.group(("structure", "score"), f"game points are (card points + bonuses) // "
                          f"{unit} (ask models no bidding)", "structure"):
                for i in range(len(teams)):
                    q = cp.int(0, (rules.total_points + 1000) // unit, f"score[team {i + 1}]")
                    cp.linear(unit * q <= pts[i] + bonus[i])
                    cp.linear(pts[i] + bonus[i] <= unit * q + unit - 1)
                    out.append(q)
            return out
        if not isinstance(scoring, PlayingSide):
            raise AcetenError(f"ask does not model the scoring of {rules.title}")
        extra = scoring.all_tricks
        T = self.T
        with cp.group(("structure", "score"), scoring.describe(rules)[0], "structure"):
            tricks = [sum(self.tricks(p) for p in team) for team in teams]
            pit = [cp.reify(tricks[i] == T, tricks[i] != T, f"pit[{i + 1}]") for i in range(2)]
            raw = [pts[i] + bonus[i] + extra * pit[i] for i in range(2)]
            playing = [cp.or_(*(self.declarer[p] for p in team)) for team in teams]
            nat = [cp.and_(playing[i], cp.reify(raw[i] <= raw[1 - i], raw[i] > raw[1 - i],
                                                 f"short[{i + 1}]")) for i in range(2)]
            any_nat = cp.or_(*nat)
            total = rules.total_points + sum(bonus) + extra * pit[0] + extra * pit[1]
            out = []
            for i in range(2):
                var = cp.int(0, 2000, f"score[team {i + 1}]")
                cp.linear(var == raw[i], when=[cp.not_(any_nat)])
                cp.linear(var == 0, when=[nat[i]])
                cp.linear(var == total, when=[nat[1 - i]])
                out.append(var)
        return out

    # -- hidden teams (an auction's call) ----------------------------------------------------------
    @cached_property
    def _called_partner(self) -> tuple[CalledPartner, _Sides]:
        part = self.rules.part(CalledPartner)
        pos = self.pos
        if part is None or pos.declarer is None or (pos.called_card is None
                                                     and not pos.call_options):
            raise AcetenError("this position has no called partner")
        calls: dict[Card, Lit]
        if pos.called_card is not None:
            calls = {pos.called_card: True}
        else:
            calls = {c: self.cp.bool(f"called[{c}]") for c in pos.call_options}
            self.props.append(("called(c)", "the auction's winner calls card c", len(calls)))
        return part, _Sides(self, pos.declarer, calls)

    def _call_rule(self) -> None:
        """The auction is won but no card called yet: the winner calls one card of the rank bid,
        and its suit is trump (the part's encode face)."""
        part, enc = self._called_partner
        cp, pos = self.cp, self.pos
        assert pos.declarer is not None
        options = " ".join(map(str, pos.call_options))
        with cp.group(("rule", "call"), f"P{pos.declarer + 1} calls one of {options}: its suit "
                      "is trump, its holder the partner", form="Σc called(c) = 1; trump(s) ↔ "
                      "Σ{c of s} called(c)"):
            cp.exactly_one(list(enc.calls.values()))
            for s in self.suits:
                cp.equal(self.trump[s], part.trump(enc, s))

    def called(self, card: Card) -> Lit:
        """The auction's winner calls ``card``."""
        _, enc = self._called_partner
        return enc.calls.get(card, False)

    @cached_property
    def on_caller_side(self) -> list[Lit]:
        """For each seat: it plays on the caller's side (the part's encode face)."""
        part, enc = self._called_partner
        lits = part.encode(enc)
        self.props.append(("side(p)", "player p plays on the caller's side (the caller and the "
                           "holder of the called card)", self.n))
        return lits

    def partner(self, seat: int) -> Lit:
        part, enc = self._called_partner
        return part.partner(enc, seat)

    def members(self, side: g.Side) -> list[tuple[int, Lit]]:
        """The seats of a side with the literal "the seat belongs to it" (True for a declared
        side; for a hidden team's side, decided by the deal)."""
        if side.role is None:
            return [(p, True) for p in side.seats]
        lits = self.on_caller_side
        if side.role == "caller":
            return [(p, lits[p]) for p in side.seats]
        return [(p, self.cp.not_(lits[p])) for p in side.seats]

    def _masked(self, values: list[Any], side: g.Side, top: int, what: str) -> Any:
        """The sum of the seats' ``values`` over the members of ``side``."""
        members = self.members(side)
        if all(m is True for _, m in members):
            return sum(values[p] for p, _ in members)
        key = ("masked", what, side.role)
        if key in self._cache:
            return self._cache[key]
        cp = self.cp
        total: Any = 0
        with cp.group(("structure", what, side.role), f"{what} of the {side.label} side: the sum "
                      "over the players on it", "structure", f"{what}({side.label}) = Σp "
                      f"{what}(p)·[p on the {side.label} side]"):
            for p, m in members:
                if m is False:
                    continue
                if m is True:
                    total = total + values[p]
                    continue
                var = cp.int(0, top, f"{what}[{side.label},P{p + 1}]")
                cp.linear(var == values[p], when=[m])
                cp.linear(var == 0, when=[cp.not_(m)])
                total = total + var
        self._cache[key] = total
        return total

    def side_made(self, side: g.Side) -> Lit:
        """A hidden team's deal is won by the caller's side when it takes the target."""
        pos = self.pos
        assert pos.contract is not None
        made = self._cache.get(("made",))
        if made is None:
            caller = g.Side(tuple(range(self.n)), "caller", "caller")
            pts = self._masked([self.points(p) for p in range(self.n)], caller,
                               self._total_points(), "points")
            made = self._cache[("made",)] = self.cp.reify(pts >= pos.contract,
                                                          pts <= pos.contract - 1, "made")
        if side.role == "caller":
            return made
        if side.role == "defenders":
            return self.cp.not_(made)
        (p,) = side.seats
        mine = self.on_caller_side[p]
        return self.cp.or_(self.cp.and_(mine, made),
                           self.cp.and_(self.cp.not_(mine), self.cp.not_(made)))

    def _total_points(self) -> int:
        rules = self.rules
        return sum(max(rules.plain_pts[int(c) & 63], rules.trump_pts[int(c) & 63])
                   for c in self.cards) + rules.last_trick_bonus

    def team_of(self, side: g.Side) -> int:
        if side.role is not None or self.rules.hidden_teams:
            raise AcetenError(f"{side.label}: the score of a side formed at the call is not "
                              "modelled; ask wins(caller) or points(caller) >= N")
        team = self.rules.seat_team[side.seats[0]]
        if any(self.rules.seat_team[s] != team for s in side.seats):
            raise AcetenError(f"{side.label} is not one side of the game")
        return team

    def deal_won(self, team: int) -> Lit:
        """The deal's outcome names ``team`` the winner."""
        key = ("dealwon", team)
        if key in self._cache:
            return self._cache[key]
        cp, rules = self.cp, self.rules
        scores = self.scores
        others = [i for i in range(len(scores)) if i != team]
        strict = cp.and_(*(cp.reify(scores[team] > scores[i], scores[team] <= scores[i],
                                    f"above[{team + 1},{i + 1}]") for i in others))
        result = strict
        if isinstance(rules.scoring, CardPoints) and rules.scoring.tie == "last-trick":
            level = cp.and_(*(cp.reify(scores[team] >= scores[i], scores[team] < scores[i],
                                       f"level[{team + 1},{i + 1}]") for i in others))
            last = cp.or_(*(self.lead[self.T][p] for p in rules.teams[team]))
            result = cp.or_(strict, cp.and_(level, last))
        self._cache[key] = result
        return result

    # -- goals ------------------------------------------------------------------------------------------
    def term(self, term: g.Term) -> Any:
        side = term.side
        seats = side.seats
        n = self.n
        if side.role is not None:
            self._project([x for x in self.on_caller_side if not isinstance(x, bool)])
        if term.name == "tricks":
            self._project([self.lead[t + 1][p] for t in range(self.T) for p in seats])
            return self._masked([self.tricks(p) for p in range(n)], side, self.T, "tricks")
        if term.name == "points":
            self._project([self.lead[t + 1][p] for t in range(self.T) for p in seats])
            return self._masked([self.points(p) for p in range(n)], side, self._total_points(),
                                "points")
        if term.name == "bonus":
            self._project([self.lead[t + 1][p] for t in range(self.T) for p in seats])
            self._project([self.lead[t][p] for t in range(self.T) for p in seats])
            if side.role is not None:
                raise AcetenError(f"bonus({side.label}): bonuses of a side formed at the call "
                                  "are not modelled")
            return sum(self.bonus(p) for p in seats)
        if term.name == "score":
            self._project([self.lead[t + 1][p] for t in range(self.T) for p in range(self.n)])
            team = self.team_of(term.side)
            return self.scores[team]
        raise AcetenError(f"unknown number {term.name}")  # pragma: no cover - the parser checks

    def linear(self, lin: g.Linear) -> Any:
        expr: Any = lin.const
        for coef, term in lin.terms:
            expr = expr + coef * self.term(term)
        return expr

    def _project(self, lits: list[Lit]) -> None:
        for lit in lits:
            if not isinstance(lit, bool):
                self.projection[lit.index] = lit

    def atom(self, a: g.Atom) -> Lit:
        cp, n = self.cp, self.n
        seats = a.side.seats if a.side is not None else ()
        if a.name == "called":
            assert a.card is not None  # the goal parser requires a card
            lit = self.called(a.card)
            self._project([lit])
            return lit
        if a.name in ("partner", "alone"):
            caller = self.pos.declarer
            assert caller is not None  # the goal parser and the position require a call
            lit = self.partner(seats[0] if a.name == "partner" else caller)
            self._project([lit])
            return lit
        if a.side is not None and a.side.role is not None:
            return self._side_atom(a)
        if a.name == "wins":
            if a.trick is None:
                lits = [self.lead[t + 1][p] for t in range(self.T) for p in range(n)]
                self._project(lits)
                if self.rules.hidden_teams:
                    return self.side_made(a.side)
                return self.deal_won(self.team_of(a.side))
            lits = [self.lead[a.trick + 1][p] for p in seats]
            self._project([self.play[c][a.trick][k] for c in self.cards for k in range(n)])
        elif a.name == "leads":
            lits = [self.lead[a.trick][p] for p in seats]
        elif a.name == "plays":
            if a.trick is None:
                lits = [self.owner[a.card][p] for p in seats]
            else:
                lits = [cp.and_(self.owner[a.card][p], self.intrick[a.card][a.trick]) for p in seats]
                self._project([self.play[c][a.trick][k] for c in self.cards for k in range(n)])
        elif a.name == "holds":
            lits = [self.holds(a.card, p, a.trick) for p in seats]
        elif a.name == "draws":
            lits = [self.draws(a.card, p, a.trick) for p in seats]
        elif a.name == "stock":
            lits = [self.stock[a.card][a.index]]
        elif a.name == "trump":
            lits = [self.trump[a.suit]] if a.suit in self.trump else [False]
        elif a.name == "led":  # first-order atoms (aceten.logic.fol)
            lits = [self.led[a.trick][a.suit]]
        elif a.name == "in":
            lits = [self.intrick[a.card][a.trick]]
        elif a.name == "takes":
            lits = [self.best(a.trick, n)[a.card]]
        else:  # pragma: no cover - the parser checks
            raise AcetenError(f"unknown atom {a.name}")
        self._project(lits)
        return cp.or_(*lits)

    def _side_atom(self, a: g.Atom) -> Lit:
        """An atom of a hidden team's side: some seat on the side makes it true."""
        assert a.side is not None
        if a.name == "wins" and a.trick is None:
            self._project([self.lead[t + 1][p] for t in range(self.T) for p in range(self.n)])
            return self.side_made(a.side)
        parts = []
        for p, member in self.members(a.side):
            one = g.Atom(a.name, g.Side((p,), f"P{p + 1}"), a.card, a.trick, a.index, a.suit, a.text)
            parts.append(self.cp.and_(member, self.atom(one)))
        return self.cp.or_(*parts)

    def formula(self, f: g.Formula) -> Lit:
        """A literal equivalent to the formula."""
        cp = self.cp
        if isinstance(f, g.Const):
            return f.value
        if isinstance(f, g.Atom):
            return self.atom(f)
        if isinstance(f, g.Compare):
            expr = self.linear(f.left) - self.linear(f.right)
            return cp.reify(_cmp(expr, f.op), _cmp(expr, _NEGATED[f.op]), "cmp")
        if f.op == "not":
            return cp.not_(self.formula(f.args[0]))
        parts = [self.formula(a) for a in f.args]
        if f.op == "and":
            return cp.and_(*parts)
        if f.op == "or":
            return cp.or_(*parts)
        if f.op == "implies":
            return cp.or_(cp.not_(parts[0]), parts[1])
        if f.op == "iff":
            a, b = parts
            return cp.or_(cp.and_(a, b), cp.and_(cp.not_(a), cp.not_(b)))
        raise AcetenError(f"unknown connective {f.op}")  # pragma: no cover

    def assert_formula(self, f: g.Formula) -> None:
        """Require ``f`` in the current group (comparisons directly, others as a literal)."""
        cp = self.cp
        if isinstance(f, g.Compare):
            expr = self.linear(f.left) - self.linear(f.right)
            cp.linear(_cmp(expr, f.op))
            return
        if isinstance(f, g.Op) and f.op == "not" and isinstance(f.args[0], g.Compare):
            inner = f.args[0]
            expr = self.linear(inner.left) - self.linear(inner.right)
            cp.linear(_cmp(expr, _NEGATED[inner.op]))
            return
        if isinstance(f, g.Op) and f.op == "and":
            for part in f.args:
                self.assert_formula(part)
            return
        cp.fix(self.formula(f))

    def add_goal(self, goal: g.Goal) -> None:
        """Require the goal's condition, one group per top-level conjunct."""
        for i, part in enumerate(goal.conjuncts):
            with self.cp.group(("goal", i), f"goal: {part.text}", "goal"):
                self.assert_formula(part)

    # -- reading a solution -------------------------------------------------------------------------------
    def solution(self, solver: Any) -> Solution:
        cp, n, C = self.cp, self.n, self.cards

        def on(lit: Lit) -> bool:
            return cp.value(solver, lit)

        hands = [[c for c in C if on(self.dealt[c][p])] for p in range(n)]
        stock = [next(c for c in C if on(self.stock[c][j])) for j in range(self.S)]
        tricks = [[next(c for c in C if on(self.play[c][t][k])) for k in range(n)]
                  for t in range(self.T)]
        leaders = [next(p for p in range(n) if on(self.lead[t][p])) for t in range(self.T + 1)]
        trump = next((s for s, lit in self.trump.items() if on(lit)), None)
        exchanges: list[tuple[int, int, Card]] = []
        if self.exchanges:
            for rank, rows in ((self.low_first, self.x7), (self.low_second, self.x2)):
                for s, row in rows.items():
                    for t, x in enumerate(row):
                        if on(x):
                            card = Card(rank, s)
                            seat = next(p for p in range(n) if on(self.io[card][p]))
                            exchanges.append((t, seat, card))
            exchanges.sort(key=lambda e: (e[0], (e[1] - leaders[e[0]]) % n, e[2].rank != self.low_first))
        declarer = None
        if self.rules.trump_mode == "called":
            declarer = next(p for p in range(n) if on(self.declarer[p]))
        call = None
        if self.pos.call_options:
            _, enc = self._called_partner
            call = next(c for c, lit in enc.calls.items() if on(lit))
        return Solution(hands, stock, tricks, leaders, exchanges, trump, declarer, call)

    # -- describing the model -----------------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """Propositions and constraint groups with counts, for ``--show-model``."""
        variables, constraints = self.cp.counts()
        groups = [{"kind": grp.kind, "text": grp.text, "constraints": grp.count,
                   "forms": grp.forms} for grp in self.cp.groups.values() if grp.text]
        return {
            "propositions": [{"name": name, "meaning": meaning, "count": count}
                             for name, meaning, count in self.props],
            "groups": groups,
            "auxiliary_definitions": self.cp.definitions,
            "variables": variables,
            "constraints": constraints,
        }


_NEGATED = {">=": "<", "<=": ">", "==": "!=", "!=": "==", ">": "<=", "<": ">="}


def _cmp(expr: Any, op: str) -> Any:
    if op == ">=":
        return expr >= 0
    if op == "<=":
        return expr <= 0
    if op == "==":
        return expr == 0
    if op == "!=":
        return expr != 0
    if op == ">":
        return expr >= 1
    if op == "<":
        return expr <= -1
    raise AcetenError(f"unknown comparison {op}")
