"""Cold games: all-small games, atomic weight, reduced canonical form, heating.

Floor 5 of :mod:`cgteach.games`.  May import: floors 0 to 2 (``_forms``,
``_order``, ``_text``), the standard library.  Its Game methods
(``g.is_all_small()``, ``g.atomic_weight()``, ``g.reduced()``,
``g.heat(t)``, ``g.overheat(s, t)``) reach it through the table
``_forms._ABOVE``, filled in by ``cgteach/games/__init__.py``.

Where temperature theory (:mod:`cgteach.games.temperature`) reads a hot
game to within an infinitesimal, this module reads the infinitesimals
themselves, and goes back up by heating.  Sources: Albert, Nowakowski and
Wolfe, *Lessons in Play* (chapter "All-small games", atomic weight and the
two-ahead rule); Siegel, *Combinatorial Game Theory* (chapter II: reduced
canonical form, atomic weight, heating); Conway, *On Numbers and Games*,
chapter 16 (all small games and their atomic weights); and Berlekamp, Conway
and Guy, *Winning Ways*, chapter 8 (the atomic weight calculus).  The exact
statements below are written out so that they can be checked:
``tests/test_cold.py`` compares every one with a brute-force twin.

**all-small (dicotic)**
    ``G`` is all-small when in *every* position (``G`` and every position
    reachable from it) either both players have a move or neither has.  The
    canonical form of an all-small game is all-small, so the test runs on
    the canonical form.  ``0``, ``*``, ``↑``, ``{0|↑}`` are all-small;
    ``1 = {0|}`` and ``{1|-1}`` are not.  Every all-small game is
    infinitesimal; Clobber positions are all-small.
**remote star**
    ``☆`` is a nimber ``*m`` with ``m`` so large that no nimber of that
    size turns up in the games being compared: here ``m`` is a power of two
    beyond twice their birthdays.
**atomic weight** (the "↑-count", Lessons in Play; Siegel II.7)
    How many ``↑`` an all-small game is worth: ``aw(n·↑) = n``,
    ``aw(*n) = 0``, ``aw(G + H) = aw(G) + aw(H)``, ``aw(-G) = -aw(G)``.
    It is tied to comparisons with multiples of ``↑`` and a remote star:
    for every integer ``n``, ``G > n·↑ + ☆`` exactly when ``aw(G) >= n + 1``
    and ``G < n·↑ + ☆`` exactly when ``aw(G) <= n - 1``; so ``aw(G) = n``
    exactly when ``(n-1)·↑ + ☆ < G < (n+1)·↑ + ☆``.  (The tests check this
    against the calculus on every all-small game born by day 3 and on random
    ones born by day 4.)  In general the atomic weight is a game, found by
    the **atomic weight calculus** (Norton; Winning Ways ch. 8, Lessons in
    Play, Siegel II.7):

    * ``aw(0) = 0``;
    * otherwise form ``G'' = {aw(G^L) - 2 | aw(G^R) + 2}``.  If ``G''`` is
      not an integer, ``aw(G) = G''``.
    * **Eccentric case**: if ``G''`` is an integer, the calculus alone does not
      decide.  Let ``a`` be the least and ``b`` the greatest integer ``x``
      with ``aw(G^L) - 2 ◁ x ◁ aw(G^R) + 2`` for every option (``◁``: "less
      than or confused with").  Compare ``G`` with a remote star ``☆``: if
      ``G > ☆`` then ``aw(G) = b``; if ``G < ☆`` then ``aw(G) = a``;
      otherwise (``G`` confused with ``☆``) ``aw(G) = G''``.  The first
      example is ``↑ = {0 | *}`` itself: ``G'' = {0 - 2 | 0 + 2} = 0``, but
      ``↑ > ☆`` and the greatest integer that fits is ``1``, so
      ``aw(↑) = 1``.  Eccentric games are common (46 of the 67 all-small
      games born by day 3 have ``aw(G) != G''``), so the remote-star
      comparison is made whenever ``G''`` is an integer.

    :func:`atomic_weight` follows the calculus; :func:`is_eccentric` says
    whether the eccentric case decided.
**two-ahead rule** (Lessons in Play; Siegel II.7)
    If ``aw(G) >= 2`` then ``G > 0``: Left wins whoever starts.  If
    ``aw(G) >= 1`` then ``G |> 0``: Left wins when she starts.  (Mirror
    statements hold for Right.)
**reduced canonical form** (Calistrate; Grossman and Siegel; Siegel II.6)
    ``G`` and ``H`` are *infinitesimally close* when ``G - H`` is
    infinitesimal (both stops ``0``); ``G >= H`` *modulo infinitesimals*
    when ``G - H + x > 0`` for every positive number ``x``, i.e. when the
    right stop of ``G - H`` is at least ``0``.  The reduced canonical form
    ``rcf(G)`` is the simplest game infinitesimally close to ``G`` ("G ish").
    It is computed like the canonical form, with both rules taken modulo
    infinitesimals: a game infinitesimally close to a number ``x`` reduces
    to ``x``; otherwise the options are reduced, an option dominated modulo
    infinitesimals is dropped, and an option ``G^L`` with a reply
    ``G^{LR} <= G`` modulo infinitesimals is bypassed (symmetrically for
    Right), until neither rule applies.
**heating** (Norton; Winning Ways ch. 6; Siegel II.5)
    ``∫^t G`` (:func:`heat`) is ``G`` when ``G`` is a number, else
    ``{t + ∫^t G^L | -t + ∫^t G^R}``, on the canonical form of ``G``.  Cooling
    undoes heating: ``(∫^t G)_t = G``, checked in the tests on every one of
    the 1474 games born by day 3 for ``t = 1/2, 1, 2``; ``∫^1 * = ±1``.
    Heating does not undo cooling (a one-sided inverse): many games cool to
    the same game, and past its temperature a game has frozen to a number,
    so ``∫^t (G_t)`` is often not ``G``.
    Heating reads the canonical form (two forms of one value may heat
    differently), so a game is put in canonical form first.
    **Overheating** ``∫_s^t G`` (:func:`overheat`) is ``n·s`` for an integer
    ``n`` and ``{t + ∫_s^t G^L | -t + ∫_s^t G^R}`` otherwise.

>>> from cgteach.games import parse
>>> atomic_weight(parse("↑")), atomic_weight(parse("⇑*")), atomic_weight(parse("*5"))
(parse('1'), parse('2'), parse('0'))
>>> atomic_weight(parse("{⇑|↓}")), atomic_weight(parse("{0|3·↓}")), atomic_weight(parse("{⇑*|⇓*}"))
(parse('1/2'), parse('-3/2'), parse('*'))
>>> is_eccentric(parse("↑")), is_eccentric(parse("{0|3·↓}"))
(True, False)
>>> is_all_small(parse("{0|↑}")), is_all_small(parse("{1|-1}"))
(True, False)
>>> reduced(parse("{1|↑}")), reduced(parse("1↑*")), reduced(parse("{2*|-1↑}"))
(parse('{1|0}'), parse('1'), parse('{2|-1}'))
>>> heat(parse("*"), 1), heat(parse("*2"), 1), overheat(parse("2"), 1, 1)
(parse('±1'), parse('{1,{2|0}|-1,{0|-2}}'), parse('2'))
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, wraps
from math import ceil, floor

from cgteach._validate import show as _show
from cgteach.games._forms import MAX_BIRTHDAY, Game, _intern, nimber, number
from cgteach.games._forms import _deep as _deep_call
from cgteach.games._order import _add, _canonical, _le, _neg
from cgteach.games._text import _coerce

__all__ = ["is_all_small", "atomic_weight", "is_eccentric", "reduced", "heat", "overheat",
           "remote_star"]


def _deep(f):
    """Room for deep game trees (as the games module gives), keeping ``f``'s name and doctests."""
    return wraps(f)(_deep_call(f))


