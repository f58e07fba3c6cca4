"""The ``.tgn`` game record: tag pairs, then the play, one trick per line.

    [Game "briscola"]
    [Variant "standard"]
    [Players "2"]
    [Seed "7"]
    [Dealer "P2"]
    [Trump "7O"]
    [Deal "AS 2C KS / 3S 4C 5C / 6B ... 7O"]
    [Result "P1 wins: P1 68 - P2 52"]

    1. P1: AS 3S {P1 takes 21}
    2. P1: ...

The ``Deal`` tag lists each seat's hand (P1 first) and then the stock in drawing order, whose
last card is the face-up trump when one is turned (games without a stock end the tag with an
empty last part). ``Options`` holds the rule options given when the game was made, as
``key=value`` pairs separated by ``;``; the dealer has its own tag. ``Trump`` is the turned-up
card, or the trump suit's letter once it is known (given, called, or named by the first lead).
``Result`` is ``*`` while the deal is unfinished. A record with ``Seed`` and no ``Deal`` is
dealt again from the seed.

Bids and trump calls go on a line ``0.``; a Brisca exchange (``swap:7O``) stands before the
card its player then plays. ``P1:`` names the seat that leads the trick (or moves first on the
line). The comment after a trick says who took it and its points, then any roem or marriage.
``??`` marks a card the writer did not see: ``dumps(game, seat=s)`` shows only seat s's hand
and draws, the open cards and the face-up trump, and adds a ``View`` tag; :func:`parse` reads
such a record, but it cannot be replayed as a game. Comments are ``{...}`` (closed on the same
line) and ``;`` to the end of the line (on a tag line, after the tag). Several records may
follow one another in a file (:func:`loads_all`).

Writing is strict and always re-reads to the same game; reading is lenient about spacing,
case, suit symbols, comments, move numbers and the optional ``P1:`` markers, and names the line
of anything it cannot accept (a :class:`~aceten.errors.RecordError`).
"""

from __future__ import annotations

import os
import re
import secrets
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aceten.cards import Card
from aceten.errors import AcetenError, RecordError
from aceten.game import Deal, Game, checked_seat
from aceten.moves import AuctionBid, Bid, CallCard, TrumpCall
from aceten.rules import get as get_rules
from aceten.rules.base import Rules, _plain

UNKNOWN = "??"
TAG_ORDER = ("Game", "Variant", "Players", "Options", "Seed", "Dealer", "Trump", "Deal", "View",
             "Call", "Partner", "Result")
_TAG = re.compile(r'^\s*\[\s*([A-Za-z_][\w-]*)\s*(?:"(.*)"|(\S.*?))?\s*\]\s*$')
_SEAT = re.compile(r"^[Pp](\d{1,3}):?$")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Keyword names of ``rules.get`` that have tags of their own and may not be options.
_NOT_OPTIONS = {"name": "Game", "players": "Players", "variant": "Variant"}


