"""The exported slideshows open from file:// in Chromium with no network at all.

Every request that is not a ``file:`` URL is blocked and recorded; the test
asserts none was attempted.  For each lesson: reveal.js starts, every slide
exported is there, mathematics is typeset (no raw ``$`` left in the text),
no Python object repr shows, and the speaker notes are kept out of the slides.

The live slideshow inside JupyterLab (which replaced RISE) is tested in
``test_live_slides_browser.py``.
"""

from __future__ import annotations

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
