"""Temperature theory: how much a move is worth, and how hot a game is.

Floor 4 of :mod:`cgteach.games`.  May import: floors 0 to 2 (``_forms``,
``_text``), ``cgteach._pictures`` (its picture is drawn by the drawer that
:mod:`cgteach.draw` registers there, never imported from here), the standard
library.

Terms (Winning Ways, chapter 6; Albert, Nowakowski and Wolfe, *Lessons in
Play*, chapter 6; the numbers agree with CGSuite):

**cooling**
    ``G`` cooled by ``t`` (written ``G_t``) taxes every move by ``t``:
    ``G_t = {G^L_t - t | G^R_t + t}``, except that once some ``G_t'`` with
    ``t' < t`` is infinitely close to a number ``x``, ``G_t`` *is* ``x``.
    A number is never changed by cooling by ``t >= 0``.  Below ``0``
    (Siegel's convention, the strip ``-1 <= t < 0`` that every thermograph
    here draws) cooling *heats* each move by ``-t``: an integer stays as it
    is, but a number such as ``1/2 = {0 | 1}`` opens up again below its
    temperature ``-1/2`` (``1/2`` cooled by ``-1`` is ``{1 | 0}``).  So
    ``cool`` accepts ``t >= -1``, and the walls of the picture are the stops
    of ``G_t`` there too.
**walls**
    The *left wall* ``LW(t)`` is the left stop of ``G_t``, the *right wall*
    ``RW(t)`` its right stop.  Both are piecewise linear in ``t`` with slopes
    ``0`` and ``±1``, computed exactly from the options' walls (Conway's
    recursion): below the temperature,
    ``LW(t) = max over G^L of (RW_{G^L}(t) - t)`` and
    ``RW(t) = min over G^R of (LW_{G^R}(t) + t)``.
**temperature, mean, mast**
    The walls meet at the *temperature* ``τ``; the value where they meet is
    the *mean* (Left's fair share of the game), and above ``τ`` both walls
    are the vertical *mast* at the mean.  By convention an integer has
    temperature ``-1`` and a number ``m/2^j`` in lowest terms ``-1/2^j``;
    an infinitesimal such as ``*`` or ``↑`` has temperature ``0``; a *hot*
    game such as the switch ``{3 | -1}`` has a positive one (2).
**thermograph**
    The picture of both walls against ``t`` (drawn with ``t`` upwards and
    values increasing to the *left*, so Left's wall is on the left).

Offers :func:`thermograph` (a :class:`Thermograph` value), :func:`temperature`,
:func:`mean` and :func:`cool`, each taking a :class:`cgteach.games.Game` (or
anything :func:`cgteach.games.game` accepts as an option: an int, a dyadic
``Fraction``, a game text).

>>> from cgteach.games import game, parse
>>> g = game([3], [-1])
>>> temperature(g), mean(g), cool(g, 1), cool(g, 3)
(Fraction(2, 1), Fraction(1, 1), parse('{2|0}'), parse('1'))
>>> th = thermograph(g)
>>> th.left_wall(0), th.right_wall(0), th.left_wall(5)
(Fraction(3, 1), Fraction(-1, 1), Fraction(1, 1))
>>> temperature(parse("1/2")), temperature(parse("2")), temperature(parse("↑"))
(Fraction(-1, 2), Fraction(-1, 1), Fraction(0, 1))
"""

from __future__ import annotations

import math
import numbers
import sys
from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache

from cgteach._pictures import Pictured, drawer
from cgteach._validate import show as _show
from cgteach.games._forms import Game, _as_number, _number_of_text, number
from cgteach.games._text import _coerce as _read_game
from cgteach.games._text import _number_text, game

__all__ = ["Thermograph", "thermograph", "temperature", "mean", "cool", "MAX_COOL_BIRTHDAY"]

# The recursions here walk the game tree once per distinct subgame (cached),
# so they are cheap for every game cgteach can build; the only guard needed
# is against a deep tree meeting Python's recursion limit.
MAX_COOL_BIRTHDAY = 400

