"""Floor 0 of :mod:`cgteach.games`: the :class:`Game` value and its interning.

A canonical game is *interned*: building the same canonical form twice gives
the same object, so equality of canonical games is cheap.  This module holds
the limits, the :class:`Game` class itself, games remembered as written
(``_Written``) and games as written (:class:`Form`, the value only), the
number and nimber constructors, the interning table and the usual values
``ZERO``, ``STAR``, ``UP``, ``DOWN``.  Everything public is re-exported by
:mod:`cgteach.games`.

May import: the standard library, ``cgteach._validate`` and
``cgteach.numbers``; nothing of ``cgteach.games``.  The methods of
:class:`Game` and :class:`Form` that need a higher floor (order, arithmetic,
names, reading, simplification steps, temperature) call it through the table
``_ABOVE``, which ``cgteach/games/__init__.py`` fills in once every floor is
loaded.
"""

from __future__ import annotations

import math
import numbers as _numbers
import re
import sys
from fractions import Fraction

from cgteach._validate import show as _show
from cgteach.numbers import birthday as _number_birthday
from cgteach.numbers import simplest_between as _simplest_between

#: Latest birthday accepted for the part of a game that is not a number (the
#: longest chain of moves through positions that are not numbers; numbers
#: themselves may be as large as you like).  The engine recurses along such
#: chains; this bound keeps every recursion far from Python's stack limit.
MAX_BIRTHDAY = 400
#: Largest nimber ``*n`` accepted.  Nimbers add by nim-addition (XOR) and
#: compare with numbers and each other at once, so a huge ``*n`` is cheap
#: as long as nobody lists its ``n`` options.
MAX_NIMBER = 1 << 64
#: Largest nimber ``*n`` whose options are listed (``.left``, sums with
#: games that are not nimbers, comparisons with other games): ``n`` options.
MAX_NIMBER_OPTIONS = 1 << 16
#: Most games :func:`total` adds (an endless iterable is refused, not followed).
MAX_TERMS = 100_000
#: Most options accepted on one side by :func:`game` and :func:`form`.
MAX_OPTIONS = 1000
#: Longest game text :func:`parse` reads.
MAX_TEXT = 200_000
#: Deepest brace nesting :func:`parse` reads: the deepest a game the engine
#: holds is ever written (the braces of ``str(g)`` nest at most as deep as the
#: part of ``g`` that is not a number is born), so ``parse(repr(g))`` reads
#: every game back whose text is at most :data:`MAX_TEXT` characters long.
MAX_NESTING = MAX_BIRTHDAY
#: Largest numerator and denominator, in bits, of a number read from a text
#: (by :func:`number` and :func:`parse`: about 19,700 decimal digits, or a
#: denominator written ``2**k`` with ``k`` up to this) and written out in
#: full by ``str`` and ``repr``.  Larger numbers are fine as values
#: (``number(2**100_000)``); their name is a summary that :func:`parse`
#: refuses.
MAX_NUMBER_BITS = 65_536
#: The most decimal digits such a number has.
_MAX_DIGITS = 19_729  # len(str(2**65_536))

#: The functions of the floors above that the methods of :class:`Game` and
#: :class:`Form` call, by name, filled in by ``cgteach/games/__init__.py``:
#: ``"le"``, ``"add"``, ``"neg"``, ``"canonical"`` (floor 1, ``_order``);
#: ``"coerce"``, ``"name"``, ``"game"`` (floor 2, ``_text``); ``"record"``
#: (floor 3, ``_steps``); ``"mean"``, ``"temperature"``, ``"cool"``,
#: ``"thermograph"`` (floor 4, ``temperature``); and, for the cold side
#: (floor 5, ``cold``), one ``"cold.<name>"`` entry per method it adds.
_ABOVE: dict = {}

# ---------------------------------------------------------------------------
# How the engine works (the why behind the code of this package; each part
# lives on its floor: _forms, _order, _text).
#
# * Every Game is a canonical form, and equal canonical forms are one object
#   (hash-consing in _intern).  So equality is identity, caches can be keyed
#   on small integer ids, and every option of a Game is canonical too.
# * What game()/parse() hand back may instead be a _Written: a light object
#   pointing to that interned core (x._core) plus the options as written,
#   for simplification_steps().  Every entry point unwraps (_text._coerce),
#   so the engine only ever sees cores; a core's _core is itself.
# * Canonical form (_order._canonical): drop dominated options, bypass reversible
#   ones, repeat until neither applies (Conway; Lessons in Play, ch. 4).
#   Results are memoised on the sets of options.
# * Order (_order._le): Conway's recursive definition, memoised on id pairs, with
#   shortcuts that are theorems: two numbers compare as fractions; G <= H
#   needs both stops of G at most those of H, and LS(G) < RS(H) gives G < H;
#   against a number x a game that is not a number compares through one side
#   of its options only (number translation); against nimbers, a whole row
#   *0, *1, ... is filled at once (_nim_row).
# * Sums (_order._add): numbers and nimbers add as fractions and by nim-addition;
#   x + G = {G^L + x | G^R + x} (number translation); otherwise the usual
#   options, where options from the same summand never dominate each other
#   (_cross_maximal), so only cross pairs are compared.
# * Names (_text._name): numbers and nimbers directly; x + n·↑ + *k through the
#   stops and a small table; {x | -x} as ±x; else braces around the names of
#   the options.
# * The brute-force twin lives in tests/test_games.py: it plays the raw game
#   trees out without any of the above.

