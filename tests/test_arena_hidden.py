"""The arena with a hidden team (Briscola chiamata): rotations of seats, results per role."""

from __future__ import annotations

import json
from collections import Counter

from aceten import arena
from aceten.arena import schedule
from test_cli import assert_one_line_error, run

CHIAMATA = ("briscola", "--variant", "chiamata", "--players", "5")


def test_rotations_put_every_bot_in_every_seat_equally_often():
    for bots in (["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d", "e"]):
        seatings = schedule.rotations(bots, 5)
        assert len(set(seatings)) == len(seatings)
        count = Counter((seat, s[seat]) for s in seatings for seat in range(5))
        assert set(count.values()) == {len(seatings) // len(bots)}
        assert len(count) == 5 * len(bots)


def test_a_chiamata_tournament_reports_roles_whose_counts_add_up(tmp_path):
    db = str(tmp_path / "t.sqlite")
    done = run("arena", "run", *CHIAMATA, "--bots", "tactics,random", "--deals", "3",
               "--workers", "1", "--db", db, "--json")
    assert done.exit_code == 0, done.stderr
    info = json.loads(done.stdout)
    assert len(info["tournament"]["seatings"]) == 10 and info["games"] == 30
    config = arena.TournamentConfig.create("briscola", ["tactics", "random"], players=5,
                                           variant="chiamata")
    # the roles recounted from the games themselves, replayed through the engine
    expect: Counter[tuple[str, str]] = Counter()
    thrown = 0
    with arena.Storage(db) as store:
        (tid, _, _), = store.tournaments()
        for rows in store.deals(tid):
            for row in rows:
                outcome = arena.replay(config, row).outcome()
                assert (row.declarer, row.partner) == (outcome.declarer, outcome.partner)
                if outcome.declarer is None:
                    thrown += 1
                    continue
                for seat, bot in enumerate(row.seats):
                    role = ("caller" if seat == outcome.declarer else "partner"
                            if seat == outcome.partner else "defender")
                    expect[bot, role] += 1
    got = {(r["bot"], r["role"]): r["games"] for r in info["roles"]}
    assert got == {k: expect[k] for k in got}
    played = info["games"] - thrown
    assert info["thrown_in"] == thrown
    assert sum(n for (_, role), n in got.items() if role == "caller") == played
    alone = played - sum(n for (_, role), n in got.items() if role == "partner")
    assert sum(n for (_, role), n in got.items() if role == "defender") == 3 * played + alone
    for r in info["roles"]:
        assert r["wins"] + r["draws"] + r["losses"] == r["games"]
    report = run("arena", "report", "--db", db, "--json")
    assert report.exit_code == 0, report.stderr
    (stored,) = json.loads(report.stdout)["tournaments"]
    assert stored["roles"] == info["roles"] and stored["pairs"] == info["pairs"]
    text = run("arena", "report", "--db", db)
    assert text.exit_code == 0 and "by role" in text.stdout and "defender" in text.stdout


def test_more_bots_than_seats_is_one_line(tmp_path):
    result = run("arena", *CHIAMATA, "--bots", "random,greedy,tactics,pimc,easy,medium",
                 "--db", str(tmp_path / "t.sqlite"))
    assert_one_line_error(result, "6 bots for 5 seats")


def test_a_file_from_before_the_roles_column_gets_it_and_still_reports(tmp_path):
    import sqlite3

    db = tmp_path / "old.sqlite"
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=4)
    arena.run(config, 2, db=db, workers=1)
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN roles")
    (result,) = arena.report(db)
    assert result.finished == 2 and "roles" not in result.as_dict()
    with sqlite3.connect(db) as conn:
        assert "roles" in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
