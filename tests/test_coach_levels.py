"""The coach (hints and the solver's review after the deal) and the levels easy to expert."""

from __future__ import annotations

import pytest

import aceten
from aceten import agents
from aceten.agents.coach import Coach, review
from aceten.agents.levels import EasyAgent, ExpertAgent, HardAgent, MediumAgent
from aceten.agents.pimc import PimcAgent
from aceten.agents.tactics import TacticsAgent
from aceten.moves import Exchange
from test_players import positions


def _views(name: str, players: int, seeds: range, every: int = 1):
    """Views of tactics-played deals: (game copy, seat to move)."""
    for seed in seeds:
        yield from positions(name, players, seed, every)


@pytest.mark.parametrize("bot", ["tactics", "easy", "greedy"])
@pytest.mark.parametrize(("name", "players"), [("briscola", 2), ("brisca", 4), ("cruce", 3),
                                               ("klaverjas", 4)])
def test_the_coach_hint_is_the_bot_move_with_its_reason(bot, name, players):
    for game, seat in _views(name, players, range(2), every=2):
        view = game.view(seat)
        hint = Coach(bot, seed=7).hint(view)
        same = agents.get(bot, seed=7)
        assert hint.move == same.choose(view)
        assert hint.reason == same.reason and hint.reason


def test_the_coach_hint_is_the_pimc_move_late_in_a_deal():
    game = aceten.new_game("briscola", players=2, seed=5)
    tactics = TacticsAgent(seed=1)
    while sum(game.view(0).hand_sizes) + game.view(0).stock_size > 8:
        game.push(tactics.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    hint = Coach("pimc", seed=3).hint(view)
    assert hint.move == PimcAgent(seed=3).choose(view)
    assert "layouts" in hint.reason and "best average" in hint.detail


def test_the_default_coach_hints_the_searchers_move_from_the_first_trick_on():
    from aceten.agents.searcher import SearcherAgent

    assert agents.DEFAULT == "searcher"
    game = aceten.new_game("briscola", players=2, seed=9)
    tactics = TacticsAgent(seed=1)
    for cards_played in (0, 30):  # the first card of the deal, and late (the solver's phase)
        while len(game.moves) < cards_played:
            game.push(tactics.choose(game.view(game.to_move)))
        view = game.view(game.to_move)
        hint = Coach(seed=4).hint(view)
        same = SearcherAgent(seed=4)
        assert hint.move == same.choose(view)
        assert hint.reason == same.reason and "layouts" in hint.reason


def test_the_review_says_it_is_unavailable_without_the_solver(monkeypatch):
    monkeypatch.setattr(agents, "_search_installed", lambda: False)
    game = aceten.new_game("briscola", players=2, seed=1)
    agents.play(game, [agents.get("tactics", seed=0), agents.get("tactics", seed=1)])
    result = review(game, 0)
    assert not result.available
    assert "unavailable" in result.lines()[0] and "aceten[search]" in result.lines()[0]


@pytest.mark.slow
def test_the_review_finds_no_loss_in_solver_play_and_the_loss_of_a_worse_move():
    """Seat 0 plays the solver's best move once few cards are left: the review finds nothing
    lost. Then one of those moves is replaced by a worse one: the review finds that move, with
    the loss the solver gives it, first."""
    from aceten.search import solve

    def played(worse_at: int | None):
        game = aceten.new_game("briscola", players=2, seed=11)
        bots = [TacticsAgent(seed=0), TacticsAgent(seed=1)]
        decisions = 0
        expected = None
        while not game.is_over():
            view = game.view(game.to_move)
            left = sum(view.hand_sizes) + view.stock_size
            if game.to_move == 0 and left <= 10 and len(game.legal_moves()) > 1:
                values = {m.move: m.value for m in solve(game).moves}
                ranked = sorted(values, key=lambda m: -values[m])
                move = ranked[0]
                if decisions == worse_at and values[ranked[-1]] < values[ranked[0]]:
                    move = ranked[-1]
                    expected = (len(game.tricks) + 1, values[ranked[0]] - values[ranked[-1]])
                decisions += 1
            else:
                move = bots[game.to_move].choose(view)
            game.push(move)
        return game, expected

    game, _ = played(None)
    clean = review(game, 0, max_cards=10)
    assert clean.available and clean.checked >= 3
    assert all(m.lost == 0 for m in clean.mistakes)
    for at in range(4):
        game, expected = played(at)
        if expected is not None:
            break
    assert expected is not None
    worse = review(game, 0, max_cards=10)
    first = worse.mistakes[0]
    assert (first.trick, first.lost) == expected
    assert f"trick {first.trick}" in "\n".join(worse.lines())


def test_the_levels_are_known_by_name():
    assert agents.LEVELS == ("easy", "medium", "hard", "expert")
    assert isinstance(agents.get("easy"), EasyAgent)
    assert isinstance(agents.get("medium"), MediumAgent)
    assert isinstance(agents.get("hard"), HardAgent)
    expert = agents.get("expert")
    assert isinstance(expert, ExpertAgent)
    assert expert.samples > HardAgent().samples  # type: ignore[attr-defined]
    assert agents.needs_solver("hard") and agents.needs_solver("Expert")
    assert not agents.needs_solver("easy")


def test_medium_plays_as_tactics():
    for game, seat in _views("brisca", 4, range(2), every=3):
        view = game.view(seat)
        assert agents.get("medium", seed=2).choose(view) == agents.get("tactics", seed=2).choose(view)


def test_easy_slips_sometimes_and_only_to_its_second_or_third_best_card():
    slips = decisions = 0
    for game, seat in _views("briscola", 2, range(12)):
        view = game.view(seat)
        cards = [m for m in view.legal_moves if isinstance(m, aceten.Card)]
        if len(cards) < 2:
            continue
        easy, careful = EasyAgent(seed=decisions), TacticsAgent(seed=0)
        move, best = easy.choose(view), careful.choose(view)
        decisions += 1
        if move == best:
            continue
        slips += 1
        assert "hasty" in easy.reason and str(move) in easy.detail
        # the slip is among tactics' three best cards by its own values
        top = [part.split()[0] for part in careful.detail.split("values: ")[1].split("; ")][:3]
        assert str(move) in top
    assert decisions > 100
    assert 0.15 < slips / decisions < 0.45  # about MISTAKE_RATE, ties between equal cards aside


# -- in the terminal -----------------------------------------------------------------------------
def _cli(*args: str, input: str | None = None):
    from cli_support import run

    return run(*args, input=input)


def test_auto_play_prints_each_bot_reason_in_plain_words_and_the_detail_with_verbose():
    plain = _cli("play", "briscola", "--auto", "--seed", "2", "--opponent", "medium")
    assert plain.exit_code == 0, plain.stderr
    reasons = [line for line in plain.stdout.splitlines() if line.startswith("    P")]
    assert len(reasons) == 40  # one a card
    assert not any("values:" in line for line in reasons)
    verbose = _cli("play", "briscola", "--auto", "--seed", "2", "--opponent", "medium", "--verbose")
    assert "values:" in verbose.stdout


def test_a_person_asks_for_a_hint_at_the_prompt():
    result = _cli("play", "briscola", "--seed", "4", "--opponent", "easy", "--interactive",
                  input="hint\nquit\n")
    assert result.exit_code == 0, result.stderr
    from aceten.cli.common import bot_seed

    game = aceten.new_game("briscola", players=2, seed=4)
    expected = Coach(seed=bot_seed(4, 0)).hint(game.view(0))  # the default bot in seat P1
    assert f"— {expected.reason}" in result.stdout
    assert "hint" in _cli("play", "--help").stdout


def test_an_unknown_level_names_the_levels():
    result = _cli("play", "briscola", "--auto", "--opponent", "grandmaster")
    assert result.exit_code == 2
    assert "easy" in result.stderr and "expert" in result.stderr


@pytest.mark.parametrize("bot", ["tactics", "easy"])
@pytest.mark.parametrize(("name", "players"), [("briscola", 2), ("brisca", 4), ("klaverjas", 4)])
def test_reasons_name_no_held_card_but_the_one_played(bot, name, players):
    """The web table shows bots' reasons to everyone: they must not give away the hand."""
    from aceten.agents.tactics import card_words

    for game, seat in _views(name, players, range(3)):
        view = game.view(seat)
        chooser = agents.get(bot, seed=1)
        move = chooser.choose(view)
        shown = move.card if isinstance(move, Exchange) else move  # a swapped card goes face up
        for card in view.hand:
            if card == shown:
                continue
            for form in (str(card), card.name, card_words(card, view.trump)):
                assert form not in chooser.reason.replace(str(shown), ""), (chooser.reason, card)
