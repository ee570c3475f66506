"""Every widget in lecture mode fits a 1280×720 projector, with labels at least 18 px.

``lecture_mode(True)`` is switched on in the first cell, before any widget is
made: every widget must start in lecture mode (issue 15).  The page is then
set to 1280×720 and each widget is measured where it stands in the notebook:
its box must fit the screen without scrolling and every piece of text in it
(HTML labels, buttons, SVG labels on the boards) must be at least 18 px high
on screen.  Screenshots go to ``/tmp/cg/widgets``.
"""

from __future__ import annotations

import pytest

CELLS = [
    "from cgteach.draw import lecture_mode\n"
    "from cgteach.hackenbush import examples\n"
    "from cgteach.hackendot import Hackendot\n"
    "from cgteach.widgets import *\n"
    "_ = lecture_mode(True)",
    "e = HackenbushEditor(examples.house()); e.show_steps = True; e.labels = True\ne",
    "HackenbushGame(examples.house(), seed=1)",
    "d = HackendotEditor(Hackendot.figure1()); d.show_coloring = True\nd",
    "HackendotGame(Hackendot.figure1(), seed=1)",
    "g = NimGame([3, 4, 5, 7, 8], seed=1); g.show_table = True\ng",
    "NimExplorer((3, 4, 5, 9))",
]

#: The smallest text allowed on a projector, in CSS pixels.
MIN_PX = 18

MEASURE = """(root) => {
  const box = root.getBoundingClientRect();
  const small = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    if (el.closest("title, style")) continue;
    if (el.closest(".cg-sr-only")) continue;  // read aloud, never shown
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    let px;
    if (el instanceof SVGElement) {
      // an SVG label: its font size in user units times the board's scale
      const svg = el.ownerSVGElement;
      const scale = svg.getScreenCTM() ? svg.getScreenCTM().a : 1;
      px = parseFloat(style.fontSize) * scale;
    } else {
      px = parseFloat(style.fontSize);
    }
    if (px < 18 - 0.5) small.push([node.textContent.trim().slice(0, 30), Math.round(px * 10) / 10]);
  }
  return { width: box.width, height: box.height, small };
}"""

WIDGETS = [
    (1, "[data-testid=hb-editor]", "HackenbushEditor (house, reductions, names)"),
    (2, "[data-testid=hb-game]", "HackenbushGame (house)"),
    (3, "[data-testid=hd-editor]", "HackendotEditor (Figure 1, coloring)"),
    (4, "[data-testid=hd-game]", "HackendotGame (Figure 1)"),
    (5, "[data-testid=nim-game]", "NimGame (five heaps, binary table)"),
    (6, ".cgteach-nim-explorer", "NimExplorer (four heaps)"),
]


@pytest.mark.parametrize("cell, selector, name", WIDGETS)
def test_widget_fits_the_projector_in_lecture_mode(book, artifacts, cell, selector, name):
    page = book.page
    book.projector()
    root = book.cell(cell).locator(selector)
    root.wait_for()
    root.scroll_into_view_if_needed()
    if "nim" not in selector:
        book.wait_until("([el]) => el.classList.contains('cg-lecture')", root)
    else:
        assert "lecture" in (root.get_attribute("class") or "")
    page.wait_for_timeout(300)
    m = root.evaluate(MEASURE)
    book.screenshot(root, f"lecture_{cell}.png")
    assert m["width"] <= 1280 and m["height"] <= 720, (name, m["width"], m["height"])
    assert not m["small"], (name, m["small"][:12])
