"""Checkers for the exercises of lesson 06 (blue-red Hackenbush).

Every right answer is computed when it is asked for, from the package's
blue-red engine (:mod:`cgteach.hackenbush.bluered`, tested against a
game-tree search) and its numbers (:mod:`cgteach.numbers`).  A *stalk* is a
list of colours from the ground up, such as ``["blue", "red"]``; a *value*
may be given as an ``int`` (numpy integers too), a ``Fraction``, a ``float``
that holds it exactly, or a string such as ``"13/8"`` — the rule of
:func:`cgteach.exercises.exact_number`, the same for every checker.
Edges are numbered from 0, in the order they are listed, as the lesson's
figures draw them.

>>> from cgteach.exercises import check
>>> print(check("06.2", ["red"]))
✗ Not yet. The stalk red is worth -1, not -5/8.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from cgteach._validate import show as _show
from cgteach.exercises import (
    Refusal,
    exact_number,
    exercise,
    missing_verdict,
    read_items,
    read_text,
    require_function,
    right,
    whole_number,
    wrong,
)
from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.bluered import stalk, value, winner, winning_moves
from cgteach.numbers import birthday, dyadics_born_by, simplest_between, stalk_for, stalk_value

__all__: list[str] = []   # nothing to import: the checkers register themselves

_COLOURS = ("blue", "red")


def _number(x, what: str = "the value") -> Fraction:
    """Read a value the way a student may write it: 3, Fraction(3, 4), 0.75, "3/4".

    The one rule of every checker for numbers (:func:`exact_number`).
    """
    return exact_number(x, what)


def _colours(answer) -> list[str]:
    colours = []
    for c in read_items(answer, "a stalk (a list of colours such as ['blue', 'red'])", 64):
        if type(c) is not str or c not in _COLOURS:
            raise Refusal(f"The colours of a stalk are 'blue' and 'red', not {_show(c)}.")
        colours.append(c)
    return colours


def _stalk_words(x: Fraction) -> str:
    return ", ".join(stalk_for(x)) if x else "the empty stalk"


# 06.1 -------------------------------------------------------------------------------
_STALK_1 = ["blue", "blue", "red", "blue", "red"]


@exercise("06.1", "the value of the stalk blue, blue, red, blue, red (a number such as 3/4)",
          solution=lambda: stalk_value(_STALK_1),
          wrong=[1, Fraction(3, 2), "7/4"])
def _(answer):
    mine, true = _number(answer), stalk_value(_STALK_1)
    if mine == true:
        return right(f"{true}: two blue edges count 2, then -1/2, +1/4, -1/8.")
    if mine == _STALK_1.count("blue") - _STALK_1.count("red"):
        return wrong(f"{mine} is blue edges minus red edges; above the first change of colour "
                     "each edge counts half as much as the one below it.")
    if mine.denominator & (mine.denominator - 1) == 0 and birthday(mine) <= 12:
        return wrong(f"The stalk worth {mine} is {_stalk_words(mine)}, not "
                     f"{', '.join(_STALK_1)}.")
    if mine.denominator & (mine.denominator - 1) == 0:
        return wrong(f"A stalk of five edges is born by day 5, and {_show(mine)} is born much "
                     "later.")
    return wrong(f"{_show(mine)} is not even dyadic; every Hackenbush position is worth a "
                 "dyadic number.")


# 06.2 -------------------------------------------------------------------------------
_TARGET_2 = Fraction(-5, 8)


@exercise("06.2", "a stalk worth -5/8, as a list of colours from the ground up",
          solution=lambda: stalk_for(_TARGET_2),
          wrong=[["blue", "red", "blue", "red"], ["red", "blue", "red"], []])
def _(answer):
    colours = _colours(answer)
    worth = stalk_value(colours)
    if worth == _TARGET_2:
        return right(f"That stalk is worth {worth}; it was born on day {birthday(worth)}, "
                     "one edge per day.")
    return wrong(f"The stalk {', '.join(colours) or '(empty)'} is worth {worth}, not "
                 f"{_TARGET_2}." + (" Swap every colour: a negative number starts with red."
                                    if worth == -_TARGET_2 else ""))


# 06.3 -------------------------------------------------------------------------------
def _y() -> Hackenbush:
    return Hackenbush([(0, 1, "blue"), (1, 2, "red"), (1, 3, "red")])


def _solution_3():
    game = _y() + _y() + stalk(["red", "blue"])
    return value(_y()), winner(game, "blue"), winner(game, "red")


@exercise("06.3", "a tuple (value of the Y, winner when Blue starts, winner when Red starts)",
          solution=_solution_3,
          wrong=[(Fraction(1, 2), "blue", "blue"), (Fraction(-1), "red", "red"),
                 (Fraction(1, 4), "blue", "red")])
def _(answer):
    items = read_items(answer, "the answer (a tuple of a value and two winners)", 3) \
        if type(answer) in (tuple, list) else None
    if items is None or len(items) != 3:
        raise Refusal("The answer should be a tuple (value of the Y, winner when Blue starts, "
                      "winner when Red starts), such as (Fraction(1, 2), 'blue', 'blue').")
    mine_value = _number(items[0], "the value of the Y")
    winners = []
    for who, mine in zip(("Blue", "Red"), items[1:], strict=True):
        text = read_text(mine, f"the winner when {who} starts", 20).strip().lower()
        if text not in _COLOURS:
            raise Refusal(f"A winner is 'blue' or 'red', not {_show(mine)}.")
        winners.append(text)
    true_value, true_blue, true_red = _solution_3()
    if mine_value != true_value:
        return wrong(f"The Y is not worth {_show(mine_value)}: Blue's only cut leaves 0, each of "
                     "Red's leaves one blue edge carrying one red edge (1/2); the simplest "
                     "number between 0 and 1/2 decides.")
    for who, mine, true in (("Blue", winners[0], true_blue), ("Red", winners[1], true_red)):
        if mine != true:
            return wrong(f"Your winner when {who} starts is not the one a search of every "
                         "line of play finds. Add the values of the three parts and read "
                         "who wins from the sign of the sum.")
    return right("The Y is worth 1/4, and the sum is worth 0: whoever starts loses.")


# 06.4 -------------------------------------------------------------------------------
def _simplest(lo, hi):
    # Walk down the birthday tree from 1/2, as the exercise describes.
    x, below, above = Fraction(1, 2), Fraction(0), Fraction(1)
    while not lo < x < hi:
        if x <= lo:
            below, x = x, (x + above) / 2
        else:
            above, x = x, (x + below) / 2
    return x


def _grid_4() -> list[Fraction]:
    return [x for x in dyadics_born_by(5) if 0 <= x <= 1]


@exercise("06.4", "a function simplest(lo, hi) for 0 <= lo < hi <= 1",
          solution=lambda: _simplest, function="simplest",
          wrong=[lambda lo, hi: (lo + hi) / 2, lambda lo, hi: hi / 2 + lo / 2 + Fraction(1, 64)])
def _(answer):
    f = require_function(answer, "simplest(lo, hi) (answer = simplest)")
    grid = _grid_4()
    for lo in grid:
        for hi in grid:
            if not lo < hi:
                continue
            true = simplest_between(lo, hi)
            shown = f"{f.name}({lo}, {hi})"
            mine = _number(f(lo, hi, shown=shown), shown)
            if mine != true:
                return wrong(f"{shown} should be {true} (born on day {birthday(true)}), but "
                             f"your function gives {_show(mine)}.")
    return right(f"It agrees with simplest_between on all pairs from the {len(grid)} numbers "
                 "born by day 5 in [0, 1].")


# 06.5 -------------------------------------------------------------------------------
def _puzzle() -> Hackenbush:
    return Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue"), (2, 3, "blue"),
                       (3, 4, "blue"), (0, 5, "red"), (5, 6, "red"), (6, 6, "blue")])


@exercise("06.5", "a pair (Blue's winning cuts, Red's winning cuts), lists of edge numbers",
          solution=lambda: (winning_moves(_puzzle(), "blue"), winning_moves(_puzzle(), "red")),
          wrong=[([0, 4, 7], [5]), ([0, 2, 3, 4, 7], []), ([], [])])
def _(answer):
    pair = read_items(answer, "the answer (a pair of lists)", 2) \
        if type(answer) in (tuple, list) else None
    if pair is None or len(pair) != 2:
        raise Refusal("The answer should be a pair (blue_cuts, red_cuts) of lists of edge "
                      "numbers, such as ([1], [2, 5]).")
    p = _puzzle()
    for player, claimed, sign in (("blue", pair[0], 1), ("red", pair[1], -1)):
        name = player.title()
        mine = sorted({whole_number(i, f"each edge number in {name}'s list")
                       for i in read_items(claimed, f"{name}'s list of cuts", 100)})
        true = winning_moves(p, player)
        for i in mine:
            if not 0 <= i < len(p.edges):
                return wrong(f"The drawing has edges 0 to {len(p.edges) - 1}; "
                             f"there is no edge {_show(i)}.")
            if p.edges[i][2] != player:
                return wrong(f"Edge {i} is {p.edges[i][2]}, so {name} cannot cut it.")
            if i not in true:
                left = value(p.cut(i))
                return wrong(f"After {name} cuts edge {i} the value is {left}, "
                             f"{'below' if sign > 0 else 'above'} 0: the opponent, moving "
                             "next, wins.")
        missing = len([i for i in true if i not in mine])
        if missing:
            return missing_verdict(len(mine), missing, "cut", f"{name}'s list")
    return right(f"The value is {value(p)} > 0, so only Blue has winning cuts.")


# 06.6 -------------------------------------------------------------------------------
def _sign(x) -> int:
    return (x > 0) - (x < 0)


def _count_misleads(colours) -> bool:
    return _sign(colours.count("blue") - colours.count("red")) != _sign(stalk_value(colours))


def _smallest_misleading() -> list[str]:
    for n in range(1, 6):
        for colours in product(_COLOURS, repeat=n):
            if _count_misleads(list(colours)):
                return list(colours)
    raise AssertionError("every stalk of up to 5 edges agrees with the count")  # never


@exercise("06.6", "the smallest stalk (a list of colours) whose type 'blue minus red' gets wrong",
          solution=_smallest_misleading,
          wrong=[["blue"], ["blue", "red", "red"], ["blue", "blue"]])
def _(answer):
    colours = _colours(answer)
    count = colours.count("blue") - colours.count("red")
    if not _count_misleads(colours):
        return wrong(f"For {', '.join(colours) or 'the empty stalk'} the count {count} and the "
                     f"value {stalk_value(colours)} have the same sign: the count is right there.")
    smallest = len(_smallest_misleading())
    if len(colours) > smallest:
        return wrong("The count does mislead here, but a stalk with fewer edges already "
                     "does.")
    return right(f"The count says {count}, a second-player win, but the stalk is worth "
                 f"{stalk_value(colours)}: one player wins whoever starts.")
