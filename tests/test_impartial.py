"""The Sprague–Grundy engine: values, sums, outcomes, winning moves, state graphs."""

import operator
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import grundy
from cgteach.impartial import (
    Sum,
    _outcome_by_search,
    grundy_of_sum,
    moves,
    outcome,
    state_graph,
    winning_moves,
)
from cgteach.nimbers import mex


def nim_heap(n):
    return range(n)


def sticks(n):
    return [n - k for k in (1, 2, 3) if k <= n]


def split_unequal(n):
    return [Sum([a, n - a]) for a in range(1, (n + 1) // 2)]


def kayles(n):
    result = []
    for k in (1, 2):
        left = n - k
        if left >= 0:
            result.append(left)
            result.extend(Sum([a, left - a]) for a in range(1, left // 2 + 1))
    return result


# The worked state graph of the source chapter (003), nodes named a–f in the
# order the chapter places them: top row a, b, c; bottom row d, e, f.
WORKED = {
    "a": [],
    "b": ["a"],
    "c": ["b"],
    "d": ["a", "b"],
    "e": ["d", "b"],
    "f": ["e", "b"],
}
WORKED_VALUES = {"a": 0, "b": 1, "c": 0, "d": 2, "e": 0, "f": 2}


def test_mex_of_the_slide_notes():
    assert mex({0, 1, 2, 5, 8}) == 3
    assert mex({0, 1, 3}) == 2


@pytest.mark.parametrize("node, value", sorted(WORKED_VALUES.items()))
def test_worked_state_graph_of_the_chapter(node, value):
    assert grundy(node, WORKED.__getitem__) == value


def test_worked_graph_as_networkx():
    G = state_graph("f", WORKED.__getitem__)
    assert {n: G.nodes[n]["grundy"] for n in G} == {
        n: v for n, v in WORKED_VALUES.items() if n != "c"
    }
    assert G.nodes["e"]["outcome"] == "P" and G.nodes["f"]["outcome"] == "N"
    assert sorted(G.edges) == sorted((u, v) for u, vs in WORKED.items() if u != "c" for v in vs)


@pytest.mark.parametrize("n", range(16))
def test_sticks_game_losing_iff_multiple_of_four(n):
    assert (outcome(n, sticks) == "P") == (n % 4 == 0)
    assert _outcome_by_search(n, sticks) == outcome(n, sticks)


def test_winning_moves_sticks():
    assert winning_moves(10, sticks) == [8]
    assert winning_moves(12, sticks) == []


@pytest.mark.parametrize("n, f", list(enumerate([0, 0, 0, 1, 0, 2, 1, 0, 2])))
def test_grundys_game_small_values_of_the_chapter(n, f):
    assert grundy(n, split_unequal) == f


def test_grundys_game_winning_move_from_eight():
    assert winning_moves(8, split_unequal) == [Sum([1, 7])]


def test_long_chain_has_no_recursion_limit():
    def chain(n):
        return [n - 1] if n else []

    assert grundy(100_000, chain) == 0
    assert grundy(100_001, chain) == 1
    assert _outcome_by_search(100_001, chain) == "N"


def test_cache_is_reused():
    cache = {}
    assert grundy(30, kayles, cache=cache) == 7
    assert 29 in cache and all(not isinstance(k, Sum) for k in cache)
    calls = []

    def counting(n):
        calls.append(n)
        return kayles(n)

    assert grundy(30, counting, cache=cache) == 7
    assert calls == []


def test_sum_is_normalised_and_distinct_from_tuples():
    assert Sum([5, Sum([2, 3])]) == Sum([2, 3, 5])
    assert Sum([1, 2]) != (1, 2)
    assert operator.ne((1, 2), Sum([1, 2]))  # the tuple on the left, too
    assert {Sum([1, 2]): "sum", (1, 2): "pair"}[(1, 2)] == "pair"
    assert eval(repr(Sum([3, 1]))) == Sum([1, 3])
    assert str(Sum([])) == "0" and str(Sum([1, 4])) == "1 + 4"


def test_sum_order_never_depends_on_the_input_order():
    # frozensets are only partially ordered (< means "subset"): a plain sort
    # would keep the input order and make equal sums compare unequal
    a, b, c = frozenset({1}), frozenset({2}), frozenset({1, 3})
    assert Sum([a, b, c]) == Sum([c, b, a]) == Sum([b, a, c])
    assert hash(Sum([a, b])) == hash(Sum([b, a]))
    assert Sum(["x", 2, (1,)]) == Sum([(1,), "x", 2])


def test_grundy_of_sum_is_the_nim_sum():
    assert grundy_of_sum([4, 11, 13], nim_heap) == 2  # essay, Thm 4.4
    assert grundy_of_sum([10, 12, 5], nim_heap) == 3  # the chapter's [10, 12, 5]


def test_moves_in_a_sum_change_one_component():
    assert moves(Sum([1, 2]), nim_heap) == [Sum([0, 2]), Sum([0, 1]), Sum([1, 1])]
    assert moves(Sum([2, 2]), nim_heap) == [Sum([0, 2]), Sum([1, 2])]


heaps = st.lists(st.integers(0, 5), min_size=1, max_size=3)


@given(heaps)
def test_sprague_grundy_on_nim_sums(hs):
    """Outcome by value agrees with plain win/lose search of the whole sum."""
    position = Sum(hs)
    assert outcome(position, nim_heap) == _outcome_by_search(position, nim_heap)
    for m in winning_moves(position, nim_heap):
        assert _outcome_by_search(m, nim_heap) == "P"


_SEARCHED: dict = {}  # win/lose results shared by the examples below


@given(st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_sprague_grundy_on_sums_of_kayles_rows(hs):
    position = Sum(hs)
    search = _outcome_by_search
    assert outcome(position, kayles) == search(position, kayles, cache=_SEARCHED)
    expected = [m for m in moves(position, kayles) if search(m, kayles, cache=_SEARCHED) == "P"]
    assert winning_moves(position, kayles) == expected


def test_random_dags_against_search():
    rng = random.Random(2022)
    for _ in range(50):
        size = rng.randint(1, 12)
        graph = {i: rng.sample(range(i), rng.randint(0, min(i, 3))) for i in range(size)}
        for node in graph:
            assert outcome(node, graph.__getitem__) == _outcome_by_search(node, graph.__getitem__)
            values = {grundy(c, graph.__getitem__) for c in graph[node]}
            assert grundy(node, graph.__getitem__) == mex(values)


def test_cycle_is_refused():
    loop = {"x": ["y"], "y": ["x"]}
    with pytest.raises(ValueError, match="cycle"):
        grundy("x", loop.__getitem__)
    with pytest.raises(ValueError, match="cycle"):
        _outcome_by_search("x", loop.__getitem__)


def test_bad_input():
    with pytest.raises(TypeError, match="hashable"):
        grundy([1, 2], lambda p: [])
    with pytest.raises(TypeError, match="hashable"):
        grundy(3, lambda p: [[1]])
    with pytest.raises(TypeError, match="options must be a function"):
        grundy(3, [1, 2])
    with pytest.raises(TypeError, match="returned None"):
        grundy(3, lambda p: None)
    with pytest.raises(TypeError, match="cache must be a dict"):
        grundy(3, nim_heap, cache=[])
    with pytest.raises(ValueError, match="max_nodes"):
        state_graph(40, nim_heap, max_nodes=10)
    with pytest.raises(TypeError, match="max_nodes must be a non-negative integer"):
        state_graph(4, nim_heap, max_nodes="10")
    with pytest.raises(TypeError, match="max_nodes must be a non-negative integer"):
        state_graph(4, nim_heap, max_nodes=1.5)
    with pytest.raises(TypeError, match="hashable"):
        state_graph([1, 2], nim_heap)
    with pytest.raises(TypeError, match="options must be a function"):
        state_graph(3, [1, 2])


def test_state_graph_of_grundys_game_opens_sums():
    G = state_graph(7, split_unequal)
    assert G.nodes[7]["grundy"] == 0
    assert Sum([1, 2, 4]) in G and Sum([1, 1, 1, 2, 2]) in G
    assert G.out_degree(Sum([1, 2, 2, 2])) == 0
    assert G.nodes[Sum([1, 2, 2, 2])]["outcome"] == "P"


def test_draw_state_graph_returns_axes():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from cgteach.draw.impartial import draw_state_graph, layered_layout
    from cgteach.rulesets import divisors

    G = divisors.state_graph(9)
    ax = draw_state_graph(G, show="position", title="divisors")
    assert ax.get_title() == "divisors"
    assert len(ax.patches) == 9
    ax2 = draw_state_graph("f", WORKED.__getitem__, show="both")
    texts = {t.get_text() for t in ax2.texts}
    assert {"a", "f", "0", "2"} <= texts
    pos = layered_layout(G)
    assert pos[1][0] == 0 and pos[9][0] == 8
    with pytest.raises(ValueError, match="show"):
        draw_state_graph(G, show="colour")
    with pytest.raises(TypeError, match="options"):
        draw_state_graph(9)
    plt.close("all")


def test_search_refuses_a_game_too_big_for_its_budget():
    from cgteach.impartial import MAX_POSITIONS, outcome, winning_moves

    def take_1_or_2(n):
        return [n - k for k in (1, 2) if k <= n]

    for search in (grundy, outcome, winning_moves):
        with pytest.raises(ValueError, match="more than 1000 positions.*max_positions=None"):
            search(10**100, take_1_or_2, max_positions=1000)
    assert grundy(5000, take_1_or_2, max_positions=None) == 5000 % 3
    assert MAX_POSITIONS >= 100_001  # the documented 100 000-move chain still works
