"""Pictures of Clobber boards.

Offers :func:`draw_clobber` (on a matplotlib Axes) and :func:`clobber_png`
for the position's ``_repr_png_``.  Left's stones are blue discs marked
``x``, Right's red squares marked ``o``, empty squares plain white, so
nothing depends on colour alone.  In lecture mode (see
:func:`cgteach.draw.lecture_mode`) the board, the marks and the coordinates
grow with the style.
"""

from __future__ import annotations

import io

from cgteach.draw._style import COLOURS, STYLE, check_ax, decorate, detached_figure, new_axes

__all__ = ["draw_clobber", "clobber_png"]


def _size(board) -> tuple:
    m, n = board.shape
    return (0.6 * n + 0.8, 0.6 * m + 0.8)


def draw_clobber(board, ax=None, *, title=None, coordinates=False, highlight=()):
    """Draw a Clobber board on ``ax`` (a new figure if ``None``); returns the Axes.

    ``coordinates`` writes row and column numbers at the edges;
    ``highlight`` is a list of ``(row, column)`` squares to outline (a move).
    """
    from matplotlib.patches import Circle, Rectangle

    from cgteach.rulesets.clobber import Clobber

    if not isinstance(board, Clobber):
        board = Clobber(board)
    check_ax(ax)
    m, n = board.shape
    ax = new_axes(ax, size=_size(board))
    font = STYLE["font"]
    lw = 1.2 * STYLE["scale"]
    marked = {tuple(p) for p in highlight}
    for r, row in enumerate(board.rows):
        for c, ch in enumerate(row):
            x0, y0 = c, -r - 1
            ax.add_patch(Rectangle((x0, y0), 1, 1, facecolor="white", edgecolor=COLOURS["text"],
                                   lw=lw))
            if ch == "x":
                ax.add_patch(Circle((x0 + 0.5, y0 + 0.5), 0.38, facecolor=COLOURS["blue"],
                                    edgecolor="none"))
            elif ch == "o":
                ax.add_patch(Rectangle((x0 + 0.14, y0 + 0.14), 0.72, 0.72,
                                       facecolor=COLOURS["red"], edgecolor="none"))
            if ch in "xo":
                ax.text(x0 + 0.5, y0 + 0.5, ch, ha="center", va="center", color="white",
                        fontsize=font, fontweight="bold")
            if (r, c) in marked:
                ax.add_patch(Rectangle((x0 + 0.04, y0 + 0.04), 0.92, 0.92, facecolor="none",
                                       edgecolor=COLOURS["highlight"], lw=3 * lw))
    if coordinates:
        small = max(font - 2, 8)
        for c in range(n):
            ax.text(c + 0.5, 0.15, str(c), ha="center", va="bottom", fontsize=small,
                    color=COLOURS["muted"])
        for r in range(m):
            ax.text(-0.15, -r - 0.5, str(r), ha="right", va="center", fontsize=small,
                    color=COLOURS["muted"])
    ax.set_xlim(-0.8, n + 0.2)
    ax.set_ylim(-m - 0.2, 0.8)
    return decorate(ax, title, equal=True)


def clobber_png(board) -> bytes:
    """PNG bytes of :func:`draw_clobber` (``board`` as :func:`draw_clobber` takes it)."""
    from cgteach.rulesets.clobber import Clobber

    if not isinstance(board, Clobber):
        board = Clobber(board)
    fig = detached_figure(_size(board))
    ax = fig.add_subplot()
    draw_clobber(board, ax=ax)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    return buf.getvalue()
