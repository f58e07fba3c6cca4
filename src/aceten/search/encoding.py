"""The declared rules and a Game as flat integer arrays, the only input the numba kernels take.

Everything a kernel needs is read from the one declaration in :mod:`aceten.rules`: the rank and
point tables (indexed by bit, ``card & 63``), the teams, dealing and drawing, the obligation
cascade (each part with its parameters, in the declared order), and the few rules that differ in
kind (first lead names trump, marriages, roem, the Brisca exchange, bidding and trump calls).
A card inside a kernel is its bit position; a hand is an ``int64`` mask (bits stay below 63).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from aceten.cards import FAMILY_RANKS, Card, Family, Rank, full_deck
from aceten.errors import AcetenError
from aceten.game import Game
from aceten.moves import Bid, Exchange, Move, TrumpCall
from aceten.rules.base import Rules
from aceten.rules.obligations import FollowSuit, PartnerExemption, Trumping

# -- the rules vector R ------------------------------------------------------------------------
R_N = 0  # players
R_TEAM = 1  # 4 slots: team of each seat
R_NTEAMS = 5
R_DRAW = 6  # 0 none, 1 after each trick (winner first), 2 right after each play
R_TRUMP_MODE = 7  # 0 turned, 1 given, 2 first lead, 3 called
R_GIVEN_TRUMP = 8  # suit index for trump mode "given"
R_WHEN = 9  # obligations apply 0 always, 1 once the stock is empty
R_OB_N = 10  # number of obligation parts (up to 3)
R_OB_KIND = 11  # 3 slots: 1 follow suit, 2 partner exemption, 3 trumping
R_OB_A = 14  # 3 slots: follow: beat 0 never 1 trump-led 2 always; trumping: overtrump 0/1
R_OB_B = 17  # 3 slots: trumping: undertrump 0 must, 1 free, 2 only-trumps
R_PARTNER = 20  # 1 when "partner winning" can hold (4 players in 2 teams)
R_LAST_BONUS = 21
R_TRICKS = 22  # tricks per deal
R_MARRIAGE = 23  # Cruce lead bonus
R_ROEM = 24  # Klaverjas trick bonus
R_EXCHANGE = 25  # Brisca exchange of the 7 / 2 of trumps
R_EXCH_TRICK = 26  # only a player who has won a trick may exchange
R_HAND = 27  # hand size
R_STOCK = 28  # stock size
R_DEALER = 29
R_STACKED = 30
R_DECK_N = 31
R_PHASE = 32  # 0 play at once, 1 Cruce bidding, 2 Klaverjas trump call
R_CALL_FREE = 33  # Klaverjas trump_choice=free
R_SCORING = 34  # 0 Latin points, 1 Latin tricks, 2 Cruce, 3 Klaverjas
R_TIE_LAST = 35  # Latin tie=last-trick
R_TOTAL = 36  # rules.total_points (Klaverjas nat)
R_MERGE = 37  # equivalent cards may be merged in the search: 0 no, 1 yes, 2 those roem ignores
R_SIZE = 40

# -- the tables T (rows of 64, indexed by bit) -------------------------------------------------
T_PLAIN_STRENGTH = 0
T_TRUMP_STRENGTH = 1
T_PLAIN_PTS = 2
T_TRUMP_PTS = 3
T_SEQ = 4  # Klaverjas: place in the roem sequence 7 8 9 T J Q K A (0..7), -1 elsewhere
T_EXCH = 5  # indexed by the face-up card's rank: the rank of the trump that may swap for it
T_RANK = 6  # rank of the bit (bit & 15), for readability in kernels
T_SEQ_RANK = 7  # the rank at each place (0..7) of the roem sequence
T_ROWS = 8

# -- the state vector S ------------------------------------------------------------------------
S_HAND = 0  # 4 slots
S_TRICK = 4  # 4 slots: the trick's cards in play order
S_TLEN = 8
S_LEADER = 9
S_TOMOVE = 10
S_TRUMP = 11  # suit index, -1 while unknown
S_DRAWN = 12
S_SLEN = 13  # stock length (the face-up card is S_STOCK + SLEN - 1)
S_TRICKNO = 14  # finished tricks
S_WON = 15  # seats (bit flags) that have won a trick
S_REMAIN = 16  # card points not yet won (hands, stock, trick)
S_MAXTEAM = 17  # the side the search maximises
S_OBJ = 18  # 0 card points and bonuses, 1 tricks
S_COOP = 19  # 1: every seat plays for the maximising side
S_POINTS = 20  # 4 slots: card points won per seat
S_BONUS = 24  # 4 slots: marriages / roem per seat
S_TRICKS = 28  # 4 slots: tricks won per seat
S_LASTWIN = 32  # winner of the last finished trick
S_PHASE = 33  # 0 play, 1 bid, 2 call, 3 over
S_DECLARER = 34  # -1 none
S_CONTRACT = 35
S_NBIDS = 36
S_HIGHBID = 37
S_BOUND = 38  # the search's bound on the future at the start of the trick (-1: unknown)
S_FLOOR = 39  # and what the maximising side is sure to get
S_SAVE = 40  # the prefix saved and restored around a move in the search
S_STOCK = 40  # up to 40 stock cards in drawing order
S_SIZE = 80

MOVE_EXCHANGE = 64  # 64 + bit: swap that card (the 7 or 2 of trumps) for the face-up card
MOVE_BID = 128  # 128 + value
MOVE_CALL = 192  # 192 + suit; 196 passes

_SEQUENCE = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
             Rank.ACE)
_TRUMP_MODES = {"turned": 0, "given": 1, "first-lead": 2, "called": 3}


@dataclass(frozen=True)
class Encoded:
    """One game's rules as kernel arrays."""

    rules: Rules
    R: np.ndarray  # int64[R_SIZE]
    T: np.ndarray  # int64[T_ROWS, 64]
    ORD: np.ndarray  # int64[6, 4, 17]: each suit's bits in order (see _encode)
    deck: np.ndarray  # int64[len(deck)]: the bits of rules.deck in the declared order


