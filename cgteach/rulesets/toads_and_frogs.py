"""Toads and Frogs: the one-row game of Winning Ways.

*Partizan* (the players have different moves; values are canonical games
from :mod:`cgteach.games`).

A position is a row of squares, each holding a toad ``T``, a frog ``F`` or
nothing ``_``.  **Left** moves a toad one square to the right onto an empty
square, or jumps it over one frog onto the empty square just beyond.
**Right** does the same with a frog, to the left, jumping over one toad.
Whoever cannot move loses.

Some pieces are stuck for good, and they cut the row into *segments* that
are played independently (their values add):

* frogs at the left end and toads at the right end never move;
* in ``TTFF`` no piece can ever move (each piece's way is blocked by a piece
  that is itself blocked), and nothing can jump over it, so the row splits
  between ``TT`` and ``FF``.

Small rows already show every kind of game: ``TF_`` and ``T__F`` are ``0``
(whoever moves first loses), ``T_F`` is ``*``, ``T__FF`` is the number
``-1``, ``TTF_F`` is the infinitesimal ``↓``, and ``TT_F`` is *hot*: it is
``{1/2 | 0}``, and both players are keen to move first.

Offers :class:`ToadsAndFrogs` (``.left_options()``, ``.right_options()``,
``.value()``, ``.outcome()``, ``.segments()``, save and load, a drawing) and
:func:`value_by_search`, the plain memoised search kept as the brute-force
twin.

>>> from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs
>>> [str(ToadsAndFrogs(r).value()) for r in ("TF_", "T_F", "T__FF", "TTF_F", "TT_F")]
['0', '*', '-1', '↓', '{1/2|0}']
>>> ToadsAndFrogs("T_F_TTFF_F").segments()
[ToadsAndFrogs('T_F_'), ToadsAndFrogs('_F')]
"""

from __future__ import annotations

import functools
from math import comb

from cgteach._budget import _UNSET, progress, refuse_if_over
from cgteach._pictures import Pictured, drawer
from cgteach._validate import show as _show
from cgteach.games import ZERO, _add, _canonical, _deep, game
from cgteach.rulesets._partizan import PartizanPosition

__all__ = [
    "ToadsAndFrogs", "value_by_search", "estimate_seconds", "MAX_SQUARES", "MAX_SEARCH_SQUARES",
]

#: Longest row accepted at all.
MAX_SQUARES = 200
#: Formerly the longest segment searched; no longer a limit (the work budget of
#: :mod:`cgteach._budget` decides, from :func:`estimate_seconds`).  Kept for old code:
#: the longest segment whose slowest row was valued within about 5 s (issue 39).
MAX_SEARCH_SQUARES = 13

#: The measured growth (issue 47): the slowest rows ``T…T_…_F…F`` of 13 squares
#: (``TTTTT____FFFF``, 90,090 reachable rows by the count of
#: :func:`estimate_seconds`) took 1.4 s of processor time on the 2-core machine under
#: load, those of 14 squares 4.2 s, and the time grows a little faster than the
#: count: ``SECONDS_AT_13 * (count / 90090) ** 1.3``.
SECONDS_AT_13 = 1.4

#: The most rows :func:`value_by_search` (the brute-force twin) visits before it
#: stops with a ``ValueError`` (counted, so the answer is the same on every machine;
#: 50 000 rows take a few seconds).
MAX_TWIN_POSITIONS = 50_000

_TOAD, _FROG, _EMPTY = "T", "F", "_"
_PIECES = str.maketrans("", "", "TF_")  # deletes every legal character


