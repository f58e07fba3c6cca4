"""Two threads searching each probe together (``Solver(threads=2)``) find the same values as one
thread; the table's check word turns away entries torn by concurrent writes."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

import aceten
from aceten.errors import AcetenError

search = pytest.importorskip("aceten.search")
from aceten.search import Solver, dds, endgame, kernels  # noqa: E402
from aceten.search import solver as solver_module  # noqa: E402
from aceten.search.encoding import encode_game, encode_rules  # noqa: E402
from test_search import CONFIGS, LATIN_16, random_position  # noqa: E402


@pytest.fixture
def always_parallel(monkeypatch):
    """Two threads from the first move searched, even on the small decks (normally searched by
    one: too small to gain)."""
    monkeypatch.setattr(solver_module, "PARALLEL_MIN_CARDS", 0)
    monkeypatch.setattr(solver_module, "PARALLEL_AFTER", 0)


def answers(solver: Solver, g: aceten.Game) -> tuple:
    """Everything a solver says of g: move values, value alone, zero-window answers around it."""
    full = solver.solve(g)
    alone = solver.solve(g, moves=False)
    targets = tuple(bool(solver.solve(g, target=t))
                    for t in (full.value - 1, full.value, full.value + 1))
    return [(str(m.move), m.value) for m in full.moves], full.value, alone.value, targets, \
        full.stats["threads"]


@pytest.mark.parametrize(("name", "players", "variant", "options", "deck", "deals"), CONFIGS,
                         ids=[f"{c[0]}-{c[1]}-{c[2] or ''}-{'-'.join(f'{k}={v}' for k, v in c[3].items())}"
                              for c in CONFIGS])
def test_two_threads_find_the_values_of_one_on_small_decks(always_parallel, name, players,
                                                           variant, options, deck, deals):
    one = Solver(tt_bits=12, threads=1)
    two = Solver(tt_bits=12, threads=2)  # a small table: entries are replaced all the time
    together = 0
    for seed in range(6):  # (``deals`` limits the plain minimax's, not these: six whatever the deck)
        g = random_position(name, players, variant, options, deck, seed)
        moves, value, alone, targets, threads = answers(one, g)
        assert threads == 1
        *same, threads = answers(two, g)
        assert same == [moves, value, alone, targets], (seed, g.moves)
        assert value == alone and targets == (True, True, False)
        together += threads == 2  # (1 when the root's bounds answer at once)
    assert together > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 3])
def test_two_threads_solve_full_four_player_deals_like_one(seed):
    """Whole 4-player Briscola deals (40 cards: two threads without forcing them), from the first
    card: the value, and each move's value a trick later."""
    one = Solver(threads=1)
    two = Solver(threads=2)
    g = aceten.new_game("briscola", players=4, seed=seed)
    first = one.solve(g, moves=False)
    second = two.solve(g, moves=False)
    assert second.stats["threads"] == 2 and second.value == first.value
    assert two.solve(g, target=first.value) and not two.solve(g, target=first.value + 1)
    rng = random.Random(seed)
    for _ in range(5):
        g.push(rng.choice(g.legal_moves()))
    assert answers(two, g) == (*answers(one, g)[:4], 2)


def test_threads_are_one_or_two():
    assert Solver(threads=1).threads == 1
    assert Solver().threads == min(2, os.cpu_count() or 1)
    for bad in (0, 3, True):
        with pytest.raises(AcetenError, match="threads"):
            Solver(threads=bad)


# -- the table's check word -------------------------------------------------------------------------
def stored(entries: list[tuple[tuple[int, int, int, int], int, int]], gen: int = 5):
    """A table of one bucket holding the given (hands, lower, upper) entries, and a frame."""
    TD = np.zeros((4, dds.TD_WIDTH), dtype=np.int64)
    F = np.zeros((2, dds.F_WIDTH), dtype=np.int64)
    stats = np.zeros(dds.STATS, dtype=np.int64)
    for hands, lower, upper in entries:
        F[0, dds.F_KEY:dds.F_KEY + 4] = hands
        dds.tt_store(TD, F, 0, 77, 0, gen, lower, upper, 3, 6, stats)
    return TD, F


def look_up(TD: np.ndarray, F: np.ndarray, hands: tuple[int, ...], gen: int = 5) -> tuple:
    F[0, dds.F_KEY:dds.F_KEY + 4] = hands
    return tuple(int(x) for x in dds.tt_find(TD, F, 0, 77, 0, gen))


A = (0b0111, 0b111000, 0b111000000, 0b111000000000)
B = (0b1011, 0b110100, 0b111000000, 0b111000000000)  # the same cards, other hands: same xor


