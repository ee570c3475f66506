"""Lesson 11's exercises: the computed answer is accepted, each listed wrong one refused with
its reason, hostile answers get a verdict quickly.

The right answers are checked here against a referee written afresh from the rules (a
search of the misère game tree over sorted heap tuples), not against the package.
"""

from __future__ import annotations

import time
from functools import cache
from itertools import combinations_with_replacement

import pytest

from cgteach.exercises import check, get
from cgteach.impartial import Sum
from cgteach.rulesets.octal import options

IDS = [f"11.{k}" for k in range(1, 7)]


# -- the referee ------------------------------------------------------------------------------

def moves(code, heaps):
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for o in options(h, code):
            parts = tuple(o) if isinstance(o, Sum) else (o,)
            yield tuple(sorted(rest + tuple(p for p in parts if p)))


@cache
def wins(code, heaps):
    after = set(moves(code, heaps))
    return not after or any(not wins(code, a) for a in after)


def outcome(code, heaps):
    return "N" if wins(code, tuple(sorted(h for h in heaps if h))) else "P"


@cache
def values(code, pos):
    """(normal, misère) Grundy values of ``pos = (heaps of code, Nim heaps)``."""
    heaps, nims = pos
    after = [(h, nims) for h in moves(code, heaps)]
    for i, n in enumerate(nims):
        for m in range(n):
            after.append((heaps, tuple(sorted(nims[:i] + (m,) + nims[i + 1:]))))
    vals = [values(code, a) for a in set(after)]

    def mex(s):
        s = set(s)
        return next(k for k in range(len(s) + 1) if k not in s)
    return mex(v for v, _ in vals), (mex(w for _, w in vals) if vals else 1)


def genus_by_search(code, heaps, k=6):
    heaps = tuple(sorted(h for h in heaps if h))
    return (values(code, (heaps, ()))[0],
            tuple(values(code, (heaps, (2,) * j))[1] for j in range(k)))


# -- the computed solutions, and the listed wrong answers -------------------------------------

@pytest.mark.parametrize("exercise_id", IDS)
def test_the_computed_solution_is_right(exercise_id):
    verdict = check(exercise_id, get(exercise_id).solution())
    assert verdict, str(verdict)
    assert str(verdict).startswith("✓ Right.")


@pytest.mark.parametrize("exercise_id, answer",
                         [(e, w) for e in IDS for w in get(e).wrong], ids=str)
