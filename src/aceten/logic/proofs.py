"""``aceten prove``: a statement proved in natural deduction, checked, and shown four ways.

A statement about a position is proved when its negation is impossible: ``ask`` decides that
first (and a possible negation is a counterexample game, replayed, instead of a proof); the
prover then derives the statement from the game's rules as premises and the position's facts,
keeping only the premises it uses. A statement with no position is a rule fact about every
deal of the game; when it has no proof, a deal where it fails is its counterexample. Every
proof is re-checked line by line by :mod:`aceten.logic.checker`; the premises and the
statement are also written as TPTP for an outside prover (E).
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
from dataclasses import dataclass, field
from typing import Any

from aceten.errors import AcetenError
from aceten.logic import checker, prover, theory
from aceten.logic import formula as F
from aceten.logic import goal as g
from aceten.rules.base import Rules


@dataclass
class Result:
    """``status``: ``proved`` (with ``proof``) or ``counterexample`` (with ``witness``)."""

    status: str
    statement: str
    formula: F.Formula | None  # None for a counterexample to a statement prove cannot state
    proof: checker.Proof | None = None
    witness: Any = None  # a Trace
    sources: dict[F.Formula, str] = field(default_factory=dict)


#: How long a statement with no position and no proof is searched for a counterexample deal
#: (a playout finds most at once; the solver's search is what this bounds).
COUNTEREXAMPLE_SECONDS = 20.0


def prove(rules: Rules, text: str, *, position: Any = None, given: list[str] | None = None) -> Result:
    """Prove ``text`` (goal-language statement) about ``position`` (or every deal of ``rules``),
    with ``given`` conditions (e.g. ``policy(P2) == extremes``) as extra premises."""
    from aceten.logic.position import coerce, every_deal
    from aceten.logic.solve import ask

    if position is not None:
        position = coerce(position)
        position.refuse_unmodelled(" ".join([text, *(given or [])]))
        if position.bidding is not None:  # a game after its bidding is modelled without it
            rules = position.rules
    goal = g.parse(text, rules, ground=False)
    negation = g.parse(f"not ({text})", rules)
    conditions = [g.parse(extra, rules).formula for extra in given or []]
    if conditions:
        negation = g.Goal(negation.text, g.Op("and", (*conditions, negation.formula)),
                          conjuncts=(*conditions, negation.formula))
    if position is not None:
        answer = ask(position, negation)
        if answer.status == "possible":
            return Result("counterexample", text, None, witness=answer.witnesses[0])
        return _derive(rules, text, goal, position, given)
    # Without a position the negation ranges over every deal, which the solver can take many
    # minutes to rule out (the extremes-policy course proof's: 18 min): the proof is tried
    # first, and a counterexample looked for only when no proof comes, for a bounded time.
    try:
        return _derive(rules, text, goal, None, given)
    except AcetenError:
        answer = ask(every_deal(rules), negation, time_limit=COUNTEREXAMPLE_SECONDS)
        if answer.status == "possible":
            return Result("counterexample", text, None, witness=answer.witnesses[0])
        raise


def _derive(rules: Rules, text: str, goal: g.Goal, position: Any, given: list[str] | None) -> Result:
    """The checked proof of ``goal`` from the rules, the position's facts and ``given``."""
    premises = theory.rule_premises(rules)
    if position is not None:
        premises += theory.fact_premises(position)
    formula = theory.statement(goal, rules)
    for extra in given or []:
        parsed = g.parse(extra, rules, ground=False)
        premises.append((theory.statement(parsed, rules), f"given: {extra}"))
    try:
        proof = prover.prove(premises, formula)
    except prover.ProofSearchFailed:
        raise AcetenError("no proof found from the game's rules as premises (the prover is small: "
                          "the statement may still hold: no counterexample was found)") from None
    checker.check(proof)
    return Result("proved", text, formula, proof, sources={f: s for f, s in premises})


