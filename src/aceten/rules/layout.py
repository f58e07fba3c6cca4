"""The flat layout of a game: the rules vector ``R``, the card tables ``T`` and the state ``S``.

Every layer that runs the rules quickly reads them through this one layout: the step functions
of :mod:`aceten.rules.step` (plain Python, compiled by numba when the search extra is installed)
take ``S`` (the position), ``R`` (the game's declared parameters, filled by its rule parts) and
``T`` (per-card tables, flat: row ``T_X`` of card bit ``b`` is ``T[T_X + b]``). A card is its
bit position ``card & 63``; a hand is an int mask. Sequences may be Python lists (the engine)
or int64 numpy arrays (the kernels): the code reads both the same way.
"""

from __future__ import annotations

# -- the rules vector R: filled by the rule parts (Part.fill) ----------------------------------
R_N = 0  # players
R_TEAM = 1  # 4 slots: team of each seat
R_NTEAMS = 5
R_DRAW = 6  # DRAW_*
R_TRUMP_MODE = 7  # TRUMP_*
R_GIVEN_TRUMP = 8  # suit index for TRUMP_GIVEN
R_WHEN = 9  # obligations apply 0 always, 1 once the stock is empty
R_OB_N = 10  # number of obligation parts (up to 3)
R_OB_KIND = 11  # 3 slots: OB_*
R_OB_A = 14  # 3 slots: follow: beat 0 never 1 trump-led 2 always; trumping: overtrump 0/1
R_OB_B = 17  # 3 slots: trumping: undertrump 0 must, 1 free, 2 only-trumps
R_PARTNER = 20  # 1 when "partner winning" can hold (4 players in 2 teams)
R_LAST_BONUS = 21
R_TRICKS = 22  # tricks per deal
R_MARRIAGE = 23  # 1: leading K or Q while holding its mate scores (the lead bonus)
R_ROEM = 24  # 1: the trick's cards score a bonus for its winner (sequences, four of a kind)
R_EXCHANGE = 25  # 1: a low trump may be swapped for the face-up trump card
R_EXCH_TRICK = 26  # only a player who has won a trick may exchange
R_HAND = 27  # hand size
R_STOCK = 28  # stock size
R_DEALER = 29
R_STACKED = 30
R_DECK_N = 31
R_PHASE = 32  # PHASE_* a deal starts in
R_CALL_FREE = 33  # trump call: each may pass, the first caller is forced when all pass
R_SCORING = 34  # SCORE_*
R_TIE_LAST = 35  # a tie on the score goes to the side that won the last trick
R_TOTAL = 36  # card points of the deck with the last-trick bonus (a side beaten takes these)
R_MERGE = 37  # search: equivalent cards may be merged: 0 no, 1 yes, 2 those roem ignores
R_MARRIAGE_PLAIN = 38  # a marriage's value in a plain suit
R_MARRIAGE_TRUMP = 39  # and in trumps
R_RUN3 = 40  # roem: three cards in sequence in one suit
R_RUN4 = 41  # four (or more) in sequence
R_STUK = 42  # king and queen of trumps in one trick
R_UNIT = 43  # scoring: card points per game point (and per bid unit)
R_ALL_TRICKS = 44  # scoring: bonus for the side that took every trick
R_MAX_BID = 45  # bidding: the highest bid
R_FIRST_DECLARER = 46  # 1: with no trump call (trump given), the first leader is the declarer
R_SIZE = 48

# Values of the coded R entries.
DRAW_NONE, DRAW_AFTER_TRICK, DRAW_AFTER_PLAY = 0, 1, 2
TRUMP_TURNED, TRUMP_GIVEN, TRUMP_FIRST_LEAD, TRUMP_CALLED = 0, 1, 2, 3
OB_FOLLOW, OB_PARTNER, OB_TRUMPING = 1, 2, 3
PHASE_PLAY, PHASE_BID, PHASE_CALL, PHASE_OVER = 0, 1, 2, 3
SCORE_POINTS, SCORE_TRICKS, SCORE_UNITS, SCORE_PLAYING_SIDE = 0, 1, 2, 3

KING, QUEEN = 14, 13  # rank codes (aceten.cards.Rank): the pair of marriages and stuk
TRUMP_POWER = 100  # added to a trump's strength: any trump beats any plain card

# -- the card tables T: rows of 64 entries, indexed by card bit, laid end to end ---------------
T_PLAIN_STRENGTH = 0
T_TRUMP_STRENGTH = 64
T_PLAIN_PTS = 128
T_TRUMP_PTS = 192
T_SEQ = 256  # roem: the card's place in the sequence order (0..7), -1 if it has none
T_EXCH = 320  # indexed by the face-up card's rank: the rank of the trump that may swap for it
T_RANK = 384  # rank of the bit (bit & 15), for readability
T_FOUR = 448  # indexed by rank: roem for four cards of that rank in one trick
T_SEQ_RANK = 512  # roem: the rank at each place (0..7) of the sequence order
T_RUN_ROEM = 576  # 256 entries: for a set of places of the sequence (bits), the most roem its
# runs can still give in tricks of up to four cards (the solver's bound)
T_SIZE = 832

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
S_PHASE = 33  # PHASE_*
S_DECLARER = 34  # -1 none
S_CONTRACT = 35
S_NBIDS = 36  # bids or trump calls made
S_HIGHBID = 37  # the highest bid so far (0: none)
S_BOUND = 38  # the search's bound on the future at the start of the trick (-1: unknown)
S_FLOOR = 39  # and what the maximising side is sure to get
S_SAVE = 40  # the prefix saved and restored around a move in the search
S_STOCK = 40  # up to 40 stock cards in drawing order
S_DRAWER = 80  # up to 40: the seat that drew each stock card
S_SIZE = 120

# -- moves as codes ----------------------------------------------------------------------------
MOVE_EXCHANGE = 64  # 64 + bit: swap that card (the low trump) for the face-up card
MOVE_BID = 128  # 128 + value
MOVE_CALL = 192  # 192 + suit; 196 passes
PASS_CALL = 4

# -- deal results: one row per deal (the scoring step's output) --------------------------------
O_POINTS = 0  # 4 slots
O_TRICKS = 4
O_BONUS = 8
O_TEAM_POINTS = 12
O_TEAM_TRICKS = 16
O_SCORES = 20
O_WINNER = 24  # team, -1 for a draw
O_MOVES = 25
O_DECLARER = 26
O_CONTRACT = 27
O_NOTE = 28  # NOTE_* flags: what the scoring rule did besides adding up
O_WIDTH = 32

NOTE_TIE_LAST, NOTE_CONTRACT_FAILED, NOTE_NAT = 1, 2, 4  # bit flags
NOTE_ALL_TRICKS = 8
