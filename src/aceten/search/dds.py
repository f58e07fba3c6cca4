"""The double-dummy search kernels: fail-soft alpha-beta with a transposition table, driven by
zero-window (MTD(f)) probes, with move ordering, merged equivalent cards and cheap bounds.

Values are what the maximising side (``S[S_MAXTEAM]``) still wins from the position: card
points, last-trick bonus, roem and marriages it scores (or tricks, with objective tricks). The
other seats minimise that value (with ``S[S_COOP]`` every seat maximises it). Play is searched
to the end of the deal, so every bound stored in the table is a true bound on the value of its
position and bounds from different probes combine safely.

Table entries are kept at trick boundaries only, keyed by every hand, the leader, the stock
position and face-up card, the trump suit and the maximising side, and checked in full (no
collision can return a wrong value). An entry has room for four hand words: up to four seats
they are the hands themselves; with five or six, the live cards and three bit planes of each
card's holder (``pack_hands``: one to one, as the hands are disjoint), and the seats of the
maximising side go into the meta word (a hidden team's sides are set by each deal's call).

In 4-player games without obligations the last four tricks go to the endgame kernel
(``endgame.py``), and with two seats without obligations every trick boundary goes to the
two-seat kernel (``duel.py``); their nodes and table probes count in the same statistics.

Two threads may search one zero-window probe together over one table (``alphabeta`` with
``me`` 0 and 1, see ``shared_control``; the solver drives them). Why that stays exact:

- Every bound either thread stores is a true bound of its position, whatever the window or
  the order the moves were searched in (play is searched to the end), so bounds stored by one
  thread are as good for the other as its own. A thread stopped by the abort flag returns at
  once, without storing anything for the nodes it leaves unfinished, and its result is not
  used; what it stored before (finished nodes, endgame kernel calls run to their end) is true.
- The table is written without locks. An aligned 8-byte word is written and read whole on the
  64-bit machines numba targets, but an entry is 8 words, so a reader may meet an entry half
  written by another thread, or two stores to one entry may interleave. Each entry therefore
  carries a check word, a hash mix of its other seven words in order, written by the same
  store; ``tt_find`` reads the words once into locals, accepts the entry only when the check
  matches them, and uses only those locals. An entry mixing words of two stores fails the
  check unless the 64-bit mix collides (a chance of about 2**-63 for each torn entry read); a
  failed check reads as a missing entry, which only costs a search. (An xor of the hands would
  not do as a check: the hands of one set of cards dealt differently xor to the same mask.)
- ``tt_store`` looks its entry up again when it stores, rather than trusting the slot it found
  when the node was entered: the other thread (or this one, deeper) may have given that slot
  to another position since. Of two concurrent stores one may be lost: a bound less, never a
  wrong one.
- The endgame kernel's table (``endgame.py``) is shared the same way: its entries are 4 words,
  the last holding the bounds, the leader, the generation and 33 check bits mixed from the
  key words and those fields (see ``endgame._store``), and a store writes its whole entry.
  The frames, moves, saved states, history and counters are each thread's own.
- The busy marks that make the threads take different moves only change the order moves are
  searched in; a mark read torn or stale costs time only.
"""

from __future__ import annotations

import numpy as np

from aceten.rules import lazy_numba
from aceten.rules.jit import (
    card_points,
    exchange_cards,
    legal_cards,
    low_bit,
    play_card,
    play_move,
    popcount,
    suit_mask,
    winner_index,
)
from aceten.rules.layout import (
    KING,
    MOVE_EXCHANGE,
    OB_FOLLOW,
    QUEEN,
    R_EXCH_TRICK,
    R_EXCHANGE,
    R_HIDDEN,
    R_MARRIAGE,
    R_MARRIAGE_PLAIN,
    R_MARRIAGE_TRUMP,
    R_MERGE,
    R_N,
    R_OB_KIND,
    R_OB_N,
    R_ROEM,
    R_RUN3,
    R_RUN4,
    R_STUK,
    R_TRICKS,
    R_TRUMP_MODE,
    R_WHEN,
    S_BOUND,
    S_COOP,
    S_DRAWN,
    S_FLOOR,
    S_HAND,
    S_LEADER,
    S_MAXTEAM,
    S_OBJ,
    S_PHASE,
    S_REMAIN,
    S_SAVE,
    S_SLEN,
    S_STOCK,
    S_TEAM,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKNO,
    S_TRUMP,
    S_WON,
    T_EXCH,
    T_FOUR,
    T_PLAIN_STRENGTH,
    T_RANK,
    T_RUN_ROEM,
    T_SEQ,
    T_SEQ_RANK,
    T_TRUMP_STRENGTH,
    TRUMP_POWER,
    TRUMP_TURNED,
)
from aceten.rules.lazy_numba import njit
from aceten.search.duel import duel
from aceten.search.endgame import (
    COLS,
    E_DOM,
    E_DOM_S,
    E_HIST_MORE,
    E_KILLER,
    E_KILLER2,
    E_LHIST,
    E_MISC,
    E_STOCK,
    M_DETC,
    M_DOMINATED,
    M_DOMINATED_S,
    M_DUEL,
    M_DUEL_LATE,
    M_HAND,
    M_NODES,
    M_OB_STOCK_TO,
    M_ON,
    M_STOCK,
    M_STOCK_ON,
    dominance,
    eg2,
    eg3_table,
    egs,
    folded_bounds,
)
from aceten.search.kernels import (
    DRAW_RUFF,
    DRAW_SWING,
    draw_worth,
    is_maximising,
    last_bonus_left,
    mates,
    mix64,
    table_window,
)
from aceten.search.manyseats import E_MANY, MANY_LEFT, MM_HAND, MM_ON, many
from aceten.search.obliged import M_OB_FROM, M_OB_ON, obliged, quick_tricks, stored_bounds

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

INF = 1 << 30
SUIT_BLOCK = 0x7FFF  # one suit's bits in a hand mask
MAX_PLY = 64
MOVES = 24  # room for the moves of one node (a hand holds at most 16 cards, plus exchanges)
SAVE = S_SAVE + 1  # the saved prefix of S, then the face-up card
KEY_WORDS = 4  # hand words of a table entry: the hands up to 4 seats, else pack_hands' planes
TD_WIDTH = 8  # table entry: 4 key words, meta, lower | upper << 32, gen << 16 | move << 8 | left,
# check
STATS = 9 + 3 * 24 + 3  # nodes, table probes, hits, cut-offs, stores, overwrites; cut at the first
# move, cut at a later move, nodes searched in full; then per finished-trick count (up to 24) the
# main search's nodes, its table probes and its hits (the endgame kernel's are in the totals
# only); then the enhanced transposition cut-offs (STAT_ETC) and the moves the main search
# searched (STAT_MOVES)
STAT_ETC = 9 + 3 * 24
STAT_MOVES = STAT_ETC + 1
STAT_DUTY = STAT_MOVES + 1  # the nodes of the kernel for duties (in stats[0] too)

# Fields of a search frame F[ply] (the search is iterative: numba cannot cache recursion).
F_ALPHA = 0
F_BETA = 1
F_A0 = 2
F_B0 = 3
F_G = 4
F_BEST = 5
F_I = 6
F_K = 7
F_GAIN = 8
F_MAXING = 9
F_BOUND = 10
F_CUR = 11  # the index in MV[ply] of the move being searched
F_META = 12
F_BASE = 13
F_LEFT = 14
F_BOUNDARY = 15
F_KEY = 16  # 6 slots: the hands as the table keys them (the first KEY_WORDS are the key)
F_DEFER = 22  # the moves put off because another thread was searching them (bits by index)
F_NODE = 23  # the node's identity for the busy marks: its position's hash at a trick boundary,
# else a hash of its parent's identity and the move that led to it
F_WIDTH = 24



@njit(cache=True, _nrt=False)
def position_meta(S, R):
    """Everything besides the hands that decides the future of a trick-boundary position.

    Bits: leader 0-2, cards drawn 3-8, tricks done 9-14, trump + 1 15-17, the seats that won a
    trick 18-21 (where the exchange needs one; bits 38-43 with five or six seats), face-up card
    22-27, maximising side 29-30, objective 31, cooperative 32, the suits ``canonical_key``
    kept 34-37 (added by the caller); with a hidden team, the seats of the maximising side
    44-49 (the deal's call sets the sides, and the table outlives a deal without stock)."""
    face = 63
    if S[S_DRAWN] < S[S_SLEN]:
        face = S[S_STOCK + S[S_SLEN] - 1]
    won = S[S_WON] if R[R_EXCH_TRICK] == 1 else 0
    meta = (S[S_LEADER] | (S[S_DRAWN] << 3) | (S[S_TRICKNO] << 9) | ((S[S_TRUMP] + 1) << 15)
            | (face << 22) | (S[S_MAXTEAM] << 29) | (S[S_OBJ] << 31) | (S[S_COOP] << 32))
    if R[R_N] <= KEY_WORDS:
        meta |= won << 18
    else:
        meta |= won << 38
    if R[R_HIDDEN] == 1:
        meta |= side_seats(S, R) << 44
    return meta


@njit(cache=True, _nrt=False, inline="always")
def history_row(seat):
    """The row of the history of cut-offs of ``seat``: rows 0..3, then E_HIST_MORE's."""
    return seat if seat < 4 else E_HIST_MORE + seat - 4


@njit(cache=True, _nrt=False, inline="always")
def side_seats(S, R):
    """The seats of the maximising side (bit s for seat s): with a hidden team, this deal's."""
    side = 0
    for seat in range(R[R_N]):
        if S[S_TEAM + seat] == S[S_MAXTEAM]:
            side |= 1 << seat
    return side


@njit(cache=True, _nrt=False)
def pack_hands(F, ply, n):
    """Five or six hands in the table's four key words: the live cards, then three bit planes
    of each card's holder (bit k of the seat number). One to one, since the hands are
    disjoint: a card in the live word and in no plane is seat 0's."""
    live = 0
    p0 = 0
    p1 = 0
    p2 = 0
    for seat in range(n):
        h = F[ply, F_KEY + seat]
        live |= h
        if seat & 1:
            p0 |= h
        if seat & 2:
            p1 |= h
        if seat & 4:
            p2 |= h
    F[ply, F_KEY] = live
    F[ply, F_KEY + 1] = p0
    F[ply, F_KEY + 2] = p1
    F[ply, F_KEY + 3] = p2


