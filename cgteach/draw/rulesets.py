"""Pictures of the rulesets: mazes, value strips, the Wythoff table, Chomp, Chop, staircases.

Every function takes the thing to draw and an optional ``ax`` and returns
the Axes.  Grundy values are written in the squares; P-positions (value 0)
are filled in the P colour throughout, so a picture can be read at a glance.
"""

from __future__ import annotations

import math
import numbers

from cgteach._validate import show as _show
from cgteach.draw._style import COLOURS, LECTURE_MIN_POINTS, STYLE, decorate, new_axes

__all__ = [
    "draw_maze",
    "draw_value_strip",
    "draw_win_lose",
    "draw_wythoff",
    "draw_chomp",
    "draw_chop",
    "draw_staircase",
]

_FLOOR = "#ffffff"
_LIGHT_P = "#d3e6f3"
_REACH = "#ffe2b8"
_PALETTE = [  # value colours for strips: calm, distinct, readable with dark text
    "#2c7fb8",
    "#fdd49e",
    "#c7e9c0",
    "#fcbba1",
    "#dadaeb",
    "#fee391",
    "#a6dba0",
    "#f4a582",
    "#bcbddc",
    "#d9f0a3",
    "#fdae6b",
    "#9ecae1",
]


def _value_colour(v: int) -> str:
    return _PALETTE[0] if v == 0 else _PALETTE[1 + (v - 1) % (len(_PALETTE) - 1)]


def _square(ax, x, y, face, edge=None, lw=None, z=1, **kw):
    from matplotlib.patches import Rectangle

    ax.add_patch(
        Rectangle(
            (x, y),
            1,
            1,
            facecolor=face,
            edgecolor=edge or COLOURS["black"],
            linewidth=lw if lw is not None else STYLE["line"] * 0.4,
            zorder=z,
            **kw,
        )
    )


def _check_marker(marker, rows):
    """``marker`` as a ``(row, col)`` pair of a floor square of ``rows``, or a clear error."""
    h, w = len(rows), len(rows[0])
    try:
        r, c = marker
    except (TypeError, ValueError):
        raise TypeError(f"marker must be a (row, col) pair, got {_show(marker)}") from None
    if not all(isinstance(k, int) and not isinstance(k, bool) for k in (r, c)):
        raise TypeError(f"marker must be a pair of whole numbers (row, col), got {_show(marker)}")
    if not (0 <= r < h and 0 <= c < w):
        raise ValueError(
            f"marker {_show(marker)} is outside the maze: rows run 0..{h - 1}, columns 0..{w - 1}")
    if rows[r][c] == "#":
        raise ValueError(f"marker {_show(marker)} is on a wall: put the figure on a floor square")
    return (r, c)


def _check_grid(grid, rows):
    """The maze's values as rows of ints (``None`` on walls), the maze's shape; else raise."""
    from cgteach._validate import as_list

    h, w = len(rows), len(rows[0])
    if isinstance(grid, (str, bytes, bytearray, dict)) or not hasattr(grid, "__iter__"):
        raise TypeError(f"grid must be a list of {h} rows of {w} values (from "
                        f"maze.grundy_grid), got {_show(grid)} of type {type(grid).__name__}")
    out = as_list(grid, "grid", limit=h)
    if len(out) != h:
        raise ValueError(f"grid must have {h} rows, one for each row of the maze, "
                         f"got {len(out)}")
    checked = []
    for r, row in enumerate(out):
        if isinstance(row, (str, bytes, bytearray, dict)) or not hasattr(row, "__iter__"):
            raise TypeError(f"grid row {r} must be a list of {w} values, got {_show(row)} "
                            f"of type {type(row).__name__}")
        items = as_list(row, f"grid row {r}", limit=w)
        if len(items) != w:
            raise ValueError(f"grid row {r} must have {w} values, one for each column of "
                             f"the maze, got {len(items)}")
        for c, v in enumerate(items):
            if v is None:
                continue
            if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 0:
                raise TypeError(f"grid[{r}][{c}] must be a non-negative integer or None, "
                                f"got {_show(v)} of type {type(v).__name__}")
            if v > 10**6:
                raise ValueError(f"grid[{r}][{c}] must be at most 1000000 (a maze's "
                                 f"values are small), got {_show(v)}")
        checked.append([None if v is None else int(v) for v in items])
    return checked


