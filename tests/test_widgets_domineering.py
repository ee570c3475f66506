"""The Domineering widgets, driven as the browser drives them (intents and traits)."""

from __future__ import annotations

import json

import pytest

from cgteach.games.temperature import thermograph
from cgteach.rulesets.domineering import Domineering
from cgteach.widgets import DomineeringEditor, DomineeringGame
from cgteach.widgets.domineering import PERFECT_CELLS, describe


def test_editor_shows_value_temperature_mean_and_regions():
    ed = DomineeringEditor(Domineering(["..#.", "..#."]))
    shown = (ed.value_text, ed.outcome, ed.temperature_text, ed.mean_text)
    assert shown == ("{2|0}", "N", "1", "1")
    assert [r["value"] for r in ed.regions] == ["±1", "1"]
    assert [r["temperature"] for r in ed.regions] == ["1", "-1"]
    th = thermograph(Domineering(["..#.", "..#."]).value())
    assert ed.thermograph["temperature"] == float(th.temperature)
    assert ed.thermograph["mast"] == float(th.mast)
    assert ed.thermograph["left"][0] == [float(th.left_wall(-1)), -1.0]


def test_a_click_takes_and_frees_a_cell_and_the_value_follows():
    ed = DomineeringEditor(Domineering.rectangle(2, 2))
    assert ed.value_text == "±1"
    ed.handle({"event": "toggle", "row": 0, "col": 0})
    assert ed.rows == ["#.", ".."] and ed.value_text == str(Domineering(["#.", ".."]).value())
    assert ed.can_undo
    ed.handle({"event": "toggle", "row": 0, "col": 0})
    assert ed.rows == ["..", ".."] and ed.value_text == "±1"
    ed.handle({"event": "undo"})
    assert ed.rows == ["#.", ".."]


@pytest.mark.parametrize("payload", [
    {"event": "toggle", "row": 5, "col": 0},
    {"event": "toggle", "row": True, "col": 0},
    {"event": "toggle", "row": "a", "col": 0},
    {"event": "toggle", "row": 0},
    {"event": "resize", "m": 99, "n": 2},
    {"event": "load", "text": "not json"},
    {"event": "load", "text": 7},
    {"event": "nonsense"},
])
def test_bad_requests_keep_the_board_and_say_why(payload):
    ed = DomineeringEditor(Domineering.rectangle(2, 3))
    before = (list(ed.rows), ed.value_text)
    ed.handle(payload)
    assert (list(ed.rows), ed.value_text) == before
    assert ed.message


def test_a_region_too_big_to_value_is_refused_with_a_message():
    rows = ["....#", "....#", "....#", "#####", "....."]
    ed = DomineeringEditor(Domineering(rows))
    assert len(ed.board.regions()[0].free_cells()) <= PERFECT_CELLS
    ed.handle({"event": "toggle", "row": 3, "col": 0})    # joins 12 + 1 + 5 = 18 cells
    assert ed.rows == rows
    assert "left the board as it was" in ed.message and str(PERFECT_CELLS) in ed.message
    with pytest.raises(ValueError, match="at most 8 x 8"):
        DomineeringEditor(Domineering.rectangle(9, 2))
    with pytest.raises(ValueError, match="region of 25"):
        DomineeringEditor(Domineering.rectangle(5, 5))


def test_save_and_load_round_trip(tmp_path):
    ed = DomineeringEditor(Domineering(["..#", "..."]))
    path = tmp_path / "board.json"
    ed.save(path)
    assert Domineering.load(path) == ed.board
    other = DomineeringEditor(Domineering.rectangle(1, 1))
    other.handle({"event": "load", "text": path.read_text()})
    assert other.board == ed.board and other.value_text == ed.value_text
    assert json.loads(ed.json_text)


def test_describe_agrees_with_the_package():
    board = Domineering(["...#..", "...#..", "######"])
    d = describe(board)
    assert d["value"] == str(board.value())
    assert [r["value"] for r in d["regions"]] == [str(r.value()) for r in board.regions()]


def test_game_perfect_computer_wins_a_lost_position_and_hint_wins_a_won_one():
    # 2 x 3 is {2 | -1/2}: Left moving first wins; the hint's move must win.
    for seed in range(3):
        g = DomineeringGame(Domineering.rectangle(2, 3), seed=seed)
        cell = g.hint()
        assert cell
        g.handle({"event": "place", "row": cell[0], "col": cell[1]})
        while not g.winner:
            hint = g.hint()
            move = hint or next(iter(g.board.left_moves()))
            g.place(*move)
        assert g.winner == "student"
    # 1 x 2 is -1: Left has no move at all and loses at once.
    g = DomineeringGame(Domineering(["..", "##"]))
    assert g.winner == "computer"