@njit(cache=True, _nrt=False)
def table_key(S, R, T, ORD, SUF, F, ply):
    """The key of the trick-boundary position S: its meta word (returned) and its hand words,
    in F[ply, F_KEY:F_KEY + KEY_WORDS]."""
    meta = position_meta(S, R) | (canonical_key(S, R, T, ORD, SUF, F, ply) << 34)
    if R[R_N] > KEY_WORDS:
        pack_hands(F, ply, R[R_N])
    return meta


@njit(cache=True, _nrt=False)
def canonical_key(S, R, T, ORD, SUF, F, ply):
    """The hands as the table sees them, into F[ply, F_KEY:F_KEY+n] (zeros up to four).

    Cards without points sit at the bottom of every suit's order in all four games, so which of
    them were played before no longer matters, only how many of them are left: the live ones
    of each suit are renamed to the highest point-less ranks, in order (with objective tricks,
    every card of a suit is renamed by its place among the live ones). Once the stock is drawn
    out, the plain suits are also put in a fixed order by their contents. Positions that differ
    only by such names play the same, and share one table entry. With roem, a suit keeps its
    names while one of its point-less cards may still be part of a sequence; the suits that
    kept them are returned, for the key."""
    n = R[R_N]
    for seat in range(n):
        F[ply, F_KEY + seat] = S[S_HAND + seat]
    for seat in range(n, KEY_WORDS):
        F[ply, F_KEY + seat] = 0
    if R[R_MERGE] == 0:
        return 0
    kept = 0  # suits whose names roem still needs: a key renamed elsewhere must not match
    obj = S[S_OBJ]
    trump = S[S_TRUMP]
    live = -1
    for suit in range(4):
        which = 1 if suit == trump else 0
        if which == 1 and R[R_EXCHANGE] == 1 and S[S_DRAWN] < S[S_SLEN]:
            continue  # the 7 and 2 of trumps are known by name while they may be exchanged
        row = 2 + 2 * obj + which
        count = ORD[row, suit, 16]
        if count < 2:
            continue
        if live == -1:
            live = live_cards(S, R, SUF)
        block = 0
        for k in range(count):
            block |= 1 << ORD[row, suit, k]
        if live & block == block:
            continue  # none of them played: the names are already canonical
        if R[R_MERGE] == 2 and not _block_inert(S, R, T, block & live, live):
            kept |= 1 << suit  # roem still looks at these ranks
            continue
        for seat in range(n):
            F[ply, F_KEY + seat] &= ~block
        slot = 0
        for k in range(count):
            b = ORD[row, suit, k]
            bit = 1 << b
            if not live & bit:
                continue
            c = ORD[row, suit, slot]
            slot += 1
            for seat in range(n):
                if S[S_HAND + seat] & bit:
                    F[ply, F_KEY + seat] |= 1 << c
                    break
    if trump >= 0 and S[S_DRAWN] >= S[S_SLEN] and kept & ~(1 << trump) == 0:
        _sort_plain_suits(F, ply, n, trump)
    return kept


@njit(cache=True, _nrt=False)
def _sort_plain_suits(F, ply, n, trump):
    """With the stock drawn out, the plain suits are alike but for their cards: order them by
    their contents, so that positions that differ by a renaming of plain suits share a key."""
    a = -1
    b = -1
    c = -1
    for suit in range(4):
        if suit != trump:
            if a < 0:
                a = suit
            elif b < 0:
                b = suit
            else:
                c = suit
    sa = _suit_signature(F, ply, n, a)
    sb = _suit_signature(F, ply, n, b)
    sc = _suit_signature(F, ply, n, c)
    # sort (sa, a), (sb, b), (sc, c) by signature, highest first
    if sa < sb:
        sa, sb, a, b = sb, sa, b, a
    if sb < sc:
        sb, sc, b, c = sc, sb, c, b
    if sa < sb:
        sa, sb, a, b = sb, sa, b, a
    first = -1
    second = -1
    third = -1
    for suit in range(4):
        if suit != trump:
            if first < 0:
                first = suit
            elif second < 0:
                second = suit
            else:
                third = suit
    for seat in range(n):
        key = F[ply, F_KEY + seat]
        out = key & (SUIT_BLOCK << (trump << 4))
        out |= ((key >> (a << 4)) & SUIT_BLOCK) << (first << 4)
        out |= ((key >> (b << 4)) & SUIT_BLOCK) << (second << 4)
        out |= ((key >> (c << 4)) & SUIT_BLOCK) << (third << 4)
        F[ply, F_KEY + seat] = out


@njit(cache=True, _nrt=False)
def _suit_signature(F, ply, n, suit):
    """A number that tells one suit's holdings from another's (any one-to-one map would do):
    each seat's cards of the suit side by side, or with five or six seats, which do not fit in
    64 bits so, the suit's live cards and the bit planes of their holders (as pack_hands)."""
    sig = 0
    if n <= KEY_WORDS:
        for seat in range(n):
            sig |= ((F[ply, F_KEY + seat] >> (suit << 4)) & SUIT_BLOCK) << (seat << 4)
        return sig
    for seat in range(n):
        cards = (F[ply, F_KEY + seat] >> (suit << 4)) & SUIT_BLOCK
        sig |= cards
        if seat & 1:
            sig |= cards << 15
        if seat & 2:
            sig |= cards << 30
        if seat & 4:
            sig |= cards << 45
    return sig


@njit(cache=True, _nrt=False)
def position_hash(F, ply, meta):
    h = np.uint64(0x9E3779B97F4A7C15)
    for seat in range(KEY_WORDS):
        h = mix64(h ^ np.uint64(F[ply, F_KEY + seat]))
    return mix64(h ^ np.uint64(meta))


@njit(cache=True, _nrt=False, inline="always")
def entry_check(w0, w1, w2, w3, w4, w5, w6):
    """The check word of a table entry: a hash mix of its other seven words, in order."""
    h = np.uint64(0x2545F4914F6CDD1D)
    h = mix64(h ^ np.uint64(w0))
    h = mix64(h ^ np.uint64(w1))
    h = mix64(h ^ np.uint64(w2))
    h = mix64(h ^ np.uint64(w3))
    h = mix64(h ^ np.uint64(w4))
    h = mix64(h ^ np.uint64(w5))
    return np.int64(mix64(h ^ np.uint64(w6)) >> np.uint64(1))


@njit(cache=True, _nrt=False)
def tt_find(TD, F, ply, meta, base, gen):
    """The entry of the position keyed in F[ply] (and ``meta``) in the bucket at ``base``:
    (entry or -1, lower bound, upper bound, best move or -1), all from one consistent copy.

    Threads share the table without locks (see ``tt_store``): each entry is read once, word by
    word, into locals, and accepted only when its check word is the mix of the other seven as
    read. An entry torn by a concurrent write (words of two different writes) fails the check
    and is treated as missing, which is always safe; the bounds used are those of the copy that
    passed, never re-read from the table."""
    for e in range(base, base + 4):
        w6 = TD[e, 6]
        if (w6 >> 16) != gen:
            continue
        w4 = TD[e, 4]
        if w4 != meta:
            continue
        w0 = TD[e, 0]
        w1 = TD[e, 1]
        w2 = TD[e, 2]
        w3 = TD[e, 3]
        if w0 != F[ply, F_KEY] or w1 != F[ply, F_KEY + 1] or w2 != F[ply, F_KEY + 2] \
                or w3 != F[ply, F_KEY + 3]:
            continue
        w5 = TD[e, 5]
        if TD[e, 7] != entry_check(w0, w1, w2, w3, w4, w5, w6):
            continue  # torn by a concurrent store, or overwritten since: as if absent
        move = (w6 >> 8) & 255
        return e, w5 & 0xFFFFFFFF, w5 >> 32, -1 if move == 255 else move
    return -1, 0, INF, -1


@njit(cache=True, _nrt=False)
def tt_store(TD, F, ply, meta, base, gen, lower, upper, move, left, stats):
    """Store bounds of the position keyed in F[ply]: merged with its entry if the bucket holds
    it now, else over an empty or stale slot, else over the entry with the fewest tricks left.

    The entry is looked up again here, not taken from when the node was entered: in between,
    the search below it (or another thread) may have replaced it with another position. Every
    word of the entry is written, the check word (``entry_check`` of the other seven) with
    them, so an entry whose words come from two different stores fails the check on reading.
    Losing one of two concurrent stores loses a bound, never makes one wrong: each store's
    words are a complete entry whose bounds are true bounds of its key. Bounds lie in
    [0, 2**31) (a value is what a side still wins; INF = 2**30) and share word 5. A store
    with no move (-1) keeps the move the entry holds."""
    e, old_lower, old_upper, old_move = tt_find(TD, F, ply, meta, base, gen)
    if e >= 0:
        lower = max(lower, old_lower)
        upper = min(upper, old_upper)
        if move < 0:
            move = old_move
    else:
        # an empty or stale slot, else the entry with the smallest subtree (fewest tricks left)
        e = base
        victim_left = INF
        for i in range(base, base + 4):
            if (TD[i, 6] >> 16) != gen:
                e = i
                victim_left = -1
                break
            lt = TD[i, 6] & 255
            if lt < victim_left:
                e = i
                victim_left = lt
        if victim_left >= 0:
            stats[5] += 1
    w0 = F[ply, F_KEY]
    w1 = F[ply, F_KEY + 1]
    w2 = F[ply, F_KEY + 2]
    w3 = F[ply, F_KEY + 3]
    w5 = max(lower, 0) | (upper << 32)
    w6 = (gen << 16) | ((move & 255) << 8) | left
    TD[e, 0] = w0
    TD[e, 1] = w1
    TD[e, 2] = w2
    TD[e, 3] = w3
    TD[e, 4] = meta
    TD[e, 5] = w5
    TD[e, 6] = w6
    TD[e, 7] = entry_check(w0, w1, w2, w3, meta, w5, w6)
    stats[4] += 1


