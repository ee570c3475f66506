"""HackendotEditor and HackendotGame without a browser.

Intents go through ``handle`` with the payloads the JavaScript sends.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.hackenbush import Hackenbush
from cgteach.hackendot import Hackendot
from cgteach.widgets import HackendotEditor, HackendotGame
from cgteach.widgets._base import GROUND_Y, layout_forest

# -- the editor ---------------------------------------------------------------------


def test_a_new_editor_is_empty():
    editor = HackendotEditor()
    assert editor.forest == Hackendot([])
    assert (editor.value_text, editor.outcome, editor.rounds) == ("0", "P", [])
    assert not editor.can_undo and editor.lecture is False


def test_clicks_build_a_forest():
    editor = HackendotEditor()
    editor.handle({"event": "add_root"})
    editor.handle({"event": "add_child", "node": 0})
    editor.handle({"event": "add_child", "node": 1})
    assert editor.forest == Hackendot.path(3)
    assert (editor.value_text, editor.outcome, editor.value) == ("*3", "N", 3)
    editor.handle({"event": "add_root"})
    editor.handle({"event": "add_child", "node": 3})
    assert editor.forest == Hackendot([None, 0, 1, None, 3])
    assert editor.value_text == "*1"              # *3 + *2, written as the figures do
    assert editor.parents == [None, 0, 1, None, 3]
    assert len(editor.coords) == 5
    assert editor.coords[0][1] == editor.coords[3][1] == GROUND_Y


@pytest.mark.parametrize(
    "payload, expected",
    [
        ({"event": "add_child", "node": 5}, "there is no node 5: the forest has 3 nodes"),
        ({"event": "add_child", "node": "top"}, "a node must be an integer index"),
        ({"event": "delete", "node": -1}, "there is no node -1"),
        ({"event": "grow"}, "unknown request 'grow'"),
    ],
)
def test_bad_intents_say_why(payload, expected):
    editor = HackendotEditor(Hackendot.path(3))
    editor.handle(payload)
    assert expected in editor.message
    assert editor.forest == Hackendot.path(3)


def test_delete_takes_everything_above_and_undo_brings_it_back():
    figure = Hackendot.figure1()
    editor = HackendotEditor(figure)
    editor.handle({"event": "delete", "node": 0})
    assert editor.forest == Hackendot([])
    editor.handle({"event": "undo"})
    assert editor.forest == figure
    leaf = figure.leaves[0]
    editor.delete(leaf)
    assert len(editor.forest) == len(figure) - 1
    editor.clear()
    editor.undo()
    editor.undo()
    assert editor.forest == figure and not editor.can_undo
    editor.undo()
    assert editor.message == "nothing to undo"


def test_delete_with_children_listed_before_parents():
    editor = HackendotEditor([1, None, 0])           # 1 is the root, 0 above it, 2 above 0
    editor.delete(0)
    assert editor.forest == Hackendot([None])


def test_rounds_follow_ulehla_and_the_round_stays_in_range():
    editor = HackendotEditor(Hackendot.figure1())
    assert editor.value_text == "*7"
    assert [r["bit"] for r in editor.rounds] == [1, 1, 1]
    first = editor.rounds[0]
    assert first["coloring"] == Hackendot.figure1().coloring()
    assert first["origin"] == list(range(len(Hackendot.figure1())))
    editor.show_coloring = True                        # as the button does
    editor.round = 2
    assert editor.rounds[2]["parents"] == [None]
    editor.round = 9
    assert editor.round == 2
    editor.set_forest(Hackendot.path(1))               # fewer rounds: the round follows
    assert editor.round == 0


def test_files_round_trip_and_bad_files_change_nothing(tmp_path):
    editor = HackendotEditor(Hackendot.spider(1, 2))
    assert Hackendot.from_json(editor.json_text) == editor.forest
    editor.save(tmp_path / "f.json")
    other = HackendotEditor()
    other.load(tmp_path / "f.json")
    assert other.forest == editor.forest
    other.handle({"event": "load", "text": Hackendot.path(4).to_json()})
    assert other.forest == Hackendot.path(4)
    assert other.message == "loaded a forest with 4 nodes"
    for text in ("[1, 2", Hackenbush([]).to_json(),
                 json.dumps({"format": "cgteach.hackendot", "version": 1,
                             "position": {"parents": [1, 0]}})):
        other.handle({"event": "load", "text": text})
        assert other.message.startswith("could not load that file")
        assert other.forest == Hackendot.path(4)
    (tmp_path / "bad.json").write_text("nonsense")
    with pytest.raises(ValueError, match="not a valid JSON file"):
        other.load(tmp_path / "bad.json")
    assert other.forest == Hackendot.path(4)


def test_lecture_and_play():
    editor = HackendotEditor(Hackendot.path(2), lecture=True)
    assert editor.lecture
    game = editor.play(seed=1)
    assert isinstance(game, HackendotGame) and game.forest == editor.forest and game.lecture


def test_layout_forest_puts_parents_over_their_children():
    coords = layout_forest([None, 0, 0, None])
    assert coords[0][0] == (coords[1][0] + coords[2][0]) / 2
    assert coords[3][0] > coords[2][0]
    assert coords[1][1] < coords[0][1] == GROUND_Y
    assert layout_forest([]) == []
    tall = layout_forest(list(Hackendot.path(3000).parents))  # no recursion limit
    assert tall[-1][1] < tall[0][1]


# -- the game -----------------------------------------------------------------------------


def test_take_hint_and_win():
    game = HackendotGame(Hackendot([None, 0, 1, None, 3]), seed=4)
    assert game.hint() == [0]
    game.handle({"event": "hint"})
    assert game.hint_node == 0 and "take node 0" in game.message  # as figures number nodes
    game.handle({"event": "take", "node": 0})
    assert game.log[0] == "You took node 0 (1 node)"
    assert game.message.startswith("You took node 0 (1 node). The computer took node")
    assert game.forest.grundy() != 0 or not game.forest
    while not game.winner:
        game.take(game.hint()[0])
    assert game.winner == "student" and game.log[-1] == "You win!"
    game.take(0)
    assert game.message.startswith("The game is over")


def test_the_taken_path_is_pictured_and_coordinates_follow_the_nodes():
    game = HackendotGame(Hackendot([None, 0, 1, 1]), computer="random", seed=0)
    start = [list(c) for c in game.coords]
    game.take(2)                            # 2, 1, 0 go; 3 stays
    mine = [f for f in game.fallen if f["by"] == "student"]
    assert len(mine) == 3 and [f["chosen"] for f in mine].count(True) == 1
    if game.forest:                          # the computer did not take node 3 yet
        assert game.coords == [start[3]]


@settings(max_examples=40)
@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=9), st.integers(0, 10**6))
def test_the_perfect_computer_leaves_zero_whenever_it_can(shape, seed):
    parents = [None] + [s % (i + 1) if s % 3 else None for i, s in enumerate(shape)]
    game = HackendotGame(Hackendot(parents), seed=seed)
    rng = random.Random(seed)
    while not game.winner:
        node = rng.randrange(len(game.forest))
        faced = game.forest.delete(node)
        game.take(node)
        if faced and faced.grundy() != 0:
            assert game.forest.grundy() == 0


def test_computer_first_restart_and_losing():
    game = HackendotGame(Hackendot.path(2), seed=0, first="computer")
    assert game.winner == "computer" and game.forest == Hackendot([])
    assert game.log == ["Computer took node 1 (2 nodes)", "The computer wins."]
    game.handle({"event": "restart"})
    assert game.winner == "computer"
    lost = HackendotGame(Hackendot.path(2) + Hackendot.path(2), seed=0)
    lost.show_hint()
    assert lost.hint_node == -1 and "value 0" in lost.message
    while not lost.winner:
        lost.take(len(lost.forest) - 1)
    assert lost.winner == "computer"


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"forest": [None], "computer": "clever"}, "perfect' or 'random"),
        ({"forest": [None], "first": "me"}, "first must be"),
        ({"forest": [1, 0]}, "cycle"),
    ],
)
def test_bad_game_settings(kwargs, match):
    with pytest.raises(ValueError, match=match):
        HackendotGame(**kwargs)
