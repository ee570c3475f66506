"""Lecture mode: a row of panels the lesson lays out itself is no wider than 1050 px.

Lessons 06 and 09 make their own ``plt.subplots(1, n, figsize=(11 or more, ...))`` and
draw positions or thermographs into it; in lecture mode the drawing functions shrink
such a figure to the projector's 10.5 × 6.5 inches (1050 × 650 px at 100 dpi), as they
do their own figures (issue 37).  Outside lecture mode the lesson's size is kept.
"""

import io
import struct

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import lecture_mode  # noqa: E402
from cgteach.draw.hackenbush import draw_position  # noqa: E402
from cgteach.draw.thermographs import draw_thermograph  # noqa: E402
from cgteach.games import parse  # noqa: E402
from cgteach.hackenbush.examples import stalk  # noqa: E402


def _png_width(fig) -> int:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return struct.unpack(">I", buffer.getvalue()[16:20])[0]


def _thermographs(size):
    fig, axes = plt.subplots(1, 2, figsize=size)
    draw_thermograph(parse("{3 | -1}").thermograph(), ax=axes[0])
    draw_thermograph(parse("{4 | {2 | -6}}").thermograph(), ax=axes[1])
    return fig


def _positions(size):
    fig, axes = plt.subplots(1, 6, figsize=size)
    for k, ax in enumerate(axes, start=1):
        draw_position(stalk(k), ax=ax)
    return fig


@pytest.mark.parametrize("make, size", [(_thermographs, (11, 3.8)), (_thermographs, (12, 4)),
                                        (_positions, (13.2, 3.2))])
def test_a_lessons_own_row_of_panels_fits_1050_px_in_lecture_mode(make, size):
    with lecture_mode(True):
        fig = make(size)
        try:
            assert fig.get_figwidth() <= 10.5 + 1e-9
            assert _png_width(fig) <= 1050
        finally:
            plt.close(fig)


def test_outside_lecture_mode_the_lessons_size_is_kept():
    with lecture_mode(False):
        fig = _thermographs((11, 3.8))
        try:
            assert fig.get_figwidth() == pytest.approx(11)
        finally:
            plt.close(fig)
