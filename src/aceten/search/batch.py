"""Batch simulation: compiled kernels that play many whole deals with random or greedy players.

    >>> import aceten
    >>> from aceten.search import batch
    >>> rules = aceten.rules.get("briscola", players=2)
    >>> result = batch.simulate(rules, games=1000, seed=1)
    >>> int(result.team_points.sum())
    120000

A kernel deals like ``Game(rules, seed=seed + i)`` and each random bot chooses like
``aceten.agents.get("random", seed=...)`` seeded as ``aceten simulate`` seeds it: both read
their seed through the counter-based generator of :mod:`aceten.seeded`, which
:mod:`aceten.search.rng` computes number for number, so the games are the very games
``aceten simulate`` plays, move for move, only faster. The greedy bot is ported move for move
from :mod:`aceten.agents.greedy` (its auction and called card from :mod:`aceten.agents.bidding`),
and the random bot's auction rule from :mod:`aceten.agents.random_agent`. Games of up to six
seats, auctions and hidden teams included.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from aceten.errors import AcetenError
from aceten.game import Deal, Game
from aceten.rules import lazy_numba
from aceten.rules.base import Rules
from aceten.rules.jit import (
    auction_code,
    callable_cards,
    card_points,
    choice_code,
    deal_cards,
    exchange_cards,
    legal_cards,
    low_bit,
    phase_choices,
    play_move,
    popcount,
    score,
    start_deal,
    suit_mask,
    winner_index,
)
from aceten.rules.layout import (
    MOVE_BID,
    MOVE_CALL,
    MOVE_EXCHANGE,
    O_BONUS,
    O_MOVES,
    O_POINTS,
    O_SCORES,
    O_SEAT_SCORES,
    O_TEAM_POINTS,
    O_TEAM_TRICKS,
    O_TRICKS,
    O_WIDTH,
    O_WINNER,
    PHASE_AUCTION,
    PHASE_BID,
    PHASE_CALL_CARD,
    PHASE_OVER,
    PHASE_PLAY,
    R_AUCTION_MAX,
    R_AUCTION_MIN,
    R_AUCTION_RANKS,
    R_CALLABLE,
    R_DEALER,
    R_DECK_N,
    R_DRAW,
    R_EXCHANGE,
    R_GIVEN_TRUMP,
    R_HAND,
    R_HIDDEN,
    R_LAST_BONUS,
    R_MARRIAGE,
    R_MARRIAGE_PLAIN,
    R_MARRIAGE_TRUMP,
    R_MAX_BID,
    R_N,
    R_OB_N,
    R_PHASE,
    R_ROEM,
    R_STACKED,
    R_TEAM,
    R_TOTAL,
    R_TRICKS,
    R_TRUMP_MODE,
    R_UNIT,
    S_DECLARER,
    S_HAND,
    S_HIGHBID,
    S_LASTWIN,
    S_LEADER,
    S_PARTNER,
    S_PHASE,
    S_POINTS,
    S_REVEALED,
    S_SIZE,
    S_TEAM,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKS,
    S_TRUMP,
    SEATS,
    T_LEVEL_RANK,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_RANK,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
    TRUMP_POWER,
)
from aceten.rules.lazy_numba import njit
from aceten.search.encoding import decode_move, encode_rules
from aceten.search.rng import shuffle_plan, stream_below, stream_shuffle, stream_start

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

BOTS = {"random": 0, "greedy": 1}
BOT_SEED_FACTOR = 1_000_003  # aceten simulate seeds seat s of deal d with d * 1_000_003 + s + 1

# One row of log per logged game: the shuffled deck, then each move and its number of choices
# (an auction of five seats and a deal of 40 cards take at most 115 moves).
LOG_MOVES = 128
L_DECK = 0
L_NMOVES = 40
L_MOVES = 41
L_COUNTS = L_MOVES + LOG_MOVES
L_WIDTH = L_COUNTS + LOG_MOVES
ACE = 1
TEN = 10
KING = 14
QUEEN = 13
CALL_THRESHOLD = 35
# agents.bidding's numbers (a test holds them equal)
TRUMP_LENGTH_WORTH = 6
BID_THRESHOLD = 0.34
LEVEL_STEP = 2
POINTS_MARGIN = 0.12


@njit(cache=True, _nrt=False, inline="always")
def _nth_bit(mask, count, index, scratch):
    """The index-th set bit of mask (from 0, lowest first), mask having ``count`` bits.

    The masks with 0, 1, ... count - 1 low bits cleared go to ``scratch`` and the one wanted
    is read back: a loop whose length is the hand's (the same move after move) and a load,
    where clearing ``index`` bits branches on a random number, which no predictor can follow:
    the branching form took 1.4 times as long per 2-player deal in the plain kernel."""
    m = mask
    for j in range(count):
        scratch[j] = m
        m &= m - 1
    return low_bit(scratch[index])


@njit(cache=True, _nrt=False)
def _cost(T, b, trump):
    """agents.greedy.cost as one number: points, then trump or not, then rank."""
    is_trump = ((b >> 4) & 3) == trump
    strength = T[T_TRUMP_STRENGTH + b] if is_trump else T[T_PLAIN_STRENGTH + b]
    return card_points(T, b, trump) * 1000 + (100 if is_trump else 0) + strength


@njit(cache=True, _nrt=False)
def _cheapest(T, cards, trump):
    best = -1
    best_cost = 1 << 40
    m = cards
    while m:
        b = low_bit(m)
        m &= m - 1
        c = _cost(T, b, trump)
        if c < best_cost:
            best = b
            best_cost = c
    return best


@njit(cache=True, _nrt=False)
def known_partners(S, R, seat, other):
    """Whether ``seat`` knows ``other`` to be its partner (PlayerView.sides): the seating, or
    with a hidden team, once the seat knows the partner (the partner at once, all once the
    called card is played), the sides the call made; before that, no partners."""
    if R[R_HIDDEN] == 1 and not (S[S_PARTNER] >= 0
                                 and (S[S_REVEALED] == 1 or seat == S[S_PARTNER])):
        return False
    return S[S_TEAM + other] == S[S_TEAM + seat]


@njit(cache=True, _nrt=False)
def greedy_card(S, R, T, legal, ex):
    """The greedy bot's move (agents.greedy.GreedyAgent.choose, in the play)."""
    if ex:
        return MOVE_EXCHANGE + low_bit(ex)
    seat = S[S_TOMOVE]
    trump = S[S_TRUMP]
    tlen = S[S_TLEN]
    hand = S[S_HAND + seat]
    if tlen == 0:
        if R[R_MARRIAGE] == 1:
            first = -1
            m = legal
            while m:
                b = low_bit(m)
                m &= m - 1
                if (b & 15) == QUEEN and hand & (1 << ((b & 48) | KING)):
                    if trump < 0 or ((b >> 4) & 3) == trump:
                        return b
                    if first < 0:
                        first = b
            if first >= 0:
                return first
        if trump < 0 and R[R_TRUMP_MODE] == 2:
            best_suit = -1
            best_value = -1
            for suit in range(4):
                held = legal & suit_mask(suit)
                if held == 0:
                    continue
                pts = 0
                m = held
                while m:
                    b = low_bit(m)
                    m &= m - 1
                    pts += T[T_TRUMP_PTS + b]
                value = popcount(held) * 10000 + pts
                if value > best_value:
                    best_value = value
                    best_suit = suit
            top = -1
            m = legal & suit_mask(best_suit)
            while m:
                b = low_bit(m)
                m &= m - 1
                if top < 0 or T[T_TRUMP_STRENGTH + b] > T[T_TRUMP_STRENGTH + top]:
                    top = b
            return top
        plain = legal if trump < 0 else legal & ~suit_mask(trump)
        return _cheapest(T, plain if plain else legal, trump)
    n = R[R_N]
    worth = 0
    for i in range(tlen):
        worth += card_points(T, S[S_TRICK + i], trump)
    best_seat = (S[S_LEADER] + winner_index(S, tlen, trump, T)) % n
    if best_seat != seat and known_partners(S, R, seat, best_seat):
        if tlen == n - 1:
            plain = legal if trump < 0 else legal & ~suit_mask(trump)
            pool = plain if plain else legal
            card = -1
            key = -(1 << 40)
            m = pool
            while m:
                b = low_bit(m)
                m &= m - 1
                is_trump = ((b >> 4) & 3) == trump
                strength = T[T_TRUMP_STRENGTH + b] if is_trump else T[T_PLAIN_STRENGTH + b]
                k = card_points(T, b, trump) * 1000 - strength
                if k > key:
                    key = k
                    card = b
            if card_points(T, card, trump) > 0:
                return card
        return _cheapest(T, legal, trump)
    winners = 0
    m = legal
    while m:
        b = low_bit(m)
        m &= m - 1
        S[S_TRICK + tlen] = b
        if winner_index(S, tlen + 1, trump, T) == tlen:
            winners |= 1 << b
    if winners:
        card = _cheapest(T, winners, trump)
        if worth + card_points(T, card, trump) > 0:
            return card
    return _cheapest(T, legal, trump)


