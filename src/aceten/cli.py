"""The ``aceten`` command: play in the terminal, simulate bot games, check records, show rules.

Every error a user can cause (unknown game or option, a malformed card, a missing or corrupt
record) is printed as one line ``error: ...`` on stderr with exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

import aceten
from aceten import agents, display
from aceten.cards import Suit
from aceten.errors import AcetenError
from aceten.game import Game
from aceten.moves import Bid, TrumpCall

if TYPE_CHECKING:
    from rich.console import Console

    from aceten.agents import Agent
    from aceten.moves import Move

app = typer.Typer(
    name="aceten",
    help="Play, simulate and check the Ace-Ten card games: Briscola, Brisca, Cruce, Klaverjas.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_ERROR = 2

GameArg = Annotated[str, typer.Argument(help="briscola, brisca, cruce or klaverjas", show_default=False)]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", "-n", help="number of players (default: the game's first)")]
VariantOpt = Annotated[str | None, typer.Option("--variant", help="rule variant, e.g. amsterdam")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="KEY=VALUE",
    help="a rule option, repeatable (e.g. --option arrastre=yes); see `aceten rules GAME`")]
JsonOpt = Annotated[bool, typer.Option("--json", help="print one JSON object instead of tables")]


# -- errors ------------------------------------------------------------------------------------
def fail(message: str) -> NoReturn:
    """Print ``error: message`` as one line on stderr and exit with code 2."""
    line = " ".join(str(message).split()) or "unknown error"
    sys.stdout.flush()
    print(f"error: {line}", file=sys.stderr, flush=True)
    raise typer.Exit(EXIT_ERROR)


def _os_message(err: OSError) -> str:
    what = err.strerror or str(err)
    return f"{err.filename}: {what}" if err.filename else what


@contextmanager
def user_errors(json_out: bool = False) -> Iterator[None]:
    """Turn the errors a user can cause into one line on stderr and exit code 2 (with
    ``json_out``, also ``{"ok": false, "error": ...}`` on stdout)."""
    message = None
    try:
        yield
    except typer.Exit:
        raise
    except AcetenError as err:
        message = str(err)
    except OSError as err:
        message = _os_message(err)
    except KeyboardInterrupt:
        message = "interrupted"
    except EOFError:
        message = "end of input at the prompt (use --auto to let bots play every seat)"
    if message is not None:
        if json_out:
            print(json.dumps({"ok": False, "error": " ".join(message.split())}, ensure_ascii=False))
        fail(message)


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["arrastre=yes", "trump=S"]`` -> ``{"arrastre": "yes", "trump": "S"}``."""
    options: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key or not value.strip():
            raise AcetenError(f"bad --option {item!r}: expected key=value, like arrastre=yes")
        if key in options:
            raise AcetenError(f"--option {key} given twice")
        options[key] = value.strip()
    return options


def _console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def _symbols(console: Console) -> bool:
    return (console.encoding or "").lower().replace("-", "") in ("utf8", "utf16", "utf32")


def _bot_seed(seed: int, seat: int) -> int:
    return seed * 1_000_003 + seat + 1


def _new_game(game: str, players: int | None, variant: str | None, seed: int | None,
              options: dict[str, str]) -> Game:
    return aceten.new_game(game, players=players, variant=variant, seed=seed, **options)


