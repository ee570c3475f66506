"""Every value type outside cgteach.games pickles, deep-copies and round-trips its repr.

Users pickle things (multiprocessing, caching, ``copy.deepcopy``): a value
that cannot be pickled is a bug.  Where the docstring promises a ``repr``
that reads back, ``eval(repr(x))`` must give an equal value.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach import nim
from cgteach.hackenbush import bluered, examples, green
from cgteach.hackenbush.position import Hackenbush
from cgteach.hackendot import Hackendot
from cgteach.impartial import Sum
from cgteach.nimbers import Nimber
from cgteach.rulesets import octal

NAMES = {"Hackenbush": Hackenbush, "Hackendot": Hackendot, "Sum": Sum, "Nimber": Nimber,
         "balancing_steps": nim.balancing_steps}


def _values():
    b = Hackenbush([(0, 1, "blue"), (1, 2, "red")])
    return {
        "house": examples.house(),
        "blue-red": b,
        "empty Hackenbush": Hackenbush([]),
        "named nodes": Hackenbush([("g", "a", "green"), ("a", "a", "red")], ground=("g",)),
        "two grounds": Hackenbush([(0, 2), (1, 2, "blue")], ground=(0, 1)),
        "random mixed": examples.lecture_drawing(20, 3, 5, colours=("green", "blue", "red")),
        "Hackendot figure 1": Hackendot.figure1(),
        "empty Hackendot": Hackendot([]),
        "Hackendot forest": Hackendot.random(30, 4, trees=3),
        "Sum": Sum([1, 2, 5]),
        "Nimber": Nimber(5),
        "big Nimber": Nimber(10**50),
        "Balancing": nim.balancing_steps([10, 12, 5]),
        "BinaryTable": nim.binary_table([3, 4, 5]),
        "Explanation": bluered.explain(b, 2),
        "green Steps": green.reduction_steps(examples.house()),
        "OctalCode": octal.parse_code("0.77"),
    }


VALUES = {k: v for k, v in _values().items() if v is not None}
REPR_ROUND_TRIP = ("house", "blue-red", "empty Hackenbush", "named nodes", "two grounds",
                   "random mixed", "Hackendot figure 1", "empty Hackendot", "Hackendot forest",
                   "Sum", "Nimber", "big Nimber", "Balancing")


@pytest.mark.parametrize("name", list(VALUES))
def test_pickle_and_copies(name):
    x = VALUES[name]
    back = pickle.loads(pickle.dumps(x))
    assert back == x
    assert copy.deepcopy(x) == x and copy.copy(x) == x
    try:
        h = hash(x)
    except TypeError:
        return  # not meant to be hashed (a list of steps)
    assert hash(back) == h


@pytest.mark.parametrize("name", REPR_ROUND_TRIP)
def test_repr_round_trips(name):
    x = VALUES[name]
    assert eval(repr(x), dict(NAMES)) == x


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 25), st.integers(0, 2**32))
def test_random_positions_pickle(n, seed):
    rng = random.Random(seed)
    h = examples.random_position(n, rng)
    mixed = Hackenbush([(u, v, rng.choice(["green", "blue", "red"])) for u, v, _ in h.edges],
                       ground=h.ground)
    for x in (h, mixed, Hackendot.random(n, seed)):
        back = pickle.loads(pickle.dumps(x))
        assert back == x and hash(back) == hash(x)
        assert copy.deepcopy(x) == x
    if n < 9:
        assert pickle.loads(pickle.dumps(mixed)).canonical() == mixed.canonical()


def test_positions_stay_immutable():
    h = examples.house()
    with pytest.raises(AttributeError):
        h._edges = ()
    with pytest.raises(AttributeError):
        del h._edges
