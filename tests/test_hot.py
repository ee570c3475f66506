"""cgteach.hot: the lesson-09 helpers, checked against plain searches."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cgteach.games import game, parse, total
from cgteach.hot import best_move, hottest, hottest_moves, random_game, random_region, side_by_side
from cgteach.rulesets.domineering import Domineering


@cache
def _mover_wins(parts, left):
    return any(not _mover_wins(parts[:i] + (o,) + parts[i + 1:], not left)
               for i, p in enumerate(parts)
               for o in (p.left_options() if left else p.right_options()))


@pytest.mark.parametrize("day", [2, 3, 4])
def test_random_games_are_born_by_their_day_and_seeded(day):
    gs = [random_game(random.Random(s), day=day) for s in range(40)]
    assert all(g.birthday() <= day for g in gs)
    assert gs == [random_game(random.Random(s), day=day) for s in range(40)]
    assert len(set(gs)) > 5


def test_random_regions_are_joined_up_of_the_right_size_and_width():
    rng = random.Random(3)
    for _ in range(100):
        n = rng.randint(1, 12)
        r = random_region(rng, n, width=3)
        assert len(r.free_cells()) == n and len(r.regions()) == 1 and r.shape[1] <= 3


def test_hottest_picks_the_largest_temperatures():
    parts = [parse("{3|-1}"), parse("±2"), parse("*"), game([1], [0])]
    assert hottest(parts) == [0, 1]
    assert hottest([Domineering(["."]), Domineering([".."])]) == [0, 1]   # both cold, -1


def test_best_move_wins_exactly_when_the_search_says_the_mover_can():
    rng = random.Random(5)
    for _ in range(40):
        parts = tuple(random_region(rng, rng.randint(2, 5)) for _ in range(2))
        for left in (True, False):
            move = best_move(parts, left=left)
            assert (move is not None) == _mover_wins(parts, left)
            if move is not None:
                i, after = move
                rest = parts[:i] + (after,) + parts[i + 1:]
                assert not _mover_wins(rest, not left)


def test_hottest_moves_lie_in_a_hottest_component():
    parts = [Domineering([".."]), Domineering.rectangle(2, 3), Domineering.rectangle(2, 2)]
    moves = hottest_moves(parts)
    assert {i for i, _ in moves} == {1}
    assert len(moves) == len(parts[1].left_options())


def test_side_by_side_adds_the_values():
    boards = [Domineering.rectangle(2, 2), Domineering(["..", ".#", ".."]), Domineering(["..."])]
    whole = side_by_side(boards)
    assert whole.value() == total([b.value() for b in boards])
    assert len(whole.regions()) == 3


@pytest.mark.parametrize("call, error", [
    (lambda: random_game(None, day=5), ValueError),
    (lambda: random_game(None, day="3"), TypeError),
    (lambda: random_game("seed"), TypeError),
    (lambda: random_region(None, 0), ValueError),
    (lambda: random_region(None, 99), ValueError),
    (lambda: random_region(None, 2.5), TypeError),
    (lambda: hottest([]), ValueError),
    (lambda: hottest([object()]), TypeError),
    (lambda: side_by_side([]), ValueError),
])
def test_bad_input_is_a_clear_error(call, error):
    with pytest.raises(error):
        call()
