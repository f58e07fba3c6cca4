"""A dedicated kernel for two seats without obligations (2-player Briscola): the rest of the
deal from a trick boundary, stock and all, searched card by card with the hands in two words.

The general search (``dds.py``) spends about 300 ns a node on 2-player Briscola: move
generation, saved states, bounds and a 64-byte table entry at every trick boundary. With two
seats, every card legal and no bonus, a trick is two cards and a draw each from a stock whose
order the search knows, so here a node is a few look-ups: fail-soft alpha-beta, iterative
(numba cannot cache recursion), one row of ``E`` per ply for the frame (``E_DFRAME + ply``),
the last trick played out directly, and a table at trick boundaries (the endgame kernel's
table ``G`` and entry format, keyed by both hands in one word, the second seat's hand, and the
cards drawn, whose word also keeps the best card found), the point-less cards in the keys renamed
as the general search's keys are (:func:`_key`): positions that differ only by which of them
were played share an entry, which took 0.66 of the nodes in 2-player Briscola. The order: the
table's best card, then a fixed guess (rows ``E_DTHROW`` and ``E_DTAKE``, :func:`_next_card`);
equivalent cards merged; the top live trumps one seat holds as a floor or a cut; at the trick's
second card, the children looked up in the table before any is searched (enhanced
transposition cut-offs, their buckets all asked for before the first is read), the one whose
bound looks best first. (Killer cards and a history of cut-offs, as the other kernels use, took
more nodes here; asking at each lead for the buckets of the boundaries two cards on paid for
itself with keys of the hands as they are, not with renamed keys, which cost more to work out.)

Values are what the maximising side wins from the position, card points or tricks, as in the
general search; ``left`` is what is still to be won (the hands, the stock and the trick).
``dds._enter`` calls :func:`duel` at every trick boundary where ``E[E_MISC, M_DUEL]`` is set
(``endgame.setup`` sets it and writes the stock's order in row ``E_STOCK``); with an exchange
(``M_DUEL_LATE``) only where the stock stays as set to its end (``dds._stock_as_set``: no
exchange changed it on the line, none can from there) or is drawn out.
"""

from __future__ import annotations

from aceten.rules import lazy_numba
from aceten.rules.jit import low_bit, popcount
from aceten.rules.lazy_numba import njit
from aceten.search.endgame import (
    E_DBELOW,
    E_DFRAME,
    E_DSUF,
    E_DTAKE,
    E_DTHROW,
    E_DTRUMPS,
    E_DZERO,
    E_MISC,
    E_POWER,
    E_PTS,
    E_PW,
    E_STOCK,
    INF,
    M_DETC,
    M_DTRUMPS,
    M_GEN,
    M_MAX,
    M_NODES,
    M_SLEN,
    M_TRICKS,
    M_TRUMP,
    MAX_POINTS,
    _store,
    bucket,
    dearest,
    folded_bounds,
    mark,
    probe_masked,
    renamed,
    seen,
    sure_winners,
)
from aceten.search.kernels import DRAW_SWING, draw_worth, prefetch, table_window

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

OPEN = -(1 << 40)  # a frame was set up: the node's cards are to be searched
NOT_KEYED = -2  # D_FOUND of a node with no table entry (mid-trick, or too many points)
# the frame's fields: row E_DFRAME + ply of E, one column each
D_H0 = 0  # seat 0's hand
D_H1 = 1  # seat 1's hand
D_D = 2  # stock cards drawn
D_LEFT = 3  # points (or tricks) still to be won
D_S = 4  # the trick's leader
D_C0 = 5  # the card led, -1 at a trick boundary
D_ALPHA = 6
D_BETA = 7
D_A0 = 8  # the window as entered (after the table narrowed it)
D_B0 = 9
D_G = 10
D_CANDS = 11  # the cards not yet searched (bits)
D_CUR = 12
D_GAIN = 13  # what the current card's trick gave the maximising side
D_MAXING = 14
D_FOUND = 15  # the table: the entry found (or -1, or NOT_KEYED), its bucket, bounds
D_E0 = 16
D_LOWER = 17
D_UPPER = 18
D_FIRST = 19  # the card to try first (a bit; 0: none): the table's best card
D_BEST = 20  # the best card so far
D_U = 21  # a trick boundary's key words in the table (``_key``)
D_A = 22
D_CHILD = 23  # at a trick's second card: each card's child boundary as keyed ahead (``_reply``),
CHILD_WORDS = 5  # its key words, cards drawn, leader and what the trick gave the maximising side,
CHILDREN = 8  # for the first CHILDREN cards
D_ALL = 63  # at a trick's second card: the cards keyed ahead (a card's place among them)
assert D_CHILD + CHILD_WORDS * CHILDREN <= 64  # a frame is a row of E


