"""HackenbushEditor and HackenbushGame driven by mouse clicks in a real JupyterLab.

Each test checks the page (SVG elements, text) and the kernel (a cell that
prints the widget's Python state is run again and its output read).

The tests of this file share one notebook and run in order: each starts
from the state the one before left.
"""

from __future__ import annotations

import json
import re

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
    # 10, 11: a blank editor for the lessons' own instruction sentence, and its probe
    "sentence = HackenbushEditor()\nsentence",
    "print('SENTENCE', repr(sentence.position), sentence.value_text, sentence.outcome)",
    # 12, 13: a green game to read the log against the labels on the board
    "labelled = HackenbushGame(Hackenbush([(0, 1), (1, 2), (2, 3), (0, 4), (4, 5), (1, 6)]),"
    " seed=3)\nlabelled",
    "print('LABELLED', labelled.edge_labels, labelled.winner or 'playing')",
]

#: The sentence the lessons print above every Hackenbush editor (NB helpers copy it).
SENTENCE = ("Click just above the ground line to plant an edge; keep clicking above it to "
            "grow a stalk; click a node to branch from it.")


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
    assert "cg-selected" in top.get_attribute("class")   # the tip just grown is picked
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

    # a blue edge grown from the top makes the drawing mixed; undo brings *3 back
    root.locator("[data-testid=hb-colour-blue]").click()
    book.board_click(board, 440, 150)
    book.wait_count(board, ".cg-edge", 4)
    assert root.locator(".cg-edge[data-index='3']").get_attribute("data-colour") == "blue"
    # valued live as a game, in textbook notation, with its outcome
    mixed = Hackenbush([(0, 1), (1, 2), (2, 2), (2, 3, "blue")]).canonical()
    book.wait_text(value, str(mixed))
    assert root.locator("[data-testid=hb-outcome]").inner_text() == mixed.outcome()
    book.screenshot(root, "hackenbush_editor_mixed.png")
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
    assert root.locator("[data-testid=hb-labels]").is_checked()   # labels on by default
    book.wait_count(board, ".cg-edge-label", 5)
    for _turn in range(6):
        if root.get_attribute("data-winner"):
            break
        root.locator("[data-testid=hb-hint]").click()
        book.wait_until("([el]) => el.textContent.startsWith('Hint')", message)
        glow = board.locator("[data-testid=hb-hint-glow]")
        assert glow.count() == 1, message.inner_text()
        hinted = message.inner_text().split("cut edge ")[1].split()[0]
        if _turn == 0:
            assert hinted == "4"  # *2 + *3: take the top of the 3-stalk (edge 4)
            book.screenshot(root, "hackenbush_game_hint.png")
        # the glow is on the edge carrying the label the hint names
        edge = board.locator(f".cg-edge[data-label='{hinted}']")
        assert edge.get_attribute("data-mx") is not None
        n = board.locator(".cg-edge").count()
        book.click_item(board, edge)
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
    book.click_item(board, board.locator(".cg-edge[data-label='4']"))
    page.wait_for_function("el => el.textContent.startsWith('You cut edge 4.')",
                           arg=message.element_handle())
    assert "The computer cut edge" in message.inner_text()
    left = int(book.probe(8, "BLUERED").split()[1])
    assert left == board.locator(".cg-edge").count() < 4


def test_the_lessons_instruction_sentence_followed_literally(book):
    """SENTENCE, click by click, on a blank editor: a stalk of three with a branch."""
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(2)
    board = root.locator("[data-testid=hb-board]")
    value = root.locator("[data-testid=hb-value]")
    message = root.locator("[data-testid=hb-message]")
    root.scroll_into_view_if_needed()
    book.wait_text(value, "0")
    # the board says exactly what the lessons say
    help_line = root.locator(".cg-help").inner_text()
    assert help_line.startswith(SENTENCE), help_line
    assert "plant an edge" in board.locator(".cg-empty-note").text_content()
    ground_y = 350
    # "Click just above the ground line to plant an edge"
    book.board_click(board, 300, ground_y - 12)
    book.wait_count(board, ".cg-edge", 1)
    book.wait_text(value, "*1")
    # "keep clicking above it to grow a stalk"
    book.board_click(board, 300, 230)
    book.wait_count(board, ".cg-edge", 2)
    book.board_click(board, 300, 150)
    book.wait_count(board, ".cg-edge", 3)
    book.wait_text(value, "*3")
    assert message.inner_text() == ""          # every click did something
    # "click a node to branch from it": the lowest node above the ground, then empty space
    first = root.locator(".cg-node:not(.cg-ground)").first
    name = first.get_attribute("data-name")
    book.click_item(board, first)
    book.wait_count(board, f".cg-node.cg-selected[data-name='{name}']", 1)
    book.board_click(board, 400, 230)
    book.wait_count(board, ".cg-edge", 4)
    book.wait_text(value, "*4")                 # colon principle: 1 + (2 xor 1) = 4
    edges = [(e.get_attribute("data-colour")) for e in board.locator(".cg-edge").all()]
    assert edges == ["green"] * 4
    probe = book.probe(11, "SENTENCE")
    assert probe == ("SENTENCE Hackenbush([(0, 1), (1, 2), (2, 3), (1, 4)], ground=(0,)) "
                     "*4 N"), probe
    book.screenshot(root, "hackenbush_sentence.png")
    # a click that does nothing useful says so
    root.locator("[data-testid=hb-tool-delete]").click()
    book.board_click(board, 560, 80)
    book.wait_text(message, "Nothing to delete there: click an edge or a node.")
    root.locator("[data-testid=hb-tool-draw]").click()


