"""The lesson website opens from file:// in Chromium with no network at all.

Every request that is not a ``file:`` URL is blocked and recorded; the test
asserts none was attempted.  Every lesson page is there and linked from the
index, mathematics is typeset, no object repr shows, solutions and lecturers'
notes are folded boxes that open on a click, next/previous links and search work.
"""

from __future__ import annotations

from tests.browser.test_slides_browser import VISIBLE_TEXT, offline_page, wait_for_math
from tests.browser.test_slides_browser import browser as browser  # a fixture, shared
from tests.test_present import NOTEBOOKS, REPRS, built


def test_the_site_opens_offline_with_every_page_math_search_and_folded_solutions(browser):
    out = built("site")
    page, blocked = offline_page(browser, 1280, 900)
    try:
        page.goto((out / "index.html").as_uri())
        links = page.locator("article a[href$='.html']").evaluate_all(
            "els => els.map(e => e.getAttribute('href'))")
        assert [f"{p.stem}.html" for p in NOTEBOOKS] == [h for h in links if h[:2].isdigit()]
        solved = 0
        for path in NOTEBOOKS:
            page.goto((out / f"{path.stem}.html").as_uri())
            wait_for_math(page)
            text = page.evaluate(VISIBLE_TEXT)
            assert "$" not in text and "\\(" not in text, (path.stem,
                                                          text[max(0, text.find("$") - 80):][:160])
            html = page.content()
            assert not [r for r in REPRS if r in html], path.stem
            notes = page.locator("details.cg-notes")
            if notes.count():
                assert not notes.first.evaluate("d => d.open")
            # solutions (tags hide-input, hide-output) are folded boxes that open on a click
            folded = page.locator("details.hide")
            assert all(not d.evaluate("d => d.open") for d in folded.all()), path.stem
            if folded.count():
                first = folded.first
                first.locator("summary").first.click()
                assert first.evaluate("d => d.open")
                solved += 1
        assert solved >= 1, "no lesson has a folded solution"
        # next/previous navigation and search
        page.goto((out / f"{NOTEBOOKS[0].stem}.html").as_uri())
        page.locator("a.right-next").click()
        page.wait_for_url(f"**/{NOTEBOOKS[1].stem}.html*")
        page.goto((out / "search.html").as_uri() + "?q=nim")
        page.wait_for_selector("#search-results li", timeout=30_000)
        assert page.locator("#search-results li").count() >= 1
        assert not blocked, blocked
    finally:
        page.context.close()
