"""The Hackenbush position: a multigraph of coloured edges standing on the ground.

A **position** is a finite multigraph whose edges are coloured green, blue or
red, together with a set of **ground** nodes.  Loops (an edge from a node to
itself) and parallel edges are allowed, and there may be any number of
ground nodes.  Every edge must be joined to the ground by some path; an edge
that is not would already have fallen off.

A **move** cuts one edge; everything that is no longer joined to the ground
falls off and is gone.  In green Hackenbush either player may cut any edge;
in blue-red Hackenbush Left (Blue) cuts blue edges and Right (Red) red ones.

Positions are immutable values: :meth:`Hackenbush.cut` returns a new
position.  ``.edges`` keeps the order in which the edges were given, so an
index names the same edge to a student, the drawing and the analysis.
"""

from __future__ import annotations

import numbers
import os
from collections import defaultdict, deque
from collections.abc import Hashable, Iterable

from cgteach import _io
from cgteach._pictures import Pictured, count, drawer
from cgteach._validate import as_int, show

__all__ = ["Hackenbush", "COLOURS"]

#: The edge colours a position may use.
COLOURS = ("green", "blue", "red")
#: Positions with more edges than this are pictured as a bar of their edge
#: colours (``cgteach.draw.hackenbush`` draws them; the alt text says so).
MAX_DRAWN_EDGES = 400


#: The analyses the methods of :class:`Hackenbush` call, by ``"module.function"``
#: (``"green.grundy"``, ``"bluered.value"``, ``"partizan.canonical"``, ...).
#: This module is the bottom floor of ``cgteach.hackenbush`` and imports no
#: engine; ``cgteach/hackenbush/__init__.py`` fills this table when the
#: package is imported (which always happens before this module is used, as
#: importing a submodule imports its package first).
_ANALYSES: dict = {}


def _check_node(node, where: str):
    if isinstance(node, bool):
        # True == 1 and False == 0 in Python, so a node named True would silently
        # be the same node as 1.
        raise TypeError(f"{where}: node names must be numbers or strings, not {show(node)}")
    if not isinstance(node, Hashable) or isinstance(node, (list, dict, set)):
        raise TypeError(f"{where}: node names must be hashable (a number or a string), "
                        f"got {show(node)}")
    try:
        hash(node)  # a tuple holding a list passes the test above but cannot be hashed
    except TypeError:
        raise TypeError(f"{where}: node names must be hashable (a number or a string), "
                        f"got {show(node)}") from None
    return node


def _normalise_edge(edge, i: int) -> tuple:
    if isinstance(edge, (str, bytes)) or not isinstance(edge, (tuple, list)):
        raise TypeError(
            f"edge {i} must be a pair (u, v) or a triple (u, v, colour), got {show(edge)}"
        )
    if len(edge) == 2:
        u, v = edge
        colour = "green"
    elif len(edge) == 3:
        u, v, colour = edge
    else:
        raise ValueError(
            f"edge {i} must be a pair (u, v) or a triple (u, v, colour), "
            f"got {len(edge)} items: {show(edge)}"
        )
    if not isinstance(colour, str) or colour.lower() not in COLOURS:
        raise ValueError(
            f"edge {i} has colour {show(colour)}; the colour must be one of 'green', 'blue', 'red'"
        )
    where = f"edge {i}"
    return (_check_node(u, where), _check_node(v, where), colour.lower())


