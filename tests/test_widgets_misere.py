"""The misère Kayles widget, driven as the browser drives it (intents and traits).

Who wins is decided here by a referee written afresh from the rules of a row of
pins (no octal code, no quotient): the widget's computer, which plays from the
package's misère quotient, must agree with it.
"""

from __future__ import annotations

import base64
import json
import random
import re
from functools import cache

import pytest

from cgteach.widgets import MisereKaylesGame
from cgteach.widgets._base import WidgetValueError, still_alt
from cgteach.widgets.misere import MAX_PINS, heaps_of

# -- the referee: rows of pins, read from the rules --------------------------------------

def row_moves(row: str, pair_only: bool):
    """Every row after one move: one standing pin down (Kayles), or two neighbours."""
    out = []
    for i, ch in enumerate(row):
        if ch != "I":
            continue
        if not pair_only:
            out.append(row[:i] + "." + row[i + 1:])
        if i + 1 < len(row) and row[i + 1] == "I":
            out.append(row[:i] + ".." + row[i + 2:])
    return out


@cache
def mover_wins(row: str, pair_only: bool) -> bool:
    """Misère play: no move means the player to move wins."""
    after = row_moves(row, pair_only)
    return not after or any(not mover_wins(a, pair_only) for a in after)


def as_row(pins) -> str:
    return "".join("I" if p else "." for p in pins)


def state(w):
    keys = [k for k in w.keys if k not in ("message", "_dom_classes", "layout", "status")]
    return {k: json.dumps(getattr(w, k), default=str) for k in keys}


# -- the position and the quotient ---------------------------------------------------------

def test_heaps_are_the_runs_of_standing_pins():
    assert heaps_of([True, True, False, True, False, False, True, True, True]) == (2, 1, 3)
    assert heaps_of([False, False]) == ()
    g = MisereKaylesGame("II.III", seed=0)
    assert g.heaps == (2, 3) and g.heaps_text == "2 + 3"
    assert g.game_name == "Kayles" and g.code == "0.77"
    assert "order" in g.quotient_text and "P-portion" in g.quotient_text


@pytest.mark.parametrize("code", ["0.77", "0.07"])
def test_the_element_and_outcome_shown_agree_with_the_referee_on_every_small_row(code):
    pair_only = code == "0.07"
    for n in range(1, 9):
        g = MisereKaylesGame(n, code=code, seed=0)
        q = g.quotient
        rows = {as_row(g.pins)}
        frontier = list(rows)
        while frontier:                      # every row reachable from n pins
            nxt = []
            for r in frontier:
                for a in row_moves(r, pair_only):
                    if a not in rows:
                        rows.add(a)
                        nxt.append(a)
            frontier = nxt
        for r in rows:
            heaps = heaps_of([ch == "I" for ch in r])
            expected = "N" if mover_wins(r, pair_only) else "P"
            assert q.outcome(heaps) == expected, (code, r)
        assert g.outcome == ("N" if mover_wins(as_row(g.pins), pair_only) else "P")
        assert g.element_text == str(q.element(g.heaps))


# -- playing ------------------------------------------------------------------------------

def test_a_click_knocks_a_pin_and_the_computer_answers():
    g = MisereKaylesGame(8, seed=1)
    g.handle({"event": "knock", "pin": 0})
    assert g.pins.count(False) >= 2 and g.last_move["by"] == "computer"
    assert g.log[0].startswith("You: pin 0 →") and g.log[1].startswith("Computer:")
    assert g.message.startswith("You knocked down pin 0. The computer knocked down")
    assert g.element_text == str(g.quotient.element(g.heaps))
    g.handle({"event": "knock_pair", "pin": 3})
    if not g.winner:
        assert not g.pins[3] and not g.pins[4]


@pytest.mark.parametrize("code", ["0.77", "0.07"])
@pytest.mark.parametrize("n", [3, 5, 6, 8])
def test_the_hint_wins_every_row_the_student_can_win(code, n):
    """From an N-position the student follows the hint, the computer plays perfectly,
    and the student wins every time; from a P-position the hint says none wins."""
    pair_only = code == "0.07"
    for seed in range(3):
        g = MisereKaylesGame(n, code=code, seed=seed)
        start_wins = mover_wins(as_row(g.pins), pair_only)
        g.show_hint()
        if not start_wins:
            assert g.hint_move == [] and "no move wins" in g.message
            continue
        while not g.winner:
            move = g.hint()
            assert move, "a winning position always has a winning move"
            (g.knock if len(move) == 1 else g.knock_pair)(move[0])
            assert g.winner or mover_wins(as_row(g.pins), pair_only)
        assert g.winner == "student", (code, n, seed)


@pytest.mark.parametrize("code", ["0.77", "0.07"])
def test_the_perfect_computer_wins_every_line_from_a_lost_row(code):
    """Every line of the student's play from a misère P-row ends in the computer's win."""
    pair_only = code == "0.07"
    lost = [n for n in range(2, 8) if not mover_wins("I" * n, pair_only)]
    assert lost
    for n in lost:
        stack = [[]]
        while stack:
            line = stack.pop()
            g = MisereKaylesGame(n, code=code, seed=0)
            for move in line:
                (g.knock if len(move) == 1 else g.knock_pair)(move[0])
            if g.winner:
                assert g.winner == "computer", (n, line)
                continue
            for move in g._moves():
                stack.append(line + [move])


