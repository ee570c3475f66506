"""Time the rare-value (sparse space) method against the plain MEX loop.

Run:  .venv/bin/python benchmarks/bench_grundy.py  [--quick]

Grundy's game: plain loop vs the rare-value method on the same n, then the
rare-value method alone for 10^5 and 10^6 heaps (10^6 runs in a child
process and is abandoned after a time budget).  Then Kayles (0.77): plain
loop, rare-value method alone, and rare-value + Guy–Smith periodicity; and
Officers (0.6), an octal game with no known period and no good mask.
"""

from __future__ import annotations

import subprocess
import sys
import time

from cgteach.rulesets import grundys_game, octal
from cgteach.rulesets.octal import _sparse


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


def row(*cells):
    print("  ".join(f"{str(c):>14}" for c in cells))


def octal_sparse_only(code, n):
    rules = octal.parse_code(code)
    return _sparse(n, rules.none, rules.one, rules.two, unequal=False, t=None)


def in_child(expr: str, budget: float):
    """Evaluate ``expr`` (which prints a line) in a fresh interpreter, within ``budget`` seconds."""
    code = f"import time; from cgteach.rulesets import grundys_game, octal\n{expr}"
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=budget, check=True
        )
    except subprocess.TimeoutExpired:
        return None
    return out.stdout.strip()


def main(argv=None):
    quick = "--quick" in (argv if argv is not None else sys.argv[1:])
    sizes = (2_000, 5_000) if quick else (2_000, 10_000, 20_000)

    print("Grundy's game: plain MEX loop vs rare-value (sparse space) method")
    row("n", "plain s", "sparse s", "plain/sparse", "agree")
    for n in sizes:
        plain, tp = timed(grundys_game.values_plain, n)
        fast, tf = timed(lambda k: grundys_game.values(k, table=False), n)  # not the shipped table
        row(n, f"{tp:.2f}", f"{tf:.2f}", f"{tp / tf:.1f}x", plain == fast)
    n = 100_000
    fast, tf = timed(lambda k: grundys_game.values(k, table=False), n)
    print(f"  shipped table, n = {n:>9,}: {timed(grundys_game.values, n)[1]:6.3f} s")
    print(
        f"  sparse alone, n = {n:>9,}: {tf:6.1f} s   (max value {max(fast)}, "
        f"{len(grundys_game.rare_heaps(2000))} rare heaps below 2000)"
    )
    if not quick:
        budget = 90
        line = in_child(
            "t = time.perf_counter(); g = grundys_game.values(1_000_000); "
            "print(f'{time.perf_counter() - t:.1f} {max(g)} {g.count(0)}')",
            budget,
        )
        if line is None:
            print(f"  sparse alone, n = 1,000,000: abandoned after {budget} s")
        else:
            secs, top, zeros = line.split()
            print(
                f"  sparse alone, n = 1,000,000: {float(secs):6.1f} s   (max value {top}, "
                f"{zeros} P-positions)"
            )

    print()
    print("Kayles 0.77: plain loop vs rare-value method, with and without Guy-Smith")
    row("n", "plain s", "sparse s", "sparse+GS s", "plain/sparse", "agree")
    for n in sizes:
        plain, tp = timed(octal.values_plain, "0.77", n)
        sparse, ts = timed(octal_sparse_only, "0.77", n)
        full, tf = timed(octal.values, "0.77", n)
        row(n, f"{tp:.2f}", f"{ts:.2f}", f"{tf:.3f}", f"{tp / ts:.1f}x", plain == sparse == full)
    for n in (100_000, 1_000_000):
        _, tf = timed(octal.values, "0.77", n)
        print(
            f"  sparse + Guy-Smith period, n = {n:>9,}: {tf:6.2f} s   "
            f"(period {octal.period('0.77')} certified)"
        )

    print()
    print("Officers 0.6 (no known period): plain loop vs rare-value method")
    row("n", "plain s", "sparse s", "plain/sparse", "agree")
    for n in sizes[:2]:
        plain, tp = timed(octal.values_plain, "0.6", n)
        fast, tf = timed(octal.values, "0.6", n)
        row(n, f"{tp:.2f}", f"{tf:.2f}", f"{tp / tf:.1f}x", plain == fast)


if __name__ == "__main__":
    main()
