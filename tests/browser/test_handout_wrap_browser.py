"""The handouts wrap long code lines instead of cutting them at the margin (issue 37).

Chromium prints the handout's HTML on A4 (182 mm of text width, about 688 CSS px):
a code line longer than that must wrap, in both editions, so that every character of
it is printed inside the page.
"""

from __future__ import annotations

import html

import nbformat
import pytest

from .conftest import _missing, shared_browser

LONG = ("position = random_position(" + ", ".join(f"argument_{k}={k}" for k in range(24))
        + ", square, stalk)")
WIDTH = 688   # A4 less the handout's 14 mm margins, in CSS px


@pytest.mark.parametrize("reader", ["student", "lecturer"])
def test_a_long_code_line_wraps_inside_the_page(reader):
    if _missing():
        pytest.skip(_missing())
    from cgteach.present._prepare import shape_for
    from cgteach.present.handouts import _exporter

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# A lesson"), nbformat.v4.new_code_cell(LONG)]
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
          const rects = [...range.getClientRects()];
          return {text: pre.textContent, right: Math.max(...rects.map(r => r.right)),
                  lines: new Set(rects.map(r => Math.round(r.top))).size,
                  width: document.documentElement.clientWidth};
        }""")
    finally:
        context.close()
    assert found["text"].strip() == LONG
    assert found["lines"] >= 2, found            # it wrapped
    assert found["right"] <= found["width"] + 1, found
