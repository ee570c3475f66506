"""Thermographs drawn the way the textbooks draw them.

Temperature ``t`` runs upwards; values run along the bottom *increasing to
the left*, so that Left's wall is on the left and Right's on the right
(Winning Ways; *Lessons in Play*, chapter 6).  The walls meet at the
temperature, and the mast rises from there at the mean.

Offers :func:`draw_thermograph` (on a matplotlib Axes) and
:func:`thermograph_png` (PNG bytes, no pyplot figure left open).  Colour is
never the only signal: Left's wall is a solid line, Right's a dashed one, the
mast dotted, and each is labelled.
"""

from __future__ import annotations

import io
from fractions import Fraction

from cgteach.draw._style import COLOURS, STYLE, check_ax, detached_figure, new_axes

__all__ = ["draw_thermograph", "thermograph_png"]


def _num(q) -> str:
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _points(th, side: str, top: Fraction) -> list:
    knots = th.left_breakpoints if side == "left" else th.right_breakpoints
    pts = [(x, t) for t, x in knots if t <= th.temperature]
    foot = (th.mast, th.temperature)
    if pts[-1] != foot:
        pts.append(foot)
    return pts


def draw_thermograph(th, ax=None, *, title=None, top=None):
    """Draw thermograph ``th`` on ``ax`` (a new figure if ``None``); returns the Axes.

    ``top`` is the highest temperature shown (default: one above the
    temperature, at least 1).
    """
    from cgteach._validate import show
    from cgteach.games.temperature import Thermograph, _top_arg

    if not isinstance(th, Thermograph):
        raise TypeError(f"draw_thermograph() needs a Thermograph, got {type(th).__name__}")
    # the arguments are checked before any figure is made
    tau = th.temperature
    # as Thermograph.draw reads it: a finite number a drawing can place
    top = max(Fraction(1), tau + 1) if top is None else _top_arg(top)
    if top <= tau or top <= -1:
        raise ValueError(f"top must be above the temperature {show(tau)}, got {show(top)}")
    far = th._too_far()
    if far is not None:
        raise ValueError(
            f"cannot draw this thermograph: it reaches the value {show(far)}, beyond what a "
            "drawing can place (a float holds about 1.8e308); its walls are exact in "
            "th.left_breakpoints and th.right_breakpoints")
    theirs = check_ax(ax) is not None and STYLE["lecture"]
    if theirs:
        # a figure the caller made (a pair of thermographs): no wider than a projector shows
        from cgteach.draw._style import clamp_size

        size = ax.figure.get_size_inches()
        fitted = clamp_size(*size)
        if fitted[0] < size[0] - 1e-6 or fitted[1] < size[1] - 1e-6:
            ax.figure.set_size_inches(*fitted)
    ax = new_axes(ax, size=(5.0, 3.6))
    lw = STYLE["line"]
    font = STYLE["font"]
    left = _points(th, "left", top)
    right = _points(th, "right", top)
    ax.plot([float(x) for x, _ in left], [float(t) for _, t in left], color=COLOURS["blue"],
             lw=lw, ls="-", label="Left wall", solid_capstyle="round")
    ax.plot([float(x) for x, _ in right], [float(t) for _, t in right], color=COLOURS["red"],
             lw=lw, ls=(0, (4, 2)), label="Right wall")
    ax.plot([float(th.mast)] * 2, [float(tau), float(top)], color=COLOURS["text"], lw=lw,
            ls=(0, (1, 1.5)), label="mast")
    ax.axhline(0, color=COLOURS["muted"], lw=1, zorder=0)
    ax.plot([float(th.mast)], [float(tau)], "o", color=COLOURS["text"], ms=lw * 2.2)
    xs = [x for x, _ in left + right]
    lo, hi = float(min(xs)), float(max(xs))
    pad = max(0.5, (hi - lo) * 0.12)
    ax.set_xlim(hi + pad, lo - pad)  # values increase to the left
    ax.set_ylim(-1.05, float(top) + 0.35)  # the top tick label stays clear of the title
    ax.set_xlabel("value (← Left)", fontsize=font)
    ax.set_ylabel("t", fontsize=font)
    ax.tick_params(labelsize=font - 2)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(3))
    ax.yaxis.set_major_locator(MaxNLocator(3))
    # Labels of neighbouring panels must not run into each other: lay the
    # figure out with matplotlib's constrained layout unless it has a layout.
    fig = ax.figure
    if fig.get_layout_engine() is None:
        fig.set_layout_engine("constrained")
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    # The legend goes under the value axis, outside the plot: inside, some wall or the
    # mast always runs through it in a narrow panel (the mast of a game whose mean sat
    # on the legend's side crossed "Right wall").  One row when the panel is wide enough.
    legend_font = font - 4
    below = ((font - 2) * 1.25 + font * 1.3 + 10) / legend_font   # ticks, axis label, gap
    fig = ax.figure
    wide = ax.get_position().width * fig.get_figwidth() >= 3.4
    ax.legend(fontsize=legend_font, loc="upper center", bbox_to_anchor=(0.5, 0.0),
              ncol=3 if wide else 1, frameon=False, handlelength=1.4, columnspacing=1.2,
              borderaxespad=below, labelspacing=0.2)
    if title is None:
        title = f"{th.game}: mean {_num(th.mast)}, temperature {_num(tau)}"
    if title:
        ax.set_title(title, fontsize=font + 1, color=COLOURS["text"], pad=10)
    if theirs:
        _fit_width(ax.figure)
    return ax


def _fit_width(fig) -> None:
    """Narrow ``fig`` until what is drawn (titles that stick out included) is no wider
    than a lecture figure may be (the PNG is cut to what is drawn)."""
    from cgteach.draw._style import LECTURE_MAX_INCHES

    widest = LECTURE_MAX_INCHES[0] - 0.2   # a tight PNG keeps 0.1 in on each side
    for _ in range(4):
        fig.draw_without_rendering()   # lays the figure out (constrained layout)
        drawn = fig.get_tightbbox(fig.canvas.get_renderer()).width
        if drawn <= widest:
            return
        w, h = fig.get_size_inches()
        fig.set_size_inches(max(1.0, w - (drawn - widest) - 0.05), h)


def thermograph_png(th) -> bytes:
    """PNG bytes of :func:`draw_thermograph` (no pyplot figure is left open)."""
    fig = detached_figure((5.0, 3.6))
    ax = fig.add_subplot()
    draw_thermograph(th, ax=ax)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    return buf.getvalue()
