"""numba's decorators, applied only when numba is first needed.

The solver runs its kernels translated to C (:mod:`aceten.search.native`), so a process that
solves never calls numba's compiled kernels; yet defining them imported numba (about 0.3 s, most
of ``import aceten.search``). The kernel modules decorate with :func:`njit` and
:func:`intrinsic` from here instead: each gives a stand-in that keeps the plain function
(``py_func``, which the C translator and the tests read) and registers itself. The first call
of any stand-in, or an explicit :func:`materialize` (the numba fallback, the environments, the
install-time compile), imports numba, decorates every registered function for real, inside the
context set by :func:`set_context` (the kernel cache's folder), and replaces every stand-in in
the registered namespaces (:func:`register`: the kernel modules' globals) by the real
dispatcher, so numba, compiling a kernel, finds real dispatchers among its globals.

Nothing here imports numba at import time.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

_PENDING: list[Deferred] = []
_NAMESPACES: list[dict[str, Any]] = []
_CONTEXT: list[Callable[[], AbstractContextManager[Any]]] = []
_LOCK = threading.RLock()
_DONE = False
_STARTED = False


class Deferred:
    """What a numba decorator will return, made by :func:`materialize` on first use."""

    def __init__(self, make: Callable[[], Any], py_func: Any = None) -> None:
        self._make = make
        self._real: Any = None
        self.py_func = py_func
        if py_func is not None:
            self.__name__ = py_func.__name__
            self.__qualname__ = py_func.__qualname__
            self.__doc__ = py_func.__doc__
            self.__module__ = py_func.__module__
            self.__wrapped__ = py_func
        _PENDING.append(self)

    def real(self) -> Any:
        """The numba object (numba imported and every stand-in made real first)."""
        if self._real is None:
            materialize()
        return self._real

    def __call__(self, *args: Any) -> Any:
        return self.real()(*args)

    def __getattr__(self, name: str) -> Any:  # .signatures, .targetoptions, ._cache, ...
        if name.startswith("__") or name in ("_make", "_real"):
            raise AttributeError(name)
        return getattr(self.real(), name)

    def __repr__(self) -> str:
        what = self.py_func.__qualname__ if self.py_func is not None else "an attribute"
        return f"<numba kernel {what}, {'compiled' if self._real is not None else 'deferred'}>"


def njit(**options: Any) -> Callable[[Any], Any]:
    """``numba.njit(**options)``, applied at :func:`materialize` (at once if that has run)."""
    def decorate(func: Any) -> Any:
        return _defer(lambda: _numba_njit()(**options)(func), func)

    return decorate


def intrinsic(func: Any) -> Any:
    """``numba.extending.intrinsic(func)``, applied at :func:`materialize`."""
    return _defer(lambda: importlib.import_module("numba.extending").intrinsic(func), func)


def attribute(module: str, name: str) -> Any:
    """A numba object a kernel calls (``numba.cpython.unsafe.numbers.trailing_zeros``), looked
    up at :func:`materialize`."""
    return _defer(lambda: getattr(importlib.import_module(module), name))


def _defer(make: Callable[[], Any], py_func: Any = None) -> Any:
    with _LOCK:
        return make() if _DONE else Deferred(make, py_func)


def register(namespace: dict[str, Any]) -> None:
    """Replace the stand-ins in ``namespace`` (a kernel module's ``globals()``) at
    :func:`materialize`."""
    with _LOCK:
        _NAMESPACES.append(namespace)
        if _DONE:
            _replace(namespace)


def set_context(factory: Callable[[], AbstractContextManager[Any]]) -> None:
    """The context the real decorators run in (``kernel_cache``: numba picks each kernel's cache
    folder when it is decorated)."""
    _CONTEXT[:] = [factory]


def materialize() -> None:
    """Import numba and make every kernel real (once; thread-safe)."""
    global _DONE, _STARTED
    with _LOCK:
        if _DONE or _STARTED:  # done, or this is the context asking while it is set up
            return
        _STARTED = True
        try:
            context = _CONTEXT[0]() if _CONTEXT else nullcontext()
            with context:
                for deferred in _PENDING:
                    deferred._real = deferred._make()
                _DONE = True
                for namespace in _NAMESPACES:
                    _replace(namespace)
        finally:
            _STARTED = _DONE  # a failure (no numba) raises again at the next call, never None
        _PENDING.clear()


def _replace(namespace: dict[str, Any]) -> None:
    for name, value in list(namespace.items()):
        if isinstance(value, Deferred):
            namespace[name] = value.real()


def _numba_njit() -> Any:
    from numba import njit as numba_njit

    return numba_njit