#: The longest text of a game quoted in a message (its name is cut after this).
MAX_QUOTE = 200


def _quote(g) -> str:
    """The name of ``g`` for a message: at most :data:`MAX_QUOTE` characters."""
    if g._num is not None and g._num.denominator == 1 and abs(g._num.numerator) >= 10**40:
        return _show(g._num.numerator)
    if g._num is not None and g._num.denominator >= 10**40:
        return _show(g._num)
    text = str(g)
    if len(text) > MAX_QUOTE:
        text = text[:MAX_QUOTE - 1] + "…"
    return text


def _arg(g, fn: str, what: str = "g") -> Game:
    if isinstance(g, Game):
        return g._core
    if isinstance(g, Fraction) and g.denominator & (g.denominator - 1):
        # said here: the engine's own message would write out a huge fraction in full
        raise ValueError(f"{fn}({what}): {what} = {_show(g)} is not a dyadic number (its "
                         "denominator is not a power of two), so no short game equals it")
    try:
        return _coerce(g, f"{fn}({what}): {what}")
    except (TypeError, ValueError) as exc:
        msg = str(exc)
        if "invalid literal" in msg:   # Python's words for a digit it cannot read ('²')
            msg = (f"{fn}({what}): cannot read {_show(g)} as a game: write numbers with the "
                   "digits 0-9 (such as '3/4') and games in braces (such as '{1|*}')")
        if not msg.startswith(fn):
            msg = f"{fn}({what}): {msg}"
        raise type(exc)(msg) from None


