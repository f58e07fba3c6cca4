"""SVG pictures of cards, hands, tricks and the table, shown inline by notebooks.

Like ``chess.svg``, every function returns an :class:`SvgImage`: a ``str`` of SVG markup whose
``_repr_svg_`` lets Jupyter draw it with no setup. Pictures use only the standard library, are
deterministic (same input, same string) and carry no ids or scripts, so many of them can sit on
one page. Each card face names its card in a ``<title>`` tooltip. A table drawn from a
:class:`~aceten.game.PlayerView` holds only what that seat may see: the other hands are backs.

    >>> import aceten
    >>> from aceten.show import svg
    >>> image = svg.card(aceten.Card.parse("AS"))
    >>> image.startswith("<svg") and "<title>ace of swords</title>" in image
    True
    >>> g = aceten.new_game("briscola", players=2, seed=7)
    >>> picture = svg.table(g.view(0))
    >>> picture.count('class="card"')  # P1's three cards and the face-up trump
    4
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast
from xml.sax.saxutils import escape, quoteattr

from aceten.cards import Card, CardSet, Family, Rank, Suit
from aceten.errors import AcetenError
from aceten.show.text import seat_name, sorted_hand

if TYPE_CHECKING:  # drawn from what they expose: the core's notebook hooks call down into here
    from aceten.game import Game, PlayerView, Trick
    from aceten.moves import Move
    from aceten.rules.base import Rules

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "SvgImage", "card", "cards", "suit", "table", "trick"]

# A card is drawn in a 100 x 140 box of its own units, then scaled to the size asked for.
CARD_WIDTH = 100
CARD_HEIGHT = 140
_RATIO = CARD_HEIGHT / CARD_WIDTH

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"


class SvgImage(str):
    """SVG markup as a ``str``; notebooks display it as a picture through ``_repr_svg_``."""

    __slots__ = ()

    def _repr_svg_(self) -> SvgImage:
        return self


# -- markup helpers ------------------------------------------------------------------------------
def _num(value: float) -> str:
    """A coordinate with at most two decimals, the same text for the same value every time."""
    if isinstance(value, int):
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, Any]) -> str:
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = value if isinstance(value, str) else _num(value)
        out.append(f" {name}={quoteattr(text)}")
    return "".join(out)


def _el(tag: str, **attrs: Any) -> str:
    return f"<{tag}{_attrs(attrs)}/>"


def _text(x: float, y: float, content: str, **attrs: Any) -> str:
    return f"<text{_attrs({'x': x, 'y': y, **attrs})}>{escape(content)}</text>"


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _group(body: str, **attrs: Any) -> str:
    return f"<g{_attrs(attrs)}>{body}</g>"


def _svg(body: str, width: float, height: float, size: float | None = None, *,
         background: str | None = None) -> SvgImage:
    """The root element: a ``viewBox`` of the drawing's units, shown ``size`` pixels wide."""
    scale = 1.0 if size is None else size / width
    attrs = {"viewBox": f"0 0 {_num(width)} {_num(height)}", "width": width * scale,
             "height": height * scale, "font-family": FONT}
    head = f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1"{_attrs(attrs)}>'
    if background is not None:
        body = _el("rect", width=width, height=height, fill=background) + body
    return SvgImage(head + body + "</svg>")


# -- suits ---------------------------------------------------------------------------------------
RED = "#c62828"
BLACK = "#212121"
BLUE = "#1f5fa8"
BLUE_DARK = "#123c6e"
GOLD = "#e0a82e"
GOLD_DARK = "#8a6410"
GREEN = "#2e7d32"
GREEN_DARK = "#1b5e20"
BROWN = "#b07a3a"
BROWN_DARK = "#5d3a1a"

# Ink for a suit's rank letters: readable on white, and the suit's own colour.
SUIT_INK: dict[Family, tuple[str, str, str, str]] = {
    Family.LATIN: (BLUE, RED, "#9a6b00", GREEN),  # swords cups coins clubs
    Family.FRENCH: (BLACK, RED, RED, BLACK),  # clubs diamonds hearts spades
    Family.GERMAN: (RED, GREEN, BROWN_DARK, "#9a6b00"),  # rosu verde ghinda duba
}

# Each mark is drawn in a box from -50 to 50 on both axes, y pointing down.
_HEART = ("M0,44 C-12,30 -46,8 -46,-14 C-46,-32 -32,-42 -20,-42 C-10,-42 -3,-36 0,-27 "
          "C3,-36 10,-42 20,-42 C32,-42 46,-32 46,-14 C46,8 12,30 0,44 Z")
