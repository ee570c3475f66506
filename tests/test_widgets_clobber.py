"""The Clobber widgets, driven as the browser drives them (intents and traits)."""

from __future__ import annotations

import base64
import json
import math
import re

import pytest

from cgteach.games import parse
from cgteach.rulesets.clobber import Clobber
from cgteach.rulesets.domineering import Domineering
from cgteach.widgets import ClobberEditor, ClobberGame
from cgteach.widgets._base import WidgetValueError, still_alt
from cgteach.widgets.clobber import PERFECT_STONES, describe


def state(w):
    keys = [k for k in w.keys if k not in ("message", "_dom_classes", "layout", "status")]
    return {k: json.dumps(getattr(w, k), default=str) for k in keys}


# -- the editor ------------------------------------------------------------------------

def test_editor_shows_value_outcome_and_atomic_weight():
    # xxo = {0 | *} = ↑ (Left's x takes the o: x.x, 0; Right's o takes an x: xo., *)
    ed = ClobberEditor(Clobber(["xxo"]))
    assert (ed.value_text, ed.outcome, ed.atomic_weight_text) == ("↑", "L", "1")
    assert ed.rule_text.startswith("Atomic weight at least 1: Left wins when she starts")
    ed = ClobberEditor(Clobber(["xoo"]))
    assert ed.rule_text.startswith("Atomic weight at most -1: Right wins when he starts")
    ed = ClobberEditor(Clobber(["xo"]))                # *: atomic weight 0
    assert ed.atomic_weight_text == "0" and "does not say who wins" in ed.rule_text
    # xxxo = {0 | ↑} = ⇑*, atomic weight 2: the two-ahead rule says Left wins
    ed = ClobberEditor(Clobber(["xxxo"]))
    assert ed.value_text == str(parse("{0|↑}")) and ed.atomic_weight_text == "2"
    assert ed.outcome == "L" and ed.rule_text.startswith("Atomic weight at least 2: Left wins")
    ed = ClobberEditor(Clobber(["oooox"]))           # the mirror: -3, Right wins
    assert ed.atomic_weight_text == "-3" and "Right wins whoever starts" in ed.rule_text


def test_editor_lists_each_region_with_its_value_and_weight():
    ed = ClobberEditor(Clobber(["xxo.xo", "......", "xxx..o"]))
    regions = [(r["rows"], r["stones"], r["value"], r["atomic_weight"]) for r in ed.regions]
    assert regions == [(["xxo"], 3, "↑", "1"), (["xo"], 2, "*", "0")]   # one-colour groups: none
    assert ed.value_text == str(parse("↑*")) and ed.atomic_weight_text == "1"
    d = describe(Clobber(["xxo.xo"]))
    assert d["value"] == str(Clobber(["xxo.xo"]).value())


def test_a_click_cycles_a_square_empty_x_o_empty_and_the_value_follows():
    ed = ClobberEditor(Clobber(["x.o"]))
    assert ed.value_text == "0"
    ed.handle({"event": "cycle", "row": 0, "col": 1})
    assert ed.rows == ["xxo"] and ed.value_text == "↑"
    assert ed.message == "square (0, 1): x (Left's blue stone)"
    ed.handle({"event": "cycle", "row": 0, "col": 1})
    assert ed.rows == ["xoo"] and ed.value_text == str(Clobber(["xoo"]).value()) == "↓"
    ed.handle({"event": "cycle", "row": 0, "col": 1})
    assert ed.rows == ["x.o"] and ed.value_text == "0" and ed.can_undo
    ed.handle({"event": "undo"})
    assert ed.rows == ["xoo"]
    ed.undo()
    ed.undo()
    assert ed.rows == ["x.o"] and not ed.can_undo
    ed.undo()
    assert ed.message == "nothing to undo"


def test_keys_put_a_stone_or_empty_a_square():
    ed = ClobberEditor(Clobber(["...", "..."]))
    ed.handle({"event": "set_cell", "row": 0, "col": 0, "stone": "x"})
    ed.handle({"event": "set_cell", "row": 0, "col": 1, "stone": "o"})
    ed.handle({"event": "set_cell", "row": 1, "col": 1, "stone": "x"})
    assert ed.rows == ["xo.", ".x."] and ed.value_text == str(Clobber(["xo.", ".x."]).value())
    ed.handle({"event": "set_cell", "row": 1, "col": 1, "stone": "x"})
    assert ed.message == "square (1, 1) is x (Left's blue stone) already"
    ed.handle({"event": "set_cell", "row": 1, "col": 1, "stone": "."})
    assert ed.rows == ["xo.", "..."] and ed.value_text == "*"


