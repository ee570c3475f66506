"""Lesson 05-green-hackenbush, presented and used with one Run All (see _lecturer_walk)."""

from ._lecturer_walk import check, walk


def test_lesson_05_run_all_present_every_step_save_and_reopen(lecture_lab):
    check(walk(lecture_lab, "05", shots={"Build your own": "05-hackenbush-editor.png",
                                        "draw_steps(steps, start=h)": "05-draw-steps.png",
                                        "Play it": "05-hackenbush-game.png"}))
