"""Domineering: a partizan game of dominoes on a board.

*Partizan* (the two players have different moves; values are canonical
games from :mod:`cgteach.games`, not nimbers).

A position is a board of free and taken cells, written as rows of ``.``
(free) and ``#`` (taken).  **Left** (Blue) places a domino on two free cells
one above the other (**vertical**); **Right** (Red) places one on two free
cells side by side (**horizontal**).  Whoever cannot place a domino loses.

Two cells in different *regions* (groups of free cells joined up, down,
left or right) can never be covered by one domino, so the regions are played
independently and the value of the board is the sum of their values.

The value is found by searching each region's options, with a table of the
regions met so far (a *transposition table*: each region, moved to the
corner, is valued once, and a region and its mirror images, turned over top
to bottom or left to right, share one entry; a region turned on its side is
the same game with the players swapped, so it is the negative).

Offers :class:`Domineering` (``.left_options()``, ``.right_options()``,
``.value()``, ``.outcome()``, ``.regions()``, save and load, a drawing) and
:func:`value_by_search`, the plain memoised search kept as the brute-force
twin.

>>> from cgteach.rulesets.domineering import Domineering
>>> Domineering(["..", ".."]).value(), Domineering.rectangle(1, 2).value()
(parse('±1'), parse('-1'))
>>> Domineering.rectangle(2, 3).value(), Domineering.rectangle(3, 3).value()
(parse('{2|-1/2}'), parse('±1'))
>>> Domineering([".#.", "..."]).regions()
[Domineering(['.#.', '...'])]
>>> Domineering(["..#.", "..#."]).regions()
[Domineering(['..', '..']), Domineering(['.', '.'])]
"""

from __future__ import annotations

from functools import cache

from cgteach._pictures import Pictured, drawer
from cgteach._validate import show as _show
from cgteach.rulesets._grid import (
    GridPosition,
    check_sides,
    components,
    crop,
    read_rows,
    split_masks,
)
from cgteach.rulesets._grid import total as _total
from cgteach.rulesets._partizan import PartizanPosition

__all__ = ["Domineering", "value_by_search", "MAX_CELLS", "MAX_SIDE"]

#: Largest region (free cells joined up) :meth:`Domineering.value` searches;
#: a bigger one is refused at once, saying its size and this limit.
#:
#: Measured (issue 39) in processor time, each board in a fresh process (an
#: empty table), on the 2-core machine while it was heavily loaded: the
#: slowest shapes of each size among the near-square boards of 4 to 7 columns
#: with a part row (benchmarks/bench_limits.py) took 1.0 s at 20 cells, 2.3 s
#: at 21, **3.6 s at 22** (``['.....'] * 4 + ['#..##']``) and 8.1 s at 23
#: (``['....'] * 5 + ['...#']``); the issue's 25-cell board took 17.7 s.  Each
#: cell more multiplies the time by about 2.2, so 22 is the largest size whose
#: slowest board is valued within about 5 s.
MAX_CELLS = 22
#: The most positions :func:`value_by_search` (the brute-force twin) visits
#: before it stops with a ``ValueError`` (counted, not timed).
MAX_TWIN_POSITIONS = 50_000
#: Longest side of a board (rows or columns) accepted at all.
MAX_SIDE = 64

_FREE, _TAKEN = ".", "#"


