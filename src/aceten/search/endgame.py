"""A dedicated kernel for the last four tricks of 4-player games without obligations
(Briscola): the last trick with a stock (three cards each, four stock cards to draw in a known
order) and the three tricks after it.

Most of a 4-player Briscola search lies in those tricks, which are met again for every line of
the first six. Here they are searched by plain nested loops over the four cards of each trick
(fail-soft alpha-beta, one loop per seat, the hands passed in registers, no move generation),
with the card tables precomputed for the deal. Three-trick endgames go through a table of
their own (``eg3_table``). The search in ``dds.py`` calls the kernel at the trick boundaries
it reaches with four (and four stock cards), three or two tricks left, and stores what the
last-stock-trick and two-trick searches return in its own table.

It applies only where every card in the hand is legal (no obligation cascade), there are no
bonuses (last trick, marriages, roem), four players in two sides, the trump is known and
the seats play adversarially: ``setup`` says so in ``E[E_MISC, M_ON]``.

The parameters live in rows of one int64 array ``E`` (rows 0..3 are the main search's history
of cut-offs, then the E_* rows below — the main search's killer leads among them), one per
thread; the solver passes it where the main search takes its history array. The table ``G``
(``new_table``) is one flat array that the threads share (see ``_store``).

numba's own on-disk cache does not notice when a function's callee in another module changes;
:mod:`aceten.search.kernel_cache` keeps one cache folder per version of all kernel sources, so
editing this file recompiles ``dds`` too.
"""

from __future__ import annotations

import numpy as np

from aceten.rules import lazy_numba
from aceten.rules.jit import low_bit, popcount
from aceten.rules.layout import (
    DRAW_AFTER_TRICK,
    DRAW_NONE,
    R_DRAW,
    R_EXCHANGE,
    R_LAST_BONUS,
    R_MARRIAGE,
    R_N,
    R_NTEAMS,
    R_OB_N,
    R_ROEM,
    S_COOP,
    S_MAXTEAM,
    S_OBJ,
    S_SLEN,
    S_STOCK,
    S_TEAM,
    S_TRUMP,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
    TRUMP_POWER,
)
from aceten.rules.lazy_numba import njit
from aceten.search.kernels import DRAW_SWING, aligned_zeros, draw_worth, mix64, table_window

lazy_numba.register(globals())  # numba's kernels replace the stand-ins at first use

INF = 1 << 30
E_POWER = 4  # row: a card's power in a trick (100 + strength for trumps) if it can win
E_PTS = 5  # row: a card's points (0 with objective tricks)
E_DOM = 6  # row: the card that makes this one redundant while in the same hand (a bit mask)
E_MISC = 7  # row: M_* fields
M_MAX = 0  # 4 slots: 1 for the seats of the maximising side
M_ON = 4  # 1 when the kernel applies to this search
M_TRUMP = 5
M_TRICKS = 6  # objective tricks: a trick is worth 1
M_FILTER = 7  # 1 where the kernels keep the table's filter (``seen``): FILTER_SEATS or fewer
M_HAND = 8  # 4 slots: the hands, for dominance()
M_NODES = 12  # cards tried (the search's node count)
M_DOMINATED = 13  # the cards with an E_DOM entry
M_OB_STOCK_TO = 14  # the kernel for duties (obliged.py): the most tricks left at which it takes
# a boundary with a stock still to draw (0: only once the stock is out)
M_OB_HAND = 15  # and the hand size there: a boundary with more tricks left draws after its trick
M_KILL = 16  # 12 slots: per trick left (2, 3, 4) and place in the trick, the last card that cut
M_BLOCK = 28  # 4 slots: each suit's cards renamed in the table's key (as dds.canonical_key)
M_STOCK = 32  # 4 slots: the last stock cards, in drawing order
M_DOMINATED_S = 36  # M_DOMINATED for the last stock trick
M_STOCK_ON = 37  # the last stock trick searched here too: 1 always, 2 once no exchange can be made
M_GEN = 38  # the table's generation: one per solve (the solver's count, GEN_MASK at most)
E_DOM_S = 8  # row: E_DOM for the last stock trick (its live cards include the stock)
E_KILLER = 9  # row: per ply of the main search (4 players), the last lead that cut there
E_KILLER2 = 10  # row: the lead that cut there before it
E_LHIST = 11  # 12 rows: per trick (4 players), how often each card cut as its lead
E_PW = 23  # 4 rows: per suit led, a card's power in that trick (E_POWER, or -1 if it cannot win)
# the two-seat kernel's rows (``duel.py``)
M_DUEL = 39  # 1 when the two-seat kernel applies to this search (positions with a stock too)
M_DUEL_LATE = 40  # 1 when it applies only where no exchange can change the stock any more
M_SLEN = 41  # the stock's length (for the kernel for duties too, where it draws)
M_DTRUMPS = 42  # the trumps in E_DTRUMPS
M_DETC = 43  # the two-seat kernel's enhanced transposition cut-offs (counted as M_NODES)
E_STOCK = 27  # row: the stock's cards in drawing order (the solve's position, set per solve)
E_DTHROW = 28  # row: a card's order as a lead or a card that does not take the trick
E_DTAKE = 29  # row: its order as a card that takes the trick
E_DSUF = 30  # row: per cards drawn, the cards still in the stock (set per solve)
E_DBELOW = 31  # row: the cards of a card's suit weaker than it (a mask)
E_DTRUMPS = 32  # row: the trumps, strongest first (M_DTRUMPS of them)
E_DFRAME = 33  # the two-seat kernel's frames from here: one row per ply (DUEL_PLIES)
DUEL_PLIES = 49  # two seats hold at most 48 cards between them: 48 plies and the root
E_OBLIGED = E_DFRAME + DUEL_PLIES  # the rows of the kernel for duties (``obliged.py``)
OBLIGED_ROWS = 26  # obliged.py: E_ORUNB + 4
E_PTS_BY = E_OBLIGED + OBLIGED_ROWS  # 4 rows: a card's points were suit t trump (row + t), for
# a bound read where the trump was named after the rows were filled (a first card naming it)
# the names of the cards in the two-seat kernel's and the kernel for duties' table keys (plain
# play; see ``rename_rows``)
E_DREN = E_PTS_BY + 4  # 16 rows: a renamable card's name when k live cards of its block are stronger
E_DSTRONG = E_DREN + 16  # row: the cards of a renamable card's block stronger than it
E_DZERO = E_DREN + 17  # row: column 0, every renamable card (a mask)
E_HIST_MORE = E_DZERO + 1  # 2 rows: the main search's history of cut-offs of seats 4 and 5
# (rows 0..3 hold seats 0..3's)
E_MARKS = E_HIST_MORE + 2  # row: column 0, the keys this thread marked in the table's filter
# since it was last emptied (``mark``; the solver reads and resets it, setup leaves it)
ROWS = E_MARKS + 1
COLS = 64  # the length of E's rows: a slot per card's bit (or per field)
ORD_COLS = 17  # a suit's row of the card orders ORD (encoding.py): 16 places, then the count
# The kernels' arrays whose rows have one length wherever a kernel takes them, by parameter name
# (the solver and the encoding make them so): the C translation indexes them by these lengths
# as constants, which the compiler folds into the address arithmetic, and the compiled kernels
# refuse an array of another shape. (dds.py declares its own arrays.)
FIXED_ROWS = {"E": (COLS,), "ORD": (4, ORD_COLS)}
CHEAP_TRICK = 10  # a reply does not trump a trick worth less than this to take it first
DUEL_TRUMP_COST = 60  # what a trump adds to a card's cost in the two-seat kernel's order (30,
# dds.gen_moves's, took 1.08 times the nodes in 2-player Briscola; 45 to 100 the same as 60)
TABLE_BITS = 19  # the endgame table: 2**19 entries of 4 words (16 MB), shared by the threads
DUEL_TABLE_BITS = 18  # the two-seat kernel's: 8 MB (Briscola 2p: 0.92 of 16 MB's CPU, within
# 2% of 4 MB's, 1.38 times with 2 MB: the share that stays in a core's cache)
GEN_MASK = (1 << 12) - 1  # an entry's generation: 12 bits (the table is cleared when it wraps)
TAG_MASK = (GEN_MASK << 2) | 3  # generation and leader
LOW_MASK = (1 << 30) - 1  # an entry's last word: lower 8 | upper 8 | leader 2 | generation 12
MAX_POINTS = 255  # bounds take 8 bits: more points left than this and the table is not used


