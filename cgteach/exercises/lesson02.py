"""Checkers for the exercises of lesson 02 (Nim).

Moves are written as the package writes them, ``(heap_index, new_size)``
with piles counted from 0 (the code calls a pile a heap); the messages a
student reads number the piles from 1 ("pile 2: 19 → 7").  Right answers
come from :mod:`cgteach.nim` (whose fast rules are tested against brute
force); a wrong move is refuted by the nim sum it leaves or the rule it
breaks.
"""

from __future__ import annotations

import functools
import random
from itertools import combinations_with_replacement

from cgteach import nim, nim_sum
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

__all__: list[str] = []

START = (13, 19, 10)
#: The lesson's bench: one to four piles of at most 7 stones, each multiset once.
BENCH = [p for k in range(1, 5) for p in combinations_with_replacement(range(8), k)]


def _spell(heaps, move) -> str:
    i, new = move
    return f"pile {i + 1}: {heaps[i]} → {new}"


def _read_move(move, where: str = "") -> tuple[int, int]:
    """A move as a pair of plain ints, or a Refusal saying why it is not one."""
    if type(move) not in (tuple, list):
        raise Refusal(f"{where}{_show(move)} is not a move; write a move as "
                      "(heap_index, new_size), such as (0, 5).")
    items = read_items(move, "a move", 2)
    if len(items) != 2:
        raise Refusal(f"{where}{_show(move)} is not a move; write a move as "
                      "(heap_index, new_size), such as (0, 5).")
    return (whole_number(items[0], f"{where}the pile index in {_show(move)}"),
            whole_number(items[1], f"{where}the new size in {_show(move)}"))


def _as_move(heaps, move) -> tuple[int, int] | str:
    """The move (already a pair of ints) if it is legal, or a sentence saying why not."""
    i, new = move
    if not 0 <= i < len(heaps):
        return (f"there is no pile with index {_show(i)} (indices run from 0 to "
                f"{len(heaps) - 1}, so pile 1 is index 0)")
    if not 0 <= new < heaps[i]:
        return (f"({i}, {_show(new)}) is not legal: pile {i + 1} (index {i}) holds {heaps[i]} "
                f"stone{'s' if heaps[i] != 1 else ''}, and a move leaves fewer")
    return i, new


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


@exercise("02.1", "the list of every winning move from [13, 19, 10], as (heap_index, new_size)",
          solution=lambda: nim.winning_moves(list(START)),
          wrong=[[], [(2, 7)], [(1, 7), (0, 9)], [(2, 7), (1, 7)]])
def _(answer):
    moves = [_read_move(m) for m in read_items(answer, "the answer (a list of moves)", 100)]
    expected = nim.winning_moves(list(START))
    for move in moves:
        m = _as_move(START, move)
        if isinstance(m, str):
            return wrong(_first_upper(m) + ".")
        after = nim.play(START, m)
        if nim_sum(after) != 0:
            return wrong(f"{_first_upper(_spell(START, m))} leaves {list(after)}, whose nim "
                         f"sum is {nim_sum(after)}, not 0.")
    missing = len(set(expected) - set(moves))
    if missing:
        return missing_verdict(len(moves), missing)
    return right(f"The nim sum is {nim_sum(START)}, and {_spell(START, expected[0])} is "
                 "the only move that makes it 0.")


@functools.cache
def _balanced_pairs() -> int:
    return sum(nim.is_balanced([a, b]) for a in range(64) for b in range(64))


@exercise("02.2", "how many ordered pairs (a, b) with 0 <= a, b < 64 are balanced",
          solution=lambda: sum(nim.is_balanced([a, b]) for a in range(64) for b in range(64)),
          wrong=[0, 32, 4096, 63])
def _(answer):
    answer = whole_number(answer, "the answer (how many pairs)")
    count = _balanced_pairs()
    if answer == count:
        return right("Exactly the 64 pairs with a = b: two piles are balanced only when "
                     "they are equal, and then the second player wins (Thm 3.1).")
    side = "fewer" if answer > count else "more"
    return wrong(f"There are {side} than {_show(answer)}: for which b is a ⊕ b = 0?")


