"""HackenbushEditor and HackenbushGame without a browser.

Intents are sent through ``handle`` with the very payloads the JavaScript
sends (``{"event": "add_node", "x": .., "y": .., "join": ..}`` and so on).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.hackenbush import Hackenbush
from cgteach.hackendot import Hackendot
from cgteach.widgets import HackenbushEditor, HackenbushGame
from cgteach.widgets._base import GROUND_Y, layout_hackenbush


def stalk(n, colour="green", base=0):
    return Hackenbush([(base + k, base + k + 1, colour) for k in range(n)], ground=(base,))


# -- the editor: building ---------------------------------------------------------


def test_a_new_editor_holds_one_ground_node_and_the_empty_position():
    editor = HackenbushEditor()
    assert editor.position == Hackenbush([])
    assert editor.nodes == [{"name": 0, "x": 320.0, "y": float(GROUND_Y)}]
    assert editor.ground == [0]
    assert (editor.value_text, editor.outcome, editor.is_position) == ("0", "P", True)
    assert editor.lecture is False
    assert not editor.can_undo


def test_clicks_build_a_stalk_and_a_loop():
    editor = HackenbushEditor()
    editor.handle({"event": "add_node", "x": 320, "y": 250, "join": 0})
    assert editor.selected == 1          # the new node is picked: drawing goes on from it
    editor.handle({"event": "add_node", "x": 320, "y": 150, "join": 1})
    assert editor.selected == 2
    assert editor.position == stalk(2)
    assert (editor.value_text, editor.outcome) == ("*2", "N")
    editor.handle({"event": "add_loop", "node": 2})
    assert editor.position == Hackenbush([(0, 1), (1, 2), (2, 2)])
    assert editor.value_text == "*3"
    assert editor.value == 3


def test_a_click_on_the_ground_line_makes_a_ground_node():
    editor = HackenbushEditor()
    name = editor.add_node(100, GROUND_Y - 5)
    assert name in editor.ground
    assert editor.layout[name] == (100.0, float(GROUND_Y))
    high = editor.add_node(100, 100)
    assert high not in editor.ground


def test_coordinates_are_kept_on_the_board():
    editor = HackenbushEditor()
    name = editor.add_node(-50, 9999)
    x, y = editor.layout[name]
    assert 0 < x < 640 and y == GROUND_Y


@pytest.mark.parametrize(
    "payload, expected",
    [
        ({"event": "add_edge", "u": 0, "v": 9}, "there is no node 9 on the board"),
        ({"event": "add_edge", "u": 0, "v": 0, "colour": "purple"}, "colour must be"),
        ({"event": "add_node", "x": "left", "y": 3}, "x must be a number"),
        ({"event": "delete_edge", "edge": 5}, "there is no edge 5"),
        ({"event": "fly"}, "unknown request 'fly'"),
        ({"event": "add_node"}, "it needs 'x', 'y'"),
        ("hello", "does not understand"),
    ],
)
def test_bad_intents_leave_the_drawing_alone_and_say_why(payload, expected):
    editor = HackenbushEditor(stalk(2))
    before = (editor.nodes, editor.edges, editor.ground)
    editor.handle(payload)
    assert expected in editor.message
    assert (editor.nodes, editor.edges, editor.ground) == before
    assert editor.position == stalk(2)


def test_floating_edges_are_allowed_while_building_and_position_waits():
    editor = HackenbushEditor(stalk(1))
    a = editor.add_node(500, 100)
    b = editor.add_node(560, 100)
    editor.handle({"event": "add_edge", "u": a, "v": b})
    assert editor.is_position is False
    assert editor.floating == [1]
    assert editor.message == "not yet a position: edge 1 (dotted) is not joined to the ground"
    assert editor.position == stalk(1)           # the last real position
    assert editor.value_text == ""
    editor.handle({"event": "add_edge", "u": 1, "v": a, "colour": "green"})
    assert editor.is_position and editor.message == ""
    assert editor.position == Hackenbush([(0, 1), (a, b), (1, a)])
    assert editor.value_text == "*3"


def test_several_floating_edges_are_named_together():
    editor = HackenbushEditor(stalk(3))
    editor.delete_edge(0)
    assert editor.floating == [0, 1]
    assert editor.message == "not yet a position: edges 0, 1 (dotted) are not joined to the ground"


@pytest.mark.parametrize(
    "position, value_text, outcome",
    [
        (Hackenbush([]), "0", "P"),
        (stalk(5), "*5", "N"),
        (Hackenbush([(0, 0)]), "*1", "N"),           # written *1, as the lessons' figures do
        (Hackenbush([(0, 1), (0, 2)]), "0", "P"),
        (Hackenbush([(0, 1), (1, 2), (2, 0)]), "*1", "N"),                  # odd circuit: an edge
        (stalk(1, "blue"), "1", "L"),
        (stalk(2, "red"), "-2", "R"),
        (Hackenbush([(0, 1, "blue"), (1, 2, "red")]), "1/2", "L"),
        (Hackenbush([(0, 1, "blue"), (0, 2, "red")]), "0", "P"),
        (Hackenbush([(0, 1, "red"), (1, 2, "blue"), (2, 3, "blue")]), "-1/4", "R"),
    ],
)
def test_value_and_outcome_follow_the_position(position, value_text, outcome):
    editor = HackenbushEditor(position)
    assert (editor.value_text, editor.outcome) == (value_text, outcome)


def test_blue_red_value_is_a_fraction_and_mixed_is_a_canonical_game():
    from cgteach import games

    editor = HackenbushEditor(Hackenbush([(0, 1, "blue"), (1, 2, "red")]))
    assert editor.value == Fraction(1, 2) and editor.value_kind == "blue-red"
    editor.add_edge(0, 0, "green")                  # 1/2 + *
    assert editor.value_kind == "mixed" and editor.value == games.parse("1/2*")
    assert (editor.value_text, editor.outcome) == ("1/2*", "L")
    assert editor.outcome_text == "Blue (Left) wins, whoever starts."


@pytest.mark.parametrize("edges, text, outcome", [
    ([(0, 1, "green"), (1, 2, "blue")], "↑*", "N"),          # green under blue
    ([(0, 1, "blue"), (1, 2, "green")], "1*", "L"),          # blue under green
    ([(0, 1), (0, 2, "blue"), (0, 3, "red")], "*1", "N"),    # a nimber is written *1
    ([(0, 1), (0, 2)], "0", "P"),
    ([(0, 1, "green"), (1, 2, "blue"), (2, 0, "red"), (2, 3, "green")], None, None),
])
def test_mixed_drawings_are_valued_live_in_textbook_notation(edges, text, outcome):
    position = Hackenbush(edges)
    editor = HackenbushEditor(position)
    g = position.canonical()
    expected = text or ("*1" if str(g) == "*" else str(g))
    assert editor.value_text == expected
    assert editor.outcome == (outcome or g.outcome())
    assert editor.outcome in ("L", "R", "P", "N") and editor.outcome_text


def test_mixed_drawings_with_circuits_past_the_live_limit_are_refused_fast():
    import time

    from cgteach.hackenbush.partizan import LIVE_EDGES_MIXED as LIVE_EDGES

    n = LIVE_EDGES + 1
    ring = [(k, (k + 1) % n, ("green", "blue", "red")[k % 3]) for k in range(n)]
    start = time.process_time()
    editor = HackenbushEditor(Hackenbush(ring))
    assert time.process_time() - start < 1.0
    assert editor.value_text == "?" and f"up to {LIVE_EDGES} edges" in editor.outcome_text


def test_large_tangled_blue_red_drawings_are_not_searched_live():
    import time

    from cgteach.hackenbush.partizan import LIVE_EDGES_BLUE_RED as LIVE_EDGES

    n = LIVE_EDGES + 1
    ring = [(k, (k + 1) % n, "blue" if k % 3 else "red") for k in range(n)]
    start = time.process_time()
    editor = HackenbushEditor(Hackenbush(ring))
    assert time.process_time() - start < 1.0                  # a fast refusal
    assert editor.value is None and editor.value_text == "?"
    assert "Not valued while you draw" in editor.outcome_text
    assert f"up to {LIVE_EDGES} edges" in editor.outcome_text
    small = [(k, (k + 1) % 16, "blue" if k % 3 else "red") for k in range(16)]
    live = HackenbushEditor(Hackenbush(small))
    assert live.value is not None                             # 16 edges in a ring: live now


def test_colour_trait_picks_the_colour_of_new_edges():
    editor = HackenbushEditor()
    editor.colour = "red"                         # as the swatch does
    editor.handle({"event": "add_node", "x": 320, "y": 250, "join": 0})
    assert editor.edges == [[0, 1, "red"]]
    assert editor.value_text == "-1"
    with pytest.raises(Exception, match="purple"):
        editor.colour = "purple"


def test_delete_edge_and_node_toggle_ground_and_move():
    editor = HackenbushEditor(stalk(3))
    editor.handle({"event": "delete_node", "node": 3})
    assert editor.position == stalk(2)
    editor.handle({"event": "toggle_ground", "node": 1})
    assert editor.ground == [0, 1]
    assert editor.layout[1][1] == GROUND_Y
    assert editor.position == Hackenbush([(0, 1), (1, 2)], ground=(0, 1))
    editor.handle({"event": "move_node", "node": 1, "x": 100, "y": 20})
    assert editor.layout[1] == (100.0, float(GROUND_Y))   # ground nodes stay on the line
    editor.handle({"event": "toggle_ground", "node": 1})
    assert editor.ground == [0] and editor.layout[1][1] < GROUND_Y
    editor.handle({"event": "move_node", "node": 2, "x": 400, "y": 500})
    assert editor.layout[2][1] < GROUND_Y - 15            # others stay above the ground
    editor.handle({"event": "delete_edge", "edge": 0})
    assert editor.is_position is False


def test_undo_steps_back_through_every_change():
    editor = HackenbushEditor()
    states = [editor.position]
    editor.add_node(320, 250, join=0)
    states.append(editor.position)
    editor.add_loop(1)
    states.append(editor.position)
    editor.handle({"event": "move_node", "node": 1, "x": 200, "y": 200})
    editor.clear()
    assert editor.position == Hackenbush([])
    editor.handle({"event": "undo"})
    assert editor.layout[1] == (200.0, 200.0)
    editor.undo()
    assert editor.layout[1] == (320.0, 250.0)
    assert editor.position == states[2]
    editor.undo()
    assert editor.position == states[1]
    editor.undo()
    assert editor.position == states[0] and not editor.can_undo
    editor.undo()
    assert editor.message == "nothing to undo"


def test_nodes_keep_their_names():
    position = Hackenbush([("g", "a"), ("a", "b", "green")], ground="g")
    editor = HackenbushEditor(position)
    assert editor.position == position
    name = editor.add_node(300, 100, join="b")
    assert name == 0
    assert editor.position == Hackenbush([("g", "a"), ("a", "b"), ("b", 0)], ground="g")


# -- the editor: reductions ---------------------------------------------------------------


def test_reductions_appear_on_demand_and_step_within_range():
    house = Hackenbush([(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (3, 4), (4, 4)])
    editor = HackenbushEditor(house)
    assert editor.steps == []
    editor.show_steps = True                      # as the button does
    rules = [s["rule"] for s in editor.steps]
    assert rules[0] == "start" and rules[-1] == "stalks"
    assert rules[1:] == [s.rule for s in house.reduction_steps()]
    assert all(s["description"] for s in editor.steps)
    picture = editor.steps[0]["picture"]
    assert len(picture["edges"]) == len(house)
    editor.step = 99
    assert editor.step == len(editor.steps) - 1
    editor.step = -3
    assert editor.step == 0
    editor.add_edge(4, 4)                         # the steps follow the drawing
    assert len(editor.steps[0]["picture"]["edges"]) == len(house) + 1
    editor.show_steps = False
    assert editor.steps == []


def test_reductions_are_for_green_drawings_only():
    editor = HackenbushEditor(stalk(2, "blue"))
    editor.show_steps = True
    assert editor.steps == []
    assert editor.message == "the reductions are for green drawings only"


# -- the editor: files and lecture mode ------------------------------------------------------


def test_json_text_is_a_position_file_with_the_layout(tmp_path):
    editor = HackenbushEditor(Hackenbush([(0, 1), (1, 1)]))
    editor.move_node(1, 250, 200)
    doc = json.loads(editor.json_text)
    assert doc["format"] == "cgteach.hackenbush"
    assert Hackenbush.from_json(editor.json_text) == editor.position
    assert [1, 250.0, 200.0] in doc["layout"]
    path = tmp_path / "p.json"
    editor.save(path)
    assert Hackenbush.load(path) == editor.position
    other = HackenbushEditor()
    other.load(path)
    assert other.position == editor.position
    assert other.layout == editor.layout


def test_load_from_the_page_shows_the_position():
    editor = HackenbushEditor()
    editor.handle({"event": "load", "text": stalk(4).to_json()})
    assert editor.position == stalk(4) and editor.value_text == "*4"
    assert editor.message == "loaded a position with 4 edges"
    assert editor.can_undo


@pytest.mark.parametrize(
    "text, reason",
    [
        ("{not json", "not a valid JSON file"),
        ('{"a": 1}', "not a cgteach position file"),
        (Hackendot([None]).to_json(), "holds a cgteach.hackendot position"),
        ('{"format": "cgteach.hackenbush", "version": 1, '
         '"position": {"ground": [0], "edges": [[1, 2, "green"]]}}', "not joined to the ground"),
        ('{"format": "cgteach.hackenbush", "version": 1, '
         '"position": {"ground": [0], "edges": [null]}}', "edge 0 in the file must be a list"),
    ],
)
def test_a_bad_file_changes_nothing_and_says_why(text, reason, tmp_path):
    editor = HackenbushEditor(stalk(2))
    before = (editor.nodes, editor.edges, editor.ground, editor.json_text)
    editor.handle({"event": "load", "text": text})
    assert editor.message.startswith("could not load that file")
    assert reason in editor.message and "unchanged" in editor.message
    assert (editor.nodes, editor.edges, editor.ground, editor.json_text) == before
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=reason):
        editor.load(path)
    assert editor.position == stalk(2)


def test_a_load_intent_without_text_changes_nothing_and_says_why():
    editor = HackenbushEditor(stalk(2))
    before = (editor.nodes, editor.edges, editor.ground, editor.json_text)
    editor.handle({"event": "load", "text": 5})
    assert editor.message.startswith("could not load that file")
    assert (editor.nodes, editor.edges, editor.ground, editor.json_text) == before


def test_a_bool_is_never_taken_for_a_node_name():
    # True == 1 in Python, but a bool from the page is a mistake: it must not touch node 1
    editor = HackenbushEditor(stalk(2))
    before = (editor.nodes, editor.edges, editor.ground)
    for event in ("delete_node", "toggle_ground", "click_node", "add_loop"):
        editor.handle({"event": event, "node": True})
        assert "must be an int or a str, got True" in editor.message
        assert (editor.nodes, editor.edges, editor.ground) == before


@pytest.mark.parametrize("alias", [1.0])
def test_node_names_from_the_browser_are_stored_as_the_board_names_them(alias):
    # 1.0 == 1 in Python: the editor must keep its own name 1, never the alias,
    # or the ground list and the edges would hold names the position file cannot save.
    editor = HackenbushEditor(stalk(2))
    editor.handle({"event": "add_edge", "u": alias, "v": 2})
    assert editor.edges[-1] == [1, 2, "green"] and type(editor.edges[-1][0]) is int
    editor.handle({"event": "toggle_ground", "node": alias})
    assert editor.ground == [0, 1] and type(editor.ground[1]) is int
    assert editor.message == "" and editor.is_position
    assert Hackenbush.from_json(editor.json_text) == editor.position
    editor.handle({"event": "delete_node", "node": alias})
    assert 1 not in [n["name"] for n in editor.nodes]
    assert editor.edges == [] and editor.position == Hackenbush([])  # every edge met node 1


def test_load_a_missing_file_and_save_a_floating_drawing(tmp_path):
    editor = HackenbushEditor()
    with pytest.raises(ValueError, match="cannot read position file"):
        editor.load(tmp_path / "nowhere.json")
    a, b = editor.add_node(100, 100), editor.add_node(200, 100)
    editor.add_edge(a, b)
    with pytest.raises(ValueError, match="cannot save: not yet a position"):
        editor.save(tmp_path / "x.json")


def test_lecture_mode_is_a_trait():
    assert HackenbushEditor(lecture=True).lecture is True
    editor = HackenbushEditor()
    editor.lecture = True                          # as the switch does
    assert editor.lecture and editor.play().lecture


def test_layout_places_ground_on_the_line_and_stalks_upright():
    coords = layout_hackenbush(stalk(3) + stalk(2))
    assert coords[0][1] == coords[4][1] == GROUND_Y
    assert coords[0][0] == coords[1][0] == coords[3][0]
    assert coords[4][0] > coords[0][0]
    assert len(set(coords.values())) == len(coords)


# -- the game ------------------------------------------------------------------------


def test_green_game_hint_cut_and_computer_reply():
    game = HackenbushGame(Hackenbush([(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)]), seed=2)
    assert game.student == "green" and game.turn == "student"
    assert game.status == "Your turn: click any edge to cut it."
    assert game.hint() == [4]
    game.handle({"event": "hint"})
    assert game.hint_edge == 4 and "cut edge 4" in game.message   # numbered as in the figures
    game.handle({"event": "cut", "edge": 4})
    assert game.hint_edge == -1
    assert game.message.startswith("You cut edge 4. The computer cut edge")
    assert len(game.position) <= 3 and game.position.grundy() != 0
    assert game.log[0] == "You cut edge 4 (green)"
    assert game.log[1].startswith("Computer cut edge")


def test_cutting_low_drops_what_hangs_above():
    game = HackenbushGame(stalk(3) + stalk(1), seed=0, computer="random")
    game.cut(0)
    cut = [f for f in game.fallen if f["by"] == "student"]
    assert len(cut) == 3 and sum(f["cut"] for f in cut) == 1
    assert game.log[0] == "You cut edge 0 (green); 2 more fell"


def _play_out(game, rng):
    while not game.winner:
        game.cut(rng.choice(game.legal_cuts("student")))
    return game.winner


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=7),
       st.integers(0, 10**6))
def test_the_perfect_computer_always_leaves_a_zero_when_it_can(pairs, seed):
    # join every edge to the ground through node 0, so the drawing is a position
    edges = [(0, v) if u == v == 0 else (u, v) for u, v in pairs] + [(0, k) for k in range(1, 6)]
    game = HackenbushGame(Hackenbush(edges), seed=seed)
    rng = random.Random(seed)
    while not game.winner:
        edge = rng.choice(game.legal_cuts("student"))
        faced = game.position.cut(edge)          # what the computer will face
        game.cut(edge)
        if faced.grundy() != 0:                  # it had a winning cut: it must take one
            assert game.position.grundy() == 0
            assert game.log[-1].startswith("Computer cut") or game.winner


def test_perfect_play_wins_a_won_position_and_random_play_is_reproducible():
    position = Hackenbush([(0, 1), (1, 2), (0, 3)])                # *2 + *1: N
    game = HackenbushGame(position, seed=1)
    while not game.winner:
        game.cut(game.hint()[0])
    assert game.winner == "student" and game.turn == "over"
    assert game.log[-1] == "You win!"
    game.cut(0)
    assert game.message.startswith("The game is over")
    # a lost position against the perfect computer is lost whatever you do
    lost = HackenbushGame(Hackenbush([(0, 1), (0, 2)]), seed=3)
    assert lost.hint() == []
    lost.show_hint()
    assert lost.hint_edge == -1 and "no winning cut" in lost.message
    assert _play_out(lost, random.Random(0)) == "computer"
    assert "The computer wins" in lost.status
    # two random computers with one seed play the same game
    logs = []
    for _ in range(2):
        g = HackenbushGame(stalk(3) + stalk(4), computer="random", seed=11)
        _play_out(g, random.Random(5))
        logs.append(g.log)
    assert logs[0] == logs[1]


def test_restart_and_computer_first():
    game = HackenbushGame(stalk(2) + stalk(2), seed=4, first="computer")
    assert game.log and game.log[0].startswith("Computer cut edge")
    assert game.turn == "student"
    game.cut(0)
    game.handle({"event": "restart"})
    assert len(game.log) == 1 and game.winner == ""


def test_blue_red_student_may_cut_only_blue():
    position = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (0, 3, "red"), (3, 4, "blue")])
    game = HackenbushGame(position, student="blue", seed=0)
    assert game.student == "blue"
    assert "you are Blue" in game.status
    game.handle({"event": "cut", "edge": 1})
    assert game.message == ("You play Blue: you may cut only blue edges, and edge 1 is red.")
    assert game.position == position and game.log == []
    game.handle({"event": "cut", "edge": 3})
    assert game.log[0] == "You cut edge 3 (blue)"
    assert "(red)" in game.log[1]                    # the computer plays Red
    assert HackenbushGame(position, student="red").legal_cuts() == [1, 2]


def test_blue_red_perfect_computer_and_hint():
    # a blue edge (1) beside a blue edge carrying a red one (1/2): 3/2 > 0, Blue wins
    position = Hackenbush([(0, 1, "blue"), (0, 2, "blue"), (2, 3, "red")])
    game = HackenbushGame(position, student="blue", seed=0)
    winning = game.hint()
    assert winning == position.winning_moves("blue")
    assert winning
    while not game.winner:
        game.cut(game.hint()[0])
    assert game.winner == "student"


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"position": stalk(1), "computer": "genius"}, ValueError, "perfect' or 'random"),
        ({"position": stalk(1, "red"), "student": "green"}, ValueError, "'blue' or 'red'"),
        ({"position": stalk(1), "first": "nobody"}, ValueError, "first must be"),
        ({"position": [(0, 1)]}, TypeError, "Hackenbush position"),
    ],
)
def test_bad_game_settings(kwargs, error, match):
    with pytest.raises(error, match=match):
        HackenbushGame(**kwargs)


def test_bad_cuts_say_why():
    game = HackenbushGame(stalk(2))
    game.handle({"event": "cut", "edge": 7})
    assert game.message == "there is no edge 7"
    game.handle({"event": "cut", "edge": "x"})
    assert "integer" in game.message
    assert game.position == stalk(2)


def test_a_game_from_the_editor_keeps_the_drawing():
    editor = HackenbushEditor()
    editor.add_node(200, 200, join=0)
    game = HackenbushGame(editor, seed=0)
    assert game.position == editor.position
    assert {n["name"]: (n["x"], n["y"]) for n in game.nodes} == editor.layout
    assert editor.play(seed=0).position == editor.position


def test_importing_the_widgets_stays_light():
    import subprocess
    import sys

    code = ("import sys, cgteach.widgets as w; w.HackenbushEditor(); w.HackendotEditor(); "
            "print(sorted(m for m in ('matplotlib', 'networkx') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- the editor draws as the lessons say (issue 13) ---------------------------------


def test_the_lessons_sentence_plants_and_grows_a_stalk_and_branches():
    # "Click just above the ground line to plant an edge; keep clicking above it to
    #  grow a stalk; click a node to branch from it."
    editor = HackenbushEditor()
    editor.handle({"event": "click", "x": 320, "y": 330})    # just above the ground line
    assert editor.position == stalk(1) and editor.selected == 1
    assert editor.layout[1][1] <= GROUND_Y - 45              # a real edge, not a stub
    editor.handle({"event": "click", "x": 320, "y": 240})    # keep clicking above it
    editor.handle({"event": "click", "x": 320, "y": 170})
    assert editor.position == stalk(3) and editor.value_text == "*3"
    editor.handle({"event": "click_node", "node": 1})        # click a node ...
    assert editor.selected == 1 and editor.message == ""
    editor.handle({"event": "click", "x": 400, "y": 220})    # ... to branch from it
    assert editor.position == Hackenbush([(0, 1), (1, 2), (2, 3), (1, 4)])
    assert editor.value_text == "*4"       # colon principle: 1 + (2 xor 1) = 4
    assert editor.selected == 4


def test_the_sentence_value_is_the_colon_principle():
    editor = HackenbushEditor()
    for y in (320, 250, 180):
        editor.click(320, y)
    editor.click_node(1)
    editor.click(400, 220)
    # node 1 carries a stalk of 2 and a stalk of 1: 2 xor 1 = 3, plus the edge below: *4
    assert editor.position.grundy() == 4 and editor.value_text == "*4"


def test_planting_uses_the_ground_node_below_or_makes_one():
    editor = HackenbushEditor()
    editor.click(330, 300)                  # within reach of ground node 0 at x = 320
    assert editor.edges == [[0, 1, "green"]]
    editor.let_go()
    editor.click(100, 300)                  # far from it: a new ground node under the click
    assert editor.ground == [0, 2] and editor.layout[2] == (100.0, float(GROUND_Y))
    assert editor.edges[-1] == [2, 3, "green"] and editor.is_position


def test_the_current_colour_is_used_and_undo_takes_back_one_click():
    editor = HackenbushEditor()
    editor.colour = "blue"
    editor.click(200, 300)
    editor.colour = "red"
    editor.click(200, 220)
    assert editor.position == Hackenbush([(1, 2, "blue"), (2, 3, "red")], ground=(0, 1))
    assert editor.value_text == "1/2"
    editor.undo()                           # one click, one undo step
    assert editor.position == Hackenbush([(1, 2, "blue")], ground=(0, 1))
    editor.undo()                           # the planted edge and its new ground node go
    assert editor.position == Hackenbush([]) and editor.ground == [0]
    assert editor.selected is None


def test_clicking_the_ground_plants_an_edge_on_it():
    # decided (issue 29): a click on the ground line, up to 20 screen pixels above
    # it, or anywhere below it picks the ground there and plants an edge on it
    editor = HackenbushEditor()
    editor.click(500, GROUND_Y + 10)        # below the ground line
    assert editor.ground == [0, 1] and editor.edges == [[1, 2, "green"]]
    assert editor.selected == 2 and editor.layout[2][1] <= GROUND_Y - 45
    editor.let_go()
    editor.click(200, GROUND_Y - 15)        # 15 px above it
    assert editor.edges[-1] == [3, 4, "green"] and 3 in editor.ground
    editor.let_go()
    editor.click(336, GROUND_Y)             # on it, beside ground node 0: that node is used
    assert editor.edges[-1] == [0, 5, "green"]
    editor.click(560, GROUND_Y)             # from a picked node down to the ground
    assert editor.edges[-1][0] == 5 and editor.edges[-1][1] in editor.ground
    assert editor.selected is None and editor.is_position


@pytest.mark.parametrize("px, y, planted_on_ground", [
    (1.0, GROUND_Y - 19, True), (1.0, GROUND_Y - 21, False),
    (2.0, GROUND_Y - 39, True), (0.5, GROUND_Y - 11, False),
])
def test_the_ground_band_is_20_screen_pixels(px, y, planted_on_ground):
    editor = HackenbushEditor()
    editor.click(320, 200)                  # a stalk of one edge, its tip node 1 picked
    editor.click_node(1)
    editor.handle({"event": "click", "x": 450, "y": y, "px": px})
    ends = editor.edges[-1]
    # in the band: an edge from node 1 down to the ground; above it: up to a new node
    assert (ends[1] in editor.ground) == planted_on_ground, editor.edges


def test_a_bad_pixel_size_is_refused():
    editor = HackenbushEditor()
    editor.handle({"event": "click", "x": 320, "y": 300, "px": 0})
    assert "px" in editor.message and editor.edges == []


def test_a_node_click_picks_joins_and_lets_go():
    editor = HackenbushEditor(Hackenbush([(0, 1), (1, 2), (10, 11)], ground=(0, 10)))
    editor.click_node(2)
    assert editor.selected == 2
    editor.click_node(2)                    # the picked node again: let go, and say so
    assert editor.selected is None and "Let go" in editor.message
    editor.click_node(2)
    editor.click_node(11)                   # a second node: join the two
    assert editor.edges[-1] == [2, 11, "green"] and editor.selected == 11
    editor.handle({"event": "let_go"})
    assert editor.selected is None


def test_a_click_near_a_node_counts_as_a_click_on_it():
    editor = HackenbushEditor(stalk(1))
    x, y = editor.layout[1]
    editor.click(x + 6, y - 5)
    assert editor.selected == 1 and len(editor.edges) == 1


def test_useless_clicks_say_why():
    editor = HackenbushEditor(stalk(1))
    editor.tool = "delete"
    editor.handle({"event": "click", "x": 100, "y": 100})
    assert editor.message == "Nothing to delete there: click an edge or a node."
    editor.tool = "ground"
    editor.handle({"event": "click", "x": 100, "y": 100})
    assert "click a node to put it on the ground line" in editor.message
    assert editor.position == stalk(1)


def test_the_ground_tool_never_puts_a_node_on_top_of_another():
    editor = HackenbushEditor(Hackenbush([(0, 1), (1, 2)]))
    editor.move_node(2, 320, float(GROUND_Y - 60))
    editor.toggle_ground(1)                 # 1 drops to the ground ...
    editor.toggle_ground(1)                 # ... and is lifted where node 2 now stands
    spots = list(editor.layout.values())
    for i, p in enumerate(spots):
        for q in spots[i + 1:]:
            assert abs(p[0] - q[0]) + abs(p[1] - q[1]) >= 20
    editor.click(320, 250)
    editor.toggle_ground(editor.selected)   # dropping onto ground node 0 moves aside
    xs = [editor.layout[g][0] for g in editor.ground]
    assert len(set(xs)) == len(xs)


def test_the_house_is_laid_out_as_the_lessons_draw_it():
    from cgteach.draw.hackenbush import layout
    from cgteach.hackenbush import examples

    house = examples.house()
    editor = HackenbushEditor(house)
    figure, board = layout(house), editor.layout
    # same shape: the same order across and the same layers up
    assert sorted(figure, key=lambda n: (figure[n][0], n)) == sorted(
        board, key=lambda n: (board[n][0], n))
    for a in house.nodes:
        for b in house.nodes:
            if figure[a][1] < figure[b][1]:
                assert board[a][1] > board[b][1]


# -- every colour, live (issues 16 and 17) -------------------------------------------


def test_blue_red_drawings_with_circuits_are_valued_live_and_agree_with_the_engine():
    rng = random.Random(17)
    for _ in range(20):
        n = rng.randint(3, 9)
        edges = [(rng.randrange(j), j, rng.choice(["blue", "red"])) for j in range(1, n)]
        edges += [tuple(rng.sample(range(n), 2)) + (rng.choice(["blue", "red"]),)
                  for _ in range(rng.randint(1, 3))]
        position = Hackenbush(edges)
        editor = HackenbushEditor(position)
        assert editor.value == position.value() and isinstance(editor.value, Fraction)
        assert editor.outcome == position.outcome()


def test_mixed_drawings_with_circuits_agree_with_brute_force():
    from cgteach.hackenbush.partizan import canonical_by_search

    rng = random.Random(16)
    for _ in range(15):
        n = rng.randint(3, 6)
        colours = ["green", "blue", "red"]
        edges = [(rng.randrange(j), j, rng.choice(colours)) for j in range(1, n)]
        edges += [tuple(rng.sample(range(n), 2)) + (rng.choice(colours),) for _ in range(2)]
        position = Hackenbush(edges)
        editor = HackenbushEditor(position)
        g = canonical_by_search(position)
        assert editor.value == g
        assert editor.outcome == g.outcome()


def test_a_search_past_the_live_deadline_is_refused_with_a_reason(monkeypatch):
    from cgteach.widgets import hackenbush as module

    monkeypatch.setattr(module, "_LIVE_SECONDS", -1.0)      # every search is too late
    ring = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue"), (2, 3, "green")])
    editor = HackenbushEditor(ring)
    assert editor.value is None and editor.value_text == "?"
    assert "longer search than the editor waits for" in editor.outcome_text
    assert editor.position == ring                            # the drawing is all there


def test_a_mixed_game_against_the_perfect_computer():
    # green under blue (↑*) beside a red edge (-1): ↑* - 1 < 0, so Red wins whoever starts
    position = Hackenbush([(0, 1, "green"), (1, 2, "blue"), (0, 3, "red")])
    game = HackenbushGame(position, student="blue", seed=0)
    assert game.status == "Your turn: you are Blue; click a blue or green edge to cut it."
    assert game.legal_cuts() == [0, 1] and game.hint() == []
    game.show_hint()
    assert "no winning cut" in game.message
    game.cut(2)                                               # a red edge: refused
    assert "only blue or green edges, and edge 2 is red" in game.message
    game.cut(1)                                               # Blue cuts her edge ...
    assert game.log[0] == "You cut edge 1 (blue)"
    while not game.winner:                                    # ... and loses to best play
        game.cut(game.legal_cuts()[0])
    assert game.winner == "computer"


def test_a_mixed_game_the_student_can_win():
    # * + 1/2 (a green edge and blue-under-red): Blue wins, whoever starts
    position = Hackenbush([(0, 1, "green"), (0, 2, "blue"), (2, 3, "red")])
    game = HackenbushGame(position, student="blue", seed=4)
    assert game.hint()
    while not game.winner:
        game.cut(game.hint()[0])
    assert game.winner == "student"


def test_reduction_pictures_are_drawn_when_a_step_is_shown():
    # A caterpillar has one colon step per leg: drawing every step's picture on
    # every edit made a long story slow, so each picture is drawn when first shown.
    legs = 30
    caterpillar = Hackenbush([(i, i + 1) for i in range(legs)]
                             + [(i + 1, f"leg{i}") for i in range(legs)])
    editor = HackenbushEditor(caterpillar)
    editor.show_steps = True
    assert len(editor.steps) > legs // 2
    drawn = [i for i, row in enumerate(editor.steps) if row["picture"] is not None]
    assert drawn == [0]
    editor.step = 5
    assert editor.steps[5]["picture"]["edges"] and editor.steps[6]["picture"] is None
    assert len(editor.steps[5]["picture"]["edges"]) < len(caterpillar.edges) + legs
