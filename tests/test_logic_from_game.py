"""``ask`` and ``prove`` take a game as it stands (``position.from_game``): the answers agree
with an exhaustive search through the engine, a seat's view hides what the seat has not seen,
and an answer prints in one line."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten.errors import AcetenError
from aceten.logic import ask, position
from aceten.logic.proofs import prove


def _near_the_end(game_name: str, seed: int, left: int, **kwargs: object) -> aceten.Game:
    """A seeded game played at random until ``left`` cards are still to be played."""
    game = aceten.new_game(game_name, seed=seed, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while game.cards_left > left or game.phase != "play":
        game.push(rng.choice(game.legal_moves()))
    return game


def _most_tricks(game: aceten.Game, seat: int) -> int:
    """The most tricks ``seat`` can end with, every player's choices free (exhaustive)."""
    if game.is_over():
        return game.tricks_won[seat]
    best = 0
    for move in game.legal_moves():
        game.push(move)
        best = max(best, _most_tricks(game, seat))
        game.pop()
    return best


@pytest.mark.parametrize(("game_name", "kwargs"), [
    ("briscola", {}), ("brisca", {"players": 4}), ("klaverjas", {}),
    ("cruce", {"players": 3, "bidding": "no"}),
])
def test_a_games_optimum_is_the_exhaustive_one(game_name: str, kwargs: dict[str, object]) -> None:
    game = _near_the_end(game_name, seed=3, left=8, **kwargs)
    moves_before = len(game.moves)
    best = _most_tricks(game, 0)
    answer = ask(game, "maximize tricks(P1)")
    assert answer.status == "optimum" and answer.proven and answer.value == best
    assert answer.witnesses[0].game.moves[:moves_before] == game.moves
    assert ask(game, f"tricks(P1) >= {best + 1}").status == "impossible"
    assert len(game.moves) == moves_before  # the game is left as it was


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_cruce_game_after_its_bidding_is_asked_from_the_winners_lead(players: int) -> None:
    game = _near_the_end("cruce", seed=players, left=8 if players < 4 else 12, players=players)
    assert game.rules.options["bidding"] and game.declarer is not None
    best = _most_tricks(game, 0)
    answer = ask(game, "maximize tricks(P1)")
    assert answer.value == best and answer.proven
    bids = [m for m in game.moves if isinstance(m, aceten.Bid)]
    assert answer.witnesses[0].game.moves == [m for m in game.moves if m not in bids] \
        + answer.witnesses[0].game.moves[len(game.moves) - len(bids):]
    pos = position.from_game(game)
    assert pos.leader == game.tricks[0].leader == game.declarer and pos.bidding is not None
    assert f"P{game.declarer + 1} won the bidding with {game.contract}" in "\n".join(pos.describe())
    with pytest.raises(AcetenError, match=r"score\(\.\.\.\) is not modelled after a bidding"):
        ask(game, "score(P1) >= 1")
    with pytest.raises(AcetenError, match="not modelled after a bidding"):
        prove(game.rules, "score(P1) >= 0", position=game)


def test_a_seats_view_hides_the_other_hands() -> None:
    game = _near_the_end("briscola", seed=5, left=12)
    everything = position.from_game(game)
    seen_by_p2 = position.from_game(game, seat=1)
    assert None not in everything.stock and None in seen_by_p2.stock
    assert seen_by_p2.hands[1] == everything.hands[1]  # P2's own deal
    known = {c for c in (*seen_by_p2.hands[0], *seen_by_p2.stock) if c is not None}
    assert not known & set(game.hand(0))  # P1's hand now: not seen by P2
    full = ask(game, "maximize tricks(P1)").value
    guessed = ask(seen_by_p2, "maximize tricks(P1)").value
    assert full is not None and guessed is not None and guessed >= full


def test_prove_takes_a_game() -> None:
    game = _near_the_end("briscola", seed=1, left=6)
    tricks = game.tricks_won[0]
    assert prove(game.rules, f"tricks(P1) >= {tricks + 4}", position=game).status == "counterexample"


def test_anything_else_is_refused_in_one_line() -> None:
    with pytest.raises(AcetenError, match="a position is an aceten\\.Game or"):
        ask("examples/student.toml", "tricks(P1) >= 1")  # type: ignore[arg-type]


def test_an_answer_prints_in_one_line() -> None:
    game = aceten.new_game("briscola", seed=1)
    assert repr(ask(game, "tricks(P1) >= 21")) == "<Answer tricks(P1) >= 21: impossible (proven)>"
    best = ask(game, "maximize tricks(P1)")
    assert str(best) == f"maximize tricks(P1) = {best.value} (proven optimal)"
    assert "\n" not in repr(ask(game, "tricks(P1) >= 1"))