FILTER_BITS = 21  # the table's filter: 2**21 bits (256 KB) after its entries (``seen``)
FILTER_WORDS = 1 << (FILTER_BITS - 6)
FILTER_MARKS = 1 << (FILTER_BITS - 6)  # marks after which a new generation empties the filter
FILTER_SEATS = 3  # with four seats the kernel for duties takes four tricks and its table finds
# 60-80% of what it is asked for: the filter's checks cost what it saved (Klaverjas, Cruce 4p)


def table_words(bits: int) -> int:
    """The length of a table of 2**bits entries (4 words each), its filter after them."""
    return (4 << bits) + FILTER_WORDS


def new_table(bits: int = TABLE_BITS) -> np.ndarray:
    """An empty endgame table: 2**bits entries of 4 words, then the filter (``seen``)."""
    return aligned_zeros(table_words(bits))


def clear_filter(G: np.ndarray) -> None:
    """Empty the filter of table G (at a new generation only: the entries of the current one
    must keep their bits)."""
    G[len(G) - FILTER_WORDS:] = 0


def applies(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether the kernel applies to a search of position S under rules R."""
    return bool(R[R_N] == 4 and R[R_NTEAMS] == 2 and plain_adversarial(R, S))


def applies_duel(R: np.ndarray, S: np.ndarray) -> bool:
    """Whether the two-seat kernel (``duel.py``) applies to a search of position S under R: two
    seats playing each other, every card legal, no bonuses, the trump known, and a stock (if
    any) drawn one card each after a trick."""
    return bool(R[R_N] == 2 and R[R_NTEAMS] == 2 and plain_adversarial(R, S)
                and R[R_DRAW] in (DRAW_NONE, DRAW_AFTER_TRICK))


def plain_adversarial(R: np.ndarray, S: np.ndarray) -> bool:
    """No obligation, no bonus, a known trump, adversarial seats."""
    return bool(R[R_OB_N] == 0 and R[R_LAST_BONUS] == 0 and R[R_MARRIAGE] == 0
                and R[R_ROEM] == 0 and S[S_TRUMP] >= 0 and S[S_COOP] == 0)


# setup's rows by what they depend on: the rules' arrays (kept, so an id is never reused
# while its entry lives) and the position's trump, objective, teams and cooperation
_PREPARED: dict[tuple[int, ...], tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
_PREPARED_MAX = 256


def setup(E: np.ndarray, R: np.ndarray, T: np.ndarray, ORD: np.ndarray, S: np.ndarray,
          gen: int) -> None:
    """Fill the endgame rows of E for a search from position S (Python, once per solve, for
    each thread), with ``gen`` (1..GEN_MASK) the generation of the endgame table this solve.

    The rows are worked out once per rules and trump (a Python loop over the cards, as long as
    a small solve) and copied in after that: pimc and the searcher solve thousands of positions
    of one deal."""
    key = (id(T), id(ORD), E.shape[1], *rows_key(R, S))
    entry = _PREPARED.get(key)
    if entry is None or entry[0] is not R or entry[1] is not T or entry[2] is not ORD:
        scratch = np.zeros_like(E)
        _fill(scratch, R, T, ORD, S)
        if len(_PREPARED) >= _PREPARED_MAX:
            _PREPARED.clear()
        entry = _PREPARED[key] = (R, T, ORD, scratch[E_POWER:E_MARKS].copy())
    E[E_POWER:E_MARKS] = entry[3]
    _this_solve(E, S, gen)


def rows_key(R: np.ndarray, S: np.ndarray) -> tuple[int, ...]:
    """What the kernels' rows of a search from S depend on besides the rules' other arrays:
    the rules, the trump, the objective, cooperation and the teams."""
    return (id(R), int(S[S_TRUMP]), int(S[S_OBJ]), int(S[S_COOP]), int(S[S_MAXTEAM]),
            *(int(S[S_TEAM + seat]) for seat in range(int(R[R_N]))))


def _this_solve(E: np.ndarray, S: np.ndarray, gen: int) -> None:
    """What setup writes for each solve: the table's generation and, for the two-seat kernel
    and the kernel for duties where it draws the stock, the stock's order and what is left of
    it after each draw."""
    E[E_MISC, M_GEN] = gen
    if E[E_MISC, M_DUEL] == 1 or E[E_MISC, M_OB_STOCK_TO] > 0:
        slen = int(S[S_SLEN])
        E[E_MISC, M_SLEN] = slen
        E[E_STOCK, :slen] = S[S_STOCK:S_STOCK + slen]
        rest = 0
        E[E_DSUF, slen] = 0
        for d in range(slen - 1, -1, -1):
            rest |= 1 << int(S[S_STOCK + d])
            E[E_DSUF, d] = rest - (1 << 64 if rest >> 63 else 0)  # as an int64


def card_rows(E: np.ndarray, T: np.ndarray, trump: int, tricks: bool) -> None:
    """Each card's power in a trick (E_POWER: 100 + strength for trumps), its points (E_PTS: 0
    with objective tricks) and its power for each suit led (E_PW: -1 if it can neither follow
    nor trump), the rows every kernel here reads."""
    for b in range(64):
        if (b >> 4) & 3 == trump:
            E[E_POWER, b] = TRUMP_POWER + T[T_TRUMP_STRENGTH + b]
            E[E_PTS, b] = 0 if tricks else T[T_TRUMP_PTS + b]
        else:
            E[E_POWER, b] = T[T_PLAIN_STRENGTH + b]
            E[E_PTS, b] = 0 if tricks else T[T_PLAIN_PTS + b]
        for led in range(4):
            follows = (b >> 4) & 3 in (trump, led)
            E[E_PW + led, b] = E[E_POWER, b] if follows else -1


def points_by_trump(E: np.ndarray, T: np.ndarray) -> None:
    """E_PTS_BY: each card's points for each trump suit."""
    for trump in range(4):
        for b in range(64):
            same = (b >> 4) & 3 == trump
            E[E_PTS_BY + trump, b] = T[T_TRUMP_PTS + b] if same else T[T_PLAIN_PTS + b]


