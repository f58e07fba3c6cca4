"""The hint's playouts note their traces as they play (trace.Recorder); each must be the trace
Trace.of gives by replaying the same game from its deal, in every game (exchanges, calls, an
auction, a history), and its hands and exchanges those a replay written here notes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from aceten.game import Game
from aceten.logic import position
from aceten.logic.hint import _playout
from aceten.logic.trace import Trace
from aceten.moves import Exchange

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

CHIAMATA = """
game = "briscola"
players = 5
variant = "chiamata"
moves = "bid:3 pass pass pass pass call:3C AS"
[hands]
P1 = "AS KS 2S AO 3O AB 3B KB"
"""
# Histories with unseen cards (??): any random deal fits them, so every playout follows one.
HISTORIES = {
    "briscola history": 'game = "briscola"\nplayers = 2\nmoves = "?? ?? ?? ??"\n',
    "brisca history": 'game = "brisca"\nplayers = 2\nmoves = "?? ?? ?? ??"\n',
    "klaverjas call and history": 'game = "klaverjas"\nmoves = "trump:H ?? ??"\n',
}
OPEN_CALL = """
game = "briscola"
players = 5
variant = "chiamata"
moves = "bid:3 pass pass pass pass"
"""


def _hands_and_exchanges(game: Game) -> tuple[dict[tuple[int, int], int], list[tuple[int, int, object]]]:
    """Each hand when its turn in a trick begins, and the exchanges, by a replay of the game."""
    replay = Game(game.rules, seed=game.seed, deal=game.deal)
    hands: dict[tuple[int, int], int] = {}
    exchanges = []
    for move in game.moves:
        if replay.phase == "play":
            key = (len(replay.tricks), replay.to_move)
            hands.setdefault(key, replay.hand(replay.to_move).mask)
            if isinstance(move, Exchange):
                exchanges.append((*key, move.card))
        replay.push(move)
    return hands, exchanges


def _positions() -> list[tuple[str, position.Position]]:
    # history.toml's record names P1's cards: a random deal hardly ever fits it (no playout)
    found = [(path.name, position.load(path)) for path in sorted(EXAMPLES.glob("*.toml"))
             if path.name != "history.toml"]
    found += [(name, position.loads(text)) for name, text in HISTORIES.items()]
    found.append(("chiamata", position.loads(CHIAMATA)))
    found.append(("open call", position.loads(OPEN_CALL)))
    return found


@pytest.mark.parametrize(("name", "pos"), _positions(), ids=lambda x: x if isinstance(x, str) else "")
def test_a_recorded_playout_is_the_replayed_trace(name: str, pos: position.Position) -> None:
    rng = random.Random(7)
    checked = exchanged = 0
    for _ in range(40):
        recorded = _playout(pos, rng)
        if recorded is None:  # a deal that does not fit the history
            continue
        replayed = Trace.of(recorded.game)
        assert recorded.game.moves == replayed.game.moves
        assert [list(t) for t in recorded.tricks] == [list(t) for t in replayed.tricks]
        assert [(t.leader, t.winner, t.points) for t in recorded.tricks] == \
            [(t.leader, t.winner, t.points) for t in replayed.tricks]
        assert recorded.hands_at == replayed.hands_at
        assert recorded.draws == replayed.draws
        assert recorded.exchanges == replayed.exchanges
        hands, exchanges = _hands_and_exchanges(recorded.game)
        assert recorded.hands_at == hands and list(recorded.exchanges) == exchanges
        assert recorded.outcome == replayed.outcome
        checked += 1
        exchanged += bool(recorded.exchanges)
    assert checked >= 10, name
    if name == "brisca.toml":  # the 7 of trumps' exchange is a random move here: some make it
        assert exchanged > 0


def test_nots_within_nots_are_valued_once_each():
    """Each not valued its argument twice, so thirty nested nots took minutes (2**30 values):
    counted on twelve first, so that the old way fails here rather than hangs below."""
    import aceten
    from aceten.logic import goal as goals

    game = aceten.new_game("briscola", players=2, seed=1)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    trace = Trace.of(game)
    calls = 0
    real = Trace.holds_formula

    def counted(self, f):
        nonlocal calls
        calls += 1
        return real(self, f)

    Trace.holds_formula = counted  # type: ignore[method-assign]
    try:
        trace.holds_formula(goals.parse("not " * 12 + "tricks(P1) >= 0", game.rules).formula)
    finally:
        Trace.holds_formula = real  # type: ignore[method-assign]
    assert calls == 13
    for n in (0, 1, 40, 41):
        parsed = goals.parse("not " * n + "tricks(P1) >= 0", game.rules)
        assert trace.holds_formula(parsed.formula) is (n % 2 == 0)


def test_a_goal_nested_too_deep_is_one_error():
    """'not ' * 3000 was a RecursionError from the checker."""
    import aceten
    from aceten.errors import AcetenError
    from aceten.logic import goal as goals

    rules = aceten.new_game("briscola", players=2, seed=1).rules
    with pytest.raises(AcetenError, match=r"^goal: nested too deeply"):
        goals.parse("not " * 3000 + "true", rules)
    deep = goals.parse("(" * 3000 + "tricks(P1) >= 1" + ")" * 3000, rules)  # brackets alone: fine
    assert deep.formula == goals.parse("tricks(P1) >= 1", rules).formula
    assert goals.parse("not " * 100 + "tricks(P1) >= 1", rules) is not None


def test_from_game_and_match_check_their_seats_and_sides():
    import aceten
    from aceten.errors import AcetenError

    g = aceten.new_game("briscola", players=2, seed=1)
    for seat in (2, -1, "P1"):
        with pytest.raises(AcetenError, match="seat"):
            position.from_game(g, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(AcetenError, match="takes a Game"):
        position.from_game(g.view(0))  # type: ignore[arg-type]
    for wrong in (0, -1, 1.5):
        with pytest.raises(AcetenError, match="max_deals"):
            aceten.Match("cruce", max_deals=wrong)  # type: ignore[arg-type]
    match = aceten.Match("briscola", players=4)
    assert [match.side_name(i) for i in range(2)] == ["team P1+P3", "team P2+P4"]
    for wrong in (-1, 2, "a"):
        with pytest.raises(AcetenError, match="no side"):
            match.side_name(wrong)  # type: ignore[arg-type]