# ---------------------------------------------------------------------------
# All-small games.

@lru_cache(maxsize=200_000)
def _dicotic(g) -> bool:
    # closed forms first: a nimber is all-small (both players move to smaller nimbers,
    # or neither), a number only if it is 0 (an integer n != 0 leaves one player no
    # move, and every other number reaches one); so nothing is listed or followed
    if g._nim is not None:
        return True
    if g._num is not None:
        return g._num == 0
    left, right = g.left, g.right
    if bool(left) != bool(right):
        return False
    return all(_dicotic(o) for o in left) and all(_dicotic(o) for o in right)


def _lopsided(g):
    """A position of ``g`` where only one player can move, or None."""
    if g._nim is not None:
        return None
    if g._num is not None:
        x = g._num
        if x == 0:
            return None
        if x.denominator == 1:
            return g
        # a number that is not an integer reaches the integer beyond it towards 0's far side
        return number(max(floor(x), 1) if x > 0 else min(ceil(x), -1))
    if bool(g.left) != bool(g.right):
        return g
    for o in g.left + g.right:
        if not _dicotic(o):
            return _lopsided(o)
    return None


@_deep
def is_all_small(g) -> bool:
    """Whether every position of ``g`` has moves for both players or for neither.

    >>> from cgteach.games import parse
    >>> [is_all_small(parse(s)) for s in ("0", "*", "↑*", "{0|⇑}", "1", "{1|*}")]
    [True, True, True, True, False, False]
    """
    return _dicotic(_arg(g, "is_all_small"))


def _need_all_small(g, fn: str):
    if not _dicotic(g):
        bad = _lopsided(g)
        who = "Left" if bad.left else "Right"
        where = "g itself" if bad is g else f"its position {_quote(bad)}"
        raise ValueError(
            f"{fn}(g): g = {_quote(g)} is not all-small: in {where} only {who} can move "
            "(atomic weight is defined for all-small games, where in every position "
            "both players can move or neither can)"
        )


# ---------------------------------------------------------------------------
# Atomic weight.

def remote_star(*games) -> Game:
    """A nimber ``*m`` remote for ``games``: ``m`` a power of two beyond twice their birthdays.

    >>> from cgteach.games import parse
    >>> remote_star(parse("↑"), parse("*3"))
    parse('*8')
    """
    day = max([_arg(g, "remote_star", "games").birthday() for g in games] or [0])
    return nimber(1 << (2 * day + 1).bit_length())


def _is_integer(g) -> bool:
    return g._num is not None and g._num.denominator == 1


def _int_above(a) -> int:
    """The least integer x with not (x <= a)."""
    x = floor(a._rs) + 1
    while not _le(number(x), a):
        x -= 1
    return x + 1


def _int_below(b) -> int:
    """The greatest integer x with not (x >= b)."""
    x = ceil(b._ls) - 1
    while not _le(b, number(x)):
        x += 1
    return x - 1


@lru_cache(maxsize=200_000)
def _aw(g) -> tuple:
    """``(aw(g), eccentric?)`` for a canonical all-small game."""
    if g._nim:   # *n, n >= 1 (0 is a nimber too, and not eccentric)
        # aw(*n) = 0 at once: {aw(*k) - 2 | aw(*k) + 2} = {-2 | 2} = 0 is an integer and
        # *n is confused with a remote star, so the eccentric case keeps 0
        return number(0), True
    if not g.left:
        return number(0), False
    two = number(2)
    lefts = [_add(_aw(o)[0], _neg(two)) for o in g.left]
    rights = [_add(_aw(o)[0], two) for o in g.right]
    w = _canonical(lefts, rights)
    if not _is_integer(w):
        return w, False
    star = nimber(1 << (2 * g._bday + 1).bit_length())
    if _le(star, g):  # g > ☆ (g never equals a remote star)
        return number(min(_int_below(b) for b in rights)), True
    if _le(g, star):
        return number(max(_int_above(a) for a in lefts)), True
    return w, True


