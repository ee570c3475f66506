"""Every widget under hostile input: never a traceback into the page (issue 14).

Each test sends what a broken or hostile page could send -- intents with
missing keys, wrong types, bools as node names, NaN and huge coordinates,
unknown events, damaged files, bad trait values -- and checks that the
widget keeps its last good state and says what was wrong in ``message``.
Also: the short text a widget cell shows before it runs, and lecture mode.
"""

from __future__ import annotations

import json
import math

import pytest
import traitlets

from cgteach.draw import lecture_mode
from cgteach.hackenbush import Hackenbush
from cgteach.hackendot import Hackendot
from cgteach.widgets import (
    HackenbushEditor,
    HackenbushGame,
    HackendotEditor,
    HackendotGame,
    NimExplorer,
    NimGame,
)
from cgteach.widgets._base import WidgetValueError

HUGE = 10**400
HOSTILE = [None, True, False, math.nan, math.inf, -math.inf, HUGE, -HUGE, 2**63, "1", "",
           "x" * 10_000, [], [1, 2], {}, {"a": 1}, 1.5, -1, b"12".decode()]


def stalk(n, colour="green"):
    return Hackenbush([(k, k + 1, colour) for k in range(n)])


#: A fresh widget of every kind with a position on it.
BOARDS = [
    lambda: HackenbushEditor(stalk(2)),
    lambda: HackenbushGame(stalk(3), seed=1),
    lambda: HackenbushGame(Hackenbush([(0, 1, "blue"), (0, 2, "red"), (2, 3, "red")]), seed=1),
    lambda: HackendotEditor(Hackendot.path(3)),
    lambda: HackendotGame(Hackendot.path(3), seed=1),
]


def snapshot(w):
    keys = [k for k in w.keys if k not in ("message", "_dom_classes", "layout", "status")]
    return {k: json.dumps(getattr(w, k), default=str) for k in keys}


EVENTS = {
    "HackenbushEditor": ["click", "click_node", "add_node", "add_edge", "add_loop", "move_node",
                         "delete_edge", "delete_node", "toggle_ground", "load", "undo"],
    "HackenbushGame": ["cut", "hint", "restart"],
    "HackendotEditor": ["add_child", "delete", "add_root", "click", "load"],
    "HackendotGame": ["take", "hint", "restart"],
}
KEYS = ["x", "y", "u", "v", "node", "edge", "join", "colour", "text"]


def payloads(kind):
    yield None
    yield "add_node"
    yield []
    yield {}
    yield {"event": None}
    yield {"event": 5}
    yield {"event": "no_such_thing"}
    yield {"event": "__init__"}
    yield {"event": "_remember"}
    yield {"event": "x" * 5000}
    for event in EVENTS[kind]:
        yield {"event": event, "unexpected": 1}
        for key in KEYS:
            for value in HOSTILE:
                yield {"event": event, key: value}
        for value in HOSTILE:
            yield {"event": event, "x": value, "y": 100, "node": value, "edge": value,
                   "u": value, "v": 0, "text": value}


@pytest.mark.parametrize("make", range(len(BOARDS)))
def test_hostile_intents_never_raise(make):
    # one widget takes the whole barrage: whatever a message does, the next
    # one still finds a working widget, and no message raises
    w = BOARDS[make]()
    count = 0
    for content in payloads(type(w).__name__):
        w.handle(content)
        count += 1
        assert isinstance(w.message, str) and len(w.message) < 400
    assert count > 400
    w.handle({"event": "undo"} if "Editor" in type(w).__name__ else {"event": "restart"})


@pytest.mark.parametrize("content, expected", [
    ({"event": "click", "x": math.nan, "y": 100}, "finite"),
    ({"event": "click", "x": HUGE, "y": 100}, "finite board coordinate"),
    ({"event": "click", "x": True, "y": 100}, "x must be a number, got True"),
    ({"event": "click", "y": 100}, "it needs 'x'"),
    ({"event": "click_node", "node": True}, "must be an int or a str, got True"),
    ({"event": "click_node", "node": False}, "must be an int or a str, got False"),
    ({"event": "delete_node", "node": 99}, "there is no node 99"),
    ({"event": "move_node", "node": 1, "x": math.inf, "y": 3}, "finite"),
    ({"event": "delete_edge", "edge": 2**70}, "there is no edge"),
    ({"event": "delete_edge", "edge": True}, "must be an integer"),
    ({"event": "add_edge", "u": 0, "v": 1, "colour": "purple"}, "colour must be"),
    ({"event": "fly"}, "unknown request 'fly'"),
    ({"event": "click", "x": 1, "y": 2, "z": 3}, "unexpected 'z'"),
])
def test_a_bad_intent_keeps_the_drawing_and_says_what_was_wrong(content, expected):
    editor = HackenbushEditor(stalk(2))
    before = snapshot(editor)
    editor.handle(content)
    assert expected in editor.message
    assert snapshot(editor) == before


