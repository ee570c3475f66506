"""Green Hackenbush: the linear value, winning cuts and the reduction story."""

import random
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import nim_sum
from cgteach.hackenbush import Hackenbush, green
from cgteach.hackenbush.examples import (
    forest,
    house,
    random_position,
    square,
    stalk,
    stalks,
    tree,
    triangle,
)
from cgteach.hackenbush.green import (
    RULES,
    Step,
    fuse_nodes,
    grundy,
    grundy_brute,
    loops_to_leaves,
    merge_ground,
    reduction_steps,
    stalk_heaps,
    story,
    winning_moves,
    winning_moves_brute,
)


@st.composite
def positions(draw, max_edges=9):
    """Random green multigraphs joined to the ground: loops, parallel edges, 1–3 ground nodes."""
    grounds = draw(st.integers(1, 3))
    joined = list(range(grounds))
    edges = []
    for _ in range(draw(st.integers(0, max_edges))):
        u = draw(st.sampled_from(joined))
        kind = draw(st.sampled_from(["new", "new", "old", "loop"]))
        if kind == "new":
            v = len(joined)
            joined.append(v)
        elif kind == "old":
            v = draw(st.sampled_from(joined))
        else:
            v = u
        edges.append((u, v) if draw(st.booleans()) else (v, u))
    return Hackenbush(edges, ground=tuple(range(grounds)))


# -- the value -------------------------------------------------------------------


@pytest.mark.parametrize(
    "position, value",
    [
        (Hackenbush(), 0),
        (stalk(1), 1),
        (stalk(6), 6),
        (stalks(3, 5, 6), 3 ^ 5 ^ 6),
        (stalks(1, 2, 3), 0),
        (stalks(13, 19, 10), 20),  # the essay's nim-sum example
        (tree(), 3),
        (forest(), 7),
        (triangle(), 1),
        (square(), 0),
        (Hackenbush([(0, 0)]), 1),  # a loop is a leaf (Thm 5.2)
        (Hackenbush([(0, 1), (1, 1)]), 2),
        (Hackenbush([(0, 1), (1, 1), (1, 1)]), 1),
        (Hackenbush([(0, 1), (0, 1)]), 0),  # an even circuit of two parallel edges
        (Hackenbush([(0, 1), (0, 1), (0, 1)]), 1),
        (Hackenbush([(0, 1)], ground=(0, 1)), 1),  # ground fusion: a loop on the ground
        (house(), 2),
    ],
)
def test_worked_examples(position, value):
    assert grundy(position) == value
    assert position.grundy() == value
    if len(position) <= 18:
        assert grundy_brute(position) == value


def test_odd_circuit_is_an_edge_and_even_circuit_is_nothing():
    for n in range(2, 9):
        circuit = Hackenbush([(k, (k + 1) % n) for k in range(n)])
        assert grundy(circuit) == n % 2 == grundy_brute(circuit)
        with_stalk = Hackenbush(list(circuit.edges) + [(1, "t1"), ("t1", "t2")])
        assert grundy(with_stalk) == grundy_brute(with_stalk)


@given(positions())
def test_linear_value_agrees_with_brute_force(position):
    assert grundy(position) == grundy_brute(position)


@given(positions())
def test_value_has_the_parity_of_the_edge_count(position):
    assert grundy(position) % 2 == len(position) % 2


def test_many_random_multigraphs_from_the_generator():
    rng = random.Random(2022)
    for _ in range(150):
        position = random_position(rng.randint(0, 11), rng, grounds=rng.randint(1, 3))
        assert grundy(position) == grundy_brute(position)


def test_value_does_not_depend_on_node_names_or_edge_order():
    rng = random.Random(7)
    for _ in range(40):
        position = random_position(10, rng)
        edges = list(position.edges)
        rng.shuffle(edges)
        renamed = Hackenbush([(f"n{u}", f"n{v}") for u, v, _ in edges],
                             ground=[f"n{g}" for g in position.ground])
        assert grundy(renamed) == grundy(position)


