"""Board and coin games: maze, Chop, Chomp, Wythoff, staircase, Fibonacci Nim, Turning Turtles."""

import itertools
from math import floor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import grundy
from cgteach.impartial import _outcome_by_search, outcome
from cgteach.rulesets import (
    chomp,
    chop,
    fibonacci_nim,
    maze,
    staircase,
    turning_turtles,
    wythoff,
)

# ---------------------------------------------------------------- maze (source 003)

GRID_1 = [
    [0, 1, None, 0, 1],
    [None, 0, 1, 2, None],
    [0, 2, None, 1, 0],
    [None, 3, 0, 4, 1],
    [0, 4, 1, 3, 2],
]
GRID_2 = [
    [0, 1, 2, 3, None],
    [1, 0, None, 0, 1],
    [2, None, 0, 1, 2],
    [3, None, 1, 2, 0],
    [4, 0, 2, 5, 3],
]
GRID_3 = [
    [0, 1, 2, 3, 4],
    [1, None, None, None, 0],
    [2, None, None, None, 1],
    [3, None, None, None, 2],
    [4, 0, 1, 2, 3],
]


@pytest.mark.parametrize(
    "rows, grid", [(maze.MAZE_1, GRID_1), (maze.MAZE_2, GRID_2), (maze.MAZE_3, GRID_3)]
)
def test_maze_grids_of_the_chapter(rows, grid):
    assert maze.grundy_grid(rows) == grid


def test_maze_first_example_moves():
    # from the lower-right corner: four left or two up reach a 0
    assert maze.winning_moves(maze.MAZE_1, (4, 4)) == [(4, 0), (2, 4)]
    assert maze.options((4, 4), maze.MAZE_1) == [(4, 3), (4, 2), (4, 1), (4, 0), (3, 4), (2, 4)]


def test_sum_of_three_mazes():
    mazes = [maze.MAZE_1, maze.MAZE_2, maze.MAZE_3]
    corners = [(4, 4)] * 3
    values = [maze.grundy_grid(m)[4][4] for m in mazes]
    assert values == [2, 3, 3] and values[0] ^ values[1] ^ values[2] == 2
    moves = maze.winning_moves_in_sum(mazes, corners)
    assert (0, (2, 4)) in moves  # two steps up in the first maze
    for i, square in moves:
        new = list(corners)
        new[i] = square
        total = 0
        for m, (r, c) in zip(mazes, new, strict=True):
            total ^= maze.grundy_grid(m)[r][c]
        assert total == 0


@given(st.lists(st.text("..#", min_size=4, max_size=4), min_size=1, max_size=4))
def test_maze_grid_against_engine(rows):
    grid = maze.grundy_grid(rows)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                assert grid[r][c] == maze.grundy_by_search(rows, (r, c))
            else:
                assert grid[r][c] is None


@pytest.mark.parametrize(
    "rows, exc, match",
    [
        (["..", ".x"], ValueError, r"row 1, column 1 holds 'x'"),
        (["...", ".."], ValueError, "row 1 has 2 squares but row 0 has 3"),
        ([], ValueError, "no rows"),
        ([".", 3], TypeError, "row 1 must be a string"),
    ],
)
def test_maze_bad_rows(rows, exc, match):
    with pytest.raises(exc, match=match):
        maze.grundy_grid(rows)


def test_maze_bad_squares():
    with pytest.raises(ValueError, match="is a wall"):
        maze.options((0, 2), maze.MAZE_1)
    with pytest.raises(ValueError, match="outside"):
        maze.options((5, 0), maze.MAZE_1)
    with pytest.raises(ValueError, match="one square per maze"):
        maze.winning_moves_in_sum([maze.MAZE_1], [(4, 4), (4, 4)])
    with pytest.raises(TypeError, match="mazes must be a list"):
        maze.winning_moves_in_sum(None, [(4, 4)])
    with pytest.raises(TypeError, match="positions must be a list"):
        maze.winning_moves_in_sum([maze.MAZE_1], 4)


