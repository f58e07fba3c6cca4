"""Tournament statistics: win rates with 95% intervals, point differences, Elo ratings.

Every game is turned into *pairwise comparisons* between the sides played by different bots:
the side that won the deal beats every other side; two sides that both lost (or tied for
first) compare scores, and equal scores are a draw. In 2-sided games that is simply who won
the deal. A bot's **win rate** against another counts a draw as half a win; wins, draws and
losses are also reported apart.

The deals are the independent units, not the games: the games of one deal share its cards.
So intervals are computed from per-deal totals:

- win rate: the Wilson score interval, with the number of comparisons replaced by the
  effective number ``n / deff`` when the games of a deal are positively correlated (Kish's
  design effect ``deff``: the cluster variance from per-deal totals over the binomial
  variance ``p(1-p)/(n-1)``, never taken below 1, so the interval is never narrower than
  Wilson's on the games);
- mean point difference (the bot's side score minus the other side's score, per comparison):
  the normal interval ``mean ± 1.96 · se`` with the cluster (ratio-estimator) standard error
  over deals, which is where duplicate pays: the luck of the cards cancels within a deal.

Games with a hidden team (the sides form at each deal: a caller and a called partner against
the rest) are scored seat by seat from the deal's score sheet: two seats played by different
bots compare their sheet values (the higher wins; equal is a draw), and each bot gets a row
per **role** (caller, partner, defender: the caller playing alone counts as caller only) with
its win rate (a positive sheet value wins, zero draws) and mean sheet value, with the same
per-deal cluster intervals. A deal nobody bid on gives no roles.

Elo ratings come from the pairwise results of all the bots by maximum likelihood in the
Bradley–Terry model (draws count half), with one virtual draw per pair of bots so that a bot
that never lost keeps a finite rating; they are relative, with mean 0, and deterministic.

    >>> lo, hi = wilson(8, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.4902, 0.9433)
"""

from __future__ import annotations

import math
import statistics
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aceten.arena.runner import GameResult

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (draws may count half)."""
    if n <= 0:
        return 0.0, 1.0
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Comparisons of one bot against one opponent (or against the field), deal by deal."""

    games: int = 0  # comparisons
    wins: int = 0
    draws: int = 0
    losses: int = 0
    diff: float = 0.0  # sum of point differences
    deals: int = 0
    # per-deal sums for the cluster variance: y = a deal's total, m = its comparisons
    _ry2: float = 0.0
    _rym: float = 0.0
    _dy2: float = 0.0
    _dym: float = 0.0
    _m2: float = 0.0

    def add_deal(self, results: Sequence[tuple[float, float]]) -> None:
        """One deal's comparisons, each ``(result, point difference)`` with result 1, ½ or 0."""
        if not results:
            return
        m = len(results)
        r = sum(res for res, _ in results)
        d = sum(diff for _, diff in results)
        self.games += m
        self.wins += sum(1 for res, _ in results if res == 1)
        self.draws += sum(1 for res, _ in results if res == 0.5)
        self.losses += sum(1 for res, _ in results if res == 0)
        self.diff += d
        self.deals += 1
        self._ry2 += r * r
        self._rym += r * m
        self._dy2 += d * d
        self._dym += d * m
        self._m2 += m * m

    @property
    def score(self) -> float:
        """Wins plus half the draws."""
        return self.wins + self.draws / 2

    @property
    def win_rate(self) -> float | None:
        return self.score / self.games if self.games else None

    def _cluster_variance(self, total: float, y2: float, ym: float) -> float | None:
        """Variance of the ratio estimate ``total / games`` from per-deal totals."""
        k = self.deals
        if k < 2:
            return None
        mean_m = self.games / k
        ratio = total / self.games
        ss = max(y2 - 2 * ratio * ym + ratio * ratio * self._m2, 0.0)
        return ss / (k * (k - 1) * mean_m * mean_m)

    def win_rate_ci(self, z: float = Z95) -> tuple[float, float] | None:
        if not self.games:
            return None
        p = self.score / self.games
        n = float(self.games)
        var = self._cluster_variance(self.score, self._ry2, self._rym)
        if var is not None and 0 < p < 1 and n > 1:
            deff = var / (p * (1 - p) / (n - 1))  # both variances estimated without bias
            n = n / max(deff, 1.0)
        return wilson(p * n, n, z)

    @property
    def point_diff(self) -> float | None:
        return self.diff / self.games if self.games else None

    def point_diff_ci(self, z: float = Z95) -> tuple[float, float] | None:
        var = self._cluster_variance(self.diff, self._dy2, self._dym) if self.games else None
        if var is None:
            return None
        mean = self.diff / self.games
        half = z * math.sqrt(var)
        return mean - half, mean + half


ROLES = ("caller", "partner", "defender")


