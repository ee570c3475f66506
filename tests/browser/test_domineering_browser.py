"""DomineeringEditor and DomineeringGame in a real JupyterLab: by mouse clicks, and
from the keyboard alone (issue 28: Tab, the arrow keys, Enter, H, Ctrl+Z, and what
the ``aria-live`` region says).

The tests of this file share one notebook and run in order.
"""

from __future__ import annotations

import re

from cgteach.rulesets.domineering import Domineering
from cgteach.widgets import DomineeringGame
from tests.browser.test_widgets_a11y_browser import tab_to

CELLS = [
    "from cgteach.rulesets.domineering import Domineering\n"
    "from cgteach.widgets import DomineeringEditor, DomineeringGame",
    # 1, 2: an editor on the 2 x 2 board (±1) and its probe
    "editor = DomineeringEditor(Domineering.rectangle(2, 2))\neditor",
    "print('EDITOR', editor.board.rows, editor.value_text, editor.temperature_text)",
    # 3, 4: a game on the 3 x 3 board (±1: Left, moving first, wins)
    "game = DomineeringGame(Domineering.rectangle(3, 3), seed=0)\ngame",
    "print('GAME', game.board.rows, game.winner or 'playing')",
    # 5, 6: a second editor and a second game, for the keyboard
    "keyed = DomineeringEditor(Domineering.rectangle(2, 2))\nkeyed",
    "print('KEYED', keyed.board.rows, keyed.value_text)",
    "keys = DomineeringGame(Domineering.rectangle(3, 3), seed=0)\nkeys",
    "print('KEYS', keys.board.rows, keys.winner or 'playing', len(keys.log))",
]


def test_editor_click_takes_a_cell_and_the_value_changes(book):
    root = book.page.locator("[data-testid=dm-editor]").nth(0)
    value = root.locator("[data-testid=dm-value]")
    book.wait_text(value, "±1")
    assert "temperature 1" in root.locator("[data-testid=dm-temperature]").text_content()
    assert root.locator("[data-testid=dm-thermograph] path").count() == 2
    cell = root.locator("[data-testid=dm-cell-0-0]")
    assert cell.get_attribute("data-state") == "free"
    cell.click()
    book.wait_text(value, "*")           # one move each, in the same two cells
    assert root.locator("[data-testid=dm-cell-0-0]").get_attribute("data-state") == "taken"
    assert "EDITOR ('#.', '..') * 0" in book.probe(2, "EDITOR")
    book.screenshot(root, "domineering_editor.png")
    root.locator("[data-testid=dm-cell-0-0]").click()          # free it again
    book.wait_text(value, "±1")
    root.locator("[data-testid=dm-undo]").click()
    book.wait_text(value, "*")


def test_game_click_places_a_domino_and_the_computer_answers(book):
    root = book.page.locator("[data-testid=dm-game]").nth(0)
    board = root.locator("[data-testid=dm-board]")
    root.locator("[data-testid=dm-hint]").click()
    book.wait_count(board, "[data-testid=dm-hint-mark]", 1)
    row, col = DomineeringGame(Domineering.rectangle(3, 3), seed=0).hint()
    board.locator(f"[data-testid=dm-cell-{row}-{col}]").click()   # the hinted, winning cell
    book.wait_count(board, ".cg-domino", 2)                  # yours and the computer's
    log = root.locator("[data-testid=dm-log]")
    assert "Computer" in log.text_content()
    assert "GAME" in book.probe(4, "GAME")
    book.screenshot(root, "domineering_game.png")


def go_to(page, live, row, col):
    """Walk the keyboard focus to cell (row, col): Home, then down and right."""
    page.keyboard.press("Home")
    for _ in range(row):
        page.keyboard.press("ArrowDown")
    for _ in range(col):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("([el, t]) => el.textContent.startsWith(t)",
                           arg=[live.element_handle(), f"cell ({row}, {col})"])


