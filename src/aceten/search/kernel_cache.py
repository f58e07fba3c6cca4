"""Where numba keeps the compiled kernels: one folder per version of the kernels' source.

numba's on-disk cache (``cache=True``) checks only the stamp of the file that defines each
function, so after a change to a callee in another module (a ``git pull`` that touches
``endgame.py`` but not ``dds.py``) it keeps running the old compiled code: wrong values or a
crash. Here every kernel is cached in a folder named by a hash of all the kernel sources, so any
change starts a fresh cache (compiled once: one to two minutes of CPU for the solver) and never
mixes versions. The entry kernels are also compiled once per argument type, not once more per
constant (:func:`one_signature_each`).

The folder is ``$NUMBA_CACHE_DIR/aceten-kernels-HASH`` when that variable is set, else
``$XDG_CACHE_HOME/aceten/kernels-HASH`` (``~/.cache/aceten/...``). Older ``kernels-*`` folders
beyond the three most recently used are removed. When no folder can be written, numba's own
default (``__pycache__`` beside the source, or its user-wide folder) applies.

Kernels compiled at install time: ``pip install -e`` with the build hook on (``hatch_build.py``)
compiles every kernel into ``aceten/_kernels/kernels-HASH`` beside the sources. When this
version's cache folder does not exist yet, it starts as a copy of that folder, if the folder was
compiled by the numba and numpy running now (:func:`prebuilt_matches`). The copy is valid because
numba's cache keys each kernel by its source file's path, time stamp and size, which an editable
install keeps; anything it rejects (another numba, a touched file) is compiled at first use as
before. ``ACETEN_PREBUILT_KERNELS`` names another folder to copy from, or ``0`` to copy none.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# Paths inside the aceten package: the search kernels, and the environments' observation kernel.
KERNEL_SOURCES = ("search/batch.py", "search/kernel_cache.py", "rules/jit.py", "rules/layout.py",
                  "rules/step.py", "search/kernels.py", "search/dds.py", "search/encoding.py",
                  "search/endgame.py", "search/duel.py", "search/obliged.py", "search/manyseats.py",
                  "search/rng.py", "env/compiled.py")
KEEP = 3  # kernel folders kept (the current one included)


def source_digest(here: Path | None = None) -> str:
    """A short hash of every kernel source file (under ``here``, the aceten package by default)
    as they are on disk now."""
    digest = hashlib.sha256()
    here = here or Path(__file__).parent.parent
    for name in KERNEL_SOURCES:
        digest.update(name.encode())
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]


def user_cache() -> Path:
    """aceten's folder in the user's cache: ``$XDG_CACHE_HOME/aceten`` (``~/.cache/aceten``)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "aceten"


def cache_dir() -> Path:
    """The folder for this version of the kernels (not created here)."""
    digest = source_digest()
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"]) / f"aceten-kernels-{digest}"
    return user_cache() / f"kernels-{digest}"


PREBUILT_STAMP = "prebuilt.json"  # in a prebuilt folder: the versions that compiled it


def prebuilt_root() -> Path | None:
    """The folder of the kernels compiled at install time (``kernels-HASH`` folders), or None
    when ``ACETEN_PREBUILT_KERNELS=0``."""
    chosen = os.environ.get("ACETEN_PREBUILT_KERNELS")
    if chosen == "0":
        return None
    return Path(chosen) if chosen else Path(__file__).parent.parent / "_kernels"


def compiler_versions() -> dict[str, str]:
    """What compiled code depends on beyond the sources: numba's, numpy's and Python's versions."""
    import numba
    import numpy

    return {"numba": numba.__version__, "numpy": numpy.__version__,
            "python": f"{sys.version_info[0]}.{sys.version_info[1]}"}


def stamp_prebuilt(folder: Path) -> None:
    """Mark ``folder`` (a filled cache folder) as compiled by the versions running now."""
    (folder / PREBUILT_STAMP).write_text(json.dumps(compiler_versions()))


def prebuilt_matches(folder: Path) -> bool:
    """Whether ``folder`` holds kernels compiled by the numba, numpy and Python running now."""
    try:
        return bool(json.loads((folder / PREBUILT_STAMP).read_text()) == compiler_versions())
    except (OSError, ValueError):
        return False


