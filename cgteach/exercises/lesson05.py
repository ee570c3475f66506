"""Checkers for the exercises of lesson 05 (green Hackenbush).

- **05.1** — the value of a circuit of 5 edges through the ground with a
  stalk of 3 hanging from one of its nodes (an ``int``, the ``n`` of ``*n``).
- **05.2** — every winning cut in the forest of :func:`~cgteach.hackenbush.
  examples.forest` (a list of edge numbers, as the drawing labels them).
- **05.3** — a function computing the value of a tree by the colon
  principle, tested against :func:`~cgteach.hackenbush.green.grundy` on
  seeded random trees.

Every right answer is computed here: values by brute force over every line
of play (:func:`~cgteach.hackenbush.green.grundy_brute`), winning cuts from
the fast method and confirmed cut by cut.
"""

from __future__ import annotations

import functools
import random

from cgteach._validate import show as _show
from cgteach.exercises import (
    Refusal,
    exercise,
    missing_verdict,
    read_items,
    require_function,
    right,
    whole_number,
    wrong,
)
from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.examples import forest, random_position
from cgteach.hackenbush.green import grundy, grundy_brute
from cgteach.nimbers import nim_sum

__all__: list[str] = []


def _as_nimber(answer, what: str) -> int:
    """Read ``3`` or ``"*3"`` as 3; anything else is a Refusal saying what is wanted."""
    if type(answer) is str and len(answer) < 20 and answer.strip().startswith("*"):
        digits = answer.strip()[1:] or "1"   # "*" alone is *1
        if digits.isascii() and digits.isdigit():
            return int(digits)
    try:
        return whole_number(answer, what)
    except Refusal as refusal:
        raise Refusal(f"{refusal} It is a whole number such as 3 (for *3), or a text "
                      "such as '*3'.") from None


def _star(value: int) -> str:
    """A nim value as a student writes it: 0, *1, *2, …"""
    return f"*{value}" if value else "0"


# --- 05.1 -------------------------------------------------------------------

def pentagon_with_stalk() -> Hackenbush:
    """A circuit of 5 edges through the ground node 0, a stalk of 3 hanging from node 2."""
    return Hackenbush([(k, (k + 1) % 5) for k in range(5)]
                      + [(2, "a"), ("a", "b"), ("b", "c")])


@exercise("05.1", "the value n of *n of a 5-edge circuit on the ground with a stalk of 3 "
          "hanging from one of its nodes",
          solution=lambda: grundy_brute(pentagon_with_stalk()),
          wrong=[4, 3, 1, "*4"])
def _(answer):
    value = _as_nimber(answer, "the value")
    expected = grundy_brute(pentagon_with_stalk())
    if value == expected:
        return right(f"*{expected}: the five loops fused into the ground are worth 1, the "
                     f"stalk 3, and they stand side by side, so 1 ⊕ 3 = {expected}.")
    if value == 1 + 3:
        return wrong("4 = 1 + 3 reads the odd circuit as an edge *under* the stalk. Fusing "
                     "the circuit puts its nodes into the ground, so the stalk stands on the "
                     "ground beside the loops: combine with ⊕, not +.")
    if value == 3:
        return wrong("3 counts the stalk only: the circuit's 5 edges still count once fused "
                     "(5 loops, an odd number).")
    return wrong(f"Brute force over every line of play finds another value, not "
                 f"*{_show(value)}. "
                 "Fuse the circuit first (Thm 5.4), then replace the loops by leaves (Thm 5.2).")


# --- 05.2 -------------------------------------------------------------------

def _forest_winning_cuts() -> list[int]:
    f = forest()
    cuts = f.winning_moves()
    assert all(grundy(f.cut(i)) == 0 for i in cuts)   # each one confirmed by its value
    return cuts


@exercise("05.2", "the list of every winning cut in forest(), by the edge numbers drawn",
          solution=_forest_winning_cuts,
          wrong=[[7], [11, 12], [7, 11], [0]])
def _(answer):
    if type(answer) is int:
        answer = [answer]
    f = forest()
    cuts = set()
    for i in read_items(answer, "the answer (a list of edge numbers such as [0, 3])", 100):
        i = whole_number(i, "an edge number")
        if not 0 <= i < len(f):
            return wrong(f"{_show(i)} is not an edge of the forest: its edges are numbered "
                         f"0 to {len(f) - 1}.")
        cuts.add(i)
    for i in sorted(cuts):
        left = grundy(f.cut(i))
        if left:
            return wrong(f"Cutting edge {i} leaves a position worth {_star(left)}, not 0: your "
                         "opponent would then win.")
    expected = _forest_winning_cuts()
    missing = len(set(expected) - cuts)
    if missing:
        verdict = missing_verdict(len(cuts), missing, "cut")
        return wrong(verdict.message + " Remember that a cut can also *raise* a tree's value.")
    return right(f"The {len(expected)} winning cuts are {expected}: one shrinks the tree "
                 "worth *5 to *2, two raise the tree worth *3 to *4.")


# --- 05.3 -------------------------------------------------------------------

@functools.cache
def _random_trees(count=150, seed=5) -> tuple:
    """Seeded random trees (one ground node, no loops, no circuits), small ones first.

    Half come from ``random_position`` (varied shapes, but it rarely yields a tree of
    more than 10 edges), half grow node by node under a random earlier node, with 11
    to 25 edges, so that the "up to 25 edges" of the verdict is true.
    """
    rng = random.Random(seed)
    trees = []
    while len(trees) < count // 2:
        t = random_position(rng.randint(0, 25), rng, loops=False, multi=False, grounds=1)
        if len(t.nodes) == len(t) + 1:
            trees.append(t)
    while len(trees) < count:
        size = rng.randint(11, 25)
        trees.append(Hackenbush([(rng.randrange(j), j) for j in range(1, size + 1)]))
    return tuple(sorted(trees, key=len))


def _tree_value(p: Hackenbush) -> int:
    """The colon principle on a tree: a node is worth the nim sum of (child + 1)."""
    children: dict = {}
    for u, v, _ in p.edges:          # edges of these trees point away from the ground
        children.setdefault(u, []).append(v)
    order = [p.ground[0]]
    for x in order:
        order.extend(children.get(x, []))
    value: dict = {}
    for x in reversed(order):
        value[x] = nim_sum([value[c] + 1 for c in children.get(x, [])])
    return value[p.ground[0]]


@exercise("05.3", "a function that takes a tree (a Hackenbush position) and returns its value",
          solution=lambda: _tree_value, function="tree_value",
          wrong=[len, lambda p: len(p) % 2, lambda p: 0,
                 lambda p: grundy(p) if len(p) < 12 else 0])
def _(answer):
    f = require_function(answer, "tree_value(tree), from a tree to its value")
    for t in _random_trees():
        shown = f"{f.name}(the tree with edges {[e[:2] for e in t.edges]})"
        got = _as_nimber(f(t, shown=shown), shown)
        expected = grundy(t)
        if got != expected:
            return wrong(f"On the tree with edges {[e[:2] for e in t.edges]} your function "
                         f"gives {_show(got)}, but the tree is worth {_star(expected)}.")
    return right("It agrees with .grundy() on 150 random trees of up to 25 edges.")