# -- play ----------------------------------------------------------------------------------------
@app.command()
def play(
    game: GameArg,
    players: PlayersOpt = None,
    seat: Annotated[int, typer.Option(
        "--seat", "-s", help="your seat, 1-based (P1 leads the first trick)")] = 1,
    opponent: Annotated[str | None, typer.Option(
        "--opponent", "-b", show_default=False,
        help=f"the bot: {', '.join(agents.names())}; default {agents.DEFAULT}, the strongest "
        "that answers within a second (pimc needs the search extra, else tactics)")] = None,
    variant: VariantOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", help="deal seed (same seed, same cards)")] = None,
    option: OptionOpt = None,
    auto: Annotated[bool, typer.Option("--auto", help="bots play every seat; print the game")] = False,
    match: Annotated[bool, typer.Option("--match", help="play a whole match of deals (Cruce to 11, "
                                        "Klaverjas 16 deals)")] = False,
    json_out: JsonOpt = False,
    interactive: Annotated[bool, typer.Option("--interactive", hidden=True,
                                              help="prompt even when stdin is not a terminal")] = False,
) -> None:
    """Play against bots in the terminal (with --auto, or no terminal, bots play every seat)."""
    with user_errors():
        options = parse_options(option)
        if seed is None:
            import random

            seed = random.randrange(10**6)
        rules = aceten.rules.get(game, players=players, variant=variant, **options)
        n = rules.players
        if not 1 <= seat <= n:
            raise AcetenError(f"--seat {seat}: seats are 1 to {n}")
        opponent = opponent or agents.DEFAULT
        agents.get(opponent)  # check the name before dealing
        human = None if (auto or json_out) or not (interactive or _stdin_is_terminal()) else seat - 1
        if human is None and not auto and not json_out:
            print("stdin is not a terminal: bots play every seat", file=sys.stderr)
        if human is not None and opponent == "pimc":
            from aceten.agents.pimc import warm_up

            with _console().status("Loading the pimc player's solver (the first time after "
                                   "installing, numba compiles it: about half a minute)..."):
                warm_up()
        bots: list[Agent] = [agents.get(opponent, seed=_bot_seed(seed, s)) for s in range(n)]
        games = _deals(game, players, variant, seed, options, match, quiet=json_out)
        console = _console()
        symbols = _symbols(console)
        results: list[dict[str, Any]] = []
        for g, describe in games:
            if human is None:
                _auto_game(g, bots, console, quiet=json_out, heading=describe)
            else:
                console.print(describe, style="bold", markup=False)
                if not _interactive_game(g, human, bots, console, symbols):
                    console.print("bye")
                    return
            outcome = g.outcome()
            assert outcome is not None
            results.append({"seed": g.seed, "moves": [str(m) for m in g.moves],
                            **outcome.as_dict()})
        if json_out:
            print(json.dumps({"game": rules.name, "players": n, "variant": rules.variant,
                              "options": options, "seed": seed,
                              "bots": [opponent] * n, "deals": results}, ensure_ascii=False))


def _deals(game: str, players: int | None, variant: str | None, seed: int,
           options: dict[str, Any], match: bool, quiet: bool) -> Iterator[tuple[Game, str]]:
    """The deal to play, or each deal of a match in turn (scored as the previous one ends)."""
    if not match:
        g = _new_game(game, players, variant, seed, options)
        yield g, display.header_text(g.rules, seed)
        return
    try:
        from aceten.match import Match
    except ImportError:  # pragma: no cover - the match module ships with the engine
        raise AcetenError("matches are not available in this version") from None
    m = Match(game, players=players, variant=variant, seed=seed, **options)
    goal = f"to {m.target} game points" if m.target is not None else f"{m.deals} deals"
    while not m.is_over():
        g = m.next_deal()
        number = len(m.games) + 1
        yield g, f"{display.header_text(g.rules)}: match {goal}, deal {number}"
        outcome = m.add(g)
        scores = "  ".join(f"{outcome.team_name(t)} {s}" for t, s in enumerate(m.scores))
        if not quiet:
            print(f"Match score after deal {number}: {scores}")
    if not quiet:
        winner = m.winner
        head = "tied" if winner is None else f"{m.outcomes[-1].team_name(winner)} wins"
        print(f"Match: {head} (seed {m.seed})")


def _auto_game(game: Game, bots: Sequence[Agent], console: Console, *, quiet: bool,
               heading: str) -> None:
    """Bots play every seat; print the game trick by trick and the result."""
    narrator = display.Narrator(game)

    def report(g: Game, seat: int, move: Move) -> None:
        for line in narrator.lines():
            print(line)

    if not quiet:
        print(heading)
        print(display.trump_text(game.rules, game.trump, game.trump_card, len(game.stock)))
        for seat in range(game.players):
            print(f"{display.seat_name(seat)}: {display.cards_text(game.hand(seat))}"
                  f"  [{bots[seat].name}]")
    outcome = agents.play(game, bots, None if quiet else report)
    if not quiet:
        sys.stdout.flush()
        console.print(display.outcome_rich(outcome))


HELP = """commands:
  AS, 10H, ace of swords   play a card
  bid:2 or 2, pass         bid (Cruce; pass is bid 0)
  trump:H or H, pass       call trump or pass (Klaverjas)
  swap:7O                  exchange for the face-up trump (Brisca)
  ? help   legal moves     last   the last trick     table   the table again
  undo     take back your last move                  quit    leave the game"""


