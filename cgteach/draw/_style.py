"""Shared look of every picture: colours, sizes, and the lecture mode.

Every drawing function in ``cgteach.draw`` takes an optional ``ax`` and
returns the ``Axes`` it drew on; when ``ax`` is ``None`` it makes a new
figure of a size chosen by :func:`new_axes`.  Sizes, fonts and line widths
come from :data:`STYLE`, which :func:`lecture_mode` enlarges for projection.

**Lecture mode** is the look for a projector of 1280×720 pixels seen from the
back row: every new figure fits in :data:`LECTURE_MAX_INCHES` (at the notebook's
100 dpi, at most 1050×650 pixels, so a slide never scrolls), no text is smaller
than :data:`LECTURE_MIN_POINTS` (18 pixels on screen), and labels that are
light grey in the normal look turn dark.  Switch it on with ``lecture_mode()``,
for one block with ``with lecture_mode(): …``, or for a whole session by
starting Jupyter with the environment variable ``CGTEACH_LECTURE=1``.
Live widgets follow it through :func:`subscribe`.
"""

from __future__ import annotations

import os
import warnings
import weakref

from cgteach._validate import show as _show

__all__ = [
    "COLOURS",
    "STYLE",
    "LECTURE_MAX_INCHES",
    "LECTURE_MIN_POINTS",
    "lecture_mode",
    "subscribe",
    "unsubscribe",
    "new_axes",
    "new_figure",
    "fit_size",
    "clamp_size",
    "detached_figure",
    "check_ax",
    "decorate",
    "hide_axis",
    "style",
    "EDGE_STYLES",
    "edge_style",
    "draw_edge",
    "draw_edges",
    "edge_handles",
    "edge_legend",
    "place_labels",
    "fit_text_width",
    "shrink_text_to_grid",
]

#: Edge and node colours.  Blue, red and green are the Okabe–Ito hues, chosen
#: to stay apart for colour-blind readers; colour is never the only signal
#: for an edge (see :data:`EDGE_STYLES`).
COLOURS = {
    "green": "#009E73",
    "blue": "#0072B2",
    "red": "#D55E00",
    "ground": "#5b4636",
    "highlight": "#ff9f1c",
    "white": "#ffffff",
    "black": "#1a1a1a",
    "P": "#2c7fb8",
    "N": "#e6550d",
    "text": "#222222",
    "muted": "#9a9a9a",
}

#: What light grey text becomes in lecture mode: still quieter than black,
#: but readable on a washed-out projector (contrast about 7:1 on white).
_LECTURE_MUTED = "#4d4d4d"

#: The largest new figure in lecture mode, in inches (at 100 dpi: 1050×650
#: pixels, which leaves room for the slide's title and margins at 1280×720).
LECTURE_MAX_INCHES = (10.5, 6.5)
#: The smallest text in lecture mode, in points: 13.5 pt is 18.75 px at 100 dpi.
LECTURE_MIN_POINTS = 13.5

_NORMAL = {"scale": 1.0, "font": 12, "line": 2.5, "node": 60, "lecture": False}
_LECTURE = {"scale": 1.5, "font": 20, "line": 5.0, "node": 160, "lecture": True}


def _from_environment() -> bool:
    return os.environ.get("CGTEACH_LECTURE", "").strip().lower() in {"1", "true", "yes", "on"}


#: The current style; read it, do not assign to it (use :func:`lecture_mode`).
STYLE = dict(_LECTURE if _from_environment() else _NORMAL)

# Callbacks told when lecture mode changes: weak references, so that a widget
# that is garbage-collected drops out without having to unsubscribe.
_SUBSCRIBERS: list = []


def style() -> dict:
    """Return a copy of the current style settings."""
    return dict(STYLE)


def subscribe(callback):
    """Call ``callback(on)`` whenever lecture mode is switched; returns ``callback``.

    ``callback`` takes one bool.  It is held weakly (a bound method through
    :class:`weakref.WeakMethod`), so subscribing never keeps a widget alive.
    A callback that raises is reported as a warning and does not stop the switch.

    >>> seen = []
    >>> def note(on):
    ...     seen.append(on)
    >>> _ = subscribe(note)
    >>> with lecture_mode():
    ...     pass
    >>> seen
    [True, False]
    >>> unsubscribe(note)
    """
    if not callable(callback):
        raise TypeError(f"subscribe() needs a callable of one bool, got {_show(callback)}")
    try:
        ref = weakref.WeakMethod(callback)
    except TypeError:
        ref = weakref.ref(callback)
    _SUBSCRIBERS.append(ref)
    return callback