class Domineering(Pictured, GridPosition, PartizanPosition):
    """A Domineering position: rows of ``"."`` (free) and ``"#"`` (taken).

    ``rows`` is a list of equal-length strings, or one string with a row a
    line.  Left (Blue) places vertical dominoes, Right (Red) horizontal ones.
    Immutable and hashable; ``repr`` round-trips.

    >>> d = Domineering(["...", ".#."])
    >>> d.left_options()
    [Domineering(['#..', '##.']), Domineering(['..#', '.##'])]
    >>> len(d.right_options()), d.value(), d.outcome()
    (2, parse('0'), 'P')
    >>> Domineering(["..", ".x"])
    Traceback (most recent call last):
    ...
    ValueError: row 2 of the board has the character 'x' at column 2; use '.' for a free cell ...
    """

    __slots__ = ("_rows",)
    _KIND, _FIELD, _NAME = "domineering", "rows", "Domineering"

    def __init__(self, rows):
        object.__setattr__(self, "_rows", _read_rows(rows))

    def __delattr__(self, name):
        raise AttributeError("Domineering positions are immutable: a move returns a new one")

    @classmethod
    def rectangle(cls, m: int, n: int) -> Domineering:
        """The empty board of ``m`` rows and ``n`` columns.

        >>> Domineering.rectangle(2, 3)
        Domineering(['...', '...'])
        """
        check_sides(m, n, "cell", MAX_SIDE)
        return cls([_FREE * n] * m)

    # -- the board ---------------------------------------------------------
    def free_cells(self) -> list:
        """The free cells as ``(row, column)`` pairs, row by row."""
        rows = self._rows
        return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == _FREE]

    # -- moves -----------------------------------------------------------------
    def _place(self, cells) -> Domineering:
        rows = [list(r) for r in self._rows]
        for r, c in cells:
            rows[r][c] = _TAKEN
        return Domineering(["".join(r) for r in rows])

    def left_moves(self) -> list:
        """Left's moves: the top cell ``(row, column)`` of each vertical domino she may place."""
        rows = self._rows
        return [
            (r, c)
            for r in range(len(rows) - 1)
            for c in range(len(rows[r]))
            if rows[r][c] == _FREE and rows[r + 1][c] == _FREE
        ]

    def right_moves(self) -> list:
        """Right's moves: the left cell ``(row, column)`` of each horizontal domino."""
        rows = self._rows
        return [
            (r, c)
            for r in range(len(rows))
            for c in range(len(rows[r]) - 1)
            if rows[r][c] == _FREE and rows[r][c + 1] == _FREE
        ]

    def play_left(self, cell) -> Domineering:
        """The position after Left places a vertical domino with top cell ``cell``.

        ``cell`` is a pair ``(row, column)`` of whole numbers counted from 0.
        """
        r, c = _cell(cell)
        if (r, c) not in set(self.left_moves()):
            raise ValueError(f"Left cannot place a vertical domino with top cell {(r, c)} here")
        return self._place([(r, c), (r + 1, c)])

    def play_right(self, cell) -> Domineering:
        """The position after Right places a horizontal domino with left cell ``cell``.

        ``cell`` is a pair ``(row, column)`` of whole numbers counted from 0.
        """
        r, c = _cell(cell)
        if (r, c) not in set(self.right_moves()):
            raise ValueError(f"Right cannot place a horizontal domino with left cell {(r, c)} here")
        return self._place([(r, c), (r, c + 1)])

    def left_options(self) -> list:
        """The positions Left can move to, one per vertical domino."""
        return [self._place([(r, c), (r + 1, c)]) for r, c in self.left_moves()]

    def right_options(self) -> list:
        """The positions Right can move to, one per horizontal domino."""
        return [self._place([(r, c), (r, c + 1)]) for r, c in self.right_moves()]

    # -- regions and value ---------------------------------------------------
    def regions(self) -> list:
        """The regions (free cells joined orthogonally), each cropped to its own board.

        Their values add up to the value of the whole board.
        """
        out = []
        for comp in _components(frozenset(self.free_cells())):
            out.append(Domineering(_crop(comp)))
        return out

    def value(self):
        """The value of the position, a canonical :class:`cgteach.games.Game`.

        The regions are valued one by one; a region of more than
        :data:`MAX_CELLS` free cells is refused at once with a ``ValueError``.
        """
        from cgteach.games import _deep, total

        regions = _components(frozenset(self.free_cells()))
        for comp in regions:
            if len(comp) > MAX_CELLS:
                raise ValueError(
                    f"this board has a region of {len(comp)} free cells; Domineering values "
                    f"are searched for regions of at most {MAX_CELLS} cells "
                    f"(cgteach.rulesets.domineering.MAX_CELLS): the slowest region of "
                    f"{MAX_CELLS} cells takes about 4 s, and each cell more doubles the time"
                )
        return _deep(total)([_deep(_region_value)(_normal(comp)) for comp in regions])

    # -- pictures --------------------------------------------------------------
    def draw(self, ax=None, **kwargs):
        """Draw the board on ``ax`` (a new figure if ``None``); returns the Axes."""
        return drawer("domineering.draw")(self, ax=ax, **kwargs)

    def _repr_png_(self):
        return drawer("domineering.png")(self)

    def _alt_text(self) -> str:
        """What :meth:`_repr_png_`'s picture shows, in words (its text alternative).

        >>> Domineering(["..#", "..."])._alt_text()
        'Domineering board of 2 rows by 3 columns: 5 free cells, 1 filled.'
        """
        from cgteach._pictures import count

        m, n = self.shape
        free = len(self.free_cells())
        return (f"Domineering board of {count(m, 'row')} by {count(n, 'column')}: "
                f"{count(free, 'free cell')}, {m * n - free} filled.")


def _cell(cell) -> tuple:
    """``cell`` as a pair of ints ``(row, column)``; a clear TypeError otherwise.

    >>> _cell(b"\\x00\\x00")
    Traceback (most recent call last):
    ...
    TypeError: a cell is a pair (row, column) of whole numbers, such as (0, 1), got b'\\x00\\x00'
    """
    if not isinstance(cell, (tuple, list)) or len(cell) != 2 or any(
            isinstance(x, bool) or not isinstance(x, int) for x in cell):
        raise TypeError(
            f"a cell is a pair (row, column) of whole numbers, such as (0, 1), got {_show(cell)}")
    return (cell[0], cell[1])


