"""The batched drawings look exactly like the one-artist-a-piece drawings they replace.

``draw_edges`` (one ``LineCollection`` a run of edges of one colour) must give
the same pixels as ``draw_edge`` called edge by edge, and the value strip's
``PatchCollection`` the same pixels as one ``Rectangle`` a square; a hidden
axis must not work out ticks.
"""

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import _style  # noqa: E402
from cgteach.draw import hackenbush as dh  # noqa: E402
from cgteach.draw import rulesets as dr  # noqa: E402
from cgteach.hackenbush import Hackenbush  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _pixels(fig):
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    return plt.imread(io.BytesIO(buffer.getvalue()))


# Crossing and touching edges of every colour, in mixed order, with a loop and a bend.
MIXED = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 3, "green"), (1, 1, "red"),
                    (0, 4, "green"), (4, 0, "blue"), (2, 2, "green"), (1, 4, "red"),
                    (3, 4, "blue"), (2, 4, "green")])


@pytest.mark.parametrize("lecture", [False, True])
def test_draw_edges_gives_the_pixels_of_draw_edge_one_by_one(lecture, monkeypatch):
    def one_by_one(ax, edges, lw, zorder=3):
        return [line for xs, ys, colour in edges
                for line in _style.draw_edge(ax, xs, ys, colour, lw, zorder=zorder)]

    with _style.lecture_mode(lecture):
        batched = _pixels(dh.draw_position(MIXED, labels=True, highlight=[1, 4]).figure)
        monkeypatch.setattr(dh, "draw_edges", one_by_one)
        single = _pixels(dh.draw_position(MIXED, labels=True, highlight=[1, 4]).figure)
    assert batched.shape == single.shape
    assert np.array_equal(batched, single)


def test_draw_edges_draws_each_edge_once_in_runs_of_one_colour():
    fig, ax = plt.subplots()
    edges = [([0, 1], [0, 1], "blue"), ([1, 2], [1, 0], "blue"), ([0, 2], [1, 1], "green"),
             ([0, 2], [0, 0], "red")]
    collections = _style.draw_edges(ax, edges, 3.0)
    # blue run, green run, red run, then the green stripes just above every edge
    assert [len(c.get_segments()) for c in collections] == [2, 1, 1, 1]
    assert [c.get_zorder() for c in collections] == [3, 3, 3, 3.01]
    with pytest.raises(ValueError, match="colour must be one of"):
        _style.draw_edges(ax, [([0, 1], [0, 1], "purple")], 3.0)


@pytest.mark.parametrize("lecture", [False, True])
def test_value_strip_squares_give_the_pixels_of_one_rectangle_each(lecture, monkeypatch):
    values = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]

    def one_by_one(ax, squares, edge=None, lw=None, z=1):
        for xy, face in squares:
            dr._square(ax, *xy, face, edge=edge, lw=lw, z=z)

    with _style.lecture_mode(lecture):
        batched = _pixels(dr.draw_value_strip(values, period=(4, 12), title="t").figure)
        monkeypatch.setattr(dr, "_squares", one_by_one)
        single = _pixels(dr.draw_value_strip(values, period=(4, 12), title="t").figure)
    assert np.array_equal(batched, single)


def test_a_hackenbush_picture_works_out_no_ticks():
    axes = dh.draw_steps([], start=MIXED)
    ax = dh.draw_position(MIXED, title="mixed")
    for a in [*axes, ax]:
        assert not a.axison
        assert not a.xaxis.get_visible() and not a.yaxis.get_visible()
    ax.figure.canvas.draw()
    assert ax.xaxis.get_tightbbox(ax.figure.canvas.get_renderer()) is None