# ---------------------------------------------------------------------------
# How the walls are computed (the why behind the code below).
#
# * Every value met here is a dyadic rational: the stops of a short game are,
#   and the walls bend only where two lines of slopes 0 and ±1 cross, which
#   halves a denominator at most.  So a wall is kept as integers over one
#   power of two: knot (T, X) of a line with exponent e means
#   t = T / 2**e, x = X / 2**e.  Adding, comparing and halving such integers
#   is exact and many times faster than Fraction arithmetic (no gcd at every
#   step); Fractions are made only when somebody asks for a value.
# * Slopes are whole numbers (0 and ±1 on the walls, shifted by ±1 when a
#   wall is taxed), so they need no scale.
# * Every line is kept in one normal form: the knot at t = -1, then only the
#   knots where the slope changes, with the smallest exponent that holds
#   them.  Equal functions are then equal tuples.
# * Walls are cached per canonical game (games are interned: one id per
#   value), so a game met as an option of many others is worked out once.


class _Line:
    """A continuous piecewise-linear function of ``t`` on ``[-1, ∞)``, exact.

    ``ts`` and ``xs`` are the knots as integers over ``2**e`` (``ts[0]`` is
    ``-2**e``, that is ``t = -1``); ``slopes[i]`` (an integer) is the slope
    just after knot ``i``, and the last one goes on for ever.  Immutable,
    in normal form (see :func:`_line`).
    """

    __slots__ = ("e", "ts", "xs", "slopes", "_knots")

    @property
    def knots(self) -> tuple:
        """The knots as ``(t, x)`` pairs of Fractions."""
        k = self._knots
        if k is None:
            d = 1 << self.e
            pairs = zip(self.ts, self.xs, strict=True)
            k = tuple((Fraction(t, d), Fraction(x, d)) for t, x in pairs)
            self._knots = k
        return k

    @property
    def tail(self) -> int:
        return self.slopes[-1]

    def __call__(self, t) -> Fraction:
        """The value at the Fraction (or int) ``t``, exactly."""
        t = t if type(t) is Fraction else Fraction(t)
        d = t.denominator
        tn = t.numerator << self.e
        # below -1 the first segment goes on (only drawings ask for that)
        i = max(bisect_right(self.ts, tn, key=lambda v: v * d) - 1, 0)
        return Fraction(self.xs[i] * d + self.slopes[i] * (tn - self.ts[i] * d), d << self.e)

    def __eq__(self, other):
        return (
            isinstance(other, _Line)
            and self.e == other.e
            and self.ts == other.ts
            and self.xs == other.xs
            and self.slopes == other.slopes
        )

    def __hash__(self):
        return hash((self.e, self.ts, self.xs, self.slopes))

    def __repr__(self):
        return f"_Line({list(self.knots)}, tail={self.tail})"


def _line(e: int, ts: list, xs: list, tail: int) -> _Line:
    """The line through the knots ``(ts[i], xs[i]) / 2**e`` (``ts`` increasing,
    ``ts[0] = -2**e``) going on with slope ``tail``, put in normal form: knots
    where the slope does not change are dropped and the exponent is the least
    that holds every knot."""
    n = len(ts)
    slopes = []
    for i in range(n - 1):
        s, r = divmod(xs[i + 1] - xs[i], ts[i + 1] - ts[i])
        if r:  # pragma: no cover - the walls of a short game have whole slopes
            raise ArithmeticError("a wall with a slope that is not a whole number")
        slopes.append(s)
    slopes.append(tail)
    keep = [i for i in range(1, n) if slopes[i] != slopes[i - 1]]
    if len(keep) < n - 1:
        keep.insert(0, 0)
        ts = [ts[i] for i in keep]
        xs = [xs[i] for i in keep]
        slopes = [slopes[i] for i in keep]
    if e:
        m = 0
        for v in xs:
            m |= v
        for v in ts:
            m |= v
        k = (m & -m).bit_length() - 1  # at most e: ts[0] is -2**e
        if k:
            ts = [v >> k for v in ts]
            xs = [v >> k for v in xs]
            e -= k
    self = object.__new__(_Line)
    self.e = e
    self.ts = tuple(ts)
    self.xs = tuple(xs)
    self.slopes = tuple(slopes)
    self._knots = None
    return self


def _constant(x: int) -> _Line:
    return _line(0, [-1], [x], 0)


def _shifted(f: _Line, e: int) -> tuple:
    """``(ts, xs)`` of ``f`` over ``2**e`` (``e >= f.e``)."""
    k = e - f.e
    if not k:
        return f.ts, f.xs
    return [v << k for v in f.ts], [v << k for v in f.xs]


def _plus_t(f: _Line, k: int) -> _Line:
    """``t ↦ f(t) + k·t`` (still in normal form: the slopes all move by ``k``)."""
    self = object.__new__(_Line)
    self.e = f.e
    self.ts = f.ts
    self.xs = tuple(x + k * t for t, x in zip(f.ts, f.xs, strict=True))
    self.slopes = tuple(s + k for s in f.slopes)
    self._knots = None
    return self