def test_entries_read_back_with_their_bounds():
    TD, F = stored([(A, 20, 45), (B, 30, 30)])
    assert look_up(TD, F, A) == (0, 20, 45, 3)
    assert look_up(TD, F, B) == (1, 30, 30, 3)
    assert look_up(TD, F, A, gen=6)[0] == -1  # another deal's generation
    F[0, dds.F_KEY:dds.F_KEY + 4] = A
    dds.tt_store(TD, F, 0, 77, 0, 5, 25, 60, 4, 6, np.zeros(dds.STATS, dtype=np.int64))
    assert look_up(TD, F, A) == (0, 25, 45, 4)  # the bounds of both stores combined


def test_a_torn_entry_is_rejected():
    """Words of two writes in one entry (as concurrent stores can leave it) fail the check."""
    TD, F = stored([(A, 20, 45), (B, 30, 30)])
    torn = TD.copy()
    torn[0, 5] = TD[1, 5]  # B's bounds under A's key and check word
    assert look_up(torn, F, A)[0] == -1
    alone, _ = stored([(A, 20, 45)])
    torn = alone.copy()
    torn[0, :4] = B  # B's hands (the same cards: the same xor) with every other word of A's
    assert look_up(torn, F, B)[0] == -1 and look_up(torn, F, A)[0] == -1
    torn = TD.copy()
    torn[0, 1], torn[0, 2] = TD[0, 2], TD[0, 1]  # two hands swapped
    F[0, dds.F_KEY:dds.F_KEY + 4] = (A[0], A[2], A[1], A[3])
    assert dds.tt_find(torn, F, 0, 77, 0, 5)[0] == -1
    forged = TD.copy()
    forged[0, 5] = 50 | (60 << 32)  # a bound written without its check word
    assert look_up(forged, F, A)[0] == -1
    assert look_up(TD, F, A) == (0, 20, 45, 3)  # the untouched table still answers


def test_back_to_one_thread_when_the_cores_are_taken(always_parallel, monkeypatch):
    """Two threads that did not get the CPU time of two cores (here: never enough) leave the
    rest of the solve to one; the values stay those of one thread."""
    monkeypatch.setattr(solver_module, "CROWDED_AFTER", 0.0)
    monkeypatch.setattr(solver_module, "CROWDED_SHARE", 3.0)
    one = Solver(tt_bits=12, threads=1)
    two = Solver(tt_bits=12, threads=2)
    for seed in range(4):
        g = random_position("briscola", 4, None, {}, LATIN_16, seed)
        assert answers(two, g)[:4] == answers(one, g)[:4]


# -- the endgame kernel's table, shared the same way ------------------------------------------------
def endgame_table(entries: list[tuple[tuple[int, int, int], int, int, int]], gen: int = 5):
    """An endgame table of one bucket (every key looks there) holding (key (u, a, b), leader,
    lower, upper) entries."""
    G = np.zeros(4 * 2 + endgame.FILTER_WORDS, dtype=np.int64)
    stats = np.zeros(dds.STATS, dtype=np.int64)
    for (u, a, b), s0, lower, upper in entries:
        e0, found, _lower, _upper = endgame._probe(G, u, a, b, s0, gen)
        endgame._store(G, e0, found, u, a, b, s0, gen, lower, upper, stats)
    return G


def eg_look_up(G: np.ndarray, key: tuple[int, int, int], s0: int = 1, gen: int = 5) -> tuple:
    _e0, found, lower, upper = endgame._probe(G, *key, s0, gen)
    return (int(lower), int(upper)) if found >= 0 else None


def eg_entry(G: np.ndarray, key: tuple[int, int, int], s0: int = 1, gen: int = 5) -> int:
    """The word index of key's entry in G."""
    return int(endgame._probe(G, *key, s0, gen)[1]) * 4


K1 = (0xFFF, 0x0F0, 0xF00)  # twelve cards: seats 1 and 3 (a), seats 2 and 3 (b)
K2 = (0xFFF, 0x0F0, 0x0F0)  # the same cards, dealt otherwise


def test_endgame_entries_read_back_with_their_bounds():
    G = endgame_table([(K1, 1, 20, 45), (K2, 1, 30, 30)])
    assert eg_look_up(G, K1) == (20, 45) and eg_look_up(G, K2) == (30, 30)
    assert eg_look_up(G, K1, s0=2) is None  # another leader
    assert eg_look_up(G, K1, gen=6) is None  # another solve
    e0, found, *_bounds = endgame._probe(G, *K1, 1, 5)
    endgame._store(G, e0, found, *K1, 1, 5, 25, 45, np.zeros(dds.STATS, dtype=np.int64))
    assert eg_look_up(G, K1) == (25, 45)  # the store writes the bounds it is given


