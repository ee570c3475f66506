"""Pictures of dyadic numbers: the birthday tree and the simplicity principle.

* :func:`draw_birthday_tree`: the numbers born on days ``0 … days``, each
  hanging below the number it was born next to; a step right (``+``) is
  drawn blue and a step left (``-``) red, so the path to a number spells
  its sign expansion, which is also the blue-red stalk worth that number.
* :func:`draw_number_line`: Blue's option values (blue marks below the
  line) and Red's (red marks), the gap between the best of each, and the
  simplest number in that gap.
* :func:`draw_explanation`: the number line of an
  :class:`~cgteach.hackenbush.bluered.Explanation`.
"""

from __future__ import annotations

from fractions import Fraction

from cgteach.draw._style import COLOURS, STYLE, decorate, draw_edge, new_axes, place_labels
from cgteach.numbers import (
    _as_fraction,
    as_dyadic,
    birthday,
    dyadics_born_by,
    sign_expansion,
    simplest_between,
)

__all__ = ["draw_birthday_tree", "draw_number_line", "draw_explanation", "fraction_label"]


def fraction_label(x) -> str:
    r"""A number as matplotlib mathtext: ``3/4`` becomes a stacked fraction.

    >>> fraction_label(Fraction(-3, 4)), fraction_label(2)
    ('$-\\dfrac{3}{4}$', '$2$')
    """
    from cgteach._validate import MAX_DIGITS, show

    q = _as_fraction(x)
    if max(abs(q.numerator), q.denominator) >= 10**MAX_DIGITS:
        raise ValueError(f"{show(q)} has too many digits to write as a label "
                         f"(at most {MAX_DIGITS} digits)")
    if q.denominator == 1:
        return f"${q.numerator}$"
    sign = "-" if q < 0 else ""
    return rf"${sign}\dfrac{{{abs(q.numerator)}}}{{{q.denominator}}}$"


def draw_birthday_tree(days: int = 4, highlight=None, ax=None):
    """Draw the dyadic numbers born on days ``0 … days`` as a tree.

    ``highlight`` (a dyadic number born by then) picks out the path from
    ``0`` to it, with its signs, i.e. its sign expansion.
    """
    from cgteach._validate import as_count, show

    days = as_count(days, "days")
    if days > 6:
        raise ValueError(f"days must be at most 6 for a legible picture, got {show(days)}")
    target = None
    if highlight is not None:
        target = as_dyadic(highlight, "highlight")
        if birthday(target) > days:
            raise ValueError(
                f"{target} is born on day {birthday(target)}, after the last day drawn "
                f"({days}); draw more days or highlight a simpler number"
            )
    numbers = dyadics_born_by(days)
    column = {x: k for k, x in enumerate(numbers)}
    width = len(numbers)
    ax = new_axes(ax, size=(max(6.0, 0.42 * width + 1.7), 1.5 * days + 3.2))
    font, line = STYLE["font"], STYLE["line"]

    # The last day's numbers stand in every other column; from day 4 on they are
    # too wide for that, so every second one drops to a row of its own (issue 30).
    last = [x for x in numbers if birthday(x) == days]
    dropped = set(last[1::2]) if days >= 4 else set()

    def spot(x):
        return column[x], -birthday(x) - (0.9 if x in dropped else 0.0)

    on_path = set()
    if target is not None:
        signs = sign_expansion(target)
        on_path = {_from_prefix(signs[:k]) for k in range(len(signs) + 1)}

    signs_to_place = []

    def label(x):
        # On a projector the rows are close: write fractions on one line (issue 30).
        if STYLE["lecture"] and days >= 3:
            q = Fraction(x)
            return f"${'-' if q < 0 else ''}{abs(q.numerator)}/{q.denominator}$" \
                if q.denominator > 1 else fraction_label(q)
        return fraction_label(x)
    # edges: each number hangs from its parent (its sign expansion minus the last sign)
    for x in numbers:
        signs = sign_expansion(x)
        if not signs:
            continue
        parent = _from_prefix(signs[:-1])
        (x0, y0), (x1, y1) = spot(parent), spot(x)
        kind = "blue" if signs[-1] == "+" else "red"
        colour = COLOURS[kind]
        highlighted = x in on_path
        # a step right is solid blue, a step left dashed red (as a blue-red edge)
        draw_edge(ax, [x0, x1], [y0, y1], kind, line * (1.9 if highlighted else 0.8),
                  zorder=1 if not highlighted else 3, alpha=1.0 if highlighted else 0.45)
        if highlighted:
            side = 1 if signs[-1] == "+" else -1
            sign = ax.text(
                (x0 + x1) / 2 + side * 0.35, (y0 + y1) / 2 + 0.1,
                "+" if signs[-1] == "+" else "\u2212", color=colour, fontsize=font + 4,
                fontweight="bold", ha="center", va="center", zorder=4,
            )
            spots = [((x0 + x1) / 2 + side * d, (y0 + y1) / 2 + dy)
                     for d in (0.35, 0.6, 0.9, 1.2) for dy in (0.1, 0.3, -0.1)]
            signs_to_place.append((sign, spots))

    for x in numbers:
        px, py = spot(x)
        chosen = target is not None and x == target
        ax.text(
            px, py, label(x), ha="center", va="center", zorder=5,
            fontsize=font + (3 if chosen else 1) - (1 if birthday(x) >= 4 else 0),
            color=COLOURS["text"],
            bbox={
                "boxstyle": "round,pad=0.3",
                "facecolor": COLOURS["highlight"] if chosen else COLOURS["white"],
                "edgecolor": COLOURS["highlight"] if x in on_path else COLOURS["muted"],
                "linewidth": line * (0.8 if x in on_path else 0.4),
            },
        )
    for day in range(days + 1):
        ax.text(-1.4, -day, f"day {day}", ha="right", va="center",
                fontsize=font, color=COLOURS["muted"])
    ax.set_xlim(-4.0, width + 0.2)
    ax.set_ylim(-days - (1.5 if dropped else 0.6), 0.6)
    # the signs of the path keep clear of the numbers' boxes
    boxes = []
    if signs_to_place:
        ax.apply_aspect()
        renderer = ax.figure.canvas.get_renderer()
        for t in ax.texts:
            if t.get_bbox_patch() is not None:
                t.update_bbox_position_size(renderer)
                bb = t.get_bbox_patch().get_window_extent(renderer)
                boxes.append((bb.x0, bb.y0, bb.x1, bb.y1))
        place_labels(ax, signs_to_place, taken=boxes)
    title = "Dyadic numbers by birthday"
    if target is not None:
        signs = sign_expansion(target) or "(empty)"
        title = f"{title}: {target} has sign expansion {signs.replace('-', chr(0x2212))}"
    return decorate(ax, title)