def _sample(ts: list, fts, fxs, fslopes) -> list:
    """``(value, slope just after)`` of a line at each of the sorted ``ts``: one sweep."""
    n = len(fts)
    i, out = 0, []
    for t in ts:
        while i + 1 < n and fts[i + 1] <= t:
            i += 1
        s = fslopes[i]
        out.append((fxs[i] + s * (t - fts[i]), s))
    return out


class _Finer(Exception):
    """A crossing falls between two points of the current scale: halve the scale."""


def _envelope(lines, upper: bool) -> _Line:
    """The pointwise maximum (``upper``) or minimum of piecewise-linear functions."""
    if len(lines) == 1:
        return lines[0]
    e = max(f.e for f in lines)
    for _ in range(8):  # the slopes differ by 1 or 2: one halving at most
        try:
            return _envelope_at(lines, upper, e)
        except _Finer:
            e += 1
    raise ArithmeticError("walls crossing at a point that is not dyadic")  # pragma: no cover


def _envelope_at(lines, upper: bool, e: int) -> _Line:
    pick = max if upper else min
    parts = [(*_shifted(f, e), f.slopes) for f in lines]
    ts = sorted({t for p in parts for t in p[0]})
    samples = [_sample(ts, *p) for p in parts]
    # Between consecutive knots (and after the last) every function is
    # linear, so the envelope can only bend where two of them cross.
    extra = []
    last = len(ts) - 1
    for k, a in enumerate(ts):
        b = ts[k + 1] if k < last else None
        segs = [smp[k] for smp in samples]
        for i in range(len(segs)):
            xi, si = segs[i]
            for j in range(i + 1, len(segs)):
                xj, sj = segs[j]
                if si != sj:
                    c, r = divmod(xj - xi, si - sj)
                    if r:
                        raise _Finer
                    c += a
                    if c > a and (b is None or c < b):
                        extra.append(c)
    if extra:
        ts = sorted(set(ts).union(extra))
        samples = [_sample(ts, *p) for p in parts]
    xs = [pick(smp[k][0] for smp in samples) for k in range(len(ts))]
    # After the last knot no two functions cross, so the one on top there (the
    # steeper of two that touch) stays on top.
    return _line(e, ts, xs, pick(smp[-1] for smp in samples)[1])


def _upto(f: _Line, e: int, tau: int, x: int) -> _Line:
    """``f`` up to ``tau / 2**e`` (where it is ``x / 2**e``), constant from there on."""
    fts, fxs = _shifted(f, e)
    ts = [t for t in fts if t < tau]
    xs = list(fxs[: len(ts)])
    ts.append(tau)
    xs.append(x)
    return _line(e, ts, xs, 0)


def _meeting(lw: _Line, rw: _Line) -> tuple:
    """Where the walls meet: ``(e, tau, lw(tau), rw(tau))`` as integers over ``2**e``.

    ``tau`` is the least ``t >= -1`` with ``lw(t) <= rw(t)`` (``lw - rw``
    never increases).
    """
    e = max(lw.e, rw.e)
    lts, lxs = _shifted(lw, e)
    rts, rxs = _shifted(rw, e)
    ts = sorted(set(lts).union(rts))
    prev = None
    for t, (xl, sl), (xr, sr) in zip(
        ts, _sample(ts, lts, lxs, lw.slopes), _sample(ts, rts, rxs, rw.slopes), strict=True
    ):
        gap = xl - xr
        if gap <= 0:
            if prev is None:
                return e, t, xl, xr
            break
        prev = (t, gap, xl, sl, xr, sr)
    t0, g0, xl, sl, xr, sr = prev
    drop = sr - sl  # how fast the gap closes: 1 or 2
    if drop <= 0:  # pragma: no cover - impossible for a canonical game with both sides
        raise ArithmeticError("the walls of a game never meet: not a short game?")
    k = 0
    while (g0 << k) % drop:  # a gap closing at 2 per unit may meet half-way
        k += 1
        if k > 8:  # pragma: no cover
            raise ArithmeticError("the walls of a game meet at a point that is not dyadic")
    dt = (g0 << k) // drop
    return e + k, (t0 << k) + dt, (xl << k) + sl * dt, (xr << k) + sr * dt


