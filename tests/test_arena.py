"""The arena library: duplicate seatings, seeds, pure game rows, statistics, storage, resuming."""

from __future__ import annotations

import math
import sqlite3
import subprocess
import sys
from collections import Counter

import pytest

import aceten
from aceten import agents, arena
from aceten.agents.base import Agent
from aceten.arena.runner import GameResult, play_deal, play_game, replay
from aceten.arena.stats import Standings, Tally, bradley_terry_elo, compare, wilson
from aceten.errors import AcetenError


class FirstLegalAgent(Agent):
    """A third bot for round robins: always the first legal move."""

    name = "first"

    def choose(self, view):
        self._check(view)
        return view.legal_moves[0]


@pytest.fixture
def first_bot(monkeypatch):
    monkeypatch.setitem(agents.AGENTS, "first", FirstLegalAgent)
    return "first"


def stored(db, config, below=None):
    with arena.Storage(db, create=False) as store:
        tid = store.tournament(config)
        return [g for deal in store.deals(tid, below=below) for g in deal]


# -- duplicate seatings --------------------------------------------------------------------------
def test_two_bots_in_two_player_games_swap_seats():
    assert arena.seatings(["a", "b"], [(0,), (1,)]) == [("a", "b"), ("b", "a")]


def test_partnerships_each_bot_plays_each_partnership_with_itself_as_partner():
    assert arena.seatings(["a", "b"], [(0, 2), (1, 3)]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]


def test_three_bots_three_seats_every_bot_holds_every_hand_before_and_after_every_other():
    rows = arena.seatings(["a", "b", "c"], [(0,), (1,), (2,)])
    assert len(rows) == len(set(rows)) == 6
    for seat in range(3):
        assert Counter(r[seat] for r in rows) == {"a": 2, "b": 2, "c": 2}
    follows = Counter((r[s], r[(s + 1) % 3]) for r in rows for s in range(3))
    assert set(follows.values()) == {3} and len(follows) == 6


def test_two_bots_three_seats_every_bot_sits_everywhere_equally_and_both_always_play():
    rows = arena.seatings(["a", "b"], [(0,), (1,), (2,)])
    assert len(rows) == 6
    assert all(set(r) == {"a", "b"} for r in rows)
    for seat in range(3):
        assert Counter(r[seat] for r in rows) == {"a": 3, "b": 3}


def test_three_bots_two_seats_is_a_round_robin_with_both_seatings_of_each_pair():
    rows = arena.seatings(["a", "b", "c"], [(0,), (1,)])
    assert sorted(rows) == sorted([("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"),
                                   ("c", "b")])


def test_a_tournament_needs_two_different_known_bots():
    with pytest.raises(AcetenError, match="at least two"):
        arena.TournamentConfig.create("briscola", ["greedy"])
    with pytest.raises(AcetenError, match="given twice"):
        arena.TournamentConfig.create("briscola", ["greedy", "Greedy"])
    with pytest.raises(AcetenError, match="unknown bot 'nobody'"):
        arena.TournamentConfig.create("briscola", ["greedy", "nobody"])
    with pytest.raises(AcetenError, match="unknown game"):
        arena.TournamentConfig.create("poker", ["greedy", "random"])


# -- seeds ---------------------------------------------------------------------------------------
def test_deal_seeds_are_pinned_because_stored_tournaments_depend_on_them():
    assert arena.deal_seed(1, 0) == 3316356330981164
    assert arena.deal_seed(1, 1) == 8232782446381918
    assert arena.bot_seed(arena.deal_seed(1, 0), 0) == 4279672596952456


def test_deal_seeds_differ_within_and_between_nearby_tournaments():
    first = {arena.deal_seed(1, d) for d in range(5000)}
    second = {arena.deal_seed(2, d) for d in range(5000)}
    assert len(first) == len(second) == 5000
    assert not first & second
    assert all(0 <= s < 2**53 for s in first)


# -- one deal, one game --------------------------------------------------------------------------
def test_duplicate_deal_gives_the_same_cards_with_the_bots_swapped():
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=4)
    deal = play_deal(config, 3)
    one, two = deal.games
    assert one.deal_seed == two.deal_seed == arena.deal_seed(4, 3)
    assert one.seats == ("greedy", "random") and two.seats == ("random", "greedy")
    assert one.bot_seeds == two.bot_seeds
    assert replay(config, one).deal == replay(config, two).deal


