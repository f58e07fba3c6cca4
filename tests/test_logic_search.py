"""aceten.logic answers equal exhaustive search through the engine on small decks, for all four
games: existence, impossibility and optima, on random positions (with and without a history)
and random goals. Every witness is replayed by ``ask`` itself; here every "impossible" is
confirmed by the exhaustive search.

ACETEN_LOGIC_CASES=n raises the number of random positions per game (default 6).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from aceten import logic
from aceten.errors import AcetenError
from aceten.logic import goal as g
from aceten.logic.explain import explain
from aceten.logic.model import GameModel
from aceten.logic.position import from_dict, loads
from aceten.logic.solve import ask
from logic_support import brute_force, random_goals, random_position

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LIGHT = {"symmetry_level": 0, "cp_model_probing_level": 0, "max_presolve_iterations": 1}
CASES = int(os.environ.get("ACETEN_LOGIC_CASES", "6"))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["briscola", "brisca", "cruce", "klaverjas"])
def test_answers_equal_exhaustive_search_on_random_small_positions(game):
    rng = random.Random(f"search-{game}")
    checked = {"possible": 0, "impossible": 0, "optimum": 0}
    for _ in range(CASES):
        pos = random_position(rng, game, budget=3_000)
        texts = random_goals(rng, pos, 7)
        goals = [g.parse(t, pos.rules) for t in texts]
        oracle = brute_force(pos, goals)
        for i, goal in enumerate(goals):
            answer = ask(pos, goal, workers=1, params=LIGHT)
            where = (goal.text, pos.rules, pos.hands, pos.stock, pos.history)
            if goal.objective is None:
                assert (answer.status == "possible") == oracle.exists[i], where
                assert answer.status in ("possible", "impossible")
            elif not oracle.exists[i]:
                assert answer.status == "impossible", where
            else:
                assert answer.status == "optimum" and answer.proven, where
                assert answer.value == oracle.best[i], where
            checked[answer.status] += 1
            for witness in answer.witnesses:  # replayed by ask; judged again here
                assert witness.holds_formula(goal.formula)
    assert checked["possible"] and checked["impossible"]


@pytest.mark.parametrize("game", ["briscola", "cruce"])
def test_explain_decides_yes_no_goals_as_exhaustive_search_does(game):
    # ask(..., explain=True) decides a yes/no goal in the explanation's own model: the same
    # answers as the engine's exhaustive search, a witness replayed or a core with the goal
    rng = random.Random(f"decide-{game}")
    for _ in range(2):
        pos = random_position(rng, game, budget=3_000)
        texts = [t for t in random_goals(rng, pos, 7) if not g.parse(t, pos.rules).is_objective]
        goals = [g.parse(t, pos.rules) for t in texts]
        oracle = brute_force(pos, goals)
        for i, goal in enumerate(goals):
            answer = ask(pos, goal, explain=True, hint=False)
            assert (answer.status == "possible") == oracle.exists[i], (goal.text, pos.hands)
            if answer.status == "possible":
                assert answer.explanation is None and answer.witnesses
            else:
                assert answer.status == "impossible" and answer.explanation.minimal


# -- the student question ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def student():
    return logic.position.load(EXAMPLES / "student.toml")


def test_student_question_has_a_witness_replayed_by_the_engine(student):
    answer = ask(student)
    assert answer.status == "possible"
    (witness,) = answer.witnesses
    assert witness.game.tricks_won[0] >= 4
    assert witness.game.deal.hands[0] == tuple(witness.game.deal.hands[0])
    assert set(witness.game.deal.hands[2]) == {c for c in student.hands[2]}


@pytest.mark.slow
def test_student_cannot_take_all_ten_tricks_because_p3_holds_the_ace_of_swords(student):
    answer = ask(student, "tricks(P1) >= 10", explain=True)
    assert answer.status == "impossible"
    texts = [text for _, text in answer.explanation.groups]
    assert any("P3 is dealt AS" in t for t in texts)
    assert any("highest trump" in t for t in texts)
    assert any("tricks(P1) >= 10" in t for t in texts)
    assert any("no card beats it, so P3 wins that trick" in n for n in answer.explanation.notes)
    assert any("at most 9" in n for n in answer.explanation.notes)


@pytest.mark.slow
def test_a_bound_found_while_minimising_is_the_maximisations(student, monkeypatch):
    # "tricks(P1) is at most 9" comes from the goal's deletion test (the rest reaches 9); with
    # that shortcut off it comes from maximising tricks(P1) under the rest, as before: the same
    from aceten.logic import explain as explain_module

    goal = g.parse("tricks(P1) >= 10", student.rules)
    fast = explain(student, goal)
    monkeypatch.setattr(explain_module, "_implied_bound", lambda goal, grp: None)
    slow = explain(student, goal)
    assert (fast.groups, fast.notes) == (slow.groups, slow.notes)
    assert any("at most 9" in note for note in fast.notes)
    assert fast.solves < slow.solves


def test_explanation_out_of_time_keeps_every_group_and_says_it_is_not_minimal(student, monkeypatch):
    # The first solve runs out of time: the answer is still a true reason (every group: the goal
    # is already known impossible), marked not minimal, instead of a crash.
    from aceten.logic import explain as explain_module

    goal = g.parse("tricks(P1) >= 10", student.rules)
    monkeypatch.setattr(explain_module, "_solver", lambda time_limit: _OutOfTime())
    core = explain(student, goal)
    assert not core.minimal and len(core.groups) > 3


class _OutOfTime:
    """A CP-SAT solver that always runs out of time before an answer."""

    def solve(self, model):
        from aceten.logic import sat

        return sat.UNKNOWN


def test_student_optimum_is_nine_tricks_proven(student):
    answer = ask(student, "maximize tricks(P1)")
    assert (answer.status, answer.value, answer.proven) == ("optimum", 9, True)
    assert answer.witnesses[0].game.tricks_won[0] == 9


def test_all_gives_distinct_witnesses_in_what_the_goal_mentions(student):
    answer = ask(student, "tricks(P1) >= 4", all=3)
    assert len(answer.witnesses) == 3
    patterns = {tuple(t.winner == 0 for t in w.tricks) for w in answer.witnesses}
    assert len(patterns) == 3


@pytest.mark.parametrize("game", ["briscola", "klaverjas"])
def test_deletion_by_runs_keeps_the_core_of_one_at_a_time_deletion(game, monkeypatch):
    # _delete_in_order finds, with fewer solves, the core that deleting one group at a time in
    # ORDER finds (CP-SAT's smaller cores set aside in both: they depend on the tests asked)
    from aceten.logic import explain as explain_module

    monkeypatch.setattr(explain_module, "_smaller", lambda core, rest: rest)
    rng = random.Random(f"runs-{game}")
    compared = 0
    while compared < 2:
        pos = random_position(rng, game, budget=3_000)
        for text in random_goals(rng, pos, 6):
            goal = g.parse(text, pos.rules)
            if goal.is_objective or ask(pos, goal, hint=False, workers=1).status != "impossible":
                continue
            runs = explain(pos, goal)
            search = explain_module._CoreSearch(pos, goal, None)
            _, core = search.infeasible(search.groups)
            core = core or search.groups
            for grp in sorted(core, key=lambda grp: explain_module.ORDER.get(grp.kind, 1)):
                rest = [x for x in core if x is not grp]
                if search.deletion_test(grp, rest)[0]:
                    core = rest
            one_at_a_time = search.explanation(core, minimal=True, proven=True)
            assert (runs.groups, runs.notes) == (one_at_a_time.groups, one_at_a_time.notes), text
            compared += 1


@pytest.mark.slow
def test_explanation_core_is_minimal():
    deck = "AR TR KR JR 9R AV TV KV 9V AG JG 9G"
    pos = from_dict({"game": "cruce", "players": 4, "options": {"bidding": "no", "deck": deck},
                     "leader": "P1", "hands": {"P1": "AR JR 9V", "P2": "TV KV 9G"}})
    goal = g.parse("tricks(P2) >= 3 and trump == R", pos.rules)  # P1 holds AR
    assert ask(pos, goal).status == "impossible"
    core = explain(pos, goal)
    assert core.minimal and core.groups
    model = GameModel(pos, explain=True)
    model.add_goal(goal)
    by_text = {grp.text: grp for grp in model.cp.groups.values() if grp.literal is not None}
    from ortools.sat.python import cp_model

    for _, text in core.groups:
        others = [by_text[t].literal for _, t in core.groups if t != text]
        model.cp.model.clear_assumptions()
        model.cp.model.add_assumptions(others)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        assert solver.solve(model.cp.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE), text


# -- rules that only some games have ----------------------------------------------------------------
@pytest.mark.slow
def test_brisca_exchange_lets_the_holder_of_the_seven_lead_the_face_up_ace():
    pos = logic.position.load(EXAMPLES / "brisca.toml")
    answer = ask(pos)
    assert answer.status == "possible"
    assert answer.witnesses[0].exchanges[0][1:] == (0, pos.rules.parse_card("7O"))
    no_exchange = loads((EXAMPLES / "brisca.toml").read_text(), overrides={"options": {"exchange": "no"}})
    assert ask(no_exchange).status == "impossible"
    needs_trick = loads((EXAMPLES / "brisca.toml").read_text(),
                        overrides={"options": {"exchange_needs_trick": "yes"}})
    assert ask(needs_trick).status == "impossible"
    assert ask(needs_trick, "plays(P1, AO, trick=2)").status == "possible"


@pytest.mark.slow
def test_cruce_marriage_in_trumps_scores_forty():
    pos = logic.position.load(EXAMPLES / "cruce.toml")
    answer = ask(pos)
    assert answer.status == "possible"
    game = answer.witnesses[0].game
    assert game.bonus[0] + game.bonus[2] >= 40
    assert ask(pos, "bonus(team 2) >= 20").status == "impossible"  # P2, P4 hold no K+Q pair


def test_cruce_bidding_is_out_of_scope_with_a_clear_message():
    with pytest.raises(AcetenError, match=r"bidding = .no."):
        from_dict({"game": "cruce", "players": 4})


@pytest.mark.slow
def test_klaverjas_trump_may_be_left_to_the_caller():
    pos = from_dict({"game": "klaverjas", "leader": "P1",
                     "hands": {"P1": "JH 9H AH TH KH QH 8H 7H"}})
    answer = ask(pos, "tricks(team 1) == 8 and trump == H")
    assert answer.status == "possible" and answer.witnesses[0].game.trump.letter == "H"
    roem = ask(pos, "bonus(team 1) >= 100 and trump == S and tricks(team 1) == 8")
    bonus = roem.witnesses[0].game.bonus
    assert roem.status == "possible" and bonus[0] + bonus[2] >= 100


@pytest.mark.slow
def test_history_from_one_seats_view_constrains_the_deal():
    import aceten

    game = aceten.new_game("briscola", players=2, seed=9)
    for _ in range(6):
        game.push(game.legal_moves()[0])
    text = aceten.record.dumps(game, seat=0)
    assert "??" in text
    pos = from_dict({"history": text})
    assert pos.hands[0] == game.deal.hands[0] and not pos.hands[1]
    answer = ask(pos, "tricks(P1) >= 0")
    replayed = answer.witnesses[0].game
    assert replayed.moves[:6] == game.moves[:6]
    assert set(replayed.deal.hands[0]) == set(game.deal.hands[0])
    winners = [t.winner for t in game.tricks]
    assert ask(pos, f"wins(P{winners[0] + 1}, trick=1)").status == "possible"
    assert ask(pos, f"wins(P{2 - winners[0]}, trick=1)").status == "impossible"


def test_a_time_limit_gives_an_honest_unproven_answer(student):
    answer = ask(student, "maximize points(P1)", time_limit=0.05, workers=1)
    assert answer.status in ("optimum", "unknown")
    if answer.status == "optimum" and not answer.proven:
        assert answer.bound >= answer.value


FULL_DECK_LATE = [
    ("cruce", 2, None, {"bidding": "no"}, 8),         # 24 cards, 8-card stock, obligations after it
    ("klaverjas", 4, "amsterdam", {"trump": "D"}, 5),
    ("klaverjas", 4, "rotterdam", {}, 5),             # trump called by the first player
    ("brisca", 2, None, {"arrastre": "yes"}, 16),     # 40 cards, exchanges while the stock lasts
    ("briscola", 4, None, {"draw": "after-play"}, 7),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options", "tricks"), FULL_DECK_LATE)
def test_full_decks_late_in_the_deal_equal_exhaustive_search(game, players, variant, options, tricks):
    import aceten

    rng = random.Random(f"late-{game}-{variant}")
    deal_game = aceten.new_game(game, players=players, variant=variant, seed=rng.randrange(10**6),
                                **options)
    while len(deal_game.tricks) < tricks:
        deal_game.push(rng.choice(deal_game.legal_moves()))
    rules = deal_game.rules
    data = {"game": game, "players": players, "variant": variant,
            "options": {k: (v.letter if hasattr(v, "letter") else v)
                        for k, v in rules.given_options.items() if k != "dealer"},
            "leader": f"P{(rules.options['dealer'] + 1) % players + 1}",
            "hands": {f"P{p + 1}": " ".join(map(str, h)) for p, h in enumerate(deal_game.deal.hands)},
            "moves": " ".join(map(str, deal_game.moves))}
    if deal_game.deal.stock:
        data["stock"] = " ".join(map(str, deal_game.deal.stock))
    pos = from_dict(data)
    texts = random_goals(rng, pos, 10)
    goals = [g.parse(t, pos.rules) for t in texts]
    oracle = brute_force(pos, goals, limit=300_000)
    for i, goal in enumerate(goals):
        answer = ask(pos, goal, workers=1)
        if goal.objective is None:
            assert (answer.status == "possible") == oracle.exists[i], goal.text
        elif oracle.exists[i]:
            assert (answer.status, answer.value) == ("optimum", oracle.best[i]), goal.text
        else:
            assert answer.status == "impossible", goal.text


def test_an_objective_known_within_a_bound_stops_there():
    # the deletion test's fallback maximises left with its known bound as the objective's
    # domain (before CP-SAT's offset and scaling): here x + 5 with x in 0..10
    from aceten.logic import sat
    from aceten.logic.explain import _objective_within

    for up, bound, best in ((True, 12, 12), (False, 8, 8), (True, 20, 15), (False, 2, 5)):
        model = sat.new_model()
        x = model.new_int_var(0, 10, "x")
        _objective_within(model, up, x + 5, bound)
        solver = sat.new_solver()
        assert solver.solve(model) == sat.OPTIMAL
        assert round(solver.objective_value) == best, (up, bound)
