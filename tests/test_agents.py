"""The bots: they decide from a PlayerView alone, are reproducible, and greedy beats random."""

from __future__ import annotations

import pytest

import aceten
from aceten import Bid, Card, Deal, Exchange, Game, PlayerView, TrumpCall, agents
from aceten.agents import Agent, GreedyAgent, RandomAgent

GAMES = [
    ("briscola", 2, None, {}),
    ("briscola", 3, None, {}),
    ("briscola", 4, None, {}),
    ("briscola", 2, None, {"draw": "after-play", "scoring": "tricks"}),
    ("brisca", 2, None, {}),
    ("brisca", 3, None, {"arrastre": "yes"}),
    ("brisca", 4, None, {"arrastre": "yes"}),
    ("cruce", 2, None, {}),
    ("cruce", 3, None, {}),
    ("cruce", 4, None, {}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {"trump_choice": "free"}),
]


def deal_game(name: str, players: int, hands: list[str | None], face_up: str | None = None,
              **options: str) -> Game:
    """A game whose given hands are fixed; the other hands and the stock take the remaining
    cards in deck order, with ``face_up`` last in the stock (the turned trump)."""
    rules = aceten.rules.get(name, players=players, **options)
    fixed = [None if h is None else [rules.parse_card(c) for c in h.split()] for h in hands]
    used = {c for h in fixed if h for c in h}
    if face_up is not None:
        used.add(rules.parse_card(face_up))
    rest = [c for c in rules.deck if c not in used]
    full = []
    for hand in fixed:
        if hand is None:
            hand, rest = rest[:rules.hand_size], rest[rules.hand_size:]
        full.append(tuple(hand))
    stock = tuple(rest) + ((rules.parse_card(face_up),) if face_up is not None else ())
    return Game(rules, deal=Deal(tuple(full), stock))


def choice(agent: Agent, game: Game) -> str:
    return str(agent.choose(game.view(game.to_move)))


# -- the registry -----------------------------------------------------------------------------
def test_registry_knows_random_and_greedy():
    assert agents.names()[:4] == ["random", "greedy", "tactics", "pimc"]
    assert {"tactics-1", "pimc-1"} <= set(agents.names())
    assert isinstance(agents.get("random", seed=1), RandomAgent)
    assert isinstance(agents.get(" Greedy "), GreedyAgent)
    assert agents.get("greedy").name == "greedy"


def test_unknown_bot_names_the_known_ones():
    with pytest.raises(aceten.AcetenError, match="unknown bot 'smart': choose from random, greedy"):
        agents.get("smart")


def test_a_bot_asked_out_of_turn_says_so():
    game = aceten.new_game("briscola", seed=1)
    with pytest.raises(aceten.AcetenError, match="P2, who has no move now"):
        agents.get("greedy").choose(game.view(1))


@pytest.mark.parametrize("name", ["random", "greedy", "tactics", "pimc", "searcher"])
def test_a_bot_handed_the_whole_game_refuses_it(name: str) -> None:
    game = aceten.new_game("briscola", seed=1)
    with pytest.raises(aceten.AcetenError, match="from one seat's view"):
        agents.get(name).choose(game)  # type: ignore[arg-type]
    with pytest.raises(aceten.AcetenError, match="not str"):
        agents.get(name).choose("AS")  # type: ignore[arg-type]


# -- bots see only views ----------------------------------------------------------------------
class Checked(Agent):
    """Checks that the bot it wraps picks one of the legal moves of its view."""

    def __init__(self, inner: Agent):
        super().__init__()
        self.inner = inner

    def choose(self, view):
        move = self.inner.choose(view)
        assert move in view.legal_moves
        return move


class Spy(Agent):
    """Records what it is given, then plays like the bot it wraps."""

    name = "spy"

    def __init__(self, inner: Agent):
        super().__init__()
        self.inner = inner
        self.given: list[object] = []

    def choose(self, view):
        self.given.append(view)
        return self.inner.choose(view)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_play_gives_bots_views_of_their_own_seat_only(bot):
    game = aceten.new_game("klaverjas", seed=3)
    spies = [Spy(agents.get(bot, seed=s)) for s in range(4)]
    agents.play(game, spies)
    for seat, spy in enumerate(spies):
        assert spy.given
        assert all(type(v) is PlayerView and v.seat == seat for v in spy.given)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_choose_the_same_whatever_the_hidden_cards(bot):
    # Two deals that look the same to P1: same hand, same face-up trump; the opponent's hand
    # and the stock differ. A bot that only reads its view must choose the same.
    a = deal_game("briscola", 2, ["AS 4O 2C", "3S KB 5O"], face_up="7C")
    b = deal_game("briscola", 2, ["AS 4O 2C", "6S JB HO"], face_up="7C")
    assert a.hand(1) != b.hand(1)
    assert choice(agents.get(bot, seed=5), a) == choice(agents.get(bot, seed=5), b)


