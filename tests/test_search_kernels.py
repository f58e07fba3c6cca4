"""The numba kernels play by the engine's rules: legal moves and every transition of a deal are
compared with the engine on random positions of every game and variant, and the batch
simulator's games are the engine's games."""

from __future__ import annotations

import random

import numpy as np
import pytest

import aceten
from aceten import Game, agents
from aceten.agents.random_agent import auction_steps
from aceten.errors import AcetenError
from aceten.moves import AuctionBid

search = pytest.importorskip("aceten.search")
from aceten.rules import jit as core  # noqa: E402  (the step function, compiled)
from aceten.rules.layout import (  # noqa: E402
    S_BONUS,
    S_DRAWN,
    S_HAND,
    S_LEADER,
    S_POINTS,
    S_SLEN,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKS,
    S_TRUMP,
)
from aceten.search import batch  # noqa: E402
from aceten.search.encoding import (  # noqa: E402
    decode_move,
    encode_game,
    encode_rules,
    move_code,
)
from aceten.search.rng import (  # noqa: E402
    scratch,
    shuffle_plan,
    stream_below,
    stream_shuffle,
    stream_start,
)
from aceten.seeded import Stream  # noqa: E402

VARIANTS = [
    ("briscola", 2, None, {}), ("briscola", 3, None, {}), ("briscola", 4, None, {}),
    ("briscola", 2, None, {"draw": "after-play", "tie": "last-trick"}),
    ("briscola", 4, None, {"scoring": "tricks"}),
    ("brisca", 2, None, {}), ("brisca", 3, None, {"exchange_needs_trick": "yes"}),
    ("brisca", 2, None, {"arrastre": "yes"}), ("brisca", 4, None, {"arrastre": "yes"}),
    ("cruce", 2, None, {}), ("cruce", 3, None, {}), ("cruce", 4, None, {}),
    ("cruce", 4, None, {"undertrump": "no", "bidding": "no"}),
    ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {}),
    ("klaverjas", 4, "amsterdam", {"trump_choice": "free", "roem": "no"}),
    ("briscola", 6, None, {}), ("brisca", 6, None, {"arrastre": "yes"}),
    ("briscola", 5, "chiamata", {}),
    ("briscola", 5, "chiamata", {"lead": "caller", "cappotto": "yes", "point_bids": "no"}),
    # a shortened deck: some ranks lack a suit's card, which may then be neither bid nor called
    ("briscola", 5, "chiamata", {"deck": "AS 3S KS 2S HS JS AC 3C 2C HC AO KO 2O JO 7O 3B KB HB JB 7B"}),
]  # fmt: skip
IDS = [f"{g}-{n}-{v or ''}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for g, n, v, o in VARIANTS]


def kernel_view(S: np.ndarray, n: int) -> tuple:
    return (tuple(int(S[S_HAND + s]) for s in range(n)),
            tuple(int(c) for c in S[S_TRICK:S_TRICK + S[S_TLEN]]),
            int(S[S_LEADER]), int(S[S_TOMOVE]), int(S[S_TRUMP]),
            int(S[S_SLEN] - S[S_DRAWN]), tuple(int(S[S_POINTS + s]) for s in range(n)),
            tuple(int(S[S_BONUS + s]) for s in range(n)), tuple(int(S[S_TRICKS + s]) for s in range(n)))


def engine_view(g: Game) -> tuple:
    n = g.players
    return (tuple(g.hand(s).mask for s in range(n)), tuple(int(c) & 63 for c in g.trick), g.leader,
            g.to_move, -1 if g.trump is None else int(g.trump) & 3, len(g.stock), g.points,
            g.bonus, g.tricks_won)


@pytest.mark.parametrize(("name", "players", "variant", "options"), VARIANTS, ids=IDS)
def test_kernel_legal_moves_and_transitions_equal_the_engine(name, players, variant, options):
    rules = aceten.rules.get(name, players=players, variant=variant, **options)
    enc = encode_rules(rules)
    rng = random.Random(players)
    positions = 0
    for seed in range(12):
        g = Game(rules, seed=seed)
        while not g.is_over():
            moves = g.legal_moves()
            if g.phase == "play":
                S = encode_game(g)
                seat = g.to_move
                legal = core.legal_cards(S, S[S_HAND + seat], enc.R, enc.T)
                exchange = core.exchange_cards(S, enc.R, enc.T)
                mine = {decode_move(b, rules) for b in range(64) if legal >> b & 1}
                if exchange:
                    mine.add(decode_move(64 + int(exchange).bit_length() - 1, rules))
                assert mine == set(moves), (seed, g.moves)
                move = rng.choice(moves)
                core.play_move(S, move_code(move), enc.R, enc.T)
                g.push(move)
                assert kernel_view(S, players) == engine_view(g), (seed, g.moves)
                positions += 1
            else:
                g.push(rng.choice(moves))
    assert positions > 100


SEEDS = (0, 1, 7, -1, -(2**40), 2**31, 2**32 - 1, 2**32, 2**40 + 12345, 987654321 * 1_000_003 + 4,
         2**63 - 1)


def test_kernel_generator_is_the_engines():
    """search.rng computes aceten.seeded's numbers: below(n) for every kind of n, and shuffles."""
    sizes = [1, 2, 3, 5, 39, 40, 1000, 3, 2, 2**31 + 1, 2**32 - 1] * 40
    for seed in SEEDS:
        python = Stream(seed)
        state = stream_start(seed)
        kernel = []
        for k in sizes:
            r, state = stream_below(np.uint64(state), k)
            kernel.append(int(r))
        assert kernel == [python.below(k) for k in sizes], seed
        for size in (1, 2, 3, 21, 24, 32, 36, 40, 48, 52):
            cards = list(range(size))
            python.shuffle(cards)
            items = np.arange(size, dtype=np.int64)
            state = stream_shuffle(items, shuffle_plan(size), np.uint64(state), scratch())
            assert items.tolist() == cards, (seed, size)


def test_seeded_shuffle_and_below_are_uniform():
    """Every order of 4 cards and every value below 6 about equally often (chi-square, p ~ 1e-6)."""
    counts: dict[tuple[int, ...], int] = {}
    for seed in range(24_000):
        cards = [0, 1, 2, 3]
        Stream(seed).shuffle(cards)
        counts[tuple(cards)] = counts.get(tuple(cards), 0) + 1
    assert len(counts) == 24
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 60  # 23 degrees of freedom
    stream = Stream(3)
    dice = [0] * 6
    for _ in range(60_000):
        dice[stream.below(6)] += 1
    assert sum((c - 10_000) ** 2 / 10_000 for c in dice) < 35  # 5 degrees of freedom


@pytest.mark.parametrize(("name", "players", "variant", "options"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("bots", [("random",), ("greedy",), ("greedy", "random")],
                         ids=["random", "greedy", "mixed"])
def test_batch_games_are_the_engines_games_for_the_same_seeds(name, players, variant, options, bots):
    """The kernel deals and chooses exactly as `aceten simulate` does."""
    rules = aceten.rules.get(name, players=players, variant=variant, **options)
    games, seed = 6, 40
    result = batch.simulate(rules, games, seed=seed, bots=bots, log=games)
    seat_bots = [bots[s % len(bots)] for s in range(players)]
    for i in range(games):
        g = Game(rules, seed=seed + i)
        assert result.deal(i) == g.deal
        seats = [agents.get(seat_bots[s], seed=(seed + i) * 1_000_003 + s + 1) for s in range(players)]
        outcome = agents.play(g, seats)
        assert [str(m) for m in result.moves_of(i)] == [str(m) for m in g.moves]
        assert tuple(result.points[i]) == outcome.points
        assert tuple(result.tricks[i]) == outcome.tricks
        assert tuple(result.bonus[i]) == outcome.bonus
        assert tuple(result.team_points[i]) == outcome.team_points
        assert tuple(result.scores[i]) == outcome.scores
        assert tuple(result.seat_scores[i]) == (outcome.seat_scores or (0,) * players)
        assert result.winner[i] == (-1 if outcome.winner is None else outcome.winner)
        assert result.moves[i] == len(g.moves)


@pytest.mark.parametrize(("name", "players", "variant", "options"), VARIANTS, ids=IDS)
def test_batch_games_replay_through_the_engine(name, players, variant, options):
    """Each logged deal pushed through the engine gives the kernel's result; each
    random choice was among exactly the engine's legal moves, each greedy one is the bot's."""
    rules = aceten.rules.get(name, players=players, variant=variant, **options)
    games = 8
    bots = ("random", "greedy")
    result = batch.simulate(rules, games, seed=5, bots=bots, log=games)
    greedy = agents.get("greedy")
    for i in range(games):
        g = Game(rules, deal=result.deal(i))
        for move, choices in zip(result.moves_of(i), result.choices_of(i)):
            if bots[g.to_move % 2] == "greedy":
                assert choices == len(g.legal_moves())
                assert greedy.choose(g.view(g.to_move)) == move
            elif g.phase == "auction":  # random passes or bids one of the steps open
                steps = auction_steps(g.legal_moves())
                assert choices == len(steps) and (move in steps or move == AuctionBid(None))
            else:
                assert choices == len(g.legal_moves()) and move in g.legal_moves()
            g.push(move)
        outcome = g.outcome()
        assert outcome is not None
        assert tuple(result.points[i]) == outcome.points
        assert tuple(result.scores[i]) == outcome.scores
        assert result.winner[i] == (-1 if outcome.winner is None else outcome.winner)


def test_batch_deals_vary_and_add_up():
    rules = aceten.rules.get("briscola", players=2)
    result = batch.simulate(rules, 2000, seed=3)
    assert (result.team_points.sum(axis=1) == 120).all()
    assert len({tuple(result.points[i]) for i in range(200)}) > 50
    wins = np.bincount(result.winner[result.winner >= 0], minlength=2)
    assert 0.4 < wins[0] / wins.sum() < 0.65  # random against random


def test_batch_bad_input():
    rules = aceten.rules.get("briscola", players=2)
    with pytest.raises(AcetenError, match="bots"):
        batch.simulate(rules, 10, bots="clever")
    with pytest.raises(AcetenError, match="at least 1"):
        batch.simulate(rules, 0)
    with pytest.raises(AcetenError, match="not logged"):
        batch.simulate(rules, 3).deal(0)


def test_batch_bidding_numbers_are_the_bots():
    """The kernel's port of agents.bidding uses the same numbers (the games tests above check
    the choices; this names the cause when one of them changes)."""
    from aceten.agents import bidding

    assert (batch.TRUMP_LENGTH_WORTH, batch.BID_THRESHOLD, batch.LEVEL_STEP,
            batch.POINTS_MARGIN) == (bidding.TRUMP_LENGTH_WORTH, bidding.BID_THRESHOLD,
                                     bidding.LEVEL_STEP, bidding.POINTS_MARGIN)


def test_batch_random_auctions_throw_in_some_deals_and_play_the_rest():
    """5-seat random auctions in the kernel (the same games as the engine's, above): some deals
    are thrown in (all five pass, 1 in 32), the rest play out their 120 points."""
    rules = aceten.rules.get("briscola", players=5, variant="chiamata")
    result = batch.simulate(rules, 300, seed=11)
    thrown = int((result.winner < 0).sum())
    assert 0 < thrown < 30
    assert (result.team_points[result.winner >= 0].sum(axis=1) == 120).all()


# The options the plain kernel reads (drawing, the last-trick tie, scoring, the sides, the
# dealer, a given trump) or that decide whether a deal is plain (the exchange).
PLAIN_KNOBS = ("draw", "tie", "scoring", "teams", "exchange", "dealer", "trump")


def plain_configurations() -> list[tuple[str, int, str, dict]]:
    """Every game, variant and player count with every combination of PLAIN_KNOBS' choices
    (the dealer: the first or the last seat; the trump: as the game sets it or two given suits) whose
    deals simulate plays in the plain kernel."""
    import itertools

    found = []
    for name, cls in aceten.rules.GAMES.items():
        for variant in cls.variants:
            for players in cls.players_of(variant):
                default = aceten.rules.get(name, players=players, variant=variant)
                specs = {o.name: o for o in default.option_specs}
                suits = (None, str(default.deck[0].suit), str(default.deck[-1].suit))
                knobs = [k for k in PLAIN_KNOBS if k in specs  # and that apply here
                         and (specs[k].players is None or players in specs[k].players)
                         and (specs[k].variants is None or variant in specs[k].variants)]
                values = [(0, players - 1) if k == "dealer" else suits if k == "trump"
                          else specs[k].choices for k in knobs]
                for combo in itertools.product(*values):
                    options = {k: v for k, v in zip(knobs, combo) if v is not None}
                    rules = aceten.rules.get(name, players=players, variant=variant, **options)
                    if batch._plain(encode_rules(rules).R):
                        found.append((name, players, variant, options))
    return found


def test_plain_kernel_plays_the_steps_games():
    """The plain kernel (hands and scores in local variables, the trick resolved without the
    step's functions) against the general kernel, which plays every move through the one step
    function: for every plain configuration, the same deals, moves, choices and results."""
    configurations = plain_configurations()
    assert {(name, players) for name, players, _, _ in configurations} >= {
        ("briscola", 2), ("briscola", 3), ("briscola", 4), ("briscola", 6),
        ("brisca", 2), ("brisca", 3), ("brisca", 4), ("brisca", 6)}
    assert len(configurations) > 200
    games = 60
    for name, players, variant, options in configurations:
        rules = aceten.rules.get(name, players=players, variant=variant, **options)
        enc = encode_rules(rules)
        columns, _ = batch._columns(players, len(rules.teams))
        plan = shuffle_plan(len(enc.deck))
        bots = np.zeros(6, dtype=np.int64)  # every seat random
        results = []
        for general in (False, True):
            out = np.zeros((games, len(columns)), dtype=np.int64)
            log = np.zeros((games, batch.L_WIDTH), dtype=np.int64)
            if general:
                batch.play_deals(enc.R, enc.T, enc.deck, plan, 17, games, bots, columns, out, log)
            else:
                batch.play_plain_random(enc.R, enc.T, enc.deck, plan, 17, games, columns, out, log)
            results.append((out, log))
        (plain_out, plain_log), (step_out, step_log) = results
        assert (plain_log == step_log).all(), (name, players, variant, options)
        assert (plain_out == step_out).all(), (name, players, variant, options)


def test_the_endgame_rows_copied_in_are_those_worked_out_afresh():
    """``endgame.setup`` works a deal's rows out once per rules, trump and teams and copies them
    in after: each copy equals the rows filled from scratch, what each solve writes (the
    generation, the two-seat kernel's stock) set apart; the count of keys marked in the table's
    filter (``E_MARKS``, the solver's) is left as it was."""
    from aceten.rules.layout import S_MAXTEAM, S_TRUMP
    from aceten.search import endgame
    from aceten.search.encoding import encode_game, encode_rules

    for name, players in (("briscola", 4), ("brisca", 4), ("briscola", 2)):
        for seed in range(3):
            game = aceten.new_game(name, players=players, seed=seed)
            enc, S = encode_rules(game.rules), encode_game(game)
            for team in (0, 1):
                S[S_MAXTEAM] = team
                copied = np.full((endgame.ROWS, 64), 7, dtype=np.int64)
                endgame.setup(copied, enc.R, enc.T, enc.ORD, S, 5)
                endgame.setup(copied, enc.R, enc.T, enc.ORD, S, 5)  # the second from the store
                fresh = np.zeros((endgame.ROWS, 64), dtype=np.int64)
                endgame._fill(fresh, enc.R, enc.T, enc.ORD, S)
                endgame._this_solve(fresh, S, 5)
                rows = slice(endgame.E_POWER, endgame.E_MARKS)
                assert (copied[rows] == fresh[rows]).all()
                assert (copied[:endgame.E_POWER] == 7).all()  # the rows before are the search's
                assert (copied[endgame.E_MARKS:] == 7).all()
            assert S[S_TRUMP] >= 0
