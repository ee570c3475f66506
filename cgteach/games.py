"""Short partizan games in canonical form.

Terms used throughout (Conway, *On Numbers and Games*; Albert, Nowakowski and
Wolfe, *Lessons in Play*, chapters 4 and 5):

**game**
    Two players, *Left* (Blue) and *Right* (Red), move alternately; a player
    who cannot move loses (normal play).  A *short* game has finitely many
    positions and no infinite play.
**options**
    A game is written ``{L | R}``: ``L`` lists the positions Left can move
    to (her *left options*), ``R`` those Right can move to.  ``{ | }`` is
    ``0``: whoever must move first loses.
**sum**
    In ``G + H`` the player to move picks one component and moves there.
    ``-G`` swaps the roles of Left and Right.
**order**
    ``G >= H`` when Left, playing second, wins ``G - H``; ``G == H`` when
    both ``G >= H`` and ``H >= G`` (then ``G`` may replace ``H`` in every
    sum); ``G`` is *fuzzy* with ``H`` (``G.fuzzy(H)``) when neither holds.
**outcome**
    Who wins ``G`` with perfect play: ``"L"`` (Left, whoever starts:
    ``G > 0``), ``"R"`` (Right: ``G < 0``), ``"P"`` (the previous player,
    i.e. the second player: ``G == 0``) or ``"N"`` (the next player, i.e. the
    first player: ``G`` fuzzy with ``0``).
**dominated option**
    A left option ``A`` is dominated by another left option ``B`` when
    ``A <= B``: Left never needs ``A``, so it may be dropped (for Right,
    ``A >= B``).
**reversible option**
    A left option ``A`` is reversible when one of Right's replies
    ``A^R`` satisfies ``A^R <= G``: whenever Left moves to ``A``, Right
    answers ``A^R`` and is at least as well off as before, so ``A`` may be
    replaced ("bypassed") by Left's options of ``A^R``.  Symmetrically for
    Right (``A^L >= G``).
**canonical form**
    The form with no dominated and no reversible option.  Every game equals
    exactly one canonical form, the simplest way to write it; two games are
    equal exactly when their canonical forms are identical.
**number**
    A game equal to a dyadic number: ``0 = { | }``, ``1 = {0 | }``,
    ``1/2 = {0 | 1}``, ...  A game whose options are all numbers, every left
    option less than every right option, is the *simplest* number strictly
    between them (the simplicity rule, see :mod:`cgteach.numbers`).
**nimber**
    ``*n = {*0, ..., *(n-1) | *0, ..., *(n-1)}``, the value of a Nim heap
    of size ``n``; ``* = *1 = {0 | 0}``.
**infinitesimal**
    A game smaller than every positive number and larger than every
    negative number, such as ``*``, ``↑ = {0 | *}`` (up), ``↓ = -↑`` (down),
    ``⇑ = ↑ + ↑`` and ``↑* = ↑ + *``.  ``↑`` is positive, yet smaller than
    every positive number.
**birthday**
    ``0`` is born on day 0; a game is born the day after the last of its
    (canonical) options.

What the module offers:

* :class:`Game` -- an immutable, hashable game in canonical form; ``==``
  is game equality (``hash`` agrees, also with equal ints and
  ``Fraction`` s) and a game works as a dictionary key.  A game built by
  :func:`game` or read by :func:`parse` from ``"{...|...}"`` also
  remembers its options as written, so that ``g.simplification_steps()``
  shows the whole road to its canonical form; games from arithmetic have
  no written form (their road is the naming step alone).
  ``g.left``, ``g.right`` (canonical options),
  ``g + h``, ``g - h``, ``-g``, ``n * g``, ``<=``, ``<``, ``>=``, ``>``, ``==``,
  ``g.fuzzy(h)``, ``g.outcome()``, ``g.is_number()``, ``g.number_value()``,
  ``g.is_nimber()``, ``g.nimber_value()``, ``g.is_infinitesimal()``,
  ``g.birthday()``, ``g.left_stop()``, ``g.right_stop()``,
  ``g.simplification_steps()``;
  ``str(g)`` is textbook notation and ``repr(g)`` text that :func:`parse`
  reads back.
* :func:`game` (alias :func:`from_options`) -- the canonical form of
  ``{left | right}``; options may be games, ints, dyadic ``Fraction`` s,
  game texts such as ``"*"``, or nested pairs ``(left, right)``.
* :data:`ZERO`, :data:`STAR`, :data:`UP`, :data:`DOWN`, :func:`number`,
  :func:`nimber` -- the usual values.
* :func:`parse` -- reads textbook notation: ``"{1|*}"``, ``"1/2"``,
  ``"-3"``, ``"*2"``, ``"↑"`` or ``"^"``, ``"↓"`` or ``"v"``, ``"↑*"``,
  ``"⇑"``, ``"3·↑"``, ``"±1"``, ``"1*"``, ``"{0,*|0}"``, sums ``"↑+*"``.
* :func:`total` -- a fast sum of many games; :func:`ordinal_sum` --
  Norton's ordinal sum ``G:H``.
* :func:`form` and :class:`Form` -- a game *as written*, not yet
  simplified, whose :meth:`Form.simplification_steps` records the road to
  the canonical form (:class:`Step`: ``.rule``, ``.description``,
  ``.game``); ``game(left, right).simplification_steps()`` and
  ``simplification_steps(left, right)`` give the same road.

>>> UP > 0, UP < number("1/64"), (UP + STAR).fuzzy(0), STAR + STAR == 0
(True, True, True, True)
>>> game([0], [0]) == STAR, game([0, STAR], [0]), game([1], [-1])
(True, parse('↑*'), parse('±1'))
>>> print(UP + UP + STAR, game([0], [1]), game([2], []), -UP)
⇑* 1/2 3 ↓
>>> [s.rule for s in game([UP], [DOWN]).simplification_steps()]
['reversible', 'reversible', 'nimber']
>>> [s.rule for s in parse("{0, ↑ | ↑}").simplification_steps()]
['dominated', 'reversible', 'canonical']
>>> (UP + STAR).outcome(), UP.outcome(), STAR.outcome(), (STAR + STAR).outcome()
('N', 'L', 'N', 'P')

Limits (so that a mistake fails at once, not after a long wait): games whose
non-number part is born after day :data:`MAX_BIRTHDAY`, nimbers beyond
:data:`MAX_NIMBER` and game texts longer than :data:`MAX_TEXT` characters or
nested deeper than :data:`MAX_NESTING` braces are refused with a
``ValueError``, and so are more than :data:`MAX_OPTIONS` options on one
side of :func:`game`.  Numbers themselves are stored as exact fractions, so
``number(10**9)`` is cheap.
"""

from __future__ import annotations

import math
import numbers as _numbers
import sys
from collections.abc import Iterable
from fractions import Fraction

from cgteach._validate import show as _show
from cgteach.numbers import birthday as _number_birthday
from cgteach.numbers import format_number as _format_number
from cgteach.numbers import simplest_between as _simplest_between

