"""The arena with six seats in two teams of three (Briscola and Brisca): duplicate seatings
where each bot plays both teams, every game replays to its stored result, and the report adds up."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from aceten import arena
from aceten.arena.runner import play_deal, replay
from test_cli import run


@pytest.mark.parametrize("game", ["briscola", "brisca"])
def test_six_seat_seatings_give_each_bot_a_whole_team_on_both_sides(game):
    config = arena.TournamentConfig.create(game, ["greedy", "random"], players=6)
    assert config.teams == ((0, 2, 4), (1, 3, 5))
    assert config.seatings == (("greedy", "random") * 3, ("random", "greedy") * 3)
    deal = play_deal(config, 2)
    one, two = deal.games
    assert replay(config, one).deal == replay(config, two).deal  # the same cards, sides swapped
    for row in deal.games:
        outcome = replay(config, row).outcome()
        assert outcome is not None and sum(outcome.points) == 120
        assert outcome.scores == row.scores and outcome.winner == row.winner


def test_a_six_seat_tournament_of_three_bots_runs_and_reports(tmp_path):
    db = str(tmp_path / "t.sqlite")
    done = run("arena", "run", "brisca", "--players", "6", "--bots", "greedy,random,tactics",
               "--deals", "2", "--workers", "1", "--db", db, "--json")
    assert done.exit_code == 0, done.stderr
    info = json.loads(done.stdout)
    seatings = info["tournament"]["seatings"]
    assert len(seatings) == 6 and info["games"] == 12  # every ordered pair of bots, each a team
    for seating in seatings:
        assert len(set(seating[0::2])) == len(set(seating[1::2])) == 1 != len(set(seating))
    config = arena.TournamentConfig.create("brisca", ["greedy", "random", "tactics"], players=6)
    wins: Counter[tuple[str, str]] = Counter()
    with arena.Storage(db) as store:
        (tid, _, _), = store.tournaments()
        for rows in store.deals(tid):
            for row in rows:
                outcome = replay(config, row).outcome()
                assert outcome is not None and outcome.scores == row.scores
                if outcome.winner is not None:
                    winner = row.seats[outcome.winner]  # team t's first seat is seat t
                    wins[winner, row.seats[1 - outcome.winner]] += 1
    for pair in info["pairs"]:
        assert pair["wins"] + pair["draws"] + pair["losses"] == pair["comparisons"]
        assert pair["wins"] == wins[pair["bot"], pair["opponent"]]
    report = run("arena", "report", "--db", db, "--json")
    assert report.exit_code == 0, report.stderr
    (stored,) = json.loads(report.stdout)["tournaments"]
    assert stored["pairs"] == info["pairs"]
    text = run("arena", "report", "--db", db)
    assert text.exit_code == 0 and "brisca (standard), 6 players" in text.stdout
