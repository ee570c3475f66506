"""All-small games: Clobber, Cram, reduced forms and atomic weights, against pycgt and cgt-py.

Measured in one run, each measurement in a fresh Python process (so no
engine profits from a table filled by an earlier one), with fixed seeds:

1. Clobber, full checkerboards 3x4 and 4x4: the time to the canonical
   value.  pycgt (pure Python) is the peer to beat; cgt-py (Rust) has no
   Clobber (it has Konane and Domineering), so it is not in this table.
   pycgt gets a time limit per board.
2. Cram, empty 4x5 and 5x5: cgteach's partizan engine (``value()``) and its
   Grundy search (``grundy()``) against pycgt; cgt-py has no Cram.
3. Reduced canonical forms of 1,000 random games born by day 3: cgteach
   against pycgt and cgt-py (every answer checked against cgt-py, which
   agrees with cgteach; pycgt keeps options that are dominated modulo
   infinitesimals in about half of them, see tests/test_cold.py).
4. Atomic weights of 1,000 all-small games: all 67 born by day 3, then
   random ones born by day 4.  Neither peer has atomic weight, so only
   cgteach's time is shown.
5. A board too big to value: the time to the refusal.

Measured on 2026-11-27 on the shared 2-core machine (about seven other jobs
running, so every time here is slower than on an idle machine; the ratios
come from one run)::

    Clobber 3x4      cgteach   0.85 s   pycgt   11.45 s   13.4x faster
    Clobber 4x4      cgteach  47.4 s    pycgt  > 600 s    > 13x (pycgt did not finish in
                     25 min in an earlier run either; cgteach took 24 s on a quieter machine)
    Cram 4x5 (*2)    value() 3.27 s, grundy() 4.84 s   pycgt  62.6 s   19x / 13x
    Cram 5x5 (0)     value() 37.0 s, grundy() 38.1 s   pycgt 221.3 s   6.0x / 5.8x
                     (7 s on a quieter machine)
    reduced, 1,000 distinct games born by day 3
                     cgteach 0.037 s   pycgt 0.06 s (1.6x)   cgt-py 0.018 s (2x ahead of us);
                     with reading the texts: cgteach 0.67 s, pycgt 0.51 s (0.8x: cgteach's
                     parse() is the slower part), cgt-py 0.06 s; all 1,000 agree with cgt-py
    atomic weights, 1,000 all-small games: cgteach 0.053 s (no peer has them)
    refusal of a 5x5 Clobber board: 0.2 ms, naming the size and the limit

Run:  .venv/bin/python benchmarks/bench_allsmall.py        (several minutes)
      .venv/bin/python benchmarks/bench_allsmall.py cram   (one part: clobber, cram,
      reduced, weights or refusal)
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile

SEED = 2026
N_GAMES = 1000
PYCGT_LIMIT = 600.0


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


def _secs(t) -> str:
    return f"{t:9.2f}" if t is not None else f"{'>' + str(int(PYCGT_LIMIT)):>9}"


def _ratio(ours, peer) -> str:
    if peer is None:
        return f"{'>' + format(PYCGT_LIMIT / ours, '.0f'):>8}x"
    return f"{peer / ours:8.1f}x"


def _checker(m: int, n: int) -> list:
    return ["".join("xo"[(r + c) % 2] for c in range(n)) for r in range(m)]


_CLOBBER = {
    "cgteach": """
import json, time
import cgteach.games
from cgteach.rulesets.clobber import Clobber
t = time.perf_counter(); v = Clobber({rows!r}).value(); dt = time.perf_counter() - t
print(json.dumps([dt, str(v)]))
""",
    "pycgt": """
import json, time
from pycgt.rulesets import clobber
from pycgt import notation
t = time.perf_counter(); v = clobber.parse({text!r}); dt = time.perf_counter() - t
print(json.dumps([dt, notation.render(v)]))
""",
}


def clobber_table():
    print("1. Clobber, full checkerboards (seconds to the canonical value, fresh process each)")
    print(f"   {'board':>6} {'cgteach':>9} {'pycgt':>9}   ours/pycgt   value")
    for m, n in ((3, 4), (4, 4)):
        rows = _checker(m, n)
        ours, value = _child(_CLOBBER["cgteach"].format(rows=rows), 900)
        res = _child(_CLOBBER["pycgt"].format(text="|".join(rows)), PYCGT_LIMIT)
        peer = None if res is None else res[0]
        print(f"   {m}x{n:<4} {ours:9.2f} {_secs(peer)}   {_ratio(ours, peer)}   {value}"
              + ("" if res is None else f" (pycgt: {res[1]})"))


_CRAM = {
    "cgteach value()": """
