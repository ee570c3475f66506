"""Drawing functions refuse bad arguments clearly and picture huge positions in time."""

import time
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import hackenbush as dh  # noqa: E402
from cgteach.draw import hackendot as dd  # noqa: E402
from cgteach.draw import impartial as di  # noqa: E402
from cgteach.draw import nim as dn  # noqa: E402
from cgteach.draw import numbers as dnum  # noqa: E402
from cgteach.draw import rulesets as dr  # noqa: E402
from cgteach.hackenbush.examples import house, stalk  # noqa: E402
from cgteach.hackendot import Hackendot  # noqa: E402
from cgteach.rulesets import grundys_game, maze  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


CALLS = {
    "draw_heaps": lambda ax: dn.draw_heaps([1, 2], ax=ax),
    "draw_binary_table": lambda ax: dn.draw_binary_table([1, 2], ax=ax),
    "draw_subpiles": lambda ax: dn.draw_subpiles([1, 2], ax=ax),
    "draw_state_graph": lambda ax: di.draw_state_graph(4, grundys_game.options, ax=ax),
    "draw_maze": lambda ax: dr.draw_maze(maze.MAZE_1, ax=ax),
    "draw_value_strip": lambda ax: dr.draw_value_strip([0, 1, 2], ax=ax),
    "draw_win_lose": lambda ax: dr.draw_win_lose((1, 2), 5, ax=ax),
    "draw_wythoff": lambda ax: dr.draw_wythoff(5, ax=ax),
    "draw_chomp": lambda ax: dr.draw_chomp((2, 1), ax=ax),
    "draw_chop": lambda ax: dr.draw_chop((2, 2), ax=ax),
    "draw_staircase": lambda ax: dr.draw_staircase((1, 2), ax=ax),
    "draw_position": lambda ax: dh.draw_position(stalk(2), ax=ax),
    "draw_summary": lambda ax: dh.draw_summary(stalk(2), ax=ax),
    "draw_birthday_tree": lambda ax: dnum.draw_birthday_tree(2, ax=ax),
    "draw_number_line": lambda ax: dnum.draw_number_line([0], [1], Fraction(1, 2), ax=ax),
    "draw_forest": lambda ax: dd.draw_forest(Hackendot.path(2), ax=ax),
    "draw_rounds": lambda ax: dd.draw_rounds(Hackendot.path(2), ax=ax),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("bad", [5, "axes", [1, 2], True])
def test_a_bad_ax_is_a_clear_type_error(name, bad):
    with pytest.raises(TypeError, match="matplotlib Axes"):
        CALLS[name](bad)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_real_ax_is_used(name):
    fig, ax = plt.subplots()
    assert CALLS[name](ax) is ax


def test_draw_steps_checks_its_axes():
    h = house()
    steps = h.reduction_steps()
    with pytest.raises(TypeError, match="list of matplotlib Axes"):
        dh.draw_steps(steps, axes=5)
    with pytest.raises(TypeError, match=r"axes\[0\] must be a matplotlib Axes"):
        dh.draw_steps(steps, axes=[5] * (len(steps) + 1))


@pytest.mark.parametrize("marker, error, words", [
    ((0, 9), ValueError, "outside the maze"),
    ((-1, 0), ValueError, "outside the maze"),
    ((0, 0, 0), TypeError, "pair"),
    (5, TypeError, "pair"),
    (("a", 1), TypeError, "whole numbers"),
    ((True, 1), TypeError, "whole numbers"),
    ((1.5, 1), TypeError, "whole numbers"),
])
def test_draw_maze_refuses_a_bad_marker(marker, error, words):
    with pytest.raises(error, match=words):
        dr.draw_maze(maze.MAZE_1, marker=marker)


def test_draw_maze_refuses_a_marker_on_a_wall():
    rows = maze.parse(maze.MAZE_1)
    wall = next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")
    with pytest.raises(ValueError, match="wall"):
        dr.draw_maze(maze.MAZE_1, marker=wall)


@pytest.mark.parametrize("per_row", [0, -3, 2.5, True, "10"])
def test_draw_value_strip_refuses_a_bad_row_length(per_row):
    with pytest.raises(ValueError, match="per_row"):
        dr.draw_value_strip([0, 1, 2], per_row=per_row)


def test_a_huge_position_draws_a_summary_in_well_under_a_second():
    dh.png(stalk(3))    # matplotlib imported and warm
    big = stalk(100_000)
    start = time.process_time()
    data = big._repr_png_()
    assert time.process_time() - start < 1.0
    assert data.startswith(b"\x89PNG")
    ax = dh.draw_position(big)
    text = " ".join(t.get_text() for t in ax.texts)
    assert "100,000 edges" in text and "limit" in text


def test_the_summary_limit_is_stated():
    just = stalk(dh.MAX_DRAWN_EDGES)
    ax = dh.draw_position(just)
    drawn = sum(len(c.get_segments()) for c in ax.collections
                if type(c).__name__ == "LineCollection" and c.get_zorder() == 3)
    assert drawn == dh.MAX_DRAWN_EDGES      # drawn edge by edge
    over = dh.draw_position(stalk(dh.MAX_DRAWN_EDGES + 1))
    assert any(f"{dh.MAX_DRAWN_EDGES:,} edges" in t.get_text() for t in over.texts)
