"""Chomp: bite squares off a chocolate bar whose corner square is poisoned.

**Rules** (Example 3.15 of the slide notes).  A position is a **Ferrers
diagram**: rows of squares, left-aligned, each row no longer than the one
below it, written as the tuple of row lengths from the bottom row up:
``(3, 2, 2)`` is a bottom row of 3 squares with two rows of 2 above it.  The
bottom-left square is **poisoned**.  A move picks any square other than the
poisoned one and eats it together with every square above it and to its
right.  The player who cannot move — facing the poisoned square alone,
``(1,)`` — loses.

(The usual telling says "whoever eats the poisoned square loses"; that is
the same game, since nobody eats it while another move remains.  We leave
it out of the moves so that the game is in normal play.)

A rectangle larger than one square is always an N-position — by a
strategy-stealing argument, not by a known winning move.

Offers: :func:`normalize`, :func:`rectangle`, :func:`options`,
:func:`grundy_value`, :func:`value_table`, :func:`winning_moves`.

>>> options((2, 1))
[(1, 1), (2,)]
>>> grundy_value((2, 2)), grundy_value((3, 3, 3))
(2, 5)
"""

from __future__ import annotations

from cgteach._validate import as_count, check_size, show

#: Limits, stated once: Chomp is valued by search, which grows like
#: binomial(rows + cols, rows), so diagrams stay small.
MAX_ROWS = 12
MAX_COLS = 12

__all__ = ["normalize", "rectangle", "options", "grundy_value", "value_table", "winning_moves"]

_CACHE: dict = {}


def normalize(position) -> tuple[int, ...]:
    """Check a Ferrers diagram and return it as a tuple of positive, non-increasing row lengths.

    >>> normalize([3, 2, 0])
    (3, 2)
    >>> normalize((2, 3))
    Traceback (most recent call last):
    ...
    ValueError: row 1 (length 3) is longer than the row below it (length 2); \
rows must not get longer going up
    """
    if isinstance(position, (str, bytes)) or not hasattr(position, "__iter__"):
        raise TypeError(f"a Chomp position is a tuple of row lengths, got {show(position)}")
    rows = [as_count(r, f"row {i} length") for i, r in enumerate(position)]
    check_size(sum(rows), MAX_ROWS * MAX_COLS, "the number of squares")
    while rows and rows[-1] == 0:
        rows.pop()
    if not rows:
        raise ValueError("a Chomp position keeps at least the poisoned square: use (1,)")
    for i in range(1, len(rows)):
        if rows[i] > rows[i - 1]:
            raise ValueError(
                f"row {i} (length {rows[i]}) is longer than the row below it "
                f"(length {rows[i - 1]}); rows must not get longer going up"
            )
        if rows[i] == 0:
            raise ValueError(f"row {i} is empty but a row above it is not")
    return tuple(rows)


def rectangle(rows: int, cols: int) -> tuple[int, ...]:
    """Return the full ``rows × cols`` bar.

    >>> rectangle(2, 3)
    (3, 3)
    """
    rows = as_count(rows, "rows", MAX_ROWS)
    return normalize([as_count(cols, "cols", MAX_COLS)] * rows)


def options(position) -> list[tuple[int, ...]]:
    """Return the diagrams one bite away, biting row by row from the bottom, left to right.

    >>> options((2,))
    [(1,)]
    """
    rows = normalize(position)
    return _options(rows)


def _options(rows):
    result = []
    for r, length in enumerate(rows):
        for c in range(length):
            if r == 0 and c == 0:
                continue
            new = list(rows[:r]) + [min(x, c) for x in rows[r:]]
            while new and new[-1] == 0:
                new.pop()
            result.append(tuple(new))
    return result


def grundy_value(position) -> int:
    """Return the Grundy value of a diagram (memoised search shared across calls).

    >>> grundy_value((1,)), grundy_value((2,)), grundy_value((1, 1)), grundy_value((2, 1))
    (0, 1, 1, 0)
    """
    from cgteach.impartial import grundy

    return grundy(normalize(position), _options, cache=_CACHE)


def value_table(rows: int, cols: int) -> list[list[int]]:
    """Return the values of the rectangles up to ``rows × cols``; ``[m-1][n-1]`` is ``m × n``.

    >>> value_table(3, 3)
    [[0, 1, 2], [1, 2, 4], [2, 4, 5]]
    """
    rows = as_count(rows, "rows", MAX_ROWS)
    cols = as_count(cols, "cols", MAX_COLS)
    return [[grundy_value(rectangle(m, n)) for n in range(1, cols + 1)] for m in range(1, rows + 1)]


def winning_moves(position) -> list[tuple[int, ...]]:
    """Return the bites that leave a P-position.

    >>> winning_moves((2, 2))
    [(2, 1)]
    """
    return [p for p in options(position) if grundy_value(p) == 0]
