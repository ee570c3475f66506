"""Checkers for the exercises of lesson 02 (Nim).

Moves are written as the package writes them, ``(heap_index, new_size)``
with heaps counted from 0; the messages a student reads number the piles
from 1 ("pile 2: 19 → 7").  Right answers come from :mod:`cgteach.nim`
(whose fast rules are tested against brute force); a wrong move is refuted
by the nim sum it leaves or the rule it breaks.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from cgteach import nim, nim_sum
from cgteach.exercises import exercise, right, wrong

__all__: list[str] = []

START = (13, 19, 10)
#: The lesson's bench: one to four heaps of at most 7 stones, each multiset once.
BENCH = [p for k in range(1, 5) for p in combinations_with_replacement(range(8), k)]


def _spell(heaps, move) -> str:
    i, new = move
    return f"pile {i + 1}: {heaps[i]} → {new}"


def _as_move(heaps, move) -> tuple[int, int] | str:
    """The move as a pair of ints, or a sentence saying why it is not a legal move."""
    try:
        i, new = move
    except (TypeError, ValueError):
        return f"{move!r} is not a move; write a move as (heap_index, new_size)"
    if not (isinstance(i, int) and isinstance(new, int)) or isinstance(i, bool):
        return f"{move!r} is not a move; write a move as (heap_index, new_size)"
    if not 0 <= i < len(heaps):
        return (f"there is no heap with index {i} (indices run from 0 to {len(heaps) - 1}, "
                "so pile 1 is index 0)")
    if not 0 <= new < heaps[i]:
        return f"({i}, {new}) is not legal: heap {i} (pile {i + 1}) holds {heaps[i]} stones"
    return i, new


@exercise("02.1", "the list of every winning move from [13, 19, 10], as (heap_index, new_size)",
          solution=lambda: nim.winning_moves(list(START)),
          wrong=[[], [(2, 7)], [(1, 7), (0, 9)], [(2, 7), (1, 7)]])
def _(answer):
    moves = list(answer)
    expected = nim.winning_moves(list(START))
    for move in moves:
        m = _as_move(START, move)
        if isinstance(m, str):
            return wrong(m + ".")
        after = nim.play(START, m)
        if nim_sum(after) != 0:
            return wrong(f"{_spell(START, m)} leaves {list(after)}, whose nim sum is "
                         f"{nim_sum(after)}, not 0.")
    if len(set(map(tuple, moves))) < len(expected):
        return wrong("Every move you list wins, but there are more winning moves.")
    return right(f"The nim sum is {nim_sum(START)}, and {_spell(START, expected[0])} is "
                 "the only move that makes it 0.")


@exercise("02.2", "how many ordered pairs (a, b) with 0 <= a, b < 64 are balanced",
          solution=lambda: sum(nim.is_balanced([a, b]) for a in range(64) for b in range(64)),
          wrong=[0, 32, 4096, 63])
def _(answer):
    if isinstance(answer, bool) or not isinstance(answer, int):
        return wrong("The answer should be a whole number (how many pairs).")
    count = sum(nim.is_balanced([a, b]) for a in range(64) for b in range(64))
    if answer == count:
        return right("Exactly the 64 pairs with a = b: two piles are balanced only when "
                     "they are equal, and then the second player wins (Thm 3.1).")
    side = "fewer" if answer > count else "more"
    return wrong(f"There are {side} than {answer}: for which b is a ⊕ b = 0?")


def _random_positions(count=300, seed=2):
    rng = random.Random(seed)
    return [tuple(rng.randint(0, 50) for _ in range(rng.randint(1, 6))) for _ in range(count)]


@exercise("02.3", "a function count_winning_moves(heaps) that counts the winning moves "
          "from the nim sum alone",
          solution=lambda: (lambda heaps: sum(h ^ nim_sum(heaps) < h for h in heaps)),
          wrong=[lambda heaps: 1, lambda heaps: len(heaps),
                 lambda heaps: sum(h ^ nim_sum(heaps) <= h for h in heaps)])
def _(answer):
    if not callable(answer):
        return wrong("The answer should be a function of a list of heap sizes.")
    for heaps in BENCH + _random_positions():
        got, expected = answer(list(heaps)), len(nim.winning_moves(heaps))
        if got != expected:
            return wrong(f"from {list(heaps)} it counts {got!r}, but there "
                         f"{'is' if expected == 1 else 'are'} {expected} winning "
                         f"move{'s' if expected != 1 else ''}"
                         + (f": {', '.join(_spell(heaps, m) for m in nim.winning_moves(heaps))}."
                            if expected else " (the position is balanced)."))
    return right("It counts the heaps with a 1 in the leading column of the nim sum.")


@exercise("02.4", "the pair (normal-play winning move, misère winning move) from [1, 1, 5]",
          solution=lambda: (nim.winning_moves([1, 1, 5])[0],
                            nim.misere_winning_moves([1, 1, 5])[0]),
          wrong=[((2, 0), (2, 0)), ((2, 1), (2, 0)), ((2, 1), (2, 1))])
def _(answer):
    heaps = (1, 1, 5)
    normal, misere = answer
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
    return right("Normal play empties the 5 (leaving two one-stone heaps); misère play "
                 "leaves one stone in it (an odd number of one-stone heaps).")


@exercise("02.5", "a function my_move(heaps) that returns a winning move (heap_index, new_size) "
          "whenever one exists, and a legal move otherwise",
          solution=lambda: (lambda heaps: nim.winning_moves(heaps)[0] if nim.winning_moves(heaps)
                            else max(((i, h - 1) for i, h in enumerate(heaps) if h),
                                     key=lambda m: heaps[m[0]])),
          wrong=[lambda heaps: (0, 0), lambda heaps: nim.moves(heaps)[0]])
def _(answer):
    if not callable(answer):
        return wrong("The answer should be a function of a list of heap sizes.")
    for heaps in BENCH:
        if not any(heaps):
            continue
        m = _as_move(heaps, answer(list(heaps)))
        if isinstance(m, str):
            return wrong(f"From {list(heaps)}: {m}.")
        after = nim.play(heaps, m)
        if nim.winning_moves(heaps) and nim_sum(after) != 0:
            return wrong(f"From {list(heaps)} your move {_spell(heaps, m)} leaves nim sum "
                         f"{nim_sum(after)}; {_spell(heaps, nim.winning_moves(heaps)[0])} wins.")
    return right("From every position of the bench it plays a legal move, and a winning one "
                 "whenever there is one.")