def test_resize_keeps_the_stones_that_fit_checkerboard_and_clear():
    ed = ClobberEditor(Clobber(["xo", "ox"]))
    ed.handle({"event": "resize", "m": 3, "n": 3})
    assert ed.rows == ["xo.", "ox.", "..."] and ed.message == "a 3 x 3 board"
    ed.handle({"event": "resize", "m": 1, "n": 3})
    assert ed.rows == ["xo."] and ed.value_text == "*"
    ed.handle({"event": "checkerboard"})
    assert ed.rows == ["xox"] and ed.value_text == str(Clobber(["xox"]).value())
    ed.handle({"event": "clear"})
    assert ed.rows == ["..."] and ed.value_text == "0" and ed.atomic_weight_text == "0"
    assert ed.regions == []


@pytest.mark.parametrize("payload, said", [
    ({"event": "cycle", "row": 5, "col": 0}, "no square (5, 0)"),
    ({"event": "cycle", "row": -1, "col": 0}, "no square (-1, 0)"),
    ({"event": "cycle", "row": True, "col": 0}, "row must be a whole number"),
    ({"event": "cycle", "row": "a", "col": 0}, "row must be a whole number"),
    ({"event": "cycle", "row": 0.5, "col": 0}, "row must be a whole number"),
    ({"event": "cycle", "row": 0}, "it needs 'col'"),
    ({"event": "set_cell", "row": 0, "col": 0, "stone": "#"}, "stone must be 'x'"),
    ({"event": "set_cell", "row": 0, "col": 0, "stone": None}, "stone must be 'x'"),
    ({"event": "resize", "m": 99, "n": 2}, "rows must be a whole number from 1 to 8"),
    ({"event": "resize", "m": 2, "n": 0}, "columns must be a whole number from 1 to 8"),
    ({"event": "resize", "m": 2, "n": math.nan}, "finite"),
    ({"event": "load", "text": "not json"}, "could not load that file"),
    ({"event": "load", "text": 7}, "it is not text"),
    ({"event": "nonsense"}, "unknown request"),
    ({"event": "checkerboard", "extra": 1}, "unexpected 'extra'"),
])
def test_bad_requests_keep_the_board_and_say_why(payload, said):
    ed = ClobberEditor(Clobber(["xo.", "oxo"]))
    before = state(ed)
    ed.handle(payload)
    assert state(ed) == before
    assert said in ed.message