def test_the_game_ends_by_the_misere_rule():
    g = MisereKaylesGame("I", seed=0)          # one pin: the student must knock it down
    g.knock(0)
    assert g.winner == "computer" and "last pin" in g.status
    g = MisereKaylesGame("II", seed=0)         # two pins: knock one, the computer takes the last
    g.knock(0)
    assert g.winner == "student" and g.status.startswith("You win")
    g = MisereKaylesGame("III", code="0.07", seed=0)   # Dawson's: 3 -> 1, nobody can move
    g.knock_pair(0)
    assert g.winner == "computer"              # the computer cannot move: it wins (misère)
    g.handle({"event": "knock", "pin": 2})
    assert g.message.startswith("The game is over") and g.pins == [False, False, True]
    g.handle({"event": "restart"})
    assert g.pins == [True] * 3 and not g.winner


def test_the_hint_marks_a_winning_move_and_says_so():
    g = MisereKaylesGame("III", seed=0)
    g.handle({"event": "hint"})
    assert g.hint_move == [0, 1] and g.message.startswith("Hint: knock down pins 0 and 1")
    assert not mover_wins(as_row([False, False, True]), False)


def test_a_random_computer_and_the_computer_first():
    g = MisereKaylesGame(6, computer="random", first="computer", seed=3)
    assert g.log and g.log[0].startswith("Computer:") and g.turn == "student"
    h = MisereKaylesGame(6, computer="random", first="computer", seed=3)
    assert h.pins == g.pins


# -- bad input: a message, the position kept -----------------------------------------------

@pytest.mark.parametrize("payload, said", [
    ({"event": "knock", "pin": 99}, "there is no pin 99"),
    ({"event": "knock", "pin": -1}, "there is no pin -1"),
    ({"event": "knock", "pin": True}, "pin must be a whole number"),
    ({"event": "knock", "pin": "3"}, "pin must be a whole number"),
    ({"event": "knock", "pin": 1.5}, "pin must be a whole number"),
    ({"event": "knock_pair", "pin": 7}, "is the last one"),
    ({"event": "knock"}, "it needs 'pin'"),
    ({"event": "knock", "pin": 1, "extra": 2}, "unexpected 'extra'"),
    ({"event": "fly"}, "unknown request"),
    ("knock", "does not understand"),
])
def test_bad_requests_keep_the_row_and_say_why(payload, said):
    g = MisereKaylesGame(8, seed=0)
    before = state(g)
    g.handle(payload)
    assert said in g.message
    assert state(g) == before


def test_a_fallen_pin_and_a_single_pin_in_dawsons_kayles_are_refused():
    g = MisereKaylesGame("II.III", seed=0)
    before = state(g)
    g.handle({"event": "knock", "pin": 2})
    assert "pin 2 is down already" in g.message and state(g) == before
    d = MisereKaylesGame(6, code="0.07", seed=0)
    before = state(d)
    d.handle({"event": "knock", "pin": 2})
    assert "two neighbouring pins" in d.message and state(d) == before


def test_bad_arguments_are_clear_errors():
    for bad, what in [(0, "1 to"), (MAX_PINS + 1, "1 to"), ("IIx", "written with I"),
                      ([True, 1], "list of 1 to"), (True, "pins must be")]:
        with pytest.raises((ValueError, TypeError), match=what):
            MisereKaylesGame(bad)
    with pytest.raises(ValueError, match="code must be"):
        MisereKaylesGame(5, code="0.75")
    with pytest.raises(ValueError, match="computer must be"):
        MisereKaylesGame(5, computer="clever")


def test_bad_trait_writes_are_refused_and_the_row_is_kept():
    g = MisereKaylesGame(5, seed=0)
    before = state(g)
    for name, value in [("pins", [True] * 40), ("outcome", "Q"), ("code", "0.75"),
                        ("hint_move", [0, 2]), ("hint_move", [9]), ("last_move", {"x": 1})]:
        with pytest.raises(WidgetValueError):
            setattr(g, name, value)
    assert state(g) == before
    g.set_state({"pins": [False] * 5})               # the page may not rewrite the row
    assert "may not change 'pins'" in g.message and state(g) == before
    g.set_state({"lecture": True})                   # but it may switch lecture mode
    assert g.lecture is True


def test_hostile_intents_never_raise():
    g = MisereKaylesGame(6, seed=0)
    rng = random.Random(11)
    junk = [None, 1e308, float("nan"), -10**30, "💥" * 500, [1] * 3, {"a": 1}, True]
    for _ in range(200):
        payload = {"event": rng.choice(["knock", "knock_pair", "hint", "restart", "x"])}
        if rng.random() < 0.8:
            payload["pin"] = rng.choice(junk + list(range(-2, 9)))
        g.handle(payload)
        assert len(g.message) <= 300
        assert len(g.pins) == 6 and all(isinstance(p, bool) for p in g.pins)


# -- drawing: a still picture, words, the script -------------------------------------------

def test_the_still_picture_and_its_words():
    g = MisereKaylesGame("III.II", seed=0)
    data = g._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/plain"] == "MisereKaylesGame — run this cell in JupyterLab to play"
    png = base64.b64decode(data["image/png"])
    assert png.startswith(b"\x89PNG")
    alt = still_alt(g)
    assert alt.startswith("Misère Kayles game against the computer: a row of 6 pins, 5 standing "
                          "(heaps 3 + 2), quotient element")


def test_the_board_script_is_keyboard_ready_and_uses_shapes():
    text = MisereKaylesGame._esm if isinstance(MisereKaylesGame._esm, str) else ""
    for hook in ("mk-pin-", "mk-pair-", "mk-element", "mk-outcome", "mk-hint-mark", "keydown",
                 "aria-keyshortcuts", "liveRegion", "ArrowLeft", "knock_pair", "cg-pin-fallen",
                 "cg-pin-head"):
        assert hook in text, hook
    assert re.search(r"export default \{ render \}", text)
