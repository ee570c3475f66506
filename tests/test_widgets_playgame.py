"""PlayGame, driven as the browser drives it (intents and traits), on games defined with the kit."""

from __future__ import annotations

import json

import pytest

from cgteach.games import game
from cgteach.rules import ImpartialRules, PartizanRules
from cgteach.widgets import PlayGame
from cgteach.widgets._base import WidgetValueError, still_alt
from cgteach.widgets.playgame import MAX_CARDS, view


class Take12(ImpartialRules):
    """Take 1 or 2 sticks: the P-positions are the multiples of 3."""

    def options(self, n):
        return [n - k for k in (1, 2) if k <= n]


class Cutcake(PartizanRules):
    """Left cuts a piece along a vertical line (its width splits), Right along a horizontal one.

    A position is a sorted tuple of pieces (height, width).
    """

    def _cuts(self, position, vertical):
        out = set()
        for i, (h, w) in enumerate(position):
            rest = position[:i] + position[i + 1:]
            size = w if vertical else h
            for a in range(1, size // 2 + 1):
                pieces = ((h, a), (h, w - a)) if vertical else ((a, w), (h - a, w))
                out.add(tuple(sorted(rest + pieces)))
        return sorted(out)

    def left(self, position):
        return self._cuts(position, True)

    def right(self, position):
        return self._cuts(position, False)

    def show(self, position):
        return " + ".join(f"{h}×{w}" for h, w in position)


def cutcake_value(h, w):
    """Winning Ways: Cutcake h × w by its own recursion over canonical games (a twin)."""
    memo = {}

    def v(h, w):
        if (h, w) not in memo:
            memo[h, w] = game([v(h, a) + v(h, w - a) for a in range(1, w // 2 + 1)],
                              [v(a, w) + v(h - a, w) for a in range(1, h // 2 + 1)])
        return memo[h, w]

    return v(h, w)


def state(w):
    keys = [k for k in w.keys if k not in ("message", "_dom_classes", "layout", "status")]
    return {k: json.dumps(getattr(w, k), default=str) for k in keys} | {"_": repr(w.position)}


# -- impartial -----------------------------------------------------------------------

def test_cards_are_the_moves_and_a_pick_gets_an_answer():
    g = PlayGame(Take12(), 7, seed=0)
    assert g.impartial and g.student == "" and g.title == "Take12"
    assert g.position_view == {"text": "7", "image": ""}
    assert [c["text"] for c in g.cards] == ["6", "5"]
    assert g.turn == "student" and "pick a move card" in g.status
    g.handle({"event": "pick", "index": 1})            # 7 → 5; the computer takes 2 → 3
    assert g.position == 3 and g.position_view["text"] == "3"
    assert g.last_move == {"by": "computer", "text": "3"}
    assert g.log == ["You: → 5", "Computer: → 3"]
    assert g.message == "You moved to 5. The computer moved to 3."


def test_the_computer_wins_from_every_p_position_and_the_hint_finds_the_win():
    for n in range(1, 13):
        g = PlayGame(Take12(), n, seed=n)
        if n % 3 == 0:
            continue
        k = g.hint()
        assert (n - g._options[k]) % 3 == n % 3           # the hint leaves a multiple of 3
        g.handle({"event": "hint"})
        assert g.hint_card == k and "wins against any reply" in g.message
        while not g.winner:                               # follow the hint to the end
            g.handle({"event": "pick", "index": g.hint()})
        assert g.winner == "student" and g.status.startswith("You win")
    for n in (3, 6, 9):                                   # a P-position: the computer wins
        g = PlayGame(Take12(), n, seed=0)
        g.handle({"event": "hint"})
        assert "no move wins against perfect play" in g.message
        while not g.winner:
            g.handle({"event": "pick", "index": 0})
            if g.winner == "":
                assert g.position % 3 == 0                # the computer restores a multiple of 3
        assert g.winner == "computer" and g.cards == []


def test_who_starts_and_new_game():
    g = PlayGame(Take12(), 4, first="computer", seed=0)
    assert g.first == "computer" and g.position == 3 and g.log == ["Computer: → 3"]
    g.handle({"event": "first", "who": "student"})
    assert g.position == 4 and g.log == [] and g.message.startswith("New game: you move first")
    g.handle({"event": "pick", "index": 0})
    g.handle({"event": "restart"})
    assert g.position == 4 and g.winner == "" and g.hint_card == -1 and g.last_move == {}
    g.handle({"event": "side", "side": "right"})          # impartial: no side to choose
    assert "impartial" in g.message and g.position == 4


def test_a_finished_game_refuses_moves_and_hints():
    g = PlayGame(Take12(), 2, seed=0)
    g.pick(1)
    assert g.winner == "student" and g.turn == "over"
    before = state(g)
    for intent in ({"event": "pick", "index": 0}, {"event": "hint"}):
        g.handle(intent)
        assert "game is over" in g.message and state(g) == before


def test_random_computer_is_repeatable_with_a_seed():
    def play(seed):
        g = PlayGame(Take12(), 12, computer="random", seed=seed)
        while not g.winner:
            g.pick(0)
        return g.log

    assert play(5) == play(5)


# -- partizan ------------------------------------------------------------------------

def test_partizan_cards_follow_the_side_and_the_hint_is_a_best_move():
    rules = Cutcake()
    start = ((2, 3),)
    g = PlayGame(rules, start, student="left", seed=0)
    assert not g.impartial and g.student == "left"
    assert [c["text"] for c in g.cards] == ["2×1 + 2×2"]      # Left cuts the width 3
    assert g.position_view["text"] == "2×3"
    g.handle({"event": "side", "side": "right"})
    assert g.student == "right" and [c["text"] for c in g.cards] == ["1×3 + 1×3"]
    assert "New game: you play Right" in g.message
    # 2 × 3 is worth cutcake_value(2, 3): the rules' value agrees with the twin
    assert rules.value(start) == cutcake_value(2, 3)


def test_partizan_computer_plays_a_winning_move_when_there_is_one():
    rules = Cutcake()
    for h, w in [(1, 4), (2, 5), (3, 4), (4, 2)]:
        start = ((h, w),)
        g = PlayGame(rules, start, student="right", first="computer", seed=0)
        v = cutcake_value(h, w)
        if g.log:
            after = g.position
            left_wins_moving_first = any(rules.value(o).outcome() in ("L", "P")
                                         for o in rules.left(start))
            if left_wins_moving_first:
                assert rules.value(after).outcome() in ("L", "P")
        assert v == rules.value(start)


def test_hint_of_the_partizan_game_wins_whenever_the_student_can_win():
    rules = Cutcake()
    for start in [((1, 3),), ((2, 4),), ((3, 1), (1, 2)), ((4, 3),)]:
        for side in ("left", "right"):
            g = PlayGame(rules, start, student=side, seed=0)
            if not g.cards:
                continue
            k = g.hint()
            good = ("L", "P") if side == "left" else ("R", "P")
            can_win = any(rules.outcome(o) in good for o in g._options)
            assert (rules.outcome(g._options[k]) in good) == can_win


# -- show: text and pictures -------------------------------------------------------------

def test_show_as_text_as_a_picture_and_by_default():
    class Pictured(Take12):
        def show(self, n):
            from cgteach.rulesets.clobber import Clobber

            return Clobber(["x" * max(n, 1)])      # a position of the package: a picture

    g = PlayGame(Pictured(), 3, seed=0)
    assert g.position_view["image"].startswith("data:image/")
    assert g.position_view["text"] == "3" and g.cards[0]["image"].startswith("data:image/")
    assert view(Take12(), 5) == {"text": "5", "image": ""}
    assert g._still_png()[:4] == b"\x89PNG"
    plain = PlayGame(Take12(), 5)
    assert plain._still_png()[:4] == b"\x89PNG"
    assert still_alt(plain) == ("Take12 (impartial game) against the computer: position 5; "
                                "2 moves to pick from, one card each.")
    assert "you play Left" in still_alt(PlayGame(Cutcake(), ((2, 2),)))


def test_mime_bundle_has_a_still_picture_and_one_line():
    g = PlayGame(Take12(), 5)
    data = g._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/plain"] == "PlayGame — run this cell in JupyterLab to play"
    assert "image/png" in data


# -- bad input and bad rules: a message, the position kept ------------------------------

@pytest.mark.parametrize("intent, said", [
    ({"event": "pick", "index": 5}, "there is no card 5"),
    ({"event": "pick", "index": -1}, "there is no card -1"),
    ({"event": "pick", "index": True}, "index must be a whole number"),
    ({"event": "pick", "index": "0"}, "index must be a whole number"),
    ({"event": "pick"}, "it needs 'index'"),
    ({"event": "first", "who": "nobody"}, "first must be 'student' or 'computer'"),
    ({"event": "fly"}, "unknown request"),
    ("pick", "does not understand"),
])
def test_bad_intents_keep_the_position(intent, said):
    g = PlayGame(Take12(), 5, seed=0)
    before = state(g)
    g.handle(intent)
    assert said in g.message and state(g) == before


def test_traits_from_the_page_are_refused():
    g = PlayGame(Take12(), 5, seed=0)
    before = state(g)
    g.set_state({"cards": [{"text": "0", "image": ""}]})
    assert "ignored a change from the page" in g.message and state(g) == before
    with pytest.raises(WidgetValueError):
        g.hint_card = 10 ** 6
    g.set_state({"lecture": True})
    assert g.lecture


class Flaky(ImpartialRules):
    """Raises at 2, gives None at 4, an unhashable option at 6."""

    def options(self, n):
        if n == 2:
            raise ZeroDivisionError("my mistake at 2")
        if n == 4:
            return None
        if n == 6:
            return [[1, 2]]
        return [n - 1]


@pytest.mark.parametrize("start, said", [
    (3, "options(2) raised ZeroDivisionError: my mistake at 2"),
    (5, "options(4) returned None"),
    (7, "positions must be hashable"),
])
def test_rules_that_raise_or_return_junk_are_named_and_the_position_kept(start, said):
    g = PlayGame(Flaky(), start, seed=0)
    before = g.position, list(g.log)
    g.handle({"event": "pick", "index": 0})
    assert said in g.message and "position is kept" in g.message
    assert (g.position, g.log) == before and g.winner == "" and g.turn == "student"


def test_constructor_refuses_what_it_cannot_play():
    with pytest.raises(TypeError, match="ImpartialRules or a PartizanRules"):
        PlayGame(Take12, 3)                    # the class, not an instance
    with pytest.raises(TypeError, match="ImpartialRules or a PartizanRules"):
        PlayGame(object(), 3)
    with pytest.raises(TypeError, match="hashable"):
        PlayGame(Take12(), [3])
    with pytest.raises(ValueError, match="student must be 'left' or 'right'"):
        PlayGame(Cutcake(), ((1, 2),), student="up")
    with pytest.raises(ValueError, match="computer must be"):
        PlayGame(Take12(), 3, computer="clever")
    with pytest.raises(ValueError, match="options\\(2\\) raised ZeroDivisionError"):
        PlayGame(Flaky(), 2)

    class Many(ImpartialRules):
        def options(self, n):
            return range(n)

    with pytest.raises(ValueError, match=f"more than {MAX_CARDS} moves"):
        PlayGame(Many(), MAX_CARDS + 5)

    class Endless(ImpartialRules):
        def options(self, n):
            while True:
                yield n

    with pytest.raises(ValueError, match="more than"):
        PlayGame(Endless(), 1)


def test_show_that_raises_is_named():
    class BadShow(Take12):
        def show(self, n):
            return 1 / (n - 2)

    with pytest.raises(ValueError, match="show\\(2\\) raised ZeroDivisionError"):
        PlayGame(BadShow(), 2)
    with pytest.raises(ValueError, match="show\\(2\\) raised"):
        PlayGame(BadShow(), 4)                  # the cards 3 and 2: showing 2 fails
    g = PlayGame(BadShow(), 5, seed=0)          # 5 → 4, the computer → 3, whose cards show 2
    g.handle({"event": "pick", "index": 0})
    assert "show(2) raised ZeroDivisionError" in g.message and g.position == 5
    assert [c["text"] for c in g.cards] == ["0.5", "1.0"] and g.log == []
