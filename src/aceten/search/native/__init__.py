"""The solver's kernels compiled by the machine's C compiler, with numba as the fallback.

numba compiles the search on its first use: one to two minutes of CPU, more on a busy machine.
The same kernels translated to C (:mod:`aceten.search.native.translate`, from the very source
numba compiles) build with ``cc -O3`` in about six seconds: at ``pip install -e`` (the build hook,
``hatch_build.py``), else at the first solve, with a line saying so. The library is kept in
``aceten/_kernels/`` (built at install) or ``$XDG_CACHE_HOME/aceten/native/`` (built at first
use), named by a hash of its sources, so an edited kernel is never run stale.

``ACETEN_KERNELS`` chooses: ``auto`` (the default: C where a compiler is found, else numba),
``c`` (C or an error), ``numba`` (numba only).
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from aceten.errors import AcetenError
from aceten.search.kernel_cache import user_cache
from aceten.search.native import build as _build

PACKAGE = Path(__file__).resolve().parents[2]


def cache_folder() -> Path:
    return user_cache() / "native"


def prebuilt_folder() -> Path:
    return PACKAGE / "_kernels"


_LOCK = threading.Lock()
_LOADED: dict[str, Any] = {}


def load(say: Callable[[str], None] | None = None) -> SimpleNamespace | None:
    """The C kernels (``.step``, ``.dds``, ``.batch``, ...: a namespace per kernel module, of
    functions called like the numba ones), built first if need be; None where they cannot be
    (``ACETEN_KERNELS=numba``, or no working compiler: then one line says so on stderr)."""
    choice = os.environ.get("ACETEN_KERNELS", "auto").strip().lower() or "auto"
    if choice not in ("auto", "c", "numba"):
        raise AcetenError(f"ACETEN_KERNELS={choice!r}: use auto, c or numba")
    if choice == "numba":
        return None
    with _LOCK:
        if "lib" in _LOADED:
            return _LOADED["lib"]  # type: ignore[no-any-return]
        try:
            lib = _load(say)
        except (AcetenError, OSError) as err:
            if choice == "c":
                raise AcetenError(f"the C kernels are not available: {err}") from err
            print(f"aceten: the C kernels are not available ({err}); numba compiles the solver "
                  "instead", file=sys.stderr)
            lib = None
        _LOADED["lib"] = lib
        return lib


def _load(say: Callable[[str], None] | None) -> SimpleNamespace:
    name = _build.library_name(_build.source_digest(PACKAGE))
    for folder in (prebuilt_folder(), cache_folder()):
        path = folder / f"{name}.so"
        if path.exists():
            break
    else:
        try:
            path = _build.build(cache_folder(), PACKAGE, say or _say)
        except _build.BuildError as err:
            raise AcetenError(str(err)) from err
    manifest = json.loads(path.with_suffix(".json").read_text())
    return bind(ctypes.CDLL(str(path)), manifest)


def _say(line: str) -> None:
    print(f"aceten: {line}", file=sys.stderr, flush=True)


def bind(cdll: ctypes.CDLL, manifest: dict[str, Any]) -> SimpleNamespace:
    """Python callables over the library's functions, one namespace per kernel module."""
    spaces: dict[str, dict[str, Any]] = {}
    for key, sig in manifest.items():
        module, name = key.split(".", 1)
        spaces.setdefault(module, {})[name] = _wrap(getattr(cdll, sig["c"]), sig["params"],
                                                    sig["ret"], key)
    return SimpleNamespace(**{m: SimpleNamespace(**fns) for m, fns in spaces.items()})


_SCALAR = {"i": ctypes.c_int64, "u": ctypes.c_uint64, "b": ctypes.c_int64, "f": ctypes.c_double}


def _wrap(cfunc: Any, params: list[str], ret: str, key: str) -> Callable[..., Any]:
    argtypes: list[Any] = []
    # per parameter: (-1, "", ()) a scalar, else (dims, dtype kind, the rows' fixed lengths)
    plan: list[tuple[int, str, tuple[int, ...]]] = []
    for p in params:
        if p.startswith("a"):
            shape, _, rows = p[1:].partition(":")
            ndim = int(shape.rstrip("u"))
            argtypes.append(ctypes.c_void_p)
            argtypes.extend([ctypes.c_int64] * ndim)
            plan.append((ndim, "u" if shape.endswith("u") else "i",
                         tuple(int(n) for n in rows.split(",")) if rows else ()))
        else:
            argtypes.append(_SCALAR[p])
            plan.append((-1, "", ()))
    cfunc.argtypes = argtypes
    convert: Callable[[Any], Any] = int
    if ret == "v":
        cfunc.restype = None
        convert = _none
    elif ret.startswith("t:"):
        fields = [(f"f{i}", _SCALAR[c]) for i, c in enumerate(ret[2:])]
        cfunc.restype = type("Tuple", (ctypes.Structure,), {"_fields_": fields})
        names = [f for f, _ in fields]
        convert = lambda r: tuple(getattr(r, f) for f in names)  # noqa: E731
    else:
        cfunc.restype = _SCALAR[ret]
        if ret == "b":
            convert = bool

    def call(*args: Any) -> Any:
        if len(args) != len(plan):
            raise TypeError(f"{key} takes {len(plan)} arguments, not {len(args)}")
        cargs: list[Any] = []
        for spec, a in zip(plan, args):
            if spec[0] < 0:
                cargs.append(a if isinstance(a, float) else int(a))
                continue
            known = _ADDRESSES.get(id(a))
            if known is None or known[0]() is not a or known[2] != spec:
                known = _address(a, spec, key)
            cargs.append(known[1])
            cargs.extend(a.shape)
        return convert(cfunc(*cargs))

    call.__name__ = key.split(".", 1)[1]
    call.__qualname__ = key
    return call


_DTYPES = {"i": "int64", "u": "uint64"}

# The data address of each array passed to a kernel, by the array's id: the solver passes the
# same few arrays (its tables, frames, the position) call after call, and ``ndarray.ctypes``
# costs about a microsecond an array (a small solve makes a dozen calls of eight arrays or
# more). Held by a weak reference, dropped when the array is: an id is reused only after
# that. (No code here resizes an array in place, the one way its address could change.)
_ADDRESSES: dict[int, tuple[Any, int, tuple[int, str, tuple[int, ...]]]] = {}


def _address(a: Any, spec: tuple[int, str, tuple[int, ...]],
             key: str) -> tuple[Any, int, tuple[int, str, tuple[int, ...]]]:
    """Check ``a`` for a kernel's parameter (``spec``: its dimensions, dtype kind and fixed row
    lengths, which the C code indexes by without reading the shape) and note its data address."""
    ndim, dkind, rows = spec
    if a.dtype.kind != dkind or a.dtype.itemsize != 8 or a.ndim != ndim \
            or not a.flags.c_contiguous:
        raise TypeError(f"{key}: arrays must be C-contiguous {_DTYPES[dkind]} of {ndim} "
                        "dimensions")
    if rows and a.shape[1:] != rows:
        raise TypeError(f"{key}: an array of shape {a.shape} where the kernel takes rows of "
                        f"{rows}")
    ident = id(a)
    known = (weakref.ref(a, lambda _ref: _ADDRESSES.pop(ident, None)), int(a.ctypes.data),
             spec)
    _ADDRESSES[ident] = known
    return known


def _none(_r: Any) -> None:
    return None