def _from_prefix(signs: str) -> Fraction:
    from cgteach.numbers import from_sign_expansion

    return from_sign_expansion(signs)


def _nice_ticks(lo: Fraction, hi: Fraction) -> list[Fraction]:
    """Dyadic ticks between lo and hi: whole numbers, or halves/quarters when narrow."""
    import math

    step = Fraction(1)
    while (hi - lo) / step < 3:
        step /= 2
    while (hi - lo) / step > 9:
        step *= 2
    margin = (hi - lo) / 20  # no tick right at the arrow heads
    first = math.ceil((lo + margin) / step)
    last = math.floor((hi - margin) / step)
    return [k * step for k in range(first, last + 1)]


def draw_number_line(left_values, right_values, value=None, ax=None, title=None):
    """A number line with Blue's options, Red's options and the simplest number between.

    Blue's option values are blue triangles below the line, Red's are red
    triangles above it; the shaded gap runs from Blue's best (largest) to
    Red's best (smallest), and the star marks ``value`` (by default the
    simplest number in the gap).
    """
    import matplotlib.patheffects as pe

    left = sorted({_as_fraction(v, "left value") for v in left_values})
    right = sorted({_as_fraction(v, "right value") for v in right_values})
    lo = left[-1] if left else None
    hi = right[0] if right else None
    if value is None:
        value = simplest_between(lo, hi)
    value = _as_fraction(value, "value")
    everything = left + right + [value]
    span_lo, span_hi = min(everything), max(everything)
    pad = max(Fraction(1, 2), (span_hi - span_lo) / 6)
    x_lo, x_hi = float(span_lo - pad - (pad if lo is None else 0)), float(
        span_hi + pad + (pad if hi is None else 0))
    ax = new_axes(ax, size=(9.0, 3.4))
    font, line = STYLE["font"], STYLE["line"]
    marker = 9 * STYLE["scale"] * (1.4 if STYLE["lecture"] else 1.0)
    outline = [pe.withStroke(linewidth=3, foreground="white")]

    # the gap between the best options, then the line and its ticks
    gap_lo = x_lo if lo is None else float(lo)
    gap_hi = x_hi if hi is None else float(hi)
    ax.fill_between([gap_lo, gap_hi], -0.2, 0.2, color=COLOURS["highlight"], alpha=0.2,
                    lw=0, zorder=0)
    ax.annotate("", xy=(x_hi, 0), xytext=(x_lo, 0),
                arrowprops={"arrowstyle": "<|-|>", "color": COLOURS["text"], "lw": line * 0.6,
                            "mutation_scale": 12 * STYLE["scale"]}, zorder=1)
    for t in _nice_ticks(Fraction(x_lo), Fraction(x_hi)):
        ax.plot([float(t)] * 2, [-0.05, 0.05], color=COLOURS["text"], lw=line * 0.5, zorder=1)
        if t not in everything:
            ax.text(float(t), -0.09, fraction_label(t), ha="center", va="top",
                    fontsize=font - 1, color=COLOURS["muted"])
    for v in everything:
        ax.plot([float(v)] * 2, [-0.05, 0.05], color=COLOURS["text"], lw=line * 0.5, zorder=1)

    # Blue's options below the line, Red's above; the best of each stands out
    for values, colour, y, mark, va in (
        (left, COLOURS["blue"], -0.42, "^", "top"),
        (right, COLOURS["red"], 0.42, "v", "bottom"),
    ):
        best = (values[-1] if y < 0 else values[0]) if values else None
        for v in values:
            ax.plot(float(v), y, marker=mark, color=colour, linestyle="none", zorder=3,
                    markersize=marker * (1.3 if v == best else 0.9),
                    alpha=1.0 if v == best else 0.6)
            ax.text(float(v), y + (-0.13 if y < 0 else 0.13), fraction_label(v), ha="center",
                    va=va, fontsize=font + (2 if v == best else 0), color=colour,
                    fontweight="bold" if v == best else "normal", path_effects=outline)

    # the value: a star on the line, labelled just below it
    ax.plot(float(value), 0, marker="*", markersize=marker * 2.2, color=COLOURS["highlight"],
            markeredgecolor=COLOURS["text"], markeredgewidth=1.0, zorder=4, linestyle="none")
    ax.text(float(value), -0.17, fraction_label(value), ha="center", va="top", zorder=4,
            fontsize=font + 3, fontweight="bold", color=COLOURS["text"], path_effects=outline)

    others = list(ax.texts)
    captions = [
        ax.text(x_hi, -1.1, "Blue's options \u25b2", ha="right", va="bottom",
                fontsize=font - 1, color=COLOURS["blue"]),
        ax.text(x_hi, 1.1, "Red's options \u25bc", ha="right", va="top",
                fontsize=font - 1, color=COLOURS["red"]),
    ]
    if lo is None:
        ax.text(x_lo, -1.1, "Blue has no move", ha="left", va="bottom",
                fontsize=font - 1, color=COLOURS["blue"], style="italic")
    if hi is None:
        ax.text(x_lo, 1.1, "Red has no move", ha="left", va="top",
                fontsize=font - 1, color=COLOURS["red"], style="italic")
    ax.set_xlim(x_lo - 0.03 * (x_hi - x_lo), x_hi + 0.03 * (x_hi - x_lo))
    ax.set_ylim(-1.15, 1.15)
    if title is None:
        title = f"The simplest number in the gap is {value}"
    decorate(ax, title)
    # The two captions keep clear of the option values (issue 30): at the right
    # end if it is free, else further left.
    renderer = ax.figure.canvas.get_renderer()
    taken = []
    for t in others:
        bb = t.get_window_extent(renderer)
        taken.append((bb.x0, bb.y0, bb.x1, bb.y1))
    span = x_hi - x_lo
    for caption, y in zip(captions, (-1.1, 1.1), strict=True):
        spots = [(x_hi - k * span / 8, y) for k in range(9)]
        taken = place_labels(ax, [(caption, spots)], taken=taken)
    return ax


def draw_explanation(explanation, ax=None):
    """The number line of one step of the simplicity principle (see ``bluered.explain``)."""
    if not all(hasattr(explanation, a) for a in ("left", "right", "braces", "value")):
        from cgteach._validate import show

        raise TypeError("draw_explanation() needs one step of bluered.explain(position), "
                        f"got {show(explanation)} of type {type(explanation).__name__}")
    left = [v for _, v in explanation.left]
    right = [v for _, v in explanation.right]
    title = f"{explanation.braces} = {explanation.value}: the simplest number in the gap"
    return draw_number_line(left, right, explanation.value, ax=ax, title=title)
