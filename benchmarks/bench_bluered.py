"""Time the blue-red Hackenbush rules against the memoised search.

Run with ``.venv/bin/python benchmarks/bench_bluered.py``.  Prints sizes,
times and ratios:

1. large positions by the fast rules only (the search could never finish):
   a 10**4-edge stalk (Berlekamp's sign-expansion rule) and a 10**5-edge
   tree (the bottom-up rule);
2. small positions (12 to 16 edges) by the fast rules and by
   ``value_by_search``, which must agree, with the ratio of their times.
"""

from __future__ import annotations

import random
import time

from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.bluered import (
    kind,
    stalk_rule_value,
    tree_rule_value,
    value,
    value_by_search,
)
from cgteach.numbers import format_number

COLOURS = ("blue", "red")


def random_stalk(n, rng):
    return Hackenbush([(k, k + 1, rng.choice(COLOURS)) for k in range(n)])


def random_tree(n, rng, deep=False):
    """Each new node hangs from a random earlier one (from one of the last few if ``deep``)."""
    edges = []
    for k in range(1, n + 1):
        below = rng.randrange(max(0, k - 3), k) if deep else rng.randrange(k)
        edges.append((below, k, rng.choice(COLOURS)))
    return Hackenbush(edges)


def random_graph(n, extra, rng):
    """A random tree on ``n`` edges plus ``extra`` edges closing cycles."""
    edges = [(rng.randrange(k), k, rng.choice(COLOURS)) for k in range(1, n + 1)]
    for _ in range(extra):
        u, v = rng.sample(range(n + 1), 2)
        edges.append((u, v, rng.choice(COLOURS)))
    return Hackenbush(edges)


def best_of(fn, repeat=3):
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def main():
    rng = random.Random(2022)
    print("Large positions, fast rules only")
    print(f"{'position':32} {'edges':>7} {'build s':>9} {'value s':>9}  value")
    for name, make, rule in (
        ("random stalk", lambda: random_stalk(10**4, rng), stalk_rule_value),
        ("stalk blue + 9999 red", lambda: Hackenbush(
            [(0, 1, "blue")] + [(k, k + 1, "red") for k in range(1, 10**4)]), stalk_rule_value),
        ("random tree", lambda: random_tree(10**5, rng), tree_rule_value),
        ("random deep tree", lambda: random_tree(10**5, rng, deep=True), tree_rule_value),
    ):
        t = time.perf_counter()
        h = make()
        build = time.perf_counter() - t
        seconds, v = best_of(lambda h=h: value(h), repeat=1)
        assert v == rule(h)
        bits = v.denominator.bit_length() - 1
        if bits < 40 or v.numerator.bit_length() < 40:
            shown = format_number(v)
        else:
            shown = f"{float(v):.6g} (denominator 2**{bits})"
        print(f"{name:32} {len(h):>7} {build:>9.3f} {seconds:>9.3f}  {shown}")

    print()
    print("Small positions: fast value() against value_by_search (they must agree)")
    print(f"{'position':22} {'edges':>5} {'kind':>6} {'fast ms':>9} {'search ms':>10} {'ratio':>8}")
    cases = []
    for n in (12, 14, 16):
        cases.append(("random tree", random_tree(n, rng)))
        cases.append(("random stalk", random_stalk(n, rng)))
    for n in (12, 14, 16):
        cases.append(("star (all at ground)", Hackenbush(
            [(0, k, rng.choice(COLOURS)) for k in range(1, n + 1)])))
    for n, extra in ((10, 2), (11, 3), (12, 4)):
        cases.append(("tree + cycles", random_graph(n, extra, rng)))
    for name, h in cases:
        fast, a = best_of(lambda h=h: value(h))
        slow, b = best_of(lambda h=h: value_by_search(h), repeat=1)
        assert a == b, (h, a, b)
        print(f"{name:22} {len(h):>5} {kind(h):>6} {fast * 1e3:>9.3f} {slow * 1e3:>10.1f} "
              f"{slow / fast:>8.0f}")


if __name__ == "__main__":
    main()
