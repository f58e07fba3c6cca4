"""The build hook (hatch_build.py) that compiles the kernels at ``pip install -e``: asked for by
``ACETEN_PRECOMPILE`` (or its default), it brings numba into the build environment, and nothing it
meets ever fails the install. Its compile itself is measured by ``bench/bench_cold.py --install``."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest

pytest.importorskip("hatchling")

from hatchling.metadata.core import ProjectMetadata

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("hatch_build", REPO / "hatch_build.py")
assert _spec is not None and _spec.loader is not None
hatch_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hatch_build)


def hook(root: Path = REPO):
    metadata = ProjectMetadata(str(REPO), None)
    return hatch_build.PrecompileKernels(str(root), {}, None, metadata, "", "wheel")


@pytest.mark.parametrize(("value", "wanted"), [("1", True), ("yes", True), ("0", False), ("off", False)])
def test_the_variable_decides(monkeypatch, value, wanted):
    monkeypatch.setenv("ACETEN_PRECOMPILE", value)
    assert hatch_build.precompile_wanted() is wanted


def test_unset_the_default_decides(monkeypatch):
    monkeypatch.delenv("ACETEN_PRECOMPILE", raising=False)
    for default in (True, False):
        monkeypatch.setattr(hatch_build, "PRECOMPILE_BY_DEFAULT", default)
        assert hatch_build.precompile_wanted() is default


def test_numba_comes_into_the_build_only_when_the_kernels_are_compiled(monkeypatch):
    monkeypatch.setenv("ACETEN_PRECOMPILE", "1")
    wanted = hook().dependencies()
    assert any(d.startswith("numba") for d in wanted) and any(d.startswith("numpy") for d in wanted)
    assert len(wanted) == len(set(wanted))
    monkeypatch.setenv("ACETEN_PRECOMPILE", "0")
    assert hook().dependencies() == []


def test_the_hook_is_declared_for_hatchling():
    text = (REPO / "pyproject.toml").read_text()
    assert "[tool.hatch.build.hooks.custom]" in text
    assert "src/aceten/_kernels/" in (REPO / ".gitignore").read_text().splitlines()


def test_a_failing_compile_is_a_warning_and_the_install_goes_on(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("ACETEN_PRECOMPILE", "1")
    monkeypatch.setattr(hatch_build, "_terminal", lambda: hatch_build.sys.stderr)
    monkeypatch.setattr(hatch_build, "DRIVER", "raise SystemExit('no numba here')")
    hook(tmp_path).initialize("editable", {})
    err = capsys.readouterr().err
    assert "aceten: warning: the kernels were not compiled at install time (no numba here)" in err
    assert not (tmp_path / "src" / "aceten" / "_kernels").exists()

    def broken(root, out):
        raise MemoryError("out of memory")

    monkeypatch.setattr(hatch_build, "compile_into", broken)
    hook(tmp_path).initialize("editable", {})
    assert "warning: the kernels were not compiled at install time (out of memory)" in capsys.readouterr().err


def test_nothing_is_compiled_for_a_regular_wheel_or_when_not_asked(monkeypatch, tmp_path):
    def must_not_run(root, out):
        raise AssertionError("compiled")

    monkeypatch.setattr(hatch_build, "compile_into", must_not_run)
    monkeypatch.setenv("ACETEN_PRECOMPILE", "1")
    hook(tmp_path).initialize("standard", {})  # a wheel moves the sources: numba's cache would not fit
    monkeypatch.setenv("ACETEN_PRECOMPILE", "0")
    hook(tmp_path).initialize("editable", {})


def test_the_driver_s_lines_reach_the_user_and_its_folder_is_kept(monkeypatch, tmp_path):
    """compile_into with a stand-in driver: the progress lines are shown, the folder it names is
    kept as src/aceten/_kernels/kernels-HASH and an older one is removed."""
    kept = tmp_path / "src" / "aceten" / "_kernels"
    (kept / "kernels-old").mkdir(parents=True)
    made = tmp_path / "made" / "aceten-kernels-0123456789abcdef"
    (made / "search_1").mkdir(parents=True)
    (made / "search_1" / "dds.f-1.py311.nbi").write_text("index")
    driver = f"print('compiling the kernels: x (1 of 1)'); print({str(made)!r})"
    monkeypatch.setattr(hatch_build, "DRIVER", driver)
    out = io.StringIO()
    target = hatch_build.compile_into(tmp_path, out)
    assert target == kept / "kernels-0123456789abcdef"
    assert (target / "search_1" / "dds.f-1.py311.nbi").read_text() == "index"
    assert [p.name for p in kept.iterdir()] == ["kernels-0123456789abcdef"]
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("aceten: compiling the numba kernels")
    assert "aceten: compiling the kernels: x (1 of 1)" in lines
    assert lines[-1].startswith("aceten: the kernels are compiled")