def test_play_game_is_a_pure_function_of_its_arguments():
    args = ("brisca", 4, "standard", {"arrastre": "yes"}, 99, ("greedy", "random", "greedy",
                                                                 "random"), (1, 2, 3, 4))
    first, second = play_game(*args), play_game(*args)
    assert first == second
    assert len(first.scores) == 2 and len(first.points) == 4


def test_stored_moves_replay_to_the_stored_result_in_every_game():
    for game, players in (("briscola", 3), ("cruce", 4), ("klaverjas", 4), ("brisca", 2)):
        config = arena.TournamentConfig.create(game, ["greedy", "random"], players=players)
        for row in play_deal(config, 0).games:
            outcome = replay(config, row).outcome()
            assert outcome is not None
            assert outcome.scores == row.scores and outcome.winner == row.winner


def test_a_row_of_a_game_played_outside_the_runner_equals_the_runner_s():
    config = arena.TournamentConfig.create("cruce", ["greedy", "random"], players=3)
    row = play_deal(config, 1).games[2]
    game = replay(config, row)
    again = GameResult.of(game, deal=row.deal, seating=row.seating, deal_seed=row.deal_seed,
                          seats=row.seats, bot_seeds=row.bot_seeds)
    assert again == row  # times are not part of the result
    game.pop()
    with pytest.raises(AcetenError, match="not over"):
        GameResult.of(game, deal=0, seating=0, deal_seed=row.deal_seed, seats=row.seats,
                      bot_seeds=row.bot_seeds)


def test_options_name_the_tournament_by_their_values_not_their_spelling():
    plain = arena.TournamentConfig.create("brisca", ["greedy", "random"])
    default = arena.TournamentConfig.create("brisca", ["greedy", "random"], options={"arrastre": "no"})
    spelled = arena.TournamentConfig.create("brisca", ["greedy", "random"], options={"arrastre": "Yes"})
    other = arena.TournamentConfig.create("brisca", ["greedy", "random"], options={"arrastre": "on"})
    assert plain.key == default.key
    assert spelled.key == other.key != plain.key
    assert spelled.options == {"arrastre": "yes"}


