"""Blue-red Hackenbush: every position is worth a dyadic number.

In **blue-red Hackenbush** Left (Blue) may only cut blue edges and Right
(Red) only red ones; whoever cannot move loses.  It is *partizan*: the two
players have different moves.  Each position is worth a dyadic number
(:mod:`cgteach.numbers`), its **value**, which says who wins:

* value ``> 0``: type **L**, Blue wins whoever starts;
* value ``< 0``: type **R**, Red wins whoever starts;
* value ``= 0``: type **P**, the player who moves second wins.

Values add up: the value of two positions side by side is the sum of their
values, and swapping the colours (the negative) negates the value.  A
position of ``n`` blue edges and nothing else is worth ``n``.

How the value is found (the brute-force twin :func:`value_by_search` sits
beside the fast rules, and the tests compare them):

* a **stalk** (one path standing on the ground) by Berlekamp's rule, see
  :func:`cgteach.numbers.stalk_value`;
* a **tree** (no cycles once the ground is one node; loops allowed) bottom
  up: the branches at a node add, and an edge with a branch of value ``x``
  on top of it is worth ``f(x)`` (see :func:`edge_under`);
* anything else by search with the **simplicity principle**: the value is
  the simplest number strictly between Blue's best option (the largest value
  Blue can move to) and Red's best option (the smallest).  Pieces standing
  on the ground separately are added, tree pieces use the tree rule, and
  drawings with circuits go to the block engine of
  :mod:`cgteach.hackenbush.partizan`, which values everything hanging at a
  single node first and searches only the blocks of circuits (a drawing too
  tangled for that is refused at once with
  :class:`~cgteach.hackenbush.blocks.TooTangled`, a ``ValueError``).

Offers: :func:`value`, :func:`value_by_search`, :func:`stalk_rule_value`,
:func:`tree_rule_value`, :func:`edge_under`, :func:`kind`, :func:`outcome`,
:func:`winner`, :func:`winner_by_search`, :func:`winning_moves`,
:func:`explain` (:class:`Explanation`), :func:`explain_build`
(:class:`BuildStep`), :func:`stalk`, :data:`MAX_SEARCH_EDGES`,
:data:`MAX_SEARCH_POSITIONS`.
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from cgteach._validate import as_count
from cgteach._validate import show as _show
from cgteach.hackenbush import blocks
from cgteach.hackenbush.blocks import (  # noqa: F401  (edge_under is offered here)
    MAX_BRANCH_BELOW_ZERO,
    _branches,
    edge_under,
)
from cgteach.hackenbush.position import Hackenbush, _numbered
from cgteach.hackenbush.position import _player_sign as _parse_player
from cgteach.numbers import format_number, simplest_between, stalk_for, stalk_value

__all__ = [
    "value",
    "value_by_search",
    "stalk_rule_value",
    "tree_rule_value",
    "edge_under",
    "kind",
    "outcome",
    "winner",
    "winner_by_search",
    "winning_moves",
    "explain",
    "Explanation",
    "explain_build",
    "BuildStep",
    "stalk",
    "MAX_SEARCH_EDGES",
    "MAX_SEARCH_POSITIONS",
]

#: The largest whole position the brute-force twins :func:`value_by_search`
#: and :func:`winner_by_search` will take.  (:func:`value` itself has the
#: block engine's limits: :data:`cgteach.hackenbush.blocks.MAX_BLOCK_EDGES`
#: and :data:`~cgteach.hackenbush.blocks.MAX_BLOCK_CIRCUITS`.)
MAX_SEARCH_EDGES = 30

#: The most positions one brute-force search may visit before it gives up
#: with a ``ValueError`` (about ten seconds of work), so that a tangled
#: drawing cannot freeze a notebook.
MAX_SEARCH_POSITIONS = 100_000

_GREEN_MESSAGE = (
    "this position has green edges, so it is not a number; its value as a game is "
    ".canonical() (and an all-green position's nim value is .grundy())"
)


# -- preparing a position ---------------------------------------------------


def _signed_edges(position) -> list[tuple[int, int, int]]:
    """Edges as ``(u, v, sign)``: ground nodes become node 0, blue is +1, red -1."""
    if not isinstance(position, Hackenbush):
        raise TypeError(
            f"expected a Hackenbush position, got {_show(position)} of type "
            f"{type(position).__name__}; build one with Hackenbush(edges)"
        )
    if not position.is_blue_red():
        raise ValueError(_GREEN_MESSAGE)
    _, eu, ev, colours = _numbered(position)
    return [(u, v, 1 if c == "blue" else -1) for u, v, c in zip(eu, ev, colours, strict=True)]


def _is_tree(piece) -> bool:
    """True when the piece has no cycle (loops do not count as cycles)."""
    nodes = {n for u, v, _ in piece for n in (u, v)} - {0}
    proper = sum(1 for u, v, _ in piece if u != v)
    return proper == len(nodes)


def _stalk_signs(piece):
    """The signs of a stalk from the ground up, or ``None`` if not a stalk."""
    if any(u == v for u, v, _ in piece):
        return None
    adjacency = defaultdict(list)
    for u, v, s in piece:
        adjacency[u].append((v, s))
        adjacency[v].append((u, s))
    if len(adjacency[0]) != 1 or any(len(a) > 2 for a in adjacency.values()):
        return None
    signs, previous, node = [], None, 0
    while True:
        steps = [(w, s) for w, s in adjacency[node] if w != previous]
        if not steps:
            break
        (w, s), = steps
        signs.append(s)
        previous, node = node, w
    return signs if len(signs) == len(piece) else None


# -- the fast rules -----------------------------------------------------------


def _tree_value(piece) -> Fraction:
    """The tree rule on signed edges with no cycles (iterative, any depth)."""
    adjacency = defaultdict(list)
    loops: dict[int, int] = defaultdict(int)
    for u, v, s in piece:
        if u == v:
            loops[u] += s
        else:
            adjacency[u].append((v, s))
            adjacency[v].append((u, s))
    order, above = [0], {0: (None, 0)}  # node -> (parent, sign of edge to parent)
    queue = deque([0])
    while queue:
        node = queue.popleft()
        for w, s in adjacency[node]:
            if w not in above:
                above[w] = (node, s)
                order.append(w)
                queue.append(w)
    total: dict[int, Fraction] = defaultdict(Fraction)
    for node in reversed(order):
        here = total[node] + loops[node]
        if node == 0:
            return here
        up, s = above[node]
        total[up] += edge_under(here, s)
    raise AssertionError("unreachable")


def stalk_rule_value(position) -> Fraction:
    """The value of a stalk by Berlekamp's rule (``ValueError`` if not a stalk).

    >>> stalk_rule_value(stalk(["blue", "red", "red"]))
    Fraction(1, 4)
    """
    edges = _signed_edges(position)
    signs = _stalk_signs(edges) if edges else []
    if signs is None:
        raise ValueError(
            "this position is not a stalk (a single path standing on one ground node)"
        )
    return stalk_value(["blue" if s > 0 else "red" for s in signs])


def tree_rule_value(position) -> Fraction:
    """The value of a tree position by the bottom-up rule (``ValueError`` if it has a cycle).

    The ground nodes count as one node; loops are allowed (a blue loop is
    worth what a blue leaf edge is worth).

    >>> tree_rule_value(Hackenbush([(0, 1, "blue"), (1, 2, "red"), (1, 3, "red")]))
    Fraction(1, 4)
    """
    edges = _signed_edges(position)
    if not _is_tree(edges):
        raise ValueError(
            "this position has a cycle, so the tree rule does not apply; use value()"
        )
    return _tree_value(edges)


def kind(position) -> str:
    """``"stalk"``, ``"tree"`` or ``"graph"``: which rule :func:`value` uses.

    >>> kind(stalk("3/4")), kind(Hackenbush([(0, 1, "blue"), (1, 2, "red"), (1, 3, "red")]))
    ('stalk', 'tree')
    >>> kind(Hackenbush([(0, 1, "blue"), (1, 0, "red")]))
    'graph'
    """
    edges = _signed_edges(position)
    if not edges or _stalk_signs(edges) is not None:
        return "stalk"
    return "tree" if _is_tree(edges) else "graph"


def value(position) -> Fraction:
    """The value of a blue-red position, as a ``Fraction``.

    >>> value(Hackenbush([(0, 1, "blue"), (1, 2, "red")]))
    Fraction(1, 2)
    >>> value(Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue")]))
    Fraction(1, 1)
    >>> value(Hackenbush([(0, 1, "green")]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: this position has green edges, so it is not a number; ... .canonical() ...
    """
    edges = _signed_edges(position)
    signs = _stalk_signs(edges) if edges else []
    if signs is not None:
        return stalk_value(["blue" if s > 0 else "red" for s in signs])
    return _value_of_edges(edges)


def _value_of_edges(edges) -> Fraction:
    """Add the pieces standing on the ground: trees by rule, the rest by the block engine."""
    total = Fraction(0)
    cyclic = []
    for piece in _branches(edges):
        if _is_tree(piece):
            total += _tree_value(piece)
        else:
            cyclic.extend(piece)
    if cyclic:
        blocks._check_size(cyclic, "value")
        numbers = blocks._Numbers(len(cyclic) + 2)
        engine = blocks._Engine(numbers, blocks.MAX_SEARCH_BLOCKS)
        total += numbers.fraction(engine.evaluate(tuple(cyclic)))
    return total


def _old_value(position) -> Fraction:
    """The search used before the block engine (kept for the benchmarks' ratios).

    Trees hanging from circuits become stalks, then every set of standing
    edges of a cyclic piece is searched (no blocks, no table shared
    between isomorphic pieces).
    """
    edges = _signed_edges(position)
    total = Fraction(0)
    for piece in _branches(edges):
        if _is_tree(piece):
            total += _tree_value(piece)
        else:
            if len(piece) > MAX_SEARCH_EDGES:
                raise ValueError(f"the old search is limited to {MAX_SEARCH_EDGES} edges per piece")
            core = _strip_pendant_trees(piece)
            search = _Search(core)
            total += search.split_value(search.full)
    return total


def _strip_pendant_trees(piece):
    """Replace each tree hanging from a cycle by a stalk of the same value.

    Algorithm notes: the colon principle holds in blue-red Hackenbush too:
    a branch hanging from a single node may be swapped for any branch of
    equal value without changing the value of the whole.  A branch of value
    ``x`` is swapped for the stalk with ``x``'s sign expansion, which has no
    more edges than the branch but only one position per height instead of
    one per subset of edges, so the search that follows visits far fewer
    positions.  Leaves are peeled one at a time, bottom up, by the tree rule.
    """
    degree: dict[int, int] = defaultdict(int)
    incident = defaultdict(list)
    for k, (u, v, _) in enumerate(piece):
        if u != v:
            degree[u] += 1
            degree[v] += 1
            incident[u].append(k)
            incident[v].append(k)
    hanging: dict[int, Fraction] = defaultdict(Fraction)
    for u, v, s in piece:
        if u == v:
            hanging[u] += s
    removed = set()
    leaves = [w for w in degree if w != 0 and degree[w] == 1]
    while leaves:
        w = leaves.pop()
        (k,) = [k for k in incident[w] if k not in removed]
        removed.add(k)
        u, v, s = piece[k]
        parent = v if u == w else u
        hanging[parent] += edge_under(hanging.pop(w, Fraction(0)), s)
        degree[w] -= 1
        degree[parent] -= 1
        if parent != 0 and degree[parent] == 1:
            leaves.append(parent)
    core = [e for k, e in enumerate(piece) if k not in removed and e[0] != e[1]]
    fresh = max((n for u, v, _ in piece for n in (u, v)), default=0) + 1
    for node, x in sorted(hanging.items()):
        below = node
        for colour in stalk_for(x):
            core.append((below, fresh, 1 if colour == "blue" else -1))
            below, fresh = fresh, fresh + 1
    return core


# -- the brute-force twins ------------------------------------------------------


#: At most this many masks are remembered by a search's :meth:`_Search._after_cut`.
_STANDING_MEMO = 200_000


class _Search:
    """Memoised search over the sets of standing edges (bit masks)."""

    def __init__(self, edges):
        self.edges = edges
        self.signs = [s for _, _, s in edges]
        self.ends = [(u, v) for u, v, _ in edges]
        self.full = (1 << len(edges)) - 1
        self.at = defaultdict(list)
        for k, (u, v, _) in enumerate(edges):
            self.at[u].append(k)
            if v != u:
                self.at[v].append(k)
        self.values: dict[int, Fraction] = {}
        self.wins: dict[tuple[int, int], bool] = {}
        # what is left standing of a mask after a cut: one left-over set of edges is
        # reached from many positions, one edge bigger each (a bounded memo)
        self._standing: dict[int, int] = {}

    def _spend(self, table):
        if len(table) >= MAX_SEARCH_POSITIONS:
            raise ValueError(
                f"this drawing is too tangled to search: its cycles lead to more than "
                f"{MAX_SEARCH_POSITIONS} different positions; try a drawing with fewer "
                "edges on cycles"
            )

    @classmethod
    def of(cls, position, what: str) -> _Search:
        edges = _signed_edges(position)
        if len(edges) > MAX_SEARCH_EDGES:
            raise ValueError(
                f"{what} searches every sequence of cuts and is limited to "
                f"{MAX_SEARCH_EDGES} edges; this position has {len(edges)}"
            )
        return cls(edges)

    def grounded(self, mask: int) -> int:
        kept, reached, stack = 0, {0}, [0]
        while stack:
            node = stack.pop()
            for k in self.at[node]:
                if mask >> k & 1 and not kept >> k & 1:
                    kept |= 1 << k
                    for w in self.ends[k]:
                        if w not in reached:
                            reached.add(w)
                            stack.append(w)
        return kept

    def _after_cut(self, mask: int) -> int:
        standing = self._standing.get(mask)
        if standing is None:
            standing = self.grounded(mask)
            if len(self._standing) < _STANDING_MEMO:
                self._standing[mask] = standing
        return standing

    def options(self, mask: int, sign: int):
        for k, s in enumerate(self.signs):
            if s == sign and mask >> k & 1:
                yield self._after_cut(mask & ~(1 << k))

    def value(self, mask: int) -> Fraction:
        if mask not in self.values:
            left = [self.value(m) for m in self.options(mask, 1)]
            right = [self.value(m) for m in self.options(mask, -1)]
            lo, hi = max(left, default=None), min(right, default=None)
            self._spend(self.values)
            if lo is not None and hi is not None and lo >= hi:
                raise AssertionError("blue-red options out of order: not a number")
            self.values[mask] = simplest_between(lo, hi)
        return self.values[mask]

    def pieces(self, mask: int) -> list[int]:
        """Split a grounded mask into the pieces standing on the ground separately."""
        out, seen = [], 0
        for k in self.at[0]:
            if not mask >> k & 1 or seen >> k & 1:
                continue
            piece, stack = 1 << k, [k]
            while stack:
                for w in self.ends[stack.pop()]:
                    if w == 0:
                        continue
                    for f in self.at[w]:
                        if mask >> f & 1 and not piece >> f & 1:
                            piece |= 1 << f
                            stack.append(f)
            seen |= piece
            out.append(piece)
        return out

    def split_value(self, mask: int) -> Fraction:
        """Like :meth:`value`, but adding separate pieces and using the tree rule.

        Algorithm notes: pieces standing on the ground separately form a sum,
        and the value of a sum is the sum of the values; a piece with no cycle
        is valued by the tree rule, so only cyclic pieces are searched.
        """
        if mask in self.values:
            return self.values[mask]
        parts = self.pieces(mask)
        if len(parts) != 1:
            answer = sum((self.split_value(p) for p in parts), Fraction(0))
        else:
            edges = [self.edges[k] for k in range(len(self.edges)) if mask >> k & 1]
            if _is_tree(edges):
                answer = _tree_value(edges)
            else:
                best = {1: None, -1: None}
                for k in range(len(self.edges)):
                    if mask >> k & 1:
                        s = self.signs[k]
                        after = self.split_value(self.grounded(mask & ~(1 << k)))
                        if best[s] is None or (after > best[s] if s > 0 else after < best[s]):
                            best[s] = after
                answer = simplest_between(best[1], best[-1])
        self._spend(self.values)
        self.values[mask] = answer
        return answer

    def mover_wins(self, mask: int, sign: int) -> bool:
        key = (mask, sign)
        if key not in self.wins:
            self._spend(self.wins)
            self.wins[key] = any(not self.mover_wins(m, -sign) for m in self.options(mask, sign))
        return self.wins[key]


def value_by_search(position) -> Fraction:
    """The brute-force twin of :func:`value`: the simplicity principle at every position.

    Works on any blue-red position of at most :data:`MAX_SEARCH_EDGES` edges,
    but the number of positions it visits grows quickly; fine to about 20.

    >>> value_by_search(Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 3, "blue")]))
    Fraction(3, 4)
    """
    search = _Search.of(position, "value_by_search")
    return search.value(search.full)


def winner_by_search(position, first) -> str:
    """Who wins (``"blue"`` or ``"red"``) when ``first`` moves first, by playing out every game.

    This uses no numbers at all: it is the definition of winning, checked
    move by move, and so an independent check of :func:`winner`.

    >>> half = Hackenbush([(0, 1, "blue"), (1, 2, "red")])
    >>> winner_by_search(half, "red"), winner_by_search(half, "blue")
    ('blue', 'blue')
    """
    sign = _parse_player(first)
    search = _Search.of(position, "winner_by_search")
    mover_wins = search.mover_wins(search.full, sign)
    return "blue" if (sign > 0) == mover_wins else "red"


# -- outcomes and winning moves --------------------------------------------------


def outcome(position) -> str:
    """The type of a position: ``"L"`` (value > 0), ``"R"`` (< 0) or ``"P"`` (= 0).

    >>> outcome(stalk(["blue", "red"])), outcome(stalk(["red"])), outcome(stalk([]))
    ('L', 'R', 'P')
    """
    v = value(position)
    return "L" if v > 0 else "R" if v < 0 else "P"


def winner(position, first) -> str:
    """Who wins, ``"blue"`` or ``"red"``, when ``first`` moves first.

    >>> zero = stalk(["blue"]) + stalk(["red"])
    >>> winner(zero, "blue"), winner(zero, "red")
    ('red', 'blue')
    """
    sign = _parse_player(first)
    v = value(position)
    if v == 0:
        return "red" if sign > 0 else "blue"
    return "blue" if v > 0 else "red"


def winning_moves(position, player) -> list[int]:
    """Indices into ``.edges`` of every cut by ``player`` after which ``player`` wins.

    After Blue's cut Red moves next, so Blue wins exactly when the value
    left is ``>= 0``; Red's good cuts leave ``<= 0``.

    >>> h = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (0, 3, "red")])
    >>> winning_moves(h, "blue"), winning_moves(h, "red")
    ([], [1])
    """
    sign = _parse_player(player)
    colour = "blue" if sign > 0 else "red"
    after = _values_after_cuts(position)
    return [
        i
        for i, (_, _, c) in enumerate(position.edges)
        if c == colour and sign * after[i] >= 0
    ]


def _values_after_cuts(position) -> list[Fraction]:
    """The value left after each cut, for every edge of ``position`` in order.

    Algorithm notes: a stalk cut at height ``k`` leaves its lowest ``k``
    edges, and the values of a stalk's prefixes are the steps of the walk
    down the birthday tree (``±1`` until the first change of colour, then
    ``±1/2, ±1/4, …``), so a stalk of ``n`` edges takes ``O(n)`` steps, not
    ``n`` cuts and ``n`` valuations.  Drawings with circuits share one block
    engine for all their cuts.
    """
    edges = _signed_edges(position)
    path = _stalk_path(edges)
    if path is not None:
        out = [Fraction(0)] * len(edges)
        x, step, first = Fraction(0), None, edges[path[0]][2] if path else 0
        for i in path:  # from the ground up: the value standing below edge i is x
            out[i] = x
            sign = edges[i][2]
            if step is None and sign == first:
                x += sign  # still the first run of one colour: whole steps
            else:
                step = Fraction(1, 2) if step is None else step / 2
                x += sign * step
        return out
    if _is_tree(edges):
        return [value(position.cut(i)) for i in range(len(edges))]
    # one engine for every cut, so that blocks met after several cuts are searched once
    blocks._check_size(edges, "value")
    numbers = blocks._Numbers(len(edges) + 2)
    engine = blocks._Engine(numbers, blocks.MAX_SEARCH_BLOCKS)
    return [
        numbers.fraction(engine.evaluate(tuple(blocks._signed(position.cut(i)))))
        for i in range(len(edges))
    ]


def _stalk_path(edges):
    """The indices of a stalk's edges from the ground up, or ``None`` if not a stalk."""
    if not edges:
        return []
    if any(u == v for u, v, _ in edges):
        return None
    adjacency = defaultdict(list)
    for k, (u, v, _) in enumerate(edges):
        adjacency[u].append((v, k))
        adjacency[v].append((u, k))
    if len(adjacency[0]) != 1 or any(len(a) > 2 for a in adjacency.values()):
        return None
    path, previous, node = [], None, 0
    while True:
        steps = [(w, k) for w, k in adjacency[node] if w != previous]
        if not steps:
            break
        (w, k), = steps
        path.append(k)
        previous, node = node, w
    return path if len(path) == len(edges) else None