@_deep
def atomic_weight(g) -> Game:
    """The atomic weight of the all-small game ``g`` (a Game, usually an integer).

    A ``ValueError`` names the position where ``g`` fails to be all-small.

    >>> from cgteach.games import parse
    >>> [str(atomic_weight(parse(s))) for s in ("↑", "↓", "⇑*", "*", "{0|↑}", "{↑|↓}")]
    ['1', '-1', '2', '0', '2', '0']
    >>> atomic_weight(parse("{0|⇑}")), atomic_weight(parse("{⇑|↓}"))
    (parse('3'), parse('1/2'))
    >>> atomic_weight(parse("{1|0}"))
    Traceback (most recent call last):
    ...
    ValueError: atomic_weight(g): g = {1|0} is not all-small: in its position 1 only Left ...
    """
    g = _arg(g, "atomic_weight")
    _need_all_small(g, "atomic_weight")
    return _aw(g)[0]


@_deep
def is_eccentric(g) -> bool:
    """Whether the atomic weight calculus meets its eccentric case at ``g`` itself.

    That is, ``{aw(G^L) - 2 | aw(G^R) + 2}`` is an integer, and the atomic
    weight was settled by comparing ``g`` with a remote star.
    """
    g = _arg(g, "is_eccentric")
    _need_all_small(g, "is_eccentric")
    return _aw(g)[1]


# ---------------------------------------------------------------------------
# Reduced canonical form.

def _inf_le(a, b) -> bool:
    """``a <= b`` modulo infinitesimals: the right stop of ``b - a`` is at least 0."""
    if a is b:
        return True
    # Stops of a sum are bounded by the stops of its parts:
    # RS(b) - LS(a) <= RS(b - a) <= min(RS(b) - RS(a), LS(b) - LS(a)).
    if a._lsf is not None and b._lsf is not None:  # exact floats: quick comparisons
        if b._rsf >= a._lsf:
            return True
        if b._rsf < a._rsf or b._lsf < a._lsf:
            return False
    else:
        if b._rs >= a._ls:
            return True
        if b._rs < a._rs or b._ls < a._ls:
            return False
    return _add(b, _neg(a))._rs >= 0


def _inf_undominated(options, left: bool) -> list:
    keep = []
    for a in options:
        if any(_inf_le(a, b) if left else _inf_le(b, a) for b in keep):
            continue
        keep = [b for b in keep if not (_inf_le(b, a) if left else _inf_le(a, b))]
        keep.append(a)
    return keep


@lru_cache(maxsize=200_000)
def _reduced(g) -> Game:
    if g._num is not None:
        return g
    if (g._lsf == g._rsf) if g._lsf is not None else (g._ls == g._rs):
        return number(g._ls)
    lefts = list(dict.fromkeys(_reduced(o) for o in g.left))
    rights = list(dict.fromkeys(_reduced(o) for o in g.right))
    while True:
        lefts = _inf_undominated(lefts, True)
        rights = _inf_undominated(rights, False)
        h = _canonical(lefts, rights)
        changed = False
        new_l = []
        for a in lefts:
            back = next((x for x in a.right if _inf_le(x, h)), None)
            if back is None:
                new_l.append(a)
            else:
                new_l.extend(back.left)
                changed = True
        new_r = []
        for b in rights:
            back = next((x for x in b.left if _inf_le(h, x)), None)
            if back is None:
                new_r.append(b)
            else:
                new_r.extend(back.right)
                changed = True
        if not changed:
            return h
        lefts = list(dict.fromkeys(new_l))
        rights = list(dict.fromkeys(new_r))


@_deep
def reduced(g) -> Game:
    """The reduced canonical form of ``g``: the simplest game infinitesimally close to it.

    >>> from cgteach.games import parse
    >>> [str(reduced(parse(s))) for s in ("↑*", "3/2↓", "{2|↑}", "±1", "{1*|-1}")]
    ['0', '3/2', '{2|0}', '±1', '±1']
    """
    return _reduced(_arg(g, "reduced"))


# ---------------------------------------------------------------------------
# Heating and overheating.

