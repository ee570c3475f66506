"""Clobber: stones that capture each other, the classic all-small game.

*Partizan* (values are canonical games from :mod:`cgteach.games`).

A position is a rectangular board, written as rows of ``x`` (a stone of
**Left**, Blue), ``o`` (a stone of **Right**, Red) and ``.`` (an empty
square or a hole).  A move takes one of your own stones onto an
orthogonally adjacent square holding an enemy stone, which is removed
("clobbered").  Whoever cannot move loses (normal play).  A 1×n strip is
just a board with one row: ``Clobber("xoxo")``.

Every Clobber position is *all-small*: Left has a move exactly when some
``x`` stands next to some ``o``, and then Right has one too.  So every value
is an infinitesimal, and its *atomic weight* (how many ↑ it is worth, see
:func:`cgteach.games.cold.atomic_weight`) is what decides most sums.

The occupied squares only ever shrink, so two groups of stones that do not
touch (orthogonally) never will: the *regions* are played independently and
the value is the sum of their values; a region of one colour is ``0``.

The value is found region by region with a *transposition table*: each
region, moved to the corner, is valued once, and a region shares its entry
with its seven images under the symmetries of the square (turns and
mirrors; both players move in every direction, so these keep the value).
Swapping the colours swaps the players, so that image is the negative.

Offers :class:`Clobber` (``.left_moves()``, ``.right_moves()``,
``.winning_moves(p)``, ``.best_move(p)``, ``.play(move)``, ``.left_options()``,
``.right_options()``,
``.regions()``, ``.value()``, ``.atomic_weight()``, ``.outcome()``, save and
load, a drawing) and :func:`value_by_search`, the plain memoised search
kept as the brute-force twin.

>>> from cgteach.rulesets.clobber import Clobber
>>> Clobber("xo").value(), Clobber("xoxo").value(), Clobber("xxo").value()
(parse('*'), parse('{*,↑|*,↓}'), parse('↑'))
>>> Clobber(["xo", "ox"]).value(), Clobber("xoxoxo").value()
(parse('*'), parse('0'))
>>> Clobber(["xo.", "..x", "..o"]).regions()
[Clobber(['xo']), Clobber(['x', 'o'])]
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
    components,
    corner_shift,
    crop,
    read_rows,
    split_masks,
    spreader,
)
from cgteach.rulesets._grid import reverse as _reverse
from cgteach.rulesets._grid import total as _total
from cgteach.rulesets._partizan import PartizanPosition

__all__ = ["Clobber", "value_by_search", "estimate_seconds", "MAX_STONES", "MAX_SIDE"]

#: Formerly the largest region (stones joined up, down, left or right)
#: :meth:`Clobber.value` searched; no longer a limit (the work budget of
#: :mod:`cgteach._budget` decides, from :func:`estimate_seconds`).  Kept for old code.
MAX_STONES = 20
#: The measured growth of the search (issue 47): for regions whose narrower side
#: is k, ``(growth per stone, stones, seconds)`` -- a full board of that many stones
#: took that many seconds (processor time, fresh process, the 2-core machine under
#: load): 2x6 0.08 s, 2x8 2.5 s, 2x9 13 s, 3x4 0.17 s, 3x5 3.6 s, 4x4 9.0 s.
GROWTH = {1: (1.25, 20, 0.5), 2: (2.4, 16, 2.5), 3: (2.8, 15, 3.6), 4: (2.8, 16, 9.0),
          5: (2.8, 16, 9.0)}
#: Longest side of a board (rows or columns) accepted at all.
MAX_SIDE = 64

_LEFT, _RIGHT, _EMPTY = "x", "o", "."
_PLAYERS = {"L": _LEFT, "R": _RIGHT, "left": _LEFT, "right": _RIGHT}


class Clobber(Pictured, GridPosition, PartizanPosition):
    """A Clobber position: rows of ``"x"`` (Left), ``"o"`` (Right) and ``"."`` (empty).

    ``rows`` is a list of equal-length strings, or one string with a row a
    line (``"xo\\nox"``; ``"|"`` also separates rows, as in CGSuite).
    Immutable and hashable; ``repr`` round-trips.  A move is a pair
    ``((row, column), (row2, column2))``: the stone on the first square
    clobbers the enemy stone on the second.

    >>> c = Clobber(["xo", "o."])
    >>> c.left_moves(), c.right_moves()
    ([((0, 0), (0, 1)), ((0, 0), (1, 0))], [((0, 1), (0, 0)), ((1, 0), (0, 0))])
    >>> c.play(((0, 0), (0, 1)))
    Clobber(['.x', 'o.'])
    >>> c.value(), c.outcome()
    (parse('*'), 'N')
    >>> Clobber(["x?"])
    Traceback (most recent call last):
    ...
    ValueError: row 1 of the board has the character '?' at column 2; use 'x' for a Left ...
    """

    __slots__ = ("_rows",)
    _KIND, _FIELD, _NAME = "clobber", "rows", "Clobber"

    def __init__(self, rows):
        object.__setattr__(self, "_rows", _read_rows(rows))

    @classmethod
    def rectangle(cls, m: int, n: int) -> Clobber:
        """The usual start: an ``m`` by ``n`` board filled in a checkerboard, ``x`` top left.

        >>> Clobber.rectangle(2, 3)
        Clobber(['xox', 'oxo'])
        """
        check_sides(m, n, "square", MAX_SIDE)
        return cls(["".join("xo"[(r + c) % 2] for c in range(n)) for r in range(m)])

    @classmethod
    def strip(cls, n: int) -> Clobber:
        """The 1×n strip ``xoxo…`` (alternating, ``x`` first).

        >>> Clobber.strip(5)
        Clobber(['xoxox'])
        """
        return cls.rectangle(1, n)

    # -- the board ---------------------------------------------------------
    def stones(self, player=None) -> list:
        """The squares holding a stone, as ``(row, column)`` pairs, row by row.

        ``player`` ``"L"`` (or ``"left"``) gives Left's stones only, ``"R"`` Right's.
        """
        want = (_LEFT, _RIGHT) if player is None else (_player(player),)
        return [(r, c) for r, row in enumerate(self._rows) for c, ch in enumerate(row)
                if ch in want]

    # -- moves -----------------------------------------------------------------
    def moves(self, player) -> list:
        """The moves of ``player`` (``"L"`` or ``"R"``), in reading order.

        Each is a pair ``((r, c), (r2, c2))``: the stone on ``(r, c)`` clobbers
        the enemy stone on ``(r2, c2)``.
        """
        me = _player(player)
        enemy = _RIGHT if me == _LEFT else _LEFT
        rows = self._rows
        m, n = len(rows), len(rows[0])
        out = []
        for r in range(m):
            for c in range(n):
                if rows[r][c] != me:
                    continue
                for r2, c2 in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
                    if 0 <= r2 < m and 0 <= c2 < n and rows[r2][c2] == enemy:
                        out.append(((r, c), (r2, c2)))
        return out

    def left_moves(self) -> list:
        """Left's moves (an ``x`` clobbers an adjacent ``o``)."""
        return self.moves("L")

    def right_moves(self) -> list:
        """Right's moves (an ``o`` clobbers an adjacent ``x``)."""
        return self.moves("R")

    def _after(self, move) -> Clobber:
        (r, c), (r2, c2) = move
        rows = [list(row) for row in self._rows]
        rows[r2][c2] = rows[r][c]
        rows[r][c] = _EMPTY
        return Clobber(["".join(row) for row in rows])

    def play(self, move) -> Clobber:
        """The position after ``move`` ``((r, c), (r2, c2))``.

        The move is made by whoever owns the stone on ``(r, c)``; an illegal
        move is a ``ValueError`` saying why.
        """
        try:
            (r, c), (r2, c2) = move
            ok = all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c, r2, c2))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise TypeError(f"a Clobber move is a pair ((row, column), (row2, column2)), "
                            f"got {_show(move)}")
        m, n = self.shape
        if not (0 <= r < m and 0 <= c < n):
            raise ValueError(f"square {cell_text(r, c)} is off the {m}x{n} board")
        owner = self._rows[r][c]
        if owner == _EMPTY:
            raise ValueError(f"there is no stone on square {cell_text(r, c)} to move")
        move = ((r, c), (r2, c2))
        if move not in self.moves("L" if owner == _LEFT else "R"):
            raise ValueError(f"the stone on {cell_text(r, c)} cannot clobber square "
                             f"{cell_text(r2, c2)}: a move "
                             "takes a stone onto an orthogonally adjacent enemy stone")
        return self._after(move)

    def play_left(self, move) -> Clobber:
        """``play(move)`` after checking that the moving stone is Left's."""
        return self._play_as(move, _LEFT)

    def play_right(self, move) -> Clobber:
        """``play(move)`` after checking that the moving stone is Right's."""
        return self._play_as(move, _RIGHT)

    def _play_as(self, move, stone) -> Clobber:
        after = self.play(move)
        (r, c), _ = move
        if self._rows[r][c] != stone:
            who = "Left" if stone == _LEFT else "Right"
            raise ValueError(f"the stone on {cell_text(r, c)} is not {who}'s")
        return after

    def left_options(self) -> list:
        """The positions Left can move to, one per move."""
        return [self._after(mv) for mv in self.left_moves()]

    def right_options(self) -> list:
        """The positions Right can move to, one per move."""
        return [self._after(mv) for mv in self.right_moves()]

    # -- regions and value ---------------------------------------------------
    def regions(self) -> list:
        """The regions (stones joined orthogonally), each cropped to its own board.

        Regions of one colour only (no move ever) are left out; the values of
        the regions add up to the value of the whole board.
        """
        grid = self._grid()
        out = []
        for comp in _components(frozenset(grid)):
            if len({grid[p] for p in comp}) == 2:
                out.append(Clobber(_crop(comp, grid)))
        return out

    def _grid(self) -> dict:
        return {(r, c): ch for r, row in enumerate(self._rows) for c, ch in enumerate(row)
                if ch != _EMPTY}

    def value(self, budget=_UNSET):
        """The value of the position, a canonical :class:`cgteach.games.Game`.

        The regions are valued one by one.  The work is estimated first
        (:func:`estimate_seconds`) and refused at once over the work budget
        (:mod:`cgteach._budget`; ``budget`` in seconds, ``None`` = no limit), with
        the estimate and how to raise the budget; a long search shows a progress bar.
        """
        masks = self._masks()
        todo = [m for m in dict.fromkeys(masks) if m not in _TABLE]
        estimate = sum(_estimate(*m) for m in todo)
        if todo:
            stones = max((x | o).bit_count() for x, o in todo)
            refuse_if_over(estimate, f"valuing this Clobber board (its largest region to "
                           f"search: a region of {stones} stones)", budget=budget)
        from cgteach.games import _deep, total  # after the estimate: a refusal is at once

        total_moves = sum(len(_moves_of(x, o)) + len(_moves_of(o, x)) for x, o in todo)
        with progress(total_moves, "valuing Clobber", estimate) as bar:
            for x, o in todo:
                _deep(_region_value)(x, o, bar)
        return _deep(total)([_TABLE[m] for m in masks])

    def _masks(self) -> list:
        grid = self._grid()
        masks = []
        for comp in _components(frozenset(grid)):
            if len({grid[p] for p in comp}) < 2:
                continue
            masks.append(_normal([p for p in comp if grid[p] == _LEFT],
                                 [p for p in comp if grid[p] == _RIGHT]))
        return masks

    def atomic_weight(self):
        """The atomic weight of the value (how many ↑ the position is worth), a Game.

        >>> Clobber("xxo").atomic_weight(), Clobber("xoxo").atomic_weight()
        (parse('1'), parse('0'))
        """
        from cgteach.games.cold import atomic_weight

        return atomic_weight(self.value())

    def winning_moves(self, player) -> list:
        """The moves of ``player`` after which that player wins (the other moving next).

        >>> Clobber("xxo").winning_moves("L"), Clobber("xxo").winning_moves("R")
        ([((0, 1), (0, 2))], [])
        """
        me = _player(player)
        good = ("L", "P") if me == _LEFT else ("R", "P")
        return [mv for mv in self.moves(player) if self._after(mv).value().outcome() in good]

    def best_move(self, player):
        """A move for ``player``: a winning one if there is one, else the move that leaves
        the best atomic weight for the mover (the most ↑ for Left, the most ↓ for Right),
        compared by the mean of the weight.  ``None`` when ``player`` cannot move.

        >>> Clobber("xoxo").best_move("L"), Clobber("x.o").best_move("L")
        (((0, 0), (0, 1)), None)
        """
        moves = self.moves(player)
        if not moves:
            return None
        wins = self.winning_moves(player)
        if wins:
            return wins[0]
        sign = 1 if _player(player) == _LEFT else -1
        return max(moves, key=lambda mv: sign * self._after(mv).atomic_weight().mean())

    # -- pictures --------------------------------------------------------------
    def draw(self, ax=None, **kwargs):
        """Draw the board on ``ax`` (a new figure if ``None``); returns the Axes."""
        return drawer("clobber.draw")(self, ax=ax, **kwargs)

    def _repr_png_(self):
        return drawer("clobber.png")(self)

    def _alt_text(self) -> str:
        """What :meth:`_repr_png_`'s picture shows, in words (its text alternative).

        >>> Clobber(["xo.", "oxo"])._alt_text()
        'Clobber board of 2 rows by 3 columns: 2 blue stones (x), 3 red stones (o), 1 empty square.'
        """
        from cgteach._pictures import count

        m, n = self.shape
        xs, os = len(self.stones("L")), len(self.stones("R"))
        return (f"Clobber board of {count(m, 'row')} by {count(n, 'column')}: "
                f"{count(xs, 'blue stone')} (x), {count(os, 'red stone')} (o), "
                f"{count(m * n - xs - os, 'empty square')}.")


