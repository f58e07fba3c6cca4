"""Exhaustive search for the logic tests: every deal consistent with a position, every legal
sequence of moves through the engine, goals judged on each finished game."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aceten
from aceten import Card, Deal, Game
from aceten.logic import goal as g
from aceten.logic.position import Play, Position, Swap, from_dict
from aceten.logic.trace import Trace
from aceten.moves import Exchange, TrumpCall


def count_deals(pos: Position) -> int:
    rules = pos.rules
    known = {c for h in pos.hands for c in h} | {c for c in pos.stock if c is not None}
    free = len(rules.deck) - len(known)
    total = math.factorial(free)
    for hand in pos.hands:
        total //= math.factorial(rules.hand_size - len(hand))
    return total


def deals(pos: Position) -> Iterator[Deal]:
    """Every deal consistent with what the position says of the hands and the stock."""
    rules = pos.rules
    known = {c for h in pos.hands for c in h} | {c for c in pos.stock if c is not None}
    free = [c for c in rules.deck if c not in known]
    needs = [rules.hand_size - len(h) for h in pos.hands]
    holes = [j for j, c in enumerate(pos.stock) if c is None]

    def assign(p: int, left: list[Card], hands: list[tuple[Card, ...]]) -> Iterator[Deal]:
        if p == len(needs):
            for order in itertools.permutations(left):
                stock = list(pos.stock)
                for j, c in zip(holes, order):
                    stock[j] = c
                yield Deal(tuple(hands), tuple(stock))  # type: ignore[arg-type]
            return
        for extra in itertools.combinations(left, needs[p]):
            rest = [c for c in left if c not in extra]
            yield from assign(p + 1, rest, [*hands, tuple(pos.hands[p]) + extra])

    yield from assign(0, free, [])


def history_moves(pos: Position) -> list[Any]:
    """The history's moves in order ("?" for an unknown card)."""
    out: list[Any] = []
    for e in pos.history:
        if isinstance(e, Play):
            out.append(e.card if e.card is not None else "?")
        elif isinstance(e, Swap):
            out.append(Exchange(e.card))
    return out


def leaves(pos: Position, visit: Callable[[Trace], None], limit: int = 2_000_000) -> int:
    """Call ``visit`` on every finished game consistent with the position; returns the count."""
    rules = pos.rules
    history = history_moves(pos)
    count = 0
    for deal in deals(pos):
        game = Game(rules, deal=deal)
        hands_at: dict[tuple[int, int], int] = {}
        for call in pos.calls:  # the history's trump calls and passes
            game.push(TrumpCall(call))
        count += _dfs(game, hands_at, history, 0, visit)
        if count > limit:
            raise RuntimeError("too many games to search")
    return count


def _dfs(game: Game, hands_at: dict[tuple[int, int], int], history: list[Any], depth: int,
         visit: Callable[[Trace], None]) -> int:
    if game.is_over():
        visit(_trace(game, hands_at))
        return 1
    added = None
    if game.phase == "play":
        key = (len(game.tricks), game.to_move)
        if key not in hands_at:
            hands_at[key] = game.hand(game.to_move).mask
            added = key
    moves = game.legal_moves()
    played = depth
    if game.phase == "play" and depth < len(history):
        want = history[depth]
        moves = [m for m in moves if (isinstance(m, Card) if want == "?" else m == want)]
        played = depth + 1
    elif game.phase == "play" and depth >= len(history):
        played = depth
    total = 0
    for move in moves:
        game.push(move)
        total += _dfs(game, hands_at, history, played, visit)
        game.pop()
    if added is not None:
        del hands_at[added]
    return total


