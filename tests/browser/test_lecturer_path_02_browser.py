"""The lecturer's path through lesson 02-nim (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_02_fits_the_projector_step_by_step(lecture_lab):
    check(walk(lecture_lab, "02", shots={"Play against the computer": "02-nim-game.png"}))
