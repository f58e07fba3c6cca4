"""Counts in the bots' plain reasons read right: "1 point" and "2 points", "one layout" and
"2 layouts", never "1 points" (issue 18), in English and, read by the web table's templates,
in the other languages."""

from __future__ import annotations

import re

import pytest

from aceten import agents
from aceten.agents.coach import Mistake, Review
from aceten.agents.pimc import _plain_search_reason
from aceten.agents.words import layouts, plural
from aceten.cards import Card
from aceten.game import Game
from aceten.moves import TrumpCall
from aceten.rules import get as get_rules
from aceten.web.i18n import PLURALS
from aceten.web.i18n_reasons import BLANK, REASON_TEXTS, kind, read
from test_agents import deal_game

# a number and a plural noun where the number is one: what no reason may say
WRONG = re.compile(r"(?<![\d.])1 (?:points|trumps|cards|layouts|possible layouts|deals|decisions)\b")


def test_plural_takes_the_singular_for_exactly_one():
    assert plural(1, "point") == "1 point"
    assert plural(2, "point") == "2 points"
    assert plural(0, "point") == "0 points"
    assert plural(11, "point") == "11 points"
    assert plural(1, "trump") == "1 trump" and plural(2, "card") == "2 cards"
    assert plural(2, "mouse", "mice") == "2 mice"
    assert layouts(1) == "one layout" and layouts(2) == "2 layouts"
    assert layouts(2, "possible") == "2 possible layouts"


def _first_cards(seed: int = 3):
    game = Game(get_rules("briscola", players=2), seed=seed)
    view = game.view(game.to_move)
    return view, [m for m in view.legal_moves if isinstance(m, Card)]


@pytest.mark.parametrize(("solved", "gap"), [(1, 1), (2, 2), (1, 2), (2, 1)])
def test_pimcs_reason_counts_layouts_and_points_right(solved, gap):
    view, cards = _first_cards()
    totals = dict.fromkeys(cards, 0) | {cards[0]: (40 + gap) * solved, cards[1]: 40 * solved}
    reason = _plain_search_reason(view, cards[0], cards[:2], totals, solved)
    assert ("tried on one layout of" if solved == 1 else "tried on 2 possible layouts of") in reason
    assert f"about {plural(gap, 'point')} better off" in reason
    assert not WRONG.search(reason), reason
    assert read(reason) is not None, reason


@pytest.mark.parametrize("average", [1, 2])
def test_pimcs_reason_for_a_tie_counts_the_points_right(average):
    view, cards = _first_cards()
    totals = dict.fromkeys(cards, 0) | {cards[0]: average, cards[1]: average}
    reason = _plain_search_reason(view, cards[0], cards[:2], totals, 1)
    assert f"(your side ends with about {plural(average, 'point')} either way)" in reason
    assert not WRONG.search(reason) and read(reason) is not None, reason


@pytest.mark.parametrize(("searched", "gap"), [(1, 1), (2, 2)])
def test_the_searchers_reason_counts_layouts_and_points_right(searched, gap):
    from aceten.agents.searcher import SearcherAgent

    view, cards = _first_cards()
    bot = SearcherAgent(seed=1)
    averages = dict.fromkeys(cards, 0.0) | {cards[0]: 40.0 + gap, cards[1]: 40.0}
    bot._explain(view, cards[0], cards[:2], averages, searched, True, False, [1.0 / searched] * searched)
    expected = "one layout" if searched == 1 else "2 layouts"
    assert f"tried on {expected} of" in bot.reason
    assert f"about {plural(gap, 'point')} better off" in bot.reason
    assert f"over {plural(searched, 'deal')} " in bot.detail
    assert not WRONG.search(bot.reason) and read(bot.reason) is not None, bot.reason


# Klaverjas, the first seat to call: its best suit holds one trump (the jack) or two (jack, nine)
ONE_TRUMP = "JH 7S 8S QS 7D 8D 7C 8C"
TWO_TRUMPS = "JH 9H 7S 8S 7D 8D 7C 8C"


@pytest.mark.parametrize(("hand", "count"), [(ONE_TRUMP, 1), (TWO_TRUMPS, 2)])
def test_tactics_trump_call_counts_the_trumps_right(hand, count):
    game = deal_game("klaverjas", 4, [hand, None, None, None], variant="amsterdam", trump_choice="free")
    view = game.view(game.to_move)
    assert TrumpCall(None) in view.legal_moves  # a free choice: the weak hand passes
    bot = agents.get("tactics")
    assert bot.choose(view) == TrumpCall(None)
    assert bot.reason == f"pass: too weak to play with hearts as trump (only {plural(count, 'trump')})"
    assert read(bot.reason) is not None


