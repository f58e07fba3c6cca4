"""Witnesses: a solver's solution replayed through the engine, checked, and shown.

A witness is never shown unless the engine accepts every move of it and the goal, evaluated on
the replayed game with plain Python, is true. A mismatch is a bug of the encoding and raises
:class:`EncodingMismatch` (not an ``AcetenError``: it must fail loudly).
"""

from __future__ import annotations

from typing import Any

from aceten.errors import AcetenError
from aceten.game import Deal, Game
from aceten.logic import goal as g
from aceten.logic.model import Solution
from aceten.logic.position import Position
from aceten.logic.trace import Trace
from aceten.moves import CallCard, Exchange, TrumpCall


class EncodingMismatch(AssertionError):
    """The solver's solution and the engine disagree: a bug in aceten.logic."""


def replay(position: Position, sol: Solution) -> Game:
    """Play the solution through the engine (every move checked by the engine)."""
    rules = position.rules
    deal = Deal(tuple(tuple(h) for h in sol.hands), tuple(sol.stock))
    try:
        game = Game(rules, deal=deal)
        for move in position.prelude:  # an auction and its call
            game.push(move)
        if sol.call is not None:  # the model chose the call
            game.push(CallCard(sol.call))
        if game.phase == "call":
            if sol.trump is None or sol.declarer is None:
                raise EncodingMismatch("no trump call in the solution")
            seat = game.to_move
            while seat != sol.declarer:
                game.push(TrumpCall(None))
                seat = game.to_move
            game.push(TrumpCall(sol.trump))
        swaps = list(sol.exchanges)
        for t, cards in enumerate(sol.tricks):
            if game.leader != sol.leaders[t]:
                raise EncodingMismatch(f"trick {t + 1}: the engine has P{game.leader + 1} lead, "
                                       f"the model P{sol.leaders[t] + 1}")
            for card in cards:
                seat = game.to_move
                while swaps and swaps[0][0] == t and swaps[0][1] == seat:
                    game.push(Exchange(swaps.pop(0)[2]))
                game.push(card)
        if swaps:
            raise EncodingMismatch(f"exchanges left unplayed: {swaps}")
    except AcetenError as err:
        raise EncodingMismatch(f"the engine rejects the solver's witness: {err}") from None
    winners = [t.winner for t in game.tricks]
    if winners != sol.leaders[1:]:
        raise EncodingMismatch(f"trick winners differ: engine {winners}, model {sol.leaders[1:]}")
    return game


def check(position: Position, goal: g.Goal, sol: Solution, value: int | None = None) -> Trace:
    """Replay and check a solution: the goal holds, and an objective has the solver's value."""
    game = replay(position, sol)
    trace = Trace.of(game)
    if not trace.holds_formula(goal.formula):
        raise EncodingMismatch(f"the goal {goal.text!r} is false in the replayed witness")
    if goal.objective is not None and value is not None:
        got = trace.linear(goal.objective)
        if got != value:
            raise EncodingMismatch(f"the objective is {got} in the replayed witness, the solver "
                                   f"says {value}")
    return trace


# -- showing ----------------------------------------------------------------------------------------
def lines(trace: Trace, position: Position, *, symbols: bool = False) -> list[str]:
    """The witness trick by trick: who led, the cards, who won, running counts."""
    from aceten.show import text as display

    game = trace.game
    rules = game.rules
    n = rules.players
    out = []
    deal = game.deal
    out.append("deal: " + "  ".join(f"P{p + 1} {display.cards_text(deal.hands[p], symbols)}"
                                    for p in range(n)))
    if deal.stock:
        out.append("stock (drawing order): " + display.cards_text(deal.stock, symbols))
    trump = game.trump
    how = {"turned": f"the face-up {deal.stock[-1]}" if deal.stock else "",
           "given": "given", "first-lead": "the first card led", "called": ""}.get(rules.trump_mode, "")
    if rules.trump_mode == "called" and game.declarer is not None:
        how = f"called by P{game.declarer + 1}"
    out.append(f"trump: {trump.name if trump is not None else '?'}" + (f" ({how})" if how else ""))
    if game.called_card is not None and game.declarer is not None and game.partner is not None:
        side = ("alone" if game.partner == game.declarer
                else f"partner P{game.partner + 1}, who holds it")
        out.append(f"call: P{game.declarer + 1} called {game.called_card} for {game.contract} "
                   f"({side})")
    tricks = [0] * n
    points = [0] * n
    draws_by_trick: dict[int, list[str]] = {}
    for seat, card, t in trace.draws:
        draws_by_trick.setdefault(t, []).append(f"P{seat + 1} {card}")
    swaps_by_trick: dict[int, list[str]] = {}
    for t, seat, card in trace.exchanges:
        swaps_by_trick.setdefault(t, []).append(f"P{seat + 1} swaps {card}")
    width = len(str(len(trace.tricks)))
    for trick in trace.tricks:
        t = trick.number - 1
        tricks[trick.winner] += 1
        points[trick.winner] += trick.points
        cards = "  ".join(f"P{s + 1} {display.card_text(c, symbols)}" for s, c in trick)
        extra = f" +{trick.bonus} bonus" if trick.bonus else ""
        line = (f"{trick.number:>{width}}. P{trick.leader + 1} leads: {cards}  -> P{trick.winner + 1} "
                f"wins {trick.points}{extra}")
        out.append(line)
        notes = []
        if t in swaps_by_trick:
            notes.append("exchange: " + ", ".join(swaps_by_trick[t]))
        if t in draws_by_trick:
            notes.append("draws: " + ", ".join(draws_by_trick[t]))
        notes.extend(trick.notes)
        counts = "tricks " + " ".join(f"P{p + 1}:{tricks[p]}" for p in range(n))
        counts += " | points " + " ".join(f"P{p + 1}:{points[p]}" for p in range(n))
        out.append(" " * (width + 2) + counts + ("; " + "; ".join(notes) if notes else ""))
    for kind, who, what in game.log:
        if kind == "bonus" and who is not None:  # a bonus always names its seat
            out.append(f"bonus: P{who + 1} {what[1]}")
    if trace.outcome is not None:
        out.append("result: " + trace.outcome.result
                   + (f" ({'; '.join(trace.outcome.notes)})" if trace.outcome.notes else ""))
    return out


def as_data(trace: Trace) -> dict[str, Any]:
    from aceten import record
    from aceten.logic.trace import summary

    game = trace.game
    return {
        "deal": {"hands": [[str(c) for c in h] for h in game.deal.hands],
                 "stock": [str(c) for c in game.deal.stock]},
        "trump": game.trump.letter if game.trump is not None else None,
        **summary(trace),
        "tgn": record.dumps(game),
    }