def unsubscribe(callback) -> None:
    """Stop telling ``callback`` about lecture mode (nothing happens if it was not told)."""
    _SUBSCRIBERS[:] = [r for r in _SUBSCRIBERS if r() is not None and r() != callback]


def _notify(on: bool) -> None:
    alive = []
    for ref in list(_SUBSCRIBERS):
        callback = ref()
        if callback is None:
            continue
        alive.append(ref)
        try:
            callback(on)
        except Exception as error:  # noqa: BLE001 - one broken widget must not stop the switch
            warnings.warn(f"a lecture-mode subscriber failed: {error!r}", stacklevel=3)
    _SUBSCRIBERS[:] = alive


def _apply(settings: dict) -> None:
    was = STYLE.get("lecture")
    STYLE.clear()
    STYLE.update(settings)
    if STYLE["lecture"] != was:
        _notify(STYLE["lecture"])


def lecture_mode(on: bool = True):
    """Switch large fonts, thick lines, dark labels and projector-sized figures on or off.

    Works as a plain call (the setting stays; the cell shows nothing) or as
    a context manager (the previous setting comes back at the end of the block):

    >>> _ = lecture_mode(True)     # in Jupyter, plain lecture_mode() shows nothing
    >>> STYLE["font"]
    20
    >>> with lecture_mode(False):
    ...     STYLE["font"]
    12
    >>> STYLE["font"]
    20
    >>> _ = lecture_mode(False)
    """
    if not isinstance(on, bool):
        raise TypeError(f"lecture_mode takes True or False, got {_show(on)}")
    previous = dict(STYLE)
    _apply(_LECTURE if on else _NORMAL)
    return _Switch(previous)


class _Switch:
    """What :func:`lecture_mode` returns: silent when a cell ends with it, usable in ``with``."""

    __slots__ = ("_previous",)

    def __init__(self, previous):
        self._previous = previous

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _apply(self._previous)
        return False

    def _ipython_display_(self):
        # A cell ending with ``lecture_mode()`` shows nothing in Jupyter.
        return None

    def __repr__(self):
        # Only a plain Python prompt shows this (Jupyter uses _ipython_display_).
        return f"lecture_mode({STYLE['lecture']})"


def check_ax(ax, name: str = "ax"):
    """Raise ``TypeError`` unless ``ax`` is ``None`` or a matplotlib ``Axes``; return it."""
    if ax is None:
        return None
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(
            f"{name} must be a matplotlib Axes (for example from plt.subplots()) or None "
            f"for a new figure, got {type(ax).__name__} {_show(ax)}")
    return ax


def fit_size(width: float, height: float) -> tuple[float, float]:
    """Scale a figure size (inches) by the style; in lecture mode shrink it to fit the screen.

    >>> with lecture_mode():
    ...     w, h = fit_size(20, 20)
    >>> (round(w, 2), round(h, 2))
    (6.5, 6.5)
    """
    scale = STYLE["scale"]
    return clamp_size(float(width) * scale, float(height) * scale)


def clamp_size(width: float, height: float) -> tuple[float, float]:
    """In lecture mode, shrink ``(width, height)`` (inches, already scaled) to fit the screen."""
    w, h = float(width), float(height)
    if STYLE["lecture"] and w > 0 and h > 0:
        max_w, max_h = LECTURE_MAX_INCHES
        factor = min(1.0, max_w / w, max_h / h)
        w, h = w * factor, h * factor
    return (w, h)


def _lecture_figure_class():
    """A matplotlib Figure that, when drawn, raises small text and darkens grey labels."""
    from matplotlib.colors import same_color
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    class LectureFigure(Figure):
        def draw(self, renderer):
            for text in self.findobj(Text):
                if not text.get_visible() or not text.get_text():
                    continue
                if text.get_fontsize() < LECTURE_MIN_POINTS:
                    text.set_fontsize(LECTURE_MIN_POINTS)
                if same_color(text.get_color(), COLOURS["muted"]):
                    text.set_color(_LECTURE_MUTED)
            super().draw(renderer)

    return LectureFigure


def new_figure(size=(6.0, 4.0), nrows=1, ncols=1, **options):
    """A new pyplot figure and its axes (as ``plt.subplots``), sized by :func:`fit_size`."""
    import matplotlib.pyplot as plt

    if STYLE["lecture"]:
        options.setdefault("FigureClass", _lecture_figure_class())
    return plt.subplots(nrows, ncols, figsize=fit_size(*size), **options)


