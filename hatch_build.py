"""Build hook: compile aceten's numba kernels at ``pip install -e``, so the first solve does not.

numba compiles the solver on its first call (about a minute of CPU, several on a busy machine).
An editable install runs the very files it was built from, and numba's cache keys each kernel by
its source file's path, time stamp and size, so kernels compiled here stay valid at run time:
this hook compiles them into ``src/aceten/_kernels/kernels-HASH`` (git-ignored), and the first
run copies that folder into its cache (:mod:`aceten.search.kernel_cache`). A regular (non-editable)
wheel moves the sources, so it gets nothing from here and compiles at first use, as numba always
did; so does a run under another numba or numpy than the one that compiled here.

``ACETEN_PRECOMPILE=1`` compiles at install, ``ACETEN_PRECOMPILE=0`` does not; unset, the
default below decides. Under pip's build isolation the hook brings its own numba and numpy into
the build environment (it cannot see which extras were asked for). Nothing here may fail an
install: any error is one warning line, and the kernels then compile at first use.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
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
        if version != "editable" or not precompile_wanted():
            return
        out = _terminal()
        if out is not sys.stderr:
            out.write("\n")  # off pip's spinner line
        try:
            compile_into(Path(self.root), out)
        except Exception as err:  # the install goes on whatever happened here
            _say(out, f"aceten: warning: the kernels were not compiled at install time ({err}); "
                      "numba compiles them at first use")
        finally:
            if out is not sys.stderr:
                out.close()


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


def _terminal() -> TextIO:
    """Where the progress lines go: the terminal, where pip (which keeps a build's output to
    itself unless it fails or runs with -v) would leave a long wait silent; else stderr."""
    try:
        return open("/dev/tty", "w")  # closed by the caller
    except OSError:
        return sys.stderr


def _say(out: TextIO, line: str) -> None:
    print(line, file=out, flush=True)
