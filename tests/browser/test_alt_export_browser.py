"""The exported site of lesson 05, read in Chromium: its pictures say what they show.

Lesson 05 is built into a website by the repo's export (:func:`cgteach.present.build_site`,
as ``make site`` does) in a fresh folder and opened offline.  The still pictures of its
two widgets and the picture of ``h.cut(0)`` (a Hackenbush position shown as a cell's
value) carry the alt text their Python objects stored: the same words
:func:`cgteach.widgets._base.still_alt` and ``Hackenbush._alt_text`` give for the same
objects built here, not the code that made them.
"""

from __future__ import annotations

from tests.browser._export_checks import offline_page
from tests.browser.test_slides_browser import browser as browser  # fixture, shared
from tests.test_present import ROOT

LESSON = ROOT / "notebooks" / "05-green-hackenbush.ipynb"

ALTS = """() => [...document.querySelectorAll('article img')].map((img) => ({
  alt: img.getAttribute('alt'), cls: img.className, shown: img.naturalWidth > 0 }))"""


def test_the_exported_lesson_05_gives_its_widget_stills_and_figure_a_true_alt(browser,
                                                                             tmp_path):
    from cgteach.hackenbush import Hackenbush
    from cgteach.hackenbush.examples import house
    from cgteach.present import build_site
    from cgteach.widgets import HackenbushEditor, HackenbushGame

    index = build_site([LESSON], tmp_path / "site", quiet=True)
    page, problems = offline_page(browser, 1280, 900)
    try:
        page.goto((index.parent / f"{LESSON.stem}.html").as_uri())
        images = page.evaluate(ALTS)
    finally:
        page.context.close()
    assert not problems, problems[:5]
    assert images and all(i["shown"] for i in images), images[:3]
    assert all(i["alt"] and len(i["alt"]) >= 8 for i in images), [
        i for i in images if not i["alt"] or len(i["alt"]) < 8][:3]
    alts = [i["alt"] for i in images]
    # the picture of h.cut(0): the position's own words
    h = Hackenbush([(0, 1), (1, 2), (1, 3), (3, 3), (0, 4), (4, 5), (5, 0)])
    assert f"Figure: {h.cut(0)._alt_text()}" in alts
    assert "Figure: Hackenbush position: 3 green edges on 3 nodes, 1 of them on the ground." \
        in alts
    # the widgets' stills: what they show, from their state, never "Still picture of <code>"
    stills = [i["alt"] for i in images if "cg-widget-still" in i["cls"]]
    assert len(stills) == 2, stills
    game = HackenbushGame(house(), computer="perfect", seed=2022)
    assert f"Still picture of the widget: {game._still_alt()}" in stills
    assert stills[1] == ("Still picture of the widget: Hackenbush game against the computer "
                         "(anyone may cut any edge): 16 green edges (2 loops) on 13 nodes, "
                         "2 of them on the ground.")
    assert stills[0] == f"Still picture of the widget: {HackenbushEditor(house())._still_alt()}"
    assert stills[0].endswith("16 green edges (2 loops) on 13 nodes, 2 of them on the ground, "
                              "value *2.")
