"""ClobberEditor and ClobberGame in a real JupyterLab: by mouse clicks, from the keyboard
alone (Tab, the arrow keys, Enter, X / O, Escape, H, N, Ctrl+Z, and what the
``aria-live`` region says), and in lecture mode on a 1280×720 projector.

The tests of this file share one notebook and run in order.
"""

from __future__ import annotations

import re

from cgteach.rulesets.clobber import Clobber
from cgteach.widgets import ClobberGame
from tests.browser.test_lecture_browser import MEASURE, MIN_PX
from tests.browser.test_widgets_a11y_browser import tab_to

CELLS = [
    "from cgteach.rulesets.clobber import Clobber\n"
    "from cgteach.widgets import ClobberEditor, ClobberGame",
    # 1, 2: an editor on x.o (0) and its probe
    "editor = ClobberEditor(Clobber(['x.o']))\neditor",
    "print('EDITOR', editor.board.rows, editor.value_text, editor.atomic_weight_text)",
    # 3, 4: a game on the 3 x 3 checkerboard (*: Left, moving first, wins)
    "game = ClobberGame(Clobber.rectangle(3, 3), seed=0)\ngame",
    "print('GAME', game.board.rows, game.winner or 'playing', game.student)",
    # 5, 6: a second editor and a second game, for the keyboard
    "keyed = ClobberEditor(Clobber(['x.o', '...']))\nkeyed",
    "print('KEYED', keyed.board.rows, keyed.value_text)",
    "keys = ClobberGame(Clobber.rectangle(3, 3), seed=0)\nkeys",
    "print('KEYS', keys.board.rows, keys.winner or 'playing', len(keys.log))",
    # 9, 10: lecture mode, the biggest board the widgets take, and a game
    "ClobberEditor(Clobber(['x.x.o.o.', '.x.x.o.o'] * 4), lecture=True)",
    "ClobberGame(Clobber.rectangle(3, 4), lecture=True, seed=0)",
    # 11: lecture mode, twelve regions
    "ClobberEditor(Clobber(['xo.xo.xo', '........'] * 4), lecture=True)",
]


def wait_square(book, board, row, col, js):
    """Wait until ``js`` (about ``sq``, the square's rect) holds; the board redraws its
    squares, so they are looked up afresh each time."""
    find = f"el.querySelector('[data-testid=cb-cell-{row}-{col}]')"
    book.wait_until(f"([el]) => {{ const sq = {find}; return !!sq && ({js}); }}", board)


def test_editor_clicks_build_a_position_and_the_value_and_weight_change(book):
    root = book.page.locator("[data-testid=cb-editor]").nth(0)
    value = root.locator("[data-testid=cb-value]")
    weight = root.locator("[data-testid=cb-weight]")
    book.wait_text(value, "0")
    cell = root.locator("[data-testid=cb-cell-0-1]")
    assert cell.get_attribute("data-state") == "."
    cell.click()                                   # empty -> x: xxo = ↑, atomic weight 1
    book.wait_text(value, "↑")
    book.wait_text(weight, "atomic weight 1")
    assert root.locator("[data-testid=cb-cell-0-1]").get_attribute("data-state") == "x"
    # the stone is a blue disc marked x: shape and letter, not colour alone
    stone = root.locator("[data-testid=cb-stone-0-1]")
    assert stone.locator("circle").count() == 1 and stone.locator("text").text_content() == "x"
    assert root.locator("[data-testid=cb-stone-0-2] rect").count() == 1
    assert "EDITOR ('xxo',) ↑ 1" in book.probe(2, "EDITOR")
    book.screenshot(root, "clobber_editor.png")
    root.locator("[data-testid=cb-stone-0-1]").click()         # x -> o: xoo = ↓
    book.wait_text(value, "↓")
    book.wait_text(weight, "atomic weight -1")
    root.locator("[data-testid=cb-undo]").click()
    book.wait_text(value, "↑")
    # one column more, then the full checkerboard: xoxo
    root.locator("[data-testid=cb-cols-more]").click()
    book.wait_text(root.locator("[data-testid=cb-cols]"), "4 cols")
    assert root.locator("[data-testid=cb-rows]").text_content() == "1 row"
    root.locator("[data-testid=cb-checker]").click()
    wait_square(book, root.locator("[data-testid=cb-board]"), 0, 3,
                "sq.getAttribute('data-state') === 'o'")
    book.wait_text(value, str(Clobber(["xoxo"]).value()))
    assert "EDITOR ('xoxo',)" in book.probe(2, "EDITOR")


