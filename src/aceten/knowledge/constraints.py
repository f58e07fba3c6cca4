"""Constraints derived from the game's own declarations: its obligations and its lead bonus.

Nothing here knows a game. A play is checked against the declared cascade of obligations
(:meth:`aceten.rules.Rules.legal_mask`, which runs ``FollowSuit``, ``PartnerExemption``,
``Trumping`` … as declared) by *probing*: for every other card ``x``, would ``card`` still have
been legal from the hand ``{card, x}``? The cards for which it would not are the play's
*blocking cards*, each with the obligation's own reason ("must follow clubs", "void in clubs:
must overtrump"). The player held none of them at that moment.

That a play was legal from a hand ``H`` exactly when ``H`` holds no blocking card is a property
of the obligations (each restriction is triggered by single cards: a card of the suit led, a
higher card, a trump, a card that is not a trump); :func:`legal_by_blocking` states it so the
tests can check it against the cascade on many hands, for every game and variant.

Lead bonuses (Cruce marriages) are read the same way from the rules' ``lead_bonus`` hook: the
*mates* of a lead are the cards whose presence in the leader's hand makes the hook score.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from aceten.cards import Card, Suit
from aceten.rules.base import Rules


def blocking_cards(rules: Rules, card: Card, trick: list[Card] | tuple[Card, ...], trump: Suit | None,
                   stock_empty: bool) -> dict[Card, str]:
    """The cards whose presence in hand would have made playing ``card`` to ``trick`` illegal,
    each with the obligation's reason."""
    return dict(_blocking(rules, card, tuple(trick), trump, stock_empty))


@lru_cache(maxsize=65536)
def _blocking(rules: Rules, card: Card, trick: tuple[Card, ...], trump: Suit | None,
              stock_empty: bool) -> tuple[tuple[Card, str], ...]:
    ob = rules.obligations
    if not trick or not ob.parts or (ob.when == "stock-empty" and not stock_empty):
        return ()
    out = []
    bit = card.bit
    for other in rules.deck:
        if other == card or other in trick:
            continue
        legal, why = rules.legal_mask(bit | other.bit, list(trick), trump, stock_empty)
        if not legal & bit:
            out.append((other, why or "not allowed"))
    return tuple(out)


def legal_by_blocking(rules: Rules, hand: int, card: Card, trick: list[Card], trump: Suit | None,
                      stock_empty: bool) -> bool:
    """Whether ``card`` is legal from ``hand`` according to its blocking cards alone (the tests
    compare this with the obligations' cascade)."""
    blocked = _blocking(rules, card, tuple(trick), trump, stock_empty)
    return not any(hand & other.bit for other, _ in blocked)


def lead_bonus_mates(rules: Rules, seat: int, card: Card, trump: Suit | None) -> tuple[Card, ...]:
    """The cards whose presence in the leader's hand makes leading ``card`` score a bonus."""
    if not rules.has_lead_bonus:
        return ()
    return _mates(rules, seat, card, trump)


@lru_cache(maxsize=4096)
def _mates(rules: Rules, seat: int, card: Card, trump: Suit | None) -> tuple[Card, ...]:
    def scores(mask: int) -> Any:
        return rules.lead_bonus(mask | card.bit, card, trump)

    if scores(0) is not None:
        return ()  # the bonus does not depend on the hand
    return tuple(other for other in rules.deck if other != card and scores(other.bit) is not None)