__all__ = [
    "Game",
    "game",
    "from_options",
    "number",
    "nimber",
    "parse",
    "total",
    "ordinal_sum",
    "form",
    "Form",
    "Step",
    "simplification_steps",
    "ZERO",
    "STAR",
    "UP",
    "DOWN",
    "MAX_BIRTHDAY",
    "MAX_NIMBER",
    "MAX_NIMBER_OPTIONS",
    "MAX_TERMS",
    "MAX_STEP_OPTIONS",
    "MAX_UPS",
    "MAX_OPTIONS",
    "MAX_TEXT",
    "MAX_NESTING",
]

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
#: Deepest brace nesting :func:`parse` reads.
MAX_NESTING = 200

# ---------------------------------------------------------------------------
# How the engine works (the why behind the code below).
#
# * Every Game is a canonical form, and equal canonical forms are one object
#   (hash-consing in _intern).  So equality is identity, caches can be keyed
#   on small integer ids, and every option of a Game is canonical too.
# * What game()/parse() hand back may instead be a _Written: a light object
#   pointing to that interned core (x._core) plus the options as written,
#   for simplification_steps().  Every entry point unwraps (_coerce), so the
#   engine below only ever sees cores; a core's _core is itself.
# * Canonical form (_canonical): drop dominated options, bypass reversible
#   ones, repeat until neither applies (Conway; Lessons in Play, ch. 4).
#   Results are memoised on the sets of options.
# * Order (_le): Conway's recursive definition, memoised on id pairs, with
#   shortcuts that are theorems: two numbers compare as fractions; G <= H
#   needs both stops of G at most those of H, and LS(G) < RS(H) gives G < H;
#   against a number x a game that is not a number compares through one side
#   of its options only (number translation); against nimbers, a whole row
#   *0, *1, ... is filled at once (_nim_row).
# * Sums (_add): numbers and nimbers add as fractions and by nim-addition;
#   x + G = {G^L + x | G^R + x} (number translation); otherwise the usual
#   options, where options from the same summand never dominate each other
#   (_cross_maximal), so only cross pairs are compared.
# * Names (_name): numbers and nimbers directly; x + n·↑ + *k through the
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
_GENERAL: dict[tuple, Game] = {}  # (left ids, right ids) -> Game
_serial = [0]


class Game:
    """A short partizan game in canonical form (immutable, hashable, interned).

    Do not call ``Game(...)`` directly; build games with :func:`game`,
    :func:`number`, :func:`nimber`, :func:`parse` or arithmetic.  Compare
    games with ``==`` (game equality), not ``is``: the canonical games are
    interned, but a game from :func:`game` or :func:`parse` that remembers
    how it was written is its own small object (see
    :meth:`simplification_steps`).

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
    def _make(cls, left, right, num, nim, bday, skey, hsh, depth, ls, rs):
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
        return _le(self, _coerce(other, "the game compared"))

    @_deep
    def __ge__(self, other):
        return _le(_coerce(other, "the game compared"), self)

    @_deep
    def __lt__(self, other):
        h = _coerce(other, "the game compared")
        return self is not h and _le(self, h)

    @_deep
    def __gt__(self, other):
        h = _coerce(other, "the game compared")
        return self is not h and _le(h, self)

    @_deep
    def fuzzy(self, other) -> bool:
        """True when ``self`` and ``other`` are incomparable (``G || H``).

        >>> STAR.fuzzy(0), UP.fuzzy(STAR), UP.fuzzy(0)
        (True, True, False)
        """
        h = _coerce(other, "the game compared")
        return not _le(self, h) and not _le(h, self)

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
        ge = _le(ZERO, self)
        le = _le(self, ZERO)
        if ge:
            return "L"  # ge and le would make self zero, handled above
        return "R" if le else "N"

    # -- arithmetic -------------------------------------------------------
    @_deep
    def __add__(self, other):
        # Anything that is not a game is read as one (an int, a dyadic
        # Fraction, a text such as "*"), or refused with the reason why.
        return _add(self, _coerce(other, "a game added to a game"))

    __radd__ = __add__

    @_deep
    def __neg__(self):
        return _neg(self)

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
        g = self if n >= 0 else _neg(self)
        n = abs(n)
        if n > 1 and self._num is None and self._nim is None and n > 4 * MAX_BIRTHDAY:
            raise ValueError(f"{n} copies of a game that is not a number are too many to add")
        acc = ZERO
        while n:  # doubling: about log2(n) sums
            if n & 1:
                acc = _add(acc, g)
            n >>= 1
            if n:
                g = _add(g, g)
        return acc

    __rmul__ = __mul__

    @_deep
    def __sub__(self, other):
        return _add(self, _neg(_coerce(other, "a game subtracted from a game")))

    @_deep
    def __rsub__(self, other):
        return _add(_coerce(other, "a game minus a game"), _neg(self))

    # -- kinds --------------------------------------------------------------
    def is_number(self) -> bool:
        """True when the game equals a (dyadic) number.

        >>> number("3/4").is_number(), STAR.is_number(), game([0], [1]).is_number()
        (True, False, True)
        """
        return self._num is not None

    def number_value(self) -> Fraction:
        """The number this game equals, as a ``Fraction`` (``ValueError`` if it is no number).

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

    @_deep
    def left_stop(self) -> Fraction:
        """The number reached when Left moves first and both play until a number appears.

        >>> game([2], [-1]).left_stop(), UP.left_stop()
        (Fraction(2, 1), Fraction(0, 1))
        """
        return _stop(self, True)

    @_deep
    def right_stop(self) -> Fraction:
        """The number reached when Right moves first (see :meth:`left_stop`)."""
        return _stop(self, False)

    # -- temperature theory (cgteach.temperature) --------------------------------
    def mean(self) -> Fraction:
        """The mean value: where the thermograph's mast stands.

        >>> game([3], [-1]).mean(), (game([3], [-1]) + game([3], [-1])).mean()
        (Fraction(1, 1), Fraction(2, 1))
        """
        from cgteach.temperature import mean

        return mean(self)

    def temperature(self) -> Fraction:
        """How hot the game is: where the thermograph's walls meet.

        An integer has temperature -1, a number ``m/2^j`` -1/2^j, an
        infinitesimal 0, a hot game more than 0.

        >>> game([3], [-1]).temperature(), STAR.temperature(), number("3/4").temperature()
        (Fraction(2, 1), Fraction(0, 1), Fraction(-1, 4))
        """
        from cgteach.temperature import temperature

        return temperature(self)

    def cool(self, t) -> Game:
        """The game cooled by the dyadic number ``t >= 0`` (every move taxed by ``t``).

        >>> game([3], [-1]).cool(1), game([3], [-1]).cool(2), game([3], [-1]).cool(3)
        (parse('{2|0}'), parse('1*'), parse('1'))
        """
        from cgteach.temperature import cool

        return cool(self, t)

    def thermograph(self):
        """The :class:`cgteach.temperature.Thermograph` of the game (walls, mast, picture)."""
        from cgteach.temperature import thermograph

        return thermograph(self)

    # -- text -----------------------------------------------------------------
    @_deep
    def __str__(self):
        return _name(self)

    def __repr__(self):
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
        return (game, (self._form.left, self._form.right))


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
    """Unpickle a canonical game from its canonical options (see Game.__reduce__)."""
    return _canonical(list(left), list(right))


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
        try:
            q = Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"cannot read {_show(x)} as a number; write e.g. '3', '-1/2' or '3/4'"
            ) from None
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


