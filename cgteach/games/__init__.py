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
  ``g.simplification_steps()``; on the cold side ``g.is_all_small()``,
  ``g.atomic_weight()``, ``g.reduced()``, ``g.heat(t)``,
  ``g.overheat(s, t)`` (also as functions: :func:`is_all_small`, ...);
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
side of :func:`game` and number texts beyond :data:`MAX_NUMBER_BITS` bits
(``number("1e100000000")`` is refused before anything is computed).
Numbers themselves are stored as exact fractions, so ``number(10**9)`` is
cheap.  ``parse(repr(g)) == g`` for every game whose name is at most
:data:`MAX_TEXT` characters and whose numbers have at most
:data:`MAX_NUMBER_BITS` bits; :data:`MAX_NESTING` is :data:`MAX_BIRTHDAY`,
as deep as any game is written.

The modules stand on floors; each imports only those below it
(tests/test_floors.py checks it):

0. ``_forms`` -- the :class:`Game` value, interning, :func:`number`,
   :func:`nimber` and the usual values;
1. ``_order`` -- order, canonical forms, arithmetic, ordinal sums;
2. ``_text`` -- names, :func:`parse`, reading any value as a game
   (:func:`game`, :func:`total`, :func:`ordinal_sum`);
3. ``_steps`` -- simplification steps (:func:`form`, :class:`Step`);
4. ``temperature`` -- thermographs, temperature, mean, cooling;
5. ``cold`` -- the cold side: all-small games, atomic weight, reduced
   canonical form, heating and overheating (``g.is_all_small()``,
   ``g.atomic_weight()``, ``g.reduced()``, ``g.heat(t)``,
   ``g.overheat(s, t)``).

The methods of :class:`Game` that need a higher floor (``g + h``,
``str(g)``, ``g.temperature()``, ...) reach it through the table
``_forms._ABOVE``, filled in below; no module imports upwards.
"""


from __future__ import annotations

from cgteach.games import _order, _steps, _text, cold, temperature
from cgteach.games._forms import (  # noqa: F401
    _ABOVE,
    DOWN,
    MAX_BIRTHDAY,
    MAX_NESTING,
    MAX_NIMBER,
    MAX_NIMBER_OPTIONS,
    MAX_NUMBER_BITS,
    MAX_OPTIONS,
    MAX_TERMS,
    MAX_TEXT,
    STAR,
    UP,
    ZERO,
    Form,
    Game,
    _as_number,
    _deep,
    nimber,
    number,
)
from cgteach.games._order import (  # noqa: F401
    _WORK,
    OutOfWork,
    _add,
    _canonical,
    _le,
    _neg,
    work_budget,
)
from cgteach.games._steps import (  # noqa: F401
    MAX_STEP_OPTIONS,
    Step,
    form,
    simplification_steps,
)
from cgteach.games._text import (  # noqa: F401
    MAX_UPS,
    _coerce,
    from_options,
    game,
    ordinal_sum,
    parse,
    total,
)
from cgteach.games.cold import (
    atomic_weight,
    heat,
    is_all_small,
    is_eccentric,
    overheat,
    reduced,
    remote_star,
)

# The methods of Game and Form that need a floor above theirs reach it
# through this table (see _forms._ABOVE), so no floor imports upwards.
_ABOVE.update({
    # floor 1: order, canonical forms, arithmetic
    "le": _order._le,
    "add": _order._add,
    "neg": _order._neg,
    "canonical": _order._canonical,
    # floor 2: reading and writing
    "coerce": _text._coerce,
    "name": _text._name,
    "game": _text.game,
    # floor 3: simplification steps
    "record": _steps._record,
    # floor 4: temperature theory
    "mean": temperature.mean,
    "temperature": temperature.temperature,
    "cool": temperature.cool,
    "thermograph": temperature.thermograph,
    # floor 5: the cold side (all-small games, atomic weight, reduced
    # canonical form, heating)
    "cold.is_all_small": cold.is_all_small,
    "cold.atomic_weight": cold.atomic_weight,
    "cold.reduced": cold.reduced,
    "cold.heat": cold.heat,
    "cold.overheat": cold.overheat,
})

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
    "is_all_small",
    "atomic_weight",
    "is_eccentric",
    "reduced",
    "heat",
    "overheat",
    "remote_star",
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
    "MAX_NUMBER_BITS",
]


# The public classes say they live here (reprs, tracebacks and pickles name
# cgteach.games.Game, not the module inside the package that defines it).
for _cls in [v for v in list(globals().values()) if isinstance(v, type)]:
    if _cls.__module__.startswith(__name__ + '._'):
        _cls.__module__ = __name__
del _cls
