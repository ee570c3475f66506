"""Left from the earlier hostile battery: hangs, rng parameters, overflows."""

from __future__ import annotations

import random
import signal
import time

import pytest

from cgteach import impartial, nim
from cgteach._validate import as_rng
from cgteach.hackenbush import bluered, examples
from cgteach.hackenbush.position import Hackenbush
from cgteach.hackendot import Hackendot


@pytest.fixture(autouse=True)
def _alarm():
    def ring(*_):
        raise AssertionError("the call did not finish in 60 s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def test_grundy_of_sum_with_a_huge_option_list_is_refused_by_a_count():
    start = time.process_time()
    with pytest.raises(ValueError, match="moves to look at"):
        impartial.grundy_of_sum([10**100, 1], lambda n: range(n))
    assert time.process_time() - start < 30  # a count of moves, whatever the machine
    with pytest.raises(ValueError, match="moves to look at"):
        impartial.grundy(10**100, lambda n: range(n), max_positions=1000)
    # the same budget answers the same way twice: it is not a clock
    for _ in range(2):
        with pytest.raises(ValueError, match="more than 5000 moves"):
            impartial.grundy(150, lambda n: range(n), max_positions=1000)
    assert impartial.grundy(90, lambda n: range(n), max_positions=1000) == 90


def test_grundy_of_sum_refuses_text_and_takes_a_budget():
    with pytest.raises(TypeError, match="components"):
        impartial.grundy_of_sum("12", lambda n: range(n))
    assert impartial.grundy_of_sum([3, 5], lambda n: range(n), max_positions=10) == 6


# every rng / seed parameter of the package: (name, call taking the rng)
RNG_CALLS = [
    ("nim.best_move", lambda r: nim.best_move([2, 2], rng=r)),
    ("examples.lecture_drawing", lambda r: examples.lecture_drawing(12, 2, r)),
    ("examples.random_position", lambda r: examples.random_position(8, r)),
    ("Hackendot.random", lambda r: Hackendot.random(8, r)),
]


@pytest.mark.parametrize("name, call", RNG_CALLS, ids=[n for n, _ in RNG_CALLS])
def test_every_rng_takes_a_seed_or_a_random(name, call):
    assert call(5) == call(5) == call(random.Random(5))
    assert call(None) is not None
    assert call(random.SystemRandom()) is not None


def _show(value) -> str:
    """A test id: the value's repr, but no memory address (every xdist worker collects
    the same ids)."""
    return "object()" if type(value) is object else repr(value)


@pytest.mark.parametrize("bad", ["5", True, b"5", [5], object()], ids=_show)
@pytest.mark.parametrize("name, call", RNG_CALLS, ids=[n for n, _ in RNG_CALLS])
def test_every_rng_refuses_what_is_not_a_seed(name, call, bad):
    with pytest.raises(TypeError, match="a seed .*, a random.Random or None"):
        call(bad)


@pytest.mark.parametrize("name, call", RNG_CALLS, ids=[n for n, _ in RNG_CALLS])
def test_a_finite_float_is_a_seed_and_nan_is_not(name, call):
    # random.Random takes float seeds; lesson 07 draws one with rng.random()
    assert call(0.25) == call(0.25)
    with pytest.raises(ValueError, match="finite"):
        call(float("nan"))


def test_best_move_draws_a_random_legal_move_from_a_seed():
    seen = {nim.best_move([3, 3, 0], rng=s) for s in range(40)}
    assert seen <= set(nim.moves([3, 3, 0])) and len(seen) > 1
    assert nim.best_move([3, 3]) == (0, 2)  # no rng: the first largest heap


def test_as_rng():
    r = random.Random(1)
    assert as_rng(r) is r
    assert as_rng(None, none_means_random=False) is None
    assert isinstance(as_rng(None), random.Random)


@pytest.mark.parametrize("bad", ["yes", 1, None], ids=repr)
def test_misere_must_be_a_bool(bad):
    for call in (nim.best_move, nim.outcome, nim.hint):
        with pytest.raises(TypeError, match="misere must be True or False"):
            call([1, 2], misere=bad)


def test_explanation_lines_refuses_absurd_indents():
    e = bluered.explain(Hackenbush([(0, 1, "blue"), (1, 2, "red")]), 2)
    assert e.lines(0) == str(e).splitlines()
    assert e.lines(2)[0] == "    " + e.lines(0)[0]
    with pytest.raises(ValueError, match="indent must be at most 1000"):
        e.lines(10**100)
    with pytest.raises(ValueError, match="indent"):
        e.lines(-1)
    with pytest.raises(TypeError, match="indent"):
        e.lines(1.5)