def _is_pair(x) -> bool:
    return (
        isinstance(x, tuple)
        and len(x) == 2
        and all(isinstance(y, Iterable) and not isinstance(y, (str, bytes, Game)) for y in x)
    )


def _coerce(x, what="option", depth=0) -> Game:
    """Read ``x`` as a canonical Game: a Game, int, dyadic Fraction, game text or pair."""
    if isinstance(x, Game):
        return x._core
    if isinstance(x, Form):
        return _canonical(list(x.left), list(x.right))
    if isinstance(x, str):
        return parse(x)._core
    if _is_pair(x):
        # A nested game written as a pair (left, right) of option lists.
        if depth >= MAX_NESTING:
            raise ValueError(
                f"games nested deeper than {MAX_NESTING} levels are refused "
                "(cgteach.games.MAX_NESTING)"
            )
        return _canonical(
            _options(x[0], f"{what}: left", depth + 1), _options(x[1], f"{what}: right", depth + 1)
        )
    if isinstance(x, (bool, float)):
        return number(x)  # refused, with the reason (see _as_number)
    try:
        return number(_as_number(x))
    except TypeError:
        raise TypeError(
            f"{what} must be a game, an int, a dyadic Fraction or a game text such as '*', "
            f"got {_show(x)} of type {type(x).__name__}"
        ) from None


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
        return _canonical(list(x.left), list(x.right))
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
    left = sorted(left, key=_skey)
    right = sorted(right, key=_skey)
    key = (tuple(g._id for g in left), tuple(g._id for g in right))
    g = _GENERAL.get(key)
    if g is not None:
        return g
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
        tuple(o._skey for o in left),
        tuple(o._skey for o in right),
    )
    hsh = hash((2, tuple(o._hash for o in left), tuple(o._hash for o in right)))
    ls = rs = None
    for o in left:
        if ls is None or o._rs > ls:
            ls = o._rs
    for o in right:
        if rs is None or o._ls < rs:
            rs = o._ls
    g = Game._make(left, right, None, None, bday, skey, hsh, depth, ls, rs)
    _GENERAL[key] = g
    return g


# ---------------------------------------------------------------------------
# Comparison.  G <= H  iff  no left option G^L has H <= G^L  and  no right
# option H^R has H^R <= G (Conway).  Cached on pairs of canonical games;
# the canonicaliser also compares against a not-yet-canonical "raw" game.


class _Raw:
    """A game as written ({left | right} of canonical games); internal only."""

    __slots__ = ("left", "right", "below", "above")
    _id = None
    _num = None
    _nim = None

    def __init__(self, left, right):
        self.left = left
        self.right = right
        # Memos of comparisons with canonical games X during one pass of the
        # canonicaliser: below[X] is "raw <= X", above[X] is "X <= raw".
        self.below = {}
        self.above = {}


_LE: dict[int, bool] = {}


def _le(g, h) -> bool:
    if g is h:
        return True
    gi = g._id
    hi = h._id
    if gi is not None and hi is not None:
        key = (gi << 32) | hi  # one int hashes faster than a pair
        r = _LE.get(key)
        if r is not None:
            return r
        x = g._num
        y = h._num
        a = g._lsf
        b = h._lsf
        if a is not None and b is not None and (a > b or g._rsf > h._rsf):
            # G <= H forces both stops of G to be at most those of H (for two
            # numbers this is the whole answer).
            r = False
        elif a is not None and b is not None and a < h._rsf:
            # LS(G) < x < RS(H) for some number x, and G < x < H.
            r = True
        elif x is not None and y is not None:
            r = x <= y
        elif g._nim is not None and h._nim is not None:
            r = False  # distinct nimbers are fuzzy
        elif g._nim is not None and y is not None:
            r = y > 0  # *n (n >= 1) is fuzzy with 0 and less than every positive number
        elif x is not None and h._nim is not None:
            r = x < 0
        elif g._nim is not None and y is None:
            return bool(_nim_row(h, g._nim)[0][g._nim])  # *k <= h (h: no number, no nimber)
        elif h._nim is not None and x is None:
            return bool(_nim_row(g, h._nim)[1][h._nim])  # g <= *k
        elif y is not None:
            # g is not a number.  By number translation g - y = {g^L - y | g^R - y},
            # so g <= y iff no g^L >= y.
            r = not any(_le(h, gl) for gl in g.left)
        elif x is not None:
            # y <= h (h not a number) iff no h^R <= y, for the same reason.
            r = not any(_le(hr, g) for hr in h.right)
        else:
            r = _le_def(g, h)
        _LE[key] = r
        return r
    if gi is None:
        memo = g.below
        r = memo.get(hi)
        if r is None:
            r = memo[hi] = _le_def(g, h)
        return r
    memo = h.above
    r = memo.get(gi)
    if r is None:
        r = memo[gi] = _le_def(g, h)
    return r


# Comparing a game G (neither a number nor a nimber) with nimbers *k, for all
# k at once.  With (*k)^L = (*k)^R = {*j : j < k} the definition reads
#     *k <= G  iff  no j < k has G <= *j,  and no G^R <= *k;
#     G <= *k  iff  no G^L >= *k,          and no j < k has *j <= G.
# Filling k = 0, 1, 2, ... in order with running "some earlier j" flags costs
# a few comparisons per k instead of k of them, so *65536 against ↑ is cheap.
_NIM_ROWS: dict[int, list] = {}  # G id -> [*k <= G bytes, G <= *k bytes, any so far, any]


def _star_le(k: int, h) -> bool:
    """*k <= h."""
    if k == 0:
        return _le(ZERO, h)
    if h._num is not None:
        return h._num > 0
    if h._nim is not None:
        return h._nim == k
    return bool(_nim_row(h, k)[0][k])


def _le_star(h, k: int) -> bool:
    """h <= *k."""
    if k == 0:
        return _le(h, ZERO)
    if h._num is not None:
        return h._num < 0
    if h._nim is not None:
        return h._nim == k
    return bool(_nim_row(h, k)[1][k])


def _nim_row(g, n: int) -> list:
    if n > MAX_NIMBER_OPTIONS:
        raise ValueError(
            f"comparing *{n} with a game that is neither a number nor a nimber looks at "
            f"{n} options; this engine does so up to *{MAX_NIMBER_OPTIONS} "
            "(cgteach.games.MAX_NIMBER_OPTIONS)"
        )
    row = _NIM_ROWS.get(g._id)
    if row is None:
        row = _NIM_ROWS[g._id] = [bytearray(), bytearray(), False, False]
    below, above = row[0], row[1]
    k = len(below)
    while k <= n:
        ok_below = not row[3]  # *k <= g
        if ok_below:
            for gr in g.right:
                if _le_star(gr, k):
                    ok_below = False
                    break
        ok_above = not row[2]  # g <= *k
        if ok_above:
            for gl in g.left:
                if _star_le(k, gl):
                    ok_above = False
                    break
        below.append(ok_below)
        above.append(ok_above)
        row[2] = row[2] or ok_below
        row[3] = row[3] or ok_above
        k += 1
    return row


