"""What every rule part is: one rule of a game with its three sides.

* **step** — how the rule changes a game: the part writes its parameters into the flat rules
  vector ``R`` and card tables ``T`` (:meth:`Part.fill`), and the one step function of
  :mod:`aceten.rules.step` reads them; the engine, the solver, the batch simulator and the
  environments all run that step.
* **encode** — the same rule as constraints: the logic layer's model reads the part's
  parameters (obligations also give formulas, see :mod:`aceten.rules.obligations`).
* **describe** — the rule in words, for ``aceten rules``, the docs and explanations.

A game file lists its parts; nothing outside ``rules/`` knows which game has which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aceten.rules.base import Rules


class Part:
    """One rule of a game (a base class: see the module docstring)."""

    #: the heading the part's description goes under in ``aceten rules``
    section = "rules"

    def fill(self, rules: Rules, R: list[int], T: list[int]) -> None:
        """Write the part's parameters into the rules vector and card tables."""

    def describe(self, rules: Rules) -> list[str]:
        """The rule in words, one line per statement."""
        return []
