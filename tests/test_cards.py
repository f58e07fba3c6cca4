"""Cards and card sets: every accepted spelling, round trips, clear errors, set semantics."""

from __future__ import annotations

import pytest

import aceten
from aceten import AcetenError, Card, CardSet, Family, Rank, Suit
from aceten.cards import full_deck

LATIN, FRENCH, GERMAN = Family.LATIN, Family.FRENCH, Family.GERMAN


def card(rank: Rank, family: Family, suit_index: int) -> Card:
    return Card(rank, Suit(family, suit_index))


# -- the decks -------------------------------------------------------------------------------


def test_latin_deck_has_40_cards_a_to_7_and_fante_cavallo_re():
    deck = full_deck(LATIN)
    assert len(deck) == len(set(deck)) == 40
    ranks = {c.rank for c in deck}
    assert ranks == {Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                     Rank.JACK, Rank.HORSE, Rank.KING}
    assert {c.suit.letter for c in deck} == {"S", "C", "O", "B"}


def test_french_deck_has_32_cards_seven_to_ace():
    deck = full_deck(FRENCH)
    assert len(deck) == len(set(deck)) == 32
    assert {c.rank.letter for c in deck} == set("789TJQKA")
    assert {c.suit.letter for c in deck} == set("CDHS")


def test_german_deck_has_24_cards_nine_to_ace_in_romanian_suits():
    deck = full_deck(GERMAN)
    assert len(deck) == len(set(deck)) == 24
    assert {c.rank.letter for c in deck} == set("9JQKTA")
    assert {c.suit.name for c in deck} == {"roșu", "verde", "ghindă", "dubă"}


# -- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["AS", "as", "As", "aS", " AS ", "ace of swords", "Ace of Swords",
                                  "asso di spade", "as de espadas", "A spade", "A-S"])
def test_parse_ace_of_swords_in_every_spelling(text):
    c = Card.parse(text)
    assert c.family is LATIN
    assert c.rank is Rank.ACE
    assert c.suit == Suit.parse("swords", LATIN)
    assert str(c) == "AS"


@pytest.mark.parametrize(("text", "expected"), [
    ("3O", "3O"), ("3D", "3O"), ("3d", "3O"), ("tre di denari", "3O"), ("tres de oros", "3O"),
    ("7B", "7B"), ("sette di bastoni", "7B"), ("siete de bastos", "7B"),
    ("HC", "HC"), ("cavallo di coppe", "HC"), ("caballo de copas", "HC"), ("horse of cups", "HC"),
    ("JS", "JS"), ("fante di spade", "JS"), ("sota de espadas", "JS"),
    ("KO", "KO"), ("re di denari", "KO"), ("rey de oros", "KO"), ("king of coins", "KO"),
    ("2C", "2C"), ("due di coppe", "2C"), ("dos de copas", "2C"),
])
def test_parse_latin_names_in_italian_spanish_and_english(text, expected):
    c = Card.parse(text, LATIN)
    assert str(c) == expected
    assert c.family is LATIN


def test_parse_d_is_coins_in_the_latin_deck():
    assert Card.parse("AD") == Card.parse("AO") == card(Rank.ACE, LATIN, Suit.parse("coins", LATIN).index)
    assert Card.parse("5D", LATIN) == Card.parse("5O", LATIN)


@pytest.mark.parametrize("text", ["10♥", "T♥", "th", "TH", "10H", "10 of hearts", "ten of hearts",
                                  "T♡", "10 harten"])
def test_parse_french_ten_of_hearts(text):
    c = Card.parse(text, FRENCH)
    assert c.family is FRENCH
    assert c.rank is Rank.TEN
    assert c.suit == Suit.parse("hearts", FRENCH)
    assert str(c) == "TH"