class Thermograph(Pictured):
    """The thermograph of a game: its two walls, temperature and mast.

    ``left_wall(t)`` and ``right_wall(t)`` are exact ``Fraction`` s for any
    ``t >= -1``; ``temperature`` and ``mast`` (the mean) are where they meet;
    ``left_breakpoints`` and ``right_breakpoints`` list the ``(t, value)``
    points where a wall changes direction (the last one is the foot of the
    mast).  Thermographs are equal when their walls are.  ``draw(ax=None)``
    draws it the way the textbooks do; in a notebook it shows itself.

    >>> from cgteach.games import parse
    >>> th = thermograph(parse("{4 | {2 | -6}}"))
    >>> th
    Thermograph(temperature=2, mast=2, left=[(-1, 5), (2, 2)], right=[(-1, 2)])
    >>> th.left_wall(0), th.right_wall(0), th.left_wall(7)
    (Fraction(4, 1), Fraction(2, 1), Fraction(2, 1))
    """

    __slots__ = ("_left", "_right", "temperature", "mast", "_game")

    def __init__(self, *args, **kwargs):
        raise TypeError("build a thermograph with cgteach.games.temperature.thermograph(game)")

    @classmethod
    def _make(cls, left: _Line, right: _Line, tau: Fraction, mast: Fraction, g):
        self = object.__new__(cls)
        put = object.__setattr__
        put(self, "_left", left)
        put(self, "_right", right)
        put(self, "temperature", tau)
        put(self, "mast", mast)
        put(self, "_game", g)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("thermographs are immutable")

    def __delattr__(self, name):
        raise AttributeError("thermographs are immutable")

    def __reduce__(self):
        return (thermograph, (self._game,))

    def left_wall(self, t) -> Fraction:
        """Left's wall at temperature ``t``: the left stop of the game cooled by ``t``."""
        return self._left(_temp_arg(t, allow_negative=True))

    def right_wall(self, t) -> Fraction:
        """Right's wall at temperature ``t``: the right stop of the game cooled by ``t``."""
        return self._right(_temp_arg(t, allow_negative=True))

    @property
    def left_breakpoints(self) -> list:
        """``(t, value)`` where Left's wall bends, from ``t = -1`` up to the mast's foot."""
        return [(t, x) for t, x in self._left.knots]

    @property
    def right_breakpoints(self) -> list:
        """``(t, value)`` where Right's wall bends, from ``t = -1`` up to the mast's foot."""
        return [(t, x) for t, x in self._right.knots]

    @property
    def game(self):
        """The game whose thermograph this is."""
        return self._game

    def __eq__(self, other):
        if not isinstance(other, Thermograph):
            return NotImplemented
        return self._left == other._left and self._right == other._right

    def __hash__(self):
        return hash((self._left, self._right))

    def __repr__(self):
        def pts(line):
            return "[" + ", ".join(f"({_num(t)}, {_num(x)})" for t, x in line.knots) + "]"

        return (
            f"Thermograph(temperature={_num(self.temperature)}, mast={_num(self.mast)}, "
            f"left={pts(self._left)}, right={pts(self._right)})"
        )

    def draw(self, ax=None, **kwargs):
        """Draw the thermograph on ``ax`` (a new figure if ``None``); returns the Axes.

        ``top=`` (the highest temperature shown) is a number above the
        temperature: an int, a ``Fraction``, a finite float or a text such
        as ``"5/2"``, no larger than a float holds.
        """
        if kwargs.get("top") is not None:
            top = kwargs["top"] = _top_arg(kwargs["top"])
            if top <= self.temperature or top <= -1:
                raise ValueError(f"top must be above the temperature {_num(self.temperature)}, "
                                 f"got {_show(top)}")
        return drawer("thermograph.draw")(self, ax=ax, **kwargs)

    def _repr_png_(self):
        if self._too_far() is not None:
            return None  # no picture can place it: the notebook shows the text instead
        return drawer("thermograph.png")(self)

    def _too_far(self):
        """The first value of the drawing a float cannot hold (None when all fit)."""
        points = [self.temperature, self.mast]
        for line in (self._left, self._right):
            for t, x in line.knots:
                points += [t, x]
        for q in points:
            if abs(q) > _FLOAT_MAX:
                return q
        return None

    def _alt_text(self) -> str:
        """What :meth:`_repr_png_`'s picture shows, in words (its text alternative).

        >>> from cgteach.games import parse
        >>> thermograph(parse("{4 | {2 | -6}}"))._alt_text()
        'Thermograph of {4|{2|-6}}: temperature 2, mast at 2; stops 4 (Left) and 2 (Right).'
        """
        game = str(self._game)
        if len(game) > _ALT_GAME:
            game = game[:_ALT_GAME - 1] + "…"
        return (f"Thermograph of {game}: temperature {_said(self.temperature)}, mast at "
                f"{_said(self.mast)}; stops {_said(self.left_wall(0))} (Left) and "
                f"{_said(self.right_wall(0))} (Right).")


