"""Lecture mode: every picture fits a 1280×720 projector and is legible from the back row.

Each drawing function is called in lecture mode on the largest inputs the
lessons show; the figure is rendered as Jupyter's inline backend renders it
(100 dpi, tight bounding box) and measured: its pixel size must fit the
slide and its smallest text must be at least 18 pixels high.
"""

import io
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from cgteach.draw import STYLE, lecture_mode, subscribe, unsubscribe  # noqa: E402
from cgteach.draw import hackenbush as dh  # noqa: E402
from cgteach.draw import hackendot as dd  # noqa: E402
from cgteach.draw import impartial as di  # noqa: E402
from cgteach.draw import nim as dn  # noqa: E402
from cgteach.draw import numbers as dnum  # noqa: E402
from cgteach.draw import rulesets as dr  # noqa: E402

DPI = 100
SCREEN = (1280, 720)
MIN_PX = 18


@pytest.fixture(autouse=True)
def _clean():
    yield
    plt.close("all")
    lecture_mode(False)


def _house():
    from cgteach.hackenbush.examples import house

    return house()


def _steps_of_house():
    h = _house()
    return dh.draw_steps(h.reduction_steps(), start=h)


def _bluered_tree():
    from cgteach.hackenbush.position import Hackenbush

    return Hackenbush([(0, 1, "blue"), (1, 2, "red"), (1, 3, "blue"), (3, 4, "red")])


def _explanation():
    from cgteach.hackenbush.bluered import explain

    return dnum.draw_explanation(explain(_bluered_tree()))


def _kayles(code, n):
    from cgteach.rulesets import octal

    values = octal.values(code, n)
    return dr.draw_value_strip(values, period=octal.period(code), title=code)


def _hackendot_tree():
    from cgteach.hackendot import Hackendot

    return Hackendot.path(5)


def _state_graph():
    from cgteach.rulesets import grundys_game

    return di.draw_state_graph(7, grundys_game.options, show="both")


CASES = {
    "draw_heaps": lambda: dn.draw_heaps([10, 12, 5], highlight=(0, 6)),
    "draw_heaps tall": lambda: dn.draw_heaps([30, 4, 17, 22, 9, 13]),
    "draw_binary_table": lambda: dn.draw_binary_table([10, 12, 5, 19, 33]),
    "draw_subpiles": lambda: dn.draw_subpiles([10, 12, 5]),
    "draw_subpiles one": lambda: dn.draw_subpiles(45),
    "draw_state_graph": _state_graph,
    "draw_maze": lambda: dr.draw_maze(_maze(), marker=(4, 4), moves=True),
    "draw_value_strip Kayles": lambda: _kayles("0.77", 108),
    "draw_value_strip Dawson": lambda: _kayles("0.07", 170),
    "draw_win_lose": lambda: dr.draw_win_lose((1, 2, 3), 30),
    "draw_wythoff": lambda: dr.draw_wythoff(24),
    "draw_chomp": lambda: dr.draw_chomp((4, 4, 3, 1), bite=(1, 1)),
    "draw_chop": lambda: dr.draw_chop((3, 5)),
    "draw_staircase": lambda: dr.draw_staircase((4, 3, 2, 1, 5, 2)),
    "draw_position house": lambda: dh.draw_position(_house(), labels=True, node_labels=True,
                                                    title="the house"),
    "draw_position tall stalk": lambda: dh.draw_position(_stalk(40)),
    "draw_summary": lambda: dh.draw_summary(_stalk(10_000)),
    "draw_steps": _steps_of_house,
    "draw_birthday_tree": lambda: dnum.draw_birthday_tree(4, highlight=Fraction(3, 4)),
    "draw_number_line": lambda: dnum.draw_number_line([0, Fraction(1, 2)], [1], Fraction(3, 4)),
    "draw_explanation": _explanation,
    "draw_forest": lambda: dd.draw_forest(_hackendot_tree(), labels=True, coloring=True,
                                          title="a path"),
    "draw_rounds": lambda: dd.draw_rounds(_hackendot_tree()),
}


def _maze():
    from cgteach.rulesets import maze

    return maze.MAZE_1


def _stalk(n):
    from cgteach.hackenbush.examples import stalk

    return stalk(n)


