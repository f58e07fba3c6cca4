"""The solver's C kernels for the tests (``aceten.search.native``): built once, or skipped where
the machine has no C compiler (CI has one: there every C test runs)."""

from __future__ import annotations

from typing import Any

import pytest


def native_kernels() -> Any:
    from aceten.search import native
    from aceten.search.native import build

    if build.compiler() is None:
        pytest.skip("no C compiler: the solver runs on numba")
    lib = native.load()
    assert lib is not None, "a C compiler is there, yet the C kernels did not load"
    return lib
