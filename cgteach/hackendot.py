"""Hackendot: deleting a node together with its whole path to the root.

A **Hackendot position** is a finite forest of rooted trees whose nodes are
numbered ``0, 1, …, n-1``.  It is given by a **parent list**: ``parents[i]``
is the index of node ``i``'s parent, or ``None`` when node ``i`` is a root.
Trees are drawn with the root at the bottom.

A **move** chooses a node ``v`` and deletes ``v`` and every node on the path
from ``v`` down to its root, with all edges touching that path.  The
subtrees hanging off the deleted path stay in play as new trees (their
lowest nodes become roots).  The player who deletes the last node wins
(normal play), so the game is impartial and every forest has a nim value.

**Strategy stealing** (von Neumann): the first player wins on any single
non-empty tree.  If deleting the root alone lost, the second player would
have a winning reply ``x``; but deleting ``x`` first removes the root as
well, leaving exactly the same position, so the first player could have
played it.

**Úlehla's coloring.**  Every leaf is *white*; a node is *black* when at
least one of its children is white, and white otherwise.  (It is the P/N
labelling of the game "slide a coin one edge towards the leaves": white
nodes are P-positions of that game.)

**Úlehla's contraction** ``L(F)`` is the forest on the black nodes of ``F``.
A black node's parent in ``L(F)`` is its parent in ``F`` when that parent is
black, its grandparent when the parent is white (black–white–black becomes
black–black), and it is a root of ``L(F)`` when it is a root of ``F`` or its
white parent is a root.  White nodes disappear.  Node ``j`` of ``L(F)`` is
the ``j``-th black node of ``F`` in index order.

**Úlehla's theorem.**  Bit ``k`` of the nim value of ``F`` is the parity of
the number of white roots of the ``k``-th contraction ``L^k(F)``
(``L^0(F) = F``).  For a single tree that is "bit ``k`` is on exactly when
the root of ``L^k(T)`` is white"; for a forest it agrees with the nim sum
of the trees' values, because contracting a forest contracts each tree
separately.  A path of ``n`` nodes contracts to a path of ``n // 2`` nodes
with a white root exactly when ``n`` is odd, so it is worth ``*n``.

Offers :class:`Hackendot` (a position: moves, coloring, contraction, value,
winning moves, JSON files, pictures), :class:`Round` (one recorded round of
Úlehla's method), and the brute-force twins :func:`grundy_brute` and
:func:`winning_moves_brute` (memoised search over isomorphism classes).

>>> t = Hackendot.figure1()
>>> t.grundy(), [r.bit for r in t.rounds()]
(7, [1, 1, 1])
>>> Hackendot.path(5).grundy(), (Hackendot.path(3) + Hackendot.path(5)).grundy()
(5, 6)
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import accumulate, compress
from operator import lt

from cgteach import _io
from cgteach._pictures import Pictured, drawer
from cgteach._validate import as_count, as_rng, check_size, show
from cgteach.nimbers import mex, nim_sum

#: Limits, stated once.  Úlehla's method is linear (10**6 nodes in well under
#: a second), and so is winning_moves() (see _subtree_values), so forests may
#: be large.
MAX_NODES = 10**7


__all__ = ["Hackendot", "Round", "grundy_brute", "winning_moves_brute"]

_NoneType = type(None)


# ---------------------------------------------------------------------------
# Parent lists: checking and ordering
# ---------------------------------------------------------------------------


def _clean_parents(parents) -> list[int]:
    """Check a parent list and return it with ``-1`` for roots.

    The common case (a list of ints and ``None``) is checked with C-level
    loops; only when something is wrong do we walk the list in Python to
    name the culprit.
    """
    if isinstance(parents, (str, bytes, dict)) or not isinstance(parents, Iterable):
        raise TypeError(
            "a Hackendot forest is given by a parent list: parents[i] is the index "
            f"of node i's parent, or None for a root; got {show(parents)}"
        )
    parents = list(parents)
    n = len(parents)
    if not set(map(type, parents)) <= {int, _NoneType}:
        converted = []
        for i, p in enumerate(parents):
            if p is None:
                converted.append(None)
            elif isinstance(p, bool) or not isinstance(p, numbers.Integral):
                raise TypeError(
                    f"the parent of node {i} must be a node index (an integer) or None "
                    f"for a root, got {show(p)} of type {type(p).__name__}"
                )
            else:
                converted.append(int(p))
        parents = converted
    par = [-1 if p is None else p for p in parents]
    ints = [p for p in parents if p is not None]
    if ints and (min(ints) < 0 or max(ints) >= n):
        i, p = next((i, p) for i, p in enumerate(parents) if p is not None and not 0 <= p < n)
        raise ValueError(
            f"node {i} has parent {p}, but the nodes are numbered 0 to {n - 1}; "
            f"give an existing node's index, or None to make node {i} a root"
        )
    if any(map(int.__eq__, par, range(n))):
        i = next(i for i in range(n) if par[i] == i)
        raise ValueError(f"node {i} is its own parent; use None to make node {i} a root")
    return par


def _order(par: list[int]) -> list[int] | None:
    """Return an order listing every parent before its children.

    Returns ``None`` when the index order already does (``par[i] < i``), the
    usual case.  Raises ``ValueError`` naming a cycle when there is one.
    """
    n = len(par)
    if all(map(lt, par, range(n))):
        return None
    # Children grouped by parent with one C-level sort (roots, parent -1,
    # come first); offsets[v]:offsets[v + 1] is the slice of v's children.
    by_parent = sorted(range(n), key=par.__getitem__)
    counts = [0] * (n + 1)
    for p in par:
        counts[p + 1] += 1
    offsets = list(accumulate(counts))
    order = by_parent[:offsets[0]]
    for v in order:  # the list grows while we walk it: breadth-first search
        a, b = offsets[v], offsets[v + 1]
        if a < b:
            order.extend(by_parent[a:b])
    if len(order) == n:
        return order
    reached = bytearray(n)
    for v in order:
        reached[v] = 1
    v = reached.index(0)
    seen: dict[int, int] = {}
    walk = []
    while v not in seen:
        seen[v] = len(walk)
        walk.append(v)
        v = par[v]
    cycle = walk[seen[v]:]
    steps = ", ".join(f"node {a}'s parent is {par[a]}" for a in cycle)
    raise ValueError(
        f"the parent list has a cycle ({steps}), so following parents from node "
        f"{cycle[0]} never reaches a root; make one of these nodes a root (None) "
        "or give it a parent outside the cycle"
    )


def _black_flags(par: list[int], order: list[int] | None) -> tuple[bytearray, int]:
    """Úlehla's coloring as flags (1 = black) and the number of white roots."""
    n = len(par)
    black = bytearray(n)
    white_roots = 0
    # Algorithm notes: children come after parents in ``order``, so walking
    # it backwards settles every child before its parent; a node still
    # unmarked when reached has no white child, so it is white and marks
    # its parent black.
    nodes = range(n - 1, -1, -1) if order is None else reversed(order)
    if order is None:
        for i, p in zip(nodes, reversed(par), strict=True):
            if not black[i]:
                if p >= 0:
                    black[p] = 1
                else:
                    white_roots += 1
    else:
        for i in nodes:
            if not black[i]:
                p = par[i]
                if p >= 0:
                    black[p] = 1
                else:
                    white_roots += 1
    return black, white_roots


