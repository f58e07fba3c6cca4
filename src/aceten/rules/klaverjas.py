"""Klaverjas (Netherlands): 32 cards, 4 players, Rotterdam or Amsterdam, roem, nat and pit."""

from __future__ import annotations

from aceten.cards import Family, Rank, full_deck
from aceten.rules.base import Rules, bool_option, deals_option, str_option
from aceten.rules.obligations import FollowSuit, Obligation, Obligations, PartnerExemption, Trumping
from aceten.rules.parts import Part, PlayingSide, Roem, Stock, Trick, Trump, TrumpCall

TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT,
               Rank.SEVEN)
PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
               Rank.SEVEN)
TRUMP_POINTS = {Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4,
                Rank.QUEEN: 3, Rank.EIGHT: 0, Rank.SEVEN: 0}
PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
                Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}
# The order in which roem sequences run, lowest first.
SEQUENCE = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
            Rank.ACE)
FOUR_OF_A_KIND = {Rank.JACK: 200, Rank.ACE: 100, Rank.TEN: 100, Rank.KING: 100, Rank.QUEEN: 100}
LAST_TRICK = 10
PIT_BONUS = 100


class KlaverjasRules(Rules):
    name = "klaverjas"
    title = "Klaverjas (Netherlands)"
    family = Family.FRENCH
    player_counts = (4,)
    variants = ("rotterdam", "amsterdam")
    game_options = (
        str_option("trump_choice", "verplicht", "who calls trump: the seat after the dealer must "
                   "(verplicht), or each in turn may call or pass and the seat after the dealer "
                   "must call if all pass (free)", ("verplicht", "free")),
        bool_option("roem", True, "score roem (sequences, stuk, four of a kind)"),
        deals_option(16, "deals in a match"),
    )

    def _declare(self) -> None:
        self.deck = full_deck(Family.FRENCH)
        self.hand_size = 8
        self.teams = ((0, 2), (1, 3))
        cascade: list[Obligation] = [FollowSuit(beat="trump-led")]
        if self.variant == "amsterdam":
            cascade.append(PartnerExemption())
        cascade.append(Trumping(overtrump=True, undertrump="only-trumps"))
        parts: list[Part] = [
            Trick(PLAIN_ORDER, TRUMP_ORDER, PLAIN_POINTS, TRUMP_POINTS, last_trick_bonus=LAST_TRICK),
            Trump("called"),
            Stock("none"),
            Obligations(tuple(cascade)),
            TrumpCall(free=self.options["trump_choice"] == "free"),
        ]
        if self.options["roem"]:
            parts.append(Roem(SEQUENCE, run3=20, run4=50, stuk=20, four=FOUR_OF_A_KIND))
        parts.append(PlayingSide(all_tricks=PIT_BONUS))
        self.parts = tuple(parts)

    def scoring_lines(self) -> list[str]:
        return [*super().scoring_lines(), f"a match is {self.options['deals']} deals"]
