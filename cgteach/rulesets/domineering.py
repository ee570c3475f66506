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

from cgteach._budget import _UNSET, progress, refuse_if_over
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
from cgteach.rulesets._grid import reverse as _reverse
from cgteach.rulesets._partizan import PartizanPosition

__all__ = ["Domineering", "value_by_search", "estimate_seconds", "MAX_CELLS", "MAX_SIDE"]

#: Formerly the largest region :meth:`Domineering.value` searched; no longer a
#: limit (the work budget of :mod:`cgteach._budget` decides, from
#: :func:`estimate_seconds`).  Kept for old code: the largest region whose slowest
#: shape was valued within about 5 s before issue 47.
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

    def value(self, budget=_UNSET):
        """The value of the position, a canonical :class:`cgteach.games.Game`.

        The regions are valued one by one.  Before the search starts, its work
        is estimated from each region's shape (:func:`estimate_seconds`); over
        the work budget (about a minute by default, see :mod:`cgteach._budget`)
        it is refused at once with a :class:`cgteach.BudgetError` saying the
        estimate and how to raise the budget.  ``budget`` (seconds, ``None`` =
        no limit) wins over ``with cgteach.budget(...)``.  A search estimated
        at over a second shows a progress bar.
        """
        from cgteach.games import _deep, total

        keys = [_normal(comp) for comp in _components(frozenset(self.free_cells()))]
        todo = [k for k in keys if k not in _TABLE]
        estimate = sum(_estimate(k) for k in todo)
        if todo:
            biggest = max(todo, key=_estimate)
            cells, h, w = _shape(biggest)
            what = (f"valuing this Domineering board (its slowest region to search: a region "
                    f"of {cells} free cells, {h}x{w})")
            refuse_if_over(estimate, what, budget=budget)
        values = {}
        with progress(sum(_moves(k) for k in todo), "valuing Domineering", estimate) as bar:
            for k in todo:
                values[k] = _deep(_region_value)(k, bar)
        return _deep(total)([values[k] if k in values else _TABLE[k] for k in keys])

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
# The search.  A region is named by its *key*: the tuple of its rows as bit
# rows (bit c of a row is column c), moved to the corner, the least of its
# four mirror images (turned over top to bottom and/or left to right).  While
# a region is searched it is one bitmask over a board of width W = its width
# + 1: cell (r, c) is bit r*W + c, and the spare column at the right stops a
# horizontal domino from wrapping round to the next row.

#: Bit-reversal tables of rows of width w + 1, for the narrow widths met most.
_REVERSE_TABLES: dict = {}


def _reverser(w: int):
    """A function giving a row of width ``w + 1`` with its bits in the opposite order."""
    table = _REVERSE_TABLES.get(w)
    if table is None:
        if w > 11:
            return lambda v: _reverse(v, w)
        table = [_reverse(v, w) for v in range(1 << (w + 1))]
        _REVERSE_TABLES[w] = table
    return table.__getitem__


def _images_least(rows, wid: int) -> tuple:
    """The least of the four mirror images of corner-based bit rows (``wid``: last column)."""
    a = tuple(rows)
    rev = _reverser(wid)
    c = tuple([rev(x) for x in rows])
    return min(a, a[::-1], c, c[::-1])


def _corner(mask: int, W: int) -> tuple:
    """A region's bit rows moved to the corner, as they lie, and its last column.

    ``mask`` is one region, bits over a board of width ``W``; the rows come
    back as a tuple of ints (bit ``c`` is column ``c``), the top row first.
    """
    low = mask & -mask
    mask >>= (low.bit_length() - 1) // W * W
    full = (1 << W) - 1
    rows = []
    cols = 0
    while mask:
        x = mask & full
        rows.append(x)
        cols |= x
        mask >>= W
    c0 = (cols & -cols).bit_length() - 1
    if c0:
        rows = [x >> c0 for x in rows]
    return tuple(rows), cols.bit_length() - 1 - c0


#: The columns of a search board of width ``W`` (up to :data:`MAX_SIDE` rows), as
#: bitmasks: ``_COLUMNS[W][c]``.
_COLUMNS: dict = {}


def _columns(W: int) -> list:
    cols = _COLUMNS.get(W)
    if cols is None:
        one = sum(1 << (r * W) for r in range(MAX_SIDE + 2))
        cols = _COLUMNS[W] = [one << c for c in range(W)]
    return cols