@pytest.mark.parametrize(
    "big, value",
    [
        (Hackenbush([(k, k + 1) for k in range(100_000)]), 100_000),
        (Hackenbush([(k, (k + 1) % 100_001) for k in range(100_001)]), 1),
        (Hackenbush([(k // 2, k + 1) for k in range(100_000)]), None),
        (Hackenbush([(k, k + 1) for k in range(50_000)] + [(k, k) for k in range(50_000)]), None),
    ],
    ids=["path", "odd-cycle", "binary-tree", "path-of-loops"],
)
def test_huge_positions_do_not_hit_the_recursion_limit(big, value):
    assert len(big) > sys.getrecursionlimit()
    got = grundy(big)
    assert got % 2 == len(big) % 2
    if value is not None:
        assert got == value


def test_a_long_chain_of_triangles():
    # Triangles joined corner to corner: no bridges at all, so the whole chain
    # fuses into the ground and its 90 000 edges become loops worth 0.
    edges = []
    for k in range(30_000):
        a, b, c = 2 * k, 2 * k + 1, 2 * k + 2
        edges += [(a, b), (b, c), (c, a)]
    assert grundy(Hackenbush(edges)) == 0
    edges.append((60_000, "top"))
    assert grundy(Hackenbush(edges)) == 1


# -- winning moves -----------------------------------------------------------------


@given(positions())
def test_winning_moves_agree_with_brute_force(position):
    moves = winning_moves(position)
    assert moves == winning_moves_brute(position)
    assert all(grundy(position.cut(i)) == 0 for i in moves)
    assert (moves == []) == (grundy(position) == 0)


@pytest.mark.parametrize(
    "position, moves",
    [
        (stalks(3, 1), [1]),  # 3 ⊕ 1: cut the 3-stalk down to 1 (keep one edge)
        (stalks(1, 1), []),
        (triangle(), [1]),  # cut the top edge: two stalks of 1 are left
        (Hackenbush([(0, 1), (1, 1)]), [0]),
    ],
)
def test_winning_moves_examples(position, moves):
    assert winning_moves(position) == moves == winning_moves_brute(position)


def test_the_house_winning_cuts():
    h = house()
    moves = h.winning_moves()
    assert moves == winning_moves_brute(h)
    assert moves and all(grundy_brute(h.cut(i)) == 0 for i in moves)


def test_winning_moves_on_a_long_path_is_fast_and_right():
    big = Hackenbush([(k, k + 1) for k in range(50_000)] + [(0, "x")])
    assert winning_moves(big) == [1]  # leave a stalk of 1 beside the stalk of 1


@st.composite
def circuits_with_things_hanging(draw, max_length=8, extra=True):
    """A circuit (maybe on a stalk) carrying loops, stalks, small circuits and trees."""
    length = draw(st.integers(1, max_length))
    if length == 1:
        edges = [(0, 0)] if draw(st.booleans()) else [(0, 1), (1, 0)]
        length = 2 if len(edges) == 2 else 1
    else:
        edges = [(k, (k + 1) % length) for k in range(length)]
    fresh = 100
    for k in range(length):
        for _ in range(draw(st.integers(0, 2 if extra else 1))):
            kind = draw(st.sampled_from(["loop", "stalk", "stalk", "circuit", "fork"]))
            if kind == "loop":
                edges.append((k, k))
                continue
            top = k
            for _ in range(draw(st.integers(1, 3))):
                edges.append((top, fresh))
                top, fresh = fresh, fresh + 1
            if kind == "circuit":
                edges.append((top, k))
            elif kind == "fork":
                edges += [(top, fresh), (top, fresh + 1)]
                fresh += 2
    order = draw(st.permutations(range(len(edges))))
    edges = [edges[i] for i in order]
    if draw(st.booleans()):
        return Hackenbush(edges + [("g", 0)], ground=("g",))
    return Hackenbush(edges, ground=(0,))


@given(circuits_with_things_hanging(max_length=6, extra=False))
def test_winning_cuts_in_a_circuit_agree_with_brute_force(position):
    if len(position) <= 12:
        assert winning_moves(position) == winning_moves_brute(position)


@given(circuits_with_things_hanging(max_length=30))
def test_winning_cuts_in_a_circuit_agree_with_the_general_twin(position):
    # the twin re-values the whole block after every cut (quadratic)
    moves = winning_moves(position)
    assert moves == green._winning_moves(position, general=True)
    assert all(grundy(position.cut(i)) == 0 for i in moves)


@given(positions(max_edges=30))
def test_winning_moves_agree_with_the_general_twin(position):
    assert winning_moves(position) == green._winning_moves(position, general=True)


@given(st.lists(st.one_of(st.integers(0, 3), st.integers(0, 2**20)), max_size=40))
def test_path_values_agree_with_the_path_by_path_twin(weights):
    assert green._path_values(weights) == green._path_values_slow(weights)


def test_path_values_of_bare_paths_and_of_leaf_paths():
    assert green._path_values([0] * 9) == list(range(10))  # stalks of 0 … 9
    # a caterpillar: each node also carries a leaf (worth 1)
    assert green._path_values([1] * 6) == green._path_values_slow([1] * 6)


@st.composite
def cacti(draw, max_blocks=6):
    """Circuits, parallel edges and theta graphs glued at nodes, with things hanging."""
    edges = []
    nodes = [0]
    fresh = 1
    for _ in range(draw(st.integers(1, max_blocks))):
        at = draw(st.sampled_from(nodes))
        kind = draw(st.sampled_from(["circuit", "circuit", "theta", "edge", "loop"]))
        if kind == "loop":
            edges.append((at, at))
            continue
        if kind == "edge":
            edges.append((at, fresh))
            nodes.append(fresh)
            fresh += 1
            continue
        length = draw(st.integers(2, 6))
        ring = [at] + list(range(fresh, fresh + length - 1))
        fresh += length - 1
        nodes += ring[1:]
        edges += [(ring[k], ring[(k + 1) % length]) for k in range(length)]
        if kind == "theta":  # a chord makes a block that is not a simple circuit
            edges.append((ring[0], ring[length // 2]))
    order = draw(st.permutations(range(len(edges))))
    return Hackenbush([edges[i] for i in order])


@given(cacti())
def test_winning_cuts_in_glued_blocks_agree_with_the_twin_and_brute_force(position):
    moves = winning_moves(position)
    assert moves == green._winning_moves(position, general=True)
    if len(position) <= 11:
        assert moves == winning_moves_brute(position)


def test_winning_cuts_in_a_long_chain_of_triangles_are_fast():
    import time

    def chain(k):
        edges = []
        for j in range(k):
            a, b, c = 2 * j, 2 * j + 1, 2 * j + 2
            edges += [(a, b), (b, c), (c, a)]
            if j % 3 == 0:
                edges.append((b, ("leaf", j)))
        edges.append((2 * k, "top"))
        if len(edges) % 2 == 0:  # an odd count: the value is odd, inner cuts may win
            edges.append((0, 0))
        return Hackenbush(edges)

    start = time.process_time()
    moves = winning_moves(chain(10_000))
    assert time.process_time() - start < 10  # about 0.5 s; it was quadratic
    assert moves
    small = chain(101)
    assert winning_moves(small) == green._winning_moves(small, general=True)


def _hairy_circuit(length, seed):
    rng = random.Random(seed)
    edges = [(k, (k + 1) % length) for k in range(length)]
    fresh = length
    for k in range(length):
        for _ in range(rng.randrange(3)):
            top = k
            for _ in range(rng.randrange(1, 4)):
                edges.append((top, fresh))
                top, fresh = fresh, fresh + 1
    return Hackenbush(edges + [("g", 0)], ground=("g",))


def test_winning_cuts_in_a_long_circuit_are_fast():
    import time

    start = time.process_time()
    ring = [(k, (k + 1) % 20_001) for k in range(20_001)]
    # an odd circuit on the ground is worth 1: cut it into two equal halves
    assert winning_moves(Hackenbush(ring)) == [10_000]
    # on a stalk it is a stalk of 2 (1 + 1); only the stalk's edge wins
    assert winning_moves(Hackenbush(ring + [("g", 0)], ground=("g",))) == [20_001]
    hairy = _hairy_circuit(20_000, seed=1)
    moves = winning_moves(hairy)
    assert time.process_time() - start < 10  # about 0.3 s; it was quadratic
    assert all(grundy(hairy.cut(i)) == 0 for i in moves[:5])
    medium = _hairy_circuit(300, seed=2)
    assert winning_moves(medium) == green._winning_moves(medium, general=True)


def test_a_position_plus_itself_is_a_second_player_win():
    for seed in range(20):
        p = random_position(6, seed)
        assert grundy(p + p) == 0 and winning_moves(p + p) == []


# -- the reduction story -------------------------------------------------------------


def _check_steps(position):
    steps = reduction_steps(position)
    assert steps and steps[-1].rule == "stalks"
    value = grundy(position)
    assert nim_sum(stalk_heaps(steps[-1].position)) == value
    for step in steps:
        assert step.rule in RULES
        assert isinstance(step.description, str) and step.description.endswith(".")
        assert len(step.origin) == len(step.position)
        assert grundy(step.position) == value  # no reduction changes the value
        covered = {o for edge in step.origin for o in edge}
        assert covered <= set(range(len(position)))
    # The story follows the contract's order.
    order = [RULES.index(s.rule) for s in steps]
    first = {}
    for k, rule in enumerate(s.rule for s in steps):
        first.setdefault(rule, k)
    assert order[-1] == RULES.index("stalks")
    if "ground fusion" in first:
        assert first["ground fusion"] == 0
    return steps


@given(positions())
def test_reduction_ends_in_stalks_worth_the_brute_force_value(position):
    steps = _check_steps(position)
    assert nim_sum(stalk_heaps(steps[-1].position)) == grundy_brute(position)


def test_reduction_on_many_random_positions():
    rng = random.Random(5)
    for _ in range(100):
        _check_steps(random_position(rng.randint(0, 25), rng, grounds=rng.randint(1, 3)))


def test_the_house_story():
    steps = _check_steps(house())
    assert [s.rule for s in steps] == [
        "ground fusion", "loops", "fusion", "fusion", "loops", "colon", "colon", "stalks"]
    assert "odd circuit m–n–o" in steps[2].description
    assert stalk_heaps(steps[-1].position) == [1, 1, 1, 1, 1, 3]
    # The stalk of 3 is the string (edge 5) under a stalk of 2 standing for the
    # balloons (edges 6 to 15); the five stalks of 1 are the house's edges.
    origins = steps[-1].origin
    assert sorted(origins) == [(0,), (1,), (2,), (3,), (4,), (5,)] + [tuple(range(6, 16))] * 2
    text = story(house())
    assert text.splitlines()[0].startswith("1. [ground fusion] Merge the ground nodes g and h")
    assert text.splitlines()[-1].endswith("= *2.")


def test_origins_trace_loops_and_fusion_back():
    position = Hackenbush([(0, 1), (1, 1), (1, 2), (2, 0)])
    steps = reduction_steps(position)
    loops = steps[0]
    assert loops.rule == "loops" and loops.origin == ((0,), (1,), (2,), (3,))
    assert all(u != v for u, v, _ in loops.position.edges)


def test_steps_of_stalks_and_of_nothing():
    steps = reduction_steps(stalks(2, 3))
    assert [s.rule for s in steps] == ["stalks"]
    assert "2 ⊕ 3 = *1" in steps[0].description
    empty = reduction_steps(Hackenbush())
    assert [s.rule for s in empty] == ["stalks"] and "value is 0" in empty[0].description
    one = reduction_steps(stalk(4))
    assert "a Nim heap of 4" in one[0].description


def test_steps_are_immutable_and_print_nicely():
    step = reduction_steps(triangle())[0]
    assert isinstance(step, Step)
    with pytest.raises(AttributeError):
        step.rule = "colon"
    assert str(step).startswith("[fusion] Fuse the odd circuit 0–1–2")
    assert "Step(rule='fusion'" in repr(step)


def test_reduction_does_not_change_its_input():
    h = house()
    reduction_steps(h)
    assert h == house()


def test_string_node_names_get_fresh_string_names():
    h = Hackenbush([("g", "a"), ("a", "a"), ("n1", "n1"), ("g", "n1")], ground="g")
    steps = reduction_steps(h)
    names = {x for s in steps for x in s.position.nodes}
    assert "n2" in names and nim_sum(stalk_heaps(steps[-1].position)) == grundy(h)


# -- single reductions -------------------------------------------------------------


@given(positions())
def test_single_reductions_keep_the_value(position):
    value = grundy_brute(position)
    assert grundy_brute(merge_ground(position)) == value
    assert grundy_brute(loops_to_leaves(position)) == value


def test_fusing_nodes_of_a_circuit_keeps_the_value_but_not_in_general():
    ring = Hackenbush([(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (2, 5)])
    for pair in [(1, 2), (1, 3), (0, 4), (2, 4)]:
        assert grundy_brute(fuse_nodes(ring, pair)) == grundy_brute(ring)
    # The top of a stalk is not on a circuit with the ground: fusing changes the value.
    assert grundy(stalk(2)) == 2 and grundy(fuse_nodes(stalk(2), [0, 2])) == 0


def test_fuse_nodes_checks_its_input():
    with pytest.raises(ValueError, match="no node 9"):
        fuse_nodes(stalk(2), [1, 9])
    with pytest.raises(TypeError, match="list of node names"):
        fuse_nodes(stalk(2), 1)
    assert fuse_nodes(stalk(2), []) == stalk(2)
    assert fuse_nodes(stalk(2), [2, 0]).ground == (0,)


@pytest.mark.parametrize(
    "position, message",
    [
        (Hackenbush([(0, 1), (1, 1)]), "loop"),
        (Hackenbush([(0, 1), (1, 2), (1, 3)]), "branches at node 1"),
        (Hackenbush([(0, 1), (1, 2), (2, 0)]), "not a position of stalks"),
        (Hackenbush([(0, 1)], ground=(0, 1)), "joins two ground nodes"),
    ],
)
def test_stalk_heaps_refuses_anything_else(position, message):
    with pytest.raises(ValueError, match=message):
        stalk_heaps(position)


# -- bad input -----------------------------------------------------------------------


@pytest.mark.parametrize("function", [grundy, grundy_brute, winning_moves,
                                      winning_moves_brute, reduction_steps])
def test_blue_red_edges_are_refused(function):
    with pytest.raises(ValueError, match=r"edge 1 is red; .* needs an all-green position"):
        function(Hackenbush([(0, 1), (1, 2, "red")]))
    with pytest.raises(TypeError, match="needs a Hackenbush position"):
        function([(0, 1)])


def test_brute_force_refuses_big_drawings():
    with pytest.raises(ValueError, match="at most 18 edges"):
        grundy_brute(stalk(19))
    with pytest.raises(ValueError, match="at most 18 edges"):
        winning_moves_brute(stalk(19))


def test_random_position_checks_and_options():
    assert random_position(5, 1) == random_position(5, random.Random(1))
    plain = random_position(30, 3, loops=False, multi=False, grounds=1)
    assert all(u != v for u, v, _ in plain.edges)
    pairs = [frozenset((u, v)) for u, v, _ in plain.edges]
    assert len(pairs) == len(set(pairs))
    with pytest.raises(ValueError, match="grounds must be at least 1"):
        random_position(3, 1, grounds=0)
    with pytest.raises(ValueError, match="n_edges"):
        random_position(-1, 1)


# -- pictures --------------------------------------------------------------------------


def test_drawing_positions_and_steps():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from cgteach.draw.hackenbush import draw_position, draw_steps, layout

    h = house()
    ax = draw_position(h, highlight=h.winning_moves()[0], labels=True, node_labels=True,
                       title="house")
    assert ax.get_title() == "house"
    coords = layout(h)
    assert set(coords) == set(h.nodes)
    assert coords["g"][1] == 0 and coords["c"][1] == 2.0
    with pytest.raises(ValueError, match="no edge 99"):
        draw_position(h, highlight=99)
    with pytest.raises(TypeError, match="needs a Hackenbush position"):
        draw_position([(0, 1)])
    steps = h.reduction_steps()
    axes = draw_steps(steps, start=h, labels=True)
    assert len(axes) == len(steps) + 1
    assert axes[1].get_title() == "1. ground fusion"
    with pytest.raises(ValueError, match="at least one step"):
        draw_steps([])
    blue_red = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (0, 0, "red")], ground=(0, 5))
    draw_position(blue_red)
    plt.close("all")