# -- output formats ---------------------------------------------------------------------------------------
def _refs(refs: tuple[Any, ...]) -> str:
    return ", ".join(f"{r[0]}-{r[1]}" if isinstance(r, tuple) else str(r) for r in refs)


def _why(line: checker.Line, sources: dict[F.Formula, str]) -> str:
    if line.rule == "premise":
        return "premise: " + (line.source or sources.get(line.formula, ""))  # type: ignore[arg-type]
    if line.rule in ("assume", "flag"):
        return "assumption" if line.rule == "assume" else "fresh constant (for ∀I)"
    return f"{line.rule} {_refs(line.refs)}".strip()


def text(result: Result) -> str:
    proof = result.proof
    assert proof is not None
    assert result.formula is not None  # a proved result states its formula
    rows = []
    for i, line in enumerate(proof.lines, start=1):
        bars = "│ " * line.depth
        head = f"[{line.fresh}] " if line.fresh else ""
        body = F.show(line.formula) if line.formula is not None else ""
        rows.append((f"{i:>3}  {bars}{head}{body}", _why(line, result.sources)))
        nxt = proof.lines[i] if i < len(proof.lines) else None
        last_premise = line.rule == "premise" and (nxt is None or nxt.rule != "premise")
        if line.rule == "assume" or last_premise:
            rows.append((f"     {'│ ' * max(line.depth - 1, 0)}├" + "─" * 12, ""))
    width = max(len(a) for a, _ in rows) + 3
    out = [f"proved: {result.statement}", f"as a formula: {F.show(result.formula)}", ""]
    out += [f"{a:<{width}}{b}".rstrip() for a, b in rows]
    return "\n".join(out)


_LATEX_RULES = {"∧": r"$\land$", "∨": r"$\lor$", "→": r"$\to$", "¬": r"$\lnot$", "⊥": r"$\bot$",
                "∀": r"$\forall$", "∃": r"$\exists$", "=": r"$=$"}


@dataclass
class _Box:
    """One level of the Fitch layout: the lines above its bar, then its lines and sub-boxes."""

    head: list[str] = field(default_factory=list)
    body: list[str | _Box] = field(default_factory=list)


def _latex_line(number: int, line: checker.Line) -> str:
    formula = F.show(line.formula, F.LATEX) if line.formula is not None else ""
    if line.rule == "premise":
        why = "premise"
    else:
        why = "".join(_LATEX_RULES.get(ch, ch) for ch in line.rule) + " " + _refs(line.refs)
    return rf"\pline[{number}.]{{{formula}}}[{why.strip()}]"


def _latex_box(box: _Box, *, top: bool) -> str:
    rows: list[str] = []
    for n, item in enumerate(box.body, start=1):
        if isinstance(item, _Box):
            rows.append(_latex_box(item, top=False))  # \subproof ends its own row
        else:
            rows.append(item if n == len(box.body) else item + r" \\")
    body = "\n".join(rows)
    head = r" \\ ".join(box.head) if box.head else r"\nline{}"
    return (rf"\fitchprf{{{head}}}" if top else rf"\subproof{{{head}}}") + f"{{\n{body}\n}}"


def latex(result: Result) -> str:
    """The proof for the ``lplfitch`` package (the Fitch style of *Language, Proof and Logic*;
    in TeX Live and Debian's ``texlive-science``): premises above the outer bar, each
    assumption a sub-proof, a fresh constant (for ∀I, ∃E) boxed at its sub-proof's head."""
    proof = result.proof
    assert proof is not None
    root = _Box()
    stack = [root]  # stack[d] is the open box at depth d
    for i, line in enumerate(proof.lines, start=1):
        if line.rule == "premise" and len(stack) == 1 and not root.body:
            root.head.append(_latex_line(i, line))
            continue
        opens = line.rule in ("assume", "flag")
        keep = line.depth if not opens else line.depth - 1  # a new box is a child of depth-1
        del stack[keep + 1:]
        if not opens:
            stack[-1].body.append(_latex_line(i, line))
            continue
        flag = rf"\fbox{{${line.fresh}$}}\;" if line.fresh else ""
        formula = F.show(line.formula, F.LATEX) if line.rule == "assume" and line.formula is not None else ""
        box = _Box(head=[rf"\nline[{i}.]{{{flag}{formula}}}"])
        stack[-1].body.append(box)
        stack.append(box)
    return "\n".join([r"% \usepackage{lplfitch}  (TeX Live; Debian: texlive-science)",
                       _latex_box(root, top=True)])


