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

from cgteach.impartial import grundy
from cgteach.nimbers import Nimber, binary_expansion, mex, nim_sum, subpiles

__all__ = ["binary_expansion", "subpiles", "nim_sum", "mex", "Nimber", "grundy"]
__version__ = "0.1.0"
