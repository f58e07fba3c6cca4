"""A cheap model of how a player chooses a card, read from a full game (a sampled world).

The searcher (:mod:`aceten.agents.searcher`) needs two things from it, many times a decision:

- **inference from play**: how likely a seat was to play the card it played, had the cards been
  as in a sampled world. Worlds where the others' plays look sensible are weighted up, as the
  strongest Skat programs weight their samples; :func:`world_weights` turns this into weights
  that sum to one.
- **a playout policy**: a quick, deterministic move for every seat, to play a sampled world on
  until the double-dummy solver can take over.

Both value each card the seat may play from its own hand and the trick only, like the tactics
player without its knowledge layer (too slow to run thousands of times a decision): the trick's
points counted for the side that is ahead once the card is in, minus what the card is worth
kept (a trump wins a later trick: its own points and 1.5 to 3 times the deck's average card,
the higher the more). A lead risks half its points. Probabilities are a softmax of these values
(``temperature`` in card points) mixed with a little uniform ``noise``, so no consistent world
is ruled out by a move the model did not expect.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aceten.agents.greedy import card_points, marriage_value, trump_making_lead
from aceten.cards import Card, Rank
from aceten.moves import Exchange

if TYPE_CHECKING:
    from aceten.game import Deal, Game
    from aceten.moves import Move
    from aceten.rules.base import Rules

TRUMP_KEEP_BASE = 1.5   # what a trump is worth kept, in average cards: the lowest trump
TRUMP_KEEP_RANGE = 1.5  # and this much more for the top one
LEAD_RISK = 0.5         # the share of a led card's points it is expected to lose


@dataclass(frozen=True)
class PlayModel:
    """Softmax over the cheap card values: ``temperature`` in average-card units (times the
    deck's average card points), ``noise`` the share of a uniform choice mixed in."""

    temperature: float = 1.5
    noise: float = 0.1

    def probabilities(self, game: Game, cards: Sequence[Card],
                      memo: dict[Card, float] | None = None) -> dict[Card, float]:
        """The chance the seat to move in ``game`` plays each of ``cards`` (its legal cards);
        ``memo`` as for :func:`card_values`."""
        if len(cards) == 1:
            return {cards[0]: 1.0}
        values = card_values(game, cards, memo)
        tau = self.temperature * _unit(game.rules)
        top = max(values.values())
        raw = {c: math.exp((v - top) / tau) for c, v in values.items()}
        total = sum(raw.values())
        uniform = self.noise / len(cards)
        return {c: (1 - self.noise) * r / total + uniform for c, r in raw.items()}


_TABLES: dict[int, tuple[Rules, float, dict[int, float]]] = {}


def _tables(rules: Rules) -> tuple[float, dict[int, float]]:
    """The deck's average card points (at least 1) and each trump strength's place from 0 (the
    lowest) to 1 (the top), computed once per rules object."""
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        deck = rules.deck
        unit = max(1.0, sum(rules.points(c) for c in deck) / len(deck))
        strengths = sorted({rules.trump_strength[int(c) & 63] for c in deck})
        places = {s: i / max(1, len(strengths) - 1) for i, s in enumerate(strengths)}
        entry = _TABLES[id(rules)] = (rules, unit, places)
    return entry[1], entry[2]


def _unit(rules: Rules) -> float:
    return _tables(rules)[0]


def _keep(rules: Rules, card: Card, trump: object) -> float:
    """What holding on to ``card`` is worth: a trump its points and some more; a plain card 0."""
    if trump is None or card.suit != trump:
        return 0.0
    unit, places = _tables(rules)
    rank = places[rules.trump_strength[int(card) & 63]]
    return card_points(rules, card, card.suit) + unit * (TRUMP_KEEP_BASE + TRUMP_KEEP_RANGE * rank)


def card_values(game: Game, cards: Sequence[Card],
                memo: dict[Card, float] | None = None) -> dict[Card, float]:
    """The cheap value of each card the seat to move may play (see the module's docstring).

    A card's value depends on the public position only (the trick, trump, who leads and who
    moves), but for a held marriage: ``memo``, one dict per public position, keeps the values
    found so that the same position in other sampled worlds (whose hands differ) reuses them."""
    rules, trump, trick = game.rules, game.trump, tuple(game.trick)
    if not trick and trump is None and rules.trump_mode == "first-lead":  # the lead names trump
        top = trump_making_lead(rules, list(cards))  # (depends on the whole hand)
        return {c: (_unit(rules) * 3 if c == top else 0.0) for c in cards}
    memo = {} if memo is None else memo
    values: dict[Card, float] = {}
    missing = [c for c in cards if c not in memo]
    if not trick:
        for c in missing:
            memo[c] = -LEAD_RISK * card_points(rules, c, trump) - _keep(rules, c, trump)
        hand = game.hand(game.to_move) if rules.has_lead_bonus else ()
        for c in cards:
            v = memo[c]
            if rules.has_lead_bonus and c.rank == Rank.QUEEN and Card(Rank.KING, c.suit) in hand:
                v += marriage_value(rules, c.suit, trump)
            values[c] = v
        return values
    if missing:
        n = game.players
        worth = sum(card_points(rules, c, trump) for c in trick)
        mine = game.team_of(game.to_move)
        for c in missing:
            winner = (game.leader + rules._winner_index((*trick, c), trump)) % n
            sign = 1 if game.team_of(winner) == mine else -1
            memo[c] = sign * (worth + card_points(rules, c, trump)) - _keep(rules, c, trump)
    return {c: memo[c] for c in cards}


def policy_move(game: Game) -> Move:
    """The playout's move for the seat to move: an exchange when one is allowed, else the card
    of best cheap value (ties: the weaker card). Deterministic."""
    legal = game.legal_moves()
    for move in legal:
        if isinstance(move, Exchange):
            return move
    cards = [m for m in legal if isinstance(m, Card)]
    if len(cards) == 1:
        return cards[0]
    values = card_values(game, cards)
    rules, trump = game.rules, game.trump

    def strength(c: Card) -> int:
        bit = int(c) & 63
        return rules.trump_strength[bit] + 100 if trump is not None and c.suit == trump \
            else rules.plain_strength[bit]

    return max(cards, key=lambda c: (round(values[c], 6), -strength(c)))


def replay_log_likelihood(game: Game, moves: Sequence[Move], seat: int,
                          model: PlayModel, memo: dict[int, dict[Card, float]] | None = None) -> float:
    """Push ``moves`` onto ``game`` (a sampled world at the deal's start) and return the log of
    the chance that every other seat's card plays were its choices under ``model``. Only the
    cards played by seats other than ``seat`` (the one inferring) are weighed; bids, calls and
    exchanges count as certain. ``memo`` (shared by the worlds replaying the same ``moves``)
    keeps each public position's card values, by the move's index."""
    memo = {} if memo is None else memo
    total = 0.0
    for index, move in enumerate(moves):
        if isinstance(move, Card) and game.phase == "play" and game.to_move != seat:
            cards = [m for m in game.legal_moves() if isinstance(m, Card)]
            if len(cards) > 1:
                total += math.log(model.probabilities(game, cards, memo.setdefault(index, {}))[move])
        game.push(move)
    return total


def normalise(log_weights: Sequence[float]) -> list[float]:
    """Weights proportional to ``exp(log_weights)`` that sum to one."""
    if not log_weights:
        return []
    top = max(log_weights)
    raw = [math.exp(w - top) for w in log_weights]
    total = math.fsum(raw)
    return [r / total for r in raw]


def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of normalised weights, (Σw)² / Σw²: how many equally
    weighted deals they are worth."""
    return 1.0 / math.fsum(w * w for w in weights) if weights else 0.0


def tempered(log_weights: Sequence[float], min_size: float) -> list[float]:
    """Weights proportional to ``exp(β · log_weights)`` with the largest ``β ≤ 1`` whose
    effective sample size is at least ``min_size``.

    Over a long deal the likelihoods of many plays multiply and the weights pile onto a
    handful of deals, more than a rough model of play deserves: the deals would all be alike.
    Flattening them (as adaptive tempering does in sequential Monte Carlo) keeps the order
    the model gives the deals but spreads the weight over enough of them."""
    full = normalise(log_weights)
    if effective_size(full) >= min_size:
        return full
    low, high = 0.0, 1.0  # the size falls as β grows: halve to the largest β that keeps it
    for _ in range(20):
        middle = (low + high) / 2
        if effective_size(normalise([middle * w for w in log_weights])) >= min_size:
            low = middle
        else:
            high = middle
    return normalise([low * w for w in log_weights])


def world_weights(rules: Rules, deals: Sequence[Deal], moves: Sequence[Move], seat: int,
                  model: PlayModel | None,
                  min_size: float | None = None) -> tuple[list[float], list[Game]]:
    """Each sampled deal's weight (summing to one) and the deal replayed to now: proportional
    to how likely the other seats were to play what they played had the cards lain so under
    ``model``; all alike with ``model=None``. ``min_size`` flattens the weights to at least that
    effective sample size (:func:`tempered`)."""
    from aceten.game import Game

    games, logs = [], []
    # the public positions' card values, shared by the worlds; not where the teams are hidden
    # (a sampled world then decides who is whose partner, and so whom a trick's points go to)
    memo: dict[int, dict[Card, float]] | None = None if rules.hidden_teams else {}
    for deal in deals:
        game = Game(rules, deal=deal)
        if model is None:
            for move in moves:
                game.push(move)
            logs.append(0.0)
        else:
            logs.append(replay_log_likelihood(game, moves, seat, model, memo))
        games.append(game)
    return (normalise(logs) if min_size is None else tempered(logs, min_size)), games
