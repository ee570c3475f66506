"""Pictures of positions, values and steps, drawn with matplotlib.

Importing this package is cheap: matplotlib is imported when a picture is
first drawn, and ``import cgteach`` imports neither.
Each topic has a module here (``nim``, ``impartial``, ``rulesets``,
``hackenbush``, ``numbers``, ``hackendot``); every function takes an
optional matplotlib ``Axes`` as ``ax`` and returns the ``Axes`` it drew on.
:func:`lecture_mode` switches every picture to large fonts and thick lines.
"""

from cgteach.draw._style import COLOURS, STYLE, decorate, lecture_mode, new_axes

__all__ = ["COLOURS", "STYLE", "decorate", "lecture_mode", "new_axes"]