# ---------------------------------------------------------------------------
# Recursion depth.  Comparisons and sums recurse once per day of birth of the
# games involved, a few Python frames per day.  Python 3.11 runs
# Python-to-Python calls without growing the C stack, so a higher limit is
# safe; we raise it (never lower it) while the engine works.


def _deep(f):
    limit = 8 * MAX_BIRTHDAY + 4000

    def wrapper(*args, **kwargs):
        old = sys.getrecursionlimit()
        if old >= limit:
            return f(*args, **kwargs)
        sys.setrecursionlimit(limit)
        try:
            return f(*args, **kwargs)
        finally:
            sys.setrecursionlimit(old)

    wrapper.__name__ = f.__name__
    wrapper.__module__ = f.__module__  # pickles find the function where it is defined
    wrapper.__qualname__ = getattr(f, "__qualname__", f.__name__)
    wrapper.__doc__ = f.__doc__
    wrapper.__wrapped__ = f
    return wrapper


# ---------------------------------------------------------------------------
# The value class.

_F0 = Fraction(0)


def _exact_float(q: Fraction):
    """``float(q)`` when it equals ``q`` exactly, else None."""
    if q.numerator.bit_length() <= 53 and q.denominator.bit_length() <= 1000:
        return float(q)  # a dyadic with a 53-bit numerator is a float exactly
    return None


_NUMBERS: dict[Fraction, Game] = {}  # value -> the one Game of that number
_NIMBERS: dict[int, Game] = {}  # n -> *n
_GENERAL: dict[tuple, Game] = {}  # (left ids, right ids), as frozensets -> Game
_serial = [0]


