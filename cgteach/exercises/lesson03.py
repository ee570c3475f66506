"""Checkers for the exercises of lesson 03 (the MEX and the Sprague–Grundy theorem).

Right answers are computed with :func:`cgteach.mex`, :func:`cgteach.grundy`
and the rulesets of :mod:`cgteach.rulesets`; a wrong answer is refuted by a
set, pile, bar, diagram or square where it goes wrong.
"""

from __future__ import annotations

import random

from cgteach import grundy, mex, nim_sum
from cgteach._validate import show as _show
from cgteach.exercises import (
    Refusal,
    exercise,
    missing_verdict,
    read_items,
    read_text,
    require_function,
    right,
    whole_number,
    wrong,
)
from cgteach.rulesets import chomp, chop, divisors, grundys_game, maze, subtraction

__all__: list[str] = []


def _sets(count=500, seed=7):
    rng = random.Random(seed)
    return [set(rng.sample(range(10), rng.randint(0, 10))) for _ in range(count)]


def _braces(values) -> str:
    return "{" + ", ".join(map(str, sorted(values))) + "}" if values else "set()"


def _while_mex(values):
    values, m = set(values), 0
    while m in values:
        m += 1
    return m


@exercise("03.1", "a function my_mex(values): the smallest non-negative integer not in values",
          solution=lambda: _while_mex, function="my_mex",
          wrong=[lambda values: min(values, default=0), lambda values: max(values, default=-1) + 1,
                 lambda values: len(values)])
def _(answer):
    f = require_function(answer, "my_mex(values), from a set of numbers")
    for values in [set(), {1, 2}, {0, 1, 2, 5, 8}] + _sets():
        shown = f"{f.name}({_braces(values)})"
        got = whole_number(f(set(values), shown=shown), shown)
        if got != mex(values):
            return wrong(f"{shown} gives {_show(got)}, but "
                         f"{mex(values)} is the smallest number missing from that set.")
    return right("It agrees with mex on 503 sets, including the empty one.")


TAKES = (1, 3, 4)


def _take_options(n):
    return [n - s for s in TAKES if s <= n]


@exercise("03.2", "the (smallest) period of the Grundy numbers of the take-1-3-or-4 game",
          solution=lambda: subtraction.period(set(TAKES))[1],
          wrong=[4, 14, 3])
def _(answer):
    answer = whole_number(answer, "the answer (a period)")
    if answer < 1:
        raise Refusal(f"A period is a whole number of at least 1, not {_show(answer)}.")
    pre, period = subtraction.period(set(TAKES))
    seq = [grundy(n, _take_options) for n in range(pre + 2 * period)]

    def value(n):   # the values repeat with `period` from `pre` on (checked over a window)
        return seq[n] if n < pre else seq[pre + (n - pre) % period]

    for n in range(pre, pre + period):
        if value(n) != value(n + answer):
            return wrong(f"The values do not repeat every {_show(answer)}: pile {n} is worth "
                         f"{value(n)} but pile {_show(n + answer)} is worth "
                         f"{value(n + answer)}.")
    if answer != period:
        return wrong(f"{_show(answer)} is a period, but not the smallest one.")
    return right(f"The values repeat every {period} piles from the start.")


def _sum_value():
    return nim_sum(divisors.values(13)[12], grundys_game.values(11)[10], 3)


@exercise("03.3", "the Grundy number of (divisor game 12) + (Grundy's game 10) + (Nim pile 3)",
          solution=_sum_value,
          wrong=[0, 5, 2])
def _(answer):
    answer = whole_number(answer, "the answer (the Grundy number of the sum)")
    value = _sum_value()
    if answer == value:
        return right(f"The sum is worth *{value}, so the first player wins.")
    return wrong(f"*{_show(answer)} is not the value of the sum. Find the Grundy number of each "
                 "component, then add them with the nim sum (not ordinary addition).")


def _check_bars_or_diagrams(answer, start, options, value, name):
    listed = []
    for item in read_items(answer, f"the answer (a list of {name}s)", 100):
        if type(item) not in (tuple, list):
            raise Refusal(f"Each {name} should be a tuple of whole numbers, not {_show(item)}.")
        listed.append(tuple(whole_number(x, f"each number of a {name}")
                            for x in read_items(item, f"a {name}", 20)))
    reachable = set(options(start))
    good = [p for p in reachable if value(p) == 0]
    for p in listed:
        if p not in reachable:
            return wrong(f"{p} cannot be reached from {start} in one move.")
        if value(p) != 0:
            return wrong(f"{p} is worth *{value(p)}, not 0: your opponent wins from it.")
    missing = len(set(good) - set(listed))
    if missing:
        return missing_verdict(len(listed), missing)
    return right("That is the only winning move." if len(good) == 1 else "Those are all of them.")


@exercise("03.4", "the list of bars (a, b) that a winning move in Chop leaves from 5 × 9",
          solution=lambda: chop.winning_moves((5, 9)),
          wrong=[[], [(5, 8)], [(4, 9)]])
def _(answer):
    return _check_bars_or_diagrams(answer, (5, 9), chop.options,
                                   chop.grundy_value, "bar")


@exercise("03.5", "the list of diagrams (tuples of row lengths) that a winning bite leaves "
          "from the 4 × 5 Chomp bar",
          solution=lambda: chomp.winning_moves(chomp.rectangle(4, 5)),
          wrong=[[], [(5, 5, 5, 4)], [(4, 4, 4, 4)]])
def _(answer):
    return _check_bars_or_diagrams(answer, chomp.rectangle(4, 5), chomp.options,
                                   chomp.grundy_value, "diagram")


@exercise("03.6", "a 5 × 5 maze (five strings of '.' and '#') whose lower-right corner is a "
          "floor square worth 0",
          solution=lambda: ("....#", ".#...", ".....", "##...", "..#.."),
          wrong=[maze.MAZE_1, maze.MAZE_2, (".....",) * 4])
def _(answer):
    if type(answer) is str:
        answer = read_text(answer, "the maze", 200)
    else:
        answer = [read_text(row, "each row of the maze", 50)
                  for row in read_items(answer, "the maze (five strings)", 50)]
    try:
        rows = maze.parse(answer)
    except ValueError as error:
        raise Refusal(f"That is not a maze: {error}.") from None
    if len(rows) != 5 or any(len(r) != 5 for r in rows):
        return wrong("The maze should have 5 rows of 5 squares, so the corner is (4, 4).")
    if rows[4][4] != ".":
        return wrong("The lower-right corner (4, 4) must be a floor square '.'.")
    value = maze.grundy_by_search(rows, (4, 4))
    if value:
        move = maze.winning_moves(rows, (4, 4))[0]
        return wrong(f"The corner is worth {value}, so the first player wins by moving "
                     f"to {move}, a square worth 0.")
    return right("The corner is worth 0: the player to move there loses.")
