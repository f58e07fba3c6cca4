"""``aceten play``: play against bots in the terminal, or watch bots play every seat."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

import aceten
from aceten import agents, record
from aceten.agents.coach import Coach, review
from aceten.cards import Suit
from aceten.cli.common import (
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    bot_seed,
    console,
    flag,
    parse_options,
    stdin_is_terminal,
    symbols,
    user_errors,
)
from aceten.errors import AcetenError
from aceten.game import Game
from aceten.moves import Bid, TrumpCall
from aceten.rules import parts
from aceten.show import text as display

if TYPE_CHECKING:
    from rich.console import Console

    from aceten.agents import Agent
    from aceten.moves import Move


def register(app: typer.Typer) -> None:
    """Add ``play`` to the ``aceten`` command."""
    app.command()(play)


def play(
    game: Annotated[str, typer.Argument(
        help="briscola, brisca, cruce or klaverjas; or a saved record (.tgn) of an unfinished "
        "deal, to play on from where it stopped", show_default=False)],
    players: PlayersOpt = None,
    seat: Annotated[int, typer.Option(
        "--seat", "-s", help="your seat, 1-based (P1 leads the first trick)")] = 1,
    opponent: Annotated[str | None, typer.Option(
        "--opponent", "-b", show_default=False,
        help=f"the bot: a level ({', '.join(agents.LEVELS)}) or a bot by name "
        f"({', '.join(n for n in agents.names() if n not in agents.LEVELS)}); default "
        f"{agents.DEFAULT} (the searcher where the solver can run, else tactics)")] = None,
    variant: VariantOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", help="deal seed (same seed, same cards)")] = None,
    option: OptionOpt = None,
    auto: Annotated[bool, flag("--auto", help="bots play every seat; print the game")] = False,
    match: Annotated[bool, flag("--match", help="play a whole match of deals (Cruce to 11, "
                                        "Klaverjas 16 deals)")] = False,
    save: Annotated[Path | None, typer.Option(
        "--save", help="write the game's record (.tgn) to this file when it ends (a match: "
        "every deal); without it, an interactive game offers to save")] = None,
    json_out: Annotated[bool, flag("--json", help="bots play every seat (as with --auto); print "
                                   "the game, its record included, as one JSON object")] = False,
    hints: Annotated[bool, flag("--hints", help="a coach: the recommended move with its reason "
                                "before each of your moves, and after the deal the moves that "
                                "lost most points (the solver's review)")] = False,
    verbose: Annotated[bool, flag("--verbose", "-v", help="print the technical detail behind "
                                  "each bot's reason too")] = False,
    interactive: Annotated[bool, flag("--interactive", hidden=True,
                                              help="prompt even when stdin is not a terminal")] = False,
) -> None:
    """Play against bots in the terminal (with --auto or --json, or no terminal, bots play every
    seat)."""
    with user_errors():
        options = parse_options(option)
        resumed = _resumed(game, players=players, variant=variant, options=options, seed=seed,
                           match=match)
        if resumed is not None:
            seed = resumed.seed if resumed.seed is not None else 0
        if seed is None:
            import random

            seed = random.randrange(10**6)
        rules = resumed.rules if resumed is not None else aceten.rules.get(
            game, players=players, variant=variant, **options)
        n = rules.players
        if not 1 <= seat <= n:
            raise AcetenError(f"--seat {seat}: seats are 1 to {n}")
        if opponent is not None and not opponent.strip():
            raise AcetenError("--opponent: give a bot name (or leave the option out for "
                              f"{agents.DEFAULT})")
        opponent = opponent or agents.DEFAULT
        agents.get(opponent)  # check the name before dealing
        if hints and (auto or json_out):
            raise AcetenError("--hints coaches a person at the prompt: give no --auto or --json "
                              "with it (the bots' reasons are printed with --auto)")
        if save is not None and not save.is_dir() and save.suffix.lower() != ".tgn":
            raise AcetenError(f"--save {save}: a record's file name ends in .tgn")
        problem = None if save is None else _save_problem(save)
        if problem is not None:  # before the game, not after it: nothing played is lost
            raise AcetenError(f"--save {save}: {problem}")
        person_here = interactive or stdin_is_terminal()
        human = None if (auto or json_out) or not person_here else seat - 1
        if json_out and not auto and person_here:  # JSON is for programs: no prompt, bots play
            print("--json: bots play every seat (leave out --json to play yourself)",
                  file=sys.stderr)
        elif human is None and not auto and not json_out:
            print("stdin is not a terminal: bots play every seat", file=sys.stderr)
        if human is not None and (agents.needs_solver(opponent)
                                  or (hints and agents.needs_solver(agents.DEFAULT))):
            from aceten.agents.pimc import warm_up

            with console().status("Loading the bots' solver (the first time after "
                                  "installing, it may be built: seconds with a C compiler, a "
                                  "minute or more where numba compiles it)..."):
                warm_up()
        bots: list[Agent] = [agents.get(opponent, seed=bot_seed(seed, s)) for s in range(n)]
        games = (iter([(resumed, _resumed_heading(resumed, game))]) if resumed is not None
                 else _deals(game, players, variant, seed, options, match, quiet=json_out))
        out = console()
        can_draw = symbols(out)
        results: list[dict[str, Any]] = []
        played: list[Game] = []
        finished = True
        for g, describe in games:
            played.append(g)
            if human is None:
                _auto_game(g, bots, out, quiet=json_out, heading=describe, verbose=verbose)
            else:
                out.print(describe, style="bold", markup=False, soft_wrap=True)
                coach = Coach(seed=bot_seed(seed, human))
                try:
                    done = _interactive_game(g, human, bots, out, can_draw, coach=coach,
                                             hints=hints, verbose=verbose)
                except _Interrupted:  # Ctrl-C at the prompt: leave as `quit` does...
                    if not any(p.moves for p in played):
                        raise KeyboardInterrupt from None  # ...with nothing to save: an error
                    done = False
                if not done:
                    finished = False
                    break
            outcome = g.outcome()
            assert outcome is not None
            results.append({"seed": g.seed, "moves": [str(m) for m in g.moves],
                            **outcome.as_dict(), "record": record.dumps(g)})
        failed = None
        if save is not None:
            failed = _save_played(save, played, out, rules.name, seed, ask=human is not None,
                                  json_out=json_out)
        elif human is not None:
            _offer_to_save(played, out)
        if not finished:
            out.print("bye")
        elif json_out:
            print(json.dumps({"game": rules.name, "players": n, "variant": rules.variant,
                              "options": options, "seed": seed,
                              "bots": [opponent] * n, "deals": results}, ensure_ascii=False))
        if failed is not None:
            raise AcetenError(failed)


class _Interrupted(Exception):
    """Ctrl-C at the prompt for a move: the game stands between two moves, whole."""


def _save_problem(path: Path) -> str | None:
    """Why a record cannot be written to ``path`` (None: nothing found against it), said before
    a game rather than after it. Missing folders are fine: :func:`record.save` makes them."""
    try:
        if path.is_dir():
            return "is a folder; give a file for the record"
        folder = path.parent
        while not folder.exists() and not folder.is_symlink() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir():
            return f"{folder} is {'a file, ' if folder.is_file() else ''}not a folder"
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"no permission to write in the folder {folder}"
    except OSError as err:
        return err.strerror or str(err)
    return None


def _spare_path(name: str, seed: int) -> Path:
    """A file in the current folder for a record that could not go where it was asked:
    ``briscola-000042.tgn`` (as ``simulate --save`` names them), or ``-2``... if taken."""
    first = Path(record.file_name(name, seed))
    path, number = first, 1
    while path.exists() or path.is_symlink():
        number += 1
        path = first.with_stem(f"{first.stem}-{number}")
    return path


def _save_played(path: Path, played: Sequence[Game], out: Console, name: str, seed: int, *,
                 ask: bool, json_out: bool) -> str | None:
    """Write the record to ``--save``'s file. Should that fail at the end (the disk filled up,
    the folder went), the games are not lost: a person at the prompt is asked for another
    file, else they go to a spare file in the current folder. Returns the error line to end
    the command with (None: saved, or the person chose)."""
    try:
        record.save(path, played)
    except AcetenError as err:
        problem = _save_problem(path)
        failed = f"cannot write {path}: {problem}" if problem else str(err)
        if ask:
            out.print(f"{failed}; save the record elsewhere", style="red", markup=False,
                      soft_wrap=True)
            _offer_to_save(played, out)
            return None
        spare = _spare_path(name, seed)
        try:
            record.save(spare, played)
        except AcetenError as again:
            return f"{failed}; nor could it be saved instead: {again}"
        return f"{failed}; the record was saved to {spare} instead"
    print(f"record saved to {path}", file=sys.stderr if json_out else sys.stdout)
    return None


def _offer_to_save(played: Sequence[Game], out: Console) -> None:
    """Ask for a file name to save the record in (Enter, the end of input or Ctrl-C saves
    nothing); an existing file is replaced only when the person says so."""
    while True:
        try:
            answer = _ask(out, "Save the record? File name, e.g. game.tgn (Enter: no): ")
        except (EOFError, KeyboardInterrupt):
            return
        if not answer:
            return
        if not answer.lower().endswith(".tgn"):  # not a stray line taken for a file name
            out.print("a record's file name ends in .tgn", style="yellow")
            continue
        path = Path(answer).expanduser()
        problem = _save_problem(path)
        if problem is not None:
            out.print(f"cannot write {answer}: {problem}", style="red", markup=False,
                      soft_wrap=True)
            continue
        if path.exists() or path.is_symlink():
            try:
                sure = _ask(out, f"{answer} exists; overwrite? [y/N] ")
            except (EOFError, KeyboardInterrupt):
                return
            if sure.lower() not in ("y", "yes"):
                continue
        try:
            path = record.save(path, played)
        except AcetenError as err:
            out.print(str(err), style="red", markup=False, soft_wrap=True)
            continue
        out.print(f"record saved to {path}; replay it with `aceten check {path}` or "
                  f"`aceten solve {path}`", markup=False, soft_wrap=True)
        return


def _resumed(game: str, *, players: int | None, variant: str | None, options: dict[str, str],
             seed: int | None, match: bool) -> Game | None:
    """The unfinished deal of a saved record named where the game's name goes (``aceten play
    saved.tgn``), replayed to where it stopped; None for a game's name."""
    path = Path(game)
    if path.suffix.lower() != ".tgn" and not (path.is_file() and game.lower() not in
                                              aceten.rules.GAMES):
        return None
    given = [name for name, value in (("--players", players), ("--variant", variant),
                                      ("--option", options or None), ("--seed", seed),
                                      ("--match", match or None)) if value is not None]
    if given:
        raise AcetenError(f"{game}: the record fixes the game; give no {', '.join(given)} with it")
    games = record.load(path)
    if len(games) > 1:
        raise AcetenError(f"{game}: a file of {len(games)} deals; play on from a file of one "
                          "(a match is not resumed)")
    resumed = games[0]
    if resumed.is_over():
        outcome = resumed.outcome()
        raise AcetenError(f"{game}: the deal is over ({outcome}); nothing to play on "
                          f"(aceten solve {game} analyses it)")
    return resumed


