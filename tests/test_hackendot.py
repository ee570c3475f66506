"""Hackendot: positions, moves, Úlehla's coloring/contraction/value, files, pictures."""

import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import hackendot
from cgteach.hackendot import Hackendot, Round, grundy_brute, winning_moves_brute

# ---------------------------------------------------------------------------
# random forests for hypothesis: any node order, any number of trees
# ---------------------------------------------------------------------------


@st.composite
def forests(draw, max_nodes=11):
    """A forest in a shuffled node order (parents may follow their children)."""
    n = draw(st.integers(0, max_nodes))
    par = [None]
    for i in range(1, n):
        par.append(draw(st.one_of(st.none(), st.integers(0, i - 1)))
                   if draw(st.integers(0, 5)) == 0 else draw(st.integers(0, i - 1)))
    par = par[:n]
    perm = draw(st.permutations(range(n)))
    new = [None] * n
    for old, p in enumerate(par):
        new[perm[old]] = None if p is None else perm[p]
    return Hackendot(new)


# ---------------------------------------------------------------------------
# Úlehla's method against brute force
# ---------------------------------------------------------------------------


@given(forests())
def test_ulehla_value_equals_brute_force(f):
    assert f.grundy() == grundy_brute(f)


@given(forests(max_nodes=9))
def test_winning_moves_equal_brute_force(f):
    assert f.winning_moves() == winning_moves_brute(f)


@given(forests(max_nodes=40))
def test_winning_moves_equal_the_quadratic_twin(f):
    # the former method: delete each node and re-value its tree
    assert f.winning_moves() == f._winning_moves_quadratic()


def _subtree(par, c):
    """The subtree above node c of a parents-first list, as its own Hackendot."""
    inside = {c}
    for i in range(c + 1, len(par)):
        if par[i] in inside:
            inside.add(i)
    nodes = sorted(inside)
    rank = {v: k for k, v in enumerate(nodes)}
    return Hackendot([None if v == c else rank[par[v]] for v in nodes])


@given(forests(max_nodes=11))
def test_subtree_values_equal_brute_force(f):
    # L(T_c) is L(T) cut down to T_c: every subtree value comes from one pass
    par, _ = hackendot._sorted_frame(f._par, f._order)
    g = hackendot._subtree_values(par)
    assert g == [grundy_brute(_subtree(par, c)) for c in range(len(par))]


def test_subtree_values_on_every_tree_of_up_to_8_nodes():
    # exhaustive: every parent list with par[i] < i covers every shape
    from itertools import product

    for n in range(1, 9):
        for choice in product(*[range(i) for i in range(1, n)]):
            par = [-1, *choice]
            g = hackendot._subtree_values(par)
            for c in range(n):
                assert g[c] == hackendot._value_sorted(_subtree(par, c)._par)
            if n <= 6:
                assert g == [grundy_brute(_subtree(par, c)) for c in range(n)]


@given(forests(max_nodes=9), forests(max_nodes=6))
def test_forest_value_is_nim_sum_of_trees(f, g):
    total = 0
    for t in (f + g).trees():
        total ^= t.grundy()
    assert (f + g).grundy() == f.grundy() ^ g.grundy() == total
    assert grundy_brute(f + g) == grundy_brute(f) ^ grundy_brute(g)


@given(forests(max_nodes=30))
def test_rounds_add_up_to_the_value(f):
    rounds = f.rounds()
    assert sum(r.power for r in rounds) == f.grundy()
    for r, nxt in zip(rounds, rounds[1:], strict=False):
        assert r.contraction == nxt.forest
        assert set(nxt.origin) <= set(r.origin)
    for r in rounds:
        assert r.bit == sum(r.coloring[i] == "white" for i in r.forest.roots) % 2
        assert len(r.contraction) <= len(r.forest) // 2  # each round halves the forest
    if rounds:
        assert not rounds[-1].contraction


@given(forests(max_nodes=30))
def test_coloring_rule(f):
    colour = f.coloring()
    for i in range(len(f)):
        kids = f.children(i)
        assert colour[i] == ("black" if any(colour[c] == "white" for c in kids) else "white")
    for leaf in f.leaves:
        assert colour[leaf] == "white"


@given(forests(max_nodes=30))
def test_contraction_structure(f):
    colour = f.coloring()
    L, blacks = f.contract_with_map()
    assert blacks == [i for i in range(len(f)) if colour[i] == "black"]
    for j, b in enumerate(blacks):
        p = f.parent(b)
        if p is not None and colour[p] == "white":
            p = f.parent(p)
        expected = None if p is None else blacks.index(p)
        assert L.parent(j) == expected
    assert f.contract() == L


