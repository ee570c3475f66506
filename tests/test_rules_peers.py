"""Snort and Col written with the kit (cgteach.rules) equal cgt-py's own Snort and Col.

Both games colour the vertices of a graph, Left blue and Right red.  In **Snort** two
neighbours may not have different colours; in **Col** two neighbours may not have the
same colour.  A position is written as cgt-py writes it: the vertices still to be
coloured, each with a *tint* saying who may still colour it (``""`` both, ``"L"``
Left only, ``"R"`` Right only), and the edges between them.  A coloured vertex leaves
the graph and tints its neighbours; a neighbour that neither player may colour any
more leaves too.  The kit's versions split a graph into its connected parts.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach.games import game
from cgteach.rules import PartizanRules

cgt_py = pytest.importorskip("cgt_py")


def _from_cgt(c):
    return game([_from_cgt(x) for x in c.left_options], [_from_cgt(x) for x in c.right_options])


def _relabel(tints, edges, keep):
    """The graph on the vertices ``keep`` (in order), numbered 0, 1, ..."""
    index = {v: i for i, v in enumerate(keep)}
    return (tuple(tints[v] for v in keep),
            frozenset((index[a], index[b]) for a, b in edges if a in index and b in index))


class _Colouring(PartizanRules):
    """A position is ``(tints, edges)``: tints per vertex 0..n-1, edges (a, b), a < b."""

    SAME_COLOUR_NEIGHBOURS = True  # Snort; Col forbids them

    def _moves(self, position, me):
        tints, edges = position
        other = "R" if me == "L" else "L"
        # what colouring a vertex does to a neighbour's tint: who may still colour it
        after = me if self.SAME_COLOUR_NEIGHBOURS else other
        out = []
        for v, tint in enumerate(tints):
            if tint not in ("", me):
                continue
            new = list(tints)
            dead = {v}
            for a, b in edges:
                if v in (a, b):
                    n = b if a == v else a
                    if new[n] == "":
                        new[n] = after
                    elif new[n] != after:
                        dead.add(n)  # nobody may colour it now
            keep = [u for u in range(len(tints)) if u not in dead]
            out.append(_relabel(new, edges, keep))
        return out

    def left(self, position):
        return self._moves(position, "L")

    def right(self, position):
        return self._moves(position, "R")

    def split(self, position):
        tints, edges = position
        parts, seen = [], set()
        for start in range(len(tints)):
            if start in seen:
                continue
            part, stack = [], [start]
            seen.add(start)
            while stack:
                v = stack.pop()
                part.append(v)
                for a, b in edges:
                    n = b if a == v else a if b == v else None
                    if n is not None and n not in seen:
                        seen.add(n)
                        stack.append(n)
            parts.append(_relabel(tints, edges, sorted(part)))
        return parts


class Snort(_Colouring):
    SAME_COLOUR_NEIGHBOURS = True


class Col(_Colouring):
    SAME_COLOUR_NEIGHBOURS = False


def _peer(cls, tints, edges):
    blue = [v for v, t in enumerate(tints) if t == "L"]
    red = [v for v, t in enumerate(tints) if t == "R"]
    return cls(len(tints), edges=sorted(edges), blue=blue, red=red)


@st.composite
def graphs(draw, most=7):
    n = draw(st.integers(1, most))
    pairs = list(itertools.combinations(range(n), 2))
    edges = frozenset(p for p in pairs if draw(st.booleans()))
    tints = tuple(draw(st.sampled_from(["", "", "L", "R"])) for _ in range(n))
    return tints, edges


SNORT, COL = Snort(), Col()  # one instance each: their tables grow over the examples


@given(graphs())
def test_snort_equals_cgt_py(position):
    tints, edges = position
    assert SNORT.value(position) == _from_cgt(_peer(cgt_py.Snort, tints, edges).canonical_form)


@given(graphs())
def test_col_equals_cgt_py(position):
    tints, edges = position
    assert COL.value(position) == _from_cgt(_peer(cgt_py.Col, tints, edges).canonical_form)


def test_snort_and_col_on_paths_and_cycles():
    for n in range(1, 8):
        path = ("",) * n, frozenset((i, i + 1) for i in range(n - 1))
        cycle = ("",) * n, path[1] | ({(0, n - 1)} if n > 2 else set())
        for position in (path, cycle):
            for kit, peer in ((SNORT, cgt_py.Snort), (COL, cgt_py.Col)):
                assert kit.value(position) == _from_cgt(
                    _peer(peer, *position).canonical_form), (type(kit).__name__, position)


def test_the_split_is_verified_and_the_moves_match_the_peer_one_by_one():
    star = ("", "", "", "L"), frozenset({(0, 1), (0, 2), (0, 3)})
    assert SNORT.verify(star) and COL.verify(star)
    for kit, peer in ((SNORT, cgt_py.Snort), (COL, cgt_py.Col)):
        mine = sorted(str(kit.value(p)) for p in kit.left(star))
        theirs = sorted(str(_from_cgt(o.canonical_form)) for o in _peer(peer, *star).left_options)
        assert mine == theirs