def _figures(result):
    axes = result if isinstance(result, list) else [result]
    figures = []
    for ax in axes:
        if ax.figure not in figures:
            figures.append(ax.figure)
    return figures


def _measure(fig):
    """(width, height) in pixels as the inline backend shows it, and the smallest text in px."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight")
    buffer.seek(0)
    image = matplotlib.image.imread(buffer)
    sizes = [t.get_fontsize() for t in fig.findobj(Text)
             if t.get_visible() and t.get_text().strip()]
    return image.shape[1], image.shape[0], min(sizes, default=MIN_PX * 72 / DPI) * DPI / 72


@pytest.mark.parametrize("name", sorted(CASES))
def test_lecture_figures_fit_the_projector_and_are_legible(name):
    lecture_mode()
    for fig in _figures(CASES[name]()):
        width, height, smallest = _measure(fig)
        assert width <= SCREEN[0] and height <= 650 + 20, (name, width, height)
        assert smallest >= MIN_PX, (name, smallest)


def test_lecture_labels_are_dark():
    lecture_mode()
    ax = dh.draw_position(_house(), labels=True, node_labels=True)
    ax.figure.canvas.draw()
    from matplotlib.colors import to_rgb

    for text in ax.figure.findobj(Text):
        if text.get_text().strip():
            assert sum(to_rgb(text.get_color())) / 3 < 0.5 or text.get_color() == "#ffffff"


def test_dawson_strip_splits_into_rows_with_readable_heap_numbers():
    lecture_mode()
    ax = _kayles("0.07", 170)
    numbers = [t for t in ax.texts if t.get_text().isdigit() and t.get_va() == "bottom"]
    columns = {round(t.get_position()[0] - 0.5) for t in numbers}
    rows = {round(t.get_position()[1], 3) for t in numbers}
    # the period 34 is halved to 17 a row, so repeating values still line up
    assert len(columns) == 17 and len(rows) == 6
    assert [t.get_text() for t in ax.texts if "not shown" in t.get_text()] == [
        "piles 102 to 169 are not shown"]
    with lecture_mode(False):
        whole = _kayles("0.07", 170)
    assert "169" in [t.get_text() for t in whole.texts]


def test_normal_mode_keeps_its_sizes():
    small = dr.draw_maze(_maze()).figure.get_size_inches()
    with lecture_mode():
        big = dr.draw_maze(_maze()).figure.get_size_inches()
    assert big[0] > small[0] and STYLE["lecture"] is False


def test_lecture_mode_prints_nothing_and_still_works_as_a_context_manager():
    switch = lecture_mode()
    assert STYLE["lecture"] is True
    # IPython calls _ipython_display_ instead of showing a repr: it shows nothing.
    assert switch._ipython_display_() is None
    with lecture_mode(False) as inside:
        assert inside is None and STYLE["lecture"] is False
    assert STYLE["lecture"] is True
    with pytest.raises(TypeError, match="True or False"):
        lecture_mode("yes")


def test_lecture_mode_prints_nothing_in_a_kernel():
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    formatted = shell.display_formatter.format(lecture_mode())
    assert formatted == ({}, {})
    lecture_mode(False)


def test_subscribers_hear_every_change_and_are_held_weakly():
    import gc

    heard = []

    class Widget:
        def switch(self, on):
            heard.append(on)

    w = Widget()
    subscribe(w.switch)
    lecture_mode()
    lecture_mode()          # no change: not told again
    with lecture_mode(False):
        pass
    assert heard == [True, False, True]
    del w
    gc.collect()
    lecture_mode(False)
    assert heard == [True, False, True]     # the dead widget is not called


def test_a_failing_subscriber_warns_and_does_not_stop_the_switch():
    def broken(on):
        raise RuntimeError("boom")

    subscribe(broken)
    try:
        with pytest.warns(UserWarning, match="boom"):
            lecture_mode()
        assert STYLE["lecture"] is True
    finally:
        unsubscribe(broken)
    with pytest.raises(TypeError, match="callable"):
        subscribe(5)


def test_environment_variable_switches_lecture_mode_on():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", "from cgteach.draw import STYLE; print(STYLE['lecture'])"],
        env={"CGTEACH_LECTURE": "1", "PATH": "/usr/bin"}, capture_output=True, text=True,
        check=True)
    assert out.stdout.strip() == "True"