BEST_SHIFT = 8  # the third key word: the cards drawn, then the best card plus one (0: none)


@njit(cache=True, _nrt=False, inline="always")
def _probe(G, u, a, d, s0, gen):
    """The table entry of (u, a, d, leader s0): (bucket, entry or -1, lower bound, upper bound,
    the best card found there or -1)."""
    e0, e, lower, upper, w2 = probe_masked(G, u, a, d, (1 << BEST_SHIFT) - 1, s0, gen)
    return e0, e, lower, upper, (w2 >> BEST_SHIFT) - 1


@njit(cache=True, _nrt=False, inline="always")
def _slot(E, c, live):
    """The name the table gives card c (held) among the ``live`` cards: its own, or if it is
    renamable, ``endgame.renamed``."""
    if (E[E_DZERO, 0] >> c) & 1:
        return renamed(E, c, live)
    return c


@njit(cache=True, _nrt=False, inline="always")
def _key(E, h0, h1, live):
    """The table's key words of a trick boundary with hands h0 and h1, ``live`` the cards in
    the hands and the stock: both hands, and the second, each renamable card by its ``_slot``.
    As in ``dds.canonical_key``, which of the point-less cards were played no longer matters,
    only how many of them are left: positions that differ only by that share an entry (the
    stock is the same for a number of cards drawn, so its cards take the same names)."""
    z = E[E_DZERO, 0]
    u = (h0 | h1) & ~z
    a = h1 & ~z
    x = (h0 | h1) & z
    while x:
        c = low_bit(x)
        x &= x - 1
        t = 1 << renamed(E, c, live)
        u |= t
        if (h1 >> c) & 1:
            a |= t
    return u, a


@njit(cache=True, _nrt=False, inline="always")
def _trick(E, s, c0, c, h0, h1, d, slen):
    """The trick seat s led with c0 (no longer in its hand) and the other seat answered with
    c: its winner, what it is worth, what it gives the maximising side, and the hands and the
    cards drawn after it (the winner draws first)."""
    w = 1 - s if E[E_PW + ((c0 >> 4) & 3), c] > E[E_POWER, c0] else s
    won = 1 if E[E_MISC, M_TRICKS] == 1 else E[E_PTS, c0] + E[E_PTS, c]
    gain = won if E[E_MISC, M_MAX + w] == 1 else 0
    if s == 0:
        h1 ^= 1 << c
    else:
        h0 ^= 1 << c
    if d < slen:
        first = 1 << E[E_STOCK, d]
        second = 1 << E[E_STOCK, d + 1]
        if w == 0:
            h0 |= first
            h1 |= second
        else:
            h1 |= first
            h0 |= second
        d += 2
    return w, won, gain, h0, h1, d


@njit(cache=True, _nrt=False, inline="always")
def _child(E, s, c0, c, h0, h1, d, slen):
    """The trick boundary after seat s led c0 and the other seat answered c: its key words,
    cards drawn and leader, and what the trick gave the maximising side (``_trick``, ``_key``)."""
    w, _won, gain, n0, n1, nd = _trick(E, s, c0, c, h0, h1, d, slen)
    u, a = _key(E, n0, n1, n0 | n1 | E[E_DSUF, nd])
    return u, a, nd, w, gain


@njit(cache=True, _nrt=False, inline="always")
def _frame(E, p, s, c0, h0, h1, d, left, alpha, beta, maxing, cands, first):
    """Set up the frame of the node at ply p (seat s leads, c0 the card led or -1)."""
    f = E_DFRAME + p
    E[f, D_H0] = h0
    E[f, D_H1] = h1
    E[f, D_D] = d
    E[f, D_LEFT] = left
    E[f, D_S] = s
    E[f, D_C0] = c0
    E[f, D_ALPHA] = alpha
    E[f, D_BETA] = beta
    E[f, D_A0] = alpha
    E[f, D_B0] = beta
    E[f, D_G] = -INF if maxing == 1 else INF
    E[f, D_CANDS] = cands
    E[f, D_MAXING] = maxing
    E[f, D_FIRST] = first