class Game:
    """A short partizan game in canonical form (immutable, hashable, interned).

    Do not call ``Game(...)`` directly; build games with :func:`game`,
    :func:`number`, :func:`nimber`, :func:`parse` or arithmetic.  Compare
    games with ``==`` (game equality), not ``is``: the canonical games are
    interned, but a game from :func:`game` or :func:`parse` that remembers
    how it was written is its own small object (see
    :meth:`simplification_steps`).

    >>> from cgteach.games import game
    >>> g = game([1], [STAR])
    >>> g.left, g.right, g.birthday(), g.outcome()
    ((parse('1'),), (parse('*'),), 2, 'L')
    """

    __slots__ = (
        "_left",
        "_right",
        "_num",
        "_nim",
        "_id",
        "_hash",
        "_skey",
        "_bday",
        "_depth",
        "_ls",
        "_rs",
        "_lsf",
        "_rsf",
        "_text",
        "_core",
    )

    def __init__(self, *args, **kwargs):
        raise TypeError(
            "build games with cgteach.games.game(left, right), number(x), nimber(n) or "
            "parse(text), not Game(...)"
        )

    @classmethod
    def _make(cls, left, right, num, nim, bday, skey, hsh, depth, ls, rs, lsf=None, rsf=None):
        self = object.__new__(cls)
        _serial[0] += 1
        put = object.__setattr__
        put(self, "_left", left)
        put(self, "_right", right)
        put(self, "_num", num)
        put(self, "_nim", nim)
        put(self, "_id", _serial[0])
        put(self, "_hash", hsh)
        put(self, "_skey", skey)
        put(self, "_bday", bday)
        # Longest chain of moves through games that are not numbers: what the
        # recursions of this module really walk (numbers take fast paths).
        put(self, "_depth", depth)
        # Left and right stops, kept at hand: G <= H needs both stops of G at
        # most those of H, a cheap test that settles many comparisons at once.
        put(self, "_ls", ls)
        put(self, "_rs", rs)
        # The same stops as floats when a float holds them exactly (almost
        # always): comparing floats is some twenty times faster than Fractions.
        if lsf is None or rsf is None:  # not handed down from the options
            lsf, rsf = _exact_float(ls), _exact_float(rs)
            if lsf is None or rsf is None:
                lsf = rsf = None
        put(self, "_lsf", lsf)
        put(self, "_rsf", rsf)
        put(self, "_text", None)
        # A canonical game is its own core; a game as written (_Written) points
        # to the canonical game it equals.  Entry points read x._core.
        put(self, "_core", self)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("games are immutable: build a new one with game(), + or -")

    __delattr__ = __setattr__

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        # Structural, not through the text: a number of 5,000 digits or a
        # nimber beyond what parse() reads must pickle too.
        if self._num is not None:
            return (number, (self._num,))
        if self._nim is not None:
            return (nimber, (self._nim,))
        return (_from_canonical_options, (self.left, self.right))

    # -- options ---------------------------------------------------------
    @property
    def left(self) -> tuple:
        """Left's options in canonical form, as a tuple (numbers first, ascending)."""
        if self._left is None:
            self._fill_options()
        return self._left

    @property
    def right(self) -> tuple:
        """Right's options in canonical form, as a tuple."""
        if self._right is None:
            self._fill_options()
        return self._right

    def _fill_options(self):
        # Numbers and nimbers create their options only when asked: the fast
        # paths never need them, and number(10**9) must stay cheap.
        put = object.__setattr__
        if self._num is not None:
            x = self._num
            if x.denominator == 1:
                if x > 0:
                    left, right = (number(x - 1),), ()
                elif x < 0:
                    left, right = (), (number(x + 1),)
                else:
                    left, right = (), ()
            else:
                step = Fraction(1, x.denominator)
                left, right = (number(x - step),), (number(x + step),)
        else:
            if self._nim > MAX_NIMBER_OPTIONS:
                raise ValueError(
                    f"*{self._nim} has {self._nim} options; this engine lists the options of "
                    f"nimbers up to *{MAX_NIMBER_OPTIONS} (cgteach.games.MAX_NIMBER_OPTIONS): "
                    "add it to other nimbers, or compare it with numbers, instead"
                )
            opts = tuple(nimber(k) for k in range(self._nim))
            left = right = opts
        put(self, "_left", left)
        put(self, "_right", right)

    # -- identity and hashing -----------------------------------------------
    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        if isinstance(other, Game):
            return self is other._core
        g = _coerce_or_none(other)
        if g is None:
            return NotImplemented
        return self is g

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    # -- order ------------------------------------------------------------
    @_deep
    def __le__(self, other):
        return _ABOVE["le"](self, _ABOVE["coerce"](other, "the game compared"))

    @_deep
    def __ge__(self, other):
        return _ABOVE["le"](_ABOVE["coerce"](other, "the game compared"), self)

    @_deep
    def __lt__(self, other):
        h = _ABOVE["coerce"](other, "the game compared")
        return self is not h and _ABOVE["le"](self, h)

    @_deep
    def __gt__(self, other):
        h = _ABOVE["coerce"](other, "the game compared")
        return self is not h and _ABOVE["le"](h, self)

    @_deep
    def fuzzy(self, other) -> bool:
        """True when ``self`` and ``other`` are incomparable (``G || H``).

        >>> STAR.fuzzy(0), UP.fuzzy(STAR), UP.fuzzy(0)
        (True, True, False)
        """
        h = _ABOVE["coerce"](other, "the game compared")
        le = _ABOVE["le"]
        return not le(self, h) and not le(h, self)

    @_deep
    def outcome(self) -> str:
        """``"L"``, ``"R"``, ``"P"`` (second player wins) or ``"N"`` (first player wins).

        >>> [g.outcome() for g in (number(1), number(-1), ZERO, STAR)]
        ['L', 'R', 'P', 'N']
        """
        if self._num is not None:
            return "L" if self._num > 0 else "R" if self._num < 0 else "P"
        if self._nim is not None:
            return "P" if self._nim == 0 else "N"
        ge = _ABOVE["le"](ZERO, self)
        le = _ABOVE["le"](self, ZERO)
        if ge:
            return "L"  # ge and le would make self zero, handled above
        return "R" if le else "N"

    # -- arithmetic -------------------------------------------------------
    @_deep
    def __add__(self, other):
        # Anything that is not a game is read as one (an int, a dyadic
        # Fraction, a text such as "*"), or refused with the reason why.
        return _ABOVE["add"](self, _ABOVE["coerce"](other, "a game added to a game"))

    __radd__ = __add__

    @_deep
    def __neg__(self):
        return _ABOVE["neg"](self)

    def __pos__(self):
        return self

    @_deep
    def __mul__(self, n):
        """``n * g``: the sum of ``n`` copies of ``g`` (``-g`` copies for negative ``n``).

        >>> 3 * UP, UP * -2, 0 * STAR
        (parse('3·↑'), parse('⇓'), parse('0'))
        """
        if isinstance(n, bool) or not isinstance(n, _numbers.Integral):
            return NotImplemented
        n = int(n)
        add = _ABOVE["add"]
        g = self if n >= 0 else _ABOVE["neg"](self)
        n = abs(n)
        if n > 1 and self._num is None and self._nim is None and n > 4 * MAX_BIRTHDAY:
            raise ValueError(f"{n} copies of a game that is not a number are too many to add")
        acc = ZERO
        while n:  # doubling: about log2(n) sums
            if n & 1:
                acc = add(acc, g)
            n >>= 1
            if n:
                g = add(g, g)
        return acc

    __rmul__ = __mul__

    @_deep
    def __sub__(self, other):
        h = _ABOVE["coerce"](other, "a game subtracted from a game")
        return _ABOVE["add"](self, _ABOVE["neg"](h))

    @_deep
    def __rsub__(self, other):
        h = _ABOVE["coerce"](other, "a game minus a game")
        return _ABOVE["add"](h, _ABOVE["neg"](self))

    # -- kinds --------------------------------------------------------------
    def is_number(self) -> bool:
        """True when the game equals a (dyadic) number.

        >>> from cgteach.games import game
        >>> number("3/4").is_number(), STAR.is_number(), game([0], [1]).is_number()
        (True, False, True)
        """
        return self._num is not None

    def number_value(self) -> Fraction:
        """The number this game equals, as a ``Fraction`` (``ValueError`` if it is no number).

        >>> from cgteach.games import game
        >>> game([0], [1]).number_value()
        Fraction(1, 2)
        """
        if self._num is None:
            raise ValueError(
                f"{self} is not a number; check g.is_number() first, or use str(g) for its name"
            )
        return self._num

    def is_nimber(self) -> bool:
        """True when the game equals a nimber ``*n`` (``0`` counts, as ``*0``).

        >>> STAR.is_nimber(), ZERO.is_nimber(), UP.is_nimber()
        (True, True, False)
        """
        return self._nim is not None

    def nimber_value(self) -> int:
        """``n`` for the nimber ``*n`` (``ValueError`` if the game is no nimber).

        >>> (STAR + nimber(3)).nimber_value()
        2
        """
        if self._nim is None:
            raise ValueError(f"{self} is not a nimber; check g.is_nimber() first")
        return self._nim

    def is_infinitesimal(self) -> bool:
        """True when ``-x < G < x`` for every positive number ``x`` (``0`` included).

        >>> UP.is_infinitesimal(), STAR.is_infinitesimal(), number(1).is_infinitesimal()
        (True, True, False)
        """
        if self._num is not None:
            return self._num == 0
        return self.left_stop() == 0 and self.right_stop() == 0

    def birthday(self) -> int:
        """The day the game is born: one more than the latest of its options.

        >>> ZERO.birthday(), STAR.birthday(), UP.birthday(), number("3/4").birthday()
        (0, 1, 2, 3)
        """
        return self._bday

    def left_stop(self) -> Fraction:
        """The number reached when Left moves first and both play until a number appears.

        >>> from cgteach.games import game
        >>> game([2], [-1]).left_stop(), UP.left_stop()
        (Fraction(2, 1), Fraction(0, 1))
        """
        return self._ls

    def right_stop(self) -> Fraction:
        """The number reached when Right moves first (see :meth:`left_stop`)."""
        return self._rs

    # -- temperature theory (cgteach.games.temperature) --------------------------------
    def mean(self) -> Fraction:
        """The mean value: where the thermograph's mast stands.

        >>> from cgteach.games import game
        >>> game([3], [-1]).mean(), (game([3], [-1]) + game([3], [-1])).mean()
        (Fraction(1, 1), Fraction(2, 1))
        """
        return _ABOVE["mean"](self)

    def temperature(self) -> Fraction:
        """How hot the game is: where the thermograph's walls meet.

        An integer has temperature -1, a number ``m/2^j`` -1/2^j, an
        infinitesimal 0, a hot game more than 0.

        >>> from cgteach.games import game
        >>> game([3], [-1]).temperature(), STAR.temperature(), number("3/4").temperature()
        (Fraction(2, 1), Fraction(0, 1), Fraction(-1, 4))
        """
        return _ABOVE["temperature"](self)

    def cool(self, t) -> Game:
        """The game cooled by the dyadic number ``t >= -1`` (every move taxed by ``t``).

        >>> from cgteach.games import game
        >>> game([3], [-1]).cool(1), game([3], [-1]).cool(2), game([3], [-1]).cool(3)
        (parse('{2|0}'), parse('1*'), parse('1'))
        """
        return _ABOVE["cool"](self, t)

    def thermograph(self):
        """The :class:`cgteach.games.temperature.Thermograph` of the game (walls, mast, picture)."""
        return _ABOVE["thermograph"](self)

    # -- the cold side (cgteach.games.cold) -------------------------------------
    def is_all_small(self) -> bool:
        """Whether every position has moves for both players or for neither (dicotic).

        >>> from cgteach.games import parse
        >>> parse("{0|↑}").is_all_small(), parse("{1|-1}").is_all_small()
        (True, False)
        """
        return _ABOVE["cold.is_all_small"](self)

    def atomic_weight(self) -> Game:
        """The atomic weight of an all-small game: how many ↑ it is worth (a Game).

        A ``ValueError`` names the position where the game fails to be all-small.

        >>> UP.atomic_weight(), (UP + UP + STAR).atomic_weight(), nimber(5).atomic_weight()
        (parse('1'), parse('2'), parse('0'))
        """
        return _ABOVE["cold.atomic_weight"](self)

    def reduced(self) -> Game:
        """The reduced canonical form: the simplest game infinitesimally close to this one.

        >>> from cgteach.games import parse
        >>> parse("{2|↑}").reduced(), parse("1↑*").reduced()
        (parse('{2|0}'), parse('1'))
        """
        return _ABOVE["cold.reduced"](self)

    def heat(self, t) -> Game:
        """The game heated by ``t`` (Norton's ``∫^t``): every move earns ``t`` more.

        >>> STAR.heat(1), STAR.heat(1).cool(1)
        (parse('±1'), parse('*'))
        """
        return _ABOVE["cold.heat"](self, t)

    def overheat(self, s, t) -> Game:
        """The game overheated from ``s`` to ``t`` (``∫_s^t``): integers ``n`` become ``n·s``.

        >>> number(1).overheat(UP, 1), STAR.overheat(1, 1)
        (parse('↑'), parse('±1'))
        """
        return _ABOVE["cold.overheat"](self, s, t)

    # -- text -----------------------------------------------------------------
    @_deep
    def __str__(self):
        return _ABOVE["name"](self)

    def __repr__(self):
        # parse() reads it back for every game whose name fits in MAX_TEXT
        # characters and whose numbers fit in MAX_NUMBER_BITS (see parse).
        return f"parse({str(self)!r})"

    def _repr_pretty_(self, p, cycle):
        # IPython/Jupyter: show the textbook name, as a student writes it.
        p.text(str(self))

    def __format__(self, spec):
        return format(str(self), spec)

    def simplification_steps(self) -> list:
        """The recorded road from the raw ``{L | R}`` to the canonical form.

        A game built by :func:`game` ``(left, right)`` or read by :func:`parse`
        from ``"{...|...}"`` remembers its options as written, and the road
        starts there: one :class:`Step` per change (``"duplicate"``,
        ``"dominated"``, ``"reversible"``), then a last step naming the
        canonical form (``"number"``, ``"nimber"`` or ``"canonical"``), whose
        ``.game`` is the canonical game.  Every step's ``.game`` equals ``g``.

        Games with no written form -- results of arithmetic (``g + h``,
        ``-g``), options (``g.left``), :func:`number`, :func:`nimber`, texts
        without outer braces -- and games written already in canonical form
        give the single naming step, from ``{g.left | g.right}``.

        >>> from cgteach.games import game, parse
        >>> for s in game([0, UP], [UP]).simplification_steps():
        ...     print(s.rule, "->", s.game)
        dominated -> {↑|↑}
        reversible -> {0|↑}
        canonical -> ⇑*
        >>> [s.rule for s in parse("{↑|↓}").simplification_steps()]
        ['reversible', 'reversible', 'nimber']
        >>> [str(s) for s in game([0], [1]).simplification_steps()]
        ['number: {0|1} is the simplest number between 0 and 1, so it is 1/2.']
        >>> [s.rule for s in (UP + UP + STAR).simplification_steps()]
        ['canonical']
        """
        return Form._of(self.left, self.right).simplification_steps()


