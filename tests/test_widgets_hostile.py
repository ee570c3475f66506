"""Every synced trait of every widget under hostile writes (issue 25, "Widgets").

A page (or a broken front-end) can send any JSON for any synced trait with
``set_state``.  Each such write goes through the widget's one validator
(:meth:`cgteach.widgets._base.Guarded._validate_trait`): the page may change
only its switches, tools and steppers (``_PAGE_TRAITS``); a bad write is
rejected with a message shown in the widget, and the state on both sides
stays the last good one.  The same checks guard writes from Python, which
raise :class:`~cgteach.widgets._base.WidgetValueError`.  Every save and load
takes a ``str`` or an ``os.PathLike`` only.
"""

from __future__ import annotations

import json
import math
import pathlib

import pytest

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

HOSTILE = [None, True, 0, -1, 10**30, -(10**30), math.nan, math.inf, 1.5, "", "x" * 100_000,
           "purple", [], [None], [10**30], [[1, 2]], [{"name": 0}], {}, {"a": 1},
           [5, 5], [1, "a"], {"name": 0}]

WIDGETS = {
    "HackenbushEditor": lambda: HackenbushEditor(Hackenbush([(0, 1), (1, 2, "blue")])),
    "HackenbushGame": lambda: HackenbushGame(Hackenbush([(0, 1), (1, 2), (0, 3)]), seed=1),
    "HackenbushGameBlueRed": lambda: HackenbushGame(
        Hackenbush([(0, 1, "blue"), (0, 2, "red"), (2, 3, "red")]), seed=1),
    "HackendotEditor": lambda: HackendotEditor(Hackendot.figure1()),
    "HackendotGame": lambda: HackendotGame(Hackendot.path(4), seed=1),
    "NimGame": lambda: NimGame([3, 4, 5], seed=1),
    "NimExplorer": lambda: NimExplorer([3, 4, 5]),
}


def synced(w) -> list[str]:
    return sorted(w.keys)


def snapshot(w) -> dict:
    # everything synced except the message line (which says why a write was refused)
    return {k: json.dumps(getattr(w, k), default=repr, sort_keys=True)
            for k in synced(w) if k != "message"}


def python_state(w) -> str:
    """What Python believes beyond the traits: the position it plays or values."""
    for attr in ("position", "forest"):
        if hasattr(type(w), attr):
            return repr(getattr(w, attr))
    return repr(getattr(w, "heaps", None))


def every_trait():
    for kind, make in WIDGETS.items():
        for name in synced(make()):
            yield kind, name


@pytest.mark.parametrize("kind, name", list(every_trait()))
def test_a_hostile_write_from_the_page_keeps_the_last_good_state(kind, name):
    w = WIDGETS[kind]()
    before, inner = snapshot(w), python_state(w)
    for value in HOSTILE:
        w.set_state({name: value})
        page_may = name in getattr(w, "_PAGE_TRAITS", ())
        if not page_may:
            # the page may not change the widget's own state: nothing moved, and it says so
            assert snapshot(w) == before, (name, value)
            assert python_state(w) == inner
            if json.dumps(getattr(w, name), default=repr) != json.dumps(value, default=repr):
                assert "ignored" in getattr(w, "message", "ignored"), (name, value)
        else:
            # a switch or stepper: a bad value is refused, a good one taken
            assert python_state(w) == inner
        before = snapshot(w)
    # and the widget still works afterwards
    if hasattr(w, "handle"):
        w.handle({"event": "undo"} if "Editor" in kind else
                 {"new_game": True} if kind == "NimGame" else {"event": "restart"})


@pytest.mark.parametrize("kind", [k for k in WIDGETS if k != "NimExplorer"])
def test_every_synced_trait_has_the_one_validator(kind):
    w = WIDGETS[kind]()
    missing = [k for k in w.keys if k not in w._trait_validators]
    assert not missing
    from cgteach.widgets._base import Guarded

    assert all(w._trait_validators[k].func is Guarded._validate_trait for k in w.keys)


@pytest.mark.parametrize("kind", list(WIDGETS))
def test_a_mixed_write_is_all_or_nothing(kind):
    # one good switch and one bad value in the same update: neither is applied
    w = WIDGETS[kind]()
    before = snapshot(w)
    name = sorted(w.keys)[0]
    w.set_state({"lecture": True, name: [10**30]}) if "lecture" in w.keys else None
    if "lecture" in w.keys:
        assert snapshot(w) == before


def test_the_examples_of_the_issue():
    game = NimGame([3, 4, 5], seed=1)
    game.set_state({"heaps": [10**30]})
    assert game.heaps == [3, 4, 5] and "heaps" in game.message
    game.take(0, 2)                      # and it plays on from its last good state
    assert game.message.startswith("You took 2 from pile 1")

    dot = HackendotEditor(Hackendot.path(3))
    dot.set_state({"parents": [5, 5]})
    assert dot.parents == [None, 0, 1] and list(dot.forest.parents) == [None, 0, 1]
    assert "parents" in dot.message
    dot.add_child(2)
    assert dot.value_text == "*4"

    bush = HackenbushEditor(Hackenbush([(0, 1)]))
    bush.set_state({"nodes": [{"name": 0}]})
    assert len(bush.nodes) == 2 and "nodes" in bush.message
    bush.click(320, 200)                 # later actions still work (no KeyError)
    bush.add_edge(1, 1)
    assert bush.value_text == "*2" or bush.value_text.startswith("*")


