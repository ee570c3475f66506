"""The Sprague–Grundy engine: values, outcomes and winning moves of any impartial game.

An **impartial game** is one where both players have the same moves from
every position; a player who cannot move loses (normal play).  You describe
a game to this module by two things:

* a **position**: any hashable Python value (an ``int`` heap, a tuple, a
  string …);
* an **options function**: ``options(position)`` returns or yields the
  positions reachable in one move.  Every play must end (no cycles).

The **Grundy value** (nim value) of a position is the MEX of the Grundy values
of its options; a position with no options has value 0.  By the
Sprague–Grundy theorem (Thm 4.2 of the essay) a position with Grundy value
``g`` plays exactly like a Nim heap of ``g`` stones, ``*g``.  Its **outcome**
is ``"P"`` (the Previous player, who just moved, wins: value 0) or ``"N"``
(the Next player to move wins: value > 0).  A **winning move** is a move to a
P-position.

**Sums.**  Some moves break a position into independent parts, played side
by side (Grundy's game splits a heap into two heaps; Kayles knocks a pin out
of the middle of a row).  Write such a position as :class:`Sum` of its
components: ``Sum([2, 5])`` is "a heap of 2 and a heap of 5".  The engine
values a ``Sum`` as the nim sum of its components' values (Lemma 3.3 with Thm 4.2) and asks
``options`` only about single components, so ``options`` may return
``Sum`` objects and need never handle one.  A move in a ``Sum`` is a move in
one component (see :func:`moves`).

Offers: :func:`grundy`, :func:`grundy_of_sum`, :class:`Sum`, :func:`moves`,
:func:`outcome`, :func:`winning_moves`, :func:`state_graph`, and the
brute-force twin :func:`_outcome_by_search` used by the tests.

>>> def take_1_to_3(n):
...     return [n - k for k in (1, 2, 3) if k <= n]
>>> [grundy(n, take_1_to_3) for n in range(9)]
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> outcome(8, take_1_to_3), winning_moves(10, take_1_to_3)
('P', [8])
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable

from cgteach._validate import as_count, show
from cgteach.nimbers import _mex

__all__ = [
    "Sum",
    "grundy",
    "grundy_of_sum",
    "moves",
    "outcome",
    "winning_moves",
    "state_graph",
]


class Sum(tuple):
    """A position made of independent components played side by side.

    Components are kept flat (a ``Sum`` inside a ``Sum`` is opened up) and
    sorted, so equal sums compare equal whatever order they were built in.
    A ``Sum`` never equals a plain tuple, so tuple positions (such as a
    Wythoff pair ``(1, 2)``) stay distinct from sums of heaps.

    >>> Sum([5, 2])
    Sum([2, 5])
    >>> Sum([Sum([1, 4]), 3]) == Sum([1, 3, 4])
    True
    >>> str(Sum([2, 5])), Sum([2, 5]) == (2, 5)
    ('2 + 5', False)
    """

    __slots__ = ()

    def __new__(cls, components: Iterable = ()):
        if isinstance(components, (str, bytes)) or not isinstance(components, Iterable):
            raise TypeError(f"Sum takes a list of component positions, got {show(components)}")
        flat: list = []
        for part in components:
            if isinstance(part, Sum):
                flat.extend(part)
            else:
                flat.append(part)
        # Sort by value when the parts are totally ordered (numbers, tuples,
        # strings); otherwise (mixed types, or frozensets, whose < means
        # "subset") by repr, so that the order never depends on the input's.
        try:
            flat.sort()
            ordered = all(map(operator.le, flat, flat[1:]))
        except TypeError:
            ordered = False
        if not ordered:
            flat.sort(key=repr)
        return super().__new__(cls, flat)

    def __eq__(self, other):
        if isinstance(other, Sum):
            return tuple.__eq__(self, other)
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(("Sum", tuple(self)))

    def __repr__(self):
        return f"Sum({list(self)!r})"

    def __str__(self):
        return " + ".join(str(part) for part in self) if self else "0"


def _check_hashable(position, where: str):
    if not isinstance(position, Hashable):
        raise TypeError(
            f"{where} {show(position)} is not hashable; use immutable positions "
            "(tuples instead of lists, frozensets instead of sets)"
        )
    try:
        hash(position)
    except TypeError as err:
        raise TypeError(
            f"{where} {show(position)} is not hashable ({err}); use immutable positions "
            "(tuples instead of lists, frozensets instead of sets)"
        ) from None


#: How many new positions one call may value before it gives up (see grundy).
MAX_POSITIONS = 200_000

#: How many moves one call may look at per position it may value: a game
#: with few positions but huge option lists (``lambda n: range(n)`` from
#: ``10**100``) is refused after ``MOVES_PER_POSITION * max_positions``
#: moves, a count and not a time, so the answer is the same on every machine.
MOVES_PER_POSITION = 5


def _budget(max_positions) -> int | None:
    if max_positions is None:
        return None
    return as_count(max_positions, "max_positions")


def _too_many(position, limit, moves: bool = False) -> ValueError:
    what = (
        f"more than {show(limit * MOVES_PER_POSITION)} moves to look at "
        f"({MOVES_PER_POSITION} per position of max_positions={show(limit)})"
        if moves
        else f"more than {show(limit)} positions to value"
    )
    return ValueError(
        f"the game from {show(position)} has {what}; "
        f"pass max_positions=None (or a larger number) to search further, "
        f"or use a ruleset's fast method"
    )


def grundy(
    position,
    options: Callable,
    *,
    cache: dict | None = None,
    max_positions: int | None = MAX_POSITIONS,
) -> int:
    """Return the Grundy value of ``position``.

    ``options(position)`` must return or yield the positions one move away
    (hashable values; a :class:`Sum` stands for several independent
    components).  Values are memoised in ``cache`` (a ``dict`` you may pass
    in to reuse work across calls; it maps positions, never sums, to values).
    The search is iterative, with an explicit stack, so a game that lasts a
    million moves is fine.  A cycle of moves raises ``ValueError``.  A call
    values at most ``max_positions`` new positions (default
    :data:`MAX_POSITIONS`, about a second of search) and then refuses with
    ``ValueError`` instead of running for hours; ``None`` lifts the limit.

    >>> grundy(10, lambda n: range(n))          # a Nim heap of 10: *10
    10
    >>> def split(n):                            # Grundy's game
    ...     return [Sum([a, n - a]) for a in range(1, (n + 1) // 2)]
    >>> [grundy(n, split) for n in range(1, 9)]  # f(1..8) of the source chapter
    [0, 0, 1, 0, 2, 1, 0, 2]
    >>> grundy(100_000, lambda n: [n - 1] if n else [])  # a long chain: *0
    0
    """
    if not callable(options):
        raise TypeError(f"options must be a function position -> positions, got {show(options)}")
    if cache is None:
        cache = {}
    elif not isinstance(cache, dict):
        raise TypeError(f"cache must be a dict (or None), got {type(cache).__name__}")
    limit = _budget(max_positions)
    if isinstance(position, Sum):
        return _sum_value(position, options, cache, limit)
    _check_hashable(position, "position")
    if position in cache:
        return cache[position]
    # Algorithm notes: a depth-first search with an explicit stack.  Each
    # frame holds a position, an iterator over the children still to value,
    # and what has been learnt so far: the set of option values (for a
    # plain position, whose value is their MEX, Thm 4.1) or the running nim
    # sum (for a Sum, whose value is the nim sum of its parts: Lemma 3.3 with Thm 4.2).
    # ``on_stack`` catches cycles, which have no Grundy value.
    stack: list[list] = [[position, iter(_children(position, options)), set(), False]]
    on_stack = {position}
    valued = 1  # positions this call has put on the stack
    looked = 0  # moves this call has looked at
    max_looked = None if limit is None else limit * MOVES_PER_POSITION
    while stack:
        frame = stack[-1]
        pushed = False
        for child in frame[1]:
            looked += 1
            if max_looked is not None and looked > max_looked:
                raise _too_many(position, limit, moves=True)
            is_sum = isinstance(child, Sum)
            try:
                value = _known(child, cache) if is_sum else cache.get(child)
            except TypeError:
                _check_hashable(child, f"an option of {show(frame[0])},")
                raise
            if value is None:
                if not is_sum and child in on_stack:
                    raise ValueError(
                        f"the moves from {show(child)} lead back to it: the game has a cycle, "
                        "so Grundy values are not defined"
                    )
                if is_sum:
                    stack.append([child, iter(child), 0, True])
                else:
                    # Count the positions this call values; a game far too big
                    # for a search is refused instead of running for hours.
                    valued += 1
                    if limit is not None and valued > limit:
                        raise _too_many(position, limit)
                    on_stack.add(child)
                    stack.append([child, iter(_children(child, options)), set(), False])
                pushed = True
                break
            if frame[3]:
                frame[2] ^= value
            else:
                frame[2].add(value)
        if pushed:
            continue
        stack.pop()
        node, _, acc, is_sum = frame
        if is_sum:
            value = acc
        else:
            value = _mex(acc)
            cache[node] = value
            on_stack.discard(node)
        if stack:
            parent = stack[-1]
            if parent[3]:
                parent[2] ^= value
            else:
                parent[2].add(value)
    return cache[position]


def _children(position, options):
    result = options(position)
    if result is None:
        raise TypeError(
            f"options({show(position)}) returned None; it must return a list "
            "(or yield) the positions one move away, [] when there are none"
        )
    return result


def _known(total: Sum, cache: dict):
    """The nim sum of a Sum's parts when every part is already valued, else None."""
    value = 0
    for part in total:
        try:
            v = cache.get(part)
        except TypeError:
            _check_hashable(part, "a component of a Sum")
            raise
        if v is None:
            return None
        value ^= v
    return value


def _sum_value(total: Sum, options, cache, limit=MAX_POSITIONS) -> int:
    value = 0
    for part in total:
        value ^= grundy(part, options, cache=cache, max_positions=limit)
    return value


def grundy_of_sum(
    components: Iterable,
    options: Callable,
    *,
    cache: dict | None = None,
    max_positions: int | None = MAX_POSITIONS,
) -> int:
    """Return the Grundy value of the sum of ``components``: the nim sum of their values.

    ``max_positions`` bounds the search of each component as in :func:`grundy`.

    >>> nim_heap = lambda n: range(n)
    >>> grundy_of_sum([4, 11, 13], nim_heap)   # essay, Thm 4.4: 4 ⊕ 11 ⊕ 13
    2
    >>> grundy_of_sum([10**100, 1], nim_heap)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the game from ... has more than 1000000 moves to look at ...
    """
    if isinstance(components, (str, bytes, bytearray, dict)) or not isinstance(
        components, Iterable
    ):
        raise TypeError(f"components must be a list of positions, got {show(components)}")
    return grundy(Sum(components), options, cache=cache, max_positions=max_positions)


def moves(position, options: Callable) -> list:
    """Return every position one move away, opening up sums.

    For a plain position this is ``list(options(position))``.  For a
    :class:`Sum` a move changes exactly one component; a component that
    itself splits is opened up, and a sum left with one part is that part.

    >>> def split(n):
    ...     return [Sum([a, n - a]) for a in range(1, (n + 1) // 2)]
    >>> moves(Sum([3, 4]), split)
    [Sum([1, 2, 4]), Sum([1, 3, 3])]
    """
    if not isinstance(position, Sum):
        return list(_children(position, options))
    result = []
    parts = list(position)
    for i, part in enumerate(parts):
        if i and parts[i - 1] == part:
            continue  # the same move as in the equal component just before
        rest = parts[:i] + parts[i + 1 :]
        for child in _children(part, options):
            new = Sum(rest + [child])
            result.append(new[0] if len(new) == 1 else new)
    return result


def outcome(
    position,
    options: Callable,
    *,
    cache: dict | None = None,
    max_positions: int | None = MAX_POSITIONS,
) -> str:
    """Return ``"P"`` if the player who just moved wins, ``"N"`` if the next player wins.

    >>> outcome(4, lambda n: [n - k for k in (1, 2, 3) if k <= n])
    'P'
    """
    value = grundy(position, options, cache=cache, max_positions=max_positions)
    return "P" if value == 0 else "N"


def winning_moves(
    position,
    options: Callable,
    *,
    cache: dict | None = None,
    max_positions: int | None = MAX_POSITIONS,
) -> list:
    """Return the options of ``position`` whose Grundy value is 0 (moves to a P-position).

    The list is empty exactly when ``position`` is a P-position.  Options of a
    :class:`Sum` are its :func:`moves`.

    >>> winning_moves(8, lambda n: [n - k for k in (1, 2, 3) if k <= n])
    []
    >>> winning_moves(Sum([3, 5]), lambda n: range(n))   # Nim heaps 3 and 5
    [Sum([3, 3])]
    """
    if cache is None:
        cache = {}
    if cache is None:
        cache = {}
    return [
        p
        for p in moves(position, options)
        if grundy(p, options, cache=cache, max_positions=max_positions) == 0
    ]


def state_graph(position, options: Callable, *, max_nodes: int = 10_000):
    """Return the game's state graph from ``position`` as a ``networkx.DiGraph``.

    Nodes are the positions reachable from ``position`` (sums opened up by
    :func:`moves`), with an edge for every move.  Each node carries the
    attributes ``"grundy"`` (its value) and ``"outcome"`` (``"P"`` or
    ``"N"``).  ``max_nodes`` guards against drawing an enormous game.

    >>> G = state_graph(9, lambda k: [k - x for x in range(1, k) if k % x == 0])
    >>> sorted(G.nodes), G.nodes[9]["outcome"], sorted(G.successors(9))
    ([1, 2, 3, 4, 5, 6, 7, 8, 9], 'P', [6, 8])
    """
    import networkx as nx

    if as_count(max_nodes, "max_nodes") < 1:
        raise ValueError(f"max_nodes must be at least 1, got {max_nodes}")
    if not callable(options):
        raise TypeError(f"options must be a function position -> positions, got {show(options)}")
    _check_hashable(position, "position")
    G = nx.DiGraph()
    cache: dict = {}
    todo = [position]
    G.add_node(position)
    while todo:
        node = todo.pop()
        for child in moves(node, options):
            if child not in G:
                if G.number_of_nodes() >= max_nodes:
                    raise ValueError(
                        f"the game from {show(position)} has more than {max_nodes} positions; "
                        "start smaller or pass a larger max_nodes"
                    )
                G.add_node(child)
                todo.append(child)
            G.add_edge(node, child)
    for node in G.nodes:
        value = grundy(node, options, cache=cache)
        G.nodes[node]["grundy"] = value
        G.nodes[node]["outcome"] = "P" if value == 0 else "N"
    return G


def _outcome_by_search(position, options: Callable, *, cache: dict | None = None) -> str:
    """Brute-force twin of :func:`outcome`: plain win/lose search, no Grundy values.

    A position is N when some move leads to a P-position, and P otherwise.
    Sums are played move by move (:func:`moves`), never added up, so this
    checks the Sprague–Grundy theorem rather than assuming it.  Iterative.

    >>> _outcome_by_search(Sum([1, 2, 3]), lambda n: range(n))
    'P'
    """
    if cache is None:
        cache = {}
    if position in cache:
        return cache[position]
    # Each frame: the node, an iterator over its moves, and the child last
    # pushed (whose result must be read when we come back to this frame).
    stack = [[position, iter(moves(position, options)), None]]
    on_stack = {position}
    while stack:
        frame = stack[-1]
        result = None
        if frame[2] is not None:
            if cache[frame[2]] == "P":
                result = "N"
            frame[2] = None
        pushed = False
        if result is None:
            for child in frame[1]:
                known = cache.get(child)
                if known is None:
                    if child in on_stack:
                        raise ValueError(f"the moves from {show(child)} lead back to it: a cycle")
                    on_stack.add(child)
                    frame[2] = child
                    stack.append([child, iter(moves(child, options)), None])
                    pushed = True
                    break
                if known == "P":
                    result = "N"
                    break
            else:
                result = "P"
        if pushed:
            continue
        cache[frame[0]] = result
        on_stack.discard(frame[0])
        stack.pop()
    return cache[position]
