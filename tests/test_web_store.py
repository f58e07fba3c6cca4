"""The web table's store: one suite, run against SQLite always and against PostgreSQL when its
server binaries and psycopg are installed (a real server started for the session,
``pg_support.py``): tables and moves round-trip, a ply is stored once, expiry keeps what it
should, and two stores on one database (as two server processes) never store two moves for a ply."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from aceten.web.store import SqliteStore, Store, StoreConflict, TableRow, open_store
from pg_support import fresh_database, postgres_url  # noqa: F401  (a fixture)

BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(params=BACKENDS)
def target(request: pytest.FixtureRequest, tmp_path) -> str:
    """What ``--db`` would be: an SQLite file, or the URL of an empty PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite")
    url = request.getfixturevalue("postgres_url")
    return fresh_database(url, f"t_{request.node.name.split('[')[0][-40:]}".lower())


@pytest.fixture
def store(target: str) -> Iterator[Store]:
    opened = open_store(target)
    try:
        yield opened
    finally:
        opened.close()


def row(table_id: str = "tbl1", created: float = 1000.0, **changes) -> TableRow:
    base = TableRow(id=table_id, created=created, game="briscola", players=2, variant="standard",
                    options={"arrastre": "yes"}, seed=2**40 + 7,
                    deal=[["AS", "3S", "KS"], ["2O", "4O", "5O"], ["6C", "7C"]],
                    seats=[{"kind": "human", "bot": None, "name": "Ana", "token_sha256": "ab" * 32},
                           {"kind": "bot", "bot": "greedy", "name": "greedy", "token_sha256": None}],
                    seed_chosen=True)
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def test_the_store_of_a_url_is_postgresql_and_of_a_path_sqlite(tmp_path):
    assert isinstance(open_store(tmp_path / "x.sqlite"), SqliteStore)
    assert not SqliteStore(tmp_path / "y.sqlite").shared


def test_a_table_and_its_moves_come_back_as_stored(store: Store):
    assert store.load("tbl1") is None
    store.create_table(row())
    store.add_move("tbl1", 0, 0, "AS", None, False)
    store.add_move("tbl1", 1, 1, "2O", "the lowest card: nothing to win here", False)
    store.add_move("tbl1", 2, 0, "3S", "é ✓ «unicode»", True)
    loaded = store.load("tbl1")
    assert loaded is not None
    expected = row()
    assert (loaded.id, loaded.created, loaded.game, loaded.players, loaded.variant, loaded.options,
            loaded.seed, loaded.deal, loaded.seats, loaded.seed_chosen) == (
        expected.id, expected.created, expected.game, expected.players, expected.variant,
        expected.options, expected.seed, expected.deal, expected.seats, True)
    assert loaded.moves == [(0, "AS", None), (1, "2O", "the lowest card: nothing to win here"),
                            (0, "3S", "é ✓ «unicode»")]
    assert loaded.finished
    assert loaded.updated is not None and loaded.updated >= loaded.created
    assert store.moves_from("tbl1", 1) == loaded.moves[1:]
    assert store.moves_from("tbl1", 3) == []


def test_a_ply_is_stored_once(store: Store):
    store.create_table(row())
    store.add_move("tbl1", 0, 0, "AS", None, False)
    with pytest.raises(StoreConflict):
        store.add_move("tbl1", 0, 0, "3S", None, False)
    loaded = store.load("tbl1")
    assert loaded is not None and loaded.moves == [(0, "AS", None)]  # the first stays, unchanged
    store.add_move("tbl1", 1, 1, "2O", None, False)  # and the store goes on working


def test_a_move_for_a_table_that_is_not_there_is_refused(store: Store):
    with pytest.raises(Exception):  # noqa: B017  (the database's foreign-key error)
        store.add_move("nothere", 0, 0, "AS", None, False)
    assert store.load("nothere") is None


