"""What happened in a finished (or partial) game, read from the engine, and goals judged on it.

This is the independent check of every answer: a witness is replayed through the engine into a
:class:`Trace`, and the goal is evaluated on the trace with plain Python — no solver involved.
The exhaustive searches of the tests use the same evaluation on every game they enumerate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aceten.cards import Card
from aceten.errors import AcetenError
from aceten.game import Game, Outcome, Trick
from aceten.logic import goal as g
from aceten.moves import Exchange


@dataclass(frozen=True)
class Trace:
    """A replayed deal: its tricks, each player's hand when their turn in each trick began
    (before any exchange), the draws (seat, card, trick), the exchanges and the outcome."""

    game: Game
    tricks: tuple[Trick, ...]
    hands_at: dict[tuple[int, int], int]  # (trick, seat) -> hand mask
    draws: tuple[tuple[int, Card, int], ...]
    exchanges: tuple[tuple[int, int, Card], ...]  # (trick, seat, card given up)
    outcome: Outcome | None

    @classmethod
    def of(cls, game: Game) -> Trace:
        """Replay ``game``'s moves from its deal, noting hands at each turn."""
        replay = Game(game.rules, seed=game.seed, deal=game.deal)
        recorder = Recorder()
        for move in game.moves:
            recorder.push(replay, move)
        return recorder.trace(replay)

    # -- numbers and conditions -------------------------------------------------------------------
    def seats(self, side: g.Side) -> tuple[int, ...]:
        """The seats of a side in this deal (a hidden team's side as the engine formed it)."""
        if side.role is None:
            return side.seats
        game = self.game
        if game.declarer is None or game.partner is None:
            raise AcetenError(f"{side.label}: no card has been called in this deal")
        mine = {game.declarer, game.partner}
        return tuple(p for p in side.seats if (p in mine) == (side.role == "caller"))

    def number(self, term: g.Term) -> int:
        game = self.game
        seats = self.seats(term.side)
        if term.name == "tricks":
            return sum(game.tricks_won[p] for p in seats)
        if term.name == "points":
            return sum(game.points[p] for p in seats)
        if term.name == "bonus":
            return sum(game.bonus[p] for p in seats)
        if term.name == "score":
            if self.outcome is None:
                raise AcetenError("score needs a finished deal")
            return self.outcome.scores[game.rules.seat_team[seats[0]]]
        raise AcetenError(f"unknown number {term.name}")

    def linear(self, lin: g.Linear) -> int:
        return lin.const + sum(coef * self.number(term) for coef, term in lin.terms)

    def atom(self, a: g.Atom) -> bool:
        game = self.game
        seats = self.seats(a.side) if a.side is not None else ()
        if a.name == "called":
            return game.called_card == a.card
        if a.name == "partner":
            return game.partner == seats[0]
        if a.name == "alone":
            return game.partner is not None and game.partner == game.declarer
        if a.name == "wins":
            if a.trick is None:
                if self.outcome is None:
                    return False
                if a.side is not None and a.side.role is not None:  # the caller's team, or not
                    caller = next(i for i, t in enumerate(self.outcome.teams) if game.declarer in t)
                    won = self.outcome.winner == caller
                    return won if a.side.role == "caller" else self.outcome.winner not in (None, caller)
                team = next(i for i, t in enumerate(self.outcome.teams) if seats[0] in t)
                return self.outcome.winner == team
            return a.trick < len(self.tricks) and self.tricks[a.trick].winner in seats
        if a.name == "leads":
            assert a.trick is not None  # the goal parser requires leads(X, trick=t)
            if a.trick < len(self.tricks):
                return self.tricks[a.trick].leader in seats
            return a.trick == len(self.tricks) and game.leader in seats
        if a.name == "plays":
            for trick in self.tricks:
                if a.trick is not None and trick.number != a.trick + 1:
                    continue
                if any(seat in seats and card == a.card for seat, card in trick):
                    return True
            return False
        if a.name == "holds":
            assert a.trick is not None and a.card is not None  # the parser requires both
            return any(self.hands_at.get((a.trick, p), 0) & a.card.bit for p in seats)
        if a.name == "draws":
            return any(seat in seats and card == a.card and (a.trick is None or t == a.trick)
                       for seat, card, t in self.draws)
        if a.name == "stock":
            assert a.index is not None  # the parser requires a stock position
            return game.deal.stock[a.index] == a.card
        if a.name == "trump":
            return game.trump == a.suit
        if a.name in ("led", "in", "takes"):  # first-order atoms (aceten.logic.fol)
            assert a.trick is not None  # fol builds these atoms with a trick
            if a.trick >= len(self.tricks):
                return False
            trick = self.tricks[a.trick]
            if a.name == "led":
                return trick.cards[0].suit == a.suit
            if a.name == "in":
                return a.card in trick.cards
            return dict((seat, card) for seat, card in trick).get(trick.winner) == a.card
        raise AcetenError(f"unknown atom {a.name}")

    def holds_formula(self, f: g.Formula) -> bool:
        """Whether the formula is true of this deal."""
        if isinstance(f, g.Const):
            return f.value
        if isinstance(f, g.Atom):
            return self.atom(f)
        if isinstance(f, g.Compare):
            return _compare(self.linear(f.left), f.op, self.linear(f.right))
        # each argument valued once: valued twice, a not within a not doubled the work at each
        # level (thirty of them took minutes)
        if f.op == "not":
            return not self.holds_formula(f.args[0])
        if f.op == "and":
            return all(self.holds_formula(a) for a in f.args)
        if f.op == "or":
            return any(self.holds_formula(a) for a in f.args)
        values = [self.holds_formula(a) for a in f.args]
        if f.op == "implies":
            return (not values[0]) or values[1]
        if f.op == "iff":
            return values[0] == values[1]
        raise AcetenError(f"unknown connective {f.op}")