def _contract(par: list[int], black: bytearray) -> tuple[list[int], list[int]]:
    """L(F) as a parent list (``-1`` roots) and the old index of each new node."""
    blacks = list(compress(range(len(par)), black))
    if not blacks:
        return [], []
    rank = list(accumulate(black))  # rank[b] - 1 is black node b's new index
    up = [par[b] for b in blacks]
    # A white node's parent is black (it has a white child) or it is a root,
    # so one step past a white parent always lands on a black node or nothing.
    up = [q if q < 0 or black[q] else par[q] for q in up]
    return [rank[q] - 1 if q >= 0 else -1 for q in up], blacks


def _value_sorted(par: list[int]) -> int:
    """Úlehla's value of a parent list with ``par[i] < i`` (``-1`` roots).

    Algorithm notes: each black node has a white child of its own, so a
    contraction keeps at most half of the nodes and all rounds together
    cost O(n).  Contraction keeps the order property, so no re-sorting.
    """
    value = 0
    k = 0
    while par:
        black, white_roots = _black_flags(par, None)
        value |= (white_roots & 1) << k
        par, _ = _contract(par, black)
        k += 1
    return value



def _subtree_values(par: list[int]) -> list[int]:
    """The nim value ``g[c]`` of the subtree above every node ``c`` at once.

    ``par`` is a parent list with ``par[i] < i`` (``-1`` roots); the subtree
    ``T_c`` is ``c`` with everything above it, ``c`` as its root.

    Algorithm notes.  The coloring is decided bottom-up, so ``T_c`` is
    colored as in the whole forest.  A black node's parent in ``L`` is its
    nearest black ancestor at most two steps down; inside ``T_c`` that link
    is lost only when it runs through ``c`` itself, white.  So ``L(T_c)`` is
    ``L(F)`` cut down to the nodes of ``T_c``: the ``L``-subtree of ``c``
    when ``c`` is black, and the ``L``-subtrees of ``c``'s children (all
    black) when ``c`` is white.  With Úlehla's theorem (bit 0 is "the root
    is white", the other bits are the value of the contraction, doubled)::

        g[c] = 2 * gL[c]                              if c is black
        g[c] = 1 + 2 * XOR of gL[d] over children d    if c is white

    where ``gL`` are the same numbers one contraction further.  The
    contractions at least halve, so all rounds together cost O(n).  The
    tests compare every ``g[c]`` with brute force on the subtree.
    """
    levels = []  # (par, black, blacks) of F, L(F), L(L(F)), …
    while par:
        black, _ = _black_flags(par, None)
        nxt, blacks = _contract(par, black)
        levels.append((par, black, blacks))
        par = nxt
    g: list[int] = []  # values on the level below, indexed in its numbering
    for par, black, blacks in reversed(levels):
        up = [0] * len(par)  # white node: XOR of its children's doubled values
        val = [0] * len(par)
        for j, b in enumerate(blacks):
            x = g[j] << 1
            val[b] = x
            p = par[b]
            if p >= 0 and not black[p]:
                up[p] ^= x
        for i, b in enumerate(black):
            if not b:
                val[i] = up[i] | 1  # the doubled values are even
        g = val
    return g


