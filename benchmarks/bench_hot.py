"""Hot games: Domineering values and thermographs, cgteach against pycgt and cgt-py.

Measured in one run, each measurement in a fresh Python process (so no
engine profits from a table filled by an earlier one), with fixed seeds:

1. Domineering empty rectangles (3x4 up to 5x5): the time to the canonical
   value.  Targets: 4x5 in at most 1 s and 5x5 in at most 15 s; pycgt
   (pure Python) is the peer to beat, cgt-py (Rust) shows how far a compiled
   engine is ahead.  pycgt gets a time limit per board.
2. Temperatures and thermographs of 1,000 random games born by day 4:
   cgteach against pycgt in time; every temperature, mean and wall checked
   against cgt-py.
3. A board too big to value: the time to the refusal.

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

BOARDS = [(3, 4), (4, 4), (4, 5), (5, 4), (5, 5)]
TARGETS = {(4, 5): 1.0, (5, 5): 15.0}
PYCGT_LIMIT = 120.0
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
domineering.MAX_CELLS = 25  # the engine's speed past the limit a lesson may use (issue 39)
t = time.perf_counter(); v = Domineering.rectangle({m}, {n}).value(); dt = time.perf_counter() - t
print(json.dumps([dt, str(v)]))
""",
    "pycgt": """
import json, time
from pycgt.rulesets import domineering
from pycgt import notation
t = time.perf_counter(); v = domineering.rectangle({m}, {n}); dt = time.perf_counter() - t
print(json.dumps([dt, notation.render(v)]))
""",
    "cgt-py": """
import json, time
import cgt_py
t = time.perf_counter(); v = cgt_py.Domineering("|".join(["." * {n}] * {m})).canonical_form
dt = time.perf_counter() - t
print(json.dumps([dt, repr(v)]))
""",
}


def domineering_table():
    print("1. Domineering, empty rectangles (seconds to the canonical value, fresh process each)")
    print(f"   {'board':>6} {'cgteach':>9} {'pycgt':>9} {'cgt-py':>9}"
          "   ours/pycgt  cgt-py lead  target")
    rows = []
    for m, n in BOARDS:
        times = {}
        for engine, code in _DOMINEERING.items():
            limit = PYCGT_LIMIT if engine == "pycgt" else 600
            res = _child(code.format(m=m, n=n), limit)
            times[engine] = None if res is None else res[0]
        ours, peer, rust = times["cgteach"], times["pycgt"], times["cgt-py"]
        peer_s = f"{peer:9.2f}" if peer is not None else f"{'>' + str(int(PYCGT_LIMIT)):>9}"
        if peer is not None:
            ratio = f"{peer / ours:8.1f}x"
        else:
            ratio = f"{'>' + format(PYCGT_LIMIT / ours, '.0f'):>8}x"
        lead = f"{ours / rust:9.0f}x" if rust else "        -"
        target = TARGETS.get((m, n))
        mark = "" if target is None else (f"<= {target:g} s [met]" if ours <= target
                                          else f"<= {target:g} s [MISSED]")
        print(f"   {m}x{n:<4} {ours:9.2f} {peer_s} {rust:9.4f}   {ratio}   {lead}    {mark}")
        rows.append((m, n, ours, peer, rust))
    return rows


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
        Domineering.rectangle(8, 8).value()
        msg = "NOT refused"
    except ValueError as exc:
        msg = str(exc)
    dt = time.perf_counter() - t
    print(f"   8x8 refused in {dt * 1000:.1f} ms: {msg[:90]}…")
    return dt


def main(parts=("domineering", "thermographs", "refusal")):
    if "domineering" in parts:
        domineering_table()
    if "thermographs" in parts:
        thermograph_table()
    if "refusal" in parts:
        refusal()


if __name__ == "__main__":
    main(tuple(sys.argv[1:]) or ("domineering", "thermographs", "refusal"))
