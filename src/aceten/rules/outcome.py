"""The result of a finished deal (what :meth:`aceten.Game.outcome` returns)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """The result of a finished deal, per seat and per team (teams are single seats in 2-3 player
    games). ``scores`` is what the deal is worth in the game's own unit (card points for
    Briscola and Brisca, game points for Cruce, points after nat and roem for Klaverjas)."""

    points: tuple[int, ...]  # card points won per seat (bonuses not included)
    tricks: tuple[int, ...]
    bonus: tuple[int, ...]  # marriages / roem per seat
    team_points: tuple[int, ...]
    team_tricks: tuple[int, ...]
    scores: tuple[int, ...]  # per team
    winner: int | None  # team index; None for a draw
    teams: tuple[tuple[int, ...], ...]
    notes: tuple[str, ...] = ()
    #: a per-seat score sheet (Briscola chiamata: caller, partner, defenders), else empty
    seat_scores: tuple[int, ...] = ()
    declarer: int | None = None  # the seat whose side plays the contract, if any
    partner: int | None = None  # with a hidden team: the holder of the called card

    @property
    def alone(self) -> bool:
        """Whether the declarer played alone (called a card of his own)."""
        return self.declarer is not None and self.partner == self.declarer

    def team_name(self, team: int) -> str:
        members = self.teams[team]
        if not members:
            return "nobody"
        if len(members) == 1:
            return f"P{members[0] + 1}"
        return "team " + "+".join(f"P{s + 1}" for s in members)

    @property
    def result(self) -> str:
        """One line: who won, and the scores."""
        scores = " - ".join(f"{self.team_name(t)} {s}" for t, s in enumerate(self.scores))
        head = "draw" if self.winner is None else f"{self.team_name(self.winner)} wins"
        if self.seat_scores:
            if self.declarer is None:
                return "thrown in: nobody bid"
            sheet = " ".join(f"P{s + 1} {v:+d}" for s, v in enumerate(self.seat_scores))
            return f"{head}: {scores}; sheet {sheet}"
        return f"{head}: {scores}"

    def __str__(self) -> str:
        """The result line, with any notes (nat, pit, a lost bid)."""
        return self.result + (" (" + "; ".join(self.notes) + ")" if self.notes else "")

    def as_dict(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "tricks": list(self.tricks),
            "bonus": list(self.bonus),
            "team_points": list(self.team_points),
            "team_tricks": list(self.team_tricks),
            "scores": list(self.scores),
            "winner": self.winner,
            "teams": [list(t) for t in self.teams],
            "notes": list(self.notes),
            "seat_scores": list(self.seat_scores),
            "declarer": self.declarer,
            "partner": self.partner,
            "result": self.result,
        }
