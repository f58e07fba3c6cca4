"""Why a seat knows a fact: the events and the rules behind it, in words.

An explanation follows the shape of the fact. A card's place is explained by what was seen
(the seat's own cards, plays, the face-up trump) or, for a hidden card, place by place: each of
a player's slots filled before a play that the rules forbade with this card in hand is ruled out
by that play ("P3 did not follow clubs at trick 4 ('must follow clubs'), so P3 held no club
then"); slots filled later (draws) need reasons of their own, or the fact is not known — the
explanation then says so ("P3 has drawn 2 unseen cards since"). When single cards do not settle
it, the reason is counting: the cards left cannot fill the other places.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aceten.cards import Card, Suit
from aceten.knowledge.facts import (
    And,
    Answer,
    Const,
    Formula,
    Holds,
    InStock,
    Knows,
    Not,
    Or,
    Possible,
    Void,
    big,
)
from aceten.knowledge.history import STOCK, CardInfo, Constraint, Group

if TYPE_CHECKING:
    from aceten.knowledge.knowledge import Knowledge


@dataclass
class Explanation:
    """An answer and the reasons behind it, one line each."""

    answer: Answer
    lines: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join([str(self.answer), *("  " + line for line in self.lines)])

    def as_dict(self) -> dict[str, object]:
        return {**self.answer.as_dict(), "because": list(self.lines)}


def explain(kn: Knowledge, fact: str | Formula) -> Explanation:
    from aceten.knowledge.evaluate import bind

    f = bind(kn, fact)
    answer = kn.ask(fact)
    ex = Explanation(answer)
    ex.lines += _teams_line(kn, fact)
    why = _Why(kn)
    if answer.value is None:
        ex.lines += why.unsettled(f)
    elif answer.value is True:
        ex.lines += why.true(f)
    else:
        ex.lines += why.true(_neg(f))
    ex.lines = list(dict.fromkeys(line for line in ex.lines if line))
    return ex


def _teams_line(kn: Knowledge, fact: str | Formula) -> list[str]:
    """How a query about a hidden team was read: the called card's holder is the partner."""
    from aceten.knowledge.facts import Alone, KnowsPartner, Partner, SameSide
    from aceten.knowledge.query import parse_query

    teams = kn.teams
    if teams is None or teams.caller is None or teams.card is None:
        return []
    f = parse_query(fact, kn.rules) if isinstance(fact, str) else fact
    if not any(isinstance(g, (Partner, SameSide, Alone, KnowsPartner)) for g in f.walk()):
        return []
    caller = _who(teams.caller)
    if teams.holder is not None:
        return [f"{caller} called {teams.card}; {_who(teams.holder)} played it: the teams are "
                "public"]
    return [f"{caller} called {teams.card}: its holder is {caller}'s partner ({caller} itself: "
            "alone); a partner fact is a fact about where that card is"]


def _neg(f: Formula) -> Formula:
    return f.arg if isinstance(f, Not) else Not(f)


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _who(seat: int) -> str:
    return f"P{seat + 1}"


