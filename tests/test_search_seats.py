"""The solver's transposition table with five and six seats (Briscola chiamata, the six-seat
games): the packed key is one to one, keeps apart what changes the value (a hidden team's
sides) and merges what does not (plain suits renamed), and the values equal a plain minimax."""

from __future__ import annotations

import random

import numpy as np
import pytest

import aceten
from aceten import Deal, Game
from aceten.rules.layout import S_MAXTEAM
from test_search import reference_values, side_score

search = pytest.importorskip("aceten.search")
from aceten.search import Solver, dds  # noqa: E402
from aceten.search.encoding import encode_game, encode_rules  # noqa: E402
from aceten.search.solver import _stock_suffixes  # noqa: E402

CHIAMATA_15 = "AS 3S KS HS JS AC 3C KC HC JC AO 3O KO 7O 2O"  # 3 cards each
SIX_24 = "AS 3S KS HS JS 7S AC 3C KC HC JC 7C AO 3O KO HO JO 7O AB 3B KB HB JB 7B"  # 3 each, 6 drawn


def chiamata_called(deck: str | None, seed: int, bid: str, call: str) -> Game:
    """A chiamata deal: the first seat bids ``bid``, the others pass, the caller calls ``call``."""
    options = {"deck": deck} if deck else {}
    g = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed, **options)
    g.push(bid)
    for _ in range(4):
        g.push("pass")
    g.push(call)
    return g


def key_of(g: Game) -> tuple[int, tuple[int, ...]]:
    """The table's key of a trick-boundary position: the meta word and the hand words."""
    enc = encode_rules(g.rules)
    S = encode_game(g)
    S[S_MAXTEAM] = g.team_of(g.to_move)  # as the solver sets it
    F = np.zeros((2, dds.F_WIDTH), dtype=np.int64)
    meta = dds.table_key(S, enc.R, enc.T, enc.ORD, _stock_suffixes(S), F, 0)
    return int(meta), tuple(int(w) for w in F[0, dds.F_KEY:dds.F_KEY + dds.KEY_WORDS])


def test_packed_hands_give_back_every_hand():
    """Five or six disjoint hands in four words: the holder of each card is read back."""
    rng = random.Random(3)
    for n in (5, 6):
        for _ in range(200):
            bits = rng.sample(range(64), rng.randrange(n, 40))
            hands = [0] * n
            for b in bits:
                hands[rng.randrange(n)] |= 1 << b
            F = np.zeros((1, dds.F_WIDTH), dtype=np.int64)
            F[0, dds.F_KEY:dds.F_KEY + n] = [h - (1 << 64) if h >> 63 else h for h in hands]
            dds.pack_hands(F, 0, n)
            live, *planes = (int(w) & ((1 << 64) - 1) for w in F[0, dds.F_KEY:dds.F_KEY + 4])
            back = [0] * n
            for b in range(64):
                if live >> b & 1:
                    back[sum((p >> b & 1) << k for k, p in enumerate(planes))] |= 1 << b
            assert back == hands


def test_the_key_tells_the_hidden_sides_apart():
    """The same hands and trump with another partner (another card called) is another key."""
    for seed in range(40):
        a = chiamata_called(None, seed, "bid:A", "call:AS")
        b = chiamata_called(None, seed, "bid:3", "call:3S")
        if a.partner != b.partner:
            break
    assert [a.hand(s) for s in range(5)] == [b.hand(s) for s in range(5)] and a.trump == b.trump
    assert key_of(a)[1] == key_of(b)[1] and key_of(a)[0] != key_of(b)[0]


def test_the_key_merges_renamed_plain_suits_and_parts_other_hands():
    """Chiamata has no stock, so two plain suits swapped in every hand play alike and share a
    key; one card moved to another hand does not."""
    rules = aceten.rules.get("briscola", players=5, variant="chiamata")
    base = Game(rules, seed=11)
    swap = {"C": "O", "O": "C"}

    def swapped(card: aceten.Card) -> aceten.Card:
        text = str(card)
        return rules.parse_card(text[:-1] + swap.get(text[-1], text[-1]))

    hands = [base.hand(s) for s in range(5)]
    twin = Game(rules, deal=Deal(tuple(tuple(swapped(c) for c in h) for h in hands), ()))
    moved = list(list(h) for h in hands)
    moved[3].append(moved[4].pop())
    moved[4].append(moved[3].pop(0))
    other = Game(rules, deal=Deal(tuple(tuple(h) for h in moved), ()))
    keys = []
    for g in (base, twin, other):
        g.push("bid:A")
        for _ in range(4):
            g.push("pass")
        g.push("call:AS")  # swords stay trump
        keys.append(key_of(g))
    assert keys[0] == keys[1] != keys[2]


