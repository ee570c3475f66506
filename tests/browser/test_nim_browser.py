"""The Nim widgets (cgteach.widgets.nim) driven in a real JupyterLab.

NimExplorer: a slider moved with the keyboard changes the binary table and
the hint, in the page and in the kernel; its ``aria-live`` region says the
position and every change (a slider moved from the keyboard, a pile added
with the keyboard), and its sliders and buttons have accessible names.
NimGame: clicking a stone takes it and the stones to its right; the computer
answers.
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
