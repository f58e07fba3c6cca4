"""Game records as a table: one row per card played, for analysis in notebooks.

    >>> import aceten, io
    >>> from aceten import records_table
    >>> g = aceten.new_game("briscola", players=2, seed=7)
    >>> g.push("6S"); g.push("3C")
    >>> rows = list(records_table.game_rows(g, file="x.tgn"))
    >>> [(r["trick"], r["position"], r["seat"], r["card"], r["points"], r["winner"], r["won"])
    ...  for r in rows]
    [(1, 1, 1, '6S', 0, 2, False), (1, 2, 2, '3C', 10, 2, True)]

:func:`rows` reads ``.tgn`` files and folders of them (each record replayed and checked by
:func:`aceten.record.load`); :func:`write` saves rows as CSV, or as Parquet when ``pyarrow``
is installed. Only finished tricks give rows (a trick in progress has no winner yet). Records
written from one seat's view (``??`` cards) cannot be replayed and are refused with the
record's error.

Columns (seats and teams count from 1, as people read them: seat 1 is P1, whom the API calls
seat 0):

=============  =====================================================================
file           the record file
deal           1-based index of the record in its file (a match holds several deals)
game           briscola, brisca, cruce or klaverjas
variant        the rule variant (standard, rotterdam, amsterdam)
players        number of players
seed           the deal's seed, or empty for a deal given card by card
trump          the trump suit's letter (empty if never settled)
trick          1-based trick number
position       1-based position of the card in its trick (1 led it)
seat           the seat that played the card
team           that seat's side (the seat itself in games without partners)
card           the card, e.g. ``AS``
suit, rank     the card's suit letter and rank letter
points         the card's points (Klaverjas trumps count as trumps)
is_trump       whether the card is of the trump suit
leader         the seat that led the trick
winner         the seat that won the trick
won            whether this card won the trick
trick_points   card points of the trick, with the last-trick bonus
trick_bonus    roem (Klaverjas) scored with the trick
=============  =====================================================================
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from aceten import record
from aceten.errors import AcetenError
from aceten.game import Game

COLUMNS: tuple[str, ...] = (
    "file", "deal", "game", "variant", "players", "seed", "trump", "trick", "position", "seat",
    "team", "card", "suit", "rank", "points", "is_trump", "leader", "winner", "won",
    "trick_points", "trick_bonus",
)  # fmt: skip

# Parquet column types (pyarrow type names).
_TYPES = {
    "file": "string", "deal": "int32", "game": "string", "variant": "string", "players": "int8",
    "seed": "int64", "trump": "string", "trick": "int16", "position": "int8", "seat": "int8",
    "team": "int8", "card": "string", "suit": "string", "rank": "string", "points": "int16",
    "is_trump": "bool_", "leader": "int8", "winner": "int8", "won": "bool_",
    "trick_points": "int16", "trick_bonus": "int16",
}  # fmt: skip

FORMATS = ("csv", "parquet")


def game_rows(game: Game, *, file: str = "", deal: int = 1) -> Iterator[dict[str, Any]]:
    """One row per card of each finished trick of ``game``."""
    rules = game.rules
    trump = game.trump
    tsuit = -1 if trump is None else trump.index
    base = {"file": file, "deal": deal, "game": rules.name, "variant": rules.variant,
            "players": rules.players, "seed": game.seed, "trump": trump.letter if trump is not None else ""}
    for trick in game.tricks:
        for position, (seat, card) in enumerate(trick, start=1):
            is_trump = card.suit.index == tsuit
            yield {
                **base,
                "trick": trick.number,
                "position": position,
                "seat": seat + 1,
                "team": rules.seat_team[seat] + 1,
                "card": str(card),
                "suit": card.suit.letter,
                "rank": card.rank.letter,
                "points": rules.points(card, trump),
                "is_trump": is_trump,
                "leader": trick.leader + 1,
                "winner": trick.winner + 1,
                "won": seat == trick.winner,
                "trick_points": trick.points,
                "trick_bonus": trick.bonus,
            }


def record_files(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *,
                 recursive: bool = False) -> list[Path]:
    """The ``.tgn`` files named, and those in the folders named (sorted; sub-folders too with
    ``recursive``)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            inside = sorted(p for p in (path.rglob("*.tgn") if recursive else path.glob("*.tgn"))
                            if p.is_file())  # not a sub-folder whose name ends in .tgn
            if not inside:
                raise AcetenError(f"{path}: no record files (.tgn) in this folder")
            found.extend(inside)
        elif path.exists():
            found.append(path)
        else:
            raise record.no_such_file(path, "file or folder")
    return found


