"""Cards, suits, ranks and card sets of the three deck families the Ace-Ten games use.

A card is a small ``int`` (like a python-chess square): ``family << 6 | suit << 4 | rank``.
Within one game every card shares a family, so ``card & 63`` is a bit position and a hand is an
``int`` bitmask, wrapped for users by :class:`CardSet`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Any

from aceten.errors import AcetenError


class Family(IntEnum):
    """The three suit systems: Latin (Briscola, Brisca), French (Klaverjas), German (Cruce)."""

    LATIN = 0
    FRENCH = 1
    GERMAN = 2


def _families(family: object) -> list[Family]:
    """The families a parse looks in: the one given (checked), else all three in order."""
    if family is None:
        return list(Family)
    if isinstance(family, Family):
        return [family]
    if type(family) is int and 0 <= family < len(Family):  # an IntEnum's value reads as it
        return [Family(family)]
    raise AcetenError(f"a family is Family.LATIN, FRENCH or GERMAN, not {family!r}")  # 'latin', 5


class Rank(IntEnum):
    """Ranks of every deck on one scale; ``HORSE`` is the Latin cavallo/caballo."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    HORSE = 12
    QUEEN = 13
    KING = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]


_RANK_LETTERS = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T",
    Rank.JACK: "J", Rank.HORSE: "H", Rank.QUEEN: "Q", Rank.KING: "K",
}  # fmt: skip

_RANK_WORDS: dict[str, Rank] = {
    "ace": Rank.ACE, "asso": Rank.ACE, "as": Rank.ACE, "aas": Rank.ACE, "as.": Rank.ACE,
    "two": Rank.TWO, "due": Rank.TWO, "dos": Rank.TWO, "three": Rank.THREE, "tre": Rank.THREE,
    "tres": Rank.THREE, "four": Rank.FOUR, "five": Rank.FIVE, "six": Rank.SIX,
    "seven": Rank.SEVEN, "sette": Rank.SEVEN, "siete": Rank.SEVEN, "eight": Rank.EIGHT,
    "nine": Rank.NINE, "ten": Rank.TEN, "10": Rank.TEN, "jack": Rank.JACK, "fante": Rank.JACK,
    "sota": Rank.JACK, "boer": Rank.JACK, "valet": Rank.JACK, "horse": Rank.HORSE,
    "knight": Rank.HORSE, "cavallo": Rank.HORSE, "caballo": Rank.HORSE, "queen": Rank.QUEEN,
    "vrouw": Rank.QUEEN, "dama": Rank.QUEEN, "king": Rank.KING, "re": Rank.KING,
    "rey": Rank.KING, "heer": Rank.KING, "rege": Rank.KING, "tien": Rank.TEN,
    "negen": Rank.NINE, "acht": Rank.EIGHT, "zeven": Rank.SEVEN,
}  # fmt: skip

# Dutch names the suit first ("harten aas", "klaveren boer"): these words may come before the
# rank. None of them is a rank, so "harten aas" cannot be read the other way round.
_SUIT_FIRST_WORDS = frozenset({"harten", "hart", "ruiten", "ruit", "klaveren", "klaver",
                               "schoppen", "schop"})

# Per family: (letter, English name, local names, symbol) for suit indices 0..3.
_SUITS: dict[Family, tuple[tuple[str, str, tuple[str, ...], str], ...]] = {
    Family.LATIN: (
        ("S", "swords", ("spade", "espadas", "spada", "espada"), "S"),
        ("C", "cups", ("coppe", "copas", "coppa", "copa"), "C"),
        ("O", "coins", ("denari", "oros", "denaro", "oro", "d"), "O"),
        ("B", "clubs", ("bastoni", "bastos", "bastone", "basto"), "B"),
    ),
    Family.FRENCH: (
        ("C", "clubs", ("klaveren", "klaver", "\u2663", "\u2667"), "\u2663"),
        ("D", "diamonds", ("ruiten", "ruit", "\u2666", "\u2662"), "\u2666"),
        ("H", "hearts", ("harten", "hart", "\u2665", "\u2661"), "\u2665"),
        ("S", "spades", ("schoppen", "schop", "\u2660", "\u2664"), "\u2660"),
    ),
    Family.GERMAN: (
        ("R", "rosu", ("hearts", "h", "\u2665", "\u2661", "red"), "R"),
        ("V", "verde", ("leaves", "s", "\u2660", "\u2664", "green"), "V"),
        ("G", "ghinda", ("acorns", "c", "\u2663", "\u2667"), "G"),
        ("D", "duba", ("bells", "diamonds", "\u2666", "\u2662"), "D"),
    ),
}