def _resumed_heading(game: Game, path: str) -> str:
    moves = len(game.moves)
    return (f"{display.header_text(game.rules, game.seed)}: resumed from {path} after {moves} "
            f"move{'s' * (moves != 1)}")


def _new_game(game: str, players: int | None, variant: str | None, seed: int | None,
              options: dict[str, str]) -> Game:
    return aceten.new_game(game, players=players, variant=variant, seed=seed, **options)



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
        m.add(g)
        scores = "  ".join(f"{m.side_name(t)} {s}" for t, s in enumerate(m.scores))
        if not quiet:
            print(f"Match score after deal {number}: {scores}")
    if not quiet:
        winner = m.winner
        head = "tied" if winner is None else f"{m.side_name(winner)} wins"
        print(f"Match: {head} (seed {m.seed})")


def reason_lines(bot: Agent, seat: int, verbose: bool) -> list[str]:
    """A bot's reason for its last move, in plain words (and its detail with --verbose)."""
    lines = [f"    {display.seat_name(seat)}: {bot.reason}"] if bot.reason else []
    if verbose and bot.detail:
        lines.append(f"      ({bot.detail})")
    return lines


def _auto_game(game: Game, bots: Sequence[Agent], out: Console, *, quiet: bool,
               heading: str, verbose: bool = False) -> None:
    """Bots play every seat; print the game trick by trick, each bot's reason, and the result."""
    narrator = display.Narrator(game)

    def report(g: Game, seat: int, move: Move) -> None:
        for line in reason_lines(bots[seat], seat, verbose):
            print(line)
        for line in narrator.lines():
            print(line)

    if not quiet:
        print(heading)
        print(display.trump_text(game.rules, game.trump, game.trump_card, game.stock_size))
        for seat in range(game.players):
            print(f"{display.seat_name(seat)}: {display.cards_text(game.hand(seat))}"
                  f"  [{bots[seat].name}]")
    outcome = agents.play(game, bots, None if quiet else report)
    if not quiet:
        sys.stdout.flush()
        out.print(display.outcome_rich(outcome))