def games(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *,
          recursive: bool = False) -> Iterator[tuple[str, int, Game]]:
    """``(file, deal index, game)`` for every record in the files and folders given."""
    for path in record_files(paths, recursive=recursive):
        for index, game in enumerate(record.load(path), start=1):
            yield str(path), index, game


def rows(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *,
         recursive: bool = False) -> Iterator[dict[str, Any]]:
    """Rows of every record in the files and folders given (see the module docstring)."""
    for file, index, game in games(paths, recursive=recursive):
        yield from game_rows(game, file=file, deal=index)


def format_of(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The output format: ``fmt`` if given, else from the file's suffix (``.csv`` or none: CSV;
    ``.parquet`` or ``.pq``: Parquet; any other suffix is refused rather than guessed)."""
    suffix = Path(path).suffix.lower()
    named = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}.get(suffix)
    if fmt is not None:
        fmt = fmt.strip().lower()
        if fmt not in FORMATS:
            raise AcetenError(f"unknown table format {fmt!r}: choose csv or parquet")
        if named is not None and named != fmt:  # Parquet in a .csv file would mislead its reader
            raise AcetenError(f"{path}: a {suffix} file for the {fmt} format: name it "
                              f"{Path(path).stem}.{'parquet' if fmt == 'parquet' else 'csv'}")
        return fmt
    if named is not None:
        return named
    if suffix == "":
        return "csv"
    raise AcetenError(f"{path}: unknown table format {suffix!r}: write .csv or .parquet "
                      "(or give --format csv)")


def write(table: Iterable[dict[str, Any]], path: str | os.PathLike[str],
          fmt: str | None = None) -> int:
    """Write rows to ``path`` as CSV or Parquet (by ``fmt`` or the suffix); the number of rows."""
    if format_of(path, fmt) == "parquet":
        return write_parquet(table, path)
    return write_csv(table, path)


def write_csv(table: Iterable[dict[str, Any]], path: str | os.PathLike[str] | Any) -> int:
    """Write rows as CSV with a header line to a path or an open text file."""
    if hasattr(path, "write"):
        return _write_csv(table, path)
    count = 0

    def write(where: Path) -> None:
        nonlocal count
        with open(where, "w", newline="", encoding="utf-8") as handle:
            count = _write_csv(table, handle)
    record.replace_file(path, write)  # whole or as it was
    return count


def _write_csv(table: Iterable[dict[str, Any]], handle: Any) -> int:
    writer = csv.DictWriter(handle, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    count = 0
    for row in table:
        writer.writerow(row)
        count += 1
    return count


def write_parquet(table: Iterable[dict[str, Any]], path: str | os.PathLike[str]) -> int:
    """Write rows as a Parquet file (needs ``pyarrow``)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise AcetenError("this needs the parquet extra: pip install 'aceten[parquet]' "
                          "(or write CSV: a .csv file)") from None
    schema = pa.schema([(name, getattr(pa, _TYPES[name])()) for name in COLUMNS])
    data = pa.Table.from_pylist(list(table), schema=schema)
    record.replace_file(path, lambda where: pq.write_table(data, str(where)))
    return data.num_rows


__all__ = ["COLUMNS", "FORMATS", "format_of", "game_rows", "games", "record_files", "rows", "write",
           "write_csv", "write_parquet"]