def roles(row: GameResult) -> list[tuple[str, str, float, float]]:
    """``(bot, role, result, sheet value)`` for every seat of a game with a hidden team (none
    for other games, or when nobody bid)."""
    if not row.seat_scores or row.declarer is None:
        return []
    out = []
    for seat, value in enumerate(row.seat_scores):
        role = ("caller" if seat == row.declarer else "partner" if seat == row.partner
                else "defender")
        result = 1.0 if value > 0 else 0.0 if value < 0 else 0.5
        out.append((row.seats[seat], role, result, float(value)))
    return out


def compare(row: GameResult, teams: Sequence[Sequence[int]]) -> list[tuple[str, str, float, float]]:
    """The pairwise comparisons of one game: ``(bot, other, result for bot, point difference)``
    for every two sides played by different bots (see the module docstring)."""
    if row.seat_scores:  # a hidden team: seat against seat on the score sheet
        out = []
        for i in range(len(row.seats)):
            for j in range(i + 1, len(row.seats)):
                if row.seats[i] == row.seats[j]:
                    continue
                a, b = row.seat_scores[i], row.seat_scores[j]
                out.append((row.seats[i], row.seats[j], 1.0 if a > b else 0.0 if a < b else 0.5,
                            float(a - b)))
        return out
    bots = [row.seats[team[0]] for team in teams]
    out = []
    for i in range(len(teams)):
        for j in range(i + 1, len(teams)):
            if bots[i] == bots[j]:
                continue
            if row.winner == i:
                result = 1.0
            elif row.winner == j:
                result = 0.0
            else:
                a, b = row.scores[i], row.scores[j]
                result = 1.0 if a > b else 0.0 if a < b else 0.5
            out.append((bots[i], bots[j], result, float(row.scores[i] - row.scores[j])))
    return out


def bradley_terry_elo(bots: Sequence[str], score: dict[tuple[str, str], float],
                      games: dict[tuple[str, str], float], prior: float = 1.0,
                      iterations: int = 100_000, tolerance: float = 1e-12) -> dict[str, float]:
    """Elo ratings (mean 0) maximising the Bradley–Terry likelihood of the pairwise results.

    ``score[a, b]`` is what ``a`` scored against ``b`` (wins plus half the draws) in
    ``games[a, b]`` comparisons (both orders given). ``prior`` adds that many virtual draws to
    every pair that met. Hunter's MM algorithm from equal strengths: deterministic.

        >>> elo = bradley_terry_elo(["a", "b"], {("a", "b"): 3, ("b", "a"): 1},
        ...                         {("a", "b"): 4, ("b", "a"): 4}, prior=0)
        >>> round(elo["a"] - elo["b"], 2)   # 400 * log10(3)
        190.85
    """
    names = list(bots)
    k = len(names)
    w = [[0.0] * k for _ in range(k)]
    n = [[0.0] * k for _ in range(k)]
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i == j:
                continue
            played = games.get((a, b), 0.0)
            if played:
                w[i][j] = score.get((a, b), 0.0) + prior / 2
                n[i][j] = played + prior
    total_w = [sum(row) for row in w]
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and n[i][j])
            new.append(total_w[i] / denom if denom and total_w[i] > 0 else 0.0)
        positive = [g for g in new if g > 0]
        if not positive:
            return dict.fromkeys(names, 0.0)
        norm = math.exp(sum(math.log(g) for g in positive) / len(positive))
        new = [g / norm if g > 0 else 0.0 for g in new]
        change = max(abs(a - b) / max(b, 1e-300) for a, b in zip(new, gamma))
        gamma = new
        if change < tolerance:
            break
    finite = [400 * math.log10(g) for g in gamma if g > 0]
    shift = sum(finite) / len(finite) if finite else 0.0
    return {a: (400 * math.log10(g) - shift if g > 0 else -math.inf) for a, g in zip(names, gamma)}


def decision_times(ms: Sequence[float]) -> dict[str, float] | None:
    """How long a bot took per decision: how many, the median, the 95th percentile (nearest
    rank) and the longest, in CPU milliseconds; None when no time was stored."""
    if not ms:
        return None
    ordered = sorted(ms)
    n = len(ordered)
    return {"decisions": n, "median": round(statistics.median(ordered), 3),
            "p95": round(ordered[max(0, math.ceil(0.95 * n) - 1)], 3),
            "max": round(ordered[-1], 3)}


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def _interval(ci: tuple[float, float] | None, digits: int) -> list[float] | None:
    return None if ci is None else [round(ci[0], digits), round(ci[1], digits)]