#: Work left for the current budgeted computation (None: no budget); see work_budget.
_WORK = [None]


class OutOfWork(ValueError):
    """A budgeted computation (:func:`work_budget`) used up its steps."""


def _spend():
    left = _WORK[0]
    if left is not None:
        if left <= 0:
            raise OutOfWork("the work budget of this computation is spent")
        _WORK[0] = left - 1


class work_budget:
    """Bound the steps (canonical forms built and order tests by definition) of a computation.

    A count, not a clock: the same computation is refused at the same point
    on every machine.  Budgets nest; the innermost one counts.

    >>> with work_budget(10):
    ...     _ = game([0], [UP])
    >>> with work_budget(0):
    ...     _ = game([number("12345/1048576")], [nimber(977)])
    Traceback (most recent call last):
    ...
    cgteach.games.OutOfWork: the work budget of this computation is spent
    """

    def __init__(self, steps: int):
        self.steps = steps

    def __enter__(self):
        self.saved = _WORK[0]
        _WORK[0] = self.steps
        return self

    def __exit__(self, *exc):
        self.used = self.steps - (_WORK[0] or 0)
        _WORK[0] = self.saved
        return False


def _le_def(g, h) -> bool:
    _spend()
    # Plain loops, not any()/all() over generators: a generator driven by a C
    # builtin grows the C stack on every level of the recursion.
    for gl in g.left:
        if _le(h, gl):
            return False
    for hr in h.right:  # noqa: SIM110 (see above)
        if _le(hr, g):
            return False
    return True


# ---------------------------------------------------------------------------
# Canonical form.

_CANON: dict[tuple, Game] = {}


def _distinct(options) -> list:
    seen = {}
    for o in options:
        seen.setdefault(o._id, o)
    return list(seen.values())


def _undominated(options, left: bool) -> list:
    """Keep the options not dominated by another (for Left: the maximal ones).

    The options are distinct canonical games, so no two are equal and the
    maximal ones can be collected in one pass: a newcomer is dropped if a
    kept option beats it, and otherwise evicts the kept options it beats.
    """
    keep = []
    for a in options:
        beaten = False
        for b in keep:
            if _le(a, b) if left else _le(b, a):
                beaten = True
                break
        if beaten:
            continue
        keep = [b for b in keep if not (_le(b, a) if left else _le(a, b))]
        keep.append(a)
    return keep


def _canonical(left, right) -> Game:
    """The canonical form of {left | right}; both are lists of canonical games."""
    left = _distinct(left)
    right = _distinct(right)
    key = (frozenset(g._id for g in left), frozenset(g._id for g in right))
    g = _CANON.get(key)
    if g is not None:
        return g
    g = _canonical_uncached(left, right)
    _CANON[key] = g
    return g


def _cross_maximal(first, second, left: bool) -> list:
    """The undominated options of ``first + second`` when each list alone has none.

    In a sum G + H the left options G^L + H never dominate one another (G
    is canonical, so its G^L are pairwise incomparable), and neither do the
    G + H^L; only options from different lists need comparing.
    """
    if not first or not second:
        return first or second
    ids = {a._id for a in first}
    keep = []
    for a in first:
        beaten = False
        for b in second:
            if b is not a and (_le(a, b) if left else _le(b, a)):
                beaten = True
                break
        if not beaten:
            keep.append(a)
    for b in second:
        if b._id in ids:
            continue  # the same game as an option of the first list
        beaten = False
        for a in first:
            if _le(b, a) if left else _le(a, b):
                beaten = True
                break
        if not beaten:
            keep.append(b)
    return keep


def _canonical_of_sum(left1, left2, right1, right2) -> Game:
    """Canonical form of {left1, left2 | right1, right2}, each list free of dominated options."""
    left = left1 + left2
    right = right1 + right2
    key = (frozenset(g._id for g in left), frozenset(g._id for g in right))
    g = _CANON.get(key)
    if g is not None:
        return g
    g = _canonical_uncached(
        _cross_maximal(left1, left2, True), _cross_maximal(right1, right2, False), True
    )
    _CANON[key] = g
    return g


def _canonical_uncached(left, right, pruned=False) -> Game:
    _spend()
    # Simplicity rule: numbers on both sides, every left one below every right one.
    if all(o._num is not None for o in left) and all(o._num is not None for o in right):
        a = max((o._num for o in left), default=None)
        b = min((o._num for o in right), default=None)
        if a is None or b is None or a < b:
            return number(_simplest_between(a, b))
    while True:
        if not pruned:
            left = _undominated(left, True)
            right = _undominated(right, False)
        pruned = False
        raw = _Raw(left, right)
        changed = False
        new_left = []
        for a in left:
            for ar in a.right:
                if _le(ar, raw):  # a reverses through ar: bypass it
                    new_left.extend(ar.left)
                    changed = True
                    break
            else:
                new_left.append(a)
        new_right = []
        for a in right:
            for al in a.left:
                if _le(raw, al):
                    new_right.extend(al.right)
                    changed = True
                    break
            else:
                new_right.append(a)
        if not changed:
            return _intern(left, right)
        left = _distinct(new_left)
        right = _distinct(new_right)


# ---------------------------------------------------------------------------
# Sums and negatives.

_ADD: dict[int, Game] = {}
_NEG: dict[int, Game] = {}


def _add(g, h) -> Game:
    if g._num is not None:
        if g._num == 0:
            return h
        if h._num is not None:
            return number(g._num + h._num)
    elif h._num is not None and h._num == 0:
        return g
    if g._nim is not None and h._nim is not None:
        return nimber(g._nim ^ h._nim)
    if g._id > h._id:
        g, h = h, g
    key = (g._id << 32) | h._id
    r = _ADD.get(key)
    if r is not None:
        return r
    if _NEG.get(g._id) is h:
        return ZERO  # G + (-G) = 0 without playing it out
    if g._num is None and h._num is None and g._depth + h._depth > MAX_BIRTHDAY:
        # The sum's positions reach that deep; refuse now rather than after
        # a long wait (its canonical form could only be shallower by luck).
        raise ValueError(
            f"this sum is too big: its parts that are not numbers are born on days "
            f"{g._depth} and {h._depth}, together more than {MAX_BIRTHDAY} "
            "(cgteach.games.MAX_BIRTHDAY)"
        )
    if h._num is not None:
        # Number translation: for g not a number, g + x = {g^L + x | g^R + x}.
        r = _canonical_of_sum(
            [_add(gl, h) for gl in g.left], [], [_add(gr, h) for gr in g.right], []
        )
    elif g._num is not None:
        r = _canonical_of_sum(
            [_add(g, hl) for hl in h.left], [], [_add(g, hr) for hr in h.right], []
        )
    else:
        r = _canonical_of_sum(
            [_add(gl, h) for gl in g.left],
            [_add(g, hl) for hl in h.left],
            [_add(gr, h) for gr in g.right],
            [_add(g, hr) for hr in h.right],
        )
    _ADD[key] = r
    return r


