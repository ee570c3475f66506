"""Pictures of positions, values and steps, drawn with matplotlib.

Importing this package is cheap: matplotlib is imported when a picture is
first drawn, and ``import cgteach`` imports neither.
Each topic has a module here (``nim``, ``impartial``, ``rulesets``,
``hackenbush``, ``numbers``, ``hackendot``, ``misere``); every function takes an
optional matplotlib ``Axes`` as ``ax`` and returns the ``Axes`` it drew on.
:func:`lecture_mode` switches every picture to large fonts, thick lines and a
size that fits a 1280×720 projector (also on when Jupyter was started with
``CGTEACH_LECTURE=1``); :func:`subscribe` tells live widgets when it changes.

Importing this package also registers the drawings of the models that show
themselves in a notebook (Hackenbush, Hackendot, Domineering, Toads and
Frogs, Clobber, thermographs) in ``cgteach._pictures.DRAWERS``: a model asks that
table for its picture and never imports its drawing module.
"""

from cgteach import _pictures
from cgteach.draw import (
    clobber,
    domineering,
    gametree,
    hackenbush,
    hackendot,
    impartial,
    misere,
    thermographs,
)
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

_pictures.DRAWERS.update({
    "hackenbush.png": hackenbush.png,
    "hackendot.png": hackendot.png,
    "domineering.png": domineering.domineering_png,
    "domineering.draw": domineering.draw_domineering,
    "toads_and_frogs.png": domineering.toads_and_frogs_png,
    "toads_and_frogs.draw": domineering.draw_toads_and_frogs,
    "thermograph.png": thermographs.thermograph_png,
    "thermograph.draw": thermographs.draw_thermograph,
    "clobber.png": clobber.clobber_png,
    "clobber.draw": clobber.draw_clobber,
    "game_tree.draw": gametree.draw_game_tree,
    "state_graph.draw": impartial.draw_state_graph,
    "misere_quotient.draw": misere.draw_quotient,
})
