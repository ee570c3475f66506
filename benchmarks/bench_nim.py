"""Time Nim's XOR rule against a brute-force search of the game tree.

``winning_moves`` (the nim sum rule, Thm 3.5-3.6) looks at each heap once;
the brute force classifies every position reachable from the start as P or
N (memoised, heaps sorted).  The brute force's cost grows with the number of
reachable positions, roughly the product of the heap sizes; the XOR rule's
with the number of heaps.  Both must find the same moves.

Run:  .venv/bin/python benchmarks/bench_nim.py
"""

from __future__ import annotations

import random
import time
import timeit

from cgteach import nim
from cgteach.nim import _brute_force_winning_moves, misere_winning_moves, winning_moves


def _time_fast(function, heaps) -> float:
    timer = timeit.Timer(lambda: function(heaps))
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=3, number=number)) / number


def _time_brute(heaps, misere) -> tuple[float, list]:
    nim._BRUTE_MEMO.clear()  # a cold start every time: no help from earlier runs
    start = time.perf_counter()
    found = _brute_force_winning_moves(heaps, misere)
    return time.perf_counter() - start, found


def main() -> None:
    rng = random.Random(2022)
    cases = [
        (3, 4),
        (3, 8),
        (3, 16),
        (3, 32),
        (4, 8),
        (4, 16),
        (4, 24),
        (5, 8),
        (5, 12),
    ]
    print("Nim: XOR rule (winning_moves) vs brute-force search over positions")
    print(f"{'heaps':>24} {'states':>8} {'XOR rule':>11} {'brute force':>12} {'ratio':>10}")
    total = time.perf_counter()
    for misere in (False, True):
        print("misère play" if misere else "normal play")
        fast_function = misere_winning_moves if misere else winning_moves
        for count, top in cases:
            heaps = sorted((rng.randint(top // 2, top) for _ in range(count)), reverse=True)
            slow, found = _time_brute(heaps, misere)
            fast = _time_fast(fast_function, heaps)
            assert fast_function(heaps) == found, heaps
            states = len(nim._BRUTE_MEMO)
            print(
                f"{str(heaps):>24} {states:>8} {fast * 1e6:>9.1f}µs {slow * 1e3:>10.1f}ms "
                f"{slow / fast:>9.0f}x"
            )
    print(f"total time {time.perf_counter() - total:.1f} s")


if __name__ == "__main__":
    main()
