"""A seat's events from a game record: a full record through the engine, a per-seat record
(with ``??``) through a public replay of its moves.

A full record is replayed by the engine (every move checked) and the seat's
:class:`~aceten.game.PlayerView` gives the events. A record written from one seat's view
(``dumps(game, seat=s)``) cannot be replayed as a game; its moves are followed publicly: the
trick winners come from the declared ranks, the draws from the declared drawing order, the
cards drawn from the record's stock (``??`` where the writer did not see them). Whether a play
was legal is then checked by the knowledge itself: a record that no deal can explain is
reported. Lead bonuses (Cruce marriages) are not in such a record, so nothing is inferred from
leads.
"""

from __future__ import annotations

from dataclasses import dataclass

from aceten.cards import Card
from aceten.errors import AcetenError, RecordError
from aceten.game import Game
from aceten.knowledge.history import Event
from aceten.knowledge.knowledge import Knowledge
from aceten.moves import AuctionBid, Bid, CallCard, Exchange, TrumpCall, parse_move
from aceten.record import Record, parse, to_game
from aceten.rules.base import Rules
from aceten.rules.parts import Auction


@dataclass
class Position:
    """A seat's knowledge read from a record, with the full game when the record has one."""

    knowledge: Knowledge
    game: Game | None  # the replayed game (full records only), at the chosen ply
    moves: int  # moves taken into account
    total_moves: int


def knowledge_from_text(text: str, seat: int, after: int | None = None) -> Position:
    """The knowledge of ``seat`` (0-based) after ``after`` moves of the record in ``text``."""
    record = parse(text)
    if record.is_complete:
        game = to_game(record)
        moves = game.moves
        if after is not None:
            _check_after(after, len(moves))
            game = Game(game.rules, seed=game.seed, deal=game.deal)
            for move in moves[:after]:
                game.push(move)
        if not 0 <= seat < game.players:
            raise AcetenError(f"--seat {seat + 1}: seats are 1 to {game.players}")
        kn = Knowledge.from_view(game.view(seat))
        return Position(kn, game, len(game.moves), len(moves))
    rules = record.rules()
    view = record.tags.get("View", "")
    if not 0 <= seat < rules.players:
        raise AcetenError(f"--seat {seat + 1}: seats are 1 to {rules.players}")
    if view and view.strip().upper() != f"P{seat + 1}":
        raise AcetenError(f"the record is written from {view}'s view: only {view}'s knowledge can be "
                          f"read from it, not P{seat + 1}'s")
    events, count = view_events(record, rules, seat, after)
    kn = Knowledge(rules, seat, events, lead_bonus_known=False)
    return Position(kn, None, count if after is None else after, count)


def _check_after(after: int, total: int) -> None:
    if not 0 <= after <= total:
        raise AcetenError(f"--after {after}: the record has {total} moves")


def view_events(record: Record, rules: Rules, seat: int, after: int | None = None) -> tuple[list[Event], int]:
    """The events ``seat`` saw, from a record written from its view; and the number of moves."""
    deal = record.deal(rules)
    if deal is None:
        raise RecordError(f"line {record.first_line}: the record has no [Deal] tag")
    n = rules.players
    events: list[Event] = []
    for s, hand in enumerate(deal.hands):
        if len(hand) != rules.hand_size:
            raise RecordError(f"line {record._line('Deal')}: P{s + 1} has {len(hand)} cards in [Deal], "
                              f"not {rules.hand_size}")
        for card in hand:
            events.append(("deal", s, card))
    stock = list(deal.stock)
    if len(stock) != rules.stock_size:
        raise RecordError(f"line {record._line('Deal')}: the stock in [Deal] has {len(stock)} cards, "
                          f"not {rules.stock_size}")
    face_up: Card | None = None
    if rules.trump_mode == "turned":
        face_up = stock[-1]
        if face_up is None:
            raise RecordError(f"line {record._line('Deal')}: the turned-up card is unknown (??)")
        events.append(("turn", None, face_up))
    trump = rules.options["trump"] if rules.trump_mode == "given" else (face_up.suit if face_up else None)
    leaders = {index: seat_ for _, index, seat_ in record.leaders}
    leader = (rules.options["dealer"] + 1) % n
    to_move = leader
    trick: list[Card] = []
    drawn = 0
    phase = "bid" if rules.has_phases and rules.trump_mode != "given" else "play"
    bids = 0
    moves = record.moves if after is None else record.moves[:after]
    if after is not None:
        _check_after(after, len(record.moves))

    def draw(who: int) -> None:
        nonlocal drawn, face_up
        card = stock[drawn]
        last = drawn == len(stock) - 1
        if last and face_up is not None:
            card = face_up
            face_up = None
        events.append(("draw", who, card if (card is not None and (last or who == seat)) else None))
        drawn += 1

    auction = rules.part(Auction)
    passed: set[int] = set()
    high_bidder: int | None = None
    called: Card | None = None
    for index, (line, token) in enumerate(moves):
        try:
            move = parse_move(token, rules.family, auction=auction is not None)
        except AcetenError as err:
            raise RecordError(f"line {line}: {err}") from None
        if index in leaders and phase == "play" and not trick:
            to_move = leader = leaders[index]
        if isinstance(move, AuctionBid):  # passing is final; the last bidder left calls
            events.append(("auction", to_move, move))
            if move.rank is None:
                passed.add(to_move)
            else:
                high_bidder = to_move
            if len(passed) == n - 1 and high_bidder is not None:
                to_move = high_bidder
            elif len(passed) < n:
                to_move = next((to_move + k) % n for k in range(1, n + 1)
                               if (to_move + k) % n not in passed)
            continue
        if isinstance(move, CallCard):
            events.append(("call-card", to_move, move.card))
            called, trump = move.card, move.card.suit
            if auction is not None and auction.caller_leads:
                leader = to_move
            to_move = leader
            phase = "play"
            continue
        if isinstance(move, Bid):
            events.append(("bid", to_move, move.value))
            bids += 1
            to_move = (to_move + 1) % n
            phase = "play" if bids == n else phase
            continue
        if isinstance(move, TrumpCall):
            events.append(("call", to_move, move.suit))
            if move.suit is not None:
                trump, phase = move.suit, "play"
                to_move = leader
            else:
                to_move = (to_move + 1) % n
            continue
        if isinstance(move, Exchange):
            if face_up is None:
                raise RecordError(f"line {line}: {move}: no card lies face up to exchange")
            events.append(("swap", to_move, move.card))
            face_up = move.card
            continue
        card = move
        if not trick and trump is None and rules.trump_mode == "first-lead":
            trump = card.suit
        events.append(("play", to_move, card))
        if card == called:
            events.append(("reveal", to_move, card))
        trick.append(card)
        who = to_move
        if rules.draw == "after-play" and drawn < len(stock):
            draw(who)
        if len(trick) == n:
            winner = (leader + rules._winner_index(trick, trump)) % n
            trick = []
            leader = to_move = winner
            if rules.draw == "after-trick" and drawn < len(stock):
                for i in range(n):
                    draw((winner + i) % n)
        else:
            to_move = (who + 1) % n
    return events, len(moves)
