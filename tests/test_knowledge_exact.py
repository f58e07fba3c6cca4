"""Counts, holdings, marginals and samples equal brute-force enumeration of every deal and draw
order consistent with a seat's history, on small decks of every game."""

from __future__ import annotations

import random

import pytest

import aceten
from aceten import Game
from aceten.errors import AcetenError
from aceten.knowledge import Knowledge
from aceten.moves import Exchange
from aceten.rules.briscola import BriscolaRules
from aceten.rules.obligations import FollowSuit, Obligations, Trumping
from knowledge_support import (
    brute_marginals,
    consistent_deals,
    deal_key,
    holdings,
    play_random,
)

LATIN12 = "AS 3S KS HS AC 3C KC HC AO 3O KO HO"

CONFIGS = {
    "briscola-2": ("briscola", 2, None, {"deck": LATIN12}, (3, 6, 9)),
    "briscola-2-open": ("briscola", 2, None, {"deck": LATIN12, "open_cards": 1}, (4, 8)),
    "briscola-3": ("briscola", 3, None, {"deck": LATIN12}, (4, 7)),
    "briscola-4": ("briscola", 4, None, {"deck": LATIN12 + " 2B 3B 4B 5B"}, (6, 10)),
    "brisca-2-arrastre": ("brisca", 2, None, {"deck": "AS 7S KS 2S AC 3C 7C HC AO 3O KO 7O",
                                              "arrastre": "yes"}, (6, 9)),
    "cruce-2": ("cruce", 2, None, {"deck": "9R JR QR KR TR AR 9V QV KV TV AV JG QG KG AG 9D JD QD"},
                (4, 8, 12)),
    "cruce-4": ("cruce", 4, None, {"deck": "9R JR AR 9V QV AV JG QG KG JD QD TD", "bidding": "no"},
                (4, 7)),
    "klaverjas-rotterdam": ("klaverjas", 4, "rotterdam",
                            {"deck": "7C JC AC 7D 9D AD 7H JH AH 8S 9S AS"}, (5, 8)),
    "klaverjas-amsterdam": ("klaverjas", 4, "amsterdam",
                            {"deck": "7C 8C JC AC 7D 9D TD AD 7H JH QH AH 8S 9S KS AS"}, (7, 11)),
}


def check_against_brute_force(game: Game, seat: int) -> None:
    deals = consistent_deals(game, seat)
    kn = Knowledge.from_view(game.view(seat))
    count = kn.count()
    assert count.deals == len(deals)
    assert count.holdings == len(holdings(game, deals))
    assert kn.marginals() == brute_marginals(game, deals)
    keys = {deal_key(d) for d in deals}
    assert all(kn.is_consistent(d) for d in deals)
    assert kn.is_consistent(game.deal)
    for deal in kn.sample(8, seed=seat):
        assert deal_key(deal) in keys


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("seed", [1, 2])
def test_counts_marginals_and_samples_equal_brute_force(name, seed):
    game_name, players, variant, options, stops = CONFIGS[name]
    game = aceten.new_game(game_name, players=players, variant=variant, seed=seed, **options)
    done = 0
    for stop in stops:
        play_random(game, stop - done, seed * 100 + stop)
        done = stop
        for seat in range(players):
            check_against_brute_force(game, seat)


def test_brisca_exchange_reveals_the_seven_and_the_face_up_card():
    rules = aceten.rules.get("brisca", players=2, deck="AS 7O KS 2S AC 3C 7C HC 3O KO 7S AO",
                             stacked="yes")
    game = Game(rules, seed=0)
    assert game.trump_card == rules.parse_card("AO")
    game.push(Exchange(rules.parse_card("7O")))  # P1 swaps the 7 of coins for the face-up ace
    play_random(game, 5, 4)
    kn = Knowledge.from_view(game.view(1))
    assert kn.location("AO") in (0, "played")
    check_against_brute_force(game, 1)
    check_against_brute_force(game, 0)


class FollowSuitBriscola(BriscolaRules):
    """Briscola with a duty to follow suit while the stock lasts: voids before draws."""

    def _declare(self) -> None:
        super()._declare()
        self.parts = (*self.parts, Obligations((FollowSuit(), Trumping(overtrump=False)), when="always"))


def test_a_void_says_nothing_about_later_draws():
    rules = FollowSuitBriscola(players=2, deck=LATIN12)
    found = 0
    for seed in range(40):
        game = Game(rules, seed=seed)
        play_random(game, 8, seed)
        kn = Knowledge.from_view(game.view(0))
        constraints = [c for info in kn.timeline.cards.values() for c in info.constraints
                       if c.seat == 1 and not c.held]
        if not constraints:
            continue
        found += 1
        check_against_brute_force(game, 0)
        check_against_brute_force(game, 1)
    assert found >= 3


def test_cruce_marriages_and_leads_without_one_are_evidence():
    seen = {"bonus": 0, "no-bonus": 0}
    for seed in range(60):
        game = aceten.new_game("cruce", players=2, seed=seed,
                               deck="9R JR QR KR TR AR 9V QV KV TV AV JG QG KG AG 9D JD QD")
        play_random(game, 8, seed)
        kn = Knowledge.from_view(game.view(0))
        kinds = {c.why for info in kn.timeline.cards.values() for c in info.constraints}
        if "scored a lead bonus" in kinds:
            seen["bonus"] += 1
        elif "scored no lead bonus" in kinds:
            seen["no-bonus"] += 1
        else:
            continue
        check_against_brute_force(game, 0)
        check_against_brute_force(game, 1)
        if min(seen.values()) >= 2:
            break
    assert min(seen.values()) >= 1


def test_a_lead_is_read_with_the_bonus_event_that_follows_it():
    """A view shows a marriage as the lead then its bonus event; a history cut between the two
    says the lead scored nothing (for the leader, who holds the mate, a contradiction), and
    pushing the bonus afterwards gives exactly the knowledge of the whole view."""
    game = aceten.new_game("cruce", players=2, seed=10)
    rng = random.Random(10)
    for _ in range(11):
        game.push(rng.choice(game.legal_moves()))
    for seat in range(2):
        events = game.view(seat).events
        assert events[-1][0] == "bonus" and events[-2][0] == "play"
        kn = Knowledge(game.rules, seat, events[:-1])
        with pytest.raises(AcetenError):
            kn.count()
        kn.push(events[-1])
        whole = Knowledge.from_view(game.view(seat))
        assert kn.count() == whole.count()
        assert kn.marginals() == whole.marginals()


def test_a_deal_against_what_the_seat_saw_is_not_consistent():
    game = aceten.new_game("briscola", players=2, seed=3, deck=LATIN12)
    play_random(game, 5, 3)
    kn = Knowledge.from_view(game.view(0))
    hands = list(game.deal.hands)
    hands[0] = (hands[0][1], hands[0][0], hands[0][2])  # same cards: still consistent
    assert kn.is_consistent(aceten.Deal(tuple(hands), game.deal.stock))
    swapped = (hands[1], hands[0])
    assert not kn.is_consistent(aceten.Deal(swapped, game.deal.stock))
