"""Tests of the Nim widgets, driven as the browser would drive them.

The explorer is driven by setting slider values and clicking its buttons; the
board by sending the messages its JavaScript sends (``{"take": [heap, count]}``,
``{"hint": true}``, ``{"new_game": true}``) to the same handler.
"""

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import nim
from cgteach.nimbers import nim_sum
from cgteach.widgets.nim import NimExplorer, NimGame, binary_table_html

small_heaps = st.lists(st.integers(0, 12), min_size=1, max_size=5)
playable_heaps = small_heaps.filter(any)


def send(game, content):
    """Deliver a message exactly as a click in the browser would."""
    game._on_message(game, content, [])


def row_flags(html_text):
    pattern = r'data-testid="nim-table-row-(\d+)" data-change="(true|false)"'
    return dict(re.findall(pattern, html_text))


# ---------------------------------------------------------------------------
# The binary table
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "heaps, changing, total",
    [
        ((10, 12, 5), {"0"}, 3),  # the textbook's table: only heap 10 has the leading bit
        ((13, 19, 10), {"1"}, 20),  # only 19 holds the 16
        ((3, 5, 7), {"0", "1", "2"}, 1),
        ((1, 2, 3), set(), 0),
    ],
)
def test_binary_table_marks_the_heaps_to_change(heaps, changing, total):
    text = binary_table_html(heaps)
    flags = row_flags(text)
    assert len(flags) == len(heaps)
    assert {i for i, f in flags.items() if f == "true"} == changing
    assert re.search(rf'data-testid="nim-table-sum".*?>{total}</td>', text)
    width = max(h.bit_length() for h in heaps)
    leading_cells = text.count('data-leading="true"')
    # one leading cell per row (heaps + the sum row) in the leading column, none if balanced
    assert leading_cells == (len(heaps) + 1 if total else 0)
    assert text.count("<tr") == len(heaps) + 2 and width >= 1


def test_binary_table_rejects_bad_heaps():
    with pytest.raises(ValueError, match="heap 2"):
        binary_table_html([1, -2])
    with pytest.raises(TypeError, match="heaps"):
        binary_table_html("123")


# ---------------------------------------------------------------------------
# NimExplorer
# ---------------------------------------------------------------------------


def test_explorer_follows_its_sliders():
    e = NimExplorer((10, 12, 5))
    assert e.heaps == (10, 12, 5)
    assert e.hint_text == (
        "Nim sum 10 ⊕ 12 ⊕ 5 = 3. Winning move: take 1 from pile 1, leaving 9."
    )
    assert 'data-balanced="false"' in e._hint.value
    assert row_flags(e.table_html) == {"0": "true", "1": "false", "2": "false"}
    e.sliders[0].value = 9  # the student drags heap 1 to 9
    assert e.heaps == (9, 12, 5)
    assert "Balanced" in e.hint_text and 'data-balanced="true"' in e._hint.value
    assert set(row_flags(e.table_html).values()) == {"false"}


def test_explorer_lists_every_winning_move():
    e = NimExplorer((3, 5, 7))
    assert e.hint_text.count("take ") == 3
    assert "Winning moves: take 1 from pile 1, leaving 2" in e.hint_text


def test_explorer_add_and_remove_buttons():
    e = NimExplorer((1, 2), max_heaps=3)
    e._add_button.click()
    assert e.heaps == (1, 2, 1)
    assert e._add_button.disabled  # at max_heaps
    e._add_button.click()
    assert e.heaps == (1, 2, 1)
    e.sliders[2].value = 3  # new sliders are live too
    assert "Balanced" in e.hint_text
    for _ in range(5):
        e._remove_button.click()
    assert e.heaps == (1,) and e._remove_button.disabled
    assert [s.description for s in e.sliders] == ["Pile 1"]


def test_explorer_announces_the_position_and_every_change():
    e = NimExplorer((3, 4, 5))
    assert e.announced == ("Piles 3, 4, 5. Nim sum 3 xor 4 xor 5 = 2. "
                           "Winning move: take 2 from pile 1, leaving 1.")
    e.sliders[0].value = 1
    assert e.announced.startswith("Pile 1 is now 1. Piles 1, 4, 5. Nim sum 1 xor 4 xor 5 = 0. "
                                  "Balanced")
    e.add_heap(6)
    assert e.announced.startswith("Pile 4 added. Piles 1, 4, 5, 6. "
                                  "Nim sum 1 xor 4 xor 5 xor 6 = 6.")
    e.remove_heap()
    assert e.announced.startswith("Pile 4 removed. Piles 1, 4, 5. ")
    e.heaps = (2,)
    assert e.announced.startswith("Pile 2. Nim sum 2 = 2. Winning move: take 2 from pile 1")
    # the region is the boards' shared liveRegion (the JavaScript is _common.js + ours)
    voice = e.children[-1]
    assert "function liveRegion" in voice._esm and "liveRegion(root" in voice._esm
    assert "⊕" not in e.announced


