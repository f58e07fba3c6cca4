"""bench/all.py names a script that exists for every layer, and refuses an unknown layer."""

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH / "all.py"), *args], capture_output=True,
                          text=True, check=False)


def test_every_layer_names_an_existing_script() -> None:
    for quick in ((), ("--quick",)):
        listed = run("--list", "--only", "engine,search,env,knowledge,logic,web", *quick)
        assert listed.returncode == 0, listed.stderr
        lines = listed.stdout.splitlines()
        assert [line.split()[0] for line in lines] == ["engine", "search", "env", "knowledge",
                                                        "logic", "web"]
        for line in lines:
            assert (BENCH / line.split()[2].removeprefix("bench/").split("/")[-1]).is_file()


def test_the_default_run_leaves_out_the_web_server() -> None:
    layers = [line.split()[0] for line in run("--list").stdout.splitlines()]
    assert "web" not in layers and {"engine", "search", "batch", "env", "logic"} <= set(layers)


def test_an_unknown_layer_is_one_line_and_exit_2() -> None:
    bad = run("--only", "engin")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "error: unknown layer 'engin': choose from " + bad.stderr.split("choose from ")[1].strip()]