@njit(cache=True, _nrt=False)
def stock_live(S, SUF):
    """The cards still in the stock, as a mask (SUF holds the stock's suffixes without its
    last card, which an exchange may change)."""
    drawn = S[S_DRAWN]
    slen = S[S_SLEN]
    if drawn >= slen:
        return 0
    return SUF[drawn] | (1 << S[S_STOCK + slen - 1])


@njit(cache=True, _nrt=False)
def live_cards(S, R, SUF):
    live = stock_live(S, SUF)
    for seat in range(R[R_N]):
        live |= S[S_HAND + seat]
    for i in range(S[S_TLEN]):
        live |= 1 << S[S_TRICK + i]
    return live


@njit(cache=True, _nrt=False)
def future_bound(S, R, T, SUF):
    """An upper bound on what the maximising side can still win."""
    left = R[R_TRICKS] - S[S_TRICKNO]
    if S[S_OBJ] == 1:
        return left
    bound = S[S_REMAIN] + last_bonus_left(S, R)
    if R[R_MARRIAGE] == 1:
        bound += _marriage_bound(S, R, SUF)
    if R[R_ROEM] == 1:
        bound += _roem_bound(S, R, T, SUF)
    return bound


@njit(cache=True, _nrt=False)
def master_trumps(S, R, T, ORD, SUF):
    """The top live trumps, if one side holds them all: (1 for the maximising side, 0 for the
    other, -1 for neither) and what they are sure to take. Each wins the trick it is played
    to, so its points go to its side whatever happens: a floor under the maximising side's
    future, or points it can never get. (Counting tricks: the most any one seat holds, as two
    partners' top trumps may fall in one trick.)"""
    trump = S[S_TRUMP]
    if trump < 0:
        return -1, 0
    live = live_cards(S, R, SUF)
    side = -1
    points = 0
    c0 = 0
    c1 = 0
    c2 = 0
    c3 = 0
    c4 = 0
    c5 = 0
    for k in range(ORD[1, trump, 16]):
        b = ORD[1, trump, k]
        if not live & (1 << b):
            continue
        holder = _holder(S, R, b)
        if holder < 0:
            break  # in the stock or on the table: nobody's for sure
        mine = 1 if S[S_TEAM + holder] == S[S_MAXTEAM] else 0
        if side == -1:
            side = mine
        elif side != mine:
            break
        points += card_points(T, b, trump)
        if holder == 0:
            c0 += 1
        elif holder == 1:
            c1 += 1
        elif holder == 2:
            c2 += 1
        elif holder == 3:
            c3 += 1
        elif holder == 4:
            c4 += 1
        else:
            c5 += 1
    if side < 0:
        return -1, 0
    if S[S_OBJ] == 1:
        return side, max(max(max(c0, c1), max(c2, c3)), max(c4, c5))
    return side, points


@njit(cache=True, _nrt=False)
def leader_sure(S, R, ORD, E):
    """What the leader's side is sure to take by the leader cashing its masters (quick tricks),
    at a trick boundary with the stock drawn out and following suit obligatory: -1 where it
    does not apply. The rule is ``obliged.quick_tricks`` (the kernel for duties bounds by it
    too), with the points of E's rows for the trump named (``endgame.E_PTS_BY``)."""
    n = R[R_N]
    if n > 4 or S[S_TLEN] != 0 or S[S_DRAWN] < S[S_SLEN]:
        return -1
    if R[R_OB_N] == 0 or R[R_OB_KIND] != OB_FOLLOW:
        return -1
    trump = S[S_TRUMP]
    if trump < 0:
        return -1
    lead = S[S_LEADER]
    a = S[S_HAND + (lead + 1) % n]
    b = S[S_HAND + (lead + 2) % n] if n > 2 else 0
    c = S[S_HAND + (lead + 3) % n] if n > 3 else 0
    return quick_tricks(E, n, trump, 1 if S[S_OBJ] == 1 else 0, S[S_HAND + lead], a, b, c,
                        lead_masters(S, R, ORD))


@njit(cache=True, _nrt=False)
def _holder(S, R, b):
    for seat in range(R[R_N]):
        if S[S_HAND + seat] & (1 << b):
            return seat
    return -1


@njit(cache=True, _nrt=False)
def _marriage_bound(S, R, SUF):
    stock = stock_live(S, SUF)
    total = 0
    unknown = False
    for suit in range(4):
        king = (suit << 4) | KING
        queen = (suit << 4) | QUEEN
        hk = _holder(S, R, king)
        hq = _holder(S, R, queen)
        if hk < 0 and not stock & (1 << king):
            continue
        if hq < 0 and not stock & (1 << queen):
            continue
        if hk >= 0 and hq >= 0 and hk != hq:
            continue
        holder = hk if hk >= 0 else hq
        if holder >= 0 and S[S_TEAM + holder] != S[S_MAXTEAM]:
            continue  # only the maximising side's marriages count
        trump = S[S_TRUMP]
        if trump < 0:
            total += R[R_MARRIAGE_PLAIN]
            unknown = True  # trump not named yet: one suit at most will be trumps
        else:
            total += R[R_MARRIAGE_TRUMP] if trump == suit else R[R_MARRIAGE_PLAIN]
    if unknown:
        total += max(R[R_MARRIAGE_TRUMP] - R[R_MARRIAGE_PLAIN], 0)
    return total


@njit(cache=True, _nrt=False, inline="always")
def _sequence_places(suit_bits):
    """A French suit's cards (rank bits) as places 0..7 of the roem sequence 7 8 9 T J Q K A: a
    fast path for the declared sequence's table (T_SEQ), held equal to it by a test."""
    return ((suit_bits >> 7) & 0x1F) | ((suit_bits >> 8) & 0x60) | ((suit_bits & 2) << 6)


@njit(cache=True, _nrt=False)
def _roem_bound(S, R, T, SUF):
    """An upper bound on the roem still to be scored (roem is a Klaverjas rule: the French
    deck): runs of live cards in sequence, only those whose three cards are in three
    different hands (a trick holds one card of each), and at most one run a trick; stuk while
    the trump king and queen are in different hands (or one is on the table); four of a kind
    while the four are in four different hands."""
    live = live_cards(S, R, SUF)
    runs = 0
    stuk = 0
    trump = S[S_TRUMP]
    every = -1
    for suit in range(4):
        bits = (live >> (suit << 4)) & SUIT_BLOCK
        every &= bits
        places = _sequence_places(bits)
        run = T[T_RUN_ROEM + places]
        if run > 0:
            # the runs of three places whose cards are live and in three different hands (a
            # card on the table counts as a hand of its own): bit p for the run p, p+1, p+2
            starts = places & (places >> 1) & (places >> 2)
            for seat in range(R[R_N]):
                h = _sequence_places((S[S_HAND + seat] >> (suit << 4)) & SUIT_BLOCK)
                pair = h & (h >> 1)
                starts &= ~(pair | (pair >> 1) | (h & (h >> 2)))
            run = T[T_RUN_ROEM + (starts | (starts << 1) | (starts << 2))]
        runs += run
        if suit == trump and bits & (1 << KING) and bits & (1 << QUEEN):
            hk = _holder(S, R, (suit << 4) | KING)
            if hk < 0 or hk != _holder(S, R, (suit << 4) | QUEEN):
                stuk = R[R_STUK]
    left = R[R_TRICKS] - S[S_TRICKNO]
    total = min(runs, max(R[R_RUN3], R[R_RUN4]) * left) + stuk
    for rank in range(16):
        if every & (1 << rank):
            seen = 0
            apart = True
            for suit in range(4):
                holder = _holder(S, R, (suit << 4) | rank)
                if holder >= 0:
                    if seen & (1 << holder):
                        apart = False
                    seen |= 1 << holder
            if apart:
                total += T[T_FOUR + rank]  # four of a kind
    return total


@njit(cache=True, _nrt=False)
def roem_inert(T, b, live, own):
    """Whether card b, held in hand ``own``, can never be part of a roem sequence: each run of
    three places of the sequence 7 8 9 T J Q K A through it has another card that is gone or
    is in the same hand (a trick holds one card of each hand)."""
    place = T[T_SEQ + b]
    if place < 0:
        return True
    base = b & 48
    for start in range(max(place - 2, 0), min(place, 5) + 1):
        open_run = True
        for k in range(start, start + 3):
            if k == place:
                continue
            other = 1 << (base | T[T_SEQ_RANK + k])
            if not live & other or own & other:
                open_run = False
                break
        if open_run:
            return False
    return True


@njit(cache=True, _nrt=False)
def _block_inert(S, R, T, cards, live):
    m = cards
    while m:
        b = low_bit(m)
        m &= m - 1
        own = 0
        for seat in range(R[R_N]):
            if S[S_HAND + seat] & (1 << b):
                own = S[S_HAND + seat]
                break
        if not roem_inert(T, b, live, own):
            return False
    return True


@njit(cache=True, _nrt=False)
def merge_cards(S, legal, R, T, ORD, SUF, rep, fill):
    """One card of each group of equivalent legal cards: same suit, same points, no live card
    between them in the suit's order. With ``fill``, rep[b] names each card's representative.
    Cards a rule looks at by name (an exchangeable 7 or 2 of trumps, a marriage's king and
    queen) are never merged."""
    if R[R_MERGE] == 0:
        if fill:
            m = legal
            while m:
                b = low_bit(m)
                m &= m - 1
                rep[b] = b
        return legal
    live = -1
    trump = S[S_TRUMP]
    tricks_only = S[S_OBJ] == 1
    exchange = R[R_EXCHANGE] == 1 and S[S_DRAWN] < S[S_SLEN]
    out = 0
    for suit in range(4):
        cards = legal & suit_mask(suit)
        if cards == 0:
            continue
        if cards & (cards - 1) == 0:
            out |= cards
            if fill:
                rep[low_bit(cards)] = low_bit(cards)
            continue
        if live == -1:
            live = live_cards(S, R, SUF)
        which = 1 if suit == trump else 0
        prev = -1
        prev_pts = -1
        for k in range(ORD[which, suit, 16]):
            b = ORD[which, suit, k]
            bit = 1 << b
            if not live & bit:
                continue
            if not cards & bit:
                prev = -1
                continue
            r = b & 15
            fixed = (R[R_MARRIAGE] == 1 and (r == 13 or r == 14)) or \
                (exchange and suit == trump and (r == 7 or r == 2)) or \
                (R[R_MERGE] == 2 and not roem_inert(T, b, live, S[S_HAND + S[S_TOMOVE]]))
            pts = 0 if tricks_only else card_points(T, b, trump)
            if fixed:
                out |= bit
                if fill:
                    rep[b] = b
                prev = -1
                continue
            if prev >= 0 and pts == prev_pts:
                if fill:
                    rep[b] = prev
                continue
            out |= bit
            if fill:
                rep[b] = b
            prev = b
            prev_pts = pts
    return out