_SPADE = ("M0,-46 C12,-30 44,-12 44,8 C44,24 32,32 20,32 C10,32 4,26 2,20 C4,30 8,40 15,46 "
          "L-15,46 C-8,40 -4,30 -2,20 C-4,26 -10,32 -20,32 C-32,32 -44,24 -44,8 C-44,-12 -12,-30 0,-46 Z")
_DIAMOND = "M0,-46 Q15,-20 34,0 Q15,20 0,46 Q-15,20 -34,0 Q-15,-20 0,-46 Z"


def _club_shape(fill: str) -> str:
    return "".join([
        _el("circle", cx=0, cy=-22, r=18, fill=fill),
        _el("circle", cx=-21, cy=6, r=18, fill=fill),
        _el("circle", cx=21, cy=6, r=18, fill=fill),
        _el("circle", cx=0, cy=0, r=9, fill=fill),
        _el("path", d="M0,0 C2,22 8,36 16,46 L-16,46 C-8,36 -2,22 0,0 Z", fill=fill),
    ])


def _sword_shape() -> str:
    return _group("".join([
        _el("path", d="M-8,-20 L8,-20 L8,30 L0,48 L-8,30 Z", fill=BLUE, stroke=BLUE_DARK, stroke_width=2.5),
        _el("path", d="M0,-16 L0,38", stroke="#9cc3ee", stroke_width=3, stroke_linecap="round"),
        _el("rect", x=-25, y=-29, width=50, height=9, rx=4, fill=GOLD, stroke=GOLD_DARK, stroke_width=2),
        _el("rect", x=-5.5, y=-43, width=11, height=15, fill=BLUE_DARK),
        _el("circle", cx=0, cy=-44, r=7, fill=GOLD, stroke=GOLD_DARK, stroke_width=2),
    ]), transform="rotate(35)")


def _cup_shape() -> str:
    bowl = ("M-32,-40 L32,-40 C32,-12 20,2 6,6 L6,22 C6,28 20,32 26,42 L-26,42 "
            "C-20,32 -6,28 -6,22 L-6,6 C-20,2 -32,-12 -32,-40 Z")
    return "".join([
        _el("path", d=bowl, fill=RED, stroke="#7f1d1d", stroke_width=2.5),
        _el("path", d="M-32,-40 L32,-40 L31,-31 L-31,-31 Z", fill=GOLD, stroke=GOLD_DARK, stroke_width=2),
        _el("rect", x=-10, y=10, width=20, height=5, rx=2, fill=GOLD, stroke=GOLD_DARK, stroke_width=1.5),
    ])


def _coin_shape() -> str:
    return "".join([
        _el("circle", cx=0, cy=0, r=44, fill=GOLD, stroke=GOLD_DARK, stroke_width=4),
        _el("circle", cx=0, cy=0, r=31, fill="none", stroke=GOLD_DARK, stroke_width=3),
        _el("path", d="M0,-18 L5,-5 L18,0 L5,5 L0,18 L-5,5 L-18,0 L-5,-5 Z", fill=GOLD_DARK),
    ])


def _baton_shape() -> str:
    return _group("".join([
        _el("path", d="M-7,47 L-13,-28 C-14,-47 14,-47 13,-28 L7,47 Z", fill=GREEN, stroke=GREEN_DARK,
            stroke_width=2.5),
        _el("circle", cx=-12, cy=-10, r=4.5, fill=GREEN_DARK),
        _el("circle", cx=11, cy=6, r=4.5, fill=GREEN_DARK),
        _el("circle", cx=-9, cy=24, r=4, fill=GREEN_DARK),
        _el("circle", cx=0, cy=-32, r=4, fill="#81c784"),
    ]), transform="rotate(-30)")


def _leaf_shape() -> str:
    return "".join([
        _el("path", d="M0,40 L0,49", stroke=GREEN_DARK, stroke_width=5, stroke_linecap="round"),
        _el("path", d="M0,-47 C28,-30 32,12 0,40 C-32,12 -28,-30 0,-47 Z", fill=GREEN, stroke=GREEN_DARK,
            stroke_width=2.5),
        _el("path", d="M0,-36 L0,38 M0,-14 L14,-26 M0,-14 L-14,-26 M0,6 L17,-6 M0,6 L-17,-6 "
            "M0,24 L13,14 M0,24 L-13,14", fill="none", stroke="#a5d6a7", stroke_width=2.5,
            stroke_linecap="round"),
    ])


def _acorn_shape() -> str:
    return "".join([
        _el("ellipse", cx=0, cy=14, rx=21, ry=31, fill=BROWN, stroke=BROWN_DARK, stroke_width=2.5),
        _el("path", d="M-8,6 C-9,18 -6,30 0,38", fill="none", stroke="#e0b77a", stroke_width=3,
            stroke_linecap="round"),
        _el("path", d="M-28,-4 C-28,-34 28,-34 28,-4 Z", fill=BROWN_DARK),
        _el("path", d="M-18,-22 L-8,-6 M-6,-27 L4,-6 M8,-26 L17,-8 M-22,-10 L18,-24",
            stroke="#8d6e63", stroke_width=2.2, stroke_linecap="round"),
        _el("path", d="M-2,-26 L-3,-46 L4,-46 L3,-26 Z", fill=BROWN_DARK),
    ])


