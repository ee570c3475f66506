"""Canonical-form arithmetic: cgteach.games against pycgt (and cgt-py, if installed).

The same work for every engine, in one run, with a fixed seed:

1. canonical forms of random raw games born by day 3 (read from brace text,
   so every engine starts from the same written game);
2. sums of pairs of those games;
3. sums of six games at a time;
4. comparisons ``G <= H`` between the sums.

pycgt (pure Python, PyPI ``pycgt``) is the peer we aim to match or beat;
cgt-py (Rust, PyPI ``cgt-py``) is measured only to say how far a compiled
engine is ahead.  Each engine answers every question, and the answers are
checked to agree (as canonical forms written out).

Run:  .venv/bin/python benchmarks/bench_games.py   (a few seconds)
"""

from __future__ import annotations

import random
import sys
import time

from cgteach import games

SEED = 2026
N_GAMES = 1000
N_PAIRS = 1000
N_SIXES = 150


def random_tree(rng: random.Random, depth: int, width: int = 3):
    if depth == 0:
        return ((), ())
    return (
        tuple(
            random_tree(rng, rng.randrange(depth), width) for _ in range(rng.randrange(width + 1))
        ),
        tuple(
            random_tree(rng, rng.randrange(depth), width) for _ in range(rng.randrange(width + 1))
        ),
    )


def brace_text(t) -> str:
    return "{" + ",".join(map(brace_text, t[0])) + "|" + ",".join(map(brace_text, t[1])) + "}"


def workload():
    rng = random.Random(SEED)
    texts = [brace_text(random_tree(rng, 3)) for _ in range(N_GAMES)]
    pairs = [(rng.randrange(N_GAMES), rng.randrange(N_GAMES)) for _ in range(N_PAIRS)]
    sixes = [[rng.randrange(N_GAMES) for _ in range(6)] for _ in range(N_SIXES)]
    return texts, pairs, sixes


class Ours:
    name = "cgteach.games"

    def read(self, text):
        return games.parse(text)

    def add(self, g, h):
        return g + h

    def le(self, g, h):
        return g <= h

    def key(self, g):
        return tree(g.left, g.right)


class Pycgt:
    name = "pycgt 0.2"

    def __init__(self):
        import pycgt

        self.m = pycgt

    def read(self, text):
        return self.m.parse(text)

    def add(self, g, h):
        return self.m.add(g, h)

    def le(self, g, h):
        return self.m.leq(g, h)

    def key(self, g):
        return tree(g.left, g.right)


class CgtPy:
    name = "cgt-py (Rust)"

    def __init__(self):
        import cgt_py

        self.C = cgt_py.CanonicalForm

    def read(self, text):
        return self.C(text)

    def add(self, g, h):
        return g + h

    def le(self, g, h):
        return g <= h

    def key(self, g):
        return tree(g.left_options, g.right_options)


_TREES: dict = {}


def tree(left, right):
    """A canonical form as nested frozensets, comparable across engines."""
    return (
        frozenset(_tree_of(x) for x in left),
        frozenset(_tree_of(x) for x in right),
    )


def _tree_of(g):
    k = (type(g), id(g))
    r = _TREES.get(k)
    if r is None:
        if hasattr(g, "left_options"):
            r = tree(g.left_options, g.right_options)
        else:
            r = tree(g.left, g.right)
        _TREES[k] = (r, g)  # keep g alive so its id is not reused
        return r
    return r[0]


def run(engine, texts, pairs, sixes):
    times = {}
    t = time.perf_counter()
    gs = [engine.read(s) for s in texts]
    times["canonical forms"] = time.perf_counter() - t
    t = time.perf_counter()
    sums = [engine.add(gs[i], gs[j]) for i, j in pairs]
    times["pair sums"] = time.perf_counter() - t
    t = time.perf_counter()
    big = []
    for idx in sixes:
        acc = gs[idx[0]]
        for i in idx[1:]:
            acc = engine.add(acc, gs[i])
        big.append(acc)
    times["six-game sums"] = time.perf_counter() - t
    t = time.perf_counter()
    order = [engine.le(big[i], big[(i * 7 + 1) % len(big)]) for i in range(len(big))]
    order += [engine.le(sums[i], sums[(i * 5 + 2) % len(sums)]) for i in range(len(sums))]
    times["comparisons"] = time.perf_counter() - t
    answers = [engine.key(g) for g in gs + sums + big], order
    return times, answers


def main():
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))  # pycgt recurses deeply
    texts, pairs, sixes = workload()
    engines = [Ours()]
    for cls in (Pycgt, CgtPy):
        try:
            engines.append(cls())
        except ImportError:
            print(f"({cls.name} is not installed; skipped)")
    results = {}
    for e in engines:
        results[e.name] = run(e, texts, pairs, sixes)
    ours_times, ours_answers = results[Ours.name]
    print(
        f"{N_GAMES} random games born by day 3, {N_PAIRS} pair sums, "
        f"{N_SIXES} six-game sums, {N_SIXES + N_PAIRS} comparisons (seed {SEED})"
    )
    header = f"{'':18}" + "".join(f"{e.name:>18}" for e in engines)
    print(header)
    for phase in ours_times:
        row = f"{phase:18}" + "".join(f"{results[e.name][0][phase]:>17.3f}s" for e in engines)
        print(row)
    totals = {name: sum(r[0].values()) for name, r in results.items()}
    print(f"{'total':18}" + "".join(f"{totals[e.name]:>17.3f}s" for e in engines))
    for e in engines[1:]:
        same = results[e.name][1] == ours_answers
        ratio = totals[e.name] / totals[Ours.name]
        if ratio >= 1:
            verdict = f"cgteach.games is {ratio:.1f}x faster than {e.name}"
        else:
            verdict = f"cgteach.games is {1 / ratio:.1f}x slower than {e.name}"
        print(f"{verdict}; same answers: {same}")


if __name__ == "__main__":
    main()
