"""The exported slideshows open from file:// in Chromium with no network at all.

For each lesson: every request other than a local file is blocked and every
failed request, page error and console error is recorded (none allowed);
MathJax 3 typesets every formula (no ``merror``, no "Math Processing Error", no
raw TeX left); then every slide is shown in turn at 1280×720 and measured: its
content fits 720 px (no scrolling), its smallest visible text is at least 18 px
on screen, no text runs under the navigation arrows, every figure is whole on
screen and has a text alternative.  axe-core (from the npm registry, injected
from a local file) audits every slideshow and the index: no serious or critical
violation.  The measurements go to ``$CGTEACH_BROWSER_ARTIFACTS/slides-fit.json``.

RISE: its presenter page (``/rise/<lesson>``, what JupyterLab's RISE button and
Alt+R show in a panel) starts on a lesson, every slide is stepped through at
1280×720 and must fit, and no request leaves localhost.  A live widget on a
RISE slide is an expected failure: see the xfail's reason.
"""

from __future__ import annotations

import json

import nbformat
import pytest

from tests.browser._export_checks import (
    SLIDE_MEASURE,
    chromium_browser,
    math_problems,
    offline_page,
    release_browser,
    run_axe,
    wait_for_math,
)
from tests.test_present import NOTEBOOKS, REPRS, built

#: Kept for the site test's import (text outside code, scripts and notes).
VISIBLE_TEXT = """() => {
  const skip = "script, style, pre, code, aside, .jp-InputArea, mjx-container, .highlight";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (el && !el.closest(skip)) out.push(walker.currentNode.textContent);
  }
  return out.join(" ");
}"""

HEIGHT, SMALLEST_TEXT = 720, 18.0


@pytest.fixture(scope="session")
def browser(request):
    """Chromium for the export tests (JupyterLab's when the session starts one)."""
    yield chromium_browser(request)
    release_browser()


@pytest.fixture(scope="session")
def fit_record(artifacts):
    record: dict = {}
    yield record
    (artifacts / "slides-fit.json").write_text(json.dumps(record, indent=1))


@pytest.fixture(scope="session")
def axe_js():
    from cgteach.present._assets import axe_file

    return axe_file()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_slide_fits_1280x720_offline_with_typeset_math(browser, path, fit_record,
                                                              axe_js, artifacts):
    out = built("slides")
    page, problems = offline_page(browser, 1280, 720)
    try:
        page.goto((out / f"{path.stem}.slides.html").as_uri())
        page.wait_for_selector("body[data-cg-ready='1']")
        wait_for_math(page)
        assert not math_problems(page), math_problems(page)[:5]
        slides = page.evaluate("() => Reveal.getSlides().map(s => Reveal.getIndices(s))")
        assert len(slides) == page.evaluate("() => Reveal.getTotalSlides()") >= 3
        measured, bad = [], []
        for where in slides:
            page.evaluate("([h, v]) => Reveal.slide(h, v)", [where["h"], where["v"] or 0])
            m = page.evaluate(SLIDE_MEASURE)
            assert m["indices"]["h"] == where["h"], (m["indices"], where)
            measured.append({k: m[k] for k in ("indices", "height", "smallest", "title")})
            if (m["height"] > HEIGHT + 1 or m["smallest"] < SMALLEST_TEXT - 0.01 or m["under"]
                    or m["noAlt"] or m["cut"] or m["scale"] < 0.999):
                bad.append(m)
                page.screenshot(path=str(artifacts / f"slide-{path.stem}-{where['h']}-"
                                                     f"{where['v'] or 0}.png"))
        fit_record[path.stem] = {
            "slides": len(slides), "tallest": max(m["height"] for m in measured),
            "smallest_text_px": round(min(m["smallest"] for m in measured), 2)}
        assert not bad, f"{path.stem}: slides that do not fit 1280x720: {bad[:4]}"
        html = page.content()
        assert not [r for r in REPRS if r in html]
        assert page.locator("aside.notes").count() >= 1
        assert page.locator("aside.notes").first.is_hidden()
        violations = run_axe(page, axe_js)
        assert not violations, f"{path.stem}: axe-core: {violations}"
        assert not problems, problems[:5]
    finally:
        page.context.close()