@pytest.mark.parametrize(("text", "expected"), [
    ("tien van harten", "TH"), ("harten tien", "TH"), ("Harten Aas", "AH"), ("aas van harten", "AH"),
    ("klaveren boer", "JC"), ("boer van klaveren", "JC"), ("schoppen vrouw", "QS"),
    ("ruiten heer", "KD"), ("ruiten negen", "9D"), ("acht van klaveren", "8C"),
    ("schoppen zeven", "7S"), ("hart 10", "TH"), ("harten-aas", "AH"), ("klaver A", "AC"),
])
def test_parse_dutch_names_rank_first_with_van_or_suit_first(text, expected):
    for family in (FRENCH, None):  # no other deck has these suits
        c = Card.parse(text, family)
        assert c.family is FRENCH
        assert str(c) == expected


@pytest.mark.parametrize("text", ["harten harten", "aas aas", "harten", "tien", "harten van aas",
                                  "spade aas", "harten elf"])
def test_dutch_names_stay_strict(text):
    with pytest.raises(AcetenError, match="malformed card"):
        Card.parse(text, FRENCH)


def test_suit_first_is_only_for_the_dutch_suit_names():
    # the other languages write the rank first; a suit name first is no card
    for text in ("spade asso", "espadas as", "hearts ace", "rosu as"):
        with pytest.raises(AcetenError, match="unknown rank"):
            Card.parse(text)


def test_parse_symbol_cards_without_family_pick_the_french_deck():
    assert Card.parse("A♠") == Card.parse("AS", FRENCH)
    assert Card.parse("10♥") == Card.parse("TH", FRENCH)
    assert Card.parse("T♥") == Card.parse("TH", FRENCH)
    assert Card.parse("Q♦") == Card.parse("QD", FRENCH)
    assert Card.parse("K♣") == Card.parse("KC", FRENCH)


def test_parse_without_family_prefers_latin_then_french_then_german():
    assert Card.parse("AS").family is LATIN  # the ace of swords
    assert Card.parse("TH").family is FRENCH  # no ten in the Latin deck
    assert Card.parse("QC").family is FRENCH  # no queen in the Latin deck
    assert Card.parse("9V").family is GERMAN  # only the German deck has a suit V


@pytest.mark.parametrize(("text", "rank", "suit"), [
    ("AR", Rank.ACE, "roșu"), ("A roșu", Rank.ACE, "roșu"), ("A roşu", Rank.ACE, "roșu"),
    ("a rosu", Rank.ACE, "roșu"), ("as de roșu", Rank.ACE, "roșu"),
    ("TV", Rank.TEN, "verde"), ("10 verde", Rank.TEN, "verde"), ("ten of verde", Rank.TEN, "verde"),
    ("KG", Rank.KING, "ghindă"), ("K ghindă", Rank.KING, "ghindă"), ("K ghinda", Rank.KING, "ghindă"),
    ("rege de ghindă", Rank.KING, "ghindă"),
    ("QD", Rank.QUEEN, "dubă"), ("Q dubă", Rank.QUEEN, "dubă"), ("Q duba", Rank.QUEEN, "dubă"),
    ("9 DUBĂ", Rank.NINE, "dubă"), ("JD", Rank.JACK, "dubă"),
])
def test_parse_german_cards_with_romanian_suit_names_with_and_without_diacritics(text, rank, suit):
    c = Card.parse(text, GERMAN)
    assert c.family is GERMAN
    assert c.rank is rank
    assert c.suit.name == suit


@pytest.mark.parametrize("family", list(Family))
def test_str_round_trips_for_every_card_of_every_deck(family):
    deck = full_deck(family)
    texts = [str(c) for c in deck]
    assert len(set(texts)) == len(deck)
    for c in deck:
        text = str(c)
        assert len(text) == 2
        assert Card.parse(text, family) == c
        assert Card.parse(text.lower(), family) == c
        assert Card.parse(c.name, family) == c
        assert Card.parse(c.symbol, family) == c


def test_latin_cards_round_trip_without_a_family():
    for c in full_deck(LATIN):
        assert Card.parse(str(c)) == c


