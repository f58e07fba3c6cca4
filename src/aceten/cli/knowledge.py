"""``aceten knows``: what one seat knows at a moment of a recorded game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aceten.cli.common import JsonOpt, flag, moves_after, not_an_input, user_errors

if TYPE_CHECKING:
    from aceten.game import Game
    from aceten.knowledge import Knowledge



def register(app: typer.Typer) -> None:
    """Add the ``knows`` command to the ``aceten`` application."""
    @app.command("knows")
    def knows(
        file: Annotated[Path, typer.Argument(help="a game record (.tgn): a full record, or one written "
                                             "from the seat's view (with ??)", show_default=False)],
        seat: Annotated[int, typer.Option("--seat", "-s", help="whose knowledge, 1-based")] = 1,
        after: Annotated[int | None, typer.Option(
            "--after", help="after this many moves (cards, bids, exchanges); default: all of an "
            "unfinished record, or the last moment of a finished deal the seat still had "
            "cards to guess", show_default=False)] = None,
        ply: Annotated[int | None, typer.Option(
            "--ply", help="the position before move N (1-based), as `aceten solve --ply` counts: "
            "--after N-1", show_default=False)] = None,
        query: Annotated[list[str] | None, typer.Option(
            "--query", "-q", help="a question, repeatable, e.g. 'knows(P3, void(P2, clubs))'")] = None,
        card: Annotated[str | None, typer.Option("--card", help="one card: where it may be, who knows "
                                                 "it, and its Kripke picture with --svg")] = None,
        svg: Annotated[Path | None, typer.Option(
            "--svg", help="write a Kripke picture: of --card, or of the whole (small) model")] = None,
        explain: Annotated[bool, flag("--explain/--no-explain",
                                              help="say why, for each query")] = True,
        max_worlds: Annotated[int, typer.Option(
            "--max-worlds", help="largest explicit Kripke model to build")] = 200_000,
        partner: Annotated[bool, flag("--partner", help="a hidden team (an auction's called "
                                      "card): who may be the caller's partner from every seat's "
                                      "view; with --svg, the picture of the team's worlds")] = False,
        json_out: JsonOpt = False,
    ) -> None:
        """What a seat knows about the hidden cards, per opponent; queries; Kripke pictures.

        Per opponent: the cards known held and not held, voids and probabilities."""
        with user_errors(json_out):
            from aceten.errors import AcetenError
            from aceten.knowledge.records import knowledge_from_text
            from aceten.record import read_text

            not_an_input(svg, [file], "--svg")
            if svg is not None and svg.suffix.lower() != ".svg":
                raise AcetenError(f"--svg {svg}: the picture is SVG; give a file name ending in .svg")
            if max_worlds < 1:
                raise AcetenError(f"--max-worlds {max_worlds}: give 1 or more worlds")
            text = read_text(file)
            after = moves_after(after, ply)
            try:
                chosen = after if after is not None else _default_after(text, seat - 1)
                pos = knowledge_from_text(text, seat - 1, chosen)
            except AcetenError as err:
                message = str(err)
                if ply is not None:  # (said in the option the user gave)
                    message = message.replace(f"--after {after}", f"--ply {ply}")
                raise AcetenError(f"{file}: {message}") from None
            kn = pos.knowledge
            report = _report(kn, pos.moves)
            table = None
            if partner:
                if card is not None:
                    raise AcetenError("give --partner or --card, not both")
                table = _partner_table(pos)
            answers = []
            for q in query or ():
                if explain:
                    ex = kn.explain(q)
                    answers.append((ex.answer, ex.lines))
                else:
                    answers.append((kn.ask(q, max_worlds=max_worlds), []))
            card_info = None
            picture = None
            if card is not None:
                c = kn.rules.parse_card(card)
                card_info = _card_report(kn, c)
                if svg is not None:
                    picture = kn.card_svg(c, actual=_actual_place(pos.game, c))
            elif partner and svg is not None:
                teams = kn.teams
                assert teams is not None and teams.card is not None  # _partner_table checked
                picture = kn.card_svg(teams.card, actual=_actual_place(pos.game, teams.card),
                                      partner_of=teams.caller)
            elif svg is not None:
                model = kn.kripke(max_worlds=max_worlds)
                actual = None
                if pos.game is not None:
                    actual = model.find({s: pos.game.hand(s).mask for s in range(pos.game.players)})
                picture = model.svg(actual=actual)
            if picture is not None and svg is not None:
                from aceten import record

                record.write_text(svg, picture)  # whole or as it was
            if json_out:
                out: dict[str, Any] = {"ok": True, **report}
                out["queries"] = [{**a.as_dict(), "because": lines} for a, lines in answers]
                if card_info is not None:
                    out["card"] = card_info
                if table is not None:
                    out["partner_table"] = table
                if svg is not None:
                    out["svg"] = str(svg)
                print(json.dumps(out, ensure_ascii=False))
                return
            _print_report(report)
            if after is None and pos.moves < pos.total_moves:
                print(f"\n(the deal is over, and then every card is known: this is the last time "
                      f"P{seat} chose a move with cards to guess; --after 0 to {pos.total_moves} "
                      "for another moment)")
            for a, lines in answers:
                print()
                print(f"? {a.asked or a.query}")
                print(f"  {_verdict(a)}")
                for line in lines:
                    print(f"    {line}")
            if table is not None:
                _print_partner_table(table)
            if card_info is not None:
                print()
                places = "  ".join(f"{k} {v:.1%}" for k, v in card_info["places"].items())
                print(f"{card_info['card']}: {places}")
                knowers = card_info["known_by"]
                print(f"  knows where it is: {', '.join(knowers) if knowers else 'no seat'}")
            if svg is not None:
                print(f"\nwrote {svg}")


def _default_after(text: str, seat: int) -> int | None:
    """For a finished full record, the last time ``seat`` chose a move without knowing where
    every card was (at the end of a deal everything is known, which tells nothing); else None:
    all moves."""
    from aceten.knowledge.records import knowledge_from_text

    end = knowledge_from_text(text, seat, None)
    if end.game is None or not end.game.is_over():
        return None
    for moment in range(end.total_moves - 1, -1, -1):
        pos = knowledge_from_text(text, seat, moment)
        if pos.game is not None and pos.game.to_move == seat and pos.knowledge.count().holdings > 1:
            return moment
    return 0


def _verdict(a: Any) -> str:
    """One line for an answer. A question about the seat's own knowledge is always settled
    (the seat knows what it knows), so "P1 knows it is not so" would only confuse: say whether
    P1 knows (or considers possible) the inner statement instead."""
    from aceten.knowledge.facts import Knows, Possible

    if isinstance(a.query, (Knows, Possible)) and a.query.seat == a.seat:
        return f"{'true' if a.value else 'false'}: {a} ({a.method})"
    if a.value is True:
        return f"true: P{a.seat + 1} knows it ({a.method})"
    if a.value is False:
        return f"false: P{a.seat + 1} knows it is not so ({a.method})"
    share = float(a.probability)
    return f"unknown to P{a.seat + 1}: true in {share:.1%} of the consistent deals ({a.method})"


def _report(kn: Knowledge, moves: int) -> dict[str, Any]:
    """Everything the text and JSON outputs show about the seat's knowledge."""
    rules = kn.rules
    counts = kn.count()
    marg = kn.marginals()
    me = kn.seat
    seats = []
    for s in range(rules.players):
        if s == me:
            continue
        held = [str(c) for c, pr in marg.items() if pr.get(s) == 1]
        maybe = {str(c): float(pr[s]) for c, pr in sorted(marg.items(), key=lambda kv: -kv[1].get(s, 0))
                 if 0 < pr.get(s, 0) < 1}
        not_held = [str(c) for c, pr in marg.items() if "played" not in pr and not pr.get(s)]
        seats.append({"seat": s + 1, "hand_size": kn.timeline.hand_size[s], "known": held,
                      "not_held": not_held, "voids": [x.name for x in kn.voids(s)],
                      "probabilities": maybe})
    stock = None
    if kn.timeline.stock_left:
        stock = {"size": kn.timeline.stock_left,
                 "known": [str(c) for c, pr in marg.items() if pr.get("stock") == 1],
                 "probabilities": {str(c): float(pr["stock"]) for c, pr in
                                   sorted(marg.items(), key=lambda kv: -kv[1].get("stock", 0))
                                   if 0 < pr.get("stock", 0) < 1}}
    own = [str(c) for c, pr in marg.items() if pr.get(me) == 1]
    out = {"game": rules.name, "variant": rules.variant, "players": rules.players,
           "title": rules.title, "seat": me + 1, "moves": moves,
           "trump": kn.trump.name if kn.trump is not None else None,
           "counts": counts.as_dict(), "hand": own, "seats": seats, "stock": stock}
    if kn.teams is not None:
        out["partner"] = _partner_row(kn)
    return out