def _interactive_game(game: Game, human: int, bots: Sequence[Agent], console: Console,
                      symbols: bool) -> bool:
    """A person plays seat ``human``; returns False when they quit."""
    narrator = display.Narrator(game, viewer=human, plays=True, draws=True, symbols=symbols)
    movers: list[int] = []
    if _stdin_is_terminal():
        with suppress(ImportError):  # line editing for input(), where the platform has it
            import readline  # noqa: F401
    console.print(f"You are {display.seat_name(human)}. Type ? for help.")
    while not game.is_over():
        seat = game.to_move
        if seat != human:
            move = bots[seat].choose(game.view(seat))
            game.push(move)
            movers.append(seat)
            _say(console, narrator)
            continue
        console.print(display.table(game.view(human), symbols))
        while True:
            text = _ask(console, f"{display.seat_name(human)} ({game.phase})> ")
            word = text.lower()
            if not word:
                continue
            if word in ("quit", "exit", "q"):
                return False
            if word in ("?", "help", "moves"):
                legal = " ".join(display.move_text(m, symbols) for m in game.legal_moves())
                console.print(f"legal: {legal}", markup=False, soft_wrap=True)
                console.print(HELP, markup=False)
                continue
            if word == "last":
                tricks = game.tricks
                console.print(display.trick_text(tricks[-1], symbols) if tricks else "no trick yet",
                              markup=False)
                continue
            if word in ("table", "show"):
                console.print(display.table(game.view(human), symbols))
                continue
            if word == "undo":
                if human not in movers:
                    console.print("nothing to undo", style="yellow")
                    continue
                while movers:
                    game.pop()
                    if movers.pop() == human:
                        break
                narrator.rewind()
                console.print("taken back")
                console.print(display.table(game.view(human), symbols))
                continue
            try:
                move = _read_move(game, text)
                game.push(move)
            except AcetenError as err:
                console.print(f"{err}", style="red", markup=False, soft_wrap=True)
                continue
            movers.append(human)
            _say(console, narrator)
            break
    outcome = game.outcome()
    assert outcome is not None
    console.print(display.outcome_rich(outcome))
    return True


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _ask(console: Console, prompt: str) -> str:
    """One line typed at the prompt (with line editing in a terminal); EOFError at the end."""
    sys.stdout.flush()
    try:
        return input(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        print()
        raise


def _say(console: Console, narrator: display.Narrator) -> None:
    for line in narrator.lines():
        console.print(line, markup=False, soft_wrap=True)


def _read_move(game: Game, text: str) -> Move:
    """A move typed at the prompt; a bare number bids and a bare suit calls trump."""
    if game.phase == "bid" and text.strip().isdigit():
        return Bid(int(text))
    if game.phase == "bid" and text.strip().lower() == "pass":
        return Bid(0)
    if game.phase == "call":
        try:
            return TrumpCall(Suit.parse(text, game.rules.family))
        except AcetenError:
            pass
    return game.parse_move(text)


# -- simulate ----------------------------------------------------------------------------------
@app.command()
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
    save: Annotated[Path | None, typer.Option("--save", help="write each deal as a .tgn record here")] = None,
    fast: Annotated[bool, typer.Option("--fast", help="play in the numba kernels of aceten.search "
                                       "(random and greedy bots): the same deals and moves, faster")] = False,
    fast_rng: Annotated[bool, typer.Option("--fast-rng", help="--fast with the kernels' own random "
                                           "generator: other deals, fastest")] = False,
) -> None:
    """Play many seeded deals between bots and summarise wins and points."""
    with user_errors():
        options = parse_options(option)
        if games < 1:
            raise AcetenError(f"--games {games}: give at least 1")
        if seed is None:
            import random

            seed = random.randrange(10**6)
        rules = aceten.rules.get(game, players=players, variant=variant, **options)
        names = [b.strip().lower() for b in bots.split(",") if b.strip()]
        if not names:
            raise AcetenError("--bots: give at least one bot name")
        for name in names:
            agents.get(name)
        n = rules.players
        seat_bots = [names[s % len(names)] for s in range(n)]
        if fast or fast_rng:  # the search layer's batch kernels
            from aceten.cli_search import simulate_fast

            summary = simulate_fast(rules, seat_bots, seed, games, options, save, fast_rng)
            if json_out:
                print(json.dumps(summary, ensure_ascii=False))
            else:
                _print_summary(summary)
            return
        from aceten import record

        if save is not None:
            save.mkdir(parents=True, exist_ok=True)
        teams = rules.teams
        stats = _Stats(n, len(teams))
        start = time.perf_counter()
        progress = None
        if not json_out:
            from rich.progress import Progress

            err_console = _console(stderr=True)
            progress = Progress(console=err_console, transient=True,
                                disable=not err_console.is_terminal)
        with progress if progress is not None else _nothing():
            task = progress.add_task(f"{rules.name}", total=games) if progress else None
            for i in range(games):
                g = Game(rules, seed=seed + i)
                # fresh bots per deal, seeded like `aceten play --seed`, so any deal replays alone
                seats = [agents.get(seat_bots[s], seed=_bot_seed(seed + i, s)) for s in range(n)]
                outcome = agents.play(g, seats)
                stats.add(g, outcome)
                if save is not None:
                    record.save(save / f"{rules.name}-{seed + i:06d}.tgn", g)
                if progress is not None and task is not None:
                    progress.advance(task)
        elapsed = time.perf_counter() - start
        summary = stats.summary(rules, seat_bots, seed, games, options, elapsed)
        if save is not None:
            summary["saved"] = str(save)
        if json_out:
            print(json.dumps(summary, ensure_ascii=False))
            return
        _print_summary(summary)