class Hackenbush(Pictured):
    """A Hackenbush position.

    ``edges`` holds ``(u, v)`` for a green edge or ``(u, v, colour)`` with
    colour ``"green"``, ``"blue"`` or ``"red"``; ``ground`` holds the ground
    nodes (one node may be given on its own).

    >>> h = Hackenbush([(0, 1), (1, 2), (1, 1)])
    >>> h
    Hackenbush([(0, 1), (1, 2), (1, 1)], ground=(0,))
    >>> len(h), h.colours
    (3, {'green'})
    >>> h.cut(0)
    Hackenbush([], ground=(0,))
    >>> Hackenbush([(0, 1), (2, 3)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: edge 1 (2, 3) is not joined to the ground (ground nodes: 0); every edge must ...
    """

    __slots__ = ("_edges", "_ground", "_hash")

    def __init__(self, edges: Iterable = (), ground=(0,)):
        if isinstance(edges, Hackenbush):
            edges, ground = edges._edges, edges._ground
        if isinstance(edges, (str, bytes)) or not isinstance(edges, Iterable):
            raise TypeError(f"edges must be a list of (u, v) or (u, v, colour), got {show(edges)}")
        if isinstance(ground, (str, int)) or not isinstance(ground, Iterable):
            ground = (ground,)
        ground_nodes = []
        for g in ground:
            _check_node(g, "ground")
            if g not in ground_nodes:
                ground_nodes.append(g)
        if not ground_nodes:
            raise ValueError("a Hackenbush position needs at least one ground node")
        normalised = tuple(_normalise_edge(e, i) for i, e in enumerate(edges))
        object.__setattr__(self, "_edges", normalised)
        object.__setattr__(self, "_ground", tuple(ground_nodes))
        object.__setattr__(self, "_hash", None)
        floating = self._floating()
        if floating:
            i = floating[0]
            u, v, _ = normalised[i]
            names = ", ".join(map(show, ground_nodes[:8]))
            if len(ground_nodes) > 8:
                names += ", …"
            raise ValueError(
                f"edge {i} {show((u, v))} is not joined to the ground (ground nodes: {names}); "
                "every edge must be connected to a ground node by a path of edges"
            )

    def __setattr__(self, name, value):
        raise AttributeError("Hackenbush positions are immutable; cut() returns a new one")

    def __delattr__(self, name):
        raise AttributeError("Hackenbush positions are immutable; cut() returns a new one")

    # Immutable: a copy is the position itself, and pickling stores the
    # edges and ground (checked again when read back, as any input is).
    def __reduce__(self):
        return (Hackenbush, (self._edges, self._ground))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # -- basic facts -----------------------------------------------------

    @property
    def edges(self) -> tuple[tuple, ...]:
        """The edges as ``(u, v, colour)`` triples, in their given order."""
        return self._edges

    @property
    def ground(self) -> tuple:
        """The ground nodes, in their given order."""
        return self._ground

    @property
    def nodes(self) -> list:
        """Ground nodes first, then the other nodes in order of first appearance."""
        seen = dict.fromkeys(self._ground)
        for u, v, _ in self._edges:
            seen.setdefault(u)
            seen.setdefault(v)
        return list(seen)

    @property
    def colours(self) -> set[str]:
        """The set of colours used by the edges."""
        return {c for _, _, c in self._edges}

    def is_green(self) -> bool:
        """True when every edge is green (the empty position counts)."""
        return all(c == "green" for _, _, c in self._edges)

    def is_blue_red(self) -> bool:
        """True when no edge is green (the empty position counts)."""
        return all(c != "green" for _, _, c in self._edges)

    def __len__(self) -> int:
        return len(self._edges)

    def __bool__(self) -> bool:
        return bool(self._edges)

    # -- moves -----------------------------------------------------------

    def _floating(self, removed: int | None = None) -> list[int]:
        """Indices of edges not joined to the ground (ignoring edge ``removed``)."""
        return _floating_edges(self._edges, self._ground, removed)

    def _surviving(self, i: int) -> list[int]:
        """Indices of the edges still standing after cutting edge ``i``."""
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            raise TypeError(f"an edge index must be an integer, got {show(i)}")
        i = int(i)
        if not 0 <= i < len(self._edges):
            raise ValueError(
                f"there is no edge {show(i)}: this position has {len(self._edges)} edges, "
                f"numbered 0 to {len(self._edges) - 1}"
            )
        gone = set(self._floating(removed=i))
        return [j for j in range(len(self._edges)) if j != i and j not in gone]

    def cut(self, i: int) -> Hackenbush:
        """Return the position after cutting edge ``i`` (what falls off is gone).

        >>> Hackenbush([(0, 1), (1, 2), (0, 3)]).cut(0)
        Hackenbush([(0, 3)], ground=(0,))
        """
        keep = self._surviving(i)
        return self._from_trusted([self._edges[j] for j in keep], self._ground)

    def cut_with_map(self, i: int) -> tuple[Hackenbush, list[int]]:
        """Like :meth:`cut`, also returning, for each new edge, its old index."""
        keep = self._surviving(i)
        return self._from_trusted([self._edges[j] for j in keep], self._ground), keep

    def options(self, player: str | None = None) -> list[Hackenbush]:
        """The positions reachable in one move.

        ``player`` is ``None`` (any edge: the green game), ``"blue"``/``"left"``
        (blue and green edges) or ``"red"``/``"right"`` (red and green edges).
        """
        allowed = _allowed_colours(player)
        return [self.cut(i) for i, (_, _, c) in enumerate(self._edges) if c in allowed]

    @classmethod
    def _from_trusted(cls, edges, ground) -> Hackenbush:
        """Build a position from edges already checked and joined to the ground."""
        new = object.__new__(cls)
        object.__setattr__(new, "_edges", tuple(edges))
        object.__setattr__(new, "_ground", tuple(ground))
        object.__setattr__(new, "_hash", None)
        return new

    # -- algebra ---------------------------------------------------------

    def relabelled(self, offset: int = 0) -> Hackenbush:
        """The same position with nodes renamed ``offset, offset+1, …`` (ground first)."""
        offset = as_int(offset, "offset")  # a float offset would give float names
        names = {node: offset + k for k, node in enumerate(self.nodes)}
        return self._from_trusted(
            [(names[u], names[v], c) for u, v, c in self._edges],
            [names[g] for g in self._ground],
        )

    def __add__(self, other: Hackenbush) -> Hackenbush:
        """The disjoint sum: both positions side by side (nodes renamed to integers)."""
        if not isinstance(other, Hackenbush):
            return NotImplemented
        a = self.relabelled()
        b = other.relabelled(offset=len(a.nodes))
        return self._from_trusted(a._edges + b._edges, a._ground + b._ground)

    def __neg__(self) -> Hackenbush:
        """The negative: blue and red swapped (green stays green)."""
        swap = {"blue": "red", "red": "blue", "green": "green"}
        return self._from_trusted([(u, v, swap[c]) for u, v, c in self._edges], self._ground)

    # -- analysis (each lives in its own module) -------------------------
    # The engines sit on floors above this module and import it, so it never
    # imports them: each method calls the function that the package's
    # __init__ put into _ANALYSES (see there).

    def grundy(self) -> int:
        """The nim value of an all-green position (``ValueError`` otherwise)."""
        return _ANALYSES["green.grundy"](self)

    def value(self):
        """The value of an all-blue/red position, as a ``fractions.Fraction``.

        A position with green edges is not a number: its value as a game is
        :meth:`canonical` (``ValueError`` here says so).
        """
        return _ANALYSES["bluered.value"](self)

    def canonical(self):
        """The value of any position, every colour allowed, as a canonical game.

        Returns a :class:`cgteach.games.Game` (numbers for blue-red, nimbers
        for green, anything for a mix).  A drawing whose circuits are too
        tangled to search raises
        :class:`~cgteach.hackenbush.partizan.TooTangled` (a ``ValueError``) at once.

        >>> str(Hackenbush([(0, 1, "green"), (1, 2, "blue")]).canonical())
        '↑*'
        """
        return _ANALYSES["partizan.canonical"](self)

    def winning_moves(self, player: str | None = None) -> list[int]:
        """Indices into ``.edges`` of every cut that leaves a P-position.

        For a green position ``player`` is not needed.  For a blue-red
        position name the player to move, ``"blue"`` or ``"red"``: the
        answer is every cut that player can make after which they win.
        """
        if self.is_green():
            # Both players have the same cuts in green Hackenbush, and a cut wins for
            # whoever makes it exactly when it leaves a P-position: the green engine's
            # answer, however the drawing was built (a 70,000-edge stalk included).
            if player is not None:
                _player_sign(player)  # a misspelt player is refused all the same
            return _ANALYSES["green.winning_moves"](self)
        if player is None:
            raise ValueError(
                "this position has blue or red edges, so the two players have different "
                "moves: name the player to move, winning_moves('blue') or winning_moves('red')"
            )
        if self.is_blue_red():
            return _ANALYSES["bluered.winning_moves"](self, player)
        return _ANALYSES["partizan.winning_moves"](self, player)

    def outcome(self) -> str:
        """Who wins: ``"L"`` Blue, ``"R"`` Red, ``"P"`` the second player, ``"N"`` the first.

        Blue-red positions are numbers, so never ``"N"``; green positions are
        ``"P"`` or ``"N"``; mixed ones may be any of the four.

        >>> Hackenbush([(0, 1, "blue"), (1, 2, "red")]).outcome()
        'L'
        >>> Hackenbush([(0, 1), (0, 2, "blue"), (0, 3, "red")]).outcome()
        'N'
        """
        if self.is_blue_red():
            return _ANALYSES["bluered.outcome"](self)
        if self.is_green():
            return "N" if _ANALYSES["green.grundy"](self) else "P"
        return _ANALYSES["partizan.outcome"](self)

    def explain(self, depth: int | None = None):
        """The simplicity principle applied step by step (blue-red positions)."""
        return _ANALYSES["bluered.explain"](self, depth)

    def reduction_steps(self):
        """The green reductions from this drawing to Nim heaps, step by step."""
        return _ANALYSES["green.reduction_steps"](self)

    # -- files -------------------------------------------------------------

    def to_dict(self) -> dict:
        """The JSON-ready body of a position file."""
        for node in self.nodes:
            if isinstance(node, bool) or not isinstance(node, (int, str)):
                raise ValueError(
                    f"node {show(node)} cannot be saved: to save a position, name its nodes "
                    "with integers or strings (see .relabelled())"
                )
        return {
            "ground": list(self._ground),
            "edges": [[u, v, c] for u, v, c in self._edges],
        }

    @classmethod
    def from_dict(cls, body: dict) -> Hackenbush:
        """Build a position from the body of a position file, checking everything."""
        if not isinstance(body, dict) or set(body) != {"ground", "edges"}:
            raise ValueError("a Hackenbush position needs exactly the keys 'ground' and 'edges'")
        edges, ground = body["edges"], body["ground"]
        if not isinstance(edges, list) or not isinstance(ground, list):
            raise ValueError("'edges' and 'ground' must both be JSON lists")
        for i, e in enumerate(edges):
            if not isinstance(e, list):
                raise ValueError(f"edge {i} in the file must be a list [u, v] or "
                                 f"[u, v, colour], got {show(e)}")
        for node in ground + [n for e in edges for n in e[:2]]:
            if isinstance(node, bool) or not isinstance(node, (int, str)):
                raise ValueError(
                    f"node names in a file must be integers or strings, got "
                    f"{show(node)}"
                )
        return cls([tuple(e) for e in edges], ground=ground)

    def to_json(self) -> str:
        """The position as the text of a versioned JSON position file."""
        return _io.dumps("hackenbush", self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Hackenbush:
        """Read a position from JSON text (``ValueError`` if anything is wrong)."""
        return cls.from_dict(_io.loads("hackenbush", text))

    def save(self, path: str | os.PathLike) -> None:
        """Write the position to a JSON file (atomically).

        ``path`` is a ``str`` or ``os.PathLike``.  An existing file is
        replaced only if it is an earlier cgteach position file (or empty);
        a folder, a device or any other file is refused and left untouched.
        """
        _io.save("hackenbush", self.to_dict(), path)

    @classmethod
    def load(cls, path: str | os.PathLike) -> Hackenbush:
        """Read a position from a JSON file written by :meth:`save`.

        Only a regular file of at most ``cgteach._io.MAX_FILE_BYTES`` bytes is
        read; anything else is a ``ValueError`` before reading.
        """
        return cls.from_dict(_io.load("hackenbush", path))

    # -- value semantics ---------------------------------------------------

    def _key(self):
        return (self._edges, frozenset(self._ground))

    def __eq__(self, other):
        if not isinstance(other, Hackenbush):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(self._key()))
        return self._hash

    def __repr__(self):
        shown = [(u, v) if c == "green" else (u, v, c) for u, v, c in self._edges]
        return f"Hackenbush({shown!r}, ground={self._ground!r})"

    def __str__(self):
        counts = {c: sum(1 for e in self._edges if e[2] == c) for c in COLOURS}
        parts = [f"{n} {c}" for c, n in counts.items() if n]
        return f"Hackenbush position with {', '.join(parts) or 'no'} edges"

    def _repr_png_(self):
        return drawer("hackenbush.png")(self)

    def _alt_words(self) -> str:
        """The position in a few words: its edges by colour, loops, nodes and ground.

        >>> Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 2, "red")])._alt_words()
        '3 edges (1 blue, 2 red; 1 loop) on 3 nodes, 1 of them on the ground'
        >>> Hackenbush([(0, 4), (4, 5), (5, 0)])._alt_words()
        '3 green edges on 3 nodes, 1 of them on the ground'
        """
        n = len(self._edges)
        if not n:
            return f"no edges, only the ground ({count(len(self._ground), 'node')})"
        counts = [(c, sum(1 for e in self._edges if e[2] == c)) for c in COLOURS]
        counts = [(c, k) for c, k in counts if k]
        loops = sum(1 for u, v, _ in self._edges if u == v)
        if len(counts) == 1:
            words = f"{n} {counts[0][0]} {'edge' if n == 1 else 'edges'}"
            detail = []
        else:
            words = count(n, "edge")
            detail = [", ".join(f"{k} {c}" for c, k in counts)]
        if loops:
            detail.append(count(loops, "loop"))
        if detail:
            words += f" ({'; '.join(detail)})"
        return (f"{words} on {count(len(self.nodes), 'node')}, {len(self._ground)} of them "
                "on the ground")

    def _alt_text(self) -> str:
        """What :meth:`_repr_png_`'s picture shows, in words (its text alternative).

        >>> Hackenbush([(0, 4), (4, 5), (5, 0)])._alt_text()
        'Hackenbush position: 3 green edges on 3 nodes, 1 of them on the ground.'
        """
        text = f"Hackenbush position: {self._alt_words()}"
        if len(self._edges) > MAX_DRAWN_EDGES:
            text += (f"; too many to draw (over {MAX_DRAWN_EDGES:,}), so drawn as a bar "
                     "of its edge colours with their counts")
        return text + "."