# The moves besides cards, each with the part of the rules that has it: the help lists only
# those of the game being played.
MOVE_HELP: tuple[tuple[type[parts.Part], str], ...] = (
    (parts.Bidding, "  bid:2 or 2, pass         bid (pass is bid 0)"),
    (parts.TrumpCall, "  trump:H or H, pass       call trump or pass"),
    (parts.Exchange, "  swap:7O                  exchange for the face-up trump"),
    (parts.Auction, "  bid:A, bid:2:71, pass    an auction: a rank (lower cards bid higher), then "
     "points"),
    (parts.CalledPartner, "  call:3S                  the auction's winner calls a card (its "
     "holder is the partner)"),
)
HELP_END = """  ? help   legal moves     last   the last trick     table   the table again
  hint     the coach's recommended move and why
  undo     take back your last move                  quit    leave the game"""


def _help(game: Game, human: int) -> str:
    """The commands of this game, with a card of this game (and of this hand) as the example."""
    hand = display.sorted_hand(game.hand(human), game.rules, game.trump)
    card = hand[0] if hand else game.rules.deck[0]
    lines = ["commands:", f"  {str(card) + ', ' + card.name:<24} play a card"]
    lines += [text for part, text in MOVE_HELP if game.rules.part(part) is not None]
    return "\n".join([*lines, HELP_END])


