"""The double-dummy solver: exact values against a plain minimax over the engine, on small decks
of every game and player count; the principal variation replays; bad input is refused."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import aceten
from aceten import Game
from aceten.cards import Card
from aceten.errors import AcetenError

search = pytest.importorskip("aceten.search")
solve = search.solve


@pytest.fixture(scope="session", autouse=True)
def warm_kernels():
    """Compile (or load from the cache) the solver's kernels once for the session."""
    g = aceten.new_game("briscola", players=2, seed=1, deck="AS 3S KS 2S AC 3C KC 2C")
    solve(g)
    solve(g, target=10)


# -- the reference: a plain minimax over the engine ----------------------------------------------
def side_score(g: Game, team: int, objective: str) -> int:
    seats = g.teams[team]  # the deal's teams (a hidden team's are known to the full game)
    if objective == "tricks":
        return sum(g.tricks_won[s] for s in seats)
    return sum(g.points[s] + g.bonus[s] for s in seats)


def state_key(g: Game) -> tuple[Any, ...]:
    n = g.players
    return (tuple(g.hand(s).mask for s in range(n)), g.trick, g.leader, g.to_move, g.trump,
            g.stock, tuple(t > 0 for t in g.tricks_won))


def minimax(g: Game, team: int, objective: str, coop: bool, memo: dict) -> int:
    """What ``team`` still wins from here: it maximises, every other seat minimises (or, with
    ``coop``, everyone maximises). Every legal move of the engine is tried; positions met
    again are remembered (the value of a position does not depend on the path to it)."""
    if g.is_over():
        return 0
    key = state_key(g)
    if key in memo:
        return memo[key]
    maxing = coop or g.team_of(g.to_move) == team
    before = side_score(g, team, objective)
    best = None
    for move in g.legal_moves():
        g.push(move)
        value = side_score(g, team, objective) - before + minimax(g, team, objective, coop, memo)
        g.pop()
        if best is None or (value > best if maxing else value < best):
            best = value
    assert best is not None
    memo[key] = best
    return best


def reference_values(g: Game, objective: str, coop: bool = False) -> dict[str, int]:
    team = g.team_of(g.to_move)
    now = side_score(g, team, objective)
    memo: dict = {}
    out = {}
    for move in g.legal_moves():
        g.push(move)
        out[str(move)] = side_score(g, team, objective) + minimax(g, team, objective, coop, memo)
        g.pop()
    assert now <= min(out.values())
    return out


LATIN_12 = "AS 3S KS HS JS 7S AC 3C KC HC JC 7C"
LATIN_16 = LATIN_12 + " 6S 6C 5S 5C"
BRISCA_12 = "AO 3O KO HO JO 7O 2O AC 3C KC 2C 7C"
BRISCA_16 = BRISCA_12 + " 6O 6C 5O 5C"
CRUCE_12 = "AR TR KR QR JR 9R AV TV KV QV JV 9V"
CRUCE_16 = CRUCE_12 + " AG TG KG QG"
CRUCE_18 = CRUCE_16 + " JG 9G"  # 2 players: 8 cards each and a stock of 2
KLAVERJAS_16 = "AH TH KH QH JH 9H 8H 7H AS TS KS QS JS 9S 8S 7S"
CHIAMATA_15 = "AS 3S KS HS JS AC 3C KC HC JC AO 3O KO 7O 2O"  # 3 cards each, no stock
LATIN_18 = CHIAMATA_15 + " AB 3B KB"
BRISCA_18 = BRISCA_16 + " 4O 4C"

CONFIGS = [  # (game, players, variant, options, deck, deals): the deals of the 16- and 18-card
    # decks are fewer, as the plain minimax takes seconds on each
    ("briscola", 2, None, {}, LATIN_12),
    ("briscola", 3, None, {}, LATIN_12),
    ("briscola", 3, None, {}, LATIN_18, 4),  # three tricks with a stock, in the kernel for duties
    ("briscola", 4, None, {}, LATIN_16, 6),
    ("briscola", 4, None, {"teams": "none"}, LATIN_16, 6),
    ("briscola", 2, None, {"draw": "after-play"}, LATIN_12),
    ("briscola", 2, None, {"scoring": "tricks"}, LATIN_12),
    ("brisca", 2, None, {}, BRISCA_12),
    ("brisca", 3, None, {}, BRISCA_12),
    ("brisca", 3, None, {}, BRISCA_18, 4),
    ("brisca", 2, None, {"exchange_needs_trick": "yes"}, BRISCA_12),
    ("brisca", 2, None, {"arrastre": "yes"}, BRISCA_12),
    ("brisca", 4, None, {"arrastre": "yes"}, BRISCA_16, 8),
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_18, 2),  # the stock phase
    ("cruce", 3, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 4, None, {"bidding": "no"}, CRUCE_16),
    ("cruce", 4, None, {"undertrump": "no"}, CRUCE_16),
    ("klaverjas", 4, "rotterdam", {"trump": "H"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "S"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "H", "roem": "no"}, KLAVERJAS_16),
    ("briscola", 5, "chiamata", {}, CHIAMATA_15),  # the caller's side, its partner hidden
    ("briscola", 5, "chiamata", {"lead": "caller"}, CHIAMATA_15),
    ("briscola", 6, None, {"trump": "O"}, LATIN_18),  # three against three
    ("briscola", 6, None, {"trump": "S", "scoring": "tricks"}, LATIN_18),
    ("brisca", 6, None, {"trump": "O"}, BRISCA_18),
]
DEALS = 16  # per configuration unless given, each from a random point of the deal
CONFIGS = [c if len(c) == 6 else (*c, DEALS) for c in CONFIGS]


def bid_to_play(g: Game, rng: random.Random) -> None:
    """Random bids (the first seat always bids: no deal is thrown in) up to the play."""
    while g.phase != "play":
        moves = g.legal_moves()
        if g.phase == "auction" and len(moves) > 1 and not g.bids:
            moves = moves[1:]
        g.push(rng.choice(moves))


def random_position(name: str, players: int, variant: str | None, options: dict[str, str],
                    deck: str, seed: int) -> Game:
    """A deal of the small deck, with bids or trump calls made and 0-3 random moves played."""
    g = aceten.new_game(name, players=players, variant=variant, seed=seed, deck=deck, **options)
    rng = random.Random(seed)
    bid_to_play(g, rng)
    for _ in range(rng.randrange(4)):
        g.push(rng.choice(g.legal_moves()))
    return g


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant", "options", "deck", "deals"), CONFIGS,
                         ids=[f"{c[0]}-{c[1]}-{c[2] or ''}-{'-'.join(f'{k}={v}' for k, v in c[3].items())}"
                              for c in CONFIGS])
def test_solver_values_equal_plain_minimax(name, players, variant, options, deck, deals):
    for seed in range(deals):
        g = random_position(name, players, variant, options, deck, seed)
        if len(deck.split()) == 18:  # from the first trick's second card: the stock is still there
            g = aceten.new_game(name, players=players, variant=variant, seed=seed, deck=deck,
                                **options)
            g.push(g.legal_moves()[seed % len(g.legal_moves())])
        result = solve(g)
        expected = reference_values(g, result.objective)
        got = {str(m.move): m.value for m in result.moves}
        assert got == expected, (seed, g.moves)
        assert result.value == max(expected.values())
        assert {str(m) for m in result.best_moves} == {k for k, v in expected.items()
                                                        if v == result.value}
        # the principal variation is legal play that ends the deal with exactly the value
        team = g.team_of(g.to_move)
        line = g.copy()
        for move in result.pv:
            line.push(move)
        assert line.is_over()
        assert side_score(line, team, result.objective) == result.value
        assert result.pv_tricks == sum(line.tricks_won[s] for s in g.teams[team])
        # a zero-window question agrees with the value
        assert solve(g, target=result.value)
        assert not solve(g, target=result.value + 1)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "deck"), [
    ("briscola", {}, LATIN_16),
    ("briscola", {"scoring": "tricks"}, LATIN_16),
    ("brisca", {}, BRISCA_16),
])
def test_four_player_endgame_kernel_equals_plain_minimax(name, options, deck):
    """Four players, the stock drawn out: the last three tricks go to the endgame kernel (from
    a trick boundary with three or two tricks left, or from inside a trick)."""
    for seed in range(10):
        g = aceten.new_game(name, players=4, seed=100 + seed, deck=deck, **options)
        rng = random.Random(seed)
        while g.stock:  # the stock trick (and a Brisca exchange of the 7, if one is played)
            g.push(rng.choice(g.legal_moves()))
        for _ in range(seed % 7):  # then 0-6 cards of the endgame
            g.push(rng.choice(g.legal_moves()))
        assert not g.stock
        result = solve(g)
        expected = reference_values(g, result.objective)
        assert {str(m.move): m.value for m in result.moves} == expected, (seed, g.moves)
        team = g.rules.seat_team[g.to_move]
        line = g.copy()
        for move in result.pv:
            line.push(move)
        assert line.is_over() and side_score(line, team, result.objective) == result.value
        assert solve(g, target=result.value) and not solve(g, target=result.value + 1)
        assert solve(g, moves=False).value == result.value


