"""A position's picture in a notebook, with its text alternative.

IPython shows an object through ``_repr_mimebundle_`` when it has one; a
``(data, metadata)`` pair keeps the metadata with the output, and the
exports (:mod:`cgteach.present`) read the picture's ``alt`` from it.  The
positions that draw themselves (Hackenbush, Hackendot, Domineering, Toads
and Frogs, thermographs) return their PNG and a sentence saying what it
shows, through :class:`Pictured`; the widgets'
still pictures and the lessons' matplotlib figures merge theirs into the
metadata IPython already has with :func:`with_alt`.

A model never imports the module that draws it (that module imports the
model: a loop).  It asks :func:`drawer` for its drawing function by name,
``"hackenbush.png"``, ``"domineering.draw"``, ...  The table of drawers is
filled in by :mod:`cgteach.draw` when it is imported, and the first
:func:`drawer` call that finds it empty imports :mod:`cgteach.draw` through
the loader that ``cgteach/__init__.py`` (the roof, above the models and
their drawings) puts in ``_LOADER``.  This module imports nothing of
cgteach: it is the ground floor.
"""

from __future__ import annotations

from collections.abc import Callable

#: The drawing functions of the models, by name (``"<model>.png"`` gives PNG
#: bytes or ``None``, ``"<model>.draw"`` draws on a matplotlib Axes); filled
#: in by :mod:`cgteach.draw`.
DRAWERS: dict[str, Callable] = {}
#: What loads the drawers on first need: set by ``cgteach/__init__.py``.
_LOADER: list = [None]


def drawer(name: str) -> Callable:
    """The drawing function registered as ``name``, loading :mod:`cgteach.draw` on first need.

    >>> drawer("hackenbush.png").__module__
    'cgteach.draw.hackenbush'
    """
    f = DRAWERS.get(name)
    if f is None:
        if _LOADER[0] is not None:
            _LOADER[0]()
        f = DRAWERS.get(name)
        if f is None:
            raise LookupError(f"no drawer is registered as {name!r} (see cgteach.draw)")
    return f


def with_alt(metadata, alt: str) -> dict:
    """``metadata`` (IPython's, maybe ``None``) with ``alt`` as its ``image/png`` alt.

    >>> with_alt({"image/png": {"width": 300}}, "a board")
    {'image/png': {'width': 300, 'alt': 'a board'}}
    """
    metadata = dict(metadata or {})
    png = metadata.get("image/png")
    metadata["image/png"] = {**(png if isinstance(png, dict) else {}), "alt": alt}
    return metadata


class Pictured:
    """Mixin for a position that draws itself: its picture with its words.

    The class gives ``_repr_png_()`` (PNG bytes, or ``None`` when too big to
    draw) and ``_alt_text()`` (what the picture shows); IPython then stores
    the words as the picture's alt.  No words are built for no picture.
    """

    __slots__ = ()

    def _repr_mimebundle_(self, include=None, exclude=None):
        """``({"image/png": png}, {"image/png": {"alt": words}})``, or ``None``.

        ``None`` when IPython's ``include`` / ``exclude`` leave PNG out (nothing
        is drawn then) or the object is too big to draw.
        """
        if (include is not None and "image/png" not in include) or (
                exclude is not None and "image/png" in exclude):
            return None
        png = self._repr_png_()
        if png is None:
            return None
        return {"image/png": png}, with_alt(None, self._alt_text())


def count(n: int, word: str) -> str:
    """``"1 node"``, ``"3 nodes"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
