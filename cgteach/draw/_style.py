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
    "style",
]

#: Edge and node colours, chosen to stay distinct for colour-blind readers
#: and on a washed-out projector.
COLOURS = {
    "green": "#1b9e3e",
    "blue": "#1f4fd1",
    "red": "#d7261e",
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


def decorate(ax, title=None, *, axis_off=True, equal=False):
    """Apply the house style to ``ax``: title, no frame, optional equal aspect."""
    if ax is None:
        raise TypeError("decorate() needs a matplotlib Axes to style, got None")
    check_ax(ax)
    if title:
        ax.set_title(title, fontsize=STYLE["font"] + 2, color=COLOURS["text"])
    if axis_off:
        ax.set_axis_off()
    if equal:
        ax.set_aspect("equal")
    return ax
