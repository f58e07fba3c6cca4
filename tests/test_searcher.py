"""The searcher and its play model: inference from play weights worlds sensibly, the weights sum
to one, the searcher decides from the view alone, the same seed gives the same move, and its
moves are legal from the first trick to the last."""

from __future__ import annotations

import math
import random

import pytest

import aceten
from aceten import agents
from aceten.agents.pimc import public_moves
from aceten.agents.playmodel import PlayModel, normalise, policy_move, world_weights
from aceten.agents.searcher import SearcherAgent
from aceten.agents.tactics import TacticsAgent
from aceten.cards import Card
from aceten.game import Deal, Game
from aceten.knowledge import Knowledge
from aceten.rules import get

pytestmark = pytest.mark.usefixtures("compiled_kernels")

C = Card.parse
DECK = "AS 3S KS 2S AC 3C KC 2C AO 3O KO 2O"  # twelve cards: swords, cups, coins (O)


def small_rules():
    return get("briscola", players=2, deck=DECK)


def dealt(p2: str, stock: str) -> Deal:
    """P1 holds AS 2S KS and leads; the face-up trump is the king of coins (stock's last)."""
    return Deal(((C("AS"), C("2S"), C("KS")), tuple(C(c) for c in p2.split())),
                tuple(C(c) for c in stock.split()))


# P1 leads the ace of swords (11 points) and P2 throws the two of cups. In the first world P2
# held no trump and could not win the trick; in the second it held the two of coins (trump) and
# could have taken 11 points with it, so throwing the two of cups there is a surprise.
NO_TRUMP = dealt("2C KC 3C", "3S AC AO 3O 2O KO")
HAD_TRUMP = dealt("2C 2O KC", "3S AC AO 3O 3C KO")


def after_first_trick(deal: Deal) -> Game:
    game = Game(small_rules(), deal=deal)
    game.push(C("AS"))
    game.push(C("2C"))
    return game


def test_the_constructed_worlds_look_the_same_to_p1():
    a, b = after_first_trick(NO_TRUMP), after_first_trick(HAD_TRUMP)
    assert a.view(0).events == b.view(0).events and a.view(0).hand == b.view(0).hand
    knowledge = Knowledge.from_view(a.view(0))
    assert knowledge.is_consistent(NO_TRUMP) and knowledge.is_consistent(HAD_TRUMP)


def test_the_model_expects_a_cheap_trump_on_an_ace_rather_than_a_throw():
    game = Game(small_rules(), deal=HAD_TRUMP)
    game.push(C("AS"))
    cards = [m for m in game.legal_moves() if isinstance(m, Card)]
    probs = PlayModel().probabilities(game, cards)
    assert math.isclose(math.fsum(probs.values()), 1.0)
    assert probs[C("2O")] > probs[C("2C")] > probs[C("KC")]
    assert min(probs.values()) > 0  # noise: no consistent world is ruled out
    assert policy_move(game) == C("2O")


def test_weighting_prefers_the_world_consistent_with_the_observed_play():
    view = after_first_trick(NO_TRUMP).view(0)
    weights, games = world_weights(view.rules, [HAD_TRUMP, NO_TRUMP], public_moves(view), 0, PlayModel())
    assert math.isclose(math.fsum(weights), 1.0)
    assert weights[1] > 2 * weights[0]
    # the replayed worlds stand where the view stands
    assert all(g.view(0).events == view.events for g in games)


def test_sampled_worlds_where_p2_could_have_trumped_lose_weight():
    view = after_first_trick(NO_TRUMP).view(0)
    deals = Knowledge.from_view(view).sample(300, rng=random.Random(1))
    weights, _ = world_weights(view.rules, deals, public_moves(view), 0, PlayModel())
    assert math.isclose(math.fsum(weights), 1.0) and min(weights) > 0
    coins = C("KO").suit

    def shares(held):
        flags = [held(d.hands[1]) for d in deals]
        return sum(flags) / len(deals), math.fsum(w for w, f in zip(weights, flags) if f)

    uniform, weighted = shares(lambda hand: any(c.suit == coins for c in hand))
    assert 0 < weighted < uniform  # any trump: trumping the ace was likelier than the throw
    uniform, weighted = shares(lambda hand: C("2O") in hand)
    assert 0 < weighted < 0.7 * uniform  # the two of trumps: 11 points taken for nothing


