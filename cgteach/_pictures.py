"""A position's picture in a notebook, with its text alternative.

IPython shows an object through ``_repr_mimebundle_`` when it has one; a
``(data, metadata)`` pair keeps the metadata with the output, and the
exports (:mod:`cgteach.present`) read the picture's ``alt`` from it.  The
positions that draw themselves (Hackenbush, Hackendot, Domineering, Toads
and Frogs, thermographs) return :func:`picture_bundle` of their PNG and a
sentence saying what it shows.
"""

from __future__ import annotations


def picture_bundle(png, alt: str, include=None, exclude=None):
    """``({"image/png": png}, {"image/png": {"alt": alt}})``, or ``None`` (no picture).

    ``include`` / ``exclude`` are IPython's: a caller that does not want PNG
    gets ``None``, and so does an object too big to draw (``png`` is ``None``).

    >>> picture_bundle(b"PNG", "a board")
    ({'image/png': b'PNG'}, {'image/png': {'alt': 'a board'}})
    >>> picture_bundle(b"PNG", "a board", exclude={"image/png"}) is None
    True
    """
    if (include is not None and "image/png" not in include) or (
            exclude is not None and "image/png" in exclude):
        return None
    if png is None:
        return None
    return {"image/png": png}, {"image/png": {"alt": alt}}


def count(n: int, word: str) -> str:
    """``"1 node"``, ``"3 nodes"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