def below_rows(E: np.ndarray) -> None:
    """E_DBELOW: for each card, the cards of its suit weaker than it (from E_POWER)."""
    for b in range(64):
        below = sum(1 << c for c in range(b & 48, (b & 48) + 16) if E[E_POWER, c] < E[E_POWER, b])
        E[E_DBELOW, b] = below - (1 << 64 if below >> 63 else 0)  # as an int64


def rename_rows(E: np.ndarray, ORD: np.ndarray, trump: int, tricks: bool) -> None:
    """The rows for renaming the cards of a kernel's keys (``duel._key``, in plain play
    ``obliged._key``): each suit's
    renamable block (``dds.canonical_key``'s: the point-less cards at the bottom of its order,
    or the whole suit when counting tricks), and for each of its cards the name it takes when k
    live cards of the block are stronger (the k-th strongest of the block)."""
    zero = 0
    for suit in range(4):
        row = 2 + 2 * (1 if tricks else 0) + (1 if suit == trump else 0)
        count = int(ORD[row, suit, 16])
        if count < 2:
            continue
        block = [int(ORD[row, suit, k]) for k in range(count)]  # strongest first
        for place, b in enumerate(block):
            zero |= 1 << b
            E[E_DSTRONG, b] = sum(1 << c for c in block[:place])
            for k in range(count):
                E[E_DREN + k, b] = block[k]
    E[E_DZERO, 0] = zero - (1 << 64 if zero >> 63 else 0)  # as an int64


@njit(cache=True, _nrt=False, inline="always")
def renamed(E, c, live):
    """The name of renamable card c among the ``live`` cards: by how many live cards of its
    block are stronger (``rename_rows``), for the two-seat kernel's and the kernel for duties'
    keys."""
    return E[E_DREN + popcount(live & E[E_DSTRONG, c]), c]


def _fill(E: np.ndarray, R: np.ndarray, T: np.ndarray, ORD: np.ndarray, S: np.ndarray) -> None:
    """The endgame rows of E (zero on entry) for a search from position S, but the generation."""
    points_by_trump(E, T)
    E[E_MISC, M_FILTER] = 1 if R[R_N] <= FILTER_SEATS else 0  # (the rules fix it: constant
    # within a generation, so every entry of one made with the filter has its bit)
    trump = int(S[S_TRUMP])
    four = applies(R, S)
    if not four and not applies_duel(R, S):
        from aceten.search import manyseats, obliged  # they build on this module

        if obliged.applies(R, S):
            obliged.fill(E, R, T, ORD, S)
        elif manyseats.applies(R, S):
            manyseats.fill(E, R, T, S)
        return
    tricks = int(S[S_OBJ]) == 1
    card_rows(E, T, trump, tricks)
    for seat in range(int(R[R_N])):
        E[E_MISC, M_MAX + seat] = 1 if S[S_TEAM + seat] == S[S_MAXTEAM] else 0
    E[E_MISC, M_TRUMP] = trump
    E[E_MISC, M_TRICKS] = 1 if tricks else 0
    if not four:
        for b in range(64):  # the two-seat kernel's order (duel._next_card): cheap cards
            # first, a trump dearer than any plain card; take cheaply
            trump_penalty = DUEL_TRUMP_COST if (b >> 4) & 3 == trump else 0
            strength = E[E_POWER, b] - (TRUMP_POWER if trump_penalty else 0)
            E[E_DTHROW, b] = -(E[E_PTS, b] * 4 + trump_penalty + strength)
            E[E_DTAKE, b] = 1000 + E[E_PTS, b] - trump_penalty - strength
        below_rows(E)
        for k in range(int(ORD[1, trump, 16])):
            E[E_DTRUMPS, k] = ORD[1, trump, k]
        E[E_MISC, M_DTRUMPS] = ORD[1, trump, 16]
        rename_rows(E, ORD, trump, tricks)
        E[E_MISC, M_DUEL] = 1
        E[E_MISC, M_DUEL_LATE] = 1 if R[R_EXCHANGE] == 1 else 0
        return
    E[E_MISC, M_ON] = 1
    # the last stock trick: always (1), or once no low trump can be swapped for the face-up
    # card any more (2: dds.exchange_over), as the kernel plays cards only
    E[E_MISC, M_STOCK_ON] = 0 if R[R_DRAW] != 1 else (2 if R[R_EXCHANGE] == 1 else 1)
    for suit in range(4):
        row = 2 + 2 * (1 if tricks else 0) + (1 if suit == trump else 0)
        block = 0
        for k in range(int(ORD[row, suit, 16])):
            block |= 1 << int(ORD[row, suit, k])
        E[E_MISC, M_BLOCK + suit] = block if ORD[row, suit, 16] >= 2 else 0


@njit(cache=True, _nrt=False)
def dominance(E, ORD, live, row, slot):
    """E[E_MISC, slot]: ``dominated_cards`` of the four hands E[E_MISC, M_HAND:]."""
    E[E_MISC, slot] = dominated_cards(E, ORD, live, row, E_MISC, M_HAND, 4)


