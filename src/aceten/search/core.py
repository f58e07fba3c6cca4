"""The rules as numba functions over the arrays of :mod:`aceten.search.encoding`.

These mirror the engine move for move: the trick winner (``Rules._winner_index``), the legal
cards (``Rules.legal_mask`` running the declared obligation cascade), roem, marriages, the
Brisca exchange, drawing from the stock and finishing a trick (``Game._finish_trick``). The
solver and the batch simulator share them; the tests check them against the engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.core import errors
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from aceten.search.encoding import (
    MOVE_EXCHANGE,
    R_DRAW,
    R_EXCH_TRICK,
    R_EXCHANGE,
    R_LAST_BONUS,
    R_MARRIAGE,
    R_N,
    R_OB_A,
    R_OB_B,
    R_OB_KIND,
    R_OB_N,
    R_PARTNER,
    R_ROEM,
    R_TEAM,
    R_TRICKS,
    R_TRUMP_MODE,
    R_WHEN,
    S_BONUS,
    S_COOP,
    S_DRAWN,
    S_HAND,
    S_LASTWIN,
    S_LEADER,
    S_MAXTEAM,
    S_OBJ,
    S_PHASE,
    S_POINTS,
    S_REMAIN,
    S_SLEN,
    S_STOCK,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKNO,
    S_TRICKS,
    S_TRUMP,
    S_WON,
    T_EXCH,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_RANK,
    T_SEQ,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
)

SUIT_BITS = 0x7FFF  # ranks 0..14 of one suit; bit 63 is never used, so masks stay positive
KING = 14
QUEEN = 13
JACK = 11
FOUR_OF_A_KIND = (1, 10, 13, 14)  # ace, ten, queen, king: 100 roem


CACHE_LINE = 64  # bytes


def aligned_zeros(shape: int | tuple[int, ...]) -> np.ndarray:
    """An int64 array of zeros that starts on a cache line and ends before the next array's.

    numpy aligns its data to 16 bytes only: a table bucket of 64 bytes would then straddle two
    cache lines (two memory reads a probe), and two threads' small arrays could share a line.
    """
    count = int(np.prod(shape))
    words = CACHE_LINE // 8
    raw = np.zeros(count + 2 * words, dtype=np.int64)
    start = (-raw.ctypes.data % CACHE_LINE) // 8
    return raw[start:start + count].reshape(shape)


@njit(cache=True, _nrt=False, inline="always")
def suit_mask(suit):
    return SUIT_BITS << (suit << 4)


@njit(cache=True, _nrt=False, inline="always")
def low_bit(mask):
    return trailing_zeros(mask)


@njit(cache=True, _nrt=False, inline="always")
def mix64(z):
    """splitmix64's finaliser, a 64-bit hash mix (z a uint64): table slots and check words."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@intrinsic
def _ctpop(typingctx, src):
    """The number of set bits (LLVM's ctpop: one instruction where the CPU has it)."""
    if not isinstance(src, types.Integer):
        raise errors.NumbaTypeError(f"popcount takes an integer, not {src}")

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return src(src), codegen


@njit(cache=True, _nrt=False, inline="always")
def popcount(mask):
    return _ctpop(mask)


@njit(cache=True, _nrt=False, inline="always")
def card_points(T, b, trump):
    if ((b >> 4) & 3) == trump:
        return T[T_TRUMP_PTS, b]
    return T[T_PLAIN_PTS, b]


@njit(cache=True, _nrt=False)
def winner_index(S, tlen, trump, T):
    """Position in play order of the card winning the trick ``S[S_TRICK:S_TRICK+tlen]``."""
    led = (S[S_TRICK] >> 4) & 3
    best_i = 0
    best_power = -1
    for i in range(tlen):
        c = S[S_TRICK + i]
        s = (c >> 4) & 3
        if s == trump:
            power = 100 + T[T_TRUMP_STRENGTH, c]
        elif s == led:
            power = T[T_PLAIN_STRENGTH, c]
        else:
            continue
        if power > best_power:
            best_i = i
            best_power = power
    return best_i


@njit(cache=True, _nrt=False)
def higher(cards, use_trump, best, T):
    """The cards of ``cards`` ranked above ``best`` in the trump or plain order."""
    row = T_TRUMP_STRENGTH if use_trump else T_PLAIN_STRENGTH
    bar = T[row, best]
    out = 0
    m = cards
    while m:
        b = low_bit(m)
        m &= m - 1
        if T[row, b] > bar:
            out |= 1 << b
    return out