_CACHE: dict[int, Encoded] = {}


def encode_rules(rules: Rules) -> Encoded:
    """The kernel arrays of ``rules`` (cached per Rules object: rules are immutable)."""
    found = _CACHE.get(id(rules))
    if found is not None and found.rules is rules:
        return found
    enc = _encode(rules)
    _CACHE[id(rules)] = enc
    return enc


def _encode(rules: Rules) -> Encoded:
    n = rules.players
    if n > 4:
        raise AcetenError(f"the search kernels handle up to 4 players, not {n}")
    R = np.zeros(R_SIZE, dtype=np.int64)
    R[R_N] = n
    for seat in range(n):
        R[R_TEAM + seat] = rules.seat_team[seat]
    R[R_NTEAMS] = len(rules.teams)
    R[R_DRAW] = {"none": 0, "after-trick": 1, "after-play": 2}[rules.draw]
    R[R_TRUMP_MODE] = _TRUMP_MODES[rules.trump_mode]
    given = rules.options.get("trump")
    R[R_GIVEN_TRUMP] = int(given) & 3 if given is not None else -1
    ob = rules.obligations
    if len(ob.parts) > 3:
        raise AcetenError("the search kernels handle at most 3 obligation parts")
    R[R_WHEN] = 0 if ob.when == "always" else 1
    R[R_OB_N] = len(ob.parts)
    for k, part in enumerate(ob.parts):
        if isinstance(part, FollowSuit):
            R[R_OB_KIND + k] = 1
            R[R_OB_A + k] = {"never": 0, "trump-led": 1, "always": 2}[part.beat]
        elif isinstance(part, PartnerExemption):
            R[R_OB_KIND + k] = 2
        elif isinstance(part, Trumping):
            R[R_OB_KIND + k] = 3
            R[R_OB_A + k] = int(part.overtrump)
            R[R_OB_B + k] = {"must": 0, "free": 1, "only-trumps": 2}[part.undertrump]
        else:
            raise AcetenError(f"the search kernels do not know the obligation {part!r}")
    R[R_PARTNER] = int(n == 4 and len(rules.teams) == 2)
    R[R_LAST_BONUS] = rules.last_trick_bonus
    R[R_TRICKS] = rules.tricks_per_deal
    R[R_MARRIAGE] = int(rules.has_lead_bonus)
    R[R_ROEM] = int(rules.has_trick_bonus)
    R[R_EXCHANGE] = int(rules.has_extra_moves)
    R[R_EXCH_TRICK] = int(bool(rules.options.get("exchange_needs_trick", False)))
    R[R_HAND] = rules.hand_size
    R[R_STOCK] = rules.stock_size
    R[R_DEALER] = rules.options["dealer"]
    R[R_STACKED] = int(bool(rules.options["stacked"]))
    R[R_DECK_N] = len(rules.deck)
    name = rules.name
    if name == "cruce":
        R[R_PHASE] = 1 if rules.has_phases else 0
        R[R_SCORING] = 2
    elif name == "klaverjas":
        R[R_PHASE] = 2 if rules.trump_mode == "called" else 0
        R[R_CALL_FREE] = int(rules.options["trump_choice"] == "free")
        R[R_SCORING] = 3
    elif name in ("briscola", "brisca"):
        R[R_SCORING] = 1 if rules.options["scoring"] == "tricks" else 0
        R[R_TIE_LAST] = int(rules.options["tie"] == "last-trick")
    else:  # pragma: no cover - a fifth game must teach the kernels its scoring
        raise AcetenError(f"the search kernels do not know the game {name!r}")
    R[R_TOTAL] = rules.total_points

    T = np.full((T_ROWS, 64), -1, dtype=np.int64)
    T[T_PLAIN_STRENGTH:T_TRUMP_PTS + 1] = 0
    for card in full_deck(rules.family):
        b = int(card) & 63
        T[T_PLAIN_STRENGTH, b] = rules.plain_strength[b]
        T[T_TRUMP_STRENGTH, b] = rules.trump_strength[b]
        T[T_PLAIN_PTS, b] = rules.plain_pts[b]
        T[T_TRUMP_PTS, b] = rules.trump_pts[b]
        T[T_RANK, b] = int(card.rank)
        if rules.has_trick_bonus and card.rank in _SEQUENCE:
            T[T_SEQ, b] = _SEQUENCE.index(card.rank)
    for place, rank in enumerate(_SEQUENCE):
        T[T_SEQ_RANK, place] = int(rank)
    T[T_EXCH, :] = 0
    if rules.has_extra_moves:
        from aceten.rules.brisca import EXCHANGES

        for low, targets in EXCHANGES.items():
            for target in targets:
                T[T_EXCH, int(target)] = int(low)

    # ORD[row, suit]: bits of the suit's cards, strongest first, with the count in column 16.
    # Rows 0/1: every card in the plain/trump order. Rows 2 + 2*objective + (0 plain, 1 trump):
    # the cards the table may rename (point-less cards; every card when counting tricks), which
    # must lie together at the bottom of the order (else the row stays empty).
    ORD = np.full((6, 4, 17), -1, dtype=np.int64)
    ranks = FAMILY_RANKS[rules.family]
    for which, (order, points) in enumerate(((rules.plain_order, rules.plain_points),
                                             (rules.trump_order, rules.trump_points))):
        held = [r for r in order if r in ranks]
        for suit in range(4):
            for k, rank in enumerate(held):
                ORD[which, suit, k] = suit << 4 | int(rank)
            ORD[which, suit, 16] = len(held)
            for objective in (0, 1):
                rename = [r for r in held if objective == 1 or points[r] == 0]
                row = 2 + 2 * objective + which
                if held[len(held) - len(rename):] != rename:
                    rename = []
                for k, rank in enumerate(rename):
                    ORD[row, suit, k] = suit << 4 | int(rank)
                ORD[row, suit, 16] = len(rename)
    # Merging equivalent cards is exact unless a rule looks at exact ranks beyond the order:
    # roem (sequences) does, so with roem only cards that can no longer be part of a sequence
    # are merged (2); a first-lead trump whose two orders differ turns merging off.
    if rules.has_trick_bonus and (rules.family != Family.FRENCH or len(rules.deck) > 32):
        raise AcetenError("the search kernels know roem in the French deck only")
    merge = 2 if rules.has_trick_bonus else 1
    if rules.trump_mode == "first-lead" and (rules.plain_order != rules.trump_order
                                             or rules.plain_points != rules.trump_points):
        merge = 0
    R[R_MERGE] = merge
    deck = np.array([int(c) & 63 for c in rules.deck], dtype=np.int64)
    return Encoded(rules, R, T, ORD, deck)


