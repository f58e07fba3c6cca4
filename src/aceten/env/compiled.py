"""Observations made by a numba kernel: the same vectors as :class:`~aceten.env.ObservationEncoder`, faster.

Why: a step of the Python engine takes 3 to 12 µs, and building a ``PlayerView`` and joining the
vector from it took twice that, so the environments cost 3 to 7 times the engine. Here the
environment keeps a mirror of the deal in the search kernels' state vector
(:mod:`aceten.search.encoding`), moves it on with the kernels' own ``play_move`` after the engine
has accepted each move, and one kernel call writes the observation and the action mask.

What a seat may see is the same as in its view: the kernel reads its own hand, the trick, the
cards no longer in any hand, the stock or the trick (the finished tricks), trump, the face-up
card, the scores and the stock's size; the declarer, contract and bids blocks are taken from the
view-based encoder once, when play starts (they do not change during play), and so are an
auction's bids, passes and called card; the partner a seat knows is read from the mirror (the
holder of the called card knows from the call, everyone once it is played). The tests compare
every observation and mask with ``ObservationEncoder.encode_with_mask(game.view(seat), ...)`` at every step
of deals of every game, player count and variant, and scramble hidden cards.

Used in the play phase only, and only without the ``open`` and ``voids`` blocks; bidding, trump
calls, the auction and those blocks go through the view-based encoder. The kernels are compiled
once (cached with the search kernels, see :mod:`aceten.search.kernel_cache`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

import aceten.search  # noqa: F401 - sets the kernels' cache folder (aceten.rules.lazy_numba)
from aceten.cards import Card
from aceten.env.encoding import ObservationEncoder
from aceten.game import Game
from aceten.rules import lazy_numba
from aceten.rules.layout import (
    R_N,
    R_SIZE,
    R_TRUMP_MODE,
    S_BONUS,
    S_DRAWN,
    S_HAND,
    S_LEADER,
    S_PARTNER,
    S_PHASE,
    S_POINTS,
    S_REVEALED,
    S_SIZE,
    S_SLEN,
    S_STOCK,
    S_TLEN,
    S_TOMOVE,
    S_TRICK,
    S_TRICKS,
    S_TRUMP,
    T_RANK,
)
from aceten.search.encoding import encode_game, encode_rules, move_code

lazy_numba.materialize()  # the step kernels as numba's, before this module's kernels name them

from aceten.rules.jit import (  # noqa: E402
    exchange_cards,
    legal_cards,
    low_bit,
    play_move,
)

# The kernel's rules vector is the search kernels' R followed by the layout: the action of each
# card bit, then the blocks' offsets, the sizes and the divisors of the numbers (one array
# argument fewer per call: each costs some 50 ns).
X_ACTION = R_SIZE  # 64 slots: the action of each card bit (-1: not in the deck)
X_EXCHANGE = X_ACTION + 64  # 16 slots: by the rank of a low trump, the action swapping it
_FIELDS = 17
(X_HAND, X_TRICK, X_LEADER, X_PLAYED, X_TRUMP, X_FACE_UP, X_PHASE, X_POINTS, X_BONUS, X_TRICKS,
 X_STOCK, X_CARDS, X_DECK, X_TOTAL, X_TRICKS_PER_DEAL, X_STOCK_SIZE, X_PARTNER) = range(
    X_EXCHANGE + 16, X_EXCHANGE + 16 + _FIELDS)
X_SIZE = X_EXCHANGE + 16 + _FIELDS
ROWS = 64  # observation vectors and masks made per allocation (CompiledObserver._cut_rows)


@njit(cache=True, _nrt=False)
def observe_into(S, RX, T, seat, obs, mask):
    """Add ``seat``'s observation (as :meth:`ObservationEncoder.encode_with_mask` makes it from the seat's
    view) to ``obs``, which holds zeros and the blocks fixed during play, and write its action
    mask into ``mask``."""
    n = RX[R_N]
    d = RX[X_CARDS]
    mask[:] = 0
    hand = S[S_HAND + seat]
    m = hand
    at = RX[X_HAND]
    while m:
        b = low_bit(m)
        m &= m - 1
        obs[at + RX[X_ACTION + b]] = 1.0
    phase = S[S_PHASE]
    tlen = S[S_TLEN]
    live = 0
    if phase == 0:
        leader = S[S_LEADER]
        for i in range(tlen):
            b = S[S_TRICK + i]
            live |= 1 << b
            obs[RX[X_TRICK] + ((leader + i - seat) % n) * d + RX[X_ACTION + b]] = 1.0
        obs[RX[X_LEADER] + (leader - seat) % n] = 1.0
        obs[RX[X_PHASE] + 1] = 1.0
    for s in range(n):
        live |= S[S_HAND + s]
    drawn, slen = S[S_DRAWN], S[S_SLEN]
    for i in range(drawn, slen):
        live |= 1 << S[S_STOCK + i]
    m = RX[X_DECK] & ~live
    at = RX[X_PLAYED]
    while m:
        b = low_bit(m)
        m &= m - 1
        obs[at + RX[X_ACTION + b]] = 1.0
    if S[S_TRUMP] >= 0:
        obs[RX[X_TRUMP] + S[S_TRUMP]] = 1.0
    if RX[R_TRUMP_MODE] == 0 and drawn < slen:
        obs[RX[X_FACE_UP] + RX[X_ACTION + S[S_STOCK + slen - 1]]] = 1.0
    total, tricks = RX[X_TOTAL], RX[X_TRICKS_PER_DEAL]
    for r in range(n):
        s = (seat + r) % n
        obs[RX[X_POINTS] + r] = S[S_POINTS + s] / total
        obs[RX[X_BONUS] + r] = S[S_BONUS + s] / total
        obs[RX[X_TRICKS] + r] = S[S_TRICKS + s] / tricks
    if RX[X_STOCK_SIZE] > 0:
        obs[RX[X_STOCK]] = (slen - drawn) / RX[X_STOCK_SIZE]
    partner = S[S_PARTNER]
    if RX[X_PARTNER] >= 0 and partner >= 0 and (S[S_REVEALED] == 1 or seat == partner):
        obs[RX[X_PARTNER] + (partner - seat) % n] = 1.0  # the holder knows; everyone once played
    if phase == 0 and seat == S[S_TOMOVE]:
        m = legal_cards(S, hand, RX, T)
        while m:
            b = low_bit(m)
            m &= m - 1
            mask[RX[X_ACTION + b]] = 1
        m = exchange_cards(S, RX, T)
        if m:
            mask[RX[X_EXCHANGE + T[T_RANK + low_bit(m)]]] = 1


@njit(cache=True, _nrt=False)
def advance(S, RX, T, code):
    """Make the move ``code`` (a card bit, or an exchange) in the mirror."""
    play_move(S, code, RX, T)


@njit(cache=True, _nrt=False)
def advance_and_observe(S, RX, T, code, base, obs, mask):
    """:func:`advance`, then :func:`observe_into` for the seat to move next, on ``obs`` filled
    from that seat's row of ``base`` (zeros and the blocks fixed during play); returns that
    seat. One call instead of two: a step of the environment does both."""
    play_move(S, code, RX, T)
    seat = S[S_TOMOVE]
    for i in range(obs.shape[0]):  # (a slice assignment would need numba's runtime)
        obs[i] = base[seat, i]
    observe_into(S, RX, T, seat, obs, mask)
    return seat


def kernel_code(move: Any) -> int:
    """A move as the kernels write it (a card: its bit), the common case first."""
    return move & 63 if type(move) is Card else move_code(move)


class CompiledObserver:
    """The mirror of one environment's deal and the kernel that observes it (see the module doc).

    ``sync(game)`` after any change of the game: it moves the mirror on by the last move when
    that is all that changed, and rebuilds it otherwise; ``live`` says whether the kernel
    observes now (the play phase) or the view-based encoder has to.
    """

    def __init__(self, encoder: ObservationEncoder):
        rules = encoder.rules
        if encoder.has_open or encoder.voids_mode != "off":
            raise ValueError("the compiled observer has no open or voids block")
        self.encoder = encoder
        enc = encode_rules(rules)
        self.T = enc.T
        codec = encoder.codec
        o = {name: block.start for name, block in encoder.blocks.items()}
        RX = np.full(X_SIZE, -1, dtype=np.int64)
        RX[:R_SIZE] = enc.R
        RX[X_ACTION:X_ACTION + 64] = codec.card_index
        for i, rank in enumerate(codec.exchange_ranks):  # exchanges: right after the cards
            RX[X_EXCHANGE + int(rank)] = codec.card_count + i
        for slot, name in ((X_HAND, "hand"), (X_TRICK, "trick"), (X_LEADER, "leader"),
                           (X_PLAYED, "played"), (X_TRUMP, "trump"), (X_FACE_UP, "face_up"),
                           (X_PHASE, "phase"), (X_POINTS, "points"), (X_BONUS, "bonus"),
                           (X_TRICKS, "tricks"), (X_STOCK, "stock")):
            RX[slot] = o[name]
        RX[X_CARDS] = codec.card_count
        RX[X_DECK] = sum(1 << (int(c) & 63) for c in rules.deck)
        RX[X_TOTAL] = rules.total_points
        RX[X_TRICKS_PER_DEAL] = rules.tricks_per_deal
        RX[X_STOCK_SIZE] = rules.stock_size
        RX[X_PARTNER] = o["partner"] if encoder.auction else -1
        self.RX = RX
        n = self._players = rules.players
        self.size, self.actions = encoder.size, codec.size
        # Per seat (a row), the vector the kernel adds to: zeros, and the declarer, contract and
        # bids blocks, with an auction its bids, passes and called card too (fixed once play
        # starts; read from the view-based encoder in games with bids).
        self._zeros = np.zeros((n, self.size), dtype=np.float32)
        self._facts_at = [(o["declarer"], o["points"])]
        if encoder.auction:
            self._facts_at.append((o["auction"], o["partner"]))
        self._copies_facts = encoder._events or encoder.auction  # any block fixed during play
        self.base = self._zeros
        self.S = np.zeros(S_SIZE, dtype=np.int64)
        self.live = False
        self.mark: Any = None  # the game's last log entry that the mirror shows
        self.log_size = 0  # the log's length then
        self.count = 0  # and the number of moves
        self.game: Game | None = None
        # The observation made by pushed(): the log entry it follows, the seat, the arrays.
        self._ready: tuple[Any, int, np.ndarray, np.ndarray] | None = None
        self._template: np.ndarray | None = None
        # The arrays pushed() fills, cut ROWS at a time from one block each (see _cut_rows).
        self._obs_rows: list[np.ndarray] = []
        self._mask_rows: list[np.ndarray] = []
        self._row = ROWS  # (none cut yet)
        self._warm_up()

    def sync(self, game: Game) -> None:
        """Bring the mirror to ``game``'s position: by the last move alone when one move was
        pushed since the last call (the common case), else rebuilt from the game.

        Changes are seen in the game's log, whose entries are new tuples at every push: the
        mirror keeps the last entry it shows (``mark``) and the log's length then
        (``log_size``)."""
        if self._follows(game):
            advance(self.S, self.RX, self.T, kernel_code(game._moves[-1]))
            self._moved(game._log)
        elif not self._shows(game):
            self.reset(game)

    def pushed(self, game: Game, move: Any) -> int:
        """:meth:`sync` after ``move`` was pushed, and the observation of the seat to move next
        made at once (:meth:`observe` hands it out, if it is asked for before anything
        changes); returns that seat.

        Every step of an environment comes here: the arrays are cut from blocks
        (:meth:`_cut_rows`)."""
        if not self._follows(game):
            self.sync(game)
            return game.to_move
        i = self._row
        if i == ROWS:
            self._cut_rows()
            i = 0
        self._row = i + 1
        obs, mask = self._obs_rows[i], self._mask_rows[i]
        seat: int = advance_and_observe(self.S, self.RX, self.T, kernel_code(move), self.base, obs,
                                        mask)
        self._moved(game._log)
        self._ready = (self.mark, seat, obs, mask)
        return seat

    def _cut_rows(self) -> None:
        """ROWS fresh observation vectors and masks for :meth:`pushed`, rows of one new block
        each: two allocations every ROWS steps instead of two a step. Each row is the caller's
        to keep or change (rows do not overlap); a row kept keeps its block's memory."""
        self._obs_rows = list(np.empty((ROWS, self.size), dtype=np.float32))
        self._mask_rows = list(np.empty((ROWS, self.actions), dtype=np.int8))
        self._row = 0

    def _shows(self, game: Game) -> bool:
        """Whether the mirror shows ``game`` as it is."""
        log = game._log
        if log:
            return log[-1] is self.mark
        return self.mark is None and game is self.game

    def _follows(self, game: Game) -> bool:
        """Whether ``game`` is the mirrored position followed by one move."""
        log, size, mark = game._log, self.log_size, self.mark
        return (self.live and game is self.game and len(game._moves) == self.count + 1
                and len(log) > size and (size == 0 or log[size - 1] is mark))

    def _moved(self, log: list[Any]) -> None:
        self.mark, self.log_size, self.count = log[-1], len(log), self.count + 1

    def reset(self, game: Game) -> None:
        """Mirror ``game`` from scratch (a new deal, or any change other than one move)."""
        log = game._log
        self.game = game
        self._ready = None
        self.mark = log[-1] if log else None
        self.log_size = len(log)
        self.count = len(game._moves)
        if game.phase not in ("play", "over"):
            self.live = False
            return
        self.S = self._first(game) if not game._moves else encode_game(game)
        self.base = self._facts(game) if self._copies_facts else self._zeros
        self.live = True

    def _first(self, game: Game) -> np.ndarray:
        """The mirror of a deal before its first move (what ``encode_game`` gives, built from a
        template: only the hands, the stock and trump differ from deal to deal)."""
        template = self._template
        if template is None:
            template = self._template = encode_game(game)
        S = template.copy()
        flat = game.flat_state()
        S[S_HAND:S_HAND + self._players] = flat[S_HAND:S_HAND + self._players]
        S[S_STOCK:S_STOCK + flat[S_SLEN]] = flat[S_STOCK:S_STOCK + flat[S_SLEN]]
        S[S_TRUMP] = flat[S_TRUMP]
        return S

    def _facts(self, game: Game) -> np.ndarray:
        """Per seat, zeros and the blocks of its view fixed during play (see ``_facts_at``)."""
        base = self._zeros.copy()
        for seat in range(self._players):
            made = self.encoder.encode(game.view(seat))
            for start, stop in self._facts_at:
                base[seat, start:stop] = made[start:stop]
        return base

    def observe(self, game: Game, seat: int) -> tuple[np.ndarray, np.ndarray] | None:
        """``seat``'s observation vector and action mask in ``game`` (new arrays, which the
        caller owns), or None outside the play phase (the view-based encoder's turn)."""
        ready = self._ready
        if ready is not None:
            self._ready = None
            log = game._log
            if log and ready[0] is log[-1] and ready[1] == seat:
                return ready[2], ready[3]
        if not self._shows(game):
            self.sync(game)
        if not self.live:
            return None
        obs = self.base[seat].copy()
        mask = np.empty(self.actions, np.int8)
        observe_into(self.S, self.RX, self.T, seat, obs, mask)
        return obs, mask

    def _warm_up(self) -> None:
        """Compile (or load) the kernels for these argument types before the first step."""
        S = np.zeros(S_SIZE, dtype=np.int64)
        S[S_PHASE] = 3  # a finished deal with no cards: nothing to play
        observe_into(S, self.RX, self.T, 0, self._zeros[0].copy(), np.empty(self.actions, np.int8))
        advance(S.copy(), self.RX, self.T, 0)
        advance_and_observe(S.copy(), self.RX, self.T, 0, self._zeros, self._zeros[0].copy(),
                            np.empty(self.actions, np.int8))