def assert_points_as_minimax(g: Game, label: object) -> None:
    """The solver's value of every root move equals the plain minimax's (card points), its
    principal variation scores that value, and a target answers at the value and one above."""
    result = solve(g)
    assert {str(m.move): m.value for m in result.moves} == reference_values(g, "points"), label
    line = g.copy()
    for move in result.pv:
        line.push(move)
    team = g.rules.seat_team[g.to_move]
    assert side_score(line, team, "points") == result.value
    assert solve(g, target=result.value) and not solve(g, target=result.value + 1)


MANY_SEAT_GAMES = [
    ("briscola", 5, "chiamata", {}), ("briscola", 5, "chiamata", {"lead": "caller"}),
    ("briscola", 6, None, {}), ("briscola", 6, None, {"scoring": "tricks"}), ("brisca", 6, None, {}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant", "options"), MANY_SEAT_GAMES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(f'{k}={v}' for k, v in c[3].items())}"
                              for c in MANY_SEAT_GAMES])
def test_many_seat_kernel_equals_the_general_search(name, players, variant, options, monkeypatch):
    """The kernel for five and six seats (``manyseats.many``, the last three tricks once the
    stock is out) against the general search alone, on full-deck positions with four tricks
    or fewer left, some from inside a trick: every root move's value. (The small decks of
    CONFIGS hold both to the plain minimax; these are deals the minimax cannot reach.)"""
    from aceten.search import Solver, endgame, manyseats

    differ = 0
    shared = Solver(threads=1)  # one solver for every position (pimc's way): its kernels'
    # table of two-trick positions carries over from deal to deal
    for seed in range(12):
        g = aceten.new_game(name, players=players, variant=variant, seed=seed, **options)
        rng = random.Random(seed)
        bid_to_play(g, rng)
        held = 4 * players - rng.randrange(players)
        while sum(len(g.hand(s)) for s in range(players)) + len(g.stock) > held:
            g.push(rng.choice(g.legal_moves()))
        endgame._PREPARED.clear()  # the kernels' rows say whether the kernel applies
        kernel = Solver(threads=1).solve(g)
        with monkeypatch.context() as m:
            m.setattr(manyseats, "applies", lambda R, S: False)
            endgame._PREPARED.clear()
            alone = Solver(threads=1).solve(g)
        endgame._PREPARED.clear()
        values = {str(v.move): v.value for v in kernel.moves}
        assert values == {str(v.move): v.value for v in alone.moves}, (seed, g.moves)
        assert kernel.value == alone.value
        assert {str(v.move): v.value for v in shared.solve(g).moves} == values, (seed, g.moves)
        differ += kernel.nodes != alone.nodes
    assert differ >= 6  # the kernel searched (it counts its nodes its own way)


@pytest.mark.slow
def test_four_player_last_stock_trick_kernel_equals_plain_minimax():
    """20 cards: the second trick is the last with a stock, searched by the endgame kernel (four
    cards to draw) from the trick boundary the main search reaches; then its table."""
    deck = LATIN_16 + " 4S 4C 2S 2C"
    for seed in range(4):
        g = aceten.new_game("briscola", players=4, seed=seed, deck=deck)
        rng = random.Random(seed)
        for _ in range(3):
            g.push(rng.choice(g.legal_moves()))
        assert_points_as_minimax(g, seed)


@pytest.mark.slow
def test_the_last_stock_trick_kernel_with_an_exchange_once_none_can_be_made():
    """4-player Brisca, 20 cards: its 7 (or 2) of trumps may be swapped for the face-up card,
    so the last trick with a stock goes to the endgame kernel, which plays cards only, just
    where no hand holds the card the face-up trump would take (``dds.exchange_over``). The
    values of positions on both sides of that line equal the plain minimax's."""
    from aceten.search.encoding import encode_game, encode_rules
    from aceten.search.solver import _kernels

    kernels, _step = _kernels()
    deck = BRISCA_16 + " 4O 4C 4S 4B"
    over = set()
    for seed in range(8):
        g = aceten.new_game("brisca", players=4, seed=300 + seed, deck=deck)
        rng = random.Random(seed)
        while len(g.tricks) < 1:  # to the last trick with a stock
            moves = g.legal_moves()
            cards = [m for m in moves if isinstance(m, Card)]
            g.push(rng.choice(cards if seed % 2 else moves))
        enc = encode_rules(g.rules)
        over.add(bool(kernels.exchange_over(encode_game(g), enc.R, enc.T)))
        assert_points_as_minimax(g, (seed, g.moves))
    assert over == {True, False}  # both kinds of position were solved


def test_transposition_cut_offs_at_the_last_card_keep_the_values():
    """16 cards, 2 players: eight tricks, so the last card of the first tricks looks its
    children up in the table (enhanced transposition cut-offs, here the two-seat kernel's) and
    some end their node."""
    cut = 0
    for seed in range(3):
        g = aceten.new_game("briscola", players=2, seed=seed, deck=LATIN_16)
        g.push(g.legal_moves()[seed % 3])
        result = solve(g)
        cut += result.stats["etc_cutoffs"]
        assert {str(m.move): m.value for m in result.moves} == reference_values(g, "points"), seed
        assert solve(g, target=result.value) and not solve(g, target=result.value + 1)
    assert cut > 0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "deck"), [
    ("briscola", {}, LATIN_16 + " 4S 4C"),
    ("briscola", {"scoring": "tricks"}, LATIN_16 + " 4S 4C"),
    ("brisca", {}, BRISCA_16 + " 4O 4C"),  # an exchange: the kernel once the stock is out
])
def test_two_seat_kernel_equals_plain_minimax(name, options, deck):
    """Two seats, 18 cards (a stock of 12): the two-seat kernel (``search/duel.py``) searches
    from every trick boundary, stock and all, from positions all through the deal."""
    from aceten.search import endgame

    for seed in range(8):
        g = aceten.new_game(name, players=2, seed=200 + seed, deck=deck, **options)
        rng = random.Random(seed)
        for _ in range(2 * seed):
            g.push(rng.choice(g.legal_moves()))
        assert endgame.applies_duel(*_arrays(g))
        result = solve(g)
        expected = reference_values(g, result.objective)
        assert {str(m.move): m.value for m in result.moves} == expected, (seed, g.moves)
        line = g.copy()
        for move in result.pv:
            line.push(move)
        team = g.rules.seat_team[g.to_move]
        assert line.is_over() and side_score(line, team, result.objective) == result.value
        assert solve(g, target=result.value) and not solve(g, target=result.value + 1)
        assert solve(g, moves=False).value == result.value


def test_two_seat_kernel_keys_name_point_less_cards_by_their_place():
    """The two-seat kernel's table keys (``duel._key``) name a suit's point-less cards by their
    place among the live ones (in the hands and the stock): boundaries that differ only by which
    of them were played share a key; another holder of a place, or another count, does not."""
    from aceten.rules import layout
    from aceten.search import duel, endgame
    from aceten.search.encoding import encode_game, encode_rules

    g = aceten.new_game("briscola", players=2, seed=1)
    enc = encode_rules(g.rules)
    S = encode_game(g)
    E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
    endgame.setup(E, enc.R, enc.T, enc.ORD, S, 1)
    suit = next(s for s in range(4) if s != S[layout.S_TRUMP])

    def cards(*ranks: int) -> int:
        return sum(1 << (suit << 4 | r) for r in ranks)

    def key(h0: tuple[int, ...], h1: tuple[int, ...], stock: tuple[int, ...]) -> tuple[int, int]:
        ace = 1  # a card with points, held by seat 0: never renamed
        return tuple(duel._key(E, cards(ace, *h0), cards(*h1), cards(ace, *h0, *h1, *stock)))

    seven_in_stock = key((5,), (4,), (7,))  # the 6 and the 2 played
    assert seven_in_stock == key((5,), (2,), (6,))  # the 7 and the 4 played: the same places
    assert seven_in_stock == key((6,), (5,), (7,))  # nothing but the 4 and 2 played
    assert key((4,), (5,), (7,)) != seven_in_stock  # the seats hold each other's places
    assert key((5,), (4,), (7, 6)) != seven_in_stock  # one more live card: other places
    assert key((5,), (4,), (7, 6, 2)) == (cards(1, 5, 4), cards(4))  # none played: as they are


@pytest.mark.parametrize("roem", ["yes", "no"])
def test_duty_kernel_searches_one_of_equal_worthless_cards(roem):
    """The kernel for duties searches one card of a group of equal ones (``obliged._merge``):
    worthless cards of a suit with no live card between them, the strongest kept; with roem
    only while neither can be in a run (the 8 of spades next to a live 9 and 10 can)."""
    from aceten.search import endgame, obliged
    from aceten.search.encoding import encode_game, encode_rules

    g = aceten.new_game("klaverjas", seed=1, trump="H", roem=roem)
    enc = encode_rules(g.rules)
    E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
    endgame.setup(E, enc.R, enc.T, enc.ORD, encode_game(g), 1)
    code = {str(c): int(c) & 63 for c in g.rules.deck}

    def bits(*cards: str) -> int:
        return sum(1 << code[c] for c in cards)

    own = bits("7S", "8S", "AD")
    others = bits("TS", "JS", "KH")
    merged = obliged._merge(E, own, own | others, own)  # the 9 of spades played
    assert merged == bits("8S", "AD")
    kept = obliged._merge(E, own, own | others | bits("9S"), own)  # 8-9-10 still possible
    assert kept == (own if roem == "yes" else bits("8S", "AD"))
    apart = obliged._merge(E, bits("7S", "9S"), bits("7S", "9S", "8S") | others, bits("7S", "9S"))
    assert apart == bits("7S", "9S")  # the live 8 between them


