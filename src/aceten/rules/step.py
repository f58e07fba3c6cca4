"""The one step function: how a move changes a game's flat state, for every layer.

Written once, in plain Python over the layout of :mod:`aceten.rules.layout`, reading every
number from the rules vector ``R`` and card tables ``T`` that the game's rule parts filled in.
The engine (:class:`aceten.Game`) runs these functions as they are, on Python lists; the solver,
the batch simulator and the environments run the same functions compiled by numba on int64
arrays (:mod:`aceten.rules.jit`). Nothing here knows a game by name.

Functions marked ``@kernel`` are what numba compiles; the marker itself does nothing, so this
module never imports numba. Inside a kernel, a call to another function of this module is a
call to its compiled twin.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from aceten.rules.layout import (
    DRAW_AFTER_PLAY,
    DRAW_AFTER_TRICK,
    KING,
    MOVE_AUCTION,
    MOVE_BID,
    MOVE_CALL,
    MOVE_CALL_CARD,
    MOVE_EXCHANGE,
    NOTE_ALL_TRICKS,
    NOTE_ALONE,
    NOTE_CONTRACT_FAILED,
    NOTE_NAT,
    NOTE_THROWN_IN,
    NOTE_TIE_LAST,
    O_BONUS,
    O_CONTRACT,
    O_DECLARER,
    O_MOVES,
    O_NOTE,
    O_PARTNER,
    O_POINTS,
    O_SCORES,
    O_SEAT_SCORES,
    O_TEAM_POINTS,
    O_TEAM_TRICKS,
    O_TRICKS,
    O_WIDTH,
    O_WINNER,
    OB_FOLLOW,
    OB_PARTNER,
    PASS_CALL,
    PHASE_AUCTION,
    PHASE_BID,
    PHASE_CALL_CARD,
    PHASE_OVER,
    PHASE_PLAY,
    QUEEN,
    R_ALL_TRICKS,
    R_AUCTION_LOW,
    R_AUCTION_MAX,
    R_AUCTION_MIN,
    R_AUCTION_RANKS,
    R_CALL_FREE,
    R_CALLABLE,
    R_CALLER_LEADS,
    R_CAPPOTTO,
    R_DEALER,
    R_DRAW,
    R_EXCH_TRICK,
    R_EXCHANGE,
    R_FIRST_DECLARER,
    R_GIVEN_TRUMP,
    R_HAND,
    R_LAST_BONUS,
    R_MARRIAGE,
    R_MARRIAGE_PLAIN,
    R_MARRIAGE_TRUMP,
    R_MAX_BID,
    R_N,
    R_NTEAMS,
    R_OB_A,
    R_OB_B,
    R_OB_KIND,
    R_OB_N,
    R_PARTNER,
    R_PHASE,
    R_ROEM,
    R_RUN3,
    R_RUN4,
    R_SCORING,
    R_SHEET_ALONE,
    R_SHEET_CALLER,
    R_SHEET_DEFENDER,
    R_SHEET_PARTNER,
    R_STUK,
    R_TEAM,
    R_TIE_LAST,
    R_TOTAL,
    R_TRICKS,
    R_TRUMP_MODE,
    R_UNIT,
    R_WHEN,
    S_BONUS,
    S_CALLED,
    S_CONTRACT,
    S_DECLARER,
    S_DRAWER,
    S_DRAWN,
    S_HAND,
    S_HIGHBID,
    S_LASTWIN,
    S_LEADER,
    S_MAXTEAM,
    S_NBIDS,
    S_OBJ,
    S_PARTNER,
    S_PASSED,
    S_PHASE,
    S_POINTS,
    S_REMAIN,
    S_REVEALED,
    S_SLEN,
    S_STOCK,
    S_TEAM,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKNO,
    S_TRICKS,
    S_TRUMP,
    S_WON,
    SCORE_PLAYING_SIDE,
    SCORE_POINTS,
    SCORE_TARGET,
    SCORE_TRICKS,
    SCORE_UNITS,
    T_BID_LEVEL,
    T_EXCH,
    T_FOUR,
    T_LEVEL_RANK,
    T_PLAIN_PTS,
    T_PLAIN_STRENGTH,
    T_RANK,
    T_SEQ,
    T_TRUMP_PTS,
    T_TRUMP_STRENGTH,
    TRUMP_FIRST_LEAD,
    TRUMP_GIVEN,
    TRUMP_POWER,
    TRUMP_TURNED,
)

F = TypeVar("F", bound=Callable[..., Any])
# What the annotations mean (numba reads none of them): a list of ints for the engine, an int64
# array when compiled.
State = MutableSequence[int]  # the flat state S, or a result row ``out`` (written to)
Table = Sequence[int]  # the rules vector R or the card tables T (read only)

SUIT_BITS = 0x7FFF  # ranks 0..14 of one suit; bit 63 is never used, so masks stay positive


def kernel(inline: bool = False) -> Callable[[F], F]:
    """Mark a function for numba (``inline``: inline it into its callers); a no-op here."""

    def mark(func: F) -> F:
        func._kernel_inline = inline  # type: ignore[attr-defined]
        return func

    return mark


# -- bits --------------------------------------------------------------------------------------
# Pure-Python versions; the compiled twins use single CPU instructions (see aceten.rules.jit).
@kernel(inline=True)
def low_bit(mask: int) -> int:
    """The index of the lowest set bit."""
    return (mask & -mask).bit_length() - 1


@kernel(inline=True)
def popcount(mask: int) -> int:
    return mask.bit_count()


@kernel(inline=True)
def suit_mask(suit: int) -> int:
    return SUIT_BITS << (suit << 4)


# -- the trick ---------------------------------------------------------------------------------
@kernel(inline=True)
def card_points(T: Table, b: int, trump: int) -> int:
    if ((b >> 4) & 3) == trump:
        return T[T_TRUMP_PTS + b]
    return T[T_PLAIN_PTS + b]


@kernel()
def winner_index(S: State, tlen: int, trump: int, T: Table) -> int:
    """Position in play order of the card winning the trick ``S[S_TRICK:S_TRICK+tlen]``."""
    led = (S[S_TRICK] >> 4) & 3
    best_i = 0
    best_power = -1
    for i in range(tlen):
        c = S[S_TRICK + i]
        s = (c >> 4) & 3
        if s == trump:
            power = TRUMP_POWER + T[T_TRUMP_STRENGTH + c]
        elif s == led:
            power = T[T_PLAIN_STRENGTH + c]
        else:
            continue
        if power > best_power:
            best_i = i
            best_power = power
    return best_i


@kernel()
def higher(cards: int, use_trump: bool, best: int, T: Table) -> int:
    """The cards of ``cards`` ranked above ``best`` in the trump or plain order."""
    row = T_TRUMP_STRENGTH if use_trump else T_PLAIN_STRENGTH
    bar = T[row + best]
    out = 0
    m = cards
    while m:
        b = low_bit(m)
        m &= m - 1
        if T[row + b] > bar:
            out |= 1 << b
    return out


# -- obligations -------------------------------------------------------------------------------
@kernel()
def legal_cards_why(S: State, hand: int, R: Table, T: Table) -> tuple[int, int]:
    """The cards of ``hand`` that may be played to the current trick, and the place of the
    obligation that bound in the declared cascade (-1 when none did: any card)."""
    tlen = S[S_TLEN]
    if tlen == 0 or R[R_OB_N] == 0:
        return hand, -1
    if R[R_WHEN] == 1 and S[S_DRAWN] < S[S_SLEN]:
        return hand, -1
    trump = S[S_TRUMP]
    if trump < 0 and R[R_TRUMP_MODE] == TRUMP_FIRST_LEAD:
        trump = (S[S_TRICK] >> 4) & 3
    bi = winner_index(S, tlen, trump, T)
    best = S[S_TRICK + bi]
    best_is_trump = trump >= 0 and ((best >> 4) & 3) == trump
    partner_winning = R[R_PARTNER] == 1 and (tlen - bi) % 2 == 0  # teams sit alternately
    led = (S[S_TRICK] >> 4) & 3
    for k in range(R[R_OB_N]):
        kind = R[R_OB_KIND + k]
        if kind == OB_FOLLOW:
            follow = hand & suit_mask(led)
            if follow == 0:
                continue
            led_is_trump = trump >= 0 and led == trump
            beat = R[R_OB_A + k]
            must_beat = beat == 2 or (beat == 1 and led_is_trump)
            if must_beat and (led_is_trump or not best_is_trump):
                h = higher(follow, led_is_trump, best, T)
                if h:
                    return h, k
            return follow, k
        elif kind == OB_PARTNER:
            if not partner_winning:
                continue
            allowed = hand
            if trump >= 0 and best_is_trump:
                trumps = hand & suit_mask(trump)
                lower = trumps & ~higher(trumps, True, best, T)
                if hand & ~trumps:
                    allowed &= ~lower
            return allowed, k
        else:  # trumping
            if trump < 0 or led == trump:
                continue
            trumps = hand & suit_mask(trump)
            if trumps == 0:
                continue
            if not (R[R_OB_A + k] == 1 and best_is_trump):
                return trumps, k
            h = higher(trumps, True, best, T)
            if h:
                return h, k
            under = R[R_OB_B + k]
            if under == 0:
                return trumps, k
            if under == 2:
                others = hand & ~trumps
                if others:
                    return others, k
    return hand, -1


@kernel()
def legal_cards(S: State, hand: int, R: Table, T: Table) -> int:
    """The cards of ``hand`` that may be played to the current trick."""
    return legal_cards_why(S, hand, R, T)[0]


# -- the stock ---------------------------------------------------------------------------------
@kernel()
def exchange_cards(S: State, R: Table, T: Table) -> int:
    """Cards the player to move may swap for the face-up trump, as a mask."""
    if R[R_EXCHANGE] == 0 or R[R_TRUMP_MODE] != TRUMP_TURNED or S[S_PHASE] != PHASE_PLAY:
        return 0
    if S[S_DRAWN] >= S[S_SLEN]:
        return 0
    seat = S[S_TOMOVE]
    if R[R_EXCH_TRICK] == 1 and S[S_TRICKS + seat] == 0:
        return 0
    face = S[S_STOCK + S[S_SLEN] - 1]
    low = T[T_EXCH + T[T_RANK + face]]
    if low <= 0:
        return 0
    card = (face & 48) | low
    if S[S_HAND + seat] & (1 << card):
        return 1 << card
    return 0


@kernel()
def apply_exchange(S: State, card: int) -> None:
    """Swap ``card`` from the hand of the player to move for the face-up trump."""
    seat = S[S_TOMOVE]
    last = S_STOCK + S[S_SLEN] - 1
    face = S[last]
    S[S_HAND + seat] ^= (1 << card) | (1 << face)
    S[last] = card


@kernel(inline=True)
def draw(S: State, seat: int) -> None:
    """``seat`` draws the next stock card."""
    i = S[S_DRAWN]
    card = S[S_STOCK + i]
    S[S_DRAWER + i] = seat
    S[S_DRAWN] = i + 1
    S[S_HAND + seat] |= 1 << card


# -- bonuses -----------------------------------------------------------------------------------
@kernel()
def lead_bonus(S: State, seat: int, b: int, R: Table, T: Table) -> int:
    """A marriage: ``seat`` leads a king or queen while holding its mate (``b`` already left
    the hand). Returns its value, 0 if none."""
    r = T[T_RANK + b]
    if r != KING and r != QUEEN:
        return 0
    mate = (b & 48) | (KING + QUEEN - r)
    if not S[S_HAND + seat] & (1 << mate):
        return 0
    if ((b >> 4) & 3) == S[S_TRUMP]:
        return R[R_MARRIAGE_TRUMP]
    return R[R_MARRIAGE_PLAIN]


@kernel()
def trick_bonus(S: State, n: int, trump: int, R: Table, T: Table) -> int:
    """Roem in the ``n`` cards of the finished trick: four of a kind, runs, the trump pair."""
    total = 0
    r0 = T[T_RANK + S[S_TRICK]]
    same = n == 4
    for i in range(1, n):
        if T[T_RANK + S[S_TRICK + i]] != r0:
            same = False
    if same:
        total += T[T_FOUR + r0]
    for suit in range(4):
        seq = 0
        present = False
        king = False
        queen = False
        for i in range(n):
            c = S[S_TRICK + i]
            if (c >> 4) & 3 == suit:
                present = True
                idx = T[T_SEQ + c]
                if idx >= 0:
                    seq |= 1 << idx
                r = T[T_RANK + c]
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
            total += R[R_RUN4]
        elif run == 3:
            total += R[R_RUN3]
        if suit == trump and king and queen:
            total += R[R_STUK]
    return total


# -- playing a card ----------------------------------------------------------------------------
@kernel()
def recount_remaining(S: State, R: Table, T: Table) -> None:
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


@kernel()
def play_card(S: State, b: int, R: Table, T: Table) -> int:
    """Play card bit ``b`` for the player to move (legality is the caller's business).

    Returns what the move is worth to the maximising side (``S[S_MAXTEAM]``): card points,
    last-trick bonus, roem and marriages scored by it, or 1 per trick with objective tricks.
    """
    seat = S[S_TOMOVE]
    S[S_HAND + seat] ^= 1 << b
    tlen = S[S_TLEN]
    gain = 0
    if tlen == 0:
        if S[S_TRUMP] < 0 and R[R_TRUMP_MODE] == TRUMP_FIRST_LEAD:
            S[S_TRUMP] = (b >> 4) & 3
            recount_remaining(S, R, T)
            S[S_REMAIN] += card_points(T, b, S[S_TRUMP])  # the card is about to join the trick
        if R[R_MARRIAGE] == 1:
            value = lead_bonus(S, seat, b, R, T)
            if value:
                S[S_BONUS + seat] += value
                if S[S_OBJ] == 0 and S[S_TEAM + seat] == S[S_MAXTEAM]:
                    gain += value
    if b == S[S_CALLED]:
        S[S_REVEALED] = 1
    S[S_TRICK + tlen] = b
    tlen += 1
    S[S_TLEN] = tlen
    if R[R_DRAW] == DRAW_AFTER_PLAY and S[S_DRAWN] < S[S_SLEN]:
        draw(S, seat)
    n = R[R_N]
    if tlen < n:
        S[S_TOMOVE] = (seat + 1) % n
        return gain
    # the trick is complete
    maxteam = S[S_MAXTEAM]
    trump = S[S_TRUMP]
    leader = S[S_LEADER]
    winner = (leader + winner_index(S, n, trump, T)) % n
    points = 0
    for i in range(n):
        c = S[S_TRICK + i]
        points += T[T_TRUMP_PTS + c] if ((c >> 4) & 3) == trump else T[T_PLAIN_PTS + c]
    S[S_REMAIN] -= points
    trickno = S[S_TRICKNO] + 1
    if trickno == R[R_TRICKS]:
        points += R[R_LAST_BONUS]
    bonus = 0
    if R[R_ROEM] == 1:
        bonus = trick_bonus(S, n, trump, R, T)
        S[S_BONUS + winner] += bonus
    S[S_POINTS + winner] += points
    S[S_TRICKS + winner] += 1
    S[S_WON] |= 1 << winner
    S[S_TRICKNO] = trickno
    S[S_LASTWIN] = winner
    S[S_TLEN] = 0
    S[S_LEADER] = winner
    S[S_TOMOVE] = winner
    if R[R_DRAW] == DRAW_AFTER_TRICK and S[S_DRAWN] < S[S_SLEN]:
        for i in range(n):
            draw(S, (winner + i) % n)
    if trickno == R[R_TRICKS]:
        S[S_PHASE] = PHASE_OVER
    if S[S_TEAM + winner] == maxteam:
        if S[S_OBJ] == 0:
            gain += points + bonus
        else:
            gain += 1
    return gain


# -- phases before the play --------------------------------------------------------------------
@kernel()
def phase_choices(S: State, R: Table, T: Table) -> tuple[int, int]:
    """The phase moves open to the player to move, as (first code, count): bids are
    ``MOVE_BID + 0`` (pass) then every value above the highest; calls are the four suits, then
    a pass when it is allowed; in an auction, a pass then every level above the highest (see
    auction_code); a called card, each card of the rank bid in the deck (see choice_code)."""
    phase = S[S_PHASE]
    if phase == PHASE_BID:
        return MOVE_BID, 1 + R[R_MAX_BID] - S[S_HIGHBID]
    if phase == PHASE_AUCTION:
        top = R[R_AUCTION_RANKS] + R[R_AUCTION_MAX] - R[R_AUCTION_MIN]
        return MOVE_AUCTION, 1 + top - S[S_HIGHBID]
    if phase == PHASE_CALL_CARD:
        return MOVE_CALL_CARD, popcount(callable_cards(S, R, T))
    forced = R[R_CALL_FREE] == 0 or (S[S_NBIDS] == R[R_N] and S[S_TOMOVE] == S[S_LEADER])
    return MOVE_CALL, 4 if forced else 5


@kernel(inline=True)
def phase_code(S: State, index: int) -> int:
    """The code of the ``index``-th phase move of a bidding or a trump call (in the order of
    phase_choices; choice_code covers every phase)."""
    if S[S_PHASE] == PHASE_BID:
        return MOVE_BID if index == 0 else MOVE_BID + S[S_HIGHBID] + index
    return MOVE_CALL + index


@kernel()
def auction_code(level: int, R: Table, T: Table) -> int:
    """The code of the auction bid of ``level``: 0 passes; levels 1..R_AUCTION_RANKS name a
    rank (weaker cards are higher bids) with the target R_AUCTION_MIN; the levels above keep the
    lowest rank and raise the target one point each."""
    if level == 0:
        return MOVE_AUCTION
    ranks = R[R_AUCTION_RANKS]
    if level <= ranks:
        return MOVE_AUCTION + T[T_LEVEL_RANK + level]
    return MOVE_AUCTION + R[R_AUCTION_LOW] + 16 * (R[R_AUCTION_MIN] + level - ranks)


@kernel()
def auction_level(code: int, R: Table, T: Table) -> int:
    """The level of an auction bid's code (0: a pass; -1: not a bid of this auction)."""
    c = code - MOVE_AUCTION
    if c == 0:
        return 0
    rank = c & 15
    target = c >> 4
    if target == 0:
        level = T[T_BID_LEVEL + rank]
        return level if level > 0 else -1
    if rank != R[R_AUCTION_LOW] or target <= R[R_AUCTION_MIN] or target > R[R_AUCTION_MAX]:
        return -1
    return R[R_AUCTION_RANKS] + target - R[R_AUCTION_MIN]


@kernel()
def choice_code(S: State, index: int, R: Table, T: Table) -> int:
    """The code of the ``index``-th phase move in any phase (the order of phase_choices)."""
    phase = S[S_PHASE]
    if phase == PHASE_AUCTION:
        return auction_code(0 if index == 0 else S[S_HIGHBID] + index, R, T)
    if phase == PHASE_CALL_CARD:
        cards = callable_cards(S, R, T)
        for _ in range(index):
            cards &= cards - 1
        return MOVE_CALL_CARD + low_bit(cards)
    return phase_code(S, index)


@kernel()
def callable_cards(S: State, R: Table, T: Table) -> int:
    """The cards the auction's winner may call (bits): those of the rank bid that are in the
    deck (a shortened deck may lack some suits' card of that rank), in suit order."""
    rank = T[T_LEVEL_RANK + min(S[S_HIGHBID], R[R_AUCTION_RANKS])]
    cards = 0
    for suit in range(4):
        b = suit << 4 | rank
        if R[R_CALLABLE] >> b & 1:
            cards |= 1 << b
    return cards


@kernel()
def apply_phase_move(S: State, code: int, R: Table, T: Table) -> None:
    """A bid (once around, each above the last; the highest bidder leads and must make it), a
    trump call (a suit, or a pass; the caller becomes the declarer), an auction bid or the
    auction winner's called card."""
    n = R[R_N]
    seat = S[S_TOMOVE]
    S[S_NBIDS] += 1
    if S[S_PHASE] == PHASE_AUCTION:
        auction_move(S, code, R, T)
        return
    if S[S_PHASE] == PHASE_CALL_CARD:
        call_card(S, code - MOVE_CALL_CARD, R)
        return
    if S[S_PHASE] == PHASE_BID:
        value = code - MOVE_BID
        if value > S[S_HIGHBID]:
            S[S_HIGHBID] = value
            S[S_DECLARER] = seat
        if S[S_NBIDS] < n:
            S[S_TOMOVE] = (seat + 1) % n
            return
        if S[S_HIGHBID] == 0:
            S[S_DECLARER] = -1
        else:
            S[S_LEADER] = S[S_DECLARER]
        S[S_CONTRACT] = S[S_HIGHBID]
        S[S_TOMOVE] = S[S_LEADER]
        S[S_PHASE] = PHASE_PLAY
        return
    suit = code - MOVE_CALL
    if suit == PASS_CALL:
        S[S_TOMOVE] = (seat + 1) % n
        return
    S[S_TRUMP] = suit
    S[S_DECLARER] = seat
    S[S_TOMOVE] = S[S_LEADER]
    S[S_PHASE] = PHASE_PLAY


@kernel()
def auction_move(S: State, code: int, R: Table, T: Table) -> None:
    """An auction bid or pass (passing is final). The auction ends when every other seat has
    passed after a bid (its winner calls a card next), or when all pass (the deal is thrown in)."""
    n = R[R_N]
    seat = S[S_TOMOVE]
    level = auction_level(code, R, T)
    if level == 0:
        S[S_PASSED] |= 1 << seat
    else:
        S[S_HIGHBID] = level
        S[S_DECLARER] = seat
        target = (code - MOVE_AUCTION) >> 4
        S[S_CONTRACT] = target if target > 0 else R[R_AUCTION_MIN]
    passed = popcount(S[S_PASSED])
    if passed == n:
        S[S_DECLARER] = -1
        S[S_PHASE] = PHASE_OVER
        return
    if passed == n - 1 and S[S_HIGHBID] > 0:
        S[S_TOMOVE] = S[S_DECLARER]
        S[S_PHASE] = PHASE_CALL_CARD
        return
    nxt = (seat + 1) % n
    while S[S_PASSED] >> nxt & 1:
        nxt = (nxt + 1) % n
    S[S_TOMOVE] = nxt


@kernel()
def call_card(S: State, b: int, R: Table) -> None:
    """The auction's winner calls card ``b``: its suit is trump, its holder the secret partner
    (the caller alone when it is his own, or nobody's); the teams are set for the deal."""
    n = R[R_N]
    caller = S[S_DECLARER]
    S[S_CALLED] = b
    S[S_TRUMP] = (b >> 4) & 3
    partner = caller
    for s in range(n):
        if S[S_HAND + s] >> b & 1:
            partner = s
    S[S_PARTNER] = partner
    for s in range(n):
        S[S_TEAM + s] = 0 if s in (caller, partner) else 1
    if R[R_CALLER_LEADS] == 1:
        S[S_LEADER] = caller
    S[S_TOMOVE] = S[S_LEADER]
    S[S_PHASE] = PHASE_PLAY


@kernel()
def play_move(S: State, code: int, R: Table, T: Table) -> int:
    """Make any move: a card, an exchange, a bid or a trump call. Returns the gain of the
    maximising side (see play_card)."""
    if code < MOVE_EXCHANGE:
        return play_card(S, code, R, T)
    if code < MOVE_BID:
        apply_exchange(S, code - MOVE_EXCHANGE)
        return 0
    apply_phase_move(S, code, R, T)
    return 0


# -- the deal ----------------------------------------------------------------------------------
@kernel()
def deal_cards(S: State, cards: Sequence[int], R: Table) -> None:
    """Put the cards, in dealing order, into ``S`` (all zeros): the hands in seat order from the
    seat after the dealer, then the stock in drawing order."""
    n = R[R_N]
    hand_size = R[R_HAND]
    first = (R[R_DEALER] + 1) % n
    for i in range(n):
        h = 0
        for k in range(i * hand_size, (i + 1) * hand_size):
            h |= 1 << cards[k]
        S[S_HAND + (first + i) % n] = h
    slen = len(cards) - n * hand_size
    for k in range(slen):
        S[S_STOCK + k] = cards[n * hand_size + k]
    S[S_SLEN] = slen


@kernel()
def start_deal(S: State, R: Table) -> None:
    """Start the deal whose cards lie in ``S``: the trump (the stock's last card when it is
    turned), the first leader (the seat after the dealer), the first phase."""
    n = R[R_N]
    first = (R[R_DEALER] + 1) % n
    mode = R[R_TRUMP_MODE]
    if mode == TRUMP_TURNED:
        S[S_TRUMP] = (S[S_STOCK + S[S_SLEN] - 1] >> 4) & 3
    elif mode == TRUMP_GIVEN:
        S[S_TRUMP] = R[R_GIVEN_TRUMP]
    else:
        S[S_TRUMP] = -1
    S[S_LEADER] = first
    S[S_TOMOVE] = first
    S[S_MAXTEAM] = -1
    S[S_LASTWIN] = -1
    S[S_DECLARER] = -1
    S[S_PHASE] = R[R_PHASE]
    for s in range(n):
        S[S_TEAM + s] = R[R_TEAM + s]
    S[S_PASSED] = 0
    S[S_CALLED] = -1
    S[S_PARTNER] = -1
    S[S_REVEALED] = 0
    if R[R_FIRST_DECLARER] == 1 and R[R_PHASE] == PHASE_PLAY:
        S[S_DECLARER] = first


# -- scoring -----------------------------------------------------------------------------------
@kernel()
def score(S: State, R: Table, out: State) -> None:
    """The deal's result as the game scores it, into ``out`` (the O_* layout): per seat and per
    side, the scores in the game's unit, the winning side (-1: a draw) and what the scoring
    rule did besides adding up (NOTE_* flags)."""
    n = R[R_N]
    teams = R[R_NTEAMS]
    for k in range(O_WIDTH):
        out[k] = 0
    for s in range(n):
        out[O_POINTS + s] = S[S_POINTS + s]
        out[O_TRICKS + s] = S[S_TRICKS + s]
        out[O_BONUS + s] = S[S_BONUS + s]
        t = S[S_TEAM + s]
        out[O_TEAM_POINTS + t] += S[S_POINTS + s]
        out[O_TEAM_TRICKS + t] += S[S_TRICKS + s]
        out[O_SCORES + t] += S[S_BONUS + s]  # bonuses first; the unit added below
    scoring = R[R_SCORING]
    note = 0
    winner = -1
    if scoring in (SCORE_POINTS, SCORE_TRICKS):
        for t in range(teams):
            out[O_SCORES + t] = out[(O_TEAM_TRICKS if scoring == SCORE_TRICKS else O_TEAM_POINTS) + t]
        winner = unique_best(out, teams)
        if winner < 0 and R[R_TIE_LAST] == 1 and S[S_LASTWIN] >= 0:
            best = out[O_SCORES]
            for t in range(teams):
                best = max(best, out[O_SCORES + t])
            last = S[S_TEAM + S[S_LASTWIN]]
            if out[O_SCORES + last] == best:
                winner = last
                note |= NOTE_TIE_LAST
    elif scoring == SCORE_UNITS:
        unit = R[R_UNIT]
        for t in range(teams):
            out[O_SCORES + t] = (out[O_TEAM_POINTS + t] + out[O_SCORES + t]) // unit
        declarer = S[S_DECLARER]
        if declarer >= 0:
            side = S[S_TEAM + declarer]
            made = out[O_TEAM_POINTS + side]
            for s in range(n):
                if S[S_TEAM + s] == side:
                    made += S[S_BONUS + s]
            if made < S[S_CONTRACT] * unit:
                out[O_SCORES + side] = -S[S_CONTRACT]
                note |= NOTE_CONTRACT_FAILED
        winner = unique_best(out, teams)
    elif scoring == SCORE_PLAYING_SIDE:
        bonus_all = 0
        for t in range(teams):
            bonus_all += out[O_SCORES + t]
            if out[O_TEAM_TRICKS + t] == R[R_TRICKS]:
                out[O_SCORES + t] += R[R_ALL_TRICKS]
                bonus_all += R[R_ALL_TRICKS]
                note |= NOTE_ALL_TRICKS
        for t in range(teams):
            out[O_SCORES + t] += out[O_TEAM_POINTS + t]
        declarer = S[S_DECLARER] if S[S_DECLARER] >= 0 else S[S_LEADER]
        playing = S[S_TEAM + declarer]
        other = 1 - playing
        if out[O_SCORES + playing] <= out[O_SCORES + other]:
            out[O_SCORES + other] = R[R_TOTAL] + bonus_all
            out[O_SCORES + playing] = 0
            note |= NOTE_NAT
        winner = unique_best(out, teams)
    elif scoring == SCORE_TARGET:
        winner, note = target_sheet(S, R, out)
    out[O_WINNER] = winner
    out[O_PARTNER] = S[S_PARTNER]
    out[O_DECLARER] = S[S_DECLARER]
    out[O_CONTRACT] = S[S_CONTRACT]
    out[O_NOTE] = note
    out[O_MOVES] = 0


@kernel()
def unique_best(out: State, teams: int) -> int:
    """The side with the strictly highest score, -1 when two share it."""
    best = -(1 << 40)
    who = -1
    for t in range(teams):
        value = out[O_SCORES + t]
        if value > best:
            best = value
            who = t
        elif value == best:
            who = -1
    return who


@kernel()
def target_sheet(S: State, R: Table, out: State) -> tuple[int, int]:
    """SCORE_TARGET: each side's card points; the declarer's side wins when it reaches the
    contract's target. The per-seat sheet: the declarer, the partner and each defender win or
    lose their stake (the declarer alone his own), doubled when a side takes every trick (when
    declared); a deal nobody bid is thrown in. Returns (winner, NOTE_* flags)."""
    n = R[R_N]
    declarer = S[S_DECLARER]
    if declarer < 0:
        return -1, NOTE_THROWN_IN
    note = 0
    side = S[S_TEAM + declarer]
    for t in range(R[R_NTEAMS]):
        out[O_SCORES + t] = out[O_TEAM_POINTS + t]
    winner = side if out[O_TEAM_POINTS + side] >= S[S_CONTRACT] else 1 - side
    partner = S[S_PARTNER]
    alone = partner == declarer
    if alone:
        note |= NOTE_ALONE
    stake = 1 if winner == side else -1
    if R[R_CAPPOTTO] == 1:
        for t in range(R[R_NTEAMS]):
            if out[O_TEAM_TRICKS + t] == R[R_TRICKS]:
                stake *= 2
                note |= NOTE_ALL_TRICKS
    for s in range(n):
        if s == declarer:
            value = R[R_SHEET_ALONE] if alone else R[R_SHEET_CALLER]
        elif s == partner:
            value = R[R_SHEET_PARTNER]
        else:
            value = -R[R_SHEET_DEFENDER]
        out[O_SEAT_SCORES + s] = stake * value
    return winner, note