def _trace(game: Game, hands_at: dict[tuple[int, int], int]) -> Trace:
    n = game.players
    draws = []
    exchanges = []
    plays = 0
    for kind, who, what in game.log:
        if kind == "play":
            plays += 1
        elif kind == "draw":
            draws.append((who, what, (plays - 1) // n))
        elif kind == "swap":
            exchanges.append((plays // n, who, what))
    return Trace(game, tuple(game.tricks), hands_at, tuple(draws), tuple(exchanges), game.outcome())


@dataclass
class Oracle:
    """Brute-force answers for a list of goals on one position."""

    exists: list[bool]
    best: list[int | None]  # objective goals: the optimum over games meeting the condition
    games: int


def brute_force(pos: Position, goals: list[g.Goal], limit: int = 2_000_000) -> Oracle:
    exists = [False] * len(goals)
    best: list[int | None] = [None] * len(goals)

    def visit(trace: Trace) -> None:
        for i, goal in enumerate(goals):
            if goal.objective is None:
                if not exists[i] and trace.holds_formula(goal.formula):
                    exists[i] = True
            elif trace.holds_formula(goal.formula):
                value = trace.linear(goal.objective)
                if goal.sense == "minimize":
                    value = -value
                exists[i] = True
                if best[i] is None or value > best[i]:
                    best[i] = value
        return None

    games = leaves(pos, visit, limit)
    best = [None if b is None else (b if goals[i].sense != "minimize" else -b)
            for i, b in enumerate(best)]
    return Oracle(exists, best, games)


# -- random positions and goals ----------------------------------------------------------------------
GAMES = {
    # name: (players, deck size, options choices)
    "briscola": [(2, 10, {}), (3, 12, {}), (4, 12, {"trump": None}), (2, 10, {"draw": "after-play"}),
                 (4, 12, {"teams": "none", "trump": None}),
                 (3, 12, {"draw": "after-play", "scoring": "tricks"}),
                 (2, 10, {"tie": "last-trick"})],
    "brisca": [(2, 10, {}), (2, 10, {"arrastre": "yes"}), (3, 12, {"exchange_needs_trick": "yes"}),
               (2, 10, {"draw": "after-play", "arrastre": "yes"}),
               (4, 12, {"arrastre": "yes", "trump": None})],
    "cruce": [(3, 12, {}), (4, 12, {}), (2, 10, {}), (4, 12, {"undertrump": "no"})],
    "klaverjas": [(4, 12, {"variant": "rotterdam"}), (4, 12, {"variant": "amsterdam"}),
                  (4, 12, {"variant": "amsterdam", "trump": None}),
                  (4, 12, {"variant": "rotterdam", "trump_choice": "free"})],
}


def small_deck(rng: random.Random, game: str, size: int, players: int) -> list[Card]:
    rules = aceten.rules.get(game, players=players, **({"bidding": "no"} if game == "cruce" else {}))
    deck = list(rules.deck)
    if game == "brisca":  # keep exchanges possible: the 7s, 2s and some high cards
        core = [c for c in deck if c.rank in (aceten.Rank.SEVEN, aceten.Rank.TWO)]
        core = rng.sample(core, k=min(len(core), size // 2))
        rest = [c for c in deck if c not in core]
        return core + rng.sample(rest, size - len(core))
    if game == "klaverjas" or game == "cruce":  # a few suits, runs of ranks
        suits = sorted({c.suit for c in deck})
        rng.shuffle(suits)
        chosen = [c for c in deck if c.suit in suits[:3]]
        if len(chosen) < size:
            chosen = deck
        return rng.sample(chosen, size)
    return rng.sample(deck, size)


def random_position(rng: random.Random, game: str, budget: int = 8_000,
                    history: float = 0.3) -> Position:
    """A random small position: a random deal, its cards hidden one by one while the exhaustive
    search (deals x estimated games) stays within ``budget``; with probability ``history``, a
    few random moves of the true deal as the history so far."""
    players, size, extra = rng.choice(GAMES[game])
    deck = small_deck(rng, game, size, players)
    options: dict[str, Any] = {"deck": " ".join(map(str, deck))}
    variant = extra.get("variant")
    for k, v in extra.items():
        if k == "variant":
            continue
        options[k] = rng.choice(sorted({c.suit.letter for c in deck})) if k == "trump" else v
    if game == "cruce":
        options["bidding"] = "no"
    if game == "klaverjas" and "trump" not in options and rng.random() < 0.6:
        options["trump"] = rng.choice(sorted({c.suit.letter for c in deck}))
    leader = rng.randrange(players)
    rules = aceten.rules.get(game, players=players, variant=variant, dealer=(leader - 1) % players,
                             **options)
    shuffled = deck[:]
    rng.shuffle(shuffled)
    h = rules.hand_size
    hands = [shuffled[p * h:(p + 1) * h] for p in range(players)]
    stock: list[Card | None] = list(shuffled[players * h:])
    face_up = rules.trump_mode == "turned" and rng.random() < 0.8
    moves: list[str] = []
    if rng.random() < history:
        game_now = Game(rules, deal=Deal(tuple(tuple(h) for h in hands), tuple(stock)))  # type: ignore[arg-type]
        if game_now.phase == "call":
            game_now.push(rng.choice(game_now.legal_moves()))
            moves.append(str(game_now.moves[-1]))
        for _ in range(rng.randrange(1, 2 * players + 1)):
            if game_now.is_over():
                break
            move = rng.choice(game_now.legal_moves())
            game_now.push(move)
            moves.append(str(move) if not isinstance(move, Card) or rng.random() < 0.9 else "??")

    def make() -> Position:
        data: dict[str, Any] = {"game": game, "players": players, "options": options,
                                "leader": f"P{leader + 1}",
                                "hands": {f"P{p + 1}": " ".join(map(str, hand))
                                          for p, hand in enumerate(hands)}}
        if variant:
            data["variant"] = variant
        if stock:
            data["stock"] = " ".join(str(c) if c is not None else "??" for c in stock)
        if moves:
            data["moves"] = " ".join(moves)
        return from_dict(data)

    estimate = _tree_estimate(make())
    places = [("hand", p, c) for p, hand in enumerate(hands) for c in hand]
    places += [("stock", j, c) for j, c in enumerate(stock) if not (face_up and j == len(stock) - 1)]
    rng.shuffle(places)
    for kind, where, card in places:
        if kind == "hand":
            hands[where] = [c for c in hands[where] if c != card]
        else:
            stock[where] = None
        if count_deals(make()) * estimate > budget:
            if kind == "hand":
                hands[where].append(card)
            else:
                stock[where] = card
            break
    return make()


def _tree_estimate(pos: Position) -> int:
    rules = pos.rules
    n, h, T = rules.players, rules.hand_size, rules.tricks_per_deal
    R = rules.stock_size // n
    est = 1
    for t in range(T):
        size = h if t < R else h - (t - R)
        est *= max(1, size) ** n
    if rules.obligations.parts:
        est = int(est ** 0.6) + 1
    if rules.trump_mode == "called" and rules.options["trump"] is None:
        est *= 4
    if rules.has_extra_moves:
        est *= 3
    return est


def random_goals(rng: random.Random, pos: Position, count: int) -> list[str]:
    rules = pos.rules
    n, T = rules.players, rules.tricks_per_deal
    deck = list(rules.deck)
    teams = len(rules.teams)
    total = rules.total_points

    def player() -> str:
        return f"P{rng.randrange(n) + 1}"

    def side() -> str:
        return player() if rng.random() < 0.7 or teams == n else f"team {rng.randrange(teams) + 1}"

    def atom() -> str:
        kind = rng.choice(["tricks", "tricks", "points", "points", "wins", "plays", "leads",
                           "holds", "draws", "stock", "trump", "bonus", "score", "windeal"])
        if kind == "tricks":
            return f"tricks({side()}) {rng.choice(['>=', '<=', '=='])} {rng.randrange(T + 1)}"
        if kind == "points":
            return f"points({side()}) {rng.choice(['>=', '<=', '>'])} {rng.randrange(total + 1)}"
        if kind == "wins":
            return f"wins({side()}, trick={rng.randrange(T) + 1})"
        if kind == "plays":
            trick = f", trick={rng.randrange(T) + 1}" if rng.random() < 0.7 else ""
            return f"plays({player()}, {rng.choice(deck)}{trick})"
        if kind == "leads":
            return f"leads({player()}, trick={rng.randrange(T) + 1})"
        if kind == "holds":
            return f"holds({player()}, {rng.choice(deck)}, trick={rng.randrange(T) + 1})"
        if kind == "draws" and rules.stock_size:
            trick = f", trick={rng.randrange(rules.stock_size // n) + 1}" if rng.random() < 0.4 else ""
            return f"draws({player()}, {rng.choice(deck)}{trick})"
        if kind == "stock" and rules.stock_size:
            return f"stock({rng.randrange(rules.stock_size) + 1}) == {rng.choice(deck)}"
        if kind == "trump":
            return f"trump == {rng.choice(deck).suit.letter}"
        if kind == "bonus" and (rules.has_lead_bonus or rules.has_trick_bonus):
            return f"bonus({side()}) >= {rng.choice([20, 40, 50, 60, 100])}"
        if kind == "score":
            bar = rng.randrange(3) if rules.name == "cruce" else rng.randrange(total + 1)
            return f"score({side()}) >= {bar}"
        if kind == "windeal":
            return f"wins({side()})"
        return f"tricks({side()}) >= {rng.randrange(T + 1)}"

    def formula(depth: int) -> str:
        r = rng.random()
        if depth == 0 or r < 0.4:
            return atom()
        if r < 0.55:
            return f"not ({formula(depth - 1)})"
        op = rng.choice(["and", "and", "or", "implies"])
        return f"({formula(depth - 1)}) {op} ({formula(depth - 1)})"

    goals = []
    for _ in range(count):
        r = rng.random()
        if r < 0.15:
            term = rng.choice([f"tricks({side()})", f"points({side()})",
                               f"points({player()}) - points({player()})"])
            cond = f" where {formula(1)}" if rng.random() < 0.3 else ""
            goals.append(f"{rng.choice(['maximize', 'minimize'])} {term}{cond}")
        else:
            goals.append(formula(2))
    return goals