def test_the_editor_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=dm-editor]").nth(1)
    board = root.locator("[data-testid=dm-board]")
    value = root.locator("[data-testid=dm-value]")
    live = root.locator("[data-testid=dm-live]")
    root.scroll_into_view_if_needed()
    book.wait_text(value, "±1")
    # named buttons (no arrow glyphs), shortcuts in the tooltips; the board is named
    undo = root.locator("[data-testid=dm-undo]")
    assert undo.get_attribute("aria-label") == "Undo"
    assert undo.get_attribute("aria-keyshortcuts") == "Control+Z"
    assert "Ctrl+Z" in undo.get_attribute("title")
    assert root.locator("[data-testid=dm-save]").get_attribute("aria-label") == "Save the board"
    assert "Enter" in board.get_attribute("aria-label")
    assert board.get_attribute("role") == "application"
    assert tab_to(page, root.locator("[data-testid=dm-lecture]"), board) == 1
    # focus is visible: the board's outline and a ring on the focused cell
    book.wait_count(board, "[data-testid=dm-focus]", 1)
    assert board.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    book.wait_until("([el]) => el.textContent === 'cell (0, 0), free; Enter takes it'", live)
    # arrows: right, then down a whole row
    page.keyboard.press("ArrowRight")
    book.wait_until("([el]) => el.textContent.startsWith('cell (0, 1)')", live)
    page.keyboard.press("ArrowDown")
    book.wait_until("([el]) => el.textContent.startsWith('cell (1, 1)')", live)
    page.keyboard.press("ArrowDown")          # the bottom row: the focus stays
    book.wait_until("([el]) => el.textContent.startsWith('cell (1, 1)')", live)
    book.screenshot(root, "domineering_keyboard_focus.png")
    page.keyboard.press("Enter")              # take (1, 1): {0 | 0} = *
    book.wait_text(value, "*")
    book.wait_until("([el]) => el.textContent === 'Value *. took cell (1, 1)'", live)
    assert root.locator("[data-testid=dm-cell-1-1]").get_attribute("data-state") == "taken"
    assert "KEYED ('..', '.#') *" in book.probe(6, "KEYED")
    # the probe ran a cell and took the focus: Tab back to the board, which says where it is
    tab_to(page, root.locator("[data-testid=dm-lecture]"), board)
    book.wait_until("([el]) => el.textContent === 'cell (1, 1), taken; Enter frees it'", live)
    page.keyboard.press(" ")                  # Space frees it again
    book.wait_text(value, "±1")
    page.keyboard.press("Control+z")          # and Ctrl+Z takes that back
    book.wait_text(value, "*")
    book.wait_until("([el]) => el.textContent.startsWith('Value *. took back')", live)


def test_a_whole_game_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=dm-game]").nth(1)
    board = root.locator("[data-testid=dm-board]")
    live = root.locator("[data-testid=dm-live]")
    message = root.locator("[data-testid=dm-message]")
    root.scroll_into_view_if_needed()
    hint = root.locator("[data-testid=dm-hint]")
    assert hint.get_attribute("aria-keyshortcuts") == "H" and "key H" in hint.get_attribute("title")
    restart = root.locator("[data-testid=dm-restart]")
    assert restart.get_attribute("aria-label") == "New game"
    assert "key N" in restart.get_attribute("title")
    # the instructions say which domino the keyboard places
    assert "vertical domino" in root.locator("[data-testid=dm-keys]").inner_text()
    assert tab_to(page, restart, board) <= 4
    book.wait_count(board, "[data-testid=dm-focus]", 1)
    book.wait_until("([el]) => el.textContent.startsWith("
                    "'cell (0, 0), free; Enter places a vertical')", live)
    moves = 0
    while not root.get_attribute("data-winner"):
        page.keyboard.press("h")                                     # a hint, by key
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", live)
        row, col = map(int, re.search(r"\((\d+), (\d+)\)", message.inner_text()).groups())
        go_to(page, live, row, col)
        if not moves:
            book.wait_count(board, ".cg-hint-inner", 1)
            book.screenshot(root, "domineering_keyboard_hint.png")
        n = root.locator("[data-testid=dm-log] li").count()
        page.keyboard.press("Enter")                                 # place the domino there
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                               arg=[root.locator("[data-testid=dm-log]").element_handle(), n])
        moves += 1
        assert moves <= 3
        # the move and the computer's answer are announced
        book.wait_until("([el]) => el.textContent.startsWith('You placed a vertical domino')",
                        live)
        if not root.get_attribute("data-winner"):
            book.wait_until("([el]) => el.textContent.includes("
                            "'The computer placed a horizontal domino')", live)
    assert root.get_attribute("data-winner") == "student"
    book.wait_until("([el]) => el.textContent.includes('You win')", live)
    book.screenshot(root, "domineering_keyboard_won.png")
    probe = book.probe(8, "KEYS")
    assert "student" in probe
    # N starts again, from the keyboard: back on the board, then N
    tab_to(page, restart, board)
    page.keyboard.press("n")
    book.wait_count(board, ".cg-domino", 0)
    assert not root.get_attribute("data-winner")
    # a cell with no room: the board stays as it was and the reason is announced
    go_to(page, live, 0, 1)
    page.keyboard.press("Enter")
    book.wait_count(board, ".cg-domino", 2)
    page.keyboard.press("Enter")                 # (0, 1) is under your domino now
    book.wait_until("([el]) => el.textContent.includes('no room for a vertical domino at (0, 1)')",
                    live)
    assert board.locator(".cg-domino").count() == 2