def test_maze_accepts_a_multiline_string():
    assert maze.parse("..#\n...\n") == ("..#", "...")


# ---------------------------------------------------------------- Chop (slides Ex. 3.14)


@pytest.mark.parametrize(
    "bar, value",
    [
        ((1, 1), 0),
        ((1, 2), 1),
        ((1, 3), 2),
        ((1, 4), 3),
        ((2, 1), 1),
        ((2, 2), 0),
        ((2, 3), 3),
        ((2, 4), 2),
    ],
)
def test_chop_examples_of_the_slides(bar, value):
    assert chop.grundy_value(bar) == value == chop.grundy_by_search(bar)


def test_chop_is_nim_on_two_heaps():
    for m, n in itertools.product(range(1, 9), repeat=2):
        assert chop.grundy_by_search((m, n)) == (m - 1) ^ (n - 1)


def test_chop_bad_bar():
    with pytest.raises(ValueError, match="at least one row"):
        chop.options((0, 3))


# ---------------------------------------------------------------- Chomp


def test_chomp_small_values():
    assert chomp.grundy_value((1,)) == 0
    assert chomp.grundy_value((2,)) == 1 and chomp.grundy_value((1, 1)) == 1
    assert chomp.grundy_value((2, 1)) == 0  # the L: either bite leaves one square


def test_chomp_rectangles_are_first_player_wins():
    for m, n in itertools.product(range(1, 5), repeat=2):
        if (m, n) != (1, 1):
            assert chomp.grundy_value(chomp.rectangle(m, n)) > 0


def test_chomp_two_rows_losing_positions():
    # a two-row position (a, b) is P exactly when a = b + 1
    for a in range(1, 8):
        for b in range(0, a + 1):
            rows = (a, b) if b else (a,)
            assert (chomp.grundy_value(rows) == 0) == (a == b + 1)


def test_chomp_against_search():
    for rows in [(3, 2, 1), (4, 4, 1), (3, 3, 3), (5, 1, 1, 1)]:
        assert (chomp.grundy_value(rows) == 0) == (_outcome_by_search(rows, chomp.options) == "P")
        for w in chomp.winning_moves(rows):
            assert _outcome_by_search(w, chomp.options) == "P"


def test_chomp_bad_positions():
    with pytest.raises(ValueError, match="longer than the row below"):
        chomp.options((1, 2))
    with pytest.raises(ValueError, match="poisoned square"):
        chomp.normalize(())
    with pytest.raises(ValueError, match="row 1 is empty"):
        chomp.normalize((2, 0, 1))


# ---------------------------------------------------------------- Wythoff


def test_wythoff_cold_positions_of_the_notes():
    assert wythoff.cold_positions(6) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]


def test_wythoff_cold_positions_match_brute_force():
    n = 40
    table = wythoff.grundy_table(n)
    zeros = {(a, b) for a in range(n) for b in range(n) if table[a][b] == 0 and a <= b}
    cold = {p for p in wythoff.cold_positions(40) if p[1] < n}
    assert zeros == cold
    assert all(wythoff.is_cold(a, b) == (table[a][b] == 0) for a in range(n) for b in range(n))


def test_wythoff_table_against_engine():
    table = wythoff.grundy_table(10)
    cache = {}
    assert all(
        table[a][b] == grundy((a, b), wythoff.options, cache=cache)
        for a in range(10)
        for b in range(10)
    )


def _is_floor_k_phi(a, k):
    """a == floor(k * phi) exactly: 2a - k <= k*sqrt(5) < 2a + 2 - k, squared."""
    return 2 * a - k >= 0 and (2 * a - k) ** 2 <= 5 * k * k < (2 * a + 2 - k) ** 2