@njit(cache=True, _nrt=False)
def dominated_cards(E, ORD, live, row, hrow, hcol, n):
    """The cards of the n hands E[hrow, hcol:] that are redundant while the next stronger live
    card of their suit, with the same points, is in the same hand (they play alike), and for
    each of them that card's bit in E[row]."""
    trump = E[E_MISC, M_TRUMP]
    dominated = 0
    for suit in range(4):
        block = 0xFFFF << (suit << 4)
        pair = False
        for seat in range(n):
            cards = E[hrow, hcol + seat] & block
            if cards & (cards - 1):
                pair = True
        if not pair:
            continue  # no hand holds two cards of the suit
        which = 1 if suit == trump else 0
        prev = -1
        for k in range(ORD[which, suit, 16]):
            b = ORD[which, suit, k]
            bit = 1 << b
            if not live & bit:
                continue
            if prev >= 0 and E[E_PTS, prev] == E[E_PTS, b]:
                for seat in range(n):
                    h = E[hrow, hcol + seat]
                    if h & bit:
                        if h & (1 << prev):
                            E[row, b] = 1 << prev
                            dominated |= bit
                        break
            prev = b
    return dominated


@njit(cache=True, _nrt=False, inline="always")
def _cands(E, h, row, slot):
    """The cards of hand h to search: those no equal card of the same hand makes redundant
    (E[row] is read for the cards of E[E_MISC, slot] only)."""
    out = h
    m = h & E[E_MISC, slot]
    while m:
        b = low_bit(m)
        m &= m - 1
        if E[row, b] & h:
            out ^= 1 << b
    return out


@njit(cache=True, _nrt=False, inline="always")
def strongest(E, m):
    """The card of m (not empty) with the most power in a trick (row E_POWER)."""
    top = -1
    power = -1
    while m:
        c = low_bit(m)
        m &= m - 1
        if E[E_POWER, c] > power:
            power = E[E_POWER, c]
            top = c
    return top


@njit(cache=True, _nrt=False, inline="always")
def above_all(E, mine, others):
    """The cards of ``mine`` above every card of their suit ``others`` holds (row E_DBELOW)."""
    out = 0
    m = mine
    while m:
        c = low_bit(m)
        m &= m - 1
        if others & (0xFFFF << (c & 48)) & ~E[E_DBELOW, c] & ~(1 << c) == 0:
            out |= 1 << c
    return out


@njit(cache=True, _nrt=False, inline="always")
def sure_winners(E, mine, others):
    """The cards of ``mine`` that win the trick they lead whatever ``others`` hold, where no
    duty binds the others (plain play): a trump above every trump they hold, a plain card
    above every card of its suit they hold when they hold no trump. Led first, the dearest
    first (``dearest``), they cut most often (with the general search's same rule,
    ``dds.sure_leads``: 2-player Briscola 0.76 of the nodes, docs/benchmarks.md)."""
    trump = E[E_MISC, M_TRUMP]
    out = above_all(E, mine, others)
    if trump >= 0 and others & (0xFFFF << (trump << 4)):
        out &= 0xFFFF << (trump << 4)
    return out


@njit(cache=True, _nrt=False, inline="always")
def dearest(E, m):
    """The card of m (not empty) to cash first: a trump before a plain card of as many
    points, then the most points."""
    pick = -1
    score = -1
    trump = E[E_MISC, M_TRUMP]
    while m:
        c = low_bit(m)
        m &= m - 1
        v = E[E_PTS, c] * 4 + (30 if (c >> 4) & 3 == trump else 0)
        if v > score:
            score = v
            pick = c
    return pick


@njit(cache=True, _nrt=False, inline="always")
def top_power(E, pw, hand):
    """The most power any card of ``hand`` has in a trick whose suit led is row pw (E_PW +
    suit), or -1 if none can win it."""
    top = -1
    while hand:
        c = low_bit(hand)
        hand &= hand - 1
        if E[pw, c] > top:
            top = E[pw, c]
    return top


@njit(cache=True, _nrt=False, inline="always")
def follow_guess(E, c, trump, pw, bar, reach, ours, last, pts):
    """A following card's place in the kernels' move order, the general search's guess
    (``dds.gen_moves``): on a trick the side already wins, the dearest card if the trick is
    safe (the last card, or more power than ``reach``), else the cheapest; a card that takes
    the trick (more power than ``bar`` in row pw, E_PW + suit led), the cheapest that does at
    the last card (no trump on a trick worth less than CHEAP_TRICK with ``pts`` on it), the
    strongest cheap one before it, and one the last hand can still beat (power up to
    ``reach``: its top power where it is an opponent's, ``top_power``; INF where none is
    watched) after one it cannot; else the cheapest. Higher is tried first; ``trump`` the
    trump suit (E[E_MISC, M_TRUMP], read once by the caller)."""
    points = E[E_PTS, c]
    is_trump = (c >> 4) & 3 == trump
    penalty = 30 if is_trump else 0
    power = E[pw, c]
    if ours:
        if last or max(power, bar) > reach:
            return 100 + points * 4 - penalty
        return E[E_DTHROW, c]
    if power > bar and not (last and is_trump and pts + points < CHEAP_TRICK):
        strength = E[E_POWER, c] - (TRUMP_POWER if is_trump else 0)
        v = 1000 + points - penalty - strength if last else 1000 - points * 2 - penalty + strength
        if power <= reach and reach < INF:
            v -= 500
        return v
    return E[E_DTHROW, c]


@njit(cache=True, _nrt=False, inline="always")
def third_card(E, pw, m, reach, best, ours):
    """The card of m to try first at a trick's third place of four, as a bit (0 if m is
    empty), by ``follow_guess`` knowing the most power the last hand can bring (``reach``,
    ``top_power``); ``best`` is the power winning the trick so far. The general search orders
    by the same rule (``dds.gen_moves``); here it took 4-player Briscola to 0.92 of the nodes
    and 0.97 of the CPU (docs/benchmarks.md)."""
    pick = -1
    score = -(1 << 40)
    trump = E[E_MISC, M_TRUMP]
    while m:
        c = low_bit(m)
        m &= m - 1
        v = follow_guess(E, c, trump, pw, best, reach, ours, False, 0)
        if v > score:
            score = v
            pick = c
    return 1 << pick if pick >= 0 else 0


@njit(cache=True, _nrt=False, inline="always")
def _sides(E, s0):
    """Which places of a trick led by seat s0 play for the maximising side: four flags and
    the same as a bit mask (bit d for place d)."""
    x0 = E[E_MISC, M_MAX + s0] == 1
    x1 = E[E_MISC, M_MAX + ((s0 + 1) & 3)] == 1
    x2 = E[E_MISC, M_MAX + ((s0 + 2) & 3)] == 1
    x3 = E[E_MISC, M_MAX + ((s0 + 3) & 3)] == 1
    xm = (1 if x0 else 0) | (2 if x1 else 0) | (4 if x2 else 0) | (8 if x3 else 0)
    return x0, x1, x2, x3, xm


@njit(cache=True, _nrt=False, inline="always")
def _follow(E, pw, c, best, d, place):
    """The trick once card c is played at ``place``: the best power so far (E row pw, of the
    suit led) and the place that holds it, from those before it (best at d)."""
    p = E[pw, c]
    if p > best:
        return p, place
    return best, d


