"""Every answer — knows, possible, nested knowledge, common knowledge — equals the definition
evaluated by brute force on small decks; the three methods agree with each other."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten.knowledge import Knowledge
from aceten.knowledge.evaluate import bind
from knowledge_support import Epistemic, play_random

POSITIONS = {
    "briscola-2": ("briscola", 2, None, {"deck": "AS 3S KS HS AC 3C KC HC AO 3O KO HO"}, 7),
    "brisca-2-arrastre": ("brisca", 2, None, {"deck": "AS 7S KS 2S AC 3C 7C HC AO 3O KO 7O",
                                              "arrastre": "yes"}, 8),
    "cruce-4": ("cruce", 4, None, {"deck": "9R JR AR 9V QV AV JG QG KG JD QD TD", "bidding": "no"}, 5),
    "klaverjas-amsterdam": ("klaverjas", 4, "amsterdam",
                            {"deck": "7C JC AC 7D 9D AD 7H JH AH 8S 9S AS"}, 6),
}


def queries(game: aceten.Game, seat: int, count: int, seed: int) -> list[str]:
    rules = game.rules
    deck = list(rules.deck)
    suits = sorted({c.suit for c in deck})
    n = rules.players
    r = random.Random(seed)
    out = []
    for _ in range(count):
        c, p, q = r.choice(deck), r.randrange(n), r.randrange(n)
        s = r.choice(suits).letter
        p1, q1, me = p + 1, q + 1, seat + 1
        out += [
            f"holds(P{p1}, {c})",
            f"void(P{p1}, {s}) or in_stock({c})",
            f"knows(P{q1}, holds(P{p1}, {c}))",
            f"possible(P{q1}, void(P{p1}, {s})) and not holds(P{p1}, {c})",
            f"knows(P{me}, knows(P{q1}, not holds(P{p1}, {c})))",
            f"knows(P{q1}, void(P{p1}, {s}) or holds(P{p1}, {c}))",
            f"knows(P{q1}, knows(P{p1}, not holds(P{q1}, {c})))",
            f"common(P{q1}+P{p1}, not holds(P{q1}, {c}))",
        ]
        if n == 2 or not out[8:]:  # three deep: once per game (the brute force is slow with 4 seats)
            out.append(f"knows(P{q1}, knows(P{p1}, knows(P{me}, not holds(P{q1}, {c})) "
                       f"or void(P{me}, {s})))")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_answers_equal_the_definition(name):
    game_name, players, variant, options, moves = POSITIONS[name]
    game = aceten.new_game(game_name, players=players, variant=variant, seed=4, **options)
    play_random(game, moves, 3)
    brute = Epistemic(game)
    seat = 1
    kn = Knowledge.from_view(game.view(seat))
    methods = set()
    # four rounds of queries with two seats (cheap to brute-force): on the deal seed 4 gives since
    # the seeded generator (aceten.seeded), three rounds never reach the Kripke method
    for text in queries(game, seat, 4 if players == 2 else 3, 1):
        f = bind(kn, text)
        answer = kn.ask(f)
        yes, total = brute.count(f, seat)
        methods.add(answer.method)
        assert answer.worlds * total == yes * answer.total, text
        assert answer.value == (True if yes == total else False if yes == 0 else None), text
        assert kn.knows(f) == (yes == total)
        assert kn.possible(f) == (yes > 0)
        model_yes, model_total = kn.kripke().evaluate(f)
        assert model_yes * total == yes * model_total, text
    assert methods == {"counting", "classes", "kripke"}


def test_common_knowledge_of_a_played_card_and_its_absence_elsewhere():
    game = aceten.new_game("briscola", players=2, seed=4, deck="AS 3S KS HS AC 3C KC HC AO 3O KO HO")
    play_random(game, 2, 1)
    kn = Knowledge.from_view(game.view(0))
    played = game.tricks[0].cards[0]
    assert kn.ask(f"common(all, not holds(P1, {played}) and not holds(P2, {played}))").value is True
    # a fact settled by the public history is common knowledge at any size: decided by counting
    assert kn.ask(f"common(all, not in_stock({played}))").method == "counting"
    hidden = next(iter(game.hand(1)))
    answer = kn.ask(f"common(all, not holds(P1, {hidden}))")
    assert answer.method == "kripke" and answer.value is False


def test_nested_knowledge_on_full_decks_by_classes():
    game = aceten.new_game("klaverjas", variant="rotterdam", seed=11)
    while game.phase != "play":
        game.push(game.legal_moves()[0])
    play_random(game, 13, 2)
    kn = Knowledge.from_view(game.view(0))
    trump = game.trump.letter
    answer = kn.ask(f"knows(P1, knows(P3, void(P2, {trump})))")
    assert answer.method == "classes"
    for seat in range(4):
        own = next(iter(game.hand(seat)))
        a = kn.ask(f"knows(P{seat + 1}, holds(P{seat + 1}, {own}))")
        # every seat knows its own cards; P1 knows that about every seat
        assert a.value is (True if seat == 0 else a.value)
        assert kn.ask(f"knows(P1, knows(P{seat + 1}, holds(P{seat + 1}, {own})) "
                      f"or knows(P{seat + 1}, not holds(P{seat + 1}, {own})))").value is True


def test_knowledge_from_a_view_by_either_door_and_never_from_the_game() -> None:
    game = aceten.new_game("briscola", players=4, seed=2)
    rng = random.Random(1)
    for _ in range(6):
        game.push(rng.choice(game.legal_moves()))
    by_view = Knowledge(game.view(2))
    assert by_view.seat == 2 and by_view.events == Knowledge.from_view(game.view(2)).events
    assert by_view.count() == Knowledge.from_view(game.view(2)).count()
    with pytest.raises(aceten.AcetenError, match="one seat's view, never the whole game"):
        Knowledge(game, 0)  # type: ignore[arg-type]
    with pytest.raises(aceten.AcetenError, match="brings its own seat"):
        Knowledge(game.view(0), 2)
    with pytest.raises(aceten.AcetenError, match="whose knowledge"):
        Knowledge(game.rules)