def _neg(g) -> Game:
    if g._num is not None:
        return number(-g._num)
    if g._nim is not None:
        return g
    r = _NEG.get(g._id)
    if r is None:
        # The negative of a canonical form is canonical: no simplification needed.
        r = _intern([_neg(o) for o in g.right], [_neg(o) for o in g.left])
        _NEG[g._id] = r
        _NEG[r._id] = g
    return r


def _stop(g, left_first: bool) -> Fraction:
    return g._ls if left_first else g._rs


# ---------------------------------------------------------------------------
# Public constructors.


def _options(items, side: str, depth: int = 0) -> list:
    if isinstance(items, (str, bytes, Game, Form)) or not isinstance(items, Iterable):
        raise TypeError(
            f"the {side} options must be an iterable (a list or tuple) of games, ints or "
            f"dyadic Fractions, got {_show(items)}; write e.g. game([0], [STAR])"
        )
    out = []
    for i, x in enumerate(items):
        if i >= MAX_OPTIONS:
            raise ValueError(
                f"too many {side} options: at most {MAX_OPTIONS} are accepted "
                "(cgteach.games.MAX_OPTIONS)"
            )
        out.append(_coerce(x, f"{side} option {i + 1}", depth))
    return out


@_deep
def game(left=(), right=()) -> Game:
    """The canonical form of ``{left | right}``.

    ``left`` and ``right`` are iterables of games, ints, dyadic ``Fraction`` s,
    game texts (``"*"``, ``"1/2"``, ``"{0|*}"``) or pairs ``(left, right)``
    of such iterables, read as nested games; at most :data:`MAX_OPTIONS` on
    a side.

    >>> game([0], [0]), game([0, STAR], [0]), game([], []), game([1], [])
    (parse('*'), parse('↑*'), parse('0'), parse('2'))
    >>> game([0], [([0], [0])]), game([((), ())], [((), ())])
    (parse('↑'), parse('*'))
    >>> game([Fraction(1, 3)], [])
    Traceback (most recent call last):
    ...
    ValueError: 1/3 is not a dyadic number (its denominator is not a power of two), ...
    >>> game(0, [])
    Traceback (most recent call last):
    ...
    TypeError: the left options must be an iterable (a list or tuple) of games, ints or ...

    The result remembers the options as written, so its
    :meth:`~Game.simplification_steps` show the road from ``{left | right}``
    to the canonical form:

    >>> g = game([0, UP], [UP])
    >>> g == UP + UP + STAR, g.left, [s.rule for s in g.simplification_steps()]
    (True, (parse('0'),), ['dominated', 'reversible', 'canonical'])
    """
    left = _options(left, "left")
    right = _options(right, "right")
    return _remember(_canonical(left, right), left, right)


from_options = game


@_deep
def total(games: Iterable) -> Game:
    """The sum of many games, faster than adding them one by one.

    Numbers are added as fractions and nimbers by nim-addition before the
    rest is summed, smallest first, so the expensive sums stay small.

    >>> total([UP, UP, STAR, 1, nimber(3)])
    parse('1⇑*2')
    """
    if isinstance(games, (str, bytes, bytearray, memoryview, dict, Game)) or not isinstance(
        games, Iterable
    ):
        raise TypeError(f"total() needs an iterable of games, got {_show(games)}")
    num = Fraction(0)
    nim = 0
    rest = []
    for i, x in enumerate(games):
        if i >= MAX_TERMS:
            raise ValueError(
                f"total() adds at most {MAX_TERMS} games (cgteach.games.MAX_TERMS); "
                "this iterable has more (is it endless?)"
            )
        if type(x) is int:  # the common case, without interning a Game per summand
            num += x
            continue
        g = _coerce(x, f"summand {i + 1}")
        if g._num is not None:
            num += g._num
        elif g._nim is not None:
            nim ^= g._nim
        else:
            rest.append(g)
    rest.sort(key=lambda g: g._bday)
    acc = nimber(nim)
    for g in rest:
        acc = _add(acc, g)
    return _add(acc, number(num))


_ORD: dict[tuple, Game] = {}


@_deep
def ordinal_sum(base, top) -> Game:
    """Norton's ordinal sum ``G:H``: play in ``H`` (top) until someone moves in ``G`` (base).

    ``G:H = {G^L, G:H^L | G^R, G:H^R}``; a move in the base wipes out the
    top.  With ``G`` canonical the result depends only on the value of ``H``
    (both are read as canonical games).  In Hackenbush, ``G:H`` is the
    picture of ``H`` standing on top of ``G``.

    >>> ordinal_sum(1, -1), ordinal_sum(STAR, 1), ordinal_sum(1, STAR)
    (parse('1/2'), parse('↑*'), parse('1*'))
    """
    g = _coerce(base, "base")
    h = _coerce(top, "top")
    if h._bday > MAX_BIRTHDAY:
        # The recursion walks every position of the top, numbers included.
        raise ValueError(
            f"the top of this ordinal sum is born on day {h._bday}; at most {MAX_BIRTHDAY} "
            "is accepted (cgteach.games.MAX_BIRTHDAY)"
        )
    return _ordinal(g, h)


def _ordinal(g, h) -> Game:
    if h._num is not None and h._num == 0:
        return g
    key = (g._id, h._id)
    r = _ORD.get(key)
    if r is None:
        r = _canonical(
            list(g.left) + [_ordinal(g, o) for o in h.left],
            list(g.right) + [_ordinal(g, o) for o in h.right],
        )
        _ORD[key] = r
    return r


# ---------------------------------------------------------------------------
# Names in textbook notation.

# Multiples of up named n↑ (and down) in the text: ↑, ⇑, 3·↑, ...
_UPS_NAMED = 12
_STARS_NAMED = 8
_INFINITESIMALS: dict[int, tuple] = {}  # Game id -> (n, k) for n·↑ + *k
_table_built = [False]


def _build_table():
    # n·↑ + *k for small n and k.  Built once, on first need, from sums.
    _table_built[0] = True
    ups = {0: ZERO}
    for n in range(1, _UPS_NAMED + 1):
        ups[n] = _add(ups[n - 1], UP)
        ups[-n] = _neg(ups[n])
    for n, u in ups.items():
        for k in range(_STARS_NAMED):
            g = _add(u, nimber(k))
            _INFINITESIMALS.setdefault(g._id, (n, k))


def _ups_text(n: int) -> str:
    if n == 0:
        return ""
    arrow = "↑" if n > 0 else "↓"
    m = abs(n)
    if m == 1:
        return arrow
    if m == 2:
        return "⇑" if n > 0 else "⇓"
    return f"{m}·{arrow}"


def _star_text(k: int) -> str:
    return "" if k == 0 else "*" if k == 1 else f"*{k}"


def _name(g) -> str:
    t = g._text
    if t is not None:
        return t
    t = _name_uncached(g)
    object.__setattr__(g, "_text", t)
    return t


