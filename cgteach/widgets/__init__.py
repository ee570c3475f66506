"""Widgets for the lessons: click-to-build editors and games against the computer.

Every widget runs its rules in Python and draws in the browser with plain
JavaScript and SVG shipped inside the package (no downloads, no build step).

Offers (each imported on first use, so ``import cgteach.widgets`` stays light):

- :class:`HackenbushEditor`, :class:`HackenbushGame` (``cgteach.widgets.hackenbush``):
  draw Hackenbush positions of any colours and watch their value (a nimber,
  a number, or a canonical game such as ``↑*``); play them against the
  computer.
- :class:`HackendotEditor`, :class:`HackendotGame` (``cgteach.widgets.hackendot``):
  build forests, step through Úlehla's coloring and contractions; play.
- :class:`NimExplorer`, :class:`NimGame` (``cgteach.widgets.nim``): the
  binary table with sliders; Nim against the computer.
- :class:`DomineeringEditor`, :class:`DomineeringGame` (``cgteach.widgets.domineering``):
  boards with their value, temperature and thermographs; Domineering against the computer.
- :class:`ClobberEditor`, :class:`ClobberGame` (``cgteach.widgets.clobber``):
  build Clobber positions and read their value and atomic weight; play them
  against the computer (either side, with a hint).
- :class:`MisereKaylesGame` (``cgteach.widgets.misere``): misère Kayles (or
  Dawson's Kayles) on a row of pins against a computer that plays from the
  misère quotient; the position's quotient element after each move, a hint.
- :class:`PlayGame` (``cgteach.widgets.playgame``): any game defined with the kit
  (:mod:`cgteach.rules`) against the computer: the moves as cards, a hint, either
  side, either player first.

Each board has a ``lecture`` switch (large fonts, thick lines, high
contrast; it fits a 1280×720 projector) that follows
:func:`cgteach.draw.lecture_mode` (and ``CGTEACH_LECTURE=1``), and turns on
by itself inside a RISE slideshow; and a ``message`` line explaining
anything it refused to do: no message from the page and no bad setting
ever raises into the page.  Before its cell runs (and in exported pages) a
widget shows one line, e.g. ``HackenbushEditor — run this cell in
JupyterLab to build a position``, and a still picture of its position.

Widgets do not pickle or deep-copy: they are ipywidgets, and a live
connection to the page cannot be copied (ipywidgets' own behaviour).  Keep
what they show instead: ``.position``, ``.forest`` or ``.board`` is an ordinary
position, which pickles, and every editor's ``save(path)`` and ``load(path)``
keep it in a file.
"""

from __future__ import annotations

import importlib

__all__ = [
    "HackenbushEditor",
    "HackenbushGame",
    "HackendotEditor",
    "HackendotGame",
    "NimExplorer",
    "NimGame",
    "DomineeringEditor",
    "DomineeringGame",
    "ClobberEditor",
    "ClobberGame",
    "MisereKaylesGame",
    "PlayGame",
]

_HOME = {
    "HackenbushEditor": "hackenbush",
    "HackenbushGame": "hackenbush",
    "HackendotEditor": "hackendot",
    "HackendotGame": "hackendot",
    "NimExplorer": "nim",
    "NimGame": "nim",
    "DomineeringEditor": "domineering",
    "DomineeringGame": "domineering",
    "ClobberEditor": "clobber",
    "ClobberGame": "clobber",
    "MisereKaylesGame": "misere",
    "PlayGame": "playgame",
}


def __getattr__(name):
    if name in _HOME:
        module = importlib.import_module(f"cgteach.widgets.{_HOME[name]}")
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cgteach.widgets' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
