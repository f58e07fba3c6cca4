"""Every ``aceten`` command and Python snippet in README.md and docs/*.md runs, so the docs cannot
drift from the code.

Each document's ```sh and ```python blocks run in order in a fresh folder (with a copy of
examples/ and the few records they read), so a command may use what an earlier one wrote. Sizes
are made small (``--games``, ``--deals`` at most 2; the bots of ``play`` are the random bot), and
a command that never ends or installs something is listed in :data:`NOT_RUN` with the reason.
``>>>`` blocks are doctests, run where README.md's are (pytest's ``--doctest-glob``) or by the
document's own test.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import aceten
from aceten import record

ROOT = Path(__file__).resolve().parents[1]
SRC = str(Path(aceten.__file__).resolve().parents[1])
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

NOT_RUN = {
    "python3 -m venv": "installs into a new virtual environment (the README's install line)",
    "pip install": "installs packages",
    "aceten serve": "serves until stopped (tests/test_web_server.py runs it)",
    "python bench/": "a benchmark: minutes of measurement",
}
SMALL = {"--games": 2, "--deals": 2, "-g": 2, "-k": 2}
# Options that run a system program a machine may lack (.ci/run installs it): a command with one
# is left out where the program is missing, as tests/test_logic_proofs.py skips its own.
PROGRAM_OF = {"--e": "eprover"}

BLOCK = re.compile(r"^```(sh|python)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(doc: Path) -> list[tuple[str, str]]:
    """The document's shell commands (one per entry) and Python snippets, in order."""
    out: list[tuple[str, str]] = []
    for lang, body in BLOCK.findall(doc.read_text(encoding="utf-8")):
        if lang == "python":
            if ">>>" not in body:
                out.append(("python", body))
            continue
        for command in body.replace("\\\n", " ").splitlines():
            if command.strip():
                out.append(("sh", command.strip()))
    return out


def small(args: list[str]) -> list[str]:
    """The command with small sizes: what it shows is the same, in seconds."""
    args = list(args)
    for i, arg in enumerate(args[:-1]):
        if arg in SMALL and args[i + 1].isdigit():
            args[i + 1] = str(min(int(args[i + 1]), SMALL[arg]))
    if args[:1] == ["arena"] and args[1:2] != ["report"] and "--deals" not in args:
        args += ["--deals", "2"]
    if args[:1] == ["arena"] and "ray" in args:
        args += ["--workers", "1"]
    if args[:1] == ["play"] and "--opponent" not in args:
        args += ["--opponent", "random"]  # the default pimc plays the same commands, slower
    if args[:1] == ["play"] and "--match" in args:
        args.remove("--match")  # a whole match is many deals of the same command
    return args


def fixtures(folder: Path) -> None:
    """examples/, and the records that documents read without writing them first."""
    shutil.copytree(ROOT / "examples", folder / "examples")
    game = aceten.new_game("briscola", players=4, seed=3)
    while not game.is_over():
        game.push(game.legal_moves()[0])
    (folder / "p2-view.tgn").write_text(record.dumps(game, seat=1), encoding="utf-8")


def run_block(kind: str, text: str, folder: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    if kind == "python":
        command = [sys.executable, "-c", text]
    else:
        args = shlex.split(text, comments=True)
        assert args[0] == "aceten", f"not an aceten command: {text}"
        command = [sys.executable, "-m", "aceten", *small(args[1:])]
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def runnable(doc: Path) -> list[tuple[str, str]]:
    return [(kind, text) for kind, text in blocks(doc)
            if not any(text.startswith(prefix) or f"&& {prefix}" in text for prefix in NOT_RUN)
            and not (kind == "sh" and missing_program(text))]


def missing_program(command: str) -> bool:
    """Whether the command needs a system program (``PROGRAM_OF``) this machine lacks."""
    args = shlex.split(command, comments=True)
    return any(shutil.which(PROGRAM_OF[a]) is None for a in args if a in PROGRAM_OF)


def test_a_command_needing_a_missing_program_is_left_out(monkeypatch):
    command = 'aceten prove "tricks(P1) <= 9" examples/student.toml --e'
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert missing_program(command)
    assert not missing_program('aceten prove "tricks(P1) <= 9" examples/student.toml')
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    assert not missing_program(command)


RUNNABLE = [doc for doc in DOCS if runnable(doc)]


@pytest.mark.parametrize("doc", RUNNABLE, ids=[d.name for d in RUNNABLE])
def test_every_command_and_snippet_of_the_document_runs(doc, tmp_path):
    fixtures(tmp_path)
    for kind, text in runnable(doc):
        done = run_block(kind, text, tmp_path)
        assert done.returncode == 0, f"{doc.name}: {text}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, f"{doc.name}: {text}\n{done.stderr}"


def test_the_extraction_finds_the_commands_of_every_document_with_some():
    names = {doc.name for doc in RUNNABLE}
    assert {"README.md", "arena.md", "knowledge.md", "logic.md", "players.md", "rl.md",
            "search.md"} <= names

def test_the_extraction_finds_the_readme_commands():
    found = [text for kind, text in blocks(ROOT / "README.md") if kind == "sh"]
    assert "aceten rules cruce --players 4          # ranks, points, obligations, scoring, options" in found
    assert small(["simulate", "briscola", "--games", "100000", "--fast"])[3] == "2"
    assert small(["arena", "briscola", "--bots", "a,b"])[-2:] == ["--deals", "2"]
