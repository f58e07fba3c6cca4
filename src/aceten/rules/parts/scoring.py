"""Scoring a deal: who wins it and what it is worth, in the game's own unit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from aceten.rules.layout import (
    NOTE_CONTRACT_FAILED,
    NOTE_NAT,
    NOTE_TIE_LAST,
    R_ALL_TRICKS,
    R_SCORING,
    R_TIE_LAST,
    R_TOTAL,
    R_UNIT,
    SCORE_PLAYING_SIDE,
    SCORE_POINTS,
    SCORE_TRICKS,
    SCORE_UNITS,
)
from aceten.rules.parts.base import Part

if TYPE_CHECKING:
    from aceten.rules.base import Rules
    from aceten.rules.outcome import Outcome


def side_name(teams: tuple[tuple[int, ...], ...], side: int) -> str:
    members = teams[side]
    if len(members) == 1:
        return f"P{members[0] + 1}"
    return "team " + "+".join(f"P{s + 1}" for s in members)


class Scoring(Part):
    """How a finished deal is scored (a base class)."""

    section = "scoring"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        R[R_TOTAL] = rules.total_points

    def notes(self, rules: Rules, outcome: Outcome, flags: int, declarer: int | None,
              contract: int) -> list[str]:
        """What the scoring rule did besides adding up, in words."""
        return []


@dataclass(frozen=True)
class CardPoints(Scoring):
    """Each side counts its card points (or its tricks); the most wins. ``tie``: an even split
    is a draw, or won by the side that took the last trick."""

    by: Literal["points", "tricks"] = "points"
    tie: Literal["draw", "last-trick"] = "draw"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        super().fill(rules, R, T)
        R[R_SCORING] = SCORE_TRICKS if self.by == "tricks" else SCORE_POINTS
        R[R_TIE_LAST] = int(self.tie == "last-trick")

    def notes(self, rules: Rules, outcome: Outcome, flags: int, declarer: int | None,
              contract: int) -> list[str]:
        return ["tie broken by the last trick"] if flags & NOTE_TIE_LAST else []

    def describe(self, rules: Rules) -> list[str]:
        if self.by == "tricks":
            return ["the side with most tricks wins"]
        lines = ["each side counts its card points; the most wins"]
        total = rules.total_points
        if rules.players != 3:
            lines.append(f"{total // 2 + 1} or more wins; {total // 2}-{total // 2} is a "
                         + ("draw" if self.tie == "draw" else "win for the last trick's winner"))
        return lines


@dataclass(frozen=True)
class GamePoints(Scoring):
    """Card points and bonuses count in game points of ``unit`` card points; a side that bid
    and made less than its bid times the unit scores minus the bid."""

    unit: int = 33

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        super().fill(rules, R, T)
        R[R_SCORING] = SCORE_UNITS
        R[R_UNIT] = self.unit

    def notes(self, rules: Rules, outcome: Outcome, flags: int, declarer: int | None,
              contract: int) -> list[str]:
        if not flags & NOTE_CONTRACT_FAILED or declarer is None:
            return []
        side = rules.seat_team[declarer]
        total = outcome.team_points[side] + sum(outcome.bonus[s] for s in rules.teams[side])
        return [f"{side_name(rules.teams, side).removeprefix('team ')} bid {contract} and made "
                f"{total} < {contract * self.unit}: scores -{contract}"]

    def describe(self, rules: Rules) -> list[str]:
        return [f"game points: (card points + marriages) // {self.unit}; a bidding side short "
                f"of bid x {self.unit} scores -bid"]


@dataclass(frozen=True)
class PlayingSide(Scoring):
    """The playing side must score more than the other (points and bonuses), else it is
    beaten: it scores 0 and the others take every point and bonus; a side that takes every
    trick scores ``all_tricks`` more."""

    all_tricks: int = 100

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        super().fill(rules, R, T)
        R[R_SCORING] = SCORE_PLAYING_SIDE
        R[R_ALL_TRICKS] = self.all_tricks

    def notes(self, rules: Rules, outcome: Outcome, flags: int, declarer: int | None,
              contract: int) -> list[str]:
        teams = rules.teams
        notes = []
        for t, tricks in enumerate(outcome.team_tricks):
            if tricks == rules.tricks_per_deal:
                notes.append(f"pit: {side_name(teams, t)} took every trick (+{self.all_tricks})")
        if flags & NOTE_NAT:
            playing = rules.seat_team[declarer] if declarer is not None else 0
            other = 1 - playing
            raw = outcome.team_points[playing] + sum(outcome.bonus[s] for s in teams[playing])
            if outcome.team_tricks[playing] == rules.tricks_per_deal:
                raw += self.all_tricks
            theirs = outcome.team_points[other] + sum(outcome.bonus[s] for s in teams[other])
            if outcome.team_tricks[other] == rules.tricks_per_deal:
                theirs += self.all_tricks
            notes.append(f"nat: {side_name(teams, playing)} played and scored {raw} against "
                         f"{theirs}; {side_name(teams, other)} take {rules.total_points} and all roem")
        return notes

    def describe(self, rules: Rules) -> list[str]:
        return [f"the playing team must score more than the opponents (points + roem), else it "
                f"is nat: it scores 0 and the opponents take {rules.total_points} + all roem",
                f"pit (all {rules.tricks_per_deal} tricks): +{self.all_tricks}"]
