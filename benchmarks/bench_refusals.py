"""Refused in time, or valued: the blue-red drawings with long overlapping circuits (issue 39).

The drawings are the random chords of tests/test_hostile_lesson09.py (and
of ``chords`` in benchmarks/bench_tangled.py, seeded per drawing): a random
tree of ``n - k`` blue-red edges plus ``k`` edges between random nodes,
``random.Random(seed)``.  Each is valued in a fresh Python process (an empty
table) with the limits as they are, and timed in **processor time**
(``time.process_time``, less noisy than the clock on the shared machine).
Printed per drawing: valued (its value) or refused (by the shape, before
any search, or by the budget :data:`cgteach.hackenbush.blocks.MAX_SEARCH_WORK`),
the processor seconds, and the steps of search counted (the budget's unit,
the same on every machine).  The last lines give the slowest refusal and
the slowest valuation.

Run:  .venv/bin/python benchmarks/bench_refusals.py            (60 edges, 6 chords, seeds 0-29)
      .venv/bin/python benchmarks/bench_refusals.py 40 4 0 16  (n k first-seed last-seed)

Measured for issue 39 on the loaded 2-core machine (load about 25): see the
notes of :data:`cgteach.hackenbush.blocks.MAX_SEARCH_WORK`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CODE = """
import json, random, sys, time
from cgteach.hackenbush import Hackenbush, blocks, bluered
n, k, seed = map(int, sys.argv[1:4])
rng = random.Random(seed)
t = n - k
edges = [(rng.randrange(j), j, rng.choice(("blue", "red"))) for j in range(1, t + 1)]
for _ in range(k):
    u, v = rng.sample(range(t + 1), 2)
    edges.append((u, v, rng.choice(("blue", "red"))))
h = Hackenbush(edges)
engines = []
init = blocks._Engine.__init__
def counted(self, *args, **kwargs):
    init(self, *args, **kwargs)
    engines.append(self)
blocks._Engine.__init__ = counted
cpu = time.process_time()
try:
    verdict = "valued " + str(bluered.value(h))
except blocks.TooTangled as exc:
    verdict = ("refused by the budget" if "MAX_SEARCH_WORK" in str(exc)
               else "refused by the shape")
cpu = time.process_time() - cpu
print(json.dumps([verdict, cpu, sum(e.work for e in engines)]))
"""


def measure(n: int, k: int, seed: int) -> tuple[str, float, int]:
    """(verdict, processor seconds, steps of search) for one drawing, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CODE, str(n), str(k), str(seed)],
                         capture_output=True, text=True, timeout=600, env=env, check=True)
    verdict, cpu, work = json.loads(out.stdout)
    return verdict, cpu, work


def main(argv: list[str]) -> None:
    n, k, first, last = (list(map(int, argv)) + [60, 6, 0, 29][len(argv):])[:4]
    rows = []
    print(f"random chords, {n} edges, {k} chords, seeds {first}-{last}")
    for seed in range(first, last + 1):
        verdict, cpu, work = measure(n, k, seed)
        rows.append((verdict, cpu, seed))
        print(f"  seed {seed:3}  {verdict:32} {cpu:7.3f} s  {work:>10,} steps", flush=True)
    refused = [r for r in rows if r[0].startswith("refused")]
    valued = [r for r in rows if r[0].startswith("valued")]
    print(f"{len(valued)} valued, {len(refused)} refused "
          f"({sum('budget' in r[0] for r in refused)} by the budget)")
    if refused:
        worst = max(refused, key=lambda r: r[1])
        print(f"slowest refusal: seed {worst[2]}, {worst[1]:.3f} s ({worst[0]})")
    if valued:
        worst = max(valued, key=lambda r: r[1])
        print(f"slowest valuation: seed {worst[2]}, {worst[1]:.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
