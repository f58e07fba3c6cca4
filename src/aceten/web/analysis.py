"""The web table's adapter to the reasoning layers: the knowledge panel and the analysis.

The page shows two panels fed by other layers of aceten:

- the **knowledge panel** (:func:`knowledge`): for one seat, built from that seat's
  :class:`~aceten.game.PlayerView` only, per opponent the cards known held and known not held,
  the voids and the probability of each unseen card, and a Kripke picture for a chosen card —
  from :mod:`aceten.knowledge`;
- the **analysis** (:func:`analysis`), once the deal is over and every card is public: the
  double-dummy value of every move played against the best move, and the points lost per
  player — from :mod:`aceten.search`.

Each function returns a JSON-ready payload. The knowledge layer ships with the package; the
solver is an extra (``aceten[search]``): without it the analysis payload is ``{"available":
false, "reason": "..."}`` and the page says so. A layer's own refusal (an
:class:`~aceten.errors.AcetenError`, e.g. a Kripke model too large to draw) is shown the same
way; any other error is a bug and is raised. The shapes of the full payloads are documented on
each function and in ``docs/web.md``; the page renders exactly those keys.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

from aceten.cards import Card
from aceten.errors import AcetenError
from aceten.game import Game, PlayerView
from aceten.knowledge import Knowledge

SEARCH_MODULE = "aceten.search"


SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def plain_count(count: int, noun: str, many: str | None = None) -> str:
    """A count as people read it: exact up to a million (``1,234 possible deals``), then
    ``about 6 × 10²⁵ possible deals`` (one significant figure)."""
    if count < 1_000_000:
        return f"{count:,} {noun if count == 1 else many or noun + 's'}"
    digits = len(str(count)) - 1
    lead = round(count / 10**digits)
    if lead == 10:
        lead, digits = 1, digits + 1
    return f"about {lead} × 10{str(digits).translate(SUPERSCRIPT)} {many or noun + 's'}"


def percent(p: float) -> str:
    """A probability as a percentage: ``37%``, ``<1%`` and ``>99%`` rather than 0% or 100% for
    what is possible but not certain."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def _unavailable(reason: str, **extra: Any) -> dict[str, Any]:
    return {"available": False, "reason": reason, **extra}


# -- knowledge panel -----------------------------------------------------------------------------
def knowledge(view: PlayerView, card: Card | None = None) -> dict[str, Any]:
    """What ``view``'s seat knows about the other hands, from its view alone.

    Payload when available::

        {"available": true, "seat": 0, "worlds": "1234", "holdings": "56",
         "worlds_text": "about 6 × 10²⁵ possible deals", "holdings_text": "56 ways",
         "opponents": [{"seat": 1, "held": ["AS"], "not_held": ["3C"], "voids": ["C"],
                        "probabilities": {"KB": 0.5, ...},     # unseen cards only
                        "percents": {"KB": "50%", ...}}, ...],
         "stock": {"KB": 0.25, ...},
         "card": "AS" | null, "kripke_svg": "<svg ...>" | null}

    Uses :class:`aceten.knowledge.Knowledge`: ``from_view(view)``, ``held(seat)``,
    ``not_held(seat)``, ``voids(seat)``, ``marginals()`` (``{card: {seat | "stock" |
    "played": probability}}``), ``count()`` and ``card_svg(card)`` — never with the actual
    location, which the seat does not know.
    """
    if not isinstance(view, PlayerView):  # the panel is only ever built from a seat's view
        raise TypeError("knowledge() takes a PlayerView")
    try:
        known = Knowledge.from_view(view)
        marginals = known.marginals()
        count = known.count()
    except AcetenError as err:
        return _unavailable(f"the knowledge layer cannot answer here: {err}", seat=view.seat)
    # the seat's own cards and the face-up trump are trivially not in another hand
    obvious = set(view.hand) | ({view.trump_card} if view.trump_card is not None else set())
    opponents = []
    for seat in range(view.players):
        if seat == view.seat:
            continue
        probabilities, percents = {}, {}
        for c, where in marginals.items():
            p = float(where.get(seat, 0))
            if 0 < p < 1:
                probabilities[str(c)] = round(p, 4)
                percents[str(c)] = percent(p)
        opponents.append({
            "seat": seat,
            "held": sorted(str(c) for c in known.held(seat)),
            "not_held": sorted(str(c) for c in known.not_held(seat) if c not in obvious),
            "voids": [s.letter for s in known.voids(seat)],
            "probabilities": probabilities,
            "percents": percents,
        })
    stock = {str(c): round(float(where["stock"]), 4) for c, where in marginals.items()
             if 0 < float(where.get("stock", 0)) < 1}
    svg, svg_note = None, None
    if card is not None:
        try:
            svg = str(known.card_svg(card))
        except AcetenError as err:
            svg_note = f"the Kripke picture is not available here: {err}"
    return {"available": True, "seat": view.seat, "kripke_note": svg_note,
            "worlds": str(count.deals), "holdings": str(count.holdings),
            "worlds_text": plain_count(int(count.deals), "possible deal"),
            "holdings_text": plain_count(int(count.holdings), "way", "ways"),
            "opponents": opponents, "stock": stock,
            "card": None if card is None else str(card), "kripke_svg": svg}