def test_card_code_round_trip():
    for family in Family:
        for c in full_deck(family):
            assert Card.from_code(int(c)) is c
    with pytest.raises(AcetenError, match="no card"):
        Card.from_code(10_000)


@pytest.mark.parametrize(("text", "why"), [
    ("ZZ", "rank"),
    ("", "rank then suit"),
    ("   ", "rank then suit"),
    ("1S", "rank"),
    ("AX", "no such card"),
    ("A", "rank then suit"),
    ("10", "no such card"),
    ("ace of nothing", "no such card"),
])
def test_malformed_cards_raise_a_clear_aceten_error(text, why):
    with pytest.raises(AcetenError, match="malformed card") as info:
        Card.parse(text)
    message = str(info.value)
    assert repr(text.strip()) in message
    assert why in message
    assert "\n" not in message


def test_a_card_of_another_deck_is_refused_when_the_family_is_given():
    with pytest.raises(AcetenError, match="no such card in the latin deck"):
        Card.parse("TH", LATIN)  # no tens in the Latin deck
    with pytest.raises(AcetenError, match="french"):
        Card.parse("HS", FRENCH)  # no horse in the French deck
    with pytest.raises(AcetenError, match="german"):
        Card.parse("7R", GERMAN)  # Cruce has no sevens


def test_aceten_error_is_a_value_error():
    with pytest.raises(ValueError):
        Card.parse("ZZ")


def test_parse_rejects_non_strings():
    with pytest.raises(AcetenError):
        Card.parse(5)  # type: ignore[arg-type]


# -- suits -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "family", "letter"), [
    ("spade", LATIN, "S"), ("espadas", LATIN, "S"), ("coppe", LATIN, "C"), ("copas", LATIN, "C"),
    ("denari", LATIN, "O"), ("oros", LATIN, "O"), ("D", LATIN, "O"), ("bastoni", LATIN, "B"),
    ("bastos", LATIN, "B"), ("♠", FRENCH, "S"), ("♥", FRENCH, "H"), ("♦", FRENCH, "D"),
    ("♣", FRENCH, "C"), ("klaveren", FRENCH, "C"), ("roșu", GERMAN, "R"), ("Ghindă", GERMAN, "G"),
    ("dubă", GERMAN, "D"), ("verde", GERMAN, "V"),
])
def test_suit_parse(text, family, letter):
    assert Suit.parse(text, family).letter == letter


def test_unknown_suit_raises():
    with pytest.raises(AcetenError, match="unknown suit"):
        Suit.parse("stars")


# -- card sets -------------------------------------------------------------------------------


def test_cardset_contains_cards_and_card_strings():
    hand = CardSet.parse("AS 3O KB")
    assert Card.parse("AS") in hand
    assert "3O" in hand
    assert "3D" in hand  # D is coins
    assert "2S" not in hand
    assert Card.parse("AS", FRENCH) not in hand  # same letters, another deck
    assert 1 not in hand  # a bare int is not a card, even if it is a card's code


def test_cardset_len_and_bool():
    assert len(CardSet.parse("AS 3O KB")) == 3
    assert len(CardSet.parse("AS AS 3O")) == 2  # a set: duplicates count once
    assert not CardSet([], LATIN)
    assert len(CardSet([], LATIN)) == 0
    assert CardSet.parse("7C")


def test_cardset_iteration_order_is_stable_whatever_the_input_order():
    texts = ["KH", "7C", "AH", "TD", "9S", "QC", "JH", "8D"]
    a = CardSet.parse(" ".join(texts), FRENCH)
    b = CardSet.parse(" ".join(reversed(texts)), FRENCH)
    assert list(a) == list(b) == list(a)
    assert sorted(map(str, a)) == sorted(texts)
    assert str(a) == str(b)
    # groups by suit
    suits = [c.suit for c in a]
    for i in range(1, len(suits)):
        if suits[i] != suits[i - 1]:
            assert suits[i] not in suits[:i]


