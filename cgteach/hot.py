"""Hot games in a classroom: random games and boards, and the hottest component.

Lesson 09 uses these helpers so that each of its cells stays one idea:

- :func:`random_game` — a random game born by day 2, 3 or 4 (seeded);
- :func:`random_region` — a random Domineering region (free cells joined up);
- :func:`hottest` — which components of a sum are the hottest;
- :func:`hottest_moves` — a player's moves in the hottest components of a sum
  of Domineering boards, best first (what "play in the hottest component"
  suggests), and :func:`best_move`, a winning move found from the values.

>>> import random
>>> from cgteach.games import parse
>>> hottest([parse("{3|-1}"), parse("{1|0}"), parse("*")])
[0]
>>> g = random_game(random.Random(1), day=3)
>>> g.birthday() <= 3
True
>>> random_region(random.Random(4), 5).free_cells().__len__()
5
"""

from __future__ import annotations

import random as _random
from functools import cache
from itertools import combinations

from cgteach._validate import show as _show

__all__ = ["random_game", "random_region", "hottest", "hottest_moves", "best_move", "side_by_side"]


def _rng(rng):
    if rng is None or isinstance(rng, int) and not isinstance(rng, bool):
        return _random.Random(rng)
    if isinstance(rng, _random.Random):
        return rng
    raise TypeError(f"rng must be a random.Random, a seed or None, got {_show(rng)}")


@cache
def _born_by_day_2() -> tuple:
    from cgteach.games import ZERO, game

    day1 = [ZERO, game([0], [0]), game([0], []), game([], [0])]
    return tuple(sorted(
        {game(list(a), list(b)) for k in range(3) for a in combinations(day1, k)
         for j in range(3) for b in combinations(day1, j)}, key=str))


def random_game(rng=None, day: int = 3):
    """A random canonical game born by ``day`` (2, 3 or 4), from ``rng`` (seed or Random).

    Day 2 picks one of the 22 games born by day 2; day 3 picks up to three
    options a side among them; day 4 picks options among six day-3 games.

    >>> import random
    >>> str(random_game(random.Random(0), day=2))
    '{0,*|-1}'
    """
    from cgteach.games import game

    if isinstance(day, bool) or not isinstance(day, int):
        raise TypeError(f"day must be a whole number, got {_show(day)}")
    if day not in (2, 3, 4):
        raise ValueError(f"day must be 2, 3 or 4, got {day}")
    rng = _rng(rng)
    pool = _born_by_day_2()
    if day == 2:
        return rng.choice(pool)
    if day == 3:
        return game(rng.sample(pool, rng.randint(0, 3)), rng.sample(pool, rng.randint(0, 3)))
    six = [random_game(rng, 3) for _ in range(6)]
    return game(rng.sample(six, rng.randint(1, 3)), rng.sample(six, rng.randint(1, 3)))