def _read_rows(rows) -> tuple:
    return read_rows(rows, cls=Domineering, name="Domineering", alphabet=_FREE + _TAKEN,
                     kinds="'.' and '#'", use="use '.' for a free cell and '#' for a taken one",
                     unit="cell", max_side=MAX_SIDE)


#: Groups of free cells joined up, down, left or right (frozensets, in reading order).
_components = components


def _crop(cells) -> list:
    """The rows of the smallest board holding the free ``cells``."""
    return crop(cells, _TAKEN, _FREE)


# ---------------------------------------------------------------------------
# The search.  A region is kept as a bitmask over a board of fixed width
# _W (its cells moved to the top-left corner): cell (r, c) is bit r*_W + c.
# The spare column at the right edge (cells are at most _W - 1 wide) stops a
# horizontal domino from wrapping round to the next row.

_W = MAX_CELLS + 2


def _normal(cells) -> int:
    """The bitmask of ``cells`` moved to the corner, in its least mirror image."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    pts = [(r - r0, c - c0) for r, c in cells]
    return _least_image(pts)


def _least_image(pts) -> int:
    """The least of the four mirror images of corner-based cells, as a bitmask."""
    h = max(r for r, _ in pts)
    w = max(c for _, c in pts)
    m0 = m1 = m2 = m3 = 0
    for r, c in pts:
        a, b = r * _W, (h - r) * _W
        m0 |= 1 << (a + c)
        m1 |= 1 << (a + w - c)
        m2 |= 1 << (b + c)
        m3 |= 1 << (b + w - c)
    return min(m0, m1, m2, m3)


def _cells_of(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append(divmod(i, _W))
        mask ^= low
    return out


def _split(mask: int) -> list:
    """The regions of a bitmask, each moved to the corner in its least mirror image."""
    out = []
    for comp in split_masks(mask, _W):
        cells = _cells_of(comp)
        r0 = cells[0][0]
        c0 = min(c for _, c in cells)
        out.append(_least_image([(r - r0, c - c0) for r, c in cells]))
    return out


#: The transposition table: normalised region -> canonical value.
_TABLE: dict = {}


def _region_value(mask: int):
    """The canonical value of one normalised region, looked up or searched."""
    v = _TABLE.get(mask)
    if v is not None:
        return v
    # Algorithm notes: a region turned on its side (rows <-> columns) is the
    # same board with vertical and horizontal swapped, i.e. with the players
    # swapped, so its value is the negative of the turned region's.
    cells = _cells_of(mask)
    v = _TABLE.get(_least_image([(c, r) for r, c in cells]))
    v = -v if v is not None else _search(mask, cells)
    _TABLE[mask] = v
    return v


#: What is left after a move, as it lies in its parent region -> its value.
_REST: dict = {}


def _rest_value(rest: int):
    v = _REST.get(rest)
    if v is None:
        parts = _split(rest)
        if len(parts) == 1:
            v = _region_value(parts[0])
        else:
            v = parts and _total([_region_value(m) for m in parts])
        _REST[rest] = v
    return v


def _search(mask: int, cells: list):
    from cgteach.games import ZERO, _canonical

    lefts, rights = [], []
    for r, c in cells:
        bit = 1 << (r * _W + c)
        below = bit << _W
        if mask & below:
            rest = mask & ~(bit | below)
            lefts.append(_rest_value(rest) if rest else ZERO)
        right = bit << 1
        if mask & right:
            rest = mask & ~(bit | right)
            rights.append(_rest_value(rest) if rest else ZERO)
    return _canonical(lefts, rights)


def value_by_search(rows):
    """The plain memoised search (no regions, no mirror images): the brute-force twin.

    >>> value_by_search(["...", "..."])
    parse('{2|-1/2}')
    """
    from cgteach.games import game

    board = Domineering(rows)
    seen = [0]

    @cache
    def search(free: frozenset):
        seen[0] += 1
        if seen[0] > MAX_TWIN_POSITIONS:
            raise ValueError(
                f"value_by_search is the plain brute-force twin and stops after "
                f"{MAX_TWIN_POSITIONS} positions (MAX_TWIN_POSITIONS); this board of "
                f"{len(board.free_cells())} free cells leads to more: use Domineering(rows).value()"
            )
        lefts = [search(free - {(r, c), (r + 1, c)}) for r, c in free if (r + 1, c) in free]
        rights = [search(free - {(r, c), (r, c + 1)}) for r, c in free if (r, c + 1) in free]
        return game(lefts, rights)._core

    from cgteach.games import _deep

    return _deep(search)(frozenset(board.free_cells()))
