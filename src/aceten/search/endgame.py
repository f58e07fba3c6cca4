"""A dedicated kernel for the last tricks of 4-player games without obligations (Briscola):
the stock is drawn out and each seat holds at most three cards.

Most of a 4-player Briscola search lies in its last three tricks, which are met again for every
line of the first seven. Here they are solved by plain nested loops over the four cards of each
trick (fail-soft alpha-beta, one loop per seat, no move generation, no table inside), with the
hands in a small scratch row and the card tables precomputed for the deal. The search in
``dds.py`` calls it at the trick boundaries it reaches with two or three tricks left, and
stores what it returns in its table like any other result.

It applies only where every card in the hand is legal (no obligation cascade), there are no
bonuses (last trick, marriages, roem), four players in two sides, the trump is known and
the seats play adversarially: ``setup`` says so in ``E[E_MISC, M_ON]``.

The parameters live in rows of one int64 array ``E`` (the solver's history array, rows 4..7):
"""

from __future__ import annotations

import numpy as np
from numba import njit

from aceten.search.core import low_bit
from aceten.search.encoding import (
    R_LAST_BONUS,
    R_MARRIAGE,
    R_N,
    R_NTEAMS,
    R_OB_N,
    R_ROEM,
    R_TEAM,
    S_COOP,
    S_MAXTEAM,
    S_OBJ,
    S_TRUMP,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
)

INF = 1 << 30
E_POWER = 4  # row: a card's power in a trick (100 + strength for trumps) if it can win
E_PTS = 5  # row: a card's points (0 with objective tricks)
E_DOM = 6  # row: the card that makes this one redundant while in the same hand (a bit mask)
E_MISC = 7  # row: M_* fields
M_MAX = 0  # 4 slots: 1 for the seats of the maximising side
M_ON = 4  # 1 when the kernel applies to this search
M_TRUMP = 5
M_TRICKS = 6  # objective tricks: a trick is worth 1
M_HAND = 8  # 4 slots: the hands during the endgame search
M_NODES = 12  # cards tried (the search's node count)
M_KILL = 16  # 8 slots: per trick left (2 or 3) and place in the trick, the last card that cut
ROWS = 8


def setup(E: np.ndarray, R: np.ndarray, T: np.ndarray, S: np.ndarray) -> None:
    """Fill the endgame rows of E for a search from position S (Python, once per solve)."""
    E[E_POWER:] = 0
    trump = int(S[S_TRUMP])
    on = (R[R_N] == 4 and R[R_NTEAMS] == 2 and R[R_OB_N] == 0 and R[R_LAST_BONUS] == 0
          and R[R_MARRIAGE] == 0 and R[R_ROEM] == 0 and trump >= 0 and S[S_COOP] == 0)
    if not on:
        return
    tricks = int(S[S_OBJ]) == 1
    for b in range(64):
        if (b >> 4) & 3 == trump:
            E[E_POWER, b] = 100 + T[T_TRUMP_STRENGTH, b]
            E[E_PTS, b] = 0 if tricks else T[T_TRUMP_PTS, b]
        else:
            E[E_POWER, b] = T[T_PLAIN_STRENGTH, b]
            E[E_PTS, b] = 0 if tricks else T[T_PLAIN_PTS, b]
    for seat in range(4):
        E[E_MISC, M_MAX + seat] = 1 if R[R_TEAM + seat] == S[S_MAXTEAM] else 0
    E[E_MISC, M_ON] = 1
    E[E_MISC, M_TRUMP] = trump
    E[E_MISC, M_TRICKS] = 1 if tricks else 0


