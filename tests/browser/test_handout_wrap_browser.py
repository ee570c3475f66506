"""The handouts wrap long code lines instead of cutting them at the margin.

Chromium prints the handout's HTML on A4 (182 mm of text width, about 688 CSS px):
a code line longer than that must wrap, in both editions, so that every character of
it is printed inside the page; its continuation starts further in than the line
itself, beside a mark (it restarted at column 0, unmarked, and read as a new line).
A worked solution's code is printed in the code's font (monospace), as the lesson's
own code is (the lecturer's handout set it in the text's proportional font).
"""

from __future__ import annotations

import html
from pathlib import Path

import nbformat
import pytest

from .conftest import _missing, shared_browser

LONG = ("position = random_position(" + ", ".join(f"argument_{k}={k}" for k in range(24))
        + ", square, stalk)")
WIDTH = 688   # A4 less the handout's 14 mm margins, in CSS px
NIM = Path(__file__).parent.parent.parent / "notebooks" / "02-nim.ipynb"   # has a solution


@pytest.mark.parametrize("reader", ["student", "lecturer"])
def test_a_long_code_line_wraps_inside_the_page(reader):
    if _missing():
        pytest.skip(_missing())
    from cgteach.present._prepare import shape_for
    from cgteach.present.handouts import _exporter

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    solution = next(c for c in nbformat.read(NIM, as_version=4).cells
                    if "solution" in c.metadata.get("tags", []))
    nb.cells = [nbformat.v4.new_markdown_cell("# A lesson"),
                nbformat.v4.new_code_cell("def f(x):\n    " + LONG + "\n    return x"),
                solution]
    body, _ = _exporter().from_notebook_node(shape_for(nb, reader), resources={
        "metadata": {"name": "wrap"}, "cgteach_mathjax": "none.js",
        "cgteach_banner": html.escape(f"wrap · {reader}")})
    context = shared_browser().new_context(viewport={"width": WIDTH, "height": 900})
    try:
        page = context.new_page()
        page.route("**/*", lambda r: r.abort())    # offline: the page's own HTML only
        page.set_content(body, wait_until="domcontentloaded")
        page.emulate_media(media="print")
        found = page.evaluate("""() => {
          const pre = document.querySelector('.jp-InputArea-editor pre, .highlight pre');
          const range = document.createRange(); range.selectNodeContents(pre);
          const rects = [...range.getClientRects()].filter(r => r.width > 0);
          // the long line: where each of its printed lines starts, and its mark
          const long = [...pre.querySelectorAll('.cg-line')]
            .find(l => l.textContent.includes('argument_0'));
          if (!long) return {text: pre.textContent, alone: false};
          const lr = document.createRange(); lr.selectNodeContents(long);
          const starts = new Map();
          for (const r of lr.getClientRects()) {
            if (!r.width) continue;
            const top = Math.round(r.top);
            starts.set(top, Math.min(starts.has(top) ? starts.get(top) : Infinity, r.left));
          }
          const mark = getComputedStyle(long, '::before');
          const ch = (() => {
            const s = document.createElement('span'); s.textContent = 'x'.repeat(10);
            pre.appendChild(s); const w = s.getBoundingClientRect().width / 10;
            s.remove(); return w; })();
          // monospace: ten i's as wide as ten m's, in the lesson's code and in a solution's
          const widths = (el) => ['iiiiiiiiii', 'mmmmmmmmmm'].map(t => {
            const s = document.createElement('span'); s.textContent = t; el.appendChild(s);
            const w = s.getBoundingClientRect().width; s.remove();
            return Math.round(w * 10) / 10; });
          const sol = document.querySelector('pre.cg-solution-code');
          return {text: pre.textContent, right: Math.max(...rects.map(r => r.right)),
                  lines: new Set(rects.map(r => Math.round(r.top))).size, alone: true,
                  width: document.documentElement.clientWidth, ch,
                  starts: [...starts.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1]),
                  markWidth: parseFloat(mark.borderLeftWidth) || 0,
                  markHeight: parseFloat(mark.height) || 0,
                  code: widths(pre), solution: sol ? widths(sol) : null};
        }""")
    finally:
        context.close()
    assert " ".join(found["text"].split()) == " ".join(f"def f(x): {LONG} return x".split())
    assert found["alone"], "each line of code must be a block of its own (.cg-line)"
    assert found["lines"] >= 4, found            # the long line wrapped
    assert found["right"] <= found["width"] + 1, found
    # its continuation starts further in than the line itself (4 spaces in): at 8
    first, *rest = found["starts"]
    assert rest and all(x >= first + 3.5 * found["ch"] for x in rest), found
    # beside a mark as tall as the continuation
    assert found["markWidth"] >= 1 and found["markHeight"] >= 10, found
    assert found["code"][0] == found["code"][1], found
    if reader == "lecturer":
        assert found["solution"] and found["solution"][0] == found["solution"][1], found
    else:
        assert found["solution"] is None