# -- the endgame table ---------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def table_key(E, ORD, h0, h1, h2, h3):
    """The hands of seats 0..3 as the table keys them: every card held (u) and two masks that
    say whose it is (a: seats 1 and 3, b: seats 2 and 3), with the point-less cards of each suit
    renamed to the highest point-less ranks in order (every card of a suit, counting tricks),
    as dds.canonical_key does: which of them were played does not matter, only how many."""
    u = h0 | h1 | h2 | h3
    a = h1 | h3
    b = h2 | h3
    trump = E[E_MISC, M_TRUMP]
    obj = E[E_MISC, M_TRICKS]
    for suit in range(4):
        block = E[E_MISC, M_BLOCK + suit]
        live = u & block
        if live == block or live == 0:
            continue
        row = 2 + 2 * obj + (1 if suit == trump else 0)
        nu = u & ~block
        na = a & ~block
        nb = b & ~block
        slot = 0
        for k in range(ORD[row, suit, 16]):
            bit = 1 << ORD[row, suit, k]
            if live & bit:
                t = 1 << ORD[row, suit, slot]
                slot += 1
                nu |= t
                if a & bit:
                    na |= t
                if b & bit:
                    nb |= t
        u = nu
        a = na
        b = nb
    return u, a, b


@njit(cache=True, _nrt=False, inline="always")
def _check(u, a, b, low):
    """The check bits of an entry (33 bits, a hash mix of its key words and its low bits)."""
    h = mix64(np.uint64(u) ^ np.uint64(0x2545F4914F6CDD1D))
    h = mix64(h ^ np.uint64(a))
    h = mix64(h ^ np.uint64(b))
    h = mix64(h ^ np.uint64(low))
    return np.int64(h >> np.uint64(31))


@njit(cache=True, _nrt=False, inline="always")
def probe_masked_at(G, e0, u, a, b, mask, s0, gen):
    """``probe_masked`` in the bucket ``e0`` its caller already worked out (``bucket``, to ask
    for it ahead)."""
    tag = s0 | (gen << 2)
    for e in range(e0, e0 + 2):
        i = e << 2
        w0 = G[i]
        w1 = G[i + 1]
        w2 = G[i + 2]
        w3 = G[i + 3]
        if w0 == u and w1 == a and (w2 & mask) == b and ((w3 >> 16) & TAG_MASK) == tag \
                and (w3 >> 30) == _check(w0, w1, w2, w3 & LOW_MASK):
            return e0, e, w3 & 255, (w3 >> 8) & 255, w2
    return e0, -1, 0, INF, 0


@njit(cache=True, _nrt=False, inline="always")
def probe_masked(G, u, a, b, mask, s0, gen):
    """``_probe`` where only the bits ``mask`` of an entry's third word are its key (the rest
    is the caller's: the two-seat kernel keeps its best card there); also returns that word."""
    e0, e, lower, upper, w2 = probe_masked_at(G, bucket(G, u, a, b, s0), u, a, b, mask, s0, gen)
    return e0, e, lower, upper, w2


@njit(cache=True, _nrt=False, inline="always")
def _hash(u, a, b, s0):
    z = np.uint64(u) * np.uint64(0x9E3779B97F4A7C15) ^ np.uint64(a) * np.uint64(0xC2B2AE3D27D4EB4F) \
        ^ np.uint64(b) ^ np.uint64(s0)
    return mix64(z)


@njit(cache=True, _nrt=False, inline="always")
def bucket(G, u, a, b, s0):
    """The first entry of the bucket of (u, a, b, leader s0) in the table G (its words from
    ``bucket(...) << 2``, both entries on one cache line)."""
    z = _hash(u, a, b, s0)
    return np.int64(z & np.uint64(((G.shape[0] - FILTER_WORDS) >> 2) - 1)) & ~1


@njit(cache=True, _nrt=False, inline="always")
def _filter_bit(G, u, a, b, s0):
    """The filter's word in G and the bit in it of the key (u, a, b, leader s0): one place for
    ``seen`` and ``mark``, which must agree bit for bit."""
    i = np.int64(_hash(u, a, b, s0) >> np.uint64(64 - FILTER_BITS))  # (the bucket: low bits)
    return G.shape[0] - FILTER_WORDS + (i >> 6), i & 63


@njit(cache=True, _nrt=False, inline="always")
def seen(E, G, u, a, b, s0):
    """Whether the table's filter has the bit of (u, a, b, leader s0): 0 means no entry of
    this generation holds that key, so its probe would miss. A one-hash Bloom filter in the
    table's last ``FILTER_WORDS`` words, which stays in the core's cache where the entries do
    not: a probe of a position never stored (a third to a half of the probes of the kernel
    for duties in 2-player Cruce, most of them at four tricks left or more) spares a wait on
    memory. ``mark`` sets the bit at every store. Bits of
    older generations only make a probe look in vain, so the filter is emptied at a new
    generation only once ``FILTER_MARKS`` keys were marked since it last was (the solver's
    ``_endgame_for``), not at every solve. Two threads setting bits of one word at once may
    lose one: a probe then misses an entry it would have found, which costs nodes, never a
    wrong value. Without the filter (E[E_MISC, M_FILTER] == 0) every key counts as seen."""
    if E[E_MISC, M_FILTER] == 0:
        return 1
    w, bit = _filter_bit(G, u, a, b, s0)
    return (G[w] >> bit) & 1


@njit(cache=True, _nrt=False, inline="always")
def mark(E, G, u, a, b, s0):
    """Set the filter's bit of the key (u, a, b, leader s0), stored in the table (``seen``),
    and count it in E[E_MARKS, 0]; nothing without the filter."""
    if E[E_MISC, M_FILTER] == 0:
        return
    w, bit = _filter_bit(G, u, a, b, s0)
    G[w] |= 1 << bit
    E[E_MARKS, 0] += 1


@njit(cache=True, _nrt=False)
def _probe(G, u, a, b, s0, gen):
    """Look (u, a, b, leader s0) up in the table G (2-way buckets): (bucket, entry found or -1,
    its lower and upper bound). Each word is read once; an entry counts only when its check
    bits are those of its words as read (see ``_store``)."""
    e0, e, lower, upper, _w2 = probe_masked(G, u, a, b, -1, s0, gen)
    return e0, e, lower, upper


