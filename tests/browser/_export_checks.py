"""Shared checks for the exported pages (slides, site, handouts' HTML) in Chromium.

``offline_page`` opens pages that may load ``file:`` URLs only and records every
blocked or failed request and every page error; ``math_problems`` finds MathJax
errors and TeX left untypeset; ``SLIDE_MEASURE`` measures the slide on screen.
"""

from __future__ import annotations

import json

# Text outside code, scripts, notes and MathJax's own (typeset) output.
RAW_TEX = r"""() => {
  const skip = "script, style, pre, code, aside, .highlight, mjx-container, .cg-code, textarea";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const bad = [];
  const tex = new RegExp(String.raw`\$[^$\s][^$]*\$|\\\(|\\\[|` +
                         String.raw`\\(frac|oplus|le|ge|mathbb|uparrow|downarrow|pm|text)\b`);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!el || el.closest(skip)) continue;
    const t = walker.currentNode.textContent;
    if (tex.test(t)) bad.push(t.trim().slice(0, 120));
  }
  return bad;
}"""

MATH_ERRORS = """() => {
  const sel = 'mjx-merror, [data-mjx-error], .MathJax_Error, merror';
  const errs = [...document.querySelectorAll(sel)]
    .map(e => (e.getAttribute('data-mjx-error') || e.textContent).slice(0, 120));
  if (document.body.innerText.includes('Math Processing Error')) errs.push('Math Processing Error');
  return errs;
}"""

# The innermost slide on screen: its content height, its smallest visible text (in
# screen pixels), and text that runs under reveal's navigation arrows.
SLIDE_MEASURE = """() => {
  const s = Reveal.getCurrentSlide();
  const scale = Reveal.getScale();
  const controls = document.querySelector('.reveal .controls').getBoundingClientRect();
  let smallest = 1000, where = '', under = [];
  const walker = document.createTreeWalker(s, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el) continue;
    if (el.closest('aside, mjx-assistive-mml, script, style')) continue;
    const closed = el.closest('details:not([open])');
    if (closed && !el.closest('summary')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const px = parseFloat(style.fontSize) * scale;
    if (px < smallest) { smallest = px; where = node.textContent.trim().slice(0, 40); }
    if (r.right > controls.left + 4 && r.bottom > controls.top + 4 &&
        r.left < controls.right && r.top < controls.bottom) {
      under.push(node.textContent.trim().slice(0, 40));
    }
  }
  const imgs = [...s.querySelectorAll('img')].filter(i => !i.closest('details:not([open])'));
  // each picture on screen: its drawn width over its own (the <img>'s width, else its
  // pixel width: its size in the notebook); a step still to come is not on screen
  const shown = imgs.filter(i => !i.closest('.fragment:not(.visible)') && i.naturalWidth);
  const pictures = shown.map(i => Math.round(i.getBoundingClientRect().width / scale
      / (parseFloat(i.getAttribute('width')) || i.naturalWidth) * 1000) / 1000);
  return {indices: Reveal.getIndices(), height: s.scrollHeight, smallest, where, under, pictures,
          fit: s.getAttribute('data-cg-fit'), scale,
          noAlt: imgs.filter(i => !(i.getAttribute('alt') || '').trim()).length,
          cut: imgs.filter(i => i.getBoundingClientRect().bottom > (window.innerHeight + 1)).length,
          title: (s.querySelector('h1, h2, h3') || s).textContent.trim().slice(0, 50)};
}"""


def offline_page(browser, width=1280, height=720):
    """A page that may load file: URLs only; returns (page, problems: list of str)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    problems: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("file:", "data:", "about:", "blob:")):
            r.continue_()
        else:
            problems.append(f"blocked {url}")
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("requestfailed", lambda r: problems.append(f"failed {r.url[:200]}"))
    page.on("pageerror", lambda e: problems.append(f"page error {e}"))
    page.on("console", lambda m: m.type == "error" and problems.append(f"console {m.text[:200]}"))
    page.set_default_timeout(60_000)
    return page, problems


def wait_for_math(page):
    """Wait until MathJax 3 has typeset the page (or the page loads no MathJax)."""
    page.wait_for_function(
        "() => !document.querySelector('script[src*=\"tex-svg\"]') ||"
        " (window.MathJax && MathJax.startup && MathJax.startup.promise)")
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise"
                  ".then(() => true) : null")


def math_problems(page) -> list[str]:
    return [f"math error: {e}" for e in page.evaluate(MATH_ERRORS)] + [
        f"raw TeX: {t}" for t in page.evaluate(RAW_TEX)]


def run_axe(page, axe_js) -> list[dict]:
    """axe-core's serious and critical violations on the page (injected from a local file)."""
    page.add_script_tag(path=str(axe_js))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations'], preload: false});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => ({id: v.id, impact: v.impact, help: v.help, n: v.nodes.length,
                      first: v.nodes[0] && v.nodes[0].target.join(' ')}));
    }""")
    return json.loads(json.dumps(result))



def chromium_browser(request):
    """The session's one Chromium (:func:`tests.browser.conftest.shared_browser`)."""
    import pytest

    from tests.browser import conftest

    reason = conftest._missing()
    if reason:
        if conftest.REQUIRE:
            pytest.fail(f"CGTEACH_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    return conftest.shared_browser()


def release_browser() -> None:
    """Kept for the callers: the shared Chromium is stopped when the session ends."""