# The ranks each family's full deck holds, weakest code first.
FAMILY_RANKS: dict[Family, tuple[Rank, ...]] = {
    Family.LATIN: (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX,
                   Rank.SEVEN, Rank.JACK, Rank.HORSE, Rank.KING),
    Family.FRENCH: (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
                    Rank.KING, Rank.ACE),
    Family.GERMAN: (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE),
}  # fmt: skip

# Display names of the Romanian suits with diacritics.
_GERMAN_DISPLAY = ("ro\u0219u", "verde", "ghind\u0103", "dub\u0103")


def _fold(text: str) -> str:
    """Lower-case and strip accents, so 'Ghindă' and 'ghinda' read alike."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class Suit(int):
    """A suit of one family: ``family << 2 | index``."""

    __slots__ = ()

    def __new__(cls, family: Family | int, index: int) -> Suit:
        return _SUIT_TABLE[int(family) << 2 | index]

    @classmethod
    def _make(cls, code: int) -> Suit:
        return int.__new__(cls, code)

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return _suit_from_code, (int(self),)

    def __bool__(self) -> bool:
        """A suit is always true, though swords (Latin suit 0) is the integer 0."""
        return True

    @property
    def family(self) -> Family:
        return Family(int(self) >> 2)

    @property
    def index(self) -> int:
        return int(self) & 3

    @property
    def letter(self) -> str:
        return _SUITS[self.family][self.index][0]

    @property
    def name(self) -> str:
        if self.family is Family.GERMAN:
            return _GERMAN_DISPLAY[self.index]
        return _SUITS[self.family][self.index][1]

    @property
    def symbol(self) -> str:
        return _SUITS[self.family][self.index][3]

    @classmethod
    def parse(cls, text: str, family: Family | None = None) -> Suit:
        """Read a suit letter, symbol or name (English or local); ``family`` picks the deck."""
        if not isinstance(text, str):
            raise AcetenError(f"not a suit: {text!r}")
        families = _families(family)
        key = _fold(text)
        for fam in families:
            for index, (letter, name, words, symbol) in enumerate(_SUITS[fam]):
                if key in (letter.lower(), name, symbol) or key in words:
                    return Suit(fam, index)
        raise AcetenError(f"unknown suit {text!r}")

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.parse({self.name!r}, Family.{self.family.name})"


def _suit_from_code(code: int) -> Suit:
    """Unpickle a suit: the shared instance with this code."""
    return _SUIT_TABLE[code]


_SUIT_TABLE = {fam << 2 | i: Suit._make(fam << 2 | i) for fam in Family for i in range(4)}
_RANK_TABLE = {int(rank): rank for rank in Rank}


class Card(int):
    """A playing card: ``Card.parse("AS")``, ``str(card) == "AS"``, ``card.suit``, ``card.rank``."""

    __slots__ = ()

    def __new__(cls, rank: Rank | int, suit: Suit) -> Card:
        return CARD_TABLE[(int(suit) >> 2) << 6 | (int(suit) & 3) << 4 | int(rank)]

    @classmethod
    def _make(cls, code: int) -> Card:
        return int.__new__(cls, code)

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return Card.from_code, (int(self),)

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card with this integer code (``int(card)``)."""
        try:
            return CARD_TABLE[code]
        except KeyError:
            raise AcetenError(f"no card has code {code}") from None

    @property
    def family(self) -> Family:
        return Family(int(self) >> 6)

    @property
    def suit(self) -> Suit:
        return _SUIT_TABLE[(int(self) >> 6) << 2 | (int(self) >> 4) & 3]

    @property
    def rank(self) -> Rank:
        return _RANK_TABLE[int(self) & 15]

    @property
    def bit(self) -> int:
        """This card's bit in a hand mask of its family."""
        return 1 << (int(self) & 63)

    @property
    def symbol(self) -> str:
        """The card with a suit symbol where the family has one (``A♠``)."""
        return self.rank.letter + self.suit.symbol

    @property
    def name(self) -> str:
        """Long name, e.g. 'ace of swords'."""
        return f"{self.rank.name.lower()} of {self.suit.name}"

    @classmethod
    def parse(cls, text: str, family: Family | None = None) -> Card:
        """Read ``AS``, ``as``, ``10♥``, ``A♠``, ``ace of swords``, ``asso di spade``, or in
        Dutch ``harten aas`` or ``aas van harten`` (the suit first or after ``van``).

        Without ``family``, the first deck holding such a card is used, in the order Latin,
        French, German (``AS`` is the ace of swords; ``TH`` the French ten of hearts).
        """
        if not isinstance(text, str):
            raise AcetenError(f"not a card: {text!r}")
        raw = text.strip()
        folded = _fold(raw)
        words = folded.replace("-", " ").split()
        if len(words) >= 3 and words[1] in ("of", "di", "de", "van"):
            rank_text, suit_text = words[0], " ".join(words[2:])
        elif len(words) == 2:
            rank_text, suit_text = words
            if rank_text in _SUIT_FIRST_WORDS:  # "harten aas": the Dutch suit first
                rank_text, suit_text = suit_text, rank_text
        elif len(words) == 1 and len(folded) >= 2:
            rank_text, suit_text = (folded[:2], folded[2:]) if folded.startswith("10") else (
                folded[0], folded[1:])
        else:
            raise AcetenError(f"malformed card {raw!r}: expected rank then suit, like 'AS'")
        rank = _parse_rank(rank_text)
        if rank is None:
            raise AcetenError(f"malformed card {raw!r}: unknown rank {rank_text!r}")
        families = _families(family)
        for fam in families:
            if rank not in FAMILY_RANKS[fam]:
                continue
            try:
                suit = Suit.parse(suit_text, fam)
            except AcetenError:
                continue
            return Card(rank, suit)
        where = f" in the {family.name.lower()} deck" if family is not None else ""
        raise AcetenError(f"malformed card {raw!r}: no such card{where}")

    def __str__(self) -> str:
        return _CARD_TEXT[self]  # "AS": looked up, since records, views and models print many

    def __repr__(self) -> str:
        text = str(self)
        if Card.parse(text) == self:  # the deck is clear from the text alone
            return f"Card.parse({text!r})"
        return f"Card.parse({text!r}, Family.{self.family.name})"

    def _repr_svg_(self) -> str:
        """The card's face in notebooks (see :mod:`aceten.show.svg`)."""
        from aceten.show import svg

        return svg.card(self)