class _Written(Game):
    """A game as written: the canonical game it equals (``_core``) plus its written options.

    :func:`game`, :func:`parse` (outer braces) and :meth:`Form.canonical`
    return one when the written options differ from the canonical ones.  It
    is the canonical game in every respect -- ``==``, ``hash``, order,
    arithmetic, ``.left``/``.right``, ``str``, ``repr`` all go to the core,
    and results of arithmetic are canonical games -- except
    :meth:`simplification_steps`, which starts from the options as written.

    Why a light object instead of more state on :class:`Game`: canonical
    games are interned (one object per value, caches keyed on their ids),
    so one object cannot remember two different written forms.  Every entry
    point reads ``x._core``; the engine never sees a ``_Written``.
    """

    __slots__ = ("_form",)

    def __eq__(self, other):
        return self._core.__eq__(other)

    __hash__ = Game.__hash__  # reads _hash, copied from the core

    def simplification_steps(self) -> list:
        return self._form.simplification_steps()

    simplification_steps.__doc__ = Game.simplification_steps.__doc__

    def __reduce__(self):
        # Pickle the written options too (each option pickles as its text).
        return (_ABOVE["game"], (self._form.left, self._form.right))


def _delegate(name):
    method = getattr(Game, name)

    def to_core(self, *args):
        return method(self._core, *args)

    to_core.__name__ = name
    to_core.__qualname__ = f"_Written.{name}"
    to_core.__doc__ = method.__doc__
    return to_core


