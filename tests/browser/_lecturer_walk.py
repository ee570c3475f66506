"""The lecturer's path through one lesson, as the room sees it (issue 37).

What ``make lecture`` gives a lecturer, measured step by step: the lesson opened
from the ``my-lessons/`` copy with ``CGTEACH_LECTURE=1`` (the ``lecture_lab``
fixture), **Run All** (the live widgets, not their stills), **F5**, then **Page
Down** (what a presenter's clicker sends) through every step at 1280×720.  On
every step:

* the slide fits: top ≥ 0 and bottom ≤ 720;
* no text on it, widgets' text included, is under 18 px;
* no picture is drawn below 0.75 of its size in the notebook (its lecture-mode size);
* no lecturer's note shows on the slide;
* every live board, the first time it is on screen, is clicked once where a
  lecturer would click (a stone, a cell, a node, an edge): the click acts (the
  board changes) and the slide does not move.

And, from the notebook itself: a note that says what to do *before* something is
shown sits on a slide where that thing is still to come (a code cell follows it on
its slide).

Each lesson is its own test file (``test_lecturer_path_NN_browser.py``) so that
``pytest-xdist --dist loadfile`` can spread the lessons over workers; all of them
share the session's one JupyterLab.  The numbers (tallest step, smallest picture
scale, seconds) are appended to ``lecturer-path.txt`` in the artefacts folder.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import nbformat

from .conftest import ARTIFACTS, ROOT, Notebook

SCREEN = {"width": 1280, "height": 720}
MIN_PX = 18
MIN_SCALE = 0.75
NOTEBOOKS = {p.stem[:2]: p for p in sorted((ROOT / "notebooks").glob("*.ipynb"))}

# The on-screen cells of the presented notebook: their box, the text under MIN_PX,
# the pictures' scales, notes showing, and the live boards on screen.
MEASURE = """(minPx) => {
  if (window.cgteachPresent) window.cgteachPresent.fit();
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const cells = [...nb.querySelectorAll(':scope .jp-Cell')];
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.display === 'none' || st.visibility === 'hidden') return false;
    }
    return true;
  };
  const on = cells.filter(c => c.classList.contains('jp-deck-mod-onscreen')
                               && c.getBoundingClientRect().height > 0);
  let top = Infinity, bottom = -Infinity;
  for (const c of on) {
    for (const part of [c, ...c.querySelectorAll('.cg-widget, .cgteach-nim-game, img')]) {
      if (!visible(part)) continue;
      const r = part.getBoundingClientRect();
      top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom);
    }
  }
  const small = [];
  for (const c of on) {
    const w = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
    while (w.nextNode()) {
      const n = w.currentNode, el = n.parentElement;
      if (!n.textContent.trim() || !el) continue;
      if (el.closest('title, style, script, .cg-sr-only')) continue;
      if (!visible(el)) continue;
      const st = getComputedStyle(el);
      if (st.clip === 'rect(0px, 0px, 0px, 0px)' || st.clipPath === 'inset(50%)') continue;
      let px = parseFloat(st.fontSize);
      if (el instanceof SVGElement && el.ownerSVGElement && el.ownerSVGElement.getScreenCTM())
        px *= el.ownerSVGElement.getScreenCTM().a;
      else {
        // CSS zoom (the Nim board) scales the text too
        let zoom = 1;
        for (let e = el; e && e !== document.body; e = e.parentElement)
          zoom *= parseFloat(getComputedStyle(e).zoom || '1') || 1;
        px *= zoom;
      }
      if (px < minPx - 0.5)
        small.push([n.textContent.trim().slice(0, 30), Math.round(px * 10) / 10]);
    }
  }
  const pictures = [];
  for (const c of on) {
    for (const img of c.querySelectorAll('.jp-OutputArea-output img')) {
      if (!visible(img) || !img.naturalWidth) continue;
      const own = parseFloat(img.getAttribute('width')) || img.naturalWidth;
      pictures.push(Math.round(img.getBoundingClientRect().width / own * 1000) / 1000);
    }
  }
  const notes = cells.filter(c => (c.classList.contains('cg-tag-notes')
                                   || c.querySelector('.cg-notes'))
                                  && visible(c)).length;
  const boards = [];
  on.forEach(c => {
    for (const b of c.querySelectorAll('.cg-widget, .cgteach-nim-game'))
      if (visible(b)) boards.push(cells.indexOf(c));
  });
  return {active: cells.findIndex(c => c.classList.contains('jp-mod-active')), cells: on.length,
          top, bottom, height: on.length ? bottom - top : 0, small, notes, pictures, boards,
          mode: document.body.dataset.jpDeckMode || '',
          text: on.length ? on[0].innerText.trim().split('\\n')[0].slice(0, 50) : ''};
}"""

# Where a lecturer clicks on a live board (the first such item on screen), in
# screen coordinates, and the board's state to tell that the click acted.
TARGET = """(cellIndex) => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const cell = nb.querySelectorAll(':scope .jp-Cell')[cellIndex];
  const board = cell.querySelector('.cg-widget, .cgteach-nim-game');
  const kind = board.dataset.testid || board.className;
  const svg = board.querySelector('svg.cg-board, [data-testid=nim-board]');
  const picks = {
    'nim-game': '[data-testid^=nim-stone-]',
    'hb-editor': '.cg-node:not(.cg-ground)', 'hb-game': '.cg-edge',
    'hd-editor': '.cg-dot-node', 'hd-game': '.cg-dot-node',
    'dm-editor': '[data-testid^=dm-cell-]', 'dm-game': '[data-testid=dm-cell-0-0]',
  };
  const item = board.querySelector(picks[kind] || '.cg-edge, .cg-node, [data-testid^=dm-cell-]');
  if (!item) return {kind, found: false};
  let x, y;
  const mx = item.getAttribute('data-mx') || item.getAttribute('data-x');
  const my = item.getAttribute('data-my') || item.getAttribute('data-y');
  const owner = item.ownerSVGElement || (item instanceof SVGSVGElement ? item : null);
  if (mx !== null && my !== null && owner && owner.getScreenCTM()) {
    const p = owner.createSVGPoint(); p.x = +mx; p.y = +my;
    const q = p.matrixTransform(owner.getScreenCTM()); x = q.x; y = q.y;
  } else {
    const r = item.getBoundingClientRect(); x = r.left + r.width / 2; y = r.top + r.height / 2;
  }
  return {kind, found: true, x, y, state: (svg || board).innerHTML,
          top: (svg || board).getBoundingClientRect().top};
}"""

BOARD_TOP = """(cellIndex) => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const cell = nb.querySelectorAll(':scope .jp-Cell')[cellIndex];
  const board = cell.querySelector('.cg-widget, .cgteach-nim-game');
  const svg = board.querySelector('svg.cg-board, [data-testid=nim-board]');
  return (svg || board).getBoundingClientRect().top;
}"""

STATE = """(cellIndex) => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const cell = nb.querySelectorAll(':scope .jp-Cell')[cellIndex];
  const board = cell.querySelector('.cg-widget, .cgteach-nim-game');
  const svg = board.querySelector('svg.cg-board, [data-testid=nim-board]');
  return (svg || board).innerHTML;
}"""

# Where the slideshow is: the active cell, and which picture a cell showing several
# pictures one per step is at (the extension's position(), when it has one).
POSITION = """() => window.cgteachPresent && window.cgteachPresent.position
  ? window.cgteachPresent.position()
  : String([...document.querySelectorAll(
      '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')]
      .findIndex(c => c.classList.contains('jp-mod-active')))"""


def _api(lab, path: str, body: dict | None = None, method: str = "GET"):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{lab.url}{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        text = r.read()
    return json.loads(text) if text else None


def _stop_session(lab, name: str) -> None:
    for s in _api(lab, "/api/sessions"):
        if s.get("path") == name:
            _api(lab, f"/api/sessions/{s['id']}", method="DELETE")


def _run_all(page, timeout: float = 300) -> None:
    """Run > Run All, then wait until the run has gone through every cell.

    The lesson comes with its stored outputs and execution counts, so a count proves
    nothing: the run has started when some cell shows ``[*]``, and it is over when none
    does and every cell shows a count again (a run lost to a kernel that was still
    starting leaves cells at ``[ ]``: then Run All is asked for again).
    """
    prompts = "[...document.querySelectorAll('.jp-Notebook .jp-InputPrompt')]" \
              ".filter(p => p.offsetParent !== null && p.textContent.trim() !== '')"
    queued = f"() => {prompts}.some(p => p.textContent.includes('*'))"
    counted = f"() => {prompts}.every(p => /\\[\\d+\\]/.test(p.textContent))"
    deadline = time.monotonic() + timeout
    for _attempt in range(4):
        for _ in range(5):
            page.locator(".lm-MenuBar-item", has_text=re.compile(r"^Run$")).click()
            page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
            try:   # a request sent before the page has joined the kernel is dropped: again
                page.wait_for_function(queued, timeout=20_000, polling=50)
                break
            except Exception:  # noqa: BLE001 (playwright's TimeoutError)
                continue
        left = max(1.0, deadline - time.monotonic())
        try:
            page.wait_for_function(f"() => !({queued})()", timeout=left * 1000, polling=250)
        except Exception:  # noqa: BLE001 (playwright's TimeoutError)
            break
        page.wait_for_timeout(1000)
        if page.evaluate(counted) and not page.evaluate(queued):
            break
    if not (page.evaluate(counted) and not page.evaluate(queued)):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lecturer-run-all.png"))
        raise AssertionError("Run All did not run every cell")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    page.wait_for_timeout(500)
    stale = page.get_by_text("Error displaying widget").count()
    assert not stale, f"after Run All, {stale} widgets are not live (model not found)"
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    tracebacks = [t[:300] for t in errors.all_inner_texts() if "Traceback" in t]
    assert not tracebacks, tracebacks


def notes_in_place(path) -> list[str]:
    """Notes that speak of *before* something, yet have no code cell after them on
    their slide (the thing they announce is on an earlier slide, or none)."""
    nb = nbformat.read(path, as_version=4)
    slides, current = [], []
    for i, cell in enumerate(nb.cells):
        kind = (cell.metadata.get("slideshow") or {}).get("slide_type", "-")
        if kind in ("slide", "subslide") and current:
            slides.append(current)
            current = []
        current.append((i, cell))
    if current:
        slides.append(current)
    late = []
    for slide in slides:
        for k, (i, cell) in enumerate(slide):
            if "notes" not in cell.metadata.get("tags", []):
                continue
            text = re.sub(r"<[^>]+>", " ", cell.source)
            if not re.search(r"\b(before (showing|running|you run|the cell|revealing|"
                             r"opening|we show)|predict)", text, re.I):
                continue
            if not any(c.cell_type == "code" and (c.metadata.get("slideshow") or {})
                       .get("slide_type") != "skip" for _, c in slide[k + 1:]):
                late.append(f"cell {i}: {' '.join(text.split())[:80]}")
    return late


def walk(lab, lesson: str, shots: dict | None = None) -> dict:
    """Walk lesson ``lesson`` ("02") as a lecturer; return the measurements.

    ``shots`` maps a step's first words to a screenshot file name in the artefacts'
    ``report/`` folder (taken when the step whose first line starts with them is on
    screen, before its boards are clicked)."""
    path = NOTEBOOKS[lesson]
    name = path.name
    start = time.monotonic()
    # the kernel first, so that the page joins it and never asks which kernel to use
    _api(lab, "/api/sessions", {"path": name, "type": "notebook", "name": "",
                                "kernel": {"name": "python3"}}, method="POST")
    context = lab.browser.new_context(viewport=SCREEN)
    page = context.new_page()
    page.set_default_timeout(120_000)
    result = {"lesson": name, "steps": 0, "tallest": 0.0, "smallest": 1.0, "bad": [],
              "clicks": [], "late_notes": notes_in_place(lab.root / name)}
    try:
        page.goto(f"{lab.url}/lab/tree/{name}?reset")
        book = Notebook(page, len(nbformat.read(lab.root / name, as_version=4).cells))
        book.wait_idle(timeout=120)
        # the page starts the lesson's kernel itself (autoStartDefaultKernel, as a
        # lecturer's JupyterLab does); a dialog (a kernel still starting on a busy
        # machine) is answered with its default button
        for _ in range(10):
            dialog = page.locator(".jp-Dialog")
            if not dialog.count():
                break
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"lecturer-{lesson}-dialog.png"))
            dialog.locator(".jp-Dialog-button.jp-mod-accept, .jp-Dialog-button").first.click()
            page.wait_for_timeout(2000)
            book.wait_idle(timeout=120)
        _run_all(page)
        page.set_default_timeout(20_000)
        # what the lecturer does: click the notebook, F5
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click(
            position={"x": 4, "y": 4})
        page.keyboard.press("Escape")
        page.keyboard.press("F5")
        page.wait_for_function("() => document.body.dataset.jpDeckMode === 'presenting'")
        page.wait_for_timeout(400)
        # the lecturer's notes window (Alt+N) follows the slides: its notes carry no
        # fold of their own (no browser-made "Details" heading)
        with context.expect_page() as popup:
            page.keyboard.press("Alt+N")
        notes = popup.value
        notes.wait_for_selector("#cg-notes-body")
        page.bring_to_front()
        clicked: set[int] = set()
        taken: set[str] = set()
        for _ in range(600):
            page.wait_for_timeout(150)  # the slideshow lays the step out, then refits
            m = page.evaluate(MEASURE, MIN_PX)
            result["steps"] += 1
            result["tallest"] = max(result["tallest"], m["height"])
            if m["pictures"]:
                result["smallest"] = min(result["smallest"], *m["pictures"])
            problems = []
            if m["top"] < -1 or m["bottom"] > SCREEN["height"] + 1:
                problems.append(f"spans {m['top']:.0f}..{m['bottom']:.0f} px")
            if m["small"]:
                problems.append(f"small text {m['small'][:4]}")
            low = [s for s in m["pictures"] if s < MIN_SCALE - 0.005]
            if low:
                problems.append(f"pictures at {low}")
            if m["notes"]:
                problems.append("a note shows on the slide")
            if notes.locator("#cg-notes-body :is(details, summary)").count():
                problems.append("the notes window shows a fold (a 'Details' heading)")
            for words, file in (shots or {}).items():
                if m["text"].startswith(words) and file not in taken:
                    taken.add(file)
                    (ARTIFACTS / "report").mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(ARTIFACTS / "report" / file))
            for cell in m["boards"]:
                if cell in clicked:
                    continue
                clicked.add(cell)
                problems += _first_click(page, cell, result)
            if problems:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"lecturer-{lesson}-{result['steps']}.png"))
                result["bad"].append((result["steps"], m["active"], m["text"][:40], problems))
            here = page.evaluate(POSITION)
            page.keyboard.press("PageDown")
            try:
                page.wait_for_function(f"(here) => ({POSITION})() !== here", arg=here,
                                       timeout=1500, polling=25)
            except Exception:  # noqa: BLE001 (playwright's TimeoutError): the last step
                break
        result["mode"] = page.evaluate("() => document.body.dataset.jpDeckMode")
    finally:
        context.close()
        _stop_session(lab, name)
    result["seconds"] = round(time.monotonic() - start)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"lecturer-{lesson}.json").write_text(json.dumps(result, indent=1),
                                                       encoding="utf-8")
    with open(ARTIFACTS / "lecturer-path.txt", "a", encoding="utf-8") as f:
        f.write(f"{name}: {result['steps']} steps, tallest {result['tallest']:.0f} px, "
                f"smallest picture {result['smallest']:.2f}, {len(result['bad'])} bad steps, "
                f"{result['seconds']} s\n")
    return result


def _first_click(page, cell: int, result: dict) -> list[str]:
    """Click a live board once, as a lecturer would; what went wrong (nothing, if fine)."""
    target = page.evaluate(TARGET, cell)
    if not target["found"]:
        return [f"{target['kind']}: nothing to click on the board"]
    before = page.evaluate(MEASURE, MIN_PX)
    if not (0 <= target["y"] <= SCREEN["height"] and 0 <= target["x"] <= SCREEN["width"]):
        return [f"{target['kind']}: its first item is off screen at {target['y']:.0f} px"]
    page.mouse.click(target["x"], target["y"])
    try:
        page.wait_for_function(f"([c, s]) => ({STATE})(c) !== s", arg=[cell, target["state"]],
                               timeout=5000, polling=50)
        acted = True
    except Exception:  # noqa: BLE001 (playwright's TimeoutError)
        acted = False
    page.wait_for_timeout(300)
    after = page.evaluate(MEASURE, MIN_PX)
    # the slide must not scroll, and the board must stay under the lecturer's pointer
    moved = after["top"] - before["top"]
    shifted = page.evaluate(BOARD_TOP, cell) - target["top"]
    result["clicks"].append((target["kind"], acted, round(moved), round(shifted)))
    problems = []
    if not acted:
        problems.append(f"{target['kind']}: the first click did nothing")
    if abs(moved) > 1 or abs(shifted) > 1:
        problems.append(f"{target['kind']}: the click moved the slide {moved:.0f} px "
                        f"and the board {shifted:.0f} px")
    if after["mode"] != "presenting":
        problems.append(f"{target['kind']}: the click ended the slideshow")
    return problems


def check(result: dict) -> None:
    """Fail with everything that went wrong in ``result``."""
    assert result.get("mode") == "presenting", result
    assert result["steps"] > 3, result
    assert not result["bad"], (result["lesson"], result["bad"])
    assert not result["late_notes"], (result["lesson"], "notes after what they announce",
                                      result["late_notes"])
