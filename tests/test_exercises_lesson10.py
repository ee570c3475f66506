"""Lesson 10's exercises: the computed answer is accepted, each listed wrong one refused."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cgteach.exercises import check, get
from cgteach.games import parse
from cgteach.impartial import grundy
from cgteach.rulesets.clobber import Clobber, value_by_search

IDS = [f"10.{k}" for k in range(1, 8)]


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_computed_solution_is_right(exercise_id):
    verdict = check(exercise_id, get(exercise_id).solution())
    assert verdict, str(verdict)
    assert str(verdict).startswith("✓ Right.")


@pytest.mark.parametrize("exercise_id, answer",
                         [(e, w) for e in IDS for w in get(e).wrong], ids=str)
def test_each_listed_wrong_answer_is_refused_without_the_answer(exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict and str(verdict).startswith("✗ Not yet.")
    truth = get(exercise_id).solution()
    for giveaway in (f"is {truth}.", f"= {truth}", f"*{truth}:", f"weight {truth}"):
        assert giveaway not in verdict.message


def test_known_answers():
    assert get("10.1").solution() == parse("⇑*") == value_by_search("xxxo")
    assert get("10.3").solution() == Fraction(-5, 2)
    assert get("10.5").solution() == parse("{2|±1}")
    assert get("10.7").solution() == parse("{1|{0|-2}}")


def test_equal_answers_in_other_spellings_are_accepted():
    assert check("10.1", "{0|↑}") and check("10.1", parse("↑") + parse("↑") + parse("*"))
    assert check("10.3", "-5/2") and check("10.3", -2.5) and check("10.3", "{-3|-2}")
    assert check("10.5", "{2 | {1 | -1}}")
    assert check("10.7", "{1|{0|-2}}") and check("10.7", "{1|{0|-2}} + ↑")   # not the only one
    assert check("10.2", ["xx", "xo"]) and check("10.2", Clobber(["xx.", "xo."]))
    assert not check("10.2", Clobber(["xxx", "xoo", "xxx"]))    # 9 squares: refused


def test_the_cram_value_agrees_with_both_engines_and_the_rules_written_out():
    from cgteach.exercises.lesson10 import CRAM_6
    from cgteach.games import game
    from cgteach.rulesets.cram import Cram

    cells = frozenset((r, c) for r, row in enumerate(CRAM_6) for c, ch in enumerate(row)
                      if ch == ".")

    def options(cs):        # the rules, read afresh: a domino on two free neighbours
        return [cs - {(r, c), o} for r, c in cs for o in ((r + 1, c), (r, c + 1)) if o in cs]

    memo = {}

    def partizan(cs):       # Cram as a partizan game whose players have the same moves
        if cs not in memo:
            opts = [partizan(o) for o in options(cs)]
            memo[cs] = game(opts, opts)
        return memo[cs]

    n = get("10.6").solution()
    assert grundy(cells, options) == n == partizan(cells).nimber_value()
    assert Cram(CRAM_6).value() == partizan(cells)
    assert check("10.6", n) and not check("10.6", n + 1)


def test_every_winning_move_is_accepted_and_every_losing_one_refuted():
    from cgteach.exercises.lesson10 import BOARD_4

    for move in BOARD_4.left_moves():
        after = BOARD_4.play(move)
        wins = all(after.play(m).value().outcome() in ("L", "N") for m in after.right_moves())
        assert bool(check("10.4", move)) == wins, move
    assert sum(bool(check("10.4", m)) for m in BOARD_4.left_moves()) == 1


def test_a_board_with_weight_below_two_is_refuted_by_its_weight():
    verdict = check("10.2", "xxo")
    assert "atomic weight is 1" in verdict.message


def test_strange_answers_are_wrong_not_errors():
    for exercise_id in IDS:
        for answer in (None, True, "??", [], {"a": 1}, 3.5, float("nan"), [[1, 2]]):
            assert not check(exercise_id, answer)
