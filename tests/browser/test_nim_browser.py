"""The Nim widgets (cgteach.widgets.nim) driven in a real JupyterLab.

NimExplorer: a slider moved with the keyboard changes the binary table and
the hint, in the page and in the kernel; its ``aria-live`` region says the
position and every change (a slider moved from the keyboard, a pile added
with the keyboard), and its sliders and buttons have accessible names.
NimGame: clicking a stone takes it and the stones to its right; the computer
answers.  Long labels ("Pile 10 (empty)") never run into a stone (nor into the
dashed ghosts of the computer's last move, nor the keyboard focus ring), in normal
mode, lecture mode and the live slideshow (where the board is zoomed 1.6 times),
and the biggest boards fit the notebook's width without scrolling.
"""

from __future__ import annotations

CELLS = [
    "from cgteach.widgets import NimExplorer, NimGame",
    # 1, 2: the explorer on 3, 4, 5 and its probe
    "explorer = NimExplorer((3, 4, 5))\nexplorer",
    "print('EXPLORER', *explorer.heaps)",
    # 3, 4: a game on 1, 2 (unbalanced: taking one from the 2-heap wins)
    "game = NimGame([1, 2], seed=1)\ngame",
    "print('GAME', *game.heaps, game.winner or 'playing')",
    # 5, 6, 7: long labels: ten piles (the limit), empty ones, piles of 40 (the limit)
    "wide = NimGame([0, 40, 0, 0, 0, 0, 0, 0, 0, 0], seed=2, lecture=False)\nwide",
    "big = NimGame([40, 0, 39, 1, 0, 2, 0, 3, 0, 0], seed=3, lecture=True)\nbig",
    "tall = NimGame([0] * 9 + [40], seed=4, lecture=True)\ntall.show_table = True\ntall",
    # 8: a small board, whose labels are short
    "small = NimGame([2, 1], seed=5, lecture=False)\nsmall",
    # 9: a change from the kernel, to redraw the wide board while it is hidden
    "wide.show_table = not wide.show_table\nprint('TABLE', wide.show_table)",
]

#: For one NimGame root: every label's box against every stone's (and ghost's, and
#: focus ring's) box, on the screen and in the board's own units, and the board's and
#: its cell output's widths.
LAYOUT = """root => {
  const board = root.querySelector('[data-testid=nim-board]');
  const box = board.getBoundingClientRect();
  const scale = box.width / board.viewBox.baseVal.width;
  const labels = [...board.querySelectorAll('.nim-label')];
  const circles = [...board.querySelectorAll('circle')];
  const hits = [];
  for (const label of labels) {
    const a = label.getBoundingClientRect();
    const la = label.getBBox();
    for (const circle of circles) {
      // the circle's box and half its stroke (at most 4 units wide)
      const b = circle.getBoundingClientRect();
      const pad = 2 * scale;
      const screen = a.left < b.right + pad && b.left - pad < a.right
        && a.top < b.bottom + pad && b.top - pad < a.bottom;
      const lb = circle.getBBox();
      const units = la.x < lb.x + lb.width + 2 && lb.x - 2 < la.x + la.width
        && la.y < lb.y + lb.height + 2 && lb.y - 2 < la.y + la.height;
      if (screen || units) hits.push([label.textContent, circle.getAttribute('data-testid')]);
    }
  }
  const output = root.closest('.jp-OutputArea-output');
  const out = output.getBoundingClientRect();
  const panel = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
  return {
    hits, labels: labels.map((t) => t.textContent), circles: circles.length,
    ghosts: board.querySelectorAll('.nim-ghost').length,
    labelRight: Math.max(...labels.map((t) => t.getBoundingClientRect().right)),
    firstStone: Math.min(...circles.map((c) => c.getBoundingClientRect().left)),
    board: [box.left, box.right], output: [out.left, out.right],
    overflow: [output.scrollWidth - output.clientWidth, root.scrollWidth - root.clientWidth,
               panel.scrollWidth - panel.clientWidth],
    zoom: getComputedStyle(board).zoom, lecture: root.dataset.lecture,
  };
}"""


def _layout(root) -> dict:
    root.scroll_into_view_if_needed()
    return root.evaluate(LAYOUT)


