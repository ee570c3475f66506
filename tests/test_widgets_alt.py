"""Text alternatives of the pictures the exported lessons show without a kernel.

Every widget's still picture (the ``image/png`` it leaves in a saved notebook) and a
Hackenbush position shown as a cell's value carry ``metadata["image/png"]["alt"]``:
words built from the object's own state, saying what the picture shows.  The exports
put them on the ``<img>``.  A figure without any words of its own (no title, no
text) is described by its axes and images.
"""

from __future__ import annotations

import base64

import nbformat
import pytest

from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.bluered import stalk
from cgteach.hackenbush.examples import house
from cgteach.hackendot import Hackendot
from cgteach.rulesets.clobber import Clobber
from cgteach.rulesets.domineering import Domineering
from cgteach.widgets import (
    ClobberEditor,
    ClobberGame,
    DomineeringEditor,
    DomineeringGame,
    HackenbushEditor,
    HackenbushGame,
    HackendotEditor,
    HackendotGame,
    NimExplorer,
    NimGame,
)
from cgteach.widgets._base import still_alt

PNG = b"\x89PNG\r\n\x1a\n"


def stored(obj):
    """The (data, metadata) a notebook stores for ``obj`` (its mime bundle, as IPython
    formats it)."""
    # IPython's own formatter, without starting a shell (a global shell left behind
    # would change how later tests run code)
    from IPython.core.formatters import DisplayFormatter

    return DisplayFormatter().format(obj)


def alt_of(obj) -> str:
    data, meta = stored(obj)
    picture = data["image/png"]
    if isinstance(picture, str):
        picture = base64.b64decode(picture)
    assert picture.startswith(PNG)
    return meta["image/png"]["alt"]


# -- each widget's still picture ---------------------------------------------------------

CASES = [
    (lambda: NimGame([3, 5, 7], seed=1),
     "Nim game against the computer (normal play): 3 piles of 3, 5 and 7 stones."),
    (lambda: NimGame([3, 5, 7], misere=True, seed=1),
     "Nim game against the computer (misère play): 3 piles of 3, 5 and 7 stones."),
    (lambda: NimExplorer((10, 12, 5)),
     "Binary table of the piles 10, 12 and 5, with their nim sum 3: change pile 1 to 9."),
    (lambda: NimExplorer((4, 4)),
     "Binary table of the piles 4 and 4, with their nim sum 0."),
    (lambda: HackenbushEditor(Hackenbush([(0, 1, "blue"), (1, 2, "red")])),
     "Hackenbush editor: 2 edges (1 blue, 1 red) on 3 nodes, 1 of them on the ground, "
     "value 1/2."),
    (lambda: HackenbushEditor(house()),
     "Hackenbush editor: 16 green edges (2 loops) on 13 nodes, 2 of them on the ground, "
     "value *2."),
    (lambda: HackenbushEditor(),
     "Hackenbush editor: no edges, only the ground (1 node), value 0."),
    (lambda: HackenbushGame(house(), seed=1),
     "Hackenbush game against the computer (anyone may cut any edge): 16 green edges "
     "(2 loops) on 13 nodes, 2 of them on the ground."),
    (lambda: HackenbushGame(stalk(["blue", "red"]) + stalk(["red"]), student="blue", seed=1),
     "Hackenbush game against the computer (you play blue, the computer plays red): "
     "3 edges (1 blue, 2 red) on 5 nodes, 2 of them on the ground."),
    (lambda: HackendotEditor(Hackendot.figure1()),
     "Hackendot editor: one tree of 11 nodes, value *7."),
    (lambda: HackendotGame(Hackendot([None, 0, None]), seed=1),
     "Hackendot game against the computer: a forest of 2 trees with 3 nodes."),
    (lambda: DomineeringEditor(Domineering(["...", "..#"])),
     "Domineering editor: a 2 by 3 board with 5 free cells, value ±1, temperature 1."),
    (lambda: DomineeringGame(Domineering.rectangle(3, 3), seed=1),
     "Domineering game against the computer (you place vertical dominoes): a 3 by 3 board "
     "with 9 free cells."),
    (lambda: DomineeringGame(Domineering.rectangle(2, 4), student="right", seed=1),
     "Domineering game against the computer (you place horizontal dominoes): a 2 by 4 "
     "board with 8 free cells."),
    (lambda: ClobberEditor(Clobber(["xxo.", "...o"])),
     "Clobber editor: a 2 by 4 board with 2 blue stones (x) and 2 red stones (o), value ↑, "
     "atomic weight 1."),
    (lambda: ClobberGame(Clobber.rectangle(2, 3), student="right", seed=1),
     "Clobber game against the computer (you play Right, the red o stones): a 2 by 3 board "
     "with 3 blue stones (x) and 3 red stones (o)."),
]