class Recorder:
    """Notes what a :class:`Trace` needs while a game is played: each hand when its owner's turn
    in a trick begins, and the exchanges. A game played through :meth:`push` from its deal
    gives the trace :meth:`Trace.of` would give by replaying it, without the replay (the hint's
    playouts; a witness is still replayed by ``Trace.of``)."""

    __slots__ = ("exchanges", "hands_at")

    def __init__(self) -> None:
        self.hands_at: dict[tuple[int, int], int] = {}
        self.exchanges: list[tuple[int, int, Card]] = []

    def push(self, game: Game, move: Any) -> None:
        """Play ``move`` in ``game``, noting the hand to move first."""
        if game.phase == "play":
            key = (len(game.tricks), game.to_move)
            if key not in self.hands_at:
                self.hands_at[key] = game.hand(game.to_move).mask
            if isinstance(move, Exchange):
                self.exchanges.append((key[0], key[1], move.card))
        game.push(move)

    def trace(self, game: Game) -> Trace:
        """The trace of ``game``, every move of which went through :meth:`push`."""
        n = game.players
        draws = []
        plays = 0
        for kind, who, what in game.log:
            if kind == "play":
                plays += 1
            elif kind == "draw":
                assert who is not None
                draws.append((who, what, (plays - 1) // n))
        return Trace(game, tuple(game.tricks), self.hands_at, tuple(draws), tuple(self.exchanges),
                     game.outcome())


def _compare(left: int, op: str, right: int) -> bool:
    return {">=": left >= right, "<=": left <= right, "==": left == right, "!=": left != right,
            ">": left > right, "<": left < right}[op]


def summary(trace: Trace) -> dict[str, Any]:
    """The trace as plain data (for --json)."""
    game = trace.game
    return {
        "tricks": [{"number": t.number, "leader": f"P{t.leader + 1}",
                    "cards": [str(c) for c in t.cards],
                    "winner": f"P{t.winner + 1}", "points": t.points, "bonus": t.bonus}
                   for t in trace.tricks],
        "draws": [{"seat": f"P{s + 1}", "card": str(c), "trick": t + 1} for s, c, t in trace.draws],
        "exchanges": [{"seat": f"P{s + 1}", "card": str(c), "trick": t + 1}
                      for t, s, c in trace.exchanges],
        "points": list(game.points),
        "tricks_won": list(game.tricks_won),
        "bonus": list(game.bonus),
        "outcome": trace.outcome.as_dict() if trace.outcome else None,
    }