@njit(cache=True, _nrt=False)
def legal_cards(S, hand, R, T):
    """The cards of ``hand`` that may be played to the current trick (Rules.legal_mask)."""
    tlen = S[S_TLEN]
    if tlen == 0 or R[R_OB_N] == 0:
        return hand
    if R[R_WHEN] == 1 and S[S_DRAWN] < S[S_SLEN]:
        return hand
    trump = S[S_TRUMP]
    if trump < 0 and R[R_TRUMP_MODE] == 2:
        trump = (S[S_TRICK] >> 4) & 3
    bi = winner_index(S, tlen, trump, T)
    best = S[S_TRICK + bi]
    best_is_trump = trump >= 0 and ((best >> 4) & 3) == trump
    partner_winning = R[R_PARTNER] == 1 and bi == tlen - 2
    led = (S[S_TRICK] >> 4) & 3
    for k in range(R[R_OB_N]):
        kind = R[R_OB_KIND + k]
        if kind == 1:  # follow suit
            follow = hand & suit_mask(led)
            if follow == 0:
                continue
            led_is_trump = trump >= 0 and led == trump
            beat = R[R_OB_A + k]
            must_beat = beat == 2 or (beat == 1 and led_is_trump)
            if must_beat and (led_is_trump or not best_is_trump):
                h = higher(follow, led_is_trump, best, T)
                if h:
                    return h
            return follow
        elif kind == 2:  # partner exemption
            if not partner_winning:
                continue
            allowed = hand
            if trump >= 0 and best_is_trump:
                trumps = hand & suit_mask(trump)
                lower = trumps & ~higher(trumps, True, best, T)
                if hand & ~trumps:
                    allowed &= ~lower
            return allowed
        else:  # trumping
            if trump < 0 or led == trump:
                continue
            trumps = hand & suit_mask(trump)
            if trumps == 0:
                continue
            if not (R[R_OB_A + k] == 1 and best_is_trump):
                return trumps
            h = higher(trumps, True, best, T)
            if h:
                return h
            under = R[R_OB_B + k]
            if under == 0:
                return trumps
            if under == 2:
                others = hand & ~trumps
                if others:
                    return others
    return hand


@njit(cache=True, _nrt=False)
def exchange_cards(S, R, T):
    """Cards the player to move may swap for the face-up trump (7 first, then 2), as a mask."""
    if R[R_EXCHANGE] == 0 or R[R_TRUMP_MODE] != 0 or S[S_PHASE] != 0:
        return 0
    if S[S_DRAWN] >= S[S_SLEN]:
        return 0
    seat = S[S_TOMOVE]
    if R[R_EXCH_TRICK] == 1 and S[S_TRICKS + seat] == 0:
        return 0
    face = S[S_STOCK + S[S_SLEN] - 1]
    low = T[T_EXCH, T[T_RANK, face]]
    if low <= 0:
        return 0
    card = (face & 48) | low
    if S[S_HAND + seat] & (1 << card):
        return 1 << card
    return 0


@njit(cache=True, _nrt=False)
def apply_exchange(S, card):
    """Swap ``card`` from the hand of the player to move for the face-up trump."""
    seat = S[S_TOMOVE]
    last = S_STOCK + S[S_SLEN] - 1
    face = S[last]
    S[S_HAND + seat] ^= (1 << card) | (1 << face)
    S[last] = card


@njit(cache=True, _nrt=False)
def roem(S, trump, T):
    """Roem in the four cards of the finished trick (klaverjas.roem)."""
    total = 0
    r0 = T[T_RANK, S[S_TRICK]]
    if r0 == T[T_RANK, S[S_TRICK + 1]] and r0 == T[T_RANK, S[S_TRICK + 2]] \
            and r0 == T[T_RANK, S[S_TRICK + 3]]:
        if r0 == JACK:
            total += 200
        elif r0 == 1 or r0 == 10 or r0 == 13 or r0 == 14:
            total += 100
    for suit in range(4):
        seq = 0
        present = False
        king = False
        queen = False
        for i in range(4):
            c = S[S_TRICK + i]
            if (c >> 4) & 3 == suit:
                present = True
                idx = T[T_SEQ, c]
                if idx >= 0:
                    seq |= 1 << idx
                r = T[T_RANK, c]
                if r == KING:
                    king = True
                elif r == QUEEN:
                    queen = True
        if not present:
            continue
        run = 0
        m = seq
        while m:
            m &= m << 1
            run += 1
        if run >= 4:
            total += 50
        elif run == 3:
            total += 20
        if suit == trump and king and queen:
            total += 20
    return total