def test_explorer_heaps_setter_and_dom_classes():
    e = NimExplorer()
    e.heaps = [4, 4, 7, 0]
    assert e.heaps == (4, 4, 7, 0)
    assert [s._dom_classes[-1] for s in e.sliders] == [f"nim-explorer-heap-{i}" for i in range(4)]
    assert "cgteach-nim-explorer" in e._dom_classes
    assert "nim-explorer-table" in e._table._dom_classes
    assert "nim-explorer-hint" in e._hint._dom_classes


def test_explorer_misere_hint():
    e = NimExplorer((1, 1, 5), misere=True)
    assert "take 4 from pile 3, leaving 1" in e.hint_text
    e.heaps = (1, 1, 1)
    assert "No winning move" in e.hint_text


def test_explorer_empty_position():
    e = NimExplorer((0, 0))
    assert e.hint_text == "No stones left: nothing to take."


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"heaps": (1, -1)}, ValueError, "heap 2"),
        ({"heaps": (1, 2.5)}, TypeError, "heap 2"),
        ({"heaps": ()}, ValueError, "between 1 and 8 piles"),
        ({"heaps": (40,)}, ValueError, "max_size"),
        ({"heaps": (1,) * 9}, ValueError, "between 1 and 8 piles"),
    ],
)
def test_explorer_rejects_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        NimExplorer(**kwargs)


def test_explorer_setter_rejects_bad_input():
    e = NimExplorer()
    with pytest.raises(ValueError, match="at most 31"):
        e.heaps = (1, 32)
    assert e.heaps == (3, 4, 5)


@given(small_heaps)
def test_explorer_hint_agrees_with_winning_moves(heaps):
    e = NimExplorer(heaps)
    moves = nim.winning_moves(heaps)
    text = e.hint_text
    if not any(heaps):
        assert "No stones" in text
    elif not moves:
        assert "Balanced" in text
    else:
        for i, new in moves:
            assert f"take {heaps[i] - new} from pile {i + 1}, leaving {new}" in text
        assert text.count("take ") == len(moves)
    assert f"= {nim_sum(heaps)}." in text or not any(heaps)


# ---------------------------------------------------------------------------
# NimGame
# ---------------------------------------------------------------------------


def test_seeded_deals_are_reproducible_and_in_range():
    deals = [NimGame(seed=s).heaps for s in range(40)]
    assert deals == [NimGame(seed=s).heaps for s in range(40)]
    assert all(2 <= len(d) <= 5 and all(1 <= h <= 8 for h in d) for d in deals)
    assert len({tuple(d) for d in deals}) > 30  # really random


def test_new_game_button_deals_again():
    g = NimGame([3, 4, 5], seed=11)
    send(g, {"take": [0, 2]})
    send(g, {"new_game": True})
    other = random.Random(11)
    expected = [other.randint(1, 8) for _ in range(other.randint(2, 5))]
    assert g.heaps == expected
    assert g.winner == "" and g.hint == [] and g.last_move == {} and g.message == ""
    assert g.status.startswith("Your move")


def test_a_take_gets_a_computer_reply():
    g = NimGame([10, 12, 5], seed=3)
    send(g, {"take": [0, 1]})  # the winning move: 10 -> 9, balanced
    assert g.message.startswith("You took 1 from pile 1; the computer took ")
    last = g.last_move
    assert last["player"] == "computer" and last["taken"] >= 1
    assert sum(g.heaps) == 9 + 12 + 5 - last["taken"]
    assert g.heaps[last["heap"]] == last["before"] - last["taken"]
    assert not nim.is_balanced(g.heaps)  # every move from a balanced position unbalances
    assert g.table_html == binary_table_html(g.heaps)


def test_perfect_computer_balances():
    g = NimGame([3, 4, 5], seed=0)
    send(g, {"take": [2, 1]})  # a bad move: 3, 4, 4 is unbalanced
    assert nim.is_balanced(g.heaps)
    assert g.last_move == {"player": "computer", "heap": 0, "taken": 3, "before": 3}


