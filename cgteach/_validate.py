"""Checks shared by every module: turn bad input into a clear error early.

Each helper returns the cleaned value or raises ``TypeError`` (wrong kind of
value) or ``ValueError`` (right kind, wrong value) with a message that names
the argument, says what was wrong and how to fix it.  A public function
states its limits once, at its top, with these helpers::

    n = as_count(n, "n", limit=MAX_HEAPS)

The same rules hold everywhere:

* **booleans** are refused wherever a number or a node name is expected,
  even though Python counts ``True`` as ``1`` (a ``True`` heap is a slip);
* **numpy integers** (anything :class:`numbers.Integral`) are accepted and
  returned as plain ``int``; floats are refused even when whole (``3.0``),
  because a float heap is usually a division that should have been ``//``;
* **NaN and infinities** are refused by every numeric helper;
* **bytes and str** are never read as a list of numbers (``b"12"`` is not
  the heaps ``[49, 50]``);
* a **limit** is checked before any work is done, and the message states it,
  so a huge size is refused at once instead of hanging;
* huge numbers are shown in messages by :func:`show`, which never converts
  an integer of thousands of digits to text (Python refuses past 4300
  digits, and the text would be useless anyway).

Offers: :func:`show`, :func:`as_int`, :func:`as_count`, :func:`check_size`,
:func:`as_heap`, :func:`as_heaps`, :func:`as_bool`, :func:`as_fraction`,
:func:`as_choice`, :func:`as_node`, :func:`as_path`, :func:`as_list`,
:func:`as_seed`, :func:`as_rng`.
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Iterable
from fractions import Fraction

__all__ = [
    "show",
    "as_int",
    "as_count",
    "check_size",
    "as_heap",
    "as_heaps",
    "as_bool",
    "as_fraction",
    "as_choice",
    "as_node",
    "as_path",
    "as_list",
    "as_seed",
    "as_rng",
    "MAX_DIGITS",
]

#: Integers with more decimal digits than this are shown as a digit count.
MAX_DIGITS = 40


def _digits(n: int) -> int:
    """Number of decimal digits of ``|n|`` without converting it to text."""
    n = abs(n)
    if n < 10**MAX_DIGITS:
        return len(str(n))
    # log10(2) * bit_length is within one of the digit count; good enough to
    # describe a number, and it never builds the huge decimal string.
    return int(n.bit_length() * 0.30102999566398120) + 1


def show(value, width: int = 60) -> str:
    """Return a short, safe text for ``value`` to put in a message.

    Integers with more than :data:`MAX_DIGITS` digits are summarised (so no
    message ever hits Python's 4300-digit limit), long texts are cut.

    >>> show(5)
    '5'
    >>> show(2**200)
    'an integer of about 61 digits (2**200)'
    >>> show(-(10**50))
    'a negative integer of about 51 digits'
    >>> len(show("x" * 100)), show("x" * 100)[-1]
    (60, '…')
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        n = int(value)
        if abs(n) >= 10**MAX_DIGITS:
            sign = "a negative" if n < 0 else "an"
            text = f"{sign} integer of about {_digits(n)} digits"
            if n > 0 and n & (n - 1) == 0:
                text += f" (2**{n.bit_length() - 1})"
            return text
        return str(n)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return show(value.numerator, width)
        if max(abs(value.numerator), value.denominator) >= 10**MAX_DIGITS:
            sign = "a negative" if value < 0 else "a"
            return (f"{sign} fraction of about {_digits(value.numerator)} digits over "
                    f"about {_digits(value.denominator)} digits")
        return str(value)
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real error
        text = f"<{type(value).__name__} object>"
    if len(text) > width:
        text = text[: width - 1] + "…"
    return text


def _kind(value) -> str:
    return type(value).__name__


def as_int(value, what: str = "value", *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an ``int`` in ``[low, high]`` or raise a clear error.

    >>> as_int(-3, "offset")
    -3
    >>> as_int(True, "offset")
    Traceback (most recent call last):
    ...
    TypeError: offset must be an integer, got True (a bool); write 0 or 1 if you mean a number
    >>> as_int(2.0, "offset")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: offset must be an integer, got 2.0 of type float; use int(...) or // ...
    >>> as_int(7, "depth", low=0, high=5)
    Traceback (most recent call last):
    ...
    ValueError: depth must be at most 5, got 7
    """
    if isinstance(value, bool):
        raise TypeError(
            f"{what} must be an integer, got {value!r} (a bool); write 0 or 1 if you mean a number"
        )
    if not isinstance(value, numbers.Integral):
        hint = ""
        if isinstance(value, float):
            if math.isnan(value) or math.isinf(value):
                hint = "; NaN and infinities are not sizes"
            else:
                hint = "; use int(...) or // for whole numbers"
        elif isinstance(value, (str, bytes, bytearray)):
            hint = "; convert text with int(...) first"
        raise TypeError(
            f"{what} must be an integer, got {show(value)} of type {_kind(value)}{hint}"
        )
    value = int(value)
    if low is not None and value < low:
        if low == 0:
            raise ValueError(f"{what} must be a non-negative integer, got {show(value)}")
        raise ValueError(f"{what} must be at least {low}, got {show(value)}")
    if high is not None and value > high:
        raise ValueError(f"{what} must be at most {show(high)}, got {show(value)}")
    return value


def as_count(value, what: str = "value", limit: int | None = None) -> int:
    """Return ``value`` as a non-negative ``int`` (at most ``limit``) or raise.

    >>> as_count(3)
    3
    >>> as_count(-1, "heap")
    Traceback (most recent call last):
    ...
    ValueError: heap must be a non-negative integer, got -1
    >>> as_count(10**100, "n", limit=10**6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: n must be at most 1000000, got an integer of about 101 digits; ...
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{what} must be a non-negative integer, got {show(value)} of type {_kind(value)}"
        )
    value = int(value)
    if value < 0:
        raise ValueError(f"{what} must be a non-negative integer, got {show(value)}")
    if limit is not None:
        check_size(value, limit, what)
    return value


def check_size(n: int, limit: int, what: str = "the size") -> None:
    """Refuse a size past ``limit`` at once, stating the limit.

    >>> check_size(5, 10, "the number of edges")
    >>> check_size(11, 10, "the number of edges")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the number of edges must be at most 10, got 11; this function is limited ...
    """
    if n > limit:
        raise ValueError(
            f"{what} must be at most {show(limit)}, got {show(n)}; "
            f"this function is limited to {show(limit)} so that it answers in seconds"
        )


def as_heap(value, limit: int | None = None) -> int:
    """Return a heap size (a non-negative ``int``) or raise a clear error."""
    return as_count(value, "a heap size", limit)


def as_list(value, what: str = "value", *, limit: int | None = None) -> list:
    """Return the items of a list-like ``value`` (not text, not a mapping).

    ``limit`` bounds the number of items; a generator longer than the limit
    is refused after reading ``limit + 1`` items, never exhausted.

    >>> as_list((1, 2), "heaps")
    [1, 2]
    >>> as_list(b"12", "heaps")
    Traceback (most recent call last):
    ...
    TypeError: heaps must be a list, got b'12' of type bytes (text is not a list of values)
    """
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        raise TypeError(
            f"{what} must be a list, got {show(value)} of type {_kind(value)} "
            "(text is not a list of values)"
        )
    if isinstance(value, dict) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a list, got {show(value)} of type {_kind(value)}")
    if limit is None:
        return list(value)
    if hasattr(value, "__len__"):
        check_size(len(value), limit, f"the length of {what}")
        return list(value)
    items = []
    for item in value:
        items.append(item)
        if len(items) > limit:
            check_size(len(items), limit, f"the length of {what}")
    return items


def as_heaps(
    heaps: Iterable, *, limit: int | None = None, size: int | None = None
) -> tuple[int, ...]:
    """Return a tuple of heap sizes, checking each one.

    ``limit`` bounds the number of heaps, ``size`` each heap.

    >>> as_heaps([3, 4, 5])
    (3, 4, 5)
    >>> as_heaps([1, 1.5])
    Traceback (most recent call last):
    ...
    TypeError: heap 2 must be a non-negative integer, got 1.5 of type float
    >>> as_heaps(b"12")
    Traceback (most recent call last):
    ...
    TypeError: heaps must be a list of non-negative integers, got b'12' of type bytes
    """
    if isinstance(heaps, (str, bytes, bytearray, memoryview, dict)) or not isinstance(
        heaps, Iterable
    ):
        raise TypeError(
            "heaps must be a list of non-negative integers, "
            f"got {show(heaps)} of type {_kind(heaps)}"
        )
    items = as_list(heaps, "heaps", limit=limit)
    return tuple(as_count(h, f"heap {i}", size) for i, h in enumerate(items, start=1))


def as_bool(value, what: str = "flag") -> bool:
    """Return ``value`` if it is a ``bool`` (numpy bools too), else raise.

    ``0``/``1`` and strings such as ``"false"`` are refused: ``bool("false")``
    is ``True``, which is exactly the slip this guards against.

    >>> as_bool(False, "misere")
    False
    >>> as_bool("no", "misere")
    Traceback (most recent call last):
    ...
    TypeError: misere must be True or False, got 'no' of type str
    """
    if isinstance(value, bool):
        return value
    if type(value).__name__ == "bool_":  # numpy.bool_ without importing numpy
        return bool(value)
    raise TypeError(f"{what} must be True or False, got {show(value)} of type {_kind(value)}")


def as_fraction(value, what: str = "x", *, dyadic: bool = False) -> Fraction:
    """Return ``value`` as an exact ``Fraction`` or raise a clear error.

    Accepts ints, ``Fraction`` and finite floats (a float is exact in
    binary, so it is read exactly); refuses bools, NaN, infinities, text.
    With ``dyadic=True`` the denominator must be a power of two.

    >>> as_fraction(0.375)
    Fraction(3, 8)
    >>> as_fraction(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: x must be a finite number, got nan
    >>> as_fraction(Fraction(1, 3), dyadic=True)
    Traceback (most recent call last):
    ...
    ValueError: x must be a dyadic rational (denominator a power of two, like 3/8), got 1/3
    """
    if isinstance(value, bool):
        raise TypeError(f"{what} must be a number, got {value!r} (a bool)")
    if isinstance(value, numbers.Integral):
        result = Fraction(int(value))
    elif isinstance(value, Fraction):
        result = value
    elif isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational):
        value = float(value)
        if math.isnan(value) or math.isinf(value):
            raise ValueError(f"{what} must be a finite number, got {value}")
        result = Fraction(value)
    elif isinstance(value, numbers.Rational):
        result = Fraction(value.numerator, value.denominator)
    else:
        raise TypeError(
            f"{what} must be a number (int, Fraction or float), got {show(value)} "
            f"of type {_kind(value)}"
        )
    if dyadic:
        d = result.denominator
        if d & (d - 1):
            raise ValueError(
                f"{what} must be a dyadic rational (denominator a power of two, like 3/8), "
                f"got {show(result)}"
            )
    return result


def as_choice(value, choices, what: str = "value"):
    """Return ``value`` if it is one of ``choices`` (compared by equality).

    >>> as_choice("blue", ("blue", "red"), "player")
    'blue'
    >>> as_choice("Blue", ("blue", "red"), "player")
    Traceback (most recent call last):
    ...
    ValueError: player must be one of 'blue', 'red'; got 'Blue'
    """
    try:
        ok = any(type(value) is type(c) and value == c for c in choices)
    except Exception:
        ok = False
    if not ok:
        listed = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{what} must be one of {listed}; got {show(value)}")
    return value


def as_node(value, what: str = "node"):
    """Return a node name: an ``int`` (numpy ints too) or a ``str``.

    >>> as_node(3), as_node("top")
    (3, 'top')
    >>> as_node(True)
    Traceback (most recent call last):
    ...
    TypeError: node must be an integer or a string, got True (a bool)
    """
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an integer or a string, got {value!r} (a bool)")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, str):
        return value
    raise TypeError(
        f"{what} must be an integer or a string, got {show(value)} of type {_kind(value)}"
    )


def as_path(value, what: str = "path") -> str:
    """Return a file path as ``str`` (accepts ``str`` and ``os.PathLike``).

    >>> as_path("house.json")
    'house.json'
    >>> as_path(5)
    Traceback (most recent call last):
    ...
    TypeError: path must be a file name (str or pathlib.Path), got 5 of type int
    """
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError(
            f"{what} must be a file name (str or pathlib.Path), got {show(value)} "
            f"of type {_kind(value)}"
        )
    if not value or "\x00" in value:
        raise ValueError(f"{what} must be a non-empty file name without NUL characters")
    return value


def as_seed(value, what: str = "seed"):
    """Return ``value`` if it is a valid random seed: ``None`` or an ``int``.

    >>> as_seed(7), as_seed(None)
    (7, None)
    """
    if value is None:
        return None
    return as_int(value, what)


def as_rng(value, what: str = "rng", *, none_means_random: bool = True):
    """Return a :class:`random.Random` from a seed or a ``random.Random``.

    Every ``rng`` parameter in cgteach takes an integer seed (the same seed
    gives the same result), a ``random.Random`` (used as it is, so a caller
    can share one stream of draws) or ``None``.  ``None`` gives a freshly
    seeded generator, or stays ``None`` with ``none_means_random=False``
    for functions where ``None`` means "do not draw at all".

    >>> as_rng(5).random() == as_rng(5).random()
    True
    >>> as_rng(None, none_means_random=False) is None
    True
    >>> as_rng("5")
    Traceback (most recent call last):
    ...
    TypeError: rng must be a seed (an integer or a finite float), a random.Random or None, ...
    """
    import random

    if value is None:
        return random.Random() if none_means_random else None
    if isinstance(value, random.Random):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return random.Random(int(value))
    if type(value) is float:
        # a float is a seed random.Random itself accepts (a lesson draws one: rng.random())
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError(f"{what} must be a finite number when it is a float seed, "
                             f"got {value!r}")
        return random.Random(value)
    raise TypeError(
        f"{what} must be a seed (an integer or a finite float), a random.Random or None, "
        f"got {show(value)} "
        f"of type {_kind(value)}"
    )