def public_picture(view: PlayerView, card: Card) -> dict[str, Any]:
    """The Kripke picture of ``card`` for spectators: every seat's relation, drawn from the
    public history alone (``Knowledge.public()`` of any seat's view keeps only the events every
    seat saw), so the filled worlds are those a spectator considers possible.

    Payload: ``{"available": true, "seat": null, "card": "AS", "kripke_svg": "<svg ...>"}``."""
    if not isinstance(view, PlayerView):
        raise TypeError("public_picture() takes a PlayerView")
    try:
        from aceten.knowledge.picture import card_picture

        public = Knowledge.from_view(view).public()
        svg = str(card_picture(public, card))
    except AcetenError as err:
        return _unavailable(f"the Kripke picture is not available here: {err}", seat=None)
    # the picture names its observer; here it is everyone, i.e. a spectator
    observer = f"P{view.seat + 1}"
    svg = (svg.replace(f"{observer}&#x27;s view after", "the public view after")
           .replace(f"{observer}'s view after", "the public view after")
           .replace(f"{observer} considers possible", "a spectator considers possible")
           .replace(f"{observer} gives it probability", "a spectator gives it probability"))
    return {"available": True, "seat": None, "card": str(card), "kripke_svg": svg}


# -- analysis --------------------------------------------------------------------------------------
def analysis(game: Game, budget: float | None = None) -> dict[str, Any]:
    """After the deal: every move's double-dummy value against the best, points lost per player.

    Payload when available::

        {"available": true,
         "moves": [{"ply": 0, "seat": 0, "move": "AS", "value": 61, "best": "3S",
                    "best_value": 72, "lost": 11}, ...],   # values for the mover's side
         "lost": [11, 0]}                                  # points lost per seat

    Uses :func:`aceten.search.solve` on the position before each card: its
    ``moves`` give every legal move's ``value`` and ``loss`` for the side to move. Moves of a
    bidding or trump-call phase are not solved (``value`` is None). With ``budget`` (seconds)
    the moves are solved from the last one back and the early ones are left out (``value``
    None, ``"complete": false``) once the next solve would likely overrun the budget: every move
    of a 4-player deal's first position can take more than ten seconds (docs/web.md).
    """
    if not game.is_over():
        return _unavailable("the analysis is shown when the deal is over")
    try:
        module = importlib.import_module(SEARCH_MODULE)
    except ImportError:
        return _unavailable("the double-dummy solver is not installed: pip install 'aceten[search]'")
    try:
        rows, complete = _analyse_with_solve(game, module.solve, budget)
    except AcetenError as err:
        return _unavailable(f"the solver cannot analyse this deal: {err}")
    lost = [0] * game.players
    for row in rows:
        lost[int(row["seat"])] += int(row.get("lost") or 0)
    return {"available": True, "complete": complete, "moves": rows, "lost": lost,
            "side_note": "values are card points (with bonuses) the mover's side ends with under "
                         "best play by everyone after the move"}


def _analyse_with_solve(game: Game, solve: Any,
                        budget: float | None) -> tuple[list[dict[str, Any]], bool]:
    positions = []
    position = Game(game.rules, seed=game.seed, deal=game.deal)
    for move in game.moves:
        positions.append((position.copy() if position.phase == "play" else None, position.to_move, move))
        position.push(move)
    rows: list[dict[str, Any]] = []
    last_play = next((before for before, _, _ in reversed(positions) if before is not None), None)
    if last_play is not None:  # loads (or, the first time after installing, compiles) the
        solve(last_play)       # solver before the clock starts: the budget is for solving
    start = time.perf_counter()
    last = 0.0
    complete = True
    for ply in range(len(positions) - 1, -1, -1):
        before, seat, move = positions[ply]
        row: dict[str, Any] = {"ply": ply, "seat": seat, "move": str(move), "value": None,
                               "best": None, "best_value": None, "lost": None}
        elapsed = time.perf_counter() - start
        if before is not None and complete and budget is not None and last \
                and elapsed + 4 * last > budget:
            complete = False
        if before is not None and complete:
            t0 = time.perf_counter()
            solution = solve(before)
            last = time.perf_counter() - t0
            values = {str(m.move): (int(m.value), int(m.loss)) for m in solution.moves}
            value, loss = values[str(move)]
            row.update(value=value, best=str(solution.best_move), best_value=int(solution.value),
                       lost=loss)
        rows.append(row)
    rows.reverse()
    return rows, complete


def analysis_of_record(text: str, budget: float | None = None) -> dict[str, Any]:
    """:func:`analysis` of a complete record's game (a picklable job for a worker process:
    the solver holds the interpreter while it searches, so the server runs it elsewhere)."""
    from aceten import record

    return analysis(record.loads(text), budget)
