"""The tactics and pimc players: views only, determinism, every game played to the end."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten import agents
from aceten.agents.pimc import PimcAgent, public_moves
from aceten.agents.tactics import TacticsAgent
from aceten.errors import AcetenError
from aceten.game import Deal, Game
from aceten.moves import Bid

GAMES = [("briscola", 2), ("briscola", 3), ("briscola", 4), ("brisca", 2), ("brisca", 3),
         ("brisca", 4), ("cruce", 2), ("cruce", 3), ("cruce", 4), ("klaverjas", 4)]


def quick_pimc(seed: int = 1) -> PimcAgent:
    return PimcAgent(seed=seed, samples=3)


def bots_for(name: str) -> agents.Agent:
    return quick_pimc() if name == "pimc" else agents.get(name, seed=1)


def positions(name: str, players: int, seed: int, every: int = 3):
    """Positions of a tactics-played deal: (game copy, seat to move), every few moves."""
    game = aceten.new_game(name, players=players, seed=seed)
    bots = [TacticsAgent(seed=s) for s in range(players)]
    i = 0
    while not game.is_over():
        if i % every == 0:
            yield game.copy(), game.to_move
        game.push(bots[game.to_move].choose(game.view(game.to_move)))
        i += 1


def unseen_cards(game: Game, seat: int) -> set:
    """Cards ``seat`` has never seen: not its own, not played, not face up, not drawn by it."""
    view = game.view(seat)
    seen = set()
    for _kind, _who, what in view.events:
        if isinstance(what, aceten.Card):
            seen.add(what)
    return set(game.rules.deck) - seen


def scrambled(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same history with two cards ``seat`` never saw swapped in the deal, or None when the
    swap makes a played move illegal or shows the seat something different."""
    hidden = sorted(unseen_cards(game, seat))
    if len(hidden) < 2:
        return None
    a, b = rng.sample(hidden, 2)
    swap = {a: b, b: a}
    deal = game.deal
    new = Deal(tuple(tuple(swap.get(c, c) for c in hand) for hand in deal.hands),
               tuple(swap.get(c, c) for c in deal.stock))
    other = Game(game.rules, deal=new)
    try:
        for move in game.moves:
            other.push(move)
    except AcetenError:
        return None
    before, after = game.view(seat), other.view(seat)
    if (before.events, before.hand, before.legal_moves) != (after.events, after.hand, after.legal_moves):
        return None
    return other


@pytest.mark.parametrize("bot", ["tactics", "pimc"])
@pytest.mark.parametrize(("name", "players"), [("briscola", 2), ("brisca", 4), ("cruce", 2),
                                               ("cruce", 3), ("klaverjas", 4)])
def test_decisions_depend_only_on_what_the_seat_sees(bot, name, players):
    rng = random.Random(f"{bot}{name}{players}")
    checked = 0
    for game, seat in positions(name, players, seed=4):
        for _ in range(4):
            other = scrambled(game, seat, rng)
            if other is None:
                continue
            assert other.deal != game.deal
            first, second = bots_for(bot), bots_for(bot)
            move = first.choose(game.view(seat))
            assert second.choose(other.view(seat)) == move, (game.moves, seat)
            assert second.reason == first.reason
            checked += 1
            break
    assert checked >= 5


@pytest.mark.parametrize("bot", ["tactics", "pimc"])
def test_same_seed_same_decisions(bot):
    for name, players in [("briscola", 2), ("klaverjas", 4), ("cruce", 3)]:
        for game, seat in positions(name, players, seed=9, every=5):
            view = game.view(seat)
            make = (lambda: PimcAgent(seed=5, samples=4)) if bot == "pimc" else (lambda: TacticsAgent(seed=5))
            a, b = make(), make()
            assert a.choose(view) == b.choose(view)
            assert a.reason == b.reason and a.reason


def test_registry_knows_the_new_players():
    assert {"tactics", "pimc"} <= set(agents.names())
    assert isinstance(agents.get("tactics", seed=1), TacticsAgent)
    assert isinstance(agents.get("PIMC", seed=1), PimcAgent)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_game_plays_to_the_end_with_each_new_bot(name, players):
    for bot in ("tactics", "pimc"):
        for seed in (1,):
            game = aceten.new_game(name, players=players, seed=seed)
            seats = [quick_pimc(s) if bot == "pimc" else TacticsAgent(seed=s) for s in range(players)]
            reasons = []

            def note(g, seat, move, seats=seats, reasons=reasons):
                reasons.append(seats[seat].reason)

            outcome = agents.play(game, seats, on_move=note)
            assert outcome is not None and game.is_over()
            assert all(reasons)