for _m in (
    "__le__", "__ge__", "__lt__", "__gt__", "fuzzy", "outcome",
    "__add__", "__radd__", "__neg__", "__pos__", "__mul__", "__rmul__", "__sub__", "__rsub__",
    "is_number", "number_value", "is_nimber", "nimber_value", "is_infinitesimal",
    "birthday", "left_stop", "right_stop",
    "__str__", "__repr__", "_repr_pretty_", "__format__",
):  # fmt: skip
    setattr(_Written, _m, _delegate(_m))
_Written.left = property(lambda self: self._core.left, doc=Game.left.__doc__)
_Written.right = property(lambda self: self._core.right, doc=Game.right.__doc__)
del _m


def _remember(g, left, right) -> Game:
    """``g`` (canonical, equal to ``{left | right}``) remembering the written options.

    When the written options are exactly the canonical ones the road is the
    naming step alone, so the interned ``g`` itself is returned: no extra
    object, and ``game([0], [0]) is STAR`` stays true.
    """
    n = g._nim
    if n is None or n == 0 or (n == len(left) and n == len(right)):  # never fill *65536's options
        cl = g.left
        cr = g.right
        if len(cl) == len(left) and len(cr) == len(right):
            for a, b in zip(cl, left, strict=True):
                if a is not b:
                    break
            else:
                for a, b in zip(cr, right, strict=True):
                    if a is not b:
                        break
                else:
                    return g
    w = object.__new__(_Written)
    put = object.__setattr__
    put(w, "_core", g)
    put(w, "_hash", g._hash)
    put(w, "_form", Form._of(left, right))
    return w


