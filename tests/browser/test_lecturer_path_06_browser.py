"""The lecturer's path through lesson 06-blue-red-hackenbush (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_06_fits_the_projector_step_by_step(lecture_lab):
    check(walk(lecture_lab, "06"))