def _bell_shape() -> str:
    return "".join([
        _el("circle", cx=0, cy=-40, r=6, fill="none", stroke=GOLD_DARK, stroke_width=3.5),
        _el("path", d="M-26,22 C-26,-10 -20,-34 0,-34 C20,-34 26,-10 26,22 L33,30 L-33,30 Z", fill=GOLD,
            stroke=GOLD_DARK, stroke_width=2.5),
        _el("path", d="M-25,6 L25,6 M-27,14 L27,14", stroke=GOLD_DARK, stroke_width=2.5),
        _el("path", d="M-9,-26 C-14,-14 -15,-2 -15,2", fill="none", stroke="#f7dc8f", stroke_width=3.5,
            stroke_linecap="round"),
        _el("circle", cx=0, cy=39, r=7, fill=BROWN_DARK),
    ])


@functools.cache
def _suit_shape(code: int) -> str:
    """The drawing of suit ``code`` (an ``int(Suit)``) in its -50..50 box."""
    suit = Suit._make(code)
    family, index = suit.family, suit.index
    if family is Family.FRENCH:
        return (_club_shape(BLACK), _el("path", d=_DIAMOND, fill=RED), _el("path", d=_HEART, fill=RED),
                _el("path", d=_SPADE, fill=BLACK))[index]
    if family is Family.LATIN:
        return (_sword_shape, _cup_shape, _coin_shape, _baton_shape)[index]()
    return (lambda: _el("path", d=_HEART, fill=RED, stroke="#7f1d1d", stroke_width=2), _leaf_shape,
            _acorn_shape, _bell_shape)[index]()


def _mark(suit: Suit, cx: float, cy: float, r: float, *, title: bool = False) -> str:
    """Suit ``suit``'s mark centred on (cx, cy), ``r`` from the centre to the edge of its box."""
    body = (_title(suit.name) if title else "") + _suit_shape(int(suit))
    return _group(body, transform=f"translate({_num(cx)} {_num(cy)}) scale({_num(r / 50)})")


# -- cards ---------------------------------------------------------------------------------------
_COURTS = (Rank.JACK, Rank.HORSE, Rank.QUEEN, Rank.KING)


def _rank_label(rank: Rank) -> str:
    return "10" if rank is Rank.TEN else rank.letter


@functools.cache
def _face_body(code: int) -> str:
    """A card face in its own 100 x 140 units (cached: the same card is drawn the same way)."""
    card = Card.from_code(code)
    suit = card.suit
    ink = SUIT_INK[card.family][suit.index]
    label = _rank_label(card.rank)
    font = 21 if len(label) > 1 else 26
    corner = (_text(16, 29, label, fill=ink, font_size=font, font_weight="bold", text_anchor="middle",
                    letter_spacing=-1 if len(label) > 1 else None)
              + _mark(suit, 16, 44, 9))
    parts = [
        _el("rect", x=1, y=1, width=98, height=138, rx=8, fill="#fffdf7", stroke="#8c8c8c",
            stroke_width=1.5),
        corner,
        _group(corner, transform="rotate(180 50 70)"),
    ]
    if card.rank in _COURTS:
        parts.append(_el("rect", x=26, y=24, width=48, height=92, rx=5, fill=ink, fill_opacity=0.08,
                         stroke=ink, stroke_opacity=0.5, stroke_width=1.5))
        parts.append(_mark(suit, 50, 70, 19))
    else:
        parts.append(_mark(suit, 50, 70, 27 if card.rank is Rank.ACE else 21))
    return "".join(parts)


def _back_body() -> str:
    lattice = []
    for cy in range(16, 125, 12):
        for cx in range(14, 87, 12):
            lattice.append(f"M{cx},{cy - 5}l5,5l-5,5l-5,-5z")
    return "".join([
        _el("rect", x=1, y=1, width=98, height=138, rx=8, fill="#ffffff", stroke="#8c8c8c",
            stroke_width=1.5),
        _el("rect", x=7, y=7, width=86, height=126, rx=5, fill="#22406f"),
        _el("path", d="".join(lattice), fill="#33599a"),
        _el("rect", x=11, y=11, width=78, height=118, rx=3, fill="none", stroke="#d4af37",
            stroke_width=1.5),
        _el("ellipse", cx=50, cy=70, rx=19, ry=27, fill="#22406f", stroke="#d4af37", stroke_width=2),
        _el("path", d="M50,52 L60,70 L50,88 L40,70 Z", fill="#d4af37"),
    ])


