"""Checkers for the exercises of lesson 04 (more impartial games).

- **04.1** — misère Nim from piles ``(1, 1, 1, 4)``: every position a winning
  move leads to (a list of tuples of heaps).
- **04.2** — Staircase Nim from ``(0, 2, 4, 3, 1, 5)``: every staircase a
  winning move leads to (a list of tuples, step 0 first).
- **04.3** — Fibonacci Nim from 20 coins: how many coins the first player
  should take (an ``int``).
- **04.4** — Wythoff's game from ``(7, 12)``: every position a winning move
  leads to (a list of pairs, piles in the same order).
- **04.5** — the octal game ``0.333``: a function giving the value of a pile
  of ``n``.

Every right answer is computed here by searching the game tree with the
plain definitions (a position is a P-position when every move leads to an
N-position), not with the strategies the lesson teaches.
"""

from __future__ import annotations

import functools

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
from cgteach.impartial import grundy
from cgteach.rulesets import fibonacci_nim, octal, staircase, wythoff

__all__: list[str] = []


def _positions(answer, what: str, size: int) -> list[tuple[int, ...]]:
    """Read a list of positions (tuples or lists of whole numbers); a Refusal otherwise."""
    result = []
    for item in read_items(answer, f"the answer (a list of {what})", 100):
        if type(item) not in (tuple, list):
            raise Refusal(f"Each entry should be a tuple of {size} whole numbers ({what}), "
                          f"not {_show(item)}.")
        numbers = tuple(whole_number(x, f"each number in {_show(item)}")
                        for x in read_items(item, "an entry", size + 1))
        if len(numbers) != size:
            raise Refusal(f"Each entry should have {size} numbers ({what}); "
                          f"{_show(item)} has {len(numbers)}.")
        result.append(numbers)
    return result


def _list_verdict(start, answer, options, loses, show, what):
    """Shared checker: ``answer`` must be exactly the options of ``start`` that lose for the
    player to move next (``loses``).  ``show`` prints a position for a student."""
    reachable = options(start)
    for position in answer:
        if position not in reachable:
            return wrong(f"{show(position)} cannot be reached from {show(start)} in one move.")
        if not loses(position):
            reply = next(q for q in options(position) if loses(q))
            return wrong(f"{show(position)} is not a P-position: your opponent answers with "
                         f"{show(reply)} and wins.")
    expected = [q for q in reachable if loses(q)]
    missing = len(set(expected) - set(answer))
    if missing:
        return missing_verdict(len(answer), missing, what)
    return right(f"{', '.join(map(show, sorted(set(expected))))}: "
                 f"{'the only winning move' if len(expected) == 1 else 'every winning move'}.")


# --- 04.1 -------------------------------------------------------------------

def _nim_options(heaps):
    return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in range(h)]


@functools.cache
def _misere_loses(heaps) -> bool:
    """Misère play: with no stone left the player to move has won (the other took the last)."""
    children = _nim_options(heaps)
    if not children:
        return False
    return not any(_misere_loses(child) for child in children)


MISERE_START = (1, 1, 1, 4)


def _misere_solution():
    return [q for q in _nim_options(MISERE_START) if _misere_loses(q)]


@exercise("04.1", "the list of positions that winning misère moves from (1, 1, 1, 4) lead to, "
          "each a tuple of pile sizes",
          solution=_misere_solution,
          wrong=[[(1, 1, 1, 1)], [(1, 1, 1, 0), (1, 1, 0, 4)], [], [(1, 1, 1)]])
def _(answer):
    answer = _positions(answer, "pile sizes such as (1, 0, 1, 2)", size=4)
    return _list_verdict(MISERE_START, answer, _nim_options, _misere_loses,
                         lambda q: str(tuple(q)), "move")


# --- 04.2 -------------------------------------------------------------------

STAIRS = (0, 2, 4, 3, 1, 5)
_stairs_cache: dict = {}


def _stairs_loses(position) -> bool:
    return grundy(position, staircase.options, cache=_stairs_cache) == 0