def stalk(x_or_colours, ground=0) -> Hackenbush:
    """A stalk standing on node ``ground``: a dyadic value, or colours from the ground up.

    >>> stalk("3/4")
    Hackenbush([(0, 1, 'blue'), (1, 2, 'red'), (2, 3, 'blue')], ground=(0,))
    >>> value(stalk(["red", "blue", "blue"]))
    Fraction(-1, 4)

    Colours may include green; such a stalk is a game, not a number:

    >>> stalk(["green", "blue"]).canonical()
    parse('↑*')
    """
    if isinstance(x_or_colours, (list, tuple)) and any(
        isinstance(c, str) and c.lower() in ("green", "g") for c in x_or_colours
    ):
        names = {"green": "green", "g": "green", "blue": "blue", "b": "blue", "left": "blue",
                 "+": "blue", "red": "red", "r": "red", "right": "red", "-": "red"}
        colours = []
        for i, c in enumerate(x_or_colours):
            if not isinstance(c, str) or c.lower() not in names:
                raise ValueError(
                    f"stalk edge {i} has colour {_show(c)}; a stalk uses 'blue', 'red' and 'green'"
                )
            colours.append(names[c.lower()])
    elif isinstance(x_or_colours, (list, tuple)):
        # Every sequence of signs is the sign expansion of its own value, so
        # this normalises spellings such as "b"/"left" without changing colours.
        colours = stalk_for(stalk_value(list(x_or_colours)))
    else:
        colours = stalk_for(x_or_colours)
    start = ground if isinstance(ground, int) and not isinstance(ground, bool) else 0
    nodes = [ground] + [start + k for k in range(1, len(colours) + 1)]
    edges = [(nodes[k], nodes[k + 1], c) for k, c in enumerate(colours)]
    return Hackenbush(edges, ground=(ground,))


