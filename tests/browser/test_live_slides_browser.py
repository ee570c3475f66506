"""The live slideshow: a lesson presented inside JupyterLab, as a lecturer would.

JupyterLab's ``jupyterlab-slideshow`` lays the notebook itself out as slides, and
cgteach's small extension (``cgteach/present/labextension``, installed by
``python -m cgteach.present settings``, which ``make lab``/``make lecture``/``make
test`` run) adds the keys a lecturer uses: **F5** starts the slideshow, **Alt+N**
opens the notes window.  Driven here at 1280×720, the projector size:

* widgets on a slide are live: a Nim stone and a Hackenbush edge are clicked inside
  the running slideshow and the kernel answers; each widget's slide fits the screen
  and the widgets' text on it is at least 18 px (in the notebook they keep their own
  smaller text); after a click on a widget, Page Down still steps the slides;
* the notes window shows a slide's lecturer's notes in full, and the notes never
  show on the slide itself;
* every step of every lesson, after Run All, is measured by the lecturer's walk
  (``_lecturer_walk``, one ``test_lecturer_path_NN_browser.py`` per lesson): it fits
  the screen, its text is at least 18 px, its pictures at least 0.75 of their size.

Screenshots of any failure go to the artefacts folder.
"""

from __future__ import annotations

import json
import re
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from cgteach.present import live
from cgteach.present.live import extension_path, install_settings

from ._lecturer_walk import MEASURE, start_slideshow
from .conftest import Notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
SCREEN = {"width": 1280, "height": 720}
MIN_PX = 18
#: Every test opens its own notebook on the session's server: parallel workers may
#: share them out (see tests/conftest.py).
XDIST_SPREAD = True

# Installed before the server starts (make does it too); a server started earlier in
# the session by another module has read the same prefix, so this is only a safety net
# (also against a copy older than the extension's source).
_SOURCE = Path(live.__file__).with_name("labextension")
if any(not (extension_path(sys.prefix) / f.relative_to(_SOURCE)).is_file()
       or (extension_path(sys.prefix) / f.relative_to(_SOURCE)).read_bytes() != f.read_bytes()
       for f in _SOURCE.rglob("*") if f.is_file()):
    install_settings(sys.prefix)

# The on-screen cells of the presented notebook: their box, the text smaller than
# MIN_PX in them, the active cell's index (the lecturer's walk measures the same way).


