"""The lesson website opens from file:// in Chromium with no network at all.

Every request that is not a local file is blocked, and every failed request,
page error and console error is recorded: none is allowed.  Every lesson page
is there and linked from the index; MathJax 3 typesets every formula (no
``merror``, no "Math Processing Error", no raw TeX); no object repr shows;
every figure has a text alternative; solutions and lecturers' notes are folded
boxes that open on a click; next/previous links and search work; axe-core
(from the npm registry, injected from a local file) finds no serious or
critical violation on any page with the folded boxes closed, nor in what the
boxes show once every one of them is opened by a click (so the solutions' code
and outputs are audited too).  The counts by impact are written to ``site-axe.json`` in the
browser artefacts folder.
"""

from __future__ import annotations

import json

import pytest

from tests.browser._export_checks import math_problems, offline_page, run_axe, wait_for_math
from tests.browser.conftest import merge_record
from tests.browser.test_slides_browser import axe_js as axe_js  # fixtures, shared
from tests.browser.test_slides_browser import browser as browser
from tests.test_present import NOTEBOOKS, REPRS, built

pytestmark = pytest.mark.export     # reads build/site (and builds it when stale)
#: One page per test: parallel workers may share them out (tests/conftest.py).
XDIST_SPREAD = True

FOLDED = "details.cg-solution, details.hide, details.cg-notes"
IMPACTS = ("critical", "serious", "moderate", "minor")

# every violation of every impact, counted by impact (the serious ones listed), in the
# whole page or in the elements ``selector`` picks (the content of the opened boxes)
_AXE_ALL = """async (selector) => {
    const where = selector ? {include: [...document.querySelectorAll(selector)]} : document;
    const r = await axe.run(where, {resultTypes: ['violations'], preload: false});
    const count = {critical: 0, serious: 0, moderate: 0, minor: 0};
    for (const v of r.violations) count[v.impact] = (count[v.impact] || 0) + v.nodes.length;
    const bad = r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
                  first: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' +
                    ((n.any[0] || {}).message || '').slice(0, 160))}));
    return {count, bad};
}"""


def audit(page, axe_js, selector: str | None = None) -> dict:
    """axe-core on the page as it is now (or on the elements ``selector`` picks): counts
    by impact and the serious/critical ones."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(axe_js))
    return json.loads(json.dumps(page.evaluate(_AXE_ALL, selector)))


# What opening the boxes brings on screen: their content (the summaries were there, and
# audited, while they were closed).
INSIDE = ", ".join(f"{box}[open] > :not(summary)" for box in FOLDED.split(", "))


def open_every_box(page, selector: str = FOLDED) -> int:
    """Open every folded box by clicking its summary, as a reader would (the click
    scrolls it into view); return how many.  Every one is open afterwards."""
    boxes = page.locator(selector)
    closed = boxes.evaluate_all("ds => ds.map(d => !d.open)")
    for i, shut in enumerate(closed):
        if shut:
            boxes.nth(i).locator("summary").first.click()
    still = boxes.evaluate_all("ds => ds.flatMap((d, i) => d.open ? [] : [i])")
    assert not still, f"boxes {still} did not open"
    return len(closed)


def _record(artifacts, audits: dict) -> None:
    """Add these audits' counts to ``site-axe.json`` (parallel workers each add theirs)."""
    merge_record(artifacts / "site-axe.json", {k: v["count"] for k, v in audits.items()})


# The site was checked in one test, page after page; it is now one test per page (the
# same checks), so that parallel workers can share the pages out.

def test_the_site_index_links_every_lesson_navigates_searches_and_passes_the_audit(
        browser, axe_js, artifacts):
    out = built("site")
    page, problems = offline_page(browser, 1280, 900)
    try:
        page.goto((out / "index.html").as_uri())
        links = page.locator("article a[href$='.html']").evaluate_all(
            "els => els.map(e => e.getAttribute('href'))")
        assert [f"{p.stem}.html" for p in NOTEBOOKS] == [h for h in links if h[:2].isdigit()]
        audits = {"index": audit(page, axe_js)}
        assert not run_axe(page, axe_js)  # the shared check agrees on the index
        _record(artifacts, audits)
        assert not audits["index"]["bad"], audits["index"]["bad"]
        # a folded solution to open (each page's test opens its first one)
        assert any('<details class="cg-solution"' in (out / f"{p.stem}.html").read_text(
            encoding="utf-8") for p in NOTEBOOKS), "no lesson has a folded solution"
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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_site_page_opens_offline_with_math_alts_and_folded_solutions(browser, axe_js,
                                                                           artifacts, path):
    out = built("site")
    page, problems = offline_page(browser, 1280, 900)
    try:
        audits = {}
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
        audits[f"{path.stem} (closed)"] = audit(page, axe_js)
        solutions = page.locator("details.cg-solution, details.hide")
        if solutions.count():
            first = solutions.first
            first.locator("summary").first.click()
            assert first.evaluate("d => d.open")
        opened = open_every_box(page)
        inside = page.locator("details.cg-solution[open] .cg-solution-code")
        assert inside.count() == page.locator("details.cg-solution").count(), path.stem
        # an open solution says so (issue 37): "Hide the solution"
        words = page.locator("details.cg-solution[open] > summary").all_inner_texts()
        assert all(w.strip() == "Hide the solution" for w in words), (path.stem, words[:3])
        if inside.count():
            assert inside.first.is_visible(), path.stem
        # the whole page was audited closed; now what opening the boxes showed
        audits[f"{path.stem} (opened {opened})"] = audit(page, axe_js, INSIDE)
        _record(artifacts, audits)
        bad = {k: v["bad"] for k, v in audits.items() if v["bad"]}
        assert not bad, bad
        assert not problems, problems[:5]
    finally:
        page.context.close()