@njit(cache=True, _nrt=False)
def _store(G, e0, found, u, a, b, s0, gen, lower, upper, stats):
    """Store bounds, the whole entry: in the entry found, else first in the bucket (the
    older entry second).

    Two threads may share G without locks. Each store writes all four words of its entry, the
    last one holding bounds, leader, generation and 33 check bits mixed from the other words
    and its own low bits; a reader accepts an entry only when its words as read check out. So
    an entry torn by two concurrent stores, or the slot ``found`` given to another position by
    the other thread meanwhile, reads as missing (or as a complete entry of one store), never as
    one position's key with another's bounds. Every stored bound is a true bound of its key."""
    if found < 0:
        found = e0
        i = e0 << 2
        if ((G[i + 3] >> 18) & GEN_MASK) == gen:
            j = i + 4
            if ((G[j + 3] >> 18) & GEN_MASK) == gen:
                stats[5] += 1
            for k in range(4):
                G[j + k] = G[i + k]
    i = found << 2
    low = lower | (upper << 8) | (s0 << 16) | (gen << 18)
    G[i] = u
    G[i + 1] = a
    G[i + 2] = b
    G[i + 3] = low | (_check(u, a, b, low) << 30)
    stats[4] += 1


@njit(cache=True, _nrt=False, inline="always")
def _absolute(s0, r0, r1, r2, r3):
    """Hands in play order from s0 as the hands of seats 0..3."""
    if s0 == 0:
        return r0, r1, r2, r3
    if s0 == 1:
        return r3, r0, r1, r2
    if s0 == 2:
        return r2, r3, r0, r1
    return r1, r2, r3, r0


@njit(cache=True, _nrt=False, inline="always")
def folded_bounds(lower, upper, g, alpha, beta):
    """The bounds [lower, upper] of a position narrowed by g, what a fail-soft search of it in
    the window (alpha, beta) returned: an upper bound at or under alpha, a lower bound at or
    over beta, the value between them (every kernel's table stores these)."""
    if g <= alpha:
        return lower, min(upper, g)
    if g >= beta:
        return max(lower, g), upper
    return g, g


@njit(cache=True, _nrt=False, inline="always")
def top_trumps(E, ORD, live, mine):
    """The top ``live`` trumps while one side holds them: (1 where ``mine``, the maximising
    side's cards, holds them, 0 where the other side does, -1 where no trump is live; what they
    are sure to take for that side: their own points, or with objective tricks one trick, as
    two partners' may fall in one trick)."""
    trump = E[E_MISC, M_TRUMP]
    side = -1
    sure = 0
    for k in range(ORD[1, trump, 16]):
        c = ORD[1, trump, k]
        bit = 1 << c
        if not live & bit:
            continue
        ours = 1 if mine & bit else 0
        if side == -1:
            side = ours
        elif side != ours:
            break
        sure += E[E_PTS, c]  # (0 with objective tricks)
    if E[E_MISC, M_TRICKS] == 1 and side >= 0:
        sure = 1
    return side, sure


