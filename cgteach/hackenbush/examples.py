"""Named green Hackenbush positions for the lessons, and random ones for experiments.

Each function returns a fresh :class:`~cgteach.hackenbush.Hackenbush`
position; its docstring gives the value and why.  Ground nodes come first
in ``.nodes``.

* :func:`stalk`, :func:`stalks` — bamboo stalks, which are Nim heaps (Thm 5.1);
* :func:`tree`, :func:`forest` — branching trees (the colon principle, Thm 5.3);
* :func:`triangle`, :func:`square` — an odd and an even circuit (the fusion
  principle, Thm 5.4, and the game notes' corollary: odd is an edge, even nothing);
* :func:`house` — a drawing in the spirit of the essay's worked example,
  a house lifted by balloons, with two ground nodes, circuits, loops and
  branching strings;
* :func:`random_position` — a random multigraph joined to the ground.

>>> [p.grundy() for p in (stalk(3), stalks(1, 2, 3), tree(), forest(), triangle(), square())]
[3, 0, 3, 7, 1, 0]
>>> house().grundy()
2
"""

from __future__ import annotations

import numbers

from cgteach._validate import as_count, as_list, as_rng, check_size
from cgteach.hackenbush.position import Hackenbush

#: The most edges an example builds (green grundy() does 10**5 in 0.2 s).
MAX_EDGES = 10**6


__all__ = [
    "forest",
    "house",
    "lecture_drawing",
    "random_position",
    "square",
    "stalk",
    "stalks",
    "tree",
    "triangle",
]


def stalk(n: int) -> Hackenbush:
    """A stalk of ``n`` edges on the ground: worth ``*n``, like a Nim heap of ``n``.

    >>> stalk(3)
    Hackenbush([(0, 1), (1, 2), (2, 3)], ground=(0,))
    """
    n = as_count(n, "the stalk's length n", MAX_EDGES)
    return Hackenbush([(k, k + 1) for k in range(n)])


def stalks(*lengths: int) -> Hackenbush:
    """Stalks of the given lengths side by side on one ground node.

    Worth the nim sum of the lengths (Thm 5.1): ``stalks(1, 2, 3)`` is worth
    ``1 ⊕ 2 ⊕ 3 = 0``.

    >>> stalks(2, 1)
    Hackenbush([(0, 1), (1, 2), (0, 3)], ground=(0,))
    """
    if len(lengths) == 1 and not isinstance(lengths[0], numbers.Integral):
        lengths = tuple(as_list(lengths[0], "lengths", limit=MAX_EDGES))
    edges = []
    top = 0
    for k, n in enumerate(lengths, start=1):
        n = as_count(n, f"stalk {k}'s length", MAX_EDGES)
        check_size(top + n, MAX_EDGES, "the total number of edges")
        below = 0
        for _ in range(n):
            top += 1
            edges.append((below, top))
            below = top
    return Hackenbush(edges)


def tree() -> Hackenbush:
    """A small branching tree, worth ``*3``.

    A trunk 0–1 carries three branches at node 1: a stalk of 2, a single
    edge, and an edge 1–5 that forks into two leaves.  By the colon
    principle (Thm 5.3) the fork at 5 is worth ``1 ⊕ 1 = 0``, so the branch
    1–5 is worth 1; at node 1, ``2 ⊕ 1 ⊕ 1 = 2``; with the trunk, 3.
    """
    return Hackenbush([(0, 1), (1, 2), (2, 3), (1, 4), (1, 5), (5, 6), (5, 7)])


def forest() -> Hackenbush:
    """Three trees on one ground node, worth ``*1 + *5 + *3 = *7``.

    The first is a Y: two leaves on a stem (``1 ⊕ 1 = 0`` at the fork, so
    the stem alone counts: *1).  The second has a stem of two edges under a
    fork of a leaf and a stalk of 2 (``1 ⊕ 2 = 3`` at the fork, then 4, then
    5).  The third is :func:`tree` (*3).  In all, ``1 ⊕ 5 ⊕ 3 = 7``.
    """
    first = [(0, 1), (1, 2), (1, 3)]
    second = [(0, 4), (4, 5), (5, 6), (5, 7), (7, 8)]
    third = [(0, 9), (9, 10), (10, 11), (9, 12), (9, 13), (13, 14), (13, 15)]
    return Hackenbush(first + second + third)


def triangle() -> Hackenbush:
    """An odd circuit through the ground, worth ``*1``, like a single edge.

    Fusing it (Thm 5.4) leaves 3 loops at the ground, worth 1 ⊕ 1 ⊕ 1 (the game
    notes' corollary: an odd circuit is worth an edge, standing *beside*
    whatever hangs from the circuit, not under it).
    """
    return Hackenbush([(0, 1), (1, 2), (2, 0)])


def square() -> Hackenbush:
    """An even circuit through the ground, worth ``0``, like no edge at all.

    Fusing it (Thm 5.4) leaves 4 loops at the ground, worth 0 (the game notes'
    corollary: an even circuit is worth nothing).
    """
    return Hackenbush([(0, 1), (1, 2), (2, 3), (3, 0)])