@njit(cache=True, _nrt=False)
def _leader_tops(S, R, ORD):
    """(the leader's cards above every card of their suit the other hands hold, the other
    hands' cards)."""
    trump = S[S_TRUMP]
    lead = S[S_TOMOVE]
    mine = S[S_HAND + lead]
    others = 0
    for seat in range(R[R_N]):
        if seat != lead:
            others |= S[S_HAND + seat]
    out = 0
    for suit in range(4):
        which = 1 if suit == trump else 0
        if not mine & suit_mask(suit):
            continue
        for k in range(ORD[which, suit, 16]):
            bit = 1 << ORD[which, suit, k]
            if others & bit:
                break
            out |= mine & bit
    return out, others


@njit(cache=True, _nrt=False)
def lead_masters(S, R, ORD):
    """The leader's cards above every card of their suit the other hands hold, where following
    suit is obligatory and the stock is drawn out (0 elsewhere): leads that win their trick
    unless a hand void in the suit trumps it."""
    if S[S_TLEN] != 0 or S[S_DRAWN] < S[S_SLEN] or R[R_OB_N] == 0 or R[R_OB_KIND] != OB_FOLLOW:
        return 0
    tops, _others = _leader_tops(S, R, ORD)
    return tops


@njit(cache=True, _nrt=False)
def sure_leads(S, R, ORD):
    """The leader's cards that win their trick whatever the others hold, where no duty binds
    them now (as ``endgame.sure_winners``): a trump above every other trump, a plain card
    above every other card of its suit while the others hold no trump (0 elsewhere)."""
    trump = S[S_TRUMP]
    if S[S_TLEN] != 0 or trump < 0:
        return 0
    if R[R_OB_N] != 0 and not (R[R_WHEN] == 1 and S[S_DRAWN] < S[S_SLEN]):
        return 0
    out, others = _leader_tops(S, R, ORD)
    if others & suit_mask(trump):
        out &= suit_mask(trump)
    return out


@njit(cache=True, _nrt=False)
def last_reach(S, T, seat, led, lead_trump):
    """The most power a card of ``seat``'s hand has in the trick (suit ``led``, trumps
    ``lead_trump``; power as ``gen_moves`` counts it), or -1 if none can win it."""
    top = -1
    m = S[S_HAND + seat]
    while m:
        b = low_bit(m)
        m &= m - 1
        if (b >> 4) & 3 == lead_trump:
            top = max(top, TRUMP_POWER + T[T_TRUMP_STRENGTH + b])
        elif (b >> 4) & 3 == led:
            top = max(top, T[T_PLAIN_STRENGTH + b])
    return top


@njit(cache=True, _nrt=False)
def draw_swing(S, R, T, seat, winner):
    """What the side of ``seat`` draws after the trick if it takes it over what it draws if
    ``winner`` keeps it (``kernels.draw_worth``): the winner draws first, then the seats
    after it in turn."""
    n = R[R_N]
    trump = S[S_TRUMP]
    swing = 0
    for x in range(n):
        if S[S_TEAM + x] == S[S_TEAM + seat]:
            taken = S[S_STOCK + S[S_DRAWN] + (x - seat + n) % n]
            kept = S[S_STOCK + S[S_DRAWN] + (x - winner + n) % n]
            swing += draw_worth(card_points(T, taken, trump), taken, trump) \
                - draw_worth(card_points(T, kept, trump), kept, trump)
    return swing


@njit(cache=True, _nrt=False)
def gen_moves(S, R, T, ORD, SUF, MV, ply, first, HIST):
    """The moves to search at this node, in order, into MV[ply]; returns how many.

    Order: the table's move, an exchange, then by a guess of each card's worth (win a trick
    that matters with the cheapest winning card, give points to a partner who wins, else throw
    the cheapest card; lead cheap cards), ties broken by the history of cut-offs. With two or
    three seats a lead sure to win its trick comes first (``lead_masters``, ``sure_leads``),
    and before it a lead that scores a marriage for the maximising side, whose mates are kept
    back on other tricks (``kernels.mates``: 2-player Cruce 0.91 of the nodes). With four
    seats or more the leads that cut most often in this trick come first, after the two that
    last cut at this ply.
    The card before the trick's last sees what the last hand can bring (``last_reach``) where
    it is an opponent's: a trick the side wins and that hand cannot take gets the dearest card,
    a card that takes the trick beyond its reach comes before one it can still beat (with the
    kernels' same rules, 2- to 4-player Briscola and Brisca 0.62–0.77 of the nodes,
    docs/benchmarks.md). Where a stock is drawn after the trick, its last card weighs what its
    side draws if it takes the trick against what it draws if not (``draw_swing``): throws
    first where not taking draws the better cards, a trump on a cheap trick where taking draws
    far better ones. In plain play with four seats or more, a trick's second card that would take
    it where the next hand, an opponent's, can still take it from it comes after the throws
    (4-player Briscola and Brisca 0.96 and 0.95 of the nodes, six seats 0.92)."""
    seat = S[S_TOMOVE]
    hand = S[S_HAND + seat]
    legal = legal_cards(S, hand, R, T)
    cands = merge_cards(S, legal, R, T, ORD, SUF, MV[ply], False)
    tlen = S[S_TLEN]
    trump = S[S_TRUMP]
    k = 0
    ex = exchange_cards(S, R, T)
    if ex:
        MV[ply, 0] = MOVE_EXCHANGE + low_bit(ex)
        MV[ply, MOVES] = 1 << 40
        k = 1
    # what the trick so far says about each card
    lead_trump = trump
    best_power = -1
    led = -1
    last = False
    ours = False
    best_seat = -1
    table_pts = 0
    if tlen > 0:
        n = R[R_N]
        led = (S[S_TRICK] >> 4) & 3
        if lead_trump < 0:
            lead_trump = led
        bi = winner_index(S, tlen, lead_trump, T)
        best = S[S_TRICK + bi]
        if (best >> 4) & 3 == lead_trump:
            best_power = TRUMP_POWER + T[T_TRUMP_STRENGTH + best]
        else:
            best_power = T[T_PLAIN_STRENGTH + best]
        last = tlen == n - 1
        best_seat = (S[S_LEADER] + bi) % n
        ours = S[S_TEAM + best_seat] == S[S_TEAM + seat]
        for i in range(tlen):
            table_pts += card_points(T, S[S_TRICK + i], trump)
    hrow = history_row(seat)
    # a marriage: led first, kept back on other tricks (the maximising side's only: the value
    # counts no other side's bonus)
    pairs = mates(hand) if R[R_MARRIAGE] == 1 and is_maximising(S, seat, R) else 0
    masters = 0
    if tlen == 0 and R[R_N] < 4:
        masters = lead_masters(S, R, ORD) | sure_leads(S, R, ORD)
    swing = 0  # not with three seats, one against two: 1.006-1.06 of the nodes there
    if last and not ours and R[R_N] != 3 and S[S_DRAWN] + R[R_N] <= S[S_SLEN]:
        swing = draw_swing(S, R, T, seat, best_seat)
    exposed = -1  # plain play, four seats or more: what the next hand, an opponent's, can bring
    if tlen == 1 and R[R_N] >= 4 and R[R_OB_N] == 0:
        nxt = (seat + 1) % R[R_N]
        if S[S_TEAM + nxt] != S[S_TEAM + seat]:
            exposed = last_reach(S, T, nxt, led, lead_trump)
    reach = INF  # what the last hand can bring, where the card before it watches it
    if tlen > 0 and tlen == R[R_N] - 2:
        final = (S[S_LEADER] + R[R_N] - 1) % R[R_N]
        if S[S_TEAM + final] != S[S_TEAM + seat]:
            reach = last_reach(S, T, final, led, lead_trump)
    m = cands
    while m:
        b = low_bit(m)
        m &= m - 1
        suit = (b >> 4) & 3
        is_trump = suit == trump
        pts = card_points(T, b, trump)
        strength = T[T_TRUMP_STRENGTH + b] if is_trump else T[T_PLAIN_STRENGTH + b]
        penalty = 30 if is_trump else 0
        if tlen == 0:
            score = -(pts * 4 + penalty + strength)
            if masters & (1 << b):
                score = 500 + pts * 4 + penalty  # cash a master first
            if pairs & (1 << b):
                score = 1000 + pts + penalty  # score a marriage, in trumps first
        else:
            if suit == lead_trump:
                power = TRUMP_POWER + T[T_TRUMP_STRENGTH + b]
            elif suit == led:
                power = T[T_PLAIN_STRENGTH + b]
            else:
                power = -1
            if ours:
                if last or max(power, best_power) > reach:
                    score = 100 + pts * 4 - penalty
                else:
                    score = -(pts * 4 + penalty + strength)
            elif power > best_power and not (last and is_trump and table_pts + pts < CHEAP_TRICK
                                             and swing <= DRAW_RUFF):
                score = 1000 + pts - penalty - strength if last else 1000 - pts * 2 - penalty + strength
                if power <= reach and reach < INF:
                    score -= 500
                if power < exposed:
                    score -= 1500  # a take the next hand can still beat: after the throws
            else:
                score = -(pts * 4 + penalty + strength)
                if swing < -DRAW_SWING:
                    score += 2000  # losing the trick draws the better card: throws first
            if pairs & (1 << b):
                score -= 2000
        MV[ply, k] = b
        if tlen == 0 and R[R_N] >= 4:
            # leads of four seats or more: first the cards that cut most often as leads of
            # this trick (six-seat Briscola 0.91 of the nodes with the killers below)
            MV[ply, MOVES + k] = (min(HIST[E_LHIST + min(S[S_TRICKNO], 11), b], 1 << 14) << 24) \
                + score + 1000
        else:
            MV[ply, MOVES + k] = (score << 24) + min(HIST[hrow, b], (1 << 23) - 1)
        k += 1
    if tlen == 0 and R[R_N] >= 4:
        # and before them the two cards that last cut at this ply (after the table's card)
        killer = HIST[E_KILLER, ply] - 1
        killer2 = HIST[E_KILLER2, ply] - 1
        for i in range(k):
            if MV[ply, i] == killer:
                MV[ply, MOVES + i] = 1 << 39
            elif MV[ply, i] == killer2:
                MV[ply, MOVES + i] = 1 << 38
    if first >= 0:
        for i in range(k):
            if MV[ply, i] == first:
                MV[ply, MOVES + i] = 1 << 41
    # insertion sort, best score first
    for i in range(1, k):
        code = MV[ply, i]
        score = MV[ply, MOVES + i]
        j = i - 1
        while j >= 0 and MV[ply, MOVES + j] < score:
            MV[ply, j + 1] = MV[ply, j]
            MV[ply, MOVES + j + 1] = MV[ply, MOVES + j]
            j -= 1
        MV[ply, j + 1] = code
        MV[ply, MOVES + j + 1] = score
    return k


