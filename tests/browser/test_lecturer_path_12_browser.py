"""Lesson 12-your-own-game, presented and used with one Run All (see _lecturer_walk).

Its one live board is the PlayGame of Toppling Dominoes: the walk picks a move card
in the slideshow and the computer answers."""

from ._lecturer_walk import check, walk


def test_lesson_12_run_all_present_every_step_save_and_reopen(lecture_lab):
    check(walk(lecture_lab, "12", shots={"Play it": "12-playgame.png"}))