_BACK = _back_body()

RING_LEGAL = "#1e88e5"
RING_WINNER = "#f9a825"


def _place(transform: str, body: str, cls: str, extra: dict[str, Any], tip: str,
           ring: str | None, scale: float, dim: bool) -> str:
    inner = _title(tip) + body
    if ring is not None:
        inner += _el("rect", x=-1, y=-1, width=102, height=142, rx=10, fill="none", stroke=ring,
                     stroke_width=_num(3 / scale) if scale < 1 else 3)
    if dim:  # a grey wash rather than transparency, which would let the felt show through
        inner += _el("rect", x=1, y=1, width=98, height=138, rx=8, fill="#8a8f94", fill_opacity=0.45)
    return _group(inner, class_=cls, **extra, transform=transform)


def _transform(x: float, y: float, scale: float, rotate: int = 0) -> str:
    turn = f" rotate({rotate})" if rotate else ""
    return f"translate({_num(x)} {_num(y)}){turn} scale({_num(scale)})"


def _face(card: Card, x: float, y: float, width: float, *, ring: str | None = None, dim: bool = False,
          rotate: int = 0) -> str:
    """A face-up card with its top-left corner at (x, y) (before ``rotate`` about that corner)."""
    scale = width / CARD_WIDTH
    return _place(_transform(x, y, scale, rotate), _face_body(int(card)), "card", {"data_card": str(card)},
                  card.name, ring, scale, dim)


def _back(x: float, y: float, width: float) -> str:
    scale = width / CARD_WIDTH
    return _place(_transform(x, y, scale), _BACK, "back", {}, "face-down card", None, scale, False)


def _as_card(item: Card | str) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return Card.parse(item)
    raise AcetenError(f"not a card: {item!r}")


def card(card: Card | str, *, size: float = 100, face_down: bool = False) -> SvgImage:
    """One card, ``size`` pixels wide: its face, or its back with ``face_down``."""
    c = _as_card(card)
    body = _back(2, 2, CARD_WIDTH) if face_down else _face(c, 2, 2, CARD_WIDTH)
    width, height = CARD_WIDTH + 4, CARD_HEIGHT + 4
    return _svg(body, width, height, size * width / CARD_WIDTH)


def cards(cards: Iterable[Card | str] | CardSet, *, size: float = 72,
          highlight: Iterable[Card | str] | None = None, spacing: float | None = None) -> SvgImage:
    """A row of cards, each ``size`` pixels wide, in the order given.

    With ``highlight`` (say, the legal moves), those cards are raised and outlined and the others
    dimmed. ``spacing`` is the distance between the left edges of neighbours (less than ``size``
    to fan the cards out).
    """
    row = [_as_card(c) for c in cards]
    # Moves that are not cards (bids, exchanges) may come along with legal moves: skip them.
    marked = None if highlight is None else {_as_card(c) for c in highlight if isinstance(c, (Card, str))}
    height = size * _RATIO
    step = size * 1.08 if spacing is None else spacing
    lift = 0.12 * height if marked is not None else 0
    pad = 4
    if not row:
        width = size + 2 * pad
        body = _el("rect", x=pad, y=pad, width=size, height=height, rx=size * 0.08, fill="none",
                   stroke="#9e9e9e", stroke_width=1.5, stroke_dasharray="6 4")
        return _svg(body, width, height + 2 * pad)
    parts = []
    for i, c in enumerate(row):
        up = marked is not None and c in marked
        parts.append(_face(c, pad + i * step, pad + (0 if up else lift), size,
                           ring=RING_LEGAL if up else None, dim=marked is not None and not up))
    width = 2 * pad + size + step * (len(row) - 1)
    return _svg("".join(parts), width, height + lift + 2 * pad)


def suit(suit: Suit | str, *, size: float = 48) -> SvgImage:
    """A suit's mark, ``size`` pixels square, named in a tooltip."""
    s = suit if isinstance(suit, Suit) else Suit.parse(suit)
    return _svg(_mark(s, 50, 50, 48, title=True), 100, 100, size)