def test_cardset_set_operations():
    a = CardSet.parse("AS 2S 3S KO")
    b = CardSet.parse("3S KO 7B")
    assert set(a | b) == {Card.parse(t) for t in ["AS", "2S", "3S", "KO", "7B"]}
    assert set(a & b) == {Card.parse("3S"), Card.parse("KO")}
    assert set(a - b) == {Card.parse("AS"), Card.parse("2S")}
    assert set(b - a) == {Card.parse("7B")}
    assert a | b == b | a
    assert (a - b) | (a & b) == a
    assert len(a | b) == len(a) + len(b) - len(a & b)
    assert a == CardSet.parse("KO 3S 2S AS")
    assert hash(a) == hash(CardSet.parse("KO 3S 2S AS"))
    assert a != b


def test_cardset_is_immutable_under_operations():
    a = CardSet.parse("AS 2S")
    b = CardSet.parse("2S")
    _ = a | b, a & b, a - b
    assert set(a) == {Card.parse("AS"), Card.parse("2S")}
    assert set(b) == {Card.parse("2S")}


def test_cardset_of_suit():
    hand = CardSet.parse("AS 2S 3O KB", LATIN)
    assert set(hand.of_suit(Suit.parse("S", LATIN))) == {Card.parse("AS"), Card.parse("2S")}
    assert not hand.of_suit(Suit.parse("C", LATIN))


def test_cardset_operations_never_mix_decks():
    latin = CardSet.parse("AS 3O")
    french = CardSet.parse("AH AS", FRENCH)  # AH shares its bit position with the Latin AO
    with pytest.raises(AcetenError, match="one deck"):
        latin | french
    assert not latin & french
    assert latin - french == latin
    # an empty set fits any deck
    assert CardSet([], LATIN) | french == french
    assert french | CardSet([]) == french
    assert (CardSet([]) | french).family is FRENCH


def test_cardset_operations_with_other_types_raise_type_error():
    with pytest.raises(TypeError):
        CardSet.parse("AS") | 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        CardSet.parse("AS") - {Card.parse("AS")}  # type: ignore[operator]


def test_cardset_refuses_mixed_decks():
    with pytest.raises(AcetenError, match="not of the"):
        CardSet([Card.parse("AS"), Card.parse("TH")])


def test_cardset_str_reparses():
    for family in Family:
        full = CardSet(full_deck(family), family)
        assert len(full) == len(full_deck(family))
        assert CardSet.parse(str(full), family) == full


def test_cards_and_suits_pickle_to_the_same_shared_objects():
    import pickle

    from aceten.cards import Family, full_deck

    for family in Family:
        for card in full_deck(family):
            again = pickle.loads(pickle.dumps(card))
            assert again is card
            assert pickle.loads(pickle.dumps(card.suit)) is card.suit


def test_every_suit_is_true_even_the_one_coded_zero():
    from aceten.cards import Family, Suit

    assert int(Suit(Family.LATIN, 0)) == 0
    assert all(Suit(family, i) for family in Family for i in range(4))


def test_parsers_refuse_what_is_no_text_or_no_family():
    """These were AttributeErrors (.strip, .replace) and KeyErrors from the tables."""
    from aceten import AcetenError, Card, CardSet, Family, Suit

    game = aceten.new_game("briscola", seed=1)
    for call in (lambda: game.parse_move(None), lambda: game.parse_move(3),
                 lambda: CardSet.parse(None), lambda: CardSet.parse(["AS"]), lambda: Suit.parse(None),
                 lambda: Card.parse("AS", "latin"), lambda: Card.parse("AS", 5),
                 lambda: Suit.parse("S", "x"), lambda: CardSet.parse("AS", 7)):
        with pytest.raises(AcetenError):
            call()
    assert Card.parse("AS", Family.LATIN) == Card.parse("AS", 0) == Card.parse("AS")
    assert str(game.parse_move("5S")) == "5S"
