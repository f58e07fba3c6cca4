"""A dedicated kernel for the last tricks of games with duties, two to four seats, once no
stock is left (Klaverjas; Cruce; Brisca with arrastre; and 3-player Briscola and Brisca, whose
duties are none): the hands in registers, the duty cascade and the bonuses (roem, marriages,
the last trick) worked out from the cards.

In Klaverjas the general search (``dds.py``) spends nine tenths of its nodes in the last four
tricks, each node paying for its move generation, saved state, bounds and table key. Here, as in
the two-seat kernel (``duel.py``), a node is a few look-ups: fail-soft alpha-beta, iterative (one
row of ``E`` per ply for the frame, ``E_DFRAME + ply``: the two kernels never serve one solve),
the legal cards from the declared duties (``_legal``: the cascade of ``step.legal_cards_why`` on
the trick as registers), and a table at trick boundaries (the endgame table ``G``, keyed by the
hands as they are: with roem a card's name matters). Order: the table's best card, then at a
lead the card that last cut at this ply (not at a later card of the trick: there the guess
orders better), then (two or three seats, where following suit comes first) a lead of a master,
trumps and dear cards first, as ``dds.gen_moves`` orders them (with two seats before the card
that last cut), then leads that cut most often with as many tricks left, then
``dds.gen_moves``'s guess; of equal worthless cards only one is searched
(``_merge``). With the masters first, two seats hand over from eight tricks left (all of
2-player Cruce after the stock) and three from seven. With two tricks left
(a card or two in each hand) the frames cost more than the search: there the boundary keeps its
bounds and table entry and the trick is searched by plain nested loops over the seats' cards,
the last trick playing itself (``_two``).

Values are what the maximising side wins from a trick boundary: card points, the last trick's
bonus and roem (or tricks, with objective tricks). ``cap`` bounds that value from above: the
card points left, the last-trick bonus and the general search's bound on the roem still
possible at the boundary where the kernel was entered (roem from fewer cards can only be
less), so it is a true bound at every node below.

It applies with two to four seats, a known trump and adversarial seats, to games with a duty
cascade and to those without one that no kernel for plain play takes (3-player Briscola and
Brisca: ``applies``; ``fill`` says so in ``E[E_MISC, M_OB_ON]``), from the boundaries with
``E[E_MISC, M_OB_FROM]`` tricks or fewer left once no stock remains (``HAND_FROM``, by the
number of seats). In plain play (no duty, no bonus) drawing after each trick it takes the last
``STOCK_TRICKS`` tricks with a stock too, the stock drawn in its known order after each trick
(``_draw``; the table's keys hold no stock: within one generation the stock is one sequence,
and the tricks left say how much of it was drawn), with the point-less cards of its keys
renamed (``_key``), and leaves out the card that last cut at a ply (``O_KILLS``): tried first,
it took 1.5 times the nodes there.
"""

from __future__ import annotations

import numpy as np

from aceten.rules import lazy_numba
from aceten.rules.jit import low_bit, popcount
from aceten.rules.layout import (
    DRAW_AFTER_TRICK,
    KING,
    OB_FOLLOW,
    OB_PARTNER,
    QUEEN,
    R_DRAW,
    R_HAND,
    R_LAST_BONUS,
    R_MARRIAGE,
    R_MARRIAGE_PLAIN,
    R_MARRIAGE_TRUMP,
    R_N,
    R_OB_A,
    R_OB_B,
    R_OB_KIND,
    R_OB_N,
    R_PARTNER,
    R_ROEM,
    R_RUN3,
    R_RUN4,
    R_STUK,
    S_COOP,
    S_MAXTEAM,
    S_OBJ,
    S_TEAM,
    S_TRUMP,
    T_FOUR,
    T_RANK,
    T_RUN_ROEM,
    T_SEQ,
    TRUMP_POWER,
)
from aceten.rules.lazy_numba import njit
from aceten.search.endgame import (
    E_DBELOW,
    E_DFRAME,
    E_DSUF,
    E_DTHROW,
    E_DZERO,
    E_MISC,
    E_OBLIGED,
    E_POWER,
    E_PTS,
    E_PTS_BY,
    E_PW,
    E_STOCK,
    INF,
    M_GEN,
    M_MAX,
    M_NODES,
    M_OB_HAND,
    M_OB_STOCK_TO,
    M_SLEN,
    M_TRICKS,
    M_TRUMP,
    MAX_POINTS,
    OBLIGED_ROWS,
    _store,
    above_all,
    applies_duel,
    below_rows,
    bucket,
    card_rows,
    dearest,
    folded_bounds,
    follow_guess,
    mark,
    probe_masked,
    probe_masked_at,
    rename_rows,
    renamed,
    seen,
    strongest,
    sure_winners,
    top_power,
)
from aceten.search.endgame import applies as applies_four
from aceten.search.kernels import QUEENS, mates, prefetch, table_window

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

# E_MISC fields (the endgame kernel's end at 43)
M_OB_ON = 44  # 1 when this kernel applies to the search
M_OB_FROM = 45  # the most tricks left at which the search hands a boundary to it
M_OB_N = 46  # the duty cascade: how many parts, then kind, A and B of each (3 slots each)
M_OB_KIND = 47
M_OB_A = 50
M_OB_B = 53
M_OB_PARTNER = 56  # 1: "the partner is winning" can hold (sides sit alternately)
M_OB_LAST = 57  # the last trick's bonus
M_OB_ROEM = 58  # 1: a trick's cards score roem for its winner
M_OB_STUK = 59  # the trump king and queen (bits), and their roem
M_OB_STUK_V = 60
M_OB_DECK = 61  # the deck's cards (bits): the table keeps its best card in the bits outside them
M_OB_SPARE = 62  # 1: seven such bits were found (the best card is kept)
M_OB_SEATS = 63  # the number of seats (2 to 4)
MOVE_BITS = 7  # the best card plus one (0: none), spread over the first seven spare bits
HAND_FROM = {2: 8, 3: 7, 4: 5}  # by seats: the most tricks left at which the search hands a
# boundary to this kernel
STOCK_TRICKS = 9  # in plain play (no duty, no bonus, drawing after each trick), how many of the
# last tricks with a stock the kernel takes too, the stock drawn in its known order: in 3-player
# Briscola all but the first trick (HIST_ROWS and the frames allow no more). With the 32 MB
# table, 3-player Briscola 0.86-0.90 of four's CPU, Brisca 0.95-1.00 (deals 0-59)
STOCK_TABLE_BITS = 20  # the endgame table where it does (32 MB; the 8 MB of the two-seat kernel
# overflowed: 3-player Briscola's 200-deal p95 429.9 ms against 499.2-535.0, the median 73.1 ms
# against 75.6-77.4; 2**21 entries 415.9 and 71.6 ms)
STOCK_TABLE_TRICKS = 12  # for positions with this many tricks left or more: from two tricks
# played on, 8 MB searched 1.004-1.006 times the nodes of 32 MB (3-player Briscola and Brisca,
# deals 0-29; after one trick 1.02-1.03, from the first card 1.11), and a new Solver then does not
# pay for 32 MB of fresh pages (up to 45 ms) on a late position (the searcher's, pimc's)
# its rows, from E_OBLIGED (OBLIGED_ROWS of them)
E_OSEQ = 0  # a card's bit in the roem sequence word (8 places a suit), or 0
E_OFOUR = 1  # a card's four-of-a-kind roem (by its rank)
E_ORUN = 2  # 4 rows: for the places of one suit in a trick (8 bits), the roem of its longest run
E_OMOVE = 6  # 2 rows: for a card plus one (0..64), its bits spread over the spare bits
E_OSPARE = 8  # the spare bits' places (MOVE_BITS of them)
E_OMISC = 9  # a row of fields (O_*)
O_MARRIAGE = 0  # 1: leading a king or queen while holding its mate scores
O_MPLAIN = 1  # its value in a plain suit
O_MTRUMP = 2  # and in trumps
O_MASTERS = 3  # leads of masters (two or three seats, following suit the first duty): 1 after
# the card that last cut, 2 before it (two seats; measured best each way)
O_ZERO = 4  # the worthless cards ``_merge`` may find equal (a mask)
O_KILLS = 5  # the leads that may be tried first for having cut last at their ply: all (-1), or
# none (0) in plain play, where that took 1.5 times the nodes (the guess orders better there).
# At a later card of the trick the guess always does: the card that last cut tried first there
# took 1.12 times the nodes in 2-player Cruce, 1.17 in Klaverjas and 4-player Cruce
O_NEAR = 6  # 1: ``_skip_near`` drops cards that play alike but for their points
O_PAIRS = 7  # 1: the bound on what is left follows the marriages the maximising side can
# still lead (``_marriages_left``): marriages, no roem, no stock
E_OHIST = 10  # 12 rows: per tricks left (1..12), how often each card cut as a lead (per search)
HIST_ROWS = 12
E_ORUNB = 22  # 4 rows: for the live places of one suit (8 bits), the most roem their runs can
# still give in tricks to come (the rules' bound, T_RUN_ROEM: each disjoint run counts)
assert E_OHIST + HIST_ROWS <= E_ORUNB and E_ORUNB + 4 <= OBLIGED_ROWS  # endgame.py's room

