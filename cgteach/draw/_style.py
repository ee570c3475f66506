"""Shared look of every picture: colours, sizes, and the lecture mode.

Every drawing function in ``cgteach.draw`` takes an optional ``ax`` and
returns the ``Axes`` it drew on; when ``ax`` is ``None`` it makes a new
figure of a size chosen by :func:`new_axes`.  Sizes, fonts and line widths
come from :data:`STYLE`, which :func:`lecture_mode` enlarges for projection.
"""

from __future__ import annotations

__all__ = ["COLOURS", "STYLE", "lecture_mode", "new_axes", "decorate", "style"]

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

_NORMAL = {"scale": 1.0, "font": 12, "line": 2.5, "node": 60, "lecture": False}
_LECTURE = {"scale": 1.5, "font": 20, "line": 5.0, "node": 160, "lecture": True}

#: The current style; read it, do not assign to it (use :func:`lecture_mode`).
STYLE = dict(_NORMAL)


def style() -> dict:
    """Return a copy of the current style settings."""
    return dict(STYLE)


def lecture_mode(on: bool = True):
    """Switch large fonts, thick lines and high contrast on or off.

    Works as a plain call (the setting stays) or as a context manager
    (the previous setting comes back at the end of the block):

    >>> lecture_mode(True) and STYLE["font"]
    20
    >>> with lecture_mode(False):
    ...     STYLE["font"]
    12
    >>> STYLE["font"]
    20
    >>> _ = lecture_mode(False)
    """
    if not isinstance(on, bool):
        raise TypeError(f"lecture_mode takes True or False, got {on!r}")
    previous = dict(STYLE)
    STYLE.clear()
    STYLE.update(_LECTURE if on else _NORMAL)
    return _Switch(previous)


class _Switch:
    """Result of :func:`lecture_mode`: truthy, and usable in ``with``."""

    def __init__(self, previous):
        self._previous = previous

    def __bool__(self):
        return True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        STYLE.clear()
        STYLE.update(self._previous)
        return False


def new_axes(ax=None, size=(6.0, 4.0)):
    """Return ``ax``, or a fresh ``Axes`` on a new figure scaled by the style."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    scale = STYLE["scale"]
    fig, ax = plt.subplots(figsize=(size[0] * scale, size[1] * scale))
    return ax


def decorate(ax, title=None, *, axis_off=True, equal=False):
    """Apply the house style to ``ax``: title, no frame, optional equal aspect."""
    if title:
        ax.set_title(title, fontsize=STYLE["font"] + 2, color=COLOURS["text"])
    if axis_off:
        ax.set_axis_off()
    if equal:
        ax.set_aspect("equal")
    return ax