def test_game_every_student_move_against_the_perfect_computer_on_a_lost_board():
    # 3 x 2 is {1/2 | -2}: moving second, Left loses against perfect play.
    start = Domineering.rectangle(2, 2)
    g = DomineeringGame(start, first="computer", seed=1)
    assert g.log and g.log[0].startswith("Computer")
    while not g.winner:
        g.place(*g.board.left_moves()[0])
    assert g.winner == "computer"


def test_game_bad_moves_keep_the_board():
    g = DomineeringGame(Domineering.rectangle(3, 3), seed=0)
    before = list(g.rows)
    for payload in ({"event": "place", "row": 9, "col": 9},
                    {"event": "place", "row": "x", "col": 0}, {"event": "place", "row": 0}):
        g.handle(payload)
        assert list(g.rows) == before and g.message
    g.handle({"event": "hint"})
    assert g.hint_cell and "Hint" in g.message


def test_game_places_with_the_bottom_cell_when_the_top_one_has_no_room():
    g = DomineeringGame(Domineering(["..", ".."]), seed=0)
    g.place(1, 0)            # no room below row 1: the domino covers (0, 0) and (1, 0)
    assert g.rows[0][0] == "#" and g.rows[1][0] == "#"
    assert g.dominoes[0] == {"row": 0, "col": 0, "vertical": True, "by": "student"}


def test_game_bad_arguments():
    with pytest.raises(ValueError, match="student"):
        DomineeringGame(student="up")
    with pytest.raises(ValueError, match="computer"):
        DomineeringGame(computer="clever")


def test_on_a_board_too_big_to_value_the_computer_plays_in_the_hottest_small_region():
    # an 18-cell region (too big to value) and a 2 x 3 board ({2 | -1/2}) and a 1 x 3 strip
    rows = ["......##", "......##", "......##", "########",
            "...#####", "...#####", "########", "...#####"]
    g = DomineeringGame(Domineering(rows), first="computer", student="left", seed=0)
    assert g.hint() == []                         # too big to value: no hint
    first = g.dominoes[0]
    assert not first["vertical"] and first["row"] in (4, 5) and first["col"] in (0, 1)
    g.show_hint()
    assert "too big" in g.message


# -- keyboard and colours (issue 28) -------------------------------------------------

def test_the_turn_text_names_the_students_domino_and_the_keyboard():
    assert "vertical domino" in DomineeringGame(seed=0).status
    right = DomineeringGame(student="right", seed=0)
    assert "horizontal domino" in right.status and "Enter" in right.status


def test_the_board_script_is_keyboard_ready():
    """The board is reachable by Tab, named, and announces in a live region (the browser
    test drives it; this catches a file shipped without it)."""
    from cgteach.widgets.domineering import _ESM

    for needle in ('svg.setAttribute("tabindex", "0")', 'liveRegion(root, "dm")', "keyFocus(",
                   "arrowKeys(", '"aria-keyshortcuts", "H"', '"aria-keyshortcuts", "Control+Z"'):
        assert needle in _ESM


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_dominoes_and_the_focus_ring_keep_3_to_1_against_what_they_sit_on():
    """WCAG 1.4.11 (non-text contrast): the colours as the style sheets set them."""
    import re

    from cgteach.widgets.domineering import _CSS

    def var(name):
        return re.search(rf"--cg-{name}:\s*(#[0-9a-fA-F]{{6}})", _CSS).group(1)

    def fill(selector):
        rule = re.escape(selector) + r"[,\s]*[^{]*\{[^}]*fill:\s*(#[0-9a-fA-F]{6})"
        return re.search(rule, _CSS).group(1)

    blue, red = var("blue"), var("red")
    assert (blue.upper(), red.upper()) == ("#0072B2", "#D55E00")      # Okabe-Ito
    free = fill(".cg-domineering .cg-cell ")
    covered = fill(".cg-domineering .cg-cell.cg-taken.cg-covered")   # under a domino
    taken = fill(".cg-domineering .cg-cell.cg-taken ")
    for domino in (blue, red):
        assert _contrast(domino, covered) >= 3 and _contrast(domino, free) >= 3
    assert _contrast(free, taken) >= 3
    # the focus ring: black outside, yellow inside; one of the two keeps 3:1 on anything
    outer = re.search(r"\.cg-focus-outer \{ stroke: (#[0-9a-fA-F]{6})", _CSS).group(1)
    inner = re.search(r"\.cg-focus-inner \{ stroke: (#[0-9a-fA-F]{6})", _CSS).group(1)
    for under in (free, taken, covered, blue, red):
        assert max(_contrast(outer, under), _contrast(inner, under)) >= 3
    assert _contrast(outer, inner) >= 3
    # the hint: an orange line with a black dashed one inside it
    hint = re.search(r"\.cg-hint-inner \{[^}]*stroke: (#[0-9a-fA-F]{6})", _CSS).group(1)
    for under in (free, taken, covered):
        assert _contrast(hint, under) >= 3
