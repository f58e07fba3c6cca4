"""``aceten prove``: the course's proofs are built, re-checked by the independent checker,
confirmed by the E prover and kept as text; a proof with one line changed is refused."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

import aceten
from aceten.logic import checker, position, proofs
from aceten.logic import formula as F
from cli_support import assert_one_line_error, run
from test_logic_cli import STUDENT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

HERE = Path(__file__).resolve().parent.parent / "examples" / "proofs"
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = tomllib.loads((HERE / "proofs.toml").read_text(encoding="utf-8"))
needs_e = pytest.mark.skipif(shutil.which("eprover") is None, reason="eprover not installed "
                             "(.ci/run installs it)")


def _prove(name: str) -> proofs.Result:
    entry = EXAMPLES[name]
    if "position" in entry:
        pos = position.load(HERE / entry["position"])
        return proofs.prove(pos.rules, entry["statement"], position=pos, given=entry.get("given"))
    rules = aceten.rules.get(entry["game"], players=entry["players"])
    return proofs.prove(rules, entry["statement"], given=entry.get("given"))


@pytest.fixture(scope="module")
def proved() -> dict[str, proofs.Result]:
    return {name: _prove(name) for name in EXAMPLES}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_course_proof_is_checked_and_kept(proved, name):
    result = proved[name]
    assert result.status == "proved"
    checker.check(result.proof)  # raises on any line that does not follow
    assert len(result.proof.lines) <= 60  # small: derived from the premises it uses
    kept = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    assert proofs.text(result) + "\n" == kept


def _latex_with_lplfitch() -> str:
    latex = shutil.which("latex")
    if latex is None or not shutil.which("kpsewhich"):
        pytest.skip("no LaTeX here (Debian: texlive-latex-base texlive-science; .ci/run installs them)")
    import subprocess

    found = subprocess.run(["kpsewhich", "lplfitch.sty"], capture_output=True, text=True, check=False)
    if not found.stdout.strip():
        pytest.skip("lplfitch.sty is not installed (Debian: texlive-science)")
    return latex


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_course_proof_latex_compiles_with_lplfitch(proved, name, tmp_path):
    import subprocess

    latex = _latex_with_lplfitch()
    page = (ROOT / "docs" / "images" / "seed-proof.tex").read_text(encoding="utf-8")
    (tmp_path / "seed-proof.tex").write_text(page, encoding="utf-8")
    (tmp_path / "seed-proof-body.tex").write_text(proofs.latex(proved[name]), encoding="utf-8")
    done = subprocess.run([latex, "-interaction=nonstopmode", "-halt-on-error", "seed-proof.tex"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert (tmp_path / "seed-proof.dvi").stat().st_size > 0


@needs_e
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_course_proof_is_confirmed_by_e(proved, name):
    assert proofs.run_e(proofs.tptp(proved[name].proof)) == "Theorem"


@needs_e
def test_e_refuses_a_statement_that_does_not_follow(proved):
    proof = proved["seed-position"].proof
    weaker = dataclasses.replace(proof, premises=[p for p in proof.premises
                                                  if p != F.Atom("dealt", ("P3", "AS"))])
    assert proofs.run_e(proofs.tptp(weaker)) != "Theorem"


def _mutations(proof: checker.Proof):
    """Every proof with one line changed: its formula swapped with another line's, its rule
    renamed, or a cited line moved."""
    lines = proof.lines
    for i, line in enumerate(lines):
        others = [o.formula for o in lines if o.formula not in (None, line.formula)]
        if line.formula is not None and others:
            yield i, dataclasses.replace(line, formula=others[i % len(others)])
        if line.rule not in ("premise", "assume", "flag"):
            yield i, dataclasses.replace(line, rule="→E" if line.rule != "→E" else "∧E")
        if line.refs and isinstance(line.refs[0], int) and line.refs[0] > 1:
            yield i, dataclasses.replace(line, refs=(line.refs[0] - 1, *line.refs[1:]))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_proof_with_one_line_changed_is_refused(proved, name):
    proof = proved[name].proof
    count = 0
    for i, changed in _mutations(proof):
        lines = list(proof.lines)
        lines[i] = changed
        with pytest.raises(checker.ProofError):
            checker.check(dataclasses.replace(proof, lines=lines))
        count += 1
    assert count > len(proof.lines)


def test_a_false_statement_gets_a_counterexample_game():
    pos = position.load(STUDENT)
    result = proofs.prove(pos.rules, "tricks(P1) <= 3", position=pos)
    assert result.status == "counterexample"
    assert result.witness.game.tricks_won[0] >= 4


def test_impossible_ask_examples_prove_their_negation():
    # ask says `tricks(P1) >= 10` is impossible (docs/logic.md); prove proves its negation.
    pos = position.load(STUDENT)
    assert aceten.logic.ask(pos, "tricks(P1) >= 10").status == "impossible"
    assert proofs.prove(pos.rules, "not (tricks(P1) >= 10)", position=pos).status == "proved"


def test_cli_prove_formats():
    statement = EXAMPLES["one-winner"]["statement"]
    base = ["prove", statement, "--game", "briscola", "--players", "4"]
    text = run(*base)
    assert text.exit_code == 0, text.stderr
    assert "∀I" in text.stdout and "premise: rule:" in text.stdout
    latex = run(*base, "--format", "latex").stdout
    assert r"\fitchprf{" in latex and latex.count("{") == latex.count("}")
    data = json.loads(run(*base, "--json").stdout)
    assert data["status"] == "proved" and data["checked"] and data["lines"][-1]["depth"] == 0
    assert "<table>" in run(*base, "--format", "html").stdout
    assert "fof(statement, conjecture" in run(*base, "--format", "tptp").stdout


def test_cli_prove_takes_a_games_name_where_the_position_goes():
    statement = EXAMPLES["one-winner"]["statement"]
    by_flag = run("prove", statement, "--game", "briscola", "--players", "4")
    by_name = run("prove", statement, "briscola", "-n", "4")
    swapped = run("prove", "briscola", statement, "-n", "4")
    assert by_flag.exit_code == by_name.exit_code == swapped.exit_code == 0, by_name.stderr
    assert by_name.stdout == by_flag.stdout == swapped.stdout
    four = run("prove", "points(P1) >= 3", "briscola", "-n", "4")
    assert four.exit_code == 1 and "P4" in four.stdout
    assert_one_line_error(run("prove", statement, "briscola", "--game", "cruce"),
                          "no such file", "--game says cruce")


def test_cli_prove_counterexample_exit_1_and_bad_input_exit_2():
    result = run("prove", "tricks(P1) <= 3", STUDENT)
    assert result.exit_code == 1 and "counterexample" in result.stdout
    assert_one_line_error(run("prove", "forall c in hands(P2): plays(P2, c)", "--game",
                              "briscola"), "unknown domain")
    # Without a position, a statement the prover cannot state is still refuted by a deal...
    refuted = run("prove", "points(P1) >= 3", "--game", "briscola")
    assert refuted.exit_code == 1, refuted.stderr
    assert "counterexample (a game where it is false)" in refuted.stdout
    assert "result:" in refuted.stdout
    # ... and one that holds in every deal is reported as beyond the prover, not as false.
    assert_one_line_error(run("prove", "tricks(P1) <= 20", "--game", "briscola"),
                          "prove cannot state")
    assert_one_line_error(run("prove", "tricks(P1) <= 99999999999999999999", STUDENT),
                          "goal column 15", "too large")
    assert_one_line_error(run("prove", "true", "--game", "briscola", "--format", "pdf"),
                          "unknown --format")