class ToadsAndFrogs(Pictured, PartizanPosition):
    """A Toads and Frogs row: a string of ``T`` (toad), ``F`` (frog) and ``_`` (empty).

    Left moves toads rightwards, Right moves frogs leftwards.  Immutable and
    hashable; ``repr`` round-trips.

    >>> g = ToadsAndFrogs("TT__FF")
    >>> g.left_options(), g.right_options()
    ([ToadsAndFrogs('T_T_FF')], [ToadsAndFrogs('TT_F_F')])
    >>> g.value(), g.outcome()
    (parse('*'), 'N')
    >>> ToadsAndFrogs("TX_F")
    Traceback (most recent call last):
    ...
    ValueError: square 2 of the row holds 'X'; use 'T' for a toad, 'F' for a frog and ...
    """

    __slots__ = ("_row",)
    _KIND, _FIELD, _NAME = "toads_and_frogs", "row", "Toads and Frogs"

    def __init__(self, row):
        object.__setattr__(self, "_row", _read_row(row))

    def _field(self) -> str:
        return self._row

    def __setattr__(self, name, value):
        raise AttributeError("Toads and Frogs positions are immutable: a move returns a new one")

    def __delattr__(self, name):
        raise AttributeError("Toads and Frogs positions are immutable: a move returns a new one")

    @property
    def row(self) -> str:
        """The row as a string."""
        return self._row

    def __eq__(self, other):
        return isinstance(other, ToadsAndFrogs) and self._row == other._row

    def __hash__(self):
        return hash(("ToadsAndFrogs", self._row))

    def __repr__(self):
        return f"ToadsAndFrogs({self._row!r})"

    def __str__(self):
        return self._row

    def __reduce__(self):
        return (ToadsAndFrogs, (self._row,))

    # -- moves -------------------------------------------------------------
    def left_moves(self) -> list:
        """The squares (counted from 0) of the toads that can move."""
        return _toad_moves(self._row)

    def right_moves(self) -> list:
        """The squares (counted from 0) of the frogs that can move."""
        return _frog_moves(self._row)

    def play_left(self, square: int) -> ToadsAndFrogs:
        """The row after Left moves the toad on ``square`` (a whole number, from 0)."""
        _square(square)
        if square not in self.left_moves():
            raise ValueError(f"there is no toad that can move on square {square!r}")
        return ToadsAndFrogs(_move_toad(self._row, square))

    def play_right(self, square: int) -> ToadsAndFrogs:
        """The row after Right moves the frog on ``square`` (a whole number, from 0)."""
        _square(square)
        if square not in self.right_moves():
            raise ValueError(f"there is no frog that can move on square {square!r}")
        return ToadsAndFrogs(_move_frog(self._row, square))

    def left_options(self) -> list:
        """The rows Left can move to."""
        return [ToadsAndFrogs(_move_toad(self._row, i)) for i in _toad_moves(self._row)]

    def right_options(self) -> list:
        """The rows Right can move to."""
        return [ToadsAndFrogs(_move_frog(self._row, i)) for i in _frog_moves(self._row)]

    # -- segments and value ------------------------------------------------------
    def segments(self) -> list:
        """The independent segments (stuck pieces at the ends trimmed); their values add."""
        return [ToadsAndFrogs(s) for s in _segments(self._row)]

    def value(self, budget=_UNSET):
        """The value of the row, a canonical :class:`cgteach.games.Game`.

        The work is estimated before the search starts (:func:`estimate_seconds`);
        over the work budget (about a minute by default, see :mod:`cgteach._budget`)
        it is refused at once with a :class:`cgteach.BudgetError` saying the
        estimate and how to raise the budget.  ``budget`` (seconds, ``None`` = no
        limit) wins over ``with cgteach.budget(...)``.  A search estimated at over
        a second shows a progress bar.
        """
        segs = _segments(self._row)
        todo = [s for s in dict.fromkeys(segs) if s not in _TABLE]
        estimate = sum(estimate_seconds(s) for s in todo)
        if todo:
            longest = max(todo, key=estimate_seconds)
            shown = longest if len(longest) <= 40 else longest[:37] + "..."
            refuse_if_over(estimate, f"valuing this Toads and Frogs row (its slowest segment, "
                           f"{shown!r}, has {len(longest)} squares)", budget=budget)
        return self._value(segs, todo, estimate)

    @_deep  # the search recurses once per move: room as in the games module
    def _value(self, segs, todo, estimate):
        moves = sum(len(_toad_moves(s)) + len(_frog_moves(s)) for s in todo)
        with progress(moves, "valuing Toads and Frogs", estimate) as bar:
            for s in todo:
                _segment_value(s, bar)
        return _sum_of_segments(segs)

    # -- pictures ----------------------------------------------------------------
    def draw(self, ax=None, **kwargs):
        """Draw the row on ``ax`` (a new figure if ``None``); returns the Axes."""
        return drawer("toads_and_frogs.draw")(self, ax=ax, **kwargs)

    def _repr_png_(self):
        return drawer("toads_and_frogs.png")(self)

    def _alt_text(self) -> str:
        """What :meth:`_repr_png_`'s picture shows, in words (its text alternative).

        >>> ToadsAndFrogs("TT_F")._alt_text()
        'Toads and Frogs row TT_F: 2 toads, 1 frog, 1 empty square.'
        """
        from cgteach._pictures import count

        row = self._row
        return (f"Toads and Frogs row {row}: {count(row.count('T'), 'toad')}, "
                f"{count(row.count('F'), 'frog')}, {count(row.count('_'), 'empty square')}.")


def _square(square) -> int:
    """``square`` if it is a whole number (not a bool); a clear TypeError otherwise."""
    if isinstance(square, bool) or not isinstance(square, int):
        raise TypeError(f"a square is a whole number counted from 0, got {_show(square)}")
    return square


def _read_row(row) -> str:
    if isinstance(row, ToadsAndFrogs):
        return row._row
    if not isinstance(row, str):
        raise TypeError(
            f"a Toads and Frogs row is a string of 'T', 'F' and '_', got {_show(row)}"
        )
    if len(row) > MAX_SQUARES:
        raise ValueError(f"a row has at most {MAX_SQUARES} squares, got {len(row)}")
    if not row.translate(_PIECES):
        return row  # only toads, frogs and empty squares (the common case, checked at C speed)
    for i, ch in enumerate(row):
        if ch not in (_TOAD, _FROG, _EMPTY):
            raise ValueError(
                f"square {i + 1} of the row holds {ch!r}; use 'T' for a toad, 'F' for a frog "
                "and '_' for an empty square"
            )
    return row


