"""The shared machinery of the Hackenbush engines: numbers, blocks and their search.

The second floor of ``cgteach.hackenbush``: it imports only the position
(:mod:`cgteach.hackenbush.position`) below it, and the engines above it
(:mod:`~cgteach.hackenbush.green`, :mod:`~cgteach.hackenbush.bluered`,
:mod:`~cgteach.hackenbush.partizan`) import from it, never the other way
round (tests/test_hackenbush_floors.py checks this).  It holds what more
than one engine needs: the limits and :class:`TooTangled`, the two algebras
of values (dyadic numbers as integers, canonical games), Berlekamp's rule
for an edge over a number (:func:`edge_under`), the split of a drawing
into pieces on the ground and into blocks (:func:`_plan`), and the block
search (:class:`_Engine`, with :class:`_BitBlock` for blue-red blocks).

Why the search is correct (the facts 1-4 it rests on) and what was
measured and kept or dropped is written once, in the notes of
:mod:`cgteach.hackenbush.partizan`; the limits are documented here, where
they are read, and re-exported there.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from operator import itemgetter

from cgteach._validate import as_fraction as _as_fraction
from cgteach._validate import show as _show
from cgteach.hackenbush.position import Hackenbush, _numbered, _player_sign

#: A block (a piece in which every two edges lie on a common circuit) with
#: more edges than this is refused before any search.
MAX_BLOCK_EDGES = 40

#: A block with more independent circuits (edges - nodes + 1) than this is
#: refused before any search.
MAX_BLOCK_CIRCUITS = 8

#: A blue-red block is refused up front when the estimate of the positions
#: its search meets (:func:`_block_work`: a product over the chains of the
#: block) is above this.  Calibrated on benchmarks/bench_tangled.py: the
#: dense 20-edge drawings estimate up to about 280 000 and are valued in
#: seconds; long overlapping circuits estimate in the millions.
MAX_BLOCK_WORK = 400_000

#: The same estimate's limit for a blue-red block of more than
#: :data:`MAX_DENSE_BLOCK_EDGES` edges (long overlapping circuits, which
#: carry many numbers hanging on them, so a search meets far more positions
#: than the estimate says).  Calibrated on the random chords of issue 27
#: (benchmarks/bench_tangled.py): every such block of the 60-edge family
#: (23-30 edges, 5-6 circuits, estimates 94 000 to 990 000) and of 40 edges
#: with 8 chords (120 000 and 190 000) needs more than 3 000 000 cuts tried
#: (over ten seconds), while the 40-edge family's only one (21 edges, 4
#: circuits, estimate 4 400) is valued with 724 000.  So these are refused
#: at once instead of after a second of search.
MAX_LONG_BLOCK_WORK = 50_000

#: A budget for drawings that pass the size limits but still lead to too
#: many positions (long overlapping circuits carrying large hanging pieces):
#: the most blocks, with the values hanging on them, that one valuation
#: searches before it stops with :class:`TooTangled`.  Counted, not timed,
#: so the answer does not depend on the load of the machine.  The mixed engine's limit is
#: lower because each of its blocks costs more (canonical forms of games).
#: Blue-red blocks searched on bitmasks spend :data:`MAX_SEARCH_WORK`
#: instead, so a long search inside one block never leaves the blocks after
#: it without budget of blocks.
MAX_SEARCH_BLOCKS = 40_000

#: The budget of the bitmask engine (blue-red blocks), one for all the
#: blocks of one call (``value``, ``outcome``, ``winning_moves``: one
#: valuation, or one shared table for all the cuts), in steps of search: two
#: per position of a block searched and one per cut tried from it.  Counted,
#: not timed: the same drawing gets the same answer on any machine.  When it
#: is spent the call stops with :class:`TooTangled`, saying the limit.
#:
#: Why these weights, and this limit (issue 39; processor time on the shared
#: 2-core machine, load about 25, so an idle machine is faster): on 15
#: drawings (random chords of 40 and 60 edges, dense multigraphs of 16 and 20
#: edges, lecture drawings, 0.1-8 s each) a least-squares fit of the time
#: gave 7.8 us per position and 4.2 us per cut tried, so two steps and one;
#: a step then costs 3.1-5.4 us, 185 000-320 000 steps a second.  Before,
#: a dense block (at most :data:`MAX_DENSE_BLOCK_EDGES` edges) had a budget of
#: its own, 200 000 positions, and bigger blocks 1 000 000 cuts, each per
#: block: seeds 32 and 37 of the 60-edge, 6-chord family (tests/
#: test_hostile_lesson09.py) searched 7.4 s and 12 s before the refusal.
#: Now (benchmarks/bench_refusals.py, seeds 0-39): 34 refused from the shape
#: at once (about 1 ms), 3 refused by this budget in 0.72-0.84 s (seeds 19,
#: 32 and 37; seed 19 was valued in 1.6 s, 397 000 steps), 3 valued in
#: 0.01-0.53 s (at most 132 000 steps); of 40 edges with 4 chords (seeds
#: 0-16), 4 refused in 0.66-0.78 s and 13 valued in at most 0.66 s.  The most
#: any test, lesson (06, 08) or widget test needs is 158 000 steps
#: (tests/test_hackenbush_chains.py, numbers hanging at every node).  Of the
#: five dense 20-edge drawings of benchmarks/bench_tangled.py one needs
#: 140 000 (0.5 s, valued) and four 284 000-1 155 000 (1.2-5.8 s): those are
#: now refused within a second instead of valued.
MAX_SEARCH_WORK = 200_000

#: Dense blue-red blocks (many short circuits, as in a random multigraph):
#: a block of at most this many edges is searched with up to
#: :data:`MAX_DENSE_BLOCK_CIRCUITS` independent circuits (the bitmask engine
#: values 20 edges on 10 nodes, 11 circuits, in seconds; one more circuit
#: roughly doubles the work, so the next sizes are refused at once).
MAX_DENSE_BLOCK_EDGES = 20
MAX_DENSE_BLOCK_CIRCUITS = 11

#: The same two limits for pieces that mix green with blue or red (worth
#: games, not numbers, so their search keeps every option).
MAX_MIXED_BLOCK_EDGES = 16
MAX_MIXED_BLOCK_CIRCUITS = 6

#: Long overlapping circuits carrying large hanging pieces (issue 39): a
#: blue-red block of more than :data:`MAX_HUNG_CIRCUITS` independent circuits
#: is refused from its shape, before any search, when the product over its
#: nodes of one more than the number of edges hanging at each node (what
#: stands on that node and on no other node of the block) is above
#: :data:`MAX_HUNG_WAYS`.  The chains' estimate (:func:`_block_work`) is small
#: for such blocks, but the numbers hanging at their nodes combine: a search
#: meets about one position per combination of their heights.
#:
#: Measured (processor time, 2-core machine, issue 39) on the random chords
#: of benchmarks/bench_tangled.py: of the 11 blocks of the 60-edge, 6-chord
#: family (seeds 0-39) that passed the other limits, searched 2.8-11.7 s and
#: were then refused by the budgets below, 9 have products of 28 800 to
#: 4 560 000 and are now refused at once; every block of 4 or more circuits
#: that was valued (those seeds, and 40 edges with 4 chords, seeds 0-16) has
#: a product of at most 25 920 (the largest: 15 edges, 4 circuits, 25 edges
#: hanging, valued in 3.8 s).  Two blocks (products 960 and 12 960, seeds 32
#: and 37) searched 7-12 s before the budgets refused them: the shape alone
#: does not tell them from blocks valued in under a second (a product of
#: 2 592 valued in 0.3 s), so they are left to the budget, which since
#: :data:`MAX_SEARCH_WORK` refuses them within a second.
MAX_HUNG_CIRCUITS = 3
MAX_HUNG_WAYS = 28_000

class TooTangled(ValueError):
    """A drawing whose circuits are too tangled to search in reasonable time."""


def number_options(x: Fraction) -> tuple[list[Fraction], list[Fraction]]:
    """The canonical Left and Right options of the dyadic number ``x``.

    An integer ``n > 0`` is ``{n-1 | }``, ``n < 0`` is ``{ | n+1}``; a
    fraction ``m/2**k`` is ``{x - 1/2**k | x + 1/2**k}``.  Both options are
    shorter sign expansions of ``x`` (its stalk with the top blue, or top
    red, run cut off), so a search that moves in a hanging number visits
    one position per height of its stalk.

    >>> number_options(Fraction(3)), number_options(Fraction(-3, 4))
    (([Fraction(2, 1)], []), ([Fraction(-1, 1)], [Fraction(-1, 2)]))
    """
    if not isinstance(x, Fraction):  # the search passes Fractions: check only callers' values
        x = _as_fraction(x, "x", dyadic=True)
    if x.denominator == 1:
        n = x.numerator
        return ([Fraction(n - 1)] if n > 0 else []), ([Fraction(n + 1)] if n < 0 else [])
    step = Fraction(1, x.denominator)
    return [x - step], [x + step]


# -- the algebra of values: numbers (blue-red) or games (any colours) -----------


class _Numbers:
    """Dyadic numbers as integers counted in units of ``2**-bits``.

    A blue-red position of ``n`` edges is born by day ``n``, so its value
    and the value of every position met on the way have a denominator
    dividing ``2**n``; with ``bits > n`` every value is an exact integer
    multiple of ``2**-bits``.  Integers add and compare many times faster
    than ``Fraction``s, which is most of the work of a search.
    """

    exact = False  # a search needs only the best option on each side
    zero = 0

    def __init__(self, bits: int):
        self.bits = bits
        self.one = 1 << bits

    @staticmethod
    def add(a, b):
        return a + b

    def edge(self, c: int, x: int) -> int:
        """A blue (``c = 1``) or red (``c = -1``) edge with ``x`` on top: ``c:x``."""
        one = self.one
        if c < 0:
            x = -x
        if x >= 0:
            y = x + one
        else:
            n = (one - x) // one + 1  # the smallest n > 0 with x + n > 1
            y = (x + n * one) >> (n - 1)
        return y if c > 0 else -y

    def options(self, x: int):
        one = self.one
        if x % one == 0:
            return ([x - one] if x > 0 else []), ([x + one] if x < 0 else [])
        step = x & -x
        return [x - step], [x + step]

    def simplest(self, lo, hi) -> int:
        """The simplest number strictly between ``lo`` and ``hi`` (``None``: open)."""
        if (lo is None or lo < 0) and (hi is None or hi > 0):
            return 0
        if hi is not None and hi <= 0:
            return -self.simplest(-hi, None if lo is None else -lo)
        one = self.one
        n = (lo // one + 1) * one  # the least integer above lo
        if hi is None or n < hi:
            return n
        step = one
        while True:
            step >>= 1
            if not step:
                raise AssertionError("a value finer than 2**-bits: not a blue-red position")
            m = (lo // step + 1) * step
            if m < hi:
                return m

    def node(self, lefts, rights):
        lo = max(lefts) if lefts else None
        hi = min(rights) if rights else None
        if lo is not None and hi is not None and lo >= hi:
            raise AssertionError("blue-red options out of order: not a number")
        return self.simplest(lo, hi)

    def fraction(self, x: int) -> Fraction:
        return Fraction(x, self.one)


#: The precision (in bits after the point) of the number engine that the game
#: engine asks about blue-red blocks; values finer than this stop with an
#: AssertionError, never a wrong answer (a drawing would need a stalk of
#: over a thousand edges hanging on a circuit).
_NUMBER_BITS = 1024


class _Games:
    """Values as canonical short games (:mod:`cgteach.games`)."""

    exact = True

    def __init__(self):
        from cgteach import games

        self.games = games
        self.zero = games.ZERO
        self.colour = {1: games.number(1), -1: games.number(-1), 0: games.STAR}
        self.edges: dict = {}

    @staticmethod
    def add(a, b):
        return a + b

    def edge(self, c, x):
        """An edge of colour ``c`` with ``x`` on top: the ordinal sum ``c:x`` (fact 2).

        Three shortcuts keep the all-blue-red and all-green parts of a
        drawing linear: a blue or red edge over a number is a number
        (Berlekamp's rule, :func:`cgteach.hackenbush.bluered.edge_under`), a
        green edge over ``*n`` is ``*(n+1)`` (the colon principle), and a blue
        or red edge over ``y*`` (``y`` a number) is ``(c:y)*``, so a blue-red
        run under a green top stays linear too.
        """
        core = x._core  # a game as written (from games.game) points to its canonical form
        if c and core._num is not None:
            return self.games.number(edge_under(core._num, c))
        if not c and core._nim is not None:
            return self.games.nimber(core._nim + 1)
        if c and len(core.left) == 1 and core.right == core.left and core.left[0]._num is not None:
            # x = y* = {y | y} with y a number: c:x = {0, c:y | c:y} for blue (0 is
            # dominated, since c:y > 0), the mirror for red, so c:x = (c:y)*.
            z = self.games.number(edge_under(core.left[0]._num, c))
            return self.games.game([z], [z])
        key = (c, x)
        found = self.edges.get(key)
        if found is None:
            found = self.edges[key] = self.games.ordinal_sum(self.colour[c], x)
        return found

    def stalk(self, colours):
        """The stalk with these colours from the ground up, in one go.

        See ``cgteach.games._order._stalk``: no comparison by definition.
        """
        if all(c == 0 for c in colours):
            return self.games.nimber(len(colours))
        if all(colours):
            x = Fraction(0)
            for c in reversed(colours):
                x = edge_under(x, c)
            return self.games.number(x)
        key = ("stalk", colours)
        found = self.edges.get(key)
        if found is None:
            from cgteach.games._order import _stalk

            found = self.edges[key] = _stalk(colours)
        return found

    @staticmethod
    def options(x):
        return list(x.left), list(x.right)

    def node(self, lefts, rights):
        return self.games.game(lefts, rights)


# -- the engine -----------------------------------------------------------------


def _plan(edges):
    """How to value the edges ``(u, v, c)`` standing on node 0, as a list of steps.

    One iterative depth-first search (Hopcroft and Tarjan's block
    algorithm) finds the blocks deepest first.  Each step is
    ``(0, c, top, p)`` for a bridge of colour ``c`` from ``p`` up to ``top``,
    ``(1, c, u, u)`` for a loop at ``u``, or ``(2, block, order, p)`` for a
    block with a circuit standing on ``p``: ``block`` its renamed, sorted
    edges and ``order`` its other nodes in the order of their new names
    ``1, 2, …``.  Edges no longer joined to node 0 are left out.
    """
    adj = defaultdict(list)
    steps = []
    for i, (u, v, c) in enumerate(edges):
        if u == v:
            steps.append((1, c, u, u))
        else:
            adj[u].append((v, i))
            adj[v].append((u, i))
    disc = {0: 0}
    low = {0: 0}
    stack = [(0, -1, iter(adj[0]))]
    estack: list[int] = []
    while stack:
        u, pe, it = stack[-1]
        for w, i in it:
            if i == pe:
                continue
            if w not in disc:
                disc[w] = low[w] = len(disc)
                estack.append(i)
                stack.append((w, i, iter(adj[w])))
                break
            if disc[w] < disc[u]:  # a back edge, seen from its lower end
                estack.append(i)
                if disc[w] < low[u]:
                    low[u] = disc[w]
        else:
            stack.pop()
            if not stack:
                break
            p = stack[-1][0]
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] >= disc[p]:
                # the block above p through tree edge pe is complete; every
                # piece hanging from its other nodes was found before it
                j = estack.pop()
                if j == pe:
                    a, b, c = edges[j]
                    steps.append((0, c, b if a == p else a, p))
                    continue
                block = [edges[j]]
                while j != pe:
                    j = estack.pop()
                    block.append(edges[j])
                nodes = set()
                for a, b, _ in block:
                    nodes.add(a)
                    nodes.add(b)
                nodes.discard(p)
                order = _canonical_order(block, p, nodes) if CANONICAL_LABELS else None
                if order is None:
                    # p becomes 0 and the other nodes keep their order, so a block
                    # reached by cuts in different orders gets one name
                    order = sorted(nodes)
                ren = {x: k for k, x in enumerate(order, 1)}
                ren[p] = 0
                renamed = []
                for a, b, c in block:
                    a, b = ren[a], ren[b]
                    renamed.append((a, b, c) if a < b else (b, a, c))
                renamed.sort()
                steps.append((2, tuple(renamed), tuple(order), p))
    # loops first (they hang at their node); loops off the ground are dropped
    return [s for s in steps if s[0] != 1 or s[2] in disc]


#: Name the nodes of a block in a canonical order when colour refinement
#: tells them all apart, so that isomorphic blocks share one table entry.
#: Off: measured on the benchmark families it found almost no isomorphic
#: blocks that the order-keeping names did not already share, and cost
#: 20-30 % more time (benchmarks/bench_tangled.py prints the comparison).
CANONICAL_LABELS = False

#: The bitmask search values the moves in the finest hanging fractions
#: first (:meth:`_BitBlock._window`).  A switch for the benchmark and the
#: twin tests (off: the order of the nodes, as before issue 27).
FINEST_FIRST = True

#: The bitmask search may try to settle a position with one side's options
#: as soon as the window of the numbers valued so far allows it, before
#: valuing the other numbers (:meth:`_BitBlock._window`).  Off: measured in
#: positions searched (a count, independent of the machine's load), it
#: spares 6 % on the long chords of issue 27 together with
#: :data:`FINEST_FIRST` but costs 19-41 % more on lecture drawings and dense
#: blocks, where a failed check values options the window would not have
#: needed.  Kept as a switch, with its twin test, for the next idea.
EARLY_ONE_SIDE = False



def _canonical_order(block, p, nodes):
    """The nodes of ``block`` (all but its foot ``p``) in an order fixed by its shape alone.

    Colour refinement: every node starts with one colour (``p`` its own), and
    each round a node's new colour is its old colour with the sorted list of
    (edge colour, neighbour's colour) over its edges, the colours renumbered
    in sorted order.  If in the end every node has its own colour, the order
    of the colours depends only on the block up to renaming, so isomorphic
    blocks get equal names.  Otherwise (a symmetric block) ``None``: the
    caller keeps the plain names, which is still correct, only shared less.
    """
    colour = dict.fromkeys(nodes, 1)
    colour[p] = 0
    incident = defaultdict(list)
    for a, b, c in block:
        incident[a].append((c, b))
        incident[b].append((c, a))
    classes = 2 if nodes else 1
    while True:
        signature = {
            x: (colour[x], tuple(sorted((c, colour[y]) for c, y in incident[x])))
            for x in colour
        }
        names = {sig: k for k, sig in enumerate(sorted(set(signature.values())))}
        colour = {x: names[signature[x]] for x in signature}
        if len(names) == len(colour):
            return sorted(nodes, key=colour.__getitem__)
        if len(names) == classes:
            return None
        classes = len(names)


class _Order(tuple):
    """The nodes of a block but its foot, in order; ``get(w)``: the tuple of their numbers."""

    def __new__(cls, nodes):
        self = super().__new__(cls, nodes)
        # (w[v] for v in self) as a tuple, without a loop in Python: the table key
        self.get = itemgetter(*self) if len(self) > 1 else (lambda w, v=self[0]: (w[v],))
        return self


class _BitBlock:
    """One blue-red block searched on bitmasks (the engine for blocks worth numbers).

    A position inside the block is an ``int`` whose bit ``i`` says that edge
    ``i`` still stands, together with the numbers hanging at its nodes (a
    list indexed by node, in units of ``2**-bits``).  After a cut, one
    depth-first search on the bitmasks (:meth:`split`) finds what still
    stands above the foot and cuts it into its blocks, deepest first: a
    bridge is folded into the number hanging below it (``c:x``, fact 2), a
    block with a circuit is valued with the numbers hanging at its nodes
    under its own table entry (fact 3) and added below it, and pieces
    meeting only at the foot are added (fact 1).  So a sub-block met again
    beside different neighbours is not searched again.

    Only Left's best and Right's best option matter for a number, so the
    search keeps a running maximum and minimum instead of option lists.  A
    position with numbers hanging values the moves in them first, and then
    only the cuts that their window leaves open (:meth:`_window`).  The
    brute-force twins are the plain search ``bluered.value_by_search`` and
    HB's block engine (``bitmask=False``), in
    tests/test_hackenbush_partizan.py.
    """

    def __init__(self, edges, engine):
        self.engine = engine
        self.alg = engine.alg
        n = 1 + max(max(a, b) for a, b, _ in edges)
        if n > 256:
            raise TooTangled(f"a block of {n} nodes is too big to search")
        self.nodes = n
        inc = [0] * n
        for i, (a, b, _) in enumerate(edges):
            inc[a] |= 1 << i
            inc[b] |= 1 << i
        self.inc = inc
        # keyed by an edge's bit: the other end from v is ends[bit] - v
        self.ends = {1 << i: a + b for i, (a, b, _) in enumerate(edges)}
        self.colour = {1 << i: c for i, (_, _, c) in enumerate(edges)}
        self.ends_mask = {1 << i: (1 << a) | (1 << b) for i, (a, b, _) in enumerate(edges)}
        self.orders: dict = {}  # a set of nodes as bits: its nodes in order, a tuple
        self.left = sum(1 << i for i, (_, _, c) in enumerate(edges) if c > 0)
        # a parallel twin of the edge before it (edges are sorted): one cut for both
        self.twin = sum(1 << i for i in range(1, len(edges)) if edges[i] == edges[i - 1])
        self.full = (1 << len(edges)) - 1
        self.memo: dict = {}
        self.size = len(edges)
        self.circuits = len(edges) - sum(1 for v in range(n) if inc[v]) + 1
        self.searched = 0  # positions of this block searched (for the benchmarks)
        self.splits: dict = {}  # (mask << 8 | root): the steps of split()
        self.children: dict = {}  # (mask << 9 | foot << 1 | left): one side's cuts, _children()

    def split(self, mask, root):
        """How to value the standing edges ``mask`` above ``root``: a list of steps.

        One depth-first search from ``root`` (Hopcroft and Tarjan's block
        algorithm on the bitmasks) finds the blocks of what still stands,
        deepest first; edges no longer joined to ``root`` are left out.  A
        step is ``(0, top, foot, colour)`` for a bridge (an edge on no
        circuit) or ``(1, block, foot, nodes)`` for a block with a circuit
        (``nodes``: its nodes but the foot).  Each step's value is added to
        the number hanging at its foot (facts 2 and 3), so the search only
        ever sees one block with numbers hanging at its nodes.  The steps
        depend only on ``mask`` and ``root``, so they are kept: the many
        positions that differ only in hanging numbers share them.
        """
        inc, ends, n = self.inc, self.ends, self.nodes
        disc = [-1] * n  # the order a node is found in (-1: not yet)
        low = [0] * n
        disc[root] = 0
        found = 1
        stack = [[root, 0, inc[root] & mask]]  # node, the tree edge into it, edges left
        edges_seen: list[int] = []
        steps = []
        while stack:
            top = stack[-1]
            rest = top[2]
            if rest:
                bit = rest & -rest
                top[2] = rest ^ bit
                if bit == top[1]:
                    continue
                u = top[0]
                w = ends[bit] - u
                d = disc[w]
                if d < 0:
                    disc[w] = low[w] = found
                    found += 1
                    edges_seen.append(bit)
                    stack.append([w, bit, inc[w] & mask])
                elif d < disc[u]:  # a back edge (or a parallel twin), from below
                    edges_seen.append(bit)
                    if d < low[u]:
                        low[u] = d
                continue
            stack.pop()
            if not stack:
                break
            u, into = top[0], top[1]
            p = stack[-1][0]
            lu = low[u]
            if lu < low[p]:
                low[p] = lu
            if lu >= disc[p]:  # the block above p through the tree edge ``into``
                bit = edges_seen.pop()
                if bit == into:
                    steps.append((0, u, p, self.colour[into]))
                    continue
                block = bit
                nodes = self.ends_mask[bit]
                while bit != into:
                    bit = edges_seen.pop()
                    block |= bit
                    nodes |= self.ends_mask[bit]
                nodes &= ~(1 << p)
                order = self.orders.get(nodes)
                if order is None:
                    order = self.orders[nodes] = _Order(v for v in range(n) if nodes >> v & 1)
                steps.append((1, block, p, order))
        self.splits[mask << 8 | root] = steps
        return steps

    def value(self, mask, w, root):
        """The value above ``root`` of the standing edges ``mask``, numbers ``w[v]`` hanging."""
        steps = self.splits.get(mask << 8 | root)
        if steps is None:
            steps = self.split(mask, root)
        total = 0
        copied = False
        edge = self.alg.edge
        for kind, a, p, b in steps:
            x = self.search(a, p, b, w) if kind else edge(b, w[a])
            if p == root:
                total += x
            else:
                if not copied:
                    w = list(w)
                    copied = True
                w[p] += x
        return total

    def search(self, mask, foot, order, w):
        """One block standing on ``foot`` with numbers hanging: its value, memoised."""
        here = order.get(w)  # the numbers hanging at the block's nodes, a tuple
        key = (mask << 8 | foot, here)
        found = self.memo.get(key)
        if found is not None:
            return found
        engine = self.engine
        engine.positions += 1
        self.searched += 1
        engine.work += 2  # a position costs about two cuts tried (MAX_SEARCH_WORK)
        if not engine.positions & 1023:
            # one block can take seconds here: every 1024 positions the engine's
            # own entry point is called on the empty block (a table hit), so a
            # wrapper on ``engine.search`` (the editor's live guard) sees time pass
            engine.search((), ())
        if engine.work > engine.most_work:
            self._refuse()
        if not any(here):
            lo = self._best(mask, foot, w, True, None)
            hi = self._best(mask, foot, w, False, None)
        else:
            found, lo, hi = self._window(mask, foot, order, w)
            if found is not None:
                self.memo[key] = found
                return found
        if lo is not None and hi is not None and lo >= hi:
            raise AssertionError("blue-red options out of order: not a number")
        answer = self.memo[key] = self.alg.simplest(lo, hi)
        return answer

    def _refuse(self):
        """Stop: the valuation has spent its budget of search (:data:`MAX_SEARCH_WORK`)."""
        engine = self.engine
        raise TooTangled(
            f"this drawing is too tangled to value: its circuits, with everything "
            f"hanging on them, need more than {engine.most_work:,} steps of search (the "
            f"limit, MAX_SEARCH_WORK: about a second; stopped after {engine.positions:,} "
            f"positions, here in a block of {self.size} edges with {self.circuits} "
            "independent circuits); try fewer or shorter circuits, or smaller pieces "
            "hanging on them"
        )

    def _best(self, mask, foot, w, left, best):
        """Left's best cut (``left``) or Right's, from ``best`` on (``None``: none yet)."""
        children = self.children.get(mask << 9 | foot << 1 | left)
        if children is None:
            children = self._children(mask, foot, left)
        engine = self.engine
        engine.work += len(children)  # one step per cut tried (the budget)
        if engine.work > engine.most_work:
            self._refuse()
        one = self.alg.one
        search = self.search
        for steps in children:
            # self.value(mask ^ bit, w, foot), inlined: this loop is most of the work
            after = 0
            u = w
            copied = False
            for kind, a, p, b in steps:
                if kind:
                    x = search(a, p, b, u)
                else:
                    # _Numbers.edge(b, u[a]) inlined: Berlekamp's rule for an edge
                    # of colour b (+1 or -1) under the number u[a]
                    y = u[a] * b
                    if y >= 0:
                        x = (y + one) * b
                    else:
                        n = (one - y) // one + 1  # the smallest n > 0 with y + n > 1
                        x = ((y + n * one) >> (n - 1)) * b
                if p == foot:
                    after += x
                else:
                    if not copied:
                        u = list(u)
                        copied = True
                    u[p] += x
            if best is None or (after > best if left else after < best):
                best = after
        return best

    def _window(self, mask, foot, order, w):
        """The value of a position with numbers hanging, when the moves in them settle it.

        Every move in a hanging number is valued first.  A Left move from
        ``x`` to ``o`` at ``v``, worth ``t``, is a Left option, so the value
        ``y`` is above ``t``; and by fact 4 (``0 <= P[x] - P[o] <= x - o``)
        ``y <= t + (x - o)``.  The same for Right, from above.  So ``y`` lies
        in a window ``[low, high]``, and between the best moves in numbers:

        * if ``low == high``, that is ``y``, and no cut is valued;
        * if the simplest number ``z`` of the window is ``high``, only Right's
          cuts are valued first.  If Right's best option lies above ``z``,
          then ``z`` lies between Left's best and Right's best (Left's all lie
          below ``y <= z``).  ``y`` is the simplest number there and lies in
          the window, where ``z`` is the simplest, so ``y = z``, and Left's cuts
          are never valued;
        * the mirror if ``z`` is ``low``, with Left's cuts.

        The numbers are taken finest first (:data:`FINEST_FIRST`), and the
        one-side check is also tried as soon as the window of the numbers
        valued *so far* has its simplest number ``z`` at an end
        (:data:`EARLY_ONE_SIDE`, :meth:`_confirm`): each number's moves alone
        already bound ``y`` by fact 4, so ``y`` lies in that window too; if
        ``z`` is its top, Left's options all lie below ``y <= z``, and if
        Right's options (his moves in the other numbers, then his cuts) all
        lie above ``z``, then ``y`` is the simplest number between the best
        options, ``z`` lies there and is at least as simple as ``y`` (``y``
        lies in the window, where ``z`` is the simplest), so ``y = z``
        without valuing Left's moves in the other numbers.

        Otherwise (or if that check fails) both sides are valued as usual,
        as they are when the engine is told not to prune (``prune=False``).
        Returns ``(value, None, None)``, or ``(None, lo, hi)``: Left's best
        and Right's best option, for the simplest number between them.
        """
        alg = self.alg
        prune, settled = self.engine.prune, self.engine.settled
        lo = hi = low = high = None  # the best moves in numbers; the window
        u = list(w)
        nodes = [v for v in order if w[v]]
        if self.engine.finest_first:
            # the finest fractions first: their two moves pin the value closest
            one = alg.one
            nodes.sort(key=lambda v: (w[v] % one == 0, w[v] & -w[v]))
        early = self.engine.early
        tried_left = tried_right = False
        for k, v in enumerate(nodes):
            x = w[v]
            lefts, rights = alg.options(x)
            for o in lefts:
                u[v] = o
                t = self.search(mask, foot, order, u)
                if lo is None or t > lo:
                    lo = t
                if high is None or t + x - o < high:
                    high = t + x - o
            for o in rights:
                u[v] = o
                t = self.search(mask, foot, order, u)
                if hi is None or t < hi:
                    hi = t
                if low is None or t - (o - x) > low:
                    low = t - (o - x)
            u[v] = x
            if low is not None and low == high and prune:
                settled["no cut"] += 1
                return low, None, None
            if not (prune and early) or k + 1 == len(nodes):
                continue
            # one side early (see the docstring): the window of the nodes so far
            a = lo if low is None else low - 1 if lo is None else max(lo, low - 1)
            b = hi if high is None else high + 1 if hi is None else min(hi, high + 1)
            z = alg.simplest(a, b)
            if z == high and not tried_right:
                tried_right = True
                hi, ok = self._confirm(mask, foot, order, w, nodes[k + 1:], False, z, hi)
                if ok:
                    settled["one side early"] += 1
                    return z, None, None
            elif z == low and not tried_left:
                tried_left = True
                lo, ok = self._confirm(mask, foot, order, w, nodes[k + 1:], True, z, lo)
                if ok:
                    settled["one side early"] += 1
                    return z, None, None
        # the simplest number of the window (values are whole units, so the
        # closed ends ``low``, ``high`` are the open ends ``low - 1``, ``high + 1``)
        a = lo if low is None else low - 1 if lo is None else max(lo, low - 1)
        b = hi if high is None else high + 1 if hi is None else min(hi, high + 1)
        z = alg.simplest(a, b)
        if prune and z == high:
            hi = self._best(mask, foot, w, False, hi)
            if hi is None or hi > z:
                settled["one side"] += 1
                return z, None, None
            return None, self._best(mask, foot, w, True, lo), hi
        if prune and z == low:
            lo = self._best(mask, foot, w, True, lo)
            if lo is None or lo < z:
                settled["one side"] += 1
                return z, None, None
            return None, lo, self._best(mask, foot, w, False, hi)
        return None, self._best(mask, foot, w, True, lo), self._best(mask, foot, w, False, hi)

    def _confirm(self, mask, foot, order, w, rest, left, z, best):
        """Whether every option of one side lies beyond ``z``: ``(best, ok)``.

        ``left=False``: Right's moves in the numbers at the nodes ``rest``
        and Right's cuts, each checked to lie above ``z``; ``best`` is Right's
        best option met so far and comes back updated.  Stops at the first
        option that does not (``ok`` false), so a failed check costs little.
        The mirror for ``left=True``.
        """
        alg = self.alg
        u = list(w)
        for v in rest:
            x = w[v]
            for o in alg.options(x)[0 if left else 1]:
                u[v] = o
                t = self.search(mask, foot, order, u)
                if best is None or (t > best if left else t < best):
                    best = t
                if (t >= z) if left else (t <= z):
                    return best, False
            u[v] = x
        best = self._best(mask, foot, w, left, best)
        return best, best is None or ((best < z) if left else (best > z))

    def _children(self, mask, foot, left):
        """Left's (``left``) or Right's cuts of a block: the steps of what each leaves, kept.

        One side at a time: a position settled by the moves in its hanging
        numbers and one side's cuts never splits the other side's.
        """
        own = self.left if left else ~self.left
        cuts = mask & own & ~(self.twin & (mask << 1))  # skip a twin whose sibling below stands
        out = []
        while cuts:
            bit = cuts & -cuts
            cuts ^= bit
            rest = mask ^ bit
            steps = self.splits.get(rest << 8 | foot)
            if steps is None:
                steps = self.split(rest, foot)
            out.append(steps)
        self.children[mask << 9 | foot << 1 | left] = out
        return out


def _stalk_steps(plan):
    """The plan with every stalk (a path of bridges up to a leaf) as one step.

    A step ``(3, colours, nodes, p)`` is the stalk standing on ``p`` with
    these colours from the ground up, through ``nodes`` (the top end of each
    edge).  The game algebra values a stalk from the ground up
    (:meth:`_Games.stalk`), in time about the size of its canonical form,
    where edge by edge from the top it would build every segment of it.
    """
    hanging = defaultdict(int)  # steps standing on each node
    for _, _, _, p in plan:
        hanging[p] += 1
    out = []
    stalks = defaultdict(list)  # node -> the (colours, nodes) of the stalks standing on it
    for step in plan:
        kind, c, top, p = step
        if kind == 0 and hanging[top] == 0:
            stalks[p].append(((c,), (top,)))
            continue
        if kind == 0 and hanging[top] == 1 and stalks.get(top):
            cs, nodes = stalks.pop(top)[0]
            stalks[p].append(((c,) + cs, (top,) + nodes))
            continue
        # this step reads the values at its nodes: the stalks standing there are done
        for x in (top,) if kind == 0 else top if kind == 2 else ():
            for cs, nodes in stalks.pop(x, ()):
                out.append((3, cs, nodes, x))
        out.append(step)
    for x, found in stalks.items():
        for cs, nodes in found:
            out.append((3, cs, nodes, x))
    return out


class _Engine:
    """Value drawings given as signed edges ``(u, v, c)`` on the root node ``0``.

    ``c`` is ``1`` (blue), ``-1`` (red) or ``0`` (green).  ``weights`` maps a
    node to the value of what hangs there (already valued), by fact 3.
    """

    def __init__(self, algebra, budget: int | None = None, prune: bool = True,
                 bitmask: bool = True, finest_first: bool | None = None,
                 early: bool | None = None):
        self.alg = algebra
        # the two orderings of _BitBlock._window (None: the module's switches)
        self.finest_first = FINEST_FIRST if finest_first is None else finest_first
        self.early = EARLY_ONE_SIDE if early is None else early
        self.bitmask = bitmask
        self.blocks: dict = {}  # the bitmask engines, one per block shape
        self.memo: dict = {((), ()): algebra.zero}  # the empty block: see _BitBlock.search
        self.plans: dict = {}
        self.budget = budget
        # the bitmask blocks' work, in steps of search (MAX_SEARCH_WORK): one
        # budget for every block of the valuation, so a refusal comes in time
        self.work = 0
        self.most_work = MAX_SEARCH_WORK if budget is not None else math.inf
        self.prune = prune
        # blocks met here (the budget); positions searched inside bitmask blocks,
        # which have budgets of their own, are counted apart so that a long search
        # of one block does not spend the budget of the blocks met after it
        self.searched = 0
        self.positions = 0
        # positions of bitmask blocks settled by their window (_BitBlock._window)
        self.settled = {"no cut": 0, "one side": 0, "one side early": 0, "both sides": 0}
        self.numbers = None  # the game engine's helper for blocks worth numbers

    def evaluate(self, edges: tuple, weights=None):
        plan = self.plans.get(edges)
        if plan is None:
            plan = _plan(edges)
            if hasattr(self.alg, "stalk"):
                plan = _stalk_steps(plan)
            self.plans[edges] = plan
        alg = self.alg
        zero = alg.zero
        acc = dict(weights) if weights else {}
        for kind, a, b, p in plan:
            if kind == 2:
                here = self.search(
                    a, tuple((k, acc[x]) for k, x in enumerate(b, 1) if acc.get(x, zero) != zero)
                )
            elif kind == 3:
                if weights and any(x in weights for x in b):
                    here = zero  # something hangs inside the stalk: edge by edge
                    for c, x in zip(reversed(a), reversed(b), strict=True):
                        here = alg.edge(c, alg.add(acc[x], here) if x in acc else here)
                else:
                    here = alg.stalk(a)
            else:
                here = alg.edge(a, acc.get(b, zero) if kind == 0 else zero)
            acc[p] = alg.add(acc[p], here) if p in acc else here
        return acc.get(0, zero)

    def search(self, edges, weights):
        """The value of one block (renamed, sorted edges) with values hanging at nodes."""
        key = (edges, weights)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.searched += 1
        if self.budget is not None and self.searched > self.budget:
            raise TooTangled(
                f"this drawing is too tangled to value: its circuits, with everything "
                f"hanging on them, lead to more than {self.budget} different blocks to "
                "search; try fewer or shorter circuits, or smaller pieces hanging on them"
            )
        alg = self.alg
        if not alg.exact and self.bitmask:
            # a blue-red block: the bitmask engine, one table per block shape
            block = self.blocks.get(edges)
            if block is None:
                block = self.blocks[edges] = _BitBlock(edges, self)
            w = [0] * block.nodes
            for k, x in weights:
                w[k] = x
            answer = self.memo[key] = block.value(block.full, w, 0)
            return answer
        if alg.exact and all(c for _, _, c in edges) and all(w.is_number() for _, w in weights):
            # blue and red edges with numbers hanging: a number, found by the number engine
            answer = self.memo[key] = self._as_number(edges, weights)
            return answer
        lefts, rights = [], []
        wdict = dict(weights)
        best = [None, None]  # the best cut for Left, for Right: (value, edge index)
        for i, (_, _, c) in enumerate(edges):
            if i and edges[i] == edges[i - 1]:
                continue  # a parallel twin of the edge before: the same cut
            after = self.evaluate(edges[:i] + edges[i + 1:], wdict)
            if c >= 0:
                lefts.append(after)
                if best[0] is None or after > best[0][0]:
                    best[0] = (after, i)
            if c <= 0:
                rights.append(after)
                if best[1] is None or after < best[1][0]:
                    best[1] = (after, i)
        moves = ([], [])
        for k, (x, w) in enumerate(weights):
            for side, moved in zip(moves, alg.options(w), strict=True):
                for o in moved:
                    if o == alg.zero:
                        side.append(weights[:k] + weights[k + 1:])
                    else:
                        side.append(weights[:k] + ((x, o),) + weights[k + 1:])
        if alg.exact or not self.prune:
            lefts.extend(self.search(edges, t) for t in moves[0])
            rights.extend(self.search(edges, t) for t in moves[1])
            answer = alg.node(lefts, rights)
        else:
            answer = self._bounded(edges, lefts, rights, moves, best)
        self.memo[key] = answer
        return answer

    def _as_number(self, edges, weights):
        """A blue-red block with numbers hanging, valued by the number engine as a game."""
        if self.numbers is None:
            self.numbers = _Engine(_Numbers(_NUMBER_BITS), MAX_SEARCH_BLOCKS)
        numbers = self.numbers.alg
        scaled = tuple((x, int(w.number_value() * numbers.one)) for x, w in weights)
        found = self.numbers.search(edges, scaled)
        self.searched += self.numbers.searched
        self.numbers.searched = 0
        return self.alg.games.number(numbers.fraction(found))

    def _bounded(self, edges, lefts, rights, moves, best):
        """The simplicity principle without valuing every move in a hanging number.

        Algorithm notes: the cuts are valued first (they break the block into
        smaller ones, so they are cheap); ``x`` is the simplest number between
        the best of them.  A move ``T`` in a hanging number only matters if
        it could beat ``x``; for a number ``T`` every Right option is larger
        than ``T``, so a Right cut of ``T`` worth at most ``x`` proves
        ``T < x`` without valuing ``T`` (and a Left cut worth at least ``x``
        proves ``T > x`` for Right's moves).  The cut tried is the one that
        was best for that player here (``T`` differs from here only in one
        hanging number, so it is usually best there too).  Moves not ruled out
        are valued, ``x`` is recomputed, and this repeats until ``x`` stays
        put: then every ignored Left move is below ``x`` and every ignored
        Right move above it, so ``x`` is still the simplest number between the
        best options of each side.
        """
        alg = self.alg
        lo = max(lefts) if lefts else None
        hi = min(rights) if rights else None
        pending = [list(moves[0]), list(moves[1])]
        while True:
            x = alg.simplest(lo, hi)
            for side, sign in ((0, 1), (1, -1)):
                keep = []
                hint = best[1 - side]
                for t in pending[side]:
                    if hint is not None and (edges, t) not in self.memo:
                        i = hint[1]
                        bound = self.evaluate(edges[:i] + edges[i + 1:], dict(t))
                        if bound <= x if sign > 0 else bound >= x:
                            keep.append(t)
                            continue
                    v = self.search(edges, t)
                    if sign > 0 and (lo is None or v > lo):
                        lo = v
                    elif sign < 0 and (hi is None or v < hi):
                        hi = v
                pending[side] = keep
            if alg.simplest(lo, hi) == x:
                return x



def _block_work(block):
    """An estimate of how many positions a search of ``block`` meets (a product over its chains).

    The block is cut into chains (Schmidt's chain decomposition along a
    depth-first tree: each edge back up the tree starts a chain that
    follows tree edges until it meets a node already on a chain).  A chain
    of ``L`` edges joined at both ends can stand whole or as a piece still
    hanging from either end: ``L(L+1)/2 + 1`` ways; the product over the
    chains counts the standing sets a search can meet, up to the numbers
    hanging on them.  Cheap (linear in the block), so a refusal is decided
    before any search.
    """
    adj = defaultdict(list)
    for i, (a, b, _) in enumerate(block):
        adj[a].append((b, i))
        adj[b].append((a, i))
    order, parent, seen = [], {0: (None, -1)}, set()
    stack = [0]
    while stack:  # a depth-first tree (iterative; pre-order; the last push wins)
        v = stack.pop()
        if v in seen:
            continue
        seen.add(v)
        order.append(v)
        for w, i in adj[v]:
            if w not in seen:
                parent[w] = (v, i)
                stack.append(w)
    depth = {v: k for k, v in enumerate(order)}
    tree = {parent[v][1] for v in order if parent[v][1] >= 0}
    on_chain = set()
    work = 1
    for v in order:
        for w, i in adj[v]:
            if i in tree or depth[w] <= depth[v]:
                continue  # a tree edge, or a back edge seen from its lower end
            on_chain.add(v)
            length, x = 1, w
            while x not in on_chain:
                on_chain.add(x)
                x, _ = parent[x]
                length += 1
            work *= length * (length + 1) // 2 + 1
    return work


class _Hung:
    """The edges hanging at each node of a block (standing on it and on no other)."""

    def __init__(self, edges):
        self.adj = defaultdict(list)
        for i, (a, b, _) in enumerate(edges):
            self.adj[a].append((b, i))
            self.adj[b].append((a, i))

    def ways(self, order, foot) -> tuple[int, int]:
        """(edges hanging on the block, product of one more than those at each node)."""
        block = set(order) | {foot}
        total, product = 0, 1
        for v in order:
            seen, stack, found = {v}, [v], set()
            while stack:
                x = stack.pop()
                for w, i in self.adj[x]:
                    if w in block and w != v:
                        continue  # an edge of the block, or one joining two of its nodes
                    found.add(i)
                    if w not in seen:
                        seen.add(w)
                        stack.append(w)
            total += len(found)
            product *= len(found) + 1
        return total, product


def _check_size(edges, what: str, mixed: bool = False):
    """Refuse at once a drawing with a block too big to search (``TooTangled``).

    ``mixed``: the limits for pieces mixing green with blue or red, whose
    values are games rather than numbers (a search there keeps every
    option, not only the best one on each side).
    """
    most_edges, most_circuits = (
        (MAX_MIXED_BLOCK_EDGES, MAX_MIXED_BLOCK_CIRCUITS) if mixed
        else (MAX_BLOCK_EDGES, MAX_BLOCK_CIRCUITS)
    )
    hung = None
    for kind, block, order, foot in _plan(tuple(edges)):
        if kind != 2:
            continue
        circuits = len(block) - len(order)
        if not mixed and circuits > MAX_HUNG_CIRCUITS and all(c for _, _, c in block):
            if hung is None:
                hung = _Hung(edges)
            hanging, ways = hung.ways(order, foot)
            if ways > MAX_HUNG_WAYS:
                raise TooTangled(
                    f"this drawing is too tangled to {what}: it has a block of {len(block)} "
                    f"edges with {circuits} independent circuits and {hanging} edges hanging "
                    f"on its nodes, whose heights combine in about {ways:,} ways (a block is "
                    f"a part in which every two edges lie on a common circuit); blocks of "
                    f"more than {MAX_HUNG_CIRCUITS} circuits are searched up to "
                    f"{MAX_HUNG_WAYS:,} — remove a few edges that close circuits, or some of "
                    "what hangs on them"
                )
        if (not mixed and len(block) <= MAX_DENSE_BLOCK_EDGES
                and circuits <= MAX_DENSE_BLOCK_CIRCUITS and all(c for _, _, c in block)):
            pass  # a small dense blue-red block: the bitmask engine copes
        elif len(block) > most_edges or circuits > most_circuits:
            raise TooTangled(
                f"this drawing is too tangled to {what}: it has a block of {len(block)} "
                f"edges on {len(order) + 1} nodes with {circuits} independent circuits (a "
                f"block is a part in which every two edges lie on a common circuit); "
                f"blocks are searched up to {most_edges} edges and {most_circuits} circuits"
                + (" when green meets blue and red" if mixed else
                   f" (blue-red blocks of at most {MAX_DENSE_BLOCK_EDGES} edges: up to "
                   f"{MAX_DENSE_BLOCK_CIRCUITS} circuits)")
                + " — remove a few edges that close circuits"
            )
        if not mixed and all(c for _, _, c in block):
            work = _block_work(block)
            most = MAX_BLOCK_WORK if len(block) <= MAX_DENSE_BLOCK_EDGES else MAX_LONG_BLOCK_WORK
            if work > most:
                raise TooTangled(
                    f"this drawing is too tangled to {what}: it has a block of {len(block)} "
                    f"edges with {circuits} independent circuits whose chains could stand in "
                    f"about {work:,} ways (a block is a part in which every two edges lie on "
                    f"a common circuit); blocks of {len(block)} edges are searched up to "
                    f"{most:,} — "
                    "shorten its circuits or remove a few edges that close them"
                )



# -- pieces, and Berlekamp's rule for an edge over a number -----------------------


def _signed(position):
    """The edges of ``position`` as ``(u, v, c)`` with the ground fused to node 0."""
    if not isinstance(position, Hackenbush):
        raise TypeError(
            f"expected a Hackenbush position, got {_show(position)} of type "
            f"{type(position).__name__}; build one with Hackenbush(edges)"
        )
    _, eu, ev, colours = _numbered(position)
    sign = {"blue": 1, "red": -1, "green": 0}
    return [(u, v, sign[c]) for u, v, c in zip(eu, ev, colours, strict=True)]


def _pieces(edges):
    """Split signed edges into the pieces meeting only at the ground (node 0)."""
    return _branches(edges)


def _branch_indices(edges):
    """The pieces of :func:`_branches`, each as a list of edge indices.

    Two edges are in the same piece when they are joined by a path that does
    not pass through the ground.  A loop at the ground, or an edge between
    two ground nodes, is a piece of its own.
    """
    parent: dict[int, int] = {}

    def find(a):
        root = a
        while parent.setdefault(root, root) != root:
            root = parent[root]
        while parent[a] != root:  # path compression
            parent[a], a = root, parent[a]
        return root

    for u, v, _ in edges:
        if u and v:
            ru, rv = find(u), find(v)
            if ru != rv:
                parent[ru] = rv
    pieces: dict = defaultdict(list)
    for k, (u, v, _) in enumerate(edges):
        key = find(u or v) if (u or v) else ("ground", k)
        pieces[key].append(k)
    return list(pieces.values())


def _branches(edges):
    """Split signed edges into the pieces that stand on the ground separately.

    Two edges are in the same piece when they are joined by a path that does
    not pass through the ground.  A loop at the ground, or an edge between
    two ground nodes, is a piece of its own.
    """
    return [[edges[k] for k in piece] for piece in _branch_indices(edges)]


#: :func:`edge_under` refuses a branch worth less than minus this (its answer
#: would have a denominator of more than this many bits).
MAX_BRANCH_BELOW_ZERO = 100_000


def edge_under(x, colour: str = "blue") -> Fraction:
    """The value of one edge of ``colour`` with a branch worth ``x`` on top.

    For a blue edge: ``x + 1`` when ``x >= 0``; otherwise ``(x + n) / 2**(n-1)``
    for the smallest positive integer ``n`` with ``x + n > 1``.  A red edge
    is the mirror image: ``-edge_under(-x, "blue")``.

    >>> edge_under(0), edge_under(1), edge_under(-1), edge_under(Fraction(-1, 2))
    (Fraction(1, 1), Fraction(2, 1), Fraction(1, 2), Fraction(3, 4))
    >>> edge_under(0, "red"), edge_under(1, "red")
    (Fraction(-1, 1), Fraction(-1, 2))
    """
    # Algorithm notes: cutting the edge removes the whole branch with it, so
    # edge plus branch is Conway's ordinal sum 1:G (or -1:G for red) of the
    # edge and the branch G.  When G is worth x >= 0 the edge adds one more
    # Blue move, x + 1; when x < 0 every further unit of red on top halves the
    # value on its way down to 0.  That only the value x of the branch
    # matters (not its shape) is what the tests confirm on hundreds of random
    # trees, against the search.
    sign = _player_sign(colour) if colour not in (1, -1) else colour
    if not isinstance(x, Fraction):  # the searches pass Fractions: check only callers' values
        x = _as_fraction(x, "x (the value of the branch on top)")
    if sign < 0:
        return -edge_under(-x, "blue")
    if x >= 0:
        return x + 1
    if x < -MAX_BRANCH_BELOW_ZERO:
        # The answer's denominator is 2**(n-1) with n about -x: refuse before building it.
        raise ValueError(
            f"edge_under: the branch on top is worth {_show(x)}; under a blue edge this "
            f"function handles branches worth at least -{MAX_BRANCH_BELOW_ZERO} "
            "(red on top of blue: mirror with colour='red')"
        )
    n = math.floor(1 - x) + 1
    return (x + n) / (1 << (n - 1))