import json, time
import cgteach.games
from cgteach.rulesets.cram import Cram
t = time.perf_counter(); v = Cram.rectangle({m}, {n}).value(); dt = time.perf_counter() - t
print(json.dumps([dt, str(v)]))
""",
    "cgteach grundy()": """
import json, time
from cgteach.rulesets.cram import Cram
t = time.perf_counter(); v = Cram.rectangle({m}, {n}).grundy(); dt = time.perf_counter() - t
print(json.dumps([dt, "*%d" % v if v else "0"]))
""",
    "pycgt": """
import json, time
from pycgt.rulesets import cram
from pycgt import notation
t = time.perf_counter(); v = cram.rectangle({m}, {n}); dt = time.perf_counter() - t
print(json.dumps([dt, notation.render(v)]))
""",
}


def cram_table():
    print("2. Cram, empty rectangles (seconds, fresh process each)")
    print(f"   {'board':>6} {'value()':>9} {'grundy()':>9} {'pycgt':>9}"
          "   pycgt/value()  pycgt/grundy()  values")
    for m, n in ((4, 5), (5, 5)):
        res = {k: _child(code.format(m=m, n=n), PYCGT_LIMIT if k == "pycgt" else 900)
               for k, code in _CRAM.items()}
        ours, gr, peer = res["cgteach value()"][0], res["cgteach grundy()"][0], res["pycgt"]
        peer_t = None if peer is None else peer[0]
        values = " ".join(sorted({r[1] for r in res.values() if r is not None}))
        print(f"   {m}x{n:<4} {ours:9.2f} {gr:9.2f} {_secs(peer_t)}   {_ratio(ours, peer_t)}"
              f"      {_ratio(gr, peer_t)}       {values}")


def _games_by_day_3(rng, count):
    """Texts of ``count`` distinct random games born by day 3 (of the 1474 there are)."""
    from cgteach.games import game

    def antichains(games):
        out = []

        def grow(start, chosen):
            out.append(list(chosen))
            for i in range(start, len(games)):
                if all(games[i].fuzzy(h) for h in chosen):
                    chosen.append(games[i])
                    grow(i + 1, chosen)
                    chosen.pop()

        grow(0, [])
        return out

    day = [game([], [])._core]
    for _ in range(3):
        chains = antichains(day)
        day = sorted({game(a, b)._core for a in chains for b in chains}, key=repr)
    assert len(day) == 1474
    return [_text(g) for g in rng.sample(day, count)]


def _text(g) -> str:
    if g._num is not None:
        return str(g._num)
    return "{" + ",".join(map(_text, g.left)) + "|" + ",".join(map(_text, g.right)) + "}"


_REDUCED = {
    "cgteach": """
import json, time
from cgteach.games import parse
from cgteach.games.cold import reduced
texts = open({path!r}).read().splitlines()
t0 = time.perf_counter(); games = [parse(t) for t in texts]
t = time.perf_counter(); out = [reduced(g) for g in games]; dt = time.perf_counter() - t
print(json.dumps([dt, [repr(x) for x in out], dt + t - t0]))
""",
    "pycgt": """
import json, time
from pycgt import notation
from pycgt.reduced import reduced_canonical_form
texts = open({path!r}).read().splitlines()
t0 = time.perf_counter(); games = [notation.parse(t) for t in texts]
t = time.perf_counter(); out = [reduced_canonical_form(g) for g in games]
dt = time.perf_counter() - t
print(json.dumps([dt, None, dt + t - t0]))
""",
    "cgt-py": """