def _toad_moves(row: str) -> list:
    n = len(row)
    out = []
    for i, ch in enumerate(row):
        if ch != _TOAD:
            continue
        slide = i + 1 < n and row[i + 1] == _EMPTY
        if slide or i + 2 < n and row[i + 1] == _FROG and row[i + 2] == _EMPTY:
            out.append(i)
    return out


def _frog_moves(row: str) -> list:
    out = []
    for i, ch in enumerate(row):
        if ch != _FROG:
            continue
        slide = i >= 1 and row[i - 1] == _EMPTY
        if slide or i >= 2 and row[i - 1] == _TOAD and row[i - 2] == _EMPTY:
            out.append(i)
    return out


def _move_toad(row: str, i: int) -> str:
    j = i + 1 if row[i + 1] == _EMPTY else i + 2
    return row[:i] + _EMPTY + row[i + 1 : j] + _TOAD + row[j + 1 :]


def _move_frog(row: str, i: int) -> str:
    j = i - 1 if row[i - 1] == _EMPTY else i - 2
    return row[:j] + _FROG + row[j + 1 : i] + _EMPTY + row[i + 1 :]


def _segments(row: str) -> list:
    # Algorithm notes: in "TTFF" the inner toad and frog block each other and
    # the outer ones are blocked by them, for ever; a toad jumps only over a
    # frog onto an empty square and a frog only over a toad, so nothing ever
    # crosses the middle of "TTFF".  Cut there; then frogs at the left end
    # and toads at the right end of a piece never move either.
    out = []
    for part in row.split("TTFF") if "TTFF" in row else (row,):
        part = part.lstrip(_FROG).rstrip(_TOAD)
        if _EMPTY in part and (_TOAD in part or _FROG in part):
            out.append(part)
    return out


_TABLE: dict = {}


def _segment_value(seg: str, bar=None):
    v = _TABLE.get(seg)
    if v is None:
        # The row read backwards with toads and frogs swapped is the same game
        # with the players swapped: the negative.
        mirror = seg[::-1].translate(_SWAP)
        w = _TABLE.get(mirror)
        v = -w if w is not None else _search(seg, bar)
        _TABLE[seg] = v  # only finished values: Ctrl-C leaves the table right
    return v


_SWAP = str.maketrans("TF", "FT")


def _search(seg: str, bar=None):
    if bar is None:
        lefts = [_row_value(_move_toad(seg, i)) for i in _toad_moves(seg)]
        rights = [_row_value(_move_frog(seg, i)) for i in _frog_moves(seg)]
        return _canonical(lefts, rights)
    lefts, rights = [], []
    for i in _toad_moves(seg):
        lefts.append(_row_value(_move_toad(seg, i)))
        bar.update(1)
    for i in _frog_moves(seg):
        rights.append(_row_value(_move_frog(seg, i)))
        bar.update(1)
    return _canonical(lefts, rights)


def estimate_seconds(segment) -> float:
    """Seconds to search one segment, estimated before the search (0 if already known).

    ``segment`` is a row of ``T``, ``F`` and ``_`` (searched as it is) or a
    :class:`ToadsAndFrogs` (the sum over its segments).

    A segment of ``n`` squares with ``t`` toads and ``f`` frogs reaches at most
    ``C(n, t) * C(n - t, f)`` rows (the ways to place its pieces), each searched
    once: the estimate grows with that count, scaled by the growth measured
    (:data:`SECONDS_AT_13`).

    >>> round(estimate_seconds("TTTTT____FFFF"), 1)
    1.4
    """
    if isinstance(segment, ToadsAndFrogs):
        return sum(estimate_seconds(s) for s in _segments(segment.row))
    segment = _read_row(segment)
    if segment in _TABLE:
        return 0.0
    n, t, f = len(segment), segment.count(_TOAD), segment.count(_FROG)
    return SECONDS_AT_13 * (comb(n, t) * comb(n - t, f) / 90090) ** 1.3


def _row_value(row: str):
    return _sum_of_segments(_segments(row))


def _sum_of_segments(segs: list):
    acc = ZERO
    for s in segs:
        acc = _add(acc, _segment_value(s))
    return acc


def value_by_search(row):
    """The plain memoised search over whole rows (no segments): the brute-force twin.

    >>> value_by_search("TT__FF"), value_by_search("T_F_F")
    (parse('*'), parse('-1*'))
    """
    row = _read_row(row)
    seen = [0]

    @functools.cache
    def search(r: str):
        seen[0] += 1
        if seen[0] > MAX_TWIN_POSITIONS:
            raise ValueError(
                f"value_by_search is the plain brute-force twin and stops after "
                f"{MAX_TWIN_POSITIONS} positions (MAX_TWIN_POSITIONS); this row of "
                f"{len(row)} squares leads to more: use ToadsAndFrogs(row).value()"
            )
        return game(
            [search(_move_toad(r, i)) for i in _toad_moves(r)],
            [search(_move_frog(r, i)) for i in _frog_moves(r)],
        )._core

    return _deep(search)(row)
