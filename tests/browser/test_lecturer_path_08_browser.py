"""The lecturer's path through lesson 08-hackenbush-hotchpotch (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_08_fits_the_projector_step_by_step(lecture_lab):
    check(walk(lecture_lab, "08"))
