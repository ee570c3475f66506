"""HackenbushEditor and HackenbushGame driven by mouse clicks in a real JupyterLab.

Each test checks the page (SVG elements, text) and the kernel (a cell that
prints the widget's Python state is run again and its output read).

The tests of this file share one notebook and run in order: each starts
from the state the one before left.
"""

from __future__ import annotations

import json

from cgteach.hackenbush import Hackenbush

CELLS = [
    "from cgteach.hackenbush import Hackenbush\n"
    "from cgteach.widgets import HackenbushEditor, HackenbushGame",
    # 1, 2: a blank editor and its probe
    "editor = HackenbushEditor()\neditor",
    "print('EDITOR', repr(editor.position), editor.value_text, editor.outcome, editor.lecture)",
    # 3, 4: the house, with its reductions
    "house = Hackenbush([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4), (4, 4), (2, 5)])\n"
    "shown = HackenbushEditor(house)\nshown",
    "print('SHOWN', shown.step, len(shown.steps), shown.value_text)",
    # 5, 6: green game (stalks of 2 and 3: *2 + *3 = *1, the student can win)
    "green = HackenbushGame(Hackenbush([(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)]), seed=2)\ngreen",
    "print('GREEN', repr(green.position), green.winner or 'playing')",
    # 7, 8: blue-red game
    "bluered = HackenbushGame(Hackenbush([(0, 1, 'blue'), (1, 2, 'red'), (0, 3, 'red'), "
    "(3, 4, 'blue'), (4, 5, 'blue')]), student='blue', seed=5)\nbluered",
    "print('BLUERED', len(bluered.position), bluered.winner or 'playing')",
    # 9: where the kernel thinks node 2 of the first editor is
    "print('NODE2', *[round(c) for c in editor.layout.get(2, (-1, -1))])",
]


def test_editor_builds_a_stalk_a_loop_and_undoes(book):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(0)
    board = root.locator("[data-testid=hb-board]")
    value = root.locator("[data-testid=hb-value]")
    book.wait_text(value, "0")
    # pick the ground node, then click above it twice: a stalk of two edges
    book.click_item(board, root.locator(".cg-node").first)
    book.board_click(board, 320, 260)
    book.wait_count(board, ".cg-edge", 1)
    book.board_click(board, 320, 180)
    book.wait_count(board, ".cg-edge", 2)
    book.wait_text(value, "*2")
    assert root.locator("[data-testid=hb-outcome]").inner_text() == "N"
    # a loop on the top node, through the loop handle that hovering shows
    top = root.locator(".cg-node[data-name='2']")
    book.click_item(board, top)  # it was the picked node: this lets go of it
    sx, sy = book.to_screen(board, float(top.get_attribute("data-x")),
                            float(top.get_attribute("data-y")))
    page.mouse.move(sx, sy)
    handle = top.locator("[data-loop]")
    book.board_click(board, float(handle.get_attribute("cx")), float(handle.get_attribute("cy")))
    book.wait_count(board, ".cg-edge", 3)
    book.wait_text(value, "*3")
    expected = "EDITOR Hackenbush([(0, 1), (1, 2), (2, 2)], ground=(0,)) *3 N False"
    assert expected in book.probe(2, "EDITOR")
    book.screenshot(root, "hackenbush_editor.png")

    # a blue edge makes the drawing mixed: no value; undo brings *3 back
    root.locator("[data-testid=hb-colour-blue]").click()
    book.click_item(board, top)
    book.board_click(board, 440, 150)
    book.wait_count(board, ".cg-edge", 4)
    assert root.locator(".cg-edge[data-index='3']").get_attribute("data-colour") == "blue"
    book.wait_text(value, "?")
    assert "mixes green" in root.locator("[data-testid=hb-outcome-text]").inner_text()
    root.locator("[data-testid=hb-undo]").click()
    book.wait_count(board, ".cg-edge", 3)
    book.wait_text(value, "*3")


