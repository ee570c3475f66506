"""Grundy's game: split a heap into two heaps of different sizes.

**Rules.**  A position is a collection of heaps.  A move picks one heap and
splits it into two non-empty heaps of *different* sizes (7 may become
1 + 6, 2 + 5 or 3 + 4, but 6 may not become 3 + 3).  Heaps of 1 and 2 cannot
be split.  The player who cannot move loses.

A move turns one heap into a sum of two independent heaps, so the value of a
heap is ``f(n) = mex{ f(a) ⊕ f(n - a) : 1 <= a < n/2 }`` (the value of a sum
is the nim sum of its parts — the essay's Lemma 3.3 with the Sprague–Grundy
theorem, Thm 4.2 — and the MEX principle).  The source chapter lists
``f(1 … 8) = 0, 0, 1, 0, 2, 1, 0, 2``;
from 8 the winning move is to 1 + 7, since ``f(1) ⊕ f(7) = 0``.

Nobody knows whether these values are eventually periodic; they have been
computed for heaps in the billions without finding a period.  What makes
such computations possible is the **rare-value (sparse space)** phenomenon
of Winning Ways (ch. 4): call a value *rare* when its binary digits other
than the last hold an even number of 1s (0, 1, 6, 7, 10, 11, …) and
*common* otherwise (2, 3, 4, 5, 8, 9, …).  Rare values are taken by very few
heaps, and a common value can only be the nim sum of one rare and one
common value, so the common options of a heap come from the few pairs that
use a rare heap.  :func:`values` uses this; :func:`values_plain` is the plain
MEX loop over every split, its brute-force twin.

The first :data:`TABLE_SIZE` values, computed once by :func:`values` and
shipped with the package (``data/grundys_game_values.zlib``, one byte a heap),
are read from that table, so a lesson can show 10^5 values at once; the tests
recompute the whole table and compare.  ``values(n, table=False)`` always
computes.

Offers: :func:`options`, :func:`values`, :func:`values_plain`,
:func:`winning_moves`, :func:`rare_heaps`, :data:`MASK`.

>>> values(9)[1:]
[0, 0, 1, 0, 2, 1, 0, 2]
>>> options(8)
[Sum([1, 7]), Sum([2, 6]), Sum([3, 5])]
>>> winning_moves(8)
[Sum([1, 7])]
"""

from __future__ import annotations

import functools
import pathlib
import zlib

from cgteach._validate import as_count, as_heap
from cgteach.impartial import Sum
from cgteach.rulesets.octal import _plain, _sparse

#: Limits, stated once (the README promises 10**6 values in about 25 s).
MAX_N = 10**6  # values(), rare_heaps()
MAX_PLAIN_N = 2 * 10**4  # values_plain() is quadratic
MAX_HEAP = 10**6  # options() and winning_moves() of one heap


__all__ = ["MASK", "TABLE_SIZE", "options", "values", "values_plain", "winning_moves",
           "rare_heaps"]

#: How many values the shipped table holds (heaps 0 … TABLE_SIZE - 1).
TABLE_SIZE = 100_000
_TABLE = pathlib.Path(__file__).parent / "data" / "grundys_game_values.zlib"

#: The sparse-space mask of Grundy's game: every bit except the last
#: (Winning Ways' "0111…"); a value ``v`` is rare when ``v & MASK`` has an
#: even number of 1-bits.
MASK = (1 << 62) - 2


def options(heap: int) -> list[Sum]:
    """Return the splits of ``heap`` into two unequal non-empty heaps, smaller part first.

    >>> options(6)
    [Sum([1, 5]), Sum([2, 4])]
    >>> options(2)
    []
    """
    heap = as_heap(heap, MAX_HEAP)
    return [Sum([a, heap - a]) for a in range(1, (heap + 1) // 2)]


def values_plain(n: int) -> list[int]:
    """Return ``f(0) … f(n-1)`` by the plain MEX loop over all ``n/2`` splits of each heap.

    >>> values_plain(12)
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    """
    n = as_count(n, "n", MAX_PLAIN_N)
    return _plain(n, (), (), (0,), unequal=True)


def values(n: int, *, table: bool = True) -> list[int]:
    """Return the Grundy values ``f(0) … f(n-1)`` of single heaps, by the rare-value method.

    ``f(0)`` is 0 (no heap at all).  Agrees with :func:`values_plain`, and is
    much faster for large ``n``: about 3 s for 10^5 heaps and about a minute
    for 10^6 on a laptop-class machine (the plain loop needs hours), see
    ``benchmarks/bench_grundy.py``.  The pair scans run in numpy when it is
    installed (it comes with matplotlib), else in pure Python.  With
    ``table=True`` (the default) the first :data:`TABLE_SIZE` values come
    from the table shipped with the package, which these same scans made.

    >>> values(21)[13:]
    [3, 2, 1, 3, 2, 4, 3, 0]
    >>> values(21, table=False) == values(21)
    True
    """
    n = as_count(n, "n", MAX_N)
    if not isinstance(table, bool):
        raise TypeError(f"table must be True or False, got {table!r}")
    if table and n <= TABLE_SIZE:
        return list(_shipped()[:n])
    return _sparse(n, (), (), (0,), unequal=True, mask=MASK, twist=False, rare_class=0)


@functools.cache
def _shipped() -> bytes:
    """The shipped table of the first TABLE_SIZE values, one byte a heap."""
    data = zlib.decompress(_TABLE.read_bytes())
    if len(data) != TABLE_SIZE:  # a damaged install: say so rather than answer wrongly
        raise ValueError(f"the table {_TABLE} is damaged (reinstall cgteach)")
    return data


def winning_moves(heap: int) -> list[Sum]:
    """Return the splits of ``heap`` that leave a P-position (nim sum 0).

    >>> winning_moves(7), winning_moves(20)
    ([], [])
    >>> winning_moves(5)
    [Sum([1, 4])]
    """
    heap = as_heap(heap, MAX_HEAP)
    f = values(heap + 1)
    return [s for s in options(heap) if f[s[0]] ^ f[s[1]] == 0]


def rare_heaps(n: int) -> list[int]:
    """Return the heaps ``1 … n-1`` whose value is rare (see the module notes).

    >>> rare_heaps(30)
    [1, 2, 3, 4, 6, 7, 9, 10, 12, 15, 20, 23, 26, 28]
    """
    f = values(as_count(n, "n", MAX_N))
    return [x for x in range(1, len(f)) if (f[x] & MASK).bit_count() % 2 == 0]