def test_counts_and_expiry(store: Store):
    store.create_table(row("old", created=100.0))
    store.create_table(row("new", created=5000.0))
    store.create_table(row("done", created=100.0))
    store.add_move("old", 0, 0, "AS", None, False)
    store.add_move("done", 0, 0, "AS", None, True)
    assert store.count() == 3
    assert store.count(False) == 2 and store.count(True) == 1
    now = time.time()
    # unfinished idle before `now`+1 go; records are kept (None)
    assert sorted(store.expire(4000.0, None)) == []  # "old" moved just now (updated = now)
    assert sorted(store.expire(now + 1, None)) == ["new", "old"]
    assert store.count() == 1 and store.load("old") is None and store.moves_from("old", 0) == []
    assert store.expire(now + 1, now - 3600) == []  # the record is younger than an hour
    assert store.expire(now + 1, now + 1) == ["done"]
    assert store.count() == 0


def test_what_is_committed_is_there_after_reopening(target: str):
    first = open_store(target)
    first.create_table(row())
    first.add_move("tbl1", 0, 0, "AS", None, False)
    first.close()
    again = open_store(target)
    try:
        loaded = again.load("tbl1")
        assert loaded is not None and loaded.moves == [(0, "AS", None)]
    finally:
        again.close()


def test_two_stores_on_one_database_store_each_ply_once(target: str):
    """Two server processes racing for the same plies: every ply ends with exactly one move,
    the winner's, and each loser is told (StoreConflict), never silently overwritten."""
    stores = [open_store(target), open_store(target)]
    try:
        stores[0].create_table(row())
        results: list[list[tuple[int, str]]] = [[], []]

        def race(i: int) -> None:
            for ply in range(40):
                try:
                    stores[i].add_move("tbl1", ply, ply % 2, f"M{i}-{ply}", None, False)
                    results[i].append((ply, "won"))
                except StoreConflict:
                    results[i].append((ply, "lost"))

        threads = [threading.Thread(target=race, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        loaded = stores[1].load("tbl1")
        assert loaded is not None and len(loaded.moves) == 40
        for ply, (_, move, _) in enumerate(loaded.moves):
            winners = [i for i in range(2) if (ply, "won") in results[i]]
            assert len(winners) == 1
            assert move == f"M{winners[0]}-{ply}"
    finally:
        for opened in stores:
            opened.close()


@pytest.mark.slow  # starts the aceten command (seconds on a busy machine)
def test_serve_says_in_one_line_when_the_database_url_cannot_be_opened_and_hides_the_password():
    pytest.importorskip("psycopg")
    import subprocess
    import sys

    from pg_support import free_port

    command = [sys.executable, "-c", "from aceten.cli import main; main()", "serve", "--port",
               str(free_port()), "--db", f"postgresql://nobody:hunter2@127.0.0.1:{free_port()}/x"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot open the database postgresql://nobody@")
    assert "hunter2" not in done.stderr + done.stdout


def test_a_bots_move_is_claimed_by_one_process_at_a_time(target: str):
    """The claim on a bot's move (table, ply): on PostgreSQL one store (one server process)
    holds it until it lets go, or until its connection ends; SQLite, with one process, always
    grants it."""
    first, second = open_store(target), open_store(target)
    try:
        assert first.claim_bot("t1", 3)
        if not first.shared:
            assert second.claim_bot("t1", 3)  # one process per SQLite file: nothing to share
            return
        assert not second.claim_bot("t1", 3)  # another process thinks for it
        assert second.claim_bot("t1", 4) and second.claim_bot("t2", 3)  # other moves are free
        first.release_bot("t1", 3)
        assert second.claim_bot("t1", 3)
        second.close()  # a process that dies while thinking leaves no claim behind ...
        for _ in range(1200):  # ... once its server process has ended (a moment after the close)
            if first.claim_bot("t1", 3):
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the claim outlived its connection")
        assert first.claim_bot("t1", 4)
    finally:
        first.close()
        if not second.shared or not second._db.closed:  # type: ignore[attr-defined]
            second.close()