# the frame's fields: row E_DFRAME + ply of E, one column each
F_H = 0  # 4 columns: the hands of seats 0..3
F_S = 4  # the trick's leader
F_T = 5  # the place in the trick of the card to play (0: the lead)
F_C0 = 6  # the card led
F_BEST = 7  # the card winning the trick so far, and its place
F_BP = 8
F_PTS = 9  # the trick's card points so far
F_TM = 10  # the trick's cards so far (bits)
F_CAP = 11  # the bound on what is still to be won from the trick's start
F_ALPHA = 12
F_BETA = 13
F_A0 = 14  # the window as entered (after the table narrowed it)
F_B0 = 15
F_G = 16
F_CANDS = 17  # the cards not yet searched (bits)
F_CUR = 18
F_GAIN = 19  # what the current card gave the maximising side (at a trick's last card)
F_MAXING = 20
F_FOUND = 21  # the table: the entry found (or -1, or NOT_KEYED), its bucket, bounds
F_E0 = 22
F_LOWER = 23
F_UPPER = 24
F_FIRST = 25  # the card to try first (a bit; 0: none)
F_BESTM = 26  # the best card so far
F_TL = 27  # tricks left, this one included
F_KILL = 28  # at a lead: the card that last cut at this ply (a bit; 0: none)
F_MASTERS = 29  # at a lead: the leader's cards above every card of their suit the others hold
F_STOCK = 30  # the cards still to draw after this trick (0: none)
F_REACH = 31  # three seats, the trick's second card: the last hand's top power on the trick if it
# is an opponent's (``endgame.top_power``), else INF
F_MATES = 32  # the cards of the hand to play that a marriage lead would score with (``mates``)
F_PAIRS = 33  # ``_marriages_left`` at the trick's start (with O_PAIRS)

OPEN = -(1 << 40)  # a frame was set up: the node's cards are to be searched
NOT_KEYED = -2


