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
R_TEAM = 1  # 6 slots: team of each seat (the teams a deal starts with)
R_NTEAMS = 7
R_DRAW = 8  # DRAW_*
R_TRUMP_MODE = 9  # TRUMP_*
R_GIVEN_TRUMP = 10  # suit index for TRUMP_GIVEN
R_WHEN = 11  # obligations apply 0 always, 1 once the stock is empty
R_OB_N = 12  # number of obligation parts (up to 3)
R_OB_KIND = 13  # 3 slots: OB_*
R_OB_A = 16  # 3 slots: follow: beat 0 never 1 trump-led 2 always; trumping: overtrump 0/1
R_OB_B = 19  # 3 slots: trumping: undertrump 0 must, 1 free, 2 only-trumps
R_PARTNER = 22  # 1 when "partner winning" can hold (two teams of 2 or 3, seated alternately)
R_LAST_BONUS = 23
R_TRICKS = 24  # tricks per deal
R_MARRIAGE = 25  # 1: leading K or Q while holding its mate scores (the lead bonus)
R_ROEM = 26  # 1: the trick's cards score a bonus for its winner (sequences, four of a kind)
R_EXCHANGE = 27  # 1: a low trump may be swapped for the face-up trump card
R_EXCH_TRICK = 28  # only a player who has won a trick may exchange
R_HAND = 29  # hand size
R_STOCK = 30  # stock size
R_DEALER = 31
R_STACKED = 32
R_DECK_N = 33
R_PHASE = 34  # PHASE_* a deal starts in
R_CALL_FREE = 35  # trump call: each may pass, the first caller is forced when all pass
R_SCORING = 36  # SCORE_*
R_TIE_LAST = 37  # a tie on the score goes to the side that won the last trick
R_TOTAL = 38  # card points of the deck with the last-trick bonus (a side beaten takes these)
R_MERGE = 39  # search: equivalent cards may be merged: 0 no, 1 yes, 2 those roem ignores
R_MARRIAGE_PLAIN = 40  # a marriage's value in a plain suit
R_MARRIAGE_TRUMP = 41  # and in trumps
R_RUN3 = 42  # roem: three cards in sequence in one suit
R_RUN4 = 43  # four (or more) in sequence
R_STUK = 44  # king and queen of trumps in one trick
R_UNIT = 45  # scoring: card points per game point (and per bid unit)
R_ALL_TRICKS = 46  # scoring: bonus for the side that took every trick
R_MAX_BID = 47  # bidding: the highest bid
R_FIRST_DECLARER = 48  # 1: with no trump call (trump given), the first leader is the declarer
R_AUCTION_RANKS = 49  # auction: the ranks that may be bid (levels 1..this; 0: no auction)
R_AUCTION_MIN = 50  # auction: the target of a rank bid (points to make), the lowest point bid is one more
R_AUCTION_MAX = 51  # auction: the highest point target
R_AUCTION_LOW = 52  # auction: the rank point bids name (the lowest rank)
R_CALLER_LEADS = 53  # auction: 1 the auction's winner leads the first trick, 0 the seat after the dealer
R_HIDDEN = 54  # hidden team: 1 the teams are the caller and the holder of the called card v the rest
R_SHEET_CALLER = 55  # score sheet: what the caller wins or loses
R_SHEET_PARTNER = 56  # score sheet: the partner
R_SHEET_DEFENDER = 57  # score sheet: each defender
R_SHEET_ALONE = 58  # score sheet: a caller who called his own card
R_CAPPOTTO = 59  # score sheet: 1 a side taking every trick scores double
R_CALLABLE = 60  # hidden team: the cards (bits) the auction's winner may call: the deck's
R_SIZE = 61

# Values of the coded R entries.
DRAW_NONE, DRAW_AFTER_TRICK, DRAW_AFTER_PLAY = 0, 1, 2
TRUMP_TURNED, TRUMP_GIVEN, TRUMP_FIRST_LEAD, TRUMP_CALLED = 0, 1, 2, 3
OB_FOLLOW, OB_PARTNER, OB_TRUMPING = 1, 2, 3
PHASE_PLAY, PHASE_BID, PHASE_CALL, PHASE_OVER = 0, 1, 2, 3
PHASE_AUCTION, PHASE_CALL_CARD = 4, 5  # an auction of ranks and targets, then the card called
SCORE_POINTS, SCORE_TRICKS, SCORE_UNITS, SCORE_PLAYING_SIDE = 0, 1, 2, 3
SCORE_TARGET = 4  # the declarer's side must reach the contract's target; a per-seat score sheet