def _session(lab, name: str) -> None:
    body = json.dumps({"path": name, "type": "notebook", "name": "",
                       "kernel": {"name": "python3"}}).encode()
    request = urllib.request.Request(f"{lab.url}/api/sessions", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        assert r.status in (200, 201), r.status


def _stop_sessions(lab) -> None:
    """Shut every kernel down (each lesson opened starts one)."""
    with urllib.request.urlopen(f"{lab.url}/api/sessions", timeout=30) as r:
        sessions = json.load(r)
    for s in sessions:
        request = urllib.request.Request(f"{lab.url}/api/sessions/{s['id']}", method="DELETE")
        with urllib.request.urlopen(request, timeout=30):
            pass


def _open(lab, name: str, run: bool = False):
    """Open notebook ``name`` at 1280×720; with ``run``, run all its cells first."""
    _session(lab, name)
    context = lab.browser.new_context(viewport=SCREEN)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(f"{lab.url}/lab/tree/{name}?reset")
    nb = nbformat.read(lab.root / name, as_version=4)
    book = Notebook(page, len(nb.cells))
    book.wait_idle()
    if run:
        _run_all(page)
    page.set_default_timeout(20_000)
    return book


def _run_all(page, timeout: float = 120) -> None:
    """Run > Run All, then wait until every code cell has an execution count."""
    counted = ("() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]"
               ".every(p => /\\[\\d+\\]/.test(p.textContent))")
    deadline = time.monotonic() + timeout
    while True:
        page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
        try:
            page.wait_for_function(counted, timeout=30_000)
            break
        except Exception:  # noqa: BLE001 (playwright's TimeoutError): a lost request
            if time.monotonic() > deadline:
                raise
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")


def _present(book) -> None:
    """What the lecturer does: click the notebook, press F5."""
    start_slideshow(book.page)
    book.page.wait_for_timeout(300)


ACTIVE = """() => [...document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')]
  .findIndex(c => c.classList.contains('jp-mod-active'))"""


def _step(page, before: int, key: str = "Space") -> bool:
    """Press Space (next step), or ``key``; False when the slideshow is at its end."""
    page.keyboard.press(key)
    try:
        page.wait_for_function(f"() => ({ACTIVE})() !== {before}", timeout=1000, polling=25)
    except Exception:  # noqa: BLE001 (playwright's TimeoutError): the last step
        return False
    return True


def _in_screen(locator) -> bool:
    box = locator.bounding_box()
    return bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"] + 1


def _go_to(page, locator, limit: int = 40) -> None:
    """Step through the slides until ``locator`` (found by what it is, never by a cell's
    index) is on the slide on screen.  The key is Page Down, what a presenter's clicker
    sends: it steps the slideshow even when a widget clicked on an earlier slide still
    holds the keyboard focus (a Hackenbush board keeps Space for itself)."""
    for _ in range(limit):
        if locator.count() and locator.first.is_visible():
            box = locator.first.bounding_box()
            if box and box["y"] < SCREEN["height"] and box["y"] + box["height"] > 0:
                return
        if not _step(page, page.evaluate(MEASURE, MIN_PX)["active"], "PageDown"):
            break
    m = page.evaluate(MEASURE, MIN_PX)
    raise AssertionError(f"never reached the slide with {locator}: at the end, step "
                         f"{m['active']} shows {m['text']!r}")


def _slide_fits(page, artifacts, name: str) -> dict:
    """The slide on screen fits 1280×720 and no text on it, widgets' included, is under
    MIN_PX."""
    page.wait_for_timeout(300)  # the slideshow refits after a widget has drawn itself
    m = page.evaluate(MEASURE, MIN_PX)
    if m["top"] < -1 or m["bottom"] > SCREEN["height"] + 1 or m["small"]:
        page.screenshot(path=str(artifacts / f"live-misfit-{name}.png"))
    assert m["top"] >= -1 and m["bottom"] <= SCREEN["height"] + 1, (name, m["top"], m["bottom"])
    assert not m["small"], (name, m["small"][:12])
    return m


# -- live widgets -----------------------------------------------------------------

FONT_PX = "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)"


def _slides_with_widgets(lab) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    cells = [
        ("markdown", "# Live widgets on slides", "slide"),
        ("code", "from cgteach.hackenbush import examples\n"
                 "from cgteach.hackendot import Hackendot\n"
                 "from cgteach.widgets import HackenbushEditor, HackendotEditor, NimGame",
         "skip"),
        ("markdown", "## Play Nim", "slide"),
        ("code", "NimGame([1, 2], seed=1)", "-"),
        ("markdown", "## A Hackenbush drawing", "slide"),
        ("code", "HackenbushEditor(examples.house())", "-"),
        ("markdown", "## A Hackendot forest", "slide"),
        ("code", "HackendotEditor(Hackendot.figure1())", "-"),
    ]
    for kind, src, slide_type in cells:
        new = nbformat.v4.new_markdown_cell if kind == "markdown" else nbformat.v4.new_code_cell
        cell = new(src)
        cell.metadata["slideshow"] = {"slide_type": slide_type}
        nb.cells.append(cell)
    nbformat.write(nb, lab.root / "live_widgets.ipynb")
    return "live_widgets.ipynb"


def test_widgets_answer_clicks_inside_the_running_slideshow(lab, artifacts):
    book = _open(lab, _slides_with_widgets(lab), run=True)
    page = book.page
    try:
        # the slideshow's text sizes are for the slideshow only: in the notebook, the
        # widgets keep their own smaller text
        assert page.evaluate(FONT_PX, "[data-testid=hb-editor]") < MIN_PX
        _present(book)
        assert page.evaluate(MEASURE, MIN_PX)["text"] == "Live widgets on slides"
        # Nim: heaps 1 and 2; taking the last stone of heap 2 leaves 1, 1 and the
        # computer (the kernel) must answer by taking one: one stone is left.
        game = page.locator(".jp-deck-mod-onscreen [data-testid=nim-game]")
        _go_to(page, game)
        _slide_fits(page, artifacts, "nim")
        stone = game.locator("[data-testid=nim-stone-1-1]")
        assert _in_screen(stone)
        stone.click()
        book.wait_until("([el]) => el.querySelectorAll('[data-testid^=nim-stone-]').length === 1",
                        game.locator("[data-testid=nim-board]"))
        assert page.evaluate("() => document.body.dataset.jpDeckMode") == "presenting"
        page.screenshot(path=str(artifacts / "live-nim.png"))
        # Hackenbush: delete an edge of the house; the value (worked out in the kernel) changes.
        editor = page.locator(".jp-deck-mod-onscreen [data-testid=hb-editor]")
        _go_to(page, editor)
        _slide_fits(page, artifacts, "hackenbush")
        value = editor.locator("[data-testid=hb-value]")
        before = value.inner_text()
        assert before.strip()
        editor.locator("[data-testid=hb-tool-delete]").click()
        board = editor.locator("[data-testid=hb-board]")
        edge = editor.locator(".cg-edge[data-index='0']")
        assert _in_screen(edge)
        book.click_item(board, edge)
        book.wait_until("([el, t]) => el.textContent !== t", value, before)
        assert page.evaluate("() => document.body.dataset.jpDeckMode") == "presenting"
        page.screenshot(path=str(artifacts / "live-hackenbush.png"))
        # Hackendot: its text too is at projector size on the slide
        forest = page.locator(".jp-deck-mod-onscreen [data-testid=hd-editor]")
        _go_to(page, forest)
        _slide_fits(page, artifacts, "hackendot")
        page.screenshot(path=str(artifacts / "live-hackendot.png"))
        assert page.evaluate(FONT_PX, "[data-testid=hb-editor]") >= MIN_PX
    finally:
        book.close()
        _stop_sessions(lab)


# -- the lecturer's notes ---------------------------------------------------------

def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9]+", text)


