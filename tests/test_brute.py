"""cgteach.brute: the bit-mask brute force finds what grundy_brute finds."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.brute import BRUTE_LIMIT, green_grundy, green_winning_moves
from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.examples import forest, house, random_position, square, stalk, stalks
from cgteach.hackenbush.green import grundy_brute, winning_moves_brute


@st.composite
def positions(draw, max_edges=8):
    """Random green multigraphs joined to the ground, with odd node names."""
    grounds = draw(st.integers(1, 3))
    names = ["g", ("g", 2), 7.5][:grounds]
    joined = list(names)
    edges = []
    for _ in range(draw(st.integers(0, max_edges))):
        u = draw(st.sampled_from(joined))
        kind = draw(st.sampled_from(["new", "new", "old", "loop"]))
        if kind == "new":
            v = f"n{len(joined)}"
            joined.append(v)
        elif kind == "old":
            v = draw(st.sampled_from(joined))
        else:
            v = u
        edges.append((u, v) if draw(st.booleans()) else (v, u))
    return Hackenbush(edges, ground=tuple(names))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_value_and_winning_cuts_agree_with_grundy_brute(p):
    assert green_grundy(p) == grundy_brute(p)
    assert green_winning_moves(p) == winning_moves_brute(p)


def test_agrees_on_the_lessons_kind_of_random_drawings():
    rng = random.Random(5)
    for _ in range(120):
        p = random_position(rng.randint(0, 10), rng, grounds=rng.randint(1, 3))
        assert green_grundy(p) == grundy_brute(p)
        assert green_winning_moves(p) == winning_moves_brute(p)


def test_known_values():
    assert green_grundy(Hackenbush([])) == 0
    assert green_grundy(stalks(2, 4, 5)) == 2 ^ 4 ^ 5
    assert green_grundy(stalk(7)) == 7
    assert green_grundy(Hackenbush([(0, 1), (1, 1), (1, 1)])) == 1
    assert green_grundy(Hackenbush([(0, 1), (1, 2), (2, 0)])) == 1   # odd circuit: an edge
    assert green_grundy(square()) == grundy_brute(square())
    assert green_grundy(house()) == house().grundy()
    f = forest()
    assert green_grundy(f) == 7
    assert green_winning_moves(f) == [7, 11, 12] == winning_moves_brute(f)
    assert green_winning_moves(stalks(1, 1)) == []


def test_an_edge_between_two_ground_nodes_stays_until_cut():
    p = Hackenbush([(0, 1), (0, 2)], ground=(0, 1))   # edge 0 joins two ground nodes
    assert green_grundy(p) == grundy_brute(p) == 0
    assert green_winning_moves(p) == []


def test_bad_input():
    with pytest.raises(TypeError, match="green_grundy\\(\\) needs a Hackenbush position"):
        green_grundy([(0, 1)])
    with pytest.raises(ValueError, match="edge 1 is blue"):
        green_grundy(Hackenbush([(0, 1), (1, 2, "blue")]))
    with pytest.raises(ValueError, match=f"at most {BRUTE_LIMIT} edges; this position has 19"):
        green_winning_moves(stalk(19))
    assert green_grundy(stalk(BRUTE_LIMIT)) == BRUTE_LIMIT