def test_game_clicks_pick_a_stone_clobber_and_the_computer_answers(book):
    root = book.page.locator("[data-testid=cb-game]").nth(0)
    board = root.locator("[data-testid=cb-board]")
    log = root.locator("[data-testid=cb-log]")
    status = root.locator("[data-testid=cb-status]")
    assert "you play x" in status.text_content()
    expected = ClobberGame(Clobber.rectangle(3, 3), seed=0)
    moves = 0
    while not root.get_attribute("data-winner"):
        root.locator("[data-testid=cb-hint]").click()
        book.wait_count(board, "[data-testid=cb-hint-mark]", 1)
        r, c, r2, c2 = expected.hint()
        n = log.locator("li").count()
        board.locator(f"[data-testid=cb-stone-{r}-{c}]").click()           # pick the stone
        wait_square(book, board, r, c, "sq.classList.contains('cg-picked')")
        if not moves:
            book.screenshot(root, "clobber_game_picked.png")
        board.locator(f"[data-testid=cb-stone-{r2}-{c2}]").click()         # clobber
        book.page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                                    arg=[log.element_handle(), n])
        expected.move(r, c, r2, c2)
        book.wait_until("([el, rows]) => rows.every((row, r) => [...row].every((ch, c) => "
                        "el.querySelector(`[data-testid=cb-cell-${r}-${c}]`)"
                        ".getAttribute('data-state') === ch))", board, list(expected.rows))
        moves += 1
        assert moves <= 5
    assert root.get_attribute("data-winner") == "student" == expected.winner
    assert "Computer: o" in log.text_content() and "You win" in status.text_content()
    assert board.locator("[data-testid=cb-last-move]").count() == 1
    assert book.probe(4, "GAME") == f"GAME {tuple(expected.rows)} student left"
    book.screenshot(root, "clobber_game_won.png")
    # New game, then play the other side
    root.locator("[data-testid=cb-side-right]").click()
    book.wait_until("([el]) => el.textContent.includes('you play o')", status)
    assert root.locator("[data-testid=cb-side-right]").get_attribute("aria-pressed") == "true"
    assert not root.get_attribute("data-winner")
    assert book.probe(4, "GAME") == "GAME ('xox', 'oxo', 'xox') playing right"


def go_to(page, live, row, col):
    """Walk the keyboard focus to square (row, col): Home, then down and right."""
    page.keyboard.press("Home")
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(col):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("([el, t]) => el.textContent.startsWith(t)",
                           arg=[live.element_handle(), f"square ({row}, {col})"])


def test_the_editor_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=cb-editor]").nth(1)
    board = root.locator("[data-testid=cb-board]")
    value = root.locator("[data-testid=cb-value]")
    live = root.locator("[data-testid=cb-live]")
    root.scroll_into_view_if_needed()
    book.wait_text(value, "0")
    undo = root.locator("[data-testid=cb-undo]")
    assert undo.get_attribute("aria-label") == "Undo"
    assert undo.get_attribute("aria-keyshortcuts") == "Control+Z"
    assert root.locator("[data-testid=cb-save]").get_attribute("aria-label") == "Save the board"
    assert "Enter" in board.get_attribute("aria-label")
    assert board.get_attribute("role") == "application"
    assert tab_to(page, root.locator("[data-testid=cb-lecture]"), board) == 1
    book.wait_count(board, "[data-testid=cb-focus]", 1)
    assert board.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    book.wait_until("([el]) => el.textContent === "
                    "\"square (0, 0), x, Left's blue round stone; Enter makes it o\"", live)
    page.keyboard.press("ArrowRight")
    book.wait_until("([el]) => el.textContent === 'square (0, 1), empty; Enter makes it x'", live)
    book.screenshot(root, "clobber_keyboard_focus.png")
    page.keyboard.press("x")                  # put an x: xxo = ↑
    book.wait_text(value, "↑")
    book.wait_until("([el]) => el.textContent.startsWith('Value ↑, atomic weight 1.')", live)
    page.keyboard.press("ArrowDown")          # (1, 1)
    book.wait_until("([el]) => el.textContent.startsWith('square (1, 1), empty')", live)
    page.keyboard.press("o")                  # an o under the x
    wait_square(book, board, 1, 1, "sq.getAttribute('data-state') === 'o'")
    page.keyboard.press("Delete")             # and empty again
    wait_square(book, board, 1, 1, "sq.getAttribute('data-state') === '.'")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")              # Enter cycles (0, 1): x -> o, xoo = ↓
    book.wait_text(value, "↓")
    page.keyboard.press("Control+z")          # Ctrl+Z takes that back
    book.wait_text(value, "↑")
    book.wait_until("([el]) => el.textContent.startsWith('Value ↑, atomic weight 1. took back')",
                    live)
    assert "KEYED ('xxo', '...') ↑" in book.probe(6, "KEYED")


