"""What each player knows: exact epistemic reasoning about the hidden cards of a deal.

:class:`Knowledge` is one seat's knowledge, built from its :class:`~aceten.game.PlayerView`
(never the full game) and updated event by event: exact counts of the deals it considers
possible, every card's probabilities, exactly uniform samples of consistent deals, answers to
queries (``knows(P1, knows(P3, holds(P3, AS)))``), explanations and Kripke pictures. See
``docs/knowledge.md``.

Modules: :mod:`~aceten.knowledge.history` (events as slots and per-card constraints),
:mod:`~aceten.knowledge.constraints` (what the declared obligations imply),
:mod:`~aceten.knowledge.count` (counting, marginals), :mod:`~aceten.knowledge.sampling`
(exactly uniform samples), :mod:`~aceten.knowledge.facts`
and :mod:`~aceten.knowledge.query` (facts, formulas, the query language),
:mod:`~aceten.knowledge.evaluate` (deciding queries), :mod:`~aceten.knowledge.kripke` (explicit
models), :mod:`~aceten.knowledge.explain`, :mod:`~aceten.knowledge.picture` (SVG) and
:mod:`~aceten.knowledge.records` (knowledge from game records).
"""

from aceten.knowledge.facts import (
    Answer,
    Formula,
    alone,
    common,
    has_trump,
    holds,
    in_stock,
    knows,
    knows_partner,
    partner,
    possible,
    void,
)
from aceten.knowledge.knowledge import Knowledge, WorldCount
from aceten.knowledge.query import QueryError, parse_query

__all__ = ["Answer", "Formula", "Knowledge", "QueryError", "WorldCount", "alone", "common", "has_trump",
           "holds", "in_stock", "knows", "knows_partner", "parse_query", "partner", "possible", "void"]
