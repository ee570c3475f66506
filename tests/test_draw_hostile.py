"""Hostile calls to the drawing functions (issue 25): a clear refusal, never a hang.

Each call must raise ``ValueError`` or ``TypeError`` at once (well under a
second, checked with a generous alarm) with a message that names the
argument and its limit.
"""

import math
import signal

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from cgteach.draw import hackenbush as dh  # noqa: E402
from cgteach.draw import nim as dn  # noqa: E402
from cgteach.draw import rulesets as dr  # noqa: E402


@pytest.fixture(autouse=True)
def _alarm():
    """Fail instead of hanging: 20 s is hundreds of times what a refusal takes."""
    def _timeout(signum, frame):
        raise TimeoutError("the call hung")

    old = signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
    plt.close("all")


def _house_steps():
    from cgteach.hackenbush.examples import house

    return house().reduction_steps()


MAZE = ("...", ".#.", "...")

CASES = [
    # draw_heaps: every stone is drawn, so the piles have a stated limit
    (lambda: dn.draw_heaps([10**100, 1], highlight=(0, 1)), ValueError,
     ["heap 1", str(dn.MAX_DRAWN_STONES)]),
    (lambda: dn.draw_heaps([10**100, 1]), ValueError, ["heap 1", str(dn.MAX_DRAWN_STONES)]),
    (lambda: dn.draw_heaps([1] * 10**6), ValueError, ["heaps", str(dn.MAX_DRAWN_PILES)]),
    (lambda: dn.draw_heaps([3, 4], highlight=(0, 10**100)), ValueError, []),
    # draw_steps: ncols a whole number from 1 to MAX_STEP_COLUMNS
    (lambda: dh.draw_steps(_house_steps(), ncols=math.inf), TypeError,
     ["ncols", str(dh.MAX_STEP_COLUMNS)]),
    (lambda: dh.draw_steps(_house_steps(), ncols=float("nan")), TypeError, ["ncols"]),
    (lambda: dh.draw_steps(_house_steps(), ncols=10**100), ValueError,
     ["ncols", str(dh.MAX_STEP_COLUMNS)]),
    (lambda: dh.draw_steps(_house_steps(), ncols=0), ValueError,
     ["ncols", str(dh.MAX_STEP_COLUMNS)]),
    (lambda: dh.draw_steps(_house_steps(), ncols=-3), ValueError, ["ncols"]),
    (lambda: dh.draw_steps(_house_steps(), ncols="3"), TypeError, ["ncols"]),
    (lambda: dh.draw_steps(_house_steps(), ncols=True), TypeError, ["ncols"]),
    # draw_maze: grid must be the maze's values, row by row
    (lambda: dr.draw_maze(MAZE, grid="345"), TypeError, ["grid"]),
    (lambda: dr.draw_maze(MAZE, grid=[[0, 1]]), ValueError, ["grid", "3 rows"]),
    (lambda: dr.draw_maze(MAZE, grid=["345", "345", "345"]), TypeError, ["grid row 0"]),
    (lambda: dr.draw_maze(MAZE, grid=[[0, 1], [0, 1], [0, 1]]), ValueError,
     ["grid row 0", "3 values"]),
    (lambda: dr.draw_maze(MAZE, grid=[[0, 1, 2]] * 2 + [[0, 1, 2.5]]), TypeError,
     ["grid[2][2]"]),
    (lambda: dr.draw_maze(MAZE, grid=[[0, 1, 2]] * 2 + [[0, 1, -1]]), TypeError,
     ["grid[2][2]"]),
    (lambda: dr.draw_maze(MAZE, grid=[[0, 1, 2]] * 2 + [[0, 1, 10**100]]), ValueError,
     ["grid[2][2]", "1000000"]),
    (lambda: dr.draw_maze(MAZE, grid=iter(int, 1)), ValueError, ["grid"]),
    (lambda: dr.draw_maze(MAZE, grid=5), TypeError, ["grid"]),
]


@pytest.mark.parametrize("call, error, words", CASES, ids=[f"case{k}" for k in range(len(CASES))])
def test_refused_clearly(call, error, words):
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    for word in words:
        assert word in message, f"{message!r} does not name {word!r}"


def test_good_grids_and_columns_still_draw():
    from cgteach.rulesets import maze

    ax = dr.draw_maze(MAZE, grid=maze.grundy_grid(MAZE))
    assert ax.texts
    assert len(dh.draw_steps(_house_steps(), ncols=dh.MAX_STEP_COLUMNS)) == len(_house_steps())
    ax = dn.draw_heaps([dn.MAX_DRAWN_STONES, 1], highlight=(0, 1))
    assert any(t.get_text() == f"take {dn.MAX_DRAWN_STONES - 1}" for t in ax.texts)
