"""Solution hints for CP-SAT from quick engine playouts.

Before solving, a few random deals consistent with the position are played out at random by
the engine (following the history). The best game for the goal — one meeting the condition,
with the highest objective — is given to CP-SAT as a hint: a complete, legal assignment of the
model's main propositions that the solver can start from. A hint never decides an answer: the
solver still proves optimality or finds its own witness, which is replayed as always.
"""

from __future__ import annotations

import random
import time
from typing import Any

from aceten.cards import Card, Rank
from aceten.errors import AcetenError
from aceten.game import Deal, Game
from aceten.logic import goal as g
from aceten.logic.position import Play, Position, Swap
from aceten.logic.trace import Recorder, Trace
from aceten.moves import CallCard, Exchange, TrumpCall


def _random_deal(position: Position, rng: random.Random) -> Deal:
    rules = position.rules
    known = {c for h in position.hands for c in h} | {c for c in position.stock if c is not None}
    free = [c for c in rules.deck if c not in known]
    rng.shuffle(free)
    hands = []
    for hand in position.hands:
        need = rules.hand_size - len(hand)
        hands.append(tuple(hand) + tuple(free[:need]))
        free = free[need:]
    stock = [c if c is not None else free.pop() for c in position.stock]
    return Deal(tuple(hands), tuple(stock))


def _playout(position: Position, rng: random.Random) -> Trace | None:
    """A random playout of a random deal consistent with the position, as a trace (None when
    the deal does not fit the history). Its moves are noted as they are made (a
    :class:`~aceten.logic.trace.Recorder`): no replay per playout."""
    rules = position.rules
    game = Game(rules, deal=_random_deal(position, rng))
    recorder = Recorder()
    try:
        for move in position.prelude:  # an auction and its call
            recorder.push(game, move)
        while game.phase == "call-card":  # the call is the question's: any card it may call
            recorder.push(game, CallCard(rng.choice(position.call_options)))
        for call in position.calls:
            recorder.push(game, TrumpCall(call))
        while game.phase == "call":
            recorder.push(game, rng.choice(game.legal_moves()))
        for event in position.history:
            if isinstance(event, Swap):
                recorder.push(game, Exchange(event.card))
            elif isinstance(event, Play):
                if event.card is not None:
                    recorder.push(game, event.card)
                else:
                    cards = [m for m in game.legal_moves() if isinstance(m, Card)]
                    recorder.push(game, rng.choice(cards))
    except AcetenError:
        return None  # this deal does not fit the history
    while not game.is_over():
        recorder.push(game, rng.choice(game.legal_moves()))
    return recorder.trace(game)


def best_playout(position: Position, goal: g.Goal, *, seconds: float | None = 0.25,
                 playouts: int = 150, seed: int = 0) -> Trace | None:
    """The best of random playouts for the goal, within ``seconds`` (None: no time limit, so
    the same playouts on a busy machine) and ``playouts`` (None if none meets the goal's
    condition)."""
    rng = random.Random(seed)
    best: tuple[int, Trace] | None = None
    deadline = None if seconds is None else time.perf_counter() + seconds
    misses = 0
    for _ in range(playouts):
        if deadline is not None and time.perf_counter() > deadline:
            break
        trace = _playout(position, rng)
        if trace is None:
            misses += 1
            if misses > 50:
                return None
            continue
        if not trace.holds_formula(goal.formula):
            continue
        if goal.objective is None:
            return trace
        value = trace.linear(goal.objective)
        if goal.sense == "minimize":
            value = -value
        if best is None or value > best[0]:
            best = (value, trace)
    return best[1] if best is not None else None


def add_hint(model: Any, trace: Trace) -> None:
    """Hint the model's main propositions with the values of a replayed game."""
    cm = model.cp.model
    game = trace.game
    deal = game.deal
    n = model.n

    def hint(lit: Any, value: bool) -> None:
        if not isinstance(lit, bool):
            cm.add_hint(lit, value)

    for p, hand in enumerate(deal.hands):
        for c in model.cards:
            hint(model.dealt[c][p], c in hand)
    for j, card in enumerate(deal.stock):
        for c in model.cards:
            hint(model.stock[c][j], c == card)
    played_by = {}
    for trick in trace.tricks:
        for k, (seat, card) in enumerate(trick):
            played_by[card] = seat
            for c in model.cards:
                hint(model.play[c][trick.number - 1][k], c == card)
    for c in model.cards:
        for p in range(n):
            hint(model.owner[c][p], played_by.get(c) == p)
    leaders = [t.leader for t in trace.tricks] + [trace.tricks[-1].winner]
    for t, leader in enumerate(leaders):
        for p in range(n):
            hint(model.lead[t][p], p == leader)
    for s, lit in model.trump.items():
        hint(lit, game.trump == s)
    if model.exchanges:
        done = {(card.rank, card.suit): t for t, _, card in trace.exchanges}
        for rank, rows in ((Rank.SEVEN, model.x7), (Rank.TWO, model.x2)):
            for s, row in rows.items():
                for t, x in enumerate(row):
                    hint(x, done.get((rank, s)) == t)