def trick(trick: Trick | Sequence[Card | str], seats: Sequence[int] | None = None, *,
          winner: int | None = None, size: float = 72) -> SvgImage:
    """A trick: the cards in play order, each under the seat that played it (``P1`` for seat 0).

    Given a finished :class:`~aceten.game.Trick`, the seats, the winner (outlined) and the
    points come from it; given plain cards, pass ``seats`` and ``winner`` (a seat) as known.
    """
    caption = None
    if not isinstance(trick, Sequence):  # a finished Trick (it is iterable, not a sequence)
        played = list(trick.cards)
        seats = trick.seats
        winner = trick.winner
        caption = f"Trick {trick.number}: {seat_name(trick.winner)} wins +{trick.points}"
        if trick.bonus:
            caption += f", bonus {trick.bonus}"
        if trick.notes:
            caption += " (" + "; ".join(trick.notes) + ")"
    else:
        played = [_as_card(c) for c in trick]
    if seats is not None and len(seats) != len(played):
        raise AcetenError(f"a trick of {len(played)} cards needs {len(played)} seats, not {len(seats)}")
    height = size * _RATIO
    step = size * 1.15
    pad = 6
    top = pad + (20 if seats is not None else 0)
    parts = []
    for i, c in enumerate(played):
        x = pad + i * step
        seat = None if seats is None else seats[i]
        if seat is not None:
            label = seat_name(seat) + (" led" if i == 0 and len(played) > 1 else "")
            parts.append(_text(x + size / 2, top - 6, label, font_size=13, text_anchor="middle",
                               fill="#424242", font_weight="bold" if seat == winner else None))
        ring = RING_WINNER if winner is not None and seat == winner else None
        parts.append(_face(c, x, top, size, ring=ring))
    width = max(2 * pad + size + step * max(len(played) - 1, 0), 2 * pad + size)
    height_total = top + height + pad
    if caption is not None:
        height_total += 18
        parts.append(_text(pad, top + height + 18, caption, font_size=13, fill="#424242"))
        width = max(width, pad + 7.2 * len(caption))
    if not played:
        parts.append(_el("rect", x=pad, y=top, width=size, height=height, rx=size * 0.08, fill="none",
                         stroke="#9e9e9e", stroke_width=1.5, stroke_dasharray="6 4"))
    return _svg("".join(parts), width, height_total)


# -- the table -----------------------------------------------------------------------------------
@dataclass
class _Hand:
    seat: int
    shown: list[Card]  # face up: the whole hand, or the cards dealt open
    hidden: int  # how many face-down cards follow


@dataclass
class _Scene:
    """Everything the table picture shows, taken from one view (or the full game) and no more."""

    rules: Rules
    title: str
    subtitle: str
    bottom: int
    you: int | None
    hands: list[_Hand]
    leader: int
    trick: tuple[Card, ...]
    to_move: int | None
    phase: str
    trump: Suit | None
    trump_card: Card | None
    stock_size: int
    points: tuple[int, ...]
    tricks_won: list[int]
    bonus: list[int]
    last_trick: Trick | None
    legal: set[Card]
    other_moves: list[Move]
    events: Sequence[tuple[str, int | None, Any]] = field(default_factory=tuple)
    result: str | None = None


def _status(rules: Rules, to_move: int | None, phase: str, trick: Sequence[Card], you: int | None,
            result: str | None) -> str:
    if phase == "over" or to_move is None:
        return "deal over" + (f" \u00b7 {result}" if result else "")
    who = seat_name(to_move) + (" (you)" if to_move == you else "")
    if phase == "bid":
        return f"{who} to bid"
    if phase == "call":
        return f"{who} to call trump"
    return f"{who} to {'play' if trick else 'lead'}"


def _headline(rules: Rules) -> str:
    text = f"{rules.players} players"
    if len(rules.variants) > 1:
        text += f", {rules.variant}"
    return text


def _scene_of_view(view: PlayerView) -> _Scene:
    rules = view.rules
    hands = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(_Hand(seat, sorted_hand(view.hand, rules, view.trump), 0))
        else:
            shown = sorted_hand(view.open_cards[seat], rules, view.trump)
            hands.append(_Hand(seat, shown, view.hand_sizes[seat] - len(shown)))
    won = [0] * view.players
    bonus = [0] * view.players
    for t in view.tricks:
        won[t.winner] += 1
        bonus[t.winner] += t.bonus
    for kind, who, what in view.events:
        if kind == "bonus" and who is not None:
            bonus[who] += what[0]
    playing = view.phase == "play" and view.to_move == view.seat
    status = _status(rules, view.to_move, view.phase, view.trick, view.seat, None)
    return _Scene(
        rules=rules,
        title=f"{rules.title or rules.name}, seen by {seat_name(view.seat)}",
        subtitle=f"{_headline(rules)} \u00b7 {status}",
        bottom=view.seat,
        you=view.seat,
        hands=hands,
        leader=view.leader,
        trick=view.trick,
        to_move=view.to_move,
        phase=view.phase,
        trump=view.trump,
        trump_card=view.trump_card,
        stock_size=view.stock_size,
        points=view.points,
        tricks_won=won,
        bonus=bonus,
        last_trick=view.tricks[-1] if view.tricks else None,
        legal={m for m in view.legal_moves if isinstance(m, Card)} if playing else set(),
        other_moves=[m for m in view.legal_moves if not isinstance(m, Card)],
        events=view.events,
    )