def _filled(k, width=8):
    """A checkerboard ``width`` wide filled in reading order for ``k`` squares: one region."""
    height = -(-k // width)
    return Clobber(["".join("xo"[(r + c) % 2] if r * width + c < k else "."
                            for c in range(width)) for r in range(height)])


def test_a_region_too_big_to_value_is_refused_with_a_message():
    ed = ClobberEditor(_filled(PERFECT_STONES))
    before = state(ed)
    r, c = divmod(PERFECT_STONES, 8)
    if r == len(ed.rows):
        ed.resize(r + 1, 8)
        before = state(ed)
    ed.handle({"event": "set_cell", "row": r, "col": c, "stone": "o"})
    assert state(ed) == before
    assert "left the board as it was" in ed.message and str(PERFECT_STONES) in ed.message
    with pytest.raises(ValueError, match="at most 8 x 8"):
        ClobberEditor(Clobber(["x."] * 9))
    with pytest.raises(ValueError, match=f"region of {PERFECT_STONES + 1} stones"):
        ClobberEditor(_filled(PERFECT_STONES + 1))
    with pytest.raises(ValueError, match=f"region of {PERFECT_STONES + 1} stones"):
        ClobberGame(_filled(PERFECT_STONES + 1))


def test_save_and_load_round_trip(tmp_path):
    ed = ClobberEditor(Clobber(["xo.", ".xo"]))
    path = tmp_path / "board.json"
    ed.save(path)
    assert Clobber.load(path) == ed.board
    assert json.loads(ed.json_text)["format"] == "cgteach.clobber"
    other = ClobberEditor(Clobber(["x"]))
    other.handle({"event": "load", "text": path.read_text()})
    assert other.board == ed.board and other.value_text == ed.value_text
    assert other.message == "loaded the board"
    # a Domineering file, a damaged one, a board too big: refused, the board kept
    dom = tmp_path / "dom.json"
    Domineering(["..", ".."]).save(dom)
    before = state(other)
    for text in (dom.read_text(), path.read_text().replace("xo.", "xq."),
                 path.read_text()[:-8], json.dumps({"format": "cgteach.clobber", "version": 1,
                                                    "position": {"rows": ["x" * 9]}})):
        other.handle({"event": "load", "text": text})
        assert other.message.startswith("could not load that file") and "unchanged" in other.message
        assert state(other) == before


def test_bad_trait_writes_are_refused_and_the_board_is_kept():
    ed = ClobberEditor(Clobber(["xxo"]))
    before = state(ed)
    for name, bad in (("rows", ["ooo"]), ("rows", "oxo"), ("rows", [1]), ("outcome", "Q"),
                      ("value_text", 5), ("regions", [1]), ("atomic_weight_text", None),
                      ("lecture", "yes")):
        with pytest.raises(ValueError):
            setattr(ed, name, bad)
        assert f"'{name}'" in ed.message
        assert state(ed) == before
    with pytest.raises(WidgetValueError, match="rows follow the widget's board"):
        ed.rows = ["x.o"]
    # from the page: only lecture and labels may change
    ed.set_state({"rows": ["ooo"]})
    assert ed.rows == ["xxo"] and "may not change 'rows'" in ed.message
    ed.set_state({"labels": True})
    assert ed.labels
    game = ClobberGame(Clobber(["xoxo"]), seed=0)
    before = state(game)
    for name, bad in (("student", "up"), ("selected", [9, 9]), ("selected", "a"),
                      ("hint_move", [0, 0, 0]), ("last_move", {"from": 1}), ("turn", "mine"),
                      ("winner", "nobody")):
        with pytest.raises(ValueError):
            setattr(game, name, bad)
        assert f"'{name}'" in game.message and state(game) == before
    game.set_state({"student": "right"})
    assert game.student == "left" and "may not change 'student'" in game.message


def test_hostile_intents_never_raise():
    hostile = [None, True, math.nan, math.inf, 10**400, -1, 2**63, "1", "", "x" * 5000, [], {},
               1.5, [0, 1]]
    for w in (ClobberEditor(Clobber(["xo", "ox"])), ClobberGame(Clobber(["xo", "ox"]), seed=1)):
        before = state(w)
        events = (["cycle", "set_cell", "resize", "load", "checkerboard"] if "Editor" in
                  type(w).__name__ else ["click", "move", "side", "deselect"])
        for event in events:
            for v in hostile:
                for payload in ({"event": event, "row": v, "col": 0},
                                {"event": event, "row": 0, "col": v, "stone": v},
                                {"event": event, "m": v, "n": 2}, {"event": event, "text": v},
                                {"event": event, "side": v},
                                {"event": event, "row": 0, "col": 0, "row2": v, "col2": 1}):
                    w.handle(payload)
                    assert isinstance(w.message, str) and len(w.message) < 400
        assert state(w)["rows"] == before["rows"]


def test_the_still_picture_and_its_words():
    ed = ClobberEditor(Clobber(["xxo", "o.."]))
    data, meta = ed._repr_mimebundle_()
    assert base64.b64decode(data["image/png"]).startswith(b"\x89PNG")
    assert data["text/plain"] == ("ClobberEditor — run this cell in JupyterLab to build a "
                                  "Clobber position")
    value = str(Clobber(["xxo", "o.."]).value())
    alt = (f"Clobber editor: a 2 by 3 board with 2 blue stones (x) and 2 red stones (o), "
           f"value {value}, atomic weight {Clobber(['xxo', 'o..']).atomic_weight()}.")
    assert meta["image/png"]["alt"] == alt == still_alt(ed)
    game = ClobberGame(Clobber(["xo"]), student="right", seed=1)
    assert still_alt(game) == ("Clobber game against the computer (you play Right, the red o "
                               "stones): a 1 by 2 board with 1 blue stone (x) and 1 red stone (o).")
    assert repr(game) == "ClobberGame — run this cell in JupyterLab to play"


# -- the game --------------------------------------------------------------------------

def play_out(g):
    """The student follows the hint until the game ends; returns the winner."""
    for _ in range(40):
        if g.winner:
            return g.winner
        r, c, r2, c2 = g.hint()
        g.handle({"event": "move", "row": r, "col": c, "row2": r2, "col2": c2})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rows", [["xxo"], ["xxxo"], ["xox", "oxo", "xox"], ["xoxo"],
                                  ["xo.", "oxo"]])
@pytest.mark.parametrize("student", ["left", "right"])
def test_hints_win_every_position_the_student_can_win(rows, student):
    board = Clobber(rows)
    v = board.value() if student == "left" else -board.value()
    for seed in range(2):
        g = ClobberGame(board, student=student, seed=seed)
        winner = play_out(g)
        # moving first, the student wins exactly when the value is L or N for their side
        assert winner == ("student" if v.outcome() in ("L", "N") else "computer"), (rows, student)


