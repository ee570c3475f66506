"""A library of impartial games, one module per ruleset.

Each module states the rules in its docstring and offers the positions,
the moves (an ``options`` function that plugs into
:func:`cgteach.impartial.grundy`) and the values, with a fast method and
a brute-force twin wherever there is a clever shortcut.  Heap games
expose ``values(..., n)``: the Grundy values of heaps ``0 … n-1``.

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
