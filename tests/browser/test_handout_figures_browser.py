"""Multi-panel figures print with legends of at least 7 pt (issue 37).

Lesson 09's thermographs were one picture of two or three panels, shrunk whole to
the page's width: their legends printed at 3-4 pt.  The handout now prints such a
figure as its panels, each at its own size.  Measured on the handout's HTML as
Chromium prints it (print media, A4's text width of 688 CSS px): each picture's
drawn width over its pixel width gives the points a pixel of it takes (a CSS px is
0.75 pt); the legend's size in pixels is read off the picture itself (the height of
the words "Left wall" beside the legend's blue line, over the font's 0.73 em height
of an L).
"""

from __future__ import annotations

import base64
import html
import io

import nbformat
import numpy as np
import pytest
from PIL import Image

from tests.test_present import NOTEBOOKS

from .conftest import _missing, shared_browser

PAGE = 688
LEAST_PT = 7.0
#: DejaVu Sans (matplotlib's font): the height of "Left wall" (capital L, ascenders,
#: no descenders) in em.
L_HEIGHT = 0.73


def legend_px(png: bytes) -> float | None:
    """The font size in px of the legend entry beside the first blue legend line."""
    from cgteach.draw._style import COLOURS

    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)
    blue = np.array([int(COLOURS["blue"][i:i + 2], 16) for i in (1, 3, 5)])
    is_blue = np.abs(rgb - blue).max(axis=2) < 40
    for row in range(rgb.shape[0]):
        cols = np.flatnonzero(is_blue[row])
        if len(cols) < 12:
            continue
        runs = np.split(cols, np.flatnonzero(np.diff(cols) > 1) + 1)
        handle = max(runs, key=len)
        if not 12 <= len(handle) <= 60:
            continue
        right = handle[-1] + 4
        window = rgb[max(0, row - 14): row + 14, right: right + 40]
        ink = (window.max(axis=2) < 120).any(axis=1)
        mid = row - max(0, row - 14)
        inked = np.flatnonzero(ink)
        if not len(inked):
            continue
        # the run of inked rows nearest the line's row: the words beside it
        runs = np.split(inked, np.flatnonzero(np.diff(inked) > 1) + 1)
        words = min(runs, key=lambda r: 0 if r[0] <= mid <= r[-1] else min(abs(r - mid)))
        return (words[-1] - words[0] + 1) / L_HEIGHT
    return None


@pytest.mark.parametrize("reader", ["student", "lecturer"])
def test_thermograph_legends_print_at_7pt_or_more(reader):
    if _missing():
        pytest.skip(_missing())
    from cgteach.present._prepare import SOLUTION_CSS, SOLUTION_SUMMARY, shape_for
    from cgteach.present.handouts import _exporter, _panels_apart

    path = next(p for p in NOTEBOOKS if p.stem.startswith("09-"))
    nb = _panels_apart(shape_for(nbformat.read(path, as_version=4), reader))
    body, _ = _exporter().from_notebook_node(nb, resources={
        "metadata": {"name": path.stem}, "cgteach_mathjax": "none.js",
        "cgteach_banner": html.escape(f"{path.stem} · {reader}"),
        "cgteach_summary": SOLUTION_SUMMARY, "cgteach_summary_css": SOLUTION_CSS})
    context = shared_browser().new_context(viewport={"width": PAGE, "height": 1000})
    try:
        page = context.new_page()
        page.route("**/*", lambda r: r.abort())    # offline: the page's own HTML only
        page.set_content(body, wait_until="load")
        page.emulate_media(media="print")
        found = page.evaluate("""() => [...document.querySelectorAll('img')]
          .filter(i => (i.alt || '').includes('Left wall') && i.naturalWidth)
          .map(i => ({src: i.src, alt: i.alt.slice(0, 60), natural: i.naturalWidth,
                      drawn: i.getBoundingClientRect().width}))""")
    finally:
        context.close()
    assert len(found) >= 3, found
    sizes = []
    for f in found:
        px = legend_px(base64.b64decode(f["src"].split(",", 1)[1]))
        if px is None:
            continue
        pt = px * f["drawn"] / f["natural"] * 0.75
        sizes.append((round(pt, 2), f["alt"]))
    print(reader, sorted(sizes)[:4])
    assert len(sizes) >= 3, found
    assert min(sizes)[0] >= LEAST_PT, sorted(sizes)[:4]