@njit(cache=True, _nrt=False)
def _lead(E, G, stats, p, s, h0, h1, d, left, alpha, beta, u, a):
    """Enter a trick boundary at ply p, seat s to lead: its value if bounds, the last trick or
    the table settle it, else OPEN with its frame ready. ``u`` and ``a`` are its key words as
    its parent keyed them ahead (``_reply``), or u is -1: then they are worked out here."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    hs = h0 if s == 0 else h1
    if d >= E[E_MISC, M_SLEN] and (hs & (hs - 1)) == 0:
        # the last trick: one card each
        c0 = low_bit(hs)
        c1 = low_bit(h1 if s == 0 else h0)
        w = s if E[E_PW + ((c0 >> 4) & 3), c1] <= E[E_POWER, c0] else 1 - s
        return left if E[E_MISC, M_MAX + w] == 1 else 0
    found = NOT_KEYED
    e0 = 0
    lower = 0
    upper = INF
    best = -1
    live = h0 | h1 | E[E_DSUF, d]
    if u < 0:
        u, a = _key(E, h0, h1, live)
    if left <= MAX_POINTS:
        stats[1] += 1
        if seen(E, G, u, a, d, s):
            e0, found, lower, upper, best = _probe(G, u, a, d, s, E[E_MISC, M_GEN])
        else:  # (never stored: not in the table)
            e0 = bucket(G, u, a, d, s)
            found = -1
        if found >= 0:
            settled, g, alpha, beta = table_window(lower, upper, alpha, beta, stats)
            if settled:
                return g
            if best >= 0 and (E[E_DZERO, 0] >> best) & 1:  # kept by its name: which card is it?
                named = best
                best = -1
                x = hs & E[E_DZERO, 0]
                while x:
                    c = low_bit(x)
                    x &= x - 1
                    if _slot(E, c, live) == named:
                        best = c
    # the top live trumps, while one seat holds them, take their points for it
    holder = -1
    sure = 0
    for k in range(E[E_MISC, M_DTRUMPS]):
        bit = 1 << E[E_DTRUMPS, k]
        if not live & bit:
            continue
        seat = 0 if h0 & bit else (1 if h1 & bit else -1)
        if seat < 0 or (holder >= 0 and seat != holder):
            break
        holder = seat
        sure += 1 if E[E_MISC, M_TRICKS] == 1 else E[E_PTS, E[E_DTRUMPS, k]]
    if holder >= 0:
        if E[E_MISC, M_MAX + holder] == 1:
            if sure >= beta:
                return sure
        elif left - sure <= alpha:
            return left - sure
    cands = _merge(E, hs, live)
    _frame(E, p, s, -1, h0, h1, d, left, alpha, beta, E[E_MISC, M_MAX + s], cands,
           (1 << best) if best >= 0 and cands & (1 << best) else 0)
    f = E_DFRAME + p
    E[f, D_FOUND] = found
    E[f, D_U] = u
    E[f, D_A] = a
    E[f, D_E0] = e0
    E[f, D_LOWER] = lower
    E[f, D_UPPER] = upper
    return OPEN


@njit(cache=True, _nrt=False)
def _reply(E, G, p, s, c0, h0, h1, d, left, alpha, beta):
    """Enter the second card of a trick at ply p (seat s led c0, no longer in its hand)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    maxing = E[E_MISC, M_MAX + 1 - s]
    cands = _merge(E, h1 if s == 0 else h0, h0 | h1 | E[E_DSUF, d] | (1 << c0))
    slen = E[E_MISC, M_SLEN]
    # each card's child boundary keyed and its table bucket asked for (prefetched), so that
    # the look-ups below overlap their waits on memory
    f = E_DFRAME + p
    m = cands
    i = 0
    while m and i < CHILDREN:
        c = low_bit(m)
        m &= m - 1
        u, a, nd, w, gain = _child(E, s, c0, c, h0, h1, d, slen)
        prefetch(G, bucket(G, u, a, nd, w) << 2)
        x = D_CHILD + CHILD_WORDS * i
        E[f, x] = u
        E[f, x + 1] = a
        E[f, x + 2] = nd
        E[f, x + 3] = w
        E[f, x + 4] = gain
        i += 1
    # enhanced transposition cut-off: a child whose stored bound settles this node
    # (and the child whose bound looks best is searched first)
    m = cands
    first = 0
    hope = -INF
    i = 0
    while m:
        c = low_bit(m)
        m &= m - 1
        if i < CHILDREN:
            x = D_CHILD + CHILD_WORDS * i
            u = E[f, x]
            a = E[f, x + 1]
            nd = E[f, x + 2]
            w = E[f, x + 3]
            gain = E[f, x + 4]
        else:
            u, a, nd, w, gain = _child(E, s, c0, c, h0, h1, d, slen)
        i += 1
        if not seen(E, G, u, a, nd, w):
            continue
        _e0, found, lower, upper, _best = _probe(G, u, a, nd, w, E[E_MISC, M_GEN])
        if found >= 0:
            if maxing == 1:
                if lower + gain >= beta:
                    E[E_MISC, M_DETC] += 1
                    return lower + gain
                if lower + gain > hope:
                    hope = lower + gain
                    first = 1 << c
            else:
                if upper + gain <= alpha:
                    E[E_MISC, M_DETC] += 1
                    return upper + gain
                if -(upper + gain) > hope:
                    hope = -(upper + gain)
                    first = 1 << c
    _frame(E, p, s, c0, h0, h1, d, left, alpha, beta, maxing, cands, first)
    E[E_DFRAME + p, D_FOUND] = NOT_KEYED
    E[E_DFRAME + p, D_ALL] = cands
    return OPEN


