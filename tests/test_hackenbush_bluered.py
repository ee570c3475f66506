"""Blue-red Hackenbush: fast rules against the search, outcomes, moves, explanations."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.bluered import (
    edge_under,
    explain,
    explain_build,
    kind,
    outcome,
    stalk,
    stalk_rule_value,
    tree_rule_value,
    value,
    value_by_search,
    winner,
    winner_by_search,
    winning_moves,
)
from cgteach.numbers import stalk_for

colours = st.sampled_from(["blue", "red"])


@st.composite
def stalks(draw, max_size=12):
    cs = draw(st.lists(colours, max_size=max_size))
    return Hackenbush([(k, k + 1, c) for k, c in enumerate(cs)])


@st.composite
def trees(draw, max_edges=10):
    """Random trees (ground merged): each new node hangs from an earlier one.

    Some trees stand on two ground nodes, carry loops, and list their edges
    in a shuffled order.
    """
    n = draw(st.integers(0, max_edges))
    grounds = (0,) if draw(st.booleans()) else (0, -1)
    edges = []
    for k in range(1, n + 1):
        below = draw(st.integers(-1 if len(grounds) == 2 else 0, k - 1))
        edges.append((below, k, draw(colours)))
    for _ in range(draw(st.integers(0, 2))):
        node = draw(st.integers(0, n))
        edges.append((node, node, draw(colours)))
    order = draw(st.permutations(range(len(edges))))
    return Hackenbush([edges[i] for i in order], ground=grounds)


@st.composite
def graphs(draw, max_nodes=6, max_extra=4):
    """Random connected multigraphs: a tree plus extra edges (cycles, parallels, loops)."""
    n = draw(st.integers(0, max_nodes))
    edges = [(draw(st.integers(0, k - 1)), k, draw(colours)) for k in range(1, n + 1)]
    for _ in range(draw(st.integers(0, max_extra))):
        edges.append((draw(st.integers(0, n)), draw(st.integers(0, n)), draw(colours)))
    grounds = (0,) if draw(st.booleans()) else (0, n)
    return Hackenbush(edges, ground=grounds)


# -- worked examples ------------------------------------------------------------

HALF = Hackenbush([(0, 1, "blue"), (1, 2, "red")])


@pytest.mark.parametrize(
    "edges, expected",
    [
        ([], 0),
        ([(0, 1, "blue")], 1),
        ([(0, 1, "red")], -1),
        ([(0, 1, "blue"), (1, 2, "blue"), (0, 3, "blue")], 3),  # integer position
        ([(0, 1, "blue"), (0, 2, "red")], 0),
        ([(0, 1, "blue"), (1, 2, "red")], F(1, 2)),  # not 1 - 1 = 0
        ([(0, 1, "blue"), (1, 2, "red"), (2, 3, "red")], F(1, 4)),
        ([(0, 1, "blue"), (1, 2, "red"), (2, 3, "blue")], F(3, 4)),
        ([(0, 1, "blue"), (1, 2, "red"), (1, 3, "red")], F(1, 4)),
        ([(0, 1, "blue"), (1, 1, "red")], F(1, 2)),  # a loop acts like a leaf edge
        ([(0, 1, "red"), (1, 2, "blue"), (1, 3, "blue")], F(-1, 4)),
        ([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue")], 1),  # a triangle
        ([(0, 1, "blue"), (1, 0, "red")], 0),  # two parallel edges: {-1 | 1}
        ([(0, 0, "blue"), (0, 0, "red"), (0, 0, "blue")], 1),
        # a triangle with trees hanging from it (the colon principle at work)
        ([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue"), (2, 3, "red"), (3, 4, "blue"),
          (3, 5, "blue"), (1, 6, "red"), (6, 6, "blue")], F(5, 8)),
    ],
)
def test_worked_values(edges, expected):
    h = Hackenbush(edges)
    assert value(h) == expected
    assert value_by_search(h) == expected
    assert h.value() == expected


@pytest.mark.parametrize(
    "x, xs",
    [(0, 1), (1, 2), (F(1, 2), F(3, 2)), (-1, F(1, 2)), (F(-1, 2), F(3, 4)),
     (-2, F(1, 4)), (F(-3, 2), F(3, 8)), (F(-1, 4), F(7, 8)), (-3, F(1, 8))],
)
def test_edge_under_table(x, xs):
    assert edge_under(x, "blue") == xs
    assert edge_under(-x, "red") == -xs
    # the same as putting a blue edge under a stalk worth x
    assert value(Hackenbush([(0, 1, "blue")] + [
        (k + 1, k + 2, c) for k, c in enumerate(stalk_for(x))
    ])) == xs


def test_kinds():
    assert kind(stalk("5/8")) == "stalk"
    assert kind(Hackenbush([])) == "stalk"
    assert kind(Hackenbush([(0, 1, "blue"), (0, 2, "red")])) == "tree"
    assert kind(Hackenbush([(0, 1, "blue"), (1, 1, "red")])) == "tree"
    assert kind(Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "red")])) == "graph"
    # two ground nodes joined through the air make a cycle once the ground is one node
    assert kind(Hackenbush([(0, 1, "blue"), (1, 2, "red")], ground=(0, 2))) == "graph"


def test_ground_to_ground_edge_is_a_loop():
    h = Hackenbush([(0, 5, "red"), (0, 1, "blue")], ground=(0, 5))
    assert value(h) == value_by_search(h) == 0


# -- the fast rules against the search -----------------------------------------------


@given(stalks())
def test_stalk_rule_matches_search(h):
    assert stalk_rule_value(h) == value_by_search(h) == value(h)


@given(trees())
def test_tree_rule_matches_search(h):
    assert tree_rule_value(h) == value_by_search(h) == value(h)


@given(graphs())
def test_value_matches_search_on_graphs(h):
    assert value(h) == value_by_search(h)


@given(graphs(max_nodes=4, max_extra=3))
def test_value_means_the_difference_is_a_second_player_win(h):
    # G = x exactly when G - x is a P-position: checked by playing every game.
    difference = h + (-stalk(value(h)))
    assert winner_by_search(difference, "blue") == "red"
    assert winner_by_search(difference, "red") == "blue"


@settings(max_examples=60)
@given(graphs(max_nodes=10, max_extra=2))
def test_cycles_with_large_hanging_trees(h):
    # value() swaps trees hanging from cycles for stalks (the colon principle)
    assert value(h) == value_by_search(h)


@given(graphs())
def test_winner_matches_play(h):
    for first in ("blue", "red"):
        assert winner(h, first) == winner_by_search(h, first)


@given(graphs(max_nodes=5, max_extra=3))
def test_winning_moves_match_play(h):
    for player in ("blue", "red"):
        other = "red" if player == "blue" else "blue"
        expected = [
            i for i, (_, _, c) in enumerate(h.edges)
            if c == player and winner_by_search(h.cut(i), other) == player
        ]
        assert winning_moves(h, player) == expected == h.winning_moves(player)
        # there is a winning move exactly when the mover wins
        assert bool(expected) == (winner(h, player) == player)


@given(graphs(max_nodes=4, max_extra=2), graphs(max_nodes=4, max_extra=2))
def test_sums_and_negatives(a, b):
    assert value(a + b) == value(a) + value(b)
    assert value(-a) == -value(a)
    assert value(a + (-a)) == 0


@given(trees(max_edges=8))
def test_outcome_types(h):
    v = value(h)
    assert outcome(h) == {1: "L", 0: "P", -1: "R"}[(v > 0) - (v < 0)]
    assert h.outcome() == outcome(h)
    if outcome(h) == "P":
        assert winner(h, "blue") == "red" and winner(h, "red") == "blue"
    else:
        assert winner(h, "blue") == winner(h, "red") == ("blue" if v > 0 else "red")


def test_one_colour_positions_count_their_edges():
    blue = Hackenbush([(0, 1, "blue"), (1, 2, "blue"), (1, 3, "blue"), (3, 3, "blue"),
                       (3, 0, "blue")])
    assert value(blue) == 5 == value_by_search(blue)
    assert value(-blue) == -5


def test_blue_minus_red_rule_fails():
    # the tempting count (blue edges - red edges) says 0, but Blue wins either way
    assert value(HALF) == F(1, 2)
    assert winner_by_search(HALF, "blue") == winner_by_search(HALF, "red") == "blue"
    # two halves make a whole: 1/2 + 1/2 - 1 is a second-player win
    zero = HALF + HALF + stalk(["red"])
    assert winner_by_search(zero, "blue") == "red"
    assert winner_by_search(zero, "red") == "blue"


# -- large positions: the fast rules do not recurse ------------------------------------


def test_long_stalk_and_deep_tree():
    n = 5000
    h = Hackenbush([(0, 1, "blue")] + [(k, k + 1, "red") for k in range(1, n)])
    assert value(h) == F(1, 2 ** (n - 1))
    # a deep tree: the same path with a red leaf hanging from every node
    edges = list(h.edges) + [(k, ("leaf", k), "blue") for k in range(1, n)]
    t = Hackenbush(edges)
    assert kind(t) == "tree"
    assert value(t) == tree_rule_value(t)


def test_explain_build_matches_values():
    edges = [(0, 1, "blue"), (1, 2, "red"), (2, 3, "blue"), (1, 4, "red"), (4, 0, "blue")]
    steps = explain_build(edges)
    assert [s.value for s in steps] == [
        value(Hackenbush(edges[:k])) for k in range(1, len(edges) + 1)
    ]
    assert [s.value for s in steps[:3]] == [1, F(1, 2), F(3, 4)]
    assert str(steps[1]) == "add red edge 1-2: {0 | 1} = 1/2"
    assert explain_build(Hackenbush(edges))[-1].value == value(Hackenbush(edges))


@given(graphs(max_nodes=4, max_extra=2))
def test_explanation_agrees(h):
    e = explain(h)
    assert e.value == value(h)
    assert e.best_left == max((value(h.cut(i)) for i, c in enumerate(h.edges)
                               if c[2] == "blue"), default=None)
    assert e.best_right == min((value(h.cut(i)) for i, c in enumerate(h.edges)
                                if c[2] == "red"), default=None)
    for (player, i), child in e.children:
        assert h.edges[i][2] == player
        assert child.value == value(h.cut(i))


def test_explanation_text():
    text = str(explain(stalk("3/4")))
    first = text.splitlines()[0]
    assert first == "{0, 1/2 | 1} = 3/4   (the simplest number strictly between 1/2 and 1 is 3/4)"
    assert "Red cuts edge 1 (1-2) -> 1" in text
    assert "Red cannot move: the simplest number greater than 0 is 1" in text
    assert explain(stalk("3/4"), depth=0).children == ()
    assert "Blue cannot move" in str(explain(stalk(-1)))


# -- bad input -------------------------------------------------------------------------


def test_green_edges_are_refused():
    green = Hackenbush([(0, 1, "blue"), (1, 2, "green")])
    for call in (value, value_by_search, outcome, explain, kind,
                 lambda h: winning_moves(h, "blue"), lambda h: winner(h, "red")):
        with pytest.raises(ValueError, match="green edges, so it is not a number"):
            call(green)
    with pytest.raises(ValueError, match=r"\.canonical\(\)"):
        green.value()


def test_other_bad_input():
    with pytest.raises(TypeError, match="expected a Hackenbush position"):
        value([(0, 1, "blue")])
    with pytest.raises(ValueError, match="player must be 'blue'"):
        winning_moves(HALF, "green")
    with pytest.raises(ValueError, match="player must be 'blue'"):
        winner(HALF, 1)
    with pytest.raises(ValueError, match="does not touch the ground or an earlier edge"):
        explain_build([(0, 1, "blue"), (2, 3, "red"), (1, 2, "red")])
    with pytest.raises(ValueError, match="not a stalk"):
        stalk_rule_value(Hackenbush([(0, 1, "blue"), (0, 2, "red")]))
    with pytest.raises(ValueError, match="has a cycle"):
        tree_rule_value(Hackenbush([(0, 1, "blue"), (1, 0, "red")]))
    with pytest.raises(ValueError, match="not dyadic"):
        stalk(F(1, 3))
    with pytest.raises(ValueError, match="at most 20 levels"):
        explain(HALF, depth=21)
    big = Hackenbush([(0, 1, "blue")] * 31)
    with pytest.raises(ValueError, match="limited to 30 edges"):
        value_by_search(big)
    with pytest.raises(ValueError, match="too tangled to value: it has a block of 31 edges"):
        value(big)


def test_search_budget(monkeypatch):
    from cgteach.hackenbush import bluered

    square = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 3, "blue"), (3, 0, "red"),
                         (1, 3, "blue"), (0, 2, "red")])
    expected = value_by_search(square)
    monkeypatch.setattr(bluered, "MAX_SEARCH_POSITIONS", 5)
    for call in (value_by_search, lambda h: winner_by_search(h, "blue")):
        with pytest.raises(ValueError, match="too tangled to search"):
            call(square)
    monkeypatch.undo()
    assert value(square) == expected
    # the block engine's safety net: a search past its block budget stops with TooTangled
    from cgteach.hackenbush import blocks, partizan

    monkeypatch.setattr(blocks, "MAX_SEARCH_BLOCKS", 2)
    monkeypatch.setattr(blocks, "MAX_SEARCH_WORK", 2)
    with pytest.raises(partizan.TooTangled, match="more than 2 steps of search"):
        value(square)


def test_explain_is_cheap_on_a_long_stalk():
    import time

    h = Hackenbush([(k, k + 1, "blue" if k % 3 else "red") for k in range(2000)])
    start = time.process_time()
    e = explain(h)
    assert time.process_time() - start < 5
    assert e.value == value(h) and e.children == ()
    assert [v for _, v in e.left + e.right] != []
