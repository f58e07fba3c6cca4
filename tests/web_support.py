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


def called_cards(game: Game) -> set[Card]:
    """The card called so far (with a hidden partner), from the full log."""
    return {what for kind, _, what in game.log if kind == "call-card"}


def partner_known(game: Game, seat: int | None) -> int | None:
    """With a hidden team, the caller's partner (the holder of the called card) if ``seat`` (None:
    a spectator) can know it at this point of the game: it holds the card, or the card has been
    played; else None. From the deal and the full log, not from views."""
    called = next((what for kind, _, what in game.log if kind == "call-card"), None)
    if called is None:
        return None
    holder = next((s for s, hand in enumerate(game.deal.hands) if called in hand), None)
    for kind, who, what in game.log:
        if kind == "draw" and what == called:
            holder = who
    played = any(kind == "play" and what == called for kind, _, what in game.log)
    return holder if played or (seat is not None and seat == holder) else None


def pairs(value: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of a message, at any depth."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from pairs(item)
    elif isinstance(value, list):
        for item in value:
            yield from pairs(item)


def team_leaks(message: dict[str, Any], known: int | None) -> list[str]:
    """What a message says of a hidden partner that its receiver cannot know (``known``: the
    partner as the receiver may know it, or None): a ``partner`` other than that, and while the
    partner is unknown to it, a reveal in the log or any bot's reason (a reason may give a side
    away: "your partner P1 is ahead"). A hint is the receiver's own coach, from its own view."""
    if message.get("type") == "hint":
        return []
    found = []
    for key, value in pairs(message):
        if key == "partner" and value != known:
            found.append(f"partner={value}")
        if known is None:
            if key == "kind" and value == "reveal":
                found.append("a reveal in the log")
            if key == "reason" and value:
                found.append(f"a reason: {value}")
            if key == "reasons" and any(value):
                found.append(f"reasons: {value}")
    return found


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
    if message.get("legal"):  # the cards the auction's winner may call are choices, not places
        message = {**message, "legal": [m for m in message["legal"] if m.get("kind") != "call-card"]}
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
    partners: dict[tuple[int, int | None], int | None] = {}
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
                at = replay_to(final, ply)
                # the called card (a hidden partner's) is named to everyone: where it lies is not
                # told by its name but by the partner, which team_leaks checks
                cache[key] = hidden_cards(at, seat) - called_cards(at)
            bad = leaked(message, cache[key])
            assert not bad, (f"{message.get('type')} message at ply {ply} to "
                             f"{'a spectator' if seat is None else f'P{seat + 1}'} names hidden "
                             f"cards {bad}: {json.dumps(message)[:400]}")
            if final.rules.hidden_teams:
                if key not in partners:
                    partners[key] = partner_known(replay_to(final, ply), seat)
                told = team_leaks(message, partners[key])
                assert not told, (f"{message.get('type')} message at ply {ply} to "
                                  f"{'a spectator' if seat is None else f'P{seat + 1}'} tells of the "
                                  f"hidden partner: {told[:3]}")
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