# -- statistics ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("successes", "n", "low", "high"), [
    (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Statistics in Medicine 17, table I
    (0, 10, 0.0, 0.2775),       # Newcombe (1998)
    (8, 10, 0.4902, 0.9433),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
])  # fmt: skip
def test_wilson_interval_known_values(successes, n, low, high):
    lo, hi = wilson(successes, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_with_no_games_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


def test_independent_games_keep_the_plain_wilson_interval():
    tally = Tally()
    results = [1.0] * 7 + [0.0] * 3
    for r in results:  # one game a deal: the games are the independent units
        tally.add_deal([(r, 0.0)])
    assert tally.win_rate == 0.7
    assert tally.win_rate_ci() == pytest.approx(wilson(7, 10))


def test_games_of_a_deal_that_agree_widen_the_interval_by_the_design_effect():
    tally = Tally()
    for r in [1.0] * 6 + [0.0] * 4:  # both games of each deal end alike
        tally.add_deal([(r, 0.0), (r, 0.0)])
    # per-deal variance (6 * 0.8**2 + 4 * 1.2**2) / (10 * 9 * 2**2) = 0.02667 against the
    # binomial 0.6 * 0.4 / 19 = 0.01263: design effect 2.111, so 20 games count as 9.47
    n_eff = 20 / ((9.6 / 360) / (0.24 / 19))
    assert tally.win_rate == 0.6
    assert tally.win_rate_ci() == pytest.approx(wilson(0.6 * n_eff, n_eff))
    assert wilson(12, 20)[0] > tally.win_rate_ci()[0]


def test_point_difference_interval_is_over_deals():
    tally = Tally()
    for diff in (10.0, 20.0, 30.0):
        tally.add_deal([(1.0, diff)])
    low, high = tally.point_diff_ci()
    half = 1.959963984540054 * 10 / math.sqrt(3)
    assert tally.point_diff == 20.0
    assert (low, high) == pytest.approx((20 - half, 20 + half))


def test_duplicate_pairs_of_opposite_luck_give_a_narrow_point_interval():
    tally = Tally()
    for luck in (40.0, -30.0, 10.0, -50.0):  # the hand is worth `luck`; the better bot adds 6
        tally.add_deal([(1.0, luck + 6), (1.0, -luck + 6)])
    assert tally.point_diff == 6.0
    assert tally.point_diff_ci() == pytest.approx((6.0, 6.0))


def row(seats, scores, winner):
    return GameResult(0, 0, 1, tuple(seats), (1,) * len(seats), tuple(scores), tuple(scores),
                      winner, "")


def test_comparisons_in_three_sided_games_winner_beats_all_others_compare_scores():
    teams = [(0,), (1,), (2,)]
    got = compare(row(["a", "b", "c"], [50, 40, 30], 0), teams)
    assert got == [("a", "b", 1.0, 10.0), ("a", "c", 1.0, 20.0), ("b", "c", 1.0, 10.0)]
    tie = compare(row(["a", "b", "c"], [-4, 1, 1], None), teams)  # Cruce: tied for first
    assert tie == [("a", "b", 0.0, -5.0), ("a", "c", 0.0, -5.0), ("b", "c", 0.5, 0.0)]
    same_bot = compare(row(["a", "a", "b"], [10, 20, 30], 2), teams)
    assert same_bot == [("a", "b", 0.0, -20.0), ("a", "b", 0.0, -10.0)]


def test_comparison_follows_the_declared_winner_in_two_sided_games():
    teams = [(0, 2), (1, 3)]
    assert compare(row(["a", "b", "a", "b"], [0, 162], 1), teams) == [("a", "b", 0.0, -162.0)]
    assert compare(row(["a", "b", "a", "b"], [60, 60], None), teams) == [("a", "b", 0.5, 0.0)]


def test_standings_of_a_hand_made_two_bot_tournament():
    teams = ((0,), (1,))
    standings = Standings(("a", "b"), teams)
    standings.add_deal([row(["a", "b"], [70, 50], 0), row(["b", "a"], [80, 40], 0)])  # 1 - 1
    standings.add_deal([row(["a", "b"], [90, 30], 0), row(["b", "a"], [60, 60], None)])  # 1 - ½
    info = standings.as_dict()
    (pair,) = info["pairs"]
    assert (pair["wins"], pair["draws"], pair["losses"], pair["comparisons"]) == (2, 1, 1, 4)
    assert pair["win_rate"] == 0.625
    assert pair["point_diff"] == pytest.approx((20 - 40 + 60 + 0) / 4)
    assert info["bots"][0]["bot"] == "a" and info["bots"][0]["elo"] > 0
    assert info["bots"][0]["elo"] == -info["bots"][1]["elo"]


def test_elo_of_even_bots_is_equal():
    elo = bradley_terry_elo(["a", "b"], {("a", "b"): 5, ("b", "a"): 5}, {("a", "b"): 10, ("b", "a"): 10})
    assert elo == pytest.approx({"a": 0.0, "b": 0.0})


def test_elo_of_three_to_one_is_400_log10_3():
    elo = bradley_terry_elo(["a", "b"], {("a", "b"): 3, ("b", "a"): 1},
                            {("a", "b"): 4, ("b", "a"): 4}, prior=0)
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3))
    assert elo["a"] + elo["b"] == pytest.approx(0.0)


def test_elo_recovers_strengths_from_results_that_match_them_exactly():
    gamma = {"a": 4.0, "b": 2.0, "c": 1.0}
    score, games = {}, {}
    for x in gamma:
        for y in gamma:
            if x != y:
                score[x, y] = 30 * gamma[x] / (gamma[x] + gamma[y])
                games[x, y] = 30
    elo = bradley_terry_elo(["c", "a", "b"], score, games, prior=0)
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(2), abs=1e-6)
    assert elo["b"] - elo["c"] == pytest.approx(400 * math.log10(2), abs=1e-6)


def test_elo_of_a_rock_paper_scissors_cycle_is_flat():
    score = {("a", "b"): 2, ("b", "a"): 1, ("b", "c"): 2, ("c", "b"): 1, ("c", "a"): 2, ("a", "c"): 1}
    games = dict.fromkeys(score, 3)
    assert bradley_terry_elo(["a", "b", "c"], score, games) == pytest.approx(
        {"a": 0.0, "b": 0.0, "c": 0.0}, abs=1e-6)


def test_elo_of_an_unbeaten_bot_stays_finite_with_the_prior():
    elo = bradley_terry_elo(["a", "b"], {("a", "b"): 10, ("b", "a"): 0}, {("a", "b"): 10, ("b", "a"): 10})
    assert math.isfinite(elo["a"]) and elo["a"] - elo["b"] == pytest.approx(400 * math.log10(21))


# -- running, storing, resuming ------------------------------------------------------------------
def test_same_tournament_same_rows_whatever_the_workers(tmp_path):
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=11)
    one = arena.run(config, 12, db=tmp_path / "one.sqlite", workers=1)
    two = arena.run(config, 12, db=tmp_path / "two.sqlite", workers=2)
    assert one.computed == two.computed == 12
    assert stored(tmp_path / "one.sqlite", config) == stored(tmp_path / "two.sqlite", config)
    assert one.as_dict()["pairs"] == two.as_dict()["pairs"]