@dataclass
class Standings:
    """Running statistics of a tournament, fed deal by deal (the order does not matter up to
    rounding; final reports feed the deals in order)."""

    bots: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]
    deals: int = 0
    games: int = 0
    pairs: dict[tuple[str, str], Tally] = field(default_factory=dict)
    field_tallies: dict[str, Tally] = field(default_factory=dict)
    role_tallies: dict[tuple[str, str], Tally] = field(default_factory=dict)
    thrown_in: int = 0  # games with a hidden team that nobody bid on
    #: per bot, the CPU milliseconds of every decision it made (games stored with times)
    times: dict[str, array[float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for i, a in enumerate(self.bots):
            self.field_tallies[a] = Tally()
            self.times[a] = array("f")
            for role in ROLES:
                self.role_tallies[a, role] = Tally()
            for b in self.bots[i + 1:]:
                self.pairs[a, b] = Tally()

    def add_deal(self, rows: Iterable[GameResult]) -> None:
        """The games of one deal."""
        per_pair: dict[tuple[str, str], list[tuple[float, float]]] = {k: [] for k in self.pairs}
        per_bot: dict[str, list[tuple[float, float]]] = {b: [] for b in self.bots}
        order = {b: i for i, b in enumerate(self.bots)}
        per_role: dict[tuple[str, str], list[tuple[float, float]]] = {
            k: [] for k in self.role_tallies}
        count = 0
        for row in rows:
            count += 1
            for bot, seat_times in zip(row.seats, row.times):
                self.times[bot].extend(seat_times)
            if row.seat_scores and row.declarer is None:
                self.thrown_in += 1
            for bot, role, result, value in roles(row):
                per_role[bot, role].append((result, value))
            for a, b, result, diff in compare(row, self.teams):
                if order[a] > order[b]:
                    a, b, result, diff = b, a, 1.0 - result, -diff
                per_pair[a, b].append((result, diff))
                per_bot[a].append((result, diff))
                per_bot[b].append((1.0 - result, -diff))
        self.deals += 1
        self.games += count
        for key, results in per_pair.items():
            self.pairs[key].add_deal(results)
        for bot, results in per_bot.items():
            self.field_tallies[bot].add_deal(results)
        for key, results in per_role.items():
            self.role_tallies[key].add_deal(results)

    def elo(self) -> dict[str, float]:
        score: dict[tuple[str, str], float] = {}
        games: dict[tuple[str, str], float] = {}
        for (a, b), t in self.pairs.items():
            score[a, b], score[b, a] = t.score, t.games - t.score
            games[a, b] = games[b, a] = t.games
        return bradley_terry_elo(self.bots, score, games)

    def estimate(self) -> str:
        """The running estimate shown by the progress bar."""
        if len(self.bots) == 2:
            t = self.pairs[self.bots[0], self.bots[1]]
            ci = t.win_rate_ci()
            if t.win_rate is None or ci is None:
                return ""
            return (f"{self.bots[0]} {100 * t.win_rate:.1f}% "
                    f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]")
        best = max(self.bots, key=lambda b: self.field_tallies[b].win_rate or 0.0)
        rate = self.field_tallies[best].win_rate
        return "" if rate is None else f"leader {best} {100 * rate:.1f}%"

    def as_dict(self) -> dict[str, Any]:
        """Pairwise results, and each bot against the field with its Elo rating."""
        pairs = []
        for (a, b), t in self.pairs.items():
            pairs.append({
                "bot": a, "opponent": b, "comparisons": t.games, "wins": t.wins, "draws": t.draws,
                "losses": t.losses, "win_rate": _rounded(t.win_rate, 4),
                "win_rate_ci": _interval(t.win_rate_ci(), 4),
                "point_diff": _rounded(t.point_diff, 2),
                "point_diff_ci": _interval(t.point_diff_ci(), 2),
            })
        elo = self.elo()
        bots: list[dict[str, Any]] = []
        for bot in self.bots:
            t = self.field_tallies[bot]
            bots.append({
                "bot": bot, "comparisons": t.games, "wins": t.wins, "draws": t.draws,
                "losses": t.losses, "score": _rounded(t.win_rate, 4),
                "score_ci": _interval(t.win_rate_ci(), 4),
                "point_diff": _rounded(t.point_diff, 2),
                "point_diff_ci": _interval(t.point_diff_ci(), 2),
                "elo": round(elo[bot], 1) if math.isfinite(elo[bot]) else None,
                "decision_ms": decision_times(self.times[bot]),
            })
        bots.sort(key=lambda d: -(d["elo"] if d["elo"] is not None else -math.inf))
        out: dict[str, Any] = {"deals": self.deals, "games": self.games, "pairs": pairs,
                               "bots": bots}
        if any(t.games for t in self.role_tallies.values()) or self.thrown_in:
            out["roles"] = [{
                "bot": bot, "role": role, "games": t.games, "wins": t.wins, "draws": t.draws,
                "losses": t.losses, "win_rate": _rounded(t.win_rate, 4),
                "win_rate_ci": _interval(t.win_rate_ci(), 4),
                "sheet": _rounded(t.point_diff, 3), "sheet_ci": _interval(t.point_diff_ci(), 3),
            } for (bot, role), t in self.role_tallies.items()]
            out["thrown_in"] = self.thrown_in
        return out