def _scene_of_game(game: Game) -> _Scene:
    rules = game.rules
    over = game.is_over()
    outcome = game.outcome()
    result = outcome.result if outcome is not None else None
    to_move = None if over else game.to_move
    moves = game.legal_moves()
    tricks = game.tricks
    status = _status(rules, to_move, game.phase, game.trick, None, result)
    seed = f", seed {game.seed}" if game.seed is not None else ""
    return _Scene(
        rules=rules,
        title=f"{rules.title or rules.name}, all hands",
        subtitle=f"{_headline(rules)}{seed} \u00b7 {status}",
        bottom=0,
        you=None,
        hands=[_Hand(s, sorted_hand(game.hand(s), rules, game.trump), 0) for s in range(game.players)],
        leader=game.leader,
        trick=game.trick,
        to_move=to_move,
        phase=game.phase,
        trump=game.trump,
        trump_card=game.trump_card,
        stock_size=game.stock_size,
        points=game.points,
        tricks_won=list(game.tricks_won),
        bonus=list(game.bonus),
        last_trick=tricks[-1] if tricks else None,
        legal={m for m in moves if isinstance(m, Card)} if game.phase == "play" else set(),
        other_moves=[m for m in moves if not isinstance(m, Card)],
        events=game.log,
        result=result,
    )


# Table geometry, in pixels of the picture.
_W, _H = 896, 604
_FELT_X, _FELT_Y, _FELT_W, _FELT_H = 12, 64, 640, 528
_SIDE_X, _SIDE_W = 668, 216
_HAND_W, _SIDE_HAND_W, _TRICK_W = 56, 48, 60
_FELT_INK = "#e8f5e9"
_MOVE_INK = "#ffd54f"
_MUTED = "#616161"

# Where each seat sits, counted from the seat at the bottom in playing order.
_POSITIONS = {2: ("bottom", "top"), 3: ("bottom", "top-left", "top-right"),
              4: ("bottom", "left", "top", "right")}


def _row(n: int, width: float, room: float) -> float:
    """The step between the left edges of ``n`` cards ``width`` wide fitted into ``room``."""
    if n <= 1:
        return 0
    return min(width * 1.1, (room - width) / (n - 1))


def _hand_svg(scene: _Scene, hand: _Hand, where: str) -> str:
    cx, cy = _FELT_W / 2, _FELT_H / 2
    if where in ("bottom", "top"):
        width, room = _HAND_W, 440.0
        centre = cx
    elif where in ("top-left", "top-right"):
        width, room = _HAND_W, 264.0
        centre = cx - 152 if where == "top-left" else cx + 152
    else:
        width, room = _SIDE_HAND_W, 172.0
        centre = 16 + room / 2 if where == "left" else _FELT_W - 16 - room / 2
    height = width * _RATIO
    count = len(hand.shown) + hand.hidden
    step = _row(count, width, room)
    x0 = centre - (width + step * max(count - 1, 0)) / 2
    label_y: float
    if where == "bottom":
        y = _FELT_H - 26 - height
        label_y = _FELT_H - 9
    elif where.startswith("top"):
        y = 40
        label_y = 21
    else:
        y = cy - height / 2 + 6
        label_y = y - 0.14 * height - 8
    lift = 0.14 * height
    # Legal cards are raised only when some card of the hand may not be played.
    marking = (hand.seat == scene.to_move and bool(scene.legal)
               and any(c not in scene.legal for c in hand.shown))
    parts = []
    for i, c in enumerate(hand.shown):
        up = marking and c in scene.legal
        parts.append(_face(c, x0 + i * step, y - (lift if up else 0), width,
                           ring=RING_LEGAL if up else None, dim=marking and not up))
    for j in range(hand.hidden):
        parts.append(_back(x0 + (len(hand.shown) + j) * step, y, width))
    if not count:
        parts.append(_el("rect", x=centre - width / 2, y=y, width=width, height=height, rx=5, fill="none",
                         stroke=_FELT_INK, stroke_opacity=0.4, stroke_dasharray="5 4"))
    moving = scene.to_move == hand.seat and scene.phase != "over"
    label = seat_name(hand.seat) + (" (you)" if hand.seat == scene.you else "")
    label += f" \u00b7 {count} card{'' if count == 1 else 's'}"
    if moving:
        label += " \u00b7 to move"
    parts.append(_text(centre, label_y, label, font_size=13, text_anchor="middle",
                       fill=_MOVE_INK if moving else _FELT_INK, font_weight="bold" if moving else None))
    return _group("".join(parts), class_="hand", data_seat=str(hand.seat))