def near_pairs(g: Game, team: int) -> list[tuple[Card, Card]]:
    """The mover's legal cards x, y of one suit with no card of the suit outside its hand (the
    other hands, the trick, the stock) between them in power: the pairs ``obliged._skip_near``
    weighs against each other, where the value of ``team`` after one is within the
    difference of their points of its value after the other. Not a king or queen whose mate
    the hand holds or may draw, where the hand plays for ``team`` (its lead scores a marriage)."""
    rules, trump, mover = g.rules, g.trump, g.to_move
    hand = {str(c) for c in g.hand(mover)}
    outside = [c for s in range(g.players) if s != mover for c in g.hand(s)]
    outside += [c for c in g.trick] + [c for c in g.stock]
    ours = g.team_of(mover) == team

    def beats(a: Card, b: Card) -> bool:
        return rules.trick_winner([a, b], trump) == 0

    def married(c: Card) -> bool:  # (led now or later, it would score with its mate)
        named = trump if trump is not None else c.suit  # (Cruce: the first card names it)
        held = g.hand(mover).mask | sum(s.bit for s in g.stock)  # (its mate may be drawn)
        return ours and rules.lead_bonus(held, c, named) is not None

    cards = [c for c in g.legal_moves() if isinstance(c, Card) and not married(c)]
    pairs = []
    for i, x in enumerate(cards):
        for y in cards[i + 1:]:
            if x.suit != y.suit:
                continue
            if not any(z.suit == x.suit and beats(x, z) != beats(y, z) for z in outside):
                pairs.append((x, y))
    assert all(str(x) in hand and str(y) in hand for x, y in pairs)
    return pairs


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "options", "deck"), [
    ("briscola", 2, {}, LATIN_12), ("briscola", 3, {}, LATIN_12), ("briscola", 4, {}, LATIN_16),
    ("brisca", 3, {"arrastre": "yes"}, BRISCA_12), ("brisca", 4, {"arrastre": "yes"}, BRISCA_16),
    ("cruce", 2, {"bidding": "no"}, CRUCE_12), ("cruce", 2, {"bidding": "no"}, CRUCE_18),
    ("cruce", 3, {"bidding": "no"}, CRUCE_12), ("cruce", 4, {"bidding": "no"}, CRUCE_16),
])
def test_near_cards_values_differ_by_at_most_their_points(name, players, options, deck):
    """The rule ``obliged._skip_near`` stands on, against the plain minimax: two cards of one
    suit in the mover's hand with no card of another hand, the trick or the stock between them
    play alike but for their points (swap them in every line and each trick is won by the same
    card), so each side's value after one is within the difference of their points of its
    value after the other; and some positions of each deck have such a pair."""
    found = 0
    # (the 18-card deck, 2-player Cruce with a stock, costs the plain minimax most: fewer
    # seeds, and 32, whose king's mate is in the stock: where a first draft of the rule failed)
    for seed in range(40) if len(deck.split()) < 18 else (*range(12), 32):
        g = random_position(name, players, None, options, deck, 700 + seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2 * players)):
            if g.is_over() or len(g.hand(g.to_move)) <= 1:
                break
            g.push(rng.choice(g.legal_moves()))
        if g.is_over() or (name == "brisca" and g.stock):  # (the exchangeable 7 and 2)
            continue
        for team in range(len(g.teams)):
            memo: dict = {}  # (one side's values: shared by the cards of its pairs)
            after: dict[Card, int] = {}
            for x, y in near_pairs(g, team):
                for card in (x, y):
                    if card not in after:
                        g.push(card)
                        after[card] = side_score(g, team, "points") + minimax(g, team, "points",
                                                                              False, memo)
                        g.pop()
                values = [after[x], after[y]]
                apart = abs(g.rules.points(x, g.trump) - g.rules.points(y, g.trump))
                assert abs(values[0] - values[1]) <= apart, (seed, team, x, y, values, g.moves)
                found += 1
    assert found >= 10, found


def _arrays(g: Game) -> tuple[np.ndarray, np.ndarray]:
    """The rules' and the position's arrays the kernels get for g."""
    from aceten.search.encoding import encode_game, encode_rules

    return encode_rules(g.rules).R, encode_game(g)


def test_two_seat_kernel_applies_only_where_it_is_exact():
    """The kernel takes two seats without obligations or bonuses, drawing after the trick;
    not a draw after each card, nor three seats, nor Cruce's marriages and obligations."""
    from aceten.search import endgame

    assert endgame.applies_duel(*_arrays(aceten.new_game("briscola", players=2, seed=1)))
    assert endgame.applies_duel(*_arrays(aceten.new_game("brisca", players=2, seed=1)))
    for g in (aceten.new_game("briscola", players=2, seed=1, draw="after-play"),
              aceten.new_game("briscola", players=3, seed=1),
              aceten.new_game("briscola", players=4, seed=1),
              aceten.new_game("cruce", players=2, seed=1, bidding="no")):
        assert not endgame.applies_duel(*_arrays(g)), g.rules


@pytest.mark.slow
def test_two_seat_kernel_equals_the_general_search_on_full_deals(monkeypatch):
    """The 40-card deck, too big for the plain minimax: the kernel's values (every move's)
    equal those of the general search with the kernel switched off, in 2-player Briscola
    (points and tricks) and Brisca, from positions all through the deal."""
    from aceten.search import endgame
    from aceten.search.solver import Solver

    positions = []
    for name, options in (("briscola", {}), ("briscola", {"scoring": "tricks"}), ("brisca", {})):
        for seed in range(6):
            g = aceten.new_game(name, players=2, seed=300 + seed, **options)
            rng = random.Random(seed)
            for _ in range(13 + 4 * seed):
                g.push(rng.choice(g.legal_moves()))
            positions.append(g)

    def values() -> list[dict[str, int]]:
        endgame._PREPARED.clear()
        solver = Solver(threads=1)
        return [{str(m.move): m.value for m in solver.solve(g).moves} for g in positions]

    with_kernel = values()
    monkeypatch.setattr(endgame, "applies_duel", lambda R, S: False)
    assert values() == with_kernel
    endgame._PREPARED.clear()


def _first_card_played(g: Game) -> Game:
    g.push(g.legal_moves()[0])  # Cruce's trump is the suit of the first card led
    return g


def test_duty_kernel_applies_only_where_it_is_exact():
    """The kernel for duties (``search/obliged.py``) takes two to four seats, the trump known:
    Klaverjas, Cruce once its first card set the trump, Brisca with arrastre, and the games
    free of duties that no kernel for plain play takes (3-player Briscola and Brisca); not
    those the endgame or two-seat kernel takes, nor five seats, nor cooperative play."""
    from aceten.search import obliged

    yes = [aceten.new_game("klaverjas", variant=v, seed=1, trump="H") for v in ("rotterdam", "amsterdam")]
    yes += [aceten.new_game("brisca", players=n, seed=1, arrastre="yes") for n in (2, 3, 4)]
    yes += [_first_card_played(aceten.new_game("cruce", players=n, seed=1, bidding="no"))
            for n in (2, 3, 4)]
    yes += [aceten.new_game(name, players=3, seed=1) for name in ("briscola", "brisca")]
    for g in yes:
        assert obliged.applies(*_arrays(g)), g.rules
    for g in (aceten.new_game("cruce", players=4, seed=1, bidding="no"),  # no trump yet
              aceten.new_game("briscola", players=4, seed=1),
              aceten.new_game("brisca", players=4, seed=1),
              aceten.new_game("briscola", players=2, seed=1)):
        assert not obliged.applies(*_arrays(g)), g.rules
    R, S = _arrays(yes[0])
    S[search.dds.S_COOP] = 1
    assert not obliged.applies(R, S)


def test_duty_kernel_draws_the_stock_in_plain_play():
    """In plain play drawing after each trick (3-player Briscola and Brisca) the kernel for
    duties takes the last ``obliged.STOCK_TRICKS`` tricks with a stock too, drawing it in its
    known order (its values are held to the minimax by CONFIGS' 18-card decks): a boundary with
    that many stock tricks left is searched by it alone, the one a trick before is not (with
    more tricks left than it takes, or an exchange still possible)."""
    from aceten.search import obliged

    for name in ("briscola", "brisca"):
        g = aceten.new_game(name, players=3, seed=7)
        while len(g.stock) > 3 * obliged.STOCK_TRICKS or not g.tricks or g.trick:
            g.push(g.legal_moves()[0])  # to a trick boundary (a trick draws three)
        assert g.stock

        def probe(g: Game) -> search.TargetAnswer:
            """One zero-window search from the boundary, on a fresh table."""
            solver = search.Solver(threads=1)
            value = solver.solve(g, moves=False).value
            solver.clear()
            return solver.solve(g, target=value + 1)

        here = probe(g)
        assert here.nodes > 1
        if name == "briscola":  # (Brisca: only once no exchange can change the stock)
            assert here.stats["duty_nodes"] == here.nodes - 1
        while g.moves and (g.trick or len(g.tricks) == 1):
            g.pop()  # to the boundary a trick before
        above = probe(g)
        assert 0 < above.stats["duty_nodes"] < above.nodes - 1
    # its endgame table is made larger than the one the kernel for duties has with duties
    sizes = {}
    for name, players, options in (("briscola", 3, {}), ("klaverjas", 4, {"trump": "H"})):
        solver = search.Solver(threads=1)
        solver.solve(aceten.new_game(name, players=players, seed=1, **options), moves=False)
        sizes[name] = len(solver._endgame_table)
    words = search.endgame.table_words
    assert sizes == {"briscola": words(obliged.STOCK_TABLE_BITS),
                     "klaverjas": words(search.endgame.DUEL_TABLE_BITS)}


