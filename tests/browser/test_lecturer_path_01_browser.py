"""The lecturer's path through lesson 01-binary-expansion (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_01_fits_the_projector_step_by_step(lecture_lab):
    check(walk(lecture_lab, "01"))