def test_a_torn_endgame_entry_is_rejected():
    """Words of two stores in one entry fail the check bits: another position's bounds under
    this key, as a store to a slot the other thread has given away meanwhile would leave it, or
    bounds changed without their check."""
    G = endgame_table([(K1, 1, 20, 45), (K2, 1, 30, 30)])
    i, j = eg_entry(G, K1), eg_entry(G, K2)
    torn = G.copy()
    torn[i + 3] = G[j + 3]  # K2's last word (bounds, check) under K1's key words
    assert eg_look_up(torn, K1) is None
    alone = endgame_table([(K1, 1, 20, 45)])
    torn = alone.copy()
    torn[eg_entry(alone, K1) + 2] = K2[2]  # K2's key words (the same cards) with K1's check
    assert eg_look_up(torn, K2) is None and eg_look_up(torn, K1) is None
    forged = G.copy()
    forged[i + 3] = (G[i + 3] & ~0xFFFF) | 50 | (60 << 8)  # bounds without their check
    assert eg_look_up(forged, K1) is None
    assert eg_look_up(G, K1) == (20, 45)  # the untouched table still answers


def test_the_endgame_table_is_cleared_when_its_generation_wraps():
    """Its generation has 12 bits: past the last one the table starts empty again, and a solve
    after that finds the same value."""
    g = aceten.new_game("briscola", players=4, seed=11)
    for _ in range(24):
        g.push(g.legal_moves()[0])
    solver = Solver(threads=1)
    value = solver.solve(g).value
    assert solver._endgame_table is not None
    table = solver._endgame_table[:-endgame.FILTER_WORDS]  # the entries, not the filter
    solver._endgame_generation = endgame.GEN_MASK - 1
    solver.clear()
    assert solver.solve(g).value == value and solver._endgame_generation == endgame.GEN_MASK
    generations = (table[3::4] >> 18) & endgame.GEN_MASK
    assert (generations == endgame.GEN_MASK).any()
    solver.clear()
    assert solver.solve(g).value == value and solver._endgame_generation == 1
    generations = (table[3::4] >> 18) & endgame.GEN_MASK
    assert (generations == 1).any() and not (generations > 1).any()  # only this solve's


@pytest.mark.parametrize("name, players, options, plies", [
    ("cruce", 2, {}, 4),  # the kernel for duties: its best card kept outside the deck's bits
    ("brisca", 3, {}, 12),  # the kernel for duties in plain play, drawing the stock
    ("briscola", 2, {}, 10),  # the two-seat kernel: its best card above the cards drawn
])
def test_the_endgame_filter_has_every_stored_key(name, players, options, plies):
    """A probe skips the table where the filter lacks the key's bit (``endgame.seen``), so every
    entry of the current generation must have its bit, or a stored bound would be lost. The
    bits of older generations stay until enough keys were marked; then a new generation
    empties the filter."""
    from aceten.search import duel, obliged

    g = aceten.new_game(name, players=players, seed=5, **options)
    while g.phase != "play":
        g.push(g.legal_moves()[0])
    for _ in range(plies):
        g.push(g.legal_moves()[0])
    solver = Solver(threads=1)
    solver.solve(g, moves=False)
    G = solver._endgame_table
    assert G is not None
    E = solver._workers[0].history
    assert E[endgame.E_MISC, endgame.M_FILTER] == 1
    mask = (1 << duel.BEST_SHIFT) - 1 if name == "briscola" else int(E[endgame.E_MISC,
                                                                          obliged.M_OB_DECK])
    words = G[:-endgame.FILTER_WORDS].reshape(-1, 4)
    current = ((words[:, 3] >> 18) & endgame.GEN_MASK) == solver._endgame_generation
    assert current.sum() > 100
    for u, a, b, w3 in words[current]:
        assert endgame.seen(E, G, int(u), int(a), int(b) & mask, int((w3 >> 16) & 3)) == 1
    marks = E[endgame.E_MARKS]  # (a view: the solver's resets show in it)
    assert 0 < marks[0] < endgame.FILTER_MARKS and G[-endgame.FILTER_WORDS:].any()
    R, S = encode_rules(g.rules).R, encode_game(g)
    solver.clear()
    solver._endgame_for(R, S)  # another generation, the filter not yet full enough to empty
    assert G[-endgame.FILTER_WORDS:].any() and marks[0] > 0
    marks[0] = endgame.FILTER_MARKS + 1
    solver.clear()
    solver._endgame_for(R, S)
    assert solver._endgame_table is G and not G[-endgame.FILTER_WORDS:].any() and marks[0] == 0


