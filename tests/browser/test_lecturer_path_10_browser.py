"""Lesson 10-all-small-games, presented and used with one Run All (see _lecturer_walk).

Lesson 10 also plays its Clobber game out against the computer inside the
slideshow, by clicks (issue 41)."""

from ._lecturer_walk import check, walk


def test_lesson_10_run_all_present_every_step_save_and_reopen(lecture_lab):
    check(walk(lecture_lab, "10", shots={"Play it": "10-clobber-game.png"}))