def test_one_solver_does_not_carry_a_partner_over_to_another_deal():
    """The table outlives a deal without stock; a deal of the same hands with another partner
    must not read the first deal's bounds."""
    for seed in range(60):
        a = chiamata_called(CHIAMATA_15, seed, "bid:A", "call:AS")
        b = chiamata_called(CHIAMATA_15, seed, "bid:3", "call:3S")
        if a.partner != b.partner and Solver(tt_bits=12).solve(a).value \
                != Solver(tt_bits=12).solve(b).value:
            break
    else:
        pytest.fail("no seed gave two partners with different values")
    assert a.rules is b.rules and a.stock == b.stock == ()  # one table context: kept between
    shared = Solver(tt_bits=12)
    shared.solve(a)
    result = shared.solve(b)
    assert {str(m.move): m.value for m in result.moves} == reference_values(b, "points")


def test_chiamata_counts_tricks_exactly():
    """Objective tricks with five seats: the top trumps a side holds count per seat."""
    for seed in range(6):
        g = chiamata_called(CHIAMATA_15, seed, "bid:A", f"call:A{'SCO'[seed % 3]}")
        result = Solver(tt_bits=12).solve(g, objective="tricks")
        assert {str(m.move): m.value for m in result.moves} == reference_values(g, "tricks")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["briscola", "brisca"])
def test_six_seats_with_a_stock_equal_plain_minimax(name):
    """Six seats, three cards each and a stock of six: from inside the second trick (the
    stock drawn), the table keys six hands; values, line and zero-window answers agree."""
    hits = 0
    for seed in range(6):
        g = aceten.new_game(name, players=6, seed=seed, deck=SIX_24)
        rng = random.Random(seed)
        for _ in range(6 + 3 + seed % 3):
            g.push(rng.choice(g.legal_moves()))
        solver = Solver(tt_bits=14)
        result = solver.solve(g)
        hits += result.tt_hits
        assert {str(m.move): m.value for m in result.moves} == reference_values(g, "points"), seed
        line = g.copy()
        for move in result.pv:
            line.push(move)
        assert side_score(line, g.team_of(g.to_move), "points") == result.value
        assert solver.solve(g, target=result.value) and not solver.solve(g, target=result.value + 1)
    assert hits > 0


def test_chiamata_uses_the_table():
    """The 15-card positions of test_search (solved against the minimax there) probe and hit
    the table now."""
    g = chiamata_called(CHIAMATA_15, 2, "bid:A", "call:AS")
    result = Solver(tt_bits=12).solve(g)
    assert result.tt_probes > 0 and result.tt_hits > 0


@pytest.mark.slow
def test_a_25_card_chiamata_position_is_solved_and_agrees_with_itself():
    """Five tricks of five seats (the unkeyed search took 242 M nodes here; it now refuses
    only positions of more than 25 cards in the hands): move values, line, zero-window."""
    deck = ("AS 3S KS HS JS 7S AC 3C KC HC JC 7C AO 3O KO 7O 2O AB 3B KB HB JB 7B HO JO")
    g = chiamata_called(deck, 0, "bid:3", "call:3O")
    solver = Solver(tt_bits=18, threads=1)
    result = solver.solve(g)
    assert result.value == max(m.value for m in result.moves)
    assert solver.solve(g, moves=False).value == result.value
    line = g.copy()
    for move in result.pv:
        line.push(move)
    assert side_score(line, g.team_of(g.to_move), "points") == result.value
    assert solver.solve(g, target=result.value) and not solver.solve(g, target=result.value + 1)
    mover = g.team_of(g.to_move)
    for m in result.moves[:2]:  # the next seat's best reply leaves the mover m.value
        g.push(m.move)
        reply = solver.solve(g, moves=False)
        ours = reply.value if g.team_of(g.to_move) == mover else g.rules.total_points - reply.value
        assert ours == m.value
        g.pop()