def _opponents(human: int, bots: Sequence[Agent]) -> str:
    """``P2 is the pimc bot`` / ``P2, P3 and P4 are pimc bots``: who plays the other seats."""
    others = [s for s in range(len(bots)) if s != human]
    names = {bots[s].name for s in others}
    if len(names) > 1:
        return ", ".join(f"{display.seat_name(s)} is {bots[s].name}" for s in others)
    seats = [display.seat_name(s) for s in others]
    who = seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]
    return f"{who} {'is the' if len(seats) == 1 else 'are'} {names.pop()} bot{'s' * (len(seats) > 1)}"


def _check_held(game: Game, seat: int, move: Move) -> None:
    """A card typed that is not in the hand: say so with the hand as the table shows it."""
    from aceten.cards import Card

    if isinstance(move, Card) and game.phase == "play" and move not in game.hand(seat):
        hand = display.sorted_hand(game.hand(seat), game.rules, game.trump)
        raise AcetenError(f"you do not hold {move}; your hand: {display.cards_text(hand)}")


def _show_hint(game: Game, human: int, coach: Coach, out: Console, can_draw: bool,
               verbose: bool) -> None:
    hint = coach.hint(game.view(human))
    out.print(f"hint: {display.move_text(hint.move, can_draw)} — {hint.reason}", style="cyan",
              markup=False, soft_wrap=True)
    if verbose and hint.detail:
        out.print(f"  ({hint.detail})", markup=False, soft_wrap=True)


