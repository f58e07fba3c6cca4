"""The .tgn game record: every record written re-reads to the same game, a seat's record shows
only what that seat saw, reading is lenient about form and strict about the game (errors name
the line), and saving is atomic."""

from __future__ import annotations

import os
import random
import re
import stat

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aceten
from aceten import AcetenError, Exchange, Game, RecordError, record
from engine_support import RULE_CONFIGS as CONFIGS
from engine_support import STACKED, fingerprint, game_from

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
configs = st.sampled_from(CONFIGS)
seeds = st.integers(0, 2**32 - 1)
FRENCH_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def config_id(config) -> str:
    name, players, variant, options = config
    opts = ",".join(f"{k}={v}" for k, v in options.items() if k != "deck")
    return f"{name}-{players}{'-' + variant if variant else ''}{'-' + opts if opts else ''}"


def new(config, seed: int) -> Game:
    name, players, variant, options = config
    return aceten.new_game(name, players=players, variant=variant, seed=seed, **options)


def play(game: Game, rng: random.Random, moves: int | None = None) -> Game:
    """Random moves (an exchange whenever one is possible, half the time) to the end or for
    ``moves`` moves."""
    count = 0
    while not game.is_over() and (moves is None or count < moves):
        legal = game.legal_moves()
        swaps = [m for m in legal if isinstance(m, Exchange)]
        game.push(swaps[0] if swaps and rng.random() < 0.5 else rng.choice(legal))
        count += 1
    return game


def played(config, seed: int, moves: int | None = None) -> Game:
    return play(new(config, seed), random.Random(seed), moves)


