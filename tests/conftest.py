"""The suite's shared settings: hypothesis profiles, the workers of ``-n auto`` and the
compiled-kernel warm-up.

Hypothesis runs derandomized by default, so plain ``pytest`` tries the same examples on every
machine and every run, with no example database and no per-example deadline (a loaded machine
must not turn a slow example into a failure). ``ACETEN_HYPOTHESIS=explore pytest`` draws fresh
random examples instead and remembers failures in ``.hypothesis/``; a failure found that way
becomes an ``@example`` regression in the test.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# too_slow is a wall-clock check: a busy machine must not fail it.
_NO_CLOCK = [HealthCheck.too_slow]

settings.register_profile("deterministic", derandomize=True, database=None, deadline=None,
                          suppress_health_check=_NO_CLOCK, print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None,
                          suppress_health_check=_NO_CLOCK, print_blob=True)
_PROFILE = os.environ.get("ACETEN_HYPOTHESIS", "deterministic")
if _PROFILE not in ("deterministic", "explore"):
    raise pytest.UsageError(f"ACETEN_HYPOTHESIS={_PROFILE!r}: choose deterministic (the default) or explore")
settings.load_profile(_PROFILE)


MAX_WORKERS = 8  # each worker imports the solver, OR-Tools and the web stack: keep memory sane


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's addopts): one worker per core this process may run on, not per
    core the host has (a container's affinity and CPU quota both count), at most MAX_WORKERS.
    ``pytest -n 0`` runs the suite in one process (for ``--pdb``)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    try:  # cgroup v2: "max 100000" or "<quota> <period>"
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()
        if quota != "max":
            cores = min(cores, max(1, int(quota) // int(period)))
    except (OSError, ValueError):
        pass
    return max(1, min(cores, MAX_WORKERS))


@pytest.fixture(scope="session")
def compiled_kernels() -> None:
    """Build (or load) the solver's kernels before a test that needs them, outside any of its
    timeouts: the C library in some seconds, or, where no C compiler builds it, numba's kernels
    (a cold compile takes two minutes of CPU, more on a busy machine). Without numba the solver's
    extra is not installed (pimc is then unavailable and the default bot is tactics)."""
    if importlib.util.find_spec("numba") is None:
        return
    from kernels_support import warm_kernels

    warm_kernels()