# -- positions ---------------------------------------------------------------------------------
def encode_game(game: Game) -> np.ndarray:
    """The state vector of a Game in its play phase (hands, trick, stock, scores so far)."""
    rules = game.rules
    enc = encode_rules(rules)
    S = np.zeros(S_SIZE, dtype=np.int64)
    n = rules.players
    for seat in range(n):
        S[S_HAND + seat] = game.hand(seat).mask
        S[S_POINTS + seat] = game.points[seat]
        S[S_BONUS + seat] = game.bonus[seat]
        S[S_TRICKS + seat] = game.tricks_won[seat]
    trick = game.trick
    for i, card in enumerate(trick):
        S[S_TRICK + i] = int(card) & 63
    S[S_TLEN] = len(trick)
    S[S_LEADER] = game.leader
    S[S_TOMOVE] = game.to_move
    trump = game.trump
    S[S_TRUMP] = -1 if trump is None else int(trump) & 3
    # The whole stock in drawing order (the cards drawn so far, then what is left, whose last
    # card is the face-up one as it lies now), so that a position's place in it is absolute.
    stock = game.stock
    drawn = len(game.deal.stock) - len(stock)
    full = (*game.deal.stock[:drawn], *stock)
    S[S_DRAWN] = drawn
    S[S_SLEN] = len(full)
    for i, card in enumerate(full):
        S[S_STOCK + i] = int(card) & 63
    tricks = game.tricks
    S[S_TRICKNO] = len(tricks)
    S[S_WON] = sum(1 << s for s in range(n) if game.tricks_won[s])
    S[S_LASTWIN] = tricks[-1].winner if tricks else -1
    S[S_PHASE] = {"play": 0, "bid": 1, "call": 2, "over": 3}[game.phase]
    S[S_DECLARER] = -1 if game.declarer is None else game.declarer
    S[S_CONTRACT] = game.contract
    S[S_BOUND] = -1
    live = [int(c) for c in trick] + [int(c) for c in stock]
    for seat in range(n):
        live += [int(c) for c in game.hand(seat)]
    S[S_REMAIN] = live_points(enc, live, S[S_TRUMP])
    return S


