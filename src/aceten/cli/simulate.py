"""``aceten simulate``: many seeded deals between bots, summarised as wins and points.

The engine's loop plays any bot; ``--fast`` plays the random and greedy bots in the numba batch
kernels of :mod:`aceten.search.batch` (imported only then).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

import aceten
from aceten import agents
from aceten.cli.common import (
    GameArg,
    JsonOpt,
    OptionOpt,
    PlayersOpt,
    Progress,
    VariantOpt,
    announce_kernels,
    bot_seed,
    console,
    flag,
    parse_options,
    user_errors,
)
from aceten.errors import AcetenError
from aceten.game import Game

if TYPE_CHECKING:
    from aceten.rules.base import Rules


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to the ``aceten`` command."""
    app.command()(simulate)


def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-g", help="how many deals to play")] = 100,
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    bots: Annotated[str, typer.Option("--bots", help="comma-separated bots, given to the seats in turn "
                                      f"({', '.join(agents.names())})")] = "random",
    seed: Annotated[int | None, typer.Option(
        "--seed", help="seed of the first deal; deal i uses seed+i")] = None,
    option: OptionOpt = None,
    json_out: JsonOpt = False,
    save: Annotated[Path | None, typer.Option(
        "--save", help="write the records: a FILE.tgn for one deal (--games 1), else a folder "
        "with one .tgn file per deal")] = None,
    fast: Annotated[bool, flag("--fast", help="play in the compiled kernels of aceten.search "
                                       "(random and greedy bots): the same deals and moves, faster")] = False,
    fast_rng: Annotated[bool, flag("--fast-rng", hidden=True,
                                   help="the same as --fast (kept for old scripts: the engine and "
                                   "the kernels now share one generator)")] = False,
) -> None:
    """Play many seeded deals between bots and summarise wins and points."""
    with user_errors():
        options = parse_options(option)
        if not 1 <= games <= MAX_GAMES:
            raise AcetenError(f"--games {games}: give 1 to {MAX_GAMES:,}")
        if seed is None:
            import random

            seed = random.randrange(10**6)
        rules = aceten.rules.get(game, players=players, variant=variant, **options)
        seat_bots = _seat_bots(bots, rules.players)
        target = SaveTarget.of(save, games, rules.name) if save is not None else None
        if fast or fast_rng:  # the search layer's batch kernels
            summary = simulate_fast(rules, seat_bots, seed, games, options, target)
        else:
            summary = _simulate(rules, seat_bots, seed, games, options, target, quiet=json_out)
        if json_out:
            print(json.dumps(summary, ensure_ascii=False))
        else:
            print_summary(summary)


MAX_GAMES = 10**9
"""The most deals one ``simulate`` plays (days of play already: a bigger number is a typo)."""


def _seat_bots(bots: str, players: int) -> list[str]:
    """The bot of each seat: the names given in turn (one name plays every seat)."""
    names = [b.strip().lower() for b in bots.split(",")]
    if not any(names):
        raise AcetenError("--bots: give at least one bot name")
    if not all(names):  # "greedy,,random": a seat left out would shift the others
        raise AcetenError(f"--bots {bots}: a name is missing between two commas")
    if len(names) > players:
        raise AcetenError(f"--bots {bots}: {len(names)} bots for {players} seats; give at most "
                          f"{players} (fewer are given to the seats in turn)")
    for name in names:
        agents.get(name)
    return [names[s % len(names)] for s in range(players)]


@dataclass(frozen=True)
class SaveTarget:
    """Where ``--save`` writes: a ``.tgn`` file for one deal, a folder (one file per deal) for
    many."""

    path: Path
    one_file: bool
    game: str

    @classmethod
    def of(cls, path: Path, games: int, game: str) -> SaveTarget:
        if path.suffix.lower() == ".tgn":
            if games != 1:
                raise AcetenError(f"--save {path}: a .tgn file holds one deal; {games} deals go to "
                                  "a folder (give a folder name, or --games 1)")
            if path.is_dir():
                raise AcetenError(f"--save {path}: is a folder; give a file for one deal")
            return cls(path, True, game)
        if path.exists() and not path.is_dir():
            raise AcetenError(f"--save {path}: is a file, not a folder; give a folder for the "
                              "records, or a .tgn file with --games 1")
        return cls(path, False, game)

    def save(self, game: Game, seed: int) -> None:
        from aceten import record

        record.save(self.path if self.one_file else self.path / record.file_name(self.game, seed), game)