def test_tactics_reasons_are_plain_sentences_naming_the_card_with_the_numbers_in_detail():
    game = aceten.new_game("briscola", players=2, seed=3)
    bot = TacticsAgent(seed=1)
    while not game.is_over():
        move = bot.choose(game.view(game.to_move))
        words = move.name.split(" of ")[0] if isinstance(move, aceten.Card) else str(move)
        assert words in bot.reason, bot.reason
        assert bot.detail
        assert "tactics" not in bot.reason and "master" not in bot.reason
        game.push(move)


def _tactics_positions(name: str, players: int, deals: int):
    """(view, chosen card) of every decision of tactics-played deals."""
    for seed in range(deals):
        game = aceten.new_game(name, players=players, seed=seed)
        bots = [TacticsAgent(seed=s) for s in range(players)]
        while not game.is_over():
            view = game.view(game.to_move)
            move = bots[game.to_move].choose(view)
            yield view, move, bots[game.to_move]
            game.push(move)


def test_tactics_does_not_trump_a_worthless_trick_while_it_can_throw_a_worthless_plain_card():
    seen = 0
    for view, move, _bot in _tactics_positions("briscola", 2, 30):
        rules, trump = view.rules, view.trump
        if len(view.trick) != 1 or rules.points(view.trick[0]):
            continue
        if not any(c.suit != trump and not rules.points(c) for c in view.legal_moves):
            continue
        seen += 1
        assert move.suit != trump, (view.trick, view.hand, move)  # neither a low nor a point trump
    assert seen >= 10


def test_tactics_gives_points_to_a_partner_sure_to_win_the_trick():
    seen = 0
    for view, move, bot in _tactics_positions("briscola", 4, 30):
        if len(view.trick) == 3 and bot.reason.startswith("give points to your partner"):
            seen += 1
            assert view.rules.points(move) > 0
            others = [c for c in view.legal_moves if c.suit != view.trump]
            assert view.rules.points(move) == max(view.rules.points(c) for c in others)
    assert seen >= 5


def test_tactics_lets_a_partner_still_to_play_take_a_trick_it_may_take():
    seen = 0
    for _view, move, bot in _tactics_positions("klaverjas", 4, 20):
        if bot.reason.startswith("leave it to your partner"):
            seen += 1
            assert str(move) in bot.detail
    assert seen >= 1


