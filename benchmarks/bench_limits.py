"""The measurements behind the search limits of Domineering and Toads and Frogs (issue 39).

Each limit is the largest size whose *slowest* position is valued within
about 5 s on the 2-core machine.  Every position is valued in a fresh Python
process (an empty table) with the limit lifted, and timed in **processor
time** (``time.process_time``), so a machine loaded by other work gives
nearly the same numbers; the wall-clock time is printed beside it.

* Toads and Frogs: every block row ``T…T_…_F…F`` of ``n`` squares (the
  slowest kind: random rows of 13 squares take at most 0.2 s) for each
  ``n``; the slowest is printed.
* Domineering: for each number of cells, the near-square boards of 4 to 7
  columns with their part row at the left or one cell in (the slowest
  shapes; long thin regions are fast).

Run:  .venv/bin/python benchmarks/bench_limits.py toads 10 14
      .venv/bin/python benchmarks/bench_limits.py domineering 20 23
(each size takes a few times the time of its slowest position).

Measured for issue 39 (processor time, the machine heavily loaded):
Toads and Frogs 0.09 s at 10 squares, 0.3 s at 11, 0.8 s at 12, 2.4 s at 13,
5.6 s at 14; Domineering 1.0 s at 20 cells, 2.3 s at 21, 3.6 s at 22, 8.1 s
at 23.  Hence ``MAX_SEARCH_SQUARES = 13`` and ``MAX_CELLS = 22``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CODE = """
import sys, time
from cgteach.rulesets import domineering as D, toads_and_frogs as T
D.MAX_CELLS = 999
T.MAX_SEARCH_SQUARES = 999
kind, arg = sys.argv[1], sys.argv[2]
g = D.Domineering(arg.split(",")) if kind == "D" else T.ToadsAndFrogs(arg)
cpu, wall = time.process_time(), time.perf_counter()
g.value()
print(time.process_time() - cpu, time.perf_counter() - wall)
"""


def timed(kind: str, arg: str, timeout: float = 600) -> tuple[float, float]:
    """(processor seconds, wall seconds) to value one position in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", _CODE, kind, arg], capture_output=True,
                         text=True, timeout=timeout, env=env, check=True)
    cpu, wall = map(float, out.stdout.split())
    return cpu, wall


def toads_rows(n: int) -> list[str]:
    return ["T" * a + "_" * (n - a - c) + "F" * c
            for a in range(1, n) for c in range(1, n - a) if n - a - c >= 1]


def domineering_boards(cells: int) -> list[list[str]]:
    boards = []
    for w in (4, 5, 6, 7):
        full, rem = divmod(cells, w)
        if full < 2:
            continue
        if rem == 0:
            boards.append(["." * w] * full)
            continue
        boards.append(["." * w] * full + ["." * rem + "#" * (w - rem)])
        if w - rem >= 1:
            boards.append(["." * w] * full + ["#" + "." * rem + "#" * (w - rem - 1)])
    return boards


def main(argv: list[str]) -> None:
    what, lo, hi = argv[0], int(argv[1]), int(argv[2])
    for size in range(lo, hi + 1):
        if what == "toads":
            found = [(timed("T", row), row) for row in toads_rows(size)]
        else:
            found = [(timed("D", ",".join(b)), b) for b in domineering_boards(size)]
        (cpu, wall), slowest = max(found)
        print(f"{what} {size}: slowest {slowest} {cpu:.2f} s processor ({wall:.1f} s wall), "
              f"{len(found)} positions timed", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["toads", "10", "13"])
