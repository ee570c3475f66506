"""Time Úlehla's method on large forests, and against brute force on small ones.

Run: .venv/bin/python benchmarks/bench_hackendot.py

Part 1 values random recursive trees and paths of 10^4, 10^5 and 10^6 nodes
with ``Hackendot.grundy()`` (colour, contract, repeat: linear time) and
prints seconds and nanoseconds per node; building the position (checking
the parent list) is timed separately.  Part 2 compares it with the
memoised brute-force search on small random trees (fresh cache each time).
Part 3 times ``from_nested`` on deep paths against its former quadratic
version.  Part 4 times ``winning_moves()`` (linear: every subtree's value in
one pass per contraction, then one pass up each tree) against the former
method, which deleted each node and re-valued its tree (quadratic).
"""

from __future__ import annotations

import random
import time

from cgteach import hackendot
from cgteach.hackendot import Hackendot, grundy_brute


def best_of(fn, repeat):
    """Best CPU time (process_time: fair on a shared machine) and the result."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    return best, result


def part_one():
    print("Úlehla's method on large forests (CPU seconds, best of 3; 1 for 10^6)")
    print(f"{'forest':>14} {'nodes':>9} {'build s':>9} {'grundy s':>9} {'ns/node':>8} "
          f"{'rounds':>6} {'value':>8}")
    for n in (10**4, 10**5, 10**6):
        repeat = 1 if n == 10**6 else 3
        rng = random.Random(n)
        parents = [None] + [rng.randrange(i) for i in range(1, n)]
        for name, make in (
            ("path", lambda n=n: Hackendot.path(n)),
            ("random tree", lambda p=parents: Hackendot(p)),
        ):
            build, forest = best_of(make, repeat)
            secs, value = best_of(forest.grundy, repeat)
            rounds = len(forest.rounds()) if n <= 10**5 else "-"
            print(f"{name:>14} {n:>9} {build:>9.3f} {secs:>9.3f} {secs / n * 1e9:>8.0f} "
                  f"{rounds:>6} {value:>8}")
    # a shuffled node order forces the breadth-first ordering pass
    n = 10**5
    rng = random.Random(7)
    tree = Hackendot.random(n, seed=7)
    perm = list(range(n))
    rng.shuffle(perm)
    shuffled = [None] * n
    for old, p in enumerate(tree.parents):
        shuffled[perm[old]] = None if p is None else perm[p]
    build, forest = best_of(lambda: Hackendot(shuffled), 3)
    secs, value = best_of(forest.grundy, 3)
    assert value == tree.grundy()
    print(f"{'shuffled tree':>14} {n:>9} {build:>9.3f} {secs:>9.3f} {secs / n * 1e9:>8.0f} "
          f"{'':>6} {value:>8}")


def _stringy(n, rng):
    """A long, thin tree: each node sits on one of the three nodes before it."""
    return Hackendot([None] + [rng.randrange(max(0, i - 3), i) for i in range(1, n)])


def part_two():
    print()
    print("Brute force (memoised search over isomorphism classes) vs Úlehla,")
    print("20 trees per row, CPU seconds for all 20, fresh brute-force cache per row")
    print(f"{'family':>8} {'nodes':>6} {'brute s':>9} {'states':>8} {'Úlehla s':>9} {'ratio':>8}")
    rng = random.Random(2022)
    rows = [("bushy", n) for n in (8, 12, 16, 20)] + [("stringy", n) for n in (8, 12, 16, 20)]
    for family, n in rows:
        if family == "bushy":  # random recursive trees
            trees = [Hackendot.random(n, seed=rng.random()) for _ in range(20)]
        else:
            trees = [_stringy(n, rng) for _ in range(20)]
        hackendot._BRUTE.clear()
        start = time.process_time()
        brute = [grundy_brute(t) for t in trees]
        t_brute = time.process_time() - start
        states = len(hackendot._BRUTE)
        start = time.process_time()
        fast = [t.grundy() for t in trees]
        t_fast = time.process_time() - start
        assert brute == fast
        print(f"{family:>8} {n:>6} {t_brute:>9.3f} {states:>8} {t_fast:>9.5f} "
              f"{t_brute / max(t_fast, 1e-9):>8.0f}")


def _from_nested_old(*trees):
    """The former from_nested: it spelt out every node's place as text,
    which costs time proportional to the depth, quadratic on a path."""
    par = []
    for t, tree in enumerate(trees):
        stack = [(tree, -1, f"tree {t}")]
        while stack:
            node, parent, where = stack.pop()
            me = len(par)
            par.append(parent)
            for j in range(len(node) - 1, -1, -1):
                stack.append((node[j], me, f"{where}, child {j}"))
    return Hackendot._trusted(par)


def part_three():
    print("\nfrom_nested on a path (nested lists as deep as the path is long)")
    print(f"{'nodes':>8} {'before (s)':>11} {'after (s)':>10} {'ratio':>7}")
    for n in (10_000, 40_000):
        nested = []
        for _ in range(n - 1):
            nested = [nested]
        start = time.process_time()
        old = _from_nested_old(nested)
        t_old = time.process_time() - start
        start = time.process_time()
        new = Hackendot.from_nested(nested)
        t_new = time.process_time() - start
        assert old == new == Hackendot.path(n)
        print(f"{n:>8} {t_old:>11.3f} {t_new:>10.3f} {t_old / max(t_new, 1e-9):>7.1f}")


def part_four():
    print("\nwinning_moves(): linear method vs the former one (re-value the tree per node)")
    print(f"{'forest':>12} {'nodes':>7} {'before (s)':>11} {'after (s)':>10} {'ratio':>7} "
          f"{'moves':>6}")
    for n in (2_000, 10**4, 10**5):
        for name, forest in (("random tree", Hackendot.random(n, seed=n)),
                             ("path", Hackendot.path(n))):
            t_new, moves = best_of(forest.winning_moves, 3)
            if n <= 2_000:  # the former method needs ~20 s at 10^4 nodes
                t_old, old = best_of(forest._winning_moves_quadratic, 1)
                assert old == moves
                before, ratio = f"{t_old:>11.3f}", f"{t_old / max(t_new, 1e-9):>7.0f}"
            else:
                before, ratio = f"{'-':>11}", f"{'-':>7}"
            print(f"{name:>12} {n:>7} {before} {t_new:>10.3f} {ratio} {len(moves):>6}")


if __name__ == "__main__":
    part_one()
    part_two()
    part_three()
    part_four()
