"""Pictures of the partizan board games: Domineering boards and Toads and Frogs rows.

Offers :func:`draw_domineering` and :func:`draw_toads_and_frogs` (on a
matplotlib Axes) and PNG helpers for the positions' ``_repr_png_``.  Taken
Domineering cells are dark and hatched, free ones white; toads are blue
discs marked ``T``, frogs red squares marked ``F``, so nothing depends on
colour alone.
"""

from __future__ import annotations

import io

from cgteach.draw._style import COLOURS, STYLE, check_ax, decorate, detached_figure, new_axes

__all__ = ["draw_domineering", "draw_toads_and_frogs", "domineering_png", "toads_and_frogs_png"]


def draw_domineering(board, ax=None, *, title=None, coordinates=False):
    """Draw a Domineering board on ``ax`` (a new figure if ``None``); returns the Axes."""
    from matplotlib.patches import Rectangle

    from cgteach.rulesets.domineering import Domineering

    if not isinstance(board, Domineering):
        board = Domineering(board)
    check_ax(ax)
    m, n = board.shape
    ax = new_axes(ax, size=(0.6 * n + 0.8, 0.6 * m + 0.8))
    for r, row in enumerate(board.rows):
        for c, ch in enumerate(row):
            taken = ch == "#"
            ax.add_patch(Rectangle((c, -r - 1), 1, 1, facecolor="#555555" if taken else "white",
                                   edgecolor=COLOURS["text"], lw=1.2,
                                   hatch="//" if taken else None))
    if coordinates:
        font = STYLE["font"] - 2
        for c in range(n):
            ax.text(c + 0.5, 0.15, str(c), ha="center", va="bottom", fontsize=font,
                    color=COLOURS["muted"])
        for r in range(m):
            ax.text(-0.15, -r - 0.5, str(r), ha="right", va="center", fontsize=font,
                    color=COLOURS["muted"])
    ax.set_xlim(-0.8, n + 0.2)
    ax.set_ylim(-m - 0.2, 0.8)
    return decorate(ax, title, equal=True)


def draw_toads_and_frogs(row, ax=None, *, title=None):
    """Draw a Toads and Frogs row on ``ax`` (a new figure if ``None``); returns the Axes."""
    from matplotlib.patches import Circle, Rectangle

    from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs

    if not isinstance(row, ToadsAndFrogs):
        row = ToadsAndFrogs(row)
    check_ax(ax)
    n = len(row.row)
    ax = new_axes(ax, size=(0.6 * n + 0.6, 1.2))
    font = STYLE["font"]
    for i, ch in enumerate(row.row):
        ax.add_patch(Rectangle((i, 0), 1, 1, facecolor="white", edgecolor=COLOURS["text"], lw=1.2))
        if ch == "T":
            ax.add_patch(Circle((i + 0.5, 0.5), 0.36, facecolor=COLOURS["blue"], edgecolor="none"))
        elif ch == "F":
            ax.add_patch(Rectangle((i + 0.16, 0.16), 0.68, 0.68, facecolor=COLOURS["red"],
                                   edgecolor="none"))
        if ch in "TF":
            ax.text(i + 0.5, 0.5, ch, ha="center", va="center", color="white",
                    fontsize=font, fontweight="bold")
    ax.set_xlim(-0.1, n + 0.1)
    ax.set_ylim(-0.1, 1.1)
    return decorate(ax, title, equal=True)


def _png(draw, position, size) -> bytes:
    fig = detached_figure(size)
    ax = fig.add_subplot()
    draw(position, ax=ax)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    return buf.getvalue()


def domineering_png(board) -> bytes:
    """PNG bytes of :func:`draw_domineering` (``board`` as :func:`draw_domineering` takes it)."""
    from cgteach.rulesets.domineering import Domineering

    if not isinstance(board, Domineering):
        board = Domineering(board)
    m, n = board.shape
    return _png(draw_domineering, board, (0.6 * n + 0.8, 0.6 * m + 0.8))


def toads_and_frogs_png(row) -> bytes:
    """PNG bytes of :func:`draw_toads_and_frogs` (``row`` as that function takes it)."""
    from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs

    if not isinstance(row, ToadsAndFrogs):
        row = ToadsAndFrogs(row)
    return _png(draw_toads_and_frogs, row, (0.6 * len(row.row) + 0.6, 1.2))