#: Longest text of the game in a thermograph's text alternative.
_ALT_GAME = 200
#: The largest value a drawing can place (a float's range, with room to spare).
_FLOAT_MAX = Fraction(10) ** 300


def _said(q: Fraction) -> str:
    """A number for a sentence: exact when short, a summary of its size when huge."""
    if max(abs(q.numerator), q.denominator) >= 10**40:
        return _show(q)
    return _num(q)


def _num(q: Fraction) -> str:
    return _number_text(q)  # exact, as parse() reads it (a summary beyond MAX_NUMBER_BITS)


def _coerce(g, fn: str):
    try:
        return _read_game(g, f"{fn}(g): g")
    except (TypeError, ValueError) as exc:
        msg = str(exc)
        if not msg.startswith(fn):
            msg = f"{fn}(g): {msg}"
        raise type(exc)(msg) from None


def _temp_arg(t, allow_negative=False) -> Fraction:
    """Read a temperature: an int, a dyadic Fraction, a text such as '1/2' or a number game.

    Cooling takes ``t >= -1`` (below ``-1`` the convention defines nothing);
    the walls (``allow_negative``) take any ``t``.
    """
    try:
        q = _as_number(t)
    except TypeError as exc:
        raise TypeError(f"a temperature must be a dyadic number: {exc}") from None
    except ValueError as exc:
        raise ValueError(f"a temperature must be a dyadic number: {exc}") from None
    if not allow_negative and q < -1:
        raise ValueError(f"cooling needs a temperature t >= -1, got {_show(q)}")
    return q


def _top_arg(top) -> Fraction:
    """Read ``draw(top=...)``: a real number a float can hold, as a Fraction."""
    if isinstance(top, bool) or not isinstance(top, (numbers.Real, str)):
        raise TypeError(
            "draw(top=...) needs a number (an int, a Fraction, a float or a text such as "
            f"'5/2'), got {_show(top)} of type {type(top).__name__}"
        )
    if isinstance(top, str):
        try:
            q = _number_of_text(top)
        except ValueError as exc:
            raise ValueError(f"draw(top=...): {exc}") from None
    elif isinstance(top, float):
        if not math.isfinite(top):
            raise ValueError(f"draw(top=...) needs a finite number, got {top}")
        q = Fraction(top)
    else:
        q = Fraction(top)
    if abs(q) > _FLOAT_MAX:
        raise ValueError(
            f"draw(top=...) got {_show(top)}: too large to draw (a drawing places values up "
            "to 1e300)"
        )
    return q


def _check_depth(g, fn: str):
    # An integer is a leaf of the recursion whatever its size; a number m/2^j
    # recurses j times; any other game once per day of birth at most.
    x = g._num
    if x is not None:
        if x.denominator == 1:
            return
        depth = x.denominator.bit_length() - 1
    else:
        depth = g._bday
    if depth > MAX_COOL_BIRTHDAY:
        what = (
            f"a number with denominator 2^{depth}" if x is not None
            else f"a game born on day {depth}" if depth < 10**9
            else "a game born after day 10^9"
        )
        raise ValueError(
            f"{fn}(g): g is {what}; temperature theory here is limited to games born by day "
            f"{MAX_COOL_BIRTHDAY} (cgteach.games.temperature.MAX_COOL_BIRTHDAY)"
        )


# Walls of every canonical game met so far, by the game's id:
# (LW, RW, e, tau, mean) with tau and mean integers over 2**e.
_WALLS: dict = {}
_MAX_WALLS = 500_000  # forgotten all at once beyond this (a table, not a leak)


