"""The web table's languages: every key in every language with the same blanks, every key the
page uses exists, card names cover every deck, the browser's language is honoured, and the
Italian deck's court letters are F, C, R in Italian while the notation stays J, H, K."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from aceten.cards import Suit
from aceten.rules import GAMES
from aceten.rules import get as get_rules
from aceten.web import i18n

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from aceten.web.app import card_svg, create_app

BLANK = re.compile(r"\{(\w+)\}")
STATIC = resources.files("aceten.web").joinpath("static")


def test_the_five_languages_are_there():
    assert set(i18n.LANGUAGES) == {"en", "it", "es", "ro", "nl"} == set(i18n.TEXTS)


@pytest.mark.parametrize("language", [code for code in i18n.LANGUAGES if code != "en"])
def test_every_key_exists_in_every_language_with_the_same_blanks(language):
    english, other = i18n.TEXTS["en"], i18n.TEXTS[language]
    assert sorted(set(english) - set(other)) == []  # missing here
    assert sorted(set(other) - set(english)) == []  # unknown keys
    for key, text in english.items():
        assert set(BLANK.findall(other[key])) == set(BLANK.findall(text)), (language, key)
        if "|" in text:  # one form per plural category of the language, in i18n.PLURALS' order
            assert other[key].count("|") == len(i18n.PLURALS[language]) - 1, (language, key)
        else:
            assert "|" not in other[key], (language, key)
        assert other[key].strip(), (language, key)


def test_every_key_the_page_uses_is_defined():
    script = STATIC.joinpath("app.js").read_text()
    page = STATIC.joinpath("index.html").read_text()
    used = set(re.findall(r"\bt\(\s*\"(\w+)\"", script))
    used |= set(re.findall(r"plural\([^()]*(?:\([^()]*\))?[^()]*,\s*\"(\w+)\"\)", script))
    used |= set(re.findall(r"data-i18n(?:-[a-z-]+)?=\"(\w+)\"", page))
    # keys chosen by a condition: t(cond ? "a" : "b")
    for call in re.findall(r"\bt\(([^()]*\?[^()]*)\)", script):
        used |= set(re.findall(r"[?:]\s*\"(\w+)\"", call))
    used |= {key for _, key in i18n.ERRORS}
    assert len(used) > 100
    assert sorted(used - set(i18n.TEXTS["en"])) == []


@pytest.mark.parametrize("error, key, blanks", [
    ("not your turn: P2 is to move", "err_not_your_turn", {"who": "P2"}),
    ("illegal move 5C for P2: must follow clubs", "err_illegal", {"move": "5C", "why": "must follow clubs"}),
    ("the table has moved on: it is now at ply 12", "err_moved_on", {"n": "12"}),
    ("wrong or missing token for P1", "err_token", {"who": "P1"}),
    ("P1 was opened in another window; this one was closed", "err_window", {"who": "P1"}),
    ("message too large (over 65536 bytes)", "err_too_large", {}),
])
def test_the_servers_errors_are_recognised(error, key, blanks):
    for pattern, name in i18n.ERRORS:
        match = re.match(pattern, error)
        if match:
            assert name == key
            assert {k: v for k, v in match.groupdict().items() if v is not None} == blanks
            assert set(BLANK.findall(i18n.TEXTS["en"][key])) == set(blanks)
            return
    raise AssertionError(f"no pattern for {error!r}")


def test_card_names_cover_every_deck_in_every_language():
    for name in GAMES:
        rules = get_rules(name)
        family = rules.family.name.lower()
        for language, families in i18n.CARDS.items():
            local = families[family]
            assert {c.rank.letter for c in rules.deck} <= set(local["ranks"]), (language, name)
            assert {Suit(rules.family, i).letter for i in range(4)} == set(local["suits"]), (language, name)
            assert set(local.get("letters", {})) <= set(local["ranks"])
            assert set(BLANK.findall(local["format"])) == {"rank", "suit"}


@pytest.mark.parametrize("header, chosen", [
    ("it-IT,it;q=0.9,en;q=0.8", "it"), ("de-DE,de;q=0.9,nl;q=0.5,en;q=0.4", "nl"), ("fr", "en"),
    (None, "en"), ("en;q=0.1, es", "es"), ("ro-RO", "ro"), ("es;q=x", "en"), ("*", "en")])
def test_the_language_follows_the_browser(header, chosen):
    assert i18n.choose_language(header) == chosen


def corner_letters(svg: str) -> set[str]:
    return set(re.findall(r'<text x="16" y="29"[^>]*>([^<]+)</text>', svg))


def test_the_italian_deck_shows_f_c_r_in_italian_and_the_notation_stays():
    assert corner_letters(card_svg("briscola", "JO", "it")) == {"F"}
    assert corner_letters(card_svg("briscola", "HO", "it")) == {"C"}
    assert corner_letters(card_svg("briscola", "KO", "it")) == {"R"}
    assert corner_letters(card_svg("briscola", "AO", "it")) == {"A"}
    assert corner_letters(card_svg("briscola", "KO", "en")) == {"K"}
    assert corner_letters(card_svg("briscola", "KO", None)) == {"K"}
    assert corner_letters(card_svg("brisca", "JO", "es")) == {"S"}
    assert corner_letters(card_svg("klaverjas", "QH", "nl")) == {"V"}
    assert corner_letters(card_svg("klaverjas", "QH", "it")) == {"Q"}  # no Italian letters for French cards


def test_the_server_sends_the_words_and_the_faces(tmp_path):
    with TestClient(create_app(tmp_path / "i18n.sqlite", bot_delay=0)) as client:
        words = client.get("/api/i18n", headers={"Accept-Language": "it-IT,it;q=0.9"}).json()
        assert words["default"] == "it" and words["texts"]["it"]["nav_new"] == "Nuovo tavolo"
        assert client.get("/api/i18n").json()["default"] == "en"
        face = client.get("/api/cards/briscola/KS.svg?lang=it")
        assert face.status_code == 200 and corner_letters(face.text) == {"R"}
        assert corner_letters(client.get("/api/cards/briscola/KS.svg").text) == {"K"}


def test_every_language_names_its_plural_categories_ending_with_other():
    assert set(i18n.PLURALS) == set(i18n.LANGUAGES)
    for language, categories in i18n.PLURALS.items():
        assert categories[0] == "one" and categories[-1] == "other", language
        assert len(set(categories)) == len(categories), language
    assert i18n.catalogue(None)["plurals"] == i18n.PLURALS


def test_english_texts_give_one_and_other():
    assert i18n.PLURALS["en"] == ("one", "other")
    assert all(text.count("|") <= 1 for text in i18n.TEXTS["en"].values())
