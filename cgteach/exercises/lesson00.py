"""Checkers for the exercises of lesson 00 (welcome: P- and N-positions of stick games).

A *stick game* here is a pile of ``n`` sticks (the code calls a pile a
heap) from which a move takes away ``t`` sticks for some ``t`` in a fixed
set of takes.  Every checker classifies the piles by brute force — the rule
of lesson 00, *a position is N when some move reaches a P-position, and P
otherwise* — and never from a stored answer.  A wrong answer is refuted by
a pile where it goes wrong, with the move (or the lack of one) that shows why.
"""

from __future__ import annotations

from cgteach._validate import show as _show
from cgteach.exercises import (
    Refusal,
    exercise,
    read_bool,
    read_items,
    require_function,
    right,
    whole_number,
    wrong,
)

__all__: list[str] = []

LIMIT = 1000     # piles 0 .. LIMIT - 1 are checked


def _kinds(takes, limit=LIMIT, misere=False) -> list[str]:
    """'P' or 'N' for the piles 0 .. limit - 1, working upwards from the empty pile.

    Under misère play the empty pile is N: the opponent has just taken the
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
    """One sentence saying why pile ``n`` has the type it has."""
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


def _check_rule(is_p, takes, misere=False) -> object:
    is_p = require_function(is_p, "is_p(n) returns True exactly when a pile of n sticks is a "
                            "P-position")
    kinds = _kinds(takes, misere=misere)
    for n in range(LIMIT):
        said = read_bool(is_p(n), f"{is_p.name}({n})")
        if said != (kinds[n] == "P"):
            return wrong(f"Your rule calls {n} {'P' if said else 'N'}, but "
                         f"{_why(n, kinds, takes)}.")
    return right("Your rule agrees with the brute-force classification of every pile "
                 f"below {LIMIT}.")


@exercise("00.1", "a function is_p(n): True exactly when n sticks is a P-position "
          "when a move takes 1 or 2 sticks",
          solution=lambda: (lambda n: n % 3 == 0), function="is_p",
          wrong=[lambda n: n % 4 == 0, lambda n: n % 2 == 0])
def _(answer):
    return _check_rule(answer, (1, 2))


@exercise("00.2", "the set of remainders r such that n sticks is a P-position exactly "
          "when n % 7 is in r (takes 1, 3 or 4)",
          solution=lambda: {r for r in range(7) if _kinds((1, 3, 4), 7)[r] == "P"},
          wrong=[{0}, {0, 3}, {0, 2, 4}])
def _(answer):
    what = "The answer (a set of remainders from 0 to 6, such as {0, 5})"
    remainders = {whole_number(r, "each remainder") for r in read_items(answer, what, 100)}
    for r in sorted(remainders):
        if not 0 <= r < 7:
            raise Refusal(f"{r} is not a remainder of a division by 7 (those are 0 to 6).")
    kinds = _kinds((1, 3, 4))
    for n in range(LIMIT):
        said = n % 7 in remainders
        if said != (kinds[n] == "P"):
            return wrong(f"With these remainders {n} would be {'P' if said else 'N'}, but "
                         f"{_why(n, kinds, (1, 3, 4))}.")
    return right("A pile of n is P exactly when n % 7 is in {"
                 + ", ".join(map(str, sorted(remainders))) + "}: "
                 f"checked below {LIMIT}.")


@exercise("00.3", "the list of P-positions below 20 of the misère 1–3 sticks game",
          solution=lambda: [n for n, k in enumerate(_kinds((1, 2, 3), 20, misere=True))
                            if k == "P"],
          wrong=[[0, 4, 8, 12, 16], [1, 5, 9, 13], [1, 5, 9, 13, 17, 20]])
def _(answer):
    what = "The answer (a list of numbers of sticks, such as [2, 6])"
    said = sorted({whole_number(n, "each number of sticks")
                   for n in read_items(answer, what, 100)})
    kinds = _kinds((1, 2, 3), misere=True)
    for n in said:
        if not 0 <= n < 20:
            return wrong(f"{n} is not a pile below 20 (the exercise asks for 0 to 19).")
        if kinds[n] == "N":
            return wrong(f"{n} is not a P-position: {_why(n, kinds, (1, 2, 3))}.")
    missing = sum(kinds[n] == "P" and n not in said for n in range(20))
    if missing:
        if not said:
            return wrong(f"Your list is empty, but there {'is' if missing == 1 else 'are'} "
                         f"{missing} P-position{'' if missing == 1 else 's'} below 20.")
        return wrong(f"Every number in your list is a P-position, but your list misses "
                     f"{missing} P-position{'' if missing == 1 else 's'} below 20.")
    return right("Under misère play the P-positions are the piles one more than a multiple of 4.")


@exercise("00.4", "a strategy: a function of n returning how many sticks (1, 2 or 3) "
          "to take from a pile of n",
          solution=lambda: (lambda n: n % 4 or 1), function="strategy",
          wrong=[lambda n: 1, lambda n: min(3, n), lambda n: 4 - n % 4, lambda n: n % 4])
def _(answer):
    strategy = require_function(answer, "strategy(n) is how many sticks to take")
    kinds = _kinds((1, 2, 3), 200)
    for n in range(1, 200):
        # Every pile, P-positions too: a strategy must always name a legal move, even
        # where no move wins (returning 0 or 4 there is not a move).
        take = whole_number(strategy(n), f"{strategy.name}({n})")
        if take not in (1, 2, 3) or take > n:
            return wrong(f"From {n} your strategy takes {_show(take)}, which is not a legal move "
                         "(take 1, 2 or 3 sticks, at most as many as there are).")
        if kinds[n] == "N" and kinds[n - take] != "P":
            return wrong(f"From {n} your strategy takes {take} and leaves {n - take}, an "
                         f"N-position: {_why(n - take, kinds, (1, 2, 3))}.")
    return right("From every pile below 200 it takes a legal number of sticks, and from "
                 "every N-position it leaves a P-position.")