def test_the_weights_of_real_deals_sum_to_one_and_favour_nobody_before_the_others_play():
    game = aceten.new_game("briscola", players=4, seed=3)
    bots = [TacticsAgent(seed=s) for s in range(4)]
    for _ in range(9):
        game.push(bots[game.to_move].choose(game.view(game.to_move)))
    seat = game.to_move
    view = game.view(seat)
    deals = Knowledge.from_view(view).sample(40, rng=random.Random(2))
    weights, _ = world_weights(view.rules, deals, public_moves(view), seat, PlayModel())
    assert math.isclose(math.fsum(weights), 1.0) and len(set(weights)) > 1
    fresh = aceten.new_game("briscola", players=4, seed=3).view(0)
    deals = Knowledge.from_view(fresh).sample(5, rng=random.Random(2))
    weights, _ = world_weights(fresh.rules, deals, public_moves(fresh), 0, PlayModel())
    assert weights == [0.2] * 5


@pytest.mark.parametrize("name, players, variant", [
    ("briscola", 2, None), ("brisca", 4, None), ("cruce", 3, None),
    ("klaverjas", 4, "rotterdam"), ("briscola", 5, "chiamata")])
def test_sharing_card_values_between_worlds_changes_no_weight(name, players, variant):
    """The worlds replaying one history share each public position's card values; the weights
    stay exactly those of each world valued on its own (with a hidden partner nothing is
    shared: the world decides whose side a trick's points go to)."""
    from aceten.agents.playmodel import replay_log_likelihood

    game = aceten.new_game(name, players=players, variant=variant, seed=11)
    bots = [TacticsAgent(seed=s) for s in range(players)]
    while game.phase != "play" or len(game.moves) < 3 * players:
        game.push(bots[game.to_move].choose(game.view(game.to_move)))
    seat = game.to_move
    view = game.view(seat)
    deals = Knowledge.from_view(view).sample(30, rng=random.Random(5))
    moves, model = public_moves(view), PlayModel()
    weights, _ = world_weights(view.rules, deals, moves, seat, model)
    alone = [replay_log_likelihood(Game(view.rules, deal=d), moves, seat, model) for d in deals]
    assert weights == normalise(alone) and len(set(weights)) > 1


def test_normalise_survives_tiny_likelihoods():
    weights = normalise([-2000.0, -2001.0, -2000.0])
    assert math.isclose(math.fsum(weights), 1.0) and weights[0] == weights[2] > weights[1]


def quick(seed: int = 5) -> SearcherAgent:
    return SearcherAgent(seed=seed, samples=3, horizon=10, min_worlds=2)


def test_the_searcher_is_known_by_name_and_needs_the_solver():
    assert isinstance(agents.get("searcher", seed=1), SearcherAgent)
    assert agents.needs_solver("searcher")


def test_same_seed_same_move_from_the_first_trick_to_the_end():
    game = aceten.new_game("briscola", players=2, seed=11)
    bots = [TacticsAgent(seed=0), TacticsAgent(seed=1)]
    checked = {"playout": 0, "exact": 0}
    while not game.is_over():
        view = game.view(game.to_move)
        if len(view.legal_moves) > 1 and len(game.moves) % 4 == 0:
            a, b = quick(), quick()
            assert a.choose(view) == b.choose(view)
            assert a.reason == b.reason and a.reason.startswith("play ")
            assert a.last["deals"] >= 1
            checked["exact" if a.last["exact"] else "playout"] += 1
        game.push(bots[game.to_move].choose(view))
    assert checked["playout"] >= 3 and checked["exact"] >= 1


def test_decisions_depend_only_on_what_the_seat_sees():
    from test_players import positions, scrambled

    rng = random.Random("searcher")
    checked = 0
    for game, seat in positions("briscola", 2, seed=4, every=5):
        other = scrambled(game, seat, rng)
        if other is None or len(game.view(seat).legal_moves) < 2:
            continue
        first, second = quick(), quick()
        assert first.choose(game.view(seat)) == second.choose(other.view(seat))
        assert first.reason == second.reason
        checked += 1
    assert checked >= 4


def test_a_whole_deal_is_played_legally_with_a_reason_for_every_move():
    game = aceten.new_game("briscola", players=2, seed=7)
    seats = [quick(1), TacticsAgent(seed=2)]
    reasons: list[str] = []
    agents.play(game, seats, on_move=lambda g, s, m: reasons.append(seats[s].reason))
    assert game.is_over() and all(reasons)
    assert "layouts of the cards you cannot see" in seats[0].reason or seats[0].last["deals"] == 0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [("brisca", 2), ("cruce", 2), ("cruce", 3),
                                               ("klaverjas", 4), ("briscola", 4)])