@pytest.mark.parametrize("make, expected", CASES, ids=[c[1][:30] for c in CASES])
def test_every_widget_still_carries_what_it_shows(make, expected):
    widget = make()
    assert alt_of(widget) == expected
    # the live view is still there, and the short line for a notebook not run yet
    data, _ = stored(widget)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/plain"].startswith(type(widget).__name__ + " — ")


def test_the_still_alt_follows_the_widget_as_it_changes():
    game = NimGame([3, 5, 7], seed=1)
    game.take(0, 3)       # empties pile 1; the computer answers on another pile
    heaps = list(game.heaps)
    assert heaps[0] == 0 and sum(heaps) < 12
    shown = ", ".join(map(str, heaps[:-1])) + f" and {heaps[-1]}"
    assert alt_of(game) == (f"Nim game against the computer (normal play): 3 piles of "
                            f"{shown} stones.")
    editor = HackenbushEditor(Hackenbush([(0, 1, "blue")]))
    assert alt_of(editor).endswith("1 blue edge on 2 nodes, 1 of them on the ground, value 1.")
    editor.add_edge(1, 1, "red")       # a red loop on top: {0 | 1} = 1/2
    assert alt_of(editor) == ("Hackenbush editor: 2 edges (1 blue, 1 red; 1 loop) on 2 nodes, "
                              "1 of them on the ground, value 1/2.")
    dots = HackendotEditor(Hackendot([None]))
    dots.add_child(0)
    assert alt_of(dots) == "Hackendot editor: one tree of 2 nodes, value *2."


def test_a_widget_without_a_still_stores_no_alt_and_a_failing_alt_keeps_the_picture(
        monkeypatch):
    editor = HackenbushEditor(Hackenbush([(0, 1)]))
    monkeypatch.setattr(type(editor), "_still_png", lambda self: None)
    data, meta = stored(editor)
    assert "image/png" not in data and "image/png" not in (meta or {})
    monkeypatch.undo()

    def broken(self):
        raise RuntimeError("no words today")

    monkeypatch.setattr(type(editor), "_still_alt", broken)
    data, meta = stored(editor)
    assert base64.b64decode(data["image/png"]).startswith(PNG)
    assert "image/png" not in (meta or {})


def test_still_alt_of_an_unknown_object_is_empty():
    assert still_alt(object()) == ""


# -- the Hackenbush position shown as a cell's value (lesson 05's h.cut(0)) ----------------

def test_a_hackenbush_position_shows_its_picture_with_a_true_alt():
    h = Hackenbush([(0, 1), (1, 2), (1, 3), (3, 3), (0, 4), (4, 5), (5, 0)])
    cut = h.cut(0)
    assert cut.edges == ((0, 4, "green"), (4, 5, "green"), (5, 0, "green"))
    data, meta = stored(cut)
    assert data["image/png"].startswith(PNG)
    assert data["text/plain"] == "Hackenbush([(0, 4), (4, 5), (5, 0)], ground=(0,))"
    assert meta == {"image/png": {
        "alt": "Hackenbush position: 3 green edges on 3 nodes, 1 of them on the ground."}}
    assert alt_of(h) == ("Hackenbush position: 7 green edges (1 loop) on 6 nodes, "
                         "1 of them on the ground.")
    # _repr_png_ itself still returns the PNG bytes
    assert cut._repr_png_().startswith(PNG)


def test_the_hackenbush_alt_counts_colours_and_says_when_the_picture_is_a_summary():
    from cgteach.draw.hackenbush import MAX_DRAWN_EDGES
    from cgteach.hackenbush.examples import stalk as green_stalk

    mixed = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 2, "green"), (0, 3, "blue")],
                       ground=(0, 9))
    assert mixed._alt_text() == ("Hackenbush position: 4 edges (1 green, 2 blue, 1 red; "
                                 "1 loop) on 5 nodes, 2 of them on the ground.")
    big = green_stalk(MAX_DRAWN_EDGES + 1)
    assert big._alt_text() == (f"Hackenbush position: {MAX_DRAWN_EDGES + 1} green edges on "
                               f"{MAX_DRAWN_EDGES + 2} nodes, 1 of them on the ground; too "
                               f"many to draw (over {MAX_DRAWN_EDGES}), so drawn as a bar of "
                               "its edge colours with their counts.")


