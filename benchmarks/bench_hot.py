"""Hot games: Domineering values and thermographs, cgteach against pycgt and cgt-py.

Measured in one run, each measurement in a fresh Python process (so no
engine profits from a table filled by an earlier one), with fixed seeds:

1. Domineering empty rectangles (3x4 up to 5x5): the CPU time to the canonical
   value, with the estimate the work budget checks, beside pycgt (pure Python,
   a time limit per board) and cgt-py (Rust); the ratio cgt-py/ours above 1
   means cgteach is faster.  Part "big": 5x6 (budget=None, with its progress
   bar) against cgt-py, and 6x6 tried with the default budget.
2. Temperatures and thermographs of 1,000 random games born by day 4:
   cgteach against pycgt in time; every temperature, mean and wall checked
   against cgt-py.
3. A board too big to value: the time to the refusal.
4. Toads and Frogs: the slowest rows T..T_.._F..F up to 15 squares, beside pycgt.

Run:  .venv/bin/python benchmarks/bench_hot.py   (about two minutes)
      .venv/bin/python benchmarks/bench_hot.py thermographs   (one part: domineering,
      thermographs or refusal)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

BOARDS = [(3, 4), (4, 4), (4, 5), (5, 4), (4, 6), (5, 5)]
BIG = [(5, 6)]  # valued with budget=None and its progress bar (part "big")
TARGETS = {(4, 5): 1.0, (5, 5): 15.0}
PYCGT_LIMIT = 60.0
SEED = 2026
N_GAMES = 1000


def _child(code: str, limit: float):
    """Run ``code`` in a fresh interpreter; it prints one JSON line.  None on time-out."""
    try:
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=limit)
    except subprocess.TimeoutExpired:
        return None
    if run.returncode:
        raise RuntimeError(f"a measurement failed:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


_DOMINEERING = {
    "cgteach": """
import json, time
import cgteach.games
from cgteach.rulesets import domineering
from cgteach.rulesets.domineering import Domineering
b = Domineering.rectangle({m}, {n}); est = domineering.estimate_seconds(b)
t, c = time.perf_counter(), time.process_time()
v = b.value(budget=None)  # no limit: the engine's speed (a progress bar shows on long work)
dt, dc = time.perf_counter() - t, time.process_time() - c
print(json.dumps([dt, str(v), dc, est]))
""",
    "pycgt": """
import json, time
from pycgt.rulesets import domineering
from pycgt import notation
t, c = time.perf_counter(), time.process_time()
v = domineering.rectangle({m}, {n}); dt = time.perf_counter() - t
print(json.dumps([dt, notation.render(v), time.process_time() - c]))
""",
    "cgt-py": """