def _player(player) -> str:
    if isinstance(player, str) and player in _PLAYERS:
        return _PLAYERS[player]
    raise ValueError(f'player must be "L" (Left, x) or "R" (Right, o), got {_show(player)}')


def _read_rows(rows) -> tuple:
    return read_rows(rows, cls=Clobber, name="Clobber", alphabet=_LEFT + _RIGHT + _EMPTY,
                     kinds="'x', 'o' and '.'",
                     use="use 'x' for a Left (blue) stone, 'o' for a Right (red) stone and '.' "
                         "for an empty square",
                     unit="square", max_side=MAX_SIDE, bar=True)


def _components(cells: frozenset) -> list:
    """Groups of squares joined up, down, left or right (sorted lists, in reading order)."""
    return components(cells, sorted)


def _crop(cells, grid) -> list:
    return crop(cells, _EMPTY, grid)


# ---------------------------------------------------------------------------
# The search.  A region is a pair of bitmasks (Left's stones, Right's stones)
# over a board of fixed width _W, moved to the top-left corner: square
# (r, c) is bit r*_W + c.  The spare columns at the right (a region is at
# most MAX_STONES wide) stop a sideways move from wrapping to the next row.

_W = MAX_SIDE + 2  # a region is at most MAX_SIDE wide


def _normal(xs, os) -> tuple:
    """A region's two masks (Left's stones, Right's), moved to the corner."""
    r0 = min(min(r for r, _ in xs), min(r for r, _ in os))
    c0 = min(min(c for _, c in xs), min(c for _, c in os))
    xm = om = 0
    for r, c in xs:
        xm |= 1 << ((r - r0) * _W + c - c0)
    for r, c in os:
        om |= 1 << ((r - r0) * _W + c - c0)
    return xm, om


