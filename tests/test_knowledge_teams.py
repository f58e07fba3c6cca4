"""Knowledge of a hidden team (an auction's called card) equals explicit enumeration on a small
deck: the partner's probabilities from every seat's view, ``partner(..)``, ``partner(Pa) ==
Pb``, ``alone``, ``knows_partner`` and nested knowledge, by every method (counting, classes,
Kripke); the CLI's partner table and picture; bad queries get one line.

The brute force reads the teams off each consistent deal by definition — the partner is the
seat dealt the called card — and evaluates knowledge operators over the deals each seat's view
cannot tell apart, independently of how :mod:`aceten.knowledge` unfolds them.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import aceten
from aceten import record
from aceten.errors import AcetenError
from aceten.game import Deal, Game
from aceten.knowledge import Knowledge
from aceten.knowledge.facts import Alone, Common, Formula, KnowsPartner, Partner, SameSide
from aceten.knowledge.query import parse_query
from cli_support import assert_one_line_error, run
from knowledge_support import Epistemic, consistent_deals

DECK = "AS 3S KS AC 3C KC AO 3O KO AB"  # 10 cards: 2 each, 2 tricks


def chiamata(moves: str, seed: int = 1) -> Game:
    game = aceten.new_game("briscola", players=5, variant="chiamata", seed=seed, deck=DECK)
    for move in moves.split():
        game.push(move)
    return game


class TeamEpistemic(Epistemic):
    """Knowledge by definition, with the teams read off each deal: the partner is the seat the
    called card was dealt to."""

    def holds(self, f: Formula, deal: Deal) -> bool:
        game = self.game
        if isinstance(f, Common) and not f.seats:  # common(all, ...) as written: every seat
            f = Common(tuple(range(game.players)), f.arg)
        if isinstance(f, (Partner, SameSide, Alone, KnowsPartner)):
            partner = next(s for s, h in enumerate(deal.hands) if game.called_card in h)
            caller = game.declarer
            if isinstance(f, Partner):
                return partner == f.seat
            if isinstance(f, Alone):
                return partner == caller
            if isinstance(f, SameSide):
                side = {caller, partner}
                return (f.a in side) == (f.b in side)
            views = self.cls(f.seat, deal)
            holders = {next(s for s, h in enumerate(d.hands) if game.called_card in h)
                       for d in views}
            return len(holders) == 1
        return super().holds(f, deal)


QUERIES = [
    "partner(P4)", "partner(P1) == P4", "partner(P2) == P3", "partner(P3) != P5", "alone",
    "knows_partner(P4)", "knows(P2, partner(P1) == P4)", "possible(P3, alone)",
    "knows(P3, knows_partner(P2))", "knows(P1, not knows_partner(P5))",
    "common(all, not alone)", "common(P2+P3, partner(P2) == P3 or not partner(P2) == P3)",
]
# seed 1 deals P1 AS KS, P2 AB 3C, P3 KC 3S, P4 AO AC, P5 3O KO
MOMENTS = {
    # P1 calls AC, held by P4; then the first trick (KC takes it), with AC still hidden
    "after-call": "bid:A pass pass pass pass call:AC",
    "after-trick": "bid:A pass pass pass pass call:AC KS AB KC AO KO",
    # the called card falls: the teams are public
    "revealed": "bid:A pass pass pass pass call:AC KS AB KC AO KO 3S AC",
    # P2 calls a card of its own (3C): alone; then the first trick
    "alone": "bid:A bid:3 pass pass pass pass call:3C KS AB KC AO KO",
}


def moment(name: str) -> Game:
    return chiamata(MOMENTS[name])


@pytest.mark.parametrize("name", [pytest.param("after-call", marks=pytest.mark.slow),
                                  "after-trick", "revealed", "alone"])
def test_partner_odds_equal_enumeration_from_every_view(name):
    game = moment(name)
    for seat in (game.declarer, game.partner, 2):  # the caller, the partner, a defender
        deals = consistent_deals(game, seat)
        kn = Knowledge.from_view(game.view(seat))
        assert kn.count().deals == len(deals)
        odds = kn.partner_odds()
        for s in range(5):
            hits = sum(game.called_card in d.hands[s] for d in deals)
            assert odds[s] == Fraction(hits, len(deals)), (name, seat, s)
        if seat == game.partner or game.revealed:
            assert odds[game.partner] == 1  # the partner knows at once; all do once it falls


@pytest.mark.parametrize("name", ["after-trick", "revealed", "alone"])
def test_team_queries_equal_enumeration(name):
    game = moment(name)
    brute = TeamEpistemic(game)
    for seat in (0, 1, 3):
        kn = Knowledge.from_view(game.view(seat))
        for text in QUERIES:
            f = parse_query(text, game.rules)
            answer = kn.ask(text)
            worlds, total = brute.count(f, seat)
            assert (answer.worlds, answer.total) == (worlds, total), (name, seat, text)
            assert answer.value == (True if worlds == total else False if worlds == 0 else None)


@pytest.mark.slow
def test_team_facts_before_any_play_equal_enumeration():
    # knowledge operators right after the call are left to the later moments: by brute force
    # each class of a seat's hand costs thousands of replays (minutes in all)
    game = moment("after-call")
    brute = TeamEpistemic(game)
    for seat in (0, 2, 3):
        kn = Knowledge.from_view(game.view(seat))
        for text in QUERIES[:5]:
            f = parse_query(text, game.rules)
            answer = kn.ask(text)
            assert (answer.worlds, answer.total) == brute.count(f, seat), text


def test_what_the_seats_know_of_the_team():
    game = moment("after-trick")
    assert game.partner == 3 and not game.revealed
    p4 = Knowledge.from_view(game.view(3))
    p2 = Knowledge.from_view(game.view(1))
    assert p4.knows("partner(P1) == P4") and p4.knows("knows_partner(P4)")
    assert p2.ask("knows_partner(P2)").value is False  # and P2 knows that it does not know
    # AS 3S AC 3O are unseen by P2, one in each other hand: P1 (alone), P3, P4 or P5
    assert p2.probability("partner(P1) == P4") == Fraction(1, 4)
    assert p2.probability("alone") == Fraction(1, 4)
    answer = p4.ask("knows(P4, partner(P1) == P4)")
    assert str(answer) == "P4 knows that partner(P1) == P4"  # as asked, not unfolded
    revealed = Knowledge.from_view(moment("revealed").view(1))
    assert revealed.knows("common(all, partner(P1) == P4)")
    # the same facts built in Python (seats from 0)
    from aceten.knowledge import alone, knows, knows_partner, partner

    assert p4.knows(partner(0, 3)) and p4.knows(knows(3, partner(3)))
    assert p2.probability(partner(3)) == Fraction(1, 4) and not p2.knows(~alone())
    assert p2.ask(knows_partner(1)).value is False
    assert str(partner(0, 3)) == "partner(P1) == P4"
    # explanations say how a partner fact was read
    lines = p2.explain("partner(P4)").lines
    assert lines[0].startswith("P1 called AC: its holder is P1's partner")
    assert "played it: the teams are public" in revealed.explain("alone").lines[0]
    assert "partner" in p2.partner_svg() and "alone" in p2.partner_svg()


@pytest.mark.parametrize("query,fragment", [
    ("partner(P9)", "no seat P9"),
    ("partner(P2) == P2", "two different seats"),
    ("partner(P1) ==", "unexpected end of the query"),
])
def test_bad_team_queries(query, fragment):
    kn = Knowledge.from_view(moment("after-call").view(1))
    with pytest.raises(AcetenError, match=fragment):
        kn.ask(query)


def test_team_queries_before_the_call_or_without_hidden_teams():
    before = chiamata("bid:A pass")
    kn = Knowledge.from_view(before.view(0))
    with pytest.raises(AcetenError, match="no card has been called yet"):
        kn.ask("partner(P2)")
    assert kn.partner_odds() == {}
    plain = aceten.new_game("briscola", players=4, seed=1)
    with pytest.raises(AcetenError, match="no hidden partner"):
        Knowledge.from_view(plain.view(0)).ask("knows(P1, partner(P3))")


# -- the command line ---------------------------------------------------------------------------
@pytest.fixture
def tgn(tmp_path):
    path = tmp_path / "chiamata.tgn"
    path.write_text(record.dumps(moment("after-trick")), encoding="utf-8")
    return path


def test_knows_shows_the_partner_odds_and_the_table(tgn, tmp_path):
    result = run("knows", str(tgn), "--seat", "2")
    assert result.exit_code == 0, result.stderr
    assert "P1's partner (the holder of AC, not played yet), as P2 sees it:" in result.stdout
    result = run("knows", str(tgn), "--seat", "2", "--partner", "--json",
                 "-q", "knows(P2, partner(P1) == P4)")
    data = json.loads(result.stdout)
    table = data["partner_table"]
    assert table["called"] == "AC" and table["every_view"]
    assert table["views"]["P4"]["P4"] == 1.0
    assert abs(table["views"]["P2"]["P4"] - 1 / 4) < 1e-9
    assert data["partner"]["exact"]["P4"] == "1/4"
    assert data["queries"][0]["value"] == "false"
    svg = tmp_path / "team.svg"
    result = run("knows", str(tgn), "--seat", "2", "--partner", "--svg", str(svg))
    assert result.exit_code == 0, result.stderr
    assert "who is P1's partner" in result.stdout
    picture = svg.read_text(encoding="utf-8")
    assert "P1&apos;s partner" in picture or "P1's partner" in picture
    assert "alone" in picture and "partner" in picture


def test_knows_team_bad_input(tgn, tmp_path):
    assert_one_line_error(run("knows", str(tgn), "-q", "partner(P9)"), "P9")
    plain = tmp_path / "plain.tgn"
    plain.write_text(record.dumps(aceten.new_game("briscola", players=4, seed=1)), encoding="utf-8")
    assert_one_line_error(run("knows", str(plain), "-q", "partner(P1)"), "no hidden partner")
    assert_one_line_error(run("knows", str(plain), "--partner"), "no hidden partner")
    early = tmp_path / "early.tgn"
    early.write_text(record.dumps(chiamata("bid:A pass")), encoding="utf-8")
    assert_one_line_error(run("knows", str(early), "--partner"), "no card has been called")