@dataclass
class Record:
    """A record as read, before any replay: tags, the deal (``None`` for ``??``) and the moves
    with the line each came from."""

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)  # (line number, token)
    leaders: list[tuple[int, int, int]] = field(default_factory=list)  # (line, move index, seat)
    first_line: int = 1
    tag_lines: dict[str, int] = field(default_factory=dict)

    def rules(self) -> Rules:
        """The rules the tags name."""
        try:
            game = self.tags["Game"]
        except KeyError:
            raise RecordError(f"line {self.first_line}: the record has no [Game] tag") from None
        # Tag values are text; rules.get parses the player count and the option values itself.
        options: dict[str, Any] = _parse_options(self.tags.get("Options", ""), self._line("Options"))
        if "Dealer" in self.tags:
            options["dealer"] = _seat_index(self.tags["Dealer"], self._line("Dealer"))
        variant = self.tags.get("Variant")
        if variant in ("", "standard"):
            variant = None
        players: Any = self.tags.get("Players")
        try:
            return get_rules(game, players=players, variant=variant, **options)
        except AcetenError as err:
            # Name the line of the first tag that makes the rules impossible.
            has_dealer = "Dealer" in self.tags
            others = {k: v for k, v in options.items() if k != "dealer" or not has_dealer}
            steps = [("Game", {}), ("Players", {"players": players}),
                     ("Variant", {"players": players, "variant": variant}),
                     ("Options", {"players": players, "variant": variant, **others}),
                     ("Dealer", {"players": players, "variant": variant, **options})]
            culprit = "Game"
            for tag, kwargs in steps:
                try:
                    get_rules(game, **kwargs)
                except AcetenError:
                    culprit = tag
                    break
            raise RecordError(f"line {self._line(culprit)}: {err}") from None

    def deal(self, rules: Rules) -> Deal | None:
        """The deal of the ``Deal`` tag with ``None`` for unknown cards; None if there is no tag."""
        text = self.tags.get("Deal")
        if text is None:
            return None
        line = self._line("Deal")
        parts = [p.split() for p in text.split("/")]
        if len(parts) not in (rules.players, rules.players + 1):
            raise RecordError(f"line {line}: [Deal] has {len(parts)} parts; expected "
                              f"{rules.players} hands and the stock, separated by '/'")
        if len(parts) == rules.players:
            parts.append([])
        try:
            cards = [[None if t == UNKNOWN else rules.parse_card(t) for t in part] for part in parts]
        except AcetenError as err:
            raise RecordError(f"line {line}: [Deal]: {err}") from None
        return Deal(tuple(tuple(h) for h in cards[:-1]), tuple(cards[-1]))  # type: ignore[arg-type]

    @property
    def is_complete(self) -> bool:
        """Whether every card of the deal is known (so the record replays as a Game)."""
        text = self.tags.get("Deal")
        return text is None or UNKNOWN not in text.replace("/", " ").split()

    def _line(self, tag: str) -> int:
        return self.tag_lines.get(tag, self.first_line)


def parse(text: str | bytes) -> Record:
    """Read one record leniently into a :class:`Record`, without replaying it."""
    records = _split(text)
    if not records:
        raise RecordError("line 1: no record found (expected a [Game \"...\"] tag)")
    if len(records) > 1:
        raise RecordError(f"line {records[1].first_line}: a second record starts here, where "
                          f"one was expected (the text holds {len(records)}; loads_all reads "
                          "several)")
    return records[0]


def _as_text(text: Any) -> str:
    """A record's text: a ``str``, or UTF-8 ``bytes``; anything else refused in one line (a path
    is read with :func:`load`)."""
    if isinstance(text, str):
        return text
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text") from None
    if isinstance(text, os.PathLike):
        raise RecordError(f"loads and parse take a record's text, not the path {text}: read a "
                          "file with aceten.record.load(path)")
    raise RecordError(f"a record is text (str, or UTF-8 bytes), not {type(text).__name__}")


def _split(text: str | bytes) -> list[Record]:
    text = _as_text(text).removeprefix("\ufeff")  # a byte-order mark, as Windows editors write
    records: list[Record] = []
    current: Record | None = None
    in_body = False
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        line = _strip_comments(raw, number)
        if not line.strip():
            continue
        tag = _TAG.match(line)
        if tag:
            name = tag.group(1)
            value = tag.group(2) if tag.group(2) is not None else (tag.group(3) or "")
            key = _canonical_tag(name)
            if current is None or in_body or (key == "Game" and "Game" in current.tags):
                current = Record(first_line=number)
                records.append(current)
                in_body = False
            if key in current.tags:
                raise RecordError(f"line {number}: tag [{key}] given twice")
            current.tags[key] = value.strip()
            current.tag_lines[key] = number
            continue
        if line.lstrip().startswith("["):
            raise RecordError(f"line {number}: malformed tag {raw.strip()!r}; expected [Name \"value\"]")
        if current is None:
            raise RecordError(f"line {number}: moves before any [Game] tag")
        in_body = True
        _read_body_line(current, line, number)
    return records


