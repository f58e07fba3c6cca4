"""A kernel for the last tricks of five and six seats in plain play (Briscola chiamata, 6-player
Briscola and Brisca): the tricks left once the stock is drawn out, searched card by card.

Nearly all of such a search lies in its last three tricks (6-player Briscola: 98% of the
nodes), where the general search (``dds.py``) spent about 100 ns a node: move generation,
saved states, bounds and a table entry at every trick boundary. With every card legal and no
bonus, a trick is one card of each hand and its winner is a comparison of powers, so here a node
is a few look-ups in the card rows that ``endgame.card_rows`` fills for the deal: fail-soft
alpha-beta, iterative (numba cannot cache recursion), one row of ``E`` per card played
(``E_MFRAME + ply``), the hands in row ``E_MANY``, the last trick scored in closed form, at
each ply the card that last cut there tried first, equal cards of one hand merged
(``endgame.dominated_cards``), and a trick it starts settled without a search where the top
live trumps one side holds decide the window (``endgame.top_trumps``). ``dds._enter`` calls
:func:`many` at a trick boundary with ``MANY_LEFT`` tricks left or fewer, after its own table's
probe, and stores what it returns there like any other node's bounds. Inside, the trick
boundaries with two tricks left go through the kernels' table (``endgame._probe``, ``_store``:
keyed by the live cards, each one's seat in three bits, and the leader), which meets them again
from other three-trick positions and other probes: a small table (``TABLE_BITS``) that stays in
a core's cache, and only searches of ``STORE_NODES`` nodes or more stored.

Its rows are the two-seat kernel's (``duel.py``), which never applies to the same search.
Values are what the maximising side (``side``: a bit per seat) wins from the position, card
points or tricks, as in the general search; ``left`` is what is still to be won.
"""

from __future__ import annotations

import numpy as np

from aceten.rules import lazy_numba
from aceten.rules.jit import low_bit, popcount
from aceten.rules.layout import R_N, S_OBJ, S_TRUMP
from aceten.rules.lazy_numba import njit
from aceten.search.endgame import (
    E_DFRAME,
    E_DOM,
    E_MISC,
    E_PTS,
    E_PW,
    INF,
    M_DOMINATED,
    M_GEN,
    M_NODES,
    M_TRICKS,
    M_TRUMP,
    MAX_POINTS,
    _cands,
    _probe,
    _store,
    card_rows,
    dominated_cards,
    folded_bounds,
    plain_adversarial,
    top_trumps,
)
from aceten.search.kernels import table_window

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

MANY_SEATS = 5  # the kernel takes five seats or more (fewer have kernels of their own)
MANY_LEFT = 3  # the most tricks left at which the general search hands a boundary to it
# (two: 0.54 of six-seat Briscola's CPU against three's 0.34; four: 3.3 times the CPU)
TABLE_BITS = 14  # its table of two-trick positions: 2**14 entries (512 KB, in a core's 1 MB L2
# cache; six-seat Briscola deals 0-19, CPU over no table: 2**13 0.875, 2**14 0.853, 2**15 0.86,
# 2**16 0.93, 2**18 1.06)
STORE_NODES = 12  # a two-trick search stored only when it took this many nodes or more (every
# one: 0.90 at 2**15; 8: 0.95, 12: 0.86, 16: 0.87, 24: 1.01)
E_MANY = E_DFRAME  # row: the fields below
MM_ON = 0  # 1 when the kernel applies to this search
MM_N = 1  # the number of seats
MM_HAND = 8  # a slot per seat: its hand, while the kernel searches
E_MFRAME = E_DFRAME + 1  # a row per card played: the frame of the node that plays it
# the frame's fields, one column each
F_SEAT = 0  # the seat to play
F_PLACE = 1  # its place in the trick
F_LEADER = 2  # the trick's leader
F_LED = 3  # the row of powers for the suit led (E_PW + suit), once a card is led
F_TOP = 4  # the power winning the trick so far
F_WIN = 5  # and its place
F_PTS = 6  # the points on the table
F_LEFT = 7  # what is still to be won from the trick's start (its cards included)
F_TRICK = 8  # the trick's number in this search (0: the first)
F_ALPHA = 9
F_BETA = 10
F_G = 11
F_CANDS = 12  # the cards not yet searched (bits)
F_CUR = 13  # the card searched now
F_GAIN = 14  # at a trick's last card: what its trick gave the maximising side
F_MAXING = 15
F_KILL = 16  # the card that last cut at this ply (a bit), kept from call to call of a solve
F_KEYED = 17  # 1 at a trick's first card with two tricks left: the table's entry, below
F_U = 18  # its key words
F_A = 19
F_B = 20
F_E0 = 21  # its bucket and the entry found (or -1)
F_FOUND = 22
F_A0 = 23  # the window it was searched in
F_B0 = 24
F_LOWER = 25  # the bounds it had
F_UPPER = 26
F_NODES = 27  # the nodes searched before it


