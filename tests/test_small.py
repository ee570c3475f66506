"""cgteach.small (lesson 10's helpers) and cgteach.draw.gametree."""

from __future__ import annotations

from itertools import combinations

import pytest

from cgteach.games import ZERO, game, parse
from cgteach.small import (
    all_small_games,
    clobber_boards,
    random_all_small,
    weight_steps,
)


def _all_small_by_every_subset(day):
    """The twin: every nonempty set of earlier games a side, no pruning of dominated ones."""
    if day == 0:
        return {ZERO}
    earlier = sorted(_all_small_by_every_subset(day - 1), key=str)
    subsets = [list(c) for k in range(1, len(earlier) + 1) for c in combinations(earlier, k)]
    return {ZERO} | {game(a, b) for a in subsets for b in subsets}


@pytest.mark.parametrize("day", [0, 1, 2, 3])
def test_all_small_games_match_the_definition_with_every_subset(day):
    found = all_small_games(day)
    assert len(set(found)) == len(found)
    assert set(found) == _all_small_by_every_subset(day)
    assert all(g.is_all_small() and g.birthday() <= day for g in found)


def test_random_all_small_games_are_all_small_and_seeded():
    games = [random_all_small(k, day=4) for k in range(30)]
    assert all(g.is_all_small() and g.birthday() <= 4 for g in games)
    assert random_all_small(7, day=3) == random_all_small(7, day=3)
    with pytest.raises(ValueError, match="day must be 3 or 4"):
        random_all_small(1, day=5)
    with pytest.raises(TypeError, match="rng"):
        random_all_small("seed")


def test_clobber_boards_lists_every_board_once():
    boards = clobber_boards(4)
    # 1 row: 3 + 9 + 27 + 81; 2 rows: 2x1 (9) and 2x2 (81)
    assert len(boards) == 3 + 9 + 27 + 81 + 9 + 81 == len(set(boards))
    with pytest.raises(ValueError, match="squares must be 1 to 8"):
        clobber_boards(9)
    with pytest.raises(TypeError):
        clobber_boards(True)


@pytest.mark.parametrize("text", ["↑", "{⇑|↓}", "{4·↑|↑}", "{0|3·↓}", "{⇑*|⇓*}", "*3"])
def test_weight_steps_end_with_the_package_weight_and_follow_the_calculus(text):
    g = parse(text)
    steps = weight_steps(g)
    assert steps[-1].game == g and steps[-1].weight == g.atomic_weight()
    for s in steps:
        if s.lefts:
            assert s.calculus == game([w - 2 for w in s.lefts], [w + 2 for w in s.rights])
            if not s.eccentric:
                assert s.weight == s.calculus
    assert str(steps[0]) == "aw(0) = 0"


def test_weight_steps_refuse_a_game_that_is_not_all_small():
    with pytest.raises(ValueError, match="not all-small"):
        weight_steps("{1|0}")


def test_the_game_tree_picture(monkeypatch):
    from cgteach.draw import gametree
    from cgteach.draw.gametree import draw_game_tree

    ax = draw_game_tree("{⇑|↓}")
    assert sorted(t.get_text() for t in ax.texts)[:3] == ["*", "*", "0"]
    assert len(ax.lines) == len(ax.texts) - 1          # one edge a node but the root
    with pytest.raises(TypeError, match="draws a game"):
        draw_game_tree(3)
    big = parse("{{⇑*|*,↑}|{↓|⇓*}}")      # 30 nodes, counted as drawn
    draw_game_tree(big)
    monkeypatch.setattr(gametree, "MAX_TREE_NODES", 29)
    with pytest.raises(ValueError, match="more than 29 nodes"):
        draw_game_tree(big)