def _parse_rank(text: str) -> Rank | None:
    for rank, letter in _RANK_LETTERS.items():
        if text == letter.lower():
            return rank
    return _RANK_WORDS.get(text)


CARD_TABLE: dict[int, Card] = {
    fam << 6 | suit << 4 | rank: Card._make(fam << 6 | suit << 4 | rank)
    for fam in Family
    for suit in range(4)
    for rank in FAMILY_RANKS[fam]
}

_CARD_TEXT: dict[int, str] = {code: card.rank.letter + card.suit.letter
                              for code, card in CARD_TABLE.items()}

# Bit position (card & 63) -> Card, per family: the fast path from masks back to cards.
_BIT_CARDS: dict[Family, list[Card | None]] = {
    fam: [CARD_TABLE.get(fam << 6 | b) for b in range(64)] for fam in Family
}
_MASK_CACHES: dict[int, dict[int, tuple[Card, ...]]] = {fam: {} for fam in Family}


def hand_cards_cache(family: Family | int) -> dict[int, tuple[Card, ...]]:
    """The cache ``cards_of`` fills for one family: mask -> cards (read it directly in hot loops)."""
    return _MASK_CACHES[int(family)]


def cards_of(mask: int, family: Family | int) -> tuple[Card, ...]:
    """The cards of a hand mask in a stable order (suit, then rank code); cached, hot path."""
    cache = _MASK_CACHES[int(family)]
    cached = cache.get(mask)
    if cached is not None:
        return cached
    table = _BIT_CARDS[Family(family)]
    out = []
    m = mask
    while m:
        low = m & -m
        card = table[low.bit_length() - 1]
        if card is None:
            raise AcetenError(f"mask {mask:#x} holds a bit that is no card")
        out.append(card)
        m ^= low
    result = tuple(out)
    if len(cache) > 100_000:
        cache.clear()
    cache[mask] = result
    return result


