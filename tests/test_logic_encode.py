"""The logic layer's encodings agree with the engine: the obligations' two faces, the legal
moves the CP-SAT model allows, the trick exports run through z3, and the teams option."""

from __future__ import annotations

import random
import re

import pytest

import aceten
from aceten import Card, Game
from aceten.cards import Suit
from aceten.logic import export as ex
from aceten.logic.position import from_dict
from aceten.logic.solve import ask
from ladr_support import parse

LIGHT = {"symmetry_level": 0, "cp_model_probing_level": 0, "max_presolve_iterations": 1}

OBLIGED = [
    ("cruce", 4, None, {"bidding": "no"}),
    ("cruce", 3, None, {"bidding": "no", "undertrump": "no"}),
    ("cruce", 2, None, {"bidding": "no"}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {}),
    ("brisca", 2, None, {"arrastre": "yes"}),
    ("brisca", 4, None, {"arrastre": "yes"}),
]


class Evaluate:
    """The Encoder protocol over plain Python bools: the encode face evaluated on one moment."""

    def __init__(self, rules, hand: int, trick: list[Card], trump: Suit | None, stock_empty: bool):
        self.rules = rules
        self.cards = tuple(rules.deck)
        self.hand_mask = hand
        self.trick = trick
        self.trump_suit = trump if trump is not None or rules.trump_mode != "first-lead" else trick[0].suit
        best = rules._winner_index(trick, self.trump_suit)
        self.best_card = trick[best]
        self.partner = rules.players == 4 and len(rules.teams) == 2 and best == len(trick) - 2
        self.empty = stock_empty

    def hand(self, c):
        return bool(self.hand_mask & c.bit)

    def led(self, s):
        return self.trick[0].suit == s

    def trump(self, s):
        return self.trump_suit == s

    def best(self, c):
        return c == self.best_card

    def partner_winning(self):
        return self.partner

    def stock_empty(self):
        return self.empty

    def and_(self, *lits):
        return all(lits)

    def or_(self, *lits):
        return any(lits)

    def not_(self, lit):
        return not lit


def random_moment(rng: random.Random, rules):
    deck = list(rules.deck)
    rng.shuffle(deck)
    k = rng.randrange(1, rules.players)
    trick = deck[:k]
    hand = deck[k:k + rng.randrange(1, rules.hand_size + 1)]
    trump = Suit(rules.family, rng.randrange(4))
    if rules.trump_mode == "first-lead" and rng.random() < 0.5:
        trump = None
    return sum(c.bit for c in hand), trick, trump, rng.random() < 0.7


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options"), OBLIGED)
def test_obligation_encode_face_agrees_with_restrict_on_random_tricks(game, players, variant, options):
    rules = aceten.rules.get(game, players=players, variant=variant, **options)
    rng = random.Random(f"{game}{players}{variant}{options}")
    for _ in range(400):
        hand, trick, trump, empty = random_moment(rng, rules)
        legal, _ = rules.legal_mask(hand, trick, trump, empty)
        may = rules.obligations.encode(Evaluate(rules, hand, trick, trump, empty))
        encoded = sum(c.bit for c in rules.deck if hand & c.bit and may[c])
        assert encoded == legal, (trick, aceten.CardSet(hand, rules.family), trump, empty)


def test_each_obligation_encodes_its_own_verdict():
    """Part by part: encode's ``binds`` is the step's verdict that the part binds, ``allowed``
    its cards (the step run with a cascade of that part alone)."""
    from aceten.rules import layout, step

    rules = aceten.rules.get("klaverjas", variant="amsterdam")
    rng = random.Random(5)
    for k, part in enumerate(rules.obligations.parts):
        R = list(rules.R)
        R[layout.R_OB_N], R[layout.R_WHEN] = 1, 0
        for slot in (layout.R_OB_KIND, layout.R_OB_A, layout.R_OB_B):
            R[slot] = rules.R[slot + k]
        for _ in range(300):
            hand, trick, trump, _ = random_moment(rng, rules)
            enc = Evaluate(rules, hand, trick, trump, True)
            legal, bound = step.legal_cards_why(rules._trick_state(trick, trump), hand, R, rules.T)
            encoded = part.encode(enc)
            assert encoded.binds == (bound == 0)
            if bound == 0:
                assert sum(c.bit for c in rules.deck if hand & c.bit and encoded.allowed[c]) == legal


def _legal_by_model(game: Game) -> set[Card]:
    """The cards the CP-SAT model lets the player to move play next (all cards known)."""
    rules = game.rules
    data = {"game": rules.name, "players": rules.players, "variant": rules.variant,
            "options": {k: v for k, v in rules.given_options.items() if k != "dealer"},
            "leader": f"P{(rules.options['dealer'] + 1) % rules.players + 1}",
            "hands": {f"P{p + 1}": " ".join(map(str, h)) for p, h in enumerate(game.deal.hands)},
            "moves": " ".join(str(m) for m in game.moves)}
    data["options"] = {k: (" ".join(map(str, rules.deck)) if k == "deck" else
                           (v.letter if isinstance(v, Suit) else v))
                       for k, v in data["options"].items()}
    if game.deal.stock:
        data["stock"] = " ".join(map(str, game.deal.stock))
    pos = from_dict(data)
    seat = game.to_move
    trick = len(game.tricks)
    out = set()
    for card in game.hand(seat):
        answer = ask(pos, f"plays(P{seat + 1}, {card}, trick={trick + 1})", workers=1, params=LIGHT)
        if answer.status == "possible":
            out.add(card)
    return out