def _student_game(game, rng, perfect):
    """Play out a game, the student choosing winning moves (if perfect) or random ones."""
    for _ in range(200):
        if game.winner:
            return game.winner
        heaps = game.heaps
        found = (nim.misere_winning_moves if game.misere else nim.winning_moves)(heaps)
        if perfect and found:
            i, new = found[0]
        else:
            i, new = rng.choice(nim.moves(heaps))
        send(game, {"take": [i, heaps[i] - new]})
    raise AssertionError("the game did not end")


@given(playable_heaps, st.booleans(), st.integers(0, 10**6))
def test_perfect_play_decides_the_winner(heaps, misere, seed):
    rng = random.Random(seed)
    first = nim.outcome(heaps, misere=misere)
    student_wins = _student_game(NimGame(heaps, misere=misere, seed=seed), rng, perfect=True)
    if first == "N":
        assert student_wins == "you"
    computer_wins = _student_game(NimGame(heaps, misere=misere, seed=seed), rng, perfect=False)
    if first == "P":
        assert computer_wins == "computer"


@given(playable_heaps, st.integers(0, 10**6))
def test_random_computer_plays_legal_moves(heaps, seed):
    g = NimGame(heaps, computer="random", seed=seed)
    rng = random.Random(seed)
    while not g.winner:
        before = list(g.heaps)
        i, new = rng.choice(nim.moves(before))
        send(g, {"take": [i, before[i] - new]})
        if g.winner == "you":
            break
        last = g.last_move
        mid = before[:]
        mid[i] = new
        assert last["player"] == "computer" and last["before"] == mid[last["heap"]]
        assert 1 <= last["taken"] <= last["before"]
    assert not any(g.heaps)


def test_random_computer_is_seeded():
    def replies(seed):
        g = NimGame([8, 8, 8], computer="random", seed=seed)
        send(g, {"take": [0, 1]})
        return g.heaps

    assert replies(5) == replies(5)
    assert len({tuple(replies(s)) for s in range(20)}) > 3


@pytest.mark.parametrize(
    "heaps, take, misere, winner, status",
    [
        ([2], [0, 2], False, "you", "You win! You took the last stone."),
        ([3], [0, 3], True, "computer", "The computer wins. You took the last stone"),
        ([2], [0, 1], True, "you", "You win! The computer took the last stone"),
        ([1, 1], [0, 1], False, "computer", "The computer wins. The computer took the last"),
    ],
)
def test_winner_under_both_rules(heaps, take, misere, winner, status):
    g = NimGame(heaps, misere=misere, seed=1)
    send(g, {"take": take})
    assert g.winner == winner
    assert g.status.startswith(status)
    assert "and wins" not in g.status and "and loses" not in g.status   # grammar
    assert not any(g.heaps)


def test_no_moves_after_the_end():
    g = NimGame([2], seed=1)
    send(g, {"take": [0, 2]})
    send(g, {"take": [0, 1]})
    assert g.message == "The game is over: press New game to play again."
    send(g, {"hint": True})
    assert g.hint == [] and g.winner == "you"


def test_hint_marks_a_winning_move():
    g = NimGame([10, 12, 5], seed=1)
    send(g, {"hint": True})
    assert g.hint == [0, 9]
    assert g.message == (
        "Hint: Nim sum 10 ⊕ 12 ⊕ 5 = 3. Winning move: take 1 from pile 1, leaving 9."
    )
    assert g.heaps == [10, 12, 5]  # a hint does not move
    send(g, {"take": [1, 1]})
    assert g.hint == []  # the mark goes when the position changes


def test_hint_when_no_winning_move():
    g = NimGame([4, 4], seed=1)
    g.show_hint()
    assert g.hint == []
    assert "no winning move" in g.message


def test_misere_hint():
    g = NimGame([1, 1, 5], misere=True, seed=1)
    send(g, {"hint": True})
    assert g.hint == [2, 1]