def test_pimc_delegates_bids_and_calls_to_tactics_and_summarises_searches():
    game = aceten.new_game("cruce", players=3, seed=2, bidding=True)
    bot = PimcAgent(seed=1, samples=3)
    if game.phase == "bid":
        bot.choose(game.view(game.to_move))
        assert "tactics decides" in bot.detail and bot.reason == bot.tactics.reason
    game = aceten.new_game("klaverjas", seed=2)
    assert game.phase == "call"
    bot.choose(game.view(game.to_move))
    assert "tactics decides" in bot.detail and "tactics" not in bot.reason
    # late in a deal pimc searches: "MOVE: best average +x over k deals"
    game = aceten.new_game("briscola", players=2, seed=3)
    tactics = TacticsAgent(seed=1)
    while sum(game.view(0).hand_sizes) + game.view(0).stock_size > 8:
        game.push(tactics.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    move = bot.choose(view)
    assert move in view.legal_moves
    assert bot.detail.startswith(f"{move}: best average") and "over 3 deals" in bot.detail
    # in plain words: the card by name, what was tried, no jargon
    assert bot.reason.startswith(f"play the {move.rank.name.lower()} of")
    assert "3 possible layouts" in bot.reason and "average" not in bot.reason


def test_pimc_replays_the_public_moves_onto_sampled_deals():
    from aceten.knowledge import Knowledge

    for game, seat in positions("brisca", 2, seed=5, every=7):
        view = game.view(seat)
        for deal in Knowledge.from_view(view).sample(3, seed=1):
            copy = Game(view.rules, deal=deal)
            for move in public_moves(view):
                copy.push(move)
            assert copy.view(seat).events == view.events
            assert copy.hand(seat) == view.hand


def test_the_default_bot_is_the_searcher_where_the_solver_runs_and_tactics_elsewhere(monkeypatch):
    import importlib.util

    assert agents.DEFAULT == "searcher"  # numpy is a dependency, the C kernels or numba run it
    real = importlib.util.find_spec

    def hiding(*names):
        monkeypatch.setattr(importlib.util, "find_spec",
                            lambda name, *a: None if name in names else real(name, *a))

    hiding("numba")  # the C kernels alone: built at install, or a compiler builds them
    assert agents._search_installed()
    monkeypatch.setenv("ACETEN_KERNELS", "numba")  # told to use numba, which is not there
    assert not agents._search_installed()
    monkeypatch.delenv("ACETEN_KERNELS")
    hiding("numpy")
    assert not agents._search_installed()
    monkeypatch.setattr(importlib.util, "find_spec", real)
    assert agents._search_installed()


def test_without_numba_the_c_kernels_count_where_built_or_a_compiler_builds_them(monkeypatch,
                                                                                 tmp_path):
    import shutil
    from pathlib import Path

    package = tmp_path / "aceten"  # an install's folder: the build module, no kernels built
    (package / "search" / "native").mkdir(parents=True)
    real = Path(agents.__file__).resolve().parents[1] / "search" / "native" / "build.py"
    shutil.copy(real, package / "search" / "native" / "build.py")
    assert agents._c_kernels_possible(package)  # this machine has a C compiler
    monkeypatch.setattr(shutil, "which", lambda *a, **k: None)  # no compiler anywhere
    assert not agents._c_kernels_possible(package)
    (package / "_kernels").mkdir()
    (package / "_kernels" / "native-0123-x86_64.so").write_bytes(b"")  # built at install
    assert agents._c_kernels_possible(package)
    monkeypatch.setenv("ACETEN_KERNELS", "numba")
    assert not agents._c_kernels_possible(package)


def _compiled_kernels() -> dict[str, int]:
    """How many compiled versions each compiled numba kernel of aceten's modules holds now
    (none without numba)."""
    import sys

    try:
        from numba.core.dispatcher import Dispatcher
    except ImportError:
        return {}

    return {f"{module}.{name}": len(value.signatures)
            for module in list(sys.modules) if module.startswith("aceten.")
            for name, value in vars(sys.modules[module]).items()
            if isinstance(value, Dispatcher) and value.signatures}


def test_warm_up_loads_the_solver_and_pimc_then_searches_with_no_compile():
    # Clock-free: pimc's first search after warm_up builds and compiles nothing (the goal, a
    # search well under a second, is measured in bench/, not asserted on a possibly busy
    # machine). warm_up loads the C kernels, or where there are none (``ACETEN_KERNELS=numba``,
    # no compiler) has numba compile the solver's: either counts, whatever ran before.
    from aceten.agents.pimc import warm_up
    from aceten.search import native

    warm_up()
    lib = native._LOADED.get("lib")  # the C kernels, or None where numba serves
    warmed = _compiled_kernels()
    assert lib is not None or warmed
    game = aceten.new_game("briscola", players=2, seed=5)
    while len(game.moves) < 30:
        game.push(game.legal_moves()[0])
    bot = PimcAgent(seed=1)
    bot.choose(game.view(game.to_move))
    assert bot.last["deals"] >= 1
    assert _compiled_kernels() == warmed
    assert native._LOADED.get("lib") is lib


def test_play_and_the_web_form_offer_the_default_bot():
    from aceten.web.app import games_catalogue

    assert games_catalogue()["default_bot"] == agents.DEFAULT


def test_asking_for_pimc_without_the_solver_fails_at_once_with_the_extra_named(monkeypatch):
    monkeypatch.setattr(agents, "_search_installed", lambda: False)
    with pytest.raises(AcetenError, match=r"pip install 'aceten\[search\]'"):
        agents.get("pimc")
    assert agents.get("tactics").name == "tactics"


# -- Cruce bids with a partner (issue 18: tactics against tactics-1 with 4 players) -----------
# the hand's own estimate is 65 (ghindă trumps), one bid unit (33) short of 2 by itself
HAND_65 = "AR TR 9R AV JG 9G"


def _bid(game) -> tuple[str, str]:
    from aceten.web.i18n_reasons import read

    bot = agents.get("tactics")
    move = bot.choose(game.view(game.to_move))
    assert read(bot.reason) is not None, bot.reason  # the web table reads it in every language
    return str(move), bot.reason


def test_with_a_partner_a_bid_counts_some_of_the_partners_points():
    from test_agents import deal_game

    opening = deal_game("cruce", 4, [HAND_65, None, None, None])
    assert opening.to_move == 0
    move, reason = _bid(opening)
    assert move == "bid:2" and reason.endswith("with your partner's cards enough for the bid")
    raised = deal_game("cruce", 4, [None, None, HAND_65, None])  # the partner P1 bid 1
    raised.push(Bid(1))
    raised.push(Bid(0))
    assert _bid(raised)[0] == "bid:2"


def test_with_a_partner_a_bid_counts_more_to_outbid_an_opponent():
    from test_agents import deal_game

    game = deal_game("cruce", 4, [None, HAND_65, None, None])
    game.push(Bid(1))  # the opponent P1 bids 1
    move, reason = _bid(game)
    assert move == "bid:2" and "worth taking the lead from the opponents" in reason
    game = deal_game("cruce", 4, [None, HAND_65, None, None])
    game.push(Bid(2))  # 65 + the allowance is short of 3
    assert _bid(game) == ("bid:0", "pass: this hand should make only about 65 points, and the bidding "
                                   "is already higher")


def test_without_a_partner_a_bid_counts_the_hand_alone():
    from test_agents import deal_game

    game = deal_game("cruce", 3, [HAND_65 + " 9D JD", None, None])
    assert game.to_move == 0
    move, reason = _bid(game)
    assert move == "bid:1" and reason.endswith("(aces, tens, trumps and marriages)")