def test_four_seats_keep_no_endgame_filter():
    """With four seats (``endgame.FILTER_SEATS``) the kernels look every position up in the
    table: its filter stays empty."""
    solver = Solver(threads=1)
    solver.solve(aceten.new_game("klaverjas", seed=5, trump="H"), moves=False)
    G = solver._endgame_table
    assert G is not None and not G[-endgame.FILTER_WORDS:].any()
    assert solver._workers[0].history[endgame.E_MARKS, 0] == 0


def test_long_searches_go_to_two_threads_from_the_start():
    """Most of a 4-player Briscola deal: both threads from the first move; the other games and
    later positions start on one (they are handed over only if they prove long)."""
    def long(name: str, players: int, played: int = 0) -> bool:
        g = aceten.new_game(name, players=players, seed=2)
        while g.phase != "play":
            g.push(g.legal_moves()[0])
        for _ in range(played):
            g.push(g.legal_moves()[0])
        enc = encode_rules(g.rules)
        return solver_module._long_search(enc.R, encode_game(g))

    assert long("briscola", 4) and long("briscola", 4, played=4)
    assert not long("briscola", 4, played=8)
    assert not long("briscola", 2) and not long("klaverjas", 4) and not long("cruce", 4)


@pytest.mark.parametrize("shape", [1, 7, 90, (3, 5), (64, 8)])
def test_aligned_arrays_start_on_a_cache_line(shape):
    """A table bucket (64 bytes) must not straddle two cache lines: numpy itself aligns to 16."""
    arrays = [kernels.aligned_zeros(shape) for _ in range(6)]  # several: malloc's offsets vary
    for a in arrays:
        assert a.ctypes.data % kernels.CACHE_LINE == 0
        assert a.dtype == np.int64 and a.flags.c_contiguous and a.flags.writeable
        assert a.shape == (shape if isinstance(shape, tuple) else (shape,)) and not a.any()
    arrays[0][...] = -1
    assert not any(a.any() for a in arrays[1:])  # each its own memory


def test_the_solvers_tables_start_on_a_cache_line():
    g = aceten.new_game("briscola", players=4, seed=3)
    for _ in range(24):
        g.push(g.legal_moves()[0])
    solver = Solver(threads=2, tt_bits=12)
    solver.solve(g)
    assert solver._table is not None and solver._endgame_table is not None
    arrays = [solver._table, solver._endgame_table]
    for w in solver._workers:
        arrays += [w.moves, w.saves, w.frames, w.history, w.stats]
    assert all(a.ctypes.data % kernels.CACHE_LINE == 0 for a in arrays)


@pytest.mark.parametrize("seed", range(4))
def test_the_kernels_trick_tables_agree_with_the_engine(seed):
    """The endgame kernel finds a trick's winner as the card of highest power for the suit led
    (E_PW rows: -1 for a card that can neither follow nor trump) and its worth as the sum of
    E_PTS; every trick of random 4-player Briscola deals is won and scored as the engine says."""
    g = aceten.new_game("briscola", players=4, seed=seed)
    enc = encode_rules(g.rules)
    E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
    endgame.setup(E, enc.R, enc.T, enc.ORD, encode_game(g), 1)
    rng = random.Random(seed)
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
    for trick in g.tricks:
        codes = [int(c) & 63 for c in trick.cards]
        row = endgame.E_PW + ((codes[0] >> 4) & 3)
        powers = [int(E[row, b]) for b in codes]
        assert powers[0] == E[endgame.E_POWER, codes[0]] >= 0
        best = max(range(4), key=lambda i: powers[i])
        assert (trick.leader + best) % 4 == trick.winner
        assert sum(int(E[endgame.E_PTS, b]) for b in codes) == trick.points


def test_default_threads_stay_off_while_the_machine_is_busy(monkeypatch):
    """threads=None takes the second thread only while the load average leaves a core idle;
    threads=2 takes it whatever the load."""
    S = encode_game(aceten.new_game("briscola", players=4, seed=1))
    monkeypatch.setattr(solver_module.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(solver_module.os, "getloadavg", lambda: (7.5, 7.0, 6.0))
    assert Solver()._helper(S) is None
    assert Solver(threads=2)._helper(S) is not None
    monkeypatch.setattr(solver_module.os, "getloadavg", lambda: (0.9, 1.0, 1.0))
    assert Solver()._helper(S) is not None