# -- explanations ----------------------------------------------------------------

#: The largest ``indent`` of :meth:`Explanation.lines` (steps of two spaces).
MAX_INDENT = 1000


@dataclass(frozen=True)
class Explanation:
    """The simplicity principle applied to one position.

    ``left`` and ``right`` list ``(edge index, value after that cut)`` for
    Blue's and Red's cuts; ``best_left`` is the largest value Blue can
    reach and ``best_right`` the smallest Red can reach (``None`` when that
    player cannot move); ``value`` is the simplest number strictly between
    them.  ``children`` pairs each explained cut ``(player, edge index)``
    with the explanation of the position it leads to.
    """

    position: Hackenbush
    left: tuple
    right: tuple
    best_left: Fraction | None
    best_right: Fraction | None
    value: Fraction
    children: tuple = ()

    @property
    def reason(self) -> str:
        """One sentence: why the value is what it is."""
        lo, hi = self.best_left, self.best_right
        f = format_number
        if lo is None and hi is None:
            return "nobody can move, so the value is 0"
        if hi is None:
            return f"Red cannot move: the simplest number greater than {f(lo)} is {f(self.value)}"
        if lo is None:
            return f"Blue cannot move: the simplest number less than {f(hi)} is {f(self.value)}"
        return f"the simplest number strictly between {f(lo)} and {f(hi)} is {f(self.value)}"

    @property
    def braces(self) -> str:
        """The position in ``{Left options | Right options}`` notation, as numbers."""
        left = ", ".join(format_number(v) for v in sorted(set(v for _, v in self.left)))
        right = ", ".join(format_number(v) for v in sorted(set(v for _, v in self.right)))
        return f"{{{left} | {right}}}".replace("{ |", "{|").replace("| }", "|}")

    def lines(self, indent: int = 0) -> list[str]:
        """The explanation as indented lines, children below their cuts.

        ``indent`` (0 to :data:`MAX_INDENT`) shifts every line right by
        that many steps of two spaces.
        """
        indent = as_count(indent, "indent", MAX_INDENT)
        return self._lines(indent)

    def _lines(self, indent: int) -> list[str]:
        pad = "  " * indent
        out = [f"{pad}{self.braces} = {format_number(self.value)}   ({self.reason})"]
        below = dict(self.children)
        edges = self.position.edges
        for player, moves in (("Blue", self.left), ("Red", self.right)):
            for i, v in moves:
                u, w, _ = edges[i]
                out.append(f"{pad}  {player} cuts edge {i} ({u}-{w}) -> {format_number(v)}")
                child = below.get((player.lower(), i))
                if child is not None:
                    out.extend(child._lines(indent + 2))
        return out

    def __str__(self):
        return "\n".join(self.lines())