def house() -> Hackenbush:
    """A house lifted by balloons (after the essay's worked example), worth ``*2``.

    Two ground nodes ``g`` and ``h`` are the corners of the house.  Walls
    ``g–a`` and ``h–b``, the beam ``a–b`` and the roof ``a–c–b`` make a block
    of circuits with 5 edges (an odd number) once the ground is one node.
    From the roof top ``c`` a string rises to ``f``, where three balloons
    are tied: a round one (a loop) on a string of 1, one on a string of 2,
    and a triangular one on a string of 2.

    Reducing: the balloons are worth 2, 3 and 3 (the triangle fuses to one
    edge), so ``2 ⊕ 3 ⊕ 3 = 2`` at ``f``; with the string ``c–f`` that is 3
    at ``c``.  The house's 5 edges fuse to 5 loops on the ground, worth 1,
    so the value is ``1 ⊕ 3 = 2``, as in the essay.
    """
    return Hackenbush(
        [
            ("g", "a"), ("h", "b"), ("a", "b"), ("a", "c"), ("b", "c"),  # walls, beam, roof
            ("c", "f"),                                                 # the string
            ("f", "i"), ("i", "i"),                                     # a round balloon
            ("f", "j"), ("j", "k"), ("k", "k"),                         # one higher up
            ("f", "l"), ("l", "m"), ("m", "n"), ("n", "o"), ("o", "m"), # a triangular one
        ],
        ground=("g", "h"),
    )


def lecture_drawing(n_edges: int, circuits: int, rng=None, colours=("blue", "red"),
                    reach: int = 4) -> Hackenbush:
    """A drawing like a lecturer's: a random tree with ``circuits`` extra edges.

    The tree has ``n_edges - circuits`` edges on the single ground node 0;
    each extra edge joins a node to one of its ancestors 2 to ``reach`` steps
    down, closing a circuit of 3 to ``reach + 1`` edges.  Every edge gets a
    colour drawn from ``colours``.  These are the "lecture drawings" of the
    benchmarks and the editor's live-valuation test.

    >>> h = lecture_drawing(12, 2, 7)
    >>> len(h.edges), h == lecture_drawing(12, 2, 7)
    (12, True)
    """
    n_edges = as_count(n_edges, "n_edges", MAX_EDGES)
    circuits = as_count(circuits, "circuits", MAX_EDGES)
    reach = as_count(reach, "reach", MAX_EDGES)
    if circuits >= n_edges or reach < 2:
        raise ValueError("a lecture drawing needs fewer circuits than edges and reach >= 2, "
                         f"got {n_edges} edges, {circuits} circuits, reach {reach}")
    colours = tuple(colours)
    if not colours or any(c not in ("green", "blue", "red") for c in colours):
        raise ValueError(f"colours must be some of 'green', 'blue', 'red', got {colours!r}")
    rng = as_rng(rng)
    tree = n_edges - circuits
    parent, edges = {}, []
    for j in range(1, tree + 1):
        parent[j] = rng.randrange(j)
        edges.append((parent[j], j, rng.choice(colours)))
    while len(edges) < n_edges:
        v = rng.randrange(1, tree + 1)
        u, steps = v, rng.randrange(2, reach + 1)
        for _ in range(steps):
            if u == 0:
                break
            u = parent[u]
        else:  # v has an ancestor `steps` edges down: join them
            edges.append((u, v, rng.choice(colours)))
    return Hackenbush(edges)


def random_position(n_edges: int, rng=None, loops: bool = True, multi: bool = True,
                    grounds: int = 2) -> Hackenbush:
    """A random green position of ``n_edges`` edges, every edge joined to the ground.

    Nodes are integers, ground nodes first (``0 … grounds-1``).  Each new
    edge starts at a node already joined to the ground and goes to a new
    node, to an old one (making circuits; ``multi`` allows a second edge
    between the same two nodes) or, when ``loops`` is true, back to itself.
    ``rng`` is a :class:`random.Random` or a seed.

    >>> random_position(4, 2022) == random_position(4, 2022)
    True
    >>> len(random_position(10, 1, grounds=3).ground)
    3
    """
    n_edges = as_count(n_edges, "n_edges", MAX_EDGES)
    grounds = as_count(grounds, "grounds", MAX_EDGES)
    if grounds < 1:
        raise ValueError("grounds must be at least 1: a position needs a ground node")
    rng = as_rng(rng)
    joined = list(range(grounds))
    seen = set()
    edges = []
    for _ in range(n_edges):
        u = rng.choice(joined)
        roll = rng.random()
        if loops and roll < 0.12 and (multi or (u, u) not in seen):
            v = u
        elif roll < 0.55:
            v = len(joined)
            joined.append(v)
        else:
            v = rng.choice(joined)
            key = (min(u, v), max(u, v))
            if v == u or (key in seen and not multi):
                v = len(joined)
                joined.append(v)
        seen.add((min(u, v), max(u, v)))
        edges.append((u, v))
    return Hackenbush(edges, ground=tuple(range(grounds)))