def detached_figure(size=(6.0, 4.0)):
    """A figure outside pyplot (for PNG bytes), sized and styled as :func:`new_figure`."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    cls = _lecture_figure_class() if STYLE["lecture"] else Figure
    fig = cls(figsize=fit_size(*size))
    FigureCanvasAgg(fig)
    return fig


def new_axes(ax=None, size=(6.0, 4.0)):
    """Return ``ax``, or a fresh ``Axes`` on a new figure scaled by the style."""
    if check_ax(ax) is not None:
        return ax
    fig, ax = new_figure(size)
    return ax


def _cell_width_points(ax) -> float:
    """The width (points) of the grid cell ``ax`` stands in, or of ``ax`` itself."""
    fig = ax.figure
    spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
    box = spec.get_position(fig) if spec is not None else ax.get_position()
    return box.width * fig.get_figwidth() * 72.0


def hide_axis(ax):
    """Switch the frame and ticks of ``ax`` off, and skip their (slow, unseen) layout.

    Besides ``ax.set_axis_off()``, both axes are made invisible: matplotlib
    would otherwise still work out the ticks of a hidden axis whenever it
    places the title (a third of the time of a Hackenbush panel).  What is
    drawn is the same.
    """
    if ax is None:
        raise TypeError("hide_axis() needs a matplotlib Axes, got None")
    check_ax(ax)
    ax.set_axis_off()
    ax.xaxis.set_visible(False)
    ax.yaxis.set_visible(False)
    return ax


def decorate(ax, title=None, *, axis_off=True, equal=False):
    """Apply the house style to ``ax``: title, no frame, optional equal aspect."""
    if ax is None:
        raise TypeError("decorate() needs a matplotlib Axes to style, got None")
    check_ax(ax)
    if title:
        size = STYLE["font"] + 2
        text = str(title)
        if len(ax.figure.axes) > 1:   # panels side by side: a title keeps to its own panel
            text = fit_text_width(text, _cell_width_points(ax), size)
        ax.set_title(text, fontsize=size, color=COLOURS["text"])
    if axis_off:
        hide_axis(ax)
    if equal:
        ax.set_aspect("equal")
    return ax


# ---------------------------------------------------------------------------
# Edge kinds: colour is never the only signal (issue 28).

#: How each edge colour is drawn, so that it reads without colour too: blue a
#: solid line, red a dashed line, green a "double" line (a solid green line
#: with a thin light stripe along its middle).  ``letter`` is the short name
#: a picture may write beside an edge; ``dashes`` is the on/off pattern in
#: multiples of the line width; ``stripe`` the stripe's width as a fraction
#: of the line width and ``stripe_colour`` its colour.  The widgets draw the
#: same kinds the same way.
EDGE_STYLES = {
    "blue": {"colour": "#0072B2", "linestyle": "solid", "letter": "B",
             "description": "solid line", "dashes": None},
    "red": {"colour": "#D55E00", "linestyle": "dashed", "letter": "R",
            "description": "dashed line", "dashes": (2.6, 1.5)},
    "green": {"colour": "#009E73", "linestyle": "double", "letter": "G",
              "description": "double line", "dashes": None,
              "width": 1.35, "stripe": 0.4, "stripe_colour": "#ffffff"},
}


def edge_style(colour: str) -> dict:
    """The drawing style of an edge colour (a copy of its :data:`EDGE_STYLES` entry).

    >>> edge_style("red")["linestyle"], edge_style("green")["letter"]
    ('dashed', 'G')
    """
    try:
        return dict(EDGE_STYLES[colour])
    except (KeyError, TypeError):
        raise ValueError(f"colour must be one of {sorted(EDGE_STYLES)}, "
                         f"got {_show(colour)}") from None


def _line_kwargs(colour: str, lw: float) -> list[dict]:
    """Keyword arguments of the one or two ``plot`` calls that draw an edge of ``colour``."""
    st = edge_style(colour)
    if st["linestyle"] == "double":
        width = lw * st["width"]
        return [{"color": st["colour"], "lw": width, "solid_capstyle": "round"},
                {"color": st["stripe_colour"], "lw": width * st["stripe"],
                 "solid_capstyle": "butt"}]
    if st["linestyle"] == "dashed":
        return [{"color": st["colour"], "lw": lw, "linestyle": (0, st["dashes"]),
                 "dash_capstyle": "butt"}]
    return [{"color": st["colour"], "lw": lw, "solid_capstyle": "round"}]


def draw_edge(ax, xs, ys, colour: str, lw: float, zorder: float = 3, **options) -> list:
    """Draw one edge of ``colour`` through the points ``xs, ys``; return its lines.

    The line style follows :data:`EDGE_STYLES` (a green edge is two lines:
    the green line and its light centre stripe just above it).
    """
    lines = []
    for k, kwargs in enumerate(_line_kwargs(colour, lw)):
        lines += ax.plot(xs, ys, zorder=zorder + 0.01 * k, **kwargs, **options)
    return lines


def _collection_kwargs(kwargs: dict) -> dict:
    """The ``LineCollection`` keywords that draw as a ``plot`` call with ``kwargs`` does."""
    out = {"colors": [kwargs["color"]], "linewidths": kwargs["lw"],
           "linestyles": kwargs.get("linestyle", "solid"), "joinstyle": "round",
           "capstyle": kwargs.get("solid_capstyle", kwargs.get("dash_capstyle", "butt"))}
    return out


def draw_edges(ax, edges, lw: float, zorder: float = 3) -> list:
    """Draw many edges at once: ``edges`` is a list of ``(xs, ys, colour)``.

    The same picture as :func:`draw_edge` called for each edge in turn, but
    with one ``LineCollection`` for each run of edges of one colour (and one
    for all the green edges' stripes, which lie just above every edge), so a
    big position draws in a fraction of the time.  Returns the collections.
    """
    from matplotlib.collections import LineCollection

    if ax is None:
        raise TypeError("draw_edges() needs a matplotlib Axes, got None")
    check_ax(ax)
    runs: list = []     # [colour, segments], consecutive edges of one colour
    for xs, ys, colour in edges:
        edge_style(colour)   # a clear error for an unknown colour
        if not runs or runs[-1][0] != colour:
            runs.append([colour, []])
        runs[-1][1].append(list(zip(xs, ys, strict=True)))
    layers: dict = {}   # k >= 1: the k-th line of an edge (a green stripe) -> [kwargs, segments]
    out = []
    for colour, segments in runs:
        first, *rest = _line_kwargs(colour, lw)
        lines = LineCollection(segments, zorder=zorder, **_collection_kwargs(first))
        ax.add_collection(lines, autolim=True)
        out.append(lines)
        for k, kwargs in enumerate(rest, start=1):
            key = (k, repr(sorted(kwargs.items())))
            layers.setdefault(key, [kwargs, []])[1].extend(segments)
    for (k, _), (kwargs, segments) in layers.items():
        lines = LineCollection(segments, zorder=zorder + 0.01 * k, **_collection_kwargs(kwargs))
        ax.add_collection(lines, autolim=True)
        out.append(lines)
    return out


def edge_handles(colours, lw: float | None = None, short: bool = False):
    """Legend handles and labels for the edge ``colours`` (in the order blue, red, green).

    ``short=True`` labels them "B blue" … (the handle shows the line style).
    """
    from matplotlib.lines import Line2D

    lw = STYLE["line"] * 1.4 if lw is None else lw
    handles, labels = [], []
    for colour in ("blue", "red", "green"):
        if colour not in colours:
            continue
        st = EDGE_STYLES[colour]
        lines = tuple(Line2D([], [], **kwargs) for kwargs in _line_kwargs(colour, lw))
        handles.append(lines if len(lines) > 1 else lines[0])
        labels.append(f"{st['letter']} {colour}" if short
                      else f"{st['letter']} {colour}: {st['description']}")
    return handles, labels


def edge_legend(ax, colours, *, where="below", fig=None, ncol=None):
    """A legend saying how each of the edge ``colours`` is drawn; returns it (or ``None``).

    ``where="below"`` puts it under the axes, centred; ``fig`` draws one
    legend for the whole figure instead, above its top.
    """
    from matplotlib.legend_handler import HandlerTuple

    handles, labels = edge_handles(colours)
    if not handles:
        return None
    size = STYLE["font"] * 0.8
    if fig is None:
        # A narrow panel (one of several side by side) gets the short labels.
        longest = max(len(t) for t in labels)
        if (2.6 + 1.0 + 0.6 * longest) * size > _cell_width_points(ax):
            handles, labels = edge_handles(colours, short=True)
    options = {
        "handler_map": {tuple: HandlerTuple(ndivide=1)},
        "fontsize": size,
        "frameon": False,
        "handlelength": 2.6,
        "columnspacing": 1.2,
        "borderaxespad": 0.2,
    }
    if fig is not None:
        return fig.legend(handles, labels, loc="lower center", bbox_to_anchor=(0.5, 1.0),
                          ncol=len(handles), **options)
    if ncol is None:
        # as many columns as fit the panel's width; one when it is narrow
        per = (2.6 + 1.0 + 0.6 * max(len(t) for t in labels) + 1.2) * size
        ncol = max(1, min(len(handles), int(_cell_width_points(ax) // per)))
    return ax.legend(handles, labels, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                     ncol=ncol, **options)


# ---------------------------------------------------------------------------
# Labels that keep clear of each other and of nodes (issue 30).

def _display_boxes_clear(box, taken, nodes, slack=1.0):
    """How much ``box`` (x0, y0, x1, y1 in pixels) overlaps ``taken`` boxes and ``nodes``."""
    x0, y0, x1, y1 = box
    bad = 0.0
    for a0, b0, a1, b1 in taken:
        w = min(x1, a1) - max(x0, a0) + slack
        h = min(y1, b1) - max(y0, b0) + slack
        if w > 0 and h > 0:
            bad += w * h
    for cx, cy, r in nodes:
        nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
        d = ((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5
        if d < r + slack:
            bad += (r + slack - d) * 4
    return bad


def place_labels(ax, labels, nodes=(), taken=()):
    """Move each text to the first of its candidate spots that is clear; return the boxes.

    ``labels`` is a list of ``(text, candidates)``: a matplotlib ``Text`` and
    the points (data coordinates) where it may stand, best first.  ``nodes``
    are ``(x, y, radius_points)`` in data coordinates (radius in points);
    ``taken`` boxes (pixels) that are already occupied.  A text goes to the
    first spot where its box meets no placed text and no node; when no spot
    is clear, to the one with the least overlap.  The layout is measured as
    the figure stands (call it after the limits and the aspect are set).
    """
    if not labels:
        return list(taken)
    fig = ax.figure
    ax.apply_aspect()
    renderer = fig.canvas.get_renderer()
    scale = fig.dpi / 72.0
    node_px = []
    for x, y, r in nodes:
        px, py = ax.transData.transform((x, y))
        node_px.append((px, py, r * scale))
    boxes = list(taken)
    minimum = LECTURE_MIN_POINTS if STYLE["lecture"] else 0.0
    for text, candidates in labels:
        if text.get_fontsize() < minimum:   # as the lecture figure will draw it
            text.set_fontsize(minimum)
        best, best_bad, best_box = None, None, None
        for point in candidates:
            text.set_position(point)
            bb = text.get_window_extent(renderer)
            patch = text.get_bbox_patch()
            pad = 0.0
            if patch is not None:
                pad = 0.3 * text.get_fontsize() * scale
            box = (bb.x0 - pad, bb.y0 - pad, bb.x1 + pad, bb.y1 + pad)
            bad = _display_boxes_clear(box, boxes, node_px)
            if best_bad is None or bad < best_bad:
                best, best_bad, best_box = point, bad, box
            if bad == 0:
                break
        text.set_position(best)
        boxes.append(best_box)
    return boxes


def fit_text_width(text: str, width_points: float, fontsize: float) -> str:
    """``text`` wrapped so that each line is about ``width_points`` wide at ``fontsize``."""
    import textwrap

    chars = max(8, int(width_points / (0.56 * fontsize)))
    return "\n".join(textwrap.fill(part, chars) for part in text.split("\n"))


def shrink_text_to_grid(ax, texts, cell=1.0, lines=1.25, floor=5.0):
    """Make ``texts`` no taller than ``cell`` data units over ``lines`` lines of text.

    For pictures laid out on a grid of text (the binary table) drawn on a
    given, perhaps small, ``ax``: when a row of the grid is shorter on the
    page than a line of text, every text in ``texts`` shrinks by the same
    factor (never below ``floor`` points).  Returns the factor used.
    """
    if not texts:
        return 1.0
    ax.apply_aspect()
    (_, y0), (_, y1) = ax.transData.transform([(0, 0), (0, cell)])
    room = abs(y1 - y0) * 72.0 / ax.figure.dpi          # points a row
    tallest = max(t.get_fontsize() for t in texts) * lines
    if tallest <= room:
        return 1.0
    factor = room / tallest
    for t in texts:
        t.set_fontsize(max(floor, t.get_fontsize() * factor))
    return factor
