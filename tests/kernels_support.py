"""The compiled kernels made ready before the tests that need them (see ``compiled_kernels`` in
conftest.py): the C library built (or numba's kernels compiled) into the on-disk cache on the
first run after a change, loaded from it afterwards, so a subprocess or server worker started by
a test loads them in seconds."""

from __future__ import annotations


def warm_kernels() -> None:
    """Compile or load the solver's kernels (all the pimc player and ``aceten play`` use)."""
    from aceten.agents.pimc import warm_up

    warm_up()