def draw_maze(rows, grid=None, ax=None, *, marker=None, moves=False, show_values=True, title=None):
    """Draw a maze: walls black, Grundy numbers on the floor, the figure on ``marker``.

    ``rows`` is a maze as for :func:`cgteach.rulesets.maze.grundy_grid`;
    ``grid`` its values (computed when omitted).  ``marker`` is the figure's
    square ``(row, col)``.  With ``moves=True`` the squares the figure can
    reach are shaded, and those of value 0 (winning moves) get a thick
    P-coloured frame.
    """
    from matplotlib.patches import Circle

    from cgteach.rulesets import maze as _maze

    rows = _maze.parse(rows)
    if grid is None and show_values:
        grid = _maze.grundy_grid(rows)
    h, w = len(rows), len(rows[0])
    if grid is not None:
        grid = _check_grid(grid, rows)
    ax = new_axes(ax, size=(0.75 * w + 0.6, 0.75 * h + 0.6))
    reach = set()
    if marker is not None:
        marker = _check_marker(marker, rows)
        if moves:
            reach = set(_maze.options(marker, rows))
    for r in range(h):
        for c in range(w):
            y = h - 1 - r
            if rows[r][c] == "#":
                _square(ax, c, y, COLOURS["black"])
                continue
            face = _REACH if (r, c) in reach else _FLOOR
            _square(ax, c, y, face)
            value = grid[r][c] if grid is not None else None
            if value is not None and show_values and (r, c) != marker:
                ax.text(
                    c + 0.5,
                    y + 0.5,
                    str(value),
                    ha="center",
                    va="center",
                    fontsize=STYLE["font"] * 1.15,
                    color=COLOURS["text"],
                    zorder=3,
                    fontweight="bold" if value == 0 else "normal",
                )
    for r, c in reach:
        if grid is not None and grid[r][c] == 0:
            _frame(ax, c, h - 1 - r)
    if marker is not None:
        r, c = marker
        y = h - 1 - r
        ax.add_patch(
            Circle(
                (c + 0.5, y + 0.5),
                0.34,
                facecolor=COLOURS["highlight"],
                edgecolor=COLOURS["black"],
                linewidth=STYLE["line"] * 0.6,
                zorder=5,
            )
        )
        if grid is not None and show_values:
            ax.text(
                c + 0.5,
                y + 0.5,
                str(grid[r][c]),
                ha="center",
                va="center",
                fontsize=STYLE["font"] * 1.15,
                fontweight="bold",
                color=COLOURS["black"],
                zorder=6,
            )
    ax.set_xlim(-0.05, w + 0.05)
    ax.set_ylim(-0.05, h + 0.05)
    # what the picture shows, in words: its text alternative (cgteach.exercises.solutions)
    walls = sum(row.count("#") for row in rows)
    words = [f"a maze of {h} rows by {w} columns, {walls} of its squares walls (black)"]
    if grid is not None and show_values:
        words.append("the Grundy number on every floor square")
    if marker is not None:
        words.append(f"the figure on row {marker[0] + 1} from the top, column {marker[1] + 1} "
                     "from the left")
        if moves:
            zeros = sum(1 for r, c in reach if grid is not None and grid[r][c] == 0)
            words.append(f"the {len(reach)} squares it can reach shaded"
                         + (f", {zeros} of value 0 framed" if zeros else ""))
    ax.set_label("; ".join(words))
    decorate(ax, title, equal=True)
    return ax


def _squares(ax, squares, edge=None, lw=None, z=1):
    """Many unit squares ``[((x, y), face), ...]`` at once: the look of :func:`_square` each.

    One ``PatchCollection`` (mitred corners, as a single ``Rectangle`` has)
    instead of a patch a square: a long strip draws several times faster.
    """
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    if not squares:
        return None
    boxes = PatchCollection(
        [Rectangle(xy, 1, 1) for xy, _ in squares],
        facecolors=[face for _, face in squares],
        edgecolors=edge or COLOURS["black"],
        linewidths=lw if lw is not None else STYLE["line"] * 0.4,
        joinstyle="miter",
        capstyle="butt",
        zorder=z,
    )
    ax.add_collection(boxes, autolim=True)
    return boxes


