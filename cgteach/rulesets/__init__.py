"""A library of rulesets, one module per game: impartial ones and two partizan ones.

Each module states the rules in its docstring and offers the positions,
the moves and the values, with a fast method and a brute-force twin
wherever there is a clever shortcut.  The impartial rulesets give an
``options`` function that plugs into :func:`cgteach.impartial.grundy`;
heap games expose ``values(..., n)``: the Grundy values of heaps
``0 … n-1``.  The partizan rulesets (``domineering``, ``toads_and_frogs``)
give position classes whose values are canonical games of
:mod:`cgteach.games` (their shared outcome, temperature and files are in
``_partizan``; what the board games Domineering, Clobber and Cram share,
rows, regions and bitmasks, is in ``_grid``); import them by name,
``from cgteach.rulesets.domineering import Domineering``.

===================  ==========================================================
module               game
===================  ==========================================================
``subtraction``      take ``s`` sticks, ``s`` from a subtraction set (the 1–3 game)
``divisors``         remove a proper divisor of the heap (state 1 is final)
``maze``             move a figure left or up in a maze of walls
``grundys_game``     split a heap into two unequal heaps
``octal``            octal games: Kayles ``0.77``, Dawson's Kayles ``0.07`` …
``chop``             cut a chocolate bar, keep one piece (Nim in disguise)
``chomp``            bite squares off a Ferrers diagram; the poisoned square stays
``wythoff``          two heaps: take from one, or the same from both
``staircase``        move coins down a staircase (Nim on the odd steps)
``fibonacci_nim``    take at most twice the last take (Zeckendorf strategy)
``turning_turtles``  turn a head over, and maybe one coin to its left
``domineering``      partizan: Left places vertical dominoes, Right horizontal
``toads_and_frogs``  partizan: toads hop right, frogs left, one square or a jump
===================  ==========================================================

>>> from cgteach.rulesets import subtraction
>>> subtraction.values({1, 2, 3}, 9)
[0, 1, 2, 3, 0, 1, 2, 3, 0]
"""

__all__ = [
    "subtraction",
    "divisors",
    "maze",
    "grundys_game",
    "octal",
    "chop",
    "chomp",
    "wythoff",
    "staircase",
    "fibonacci_nim",
    "turning_turtles",
]


def __getattr__(name):
    # Import a ruleset module on first use, so ``import cgteach.rulesets`` is cheap
    # and ``cgteach.rulesets.maze`` works without a separate import.
    if name in __all__:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
