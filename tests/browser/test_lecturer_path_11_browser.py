"""Lesson 11-misere-play, presented and used with one Run All (see _lecturer_walk).

The first click on its misère Kayles game knocks down a pin, and the computer answers
from the misère quotient."""

from ._lecturer_walk import check, walk


def test_lesson_11_run_all_present_every_step_save_and_reopen(lecture_lab):
    check(walk(lecture_lab, "11", shots={"Play misère Kayles": "11-misere-game.png"}))
