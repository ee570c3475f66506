"""Checks shared by every module: turn bad input into a clear error early.

Each helper returns the cleaned value or raises ``TypeError`` (wrong kind of
value) or ``ValueError`` (right kind, wrong value) with a message that names
the argument and says how to fix it.

Offers: :func:`as_count` (one non-negative integer, named in the message),
:func:`as_heap` (one heap size) and :func:`as_heaps` (a list of heap sizes,
numbered from 1 in the messages).  Booleans are refused even though Python
counts them as integers; numpy integers are accepted and returned as ``int``.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable

__all__ = ["as_heap", "as_heaps", "as_count"]


def as_count(value, what: str = "value") -> int:
    """Return ``value`` as a non-negative ``int`` or raise a clear error.

    >>> as_count(3)
    3
    >>> as_count(-1, "heap")
    Traceback (most recent call last):
    ...
    ValueError: heap must be a non-negative integer, got -1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{what} must be a non-negative integer, got {value!r} "
            f"of type {type(value).__name__}"
        )
    value = int(value)
    if value < 0:
        raise ValueError(f"{what} must be a non-negative integer, got {value}")
    return value


def as_heap(value) -> int:
    """Return a heap size (a non-negative ``int``) or raise a clear error."""
    return as_count(value, "a heap size")


def as_heaps(heaps: Iterable) -> tuple[int, ...]:
    """Return a tuple of heap sizes, checking each one.

    >>> as_heaps([3, 4, 5])
    (3, 4, 5)
    >>> as_heaps([1, 1.5])
    Traceback (most recent call last):
    ...
    TypeError: heap 2 must be a non-negative integer, got 1.5 of type float
    """
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Iterable):
        raise TypeError(f"heaps must be a list of non-negative integers, got {heaps!r}")
    return tuple(as_count(h, f"heap {i}") for i, h in enumerate(heaps, start=1))