def explain(position, depth: int | None = None) -> Explanation:
    """Apply the simplicity principle to ``position``, step by step.

    ``depth`` says how many levels of options are explained in turn
    (``0``: only this position).  By default every level is explained for
    positions of at most 4 edges, one level up to 60 edges, and none beyond
    (so that a long stalk is explained in well under a second).

    >>> print(explain(stalk(["blue", "red"])))
    {0 | 1} = 1/2   (the simplest number strictly between 0 and 1 is 1/2)
      Blue cuts edge 0 (0-1) -> 0
        {|} = 0   (nobody can move, so the value is 0)
      Red cuts edge 1 (1-2) -> 1
        {0 |} = 1   (Red cannot move: the simplest number greater than 0 is 1)
          Blue cuts edge 0 (0-1) -> 0
            {|} = 0   (nobody can move, so the value is 0)
    """
    _signed_edges(position)
    if depth is None:
        depth = len(position) if len(position) <= 4 else 1 if len(position) <= 60 else 0
    from cgteach._validate import as_count

    depth = as_count(depth, "depth")
    if depth > 20:
        raise ValueError(
            f"explain() spells out at most 20 levels of options (the text grows very fast); "
            f"got depth={_show(depth)}"
        )
    memo: dict = {}
    return _explain(position, depth, memo)