def test_rows_are_the_pure_deal_results(tmp_path):
    config = arena.TournamentConfig.create("cruce", ["greedy", "random"], players=3, seed=2)
    arena.run(config, 3, db=tmp_path / "r.sqlite", workers=1)
    expected = [g for d in range(3) for g in play_deal(config, d).games]
    assert stored(tmp_path / "r.sqlite", config) == expected
    assert len(expected) == 3 * 6


def test_running_more_deals_resumes_and_computes_only_the_new_ones(tmp_path):
    db = tmp_path / "arena.sqlite"
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=5)
    first = arena.run(config, 8, db=db, workers=1)
    assert (first.computed, first.reused) == (8, 0)
    again = arena.run(config, 16, db=db, workers=1)
    assert (again.computed, again.reused, again.finished) == (8, 8, 16)
    fresh = arena.run(config, 16, db=tmp_path / "fresh.sqlite", workers=1)
    assert stored(db, config) == stored(tmp_path / "fresh.sqlite", config)
    assert again.as_dict()["pairs"] == fresh.as_dict()["pairs"]
    nothing = arena.run(config, 16, db=db, workers=1)
    assert (nothing.computed, nothing.reused) == (0, 16)
    fewer = arena.run(config, 4, db=db, workers=1)  # a shorter run reports its first 4 deals
    assert (fewer.computed, fewer.finished, fewer.standings.games) == (0, 4, 8)


def test_a_deal_half_written_is_never_seen(tmp_path):
    """A deal and its games go in one transaction: a failure midway stores nothing."""
    db = tmp_path / "arena.sqlite"
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"])
    good = play_deal(config, 0)
    bad = arena.DealResult(1, 7, (good.games[0], good.games[0]), 0.0)  # the same seating twice
    with arena.Storage(db) as store:
        tid = store.tournament(config)
        with pytest.raises(sqlite3.IntegrityError):
            store.add(tid, [good, bad])
        assert store.finished(tid) == set()
        assert store.add(tid, [good]) == 1
        assert store.add(tid, [good]) == 0  # stored once, never twice
        assert store.finished(tid) == {0}


def test_tournaments_differing_in_seed_or_options_are_kept_apart(tmp_path):
    db = tmp_path / "arena.sqlite"
    base = arena.TournamentConfig.create("brisca", ["greedy", "random"], seed=1)
    other_seed = arena.TournamentConfig.create("brisca", ["greedy", "random"], seed=2)
    other_rule = arena.TournamentConfig.create("brisca", ["greedy", "random"], seed=1,
                                               options={"arrastre": "yes"})
    ids = {arena.run(c, 2, db=db, workers=1).id for c in (base, other_seed, other_rule)}
    assert len(ids) == 3
    reports = arena.report(db)
    assert [r.config for r in reports] == [base, other_seed, other_rule]
    assert all(r.finished == 2 for r in reports)


def test_round_robin_of_three_bots_ranks_them_with_elo(first_bot):
    config = arena.TournamentConfig.create("briscola", ["greedy", "random", first_bot], seed=3)
    result = arena.run(config, 20, db=None, workers=1)
    info = result.as_dict()
    assert len(info["pairs"]) == 3 and info["games"] == 20 * 6
    assert info["bots"][0]["bot"] == "greedy"
    assert sum(b["elo"] for b in info["bots"]) == pytest.approx(0.0, abs=0.2)
    for b in info["bots"]:
        assert b["comparisons"] == 20 * 4  # two opponents, both seatings, every deal


def test_a_corrupt_file_is_refused_with_a_clear_error(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database at all" * 100)
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"])
    with pytest.raises(AcetenError, match=r"bad\.sqlite: not a usable results database"):
        arena.run(config, 2, db=bad, workers=1)
    with pytest.raises(AcetenError, match=r"bad\.sqlite: not a usable results database"):
        arena.report(bad)


def test_another_programs_database_is_left_alone(tmp_path):
    other = tmp_path / "other.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE songs (title TEXT)")
    conn.commit()
    conn.close()
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"])
    with pytest.raises(AcetenError, match="not an aceten arena one"):
        arena.run(config, 2, db=other, workers=1)
    conn = sqlite3.connect(other)
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["songs"]
    conn.close()


def test_report_needs_an_existing_database(tmp_path):
    with pytest.raises(AcetenError, match="no such results database"):
        arena.report(tmp_path / "missing.sqlite")
    assert not (tmp_path / "missing.sqlite").exists()