def _rows_of(mask: int) -> list:
    out = []
    while mask:
        out.append(mask & _ROW)
        mask >>= _W
    return out


_spread = spreader(_W)


def _images(xm: int, om: int) -> set:
    """The eight images of a corner-based region (turns and mirrors), each in the corner."""
    xr, orows = _rows_of(xm | om), _rows_of(xm)
    h = len(xr)
    orows += [0] * (h - len(orows))
    both = 0
    for v in xr:
        both |= v
    w = both.bit_length() - 1
    out = set()
    for flip_r in (False, True):
        rb, rx = (xr[::-1], orows[::-1]) if flip_r else (xr, orows)
        for flip_c in (False, True):
            if flip_c:
                rb = [_reverse(v, w) for v in rb]
                rx = [_reverse(v, w) for v in rx]
            b = x = tb = tx = 0
            for i in range(h):
                b |= rb[i] << (i * _W)
                x |= rx[i] << (i * _W)
                tb |= _spread(rb[i]) << i
                tx |= _spread(rx[i]) << i
            out.add((x, b & ~x))
            out.add((tx, tb & ~tx))
    return out


_ROW = (1 << _W) - 1


def _corner(xm: int, om: int) -> tuple:
    """Two masks moved up and left until they touch the top row and the left column."""
    shift = corner_shift(xm | om, _W)
    return xm >> shift, om >> shift


