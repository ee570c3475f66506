"""Pictures of Nim: heaps of stones, the binary column table, binary subpiles.

* :func:`draw_heaps` -- each heap a column of stones, optionally showing the
  stones a move takes away.
* :func:`draw_binary_table` -- the heaps in binary, one row each, the nim sum
  underneath, the leading bit of the nim sum and the heap to change marked
  (the table of the analysis of ``[10, 12, 5]``).
* :func:`draw_subpiles` -- a heap broken into its binary subpiles
  (``7 = 4 + 2 + 1``), or every heap of a position with the subpiles of each
  size in one column, columns with an odd count highlighted.

Every function takes an optional ``ax`` and returns the ``Axes`` it drew on.
"""

from __future__ import annotations

import numbers

from cgteach._validate import as_count, as_heaps
from cgteach._validate import show as _show
from cgteach.draw._style import COLOURS, STYLE, decorate, new_axes, shrink_text_to_grid

__all__ = ["draw_heaps", "draw_binary_table", "draw_subpiles"]

#: :func:`draw_heaps` draws every stone: at most this many in a pile ...
MAX_DRAWN_STONES = 200
#: ... and at most this many piles (more could not be told apart on a page).
MAX_DRAWN_PILES = 40

_STONE = COLOURS["blue"]
_TAKEN = COLOURS["highlight"]
_ODD_BAND = "#ffe2b8"
_ROW_BAND = "#fff1dc"


def _stone(ax, x, y, colour, r=0.4, hatch=None, zorder=3):
    from matplotlib.patches import Circle

    ax.add_patch(
        Circle(
            (x, y),
            r,
            facecolor=colour,
            edgecolor=COLOURS["white"] if hatch is None else COLOURS["text"],
            linewidth=STYLE["line"] * 0.5,
            hatch=hatch,
            zorder=zorder,
        )
    )


def _check_highlight(heaps, highlight):
    if highlight is None:
        return None
    if not isinstance(highlight, (tuple, list)) or len(highlight) != 2:
        raise TypeError(f"highlight must be a move (heap_index, new_size), got {_show(highlight)}")
    from cgteach.nim import play

    play(heaps, highlight)  # raises a clear error for an illegal move
    return int(highlight[0]), int(highlight[1])


def draw_heaps(heaps, ax=None, highlight=None):
    """Draw each heap as a column of stones, labelled ``Pile 1``, ``Pile 2``, ...

    ``highlight=(heap_index, new_size)`` colours the stones that move takes
    (the top ones of that heap) and writes how many go.

    >>> ax = draw_heaps([10, 12, 5], highlight=(0, 9))
    >>> [t.get_text() for t in ax.texts][:3]
    ['Pile 1', '10', 'take 1']
    >>> import matplotlib.pyplot as plt; plt.close("all")
    """
    heaps = as_heaps(heaps, limit=MAX_DRAWN_PILES, size=MAX_DRAWN_STONES)
    move = _check_highlight(heaps, highlight)
    n = len(heaps)
    tallest = max(heaps, default=0)
    font = STYLE["font"]
    # Lay out in "stone units" (one unit per stone, stones 0.8 across).  A unit
    # is about 0.6 inch, less for tall heaps; text sizes are converted from
    # points so labels never collide with each other or the stones.
    unit = min(0.6, 7.5 / (max(tallest, 1) + 4)) * STYLE["scale"]
    label = 1.35 * font / 72 / unit  # one line of text, in stone units
    gap = max(1.6, 0.62 * font / 72 / unit * len(f"Pile {max(n, 1)}") + 0.5)
    bottom = -0.3 - 2 * label
    top = max(tallest, 1) + (0.3 + label if move is not None else 0.3)
    width = max(n, 1) * gap
    ax = new_axes(
        ax, size=(max(2.0, unit * width) / STYLE["scale"], unit * (top - bottom) / STYLE["scale"])
    )
    names, sizes = [], []
    for i, h in enumerate(heaps):
        x = i * gap
        keep = h if move is None or move[0] != i else move[1]
        for k in range(h):
            _stone(ax, x, k + 0.5, _STONE if k < keep else _TAKEN)
        # The labels hang below the ground line at offsets in points, so they
        # keep clear of the stones and of each other whatever the axes' size.
        names.append(ax.annotate(f"Pile {i + 1}", (x, -0.3), xytext=(0, -1),
                                 textcoords="offset points", ha="center", va="top",
                                 fontsize=font, color=COLOURS["text"]))
        sizes.append(ax.annotate(str(h), (x, -0.3), xytext=(0, -1 - 1.3 * font),
                                 textcoords="offset points", ha="center", va="top",
                                 fontsize=font, color=COLOURS["text"], fontweight="bold"))
        if move is not None and move[0] == i:
            ax.annotate(f"take {h - keep}", (x, h - 0.1), xytext=(0, 3),
                        textcoords="offset points", ha="center", va="bottom",
                        fontsize=font, color=_TAKEN, fontweight="bold")
    ax.plot(
        [-gap / 2 + 0.2, (max(n, 1) - 0.5) * gap - 0.2],
        [0, 0],
        color=COLOURS["muted"],
        linewidth=STYLE["line"] * 0.6,
        zorder=1,
    )
    ax.set_xlim(-gap / 2, (max(n, 1) - 0.5) * gap)
    ax.set_ylim(bottom, top)
    decorate(ax, equal=True)
    _fit_pile_labels(ax, names, sizes, gap, font)
    return ax


