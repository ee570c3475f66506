"""The lecturer's path through lesson 05-green-hackenbush (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_05_fits_the_projector_step_by_step(lecture_lab):
    check(walk(lecture_lab, "05", shots={"Build your own": "05-hackenbush-editor.png",
                                        "draw_steps(steps, start=h)": "05-draw-steps.png"}))
