"""Lesson 09's exercises: the computed answer is accepted, each listed wrong one refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cgteach.exercises import check, get
from cgteach.games import parse
from cgteach.rulesets.domineering import Domineering

IDS = [f"09.{k}" for k in range(1, 6)]


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_computed_solution_is_right(exercise_id):
    verdict = check(exercise_id, get(exercise_id).solution())
    assert verdict, str(verdict)
    assert str(verdict).startswith("✓ Right.")


@pytest.mark.parametrize("exercise_id, answer",
                         [(e, w) for e in IDS for w in get(e).wrong], ids=str)
def test_each_listed_wrong_answer_is_refused_without_the_answer(exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict and str(verdict).startswith("✗ Not yet.")
    truth = get(exercise_id).solution()
    for giveaway in (f"is {truth}.", f"= {truth}", f"temperature {truth}", f"mean {truth}"):
        assert giveaway not in verdict.message


def test_known_answers():
    assert get("09.1").solution() == 4
    assert get("09.2").solution() == Fraction(13, 4)
    assert get("09.3").solution() == parse("{3|{2|-4}}")
    assert get("09.4").solution() == 2
    assert get("09.5").solution() in [(0, 1), (0, 4), (0, 5), (0, 6), (0, 7)]


def test_equal_answers_in_other_spellings_are_accepted():
    assert check("09.1", "4") and check("09.1", Fraction(4)) and check("09.1", parse("4"))
    assert check("09.2", "13/4")
    assert check("09.3", "{3 | {2 | -4}}")
    assert check("09.5", [0, 5])


def test_every_winning_move_is_accepted_and_every_losing_one_refuted():
    from cgteach.exercises.lesson09 import BOARD_5

    for cell in BOARD_5.left_moves():
        after = BOARD_5.play_left(cell)
        wins = all(after.play_right(c).value().outcome() in ("L", "N")
                   for c in after.right_moves())
        assert bool(check("09.5", cell)) == wins, cell


def test_the_boards_are_the_ones_the_lesson_describes():
    from cgteach.exercises.lesson09 import BOARD_4, BOARD_5

    shapes = [r.shape for r in BOARD_4.regions()]
    assert shapes == [(2, 4), (3, 3), (2, 3)]
    assert [r.shape for r in BOARD_5.regions()] == [(2, 3), (2, 4), (1, 2)]
    assert BOARD_4.regions()[2] == Domineering.rectangle(2, 3)


def test_strange_answers_are_wrong_not_errors():
    for exercise_id in IDS:
        for answer in (None, True, "??", [], {"a": 1}):
            assert not check(exercise_id, answer)
