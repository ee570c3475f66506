"""The Nim widgets (cgteach.widgets.nim) driven in a real JupyterLab.

NimExplorer: a slider moved with the keyboard changes the binary table and
the hint, in the page and in the kernel.  NimGame: clicking a stone takes it
and the stones to its right; the computer answers.
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
]


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


def test_game_click_a_stone_and_the_computer_answers(book):
    page = book.page
    root = page.locator("[data-testid=nim-game]")
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
    # the last stone: the student wins
    root.locator("[data-testid^=nim-stone-]").first.click()
    book.wait_until("([el]) => el.dataset.winner === 'you'", root)
    assert book.probe(4, "GAME") == "GAME 0 0 you"
    status = root.locator("[data-testid=nim-status]").inner_text()
    assert status == "You win! You took the last stone.", status
    book.screenshot(root, "nim_game_won.png")
