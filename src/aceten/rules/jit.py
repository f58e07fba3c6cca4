"""The step functions of :mod:`aceten.rules.step`, compiled by numba (the search extra).

Each function marked ``@kernel`` there is compiled here from the very same code object, with
its globals rebound so that a call to another step function is a call to its compiled twin,
and the two bit helpers use single CPU instructions. The decorators are numba's applied late
(:mod:`aceten.rules.lazy_numba`): importing this module does not import numba; the first call
of a kernel does, inside :func:`aceten.search.kernel_cache.kernel_cache` (set by
``aceten.search``), so that the compiled code is cached per version of its source.
"""

from __future__ import annotations

import types
from typing import Any

from aceten.rules import lazy_numba
from aceten.rules import step as _step
from aceten.rules.lazy_numba import intrinsic, njit

trailing_zeros = lazy_numba.attribute("numba.cpython.unsafe.numbers", "trailing_zeros")


@intrinsic
def _ctpop(typingctx: Any, src: Any) -> Any:
    """The number of set bits (LLVM's ctpop: one instruction where the CPU has it)."""
    from numba import types as nbtypes
    from numba.core import errors

    if not isinstance(src, nbtypes.Integer):
        raise errors.NumbaTypeError(f"popcount takes an integer, not {src}")

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return src(src), codegen


@njit(cache=True, _nrt=False, inline="always")
def low_bit(mask):  # type: ignore[no-untyped-def]
    return trailing_zeros(mask)


@njit(cache=True, _nrt=False, inline="always")
def popcount(mask):  # type: ignore[no-untyped-def]
    return _ctpop(mask)


_NATIVE = {"low_bit": low_bit, "popcount": popcount}


def _compile_all() -> dict[str, Any]:
    namespace = dict(vars(_step))
    namespace.update(_NATIVE)
    compiled: dict[str, Any] = dict(_NATIVE)
    for name, func in vars(_step).items():
        if not hasattr(func, "_kernel_inline") or name in _NATIVE:
            continue
        twin = types.FunctionType(func.__code__, namespace, name, func.__defaults__, func.__closure__)
        twin.__qualname__ = func.__qualname__
        twin.__doc__ = func.__doc__
        inline = "always" if func._kernel_inline else "never"
        compiled[name] = namespace[name] = njit(cache=True, _nrt=False, inline=inline)(twin)
    lazy_numba.register(namespace)  # the twins' globals: compiled twins once numba is in
    return compiled


_COMPILED = _compile_all()
globals().update(_COMPILED)
lazy_numba.register(globals())

# The names other modules import (numba dispatchers).
apply_exchange = _COMPILED["apply_exchange"]
apply_phase_move = _COMPILED["apply_phase_move"]
auction_code = _COMPILED["auction_code"]
auction_level = _COMPILED["auction_level"]
callable_cards = _COMPILED["callable_cards"]
card_points = _COMPILED["card_points"]
choice_code = _COMPILED["choice_code"]
draw = _COMPILED["draw"]
exchange_cards = _COMPILED["exchange_cards"]
higher = _COMPILED["higher"]
lead_bonus = _COMPILED["lead_bonus"]
legal_cards = _COMPILED["legal_cards"]
legal_cards_why = _COMPILED["legal_cards_why"]
phase_choices = _COMPILED["phase_choices"]
phase_code = _COMPILED["phase_code"]
play_card = _COMPILED["play_card"]
play_move = _COMPILED["play_move"]
recount_remaining = _COMPILED["recount_remaining"]
deal_cards = _COMPILED["deal_cards"]
score = _COMPILED["score"]
start_deal = _COMPILED["start_deal"]
suit_mask = _COMPILED["suit_mask"]
trick_bonus = _COMPILED["trick_bonus"]
unique_best = _COMPILED["unique_best"]
winner_index = _COMPILED["winner_index"]