def test_editor_delete_ground_and_drag(book):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(0)
    board = root.locator("[data-testid=hb-board]")
    value = root.locator("[data-testid=hb-value]")
    message = root.locator("[data-testid=hb-message]")
    book.wait_text(value, "*3")
    # delete the bottom edge: the rest floats, the kernel keeps the last position
    root.locator("[data-testid=hb-tool-delete]").click()
    book.click_item(board, root.locator(".cg-edge[data-index='0']"))
    book.wait_count(board, ".cg-edge.cg-floating", 2)
    book.wait_text(value, "—")
    assert "not yet a position" in message.inner_text()
    assert "EDITOR Hackenbush([(0, 1), (1, 2), (2, 2)], ground=(0,))" in book.probe(2, "EDITOR")
    # put node 1 on the ground: a position again, worth *2 (an edge and a loop)
    root.locator("[data-testid=hb-tool-ground]").click()
    book.click_item(board, root.locator(".cg-node[data-name='1']"))
    book.wait_count(board, ".cg-edge.cg-floating", 0)
    book.wait_text(value, "*2")
    node1 = root.locator(".cg-node[data-name='1']")
    assert "cg-ground" in node1.get_attribute("class")
    assert float(node1.get_attribute("data-y")) == 350
    assert "ground=(0, 1)" in book.probe(2, "EDITOR")
    # drag node 2 to the left; Python gets the new place
    root.locator("[data-testid=hb-tool-draw]").click()
    node2 = root.locator(".cg-node[data-name='2']")
    sx, sy = book.to_screen(board, float(node2.get_attribute("data-x")),
                            float(node2.get_attribute("data-y")))
    tx, ty = book.to_screen(board, 150, 120)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=4)
    page.mouse.move(tx, ty, steps=4)
    page.mouse.up()
    page.wait_for_function("el => Math.abs(Number(el.dataset.x) - 150) < 2",
                           arg=node2.element_handle())
    assert abs(float(node2.get_attribute("data-y")) - 120) < 2
    _, x, y = book.probe(9, "NODE2").split()
    assert abs(int(x) - 150) <= 2 and abs(int(y) - 120) <= 2
    assert "*2" in book.probe(2, "EDITOR")


