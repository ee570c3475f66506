"""HackenbushEditor and HackenbushGame driven by mouse clicks in a real JupyterLab."""

from __future__ import annotations


import pytest


SETUP = """\
from cgteach.hackenbush import Hackenbush
from cgteach.widgets import HackenbushEditor, HackenbushGame"""


@pytest.fixture(scope="module")
def book(lab):
    cells = [
        SETUP,
        "editor = HackenbushEditor()\neditor",
        "print('EDITOR', repr(editor.position), editor.value_text, editor.outcome)",
        "house = Hackenbush([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 3)])\n"
        "shown = HackenbushEditor(house)\nshown",
        "print('SHOWN', shown.step, len(shown.steps))",
        "green = HackenbushGame(Hackenbush([(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)]), seed=2)\n"
        "green",
        "print('GREEN', repr(green.position), green.winner)",
        "bluered = HackenbushGame(Hackenbush([(0, 1, 'blue'), (1, 2, 'red'), (0, 3, 'red'), "
        "(3, 4, 'blue'), (4, 5, 'blue')]), student='blue', seed=5)\nbluered",
        "print('BLUERED', repr(bluered.position), bluered.winner)",
    ]
    nb = lab.notebook("hackenbush", cells, timeout=30)
    yield nb
    nb.close()


def _state(book, cell, tag):
    text = book.rerun(cell)
    line = next(s for s in text.splitlines() if s.startswith(tag))
    return line


def test_editor_draw_a_stalk_and_a_loop(book):
    page = book.page
    root = page.locator("[data-testid=hb-editor]").first
    board = root.locator("[data-testid=hb-board]")
    ground = root.locator(".cg-node").first
    # pick the ground node, then click above it twice: a stalk of two edges
    book.click_item(board, ground)
    book.board_click(board, 320, 260)
    page.wait_for_function(
        "el => el.querySelectorAll('.cg-edge').length === 1", arg=board.element_handle())
    book.board_click(board, 320, 180)
    page.wait_for_function(
        "el => el.querySelectorAll('.cg-edge').length === 2", arg=board.element_handle())
    value = root.locator("[data-testid=hb-value]")
    page.wait_for_function("el => el.textContent === '*2'", arg=value.element_handle())
    assert root.locator("[data-testid=hb-outcome]").inner_text() == "N"
    # a loop on the top node: the loop handle appears on hover
    top = root.locator(".cg-node[data-name='2']")
    book.click_item(board, top)  # picks it (it is the picked node already: this lets go)
    top.hover()
    handle = top.locator("[data-loop]")
    handle.click()
    page.wait_for_function(
        "el => el.querySelectorAll('.cg-edge').length === 3", arg=board.element_handle())
    page.wait_for_function("el => el.textContent === '*3'", arg=value.element_handle())
    assert "EDITOR Hackenbush([(0, 1), (1, 2), (2, 2)], ground=(0,)) *3 N" in _state(
        book, 2, "EDITOR")
    book.screenshot(root, "hackenbush_editor.png")
