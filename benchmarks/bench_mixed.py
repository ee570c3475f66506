"""Hackenbush of every colour: ``canonical()`` on drawings with circuits.

Run with ``.venv/bin/python benchmarks/bench_mixed.py`` (about a minute).
Families (fixed seeds): the lecture drawings of ``bench_tangled.py`` (a
random tree plus edges closing circuits of 3 to 5 edges) coloured green,
blue and red at random.  Prints, in one run:

* the median time of ``canonical()`` at growing sizes, and the target of
  issue 17 (30 edges with 3 circuits within 1 s);
* the largest size whose median is within 1 s, and within 150 ms (the
  editor's live limit, :data:`cgteach.hackenbush.partizan.LIVE_EDGES`);
* the ratio against the plain search (``canonical_by_search``: every cut
  on the drawing, ``{left | right}`` all the way down) on small drawings.
"""

from __future__ import annotations

import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(__file__))

from bench_tangled import lecture, timed  # noqa: E402

from cgteach.hackenbush import partizan  # noqa: E402

ALL = ("green", "blue", "red")


def main():
    print(f"{'mixed lecture drawings':26} {'(m, k)':>9} {'n':>3}")
    medians = {}
    for m in (10, 20, 30, 40, 50, 60):
        k = max(1, m // 10)
        rng = random.Random(3000 + m)
        times, refused = [], 0
        for _ in range(7):
            h = lecture(m, k, rng, colours=ALL)
            t, g = timed(partizan.canonical, h)
            times.append(t)
            refused += isinstance(g, Exception)
        med = statistics.median(times)
        medians[m] = med
        print(f"{'':26} {str((m, k)):>9} {len(times):>3}  median {med:8.3f} s  "
              f"max {max(times):8.3f} s  refused {refused}", flush=True)
        if med > 1 or max(times) > 20:
            break
    within = [m for m, t in medians.items() if t <= 1.0]
    live = [m for m, t in medians.items() if t <= 0.15]
    print()
    print(f"largest mixed drawing with circuits valued within 1 s (median): "
          f"{max(within, default=0)} edges")
    print(f"largest within 150 ms (median): {max(live, default=0)} edges "
          f"(partizan.LIVE_EDGES = {partizan.LIVE_EDGES})")
    ok = medians.get(30, 99) <= 1.0
    print(f"  [{'met' if ok else 'MISSED'}] mixed 30 edges, 3 circuits: median <= 1 s "
          f"(measured {medians.get(30, float('nan')):.3f} s)")

    print()
    print("against the plain search (canonical_by_search), same drawings")
    for m in (8, 10, 12):
        rng = random.Random(4000 + m)
        fast, slow = [], []
        for _ in range(3):
            h = lecture(m, 2, rng, colours=ALL)
            t1, g1 = timed(partizan.canonical, h)
            t2, g2 = timed(partizan.canonical_by_search, h)
            assert g1 == g2, h
            fast.append(t1)
            slow.append(t2)
        f, s = statistics.median(fast), statistics.median(slow)
        print(f"  {m:3} edges, 2 circuits: engine {f * 1e3:8.2f} ms  plain {s * 1e3:9.1f} ms  "
              f"ratio {s / f:6.0f}x", flush=True)
    print()
    stalks()
    return 0


def stalks():
    """Issue 25: mixed stalks from the ground up against ordinal sums edge by edge from the top.

    Each side runs in a fresh process (the game engine remembers games for
    the session, and a warm start would flatter the second).
    """
    import subprocess

    print("mixed stalks (green/blue, random, seed 25): ground up vs edge by edge from the top")
    code = (
        "import random, sys, time\n"
        "from cgteach.games import ZERO, STAR, number, ordinal_sum\n"
        "from cgteach.hackenbush import Hackenbush\n"
        "n, how = int(sys.argv[1]), sys.argv[2]\n"
        "rng = random.Random(25)\n"
        "cs = [rng.choice(['green', 'blue']) for _ in range(n)]\n"
        "t = time.process_time()\n"
        "if how == 'engine':\n"
        "    g = Hackenbush([(i, i + 1, c) for i, c in enumerate(cs)]).canonical()\n"
        "else:\n"
        "    g = ZERO\n"
        "    for c in reversed(cs):\n"
        "        g = ordinal_sum(STAR if c == 'green' else number(1), g)\n"
        "print(time.process_time() - t, hash(g))\n"
    )

    def run(n, how):
        out = subprocess.run([sys.executable, "-c", code, str(n), how], capture_output=True,
                             text=True, timeout=600, check=True).stdout.split()
        return float(out[0]), out[1]

    for n in (100, 200, 300):
        (t1, h1), (t2, h2) = run(n, "engine"), run(n, "top")
        assert h1 == h2, "the two constructions disagree"
        print(f"  {n:4} edges: engine {t1:7.3f} s  edge by edge {t2:7.3f} s  "
              f"ratio {t2 / t1:6.0f}x", flush=True)


if __name__ == "__main__":
    sys.exit(main())
