"""Search: an exact double-dummy solver for the four games and batch simulation, compiled with numba.

    >>> import aceten
    >>> from aceten import search
    >>> g = aceten.new_game("klaverjas", seed=3, trump="H")
    >>> result = search.solve(g)
    >>> result.value == result.moves[0].value + result.moves[0].loss
    True

``solve(game)`` needs a perfect-information position (a :class:`~aceten.game.Game`: every hand
and the stock order are known) in its play phase. This package imports numba and numpy;
``import aceten`` does not. See ``docs/search.md`` for what the values mean in each game; the
compiled kernels are cached per version of their source (:mod:`aceten.search.kernel_cache`).
"""

from aceten.search import kernel_cache as _kernel_cache

with _kernel_cache.kernel_cache():  # every kernel module is first imported here, with its cache folder set
    from aceten.rules import jit  # noqa: F401  (the step function, compiled)
    from aceten.search import batch, dds, endgame, kernels, rng  # noqa: F401
    from aceten.search.solver import MoveValue, Solution, Solver, TargetAnswer, default_solver, solve

__all__ = ["MoveValue", "Solution", "Solver", "TargetAnswer", "default_solver", "solve"]