def test_the_tables_are_sized_for_the_game_and_grow():
    """``Solver()`` sizes its table for the games it meets (``solver.table_bits``: the full size
    only where the main search takes six tricks or more), and the kernels' table for the
    position (32 MB for the kernel drawing the stock only with ``obliged.STOCK_TABLE_TRICKS``
    tricks left or more); it makes both anew, larger, when a game needs more; ``tt_bits``
    fixes the main table's size; the values do not depend on the sizes."""
    from aceten.search import obliged
    from aceten.search import solver as solver_module

    def near_the_end(name: str, players: int, tricks_left: int, **options: Any) -> Game:
        g = aceten.new_game(name, players=players, seed=3, **options)
        while g.phase != "play":
            g.push(g.legal_moves()[0])
        while len(g.tricks) < g.rules.tricks_per_deal - tricks_left or g.trick:
            g.push(g.legal_moves()[-1])
        return g

    klaverjas = near_the_end("klaverjas", 4, 5, trump="H")
    briscola3 = near_the_end("briscola", 3, 6)  # late: the kernel's 8 MB
    briscola4 = near_the_end("briscola", 4, 5)
    solver = search.Solver(threads=1)
    small, full = solver_module.SMALL_TABLE_BITS, solver_module.MAIN_TABLE_BITS
    seen = []
    for g in (klaverjas, briscola3, briscola4, klaverjas):
        assert solver.solve(g).value == search.Solver(tt_bits=12, threads=1).solve(g).value
        assert solver._table is not None and solver._endgame_table is not None
        seen.append((len(solver._table), len(solver._endgame_table)))
    solver.solve(aceten.new_game("briscola", players=3, seed=3), moves=False)  # a whole deal
    seen.append((len(solver._table), len(solver._endgame_table)))
    words = search.endgame.table_words
    eight, four, stock = (words(search.endgame.DUEL_TABLE_BITS), words(search.endgame.TABLE_BITS),
                          words(obliged.STOCK_TABLE_BITS))
    assert seen == [(1 << small, eight), (1 << small, eight), (1 << full, four),
                    (1 << full, four), (1 << full, stock)]  # grown, never shrunk
    fixed = search.Solver(tt_bits=12, threads=1)
    fixed.solve(briscola4)
    assert fixed._table is not None and len(fixed._table) == 1 << 12
    for bad in (True, 3, 29, 2.5, "20"):
        with pytest.raises(AcetenError, match="tt_bits"):
            search.Solver(tt_bits=bad)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant", "options", "deck"), [
    ("klaverjas", 4, "rotterdam", {"trump": "S"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "H"}, KLAVERJAS_16),
    ("klaverjas", 4, "amsterdam", {"trump": "S", "roem": "no"}, KLAVERJAS_16),
    ("brisca", 4, None, {"arrastre": "yes"}, BRISCA_16),
    ("brisca", 2, None, {"arrastre": "yes"}, BRISCA_12),
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 3, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 4, None, {}, CRUCE_16),
    ("cruce", 4, None, {"undertrump": "no"}, CRUCE_16),
    ("briscola", 3, None, {}, LATIN_12),
    ("briscola", 3, None, {"scoring": "tricks"}, LATIN_12),
    ("brisca", 3, None, {}, BRISCA_12),
    ("briscola", 2, None, {"draw": "after-play"}, LATIN_12),
    ("briscola", 4, None, {"teams": "none", "trump": "C"}, LATIN_12),
])
def test_duty_kernel_equals_plain_minimax(name, players, variant, options, deck):
    """Seats with duties (or none, where no kernel for plain play serves), the stock out: from
    every trick boundary with at most ``obliged.HAND_FROM`` tricks left the kernel for duties
    searches, here from positions all through the small deal (its roem, marriages, last-trick
    bonus and duty cascade against the engine's), for every root move, the value alone, the
    line and targets; and for another seat's side."""
    from aceten.search import obliged

    for seed in range(12):
        g = aceten.new_game(name, players=players, variant=variant, seed=400 + seed, deck=deck,
                            **options)
        rng = random.Random(seed)
        bid_to_play(g, rng)
        while g.stock:
            g.push(rng.choice(g.legal_moves()))
        for _ in range(seed % 9):
            if sum(g.hand(p).mask.bit_count() for p in range(players)) <= players:
                break  # keep the last trick to search
            g.push(rng.choice(g.legal_moves()))
        if not obliged.applies(*_arrays(g)):
            g.push(rng.choice(g.legal_moves()))  # Cruce: the first card sets the trump
        assert obliged.applies(*_arrays(g))
        result = solve(g)
        expected = reference_values(g, result.objective)
        assert {str(m.move): m.value for m in result.moves} == expected, (seed, g.moves)
        line = g.copy()
        for move in result.pv:
            line.push(move)
        team = g.team_of(g.to_move)
        assert line.is_over() and side_score(line, team, result.objective) == result.value
        assert solve(g, target=result.value) and not solve(g, target=result.value + 1)
        assert solve(g, moves=False).value == result.value
        other = (g.to_move + 1) % players  # another seat's side maximising, the mover against it
        theirs = g.team_of(other)
        assert solve(g, moves=False, side=other).value == \
            side_score(g, theirs, result.objective) + minimax(g, theirs, result.objective, False, {})


@pytest.mark.parametrize(("name", "players", "options"), [
    ("cruce", 2, {"bidding": "no"}), ("cruce", 3, {"bidding": "no"}), ("cruce", 4, {}),
    ("klaverjas", 4, {"variant": "rotterdam"}), ("brisca", 4, {"arrastre": "yes"}),
])
def test_duty_kernels_two_trick_loops_equal_plain_minimax(name, players, options):
    """With two tricks left the kernel for duties searches by nested loops (``obliged._two``):
    full decks, three or two tricks left and 0 to all but one card of the trick played, every
    move's value equals the plain minimax's; in Cruce some positions have the leader of the
    last-but-one trick holding a king and queen of one suit (a marriage led there)."""
    checked = married = 0
    for seed in range(40):
        g = aceten.new_game(name, players=players, seed=900 + seed, **options)
        rng = random.Random(seed)
        bid_to_play(g, rng)
        left = 2 if seed % 2 else 3
        while sum(len(g.hand(p)) for p in range(players)) > left * players + seed % players \
                or g.stock:
            g.push(rng.choice(g.legal_moves()))
        if g.is_over():
            continue
        if sum(len(g.hand(p)) for p in range(players)) <= players:
            continue  # the last trick alone: no loops to check
        hand = {str(c) for c in g.hand(g.to_move)}
        married += any(f"K{s}" in hand and f"Q{s}" in hand for s in "RVGD")
        expected = reference_values(g, "points")
        assert {str(m.move): m.value for m in solve(g).moves} == expected, (seed, g.moves)
        checked += 1
    assert checked >= 30
    if name == "cruce":
        assert married >= 1


def test_work_counts_the_kernel_for_duties_nodes_half():
    """``Solution.work``, what the bots' node budgets count: every node, but the kernel for
    duties' (cheaper) half."""
    g = aceten.new_game("klaverjas", seed=5, trump="S")
    for _ in range(12):
        g.push(g.legal_moves()[0])
    result = solve(g, moves=False)
    duty = result.stats["duty_nodes"]
    assert 0 < duty <= result.nodes and result.work == result.nodes - duty // 2
    plain = solve(aceten.new_game("briscola", players=2, seed=1, deck="AS 3S KS 2S AC 3C KC 2C"))
    assert plain.stats["duty_nodes"] == 0 and plain.work == plain.nodes


# a found failure, kept: 2026-11-29, a tried version of the kernel for duties that merged
# equivalent cards read each card's weaker suit mates before every card's power was known, and
# valued JC here at 97 instead of 107 (no random position of the test below caught it)
AMSTERDAM_29 = ("klaverjas", "amsterdam", 29, "trump:H KD 7D 7H AD AS 9S 7S JS QS 8H TH 8S JH "
                "9D QC QH 9H JD TC KH KC KS")
# a found failure, kept: 2026-11-29, the kernel's bound on the roem still possible counted each
# suit's longest run only, so the clubs here (7 8 and T J Q K A: two runs to come) were bounded
# at 50 roem instead of 100 and it cut a line short; pimc's sampled deals met it, the random
# positions of these tests did not
AMSTERDAM_SAMPLED = (("9C QC 8D AD 9H TD KD JS", "8C TC AC 7D JH 9S QS 7S",
                      "7C JD QD 8H AH KS TH 8S", "7H AS QH 9D KC KH JC TS"),
                     "trump:H 8D 7D JD 9D AH 7H 9H JH AC 7C KC 9C TC 8H JC QC QD KH AD 8C")