def _trick_svg(scene: _Scene, where_of: dict[int, str]) -> str:
    cx, cy = _FELT_W / 2, _FELT_H / 2
    w = _TRICK_W
    h = w * _RATIO
    n = scene.rules.players
    parts = []
    winning = None
    if scene.trick:
        try:
            winning = (scene.leader + scene.rules.trick_winner(scene.trick, scene.trump)) % n
        except AcetenError:
            winning = None
    centres = {"bottom": (cx, cy + 58), "top": (cx, cy - 58), "left": (cx - 86, cy),
               "right": (cx + 86, cy), "top-left": (cx - 70, cy - 34), "top-right": (cx + 70, cy - 34)}
    for i, c in enumerate(scene.trick):
        seat = (scene.leader + i) % n
        where = where_of[seat]
        x, y = centres[where]
        label = seat_name(seat) + (" led" if i == 0 else "")
        label_y = y + h / 2 + 15 if where == "bottom" else y - h / 2 - 6
        parts.append(_text(x, label_y, label, font_size=12, text_anchor="middle", fill=_FELT_INK))
        parts.append(_face(c, x - w / 2, y - h / 2, w, ring=RING_WINNER if seat == winning else None))
    if not scene.trick:
        note = {"bid": "bidding", "call": "trump call"}.get(scene.phase)
        if scene.phase == "play" and scene.to_move is not None:
            note = f"{seat_name(scene.to_move)} to lead"
        elif scene.phase == "over":
            note = scene.result or "deal over"
        if note:
            parts.append(_text(cx, cy + 5, note, font_size=15, text_anchor="middle", fill=_FELT_INK,
                               fill_opacity=0.75, font_style="italic"))
    return _group("".join(parts), class_="trick")


def _heading(y: float, text: str) -> str:
    return _text(_SIDE_X, y, text.upper(), font_size=11, fill="#757575", font_weight="bold",
                 letter_spacing=1)


def _trump_pending(rules: Rules) -> str:
    return {"first-lead": "the first card led", "called": "to be called"}.get(rules.trump_mode, "none")