def applies(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether the kernel applies to a search of position S under rules R: two to four
    adversarial seats, the trump known, and no kernel made for plain play serving instead (an
    exchange of the turned trump does not matter: the kernel starts once the stock is out).

    That is every game with duties, and the games free of them that neither the endgame kernel
    (four seats in two sides) nor the two-seat kernel takes: 3-player Briscola and Brisca,
    whose cascade is empty (every card legal)."""
    return bool(2 <= R[R_N] <= 4 and S[S_TRUMP] >= 0 and S[S_COOP] == 0
                and not applies_four(R, S) and not applies_duel(R, S))


def plain_play(R: np.ndarray, S: np.ndarray) -> bool:
    """No duty and no bonus that counts (roem, marriages, the last trick's; with objective
    tricks only the duties matter): the cards' names below their points do not matter, and
    the guess orders better than the card that last cut."""
    tricks = S[S_OBJ] == 1
    roem = R[R_ROEM] == 1 and not tricks
    return bool(R[R_OB_N] == 0 and not roem and R[R_MARRIAGE] != 1
                and (tricks or R[R_LAST_BONUS] == 0))


def draws_stock(R: np.ndarray, S: np.ndarray) -> bool:
    """Plain play drawing one card each after a trick, three cards or more a hand: the kernel
    takes the last ``STOCK_TRICKS`` tricks with a stock too."""
    return plain_play(R, S) and bool(R[R_DRAW] == DRAW_AFTER_TRICK and R[R_HAND] >= 3)


def fill(E: np.ndarray, R: np.ndarray, T: np.ndarray, ORD: np.ndarray, S: np.ndarray) -> None:
    """This kernel's rows of E (from E_OBLIGED, OBLIGED_ROWS of them, and its E_MISC fields)
    for a search from S (Python, once per rules and trump): cards' powers and points, the
    duties and the roem tables."""
    rows = E_OBLIGED
    trump = int(S[S_TRUMP])
    tricks = int(S[S_OBJ]) == 1
    roem = R[R_ROEM] == 1 and not tricks
    card_rows(E, T, trump, tricks)
    for b in range(64):
        penalty = 30 if (b >> 4) & 3 == trump else 0
        strength = E[E_POWER, b] - (TRUMP_POWER if penalty else 0)
        E[E_DTHROW, b] = -(E[E_PTS, b] * 4 + penalty + strength)
        place = int(T[T_SEQ + b])
        E[rows + E_OSEQ, b] = (1 << (8 * ((b >> 4) & 3) + place)) if roem and place >= 0 else 0
        E[rows + E_OFOUR, b] = T[T_FOUR + T[T_RANK + b]] if roem else 0
    for places in range(256):
        run = 0
        m = places
        while m:
            m &= m << 1
            run += 1
        value = R[R_RUN4] if run >= 4 else (R[R_RUN3] if run == 3 else 0)
        E[rows + E_ORUN + (places >> 6), places & 63] = value if roem else 0
        E[rows + E_ORUNB + (places >> 6), places & 63] = T[T_RUN_ROEM + places] if roem else 0
    for seat in range(4):
        E[E_MISC, M_MAX + seat] = 1 if seat < R[R_N] and S[S_TEAM + seat] == S[S_MAXTEAM] else 0
    E[E_MISC, M_TRUMP] = trump
    E[E_MISC, M_TRICKS] = 1 if tricks else 0
    E[E_MISC, M_OB_ON] = 1
    n = int(R[R_N])
    E[E_MISC, M_OB_SEATS] = n
    plain = plain_play(R, S)
    takes_stock = draws_stock(R, S)  # the last STOCK_TRICKS tricks with a stock too
    E[rows + E_OMISC, O_KILLS] = 0 if plain else -1
    if plain:  # the table's keys name the point-less cards by their rank among the live ones
        rename_rows(E, ORD, trump, tricks)
    E[E_MISC, M_OB_HAND] = R[R_HAND] if takes_stock else 64
    E[E_MISC, M_OB_STOCK_TO] = R[R_HAND] + STOCK_TRICKS if takes_stock else 0
    most = max(HAND_FROM[n], E[E_MISC, M_OB_STOCK_TO])
    E[E_MISC, M_OB_FROM] = min(most, HIST_ROWS, (E_OBLIGED - E_DFRAME - 1) // n)  # frames
    E[rows + E_OMISC, O_MARRIAGE] = 1 if R[R_MARRIAGE] == 1 and not tricks else 0
    E[rows + E_OMISC, O_MPLAIN] = R[R_MARRIAGE_PLAIN]
    E[rows + E_OMISC, O_MTRUMP] = R[R_MARRIAGE_TRUMP]
    masters = n < 4 and R[R_OB_N] > 0 and R[R_OB_KIND] == OB_FOLLOW
    E[rows + E_OMISC, O_MASTERS] = (2 if n == 2 else 1) if masters else 0
    # the cards _merge may find equal: worth nothing (no points, no four-of-a-kind roem), in
    # suits with two or more of them among the deck's cards
    zero = 0
    for suit in range(4):
        cards = [int(ORD[0, suit, k]) for k in range(int(ORD[0, suit, 16]))]
        worthless = [b for b in cards if E[E_PTS, b] == 0 and E[rows + E_OFOUR, b] == 0]
        if len(worthless) >= 2:
            zero |= sum(1 << b for b in worthless)
    E[rows + E_OMISC, O_ZERO] = zero - (1 << 64 if zero >> 63 else 0)
    # (not with roem or four of a kind, which look at exact ranks; nor in plain play, every
    # card legal, where the checks cost what they saved: 3-player Briscola 0.958 of the nodes
    # for 1.047 of the CPU)
    E[rows + E_OMISC, O_NEAR] = 1 if not tricks and R[R_ROEM] == 0 and not plain else 0
    E[rows + E_OMISC, O_PAIRS] = 1 if R[R_MARRIAGE] == 1 and not tricks and R[R_ROEM] == 0 \
        and not takes_stock else 0
    below_rows(E)  # for the masters
    E[E_MISC, M_OB_N] = R[R_OB_N]
    for k in range(3):
        E[E_MISC, M_OB_KIND + k] = R[R_OB_KIND + k]
        E[E_MISC, M_OB_A + k] = R[R_OB_A + k]
        E[E_MISC, M_OB_B + k] = R[R_OB_B + k]
    E[E_MISC, M_OB_PARTNER] = R[R_PARTNER]
    E[E_MISC, M_OB_LAST] = 0 if tricks else R[R_LAST_BONUS]
    E[E_MISC, M_OB_ROEM] = 1 if roem else 0
    E[E_MISC, M_OB_STUK] = (1 << (trump * 16 + KING)) | (1 << (trump * 16 + QUEEN))
    E[E_MISC, M_OB_STUK_V] = R[R_STUK]
    deck = 0
    for suit in range(4):
        for k in range(int(ORD[0, suit, 16])):
            deck |= 1 << int(ORD[0, suit, k])
    spare = [q for q in range(64) if not deck >> q & 1][:MOVE_BITS]
    E[E_MISC, M_OB_DECK] = deck - (1 << 64 if deck >> 63 else 0)  # as an int64
    E[E_MISC, M_OB_SPARE] = 1 if len(spare) == MOVE_BITS else 0
    for i, q in enumerate(spare):
        E[rows + E_OSPARE, i] = q
    for code in range(65):
        word = sum(1 << q for i, q in enumerate(spare) if code >> i & 1) if len(spare) == MOVE_BITS else 0
        E[rows + E_OMOVE + (code >> 6), code & 63] = word - (1 << 64 if word >> 63 else 0)


@njit(cache=True, _nrt=False, inline="always")
def _above(E, cards, best):
    """The cards of ``cards`` ranked above ``best`` (both of one suit, or trumps)."""
    bar = E[E_POWER, best]
    out = 0
    m = cards
    while m:
        b = low_bit(m)
        m &= m - 1
        if E[E_POWER, b] > bar:
            out |= 1 << b
    return out


@njit(cache=True, _nrt=False, inline="always")
def _master_trumps(E, h0, h1, h2, h3, stock):
    """The points of the top live trumps while one side holds them all (each takes a trick
    of its own, its points included), and that side: 1 the maximising one, 0 the other, -1
    none. With objective tricks, one trick (two partners' top trumps may fall together). A
    trump still to draw (in ``stock``) ends the run: it is nobody's yet."""
    trumps = (h0 | h1 | h2 | h3 | stock) & (0xFFFF << (E[E_MISC, M_TRUMP] << 4))
    side = -1
    sure = 0
    while trumps:
        top = strongest(E, trumps)
        bit = 1 << top
        if stock & bit:
            break
        seat = 0 if h0 & bit else (1 if h1 & bit else (2 if h2 & bit else 3))
        ours = E[E_MISC, M_MAX + seat]
        if side == -1:
            side = ours
        elif side != ours:
            break
        sure += E[E_PTS, top]
        trumps ^= bit
    if E[E_MISC, M_TRICKS] == 1 and side >= 0:
        sure = 1
    return sure, side


@njit(cache=True, _nrt=False, inline="always")
def _points(E, cards):
    """The card points of ``cards`` (bits)."""
    total = 0
    m = cards
    while m:
        c = low_bit(m)
        m &= m - 1
        total += E[E_PTS, c]
    return total


@njit(cache=True, _nrt=False)
def _seq(E, hand):
    """A hand's cards as places of the roem sequence, eight bits a suit."""
    out = 0
    m = hand
    while m:
        c = low_bit(m)
        m &= m - 1
        out |= E[E_OBLIGED + E_OSEQ, c]
    return out


@njit(cache=True, _nrt=False, inline="always")
def _apart(starts, h):
    """The runs of three places (bit p: p, p+1, p+2) left once hand h's places are known: a
    run two of whose cards h holds cannot fall in one trick."""
    pair = h & (h >> 1)
    return starts & ~(pair | (pair >> 1) | (h & (h >> 2)))


@njit(cache=True, _nrt=False, inline="always")
def _one_of(h, r):
    """Whether hand h holds at most one card of rank r."""
    return ((h >> r) & 1) + ((h >> (16 + r)) & 1) + ((h >> (32 + r)) & 1) + ((h >> (48 + r)) & 1) <= 1


@njit(cache=True, _nrt=False)
def _still_to_win(E, h0, h1, h2, h3, tl, alpha):
    """An upper bound on what is still to be won from a trick boundary with these hands: the
    card points in them, the last trick's bonus and the roem they can still make (as
    ``dds._roem_bound``: runs whose three cards are in three hands, one run a trick; the trump
    pair while its two cards are in two hands; four of a kind in four hands). INF, the roem not
    worked out, where the card points and bonus alone are above ``alpha``: then no bound can
    cut here, and the entry's ``cap`` serves (the roem bound cost more than it saved there)."""
    every = h0 | h1 | h2 | h3
    total = E[E_MISC, M_OB_LAST] + _points(E, every)
    if total > alpha:
        return INF
    s0 = _seq(E, h0)
    s1 = _seq(E, h1)
    s2 = _seq(E, h2)
    s3 = _seq(E, h3)
    live = s0 | s1 | s2 | s3
    starts = live & (live >> 1) & (live >> 2) & 0x3F3F3F3F
    starts = _apart(_apart(_apart(_apart(starts, s0), s1), s2), s3)
    runs = 0
    if starts:
        places = starts | (starts << 1) | (starts << 2)
        for suit in range(4):
            p = (places >> (8 * suit)) & 255
            if p:
                runs += E[E_OBLIGED + E_ORUNB + (p >> 6), p & 63]
        most = E[E_OBLIGED + E_ORUN + 3, 63] * tl  # one run a trick, of four or more at best
        if runs > most:
            runs = most
    total += runs
    stuk = E[E_MISC, M_OB_STUK]
    if every & stuk == stuk and h0 & stuk != stuk and h1 & stuk != stuk \
            and h2 & stuk != stuk and h3 & stuk != stuk:
        total += E[E_MISC, M_OB_STUK_V]
    four = every & (every >> 16) & (every >> 32) & (every >> 48) & 0xFFFF
    while four:
        r = low_bit(four)
        four &= four - 1
        if _one_of(h0, r) and _one_of(h1, r) and _one_of(h2, r) and _one_of(h3, r):
            total += E[E_OBLIGED + E_OFOUR, r]
    return total


@njit(cache=True, _nrt=False, inline="always")
def _hand(seat, h0, h1, h2, h3):
    """Seat's hand of the four in registers."""
    return h0 if seat == 0 else (h1 if seat == 1 else (h2 if seat == 2 else h3))


@njit(cache=True, _nrt=False, inline="always")
def _wrap(x, n):
    """x mod n for 0 <= x < 2n (a seat's number: no division in the loops)."""
    return x - n if x >= n else x


@njit(cache=True, _nrt=False, inline="always")
def _marriage(E, c, hand, seat):
    """What leading card c scores the maximising side (``hand``: the leader's other cards): a
    marriage, when c is a king or queen whose mate is in the hand and the leader plays for the
    maximising side (``step.lead_bonus``)."""
    if E[E_OBLIGED + E_OMISC, O_MARRIAGE] == 0 or E[E_MISC, M_MAX + seat] != 1:
        return 0
    r = c & 15
    if r != KING and r != QUEEN:
        return 0
    if not hand & (1 << ((c & 48) | (KING + QUEEN - r))):
        return 0
    if (c >> 4) & 3 == E[E_MISC, M_TRUMP]:
        return E[E_OBLIGED + E_OMISC, O_MTRUMP]
    return E[E_OBLIGED + E_OMISC, O_MPLAIN]


@njit(cache=True, _nrt=False, inline="always")
def _pairs(E, seat, hand):
    """The cards of ``hand`` a marriage lead scores with for the maximising side (``mates``),
    or 0 where there are no marriages or the seat plays against that side."""
    if E[E_OBLIGED + E_OMISC, O_MARRIAGE] == 0 or E[E_MISC, M_MAX + seat] != 1:
        return 0
    return mates(hand)


@njit(cache=True, _nrt=False)
def _legal(E, hand, t, c0, best, bp):
    """The cards of ``hand`` that may be played at place t of a trick led with c0, ``best``
    winning it from place bp: the declared cascade, as ``step.legal_cards_why``."""
    if t == 0:
        return hand
    trump = E[E_MISC, M_TRUMP]
    led = (c0 >> 4) & 3
    best_is_trump = ((best >> 4) & 3) == trump
    trumps = hand & (0xFFFF << (trump << 4))
    for k in range(E[E_MISC, M_OB_N]):
        kind = E[E_MISC, M_OB_KIND + k]
        if kind == OB_FOLLOW:
            follow = hand & (0xFFFF << (led << 4))
            if follow == 0:
                continue
            led_is_trump = led == trump
            beat = E[E_MISC, M_OB_A + k]
            if (beat == 2 or (beat == 1 and led_is_trump)) and (led_is_trump or not best_is_trump):
                h = _above(E, follow, best)
                if h:
                    return h
            return follow
        elif kind == OB_PARTNER:
            if E[E_MISC, M_OB_PARTNER] != 1 or ((t - bp) & 1) != 0:
                continue  # the partner is not winning
            allowed = hand
            if best_is_trump and hand & ~trumps:
                allowed &= ~(trumps & ~_above(E, trumps, best))
            return allowed
        else:  # trumping
            if led == trump or trumps == 0:
                continue
            if not (E[E_MISC, M_OB_A + k] == 1 and best_is_trump):
                return trumps
            h = _above(E, trumps, best)
            if h:
                return h
            under = E[E_MISC, M_OB_B + k]
            if under == 0:
                return trumps
            if under == 2 and hand & ~trumps:
                return hand & ~trumps
    return hand


@njit(cache=True, _nrt=False, inline="always")
def _roem(E, tm):
    """The roem of a finished trick's cards ``tm`` (bits): runs, the trump pair, four of a
    kind."""
    if E[E_MISC, M_OB_ROEM] == 0:
        return 0
    seq = 0
    rank = -1
    same = True
    four = 0
    m = tm
    while m:
        c = low_bit(m)
        m &= m - 1
        seq |= E[E_OBLIGED + E_OSEQ, c]
        if rank < 0:
            rank = c & 15
            four = E[E_OBLIGED + E_OFOUR, c]
        elif c & 15 != rank:
            same = False
    total = four if same and E[E_MISC, M_OB_SEATS] == 4 else 0
    for suit in range(4):
        places = (seq >> (8 * suit)) & 255
        if places:
            total += E[E_OBLIGED + E_ORUN + (places >> 6), places & 63]
    stuk = E[E_MISC, M_OB_STUK]
    if tm & stuk == stuk:
        total += E[E_MISC, M_OB_STUK_V]
    return total


@njit(cache=True, _nrt=False)
def _inert(E, c, others):
    """Whether card c can be in no roem run: every run of three places through it needs a card
    that is not among ``others`` (the places in the roem sequence of its suit's cards still
    live outside its hand: in the other hands or on the table; as ``dds.roem_inert``)."""
    P = E[E_OBLIGED + E_OSEQ, c]
    if P == 0:
        return True
    q = low_bit(P)
    base = q & 56
    place = q & 7
    for start in range(max(place - 2, 0), min(place, 5) + 1):
        r = (7 << (base + start)) & ~P
        if others & r == r:
            return False
    return True


@njit(cache=True, _nrt=False)
def _merge(E, m, live, own):
    """The cards of m (one hand's candidates) less those equal to another, the strongest of
    each group kept (as ``dds.merge_cards``): two cards worth nothing, of one suit, with no
    live card (``live``: the hands and the trick) between them in power, play alike, with roem
    while neither can be in a run. 0.90 of Klaverjas's nodes (deals 0-59)."""
    z = m & E[E_OBLIGED + E_OMISC, O_ZERO]
    if z & (z - 1) == 0:
        return m
    out = m
    a = z
    while a:
        c = low_bit(a)
        a &= a - 1
        below_c = E[E_DBELOW, c] | (1 << c)
        b = z & (0xFFFF << (c & 48)) & ~below_c
        while b:
            d = low_bit(b)
            b &= b - 1
            if live & E[E_DBELOW, d] & ~below_c:
                continue
            if E[E_MISC, M_OB_ROEM] == 1:
                others = _seq(E, live & ~own & (0xFFFF << (c & 48)))
                if not (_inert(E, c, others) and _inert(E, d, others)):
                    continue
            out &= ~(1 << c)
            break
    return out


@njit(cache=True, _nrt=False, inline="always")
def _cheapest(E, cards):
    """The fewest points of any of ``cards`` (0 if none)."""
    least = 0
    first = True
    while cards:
        c = low_bit(cards)
        cards &= cards - 1
        if first or E[E_PTS, c] < least:
            least = E[E_PTS, c]
            first = False
    return least


@njit(cache=True, _nrt=False, inline="always")
def _cash_first(E, m, other):
    """Of the masters m (two seats), the one to lead first: the one whose trick brings the most
    points, its own and the cheapest card the other hand, ``other``, can follow with (void in
    the suit, throw); one the other hand would trump, last. Trumps first and then the most
    points of the master alone (``endgame.dearest``) took 1.06 times the nodes (2-player Cruce,
    deals 0-59)."""
    pick = -1
    score = -(1 << 30)
    trump = E[E_MISC, M_TRUMP]
    trumps = (other >> (trump << 4)) & 0xFFFF
    while m:
        c = low_bit(m)
        m &= m - 1
        suit = (c >> 4) & 3
        block = 0xFFFF << (suit << 4)
        if other & block:
            v = E[E_PTS, c] + _cheapest(E, other & block)
        elif trumps and suit != trump:
            v = -1000 + E[E_PTS, c]
        else:
            v = E[E_PTS, c] + _cheapest(E, other)
        if v > score:
            score = v
            pick = c
    return pick


@njit(cache=True, _nrt=False, inline="always")
def _next_card(E, m, t, c0, best, bp, pts, kill, tl, s, masters, reach, pairs, f):
    """The card of m to search next: with two seats a lead of a master before anything else
    (``_cash_first``); a marriage lead (``pairs``, below); a lead that cut last here; with three
    seats a lead of a master, the dearest first (``endgame.dearest``); then a lead that cut
    most often with as many tricks left, then ``dds.gen_moves``'s guess (lead cheap cards; give
    points to a partner who wins the trick; take it with the cheapest card that does,
    trumping only a trick worth taking; else throw the cheapest).

    ``reach`` (three seats, the second card): the most power the last hand can bring, where
    it is an opponent's (else INF). Then a trick the side already wins that it cannot take
    gets the dearest card, and cards that take the trick beyond its reach come before those
    it can still beat (``endgame.follow_guess``; 3-player Briscola 0.90 of the nodes,
    docs/benchmarks.md).

    ``pairs``: the maximising side's kings and queens whose mate is in the same hand
    (``kernels.mates``): a lead of one scores a marriage and comes before the card that last
    cut; on another trick they go last, as ``dds.gen_moves`` orders them. ``f``: the node's
    frame row (two seats read the other hand there, ``_cash_first``).

    With two seats a reply's masters (above every card of their suit the leader holds) come
    after its other cards of the same kind, taking or thrown: kept, they win a trick later
    (2-player Cruce 0.944 of the nodes, deals 0-59; with three or four seats, above every
    card the others hold, Klaverjas and Cruce took 1.04-1.08 times the CPU)."""
    early = masters if E[E_OBLIGED + E_OMISC, O_MASTERS] == 2 else 0
    if m & early:  # two seats: before the card that last cut
        return _cash_first(E, m & early, E[f, F_H + 1 - s])
    if t == 0 and m & pairs:
        return dearest(E, m & pairs)
    if t == 0 and m & kill:
        return low_bit(m & kill)
    if m & masters:
        return dearest(E, m & masters)
    pick = -1
    score = -(1 << 62)
    n = E[E_MISC, M_OB_SEATS]
    last = t == n - 1
    ours = t > 0 and E[E_MISC, M_MAX + _wrap(s + t, n)] == E[E_MISC, M_MAX + _wrap(s + bp, n)]
    trump = E[E_MISC, M_TRUMP]
    pw = E_PW + ((c0 >> 4) & 3)
    bar = E[pw, best] if t > 0 else 0
    keep = 0
    if n == 2 and t == 1:
        keep = above_all(E, m, E[f, F_H + s])
    while m:
        c = low_bit(m)
        m &= m - 1
        if t == 0:
            v = E[E_DTHROW, c] + \
                (min(E[E_OBLIGED + E_OHIST + min(tl, HIST_ROWS) - 1, c], 1 << 30) << 12)
        else:
            v = follow_guess(E, c, trump, pw, bar, reach, ours, last, pts)
            if pairs & (1 << c):
                v -= 2000
            if keep & (1 << c):
                v -= 500  # (a taker scores about 1000, a thrown card under 500)
        if v > score:
            score = v
            pick = c
    return pick


@njit(cache=True, _nrt=False)
def points_of(E, trump, cards, k, sign):
    """The points of the ``k`` cheapest (``sign`` 1) or dearest (``sign`` -1) of ``cards``."""
    total = 0
    row = E_PTS_BY + trump
    for _ in range(k):
        pick = -1
        best = 1 << 20
        m = cards
        while m:
            c = low_bit(m)
            m &= m - 1
            if sign * E[row, c] < best:
                best = sign * E[row, c]
                pick = c
        if pick < 0:
            break
        total += sign * best
        cards &= ~(1 << pick)
    return total


@njit(cache=True, _nrt=False, inline="always")
def _may_reach(E, masters, live, need):
    """Whether the leader's quick tricks (``quick_tricks``, cashing ``masters``) could come
    to ``need``, the bound at which they cut: they take no more than every live card of the
    masters' suits. Testing that first took 2-player Cruce to 0.97-0.98 of the CPU, the same
    nodes (docs/benchmarks.md)."""
    if E[E_MISC, M_TRICKS] == 1:
        return True
    suits = 0
    for q in range(4):
        block = 0xFFFF << (q << 4)
        if masters & block:
            suits |= block
    return _points(E, live & suits) >= need


@njit(cache=True, _nrt=False)
def quick_tricks(E, n, trump, tricks, mine, a, b, c, all_masters):
    """What a leader holding ``mine`` is sure to take by cashing its masters ``all_masters``
    (quick tricks), at a trick boundary of ``n`` seats with the stock drawn out and following
    suit obligatory; ``a``, ``b``, ``c`` the other hands in seat order after it (0 past the
    n - 1 others), ``tricks`` 1 to count tricks instead of points. One rule for the general
    search (``dds.leader_sure``) and the kernel for duties.

    A master is a card above every card of its suit the other hands hold (all live cards are in
    the hands). A master trump wins whatever is played to it; a plain master wins while each
    other hand can follow suit (it must, and cannot beat it) or holds no trump (then it cannot
    win the trick either). The leader wins, and so leads again: it cashes its master trumps
    first, then each plain suit's; once the other hands are out of a suit (and of trumps, for a
    plain suit) every card the leader still holds in it wins too. Its points: its dearest cards
    cashed and the other hands' cheapest cards of the suit, counted only while no other hand
    can have thrown a card of another suit yet (a discard may be a card counted later)."""
    tmask = 0xFFFF << (trump << 4)
    t1 = popcount(a & tmask)
    t2 = popcount(b & tmask)
    t3 = popcount(c & tmask)
    total = 0
    clean = True  # the other hands have only followed suit so far
    for i in range(4):
        suit = (trump + i) & 3
        smask = 0xFFFF << (suit << 4)
        masters = all_masters & smask
        if masters == 0:
            continue
        m = popcount(masters)
        f1 = popcount(a & smask)
        f2 = popcount(b & smask)
        f3 = popcount(c & smask)
        most = max(f1, max(f2, f3))
        least = f1 if n == 2 else (min(f1, f2) if n == 3 else min(f1, min(f2, f3)))
        cashed = masters
        won = m
        if i == 0:
            if most <= m:
                cashed = mine & smask  # the others are out of trumps: every trump wins
                won = popcount(cashed)
            t1 = max(0, t1 - won)
            t2 = max(0, t2 - won)
            t3 = max(0, t3 - won)
        else:
            if t1 > 0:
                won = min(won, f1)
            if t2 > 0:
                won = min(won, f2)
            if t3 > 0:
                won = min(won, f3)
            if t1 + t2 + t3 == 0 and most <= m:
                cashed = mine & smask  # the others are out of the suit and hold no trump
                won = popcount(cashed)
        if won == 0:
            continue
        if tricks == 1:
            total += won
        else:
            total += points_of(E, trump, cashed, won, -1)
            if clean:
                total += points_of(E, trump, a & smask, min(won, f1), 1)
                total += points_of(E, trump, b & smask, min(won, f2), 1)
                total += points_of(E, trump, c & smask, min(won, f3), 1)
        if won > least:
            clean = False
    return total


@njit(cache=True, _nrt=False, inline="always")
def _play(seat, bit, h0, h1, h2, h3):
    """The four hands once ``seat`` has played the card ``bit`` (or drawn it: ``_draw``)."""
    return (h0 ^ bit if seat == 0 else h0, h1 ^ bit if seat == 1 else h1,
            h2 ^ bit if seat == 2 else h2, h3 ^ bit if seat == 3 else h3)


@njit(cache=True, _nrt=False, inline="always")
def _stock_after(E, tl):
    """The cards still to draw after the trick of a boundary with ``tl`` tricks left, in
    plain play (0 once the stock is out, and always where the kernel starts after it)."""
    rest = tl - E[E_MISC, M_OB_HAND]
    if rest <= 0:
        return 0
    return E[E_DSUF, E[E_MISC, M_SLEN] - E[E_MISC, M_OB_SEATS] * rest]


@njit(cache=True, _nrt=False, inline="always")
def _draw(E, w, tl, h0, h1, h2, h3):
    """The hands once every seat has drawn its stock card, the trick's winner w first, after
    a trick begun with ``tl`` tricks left (as they were once the stock is out)."""
    rest = tl - E[E_MISC, M_OB_HAND]
    if rest > 0:
        n = E[E_MISC, M_OB_SEATS]
        d = E[E_MISC, M_SLEN] - n * rest
        for i in range(n):
            h0, h1, h2, h3 = _play(_wrap(w + i, n), 1 << E[E_STOCK, d + i], h0, h1, h2, h3)
    return h0, h1, h2, h3


@njit(cache=True, _nrt=False, inline="always")
def _start(E, seat):
    """A node of ``seat``: whether it plays for the maximising side, and its worst value."""
    maxing = E[E_MISC, M_MAX + seat]
    return maxing, -INF if maxing == 1 else INF


@njit(cache=True, _nrt=False, inline="always")
def _last_trick(E, s, h0, h1, h2, h3):
    """One card left in each hand, seat s to lead: what the maximising side wins of the last
    trick, which plays itself (no marriage: the mate is gone)."""
    c0 = low_bit(_hand(s, h0, h1, h2, h3))
    pw = E_PW + ((c0 >> 4) & 3)
    n = E[E_MISC, M_OB_SEATS]
    best = c0
    bp = 0
    for d in range(1, n):
        c = low_bit(_hand(_wrap(s + d, n), h0, h1, h2, h3))
        if E[pw, c] > E[pw, best]:
            best = c
            bp = d
    if E[E_MISC, M_MAX + _wrap(s + bp, n)] != 1:
        return 0
    if E[E_MISC, M_TRICKS] == 1:
        return 1
    tm = h0 | h1 | h2 | h3
    return E[E_MISC, M_OB_LAST] + _points(E, tm) + _roem(E, tm)


@njit(cache=True, _nrt=False, inline="always")
def _two_leaf(E, s, bp, pts, tm, h0, h1, h2, h3):
    """The first of two tricks led by s finished (won from place bp, ``pts`` card points, cards
    ``tm``), one card left in each hand: what the maximising side wins of the two."""
    w = _wrap(s + bp, E[E_MISC, M_OB_SEATS])
    total = 0
    if E[E_MISC, M_MAX + w] == 1:
        total = 1 if E[E_MISC, M_TRICKS] == 1 else pts + _roem(E, tm)
    return total + _last_trick(E, w, h0, h1, h2, h3)


@njit(cache=True, _nrt=False, inline="always")
def _two_better(maxing, v, g, alpha, beta):
    """Fold a card's value v into a node's best g and its window; the last says whether it
    cuts."""
    if maxing == 1:
        if v > g:
            g = v
        if g > alpha:
            alpha = g
    else:
        if v < g:
            g = v
        if g < beta:
            beta = g
    return g, alpha, beta, alpha >= beta


@njit(cache=True, _nrt=False)
def _two_follow(E, s, c0, h0, h1, h2, h3, alpha, beta):
    """The rest of the first of two tricks, seat s having led c0 (no longer in its hand): each
    later seat's legal cards in turn, one loop inside the other (numba's cache cannot load a
    function calling itself), the two tricks' end (``_two_leaf``) inside the last."""
    n = E[E_MISC, M_OB_SEATS]
    pw = E_PW + ((c0 >> 4) & 3)
    p0 = E[E_PTS, c0]
    t0 = 1 << c0
    s1 = _wrap(s + 1, n)
    x1, g1 = _start(E, s1)
    m1 = _legal(E, _hand(s1, h0, h1, h2, h3), 1, c0, c0, 0)
    while m1:
        c1 = low_bit(m1)
        m1 &= m1 - 1
        E[E_MISC, M_NODES] += 1
        k1 = 1 << c1
        a0, a1, a2, a3 = _play(s1, k1, h0, h1, h2, h3)
        b1 = c1 if E[pw, c1] > E[pw, c0] else c0
        q1 = 1 if b1 == c1 else 0
        p1 = p0 + E[E_PTS, c1]
        if n == 2:
            v1 = _two_leaf(E, s, q1, p1, t0 | k1, a0, a1, a2, a3)
        else:
            s2 = _wrap(s + 2, n)
            x2, g2 = _start(E, s2)
            al2 = alpha
            be2 = beta
            m2 = _legal(E, _hand(s2, a0, a1, a2, a3), 2, c0, b1, q1)
            while m2:
                c2 = low_bit(m2)
                m2 &= m2 - 1
                E[E_MISC, M_NODES] += 1
                k2 = 1 << c2
                d0, d1, d2, d3 = _play(s2, k2, a0, a1, a2, a3)
                b2 = c2 if E[pw, c2] > E[pw, b1] else b1
                q2 = 2 if b2 == c2 else q1
                p2 = p1 + E[E_PTS, c2]
                if n == 3:
                    v2 = _two_leaf(E, s, q2, p2, t0 | k1 | k2, d0, d1, d2, d3)
                else:
                    s3 = _wrap(s + 3, n)
                    x3, g3 = _start(E, s3)
                    al3 = al2
                    be3 = be2
                    m3 = _legal(E, _hand(s3, d0, d1, d2, d3), 3, c0, b2, q2)
                    while m3:
                        c3 = low_bit(m3)
                        m3 &= m3 - 1
                        E[E_MISC, M_NODES] += 1
                        k3 = 1 << c3
                        q3 = 3 if E[pw, c3] > E[pw, b2] else q2
                        e0, e1, e2, e3 = _play(s3, k3, d0, d1, d2, d3)
                        v3 = _two_leaf(E, s, q3, p2 + E[E_PTS, c3], t0 | k1 | k2 | k3,
                                       e0, e1, e2, e3)
                        g3, al3, be3, cut = _two_better(x3, v3, g3, al3, be3)
                        if cut:
                            break
                    v2 = g3
                g2, al2, be2, cut = _two_better(x2, v2, g2, al2, be2)
                if cut:
                    break
            v1 = g2
        g1, alpha, beta, cut = _two_better(x1, v1, g1, alpha, beta)
        if cut:
            break
    return g1


@njit(cache=True, _nrt=False)
def _two(E, s, h0, h1, h2, h3, alpha, beta, first):
    """Two tricks left, seat s to lead: what the maximising side wins, fail-soft in (alpha,
    beta), by plain nested loops over the cards (no frames): the last trick plays itself
    (``_two_leaf``). ``first``: a card to lead first (a bit, or 0). Returns the value and the
    best lead."""
    maxing, g = _start(E, s)
    hand = _hand(s, h0, h1, h2, h3)
    top = -1
    m = hand
    while m:
        k = m & first
        c = low_bit(k if k else m)
        m &= ~(1 << c)
        E[E_MISC, M_NODES] += 1
        bit = 1 << c
        n0, n1, n2, n3 = _play(s, bit, h0, h1, h2, h3)
        gain = _marriage(E, c, hand ^ bit, s)
        v = gain + _two_follow(E, s, c, n0, n1, n2, n3, alpha - gain, beta - gain)
        before = g
        g, alpha, beta, cut = _two_better(maxing, v, g, alpha, beta)
        if g != before:
            top = c
        if cut:
            break
    return g, top


@njit(cache=True, _nrt=False, inline="always")
def _key(E, h0, h1, h2, h3, tl, stock):
    """The table's key words of a trick boundary with ``tl`` tricks left and ``stock`` still
    to draw, its hands in seat order from the leader: the cards left, those of the second and
    fourth seats, those of the third and fourth (which hand each card is in, with the leader
    kept beside them). Every look-up, store and prefetch of the kernel's table keys through
    here.

    In plain play the point-less cards are renamed, as ``dds.canonical_key`` and
    ``duel._key`` do (``endgame.rename_rows``): which of them were played no longer matters,
    only how many are left. Renamed hands no longer say how much of the stock was drawn, so
    such a key holds the tricks left too, in spare bits of its first word (no card's, so no
    key of hands as they are can match it)."""
    u = h0 | h1 | h2 | h3
    a = h1 | h3
    b = h2 | h3
    z = u & E[E_DZERO, 0]
    if z == 0:
        return u, a, b
    live = u | stock
    u ^= z
    a &= ~z
    b &= ~z
    while z:
        c = low_bit(z)
        z &= z - 1
        t = 1 << renamed(E, c, live)
        u |= t
        if ((h1 | h3) >> c) & 1:
            a |= t
        if ((h2 | h3) >> c) & 1:
            b |= t
    return u | E[E_OBLIGED + E_OMOVE + (tl >> 6), tl & 63], a, b


@njit(cache=True, _nrt=False, inline="always")
def _marriages_left(E, h0, h1, h2, h3):
    """The most the maximising side's marriages can still score, the stock drawn out: a king
    and queen one of its hands holds together (a pair split between hands, or broken, can no
    longer be led as one)."""
    pairs = 0  # (the queen of each pair: ``_pairs`` gives its king too)
    for seat in range(E[E_MISC, M_OB_SEATS]):
        pairs |= _pairs(E, seat, _hand(seat, h0, h1, h2, h3)) & QUEENS
    plain = E[E_OBLIGED + E_OMISC, O_MPLAIN]
    total = popcount(pairs) * plain
    trump = E[E_MISC, M_TRUMP]
    if trump >= 0 and (pairs >> (16 * trump + QUEEN)) & 1:
        total += E[E_OBLIGED + E_OMISC, O_MTRUMP] - plain
    return total


@njit(cache=True, _nrt=False, inline="always")
def _enter(E, G, stats, s, h0, h1, h2, h3, tl, stock, cap, alpha, beta):
    """A trick boundary, seat s to lead, ``tl`` tricks left: (its value, ...) where the bounds,
    the last trick or the table settle it, else (OPEN, the cap, the window the table narrowed,
    the entry found or NOT_KEYED, its bucket, its lower and upper bounds, the table's best card
    as a bit or 0), for ``_lead`` and ``_at_two``."""
    if cap <= alpha:
        return cap, cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
    if beta <= 0 or cap <= 0:
        return 0, cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
    if tl == 1:
        return _last_trick(E, s, h0, h1, h2, h3), cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
    # the table's bucket asked for now, to be on its way while the bounds are worked out
    u, a, b = _key(E, h0, h1, h2, h3, tl, stock)
    e0 = bucket(G, u, a, b, s)
    prefetch(G, e0 << 2)
    if E[E_MISC, M_OB_ROEM] == 1:  # the roem the cards left can still make, where it may cut
        room = _still_to_win(E, h0, h1, h2, h3, tl, alpha)
        if room < cap:
            cap = room
            if cap <= alpha:
                return cap, cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
    # the top live trumps, while one side holds them, take their own points for it
    sure, mine = _master_trumps(E, h0, h1, h2, h3, stock)
    if mine == 1:
        if sure >= beta:
            return sure, cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
    elif mine == 0 and cap - sure <= alpha:
        return cap - sure, cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
    hand = _hand(s, h0, h1, h2, h3)
    found = NOT_KEYED
    lower = 0
    upper = INF
    first = 0
    if cap <= MAX_POINTS and E[E_MISC, M_OB_SPARE] == 1:
        stats[1] += 1
        found = -1  # (a key the filter has never seen is not in the table: no wait on memory)
        w2 = 0
        if seen(E, G, u, a, b, s):
            e0, found, lower, upper, w2 = probe_masked_at(G, e0, u, a, b, E[E_MISC, M_OB_DECK],
                                                          s, E[E_MISC, M_GEN])
        if found >= 0:
            settled, g, alpha, beta = table_window(lower, upper, alpha, beta, stats)
            if settled:
                return g, cap, alpha, beta, NOT_KEYED, 0, 0, INF, 0
            code = 0
            for i in range(MOVE_BITS):
                code |= ((w2 >> E[E_OBLIGED + E_OSPARE, i]) & 1) << i
            if code > 0:
                first = (1 << (code - 1)) & hand
    return OPEN, cap, alpha, beta, found, e0, lower, upper, first


@njit(cache=True, _nrt=False, inline="always")
def stored_bounds(E, G, s, h0, h1, h2, h3, tl):
    """The bounds the table holds on a trick boundary's value, seat s to lead, ``tl`` tricks
    left: (its entry, lower, upper), or (-1, 0, INF) if it holds none: for the general
    search's enhanced transposition cut-offs at the trick before the kernel takes over."""
    if E[E_MISC, M_OB_SPARE] != 1:  # (no room for the best card: the kernel keeps no entries)
        return -1, 0, INF
    u, a, b = _key(E, h0, h1, h2, h3, tl, _stock_after(E, tl))
    if not seen(E, G, u, a, b, s):
        return -1, 0, INF
    _e0, found, lower, upper, _w2 = probe_masked(G, u, a, b, E[E_MISC, M_OB_DECK], s,
                                                 E[E_MISC, M_GEN])
    return found, lower, upper


@njit(cache=True, _nrt=False, inline="always")
def _keep(E, G, stats, s, h0, h1, h2, h3, tl, stock, g, best, cap, alpha, beta, found, e0,
          lower, upper):
    """Store what a boundary's search found (g, fail-soft in the window alpha, beta it was
    searched with; ``best`` its best lead or -1) in the table entry ``found``."""
    if found == NOT_KEYED:
        return
    lower, upper = folded_bounds(lower, upper, g, alpha, beta)
    if g <= alpha:
        best = -1  # every card failed low: none is known best
    moved = E[E_OBLIGED + E_OMOVE + ((best + 1) >> 6), (best + 1) & 63]
    u, a, b = _key(E, h0, h1, h2, h3, tl, stock)
    mark(E, G, u, a, b, s)
    _store(G, e0, found, u, a, b | moved, s, E[E_MISC, M_GEN], lower, min(upper, cap), stats)


@njit(cache=True, _nrt=False)
def _at_two(E, G, stats, s, h0, h1, h2, h3, cap, alpha, beta):
    """A boundary with two tricks left: bounds and table as any, then ``_two``'s loops."""
    v, cap, alpha, beta, found, e0, lower, upper, first = _enter(
        E, G, stats, s, h0, h1, h2, h3, 2, 0, cap, alpha, beta)
    if v != OPEN:
        return v
    g, top = _two(E, s, h0, h1, h2, h3, alpha, beta, first)
    _keep(E, G, stats, s, h0, h1, h2, h3, 2, 0, g, top, cap, alpha, beta, found, e0, lower, upper)
    return g


@njit(cache=True, _nrt=False)
def _lead(E, G, stats, p, s, h0, h1, h2, h3, tl, cap, alpha, beta, pairs):
    """Enter a trick boundary at ply p, seat s to lead, ``tl`` tricks left: its value if the
    bounds, the last trick or the table settle it (or, two tricks left, ``_two``'s nested loops
    search it), else OPEN with its frame ready."""
    if tl == 2:
        return _at_two(E, G, stats, s, h0, h1, h2, h3, cap, alpha, beta)
    stock = _stock_after(E, tl)
    v, cap, alpha, beta, found, e0, lower, upper, first = _enter(
        E, G, stats, s, h0, h1, h2, h3, tl, stock, cap, alpha, beta)
    if v != OPEN:
        return v
    hand = _hand(s, h0, h1, h2, h3)
    masters = 0
    if E[E_OBLIGED + E_OMISC, O_MASTERS] != 0:  # two or three seats: the leader's masters,
        live = h0 | h1 | h2 | h3
        masters = above_all(E, hand, live ^ hand)
        if masters:  # and its quick tricks, a bound at this node only: they cut from ``need``
            maxing = E[E_MISC, M_MAX + s] == 1
            need = beta if maxing else cap - alpha
            if _may_reach(E, masters, live, need):
                n = E[E_MISC, M_OB_SEATS]
                quick = quick_tricks(E, n, E[E_MISC, M_TRUMP], E[E_MISC, M_TRICKS], hand,
                                     _hand(_wrap(s + 1, n), h0, h1, h2, h3),
                                     _hand(_wrap(s + 2, n), h0, h1, h2, h3) if n > 2 else 0,
                                     0, masters)
                if quick >= need:
                    return quick if maxing else cap - quick
    elif E[E_MISC, M_OB_SEATS] == 3 and E[E_OBLIGED + E_OMISC, O_KILLS] == 0:
        masters = sure_winners(E, hand, (h0 | h1 | h2 | h3) ^ hand)  # plain play: led first
    f = E_DFRAME + p
    E[f, F_H] = h0
    E[f, F_H + 1] = h1
    E[f, F_H + 2] = h2
    E[f, F_H + 3] = h3
    E[f, F_S] = s
    E[f, F_T] = 0
    E[f, F_C0] = -1
    E[f, F_BEST] = -1
    E[f, F_BP] = 0
    E[f, F_PTS] = 0
    E[f, F_TM] = 0
    E[f, F_CAP] = cap
    E[f, F_TL] = tl
    E[f, F_PAIRS] = pairs
    _window(E, f, alpha, beta, E[E_MISC, M_MAX + s])
    E[f, F_CANDS] = _merge(E, hand, h0 | h1 | h2 | h3 | stock, hand)
    E[f, F_STOCK] = stock
    E[f, F_FIRST] = first
    E[f, F_MASTERS] = masters
    E[f, F_REACH] = INF
    E[f, F_MATES] = _pairs(E, s, hand)
    E[f, F_FOUND] = found
    E[f, F_E0] = e0
    E[f, F_LOWER] = lower
    E[f, F_UPPER] = upper
    return OPEN


@njit(cache=True, _nrt=False)
def _ask_ahead(E, G, g):
    """At a trick's last card (its frame in row g, two tricks or more left after it): ask for
    (prefetch) the table bucket of the trick boundary each card leads to, so that the lookup
    there finds it on its way instead of waiting on memory. (Looking the children up here for
    enhanced transposition cut-offs saved 12-15% of the nodes and cost more than that.)"""
    s = E[g, F_S]
    n = E[E_MISC, M_OB_SEATS]
    seat = _wrap(s + n - 1, n)
    pw = E_PW + ((E[g, F_C0] >> 4) & 3)
    top = E[pw, E[g, F_BEST]]
    h0 = E[g, F_H]
    h1 = E[g, F_H + 1]
    h2 = E[g, F_H + 2]
    h3 = E[g, F_H + 3]
    m = E[g, F_CANDS]
    while m:
        c = low_bit(m)
        m &= m - 1
        bit = 1 << c
        w = seat if E[pw, c] > top else _wrap(s + E[g, F_BP], n)
        n0, n1, n2, n3 = _play(seat, bit, h0, h1, h2, h3)
        n0, n1, n2, n3 = _draw(E, w, E[g, F_TL], n0, n1, n2, n3)
        u, a, b = _key(E, n0, n1, n2, n3, E[g, F_TL] - 1, _stock_after(E, E[g, F_TL] - 1))
        prefetch(G, bucket(G, u, a, b, w) << 2)


@njit(cache=True, _nrt=False, inline="always")
def _window(E, f, alpha, beta, maxing):
    E[f, F_ALPHA] = alpha
    E[f, F_BETA] = beta
    E[f, F_A0] = alpha
    E[f, F_B0] = beta
    E[f, F_G] = -INF if maxing == 1 else INF
    E[f, F_MAXING] = maxing
    E[f, F_BESTM] = -1


@njit(cache=True, _nrt=False)
def _skip_near(E, f, v):
    """After the card just searched at frame f gave v without a cut: drop the cards left
    whose value cannot pass the window either. Two cards of one suit in one hand, no live
    card between them in power, play alike but for their points: swap them in every line
    from here and every trick is won by the same card, so their values differ by at most
    the difference of their points. At a maximising node whose window's alpha is that much
    above v, the other card fails low too (its bound v plus that difference folds into the
    node's value); at a minimising node, likewise below beta. (``_merge`` drops equal cards
    worth nothing before any is searched.)"""
    if E[E_OBLIGED + E_OMISC, O_NEAR] == 0:
        return
    c = E[f, F_CUR]
    maxing = E[f, F_MAXING] == 1
    slack = E[f, F_ALPHA] - v if maxing else v - E[f, F_BETA]
    if slack < 1:
        return
    h0 = E[f, F_H]
    h1 = E[f, F_H + 1]
    h2 = E[f, F_H + 2]
    h3 = E[f, F_H + 3]
    own = _hand(_wrap(E[f, F_S] + E[f, F_T], E[E_MISC, M_OB_SEATS]), h0, h1, h2, h3)
    m = E[f, F_CANDS] & (0xFFFF << (c & 48))
    if maxing and E[E_OBLIGED + E_OMISC, O_MARRIAGE] == 1:
        # (a king or queen whose mate the hand holds or may draw scores a marriage when led:
        # more than its points; marriages count for the maximising side only)
        fixed = mates(own | E[f, F_STOCK])
        if (fixed >> c) & 1:
            return
        m &= ~fixed
    if m == 0:
        return
    # (the hand's own cards between them never meet either in a trick: only the others' count)
    live = ((h0 | h1 | h2 | h3) & ~own) | E[f, F_TM] | E[f, F_STOCK]
    pc = E[E_PTS, c]
    while m:
        y = low_bit(m)
        m &= m - 1
        d = E[E_PTS, y] - pc
        if d < 0:
            d = -d
        if d > slack:
            continue
        if (E[E_DBELOW, c] >> y) & 1:
            between = E[E_DBELOW, c] & ~E[E_DBELOW, y] & ~(1 << y)
        else:
            between = E[E_DBELOW, y] & ~E[E_DBELOW, c] & ~(1 << c)
        if live & between:
            continue
        E[f, F_CANDS] &= ~(1 << y)
        if maxing:
            if v + d > E[f, F_G]:
                E[f, F_G] = v + d
        elif v - d < E[f, F_G]:
            E[f, F_G] = v - d


@njit(cache=True, _nrt=False)
def obliged(E, G, stats, s, h0, h1, h2, h3, tl, cap, alpha, beta):
    """Fail-soft alpha-beta from a trick boundary, seat s to lead, ``tl`` tricks left (no
    stock): what the maximising side wins, exact inside (alpha, beta); ``cap`` bounds it (see
    the module). E[E_MISC, M_NODES] gains the cards tried."""
    pairs = 0
    if E[E_OBLIGED + E_OMISC, O_PAIRS] == 1:
        # the bound: the cards left, the last trick's bonus and the marriages still held in
        # one hand; each later boundary's follows from it, less a marriage led or broken since
        pairs = _marriages_left(E, h0, h1, h2, h3)
        cap = _points(E, h0 | h1 | h2 | h3) + E[E_MISC, M_OB_LAST] + pairs
    r = _lead(E, G, stats, 0, s, h0, h1, h2, h3, tl, cap, alpha, beta, pairs)
    if r != OPEN:
        return r
    nodes = 0
    p = 0
    while True:
        f = E_DFRAME + p
        m = E[f, F_CANDS]
        t = E[f, F_T]
        c0 = E[f, F_C0]
        best = E[f, F_BEST]
        bp = E[f, F_BP]
        k = m & E[f, F_FIRST]
        if k:
            E[f, F_FIRST] = 0
            c = low_bit(k)
        elif m & (m - 1) == 0:  # one card left to try (a forced card, half the second seat's)
            c = low_bit(m)
        else:
            c = _next_card(E, m, t, c0, best, bp, E[f, F_PTS], E[f, F_KILL], E[f, F_TL], E[f, F_S],
                           E[f, F_MASTERS] if t == 0 else 0, E[f, F_REACH], E[f, F_MATES], f)
        bit = 1 << c
        E[f, F_CANDS] = m ^ bit
        E[f, F_CUR] = c
        nodes += 1
        s = E[f, F_S]
        n = E[E_MISC, M_OB_SEATS]
        seat = _wrap(s + t, n)
        h0, h1, h2, h3 = _play(seat, bit, E[f, F_H], E[f, F_H + 1], E[f, F_H + 2], E[f, F_H + 3])
        tm = E[f, F_TM] | bit
        pts = E[f, F_PTS] + E[E_PTS, c]
        if t == 0:
            c0 = c
            best = c
            bp = 0
        elif E[E_PW + ((c0 >> 4) & 3), c] > E[E_PW + ((c0 >> 4) & 3), best]:
            best = c
            bp = t
        gain = _marriage(E, c, _hand(seat, h0, h1, h2, h3), seat) if t == 0 else 0
        if t < n - 1:
            # the next card of the trick: its frame, with the cards it may play
            g = E_DFRAME + p + 1
            E[g, F_H] = h0
            E[g, F_H + 1] = h1
            E[g, F_H + 2] = h2
            E[g, F_H + 3] = h3
            E[g, F_S] = s
            E[g, F_T] = t + 1
            E[g, F_C0] = c0
            E[g, F_BEST] = best
            E[g, F_BP] = bp
            E[g, F_PTS] = pts
            E[g, F_TM] = tm
            E[g, F_CAP] = E[f, F_CAP]
            E[g, F_PAIRS] = E[f, F_PAIRS]
            E[g, F_TL] = E[f, F_TL]
            E[g, F_STOCK] = E[f, F_STOCK]
            nxt = _wrap(seat + 1, n)
            _window(E, g, E[f, F_ALPHA] - gain, E[f, F_BETA] - gain, E[E_MISC, M_MAX + nxt])
            own = _hand(nxt, h0, h1, h2, h3)
            reach = INF
            if n == 3 and t == 0:  # (four seats: 0.98 of the nodes in Klaverjas, no less CPU)
                final = _wrap(s + 2, n)
                if E[E_MISC, M_MAX + final] != E[E_MISC, M_MAX + nxt]:
                    reach = top_power(E, E_PW + ((c0 >> 4) & 3), _hand(final, h0, h1, h2, h3))
            E[g, F_REACH] = reach
            E[g, F_MATES] = _pairs(E, nxt, own)
            cands = _merge(E, _legal(E, own, t + 1, c0, best, bp),
                           h0 | h1 | h2 | h3 | tm | E[f, F_STOCK], own)
            E[g, F_CANDS] = cands
            E[g, F_FIRST] = 0
            E[g, F_FOUND] = NOT_KEYED
            r = OPEN
            if t == n - 2 and E[f, F_TL] > 2 and E[E_DZERO, 0] == 0 and cands & (cands - 1):
                _ask_ahead(E, G, g)  # (not with renamed keys: 0.93 of the CPU without)
        else:
            w = _wrap(s + bp, n)
            tl = E[f, F_TL] - 1
            if E[E_MISC, M_TRICKS] == 1:
                won = 1
                worth = 1
            else:
                won = pts + _roem(E, tm) + (E[E_MISC, M_OB_LAST] if tl == 0 else 0)
                worth = pts + (E[E_MISC, M_OB_LAST] if tl == 0 else 0)
            if E[E_MISC, M_MAX + w] == 1:
                gain = won
            h0, h1, h2, h3 = _draw(E, w, E[f, F_TL], h0, h1, h2, h3)
            cap = E[f, F_CAP] - worth
            pairs = 0
            if E[f, F_PAIRS] > 0:  # (a marriage led or broken is gone; none comes back)
                pairs = _marriages_left(E, h0, h1, h2, h3)
                cap -= E[f, F_PAIRS] - pairs
            r = _lead(E, G, stats, p + 1, w, h0, h1, h2, h3, tl, cap, E[f, F_ALPHA] - gain,
                      E[f, F_BETA] - gain, pairs)
        E[f, F_GAIN] = gain
        if r == OPEN:
            p += 1
            continue
        # a child's value r is known: fold it into its parent, and finish nodes upwards
        while True:
            f = E_DFRAME + p
            v = E[f, F_GAIN] + r
            cut = False
            if E[f, F_MAXING] == 1:
                if v > E[f, F_G]:
                    E[f, F_G] = v
                    E[f, F_BESTM] = E[f, F_CUR]
                    if v >= E[f, F_BETA]:
                        cut = True
                    elif v > E[f, F_ALPHA]:
                        E[f, F_ALPHA] = v
            else:
                if v < E[f, F_G]:
                    E[f, F_G] = v
                    E[f, F_BESTM] = E[f, F_CUR]
                    if v <= E[f, F_ALPHA]:
                        cut = True
                    elif v < E[f, F_BETA]:
                        E[f, F_BETA] = v
            if cut and E[f, F_T] == 0:
                E[f, F_KILL] = (1 << E[f, F_CUR]) & E[E_OBLIGED + E_OMISC, O_KILLS]
                E[E_OBLIGED + E_OHIST + E[f, F_TL] - 1, E[f, F_CUR]] += 1
            if not cut and E[f, F_CANDS] != 0:
                _skip_near(E, f, v)
                if E[f, F_CANDS] != 0:
                    break
            r = _leave(E, G, stats, p)
            if p == 0:
                E[E_MISC, M_NODES] += nodes
                return r
            p -= 1


@njit(cache=True, _nrt=False)
def _leave(E, G, stats, p):
    """Finish the node at ply p: store its bounds (at a trick boundary); return its value."""
    f = E_DFRAME + p
    g = E[f, F_G]
    _keep(E, G, stats, E[f, F_S], E[f, F_H], E[f, F_H + 1], E[f, F_H + 2], E[f, F_H + 3],
          E[f, F_TL], E[f, F_STOCK], g,
          E[f, F_BESTM], E[f, F_CAP], E[f, F_A0], E[f, F_B0], E[f, F_FOUND], E[f, F_E0],
          E[f, F_LOWER], E[f, F_UPPER])
    return g