def test_every_game_plays_to_the_end_with_the_searcher(name, players):
    game = aceten.new_game(name, players=players, seed=1)
    seats = [quick(s) if s % 2 == 0 else TacticsAgent(seed=s) for s in range(players)]
    reasons: list[str] = []
    agents.play(game, seats, on_move=lambda g, s, m: reasons.append(seats[s].reason))
    assert game.is_over() and all(reasons)


@pytest.mark.parametrize(("name", "players", "phase"), [("klaverjas", 4, "call"), ("cruce", 2, "bid")])
def test_bids_and_trump_calls_are_decided_over_sampled_deals(name, players, phase):
    game = aceten.new_game(name, players=players, seed=2)
    view = game.view(game.to_move)
    assert view.phase == phase and len(view.legal_moves) > 1
    a, b = (SearcherAgent(seed=3, bid_samples=2, horizon=8, search_bids=True) for _ in range(2))
    move = a.choose(view)
    assert move in view.legal_moves and b.choose(view) == move
    assert a.last["bidding"] and set(a.last["averages"]) == {str(m) for m in view.legal_moves}
    assert a.reason.split(":")[0].split()[0] in ("bid", "call", "pass")
    assert "layouts of the cards you cannot see" in a.reason


@pytest.mark.parametrize("seed", [0, 2])
def test_with_a_bid_risk_no_bid_fails_on_more_of_the_deals_than_allowed(seed):
    # Cruce 4p deal 2: passing goes down on some deals too (a partner's bid), so with no risk
    # allowed the safest moves are the choice; deal 0 has safe bids
    game = aceten.new_game("cruce", players=4, seed=seed)
    view = game.view(game.to_move)
    free, careful = (SearcherAgent(seed=3, bid_samples=8, horizon=8, search_bids=True, bid_risk=risk)
                     for risk in (None, 0.0))
    chosen, safe = free.choose(view), careful.choose(view)
    assert free.last["down"] == careful.last["down"] and free.last["averages"] == careful.last["averages"]
    downs, averages = careful.last["down"], careful.last["averages"]
    assert str(chosen) == max(averages, key=averages.get)
    least = min(downs.values())
    assert downs[str(safe)] == least
    assert averages[str(safe)] == max(v for m, v in averages.items() if downs[m] == least)


def test_by_default_a_contract_bid_loses_on_at_most_one_of_its_eight_deals():
    from aceten.agents.searcher import DEFAULT_BID_RISK

    game = aceten.new_game("cruce", players=4, seed=2)
    view = game.view(game.to_move)
    bot = SearcherAgent(seed=3, horizon=8, search_bids=True)
    assert bot.bid_risk == DEFAULT_BID_RISK and bot.bid_samples == 8
    chosen = bot.choose(view)
    downs = bot.last["down"]
    assert downs[str(chosen)] <= max(DEFAULT_BID_RISK * 8, min(downs.values()))


