"""Checkers for the exercises of lesson 00 (welcome: P- and N-positions of stick games).

A *stick game* here is a heap of ``n`` sticks from which a move takes away
``t`` sticks for some ``t`` in a fixed set of takes.  Every checker
classifies the heaps by brute force — the rule of lesson 00, *a position is
N when some move reaches a P-position, and P otherwise* — and never from a
stored answer.  A wrong answer is refuted by a heap where it goes wrong,
with the move (or the lack of one) that shows why.
"""

from __future__ import annotations

from collections.abc import Callable

from cgteach.exercises import exercise, right, wrong

__all__: list[str] = []

LIMIT = 1000     # heaps 0 .. LIMIT - 1 are checked


def _kinds(takes, limit=LIMIT, misere=False) -> list[str]:
    """'P' or 'N' for the heaps 0 .. limit - 1, working upwards from the empty heap.

    Under misère play the empty heap is N: the opponent has just taken the
    last stick and lost.
    """
    kinds: list[str] = []
    for n in range(limit):
        if n == 0:
            kinds.append("N" if misere else "P")
            continue
        reach_p = any(kinds[n - t] == "P" for t in takes if t <= n)
        kinds.append("N" if reach_p else "P")
    return kinds


def _why(n, kinds, takes) -> str:
    """One sentence saying why heap ``n`` has the type it has."""
    if all(t > n for t in takes):
        if kinds[n] == "N":    # only under misère play: the opponent took the last stick
            return (f"there is no move from {n}: the opponent took the last stick and lost, "
                    "so it is N")
        return f"there is no move from {n}, so it is P"
    if kinds[n] == "N":
        t = next(t for t in takes if t <= n and kinds[n - t] == "P")
        return f"from {n} you can take {t} and leave {n - t}, a P-position, so {n} is N"
    leaves = ", ".join(str(n - t) for t in takes if t <= n)
    return f"every move from {n} leaves an N-position ({leaves}), so {n} is P"


def _check_rule(is_p: Callable, takes, misere=False) -> object:
    if not callable(is_p):
        return wrong("The answer should be a function of n that returns True exactly "
                     "when a heap of n sticks is a P-position.")
    kinds = _kinds(takes, misere=misere)
    for n in range(LIMIT):
        said = bool(is_p(n))
        if said != (kinds[n] == "P"):
            return wrong(f"Your rule calls {n} {'P' if said else 'N'}, but "
                         f"{_why(n, kinds, takes)}.")
    return right("Your rule agrees with the brute-force classification of every heap "
                 f"below {LIMIT}.")


@exercise("00.1", "a function is_p(n): True exactly when n sticks is a P-position "
          "when a move takes 1 or 2 sticks",
          solution=lambda: (lambda n: n % 3 == 0),
          wrong=[lambda n: n % 4 == 0, lambda n: n % 2 == 0])
def _(answer):
    return _check_rule(answer, (1, 2))


@exercise("00.2", "the set of remainders r such that n sticks is a P-position exactly "
          "when n % 7 is in r (takes 1, 3 or 4)",
          solution=lambda: {r for r in range(7) if _kinds((1, 3, 4), 7)[r] == "P"},
          wrong=[{0}, {0, 3}, {0, 2, 4}])
def _(answer):
    remainders = set(answer)
    if not all(isinstance(r, int) and 0 <= r < 7 for r in remainders):
        return wrong("The answer should be a set of remainders from 0 to 6, such as {0, 5}.")
    kinds = _kinds((1, 3, 4))
    for n in range(LIMIT):
        said = n % 7 in remainders
        if said != (kinds[n] == "P"):
            return wrong(f"With these remainders {n} would be {'P' if said else 'N'}, but "
                         f"{_why(n, kinds, (1, 3, 4))}.")
    return right("A heap of n is P exactly when n % 7 is in {"
                 + ", ".join(map(str, sorted(remainders))) + "}: "
                 f"checked below {LIMIT}.")


@exercise("00.3", "the list of P-positions below 20 of the misère 1–3 sticks game",
          solution=lambda: [n for n, k in enumerate(_kinds((1, 2, 3), 20, misere=True))
                            if k == "P"],
          wrong=[[0, 4, 8, 12, 16], [1, 5, 9, 13], [1, 5, 9, 13, 17, 20]])
def _(answer):
    said = sorted(set(answer))
    if not all(isinstance(n, int) for n in said):
        return wrong("The answer should be a list of whole numbers of sticks, such as [2, 6].")
    kinds = _kinds((1, 2, 3), misere=True)
    for n in said:
        if not 0 <= n < 20:
            return wrong(f"{n} is not a heap below 20.")
        if kinds[n] == "N":
            return wrong(f"{n} is not a P-position: {_why(n, kinds, (1, 2, 3))}.")
    for n in range(20):
        if kinds[n] == "P" and n not in said:
            return wrong(f"You left out {n}: {_why(n, kinds, (1, 2, 3))}.")
    return right("Under misère play the P-positions are the heaps one more than a multiple of 4.")


@exercise("00.4", "a strategy: a function of n returning how many sticks (1, 2 or 3) "
          "to take from a heap of n",
          solution=lambda: (lambda n: n % 4 or 1),
          wrong=[lambda n: 1, lambda n: min(3, n), lambda n: 4 - n % 4, lambda n: n % 4])
def _(answer):
    if not callable(answer):
        return wrong("The answer should be a function: strategy(n) is how many sticks to take.")
    kinds = _kinds((1, 2, 3), 200)
    for n in range(1, 200):
        # Every heap, P-positions too: a strategy must always name a legal move, even
        # where no move wins (returning 0 or 4 there is not a move).
        take = answer(n)
        if take not in (1, 2, 3) or take > n:
            return wrong(f"From {n} your strategy takes {take!r}, which is not a legal move "
                         "(take 1, 2 or 3 sticks, at most as many as there are).")
        if kinds[n] == "N" and kinds[n - take] != "P":
            return wrong(f"From {n} your strategy takes {take} and leaves {n - take}, an "
                         f"N-position: {_why(n - take, kinds, (1, 2, 3))}.")
    return right("From every heap below 200 it takes a legal number of sticks, and from "
                 "every N-position it leaves a P-position.")