def applies(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether the kernel applies to a search of position S under rules R."""
    return bool(R[R_N] >= MANY_SEATS and plain_adversarial(R, S))


def fill(E: np.ndarray, R: np.ndarray, T: np.ndarray, S: np.ndarray) -> None:
    """The kernel's rows of E for a search from position S (``endgame.setup`` calls it)."""
    tricks = int(S[S_OBJ]) == 1
    card_rows(E, T, int(S[S_TRUMP]), tricks)
    E[E_MISC, M_TRUMP] = S[S_TRUMP]
    E[E_MISC, M_TRICKS] = 1 if tricks else 0
    E[E_MANY, MM_ON] = 1
    E[E_MANY, MM_N] = R[R_N]


@njit(cache=True, _nrt=False, inline="always")
def _open(E, f, seat, place, leader, left, trick, alpha, beta, side):
    """Set up frame row f for ``seat`` to play (its hand's cards to search)."""
    E[f, F_SEAT] = seat
    E[f, F_PLACE] = place
    E[f, F_LEADER] = leader
    E[f, F_LEFT] = left
    E[f, F_TRICK] = trick
    E[f, F_ALPHA] = alpha
    E[f, F_BETA] = beta
    maxing = (side >> seat) & 1
    E[f, F_MAXING] = maxing
    E[f, F_G] = -INF if maxing else INF
    E[f, F_CANDS] = _cands(E, E[E_MANY, MM_HAND + seat], E_DOM, M_DOMINATED)
    E[f, F_KEYED] = 0


@njit(cache=True, _nrt=False, inline="always")
def _fold(E, f, v, c):
    """Fold the value v of card c into frame row f; a cut ends the frame's search."""
    if E[f, F_MAXING]:
        if v > E[f, F_G]:
            E[f, F_G] = v
            if v >= E[f, F_BETA]:
                E[f, F_KILL] = 1 << c
                E[f, F_CANDS] = 0
            elif v > E[f, F_ALPHA]:
                E[f, F_ALPHA] = v
    elif v < E[f, F_G]:
        E[f, F_G] = v
        if v <= E[f, F_ALPHA]:
            E[f, F_KILL] = 1 << c
            E[f, F_CANDS] = 0
        elif v < E[f, F_BETA]:
            E[f, F_BETA] = v


@njit(cache=True, _nrt=False, inline="always")
def _last_winner(E, leader, n):
    """The seat that takes the last trick, one card left in each hand, ``leader`` leading."""
    seat = leader
    c = low_bit(E[E_MANY, MM_HAND + seat])
    led = E_PW + ((c >> 4) & 3)
    top = E[led, c]
    win = seat
    for _ in range(n - 1):
        seat += 1
        if seat == n:
            seat = 0
        p = E[led, low_bit(E[E_MANY, MM_HAND + seat])]
        if p > top:
            top = p
            win = seat
    return win


@njit(cache=True, _nrt=False, inline="always")
def _owners(E, n, live):
    """Each live card's seat, three bits a card in the order of their bits in ``live``."""
    out = 0
    for seat in range(n):
        h = E[E_MANY, MM_HAND + seat]
        while h:
            c = low_bit(h)
            h &= h - 1
            out |= seat << (3 * popcount(live & ((1 << c) - 1)))
    return out


@njit(cache=True, _nrt=False)
def many(E, G, ORD, stats, s0, side, alpha, beta, left, tricks):
    """The fail-soft value of the last ``tricks`` tricks (2 or 3, the hands in E[E_MANY,
    MM_HAND:], every hand as long as the tricks), ``s0`` leading: what the seats of ``side``
    (bits) win of the ``left`` points still to be won, searched in the window (alpha, beta)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    if beta > left:
        beta = left
    if alpha < 0:
        alpha = 0
    n = E[E_MANY, MM_N]
    by_tricks = E[E_MISC, M_TRICKS] == 1
    live = 0
    for seat in range(n):
        live |= E[E_MANY, MM_HAND + seat]
    E[E_MISC, M_DOMINATED] = dominated_cards(E, ORD, live, E_DOM, E_MANY, MM_HAND, n)
    nodes = 0
    _open(E, E_MFRAME, s0, 0, s0, left, 0, alpha, beta, side)
    ply = 0
    v = 0
    while True:
        f = E_MFRAME + ply
        m = E[f, F_CANDS]
        if m == 0:  # every card searched, or one cut: the node's value to its parent
            v = E[f, F_G]
            if E[f, F_KEYED] == 1 and nodes - E[f, F_NODES] >= STORE_NODES:
                lower, upper = folded_bounds(E[f, F_LOWER], E[f, F_UPPER], v, E[f, F_A0],
                                             E[f, F_B0])
                _store(G, E[f, F_E0], E[f, F_FOUND], E[f, F_U], E[f, F_A], E[f, F_B], 0,
                       E[E_MISC, M_GEN], lower, min(upper, E[f, F_LEFT]), stats)
            if ply == 0:
                break
            ply -= 1
            f -= 1
            c = E[f, F_CUR]
            E[E_MANY, MM_HAND + E[f, F_SEAT]] |= 1 << c
            _fold(E, f, E[f, F_GAIN] + v, c)
            continue
        k = m & E[f, F_KILL]
        c = low_bit(k if k else m)
        E[f, F_CANDS] = m ^ (1 << c)
        nodes += 1
        seat = E[f, F_SEAT]
        E[E_MANY, MM_HAND + seat] ^= 1 << c
        place = E[f, F_PLACE]
        led = E[f, F_LED]
        top = E[f, F_TOP]
        win = E[f, F_WIN]
        if place == 0:
            led = E_PW + ((c >> 4) & 3)
            top = E[led, c]
            win = 0
        else:
            p = E[led, c]
            if p > top:
                top = p
                win = place
        pts = E[f, F_PTS] + E[E_PTS, c]
        if place < n - 1:  # the next seat plays to the trick
            nxt = seat + 1
            if nxt == n:
                nxt = 0
            g = f + 1
            _open(E, g, nxt, place + 1, E[f, F_LEADER], E[f, F_LEFT], E[f, F_TRICK],
                  E[f, F_ALPHA], E[f, F_BETA], side)
            E[g, F_LED] = led
            E[g, F_TOP] = top
            E[g, F_WIN] = win
            E[g, F_PTS] = pts
            E[f, F_CUR] = c
            E[f, F_GAIN] = 0
            ply += 1
            continue
        # the trick is complete: its winner leads the next
        total = 1 if by_tricks else pts
        winner = E[f, F_LEADER] + win
        if winner >= n:
            winner -= n
        gain = total if (side >> winner) & 1 else 0
        rest = E[f, F_LEFT] - total
        a = E[f, F_ALPHA] - gain
        b = E[f, F_BETA] - gain
        w = gain  # (b <= 0: the next tricks cannot lower it out of the window)
        if E[f, F_TRICK] == tricks - 2:  # one card left in each hand: the last trick
            w = gain + (rest if (side >> _last_winner(E, winner, n)) & 1 else 0)
        elif rest <= a:  # the next tricks cannot lift it into the window
            w = gain + rest
        elif b > 0:
            live = 0
            ours = 0
            for k in range(n):
                h = E[E_MANY, MM_HAND + k]
                live |= h
                if (side >> k) & 1:
                    ours |= h
            who, sure = top_trumps(E, ORD, live, ours)
            if who == 1 and sure >= b:
                w = gain + sure
            elif who == 0 and rest - sure <= a:
                w = gain + rest - sure
            else:
                a = max(a, 0)
                b = min(b, rest)
                keyed = tricks - E[f, F_TRICK] == 3 and rest <= MAX_POINTS
                u = 0
                ka = 0
                e0 = -1
                found = -1
                lower = 0
                upper = INF
                settled = 0
                if keyed:  # two tricks left: the table, keyed by the live cards above
                    u = live
                    ka = _owners(E, n, u)
                    stats[1] += 1
                    e0, found, lower, upper = _probe(G, u, ka, winner, 0, E[E_MISC, M_GEN])
                    if found >= 0:
                        settled, known, a, b = table_window(lower, upper, a, b, stats)
                        if settled:
                            w = gain + known
                if not settled:
                    nf = f + 1
                    _open(E, nf, winner, 0, winner, rest, E[f, F_TRICK] + 1, a, b, side)
                    E[nf, F_PTS] = 0
                    if keyed:
                        E[nf, F_KEYED] = 1
                        E[nf, F_U] = u
                        E[nf, F_A] = ka
                        E[nf, F_B] = winner
                        E[nf, F_E0] = e0
                        E[nf, F_FOUND] = found
                        E[nf, F_A0] = a
                        E[nf, F_B0] = b
                        E[nf, F_LOWER] = lower
                        E[nf, F_UPPER] = upper
                        E[nf, F_NODES] = nodes
                    E[f, F_CUR] = c
                    E[f, F_GAIN] = gain
                    ply += 1
                    continue
        E[E_MANY, MM_HAND + seat] |= 1 << c
        _fold(E, f, w, c)
    E[E_MISC, M_NODES] += nodes
    return v