@njit(cache=True, _nrt=False, inline="always")
def draw(S, seat):
    card = S[S_STOCK + S[S_DRAWN]]
    S[S_DRAWN] += 1
    S[S_HAND + seat] |= 1 << card


@njit(cache=True, _nrt=False)
def recount_remaining(S, R, T):
    """Card points still to be won, with the trump now known."""
    trump = S[S_TRUMP]
    total = 0
    for i in range(S[S_TLEN]):
        total += card_points(T, S[S_TRICK + i], trump)
    for i in range(S[S_DRAWN], S[S_SLEN]):
        total += card_points(T, S[S_STOCK + i], trump)
    for seat in range(R[R_N]):
        m = S[S_HAND + seat]
        while m:
            b = low_bit(m)
            m &= m - 1
            total += card_points(T, b, trump)
    S[S_REMAIN] = total


@njit(cache=True, _nrt=False)
def play_card(S, b, R, T):
    """Play card bit ``b`` for the player to move (legality is the caller's business).

    Returns what the move is worth to the maximising side (``S[S_MAXTEAM]``): card points,
    last-trick bonus, roem and marriages scored by it, or 1 per trick with objective tricks.
    """
    n = R[R_N]
    seat = S[S_TOMOVE]
    S[S_HAND + seat] ^= 1 << b
    tlen = S[S_TLEN]
    gain = 0
    maxteam = S[S_MAXTEAM]
    if tlen == 0:
        if S[S_TRUMP] < 0 and R[R_TRUMP_MODE] == 2:
            S[S_TRUMP] = (b >> 4) & 3
            recount_remaining(S, R, T)
            S[S_REMAIN] += card_points(T, b, S[S_TRUMP])  # the card is about to join the trick
        if R[R_MARRIAGE] == 1:
            r = T[T_RANK, b]
            if r in (KING, QUEEN):
                mate = (b & 48) | (KING + QUEEN - r)
                if S[S_HAND + seat] & (1 << mate):
                    value = 40 if ((b >> 4) & 3) == S[S_TRUMP] else 20
                    S[S_BONUS + seat] += value
                    if S[S_OBJ] == 0 and R[R_TEAM + seat] == maxteam:
                        gain += value
    S[S_TRICK + tlen] = b
    tlen += 1
    S[S_TLEN] = tlen
    if R[R_DRAW] == 2 and S[S_DRAWN] < S[S_SLEN]:
        draw(S, seat)
    if tlen < n:
        S[S_TOMOVE] = (seat + 1) % n
        return gain
    # the trick is complete
    trump = S[S_TRUMP]
    leader = S[S_LEADER]
    winner = (leader + winner_index(S, n, trump, T)) % n
    points = 0
    for i in range(n):
        points += card_points(T, S[S_TRICK + i], trump)
    S[S_REMAIN] -= points
    trickno = S[S_TRICKNO] + 1
    if trickno == R[R_TRICKS]:
        points += R[R_LAST_BONUS]
    bonus = 0
    if R[R_ROEM] == 1:
        bonus = roem(S, trump, T)
        S[S_BONUS + winner] += bonus
    S[S_POINTS + winner] += points
    S[S_TRICKS + winner] += 1
    S[S_WON] |= 1 << winner
    S[S_TRICKNO] = trickno
    S[S_LASTWIN] = winner
    S[S_TLEN] = 0
    S[S_LEADER] = winner
    S[S_TOMOVE] = winner
    if R[R_DRAW] == 1 and S[S_DRAWN] < S[S_SLEN]:
        for i in range(n):
            draw(S, (winner + i) % n)
    if trickno == R[R_TRICKS]:
        S[S_PHASE] = 3
    if R[R_TEAM + winner] == maxteam:
        if S[S_OBJ] == 0:
            gain += points + bonus
        else:
            gain += 1
    return gain


@njit(cache=True, _nrt=False)
def play_move(S, code, R, T):
    """Play a card or make an exchange; returns the gain of the maximising side."""
    if code >= MOVE_EXCHANGE:
        apply_exchange(S, code - MOVE_EXCHANGE)
        return 0
    return play_card(S, code, R, T)


@njit(cache=True, _nrt=False)
def is_maximising(S, seat, R):
    return S[S_COOP] == 1 or R[R_TEAM + seat] == S[S_MAXTEAM]


@njit(cache=True, _nrt=False)
def last_bonus_left(S, R):
    if S[S_TRICKNO] < R[R_TRICKS]:
        return R[R_LAST_BONUS]
    return 0