import json, time
import cgt_py
t, c = time.perf_counter(), time.process_time()
v = cgt_py.Domineering("|".join(["." * {n}] * {m})).canonical_form
dt = time.perf_counter() - t
print(json.dumps([dt, repr(v), time.process_time() - c]))
""",
}


def domineering_table(boards=BOARDS, engines=("cgteach", "pycgt", "cgt-py")):
    print("1. Domineering, empty rectangles (CPU seconds to the canonical value, fresh process"
          " each; no table shipped: every time is a cold one)")
    print(f"   {'board':>6} {'cgteach':>9} {'(est.)':>8} {'pycgt':>9} {'cgt-py':>9}"
          "   cgt-py/ours  value (cgt-py's)")
    rows = []
    for m, n in boards:
        res = {}
        for engine in engines:
            limit = PYCGT_LIMIT if engine == "pycgt" else 1800
            res[engine] = _child(_DOMINEERING[engine].format(m=m, n=n), limit)
        ours = res["cgteach"]
        peer = res.get("pycgt")
        rust = res.get("cgt-py")
        peer_s = f"{peer[2]:9.2f}" if peer else f"{'>' + str(int(PYCGT_LIMIT)):>9}"
        rust_s = f"{rust[2]:9.3f}" if rust else f"{'-':>9}"
        ratio = f"{rust[2] / ours[2]:10.2f}x" if rust else f"{'-':>11}"
        same = "" if not rust else ("same" if _same(ours[1], rust[1]) else "DIFFERS")
        print(f"   {m}x{n:<4} {ours[2]:9.2f} {ours[3]:8.1f} {peer_s} {rust_s}   {ratio}"
              f"  {ours[1][:20]} {same}", flush=True)
        rows.append((m, n, ours, peer, rust))
    return rows


def _same(ours: str, rust: str) -> bool:
    from cgteach.games import parse

    inner = rust.split("'")[1]
    return parse(ours) == parse(inner)


def big_boards():
    """5x6 valued against cgt-py (long: minutes), 6x6 tried with the default budget."""
    domineering_table(BIG, engines=("cgteach", "cgt-py"))
    from cgteach.rulesets import domineering
    from cgteach.rulesets.domineering import Domineering

    t = time.process_time()
    try:
        v = Domineering.rectangle(6, 6).value()
        said = f"valued: {v}"
    except ValueError as exc:
        said = f"refused: {exc}"
    print(f"   6x6 with the default budget, in {time.process_time() - t:.3f} s: {said[:240]}")
    print(f"   (estimate {domineering.estimate_seconds(Domineering.rectangle(6, 6)):.0f} s)")


def toads_and_frogs():
    """The largest T...T_..._F...F segments valued within 10 s, beside pycgt."""
    code = {"cgteach": """
import json, time
import cgteach.games
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs, estimate_seconds
e = estimate_seconds({row!r})  # before the search fills the table
c = time.process_time(); v = ToadsAndFrogs({row!r}).value(budget=None)
print(json.dumps([0, str(v), time.process_time() - c, e]))
""", "pycgt": """
import json, time
from pycgt.rulesets import toads_and_frogs
from pycgt import notation
c = time.process_time(); v = toads_and_frogs.value({prow!r})  # pycgt writes t, f and .
print(json.dumps([0, notation.render(v), time.process_time() - c]))
"""}
    print("\n4. Toads and Frogs, the slowest rows T..T_.._F..F (CPU seconds, fresh process each)")
    for row in ("TTTT____FFFF", "TTTTT____FFFF", "TTTTT_____FFFF", "TTTTT______FFFF"):
        ours = _child(code["cgteach"].format(row=row), 60)
        peer = _child(code["pycgt"].format(prow=row.lower().replace("_", ".")), 60)
        ours_s = f"{ours[2]:7.2f} s (est. {ours[3]:.1f})" if ours else "   >60 s"
        peer_s = f"{peer[2]:7.2f} s" if peer else "   >60 s"
        ratio = f"{peer[2] / ours[2]:.1f}x" if ours and peer else "-"
        print(f"   {row:<16} {len(row):2} squares  cgteach {ours_s}  pycgt {peer_s}"
              f"  pycgt/ours {ratio}", flush=True)


_THERMO = {
    "cgteach": """
import json, time
from cgteach.games import parse
from cgteach.games.temperature import thermograph
texts = open({path!r}).read().splitlines()
t, c = time.perf_counter(), time.process_time()
games = [parse(text) for text in texts]
t1 = time.perf_counter()
ths = [thermograph(g) for g in games]
t2, c2 = time.perf_counter(), time.process_time()
out = [[str(th.temperature), str(th.mast)] for th in ths]
print(json.dumps([t2 - t, t1 - t, t2 - t1, out, c2 - c]))
""",
    "pycgt": """