@contextmanager
def _nothing() -> Iterator[None]:
    yield


class _Stats:
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

    def summary(self, rules: aceten.rules.Rules, seat_bots: list[str], seed: int, games: int,
                options: dict[str, str], elapsed: float) -> dict[str, Any]:
        g = max(self.games, 1)
        teams = []
        for t, team in enumerate(rules.teams):
            name = "+".join(f"P{s + 1}" for s in team)
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
                  "avg_bonus": round(self.bonus[s] / g, 2)} for s in range(rules.players)]
        return {
            "game": rules.name, "variant": rules.variant, "players": rules.players,
            "options": options, "games": self.games, "seed": seed,
            "seeds": [seed, seed + games - 1], "bots": seat_bots,
            "teams": teams, "draws": self.draws, "seats": seats,
            "total_points": self.total_points, "deck_points": rules.total_points,
            "seconds": round(elapsed, 3),
            "games_per_second": round(self.games / elapsed, 1) if elapsed > 0 else None,
        }


def _print_summary(summary: dict[str, Any]) -> None:
    from rich import box
    from rich.table import Table

    console = _console()
    title = (f"{summary['game']} ({summary['variant']}), {summary['players']} players, "
             f"{summary['games']} deals")
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
                     f"   {summary['games_per_second']} deals/s"
                     + (f"   records in {summary['saved']}" if "saved" in summary else ""))
    teams.caption_justify = "left"
    console.print(teams)
    seats = Table(box=box.SIMPLE, title="per seat", title_justify="left")
    for col in ("seat", "bot", "avg points", "avg tricks", "avg bonus"):
        seats.add_column(col, justify="left" if col in ("seat", "bot") else "right")
    for s in summary["seats"]:
        seats.add_row(f"P{s['seat']}", s["bot"], f"{s['avg_points']:.1f}", f"{s['avg_tricks']:.2f}",
                      f"{s['avg_bonus']:.1f}")
    console.print(seats)


# -- check -------------------------------------------------------------------------------------
@app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="record files (.tgn) or folders of them",
                                                show_default=False)],
    json_out: JsonOpt = False,
) -> None:
    """Validate game records: every play legal, the totals right, the result as stated."""
    from aceten import record

    with user_errors(json_out):
        paths: list[Path] = []
        for path in files:
            if path.is_dir():
                found = sorted(path.glob("*.tgn"))
                if not found:
                    raise AcetenError(f"{path}: no .tgn records in this folder")
                paths.extend(found)
            else:
                paths.append(path)
        report: list[dict[str, Any]] = []
        for path in paths:
            if not path.exists():
                raise AcetenError(f"{path}: no such file")
            loaded = record.load(path)
            report.append({"path": str(path), "games": [_check_game(path, i, g)
                                                        for i, g in enumerate(loaded)]})
        count = sum(len(r["games"]) for r in report)
        if json_out:
            print(json.dumps({"ok": True, "files": len(report), "games": count, "records": report},
                             ensure_ascii=False))
            return
        for r in report:
            for i, info in enumerate(r["games"]):
                where = r["path"] + (f" #{i + 1}" if len(r["games"]) > 1 else "")
                state = info["result"] if info["over"] else f"in progress after {info['moves']} moves"
                print(f"OK {where}: {info['game']}, {info['players']} players: {state}")
        print(f"{count} record{'s' if count != 1 else ''} in {len(report)} "
              f"file{'s' if len(report) != 1 else ''}: all valid")