@exercise("04.2", "the list of staircases that winning moves from (0, 2, 4, 3, 1, 5) lead to, "
          "each a tuple of coin counts, step 0 first",
          solution=lambda: [q for q in staircase.options(STAIRS) if _stairs_loses(q)],
          wrong=[[(0, 2, 4, 3, 5, 1)], [(0, 6, 0, 3, 1, 5)], [(2, 0, 4, 3, 1, 5)]])
def _(answer):
    answer = _positions(answer, "coin counts such as (0, 2, 4, 3, 1, 5)", size=len(STAIRS))
    verdict = _list_verdict(STAIRS, answer, staircase.options, _stairs_loses,
                            lambda q: str(tuple(q)), "move")
    if not verdict and "misses" in verdict.message:
        return wrong(verdict.message + " Coins brought down from an even step add to the odd "
                     "step below it.")
    return verdict


# --- 04.3 -------------------------------------------------------------------

@functools.cache
def _fib_loses(position) -> bool:
    return not any(_fib_loses(q) for q in fibonacci_nim.options(position))


FIB_COINS = 20


def _fib_solution() -> int:
    start = fibonacci_nim.start(FIB_COINS)
    return next(x for x in range(1, start[1] + 1)
                if _fib_loses((FIB_COINS - x, min(2 * x, FIB_COINS - x))))


@exercise("04.3", "how many coins the first player should take from a pile of 20 (an int)",
          solution=_fib_solution,
          wrong=[1, 5, 13, 20])
def _(answer):
    answer = whole_number(answer, "the answer (a number of coins)")
    coins, quota = fibonacci_nim.start(FIB_COINS)
    if not 1 <= answer <= quota:
        return wrong(f"The first move takes 1 to {quota} coins (not all {coins}); "
                     f"{_show(answer)} is not allowed.")
    left = (coins - answer, min(2 * answer, coins - answer))
    if not _fib_loses(left):
        reply = fibonacci_nim.winning_move(*left)
        return wrong(f"Taking {answer} leaves {left[0]} coins with quota {left[1]}; your "
                     f"opponent takes {reply} and wins.")
    return right(f"20 = 13 + 5 + 2: take the smallest Zeckendorf part, {answer}; your "
                 f"opponent then faces {left[0]} coins with quota {left[1]}, a P-position.")


# --- 04.4 -------------------------------------------------------------------

WYTHOFF_START = (7, 12)


@functools.cache
def _wythoff_loses(position) -> bool:
    return not any(_wythoff_loses(q) for q in wythoff.options(position))


@exercise("04.4", "the list of positions that winning moves from (7, 12) lead to, each a pair "
          "(first pile, second pile)",
          solution=lambda: [q for q in wythoff.options(WYTHOFF_START) if _wythoff_loses(q)],
          wrong=[[(4, 7)], [(3, 5)], [(7, 4), (6, 10)], []])
def _(answer):
    answer = _positions(answer, "pairs of pile sizes such as (3, 5)", size=2)
    return _list_verdict(WYTHOFF_START, answer, wythoff.options, _wythoff_loses,
                         lambda q: str(tuple(q)), "move")


# --- 04.5 -------------------------------------------------------------------

def _octal_values(n=120):
    cache: dict = {}
    return [grundy(k, lambda h: octal.options(h, "0.333"), cache=cache) for k in range(n)]


@exercise("04.5", "a function of n giving the value of a pile of n in the octal game 0.333",
          solution=lambda: (lambda n: n % 4), function="value",
          wrong=[lambda n: n % 3, lambda n: n, lambda n: 0])
def _(answer):
    f = require_function(answer, "a function of n such as lambda n: n // 2")
    for n, value in enumerate(_octal_values()):
        got = whole_number(f(n), f"{f.name}({n})")
        if got != value:
            return wrong(f"A pile of {n} is worth {value} in 0.333 (by search over every "
                         f"move), but your function gives {_show(got)}.")
    return right("It agrees with a search over every move for every pile below 120: "
                 "0.333 is the 1–3 sticks game.")
