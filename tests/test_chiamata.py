"""Briscola chiamata (an auction, a called card, a hidden partner) and the 6-seat games,
through the engine, the views and the records: random games keep the invariants (points add
up, cards are conserved, the sheet sums to zero), the partner is revealed exactly when the
called card is played, a view never shows the partner before its seat can know it, and bad
bids, calls and records are refused with one line."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aceten
from aceten import agents, record
from aceten.errors import AcetenError, IllegalMove
from aceten.moves import AuctionBid, CallCard
from cli_support import run
from engine_support import check_cards_accounted

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)


def chiamata(seed: int | None = 0, **options) -> aceten.Game:
    return aceten.new_game("briscola", players=5, variant="chiamata", seed=seed, **options)


def auction_then_random(game: aceten.Game, rng: random.Random, pass_rate: float) -> None:
    """Random moves, passing in the auction with probability ``pass_rate`` (else a random bid)."""
    while not game.is_over():
        moves = game.legal_moves()
        if game.phase == "auction" and (len(moves) == 1 or rng.random() < pass_rate):
            game.push(moves[0])
        else:
            game.push(rng.choice(moves[1:] if game.phase == "auction" else moves))


def views_agree_with_what_each_seat_may_know(game: aceten.Game) -> None:
    holder = game.partner
    for seat in range(game.players):
        view = game.view(seat)
        if holder is None:
            assert view.partner is None
        elif game.revealed or seat == holder:
            assert view.partner == holder
        else:
            assert view.partner is None, (seat, holder)
            assert not any(kind == "reveal" for kind, _, _ in view.events)
        if view.partner is None and holder is not None and seat != game.declarer:
            partners, _ = view.sides()
            assert holder not in partners or seat == holder


@FAST
@given(seed=seeds, pass_rate=st.sampled_from([0.3, 0.6, 0.9]), cappotto=st.booleans())
def test_random_chiamata_deals_keep_the_invariants(seed, pass_rate, cappotto):
    g = chiamata(seed, cappotto=cappotto)
    rng = random.Random(seed)
    revealed_at = None
    while not g.is_over():
        moves = g.legal_moves()
        assert moves
        if g.phase == "auction" and (len(moves) == 1 or rng.random() < pass_rate):
            move = moves[0]
        else:
            move = rng.choice(moves[1:] if g.phase == "auction" else moves)
        was = g.revealed
        g.push(move)
        check_cards_accounted(g)
        if g.revealed and not was:
            revealed_at = len(g.moves)
            assert move == g.called_card  # revealed exactly when the called card is played
        if not g.revealed and g.called_card is not None:
            assert g.called_card not in {c for t in g.tricks for c in t.cards} | set(g.trick)
        views_agree_with_what_each_seat_may_know(g)
    out = g.outcome()
    assert out is not None
    assert sum(out.seat_scores) == 0
    if out.declarer is None:  # all passed: thrown in
        assert g.called_card is None and sum(out.points) == 0 and out.winner is None
        assert all(isinstance(m, AuctionBid) and m.rank is None for m in g.moves)
        return
    assert sum(out.points) == 120 and sum(out.tricks) == 8
    assert revealed_at is not None  # every card is played, the called one too
    caller, partner = out.declarer, out.partner
    assert partner == next(s for s in range(5) if g.called_card in g.deal.hands[s])
    side = {caller, partner}
    assert out.teams[0] == tuple(sorted(side))
    assert out.team_points[0] == sum(out.points[s] for s in side)
    made = out.team_points[0] >= g.contract
    assert out.winner == (0 if made else 1)
    stake = 2 if cappotto and 8 in out.team_tricks else 1
    sign = 1 if made else -1
    if partner == caller:
        assert out.seat_scores[caller] == 4 * sign * stake
    else:
        assert out.seat_scores[caller] == 2 * sign * stake
        assert out.seat_scores[partner] == sign * stake
    assert all(out.seat_scores[s] == -sign * stake for s in range(5) if s not in side)
    assert g.trump == g.called_card.suit
    top = [m for _, m in g.bids if isinstance(m, AuctionBid) and m.rank is not None][-1]
    assert g.called_card.rank == top.rank  # a card of the rank the winning bid named
    assert g.contract == (top.target or 61)
    # pop undoes everything exactly
    flat = chiamata(seed, cappotto=cappotto).flat_state()
    while g.moves:
        g.pop()
    assert g.flat_state() == flat


@FAST
@given(seed=seeds, pass_rate=st.sampled_from([0.5, 0.8]))
def test_chiamata_records_reread_to_the_same_game(seed, pass_rate):
    g = chiamata(seed)
    auction_then_random(g, random.Random(seed), pass_rate)
    again = record.loads(record.dumps(g))
    assert again.moves == g.moves and again.outcome() == g.outcome()
    for seat in range(5):  # a seat's record names the partner only when the seat knows it
        text = record.dumps(g, seat=seat)
        assert ("[Partner" in text) == (g.partner is not None)  # every card falls by the end


def test_the_auction_runs_ranks_down_then_points_up():
    g = chiamata(0)
    assert [str(m) for m in g.legal_moves()][:4] == ["pass", "bid:A", "bid:3", "bid:K"]
    assert str(g.legal_moves()[-1]) == "bid:2:120"
    g.push("bid:3")
    assert "bid:A" not in [str(m) for m in g.legal_moves()]
    with pytest.raises(IllegalMove, match="may pass or bid bid:K or higher"):
        g.push("bid:A")
    g.push("bid:2")
    g.push("bid:2:70")
    assert g.declarer is None and g.phase == "auction"
    g.push("pass")
    g.push("pass")
    g.push("pass")  # P1 passes: P2 bid 2, P3 bid 70 ... P4, P5, P1 passed
    g.push("pass")  # P2 passes: P3 wins
    assert g.phase == "call-card" and g.to_move == 2 and g.contract == 70
    assert [str(m) for m in g.legal_moves()] == ["call:2S", "call:2C", "call:2O", "call:2B"]
    with pytest.raises(IllegalMove, match="the bid names"):
        g.push("call:3S")
    g.push("call:2O")
    assert g.phase == "play" and g.trump == g.rules.parse_suit("O") and g.declarer == 2
    assert g.to_move == 0  # the seat after the dealer leads (lead=first)
    holder = next(s for s in range(5) if g.rules.parse_card("2O") in g.deal.hands[s])
    assert g.partner == holder


def test_a_pass_is_final_and_all_passing_throws_the_deal_in():
    g = chiamata(1)
    for _ in range(5):
        g.push("pass")
    assert g.is_over()
    out = g.outcome()
    assert out.declarer is None and out.winner is None and out.seat_scores == (0,) * 5
    assert "thrown in" in out.result


SHORT = "AS 3S KS 2S HS JS AC 3C 2C HC AO KO 2O JO 7O 3B KB HB JB 7B"  # no AB KC 3O 2B ...


@pytest.mark.parametrize(("bid", "calls"), [("bid:A", "AS AC AO"), ("bid:3", "3S 3C 3B"),
                                            ("bid:K", "KS KO KB"), ("bid:2:47", "2S 2C 2O")])
def test_a_shortened_deck_offers_only_its_own_cards_to_call(bid, calls):
    g = chiamata(0, deck=SHORT)
    g.push(bid)
    for _ in range(4):
        g.push("pass")
    assert g.phase == "call-card"
    assert [str(m) for m in g.legal_moves()] == [f"call:{c}" for c in calls.split()]
    missing = next(f"call:{bid[4]}{s}" for s in "SCOB" if f"{bid[4]}{s}" not in calls)
    assert not g.is_legal(missing)
    with pytest.raises(IllegalMove, match=f"the bid names {calls}; call one of them"):
        g.push(missing)


def test_the_bots_bid_and_call_only_cards_a_shortened_deck_has():
    deck = set(SHORT.split())
    for seed in range(6):
        g = chiamata(seed, deck=SHORT)
        seats = [agents.get("tactics", seed=s) for s in range(5)]
        agents.play(g, seats)
        if g.called_card is not None:
            assert str(g.called_card) in deck


def test_the_caller_leads_with_lead_caller():
    g = chiamata(2, lead="caller")
    g.push("pass")
    g.push("bid:K")
    for _ in range(3):
        g.push("pass")
    g.push(g.legal_moves()[0])
    assert g.to_move == 1 == g.leader


def test_no_point_bids_stop_the_auction_at_the_two():
    g = chiamata(0, point_bids=False)
    assert str(g.legal_moves()[-1]) == "bid:2"


def test_six_players_play_three_against_three_with_36_cards():
    for name in ("briscola", "brisca"):
        rules = aceten.rules.get(name, players=6)
        assert rules.teams == ((0, 2, 4), (1, 3, 5)) and len(rules.deck) == 36
        assert rules.stock_size == 18 and rules.tricks_per_deal == 6
        g = aceten.new_game(name, players=6, seed=4)
        auction_then_random(g, random.Random(4), 0.5)
        out = g.outcome()
        assert sum(out.points) == 120 and out.teams == ((0, 2, 4), (1, 3, 5))


@pytest.mark.parametrize(("args", "fragment"), [
    (["play", "briscola", "--players", "5", "--auto"], "with 5: variant chiamata"),
    (["play", "briscola", "--variant", "chiamata", "--players", "4", "--auto"],
     "briscola chiamata is played by 5 players, not 4"),
])
def test_bad_player_counts_are_one_line_errors(args, fragment):
    result = run(*args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0]


def test_simulate_and_check_play_chiamata_to_the_end(tmp_path):
    result = run("simulate", "briscola", "--variant", "chiamata", "--players", "5", "-g", "6",
                 "--seed", "1")
    assert result.exit_code == 0, result.output
    path = tmp_path / "g.tgn"
    result = run("play", "briscola", "--variant", "chiamata", "--players", "5", "--auto",
                 "--seed", "3", "--opponent", "greedy", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "calls" in result.output
    assert run("check", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    partner = text.split('[Partner "P')[1][0]
    wrong = "1" if partner != "1" else "2"
    bad = tmp_path / "bad.tgn"
    bad.write_text(text.replace(f'[Partner "P{partner}"]', f'[Partner "P{wrong}"]'), encoding="utf-8")
    result = run("check", str(bad))
    assert result.exit_code == 2
    assert "[Partner] says" in result.stderr and "but the deal gives" in result.stderr


def test_parsing_an_auction_bid_needs_a_rank_and_a_number():
    g = chiamata(0)
    for bad in ("bid:9", "bid:2:x", "bid:"):
        with pytest.raises(AcetenError, match="malformed bid"):
            g.parse_move(bad)
    assert g.parse_move("bid:2:71") == AuctionBid(g.rules.parse_card("2S").rank, 71)
    assert g.parse_move("call:3S") == CallCard(g.rules.parse_card("3S"))


# -- the environments ---------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "variant"), [("briscola", 5, "chiamata"),
                                                          ("briscola", 6, None), ("brisca", 6, None)])
def test_the_environments_pass_pettingzoos_api_test(game, players, variant):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from aceten.env.aec import game_functions

    _, make = game_functions(game, "test")
    api_test(make(players=players, variant=variant), num_cycles=120)


def test_an_observation_never_shows_the_partner_before_its_seat_knows_it():
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from aceten.env import briscola_v0

    env = briscola_v0.env(players=5, variant="chiamata")
    rng = np.random.default_rng(0)
    seen_hidden = seen_known = 0
    for seed in range(12):
        env.reset(seed=seed)
        raw = env.unwrapped
        block = raw.encoder.blocks["partner"]
        names = raw.encoder.blocks.keys()
        assert {"auction", "passed", "called", "partner"} <= set(names)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            g, seat = raw.game, raw.possible_agents.index(agent)
            shown = obs["observation"][block.start:block.stop]
            known = g.known_partner(seat)
            if known is None:
                assert not shown.any()
                seen_hidden += g.partner is not None
            else:
                assert shown[(known - seat) % 5] == 1 and shown.sum() == 1
                seen_known += 1
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen_hidden and seen_known


# -- players and the solver ---------------------------------------------------------------------
def test_every_bot_bids_calls_and_plays_a_chiamata_deal_to_the_end():
    from aceten import agents

    names = ["random", "greedy", "tactics"]
    if agents._search_installed():
        names.append("pimc")  # samples worlds from the view (the partner hidden) and solves them
    for seed, name in enumerate(names):
        g = chiamata(seed)
        bots = [agents.get(name if s % 2 == 0 else "greedy", seed=seed * 10 + s) for s in range(5)]
        out = agents.play(g, bots)
        assert out is not None and sum(out.seat_scores) == 0


def test_the_greedy_bidder_bids_with_strong_hands_and_passes_weak_ones():
    from aceten.agents.bidding import auction_move

    bids = passes = 0
    for seed in range(40):
        g = chiamata(seed)
        move, reason = auction_move(g.view(g.to_move))
        assert reason
        if move.rank is None:
            passes += 1
        else:
            bids += 1
    assert bids and passes  # not a constant policy


def test_the_solver_refuses_big_positions_of_five_seats_with_one_line():
    pytest.importorskip("numba")
    from aceten.search import solve

    g = chiamata(0)
    g.push("bid:A")
    for _ in range(4):
        g.push("pass")
    g.push(g.legal_moves()[0])
    with pytest.raises(AcetenError, match="at most 25 cards in the hands"):
        solve(g)


def test_the_web_table_sends_the_partner_only_to_who_may_know_it():
    pytest.importorskip("aceten.web.tables")
    from aceten.web.tables import Table, public_view

    table, _ = Table.create({"game": "briscola", "players": 5, "variant": "chiamata",
                             "seats": [{"kind": "human", "name": "A"}]
                             + [{"kind": "bot", "bot": "greedy"}] * 4})
    g = table.game
    rng = random.Random(1)
    hidden = 0
    while not g.is_over():
        for seat in range(5):
            message = table.state(seat)
            assert message["partner"] == g.known_partner(seat)
            hidden += message["partner"] is None and g.partner is not None
        assert public_view(g).partner == g.known_partner(None)  # a spectator: once revealed
        if table.bot_to_move() is not None:
            seat = table.bot_to_move()
            move, reason = table.bot_move()
            table.push(seat, str(move), reason)
        else:
            moves = g.legal_moves()
            first_bid = g.phase == "auction" and not g.bids and len(moves) > 1
            table.push(g.to_move, str(moves[1] if first_bid else rng.choice(moves)))
    assert hidden


@pytest.mark.parametrize("options", [{}, {"lead": "caller"}])
def test_a_seats_record_reads_back_to_the_events_of_its_view(options):
    from aceten.knowledge.records import view_events

    for seed in range(12):
        g = chiamata(seed, **options)
        rng = random.Random(seed)
        stop = rng.randrange(8, 40)
        while not g.is_over() and len(g.moves) < stop:
            moves = g.legal_moves()
            if g.phase == "auction" and len(moves) > 1:
                g.push(moves[0] if g.bids and rng.random() < 0.7 else moves[1])
            else:
                g.push(rng.choice(moves))
        for seat in range(5):
            parsed = record.parse(record.dumps(g, seat=seat))
            events, count = view_events(parsed, g.rules, seat)
            assert events == list(g.view(seat).events) and count == len(g.moves)