# ---------------------------------------------------------------------------
# Construction and interning.


def number(x) -> Game:
    """The game equal to the dyadic number ``x`` (an int, a ``Fraction`` or a text like ``"3/4"``).

    >>> number(2), number("-3/4"), number(Fraction(1, 2)).left
    (parse('2'), parse('-3/4'), (parse('0'),))
    >>> number(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    ValueError: 1/3 is not a dyadic number (its denominator is not a power of two), ...
    """
    q = _as_number(x)
    g = _NUMBERS.get(q)
    if g is None:
        g = Game._make(
            None,
            None,
            q,
            0 if q == 0 else None,
            _number_birthday(q),
            (0, q),
            hash(q),
            0,
            q,
            q,
        )
        _NUMBERS[q] = g
        if q == 0:
            _NIMBERS[0] = g
    return g


def _from_canonical_options(left, right) -> Game:
    """Unpickle a canonical game from its canonical options (see Game.__reduce__).

    The options were the canonical options of a canonical game when it was
    pickled, so they are interned as they are: linear in the size of the
    game, where canonicalising them again would compare them by definition
    (seconds for a game of a few hundred days).  A pickle is trusted data
    (unpickling runs whatever code the pickle names: Python's own rule).
    """
    if not all(isinstance(g, Game) for g in (*left, *right)):
        raise TypeError("a pickled game's options must be games")
    return _intern([g._core for g in left], [g._core for g in right])


def nimber(n) -> Game:
    """The nimber ``*n`` (``nimber(0)`` is ``0``, ``nimber(1)`` is ``*``).

    >>> nimber(1), nimber(3), nimber(0) is ZERO
    (parse('*'), parse('*3'), True)
    """
    if isinstance(n, bool) or not isinstance(n, _numbers.Integral):
        raise TypeError(f"a nimber *n needs a whole number n >= 0, got {_show(n)}")
    n = int(n)
    if n < 0:
        raise ValueError(f"a nimber *n needs n >= 0, got {_show(n)}")
    if n > MAX_NIMBER:
        raise ValueError(
            f"nimber *{_show(n)} is too big: this engine handles *n up to n = {MAX_NIMBER}"
        )
    if n == 0:
        return number(0)
    g = _NIMBERS.get(n)
    if g is None:
        g = Game._make(None, None, None, n, n, (1, n), hash((-1, n)), n, _F0, _F0)
        _NIMBERS[n] = g
    return g


def _as_number(x) -> Fraction:
    if isinstance(x, Game):
        x = x._core
        if x._num is None:
            raise ValueError(f"{x} is not a number")
        return x._num
    if isinstance(x, bool):
        raise TypeError(f"a number must be an int or a dyadic Fraction, not the bool {_show(x)}")
    if isinstance(x, _numbers.Integral):
        return Fraction(int(x))
    if isinstance(x, Fraction):
        q = x
    elif isinstance(x, str):
        q = _number_of_text(x)
    elif isinstance(x, float):
        if not math.isfinite(x):
            raise ValueError(
                f"{_show(x)} is not a number a game can equal; use an int or a dyadic Fraction"
            )
        raise TypeError(
            f"floats are not accepted (their binary value surprises: 0.1 is not 1/10); "
            f"write Fraction({_fraction_args(x)}) or a text such as '1/2' "
            f"instead of {_show(x)}"
        )
    elif isinstance(x, _numbers.Rational):
        q = Fraction(x.numerator, x.denominator)
    else:
        raise TypeError(
            "expected a game, an int or a dyadic Fraction, "
            f"got {_show(x)} of type {type(x).__name__}"
        )
    d = q.denominator
    if d & (d - 1):
        raise ValueError(
            f"{q} is not a dyadic number (its denominator is not a power of two), "
            "so no short game equals it"
        )
    return q


_PLAIN = re.compile(r"([-+]?)([0-9]+)(?:/([0-9]+))?")
_EXPONENT = re.compile(r"[eE]([-+]?[0-9_]*)$")


