"""Checkers for the exercises of lesson 07 (Hackendot).

Every right answer is computed here when it is asked for: values with
Úlehla's method (:meth:`cgteach.hackendot.Hackendot.grundy`), which the
package tests against a brute-force search.  A *winning move* is a node whose
deletion leaves a forest worth 0; nodes are numbered from 0, as the lesson's
figures draw them.

>>> from cgteach.exercises import check
>>> print(check("07.1", [2, 2, 2]))
✗ Not yet. Give one value for each k = 1, …, 10 (10 numbers), not 3.
"""

from __future__ import annotations

from cgteach._validate import show as _show
from cgteach.exercises import (
    Refusal,
    exercise,
    read_items,
    require_function,
    right,
    whole_number,
    wrong,
)
from cgteach.hackendot import Hackendot

__all__: list[str] = []   # nothing to import: the checkers register themselves


def _star_values() -> list[int]:
    return [Hackendot.star(k).grundy() for k in range(1, 11)]


def _as_int(x, what: str) -> int:
    # bool is an int in Python, but True is not a value a student means
    return whole_number(x, what)


@exercise("07.1", "the list of the values of the stars with 1, 2, …, 10 leaves",
          solution=_star_values,
          wrong=[list(range(2, 12)), [1] * 10, [2] * 9])
def _(answer):
    values = [_as_int(x, "each value") for x in read_items(answer, "the answer (a list of ten "
                                                             "values)", 100)]
    expected = _star_values()
    if len(values) != len(expected):
        return wrong(f"Give one value for each k = 1, …, 10 ({len(expected)} numbers), "
                     f"not {len(values)}.")
    for k, (mine, true) in enumerate(zip(values, expected, strict=False), start=1):
        if mine != true:
            leaves = "1 leaf" if k == 1 else f"{k} leaves"
            return wrong(f"The star with {leaves} is not worth *{_show(mine)}: colour it "
                         "(a leaf is white), contract it, and read bit k of the value from "
                         "the number of white roots after k contractions.")
    return right("Every star is worth *2, whatever the number of leaves.")


def _ulehla(forest):
    # The parity rule: bit k is the number of white roots of L^k(forest), mod 2.
    value, k = 0, 0
    while len(forest):
        colours = forest.coloring()
        value += (sum(colours[r] == "white" for r in forest.roots) % 2) << k
        forest, k = forest.contract(), k + 1
    return value


def _ulehla_literal(forest):
    # A wrong reading, kept as a sample the checker must reject: "bit k is on
    # when a root of L^k is white" (right for paths, wrong when L^k is a forest).
    value, k = 0, 0
    while len(forest):
        colours = forest.coloring()
        value += any(colours[r] == "white" for r in forest.roots) << k
        forest, k = forest.contract(), k + 1
    return value


def _test_forests() -> list[Hackendot]:
    # Hand-picked first (each one catches a known mistake), then random ones.
    picked = [Hackendot([]), Hackendot.path(1), Hackendot.path(5), Hackendot.star(3),
              Hackendot.spider(2, 2), Hackendot.figure1(),
              Hackendot.path(3) + Hackendot.path(3)]
    randoms = [Hackendot.random(3 + seed % 60, seed=seed, trees=1 + seed % 3)
               for seed in range(150)]
    return picked + randoms


@exercise("07.2", "a function ulehla(forest) returning the nim value of a Hackendot forest",
          solution=lambda: _ulehla, function="ulehla",
          wrong=[len, _ulehla_literal, lambda forest: 1])
def _(answer):
    f = require_function(answer, "ulehla(forest) (write answer = ulehla)")
    for forest in _test_forests():
        shown = f"{f.name}(Hackendot({forest.parents}))"
        mine = whole_number(f(forest, shown=shown), shown)
        true = forest.grundy()
        if mine != true:
            hint = ""
            if forest == Hackendot.spider(2, 2):
                hint = (" Its contraction L(T) is two single nodes: two white roots, an "
                        "even number, so bit 1 is off.")
            return wrong(f"On Hackendot({forest.parents}) your function returns {_show(mine)}, "
                         f"but the forest is worth *{true}.{hint}")
    return right(f"It agrees with the package on {len(_test_forests())} forests, "
                 "spider(2, 2) included.")


def _exercise3_forest() -> Hackendot:
    return Hackendot.path(6) + Hackendot.star(4) + Hackendot.figure1()


@exercise("07.3", "one winning move (a node number, as drawn) in path(6) + star(4) + t",
          solution=lambda: _exercise3_forest().winning_moves()[0],
          wrong=[1, 5, 6])
def _(answer):
    g = _exercise3_forest()
    node = _as_int(answer, "a node")
    if not 0 <= node < len(g):
        return wrong(f"The forest has nodes 0 to {len(g) - 1}; there is no node {_show(node)}.")
    after, names = g.delete_with_map(node)
    if after.grundy() == 0:
        return right(f"Deleting node {node} leaves a forest worth 0 "
                     f"(winning moves: {', '.join(map(str, g.winning_moves()))}).")
    reply = names[after.winning_moves()[0]]   # named as in the drawing of g
    return wrong(f"Deleting node {node} leaves a forest worth *{after.grundy()}, not 0: your "
                 f"opponent then wins, for instance by deleting node {reply}.")


#: Exercise 07.4 asks for the spiders of this value (not *1: the lesson shows spider(2, 2)
#: is worth *1, which would hand over one pair of the answer).
TARGET_4 = 2


def _spiders_worth_target() -> list[tuple[int, int]]:
    return [(a, b) for a in range(7) for b in range(7)
            if Hackendot.spider(a, b).grundy() == TARGET_4]


@exercise("07.4", "the list of pairs (a, b), 0 ≤ a, b ≤ 6, with spider(a, b) worth *2",
          solution=_spiders_worth_target,
          wrong=[[(0, 1), (1, 0), (1, 1)], [(a, a) for a in range(7)], []])
def _(answer):
    pairs = set()
    for item in read_items(answer, "the answer (a list of pairs (a, b))", 100):
        ab = read_items(item, "each pair", 2) if type(item) in (tuple, list) else ()
        if len(ab) != 2:
            raise Refusal(f"Each entry should be a pair (a, b) of whole numbers, not "
                          f"{_show(item)}.")
        pairs.add((_as_int(ab[0], "a"), _as_int(ab[1], "b")))
    for a, b in sorted(pairs):
        if not (0 <= a <= 6 and 0 <= b <= 6):
            return wrong(f"({_show(a)}, {_show(b)}) is outside the table: a and b run from "
                         "0 to 6.")
    expected = set(_spiders_worth_target())
    for a, b in sorted(pairs - expected):
        return wrong(f"spider({a}, {b}) is worth *{Hackendot.spider(a, b).grundy()}, "
                     f"not *{TARGET_4}.")
    missing = len(expected - pairs)
    if missing:
        plural = "" if missing == 1 else "s"
        if not pairs:
            return wrong(f"Your list is empty, but {missing} spider{plural} of the table "
                         f"{'is' if missing == 1 else 'are'} worth *{TARGET_4}.")
        return wrong(f"Every pair in your list is worth *{TARGET_4}, but your list misses "
                     f"{missing} pair{plural}.")
    return right("Those are all: the stars with one or two leaves of exercise 07.1, and, "
                 "less expected, the spiders with legs 4 and 5 or 5 and 5.")