LEGAL_CASES = [
    ("cruce", 4, None, {"bidding": "no"}, None),
    ("cruce", 3, None, {"bidding": "no", "undertrump": "no"}, None),
    ("cruce", 2, None, {"bidding": "no"}, None),
    ("klaverjas", 4, "rotterdam", {"trump": "H"}, None),
    ("klaverjas", 4, "amsterdam", {"trump": "S"}, 16),
    ("klaverjas", 4, "amsterdam", {}, 16),
    ("brisca", 2, None, {"arrastre": "yes"}, 16),
    ("brisca", 4, None, {"arrastre": "yes"}, 16),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options", "deck_size"), LEGAL_CASES)
def test_model_allows_exactly_the_engines_legal_moves(game, players, variant, options, deck_size):
    rng = random.Random(f"legal{game}{players}{variant}{options}")
    rules = aceten.rules.get(game, players=players, variant=variant, **options)
    if deck_size is not None:
        deck = rng.sample(list(rules.deck), deck_size)
        options = {**options, "deck": " ".join(map(str, deck))}
    checked = 0
    for attempt in range(40):
        g = aceten.new_game(game, players=players, variant=variant, seed=rng.randrange(10**6), **options)
        stop = rng.randrange(1, len(g.rules.deck) - 1)
        while len([m for m in g.moves if isinstance(m, Card)]) < stop and not g.is_over():
            g.push(rng.choice(g.legal_moves()))
        if g.is_over() or not g.trick:
            continue
        legal = {m for m in g.legal_moves() if isinstance(m, Card)}
        if legal == set(g.hand(g.to_move)) and attempt < 30:
            continue  # look for a position where an obligation binds
        assert _legal_by_model(g) == legal, (g.moves, g.hand(g.to_move))
        checked += 1
        if checked == 1:
            break
    assert checked


# -- exports ---------------------------------------------------------------------------------------
EXPORT_CASES = [
    ("cruce", 4, None, {"bidding": "no"}),
    ("cruce", 2, None, {"bidding": "no"}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {}),
    ("brisca", 2, None, {"arrastre": "yes"}),
    ("briscola", 4, None, {}),
]


@pytest.mark.parametrize(("game", "players", "variant", "options"), EXPORT_CASES)
def test_smtlib_trick_export_run_through_z3_agrees_with_the_engine(game, players, variant, options):
    z3 = pytest.importorskip("z3")
    rules = aceten.rules.get(game, players=players, variant=variant, **options)
    rng = random.Random(f"z3{game}{players}{variant}")
    for _ in range(12):
        deck = list(rules.deck)
        rng.shuffle(deck)
        k = rng.randrange(0, players)
        played = deck[:k]
        hand = deck[k:k + rng.randrange(1, rules.hand_size + 1)]
        trump = rng.choice("SCOB" if rules.family == 0 else ("CDHS" if rules.family == 1 else "RVGD"))
        sp = ex.spec(rules, " ".join(map(str, played)), " ".join(map(str, hand)),
                     None if (rules.trump_mode == "first-lead" and played) else trump,
                     stock_empty=rng.random() < 0.8)
        values = _run_smtlib(z3, ex.smtlib(sp))
        legal = {c for c in hand if values[f"(legal {ex.card_name(c)})"]}
        assert legal == set(ex.engine_legal(sp)), (played, hand, trump)
        if played:
            best = [c for c in played if values[f"(best {ex.card_name(c)})"]]
            assert best == [ex.engine_best(sp)]


def _run_smtlib(z3, text: str) -> dict[str, bool]:
    """Run an SMT-LIB script in z3 as a user would; the values its get-value commands print."""
    ctx = z3.Context()  # a fresh context each time (kept alive while z3 runs)
    out = z3.Z3_eval_smtlib2_string(ctx.ref(), text)
    assert out.splitlines()[0] == "sat", out
    values = {}
    for term, value in re.findall(r"\((\((?:legal|best) c_\w+\)) (true|false)\)", out):
        values[term] = value == "true"
    return values


def test_ladr_trick_export_states_the_same_legal_formulas():
    rules = aceten.rules.get("klaverjas", variant="amsterdam")
    sp = ex.spec(rules, "AC 7C", "8C JH 9S", "H")  # the partner (AC) is winning
    text = ex.ladr(sp)
    assert text.count("formulas(assumptions).") == 1 and text.rstrip().endswith("end_of_list.")
    parse(text)  # the LADR subset Prover9 and Mace4 load (tests/ladr_support.py)
    legal, _, _ = ex.legal_formulas(sp, "ladr")
    assert set(legal) == set(sp.hand)
    assert all(f"legal({ex.card_name(c)}) <-> {legal[c]}." in text for c in sp.hand)
    assert "\npartner_winning.\n" in text


def test_teams_none_gives_four_players_each_their_own_score():
    g = aceten.new_game("briscola", players=4, seed=3, teams="none", scoring="tricks")
    assert g.rules.teams == ((0,), (1,), (2,), (3,))
    while not g.is_over():
        g.push(g.legal_moves()[0])
    outcome = g.outcome()
    assert len(outcome.scores) == 4 and outcome.scores == outcome.tricks
    again = aceten.record.loads(aceten.record.dumps(g))
    assert again.rules.teams == g.rules.teams and again.outcome().result == outcome.result
    pairs = aceten.new_game("briscola", players=4, seed=3)
    assert pairs.rules.teams == ((0, 2), (1, 3))
    with pytest.raises(aceten.AcetenError, match="teams"):
        aceten.rules.get("briscola", players=4, teams="three")