def _canonical_tag(name: str) -> str:
    for known in TAG_ORDER:
        if known.lower() == name.lower():
            return known
    return name


def _strip_comments(raw: str, number: int) -> str:
    """The line without its comments; inside a tag's quoted value, ``{ } ;`` are plain text."""
    out = []
    depth = 0
    quoted = False
    for ch in raw:
        if quoted:
            out.append(ch)
            quoted = ch != '"'
        elif ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0:
                raise RecordError(f"line {number}: '}}' without '{{'")
            depth -= 1
        elif depth == 0:
            if ch == ";":
                break
            quoted = ch == '"' and raw.lstrip().startswith("[")
            out.append(ch)
    if depth:
        raise RecordError(f"line {number}: comment '{{' is not closed on its line")
    return "".join(out)


def _read_body_line(record: Record, line: str, number: int) -> None:
    for token in line.replace(",", " ").split():
        number_mark = re.match(r"\d+\.+", token)  # "1." or "1.AS"
        if number_mark:
            token = token[number_mark.end():]
            if not token:
                continue
        seat_mark = re.match(r"[Pp]\d{1,3}:", token)  # "P1:" or "P1:AS"
        if seat_mark and len(token) > seat_mark.end():
            seat = _SEAT.match(seat_mark.group())
            assert seat is not None
            record.leaders.append((number, len(record.moves), int(seat.group(1)) - 1))
            token = token[seat_mark.end():]
        seat = _SEAT.match(token)
        if seat:
            record.leaders.append((number, len(record.moves), int(seat.group(1)) - 1))
            continue
        if token in ("*", "1-0", "0-1", "1/2-1/2"):
            continue
        record.moves.append((number, token))


def _parse_options(text: str, line: int) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise RecordError(f"line {line}: [Options]: expected key=value, got {item.strip()!r}")
        if key.lower() in _NOT_OPTIONS:
            raise RecordError(f"line {line}: [Options]: {key} is not an option; it has a tag of "
                              f"its own, [{_NOT_OPTIONS[key.lower()]}]")
        if key in options:
            raise RecordError(f"line {line}: [Options]: option {key} given twice")
        options[key] = value.strip()
    return options


def _seat_index(text: str, line: int) -> int:
    match = _SEAT.match(text.strip())
    if not match:
        raise RecordError(f"line {line}: expected a seat like P1, got {text!r}")
    return int(match.group(1)) - 1