@njit(cache=True, _nrt=False)
def dominance(E, ORD):
    """E_DOM for the cards in the hands: a card is redundant while the next stronger live card
    of its suit, with the same points, is in the same hand (they play alike)."""
    trump = E[E_MISC, M_TRUMP]
    live = E[E_MISC, M_HAND] | E[E_MISC, M_HAND + 1] | E[E_MISC, M_HAND + 2] \
        | E[E_MISC, M_HAND + 3]
    for suit in range(4):
        which = 1 if suit == trump else 0
        prev = -1
        for k in range(ORD[which, suit, 16]):
            b = ORD[which, suit, k]
            bit = 1 << b
            if not live & bit:
                continue
            E[E_DOM, b] = 0
            if prev >= 0 and E[E_PTS, prev] == E[E_PTS, b]:
                for seat in range(4):
                    h = E[E_MISC, M_HAND + seat]
                    if h & bit:
                        if h & (1 << prev):
                            E[E_DOM, b] = 1 << prev
                        break
            prev = b


@njit(cache=True, _nrt=False, inline="always")
def _cands(E, h):
    out = h
    m = h
    while m:
        b = low_bit(m)
        m &= m - 1
        if E[E_DOM, b] & h:
            out ^= 1 << b
    return out


@njit(cache=True, _nrt=False, inline="always")
def _trick(E, s0, c0, c1, c2, c3):
    """The winner of a trick led by seat s0, and its worth: (winner, total, gain)."""
    trump = E[E_MISC, M_TRUMP]
    led = (c0 >> 4) & 3
    best = 0
    bp = E[E_POWER, c0]
    s = (c1 >> 4) & 3
    if (s == trump) | (s == led):
        p = E[E_POWER, c1]
        if p > bp:
            bp = p
            best = 1
    s = (c2 >> 4) & 3
    if (s == trump) | (s == led):
        p = E[E_POWER, c2]
        if p > bp:
            bp = p
            best = 2
    s = (c3 >> 4) & 3
    if (s == trump) | (s == led):
        p = E[E_POWER, c3]
        if p > bp:
            best = 3
    w = (s0 + best) & 3
    total = E[E_PTS, c0] + E[E_PTS, c1] + E[E_PTS, c2] + E[E_PTS, c3]
    if E[E_MISC, M_TRICKS] == 1:
        total = 1
    gain = total if E[E_MISC, M_MAX + w] == 1 else 0
    return w, total, gain


@njit(cache=True, _nrt=False)
def eg1(E, s0):
    """One card each: the last trick plays itself."""
    c0 = low_bit(E[E_MISC, M_HAND + s0])
    c1 = low_bit(E[E_MISC, M_HAND + ((s0 + 1) & 3)])
    c2 = low_bit(E[E_MISC, M_HAND + ((s0 + 2) & 3)])
    c3 = low_bit(E[E_MISC, M_HAND + ((s0 + 3) & 3)])
    _w, _total, gain = _trick(E, s0, c0, c1, c2, c3)
    return gain


