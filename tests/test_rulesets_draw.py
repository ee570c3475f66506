"""Pictures of the rulesets: each returns its Axes and shows the right things."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import lecture_mode  # noqa: E402
from cgteach.draw.rulesets import (  # noqa: E402
    draw_chomp,
    draw_chop,
    draw_maze,
    draw_staircase,
    draw_value_strip,
    draw_win_lose,
    draw_wythoff,
)
from cgteach.rulesets import maze, octal  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _texts(ax):
    return [t.get_text() for t in ax.texts]


def test_draw_maze_values_and_marker():
    ax = draw_maze(maze.MAZE_1, marker=(4, 4), moves=True, title="maze")
    texts = _texts(ax)
    # 20 floor squares, each with its number (the figure's square written on the marker)
    assert len(texts) == 20 and texts.count("0") == 7
    assert ax.get_title() == "maze"


def test_draw_maze_without_values():
    ax = draw_maze(maze.MAZE_3, show_values=False)
    assert _texts(ax) == [] and len(ax.patches) == 25


def test_draw_maze_bad_rows():
    with pytest.raises(ValueError, match="holds '@'"):
        draw_maze(["..@"])


def test_draw_value_strip_with_period():
    g = octal.values("0.77", 96)
    ax = draw_value_strip(g, period=(71, 12))
    texts = _texts(ax)
    assert "dashed red lines: period 12, starting at pile 71" in texts
    assert texts[:2] == ["0", "0"] and "95" in texts
    with pytest.raises(ValueError, match="no values"):
        draw_value_strip([])


def test_draw_win_lose_sticks():
    ax = draw_win_lose(n=16)
    marks = [t for t in _texts(ax) if t in "LW"]
    assert "".join(marks) == "LWWWLWWWLWWWLWWW"


def test_draw_wythoff_frames_cold_positions():
    ax = draw_wythoff(10)
    zeros = [t for t in _texts(ax) if t == "0"]
    assert len(zeros) == 7  # (0,0), (1,2), (2,1), (3,5), (5,3), (4,7), (7,4)


def test_draw_chomp_and_chop():
    ax = draw_chomp((5, 4, 2), bite=(1, 2), show_value=True)
    assert len(ax.patches) == 11 and "value *" in ax.get_title()
    with pytest.raises(ValueError, match="cannot bite"):
        draw_chomp((2, 1), bite=(0, 0))
    ax = draw_chop((2, 4))
    assert ax.get_title().endswith("*2") and len(ax.patches) == 8


def test_lecture_mode_enlarges_figures():
    small = draw_maze(maze.MAZE_1).figure.get_size_inches()[0]
    with lecture_mode(True):
        big = draw_maze(maze.MAZE_1).figure.get_size_inches()[0]
    assert big > small


def test_draw_staircase_titles_the_nim_sum_of_the_odd_steps():
    ax = draw_staircase((4, 3, 2, 1))
    # odd steps hold 3 and 1 coins: the position is worth 3 xor 1 = 2
    assert "3 ⊕ 1 = 2" in ax.get_title()
    with pytest.raises(ValueError, match="at least one step"):
        draw_staircase(())


def test_chomp_and_chop_share_a_scale_inside_a_box():
    small = draw_chomp((1,), box=(3, 4))
    large = draw_chomp((4, 4, 4), box=(3, 4))
    assert small.get_xlim() == large.get_xlim() and small.get_ylim() == large.get_ylim()
    assert draw_chop((1, 2), box=(2, 4)).get_ylim() == draw_chop((2, 4), box=(2, 4)).get_ylim()
    with pytest.raises(ValueError):
        draw_chomp((4, 4, 4), box=(1, 1))
    with pytest.raises(TypeError, match="box must be a pair"):
        draw_chop((1, 2), box="big")