def suit_mask(suit: Suit) -> int:
    """The bits of every card of ``suit`` (all ranks) in a hand mask."""
    return 0xFFFF << ((int(suit) & 3) << 4)


def full_deck(family: Family) -> tuple[Card, ...]:
    """Every card of a family in the canonical order: suit by suit, ranks as listed."""
    return tuple(Card(rank, Suit(family, s)) for s in range(4) for rank in FAMILY_RANKS[family])


class CardSet:
    """An immutable set of cards of one family, backed by an int mask (python-chess style)."""

    __slots__ = ("family", "mask")

    def __init__(self, cards: Iterable[Card | str] | int = 0, family: Family | None = None):
        if isinstance(cards, int):
            if family is None:
                raise AcetenError("CardSet from a mask needs a family")
            self.mask, self.family = cards, family
            return
        mask = 0
        fam = family
        for item in cards:
            card = item if isinstance(item, Card) else Card.parse(item, fam)
            if fam is None:
                fam = card.family
            elif card.family != fam:
                raise AcetenError(f"card {card} is not of the {fam.name.lower()} deck")
            mask |= card.bit
        self.mask = mask
        self.family = fam if fam is not None else Family.LATIN

    @classmethod
    def parse(cls, text: str, family: Family | None = None) -> CardSet:
        """Read space- or comma-separated cards."""
        if not isinstance(text, str):
            raise AcetenError(f"not a text of cards: {text!r}")
        return cls(text.replace(",", " ").split(), family)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask, self.family))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.parse(card, self.family)
        return isinstance(card, Card) and card.family == self.family and bool(self.mask & card.bit)

    def __bool__(self) -> bool:
        return self.mask != 0

    def _same_deck(self, other: CardSet) -> bool:
        """Whether the two masks index the same deck (an empty set fits any deck). Masks of two
        decks share bit positions, so they must never be combined bit by bit."""
        return other.family == self.family or not other.mask or not self.mask

    def __or__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        if not self._same_deck(other):
            raise AcetenError(f"a card set holds one deck: cannot join cards of the "
                              f"{self.family.name.lower()} and {other.family.name.lower()} decks")
        family = self.family if self.mask else other.family
        return CardSet(self.mask | other.mask, family)

    def __and__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        if not self._same_deck(other):
            return CardSet(0, self.family)  # no card is in both
        return CardSet(self.mask & other.mask, self.family)

    def __sub__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        if not self._same_deck(other):
            return self  # no card of ``other`` is in ``self``
        return CardSet(self.mask & ~other.mask, self.family)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and (self.mask, self.family) == (other.mask, other.family)

    def __hash__(self) -> int:
        return hash((self.mask, self.family))

    def of_suit(self, suit: Suit) -> CardSet:
        return CardSet(self.mask & suit_mask(suit), self.family)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The cards in a row in notebooks (see :mod:`aceten.show.svg`)."""
        from aceten.show import svg

        return svg.cards(self)