@given(forests(max_nodes=8))
def test_coin_sliding_picture(f):
    # white = P-position of "slide a coin one edge towards the leaves"
    outcome = {}
    for v in reversed(_parents_first(f)):
        outcome[v] = "N" if any(outcome[c] == "P" for c in f.children(v)) else "P"
    assert [("white" if outcome[v] == "P" else "black") for v in range(len(f))] == f.coloring()


def _parents_first(f):
    depth = f.depths()
    return sorted(range(len(f)), key=depth.__getitem__)


@given(forests(max_nodes=10).filter(lambda f: len(f.roots) == 1))
def test_strategy_stealing_first_player_wins_on_a_tree(f):
    assert grundy_brute(f) > 0
    assert f.winning_moves()


# ---------------------------------------------------------------------------
# worked examples
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [*range(0, 21), 31, 32, 33, 100, 127, 128, 199, 200])
def test_path_of_n_nodes_is_star_n(n):
    assert Hackendot.path(n).grundy() == n


@pytest.mark.parametrize("n", range(0, 13))
def test_path_brute_force(n):
    assert grundy_brute(Hackendot.path(n)) == n


def test_path_contracts_to_half_path():
    for n in range(1, 60):
        assert Hackendot.path(n).contract() == Hackendot.path(n // 2)
        assert Hackendot.path(n).coloring()[0] == ("white" if n % 2 else "black")


def test_figure1_tree_is_star_seven():
    t = Hackendot.figure1()
    assert len(t.roots) == 1
    assert t.grundy() == grundy_brute(t) == 7
    rounds = t.rounds()
    assert [r.bit for r in rounds] == [1, 1, 1]
    assert [len(r.forest) for r in rounds] == [11, 4, 1]
    assert [len(r.forest.roots) for r in rounds] == [1, 1, 1]
    assert all(r.coloring[r.forest.roots[0]] == "white" for r in rounds)
    assert rounds[1].origin == (1, 4, 5, 8)
    assert rounds[2].origin == (4,)


@pytest.mark.parametrize(
    "forest, value",
    [
        (Hackendot([]), 0),
        (Hackendot([None]), 1),
        (Hackendot.star(1), 2),
        (Hackendot.star(2), 2),
        (Hackendot.star(7), 2),
        (Hackendot.spider(2, 2), 1),
        (Hackendot.spider(1, 2), 4),
        (Hackendot.path(3) + Hackendot.path(5), 6),
        (Hackendot.path(4) + Hackendot.path(4), 0),
        (Hackendot([None, None, None]), 1),
    ],
)
def test_known_values(forest, value):
    assert forest.grundy() == value == grundy_brute(forest)


def test_winning_moves_examples():
    assert Hackendot.path(5).winning_moves() == [4]
    assert (Hackendot.path(3) + Hackendot.path(5)).winning_moves() == [4]
    assert (Hackendot.path(4) + Hackendot.path(4)).winning_moves() == []
    f = Hackendot.figure1() + Hackendot.path(3) + Hackendot.star(3)
    assert f.winning_moves() == winning_moves_brute(f) == [7]


# ---------------------------------------------------------------------------
# positions, moves and value semantics
# ---------------------------------------------------------------------------


def test_delete_and_map():
    f = Hackendot([None, 0, 1, 1, 0])
    g, kept = f.delete_with_map(1)
    assert g == Hackendot([None, None, None]) and kept == [2, 3, 4]
    assert f.delete(4) == Hackendot([None, 0, 0])
    assert f.delete(0) == f.move(0) == Hackendot([None, 0, 0, None])
    assert f.options() == [f.delete(i) for i in range(5)]
    assert f.path_to_root(2) == [2, 1, 0]


def test_unsorted_order_is_kept():
    f = Hackendot([1, None, 0])
    assert f.parents == [1, None, 0] and f.roots == (1,)
    assert f.grundy() == 3
    assert f.delete(2) == Hackendot([])
    assert f.coloring() == ["black", "white", "white"]
    assert f.isomorphic(Hackendot.path(3)) and f != Hackendot.path(3)


def test_value_semantics_and_repr_round_trip():
    f = Hackendot([None, 0, 0, 2, None])
    assert eval(repr(f)) == f
    assert hash(f) == hash(Hackendot(f.parents))
    assert {f, Hackendot(list(f.parents))} == {f}
    assert str(f) == "Hackendot forest: 2 trees, 5 nodes"
    assert pickle.loads(pickle.dumps(f)) == f
    with pytest.raises(AttributeError, match="immutable"):
        f.x = 1
    p = f.parents
    p[0] = 3
    assert f.parents[0] is None  # .parents is a copy


def test_builders():
    assert Hackendot.from_nested([[], [[]]]) == Hackendot([None, 0, 0, 2])
    assert Hackendot.from_nested([], [[]]) == Hackendot([None, None, 1])
    assert Hackendot.from_nested(*Hackendot.figure1().to_nested()) == Hackendot.figure1()
    assert Hackendot.spider(3) == Hackendot.path(4)
    assert Hackendot.random(50, seed=3, trees=4).roots == (0, 1, 2, 3)
    with pytest.raises(TypeError, match="list of its children"):
        Hackendot.from_nested([[], 3])
    with pytest.raises(ValueError, match="between 1 and 5 trees"):
        Hackendot.random(5, trees=0)


def test_networkx_round_trip():
    nx = pytest.importorskip("networkx")
    g = nx.Graph([(0, 1), (1, 2), (1, 3), (10, 11)])
    f, names = Hackendot.from_networkx(g, roots=[1, 10], with_map=True)
    assert f == Hackendot([None, None, 0, 0, 0, 1]) and names == [1, 10, 0, 2, 3, 11]
    d = Hackendot.figure1().to_networkx()
    assert Hackendot.from_networkx(d).isomorphic(Hackendot.figure1())
    with pytest.raises(ValueError, match="cycle"):
        Hackendot.from_networkx(nx.cycle_graph(4), roots=0)
    with pytest.raises(ValueError, match="cannot be reached"):
        Hackendot.from_networkx(g, roots=1)
    with pytest.raises(ValueError, match="needs roots"):
        Hackendot.from_networkx(g)


# ---------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "parents, error, match",
    [
        ([None, 1], ValueError, "node 1 is its own parent; use None"),
        ([None, 2, 1], ValueError, r"cycle \(node 1's parent is 2, node 2's parent is 1\)"),
        ([1, 0], ValueError, "cycle"),
        ([None, 5], ValueError, "node 1 has parent 5, but the nodes are numbered 0 to 1"),
        ([None, -1], ValueError, "node 1 has parent -1"),
        ([None, 0.5], TypeError, "the parent of node 1 must be a node index"),
        ([None, True], TypeError, "the parent of node 1"),
        ([None, "0"], TypeError, "the parent of node 1"),
        ("abc", TypeError, "parent list"),
        (5, TypeError, "parent list"),
    ],
)
def test_bad_parent_lists(parents, error, match):
    with pytest.raises(error, match=match):
        Hackendot(parents)