@functools.cache
def _random_positions(count=300, seed=2) -> tuple:
    rng = random.Random(seed)
    return tuple(tuple(rng.randint(0, 50) for _ in range(rng.randint(1, 6))) for _ in range(count))


@exercise("02.3", "a function count_winning_moves(heaps) that counts the winning moves "
          "from the nim sum alone",
          solution=lambda: (lambda heaps: sum(h ^ nim_sum(heaps) < h for h in heaps)),
          function="count_winning_moves",
          wrong=[lambda heaps: 1, lambda heaps: len(heaps),
                 lambda heaps: sum(h ^ nim_sum(heaps) <= h for h in heaps)])
def _(answer):
    f = require_function(answer, "count_winning_moves(heaps), from a list of pile sizes")
    for heaps in BENCH + list(_random_positions()):
        got = whole_number(f(list(heaps)), f"{f.name}({list(heaps)})")
        expected = len(nim.winning_moves(heaps))
        if got != expected:
            return wrong(f"From {list(heaps)} it counts {_show(got)}, but there "
                         f"{'is' if expected == 1 else 'are'} {expected} winning "
                         f"move{'s' if expected != 1 else ''}"
                         + (f": {', '.join(_spell(heaps, m) for m in nim.winning_moves(heaps))}."
                            if expected else " (the position is balanced)."))
    return right("It counts the piles with a 1 in the leading column of the nim sum.")


@exercise("02.4", "the pair (normal-play winning move, misère winning move) from [1, 1, 5]",
          solution=lambda: (nim.winning_moves([1, 1, 5])[0],
                            nim.misere_winning_moves([1, 1, 5])[0]),
          wrong=[((2, 0), (2, 0)), ((2, 1), (2, 0)), ((2, 1), (2, 1))])
def _(answer):
    heaps = (1, 1, 5)
    pair = read_items(answer, "the answer (a pair of moves)", 2) \
        if type(answer) in (tuple, list) else None
    if pair is None or len(pair) != 2:
        raise Refusal("The answer should be a pair (normal_move, misere_move), each a move "
                      "(heap_index, new_size), such as ((0, 0), (1, 0)).")
    normal, misere = (_read_move(m, f"your {name}-play move: ")
                      for m, name in zip(pair, ("normal", "misère"), strict=True))
    for move, is_misere, name in ((normal, False, "normal"), (misere, True, "misère")):
        m = _as_move(heaps, move)
        if isinstance(m, str):
            return wrong(f"Your {name}-play move: {m}.")
        after = nim.play(heaps, m)
        if nim.outcome(after, misere=is_misere) != "P":
            winning = nim.misere_winning_moves if is_misere else nim.winning_moves
            return wrong(f"Under {name} play, {_spell(heaps, m)} leaves {list(after)}, from "
                         f"which the player to move wins, for instance by "
                         f"{_spell(after, winning(after)[0])}.")
    return right("Normal play empties the 5 (leaving two one-stone piles); misère play "
                 "leaves one stone in it (an odd number of one-stone piles).")


@exercise("02.5", "a function my_move(heaps) that returns a winning move (heap_index, new_size) "
          "whenever one exists, and a legal move otherwise",
          solution=lambda: (lambda heaps: nim.winning_moves(heaps)[0] if nim.winning_moves(heaps)
                            else max(((i, h - 1) for i, h in enumerate(heaps) if h),
                                     key=lambda m: heaps[m[0]])),
          function="my_move",
          wrong=[lambda heaps: (0, 0), lambda heaps: nim.moves(heaps)[0]])
def _(answer):
    f = require_function(answer, "my_move(heaps), from a list of pile sizes to a move")
    for heaps in BENCH:
        if not any(heaps):
            continue
        m = _as_move(heaps, _read_move(f(list(heaps)), f"{f.name}({list(heaps)}): "))
        if isinstance(m, str):
            return wrong(f"From {list(heaps)}: {m}.")
        after = nim.play(heaps, m)
        if nim.winning_moves(heaps) and nim_sum(after) != 0:
            return wrong(f"From {list(heaps)} your move {_spell(heaps, m)} leaves nim sum "
                         f"{nim_sum(after)}, but a move to nim sum 0 exists there.")
    return right("From every position of the bench it plays a legal move, and a winning one "
                 "whenever there is one.")