def _dealt(name: str, variant: str, hands: tuple[str, ...], moves: str) -> Game:
    """A deal of these hands (no stock) with these moves played."""
    from aceten.game import Deal

    rules = aceten.new_game(name, variant=variant, seed=1).rules
    g = Game(rules, deal=Deal(tuple(tuple(rules.parse_card(c) for c in h.split())
                                    for h in hands), ()))
    for move in moves.split():
        g.push(move)
    return g


@pytest.mark.parametrize("variant", ["rotterdam", "amsterdam"])
def test_duty_kernels_bound_on_what_is_left_equals_the_general_searchs(variant):
    """At every trick boundary of random Klaverjas deals, the kernel for duties' bound on what
    is still to be won (card points, the last trick's bonus, the roem still possible:
    ``obliged._still_to_win``) equals the general search's (``dds.future_bound``), which is
    the one it tightens its cap to; and at the found failure, where it once counted one run a
    suit."""
    from aceten.search import endgame, obliged
    from aceten.search.encoding import encode_game, encode_rules
    from aceten.search.solver import _stock_suffixes

    games = [_dealt("klaverjas", variant, *AMSTERDAM_SAMPLED)]
    for seed in range(120):
        g = aceten.new_game("klaverjas", variant=variant, seed=1200 + seed, trump="SHCD"[seed % 4])
        rng = random.Random(seed)
        for _ in range(4 * rng.randrange(8)):
            g.push(rng.choice(g.legal_moves()))
        games.append(g)
    for g in games:
        enc = encode_rules(g.rules)
        S = encode_game(g)
        E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
        endgame.setup(E, enc.R, enc.T, enc.ORD, S, 1)
        hands = [int(S[search.dds.S_HAND + seat]) for seat in range(4)]
        left = len(g.hand(0))
        bound = obliged._still_to_win(E, *hands, left, 1 << 40)
        assert bound == search.dds.future_bound(S, enc.R, enc.T, _stock_suffixes(S)), g.moves


@pytest.mark.parametrize("name, players, options", [("cruce", 2, {}), ("cruce", 3, {}),
                                                    ("brisca", 2, {"arrastre": True})])
def test_duty_kernels_masters_and_quick_tricks_are_the_general_searchs(name, players, options):
    """The leads the kernel for duties tries first with two or three seats (``endgame.above_all``:
    the leader's cards above every card of their suit the others hold) are the general
    search's master leads (``dds.lead_masters``), and the leader's quick tricks it bounds with
    (``obliged.quick_tricks`` on its registers) are the general search's (``dds.leader_sure``
    on the position), at every trick
    boundary after the stock of random full deals, card points and tricks."""
    from aceten.search import endgame, obliged
    from aceten.search.encoding import encode_game, encode_rules

    seen = 0
    for seed in range(40):
        g = aceten.new_game(name, players=players, seed=1500 + seed, **options)
        rng = random.Random(seed)
        bid_to_play(g, rng)
        while not g.is_over():
            S = encode_game(g)
            if g.cards_left % players == 0 and not g.stock and len(g.trick) == 0 and g.trump is not None:
                enc = encode_rules(g.rules)
                E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
                endgame.setup(E, enc.R, enc.T, enc.ORD, S, 1)
                hands = [int(S[search.dds.S_HAND + seat]) for seat in range(players)]
                mine = hands[g.to_move]
                others = sum(hands) - mine
                assert E[endgame.E_OBLIGED + obliged.E_OMISC, obliged.O_MASTERS] == (2 if players == 2 else 1)
                masters = search.dds.lead_masters(S, enc.R, enc.ORD)
                assert endgame.above_all(E, mine, others) == masters, g.moves
                for objective in (0, 1):  # card points, then tricks
                    S[search.dds.S_OBJ] = objective
                    endgame.setup(E, enc.R, enc.T, enc.ORD, S, 1)
                    quick = search.dds.leader_sure(S, enc.R, enc.ORD, E)
                    others = [hands[(g.to_move + k) % players] for k in range(1, players)]
                    got = obliged.quick_tricks(E, players, int(S[search.dds.S_TRUMP]), objective, mine,
                                               *others, *[0] * (4 - players), masters)
                    assert got == quick >= 0, g.moves
                seen += 1
            g.push(rng.choice(g.legal_moves()))
    assert seen > 100


@pytest.mark.parametrize("name, players", [("briscola", 2), ("briscola", 3), ("briscola", 4),
                                           ("brisca", 2), ("brisca", 3), ("cruce", 2)])
def test_kernels_order_cards_by_the_general_searchs_rules(name, players):
    """The move-order rules the kernels share with the general search, on the kernels' card
    tables against the general search's state, at every position of random full deals: a lead
    sure to win its trick where no duty binds (``endgame.sure_winners`` and ``dds.sure_leads``),
    what the last hand can bring to a trick (``endgame.top_power`` and ``dds.last_reach``), and
    the king and queen a marriage lead would score with (``kernels.mates``, by the rules'
    ``lead_bonus``). The kernels read the rows ``endgame.setup`` fills; the general search
    reads the rules' tables."""
    from aceten.search import endgame
    from aceten.search.encoding import encode_game, encode_rules
    from aceten.search.kernels import mates

    step = search.solver._kernels()[1]
    sure_seen = reach_seen = mates_seen = 0
    for seed in range(30):
        g = aceten.new_game(name, players=players, seed=2100 + seed)
        rng = random.Random(seed)
        bid_to_play(g, rng)
        enc = encode_rules(g.rules)
        while not g.is_over():
            S = encode_game(g)
            if int(S[search.dds.S_TRUMP]) >= 0:
                E = np.zeros((endgame.ROWS, 64), dtype=np.int64)
                endgame.setup(E, enc.R, enc.T, enc.ORD, S, 1)
                hands = [int(S[search.dds.S_HAND + seat]) for seat in range(players)]
                mover = g.to_move
                mine = hands[mover]
                if len(g.trick) == 0 and players < 4:  # (four seats lead by the history)
                    sure = search.dds.sure_leads(S, enc.R, enc.ORD)
                    duties = g.rules.obligations
                    binds = bool(duties.parts) and (duties.when == "always" or not g.stock)
                    if not binds:
                        assert endgame.sure_winners(E, mine, sum(hands) - mine) == sure, g.moves
                        sure_seen += sure != 0
                    else:
                        assert sure == 0, g.moves
                elif len(g.trick) > 0:
                    led = int(S[search.dds.S_TRICK]) >> 4 & 3
                    trump = int(S[search.dds.S_TRUMP])
                    for seat in range(players):
                        got = endgame.top_power(E, endgame.E_PW + led, hands[seat])
                        want = search.dds.last_reach(S, enc.T, seat, led, trump)
                        assert got == want, g.moves
                        reach_seen += want >= 0
                married = 0
                for card in g.hand(mover):
                    b = int(card) & 63
                    S2 = S.copy()
                    S2[search.dds.S_HAND + mover] &= ~(1 << b)
                    if int(step.lead_bonus(S2, mover, b, enc.R, enc.T)) > 0:
                        married |= 1 << b
                if g.rules.name == "cruce":
                    assert mates(mine) == married, g.moves
                    mates_seen += married != 0
            g.push(rng.choice(g.legal_moves()))
    assert (sure_seen > 20 or players == 4) and reach_seen > 100
    if name == "cruce":
        assert mates_seen > 5


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["rotterdam", "amsterdam"])
def test_duty_kernel_equals_plain_minimax_late_in_full_deals(variant):
    """The 32-card deck, three or two tricks left (and 0-3 cards of the trick played): every
    move's value equals the plain minimax's, on random deals and trumps, and at a found
    failure."""
    positions = []
    for seed in range(60):
        g = aceten.new_game("klaverjas", variant=variant, seed=800 + seed, trump="SHCD"[seed % 4])
        rng = random.Random(seed)
        for _ in range(18 + seed % 6):
            g.push(rng.choice(g.legal_moves()))
        positions.append(g)
    name, found_variant, seed, moves = AMSTERDAM_29
    if variant == found_variant:
        g = aceten.new_game(name, variant=variant, seed=seed)
        for move in moves.split():
            g.push(move)
        positions.append(g)
        positions.append(_dealt("klaverjas", variant, *AMSTERDAM_SAMPLED))
    for g in positions:
        expected = reference_values(g, "points")
        assert {str(m.move): m.value for m in solve(g).moves} == expected, g.moves


def _answers(solver: Any, g: Game) -> tuple[Any, ...]:
    """What one solver says of position g: every move's value, the value alone, the value for
    the next seat's side, and targets at the value and one above it."""
    result = solver.solve(g)
    return ({str(m.move): m.value for m in result.moves},
            solver.solve(g, moves=False).value,
            solver.solve(g, moves=False, side=(g.to_move + 1) % g.players).value,
            solver.solve(g, target=result.value).reached,
            solver.solve(g, target=result.value + 1).reached)