import json, time
import cgt_py
texts = open({path!r}).read().splitlines()
t0 = time.perf_counter(); games = [cgt_py.CanonicalForm(t) for t in texts]
t = time.perf_counter(); out = [g.reduced for g in games]; dt = time.perf_counter() - t
print(json.dumps([dt, [repr(x) for x in out], dt + t - t0]))
""",
}


def reduced_table():
    print(f"3. Reduced canonical forms of {N_GAMES:,} distinct random games born by day 3 "
          "(seconds: reducing only, and reading the text + reducing)")
    rng = random.Random(SEED)
    texts = _games_by_day_3(rng, N_GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.txt")
        with open(path, "w") as f:
            f.write("\n".join(texts))
        res = {k: _child(code.format(path=path), PYCGT_LIMIT) for k, code in _REDUCED.items()}
    ours, peer, rust = res["cgteach"][0], res["pycgt"], res["cgt-py"][0]
    peer_t = None if peer is None else peer[0]
    whole = {k: None if r is None else r[2] for k, r in res.items()}
    # Every answer against cgt-py's.
    from cgteach.games import parse

    agree = sum(parse(a) == _from_cgt_repr(b)
                for a, b in zip(res["cgteach"][1], res["cgt-py"][1], strict=True))
    print(f"   cgteach {ours:7.3f}   pycgt {_secs(peer_t).strip()}   cgt-py {rust:7.4f}   "
          f"ours/pycgt {_ratio(ours, peer_t).strip()}   cgt-py lead {ours / rust:.0f}x   "
          f"agree with cgt-py: {agree}/{N_GAMES}")
    w_ours, w_peer, w_rust = whole["cgteach"], whole["pycgt"], whole["cgt-py"]
    print(f"   read + reduce: cgteach {w_ours:7.3f}   pycgt {_secs(w_peer).strip()}   "
          f"cgt-py {w_rust:7.4f}   ours/pycgt {_ratio(w_ours, w_peer).strip()}")


def _from_cgt_repr(text: str):
    from cgteach.games import parse

    inner = text[len("CanonicalForm('"):-2]
    return parse(inner.replace("^", "↑").replace("v", "↓").replace("+-", "±"))


_WEIGHTS = """
import json, random, time
from cgteach.games import game
from cgteach.games.cold import atomic_weight, is_all_small
rng = random.Random({seed})
d1 = [game([], []), game([0], [0])]
d2 = sorted({{game(rng.sample(d1, rng.randint(1, 2)), rng.sample(d1, rng.randint(1, 2)))._core
             for _ in range(200)}} | {{d1[0]}}, key=repr)
d3 = set()
import itertools
for a in range(1, len(d2) + 1):
    for left in itertools.combinations(d2, a):
        for b in range(1, len(d2) + 1):
            for right in itertools.combinations(d2, b):
                d3.add(game(left, right)._core)
d3 = sorted(d3, key=repr)
games = list(d3)
while len(games) < {n}:
    games.append(game(rng.sample(d3, rng.randint(1, 3)), rng.sample(d3, rng.randint(1, 3)))._core)
assert all(is_all_small(g) for g in games)
t = time.perf_counter(); out = [atomic_weight(g) for g in games]; dt = time.perf_counter() - t
print(json.dumps([dt, len(d3), sum(w._num is None or w._num.denominator != 1 for w in out)]))
"""


def weights_table():
    print(f"4. Atomic weights of {N_GAMES:,} all-small games (all born by day 3, then random "
          "ones born by day 4)")
    dt, d3, odd = _child(_WEIGHTS.format(seed=SEED, n=N_GAMES), 900)
    print(f"   cgteach {dt:7.3f} s for {N_GAMES:,} games ({d3} born by day 3, the rest by "
          f"day 4; {odd} of the weights are not integers); pycgt and cgt-py have no "
          "atomic weight")


def refusal():
    print("5. A board too big to value")
    code = """
import json, time
from cgteach.rulesets.clobber import Clobber
t = time.perf_counter()
try:
    Clobber.rectangle(5, 5).value()
except ValueError as e:
    msg = str(e)
print(json.dumps([time.perf_counter() - t, msg]))
"""
    dt, msg = _child(code, 60)
    print(f"   Clobber 5x5 refused in {dt * 1000:.1f} ms: {msg[:90]}...")


PARTS = {"clobber": clobber_table, "cram": cram_table, "reduced": reduced_table,
         "weights": weights_table, "refusal": refusal}


def main(argv):
    wanted = argv or list(PARTS)
    for name in wanted:
        if name not in PARTS:
            raise SystemExit(f"unknown part {name!r}; choose from {', '.join(PARTS)}")
    for name in wanted:
        PARTS[name]()
        print()


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main(sys.argv[1:])
