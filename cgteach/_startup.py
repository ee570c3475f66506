"""Start-up of ``python -m cgteach.nim``: a Ctrl-C before the game runs ends it quietly.

Python imports the package (``cgteach/__init__.py``, which imports this module
first) before the game's ``main()`` runs; a Ctrl-C in that window ends the
program with status 130 instead of a ``KeyboardInterrupt`` traceback.
``main()`` restores Ctrl-C.  The C module ``_signal`` loads at once; ``signal``
builds enums first, a window in which a Ctrl-C on a busy machine still gave a
traceback.  Imports nothing of cgteach (ground floor).
"""

import sys as _sys

if _sys.argv[:1] == ["-m"] and "cgteach.nim" in getattr(_sys, "orig_argv", ()):
    import _signal

    def _quiet_exit(_signum, _frame):
        raise SystemExit(130)

    _signal.signal(_signal.SIGINT, _quiet_exit)
