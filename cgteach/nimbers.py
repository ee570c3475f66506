"""Binary expansion, nim addition, the MEX, and nimbers.

Every non-negative integer ``n`` is a sum of *distinct* powers of two in
exactly one way (the essay's Lemma 2.2); those powers are its **binary
expansion**.  Breaking a Nim heap of ``n`` stones into piles of those sizes
gives its **subpiles**.

The **nim sum** ``a ⊕ b`` adds numbers in binary without carrying: a power
of two appears in the result exactly when it appears in an odd number of the
summands.  It is Python's exclusive or, ``a ^ b``.

The **MEX** (minimum excluded value) of a set of non-negative integers is
the least non-negative integer missing from it.

A **nimber** ``*n`` is the value of a single Nim heap of ``n`` stones.  Adding
nimbers is nim addition: ``*a + *b == *(a ⊕ b)`` (Thm 3.2 of the essay).

Offers: :func:`binary_expansion`, :func:`subpiles`, :func:`nim_sum`,
:func:`mex`, :class:`Nimber`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import xor

from cgteach._validate import as_count, as_heaps, show

__all__ = ["binary_expansion", "subpiles", "nim_sum", "mex", "Nimber"]


def binary_expansion(n: int) -> list[int]:
    """Return the distinct powers of two that add up to ``n``, largest first.

    >>> binary_expansion(45)
    [32, 8, 4, 1]
    >>> binary_expansion(0)
    []
    >>> sum(binary_expansion(1000)) == 1000
    True
    """
    n = as_count(n, "n")
    return [1 << k for k in range(n.bit_length() - 1, -1, -1) if n >> k & 1]


def subpiles(heaps: Iterable[int]) -> dict[int, list[int]]:
    """Break each heap into its binary subpiles.

    Returns ``{power: [indices of the heaps holding a subpile of that size]}``
    for every power of two that occurs, largest power first.  A power is
    *balanced* when its list has even length.

    >>> subpiles([7, 5])
    {4: [0, 1], 2: [0], 1: [0, 1]}
    """
    heaps = as_heaps(heaps)
    table: dict[int, list[int]] = {}
    for i, heap in enumerate(heaps):
        for power in binary_expansion(heap):
            table.setdefault(power, []).append(i)
    return dict(sorted(table.items(), reverse=True))


def nim_sum(*heaps: int) -> int:
    """Return the nim sum (exclusive or) of the heap sizes.

    Accepts the heaps as separate arguments or as one iterable.

    >>> nim_sum(13, 19, 10)
    20
    >>> nim_sum([10, 12, 5])
    3
    >>> nim_sum()
    0
    """
    one = heaps[0] if len(heaps) == 1 else None
    if isinstance(one, Iterable) and not isinstance(one, (str, bytes, bytearray)):
        # one list of heaps; text and bytes are one (bad) heap, never a list:
        # b"12" is not the heaps [49, 50]
        return reduce(xor, as_heaps(heaps[0]), 0)
    values = [as_count(h, f"heap {i}") for i, h in enumerate(heaps, start=1)]
    return reduce(xor, values, 0)


def mex(values: Iterable[int]) -> int:
    """Return the least non-negative integer that is not in ``values``.

    >>> mex({0, 1, 2, 5, 8})
    3
    >>> mex([])
    0
    >>> mex([1, 2])
    0
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"mex needs a collection of non-negative integers, got {show(values)}")
    return _mex({as_count(v, "each value given to mex") for v in values})


def _mex(seen: set[int]) -> int:
    """:func:`mex` without the checks, for inner loops that built ``seen`` themselves."""
    m = 0
    while m in seen:
        m += 1
    return m


class Nimber:
    """The value ``*n`` of a Nim heap of ``n`` stones.

    Nimbers are immutable and hashable; ``+`` (and ``-``, which is the same
    thing) is nim addition.  ``str`` gives textbook notation.

    >>> Nimber(4) + Nimber(11) + Nimber(13)
    Nimber(2)
    >>> str(Nimber(3)), str(Nimber(1)), str(Nimber(0))
    ('*3', '*', '0')
    >>> Nimber(5) + Nimber(5) == Nimber(0)
    True
    """

    __slots__ = ("_n",)

    def __init__(self, n: int = 0):
        object.__setattr__(self, "_n", as_count(n, "a nimber's size"))

    def __setattr__(self, name, value):
        raise AttributeError("Nimber values are immutable")

    def __delattr__(self, name):
        raise AttributeError("Nimber values are immutable")

    @property
    def n(self) -> int:
        """The heap size ``n`` of ``*n``."""
        return self._n

    def __int__(self) -> int:
        return self._n

    __index__ = __int__

    def __add__(self, other):
        if isinstance(other, Nimber):
            return Nimber(self._n ^ other._n)
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        return NotImplemented

    __radd__ = __add__
    __sub__ = __add__
    __rsub__ = __add__

    def __neg__(self):
        return self

    def __eq__(self, other):
        if isinstance(other, Nimber):
            return self._n == other._n
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self._n == 0
        return NotImplemented

    def __hash__(self):
        # *0 equals the integer 0, so it must hash like 0 too.
        return hash(0) if self._n == 0 else hash(("Nimber", self._n))

    def __reduce__(self):
        return (Nimber, (self._n,))

    def __bool__(self):
        return self._n != 0

    def __repr__(self):
        return f"Nimber({self._n})"

    def __str__(self):
        if self._n == 0:
            return "0"
        return "*" if self._n == 1 else f"*{self._n}"

    def _repr_latex_(self):
        return f"${self}$"
