"""SVG pictures: well-formed, deterministic, the right cards face up, and no hidden card leaks."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import aceten
from aceten import Card, CardSet, Family, Game, Suit, Trick
from aceten.cards import full_deck
from aceten.show import svg

NS = "{http://www.w3.org/2000/svg}"

# Every game, player count and variant, some with cards dealt open.
CONFIGS = [
    ("briscola", 2, None, {}), ("briscola", 3, None, {}), ("briscola", 4, None, {}),
    ("briscola", 2, None, {"open_cards": 1}), ("briscola", 4, None, {"open_cards": 2}),
    ("brisca", 2, None, {}), ("brisca", 3, None, {}), ("brisca", 4, None, {}),
    ("brisca", 2, None, {"open_cards": 1}),
    ("cruce", 2, None, {}), ("cruce", 3, None, {}), ("cruce", 4, None, {}),
    ("cruce", 2, None, {"open_cards": 2}),
    ("klaverjas", 4, "rotterdam", {}), ("klaverjas", 4, "amsterdam", {}),
    ("klaverjas", 4, "rotterdam", {"open_cards": 3}),
]  # fmt: skip
CONFIG_IDS = [f"{g}-{n}-{v or 'std'}" + "".join(f"-{k}{x}" for k, x in o.items()) for g, n, v, o in CONFIGS]


def parse(image: str) -> ET.Element:
    root = ET.fromstring(image)
    assert root.tag == NS + "svg"
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if g.get("class") == cls]


def faces(root: ET.Element) -> list[str]:
    return [g.get("data-card", "") for g in groups(root, "card")]


def played_to(game: Game, moves: int, rng: random.Random) -> Game:
    for _ in range(moves):
        if game.is_over():
            break
        game.push(rng.choice(game.legal_moves()))
    return game


def random_positions(name: str, players: int, variant: str | None, options: dict, count: int):
    rng = random.Random(f"{name}{players}{variant}{options}")
    total = len(aceten.rules.get(name, players=players, variant=variant, **options).deck) + 2
    for i in range(count):
        game = aceten.new_game(name, players=players, variant=variant, seed=rng.randrange(10**6), **options)
        # Always the fresh deal, the first card and the end; random positions in between.
        moves = (0, 1, 10**6)[i] if i < 3 else rng.randrange(total)
        yield played_to(game, moves, rng)


def seen_by(game: Game, seat: int) -> set[Card]:
    """The cards ``seat`` may see, worked out from the game itself (not from its view)."""
    k = game.rules.options["open_cards"]
    seen = set(game.hand(seat)) | set(game.trick)
    for trick in game.tricks:
        seen |= set(trick.cards)
    for other in range(game.players):
        seen |= set(game.deal.hands[other][:k]) & set(game.hand(other))
    if game.trump_card is not None:
        seen.add(game.trump_card)
    return seen


def named_cards(image: str, root: ET.Element, deck: tuple[Card, ...]) -> set[Card]:
    """Every card the picture names anywhere: faces, tooltips, text, or long names in the markup."""
    by_name = {c.name: c for c in deck}
    by_code = {str(c): c for c in deck}
    named = {by_code[code] for code in faces(root)}
    for el in root.iter():
        if el.tag == NS + "title" and el.text in by_name:
            named.add(by_name[el.text])
        if el.tag == NS + "text":
            for token in re.findall(r"[0-9A-Za-z]+", el.text or ""):
                if token in by_code:
                    named.add(by_code[token])
        for value in el.attrib.values():
            if value in by_code:
                named.add(by_code[value])
    named |= {c for c in deck if c.name in image}
    return named


# -- basics ------------------------------------------------------------------------------------
def test_svg_image_is_a_str_that_notebooks_show():
    image = svg.card(Card.parse("AS"))
    assert isinstance(image, str) and isinstance(image, svg.SvgImage)
    assert image._repr_svg_() == image
    root = parse(image)
    assert root.get("viewBox") == "0 0 104 144"
    assert float(root.get("width")) == 104 and float(root.get("height")) == 144


@pytest.mark.parametrize("family", list(Family), ids=lambda f: f.name.lower())
def test_every_card_has_a_distinct_face_named_in_its_tooltip(family):
    seen = set()
    for c in full_deck(family):
        image = svg.card(c, size=60)
        root = parse(image)
        assert faces(root) == [str(c)]
        (face,) = groups(root, "card")
        assert face.find(NS + "title").text == c.name
        assert float(root.get("width")) == pytest.approx(62.4)
        body = re.sub(r'<title>.*?</title>| data-card="[^"]*"', "", image)
        assert body not in seen
        seen.add(body)


def test_face_down_card_shows_a_back_and_names_nothing():
    image = svg.card("AS", face_down=True)
    root = parse(image)
    assert faces(root) == [] and len(groups(root, "back")) == 1
    assert "swords" not in image and "AS" not in image


@pytest.mark.parametrize("family", list(Family), ids=lambda f: f.name.lower())
def test_suit_marks_are_distinct_and_named(family):
    images = [svg.suit(Suit(family, i)) for i in range(4)]
    assert len(set(images)) == 4
    for i, image in enumerate(images):
        titles = [t.text for t in parse(image).iter(NS + "title")]
        assert titles == [Suit(family, i).name]


def test_cards_row_in_order_with_highlights():
    hand = CardSet.parse("AS 3S KO 7B")
    root = parse(svg.cards(hand))
    assert faces(root) == [str(c) for c in hand]
    image = svg.cards(["7B", "AS"], highlight=["AS"])
    root = parse(image)
    assert faces(root) == ["7B", "AS"]
    assert ringed(root, svg.RING_LEGAL) == ["AS"]


def test_empty_row_is_still_a_picture():
    root = parse(svg.cards([]))
    assert faces(root) == []
    assert parse(CardSet(0, Family.LATIN)._repr_svg_()) is not None


def test_trick_from_a_finished_trick():
    g = aceten.new_game("briscola", players=3, seed=5)
    played_to(g, 3, random.Random(0))
    (t,) = g.tricks
    image = svg.trick(t)
    root = parse(image)
    assert faces(root) == [str(c) for c in t.cards]
    texts = [el.text for el in root.findall(NS + "text")]
    assert f"P{t.leader + 1} led" in texts
    assert f"Trick 1: P{t.winner + 1} wins +{t.points}" in texts
    winner = t.cards[t.seats.index(t.winner)]
    assert ringed(root, svg.RING_WINNER) == [str(winner)]


def test_trick_from_cards_and_seats():
    root = parse(svg.trick(["AS", "3S"], seats=[1, 2], winner=2))
    assert faces(root) == ["AS", "3S"]
    assert [el.text for el in root.findall(NS + "text")] == ["P2 led", "P3"]
    assert faces(parse(svg.trick(["AS"]))) == ["AS"]
    with pytest.raises(aceten.AcetenError):
        svg.trick(["AS", "3S"], seats=[1])


def test_text_is_escaped():
    t = Trick(number=1, leader=0, cards=(Card.parse("AS"), Card.parse("3S")), winner=1, points=21,
              notes=("a <b> & 'c'",))
    root = parse(svg.trick(t))
    assert any("a <b> & 'c'" in (el.text or "") for el in root.iter(NS + "text"))


# -- the table ---------------------------------------------------------------------------------
def ringed(root: ET.Element, colour: str) -> list[str]:
    """The cards outlined in ``colour``."""
    return [g.get("data-card", "") for g in groups(root, "card")
            if any(r.get("stroke") == colour for r in g.iter(NS + "rect"))]


def hand_groups(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-seat")): g for g in groups(root, "hand")}


def check_view_table(game: Game, seat: int, image: str) -> None:
    view = game.view(seat)
    root = parse(image)
    hands = hand_groups(root)
    assert sorted(hands) == list(range(game.players))
    k = game.rules.options["open_cards"]
    for other, group in hands.items():
        shown = sorted(faces(group))
        backs = len(groups(group, "back"))
        if other == seat:
            assert shown == sorted(str(c) for c in game.hand(seat)) and backs == 0
        else:
            open_cards = set(game.deal.hands[other][:k]) & set(game.hand(other))
            assert shown == sorted(str(c) for c in open_cards)
            assert backs == len(game.hand(other)) - len(open_cards)
    (trick,) = groups(root, "trick")
    assert faces(trick) == [str(c) for c in game.trick]
    expected = len(game.hand(seat)) + sum(len(view.open_cards[s]) for s in range(game.players) if s != seat)
    expected += len(game.trick) + (len(game.tricks[-1].cards) if game.tricks else 0)
    expected += game.trump_card is not None
    assert len(faces(root)) == expected


@pytest.mark.parametrize(("name", "players", "variant", "options"), CONFIGS, ids=CONFIG_IDS)
def test_no_hidden_card_leaks_from_a_seat_table(name, players, variant, options):
    for game in random_positions(name, players, variant, options, count=8):
        deck = game.rules.deck
        for seat in range(game.players):
            allowed = seen_by(game, seat)
            view = game.view(seat)
            pictures = [svg.table(view), view._repr_svg_(), svg.table(game, seat=seat)]
            assert pictures[0] == pictures[1] == pictures[2]
            image = pictures[0]
            root = parse(image)
            leaked = named_cards(image, root, deck) - allowed
            assert not leaked, f"P{seat + 1} is shown {sorted(map(str, leaked))} in {game!r}"
            check_view_table(game, seat, image)


@pytest.mark.parametrize(("name", "players", "variant", "options"), CONFIGS, ids=CONFIG_IDS)
def test_full_game_table_shows_every_hand_face_up(name, players, variant, options):
    for game in random_positions(name, players, variant, options, count=3):
        root = parse(svg.table(game))
        for seat, group in hand_groups(root).items():
            assert sorted(faces(group)) == sorted(str(c) for c in game.hand(seat))
            assert not groups(group, "back")
        assert parse(game._repr_svg_()) is not None


def test_table_is_deterministic():
    def position() -> Game:
        return played_to(aceten.new_game("klaverjas", seed=12), 9, random.Random(3))

    a, b = position(), position()
    assert svg.table(a) == svg.table(b)
    assert svg.table(a.view(2)) == svg.table(b.view(2))
    assert svg.table(a, size=400) != svg.table(a)
    assert parse(svg.table(a, size=400)).get("width") == "400"


def test_table_marks_legal_cards_only_when_some_are_illegal():
    game = aceten.new_game("klaverjas", seed=3)
    played_to(game, 11, random.Random(1))
    seat = game.to_move
    legal = {str(m) for m in game.legal_moves() if isinstance(m, Card)}
    assert legal and legal != {str(c) for c in game.hand(seat)}
    root = parse(svg.table(game.view(seat)))
    assert set(ringed(hand_groups(root)[seat], svg.RING_LEGAL)) == legal
    free = aceten.new_game("briscola", players=2, seed=1)
    assert svg.RING_LEGAL not in svg.table(free.view(free.to_move))


def test_table_of_a_view_refuses_another_seat():
    view = aceten.new_game("briscola", players=2, seed=1).view(0)
    assert svg.table(view, seat=0) == svg.table(view)
    with pytest.raises(aceten.AcetenError):
        svg.table(view, seat=1)
    with pytest.raises(aceten.AcetenError):
        svg.table("not a game")  # type: ignore[arg-type]


def test_reprs_of_every_object():
    game = played_to(aceten.new_game("cruce", players=2, seed=4), 6, random.Random(2))
    for obj in (Card.parse("AS"), game.hand(0), game.tricks[0], game.view(1), game):
        image = obj._repr_svg_()
        assert isinstance(image, str)
        parse(image)
    assert Card.parse("AS")._repr_svg_() == svg.card(Card.parse("AS"))
    assert game._repr_svg_() == svg.table(game)


def test_import_aceten_does_not_load_svg():
    import subprocess
    import sys

    code = ("import sys, aceten; g = aceten.new_game('briscola', seed=1); "
            "print('aceten.show.svg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
