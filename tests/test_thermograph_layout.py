"""Thermograph pictures: the legend sits where no wall and no mast runs (issue 37).

A legend pinned to one corner had the mast of a game with its mean on that side
run through the words "Right wall".  Drawn for games whose mean lies left, in the
middle and right of the picture, in both looks, the legend's box meets no line.
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import lecture_mode  # noqa: E402
from cgteach.draw.thermographs import draw_thermograph  # noqa: E402
from cgteach.games import parse  # noqa: E402

GAMES = ["{3 | -1}", "{4 | {2 | -6}}", "{{4 | 2} | -6}", "{10 | 0}", "{0 | -10}", "{1/2 | 0}",
         "{2 | 1}", "{6 | {0 | -8}}"]


def _crossings(ax):
    """The lines of ``ax`` whose drawn path meets the legend's box."""
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    box = ax.get_legend().get_window_extent(renderer)
    hits = []
    for line in ax.get_lines():
        path = line.get_transform().transform_path(line.get_path())
        if len(path.vertices) and path.intersects_bbox(box, filled=False):
            hits.append(line.get_label())
    return hits


@pytest.mark.parametrize("lecture", [False, True])
@pytest.mark.parametrize("text", GAMES)
def test_no_wall_or_mast_runs_through_the_legend(text, lecture):
    with lecture_mode(lecture):
        ax = draw_thermograph(parse(text).thermograph())
        try:
            assert _crossings(ax) == [], text
        finally:
            plt.close(ax.figure)


@pytest.mark.parametrize("lecture", [False, True])
def test_side_by_side_panels_keep_their_legends_clear(lecture):
    """The lessons' pairs and rows of thermographs (narrow panels)."""
    from cgteach.draw._style import new_figure

    with lecture_mode(lecture):
        fig, axes = new_figure((10.0, 3.6), 1, 4)
        try:
            for ax, text in zip(axes, GAMES[:4], strict=True):
                draw_thermograph(parse(text).thermograph(), ax=ax)
            for ax, text in zip(axes, GAMES[:4], strict=True):
                assert _crossings(ax) == [], text
        finally:
            plt.close(fig)


def test_the_check_sees_a_line_through_the_legend():
    ax = draw_thermograph(parse("{3 | -1}").thermograph())
    try:
        ax.legend(loc="center")
        ax.plot(list(ax.get_xlim()), [sum(ax.get_ylim()) / 2] * 2, label="across")
        assert "across" in _crossings(ax)
    finally:
        plt.close(ax.figure)