def _simulate(rules: Rules, seat_bots: list[str], seed: int, games: int, options: dict[str, str],
              target: SaveTarget | None, *, quiet: bool) -> dict[str, Any]:
    """Play the deals in the engine's loop, with progress on stderr."""
    n = rules.players
    stats = Stats(n, len(rules.teams))
    start = time.perf_counter()
    with Progress(f"simulate {rules.name}", games, "deals", quiet=quiet) as progress:
        for i in range(games):
            g = Game(rules, seed=seed + i)
            # fresh bots per deal, seeded like `aceten play --seed`, so any deal replays alone
            seats = [agents.get(seat_bots[s], seed=bot_seed(seed + i, s)) for s in range(n)]
            outcome = agents.play(g, seats)
            stats.add(g, outcome)
            if target is not None:
                target.save(g, seed + i)
            progress.advance()
    summary = stats.summary(rules, seat_bots, seed, games, options, time.perf_counter() - start)
    if target is not None:
        summary["saved"] = str(target.path)
    return summary


class Stats:
    """Running totals of a simulation."""

    def __init__(self, players: int, teams: int):
        self.games = 0
        self.draws = 0
        self.wins = [0] * teams
        self.scores = [0] * teams
        self.team_points = [0] * teams
        self.points = [0] * players
        self.tricks = [0] * players
        self.bonus = [0] * players
        self.total_points = 0
        self.moves = 0
        self.sheet = [0] * players  # per-seat score sheets (a hidden team's game), else zeros

    def add(self, game: Game, outcome: aceten.Outcome) -> None:
        self.games += 1
        self.moves += len(game.moves)
        if outcome.winner is None:
            self.draws += 1
        else:
            self.wins[outcome.winner] += 1
        for t in range(len(self.wins)):
            self.scores[t] += outcome.scores[t]
            self.team_points[t] += outcome.team_points[t]
        for s in range(len(self.points)):
            self.points[s] += outcome.points[s]
            self.tricks[s] += outcome.tricks[s]
            self.bonus[s] += outcome.bonus[s]
        self.total_points += sum(outcome.points)
        for s, value in enumerate(outcome.seat_scores):
            self.sheet[s] += value

    def summary(self, rules: aceten.rules.Rules, seat_bots: list[str], seed: int, games: int,
                options: dict[str, str], elapsed: float) -> dict[str, Any]:
        g = max(self.games, 1)
        teams = []
        for t, team in enumerate(rules.teams):
            name = "+".join(f"P{s + 1}" for s in team)
            if rules.hidden_teams:  # the sides form at each deal's call: named by role
                name = ("declarer's side", "defenders")[t] if t < 2 else name
                team = ()
            teams.append({
                "team": name, "seats": [s + 1 for s in team],
                "bots": [seat_bots[s] for s in team],
                "wins": self.wins[t], "win_rate": round(self.wins[t] / g, 4),
                "points": self.team_points[t], "avg_points": round(self.team_points[t] / g, 2),
                "avg_score": round(self.scores[t] / g, 2),
            })
        seats = [{"seat": s + 1, "bot": seat_bots[s], "points": self.points[s],
                  "avg_points": round(self.points[s] / g, 2),
                  "avg_tricks": round(self.tricks[s] / g, 2),
                  "avg_bonus": round(self.bonus[s] / g, 2),
                  "avg_sheet": round(self.sheet[s] / g, 2)} for s in range(rules.players)]
        return {
            "game": rules.name, "variant": rules.variant, "players": rules.players,
            "options": options, "games": self.games, "seed": seed,
            "seeds": [seed, seed + games - 1], "bots": seat_bots,
            "teams": teams, "draws": self.draws, "seats": seats,
            "total_points": self.total_points, "deck_points": rules.total_points,
            "seconds": round(elapsed, 3),
            "games_per_second": round(self.games / elapsed, 1) if elapsed > 0 else None,
        }