def _walls(g) -> tuple:
    """``(LW, RW, e, τ·2**e, mean·2**e)`` of a canonical game (Conway's recursion)."""
    w = _WALLS.get(g._id)
    if w is not None:
        return w
    x = g._num
    if x is not None and x.denominator == 1:
        line = _constant(x.numerator)
        w = (line, line, 0, -1, x.numerator)
    else:
        # A number that is not an integer, or any other game: both sides non-empty.
        lw = _envelope([_plus_t(_walls(o)[1], -1) for o in g.left], True)
        rw = _envelope([_plus_t(_walls(o)[0], 1) for o in g.right], False)
        e, tau, ml, mr = _meeting(lw, rw)
        w = (_upto(lw, e, tau, ml), _upto(rw, e, tau, mr), e, tau, ml)
    if len(_WALLS) >= _MAX_WALLS:
        _WALLS.clear()
    _WALLS[g._id] = w
    return w


def _run_deep(fn, *args):
    """Run ``fn`` with room for deep game trees (as the games module does)."""
    need = 4 * MAX_COOL_BIRTHDAY + 200
    if sys.getrecursionlimit() >= need:
        return fn(*args)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(need)
    try:
        return fn(*args)
    finally:
        sys.setrecursionlimit(old)


def _tau_mean(g) -> tuple:
    """Temperature and mean of ``g`` as Fractions."""
    _, _, e, tau, m = _run_deep(_walls, g)
    d = 1 << e
    return Fraction(tau, d), Fraction(m, d)


def thermograph(g) -> Thermograph:
    """The thermograph of ``g`` (walls exact, from ``t = -1``).

    >>> from cgteach.games import parse
    >>> thermograph(parse("*"))
    Thermograph(temperature=0, mast=0, left=[(-1, 1), (0, 0)], right=[(-1, -1), (0, 0)])
    >>> thermograph(parse("3"))
    Thermograph(temperature=-1, mast=3, left=[(-1, 3)], right=[(-1, 3)])
    """
    g = _game_arg(g, "thermograph")
    lw, rw, e, tau, m = _run_deep(_walls, g)
    d = 1 << e
    return Thermograph._make(lw, rw, Fraction(tau, d), Fraction(m, d), g)


def temperature(g) -> Fraction:
    """The temperature of ``g``: where its thermograph's walls meet.

    >>> from cgteach.games import parse
    >>> [str(temperature(parse(s))) for s in ("{3|-1}", "±1", "*", "3/4", "-5", "{1|0}")]
    ['2', '1', '0', '-1/4', '-1', '1/2']
    """
    return _tau_mean(_game_arg(g, "temperature"))[0]


def mean(g) -> Fraction:
    """The mean value of ``g``: the mast of its thermograph.

    The mean of a sum is the sum of the means.

    >>> from cgteach.games import parse
    >>> mean(parse("{3|-1}")), mean(parse("{4|{2|-6}}")), mean(parse("↑*"))
    (Fraction(1, 1), Fraction(2, 1), Fraction(0, 1))
    """
    return _tau_mean(_game_arg(g, "mean"))[1]


def cool(g, t):
    """``g`` cooled by the dyadic number ``t >= -1`` (Conway's definition), canonical.

    Below ``0`` (Siegel's convention) each move is heated by ``-t`` instead,
    integers excepted: the strip under ``t = 0`` of every thermograph.

    >>> from cgteach.games import parse
    >>> cool(parse("{3|-1}"), 1), cool(parse("{3|-1}"), 2), cool(parse("{3|-1}"), "1/2")
    (parse('{2|0}'), parse('1*'), parse('{5/2|-1/2}'))
    >>> cool(parse("↑"), 1), cool(parse("1/2"), 1)
    (parse('0'), parse('1/2'))
    >>> cool(parse("{3|-1}"), -1), cool(parse("1/2"), -1), cool(parse("1/2"), "-1/4")
    (parse('{4|-2}'), parse('{1|0}'), parse('1/2'))
    """
    g = _game_arg(g, "cool")
    t = _temp_arg(t)
    return _run_deep(_cool, g, t)


@lru_cache(maxsize=200_000)
def _cool(g, t: Fraction):
    # A number is frozen for t >= 0 (its temperature is negative); below 0
    # only an integer is (Siegel: G_t = G for an integer G), and any other
    # number follows the recursion below its own temperature -1/2^j.
    if g._num is not None and (t >= 0 or g._num.denominator == 1):
        return g
    tau, m = _tau_mean(g)
    if t > tau:
        return number(m)
    nt = number(t)
    return game(
        [_cool(gl, t) - nt for gl in g.left],
        [_cool(gr, t) + nt for gr in g.right],
    )._core


def _game_arg(g, fn: str):
    g = g._core if isinstance(g, Game) else _coerce(g, fn)
    _check_depth(g, fn)
    return g
