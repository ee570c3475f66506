"""A big NimGame board in lecture mode at 1280×720: the binary table goes under it.

The board with the most stones a game allows (a pile of 40) is drawn with its
binary table, in lecture mode, on a 1280×720 page with the sidebar folded away
(as on a projector).  The board is not cut off or scrolled; when it is too wide to
share its row, the table wraps under it, so the board is drawn as large as it is
without a table (its labels: 10 px, not 7 px).  A small board keeps the table
beside it and its labels at 24 px.  (Labels of 18 px on a 40-stone board need the
board itself to lay long piles out in rows: nim_game.js, not this style sheet.)
"""

from __future__ import annotations

import json

CELLS = [
    "from cgteach.draw import lecture_mode\n"
    "from cgteach.widgets import NimGame\n"
    "_ = lecture_mode(True)",
    "g = NimGame([40, 0, 39, 1, 0, 2, 0, 3, 0, 0], seed=3)\ng.show_table = True\ng",
    "NimGame([0] * 9 + [40], seed=4)",
    "NimGame([3, 4, 5, 7, 8], seed=1)",
]

MEASURE = """root => {
  const board = root.querySelector('[data-testid=nim-board]');
  const table = root.querySelector('[data-testid=nim-table-box]');
  const box = board.getBoundingClientRect();
  const scale = board.getScreenCTM() ? board.getScreenCTM().a : 1;
  const labels = [...board.querySelectorAll('.nim-label')].map(
    (t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  const out = root.closest('.jp-OutputArea-output').getBoundingClientRect();
  const t = table.getBoundingClientRect();
  return { scale, smallest: Math.min(...labels), board: [box.left, box.right, box.top, box.bottom],
           output: [out.left, out.right], table: [t.left, t.top, t.width, t.height],
           overflow: root.scrollWidth - root.clientWidth };
}"""


def _projector(book):
    page = book.page
    page.set_viewport_size({"width": 1280, "height": 720})
    if page.locator("#jp-left-stack").is_visible():
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
        page.locator("#jp-left-stack").wait_for(state="hidden")
        page.wait_for_timeout(300)


def test_a_big_board_in_lecture_mode_keeps_its_labels_readable(book, artifacts):
    _projector(book)
    games = book.page.locator("[data-testid=nim-game]")
    reports = {}
    for k, name in enumerate(("big, table", "tall", "five piles")):
        root = games.nth(k)
        book.wait_until("([el]) => el.dataset.lecture === 'true'", root)
        root.scroll_into_view_if_needed()
        book.page.wait_for_timeout(300)
        reports[name] = root.evaluate(MEASURE)
        book.screenshot(root, f"nim_lecture_wrap_{k}.png")
    (artifacts / "nim_lecture_wrap.json").write_text(json.dumps(reports, indent=1))
    for name, r in reports.items():
        left, right = r["board"][:2]
        assert r["output"][0] - 0.5 <= left and right <= r["output"][1] + 0.5, (name, r)
        assert r["overflow"] == 0, (name, r)
    big, tall, small = reports["big, table"], reports["tall"], reports["five piles"]
    # the table wrapped under the big board, which is as large as one without a table
    assert big["table"][1] >= big["board"][3] - 0.5, big
    assert abs(big["scale"] - tall["scale"]) < 0.02 * tall["scale"], (big, tall)
    assert big["smallest"] >= 0.95 * tall["smallest"], (big, tall)
    # a small board is drawn at full size, its labels at the lecture size
    assert small["scale"] > 0.99 and small["smallest"] >= 18 - 0.5, small
