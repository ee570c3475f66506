"""Hostile input to cgteach.games: refused clearly and at once, never a hang.

Also: pickle, deepcopy and repr round trips for every value type of the
module (Game, its written form, Form, Step), big numbers and nimbers too.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import signal
from fractions import Fraction

import pytest

from cgteach import games
from cgteach.games import DOWN, STAR, UP, ZERO, form, game, nimber, number, parse, total


@pytest.fixture(autouse=True)
def _alarm():
    def ring(*_):
        raise AssertionError("the call did not finish in 60 s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize(
    "text, words",
    [
        ("1/0", "divides by zero"),
        ("-3/0", "divides by zero"),
        ("±" * 100_000 + "1", "at most 400 '±'"),
        ("{" + ",".join(["*"] * 3000) + "|}", "more than 1000 options"),
        ("{" + ",".join(["1"] * 1001) + "|0}", "more than 1000 options"),
        ("{|" + ",".join(["↑"] * 1001) + "}", "more than 1000 options"),
        ("↑" * 400, "at most 399 ups"),
        ("*" + "9" * 30, "nimbers beyond"),
    ],
    ids=["1/0", "-3/0", "pm-run", "3000-stars", "1001-numbers", "1001-ups", "400-ups", "*huge"],
)
def test_parse_refuses_clearly(text, words):
    with pytest.raises(ValueError, match=words):
        parse(text)


def test_long_runs_of_signs_do_not_recurse():
    assert parse("-" * 10_000 + "*") == STAR
    assert parse("-" * 10_001 + "↑") == DOWN
    assert parse("- " * 5_000 + "1") == 1
    assert parse("--1") == 1 and parse("- -1") == 1 and parse("---1") == -1
    assert parse("±±1") == game([parse("±1")], [parse("±1")])
    assert parse("±" * 200 + "0") is not None


def test_up_multiples_up_to_the_stated_limit():
    assert parse("↑" * 399).birthday() == 400
    assert parse("↑" * 100) == total([UP] * 100)
    assert parse("399·↑") == parse("↑" * 399)
    assert parse("↓" * 399) == -parse("↑" * 399)
    assert parse("↑" * 30 + "*") == total([UP] * 30 + [STAR])


def test_total_refuses_text_and_endless_iterables():
    with pytest.raises(TypeError, match="iterable of games"):
        total(b"*")
    with pytest.raises(TypeError, match="iterable of games"):
        total(bytearray(b"**"))
    with pytest.raises(ValueError, match="at most 100000 games"):
        total(itertools.count())
    assert total([1, 2, STAR, UP, 3]) == parse("6↑*")
    assert total(range(10)) == 45


def test_simplification_steps_has_a_stated_limit():
    with pytest.raises(ValueError, match="at most 100 options"):
        games.simplification_steps([nimber(k) for k in range(1000)], [])
    assert game([nimber(k) for k in range(1000)], []) is not None
    steps = games.simplification_steps([nimber(k) for k in range(20)], [])
    assert steps[-1].game == game([nimber(k) for k in range(20)], [])


def test_form_hash_agrees_with_equality():
    pairs = [([0], [1]), ([UP], [DOWN]), ([0, 0], [2]), ([], []), ([0, UP], [UP])]
    for left, right in pairs:
        f, g = form(left, right), game(left, right)
        assert f == g and hash(f) == hash(g)
        assert len({f, g, g.canonical() if hasattr(g, "canonical") else g}) == 1


def test_big_nimbers_add():
    assert nimber(65536) + nimber(65535) == nimber(131071)
    assert nimber(2**64) + nimber(2**64) == ZERO


VALUES = [
    ZERO, STAR, UP, DOWN, number(Fraction(3, 8)), nimber(7), parse("{1|*}"), parse("±1"),
    parse("{0,↑|↑}"), game([0, UP], [STAR]), UP + STAR + 2, number(10**5000),
    number(Fraction(1, 2**3000)), number(-(10**100)), nimber(2**40), parse("↑" * 50),
]


@pytest.mark.parametrize("g", VALUES, ids=range(len(VALUES)))
def test_games_pickle_deepcopy_and_repr(g):
    back = pickle.loads(pickle.dumps(g))
    assert back == g and hash(back) == hash(g)
    assert copy.deepcopy(g) == g and copy.copy(g) == g
    if g._core._bday < 60 and (g._core._num is None or abs(g._core._num) < 10**30):
        assert parse(repr(g)) == g  # the docstring: repr is text that parse() reads back


def test_written_games_keep_their_road_through_pickle():
    g = game([UP], [DOWN])
    back = pickle.loads(pickle.dumps(g))
    assert [s.rule for s in back.simplification_steps()] == [
        s.rule for s in g.simplification_steps()
    ]


def test_forms_and_steps_pickle_and_deepcopy():
    f = form([0, UP], [UP])
    for x in (f, form([], []), form("{1,0|*}")):
        assert pickle.loads(pickle.dumps(x)) == x
        assert copy.deepcopy(x) == x
        assert eval(repr(x), {"form": form}) == x  # repr is form('…')
    steps = f.simplification_steps()
    assert pickle.loads(pickle.dumps(steps)) == steps
    assert copy.deepcopy(steps) == steps
    assert [str(s) for s in pickle.loads(pickle.dumps(steps))] == [str(s) for s in steps]
