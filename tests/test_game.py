"""The Game: push/pop/legal_moves, errors that say why, exact undo, views that hide what a seat
may not see, reproducible seeds and copies."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

import aceten
from aceten import AcetenError, Bid, Card, Exchange, IllegalMove, TrumpCall
from engine_support import check_cards_accounted, fingerprint, game_from, play_out

CONFIGS = [
    ("briscola", 2, None, {}), ("briscola", 3, None, {}), ("briscola", 4, None, {"open_cards": 1}),
    ("brisca", 2, None, {}), ("brisca", 4, None, {"arrastre": True}),
    ("brisca", 2, None, {"draw": "after-play"}),
    ("cruce", 2, None, {}), ("cruce", 3, None, {}), ("cruce", 4, None, {"open_cards": 2}),
    ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {"trump_choice": "free"}),
]  # fmt: skip
IDS = [f"{n}-{p}-{v or ''}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for n, p, v, o in CONFIGS]


def new(config, seed):
    name, players, variant, options = config
    return aceten.new_game(name, players=players, variant=variant, seed=seed, **options)


# -- push, pop, legal moves ------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_pop_restores_the_position_exactly_after_every_move(config):
    g = new(config, 17)
    rng = random.Random(17)
    history = [fingerprint(g)]
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
        history.append(fingerprint(g))
    played = g.moves
    # undo everything, checking each position on the way back
    for expected in reversed(history[:-1]):
        g.pop()
        assert fingerprint(g) == expected
    assert g.moves == []
    # and the same moves replay to the same end
    for move in played:
        g.push(move)
    assert fingerprint(g) == history[-1]


def test_pop_with_no_move_raises():
    g = aceten.new_game("briscola", seed=1)
    with pytest.raises(AcetenError, match="no move to undo"):
        g.pop()


def test_pop_returns_the_move_undone():
    g = aceten.new_game("cruce", players=3, seed=1)
    g.push(Bid(1))
    assert g.pop() == Bid(1)
    hand = g.hand(0)
    g.push(Bid(0))
    g.push(Bid(0))
    g.push(Bid(0))
    first = g.legal_moves()[0]
    g.push(first)
    assert g.pop() == first
    assert g.hand(0) == hand


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_legal_moves_are_exactly_the_moves_push_accepts(config):
    g = new(config, 5)
    rng = random.Random(5)
    while not g.is_over():
        legal = g.legal_moves()
        assert legal, "a legal move always exists until the deal is over"
        assert len(set(legal)) == len(legal)
        if g.phase == "play":
            hand = g.hand(g.to_move)
            for card in hand:
                before = fingerprint(g, views=False)
                if card in legal:
                    assert g.is_legal(card)
                    g.push(card)
                    g.pop()
                else:
                    assert not g.is_legal(card)
                    with pytest.raises(IllegalMove):
                        g.push(card)
                assert fingerprint(g, views=False) == before
        g.push(rng.choice(legal))
    assert g.legal_moves() == []


def test_illegal_move_not_in_hand_names_the_hand():
    g = aceten.new_game("briscola", seed=2)
    hand = g.hand(0)
    other = next(c for c in g.rules.deck if c not in hand)
    with pytest.raises(IllegalMove, match=f"illegal move {other} for P1: not in hand") as info:
        g.push(other)
    for c in hand:
        assert str(c) in str(info.value)


def test_illegal_move_must_follow_lists_the_cards_that_may_be_played():
    r = aceten.rules.get("klaverjas", trump="S")
    g = game_from(r, ["7C 8D 9D TD JD QD KD AD", "8C 7D 7H 8H 9H TH JH QH",
                      "9C KH AH 7S 8S 9S TS JS", "AC TC JC QC KC QS KS AS"])
    g.push("7C")
    with pytest.raises(IllegalMove) as info:
        g.push("7D")
    message = str(info.value)
    assert message.startswith("illegal move 7D for P2: must follow clubs")
    assert "may play 8C" in message


def test_illegal_move_during_bidding_and_after_the_end():
    g = aceten.new_game("cruce", players=3, seed=1)
    card = next(iter(g.hand(0)))
    with pytest.raises(IllegalMove, match="bidding comes first"):
        g.push(card)
    for _ in range(3):
        g.push(Bid(0))
    with pytest.raises(IllegalMove, match="time to play a card"):
        g.push(Bid(1))
    play_out(g, random.Random(1))
    with pytest.raises(IllegalMove, match="the deal is over"):
        g.push(card)
    with pytest.raises(IllegalMove, match="the deal is over"):
        g.push(Bid(1))


def test_illegal_trump_call_in_a_game_without_calls():
    g = aceten.new_game("briscola", seed=1)
    with pytest.raises(IllegalMove):
        g.push(TrumpCall(None))
    with pytest.raises(IllegalMove, match="no exchange"):
        g.push(Exchange(Card.parse("7O")))


@pytest.mark.parametrize("bad", ["ZZ", "", "bid:x", "swap:ZZ", "frobnicate:1"])
def test_malformed_move_text_raises_aceten_error_and_changes_nothing(bad):
    g = aceten.new_game("brisca", seed=1)
    before = fingerprint(g)
    with pytest.raises(AcetenError):
        g.push(bad)
    assert fingerprint(g) == before
    assert not g.is_legal(bad)


@pytest.mark.parametrize("bad", [None, 3.5, object()])
def test_non_moves_are_refused_and_change_nothing(bad):
    g = aceten.new_game("briscola", seed=1)
    before = fingerprint(g)
    with pytest.raises(AcetenError):
        g.push(bad)
    assert fingerprint(g) == before


def test_a_bare_card_code_is_refused_and_changes_nothing():
    g = aceten.new_game("briscola", seed=1)
    code = int(g.legal_moves()[0])
    before = fingerprint(g)
    with pytest.raises(AcetenError):
        g.push(code)  # an int equal to a legal card's code is not a card
    assert fingerprint(g) == before
    assert g.moves == []


def test_a_card_of_another_deck_is_refused_as_such():
    g = aceten.new_game("briscola", seed=1)
    french = Card.parse("AH", aceten.Family.FRENCH)
    with pytest.raises(IllegalMove, match=r"^illegal move AH: AH \(ace of hearts\) is not a card "
                                          r"of the briscola deck$"):
        g.push(french)


def test_illegal_move_is_an_aceten_error_and_a_value_error():
    assert issubclass(IllegalMove, AcetenError)
    assert issubclass(AcetenError, ValueError)


def test_moves_can_be_pushed_as_text():
    g = aceten.new_game("cruce", players=3, seed=1)
    g.push("bid:2")
    g.push("bid:0")
    g.push("bid:0")
    card = g.legal_moves()[0]
    g.push(str(card))
    assert g.moves == [Bid(2), Bid(0), Bid(0), card]


# -- views -----------------------------------------------------------------------------------


def _cards_in(value, out):
    if isinstance(value, Card):
        out.add(value)
    elif isinstance(value, aceten.CardSet):
        out.update(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _cards_in(item, out)
    elif isinstance(value, aceten.Trick):
        _cards_in(value.cards, out)
    elif isinstance(value, Exchange):
        out.add(value.card)
    return out


def _visible_cards(view):
    seen: set[Card] = set()
    for f in dataclasses.fields(view):
        if f.name != "rules":
            _cards_in(getattr(view, f.name), seen)
    return seen


def _check_views(g):
    turned = g.turned_card
    public = {turned} if turned is not None else set()
    public |= {e[2] for e in g.log if e[0] == "swap"}
    for viewer in range(g.players):
        v = g.view(viewer)
        assert v.hand == g.hand(viewer)
        assert v.seat == viewer
        assert v.stock_size == g.stock_size == len(g.stock)
        assert v.trump_card == g.trump_card
        assert v.hand_sizes == tuple(len(g.hand(s)) for s in range(g.players))
        if g.is_over() or viewer != g.to_move:
            assert v.legal_moves == ()
        else:
            assert list(v.legal_moves) == g.legal_moves()
        seen = _visible_cards(v)
        for other in range(g.players):
            if other == viewer:
                continue
            hidden = set(g.hand(other)) - set(v.open_cards[other]) - public
            assert not hidden & seen, f"P{viewer + 1} sees cards of P{other + 1}"
        hidden_stock = set(g.stock) - public
        assert not hidden_stock & seen, f"P{viewer + 1} sees the stock"
        for kind, who, what in v.events:
            if kind == "draw" and who != viewer:  # only the face-up card: turned, or swapped in
                assert what is None or what in public
            if kind == "deal" and who != viewer:
                assert what is None or what in g.deal.hands[who][:g.rules.options["open_cards"]]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_views_show_only_what_the_seat_may_see(config):
    g = new(config, 29)
    rng = random.Random(29)
    _check_views(g)
    while not g.is_over():
        g.push(rng.choice(g.legal_moves()))
        _check_views(g)


def test_view_shows_own_draws_and_the_turned_card_drawn_by_another():
    g = aceten.new_game("briscola", players=2, seed=10)
    turned = g.trump_card
    rng = random.Random(10)
    while g.stock:
        g.push(rng.choice(g.legal_moves()))
    holder = next(s for s in range(2) if turned in g.hand(s))
    other = 1 - holder
    draws_seen_by_other = [e for e in g.view(other).events if e[0] == "draw" and e[1] == holder]
    assert draws_seen_by_other[-1] == ("draw", holder, turned)
    assert all(e[2] is None for e in draws_seen_by_other[:-1])
    own = [e for e in g.view(holder).events if e[0] == "draw" and e[1] == holder]
    assert all(e[2] is not None for e in own)
    assert len(own) == 17


def test_view_of_a_missing_seat_raises():
    g = aceten.new_game("briscola", seed=1)
    with pytest.raises(AcetenError, match="no seat 2"):
        g.view(2)


@pytest.mark.parametrize("method", ["view", "hand", "won_cards", "team_of", "known_partner"])
@pytest.mark.parametrize(("seat", "message"), [
    (4, "no seat 4 in a 4-player game"), (-1, "no seat -1"),
    ("P1", "a seat is a whole number from 0 to 3 (P1 is seat 0), not 'P1'"),
    (True, "not True"), (1.0, "not 1.0"),
])
def test_a_seat_out_of_range_or_of_another_type_is_refused(method, seat, message):
    """The state is one flat row: hand(4) of four seats once read another field, not a hand."""
    g = aceten.new_game("briscola", players=4, seed=1)
    with pytest.raises(AcetenError, match=re.escape(message)):
        getattr(g, method)(seat)


def test_a_seat_may_be_any_integer_type():
    np = pytest.importorskip("numpy")
    g = aceten.new_game("briscola", players=4, seed=1)
    assert g.hand(np.int64(2)) == g.hand(2) and g.view(np.int8(3)).seat == 3


@pytest.mark.parametrize("seed", ["7", 1.5, True, None.__class__])
def test_a_seed_that_is_no_whole_number_is_refused(seed):
    with pytest.raises(AcetenError, match="a seed is a whole number"):
        aceten.new_game("briscola", seed=seed)


@pytest.mark.parametrize("seed", [-1, 2**70])
def test_any_whole_seed_rereads_from_its_record(seed):
    g = aceten.new_game("briscola", seed=seed)
    assert aceten.record.loads(aceten.record.dumps(g)).deal == g.deal


def test_view_has_the_public_history():
    g = aceten.new_game("klaverjas", seed=4, trump="C")
    rng = random.Random(4)
    for _ in range(6):
        g.push(rng.choice(g.legal_moves()))
    v = g.view(3)
    assert v.trick == g.trick
    assert v.tricks == tuple(g.tricks)
    assert v.points == g.points
    assert v.trump == g.trump
    plays = [(e[1], e[2]) for e in v.events if e[0] == "play"]
    assert [c for _, c in plays] == g.moves


# -- seeds and copies ------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_same_seed_same_game(config):
    a = play_out(new(config, 99), random.Random(1))
    b = play_out(new(config, 99), random.Random(1))
    assert a.deal == b.deal
    assert fingerprint(a) == fingerprint(b)
    deals = {new(config, s).deal for s in range(5)}
    assert len(deals) == 5


def test_no_seed_picks_one_and_records_it():
    g = aceten.new_game("briscola")
    assert isinstance(g.seed, int)
    assert aceten.new_game("briscola", seed=g.seed).deal == g.deal


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_copy_is_an_independent_game_in_the_same_position(config):
    g = new(config, 7)
    rng = random.Random(7)
    for _ in range(len(g.rules.deck) // 2):
        if g.is_over():
            break
        g.push(rng.choice(g.legal_moves()))
    c = g.copy()
    assert c is not g
    assert fingerprint(c) == fingerprint(g)
    before = fingerprint(g)
    play_out(c, rng)
    assert fingerprint(g) == before
    while g.moves:
        g.pop()
    assert c.is_over()


def test_deal_checks():
    r = aceten.rules.get("briscola", players=2)
    deck = list(r.deck)
    hands = (tuple(deck[0:3]), tuple(deck[3:6]))
    with pytest.raises(AcetenError, match="lacks"):
        aceten.Game(r, deal=aceten.Deal(hands=hands, stock=tuple(deck[6:-1])))
    with pytest.raises(AcetenError, match="twice"):
        aceten.Game(r, deal=aceten.Deal(hands=(hands[0], hands[0]), stock=tuple(deck[3:])))
    with pytest.raises(AcetenError, match="is dealt 2 cards"):
        aceten.Game(r, deal=aceten.Deal(hands=(hands[0], tuple(deck[3:5])), stock=tuple(deck[5:])))
    with pytest.raises(AcetenError, match="3 hands"):
        aceten.Game(r, deal=aceten.Deal(hands=(*hands, ()), stock=tuple(deck[6:])))
    for other in ("AS 2S", hands):  # were AttributeErrors from deal.hands
        with pytest.raises(AcetenError, match=r"a deal is an aceten\.Deal, not (str|tuple)"):
            aceten.Game(r, deal=other)  # type: ignore[arg-type]


def test_cards_are_accounted_for_in_a_fresh_game_of_every_config():
    for config in CONFIGS:
        check_cards_accounted(new(config, 1))


def test_two_seat_games_free_of_duties_are_duels_that_pickle_and_copy_as_they_are():
    """``Game.__new__`` picks the straight-line ``_Duel`` from the rules alone (tests/test_step.py
    holds its pushes equal to the step); a pickle or a copy is the same class in the same place."""
    import pickle

    from aceten.game import Game, _Duel

    for name, options in (("briscola", {}), ("brisca", {})):
        g = aceten.new_game(name, players=2, seed=4, **options)
        assert type(g) is _Duel and isinstance(g, Game)
        for _ in range(7):  # into the fourth trick, mid-trick
            g.push(random.Random(1).choice(g.legal_moves()))
        for other in (pickle.loads(pickle.dumps(g)), g.copy()):
            assert type(other) is _Duel
            assert other.flat_state() == g.flat_state() and other.log == g.log
            assert other.moves == g.moves and other.tricks == g.tricks
            other.pop()
            assert len(other.moves) == 6
        # Moves as text take Game.push's paths: the same game, state, log and undo.
        cards, text = aceten.new_game(name, players=2, seed=5), aceten.new_game(name, players=2, seed=5)
        while not cards.is_over():
            move = random.Random(len(cards.moves)).choice(cards.legal_moves())
            cards.push(move)
            text.push(str(move))
            assert text.flat_state() == cards.flat_state() and text.log == cards.log
        while cards.moves:
            cards.pop()
            text.pop()
            assert text.flat_state() == cards.flat_state()
    for name, players, options in (("cruce", 2, {}), ("brisca", 2, {"arrastre": True}),
                                   ("briscola", 3, {})):
        assert type(aceten.new_game(name, players=players, seed=4, **options)) is Game


@pytest.mark.parametrize("name", ["briscola", "brisca", "cruce", "klaverjas"])
def test_game_takes_a_games_name_for_its_default_rules(name):
    by_name = aceten.Game(name, seed=5)
    assert type(by_name) is type(aceten.new_game(name, seed=5))
    assert fingerprint(by_name) == fingerprint(aceten.new_game(name, seed=5))


def test_game_of_something_else_says_what_it_takes():
    with pytest.raises(TypeError, match="Rules or a game's name, not int"):
        aceten.Game(3)
    with pytest.raises(AcetenError, match="unknown game 'poker'"):
        aceten.Game("poker")
