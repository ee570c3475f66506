"""The divisor game: remove a proper divisor of the heap.

**Rules** (the stick game of the source chapter's "State graph" section).
A state is a heap of ``k >= 1`` sticks.  A move removes ``x`` sticks where
``x < k`` and ``x`` divides ``k``; in state 8 you may remove 1, 2 or 4
sticks, in state 7 only 1.  State 1 has no moves, so it is the final,
losing state.  Every move keeps at least one stick, and the game ends at 1.

The classification the chapter finds: even states are winning (W), odd
states losing (L).  (Removing 1 from an even state leaves an odd one; every
proper divisor of an odd state is odd, so a move from an odd state leaves an
even one.)

Offers: :func:`options`, :func:`values`, :func:`win_lose`,
:func:`state_graph`, and the brute-force twin :func:`values_by_search`.

>>> options(8)
[7, 6, 4]
>>> win_lose(9)
{1: 'L', 2: 'W', 3: 'L', 4: 'W', 5: 'L', 6: 'W', 7: 'L', 8: 'W', 9: 'L'}
>>> values(10)[1:]
[0, 1, 0, 2, 0, 1, 0, 3, 0]
"""

from __future__ import annotations

from cgteach._validate import as_count
from cgteach.nimbers import _mex

#: Limits, stated once.  options(k) tries every x < k; values(n) sieves.
MAX_STATE = 10**6
MAX_N = 10**6
MAX_SEARCH_N = 10**4
MAX_GRAPH_N = 10**4


__all__ = ["options", "values", "win_lose", "state_graph", "values_by_search"]


def _as_state(k) -> int:
    k = as_count(k, "the state (number of sticks)", MAX_STATE)
    if k == 0:
        raise ValueError("the divisor game starts from at least 1 stick; got state 0")
    return k


def options(k: int) -> list[int]:
    """Return the states one move away from state ``k`` (fewest sticks removed first).

    >>> options(6), options(7), options(1)
    ([5, 4, 3], [6], [])
    """
    k = _as_state(k)
    return [k - x for x in range(1, k) if k % x == 0]


def values(n: int) -> list[int]:
    """Return the Grundy values of states ``0 … n-1`` (a list of ``n`` ints).

    State 0 never occurs in play; its entry is 0 (it has no moves) so that
    ``values(n)[k]`` is the value of state ``k``, as for every heap game.

    >>> values(10)
    [0, 0, 1, 0, 2, 0, 1, 0, 3, 0]
    """
    n = as_count(n, "n", MAX_N)
    # Algorithm notes: a sieve.  Every x >= 1 is a proper divisor of 2x, 3x, …,
    # so listing multiples gives every state's moves in O(n log n) in all.
    moves: list[list[int]] = [[] for _ in range(n)]
    for x in range(1, n):
        for k in range(2 * x, n, x):
            moves[k].append(k - x)
    g = [0] * n
    for k in range(2, n):
        g[k] = _mex({g[j] for j in moves[k]})
    return g


def values_by_search(n: int) -> list[int]:
    """Brute-force twin of :func:`values`, using the general engine.

    >>> values_by_search(6)
    [0, 0, 1, 0, 2, 0]
    """
    from cgteach.impartial import grundy

    n = as_count(n, "n", MAX_SEARCH_N)
    cache: dict = {}
    return [0] + [grundy(k, options, cache=cache) for k in range(1, n)]


def win_lose(n: int) -> dict[int, str]:
    """Return ``{k: "W" or "L"}`` for the states ``1 … n``.

    >>> win_lose(4)
    {1: 'L', 2: 'W', 3: 'L', 4: 'W'}
    """
    n = as_count(n, "n", MAX_N)
    g = values(n + 1)
    return {k: ("L" if g[k] == 0 else "W") for k in range(1, n + 1)}


def state_graph(n: int):
    """Return the state graph of states ``1 … n`` as a ``networkx.DiGraph``.

    Edges go from a state to each state one move away; nodes carry
    ``"grundy"`` and ``"outcome"`` (``"P"``/``"N"``), as in
    :func:`cgteach.impartial.state_graph`.

    >>> G = state_graph(9)
    >>> G.number_of_nodes(), G.number_of_edges(), sorted(G.successors(6))
    (9, 14, [3, 4, 5])
    """
    import networkx as nx

    n = as_count(n, "n", MAX_GRAPH_N)
    g = values(n + 1)
    G = nx.DiGraph()
    for k in range(1, n + 1):
        G.add_node(k, grundy=g[k], outcome="P" if g[k] == 0 else "N")
    for k in range(1, n + 1):
        for j in options(k):
            G.add_edge(k, j)
    return G