def test_the_slides_index_is_styled_links_every_lesson_and_passes_the_audit(browser, axe_js):
    out = built("slides")
    page, problems = offline_page(browser, 1280, 720)
    try:
        page.goto((out / "index.html").as_uri())
        links = page.locator("main a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
        assert links == [f"{p.stem}.slides.html" for p in NOTEBOOKS]
        assert page.evaluate("() => getComputedStyle(document.body).fontSize") == "20px"
        assert page.locator("main a").first.inner_text()[:2].isdigit()
        assert not run_axe(page, axe_js)
        page.locator("main a").nth(1).click()
        page.wait_for_selector("body[data-cg-ready='1']")
        assert not problems, problems[:5]
    finally:
        page.context.close()


# -- RISE inside JupyterLab ---------------------------------------------------------

#: What every lesson's ``metadata.rise`` must hold: with reveal's default
#: percentage sizes, jupyterlab-rise 0.43.1 computes a NaN scale, lays the slides
#: off-centre and overflows the stack (layout -> resize event -> layout ...).
RISE_METADATA = {"width": 1280, "height": 720}

# The innermost slide on screen, and whether its content is taller than the slide.
PRESENT = """() => {
  const s = [...document.querySelectorAll('.reveal .slides section.present')]
              .filter(x => !x.classList.contains('stack')).pop();
  return s ? {hash: location.hash, scroll: s.scrollHeight, text: s.innerText.slice(0, 60)} : null;
}"""

STEP = """() => {
  const c = document.querySelector('.reveal .controls');
  for (const dir of ['down', 'right']) {
    const b = c && c.querySelector('.navigate-' + dir + '.enabled');
    if (b) { b.click(); return dir; }
  }
  return null;
}"""


def _lesson_for_rise():
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        if "slideshow" in nb.cells[0].metadata:
            return path, nb
    pytest.skip("no lesson has slide metadata yet")


def test_rise_shows_every_slide_of_a_lesson_offline_within_1280x720(lab, artifacts):
    path, nb = _lesson_for_rise()
    # The lessons are to carry RISE_METADATA (see test_present.py); a copy gets it here so
    # this test checks the slides' fit whether or not the lesson has been updated yet.
    rise = dict(nb.metadata.get("rise", {}))
    rise.update({k: v for k, v in RISE_METADATA.items() if k not in rise})
    nb.metadata["rise"] = rise
    nbformat.write(nb, lab.root / path.name)
    context = lab.browser.new_context(viewport={"width": 1280, "height": 720})
    outside: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith((lab.url, "data:", "blob:", "about:")):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # RISE's presenter page: what the toolbar button and Alt+R open in a panel.
        page.goto(f"{lab.url}/rise/{path.name}")
        page.wait_for_selector(".reveal .slides > section")
        page.wait_for_timeout(2000)
        slides = sum(c.metadata.get("slideshow", {}).get("slide_type") == "slide"
                     for c in nb.cells)
        assert page.locator(".reveal .slides > section").count() == slides
        box = page.locator(".reveal .slides").bounding_box()
        assert box["x"] < 200 and box["y"] < 200, f"slides off-centre: {box}"
        seen, too_tall = set(), []
        for _ in range(600):
            here = page.evaluate(PRESENT)
            if here["hash"] not in seen:
                seen.add(here["hash"])
                if here["scroll"] > 720 + 2:
                    too_tall.append((here["hash"], here["scroll"], here["text"]))
                    page.screenshot(path=str(artifacts / f"rise-too-tall-{len(too_tall)}.png"))
            if page.evaluate(STEP) is None:
                break
            page.wait_for_timeout(60)
        (artifacts / "rise-slides.txt").write_text(f"{path.name}: {len(seen)} slides seen\n")
        assert len(seen) >= slides
        assert not too_tall, f"{path.name}: slides taller than 720 px: {too_tall}"
        assert not [e for e in errors if "call stack" in e], errors[:3]
        # the theme comes from the settings override: white, whose fonts are bundled
        assert not outside, outside
    finally:
        context.close()


@pytest.mark.xfail(strict=True, reason=(
    "jupyterlab-rise 0.43.1 cannot load ipywidgets 8's widget manager in its presenter page "
    "(\"Shared module @jupyterlab/console doesn't exist in shared scope\", upstream "
    "jupyterlab-contrib/rise#119): a widget run on a slide shows its still picture only"))
def test_rise_a_widget_on_a_slide_answers_a_click(lab):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["rise"] = dict(RISE_METADATA)
    title = nbformat.v4.new_markdown_cell("# A widget on a slide")
    play = nbformat.v4.new_code_cell("from cgteach.widgets import NimGame\nNimGame([1, 2], seed=1)")
    title.metadata["slideshow"] = {"slide_type": "slide"}
    play.metadata["slideshow"] = {"slide_type": "slide"}
    nb.cells = [title, play]
    nbformat.write(nb, lab.root / "rise_widget.ipynb")
    context = lab.browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{lab.url}/rise/rise_widget.ipynb")
        page.wait_for_selector(".reveal .slides > section")
        page.evaluate(STEP)
        page.locator(".reveal section.present .jp-CodeCell .jp-InputPrompt").first.click()
        page.keyboard.press("Shift+Enter")
        game = page.locator("[data-testid=nim-game]")
        game.wait_for(state="attached", timeout=30_000)
        game.locator("[data-testid=nim-stone-1-1]").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=nim-message]').textContent.length > 0")
    finally:
        context.close()