@njit(cache=True, _nrt=False)
def _save(S, SV, ply):
    for i in range(S_SAVE):
        SV[ply, i] = S[i]
    slen = S[S_SLEN]
    SV[ply, S_SAVE] = S[S_STOCK + slen - 1] if slen > 0 else 0


@njit(cache=True, _nrt=False)
def _restore(S, SV, ply):
    for i in range(S_SAVE):
        S[i] = SV[ply, i]
    slen = S[S_SLEN]
    if slen > 0:
        S[S_STOCK + slen - 1] = SV[ply, S_SAVE]


@njit(cache=True, _nrt=False)
def _last_trick(S, R, T, SV, ply):
    """Every seat holds one card and the stock is empty: the trick plays itself."""
    _save(S, SV, ply)
    gain = 0
    for _ in range(R[R_N]):
        seat = S[S_TOMOVE]
        gain += play_card(S, low_bit(S[S_HAND + seat]), R, T)
    _restore(S, SV, ply)
    return gain


CHEAP_TRICK = 10  # the last card does not trump a trick worth less than this to win it first
ETC_LEFT = 6  # enhanced transposition cut-offs while this many tricks or more are left
ETC_LEFT_MANY = 4  # the same with five or six seats (their kernel takes three tricks or fewer)
# (six-seat Briscola, deals 0-19: 0.98 of the nodes and 0.96 of the CPU; from three tricks
# left 0.92 of the nodes for 1.16 times the CPU)

OPEN = -(1 << 40)  # _enter set up a frame: the node's moves are to be searched


@njit(cache=True, _nrt=False)
def exchange_over(S, R, T):
    """Whether no exchange can be made from S (a trick boundary) to the end of the stock: the
    trump the face-up card would take (``step.exchange_cards``'s rule) is in no hand and will
    not be drawn while the stock lasts (it is not among the stock cards drawn before the last
    trick with a stock), so the face-up card never changes and no other can be taken."""
    slen = S[S_SLEN]
    if R[R_TRUMP_MODE] != TRUMP_TURNED or S[S_DRAWN] >= slen:
        return True
    face = S[S_STOCK + slen - 1]
    low = T[T_EXCH + T[T_RANK + face]]  # step.exchange_cards's rule (a shared helper: +1% engine)
    if low <= 0:
        return True
    card = (face & 48) | low
    for seat in range(R[R_N]):
        if (S[S_HAND + seat] >> card) & 1:
            return False
    later = False  # drawn before the last trick with a stock
    for i in range(S[S_DRAWN], slen - R[R_N]):
        later = later or S[S_STOCK + i] == card
    return not later


@njit(cache=True, _nrt=False)
def _stock_as_set(S, R, T, HIST):
    """Whether the stock stays as the two-seat kernel was given it (``endgame.setup``: its
    order in row E_STOCK) to its end: no exchange changed its face-up card on this line, and
    none can from here."""
    slen = S[S_SLEN]
    return S[S_STOCK + slen - 1] == HIST[E_STOCK, slen - 1] and exchange_over(S, R, T)


@njit(cache=True, _nrt=False, inline="always")
def _duel_takes(S, R, T, HIST):
    """Whether the two-seat kernel searches this trick boundary (through its own table)."""
    return HIST[E_MISC, M_DUEL] == 1 and (HIST[E_MISC, M_DUEL_LATE] == 0 or S[S_DRAWN] >= S[S_SLEN]
                                          or _stock_as_set(S, R, T, HIST))


@njit(cache=True, _nrt=False, inline="always")
def _obliged_takes(S, R, T, HIST, left):
    """Whether the kernel for duties searches this trick boundary, ``left`` tricks left
    (through the endgame table): once the stock is out, or in plain play from its last tricks
    with a stock (``obliged.STOCK_TRICKS``) while no exchange can change it."""
    if HIST[E_MISC, M_OB_ON] != 1 or left > HIST[E_MISC, M_OB_FROM]:
        return False
    if S[S_DRAWN] >= S[S_SLEN]:
        return True
    return left <= HIST[E_MISC, M_OB_STOCK_TO] \
        and (R[R_EXCHANGE] == 0 or _stock_as_set(S, R, T, HIST))


@njit(cache=True, _nrt=False)
def _enter(S, alpha, beta, ply, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats):
    """Start a node: its value if bounds, the table or the last trick settle it at once, else
    OPEN with the node's frame and moves ready in F[ply] and MV[ply]."""
    stats[0] += 1
    stats[9 + S[S_TRICKNO]] += 1
    left = R[R_TRICKS] - S[S_TRICKNO]
    if left == 0:
        return 0
    at_boundary = S[S_TLEN] == 0
    cap = 0  # at a trick boundary: the plain bound on what is left (obliged.py's cap)
    if at_boundary or S[S_BOUND] < 0:
        bound = future_bound(S, R, T, SUF)
        cap = bound
        floor = 0
        side, sure = master_trumps(S, R, T, ORD, SUF)
        if side == 0:
            bound -= sure
        elif side == 1:
            floor = sure
        S[S_BOUND] = bound  # these hold for the whole trick (the leader's quick tricks do not)
        S[S_FLOOR] = floor
        quick = leader_sure(S, R, ORD, HIST) if at_boundary and R[R_N] < 4 else -1
        if quick > 0:
            if S[S_TEAM + S[S_LEADER]] == S[S_MAXTEAM]:
                floor = max(floor, quick)
            elif S[S_COOP] == 0:
                bound = min(bound, bound + (sure if side == 0 else 0) - quick)
    else:
        bound = S[S_BOUND]  # the bounds at the start of this trick still hold
        floor = S[S_FLOOR]
    if bound <= alpha:
        return bound
    if floor >= beta:
        return floor
    first = -1
    meta = 0
    base = 0
    if at_boundary:
        if left == 1 and S[S_DRAWN] >= S[S_SLEN]:
            return _last_trick(S, R, T, SV, ply)
        if _duel_takes(S, R, T, HIST):
            # two seats: the two-seat kernel, through its own table
            HIST[E_MISC, M_NODES] = 0
            HIST[E_MISC, M_DETC] = 0
            g = duel(HIST, EGT, stats, S[S_LEADER], S[S_HAND], S[S_HAND + 1], S[S_DRAWN],
                     left if S[S_OBJ] == 1 else S[S_REMAIN], alpha, beta)
            stats[0] += HIST[E_MISC, M_NODES]
            stats[STAT_ETC] += HIST[E_MISC, M_DETC]
            return g
        if _obliged_takes(S, R, T, HIST, left):
            # seats with duties: the kernel for them, through the endgame table
            HIST[E_MISC, M_NODES] = 0
            g = obliged(HIST, EGT, stats, S[S_LEADER], S[S_HAND], S[S_HAND + 1], S[S_HAND + 2],
                        S[S_HAND + 3], left, cap, alpha, beta)
            stats[0] += HIST[E_MISC, M_NODES]
            stats[STAT_DUTY] += HIST[E_MISC, M_NODES]
            return g
        if left == 3 and HIST[E_MISC, M_ON] == 1 and S[S_DRAWN] >= S[S_SLEN]:
            # the endgame kernel, through its own table
            s0 = S[S_LEADER]
            HIST[E_MISC, M_NODES] = 0
            g = eg3_table(HIST, EGT, ORD, stats, s0, S[S_HAND + s0], S[S_HAND + ((s0 + 1) & 3)],
                          S[S_HAND + ((s0 + 2) & 3)], S[S_HAND + ((s0 + 3) & 3)], alpha, beta,
                          left if S[S_OBJ] == 1 else S[S_REMAIN])
            stats[0] += HIST[E_MISC, M_NODES]
            return g
    keyed = at_boundary
    if keyed:
        stats[1] += 1
        stats[33 + S[S_TRICKNO]] += 1
        meta = table_key(S, R, T, ORD, SUF, F, ply)
        h = position_hash(F, ply, meta)
        F[ply, F_NODE] = np.int64(h >> np.uint64(1))
        base = np.int64(h & np.uint64(TD.shape[0] - 1)) & ~3
        found, lower, upper, first = tt_find(TD, F, ply, meta, base, gen)
        if found >= 0:
            stats[57 + S[S_TRICKNO]] += 1
            settled, g, alpha, beta = table_window(lower, upper, alpha, beta, stats)
            if settled:
                return g
        if HIST[E_MANY, MM_ON] == 1 and left <= MANY_LEFT and S[S_DRAWN] >= S[S_SLEN]:
            return _many_seats(S, alpha, beta, ply, left, R, ORD, TD, gen, F, HIST, EGT, stats,
                               meta, base)
        if HIST[E_MISC, M_ON] == 1:
            stock = S[S_SLEN] - S[S_DRAWN]
            on = HIST[E_MISC, M_STOCK_ON]
            if (left == 2 and stock == 0) or (left == 4 and stock == 4 and (
                    on == 1 or (on == 2 and exchange_over(S, R, T)))):
                return _endgame(S, alpha, beta, ply, left, ORD, TD, gen, F, HIST, EGT, stats, meta,
                                base)
    maxing = is_maximising(S, S[S_TOMOVE], R)
    k = gen_moves(S, R, T, ORD, SUF, MV, ply, first, HIST)
    etc_left = ETC_LEFT if R[R_N] <= 4 else ETC_LEFT_MANY
    if not at_boundary and S[S_TLEN] == R[R_N] - 1 and left >= etc_left and k > 1:
        g = _etc(S, alpha, beta, ply, k, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, maxing)
        if g != OPEN:
            stats[3] += 1
            stats[STAT_ETC] += 1
            return g
    F[ply, F_ALPHA] = alpha
    F[ply, F_BETA] = beta
    F[ply, F_A0] = alpha
    F[ply, F_B0] = beta
    F[ply, F_G] = -INF if maxing else INF
    F[ply, F_BEST] = -1
    F[ply, F_I] = 0
    F[ply, F_K] = k
    F[ply, F_DEFER] = 0
    F[ply, F_MAXING] = 1 if maxing else 0
    F[ply, F_BOUND] = bound
    F[ply, F_META] = meta
    F[ply, F_BASE] = base
    F[ply, F_LEFT] = left
    F[ply, F_BOUNDARY] = 1 if keyed else 0
    _save(S, SV, ply)
    return OPEN