def _name_uncached(g) -> str:
    if g._num is not None:
        return _format_number(g._num)
    if g._nim is not None:
        return _star_text(g._nim)
    # x + n·↑ + *k ?
    ls = _stop(g, True)
    if ls == _stop(g, False):
        if not _table_built[0]:
            _build_table()
        inf = g if ls == 0 else _add(g, number(-ls))
        nk = _INFINITESIMALS.get(inf._id)
        if nk is not None:
            n, k = nk
            num = "" if ls == 0 else _format_number(ls)
            ups = _ups_text(n)
            if num and abs(n) >= 3:
                num += "+"
            return num + ups + _star_text(k)
    # ±x  and  x*n were handled above; {x | -x} for a positive number x:
    if len(g.left) == 1 and len(g.right) == 1:
        a, b = g.left[0], g.right[0]
        if a._num is not None and b._num is not None and a._num == -b._num and a._num > 0:
            return "±" + _format_number(a._num)
    left = [_name(o) for o in g.left]
    right = [_name(o) for o in g.right]
    size = sum(map(len, left)) + sum(map(len, right)) + len(left) + len(right)
    if size > MAX_TEXT:
        # Options shared many times over make the written form grow
        # exponentially with the birthday; refuse to build a giant string.
        return f"<a game born on day {g._bday}, too big to write out>"
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


# ---------------------------------------------------------------------------
# Reading textbook notation.

_ARROWS = {"↑": 1, "^": 1, "⇑": 2, "↓": -1, "v": -1, "⇓": -2}


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.i = 0
        self.depth = 0
        # The options of the last game written at the outer level, {..|..}
        # or ±x, as written: parse() returns a game that remembers them.
        self.outer = None

    def fail(self, message: str):
        where = self.i
        raise ValueError(
            f"cannot read the game text at position {where + 1}: {message}\n"
            f"    {self.text}\n    {' ' * where}^"
        )

    def peek(self) -> str:
        """The next character that is not white space ("" at the end); skips the spaces."""
        t = self.text
        i = self.i
        n = len(t)
        if i < n:
            c = t[i]
            if c in "{}|,*-+/":  # the usual case, answered at once
                return c
        while i < n:
            c = t[i]
            if not c.isspace():
                self.i = i
                return c
            i += 1
        self.i = i
        return ""

    def sum(self, raw_outer=False, remember=False):
        first = self.peek()
        terms = [self.term(raw_outer)]
        while self.peek() in ("+", "-"):
            op = self.text[self.i]
            self.i += 1
            t = self.term(False)
            terms.append(t if op == "+" else _neg(t))
        if len(terms) == 1:
            if remember and first in "{±" and self.outer is not None:
                return _remember(terms[0], *self.outer)
            return terms[0]
        if raw_outer:
            self.fail("a sum cannot be shown as one {left | right}; write a single game")
        acc = terms[0]
        for t in terms[1:]:
            acc = _add(acc, t)
        return acc

    def term(self, raw_outer=False):
        c = self.peek()
        if c == "":
            self.fail("the text ends where a game should be")
        if raw_outer and c not in "{±":
            self.fail("a game written as {left | right} should start with '{'")
        if c == "-":
            # -G negates a whole term; "-1/2↓*" is the number -1/2 plus ↓*,
            # so a minus before digits belongs to the number (see simple()).
            # A run of signs is counted in a loop, never by recursion, so
            # "- - - … *" of any length cannot exhaust the stack.
            minus = 0
            while self.peek() == "-" and not self.text[self.i + 1 : self.i + 2].isdigit():
                self.i += 1
                minus += 1
            if minus:
                g = self.term(False)
                return _neg(g) if minus % 2 else g
        if c == "±":
            # ±±x is ±(±x): count the run, read x once, then wrap it, all in a loop
            count = 0
            while self.peek() == "±":
                self.i += 1
                count += 1
                if count > MAX_NESTING:
                    self.fail(f"at most {MAX_NESTING} '±' in a row are read")
            g = self.term(False)
            for _ in range(count - 1):
                g = _canonical([g], [_neg(g)])
            if self.depth == 0:
                self.outer = ([g], [_neg(g)])
            if raw_outer:
                return Form._of([g], [_neg(g)])
            return _canonical([g], [_neg(g)])
        if c == "{":
            return self.braces(raw_outer)
        return self.simple()

    def braces(self, raw_outer):
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.fail(f"braces nested deeper than {MAX_NESTING} levels are refused")
        self.i += 1  # '{'
        left = self.options("|")
        if self.peek() != "|":
            self.fail("expected '|' between Left's and Right's options")
        self.i += 1
        right = self.options("}")
        if self.peek() != "}":
            self.fail("expected '}' to close the game")
        self.i += 1
        self.depth -= 1
        if self.depth == 0:
            self.outer = (left, right)
        if raw_outer:
            return Form._of(left, right)
        return _canonical(left, right)

    def options(self, end):
        opts = []
        if self.peek() in (end, "|", "}"):
            return opts
        while True:
            if len(opts) >= MAX_OPTIONS:
                self.fail(
                    f"more than {MAX_OPTIONS} options on one side are refused "
                    "(cgteach.games.MAX_OPTIONS)"
                )
            opts.append(self.sum())
            c = self.peek()
            if c == ",":
                self.i += 1
                continue
            if c in ("|", "}"):
                return opts
            if c == "":
                self.fail(f"the text ends before the closing '{end}'")
            self.fail(f"unexpected {c!r}: options are separated by ',' and sides by '|'")

    def simple(self):
        t = self.text
        start = self.i
        value = None
        mult = None
        # number part, with its sign
        negative = t.startswith("-", self.i)
        if negative:
            self.i += 1
        j = self.i
        if j < len(t) and t[j].isdigit():
            while j < len(t) and t[j].isdigit():
                j += 1
            num_text = t[self.i : j]
            if j < len(t) and t[j] == "/":
                k = j + 1
                while k < len(t) and t[k].isdigit():
                    k += 1
                if k == j + 1:
                    self.i = j + 1
                    self.fail("expected a denominator after '/'")
                num_text = t[self.i : k]
                j = k
            if len(num_text) > 4000:
                self.fail("a number with more than 4000 digits is refused")
            try:
                q = Fraction(num_text)
            except ZeroDivisionError:
                self.fail(f"{num_text} divides by zero: a denominator must be a power of two")
            if negative:
                q = -q
            if q.denominator & (q.denominator - 1):
                self.fail(f"{num_text} is not a dyadic number (denominator not a power of two)")
            self.i = j
            if j < len(t) and t[j] in "·." and j + 1 < len(t) and t[j + 1] in _ARROWS:
                if q.denominator != 1 or negative:
                    self.fail("only a positive whole number of ↑ can be written n·↑ (use n·↓)")
                mult = int(q)
                self.i = j + 1
            else:
                value = q
        # arrows
        ups = 0
        saw_arrow = False
        while self.i < len(t) and t[self.i] in _ARROWS:
            ups += _ARROWS[t[self.i]]
            saw_arrow = True
            self.i += 1
            if mult is not None:
                break
        if mult is not None:
            ups *= mult
        # star
        star = 0
        saw_star = False
        if self.i < len(t) and t[self.i] == "*":
            saw_star = True
            self.i += 1
            k = self.i
            while k < len(t) and t[k].isdigit():
                k += 1
            if k > self.i:
                if k - self.i > 20:
                    self.fail(f"nimbers beyond *{MAX_NIMBER} are refused")
                star = int(t[self.i : k])
                if star > MAX_NIMBER:
                    self.fail(f"nimbers beyond *{MAX_NIMBER} are refused")
            else:
                star = 1
            self.i = k
        if value is None and not saw_arrow and not saw_star:
            self.i = start
            c = t[start] if start < len(t) else ""
            self.fail(
                f"unexpected {c!r}: expected a number (3, -1/2), *, *n, ↑ (^), ↓ (v), ± "
                "or {left | right}"
            )
        if abs(ups) > MAX_UPS:
            self.i = start
            self.fail(f"at most {MAX_UPS} ups are accepted (n·↑ is born on day n + 1)")
        g = nimber(star)
        if ups:
            g = _add(g, _ups(ups))
        if value is not None:
            g = _add(g, number(value))
        return g