def _number_of_text(text: str) -> Fraction:
    """The Fraction a text such as ``'3'``, ``'-1/2'``, ``'0.75'`` or ``'1e3'`` stands for.

    Sizes are checked before anything is computed: ``'1e100000000'`` (a
    number of a hundred million digits) is refused at once, not after
    minutes.  Whole numbers and fractions of up to :data:`MAX_NUMBER_BITS`
    bits are read (beyond the 4,300 digits Python reads by default).
    """
    s = text.strip()

    def refuse(why):
        raise ValueError(f"cannot read {_show(text)} as a number: {why}")

    if len(s) > 2 * _MAX_DIGITS + 64:
        refuse(f"it is {len(s):,} characters long; a number text has at most {_MAX_DIGITS:,} "
               "digits (cgteach.games.MAX_NUMBER_BITS)")
    digits = sum(c.isdigit() for c in s)
    if digits > _MAX_DIGITS:
        refuse(f"it has {digits:,} digits; at most {_MAX_DIGITS:,} are read "
               "(cgteach.games.MAX_NUMBER_BITS)")
    exponent = _EXPONENT.search(s)
    if exponent is not None:
        e = exponent.group(1).replace("_", "").lstrip("+-")
        if len(e) > 6 or (e and int(e) > _MAX_DIGITS):
            refuse(f"its exponent {exponent.group(1)} makes a number of more than "
                   f"{_MAX_DIGITS:,} digits (cgteach.games.MAX_NUMBER_BITS)")
    plain = _PLAIN.fullmatch(s)
    try:
        if plain is not None:
            sign, num, den = plain.groups()
            q = Fraction(_int_of_digits(num), _int_of_digits(den) if den else 1)
            q = -q if sign == "-" else q
        else:
            q = Fraction(s)
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f"cannot read {_show(text)} as a number; write e.g. '3', '-1/2' or '3/4'"
        ) from None
    if max(q.numerator.bit_length(), q.denominator.bit_length()) > MAX_NUMBER_BITS:
        refuse(f"a number text has at most {MAX_NUMBER_BITS:,} bits "
               "(cgteach.games.MAX_NUMBER_BITS); build bigger numbers from ints")
    return q


def _int_of_digits(s: str) -> int:
    """``int(s)`` for a string of decimal digits, also beyond Python's 4,300-digit limit."""
    if len(s) <= 4000:
        return int(s)
    k = len(s) // 2
    return _int_of_digits(s[:-k]) * 10**k + _int_of_digits(s[-k:])


def _digits(n: int) -> str:
    """``str(n)`` for an int, also beyond Python's 4,300-digit limit."""
    if n < 0:
        return "-" + _digits(-n)
    if n.bit_length() < 13_000:  # at most 3,914 digits: Python writes it
        return str(n)
    k = n.bit_length() * 3 // 20  # about half the digits
    hi, lo = divmod(n, 10**k)
    return _digits(hi) + _digits(lo).zfill(k)


def _fraction_args(x: float) -> str:
    q = Fraction(x).limit_denominator(1 << 20)
    return f"{q.numerator}, {q.denominator}"


def _coerce_or_none(x):
    if isinstance(x, Game):
        return x._core
    if isinstance(x, (bool, float)):
        return None
    if isinstance(x, (_numbers.Integral, Fraction)):
        try:
            return number(x)
        except ValueError:
            return None
    if isinstance(x, Form):
        return _ABOVE["canonical"](list(x.left), list(x.right))
    return None


def _skey(g):
    return g._skey


def _intern(left, right) -> Game:
    """The one Game with these canonical options (lists of distinct canonical games)."""
    # Recognise numbers and nimbers so that every value has exactly one object.
    nl, nr = len(left), len(right)
    if nl <= 1 and nr <= 1:
        a = left[0]._num if nl else None
        b = right[0]._num if nr else None
        if (nl == 0 or a is not None) and (nr == 0 or b is not None):
            if nl == 0 and nr == 0:
                return number(0)
            if nl == 0 or nr == 0 or a < b:
                return number(_simplest_between(a, b))
    if nl == nr and nl:
        seen = set()
        for g in left:
            if g._nim is None:
                break
            seen.add(g._nim)
        else:
            if (
                seen == set(range(nl))
                and all(g._nim is not None for g in right)
                and {g._nim for g in right} == seen
            ):
                return nimber(nl)
    # Looked up on the sets of options (canonical options are distinct), so a
    # game met again needs no sorting; a new one keeps its options in order.
    key = (frozenset([g._id for g in left]), frozenset([g._id for g in right]))
    g = _GENERAL.get(key)
    if g is not None:
        return g
    left = sorted(left, key=_skey)
    right = sorted(right, key=_skey)
    bday = 0
    depth = 0
    for o in left:
        if o._bday >= bday:
            bday = o._bday + 1
        if o._depth >= depth:
            depth = o._depth + 1
    for o in right:
        if o._bday >= bday:
            bday = o._bday + 1
        if o._depth >= depth:
            depth = o._depth + 1
    if depth > MAX_BIRTHDAY:
        raise ValueError(
            f"the part of this game that is not a number would be born on day {depth}; "
            f"the engine handles games whose non-number part is born by day {MAX_BIRTHDAY} "
            "(cgteach.games.MAX_BIRTHDAY)"
        )
    left = tuple(left)
    right = tuple(right)
    skey = (
        2,
        bday,
        len(left),
        len(right),
        tuple([o._skey for o in left]),
        tuple([o._skey for o in right]),
    )
    hsh = hash((2, tuple([o._hash for o in left]), tuple([o._hash for o in right])))
    # The stops: LS = the greatest right stop of a left option, RS = the least
    # left stop of a right option (g is no number here).  Compared as floats
    # when every option has them (exact, and some twenty times faster).
    lo = hi = None
    for o in left:
        x = o._rsf
        if x is None:
            break
        if lo is None or x > lo._rsf:
            lo = o
    else:
        for o in right:
            x = o._lsf
            if x is None:
                break
            if hi is None or x < hi._lsf:
                hi = o
        else:
            g = Game._make(left, right, None, None, bday, skey, hsh, depth, lo._rs, hi._ls,
                           lo._rsf, hi._lsf)
    if g is None:
        lo = hi = None
        for o in left:
            if lo is None or o._rs > lo._rs:
                lo = o
        for o in right:
            if hi is None or o._ls < hi._ls:
                hi = o
        g = Game._make(left, right, None, None, bday, skey, hsh, depth, lo._rs, hi._ls)
    _GENERAL[key] = g
    return g