def _value_in(mask: int, W: int):
    """The value of the region ``mask`` (bits over a board of width ``W``).

    The region as it lies, moved to the corner of its board (one int), is
    looked up first (:data:`_SEEN`); its rows and their four mirror images are
    built only when it is new.
    """
    low = mask & -mask
    m = mask >> (low.bit_length() - 1) // W * W
    cols = _COLUMNS.get(W) or _columns(W)
    c = 0
    while not m & cols[c]:
        c += 1
    k = (m >> c) << 7 | W
    v = _SEEN.get(k)
    if v is None:
        v = _SEEN[k] = _region_value(_images_least(*_corner(mask, W)))
    return v


def _normal(cells) -> tuple:
    """The key of a region given as ``(row, column)`` cells."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    rows = [0] * (max(r for r, _ in cells) - r0 + 1)
    for r, c in cells:
        rows[r - r0] |= 1 << (c - c0)
    return _images_least(rows, max(c for _, c in cells) - c0)


def _transposed(key: tuple) -> tuple:
    """The key of the region turned on its side (rows become columns)."""
    wid = max(key).bit_length()
    rows = [0] * wid
    for r, x in enumerate(key):
        while x:
            low = x & -x
            rows[low.bit_length() - 1] |= 1 << r
            x ^= low
    return _images_least(rows, len(key) - 1)


def _mask(key: tuple) -> tuple:
    """The region as one bitmask, and the width ``W`` of its board."""
    W = max(key).bit_length() + 1
    mask = 0
    for r, x in enumerate(key):
        mask |= x << (r * W)
    return mask, W


def _shape(key: tuple) -> tuple:
    """``(free cells, rows, columns)`` of a region."""
    return sum(x.bit_count() for x in key), len(key), max(key).bit_length()


#: The transposition table: region key -> canonical value.
_TABLE: dict = {}
#: Regions as they lie, moved to the corner of a search board of width ``W`` (any
#: mirror image; ``mask << 7 | W``) -> canonical value.
_SEEN: dict = {}


def _region_value(key: tuple, bar=None):
    """The canonical value of one region, looked up or searched."""
    v = _TABLE.get(key)
    if v is not None:
        return v
    # Algorithm notes: a region turned on its side (rows <-> columns) is the
    # same board with vertical and horizontal swapped, i.e. with the players
    # swapped, so its value is the negative of the turned region's.
    v = _TABLE.get(_transposed(key))
    v = -v if v is not None else _search(key, bar)
    _TABLE[key] = v  # only a finished value is kept: Ctrl-C leaves the table right
    return v


#: What is left after a move, and each of its regions, as they lie in the parent
#: region's board: ``_REST[W][mask]`` -> the value.
_REST: dict = {}

#: ``[ZERO, _canonical, _add]`` of :mod:`cgteach.games`, fetched once (the games
#: module loads lazily; an import statement in the search would run at every region).
_GAMES: list = []


def _games() -> list:
    if not _GAMES:
        from cgteach.games import ZERO, _add, _canonical

        _GAMES.extend([ZERO, _canonical, _add])
    return _GAMES


def _rest_value(rest: int, W: int, rests: dict):
    """The value of what a move left (``rest``, not in :data:`_REST` yet): the sum of
    its regions, each looked up as it lies first (a small region cut off by one move
    is often cut off the same way by the next).  ``rests`` is ``_REST[W]``."""
    v = None
    for m in split_masks(rest, W):
        x = rests.get(m)
        if x is None:
            x = rests[m] = _value_in(m, W)
        v = x if v is None else (_GAMES or _games())[2](v, x)
    rests[rest] = v
    return v


# Does a move split its region?  Every region left after a domino is placed
# touches the domino (the region was joined up before), so when the free
# cells next to the domino are joined up among themselves inside the small
# box around it (3 columns by 4 rows around a vertical domino, 4 by 3 around
# a horizontal one), what is left is one region, and the search looks it up
# without splitting it.  The free cells of the box index a table, built once,
# of that answer (1: one region for sure; 0: maybe more, split them).  In the
# search the region lies one row down and one column right of its board's
# corner, so that the box never reaches outside (column 0 is the empty spare
# column of the row above).
_JOINED: list = []  # [the vertical domino's table, the horizontal domino's]


def _joined_table(h: int, w: int, domino: tuple) -> bytes:
    """For each set of free cells of an ``h`` x ``w`` box (bit ``r*w + c``): 1 when
    the free neighbours of the ``domino`` (two box cells) are joined up in the box."""
    W = w + 1  # with a spare column, as in the search
    spot = {(r, c): 1 << (r * W + c) for r in range(h) for c in range(w)}
    near = 0
    for r, c in domino:
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in spot and cell not in domino:
                near |= spot[cell]
    taken = sum(1 << (r * w + c) for r, c in domino)
    row = (1 << w) - 1
    table = bytearray(1 << (h * w))
    for bits in range(1 << (h * w)):
        if bits & taken:
            continue  # the domino's own cells are never free after the move
        free = 0
        for r in range(h):
            free |= (bits >> (r * w) & row) << (r * W)
        seeds = free & near
        if not seeds:
            table[bits] = 1
            continue
        # grow the part of the first free neighbour: joined when it holds them all
        part = seeds & -seeds
        while True:
            grow = (part | part << 1 | part >> 1 | part << W | part >> W) & free
            if grow == part:
                break
            part = grow
        table[bits] = part & near == seeds
    return bytes(table)


def _joined() -> list:
    if not _JOINED:
        _JOINED.extend([_joined_table(4, 3, ((1, 1), (2, 1))),
                        _joined_table(3, 4, ((1, 1), (1, 2)))])
    return _JOINED


def _search(key: tuple, bar=None):
    ZERO, _canonical, _ = _GAMES or _games()
    vbox, hbox = _JOINED or _joined()
    mask, W = _mask(key)
    mask <<= W + 1  # one empty row above, and the spare column on the left
    W2, W3 = 2 * W, 3 * W
    rests = _REST.get(W)
    if rests is None:
        rests = _REST[W] = {}
    value_in, rest_value = _value_in, _rest_value
    lefts, rights = [], []
    tops = mask & (mask >> W)  # the top cells of Left's vertical dominoes
    while tops:
        bit = tops & -tops
        tops ^= bit
        rest = mask ^ (bit | bit << W)
        v = rests.get(rest)
        if v is None:
            if not rest:
                v = ZERO
            else:
                x = rest >> (bit.bit_length() - W - 2)  # the box around the domino, at bit 0
                if vbox[(x & 7) | (x >> W & 7) << 3 | (x >> W2 & 7) << 6 | (x >> W3 & 7) << 9]:
                    v = rests[rest] = value_in(rest, W)
                else:
                    v = rest_value(rest, W, rests)
        lefts.append(v)
    lows = mask & (mask >> 1)  # the left cells of Right's horizontal dominoes
    while lows:
        bit = lows & -lows
        lows ^= bit
        rest = mask ^ (bit | bit << 1)
        v = rests.get(rest)
        if v is None:
            if not rest:
                v = ZERO
            else:
                x = rest >> (bit.bit_length() - W - 2)
                if hbox[(x & 15) | (x >> W & 15) << 4 | (x >> W2 & 15) << 8]:
                    v = rests[rest] = value_in(rest, W)
                else:
                    v = rest_value(rest, W, rests)
        rights.append(v)
    if bar is not None:
        bar.update(len(lefts) + len(rights))
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


def _moves(key: tuple) -> int:
    """How many dominoes both players together may place in a region (its first moves)."""
    mask, W = _mask(key)
    return (mask & (mask >> W)).bit_count() + (mask & (mask >> 1)).bit_count()


#: The measured growth of the search (issue 47): for regions whose narrower side
#: (of the box around them) is k, ``(growth per free cell, cells, seconds)``: a region
#: of that many cells took that many seconds of processor time in a fresh process
#: on the 2-core machine (loaded by other work): 2x20 34 s, 3x10 21 s, 4x6 1.6 s,
#: 5x5 2.0 s; the growth per cell is fitted on 2x8..2x20, 3x6..3x10, 4x5..4x6; for
#: 5 and more, 5x6 took over 200 s on the loaded machine, hence 2.2 a cell
#: (benchmarks/bench_hot.py prints the estimates beside the times).
GROWTH = {1: (1.0, 1, 1e-4), 2: (1.40, 40, 34.0), 3: (1.60, 30, 21.0),
          4: (1.63, 24, 1.6), 5: (2.2, 25, 2.0)}


def estimate_seconds(board) -> float:
    """Seconds to value a board (or one region's key), estimated before searching.

    The sum over the regions not yet in the table of ``seconds * growth ** (free
    cells - cells)`` from :data:`GROWTH` for the region's narrower side.

    >>> round(estimate_seconds(Domineering.rectangle(5, 5)) + 0.001, 1)
    2.0
    """
    if isinstance(board, tuple):
        return _estimate(board)
    if not isinstance(board, Domineering):
        board = Domineering(board)
    return sum(_estimate(_normal(comp)) for comp in _components(frozenset(board.free_cells())))


def _estimate(key: tuple) -> float:
    """Seconds to search a region, estimated from its shape (0 if already known)."""
    if key in _TABLE:
        return 0.0
    cells, h, w = _shape(key)
    growth, at, seconds = GROWTH[min(h, w, 5)]
    if min(h, w) == 1:
        return seconds * cells
    return seconds * growth ** (cells - at)
