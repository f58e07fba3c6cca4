"""Showing games to people: plain text for ``str(game)`` and logs, Rich renderables for the terminal.

Plain text uses card letters (``AS``) and ASCII so it prints anywhere; the Rich table can use
suit symbols where the deck has them (``A♠`` in Klaverjas). Rich is imported only inside the
functions that build Rich objects, so ``import aceten`` stays light.

    >>> import aceten
    >>> from aceten.show import text as display
    >>> g = aceten.new_game("briscola", players=2, seed=3)
    >>> for _ in range(2):
    ...     g.push(g.legal_moves()[0])
    >>> display.trick_text(g.tricks[0])
    '1. P1 7S  P2 AC -> P2 +11'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from aceten.cards import Card, Family, Suit

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from aceten.game import Game, Outcome, PlayerView, Trick
    from aceten.moves import Move
    from aceten.rules.base import Rules

# Terminal colours per family and suit index.
SUIT_STYLES: dict[Family, tuple[str, str, str, str]] = {
    Family.LATIN: ("bright_blue", "red", "yellow", "green"),  # swords cups coins clubs
    Family.FRENCH: ("", "red", "red", ""),  # clubs diamonds hearts spades
    Family.GERMAN: ("red", "green", "yellow", "dark_orange"),  # rosu verde ghinda duba
}


# -- plain text ----------------------------------------------------------------------------
def seat_name(seat: int | None) -> str:
    """``P1`` for seat 0: seats are 0-based in the API and 1-based for people."""
    return "--" if seat is None else f"P{seat + 1}"


def card_text(card: Card, symbols: bool = False) -> str:
    """``AS``, or ``A♠`` with ``symbols`` where the deck has suit symbols."""
    return card.symbol if symbols else str(card)


def cards_text(cards: Iterable[Card], symbols: bool = False) -> str:
    """Cards separated by spaces; ``-`` for none."""
    return " ".join(card_text(c, symbols) for c in cards) or "-"


def suit_text(suit: Suit | None) -> str:
    """``O (coins)``; ``-`` for no suit."""
    return "-" if suit is None else f"{suit.letter} ({suit.name})"


def move_text(move: Move, symbols: bool = False) -> str:
    """The move's token (``AS``, ``bid:2``, ``trump:H``, ``pass``, ``swap:7O``)."""
    if isinstance(move, Card):
        return card_text(move, symbols)
    return str(move)


def trick_text(trick: Trick, symbols: bool = False) -> str:
    """One finished trick: who played what, who won it and what it scored."""
    plays = "  ".join(f"{seat_name(s)} {card_text(c, symbols)}" for s, c in trick)
    text = f"{trick.number}. {plays} -> {seat_name(trick.winner)} +{trick.points}"
    for note in trick.notes:
        text += f" ({note})"
    return text


def current_trick_text(leader: int, cards: Sequence[Card], players: int, symbols: bool = False) -> str:
    """The trick in progress: the cards played so far and who plays next."""
    plays = [f"{seat_name((leader + i) % players)} {card_text(c, symbols)}" for i, c in enumerate(cards)]
    if len(cards) < players:
        plays.append(f"{seat_name((leader + len(cards)) % players)} ?")
    return "  ".join(plays)


def event_text(kind: str, seat: int | None, what: Any, symbols: bool = False) -> str | None:
    """A line for one logged event (bids, calls, exchanges, marriages, plays, draws)."""
    who = seat_name(seat)
    if kind == "bid":
        return f"{who} bids {what}" if what else f"{who} passes (bid 0)"
    if kind == "call":
        return f"{who} passes" if what is None else f"{who} calls trump: {suit_text(what)}"
    if kind == "auction":
        return f"{who} passes" if what.rank is None else f"{who} bids {str(what).removeprefix('bid:')}"
    if kind == "call-card":
        return f"{who} calls {card_text(what, symbols)}: its suit is trump, its holder the partner"
    if kind == "reveal":
        return f"{card_text(what, symbols)} is played: {who} is the caller's partner (or alone)"
    if kind == "swap":
        return f"{who} exchanges {card_text(what, symbols)} for the face-up trump card"
    if kind == "bonus":
        value, note = what
        return f"{who} scores {note}" if note else f"{who} scores {value}"
    if kind == "play":
        return f"{who} plays {card_text(what, symbols)}"
    if kind == "draw":
        return None if what is None else f"{who} draws {card_text(what, symbols)}"
    return None