@pytest.mark.parametrize("text, expected", [
    ("[" * 100_000 + "]" * 100_000, "could not load that file"),
    ("\x00\x01\xff\ufffd binary", "could not load that file"),
    ('{"format": "cgteach.hackenbush", "version": 1, "position": ' + "[" * 5000, "could not"),
    ("", "could not load that file"),
    ("x" * 6_000_000, "characters long"),
])
def test_loading_a_damaged_file_keeps_the_position(text, expected):
    for w in (HackenbushEditor(stalk(2)), HackendotEditor(Hackendot.path(2))):
        before = snapshot(w)
        w.handle({"event": "load", "text": text})
        assert expected in w.message and "unchanged" in w.message
        assert snapshot(w) == before


def test_a_bad_trait_from_the_page_keeps_the_last_good_value_and_says_so():
    editor = HackenbushEditor(stalk(2))
    editor.set_state({"tool": "lasso"})
    assert editor.tool == "draw"
    assert editor.message.startswith("ignored a bad value for 'tool'")
    assert "'draw', 'ground', 'delete'" in editor.message
    editor.set_state({"step": "three"})
    assert editor.step == 0 and "'step'" in editor.message
    game = NimGame([3, 4], seed=1)
    game.set_state({"heaps": ["a"]})
    assert game.heaps == [3, 4] and "'heaps'" in game.message


def test_a_bad_trait_from_python_is_a_value_error_with_a_message():
    editor = HackenbushEditor(stalk(2))
    with pytest.raises(ValueError, match="'colour'"):
        editor.colour = "purple"
    assert editor.colour == "green" and "'colour'" in editor.message
    with pytest.raises(WidgetValueError):
        editor.lecture = "yes"
    assert isinstance(WidgetValueError("x"), traitlets.TraitError)
    game = HackendotGame(Hackendot.path(2))
    with pytest.raises(ValueError):
        game.hint_node = "two"


@pytest.mark.parametrize("heaps", [[2**40, 2**40], [10**100], [1] * 11, [41]])
def test_nim_game_refuses_heaps_it_cannot_draw(heaps):
    with pytest.raises(ValueError, match="at most 10 piles of at most 40 stones"):
        NimGame(heaps)


def test_nim_game_hostile_messages():
    for content in [{"take": [HUGE, 1]}, {"take": [0, HUGE]}, {"take": [math.nan, 1]},
                    {"take": None}, {"event": "take"}, {"event": "take", "heap": True},
                    {"event": 5}, {"take": [[0], 1]}, {"take": ["0", 1]}]:
        g = NimGame([3, 4], seed=1)
        g.handle(content)
        assert g.heaps == [3, 4] and g.message


# -- before a cell runs ------------------------------------------------------------


RUN = "run this cell in JupyterLab to"


@pytest.mark.parametrize("widget, line", [
    (lambda: HackenbushEditor(), f"HackenbushEditor — {RUN} build a position"),
    (lambda: HackenbushGame(stalk(2)), f"HackenbushGame — {RUN} play"),
    (lambda: HackendotEditor(), f"HackendotEditor — {RUN} build a forest"),
    (lambda: HackendotGame(Hackendot.path(2)), f"HackendotGame — {RUN} play"),
    (lambda: NimGame([1, 2]), f"NimGame — {RUN} play"),
    (lambda: NimExplorer(), f"NimExplorer — {RUN} explore the binary table"),
])
def test_every_widget_shows_a_short_line_and_a_still_picture(widget, line):
    w = widget()
    assert repr(w) == line
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == line
    assert "application/vnd.jupyter.widget-view+json" in data   # the live view still works
    assert data["image/png"].startswith("iVBOR")                # a base64 PNG


def test_no_still_picture_for_a_huge_drawing():
    big = HackenbushEditor(stalk(200))
    data = big._repr_mimebundle_()[0]
    assert "image/png" not in data and data["text/plain"].startswith("HackenbushEditor")


# -- lecture mode reaches the widgets ------------------------------------------------


def test_widgets_follow_lecture_mode():
    ws = [HackenbushEditor(), HackendotGame(Hackendot.path(2)), NimGame([1, 2]), NimExplorer()]
    assert not any(w.lecture for w in ws)
    with lecture_mode(True):
        assert all(w.lecture for w in ws)
        assert HackenbushGame(stalk(1)).lecture       # new widgets start in the mode
        assert "cg-lecture" in ws[-1]._dom_classes
    assert not any(w.lecture for w in ws)
    assert HackenbushEditor(lecture=True).lecture     # an explicit choice wins