def _assert_clear(report: dict, where: str) -> None:
    """No label meets a circle; the labels form a column left of every circle; no scrolling."""
    assert report["circles"] > 0 and report["labels"], (where, report)
    assert not report["hits"], (where, report)
    assert report["labelRight"] < report["firstStone"], (where, report)
    left, right = report["board"]
    assert report["output"][0] - 0.5 <= left and right <= report["output"][1] + 0.5, (where, report)
    assert report["overflow"] == [0, 0, 0], (where, report)


def test_explorer_slider_moves_the_table_and_the_hint(book):
    page = book.page
    root = page.locator(".cgteach-nim-explorer")
    root.scroll_into_view_if_needed()
    hint = root.locator("[data-testid=nim-hint-text]")
    assert hint.get_attribute("data-balanced") == "false"     # 3 ^ 4 ^ 5 = 2
    handle = root.locator(".nim-explorer-heap-0 .noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowLeft")                          # heap 1: 3 -> 2 ...
    page.keyboard.press("ArrowLeft")                          # ... -> 1: 1 ^ 4 ^ 5 = 0
    # the hint is redrawn as new HTML: wait for the new element
    root.locator("[data-testid=nim-hint-text][data-balanced='true']").wait_for()
    row = root.locator("[data-testid=nim-table-row-0]")
    assert "1" in row.inner_text()
    assert book.probe(2, "EXPLORER") == "EXPLORER 1 4 5"
    # sliders of 0..31 are wide enough to pick a value (not squeezed into 125 px)
    track = root.locator(".nim-explorer-heap-0 .noUi-target, .nim-explorer-heap-0 .slider")
    width = track.first.bounding_box()["width"] if track.count() else 0
    assert width >= 300, width
    book.screenshot(root, "nim_explorer.png")


def test_explorer_announces_every_change_made_from_the_keyboard(book):
    page = book.page
    root = page.locator(".cgteach-nim-explorer")
    root.scroll_into_view_if_needed()
    live = root.locator("[data-testid=nim-explorer-live]")
    live.wait_for(state="attached")
    # a polite status region, visually hidden but in the accessibility tree
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("role") == "status"
    assert live.evaluate("el => el.getBoundingClientRect().width") <= 1
    # the previous test left piles 1, 4, 5 (balanced): the region says so
    book.wait_until("([el]) => el.textContent.startsWith('Pile 1 is now 1. Piles 1, 4, 5.')",
                    live)
    assert "Balanced" in live.text_content() and "⊕" not in live.text_content()
    # the buttons and sliders have accessible names
    add = page.get_by_role("button", name="Add a pile")
    assert add.count() == 1 and page.get_by_role("button", name="Remove the last pile").count()
    names = root.locator("[role=slider]").evaluate_all(
        "els => els.map(e => [e.getAttribute('aria-label'), e.getAttribute('aria-labelledby'),"
        " e.getAttribute('aria-valuetext'), e.getAttribute('aria-valuenow')])")
    assert len(names) == 3, names
    for i in range(3):
        assert root.get_by_role("slider", name=f"Pile {i + 1}").count() == 1, (i, names)
    # keyboard only: pile 2 goes 4 -> 5, the region says the new position and its hint
    handle = root.locator(".nim-explorer-heap-1 .noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowRight")
    book.wait_until("([el]) => el.textContent.startsWith('Pile 2 is now 5. Piles 1, 5, 5.')",
                    live)
    assert "Nim sum 1 xor 5 xor 5 = 1. Winning moves: take 1 from pile 1, leaving 0" in (
        live.text_content())
    # Tab to "Add a pile" from the last slider and press Enter: a fourth pile of 1
    handle = root.locator(".nim-explorer-heap-2 .noUi-handle")
    handle.focus()
    for _ in range(6):
        page.keyboard.press("Tab")
        if add.evaluate("el => el === document.activeElement"):
            break
    assert add.evaluate("el => el === document.activeElement"), "Tab did not reach the button"
    page.keyboard.press("Enter")
    book.wait_until("([el]) => el.textContent.startsWith('Pile 4 added. Piles 1, 5, 5, 1.')",
                    live)
    assert book.probe(2, "EXPLORER") == "EXPLORER 1 5 5 1"
    assert live.text_content().count("Piles") == 1, "one announcement at a time"
    # the new pile's slider is named too
    book.wait_until("([el]) => el.querySelectorAll('[role=slider][aria-label]').length === 4",
                    root)
    assert root.get_by_role("slider", name="Pile 4").count() == 1