def test_bad_nodes():
    f = Hackendot.path(3)
    with pytest.raises(ValueError, match="there is no node 3: this forest has 3 nodes"):
        f.delete(3)
    with pytest.raises(TypeError, match="integer"):
        f.delete("0")
    with pytest.raises(ValueError, match="empty"):
        Hackendot([]).delete(0)
    with pytest.raises(ValueError, match="brute force on 30 nodes"):
        grundy_brute(Hackendot.path(30))


# ---------------------------------------------------------------------------
# files
# ---------------------------------------------------------------------------


def test_json_round_trip(tmp_path):
    f = Hackendot([2, None, 1, None])
    assert Hackendot.from_json(f.to_json()) == f
    assert Hackendot.from_dict(f.to_dict()) == f
    path = tmp_path / "forest.json"
    f.save(path)
    assert Hackendot.load(path) == f
    doc = json.loads(path.read_text())
    assert doc["format"] == "cgteach.hackendot"
    assert doc["position"] == {"parents": [2, None, 1, None]}


def _file(position):
    return json.dumps({"format": "cgteach.hackendot", "version": 1, "position": position})


@pytest.mark.parametrize(
    "text, match",
    [
        ("{not json", "not a valid JSON file"),
        ('{"format": "cgteach.hackenbush", "version": 1, "position": {}}',
         "not a cgteach.hackendot"),
        (_file({"parents": [None, 1]}), "bad Hackendot position file: node 1 is its own parent"),
        (_file({"parents": [None, 0, 3]}), "bad Hackendot position file: node 2 has parent 3"),
        (_file({"parents": [None, 1.0]}), "bad Hackendot position file: the parent of node 1"),
        (_file({"parents": [1, 0]}), "bad Hackendot position file: the parent list has a cycle"),
        (_file({"parents": "0 1"}), "'parents' must be a JSON list"),
        (_file({"parent": [None]}), "exactly one key, 'parents'"),
        (_file({"parents": [None], "extra": 1}), "exactly one key"),
        (_file([None, 0]), "'position' entry is missing or is not a JSON object"),
    ],
)
def test_corrupt_files(text, match, tmp_path):
    with pytest.raises(ValueError, match=match):
        Hackendot.from_json(text)
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=match):
        Hackendot.load(path)


