"""Temperature theory: how much a move is worth, and how hot a game is.

Terms (Winning Ways, chapter 6; Albert, Nowakowski and Wolfe, *Lessons in
Play*, chapter 6; the numbers agree with CGSuite):

**cooling**
    ``G`` cooled by ``t`` (written ``G_t``) taxes every move by ``t``:
    ``G_t = {G^L_t - t | G^R_t + t}``, except that once some ``G_t'`` with
    ``t' < t`` is infinitely close to a number ``x``, ``G_t`` *is* ``x``.
    A number is never changed by cooling (``t >= 0``).
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

import sys
from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache

__all__ = ["Thermograph", "thermograph", "temperature", "mean", "cool", "MAX_COOL_BIRTHDAY"]

# The recursions here walk the game tree once per distinct subgame (cached),
# so they are cheap for every game cgteach can build; the only guard needed
# is against a deep tree meeting Python's recursion limit.
MAX_COOL_BIRTHDAY = 400

_LOW = Fraction(-1)  # walls are drawn and computed from t = -1 upwards


class _Line:
    """A continuous piecewise-linear function of ``t`` on ``[-1, ∞)``.

    ``knots`` are ``(t, x)`` pairs with increasing ``t``, the first at
    ``t = -1``; between knots the function is linear, after the last it goes
    on with slope ``tail``.  ``slopes[i]`` is the slope just after knot ``i``.
    Immutable; exact (``Fraction``).
    """

    __slots__ = ("knots", "tail", "ts", "slopes")

    def __init__(self, knots, tail):
        tail = tail if type(tail) is Fraction else Fraction(tail)
        self.knots = ks = _simplify(knots, tail)
        self.tail = tail
        self.ts = [t for t, _ in ks]
        self.slopes = [
            (ks[i + 1][1] - ks[i][1]) / (ks[i + 1][0] - ks[i][0]) for i in range(len(ks) - 1)
        ] + [tail]

    def __call__(self, t) -> Fraction:
        t = t if type(t) is Fraction else Fraction(t)
        # below -1 the first segment goes on (only drawings ask for that)
        i = max(bisect_right(self.ts, t) - 1, 0)
        t0, x0 = self.knots[i]
        return x0 + self.slopes[i] * (t - t0)

    def sample(self, ts) -> list:
        """``(value, slope just after)`` at each ``t`` of the sorted ``ts`` (>= -1): one sweep."""
        ks, slopes, n = self.knots, self.slopes, len(self.knots)
        i, out = 0, []
        for t in ts:
            while i + 1 < n and ks[i + 1][0] <= t:
                i += 1
            t0, x0 = ks[i]
            s = slopes[i]
            out.append((x0 + s * (t - t0), s))
        return out

    def plus_t(self, k: int) -> _Line:
        """``t ↦ self(t) + k·t``."""
        return _Line([(t, x + k * t) for t, x in self.knots], self.tail + k)

    def upto(self, tau: Fraction) -> _Line:
        """The same function up to ``tau``, constant (a mast) from there on."""
        ks = [(t, x) for t, x in self.knots if t < tau]
        ks.append((tau, self(tau)))
        return _Line(ks, _ZERO)

    def __eq__(self, other):
        return isinstance(other, _Line) and self.knots == other.knots and self.tail == other.tail

    def __hash__(self):
        return hash((self.knots, self.tail))


_ZERO = Fraction(0)


def _simplify(knots, tail) -> tuple:
    """Drop knots where the slope does not change (so equal functions compare equal)."""
    ks = [
        (t if type(t) is Fraction else Fraction(t), x if type(x) is Fraction else Fraction(x))
        for t, x in knots
    ]
    out = [ks[0]]
    for i in range(1, len(ks)):
        t, x = ks[i]
        if t == out[-1][0]:
            continue
        if len(out) >= 2:
            (t0, x0), (t1, x1) = out[-2], out[-1]
            if (x1 - x0) * (t - t1) == (x - x1) * (t1 - t0):
                out[-1] = (t, x)
                continue
        out.append((t, x))
    if len(out) >= 2:
        (t0, x0), (t1, x1) = out[-2], out[-1]
        if (x1 - x0) == tail * (t1 - t0):
            out.pop()
    return tuple(out)


def _envelope(lines, upper: bool) -> _Line:
    """The pointwise maximum (``upper``) or minimum of piecewise-linear functions."""
    if len(lines) == 1:
        return lines[0]
    pick = max if upper else min
    ts = sorted({t for f in lines for t in f.ts})
    samples = [f.sample(ts) for f in lines]
    # Between consecutive knots (and after the last) every function is
    # linear, so the envelope can only bend where two of them cross.
    extra = []
    for k, a in enumerate(ts):
        b = ts[k + 1] if k + 1 < len(ts) else None
        segs = [smp[k] for smp in samples]
        for i in range(len(segs)):
            xi, si = segs[i]
            for j in range(i + 1, len(segs)):
                xj, sj = segs[j]
                if si != sj:
                    c = a + (xj - xi) / (si - sj)
                    if c > a and (b is None or c < b):
                        extra.append(c)
    if extra:
        ts = sorted(set(ts).union(extra))
        samples = [f.sample(ts) for f in lines]
    knots = [(t, pick(smp[k][0] for smp in samples)) for k, t in enumerate(ts)]
    # After the last knot no two functions cross, so the one on top there (the
    # steeper of two that touch) stays on top.
    return _Line(knots, pick(smp[-1] for smp in samples)[1])


class Thermograph:
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
        """Draw the thermograph on ``ax`` (a new figure if ``None``); returns the Axes."""
        from cgteach.draw.thermographs import draw_thermograph

        return draw_thermograph(self, ax=ax, **kwargs)

    def _repr_png_(self):
        from cgteach.draw.thermographs import thermograph_png

        return thermograph_png(self)


def _num(q: Fraction) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _coerce(g):
    from cgteach import games

    if isinstance(g, bool):
        raise TypeError(f"expected a game, got the bool {g!r}")
    if isinstance(g, str):
        return games.parse(g)._core
    if isinstance(g, int | Fraction):
        return games.number(g)._core
    raise TypeError(
        f"expected a game (cgteach.games.Game, an int, a dyadic Fraction or a game text), "
        f"got {type(g).__name__}"
    )


def _temp_arg(t, allow_negative=False) -> Fraction:
    """Read a temperature: an int, a dyadic Fraction, a text such as '1/2' or a number game."""
    from cgteach.games import _as_number

    try:
        q = _as_number(t)
    except TypeError as exc:
        raise TypeError(f"a temperature must be a dyadic number: {exc}") from None
    except ValueError as exc:
        raise ValueError(f"a temperature must be a dyadic number: {exc}") from None
    if not allow_negative and q < 0:
        raise ValueError(f"cooling needs a temperature t >= 0, got {q}")
    return q


def _check_depth(g):
    if g.birthday() > MAX_COOL_BIRTHDAY:
        raise ValueError(
            f"game born on day {g.birthday()}: temperature theory here is limited to games "
            f"born by day {MAX_COOL_BIRTHDAY} (cgteach.games.temperature.MAX_COOL_BIRTHDAY)"
        )


@lru_cache(maxsize=200_000)
def _walls(g) -> tuple:
    """``(LW, RW, τ, mean)`` of a canonical game (Conway's recursion)."""
    if g.is_number():
        x = g.number_value()
        if x.denominator == 1:
            line = _Line([(_LOW, x)], 0)
            return line, line, Fraction(-1), x
    # A number that is not an integer, or any other game: both sides non-empty.
    lefts = [_walls(gl)[1].plus_t(-1) for gl in g.left]
    rights = [_walls(gr)[0].plus_t(+1) for gr in g.right]
    lw = _envelope(lefts, upper=True)
    rw = _envelope(rights, upper=False)
    tau = _meeting(lw, rw)
    m = lw(tau)
    return lw.upto(tau), rw.upto(tau), tau, m


def _meeting(lw: _Line, rw: _Line) -> Fraction:
    """The least ``t >= -1`` with ``lw(t) <= rw(t)`` (``lw - rw`` never increases)."""
    ts = sorted(set(lw.ts).union(rw.ts))
    prev = None
    for t, (xl, sl), (xr, sr) in zip(ts, lw.sample(ts), rw.sample(ts), strict=True):
        gap = xl - xr
        if gap <= 0:
            if prev is None:
                return t
            t0, g0 = prev
            return t0 + (t - t0) * g0 / (g0 - gap)
        prev = (t, gap)
        drop = sl - sr
    t0, g0 = prev
    if drop >= 0:  # pragma: no cover - impossible for a canonical game with both sides
        raise ArithmeticError("the walls of a game never meet: not a short game?")
    return t0 + g0 / -drop


def _run_deep(fn, *args):
    """Run ``fn`` with room for deep game trees (as the games module does)."""
    need = 4 * MAX_COOL_BIRTHDAY + 200
    old = sys.getrecursionlimit()
    if old >= need:
        return fn(*args)
    sys.setrecursionlimit(need)
    try:
        return fn(*args)
    finally:
        sys.setrecursionlimit(old)


def thermograph(g) -> Thermograph:
    """The thermograph of ``g`` (walls exact, from ``t = -1``).

    >>> from cgteach.games import parse
    >>> thermograph(parse("*"))
    Thermograph(temperature=0, mast=0, left=[(-1, 1), (0, 0)], right=[(-1, -1), (0, 0)])
    >>> thermograph(parse("3"))
    Thermograph(temperature=-1, mast=3, left=[(-1, 3)], right=[(-1, 3)])
    """
    g = _coerce_game(g)
    lw, rw, tau, m = _run_deep(_walls, g)
    return Thermograph._make(lw, rw, tau, m, g)


def temperature(g) -> Fraction:
    """The temperature of ``g``: where its thermograph's walls meet.

    >>> from cgteach.games import parse
    >>> [str(temperature(parse(s))) for s in ("{3|-1}", "±1", "*", "3/4", "-5", "{1|0}")]
    ['2', '1', '0', '-1/4', '-1', '1/2']
    """
    g = _coerce_game(g)
    return _run_deep(_walls, g)[2]


def mean(g) -> Fraction:
    """The mean value of ``g``: the mast of its thermograph.

    The mean of a sum is the sum of the means.

    >>> from cgteach.games import parse
    >>> mean(parse("{3|-1}")), mean(parse("{4|{2|-6}}")), mean(parse("↑*"))
    (Fraction(1, 1), Fraction(2, 1), Fraction(0, 1))
    """
    g = _coerce_game(g)
    return _run_deep(_walls, g)[3]


def cool(g, t):
    """``g`` cooled by the dyadic number ``t >= 0`` (Conway's definition), canonical.

    >>> from cgteach.games import parse
    >>> cool(parse("{3|-1}"), 1), cool(parse("{3|-1}"), 2), cool(parse("{3|-1}"), "1/2")
    (parse('{2|0}'), parse('1*'), parse('{5/2|-1/2}'))
    >>> cool(parse("↑"), 1), cool(parse("1/2"), 1)
    (parse('0'), parse('1/2'))
    """
    g = _coerce_game(g)
    t = _temp_arg(t)
    return _run_deep(_cool, g, t)


@lru_cache(maxsize=200_000)
def _cool(g, t: Fraction):
    from cgteach.games import game, number

    if g.is_number():
        return g
    _, _, tau, m = _walls(g)
    if t > tau:
        return number(m)._core
    nt = number(t)
    return game(
        [_cool(gl, t) - nt for gl in g.left],
        [_cool(gr, t) + nt for gr in g.right],
    )._core


def _coerce_game(g):
    from cgteach.games import Game

    g = g._core if isinstance(g, Game) else _coerce(g)
    _check_depth(g)
    return g
