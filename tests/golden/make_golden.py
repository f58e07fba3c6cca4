"""Write the golden playthroughs: one full seeded game per game and player count, as .tgn.

Run it from the repository root to regenerate every file after an intended change of
behaviour (rules, bots, or the record format), then read the diff before committing::

    python tests/golden/make_golden.py

Each game is dealt from a seed and played to the end by greedy bots, seat s seeded with
``seed * 100 + s``. The seed is the first from 1 up whose game shows what the file is there
to show (an exchange, a bid, a marriage, roem...), so regenerating finds the same seeds
unless the behaviour changed. ``tests/test_golden.py`` replays every file through the engine
and checks that the same seed and bots still write exactly the same text.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aceten
from aceten import Exchange, Game, TrumpCall, agents, record

FOLDER = Path(__file__).resolve().parent
MAX_SEED = 10_000


def has_exchange(game: Game) -> bool:
    return any(isinstance(m, Exchange) for m in game.moves)


def has_bid(game: Game) -> bool:
    return game.contract > 0


def has_marriage(game: Game) -> bool:
    return any(kind == "bonus" for kind, _, _ in game.log)


def has_roem(game: Game) -> bool:
    return any(trick.notes for trick in game.tricks)


def has_pass(game: Game) -> bool:
    return any(isinstance(m, TrumpCall) and m.suit is None for m in game.moves)


def has_failed_bid(game: Game) -> bool:
    outcome = game.outcome()
    return has_bid(game) and outcome is not None and min(outcome.scores) < 0


def has_nat(game: Game) -> bool:
    outcome = game.outcome()
    return outcome is not None and any(note.startswith("nat") for note in outcome.notes)


@dataclass(frozen=True)
class Golden:
    """One golden file: the game to play and what its game must show."""

    file: str
    game: str
    players: int
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    wants: tuple[Callable[[Game], bool], ...] = ()

    def play(self, seed: int) -> Game:
        """The game of ``seed``, played to the end by greedy bots."""
        game = aceten.new_game(self.game, players=self.players, variant=self.variant, seed=seed,
                               **self.options)
        agents.play(game, [agents.get("greedy", seed=seed * 100 + s) for s in range(self.players)])
        return game

    def shows_all(self, game: Game) -> bool:
        return all(want(game) for want in self.wants)

    def find(self) -> Game:
        """The game of the first seed that shows everything wanted."""
        for seed in itertools.count(1):
            if seed > MAX_SEED:
                raise SystemExit(f"{self.file}: no seed up to {MAX_SEED} shows everything wanted")
            game = self.play(seed)
            if self.shows_all(game):
                return game
        raise AssertionError("unreachable")


GOLDEN = [
    Golden("briscola-2.tgn", "briscola", 2),
    Golden("briscola-3.tgn", "briscola", 3),
    Golden("briscola-4.tgn", "briscola", 4),
    Golden("brisca-2.tgn", "brisca", 2, wants=(has_exchange,)),
    Golden("brisca-3.tgn", "brisca", 3),
    Golden("brisca-4.tgn", "brisca", 4, options={"arrastre": True}),
    Golden("cruce-2.tgn", "cruce", 2, wants=(has_bid, has_marriage)),
    Golden("cruce-3.tgn", "cruce", 3, wants=(has_bid, has_failed_bid)),
    Golden("cruce-4.tgn", "cruce", 4, wants=(has_bid, has_marriage)),
    Golden("klaverjas-rotterdam.tgn", "klaverjas", 4, "rotterdam", wants=(has_roem,)),
    Golden("klaverjas-amsterdam.tgn", "klaverjas", 4, "amsterdam", {"trump_choice": "free"},
           wants=(has_pass, has_roem, has_nat)),
]


def main() -> int:
    for golden in GOLDEN:
        game = golden.find()
        path = FOLDER / golden.file
        text = record.dumps(game)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        record.save(path, game)
        state = "unchanged" if old == text else "written"
        print(f"{golden.file}: seed {game.seed}, {len(game.moves)} moves, {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["GOLDEN", "Golden", "main"]
