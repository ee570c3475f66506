"""cgteach: combinatorial game theory for the classroom.

Floors, bottom to top (a module imports only from its own floor or lower, even inside a
function, and never in a loop; tests/test_floors.py reads every import to check it):

0. ground: ``_validate``, ``_io``, ``_cli``, ``_pictures`` (the drawer table), ``_budget``,
   ``nimbers``, ``numbers``;
1. engines and models: ``impartial``, ``nim``, ``games``, ``hot``, ``small``, ``brute``,
   ``rulesets``, ``hackenbush``, ``hackendot``, ``misere``, ``rules`` (the kit for a game of
   one's own; a model asks ``_pictures`` for its picture, never ``draw``);
2. ``draw``: the pictures (importing it fills the drawer table of ``_pictures``);
3. ``widgets``, ``exercises``, ``present``, ``classroom``: what the lessons and the lecturer use;
4. this ``__init__`` (the roof: loads ``draw`` on the first picture; ``from cgteach import
   nim_sum`` imports from ``nimbers``), then the notebooks.

The top level offers the few functions every lesson uses; each topic lives
in its own module (``cgteach.nim``, ``cgteach.impartial``,
``cgteach.rulesets``, ``cgteach.numbers``, ``cgteach.hackenbush``,
``cgteach.hackendot``).  Pictures are in ``cgteach.draw`` and widgets in
``cgteach.widgets``; neither is imported here, so ``import cgteach`` stays
light (no matplotlib, no widgets).

>>> from cgteach import binary_expansion, nim_sum, mex
>>> binary_expansion(45), nim_sum(13, 19, 10), mex({0, 1, 2, 5, 8})
([32, 8, 4, 1], 20, 3)
"""

# First of all: a Ctrl-C while ``python -m cgteach.nim`` starts ends it quietly (status
# 130, no traceback), from this statement on; the game's ``main()`` restores Ctrl-C.
# Written here, not imported from a module of its own: reading one more file was the
# widest part of the window in which a Ctrl-C on a busy machine still gave a traceback.
# ``_signal`` is Python's C module (``signal`` builds enums first, another window).
import sys as _sys

if _sys.argv[:1] == ["-m"] and "cgteach.nim" in getattr(_sys, "orig_argv", ()):
    import _signal

    def _quiet_exit(_signum, _frame):
        raise SystemExit(130)

    _signal.signal(_signal.SIGINT, _quiet_exit)

from cgteach import _pictures  # noqa: F401
from cgteach._budget import budget
from cgteach.impartial import grundy
from cgteach.nimbers import Nimber, binary_expansion, mex, nim_sum, subpiles

__all__ = ["binary_expansion", "subpiles", "nim_sum", "mex", "Nimber", "grundy", "budget"]
__version__ = "0.1.0"


def _load_drawings():
    """Import :mod:`cgteach.draw`, which fills ``cgteach._pictures.DRAWERS``.

    The package is the one module above both the models and their drawings,
    and it is always imported before either, so the models' first picture
    finds this loader in place.
    """
    import cgteach.draw  # noqa: F401


_pictures._LOADER[0] = _load_drawings