def assert_same_game(a: Game, b: Game) -> None:
    assert b.deal == a.deal
    assert b.moves == a.moves
    assert b.rules.deck == a.rules.deck
    assert {**b.rules.options, "deck": None} == {**a.rules.options, "deck": None}
    assert b.outcome() == a.outcome()
    assert fingerprint(b, views=False) == fingerprint(a, views=False)


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` holding ``needle``."""
    for number, line in enumerate(text.split("\n"), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in the record")


def numbered_line(text: str, number: int) -> int:
    """The line number of the move line numbered ``number.``."""
    for index, line in enumerate(text.split("\n"), start=1):
        if line.startswith(f"{number}. "):
            return index
    raise AssertionError(f"no line {number}. in the record")


def tag_value(text: str, tag: str) -> str:
    match = re.search(rf'^\[{tag} "(.*)"\]$', text, re.M)
    assert match, f"no [{tag}] tag"
    return match.group(1)


def raises_on_line(text: str, line: int, *fragments: str) -> str:
    with pytest.raises(RecordError) as info:
        record.loads(text)
    message = str(info.value)
    assert f"line {line}:" in message, message
    for fragment in fragments:
        assert fragment in message, message
    return message


# -- round trip -------------------------------------------------------------------------------
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_finished_game_round_trips_byte_for_byte(config):
    game = played(config, seed=11)
    text = record.dumps(game)
    again = record.loads(text)
    assert_same_game(game, again)
    assert record.dumps(again) == text
    assert tag_value(text, "Result") == game.outcome().result


@FAST
@given(config=configs, seed=seeds, cut=st.integers(0, 45))
def test_unfinished_game_round_trips_at_any_point(config, seed, cut):
    game = played(config, seed, moves=cut)
    text = record.dumps(game)
    again = record.loads(text)
    assert_same_game(game, again)
    assert record.dumps(again) == text
    if not game.is_over():
        assert tag_value(text, "Result") == "*"
        assert again.legal_moves() == game.legal_moves()


def test_game_dealt_by_hand_round_trips_without_a_seed():
    rules = aceten.rules.get("briscola", players=2)
    deck = list(rules.deck)
    random.Random(3).shuffle(deck)
    game = Game(rules, deal=aceten.Deal((tuple(deck[:3]), tuple(deck[3:6])), tuple(deck[6:])))
    play(game, random.Random(3))
    text = record.dumps(game)
    assert "[Seed" not in text
    again = record.loads(text)
    assert again.seed is None
    assert_same_game(game, again)
    assert record.dumps(again) == text


def test_fresh_game_writes_tags_only_and_round_trips():
    game = aceten.new_game("klaverjas", seed=4)
    text = record.dumps(game)
    assert text.endswith('[Result "*"]\n')
    assert_same_game(game, record.loads(text))


@pytest.mark.parametrize("name,options,moves,note", [
    ("cruce", {}, ["bid:2"], "{bidding}"),
    ("klaverjas", {"trump_choice": "free"}, ["pass"], "{calling trump}"),
])
def test_record_written_during_the_bidding_says_so(name, options, moves, note):
    game = aceten.new_game(name, players=4, seed=2, **options)
    for move in moves:
        game.push(move)
    text = record.dumps(game)
    assert f"0. {' '.join(moves)} {note}" in text
    assert_same_game(game, record.loads(text))


def test_bids_line_names_the_declarer_once_bidding_is_over():
    game = aceten.new_game("cruce", players=3, seed=2)
    for move in ("bid:0", "bid:2", "bid:3"):
        game.push(move)
    assert "0. bid:0 bid:2 bid:3 {P3 bids 3}" in record.dumps(game)


def test_trick_comment_shows_a_marriage_and_who_scored_it():
    rules = aceten.rules.get("cruce", players=3, bidding=False)
    game = game_from(rules, ["KR QR 9V JV QV KV TV AV", "9R JR TR AR 9G JG QG KG",
                             "TG AG 9D JD QD KD TD AD"])
    game.push("KR")
    partial = record.dumps(game)
    assert "1. P1: KR {P1 marriage in roșu: 40}" in partial
    game.push("AR")
    game.push("TG")
    text = record.dumps(game)
    assert "1. P1: KR AR TG {P2 takes 25; P1 marriage in roșu: 40}" in text
    assert_same_game(game, record.loads(text))
    assert_same_game(game, record.loads(partial + "AR TG\n"))


def test_trick_comment_shows_roem():
    rules = aceten.rules.get("klaverjas", trump="H")
    game = game_from(rules, ["7H 8C 9C TC JC QC KC AC", "8H 8D 9D TD JD QD KD AD",
                             "9H 7D 7C TH JH QH KH AH", "7S 8S 9S TS JS QS KS AS"])
    for card in ("7H", "8H", "9H", "7S"):
        game.push(card)
    text = record.dumps(game)
    assert "1. P1: 7H 8H 9H 7S {P3 takes 14; roem: three in sequence in hearts 20}" in text
    assert_same_game(game, record.loads(text))


# -- one seat's view ----------------------------------------------------------------------------
def expected_deal(game: Game, seat: int) -> str:
    """The deal as ``seat`` saw it, from its view: its hand, the open cards, its own draws and
    the face-up trump; ``??`` for the rest."""
    view = game.view(seat)
    hands: list[list[str]] = [[] for _ in range(game.players)]
    for kind, who, card in view.events:
        if kind == "deal":
            hands[who].append("??" if card is None else str(card))
    stock = ["??"] * len(game.deal.stock)
    turned = [card for kind, _, card in view.events if kind == "turn"]
    if turned:
        stock[-1] = str(turned[0])
    draws = [(who, card) for kind, who, card in view.events if kind == "draw"]
    for index, (who, card) in enumerate(draws):
        if who == seat and not (turned and index == len(stock) - 1):
            assert card == game.deal.stock[index]  # the i-th draw takes the i-th stock card
            stock[index] = str(card)
    return " / ".join([" ".join(hand) for hand in hands] + [" ".join(stock)]).rstrip()


@FAST
@given(config=configs, seed=seeds, cut=st.none() | st.integers(0, 45), data=st.data())
def test_seat_record_shows_only_what_the_seat_saw(config, seed, cut, data):
    game = played(config, seed, moves=cut)
    seat = data.draw(st.integers(0, game.players - 1), label="seat")
    text = record.dumps(game, seat=seat)
    parsed = record.parse(text)
    assert parsed.tags["View"] == f"P{seat + 1}"
    assert parsed.tags["Deal"] == expected_deal(game, seat)
    assert "Seed" not in parsed.tags  # the seed would deal the hidden hands again
    assert [token for _, token in parsed.moves] == [str(m) for m in game.moves]
    assert parsed.tags["Result"] == tag_value(record.dumps(game), "Result")
    assert not parsed.is_complete
    with pytest.raises(RecordError) as info:
        record.loads(text)
    message = str(info.value)
    assert f"line {line_of(text, '[Deal ')}:" in message
    assert "unknown cards" in message and f"P{seat + 1}" in message


def test_seat_record_does_not_reveal_where_an_exchanged_seven_was_drawn():
    # Another seat drew the 7 of trumps from the stock and exchanged it for the face-up card;
    # this seat later drew that 7 as the last card. Where the 7 lay in the stock stays hidden.
    found = 0
    for seed in range(200):
        game = played(("brisca", 2, None, {}), seed)
        draws = [(who, card) for kind, who, card in game.log if kind == "draw"]
        for kind, who, card in game.log:
            if kind != "swap" or card not in game.deal.stock[:-1]:
                continue
            position = game.deal.stock.index(card)
            last_drawer = draws[-1][0]
            if draws[position][0] == who and last_drawer != who:
                stock = record.parse(record.dumps(game, seat=last_drawer)).tags["Deal"]
                stock = stock.split("/")[-1].split()
                assert stock[position] == "??"
                assert stock[-1] == str(game.turned_card)
                found += 1
    assert found >= 3


def test_seat_record_with_nothing_hidden_replays():
    game = played(("klaverjas", 4, "rotterdam", {"open_cards": 8}), seed=5)
    text = record.dumps(game, seat=2)
    assert "??" not in text
    assert record.parse(text).is_complete
    assert_same_game(game, record.loads(text))


def test_seat_record_of_a_game_without_stock_hides_the_other_hands():
    game = played(("cruce", 3, None, {}), seed=8)
    deal = record.parse(record.dumps(game, seat=1)).tags["Deal"].split("/")
    assert deal[0].split() == ["??"] * 8
    assert deal[1].split() == [str(c) for c in game.deal.hands[1]]
    assert deal[2].split() == ["??"] * 8
    assert deal[3].split() == []


def test_deal_with_unknown_cards_written_without_spaces_is_not_complete():
    text = record.dumps(played(("briscola", 2, None, {}), seed=1, moves=0))
    deal = tag_value(text, "Deal")
    first, rest = deal.split(" / ", 1)
    hidden = text.replace(deal, " ".join(first.split()[:-1]) + " ??/" + rest)
    assert "??/" in hidden
    assert not record.parse(hidden).is_complete
    with pytest.raises(RecordError, match="unknown cards"):
        record.loads(hidden)


# -- lenient reading ----------------------------------------------------------------------------

@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_reads_lower_case_cards_tags_and_moves(config):
    game = played(config, seed=21)
    assert_same_game(game, record.loads(record.dumps(game).lower()))


def test_reads_suit_symbols_and_ten_as_10_in_klaverjas():
    game = played(("klaverjas", 4, "amsterdam", {"trump_choice": "free"}), seed=3)
    text = record.dumps(game)

    def symbol(match: re.Match) -> str:
        rank = "10" if match.group(1) == "T" else match.group(1)
        return rank + FRENCH_SYMBOLS[match.group(2)]

    fancy = re.sub(r"\b([7-9TJQKA])([CDHS])\b", symbol, text)
    assert "A♥" in fancy and "10♠" in fancy
    assert_same_game(game, record.loads(fancy))


def test_reads_extra_blank_lines_spaces_and_comments():
    game = played(("brisca", 4, None, {}), seed=6)
    text = record.dumps(game)
    lines = text.split("\n")
    messy = ["; a record kept by hand", "", "{ first a comment }"]
    for line in lines:
        if line.startswith("["):
            name, value = line[1:-1].split(" ", 1)
            messy.append(f"  [ {name}   {value} ]   ; the {name} tag  ")
        else:
            messy.append("   " + line.replace(" ", "   ") + "  { note } ; trailing")
        messy += ["", "   ", "\t"]
    assert_same_game(game, record.loads("\n".join(messy)))


def test_options_are_written_in_the_order_the_game_declares_them():
    # The rules are cached by their options, so the order they were given in must not matter.
    one = aceten.new_game("briscola", seed=6, scoring="tricks", draw="after-play", open_cards=1)
    two = aceten.new_game("briscola", seed=6, open_cards=1, draw="after-play", scoring="tricks")
    assert record.dumps(one) == record.dumps(two)
    assert '[Options "open_cards=1; scoring=tricks; draw=after-play"]' in record.dumps(two)


def test_reads_braces_and_semicolons_inside_a_quoted_tag_value_as_text():
    game = played(("briscola", 2, None, {"scoring": "tricks", "draw": "after-play"}), seed=6)
    text = record.dumps(game)
    assert '[Options "scoring=tricks; draw=after-play"]' in text
    event = '[Event "club night {2} ; table 3"]\n'
    assert_same_game(game, record.loads(event + text))
    assert record.parse(event + text).tags["Event"] == "club night {2} ; table 3"


def test_reads_unquoted_tag_values():
    game = played(("cruce", 2, None, {}), seed=9)
    text = re.sub(r'^\[(\w+) "([^" ]*)"\]$', r"[\1 \2]", record.dumps(game), flags=re.M)
    assert "[Game cruce]" in text
    assert_same_game(game, record.loads(text))


def head_of(text: str) -> str:
    return text.split("\n\n", 1)[0]


@pytest.mark.parametrize("config", [CONFIGS[2], CONFIGS[10], CONFIGS[17], CONFIGS[22]],
                         ids=config_id)
def test_reads_moves_without_numbers_or_seat_markers(config):
    game = played(config, seed=13)
    head = head_of(record.dumps(game))
    moves = [str(m) for m in game.moves]
    one_line = head + "\n\n" + " ".join(moves) + "\n"
    assert_same_game(game, record.loads(one_line))
    per_trick = head + "\n" + "\n".join(" ".join(moves[i:i + 5]) for i in range(0, len(moves), 5))
    assert_same_game(game, record.loads(per_trick))
    commas = head + "\n" + ", ".join(moves)
    assert_same_game(game, record.loads(commas))


def test_reads_numbers_and_seat_markers_written_without_spaces():
    game = played(("briscola", 2, None, {}), seed=2)
    text = record.dumps(game)
    tight = re.sub(r"^(\d+)\. (P\d:) ", r"\1.\2", text, flags=re.M)
    assert re.search(r"^1\.P\d:\w\w ", tight, re.M)
    assert_same_game(game, record.loads(tight))


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_reads_windows_and_old_mac_line_endings(newline):
    game = played(("klaverjas", 4, "rotterdam", {"trump_choice": "free"}), seed=8)
    text = record.dumps(game)
    assert_same_game(game, record.loads(text.replace("\n", newline)))


def test_line_numbers_count_only_real_line_breaks():
    # Form feeds and Unicode line separators inside a comment do not start a new line.
    text = record.dumps(played(("briscola", 2, None, {}), seed=8))
    text = text.replace("takes", "ta\x0cke\u2028s", 1)
    line = numbered_line(text, 3)
    bad = re.sub(r"^(3\. P\d: )\w\w", r"\1ZZ", text, flags=re.M)
    raises_on_line(bad, line, "ZZ")


@pytest.mark.parametrize("config", [CONFIGS[0], CONFIGS[9], CONFIGS[16], CONFIGS[21]],
                         ids=config_id)
def test_record_with_a_seed_and_no_deal_is_dealt_again(config):
    game = played(config, seed=17)
    text = "\n".join(line for line in record.dumps(game).split("\n")
                     if not line.startswith("[Deal "))
    assert "[Deal " not in text and '[Seed "17"]' in text
    assert_same_game(game, record.loads(text))


def test_result_is_compared_without_regard_to_case_or_spacing():
    game = played(("briscola", 4, None, {}), seed=3)
    text = record.dumps(game)
    result = tag_value(text, "Result")
    loose = text.replace(result, "  " + result.upper().replace(" ", "   ") + " ")
    assert_same_game(game, record.loads(loose))


# -- errors name the line -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def briscola_text() -> str:
    return record.dumps(played(("briscola", 2, None, {}), seed=31))


def test_malformed_card_in_the_play_names_its_line(briscola_text):
    line = numbered_line(briscola_text, 3)
    bad = re.sub(r"^(3\. P\d: )\w\w", r"\1ZZ", briscola_text, flags=re.M)
    raises_on_line(bad, line, "malformed card 'ZZ'")


def test_malformed_card_in_the_deal_names_the_deal_line(briscola_text):
    deal = tag_value(briscola_text, "Deal")
    bad = briscola_text.replace(deal, "XQ" + deal[2:])
    raises_on_line(bad, line_of(bad, "[Deal "), "[Deal]", "XQ")


def test_card_not_in_hand_names_its_line_and_the_hand():
    game = played(("briscola", 2, None, {}), seed=31, moves=4)
    card = next(iter(game.hand(1 - game.to_move)))
    text = record.dumps(game) + f"3. {card}\n"
    line = len(text.rstrip("\n").split("\n"))
    raises_on_line(text, line, f"illegal move {card} for P{game.to_move + 1}: not in hand",
                   str(game.hand(game.to_move)))


def first_illegal(config, seed: int) -> tuple[Game, aceten.Card]:
    """A position where the player to move holds a card the rules forbid, and that card."""
    for s in range(seed, seed + 500):
        game = new(config, s)
        rng = random.Random(s)
        while not game.is_over():
            legal = game.legal_moves()
            held = game.hand(game.to_move)
            forbidden = [c for c in held if c not in legal]
            if forbidden and game.phase == "play":
                return game, forbidden[0]
            game.push(rng.choice(legal))
    raise AssertionError("no position with a forbidden card")


@pytest.mark.parametrize("config,reason", [
    (("klaverjas", 4, "rotterdam", {}), "must"),
    (("cruce", 3, None, {}), "must"),
    (("brisca", 2, None, {"arrastre": True}), "must"),
], ids=["klaverjas", "cruce", "brisca-arrastre"])
def test_move_breaking_an_obligation_names_its_line_and_the_rule(config, reason):
    game, card = first_illegal(config, seed=1)
    text = record.dumps(game)
    assert text.endswith("\n")
    bad = text[:-1] + f" {card}\n"
    line = len(text.rstrip("\n").split("\n"))
    message = raises_on_line(bad, line, f"illegal move {card} for P{game.to_move + 1}", reason)
    assert "may play" in message


def test_illegal_bid_and_exchange_name_their_line():
    game = aceten.new_game("cruce", players=3, seed=4)
    game.push("bid:3")
    text = record.dumps(game)
    line = numbered_line(text, 0)
    raises_on_line(text.replace("bid:3", "bid:3 bid:2"), line, "illegal move bid:2 for P2")
    raises_on_line(text.replace("bid:3", "bid:9"), line, "illegal move bid:9 for P1")
    raises_on_line(text.replace("bid:3", "bid:²"), line, "malformed bid")
    brisca = record.dumps(played(("brisca", 2, None, {"exchange": False}), seed=4, moves=1))
    bad = brisca.replace("1. P1: ", "1. P1: swap:7O ")
    raises_on_line(bad, numbered_line(bad, 1), "illegal move swap:7O for P1")


def test_wrong_seat_marker_names_its_line(briscola_text):
    match = re.search(r"^5\. P(\d):", briscola_text, re.M)
    wrong = 3 - int(match.group(1))
    bad = re.sub(r"^5\. P\d:", f"5. P{wrong}:", briscola_text, count=1, flags=re.M)
    raises_on_line(bad, numbered_line(bad, 5), f"says P{wrong} moves here",
                   f"it is P{match.group(1)}'s turn")


def test_seat_marker_after_the_last_move_is_checked_too():
    game = played(("briscola", 2, None, {}), seed=31, moves=6)
    text = record.dumps(game)
    wrong = 2 - game.to_move
    raises_on_line(text + f"4. P{wrong}:\n", len(text.split("\n")), f"says P{wrong} moves here")
    assert_same_game(game, record.loads(text + f"4. P{game.to_move + 1}:\n"))
    finished = record.dumps(played(("briscola", 2, None, {}), seed=31))
    raises_on_line(finished + "21. P1:\n", len(finished.split("\n")), "the deal is over")


def test_wrong_result_names_the_result_line(briscola_text):
    result = tag_value(briscola_text, "Result")
    bad = briscola_text.replace(result, "draw: P1 60 - P2 60")
    raises_on_line(bad, line_of(bad, "[Result "), "[Result] says 'draw: P1 60 - P2 60'", result)
    unfinished = "\n".join(briscola_text.split("\n")[:12]) + "\n"
    raises_on_line(unfinished, line_of(unfinished, "[Result "), "not finished")


def test_wrong_trump_names_the_trump_line(briscola_text):
    turned = tag_value(briscola_text, "Trump")
    other = "AS" if turned != "AS" else "AC"
    bad = briscola_text.replace(f'[Trump "{turned}"]', f'[Trump "{other}"]')
    raises_on_line(bad, line_of(bad, "[Trump "), f"says {other}", f"turns up {turned}")
    bad = briscola_text.replace(f'[Trump "{turned}"]', '[Trump "XX"]')
    raises_on_line(bad, line_of(bad, "[Trump "), "[Trump]", "XX")


@pytest.mark.parametrize("config", [("klaverjas", 4, "rotterdam", {}), ("cruce", 2, None, {})],
                         ids=["klaverjas", "cruce"])
def test_wrong_trump_suit_names_the_trump_line(config):
    game = played(config, seed=5)
    text = record.dumps(game)
    other = next(s for s in ("H", "D", "R", "S", "C", "G") if s != game.trump.letter
                 and s in {c.suit.letter for c in game.rules.deck})
    bad = text.replace(f'[Trump "{game.trump.letter}"]', f'[Trump "{other}"]')
    raises_on_line(bad, line_of(bad, "[Trump "), f"says {other}",
                   f"makes {game.trump.letter} trump")


@pytest.mark.parametrize("config", [CONFIGS[1], CONFIGS[12], CONFIGS[17], CONFIGS[23]],
                         ids=config_id)
def test_truncated_record_is_an_error_or_an_unfinished_game(config):
    game = played(config, seed=41)
    text = record.dumps(game)
    result_end = text.index("]", text.index("[Result")) + 1
    games = 0
    for cut in range(len(text)):
        try:
            partial = record.loads(text[:cut])
        except RecordError:
            continue
        games += 1
        if cut >= result_end:  # the [Result] tag says the deal is finished
            assert_same_game(game, partial)
        else:
            assert not partial.is_over()
            assert partial.moves == game.moves[:len(partial.moves)]
    assert games > 1


@pytest.mark.parametrize("tags,line,fragments", [
    ('[Game "poker"]', 1, ["unknown game 'poker'"]),
    ('[Game "briscola"]\n[Players "5"]', 2, ["2, 3, 4, 6 players, not 5"]),
    ('[Game "klaverjas"]\n[Variant "utrecht"]', 2, ["unknown klaverjas variant 'utrecht'"]),
    ('[Game "briscola"]\n\n[Options "jokers=2"]', 3, ["unknown briscola option 'jokers'"]),
    ('[Game "brisca"]\n[Options "arrastre=maybe"]', 2, ["arrastre", "yes/no"]),
    ('[Game "briscola"]\n[Options "scoring=goals"]\n[Dealer "P2"]', 2, ["scoring"]),
    ('[Game "briscola"]\n[Options "scoring=tricks"]\n[Dealer "P7"]', 3, ["dealer"]),
    ('[Game "briscola"]\n[Seed "1"]\n[Options "dealer=P²"]', 3, ["option dealer", "P²"]),
    ('[Game "briscola"]\n[Options "players=3"]', 2, ["players is not an option", "[Players]"]),
    ('[Game "briscola"]\n[Options "name=x"]', 2, ["[Game]"]),
    ('[Game "briscola"]\n[Options "draw"]', 2, ["expected key=value"]),
    ('[Game "briscola"]\n[Options "tie=draw; tie=last-trick"]', 2, ["tie given twice"]),
    ('[Game "briscola"]\n[Dealer "North"]', 2, ["expected a seat like P1"]),
    ('[Game "briscola"]\n[Seed "lucky"]', 2, ["[Seed] is not a number"]),
    ('[Game "briscola"]\n[Variant "standard"]', 1, ["neither [Deal] nor [Seed]"]),
    ('[Players "2"]\n[Seed "3"]', 1, ["no [Game] tag"]),
    ('[Game "briscola"]\n[Seed "1"]\n[Seed "2"]', 3, ["[Seed] given twice"]),
    ('[Game "briscola"]\n[Seed "1"]\n[game "briscola"]', 3, ["second record"]),
    ('[Game "briscola"\n[Seed "1"]', 1, ["malformed tag"]),
    ('[Game "briscola"] {a comment\n[Seed "1"]', 1, ["not closed"]),
    ('[Game "briscola"]\n[Seed "1"]\n\n1. AS }', 4, ["'}' without '{'"]),
    ('AS 3S\n[Game "briscola"]', 1, ["moves before any [Game] tag"]),
    ('[Game "briscola"]\n[Deal "AS 2S 3S / 4S 5S 6S"]', 2, ["[Deal]: the deal lacks"]),
    ('[Game "briscola"]\n[Deal "AS 2S / 4S 5S 6S / 3S"]', 2, ["[Deal]: P1 is dealt 2 cards"]),
    ('[Game "briscola"]\n[Deal "AS / 2S / 3S / 4S"]', 2, ["[Deal] has 4 parts"]),
    ('[Game "cruce"]\n[Players "3"]\n[Options "bidding=no"]\n[Seed "1"]\n\nP2: 9R', 6,
     ["says P2 moves here"]),
])
def test_bad_tags_are_errors_naming_the_line(tags, line, fragments):
    raises_on_line(tags + "\n", line, *fragments)


def test_deal_holding_a_card_twice_names_the_deal_line(briscola_text):
    deal = tag_value(briscola_text, "Deal")
    first, second = deal.split()[:2]
    bad = briscola_text.replace(deal, deal.replace(second, first, 1))
    raises_on_line(bad, line_of(bad, "[Deal "), f"holds {first} twice")


def test_empty_text_is_an_error():
    for text in ("", "\n\n", "; only a comment\n"):
        with pytest.raises(RecordError, match="no record found"):
            record.loads(text)


# -- fuzzing the reader -------------------------------------------------------------------------
FUZZ_SOURCES = [
    record.dumps(played(c, seed=s, moves=m)) for c, s, m in [
        (("briscola", 2, None, {}), 1, None),
        (("briscola", 4, None, {"deck": STACKED, "stacked": True}), 2, None),
        (("brisca", 4, None, {"arrastre": True}), 3, None),
        (("brisca", 2, None, {}), 1, 9),
        (("cruce", 3, None, {}), 4, None),
        (("cruce", 2, None, {}), 5, 7),
        (("klaverjas", 4, "amsterdam", {"trump_choice": "free"}), 6, None),
        (("klaverjas", 4, "rotterdam", {"open_cards": 2}), 7, 20),
    ]
]
FUZZ_ALPHABET = ('AS3KOBCDHJTQRGV79?/ \n\r\t[]{};:"=P0123456789.,-_*²♥♠xbid:swap:trump:pass'
                 "\x00\x0c\u2028é")
# Pieces of the record grammar, right and wrong, for the fuzzer to splice in.
FUZZ_TOKENS = [
    "bid:0", "bid:4", "bid:²", "bid:", "swap:7O", "swap:2B", "swap:", "trump:H", "trump:x",
    "pass", "P1:", "P4:", "P9:", "P²:", "1.", "21.", "0.", "??", " / ", "/", "{", "}", ";", '"',
    "[", "]", "\n", "\r\n", "*", "1-0", "AS", "10♥", "A♠", "ZZ", "ace of swords",
    '[Seed "x"]', '[Seed "-1"]', '[Seed "' + "9" * 5000 + '"]', '[Game "poker"]',
    '[Game "briscola"]', '[Deal "??"]', '[Trump "S"]', '[Trump "KB"]', '[Result "*"]',
    '[View "P1"]', '[Players "3"]', '[Variant "amsterdam"]', '[Dealer "P"]', '[Dealer "P2"]',
    'players=3', 'name=x', 'dealer=P²', 'dealer=P' + '9' * 5000, 'open_cards=9', 'deck=',
    'deck=AS AS', 'stacked=yes', 'trump=♥', 'draw=after-play', 'exchange=no', "bidding=0",
    '[Options "dealer=P²"]', '[Options "players=3"]', '[Options "open_cards=3"]',
    '[Options "deck=AB 2B 3B 4B 5B 6B"]', '[Options "trump=S; stacked=1"]',
]
edits = st.tuples(st.sampled_from(["delete", "insert", "replace", "truncate", "paste", "word",
                                   "line"]),
                  st.floats(0, 1),
                  st.text(FUZZ_ALPHABET, min_size=1, max_size=6) | st.sampled_from(FUZZ_TOKENS)
                  | st.text(max_size=4))


def mutate(text: str, ops) -> str:
    for kind, where, chunk in ops:
        at = int(where * len(text))
        if kind == "delete":
            text = text[:at] + text[at + len(chunk):]
        elif kind == "insert":
            text = text[:at] + chunk + text[at:]
        elif kind == "replace":
            text = text[:at] + chunk + text[at + len(chunk):]
        elif kind == "truncate":
            text = text[:at]
        elif kind == "word":  # replace one whole word (a card, a move, a tag's name...)
            words = list(re.finditer(r"\S+", text))
            if words:
                word = words[int(where * (len(words) - 1))]
                text = text[:word.start()] + chunk + text[word.end():]
        elif kind == "line":  # insert a line before another
            starts = [0] + [m.end() for m in re.finditer("\n", text)]
            start = starts[int(where * (len(starts) - 1))]
            text = text[:start] + chunk + "\n" + text[start:]
        else:  # paste a piece of another line here
            start = int(where * where * len(text))
            text = text[:at] + text[start:start + 12] + text[at:]
    return text


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.sampled_from(FUZZ_SOURCES), ops=st.lists(edits, min_size=1, max_size=4))
def test_mutated_records_read_as_a_game_or_an_aceten_error(source, ops):
    text = mutate(source, ops)
    try:
        game = record.loads(text)
    except AcetenError as err:
        assert str(err).startswith("line "), str(err)
        return
    assert isinstance(game, Game)
    assert record.dumps(record.loads(record.dumps(game))) == record.dumps(game)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(source=st.sampled_from(FUZZ_SOURCES),
       ops=st.lists(st.tuples(st.sampled_from(["word", "line"]), st.floats(0, 1),
                              st.sampled_from(FUZZ_TOKENS)), min_size=1, max_size=3))
def test_records_with_words_or_lines_swapped_read_as_a_game_or_an_aceten_error(source, ops):
    test_mutated_records_read_as_a_game_or_an_aceten_error.hypothesis.inner_test(source, ops)


@settings(max_examples=300, deadline=None)
@given(text=st.text(FUZZ_ALPHABET + "[Game \"briscola\"]\n", max_size=200))
def test_any_text_reads_as_games_or_an_aceten_error(text):
    try:
        games = record.loads_all(text)
    except AcetenError:
        return
    assert all(isinstance(g, Game) for g in games)


# -- files --------------------------------------------------------------------------------------
def test_save_and_load_one_game(tmp_path):
    game = played(("cruce", 4, None, {}), seed=3)
    path = record.save(tmp_path / "sub" / "deal.tgn", game)
    assert path.read_text(encoding="utf-8") == record.dumps(game)
    (loaded,) = record.load(path)
    assert_same_game(game, loaded)


def test_several_records_in_one_file_round_trip(tmp_path):
    games = [played(c, seed=i, moves=m) for i, (c, m) in enumerate([
        (CONFIGS[0], None), (CONFIGS[13], 0), (CONFIGS[16], 5), (CONFIGS[22], None),
        (CONFIGS[6], None), (CONFIGS[18], 1)])]
    text = record.dumps_all(games)
    assert text.count("[Game ") == len(games)
    loaded = record.loads_all(text)
    assert len(loaded) == len(games)
    for game, again in zip(games, loaded):
        assert_same_game(game, again)
    assert record.dumps_all(loaded) == text
    path = record.save(tmp_path / "all.tgn", games)
    assert [record.dumps(g) for g in record.load(path)] == [record.dumps(g) for g in games]
    with pytest.raises(RecordError, match="loads_all"):
        record.loads(text)


def test_error_in_the_second_record_of_a_file_names_the_file_and_line(tmp_path):
    text = record.dumps_all([played(CONFIGS[0], seed=1), played(CONFIGS[0], seed=2)])
    second = text.index("[Game ", 1)
    leader = re.search(r"^1\. P(\d):", text[second:], re.M).group(1)
    bad = text[:second] + text[second:].replace(f"1. P{leader}:", f"1. P{3 - int(leader)}:", 1)
    line = text[:second].count("\n") + numbered_line(text[second:], 1)
    path = tmp_path / "two.tgn"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        record.load(path)
    assert str(info.value).startswith(f"{path}: line {line}: the record says P{3 - int(leader)}")


def files_in(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_save_that_fails_to_replace_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = record.save(tmp_path / "deal.tgn", played(CONFIGS[0], seed=1))
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(AcetenError, match=r"cannot write .*deal\.tgn: No space left on device"):
        record.save(path, played(CONFIGS[1], seed=2))
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["deal.tgn"]


def test_save_that_fails_while_writing_leaves_the_old_file(tmp_path, monkeypatch):
    path = record.save(tmp_path / "deal.tgn", played(CONFIGS[0], seed=1))
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(AcetenError, match="Input/output error"):
        record.save(path, [played(CONFIGS[1], seed=2)])
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["deal.tgn"]


def test_save_of_games_that_cannot_be_written_leaves_the_old_file(tmp_path, monkeypatch):
    path = record.save(tmp_path / "deal.tgn", played(CONFIGS[0], seed=1))
    before = path.read_bytes()
    real_dumps = record.dumps
    calls = []

    def dumps_failing_on_the_second_game(game, **kwargs):
        calls.append(game)
        if len(calls) == 2:
            raise AcetenError("option value cannot be written to a record")
        return real_dumps(game, **kwargs)

    monkeypatch.setattr(record, "dumps", dumps_failing_on_the_second_game)
    with pytest.raises(AcetenError, match="cannot be written"):
        record.save(path, (played(CONFIGS[i], seed=i) for i in range(3)))
    assert len(calls) == 2
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["deal.tgn"]


def test_save_of_no_games_writes_nothing(tmp_path):
    with pytest.raises(AcetenError, match="no games"):
        record.save(tmp_path / "empty.tgn", [])
    assert files_in(tmp_path) == []


def test_saved_file_gets_the_usual_mode_and_keeps_an_existing_one(tmp_path):
    umask = os.umask(0o022)
    try:
        path = record.save(tmp_path / "deal.tgn", played(CONFIGS[0], seed=1))
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o640)
        record.save(path, played(CONFIGS[0], seed=2))
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
        path.chmod(0o444)  # read-only: the new file takes its mode after it is written
        record.save(path, played(CONFIGS[0], seed=3))
        assert stat.S_IMODE(path.stat().st_mode) == 0o444
        assert path.read_text(encoding="utf-8") == record.dumps(played(CONFIGS[0], seed=3))
    finally:
        os.umask(umask)


def test_save_where_the_folder_cannot_be_made_names_the_path(tmp_path):
    (tmp_path / "file").write_text("x")
    target = tmp_path / "file" / "deal.tgn"
    with pytest.raises(AcetenError, match=re.escape(str(target))):
        record.save(target, played(CONFIGS[0], seed=1))


def test_load_of_a_missing_file_names_the_path(tmp_path):
    path = tmp_path / "nowhere.tgn"
    with pytest.raises(AcetenError, match=re.escape(str(path))):
        record.load(path)


def test_load_of_a_folder_names_the_path(tmp_path):
    with pytest.raises(AcetenError, match=re.escape(str(tmp_path))):
        record.load(tmp_path)


def test_load_of_a_binary_file_names_the_path(tmp_path):
    path = tmp_path / "image.tgn"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(AcetenError, match=re.escape(str(path)) + ".*not a text file"):
        record.load(path)


def test_load_of_a_text_file_that_is_not_a_record_names_the_path_and_line(tmp_path):
    path = tmp_path / "notes.tgn"
    path.write_text("shopping list\n", encoding="utf-8")
    with pytest.raises(RecordError, match=re.escape(f"{path}: line 1: moves before any [Game]")):
        record.load(path)


def test_a_record_may_be_given_as_utf8_bytes():
    game = aceten.new_game("cruce", players=3, seed=8)
    text = record.dumps(game)
    assert record.loads(text.encode()).deal == game.deal
    assert record.loads(bytearray(("\ufeff" + text).encode())).deal == game.deal
    assert len(record.loads_all(text.encode() * 2)) == 2


@pytest.mark.parametrize(("value", "message"), [
    (b"\xff\xfe[Game", "the record is not UTF-8 text"),
    (__import__("pathlib").Path("game.tgn"), "not the path game.tgn: read a file with aceten.record.load"),
    (5, "a record is text (str, or UTF-8 bytes), not int"),
    (None, "not NoneType"),
])
def test_anything_but_a_records_text_is_refused_in_one_line(value, message):
    with pytest.raises(RecordError, match=re.escape(message)):
        record.loads(value)


def test_save_through_a_symlink_replaces_its_file_and_keeps_the_link(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link.tgn"
    link.symlink_to(real / "deal.tgn")  # dangling until the first save
    game = played(CONFIGS[0], seed=1)
    assert record.save(link, game) == link
    assert link.is_symlink() and (real / "deal.tgn").read_text(encoding="utf-8") == record.dumps(game)
    record.save(link, played(CONFIGS[1], seed=2))
    assert link.is_symlink() and files_in(real) == ["deal.tgn"]
    assert (real / "deal.tgn").read_text(encoding="utf-8") == record.dumps(played(CONFIGS[1], seed=2))


def test_save_to_a_device_writes_it_in_place():
    """Renaming a new file into the place of /dev/null (or /dev/stdout, /dev/full) would replace
    the device with a regular file: as root, for everyone."""
    before = os.stat("/dev/null")
    record.write_text("/dev/null", "nothing")
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    if os.path.exists("/dev/full"):
        with pytest.raises(AcetenError, match=r"^cannot write /dev/full: No space left on device$"):
            record.write_text("/dev/full", "x" * 10_000)
        assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_write_text_refuses_a_folder_and_makes_missing_ones(tmp_path):
    with pytest.raises(AcetenError, match="it is a folder"):
        record.write_text(tmp_path, "x")
    assert record.write_text(tmp_path / "a" / "b.txt", "é").read_text(encoding="utf-8") == "é"


def test_replace_file_whose_writer_fails_keeps_the_old_file(tmp_path):
    path = record.write_text(tmp_path / "t.csv", "old\n")

    def half_then_full_disk(where):
        where.write_text("half")
        raise OSError(27, "File too large")

    with pytest.raises(AcetenError, match=r"cannot write .*t\.csv: File too large"):
        record.replace_file(path, half_then_full_disk)
    assert path.read_text() == "old\n" and files_in(tmp_path) == ["t.csv"]


@pytest.mark.parametrize(("data", "says"), [
    ("[Game \"briscola\"]\n".encode("utf-16"), "UTF-16 text: save it as UTF-8"),  # Notepad's "Unicode"
    ("[Game \"briscola\"]\n".encode("utf-16-le"), "UTF-16 text: save it as UTF-8"),
    ("[Game \"briscola\"]\n".encode("utf-16-be"), "UTF-16 text: save it as UTF-8"),
    ("[Game \"briscola\"]\n".encode("utf-32"), "UTF-32 text: save it as UTF-8"),
    ("[Event \"Café Müller\"]\n".encode("latin-1"), "not UTF-8 text: save it as UTF-8"),
    (b"\x7fELF\x02\x01\x00\x00" * 64, "not a text file"),
])
def test_text_in_another_encoding_says_which_and_what_to_do(tmp_path, data, says):
    path = tmp_path / "deal.tgn"
    path.write_bytes(data)
    with pytest.raises(RecordError, match=f"^{re.escape(str(path))}: {says}$"):
        record.load(path)


def test_load_takes_a_path_not_a_file_descriptor():
    """open(0) would read standard input and then close it."""
    for wrong in (0, 3, 1.5, None):
        with pytest.raises(AcetenError, match="a file's path is a str or a Path"):
            record.load(wrong)  # type: ignore[arg-type]


def test_a_seat_record_of_a_seat_that_does_not_exist_is_refused():
    """seat=5 of two used to write every card as ??."""
    game = aceten.new_game("briscola", players=2, seed=1)
    for seat in (5, -1, "P1"):
        with pytest.raises(AcetenError, match="seat"):
            record.dumps(game, seat=seat)  # type: ignore[arg-type]