def _sorted_frame(par: list[int], order: list[int] | None) -> tuple[list[int], list[int]]:
    """Renumber nodes along ``order`` so parents come first; return (par, order)."""
    if order is None:
        return par, list(range(len(par)))
    rank = [0] * len(par)
    for k, v in enumerate(order):
        rank[v] = k
    return [rank[par[v]] if par[v] >= 0 else -1 for v in order], order


def _delete_path(par: list[int], v: int) -> tuple[list[int], list[int]]:
    """Delete ``v`` and its path to the root; return (new parents, kept old indices)."""
    n = len(par)
    gone = bytearray(n)
    while v >= 0:
        gone[v] = 1
        v = par[v]
    kept = [i for i in range(n) if not gone[i]]
    rank = [0] * n
    for k, i in enumerate(kept):
        rank[i] = k
    new = []
    for i in kept:
        p = par[i]
        new.append(-1 if p < 0 or gone[p] else rank[p])
    return new, kept


# ---------------------------------------------------------------------------
# The position
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One round of Úlehla's method, as recorded by :meth:`Hackendot.rounds`.

    ``k`` numbers the round (``forest`` is ``L^k`` of the start);
    ``coloring`` holds ``"white"``/``"black"`` per node of ``forest``;
    ``white_roots`` lists its white roots; ``bit`` is their number mod 2,
    worth ``power = bit * 2**k``; ``contraction`` is ``L(forest)``; and
    ``origin[i]`` is the index, in the starting forest, of node ``i``.
    """

    k: int
    forest: Hackendot
    coloring: tuple[str, ...]
    white_roots: tuple[int, ...]
    bit: int
    contraction: Hackendot
    origin: tuple[int, ...]

    @property
    def power(self) -> int:
        """``2**k`` when the bit is on, else 0."""
        return self.bit << self.k


class Hackendot(Pictured):
    """A Hackendot position: a forest given by its parent list.

    ``parents[i]`` is node ``i``'s parent index, ``None`` for a root.  The
    node order is kept exactly as given (an index names the same node to
    you, to the drawing and to the analysis); parents may come before or
    after their children.  Two positions are equal when their parent lists
    are equal; :meth:`isomorphic` compares shapes only.

    >>> f = Hackendot([None, 0, 0, 2])
    >>> f
    Hackendot([None, 0, 0, 2])
    >>> f.roots, f.children(0), f.coloring()
    ((0,), (1, 2), ['black', 'white', 'black', 'white'])
    >>> f.delete(2)
    Hackendot([None, None])
    >>> Hackendot([None, 2, 1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the parent list has a cycle (node 1's parent is 2, node 2's parent is 1), ...
    """

    __slots__ = ("_parents", "_par", "_order", "_hash")

    def __init__(self, parents: Iterable = ()):
        if isinstance(parents, Hackendot):
            par, order = parents._par, parents._order
        else:
            par = _clean_parents(parents)
            order = _order(par)
        self._set(par, order)

    def _set(self, par, order):
        object.__setattr__(self, "_par", par)
        object.__setattr__(self, "_order", order)
        object.__setattr__(self, "_parents", tuple(None if p < 0 else p for p in par))
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _trusted(cls, par: list[int]) -> Hackendot:
        """Build from a parent list (``-1`` roots) known to be a forest."""
        new = object.__new__(cls)
        new._set(par, _order(par))
        return new

    def __setattr__(self, name, value):
        raise AttributeError("Hackendot positions are immutable; delete() returns a new one")

    def __delattr__(self, name):
        raise AttributeError("Hackendot positions are immutable; delete() returns a new one")

    def __reduce__(self):
        return (Hackendot, (list(self._parents),))

    # -- ways to build a forest -----------------------------------------

    @classmethod
    def path(cls, n: int) -> Hackendot:
        """A path of ``n`` nodes: node 0 is the root, node ``i`` sits on ``i - 1``.

        >>> Hackendot.path(3)
        Hackendot([None, 0, 1])
        """
        n = as_count(n, "the number of nodes in a path", MAX_NODES)
        return cls._trusted([-1] + list(range(n - 1)) if n else [])

    @classmethod
    def star(cls, k: int) -> Hackendot:
        """A root (node 0) carrying ``k`` leaves.

        >>> Hackendot.star(3)
        Hackendot([None, 0, 0, 0])
        """
        k = as_count(k, "the number of leaves of a star", MAX_NODES)
        return cls._trusted([-1] + [0] * k)

    @classmethod
    def spider(cls, *legs: int) -> Hackendot:
        """A root carrying paths (legs) of the given numbers of nodes.

        >>> Hackendot.spider(2, 1)
        Hackendot([None, 0, 1, 0])
        """
        par = [-1]
        for i, leg in enumerate(legs, start=1):
            leg = as_count(leg, f"leg {i} of a spider", MAX_NODES)
            check_size(len(par) + leg, MAX_NODES, "the number of nodes of the spider")
            below = 0
            for _ in range(leg):
                par.append(below)
                below = len(par) - 1
        return cls._trusted(par)

    @classmethod
    def figure1(cls) -> Hackendot:
        """A tree worth ``*7`` whose root is white in ``T``, ``L(T)`` and ``L(L(T))``.

        The source's Figure 1 is lost; this 11-node tree is a reconstruction
        with the behaviour the text describes: ``L(T)`` is a 4-node tree
        with a white root and ``L(L(T))`` a single white node, so all three
        bits are on and the value is ``1 + 2 + 4 = 7``.

        >>> t = Hackendot.figure1()
        >>> len(t), t.grundy(), len(t.contract()), len(t.contract().contract())
        (11, 7, 4, 1)
        """
        return cls._trusted([-1, 0, 1, 1, 3, 4, 5, 4, 7, 8, 8])

    @classmethod
    def random(cls, n: int, seed=None, trees: int = 1) -> Hackendot:
        """A random forest of ``n`` nodes (a random recursive forest).

        Nodes ``0 … trees-1`` are roots; every later node picks its parent
        uniformly among the nodes before it.  ``seed`` (an integer or a
        ``random.Random``) makes it repeatable.

        >>> Hackendot.random(6, seed=1) == Hackendot.random(6, seed=1)
        True
        """
        n = as_count(n, "the number of nodes", MAX_NODES)
        trees = as_count(trees, "the number of trees", MAX_NODES)
        if n and not 1 <= trees <= n:
            raise ValueError(f"a forest of {n} nodes has between 1 and {n} trees, got {trees}")
        rng = as_rng(seed, "seed")
        rand = rng.random
        par = [-1] * min(trees, n) + [int(rand() * i) for i in range(trees, n)]
        return cls._trusted(par)

    @classmethod
    def from_nested(cls, *trees) -> Hackendot:
        """Build a forest from trees written as nested lists.

        A tree is the list of its root's children, each written the same
        way, so ``[]`` is a single node and ``[[], [[]]]`` is a root with a
        leaf and a 2-node path on it.  Pass one argument per tree.  Nodes
        are numbered in preorder: each root, then its first child's subtree,
        and so on (see :meth:`to_nested`).

        >>> Hackendot.from_nested([[], [[]]])
        Hackendot([None, 0, 0, 2])
        >>> Hackendot.from_nested([], [[]])
        Hackendot([None, None, 1])
        """
        par: list[int] = []
        # Each node's place ("tree 0, child 1, child 0") is kept as a link to
        # its parent's place plus its own child number, and spelt out only
        # for an error message: building the text for every node would cost
        # time proportional to its depth, quadratic on a long path.
        places: list[tuple[int, int]] = []  # (parent's place, child number)

        def where(place: int) -> str:
            steps = []
            while place >= 0:
                place, j = places[place]
                steps.append(j)
            tree_no = steps.pop()
            return ", ".join([f"tree {tree_no}"] + [f"child {j}" for j in reversed(steps)])

        for t, tree in enumerate(trees):
            places.append((-1, t))
            stack = [(tree, -1, len(places) - 1)]
            while stack:
                node, parent, place = stack.pop()
                if not isinstance(node, (list, tuple)):
                    raise TypeError(
                        f"{where(place)} must be a list of its children (use [] for a leaf), "
                        f"got {show(node)}"
                    )
                me = len(par)
                par.append(parent)
                check_size(len(par), MAX_NODES, "the number of nodes")
                for j in range(len(node) - 1, -1, -1):
                    places.append((place, j))
                    stack.append((node[j], me, len(places) - 1))
        return cls._trusted(par)

    def to_nested(self) -> list:
        """The forest as a list of trees in the format of :meth:`from_nested`.

        >>> Hackendot([None, 0, 0, 2]).to_nested()
        [[[], [[]]]]
        """
        lists: list[list] = [[] for _ in range(len(self))]
        for v, p in enumerate(self._par):  # index order: children stay in order
            if p >= 0:
                lists[p].append(lists[v])
        return [lists[r] for r in self.roots]

    @classmethod
    def from_networkx(cls, graph, roots=None, *, with_map: bool = False):
        """Build a forest from a networkx graph.

        An undirected ``graph`` must be a forest and ``roots`` must name
        one node of each tree (a single node is fine for a tree).  A
        directed graph has edges from parent to child; its roots default to
        the nodes with no parent.  Nodes are numbered breadth-first from the
        roots in the order given, children in the graph's adjacency order.
        With ``with_map=True`` also return the list of original node names.

        >>> import networkx as nx
        >>> Hackendot.from_networkx(nx.path_graph(3), roots=1)
        Hackendot([None, 0, 0])
        """
        import networkx as nx

        if not isinstance(graph, nx.Graph):
            raise TypeError(f"from_networkx needs a networkx graph, got {type(graph).__name__}")
        if graph.is_multigraph():
            raise ValueError("a Hackendot forest has no parallel edges; pass a simple graph")
        if nx.number_of_selfloops(graph):
            raise ValueError("a Hackendot forest has no loops; remove the self-loops")
        directed = graph.is_directed()
        if roots is None:
            if not directed:
                raise ValueError(
                    "an undirected graph needs roots=...: name one node of each tree as its root"
                )
            roots = [v for v in graph if graph.in_degree(v) == 0]
        elif isinstance(roots, (str, bytes)) or not isinstance(roots, Iterable):
            roots = [roots]
        roots = list(roots)
        for r in roots:
            if r not in graph:
                raise ValueError(f"root {show(r)} is not a node of the graph")
        if len(set(roots)) != len(roots):
            raise ValueError("each root may be named only once")
        if directed:
            bad = [v for v in graph if graph.in_degree(v) > 1]
            if bad:
                raise ValueError(
                    f"node {show(bad[0])} has more than one parent; a tree node has one"
                )
            bad = [r for r in roots if graph.in_degree(r)]
            if bad:
                raise ValueError(f"root {show(bad[0])} has a parent; a root has none")
            neighbours = graph.successors
        else:
            neighbours = graph.neighbors
        index = {r: k for k, r in enumerate(roots)}
        names = list(roots)
        par = [-1] * len(roots)
        for v in names:  # grows while we walk it: breadth-first search
            me = index[v]
            up = names[par[me]] if par[me] >= 0 else None
            for w in neighbours(v):
                if not directed and par[me] >= 0 and w == up:
                    continue
                if w in index:
                    raise ValueError(
                        f"the graph has a cycle or two roots in one tree (node {show(w)} is "
                        "reached twice); a Hackendot forest needs one root per tree and "
                        "no cycles"
                    )
                index[w] = len(names)
                names.append(w)
                par.append(me)
        if len(names) != graph.number_of_nodes():
            missing = next(v for v in graph if v not in index)
            raise ValueError(
                f"node {show(missing)} cannot be reached from any root; name a root in its tree"
            )
        forest = cls._trusted(par)
        return (forest, names) if with_map else forest

    def to_networkx(self):
        """The forest as a networkx ``DiGraph`` with edges from parent to child."""
        import networkx as nx

        g = nx.DiGraph()
        g.add_nodes_from(range(len(self)))
        g.add_edges_from((p, i) for i, p in enumerate(self._par) if p >= 0)
        return g

    # -- basic facts -------------------------------------------------------

    @property
    def parents(self) -> list:
        """The parent list (``None`` for roots), as a new list."""
        return list(self._parents)

    @property
    def roots(self) -> tuple[int, ...]:
        """The roots, in index order."""
        return tuple(i for i, p in enumerate(self._par) if p < 0)

    @property
    def leaves(self) -> tuple[int, ...]:
        """The nodes with no children, in index order."""
        has_child = bytearray(len(self))
        for p in self._par:
            if p >= 0:
                has_child[p] = 1
        return tuple(i for i in range(len(self)) if not has_child[i])

    def parent(self, i: int) -> int | None:
        """Node ``i``'s parent (``None`` for a root)."""
        return self._parents[self._node(i)]

    def children(self, i: int) -> tuple[int, ...]:
        """Node ``i``'s children, in index order."""
        i = self._node(i)
        return tuple(j for j, p in enumerate(self._par) if p == i)

    def depths(self) -> list[int]:
        """Each node's distance from its root (roots have depth 0)."""
        depth = [0] * len(self)
        for v in self._walk():
            p = self._par[v]
            if p >= 0:
                depth[v] = depth[p] + 1
        return depth

    def depth(self, i: int) -> int:
        """Node ``i``'s distance from its root."""
        i = self._node(i)
        d = 0
        while self._par[i] >= 0:
            i = self._par[i]
            d += 1
        return d

    def path_to_root(self, i: int) -> list[int]:
        """Node ``i`` and its ancestors down to the root: what ``delete(i)`` removes."""
        i = self._node(i)
        out = []
        while i >= 0:
            out.append(i)
            i = self._par[i]
        return out

    def components(self) -> list[list[int]]:
        """The nodes of each tree (one list per root, roots in index order)."""
        tree = [0] * len(self)
        roots = self.roots
        slot = {r: k for k, r in enumerate(roots)}
        for v in self._walk():
            p = self._par[v]
            tree[v] = slot[v] if p < 0 else tree[p]
        out: list[list[int]] = [[] for _ in roots]
        for v, t in enumerate(tree):
            out[t].append(v)
        return out

    def trees(self) -> list[Hackendot]:
        """Each tree as a forest of its own (nodes renumbered in index order)."""
        return [Hackendot._local(self._par, nodes) for nodes in self.components()]

    def __len__(self) -> int:
        return len(self._par)

    def __bool__(self) -> bool:
        return bool(self._par)

    def _node(self, i) -> int:
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            raise TypeError(f"a node must be given by its index (an integer), got {show(i)}")
        i = int(i)
        if not 0 <= i < len(self):
            if not self._par:
                raise ValueError(f"there is no node {show(i)}: this forest is empty")
            raise ValueError(
                f"there is no node {show(i)}: this forest has {len(self)} nodes, "
                f"numbered 0 to {len(self) - 1}"
            )
        return i

    def _walk(self):
        """Every node, parents before children."""
        return range(len(self)) if self._order is None else self._order

    # -- moves -------------------------------------------------------------

    def delete(self, i: int) -> Hackendot:
        """The forest after deleting node ``i`` and its path to the root.

        Surviving nodes keep their order and are renumbered ``0, 1, …``;
        :meth:`delete_with_map` also tells you their old indices.

        >>> Hackendot.path(4).delete(2)
        Hackendot([None])
        >>> Hackendot([None, 0, 1, 1]).delete(1)
        Hackendot([None, None])
        """
        return self.delete_with_map(i)[0]

    #: Another name for :meth:`delete`.
    move = delete

    def delete_with_map(self, i: int) -> tuple[Hackendot, list[int]]:
        """Like :meth:`delete`, also returning, for each new node, its old index.

        >>> Hackendot([None, 0, 1, 1]).delete_with_map(1)
        (Hackendot([None, None]), [2, 3])
        """
        par, kept = _delete_path(self._par, self._node(i))
        return Hackendot._trusted(par), kept

    def options(self) -> list[Hackendot]:
        """The forest after each possible move, in node order."""
        return [self.delete(i) for i in range(len(self))]

    def __add__(self, other: Hackendot) -> Hackendot:
        """The disjoint sum: ``other``'s nodes follow, renumbered after ours."""
        if not isinstance(other, Hackendot):
            return NotImplemented
        n = len(self)
        return Hackendot._trusted(self._par + [p + n if p >= 0 else -1 for p in other._par])

    # -- Úlehla's method -----------------------------------------------------

    def _black(self) -> tuple[bytearray, int]:
        return _black_flags(self._par, self._order)

    def coloring(self) -> list[str]:
        """Úlehla's coloring: ``"white"`` or ``"black"`` for each node.

        Leaves are white; a node is black exactly when some child is white.

        >>> Hackendot.path(4).coloring()
        ['black', 'white', 'black', 'white']
        """
        black, _ = self._black()
        return ["black" if b else "white" for b in black]

    def contract(self) -> Hackendot:
        """Úlehla's contraction ``L(F)``: the forest on the black nodes.

        Node ``j`` of ``L(F)`` is the ``j``-th black node of ``F``; its
        parent is its nearest black ancestor when that ancestor is its
        parent or its grandparent through a white parent, and it is a root
        when its parent, or its white parent's parent, does not exist.

        >>> Hackendot.path(5).contract()
        Hackendot([None, 0])
        >>> Hackendot.figure1().contract()
        Hackendot([None, 0, 1, 1])
        """
        return self.contract_with_map()[0]

    def contract_with_map(self) -> tuple[Hackendot, list[int]]:
        """Like :meth:`contract`, also returning the old index of each new node."""
        black, _ = self._black()
        par, blacks = _contract(self._par, black)
        return Hackendot._trusted(par), blacks

    def grundy(self) -> int:
        """The nim value, by Úlehla's method (linear time, no recursion).

        Bit ``k`` is the parity of the number of white roots in the
        ``k``-th contraction.

        >>> Hackendot.path(13).grundy(), Hackendot.star(4).grundy()
        (13, 2)
        """
        par, _ = _sorted_frame(self._par, self._order)
        return _value_sorted(par)

    def rounds(self) -> list[Round]:
        """Úlehla's method round by round, until the contraction is empty.

        >>> [(r.k, len(r.forest), r.white_roots, r.bit) for r in Hackendot.path(6).rounds()]
        [(0, 6, (), 0), (1, 3, (0,), 1), (2, 1, (0,), 1)]
        """
        out = []
        forest, origin, k = self, tuple(range(len(self))), 0
        while forest:
            black, _ = forest._black()
            white_roots = tuple(r for r in forest.roots if not black[r])
            par, blacks = _contract(forest._par, black)
            nxt = Hackendot._trusted(par)
            out.append(Round(
                k=k,
                forest=forest,
                coloring=tuple("black" if b else "white" for b in black),
                white_roots=white_roots,
                bit=len(white_roots) & 1,
                contraction=nxt,
                origin=origin,
            ))
            origin = tuple(origin[b] for b in blacks)
            forest, k = nxt, k + 1
        return out

    def winning_moves(self) -> list[int]:
        """Every node whose deletion leaves a P-position (value 0), in order.

        Linear time.  Deleting ``v`` removes the path from its root ``r`` up
        to ``v``; left in that tree are the subtrees hanging off the path.
        Let ``g[c]`` be the value of the subtree above ``c`` (all found at
        once, see ``_subtree_values``), ``s[u]`` the nim sum of ``g`` over
        ``u``'s children, and ``e[v]`` the nim sum of ``g[u] ⊕ s[u]`` over
        the path ``r … v``: each path node brings in its children and takes
        itself away.  The tree is left worth ``g[r] ⊕ e[v]`` (``g[r]`` was
        never there to take away), and the forest ``total ⊕ g[r] ⊕ g[r] ⊕
        e[v] = total ⊕ e[v]``, so ``v`` wins exactly when ``e[v] == total``.

        >>> Hackendot.path(3).winning_moves()
        [2]
        >>> (Hackendot.path(2) + Hackendot.path(2)).winning_moves()
        []
        """
        par, order = _sorted_frame(self._par, self._order)
        g = _subtree_values(par)
        total = 0
        for p, x in zip(par, g, strict=True):
            if p < 0:
                total ^= x
        if total == 0:
            return []
        step = g[:]  # g[u] XOR (nim sum of g over u's children)
        for i, p in enumerate(par):
            if p >= 0:
                step[p] ^= g[i]
        e = step  # prefix nim sums along each path, in place, parents first
        for i, p in enumerate(par):
            if p >= 0:
                e[i] ^= e[p]
        return sorted(order[k] for k, x in enumerate(e) if x == total)

    def _winning_moves_quadratic(self) -> list[int]:
        """The former winning_moves: each move re-valued by Úlehla's method.

        Quadratic in the tree sizes; kept as a twin for the tests and the
        benchmark.
        """
        groups = self.components()
        frames = []  # each tree renumbered parents-first, with its value
        for nodes in groups:
            local = Hackendot._local(self._par, nodes)
            par, order = _sorted_frame(local._par, local._order)
            frames.append((par, order, _value_sorted(par)))
        total = nim_sum(v for _, _, v in frames)
        if total == 0:
            return []
        wins = []
        for nodes, (par, order, v) in zip(groups, frames, strict=True):
            # Sprague–Grundy: a move inside this tree wins exactly when it
            # turns the tree's value v into total XOR v (which may exceed v:
            # unlike Nim, a move can raise a tree's value).
            target = total ^ v
            for k in range(len(nodes)):
                rest, _ = _delete_path(par, k)
                if _value_sorted(rest) == target:
                    wins.append(nodes[order[k]])
        return sorted(wins)

    @staticmethod
    def _local(par: list[int], nodes: list[int]) -> Hackendot:
        rank = {v: k for k, v in enumerate(nodes)}
        return Hackendot._trusted([rank[par[v]] if par[v] >= 0 else -1 for v in nodes])

    def grundy_brute(self, max_nodes: int | None = 24) -> int:
        """The nim value by memoised search (see :func:`grundy_brute`)."""
        return grundy_brute(self, max_nodes=max_nodes)

    def isomorphic(self, other: Hackendot) -> bool:
        """True when ``other`` is the same forest up to renumbering the nodes.

        >>> Hackendot([None, 0, None]).isomorphic(Hackendot([None, None, 1]))
        True
        """
        if not isinstance(other, Hackendot):
            raise TypeError(f"can only compare with another Hackendot, got {show(other)}")
        return len(self) == len(other) and _canonical(self) == _canonical(other)

    # -- files ---------------------------------------------------------------

    def to_dict(self) -> dict:
        """The JSON-ready body of a position file: ``{"parents": [...]}``."""
        return {"parents": list(self._parents)}

    @classmethod
    def from_dict(cls, body: dict) -> Hackendot:
        """Build a forest from the body of a position file, checking everything."""
        if not isinstance(body, dict) or set(body) != {"parents"}:
            raise ValueError(
                "a Hackendot position file needs exactly one key, 'parents' "
                "(a list of parent indices, null for roots)"
            )
        parents = body["parents"]
        if not isinstance(parents, list):
            raise ValueError("'parents' must be a JSON list of parent indices (null for roots)")
        try:
            return cls(parents)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bad Hackendot position file: {exc}") from None

    def to_json(self) -> str:
        """The position as the text of a versioned JSON position file."""
        return _io.dumps("hackendot", self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Hackendot:
        """Read a position from JSON text (``ValueError`` if anything is wrong).

        >>> Hackendot.from_json(Hackendot.path(2).to_json())
        Hackendot([None, 0])
        """
        return cls.from_dict(_io.loads("hackendot", text))

    def save(self, path: str | os.PathLike) -> None:
        """Write the position to a JSON file (atomically).

        ``path`` is a ``str`` or ``os.PathLike``.  An existing file is
        replaced only if it is an earlier cgteach position file (or empty);
        a folder, a device or any other file is refused and left untouched.
        """
        _io.save("hackendot", self.to_dict(), path)

    @classmethod
    def load(cls, path: str | os.PathLike) -> Hackendot:
        """Read a position from a JSON file written by :meth:`save`.

        Only a regular file of at most ``cgteach._io.MAX_FILE_BYTES`` bytes is
        read; anything else is a ``ValueError`` before reading.
        """
        return cls.from_dict(_io.load("hackendot", path))

    # -- value semantics -------------------------------------------------------

    def __eq__(self, other):
        if not isinstance(other, Hackendot):
            return NotImplemented
        return self._parents == other._parents

    def __hash__(self):
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(("Hackendot", self._parents)))
        return self._hash

    def __repr__(self):
        return f"Hackendot({list(self._parents)!r})"

    def __str__(self):
        t = len(self.roots)
        return (f"Hackendot forest: {t} tree{'s' * (t != 1)}, "
                f"{len(self)} node{'s' * (len(self) != 1)}")

    def _repr_png_(self):
        if not self._par or len(self) > 400:
            return None
        return drawer("hackendot.png")(self, labels=len(self) <= 40)

    def _alt_text(self) -> str:
        """What :meth:`_repr_png_`'s picture shows, in words (its text alternative).

        >>> Hackendot([None, 0, 0, None])._alt_text()
        'Hackendot forest: 2 trees with 4 nodes in all, the largest of 3 nodes.'
        """
        from cgteach._pictures import count

        par = self._par
        root = list(range(len(self)))
        sizes: dict = {}
        for v in self._walk():  # a parent before its children
            if par[v] >= 0:
                root[v] = root[par[v]]
            sizes[root[v]] = sizes.get(root[v], 0) + 1
        if len(sizes) == 1:
            return f"Hackendot tree of {count(len(self), 'node')}."
        return (f"Hackendot forest: {count(len(sizes), 'tree')} with {len(self)} nodes in "
                f"all, the largest of {count(max(sizes.values()), 'node')}.")


# ---------------------------------------------------------------------------
# Brute force: memoised search over isomorphism classes
# ---------------------------------------------------------------------------

# AHU-style canonical forms: every isomorphism class of rooted trees gets an
# integer id; a tree's class is fixed by the sorted tuple of its children's
# ids.  A forest's canonical form is the sorted tuple of its trees' ids.
_TREE_ID: dict[tuple[int, ...], int] = {}
_TREE_KIDS: list[tuple[int, ...]] = []
_BRUTE: dict[tuple[int, ...], int] = {}


def _tree_id(kids: tuple[int, ...]) -> int:
    tid = _TREE_ID.get(kids)
    if tid is None:
        tid = _TREE_ID[kids] = len(_TREE_KIDS)
        _TREE_KIDS.append(kids)
    return tid


def _canonical(forest: Hackendot) -> tuple[int, ...]:
    """The sorted tuple of the trees' class ids (iterative, any depth)."""
    n = len(forest)
    par = forest._par
    kid_ids: list[list[int]] = [[] for _ in range(n)]
    walk = list(forest._walk())
    ids = [0] * n
    roots = []
    for v in reversed(walk):
        ids[v] = _tree_id(tuple(sorted(kid_ids[v])))
        p = par[v]
        if p >= 0:
            kid_ids[p].append(ids[v])
        else:
            roots.append(ids[v])
    return tuple(sorted(roots))


def _brute_options(key: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Canonical forms of the forests one move away (isomorphic moves merged)."""
    out = set()
    for t_pos, t in enumerate(key):
        if t_pos and key[t_pos - 1] == t:
            continue  # equal trees give the same options
        rest = key[:t_pos] + key[t_pos + 1:]
        stack = [(t, ())]
        while stack:
            u, hanging = stack.pop()
            kids = _TREE_KIDS[u]
            # deleting u (and the path below it) frees its children and
            # everything that hung off the path
            out.add(tuple(sorted(rest + hanging + kids)))
            for j, c in enumerate(kids):
                if j and kids[j - 1] == c:
                    continue
                stack.append((c, hanging + kids[:j] + kids[j + 1:]))
    return out


def _brute_value(key: tuple[int, ...]) -> int:
    """Memoised mex search, with an explicit stack instead of recursion."""
    if key in _BRUTE:
        return _BRUTE[key]
    if len(_BRUTE) > 3_000_000:
        _BRUTE.clear()
    pending: dict[tuple[int, ...], set] = {}
    stack = [key]
    while stack:
        k = stack[-1]
        if k in _BRUTE:
            stack.pop()
            continue
        opts = pending.get(k)
        if opts is None:
            opts = pending[k] = _brute_options(k)
        missing = [o for o in opts if o not in _BRUTE]
        if missing:
            stack.extend(missing)
            continue
        _BRUTE[k] = mex(_BRUTE[o] for o in opts)
        del pending[k]
        stack.pop()
    return _BRUTE[key]


def _as_forest(forest) -> Hackendot:
    return forest if isinstance(forest, Hackendot) else Hackendot(forest)


def grundy_brute(forest, max_nodes: int | None = 24) -> int:
    """The nim value by memoised search over all positions, no theory used.

    ``forest`` is a :class:`Hackendot` or a parent list.  Positions are
    merged up to isomorphism, so a few thousand states cover any 12-node
    forest; above ``max_nodes`` nodes (``None``: no limit) the search could
    take very long, so it refuses.

    >>> [grundy_brute(Hackendot.path(n)) for n in range(6)]
    [0, 1, 2, 3, 4, 5]
    >>> grundy_brute(Hackendot.figure1())
    7
    """
    forest = _as_forest(forest)
    if max_nodes is not None and len(forest) > as_count(max_nodes, "max_nodes"):
        raise ValueError(
            f"brute force on {len(forest)} nodes could take very long (limit {max_nodes}); "
            "use .grundy() (Úlehla's method) or pass max_nodes=None"
        )
    return _brute_value(_canonical(forest))


def winning_moves_brute(forest, max_nodes: int | None = 24) -> list[int]:
    """Every node whose deletion leaves value 0, found by brute force.

    >>> winning_moves_brute([None, 0, 1])
    [2]
    """
    forest = _as_forest(forest)
    return [i for i in range(len(forest))
            if grundy_brute(forest.delete(i), max_nodes=max_nodes) == 0]