@pytest.mark.slow
def test_duty_kernel_equals_the_general_search_on_full_deals(monkeypatch):
    """Full decks, too big for the plain minimax: with the kernel for duties, every move's
    value equals the general search's with the kernel switched off, in both Klaverjas variants
    from positions all through the deal, in Cruce of two to four seats and in 4-player arrastre
    Brisca, as do the value for another seat's side and zero-window targets."""
    from aceten.search import endgame, obliged
    from aceten.search.solver import Solver

    positions = []
    for variant in ("rotterdam", "amsterdam"):
        for seed in range(8):
            g = aceten.new_game("klaverjas", variant=variant, seed=500 + seed, trump="SHCD"[seed % 4])
            rng = random.Random(seed)
            for _ in range(4 + 2 * seed + seed % 4):
                g.push(rng.choice(g.legal_moves()))
            positions.append(g)
    for seed in range(2):
        g = aceten.new_game("brisca", players=4, seed=600 + seed, arrastre="yes")
        rng = random.Random(seed)
        for _ in range(25 + 3 * seed):
            g.push(rng.choice(g.legal_moves()))
        positions.append(g)
    for players, played in ((2, (1, 5, 13, 14)), (3, (1, 4, 8)), (4, (1, 3, 6))):
        for seed, count in enumerate(played):  # Cruce from its first card on (the trump set)
            g = aceten.new_game("cruce", players=players, seed=700 + seed, bidding="no")
            rng = random.Random(seed)
            for _ in range(count):
                g.push(rng.choice(g.legal_moves()))
            positions.append(g)

    def values() -> list[tuple[Any, ...]]:
        endgame._PREPARED.clear()
        solver = Solver(threads=1)
        return [_answers(solver, g) for g in positions]

    with_kernel = values()
    monkeypatch.setattr(obliged, "applies", lambda R, S: False)
    assert values() == with_kernel
    endgame._PREPARED.clear()


def _played_to_first_card(name: str, players: int, seed: int, **options: Any) -> Game:
    """A deal with its bids made (by random seats, never all passing), at its first card."""
    g = aceten.new_game(name, players=players, seed=seed, **options)
    bid_to_play(g, random.Random(seed))
    return g


def test_first_card_roots_apply_where_the_trump_is_named_by_it():
    """Each first card is its own root (``search/first_card.py``) where it names trump and the
    kernel for duties takes the last tricks once it is known: Cruce at its first card, with
    two to four seats; not after the first card, nor games whose trump is known, nor
    cooperative play."""
    from aceten.search import first_card

    for players in (2, 3, 4):
        g = _played_to_first_card("cruce", players, 1)
        assert first_card.applies(*_arrays(g))
        R, S = _arrays(g)
        S[search.dds.S_COOP] = 1
        assert not first_card.applies(R, S)
        g.push(g.legal_moves()[0])
        assert not first_card.applies(*_arrays(g))
    for g in (aceten.new_game("klaverjas", seed=1, trump="H"),
              aceten.new_game("brisca", players=2, seed=1, arrastre="yes"),
              aceten.new_game("briscola", players=2, seed=1)):
        assert not first_card.applies(*_arrays(g)), g.rules


def test_first_cards_are_ordered_suit_by_suit():
    """The likeliest best first card first, and the cards of one suit (one trump) together,
    even where two suits are worth the same as trump: the kernel's table serves the first cards
    of one suit, and a solve under another trump starts it afresh."""
    from aceten.search import first_card

    for players in (2, 3, 4):
        for seed in range(60):
            g = _played_to_first_card("cruce", players, seed)
            order = first_card.likely_best_first(g, list(g.legal_moves()))
            assert sorted(map(str, order)) == sorted(map(str, g.legal_moves()))
            runs = [m.suit for i, m in enumerate(order) if i == 0 or order[i - 1].suit != m.suit]
            assert len(runs) == len(set(runs)), (players, seed, [str(m) for m in order])


@pytest.mark.parametrize("maxing", [True, False])
def test_first_cards_each_solved_start_near_the_best_so_far(maxing):
    """With every first card valued, each card after the first is solved with the best value so
    far as the one its probes step from; with tests, a card that beats them is solved afresh."""
    from aceten.search import first_card

    values = {"a": 50, "b": 70, "c": 60, "d": 80} if maxing else \
        {"a": 50, "b": 30, "c": 40, "d": 20}
    asked: list[tuple[str, int | None]] = []

    def exact(move, near):
        asked.append((move, near))
        return values[move]

    def reaches(move, bound):
        return values[move] >= bound

    solved, top = first_card.best(list("abcd"), maxing, True, exact, reaches)
    assert top == (("d", 80) if maxing else ("d", 20))
    assert solved == list(values.items())
    assert asked == ([("a", None), ("b", 50), ("c", 70), ("d", 70)] if maxing else
                     [("a", None), ("b", 50), ("c", 30), ("d", 30)])
    asked.clear()
    solved, top = first_card.best(list("abcd"), maxing, False, exact, reaches)
    assert top == (("d", 80) if maxing else ("d", 20))
    assert asked == [("a", None), ("b", None), ("d", None)]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options", "deck", "deals"), [
    (2, {"bidding": "no"}, CRUCE_12, 8),
    (2, {"bidding": "no"}, CRUCE_18, 1),  # the stock's tricks before the duties (a minute)
    (3, {}, CRUCE_12, 8),
    (4, {"undertrump": "no"}, CRUCE_16, 6),
])
def test_first_card_roots_equal_plain_minimax(players, options, deck, deals):
    """Each first card searched as its own root, on small decks: every first card's value, the
    value alone, the line and targets, and the value and targets for another seat's side (every
    other seat against it) equal the plain minimax's."""
    from aceten.search import first_card

    for seed in range(deals):
        g = _played_to_first_card("cruce", players, 900 + seed, deck=deck, **options)
        assert first_card.applies(*_arrays(g))
        result = solve(g)
        expected = reference_values(g, "points")
        assert {str(m.move): m.value for m in result.moves} == expected, (seed, g.moves)
        assert [str(m.move) for m in result.moves] == [str(m) for m in g.legal_moves()]
        assert all(m.loss == result.value - m.value for m in result.moves)
        team = g.team_of(g.to_move)
        line = g.copy()
        for move in result.pv:
            line.push(move)
        assert line.is_over() and side_score(line, team, "points") == result.value
        assert result.pv_tricks == sum(line.tricks_won[s] for s in g.teams[team])
        assert solve(g, moves=False).value == result.value
        assert solve(g, target=result.value) and not solve(g, target=result.value + 1)
        other = (g.to_move + 1) % players
        theirs = g.team_of(other)
        value = side_score(g, theirs, "points") + minimax(g, theirs, "points", False, {})
        assert solve(g, moves=False, side=other).value == value
        assert solve(g, target=value, side=other) and not solve(g, target=value + 1, side=other)


@pytest.mark.slow
def test_first_card_roots_equal_the_general_search_on_full_deals(monkeypatch):
    """Full Cruce deals of two to four seats at their first card: searched one first card at a
    time or by the general search alone, the same values of every card, for another seat's side
    and at targets."""
    from aceten.search import first_card
    from aceten.search.solver import Solver

    positions = [_played_to_first_card("cruce", 2, 950 + seed) for seed in range(2)]
    positions += [_played_to_first_card("cruce", 3, 960 + seed) for seed in range(4)]
    positions += [_played_to_first_card("cruce", 4, 970 + seed) for seed in range(4)]

    def values() -> list[tuple[Any, ...]]:
        solver = Solver(threads=1)
        return [_answers(solver, g) for g in positions]

    by_first_card = values()
    monkeypatch.setattr(first_card, "applies", lambda R, S: False)
    assert values() == by_first_card


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant", "options", "played"), [
    ("klaverjas", 4, "amsterdam", {"trump": "H"}, 10),  # the kernel for duties
    ("cruce", 3, None, {"bidding": "no"}, 9),
    ("briscola", 2, None, {}, 22),  # the two-seat kernel, the stock drawn
    ("briscola", 4, None, {}, 26),  # the endgame kernel
])
def test_one_solver_over_the_deals_of_a_decision_equals_a_fresh_one_each(
        name, players, variant, options, played):
    """pimc's and the searcher's use: one solver solves deal after deal sampled for one
    decision, its kernels' table kept from deal to deal where the rules, trump, side and stock
    are the same; every move's value equals a fresh solver's."""
    from aceten.agents.pimc import public_moves
    from aceten.knowledge import Knowledge
    from aceten.search.solver import Solver

    g = aceten.new_game(name, players=players, variant=variant, seed=31, **options)
    rng = random.Random(31)
    for _ in range(played):
        g.push(rng.choice(g.legal_moves()))
    view = g.view(g.to_move)
    deals = []
    for deal in Knowledge.from_view(view).sample(12, rng=random.Random(5)):
        sampled = Game(view.rules, deal=deal)
        for move in public_moves(view):
            sampled.push(move)
        deals.append(sampled)
    shared = Solver(threads=1)
    for sampled in deals:
        got = {str(m.move): m.value for m in shared.solve(sampled).moves}
        assert got == {str(m.move): m.value for m in Solver(threads=1).solve(sampled).moves}
        assert shared.solve(sampled, moves=False, side=(g.to_move + 1) % players).value == \
            Solver(threads=1).solve(sampled, moves=False, side=(g.to_move + 1) % players).value