def as_data(result: Result) -> dict[str, Any]:
    data: dict[str, Any] = {"status": result.status, "statement": result.statement,
                            "formula": F.show(result.formula) if result.formula else None}
    if result.proof is not None:
        data["lines"] = [{"number": i, "depth": line.depth,
                          "formula": F.show(line.formula) if line.formula is not None else None,
                          "rule": line.rule, "refs": [list(r) if isinstance(r, tuple) else r
                                                      for r in line.refs],
                          "fresh": line.fresh, "why": _why(line, result.sources)}
                         for i, line in enumerate(result.proof.lines, start=1)]
        data["checked"] = True
    if result.witness is not None:
        from aceten.logic.trace import summary

        data["counterexample"] = summary(result.witness)
    return data


def html_page(result: Result) -> str:
    proof = result.proof
    assert proof is not None
    assert result.formula is not None  # a proved result states its formula
    rows = []
    for i, line in enumerate(proof.lines, start=1):
        head = f"<b>[{html.escape(line.fresh)}]</b> " if line.fresh else ""
        body = html.escape(F.show(line.formula)) if line.formula is not None else ""
        cls = " hyp" if line.rule in ("assume", "flag", "premise") else ""
        rows.append(f'<tr><td class="n">{i}</td><td><div class="box{cls}" style="margin-left:'
                    f'{1.2 * line.depth}em;border-left:{"2px solid #333" if line.depth else "0"};'
                    f'padding-left:.4em">{head}{body}</div></td>'
                    f'<td class="why">{html.escape(_why(line, result.sources))}</td></tr>')
    style = ("body{font-family:sans-serif}td{padding:.1em .5em;vertical-align:top}"
             ".n{text-align:right;color:#666}.why{color:#333;font-size:90%}.hyp{text-decoration:"
             "underline}")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>proof</title><style>{style}"
            f"</style></head><body><h1>Proof</h1><p>{html.escape(result.statement)}</p>"
            f"<p><code>{html.escape(F.show(result.formula))}</code></p><table>{''.join(rows)}"
            "</table></body></html>")


# -- TPTP and the E prover ----------------------------------------------------------------------------------
def tptp(proof: checker.Proof) -> str:
    """The proof's premises as axioms and its goal as the conjecture (TPTP FOF)."""
    out = [f"fof(premise_{i}, axiom, {F.tptp(p)})." for i, p in enumerate(proof.premises, start=1)]
    out.append(f"fof(statement, conjecture, {F.tptp(proof.goal)}).")
    return "\n".join(out) + "\n"


def run_e(problem: str, seconds: int = 10) -> str:
    """Run the E prover on a TPTP problem; its SZS status (``Theorem`` when it proves it)."""
    exe = shutil.which("eprover")
    if exe is None:
        raise AcetenError("the E prover is not installed (Debian: apt-get install eprover)")
    done = subprocess.run([exe, "--auto", "--silent", f"--cpu-limit={seconds}"], input=problem,
                          capture_output=True, text=True, check=False)
    for line in done.stdout.splitlines():
        if "SZS status" in line:
            return line.split("SZS status", 1)[1].split()[0]
    return "Unknown"


def dump(result: Result, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(as_data(result), ensure_ascii=False)
    if fmt == "latex":
        return latex(result)
    if fmt == "html":
        return html_page(result)
    if fmt == "tptp":
        assert result.proof is not None
        return tptp(result.proof)
    return text(result)