# -- greedy's rule of thumb, decided from a view ------------------------------------------------
def test_greedy_wins_a_trick_worth_points_with_the_cheapest_winning_card():
    game = deal_game("briscola", 2, ["KS 4O 5O", "AS 3S 2C"], face_up="7C")
    game.push("KS")  # 4 points on the table; AS, 3S and the trump 2C all win it
    greedy = agents.get("greedy")
    assert choice(greedy, game) == "2C"
    assert "win the trick" in greedy.reason


def test_greedy_wins_with_a_plain_card_before_spending_a_trump_of_equal_points():
    game = deal_game("briscola", 2, ["5S 4O 5O", "6S KB 2C"], face_up="7C")
    game.push("5S")  # worthless trick: 6S or 2C would win it, but nothing is to be gained
    assert choice(agents.get("greedy"), game) == "6S"


def test_greedy_does_not_waste_a_trump_on_a_worthless_trick():
    game = deal_game("briscola", 2, ["4S 4O 5O", "2C KB 6O"], face_up="7C")
    game.push("4S")  # only the trump 2C wins, and the trick is worth nothing
    greedy = agents.get("greedy")
    assert choice(greedy, game) == "6O"
    assert "worth nothing" in greedy.reason


def test_greedy_throws_the_cheapest_card_when_it_cannot_win():
    game = deal_game("briscola", 2, ["AS 4O 5O", "KB 6O 2C"], face_up="7C")
    game.push("AS")
    # 2C (a trump) wins the ace: 11 points, so greedy takes it
    assert choice(agents.get("greedy"), game) == "2C"
    game = deal_game("briscola", 2, ["AC 4O 5O", "KB 6O 2C"], face_up="7C")
    game.push("AC")  # the ace of trumps: nothing wins it
    assert choice(agents.get("greedy"), game) == "6O"


def test_greedy_leads_its_cheapest_non_trump_card():
    game = deal_game("briscola", 2, ["AS 4O 2C", None], face_up="7C")
    assert choice(agents.get("greedy"), game) == "4O"
    game = deal_game("briscola", 2, ["AS 3C 2C", None], face_up="7C")
    assert choice(agents.get("greedy"), game) == "AS"


def test_greedy_adds_points_when_the_partner_is_sure_to_win():
    # 4 players, P2+P4 against P1+P3: P2 takes the trick with the ace of trumps, and P4,
    # last to play, adds its ace to it.
    game = deal_game("briscola", 4, ["4S 4O 5O", "AC 6O 7O", "5S 6S 7S", "AB 2O JB"], face_up="7C")
    game.push("4S")   # P1
    game.push("AC")   # P2 takes it with the ace of trumps
    game.push("5S")   # P3
    greedy = agents.get("greedy")
    assert choice(greedy, game) == "AB"  # P4, last to play: the partner wins, add 11 points
    assert "partner" in greedy.reason


def test_greedy_takes_the_brisca_exchange():
    game = deal_game("brisca", 2, ["7C 4O 5O", None], face_up="AC")
    assert Exchange(Card.parse("7C")) in game.legal_moves()
    greedy = agents.get("greedy")
    assert choice(greedy, game) == "swap:7C"
    assert "exchange" in greedy.reason


def test_greedy_calls_the_klaverjas_suit_with_most_trump_points():
    game = deal_game("klaverjas", 4, ["JH 9H AH 7C 8C 9C TC 7D", None, None, None])
    assert choice(agents.get("greedy"), game) == "trump:H"


def test_greedy_passes_a_weak_hand_when_the_call_is_free():
    game = deal_game("klaverjas", 4, ["7C 8C 7D 8D 7H 8H 7S 8S", None, None, None],
                     trump_choice="free")
    assert TrumpCall(None) in game.legal_moves()
    assert choice(agents.get("greedy"), game) == "pass"


def test_greedy_bids_in_cruce_by_counting_aces_tens_and_marriages():
    strong = deal_game("cruce", 3, ["AR TR AV TV KG QG 9D JD", None, None])
    assert choice(agents.get("greedy"), strong) == "bid:2"  # aces and tens 42 + marriage 40
    weak = deal_game("cruce", 3, ["9R JR 9V JV 9G JG 9D QD", None, None])
    assert choice(agents.get("greedy"), weak) == "bid:0"