@pytest.mark.parametrize("kind, name, good, bad", [
    ("HackenbushEditor", "tool", "delete", "explode"),
    ("HackenbushEditor", "colour", "red", "purple"),
    ("HackenbushEditor", "lecture", True, "yes"),
    ("HackenbushEditor", "labels", True, 5),
    ("HackenbushEditor", "show_steps", True, None),
    ("HackendotEditor", "tool", "delete", 3),
    ("HackendotEditor", "show_coloring", True, [1]),
    ("NimGame", "show_table", True, "no"),
    ("NimGame", "lecture", True, {}),
])
def test_the_page_may_set_its_switches_and_only_to_good_values(kind, name, good, bad):
    w = WIDGETS[kind]()
    before = snapshot(w)
    w.set_state({name: bad})
    assert snapshot(w) == before and name in w.message
    w.set_state({name: good})
    assert getattr(w, name) == good


@pytest.mark.parametrize("kind, name", [("HackenbushEditor", "step"),
                                        ("HackendotEditor", "round")])
def test_steppers_are_brought_into_range(kind, name):
    w = (HackenbushEditor(Hackenbush([(0, 1), (1, 2), (0, 3)])) if kind == "HackenbushEditor"
         else WIDGETS[kind]())
    if kind == "HackenbushEditor":
        w.set_state({"show_steps": True})
    else:
        w.set_state({"show_coloring": True})
    top = len(w.steps if name == "step" else w.rounds) - 1
    for value, expected in ((10**30, top), (-(10**30), 0), (1, min(1, top))):
        w.set_state({name: value})
        assert getattr(w, name) == expected
    w.set_state({name: 0})
    w.set_state({name: True})            # a bool is not a step number
    assert getattr(w, name) == 0 and name in w.message


@pytest.mark.parametrize("kind, name, value", [
    ("HackenbushEditor", "nodes", [{"name": 0}]),
    ("HackenbushEditor", "nodes", [{"name": 0, "x": 1, "y": 2}]),     # edges would dangle
    ("HackenbushEditor", "edges", [[0, 99, "green"]]),
    ("HackenbushEditor", "edges", [[0, 1, "purple"]]),
    ("HackenbushEditor", "ground", [7]),
    ("HackenbushEditor", "selected", 42),
    ("HackenbushEditor", "outcome", "Q"),
    ("HackenbushEditor", "width", True),
    ("HackenbushEditor", "ground_y", 10**30),
    ("HackenbushGame", "edges", [[0, 1, "green"]]),
    ("HackenbushGame", "hint_edge", 50),
    ("HackenbushGame", "edge_labels", ["a"]),
    ("HackenbushGame", "turn", "nobody"),
    ("HackendotEditor", "parents", [5, 5]),
    ("HackendotEditor", "parents", [None]),
    ("HackendotEditor", "coords", [[0, 0]]),
    ("HackendotGame", "hint_node", 99),
    ("HackendotGame", "node_labels", [1, 2, 3, 4]),
    ("NimGame", "heaps", [10**30]),
    ("NimGame", "heaps", [1] * 11),
    ("NimGame", "hint", [0, 7]),
    ("NimGame", "winner", "me"),
    ("NimGame", "last_move", {"player": "you"}),
    ("NimGame", "computer", "clever"),
])
def test_a_bad_write_from_python_raises_and_keeps_the_state(kind, name, value):
    w = WIDGETS[kind]()
    before, inner = snapshot(w), python_state(w)
    with pytest.raises(WidgetValueError, match=name):
        setattr(w, name, value)
    assert snapshot(w) == before and python_state(w) == inner
    assert name in w.message


EDITORS = [lambda: HackenbushEditor(Hackenbush([(0, 1)])),
           lambda: HackendotEditor(Hackendot.path(2))]


@pytest.mark.parametrize("make", EDITORS)
@pytest.mark.parametrize("path", [1, 0, 2, True, False, None, 1.5, b"file.json", [], object()])
def test_save_and_load_take_a_path_only(make, path, capsys):
    w = make()
    before = snapshot(w)
    with pytest.raises(TypeError, match="str or an os.PathLike"):
        w.save(path)
    with pytest.raises(TypeError, match="str or an os.PathLike"):
        w.load(path)
    assert snapshot(w) == before
    print("stdout still open")           # noqa: T201 (the streams were not closed)
    assert "stdout still open" in capsys.readouterr().out


@pytest.mark.parametrize("make", EDITORS)
def test_save_and_load_round_trip_through_a_pathlike(make, tmp_path):
    w = make()
    w.save(tmp_path / "p.json")
    again = make()
    again.clear()
    again.load(pathlib.PurePath(tmp_path / "p.json"))
    assert again.json_text.split('"layout"')[0] == w.json_text.split('"layout"')[0]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00 not text", b"[" * 100_000])
def test_hackenbush_load_of_a_bad_file_is_a_value_error(tmp_path, content):
    w = HackenbushEditor(Hackenbush([(0, 1)]))
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    before = snapshot(w)
    with pytest.raises(ValueError):
        w.load(path)
    assert snapshot(w) == before


def test_hackenbush_load_refuses_a_device_and_a_fifo(tmp_path):
    import os

    w = HackenbushEditor(Hackenbush([(0, 1)]))
    with pytest.raises(ValueError, match="not a regular file"):
        w.load("/dev/zero")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        w.load(fifo)                    # returns at once: never waits for a writer
