"""MisereKaylesGame in a real JupyterLab: a click on a pin knocks it down and the computer
answers; the element shown follows; from the keyboard alone (Tab, the arrows, Enter, H)
with what the ``aria-live`` region says.

The tests of this file share one notebook and run in order.
"""

from __future__ import annotations

from cgteach.widgets import MisereKaylesGame
from tests.browser.test_widgets_a11y_browser import tab_to

CELLS = [
    "from cgteach.widgets import MisereKaylesGame",
    # 1, 2: a game on 8 pins and its probe
    "game = MisereKaylesGame(8, seed=0)\ngame",
    "print('GAME', ''.join('I' if p else '.' for p in game.pins), game.element_text, "
    "game.winner or 'playing')",
    # 3: a second game, for the keyboard
    "keys = MisereKaylesGame('IIIII', seed=0)\nkeys",
]


def pins_of(board) -> str:
    return board.evaluate("el => [...el.querySelectorAll('[data-testid^=mk-pin-]')]"
                          ".map(p => p.dataset.state === 'up' ? 'I' : '.').join('')")


def test_a_click_on_a_pin_knocks_it_down_and_the_computer_answers(book):
    root = book.page.locator("[data-testid=mk-game]").nth(0)
    board = root.locator("[data-testid=mk-board]")
    log = root.locator("[data-testid=mk-log]")
    element = root.locator("[data-testid=mk-element]")
    expected = MisereKaylesGame(8, seed=0)
    book.wait_text(element, expected.element_text)
    assert pins_of(board) == "I" * 8
    # a standing pin is a pin shape with a head; the pairs are bars under two pins
    pin = board.locator("[data-testid=mk-pin-0]")
    assert pin.locator(".cg-pin-head").count() == 1 and pin.get_attribute("data-state") == "up"
    assert board.locator("[data-testid^=mk-pair-]").count() == 7
    book.click_item(board, pin)                                   # knock down pin 0
    book.page.wait_for_function("el => el.querySelectorAll('li').length >= 2",
                                arg=log.element_handle())
    expected.knock(0)
    book.wait_until("([el, row]) => [...el.querySelectorAll('[data-testid^=mk-pin-]')]"
                    ".map(p => p.dataset.state === 'up' ? 'I' : '.').join('') === row",
                    board, "".join("I" if p else "." for p in expected.pins))
    assert "Computer:" in log.text_content()
    assert board.locator("[data-testid=mk-pin-0] .cg-pin-fallen").count() == 1
    assert board.locator("[data-testid=mk-last-move]").count() == 1
    book.wait_text(element, expected.element_text)
    assert root.locator("[data-testid=mk-outcome]").text_content() == expected.outcome
    assert book.probe(2, "GAME") == (f"GAME {pins_of(board)} {expected.element_text} "
                                     f"{expected.winner or 'playing'}")
    book.screenshot(root, "misere_game_after_click.png")
    # a pin that is down: a message, the row kept
    book.click_item(board, board.locator("[data-testid=mk-pin-0]"))
    book.wait_until("([el]) => el.textContent.includes('down already')",
                    root.locator("[data-testid=mk-message]"))
    assert pins_of(board) == "".join("I" if p else "." for p in expected.pins)


def test_a_game_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=mk-game]").nth(1)
    board = root.locator("[data-testid=mk-board]")
    live = root.locator("[data-testid=mk-live]")
    message = root.locator("[data-testid=mk-message]")
    root.scroll_into_view_if_needed()
    hint = root.locator("[data-testid=mk-hint]")
    assert hint.get_attribute("aria-keyshortcuts") == "H"
    assert board.get_attribute("role") == "application" and "Enter" in board.get_attribute(
        "aria-label")
    assert tab_to(page, root.locator("[data-testid=mk-restart]"), board) <= 6
    book.wait_count(board, "[data-testid=mk-focus]", 1)
    book.wait_until("([el]) => el.textContent === 'pin 0, standing; Enter knocks it down'", live)
    page.keyboard.press("ArrowRight")                      # the pair 0-1
    book.wait_until("([el]) => el.textContent === 'pins 0 and 1; Enter knocks down both'", live)
    page.keyboard.press("h")                               # a hint, by key
    book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
    book.wait_count(board, "[data-testid=mk-hint-mark]", 1)
    expected = MisereKaylesGame("IIIII", seed=0)
    move = expected.hint()
    page.keyboard.press("Home")
    steps = 2 * move[0] + (1 if len(move) == 2 else 0)     # pins and pairs alternate
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    (expected.knock if len(move) == 1 else expected.knock_pair)(move[0])
    book.wait_until("([el]) => el.textContent.startsWith('You knocked down')", live)
    book.wait_until("([el, row]) => [...el.querySelectorAll('[data-testid^=mk-pin-]')]"
                    ".map(p => p.dataset.state === 'up' ? 'I' : '.').join('') === row",
                    board, "".join("I" if p else "." for p in expected.pins))