def to_game(record: Record) -> Game:
    """Replay a parsed record through the engine, checking every move and the result."""
    rules = record.rules()
    deal = record.deal(rules)
    seed: int | None = None
    if "Seed" in record.tags and record.tags["Seed"] not in ("", "?"):
        try:
            seed = int(record.tags["Seed"])
        except ValueError:
            raise RecordError(f"line {record._line('Seed')}: [Seed] is not a number: "
                              f"{record.tags['Seed']!r}") from None
    if deal is None and seed is None:
        raise RecordError(f"line {record.first_line}: the record has neither [Deal] nor [Seed]")
    if deal is not None and not record.is_complete:
        view = record.tags.get("View", "one seat")
        raise RecordError(f"line {record._line('Deal')}: the deal holds unknown cards (??), "
                          f"written from {view}'s view; it cannot be replayed as a full game")
    try:
        game = Game(rules, seed=seed, deal=deal)
    except AcetenError as err:
        raise RecordError(f"line {record._line('Deal')}: [Deal]: {err}") from None
    trump = record.tags.get("Trump")
    if trump and rules.trump_mode == "turned" and game.turned_card is not None:
        try:
            stated = rules.parse_card(trump)
        except AcetenError as err:
            raise RecordError(f"line {record._line('Trump')}: [Trump]: {err}") from None
        if stated != game.turned_card:
            raise RecordError(f"line {record._line('Trump')}: [Trump] says {trump} but the deal "
                              f"turns up {game.turned_card}")
    if trump and rules.trump_mode != "turned":
        _check_trump_suit(record, rules, trump)
    leaders = {index: (line, seat) for line, index, seat in record.leaders}
    for index, (line, token) in enumerate(record.moves):
        if index in leaders:
            mark_line, seat = leaders[index]
            if seat != game.to_move:
                raise RecordError(f"line {mark_line}: the record says P{seat + 1} moves here, "
                                  f"but it is P{game.to_move + 1}'s turn")
        try:
            game.push(game.parse_move(token))
        except AcetenError as err:
            raise RecordError(f"line {line}: {err}") from None
    for mark_line, index, seat in record.leaders:
        if index == len(record.moves):  # a marker with no move after it
            if game.is_over():
                raise RecordError(f"line {mark_line}: the record says P{seat + 1} moves here, "
                                  "but the deal is over")
            if seat != game.to_move:
                raise RecordError(f"line {mark_line}: the record says P{seat + 1} moves here, "
                                  f"but it is P{game.to_move + 1}'s turn")
    _check_result(record, game)
    _check_call(record, game)
    if trump and rules.trump_mode != "turned" and game.trump is not None \
            and rules.parse_suit(trump) != game.trump:
        raise RecordError(f"line {record._line('Trump')}: [Trump] says {trump} but the play "
                          f"makes {game.trump.letter} trump")
    return game


def _check_call(record: Record, game: Game) -> None:
    """The ``Call`` and ``Partner`` tags of a game with a hidden team against the replay: the
    card called, and the seat the deal gave it to."""
    call, partner = record.tags.get("Call"), record.tags.get("Partner")
    if call:
        try:
            stated = game.rules.parse_card(call)
        except AcetenError as err:
            raise RecordError(f"line {record._line('Call')}: [Call]: {err}") from None
        if game.called_card is None:
            raise RecordError(f"line {record._line('Call')}: [Call] says {call} but no card is "
                              "called in the play")
        if stated != game.called_card:
            raise RecordError(f"line {record._line('Call')}: [Call] says {call} but the play "
                              f"calls {game.called_card}")
    if partner:
        seat = _seat_index(partner, record._line("Partner"))
        if game.partner is None:
            raise RecordError(f"line {record._line('Partner')}: [Partner] says {partner} but no "
                              "card is called in the play")
        if seat != game.partner:
            raise RecordError(f"line {record._line('Partner')}: [Partner] says {partner} but the "
                              f"deal gives {game.called_card} to P{game.partner + 1}")


def _check_trump_suit(record: Record, rules: Rules, trump: str) -> None:
    try:
        rules.parse_suit(trump)
    except AcetenError as err:
        raise RecordError(f"line {record._line('Trump')}: [Trump]: {err}") from None


def _check_result(record: Record, game: Game) -> None:
    stated = record.tags.get("Result", "*").strip()
    outcome = game.outcome()
    line = record._line("Result")
    if outcome is None:
        if stated not in ("*", ""):
            raise RecordError(f"line {line}: [Result] is {stated!r} but the deal is not finished")
        return
    total = sum(outcome.points)
    played_out = sum(outcome.tricks) == game.rules.tricks_per_deal  # not thrown in
    if played_out and total != game.rules.total_points_for(game.trump):
        raise RecordError(f"line {line}: card points add up to {total}, not "
                          f"{game.rules.total_points_for(game.trump)}")
    if stated not in ("*", "") and _normal(stated) != _normal(outcome.result):
        raise RecordError(f"line {line}: [Result] says {stated!r} but the play gives "
                          f"{outcome.result!r}")


def _normal(result: str) -> str:
    return " ".join(result.lower().split())


def loads(text: str | bytes) -> Game:
    """Read one record and replay it (every move checked); errors name the line."""
    return to_game(parse(text))


