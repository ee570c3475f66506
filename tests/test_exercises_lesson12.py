"""Lesson 12's exercises: any correct definition is accepted; wrong and hostile ones get reasons."""

from __future__ import annotations

import time

import pytest

from cgteach.exercises import check, get
from cgteach.exercises import lesson12 as L
from cgteach.games import game
from cgteach.rules import ImpartialRules, PartizanRules

IDS = [f"12.{k}" for k in range(1, 6)]


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_computed_solution_is_right(exercise_id):
    verdict = check(exercise_id, get(exercise_id).solution())
    assert verdict, str(verdict)
    assert str(verdict).startswith("✓ Right.")


@pytest.mark.parametrize("exercise_id, answer",
                         [(e, w) for e in IDS for w in get(e).wrong],
                         ids=lambda x: x if isinstance(x, str) else type(x).__name__)
def test_each_listed_wrong_answer_is_refused(exercise_id, answer):
    verdict = check(exercise_id, answer)
    assert not verdict and str(verdict).startswith("✗ Not yet.")


# -- right answers written differently are right ---------------------------------------------

class EatcakeAsFrozensets(PartizanRules):
    """Eatcake with positions kept as (start) tuples, then Counter-like frozensets, and
    with ``split`` and ``key``: another representation, equally right."""

    def _eat(self, position, column):
        pieces = list(position) if isinstance(position, tuple) else [
            p for p, n in position for _ in range(n)]
        out = []
        for i, (h, w) in enumerate(pieces):
            rest = pieces[:i] + pieces[i + 1:]
            size = w if column else h
            for c in range(size):
                new = [(h, c), (h, size - 1 - c)] if column else [(c, w), (size - 1 - c, w)]
                kept = [p for p in rest + new if min(p) > 0]
                out.append(frozenset((p, kept.count(p)) for p in set(kept)))
        return out

    def left(self, position):
        return self._eat(position, True)

    def right(self, position):
        return self._eat(position, False)


def test_another_representation_is_accepted():
    assert check("12.1", EatcakeAsFrozensets())
    assert check("12.1", EatcakeAsFrozensets)            # the class: instantiated for you


def test_a_generator_of_options_is_accepted():
    class Lasker(ImpartialRules):
        def options(self, heaps):
            for i, n in enumerate(heaps):
                rest = heaps[:i] + heaps[i + 1:]
                for m in range(n):
                    yield rest + ((m,) if m else ())
                for a in range(1, n // 2 + 1):
                    yield rest + (a, n - a)

    assert check("12.3", Lasker())


def test_eatcake_values_are_checked_against_a_hand_count():
    # the 1 x 1 cake: each player eats it: * ; the 1 x 2 strip: Left eats one column and
    # leaves 1 x 1 (*), Right eats the row: {* | 0} = ↓... by the rules' own search
    one, strip = list(L._values([((1, 1),), ((1, 2),)], lambda p: L._eat(p, True),
                                lambda p: L._eat(p, False)))
    star = game([0], [0])
    assert one == star and strip == game([star], [0])
    # Lasker's Nim: Grundy values 1, 2, 4, 3, 5, 6, 8, 7 (the period-4 pattern)
    heaps = list(L._values([(n,) for n in range(1, 9)], L._lasker, L._lasker))
    assert [h.nimber_value() for h in heaps] == [1, 2, 4, 3, 5, 6, 8, 7]
    # Toppling Dominoes: one domino of your own is 1, LR is ±1, LRL is {1 | ... }
    rows = list(L._values(["L", "R", "LR"], lambda p: L._topple(p, "L"),
                          lambda p: L._topple(p, "R")))
    assert rows[0] == game([0], []) and rows[1] == game([], [0])
    assert rows[2] == game([0, game([], [0])], [0, game([0], [])])


# -- wrong answers: the reason names the smallest board -----------------------------------

def test_a_wrong_definition_is_refuted_on_the_smallest_board_where_it_differs():
    class Cutcake(PartizanRules):
        def left(self, p):
            (h, w), = p if len(p) == 1 else ((0, 0),)
            return [((h, a), (h, w - a)) for a in range(1, w)] if len(p) == 1 else []

        def right(self, p):
            return []

    verdict = check("12.1", Cutcake())
    assert not verdict and "from the 1 × 1 cake" in verdict.message
    assert "Left has 0 different moves there in your rules (1 in ours)" in verdict.message


def test_the_wrong_kind_of_rules_is_refused():
    class Lasker(ImpartialRules):
        def options(self, p):
            return []

    verdict = check("12.1", Lasker())
    assert not verdict and "That game is impartial" in verdict.message
    verdict = check("12.3", L._eatcake_solution())
    assert not verdict and "That game is partizan" in verdict.message
    assert "not the class int" in check("12.1", int).message


# -- hostile answers: a verdict, never an exception, within the time limit --------------------

def rules_with(impartial=False, **methods):
    base = ImpartialRules if impartial else PartizanRules
    return type("Hostile", (base,), methods)()


@pytest.mark.parametrize("methods, said", [
    ({"left": lambda s, p: None, "right": lambda s, p: []}, "returned None"),
    ({"left": lambda s, p: 5, "right": lambda s, p: []}, "should return a list of positions"),
    ({"left": lambda s, p: "ab", "right": lambda s, p: []}, "should return a list of positions"),
    ({"left": lambda s, p: [[1, 2]], "right": lambda s, p: []}, "must be hashable"),
    ({"left": lambda s, p: 1 / 0, "right": lambda s, p: []}, "raised ZeroDivisionError"),
    ({"left": lambda s, p: [p], "right": lambda s, p: []}, "can be reached from itself"),
    ({"left": lambda s, p: range(10 ** 9), "right": lambda s, p: []}, "more than 200 moves"),
    ({"left": lambda s, p: [(p, 0), (p, 1)], "right": lambda s, p: []}, "more than 1,000 moves"),
    ({"left": lambda s, p: [p + (k,) for k in range(30)] if len(p) < 6 else [],
      "right": lambda s, p: []}, "more than 20,000 positions"),
])
def test_hostile_rules_get_a_reason(methods, said):
    verdict = check("12.1", rules_with(**methods))
    assert not verdict and said in verdict.message, verdict.message


def test_an_endless_method_is_stopped_by_the_time_limit():
    def forever(self, p):
        while True:
            pass

    t = time.monotonic()
    verdict = check("12.1", rules_with(left=forever, right=lambda s, p: []), time_limit=0.3)
    assert not verdict and "took more than" in verdict.message
    assert time.monotonic() - t < 10


def test_an_endless_generator_is_read_with_a_bound():
    def endless(self, p):
        n = 0
        while True:
            n += 1
            yield (n,)

    verdict = check("12.3", rules_with(impartial=True, options=endless))
    assert not verdict and "more than 200 moves" in verdict.message


def test_positions_with_a_hostile_hash_or_eq_give_a_verdict():
    class Bad:
        def __hash__(self):
            raise RuntimeError("no hash for you")

    class Liar(tuple):
        def __eq__(self, other):
            return True

        __hash__ = tuple.__hash__

    verdict = check("12.1", rules_with(left=lambda s, p: [Bad()], right=lambda s, p: []))
    assert not verdict
    verdict = check("12.1", rules_with(left=lambda s, p: [Liar(())], right=lambda s, p: []))
    assert not verdict


def test_an_init_that_raises_is_reported():
    class Broken(PartizanRules):
        def __init__(self):
            raise KeyError("oops")

    verdict = check("12.1", Broken)
    assert not verdict and "Broken() raised KeyError" in verdict.message
