"""The classroom as it is really used (issue 29), in JupyterLab started by ``make lab``.

For every lesson, as a student would: open it (it must not turn "modified"),
**Run > Run All Cells**, wait for the last cell, press Ctrl+S, then check that

(a) no solution (its code, its output, its verdict) and no lecturer's note
    is visible on the page — measured by what the browser lays out, not by
    metadata;
(b) the saved file still keeps them folded (the format of
    ``tests/test_notebooks_structure.py``);
(c) after closing and reopening the lesson they are still hidden;
(d) opening one solution shows that one only (and one note, that note only).

Those four run once per lesson in the lecturer's walk (``_lecturer_walk``, one
``test_lecturer_path_NN_browser.py`` per lesson), on the same Run All that the
slideshow is then stepped through: the helpers below (:class:`Page`,
:func:`assert_hidden`) are shared with it.  Hiding a solution or a note does not
depend on lecture mode, so the walk's ``make lecture`` JupyterLab serves for the
student's checks too.  Here, in the JupyterLab that ``make lab`` itself starts: it
opens the working copy; a fresh lesson opened, saved and closed stays
byte-identical; one lesson is run, hidden-checked and saved in Jupyter Notebook 7
(the student's path without lecture mode, from Run All to the folded file); and
(e) ``notebooks/`` is byte-identical at the end.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import time
import urllib.request
from pathlib import Path

import nbformat

from cgteach.classroom import copy_lessons
from tests.browser.conftest import ARTIFACTS
from tests.test_notebooks_structure import classroom_problems

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
# (No XDIST_SPREAD: the few tests left here stay on one worker, which starts ``make
# lab`` once; its ``make_lab`` checks at its end that ``notebooks/`` was not written.)


def _digest(paths) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


PRISTINE = _digest(sorted((ROOT / "notebooks").iterdir()))


# -- what must stay hidden, read from the lesson file ---------------------------------

def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _squash(text: str) -> str:
    return " ".join(text.split())


def _secrets(path: Path) -> dict[str, list[str]]:
    """Texts of the lesson that must not be visible: solution lines and verdicts, note words."""
    nb = nbformat.read(path, as_version=4)
    shown = []  # what the rest of the lesson shows anyway
    for cell in nb.cells:
        if {"solution", "notes"} & set(cell.metadata.get("tags", [])):
            continue
        shown.append(cell.source)
        for out in cell.get("outputs", []):
            shown.append(_joined(out.get("text", "")))
            shown.append(_joined(out.get("data", {}).get("text/plain", "")))
    shown = _squash("\n".join(shown))
    solutions, notes = [], []
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if "solution" in tags:
            lines = [_squash(line) for line in cell.source.splitlines()[1:]]
            lines += [_squash(line) for out in cell.outputs
                      for line in _joined(out.get("data", {}).get("text/plain", "")).splitlines()]
            solutions += [t for t in lines
                          if len(t) >= 12 and not t.startswith("# Solution") and t not in shown]
        if "notes" in tags:
            body = re.sub(r"<[^>]+>", " ", cell.source)
            pieces = [_squash(p) for p in re.split(r"[*_`$\[\]()<>#|\\\"“”]", body)]
            longest = max(pieces, key=len)
            if len(longest) >= 20:
                notes.append(longest)
    assert solutions and notes, path.name
    return {"solutions": solutions, "notes": notes}


# -- the page ----------------------------------------------------------------------------

#: Every text the browser lays out inside the notebook (a text node with a box of some size,
#: in an element that is not hidden), and the state of the folded blocks.
PAGE_STATE = """() => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook')
          || document.querySelector('.jp-Notebook');
  const texts = [];
  const walk = document.createTreeWalker(nb, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    range.selectNodeContents(n);
    const boxes = [...range.getClientRects()];
    if (boxes.some(r => r.width > 0 && r.height > 0)) texts.push(n.textContent);
  }
  // A closed <details> keeps its content in a content-visibility: hidden slot, which
  // checkVisibility() sees (its boxes are still computed when asked for).
  const inside = d => [...d.children].filter(c => c.tagName !== 'SUMMARY').some(
      c => c.checkVisibility({opacityProperty: true, visibilityProperty: true})
           && [...c.getClientRects()].some(r => r.width > 0 && r.height > 0));
  const blocks = cls => [...nb.querySelectorAll('details.' + cls)].map(
      d => ({open: d.open, shown: inside(d), summary: d.querySelector('summary')?.textContent}));
  return {texts, cells: nb.querySelectorAll('.jp-Cell').length,
          solutions: blocks('cg-solution'), notes: blocks('cg-notes')};
}"""

#: Before Run All: remember every code cell whose prompt goes to [*] (queued or running), and
#: the solution blocks on the page (a cell whose input is hidden shows no prompt: its new
#: output block says it ran).
WATCH = """() => {
  window.__cgQueued = new Set();
  window.__cgOld = new WeakSet(document.querySelectorAll('.jp-Notebook details.cg-solution'));
  const look = () => document.querySelectorAll('.jp-Notebook .jp-CodeCell').forEach((c, i) => {
    const prompt = c.querySelector('.jp-InputPrompt')?.textContent || '';
    if (/\\[\\*\\]/.test(prompt)) window.__cgQueued.add(i);
  });
  window.__cgObserver?.disconnect();
  window.__cgObserver = new MutationObserver(look);
  window.__cgObserver.observe(document.querySelector('.jp-Notebook'),
                              {subtree: true, childList: true, characterData: true});
}"""

#: Run All is over: every prompt went through [*] and shows its number, every solution
#: block is a new one, and the kernel is idle.
RAN_ALL = """() => {
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')]
      .map((c, i) => [i, c.querySelector('.jp-InputPrompt')])
      .filter(([i, p]) => p && p.textContent.trim());  // a hidden input's prompt is empty
  const idle = document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']");
  const blocks = [...document.querySelectorAll('.jp-Notebook details.cg-solution')];
  const ran = ([i, p]) => window.__cgQueued.has(i) && /\\[\\d+\\]/.test(p.textContent);
  return !!idle && prompts.every(ran)
      && blocks.length > 0 && blocks.every(d => !window.__cgOld.has(d));
}"""


def _request(lab, method: str, path: str):
    req = urllib.request.Request(f"{lab.url}{path}", method=method)
    with urllib.request.urlopen(req, timeout=30) as r:
        body = r.read()
        return json.loads(body) if body else None


def _shut_down_kernels(lab) -> None:
    for session in _request(lab, "GET", "/api/sessions"):
        _request(lab, "DELETE", f"/api/sessions/{session['id']}")


# What JupyterLab's and Notebook 7's "beforeunload" handlers would do now: both set the
# event's returnValue when a document has unsaved changes (app.status.isDirty).
UNLOAD_ASKS = """() => {
  const e = new Event('beforeunload', {cancelable: true});
  let asked = false;
  Object.defineProperty(e, 'returnValue', {get: () => '', set: (v) => { if (v) asked = true; }});
  window.dispatchEvent(e);
  return asked || e.defaultPrevented;
}"""


class Page:
    """One lesson open in a fresh browser page (JupyterLab or Notebook 7)."""

    def __init__(self, lab, name: str, app: str = "lab", viewport: dict | None = None):
        n_cells = len(nbformat.read(lab.root / name, as_version=4).cells)
        self.context = lab.browser.new_context(
            viewport=viewport or {"width": 1366, "height": 768})
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        path = f"/lab/tree/{name}?reset" if app == "lab" else f"/notebooks/{name}"
        self.page.goto(lab.url + path)
        self.page.wait_for_selector(".jp-Notebook .jp-Cell")
        self.page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
        # JupyterLab attaches the cells a few at a time, when the browser is idle
        self.page.wait_for_function(
            "n => document.querySelectorAll('.jp-Notebook .jp-Cell').length === n", arg=n_cells)
        time.sleep(1.5)  # the kernel's metadata reaches the model: any change shows as dirty
        # JupyterLab's first-start question about news (switched off by make lab's settings
        # elsewhere) would sit over the page: answer it as a person would.
        no = self.page.locator(".jp-toast-button", has_text=re.compile(r"^No$"))
        if no.count():
            no.first.click()

    def close(self):
        self.context.close()

    def dirty(self) -> bool:
        return bool(self.page.evaluate(
            "() => !!document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty')"
            " || /unsaved changes/i.test(document.querySelector('.jp-NotebookCheckpoint')"
            "?.textContent || '')"))

    def would_ask(self) -> bool:
        """Whether closing the page now would ask to keep unsaved changes: the apps'
        own "beforeunload" handlers, given a stand-in event (nothing closes)."""
        return bool(self.page.evaluate(UNLOAD_ASKS))

    def closes_cleanly(self) -> bool:
        """Close the page as a person would; False if it asks to keep unsaved changes.

        (Notebook 7 shows no "modified" mark; both apps ask before a page with unsaved
        changes goes away. The question is dismissed, so the page stays open.)"""
        page, asked = self.page, []
        page.locator(".jp-Notebook").first.click(position={"x": 2, "y": 2})  # a user gesture
        page.keyboard.press("Escape")

        def answer(dialog):
            asked.append(dialog.type)
            dialog.dismiss()

        page.on("dialog", answer)
        page.close(run_before_unload=True)
        with contextlib.suppress(Exception):  # still open after 5 s: it asked
            page.wait_for_event("close", timeout=5000)
        page.remove_listener("dialog", answer)
        return page.is_closed() and not asked

    def run_all(self, timeout: float = 300):
        page = self.page
        page.evaluate(WATCH)
        for _attempt in range(4):
            page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
            page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
            # A request sent before the page has joined the kernel is dropped: ask again.
            try:
                page.wait_for_function("() => window.__cgQueued.size > 0", timeout=10_000)
                break
            except Exception:  # noqa: BLE001 (playwright's TimeoutError)
                continue
        try:
            page.wait_for_function(RAN_ALL, timeout=timeout * 1000, polling=500)
        except Exception:
            self.shot("failed-run-all.png")
            raise
        stderr = "application/vnd.jupyter.stderr"
        errors = page.locator(f".jp-OutputArea-output[data-mime-type='{stderr}']")
        tracebacks = [t for t in errors.all_inner_texts() if "Traceback" in t or "Error" in t]
        assert not tracebacks, tracebacks

    def save(self, path: Path):
        before = path.stat().st_mtime_ns
        self.page.locator(".jp-Notebook").first.click(position={"x": 2, "y": 2})
        self.page.keyboard.press("Escape")
        self.page.keyboard.press("Control+s")
        deadline = time.monotonic() + 30
        # written, and the page has heard so (until then, closing it would still ask)
        while path.stat().st_mtime_ns == before or self.dirty() or self.would_ask():
            assert time.monotonic() < deadline, \
                "Ctrl+S did not save the lesson (or it stays modified)"
            time.sleep(0.2)
        # The server writes the file in place (its backup aside): wait for the whole of it.
        while True:
            stamp = path.stat().st_mtime_ns
            try:
                nbformat.read(path, as_version=4)
            except Exception:  # noqa: BLE001 (half-written JSON)
                pass
            else:
                if path.stat().st_mtime_ns == stamp:
                    return
            assert time.monotonic() < deadline, "the saved lesson is not a notebook"
            time.sleep(0.2)

    def state(self) -> dict:
        return self.page.evaluate(PAGE_STATE)

    def shot(self, name: str, locator=None):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        target = locator if locator is not None else self.page
        if locator is not None:
            locator.scroll_into_view_if_needed()
        target.screenshot(path=str(ARTIFACTS / name))


def assert_hidden(state: dict, secrets: dict, n_cells: int, opened: int | None = None,
                  opened_note: int | None = None) -> None:
    """(a): nothing of a solution or a note is laid out, except the one opened on purpose."""
    assert state["cells"] == n_cells, "every cell is in the page"
    for kind, which in (("solutions", opened), ("notes", opened_note)):
        blocks = state[kind]
        assert blocks, f"no {kind} blocks on the page"
        for i, block in enumerate(blocks):
            expect = i == which
            assert block["open"] == expect and block["shown"] == expect, (kind, i, block)
    text = _squash(" ".join(state["texts"]))
    if opened is None:
        leaks = [s for s in secrets["solutions"] if s in text]
        assert not leaks, f"solution text visible: {leaks[:3]}"
    if opened_note is None:
        leaks = [s for s in secrets["notes"] if s in text]
        assert not leaks, f"lecturer's notes visible: {leaks[:3]}"


def _solution_cell(page: Page, i: int):
    return page.page.locator(".jp-Notebook .jp-Cell").filter(
        has=page.page.locator("details.cg-solution")).nth(i)


# -- the tests ---------------------------------------------------------------------------

def test_make_lab_opens_the_working_copy(make_lab):
    copy = make_lab.root
    assert copy.name == "my-lessons" and copy.is_dir()
    assert sorted(p.name for p in copy.glob("*.ipynb")) == [p.name for p in LESSONS]
    listed = {item["name"] for item in _request(make_lab, "GET", "/api/contents")["content"]}
    assert {p.name for p in LESSONS} <= listed, "JupyterLab's root is the working copy"


def _fresh(lab, lesson: Path, folder: str) -> Path:
    """A fresh copy of ``lesson`` made as ``make lab`` makes one, in ``folder`` of the copy."""
    src = lab.root.parent / f"src-{folder}"
    src.mkdir(exist_ok=True)
    shutil.copy(lesson, src)
    (path,) = copy_lessons(src, lab.root / folder)
    return path


def test_open_and_close_leaves_a_fresh_lesson_byte_identical(make_lab):
    """The stored kernel metadata is what JupyterLab writes: no edit, no autosave."""
    copy = _fresh(make_lab, LESSONS[1], "fresh")
    name = f"fresh/{copy.name}"
    expected = copy.read_bytes()
    for _ in range(2):  # open, close; open again (the kernel is already known), close
        page = Page(make_lab, name)
        try:
            assert not page.dirty()
            page.save(copy)  # even an explicit save writes the same bytes
        finally:
            page.close()
            _shut_down_kernels(make_lab)
        assert copy.read_bytes() == expected


def test_notebook7_run_all_keeps_the_answers_hidden(make_lab):
    lesson = LESSONS[2]
    path = _fresh(make_lab, lesson, "notebook7")
    name = f"notebook7/{path.name}"
    fresh = path.read_bytes()
    secrets = _secrets(lesson)
    n_cells = len(nbformat.read(lesson, as_version=4).cells)
    try:
        page = Page(make_lab, name, app="notebook")
        try:
            assert_hidden(page.state(), secrets, n_cells)
            assert page.closes_cleanly(), "opening the lesson in Notebook 7 made an edit"
            assert path.read_bytes() == fresh
        finally:
            page.close()
            _shut_down_kernels(make_lab)
        page = Page(make_lab, name, app="notebook")
        try:
            page.run_all()
            assert_hidden(page.state(), secrets, n_cells)
            page.shot("classroom-notebook7.png")
            assert not page.closes_cleanly(), "Notebook 7 asks to keep the unsaved run"
            page.save(path)
            assert classroom_problems(nbformat.read(path, as_version=4)) == []
            assert page.closes_cleanly()
        finally:
            page.close()
            _shut_down_kernels(make_lab)
    finally:
        path.unlink()


def test_the_pristine_lessons_are_unchanged():
    """(e): the tests, slides and site read notebooks/, which nothing above wrote to."""
    assert _digest(sorted((ROOT / "notebooks").iterdir())) == PRISTINE
