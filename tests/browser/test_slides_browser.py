"""The exported slideshows open from file:// in Chromium with no network at all.

Every request that is not a ``file:`` URL is blocked and recorded; the test
asserts none was attempted.  For each lesson: reveal.js starts, every slide
exported is there, mathematics is typeset (no raw ``$`` left in the text),
no Python object repr shows, and the speaker notes are kept out of the slides.

RISE: its presenter page (``/rise/<lesson>``, what JupyterLab's RISE button and
Alt+R show in a panel) starts on a lesson, every slide is stepped through at
1280×720 and must fit, and no request leaves localhost.  A live widget on a
RISE slide is an expected failure: see the xfail's reason.
"""

from __future__ import annotations

import nbformat
import pytest

from tests.test_present import NOTEBOOKS, REPRS, built

# Text nodes outside code, scripts and notes: where a raw "$" would mean untypeset math.
VISIBLE_TEXT = """() => {
  const skip = "script, style, pre, code, aside, .jp-InputArea, .MathJax_Preview, .highlight";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (el && !el.closest(skip)) out.push(walker.currentNode.textContent);
  }
  return out.join(" ");
}"""


@pytest.fixture(scope="session")
def browser(lab):
    """The session's Chromium (from the ``lab`` fixture: one playwright per process)."""
    return lab.browser


def offline_page(browser, width=1280, height=720):
    """A page that may load file: URLs only; returns (page, list of blocked URLs)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    blocked: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("file:", "data:", "about:", "blob:")):
            r.continue_()
        else:
            blocked.append(url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page, blocked


def wait_for_math(page):
    page.wait_for_function(
        "() => !window.MathJax || (MathJax.Hub && MathJax.Hub.queue &&"
        " MathJax.Hub.queue.pending === 0 && MathJax.Hub.queue.running === 0)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_slideshow_opens_offline_with_every_slide_and_typeset_math(browser, path):
    out = built("slides")
    page, blocked = offline_page(browser)
    try:
        page.goto((out / f"{path.stem}.slides.html").as_uri())
        page.wait_for_selector("body[data-cg-ready='1']")
        wait_for_math(page)
        total = page.evaluate("() => Reveal.getTotalSlides()")
        sections = page.evaluate(
            "() => document.querySelectorAll('.slides > section').length"
            " + document.querySelectorAll('.slides > section > section').length"
            " - document.querySelectorAll('.slides > section:has(> section)').length")
        assert total == sections and total >= 3, (total, sections)
        # step through every slide: reveal moves there and the notes are not on it
        seen = page.evaluate("""() => {
            const seen = new Set(); Reveal.slide(0, 0);
            for (let n = 0; n < 3000; n++) {
              const i = Reveal.getIndices(); seen.add(i.h + "/" + i.v);
              if (Reveal.isLastSlide() && !Reveal.availableFragments().next) break;
              Reveal.next();
            }
            return seen.size; }""")
        assert seen == total and page.evaluate("() => Reveal.isLastSlide()")
        text = page.evaluate(VISIBLE_TEXT)
        assert "$" not in text, text[max(0, text.find("$") - 80): text.find("$") + 80]
        html = page.content()
        assert not [r for r in REPRS if r in html]
        assert page.locator("aside.notes").count() >= 1
        assert page.locator("aside.notes").first.is_hidden()
        assert not blocked, blocked
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
