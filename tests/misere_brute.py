"""A brute-force twin of :mod:`cgteach.misere`, written apart from it, for the tests.

Nothing here uses the package's octal-game code or its quotient: the octal
code's digits are read here, every move of every heap is listed here, the
misère outcome of a sum is found by trying every move (memoised on the sorted
sum), and the quotient is found from its definition: two sums are the same
element when adding any third sum (from a finite list of test sums) gives both
the same outcome.  Slow, and the quotient part only sees what its finite lists
of sums can show: that is what the tests compare the package's fast answers with.
"""

from __future__ import annotations

import itertools
from functools import cache


def digits(code: str) -> list[int]:
    """The octal digits of ``code``: ``"0.77"`` -> ``[0, 7, 7]``."""
    head, tail = code.split(".")
    return [int(head)] + [int(c) for c in tail]


@cache
def heap_moves(code: str, heap: int) -> tuple[tuple[int, ...], ...]:
    """Every way one move can leave a heap of ``heap`` tokens (the heaps left, sorted)."""
    out = set()
    for k, d in enumerate(digits(code)):
        left = heap - k
        if left < 0 or (k == 0 and not d & 4):
            continue
        if d & 1 and left == 0 and k > 0:
            out.add(())
        if d & 2 and left > 0 and k > 0:
            out.add((left,))
        if d & 4:
            for a in range(1, left):
                b = left - a
                if a <= b:
                    out.add((a, b))
    return tuple(sorted(out))


def moves(code: str, position: tuple[int, ...]):
    """Every position one move away from a sorted sum of heaps."""
    for i, h in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        for left in heap_moves(code, h):
            yield tuple(sorted(rest + left))


_memo: dict = {}


def outcome(code: str, heaps) -> str:
    """The misère outcome by trying every move: P when some move exists and all lead to N."""
    position = tuple(sorted(h for h in heaps if h))
    table = _memo.setdefault(code, {})
    return "P" if _p(code, position, table) else "N"


def _p(code, position, table):
    if position in table:
        return table[position]
    any_move = False
    result = True
    for child in moves(code, position):
        any_move = True
        if _p(code, child, table):
            result = False
            break
    table[position] = any_move and result
    return table[position]


def sums(max_heap: int, max_heaps: int):
    """Every sum of at most ``max_heaps`` heaps of 1 … ``max_heap`` tokens (sorted tuples)."""
    for k in range(max_heaps + 1):
        yield from itertools.combinations_with_replacement(range(1, max_heap + 1), k)


def profiles(code: str, max_heap: int, max_heaps: int, test_heaps: int) -> dict:
    """Each sum of at most ``max_heaps`` heaps -> its outcomes with every test sum.

    Two sums with different profiles are different elements of the quotient;
    with enough test sums, equal profiles mean the same element.
    """
    tests = list(sums(max_heap, test_heaps))
    return {s: tuple(outcome(code, s + t) for t in tests) for s in sums(max_heap, max_heaps)}


def quotient_order(code: str, max_heap: int, max_heaps: int, test_heaps: int) -> int:
    """How many elements the sums of at most ``max_heaps`` heaps reach, by their profiles."""
    return len(set(profiles(code, max_heap, max_heaps, test_heaps).values()))


def misere_grundy(code: str, heaps, twos: int = 0, ones: int = 0, _memo: dict = {}) -> int:  # noqa: B006
    """The misère Grundy value of ``heaps`` plus ``twos`` nim heaps *2 and ``ones`` heaps *1.

    From the definition: a position with no move has value 1, any other the
    least value none of its options has.
    """
    key = (code, tuple(sorted(h for h in heaps if h)), twos, ones)
    if key in _memo:
        return _memo[key]
    position = key[1]
    seen = set()
    for child in moves(code, position):
        seen.add(misere_grundy(code, child, twos, ones))
    if twos:
        seen.add(misere_grundy(code, position, twos - 1, ones + 1))
        seen.add(misere_grundy(code, position, twos - 1, ones))
    if ones:
        seen.add(misere_grundy(code, position, twos, ones - 1))
    if not seen:
        value = 1
    else:
        value = 0
        while value in seen:
            value += 1
    _memo[key] = value
    return value


def genus_sequence(code: str, heaps, length: int = 8) -> list[int]:
    """``γ0 … γ(length-1)``: the misère Grundy values of ``heaps`` plus 0, 1, 2, … heaps *2."""
    return [misere_grundy(code, heaps, k) for k in range(length)]