def test_one_solver_keeps_no_endgame_across_stock_orders():
    """Two deals alike but for the order of two stock cards, solved one after the other by one
    solver: the two-seat kernel's positions (hands, cards drawn, leader) are the same in both,
    their futures not, so its table starts afresh; each deal's values equal a fresh solver's."""
    import dataclasses

    from aceten.search.solver import Solver

    g = aceten.new_game("briscola", players=2, seed=7)
    stock = list(g.deal.stock)
    stock[-3], stock[-2] = stock[-2], stock[-3]  # the last two cards drawn before the face-up one
    other = Game(g.rules, deal=dataclasses.replace(g.deal, stock=tuple(stock)))
    shared = Solver(threads=1)
    for deal in (g, other, g):
        assert {str(m.move): m.value for m in shared.solve(deal).moves} == \
            {str(m.move): m.value for m in Solver(threads=1).solve(deal).moves}


@pytest.mark.slow
def test_four_player_full_deal_agrees_with_itself():
    """A whole 4-player Briscola deal (too big for the plain minimax): killer leads and the
    transposition cut-offs at the last card are used, and every move's value, the value alone,
    the principal variation and the zero-window answers agree."""
    g = aceten.new_game("briscola", players=4, seed=0)
    result = solve(g)
    assert result.stats["etc_cutoffs"] > 0
    assert result.value == max(m.value for m in result.moves) == solve(g, moves=False).value
    line = g.copy()
    for move in result.pv:
        line.push(move)
    assert side_score(line, g.rules.seat_team[g.to_move], "points") == result.value
    assert solve(g, target=result.value) and not solve(g, target=result.value + 1)
    for m in result.moves[:2]:
        g.push(m.move)  # the next seat is an opponent: its best reply leaves the mover m.value
        reply = solve(g, moves=False)
        assert 120 - reply.value == m.value
        g.pop()


@pytest.mark.parametrize("name, players, variant, options, deck", [
    ("briscola", 3, None, {}, LATIN_12),
    ("cruce", 4, None, {"bidding": "no"}, CRUCE_16),
    ("klaverjas", 4, "rotterdam", {"trump": "H"}, KLAVERJAS_16),
])
def test_cooperative_value_is_the_best_any_play_gives_and_bounds_the_adversarial(
        name, players, variant, options, deck):
    for seed in range(6):
        g = random_position(name, players, variant, options, deck, seed)
        adversarial = solve(g)
        cooperative = solve(g, cooperative=True)
        expected = reference_values(g, "points", coop=True)
        assert {str(m.move): m.value for m in cooperative.moves} == expected
        assert adversarial.value <= cooperative.value


def test_objective_tricks_counts_tricks():
    for seed in range(8):
        g = random_position("cruce", 3, None, {"bidding": "no"}, CRUCE_12, seed)
        result = solve(g, objective="tricks")
        assert {str(m.move): m.value for m in result.moves} == reference_values(g, "tricks")


def test_value_without_move_values_is_the_same():
    for seed in range(6):
        g = random_position("brisca", 4, None, {"arrastre": "yes"}, BRISCA_16, seed)
        full = solve(g)
        quick = solve(g, moves=False)
        assert quick.value == full.value and quick.moves == ()
        assert quick.pv[0] in full.best_moves


def gallop(value: int, upper: int, guess: int, rng: random.Random,
           most: int = 0, climb: int = 0) -> tuple[int, int]:
    """A root move's value found by ``dds.gallop_start``/``probe_next`` against honest
    fail-soft probes of a known ``value`` (each returns a true bound, at or past the window by
    a random slack); returns (value found, probes made)."""
    from aceten.search import dds

    W = np.empty(dds.W_SIZE, dtype=np.int64)
    t = int(dds.gallop_start(W, 0, upper, guess, most, climb))
    probes = 0
    while t > 0:
        assert W[dds.W_LOWER] < t <= W[dds.W_UPPER]  # each probe asks something not yet known
        g = rng.randint(t, value) if value >= t else rng.randint(value, t - 1)
        t = int(dds.probe_next(W, t, g))
        probes += 1
        if t > 0 and most > 0:  # no step longer than ``most`` until the value is bracketed
            way = W[dds.W_WAY]  # (0: a first guess failed low, and the climb starts at 1)
            assert way == 2 or (t - W[dds.W_LOWER] if way in (0, 1)
                                else W[dds.W_UPPER] + 1 - t) <= most
    return int(W[dds.W_LOWER]), probes


def test_root_move_probes_find_every_value_from_every_guess():
    from aceten.search import dds

    rng = random.Random(7)
    upper = 40
    for climb in (0, 1):
        for most in (0, 4, dds.ROEM_STEP):
            for value in range(upper + 1):
                for guess in range(-3, upper + 4):
                    found, probes = gallop(value, upper, guess, rng, most, climb)
                    assert found == value, (value, guess, most, climb)
                    assert probes <= 14
    # with roem the steps stop growing at ROEM_STEP: a value 60 above the guess is bracketed
    # by probes at most that far apart (1, 3, 9, 16, 16, 16, ...)
    assert gallop(160, 400, 100, random.Random(0), dds.ROEM_STEP)[0] == 160
    # the probes step from the guess: a move worth the best value so far costs two probes
    tight = random.Random(0)
    assert gallop(25, 400, 25, tight)[1] <= 2 and gallop(24, 400, 25, tight)[1] <= 3


def value_probes(value: int, upper: int, guess: int, step: int,
                 rng: random.Random | None, climb: int = 0) -> tuple[int, list[int]]:
    """The value found by ``dds.exact_start``/``probe_next``'s probes (as ``dds.exact_value``
    drives them) against honest fail-soft probes of a known ``value`` (each returns a true
    bound, at or past the window by a random slack; with no ``rng``, at the window); returns
    (the value found, the thresholds probed)."""
    from aceten.search import dds

    W = np.empty(dds.W_SIZE, dtype=np.int64)
    t = int(dds.exact_start(W, 0, upper, guess, step, climb))
    thresholds = []
    while t > 0:
        assert W[dds.W_LOWER] < t <= W[dds.W_UPPER]  # each probe asks something not yet known
        if thresholds and W[dds.W_PLAN] == dds.PLAN_HALVE:  # halving after the guess: never
            assert step == 0 or t <= W[dds.W_LOWER] + step  # more than ``step`` above the floor
        thresholds.append(t)
        if value >= t:
            g = rng.randint(t, value) if rng else t
        else:
            g = rng.randint(value, t - 1) if rng else t - 1
        t = int(dds.probe_next(W, t, g))
    return int(W[dds.W_LOWER]), thresholds


def test_value_probes_find_every_value_and_step_up_where_roem_loosens_the_bound():
    from aceten.search import dds
    from aceten.search.encoding import encode_rules

    rng = random.Random(11)
    for climb in (0, 1):
        for step in (0, dds.ROEM_STEP):
            for value in range(0, 121, 3):
                for guess in (-1, 0, 40, 60, 119, 130):
                    assert value_probes(value, 120, guess, step, rng, climb)[0] == value
    # a bound of 400 points (roem) on a value of 90: halving would probe 238 next, far above it
    assert value_probes(90, 400, 76, 0, None)[1][1] == 238
    assert value_probes(90, 400, 76, dds.ROEM_STEP, None)[1][1] == 76 + dds.ROEM_STEP
    klaverjas = aceten.new_game("klaverjas", seed=1)
    briscola = aceten.new_game("briscola", players=4, seed=1)
    assert dds.probe_step(encode_rules(klaverjas.rules).R) == dds.ROEM_STEP
    assert dds.probe_step(encode_rules(briscola.rules).R) == 0


def test_an_outnumbered_side_s_guess_that_fails_low_is_followed_by_probes_from_the_floor():
    """A lone seat of three: half the points failed, the value may lie far under, and a probe
    far above a value is dear, so the next probes climb from 0 (1, 2, 5, 14, ...) rather than
    halve down to 30; a guess that holds is followed by halving as before; the first root move
    (nothing known but the guess) climbs the same way. A side with half the seats halves (and
    its root moves step down from the guess) as before."""
    from aceten.search import dds
    from aceten.search.encoding import encode_game, encode_rules
    from aceten.search.solver import _mark_side

    assert value_probes(5, 120, 60, 0, None, 1) == (5, [60, 1, 2, 5, 14, 9, 7, 6])
    assert value_probes(57, 120, 60, 0, None, 1)[1][:5] == [60, 1, 2, 5, 14]
    assert value_probes(90, 120, 60, 0, None, 1)[1][:2] == [60, 90]
    assert value_probes(5, 120, 60, 0, None, 0)[1][:3] == [60, 30, 15]
    W = np.empty(dds.W_SIZE, dtype=np.int64)
    assert dds.gallop_start(W, 0, 120, 60, 0, 1) == 60 and dds.probe_next(W, 60, 59) == 1
    assert dds.gallop_start(W, 0, 120, 60, 0, 0) == 60 and dds.probe_next(W, 60, 59) == 59
    for players, outnumbered in ((2, 0), (3, 1), (4, 0)):
        g = aceten.new_game("briscola", players=players, seed=3)
        S = encode_game(g)
        _mark_side(S, g.team_of(g.to_move), "points", False)
        assert dds.climbs(S, encode_rules(g.rules).R) == outnumbered
        _mark_side(S, g.team_of(g.to_move), "points", True)  # every seat plays for the side
        assert dds.climbs(S, encode_rules(g.rules).R) == 0


