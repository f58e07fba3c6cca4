"""Search: an exact double-dummy solver for the four games and batch simulation.

Its kernels are written once, in Python, and built as C at install or else at their first use
(:mod:`aceten.search.native`); numba compiles the same source where no C compiler is found.

    >>> import aceten
    >>> from aceten import search
    >>> g = aceten.new_game("klaverjas", seed=3, trump="H")
    >>> result = search.solve(g)
    >>> result.value == result.moves[0].value + result.moves[0].loss
    True

``solve(game)`` needs a perfect-information position (a :class:`~aceten.game.Game`: every hand
and the stock order are known) in its play phase. This package imports numpy; ``import aceten``
does not. numba is imported only when its kernels are first called (where no C compiler built
the solver, and for the environments; :mod:`aceten.rules.lazy_numba`). See ``docs/search.md``
for what the values mean in each game; numba's compiled kernels are cached per version of their
source (:mod:`aceten.search.kernel_cache`).
"""

from aceten.rules import lazy_numba as _lazy_numba
from aceten.search import kernel_cache as _kernel_cache

# numba's decorators run, at the first call of a kernel, with the kernels' cache folder set
_lazy_numba.set_context(_kernel_cache.kernel_cache)

from aceten.rules import jit  # noqa: E402, F401  (the step function, compiled)
from aceten.search import batch, dds, endgame, kernels, rng  # noqa: E402, F401
from aceten.search.solver import (  # noqa: E402
    MoveValue,
    Solution,
    Solver,
    TargetAnswer,
    default_solver,
    solve,
)

__all__ = ["MoveValue", "Solution", "Solver", "TargetAnswer", "default_solver", "solve"]
