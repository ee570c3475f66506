"""A lesson run, saved, closed and opened again shows each widget's still picture
(issue 37), not ipywidgets' "Error displaying widget: model not found".

In real JupyterLab with cgteach's extension (this checkout's, installed into the
test's own Jupyter data folder): a cell showing a NimGame runs, the notebook is
saved and closed and its kernel shut down; opened again (a new kernel, which has
no such widget), the cell shows the still picture the output carries beside the
widget view, with its text alternative, and no error text.
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from .conftest import _missing, extension_lab

CELL = "from cgteach.widgets.nim import NimGame\nNimGame(seed=7)"
WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def still_lab(tmp_path_factory):
    reason = _missing()
    if reason:
        pytest.skip(reason)
    base = tmp_path_factory.mktemp("still-lab")
    (base / "nb").mkdir()
    with extension_lab(base, base / "nb") as lab:
        yield lab


def _shut_kernels(url: str) -> None:
    with urllib.request.urlopen(f"{url}/api/sessions", timeout=30) as r:
        sessions = json.loads(r.read())
    for s in sessions:
        request = urllib.request.Request(f"{url}/api/sessions/{s['id']}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def test_a_reopened_lesson_shows_the_widgets_still_not_an_error(still_lab):
    book = still_lab.notebook("still", [CELL])
    page = book.page
    try:
        page.wait_for_selector(".jp-OutputArea-output .cgteach-nim-game, "
                               ".jp-OutputArea-output .cg-widget", timeout=60_000)
        page.locator(".jp-Notebook").click()
        page.keyboard.press("Control+s")
        path = still_lab.root / "still.ipynb"
        deadline = time.monotonic() + 30
        while WIDGET not in path.read_text() and time.monotonic() < deadline:
            time.sleep(0.3)
        saved = json.loads(path.read_text())
        data = saved["cells"][0]["outputs"][0]["data"]
        assert WIDGET in data and "image/png" in data, sorted(data)
    finally:
        book.close()
    _shut_kernels(still_lab.url)
    context = still_lab.browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        page.goto(f"{still_lab.url}/lab/tree/still.ipynb?reset")
        page.wait_for_selector(".jp-Notebook .jp-Cell .jp-OutputArea-output", timeout=90_000)
        page.wait_for_selector(".jp-OutputArea-output img.cg-widget-still", timeout=30_000)
        page.wait_for_timeout(1500)      # the widget manager has settled
        text = page.locator(".jp-OutputArea").inner_text()
        assert "Error displaying widget" not in text, text
        assert "run this cell to play" in text
        still = page.locator(".jp-OutputArea-output img.cg-widget-still")
        assert still.count() == 1
        size = still.evaluate("i => [i.naturalWidth, i.getBoundingClientRect().width]")
        assert size[0] > 100 and size[1] > 100, size
        alt = still.get_attribute("alt")
        assert alt.startswith("Still picture of the widget: ") and "Nim" in alt, alt
    finally:
        context.close()
        _shut_kernels(still_lab.url)
