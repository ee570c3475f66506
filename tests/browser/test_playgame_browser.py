"""PlayGame in a real JupyterLab: a game defined with the kit played by mouse clicks on
the move cards, and from the keyboard alone (Tab, the arrow keys, Enter, H, a card's
number, and what the ``aria-live`` region says); lecture mode on a 1280×720 projector.

The tests of this file share one notebook and run in order.
"""

from __future__ import annotations

from tests.browser.test_lecture_browser import MEASURE, MIN_PX
from tests.browser.test_widgets_a11y_browser import tab_to

RULES = '''
from cgteach.rules import ImpartialRules, PartizanRules
from cgteach.widgets import PlayGame

class Take12(ImpartialRules):
    def options(self, n):
        return [n - k for k in (1, 2) if k <= n]

class Dominoes(PartizanRules):
    def left(self, row):
        return [r for i, d in enumerate(row) if d == "L" for r in (row[i + 1:], row[:i])]

    def right(self, row):
        return [r for i, d in enumerate(row) if d == "R" for r in (row[i + 1:], row[:i])]

    def show(self, row):
        return " ".join(row) or "(none)"
'''

CELLS = [
    RULES,
    # 1, 2: an impartial game by mouse (7 sticks: the student can win)
    "sticks = PlayGame(Take12(), 7, seed=0)\nsticks",
    "print('STICKS', sticks.position, sticks.winner or 'playing', len(sticks.log))",
    # 3, 4: a partizan game from the keyboard (LLRLL: Left wins, in two moves)
    "keys = PlayGame(Dominoes(), 'LLRLL', seed=0)\nkeys",
    "print('KEYS', repr(keys.position), keys.winner or 'playing', len(keys.log))",
    # 5: lecture mode
    "PlayGame(Dominoes(), 'LLRLRRLR', lecture=True, seed=0)",
]


def test_cards_by_mouse_the_hint_and_the_computer_answers(book):
    root = book.page.locator("[data-testid=pg-game]").nth(0)
    cards = root.locator("[data-testid=pg-cards]")
    log = root.locator("[data-testid=pg-log]")
    message = root.locator("[data-testid=pg-message]")
    book.wait_text(root.locator("[data-testid=pg-position-view]"), "7")
    book.wait_count(cards, "button.cg-pg-card", 2)
    assert root.locator("[data-testid=pg-title]").text_content() == "Take12"
    assert root.locator("[data-testid=pg-side-left]").is_hidden()      # impartial: no sides
    moves = 0
    while not root.get_attribute("data-winner"):
        root.locator("[data-testid=pg-hint]").click()
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        hinted = cards.locator(".cg-pg-hinted")
        assert hinted.count() == 1
        # the hint is a shape and a word, not colour alone: a star and a dashed frame
        assert "★" in hinted.inner_text()
        assert hinted.evaluate("el => getComputedStyle(el).borderTopStyle") == "dashed"
        if not moves:
            book.screenshot(root, "playgame_hint.png")
        n = log.locator("li").count()
        hinted.click()
        book.page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                                    arg=[log.element_handle(), n])
        moves += 1
        assert moves <= 4
    assert root.get_attribute("data-winner") == "student"
    assert "You win" in root.locator("[data-testid=pg-status]").text_content()
    assert "Computer: →" in log.text_content()
    assert book.probe(2, "STICKS") == "STICKS 0 student 6"
    book.screenshot(root, "playgame_won.png")
    # who starts: the computer, a new game; 7 sticks is a win for whoever starts
    root.locator("[data-testid=pg-first-computer]").click()
    book.wait_until("([el]) => el.textContent.startsWith('New game: the computer moves first')",
                    message)
    assert root.locator("[data-testid=pg-first-computer]").get_attribute("aria-pressed") == "true"
    assert book.probe(2, "STICKS") == "STICKS 6 playing 1"


def test_a_partizan_game_from_the_keyboard(book):
    page = book.page
    root = page.locator("[data-testid=pg-game]").nth(1)
    cards = root.locator("[data-testid=pg-cards]")
    live = root.locator("[data-testid=pg-live]")
    message = root.locator("[data-testid=pg-message]")
    root.scroll_into_view_if_needed()
    book.wait_text(root.locator("[data-testid=pg-position-view]"), "L L R L L")
    restart = root.locator("[data-testid=pg-restart]")
    assert restart.get_attribute("aria-keyshortcuts") == "N"
    assert "Enter" in root.locator("[data-testid=pg-keys]").inner_text()
    assert root.locator("[data-testid=pg-side-left]").get_attribute("aria-pressed") == "true"
    first = cards.locator("button.cg-pg-card").first
    assert first.get_attribute("aria-label").startswith("Move 1: to ")
    assert tab_to(page, restart, first) <= 10                # Tab reaches the first card
    page.keyboard.press("h")                                  # a hint, by key
    book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
    book.wait_until("([el]) => el.textContent.startsWith('Hint')", live)
    k = int(cards.locator(".cg-pg-hinted").get_attribute("data-index"))
    first.focus()
    for _ in range(k):                                        # arrows walk along the cards
        page.keyboard.press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-index')")
    assert focused == str(k)
    book.screenshot(root, "playgame_keyboard_focus.png")
    page.keyboard.press("Enter")                              # play the hinted card
    book.wait_until("([el]) => el.textContent.startsWith('You moved to')", live)
    moves = 1
    while not root.get_attribute("data-winner"):
        page.keyboard.press("h")
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        k = int(cards.locator(".cg-pg-hinted").get_attribute("data-index"))
        n = root.locator("[data-testid=pg-log] li").count()
        page.keyboard.press(str(k + 1))                       # a card's number plays it
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                               arg=[root.locator("[data-testid=pg-log]").element_handle(), n])
        moves += 1
        assert moves <= 6
    assert root.get_attribute("data-winner") == "student"
    book.wait_until("([el]) => el.textContent.includes('You win')", live)
    assert "student" in book.probe(4, "KEYS")
    book.screenshot(root, "playgame_keyboard_won.png")


def test_it_fits_the_projector_in_lecture_mode(book):
    book.projector()
    root = book.cell(5).locator("[data-testid=pg-game]")
    root.scroll_into_view_if_needed()
    book.wait_until("([el]) => el.classList.contains('cg-lecture')", root)
    book.page.wait_for_timeout(300)
    m = root.evaluate(MEASURE)
    book.screenshot(root, "playgame_lecture.png")
    assert m["width"] <= 1280 and m["height"] <= 720, (m["width"], m["height"])
    assert not m["small"], (MIN_PX, m["small"][:12])