def _split(xm: int, om: int) -> list:
    """The regions of two masks that hold both colours, each moved to the corner."""
    out = []
    for comp in split_masks(xm | om, _W):
        cx, co = xm & comp, om & comp
        if cx and co:
            out.append(_corner(cx, co))
    return out


#: The transposition table: normalised region (Left's mask, Right's mask) -> value.
_TABLE: dict = {}
#: What is left after a move, as it lies in its parent region -> its value.
_REST: dict = {}


def _region_value(xm: int, om: int, bar=None):
    """The value of one region in the corner, looked up or searched.

    A searched region's value is stored under its eight images at once, and
    its negative under the eight images with the colours swapped (Left's
    stones for Right's: the players swapped), so a lookup never turns a
    region round.
    """
    key = (xm, om)
    v = _TABLE.get(key)
    if v is None:
        v = _search(xm, om, bar)
        neg = -v  # only finished values are stored: Ctrl-C leaves the table right
        for a, b in _images(xm, om):
            _TABLE[(a, b)] = v
            _TABLE[(b, a)] = neg
    return v


def _rest_value(xm: int, om: int):
    key = (xm, om)
    v = _REST.get(key)
    if v is None:
        parts = _split(xm, om)
        if not parts:
            from cgteach.games import ZERO

            v = ZERO
        elif len(parts) == 1:
            v = _region_value(*parts[0])
        else:
            v = _total([_region_value(*p) for p in parts])
        _REST[key] = v
    return v


