"""Cram: Domineering where both players may place dominoes either way.

*Impartial* (both players have the same moves), so by the Sprague–Grundy
theorem every position equals a nimber ``*n``: Cram ties the partizan engine
of :mod:`cgteach.games` back to Grundy values (:mod:`cgteach.impartial`).

A position is a board of free and taken cells, written as rows of ``.``
(free) and ``#`` (taken), as in Domineering.  A move covers two free cells
side by side or one above the other with a domino.  Whoever cannot place a
domino loses.  Regions (free cells joined up, down, left or right) are
played independently; a region and its seven images under the symmetries of
the square have the same value (turning the board on its side swaps nothing,
since both players have both kinds of move).

Offers :class:`Cram` (``.moves()``, ``.play(move)``, ``.options()``,
``.left_options()``/``.right_options()`` (the same), ``.regions()``,
``.value()`` -- a canonical game, found by the partizan engine --,
``.grundy()`` -- the Grundy value, found by :func:`cgteach.impartial.grundy`
--, ``.outcome()``, save and load, a drawing) and :func:`value_by_search`,
the plain memoised search kept as the brute-force twin.

>>> from cgteach.rulesets.cram import Cram
>>> Cram.rectangle(2, 2).value(), Cram.rectangle(1, 3).value(), Cram.rectangle(2, 3).value()
(parse('0'), parse('*'), parse('*'))
>>> Cram.rectangle(3, 3).grundy(), Cram(["...", "...", "..#"]).grundy()
(0, 2)
>>> [Cram.rectangle(1, n).grundy() for n in range(1, 12)]  # the octal game 0.07 (Dawson)
[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
"""

from __future__ import annotations

from functools import cache

from cgteach._budget import _UNSET, progress, refuse_if_over
from cgteach._pictures import Pictured, drawer
from cgteach._validate import show as _show
from cgteach.rulesets._grid import (
    GridPosition,
    cell_text,
    check_sides,
    corner_shift,
    crop,
    read_rows,
    split_masks,
    spreader,
)
from cgteach.rulesets._grid import components as _components
from cgteach.rulesets._grid import reverse as _reverse
from cgteach.rulesets._partizan import PartizanPosition

__all__ = ["Cram", "value_by_search", "estimate_seconds", "MAX_CELLS", "MAX_SIDE"]

#: Formerly the largest region :meth:`Cram.value` and :meth:`Cram.grundy` searched;
#: no longer a limit (the work budget of :mod:`cgteach._budget` decides, from
#: :func:`estimate_seconds`).  Kept for old code.
MAX_CELLS = 30
#: The measured growth of the search (issue 47), as for Domineering: for regions
#: whose narrower side is k, ``(growth per free cell, cells, seconds)`` -- a region of
#: that many cells took that many seconds (processor time, fresh process, the
#: 2-core machine under load): 3x6 0.05 s, 3x7 0.25 s, 4x4 0.013 s, 4x5 0.16 s,
#: 5x5 1.7 s.
GROWTH = {1: (1.0, 1, 1e-4), 2: (1.5, 20, 0.05), 3: (1.8, 21, 0.25),
          4: (1.9, 20, 0.16), 5: (1.9, 25, 1.74)}
#: Longest side of a board (rows or columns) accepted at all.
MAX_SIDE = 64

_FREE, _TAKEN = ".", "#"