@njit(cache=True, _nrt=False)
def greedy_bid(S, R, T):
    """agents.greedy: aces, tens and marriages, counted in the game's scoring unit."""
    hand = S[S_HAND + S[S_TOMOVE]]
    sure = 0
    m = hand
    while m:
        b = low_bit(m)
        m &= m - 1
        r = T[T_RANK + b]
        if r in (ACE, TEN):
            sure += T[T_PLAIN_PTS + b]
    pairs = 0
    for suit in range(4):
        if hand & (1 << ((suit << 4) | KING)) and hand & (1 << ((suit << 4) | QUEEN)):
            pairs += 1
    marriages = R[R_MARRIAGE_TRUMP] + R[R_MARRIAGE_PLAIN] * (pairs - 1) if pairs else 0
    wanted = min((sure + marriages) // R[R_UNIT], R[R_MAX_BID])
    if wanted and wanted > S[S_HIGHBID]:
        return wanted
    return 0


@njit(cache=True, _nrt=False)
def greedy_call(S, T, can_pass):
    """agents.greedy: the suit with most trump points; pass a weak hand when allowed."""
    hand = S[S_HAND + S[S_TOMOVE]]
    best = -1
    best_key = -1
    best_pts = 0
    for suit in range(4):
        held = hand & suit_mask(suit)
        pts = 0
        m = held
        while m:
            b = low_bit(m)
            m &= m - 1
            pts += T[T_TRUMP_PTS + b]
        key = pts * 100 + popcount(held)
        if key > best_key:
            best_key = key
            best = suit
            best_pts = pts
    if best_pts < CALL_THRESHOLD and can_pass:
        return 4
    return best


@njit(cache=True, _nrt=False)
def _suit_value(T, hand, suit):
    """agents.bidding._suit_value: the hand's points with ``suit`` as trump, and its length."""
    value = 0
    m = hand
    while m:
        b = low_bit(m)
        m &= m - 1
        if (b >> 4) & 3 == suit:
            value += T[T_TRUMP_PTS + b] + TRUMP_LENGTH_WORTH
        else:
            value += T[T_PLAIN_PTS + b]
    return value


@njit(cache=True, _nrt=False)
def greedy_auction(S, R, T):
    """agents.bidding.auction_move: the level to bid (0 passes)."""
    high = S[S_HIGHBID]
    ranks = R[R_AUCTION_RANKS]
    top = ranks + R[R_AUCTION_MAX] - R[R_AUCTION_MIN]
    if high >= top:
        return 0
    hand = S[S_HAND + S[S_TOMOVE]]
    suit = 0
    value = -1
    for s in range(4):
        v = _suit_value(T, hand, s)
        if v > value:
            suit = s
            value = v
    total = R[R_TOTAL]
    threshold = BID_THRESHOLD * total
    first = -1  # the strongest rank of the suit the hand lacks
    for level in range(1, ranks + 1):
        b = (suit << 4) | T[T_LEVEL_RANK + level]
        if R[R_CALLABLE] >> b & 1 and not hand >> b & 1:
            first = T[T_LEVEL_RANK + level]
            break
    if first >= 0:
        for level in range(high + 1, ranks + 1):
            rank = T[T_LEVEL_RANK + level]
            b = (suit << 4) | rank
            if hand >> b & 1 or not R[R_CALLABLE] >> b & 1:
                continue
            cost = LEVEL_STEP * (T[T_PLAIN_STRENGTH + first] - T[T_PLAIN_STRENGTH + rank])
            if value - cost >= threshold:
                return level
            break
    if high >= ranks and value >= (BID_THRESHOLD + POINTS_MARGIN) * total:
        target = R[R_AUCTION_MIN] + high + 1 - ranks
        if target <= total // 2 + int(value - threshold):
            return high + 1
    return 0


@njit(cache=True, _nrt=False)
def greedy_call_card(S, R, T):
    """agents.bidding.call_move: the index (choice_code's order) of the card to call, of the
    rank bid and in the deck: the best trump suit's if the hand lacks it, else the first (alone)."""
    hand = S[S_HAND + S[S_TOMOVE]]
    cards = callable_cards(S, R, T)
    best = 0
    value = -1
    index = 0
    while cards:
        b = low_bit(cards)
        cards &= cards - 1
        if not hand >> b & 1:
            v = _suit_value(T, hand, (b >> 4) & 3)
            if v > value:
                best = index
                value = v
        index += 1
    return best


@njit(cache=True, _nrt=False)
def random_auction(S, R, state):
    """agents.random_agent's auction: pass or bid at even odds (no draw when no bid is open),
    a bid uniform among the ranks still open and the next point target. Returns the level
    (0 passes), the generator's state and how many bids were open."""
    high = S[S_HIGHBID]
    ranks = R[R_AUCTION_RANKS]
    top = ranks + R[R_AUCTION_MAX] - R[R_AUCTION_MIN]
    open_ranks = ranks - high if high < ranks else 0
    step = max(high, ranks) + 1
    steps = open_ranks + (1 if step <= top else 0)
    if steps == 0:
        return 0, state, steps
    coin, state = stream_below(state, 2)
    if coin == 0:
        return 0, state, steps
    idx, state = stream_below(state, steps)
    return (high + 1 + idx if idx < open_ranks else step), state, steps


@njit(cache=True)
def play_deals(R, T, deck, plan, seed, count, bots, columns, out, log):
    """Play ``count`` deals (deal i from seed + i, shuffled by ``plan``, rng.shuffle_plan of
    the deck); the ``columns`` of each deal's result row (the O_* layout) in ``out``, the first
    ``log.shape[0]`` deals' cards and moves in ``log``."""
    n = R[R_N]
    size = R[R_DECK_N]
    S = np.zeros(S_SIZE, dtype=np.int64)
    cards = np.zeros(size, dtype=np.int64)
    states = np.zeros(SEATS, dtype=np.uint64)
    picks = np.empty(64, dtype=np.uint64)  # stream_shuffle's scratch
    scratch = np.zeros(64, dtype=np.int64)  # _nth_bit's
    row = np.zeros(O_WIDTH, dtype=np.int64)  # score's result row
    for g in range(count):
        game_seed = seed + g
        # -- the deal
        for i in range(size):
            cards[i] = deck[i]
        for s in range(n):
            if bots[s] == 0:
                states[s] = stream_start(game_seed * BOT_SEED_FACTOR + s + 1)
        if R[R_STACKED] == 0:
            stream_shuffle(cards, plan, stream_start(game_seed), picks)
        S[:] = 0
        deal_cards(S, cards, R)
        start_deal(S, R)
        logged = g < log.shape[0]
        if logged:
            for i in range(size):
                log[g, L_DECK + i] = cards[i]
        # -- the play
        moves = 0
        while S[S_PHASE] != PHASE_OVER:
            seat = S[S_TOMOVE]
            bot = bots[seat]
            phase = S[S_PHASE]
            if phase != PHASE_PLAY:  # a bid, a trump call, an auction bid or a called card
                _, choices = phase_choices(S, R, T)
                if bot == 0 and phase == PHASE_AUCTION:
                    level, states[seat], choices = random_auction(S, R, states[seat])
                    code = auction_code(level, R, T)
                elif bot == 0:
                    idx, states[seat] = stream_below(states[seat], choices)
                    code = choice_code(S, idx, R, T)
                elif phase == PHASE_BID:
                    code = MOVE_BID + greedy_bid(S, R, T)
                elif phase == PHASE_AUCTION:
                    code = auction_code(greedy_auction(S, R, T), R, T)
                elif phase == PHASE_CALL_CARD:
                    code = choice_code(S, greedy_call_card(S, R, T), R, T)
                else:
                    code = MOVE_CALL + greedy_call(S, T, choices > 4)
                play_move(S, code, R, T)
            else:
                legal = legal_cards(S, S[S_HAND + seat], R, T)
                ex = exchange_cards(S, R, T)
                cards_n = popcount(legal)
                choices = cards_n + (1 if ex else 0)
                if bot == 0:
                    idx, states[seat] = stream_below(states[seat], choices)
                    if idx < cards_n:
                        code = _nth_bit(legal, cards_n, idx, scratch)
                    else:
                        code = MOVE_EXCHANGE + low_bit(ex)
                else:
                    code = greedy_card(S, R, T, legal, ex)
                play_move(S, code, R, T)
            if logged and moves < LOG_MOVES:
                log[g, L_MOVES + moves] = code
                log[g, L_COUNTS + moves] = choices
            moves += 1
        if logged:
            log[g, L_NMOVES] = moves
        score(S, R, row)
        row[O_MOVES] = moves
        for j in range(columns.shape[0]):
            out[g, j] = row[columns[j]]


@njit(cache=True)
def play_plain_random(R, T, deck, plan, seed, count, columns, out, log):
    """play_deals for the common case that needs no rule hook: random players, no play
    obligation, bonus, exchange, bidding or trump call, a trump known from the deal (plain
    Briscola and Brisca without exchanges). Hands and scores live in local variables."""
    n = R[R_N]
    size = R[R_DECK_N]
    hand_size = R[R_HAND]
    tricks_per_deal = R[R_TRICKS]
    last_bonus = R[R_LAST_BONUS]
    draw_mode = R[R_DRAW]
    S = np.zeros(S_SIZE, dtype=np.int64)
    cards = np.zeros(size, dtype=np.int64)
    hands = np.zeros(SEATS, dtype=np.int64)
    trick = np.zeros(SEATS, dtype=np.int64)
    states = np.zeros(SEATS, dtype=np.uint64)
    picks = np.empty(64, dtype=np.uint64)  # stream_shuffle's scratch
    scratch = np.zeros(64, dtype=np.int64)  # _nth_bit's
    row = np.zeros(O_WIDTH, dtype=np.int64)  # score's result row
    plain_strength = T[T_PLAIN_STRENGTH:T_PLAIN_STRENGTH + 64]
    trump_strength = T[T_TRUMP_STRENGTH:T_TRUMP_STRENGTH + 64]
    plain_pts = T[T_PLAIN_PTS:T_PLAIN_PTS + 64]
    trump_pts = T[T_TRUMP_PTS:T_TRUMP_PTS + 64]
    stock_start = n * hand_size
    first = (R[R_DEALER] + 1) % n
    for g in range(count):
        game_seed = seed + g
        for i in range(size):
            cards[i] = deck[i]
        for s in range(n):
            states[s] = stream_start(game_seed * BOT_SEED_FACTOR + s + 1)
        if R[R_STACKED] == 0:
            stream_shuffle(cards, plan, stream_start(game_seed), picks)
        for i in range(n):
            h = 0
            for k in range(i * hand_size, (i + 1) * hand_size):
                h |= 1 << cards[k]
            hands[(first + i) % n] = h
        trump = (cards[size - 1] >> 4) & 3 if R[R_TRUMP_MODE] == 0 else R[R_GIVEN_TRUMP]
        drawn = stock_start
        leader = first
        logged = g < log.shape[0]
        if logged:
            for i in range(size):
                log[g, L_DECK + i] = cards[i]
        S[:] = 0
        moves = 0
        last_winner = -1
        for t in range(tricks_per_deal):
            best_i = 0
            best_power = -1
            led = -1
            for i in range(n):
                seat = leader + i
                if seat >= n:
                    seat -= n
                hand = hands[seat]
                choices = popcount(hand)
                idx, states[seat] = stream_below(states[seat], choices)
                b = _nth_bit(hand, choices, idx, scratch)
                hands[seat] = hand ^ (1 << b)
                trick[i] = b
                if logged and moves < LOG_MOVES:
                    log[g, L_MOVES + moves] = b
                    log[g, L_COUNTS + moves] = choices
                moves += 1
                if draw_mode == 2 and drawn < size:
                    hands[seat] |= 1 << cards[drawn]
                    drawn += 1
                # the trick so far, without a branch on the cards (each would be mispredicted
                # about half the time): both strengths read, then chosen
                suit = (b >> 4) & 3
                if i == 0:
                    led = suit
                as_trump = TRUMP_POWER + trump_strength[b]
                as_plain = plain_strength[b] if suit == led else -1
                power = as_trump if suit == trump else as_plain
                better = power > best_power
                best_power = power if better else best_power
                best_i = i if better else best_i
            winner = leader + best_i
            if winner >= n:
                winner -= n
            points = 0
            for i in range(n):
                b = trick[i]
                as_trump = trump_pts[b]
                as_plain = plain_pts[b]
                points += as_trump if ((b >> 4) & 3) == trump else as_plain
            if t == tricks_per_deal - 1:
                points += last_bonus
            S[S_POINTS + winner] += points
            S[S_TRICKS + winner] += 1
            last_winner = winner
            if draw_mode == 1 and drawn < size:
                for i in range(n):
                    seat = winner + i
                    if seat >= n:
                        seat -= n
                    hands[seat] |= 1 << cards[drawn]
                    drawn += 1
            leader = winner
        if logged:
            log[g, L_NMOVES] = moves
        S[S_LASTWIN] = last_winner
        S[S_LEADER] = leader
        S[S_DECLARER] = -1
        S[S_PARTNER] = -1
        for s in range(n):  # the deal's teams, as start_deal sets them
            S[S_TEAM + s] = R[R_TEAM + s]
        score(S, R, row)
        row[O_MOVES] = moves
        for j in range(columns.shape[0]):
            out[g, j] = row[columns[j]]


# -- the Python side ---------------------------------------------------------------------------
@dataclass(frozen=True)
class BatchResult:
    """Per-deal results of a batch, one row per deal (arrays of ints)."""

    rules: Rules
    seed: int
    bots: tuple[str, ...]
    points: np.ndarray  # [games, players]
    tricks: np.ndarray
    bonus: np.ndarray
    team_points: np.ndarray  # [games, teams]
    team_tricks: np.ndarray
    scores: np.ndarray
    seat_scores: np.ndarray  # [games, players]: a per-seat score sheet (hidden teams), else 0
    winner: np.ndarray  # [games]: team, -1 for a draw
    moves: np.ndarray  # [games]
    seconds: float
    log: np.ndarray  # [logged games, L_WIDTH]

    @property
    def games(self) -> int:
        return int(self.winner.shape[0])

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def deal(self, index: int) -> Deal:
        """The cards of logged deal ``index``, as ``Game`` deals them."""
        if index >= self.log.shape[0]:
            raise AcetenError(f"deal {index} was not logged (log={self.log.shape[0]})")
        return deal_from(self.rules, self.log[index, L_DECK:L_DECK + len(self.rules.deck)])

    def moves_of(self, index: int) -> list[Any]:
        """The moves of logged deal ``index``, as engine moves."""
        count = int(self.log[index, L_NMOVES])
        if count > LOG_MOVES:
            raise AcetenError(f"deal {index} has {count} moves; the log keeps {LOG_MOVES}")
        return [decode_move(int(c), self.rules) for c in self.log[index, L_MOVES:L_MOVES + count]]

    def choices_of(self, index: int) -> list[int]:
        """How many moves the kernel chose among at each move of logged deal ``index`` (a
        random bot's auction move: the bids open to it, ``random_agent.auction_steps``)."""
        count = min(int(self.log[index, L_NMOVES]), LOG_MOVES)
        return [int(c) for c in self.log[index, L_COUNTS:L_COUNTS + count]]


def deal_from(rules: Rules, bits: np.ndarray) -> Deal:
    """The Deal of a shuffled deck (kernel bits), dealt as aceten.game._shuffled_deal deals."""
    from aceten.cards import Card

    fam = int(rules.family) << 6
    cards = [Card.from_code(fam | int(b)) for b in bits]
    n, h = rules.players, rules.hand_size
    first = (rules.options["dealer"] + 1) % n
    hands: list[tuple[Any, ...]] = [()] * n
    for i in range(n):
        hands[(first + i) % n] = tuple(cards[i * h:(i + 1) * h])
    return Deal(tuple(hands), tuple(cards[n * h:]))


def replay(result: BatchResult, index: int) -> Game:
    """Logged deal ``index`` played through the engine (each move checked by the engine)."""
    game = Game(result.rules, deal=result.deal(index))
    for move in result.moves_of(index):
        game.push(move)
    return game


def _plain(R: np.ndarray) -> bool:
    """Whether a deal needs none of the rule hooks play_plain_random leaves out."""
    return bool(R[R_OB_N] == 0 and R[R_MARRIAGE] == 0 and R[R_ROEM] == 0 and R[R_EXCHANGE] == 0
                and R[R_PHASE] == 0 and R[R_TRUMP_MODE] in (0, 1))


def simulate(rules: Rules, games: int, seed: int = 0, bots: tuple[str, ...] | list[str] | str = "random",
             log: int = 0) -> BatchResult:
    """Play ``games`` deals of ``rules`` in a compiled kernel (C, else numba); deal i is seeded
    with ``seed + i``.

    ``bots`` names a bot per seat ("random" or "greedy"; a single name or fewer names than
    seats are given to the seats in turn, as ``aceten simulate --bots`` does). ``log`` keeps the
    cards and moves of the first ``log`` deals, for :func:`replay`."""
    if games < 1:
        raise AcetenError(f"games={games}: give at least 1")
    names = [bots] if isinstance(bots, str) else list(bots)
    names = [b.strip().lower() for b in names if b.strip()]
    if not names:
        raise AcetenError("give at least one bot")
    for name in names:
        if name not in BOTS:
            raise AcetenError(f"the batch kernels play the bots {', '.join(BOTS)}, not {name!r}")
    n = rules.players
    seat_bots = tuple(names[s % len(names)] for s in range(n))
    if not -(2**62) < seed < 2**62 // BOT_SEED_FACTOR - games:
        raise AcetenError(f"seed {seed} is too large for the batch kernels (|seed| < 4.6e12)")
    enc = encode_rules(rules)
    teams = len(rules.teams)
    columns, fields = _columns(n, teams)
    out = np.zeros((games, len(columns)), dtype=np.int64)
    logs = np.zeros((min(log, games), L_WIDTH), dtype=np.int64)
    bot_codes = np.array([BOTS[b] for b in seat_bots] + [0] * (SEATS - n), dtype=np.int64)
    plan = shuffle_plan(len(enc.deck))
    kernels = _kernels()
    start = time.perf_counter()
    if _plain(enc.R) and all(b == "random" for b in seat_bots):
        kernels.play_plain_random(enc.R, enc.T, enc.deck, plan, int(seed), int(games), columns,
                                  out, logs)
    else:
        kernels.play_deals(enc.R, enc.T, enc.deck, plan, int(seed), int(games), bot_codes,
                           columns, out, logs)
    seconds = time.perf_counter() - start
    part = {name: out[:, where] for name, where in fields.items()}
    return BatchResult(rules=rules, seed=int(seed), bots=seat_bots,
                       points=part["points"], tricks=part["tricks"], bonus=part["bonus"],
                       team_points=part["team_points"], team_tricks=part["team_tricks"],
                       scores=part["scores"], seat_scores=part["seat_scores"],
                       winner=part["winner"][:, 0].copy(), moves=part["moves"][:, 0].copy(),
                       seconds=seconds, log=logs)


def _kernels() -> Any:
    """The batch kernels to call: compiled from C where a compiler builds them
    (:mod:`aceten.search.native`, the same games), else this module's, by numba."""
    from aceten.search import native

    lib = native.load()
    if lib is not None:
        return lib.batch
    import sys

    return sys.modules[__name__]


def _columns(n: int, teams: int) -> tuple[np.ndarray, dict[str, slice]]:
    """The columns of score's O_WIDTH-wide row that a batch of ``n`` seats and ``teams``
    sides keeps, and where each field lands: the kernels store only these (a deal of 2-player
    Briscola keeps 16 numbers, not 49: a large batch's fresh result pages cost page faults)."""
    spans = (("points", O_POINTS, n), ("tricks", O_TRICKS, n), ("bonus", O_BONUS, n),
             ("team_points", O_TEAM_POINTS, teams), ("team_tricks", O_TEAM_TRICKS, teams),
             ("scores", O_SCORES, teams), ("seat_scores", O_SEAT_SCORES, n),
             ("winner", O_WINNER, 1), ("moves", O_MOVES, 1))
    columns: list[int] = []
    fields = {}
    for name, first, width in spans:
        fields[name] = slice(len(columns), len(columns) + width)
        columns.extend(range(first, first + width))
    return np.array(columns, dtype=np.int64), fields


__all__ = ["BatchResult", "deal_from", "replay", "simulate"]