def test_the_log_reads_against_the_labels_on_the_board(book):
    page = book.page
    root = page.locator("[data-testid=hb-game]").nth(2)
    board = root.locator("[data-testid=hb-board]")
    message = root.locator("[data-testid=hb-message]")
    log = root.locator("[data-testid=hb-log]")
    root.scroll_into_view_if_needed()
    book.wait_count(board, ".cg-edge-label", 6)          # labels are on from the start
    # where each label sits: a label always stays beside its own edge
    def drawn():
        edges, texts = board.evaluate(
            "svg => [[...svg.querySelectorAll('.cg-edge')].map(e => [e.dataset.label,"
            " e.dataset.mx, e.dataset.my]), [...svg.querySelectorAll('.cg-edge-label')]"
            ".map(t => t.textContent)]")
        out = {name: (mx, my) for name, mx, my in edges}
        assert sorted(texts) == sorted(out), (texts, out)   # every drawn label names an edge
        return out
    start = drawn()
    assert sorted(start, key=int) == ["0", "1", "2", "3", "4", "5"]   # as the figures number them
    for _turn in range(6):
        if root.get_attribute("data-winner"):
            break
        before = drawn()
        # cut the edge drawn with the highest label still standing
        mine = max(before, key=int)
        n_lines = log.locator("li").count()
        book.click_item(board, board.locator(f".cg-edge[data-label='{mine}']"))
        page.wait_for_function("([el, n]) => el.querySelectorAll('li').length > n",
                               arg=[log.element_handle(), n_lines])
        lines = log.locator("li").all_inner_texts()
        assert lines[n_lines].startswith(f"You cut edge {mine} ("), lines
        assert message.inner_text().startswith(f"You cut edge {mine}.")
        after = drawn()
        assert mine not in after
        for name, spot in after.items():                 # survivors keep label and place
            assert before[name] == spot and start[name] == spot
        if len(lines) > n_lines + 1 and lines[n_lines + 1].startswith("Computer cut edge"):
            theirs = lines[n_lines + 1].split("Computer cut edge ")[1].split()[0]
            assert theirs in before and theirs not in after, (theirs, before, after)
            assert f"The computer cut edge {theirs}." in message.inner_text()
    assert root.get_attribute("data-winner") in ("student", "computer")
    book.screenshot(root, "hackenbush_labelled_log.png")


def test_reduction_steps_name_only_what_is_drawn(book):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").nth(1)
    root.scroll_into_view_if_needed()
    if root.locator("[data-testid=hb-steps]").is_hidden():
        root.locator("[data-testid=hb-steps-toggle]").click()
    head = root.locator("[data-testid=hb-step-head]")
    page.wait_for_function("el => /^Step \\d+ of \\d+$/.test(el.textContent)",
                           arg=head.element_handle())
    board_names = set(root.locator("[data-testid=hb-board] .cg-node-label").all_text_contents())
    assert board_names >= {"0", "1", "2", "3", "4", "5"}, board_names
    total = int(head.inner_text().split()[-1])
    root.locator(".cg-chip[data-step='0']").click()
    book.wait_text(head, f"Step 1 of {total}")
    for i in range(total):
        text = root.locator("[data-testid=hb-step-text]").inner_text()
        pic_names = set(root.locator("[data-testid=hb-step-picture] .cg-node-label")
                        .all_text_contents())
        for m in re.finditer(r"(?:\bat|\bnodes?|\bcircuit) (\w+(?:(?:, | and |–)\w+)*)", text):
            for name in re.split(r", | and |–", m.group(1)):
                if re.fullmatch(r"\d+|n\d+|[b-z]", name):   # a node name, not a word
                    assert name in board_names | pic_names, (name, text)
        if i + 1 < total:
            root.locator("[data-testid=hb-step-next]").click()
            book.wait_text(head, f"Step {i + 2} of {total}")