@pytest.mark.parametrize(("hand", "count", "points"), [(ONE_TRUMP, 1, 20), (TWO_TRUMPS, 2, 34)])
def test_greedys_trump_call_counts_the_cards_right(hand, count, points):
    game = deal_game("klaverjas", 4, [hand, None, None, None], variant="rotterdam")
    view = game.view(game.to_move)
    bot = agents.get("greedy")
    bot.choose(view)
    assert bot.reason == (f"call hearts: the most trump points ({points} points in "
                          f"{plural(count, 'card')})")
    assert read(bot.reason) is not None


@pytest.mark.parametrize("n", [1, 2])
def test_the_coachs_review_counts_decisions_and_points_right(n):
    review = Review(available=True, checked=n, skipped=n,
                    mistakes=[Mistake(trick=3, played=Card.parse("KO"), best=Card.parse("2B"), lost=n)])
    text = "\n".join(review.lines())
    assert ("your last decision;" if n == 1 else "your last 2 decisions;") in text
    assert f"better by {plural(n, 'point')} (with" in text
    assert f"({plural(n, 'earlier decision')} not checked" in text
    assert not WRONG.search(text) and "1 earlier decisions" not in text, text


# the web table's templates: each count blank reads "1 point" and "2 points" alike, and each
# language has the singular and the plural form the page picks by the number
COUNTS = {"points": "point", "trumps": "trump", "cards": "card"}
FILL = {"card": "the three of swords", "suit": "coins", "who": "P3", "seats": "P2 and P4", "n": "3",
        "m": "60", "pct": "45%", "rank": "A", "bid": "bid:2:71", "move": "bid:A", "layouts": "one layout",
        "how": "solved each exactly"}


@pytest.mark.parametrize("count", [1, 2])
def test_every_template_with_a_count_reads_the_singular_and_the_plural(count):
    english = REASON_TEXTS["en"]
    with_counts = [k for k, text in english.items()
                   if {kind(b) for b in BLANK.findall(text)} & set(COUNTS) and "|" not in text]
    assert len(with_counts) >= 30
    for key in with_counts:
        values = {b: plural(count, COUNTS[kind(b)]) if kind(b) in COUNTS else FILL[kind(b)]
                  for b in BLANK.findall(english[key])}
        reason = BLANK.sub(lambda m, v=values: v[m.group(1)], english[key])
        assert not WRONG.search(reason), reason
        found = read(reason)
        assert found is not None and found[0] == key, reason
        assert all(found[1][b] == plural(count, COUNTS[kind(b)]) for b in values if kind(b) in COUNTS)


@pytest.mark.parametrize("language", sorted(REASON_TEXTS))
def test_each_language_has_a_singular_and_a_plural_for_each_count(language):
    for noun in ("points", "trumps", "cards", "layouts"):
        forms = REASON_TEXTS[language][f"reason_{noun}_n"].split("|")
        assert len(forms) == len(PLURALS[language]), (language, noun)  # one per CLDR category
        assert all("{n}" in form for form in forms) and len(set(forms)) == len(forms), (language, noun)


GAMES = [("briscola", 2, None), ("briscola", 4, None), ("briscola", 5, "chiamata"), ("brisca", 2, None),
         ("cruce", 2, None), ("cruce", 4, None), ("klaverjas", 4, "rotterdam")]


@pytest.mark.parametrize(("game", "players", "variant"), GAMES, ids=[f"{g}-{n}" for g, n, _ in GAMES])
def test_no_reason_in_whole_deals_says_one_with_a_plural(game, players, variant):
    rules = get_rules(game, players=players, variant=variant)
    seen = 0
    for seed in range(4):
        bots = [agents.get(("tactics", "greedy", "easy")[(seed + s) % 3], seed=seed) for s in range(players)]
        g = Game(rules, seed=seed)
        while not g.is_over():
            bot = bots[g.to_move]
            g.push(bot.choose(g.view(g.to_move)))
            assert not WRONG.search(bot.reason), bot.reason
            seen += 1
    assert seen > 40
