"""Pictures of misère quotients: the Cayley table, coloured and marked by P-portion.

* :func:`draw_quotient` -- the multiplication table of a
  :class:`cgteach.misere.MisereQuotient`: one row and one column per element,
  each cell the product; a cell whose product is in the P-portion (sums that
  are misère P-positions) is filled, framed and written in bold with a ``P``
  mark, so it reads without colour.  Above each column, the heaps whose image
  is that element (the heap images along the top).

Every function takes an optional ``ax`` and returns the ``Axes`` it drew on.
"""

from __future__ import annotations

from cgteach._validate import show as _show
from cgteach.draw._style import COLOURS, STYLE, clamp_size, decorate, fit_text_width, new_axes

__all__ = ["draw_quotient", "MAX_DRAWN_ORDER"]

#: The largest quotient drawn as a table (more cells could not be read on a page).
MAX_DRAWN_ORDER = 40

_P_FILL = "#cfe3f1"
_N_FILL = "#ffffff"
_HEAD_FILL = "#f2f2f2"


def _heap_list(heaps) -> str:
    """``[1, 3, 4, 5, 9]`` -> ``"1,3–5,9"``."""
    runs = []
    for h in heaps:
        if runs and h == runs[-1][1] + 1:
            runs[-1][1] = h
        else:
            runs.append([h, h])
    return ",".join(f"{a}" if a == b else (f"{a},{b}" if b == a + 1 else f"{a}–{b}")
                    for a, b in runs)


def draw_quotient(quotient, ax=None, title=None):
    """Draw the Cayley table of a misère quotient, its P-portion marked by fill, frame and text.

    >>> from cgteach.misere import misere_quotient
    >>> ax = draw_quotient(misere_quotient("0.3333", 2))
    >>> [t.get_text() for t in ax.texts if t.get_position()[1] == -1.5]   # the heaps' row
    ['0', '1', '2', 'heap']
    >>> import matplotlib.pyplot as plt; plt.close("all")
    """
    from matplotlib.patches import Rectangle

    from cgteach.misere import MisereQuotient

    if not isinstance(quotient, MisereQuotient):
        raise TypeError(
            f"draw_quotient() draws a MisereQuotient (from misere_quotient), got {_show(quotient)}"
        )
    if quotient.order > MAX_DRAWN_ORDER:
        raise ValueError(
            f"this quotient has {quotient.order} elements; draw_quotient() draws tables of at "
            f"most {MAX_DRAWN_ORDER} elements (print q.table_text() for bigger ones)"
        )
    elements = list(quotient.elements)
    n = len(elements)
    table = quotient.table()
    p = quotient.p_portion
    images = quotient.heap_images
    by_element = {x: [h for h, y in enumerate(images) if y == x] for x in elements}
    font = STYLE["font"]
    longest = max(len(x) for row in table for x in row) + 1
    # Inches per cell: as big as the style asks, but the whole table (n + 1 columns,
    # n + 3.4 rows with the heap row, the note and the title) within the page or slide.
    max_w, max_h = (10.5, 6.5) if STYLE["lecture"] else (9.0, 9.0)
    wanted = 0.011 * font * (longest + 1.5)  # inches for the longest name
    cell_w = min(max(0.42, wanted), max_w / (n + 1.2))
    cell_h = min(max(0.36, 0.024 * font), max_h / (n + 3.4))
    ax = new_axes(ax, size=clamp_size(cell_w * (n + 1.2), cell_h * (n + 3.4)))
    box = ax.get_position()
    cell_pt = ax.figure.get_figwidth() * box.width * 72 / (n + 1.1)
    row_pt = ax.figure.get_figheight() * box.height * 72 / (n + 3.3)
    # the longest name fills at most 85 % of a cell's width and 70 % of its height
    text_size = min(font, cell_pt * 0.85 / (0.62 * longest + 0.3), row_pt * 0.7)
    small = text_size * 0.8
    lw = STYLE["line"] * 0.3
    for i, x in enumerate(elements):
        # row heading (left) and column heading (top)
        for (cx, cy) in ((-1, i), (i, -1)):
            ax.add_patch(Rectangle((cx, cy), 1, 1, facecolor=_HEAD_FILL,
                                   edgecolor=COLOURS["muted"], linewidth=lw))
            weight = "bold" if x in p else "normal"
            ax.text(cx + 0.5, cy + 0.5, x + (" P" if x in p else ""), ha="center", va="center",
                    fontsize=text_size, fontweight=weight, color=COLOURS["text"])
        heaps = by_element[x]
        if heaps:
            label = _heap_list(heaps)
            size = min(small, cell_pt * 0.9 / (0.6 * len(label) + 0.3))
            ax.text(i + 0.5, -1.5, label, ha="center", va="center", fontsize=size,
                    color=COLOURS["text"])
        for j, product in enumerate(table[i]):
            is_p = product in p
            ax.add_patch(Rectangle(
                (j, i), 1, 1,
                facecolor=_P_FILL if is_p else _N_FILL,
                edgecolor=COLOURS["P"] if is_p else COLOURS["muted"],
                linewidth=lw * (3 if is_p else 1),
                hatch="//" if is_p else None,
                zorder=2 if is_p else 1,
            ))
            ax.text(j + 0.5, i + 0.5, product, ha="center", va="center", fontsize=text_size,
                    fontweight="bold" if is_p else "normal", color=COLOURS["text"], zorder=3,
                    bbox={"facecolor": _P_FILL, "edgecolor": "none", "pad": 0.5}
                    if is_p else None)
    ax.text(-0.5, -0.5, "×", ha="center", va="center", fontsize=text_size,
            color=COLOURS["text"])
    ax.text(-0.5, -1.5, "heap", ha="center", va="center", fontsize=small,
            color=COLOURS["text"])
    ax.set_xlim(-1.05, n + 0.05)
    ax.set_ylim(n + 1.2, -2.1)
    note = ("Hatched, framed, bold: the product is in the P-portion (those sums are misère "
            "P-positions). Top row: the heaps whose image heads the column.")
    ax.text(-1, n + 0.25, fit_text_width(note, cell_pt * (n + 1), small), ha="left", va="top",
            fontsize=small, color=COLOURS["text"])
    if title is None:
        portion = ", ".join(x for x in elements if x in p)
        title = (f"Misère quotient of {quotient.code}, heaps ≤ {quotient.max_heap}: "
                 f"order {quotient.order}, P-portion {{{portion}}}")
    decorate(ax, title)
    return ax