def test_a_whole_game_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=cb-game]").nth(1)
    board = root.locator("[data-testid=cb-board]")
    live = root.locator("[data-testid=cb-live]")
    message = root.locator("[data-testid=cb-message]")
    root.scroll_into_view_if_needed()
    hint = root.locator("[data-testid=cb-hint]")
    assert hint.get_attribute("aria-keyshortcuts") == "H" and "key H" in hint.get_attribute("title")
    restart = root.locator("[data-testid=cb-restart]")
    assert restart.get_attribute("aria-label") == "New game"
    assert "Escape" in root.locator("[data-testid=cb-keys]").inner_text()
    assert tab_to(page, restart, board) <= 6
    book.wait_count(board, "[data-testid=cb-focus]", 1)
    book.wait_until("([el]) => el.textContent === "
                    "\"square (0, 0), x, Left's blue round stone; Enter picks this stone\"", live)
    # Enter picks, Escape puts back
    page.keyboard.press("Enter")
    book.wait_until("([el]) => el.textContent.startsWith('picked your stone at (0, 0)')", live)
    page.keyboard.press("Escape")
    book.wait_until("([el]) => el.textContent.startsWith('no stone picked')", live)
    moves = 0
    while not root.get_attribute("data-winner"):
        page.keyboard.press("h")                                    # a hint, by key
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", live)
        r, c, r2, c2 = map(int, re.search(r"\((\d+), (\d+)\) takes \((\d+), (\d+)\)",
                                          message.inner_text()).groups())
        go_to(page, live, r, c)
        page.keyboard.press("Enter")                                # pick the stone
        book.wait_until("([el]) => el.textContent.startsWith('picked your stone')", live)
        go_to(page, live, r2, c2)
        book.wait_until("([el]) => el.textContent.endsWith('Enter clobbers it with the picked "
                        "stone')", live)
        n = root.locator("[data-testid=cb-log] li").count()
        page.keyboard.press("Enter")                                # clobber
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                               arg=[root.locator("[data-testid=cb-log]").element_handle(), n])
        book.wait_until("([el]) => el.textContent.startsWith('You moved x from')", live)
        if not root.get_attribute("data-winner"):
            book.wait_until("([el]) => el.textContent.includes('The computer moved o from')", live)
        moves += 1
        assert moves <= 5
    assert root.get_attribute("data-winner") == "student"
    book.wait_until("([el]) => el.textContent.includes('You win')", live)
    book.screenshot(root, "clobber_keyboard_won.png")
    assert "student" in book.probe(8, "KEYS")
    # N starts again, from the keyboard: back on the board, then N
    tab_to(page, restart, board)
    page.keyboard.press("n")
    book.wait_count(board, "[data-testid=cb-last-move]", 0)
    assert not root.get_attribute("data-winner")
    # a refused move: nothing moves and the reason is announced
    go_to(page, live, 0, 0)
    page.keyboard.press("Enter")               # pick the x in the corner
    book.wait_until("([el]) => el.textContent.startsWith('picked your stone at (0, 0)')", live)
    go_to(page, live, 1, 2)
    page.keyboard.press("Enter")               # an o three of your stones can take
    book.wait_until("([el]) => el.textContent.includes('3 of your stones can take (1, 2)')",
                    live)
    assert root.locator("[data-testid=cb-log] li").count() == 0


def test_both_widgets_fit_the_projector_in_lecture_mode(book, artifacts):
    book.projector()
    for cell, selector in ((9, "[data-testid=cb-editor]"), (10, "[data-testid=cb-game]"),
                           (11, "[data-testid=cb-editor]")):
        root = book.cell(cell).locator(selector)
        root.scroll_into_view_if_needed()
        book.wait_until("([el]) => el.classList.contains('cg-lecture')", root)
        book.page.wait_for_timeout(300)
        m = root.evaluate(MEASURE)
        book.screenshot(root, f"clobber_lecture_{cell}.png")
        assert m["width"] <= 1280 and m["height"] <= 720, (selector, m["width"], m["height"])
        assert not m["small"], (selector, MIN_PX, m["small"][:12])
        # the stones' letters are big enough to read from the back of the room
        px = root.locator("[data-testid=cb-board] .cg-stone text").first.evaluate(
            "el => parseFloat(getComputedStyle(el).fontSize)"
            " * el.ownerSVGElement.getScreenCTM().a")
        assert px >= MIN_PX
    # twelve regions: four listed, the rest counted
    more = book.cell(11).locator("[data-testid=cb-regions-more]")
    assert more.text_content() == "… and 8 more"
    assert book.cell(11).locator("[data-testid^=cb-region-]").count() == 4
