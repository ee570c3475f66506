"""The maze game: move a figure left or up through a maze.

**Rules** (from the source chapter's Sprague–Grundy section).  A maze is a
grid of floor squares ``"."`` and wall squares ``"#"``, given as a list of
equal-length strings, top row first.  A figure stands on a floor square.  A
move takes it any number (at least one) of squares **left** or **up** in a
straight line, over floor only: it may not enter or jump over a wall, nor
leave the grid.  The player who cannot move loses.

A **position** is the figure's square ``(row, col)``, counted from the top
left corner ``(0, 0)``.  :func:`grundy_grid` gives every floor square its
Grundy number (``None`` on walls).  In a **sum of mazes** a move is a move in
one of them; the sum's value is the nim sum of the figures' squares' values.

The three mazes of the chapter are :data:`MAZE_1`, :data:`MAZE_2` and
:data:`MAZE_3`, drawn as in the source with the figure in the lower-right
corner.  Their corners have values 2, 3, 3 and ``2 ⊕ 3 ⊕ 3 = 2``: the first
player wins by moving two squares up in the first maze.

Offers: :data:`MAZE_1`, :data:`MAZE_2`, :data:`MAZE_3`, :func:`parse`,
:func:`options`, :func:`grundy_grid`, :func:`winning_moves`,
:func:`winning_moves_in_sum`, and the brute-force twin :func:`grundy_by_search`.

>>> for row in grundy_grid(MAZE_1):
...     print(" ".join("#" if v is None else str(v) for v in row))
0 1 # 0 1
# 0 1 2 #
0 2 # 1 0
# 3 0 4 1
0 4 1 3 2
>>> (0, (2, 4)) in winning_moves_in_sum([MAZE_1, MAZE_2, MAZE_3], [(4, 4)] * 3)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from cgteach._validate import as_count, show
from cgteach.nimbers import _mex

__all__ = [
    "MAZE_1",
    "MAZE_2",
    "MAZE_3",
    "parse",
    "options",
    "grundy_grid",
    "winning_moves",
    "winning_moves_in_sum",
    "grundy_by_search",
]

#: The chapter's first maze (its worked example); the figure starts at (4, 4).
MAZE_1 = (
    "..#..",
    "#...#",
    "..#..",
    "#....",
    ".....",
)

#: The chapter's second maze (middle of the sum of three mazes).
MAZE_2 = (
    "....#",
    "..#..",
    ".#...",
    ".#...",
    ".....",
)

#: The chapter's third maze: a ring of floor around a 3×3 block of wall.
MAZE_3 = (
    ".....",
    ".###.",
    ".###.",
    ".###.",
    ".....",
)


def parse(rows) -> tuple[str, ...]:
    """Check a maze and return it as a tuple of row strings.

    ``rows`` is a list of strings (top row first) or one string with a row
    per line.  Every row must have the same length and hold only ``"."``
    (floor) and ``"#"`` (wall).

    >>> parse("..#\\n...")
    ('..#', '...')
    >>> parse(["..", ".x"])
    Traceback (most recent call last):
    ...
    ValueError: maze row 1, column 1 holds 'x'; use only '.' for floor and '#' for wall
    """
    if isinstance(rows, str):
        rows = [line.strip() for line in rows.strip().splitlines()]
    if isinstance(rows, bytes) or not isinstance(rows, Iterable):
        raise TypeError(
            f"a maze is a list of strings of '.' and '#', one per row; got "
            f"{show(rows)}"
        )
    rows = list(rows)
    if not rows:
        raise ValueError("the maze has no rows; give at least one row such as '...'")
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise TypeError(f"maze row {r} must be a string of '.' and '#', got {show(row)}")
    width = len(rows[0])
    if width == 0:
        raise ValueError("maze row 0 is empty; every row needs at least one square")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(
                f"maze row {r} has {len(row)} squares but row 0 has {width}; "
                "all rows must have the same length"
            )
        for c, ch in enumerate(row):
            if ch not in ".#":
                raise ValueError(
                    f"maze row {r}, column {c} holds {show(ch)}; "
                    "use only '.' for floor and '#' for wall"
                )
    return tuple(rows)


def _as_square(rows: tuple[str, ...], position) -> tuple[int, int]:
    if not isinstance(position, tuple) or len(position) != 2:
        raise TypeError(f"a square is a pair (row, col), got {show(position)}")
    r = as_count(position[0], "the row")
    c = as_count(position[1], "the column")
    if r >= len(rows) or c >= len(rows[0]):
        raise ValueError(f"square {position} is outside the {len(rows)}×{len(rows[0])} maze")
    if rows[r][c] == "#":
        raise ValueError(f"square {position} is a wall; the figure must stand on floor")
    return r, c


def options(position, rows) -> list[tuple[int, int]]:
    """Return the squares the figure can reach in one move from ``position``.

    Squares to the left come first (nearest first), then squares above.

    >>> options((4, 4), MAZE_1)
    [(4, 3), (4, 2), (4, 1), (4, 0), (3, 4), (2, 4)]
    """
    rows = parse(rows)
    r, c = _as_square(rows, position)
    return _moves(rows, r, c)


def _moves(rows, r, c):
    result = []
    j = c - 1
    while j >= 0 and rows[r][j] == ".":
        result.append((r, j))
        j -= 1
    i = r - 1
    while i >= 0 and rows[i][c] == ".":
        result.append((i, c))
        i -= 1
    return result


def grundy_grid(rows) -> list[list[int | None]]:
    """Return the Grundy number of every floor square (``None`` on walls).

    >>> grundy_grid(["...", ".#."])
    [[0, 1, 2], [1, None, 0]]
    """
    rows = parse(rows)
    height, width = len(rows), len(rows[0])
    grid: list[list[int | None]] = [[None] * width for _ in range(height)]
    # Algorithm notes: every move goes left or up, so reading the grid row by
    # row, left to right, reaches each square after all its options.
    for r in range(height):
        for c in range(width):
            if rows[r][c] == ".":
                grid[r][c] = _mex({grid[i][j] for i, j in _moves(rows, r, c)})
    return grid


def grundy_by_search(rows, position) -> int:
    """Brute-force twin: the Grundy number of one square by the general engine.

    >>> grundy_by_search(MAZE_2, (4, 4))
    3
    """
    from cgteach.impartial import grundy

    rows = parse(rows)
    start = _as_square(rows, position)
    return grundy(start, lambda sq: _moves(rows, sq[0], sq[1]))


def winning_moves(rows, position) -> list[tuple[int, int]]:
    """Return the squares one move away whose Grundy number is 0.

    >>> winning_moves(MAZE_1, (4, 4))    # four left, or two up
    [(4, 0), (2, 4)]
    """
    rows = parse(rows)
    r, c = _as_square(rows, position)
    grid = grundy_grid(rows)
    return [(i, j) for i, j in _moves(rows, r, c) if grid[i][j] == 0]


def winning_moves_in_sum(mazes, positions) -> list[tuple[int, tuple[int, int]]]:
    """Return every winning move in a sum of mazes, as ``(maze_index, new_square)``.

    ``positions[i]`` is the figure's square in ``mazes[i]``.  A move is
    winning when it leaves nim sum 0 (Lemma 3.3 with Thm 4.2); the list is empty when the
    sum already has nim sum 0.

    >>> winning_moves_in_sum([MAZE_1, MAZE_2, MAZE_3], [(4, 4), (4, 4), (4, 4)])
    [(0, (4, 0)), (0, (2, 4)), (1, (1, 4)), (2, (4, 2)), (2, (2, 4))]

    The chapter's move, two squares up in the first maze, is ``(0, (2, 4))``.
    """
    for what, given in (("mazes", mazes), ("positions", positions)):
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise TypeError(f"{what} must be a list (one entry per maze), got {show(given)}")
    mazes = [parse(m) for m in mazes]
    positions = list(positions)
    if len(mazes) != len(positions):
        raise ValueError(
            f"got {len(mazes)} mazes but {len(positions)} figure squares; give one square per maze"
        )
    squares = [_as_square(m, p) for m, p in zip(mazes, positions, strict=True)]
    grids = [grundy_grid(m) for m in mazes]
    total = 0
    for grid, (r, c) in zip(grids, squares, strict=True):
        total ^= grid[r][c]
    result = []
    for i, (rows, grid, (r, c)) in enumerate(zip(mazes, grids, squares, strict=True)):
        target = total ^ grid[r][c]
        result.extend((i, sq) for sq in _moves(rows, r, c) if grid[sq[0]][sq[1]] == target)
    return result
