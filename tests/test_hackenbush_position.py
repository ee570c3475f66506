"""The Hackenbush position: construction, checks, cuts, algebra and files."""

import json

import pytest

from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.examples import house, stalk, stalks

# -- construction -------------------------------------------------------------


def test_pairs_are_green_and_triples_keep_their_colour():
    h = Hackenbush([(0, 1), (1, 2, "Blue"), (2, 3, "red")])
    assert h.edges == ((0, 1, "green"), (1, 2, "blue"), (2, 3, "red"))
    assert h.colours == {"green", "blue", "red"}
    assert not h.is_green() and not h.is_blue_red()


def test_loops_parallel_edges_and_several_ground_nodes_are_allowed():
    h = Hackenbush([(0, 0), (0, 1), (0, 1), (1, 5), (5, 5)], ground=(0, 5))
    assert len(h) == 5
    assert h.ground == (0, 5)
    assert h.nodes == [0, 5, 1]


def test_a_single_ground_node_may_be_given_alone():
    assert Hackenbush([("g", "a")], ground="g").ground == ("g",)
    assert Hackenbush([(7, 8)], ground=7).ground == (7,)


def test_repeated_ground_nodes_are_kept_once():
    assert Hackenbush([(0, 1)], ground=(0, 0, 2)).ground == (0, 2)


def test_the_empty_position():
    h = Hackenbush()
    assert len(h) == 0 and not h
    assert h.is_green() and h.is_blue_red()
    assert h.options() == []


@pytest.mark.parametrize(
    "edges, ground, error, message",
    [
        ([(0, 1), (2, 3)], (0,), ValueError, r"edge 1 \(2, 3\) is not joined to the ground"),
        ([(1, 2)], (0,), ValueError, "not joined to the ground"),
        ([(0, 1, "purple")], (0,), ValueError, "colour must be one of"),
        ([(0, 1, 2, 3)], (0,), ValueError, "got 4 items"),
        ([(0,)], (0,), ValueError, "pair"),
        ([5], (0,), TypeError, "edge 0 must be a pair"),
        (["ab"], (0,), TypeError, "edge 0 must be a pair"),
        ([(0, [1])], (0,), TypeError, "hashable"),
        ([(0, (1, [2]))], (0,), TypeError, "edge 0: node names must be hashable"),
        ([(0, 1)], [(0, [1])], TypeError, "ground: node names must be hashable"),
        ([(0, 1)], (), ValueError, "at least one ground node"),
        ("01", (0,), TypeError, "edges must be a list"),
        (7, (0,), TypeError, "edges must be a list"),
        ([(0, 1, None)], (0,), ValueError, "colour"),
        # True == 1 in Python: a node named True would silently be node 1
        ([(0, 1), (1, True)], (0,), TypeError, "edge 1: node names must be numbers or strings"),
        ([(0, 1)], True, TypeError, "ground: node names must be numbers or strings"),
    ],
)
def test_bad_positions_are_refused_with_a_clear_message(edges, ground, error, message):
    with pytest.raises(error, match=message):
        Hackenbush(edges, ground=ground)


def test_positions_are_immutable_values():
    h = stalk(2)
    with pytest.raises(AttributeError, match="immutable"):
        h.edges = ()
    assert h == stalk(2) and hash(h) == hash(stalk(2))
    assert h != stalk(3)
    assert len({h, stalk(2), stalk(3)}) == 2
    assert h != "not a position"


@pytest.mark.parametrize("position", [stalk(3), stalks(1, 2), house(),
                                      Hackenbush([(0, 1, "blue"), (1, 1, "red")]),
                                      Hackenbush([("x", "y")], ground=("x", "z"))])
def test_repr_round_trips(position):
    assert eval(repr(position)) == position


def test_str_counts_the_edges_by_colour():
    assert str(Hackenbush([(0, 1), (1, 2, "blue")])) == (
        "Hackenbush position with 1 green, 1 blue edges")
    assert str(Hackenbush()) == "Hackenbush position with no edges"


# -- cuts and options -----------------------------------------------------------


def test_cutting_drops_whatever_is_no_longer_grounded():
    h = Hackenbush([(0, 1), (1, 2), (2, 3), (0, 4)])
    assert h.cut(1) == Hackenbush([(0, 1), (0, 4)])
    assert h.cut(0) == Hackenbush([(0, 4)])
    assert h.cut(3) == stalk(3)
    assert h == Hackenbush([(0, 1), (1, 2), (2, 3), (0, 4)])  # unchanged


def test_cutting_a_circuit_edge_drops_nothing_else():
    square = Hackenbush([(0, 1), (1, 2), (2, 3), (3, 0), (2, 5)])
    assert len(square.cut(1)) == 4
    assert square.cut(1).edges == ((0, 1, "green"), (2, 3, "green"), (3, 0, "green"),
                                   (2, 5, "green"))


