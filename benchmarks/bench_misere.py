"""Time misère quotients (cgteach.misere) against the brute-force twin.

Run:  PYTHONPATH=. .venv/bin/python benchmarks/bench_misere.py  [--quick]

For Kayles (0.77) and Dawson's Kayles (0.07): the quotient for heaps up to
n, computed from nothing (caches emptied), beside the brute-force twin
(tests/misere_brute.py: every sum of up to 3 heaps told apart by every sum of
up to 3 heaps, outcomes by trying every move), and the ratio of the two.
Then the largest bound each game's quotient reaches within 60 s (heap by heap
in a child process, stopped at the limit).  Times are CPU seconds
(``time.process_time``) so that a busy machine does not distort them.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cgteach import misere  # noqa: E402
from tests import misere_brute as brute  # noqa: E402


def fresh():
    misere._QUOTIENTS.clear()
    misere._OUTCOMES.clear()
    brute._memo.clear()


def cpu(fn, *args, **kwargs):
    start = time.process_time()
    result = fn(*args, **kwargs)
    return result, time.process_time() - start


def row(*cells):
    print("  ".join(f"{str(c):>12}" for c in cells), flush=True)


REACH = """
import sys, time
from cgteach import misere
code, limit = sys.argv[1], float(sys.argv[2])
start = time.process_time()
n = 0
while True:
    n += 1
    q = misere.misere_quotient(code, n, budget=None)
    spent = time.process_time() - start
    if spent > limit:
        break
    print(n, q.order, round(spent, 2), flush=True)
"""


def reach(code: str, limit: float = 60.0):
    """The largest n whose quotient (heap by heap from 1) is done within ``limit`` CPU seconds."""
    try:
        out = subprocess.run(
            [sys.executable, "-c", REACH, code, str(limit)],
            capture_output=True, text=True, timeout=limit * 3 + 30, cwd=ROOT,
            env={"PYTHONPATH": str(ROOT)},
        ).stdout
    except subprocess.TimeoutExpired as stopped:
        out = (stopped.stdout or b"").decode() if isinstance(stopped.stdout, bytes) else (
            stopped.stdout or "")
    return [line.split() for line in out.strip().splitlines() if line.strip()]


def main(argv=None):
    quick = "--quick" in (argv if argv is not None else sys.argv[1:])
    bounds = [4, 6, 8] if quick else [4, 6, 8, 10, 12]
    for code, name in [("0.77", "Kayles"), ("0.07", "Dawson's Kayles")]:
        print(f"\n{name} ({code}): quotient for heaps <= n, CPU seconds")
        row("n", "order", "quotient s", "twin s", "twin/quotient")
        for n in bounds:
            fresh()
            q, t_fast = cpu(misere.misere_quotient, code, n, budget=None)
            fresh()
            order, t_brute = cpu(brute.quotient_order, code, n, 3, 3)
            ratio = t_brute / max(t_fast, 1e-4)
            row(n, q.order, f"{t_fast:.3f}", f"{t_brute:.3f}", f"{ratio:.0f}x")
            # the twin sees sums of up to 3 heaps only: it can find fewer elements, never more
            assert order <= q.order, (code, n, order, q.order)
        limit = 10.0 if quick else 60.0
        lines = reach(code, limit)
        done = {int(n): (order, spent) for n, order, spent in lines}
        for target, goal in ((12, 5), (30, 60)):
            if target in done:
                order, spent = done[target]
                print(f"heaps <= {target} from nothing: {spent} s "
                      f"(order {order}; goal <= {goal} s)")
            else:
                print(f"heaps <= {target}: not reached within {limit:.0f} s (goal <= {goal} s)")
        if lines:
            last = lines[-1]
            print(f"largest bound within {limit:.0f} s: heaps <= {last[0]} "
                  f"(order {last[1]}, {last[2]} s)")
        else:
            print(f"no bound finished within {limit:.0f} s")


if __name__ == "__main__":
    main()
