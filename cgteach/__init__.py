"""cgteach: combinatorial game theory for the classroom.

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

import sys as _sys

if _sys.argv[:1] == ["-m"] and "cgteach.nim" in getattr(_sys, "orig_argv", ()):
    # ``python -m cgteach.nim`` is starting (Python imports this package
    # first): a Ctrl-C before the game's main() runs ends it quietly instead
    # of with a KeyboardInterrupt traceback.  main() restores Ctrl-C.  The C
    # module ``_signal`` loads at once; ``signal`` builds enums first, a window
    # in which a Ctrl-C on a busy machine still gave a traceback.
    import _signal

    def _quiet_exit(_signum, _frame):
        raise SystemExit(130)

    _signal.signal(_signal.SIGINT, _quiet_exit)

from cgteach.impartial import grundy  # noqa: E402
from cgteach.nimbers import Nimber, binary_expansion, mex, nim_sum, subpiles

__all__ = ["binary_expansion", "subpiles", "nim_sum", "mex", "Nimber", "grundy"]
__version__ = "0.1.0"
