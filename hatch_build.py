"""Build hook: at ``pip install -e``, build the solver's kernels so that the first solve does not.

Two kinds of compiled kernels, both kept in ``src/aceten/_kernels`` (git-ignored):

- **The solver in C, always** (``ACETEN_NATIVE=0`` skips it): ``aceten/search/native`` translates
  the kernels' Python to C and compiles it with the machine's C compiler, a few seconds, with
  nothing to install (both modules use the standard library only and are loaded here by path).
  The solver uses it (:mod:`aceten.search.native`); without a compiler the install goes on with
  a warning, and the solver builds it at first use or falls back on numba.
- **numba's kernels, when asked** (``ACETEN_PRECOMPILE=1``; the default below decides): the batch
  simulator's and the environments' kernels, and the solver's numba twins. numba compiles them
  on their first call (about a minute of CPU). An editable install runs the very files it was
  built from, and numba's cache keys each kernel by its source file's path, time stamp and
  size, so kernels compiled here stay valid at run time: this hook compiles them into
  ``_kernels/kernels-HASH``, and the first run copies that folder into its cache
  (:mod:`aceten.search.kernel_cache`). Under pip's build isolation the hook then brings its own
  numba and numpy into the build environment (it cannot see which extras were asked for).

A regular (non-editable) wheel moves the sources, so it gets nothing from here: its first solve
builds the C kernels into the user's cache. Nothing here may fail an install: any error is one
warning line, and the kernels are then built or compiled at first use.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The switch: True compiles at every `pip install -e` (unless ACETEN_PRECOMPILE=0), False only when asked.
PRECOMPILE_BY_DEFAULT = False
FEATURES = ("search", "rl")  # the extras whose packages compile (and type) the kernels
TIME_LIMIT = 1800  # seconds: a stuck compile must not hold the install forever

DRIVER = """
import sys
from aceten.search import kernel_cache, precompile
precompile.compile_kernels(lambda line: print(line, flush=True))
try:
    from aceten.env import make
except ImportError as err:
    print(f"the environments' kernels are left for first use ({err})", flush=True)
else:
    import aceten
    print("compiling the kernels: the environments' observations", flush=True)
    make(aceten.rules.DEFAULT_GAME).reset(seed=0)  # the observation kernels: same types in every game
kernel_cache.stamp_prebuilt(kernel_cache.cache_dir())
print(kernel_cache.cache_dir(), flush=True)
"""


def precompile_wanted() -> bool:
    """Whether to compile at install: ``ACETEN_PRECOMPILE`` if set, else the default."""
    value = os.environ.get("ACETEN_PRECOMPILE", "").strip().lower()
    if value in ("1", "yes", "true", "on"):
        return True
    if value in ("0", "no", "false", "off"):
        return False
    return PRECOMPILE_BY_DEFAULT


class PrecompileKernels(BuildHookInterface):
    """Compiles the kernels into the source tree of an editable install (see the module)."""

    def dependencies(self) -> list[str]:
        """numba and numpy (and the environments' packages) in the build environment, when the
        kernels are compiled."""
        if not precompile_wanted():
            return []
        try:
            extras = self.metadata.core.optional_dependencies
            return list(dict.fromkeys(dep for feature in FEATURES for dep in extras.get(feature, [])))
        except Exception as err:  # a warning, never a failed install
            _say(sys.stderr, f"aceten: warning: the kernels are not compiled at install time ({err})")
            return []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version != "editable":
            return
        build_native(Path(self.root))
        if not precompile_wanted():
            return
        with _install_output() as out:
            try:
                compile_into(Path(self.root), out)
            except Exception as err:  # the install goes on whatever happened here
                _say(out, f"aceten: warning: the kernels were not compiled at install time ({err}); "
                          "numba compiles them at first use")


def build_native(root: Path) -> None:
    """The solver's C kernels (``aceten/search/native``) into ``src/aceten/_kernels``: a few
    seconds with the machine's C compiler; without one, a warning, and the solver builds them
    at first use or falls back on numba."""
    if os.environ.get("ACETEN_NATIVE", "1").strip().lower() in ("0", "no", "false", "off"):
        return
    with _install_output() as out:
        try:
            spec = importlib.util.spec_from_file_location(
                "_aceten_native_build", root / "src" / "aceten" / "search" / "native" / "build.py")
            assert spec is not None and spec.loader is not None
            builder = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(builder)
            path = builder.build(root / "src" / "aceten" / "_kernels", root / "src" / "aceten",
                                 lambda line: _say(out, f"aceten: {line}"))
            _say(out, f"aceten: the solver's kernels are built ({path.name})")
        except Exception as err:  # the install goes on whatever happened here
            _say(out, f"aceten: warning: the solver's C kernels were not built at install time "
                      f"({err}); they are built at first use, or numba compiles the solver")


def compile_into(root: Path, out: TextIO) -> Path:
    """Compile every kernel of the sources under ``root`` and keep them in
    ``src/aceten/_kernels/kernels-HASH``, which is returned."""
    src = root / "src"
    _say(out, "aceten: compiling the numba kernels for the first solve (about a minute of CPU; "
              "ACETEN_PRECOMPILE=0 skips it)...")
    with tempfile.TemporaryDirectory(prefix="aceten-precompile-") as tmp:
        env = dict(os.environ, NUMBA_CACHE_DIR=tmp,
                   PYTHONPATH=os.pathsep.join(filter(None, [str(src), os.environ.get("PYTHONPATH")])))
        child = subprocess.Popen([sys.executable, "-c", DRIVER], env=env, cwd=tmp, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert child.stdout is not None
        watchdog = threading.Timer(TIME_LIMIT, child.kill)
        watchdog.start()
        lines = []
        try:
            for line in child.stdout:
                lines.append(line.rstrip())
                if line.startswith(("compiling", "the environments")):
                    _say(out, f"aceten: {line.rstrip()}")
            child.wait()
        finally:
            watchdog.cancel()
        if child.returncode != 0:
            raise RuntimeError(lines[-1] if lines else f"exit code {child.returncode}")
        compiled = Path(lines[-1])
        kept = src / "aceten" / "_kernels"
        kept.mkdir(exist_ok=True)
        for old in kept.glob("kernels-*"):
            shutil.rmtree(old)
        target = kept / compiled.name.replace("aceten-kernels-", "kernels-")
        shutil.copytree(compiled, target)
    _say(out, f"aceten: the kernels are compiled ({target})")
    return target


@contextmanager
def _install_output() -> Iterator[TextIO]:
    """Where the hook's lines go (:func:`_terminal`), starting off pip's spinner line."""
    out = _terminal()
    if out is not sys.stderr:
        out.write("\n")
    try:
        yield out
    finally:
        if out is not sys.stderr:
            out.close()


def _terminal() -> TextIO:
    """Where the progress lines go: the terminal, where pip (which keeps a build's output to
    itself unless it fails or runs with -v) would leave a long wait silent; else stderr."""
    try:
        return open("/dev/tty", "w")  # closed by the caller
    except OSError:
        return sys.stderr


def _say(out: TextIO, line: str) -> None:
    print(line, file=out, flush=True)