class Cram(Pictured, GridPosition, PartizanPosition):
    """A Cram position: rows of ``"."`` (free) and ``"#"`` (taken).

    Immutable and hashable; ``repr`` round-trips.  A move is the pair of
    cells ``((r, c), (r2, c2))`` a domino covers (top or left cell first).

    >>> c = Cram(["...", "#.."])
    >>> c.moves()
    [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 1), (1, 1)), ((0, 2), (1, 2)), ((1, 1), (1, 2))]
    >>> c.play(((0, 1), (1, 1)))
    Cram(['.#.', '##.'])
    >>> c.value(), c.grundy(), c.outcome()
    (parse('0'), 0, 'P')
    """

    __slots__ = ("_rows",)
    _KIND, _FIELD, _NAME = "cram", "rows", "Cram"

    def __init__(self, rows):
        object.__setattr__(self, "_rows", _read_rows(rows))

    @classmethod
    def rectangle(cls, m: int, n: int) -> Cram:
        """The empty board of ``m`` rows and ``n`` columns."""
        check_sides(m, n, "cell", MAX_SIDE)
        return cls([_FREE * n] * m)

    def free_cells(self) -> list:
        """The free cells as ``(row, column)`` pairs, row by row."""
        return [(r, c) for r, row in enumerate(self._rows) for c, ch in enumerate(row)
                if ch == _FREE]

    # -- moves -----------------------------------------------------------------
    def moves(self) -> list:
        """Every domino either player may place, as ``((r, c), (r2, c2))``, in reading order."""
        rows = self._rows
        m, n = self.shape
        out = []
        for r in range(m):
            for c in range(n):
                if rows[r][c] != _FREE:
                    continue
                if c + 1 < n and rows[r][c + 1] == _FREE:
                    out.append(((r, c), (r, c + 1)))
                if r + 1 < m and rows[r + 1][c] == _FREE:
                    out.append(((r, c), (r + 1, c)))
        return out

    def _after(self, move) -> Cram:
        rows = [list(r) for r in self._rows]
        for r, c in move:
            rows[r][c] = _TAKEN
        return Cram(["".join(r) for r in rows])

    def play(self, move) -> Cram:
        """The position after a domino covers the two cells of ``move``."""
        try:
            (r, c), (r2, c2) = move
            ok = all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c, r2, c2))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise TypeError(f"a Cram move is a pair of cells ((row, column), (row2, column2)), "
                            f"got {_show(move)}")
        pair = tuple(sorted([(r, c), (r2, c2)]))
        if pair not in self.moves():
            raise ValueError(f"no domino fits on {cell_text(*pair[0])} and {cell_text(*pair[1])}: "
                             "a domino covers two "
                             "free cells side by side or one above the other")
        return self._after(pair)

    def options(self) -> list:
        """The positions one move away (the same for both players)."""
        return [self._after(mv) for mv in self.moves()]

    left_options = right_options = options

    # -- regions and values -----------------------------------------------------
    def regions(self) -> list:
        """The regions (free cells joined orthogonally), each cropped to its own board."""
        return [Cram(_crop(comp)) for comp in _components(frozenset(self.free_cells()))]

    def _masks(self, budget=_UNSET, what="valuing") -> list:
        masks = [_normal(comp) for comp in _components(frozenset(self.free_cells()))]
        todo = [m for m in masks if m not in _TABLE]
        estimate = sum(_estimate(m) for m in todo)
        if todo:
            cells = max(m.bit_count() for m in todo)
            refuse_if_over(estimate, f"{what} this Cram board (its largest region to search: "
                           f"a region of {cells} free cells)", budget=budget)
        return masks
    def value(self, budget=_UNSET):
        """The value as a canonical game (always a nimber), by the partizan engine.

        Each region is searched with the options of both players and
        simplified by :mod:`cgteach.games`; nothing here assumes the answer
        is a nimber.  The work is estimated first (:func:`estimate_seconds`) and
        refused at once over the work budget (:mod:`cgteach._budget`; ``budget``
        in seconds, ``None`` = no limit); a long search shows a progress bar.
        """
        from cgteach.games import _deep, total

        masks = self._masks(budget)
        todo = [m for m in dict.fromkeys(masks) if m not in _TABLE]
        estimate = sum(_estimate(m) for m in todo)
        with progress(sum(len(_after_moves(m)) for m in todo), "valuing Cram", estimate) as bar:
            for m in todo:
                _deep(_region_value)(m, bar)
        return _deep(total)([_TABLE[m] for m in masks])

    def grundy(self, budget=_UNSET) -> int:
        """The Grundy value, by :func:`cgteach.impartial.grundy` (mex of the options' values).

        Refused at once when the estimated work is over the budget, as :meth:`value`.
        """
        from cgteach.impartial import Sum, grundy

        masks = self._masks(budget, "finding the Grundy value of")
        if not masks:
            return 0
        return grundy(Sum(masks), _impartial_options, cache=_GRUNDY, max_positions=None)

    # -- pictures --------------------------------------------------------------
    def draw(self, ax=None, **kwargs):
        """Draw the board on ``ax`` (a new figure if ``None``); returns the Axes."""
        return drawer("domineering.draw")(self._rows, ax=ax, **kwargs)

    def _repr_png_(self):
        return drawer("domineering.png")(self._rows)

    def _alt_text(self) -> str:
        """The picture's text alternative.

        >>> Cram(["..#", "..."])._alt_text()
        'Cram board of 2 rows by 3 columns: 5 free cells, 1 filled.'
        """
        from cgteach._pictures import count

        m, n = self.shape
        free = len(self.free_cells())
        return (f"Cram board of {count(m, 'row')} by {count(n, 'column')}: "
                f"{count(free, 'free cell')}, {m * n - free} filled.")


def _read_rows(rows) -> tuple:
    return read_rows(rows, cls=Cram, name="Cram", alphabet=_FREE + _TAKEN,
                     kinds="'.' and '#'", use="use '.' for a free cell and '#' for a taken one",
                     unit="cell", max_side=MAX_SIDE)