@lru_cache(maxsize=200_000)
def _heat(g, t) -> Game:
    if g._num is not None:
        return g
    if g._nim is not None:
        if t._num is not None:
            return _heated_nimber(g._nim, t)
        _refuse_nimber_by_game(g._nim, t)
    mt = _neg(t)
    return _canonical([_add(t, _heat(o, t)) for o in g.left],
                      [_add(mt, _heat(o, t)) for o in g.right])


# Algorithm notes (heating a nimber by a number t).  By the definition,
# H_0 = 0 and H_n = ∫^t *n = {t + H_k | -t + H_k : k < n}, and by number
# translation x + H_k = {x + t + H_j | x - t + H_j : j < k} for k >= 1.  So every
# game met is T(m, k) = m·t + H_k, with T(m, 0) the number m·t and
# T(m, k) = {T(m + 1, j) | T(m - 1, j) : j < k}.  For t > 0 each of these forms is
# already canonical: cooling by t is order-preserving and turns T(m, k) into
# m·t + *k, whose options x + *j neither dominate each other nor reverse, and the
# numbers among the options lie outside the stops, m·t ± t (the tests compare it
# with the general heating for n <= 24 and seven values of t).  So H_n is built
# with no comparison at all, in about n³/3 steps; its non-number part is born at
# least n days after 0 (H_n -> T(1, n-1) -> T(0, n-2) -> ... is a chain of n moves
# through games that are not numbers), so an n past MAX_BIRTHDAY is refused before
# anything is built.  For t = 0, H_n = *n; for t < 0 every H_n is {t | -t} = 0.
_HEATED: dict = {}   # (t, m, k) -> T(m, k); only finished games are stored

#: Seconds for heating *n by a game that is not a number, over n**4 (measured).
_HEAT_GAME_SECONDS = 9e-7
#: Seconds per step of heating a nimber (n³/3 steps for *n), measured on the 2-core machine.
_HEAT_STEP_SECONDS = 2e-6


def _heated_nimber(n: int, t, fn: str = "heat(g, t)") -> Game:
    from cgteach._budget import refuse_if_over

    x = t._num
    if x == 0:
        return nimber(n)
    if x < 0:
        return number(0)
    if n > MAX_BIRTHDAY:
        raise ValueError(
            f"{fn}: g = *{_show(n)} heated by {_quote(t)} is a game whose part that is "
            f"not a number is born after day {_show(n)}; the engine handles games born by "
            f"day {MAX_BIRTHDAY} (cgteach.games.MAX_BIRTHDAY)")
    found = _HEATED.get((t, 0, n))
    if found is not None:
        return found
    refuse_if_over(_HEAT_STEP_SECONDS * n**3 / 3, f"heating *{n} by {_quote(t)}")
    for k in range(n + 1):
        for m in range(k - n, n - k + 1):
            if (t, m, k) in _HEATED:
                continue
            if k == 0:
                g = number(m * x)
            else:
                lefts = [_HEATED[t, m + 1, j] for j in range(k)]
                rights = [_HEATED[t, m - 1, j] for j in range(k)]
                try:
                    g = _intern(lefts, rights)
                except ValueError:
                    raise ValueError(
                        f"{fn}: g = *{n} heated by {_quote(t)} would be born after day "
                        f"{MAX_BIRTHDAY}, the last the engine handles "
                        "(cgteach.games.MAX_BIRTHDAY)") from None
            _HEATED[t, m, k] = g
    return _HEATED[t, 0, n]


#: Deepest game (its part that is not a number, see cgteach.games.MAX_BIRTHDAY) that
#: :func:`heat` and :func:`overheat` heat by a game that is *not* a number.  Heating by
#: a number translates options at once; heating by a game such as ``↑`` adds it at every
#: level, and the work grows as the cube of the depth: the deepest tower {0|{0|...*}}
#: allowed (79 braces) heated by ``↑`` takes about 0.8 s on the 2-core machine, a
#: 99-deep one 1.7 s, a 300-deep one about a minute (and its heated form is too deep
#: for the engine anyway).
MAX_HEAT_DEPTH = 80


