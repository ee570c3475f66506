"""Checkers for the exercises of lesson 01 (binary expansion, Lemmas 2.1 and 2.2).

The right answers come from :func:`cgteach.binary_expansion` or from plain
sums of powers computed on the spot; a wrong answer is refuted by the first
number where it disagrees.
"""

from __future__ import annotations

import functools
from math import comb

from cgteach import binary_expansion
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

__all__: list[str] = []


def _my_expansion(n):
    """Halving: n % 2 is the last bit; the powers come out smallest first."""
    powers, power = [], 1
    while n:
        if n % 2:
            powers.append(power)
        n, power = n // 2, power * 2
    return powers[::-1]


@exercise("01.1", "a function my_expansion(n) listing the powers of two of n, largest first",
          solution=lambda: _my_expansion, function="my_expansion",
          wrong=[lambda n: [n], lambda n: sorted(binary_expansion(n))])
def _(answer):
    f = require_function(answer, "my_expansion(n) is a list of powers of two")
    for n in range(5000):
        result = f(n)
        if type(result) not in (list, tuple):
            raise Refusal(f"{f.name}({n}) returned {_show(result)}, not a list of powers of two.")
        got = [whole_number(p, f"each power in {f.name}({n})")
               for p in read_items(result, f"{f.name}({n})", 64)]
        expected = binary_expansion(n)
        if got != expected:
            return wrong(f"{f.name}({n}) gives {_show(got, 120)}, but {n} = "
                         f"{' + '.join(map(str, expected)) or 'the empty sum'}"
                         " (largest power first).")
    return right("It agrees with binary_expansion for every n below 5000.")


@functools.cache
def _three_power_count() -> int:
    return sum(len(binary_expansion(n)) == 3 for n in range(1 << 10))


@exercise("01.2", "how many numbers below 1024 have exactly three powers in their expansion",
          solution=lambda: sum(len(binary_expansion(n)) == 3 for n in range(1 << 10)),
          wrong=[100, 1000, 3])
def _(answer):
    answer = whole_number(answer, "the answer (a count)")
    count = _three_power_count()
    if answer == count:
        return right(f"It is the number of ways to choose 3 of the 10 powers: C(10, 3) = "
                     f"{comb(10, 3)}.")
    side = "fewer" if answer > count else "more"
    return wrong(f"There are {side} than {_show(answer)}. Count the n < 1024 with "
                 "len(binary_expansion(n)) == 3 — or count the ways to choose the three powers.")


@exercise("01.3", "a function largest_power_at_most(n): the largest power of two <= n",
          solution=lambda: (lambda n: 1 << (n.bit_length() - 1)),
          function="largest_power_at_most",
          wrong=[lambda n: n, lambda n: 1 << n.bit_length()])
def _(answer):
    f = require_function(answer, "largest_power_at_most(n), for n >= 1")
    for n in range(1, 10_000):
        got, expected = whole_number(f(n), f"{f.name}({n})"), binary_expansion(n)[0]
        if got != expected:
            return wrong(f"{f.name}({n}) gives {_show(got)}, but the largest power of two that "
                         f"is at most {n} is {expected}, the first power of its expansion "
                         f"{' + '.join(map(str, binary_expansion(n)))}.")
    return right("It is the first power of the expansion for every n below 10 000.")


@exercise("01.4", "a function geometric(b, n) = b^0 + b^1 + ... + b^n computed from the "
          "closed form of Lemma 2.1's twin, without adding the terms",
          solution=lambda: (lambda b, n: (b ** (n + 1) - 1) // (b - 1)), function="geometric",
          wrong=[lambda b, n: b ** (n + 1) - 1, lambda b, n: (b ** n - 1) // (b - 1)])
def _(answer):
    f = require_function(answer, "geometric(b, n), a function of two numbers")
    for b in range(2, 11):
        for n in range(50):
            expected = sum(b ** k for k in range(n + 1))
            got = whole_number(f(b, n), f"{f.name}({b}, {n})")
            if got != expected:
                return wrong(f"{f.name}({b}, {n}) gives {_show(got)}, but "
                             f"{' + '.join(f'{b}^{k}' for k in range(min(n, 3) + 1))}"
                             f"{' + …' if n > 3 else ''} = {expected}.")
    return right("It matches the sum for every base 2..10 and n < 50; only for b = 2 is "
                 "the factor b - 1 equal to 1.")
