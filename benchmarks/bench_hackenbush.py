"""Time the green Hackenbush value: linear method against brute force.

Run with ``.venv/bin/python benchmarks/bench_hackenbush.py``.  Prints, for
random connected multigraphs with loops and circuits of 10^3, 10^4 and 10^5
edges, the time of ``grundy`` and the time per edge (flat when the method is
linear); then, on small drawings, brute force against the linear method;
then ``winning_moves`` and ``reduction_steps`` on medium drawings; then
``winning_moves`` on long circuits with stalks hanging on them, against the
former method that re-valued the block after every cut (quadratic).
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
    caterpillar_steps()
    circuit_cuts()


def hairy_circuit(length, seed):
    """A circuit on the ground with 0–2 stalks of 1–3 edges hanging at every node.

    The edge count is made odd (a loop on the ground if needed), so the value
    is odd and cuts inside the circuit can win: the method must look at all.
    """
    rng = random.Random(seed)
    edges = [(k, (k + 1) % length) for k in range(length)]
    fresh = length
    for k in range(length):
        for _ in range(rng.randrange(3)):
            top = k
            for _ in range(rng.randrange(1, 4)):
                edges.append((top, fresh))
                top, fresh = fresh, fresh + 1
    if len(edges) % 2 == 0:
        edges.append((0, 0))
    return Hackenbush(edges)


def triangle_chain(k):
    """``k`` triangles glued corner to corner, a leaf on every third, a stalk on top."""
    edges = []
    for j in range(k):
        a, b, c = 2 * j, 2 * j + 1, 2 * j + 2
        edges += [(a, b), (b, c), (c, a)]
        if j % 3 == 0:
            edges.append((b, ("leaf", j)))
    edges.append((2 * k, "top"))
    if len(edges) % 2 == 0:
        edges.append((0, 0))
    return Hackenbush(edges)


def circuit_cuts():
    """Cuts inside one long circuit: the former method re-valued the whole
    2-edge-connected component (with its hanging branches as weights) once
    per edge; now each block fuses into its attaching node, and a block that
    is a circuit has all its cuts valued at once, one pass per bit."""
    from cgteach.hackenbush import green

    print("\nwinning_moves() inside one long circuit with stalks hanging on it, and in a")
    print("chain of triangles glued corner to corner (one 2-edge-connected component)")
    print(f"{'drawing':>9} {'edges':>7} {'before (s)':>11} {'after (s)':>10} {'ratio':>7} "
          f"{'cuts':>5}")
    for length in (2_000, 20_000):
        for name, position in (
            ("bare", Hackenbush([(k, (k + 1) % (length + 1)) for k in range(length + 1)])),
            ("hairy", hairy_circuit(length, seed=length)),
            ("triangles", triangle_chain(length // 3)),
        ):
            fast, moves = timed(winning_moves, position)
            if length <= 2_000:  # the former method needs minutes at 20,000
                slow, old = timed(green._winning_moves, position, True, repeat=1)
                assert old == moves
                before, ratio = f"{slow:>11.2f}", f"{slow / fast:>7.0f}"
            else:
                before, ratio = f"{'-':>11}", f"{'-':>7}"
            print(f"{name:>9} {len(position):>7} {before} {fast:>10.3f} {ratio} "
                  f"{len(moves):>5}")


def caterpillar_steps():
    """A caterpillar (a path with a leaf at every node) needs one colon round per
    node, the worst case for the story.  Each step used to be snapshot through
    the checking constructor; now it is built directly from the checked drawing."""
    from cgteach.hackenbush import green

    def checked_record(self, rule, description):  # the old snapshot, for comparison
        position = Hackenbush(self.edges, ground=self.ground)
        self.steps.append(green.Step(rule, description, position, tuple(self.origin)))

    print("\nreduction_steps() on a caterpillar: checked snapshots (before) against trusted")
    for n in (100, 200):
        edges = []
        for k in range(n):
            edges += [(k, k + 1), (k + 1, ("leaf", k))]
        position = Hackenbush(edges)
        fast, steps = timed(reduction_steps, position, repeat=1)
        trusted = green._Drawing.record
        green._Drawing.record = checked_record
        try:
            slow, old = timed(reduction_steps, position, repeat=1)
        finally:
            green._Drawing.record = trusted
        assert [s.position for s in old] == [s.position for s in steps]
        print(f"{2 * n:>6} edges, {len(steps)} steps: before {slow:.2f} s, "
              f"after {fast:.2f} s, ratio {slow / fast:.1f}")


if __name__ == "__main__":
    main()