@njit(cache=True, _nrt=False)
def _etc(S, alpha, beta, ply, k, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, maxing):
    """Enhanced transposition cut-off at the last card of a trick, whose children are trick
    boundaries: a child whose stored bound already settles this node's window. Unless the
    first child's own bound already answers its search (then searching it is cheap). A child
    the kernel for duties searches is looked up in its table (``obliged.stored_bounds``); one
    the two-seat kernel searches is not looked up."""
    _save(S, SV, ply)
    for i in range(k):
        gain = play_move(S, MV[ply, i], R, T)
        left = R[R_TRICKS] - S[S_TRICKNO]
        e = -1
        lower = 0
        upper = INF
        if S[S_TLEN] == 0 and _obliged_takes(S, R, T, HIST, left):
            e, lower, upper = stored_bounds(HIST, EGT, S[S_LEADER], S[S_HAND], S[S_HAND + 1],
                                            S[S_HAND + 2], S[S_HAND + 3], left)
        elif S[S_TLEN] == 0 and not ((left == 3 or left == 1) and S[S_DRAWN] >= S[S_SLEN]) \
                and not _duel_takes(S, R, T, HIST):
            meta = table_key(S, R, T, ORD, SUF, F, ply + 1)
            h = position_hash(F, ply + 1, meta)
            base = np.int64(h & np.uint64(TD.shape[0] - 1)) & ~3
            e, lower, upper, _move = tt_find(TD, F, ply + 1, meta, base, gen)
        _restore(S, SV, ply)
        if e >= 0:
            lower += gain
            upper += gain
            if maxing and lower >= beta:
                return lower
            if not maxing and upper <= alpha:
                return upper
            if i == 0 and (upper <= alpha or lower >= beta):
                return OPEN
    return OPEN


@njit(cache=True, _nrt=False, inline="always")
def _store_value(TD, F, ply, meta, base, gen, g, alpha, beta, left, stats):
    """Store what a kernel returned for the trick boundary at ply, a fail-soft value searched
    in the window (alpha, beta), as that boundary's bounds; return it."""
    lower, upper = folded_bounds(0, INF, g, alpha, beta)
    tt_store(TD, F, ply, meta, base, gen, lower, upper, -1, left, stats)
    return g


@njit(cache=True, _nrt=False)
def _endgame(S, alpha, beta, ply, left, ORD, TD, gen, F, HIST, EGT, stats, meta, base):
    """The endgame kernel from a trick boundary: two tricks left with the stock drawn out, or
    the last trick with a stock (four cards left to draw); its bounds are stored in the table
    like any other."""
    s0 = S[S_LEADER]
    r0 = S[S_HAND + s0]
    r1 = S[S_HAND + ((s0 + 1) & 3)]
    r2 = S[S_HAND + ((s0 + 2) & 3)]
    r3 = S[S_HAND + ((s0 + 3) & 3)]
    live = r0 | r1 | r2 | r3
    for seat in range(4):
        HIST[E_MISC, M_HAND + seat] = S[S_HAND + seat]
    HIST[E_MISC, M_NODES] = 0
    worth = left if S[S_OBJ] == 1 else S[S_REMAIN]
    if left == 2:
        dominance(HIST, ORD, live, E_DOM, M_DOMINATED)
        g = eg2(HIST, s0, r0, r1, r2, r3, alpha, beta, worth)
    else:
        d = S[S_DRAWN]
        for i in range(4):
            HIST[E_MISC, M_STOCK + i] = S[S_STOCK + d + i]
            live |= 1 << S[S_STOCK + d + i]
        dominance(HIST, ORD, live, E_DOM_S, M_DOMINATED_S)
        g = egs(HIST, EGT, ORD, stats, s0, r0, r1, r2, r3, alpha, beta, worth)
    stats[0] += HIST[E_MISC, M_NODES]
    return _store_value(TD, F, ply, meta, base, gen, g, alpha, beta, left, stats)


@njit(cache=True, _nrt=False)
def _many_seats(S, alpha, beta, ply, left, R, ORD, TD, gen, F, HIST, EGT, stats, meta, base):
    """The kernel for five and six seats (``manyseats.many``) from a trick boundary with the
    stock drawn out; its bounds are stored in the table like any other."""
    n = R[R_N]
    for seat in range(n):
        HIST[E_MANY, MM_HAND + seat] = S[S_HAND + seat]
    HIST[E_MISC, M_NODES] = 0
    worth = left if S[S_OBJ] == 1 else S[S_REMAIN]
    g = many(HIST, EGT, ORD, stats, S[S_LEADER], side_seats(S, R), alpha, beta, worth, left)
    stats[0] += HIST[E_MISC, M_NODES]
    return _store_value(TD, F, ply, meta, base, gen, g, alpha, beta, left, stats)


@njit(cache=True, _nrt=False)
def _leave(TD, gen, F, ply, stats):
    """Finish a node: store its bounds in the table (at trick boundaries); return its value."""
    g = F[ply, F_G]
    if F[ply, F_BOUNDARY] == 1:
        lower, upper = folded_bounds(0, INF, g, F[ply, F_A0], F[ply, F_B0])
        best = F[ply, F_BEST]
        if g <= F[ply, F_A0]:
            best = -1  # every move failed low: the entry keeps the move it had (a cut's)
        if upper > F[ply, F_BOUND]:
            upper = F[ply, F_BOUND]
        tt_store(TD, F, ply, F[ply, F_META], F[ply, F_BASE], gen, lower, upper, best,
                 F[ply, F_LEFT], stats)
    return g


# -- searching with two threads -------------------------------------------------------------------
# Threads searching one zero-window probe together share the table TD and one control array SH:
# SH[0, SH_ABORT] set when either finished the probe (the other stops, storing nothing more),
# SH[0, SH_PLIES] the plies below which the threads split a node's moves, SH[0, SH_BUDGET] the
# work (``_work``) after which a search stops: one thread searches first, and a search that
# proves big is handed to two (its finished nodes stay in the table); rows 1 and 2 are the
# busy marks of threads 0 and 1: the identity of each node a thread is searching, at slot
# identity & BUSY_MASK. A thread (``me`` 0 or 1; -1 searches alone) that finds one of a node's
# later moves marked by the other thread puts it off and searches the next, coming back to it
# after the others (simplified ABDADA): the first move of every node is searched by both, so
# at a node that cuts both help to prove the cut, and at a node where every move must be
# searched they take different moves, and each finds the other's results in the table. The
# marks only order moves: a wrong or stale mark costs time, never exactness.
SH_ABORT = 0
SH_PLIES = 1
SH_BUDGET = 2
SH_BOTH = 3  # 1: both threads put off what the other is busy with; 0: only thread 1 does
NEVER = 1 << 62  # a budget never reached
BUSY_BITS = 12
BUSY_MASK = (1 << BUSY_BITS) - 1
ABORTED = -(1 << 50)  # what a search stopped by SH[0, SH_ABORT] returns
# The rows of the search's own arrays, as endgame.FIXED_ROWS (HIST is the solver's endgame rows E)
FIXED_ROWS = {"HIST": (COLS,), "F": (F_WIDTH,), "MV": (2 * MOVES,), "SV": (SAVE,),
              "TD": (TD_WIDTH,), "SH": (1 << BUSY_BITS,)}


def shared_control(plies: int = MAX_PLY) -> np.ndarray:
    """A fresh control array SH (see above) for threads that split moves above ``plies``."""
    SH = np.zeros((3, 1 << BUSY_BITS), dtype=np.int64)
    SH[0, SH_PLIES] = plies
    SH[0, SH_BUDGET] = NEVER
    return SH


@njit(cache=True, _nrt=False, inline="always")
def _work(stats):
    """The work done so far, about in main-search moves: a node of the endgame kernel costs
    about a tenth to a twentieth of one (stats[0] counts both)."""
    return stats[STAT_MOVES] + (stats[0] >> 4)


@njit(cache=True, _nrt=False, inline="always")
def _child_node(F, ply, code):
    """The identity of the child reached by move ``code`` from the node at ply (never 0)."""
    z = mix64(np.uint64(F[ply, F_NODE]) ^ (np.uint64(code + 1) * np.uint64(0x9E3779B97F4A7C15)))
    return np.int64(z >> np.uint64(1)) | 1