def test_editor_save_load_and_lecture(book, tmp_path):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(0)
    value = root.locator("[data-testid=hb-value]")
    board = root.locator("[data-testid=hb-board]")
    book.wait_text(value, "*2")
    with page.expect_download() as info:
        root.locator("[data-testid=hb-save]").click()
    saved = (tmp_path / "saved.json")
    info.value.save_as(saved)
    text = saved.read_text()
    position = Hackenbush.from_json(text)
    assert position == Hackenbush([(1, 2), (2, 2)], ground=(0, 1))
    assert "layout" in json.loads(text)
    # a broken file: a clear message, nothing changes
    root.locator("[data-testid=hb-file]").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{oops"}])
    page.wait_for_function("el => el.textContent.includes('could not load')",
                           arg=root.locator("[data-testid=hb-message]").element_handle())
    assert value.inner_text() == "*2"
    # a good file: a stalk of three, drawn where the file says
    good = Hackenbush([(0, 1), (1, 2), (2, 3)]).to_json()
    root.locator("[data-testid=hb-file]").set_input_files(
        files=[{"name": "stalk.json", "mimeType": "application/json", "buffer": good.encode()}])
    book.wait_text(value, "*3")
    book.wait_count(board, ".cg-edge", 3)
    expected = "EDITOR Hackenbush([(0, 1), (1, 2), (2, 3)], ground=(0,)) *3 N False"
    assert expected in book.probe(2, "EDITOR")
    # lecture mode: the switch in the page reaches Python, and the look changes
    root.locator("[data-testid=hb-lecture]").check()
    page.wait_for_function("el => el.classList.contains('cg-lecture')",
                           arg=root.element_handle())
    assert book.probe(2, "EDITOR").endswith("True")
    width = board.locator(".cg-edge-line").first.evaluate(
        "el => parseFloat(getComputedStyle(el).strokeWidth)")
    assert width >= 8
    book.screenshot(root, "hackenbush_editor_lecture.png")
    root.locator("[data-testid=hb-lecture]").uncheck()


def test_editor_reductions_step_through(book):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(1)
    root.scroll_into_view_if_needed()
    root.locator("[data-testid=hb-steps-toggle]").click()
    head = root.locator("[data-testid=hb-step-head]")
    page.wait_for_function("el => /^Step 1 of \\d+$/.test(el.textContent)",
                           arg=head.element_handle())
    total = int(head.inner_text().split()[-1])
    assert total >= 3
    first_rule = root.locator("[data-testid=hb-step-rule]").inner_text()
    assert root.locator("[data-testid=hb-step-picture] path").count() > 0
    root.locator("[data-testid=hb-step-next]").click()
    book.wait_text(head, f"Step 2 of {total}")
    assert root.locator("[data-testid=hb-step-rule]").inner_text() != first_rule or total > 2
    assert root.locator("[data-testid=hb-step-text]").inner_text()
    assert book.probe(4, "SHOWN").startswith(f"SHOWN 1 {total}")
    book.screenshot(root, "hackenbush_reductions.png")
    # the last step names the stalks
    for _ in range(total):
        if root.locator("[data-testid=hb-step-next]").is_disabled():
            break
        root.locator("[data-testid=hb-step-next]").click()
    book.wait_text(head, f"Step {total} of {total}")
    assert root.locator("[data-testid=hb-step-rule]").inner_text() == "stalks"


def test_green_game_hint_and_win(book):
    page = book.page
    root = page.locator("[data-testid=hb-game]").nth(0)
    board = root.locator("[data-testid=hb-board]")
    message = root.locator("[data-testid=hb-message]")
    root.locator("[data-testid=hb-labels]").check()       # number the edges
    book.wait_count(board, ".cg-edge-label", 5)
    for _turn in range(6):
        if root.get_attribute("data-winner"):
            break
        root.locator("[data-testid=hb-hint]").click()
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        glow = board.locator("[data-testid=hb-hint-glow]")
        assert glow.count() == 1, message.inner_text()
        hinted = int(message.inner_text().split("cut edge ")[1].split()[0])
        if _turn == 0:
            assert hinted == 4  # *2 + *3: take the top of the 3-stalk
            book.screenshot(root, "hackenbush_game_hint.png")
        n = board.locator(".cg-edge").count()
        book.click_item(board, board.locator(f".cg-edge[data-index='{hinted}']"))
        page.wait_for_function("([el, n]) => el.querySelectorAll('.cg-edge').length < n",
                               arg=[board.element_handle(), n])
        page.wait_for_function("el => el.textContent.startsWith('You cut')",
                               arg=message.element_handle())
    page.wait_for_function("el => el.dataset.winner === 'student'", arg=root.element_handle())
    assert "You win" in root.locator("[data-testid=hb-status]").inner_text()
    assert "GREEN Hackenbush([], ground=(0,)) student" in book.probe(6, "GREEN")
    book.screenshot(root, "hackenbush_game_won.png")


def test_bluered_game_refuses_red_and_plays_blue(book):
    page = book.page
    root = page.locator("[data-testid=hb-game]").nth(1)
    board = root.locator("[data-testid=hb-board]")
    message = root.locator("[data-testid=hb-message]")
    assert "Blue (Left)" in root.locator("[data-testid=hb-roles]").inner_text()
    book.click_item(board, board.locator(".cg-edge[data-colour='red']").first)
    page.wait_for_function("el => el.textContent.includes('only blue edges')",
                           arg=message.element_handle())
    assert board.locator(".cg-edge").count() == 5
    assert book.probe(8, "BLUERED") == "BLUERED 5 playing"
    book.screenshot(root, "hackenbush_bluered_game.png")
    book.click_item(board, board.locator(".cg-edge[data-index='4']"))
    page.wait_for_function("el => el.textContent.startsWith('You cut edge 4.')",
                           arg=message.element_handle())
    assert "The computer cut edge" in message.inner_text()
    left = int(book.probe(8, "BLUERED").split()[1])
    assert left == board.locator(".cg-edge").count() < 4