#: The most ups (or downs) a game text may hold: ``n·↑`` is born on day
#: ``n + 1``, so this is the most the engine holds (:data:`MAX_BIRTHDAY`).
MAX_UPS = MAX_BIRTHDAY - 1

_UPS: list = []


def _ups(n: int) -> Game:
    """``n·↑`` (``n < 0``: ``|n|·↓``), built by ``n·↑ = {0 | (n-1)·↑*}``.

    Adding ↑ one at a time checks each sum against the birthday limit of a
    sum of two games, which refuses some texts that are themselves within
    the limit; the formula (Lessons in Play, ch. 5) builds each multiple
    from the one before with one canonical step.
    """
    if n < 0:
        return _neg(_ups(-n))
    if not _UPS:
        _UPS.extend([ZERO, UP])
    while len(_UPS) <= n:
        _UPS.append(_canonical([ZERO], [_add(_UPS[-1], STAR)]))
    return _UPS[n]


def _read(text, raw_outer=False, remember=False):
    if not isinstance(text, str):
        raise TypeError(f"parse() reads a str such as '{{1|*}}', got {_show(text)}")
    if len(text) > MAX_TEXT:
        raise ValueError(
            f"the game text is {len(text)} characters long; at most {MAX_TEXT} are read"
        )
    s = text.strip()
    # Accept the text of repr(g), "parse('...')", so that parse(repr(g)) == g.
    for q in ("'", '"'):
        if s.startswith("parse(" + q) and s.endswith(q + ")"):
            s = s[7:-2]
            break
    if not raw_outer:
        g = _read_braces_only(s, remember)
        if g is not None:
            return g
    p = _Parser(s)
    g = p.sum(raw_outer, remember)
    if p.peek() != "":
        p.fail(f"unexpected {p.peek()!r} after a complete game")
    return g


_BRACES_ONLY = frozenset("{}|, \t\n")


def _read_braces_only(s: str, remember=False):
    """Fast path for texts made of braces alone, such as ``{{|}|{|}}``.

    Machine-made texts (game trees written out) are like this and can be
    long; a loop over the characters with a stack reads them several times
    faster than the general parser.  Anything unusual, including every
    mistake, returns None so that the general parser reads the text again
    and reports the mistake with its position.
    """
    if not s.startswith("{") or not _BRACES_ONLY.issuperset(s):
        return None
    stack = []  # one [left, right, side] per open brace
    state = "open"  # "open" (after { or |), "done" (after an option), "comma"
    result = None
    for c in s:
        if c in " \t\n":
            continue
        if result is not None:
            return None  # something after the complete game
        if c == "{":
            if state == "done" or len(stack) >= MAX_NESTING:
                return None
            stack.append([[], [], 0])
            state = "open"
        elif c == "|":
            if not stack or stack[-1][2] == 1 or state == "comma":
                return None
            stack[-1][2] = 1
            state = "open"
        elif c == ",":
            if state != "done":
                return None
            if len(stack[-1][stack[-1][2]]) >= MAX_OPTIONS:
                return None  # the general parser says what the limit is
            state = "comma"
        else:  # "}"
            if not stack or stack[-1][2] == 0 or state == "comma":
                return None
            left, right, _ = stack.pop()
            g = _canonical(left, right)
            if stack:
                top = stack[-1]
                top[top[2]].append(g)
            else:
                result = _remember(g, left, right) if remember else g
            state = "done"
    return result


@_deep
def parse(text: str) -> Game:
    """Read a game written in textbook notation and return its canonical form.

    Understands numbers (``3``, ``-1/2``), nimbers (``*``, ``*2``), ups and
    downs (``↑`` or ``^``, ``↓`` or ``v``, ``⇑``, ``⇓``, ``3·↑``), their
    combinations (``1↑*``, ``1/2*``), ``±x`` (``{x | -x}``), sums with
    ``+`` and ``-``, and ``{left | right}`` with options separated by commas,
    nested as deep as you like (up to :data:`MAX_NESTING`).  It also reads
    the text of ``repr(g)``, so ``parse(repr(g)) == g``.

    A text written as one ``{left | right}`` (or ``±x``) gives a game that
    remembers its options as written, for
    :meth:`Game.simplification_steps`.

    >>> parse("{0,*|0}"), parse("^*"), parse("{1|*}"), parse("±1") == game([1], [-1])
    (parse('↑*'), parse('↑*'), parse('{1|*}'), True)
    >>> parse("{1|*") # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: cannot read the game text at position 5: the text ends before the closing '}'
        {1|*
            ^
    >>> [s.rule for s in parse("{0,↑|↑}").simplification_steps()]
    ['dominated', 'reversible', 'canonical']
    """
    return _read(text, remember=True)


# ---------------------------------------------------------------------------
# Games as written, and the recorded road to the canonical form.


class Step:
    """One step of a simplification: ``.rule``, ``.description`` and ``.game``.

    ``.game`` is the game as it stands after the step: a :class:`Form`
    while options are still being removed or bypassed, the canonical
    :class:`Game` at the last step.
    """

    __slots__ = ("rule", "description", "game")

    def __init__(self, rule, description, game):
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "description", description)
        object.__setattr__(self, "game", game)

    def __setattr__(self, name, value):
        raise AttributeError("steps are immutable")

    def __reduce__(self):
        return (Step, (self.rule, self.description, self.game))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __eq__(self, other):
        if isinstance(other, Step):
            return (self.rule, self.description, self.game) == (
                other.rule, other.description, other.game
            )
        return NotImplemented

    def __hash__(self):
        return hash((self.rule, self.description, self.game))

    def __repr__(self):
        return f"Step(rule={self.rule!r}, game={self.game!r})"

    def __str__(self):
        return f"{self.rule}: {self.description}"


class Form:
    """A game as written, ``{left | right}``, before simplification.

    The options themselves are canonical games; only this outer level is
    kept as written (duplicates, dominated and reversible options
    included).  ``str`` shows it in braces, :meth:`canonical` gives its
    value, :meth:`simplification_steps` the recorded road between the two.

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
        return _remember(_canonical(list(self.left), list(self.right)), self.left, self.right)

    @_deep
    def simplification_steps(self) -> list:
        """The recorded road to the canonical form, one :class:`Step` per change.

        Rules: ``"duplicate"`` (an option written twice), ``"dominated"``,
        ``"reversible"``, then a last step naming the result: ``"number"``
        (including the simplicity rule when every option is a number),
        ``"nimber"`` or ``"canonical"``.

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
        return _record(list(self.left), list(self.right))