# ---------------------------------------------------------------------------
# Comparison.  G <= H  iff  no left option G^L has H <= G^L  and  no right
# option H^R has H^R <= G (Conway).  Cached on pairs of canonical games;
# the canonicaliser also compares against a not-yet-canonical "raw" game.


class _Raw:
    """A game as written ({left | right} of canonical games); internal only."""

    __slots__ = ("left", "right", "below", "above", "_lsf", "_rsf")
    _id = None
    _num = None
    _nim = None

    def __init__(self, left, right, lsf=None, rsf=None):
        self.left = left
        self.right = right
        # Memos of comparisons with canonical games X during one pass of the
        # canonicaliser: below[X] is "raw <= X", above[X] is "X <= raw".
        self.below = {}
        self.above = {}
        # Its stops as floats when the canonicaliser knows them (else None).
        self._lsf = lsf
        self._rsf = rsf


class Form:
    """A game as written, ``{left | right}``, before simplification.

    The options themselves are canonical games; only this outer level is
    kept as written (duplicates, dominated and reversible options
    included).  ``str`` shows it in braces, :meth:`canonical` gives its
    value, :meth:`simplification_steps` the recorded road between the two.

    >>> from cgteach.games import form
    >>> f = form([UP], [DOWN])
    >>> print(f, "=", f.canonical())
    {↑|↓} = *
    """

    __slots__ = ("left", "right")

    def __init__(self, *args, **kwargs):
        raise TypeError("build a Form with cgteach.games.form(left, right)")

    @classmethod
    def _of(cls, left, right):
        self = object.__new__(cls)
        object.__setattr__(self, "left", tuple(left))
        object.__setattr__(self, "right", tuple(right))
        return self

    def __setattr__(self, name, value):
        raise AttributeError("forms are immutable")

    def __eq__(self, other):
        if isinstance(other, Form):
            return self.left == other.left and self.right == other.right
        return NotImplemented

    def __hash__(self):
        # A form equals the game it simplifies to (``form([0], [1]) ==
        # game([0], [1])``), so it must hash like that game.
        return hash(self.canonical())

    def __reduce__(self):
        return (Form._of, (self.left, self.right))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @_deep
    def __str__(self):
        return "{" + ",".join(map(str, self.left)) + "|" + ",".join(map(str, self.right)) + "}"

    def __repr__(self):
        return f"form({str(self)!r})"

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))

    @_deep
    def canonical(self) -> Game:
        """The canonical form (the value) of this game.

        The result remembers this form: its ``simplification_steps()`` are
        this form's.
        """
        g = _ABOVE["canonical"](list(self.left), list(self.right))
        return _remember(g, self.left, self.right)

    @_deep
    def simplification_steps(self) -> list:
        """The recorded road to the canonical form, one :class:`Step` per change.

        Rules: ``"duplicate"`` (an option written twice), ``"dominated"``,
        ``"reversible"``, then a last step naming the result: ``"number"``
        (including the simplicity rule when every option is a number),
        ``"nimber"`` or ``"canonical"``.

        >>> from cgteach.games import form
        >>> for s in form([0, UP], [UP]).simplification_steps():
        ...     print(s.rule, "->", s.game)
        dominated -> {↑|↑}
        reversible -> {0|↑}
        canonical -> ⇑*
        >>> print(form([UP], [DOWN]).simplification_steps()[0].description)
        ... # doctest: +NORMALIZE_WHITESPACE
        Left's option ↑ is reversible: Right's answer * to it satisfies * ≤ {↑|↓}: after
        Left moves to ↑, Right replies * and is no worse off than before. So replace ↑ by
        Left's options in *, namely 0: {0|↓}.
        """
        return _ABOVE["record"](list(self.left), list(self.right))


# ---------------------------------------------------------------------------
# The usual values (interned here, so that every floor above can use them).

ZERO = number(0)
STAR = nimber(1)
UP = _intern([ZERO], [STAR])
DOWN = _intern([STAR], [ZERO])