def random_region(rng=None, cells: int = 5, width: int = 4):
    """A random Domineering region of ``cells`` free cells joined up, at most ``width`` wide.

    Grown from one cell by adding a random free neighbour at a time, then
    cropped to its own board.

    >>> import random
    >>> print(random_region(random.Random(2), 4))
    #.
    ..
    .#
    """
    from cgteach.rulesets.domineering import MAX_CELLS, Domineering

    for name, v in (("cells", cells), ("width", width)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be a whole number, got {_show(v)}")
    if not 1 <= cells <= MAX_CELLS:
        raise ValueError(f"cells must be between 1 and {MAX_CELLS}, got {cells}")
    if not 1 <= width <= MAX_CELLS:
        raise ValueError(f"width must be between 1 and {MAX_CELLS}, got {width}")
    rng = _rng(rng)
    grown = {(0, 0)}
    while len(grown) < cells:
        r, c = rng.choice(sorted(grown))
        nb = rng.choice(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
        cols = {x for _, x in grown | {nb}}
        if max(cols) - min(cols) < width:
            grown.add(nb)
    r0, c0 = min(r for r, _ in grown), min(c for _, c in grown)
    h = max(r for r, _ in grown) - r0 + 1
    w = max(c for _, c in grown) - c0 + 1
    rows = [["#"] * w for _ in range(h)]
    for r, c in grown:
        rows[r - r0][c - c0] = "."
    return Domineering(["".join(row) for row in rows])


def _parts(parts, what="parts") -> list:
    """``parts`` as a list, or a clear TypeError (a sum is a list of games or positions)."""
    if isinstance(parts, (str, bytes)) or not hasattr(parts, "__iter__"):
        raise TypeError(
            f"{what} must be a list of games or positions (Domineering boards, Toads and "
            f"Frogs rows), got {_show(parts)}")
    if isinstance(parts, (set, frozenset, dict, bytearray)):
        # no order: the answers are indices into the sum, so they would mean nothing
        raise TypeError(
            f"{what} must be a list of games or positions, in order (the answer gives "
            f"their indices), got a {type(parts).__name__}: {_show(parts)}")
    out = []
    for i, p in enumerate(parts):
        if i >= 1000:
            raise ValueError(f"{what}: at most 1000 components")
        out.append(p)
    return out


def _value(part):
    from cgteach.games import Game

    if isinstance(part, Game):
        return part
    value = getattr(part, "value", None)
    if value is None:
        raise TypeError(f"expected a game or a position with .value(), got {_show(part)}")
    return value()


def _side(left) -> bool:
    """``left`` as a bool: ``True`` (Left moves) or ``False`` (Right moves), nothing else."""
    if not isinstance(left, bool):
        raise TypeError(
            "left must be True (Left, blue, moves) or False (Right, red, moves), "
            f"got {_show(left)}")
    return left


def _options(part, left: bool) -> list:
    """The mover's options in ``part``: a game's own options, or a position's moves."""
    from cgteach.games import Game

    if isinstance(part, Game):
        return list(part.left if left else part.right)
    method = getattr(part, "left_options" if left else "right_options", None)
    if not callable(method):
        raise TypeError(f"expected a game or a position with .left_options() and "
                        f".right_options(), got {_show(part)}")
    return method()


def hottest(parts) -> list:
    """The indices of the hottest components (largest temperature) of a sum.

    ``parts`` are games or positions with a ``.value()`` (Domineering boards,
    Toads and Frogs rows).

    >>> from cgteach.rulesets.domineering import Domineering
    >>> hottest([Domineering([".."]), Domineering(["..", ".."]), Domineering(["...", "..."])])
    [2]
    """
    from cgteach.games.temperature import temperature

    temps = [temperature(_value(p)) for p in _parts(parts)]
    if not temps:
        raise ValueError("a sum needs at least one component")
    top = max(temps)
    return [i for i, t in enumerate(temps) if t == top]


def hottest_moves(parts, left: bool = True) -> list:
    """``(component, option)`` pairs: the player's moves in the hottest components.

    Within a component the moves are listed best first: the option whose
    value is best for the mover (by mean, then by stop), ties in board order.
    ``parts`` are games or positions (a game's options are its own);
    ``left`` is ``True`` (Left moves) or ``False`` (Right moves), nothing else.

    >>> from cgteach.rulesets.domineering import Domineering
    >>> [i for i, _ in hottest_moves([Domineering([".."]), Domineering(["..", ".."])])]
    [1, 1]
    """
    from cgteach.games.temperature import mean

    left = _side(left)
    parts = _parts(parts)
    out = []
    sign = 1 if left else -1
    for i in hottest(parts):
        opts = _options(parts[i], left)

        def key(o):
            v = _value(o)
            stop = v.right_stop() if left else v.left_stop()
            return (-sign * mean(v), -sign * stop)

        out.extend((i, o) for o in sorted(opts, key=key))
    return out


def best_move(parts, left: bool = True):
    """A winning ``(component, option)`` for the player to move, or ``None`` if none wins.

    Decided from the package's values (a move wins when the sum left behind
    is won by the mover moving second).  ``parts`` and ``left`` as for
    :func:`hottest_moves`.

    >>> from cgteach.games import parse
    >>> best_move([parse("{3|-1}"), parse("{1|0}")])
    (0, parse('3'))

    >>> from cgteach.rulesets.domineering import Domineering
    >>> best_move([Domineering(["."])]) is None
    True
    >>> best_move([Domineering(["..", ".."])])[0]
    0
    """
    from cgteach.games import total

    left = _side(left)
    parts = _parts(parts)
    values = [_value(p) for p in parts]
    for i, p in enumerate(parts):
        rest = total(values[:i] + values[i + 1:])
        for o in _options(p, left):
            after = (rest + _value(o)).outcome()
            if after in (("L", "P") if left else ("R", "P")):
                return i, o
    return None


def side_by_side(boards):
    """One Domineering board holding ``boards`` side by side, a taken column between them.

    Its regions are the boards' regions, so its value is the sum of theirs.

    >>> from cgteach.rulesets.domineering import Domineering
    >>> print(side_by_side([Domineering(["..", ".."]), Domineering(["..."])]))
    ..#...
    ..####
    """
    from cgteach.rulesets.domineering import Domineering

    boards = [b if isinstance(b, Domineering) else Domineering(b)
              for b in _parts(boards, "boards")]
    if not boards:
        raise ValueError("side_by_side() needs at least one board")
    height = max(b.shape[0] for b in boards)
    rows = []
    for r in range(height):
        pieces = [b.rows[r] if r < b.shape[0] else "#" * b.shape[1] for b in boards]
        rows.append("#".join(pieces))
    return Domineering(rows)
