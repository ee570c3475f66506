"""Lesson 02-nim, presented and used with one Run All (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_02_run_all_present_every_step_save_and_reopen(lecture_lab):
    check(walk(lecture_lab, "02", shots={"Play against the computer": "02-nim-game.png"}))
