"""``aceten play``: play against bots in the terminal, or watch bots play every seat."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Annotated, Any

import typer

import aceten
from aceten import agents
from aceten.cards import Suit
from aceten.cli.common import (
    GameArg,
    JsonOpt,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    bot_seed,
    console,
    parse_options,
    stdin_is_terminal,
    symbols,
    user_errors,
)
from aceten.errors import AcetenError
from aceten.game import Game
from aceten.moves import Bid, TrumpCall
from aceten.show import text as display

if TYPE_CHECKING:
    from rich.console import Console

    from aceten.agents import Agent
    from aceten.moves import Move


def register(app: typer.Typer) -> None:
    """Add ``play`` to the ``aceten`` command."""
    app.command()(play)


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
        human = None if (auto or json_out) or not (interactive or stdin_is_terminal()) else seat - 1
        if human is None and not auto and not json_out:
            print("stdin is not a terminal: bots play every seat", file=sys.stderr)
        if human is not None and opponent == "pimc":
            from aceten.agents.pimc import warm_up

            with console().status("Loading the pimc player's solver (the first time after "
                                   "installing, numba compiles it: about half a minute)..."):
                warm_up()
        bots: list[Agent] = [agents.get(opponent, seed=bot_seed(seed, s)) for s in range(n)]
        games = _deals(game, players, variant, seed, options, match, quiet=json_out)
        out = console()
        can_draw = symbols(out)
        results: list[dict[str, Any]] = []
        for g, describe in games:
            if human is None:
                _auto_game(g, bots, out, quiet=json_out, heading=describe)
            else:
                out.print(describe, style="bold", markup=False)
                if not _interactive_game(g, human, bots, out, can_draw):
                    out.print("bye")
                    return
            outcome = g.outcome()
            assert outcome is not None
            results.append({"seed": g.seed, "moves": [str(m) for m in g.moves],
                            **outcome.as_dict()})
        if json_out:
            print(json.dumps({"game": rules.name, "players": n, "variant": rules.variant,
                              "options": options, "seed": seed,
                              "bots": [opponent] * n, "deals": results}, ensure_ascii=False))


def _new_game(game: str, players: int | None, variant: str | None, seed: int | None,
              options: dict[str, str]) -> Game:
    return aceten.new_game(game, players=players, variant=variant, seed=seed, **options)



def _deals(game: str, players: int | None, variant: str | None, seed: int,
           options: dict[str, str], match: bool, quiet: bool) -> Iterator[tuple[Game, str]]:
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


def _auto_game(game: Game, bots: Sequence[Agent], out: Console, *, quiet: bool,
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
        out.print(display.outcome_rich(outcome))


HELP = """commands:
  AS, 10H, ace of swords   play a card
  bid:2 or 2, pass         bid (Cruce; pass is bid 0)
  trump:H or H, pass       call trump or pass (Klaverjas)
  swap:7O                  exchange for the face-up trump (Brisca)
  ? help   legal moves     last   the last trick     table   the table again
  undo     take back your last move                  quit    leave the game"""


def _interactive_game(game: Game, human: int, bots: Sequence[Agent], out: Console,
                      can_draw: bool) -> bool:
    """A person plays seat ``human``; returns False when they quit."""
    narrator = display.Narrator(game, viewer=human, plays=True, draws=True, symbols=can_draw)
    movers: list[int] = []
    if stdin_is_terminal():
        with suppress(ImportError):  # line editing for input(), where the platform has it
            import readline  # noqa: F401
    out.print(f"You are {display.seat_name(human)}. Type ? for help.")
    while not game.is_over():
        seat = game.to_move
        if seat != human:
            move = bots[seat].choose(game.view(seat))
            game.push(move)
            movers.append(seat)
            _say(out, narrator)
            continue
        out.print(display.table(game.view(human), can_draw))
        while True:
            text = _ask(out, f"{display.seat_name(human)} ({game.phase})> ")
            word = text.lower()
            if not word:
                continue
            if word in ("quit", "exit", "q"):
                return False
            if word in ("?", "help", "moves"):
                legal = " ".join(display.move_text(m, can_draw) for m in game.legal_moves())
                out.print(f"legal: {legal}", markup=False, soft_wrap=True)
                out.print(HELP, markup=False)
                continue
            if word == "last":
                tricks = game.tricks
                out.print(display.trick_text(tricks[-1], can_draw) if tricks else "no trick yet",
                              markup=False)
                continue
            if word in ("table", "show"):
                out.print(display.table(game.view(human), can_draw))
                continue
            if word == "undo":
                if human not in movers:
                    out.print("nothing to undo", style="yellow")
                    continue
                while movers:
                    game.pop()
                    if movers.pop() == human:
                        break
                narrator.rewind()
                out.print("taken back")
                out.print(display.table(game.view(human), can_draw))
                continue
            try:
                move = _read_move(game, text)
                game.push(move)
            except AcetenError as err:
                out.print(f"{err}", style="red", markup=False, soft_wrap=True)
                continue
            movers.append(human)
            _say(out, narrator)
            break
    outcome = game.outcome()
    assert outcome is not None
    out.print(display.outcome_rich(outcome))
    return True


def _ask(out: Console, prompt: str) -> str:
    """One line typed at the prompt (with line editing in a terminal); EOFError at the end."""
    sys.stdout.flush()
    try:
        return input(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        print()
        raise


def _say(out: Console, narrator: display.Narrator) -> None:
    for line in narrator.lines():
        out.print(line, markup=False, soft_wrap=True)


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