def test_greedy_bids_zero_when_its_bid_is_already_topped():
    game = deal_game("cruce", 3, [None, "AR TR 9V JV 9G JG 9D QD", None])
    game.push(Bid(3))  # P1 bids 3; P2's hand is worth about 1
    assert choice(agents.get("greedy"), game) == "bid:0"


def test_greedy_leads_a_cruce_marriage():
    game = deal_game("cruce", 3, ["KG QG 9R JR 9V JV 9D JD", None, None])
    for _ in range(3):
        game.push(Bid(0))
    greedy = agents.get("greedy")
    assert choice(greedy, game) == "QG"
    assert "marriage" in greedy.reason


# -- reproducible, and every game plays out ----------------------------------------------------
def _moves(bot: str, seed: int) -> list[str]:
    game = aceten.new_game("cruce", players=3, seed=11)
    agents.play(game, [agents.get(bot, seed=seed + s) for s in range(3)])
    return [str(m) for m in game.moves]


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_same_seed_same_choices(bot):
    assert _moves(bot, 1) == _moves(bot, 1)


def test_random_bots_with_other_seeds_play_otherwise():
    assert _moves("random", 1) != _moves("random", 2)


@pytest.mark.parametrize(("name", "players", "variant", "options"), GAMES)
@pytest.mark.parametrize("bot", ["random", "greedy", "mixed"])
def test_every_game_plays_to_the_end(name, players, variant, options, bot):
    for seed in range(3):
        game = aceten.new_game(name, players=players, variant=variant, seed=seed, **options)
        seats = [Checked(agents.get(bot if bot != "mixed" else ("greedy", "random")[s % 2],
                                    seed=seed + s)) for s in range(players)]
        outcome = agents.play(game, seats)
        assert game.is_over()
        assert sum(outcome.points) == game.rules.total_points
        assert len(game.tricks) == game.rules.tricks_per_deal


def test_bots_explain_their_choice():
    game = aceten.new_game("brisca", players=2, seed=4)
    for bot in ("random", "greedy"):
        agent = agents.get(bot, seed=1)
        agent.choose(game.view(game.to_move))
        assert agent.reason


def test_greedy_beats_random_at_briscola():
    wins = {"greedy": 0, "random": 0, "draw": 0}
    for seed in range(200):
        order = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        game = aceten.new_game("briscola", players=2, seed=seed)
        outcome = agents.play(game, [agents.get(b, seed=seed * 2 + i) for i, b in enumerate(order)])
        wins["draw" if outcome.winner is None else order[outcome.winner]] += 1
    assert wins["greedy"] >= 140, wins  # about 165 of 200 in practice
    assert wins["greedy"] > 3 * wins["random"], wins


# -- display helpers the bots' games are shown with ------------------------------------------------
def test_game_text_shows_hands_tricks_and_result():
    from aceten.show import text as display

    game = aceten.new_game("cruce", players=2, seed=6)
    assert "to move (bid)" in str(game)
    agents.play(game, [agents.get("greedy", seed=1), agents.get("random", seed=2)])
    text = str(game)
    assert text.startswith("Cruce (Romania), 2 players, seed 6")
    assert "P1 bids" in text or "P1 passes" in text
    assert "12. P" in text and "Result: " in text
    assert display.trick_text(game.tricks[0]) in text


def test_view_text_hides_the_other_hands():
    from aceten.show import text as display

    game = aceten.new_game("briscola", players=3, seed=2)
    text = display.view_text(game.view(1))
    assert f"P2 (you): {game.hand(1)}" in text
    assert str(game.hand(0)) not in text and "P1: 3 cards" in text
    assert str(game.view(1)) == text  # print(view) shows it, as print(game) shows the game


def test_an_outcome_prints_as_its_result_line() -> None:
    game = aceten.new_game("klaverjas", seed=1)
    agents.play(game, [agents.get("random", seed=s) for s in range(4)])
    outcome = game.outcome()
    assert outcome is not None
    assert str(outcome).startswith(outcome.result) and "\n" not in str(outcome)
    assert f"Result: {outcome}" in str(game)


def test_cards_show_suit_symbols_where_the_deck_has_them():
    from aceten.show import text as display

    assert display.card_text(Card.parse("TH", aceten.Family.FRENCH), symbols=True) == "T♥"
    assert display.card_text(Card.parse("AS"), symbols=True) == "AS"  # Latin: letters
    assert display.cards_text([]) == "-"
