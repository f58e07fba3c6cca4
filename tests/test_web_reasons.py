"""The bots' reasons in the web table's languages: every template in every language with the same
blanks, each English template reads its own text back exactly, and what the bots of the table
write in deals of every game is read by a template (so the page can say it in the reader's
language). The page's half (putting the blanks in the reader's words) is in the browser test."""

from __future__ import annotations

import random
import re

import pytest

from aceten.game import Game
from aceten.rules import get as get_rules
from aceten.web import i18n
from aceten.web.i18n_reasons import BLANK, HELPERS, PARTS, REASON_TEXTS, kind, read

# a value of each kind of blank, as the bots write it
SAMPLES = {"card": "the three of swords", "suit": "coins", "who": "P3", "seats": "P2 and P4", "n": "12",
           "m": "-3", "pct": "45%", "rank": "A", "bid": "bid:2:71", "move": "bid:A",
           "layouts": "12 possible layouts", "how": "solved each exactly", "points": "12 points",
           "trumps": "3 trumps", "cards": "1 card"}
OTHER_CARDS = ["the ace of trumps", "a hidden card", "7O", "the nine of roșu"]


def fill(text: str, values: dict[str, str]) -> str:
    return BLANK.sub(lambda m: values[m.group(1)], text)


def test_every_language_has_every_reason_with_the_same_blanks():
    english = REASON_TEXTS["en"]
    assert len(english) > 50
    for language in i18n.LANGUAGES:
        texts = REASON_TEXTS[language]
        assert set(texts) == set(english), language
        for key, text in english.items():
            assert set(BLANK.findall(texts[key])) == set(BLANK.findall(text)), (language, key)
            forms = len(i18n.PLURALS[language]) if "|" in text else 1
            assert texts[key].count("|") == forms - 1, (language, key)
            # rendered as the page does, every blank filled: no brace is left
            rendered = fill(texts[key], {b: "x" for b in BLANK.findall(texts[key])})
            assert "{" not in rendered and "}" not in rendered and rendered.strip(), (language, key)
            assert i18n.TEXTS[language][key] == texts[key]  # the page's words include them
    # every blank of the English templates is of a kind the patterns know
    assert {kind(b) for key, text in english.items() if key not in HELPERS
            for b in BLANK.findall(text)} <= set(PARTS)


@pytest.mark.parametrize("key", [k for k in REASON_TEXTS["en"] if k not in HELPERS])
def test_each_template_reads_its_own_english_back(key):
    text = REASON_TEXTS["en"][key]
    blanks = BLANK.findall(text)
    values = {b: SAMPLES[kind(b)] for b in blanks}
    variants = [values]
    for card in OTHER_CARDS:  # every way a card is written
        variants.append({b: card if kind(b) == "card" else v for b, v in values.items()})
    for chosen in variants:
        reason = fill(text, chosen)
        found = read(reason)
        assert found is not None, reason
        got_key, got = found
        # the template that read it gives the same English back, word for word
        assert fill(REASON_TEXTS["en"][got_key], got) == reason
        assert got_key == key, (reason, got_key)


def test_the_patterns_are_served_and_read_in_javascript_syntax():
    served = i18n.catalogue(None)["reasons"]
    assert len(served) == len(REASON_TEXTS["en"]) - len(HELPERS)
    for pattern, _ in served:
        # the page turns Python's (?P<name> into JavaScript's (?<name>; nothing else differs
        assert "(?P=" not in pattern and "(?#" not in pattern
        re.compile(pattern)


# the bots of the web table, and games of every kind (bidding, trump calls, exchanges, marriages,
# the auction and the called card)
BOTS = ["tactics", "greedy", "random", "easy"]
DEALS = [("briscola", 2, None), ("briscola", 4, None), ("briscola", 5, "chiamata"), ("brisca", 2, None),
         ("brisca", 6, None), ("cruce", 2, None), ("cruce", 4, None), ("klaverjas", 4, "rotterdam")]


@pytest.mark.parametrize(("game", "players", "variant"), DEALS, ids=[f"{g}-{n}" for g, n, _ in DEALS])
def test_what_the_bots_write_is_read_by_a_template(game, players, variant):
    from aceten.web.tables import Seat, Table

    rules = get_rules(game, players=players, variant=variant)
    unread = []
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        seats = [Seat("bot", rng.choice(BOTS)) for _ in range(players)]
        table = Table("t", Game(rules, seed=seed), seats, options={})
        while not table.game.is_over():
            seat = table.bot_to_move()
            move, reason = table.bot_move()
            table.push(seat, str(move), reason)
            seen += 1
            if read(reason) is None:
                unread.append(reason)
    assert seen > 20 and unread == []


