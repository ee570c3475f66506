"""The lecturer's path through lesson 09-hot-games (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_09_fits_the_projector_step_by_step(lecture_lab):
    check(walk(lecture_lab, "09", shots={"Build your own board": "09-domineering-editor.png"}))
