"""The one step function, checked from every side.

- The engine runs ``aceten.rules.step`` as plain Python; the kernels run the same code compiled
  by numba (``aceten.rules.jit``) and translated to C (``aceten.search.native``). On every
  reachable position of small decks of each game, each compiled form and the engine agree on
  the legal moves and on the state after each move, and the compiled state equals the engine's
  ``flat_state()`` move by move.
- A play changes nothing in S between ``S_SAVE`` and the stock: the search saves and restores
  only the prefix (and the face-up card) around a move.
- The fast paths that remain beside the step read the parts' tables, and agree with the step:
  the roem words (``Roem.found``) with ``step.trick_bonus`` on every trick of four cards, the
  solver's sequence places with the declared ``T_SEQ``, its run bounds with brute force.
"""

from __future__ import annotations

import itertools

import pytest

import aceten
from aceten.rules import layout, step
from aceten.rules.codes import move_code
from aceten.rules.parts import Roem

# Small decks on which every deal can be explored to the end: (game, players, options).
SMALL = [
    ("briscola", 2, {"deck": "AS 3S KS 2S AC 3C KC 2C"}),
    ("briscola", 3, {"deck": "AS 3S KS 2S AC 3C KC 2C JS HS JC HC"}),
    ("brisca", 2, {"deck": "AO 3O 7O 2O 4O AS 3S KS 2S JS"}),
    ("brisca", 2, {"deck": "AO 3O 7O 2O 4O AS 3S KS 2S JS", "arrastre": "yes", "draw": "after-play"}),
    ("cruce", 2, {"deck": "KR QR AR TR KV QV AV 9V"}),
    ("cruce", 3, {"deck": "KR QR AR TR KV QV"}),
    ("cruce", 4, {"deck": "KR QR AR TR KV QV AV 9V"}),
    ("klaverjas", 4, {"deck": "JH 9H AH KH QH TS 7S 8S"}),
    ("klaverjas", 4, {"deck": "JH 9H AH KH QH TS 7S 8S", "trump_choice": "free"}),
    ("briscola", 5, {"variant": "chiamata", "deck": "AS 3S KS 2S AC 3C KC 2C AO 2O",
                     "point_bids": "no"}),
    ("briscola", 5, {"variant": "chiamata", "deck": "AS 3S KS 2S AC 3C KC 2C AO 2O",
                     "lead": "caller", "cappotto": "yes"}),
    ("briscola", 6, {"deck": "AS 3S KS 2S AC 3C KC 2C AO 3O KO 2O", "trump": "O"}),
    ("brisca", 6, {"deck": "AS 3S KS 7S AC 3C KC 7C AO 3O KO 7O AB 3B KB 7B 6S 6C 6O 6B "
                   "5S 5C 5O 5B", "arrastre": "yes"}),
]  # fmt: skip


def _reachable(game: aceten.Game, limit: int = 4000):
    """Every position reachable from ``game`` (depth first), up to ``limit`` of them."""
    count = 0
    stack = [list(game.moves)]
    while stack and count < limit:
        moves = stack.pop()
        g = aceten.Game(game.rules, seed=game.seed, deal=game.deal)
        for m in moves:
            g.push(m)
        count += 1
        yield g
        for m in g.legal_moves():
            stack.append([*moves, m])


def compiled_step(kernels: str):
    """The step functions compiled by numba, or by the C compiler (aceten.search.native)."""
    if kernels == "numba":
        pytest.importorskip("numba")
        from aceten.rules import jit

        return jit
    from native_support import native_kernels

    return native_kernels().step


@pytest.mark.parametrize("kernels", ["numba", "c"])
@pytest.mark.parametrize(("name", "players", "options"), SMALL)
def test_the_compiled_step_is_the_engines_step_on_every_reachable_position(name, players, options,
                                                                           kernels):
    np = pytest.importorskip("numpy")
    jit = compiled_step(kernels)

    rules = aceten.rules.get(name, players=players, **options)
    R, T = np.array(rules.R, dtype=np.int64), np.array(rules.T, dtype=np.int64)
    seen = 0
    for seed in range(3):
        for g in _reachable(aceten.Game(rules, seed=seed), limit=1500):
            S = np.array(g.flat_state(), dtype=np.int64)
            flat = g.flat_state()
            if g.phase == "play":
                hand = flat[layout.S_HAND + g.to_move]
                assert jit.legal_cards(S, hand, R, T) == step.legal_cards(flat, hand, rules.R, rules.T)
                assert jit.exchange_cards(S, R, T) == step.exchange_cards(flat, rules.R, rules.T)
            elif g.phase in ("bid", "call", "auction", "call-card"):
                assert tuple(jit.phase_choices(S, R, T)) == tuple(step.phase_choices(flat, rules.R, rules.T))
                count = step.phase_choices(flat, rules.R, rules.T)[1]
                assert [jit.choice_code(S, i, R, T) for i in range(count)] == [
                    step.choice_code(flat, i, rules.R, rules.T) for i in range(count)]
            for move in g.legal_moves():
                after = S.copy()
                jit.play_move(after, move_code(move), R, T)
                g.push(move)
                assert after.tolist() == g.flat_state(), (g.moves, move)
                if flat[layout.S_PHASE] == layout.PHASE_PLAY:
                    # the search restores only S[:S_SAVE] (and the face-up card) after a move
                    unsaved = slice(layout.S_SAVE, layout.S_STOCK)
                    assert after[unsaved].tolist() == flat[unsaved], (g.moves, move)
                g.pop()
                assert g.flat_state() == flat  # undo restores the state exactly
            if g.is_over():
                out = np.zeros(layout.O_WIDTH, dtype=np.int64)
                jit.score(S, R, out)
                outcome = g.outcome()
                assert outcome is not None
                assert tuple(out[layout.O_SCORES:layout.O_SCORES + len(rules.teams)]) == outcome.scores
                assert (None if out[layout.O_WINNER] < 0 else out[layout.O_WINNER]) == outcome.winner
                if outcome.seat_scores:
                    assert tuple(out[layout.O_SEAT_SCORES:layout.O_SEAT_SCORES + players]) \
                        == outcome.seat_scores
            seen += 1
    assert seen > 100