def test_pimcs_search_reasons_are_read_by_a_template():
    from aceten.agents.pimc import _plain_search_reason
    from aceten.cards import Card

    game = Game(get_rules("briscola", players=2), seed=3)
    view = game.view(game.to_move)
    cards = [m for m in view.legal_moves if isinstance(m, Card)]
    for solved in (1, 12):
        for best, next_best in ((40, 40), (60, 20)):  # a tie, and a gap
            totals = dict.fromkeys(cards, 0) | {cards[0]: best * solved, cards[1]: next_best * solved}
            reason = _plain_search_reason(view, cards[0], cards[:2], totals, solved)
            assert read(reason) is not None, reason


def test_pimcs_reasons_for_a_swap_of_the_face_up_trump_are_read_by_a_template():
    from aceten.agents.pimc import _plain_search_reason
    from aceten.moves import Exchange

    game = Game(get_rules("briscola", players=2), seed=3)
    view = game.view(game.to_move)
    first, other = sorted(view.hand)[:2]
    swap = Exchange(first)
    for solved in (1, 12):
        for ranked, totals in (([swap], {swap: 40 * solved}),  # the only move searched
                               ([swap, other], {swap: 40 * solved, other: 40 * solved}),  # a tie
                               ([swap, other], {swap: 60 * solved, other: 20 * solved})):  # a gap
            reason = _plain_search_reason(view, swap, ranked, totals, solved)
            found = read(reason)
            assert found is not None and found[0].startswith("reason_ps_"), reason


def test_the_servers_note_for_a_failed_bot_is_read_by_a_template():
    found = read("(the pimc bot failed: ValueError; played the first legal move)")
    assert found == ("reason_bot_failed", {"move": "pimc", "move2": "ValueError"})


@pytest.mark.parametrize("layouts", ["layout", "12 possible layouts", "one layout", "6 layouts"])
@pytest.mark.parametrize("how", ["solved each exactly", "played each out to the end of the deal",
                                 "the likelier the better they fit how the others have played, "
                                 "solved each exactly"])
def test_every_way_the_searcher_counts_and_judges_layouts_is_read(layouts, how):
    text = REASON_TEXTS["en"]["reason_s_gap"]
    reason = fill(text, {"card": "the three of swords", "layouts": layouts, "how": how, "points": "7 points",
                         "m": "60"})
    assert read(reason) == ("reason_s_gap", {"card": "the three of swords", "layouts": layouts, "how": how,
                                             "points": "7 points", "m": "60"})


# the searcher (issue 18) in one seat, tactics in the others: a few deals of 2- and 4-seat
# Briscola and, for its searched bids and trump calls, of Cruce and Klaverjas; small samples keep
# it cheap (its words do not depend on them) and one layout a decision gives the singular
SEARCHER_DEALS = [("briscola", 2, None), ("briscola", 4, None), ("cruce", 2, None),
                  ("klaverjas", 4, "rotterdam")]


@pytest.mark.parametrize(("game", "players", "variant"), SEARCHER_DEALS,
                         ids=[f"{g}-{n}" for g, n, _ in SEARCHER_DEALS])
def test_what_the_searcher_writes_is_read_by_a_template(game, players, variant):
    pytest.importorskip("numba")
    from aceten.agents.searcher import SearcherAgent
    from aceten.agents.tactics import TacticsAgent

    rules = get_rules(game, players=players, variant=variant)
    keys, unread = set(), []
    for seed, samples in ((0, 3), (1, 1)):
        seat = seed % players
        searcher = SearcherAgent(seed=seed, samples=samples, pool=2, min_worlds=1, bid_samples=2,
                                 infer=True, search_bids=True)  # (off by default in Klaverjas)
        tactics = TacticsAgent(seed=seed)
        game_ = Game(rules, seed=seed)
        while not game_.is_over():
            mover = game_.to_move
            bot = searcher if mover == seat else tactics
            game_.push(bot.choose(game_.view(mover)))
            if bot is searcher:
                found = read(searcher.reason)
                if found is None:
                    unread.append(searcher.reason)
                else:
                    keys.add(found[0])
    assert unread == []
    assert keys & {"reason_s_best", "reason_s_tie", "reason_s_gap"}  # its own search, not only tactics'
    if game in ("cruce", "klaverjas"):  # a searched bid or trump call
        assert keys & {"reason_s_bid", "reason_s_pass", "reason_s_call", "reason_s_bid_safe",
                       "reason_s_pass_safe"}, keys


def test_a_bid_left_to_the_safe_ones_is_read_by_a_template():
    # bid_risk: the reason says the bid is the best of those that lose on few of the layouts
    import aceten
    from aceten.agents.searcher import SearcherAgent

    for seed, key in ((2, "reason_s_bid_safe"), (0, "reason_s_pass_safe")):
        game = aceten.new_game("cruce", players=4, seed=seed)
        bot = SearcherAgent(seed=3, bid_samples=8, horizon=8, search_bids=True, bid_risk=0.0)
        bot.choose(game.view(game.to_move))
        found = read(bot.reason)
        assert found is not None and found[0] == key, bot.reason
