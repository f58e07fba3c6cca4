"""The one error tree: every error aceten raises on bad input is an ``AcetenError``."""

from __future__ import annotations


class AcetenError(ValueError):
    """Bad input or an impossible request; the CLI prints it as one line and exits 2."""


class IllegalMove(AcetenError):
    """A move that the rules do not allow in this position; the message says why."""


class RecordError(AcetenError):
    """A game record that cannot be read; the message names the line."""