def _start_from_prebuilt(folder: Path) -> None:
    """Fill the new cache ``folder`` with a copy of this version's prebuilt kernels, if there
    are any that numba here can use. The copy is made beside it and renamed into place, so a
    process starting at the same time sees either nothing or the whole copy."""
    root = prebuilt_root()
    source = root / f"kernels-{folder.name.rsplit('-', 1)[1]}" if root is not None else None
    if source is None or not source.is_dir() or not prebuilt_matches(source):
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = folder.parent / f".{folder.name}.{os.getpid()}.partial"
    try:
        shutil.copytree(source, partial, ignore=shutil.ignore_patterns(PREBUILT_STAMP))
        partial.rename(folder)
    except OSError:  # another process was first, or no room: numba compiles what is missing
        shutil.rmtree(partial, ignore_errors=True)


def _prune(folder: Path) -> None:
    """Remove all but the ``KEEP`` most recently used sibling kernel folders."""
    prefix = folder.name.rsplit("-", 1)[0] + "-"
    siblings = [p for p in folder.parent.iterdir() if p.is_dir() and p.name.startswith(prefix)]
    siblings.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for old in siblings[KEEP:]:
        if old != folder:
            shutil.rmtree(old, ignore_errors=True)


@contextmanager
def kernel_cache() -> Iterator[None]:
    """Define the kernels inside this block: numba picks each function's cache folder when it is
    decorated, from ``numba.config.CACHE_DIR``, which is restored afterwards (other numba code
    in the process keeps its own cache location). ``aceten.search``'s kernels are decorated
    in it when numba is first needed (:mod:`aceten.rules.lazy_numba`), which happens here
    first, so that a kernel defined in the block may call them."""
    from aceten.rules import lazy_numba

    lazy_numba.materialize()  # (enters this block itself first, to decorate them)
    from numba.core import config

    previous = config.CACHE_DIR
    try:
        folder = cache_dir()
        fresh = not folder.exists()
        if fresh:
            _start_from_prebuilt(folder)
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)  # marks it as recently used for _prune
        if fresh:
            _prune(folder)
    except OSError:
        yield  # numba's default location
        return
    config.CACHE_DIR = str(folder)
    try:
        yield
    finally:
        config.CACHE_DIR = previous
        one_signature_each()


def _module_name(source: str) -> str:
    return "aceten." + source.removesuffix(".py").replace("/", ".")


def one_signature_each() -> None:
    """Let every entry kernel loaded so far compile one version per argument type, not one more
    per constant.

    numba types a constant argument in a call between kernels as a literal (``Literal[int](1)``,
    not ``int64``) and compiles the callee, and everything it calls, once more for that
    constant: ``principal_variation``'s ``alphabeta(..., 1, ..., -1)`` cost a second compile of
    the whole search, a third of the first solve's compile time. The entry kernels — those
    compiled ``nogil``, which Python calls (``alphabeta``, ``exact_value``, ...) — type integer
    constants as plain integers here, so a kernel calling another entry shares the version
    Python uses. Every other kernel keeps numba's literal copies: the code the search runs is
    the same as before, with the branches on a constant (a table store with no move) pruned.
    ``_aceten_one_signature`` on each kernel says which rule it follows.
    """
    from numba.core.registry import CPUDispatcher

    for source in KERNEL_SOURCES:
        module = sys.modules.get(_module_name(source))
        for value in vars(module).values() if module is not None else ():
            if isinstance(value, CPUDispatcher) and not hasattr(value, "_aceten_one_signature"):
                value._aceten_one_signature = bool(value.targetoptions.get("nogil", False))
                if value._aceten_one_signature:
                    _type_integer_constants_as_integers(value)


def _type_integer_constants_as_integers(dispatcher: Any) -> None:
    from numba.core import types as nbtypes

    typed = dispatcher.get_call_template

    def get_call_template(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        def plain(t: Any) -> Any:
            return t.literal_type if isinstance(t, nbtypes.IntegerLiteral) else t

        return typed(tuple(plain(a) for a in args), {k: plain(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