def _fit_pile_labels(ax, names, sizes, gap, font):
    """Shrink the pile labels, if need be, so that neighbours do not meet.

    On a small given ``ax`` (a widget's still picture) a pile is narrower
    than "Pile 10"; the labels then get a smaller font (never below 6 pt) and
    the pile sizes move down with them.
    """
    if len(names) < 2:
        return
    ax.apply_aspect()
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    (x0, _), (x1, _) = ax.transData.transform([(0, 0), (gap, 0)])
    room = abs(x1 - x0) * 0.9   # pixels between two piles' centres
    widest = max(t.get_window_extent(renderer).width for t in names + sizes)
    if widest <= room:
        return
    size = max(6.0, font * room / widest)
    for name, count in zip(names, sizes, strict=True):
        name.set_fontsize(size)
        count.set_fontsize(size)
        count.xyann = (0, -1 - 1.3 * size)


def draw_binary_table(heaps, ax=None):
    """Draw the heaps in binary, one row each, with the nim sum row below a rule.

    Columns are headed by powers of two (``8 4 2 1``).  The leading bit of
    the nim sum is boxed, and so is the ``1`` in that column of the heap a
    winning move changes (the first such heap); that heap's row is shaded
    and its new size written at the right.

    >>> ax = draw_binary_table([10, 12, 5])
    >>> "→ 9" in [t.get_text() for t in ax.texts]
    True
    >>> import matplotlib.pyplot as plt; plt.close("all")
    """
    from matplotlib.patches import FancyBboxPatch, Rectangle

    from cgteach.nim import binary_table

    table = binary_table(heaps)
    n, w = len(table.heaps), table.width
    font = STYLE["font"] * 1.25
    ax = new_axes(ax, size=(2.4 + 0.65 * w, 1.4 + 0.55 * (n + 2)))
    mono = {"family": "monospace", "fontsize": font}
    col_x = [1.6 + c for c in range(w)]  # bit columns; decimals end at x = 0.8
    change = table.to_change[0] if table.to_change else None
    new = dict(table.moves).get(change)

    def row_y(r):  # r = 0 for the header, 1..n for the heaps, n + 1 for the nim sum
        return -r - (0.3 if r == n + 1 else 0.0)

    for c, p in enumerate(table.powers):
        ax.text(
            col_x[c], row_y(0), str(p), ha="center", va="center", color=COLOURS["muted"], **mono
        )
    for r, (h, bits) in enumerate(zip(table.heaps, table.rows, strict=True), start=1):
        y = row_y(r)
        if r - 1 == change:
            ax.add_patch(
                Rectangle(
                    (-0.9, y - 0.45),
                    col_x[-1] + 0.55 + 0.9,
                    0.9,
                    facecolor=_ROW_BAND,
                    edgecolor="none",
                    zorder=0,
                )
            )
            ax.text(
                col_x[-1] + 0.8,
                y,
                f"→ {new}",
                ha="left",
                va="center",
                color=COLOURS["N"],
                fontweight="bold",
                **mono,
            )
        ax.text(0.8, y, str(h), ha="right", va="center", color=COLOURS["text"], **mono)
        for c, b in enumerate(bits):
            ax.text(
                col_x[c],
                y,
                str(b),
                ha="center",
                va="center",
                color=COLOURS["text"] if b else COLOURS["muted"],
                **mono,
            )
    rule_y = row_y(n) - 0.6 if n else -0.6
    ax.plot(
        [-0.9, col_x[-1] + 0.55],
        [rule_y, rule_y],
        color=COLOURS["text"],
        linewidth=STYLE["line"] * 0.6,
    )
    y = row_y(n + 1)
    ax.text(-0.9, y, "⊕", ha="left", va="center", color=COLOURS["muted"], **mono)
    ax.text(
        0.8,
        y,
        str(table.nim_sum),
        ha="right",
        va="center",
        color=COLOURS["text"],
        fontweight="bold",
        **mono,
    )
    for c, b in enumerate(table.nim_sum_bits):
        ax.text(
            col_x[c],
            y,
            str(b),
            ha="center",
            va="center",
            fontweight="bold",
            color=COLOURS["text"] if b else COLOURS["muted"],
            **mono,
        )
    if table.leading_column is not None:
        x = col_x[table.leading_column]
        for yy in (y, row_y(change + 1)):
            ax.add_patch(
                FancyBboxPatch(
                    (x - 0.3, yy - 0.36),
                    0.6,
                    0.72,
                    boxstyle="round,pad=0.02",
                    facecolor="none",
                    edgecolor=COLOURS["N"],
                    linewidth=STYLE["line"] * 0.8,
                    zorder=2,
                )
            )
    status = (
        "balanced: nim sum 0, no winning move"
        if table.nim_sum == 0
        else f"nim sum {table.nim_sum}: change pile {change + 1} to {new}"
    )
    ax.text(
        -0.9,
        y - 0.9,
        status,
        ha="left",
        va="center",
        fontsize=STYLE["font"],
        color=COLOURS["P"] if table.nim_sum == 0 else COLOURS["N"],
    )
    right = col_x[-1] + (2.2 if change is not None else 0.7)
    ax.set_xlim(-1.0, right)
    ax.set_ylim(y - 1.3, 0.6)
    decorate(ax, equal=True)
    shrink_text_to_grid(ax, list(ax.texts))   # a small given ax (a widget's still picture)
    return ax