def loads_all(text: str | bytes) -> list[Game]:
    """Read a file of one or more records."""
    records = _split(text)
    if not records:
        raise RecordError("line 1: no record found (expected a [Game \"...\"] tag)")
    return [to_game(r) for r in records]


# -- writing ----------------------------------------------------------------------------------
def dumps(game: Game, *, seat: int | None = None) -> str:
    """Write a game as a record; with ``seat``, only what that seat saw (others' cards ``??``,
    and no seed: the seed deals every hand again)."""
    rules = game.rules
    if seat is not None:
        seat = checked_seat(seat, rules.players)
    tags: dict[str, str] = {
        "Game": rules.name,
        "Variant": rules.variant,
        "Players": str(rules.players),
    }
    # In the order the game declares its options, whatever order they were given in.
    given = rules.given_options
    options = {spec.name: given[spec.name] for spec in rules.option_specs
               if spec.name in given and spec.name != "dealer"}
    if "deck" in options:  # as the rules read it: "AB 2B ...", whatever was given
        options["deck"] = " ".join(map(str, rules.deck))
    if options:
        tags["Options"] = "; ".join(f"{k}={_option_text(v)}" for k, v in options.items())
    if game.seed is not None and seat is None:
        tags["Seed"] = str(game.seed)
    tags["Dealer"] = f"P{rules.options['dealer'] + 1}"
    if game.turned_card is not None:
        tags["Trump"] = str(game.turned_card)
    elif game.trump is not None:
        tags["Trump"] = game.trump.letter
    tags["Deal"] = _deal_text(game, seat)
    if seat is not None:
        tags["View"] = f"P{seat + 1}"
    if game.called_card is not None:
        tags["Call"] = str(game.called_card)
        known = game.partner if seat is None else game.known_partner(seat)
        if known is not None:
            tags["Partner"] = f"P{known + 1}"
    outcome = game.outcome()
    tags["Result"] = outcome.result if outcome is not None else "*"
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags.items())
    body = _body_lines(game)
    return head + "\n\n" + "\n".join(body) + "\n" if body else head + "\n"


def _option_text(value: object) -> str:
    text = str(_plain(value))
    if ";" in text or '"' in text:
        raise AcetenError(f"option value {text!r} cannot be written to a record")
    return text


def _deal_text(game: Game, seat: int | None) -> str:
    deal = game.deal
    if seat is None:
        parts = [" ".join(map(str, hand)) for hand in deal.hands]
        parts.append(" ".join(map(str, deal.stock)))
        return " / ".join(parts).rstrip()
    k = game.rules.options["open_cards"]
    # The i-th draw takes the i-th card of the stock; what matters is the position the seat
    # drew from, not the card (after an exchange the last card drawn is not the dealt one).
    drawers = [who for kind, who, _ in game.log if kind == "draw"]
    parts = [" ".join(str(c) if s == seat or i < k else UNKNOWN for i, c in enumerate(hand))
             for s, hand in enumerate(deal.hands)]
    last = len(deal.stock) - 1
    parts.append(" ".join(
        str(c) if (i < len(drawers) and drawers[i] == seat)
        or (i == last and game.turned_card is not None)
        else UNKNOWN for i, c in enumerate(deal.stock)))
    return " / ".join(parts).rstrip()


