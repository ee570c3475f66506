"""HackendotEditor and HackendotGame driven by mouse clicks in a real JupyterLab.

The tests of this file share one notebook and run in order: each starts
from the state the one before left.
"""

from __future__ import annotations

from cgteach.hackendot import Hackendot

CELLS = [
    "from cgteach.hackendot import Hackendot\n"
    "from cgteach.widgets import HackendotEditor, HackendotGame",
    # 1, 2: a blank editor and its probe
    "editor = HackendotEditor()\neditor",
    "print('EDITOR', repr(editor.forest), editor.value_text, editor.show_coloring, editor.round)",
    # 3, 4: the source's Figure 1 tree, worth *7
    "figure = HackendotEditor(Hackendot.figure1())\nfigure",
    "print('FIGURE', figure.round, figure.value_text)",
    # 5, 6: a game on paths of 3 and 2 (*3 + *2 = *1: the student can win)
    "game = HackendotGame(Hackendot([None, 0, 1, None, 3]), seed=4)\ngame",
    "print('GAME', repr(game.forest), game.winner or 'playing')",
]


def test_editor_builds_a_path_and_steps_through_rounds(book, tmp_path):
    page = book.page
    root = page.locator("[data-testid=hd-editor]").nth(0)
    board = root.locator("[data-testid=hd-board]")
    value = root.locator("[data-testid=hd-value]")
    book.wait_text(value, "0")
    book.board_click(board, 320, 200)  # empty space: a root
    book.wait_count(board, '.cg-dot-node', 1)
    for i in range(2):  # a child on the newest node, twice: a path of three
        book.click_item(board, board.locator(f".cg-dot-node[data-index='{i}']"))
        book.wait_count(board, '.cg-dot-node', i + 2)
    book.wait_text(value, "*3")
    assert "EDITOR Hackendot([None, 0, 1]) *3 False 0" in book.probe(2, "EDITOR")
    # Úlehla's coloring: the top is a white leaf, then black, then white
    root.locator("[data-testid=hd-coloring]").click()
    page.wait_for_function("el => el.querySelector('.cg-dot-node').dataset.colour !== 'plain'",
                           arg=board.element_handle())
    colours = [board.locator(f".cg-dot-node[data-index='{i}']").get_attribute("data-colour")
               for i in range(3)]
    assert colours == ["white", "black", "white"]
    root.locator("[data-testid=hd-round-next]").click()
    book.wait_text(root.locator("[data-testid=hd-round]"), "Round 1: contraction L¹(F)")
    book.wait_count(board, '.cg-dot-node', 1)  # only the black node is left
    assert board.locator(".cg-dot-node").get_attribute("data-index") == "1"
    assert "EDITOR Hackendot([None, 0, 1]) *3 True 1" in book.probe(2, "EDITOR")
    book.screenshot(root, "hackendot_editor_round.png")
    root.locator("[data-testid=hd-round-prev]").click()
    book.wait_count(board, '.cg-dot-node', 3)
    # delete the middle node: the top goes with it
    root.locator("[data-testid=hd-tool-delete]").click()
    book.click_item(board, board.locator(".cg-dot-node[data-index='1']"))
    book.wait_count(board, '.cg-dot-node', 1)
    book.wait_text(value, "*1")            # as the lessons' figures write it
    root.locator("[data-testid=hd-undo]").click()
    book.wait_count(board, '.cg-dot-node', 3)
    # save, and a broken file leaves the forest alone
    with page.expect_download() as info:
        root.locator("[data-testid=hd-save]").click()
    info.value.save_as(tmp_path / "f.json")
    assert Hackendot.load(tmp_path / "f.json") == Hackendot([None, 0, 1])
    root.locator("[data-testid=hd-file]").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json",
                "buffer": b'{"format": "cgteach.hackendot", "version": 1, '
                          b'"position": {"parents": [1, 0]}}'}])
    page.wait_for_function("el => el.textContent.includes('could not load')",
                           arg=root.locator("[data-testid=hd-message]").element_handle())
    assert value.inner_text() == "*3"
    good = Hackendot.figure1().to_json().encode()
    root.locator("[data-testid=hd-file]").set_input_files(
        files=[{"name": "fig.json", "mimeType": "application/json", "buffer": good}])
    book.wait_text(value, "*7")


def test_figure1_rounds_read_off_seven(book):
    page = book.page
    root = page.locator("[data-testid=hd-editor]").nth(1)
    root.scroll_into_view_if_needed()
    root.locator("[data-testid=hd-coloring]").click()
    table = root.locator("[data-testid=hd-bits]")
    book.wait_count(table, "tr", 5)
    rows = [r.split("\t") for r in table.inner_text().splitlines()]
    assert rows[-1][-1].strip() == "*7"
    root.locator("[data-testid=hd-round-next]").click()
    root.locator("[data-testid=hd-round-next]").click()
    book.wait_text(root.locator("[data-testid=hd-round]"), "Round 2: contraction L²(F)")
    assert book.probe(4, "FIGURE") == "FIGURE 2 *7"
    book.screenshot(root, "hackendot_figure1_round2.png")
    root.locator("[data-testid=hd-lecture]").check()
    book.wait_until("([el]) => el.classList.contains('cg-lecture')", root)
    root.locator("[data-testid=hd-labels]").check()
    book.wait_count(root.locator("[data-testid=hd-board]"), ".cg-node-label", 1)
    book.screenshot(root, "hackendot_lecture.png")
    root.locator("[data-testid=hd-lecture]").uncheck()
    root.locator("[data-testid=hd-labels]").uncheck()
    root.locator("[data-testid=hd-round-prev]").click()
    root.locator("[data-testid=hd-round-prev]").click()
    book.wait_text(root.locator("[data-testid=hd-round]"), "Round 0: the forest F")
    book.screenshot(root, "hackendot_figure1_coloring.png")


def test_game_hint_and_win(book):
    page = book.page
    root = page.locator("[data-testid=hd-game]")
    board = root.locator("[data-testid=hd-board]")
    message = root.locator("[data-testid=hd-message]")
    root.scroll_into_view_if_needed()
    for turn in range(6):
        if root.get_attribute("data-winner"):
            break
        root.locator("[data-testid=hd-hint]").click()
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        label = message.inner_text().split("take node ")[1].split()[0]
        if turn == 0:
            assert label == "0"  # *3 + *2: take the root of the 3-path, leaving *2 + *2
            book.screenshot(root, "hackendot_game_hint.png")
        n = board.locator(".cg-dot-node").count()
        lines = root.locator("[data-testid=hd-log] li").count()
        # the hint names the label drawn beside the node
        assert board.locator(f".cg-node-label:text-is('{label}')").count() == 1
        book.click_item(board, board.locator(f".cg-dot-node[data-label='{label}']"))
        page.wait_for_function("([el, n]) => el.querySelectorAll('.cg-dot-node').length < n",
                               arg=[board.element_handle(), n])
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                               arg=[root.locator("[data-testid=hd-log]").element_handle(), lines])
        assert root.locator("[data-testid=hd-log] li").nth(lines).inner_text().startswith(
            f"You took node {label} (")
    page.wait_for_function("el => el.dataset.winner === 'student'", arg=root.element_handle())
    assert "You win" in root.locator("[data-testid=hd-status]").inner_text()
    assert book.probe(6, "GAME") == "GAME Hackendot([]) student"
    book.screenshot(root, "hackendot_game_won.png")