# Full decks, every shape of push's paths: two seats (its _DUEL trick end), three and four,
# obligations, exchanges, marriages, roem, a hidden team, open cards, draws after each play.
FULL = [
    ("briscola", 2, {}), ("briscola", 3, {}), ("briscola", 4, {}), ("brisca", 2, {}),
    ("brisca", 4, {"arrastre": "yes"}), ("brisca", 2, {"draw": "after-play"}), ("cruce", 2, {}),
    ("cruce", 4, {}), ("klaverjas", 4, {}), ("briscola", 2, {"open_cards": 1}),
    ("briscola", 2, {"trump": "S"}), ("briscola", 5, {"variant": "chiamata"}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "players", "options"), SMALL + FULL)
def test_push_moves_the_state_as_the_step_does(name, players, options):
    """Without numba: each push (its fast paths included) leaves the flat state the plain
    step's (``step.play_move`` on a copy), from a first state that is ``step.start_deal``'s;
    each pop restores it."""
    import random

    rules = aceten.rules.get(name, players=players, **options)
    rng = random.Random(7)
    for seed in range(25):
        g = aceten.Game(rules, seed=seed)
        first = [0] * layout.S_SIZE
        first[layout.S_HAND:layout.S_HAND + players] = [int(h.mask) for h in map(g.hand, range(players))]
        stock = [c & 63 for c in g.deal.stock]
        first[layout.S_STOCK:layout.S_STOCK + len(stock)] = stock
        first[layout.S_SLEN] = len(stock)
        step.start_deal(first, rules.R)
        assert g.flat_state() == first
        while not g.is_over():
            before = g.flat_state()
            move = rng.choice(g.legal_moves())
            after = before[:]
            step.play_move(after, move_code(move), rules.R, rules.T)
            g.push(move)
            assert g.flat_state() == after, (seed, g.moves)
            if rng.random() < 0.3:
                g.pop()
                assert g.flat_state() == before, (seed, g.moves, move)
                g.push(move)


def test_roem_words_agree_with_the_step_on_every_trick():
    rules = aceten.rules.get("klaverjas")
    roem = rules.part(Roem)
    assert roem is not None
    for trump in (None, *rules.suits):
        for cards in itertools.combinations(rules.deck, 4):
            found = rules.trick_bonus(cards, trump)
            words = sum(points for points, _ in roem.found(cards, trump))
            assert (found[0] if found else 0) == words, (cards, trump)


def test_the_solvers_sequence_places_are_the_declared_sequence():
    pytest.importorskip("numba")
    from aceten.search import dds

    rules = aceten.rules.get("klaverjas")
    for suit in rules.suits:
        cards = [c for c in rules.deck if c.suit == suit]
        for k in range(len(cards) + 1):
            for held in itertools.combinations(cards, k):
                bits = sum(1 << (c & 15) for c in held)
                places = sum(1 << rules.T[layout.T_SEQ + (c & 63)] for c in held)
                assert dds._sequence_places(bits) == places


def test_the_run_bound_is_the_most_roem_runs_can_give():
    """Brute force: split each run of consecutive places into tricks of three or four."""
    roem = aceten.rules.get("klaverjas").part(Roem)
    assert roem is not None

    def best(length: int) -> int:
        if length < 3:
            return 0
        return max(best(length - 1), roem.run3 + best(length - 3),
                   roem.run4 + best(length - 4) if length >= 4 else 0)

    for places in range(256):
        runs = [len(r) for r in "".join("1" if places >> k & 1 else "0" for k in range(8)).split("0")]
        assert roem.run_bound(places) == sum(best(r) for r in runs)


def test_a_variant_is_a_declaration():
    """A new rule needs no code outside rules/: Briscola with a duty to follow suit, declared as
    one more part, is played by the engine with the obligation's reason."""
    from aceten.rules.briscola import BriscolaRules
    from aceten.rules.obligations import FollowSuit, Obligations

    class FollowBriscola(BriscolaRules):
        def _declare(self) -> None:
            super()._declare()
            self.parts = (*self.parts, Obligations((FollowSuit(),)))

    rules = FollowBriscola(players=2, deck="AS 3S KS 2S AC 3C KC 2C", stacked=True)
    g = aceten.Game(rules, seed=0)  # P1: AS 3S KS; P2: 2S AC 3C; the stock KC, 2C turned up
    g.push("AS")
    assert g.legal_moves() == [aceten.Card.parse("2S")]
    with pytest.raises(aceten.IllegalMove, match="must follow"):
        g.push("AC")
    plain = aceten.Game(aceten.rules.get("briscola", players=2, deck="AS 3S KS 2S AC 3C KC 2C",
                                         stacked=True), seed=0)
    plain.push("AS")
    assert len(plain.legal_moves()) == 3  # the declared Briscola has no such duty