def _wrap(items: Sequence[str], sep: str, limit: int = 30) -> list[str]:
    """Items joined into lines of about ``limit`` characters (the sidebar is narrow)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= limit:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


def _side_svg(scene: _Scene) -> str:
    rules = scene.rules
    x = _SIDE_X
    y: float = _FELT_Y + 12
    parts = [_heading(y, "Trump")]
    y += 26
    if scene.trump is None:
        parts.append(_text(x, y + 4, _trump_pending(rules), font_size=15, fill="#424242",
                           font_style="italic"))
    else:
        parts.append(_mark(scene.trump, x + 13, y - 1, 13, title=True))
        parts.append(_text(x + 34, y + 5, scene.trump.name, font_size=16, font_weight="bold",
                           fill=SUIT_INK[scene.trump.family][scene.trump.index]))
    y += 30

    if rules.stock_size:
        parts.append(_heading(y, "Stock"))
        y += 12
        w = 52
        h = w * _RATIO
        backs = scene.stock_size - (1 if scene.trump_card is not None else 0)
        pile_x = x + 62
        if scene.trump_card is not None:
            # The face-up trump lies crosswise under the pile, its index showing on the left.
            parts.append(_face(scene.trump_card, x + 8, y + h / 2 + w / 2, w, rotate=-90))
        for k in range(min(3, (backs + 7) // 8)):
            parts.append(_back(pile_x + 2 * k, y - 2 * k + 4, w))
        if not scene.stock_size:
            parts.append(_el("rect", x=pile_x, y=y + 4, width=w, height=h, rx=4, fill="none",
                             stroke="#bdbdbd", stroke_width=1.5, stroke_dasharray="5 4"))
        size = scene.stock_size
        count = f"{size} card{'' if size == 1 else 's'}" if size else "empty"
        parts.append(_text(x + 132, y + h / 2 + 8, count, font_size=14, fill="#424242"))
        y += h + 26

    parts.append(_heading(y, "Score"))
    y += 20
    has_bonus = any(scene.bonus)
    cols = [("points", x + 118), ("tricks", x + 168)] + ([("bonus", x + 214)] if has_bonus else [])
    for name, cx in cols:
        parts.append(_text(cx, y, name, font_size=11, fill=_MUTED, text_anchor="end"))
    for seat in range(rules.players):
        y += 19
        bold = "bold" if seat == scene.you else None
        parts.append(_text(x, y, seat_name(seat) + (" (you)" if seat == scene.you else ""), font_size=13,
                           fill="#212121", font_weight=bold))
        values = [scene.points[seat], scene.tricks_won[seat]] + ([scene.bonus[seat]] if has_bonus else [])
        for (_, cx), value in zip(cols, values):
            parts.append(_text(cx, y, str(value), font_size=13, fill="#212121", text_anchor="end",
                               font_weight=bold))
    if any(len(team) > 1 for team in rules.teams):
        for team in rules.teams:
            y += 19
            parts.append(_text(x, y, "+".join(seat_name(s) for s in team), font_size=13, fill=_MUTED))
            totals = [sum(scene.points[s] for s in team), sum(scene.tricks_won[s] for s in team)]
            if has_bonus:
                totals.append(sum(scene.bonus[s] for s in team))
            for (_, cx), value in zip(cols, totals):
                parts.append(_text(cx, y, str(value), font_size=13, fill=_MUTED, text_anchor="end"))
    y += 26

    bids = [f"{seat_name(s)} {what or 'pass'}" for kind, s, what in scene.events if kind == "bid"]
    calls = [f"{seat_name(s)} {'pass' if what is None else what.name}"
             for kind, s, what in scene.events if kind == "call"]
    for name, items in (("Bids", bids), ("Trump calls", calls)):
        if items:
            parts.append(_heading(y, name))
            for line in _wrap([f"{item}," for item in items[:-1]] + items[-1:], " "):
                y += 17
                parts.append(_text(x, y, line, font_size=12, fill="#424242"))
            y += 25

    if scene.last_trick is not None:
        last = scene.last_trick
        parts.append(_heading(y, f"Last trick ({last.number})"))
        y += 20
        w = 40
        for i, (seat, c) in enumerate(last):
            cx = x + i * 48
            parts.append(_text(cx + w / 2, y, seat_name(seat), font_size=11, fill=_MUTED,
                               text_anchor="middle", font_weight="bold" if seat == last.winner else None))
            parts.append(_face(c, cx, y + 5, w, ring=RING_WINNER if seat == last.winner else None))
        y += 5 + w * _RATIO + 17
        won = f"{seat_name(last.winner)} won +{last.points}"
        if last.bonus:
            won += f", bonus {last.bonus}"
        parts.append(_text(x, y, won, font_size=12, fill="#424242"))
        y += 24

    if scene.other_moves and scene.phase != "over":
        parts.append(_heading(y, "Moves"))
        for line in _wrap([str(m) for m in scene.other_moves], " "):
            y += 17
            parts.append(_text(x, y, line, font_size=12, fill="#424242"))
    return _group("".join(parts), class_="side")


def _render(scene: _Scene, size: float | None) -> SvgImage:
    n = scene.rules.players
    where_of = {(scene.bottom + k) % n: pos for k, pos in enumerate(_POSITIONS[n])}
    felt = [
        _el("rect", x=0, y=0, width=_FELT_W, height=_FELT_H, rx=18, fill="#2f6b45", stroke="#1e4d31",
            stroke_width=3),
        _el("ellipse", cx=_FELT_W / 2, cy=_FELT_H / 2, rx=150, ry=130, fill="none", stroke="#ffffff",
            stroke_opacity=0.12, stroke_width=2),
    ]
    for hand in scene.hands:
        felt.append(_hand_svg(scene, hand, where_of[hand.seat]))
    felt.append(_trick_svg(scene, where_of))
    body = [
        _text(16, 28, scene.title, font_size=19, font_weight="bold", fill="#212121"),
        _text(16, 50, scene.subtitle, font_size=13, fill=_MUTED),
        _group("".join(felt), transform=f"translate({_FELT_X} {_FELT_Y})"),
        _side_svg(scene),
    ]
    return _svg("".join(body), _W, _H, size, background="#fafafa")


def table(game_or_view: Game | PlayerView, *, seat: int | None = None, size: float | None = None) -> SvgImage:
    """The table: hands, the trick in play, the trump and stock, the scores and the last trick.

    From a :class:`~aceten.game.PlayerView` (or a game with ``seat``), only what that seat sees:
    its own hand face up, the others as backs apart from cards dealt open. From a game without
    ``seat``, every hand face up, for analysis. ``size`` is the picture's width in pixels.
    """
    if callable(getattr(game_or_view, "view", None)):  # a Game: hands face up, or one seat's view
        game = cast("Game", game_or_view)
        scene = _scene_of_game(game) if seat is None else _scene_of_view(game.view(seat))
    elif hasattr(game_or_view, "seat") and hasattr(game_or_view, "hand"):  # a PlayerView
        view = cast("PlayerView", game_or_view)
        if seat is not None and seat != view.seat:
            raise AcetenError(f"this view is {seat_name(view.seat)}'s; it cannot show "
                              f"{seat_name(seat)}'s table")
        scene = _scene_of_view(view)
    else:
        raise AcetenError(f"table() takes a Game or a PlayerView, not {type(game_or_view).__name__}")
    return _render(scene, size)