# -- graph helpers shared by the analysis modules and the editor ----------------


def _floating_edges(edges, ground, removed: int | None = None) -> list[int]:
    """Indices of the edges ``(u, v, …)`` not joined to a ``ground`` node by a path.

    Edge ``removed`` (if any) is left out, as if cut.  Breadth-first from
    all ground nodes at once, so it is linear and has no recursion limit.
    """
    adjacency = defaultdict(list)
    for i, (u, v, *_) in enumerate(edges):
        if i == removed:
            continue
        adjacency[u].append(i)
        if v != u:
            adjacency[v].append(i)
    reached = set(ground)
    queue = deque(reached)
    kept = set()
    while queue:
        node = queue.popleft()
        for i in adjacency.get(node, ()):
            if i in kept:
                continue
            kept.add(i)
            for w in edges[i][:2]:
                if w not in reached:
                    reached.add(w)
                    queue.append(w)
    return [i for i in range(len(edges)) if i != removed and i not in kept]


def _numbered(position: Hackenbush) -> tuple[int, list[int], list[int], list[str]]:
    """Number the nodes ``0, 1, …`` with every ground node sent to ``0`` (ground fusion).

    The other nodes are numbered in order of first appearance.  Returns
    ``(n, eu, ev, colours)``: the node count and, for each edge ``i`` of
    ``position.edges``, its two ends as numbers and its colour.

    >>> _numbered(Hackenbush([(0, "a"), ("a", 5, "red"), (5, 5)], ground=(0, 5)))
    (2, [0, 1, 0], [1, 0, 0], ['green', 'red', 'green'])
    """
    ids = dict.fromkeys(position.ground, 0)
    first = len(ids) - 1  # so that the first other node gets number 1
    eu, ev, colours = [], [], []
    for u, v, c in position.edges:
        eu.append(ids.setdefault(u, len(ids) - first))
        ev.append(ids.setdefault(v, len(ids) - first))
        colours.append(c)
    return len(ids) - first, eu, ev, colours


def _player_sign(player) -> int:
    """``+1`` for Blue (Left), ``-1`` for Red (Right); ``ValueError`` for anything else."""
    key = player.lower() if isinstance(player, str) else None
    if key in ("blue", "left", "l"):
        return 1
    if key in ("red", "right", "r"):
        return -1
    raise ValueError(f"player must be 'blue' (Left) or 'red' (Right), got {show(player)}")


def _allowed_colours(player):
    if player is None:
        return set(COLOURS)
    return {"blue" if _player_sign(player) > 0 else "red", "green"}
