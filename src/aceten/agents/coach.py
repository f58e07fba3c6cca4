"""A coach for people: the recommended move with a plain reason, and after the deal the moves
that cost the most points according to the double-dummy solver.

The hint is the move a bot would make in the person's seat (the same bot, the same seed: the
same move), so the coach is exactly as strong as that bot and explains itself with the bot's
``reason``.

    >>> import aceten
    >>> from aceten.agents.coach import Coach
    >>> game = aceten.new_game("briscola", players=2, seed=1)
    >>> hint = Coach("tactics", seed=1).hint(game.view(game.to_move))
    >>> hint.move in game.legal_moves()
    True

The review (:func:`review`) solves each of the seat's decisions with the cards as they really
lay (every hand open), so it tells what the move cost against perfect play of the cards as
dealt, not what was knowable at the time. It needs the search extra, and solves only
positions with few enough cards unplayed to answer in about a second (the same per-game
limits the pimc player searches from); earlier decisions are left out and counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aceten.agents.words import plural
from aceten.cards import Card

if TYPE_CHECKING:
    from aceten.agents.base import Agent
    from aceten.game import Game, PlayerView
    from aceten.moves import Move


@dataclass(frozen=True)
class Hint:
    """The recommended move, why in plain words, and the bot's technical detail."""

    move: Move
    reason: str
    detail: str


class Coach:
    """Recommends the move the named bot would make in the person's seat."""

    def __init__(self, bot: str = "", seed: int | None = None):
        from aceten import agents

        self.bot: Agent = agents.get(bot or agents.DEFAULT, seed=seed)

    def hint(self, view: PlayerView) -> Hint:
        move = self.bot.choose(view)
        return Hint(move, self.bot.reason, self.bot.detail)


@dataclass(frozen=True)
class Mistake:
    """One decision of the review: the move made, the solver's best, and the points lost."""

    trick: int      # 1-based number of the trick the move was made in
    played: Move
    best: Move
    lost: int       # points the seat's side ends the deal with less than after ``best``


@dataclass
class Review:
    """The seat's decisions checked by the solver, the costliest first."""

    available: bool
    note: str = ""
    checked: int = 0
    skipped: int = 0
    mistakes: list[Mistake] = field(default_factory=list)

    def lines(self, top: int = 3) -> list[str]:
        """The review as short lines for a person."""
        if not self.available:
            return [self.note]
        out = []
        costly = [m for m in self.mistakes if m.lost > 0][:top]
        last = ("your last decision" if self.checked == 1
                else f"your last {plural(self.checked, 'decision')}")
        if not costly:
            out.append(f"the solver checked {last}: none lost points")
        else:
            out.append(f"the solver checked {last}; the costliest:")
            for m in costly:
                out.append(f"  trick {m.trick}: you played {m.played}, {m.best} was better by "
                           f"{plural(m.lost, 'point')} (with every hand open)")
        if self.skipped:
            out.append(f"  ({plural(self.skipped, 'earlier decision')} not checked: too many cards left to "
                       f"solve quickly)")
        return out


def review(game: Game, seat: int, max_cards: int | None = None) -> Review:
    """Solve each decision ``seat`` made in ``game`` (with every hand open) and list the moves
    that lost points, the costliest first. Needs the search extra; says so when it is missing."""
    from aceten import agents

    if not agents._search_installed():
        return Review(False, "the review after the deal needs the solver: pip install "
                             "'aceten[search]' (not installed, so it is unavailable)")
    from aceten.agents.pimc import exact_limit
    from aceten.game import Game as GameClass
    from aceten.search import Solver

    rules = game.rules
    limit = max_cards if max_cards is not None else exact_limit(rules)
    solver = Solver(tt_bits=18, threads=1)
    result = Review(True)
    replay = GameClass(rules, deal=game.deal)
    for move in game.moves:
        mover = replay.to_move
        if mover == seat and isinstance(move, Card) and len(replay.legal_moves()) > 1:
            view = replay.view(seat)
            if view.cards_left > limit:
                result.skipped += 1
            else:
                values = {mv.move: mv.value for mv in solver.solve(replay).moves}
                best = max(values, key=lambda m: values[m])
                result.checked += 1
                lost = values[best] - values.get(move, values[best])
                result.mistakes.append(Mistake(len(replay.tricks) + 1, move, best, lost))
        replay.push(move)
    result.mistakes.sort(key=lambda m: (-m.lost, m.trick))
    return result