def test_wythoff_exact_for_huge_k():
    from cgteach.rulesets.wythoff import _lower

    for k in [1, 2, 10**15 + 7, 10**20 + 3, 2**70 + 1, 10**40 + 1]:
        a = _lower(k)
        assert _is_floor_k_phi(a, k)
        assert wythoff.is_cold(a, a + k) and not wythoff.is_cold(a, a + k + 1)
    assert all(_is_floor_k_phi(a, k) for k, (a, _) in enumerate(wythoff.cold_positions(500)))
    # floats go wrong up there, which is why the module uses isqrt
    phi = (1 + 5**0.5) / 2
    assert any(floor(k * phi) != _lower(k) for k in range(10**16, 10**16 + 50))


# ---------------------------------------------------------------- staircase


@given(st.lists(st.integers(0, 3), min_size=1, max_size=4))
def test_staircase_value_is_nim_sum_of_odd_steps(stairs):
    assert staircase.grundy_value(tuple(stairs)) == staircase.grundy_by_search(tuple(stairs))


def test_staircase_bad():
    with pytest.raises(ValueError, match="non-negative"):
        staircase.options((1, -1))


# ---------------------------------------------------------------- Fibonacci Nim


def test_zeckendorf():
    assert fibonacci_nim.zeckendorf(10) == [8, 2]
    for n in range(1, 500):
        z = fibonacci_nim.zeckendorf(n)
        assert sum(z) == n
        fibs = [1, 2]
        while fibs[-1] < 1000:
            fibs.append(fibs[-1] + fibs[-2])
        idx = [fibs.index(t) for t in z]
        assert all(i - j >= 2 for i, j in zip(idx, idx[1:], strict=False))


def test_fibonacci_nim_against_search():
    for coins in range(0, 40):
        for quota in range(0, coins + 1):
            assert fibonacci_nim.is_losing(coins, quota) == fibonacci_nim.is_losing_by_search(
                coins, quota
            )
            move = fibonacci_nim.winning_move(coins, quota)
            if move is not None:
                left = coins - move
                assert fibonacci_nim.is_losing_by_search(left, min(2 * move, left))


def test_fibonacci_start_positions():
    # a Fibonacci number of coins is a loss for the first player
    losing = [n for n in range(2, 60) if fibonacci_nim.is_losing(*fibonacci_nim.start(n))]
    assert losing == [2, 3, 5, 8, 13, 21, 34, 55]


def test_fibonacci_example_of_the_notes():
    # 10 coins: take 2, leave 8; opponent takes 2 → 6 = 5 + 1: take 1 → 5;
    # opponent takes 1 → 4 = 3 + 1: take 1 → 3; then win on the next move
    assert fibonacci_nim.winning_move(*fibonacci_nim.start(10)) == 2
    assert fibonacci_nim.is_losing(8, 4)
    assert fibonacci_nim.winning_move(6, 4) == 1 and fibonacci_nim.is_losing(5, 2)
    assert fibonacci_nim.winning_move(4, 2) == 1 and fibonacci_nim.is_losing(3, 2)
    for take in (1, 2):
        assert fibonacci_nim.winning_move(3 - take, 2 * take) == 3 - take


def test_fibonacci_bad():
    with pytest.raises(ValueError, match="at least 2 coins"):
        fibonacci_nim.start(1)
    with pytest.raises(ValueError, match="non-negative"):
        fibonacci_nim.is_losing(-3, 1)
    for bad in (5, "52", (5, 2, 1), None):
        with pytest.raises(TypeError, match="a pair \\(coins, quota\\)"):
            fibonacci_nim.options(bad)


# ---------------------------------------------------------------- Turning Turtles


@given(st.text("HT", min_size=1, max_size=6))
def test_turtles_value_is_nim_sum_of_head_places(row):
    assert turning_turtles.grundy_value(row) == turning_turtles.grundy_by_search(row)
    assert (outcome(row, turning_turtles.options) == "P") == (
        _outcome_by_search(row, turning_turtles.options) == "P"
    )


def test_turtles_bad():
    with pytest.raises(ValueError, match="coin 2 of 'HXT' is 'X'"):
        turning_turtles.options("HXT")