@njit(cache=True, _nrt=False)
def _next_move(F, MV, SH, me, ply):
    """The index of the next move to search at the node at ply (one is left: F_I < F_K or a
    move was put off). With another thread (me >= 0, above SH[0, SH_PLIES]), later moves the
    other thread is busy with are put off, to be searched once the rest are done."""
    i = F[ply, F_I]
    k = F[ply, F_K]
    if me >= 0 and ply < SH[0, SH_PLIES]:
        other = 2 - me
        while 0 < i < k:
            c = _child_node(F, ply, MV[ply, i])
            if SH[other, c & BUSY_MASK] != c:
                break
            F[ply, F_DEFER] |= 1 << i
            i += 1
    if i < k:
        F[ply, F_I] = i + 1
    else:
        d = F[ply, F_DEFER]
        i = low_bit(d)
        F[ply, F_DEFER] = d & (d - 1)
    F[ply, F_CUR] = i
    return i


@njit(cache=True, _nrt=False, nogil=True)
def alphabeta(S, alpha, beta, ply0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, SH, me):
    """:func:`_search` for one of two threads sharing a probe (me = 0 or 1, see
    ``shared_control``)."""
    return _search(S, alpha, beta, ply0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats,
                   SH, me)


@njit(cache=True, _nrt=False, nogil=True)
def alphabeta_alone(S, alpha, beta, ply0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, SH):
    """:func:`_search` for one thread alone. Its ``me`` is the constant -1, so numba compiles a
    copy of the search without the sharing (the two-thread bookkeeping pruned away): about a
    tenth faster than the shared copy (Klaverjas, bench/ab_search.py)."""
    return _search(S, alpha, beta, ply0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats,
                   SH, -1)


@njit(cache=True, _nrt=False)
def _search(S, alpha, beta, ply0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, SH, me):
    """Fail-soft alpha-beta: the maximising side's future gain, exact inside (alpha, beta).

    Iterative, with one frame per ply in F, MV (moves) and SV (the state to restore). ``SH`` and
    ``me`` share the search with another thread (see ``shared_control``); with me = -1 it runs
    alone. Returns ABORTED as soon as SH[0, SH_ABORT] is set or the work done reaches
    SH[0, SH_BUDGET], with S restored and nothing stored for the nodes it leaves unfinished
    (every bound in the table is of a finished node)."""
    F[ply0, F_NODE] = 0
    r = _enter(S, alpha, beta, ply0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats)
    if r != OPEN:
        return r
    both = SH[0, SH_BOTH] == 1
    marks = me == 0 or (me == 1 and both)  # this thread's marks are looked at
    defers = me if me == 1 or (me == 0 and both) else -1  # this thread looks at the other's
    ply = ply0
    while True:
        if SH[0, SH_ABORT] != 0 or _work(stats) >= SH[0, SH_BUDGET]:
            _restore(S, SV, ply0)
            return ABORTED
        stats[STAT_MOVES] += 1
        # search the next move of the node at ply
        i = _next_move(F, MV, SH, defers, ply)
        code = MV[ply, i]
        if me >= 0:
            child = _child_node(F, ply, code)
            F[ply + 1, F_NODE] = child
            if marks:
                SH[1 + me, child & BUSY_MASK] = child
        gain = play_move(S, code, R, T)
        F[ply, F_GAIN] = gain
        r = _enter(S, F[ply, F_ALPHA] - gain, F[ply, F_BETA] - gain, ply + 1, R, T, ORD, SUF, TD,
                   gen, MV, SV, F, HIST, EGT, stats)
        if r == OPEN:
            ply += 1
            continue
        # a child's value r is known: fold it into its parent, and finish nodes upwards
        while True:
            if marks:
                child = _child_node(F, ply, MV[ply, F[ply, F_CUR]])
                if SH[1 + me, child & BUSY_MASK] == child:
                    SH[1 + me, child & BUSY_MASK] = 0
            v = F[ply, F_GAIN] + r
            _restore(S, SV, ply)
            cut = False
            if F[ply, F_MAXING] == 1:
                if v > F[ply, F_G]:
                    F[ply, F_G] = v
                    F[ply, F_BEST] = MV[ply, F[ply, F_CUR]]
                    if v >= F[ply, F_BETA]:
                        cut = True
                    elif v > F[ply, F_ALPHA]:
                        F[ply, F_ALPHA] = v
            else:
                if v < F[ply, F_G]:
                    F[ply, F_G] = v
                    F[ply, F_BEST] = MV[ply, F[ply, F_CUR]]
                    if v <= F[ply, F_ALPHA]:
                        cut = True
                    elif v < F[ply, F_BETA]:
                        F[ply, F_BETA] = v
            if not cut and (F[ply, F_I] < F[ply, F_K] or F[ply, F_DEFER] != 0):
                break
            if cut:
                best = F[ply, F_BEST]
                if S[S_TLEN] == 0 and best < MOVE_EXCHANGE and R[R_N] >= 4:
                    # a lead that cut with four seats or more: a killer, and its trick's count
                    if HIST[E_KILLER, ply] != best + 1:
                        HIST[E_KILLER2, ply] = HIST[E_KILLER, ply]
                        HIST[E_KILLER, ply] = best + 1
                    HIST[E_LHIST + min(S[S_TRICKNO], 11), best] += 1
                stats[6 if F[ply, F_CUR] == 0 else 7] += 1
            else:
                stats[8] += 1
            best = F[ply, F_BEST]
            if best >= 0 and best < MOVE_EXCHANGE and (cut or F[ply, F_K] > 1):
                HIST[history_row(S[S_TOMOVE]), best] += F[ply, F_LEFT] * F[ply, F_LEFT]
            r = _leave(TD, gen, F, ply, stats)
            if ply == ply0:
                return r
            ply -= 1


ROEM_STEP = 16  # with roem, a probe's threshold at most this far above the value's lower bound


@njit(cache=True, _nrt=False, inline="always")
def probe_step(R):
    """How far above the lower bound the next probe may go (0: no limit, halve the interval).

    With roem the bound on what is left (``future_bound``) counts every run and four of a kind
    the cards could still make, often two or three times the value, so the middle of the
    interval lies far above it, and a probe that fails low far above the value is not cheap.
    Stepping up at most ROEM_STEP points from the lower bound took Klaverjas 0.85 (Rotterdam)
    and 0.89 (Amsterdam) of the nodes over deals 0-199, the slowest deals most. Without roem it
    took 0.83-1.04 of them: more in Briscola and Brisca 4p, Cruce 2p and 3p, fewer only where a
    lone seat's value lies far under half the points (3-player Briscola and Brisca), so halving
    stays there."""
    return ROEM_STEP if R[R_ROEM] == 1 else 0


@njit(cache=True, _nrt=False, inline="always")
def halve(lower, upper, step):
    """The middle of the interval [lower, upper] the value is known to lie in, or ``step``
    above ``lower`` if that is lower (``probe_step``; 0: no limit)."""
    middle = (lower + upper + 1) // 2
    if step > 0:
        return min(middle, lower + step)
    return middle


# The zero-window probes that find one value: their state in a small array W, shared by the
# one-thread kernels (``exact_value``, ``root_values``) and the solver's two-thread loops, so that
# both search the same thresholds. Start with ``exact_start`` or ``gallop_start``; each probe's
# result goes to ``probe_next``, which returns the next threshold, or 0 once the value is known
# (then it is W[W_LOWER]).
W_LOWER = 0  # the value is known to lie in [W_LOWER, W_UPPER]
W_UPPER = 1
W_STEP = 2  # the next step away from the bound the last probe moved
W_WAY = 3  # 1: the probes so far failed high, -1: low, 2: both (the value is bracketed)
W_MOST = 4  # the longest step (``probe_step``; 0: no limit)
W_PLAN = 5  # what the next result decides (PLAN_*)
W_SIZE = 6
GALLOP = 3  # each step three times the last, up to W_MOST
PLAN_GALLOP = 0  # step away from the bound the last probe moved (``gallop_next``)
PLAN_HALVE = 1  # halve the interval left (``halve``)
PLAN_GUESS_HALVE = 2  # the first probe, at a guess: halve after it fails high, climb after low
PLAN_GUESS_GALLOP = 3  # the first probe, at a guess: step after it fails high, climb after low


@njit(cache=True, _nrt=False, nogil=True)
def gallop_start(W, lower, upper, guess, most, climb):
    """Start the search of a value known to lie in [lower, upper] with a probe at ``guess``
    (moved into the interval), its steps at most ``most`` long (0: no limit): returns that
    probe's threshold, or 0 if the value is known. ``climb`` 1: nothing is known of the value
    but the guess (the first root move) and the side is outnumbered (``climbs``), so if that
    probe fails low the next ones climb from the floor (``probe_next``)."""
    W[W_LOWER] = lower
    W[W_UPPER] = upper
    W[W_STEP] = 1
    W[W_WAY] = 0
    W[W_MOST] = most
    W[W_PLAN] = PLAN_GUESS_GALLOP if climb == 1 else PLAN_GALLOP
    if lower >= upper:
        return 0
    return min(max(guess, lower + 1), upper)


@njit(cache=True, _nrt=False, nogil=True)
def gallop_from(W, S, R, T, SUF, guess, climb):
    """``gallop_start`` for the value of position S, anywhere from 0 to its bound (``climb``
    as there): a root move's probes, and a later first card's (``value_start``)."""
    return gallop_start(W, 0, future_bound(S, R, T, SUF), guess, probe_step(R), climb)


@njit(cache=True, _nrt=False, nogil=True)
def climbs(S, R):
    """1 where the side searched for holds fewer than half the seats (a lone seat of three
    against the two others, the caller's two of five): its value then often lies far under
    half the points, so a first guess there that fails low is followed by probes that climb
    from the floor (``probe_next``); else 0."""
    if S[S_COOP] == 1:
        return 0
    return 1 if 2 * popcount(side_seats(S, R)) < R[R_N] else 0


