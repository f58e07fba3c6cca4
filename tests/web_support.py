"""Helpers for the web table's tests: what each receiver may not see, and a leak check.

The hidden cards are computed from the game's full state (the deal and the full log), not from
views, so the check does not trust the code it tests.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

from aceten.cards import Card
from aceten.game import Game

TOKEN = re.compile(r"[0-9A-Za-z♠♥♦♣]+")
# Messages whose content may name unseen cards without revealing where they are: the deck
# (which cards are in the game is public) and the knowledge panel (it lists what a seat does
# not know: possibilities, built from the seat's own view).
EXEMPT_TYPES = {"knowledge"}
# Keys whose values are random identifiers (URL-safe base64), not text: "Go-AYLxC--5O" is a table
# id, not the five of coins. Their values are also cut out of any other string (links).
ID_KEYS = ("table", "token")


def replay_to(final: Game, ply: int) -> Game:
    """The game as it stood after ``ply`` moves."""
    game = Game(final.rules, seed=final.seed, deal=final.deal)
    for move in final.moves[:ply]:
        game.push(move)
    return game


def public_cards(game: Game) -> set[Card]:
    """Cards everyone has seen: played, turned up, exchanged face up, dealt open."""
    shown: set[Card] = set()
    if game.turned_card is not None:
        shown.add(game.turned_card)
    for kind, _, what in game.log:
        if kind in ("play", "swap") and isinstance(what, Card):
            shown.add(what)
    k = game.rules.options["open_cards"]
    for hand in game.deal.hands:
        shown.update(hand[:k])
    return shown


def hidden_cards(game: Game, seat: int | None) -> set[Card]:
    """The cards ``seat`` (None: a spectator) has not seen at this point of the game."""
    known = public_cards(game)
    if seat is not None:
        known.update(game.deal.hands[seat])
        for kind, who, what in game.log:
            if kind == "draw" and who == seat:
                known.add(what)
    return set(game.rules.deck) - known


def strings(value: Any, skip_deck: bool) -> list[str]:
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if (skip_deck and key == "deck") or key == "_sent":
                continue
            out.append(str(key))
            out.extend(strings(item, skip_deck))
    elif isinstance(value, list):
        for item in value:
            out.extend(strings(item, skip_deck))
    elif isinstance(value, str):
        out.append(value)
    return out


def identifiers(value: Any) -> set[str]:
    """The random ids a message carries under ``ID_KEYS``, at any depth."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ID_KEYS and isinstance(item, str):
                found.add(item)
            else:
                found |= identifiers(item)
    elif isinstance(value, list):
        for item in value:
            found |= identifiers(item)
    return found


def texts_of(message: dict[str, Any], skip_deck: bool) -> list[str]:
    """The message's strings with its random ids cut out."""
    ids = sorted(identifiers(message), key=len, reverse=True)
    texts = strings(message, skip_deck)
    for ident in ids:
        texts = [text.replace(ident, " ") for text in texts]
    return texts


def leaked(message: dict[str, Any], hidden: set[Card]) -> list[str]:
    """The hidden cards a message names (by code, symbol or name)."""
    if message.get("type") in EXEMPT_TYPES:
        return []
    texts = texts_of(message, skip_deck=message.get("type") in ("joined", "replay"))
    tokens = {t for text in texts for t in TOKEN.findall(text)}
    # an error may repeat what its receiver sent ("illegal move 2B ...: not in hand")
    echoed = set(TOKEN.findall(str(message.get("_sent", "")))) if message.get("type") == "error" else set()
    tokens -= echoed
    lowered = " ".join(texts).lower()
    found = []
    for card in hidden:
        named = card.name.lower() in lowered and str(card) not in echoed
        if str(card) in tokens or card.symbol in tokens or named:
            found.append(str(card))
    return sorted(found)


def mentions_cards(message: dict[str, Any], deck: tuple[Card, ...]) -> bool:
    texts = texts_of(message, skip_deck=True)
    tokens = {t for text in texts for t in TOKEN.findall(text)}
    return any(str(c) in tokens for c in deck)


def check_messages(final: Game, inbox: dict[Any, list[dict[str, Any]]],
                   seat_of: dict[Any, int | None]) -> int:
    """Assert no message in ``inbox`` (per receiver) names a card hidden from its receiver at
    the ply it was sent; returns the number of messages checked."""
    checked = 0
    cache: dict[tuple[int, int | None], set[Card]] = {}
    for receiver, messages in inbox.items():
        seat = seat_of[receiver]
        for message in messages:
            checked += 1
            if "ply" not in message:
                assert not mentions_cards(message, final.rules.deck), \
                    f"a message without a ply names cards: {json.dumps(message)[:300]}"
                continue
            ply = int(message["ply"])
            key = (ply, seat)
            if key not in cache:
                cache[key] = hidden_cards(replay_to(final, ply), seat)
            bad = leaked(message, cache[key])
            assert not bad, (f"{message.get('type')} message at ply {ply} to "
                             f"{'a spectator' if seat is None else f'P{seat + 1}'} names hidden "
                             f"cards {bad}: {json.dumps(message)[:400]}")
    return checked


@contextlib.contextmanager
def running(app: Any) -> Iterator[int]:
    """``app`` served by uvicorn on a free loopback port in a thread of this process (so a test
    can give it small limits and look at its counts); yields the port."""
    import uvicorn

    from aceten.web.app import MAX_FRAME

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(app, host="127.0.0.1", port=port, ws_max_size=MAX_FRAME,
                            log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn-test", daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise AssertionError("the server did not start")
            time.sleep(0.02)
        yield port
    finally:
        server.should_exit = True
        thread.join()