def test_a_second_ground_node_holds_things_up():
    h = Hackenbush([(0, 1), (1, 2), (2, 9)], ground=(0, 9))
    assert len(h.cut(0)) == 2
    assert len(Hackenbush(h.edges, ground=(0,)).cut(0)) == 0


def test_cut_with_map_gives_old_indices():
    h = Hackenbush([(0, 1), (1, 2), (0, 3), (3, 3)])
    after, old = h.cut_with_map(1)
    assert old == [0, 2, 3]
    assert [h.edges[j] for j in old] == list(after.edges)


@pytest.mark.parametrize("bad, error", [(-1, ValueError), (4, ValueError), (1.0, TypeError),
                                        (True, TypeError), ("0", TypeError)])
def test_cutting_a_missing_edge_is_refused(bad, error):
    with pytest.raises(error, match="edge"):
        stalk(4).cut(bad)


def test_any_integral_edge_index_may_be_cut():
    np = pytest.importorskip("numpy")
    assert stalk(4).cut(np.int64(1)) == stalk(1)
    assert stalk(4).cut_with_map(np.int64(3)) == (stalk(3), [0, 1, 2])


def test_options_by_player():
    h = Hackenbush([(0, 1, "blue"), (0, 2, "red"), (0, 3)])
    assert len(h.options()) == 3
    assert len(h.options("blue")) == 2 and len(h.options("Left")) == 2
    assert h.options("red") == [h.cut(1), h.cut(2)]
    with pytest.raises(ValueError, match="player"):
        h.options("green")


# -- algebra ----------------------------------------------------------------------


def test_relabelled_numbers_nodes_ground_first():
    h = Hackenbush([("a", "b"), ("b", "c")], ground=("a",))
    assert h.relabelled() == Hackenbush([(0, 1), (1, 2)])
    assert h.relabelled(10).ground == (10,)


def test_sum_puts_positions_side_by_side():
    total = stalk(2) + Hackenbush([("g", "x"), ("x", "x"), ("x", "x")], ground="g")
    assert total == Hackenbush([(0, 1), (1, 2), (3, 4), (4, 4), (4, 4)], ground=(0, 3))
    assert total.grundy() == 2 ^ 1
    assert (stalk(1).__add__(5)) is NotImplemented


def test_negative_swaps_blue_and_red():
    h = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 3)])
    assert (-h).edges == ((0, 1, "red"), (1, 2, "blue"), (2, 3, "green"))
    swapped = -h
    assert -swapped == h


# -- files --------------------------------------------------------------------------


@pytest.mark.parametrize("position", [house(), stalks(3, 1), Hackenbush(),
                                      Hackenbush([(0, 1, "blue"), (1, 1, "red")], ground=(0, 4))])
def test_json_round_trip(position, tmp_path):
    assert Hackenbush.from_json(position.to_json()) == position
    path = tmp_path / "position.json"
    position.save(path)
    assert Hackenbush.load(path) == position
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "cgteach.hackenbush" and doc["version"] == 1


def test_saving_odd_node_names_asks_for_relabelling():
    h = Hackenbush([((0, 0), (0, 1))], ground=[(0, 0)])
    with pytest.raises(ValueError, match="relabelled"):
        h.to_json()
    assert Hackenbush.from_json(h.relabelled().to_json()) == h.relabelled()


def _doc(body):
    return json.dumps({"format": "cgteach.hackenbush", "version": 1, "position": body})


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not a valid JSON file"),
        ("[1, 2]", "not a cgteach position file"),
        ('{"format": "cgteach.hackendot", "version": 1, "position": {}}', "hackendot"),
        ('{"format": "cgteach.hackenbush", "version": 99, "position": {}}', "version 99"),
        ('{"format": "cgteach.hackenbush", "version": 1}', "'position' entry"),
        (_doc({"edges": []}), "exactly the keys"),
        (_doc({"ground": 0, "edges": []}), "JSON lists"),
        (_doc({"ground": [0], "edges": [[0, 2.5]]}), "integers or strings"),
        (_doc({"ground": [0], "edges": [[0, True]]}), "integers or strings"),
        (_doc({"ground": [0], "edges": [[1, 2]]}), "not joined to the ground"),
        (_doc({"ground": [0], "edges": [[0, 1, "purple"]]}), "colour"),
        (_doc({"ground": [], "edges": []}), "at least one ground node"),
        (_doc({"ground": [0], "edges": [[0]]}), "pair"),
        (_doc({"ground": [0], "edges": [None]}), r"edge 0 in the file must be a list"),
        (_doc({"ground": [0], "edges": [[0, 1], {"u": 0}]}), "edge 1 in the file must be a list"),
    ],
)
def test_corrupt_files_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        Hackenbush.from_json(text)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="cannot read position file"):
        Hackenbush.load(tmp_path / "nowhere.json")


# -- pictures -------------------------------------------------------------------------


def test_a_position_shows_itself_as_a_png_without_leaking_figures():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    data = house()._repr_png_()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert plt.get_fignums() == before
    assert Hackenbush()._repr_png_()[:4] == b"\x89PNG"
