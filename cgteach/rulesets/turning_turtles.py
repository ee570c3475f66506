"""Turning Turtles: turn a head over, and perhaps one coin to its left.

**Rules** (source notes, section 3).  A row of coins shows heads ``H`` and
tails ``T``; a position is a string such as ``"THHTH"``, places numbered
1, 2, 3, … from the left.  A move turns one head to tails and, if the
player likes, also turns over one coin to its left (either way, heads to
tails or tails to heads).  The player who cannot move (all tails) loses.

The game is Nim in disguise: a head in place ``n`` is a Nim heap of ``n``.
Turning the head at ``n`` alone removes the heap; also turning a tail at
``m < n`` reduces it to ``m``; also turning a head at ``m`` removes two
heaps, ``n`` and ``m`` — which changes the nim sum just as reducing ``n``
to ``m`` would (``m ⊕ m = 0``).  So the value is the nim sum of the places
of the heads.

Offers: :func:`normalize`, :func:`options`, :func:`grundy_value`,
:func:`winning_moves`, and the brute-force twin :func:`grundy_by_search`.

>>> grundy_value("THHTH"), grundy_by_search("THHTH")
(4, 4)
"""

from __future__ import annotations

from cgteach._validate import show

__all__ = ["normalize", "options", "grundy_value", "grundy_by_search", "winning_moves"]


def normalize(position) -> str:
    """Return the row as a string of ``"H"``/``"T"`` (also accepts a tuple of them).

    >>> normalize(("H", "t", "H"))
    'HTH'
    >>> normalize("HXT")
    Traceback (most recent call last):
    ...
    ValueError: coin 2 of 'HXT' is 'X'; use 'H' for heads and 'T' for tails
    """
    if isinstance(position, (tuple, list)):
        if not all(isinstance(c, str) for c in position):
            raise TypeError(f"a row of coins is a string of H and T, got {show(position)}")
        position = "".join(position)
    if not isinstance(position, str):
        raise TypeError(f"a row of coins is a string of H and T, got {show(position)}")
    text = position.upper()
    for i, ch in enumerate(text, start=1):
        if ch not in "HT":
            raise ValueError(
                f"coin {i} of {show(position)} is {show(position[i - 1])}; "
                "use 'H' for heads and 'T' for tails"
            )
    return text


def _flip(ch):
    return "T" if ch == "H" else "H"


def options(position) -> list[str]:
    """Return the rows one move away.

    For each head from the left: that head alone, then with each coin to its left.

    >>> options("TH")
    ['TT', 'HT']
    """
    row = normalize(position)
    result = []
    for n, ch in enumerate(row):
        if ch != "H":
            continue
        base = row[:n] + "T" + row[n + 1 :]
        result.append(base)
        for m in range(n):
            result.append(base[:m] + _flip(base[m]) + base[m + 1 :])
    return result


def grundy_value(position) -> int:
    """Return the nim sum of the places (1-based) of the heads.

    >>> grundy_value("HHH"), grundy_value("TTTT")
    (0, 0)
    """
    row = normalize(position)
    value = 0
    for n, ch in enumerate(row, start=1):
        if ch == "H":
            value ^= n
    return value


def grundy_by_search(position) -> int:
    """Brute-force twin of :func:`grundy_value`, by the engine's MEX recursion.

    >>> grundy_by_search("HTTH")
    5
    """
    from cgteach.impartial import grundy

    return grundy(normalize(position), options)


def winning_moves(position) -> list[str]:
    """Return the moves that leave a row whose head places have nim sum 0.

    >>> winning_moves("THTH")
    ['TTTT']
    """
    return [p for p in options(position) if grundy_value(p) == 0]