def test_missing_file(tmp_path):
    with pytest.raises(ValueError, match="cannot read position file"):
        Hackendot.load(tmp_path / "nowhere.json")


def test_file_that_is_not_text(tmp_path):
    path = tmp_path / "picture.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ValueError, match="not UTF-8 text"):
        Hackendot.load(path)
    with pytest.raises(TypeError, match="must be text"):
        Hackendot.from_json(None)


def test_brute_force_limit_must_be_a_count():
    with pytest.raises(TypeError, match="max_nodes must be a non-negative integer"):
        grundy_brute(Hackendot.path(3), max_nodes="24")
    assert grundy_brute(Hackendot.path(3), max_nodes=None) == 3


# ---------------------------------------------------------------------------
# large inputs: no recursion anywhere
# ---------------------------------------------------------------------------


def test_large_path_and_tree():
    n = 100_000
    path = Hackendot.path(n)
    assert path.grundy() == n
    assert len(path.rounds()) == n.bit_length()
    assert path.depth(n - 1) == n - 1 and path.depths()[-1] == n - 1
    assert path.delete(n // 2) == Hackendot.path(n - n // 2 - 1)
    assert len(path.delete(n - 1)) == 0
    upside_down = Hackendot(list(range(1, n)) + [None])  # node i sits on node i + 1
    assert upside_down.grundy() == n and upside_down.isomorphic(path)
    t = Hackendot.random(n, seed=1)
    reordered = Hackendot([None if p is None else n - 1 - p for p in reversed(t.parents)])
    assert reordered.grundy() == t.grundy()
    assert t.isomorphic(reordered)
    assert len(path.to_nested()) == 1
    assert Hackendot.from_networkx(Hackendot.path(10_000).to_networkx()) == Hackendot.path(10_000)


def test_winning_moves_on_large_forests_is_fast():
    import time

    n = 100_000
    start = time.process_time()
    assert Hackendot.path(n).winning_moves() == [n - 1]
    t = Hackendot.random(n, seed=5)
    moves = t.winning_moves()
    assert time.process_time() - start < 5  # linear: about 0.3 s
    assert moves and all(t.delete(v).grundy() == 0 for v in moves[:3])
    small = Hackendot.random(1_500, seed=6, trees=3)
    assert small.winning_moves() == small._winning_moves_quadratic()


# ---------------------------------------------------------------------------
# pictures
# ---------------------------------------------------------------------------


def test_pictures_draw_and_close(tmp_path):
    import matplotlib.pyplot as plt

    from cgteach.draw.hackendot import draw_forest, draw_rounds, layout

    t = Hackendot.figure1()
    before = plt.get_fignums()
    png = t._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert plt.get_fignums() == before  # _repr_png_ leaves no pyplot figure behind
    pos = layout(t)
    assert pos[0] == (pos[1][0], 0) and all(pos[i][1] == t.depth(i) for i in range(len(t)))
    ax = draw_forest(t + Hackendot.path(2), coloring=True, highlight=7, labels=True)
    assert ax.get_xlim()[1] > max(x for x, _ in layout(t).values())
    ax2 = draw_rounds(t)
    texts = [x.get_text() for x in ax2.texts]
    assert "value = 1 + 2 + 4 = *7" in texts
    assert texts.count("1 white root") == 3
    plt.close("all")
    assert Hackendot([])._repr_png_() is None
    with pytest.raises(ValueError, match="one label per node"):
        draw_forest(t, labels=["a"])


def test_round_record():
    r = Hackendot.path(3).rounds()[0]
    assert isinstance(r, Round)
    assert (r.k, r.bit, r.power, r.white_roots) == (0, 1, 1, (0,))
    assert r.coloring == ("white", "black", "white")


def test_from_nested_is_linear_on_long_paths_and_still_names_the_place():
    nested = []
    for _ in range(49_999):
        nested = [nested]
    assert Hackendot.from_nested(nested) == Hackendot.path(50_000)
    with pytest.raises(TypeError, match=r"tree 1, child 0, child 1 must be a list"):
        Hackendot.from_nested([], [[[], 7]])
