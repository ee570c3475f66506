"""Dyadic numbers: the values of blue-red Hackenbush positions.

A **dyadic number** is a fraction whose denominator is a power of two once
written in lowest terms: ``3``, ``1/2``, ``-5/4`` and ``13/8`` are dyadic,
``1/3`` and ``1/10`` are not.  Every blue-red Hackenbush position is worth a
dyadic number.

Dyadic numbers are **born** one day at a time.  On day 0 only ``0`` exists.
On each later day a new number appears in every gap of the numbers born so
far: between two neighbours it is their average, and beyond the two ends it
is one more than the largest (one less than the smallest).  So day 1 brings
``-1, 1``; day 2 brings ``-2, -1/2, 1/2, 2``; day 3 brings
``-3, -3/2, -3/4, -1/4, 1/4, 3/4, 3/2, 3``.  The day on which ``x`` appears
is its **birthday**; a number born earlier is **simpler**.

Walking from ``0`` down this *birthday tree* to ``x`` takes one step a day,
each step either up (``+``) or down (``-``); the list of steps is the
**sign expansion** of ``x`` (Berlekamp).  ``3/4`` is reached by
``0 → 1 → 1/2 → 3/4``: up, down, up, so its sign expansion is ``"+-+"``.
A blue-red Hackenbush *stalk* (a single path standing on the ground) with
the colours of the sign expansion read from the ground up (blue for ``+``,
red for ``-``) is worth exactly ``x``.

The **simplicity principle**: if every number that Left (Blue) can move to
is less than every number Right (Red) can move to, the position is worth
the *simplest* number strictly between the best of each, Left's largest
and Right's smallest.  :func:`simplest_between` finds it.

Offers: :func:`is_dyadic`, :func:`as_dyadic`, :func:`birthday`,
:func:`simplest_between`, :func:`sign_expansion`,
:func:`from_sign_expansion`, :func:`stalk_for`, :func:`stalk_value`,
:func:`dyadics_born_by`, :func:`format_number`.

Numbers go in as ``int``, ``fractions.Fraction``, a string such as
``"3/4"``, or a ``float``.  A float is read exactly: ``0.75`` is ``3/4``,
but ``0.1`` is really ``3602879701896397/2**55`` (a dyadic number born on
day 56), so write ``Fraction(1, 10)`` if you mean one tenth (which is not
dyadic).  Answers are always ``Fraction``.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable
from fractions import Fraction

from cgteach._validate import as_count, check_size, show

#: The longest sign expansion (= latest birthday) written out or built as a stalk.
MAX_SIGNS = 10**6

__all__ = [
    "is_dyadic",
    "as_dyadic",
    "birthday",
    "simplest_between",
    "sign_expansion",
    "from_sign_expansion",
    "stalk_for",
    "stalk_value",
    "dyadics_born_by",
    "format_number",
]


#: The longest text read as a number, and the largest exponent (``'1e10000'``).
_MAX_TEXT = 10_000
_EXPONENT = re.compile(r"[eE]\s*([-+]?[0-9_]+)\s*$")


def _as_fraction(x, what: str = "x") -> Fraction:
    """Read ``x`` as an exact ``Fraction`` or raise a clear error."""
    if isinstance(x, bool):
        raise TypeError(
            f"{what} must be a number such as 3, Fraction(3, 4) or '3/4', got "
            f"{show(x)}"
        )
    if isinstance(x, Fraction):
        return x
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError(f"{what} must be a finite number, got {show(x)}")
        return Fraction(x)
    if isinstance(x, numbers.Rational):
        return Fraction(x.numerator, x.denominator)
    if isinstance(x, numbers.Real) and not isinstance(x, float):  # numpy floats
        return _as_fraction(float(x), what)
    if isinstance(x, str):
        if len(x) > _MAX_TEXT:
            raise ValueError(f"{what} is a text of {len(x)} characters, too long for a number")
        exponent = _EXPONENT.search(x)
        digits = exponent.group(1).replace("_", "").lstrip("+-").lstrip("0") if exponent else ""
        if len(digits) > 5 or (digits and int(digits) > _MAX_TEXT):
            # checked before Fraction() computes 10**exponent: '1e100000000' (eleven
            # characters) would take minutes and ignore Ctrl-C (issue 39)
            raise ValueError(
                f"{what} is the text {show(x)}, whose exponent makes a number of more than "
                f"{_MAX_TEXT:,} digits (at most {_MAX_TEXT:,}, as for the text itself)"
            )
        try:
            return Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"{what} must be a number such as '3', '-1/2' or '3/4', got {show(x)}"
            ) from None
    raise TypeError(
        f"{what} must be a number such as 3, Fraction(3, 4) or '3/4', "
        f"got {show(x)} of type {type(x).__name__}"
    )


def is_dyadic(x) -> bool:
    """True when ``x`` is a dyadic number (its denominator is a power of two).

    >>> is_dyadic(3), is_dyadic(Fraction(3, 4)), is_dyadic(Fraction(1, 3)), is_dyadic("-5/8")
    (True, True, False, True)
    """
    q = _as_fraction(x)
    return q.denominator & (q.denominator - 1) == 0


def as_dyadic(x, what: str = "x") -> Fraction:
    """Return ``x`` as a ``Fraction``, raising ``ValueError`` unless it is dyadic.

    >>> as_dyadic("3/4")
    Fraction(3, 4)
    >>> as_dyadic(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    ValueError: 1/3 is not dyadic: its denominator is not a power of two
    """
    q = _as_fraction(x, what)
    if q.denominator & (q.denominator - 1):
        raise ValueError(f"{show(q)} is not dyadic: its denominator is not a power of two")
    return q


def format_number(x) -> str:
    """Write a number the way the lessons do: ``3``, ``-1/2``, ``3/4``.

    >>> format_number(Fraction(-3, 4)), format_number(2), format_number(0.5)
    ('-3/4', '2', '1/2')
    >>> format_number(Fraction(1, 2**20000))
    '1/2**20000'
    """
    q = _as_fraction(x)
    if max(q.numerator.bit_length(), q.denominator.bit_length()) < 4000:
        return str(q)
    # Too long to write out in full (Python refuses to print such integers by
    # default): show a power-of-two denominator as 2**k.
    d = q.denominator
    if d & (d - 1) == 0 and q.numerator.bit_length() < 4000:
        return f"{q.numerator}/2**{d.bit_length() - 1}"
    try:
        approx = f"{float(q):.6g}"
    except OverflowError:
        approx = f"{'-' if q < 0 else ''}about 2**{q.numerator.bit_length() - d.bit_length()}"
    return f"{approx} (not shown in full: {d.bit_length()}-bit denominator)"


def birthday(x) -> int:
    """The day on which the dyadic number ``x`` is born.

    An integer ``n`` is born on day ``|n|``.  A number ``m/2**k`` in lowest
    terms with ``k >= 1`` is born ``k`` days after the integer just beyond
    it, ``floor(|x|) + 1``: so ``1/2`` on day 2, ``3/4`` on day 3 and ``5/2``
    on day 4.

    >>> [birthday(x) for x in (0, 1, -3, Fraction(1, 2), Fraction(3, 4), Fraction(-5, 2))]
    [0, 1, 3, 2, 3, 4]
    >>> birthday(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    ValueError: 1/3 is not dyadic: its denominator is not a power of two
    """
    return _birthday(as_dyadic(x))


def _birthday(q: Fraction) -> int:
    q = abs(q)
    if q.denominator == 1:
        return q.numerator
    k = q.denominator.bit_length() - 1
    return q.numerator // q.denominator + 1 + k


def simplest_between(lo=None, hi=None) -> Fraction:
    """The simplest dyadic number strictly between ``lo`` and ``hi``.

    ``None`` stands for an open end (no bound on that side).  "Simplest"
    means born earliest; among the integers it means closest to ``0``.
    The ends may be any rational numbers (they need not be dyadic).

    >>> simplest_between(0, 1), simplest_between(None, None), simplest_between(1, None)
    (Fraction(1, 2), Fraction(0, 1), Fraction(2, 1))
    >>> simplest_between(Fraction(1, 2), 1), simplest_between(None, Fraction(-3, 2))
    (Fraction(3, 4), Fraction(-2, 1))
    >>> simplest_between(-1, None), simplest_between(Fraction(1, 3), Fraction(1, 2))
    (Fraction(0, 1), Fraction(3, 8))
    >>> simplest_between(1, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: there is no number strictly between 1 and 1: the lower end must be ...
    """
    # Algorithm notes: 0 is the simplest number of all, so it wins whenever
    # it fits.  Otherwise the interval lies on one side of 0 (by symmetry the
    # positive side).  The integers are born in order 1, 2, 3, ..., so the
    # smallest integer that fits is simplest.  If none fits, the interval lies
    # inside some [n, n + 1], and every number between n and n + 1 with
    # denominator 2**k is born before those with denominator 2**(k + 1); two
    # fitting numbers with the same smallest k would have a simpler one of
    # smaller denominator between them, so the first k that fits gives exactly
    # one answer.
    low = None if lo is None else _as_fraction(lo, "lo")
    high = None if hi is None else _as_fraction(hi, "hi")
    if low is not None and high is not None and low >= high:
        raise ValueError(
            f"there is no number strictly between {show(low)} and {show(high)}: "
            "the lower end must be less than the upper end"
        )
    if (low is None or low < 0) and (high is None or high > 0):
        return Fraction(0)
    if high is not None and high <= 0:
        # Mirror to the positive side and mirror the answer back.
        return -simplest_between(-high, None if low is None else -low)
    assert low is not None and low >= 0
    n = math.floor(low) + 1  # the smallest integer strictly above low
    if high is None or n < high:
        return Fraction(n)
    # The gap high - low holds a multiple of 1/2**k as soon as 1/2**k < gap, so
    # k never passes bits(1/gap) + 1; start the doubling near there when the
    # gap is tiny (saves a million Fraction steps for a 2**-10**6 gap) but
    # step up from the smallest possible k, since a smaller one may also fit.
    k = 1
    gap = high - low
    top = gap.denominator.bit_length() - gap.numerator.bit_length() + 2
    lo_k, hi_k = 1, max(1, top)
    # binary search the least k with floor(low*2**k)+1 < high*2**k (monotone in k)
    while lo_k < hi_k:
        k = (lo_k + hi_k) // 2
        if Fraction(math.floor(low * 2**k) + 1, 2**k) < high:
            hi_k = k
        else:
            lo_k = k + 1
    scale = 2**lo_k
    return Fraction(math.floor(low * scale) + 1, scale)


def sign_expansion(x) -> str:
    """Berlekamp's sign expansion of the dyadic number ``x``.

    The path from ``0`` to ``x`` in the birthday tree, one sign a day:
    ``+`` for a step up, ``-`` for a step down.  Its length is the birthday.

    >>> sign_expansion(0), sign_expansion(3), sign_expansion(-2)
    ('', '+++', '--')
    >>> sign_expansion(Fraction(3, 4)), sign_expansion(Fraction(1, 4)), sign_expansion("-5/2")
    ('+-+', '+--', '---+')
    """
    # Algorithm notes: for x = n + 0.b1 b2 ... bk (binary, bk = 1, n >= 0) the
    # path climbs to n + 1 (n + 1 pluses), steps down to n + 1/2, and then
    # each further binary digit b1 ... b(k-1) says whether the next step goes
    # up (1) or down (0); the final digit bk = 1 is where the path stops.
    q = as_dyadic(x)
    what = f"the length of the sign expansion of {show(q)} (its birthday)"
    check_size(_birthday(q), MAX_SIGNS, what)
    if q < 0:
        return sign_expansion(-q).translate(str.maketrans("+-", "-+"))
    n, rest = divmod(q.numerator, q.denominator)
    if rest == 0:
        return "+" * n
    k = q.denominator.bit_length() - 1
    digits = format(rest, f"0{k}b")  # b1 ... bk, with bk == "1"
    return "+" * (n + 1) + "-" + digits[:-1].replace("1", "+").replace("0", "-")


def from_sign_expansion(signs: str) -> Fraction:
    """The dyadic number whose sign expansion is ``signs`` (``+``/``-`` only).

    >>> from_sign_expansion("+-+"), from_sign_expansion(""), from_sign_expansion("--+")
    (Fraction(3, 4), Fraction(0, 1), Fraction(-3, 2))
    """
    if not isinstance(signs, str):
        raise TypeError(f"a sign expansion is a string of '+' and '-', got {show(signs)}")
    bad = set(signs) - {"+", "-"}
    if bad:
        raise ValueError(
            f"a sign expansion may only contain '+' and '-', got {show(signs)} "
            f"(which also has {show(''.join(sorted(bad)))})"
        )
    return _signs_value([1 if s == "+" else -1 for s in signs])


def _signs_value(signs: list[int]) -> Fraction:
    """Value of a sign sequence: the first run counts 1 each, then halves.

    Algorithm notes (Berlekamp's rule): while the signs agree, each step
    moves a whole unit away from 0; from the first change on, the j-th sign
    after the run is worth 1/2**j.  Horner's scheme keeps it in integers, so
    even a 10**4-sign expansion costs one big-integer pass.
    """
    if not signs:
        return Fraction(0)
    first = signs[0]
    run = 1
    while run < len(signs) and signs[run] == first:
        run += 1
    tail = signs[run:]
    numerator = 0
    for s in tail:
        numerator = 2 * numerator + s
    scale = 1 << len(tail)
    return Fraction(first * run * scale + numerator, scale)


def _colour_sign(colour, i: int) -> int:
    if isinstance(colour, str):
        key = colour.lower()
        if key in ("blue", "b", "left", "+"):
            return 1
        if key in ("red", "r", "right", "-"):
            return -1
    raise ValueError(
        f"stalk edge {i} has colour {show(colour)}; a blue-red stalk uses only 'blue' and 'red'"
    )


def stalk_value(colours) -> Fraction:
    """The value of a blue-red stalk, colours listed from the ground up.

    Berlekamp's rule: the first run of one colour counts ``±1`` per edge,
    then after the first change of colour each edge counts half the one
    below it (``+`` for blue, ``-`` for red).

    >>> stalk_value(["blue", "red"]), stalk_value(["blue", "blue", "red", "blue"])
    (Fraction(1, 2), Fraction(7, 4))
    >>> stalk_value([])
    Fraction(0, 1)
    """
    if isinstance(colours, str):
        raise TypeError(
            "colours must be a list such as ['blue', 'red'], not a single string "
            f"{show(colours)}"
        )
    if not isinstance(colours, Iterable):
        raise TypeError(f"colours must be a list such as ['blue', 'red'], got {show(colours)}")
    return _signs_value([_colour_sign(c, i) for i, c in enumerate(colours)])


def stalk_for(x) -> list[str]:
    """A blue-red stalk worth ``x``: its colours from the ground up.

    It is the sign expansion with ``+`` drawn blue and ``-`` drawn red,
    so it has one edge for each day of ``x``'s birthday.

    >>> stalk_for(Fraction(3, 4))
    ['blue', 'red', 'blue']
    >>> stalk_for(-2)
    ['red', 'red']
    >>> stalk_value(stalk_for("11/8")) == Fraction(11, 8)
    True
    """
    return ["blue" if s == "+" else "red" for s in sign_expansion(x)]


#: The last day :func:`dyadics_born_by` lists (about half a million numbers).
_LAST_LISTED_DAY = 18


def dyadics_born_by(day: int) -> list[Fraction]:
    """Every dyadic number born on or before ``day``, in increasing order.

    >>> [str(x) for x in dyadics_born_by(2)]
    ['-2', '-1', '-1/2', '0', '1/2', '1', '2']
    >>> len(dyadics_born_by(4)) == 2 ** 5 - 1
    True

    Day ``d`` has ``2**(d+1) - 1`` numbers, so days past 18 are refused.
    """
    day = as_count(day, "day")
    if day > _LAST_LISTED_DAY:
        # no 2 ** (day + 1) here: for day = 10**100 it would never finish
        count = show(2 ** (day + 1) - 1) if day < 1000 else "more than 2**1000"
        raise ValueError(
            f"day {show(day)} has {count} numbers, "
            f"too many to list; ask for a day from 0 to {_LAST_LISTED_DAY}"
        )
    # Between n and n + 1 (n >= 0) the number n + m/2**k, m odd, is born on
    # day n + 1 + k, so by ``day`` that stretch holds exactly the multiples of
    # 2**-(day - n - 1).  Writing them out directly costs one Fraction each
    # (the old day-by-day doubling cost one per number per day).
    positive = []
    for n in range(day):
        scale = 1 << (day - n - 1)
        positive.extend(Fraction(n * scale + m, scale) for m in range(scale))
    positive.append(Fraction(day))
    return [-x for x in reversed(positive[1:])] + positive