def test_the_hackenbush_bundle_respects_include_and_exclude():
    h = Hackenbush([(0, 1)])
    assert h._repr_mimebundle_(include={"text/plain"}) is None
    assert h._repr_mimebundle_(exclude={"image/png"}) is None
    data, meta = h._repr_mimebundle_(include={"image/png"})
    assert data["image/png"].startswith(PNG) and meta["image/png"]["alt"]


# -- figures with no words of their own (lesson 04's Wythoff table) ------------------------

def draw_rules_cold(a, b):
    """Wythoff's cold positions by the golden ratio: (floor(k*phi), floor(k*phi**2)), both ways."""
    import math

    phi = (1 + math.sqrt(5)) / 2
    lo, hi = min(a, b), max(a, b)
    k = hi - lo
    return lo == math.floor(k * phi)


def test_a_figure_without_words_is_described_by_its_axes_and_image():
    import io

    import matplotlib
    import matplotlib.pyplot as plt

    from cgteach.draw import rulesets as draw_rules
    from cgteach.exercises.solutions import figure_alt

    matplotlib.use("Agg")
    fig, ax = plt.subplots()   # a colour map with only its axes named
    ax.imshow([[(a ^ b) for a in range(24)] for b in range(24)], origin="lower")
    ax.set_xticks(range(0, 24, 4), [str(i) for i in range(0, 24, 4)])
    ax.set_yticks(range(0, 24, 4), [str(i) for i in range(0, 24, 4)])
    ax.set_xlabel("pile a")
    ax.set_ylabel("pile b")
    fig.savefig(io.BytesIO(), format="png")   # as the inline backend does first
    assert figure_alt(fig) == ("Figure: a colour map of 24 by 24 values; across: "
                               "pile a, 0 to 20; up: pile b, 0 to 20.")  # the ticks' range
    plt.close(fig)
    # the lessons' own drawings describe themselves (lesson 04's Wythoff table, 03's maze)
    ax = draw_rules.draw_wythoff(24)
    ax.figure.savefig(io.BytesIO(), format="png")
    cold = sum(1 for a in range(24) for b in range(24) if draw_rules_cold(a, b))
    assert figure_alt(ax.figure) == (
        "Figure: Wythoff's Grundy values for piles a and b from 0 to 23, darker for larger "
        f"values (largest 36), the {cold} cold positions (value 0) in blue.")
    plt.close(ax.figure)
    rows = ["..#..", ".#...", "...#.", "#....", "..#.."]
    ax = draw_rules.draw_maze(rows, marker=(4, 4))
    assert "; the Grundy number on every floor square; the figure on row 5" in figure_alt(ax.figure)
    plt.close(ax.figure)
    ax = draw_rules.draw_maze(rows, marker=(4, 4), show_values=False)
    assert figure_alt(ax.figure) == (
        "Figure: a maze of 5 rows by 5 columns, 5 of its squares walls (black); the figure "
        "on row 5 from the top, column 5 from the left.")
    plt.close(ax.figure)
    # a drawing may describe itself with Axes.set_label: read as its first title
    fig, ax = plt.subplots()
    ax.set_label("a maze of 5 by 5 squares")
    ax.set_title("maze 1")
    assert figure_alt(fig) == "Figure: a maze of 5 by 5 squares; maze 1."
    plt.close(fig)
    fig, ax = plt.subplots()          # nothing to say: no alt (the exports fall back)
    ax.set_axis_off()
    assert figure_alt(fig) == ""
    plt.close(fig)


# -- the exports use the stored alt -----------------------------------------------------------

def test_the_export_puts_the_stored_alt_on_the_widget_still():
    from cgteach.present._prepare import prepare_notebook, shape_for

    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("NimGame([3, 5, 7], seed=1)")
    data, meta = stored(NimGame([3, 5, 7], seed=1))
    cell.outputs = [nbformat.v4.new_output("execute_result", execution_count=1, data=data,
                                           metadata=meta)]
    old = nbformat.v4.new_code_cell("NimGame(seed=2)")       # stored before alt existed
    old.outputs = [nbformat.v4.new_output("execute_result", execution_count=2,
                                          data={k: v for k, v in data.items()})]
    nb.cells = [cell, old]
    html = prepare_notebook(nb).cells[0].outputs[0].data["text/html"]
    assert ('alt="Still picture of the widget: Nim game against the computer (normal play): '
            '3 piles of 3, 5 and 7 stones."') in html
    for kind in ("site", "slides", "student"):
        shaped = shape_for(nb, kind)
        assert 'alt="Still picture of the widget: Nim game' in (
            shaped.cells[0].outputs[0].data["text/html"]), kind
        assert 'alt="Still picture of NimGame(seed=2)"' in (
            shaped.cells[1].outputs[0].data["text/html"]), kind