@pytest.mark.parametrize(
    "content, message",
    [
        ({"take": [3, 1]}, "Illegal move: there is no pile 4 (piles are numbered 1 to 3)."),
        ({"take": [-1, 1]}, "Illegal move: there is no pile 0 (piles are numbered 1 to 3)."),
        ({"take": [0, 0]}, "Illegal move: you must take at least one stone."),
        ({"take": [0, -2]}, "Illegal move: you must take at least one stone."),
        ({"take": [2, 6]}, "Illegal move: pile 3 has only 5 stones; you cannot take 6."),
        ({"take": [0, "2"]}, "Illegal move: the number of stones must be a whole number, got '2'."),
        ({"take": [1.0, 2]}, "Illegal move: the pile must be a whole number, got 1.0."),
        ({"take": [True, 2]}, "Illegal move: the pile must be a whole number, got True."),
        ({"take": 3}, "Illegal move: a take needs a pile and a number of stones."),
        ({"take": [1, 2, 3]}, "Illegal move: a take needs a pile and a number of stones."),
        ({"jump": 1}, "Ignored a message the board did not understand."),
        ("take", "Ignored a message the board did not understand."),
    ],
)
def test_bad_input_keeps_the_position(content, message):
    g = NimGame([3, 4, 5], seed=1)
    send(g, content)
    assert g.message == message
    assert g.heaps == [3, 4, 5] and g.last_move == {} and g.winner == ""


def test_taking_from_an_empty_heap_is_refused():
    g = NimGame([0, 3], seed=1)
    send(g, {"take": [0, 1]})
    assert g.message == (
        "Illegal move: pile 1 is empty: choose a pile that has stones in it."
    )
    assert g.heaps == [0, 3]


def test_traits_for_the_browser():
    g = NimGame([1, 2, 3], seed=1, lecture=True)
    assert g.lecture and not g.show_table and not g.misere
    g.show_table = True  # the toggle button sets this trait
    assert 'data-testid="nim-table"' in g.table_html
    keys = g.get_state().keys()
    for name in ("heaps", "hint", "last_move", "winner", "status", "message", "table_html",
                 "show_table", "lecture", "misere", "computer"):
        assert name in keys


def test_switching_to_misere_restarts_from_the_position():
    g = NimGame([1, 1, 5], seed=1)
    g.hint = [2, 4]
    g.misere = True
    assert g.heaps == [1, 1, 5] and g.hint == []
    g.show_hint()
    assert g.hint == [2, 1]
    done = NimGame([1], seed=4)
    done.take(0, 1)
    done.misere = True  # after the end: a fresh deal rather than an empty board
    assert any(done.heaps) and done.winner == ""


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"heaps": [0, 0]}, ValueError, "at least one stone"),
        ({"heaps": [1, -3]}, ValueError, "heap 2"),
        ({"heaps": "12"}, TypeError, "heaps"),
        ({"heaps": [2], "computer": "smart"}, ValueError, "perfect"),
    ],
)
def test_game_rejects_bad_arguments(kwargs, error, match):
    with pytest.raises(error, match=match):
        NimGame(**kwargs)


def test_javascript_has_the_documented_hooks():
    import cgteach.widgets.nim as module

    js = (module._STATIC / "nim_game.js").read_text(encoding="utf-8")
    assert (module._STATIC / "nim.css").exists()
    assert "export default" in js and "import " not in js  # no CDN, no build step
    for hook in ("nim-game", "nim-board", "nim-heap-", "nim-stone-", "nim-ghost-",
                 "nim-hint-button", "nim-table-toggle", "nim-new-game-button", "nim-status",
                 "nim-message", "nim-rule", "nim-table-box"):
        assert f'"{hook}' in js or f"`{hook}" in js, hook
        assert hook in module.__doc__, hook
    for intent in ("take:", "hint: true", "new_game: true", '"show_table"'):
        assert intent in js
    # the screen-reader voice is the boards' shared liveRegion (not a copy of it)
    assert 'liveRegion(root, "nim")' in js and '"aria-atomic"' not in js
    assert NimGame._esm.startswith("// Helpers shared") and "function liveRegion" in NimGame._esm
    assert NimGame._esm.count("function liveRegion") == 1


def test_explorer_lecture_mode_enlarges_the_table():
    normal, big = NimExplorer((3, 4)), NimExplorer((3, 4), lecture=True)
    assert "font-size:1em" in normal.table_html and "font-size:1.6em" in big.table_html
    assert "font-size:1.6em" in big._hint.value


def test_event_form_of_the_messages():
    g = NimGame([10, 12, 5], seed=1)
    g.handle({"event": "hint"})
    assert g.hint == [0, 9]
    g.handle({"event": "take", "heap": 0, "count": 1})
    assert g.last_move["player"] == "computer" and sum(g.heaps) < 26
    g.handle({"event": "take", "heap": 9})
    assert g.message.startswith("Illegal move: the number of stones must be a whole number")
    g.handle({"event": "new_game"})
    assert g.last_move == {} and 2 <= len(g.heaps) <= 5
    g.handle({"event": "fly"})
    assert g.message == "Ignored a message the board did not understand."
