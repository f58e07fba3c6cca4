"""Scoring a deal: who wins it and what it is worth, in the game's own unit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from aceten.rules.layout import (
    NOTE_ALL_TRICKS as NOTE_ALL,
)
from aceten.rules.layout import (
    NOTE_ALONE,
    NOTE_CONTRACT_FAILED,
    NOTE_NAT,
    NOTE_THROWN_IN,
    NOTE_TIE_LAST,
    R_ALL_TRICKS,
    R_CAPPOTTO,
    R_SCORING,
    R_SHEET_ALONE,
    R_SHEET_CALLER,
    R_SHEET_DEFENDER,
    R_SHEET_PARTNER,
    R_TIE_LAST,
    R_TOTAL,
    R_UNIT,
    SCORE_PLAYING_SIDE,
    SCORE_POINTS,
    SCORE_TARGET,
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
    #: whether the deal is scored per seat (Outcome.seat_scores) besides per side
    per_seat = False

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


@dataclass(frozen=True)
class TargetSheet(Scoring):
    """The declarer's side (team 0) must take the contract's target in card points. Each seat
    scores on a sheet: the declarer ``caller``, the partner ``partner``, each defender
    ``defender``, positive for the winners and negative for the losers; a declarer alone
    scores ``alone``; with ``cappotto``, a side taking every trick scores double."""

    caller: int = 2
    partner: int = 1
    defender: int = 1
    alone: int = 4
    cappotto: bool = False
    per_seat = True

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        super().fill(rules, R, T)
        R[R_SCORING] = SCORE_TARGET
        R[R_SHEET_CALLER], R[R_SHEET_PARTNER] = self.caller, self.partner
        R[R_SHEET_DEFENDER], R[R_SHEET_ALONE] = self.defender, self.alone
        R[R_CAPPOTTO] = int(self.cappotto)

    def notes(self, rules: Rules, outcome: Outcome, flags: int, declarer: int | None,
              contract: int) -> list[str]:
        if flags & NOTE_THROWN_IN or declarer is None:
            return ["all passed: the deal is thrown in"]
        made = outcome.team_points[0]
        who = f"P{declarer + 1}" + (" alone" if flags & NOTE_ALONE else
                                    f" and P{(outcome.partner or 0) + 1}")
        verb = "made" if made >= contract else "fell short of"
        notes = [f"{who} needed {contract} and took {made}: {verb} the target"]
        if flags & NOTE_ALL:
            notes.append("cappotto: a side took every trick (double)")
        return notes

    def describe(self, rules: Rules) -> list[str]:
        lines = [f"the caller's side must take the target in card points (at least "
                 f"{rules.total_points // 2 + 1} of {rules.total_points}, or the points bid)",
                 f"score sheet: caller {self.caller:+d}, partner {self.partner:+d}, each defender "
                 f"{-self.defender:+d} when the caller's side wins, the opposite when it loses; "
                 f"a caller alone {self.alone:+d}"]
        if self.cappotto:
            lines.append("cappotto: a side taking every trick scores double")
        return lines