def live_points(enc: Encoded, cards: list[int], trump: int) -> int:
    """Card points of ``cards``; with trump unknown, each card at its higher value (a bound)."""
    T = enc.T
    total = 0
    for code in cards:
        b = code & 63
        if trump < 0:
            total += max(T[T_PLAIN_PTS, b], T[T_TRUMP_PTS, b])
        elif (b >> 4) & 3 == trump:
            total += T[T_TRUMP_PTS, b]
        else:
            total += T[T_PLAIN_PTS, b]
    return int(total)


def move_code(move: Move) -> int:
    """A move as the kernels write it."""
    if isinstance(move, Card):
        return int(move) & 63
    if isinstance(move, Exchange):
        return MOVE_EXCHANGE + (int(move.card) & 63)
    if isinstance(move, Bid):
        return MOVE_BID + move.value
    if isinstance(move, TrumpCall):
        return MOVE_CALL + (4 if move.suit is None else int(move.suit) & 3)
    raise AcetenError(f"not a move: {move!r}")


def decode_move(code: int, rules: Rules) -> Move:
    """The move a kernel wrote as ``code``."""
    from aceten.cards import Suit

    fam = int(rules.family) << 6
    code = int(code)
    if code < MOVE_EXCHANGE:
        return Card.from_code(fam | code)
    if code < MOVE_BID:
        return Exchange(Card.from_code(fam | (code - MOVE_EXCHANGE)))
    if code < MOVE_CALL:
        return Bid(code - MOVE_BID)
    suit = code - MOVE_CALL
    return TrumpCall(None if suit == 4 else Suit(rules.family, suit))