def _explain(position, depth, memo) -> Explanation:
    key = (position, depth)
    if key in memo:
        return memo[key]
    left, right, children = [], [], []
    values = _values_after_cuts(position)
    for i, (_, _, c) in enumerate(position.edges):
        (left if c == "blue" else right).append((i, values[i]))
        if depth > 0:
            children.append(((c, i), _explain(position.cut(i), depth - 1, memo)))
    lo = max((v for _, v in left), default=None)
    hi = min((v for _, v in right), default=None)
    answer = Explanation(
        position=position,
        left=tuple(left),
        right=tuple(right),
        best_left=lo,
        best_right=hi,
        value=simplest_between(lo, hi),
        children=tuple(children),
    )
    memo[key] = answer
    return answer


class BuildStep(NamedTuple):
    """One step of building a figure edge by edge: the edge just added and the result."""

    edge: tuple
    position: Hackenbush
    explanation: Explanation

    @property
    def value(self) -> Fraction:
        return self.explanation.value

    def __str__(self):
        u, v, c = self.edge
        e = self.explanation
        return f"add {c} edge {u}-{v}: {e.braces} = {format_number(e.value)}"


def explain_build(edges, ground=(0,)) -> list[BuildStep]:
    """Build a figure one edge at a time and explain the value after each edge.

    ``edges`` is a list of edges (or a :class:`Hackenbush`, taken in its
    edge order); each edge must touch the ground or an earlier edge.

    >>> for step in explain_build([(0, 1, "blue"), (1, 2, "red"), (1, 3, "blue")]):
    ...     print(step)
    add blue edge 0-1: {0 |} = 1
    add red edge 1-2: {0 | 1} = 1/2
    add blue edge 1-3: {0, 1/2 | 2} = 1
    """
    if isinstance(edges, Hackenbush):
        edges, ground = edges.edges, edges.ground
    if isinstance(edges, (str, bytes)) or not hasattr(edges, "__iter__"):
        raise TypeError(
            "explain_build() needs a list of edges such as [(0, 1, 'blue'), (1, 2, 'red')] "
            f"or a Hackenbush position, got {_show(edges)} of type {type(edges).__name__}"
        )
    edges = list(edges)
    steps = []
    for k in range(1, len(edges) + 1):
        try:
            position = Hackenbush(edges[:k], ground=ground)
        except ValueError as err:
            if "not joined to the ground" not in str(err):
                raise
            raise ValueError(
                f"edge {k - 1} {edges[k - 1]!r} does not touch the ground or an earlier edge; "
                "list the edges so that each one is joined to what is already built"
            ) from None
        added = position.edges[-1]
        steps.append(BuildStep(added, position, explain(position, depth=0)))
    return steps
