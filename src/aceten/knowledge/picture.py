"""Kripke models as SVG pictures: one card's "who holds it" worlds, or a small full model.

The card picture is the classic one of epistemic-logic courses: one world per place the card can
be (P1 holds it, P2 holds it, ..., it is in the stock) as far as the public history allows; a line
in a seat's colour joins two worlds that seat cannot tell apart (reflexive loops left out, as
usual for S5); the worlds the asking seat considers possible are filled, the actual world (when
known) has a double ring. Two places are joined for seat Q when some hand Q may hold leaves both
possible — decided exactly by counting, so the picture is right on full decks too.

Pictures are strings with ``_repr_svg_`` (notebooks show them), deterministic, no scripts.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from aceten.cards import Card, cards_of
from aceten.errors import AcetenError
from aceten.knowledge.history import STOCK

if TYPE_CHECKING:
    from aceten.knowledge.knowledge import Knowledge, Location
    from aceten.knowledge.kripke import KripkeModel

try:  # the package's picture type, when the display layer is there
    from aceten.show.svg import SvgImage
except ImportError:  # pragma: no cover - aceten.show.svg ships with the package
    class SvgImage(str):  # type: ignore[no-redef]
        """SVG markup; notebooks display it through ``_repr_svg_``."""

        __slots__ = ()

        def _repr_svg_(self) -> str:
            return self

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
FILL = "#fff3c4"
INK = "#212121"
MAX_MODEL_WORLDS = 60


def _num(x: float) -> str:
    text = f"{x:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(**attrs: Any) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}={quoteattr(value if isinstance(value, str) else _num(value))}")
    return "".join(out)


def _text(x: float, y: float, content: str, **attrs: Any) -> str:
    return f"<text{_attrs(x=x, y=y, **attrs)}>{escape(content)}</text>"


def _svg(body: str, width: float, height: float, size: float | None) -> SvgImage:
    scale = 1.0 if size is None else size / width
    box = f"0 0 {_num(width)} {_num(height)}"
    head = ('<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
            + _attrs(viewBox=box, width=width * scale, height=height * scale, font_family=FONT) + ">")
    back = f'<rect width="{_num(width)}" height="{_num(height)}" fill="#ffffff"/>'
    return SvgImage(head + back + body + "</svg>")


def _loc_label(loc: Location) -> str:
    return loc if isinstance(loc, str) else f"P{loc + 1}"


def _edges_svg(pairs: dict[tuple[int, int], list[int]], pos: list[tuple[float, float]],
               radius: float) -> str:
    """Lines between world centres, one per seat, side by side, trimmed to the node borders."""
    out = []
    for (a, b), seats in sorted(pairs.items()):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        nx, ny = -uy, ux
        for k, seat in enumerate(seats):
            off = (k - (len(seats) - 1) / 2) * 5
            sx, sy = x1 + ux * radius + nx * off, y1 + uy * radius + ny * off
            ex, ey = x2 - ux * radius + nx * off, y2 - uy * radius + ny * off
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            out.append(f"<line{_attrs(x1=sx, y1=sy, x2=ex, y2=ey, stroke=colour, stroke_width=2.5)}>"
                       f"<title>P{seat + 1} cannot tell these apart</title></line>")
    return "".join(out)


def _legend(y: float, seats: list[int], observer: int, width: float) -> str:
    parts = []
    x = 20.0
    for s in seats:
        colour = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        parts.append(f"<line{_attrs(x1=x, y1=y, x2=x + 22, y2=y, stroke=colour, stroke_width=3)}/>")
        parts.append(_text(x + 27, y + 4, f"P{s + 1}", font_size=12, fill=INK))
        x += 62
    parts.append(f"<rect{_attrs(x=x + 6, y=y - 8, width=16, height=16, fill=FILL, stroke=INK)}/>")
    parts.append(_text(x + 28, y + 4, f"P{observer + 1} considers possible", font_size=12, fill=INK))
    return "".join(parts)


# -- one card ---------------------------------------------------------------------------------------
def card_relations(kn: Knowledge, card: Card
                   ) -> tuple[list[Location], dict[int, set[frozenset[Location]]]]:
    """The places ``card`` can be by the public history, and for each seat the pairs of places it
    cannot tell apart (as two-element sets)."""
    from aceten.knowledge.evaluate import Frame

    pub = kn.public()
    tl = pub.timeline
    known = tl.location(card)
    if known is not None:
        loc: Location = "stock" if known == STOCK else known
        return [loc], {s: set() for s in range(kn.rules.players)}
    places = list(pub.marginals()[card])
    p = pub.problem
    label = {card: ("card", int(card))}
    relations: dict[int, set[frozenset[Location]]] = {}
    for seat in range(kn.rules.players):
        pairs: set[frozenset[Location]] = set()
        first = p.location_index(seat)
        others = [pl for pl in places if pl != seat]
        if first is None:
            pairs = {frozenset((a, b)) for a in others for b in others if a != b}
            relations[seat] = pairs
            continue
        frame = Frame(p, label, first=first)
        j = frame.index[card]
        base = frame.solver()
        restricted = {}
        for pl in others:
            where = len(p.caps) - 1 if pl == "stock" else p.location_index(pl)  # type: ignore[arg-type]
            if where is not None:
                restricted[pl] = frame.solver({card: frozenset((where,))})
        for take, _, nxt in base.edges(0, base.start):
            if not base.paths(1, nxt) or take[j]:
                continue
            possible = [pl for pl, s in restricted.items() if s.paths(1, nxt) > 0]
            pairs |= {frozenset((a, b)) for a in possible for b in possible if a != b}
        relations[seat] = pairs
    return places, relations


def card_picture(kn: Knowledge, card: Card, *, actual: Location | None = None,
                 size: float | None = None, partner_of: int | None = None) -> SvgImage:
    """``partner_of``: ``card`` was called by that seat, so each world is a team: its holder
    is the caller's partner (the caller itself: alone)."""
    places, relations = card_relations(kn, card)
    mine = set(kn.marginals()[card])
    n = len(places)
    width, height = 560.0, 500.0
    cx, cy, ring = width / 2, 275.0, 140.0 if n > 2 else 120.0
    radius = 40.0
    pos = []
    for i in range(n):
        angle = -math.pi / 2 + 2 * math.pi * i / n if n > 1 else 0.0
        pos.append((cx + ring * math.cos(angle), cy + ring * math.sin(angle)) if n > 1 else (cx, cy))
    index = {pl: i for i, pl in enumerate(places)}
    pairs: dict[tuple[int, int], list[int]] = {}
    for seat in sorted(relations):
        for pair in relations[seat]:
            a, b = sorted(index[pl] for pl in pair)
            pairs.setdefault((a, b), []).append(seat)
    title = f"Who holds {card}?"
    if partner_of is not None:
        title = f"Who is P{partner_of + 1}'s partner? (the holder of {card})"
    body = [_text(20, 30, title, font_size=20, font_weight="bold", fill=INK),
            _text(20, 50, f"{kn.rules.title}, P{kn.seat + 1}'s view after {len(kn.events)} events",
                  font_size=12, fill="#555555"),
            _text(20, 66, "a line joins the worlds a seat cannot tell apart", font_size=12, fill="#555555")]
    body.append(_edges_svg(pairs, pos, radius))
    for pl, (x, y) in zip(places, pos):
        possible = pl in mine
        name = _loc_label(pl)
        text = {"stock": "in the stock", "played": "on the table"}.get(name, "holds it")
        if partner_of is not None and isinstance(pl, int):
            text = "alone" if pl == partner_of else "partner"
        tip = f"{card}: {name} {text}" if name not in ("stock", "played") else f"{card}: {text}"
        if possible:
            tip += f"; P{kn.seat + 1} gives it probability {float(kn.marginals()[card][pl]):.3f}"
        circle = "<circle" + _attrs(cx=x, cy=y, r=radius, fill=FILL if possible else "#ffffff", stroke=INK,
                                    stroke_width=1.5, stroke_dasharray=None if possible else "4 3") + "/>"
        ring_mark = ("<circle" + _attrs(cx=x, cy=y, r=radius + 5, fill="none", stroke=INK, stroke_width=2)
                     + "/>" if actual is not None and actual == pl else "")
        body.append(f"<g><title>{escape(tip)}</title>{ring_mark}{circle}"
                    + _text(x, y - 2, name, font_size=18, font_weight="bold", text_anchor="middle", fill=INK)
                    + _text(x, y + 16, text, font_size=10, text_anchor="middle", fill="#555555") + "</g>")
    legend_y = height - 40
    body.append(_legend(legend_y, list(range(kn.rules.players)), kn.seat, width))
    if actual is not None:
        body.append(_text(20, height - 14, "double ring: the actual world", font_size=12, fill=INK))
    return _svg("".join(body), width, height, size)


