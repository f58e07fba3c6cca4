"""A tournament's configuration: the game, the bots and the seed, which together name it.

Two runs with the same configuration are the same tournament, whatever the number of deals
asked for, the backend or the number of workers: a second run resumes the first.

    >>> config = TournamentConfig.create("briscola", bots=["greedy", "random"], seed=7)
    >>> config.players, config.variant, config.seatings
    (2, 'standard', (('greedy', 'random'), ('random', 'greedy')))
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from aceten import agents
from aceten import rules as rules_module
from aceten.arena import schedule
from aceten.cards import CardSet, Suit
from aceten.errors import AcetenError
from aceten.rules.base import Rules

FORMAT = "duplicate"
DEFAULT_SEED = 1


def _option_text(value: Any) -> str:
    """An option value as text that ``rules.get`` reads back to the same value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, CardSet):
        return str(value)
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


def canonical_options(game: str, players: int, variant: str, options: Mapping[str, Any]) -> dict[str, str]:
    """The options that differ from the game's defaults, as sorted ``name -> text`` pairs, so
    ``arrastre=no`` (the default) and no option name the same tournament."""
    base = rules_module.get(game, players=players, variant=variant).options
    resolved = rules_module.get(game, players=players, variant=variant, **dict(options)).options
    return {name: _option_text(value) for name, value in sorted(resolved.items())
            if value is not None and value != base.get(name)}


@dataclass(frozen=True)
class TournamentConfig:
    """What a tournament plays: game, player count, variant, options, bots (in order), seed."""

    game: str
    players: int
    variant: str
    options: Mapping[str, str]
    bots: tuple[str, ...]
    seed: int = DEFAULT_SEED
    teams: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    hidden_teams: bool = field(default=False, compare=False)
    seatings: tuple[tuple[str, ...], ...] = field(default=(), compare=False)

    @classmethod
    def create(cls, game: str, bots: Sequence[str], *, players: int | None = None,
               variant: str | None = None, options: Mapping[str, Any] | None = None,
               seed: int | None = None) -> TournamentConfig:
        """Check every name (game, variant, options, bots) and resolve the defaults."""
        rules = rules_module.get(game, players=players, variant=variant, **dict(options or {}))
        names = [str(b).strip().lower() for b in bots if str(b).strip()]
        if len(names) < 2:
            raise AcetenError("--bots: give at least two bots, like greedy,random")
        for name in names:
            agents.get(name)  # an unknown name fails here, with the known ones listed
        twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
        if twice is not None:
            raise AcetenError(f"--bots: {twice} is given twice (each bot plays every seat already)")
        if rules.hidden_teams and len(names) > rules.players:
            raise AcetenError(f"--bots: {len(names)} bots for {rules.players} seats; "
                              f"give at most {rules.players}")
        opts = canonical_options(rules.name, rules.players, rules.variant, options or {})
        return cls(rules.name, rules.players, rules.variant, opts, tuple(names),
                   DEFAULT_SEED if seed is None else int(seed))

    def __post_init__(self) -> None:
        if not self.teams or not self.seatings:
            rules = self.rules()
            teams: tuple[tuple[int, ...], ...]
            if rules.hidden_teams:  # sides form at each deal: each seat is scored on its own
                teams = tuple((s,) for s in range(rules.players))
                seatings = schedule.rotations(self.bots, rules.players)
            else:
                teams = tuple(tuple(t) for t in rules.teams)
                seatings = schedule.seatings(self.bots, teams)
            object.__setattr__(self, "teams", teams)
            object.__setattr__(self, "hidden_teams", bool(rules.hidden_teams))
            object.__setattr__(self, "seatings", tuple(seatings))
        object.__setattr__(self, "options", dict(self.options))

    def rules(self) -> Rules:
        return rules_module.get(self.game, players=self.players, variant=self.variant,
                                **dict(self.options))

    def identity(self) -> dict[str, Any]:
        """The fields that name the tournament (all but the number of deals and how it runs)."""
        return {"format": FORMAT, "game": self.game, "players": self.players,
                "variant": self.variant, "options": dict(sorted(self.options.items())),
                "bots": list(self.bots), "seed": self.seed}

    @property
    def key(self) -> str:
        """The identity as canonical JSON: the tournament's key in the results database."""
        return json.dumps(self.identity(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_key(cls, key: str) -> TournamentConfig:
        data = json.loads(key)
        bots, options = data["bots"], data["options"]
        if (not isinstance(bots, list) or len(bots) < 2 or not all(isinstance(b, str) for b in bots)
                or not isinstance(options, dict) or not isinstance(data["game"], str)
                or not isinstance(data["variant"], str)):
            raise ValueError("the game, the variant, the options or the bots have the wrong shape")
        return cls(data["game"], int(data["players"]), data["variant"], options, tuple(bots),
                   int(data["seed"]))

    def describe(self) -> str:
        """One line: ``briscola (standard), 2 players, arrastre=yes, seed 1``."""
        opts = "".join(f", {k}={v}" for k, v in self.options.items())
        return f"{self.game} ({self.variant}), {self.players} players{opts}, seed {self.seed}"