def _note_text(source: str) -> str:
    text = re.sub(r"<summary>.*?</summary>", " ", source, flags=re.S)
    text = re.sub(r"</?details[^>]*>", " ", text)
    return text.replace("**Lecturer's notes.**", " ")


def _a_plain_note():
    """A lesson and one of its notes with no maths or links (so its words read as written)."""
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if ("notes" in cell.metadata.get("tags", [])
                    and not re.search(r"[$`\[\]\\]", _note_text(cell.source))):
                return path, _note_text(cell.source)
    pytest.skip("no lesson has a note without maths")


def test_notes_window_shows_the_slides_notes_in_full(lab, artifacts):
    path, note = _a_plain_note()
    nbformat.write(nbformat.read(path, as_version=4), lab.root / path.name)
    book = _open(lab, path.name)
    page = book.page
    try:
        _present(book)
        with page.context.expect_page() as popup:
            page.keyboard.press("Alt+N")
        notes = popup.value
        notes.wait_for_selector("#cg-notes-body")
        assert notes.title() == "Lecturer's notes"
        page.bring_to_front()
        wanted = _words(note)
        active = page.evaluate(MEASURE, MIN_PX)["active"]
        for _ in range(200):
            shown = _words(notes.locator("#cg-notes-body").inner_text())
            if shown[:len(wanted) + 3] and " ".join(wanted) in " ".join(shown):
                break
            m = page.evaluate(MEASURE, MIN_PX)
            assert m["notes"] == 0, "a lecturer's note shows on the slide itself"
            if not _step(page, active):
                raise AssertionError(f"the note never showed in the notes window: {wanted[:12]}")
            active = page.evaluate(MEASURE, MIN_PX)["active"]
        where = notes.locator("#cg-notes-where").inner_text()
        assert where.startswith("Slide "), where
        notes.screenshot(path=str(artifacts / "live-notes-window.png"))
        # the notes window's own keys drive the slideshow (the lecturer's laptop)
        notes.bring_to_front()
        notes.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => !!document.querySelector('.jp-Cell.jp-mod-active') && "
                               f"[...document.querySelectorAll('.jp-Notebook .jp-Cell')]"
                               f".findIndex(c => c.classList.contains('jp-mod-active')) > {active}")
        notes.close()
    finally:
        book.close()
        _stop_sessions(lab)