# -- a whole model ----------------------------------------------------------------------------------
def model_picture(model: KripkeModel, *, actual: int | None = None, size: float | None = None) -> SvgImage:
    count = len(model.worlds)
    if count > MAX_MODEL_WORLDS:
        raise AcetenError(f"the model has {count} worlds; a picture shows at most {MAX_MODEL_WORLDS} "
                          "(draw one card with --card, or a later position)")
    if not count:
        raise AcetenError("the model has no world")
    n = model.rules.players
    fam = model.rules.family
    varying = 0
    for world in model.worlds[1:]:
        for a, b in zip(model.worlds[0], world):
            varying |= a ^ b
    lines_per = [[f"{'stock' if i == n else f'P{i + 1}'}: "
                  + (" ".join(map(str, cards_of(world[i] & varying, fam))) or "-")
                  for i in range(n + 1) if any(w[i] & varying for w in model.worlds)]
                 for world in model.worlds]
    longest = max((len(line) for lines in lines_per for line in lines), default=0)
    box_w = max(70.0, 7.2 * longest + 12)
    box_h = 14.0 * max(1, max(len(lines) for lines in lines_per)) + 10
    ring = max(150.0, count * (box_w + box_h) / (2 * math.pi) * 0.75)
    width = max(600.0, 2 * ring + box_w + 60)
    height = 2 * ring + box_h + 170
    cx, cy = width / 2, 100 + ring + box_h / 2
    pos = [(cx + ring * math.cos(-math.pi / 2 + 2 * math.pi * i / count),
            cy + ring * math.sin(-math.pi / 2 + 2 * math.pi * i / count)) if count > 1 else (cx, cy)
           for i in range(count)]
    pairs: dict[tuple[int, int], list[int]] = {}
    for seat in range(n):
        for group in model.classes(seat):
            for a_i, a in enumerate(group):
                for b in group[a_i + 1:]:
                    pairs.setdefault((min(a, b), max(a, b)), []).append(seat)
    observed = set(model.observed)
    body = [_text(20, 30, f"Kripke model: {count} world{'s' if count != 1 else ''}", font_size=20,
                  font_weight="bold", fill=INK),
            _text(20, 50, f"{model.rules.title}; each world shows the cards whose place varies",
                  font_size=12, fill="#555555"),
            _text(20, 66, "a line joins the worlds a seat cannot tell apart", font_size=12, fill="#555555")]
    body.append(_edges_svg(pairs, pos, min(box_w, box_h) / 2))
    for w, ((x, y), lines) in enumerate(zip(pos, lines_per)):
        fill = FILL if w in observed else "#ffffff"
        left, top = x - box_w / 2, y - box_h / 2
        rect = "<rect" + _attrs(x=left, y=top, width=box_w, height=box_h, rx=6, fill=fill, stroke=INK,
                                stroke_width=1.2) + "/>"
        mark = ("<rect" + _attrs(x=left - 4, y=top - 4, width=box_w + 8, height=box_h + 8, rx=8,
                                 fill="none", stroke=INK, stroke_width=2) + "/>" if actual == w else "")
        text = "".join(_text(x, top + 17 + 14 * k, line, font_size=11, text_anchor="middle", fill=INK,
                             font_family="DejaVu Sans Mono, monospace") for k, line in enumerate(lines))
        tip = f"{escape(model.label(w))} ({model.weights[w]:,} deals)"
        body.append(f"<g><title>{tip}</title>{mark}{rect}{text}</g>")
    body.append(_legend(height - 40, list(range(n)), model.seat, width))
    if actual is not None:
        body.append(_text(20, height - 14, "double border: the actual world", font_size=12, fill=INK))
    return _svg("".join(body), width, height, size)