@njit(cache=True, _nrt=False)
def eg3_table(E, G, ORD, stats, s0, r0, r1, r2, r3, alpha, beta, left):
    """eg3 through the endgame table G: 2-way buckets of (u, a, b, lower | upper | leader |
    generation | check), checked in full; bounds from every probe combine (each is a true
    bound)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    h0, h1, h2, h3 = _absolute(s0, r0, r1, r2, r3)
    # the top trumps, while one side holds them, are sure to take their own points for it
    live = h0 | h1 | h2 | h3
    mine = 0
    if E[E_MISC, M_MAX] == 1:
        mine |= h0
    if E[E_MISC, M_MAX + 1] == 1:
        mine |= h1
    if E[E_MISC, M_MAX + 2] == 1:
        mine |= h2
    if E[E_MISC, M_MAX + 3] == 1:
        mine |= h3
    side, sure = top_trumps(E, ORD, live, mine)
    if side == 1 and sure >= beta:
        return sure
    if side == 0 and left - sure <= alpha:
        return left - sure
    tabled = left <= MAX_POINTS  # the bounds fit the entry
    u, a, b = table_key(E, ORD, h0, h1, h2, h3)
    gen = E[E_MISC, M_GEN]
    e0, found, lower, upper = -1, -1, 0, INF
    if tabled:
        stats[1] += 1
        e0, found, lower, upper = _probe(G, u, a, b, s0, gen)
    if found >= 0:
        settled, g, alpha, beta = table_window(lower, upper, alpha, beta, stats)
        if settled:
            return g
    E[E_MISC, M_HAND] = h0
    E[E_MISC, M_HAND + 1] = h1
    E[E_MISC, M_HAND + 2] = h2
    E[E_MISC, M_HAND + 3] = h3
    dominance(E, ORD, h0 | h1 | h2 | h3, E_DOM, M_DOMINATED)
    g = eg3(E, s0, r0, r1, r2, r3, alpha, beta, left)
    lower, upper = folded_bounds(lower, upper, g, alpha, beta)
    if tabled:
        _store(G, e0, found, u, a, b, s0, gen, lower, min(upper, left), stats)
    return g


@njit(cache=True, _nrt=False)
def eg2(E, s0, r0, r1, r2, r3, alpha, beta, left):
    """Two cards each: fail-soft alpha-beta over what the maximising side wins in the tricks
    left, the hands r0..r3 in play order from the leader s0, ``left`` the points (or tricks)
    they hold. One loop per seat; at each place the last card that cut there is tried first
    (at the third, ``third_card``'s pick before it)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    if beta > left:
        beta = left
    if alpha < 0:
        alpha = 0
    # the top live trump takes its own points for its side
    trumps = (r0 | r1 | r2 | r3) & (0xFFFF << (E[E_MISC, M_TRUMP] << 4))
    if trumps and E[E_MISC, M_TRICKS] == 0:
        top = strongest(E, trumps)
        pts = E[E_PTS, top]
        bit = 1 << top
        if bit & r0:
            mine = E[E_MISC, M_MAX + s0] == 1
        elif bit & r1:
            mine = E[E_MISC, M_MAX + ((s0 + 1) & 3)] == 1
        elif bit & r2:
            mine = E[E_MISC, M_MAX + ((s0 + 2) & 3)] == 1
        else:
            mine = E[E_MISC, M_MAX + ((s0 + 3) & 3)] == 1
        if mine:
            if pts >= beta:
                return pts
        elif left - pts <= alpha:
            return left - pts
    nodes = 0
    x0, x1, x2, x3, xm = _sides(E, s0)
    tricks = E[E_MISC, M_TRICKS] == 1
    a0 = alpha
    b0 = beta
    g0 = -INF if x0 else INF
    m0 = _cands(E, r0, E_DOM, M_DOMINATED)
    while m0:
        k = m0 & E[E_MISC, M_KILL + 4]
        c0 = low_bit(k if k else m0)
        m0 ^= 1 << c0
        nodes += 1
        r0 ^= 1 << c0
        pw = E_PW + ((c0 >> 4) & 3)
        reach = top_power(E, pw, r3)  # what the last hand can bring (``third_card``)
        p0 = E[E_POWER, c0]
        t0 = E[E_PTS, c0]
        e0 = low_bit(r0)
        a1 = a0
        b1 = b0
        g1 = -INF if x1 else INF
        m1 = _cands(E, r1, E_DOM, M_DOMINATED)
        while m1:
            k = m1 & E[E_MISC, M_KILL + 5]
            c1 = low_bit(k if k else m1)
            m1 ^= 1 << c1
            nodes += 1
            r1 ^= 1 << c1
            p1, d1 = _follow(E, pw, c1, p0, 0, 1)
            t1 = t0 + E[E_PTS, c1]
            e1 = low_bit(r1)
            a2 = a1
            b2 = b1
            g2 = -INF if x2 else INF
            m2 = _cands(E, r2, E_DOM, M_DOMINATED)
            first = third_card(E, pw, m2, reach, p1, d1 == 0)
            while m2:
                k = m2 & first
                if not k:
                    k = m2 & E[E_MISC, M_KILL + 6]
                c2 = low_bit(k if k else m2)
                m2 ^= 1 << c2
                nodes += 1
                r2 ^= 1 << c2
                p2, d2 = _follow(E, pw, c2, p1, d1, 2)
                t2 = t1 + E[E_PTS, c2]
                e2 = low_bit(r2)
                a3 = a2
                b3 = b2
                g3 = -INF if x3 else INF
                m3 = _cands(E, r3, E_DOM, M_DOMINATED)
                while m3:
                    k = m3 & E[E_MISC, M_KILL + 7]
                    c3 = low_bit(k if k else m3)
                    m3 ^= 1 << c3
                    nodes += 1
                    r3 ^= 1 << c3
                    _p3, d = _follow(E, pw, c3, p2, d2, 3)
                    total = 1 if tricks else t2 + E[E_PTS, c3]
                    gain = total if (xm >> d) & 1 else 0
                    # the last trick: one card e0..e3 left in each hand, led from place d
                    e3 = low_bit(r3)
                    lead = e0 if d == 0 else (e1 if d == 1 else (e2 if d == 2 else e3))
                    q = E_PW + ((lead >> 4) & 3)
                    top, last = _follow(E, q, e1, E[q, e0], 0, 1)
                    top, last = _follow(E, q, e2, top, last, 2)
                    _top, last = _follow(E, q, e3, top, last, 3)
                    v = gain + (left - total if (xm >> last) & 1 else 0)
                    r3 ^= 1 << c3
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
                r2 ^= 1 << c2
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
            r1 ^= 1 << c1
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
        r0 ^= 1 << c0
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
    E[E_MISC, M_NODES] += nodes
    return g0


@njit(cache=True, _nrt=False)
def eg3(E, s0, r0, r1, r2, r3, alpha, beta, left):
    """Three cards each: the loops of eg2, one trick deeper."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    if beta > left:
        beta = left
    if alpha < 0:
        alpha = 0
    nodes = 0
    x0, x1, x2, x3, xm = _sides(E, s0)
    tricks = E[E_MISC, M_TRICKS] == 1
    a0 = alpha
    b0 = beta
    g0 = -INF if x0 else INF
    m0 = _cands(E, r0, E_DOM, M_DOMINATED)
    while m0:
        k = m0 & E[E_MISC, M_KILL + 0]
        c0 = low_bit(k if k else m0)
        m0 ^= 1 << c0
        nodes += 1
        r0 ^= 1 << c0
        pw = E_PW + ((c0 >> 4) & 3)
        reach = top_power(E, pw, r3)  # what the last hand can bring (``third_card``)
        p0 = E[E_POWER, c0]
        t0 = E[E_PTS, c0]
        a1 = a0
        b1 = b0
        g1 = -INF if x1 else INF
        m1 = _cands(E, r1, E_DOM, M_DOMINATED)
        while m1:
            k = m1 & E[E_MISC, M_KILL + 1]
            c1 = low_bit(k if k else m1)
            m1 ^= 1 << c1
            nodes += 1
            r1 ^= 1 << c1
            p1, d1 = _follow(E, pw, c1, p0, 0, 1)
            t1 = t0 + E[E_PTS, c1]
            a2 = a1
            b2 = b1
            g2 = -INF if x2 else INF
            m2 = _cands(E, r2, E_DOM, M_DOMINATED)
            first = third_card(E, pw, m2, reach, p1, d1 == 0)
            while m2:
                k = m2 & first
                if not k:
                    k = m2 & E[E_MISC, M_KILL + 2]
                c2 = low_bit(k if k else m2)
                m2 ^= 1 << c2
                nodes += 1
                r2 ^= 1 << c2
                p2, d2 = _follow(E, pw, c2, p1, d1, 2)
                t2 = t1 + E[E_PTS, c2]
                a3 = a2
                b3 = b2
                g3 = -INF if x3 else INF
                m3 = _cands(E, r3, E_DOM, M_DOMINATED)
                while m3:
                    k = m3 & E[E_MISC, M_KILL + 3]
                    c3 = low_bit(k if k else m3)
                    m3 ^= 1 << c3
                    nodes += 1
                    r3 ^= 1 << c3
                    _p3, d = _follow(E, pw, c3, p2, d2, 3)
                    total = 1 if tricks else t2 + E[E_PTS, c3]
                    gain = total if (xm >> d) & 1 else 0
                    w = (s0 + d) & 3
                    if d == 0:
                        v = gain + eg2(E, w, r0, r1, r2, r3, a3 - gain, b3 - gain,
                                                       left - total)
                    elif d == 1:
                        v = gain + eg2(E, w, r1, r2, r3, r0, a3 - gain, b3 - gain,
                                                       left - total)
                    elif d == 2:
                        v = gain + eg2(E, w, r2, r3, r0, r1, a3 - gain, b3 - gain,
                                                       left - total)
                    else:
                        v = gain + eg2(E, w, r3, r0, r1, r2, a3 - gain, b3 - gain,
                                                       left - total)
                    r3 ^= 1 << c3
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
                r2 ^= 1 << c2
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
            r1 ^= 1 << c1
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
        r0 ^= 1 << c0
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
    E[E_MISC, M_NODES] += nodes
    return g0


@njit(cache=True, _nrt=False)
def egs(E, G, ORD, stats, s0, r0, r1, r2, r3, alpha, beta, left):
    """The last trick with a stock (three cards each, four cards to draw, in E[E_MISC,
    M_STOCK:]), then eg3 through the endgame table. The last card tries the one that last cut
    here first, then, where the trick is the other side's and the cards drawn are better for
    the side that loses it (``kernels.draw_worth``), one that does not take it (4-player
    Briscola 0.974 of the nodes)."""
    if left <= alpha:
        return left
    if beta <= 0 or left == 0:
        return 0
    if beta > left:
        beta = left
    if alpha < 0:
        alpha = 0
    z0 = 1 << E[E_MISC, M_STOCK]
    z1 = 1 << E[E_MISC, M_STOCK + 1]
    z2 = 1 << E[E_MISC, M_STOCK + 2]
    z3 = 1 << E[E_MISC, M_STOCK + 3]
    nodes = 0
    x0, x1, x2, x3, xm = _sides(E, s0)
    tricks = E[E_MISC, M_TRICKS] == 1
    trump = E[E_MISC, M_TRUMP]
    st0 = E[E_MISC, M_STOCK]
    st1 = E[E_MISC, M_STOCK + 1]
    st2 = E[E_MISC, M_STOCK + 2]
    st3 = E[E_MISC, M_STOCK + 3]
    swing = draw_worth(E[E_PTS, st0], st0, trump) + draw_worth(E[E_PTS, st2], st2, trump) \
        - draw_worth(E[E_PTS, st1], st1, trump) - draw_worth(E[E_PTS, st3], st3, trump)
    throws_first = swing < -DRAW_SWING  # the last seat's side draws better if it loses
    a0 = alpha
    b0 = beta
    g0 = -INF if x0 else INF
    m0 = _cands(E, r0, E_DOM_S, M_DOMINATED_S)
    while m0:
        k = m0 & E[E_MISC, M_KILL + 8]
        c0 = low_bit(k if k else m0)
        m0 ^= 1 << c0
        nodes += 1
        r0 ^= 1 << c0
        pw = E_PW + ((c0 >> 4) & 3)
        reach = top_power(E, pw, r3)  # what the last hand can bring (``third_card``)
        p0 = E[E_POWER, c0]
        t0 = E[E_PTS, c0]
        a1 = a0
        b1 = b0
        g1 = -INF if x1 else INF
        m1 = _cands(E, r1, E_DOM_S, M_DOMINATED_S)
        while m1:
            k = m1 & E[E_MISC, M_KILL + 9]
            c1 = low_bit(k if k else m1)
            m1 ^= 1 << c1
            nodes += 1
            r1 ^= 1 << c1
            p1, d1 = _follow(E, pw, c1, p0, 0, 1)
            t1 = t0 + E[E_PTS, c1]
            a2 = a1
            b2 = b1
            g2 = -INF if x2 else INF
            m2 = _cands(E, r2, E_DOM_S, M_DOMINATED_S)
            first = third_card(E, pw, m2, reach, p1, d1 == 0)
            while m2:
                k = m2 & first
                if not k:
                    k = m2 & E[E_MISC, M_KILL + 10]
                c2 = low_bit(k if k else m2)
                m2 ^= 1 << c2
                nodes += 1
                r2 ^= 1 << c2
                p2, d2 = _follow(E, pw, c2, p1, d1, 2)
                t2 = t1 + E[E_PTS, c2]
                a3 = a2
                b3 = b2
                g3 = -INF if x3 else INF
                m3 = _cands(E, r3, E_DOM_S, M_DOMINATED_S)
                pref = 0
                if throws_first and ((xm >> d2) & 1) != ((xm >> 3) & 1):
                    mm = m3
                    while mm:
                        c = low_bit(mm)
                        mm &= mm - 1
                        if E[pw, c] <= p2:
                            pref |= 1 << c
                while m3:
                    k = m3 & E[E_MISC, M_KILL + 11]
                    if not k:
                        k = m3 & pref
                    c3 = low_bit(k if k else m3)
                    m3 ^= 1 << c3
                    nodes += 1
                    r3 ^= 1 << c3
                    _p3, d = _follow(E, pw, c3, p2, d2, 3)
                    total = 1 if tricks else t2 + E[E_PTS, c3]
                    gain = total if (xm >> d) & 1 else 0
                    w = (s0 + d) & 3
                    if d == 0:
                        v = gain + eg3_table(E, G, ORD, stats, w, r0 | z0, r1 | z1, r2 | z2, r3 | z3,
                                  a3 - gain, b3 - gain, left - total)
                    elif d == 1:
                        v = gain + eg3_table(E, G, ORD, stats, w, r1 | z0, r2 | z1, r3 | z2, r0 | z3,
                                  a3 - gain, b3 - gain, left - total)
                    elif d == 2:
                        v = gain + eg3_table(E, G, ORD, stats, w, r2 | z0, r3 | z1, r0 | z2, r1 | z3,
                                  a3 - gain, b3 - gain, left - total)
                    else:
                        v = gain + eg3_table(E, G, ORD, stats, w, r3 | z0, r0 | z1, r1 | z2, r2 | z3,
                                  a3 - gain, b3 - gain, left - total)
                    r3 ^= 1 << c3
                    if x3:
                        if v > g3:
                            g3 = v
                            if g3 >= b3:
                                E[E_MISC, M_KILL + 11] = 1 << c3
                                break
                            if g3 > a3:
                                a3 = g3
                    else:
                        if v < g3:
                            g3 = v
                            if g3 <= a3:
                                E[E_MISC, M_KILL + 11] = 1 << c3
                                break
                            if g3 < b3:
                                b3 = g3
                r2 ^= 1 << c2
                if x2:
                    if g3 > g2:
                        g2 = g3
                        if g2 >= b2:
                            E[E_MISC, M_KILL + 10] = 1 << c2
                            break
                        if g2 > a2:
                            a2 = g2
                else:
                    if g3 < g2:
                        g2 = g3
                        if g2 <= a2:
                            E[E_MISC, M_KILL + 10] = 1 << c2
                            break
                        if g2 < b2:
                            b2 = g2
            r1 ^= 1 << c1
            if x1:
                if g2 > g1:
                    g1 = g2
                    if g1 >= b1:
                        E[E_MISC, M_KILL + 9] = 1 << c1
                        break
                    if g1 > a1:
                        a1 = g1
            else:
                if g2 < g1:
                    g1 = g2
                    if g1 <= a1:
                        E[E_MISC, M_KILL + 9] = 1 << c1
                        break
                    if g1 < b1:
                        b1 = g1
        r0 ^= 1 << c0
        if x0:
            if g1 > g0:
                g0 = g1
                if g0 >= b0:
                    E[E_MISC, M_KILL + 8] = 1 << c0
                    break
                if g0 > a0:
                    a0 = g0
        else:
            if g1 < g0:
                g0 = g1
                if g0 <= a0:
                    E[E_MISC, M_KILL + 8] = 1 << c0
                    break
                if g0 < b0:
                    b0 = g0
    E[E_MISC, M_NODES] += nodes
    return g0