def _body_lines(game: Game) -> list[str]:
    """The moves, one trick a line, each with its winner and points as a comment (and any
    marriage scored on its lead)."""
    lead_notes = _lead_notes(game)
    lines: list[str] = []
    pre: list[str] = []
    tricks = game.tricks
    current: list[str] = []
    leader: int | None = None
    number = 0
    played = 0
    n = game.players
    for move in game.moves:
        if isinstance(move, (Bid, TrumpCall, AuctionBid, CallCard)):
            pre.append(str(move))
            continue
        if leader is None:
            leader = tricks[number].leader if number < len(tricks) else game.leader
        current.append(str(move))
        if isinstance(move, Card):
            played += 1
        if played == n:
            trick = tricks[number]
            note = "; ".join([_trick_note(trick), *lead_notes.get(number, [])])
            lines.append(f"{number + 1}. P{leader + 1}: {' '.join(current)} {{{note}}}")
            number += 1
            current, leader, played = [], None, 0
    if current:
        note = "; ".join(lead_notes.get(number, []))
        lines.append(f"{number + 1}. P{(leader or 0) + 1}: {' '.join(current)}"
                     + (f" {{{note}}}" if note else ""))
    if pre:
        lines.insert(0, "0. " + " ".join(pre) + " {" + _bids_note(game) + "}")
    return lines