import json, time
from pycgt import notation, thermal
texts = open({path!r}).read().splitlines()
t, c = time.perf_counter(), time.process_time()
games = [notation.parse(text) for text in texts]
t1 = time.perf_counter()
out = [[str(thermal.temperature(g)), str(thermal.mean(g))] for g in games]
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps([t2 - t, t1 - t, t2 - t1, out, c2 - c]))
""",
}


def _random_tree(rng, depth, width=3):
    if depth == 0:
        return ((), ())
    def side():
        k = rng.randrange(1, width + 1)
        return tuple(_random_tree(rng, rng.randrange(depth), width) for _ in range(k))

    return (side(), side())


def _brace(t) -> str:
    return "{" + ",".join(map(_brace, t[0])) + "|" + ",".join(map(_brace, t[1])) + "}"


def thermograph_table():
    import random

    import cgt_py

    print(f"\n2. Temperatures and thermographs of {N_GAMES} distinct random games born by day 4"
          " (read from text, then valued)")
    from cgteach.games import parse

    rng = random.Random(SEED)
    texts, seen = [], set()
    while len(texts) < N_GAMES:  # distinct games: no engine profits from a repeat
        text = _brace(_random_tree(rng, 4))
        g = parse(text)
        if g not in seen:
            seen.add(g)
            texts.append(text)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(texts))
    try:
        ours = _child(_THERMO["cgteach"].format(path=f.name), 600)
        peer = _child(_THERMO["pycgt"].format(path=f.name), 600)
    finally:
        os.unlink(f.name)
    t = time.perf_counter()
    rust = [cgt_py.CanonicalForm(x) for x in texts]
    rust_out = [(c.temperature, c.thermograph) for c in rust]
    rust_time = time.perf_counter() - t
    del rust_out
    bad = 0
    for row, c in zip(ours[3], rust, strict=True):
        tau = Fraction(repr(c.temperature).split("'")[1])
        mast = Fraction(repr(c.thermograph).split("Trajectory(")[1].split(",")[0])
        if Fraction(row[0]) != tau or Fraction(row[1]) != mast:
            bad += 1
    same_pycgt = sum(Fraction(a[0]) == Fraction(b[0]) and Fraction(a[1]) == Fraction(b[1])
                     for a, b in zip(ours[3], peer[3], strict=True))
    print(f"   cgteach thermographs: {ours[0]:.3f} s   pycgt temperature and mean: {peer[0]:.3f} s"
          f"   ours {peer[0] / ours[0]:.1f}x faster   [{'met' if ours[0] < peer[0] else 'MISSED'}]")
    print(f"     CPU time (fairer on a loaded machine): cgteach {ours[4]:.3f} s,"
          f" pycgt {peer[4]:.3f} s: ours {peer[4] / ours[4]:.1f}x faster")
    print(f"     of which reading the texts: cgteach {ours[1]:.3f} s (canonical forms included),"
          f" pycgt {peer[1]:.3f} s (game trees as written)")
    print(f"     of which the thermal part:  cgteach {ours[2]:.3f} s,"
          f" pycgt {peer[2]:.3f} s (canonical forms included)")
    print(f"   cgt-py (Rust) parse+temperature+thermograph: {rust_time:.3f} s")
    print(f"   temperature and mast equal to cgt-py's: {N_GAMES - bad}/{N_GAMES};"
          f" temperature and mean equal to pycgt's: {same_pycgt}/{N_GAMES}")
    return ours[0], peer[0], bad


def refusal():
    from cgteach.rulesets.domineering import Domineering

    print("\n3. A board too big to value")
    t = time.perf_counter()
    try:
        Domineering.rectangle(7, 7).value()
        msg = "NOT refused"
    except ValueError as exc:
        msg = str(exc)
    dt = time.perf_counter() - t
    print(f"   7x7 refused in {dt * 1000:.1f} ms: {msg[:90]}…")
    return dt


def main(parts=("domineering", "thermographs", "refusal", "toads")):
    if "domineering" in parts:
        domineering_table()
    if "big" in parts:
        big_boards()
    if "toads" in parts:
        toads_and_frogs()
    if "thermographs" in parts:
        thermograph_table()
    if "refusal" in parts:
        refusal()


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or ("domineering", "big", "thermographs", "refusal", "toads"))
