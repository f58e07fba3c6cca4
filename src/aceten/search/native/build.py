"""Build the C kernels: translate (:mod:`translate`, beside this file) and compile with ``cc``.

This module and ``translate.py`` use the standard library only and import nothing of aceten, so
the build hook (``hatch_build.py``) loads them by path from the source tree at ``pip install``,
where numba and numpy may not be installed yet.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

# -O3: 0.87-0.94 of -O2's CPU on the same solves, for 0.2 s more compiling (-funroll-loops and
# wider inlining gained nothing more)
FLAGS = ["-O3", "-fwrapv", "-fPIC", "-shared", "-std=gnu11", "-fvisibility=hidden"]
# popcount and count-trailing-zeros as single instructions, as numba compiles for the host CPU
NATIVE_FLAGS = ["-march=native"]


class BuildError(Exception):
    """No compiler, or the compiler failed."""


def translate_module() -> ModuleType:
    """``translate.py`` beside this file, imported as part of aceten where it can be, else alone."""
    for name in ("aceten.search.native.translate", "_aceten_native_translate"):
        if name in sys.modules:
            return sys.modules[name]  # loaded once a process, not at every build or hash
    spec = importlib.util.spec_from_file_location("_aceten_native_translate",
                                                  Path(__file__).with_name("translate.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def source_digest(package: Path) -> str:
    return str(translate_module().source_hash(package))


def native_flags() -> list[str]:
    """``-march=native`` where it is known to work (x86-64), else nothing."""
    return NATIVE_FLAGS if platform.machine() in ("x86_64", "AMD64") else []


@functools.cache
def cpu_tag() -> str:
    """A hash of the CPU's feature flags where the library is built for this CPU alone: a library
    built with ``-march=native`` on one CPU dies of an illegal instruction on an older one (a
    checkout or cache shared between machines), so another CPU gets a library of its own."""
    if not native_flags():
        return ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            features = next((line for line in info if line.startswith(("flags", "Features"))), "")
    except OSError:
        features = ""
    features = features or platform.processor() or sys.platform
    return hashlib.sha256(" ".join(sorted(features.split())).encode()).hexdigest()[:8]


def library_name(digest: str) -> str:
    """The library's file name without suffix: the sources' hash, the machine and (for a
    library built for this CPU alone) the CPU's features."""
    tag = cpu_tag()
    return f"native-{digest}-{platform.machine() or 'cpu'}" + (f"-{tag}" if tag else "")


def compiler() -> list[str] | None:
    """The C compiler: ``$CC``, the one Python was built with, or cc/gcc/clang on the PATH."""
    for cand in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "cc", "gcc", "clang"):
        parts = (cand or "").split()
        if parts and shutil.which(parts[0]):
            return parts
    return None


def build(folder: Path, package: Path, say: Callable[[str], None] | None = None,
          extra_flags: tuple[str, ...] = ()) -> Path:
    """Translate the kernels of ``package`` (the aceten folder) to C and compile them into
    ``folder``; returns the library's path. Raises BuildError without a working compiler."""
    translate = translate_module()
    cc = compiler()
    if cc is None:
        raise BuildError("no C compiler found (set CC, or install gcc)")
    program = translate.Program(package)
    name = library_name(translate.source_hash(package))
    folder.mkdir(parents=True, exist_ok=True)
    if say:
        say(f"compiling the solver's kernels with {cc[0]} (a few seconds, once)")
    with tempfile.TemporaryDirectory(dir=folder, prefix=".build-") as tmp:
        src = Path(tmp) / f"{name}.c"
        src.write_text(program.c_source())
        out = Path(tmp) / f"{name}.so"
        flags = [*FLAGS, *native_flags(), *extra_flags]
        try:
            run = subprocess.run([*cc, *flags, "-o", str(out), str(src)], capture_output=True, text=True)
        except OSError as err:
            raise BuildError(f"the C compiler did not run: {err}") from err
        if run.returncode != 0:
            raise BuildError(f"the C compiler failed: {(run.stderr or run.stdout).strip()[:500]}")
        (Path(tmp) / f"{name}.json").write_text(json.dumps(manifest(program, translate)))
        for suffix in (".json", ".so"):  # the library last: once it is there, so is the rest
            os.replace(Path(tmp) / f"{name}{suffix}", folder / f"{name}{suffix}")
    _prune(folder)
    return folder / f"{name}.so"


KEEP = 3  # libraries kept in a folder (other checkouts or versions may still use older ones)


def _prune(folder: Path) -> None:
    libs = sorted(folder.glob("native-*.so"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in libs[KEEP:]:
        for path in (old, old.with_suffix(".json")):
            path.unlink(missing_ok=True)


def manifest(program: Any, translate: ModuleType) -> dict[str, Any]:
    """Each exported function's C name, parameters and return, for :func:`aceten.search.native.bind`.

    A parameter: ``a2`` a 2-d int64 array (``a2u``: uint64; ``a2:64`` one whose rows have 64
    elements, ``a3:4,17`` 4 by 17: the translation's FIXED_ROWS), ``i``/``u``/``b``/``f`` an
    int64, a uint64, a bool, a float64. A return: ``v`` none, one of those letters, or ``t:iu``
    a tuple."""

    def kind(k: Any, param: str = "") -> str:
        if isinstance(k, translate.Arr):
            rows = program.fixed_rows.get(param)
            return (f"a{k.ndim}" + ("u" if k.elem == "u" else "")
                    + (":" + ",".join(map(str, rows)) if rows else ""))
        if isinstance(k, translate.Tup):
            return "t:" + "".join(x if x in ("u", "f") else "i" for x in k.items)
        return {None: "v", "u": "u", "b": "b", "f": "f"}.get(k, "i")

    return {f.key: {"c": translate.entry_name(f), "params": [kind(f.ptypes.get(p, "i"), p) for p in f.params],
                    "ret": kind(f.ret)} for f in program.exported().values()}
