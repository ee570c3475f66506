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

from cgteach._validate import show
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
    component ``C`` that has a target, cutting a loop flips its parity.
    Everything outside ``C`` is fixed by then: each branch hanging from
    ``C`` is replaced by its value (colon principle), and what ``C`` hangs
    from only sets the target.  ``C`` splits into blocks glued at single
    nodes; cutting an edge changes one block only, the others still fuse
    (see ``_winning_in_blocks``).  If that block is one simple circuit, the
    cut leaves two weighted paths hanging from its attaching node, and the
    values of all those paths come out of one pass per bit (see
    ``_path_values``): near-linear, so long circuits and long chains of
    circuits are fast.  Any other block (a circuit with chords) is re-valued
    alone per edge of it, quadratic in that block's size only.
    """
    _check_green(position, "winning_moves")
    return _winning_moves(position)


def _winning_moves(position: Hackenbush, general: bool = False) -> list[int]:
    """:func:`winning_moves`; ``general=True`` re-values every block per cut (the twin)."""
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
        moves.extend(_winning_inside(c, edges, info, eu, ev, hang, target[c],
                                     general=general))
    return sorted(moves)


def _winning_inside(c, edges, info, eu, ev, hang, goal, *, general=False):
    """The circuit or loop edges of component ``c`` whose cut gives it value ``goal``.

    The circuit edges are split into blocks (see :func:`_winning_in_blocks`):
    a block that is one simple circuit is done in near-linear time by
    :func:`_cycle_cut_values`, any other block is re-valued alone once per
    edge of it.  With ``general=True`` (the twin the tests compare with) the
    whole component is re-valued once per circuit edge, quadratic in its size.
    """
    loops = [i for i in edges if eu[i] == ev[i]]
    found = [i for i in loops if info.comp_value[c] ^ 1 == goal]
    circuit = [i for i in edges if eu[i] != ev[i]]
    if not circuit:
        return found
    if not general:
        base: dict[int, int] = {}
        for i in circuit:
            base[eu[i]] = hang[eu[i]]
            base[ev[i]] = hang[ev[i]]
        for i in loops:
            base[eu[i]] ^= 1
        root = info.comp_head[c]
        found.extend(_winning_in_blocks(circuit, eu, ev, root, base,
                                        info.comp_value[c], goal))
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



def _winning_in_blocks(circuit, eu, ev, root, base, value, goal):
    """Circuit edges of one 2-edge-connected component whose cut leaves ``goal``.

    ``base[x]`` is the nim value fused at node ``x`` (hanging branches and
    loops), ``value`` the component's value, ``root`` its attaching node.

    Algorithm notes.  Split the circuit edges into **blocks** (biconnected
    pieces; blocks meet only at single nodes), rooted at ``root``: each
    block ``B`` hangs from its node nearest the root, ``att(B)``.  Intact,
    a block fuses into ``att(B)`` (Thm 5.4), bringing its edge parity and
    everything fused at its other nodes: ``contrib(B)``, computed for all
    blocks highest first.  Cutting an edge of ``B`` leaves every other
    block intact, so the rest still fuses into the root, and the value
    becomes ``value ⊕ contrib(B) ⊕ V`` with ``V`` the value of ``B`` minus
    the edge, hanging from ``att(B)``, with the fused values ``W`` at its
    other nodes.  For a simple circuit ``V`` comes for every edge at once
    from :func:`_cycle_cut_values`; another block is re-valued per edge.
    """
    adj: dict[int, list[int]] = {}
    for i in circuit:
        adj.setdefault(eu[i], []).append(i)
        adj.setdefault(ev[i], []).append(i)
    tin = {root: 0}
    low = {root: 0}
    up_edge = {root: -1}
    pos = dict.fromkeys(adj, 0)
    stack = [root]
    edge_stack: list[int] = []
    blocks: list[tuple[int, list[int]]] = []  # (att, edges), highest blocks first
    while stack:
        x = stack[-1]
        ax = adj[x]
        p = pos[x]
        if p < len(ax):
            pos[x] = p + 1
            i = ax[p]
            if i == up_edge[x]:
                continue
            y = eu[i] ^ ev[i] ^ x
            t = tin.get(y)
            if t is None:
                tin[y] = low[y] = len(tin)
                up_edge[y] = i
                edge_stack.append(i)
                stack.append(y)
            elif t < tin[x]:
                edge_stack.append(i)  # a back edge, seen from below
                if t < low[x]:
                    low[x] = t
            continue
        stack.pop()
        if not stack:
            break
        par = stack[-1]
        if low[x] < low[par]:
            low[par] = low[x]
        if low[x] >= tin[par]:
            # par separates x's side: the edges pushed since x's up edge are a block
            k = len(edge_stack) - 1
            while edge_stack[k] != up_edge[x]:
                k -= 1
            blocks.append((par, edge_stack[k:]))
            del edge_stack[k:]
    fused = dict(base)  # becomes W: base plus the blocks hanging at each node
    contrib = []
    for att, edges in blocks:
        others = {eu[i] for i in edges} | {ev[i] for i in edges}
        others.discard(att)
        x = len(edges) & 1
        for y in others:
            x ^= fused[y]
        contrib.append(x)
        fused[att] ^= x
    found = []
    for (att, edges), x in zip(blocks, contrib, strict=True):
        need = goal ^ value ^ x  # the value B minus the cut edge must have
        ring = _cycle_walk(edges, eu, ev, att)
        if ring is not None:
            nodes, ring_edges = ring
            weight = [0] + [fused[y] for y in nodes[1:]]
            cuts = _cycle_cut_values(weight)
            found.extend(i for i, v in zip(ring_edges, cuts, strict=True) if v == need)
            continue
        local = {att: 0}
        for i in edges:
            for z in (eu[i], ev[i]):
                if z not in local:
                    local[z] = len(local)
        weight = {k: fused[z] for z, k in local.items() if z != att and fused[z]}
        lu = [local[eu[i]] for i in edges]
        lv = [local[ev[i]] for i in edges]
        for j, i in enumerate(edges):
            if _blocks(len(local), lu[:j] + lu[j + 1:], lv[:j] + lv[j + 1:],
                       0, weight).value == need:
                found.append(i)
    return found


def _cycle_walk(circuit, eu, ev, root):
    """The nodes and edges of a simple circuit in order from ``root``, else None.

    Edge ``ring_edges[j]`` joins ``nodes[j]`` and ``nodes[(j + 1) % L]``.
    A 2-edge-connected block with as many edges as nodes is a simple
    circuit (every node has degree at least 2, and the degrees add up to
    twice the edges, so every degree is exactly 2).
    """
    touching: dict[int, list[int]] = {}
    for i in circuit:
        touching.setdefault(eu[i], []).append(i)
        touching.setdefault(ev[i], []).append(i)
    if len(touching) != len(circuit) or root not in touching:
        return None
    nodes = [root]
    ring_edges = []
    at, last = root, -1
    for _ in range(len(circuit)):
        a, b = touching[at]
        i = a if a != last else b
        ring_edges.append(i)
        at = eu[i] ^ ev[i] ^ at
        last = i
        nodes.append(at)
    nodes.pop()  # back at the root
    return nodes, ring_edges


def _cycle_cut_values(weight: list[int]) -> list[int]:
    """The value of a weighted circuit after each cut, all at once.

    ``weight[k]`` is the nim value sitting at node ``k`` of the circuit
    (node 0 is where it is attached); cut ``j`` removes the edge between
    nodes ``j`` and ``j + 1`` (mod ``L``).  What is left is two paths
    hanging from node 0, one up through nodes ``1 … j``, the other through
    ``L-1 … j+1``; by the colon principle it is worth
    ``weight[0] ⊕ up[j] ⊕ down[L-1-j]`` with :func:`_path_values`.

    >>> _cycle_cut_values([0, 0, 0])   # a bare triangle: paths 0+2, 1+1, 2+0
    [2, 0, 2]
    """
    size = len(weight)
    up = _path_values(weight[1:])
    down = _path_values(weight[:0:-1])
    w0 = weight[0]
    return [w0 ^ up[j] ^ down[size - 1 - j] for j in range(size)]


def _path_values_slow(weight: list[int]) -> list[int]:
    """The twin of :func:`_path_values`: each path valued on its own (quadratic)."""
    out = [0]
    for j in range(1, len(weight) + 1):
        t = 0
        for w in reversed(weight[:j]):
            t = (t ^ w) + 1
        out.append(t)
    return out


def _path_values(weight: list[int]) -> list[int]:
    """``F[j]``, the value of the path of the first ``j`` nodes, for every ``j``.

    The path hangs from a node below node 1; node ``i`` (from 1) carries
    ``weight[i-1]``, the value of what hangs there.  By the colon
    principle a node carrying ``w`` with a branch worth ``t`` above it,
    seen from the edge below it, is worth ``f_i(t) = (t ⊕ w) + 1``, so
    ``F[j] = f_1(f_2(… f_j(0)))``.  Each ``F[j]`` alone costs ``j`` steps.

    Algorithm notes (all ``j`` in O(L · bits)).  Follow ``F[j]`` bit by bit
    from the lowest.  Write ``t_i`` for the value above node ``i`` on the
    way down from node ``j`` (``t_j = 0``, ``t_{i-1} = f_i(t_i)``).  At bit
    ``b`` each ``f_i`` XORs in bit ``b`` of its weight and of the carry it
    receives, so bit ``b`` of ``t_i`` is ``R(j) ⊕ R(i)`` with ``R`` a
    prefix parity, and bit ``b`` of ``F[j]`` is ``R(j)``; ``f_i`` carries on
    exactly when it received a carry and ``R(j) ⊕ R(i) ⊕ w_i`` has bit
    ``b`` set.  So which ``f_i`` carry into bit ``b + 1`` depends on ``j``
    only through bit ``b`` of ``F[j]``: the ``j`` with the same low bits of
    ``F[j]`` share one carry set ``S``, and the two classes split ``S``
    between them.  Each bit costs O(L) over all classes.  A class without
    carries has its remaining bits from the prefix XOR of the weights.
    """
    m = len(weight)
    px = [0] * (m + 1)  # px[i]: XOR of the first i weights
    for i, w in enumerate(weight, start=1):
        px[i] = px[i - 1] ^ w
    out = [0] * (m + 1)
    everyone = list(range(1, m + 1))
    # (class members J, carry set S, bit b): every f_i adds 1 at bit 0.
    work = [(everyone, everyone, 0)] if m else []
    while work:
        members, carry, b = work.pop()
        if not carry:
            for j in members:
                out[j] |= (px[j] >> b) << b
            continue
        bit = 1 << b
        keep: tuple[list[int], list[int]] = ([], [])  # carry set of each class
        parity = 0
        for i in carry:
            parity ^= 1
            r = ((px[i] >> b) ^ parity) & 1  # R(i): counts the carries up to i
            # f_i carries on for the class whose bit R(j) is 1 ^ R(i) ^ w_i
            keep[1 ^ (r ^ (weight[i - 1] >> b)) & 1].append(i)
        split: tuple[list[int], list[int]] = ([], [])
        k, ns = 0, len(carry)
        for j in members:
            while k < ns and carry[k] <= j:
                k += 1
            r = ((px[j] >> b) ^ k) & 1  # R(j), which is bit b of F[j]
            if r:
                out[j] |= bit
            split[r].append(j)
        for r in (0, 1):
            group = split[r]
            if group:
                top = group[-1]  # carries above every member do not matter
                kept = keep[r]
                cut = len(kept)
                while cut and kept[cut - 1] > top:
                    cut -= 1
                work.append((group, kept[:cut], b + 1))
    return out


# ---------------------------------------------------------------------------
# single reductions


def merge_ground(position: Hackenbush) -> Hackenbush:
    """Merge every ground node into the first one (edges between them become loops).

    >>> from cgteach.hackenbush import Hackenbush
    >>> merge_ground(Hackenbush([(0, 1), (1, 2), (2, 5)], ground=(0, 5)))
    Hackenbush([(0, 1), (1, 2), (2, 0)], ground=(0,))
    """
    if not isinstance(position, Hackenbush):
        raise TypeError(f"merge_ground() needs a Hackenbush position, got {show(position)}")
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
        raise TypeError(f"loops_to_leaves() needs a Hackenbush position, got {show(position)}")
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
        raise TypeError(f"fuse_nodes() needs a Hackenbush position, got {show(position)}")
    if isinstance(nodes, (str, bytes)) or not hasattr(nodes, "__iter__"):
        raise TypeError(f"nodes must be a list of node names, got {show(nodes)}")
    nodes = list(nodes)
    for x in nodes:
        if isinstance(x, bool) or not isinstance(x, (int, str)):
            raise TypeError(f"nodes must be node names (integers or strings), got {show(x)}")
    nodes = list(dict.fromkeys(nodes))
    known = set(position.nodes)
    for x in nodes:
        if x not in known:
            raise ValueError(f"there is no node {show(x)} in this position; its nodes are "
                             f"{show(position.nodes)}")
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
        raise TypeError(f"stalk_heaps() needs a Hackenbush position, got {show(position)}")
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
                    raise ValueError(f"the position branches at node {show(at)}, so it is not "
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
        # Every reduction keeps the drawing valid (names are the original
        # ones or fresh ints, everything stays joined to the ground), so the
        # snapshot skips the constructor's checks: they cost more than the
        # reduction itself on long colon-principle stories.
        position = Hackenbush._from_trusted(
            [(u, v, "green") for u, v in self.edges], self.ground
        )
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
            # The edges of a stalk made by an earlier colon step share one
            # origin tuple; reading each distinct tuple once keeps a round
            # linear (reading it per edge made long stories cubic).
            distinct = {id(d.origin[i]): d.origin[i] for i in branch_edges}
            source = tuple(sorted({o for t in distinct.values() for o in t}))
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
    elif isinstance(steps, (str, bytes)) or not isinstance(steps, (list, tuple)):
        raise TypeError(
            f"story() needs a list of reduction steps or a green position, got {show(steps)}"
        )
    elif not all(isinstance(step, Step) for step in steps):
        raise TypeError("story() needs a list of Step objects, as made by reduction_steps()")
    return "\n".join(f"{k}. {step}" for k, step in enumerate(steps, start=1))