def _check_game(path: Path, index: int, game: Game) -> dict[str, Any]:
    """Replay the record's moves on a fresh deal (an independent check) and summarise it."""
    fresh = Game(game.rules, seed=game.seed, deal=game.deal)
    for number, move in enumerate(game.moves, start=1):
        try:
            fresh.push(move)
        except AcetenError as err:
            raise AcetenError(f"{path}: record {index + 1}, move {number}: {err}") from None
    info: dict[str, Any] = {"game": game.rules.name, "variant": game.rules.variant,
                            "players": game.players, "seed": game.seed, "moves": len(game.moves),
                            "tricks": len(game.tricks), "over": game.is_over()}
    outcome = fresh.outcome()
    if outcome is not None:
        total = sum(outcome.points)
        expected = _deck_points(fresh)
        if total != expected:
            raise AcetenError(f"{path}: record {index + 1}: card points add up to {total}, "
                              f"not {expected}")
        info.update(result=outcome.result, points=list(outcome.points),
                    scores=list(outcome.scores))
    return info


def _deck_points(game: Game) -> int:
    rules = game.rules
    per_trump = getattr(rules, "total_points_for", None)
    if per_trump is not None:
        return int(per_trump(game.trump))
    return rules.total_points


# -- rules -------------------------------------------------------------------------------------
@app.command("rules")
def rules_command(
    game: GameArg,
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Print a game's rule tables: deck, ranks and points, obligations, scoring, options."""
    with user_errors():
        options = parse_options(option)
        info = aceten.rules.get(game, players=players, variant=variant, **options).describe()
        if json_out:
            print(json.dumps(info, ensure_ascii=False, indent=2))
            return
        _console().print(display.describe_rich(info))


def _version(value: bool) -> None:
    if value:
        print(f"aceten {aceten.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Play, simulate and check the Ace-Ten card games: Briscola, Brisca, Cruce, Klaverjas."""


# -- commands of the other layers ---------------------------------------------------------------
# Each layer keeps its commands in its own module (``aceten/cli_<layer>.py``) with a
# ``register(app)`` function, and imports its heavy dependencies inside the commands.
# One line per layer below.
from aceten import cli_knowledge  # noqa: E402  (the knowledge layer: `aceten knows`)

cli_knowledge.register(app)
from aceten import cli_arena  # noqa: E402  (the arena layer: `aceten arena`)

cli_arena.register(app)
from aceten import cli_logic  # noqa: E402  (the logic layer: `aceten ask`, `cards`, `export`)

cli_logic.register(app)
from aceten import cli_prove  # noqa: E402  (`aceten prove`: natural-deduction proofs)

cli_prove.register(app)

from aceten import cli_env  # noqa: E402  (the research layer: `aceten table`)

cli_env.register(app)

from aceten import cli_web  # noqa: E402  (the web table: `aceten serve`)

cli_web.register(app)

from aceten import cli_search  # noqa: E402  (the search layer: `aceten solve`)

cli_search.register(app)


# -- entry point -------------------------------------------------------------------------------
try:  # the base of usage errors (unknown flag, missing argument) in Typer and in Click
    from typer import TyperException as _UsageError
except ImportError:  # pragma: no cover - older Typer re-uses Click's exceptions
    from click import ClickException as _UsageError  # type: ignore[assignment,no-redef]


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; usage errors too become one ``error:`` line and exit code 2."""
    command = typer.main.get_command(app)
    try:
        code = command.main(args=list(argv) if argv is not None else None, prog_name="aceten",
                            standalone_mode=False)
    except _UsageError as err:
        message = err.format_message() if hasattr(err, "format_message") else str(err)
        print(f"error: {' '.join(str(message).split())}", file=sys.stderr)
        sys.exit(getattr(err, "exit_code", EXIT_ERROR) or EXIT_ERROR)
    except typer.Abort:
        print("error: aborted", file=sys.stderr)
        sys.exit(EXIT_ERROR)
    except (KeyboardInterrupt, EOFError):
        print("error: interrupted", file=sys.stderr)
        sys.exit(EXIT_ERROR)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
