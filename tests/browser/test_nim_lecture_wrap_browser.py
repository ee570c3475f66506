"""A big NimGame board in lecture mode at 1280×720: its labels stay readable.

The board with the most stones a game allows (a pile of 40) is drawn with its
binary table, in lecture mode, on a 1280×720 page with the sidebar folded away
(as on a projector).  In lecture mode a pile of more than 20 stones goes on
over more lines (nim_game.js), so the board stays about as wide as the screen
and every label is drawn at 18 px or more (one 40-stone line used to shrink them
to 7 px); the stones of the next line sit under the first ones.  When the board
is too wide to share its row, the binary table wraps under it (nim.css).  No
board is cut off or scrolled; a small board keeps its labels at 24 px.
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
  const stone = (j) => {
    const c = board.querySelector(`[data-testid=nim-stone-9-${j}]`);
    return c ? [+c.getAttribute('cx'), +c.getAttribute('cy')] : null;
  };
  return { scale, smallest: Math.min(...labels), board: [box.left, box.right, box.top, box.bottom],
           stones: [stone(0), stone(19), stone(20), stone(39)],
           output: [out.left, out.right], table: [t.left, t.top, t.width, t.height],
           overflow: root.scrollWidth - root.clientWidth };
}"""


def test_a_big_board_in_lecture_mode_keeps_its_labels_readable(book, artifacts):
    book.projector()
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
    # the table does not fit beside the big board: it wrapped under it
    assert big["table"][1] >= big["board"][3] - 0.5, big
    # every label at the lecture size or nearly (18 px), the 40-stone boards included
    for name, r in reports.items():
        assert r["smallest"] >= 18 - 0.5, (name, r)
    # the pile of 40 (pile 9 of the tall board) goes on over two lines of 20
    first, last_of_line, next_line, last = tall["stones"]
    assert first[1] == last_of_line[1] < next_line[1] == last[1], tall["stones"]
    assert next_line[0] == first[0] and last[0] == last_of_line[0], tall["stones"]
    # a small board is drawn at full size
    assert small["scale"] > 0.99, small
