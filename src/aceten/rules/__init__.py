"""The rules of the four games, found by name: ``aceten.rules.get("klaverjas", variant="amsterdam")``."""

from __future__ import annotations

from typing import Any

from aceten.errors import AcetenError
from aceten.rules.base import Option, Rules
from aceten.rules.brisca import BriscaRules
from aceten.rules.briscola import BriscolaRules
from aceten.rules.cruce import CruceRules
from aceten.rules.klaverjas import KlaverjasRules
from aceten.rules.obligations import FollowSuit, Obligation, Obligations, PartnerExemption, Trumping

GAMES: dict[str, type[Rules]] = {
    "briscola": BriscolaRules,
    "brisca": BriscaRules,
    "cruce": CruceRules,
    "klaverjas": KlaverjasRules,
}

#: the game a command or constructor plays when none is named
DEFAULT_GAME = "briscola"

_CACHE: dict[tuple[Any, ...], Rules] = {}
_BY_ARGS: dict[tuple[str, int | None, str | None], Rules] = {}  # get's arguments as written


def get(name: str, players: int | None = None, variant: str | None = None, **options: Any) -> Rules:
    """The rules of game ``name`` for a player count, variant and options (cached: rules are
    immutable once built)."""
    simple = (not options and type(name) is str and (players is None or type(players) is int)
              and (variant is None or type(variant) is str))
    raw = (name, players, variant) if simple else None
    if raw is not None:  # the common call, looked up as written (every new_game makes one)
        found = _BY_ARGS.get(raw)
        if found is not None:
            return found
    key_name = str(name).strip().lower()
    try:
        cls = GAMES[key_name]
    except KeyError:
        raise AcetenError(f"unknown game {name!r}: choose from {', '.join(GAMES)}") from None
    try:
        key = (key_name, players, variant, tuple(sorted(options.items())))
        hash(key)
    except TypeError:
        return cls(players, variant, **options)
    rules = _CACHE.get(key)
    if rules is None:
        rules = _CACHE[key] = cls(players, variant, **options)
    if raw is not None and len(_BY_ARGS) < 1000:
        _BY_ARGS[raw] = rules
    return rules


def for_questions(name: str, players: int | None = None, variant: str | None = None,
                  **options: Any) -> Rules:
    """The rules as the logic layer models them: the game's ``question_options`` (a phase it
    does not model turned off, say) unless ``options`` say otherwise."""
    cls = GAMES.get(str(name).strip().lower())
    merged = {**(cls.question_options if cls is not None else {}), **options}
    return get(name, players=players, variant=variant, **merged)


__all__ = ["DEFAULT_GAME", "GAMES", "FollowSuit", "Obligation", "Obligations", "Option", "PartnerExemption",
           "Rules", "Trumping", "for_questions", "get"]
