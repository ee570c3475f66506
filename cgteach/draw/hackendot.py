"""Pictures of Hackendot forests and of Úlehla's rounds.

Trees stand on the ground with the root at the bottom, as in the source.
The layout is deterministic: leaves take consecutive slots from left to
right (children in index order), a parent sits midway between its first and
last child, and trees stand side by side.

Offers :func:`draw_forest` (a forest, optionally with Úlehla's coloring,
node numbers and a highlighted move), :func:`draw_rounds` (the successive
contractions with the bit read off under each, and the value as a sum of
powers of two) and :func:`png` (PNG bytes, used by ``_repr_png_``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from cgteach.draw._style import COLOURS, STYLE, decorate, detached_figure, new_axes
from cgteach.hackendot import Hackendot

__all__ = ["layout", "draw_forest", "draw_rounds", "png"]

_PLAIN = "#c9d6df"  # node fill before any coloring: a quiet slate
_EDGE = "#4a4a4a"
_UNIT = 0.62  # inches per layout unit at scale 1
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _as_forest(forest) -> Hackendot:
    return forest if isinstance(forest, Hackendot) else Hackendot(forest)


def layout(forest) -> dict[int, tuple[float, float]]:
    """Node positions ``{i: (x, y)}``: ``y`` is the depth, roots at ``y = 0``.

    >>> layout(Hackendot([None, 0, 0]))
    {0: (0.5, 0), 1: (0.0, 1), 2: (1.0, 1)}
    """
    forest = _as_forest(forest)
    n = len(forest)
    par = forest.parents
    kids: list[list[int]] = [[] for _ in range(n)]
    for i, p in enumerate(par):
        if p is not None:
            kids[p].append(i)
    x = [0.0] * n
    y = [0] * n
    slot = 0.0
    for r in forest.roots:
        # preorder walk with a stack; leaves take the next free slot
        pre = []
        stack = [r]
        while stack:
            v = stack.pop()
            pre.append(v)
            for c in reversed(kids[v]):
                y[c] = y[v] + 1
                stack.append(c)
        for v in pre:
            if not kids[v]:
                x[v] = slot
                slot += 1.0
        for v in reversed(pre):
            if kids[v]:
                x[v] = (x[kids[v][0]] + x[kids[v][-1]]) / 2
        slot += 0.6  # a little extra room between trees
    return {i: (x[i], y[i]) for i in range(n)}


def _node_size(labels: bool) -> float:
    return STYLE["node"] * (9.0 if labels else 3.5)


def _extent(pos) -> tuple[float, float, float, float]:
    if not pos:
        return 0.0, 1.0, 0.0, 1.0
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    return min(xs), max(xs), min(ys), max(ys)


def _draw_nodes(ax, forest, pos, *, shift=0.0, coloring=None, labels=None,
                highlight=(), chosen=(), ringed=()):
    """Edges, ground bars, nodes and labels of one forest at offset ``shift``."""
    par = forest.parents
    line = STYLE["line"]
    gone = set(highlight)
    for i, p in enumerate(par):
        if p is None:
            continue
        (x0, y0), (x1, y1) = pos[p], pos[i]
        if i in gone and p in gone:
            ax.plot([x0 + shift, x1 + shift], [y0, y1], color=COLOURS["highlight"],
                    lw=line * 2.4, solid_capstyle="round", zorder=1)
            ax.plot([x0 + shift, x1 + shift], [y0, y1], color=_EDGE, lw=line, zorder=2)
        elif p in gone:  # an edge the move removes; the child survives as a root
            ax.plot([x0 + shift, x1 + shift], [y0, y1], color=COLOURS["highlight"],
                    lw=line, ls=(0, (1.2, 1.0)), zorder=2)
        else:
            ax.plot([x0 + shift, x1 + shift], [y0, y1], color=_EDGE, lw=line, zorder=2)
    for r in forest.roots:
        x, y = pos[r]
        ax.plot([x + shift - 0.42, x + shift + 0.42], [y - 0.4, y - 0.4],
                color=COLOURS["ground"], lw=line * 1.6, solid_capstyle="butt", zorder=1)
    size = _node_size(labels is not None)
    xs = [pos[i][0] + shift for i in range(len(par))]
    ys = [pos[i][1] for i in range(len(par))]
    if coloring is None:
        fills = [_PLAIN] * len(par)
    else:
        fills = [COLOURS["black"] if c == "black" else COLOURS["white"] for c in coloring]
    if gone:
        hx = [xs[i] for i in sorted(gone)]
        hy = [ys[i] for i in sorted(gone)]
        # deleted nodes: an orange halo with a dark dashed rim (readable without colour)
        ax.scatter(hx, hy, s=size * 2.3, facecolor=COLOURS["highlight"],
                   edgecolor=COLOURS["text"], linestyle=(0, (2.0, 1.5)), lw=line * 0.6,
                   zorder=3)
    for i in chosen:   # a double ring: thick orange outside a thin dark one
        ax.scatter([xs[i]], [ys[i]], s=size * 3.6, facecolor="none",
                   edgecolor=COLOURS["highlight"], lw=line * 1.1, zorder=3)
        ax.scatter([xs[i]], [ys[i]], s=size * 2.3, facecolor="none",
                   edgecolor=COLOURS["text"], lw=line * 0.4, zorder=3)
    for i in ringed:   # a dotted ring
        ax.scatter([xs[i]], [ys[i]], s=size * 2.6, facecolor="none",
                   edgecolor=COLOURS["N"], lw=line * 0.9, linestyle=(0, (1.0, 1.2)),
                   zorder=3)
    ax.scatter(xs, ys, s=size, c=fills, edgecolors=COLOURS["text"], linewidths=line * 0.7,
               zorder=4)
    if labels is not None:
        for i, text in enumerate(labels):
            dark = coloring is not None and coloring[i] == "black"
            ax.text(xs[i], ys[i], str(text), ha="center", va="center", zorder=5,
                    fontsize=STYLE["font"] - (1 if len(str(text)) < 3 else 3),
                    color="white" if dark else COLOURS["text"], fontweight="bold")


def _figure_size(width_units: float, height_units: float) -> tuple[float, float]:
    w = min(16.0, max(2.6, width_units * _UNIT))
    h = min(10.0, max(2.2, height_units * _UNIT))
    return w, h


def draw_forest(forest, ax=None, coloring=False, highlight=None, labels=False, title=None):
    """Draw a forest with its roots on the ground.

    ``coloring=True`` fills nodes white or black by Úlehla's rule;
    ``labels=True`` writes each node's index on it (or pass a list of
    labels); ``highlight`` is a node (or several) to delete: the node gets
    a ring, its path to the root is picked out in orange, and the edges the
    move cuts to surviving subtrees are dashed.  Returns the ``Axes``.
    """
    forest = _as_forest(forest)
    n = len(forest)
    pos = layout(forest)
    x0, x1, y0, y1 = _extent(pos)
    ax = new_axes(ax, size=_figure_size(x1 - x0 + 1.6, y1 - y0 + 1.5))
    if highlight is None:
        chosen: list[int] = []
    elif isinstance(highlight, Iterable):
        chosen = [forest._node(i) for i in highlight]
    else:
        chosen = [forest._node(highlight)]
    gone = {v for i in chosen for v in forest.path_to_root(i)}
    if labels is True:
        names = list(range(n))
    elif labels is False or labels is None:
        names = None
    else:
        names = list(labels)
        if len(names) != n:
            raise ValueError(f"labels must give one label per node ({n}), got {len(names)}")
    colours = forest.coloring() if coloring else None
    if n:
        _draw_nodes(ax, forest, pos, coloring=colours, labels=names, highlight=gone,
                    chosen=chosen)
    else:
        ax.text(0.5, 0.5, "empty forest", ha="center", va="center",
                fontsize=STYLE["font"], color=COLOURS["muted"])
    ax.set_xlim(x0 - 0.8, x1 + 0.8)
    ax.set_ylim(y0 - 0.65, y1 + 0.6)
    decorate(ax, title, equal=True)
    return ax


def _arrow(ax, x, y):
    ax.annotate("", xy=(x + 0.45, y), xytext=(x - 0.45, y),
                arrowprops={"arrowstyle": "-|>", "color": COLOURS["muted"],
                            "lw": STYLE["line"], "mutation_scale": 12 + STYLE["font"]})


def _power(k: int) -> str:
    return str(k).translate(_SUPERSCRIPT)


def draw_rounds(forest, ax=None, labels=True, title=True):
    """Úlehla's method as one picture: ``F, L(F), L²(F), …`` side by side.

    Each panel shows one contraction with its coloring, numbered by the
    names its nodes had in ``forest`` (``labels=False`` hides them); under
    it, the number of white roots (ringed) and the bit read off.  The last panel is
    the empty contraction where the method stops.  The title line (unless
    ``title=False``) adds up the powers of two.  Returns the ``Axes``.
    """
    forest = _as_forest(forest)
    rounds = forest.rounds()
    gap = 1.5  # room for the arrow between panels
    panels = []  # (round, positions, x offset, panel centre, panel width)
    left = 0.0
    top = 0
    for r in rounds:
        pos = layout(r.forest)
        x0, x1, _, y1 = _extent(pos)
        width = max(x1 - x0, 3.0)
        centre = left + width / 2
        panels.append((r, pos, centre - (x0 + x1) / 2, centre, width))
        top = max(top, y1)
        left += width + gap
    empty_x = left + 0.3
    right = empty_x + 0.7
    bottom = -2.9 if title else -2.0
    ax = new_axes(ax, size=_figure_size(right + 0.5, top + 1.4 - bottom))
    font = STYLE["font"]
    mid = top / 2 if top else 0.0
    for r, pos, offset, centre, width in panels:
        names = list(r.origin) if labels else None
        _draw_nodes(ax, r.forest, pos, shift=offset, coloring=r.coloring, labels=names,
                    ringed=r.white_roots)
        roots = r.forest.roots
        under = sum(pos[i][0] for i in roots) / len(roots) + offset
        name = "F" if r.k == 0 else ("L(F)" if r.k == 1 else f"L{_power(r.k)}(F)")
        ax.text(centre, top + 0.6, name, ha="center", va="bottom", fontsize=font + 1,
                color=COLOURS["text"], fontstyle="italic")
        count = len(r.white_roots)
        word = "white root" if count == 1 else "white roots"
        verdict = f"bit 2{_power(r.k)} = {1 << r.k}" if r.bit else f"bit 2{_power(r.k)} off"
        ax.text(under, -0.7, f"{count} {word}", ha="center", va="top", fontsize=font - 1,
                color=COLOURS["text"] if r.bit else COLOURS["muted"])
        ax.text(under, -1.3, verdict, ha="center", va="top", fontsize=font,
                fontweight="bold" if r.bit else "normal",
                color=COLOURS["N"] if r.bit else COLOURS["muted"])
        _arrow(ax, centre + width / 2 + gap / 2, mid)
    ax.text(empty_x, mid, "∅", ha="center", va="center", fontsize=font + 8,
            color=COLOURS["muted"])
    ax.text(empty_x, top + 0.6, f"L{_power(len(rounds))}(F)" if rounds else "F",
            ha="center", va="bottom", fontsize=font + 1, color=COLOURS["muted"],
            fontstyle="italic")
    if title:
        value = forest.grundy()
        terms = [str(1 << r.k) for r in rounds if r.bit]
        if len(terms) > 1:
            text = f"value = {' + '.join(terms)} = *{value}"
        else:
            text = f"value = *{value}" if value else "value = 0"
        ax.text(right / 2 - 0.4, -2.1, text, ha="center", va="top", fontsize=font + 3,
                color=COLOURS["text"], fontweight="bold")
    ax.set_xlim(-0.7, right)
    ax.set_ylim(bottom, top + 1.4)
    decorate(ax, None, equal=True)
    return ax


def png(forest, **options) -> bytes:
    """PNG bytes of :func:`draw_forest` (no pyplot figure is left open)."""
    forest = _as_forest(forest)
    pos = layout(forest)
    x0, x1, y0, y1 = _extent(pos)
    fig = detached_figure(_figure_size(x1 - x0 + 1.6, y1 - y0 + 1.5))
    ax = fig.add_subplot()
    draw_forest(forest, ax=ax, **options)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    return buf.getvalue()
