"""Time the green Hackenbush value: linear method against brute force.

Run with ``.venv/bin/python benchmarks/bench_hackenbush.py``.  Prints, for
random connected multigraphs with loops and circuits of 10^3, 10^4 and 10^5
edges, the time of ``grundy`` and the time per edge (flat when the method is
linear); then, on small drawings, brute force against the linear method;
then ``winning_moves`` and ``reduction_steps`` on medium drawings.
"""

import random
import statistics
import time

from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.examples import random_position
from cgteach.hackenbush.green import (
    grundy,
    grundy_brute,
    reduction_steps,
    winning_moves,
    winning_moves_brute,
)


def timed(function, *args, repeat=3):
    """Best of ``repeat`` runs, in seconds, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function(*args)
        best = min(best, time.perf_counter() - start)
    return best, result


def big_random(n_edges, seed):
    """A random multigraph on the ground: about half the edges open new nodes."""
    rng = random.Random(seed)
    edges, nodes = [], 2
    for _ in range(n_edges):
        u = rng.randrange(nodes)
        roll = rng.random()
        if roll < 0.1:
            edges.append((u, u))
        elif roll < 0.6:
            edges.append((u, nodes))
            nodes += 1
        else:
            edges.append((u, rng.randrange(nodes)))
    return Hackenbush(edges, ground=(0, 1))


def main():
    print("grundy() on random multigraphs (loops, parallel edges, circuits, 2 ground nodes)")
    print(f"{'edges':>8} {'time (s)':>10} {'µs per edge':>12}")
    for n in (1_000, 10_000, 100_000):
        position = big_random(n, seed=n)
        seconds, _ = timed(grundy, position)
        print(f"{n:>8} {seconds:>10.4f} {seconds / n * 1e6:>12.2f}")
    for name, position in [
        ("path", Hackenbush([(k, k + 1) for k in range(100_000)])),
        ("circuit", Hackenbush([(k, (k + 1) % 100_000) for k in range(100_000)])),
        ("binary tree", Hackenbush([(k // 2, k + 1) for k in range(100_000)])),
    ]:
        seconds, _ = timed(grundy, position)
        print(f"{name:>11} of 10^5 edges: {seconds:.4f} s")
    print("(the work per edge is constant; time per edge still creeps up with size because\n"
          " large random graphs no longer fit in the processor's caches)")

    print("\nbrute force (MEX over every cut) against grundy() on small random drawings")
    print(f"{'edges':>6} {'brute (ms)':>11} {'linear (ms)':>12} {'ratio':>8}")
    for n in (6, 9, 12, 15):
        brute, linear = [], []
        for seed in range(5):
            position = random_position(n, random.Random(seed))
            b, value = timed(grundy_brute, position, repeat=1)
            f, fast = timed(grundy, position)
            assert value == fast
            brute.append(b)
            linear.append(f)
        b, f = statistics.mean(brute), statistics.mean(linear)
        print(f"{n:>6} {b * 1e3:>11.2f} {f * 1e3:>12.3f} {b / f:>8.0f}")

    print("\nwinning_moves(): fast method against 'cut each edge and search' (brute)")
    for n in (8, 12):
        position = random_position(n, random.Random(3))
        b, slow = timed(winning_moves_brute, position, repeat=1)
        f, fast = timed(winning_moves, position)
        assert slow == fast
        print(f"{n:>6} edges: brute {b * 1e3:.2f} ms, fast {f * 1e3:.3f} ms, ratio {b / f:.0f}")
    for n in (1_000, 10_000):
        position = big_random(n, seed=n)
        seconds, moves = timed(winning_moves, position, repeat=1)
        print(f"{n:>6} edges: winning_moves {seconds:.3f} s ({len(moves)} winning cuts)")
    tree = Hackenbush([(k // 3, k + 1) for k in range(100_000)] + [(0, "x")])
    seconds, moves = timed(winning_moves, tree, repeat=1)
    print(f"a tree of 10^5 edges: winning_moves {seconds:.3f} s ({len(moves)} winning cuts)")

    print("\nreduction_steps() (teaching sizes)")
    for n in (20, 100, 400):
        position = random_position(n, random.Random(n))
        seconds, steps = timed(reduction_steps, position, repeat=1)
        print(f"{n:>6} edges: {len(steps)} steps in {seconds * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
