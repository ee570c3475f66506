"""All-small games in a classroom: every all-small game of a day, Clobber boards, the calculus.

Lesson 10 uses these helpers so that each of its cells stays one idea, and
so that its larger demonstrations are computed once (cached) in the package:

- :func:`all_small_games` — every all-small game born by day 0, 1, 2 or 3,
  in canonical form (built from the definition: options on both sides, or
  none, each all-small and born earlier);
- :func:`random_all_small` — a random all-small game born by day 3 or 4
  (seeded);
- :func:`clobber_boards` — every Clobber board of one or two rows and at most
  ``squares`` squares, each square ``x``, ``o`` or ``.``;
- :func:`weight_steps` — the atomic weight calculus on a game, one
  :class:`WeightStep` per position of its canonical game tree, children
  first: the options' weights, ``{aw(G^L) - 2 | aw(G^R) + 2}``, and, in the
  eccentric case, the comparison with a remote star that decided.

>>> [str(g) for g in all_small_games(2)]
['0', '*', '↑', '↓', '*2', '↑*', '↓*']
>>> len(all_small_games(3))
67
>>> [(str(s.game), str(s.weight), s.eccentric) for s in weight_steps("{⇑|↓}")][-1]
('{⇑|↓}', '1/2', False)
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from cgteach._validate import show as _show

__all__ = ["all_small_games", "random_all_small", "clobber_boards", "weight_steps",
           "WeightStep", "MAX_BOARD_SQUARES"]

#: Largest number of squares :func:`clobber_boards` lists boards of (3^8 boards of 8 squares).
MAX_BOARD_SQUARES = 8


def _antichains(pool) -> list:
    """Every nonempty set of games from ``pool`` of which no two compare (``a <= b``)."""
    out = []
    for k in range(1, len(pool) + 1):
        for c in combinations(pool, k):
            if all(not (a <= b or b <= a) for a, b in combinations(c, 2)):
                out.append(list(c))
    return out


@cache
def _all_small(day: int) -> tuple:
    from cgteach.games import ZERO, game

    if day == 0:
        return (ZERO,)
    earlier = _all_small(day - 1)
    found = {ZERO}
    # Both players need a move (or neither): nonempty option sets on both sides.
    # A set of options and its undominated part give the same game (a dominated
    # option can be dropped), so only sets of pairwise incomparable games are
    # tried: every all-small game born by this day is still found.
    sets = _antichains(earlier)
    for left in sets:
        for right in sets:
            found.add(game(left, right))
    return tuple(sorted(found, key=lambda g: (g.birthday(), len(str(g)), str(g))))


def all_small_games(day: int) -> tuple:
    """Every all-small game born by ``day`` (0 to 3), canonical, simplest first.

    >>> [len(all_small_games(d)) for d in range(4)]
    [1, 2, 7, 67]
    """
    if isinstance(day, bool) or not isinstance(day, int):
        raise TypeError(f"day must be a whole number, got {_show(day)}")
    if not 0 <= day <= 3:
        raise ValueError(f"day must be 0, 1, 2 or 3 (day 4 has far too many all-small games "
                         f"to list), got {_show(day)}")
    return _all_small(day)


def _rng(rng):
    if rng is None or isinstance(rng, int) and not isinstance(rng, bool):
        return _random.Random(rng)
    if isinstance(rng, _random.Random):
        return rng
    raise TypeError(f"rng must be a random.Random, a seed or None, got {_show(rng)}")


def random_all_small(rng=None, day: int = 3):
    """A random all-small game born by ``day`` (3 or 4), from ``rng`` (a seed or a Random).

    Day 3 picks one to three options a side among the all-small games born by
    day 2; day 4 picks one to three a side among six random day-3 ones.

    >>> g = random_all_small(1, day=4)
    >>> g.is_all_small(), g.birthday() <= 4
    (True, True)
    """
    from cgteach.games import game

    if isinstance(day, bool) or not isinstance(day, int):
        raise TypeError(f"day must be a whole number, got {_show(day)}")
    if day not in (3, 4):
        raise ValueError(f"day must be 3 or 4, got {_show(day)}")
    rng = _rng(rng)
    pool = list(_all_small(2)) if day == 3 else [random_all_small(rng, 3) for _ in range(6)]
    return game(rng.sample(pool, rng.randint(1, 3)), rng.sample(pool, rng.randint(1, 3)))


@cache
def _boards(squares: int) -> tuple:
    from cgteach.rulesets.clobber import Clobber

    out = []
    for rows in (1, 2):
        for width in range(1, squares // rows + 1):
            for cells in product("xo.", repeat=rows * width):
                text = "".join(cells)
                out.append(Clobber([text[r * width:(r + 1) * width] for r in range(rows)]))
    return tuple(out)


def clobber_boards(squares: int) -> tuple:
    """Every Clobber board of 1 or 2 rows and at most ``squares`` squares (``x``, ``o``, ``.``).

    >>> len(clobber_boards(2)), clobber_boards(2)[3]
    (21, Clobber(['xx']))
    """
    if isinstance(squares, bool) or not isinstance(squares, int):
        raise TypeError(f"squares must be a whole number, got {_show(squares)}")
    if not 1 <= squares <= MAX_BOARD_SQUARES:
        raise ValueError(f"squares must be 1 to {MAX_BOARD_SQUARES} (3 ** squares boards of each "
                         f"shape), got {_show(squares)}")
    return _boards(squares)


@dataclass(frozen=True)
class WeightStep:
    """One position of the calculus: ``game``, its options' weights, and what they give.

    ``lefts``/``rights`` are ``aw(G^L)``/``aw(G^R)``; ``calculus`` is
    ``{aw(G^L) - 2 | aw(G^R) + 2}``; ``eccentric`` says whether that was an
    integer, so that the remote star ``star`` decided: ``compared`` is
    ``">"``, ``"<"`` or ``"<>"`` (confused); ``weight`` is ``aw(game)``.
    """

    game: object
    lefts: tuple
    rights: tuple
    calculus: object
    eccentric: bool
    star: object
    compared: str
    weight: object

    def __str__(self) -> str:
        if not self.lefts and not self.rights:
            return "aw(0) = 0"
        text = (f"aw({self.game}): {{{', '.join(f'{w} - 2' for w in self.lefts)} | "
                f"{', '.join(f'{w} + 2' for w in self.rights)}}} = {self.calculus}")
        if not self.eccentric:
            return f"{text}, not an integer, so aw = {self.weight}"
        return (f"{text}, an integer: eccentric; G {self.compared} {self.star}, "
                f"so aw = {self.weight}")


def weight_steps(g) -> list:
    """The atomic weight calculus on the all-small game ``g``, children before parents.

    One :class:`WeightStep` per distinct position of the canonical game tree.

    >>> for s in weight_steps("↑"):
    ...     print(s)
    aw(0) = 0
    aw(*): {0 - 2 | 0 + 2} = 0, an integer: eccentric; G <> *4, so aw = 0
    aw(↑): {0 - 2 | 0 + 2} = 0, an integer: eccentric; G > *8, so aw = 1
    """
    from cgteach.games import game, parse
    from cgteach.games.cold import atomic_weight, is_all_small, is_eccentric, remote_star

    if isinstance(g, str):
        g = parse(g)
    if not is_all_small(g):
        atomic_weight(g)     # raises the ValueError that names the position
    g = g._core
    seen, order = set(), []

    def visit(h):            # canonical trees of all-small games are shallow: birthday <= 64
        if h in seen:
            return
        seen.add(h)
        for o in h.left + h.right:
            visit(o)
        order.append(h)

    visit(g)
    steps = []
    for h in order:
        lefts = tuple(atomic_weight(o) for o in h.left)
        rights = tuple(atomic_weight(o) for o in h.right)
        if not h.left:
            steps.append(WeightStep(h, (), (), h, False, None, "", h))
            continue
        calculus = game([w - 2 for w in lefts], [w + 2 for w in rights])
        star = remote_star(h)
        compared = ">" if h > star else "<" if h < star else "<>"
        steps.append(WeightStep(h, lefts, rights, calculus, is_eccentric(h), star, compared,
                                atomic_weight(h)))
    return steps