def _crop(cells) -> list:
    return crop(cells, _TAKEN, _FREE)


# ---------------------------------------------------------------------------
# The search: a region is a bitmask over a board of width _W (cell (r, c) is
# bit r*_W + c), moved to the corner, in the least of its eight images.

_W = MAX_SIDE + 2  # a region is at most MAX_SIDE wide
_ROW = (1 << _W) - 1


def _normal(cells) -> int:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    m = 0
    for r, c in cells:
        m |= 1 << ((r - r0) * _W + c - c0)
    return _least(m)


_spread = spreader(_W)


def _least(mask: int) -> int:
    """The least of the eight images of a corner-based region."""
    rows = []
    while mask:
        rows.append(mask & _ROW)
        mask >>= _W
    both = 0
    for v in rows:
        both |= v
    w = both.bit_length() - 1
    best = None
    for rs in (rows, rows[::-1]):
        for rr in (rs, [_reverse(v, w) for v in rs]):
            a = t = 0
            for i, v in enumerate(rr):
                a |= v << (i * _W)
                t |= _spread(v) << i
            low = a if a < t else t
            if best is None or low < best:
                best = low
    return best


def _corner(mask: int) -> int:
    return mask >> corner_shift(mask, _W)


def _split(mask: int) -> list:
    """The regions of a mask, each moved to the corner (not yet turned)."""
    return [_corner(comp) for comp in split_masks(mask, _W)]


def _after_moves(mask: int) -> list:
    """What is left after each domino placed in ``mask``."""
    out = []
    m = mask
    while m:
        b = m & -m
        m ^= b
        for nb in (b << 1, b << _W):
            if mask & nb:
                out.append(mask & ~(b | nb))
    return out


#: Normalised region -> canonical value (the partizan engine).
_TABLE: dict = {}
#: Region in the corner (not yet turned) -> its least image.
_LEAST: dict = {}
#: What is left after a move, as it lies in its parent region -> value.
_REST: dict = {}


def _least_cached(corner: int) -> int:
    v = _LEAST.get(corner)
    if v is None:
        v = _LEAST[corner] = _least(corner)
    return v


def _region_value(mask: int, bar=None):
    v = _TABLE.get(mask)
    if v is None:
        from cgteach.games import _canonical

        opts = []
        for rest in _after_moves(mask):
            opts.append(_rest_value(rest))
            if bar is not None:
                bar.update(1)
        v = _TABLE[mask] = _canonical(opts, opts)  # only finished values are kept
    return v


def _shape(mask: int) -> tuple:
    """``(free cells, rows, columns)`` of a corner-based region."""
    cells = mask.bit_count()
    rows = 0
    cols = 0
    while mask:
        cols |= mask & _ROW
        mask >>= _W
        rows += 1
    return cells, rows, cols.bit_length()


def _estimate(mask: int) -> float:
    """Seconds to search a region, estimated from its shape (0 if already known)."""
    if mask in _TABLE:
        return 0.0
    cells, h, w = _shape(mask)
    growth, at, seconds = GROWTH[min(h, w, 5)]
    if min(h, w) == 1:
        return seconds * cells
    return seconds * growth ** (cells - at)


def estimate_seconds(board) -> float:
    """Seconds to value a Cram board, estimated before searching (0 if known).

    The sum over its regions not yet in the table of ``seconds * growth ** (free
    cells - cells)`` from :data:`GROWTH` for the region's narrower side.
    """
    if not isinstance(board, Cram):
        board = Cram(board)
    return sum(_estimate(_normal(comp)) for comp in _components(frozenset(board.free_cells())))


def _rest_value(rest: int):
    v = _REST.get(rest)
    if v is None:
        from cgteach.games import ZERO, _add

        v = ZERO
        for part in _split(rest):
            v = _add(v, _region_value(_least_cached(part)))
        _REST[rest] = v
    return v


_GRUNDY: dict = {}


def _impartial_options(mask: int) -> list:
    """Options for :func:`cgteach.impartial.grundy`: a Sum of the normalised regions left."""
    from cgteach.impartial import Sum

    return [Sum([_least_cached(p) for p in _split(rest)]) for rest in _after_moves(mask)]


def value_by_search(rows):
    """The plain memoised search (no regions, no symmetry): the brute-force twin.

    >>> value_by_search(["...", "..."])
    parse('*')
    """
    from cgteach.games import game

    board = Cram(rows)

    @cache
    def search(free: frozenset):
        opts = [search(free - {(r, c), (r + dr, c + dc)})
                for r, c in free for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in free]
        return game(opts, opts)._core

    return search(frozenset(board.free_cells()))
