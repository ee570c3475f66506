"""Checkers for the exercises of lesson 07 (Hackendot).

Every right answer is computed here when it is asked for: values with
Úlehla's method (:meth:`cgteach.hackendot.Hackendot.grundy`), which the
package tests against a brute-force search.  A *winning move* is a node whose
deletion leaves a forest worth 0; nodes are numbered from 0, as the lesson's
figures draw them.

>>> from cgteach.exercises import check
>>> print(check("07.1", [2] * 10))
✓ Right. Every star is worth *2, whatever the number of leaves.
"""

from __future__ import annotations

from cgteach.exercises import exercise, right, wrong
from cgteach.hackendot import Hackendot

__all__: list[str] = []   # nothing to import: the checkers register themselves


def _star_values() -> list[int]:
    return [Hackendot.star(k).grundy() for k in range(1, 11)]


def _as_int(x, what: str) -> int:
    # bool is an int in Python, but True is not a value a student means
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"{what} should be a whole number, got {x!r}")
    return x


@exercise("07.1", "the list of the values of the stars with 1, 2, …, 10 leaves",
          solution=_star_values,
          wrong=[list(range(2, 12)), [1] * 10, [2] * 9])
def _(answer):
    values = [_as_int(x, "each value") for x in answer]
    expected = _star_values()
    if len(values) != len(expected):
        return wrong(f"give one value for each k = 1, …, 10 ({len(expected)} numbers), "
                     f"not {len(values)}.")
    for k, (mine, true) in enumerate(zip(values, expected, strict=False), start=1):
        if mine != true:
            leaves = "1 leaf" if k == 1 else f"{k} leaves"
            return wrong(f"the star with {leaves} is worth *{true}, not *{mine}: its "
                         "leaves are white, so its root is black (bit 0 is off), and L(star) "
                         "is the root alone, a single white root (bit 1 is on).")
    return right("every star is worth *2, whatever the number of leaves.")


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
          solution=lambda: _ulehla,
          wrong=[len, _ulehla_literal, lambda forest: 1])
def _(answer):
    if not callable(answer):
        return wrong(f"answer should be your function itself (write answer = ulehla), "
                     f"not {answer!r}.")
    for forest in _test_forests():
        try:
            mine = answer(forest)
        except Exception as error:   # the student's code may fail in any way
            return wrong(f"on Hackendot({forest.parents}) your function raised "
                         f"{type(error).__name__}: {error}")
        true = forest.grundy()
        if isinstance(mine, bool) or not isinstance(mine, int) or mine != true:
            hint = ""
            if forest == Hackendot.spider(2, 2):
                hint = (" Its contraction L(T) is two single nodes: two white roots, an "
                        "even number, so bit 1 is off.")
            return wrong(f"on Hackendot({forest.parents}) your function returns {mine!r}, "
                         f"but the forest is worth *{true}.{hint}")
    return right(f"it agrees with the package on {len(_test_forests())} forests, "
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
        return wrong(f"the forest has nodes 0 to {len(g) - 1}; there is no node {node}.")
    after, names = g.delete_with_map(node)
    if after.grundy() == 0:
        return right(f"deleting node {node} leaves a forest worth 0 "
                     f"(winning moves: {', '.join(map(str, g.winning_moves()))}).")
    reply = names[after.winning_moves()[0]]   # named as in the drawing of g
    return wrong(f"deleting node {node} leaves a forest worth *{after.grundy()}, not 0: your "
                 f"opponent then wins, for instance by deleting node {reply}.")


def _spiders_worth_one() -> list[tuple[int, int]]:
    return [(a, b) for a in range(7) for b in range(7) if Hackendot.spider(a, b).grundy() == 1]


@exercise("07.4", "the list of pairs (a, b), 0 ≤ a, b ≤ 6, with spider(a, b) worth *1",
          solution=_spiders_worth_one,
          wrong=[[(2, 2), (4, 4), (6, 6)], [(a, a) for a in range(7)], []])
def _(answer):
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise TypeError("answer should be a list of pairs (a, b)")
    pairs = set()
    for item in answer:
        a, b = item
        pairs.add((_as_int(a, "a"), _as_int(b, "b")))
    expected = set(_spiders_worth_one())
    for a, b in sorted(pairs - expected):
        return wrong(f"spider({a}, {b}) is worth *{Hackendot.spider(a, b).grundy()}, not *1.")
    for a, b in sorted(expected - pairs):
        return wrong(f"spider({a}, {b}) is worth *1 and is missing from your list.")
    return right("the spiders worth *1 are those with two equal legs of even length "
                 "(0 included: a lone root), in this table at least.")