@pytest.mark.parametrize("rows", [["xo", "ox"], ["xoxo"], ["oxx"], ["xo.", "oxo"]])
def test_the_perfect_computer_wins_whatever_the_student_does_on_a_lost_board(rows):
    board = Clobber(rows)
    lost = board.value().outcome() in ("R", "P")          # Left, moving first, loses

    def every_line(g, path):
        if g.winner:
            yield g.winner, path
            return
        for (r, c), (r2, c2) in g.board.left_moves():
            h = ClobberGame(g.board, seed=0)
            h.log = list(g.log)
            h.move(r, c, r2, c2)
            yield from every_line(h, path + [(r, c, r2, c2)])

    results = list(every_line(ClobberGame(board, seed=0), []))
    assert results
    if lost:
        assert all(w == "computer" for w, _ in results), results
    else:
        assert any(w == "student" for w, _ in results)


def test_the_computer_plays_a_best_move_by_value():
    # the computer (Right) to move first on boards with several moves
    for rows in (["xoxo"], ["xox", "oxo"], ["xxo.", "ooxo"], ["xoo", "x.x"]):
        board = Clobber(rows)
        g = ClobberGame(board, first="computer", seed=3)
        last = g.last_move
        chosen = board.play_right((tuple(last["from"]), tuple(last["to"])))
        values = [o.value() for o in board.right_options()]
        best = chosen.value()
        assert not any(v < best for v in values), rows            # none better for Right
        if any(v.outcome() in ("R", "P") for v in values):       # a winning move exists ...
            assert best.outcome() in ("R", "P"), rows              # ... and it took one
        assert g.log[0].startswith("Computer: o")


def test_a_random_computer_and_first_computer():
    g = ClobberGame(Clobber(["xoxo"]), computer="random", first="computer", seed=5)
    assert g.log and g.last_move["by"] == "computer" and g.turn == "student"
    with pytest.raises(ValueError, match="computer"):
        ClobberGame(computer="clever")
    with pytest.raises(ValueError, match="student"):
        ClobberGame(student="up")
    with pytest.raises(ValueError, match="first"):
        ClobberGame(first="nobody")


def test_clicks_pick_a_stone_then_clobber():
    g = ClobberGame(Clobber(["xox", "o.o"]), seed=0)
    g.handle({"event": "click", "row": 0, "col": 0})          # pick the x in the corner
    assert g.selected == [0, 0] and "picked your stone at (0, 0)" in g.message
    g.handle({"event": "click", "row": 0, "col": 0})          # put it back
    assert g.selected == [] and "put your stone" in g.message
    g.handle({"event": "click", "row": 0, "col": 1})          # two x stones can take (0, 1)
    assert g.selected == [] and "2 of your stones can take (0, 1)" in g.message
    g.handle({"event": "click", "row": 1, "col": 1})
    assert "is empty" in g.message
    g.handle({"event": "click", "row": 0, "col": 2})
    g.handle({"event": "click", "row": 0, "col": 0})          # another of mine: picks that one
    assert g.selected == [0, 0]
    g.handle({"event": "deselect"})
    assert g.selected == [] and g.message == "no stone picked"
    before = state(g)
    g.handle({"event": "move", "row": 0, "col": 0, "row2": 0, "col2": 2})   # not adjacent
    assert "you cannot move from (0, 0) to (0, 2)" in g.message and state(g) == before
    g.handle({"event": "click", "row": 1, "col": 0})          # only (0, 0) can take (1, 0)
    assert g.log[0] == "You: x (0, 0) → (1, 0)" and g.log[1].startswith("Computer: o")
    assert g.last_move["by"] == "computer" and g.selected == []


def test_a_lonely_stone_cannot_be_picked_and_the_game_ends_with_a_winner():
    g = ClobberGame(Clobber(["x.o", "xo."]), seed=0)
    g.click(0, 0)
    assert g.selected == [] and "no enemy stone next to it" in g.message
    g.click(1, 1)                       # the one move: (1, 0) takes (1, 1); Right is stuck
    assert g.winner == "student" and g.turn == "over" and "You win" in g.status
    g.click(0, 0)
    assert "game is over" in g.message
    g.handle({"event": "hint"})
    assert "game is over" in g.message
    g.handle({"event": "restart"})
    assert g.rows == ["x.o", "xo."] and not g.winner and g.log == []


def test_the_hint_marks_a_move_and_says_whether_it_wins():
    g = ClobberGame(Clobber(["xxo"]), seed=0)                 # ↑: Left moving first wins
    g.handle({"event": "hint"})
    assert g.hint_move == [0, 1, 0, 2] and "wins against any reply" in g.message
    lost = ClobberGame(Clobber(["xoxo"]), seed=0)
    v = Clobber(["xoxo"]).value()
    lost.show_hint()
    assert len(lost.hint_move) == 4
    assert ("wins against any reply" in lost.message) == (v.outcome() in ("L", "N"))


