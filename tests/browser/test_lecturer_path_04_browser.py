"""Lesson 04-more-impartial-games, presented and used with one Run All (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_04_run_all_present_every_step_save_and_reopen(lecture_lab):
    check(walk(lecture_lab, "04"))