def _lead_notes(game: Game) -> dict[int, list[str]]:
    """Bonuses scored on a lead (Cruce marriages), by trick index: ``P1 marriage in roșu: 40``;
    and the called card falling (a hidden team revealed): ``2S falls: P2 is P5's partner``."""
    notes: dict[int, list[str]] = {}
    plays = 0
    for kind, who, what in game.log:
        if kind == "play":
            plays += 1
        elif kind == "bonus" and who is not None:
            notes.setdefault((plays - 1) // game.players, []).append(f"P{who + 1} {what[1]}")
        elif kind == "reveal" and who is not None:
            caller = game.declarer
            whose = "alone" if who == caller else f"P{(caller or 0) + 1}'s partner"
            notes.setdefault((plays - 1) // game.players, []).append(
                f"{what} falls: P{who + 1} is {whose}")
    return notes


def _trick_note(trick: object) -> str:
    from aceten.game import Trick

    assert isinstance(trick, Trick)
    note = f"P{trick.winner + 1} takes {trick.points}"
    for extra in trick.notes:
        note += f"; {extra}"
    return note


def _bids_note(game: Game) -> str:
    if game.phase in ("bid", "call"):
        return "bidding" if game.phase == "bid" else "calling trump"
    if game.phase in ("auction", "call-card"):
        return "auction" if game.phase == "auction" else "calling a card"
    if any(isinstance(move, AuctionBid) for _, move in game.bids):
        if game.called_card is None:
            return "all pass"
        top = next(move for seat, move in reversed(game.bids) if isinstance(move, AuctionBid)
                   and move.rank is not None)
        return (f"P{(game.declarer or 0) + 1} wins the auction with {top} "
                f"(target {game.contract}) and calls {game.called_card}")
    if game.rules.has_phases and game.rules.start_phase == "bid":
        if game.declarer is None:
            return "all pass"
        return f"P{game.declarer + 1} bids {game.contract}"
    if game.trump is not None and game.declarer is not None:
        return f"P{game.declarer + 1} calls {game.trump.name}"
    return ""


def dumps_all(games: Iterable[Game]) -> str:
    """Write several games as records one after another, a blank line between them."""
    return "\n".join(dumps(g) for g in games)


def file_name(game: str, seed: int) -> str:
    """The file name a deal's record gets when none is given: ``briscola-000042.tgn``."""
    return f"{game}-{seed:06d}.tgn"


def save(path: str | os.PathLike[str], games: Game | Iterable[Game]) -> Path:
    """Write records atomically: the file is whole, or as it was before (no temp file left)."""
    text = dumps(games) if isinstance(games, Game) else dumps_all(games)
    if not text:
        raise AcetenError(f"{path}: no games to save")
    return write_text(path, text)


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write a UTF-8 text file whole or not at all (:func:`replace_file`)."""
    def write(where: Path) -> None:
        with open(where, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    return replace_file(path, write)


def replace_file(path: str | os.PathLike[str], write: Callable[[Path], None]) -> Path:
    """Call ``write`` with a path to write a file's new contents to, so that ``path`` ends up
    whole or as it was before, whatever fails (a full disk, an interrupt): a new file beside it
    renamed into its place, no temp file left. The folders on the way are made. A symbolic link
    keeps pointing where it did (its file is the one replaced); a device or pipe that is there
    (``/dev/stdout``) is written directly: renaming a file into its place would replace it."""
    given = Path(path)
    try:
        st: os.stat_result | None = os.stat(given)
    except FileNotFoundError:
        st = None
    except OSError as err:
        raise AcetenError(f"cannot write {path}: {err.strerror or err}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise AcetenError(f"cannot write {path}: it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        try:
            write(given)
        except OSError as err:
            raise AcetenError(f"cannot write {path}: {err.strerror or err}") from None
        return given
    target = Path(os.path.realpath(given))
    tmp = target.parent / f".{target.name}.{secrets.token_hex(6)}.tmp"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # Created as a plain open() would (the umask applies), not private as with mkstemp.
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except OSError as err:
        raise AcetenError(f"cannot write {path}: {err.strerror or err}") from None
    try:
        write(tmp)
        if st is not None:  # the old file's mode, set after writing (it may be read-only)
            os.chmod(tmp, st.st_mode & 0o7777)
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException as err:
        tmp.unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise AcetenError(f"cannot write {path}: {err.strerror or err}") from None
        raise
    return given


MAX_FILE_BYTES = 64 * 2**20
"""The largest file :func:`read_text` (so :func:`load`) reads: 64 MiB, some 50,000 records. A
record is a few KiB; anything larger is refused before it fills the memory (``/dev/zero``)."""


def no_such_file(path: str | os.PathLike[str], what: str = "file") -> AcetenError:
    """The error for a record file that is not there; a game's name given instead of a file
    (``aceten knows briscola``) gets a hint of how to make a record."""
    from aceten.rules import GAMES

    name = str(path)
    if name.strip().lower() in GAMES:
        return AcetenError(f"{name}: no such {what}; this command reads game records, e.g. one "
                           f"written by aceten play {name.strip().lower()} --auto --save game.tgn")
    return AcetenError(f"{name}: no such {what}")


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """A UTF-8 text file (a byte-order mark dropped), refused past ``limit`` bytes."""
    if not isinstance(path, (str, os.PathLike)):  # open(0) would read standard input
        raise AcetenError(f"a file's path is a str or a Path, not {path!r}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:  # said as check and table say it
        raise no_such_file(path) from None
    except OSError as err:
        raise AcetenError(f"cannot read {path}: {err.strerror or err}") from None
    if len(data) > limit:
        raise AcetenError(f"{path}: larger than {_size(limit)}, the most aceten reads from one file")
    try:
        if b"\x00" not in data:  # UTF-16 of plain ASCII decodes as UTF-8, NULs and all
            return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        pass
    raise RecordError(f"{path}: {_not_utf8(data)}")


def _not_utf8(data: bytes) -> str:
    """Why bytes that are not UTF-8 cannot be read, and what to do about text in another
    encoding (Notepad's "Unicode" is UTF-16)."""
    for mark, name in ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
                       (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16")):
        if data.startswith(mark):
            return f"{name} text: save it as UTF-8"
    head = data[:4096]
    if head[1::2].count(0) > len(head) // 4 or head[0::2].count(0) > len(head) // 4:
        return "UTF-16 text: save it as UTF-8"  # without its byte-order mark
    if b"\x00" in data:
        return "not a text file"
    return "not UTF-8 text: save it as UTF-8"


def _size(limit: int) -> str:
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit // 2**10} KiB"


def load(path: str | os.PathLike[str]) -> list[Game]:
    """Read every record of a file (each replayed and checked)."""
    text = read_text(path)
    try:
        return loads_all(text)
    except RecordError as err:
        raise RecordError(f"{path}: {err}") from None


__all__ = ["MAX_FILE_BYTES", "Record", "dumps", "dumps_all", "load", "loads", "loads_all", "parse",
           "read_text", "replace_file", "save", "to_game", "write_text"]
