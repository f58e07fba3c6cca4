"""Golden playthroughs (after OpenSpiel): a full seeded game per game and player count, kept as
.tgn in tests/golden/. Each file must replay through the engine, and the same seed and bots
must still write exactly the same text; any change of behaviour shows up as a readable diff.
Regenerate with ``python tests/golden/make_golden.py`` after an intended change."""

from __future__ import annotations

import difflib
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from aceten import record

FOLDER = Path(__file__).resolve().parent / "golden"


def _load_maker():
    spec = importlib.util.spec_from_file_location("make_golden", FOLDER / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_golden", module)
    spec.loader.exec_module(module)
    return module


maker = _load_maker()
GOLDEN = {golden.file: golden for golden in maker.GOLDEN}


def golden_text(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


def seed_of(text: str) -> int:
    match = re.search(r'^\[Seed "(\d+)"\]$', text, re.M)
    assert match, "a golden record names its seed"
    return int(match.group(1))


def test_every_game_and_player_count_has_a_golden_file():
    covered = {(g.game, g.players, g.variant) for g in GOLDEN.values()}
    wanted = {(game, n, None) for game in ("briscola", "brisca", "cruce") for n in (2, 3, 4)}
    wanted |= {("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam")}
    assert covered == wanted
    assert sorted(p.name for p in FOLDER.glob("*.tgn")) == sorted(GOLDEN)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_record_replays_through_the_engine(name):
    text = golden_text(name)
    game = record.loads(text)  # every move and the result checked again
    assert game.is_over()
    assert record.dumps(game) == text
    assert GOLDEN[name].shows_all(game)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_same_seed_and_bots_write_the_same_record(name):
    text = golden_text(name)
    again = record.dumps(GOLDEN[name].play(seed_of(text)))
    if again != text:
        diff = "".join(difflib.unified_diff(
            text.splitlines(keepends=True), again.splitlines(keepends=True),
            fromfile=f"tests/golden/{name}", tofile="played now"))
        pytest.fail(f"{name} no longer matches; if the change is intended, run "
                    f"python tests/golden/make_golden.py\n{diff}", pytrace=False)


def test_golden_games_show_the_rules_worth_showing():
    texts = {name: golden_text(name) for name in GOLDEN}
    assert "swap:" in texts["brisca-2.tgn"]
    assert re.search(r"\{P\d takes \d+; P\d marriage in \w+: (20|40)\}", texts["cruce-2.tgn"])
    assert re.search(r"\{P\d takes \d+; P\d marriage in \w+: (20|40)\}", texts["cruce-4.tgn"])
    for name in ("cruce-2.tgn", "cruce-3.tgn", "cruce-4.tgn"):
        assert re.search(r"^0\. .*bid:[1-6].*\{P\d bids [1-6]\}$", texts[name], re.M), name
    assert re.search(r'\[Result ".*P\d -\d', texts["cruce-3.tgn"])  # a bid that failed
    for name in ("klaverjas-rotterdam.tgn", "klaverjas-amsterdam.tgn"):
        assert re.search(r"\{P\d takes \d+; roem: [^}]+ \d+\}", texts[name]), name
    assert "0. pass" in texts["klaverjas-amsterdam.tgn"]