def test_each_listed_wrong_answer_is_refused_with_a_reason(exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict and str(verdict).startswith("✗ Not yet.")
    assert len(verdict.message) > 20
    truth = str(get(exercise_id).solution())
    if len(truth) > 2:
        assert truth not in verdict.message


# -- the answers, checked against the referee --------------------------------------------------

def test_the_genus_of_a_kayles_heap_of_3_is_the_referees():
    from cgteach.exercises.lesson11 import HEAP_1, _extended, _read_genus

    normal, upper = genus_by_search("0.77", (HEAP_1,))
    got_normal, got_upper = _read_genus(get("11.1").solution())
    assert got_normal == normal and _extended(got_upper) == _extended(upper)
    # the same genus in other spellings
    text = get("11.1").solution()
    g, up = text.split("^")
    assert check("11.1", f"{g}^{{{','.join(up)}}}") and check("11.1", (int(g), tuple(map(int, up))))
    assert check("11.1", f"{g}^{up}{up[-2:]}")              # the alternating tail written out
    verdict = check("11.1", f"{g}^{up[0]}{(int(up[1]) + 1) % 10}")
    assert not verdict and "γ1" in verdict.message


def test_every_winning_move_of_11_2_is_accepted_and_every_other_refuted():
    from cgteach.exercises.lesson11 import ROW_2

    n = len(ROW_2)
    legal = [m for m in [(i,) for i in range(n)] + [(i, i + 1) for i in range(n - 1)]
             if all(ROW_2[i] == "I" for i in m)]
    accepted = 0
    for m in legal:
        after = "".join("." if i in m else ch for i, ch in enumerate(ROW_2))
        heaps = tuple(len(r) for r in after.split(".") if r)
        ok = outcome("0.77", heaps) == "P"
        answer = m[0] if len(m) == 1 else m
        verdict = check("11.2", answer)
        assert bool(verdict) == ok, (m, str(verdict))
        if not ok:
            assert "the other player knocks down" in verdict.message
        accepted += ok
    assert accepted >= 1 and accepted < len(legal)


def test_exactly_one_sum_of_11_3_is_p_and_the_nim_sums_do_not_tell():
    from cgteach.exercises.lesson11 import SUMS_3

    verdicts = {k: outcome("0.77", s) for k, s in SUMS_3.items()}
    assert sorted(verdicts.values()) == ["N", "P"]
    assert check("11.3", next(k for k, v in verdicts.items() if v == "P"))
    assert check("11.3", " a ".strip() if verdicts["A"] == "P" else "b")


def test_the_element_of_11_4_may_be_named_or_given_by_another_sum():
    from cgteach.exercises.lesson11 import _quotient_4

    q = _quotient_4()
    truth = q.element([2, 5, 6])
    others = [list(s) for k in range(4) for s in combinations_with_replacement(range(1, 7), k)
              if q.element(list(s)) == truth and sorted(s) != [2, 5, 6]]
    assert others
    for s in others[:5]:
        assert check("11.4", s), s
    # a sum with the same element also has the same outcome for every third sum (referee)
    for s in others[:3]:
        for x in [(), (1,), (2,), (3,), (1, 1), (2, 4)]:
            assert outcome("0.75", tuple(s) + x) == outcome("0.75", (2, 5, 6) + x)
    # the same element spelled as another word in the generators
    assert check("11.4", "b²c") and check("11.4", "a b^2") == check("11.4", truth)


def test_relations_of_11_5_hold_for_the_referee_and_false_ones_are_refuted():
    pairs = [([2, 2, 2], [2]), ([1, 1], []), ([1, 1, 2], [2]), ([2, 2, 2, 2], [2, 2])]
    xs = [(1,) * i + (2,) * j for i in range(4) for j in range(5)]
    for u, v in pairs:
        assert all(outcome("0.33", tuple(u) + x) == outcome("0.33", tuple(v) + x) for x in xs)
        assert check("11.5", (u, v)), (u, v)
    verdict = check("11.5", ([2, 2], [1]))
    assert not verdict and verdict.message.startswith("Add ")


def test_the_wild_position_of_11_6_has_a_genus_misere_nim_never_has():
    from cgteach.exercises.lesson11 import _tame_genus

    answer = get("11.6").solution()
    assert answer != "tame"
    heaps = tuple(answer[1])
    normal, upper = genus_by_search("0.77", heaps)
    assert not _tame_genus(normal, upper)
    # every heap below the first wild one is tame, by the referee
    first = min(heaps)
    for n in range(first):
        assert _tame_genus(*genus_by_search("0.77", (n,))), n
    assert not check("11.6", "tame")
    assert not check("11.6", ("wild", [1, 1]))


def test_tame_genera_are_those_of_misere_nim():
    from cgteach.exercises.lesson11 import _tame_genus

    nim = [s for k in range(4) for s in combinations_with_replacement(range(1, 6), k)]
    for s in nim:
        assert _tame_genus(*genus_by_search("0.33333", s)), s


# -- hostile answers ---------------------------------------------------------------------------

class Liar:
    def __eq__(self, other):
        return True

    def __iter__(self):
        raise RuntimeError("boom")

    def __str__(self):
        return "3^31"


@pytest.mark.parametrize("exercise_id", IDS)
@pytest.mark.parametrize("answer", [None, True, "", "??", [], {"a": 1}, 3.5, float("nan"),
                                    [[1, 2]], 10**100, "9" * 5000, Liar(), b"A", [10**9] * 3,
                                    ("wild", [10**12]), ([1] * 10**6, [1])],
                         ids=lambda a: f"{type(a).__name__}-{repr(a)[:20]}")
def test_hostile_answers_are_wrong_and_quick(exercise_id, answer):
    start = time.process_time()
    verdict = check(exercise_id, answer)
    assert not verdict
    assert time.process_time() - start < 1.0


def test_endless_iterators_are_not_read_to_the_end():
    import itertools

    for exercise_id in IDS:
        assert not check(exercise_id, itertools.count())
