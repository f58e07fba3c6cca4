"""Counts in the bots' plain reasons: "1 point", "12 points", never "1 points".

One helper for every reason that puts a number before a noun, so the singular and the plural
are right everywhere (the web table reads the same words back by its templates,
``aceten.web.i18n_reasons``, and says them in the reader's language).
"""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun`` as a person writes them: ``plural(1, "point")`` is "1 point",
    ``plural(12, "point")`` "12 points" (``many``: a plural that is not the noun plus "s").
    Only exactly one takes the singular (0 points, -1 points), as in the web table's
    templates."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def layouts(count: int, adjective: str = "") -> str:
    """The layouts of the hidden cards a searching bot tried: "one layout", "12 layouts" (or
    "12 possible layouts" with ``adjective="possible"``)."""
    if count == 1:
        return "one layout"
    return f"{count} {adjective + ' ' if adjective else ''}layouts"