SEATS = 6  # the most players a game may have: the per-seat slots of R, S and the results

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
T_BID_LEVEL = 832  # indexed by rank: the auction level of a bid of that rank (0: not biddable)
T_LEVEL_RANK = 848  # indexed by level (1..): the rank a bid of that level names
T_SIZE = 896

# -- the state vector S ------------------------------------------------------------------------
S_HAND = 0  # 6 slots
S_TRICK = 6  # 6 slots: the trick's cards in play order
S_TLEN = 12
S_LEADER = 13
S_TOMOVE = 14
S_TRUMP = 15  # suit index, -1 while unknown
S_DRAWN = 16
S_SLEN = 17  # stock length (the face-up card is S_STOCK + SLEN - 1)
S_TRICKNO = 18  # finished tricks
S_WON = 19  # seats (bit flags) that have won a trick
S_REMAIN = 20  # card points not yet won (hands, stock, trick)
S_POINTS = 21  # 6 slots: card points won per seat
S_BONUS = 27  # 6 slots: marriages / roem per seat
S_TRICKS = 33  # 6 slots: tricks won per seat
S_LASTWIN = 39  # winner of the last finished trick
S_PHASE = 40  # PHASE_*
S_BOUND = 41  # the search's bound on the future at the start of the trick (-1: unknown)
S_FLOOR = 42  # and what the maximising side is sure to get
S_REVEALED = 43  # hidden team: 1 once the called card has been played
S_SAVE = 44  # the prefix saved and restored around a move in the search: everything a play
# may change (the fields below are set by the deal, the auction and the call, or by the search
# before it starts, and no play changes them; the face-up stock card is saved on its own)
S_MAXTEAM = 44  # the side the search maximises
S_OBJ = 45  # 0 card points and bonuses, 1 tricks
S_COOP = 46  # 1: every seat plays for the maximising side
S_DECLARER = 47  # -1 none
S_CONTRACT = 48
S_NBIDS = 49  # bids or trump calls made
S_HIGHBID = 50  # the highest bid so far (0: none); in an auction, its level
S_TEAM = 51  # 6 slots: the team of each seat in this deal (R_TEAM at the deal; a hidden team's call sets it)
S_PASSED = 57  # auction: seats (bit flags) that have passed
S_CALLED = 58  # hidden team: the called card's bit, -1 before the call
S_PARTNER = 59  # hidden team: the seat holding the called card (the caller when alone), -1 before the call
S_STOCK = 60  # up to 40 stock cards in drawing order
S_DRAWER = 100  # up to 40: the seat that drew each stock card
S_SIZE = 140

# -- moves as codes ----------------------------------------------------------------------------
MOVE_EXCHANGE = 64  # 64 + bit: swap that card (the low trump) for the face-up card
MOVE_BID = 128  # 128 + value
MOVE_CALL = 192  # 192 + suit; 196 passes
PASS_CALL = 4
MOVE_AUCTION = 256  # 256 + rank + 16 * target: an auction bid (target 0: a rank bid); 256 passes
MOVE_CALL_CARD = 4096  # 4096 + bit: the auction's winner calls that card

# -- deal results: one row per deal (the scoring step's output) --------------------------------
O_POINTS = 0  # 6 slots
O_TRICKS = 6  # 6 slots
O_BONUS = 12  # 6 slots
O_TEAM_POINTS = 18  # 6 slots
O_TEAM_TRICKS = 24  # 6 slots
O_SCORES = 30  # 6 slots
O_WINNER = 36  # team, -1 for a draw
O_MOVES = 37
O_DECLARER = 38
O_CONTRACT = 39
O_NOTE = 40  # NOTE_* flags: what the scoring rule did besides adding up
O_SEAT_SCORES = 41  # 6 slots: a per-seat score sheet (SCORE_TARGET), else 0
O_PARTNER = 47  # hidden team: the declarer's partner (-1 none)
O_WIDTH = 49

NOTE_TIE_LAST, NOTE_CONTRACT_FAILED, NOTE_NAT = 1, 2, 4  # bit flags
NOTE_ALL_TRICKS = 8
NOTE_ALONE, NOTE_THROWN_IN = 16, 32
