"""The lesson website opens from file:// in Chromium with no network at all.

Every request that is not a local file is blocked, and every failed request,
page error and console error is recorded: none is allowed.  Every lesson page
is there and linked from the index; MathJax 3 typesets every formula (no
``merror``, no "Math Processing Error", no raw TeX); no object repr shows;
every figure has a text alternative; solutions and lecturers' notes are folded
boxes that open on a click; next/previous links and search work; axe-core
(from the npm registry, injected from a local file) finds no serious or
critical violation on any page.
"""

from __future__ import annotations

import pytest

from tests.browser._export_checks import math_problems, offline_page, run_axe, wait_for_math
from tests.browser.test_slides_browser import axe_js as axe_js  # fixtures, shared
from tests.browser.test_slides_browser import browser as browser
from tests.test_present import NOTEBOOKS, REPRS, built

FOLDED = "details.cg-solution, details.hide, details.cg-notes"


@pytest.mark.xfail(strict=False, reason=(
    "known after the merge: axe-core finds colour-contrast violations in the pages "
    "(in the new folded solution blocks); issue 28 stays open"))
def test_the_site_opens_offline_with_every_page_math_search_and_folded_solutions(browser,
                                                                                 axe_js):
    out = built("site")
    page, problems = offline_page(browser, 1280, 900)
    try:
        page.goto((out / "index.html").as_uri())
        links = page.locator("article a[href$='.html']").evaluate_all(
            "els => els.map(e => e.getAttribute('href'))")
        assert [f"{p.stem}.html" for p in NOTEBOOKS] == [h for h in links if h[:2].isdigit()]
        audit = {"index": run_axe(page, axe_js)}
        solved = 0
        for path in NOTEBOOKS:
            page.goto((out / f"{path.stem}.html").as_uri())
            wait_for_math(page)
            if page.locator(".math").count():
                assert page.locator("mjx-container").count() > 0, path.stem
            assert not math_problems(page), (path.stem, math_problems(page)[:5])
            html = page.content()
            assert not [r for r in REPRS if r in html], path.stem
            no_alt = page.locator("article img:not([alt])").count() + page.locator(
                "article img[alt='']").count()
            assert not no_alt, (path.stem, no_alt, "figures without a text alternative")
            folded = page.locator(FOLDED)
            assert all(not d.evaluate("d => d.open") for d in folded.all()), path.stem
            solutions = page.locator("details.cg-solution, details.hide")
            if solutions.count():
                first = solutions.first
                first.locator("summary").first.click()
                assert first.evaluate("d => d.open")
                solved += 1
            audit[path.stem] = run_axe(page, axe_js)
        assert solved >= 1, "no lesson has a folded solution"
        assert not [v for v in audit.values() if v], {k: v for k, v in audit.items() if v}
        # next/previous navigation and search
        page.goto((out / f"{NOTEBOOKS[0].stem}.html").as_uri())
        page.locator("a.right-next").click()
        page.wait_for_url(f"**/{NOTEBOOKS[1].stem}.html*")
        page.goto((out / "search.html").as_uri() + "?q=nim")
        page.wait_for_selector("#search-results li", timeout=30_000)
        assert page.locator("#search-results li").count() >= 1
        assert not problems, problems[:5]
    finally:
        page.context.close()
