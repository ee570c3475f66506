"""Staircase Nim: move coins down a staircase.

**Rules** (source notes, section 4).  A staircase has steps ``0 … n-1``, each
holding some coins; a position is the tuple of coin counts, step 0 first.
A move picks a step ``i > 0`` holding coins and moves one or more of its
coins down to step ``i - 1``.  Coins on step 0 are out of play.  The player
who cannot move (all coins on step 0) loses.

Only the odd steps matter: the game is Nim on the coins of steps 1, 3, 5,
…  A move from an odd step to an even one is taking from that Nim heap; a
move from an even step to an odd one can be undone by moving the same coins
one step further.  So the value is the nim sum of the odd steps.

Offers: :func:`options`, :func:`grundy_value`, :func:`winning_moves`, and
the brute-force twin :func:`grundy_by_search`.

>>> grundy_value((0, 3, 5, 1)), grundy_by_search((0, 3, 5, 1))
(2, 2)
"""

from __future__ import annotations

from cgteach._validate import as_heaps, show

__all__ = ["options", "grundy_value", "grundy_by_search", "winning_moves"]


def _as_stairs(position) -> tuple[int, ...]:
    if not isinstance(position, (tuple, list)):
        raise TypeError(
            f"a staircase is a tuple of coin counts, step 0 first; got "
            f"{show(position)}"
        )
    return as_heaps(position)


def options(position) -> list[tuple[int, ...]]:
    """Return the positions one move away (step by step, fewest coins moved first).

    >>> options((0, 2))
    [(1, 1), (2, 0)]
    """
    stairs = _as_stairs(position)
    result = []
    for i in range(1, len(stairs)):
        for k in range(1, stairs[i] + 1):
            new = list(stairs)
            new[i] -= k
            new[i - 1] += k
            result.append(tuple(new))
    return result


def grundy_value(position) -> int:
    """Return the nim sum of the coins on the odd steps.

    >>> grundy_value((9, 1, 7, 1))
    0
    """
    stairs = _as_stairs(position)
    value = 0
    for coins in stairs[1::2]:
        value ^= coins
    return value


def grundy_by_search(position) -> int:
    """Brute-force twin of :func:`grundy_value`: the MEX recursion of the engine.

    >>> grundy_by_search((0, 1, 2))
    1
    """
    from cgteach.impartial import grundy

    return grundy(_as_stairs(position), options)


def winning_moves(position) -> list[tuple[int, ...]]:
    """Return the moves that leave nim sum 0 on the odd steps.

    >>> winning_moves((0, 3, 0, 1))
    [(2, 1, 0, 1)]
    """
    return [p for p in options(position) if grundy_value(p) == 0]
