"""Pictures of positions, values and steps, drawn with matplotlib.

Importing this package is cheap: matplotlib is imported when a picture is
first drawn, and ``import cgteach`` imports neither.
Each topic has a module here (``nim``, ``impartial``, ``rulesets``,
``hackenbush``, ``numbers``, ``hackendot``); every function takes an
optional matplotlib ``Axes`` as ``ax`` and returns the ``Axes`` it drew on.
:func:`lecture_mode` switches every picture to large fonts, thick lines and a
size that fits a 1280×720 projector (also on when Jupyter was started with
``CGTEACH_LECTURE=1``); :func:`subscribe` tells live widgets when it changes.
"""

from cgteach.draw._style import (
    COLOURS,
    STYLE,
    decorate,
    lecture_mode,
    new_axes,
    subscribe,
    unsubscribe,
)

__all__ = ["COLOURS", "STYLE", "decorate", "lecture_mode", "new_axes", "subscribe", "unsubscribe"]