def test_game_click_a_stone_and_the_computer_answers(book):
    page = book.page
    root = page.locator("[data-testid=nim-game]").first   # the game of cell 3
    root.scroll_into_view_if_needed()
    assert book.probe(4, "GAME") == "GAME 1 2 playing"
    book.screenshot(root, "nim_game.png")
    # take the last stone of heap 2 (index 1): 1, 1 is balanced; the computer must take one
    root.locator("[data-testid=nim-stone-1-1]").click()
    message = root.locator("[data-testid=nim-message]")
    book.wait_until("([el]) => el.textContent.length > 0", message)
    book.wait_until("([el]) => el.querySelectorAll('[data-testid^=nim-stone-]').length === 1",
                    root.locator("[data-testid=nim-board]"))
    assert book.probe(4, "GAME") in ("GAME 0 1 playing", "GAME 1 0 playing")
    # the computer emptied a pile: its dashed ghost is clear of "Pile N (empty)"
    report = _layout(root)
    assert report["ghosts"] == 1 and any("(empty)" in t for t in report["labels"]), report
    _assert_clear(report, "after the computer's move")
    # the last stone: the student wins
    root.locator("[data-testid^=nim-stone-]").first.click()
    book.wait_until("([el]) => el.dataset.winner === 'you'", root)
    assert book.probe(4, "GAME") == "GAME 0 0 you"
    status = root.locator("[data-testid=nim-status]").inner_text()
    assert status == "You win! You took the last stone.", status
    book.screenshot(root, "nim_game_won.png")


def test_long_labels_never_touch_a_stone_and_the_board_fits(book):
    page = book.page
    games = page.locator("[data-testid=nim-game]")
    wide, big, tall, small = (games.nth(k) for k in (1, 2, 3, 4))
    book.wait_until("([el]) => el.dataset.lecture === 'true'", big)
    reports = {}
    for name, root in (("wide", wide), ("big", big), ("tall", tall), ("small", small)):
        reports[name] = _layout(root)
        _assert_clear(reports[name], name)
    assert "Pile 10 (empty)" in reports["wide"]["labels"]
    assert reports["wide"]["lecture"] == "false" and reports["big"]["lecture"] == "true"
    # the widest board (lecture mode, 40 stones, the binary table beside it) is scaled
    # down to the output's width, not cut off and not scrolled
    book.screenshot(tall, "nim_long_labels_lecture.png")
    book.screenshot(wide, "nim_long_labels.png")
    # a board of short labels keeps its old look: the stones start at 80 units
    assert small.locator("[data-testid=nim-board]").get_attribute("data-label-width") == "80"
    # the keyboard focus ring on the first stone of a pile with an empty pile above it
    board = wide.locator("[data-testid=nim-board]")
    board.focus()
    book.wait_count(board, "[data-testid=nim-focus]", 1)
    _assert_clear(_layout(wide), "wide, focused")
    board.blur()
    # the live slideshow: a board not in lecture mode is zoomed 1.6 times (present.css)
    page.evaluate("() => document.body.setAttribute('data-jp-deck-mode', 'presenting')")
    try:
        for name, root in (("wide", wide), ("big", big), ("tall", tall), ("small", small)):
            report = _layout(root)
            _assert_clear(report, f"{name}, presenting")
            if name in ("wide", "small"):
                assert report["zoom"] == "1.6", (name, report)
        book.screenshot(wide, "nim_long_labels_presenting.png")
    finally:
        page.evaluate("() => document.body.removeAttribute('data-jp-deck-mode')")


def test_a_board_drawn_while_hidden_measures_its_labels_once_shown(book):
    # a slide not shown yet is display: none: the labels cannot be measured then, so
    # the board guesses generously, and measures once it is shown
    page = book.page
    wide = page.locator("[data-testid=nim-game]").nth(1)
    board = wide.locator("[data-testid=nim-board]")
    measured = int(board.get_attribute("data-label-width"))
    hide = "(el, how) => { el.closest('.jp-OutputArea-output').style.display = how; }"
    wide.evaluate(hide, "none")
    try:
        assert book.probe(9, "TABLE") in ("TABLE True", "TABLE False")
        book.wait_until("([el, n]) => Number(el.getAttribute('data-label-width')) !== n",
                        board, measured)
        assert int(board.get_attribute("data-label-width")) > measured   # the guess is wider
    finally:
        wide.evaluate(hide, "")
    book.wait_until("([el, n]) => Number(el.getAttribute('data-label-width')) === n",
                    board, measured)
    _assert_clear(_layout(wide), "wide, shown again")