def window_search(g: Game, alpha: int, beta: int) -> int:
    """The kernels' fail-soft alpha-beta of ``g``'s position in the window (alpha, beta), one
    thread, a fresh table: what the mover's side still wins, exact where inside the window."""
    from aceten.search import solver as sv

    s = sv.Solver(threads=1)
    enc = sv.encode_rules(g.rules)
    S = sv.encode_game(g)
    sv._mark_side(S, g.team_of(g.to_move), sv._objective(g, None), False)
    table, gen = s._table_for(g)
    run = sv._Search(enc, S, table, gen, s._endgame_for(enc.R, S), s._workers, s._control, None)
    return int(run.dds.alphabeta_alone(S, alpha, beta, 0, *run.args[0], run.control))


# found failures, kept: 2026-11-29, a table entry's exact value inside a wide window narrowed
# the window to nothing, and these Klaverjas positions (four tricks left) came out 46 for 47 and
# 30 for 31 in the windows (44, 50) and (-15, 62)
WIDE_WINDOW_FOUND = [
    (127, "trump:D 9D KD QD JC JD 7D 8D QC AS TD QS KS KC TC 8C KH", 44, 50),
    (181, "trump:H KC AC 8H QC JS 7S KS 8S QD 9D TD 7D 8D KD JH AD", -15, 62),
]


@pytest.mark.parametrize(("seed", "moves", "alpha", "beta"), WIDE_WINDOW_FOUND)
def test_kernels_are_exact_inside_the_wide_windows_found(seed, moves, alpha, beta):
    g = aceten.new_game("klaverjas", variant="rotterdam", seed=seed)
    for move in moves.split():
        g.push(move)
    value = solve(g, moves=False).future
    assert alpha < value < beta and window_search(g, alpha, beta) == value
    assert value == minimax(g, g.team_of(g.to_move), "points", False, {})


@pytest.mark.parametrize(("name", "players", "variant", "left"), [
    ("klaverjas", 4, "amsterdam", 5), ("klaverjas", 4, "rotterdam", 5),
    ("cruce", 3, None, 5), ("cruce", 2, None, 6), ("briscola", 2, None, 6),
    ("briscola", 4, None, 5), ("brisca", 4, None, 5),
])
def test_kernels_are_exact_inside_wide_windows(name, players, variant, left):
    """The solver only ever probes zero windows, but every kernel is fail-soft alpha-beta, exact
    inside any window: a wide window's value equals the solver's wherever it lies inside it
    (random positions with ``left`` tricks to play; the found failures above)."""
    rng = random.Random(5)
    for seed in range(30):
        g = aceten.new_game(name, players=players, variant=variant, seed=seed)
        moves = random.Random(seed)
        bid_to_play(g, moves)
        while sum(len(g.hand(p)) for p in range(players)) + len(g.stock) > left * players:
            g.push(moves.choice(g.legal_moves()))
        value = solve(g, moves=False).future
        for _ in range(6):
            alpha, beta = value - rng.randint(1, 60), value + rng.randint(1, 60)
            assert window_search(g, alpha, beta) == value, (seed, alpha, beta)


def test_brisca_exchange_is_a_move_with_a_value():
    rules = aceten.rules.get("brisca", players=2, deck=BRISCA_12)
    for seed in range(40):
        g = Game(rules, seed=seed)
        exchanges = [m for m in g.legal_moves() if isinstance(m, aceten.Exchange)]
        if exchanges:
            result = solve(g)
            assert str(exchanges[0]) in {str(m.move) for m in result.moves}
            assert {str(m.move): m.value for m in result.moves} == reference_values(g, "points")
            return
    pytest.fail("no deal of 40 offered an exchange")


def test_full_deals_solve_and_the_line_keeps_the_value():
    for name, players, variant in (("briscola", 2, None), ("cruce", 4, None),
                                   ("klaverjas", 4, "amsterdam"), ("brisca", 2, None)):
        g = aceten.new_game(name, players=players, variant=variant, seed=5)
        while g.phase != "play":
            g.push(g.legal_moves()[0])
        result = solve(g, moves=False)
        line = g.copy()
        for move in result.pv:
            line.push(move)
        team = g.rules.seat_team[g.to_move]
        assert side_score(line, team, "points") == result.value
        if name in ("briscola", "brisca"):
            assert 0 <= result.value <= 120


def test_value_counts_what_the_side_has_already_won():
    g = aceten.new_game("briscola", players=2, seed=3, deck=LATIN_12)
    for _ in range(4):
        g.push(g.legal_moves()[0])
    result = solve(g)
    team = g.rules.seat_team[g.to_move]
    assert result.scored == side_score(g, team, "points")
    assert result.value == result.scored + result.future
    assert result.as_dict()["value"] == result.value


# -- bad input -----------------------------------------------------------------------------------
def test_a_view_is_not_perfect_information():
    g = aceten.new_game("briscola", seed=1)
    with pytest.raises(AcetenError, match=r"perfect-information.*aceten ask"):
        solve(g.view(0))


def test_a_record_with_unknown_cards_is_refused():
    g = aceten.new_game("briscola", seed=1)
    g.push(g.legal_moves()[0])
    text = aceten.record.dumps(g, seat=1)
    with pytest.raises(AcetenError, match=r"unknown cards \(\?\?\).*aceten ask"):
        solve(aceten.record.parse(text))


def test_a_finished_deal_has_nothing_to_solve():
    g = aceten.new_game("briscola", players=2, seed=1, deck="AS 3S KS 2S AC 3C KC 2C")
    while not g.is_over():
        g.push(g.legal_moves()[0])
    with pytest.raises(AcetenError, match="over"):
        solve(g)


def test_bidding_and_trump_calls_come_first():
    with pytest.raises(AcetenError, match="trump call"):
        solve(aceten.new_game("klaverjas", seed=1))
    with pytest.raises(AcetenError, match="bidding"):
        solve(aceten.new_game("cruce", players=4, seed=1))


SIDE_CONFIGS = [  # the games whose bonuses are not constant-sum, and a plain one
    ("cruce", 2, None, {"bidding": "no"}, CRUCE_12),
    ("cruce", 3, None, {"bidding": "no"}, CRUCE_12),
    ("klaverjas", 4, "amsterdam", {"trump": "S"}, KLAVERJAS_16),
    ("briscola", 4, None, {}, LATIN_16),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "variant", "options", "deck"), SIDE_CONFIGS,
                         ids=[f"{c[0]}-{c[1]}" for c in SIDE_CONFIGS])
def test_value_for_another_side_equals_plain_minimax(name, players, variant, options, deck):
    """``side=``: the position valued for another seat's side than the mover's, every other
    seat playing against it, and its line keeps that value."""
    for seed in range(6):
        g = random_position(name, players, variant, options, deck, seed)
        for seat in range(players):
            team = g.team_of(seat)
            result = solve(g, moves=False, side=seat)
            expected = side_score(g, team, "points") + minimax(g, team, "points", False, {})
            assert result.value == expected, (seed, seat, g.moves)
            assert result.side == tuple(g.teams[team])
            line = g.copy()
            for move in result.pv:
                line.push(move)
            assert line.is_over() and side_score(line, team, "points") == expected
            assert solve(g, target=expected, side=seat)
            assert not solve(g, target=expected + 1, side=seat)


def test_bad_arguments():
    g = aceten.new_game("briscola", seed=1)
    with pytest.raises(AcetenError, match="objective"):
        solve(g, objective="style")
    with pytest.raises(AcetenError, match="target"):
        solve(g, target="lots")
    with pytest.raises(AcetenError, match="not a legal move"):
        solve(g, moves=True).value_of("ZZ")
    with pytest.raises(AcetenError, match="Game"):
        solve("briscola")
    with pytest.raises(AcetenError, match="a seat from 0 to 1"):
        solve(g, moves=False, side=2)
    with pytest.raises(AcetenError, match="moves=False"):
        solve(g, side=1 - g.to_move)  # every move valued: for the mover's side only


@pytest.mark.parametrize("players", [2, 3])
def test_adversarial_value_never_beats_the_logic_layers_cooperative_optimum(players):
    """``aceten ask`` answers "maximize points(P1)" over every play (all seats free): the
    solver's cooperative value is that optimum, and its adversarial value is at most that."""
    logic = pytest.importorskip("aceten.logic")
    pytest.importorskip("ortools")
    from aceten.logic import position

    for seed in range(3):
        g = aceten.new_game("briscola", players=players, seed=seed, deck=LATIN_12)
        data = {"game": "briscola", "players": players, "options": {"deck": LATIN_12},
                "leader": f"P{g.to_move + 1}", "trump": str(g.turned_card),
                "hands": {f"P{s + 1}": " ".join(map(str, g.deal.hands[s])) for s in range(players)},
                "stock": " ".join(map(str, g.deal.stock))}
        answer = logic.ask(position.from_dict(data), f"maximize points(P{g.to_move + 1})")
        assert answer.status == "optimum" and answer.proven
        assert solve(g, cooperative=True).value == answer.value
        assert solve(g).value <= answer.value