@_deep
def form(left, right=None) -> Form:
    """A game as written, ``{left | right}``, kept unsimplified (see :class:`Form`).

    ``form(left, right)`` takes the same options as :func:`game`;
    ``form("{0,↑|↑}")`` reads the outer braces of a text as written.

    >>> form("{1, 0 | *}"), form([0, 0], [2])
    (form('{1,0|*}'), form('{0,0|2}'))
    """
    if right is None and isinstance(left, str):
        return _read(left, raw_outer=True)
    return Form._of(
        _options(left, "left"), _options((), "right") if right is None else _options(right, "right")
    )


def simplification_steps(left, right) -> list:
    """Shortcut for ``form(left, right).simplification_steps()``.

    >>> for s in simplification_steps([1, 0], [2]):
    ...     print(s)
    ... # doctest: +NORMALIZE_WHITESPACE
    number: every option is a number and Left's best, 1, is less than Right's best, 2,
    so by the simplicity rule {1,0|2} is the simplest number between them: 3/2.
    """
    return form(left, right).simplification_steps()


def _names(options) -> str:
    return ", ".join(str(o) for o in options) if options else "none"


#: Most options on one side whose simplification is recorded step by step
#: (:meth:`Form.simplification_steps`).  Each step writes out the whole
#: form and re-examines it, so the record grows with the cube of the
#: options; :func:`game` itself takes up to :data:`MAX_OPTIONS`.
MAX_STEP_OPTIONS = 100


def _record(left, right) -> list:
    for side, opts in (("Left", left), ("Right", right)):
        if len(opts) > MAX_STEP_OPTIONS:
            raise ValueError(
                f"{side} has {len(opts)} options; simplification_steps() records the road "
                f"step by step for at most {MAX_STEP_OPTIONS} options a side "
                "(cgteach.games.MAX_STEP_OPTIONS); game() gives the canonical form of up "
                f"to {MAX_OPTIONS}"
            )
    steps = []
    cur = Form._of(left, right)
    # The simplicity rule in one step when every option is a number.
    if all(o._num is not None for o in left) and all(o._num is not None for o in right):
        a = max((o._num for o in left), default=None)
        b = min((o._num for o in right), default=None)
        if a is None or b is None or a < b:
            x = number(_simplest_between(a, b))
            if not left and not right:
                text = "{|} has no options at all: whoever must move first loses, so it is 0."
            elif a is not None and b is not None:
                if len(left) == 1 and len(right) == 1:
                    text = (
                        f"{cur} is the simplest number between {_format_number(a)} and "
                        f"{_format_number(b)}, so it is {x}."
                    )
                else:
                    text = (
                        f"every option is a number and Left's best, {_format_number(a)}, is "
                        f"less than Right's best, {_format_number(b)}, so by the simplicity "
                        f"rule {cur} is the simplest number between them: {x}."
                    )
            elif a is not None:
                text = (
                    f"only Left can move, to numbers at best {_format_number(a)}, so {cur} is "
                    f"the simplest number greater than {_format_number(a)}: {x}."
                )
            else:
                text = (
                    f"only Right can move, to numbers at best {_format_number(b)}, so {cur} is "
                    f"the simplest number less than {_format_number(b)}: {x}."
                )
            steps.append(Step("number", text, x))
            return steps
    while True:
        # Duplicates.
        for side, opts in (("Left", left), ("Right", right)):
            d = _distinct(opts)
            if len(d) < len(opts):
                twice = [o for o in d if opts.count(o) > 1]
                opts[:] = d
                cur = Form._of(left, right)
                steps.append(
                    Step(
                        "duplicate",
                        f"{side} has the option {_names(twice)} more than once; one copy is "
                        f"enough: {cur}.",
                        cur,
                    )
                )
        # Dominated options, one at a time.
        found = _find_dominated(left, right)
        if found is not None:
            side, a, b = found
            opts = left if side == "Left" else right
            opts.remove(a)
            cur = Form._of(left, right)
            if side == "Left":
                why = f"{a} ≤ {b}, so Left never prefers {a} to {b}"
            else:
                why = f"{a} ≥ {b}, so Right never prefers {a} to {b}"
            steps.append(
                Step(
                    "dominated",
                    f"{side}'s option {a} is dominated by {b}: {why}. Drop it: {cur}.",
                    cur,
                )
            )
            continue
        # Reversible options, one at a time.
        found = _find_reversible(left, right)
        if found is not None:
            side, a, reply = found
            g_text = str(cur)
            if side == "Left":
                repl = list(reply.left)
                i = left.index(a)
                left[i : i + 1] = repl
                why = (
                    f"Right's answer {reply} to it satisfies {reply} ≤ {g_text}: after Left moves "
                    f"to {a}, Right replies {reply} and is no worse off than before"
                )
                whose = "Left"
            else:
                repl = list(reply.right)
                i = right.index(a)
                right[i : i + 1] = repl
                why = (
                    f"Left's answer {reply} to it satisfies {reply} ≥ {g_text}: after Right moves "
                    f"to {a}, Left replies {reply} and is no worse off than before"
                )
                whose = "Right"
            cur = Form._of(left, right)
            if repl:
                what = f"replace {a} by {whose}'s options in {reply}, namely {_names(repl)}"
            else:
                what = f"{whose} has no options in {reply}, so {a} simply disappears"
            steps.append(
                Step(
                    "reversible",
                    f"{side}'s option {a} is reversible: {why}. So {what}: {cur}.",
                    cur,
                )
            )
            continue
        break
    g = _intern(left, right)
    if g._num is not None:
        text = f"{cur} has no dominated or reversible option left; it is the number {g}."
        steps.append(Step("number", text, g))
    elif g._nim is not None:
        text = f"{cur} has no dominated or reversible option left; it is the nimber {g}."
        steps.append(Step("nimber", text, g))
    else:
        tail = "" if str(g) == str(cur) else f", which is written {g}"
        text = f"no option of {cur} is dominated or reversible, so it is in canonical form{tail}."
        steps.append(Step("canonical", text, g))
    return steps


def _find_dominated(left, right):
    for side, opts in (("Left", left), ("Right", right)):
        for a in opts:
            for b in opts:
                if a is not b and (_le(a, b) if side == "Left" else _le(b, a)):
                    return side, a, b
    return None


def _find_reversible(left, right):
    raw = _Raw(left, right)
    for a in left:
        for ar in a.right:
            if _le(ar, raw):
                return "Left", a, ar
    for a in right:
        for al in a.left:
            if _le(raw, al):
                return "Right", a, al
    return None


# ---------------------------------------------------------------------------
# The usual values.

ZERO = number(0)
STAR = nimber(1)
UP = _intern([ZERO], [STAR])
DOWN = _neg(UP)
