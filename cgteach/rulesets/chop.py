"""Chop: cut a chocolate bar along a grid line and keep one piece.

**Rules** (Example 3.14 of the slide notes).  A position is a rectangle of
``rows × cols`` squares, written ``(rows, cols)``.  A move cuts the bar along
one grid line, horizontally or vertically, into two pieces and throws one
away: ``(m, n)`` becomes ``(i, n)`` with ``1 <= i < m`` or ``(m, j)`` with
``1 <= j < n``.  The single square ``(1, 1)`` cannot be cut, so the player
facing it loses.

Chop is Nim in disguise: cutting rows is taking from a heap of ``m - 1``
stones, cutting columns from a heap of ``n - 1``, so the value of ``(m, n)``
is ``(m - 1) ⊕ (n - 1)``.  The slide notes work out the small cases by the
MEX principle: a single square is ``*0``; a 1×2 bar ``*1``; 1×3 ``*2``; 1×4
``*3``; 2×2 ``{*1, *1} = *0``; 2×3 ``{*0, *1, *2} = *3``; 2×4
``{*0, *1, *3} = *2``.

Offers: :func:`options`, :func:`grundy_value`, :func:`value_table`,
:func:`winning_moves`, and the brute-force twin :func:`grundy_by_search`.

>>> grundy_value((2, 4)), grundy_by_search((2, 4))
(2, 2)
>>> options((2, 3))
[(1, 3), (2, 1), (2, 2)]
"""

from __future__ import annotations

from cgteach._validate import as_count, check_size, show

#: Limits, stated once.
MAX_OPTIONS = 10**6  # options() lists every cut
MAX_TABLE = 10**6  # cells of value_table()
MAX_SEARCH = 10**4  # cells of a bar valued by grundy_by_search()

__all__ = ["options", "grundy_value", "grundy_by_search", "value_table", "winning_moves"]


def _as_bar(position) -> tuple[int, int]:
    if not isinstance(position, tuple) or len(position) != 2:
        raise TypeError(f"a Chop position is a pair (rows, cols), got {show(position)}")
    m = as_count(position[0], "rows")
    n = as_count(position[1], "cols")
    if m == 0 or n == 0:
        raise ValueError(f"a bar has at least one row and one column, got {show(position)}")
    return m, n


def options(position) -> list[tuple[int, int]]:
    """Return the bars one cut away: fewer rows first, then fewer columns.

    >>> options((1, 1))
    []
    """
    m, n = _as_bar(position)
    check_size(m + n, MAX_OPTIONS, "rows + cols (the number of cuts to list)")
    return [(i, n) for i in range(1, m)] + [(m, j) for j in range(1, n)]


def grundy_value(position) -> int:
    """Return ``(rows - 1) ⊕ (cols - 1)``, the value of the bar.

    >>> [grundy_value((1, n)) for n in range(1, 5)]
    [0, 1, 2, 3]
    """
    m, n = _as_bar(position)
    return (m - 1) ^ (n - 1)


def grundy_by_search(position) -> int:
    """Brute-force twin of :func:`grundy_value`: the MEX recursion of the engine.

    >>> grundy_by_search((3, 5))
    6
    """
    from cgteach.impartial import grundy

    return grundy(_as_bar(position), options)


def value_table(rows: int, cols: int) -> list[list[int]]:
    """Return the values of every bar up to ``rows × cols``; entry ``[m-1][n-1]`` is ``m × n``.

    >>> value_table(2, 4)
    [[0, 1, 2, 3], [1, 0, 3, 2]]
    """
    rows = as_count(rows, "rows")
    cols = as_count(cols, "cols")
    check_size(rows * cols, MAX_TABLE, "rows * cols")
    return [[(m - 1) ^ (n - 1) for n in range(1, cols + 1)] for m in range(1, rows + 1)]


def winning_moves(position) -> list[tuple[int, int]]:
    """Return the cuts that leave a bar of value 0 (a square bar).

    >>> winning_moves((2, 5)), winning_moves((3, 3))
    ([(2, 2)], [])
    """
    return [p for p in options(position) if grundy_value(p) == 0]