def _frame(ax, c, y):
    from matplotlib.patches import Rectangle

    inset = 0.08
    ax.add_patch(
        Rectangle(
            (c + inset, y + inset),
            1 - 2 * inset,
            1 - 2 * inset,
            facecolor="none",
            edgecolor=COLOURS["P"],
            linewidth=STYLE["line"] * 1.2,
            zorder=4,
        )
    )


#: Rows of a value strip in lecture mode: more would make the squares too small to read.
_LECTURE_ROWS = 6


def draw_value_strip(values, ax=None, *, period=None, start=0, per_row=None, title=None):
    """Draw Grundy values as a row of coloured squares, pile sizes above.

    ``values[i]`` belongs to heap ``start + i``.  Long strips wrap after
    ``per_row`` squares (default: 20, or the period when one is given, so
    that repeating values line up in columns).  ``period = (preperiod, p)``
    marks where the periodic part starts and each period after it.
    In lecture mode at most 17 squares go to a row and 6 rows are drawn
    (a line under the strip says which heaps are left out).
    """
    from cgteach._validate import as_count, as_list

    values = as_list(values, "values", limit=MAX_STRIP)
    for i, v in enumerate(values):
        as_count(v, f"values[{i}] (a Grundy value)")
    if not values:
        raise ValueError("there are no values to draw")
    n = len(values)
    if per_row is not None and (isinstance(per_row, bool) or not isinstance(per_row, int)
                                or per_row < 1):
        raise ValueError(f"per_row must be a whole number of squares >= 1, got {_show(per_row)}")
    if per_row is None:
        per_row = period[1] if period and 6 <= period[1] <= 40 else min(n, 20)
        if STYLE["lecture"]:
            # On a projector a square must hold a three-digit heap number at 18 px:
            # at most 17 to a row, halving a long period so its columns still line up.
            while per_row > 17:
                per_row = -(-per_row // 2)
    nrows = -(-n // per_row)
    left_out = 0
    if STYLE["lecture"] and nrows > _LECTURE_ROWS:
        # A projector shows at most this many legible rows: draw those, say what is left out.
        left_out = n - _LECTURE_ROWS * per_row
        nrows, n = _LECTURE_ROWS, _LECTURE_ROWS * per_row
        values = values[:n]
    ax = new_axes(ax, size=(0.55 * min(n, per_row) + 0.8, 0.85 * nrows + 0.9))
    font = STYLE["font"]
    if left_out:
        # below the period's caption (which starts at the left, one line down)
        ax.annotate(f"piles {start + n} to {start + n + left_out - 1} are not shown",
                    (min(n, per_row), -(nrows - 1) * 1.5 - 0.25),
                    xytext=(0, -1.5 * font * 0.8 if period is not None else 0),
                    textcoords="offset points",
                    ha="right", va="top", fontsize=font * 0.8, color=COLOURS["muted"])
    squares = []
    for i, v in enumerate(values):
        row, col = divmod(i, per_row)
        y = -row * 1.5
        squares.append(((col, y), _value_colour(v)))
        ax.text(
            col + 0.5,
            y + 0.5,
            str(v),
            ha="center",
            va="center",
            fontsize=font,
            fontweight="bold" if v == 0 else "normal",
            color=COLOURS["white"] if v == 0 else COLOURS["text"],
            zorder=3,
        )
        ax.text(
            col + 0.5,
            y + 1.12,
            str(start + i),
            ha="center",
            va="bottom",
            fontsize=font * 0.62,
            color=COLOURS["muted"],
            zorder=3,
        )
    _squares(ax, squares)
    if period is not None:
        e, p = period
        k = 0
        while e - start + k * p <= n:
            i = e - start + k * p
            if i >= 0:
                row, col = divmod(i, per_row)
                if col == 0 and i > 0 and i == n:
                    break
                y = -row * 1.5
                ax.plot(
                    [col, col],
                    [y - 0.12, y + 1.05],
                    color=COLOURS["red"],
                    linewidth=STYLE["line"] * (1.2 if k == 0 else 0.7),
                    zorder=5,
                    linestyle=(0, (2.6, 1.5)),   # dashed: not told by colour alone
                    dash_capstyle="butt",
                )
            k += 1
        ax.text(
            0,
            -(nrows - 1) * 1.5 - 0.25,
            f"dashed red lines: period {p}, starting at pile {e}",
            ha="left",
            va="top",
            fontsize=font * 0.8,
            color=COLOURS["text"],
        )
    ax.set_xlim(-0.1, min(n, per_row) + 0.1)
    ax.set_ylim(-(nrows - 1) * 1.5 - (1.0 if period is not None else 0.4), 1.6)
    decorate(ax, title, equal=True)
    return ax


def draw_win_lose(subtraction_set=(1, 2, 3), n: int = 16, ax=None, *, title=None):
    """Draw the source's strip of losing (L) and winning (W) heaps ``0 … n-1``.

    L squares (P-positions) are filled in the P colour.
    """
    from cgteach.rulesets import subtraction

    marks = subtraction.win_lose(subtraction_set, n)
    ax = new_axes(ax, size=(0.55 * n + 0.8, 1.6))
    font = STYLE["font"]
    for i, m in enumerate(marks):
        lose = m == "L"
        _square(ax, i, 0, COLOURS["P"] if lose else _FLOOR)
        ax.text(
            i + 0.5,
            0.5,
            m,
            ha="center",
            va="center",
            fontsize=font * 1.1,
            fontweight="bold",
            color=COLOURS["white"] if lose else COLOURS["N"],
            zorder=3,
        )
        ax.text(
            i + 0.5,
            1.12,
            str(i),
            ha="center",
            va="bottom",
            fontsize=font * 0.7,
            color=COLOURS["text"],
        )
    ax.set_xlim(-0.1, n + 0.1)
    ax.set_ylim(-0.1, 1.7)
    decorate(ax, title, equal=True)
    return ax


def draw_wythoff(n: int = 12, ax=None, *, title=None, numbers=None):
    """Draw Wythoff's Grundy values for heaps ``0 … n-1`` as a heat map, cold positions framed.

    Heap ``a`` runs along the bottom, heap ``b`` up the side; the zeros
    (cold positions, P-positions) are framed.  ``numbers`` writes the values
    in the squares (default: when ``n <= 16``).
    """
    from matplotlib.patches import Rectangle

    from cgteach.rulesets import wythoff

    table = wythoff.grundy_table(n)
    if numbers is None:
        numbers = n <= 16
    side = min(0.5 * n, 6.2)  # the board itself: half an inch a square, at most 6.2 inches
    ax = new_axes(ax, size=(side + 1.4, side + 1.1))
    top = max(max(row) for row in table) or 1
    ax.imshow(
        [[table[a][b] for a in range(n)] for b in range(n)],
        origin="lower",
        cmap="Oranges",
        vmin=0,
        vmax=top * 1.6,
        extent=(0, n, 0, n),
    )
    font = STYLE["font"]
    for a in range(n):
        for b in range(n):
            v = table[a][b]
            if v == 0:
                ax.add_patch(
                    Rectangle(
                        (a, b),
                        1,
                        1,
                        facecolor=COLOURS["P"],
                        edgecolor=COLOURS["black"],
                        linewidth=STYLE["line"] * 0.5,
                        zorder=2,
                    )
                )
            if numbers:
                ax.text(
                    a + 0.5,
                    b + 0.5,
                    str(v),
                    ha="center",
                    va="center",
                    fontsize=font * min(0.75, 0.75 * 12 / n),
                    zorder=3,
                    color=COLOURS["white"] if v == 0 else COLOURS["text"],
                    fontweight="bold" if v == 0 else "normal",
                )
    tick_font = font * min(0.7, 0.7 * 24 / max(n, 1))  # long axes get smaller tick labels
    # every tick label when they fit side by side, else every second (or third ...)
    width_in = ax.get_position().width * ax.figure.get_figwidth()
    shown = max(tick_font, LECTURE_MIN_POINTS if STYLE["lecture"] else 0.0)
    every = max(1, math.ceil(n * 0.62 * shown * 2.6 / 72 / max(width_in, 0.1)))
    ticks = list(range(0, n, every))
    ax.set_xticks([i + 0.5 for i in ticks], [str(i) for i in ticks], fontsize=tick_font)
    ax.set_yticks([i + 0.5 for i in ticks], [str(i) for i in ticks], fontsize=tick_font)
    ax.set_xlabel("pile a", fontsize=font)
    ax.set_ylabel("pile b", fontsize=font)
    # what the picture shows, in words: its text alternative (cgteach.exercises.solutions)
    cold = sum(row.count(0) for row in table)
    ax.set_label(f"Wythoff's Grundy values for piles a and b from 0 to {n - 1}, darker for "
                 f"larger values (largest {top}), the {cold} cold positions (value 0) in blue")
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    decorate(ax, title, axis_off=False, equal=True)
    return ax


def draw_chomp(position, ax=None, *, bite=None, title=None, show_value=False, box=None):
    """Draw a Chomp position: squares from the bottom row up, the poisoned corner marked.

    ``bite = (row, col)`` shades the squares that eating that square would
    remove (row 0 is the bottom row).  ``box = (rows, cols)`` draws the
    diagram in a frame of that many squares, so that diagrams drawn side by
    side with the same ``box`` share one scale.

    >>> [float(x) for x in draw_chomp((3, 1), box=(2, 3)).get_xlim()]
    [-0.1, 3.1]
    """
    from cgteach.rulesets import chomp

    rows = chomp.normalize(position)
    eaten = set()
    if bite is not None:
        br, bc = bite
        if not (0 <= br < len(rows) and 0 <= bc < rows[br]) or (br, bc) == (0, 0):
            raise ValueError(f"cannot bite square {bite}: it is not an edible square of {rows}")
        eaten = {(r, c) for r in range(br, len(rows)) for c in range(bc, rows[r])}
    w, h = _box(rows[0], len(rows), box)
    ax = new_axes(ax, size=(0.7 * w + 0.8, 0.7 * h + 0.9))
    choc, poison = "#8b5a2b", COLOURS["red"]
    for r, length in enumerate(rows):
        for c in range(length):
            if (r, c) == (0, 0):
                _square(ax, c, r, poison, edge=COLOURS["white"], lw=STYLE["line"])
                ax.text(
                    c + 0.5,
                    r + 0.5,
                    "✕",
                    ha="center",
                    va="center",
                    fontsize=STYLE["font"] * 1.4,
                    color=COLOURS["white"],
                    zorder=3,
                    fontweight="bold",
                )
            else:
                face = COLOURS["highlight"] if (r, c) in eaten else choc
                _square(ax, c, r, face, edge=COLOURS["white"], lw=STYLE["line"])
    if show_value:
        title = (title + " — " if title else "") + f"value *{chomp.grundy_value(rows)}"
    ax.set_xlim(-0.1, w + 0.1)
    ax.set_ylim(-0.1, h + 0.1)
    decorate(ax, title, equal=True)
    return ax


#: The longest side of a Chop bar that is drawn square by square.
MAX_CHOP_SIDE = 40
#: The most values a strip draws (a few hundred squares already fill a page).
MAX_STRIP = 5000


def draw_chop(position, ax=None, *, title=None, show_value=True, box=None):
    """Draw a Chop bar of ``(rows, cols)`` squares, with its value ``*((rows-1) ⊕ (cols-1))``.

    ``box = (rows, cols)`` draws the bar in a frame of that size, so that
    bars drawn side by side with the same ``box`` share one scale.

    >>> [float(y) for y in draw_chop((1, 2), box=(2, 4)).get_ylim()]
    [-0.1, 2.1]
    """
    from cgteach._validate import as_count, as_list
    from cgteach.rulesets import chop

    pair = as_list(position, "position", limit=2)
    if len(pair) != 2:
        raise TypeError(f"position must be a pair (rows, cols), got {_show(position)}")
    m = as_count(pair[0], "the number of rows", limit=MAX_CHOP_SIDE)
    n = as_count(pair[1], "the number of columns", limit=MAX_CHOP_SIDE)
    value = chop.grundy_value((m, n))
    w, h = _box(n, m, box)
    ax = new_axes(ax, size=(0.7 * w + 0.8, 0.7 * h + 0.9))
    for r in range(m):
        for c in range(n):
            _square(ax, c, r, "#8b5a2b", edge=COLOURS["white"], lw=STYLE["line"])
    if show_value:
        label = f"{m}×{n}: *{value}" if value else f"{m}×{n}: 0"
        title = f"{title} — {label}" if title else label
    ax.set_xlim(-0.1, w + 0.1)
    ax.set_ylim(-0.1, h + 0.1)
    decorate(ax, title, equal=True)
    return ax


def _box(width, height, box):
    """The frame ``(width, height)`` to draw in: the diagram's own, or ``box = (rows, cols)``."""
    if box is None:
        return width, height
    try:
        rows, cols = (int(k) for k in box)
    except (TypeError, ValueError):
        raise TypeError(
            f"box must be a pair (rows, cols) of whole numbers, got {_show(box)}"
        ) from None
    if rows < height or cols < width:
        raise ValueError(
            f"box {_show(box)} is too small for a diagram of {height} rows and {width} columns; "
            "give a box at least that big"
        )
    return cols, rows


def draw_staircase(coins, ax=None, *, title=None, show_value=True):
    """Draw Staircase Nim: steps rising to the right, each with its stack of coins.

    ``coins[i]`` is the number of coins on step ``i`` (step 0 is the floor).
    The odd steps, the only ones that count, are shaded in the P colour and
    their coins drawn in orange; coins on even steps are grey.  With
    ``show_value`` the title reads the nim sum of the odd steps.

    >>> [t.get_text() for t in draw_staircase((0, 3, 5, 1), show_value=False).texts][-4:]
    ['step 2', '5', 'step 3', '1']
    """
    from matplotlib.patches import Circle, Rectangle

    from cgteach.rulesets import staircase

    stairs = staircase._as_stairs(coins)
    if not stairs:
        raise ValueError("a staircase needs at least one step (the floor)")
    n = len(stairs)
    rise, r, pitch = 0.5, 0.2, 0.36  # step height, coin radius, coin spacing in a stack
    tallest = max((i * rise + pitch * c for i, c in enumerate(stairs)), default=0)
    ax = new_axes(ax, size=(0.95 * n + 0.8, 0.95 * (tallest + 0.7) + 1.0))
    font = STYLE["font"]
    for i, count in enumerate(stairs):
        odd = i % 2 == 1
        top = i * rise
        if i:
            ax.add_patch(
                Rectangle(
                    (i, 0),
                    1,
                    top,
                    facecolor=_LIGHT_P if odd else "#eeeeee",
                    edgecolor=COLOURS["P"] if odd else COLOURS["muted"],
                    linewidth=STYLE["line"] * 0.5,
                    zorder=1,
                )
            )
        for k in range(count):
            ax.add_patch(
                Circle(
                    (i + 0.5, top + r + 0.04 + pitch * k),
                    r,
                    facecolor=COLOURS["highlight"] if odd else "#c8c8c8",
                    edgecolor=COLOURS["black"] if odd else COLOURS["muted"],
                    linewidth=STYLE["line"] * 0.4,
                    zorder=3,
                )
            )
        ax.text(
            i + 0.5,
            -0.12,
            "floor" if i == 0 else f"step {i}",
            ha="center",
            va="top",
            fontsize=font * 0.8,
            color=COLOURS["P"] if odd else COLOURS["text"],
            fontweight="bold" if odd else "normal",
        )
        ax.text(
            i + 0.5,
            top + 0.12 + pitch * count,
            str(count),
            ha="center",
            va="bottom",
            fontsize=font,
            fontweight="bold" if odd else "normal",
            color=COLOURS["text"] if odd else COLOURS["muted"],
            zorder=4,
        )
    ax.plot([-0.1, n + 0.1], [0, 0], color=COLOURS["ground"], linewidth=STYLE["line"], zorder=2)
    if show_value:
        odd_counts = stairs[1::2] or (0,)
        label = " ⊕ ".join(map(str, odd_counts)) + f" = {staircase.grundy_value(stairs)}"
        label = f"odd steps: {label}"
        title = f"{title} — {label}" if title else label
    ax.set_xlim(-0.1, n + 0.1)
    ax.set_ylim(-0.55, tallest + 0.75)
    decorate(ax, title, equal=True)
    return ax