def _grid(power: int) -> tuple[int, int]:
    """Columns and rows of the compact block that shows ``power`` stones."""
    k = power.bit_length() - 1
    return 1 << ((k + 1) // 2), 1 << (k // 2)


_MAX_DRAWN = 64  # larger subpiles are drawn as a labelled box, not stone by stone


def _block(ax, x0, y0, power, colour, scale):
    """Draw ``power`` stones as a compact block with lower-left corner (x0, y0)."""
    from matplotlib.patches import FancyBboxPatch

    cols, rows = _grid(min(power, _MAX_DRAWN))
    if power > _MAX_DRAWN:
        ax.add_patch(
            FancyBboxPatch(
                (x0 + 0.1, y0 + 0.1),
                cols - 0.2,
                rows - 0.2,
                boxstyle="round,pad=0.05",
                facecolor=colour,
                edgecolor=COLOURS["white"],
                zorder=3,
            )
        )
        ax.text(
            x0 + cols / 2,
            y0 + rows / 2,
            f"{power}\nstones",
            ha="center",
            va="center",
            color=COLOURS["white"],
            fontsize=STYLE["font"] * scale,
            zorder=4,
        )
        return
    for k in range(power):
        _stone(ax, x0 + k % cols + 0.5, y0 + rows - 1 - k // cols + 0.5, colour, r=0.38)


#: The largest heap :func:`draw_subpiles` draws (one column per power of two: 20 at most).
MAX_SUBPILE_HEAP = 2**20 - 1


def draw_subpiles(heaps, ax=None):
    """Draw heaps broken into their binary subpiles.

    Given one heap (an ``int``), draw its subpiles side by side, each a block
    of stones labelled with its size, titled e.g. ``7 = 4 + 2 + 1``.  Given a
    list of heaps, draw one row per heap and one column per power of two,
    so that equal subpiles line up; the columns holding an odd number of
    subpiles (the ones that make a position unbalanced) are shaded and
    marked "odd".

    >>> ax = draw_subpiles(7)
    >>> ax.get_title()
    '7 = 4 + 2 + 1'
    >>> ax = draw_subpiles([10, 12, 5])
    >>> [t.get_text() for t in ax.texts].count("odd")  # the columns of 2 and 1
    2
    >>> import matplotlib.pyplot as plt; plt.close("all")
    """
    from cgteach.nimbers import binary_expansion

    single = isinstance(heaps, numbers.Integral)
    if single:
        h = as_count(heaps, "the heap", limit=MAX_SUBPILE_HEAP)
        powers = binary_expansion(h) or [1]
        rows = [h]
    else:
        rows = list(as_heaps(heaps, size=MAX_SUBPILE_HEAP))
        width = max(1, max((h.bit_length() for h in rows), default=0))
        powers = [1 << k for k in range(width - 1, -1, -1)]
    font = STYLE["font"]
    gap = 0.8
    sizes = [_grid(min(p, _MAX_DRAWN)) for p in powers]
    col_x, x = [], 0.0
    for cols, _ in sizes:
        col_x.append(x)
        x += cols + gap
    total_w = x - gap
    row_h = max(r for _, r in sizes) + 0.9
    n = len(rows)
    label_w = 0.0 if single else 2.6
    ax = new_axes(ax, size=(1.0 + 0.5 * (total_w + label_w), 1.2 + 0.5 * row_h * max(n, 1) + 0.6))

    counts = [sum(1 for h in rows if h & p) for p in powers]
    odd = [not single and c % 2 == 1 for c in counts]
    for c, p in enumerate(powers):
        cols, _ = sizes[c]
        cx = col_x[c] + cols / 2
        if odd[c]:
            from matplotlib.patches import Rectangle

            ax.add_patch(
                Rectangle(
                    (col_x[c] - gap / 2 + 0.05, -row_h * n - 0.15),
                    cols + gap - 0.1,
                    row_h * n + 1.55,
                    facecolor=_ODD_BAND,
                    edgecolor="none",
                    zorder=0,
                )
            )
        if not single:
            # the power above a line at y = 0.6, its count below it (offsets in
            # points, so the two never meet whatever the scale)
            ax.annotate(
                str(p),
                (cx, 0.6),
                xytext=(0, 1),
                textcoords="offset points",
                ha="center",
                va="bottom",
                fontsize=font * 1.2,
                fontweight="bold",
                color=COLOURS["text"],
            )
            ax.annotate(
                "odd" if odd[c] else f"×{counts[c]}",
                (cx, 0.6),
                xytext=(0, -1),
                textcoords="offset points",
                ha="center",
                va="top",
                fontsize=font * 0.9,
                color=COLOURS["N"] if odd[c] else COLOURS["muted"],
                fontweight="bold" if odd[c] else "normal",
            )
    for r, h in enumerate(rows):
        top = -r * row_h
        for c, p in enumerate(powers):
            if not h & p:
                continue
            cols, rws = sizes[c]
            y0 = top - row_h + 0.6 + (row_h - 0.9 - rws) / 2
            _block(ax, col_x[c], y0, p, _TAKEN if odd[c] else _STONE, 1.0)
            if single:
                ax.text(
                    col_x[c] + cols / 2,
                    y0 - 0.2,
                    str(p),
                    ha="center",
                    va="top",
                    fontsize=font * 1.2,
                    fontweight="bold",
                    color=COLOURS["text"],
                )
        if not single:
            ax.text(
                -gap,
                top - row_h / 2 + 0.15,
                f"Pile {r + 1}: {h}",
                ha="right",
                va="center",
                fontsize=font * 1.1,
                color=COLOURS["text"],
            )
    if single:
        parts = binary_expansion(rows[0])
        title = (
            f"{rows[0]} = {' + '.join(map(str, parts))}"
            if len(parts) > 1
            else (f"{rows[0]} is a single subpile" if parts else "0 has no subpiles")
        )
        ax.set_xlim(-0.4, total_w + 0.4)
        ax.set_ylim(-row_h - 0.5, 0.4)
        return decorate(ax, title, equal=True)
    odd_powers = [p for p, o in zip(powers, odd, strict=True) if o]
    if odd_powers:
        total = sum(odd_powers)
        sums = " + ".join(map(str, odd_powers))
        footer = (
            f"odd columns: {sums} = {total} = the nim sum"
            if len(odd_powers) > 1
            else (f"odd column: {total} = the nim sum")
        )
    else:
        footer = "every column is even: nim sum 0, the position is balanced"
    ax.text(
        -gap - label_w,
        -row_h * max(n, 1) - 0.6,
        footer,
        ha="left",
        va="top",
        fontsize=font,
        color=COLOURS["N"] if odd_powers else COLOURS["P"],
    )
    ax.set_xlim(-gap - label_w, total_w + 0.4)
    ax.set_ylim(-row_h * max(n, 1) - 1.6, 1.5)
    return decorate(ax, equal=True)