@njit(cache=True, _nrt=False)
def _merge(E, m, live):
    """One card of each group of equivalent cards of m: same suit, same points, no live card
    between them in the suit's order (as ``dds.merge_cards``; nothing here looks at a card by
    name). The strongest of each group is kept."""
    out = m
    x = m
    while x:
        c = low_bit(x)
        x &= x - 1
        rest = x & (0xFFFF << (c & 48))
        while rest:
            c2 = low_bit(rest)
            rest &= rest - 1
            if E[E_PTS, c] != E[E_PTS, c2]:
                continue
            if E[E_POWER, c] > E[E_POWER, c2]:
                hi = c
                lo = c2
            else:
                hi = c2
                lo = c
            if (E[E_DBELOW, hi] & ~E[E_DBELOW, lo] & ~(1 << lo) & live) == 0:
                out &= ~(1 << lo)
    return out


@njit(cache=True, _nrt=False, inline="always")
def _next_card(E, m, c0, s, h0, h1, d):
    """The card of m to search next: a lead sure to win its trick (``endgame.sure_winners``
    against the other hand), the dearest first (0.75 of the nodes in 2-player Briscola);
    then leads and cards that do not take the trick cheapest first (rows ``E_DTHROW``, a
    trump dearer than any plain card); a card that takes it before them, even a trump on a
    worthless lead, the cheapest that takes it first (row ``E_DTAKE``). (``dds.gen_moves``
    trumps a cheap trick late and holds trumps less dear: in 2-player Briscola this order
    takes 0.90–0.93 of its nodes: docs/benchmarks.md.) Where the trick's loser draws the
    better card (``kernels.draw_worth``), the throws before the takes. Seat s leads; h0, h1
    the hands, d the cards drawn."""
    if c0 < 0:
        sure = sure_winners(E, m, h1 if s == 0 else h0)
        if sure:
            return dearest(E, sure)
    throws = 0  # what a throw gains in the order: first where the loser draws the better card
    if c0 >= 0 and d + 1 < E[E_MISC, M_SLEN]:
        top = E[E_STOCK, d]
        after = E[E_STOCK, d + 1]
        trump = E[E_MISC, M_TRUMP]
        if draw_worth(E[E_PTS, top], top, trump) - draw_worth(E[E_PTS, after], after, trump) \
                < -DRAW_SWING:
            throws = 1 << 20
    best = -1
    score = -(1 << 40)
    while m:
        c = low_bit(m)
        m &= m - 1
        takes = c0 >= 0 and E[E_PW + ((c0 >> 4) & 3), c] > E[E_POWER, c0]
        v = E[E_DTAKE, c] if takes else E[E_DTHROW, c] + throws
        if v > score:
            score = v
            best = c
    return best


@njit(cache=True, _nrt=False)
def _leave(E, G, stats, p):
    """Finish the node at ply p: store its bounds (at a trick boundary); return its value."""
    g = E[E_DFRAME + p, D_G]
    found = E[E_DFRAME + p, D_FOUND]
    if found != NOT_KEYED:
        lower = E[E_DFRAME + p, D_LOWER]
        upper = E[E_DFRAME + p, D_UPPER]
        best = E[E_DFRAME + p, D_BEST]
        lower, upper = folded_bounds(lower, upper, g, E[E_DFRAME + p, D_A0], E[E_DFRAME + p, D_B0])
        if g <= E[E_DFRAME + p, D_A0]:
            best = -1  # every card failed low: none is known best
        if best >= 0:  # kept by the name the key gives it
            live = E[E_DFRAME + p, D_H0] | E[E_DFRAME + p, D_H1] | E[E_DSUF, E[E_DFRAME + p, D_D]]
            best = _slot(E, best, live)
        mark(E, G, E[E_DFRAME + p, D_U], E[E_DFRAME + p, D_A], E[E_DFRAME + p, D_D],
             E[E_DFRAME + p, D_S])
        _store(G, E[E_DFRAME + p, D_E0], found, E[E_DFRAME + p, D_U], E[E_DFRAME + p, D_A],
               E[E_DFRAME + p, D_D] | ((best + 1) << BEST_SHIFT), E[E_DFRAME + p, D_S],
               E[E_MISC, M_GEN], lower, min(upper, E[E_DFRAME + p, D_LEFT]), stats)
    return g