def _partner_row(kn: Knowledge) -> dict[str, Any]:
    """A hidden team from the seat's view: the call, and each seat's chance to be the partner."""
    teams = kn.teams
    assert teams is not None
    odds = kn.partner_odds()
    return {"caller": None if teams.caller is None else teams.caller + 1,
            "called": None if teams.card is None else str(teams.card),
            "revealed": teams.holder is not None,
            "odds": {f"P{s + 1}": float(p) for s, p in odds.items()},
            "exact": {f"P{s + 1}": str(p) for s, p in odds.items()}}


def _partner_table(pos: Any) -> dict[str, Any]:
    """Who may be the partner from every seat's view (a full record), else from this seat's."""
    from aceten.errors import AcetenError
    from aceten.knowledge import Knowledge

    kn = pos.knowledge
    teams = kn.teams
    if teams is None:
        raise AcetenError(f"--partner: {kn.rules.title} has no hidden partner (its teams are "
                          "declared at the deal)")
    if teams.card is None:
        raise AcetenError("--partner: no card has been called yet at this moment (the teams "
                          "form at the call; choose a later --after)")
    views = ([Knowledge.from_view(pos.game.view(s)) for s in range(kn.rules.players)]
             if pos.game is not None else [kn])
    return {"caller": teams.caller + 1 if teams.caller is not None else None,
            "called": str(teams.card), "revealed": teams.holder is not None,
            "views": {f"P{v.seat + 1}": _partner_row(v)["odds"] for v in views},
            "every_view": pos.game is not None}