class Narrator:
    """Turns a game's log into lines as the game goes on (the ``play`` command's commentary).

    ``plays`` adds a line per card played, ``draws`` the draws that ``viewer`` may see (all
    draws when ``viewer`` is None); a finished trick always gets its :func:`trick_text` line.
    """

    def __init__(self, game: Game, *, viewer: int | None = None, plays: bool = False,
                 draws: bool = False, symbols: bool = False):
        self.game = game
        self.viewer = viewer
        self.plays = plays
        self.draws = draws
        self.symbols = symbols
        self._pos = 0
        self._played = 0

    def rewind(self) -> None:
        """Forget lines past the end of the log (after ``game.pop()``)."""
        log = self.game.log
        self._pos = min(self._pos, len(log))
        self._played = sum(1 for kind, _, _ in log[:self._pos] if kind == "play")

    def lines(self) -> list[str]:
        """The lines for what happened since the last call."""
        game = self.game
        log = game.log
        out: list[str] = []
        tricks = None
        turned = game.turned_card
        for kind, seat, what in log[self._pos:]:
            if kind == "play":
                self._played += 1
                if self.plays:
                    out.append(event_text(kind, seat, what, self.symbols) or "")
                if self._played % game.players == 0:
                    if tricks is None:
                        tricks = game.tricks
                    out.append(trick_text(tricks[self._played // game.players - 1], self.symbols))
                continue
            if kind == "draw":
                if not self.draws:
                    continue
                if what == turned:
                    out.append(f"{seat_name(seat)} takes the face-up {card_text(what, self.symbols)}")
                    continue
                if self.viewer is not None and seat != self.viewer:
                    continue
            line = event_text(kind, seat, what, self.symbols)
            if line is not None:
                out.append(line)
        self._pos = len(log)
        return out


def transcript_lines(game: Game, symbols: bool = False) -> list[str]:
    """The whole game so far: bids, calls, exchanges, marriages and one line per trick."""
    return Narrator(game, symbols=symbols).lines()


def header_text(rules: Rules, seed: int | None = None) -> str:
    """One line naming the game: title, players, variant, options given, seed."""
    text = f"{rules.title or rules.name}, {rules.players} players"
    if len(rules.variants) > 1:
        text += f", {rules.variant}"
    if rules.given_options:
        text += ", " + ", ".join(f"{k}={_option_text(k, v)}" for k, v in rules.given_options.items())
    if seed is not None:
        text += f", seed {seed}"
    return text


def _option_text(key: str, value: Any) -> str:
    if key == "dealer" and isinstance(value, int) and not isinstance(value, bool):
        return seat_name(value)  # seats show from P1, as everywhere people read them
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def trump_text(rules: Rules, trump: Suit | None, face_up: Card | None, stock: int) -> str:
    """``Trump: O (coins), face-up 3O, stock 24``, or how trump is still to be settled."""
    if trump is None:
        pending = {"first-lead": "the suit of the first card led", "called": "to be called"}
        text = f"Trump: {pending.get(rules.trump_mode, '-')}"
    else:
        text = f"Trump: {suit_text(trump)}"
    if face_up is not None:
        text += f", face-up {face_up}"
    if rules.stock_size:
        text += f", stock {stock}"
    return text


def _scores_line(rules: Rules, points: Sequence[int], tricks: Sequence[int]) -> str:
    parts = [f"{seat_name(s)} {points[s]} ({tricks[s]} tr)" for s in range(len(points))]
    text = "Points: " + "  ".join(parts)
    if any(len(t) > 1 for t in rules.teams):
        sums = [f"{'+'.join(seat_name(s) for s in team)} {sum(points[s] for s in team)}"
                for team in rules.teams]
        text += "  | " + "  ".join(sums)
    return text


def outcome_text(outcome: Outcome) -> str:
    """The result line with any notes (nat, pit, a lost bid)."""
    return str(outcome)


def game_text(game: Game) -> str:
    """The whole position as plain text (every hand shown): what ``str(game)`` prints."""
    rules = game.rules
    lines = [header_text(rules, game.seed)]
    lines.append(trump_text(rules, game.trump, game.trump_card, game.stock_size))
    for seat in range(game.players):
        lines.append(f"{seat_name(seat)}: {cards_text(game.hand(seat))}")
    lines.extend(transcript_lines(game))
    if game.is_over():
        outcome = game.outcome()
        assert outcome is not None
        lines.append(_scores_line(rules, game.points, game.tricks_won))
        lines.append("Result: " + outcome_text(outcome))
    else:
        if game.phase == "play":
            lines.append("Trick: " + current_trick_text(game.leader, game.trick, game.players))
        lines.append(_scores_line(rules, game.points, game.tricks_won))
        lines.append(f"{seat_name(game.to_move)} to move ({game.phase})")
    return "\n".join(lines)


def _tricks_won(view: PlayerView) -> list[int]:
    won = [0] * view.players
    for trick in view.tricks:
        won[trick.winner] += 1
    return won


def view_text(view: PlayerView) -> str:
    """What one seat sees, as plain text (other hands only as a count and their open cards)."""
    rules = view.rules
    lines = [header_text(rules) + f", seen by {seat_name(view.seat)}"]
    lines.append(trump_text(rules, view.trump, view.trump_card, view.stock_size))
    for seat in range(view.players):
        if seat == view.seat:
            lines.append(f"{seat_name(seat)} (you): {cards_text(view.hand)}")
        else:
            size = view.hand_sizes[seat]
            text = f"{seat_name(seat)}: {size} card{'' if size == 1 else 's'}"
            if view.open_cards[seat]:
                text += f", open {cards_text(view.open_cards[seat])}"
            lines.append(text)
    if view.tricks:
        lines.append("Last trick: " + trick_text(view.tricks[-1]))
    if view.phase == "play":
        lines.append("Trick: " + current_trick_text(view.leader, view.trick, view.players))
    lines.append(_scores_line(rules, view.points, _tricks_won(view)))
    if view.to_move is not None:
        lines.append(f"{seat_name(view.to_move)} to move ({view.phase})")
    if view.legal_moves:
        lines.append("Legal: " + " ".join(move_text(m) for m in view.legal_moves))
    return "\n".join(lines)


def sorted_hand(cards: Iterable[Card], rules: Rules, trump: Suit | None = None) -> list[Card]:
    """Cards by suit, strongest first within a suit (trumps by the trump order)."""
    def key(card: Card) -> tuple[int, int]:
        bit = int(card) & 63
        power = rules.trump_strength[bit] if card.suit == trump else rules.plain_strength[bit]
        return card.suit.index, -power

    return sorted(cards, key=key)


# -- Rich ------------------------------------------------------------------------------------
def card_rich(card: Card, symbols: bool = True, *, dim: bool = False, bold: bool = False) -> Text:
    """A card as coloured Rich text."""
    from rich.text import Text

    style = SUIT_STYLES[card.family][card.suit.index]
    if bold:
        style = f"bold {style}".strip()
    if dim:
        style = f"dim {style}".strip()
    return Text(card_text(card, symbols), style=style)


def cards_rich(cards: Iterable[Card], symbols: bool = True, *, legal: Iterable[Any] | None = None) -> Text:
    """Cards as Rich text; with ``legal``, the playable ones bold and the rest dimmed."""
    from rich.text import Text

    allowed = None if legal is None else set(legal)
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        if allowed is None:
            out.append_text(card_rich(card, symbols))
        else:
            out.append_text(card_rich(card, symbols, bold=card in allowed, dim=card not in allowed))
    if not out:
        out.append("-")
    return out


def trick_rich(trick: Trick, symbols: bool = True) -> Text:
    """A finished trick as Rich text, the winning card underlined."""
    from rich.text import Text

    out = Text()
    for i, (seat, card) in enumerate(trick):
        if i:
            out.append("  ")
        out.append(f"{seat_name(seat)} ")
        out.append_text(card_rich(card, symbols, bold=seat == trick.winner))
    out.append(f"  -> {seat_name(trick.winner)} +{trick.points}")
    for note in trick.notes:
        out.append(f" ({note})", style="magenta")
    return out


def table(view: PlayerView, symbols: bool = True, *, you: bool = True) -> RenderableType:
    """The table as one seat sees it: trump, the trick, last trick, scores, hands, the moves."""
    from rich import box
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    rules = view.rules
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", justify="right", no_wrap=True)
    grid.add_column()

    trump = Text()
    if view.trump is None:
        pending = {"first-lead": "the suit of the first card led", "called": "to be called"}
        trump.append(pending.get(rules.trump_mode, "-"), style="italic")
    else:
        trump.append(f"{view.trump.symbol if symbols else view.trump.letter} {view.trump.name}",
                     style=SUIT_STYLES[view.trump.family][view.trump.index] or "bold")
    if view.trump_card is not None:
        trump.append("   face-up ")
        trump.append_text(card_rich(view.trump_card, symbols))
    if rules.stock_size:
        trump.append(f"   stock {view.stock_size}")
    grid.add_row("Trump", trump)

    bids = [f"{seat_name(seat)} {what}" for kind, seat, what in view.events if kind == "bid"]
    if bids:
        grid.add_row("Bids", "  ".join(bids))
    calls = [f"{seat_name(seat)} {'pass' if what is None else what.name}"
             for kind, seat, what in view.events if kind == "call"]
    if calls:
        grid.add_row("Trump call", "  ".join(calls))
    auction = [f"{seat_name(seat)} {'pass' if what.rank is None else str(what).removeprefix('bid:')}"
               for kind, seat, what in view.events if kind == "auction"]
    if auction:
        grid.add_row("Auction", "  ".join(auction))
    if view.called_card is not None and view.declarer is not None:
        known = ("unknown" if view.partner is None else "alone" if view.partner == view.declarer
                 else seat_name(view.partner))
        grid.add_row("Called", f"{seat_name(view.declarer)} calls {card_text(view.called_card, symbols)}; "
                               f"partner: {known}")

    if view.phase == "play" or view.trick:
        trick = Text()
        for i, card in enumerate(view.trick):
            if i:
                trick.append("  ")
            trick.append(f"{seat_name((view.leader + i) % view.players)} ")
            trick.append_text(card_rich(card, symbols))
        if view.to_move is not None:
            if view.trick:
                trick.append("  ")
            trick.append(f"{seat_name(view.to_move)} to play", style="italic")
        grid.add_row("Trick", trick)
    if view.tricks:
        grid.add_row("Last trick", trick_rich(view.tricks[-1], symbols))

    won = _tricks_won(view)
    bonus = [0] * view.players
    for kind, seat, what in view.events:
        if kind == "bonus" and seat is not None:
            bonus[seat] += what[0]
    for done in view.tricks:
        bonus[done.winner] += done.bonus
    scores = Table(box=None, padding=(0, 1), show_edge=False)
    scores.add_column("")
    for seat in range(view.players):
        scores.add_column(seat_name(seat), justify="right",
                          header_style="bold underline" if seat == view.seat else "bold")
    scores.add_row("points", *(str(p) for p in view.points))
    scores.add_row("tricks", *(str(w) for w in won))
    if any(bonus):
        scores.add_row("bonus", *(str(b) for b in bonus))
    grid.add_row("Score", scores)
    if rules.hidden_teams:
        if view.declarer is not None and view.partner is not None:
            side = sorted({view.declarer, view.partner})
            rest = [s for s in range(view.players) if s not in side]
            grid.add_row("Teams", "   ".join(
                f"{'+'.join(seat_name(s) for s in team)} {sum(view.points[s] for s in team)}"
                for team in (side, rest)))
    elif any(len(t) > 1 for t in rules.teams):
        teams = "   ".join(
            f"{'+'.join(seat_name(s) for s in team)} {sum(view.points[s] + bonus[s] for s in team)}"
            for team in rules.teams)
        grid.add_row("Teams", teams)

    others = Text()
    for seat in range(view.players):
        if seat == view.seat:
            continue
        if others:
            others.append("   ")
        size = view.hand_sizes[seat]
        others.append(f"{seat_name(seat)} {size} card{'' if size == 1 else 's'}")
        if view.open_cards[seat]:
            others.append(" (open ")
            others.append_text(cards_rich(view.open_cards[seat], symbols))
            others.append(")")
    grid.add_row("Others", others)

    cards = [m for m in view.legal_moves if isinstance(m, Card)]
    playing = view.to_move == view.seat and view.phase == "play"
    label = "Your hand" if you else f"{seat_name(view.seat)} hand"
    grid.add_row(label, cards_rich(sorted_hand(view.hand, rules, view.trump), symbols,
                                   legal=cards if playing else None))
    other_moves = [m for m in view.legal_moves if not isinstance(m, Card)]
    if other_moves:
        words = [move_text(m) for m in other_moves]
        if len(words) > 14:  # an auction's long run of point bids: its ends
            words = [*words[:10], "…", *words[-2:]]
        grid.add_row("Moves", " ".join(words))

    title = f"{rules.title or rules.name} - {seat_name(view.seat)}" + (" (you)" if you else "")
    return Panel(grid, title=title, title_align="left", box=box.ROUNDED, expand=False)


def outcome_rich(outcome: Outcome) -> RenderableType:
    """The result as a Rich table: per team card points, tricks, bonus and score."""
    from rich import box
    from rich.table import Table

    out = Table(title=outcome.result, box=box.SIMPLE_HEAVY, title_justify="left")
    out.add_column("side")
    out.add_column("card points", justify="right")
    out.add_column("tricks", justify="right")
    out.add_column("bonus", justify="right")
    out.add_column("score", justify="right")
    for t, team in enumerate(outcome.teams):
        bonus = sum(outcome.bonus[s] for s in team)
        style = "bold green" if outcome.winner == t else ""
        out.add_row(outcome.team_name(t), str(outcome.team_points[t]), str(outcome.team_tricks[t]),
                    str(bonus), str(outcome.scores[t]), style=style)
    if outcome.notes:
        out.caption = "; ".join(outcome.notes)
        out.caption_justify = "left"
    return out


def describe_rich(info: dict[str, Any]) -> RenderableType:
    """The rule tables of ``Rules.describe()`` as Rich tables (the ``aceten rules`` command)."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    head = Text(f"{info['title'] or info['game']}", style="bold")
    head.append(f" - {info['players']} players, variant {info['variant']}", style="")

    deal = Table(box=box.SIMPLE, show_header=False)
    deal.add_column(style="bold cyan")
    deal.add_column()
    teams = info["teams"]
    deal.add_row("deck", f"{len(info['deck'])} cards")
    deal.add_row("suits", ", ".join(f"{k} {v}" for k, v in info["suits"].items()))
    deal.add_row("hand", f"{info['hand_size']} cards each")
    deal.add_row("stock", f"{info['stock']} cards, drawn {info['drawing']}" if info["stock"] else "none")
    deal.add_row("sides", info.get("sides")
                 or "  vs  ".join("+".join(f"P{s + 1}" for s in team) for team in teams))
    deal.add_row("trump", info["trump"])
    deal.add_row("points", f"{info['total_points']} in all"
                 + (f" (last trick +{info['last_trick_bonus']})" if info["last_trick_bonus"] else ""))

    ranks = Table(box=box.SIMPLE)
    same = (info["plain_order"] == info["trump_order"]
            and info["plain_points"] == info["trump_points"])
    ranks.add_column("rank" if same else "plain", justify="center")
    ranks.add_column("points", justify="right")
    if not same:
        ranks.add_column("trump", justify="center")
        ranks.add_column("points", justify="right")
    plain, trump = info["plain_order"], info["trump_order"]
    for i in range(max(len(plain), len(trump))):
        row = [plain[i], str(info["plain_points"][plain[i]])] if i < len(plain) else ["", ""]
        if not same:
            row += [trump[i], str(info["trump_points"][trump[i]])] if i < len(trump) else ["", ""]
        ranks.add_row(*row)

    rules = Table(box=box.SIMPLE, show_header=False)
    rules.add_column(style="bold cyan")
    rules.add_column()
    for i, line in enumerate(info["obligations"]):
        rules.add_row("obligations" if i == 0 else "", line)
    for i, line in enumerate(info["scoring"]):
        rules.add_row("scoring" if i == 0 else "", line)

    options = Table(box=box.SIMPLE)
    options.add_column("option", style="bold cyan", no_wrap=True)
    options.add_column("value")
    options.add_column("default")
    options.add_column("meaning")
    for name, spec in info["options"].items():
        value = "-" if spec["value"] is None else _option_text(name, spec["value"])
        default = "-" if spec["default"] is None else _option_text(name, spec["default"])
        options.add_row(name, value, default, spec["doc"],
                        style="bold" if spec["value"] != spec["default"] else "")
    def title(text: str) -> Text:
        return Text(text, style="bold underline")

    return Group(head, title("Deal"), deal, title("Ranks and points, strongest first"), ranks,
                 title("Play and scoring"), rules, title("Options (--option key=value)"), options)