@njit(cache=True, _nrt=False)
def duel(E, G, stats, s, h0, h1, d, left, alpha, beta):
    """Fail-soft alpha-beta from a trick boundary, seat s to lead: what the maximising side
    wins of the ``left`` points (or tricks) still to be won, exact inside (alpha, beta).
    ``d`` stock cards are drawn; E[E_MISC, M_NODES] gains the cards tried, E[E_MISC, M_DETC]
    the enhanced transposition cut-offs."""
    r = _lead(E, G, stats, 0, s, h0, h1, d, left, alpha, beta, -1, 0)
    if r != OPEN:
        return r
    slen = E[E_MISC, M_SLEN]
    nodes = 0
    p = 0
    while True:
        m = E[E_DFRAME + p, D_CANDS]
        k = m & E[E_DFRAME + p, D_FIRST]
        if k:
            E[E_DFRAME + p, D_FIRST] = 0
            c = low_bit(k)
        else:
            c = _next_card(E, m, E[E_DFRAME + p, D_C0], E[E_DFRAME + p, D_S],
                           E[E_DFRAME + p, D_H0], E[E_DFRAME + p, D_H1], E[E_DFRAME + p, D_D])
        bit = 1 << c
        E[E_DFRAME + p, D_CANDS] = m ^ bit
        E[E_DFRAME + p, D_CUR] = c
        nodes += 1
        s = E[E_DFRAME + p, D_S]
        h0 = E[E_DFRAME + p, D_H0]
        h1 = E[E_DFRAME + p, D_H1]
        d = E[E_DFRAME + p, D_D]
        left = E[E_DFRAME + p, D_LEFT]
        c0 = E[E_DFRAME + p, D_C0]
        if c0 < 0:
            if s == 0:
                h0 ^= bit
            else:
                h1 ^= bit
            gain = 0
            r = _reply(E, G, p + 1, s, c, h0, h1, d, left, E[E_DFRAME + p, D_ALPHA], E[E_DFRAME + p, D_BETA])
        else:
            w, won, gain, h0, h1, d = _trick(E, s, c0, c, h0, h1, d, slen)
            i = popcount(E[E_DFRAME + p, D_ALL] & (bit - 1))
            if i < CHILDREN:
                u = E[E_DFRAME + p, D_CHILD + CHILD_WORDS * i]
                a = E[E_DFRAME + p, D_CHILD + CHILD_WORDS * i + 1]
            else:
                u = -1
                a = 0
            r = _lead(E, G, stats, p + 1, w, h0, h1, d, left - won, E[E_DFRAME + p, D_ALPHA] - gain,
                      E[E_DFRAME + p, D_BETA] - gain, u, a)
        E[E_DFRAME + p, D_GAIN] = gain
        if r == OPEN:
            p += 1
            continue
        # a child's value r is known: fold it into its parent, and finish nodes upwards
        while True:
            v = E[E_DFRAME + p, D_GAIN] + r
            cut = False
            if E[E_DFRAME + p, D_MAXING] == 1:
                if v > E[E_DFRAME + p, D_G]:
                    E[E_DFRAME + p, D_G] = v
                    E[E_DFRAME + p, D_BEST] = E[E_DFRAME + p, D_CUR]
                    if v >= E[E_DFRAME + p, D_BETA]:
                        cut = True
                    elif v > E[E_DFRAME + p, D_ALPHA]:
                        E[E_DFRAME + p, D_ALPHA] = v
            else:
                if v < E[E_DFRAME + p, D_G]:
                    E[E_DFRAME + p, D_G] = v
                    E[E_DFRAME + p, D_BEST] = E[E_DFRAME + p, D_CUR]
                    if v <= E[E_DFRAME + p, D_ALPHA]:
                        cut = True
                    elif v < E[E_DFRAME + p, D_BETA]:
                        E[E_DFRAME + p, D_BETA] = v
            if not cut and E[E_DFRAME + p, D_CANDS] != 0:
                break
            r = _leave(E, G, stats, p)
            if p == 0:
                E[E_MISC, M_NODES] += nodes
                return r
            p -= 1