def _interactive_game(game: Game, human: int, bots: Sequence[Agent], out: Console,
                      can_draw: bool, *, coach: Coach | None = None, hints: bool = False,
                      verbose: bool = False) -> bool:
    """A person plays seat ``human``; returns False when they quit. Bots' reasons are printed
    after their moves; with ``hints`` the coach recommends each move and reviews the deal."""
    coach = coach or Coach()
    narrator = display.Narrator(game, viewer=human, plays=True, draws=True, symbols=can_draw)
    movers = _movers(game)  # who made each move, for undo (a resumed deal has some already)
    if stdin_is_terminal():
        with suppress(ImportError):  # line editing for input(), where the platform has it
            import readline  # noqa: F401
    out.print(f"You are {display.seat_name(human)}; {_opponents(human, bots)}. Type ? for help.",
              markup=False)
    if movers:
        out.print("So far:", style="bold")
        _say(out, narrator)
    while not game.is_over():
        seat = game.to_move
        if seat != human:
            move = bots[seat].choose(game.view(seat))
            game.push(move)
            movers.append(seat)
            for line in reason_lines(bots[seat], seat, verbose):
                out.print(line, style="dim", markup=False, soft_wrap=True)
            _say(out, narrator)
            continue
        out.print(display.table(game.view(human), can_draw))
        if hints:
            _show_hint(game, human, coach, out, can_draw, verbose)
        while True:
            try:
                text = _ask(out, f"{display.seat_name(human)} ({game.phase})> ")
            except EOFError:  # Ctrl-D: leave the game, as `quit` does
                return False
            except KeyboardInterrupt:  # Ctrl-C: the same, with the game between two moves
                raise _Interrupted from None
            word = text.lower()
            if not word:
                continue
            if word in ("quit", "exit", "q"):
                return False
            if word in ("?", "help", "moves"):
                order: dict[object, int] = {c: i for i, c in enumerate(
                    display.sorted_hand(game.hand(human), game.rules, game.trump))}
                # the cards as the table shows them
                moves = sorted(game.legal_moves(), key=lambda m: order.get(m, len(order)))
                legal = " ".join(display.move_text(m, can_draw) for m in moves)
                out.print(f"legal: {legal}", markup=False, soft_wrap=True)
                out.print(_help(game, human), markup=False)
                continue
            if word == "hint":
                _show_hint(game, human, coach, out, can_draw, verbose)
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
                _check_held(game, human, move)
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
    if hints:
        with out.status("The solver is reviewing your moves..."):
            checked = review(game, human)
        for line in checked.lines():
            out.print(line, markup=False, soft_wrap=True)
    return True


def _movers(game: Game) -> list[int]:
    """The seat that made each of the game's moves so far, in order."""
    replay = Game(game.rules, seed=game.seed, deal=game.deal)
    seats = []
    for move in game.moves:
        seats.append(replay.to_move)
        replay.push(move)
    return seats


def _ask(out: Console, prompt: str) -> str:
    """One line typed at the prompt (with line editing in a terminal); EOFError at the end of
    input (Ctrl-D), KeyboardInterrupt at Ctrl-C."""
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