@njit(cache=True, _nrt=False)
def eg2(E, s0, alpha, beta, left):
    """Two cards each; ``left`` is what the remaining tricks hold (points, or tricks)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    if beta > left:
        beta = left
    if alpha < 0:
        alpha = 0
    H = M_HAND
    s1 = (s0 + 1) & 3
    s2 = (s0 + 2) & 3
    s3 = (s0 + 3) & 3
    x0 = E[E_MISC, M_MAX + s0] == 1
    x1 = E[E_MISC, M_MAX + s1] == 1
    x2 = E[E_MISC, M_MAX + s2] == 1
    x3 = E[E_MISC, M_MAX + s3] == 1
    a0 = alpha
    b0 = beta
    g0 = -INF if x0 else INF
    m0 = _cands(E, E[E_MISC, H + s0])
    while m0:
        k = m0 & E[E_MISC, M_KILL + 4]
        c0 = low_bit(k if k else m0)
        m0 ^= 1 << c0
        E[E_MISC, M_NODES] += 1
        E[E_MISC, H + s0] ^= 1 << c0
        a1 = a0
        b1 = b0
        g1 = -INF if x1 else INF
        m1 = _cands(E, E[E_MISC, H + s1])
        while m1:
            k = m1 & E[E_MISC, M_KILL + 5]
            c1 = low_bit(k if k else m1)
            m1 ^= 1 << c1
            E[E_MISC, M_NODES] += 1
            E[E_MISC, H + s1] ^= 1 << c1
            a2 = a1
            b2 = b1
            g2 = -INF if x2 else INF
            m2 = _cands(E, E[E_MISC, H + s2])
            while m2:
                k = m2 & E[E_MISC, M_KILL + 6]
                c2 = low_bit(k if k else m2)
                m2 ^= 1 << c2
                E[E_MISC, M_NODES] += 1
                E[E_MISC, H + s2] ^= 1 << c2
                a3 = a2
                b3 = b2
                g3 = -INF if x3 else INF
                m3 = _cands(E, E[E_MISC, H + s3])
                while m3:
                    k = m3 & E[E_MISC, M_KILL + 7]
                    c3 = low_bit(k if k else m3)
                    m3 ^= 1 << c3
                    E[E_MISC, M_NODES] += 1
                    E[E_MISC, H + s3] ^= 1 << c3
                    w, _total, gain = _trick(E, s0, c0, c1, c2, c3)
                    v = gain + eg1(E, w)
                    E[E_MISC, H + s3] ^= 1 << c3
                    if x3:
                        if v > g3:
                            g3 = v
                            if g3 >= b3:
                                E[E_MISC, M_KILL + 7] = 1 << c3
                                break
                            if g3 > a3:
                                a3 = g3
                    else:
                        if v < g3:
                            g3 = v
                            if g3 <= a3:
                                E[E_MISC, M_KILL + 7] = 1 << c3
                                break
                            if g3 < b3:
                                b3 = g3
                E[E_MISC, H + s2] ^= 1 << c2
                if x2:
                    if g3 > g2:
                        g2 = g3
                        if g2 >= b2:
                            E[E_MISC, M_KILL + 6] = 1 << c2
                            break
                        if g2 > a2:
                            a2 = g2
                else:
                    if g3 < g2:
                        g2 = g3
                        if g2 <= a2:
                            E[E_MISC, M_KILL + 6] = 1 << c2
                            break
                        if g2 < b2:
                            b2 = g2
            E[E_MISC, H + s1] ^= 1 << c1
            if x1:
                if g2 > g1:
                    g1 = g2
                    if g1 >= b1:
                        E[E_MISC, M_KILL + 5] = 1 << c1
                        break
                    if g1 > a1:
                        a1 = g1
            else:
                if g2 < g1:
                    g1 = g2
                    if g1 <= a1:
                        E[E_MISC, M_KILL + 5] = 1 << c1
                        break
                    if g1 < b1:
                        b1 = g1
        E[E_MISC, H + s0] ^= 1 << c0
        if x0:
            if g1 > g0:
                g0 = g1
                if g0 >= b0:
                    E[E_MISC, M_KILL + 4] = 1 << c0
                    break
                if g0 > a0:
                    a0 = g0
        else:
            if g1 < g0:
                g0 = g1
                if g0 <= a0:
                    E[E_MISC, M_KILL + 4] = 1 << c0
                    break
                if g0 < b0:
                    b0 = g0
    return g0


@njit(cache=True, _nrt=False)
def eg3(E, s0, alpha, beta, left):
    """Three cards each (the same loops as eg2, one trick deeper)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    if beta > left:
        beta = left
    if alpha < 0:
        alpha = 0
    H = M_HAND
    s1 = (s0 + 1) & 3
    s2 = (s0 + 2) & 3
    s3 = (s0 + 3) & 3
    x0 = E[E_MISC, M_MAX + s0] == 1
    x1 = E[E_MISC, M_MAX + s1] == 1
    x2 = E[E_MISC, M_MAX + s2] == 1
    x3 = E[E_MISC, M_MAX + s3] == 1
    a0 = alpha
    b0 = beta
    g0 = -INF if x0 else INF
    m0 = _cands(E, E[E_MISC, H + s0])
    while m0:
        k = m0 & E[E_MISC, M_KILL + 0]
        c0 = low_bit(k if k else m0)
        m0 ^= 1 << c0
        E[E_MISC, M_NODES] += 1
        E[E_MISC, H + s0] ^= 1 << c0
        a1 = a0
        b1 = b0
        g1 = -INF if x1 else INF
        m1 = _cands(E, E[E_MISC, H + s1])
        while m1:
            k = m1 & E[E_MISC, M_KILL + 1]
            c1 = low_bit(k if k else m1)
            m1 ^= 1 << c1
            E[E_MISC, M_NODES] += 1
            E[E_MISC, H + s1] ^= 1 << c1
            a2 = a1
            b2 = b1
            g2 = -INF if x2 else INF
            m2 = _cands(E, E[E_MISC, H + s2])
            while m2:
                k = m2 & E[E_MISC, M_KILL + 2]
                c2 = low_bit(k if k else m2)
                m2 ^= 1 << c2
                E[E_MISC, M_NODES] += 1
                E[E_MISC, H + s2] ^= 1 << c2
                a3 = a2
                b3 = b2
                g3 = -INF if x3 else INF
                m3 = _cands(E, E[E_MISC, H + s3])
                while m3:
                    k = m3 & E[E_MISC, M_KILL + 3]
                    c3 = low_bit(k if k else m3)
                    m3 ^= 1 << c3
                    E[E_MISC, M_NODES] += 1
                    E[E_MISC, H + s3] ^= 1 << c3
                    w, total, gain = _trick(E, s0, c0, c1, c2, c3)
                    v = gain + eg2(E, w, a3 - gain, b3 - gain, left - total)
                    E[E_MISC, H + s3] ^= 1 << c3
                    if x3:
                        if v > g3:
                            g3 = v
                            if g3 >= b3:
                                E[E_MISC, M_KILL + 3] = 1 << c3
                                break
                            if g3 > a3:
                                a3 = g3
                    else:
                        if v < g3:
                            g3 = v
                            if g3 <= a3:
                                E[E_MISC, M_KILL + 3] = 1 << c3
                                break
                            if g3 < b3:
                                b3 = g3
                E[E_MISC, H + s2] ^= 1 << c2
                if x2:
                    if g3 > g2:
                        g2 = g3
                        if g2 >= b2:
                            E[E_MISC, M_KILL + 2] = 1 << c2
                            break
                        if g2 > a2:
                            a2 = g2
                else:
                    if g3 < g2:
                        g2 = g3
                        if g2 <= a2:
                            E[E_MISC, M_KILL + 2] = 1 << c2
                            break
                        if g2 < b2:
                            b2 = g2
            E[E_MISC, H + s1] ^= 1 << c1
            if x1:
                if g2 > g1:
                    g1 = g2
                    if g1 >= b1:
                        E[E_MISC, M_KILL + 1] = 1 << c1
                        break
                    if g1 > a1:
                        a1 = g1
            else:
                if g2 < g1:
                    g1 = g2
                    if g1 <= a1:
                        E[E_MISC, M_KILL + 1] = 1 << c1
                        break
                    if g1 < b1:
                        b1 = g1
        E[E_MISC, H + s0] ^= 1 << c0
        if x0:
            if g1 > g0:
                g0 = g1
                if g0 >= b0:
                    E[E_MISC, M_KILL + 0] = 1 << c0
                    break
                if g0 > a0:
                    a0 = g0
        else:
            if g1 < g0:
                g0 = g1
                if g0 <= a0:
                    E[E_MISC, M_KILL + 0] = 1 << c0
                    break
                if g0 < b0:
                    b0 = g0
    return g0