def test_with_the_french_deck_the_searcher_calls_as_tactics_and_weighs_no_world():
    """Klaverjas (searcher.PLAIN): the weighting and the searched call were measured to lose
    there, so by default the call is tactics' and every sampled world counts alike."""
    game = aceten.new_game("klaverjas", players=4, seed=2)
    view = game.view(game.to_move)
    bot = SearcherAgent(seed=3, samples=4, horizon=8)
    assert bot.choose(view) == TacticsAgent(seed=3).choose(view) and bot.last["delegated"]
    while game.phase == "call":
        game.push(TacticsAgent(seed=0).choose(game.view(game.to_move)))
    tactics = TacticsAgent(seed=0)
    while len(game.moves) < 6:
        game.push(tactics.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    assert not bot.infers(view) and SearcherAgent(infer=True).infers(view)
    bot.choose(view)
    assert "the likelier the better" not in bot.reason
    assert SearcherAgent().infers(aceten.new_game("briscola", players=4, seed=2).view(0))


def test_with_the_french_deck_the_searcher_plays_for_the_deals_it_wins():
    """Klaverjas (searcher.PLAIN): a deal is won at a threshold (the declarer's half, the pit),
    and judging each move by the share of deals it wins was measured to beat the average of card
    points there, so that is the default; elsewhere the weighted average, unless chosen."""
    game = aceten.new_game("klaverjas", players=4, seed=2)
    while game.phase == "call":
        game.push(TacticsAgent(seed=0).choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    bot = SearcherAgent(seed=3, samples=4, min_worlds=2)
    assert bot.combines(view) == "wins" and SearcherAgent(combine="average").combines(view) == "average"
    bot.choose(view)
    assert "wins" in bot.last and "; wins; " in bot.detail
    for name, players in (("briscola", 2), ("cruce", 3), ("brisca", 4)):
        assert bot.combines(aceten.new_game(name, players=players, seed=1).view(0)) == "average"


def test_three_or_four_seats_free_of_duties_leave_the_early_cards_to_tactics():
    """With three or four seats and no duty to follow (Briscola, Brisca) the playouts from the
    first trick were measured to lose to tactics' play, so by default the searcher searches only
    from the solver's limit there (``playouts=None``); ``playouts=True`` brings them back. Where
    a suit must be followed (Klaverjas, Cruce) or with two seats it plays out from the first
    trick."""
    game = aceten.new_game("briscola", players=4, seed=2)
    view = game.view(game.to_move)
    bot = SearcherAgent(seed=3, samples=3, min_worlds=2)
    assert not bot.plays_out(view) and view.cards_left > bot.limit(view)
    assert bot.choose(view) == TacticsAgent(seed=3).choose(view) and bot.last["delegated"]
    assert "beyond the solver's limit: tactics decides" in bot.detail
    eager = SearcherAgent(seed=3, samples=3, min_worlds=2, playouts=True)
    eager.choose(view)
    assert eager.plays_out(view) and not eager.last["delegated"] and eager.last["deals"] >= 2
    for name, players in (("briscola", 2), ("brisca", 2), ("cruce", 3), ("cruce", 4),
                          ("klaverjas", 4)):
        assert bot.plays_out(aceten.new_game(name, players=players, seed=1).view(0)), name
    for name, players in (("brisca", 4), ("briscola", 3), ("brisca", 3)):
        assert not bot.plays_out(aceten.new_game(name, players=players, seed=1).view(0)), name


def test_combine_must_be_known():
    with pytest.raises(ValueError, match="combine must be one of average, vote, wins"):
        SearcherAgent(combine="median")


NOT_P1 = ["3S", "AC", "AO", "3O", "2O", "2C", "KC", "3C", "KO"]  # the face-up king of coins last


def small_deal_total() -> int:
    """The card points of the twelve-card deck, as the game counts them at the end of a deal."""
    game = Game(small_rules(), deal=NO_TRUMP)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    outcome = game.outcome()
    assert outcome is not None
    return sum(outcome.team_points)


def test_each_moves_result_is_how_the_game_scores_the_solvers_line():
    """Two routes to the same answer on the twelve-card deck: the result the searcher reads from
    the game's own scoring at the end of the solver's line, and the threshold on the solver's
    value (two sides, no bonuses: more than half of the deck's points wins)."""
    from aceten.search import Solver

    total = small_deal_total()
    rng = random.Random("wins")
    checked = {0.0: 0, 0.5: 0, 1.0: 0}
    for _ in range(12):
        body = NOT_P1[:-1]
        rng.shuffle(body)
        game = Game(small_rules(), deal=dealt(" ".join(body[:3]), " ".join([*body[3:], NOT_P1[-1]])))
        for _ in range(rng.randrange(0, 5)):
            game.push(rng.choice(game.legal_moves()))
        seat, legal = game.to_move, game.legal_moves()
        bot = SearcherAgent(seed=0, combine="wins")
        bot._solver_ready()
        values, results, _ = bot._evaluate(game, legal, seat, True, 12, outcomes=True)
        solved = {mv.move: mv.value for mv in Solver().solve(game).moves}
        for move in legal:
            assert values[move] == solved[move]
            expected = 1.0 if 2 * values[move] > total else 0.5 if 2 * values[move] == total else 0.0
            assert results[move] == expected
            checked[expected] += 1
    assert checked[0.0] and checked[1.0]


def test_alphamu_takes_one_next_move_for_the_deals_that_look_alike():
    """Two deals that look alike after move A: the next move x wins 10 on the first, y on the
    second. Averaging each deal's best credits A with 10; with one next move for both, A is
    worth 5, and B's sure 7 is better."""
    from aceten.agents.searcher import _Ahead

    a, b, x, y = C("AS"), C("2S"), C("KC"), C("2C")
    ahead = _Ahead([a, b])
    seen = ((C("3S"),), 0b1010)
    ahead.add(0.5, {a: 10.0, b: 7.0}, {a: (seen, {x: 10.0, y: 0.0}), b: None})
    ahead.add(0.5, {a: 10.0, b: 7.0}, {a: (seen, {x: 0.0, y: 10.0}), b: None})
    assert ahead.values(1.0) == {a: 5.0, b: 7.0}
    # deals the seat will tell apart keep their own best next move
    apart = _Ahead([a])
    apart.add(0.5, {a: 10.0}, {a: (seen, {x: 10.0, y: 0.0})})
    apart.add(0.5, {a: 10.0}, {a: (((C("3C"),), 0b1010), {x: 0.0, y: 10.0})})
    assert apart.values(1.0) == {a: 10.0}


ALPHAMU_POSITIONS = [  # (game, players, variant, options, deck)
    ("briscola", 2, None, {}, DECK),
    ("cruce", 2, None, {"bidding": "no"}, "AR TR KR QR JR 9R AV TV KV QV JV 9V"),
    ("cruce", 3, None, {"bidding": "no"}, "AR TR KR QR JR 9R AV TV KV QV JV 9V"),
    ("klaverjas", 4, "amsterdam", {"trump": "S"},
     "AH TH KH QH JH 9H 8H 7H AS TS KS QS JS 9S 8S 7S"),
]


@pytest.mark.parametrize(("name", "players", "variant", "options", "deck"), ALPHAMU_POSITIONS,
                         ids=[f"{c[0]}-{c[1]}" for c in ALPHAMU_POSITIONS])
def test_alphamu_on_one_deal_keeps_the_solvers_values(name, players, variant, options, deck):
    """On one deal every move's value is the solver's, and the seat's best next move on the
    others' replies keeps it (the replies are the solver's own)."""
    from aceten.search import Solver

    for seed in range(4):
        game = aceten.new_game(name, players=players, variant=variant, seed=seed, deck=deck,
                               **options)
        rng = random.Random(seed)
        for _ in range(rng.randrange(3)):
            game.push(rng.choice(game.legal_moves()))
        seat, legal = game.to_move, game.legal_moves()
        bot = SearcherAgent(seed=0, combine="alphamu")
        bot._solver_ready()
        before = list(game.moves)
        values, nexts, nodes = bot._evaluate_ahead(game, legal, seat)
        assert list(game.moves) == before and nodes > 0
        solved = {mv.move: mv.value for mv in Solver().solve(game).moves}
        assert values == {m: float(solved[m]) for m in legal}
        for move, ahead in nexts.items():
            if ahead is not None:
                (seen, hand), later = ahead
                assert max(later.values()) == values[move]
                line = game.copy()
                for played in (move, *seen):
                    line.push(played)
                assert line.to_move == seat and line.hand(seat).mask == hand
                assert set(later) == set(line.legal_moves())


def late_briscola_view():
    """A 2-player Briscola deal after 24 moves of tactics: 16 cards left, within the solver's
    reach, the seat to move's view."""
    game = aceten.new_game("briscola", players=2, seed=5)
    tactics = TacticsAgent(seed=0)
    while len(game.moves) < 24:
        game.push(tactics.choose(game.view(game.to_move)))
    return game.view(game.to_move)


def test_the_alphamu_searcher_never_values_a_move_above_its_average():
    """One next move for deals alike can only lose against each deal's own best: the αμ value
    of every move is at most its average, and the move played is the best by it."""
    view = late_briscola_view()
    bot = SearcherAgent(seed=2, samples=8, min_worlds=2, combine="alphamu")
    move = bot.choose(view)
    fused, averages = bot.last["alphamu"], bot.last["averages"]
    assert set(fused) == {str(m) for m in view.legal_moves}
    assert all(fused[k] <= averages[k] + 1e-9 for k in fused)
    assert (fused[str(move)], averages[str(move)]) == max((fused[k], averages[k]) for k in fused)
    assert move in view.legal_moves
    # the words give the values the choice was made by, and the web table can translate them
    from aceten.web.i18n_reasons import read

    assert f"one next move for the deals alike {fused[str(move)]:+.1f}" in bot.detail
    assert read(bot.reason)[0].startswith("reason_")


def test_the_wins_searcher_plays_the_move_that_wins_on_most_deals():
    view = late_briscola_view()
    bot = SearcherAgent(seed=2, samples=4, min_worlds=2, combine="wins")
    move = bot.choose(view)
    wins, averages = bot.last["wins"], bot.last["averages"]
    assert set(wins) == {str(m) for m in view.legal_moves}
    assert all(0.0 <= share <= 1.0 for share in wins.values())
    assert (wins[str(move)], averages[str(move)]) == max((wins[k], averages[k]) for k in wins)
    assert f"wins {100 * wins[str(move)]:.0f}%" in bot.detail


def test_the_wins_reason_says_how_often_each_move_wins_and_reads_in_every_language():
    from aceten.web.i18n_reasons import REASON_TEXTS, read

    bot = SearcherAgent(seed=0, combine="wins")
    view = aceten.new_game("briscola", players=2, seed=5).view(0)
    first, second = view.legal_moves[:2]
    averages = {first: 50.0, second: 55.0}
    bot._explain(view, first, [first, second], averages, 12, True, False, [1.0],
                 {first: 0.75, second: 0.5})
    assert bot.reason.endswith("; it wins the deal on 75% of them, your next-best move on 50%")
    key, blanks = read(bot.reason)
    assert key == "reason_s_wins" and blanks["pct"] == "75%" and blanks["pct2"] == "50%"
    assert all("{pct2}" in texts["reason_s_wins"] for texts in REASON_TEXTS.values())
    bot._explain(view, first, [first, second], averages, 12, True, False, [1.0],
                 {first: 0.5, second: 0.5})  # level on wins: the points speak
    assert read(bot.reason)[0] == "reason_s_tie"


def chiamata_auction(seed: int):
    """A five-player chiamata deal in its auction, the first seat to bid with a raise possible."""
    game = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed)
    assert game.phase == "auction"
    return game


def test_the_auction_candidates_are_pass_the_smallest_raise_and_the_policys_bid():
    from aceten.agents.bidding import auction_move
    from aceten.agents.searcher import auction_candidates

    view = chiamata_auction(3).view(0)
    candidates = auction_candidates(view)
    legal = list(view.legal_moves)
    assert len(legal) > 20 and len(set(candidates)) == len(candidates) <= 3
    assert candidates[0] == next(m for m in legal if m.rank is None)
    assert candidates[1] == next(m for m in legal if m.rank is not None)
    assert auction_move(view)[0] in candidates


def test_the_auction_and_the_called_card_are_searched_over_sampled_deals():
    from aceten.web.i18n_reasons import read

    game = chiamata_auction(4)
    keys = set()
    while game.phase in ("auction", "call-card"):
        view = game.view(game.to_move)
        a, b = (SearcherAgent(seed=7, bid_samples=2) for _ in range(2))
        move = a.choose(view)
        assert move in view.legal_moves and b.choose(view) == move and a.reason == b.reason
        if len(view.legal_moves) > 1:
            assert "layouts of the cards you cannot see" in a.reason
            tried = set(a.last["averages"])
            assert str(move) in tried
            if view.phase == "call-card":
                assert tried == {str(m) for m in view.legal_moves}
        keys.add(read(a.reason)[0])
        game.push(move)
    assert "reason_s_call_card" in keys and keys & {"reason_s_auction", "reason_s_auction_pass"}


def test_tempered_weights_keep_the_order_and_reach_the_effective_size_asked():
    from aceten.agents.playmodel import effective_size, tempered

    logs = [-3.0 * i for i in range(60)]  # every deal 20 times likelier than the next
    peaked = normalise(logs)
    assert effective_size(peaked) < 2
    flat = tempered(logs, 20.0)
    assert math.isclose(math.fsum(flat), 1.0)
    assert 20.0 <= effective_size(flat) < 20.5  # the largest exponent that reaches 20
    assert flat == sorted(flat, reverse=True) and flat[0] < peaked[0]
    assert tempered(logs, 1.0) == peaked  # already enough: untouched
    assert tempered([0.0] * 5, 20.0) == [0.2] * 5  # the size cannot exceed the deals


def test_the_searcher_flattens_its_weights_when_asked():
    game = aceten.new_game("briscola", players=2, seed=5)
    tactics = TacticsAgent(seed=0)
    while len(game.moves) < 29:  # here the weights pile onto about four of the 60 deals
        game.push(tactics.choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    sharp, spread = SearcherAgent(seed=2, samples=20), SearcherAgent(seed=2, samples=20, min_ess=20.0)
    assert sharp.choose(view) in view.legal_moves and spread.choose(view) in view.legal_moves
    assert "effective sample 20.0 of 60 drawn" in spread.detail
    assert "effective sample 20.0" not in sharp.detail
    assert spread.last["deals"] > sharp.last["deals"]