def print_summary(summary: dict[str, Any]) -> None:
    from rich import box
    from rich.table import Table

    from aceten.agents.words import plural

    out = console()
    title = (f"{summary['game']} ({summary['variant']}), {summary['players']} players, "
             f"{plural(summary['games'], 'deal')}")
    teams = Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left")
    for col, just in (("side", "left"), ("bots", "left"), ("wins", "right"), ("win %", "right"),
                      ("avg points", "right"), ("avg score", "right")):
        teams.add_column(col, justify=just)  # type: ignore[arg-type]
    best = max(t["wins"] for t in summary["teams"])
    for t in summary["teams"]:
        teams.add_row(t["team"], ",".join(t["bots"]), str(t["wins"]), f"{100 * t['win_rate']:.1f}",
                      f"{t['avg_points']:.1f}", f"{t['avg_score']:.1f}",
                      style="bold green" if t["wins"] == best and best else "")
    teams.caption = (f"draws {summary['draws']}   seeds {summary['seeds'][0]}..{summary['seeds'][1]}"
                     + (f"   {summary['games_per_second']:,} deals/s" if summary["games_per_second"] else "")
                     + (f"   records in {summary['saved']}" if "saved" in summary else ""))
    teams.caption_justify = "left"
    out.print(teams)
    seats = Table(box=box.SIMPLE, title="per seat", title_justify="left")
    sheet = any(s.get("avg_sheet") for s in summary["seats"])
    for col in ("seat", "bot", "avg points", "avg tricks", "avg bonus", *(("avg sheet",) if sheet else ())):
        seats.add_column(col, justify="left" if col in ("seat", "bot") else "right")
    for s in summary["seats"]:
        seats.add_row(f"P{s['seat']}", s["bot"], f"{s['avg_points']:.1f}", f"{s['avg_tricks']:.2f}",
                      f"{s['avg_bonus']:.1f}", *((f"{s['avg_sheet']:+.2f}",) if sheet else ()))
    out.print(seats)



# -- aceten simulate --fast ------------------------------------------------------------------------
def simulate_fast(rules: Rules, seat_bots: list[str], seed: int, games: int,
                  options: dict[str, str], target: SaveTarget | None) -> dict[str, Any]:
    """``aceten simulate`` in the batch kernels: the same summary as the engine's loop.

    The deals and every bot's choices are those of the engine's loop for the same seed (both
    read seeds through aceten.seeded's generator), so the summary is the same but for the
    timing."""
    from aceten.search import batch

    for name in seat_bots:
        if name not in batch.BOTS:
            raise AcetenError(f"--fast plays the bots {', '.join(batch.BOTS)}; {name!r} needs "
                              "the engine (leave out --fast)")
    announce_kernels("batch", "the batch simulator")
    result = batch.simulate(rules, games, seed=seed, bots=seat_bots, log=games if target else 0)
    stats = Stats(rules.players, len(rules.teams))
    stats.games = result.games
    stats.moves = int(result.moves.sum())
    stats.draws = int((result.winner < 0).sum())
    stats.wins = [int((result.winner == t).sum()) for t in range(len(rules.teams))]
    stats.scores = [int(v) for v in result.scores.sum(axis=0)]
    stats.team_points = [int(v) for v in result.team_points.sum(axis=0)]
    stats.points = [int(v) for v in result.points.sum(axis=0)]
    stats.tricks = [int(v) for v in result.tricks.sum(axis=0)]
    stats.bonus = [int(v) for v in result.bonus.sum(axis=0)]
    stats.total_points = int(result.points.sum())
    stats.sheet = [int(v) for v in result.seat_scores.sum(axis=0)]
    summary = stats.summary(rules, seat_bots, seed, games, options, result.seconds)
    summary["engine"] = "numba"
    if target is not None:
        for i in range(games):  # the very deal of the seed: the record keeps its Seed tag
            game = Game(rules, seed=seed + i)
            for move in result.moves_of(i):
                game.push(move)
            target.save(game, seed + i)
        summary["saved"] = str(target.path)
    return summary