@njit(cache=True, _nrt=False, nogil=True)
def exact_start(W, lower, upper, guess, most, climb):
    """Start the search of a position's value, known to lie in [lower, upper]: the first probe
    tests ``guess`` (if it lies in the interval, else the middle), then each probe halves the
    interval left (with roem: at most ``most`` above its lower bound), unless the guess failed
    low where ``climb`` is 1 (``climbs``, ``probe_next``). Returns the first threshold, or 0 if
    the value is known."""
    if gallop_start(W, lower, upper, guess, most, 0) == 0:
        return 0
    if lower < guess <= upper:
        W[W_PLAN] = PLAN_GUESS_HALVE if climb == 1 else PLAN_HALVE
        return guess
    W[W_PLAN] = PLAN_HALVE
    return halve(lower, upper, most)


@njit(cache=True, _nrt=False, nogil=True)
def probe_next(W, t, g):
    """Fold in the fail-soft result ``g`` of the probe at threshold ``t``: returns the next
    threshold, or 0 once the value is known (then it is W[W_LOWER]).

    Where the side is outnumbered (``climbs``), a first guess of half the points that fails low
    says little of how far under it the value lies, and it often lies far under: a lone seat
    against the two others wins a few points. Probes far above a value are dear (each must
    show that no line of the side reaches it) where probes under it are cheap, so the probes
    then climb from the floor (1, 2, 5, 14, ...: ``gallop_next`` from the lower bound) instead
    of halving or stepping down. Elsewhere the value lies near half the points, and climbing
    cost more: 4-player Briscola and Brisca 1.03 of the nodes with every root move valued."""
    plan = W[W_PLAN]
    if plan == PLAN_GALLOP:
        return gallop_next(W, t, g)
    if plan != PLAN_HALVE and g < t:
        W[W_UPPER] = g
        if W[W_LOWER] >= g:
            return 0
        W[W_PLAN] = PLAN_GALLOP
        return W[W_LOWER] + 1
    if plan == PLAN_GUESS_GALLOP:
        W[W_PLAN] = PLAN_GALLOP
        return gallop_next(W, t, g)
    W[W_PLAN] = PLAN_HALVE
    if g >= t:
        W[W_LOWER] = g
    else:
        W[W_UPPER] = g
    if W[W_LOWER] >= W[W_UPPER]:
        return 0
    return halve(W[W_LOWER], W[W_UPPER], W[W_MOST])


@njit(cache=True, _nrt=False, nogil=True)
def gallop_next(W, t, g):
    """Fold in the fail-soft result ``g`` of the probe at threshold ``t`` (``PLAN_GALLOP``):
    returns the next threshold, or 0 once the value is known (then it is W[W_LOWER]).

    The probes step away from the bound the last probe moved, in the direction it failed,
    each step ``GALLOP`` times the last (1, 3, 9, ...; with roem no longer than ``probe_step``:
    1, 3, 9, 16, 16, ...), until one fails the other way; then they halve the interval left.
    A root move's value is mostly close to the first guess, the best value found so far: equal
    to it (a second probe one point higher settles it), or a few points lower. Halving from the
    start spent its first probes far from the value, and probes far above a value are not cheap
    when the bound on what is left is loose (roem)."""
    if g >= t:
        W[W_LOWER] = g
        way = 1
    else:
        W[W_UPPER] = g
        way = -1
    lower = W[W_LOWER]
    upper = W[W_UPPER]
    if lower >= upper:
        return 0
    if W[W_WAY] == 0:
        W[W_WAY] = way
    elif W[W_WAY] != way:
        W[W_WAY] = 2
    step = W[W_STEP]
    W[W_STEP] = step * GALLOP if W[W_MOST] == 0 else min(step * GALLOP, W[W_MOST])
    if W[W_WAY] == 1:
        return min(lower + step, upper)
    if W[W_WAY] == -1:
        return max(upper - step + 1, lower + 1)
    return (lower + upper + 1) // 2


@njit(cache=True, _nrt=False, nogil=True)
def value_start(W, S, R, T, SUF, guess, near):
    """The first threshold of the probes for the value of S (``exact_value``), W set up: with
    ``near`` 1 the value likely lies close to ``guess`` (the best of its siblings so far), so
    the probes step away from it (``gallop_start``, as for the root's later moves); else the
    guess is a rough one and the probes halve (``exact_start``)."""
    if near == 1:
        return gallop_from(W, S, R, T, SUF, guess, 0)
    return exact_start(W, 0, future_bound(S, R, T, SUF), guess, probe_step(R), climbs(S, R))


@njit(cache=True, nogil=True)
def exact_value(S, guess, near, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, ply, SH):
    """The exact future value by zero-window probes (one thread), their thresholds from
    ``value_start`` and ``probe_next``: the guess, then halving (or with ``near`` 1 stepping
    away from it), narrowed further by the fail-soft bound each probe returns. (Pure MTD(f),
    which steps to the returned bound, moves one point a probe in these games: the bounds a
    card game's leaves return are tight to the window.) ABORTED if a probe stopped on the
    budget."""
    W = np.empty(W_SIZE, dtype=np.int64)
    t = value_start(W, S, R, T, SUF, guess, near)
    while t > 0:
        g = alphabeta_alone(S, t - 1, t, ply, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT,
                            stats, SH)
        if g == ABORTED:
            return ABORTED
        t = probe_next(W, t, g)
    return W[W_LOWER]


@njit(cache=True, nogil=True)
def root_moves(S, R, T, ORD, SUF, MV, HIST, order, rep):
    """The root's moves to search, in search order, into ``order`` (one card of each group of
    equivalent cards, then any exchange), and each legal card's representative in ``rep``.
    Returns (how many, the legal cards)."""
    seat = S[S_TOMOVE]
    legal = legal_cards(S, S[S_HAND + seat], R, T)
    rep[:] = -1
    merge_cards(S, legal, R, T, ORD, SUF, rep, True)
    k = gen_moves(S, R, T, ORD, SUF, MV, 0, -1, HIST)
    for i in range(k):
        order[i] = MV[0, i]
    return k, legal


@njit(cache=True, _nrt=False, nogil=True)
def root_report(legal, rep, order, found, k, codes, values):
    """Every legal move's value into ``codes``/``values`` (cards by bit order, then the
    exchange) from the values ``found`` of the searched moves ``order``; returns the count."""
    n = 0
    m = legal
    while m:
        b = low_bit(m)
        m &= m - 1
        for i in range(k):
            if order[i] == rep[b]:
                codes[n] = b
                values[n] = found[i]
                n += 1
                break
    for i in range(k):
        if order[i] >= MOVE_EXCHANGE:
            codes[n] = order[i]
            values[n] = found[i]
            n += 1
    return n


@njit(cache=True, nogil=True)
def root_values(S, guess, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, SH, codes, values):
    """The exact value (gain of the move + future) of every legal move at the root (one thread).

    Fills ``codes``/``values`` (cards by bit order, then exchanges) and returns the count, or -1
    if a probe stopped on the budget. Equivalent cards share one search. Each move's first probe
    asks whether it reaches the best value found so far; the next ones step from there
    (``gallop_next``)."""
    order = np.empty(MOVES, dtype=np.int64)
    rep = np.empty(64, dtype=np.int64)
    k, legal = root_moves(S, R, T, ORD, SUF, MV, HIST, order, rep)
    found = np.empty(MOVES, dtype=np.int64)
    root = np.empty(S.shape[0], dtype=np.int64)
    root[:] = S
    W = np.empty(W_SIZE, dtype=np.int64)
    climb = climbs(S, R)
    best = -1
    for i in range(k):
        gain = play_move(S, order[i], R, T)
        first = (best if best >= 0 else guess) - gain
        t = gallop_from(W, S, R, T, SUF, first, climb if best < 0 else 0)
        while t > 0:
            g = alphabeta_alone(S, t - 1, t, 1, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT,
                                stats, SH)
            if g == ABORTED:
                S[:] = root
                return -1
            t = probe_next(W, t, g)
        S[:] = root
        found[i] = gain + W[W_LOWER]
        best = max(best, found[i])
    return root_report(legal, rep, order, found, k, codes, values)


@njit(cache=True, _nrt=False, nogil=True)
def reach(S, target, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, SH):
    """Whether the maximising side can still win at least ``target`` (one zero-window probe):
    1 or 0, or -1 if the probe stopped on the budget."""
    if target <= 0:
        return 1
    g = alphabeta_alone(S, target - 1, target, 0, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT,
                        stats, SH)
    if g == ABORTED:
        return -1
    return 1 if g >= target else 0


@njit(cache=True, nogil=True)
def principal_variation(S, value, R, T, ORD, SUF, TD, gen, MV, SV, F, HIST, EGT, stats, SH, out):
    """Optimal play from the root to the end of the deal (``value`` is the root's future value).

    At each step the first move (in search order) that keeps the value is taken; S is left at
    the end of the deal. Returns the number of moves written to ``out``."""
    count = 0
    v = value
    save = np.empty(S.shape[0], dtype=np.int64)
    while S[S_PHASE] != 3 and S[S_TRICKNO] < R[R_TRICKS]:
        seat = S[S_TOMOVE]
        maxing = is_maximising(S, seat, R)
        k = gen_moves(S, R, T, ORD, SUF, MV, 0, -1, HIST)
        moves = np.empty(k, dtype=np.int64)
        for i in range(k):
            moves[i] = MV[0, i]
        save[:] = S
        chosen = -1
        for i in range(k):
            code = moves[i]
            gain = play_move(S, code, R, T)
            t = v - gain
            if maxing:
                ok = alphabeta_alone(S, t - 1, t, 1, R, T, ORD, SUF, TD, gen, MV, SV, F,
                                     HIST, EGT, stats, SH) >= t
            else:
                ok = alphabeta_alone(S, t, t + 1, 1, R, T, ORD, SUF, TD, gen, MV, SV, F,
                                     HIST, EGT, stats, SH) <= t
            if ok:
                chosen = code
                v = t
                break
            S[:] = save
        if chosen < 0:  # pragma: no cover - would mean the value was wrong
            return -1
        out[count] = chosen
        count += 1
    return count
