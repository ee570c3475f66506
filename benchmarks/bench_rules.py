"""The kit (cgteach.rules) against the dedicated engines, on the same games.

Domineering written with the kit, as a student writes it (a board is the frozenset
of its free cells; ``split`` by regions, ``key`` by the four mirror images; the code
is that of tests/test_rules.py), against cgteach.rulesets.domineering, the dedicated
engine (bitmasks, a transposition table, turned boards as negatives).  Target: the
kit's time on the empty 4x4 board within 3x of the engine's.

Each measurement runs in a fresh Python process (no engine profits from a table
filled by an earlier one, and the canonical-form engine both use starts cold), is
repeated :data:`REPEATS` times, and the least CPU time (user + sys of the work, by
``time.process_time``) is kept: the machine is shared, and CPU time is what the code
costs.  Both answers are checked to be equal.

Also measured: Kayles' Grundy values of rows 0..199 with the kit against
cgteach.rulesets.octal's plain search, and how soon the kit stops a search over its
budget.

Run:  .venv/bin/python benchmarks/bench_rules.py   (about half a minute)
"""

from __future__ import annotations

import json
import subprocess
import sys

REPEATS = 3
BOARDS = [(3, 4), (4, 4), (4, 5)]
TARGET = 3.0  # the kit within 3x of the engine on 4x4

KIT_DOMINEERING = '''
from cgteach.rules import PartizanRules

class KitDomineering(PartizanRules):
    def left(self, cells):
        return [cells - {(r, c), (r + 1, c)} for r, c in cells if (r + 1, c) in cells]
    def right(self, cells):
        return [cells - {(r, c), (r, c + 1)} for r, c in cells if (r, c + 1) in cells]
    def split(self, cells):
        regions, todo = [], set(cells)
        while todo:
            region, stack = set(), [todo.pop()]
            while stack:
                r, c = stack.pop()
                region.add((r, c))
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in todo:
                        todo.discard(n)
                        stack.append(n)
            regions.append(frozenset(region))
        return regions
    def key(self, cells):
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        h, w = max(r for r, _ in cells) - r0, max(c for _, c in cells) - c0
        images = [sorted((r - r0 if a else h - r + r0, c - c0 if b else w - c + c0)
                         for r, c in cells) for a in (0, 1) for b in (0, 1)]
        return frozenset(min(images))
'''

CODE = {
    "kit": KIT_DOMINEERING + '''
import json, time
board = frozenset((r, c) for r in range({m}) for c in range({n}))
t = time.process_time(); v = KitDomineering().value(board, budget=None)
print(json.dumps([time.process_time() - t, str(v)]))
''',
    "engine": '''
import json, time
from cgteach.rulesets.domineering import Domineering
t = time.process_time(); v = Domineering.rectangle({m}, {n}).value()
print(json.dumps([time.process_time() - t, str(v)]))
''',
}

KAYLES = {
    "kit": '''
import json, time
from cgteach.rules import ImpartialRules
class Kayles(ImpartialRules):
    def options(self, rows):
        return [tuple(sorted(x for x in rows[:i] + (a, n - k - a) + rows[i + 1:] if x))
                for i, n in enumerate(rows) for k in (1, 2) for a in range(n - k + 1)]
    def split(self, rows):
        return [(n,) for n in rows]
t = time.process_time()
v = Kayles().values(lambda n: (n,) if n else (), range(200)).values
print(json.dumps([time.process_time() - t, v]))
''',
    "engine": '''
import json, time
from cgteach.rulesets import octal
t = time.process_time(); v = octal.values_plain("0.77", 200)
print(json.dumps([time.process_time() - t, v]))
''',
}

REFUSAL = '''
import json, time
from cgteach._budget import BudgetError
from cgteach.rules import ImpartialRules
class Chain(ImpartialRules):
    def options(self, n):
        return [n - 1, n - 2, n // 2] if n > 2 else []
t = time.process_time()
try:
    Chain().grundy(10**7, budget=1)
    said = None
except BudgetError as refusal:
    said = str(refusal)
print(json.dumps([time.process_time() - t, said]))
'''


def _child(code: str):
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600)
    if run.returncode:
        raise RuntimeError(f"a measurement failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def _best(code: str):
    runs = [_child(code) for _ in range(REPEATS)]
    answers = {json.dumps(r[1]) for r in runs}
    assert len(answers) == 1, answers
    return min(r[0] for r in runs), runs[0][1]


def main() -> int:
    print(f"Domineering, empty boards: least CPU time of {REPEATS} fresh processes each")
    print(f"{'board':>6}  {'kit':>8}  {'engine':>8}  {'kit/engine':>10}")
    ok = True
    for m, n in BOARDS:
        kit, kv = _best(CODE["kit"].replace("{m}", str(m)).replace("{n}", str(n)))
        eng, ev = _best(CODE["engine"].replace("{m}", str(m)).replace("{n}", str(n)))
        assert kv == ev, (m, n, kv, ev)
        ratio = kit / eng
        mark = ""
        if (m, n) == (4, 4):
            mark = "  (target <= 3: " + ("met" if ratio <= TARGET else "MISSED") + ")"
            ok = ok and ratio <= TARGET
        print(f"{m}x{n:<4}  {kit:7.3f}s  {eng:7.3f}s  {ratio:9.2f}x{mark}")
    kit, kv = _best(KAYLES["kit"])
    eng, ev = _best(KAYLES["engine"])
    assert kv == ev
    print(f"Kayles rows 0..199: kit {kit:.3f}s, octal.values_plain {eng:.3f}s, "
          f"ratio {kit / eng:.2f}x (same values)")
    seconds, said = _child(REFUSAL)
    print(f"A search over a 1 s budget stopped after {seconds:.2f}s of CPU time:\n  {said}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
