"""DomineeringEditor and DomineeringGame driven by mouse clicks in a real JupyterLab.

The tests of this file share one notebook and run in order.
"""

from __future__ import annotations

from cgteach.rulesets.domineering import Domineering
from cgteach.widgets import DomineeringGame

CELLS = [
    "from cgteach.rulesets.domineering import Domineering\n"
    "from cgteach.widgets import DomineeringEditor, DomineeringGame",
    # 1, 2: an editor on the 2 x 2 board (±1) and its probe
    "editor = DomineeringEditor(Domineering.rectangle(2, 2))\neditor",
    "print('EDITOR', editor.board.rows, editor.value_text, editor.temperature_text)",
    # 3, 4: a game on the 3 x 3 board (±1: Left, moving first, wins)
    "game = DomineeringGame(Domineering.rectangle(3, 3), seed=0)\ngame",
    "print('GAME', game.board.rows, game.winner or 'playing')",
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
