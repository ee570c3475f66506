"""One rule for reading answers, in every checker (issue #38's checker findings).

- An answer is read into a fresh value of an exact type and compared with the
  package's own comparison: a ``Game`` subclass whose ``==`` says yes, or
  whose ``number_value()`` / ``canonical()`` answers with such an object, is
  refused (09.1–09.3 as 08.2/08.5 already did).
- Slow inputs are refused at once, with the reason, in the lesson's words:
  huge exponents, huge numbers, long sums; never Python's own message.
- Whole numbers are ``int`` or numpy integers; numbers may also be
  ``Fraction``s, floats that hold them exactly (numpy floats too) or texts,
  with a typeset minus ``−`` read as ``-``.
- A hint never assumes more than the answer shows; indices say they count
  from 0; a step that remains is named by its kind, never by its result.
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import pytest

import cgteach.exercises
from cgteach import games
from cgteach.exercises import Refusal, check, exact_number, get, read_game

NUMBER_EXERCISES = ["09.1", "09.2", "06.1"]
GAME_EXERCISES = ["09.3", "08.2", "08.5"]


class YesGame(games.Game):
    """A game whose == says yes to everything, and whose answers are more of the same."""

    __slots__ = ()

    def __new__(cls):
        return object.__new__(cls)

    def __init__(self):
        pass

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__

    def is_number(self):
        return True

    def number_value(self):
        return YesGame()

    def canonical(self):
        return YesGame()

    def __str__(self):
        return "yes"


class YesForm(games.Form):
    """A form whose canonical form is a game that says yes to everything."""

    def __init__(self):
        pass

    def canonical(self):
        return YesGame()


def _timed(exercise_id, answer):
    start = time.monotonic()
    verdict = check(exercise_id, answer)
    return verdict, time.monotonic() - start


@pytest.mark.parametrize("exercise_id", NUMBER_EXERCISES + GAME_EXERCISES)
@pytest.mark.parametrize("make", [YesGame, YesForm], ids=["game", "form"])
def test_an_answer_object_that_says_yes_is_refused(exercise_id, make):
    verdict = check(exercise_id, make())
    assert not verdict, str(verdict)
    assert str(verdict).startswith("✗ Not yet.")
    truth = get(exercise_id).solution()
    assert f"= {truth}" not in verdict.message


@pytest.mark.parametrize("exercise_id", ["09.1", "09.2"])
@pytest.mark.parametrize("text", ["1e100000000", "1e10000000", "1E9", "-2.5e3"])
def test_exponents_are_refused_at_once_with_the_reason(exercise_id, text):
    verdict, took = _timed(exercise_id, text)
    assert not verdict and took < 1
    assert "no exponents" in verdict.message


@pytest.mark.parametrize("exercise_id", ["09.1", "09.2", "06.1"])
@pytest.mark.parametrize("answer", [10**5000, -(10**61), "7" * 5000, "1/" + "3" * 100,
                                    Fraction(1, 10**80), 1e300],
                         ids=["10**5000", "-10**61", "long text", "long fraction text",
                              "tiny Fraction", "1e300"])
def test_huge_numbers_are_refused_in_the_lessons_words(exercise_id, answer):
    verdict, took = _timed(exercise_id, answer)
    assert not verdict and took < 1
    message = verdict.message
    assert "digits" in message or "exactly" in message, message
    for python_words in ("4300", "integer string conversion", "sys.set_int_max_str_digits",
                         "Exceeds the limit"):
        assert python_words not in message


@pytest.mark.parametrize("exercise_id", ["09.3", "08.2", "08.5"])
def test_long_sums_are_refused_at_once(exercise_id):
    verdict, took = _timed(exercise_id, "+".join(["{3|{2|-4}}"] * 2000))
    assert not verdict and took < 1
    assert "characters" in verdict.message


def test_the_empty_text_gets_the_lessons_words():
    for exercise_id, what in (("09.1", "temperature"), ("09.2", "mean"), ("09.3", "game")):
        message = check(exercise_id, "").message
        assert what in message and "the empty text" in message, message
        assert "Error" not in message and "Traceback" not in message


def test_numpy_integers_and_exact_floats_are_numbers_everywhere():
    assert check("09.1", np.int64(4)) and check("09.1", np.int32(4)) and check("09.1", 4.0)
    assert check("09.2", 3.25) and check("09.2", np.float64(3.25)) and check("09.2", "3.25")
    assert check("06.1", 1.625) and check("06.1", np.float32(1.625))
    assert check("09.3", np.int64(2)) == check("09.3", 2)       # both read as the game 2
    assert exact_number(np.int16(-3)) == -3 and exact_number(np.float16(0.5)) == Fraction(1, 2)


@pytest.mark.parametrize("answer", [0.1, 1 / 3, float("nan"), float("inf")])
def test_floats_that_do_not_hold_a_number_exactly_are_refused(answer):
    with pytest.raises(Refusal):
        exact_number(answer)
    assert not check("09.2", answer)


@pytest.mark.parametrize("exercise_id", ["09.4", "02.2", "03.3", "08.4"])
def test_whole_number_answers_refuse_floats_even_when_exact(exercise_id):
    verdict = check(exercise_id, float(get(exercise_id).solution()))
    assert not verdict and "whole number" in verdict.message


def test_the_rule_is_documented_in_the_package():
    doc = cgteach.exercises.__doc__
    for words in ("whole number", "numpy integer", "holds the number", "−6", "MAX_DIGITS"):
        assert words in doc


def test_a_typeset_minus_is_read():
    assert check("09.3", "{3 | {2 | −4}}")
    assert check("09.1", "4") and not check("09.1", "−4")
    assert exact_number("−13/4") == Fraction(-13, 4)
    assert read_game("−6") == games.number(-6)
    assert check("08.2", "{0|0,*}") and check("08.2", "↓*")


@pytest.mark.parametrize("claim", ["*", "↑", "1*", "{1|0}"])
def test_the_09_3_hint_does_not_call_a_non_number_a_number(claim):
    message = check("09.3", claim).message
    assert "not a number yet" not in message
    assert "cool the inner switch" in message


@pytest.mark.parametrize("claim", ["2", "-6", "3/2"])
def test_the_09_3_hint_for_a_number(claim):
    assert "not a number yet" in check("09.3", claim).message


def test_09_4_and_09_5_say_they_count_from_0():
    for answer in (0, 1, 2, 5):
        assert "counting from 0" in check("09.4", answer).message
    assert "(the 3 × 3 region" in check("09.4", 1).message
    assert "count from 0" in check("09.5", (1, 0)).message
    assert "count from 0" in check("09.5", (0, 1, 2)).message
    assert "counting from 0" in get("09.4").summary and "counting from 0" in get("09.5").summary


def test_08_5_names_the_kind_of_step_left_never_its_result():
    after_dominated = check("08.5", "{0,↑|↑}").message
    assert "dominated" in after_dominated and "{↑|↑}" not in after_dominated
    after_reversible = check("08.5", "{↑|↑}").message
    assert "reversible" in after_reversible and "Left's" in after_reversible
    for leak in ("{0|↑}", "namely", "⇑*"):
        assert leak not in after_reversible
    assert check("08.5", "{0|↑}") and check("08.5", "⇑*")


def test_help_of_the_exercises_package_prints_no_right_answer():
    import importlib

    for name in ["cgteach.exercises"] + [f"cgteach.exercises.lesson{k:02}" for k in range(11)]:
        doc = importlib.import_module(name).__doc__ or ""
        assert not [line for line in doc.splitlines() if line.startswith("✓ Right.")], name
    assert "[(1, 7)]" not in cgteach.exercises.__doc__
