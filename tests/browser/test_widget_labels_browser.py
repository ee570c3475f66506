"""Edge labels on the live Hackenbush boards sit by their own edges.

In lecture mode the 05 house game wrote "2" beside the stem (edge 5) and "15" right
of the triangle: 5 of 16 labels were nearer another edge than their own.  Each
label's centre, on every board the lessons show live with numbers on, must be nearer
its own edge (the drawn path, sampled along its length) than any other edge.
"""

from __future__ import annotations

import pytest

CELLS = [
    "from fractions import Fraction as F\n"
    "from cgteach.hackenbush import examples as ex\n"
    "from cgteach.widgets import HackenbushEditor, HackenbushGame",
    # lesson 05: the house, editor and game
    "e = HackenbushEditor(ex.house(), lecture=True); e.labels = True; e",
    "HackenbushGame(ex.house(), computer='perfect', seed=2022, lecture=True)",
    # lesson 06: stalks of 3/4 and -1/2
    "from cgteach.hackenbush.bluered import stalk\n"
    "HackenbushGame(stalk(F(3, 4)) + stalk(F(-1, 2)), computer='perfect', "
    "student='blue', seed=2022, lecture=True)",
]

NEAREST = """(svg) => {
  const edges = [...svg.querySelectorAll('.cg-edge')].map(g => {
    const line = g.querySelector('.cg-edge-line');
    const n = 48, len = line.getTotalLength(), pts = [];
    for (let k = 0; k <= n; k++) {
      const p = line.getPointAtLength(len * k / n);
      pts.push([p.x, p.y]);
    }
    return {label: g.dataset.label, pts};
  });
  const dist = (pts, x, y) => Math.min(...pts.map(([a, b]) => Math.hypot(a - x, b - y)));
  const out = [];
  for (const t of svg.querySelectorAll('.cg-edge-label')) {
    const b = t.getBBox(), x = b.x + b.width / 2, y = b.y + b.height / 2;
    const ranked = edges.map(e => [dist(e.pts, x, y), e.label]).sort((p, q) => p[0] - q[0]);
    const own = ranked.find(r => r[1] === t.dataset.label);
    out.push({label: t.dataset.label, own: own ? own[0] : null, nearest: ranked[0][1],
              gap: own ? own[0] - ranked[0][0] : null,
              // how far the label's box stands off its own edge, in its own heights
              off: own ? (own[0] - Math.max(b.width, b.height) / 2) / b.height : null,
              px: own ? own[0] * (svg.getScreenCTM() ? svg.getScreenCTM().a : 1) : null});
  }
  return out;
}"""


@pytest.mark.parametrize("cell", [1, 2, 3])
def test_every_edge_label_is_nearest_its_own_edge(book, cell):
    board = book.cell(cell).locator("svg.cg-board")
    board.wait_for()
    book.page.wait_for_function(
        "el => el.querySelectorAll('.cg-edge-label').length > 0", arg=board.element_handle())
    labels = board.evaluate(NEAREST)
    assert len(labels) == board.locator(".cg-edge").count() >= 2
    wrong = [(d["label"], d["nearest"], round(d["gap"], 1)) for d in labels
             if d["own"] is None or d["gap"] > 0.5]
    assert not wrong, f"labels nearer another edge (label, nearest edge, px): {wrong}"


@pytest.mark.parametrize("cell", [1, 2, 3])
def test_every_edge_label_stands_by_its_own_edge(book, cell):
    """Not only nearer its own edge than any other, but by it: the label's box no more
    than one label height off its edge (the 05 house game's "15" stood 70-80 px off)."""
    board = book.cell(cell).locator("svg.cg-board")
    board.wait_for()
    book.page.wait_for_function(
        "el => el.querySelectorAll('.cg-edge-label').length > 0", arg=board.element_handle())
    labels = board.evaluate(NEAREST)
    far = [(d["label"], round(d["off"], 2), round(d["px"])) for d in labels
           if d["off"] is None or d["off"] > 1.0]
    assert not far, f"labels standing off their edge (label, label heights, px): {far}"