def _print_partner_table(t: dict[str, Any]) -> None:
    print()
    caller = f"P{t['caller']}"
    state = "played: everyone knows" if t["revealed"] else "not played yet"
    print(f"who is {caller}'s partner (the holder of {t['called']}, {state}), from each view:")
    seats = list(next(iter(t["views"].values())))
    head = "  ".join(f"{s + ' (alone)' if s == caller else s:>10}" for s in seats)
    print(f"  {'view':<6}{head}")
    for viewer, odds in t["views"].items():
        print(f"  {viewer:<6}" + "  ".join(f"{odds[s]:>10.1%}" for s in seats))
    if not t["every_view"]:
        print("  (a record written from one seat's view shows only that seat's)")


def _print_report(r: dict[str, Any]) -> None:
    from aceten.knowledge.facts import big

    print(f"{r['title']}, {r['variant']}, {r['players']} players: what P{r['seat']} knows after "
          f"{r['moves']} moves")
    c = r["counts"]
    print(f"trump: {r['trump'] or 'not known yet'}   consistent deals: {big(c['deals'])} "
          f"(holdings {big(c['holdings'])}, stock orders {big(c['stock_orders'])})")
    print(f"P{r['seat']} holds: {' '.join(r['hand']) or '-'}")
    for s in r["seats"]:
        print()
        print(f"P{s['seat']} ({s['hand_size']} cards)")
        print(f"  holds for sure: {' '.join(s['known']) or '-'}")
        print(f"  voids:          {', '.join(s['voids']) or '-'}")
        print(f"  cannot hold:    {' '.join(s['not_held']) or '-'}")
        probs = "  ".join(f"{k} {v:.0%}" for k, v in s["probabilities"].items())
        print(f"  may hold:       {probs or '-'}")
    if r.get("partner"):
        _print_partner_row(r["partner"], r["seat"])
    if r["stock"]:
        st = r["stock"]
        print()
        print(f"stock ({st['size']} cards)")
        if st["known"]:
            print(f"  known: {' '.join(st['known'])}")
        probs = "  ".join(f"{k} {v:.0%}" for k, v in st["probabilities"].items())
        print(f"  may hold: {probs or '-'}")


def _print_partner_row(p: dict[str, Any], seat: int) -> None:
    print()
    if p["called"] is None:
        print("partner: no card called yet (the teams form at the call)")
        return
    caller = f"P{p['caller']}"
    odds = "  ".join(f"{s}{' (alone)' if s == caller else ''} {v:.1%}"
                     for s, v in p["odds"].items())
    state = "played: the teams are public" if p["revealed"] else "not played yet"
    print(f"{caller}'s partner (the holder of {p['called']}, {state}), as P{seat} sees it:")
    print(f"  {odds}")


def _card_report(kn: Knowledge, card: Any) -> dict[str, Any]:
    from aceten.knowledge.facts import Formula, Holds, InStock, Knows, Or
    from aceten.knowledge.knowledge import location_name

    places = kn.marginals()[card]
    pub_places = [p for p in kn.public().marginals()[card] if p != "played"]
    knowers = []
    if "played" in places:
        knowers = [f"P{s + 1}" for s in range(kn.rules.players)]
    else:
        for s in range(kn.rules.players):
            if s == kn.seat:
                if len(places) == 1:
                    knowers.append(f"P{s + 1}")
                continue
            options: list[Formula] = [Holds(p, card) if isinstance(p, int) else InStock(card)
                                      for p in pub_places]
            # s knows where the card is: for one of the places, s knows it is there
            if kn.ask(Or(tuple(Knows(s, f) for f in options))).value is True:
                knowers.append(f"P{s + 1}")
    return {"card": str(card), "places": {location_name(p): float(v) for p, v in places.items()},
            "known_by": knowers}


def _actual_place(game: Game | None, card: Any) -> Any:
    if game is None:
        return None
    for s in range(game.players):
        if card in game.hand(s):
            return s
    if card in game.stock:
        return "stock"
    return "played"
