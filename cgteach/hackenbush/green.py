"""Green Hackenbush: the nim value of any drawing, its winning cuts, and the story.

In **green Hackenbush** every edge is green, so both players may cut any
edge: the game is impartial, and by the Sprague–Grundy theorem every
position is worth a single Nim heap ``*n``.  Its **value** (nim value,
Grundy value) is that ``n``; a position is a P-position (the player to move
loses) exactly when its value is 0.

The essay (source 000, section 5.2) reduces any drawing to Nim heaps with
four rules, none of which changes the value:

* **stalks** (Thm 5.1) — a path of ``n`` edges standing on the ground (a
  *stalk*, or bamboo stalk) is a Nim heap of size ``n``;
* **loops** (Thm 5.2) — a loop at a node may be swapped for a leaf edge
  hanging from that node;
* **colon principle** (Thm 5.3) — branches meeting at a node may be swapped
  for one stalk whose length is the nim sum of their values;
* **fusion principle** (Thm 5.4) — the nodes of a circuit may be fused into
  one node; the circuit's edges become loops.  So an odd circuit is worth an
  edge and an even circuit is worth nothing.

Merging all ground nodes into one (**ground fusion**) is the fusion
principle applied to the ground, which is one big node.

This module offers

* :func:`grundy` — the value in linear time;
* :func:`grundy_brute` — the same by searching every position (small drawings);
* :func:`winning_moves` and :func:`winning_moves_brute` — every winning cut;
* :func:`reduction_steps` and :class:`Step` — the essay's reductions as a
  recorded story, ending in stalks; :func:`story` prints it;
* :func:`stalk_heaps` — the heap sizes of a position made only of stalks;
* :func:`merge_ground`, :func:`loops_to_leaves`, :func:`fuse_nodes` — the
  single reductions, for experiments.

>>> from cgteach.hackenbush import Hackenbush
>>> triangle = Hackenbush([(0, 1), (1, 2), (2, 0)])
>>> grundy(triangle), grundy_brute(triangle)
(1, 1)
>>> print(story(triangle))
1. [fusion] Fuse the odd circuit 0–1–2 into the ground: its 3 edges become 3 loops (Thm 5.4).
2. [loops] Replace the 3 loops at the ground by leaf edges to new nodes (Thm 5.2).
3. [stalks] Only stalks are left: Nim heaps 1, 1, 1 (Thm 5.1), so the value is 1 ⊕ 1 ⊕ 1 = *1.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cgteach.hackenbush.position import Hackenbush, _numbered
from cgteach.nimbers import mex, nim_sum

__all__ = [
    "RULES",
    "Step",
    "fuse_nodes",
    "grundy",
    "grundy_brute",
    "loops_to_leaves",
    "merge_ground",
    "reduction_steps",
    "stalk_heaps",
    "story",
    "winning_moves",
    "winning_moves_brute",
]

#: The rule names a :class:`Step` may carry, in the order they first occur.
RULES = ("ground fusion", "loops", "fusion", "colon", "stalks")

#: Largest drawing :func:`grundy_brute` agrees to search.
BRUTE_LIMIT = 18


# ---------------------------------------------------------------------------
# checks and indexing


def _check_green(position, what: str) -> Hackenbush:
    if not isinstance(position, Hackenbush):
        raise TypeError(f"{what}() needs a Hackenbush position, got {type(position).__name__}")
    for i, (_, _, colour) in enumerate(position.edges):
        if colour != "green":
            raise ValueError(
                f"edge {i} is {colour}; {what}() needs an all-green position "
                "— use .value() for blue-red"
            )
    return position


def _index(position: Hackenbush):
    """Number the nodes 0, 1, … with every ground node sent to 0.

    Returns ``(n, eu, ev)``: the node count and, for each edge ``i`` of
    ``position.edges``, its two ends as numbers.
    """
    n, eu, ev, _ = _numbered(position)
    return n, eu, ev


class _Blocks:
    """What :func:`_blocks` learns about a rooted multigraph."""

    __slots__ = ("value", "comp", "comp_value", "comp_head", "bridge", "parent_edge")


def _blocks(n, eu, ev, root=0, weight=None) -> _Blocks:
    """Value of the rooted multigraph on nodes ``0..n-1`` with edges ``eu[i]–ev[i]``.

    ``weight`` (optional) maps a node to a nim value that sits at that node
    as if a stalk of that length hung there.

    Algorithm notes.  One iterative depth-first search (Tarjan's bridge
    test ``low[x] == tin[x]``, with edge ids so parallel edges are not
    mistaken for bridges) finds the 2-edge-connected components, children
    before parents.  By the fusion principle (Thm 5.4) each component may
    be fused into one node whose non-bridge edges (loops included) become
    loops, and by Thm 5.2 and the colon principle (Thm 5.3) ``k`` loops are
    worth a stalk of length ``k mod 2``.  The bridges then form a tree, and
    the colon principle gives: value(C) = (its edge parity) XOR the XOR over
    child components D of (value(D) + 1).  Every node and edge is handled a
    constant number of times, so the whole is linear.
    """
    m = len(eu)
    adj = [[] for _ in range(n)]
    acc = [0] * n  # what each node adds to its component's value
    for i in range(m):
        u = eu[i]
        v = ev[i]
        if u == v:
            acc[u] ^= 1
        else:
            adj[u].append(i)
            adj[v].append(i)
    if weight:
        for z, w in weight.items():
            acc[z] ^= w
    tin = [-1] * n
    low = [0] * n
    parent_edge = [-1] * n
    pos = [0] * n
    comp = [-1] * n
    comp_value: list[int] = []
    comp_head: list[int] = []
    bridge = bytearray(m)
    tin[root] = 0
    timer = 1
    stack = [root]
    open_nodes = [root]  # nodes whose component is not finished yet
    value = 0
    while stack:
        x = stack[-1]
        ax = adj[x]
        p = pos[x]
        if p < len(ax):
            pos[x] = p + 1
            i = ax[p]
            if i == parent_edge[x]:
                continue
            y = eu[i] ^ ev[i] ^ x
            t = tin[y]
            if t < 0:
                tin[y] = low[y] = timer
                timer += 1
                parent_edge[y] = i
                stack.append(y)
                open_nodes.append(y)
            elif t < tin[x]:
                # A back edge to an ancestor lies on a circuit: never a bridge.
                # (Seen again later from the ancestor's side, where t > tin[x].)
                acc[x] ^= 1
                if t < low[x]:
                    low[x] = t
            continue
        stack.pop()
        if low[x] == tin[x]:
            # x heads a 2-edge-connected component; its children are finished.
            c = len(comp_value)
            val = 0
            while True:
                z = open_nodes.pop()
                comp[z] = c
                val ^= acc[z]
                if z == x:
                    break
            comp_value.append(val)
            comp_head.append(x)
            if stack:
                bridge[parent_edge[x]] = 1
                acc[stack[-1]] ^= val + 1  # colon principle: a branch worth val + 1
            else:
                value = val
        else:
            # The edge up to the parent lies on a circuit; count it with x.
            acc[x] ^= 1
            par = stack[-1]
            if low[x] < low[par]:
                low[par] = low[x]
    out = _Blocks()
    out.value = value
    out.comp = comp
    out.comp_value = comp_value
    out.comp_head = comp_head
    out.bridge = bridge
    out.parent_edge = parent_edge
    return out


# ---------------------------------------------------------------------------
# values


def grundy(position: Hackenbush) -> int:
    """The nim value of an all-green position, in time linear in its size.

    >>> from cgteach.hackenbush import Hackenbush
    >>> grundy(Hackenbush([(0, 1), (1, 2), (0, 3)]))   # stalks of 2 and 1
    3
    >>> grundy(Hackenbush([(0, 1), (1, 2), (2, 3), (3, 0)]))   # an even circuit
    0
    >>> grundy(Hackenbush([(0, 1, "blue")]))
    Traceback (most recent call last):
    ...
    ValueError: edge 0 is blue; grundy() needs an all-green position — use .value() for blue-red
    """
    _check_green(position, "grundy")
    n, eu, ev = _index(position)
    return _blocks(n, eu, ev).value


def _edge_key(u, v):
    a, b = repr(u), repr(v)
    return (a, b) if a <= b else (b, a)


def _search(position: Hackenbush, memo: dict) -> int:
    """Grundy value by trying every cut (the definition), memoised on edge multisets."""
    key = tuple(sorted(Counter(_edge_key(u, v) for u, v, _ in position.edges).items()))
    if key not in memo:
        memo[key] = mex(_search(p, memo) for p in position.options())
    return memo[key]


def grundy_brute(position: Hackenbush) -> int:
    """The nim value found the slow way: the MEX over every cut, recursively.

    This is the definition (Thm 4.1, the MEX principle) with no theorem of
    section 5 used, so the tests can trust it.  Positions are remembered by
    their multiset of edges, so equal sub-positions are solved once.  It
    refuses drawings of more than 18 edges.

    >>> from cgteach.hackenbush import Hackenbush
    >>> grundy_brute(Hackenbush([(0, 1), (1, 1), (1, 1)]))
    1
    """
    _check_green(position, "grundy_brute")
    if len(position) > BRUTE_LIMIT:
        raise ValueError(
            f"grundy_brute() tries every line of play and allows at most {BRUTE_LIMIT} "
            f"edges; this position has {len(position)}: use grundy() instead"
        )
    return _search(position, {})


def winning_moves_brute(position: Hackenbush) -> list[int]:
    """Every edge whose cut leaves value 0, found with :func:`grundy_brute`."""
    _check_green(position, "winning_moves_brute")
    if len(position) > BRUTE_LIMIT:
        raise ValueError(
            f"winning_moves_brute() allows at most {BRUTE_LIMIT} edges; "
            f"this position has {len(position)}: use winning_moves() instead"
        )
    memo: dict = {}
    return [i for i in range(len(position)) if _search(position.cut(i), memo) == 0]


def winning_moves(position: Hackenbush) -> list[int]:
    """Indices into ``position.edges`` of every cut that leaves value 0.

    >>> from cgteach.hackenbush import Hackenbush
    >>> winning_moves(Hackenbush([(0, 1), (1, 2), (2, 3), (0, 4)]))   # heaps 3 and 1
    [1]
    >>> winning_moves(Hackenbush([(0, 1), (0, 2)]))   # heaps 1 and 1: already balanced
    []

    Algorithm notes.  This is the essay's section 6 done for every cut at
    once.  Fuse circuits as in :func:`grundy` (no edge is lost, so every
    edge keeps its label), and balance at the ground: the whole must become
    worth 0.  Then walk up, asking of each branch what value it would need
    for that: the ground's block needs ``target = 0``; if block ``C`` hangs
    from block ``P`` and ``rest = value(P) XOR (value(C) + 1)`` is what the
    rest of ``P`` is worth, then cutting the bridge to ``C`` wins exactly
    when ``rest == target(P)``, and otherwise ``C`` must come to
    ``(rest XOR target(P)) - 1`` (the colon principle backwards).  That
    part is linear.  Inside a
    component ``C`` that has a target, cutting a loop flips its parity, and
    cutting a circuit edge is tried by re-running the linear method on ``C``
    alone, with each hanging branch replaced by its value (colon principle).
    So the cost is linear plus the sum of ``|C|²`` over the components that
    have a reachable target: linear for trees and small circuits, quadratic
    for one huge block of circuits (fine for drawings of teaching size).
    """
    _check_green(position, "winning_moves")
    n, eu, ev = _index(position)
    info = _blocks(n, eu, ev)
    if info.value == 0:
        return []
    comp, cval, head, pe = info.comp, info.comp_value, info.comp_head, info.parent_edge
    ncomp = len(cval)
    hang = [0] * n  # XOR of (value + 1) over the components hanging at each node
    for c in range(ncomp - 1):
        h = head[c]
        i = pe[h]
        hang[eu[i] ^ ev[i] ^ h] ^= cval[c] + 1
    target: list[int | None] = [None] * ncomp
    target[ncomp - 1] = 0  # the ground's component finishes last
    moves = []
    # Parents finish after their children, so walk the components backwards.
    for c in range(ncomp - 2, -1, -1):
        h = head[c]
        i = pe[h]
        parent = comp[eu[i] ^ ev[i] ^ h]
        t = target[parent]
        if t is None:
            continue
        rest = cval[parent] ^ (cval[c] + 1)
        if rest == t:
            moves.append(i)
        else:
            target[c] = (rest ^ t) - 1
    # Edges inside components: loops and circuit edges.
    # Algorithm notes.  A green position's value has the parity of its number
    # of edges (true of a stalk, and kept by the colon formula), and cutting an
    # edge inside a component drops nothing else.  So such a cut can only reach
    # the target when the target's parity differs from the component's value.
    inside: dict[int, list[int]] = {}
    for i in range(len(eu)):
        if not info.bridge[i]:
            c = comp[eu[i]]
            if target[c] is not None and (target[c] ^ cval[c]) & 1:
                inside.setdefault(c, []).append(i)
    for c, edges in inside.items():
        moves.extend(_winning_inside(c, edges, info, eu, ev, hang, target[c]))
    return sorted(moves)


def _winning_inside(c, edges, info, eu, ev, hang, goal):
    """The circuit or loop edges of component ``c`` whose cut gives it value ``goal``."""
    loops = [i for i in edges if eu[i] == ev[i]]
    found = [i for i in loops if info.comp_value[c] ^ 1 == goal]
    circuit = [i for i in edges if eu[i] != ev[i]]
    if not circuit:
        return found
    local: dict[int, int] = {}
    for i in circuit:
        for z in (eu[i], ev[i]):
            if z not in local:
                local[z] = len(local)
    root = info.comp_head[c]
    local.setdefault(root, len(local))
    weight: dict[int, int] = {}
    for z, k in local.items():
        w = hang[z]
        if w:
            weight[k] = w
    for i in loops:
        k = local[eu[i]]
        weight[k] = weight.get(k, 0) ^ 1
    lu = [local[eu[i]] for i in circuit]
    lv = [local[ev[i]] for i in circuit]
    for j, i in enumerate(circuit):
        # Cutting a circuit edge drops nothing: re-evaluate what is left.
        if _blocks(len(local), lu[:j] + lu[j + 1:], lv[:j] + lv[j + 1:],
                   local[root], weight).value == goal:
            found.append(i)
    return found


# ---------------------------------------------------------------------------
# single reductions


def merge_ground(position: Hackenbush) -> Hackenbush:
    """Merge every ground node into the first one (edges between them become loops).

    >>> from cgteach.hackenbush import Hackenbush
    >>> merge_ground(Hackenbush([(0, 1), (1, 2), (2, 5)], ground=(0, 5)))
    Hackenbush([(0, 1), (1, 2), (2, 0)], ground=(0,))
    """
    if not isinstance(position, Hackenbush):
        raise TypeError(f"merge_ground() needs a Hackenbush position, got {position!r}")
    g = position.ground[0]
    grounded = set(position.ground)

    def name(x):
        return g if x in grounded else x

    return Hackenbush([(name(u), name(v), c) for u, v, c in position.edges], ground=(g,))


def _fresh_names(used):
    """Return a function making node names not in ``used``."""
    used = set(used)
    plain_ints = all(isinstance(x, int) and not isinstance(x, bool) for x in used)
    counter = [max(used, default=-1) + 1 if plain_ints else 1]

    def fresh():
        if plain_ints:
            counter[0] += 1
            return counter[0] - 1
        while f"n{counter[0]}" in used:
            counter[0] += 1
        name = f"n{counter[0]}"
        used.add(name)
        return name

    return fresh


def loops_to_leaves(position: Hackenbush) -> Hackenbush:
    """Replace every loop by an edge to a new leaf node (Thm 5.2).

    >>> from cgteach.hackenbush import Hackenbush
    >>> loops_to_leaves(Hackenbush([(0, 1), (1, 1)]))
    Hackenbush([(0, 1), (1, 2)], ground=(0,))
    """
    if not isinstance(position, Hackenbush):
        raise TypeError(f"loops_to_leaves() needs a Hackenbush position, got {position!r}")
    fresh = _fresh_names(position.nodes)
    return Hackenbush(
        [(u, fresh(), c) if u == v else (u, v, c) for u, v, c in position.edges],
        ground=position.ground,
    )


def fuse_nodes(position: Hackenbush, nodes) -> Hackenbush:
    """Fuse ``nodes`` into one node (Thm 5.4): edges among them become loops.

    The fused node takes the name of the first of ``nodes`` (or of the first
    ground node among them, and then it is ground).  The value is unchanged
    when the nodes lie on a common circuit; fusing other nodes may change it.

    >>> from cgteach.hackenbush import Hackenbush
    >>> fuse_nodes(Hackenbush([(0, 1), (1, 2), (2, 0)]), [1, 2])
    Hackenbush([(0, 1), (1, 1), (1, 0)], ground=(0,))
    """
    if not isinstance(position, Hackenbush):
        raise TypeError(f"fuse_nodes() needs a Hackenbush position, got {position!r}")
    if isinstance(nodes, (str, bytes)) or not hasattr(nodes, "__iter__"):
        raise TypeError(f"nodes must be a list of node names, got {nodes!r}")
    nodes = list(dict.fromkeys(nodes))
    known = set(position.nodes)
    for x in nodes:
        if x not in known:
            raise ValueError(f"there is no node {x!r} in this position; its nodes are "
                             f"{position.nodes!r}")
    if not nodes:
        return position
    grounds = [x for x in nodes if x in position.ground]
    keep = grounds[0] if grounds else nodes[0]
    fused = set(nodes)

    def name(x):
        return keep if x in fused else x

    ground = [name(g) for g in position.ground]
    return Hackenbush([(name(u), name(v), c) for u, v, c in position.edges],
                      ground=list(dict.fromkeys(ground)))


def stalk_heaps(position: Hackenbush) -> list[int]:
    """The lengths of the stalks, if ``position`` is only stalks standing on the ground.

    A stalk is a path whose bottom node, and only that node, is a ground
    node.  Raises ``ValueError`` for anything else.

    >>> from cgteach.hackenbush import Hackenbush
    >>> stalk_heaps(Hackenbush([(0, 1), (1, 2), (0, 3)]))
    [2, 1]
    """
    if not isinstance(position, Hackenbush):
        raise TypeError(f"stalk_heaps() needs a Hackenbush position, got {position!r}")
    ground = set(position.ground)
    touching: dict = {}
    for i, (u, v, _) in enumerate(position.edges):
        if u == v:
            raise ValueError(f"edge {i} is a loop, so this is not a position of stalks")
        touching.setdefault(u, []).append(i)
        touching.setdefault(v, []).append(i)
    heaps = []
    seen = set()
    for g in position.ground:
        for i in touching.get(g, ()):
            length, at, last = 0, g, i
            while True:
                if last in seen:
                    raise ValueError("this is not a position of stalks: two stalks meet")
                seen.add(last)
                length += 1
                u, v, _ = position.edges[last]
                at = v if u == at else u
                if at in ground:
                    raise ValueError(f"edge {last} joins two ground nodes, so this is not "
                                     "a position of stalks")
                more = [j for j in touching[at] if j != last]
                if len(more) > 1:
                    raise ValueError(f"the position branches at node {at!r}, so it is not "
                                     "a position of stalks")
                if not more:
                    break
                last = more[0]
            heaps.append(length)
    if len(seen) != len(position):
        raise ValueError("this is not a position of stalks")
    return heaps


# ---------------------------------------------------------------------------
# the story


@dataclass(frozen=True)
class Step:
    """One recorded reduction.

    ``rule`` is one of :data:`RULES`; ``description`` says in one sentence
    what happened; ``position`` is the drawing after the step; ``origin[j]``
    lists the edges of the *original* drawing that edge ``j`` of
    ``position`` stands for (one edge for a loop turned into a leaf, every
    edge of the branches a colon step replaced).
    """

    rule: str
    description: str
    position: Hackenbush
    origin: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return f"[{self.rule}] {self.description}"


class _Drawing:
    """A mutable working copy of a drawing, with the origin of every edge."""

    def __init__(self, position: Hackenbush):
        self.edges = [(u, v) for u, v, _ in position.edges]
        self.origin = [(i,) for i in range(len(self.edges))]
        self.ground = list(position.ground)
        self.fresh = _fresh_names(position.nodes)
        self.steps: list[Step] = []

    def record(self, rule, description):
        position = Hackenbush(self.edges, ground=self.ground)
        self.steps.append(Step(rule, description, position, tuple(self.origin)))


def _name(x) -> str:
    return str(x)


def _names(items, limit=6) -> str:
    items = [_name(x) for x in items]
    if len(items) > limit:
        items = items[: limit - 1] + ["…", items[-1]]
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _where(node, g) -> str:
    return "the ground" if node == g else _name(node)


def _step_ground(d: _Drawing):
    if len(d.ground) < 2:
        return
    g = d.ground[0]
    grounded = set(d.ground)
    between = sum(1 for u, v in d.edges if u in grounded and v in grounded and u != v)
    d.edges = [(g if u in grounded else u, g if v in grounded else v) for u, v in d.edges]
    merged = _names(d.ground)
    d.ground = [g]
    tail = ""
    if between:
        tail = (f"; the {between} edges joining them become loops" if between > 1
                else "; the edge joining them becomes a loop")
    d.record("ground fusion",
             f"Merge the ground nodes {merged} into one ground node {_name(g)}, "
             f"since the ground is all one{tail}.")


def _step_loops(d: _Drawing):
    at = [u for u, v in d.edges if u == v]
    if not at:
        return
    g = d.ground[0]
    d.edges = [(u, d.fresh()) if u == v else (u, v) for u, v in d.edges]
    count = len(at)
    places = _names([_where(x, g) for x in dict.fromkeys(at)])
    what = "the loop" if count == 1 else f"the {count} loops"
    leaves = "a leaf edge to a new node" if count == 1 else "leaf edges to new nodes"
    d.record("loops", f"Replace {what} at {places} by {leaves} (Thm 5.2).")


def _cycle_order(nodes, edges, d: _Drawing, start):
    """The nodes of a simple circuit in order around it, starting at ``start``."""
    touching: dict = {}
    for i in edges:
        u, v = d.edges[i]
        touching.setdefault(u, []).append(i)
        touching.setdefault(v, []).append(i)
    order = [start]
    last = touching[start][0]
    at = start
    while True:
        u, v = d.edges[last]
        at = v if u == at else u
        if at == start:
            return order
        order.append(at)
        last = next(j for j in touching[at] if j != last)


def _step_fusion(d: _Drawing):
    g = d.ground[0]
    names = list(dict.fromkeys([g] + [x for e in d.edges for x in e]))
    ids = {x: k for k, x in enumerate(names)}
    eu = [ids[u] for u, _ in d.edges]
    ev = [ids[v] for _, v in d.edges]
    info = _blocks(len(names), eu, ev)
    members: dict[int, list[int]] = {}
    for k in range(len(names)):
        members.setdefault(info.comp[k], []).append(k)
    inner: dict[int, list[int]] = {}
    for i in range(len(eu)):
        if not info.bridge[i]:
            inner.setdefault(info.comp[eu[i]], []).append(i)
    # Components finish children first: the highest circuits are fused first.
    for c in range(len(info.comp_value)):
        edges = inner.get(c)
        if not edges:
            continue
        nodes = [names[k] for k in members[c]]
        keep = names[info.comp_head[c]]
        size = len(edges)
        parity = "odd" if size % 2 else "even"
        into = "the ground" if keep == g else f"the single node {_name(keep)}"
        if size == len(nodes):
            ring = _cycle_order(nodes, edges, d, keep)
            shown = "–".join(_name(x) for x in ring) if len(ring) <= 8 else (
                "–".join(_name(x) for x in ring[:6]) + "–…–" + _name(ring[-1]))
            what = f"the {parity} circuit {shown}"
        else:
            what = f"the circuits through nodes {_names(nodes)}"
        fused = set(nodes)
        d.edges = [(keep if u in fused else u, keep if v in fused else v) for u, v in d.edges]
        noun = "its" if size == len(nodes) else "their"
        d.record("fusion", f"Fuse {what} into {into}: {noun} {size} edges become "
                           f"{size} loops (Thm 5.4).")


def _tree(d: _Drawing):
    """Parent edge and children of each node of a drawing that is a tree on the ground."""
    g = d.ground[0]
    touching: dict = {}
    for i, (u, v) in enumerate(d.edges):
        touching.setdefault(u, []).append(i)
        touching.setdefault(v, []).append(i)
    children: dict = {}
    order = [g]
    up: dict = {g: None}
    k = 0
    while k < len(order):
        x = order[k]
        k += 1
        for i in touching.get(x, ()):
            if i == up[x]:
                continue
            u, v = d.edges[i]
            y = v if u == x else u
            up[y] = i
            children.setdefault(x, []).append((i, y))
            order.append(y)
    return order, children


def _step_colon(d: _Drawing):
    g = d.ground[0]
    while True:
        order, children = _tree(d)
        stalk: dict = {}  # node -> length of the stalk above it, or None
        for x in reversed(order):
            kids = children.get(x, [])
            if not kids:
                stalk[x] = 0
            elif len(kids) == 1 and stalk[kids[0][1]] is not None:
                stalk[x] = 1 + stalk[kids[0][1]]
            else:
                stalk[x] = None
        ready = [x for x in order if x != g and len(children.get(x, [])) > 1
                 and all(stalk[y] is not None for _, y in children[x])]
        if not ready:
            return stalk, children
        replace: dict[int, list] = {}  # first removed edge -> new edges
        removed = set()
        notes = []
        for x in ready:
            branch_edges = []
            lengths = []
            for i, y in children[x]:
                lengths.append(1 + stalk[y])
                branch_edges.append(i)
                while children.get(y):
                    i, y = children[y][0]
                    branch_edges.append(i)
            value = nim_sum(lengths)
            source = tuple(sorted({o for i in branch_edges for o in d.origin[i]}))
            new = []
            at = x
            for _ in range(value):
                top = d.fresh()
                new.append(((at, top), source))
                at = top
            replace[min(branch_edges)] = new
            removed.update(branch_edges)
            sums = " ⊕ ".join(map(str, lengths))
            if value:
                notes.append(f"at {_name(x)} the branches {', '.join(map(str, lengths))} "
                             f"become one stalk of {sums} = {value}")
            else:
                notes.append(f"at {_name(x)} the branches {', '.join(map(str, lengths))} "
                             f"cancel out ({sums} = 0)")
        edges, origin = [], []
        for i, e in enumerate(d.edges):
            if i in replace:
                for new_edge, source in replace[i]:
                    edges.append(new_edge)
                    origin.append(source)
            if i not in removed:
                edges.append(e)
                origin.append(d.origin[i])
        d.edges, d.origin = edges, origin
        if len(notes) > 3:
            notes = notes[:3] + [f"and at {len(notes) - 3} more branch points likewise"]
        d.record("colon", "Colon principle (Thm 5.3), highest branch points first: "
                          + "; ".join(notes) + ".")


def reduction_steps(position: Hackenbush) -> list[Step]:
    """The essay's reductions from ``position`` to stalks on the ground, recorded.

    In order: merge the ground nodes (ground fusion); replace loops by leaf
    edges (Thm 5.2); fuse each block of circuits into one node, highest
    first, so its edges become loops (Thm 5.4); replace those loops by leaf
    edges; apply the colon principle at the highest branch points, again
    and again (Thm 5.3); finish with stalks on the ground (Thm 5.1), whose
    nim sum is the value.  A step is only recorded when it changes
    something, except the last, ``"stalks"``, which is always there.

    Every :class:`Step` carries ``origin``, so an edge of any intermediate
    drawing can be traced back to edges of the original one (section 6 of
    the essay).  The work grows with the number of rounds of the colon
    principle; it is meant for drawings of teaching size.

    >>> from cgteach.hackenbush import Hackenbush
    >>> steps = reduction_steps(Hackenbush([(0, 1), (1, 2), (1, 3), (0, 0)]))
    >>> [s.rule for s in steps]
    ['loops', 'colon', 'stalks']
    >>> steps[-1].position
    Hackenbush([(0, 1), (0, 4)], ground=(0,))
    >>> steps[-1].origin
    ((0,), (3,))
    """
    _check_green(position, "reduction_steps")
    d = _Drawing(position)
    _step_ground(d)
    _step_loops(d)
    _step_fusion(d)
    _step_loops(d)
    stalk, children = _step_colon(d)
    g = d.ground[0]
    heaps = [1 + stalk[y] for _, y in children.get(g, [])]
    if heaps:
        value = nim_sum(heaps)
        shown = "*1" if value == 1 else ("0" if value == 0 else f"*{value}")
        if len(heaps) == 1:
            text = (f"Only one stalk stands on the ground: a Nim heap of {heaps[0]} "
                    f"(Thm 5.1), so the value is {shown}.")
        else:
            text = (f"Only stalks are left: Nim heaps {', '.join(map(str, heaps))} "
                    f"(Thm 5.1), so the value is {' ⊕ '.join(map(str, heaps))} = {shown}.")
    else:
        text = "Nothing stands on the ground: no heaps, so the value is 0."
    d.record("stalks", text)
    return d.steps


def story(steps) -> str:
    """The reduction steps as numbered lines of text.

    Accepts a list of :class:`Step` or a green position (whose steps are
    worked out first).
    """
    if isinstance(steps, Hackenbush):
        steps = reduction_steps(steps)
    return "\n".join(f"{k}. {step}" for k, step in enumerate(steps, start=1))