def test_bad_run_arguments(tmp_path):
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"])
    for kwargs, message in (({"deals": 0}, "--deals 0"), ({"deals": 2, "workers": 0}, "--workers 0"),
                            ({"deals": 2, "backend": "mpi"}, "unknown backend 'mpi'"),
                            ({"deals": 2, "address": "1.2.3.4:6379"}, "--address is for")):
        with pytest.raises(AcetenError, match=message):
            arena.run(config, db=tmp_path / "x.sqlite", **kwargs)


def test_importing_the_arena_loads_neither_ray_nor_rich():
    code = ("import sys, aceten.arena; "
            "print(','.join(m for m in ('ray', 'rich', 'typer') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# -- decision times ------------------------------------------------------------------------------
def test_play_times_every_decision_of_every_seat():
    class Counting(FirstLegalAgent):
        calls = 0

        def choose(self, view):
            self.calls += 1
            return super().choose(view)

    game = aceten.new_game("cruce", players=3, seed=4)
    bots = [Counting() for _ in range(3)]
    times: list[list[float]] = [[], [], []]
    agents.play(game, bots, times=times)
    assert [len(t) for t in times] == [b.calls for b in bots]
    assert sum(len(t) for t in times) == len(game.moves)
    assert all(min(t) >= 0 for t in times)
    with pytest.raises(AcetenError, match="2 time lists for a 3-player game"):
        agents.play(aceten.new_game("cruce", players=3, seed=4), bots, times=[[], []])


def test_rows_carry_each_seats_decision_times_but_compare_without_them():
    row = play_game("briscola", 2, "standard", {}, 7, ("greedy", "random"), (1, 2))
    assert len(row.times) == 2 and [len(t) for t in row.times] == [20, 20]
    assert all(ms >= 0 for seat in row.times for ms in seat)
    slower = GameResult(**{**row.__dict__, "times": ((1000.0,) * 20, (1000.0,) * 20)})
    assert slower == row  # the result is the same game, however long the bots thought


def test_decision_times_are_stored_and_reported_per_bot(tmp_path):
    db = tmp_path / "t.sqlite"
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], players=4, seed=3)
    ran = arena.run(config, 3, db=db, workers=1)
    rows = stored(db, config)
    assert all(len(r.times) == 4 and sum(map(len, r.times)) == 40 for r in rows)
    (reported,) = arena.report(db)
    for run_or_report in (ran, reported):
        by_bot = {b["bot"]: b["decision_ms"] for b in run_or_report.as_dict()["bots"]}
        # 3 deals x 2 seatings x 40 cards, half of the decisions each
        assert by_bot["greedy"]["decisions"] == by_bot["random"]["decisions"] == 120
        for t in by_bot.values():
            assert 0 <= t["median"] <= t["p95"] <= t["max"]
    for bot in ("greedy", "random"):
        mine = [ms for r in rows for b, seat in zip(r.seats, r.times) if b == bot for ms in seat]
        t = next(b["decision_ms"] for b in reported.as_dict()["bots"] if b["bot"] == bot)
        assert t["max"] == pytest.approx(max(mine), abs=1e-3)


def test_decision_time_summary_by_nearest_rank():
    from aceten.arena.stats import decision_times

    assert decision_times([]) is None
    assert decision_times([3.0, 1.0, 2.0]) == {"decisions": 3, "median": 2.0, "p95": 3.0, "max": 3.0}
    hundred = [float(i) for i in range(1, 101)]
    assert decision_times(hundred) == {"decisions": 100, "median": 50.5, "p95": 95.0, "max": 100.0}


def test_a_file_from_before_the_times_column_gets_it_and_reports_no_times(tmp_path):
    db = tmp_path / "old.sqlite"
    config = arena.TournamentConfig.create("briscola", ["greedy", "random"], seed=4)
    arena.run(config, 2, db=db, workers=1)
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN times")
    (result,) = arena.report(db)
    assert result.finished == 2
    assert all(b["decision_ms"] is None for b in result.as_dict()["bots"])
    with sqlite3.connect(db) as conn:
        assert "times" in {r[1] for r in conn.execute("PRAGMA table_info(games)")}
    again = arena.run(config, 4, db=db, workers=1)  # new deals get times; the old ones none
    assert {b["bot"]: b["decision_ms"]["decisions"] for b in again.as_dict()["bots"]} == \
        {"greedy": 80, "random": 80}  # 2 new deals x 2 seatings x 20 cards
