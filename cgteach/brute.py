"""Brute-force searches for the lessons' checks, fast enough to run hundreds of times.

A lesson checks each theorem on hundreds of random drawings against a
**brute force**: the value found from the definition alone (Thm 4.1, the MEX
principle: a position's value is the least value none of its options has),
trying every cut, with none of the theorems being checked.
:func:`cgteach.hackenbush.green.grundy_brute` is that search written with
:class:`~cgteach.hackenbush.Hackenbush` objects; it builds a new position for
every cut.  This module runs the *same* search on bit masks: a sub-drawing
is the set of its surviving edges, one bit per edge, and a cut removes one
bit and then every edge no longer joined to the ground.  Nothing else
changes, so it finds the same values (``tests/test_brute.py`` compares the
two on random drawings), ten to twenty times faster.

This module offers

* :func:`green_grundy` — the nim value of an all-green drawing, by trying
  every cut;
* :func:`green_winning_moves` — every cut that leaves value 0, the same way.

>>> from cgteach.hackenbush import Hackenbush
>>> triangle = Hackenbush([(0, 1), (1, 2), (2, 0)])
>>> green_grundy(triangle), green_winning_moves(triangle)
(1, [1])
"""

from __future__ import annotations

from cgteach.hackenbush.position import Hackenbush

__all__ = ["BRUTE_LIMIT", "green_grundy", "green_winning_moves"]

#: The most edges a brute-force search accepts (as ``grundy_brute``).
BRUTE_LIMIT = 18


class _Masks:
    """One drawing as bit masks: ``value(mask)`` is the nim value of the edges in ``mask``."""

    def __init__(self, position: Hackenbush, what: str):
        if not isinstance(position, Hackenbush):
            raise TypeError(f"{what}() needs a Hackenbush position, got {type(position).__name__}")
        edges = position.edges
        if len(edges) > BRUTE_LIMIT:
            raise ValueError(
                f"{what}() tries every line of play and allows at most {BRUTE_LIMIT} "
                f"edges; this position has {len(edges)}: use .grundy() instead"
            )
        ground = set(position.ground)
        index: dict = {}

        def number(node) -> int:
            # Every ground node is node 0: being joined to any of them is being joined
            # to the ground.
            if node in ground:
                return 0
            return index.setdefault(node, len(index) + 1)

        self.touching = [0] * (2 * len(edges) + 1)  # node -> mask of the edges at it
        self.other = []  # edge -> (end a) XOR (end b): from one end, XOR gives the other
        self.ends = []  # edge -> (end a, end b)
        for i, (u, v, colour) in enumerate(edges):
            if colour != "green":
                raise ValueError(
                    f"edge {i} is {colour}; {what}() needs an all-green position "
                    "— use .value() for blue-red"
                )
            a, b = number(u), number(v)
            self.touching[a] |= 1 << i
            self.touching[b] |= 1 << i
            self.other.append(a ^ b)
            self.ends.append((a, b))
        self.full = (1 << len(edges)) - 1
        self.memo: dict[int, int] = {0: 0}

    def standing(self, mask: int) -> int:
        """The edges of ``mask`` still joined to the ground (a search from node 0)."""
        kept, todo, seen = 0, [0], 1
        touching, other = self.touching, self.other
        while todo:
            node = todo.pop()
            new = touching[node] & mask & ~kept
            kept |= new
            while new:
                low = new & -new
                new ^= low
                far = node ^ other[low.bit_length() - 1]
                if not seen >> far & 1:
                    seen |= 1 << far
                    todo.append(far)
        return kept

    def value(self, mask: int) -> int:
        """The nim value of ``mask``: the MEX of the values after each cut (memoised)."""
        memo = self.memo
        if mask in memo:
            return memo[mask]
        seen = set()
        rest = mask
        touching = self.touching
        while rest:
            low = rest & -rest
            rest ^= low
            a, b = self.ends[low.bit_length() - 1]
            if a == b or (b and touching[b] & mask == low) or (a and touching[a] & mask == low):
                # A loop, or an edge up to a node (not the ground, node 0) that has no other
                # edge: it holds nothing else up, so nothing else falls.
                seen.add(self.value(mask ^ low))
            else:
                seen.add(self.value(self.standing(mask ^ low)))
        result = 0
        while result in seen:
            result += 1
        memo[mask] = result
        return result


def green_grundy(position: Hackenbush) -> int:
    """The nim value of an all-green drawing, found by trying every cut (at most 18 edges).

    >>> from cgteach.hackenbush import Hackenbush
    >>> green_grundy(Hackenbush([(0, 1), (1, 1), (1, 1)]))   # a stalk with two loops on top
    1
    """
    masks = _Masks(position, "green_grundy")
    return masks.value(masks.standing(masks.full))


def green_winning_moves(position: Hackenbush) -> list[int]:
    """Every edge (index into ``position.edges``) whose cut leaves value 0, by brute force.

    >>> from cgteach.hackenbush import Hackenbush
    >>> green_winning_moves(Hackenbush([(0, 1), (1, 2), (2, 3), (0, 4)]))   # piles 3 and 1
    [1]
    """
    masks = _Masks(position, "green_winning_moves")
    return [
        i for i in range(len(position.edges))
        if masks.value(masks.standing(masks.full ^ (1 << i))) == 0
    ]