def _check_heat_depth(g, fn: str, by) -> None:
    """Refuse at once to heat a deep ``g`` by games ``by`` that are not all numbers."""
    hot = [x for x in by if x._num is None]
    if hot and g._num is None and g._depth > MAX_HEAT_DEPTH:
        raise ValueError(
            f"{fn}: g = {_quote(g)} has a chain of {g._depth} moves through games that are "
            f"not numbers; heating by a game that is not a number ({_quote(hot[0])}) is "
            f"limited to chains of {MAX_HEAT_DEPTH} moves (cgteach.games.cold.MAX_HEAT_DEPTH), "
            "so that it answers in seconds; heating by a number has no such limit")
    for x in hot:
        if x._depth > MAX_HEAT_DEPTH:
            raise ValueError(
                f"{fn}: heating by {_quote(x)}, a game with a chain of {_show(x._depth)} moves "
                f"through games that are not numbers, is limited to chains of {MAX_HEAT_DEPTH} "
                "moves (cgteach.games.cold.MAX_HEAT_DEPTH), so that it answers in seconds")


@_deep
def heat(g, t) -> Game:
    """``g`` heated by ``t`` (Norton's ``∫^t g``): every move earns ``t`` more.

    ``t`` is usually a number; any game is accepted (for example ``1*``).

    >>> from cgteach.games import parse
    >>> heat(parse("*"), 2), heat(parse("{1|*}"), 1), heat(parse("3/4"), 5)
    (parse('±2'), parse('{2|{0|-2}}'), parse('3/4'))
    """
    g, t = _arg(g, "heat"), _arg(t, "heat", "t")
    _check_heat_depth(g, "heat(g, t)", (t,))
    return _heat(g, t)


def _refuse_nimber_by_game(n: int, t) -> None:
    from cgteach._budget import refuse_if_over

    # by a game: the definition, whose work grows as n**4 (measured: *32 by ↑, 0.6 s)
    refuse_if_over(_HEAT_GAME_SECONDS * n**4, f"heating *{n} by {_quote(t)}")


@lru_cache(maxsize=200_000)
def _overheat(g, s, t) -> Game:
    x = g._num
    if g._nim:
        # integers become multiples of s, and the only integer below *n is 0 = 0·s: so
        # overheating *n is heating it (the same recursion from the same start)
        if t._num is not None:
            return _heated_nimber(g._nim, t, "overheat(g, s, t)")
        _refuse_nimber_by_game(g._nim, t)
    if x is not None and x.denominator != 1 and g._bday > MAX_BIRTHDAY:
        raise ValueError(
            f"overheat(g, s, t): g holds the number {_quote(g)}, born on day {_show(g._bday)}; "
            "overheating follows a number that is not an integer through its options, one "
            f"day at a time, and the engine follows at most {MAX_BIRTHDAY} days "
            "(cgteach.games.MAX_BIRTHDAY)")
    if x is not None and x.denominator == 1:
        n = x.numerator
        acc = number(0)
        unit = s if n >= 0 else _neg(s)
        for _ in range(abs(n)):
            acc = _add(acc, unit)
        return acc
    mt = _neg(t)
    return _canonical([_add(t, _overheat(o, s, t)) for o in g.left],
                      [_add(mt, _overheat(o, s, t)) for o in g.right])


#: Largest integer (in size) :func:`overheat` turns into copies of ``s``.
MAX_OVERHEAT_INTEGER = 10_000


@_deep
def overheat(g, s, t) -> Game:
    """``g`` overheated from ``s`` to ``t`` (``∫_s^t g``): integers ``n`` become ``n·s``.

    >>> from cgteach.games import parse
    >>> overheat(parse("1"), parse("↑"), 1), overheat(parse("*"), 1, 1)
    (parse('↑'), parse('±1'))
    >>> overheat(parse("1/2"), 1, 1)
    parse('{1|0}')
    """
    g = _arg(g, "overheat")
    s = _arg(s, "overheat", "s")
    t = _arg(t, "overheat", "t")
    _check_heat_depth(g, "overheat(g, s, t)", (s, t))
    big = _largest_integer(g)
    if big > MAX_OVERHEAT_INTEGER:
        raise ValueError(f"overheat(g, s, t): g holds the integer {_show(big)}, more than "
                         f"{MAX_OVERHEAT_INTEGER} copies of s (cgteach.games.cold."
                         "MAX_OVERHEAT_INTEGER)")
    return _overheat(g, s, t)


@lru_cache(maxsize=200_000)
def _largest_integer(g) -> int:
    x = g._num
    if x is not None:   # a number reaches the integers up to the one beyond it, and no more
        return max(abs(floor(x)), abs(ceil(x)))
    if g._nim is not None:   # *n reaches only the integer 0
        return 0
    return max([_largest_integer(o) for o in g.left + g.right] or [0])

