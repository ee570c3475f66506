"""Wythoff's game: two heaps; take from one, or the same number from both.

**Rules** (source notes, section 5).  A position is a pair of heaps
``(a, b)``.  A move removes any positive number of counters from one heap,
or the same positive number from both.  The player who takes the last
counter wins.  Equivalently a chess queen moves south, west or south-west
towards the corner ``(0, 0)``, and whoever reaches the corner wins.

A **cold** position is a P-position (the player to move loses), a **hot**
one an N-position.  Wythoff showed that the cold positions with ``a <= b``
are ``(a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k)`` for ``k = 0, 1, 2, …`` with ``φ`` the
golden ratio: ``(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), …``.
We compute ``⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋`` with the integer square root, so it
stays exact for any ``k`` (floats go wrong near ``k = 10^16``).

Offers: :func:`options`, :func:`cold_positions`, :func:`is_cold`,
:func:`grundy_table`, :func:`winning_moves`.

>>> cold_positions(6)
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> is_cold(1, 2), is_cold(2, 2)
(True, False)
"""

from __future__ import annotations

from math import isqrt

from cgteach._validate import as_count, check_size, show
from cgteach.nimbers import _mex

#: Limits, stated once.
MAX_K = 10**6  # cold_positions
MAX_TABLE = 300  # grundy_table is cubic
MAX_OPTIONS = 10**6  # options() lists every move


__all__ = ["options", "cold_positions", "is_cold", "grundy_table", "winning_moves"]


def _as_pair(position) -> tuple[int, int]:
    if not isinstance(position, tuple) or len(position) != 2:
        raise TypeError(f"a Wythoff position is a pair of heaps (a, b), got {show(position)}")
    return as_count(position[0], "heap a"), as_count(position[1], "heap b")


def options(position) -> list[tuple[int, int]]:
    """Return the positions one move away: from ``a``, from ``b``, then from both.

    >>> options((1, 2))
    [(0, 2), (1, 0), (1, 1), (0, 1)]
    """
    a, b = _as_pair(position)
    check_size(a + b, MAX_OPTIONS, "a + b (the number of moves to list)")
    return (
        [(i, b) for i in range(a)]
        + [(a, j) for j in range(b)]
        + [(a - d, b - d) for d in range(1, min(a, b) + 1)]
    )


def _lower(k: int) -> int:
    # Algorithm notes: ⌊kφ⌋ = ⌊(k + k√5) / 2⌋.  Since k√5 is irrational for
    # k > 0, with s = isqrt(5k²) we have s < k√5 < s + 1, and halving keeps
    # the floor: ⌊(k + k√5)/2⌋ = (k + s) // 2.  Integers only, so exact.
    return (k + isqrt(5 * k * k)) // 2


def cold_positions(k: int) -> list[tuple[int, int]]:
    """Return the first ``k`` cold (P-) positions ``(a, b)`` with ``a <= b``.

    >>> cold_positions(3)
    [(0, 0), (1, 2), (3, 5)]
    >>> cold_positions(11)[-1]
    (16, 26)
    """
    k = as_count(k, "k", MAX_K)
    return [(_lower(i), _lower(i) + i) for i in range(k)]


def is_cold(a: int, b: int) -> bool:
    """Return whether ``(a, b)`` (in either order) is a cold position.

    >>> [n for n in range(12) if is_cold(3, n)]
    [5]
    """
    a = as_count(a, "heap a")
    b = as_count(b, "heap b")
    a, b = min(a, b), max(a, b)
    return _lower(b - a) == a


def winning_moves(position) -> list[tuple[int, int]]:
    """Return the moves from ``position`` to a cold position.

    >>> winning_moves((4, 4)), winning_moves((3, 5))
    ([(0, 0)], [])
    """
    return [p for p in options(position) if is_cold(*p)]


def grundy_table(n: int) -> list[list[int]]:
    """Return the Grundy values of all positions ``(a, b)`` with ``a, b < n`` (brute force).

    Entry ``[a][b]`` is the MEX of the values to its left, below it, and on
    its diagonal; the zeros are exactly the cold positions.

    >>> for row in grundy_table(4):
    ...     print(row)
    [0, 1, 2, 3]
    [1, 2, 0, 4]
    [2, 0, 1, 5]
    [3, 4, 5, 6]
    """
    n = as_count(n, "n", MAX_TABLE)
    g = [[0] * n for _ in range(n)]
    for a in range(n):
        for b in range(n):
            seen = {g[i][b] for i in range(a)}
            seen.update(g[a][j] for j in range(b))
            seen.update(g[a - d][b - d] for d in range(1, min(a, b) + 1))
            g[a][b] = _mex(seen)
    return g