class _Why:
    def __init__(self, kn: Knowledge):
        self.kn = kn
        self.tl = kn.timeline
        self.p = kn.problem
        self.me = kn.seat

    # -- known facts ------------------------------------------------------------------------------
    def true(self, f: Formula) -> list[str]:
        """Reasons for a fact the seat knows to be true."""
        if isinstance(f, Not) and isinstance(f.arg, Not):
            return self.true(f.arg.arg)
        if isinstance(f, And):
            return [line for part in f.args for line in self.true(part)]
        if isinstance(f, Or):
            for part in f.args:
                if self.kn.ask(part).value is True:
                    return self.true(part)
            return [f"in every deal {_who(self.me)} considers possible one of them holds "
                    f"(checked over {big(self.kn.count().deals)} deals)"]
        if isinstance(f, Not) and isinstance(f.arg, (And, Or)):
            parts = f.arg.args
            flipped = Or(tuple(_neg(a) for a in parts)) if isinstance(f.arg, And) else \
                And(tuple(_neg(a) for a in parts))
            return self.true(flipped)
        if isinstance(f, Holds):
            return self.at(f.card, f.seat)  # type: ignore[arg-type]
        if isinstance(f, Not) and isinstance(f.arg, Holds):
            return self.not_at(f.arg.card, f.arg.seat)  # type: ignore[arg-type]
        if isinstance(f, InStock):
            return self.at(f.card, STOCK)  # type: ignore[arg-type]
        if isinstance(f, Not) and isinstance(f.arg, InStock):
            return self.not_at(f.arg.card, STOCK)  # type: ignore[arg-type]
        if isinstance(f, Void):
            return self.void(f.seat, f.suit)  # type: ignore[arg-type]
        if isinstance(f, Not) and isinstance(f.arg, Void):
            return self.has_suit(f.arg.seat, f.arg.suit)  # type: ignore[arg-type]
        if isinstance(f, Const):
            return []
        return self.modal(f)

    def modal(self, f: Formula) -> list[str]:
        answer = self.kn.ask(f)
        lines = []
        target = f.arg if isinstance(f, Not) else f
        if isinstance(target, (Knows, Possible)) and target.seat != self.me and not target.arg.modal:
            verb = "knows" if isinstance(target, Knows) else "considers possible"
            lines.append(f"{_who(target.seat)} {verb} {target.arg} exactly when, among the deals of "
                         f"the public history in which {_who(target.seat)} holds the cards it holds, "
                         f"{'all' if isinstance(target, Knows) else 'some'} have it")
            inner = self.kn.public().ask(target.arg)
            if inner.value is not None:
                lines.append(f"every deal of the public history has {target.arg} "
                             f"{'true' if inner.value else 'false'}, so every seat knows it")
        if answer.method == "classes":
            lines.append(f"decided for every hand {_who(self.me)} thinks possible for the other seat "
                         f"(hands of interchangeable cards taken together), over "
                         f"{big(answer.total)} deals")
        elif answer.method == "kripke" and answer.model_worlds is not None:
            lines.append(f"decided on the explicit Kripke model of the public history "
                         f"({big(answer.model_worlds)} worlds)")
        return lines

    def has_suit(self, seat: int, suit: Suit) -> list[str]:
        for card in self.tl.cards:
            if card.suit == suit and self.kn.ask(Holds(seat, card)).value is True:
                return [f"{_who(seat)} holds {card}:", *self.at(card, seat)]
        return [f"{_who(seat)} must hold a {suit.name} card: in every consistent deal the "
                f"{suit.name} cards left cannot all be placed elsewhere"]

    def void(self, seat: int, suit: Suit) -> list[str]:
        lines: list[str] = []
        hidden = []
        for card in sorted(self.tl.cards):
            if card.suit != suit:
                continue
            loc = self.tl.location(card)
            if loc is None:
                hidden.append(card)
        seen = [c for c in sorted(self.tl.cards) if c.suit == suit and c not in hidden]
        if seen:
            lines.append(self._seen_summary(seen, seat))
        if hidden:
            lines += self._grouped_not_at(hidden, seat)
        return lines

    def _seen_summary(self, cards: list[Card], seat: int) -> str:
        by_place: dict[object, list[Card]] = {}
        for c in cards:
            by_place.setdefault(self.tl.location(c), []).append(c)
        parts = []
        for loc, group in by_place.items():
            names = " ".join(map(str, group))
            verb = "is" if len(group) == 1 else "are"
            if loc == "played":
                parts.append(f"{names} {'has' if len(group) == 1 else 'have'} been played")
            else:
                parts.append(f"{names} {verb} {self._place(loc)}")
        return "; ".join(parts)

    def _place(self, loc: object) -> str:
        if loc == STOCK:
            return "face up under the stock"
        if loc == self.me:
            return f"in {_who(self.me)}'s own hand"
        if isinstance(loc, int):
            return f"with {_who(loc)} (seen)"
        return str(loc)

    # -- one card ---------------------------------------------------------------------------------
    def at(self, card: Card, seat: int) -> list[str]:
        """Why ``card`` is known to be at ``seat`` (STOCK: in the stock)."""
        info = self.tl.cards[card]
        loc = self.tl.location(card)
        if loc is not None:
            return [self._seen(info, loc)]
        lines = []
        others = [s for s in range(self.tl.n) if s != seat]
        for other in others:
            if other == self.me:
                lines.append(f"{card} is not in {_who(self.me)}'s own hand")
            elif self.p.location_index(other) is None:
                lines.append(f"every card {_who(other)} holds is known")
            else:
                lines += self.not_at(card, other)
        if seat != STOCK:
            if self.tl.stock_hidden:
                lines += self.not_at(card, STOCK)
            elif self.tl.stock_total:
                face = self.tl.face_up
                lines.append("the stock is empty" if not self.tl.stock_left else
                             f"the stock holds only the face-up {face}")
        place = "the stock" if seat == STOCK else _who(seat)
        lines.append(f"so {card} can only be with {place}")
        return lines

    def _seen(self, info: CardInfo, loc: object) -> str:
        card = info.card
        if loc == "played" and info.played is not None:
            who, _, trick = info.played
            return f"{_who(who)} played {card} at trick {trick}"
        if loc == STOCK:
            return f"{card} lies face up under the stock"
        if loc == self.me:
            return f"{card} is in {_who(self.me)}'s own hand"
        how = {"dealt open": "was dealt open", "drew": "drew it", "turned up": "took the turned-up card"}
        if isinstance(loc, int):
            if info.origin_how in how and info.origin == loc:
                return f"{_who(loc)} {how[info.origin_how]}: {card}"
            return f"{_who(loc)} took {card} face up (the last card of the stock or an exchange)"
        return f"{card}: {loc}"

    def not_at(self, card: Card, seat: int) -> list[str]:
        """Why ``card`` is known not to be at ``seat`` (STOCK: not in the stock)."""
        info = self.tl.cards[card]
        loc = self.tl.location(card)
        if loc is not None:
            return [self._seen(info, loc)]
        return self._grouped_not_at([card], seat)

    def _grouped_not_at(self, cards: list[Card], seat: int) -> list[str]:
        """Reasons, shared between cards where they coincide, why none of ``cards`` is at ``seat``."""
        by_reason: dict[tuple[str, ...], list[Card]] = {}
        for card in cards:
            by_reason.setdefault(tuple(self._card_not_at(card, seat)), []).append(card)
        lines = []
        for reasons, group in by_reason.items():
            names = " ".join(map(str, group))
            for r in reasons:
                lines.append(r.replace("{cards}", names))
        return lines

    def _card_not_at(self, card: Card, seat: int) -> list[str]:
        info = self.tl.cards[card]
        if seat == STOCK:
            for c in info.constraints:
                if c.held:
                    return [self._constraint_text(c, "{cards}")]
            if not self.tl.stock_hidden:
                return ["no unseen card is left in the stock"]
            return self._counting(card, seat)
        if self.p.location_index(seat) is None:
            if seat == self.me:
                return [f"{{cards}}: not in {_who(seat)}'s own hand"]
            return [f"every card {_who(seat)} holds is known"]
        mask = self.tl.allowed(info)
        groups = [self.tl.groups[g] for g in self.tl.seat_groups[seat] if self.tl.groups[g].cap]
        open_groups = [g for g in groups if mask >> g.index & 1]
        for c in info.constraints:
            if c.held and c.seat != seat:
                return [self._constraint_text(c, "{cards}") + f", so not with {_who(seat)}"]
        excl = [c for c in info.constraints if not c.held and c.seat == seat]
        lines = []
        if excl:
            last = max(excl, key=lambda c: c.time)
            lines.append(self._constraint_text(last, "{cards}"))
            later = [g for g in groups if g.time > last.time]
            seen_later = [(who, cd) for (who, grp, cd), t in zip(self.tl.draw_log, self.tl.draw_times)
                          if who == seat and grp is None and cd is not None and t > last.time]
            if not later and seen_later:
                drawn = " ".join(str(cd) for _, cd in seen_later)
                lines.append(f"since then {_who(seat)} has drawn only {drawn}, seen by all")
            elif not later and self.tl.stock_total:
                lines.append(f"{_who(seat)} has drawn no card since")
        if not open_groups:
            return lines or [f"{{cards}} cannot have come to {_who(seat)}"]
        return lines + self._after(open_groups, seat) + self._counting(card, seat)

    def _after(self, open_groups: list[Group], seat: int) -> list[str]:
        draws = [g for g in open_groups if g.kind == "draw"]
        if not draws:
            return []
        tricks = ", ".join(str(g.trick) for g in draws)
        return [f"{_who(seat)} has drawn {len(draws)} unseen card{'s' if len(draws) > 1 else ''} since "
                f"(after trick{'s' if len(draws) > 1 else ''} {tricks}) that could be {{cards}}"]

    def _constraint_text(self, c: Constraint, cards: str) -> str:
        who = _who(c.seat)
        if c.why == "scored a lead bonus":
            return f"{who} led {c.play} at trick {c.trick} and scored a bonus, so held {cards} then"
        if c.why == "scored no lead bonus":
            return f"{who} led {c.play} at trick {c.trick} and scored no bonus, so held no {cards} then"
        led = f" to a {c.led.name} lead" if c.led is not None else ""
        return (f"at trick {c.trick} {who} played {c.play}{led}; with {cards} in hand the rules "
                f"('{c.why}') would have forbidden it, so {who} held no {cards} then")

    def _counting(self, card: Card, seat: int) -> list[str]:
        """A counting reason: with ``card`` at ``seat`` some places could not be filled."""
        p = self.p
        loc = p.location_index(seat) if seat != STOCK else len(p.caps) - 1
        if loc is None:
            return []
        allowed = {c: set(p.locations_of(m)) for c, m in p.free.items()}
        if card not in allowed or loc not in allowed[card]:
            return []
        allowed[card] = {loc}
        caps = list(p.caps)
        nloc = len(caps)
        for size in range(1, nloc):
            for subset in _subsets(range(nloc), size):
                need = sum(caps[i] for i in subset)
                can = [c for c, locs in allowed.items() if locs & set(subset)]
                must = [c for c, locs in allowed.items() if locs <= set(subset)]
                names = " and ".join(self._loc_name(i) for i in subset)
                if len(can) < need:
                    which = (f"only {len(can)} can be there ({' '.join(str(c) for c in sorted(can))})"
                             if can else "none of the unseen cards can be there")
                    return [f"if {card} were {self._loc_phrase(loc)}, {names} would need "
                            f"{_n(need, 'unseen card')} but {which}"]
                if len(must) > need:
                    return [f"if {card} were {self._loc_phrase(loc)}, the {len(must)} cards that can only "
                            f"be with {names} ({' '.join(str(c) for c in sorted(must))}) would not fit "
                            f"in {_n(need, 'unseen place')}"]
        return [f"no consistent deal has {card} {self._loc_phrase(loc)} (counting the arrangements "
                f"of every seat's slots)"]

    def _loc_name(self, i: int) -> str:
        seat = self.p.loc_seat[i]
        return "the stock" if seat == STOCK else _who(seat)

    def _loc_phrase(self, i: int) -> str:
        seat = self.p.loc_seat[i]
        return "in the stock" if seat == STOCK else f"with {_who(seat)}"

    # -- unsettled facts ---------------------------------------------------------------------------
    def unsettled(self, f: Formula) -> list[str]:
        """What the seat does know about a fact it cannot decide."""
        lines: list[str] = []
        atoms = [g for g in f.walk() if isinstance(g, (Holds, Void))]
        for atom in atoms[:4]:
            if isinstance(atom, Void):
                for c in sorted(self.tl.cards):
                    if c.suit != atom.suit or self.tl.location(c) is not None:
                        continue
                    excl = [k for k in self.tl.cards[c].constraints if not k.held and k.seat == atom.seat]
                    if excl:
                        last = max(excl, key=lambda k: k.time)
                        lines.append(self._constraint_text(last, atom.suit.name))  # type: ignore[union-attr]
                        info = self.tl.cards[c]
                        groups = [self.tl.groups[g] for g in self.tl.seat_groups[atom.seat]
                                  if self.tl.groups[g].cap and self.tl.allowed(info) >> g & 1]
                        lines += [line.replace("{cards}", f"a {atom.suit.name} card")  # type: ignore[union-attr]
                                  for line in self._after(groups, atom.seat)]
                        break
            prob = self.kn.ask(atom).probability
            lines.append(f"{atom}: probability {float(prob):.3f} ({prob})")
        return lines


def _subsets(items: range, size: int):  # type: ignore[no-untyped-def]
    import itertools

    return itertools.combinations(items, size)
