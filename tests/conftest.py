"""The suite's shared settings: hypothesis profiles and the compiled-kernel warm-up.

Hypothesis runs derandomized by default, so plain ``pytest`` tries the same examples on every
machine and every run, with no example database and no per-example deadline (a loaded machine
must not turn a slow example into a failure). ``ACETEN_HYPOTHESIS=explore pytest`` draws fresh
random examples instead and remembers failures in ``.hypothesis/``; a failure found that way
becomes an ``@example`` regression in the test.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# too_slow is a wall-clock check: a busy machine must not fail it.
_NO_CLOCK = [HealthCheck.too_slow]

settings.register_profile("deterministic", derandomize=True, database=None, deadline=None,
                          suppress_health_check=_NO_CLOCK, print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None,
                          suppress_health_check=_NO_CLOCK, print_blob=True)
settings.load_profile(os.environ.get("ACETEN_HYPOTHESIS", "deterministic"))


@pytest.fixture(scope="session")
def compiled_kernels() -> None:
    """Compile (or load from the cache) the numba kernels before a test that needs them, outside
    any of its timeouts: a cold compile takes a minute and a half on an idle machine and several
    minutes on a busy one. Skips when numba is not installed."""
    pytest.importorskip("numba")
    from kernels_support import warm_kernels

    warm_kernels()
