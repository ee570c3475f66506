"""Subtraction games: take a number of sticks allowed by a fixed set.

**Rules.**  A position is a heap of ``n`` sticks.  A **subtraction set** ``S``
is a finite set of positive integers; a move removes ``s`` sticks for some
``s`` in ``S`` with ``s <= n``.  Whoever takes the last stick wins (normal
play): a player facing a heap from which no ``s`` can be taken loses.

The **1–3 sticks game** of the source chapter is ``S = {1, 2, 3}``: a heap of
``n`` is a losing state (L, a P-position) exactly when ``n % 4 == 0``, and
the winning move is to leave a multiple of 4.

The values of a subtraction game are **eventually periodic**: the value of
heap ``n`` depends only on the ``max(S)`` values before it, and those windows
take finitely many forms, so some window repeats and from then on the values
cycle.  :func:`period` finds the pre-period and the period.

Offers: :data:`STICKS`, :func:`options`, :func:`values`, :func:`win_lose`,
:func:`period`, and the brute-force twin :func:`values_by_search`.

>>> values(STICKS, 10)
[0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
>>> win_lose(STICKS, 9)
'LWWWLWWWL'
>>> period({2, 3, 5})
(0, 7)
"""

from __future__ import annotations

from collections.abc import Iterable

from cgteach._validate import as_count, as_heap, show
from cgteach.nimbers import _mex

#: Limits, stated once: values() and win_lose() are one pass over the heaps.
MAX_N = 10**6
MAX_SEARCH_N = 10**4  # values_by_search goes through the general engine


__all__ = ["STICKS", "options", "values", "win_lose", "period", "values_by_search"]

#: The subtraction set of the 1–3 sticks game.
STICKS = frozenset({1, 2, 3})


def _as_set(subtraction_set) -> tuple[int, ...]:
    """Return the subtraction set as a sorted tuple of positive ints, or raise."""
    if isinstance(subtraction_set, (str, bytes)) or not isinstance(subtraction_set, Iterable):
        raise TypeError(
            "subtraction_set must be a collection of positive integers such as {1, 2, 3}, "
            f"got {show(subtraction_set)}"
        )
    given = list(subtraction_set)
    cleaned = set()
    for s in given:
        s = as_count(s, "each number in the subtraction set")
        if s == 0:
            raise ValueError(
                "the subtraction set may not contain 0 (taking no sticks is not a move); "
                f"got {show(given)}"
            )
        cleaned.add(s)
    if not cleaned:
        raise ValueError("the subtraction set is empty: give at least one number, e.g. {1, 2, 3}")
    return tuple(sorted(cleaned))


def options(heap: int, subtraction_set=STICKS) -> list[int]:
    """Return the heaps one move away from ``heap``, largest first.

    >>> options(5, {1, 2, 3})
    [4, 3, 2]
    >>> options(1, {2, 3})
    []
    """
    heap = as_heap(heap)
    return [heap - s for s in _as_set(subtraction_set) if s <= heap]


def values(subtraction_set, n: int) -> list[int]:
    """Return the Grundy values of heaps ``0 … n-1`` (a list of ``n`` ints).

    >>> values({1, 2, 3}, 8)
    [0, 1, 2, 3, 0, 1, 2, 3]
    >>> values({1, 4}, 11)
    [0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0]
    """
    moves = _as_set(subtraction_set)
    n = as_count(n, "n", MAX_N)
    g: list[int] = []
    for _ in range(n):
        _extend(g, moves)
    return g


def _extend(g: list[int], moves: tuple[int, ...]) -> None:
    """Append the value of the next heap, ``len(g)``: the MEX of the values it can reach."""
    h = len(g)
    g.append(_mex({g[h - s] for s in moves if s <= h}))


def values_by_search(subtraction_set, n: int) -> list[int]:
    """Brute-force twin of :func:`values`: the general engine on each heap.

    >>> values_by_search({1, 2, 3}, 6)
    [0, 1, 2, 3, 0, 1]
    """
    from cgteach.impartial import grundy

    moves = _as_set(subtraction_set)
    n = as_count(n, "n", MAX_SEARCH_N)
    cache: dict = {}
    return [grundy(h, lambda k: [k - s for s in moves if s <= k], cache=cache) for h in range(n)]


def win_lose(subtraction_set, n: int) -> str:
    """Return ``"W"``/``"L"`` for heaps ``0 … n-1`` as one string (the source's strip).

    ``L`` marks a losing state (P-position, value 0), ``W`` a winning one.

    >>> win_lose({1, 2, 3}, 16)
    'LWWWLWWWLWWWLWWW'
    """
    return "".join("L" if v == 0 else "W" for v in values(subtraction_set, n))


def period(subtraction_set, *, max_n: int = 1_000_000) -> tuple[int, int]:
    """Return ``(preperiod, period)`` of the game's Grundy values.

    ``g(n + period) == g(n)`` for every ``n >= preperiod``, and both numbers
    are the least possible.  ``max_n`` caps the search (a ``ValueError``
    says so if it is reached).

    >>> period({1, 2, 3})
    (0, 4)
    >>> period({2, 5, 7})
    (0, 22)
    >>> period({2, 4, 7})          # eight irregular values, then 1, 0, 2 forever
    (8, 3)
    >>> values({2, 4, 7}, 14)
    [0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2]
    """
    moves = _as_set(subtraction_set)
    max_n = as_count(max_n, "max_n", MAX_N)
    k = moves[-1]
    # Algorithm notes: g(h) is the MEX of g(h - s) for s in S, so it is fixed
    # by the window g(h-k) … g(h-1), k = max(S).  Once a window of k values
    # repeats, say at j and at i > j, the whole sequence repeats from j with
    # period i - j.  The first repeat seen gives the least period (every
    # period of a sequence that is periodic from j is a multiple of the
    # least one, and the window at j + least period already equals the one
    # at j).  The least pre-period is then found by walking back from j.
    g: list[int] = []
    seen: dict[tuple[int, ...], int] = {}
    h = 0
    while True:
        if h >= max_n:
            raise ValueError(f"no period found among the first {max_n} heaps; pass a larger max_n")
        _extend(g, moves)
        h += 1
        if h >= k:
            window = tuple(g[h - k : h])
            start = h - k
            if window in seen:
                j = seen[window]
                p = start - j
                e = j
                while e > 0 and g[e - 1] == g[e - 1 + p]:
                    e -= 1
                return e, p
            seen[window] = start