def _moves_of(mine: int, theirs: int) -> list:
    """``(from bit, to bit)`` for every capture by the stones ``mine``."""
    out = []
    m = mine
    while m:
        b = m & -m
        m ^= b
        for t in (b << 1, b >> 1, b << _W, b >> _W):
            if t & theirs:
                out.append((b, t))
    return out


def _search(xm: int, om: int, bar=None):
    from cgteach.games import _canonical

    if bar is None:
        lefts = [_rest_value(xm ^ b ^ t, om ^ t) for b, t in _moves_of(xm, om)]
        rights = [_rest_value(xm ^ t, om ^ b ^ t) for b, t in _moves_of(om, xm)]
        return _canonical(lefts, rights)
    lefts, rights = [], []
    for b, t in _moves_of(xm, om):
        lefts.append(_rest_value(xm ^ b ^ t, om ^ t))
        bar.update(1)
    for b, t in _moves_of(om, xm):
        rights.append(_rest_value(xm ^ t, om ^ b ^ t))
        bar.update(1)
    return _canonical(lefts, rights)


def _estimate(xm: int, om: int) -> float:
    """Seconds to search a region, estimated from its shape (0 if already known)."""
    if (xm, om) in _TABLE:
        return 0.0
    mask = xm | om
    stones = mask.bit_count()
    rows = cols = 0
    while mask:
        cols |= mask & _ROW
        mask >>= _W
        rows += 1
    side = min(rows, cols.bit_length())
    growth, at, seconds = GROWTH[min(side, 5)]
    return seconds * growth ** (stones - at)


def estimate_seconds(board) -> float:
    """Seconds to value a Clobber board, estimated before searching (0 if known).

    The sum over its regions not yet in the table of ``seconds * growth ** (stones
    - stones measured)`` from :data:`GROWTH` for the region's narrower side.
    """
    if not isinstance(board, Clobber):
        board = Clobber(board)
    return sum(_estimate(*m) for m in board._masks())


def value_by_search(rows):
    """The plain memoised search (no regions, no symmetry): the brute-force twin.

    It reads the rules afresh: a stone moves onto an orthogonally adjacent
    enemy stone, which is removed.

    >>> value_by_search("xoxo")
    parse('{*,↑|*,↓}')
    """
    from cgteach.games import game

    board = Clobber(rows)

    @cache
    def search(xs: frozenset, os: frozenset):
        def steps(p):
            r, c = p
            return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))

        lefts = [search((xs - {p}) | {q}, os - {q}) for p in xs for q in steps(p) if q in os]
        rights = [search(xs - {q}, (os - {p}) | {q}) for p in os for q in steps(p) if q in xs]
        return game(lefts, rights)._core

    return search(frozenset(board.stones("L")), frozenset(board.stones("R")))