def test_the_student_picks_a_side():
    g = ClobberGame(Clobber(["xxo"]), seed=0)
    assert "you play x" in g.status
    g.handle({"event": "side", "side": "right"})
    assert g.student == "right" and g.rows == ["xxo"] and "you play o" in g.status
    assert g.message.startswith("New game: you play Right")
    g.handle({"event": "click", "row": 0, "col": 1})          # only (0, 2) can take it
    assert g.log[0] == "You: o (0, 2) → (0, 1)"
    g.handle({"event": "side", "side": "middle"})
    assert g.student == "right" and "side must be 'left' or 'right'" in g.message
    g.student = "left"                                       # from Python: a new game too
    assert g.log == [] and "you play x" in g.status and g.message.startswith("New game")
    first = ClobberGame(Clobber(["xxo"]), first="computer", seed=0)
    first.choose_side("right")                               # the computer (Left) opens
    assert first.log[0].startswith("Computer: x") and first.message.startswith(
        "New game: you play Right, the o stones. The computer moved x")


def test_the_turn_text_names_the_students_stones_and_the_keyboard():
    assert "x (blue discs)" in ClobberGame(seed=0).status
    right = ClobberGame(student="right", seed=0)
    assert "o (red squares)" in right.status and "Enter" in right.status


def test_the_board_script_is_keyboard_ready():
    """The board is reachable by Tab, named, and announces in a live region (the browser
    test drives it; this catches a file shipped without it)."""
    from cgteach.widgets.clobber import _ESM

    for needle in ('svg.setAttribute("tabindex", "0")', 'liveRegion(root, "cb")', "keyFocus(",
                   "arrowKeys(", '"aria-keyshortcuts", "H"', '"aria-keyshortcuts", "Control+Z"',
                   "Escape"):
        assert needle in _ESM
    # every programmatic focus keeps the page still
    for call in re.findall(r"\.focus\(([^)]*)\)", _ESM):
        assert "preventScroll: true" in call


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_stones_keep_3_to_1_and_their_letters_4_5_to_1():
    """WCAG: the stones against the square (1.4.11), the letters on the stones (1.4.3)."""
    from cgteach.widgets.clobber import _CSS

    def rule(selector, prop):
        m = re.search(re.escape(selector) + r" \{[^}]*?" + prop + r":\s*(#[0-9a-fA-F]{6})", _CSS)
        return m.group(1)

    square = rule(".cg-clobber .cg-cell", "fill")
    picked = rule(".cg-clobber .cg-cell.cg-picked", "fill")
    x = rule(".cg-clobber .cg-stone-x circle", "fill")
    o = rule(".cg-clobber .cg-stone-o rect", "fill")
    assert (x.upper(), o.upper()) == ("#0072B2", "#D55E00")            # Okabe-Ito
    for stone in (x, o):
        assert _contrast(stone, square) >= 3 and _contrast(stone, picked) >= 3
    assert _contrast(rule(".cg-clobber .cg-stone-x text", "fill"), x) >= 4.5
    assert _contrast(rule(".cg-clobber .cg-stone-o text", "fill"), o) >= 4.5
    # the stones are told apart without colour: a disc with x, a square with o (as drawn
    # by cgteach.draw.clobber)
    from cgteach.widgets.clobber import _ESM

    assert 'if (ch === "x") svgEl("circle"' in _ESM and 'else svgEl("rect"' in _ESM


def test_what_the_editor_says_from_the_weight_holds_on_every_small_strip_and_board():
    """The two-ahead rule as the editor states it, against the real outcome (all 1 x n strips
    of up to 7 squares and all 2 x 3 boards: 3**7 + 3**6 positions)."""
    from itertools import product

    boards = [["".join(p)] for n in range(1, 8) for p in product(".xo", repeat=n)]
    boards += [["".join(p[:3]), "".join(p[3:])] for p in product(".xo", repeat=6)]
    told = {"Left wins whoever starts": ("L",), "Right wins whoever starts": ("R",),
            "Left wins when she starts": ("L", "N"), "Right wins when he starts": ("R", "N")}
    counted = dict.fromkeys(told, 0)
    for rows in boards:
        d = describe(Clobber(rows))
        for words, outcomes in told.items():
            if words in d["rule"]:
                assert d["outcome"] in outcomes, (rows, d)
                counted[words] += 1
    assert all(counted.values()), counted
