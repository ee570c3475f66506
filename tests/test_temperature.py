"""Temperature theory: stops, mean, temperature, cooling and thermographs.

Three independent checks: known values (Lessons in Play chapter 6, CGSuite's
conventions), the Rust oracle cgt-py and the pure-Python pycgt on random
games, and a brute-force twin that cools the game tree by the definition and
reads the stops.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import re
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.games import ZERO, game, number, parse
from cgteach.games.temperature import Thermograph, cool, mean, temperature, thermograph

cgt_py = pytest.importorskip("cgt_py")
pycgt_thermal = pytest.importorskip("pycgt.thermal")
pycgt_notation = pytest.importorskip("pycgt.notation")

# ---------------------------------------------------------------------------
# Games to test on: every game born by day 2, and random games born by day 3
# and day 4 built from them.

_D1 = [ZERO, game([0], [0]), game([0], []), game([], [0])]
_D2 = sorted(
    {game(list(a), list(b)) for k in range(3) for a in combinations(_D1, k)
     for j in range(3) for b in combinations(_D1, j)},
    key=str,
)


def _day3(rng, width=3):
    return game(rng.sample(_D2, rng.randint(0, width)), rng.sample(_D2, rng.randint(0, width)))


def _day4(rng):
    pool = [_day3(rng) for _ in range(6)]
    return game(rng.sample(pool, rng.randint(1, 3)), rng.sample(pool, rng.randint(1, 3)))


seeds = st.integers(min_value=0, max_value=10**9)


def test_there_are_22_games_born_by_day_2():
    assert len(_D2) == 22


# ---------------------------------------------------------------------------
# Known values.

KNOWN = [
    # text, temperature, mean
    ("{3|-1}", Fraction(2), Fraction(1)),
    ("±1", Fraction(1), Fraction(0)),
    ("{1|0}", Fraction(1, 2), Fraction(1, 2)),
    ("{4|{2|-6}}", Fraction(2), Fraction(2)),
    ("*", Fraction(0), Fraction(0)),
    ("↑", Fraction(0), Fraction(0)),
    ("↑*", Fraction(0), Fraction(0)),
    ("1*", Fraction(0), Fraction(1)),
    ("0", Fraction(-1), Fraction(0)),
    ("5", Fraction(-1), Fraction(5)),
    ("-3", Fraction(-1), Fraction(-3)),
    ("1/2", Fraction(-1, 2), Fraction(1, 2)),
    ("3/4", Fraction(-1, 4), Fraction(3, 4)),
    ("-5/8", Fraction(-1, 8), Fraction(-5, 8)),
    ("{2|{1|0}}", Fraction(3, 4), Fraction(5, 4)),
]


@pytest.mark.parametrize("text, tau, m", KNOWN)
def test_known_temperatures_and_means(text, tau, m):
    g = parse(text)
    assert temperature(g) == tau
    assert mean(g) == m
    th = thermograph(g)
    assert th.temperature == tau and th.mast == m
    assert th.left_wall(tau + 3) == th.right_wall(tau + 3) == m


def test_switch_cooled_step_by_step():
    g = parse("{3|-1}")
    assert [str(cool(g, t)) for t in (0, Fraction(1, 2), 1, Fraction(3, 2), 2, 3)] == [
        "{3|-1}", "{5/2|-1/2}", "{2|0}", "{3/2|1/2}", "1*", "1"]


def test_once_infinitely_close_to_a_number_it_is_that_number():
    # ±1 cooled by 1 is {0|0} = *, infinitely close to 0; from then on it is 0.
    g = parse("±1")
    assert cool(g, 1) == parse("*")
    assert cool(g, Fraction(9, 8)) == ZERO
    # ↑ is infinitesimal (temperature 0): cooled by anything positive it is 0.
    assert cool(parse("↑"), Fraction(1, 64)) == ZERO
    # numbers never change
    assert cool(number(Fraction(3, 4)), 5) == number(Fraction(3, 4))


def test_thermograph_walls_and_breakpoints():
    th = thermograph(parse("{3|-1}"))
    assert th.left_breakpoints == [(-1, 4), (2, 1)]
    assert th.right_breakpoints == [(-1, -2), (2, 1)]
    assert [th.left_wall(t) for t in (-1, 0, 1, 2, 5)] == [4, 3, 2, 1, 1]
    assert [th.right_wall(t) for t in (-1, 0, 1, 2, 5)] == [-2, -1, 0, 1, 1]
    assert repr(th) == (
        "Thermograph(temperature=2, mast=1, left=[(-1, 4), (2, 1)], right=[(-1, -2), (2, 1)])")


def test_walls_are_the_stops_of_the_cooled_game():
    rng = random.Random(7)
    for _ in range(40):
        g = _day3(rng)
        th = thermograph(g)
        for t in (0, Fraction(1, 4), Fraction(1, 2), 1, Fraction(3, 2), 2):
            c = cool(g, t)
            assert th.left_wall(t) == c.left_stop()
            assert th.right_wall(t) == c.right_stop()


def test_value_semantics():
    a, b = thermograph(parse("{3|-1}")), thermograph(parse("{3|-1}") + number(0))
    assert a == b and hash(a) == hash(b)
    assert a != thermograph(parse("±1"))
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.deepcopy(a) == a
    with pytest.raises(AttributeError):
        a.mast = 3
    with pytest.raises(TypeError):
        Thermograph()


# ---------------------------------------------------------------------------
# The oracles.


def _to_cgt(g) -> str:
    g = g._core
    if g.is_number():
        v = g.number_value()
        return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    return "{" + ",".join(map(_to_cgt, g.left)) + "|" + ",".join(map(_to_cgt, g.right)) + "}"


def _from_cgt(c):
    return game([_from_cgt(x) for x in c.left_options], [_from_cgt(x) for x in c.right_options])


def _dyadic(d) -> Fraction:
    return Fraction(re.fullmatch(r"DyadicRationalNumber\('(.*)'\)", repr(d)).group(1))


_TRAJ = re.compile(r"Trajectory\(([^,]+), \[([^\]]*)\], \[([^\]]*)\]\)")


def _cgt_walls(c):
    """cgt-py's two walls as (mast, breakpoints from the top down, slopes from the top)."""
    walls = []
    for mast, cuts, slopes in _TRAJ.findall(repr(c.thermograph)):
        walls.append((
            Fraction(mast),
            [Fraction(x) for x in cuts.split(", ") if x],
            [Fraction(x) for x in slopes.split(", ") if x],
        ))
    return walls


def _wall_at(mast, cuts, slopes, t):
    """Evaluate a cgt-py trajectory at ``t``: constant above the first cut, then by slopes."""
    x = mast
    upper = None
    for i, cut in enumerate(cuts):
        if t >= cut:
            return x if upper is None else x - slopes[i] * (upper - t)
        # go down from `upper` (or the mast) to this cut with slope slopes[i]
        if upper is not None:
            x = x - slopes[i] * (upper - cut)
        upper = cut
    if upper is None:
        return x
    return x - slopes[len(cuts)] * (upper - t)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seeds)
def test_agrees_with_cgt_py_on_random_games_born_by_day_3(seed):
    g = _day3(random.Random(seed))
    c = cgt_py.CanonicalForm(_to_cgt(g))
    assert _from_cgt(c) == g
    assert temperature(g) == _dyadic(c.temperature)
    for t in ("0", "1/4", "1/2", "1", "3/2", "2"):
        assert cool(g, Fraction(t)) == _from_cgt(c.cool(t))
    th = thermograph(g)
    (lm, lc, ls), (rm, rc, rs) = _cgt_walls(c)
    assert lm == rm == th.mast
    for t in (-1, Fraction(-1, 2), 0, Fraction(1, 4), Fraction(1, 2), 1, 2, 3):
        t = Fraction(t)
        assert th.left_wall(t) == _wall_at(lm, lc, ls, t), (g, t)
        assert th.right_wall(t) == _wall_at(rm, rc, rs, t), (g, t)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seeds)
def test_agrees_with_cgt_py_and_pycgt_on_random_games_born_by_day_4(seed):
    g = _day4(random.Random(seed))
    c = cgt_py.CanonicalForm(_to_cgt(g))
    assert temperature(g) == _dyadic(c.temperature)
    assert cool(g, 1) == _from_cgt(c.cool("1"))
    p = pycgt_notation.parse(_to_cgt(g))
    assert Fraction(pycgt_thermal.temperature(p)) == temperature(g)
    assert Fraction(pycgt_thermal.mean(p)) == mean(g)


@settings(max_examples=120, deadline=None, derandomize=True)
@given(seeds)
def test_walls_agree_with_cgt_py_at_every_breakpoint_and_between(seed):
    # The walls are computed as integers over a power of two: an exactness
    # slip would show at a knot or between two.  Two piecewise-linear
    # functions that agree at every knot of both, half-way between, and
    # beyond the last one are the same function.
    rng = random.Random(seed)
    g = _day4(rng) if seed % 3 else _day3(rng) + _day3(rng)
    c = cgt_py.CanonicalForm(_to_cgt(g))
    th = thermograph(g)
    walls = _cgt_walls(c)
    for side, (m, cuts, slopes) in zip(("left", "right"), walls, strict=True):
        ours = th.left_wall if side == "left" else th.right_wall
        knots = th.left_breakpoints if side == "left" else th.right_breakpoints
        ts = sorted({Fraction(-1), th.temperature, *(t for t, _ in knots),
                     *(t for t in cuts if t >= -1)})
        ts += [(a + b) / 2 for a, b in itertools.pairwise(ts)] + [ts[-1] + 1, ts[-1] + 5]
        for t in ts:
            assert ours(t) == _wall_at(m, cuts, slopes, t), (g, side, t)


def test_numbers_big_small_and_in_between():
    for j in range(0, 12):
        for m in range(-9, 10, 2 if j else 1):
            x = Fraction(m, 2**j)
            th = thermograph(x)
            assert th.mast == x and th.temperature == (-1 if j == 0 else Fraction(-1, 2**j))
            c = cgt_py.CanonicalForm(str(x))
            assert th.temperature == _dyadic(c.temperature)
    # an integer is a leaf, however large; a deep fraction is refused with the reason
    assert temperature(10**5000) == -1 and mean(-(10**5000)) == -(10**5000)
    with pytest.raises(ValueError, match=r"temperature\(g\): g is a number with denominator 2\^"):
        temperature(Fraction(1, 2**500))
    with pytest.raises(ValueError, match=r"mean\(g\): g is a game born after day 10\^9"):
        mean(game([10**30], [0]))


@pytest.mark.parametrize("fn", [thermograph, temperature, mean])
@pytest.mark.parametrize("bad, exc", [(None, TypeError), (1.5, TypeError), ([1], TypeError),
                                      (object(), TypeError), ("{1|", ValueError),
                                      (Fraction(1, 3), ValueError), (True, TypeError)])
def test_bad_games_are_refused_naming_the_argument(fn, bad, exc):
    with pytest.raises(exc, match=rf"^{fn.__name__}\(g\): "):
        fn(bad)


# ---------------------------------------------------------------------------
# The brute-force twin: cool the game tree by the definition, on a grid of
# dyadic temperatures, and read the stops.  "Infinitely close to a number"
# is tested as "left stop equals right stop" (a game is infinitesimal exactly
# when both its stops are 0).

_GRID = Fraction(1, 16)


@cache
def _brute_cool(g, t: Fraction):
    if g.is_number():
        return g
    k = Fraction(0)
    while k < t:
        h = _formula(g, k)
        if h.left_stop() == h.right_stop():
            return number(h.left_stop())
        k += _GRID
    return _formula(g, t)


def _formula(g, t):
    nt = number(t)
    return game([_brute_cool(x, t) - nt for x in g.left], [_brute_cool(x, t) + nt for x in g.right])


def _brute_temperature(g):
    if g.is_number():
        return temperature(g)  # the convention for numbers is a definition, not a search
    k = Fraction(0)
    while True:
        h = _brute_cool(g, k)
        if h.left_stop() == h.right_stop():
            return k
        k += _GRID


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seeds)
def test_agrees_with_cooling_by_the_definition(seed):
    g = _day3(random.Random(seed), width=2)
    assert temperature(g) == _brute_temperature(g)
    th = thermograph(g)
    for t in (0, Fraction(1, 8), Fraction(1, 2), Fraction(3, 4), 1, Fraction(5, 4), 2):
        t = Fraction(t)
        bc = _brute_cool(g, t)
        assert cool(g, t) == bc
        assert (th.left_wall(t), th.right_wall(t)) == (bc.left_stop(), bc.right_stop())


# ---------------------------------------------------------------------------
# Theorems, checked on random sums.


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seeds)
def test_mean_of_a_sum_is_the_sum_of_the_means_and_temperature_at_most_the_largest(seed):
    rng = random.Random(seed)
    g, h = _day3(rng), _day3(rng)
    assert mean(g + h) == mean(g) + mean(h)
    assert temperature(g + h) <= max(temperature(g), temperature(h))
    for t in (0, Fraction(1, 2), 1, 2):
        assert cool(g + h, t) == cool(g, t) + cool(h, t)


# ---------------------------------------------------------------------------
# Bad input.


@pytest.mark.parametrize(
    "t, exc, words",
    [
        (Fraction(-3, 2), ValueError, "t >= -1"),
        (Fraction(1, 3), ValueError, "dyadic"),
        (0.1, TypeError, "floats are not accepted"),
        (float("nan"), ValueError, "dyadic"),
        (float("inf"), ValueError, "dyadic"),
        ("abc", ValueError, "dyadic"),
        (True, TypeError, "dyadic"),
        (None, TypeError, "dyadic"),
        ([1], TypeError, "dyadic"),
    ],
)
def test_bad_temperatures(t, exc, words):
    with pytest.raises(exc, match=words):
        cool(parse("{3|-1}"), t)


@pytest.mark.parametrize("g, exc", [(None, TypeError), (True, TypeError), ([1], TypeError),
                                    ("{1|", ValueError), (Fraction(1, 3), ValueError)])
def test_bad_games(g, exc):
    with pytest.raises(exc):
        temperature(g)


def test_plain_numbers_and_texts_are_accepted():
    assert temperature(3) == -1 and mean("{3|-1}") == 1
    assert temperature(Fraction(1, 2)) == Fraction(-1, 2)


def test_the_picture_is_drawn_with_values_increasing_to_the_left():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    th = thermograph(parse("{3|-1}"))
    ax = th.draw()
    lo, hi = ax.get_xlim()
    assert lo > hi  # inverted: Left's side on the left
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["Left wall", "Right wall", "mast"]
    assert ax.get_title() == "{3|-1}: mean 1, temperature 2"
    plt.close("all")
    assert th._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------------------
# Below 0 (Siegel's convention, the strip every picture draws): the walls are
# the stops of the cooled game there too, so a student can check that part of
# a thermograph with ``cool`` (issue #38).

_BELOW = [Fraction(-1), Fraction(-3, 4), Fraction(-1, 2), Fraction(-1, 4), Fraction(-1, 8)]


def _stops_match_walls(g):
    th = thermograph(g)
    for t in _BELOW:
        c = cool(g, t)
        assert (c.left_stop(), c.right_stop()) == (th.left_wall(t), th.right_wall(t)), (g, t)


def test_cooling_below_zero_reads_the_walls_on_every_game_born_by_day_2():
    for g in _D2:
        _stops_match_walls(g)
    for x in (Fraction(1, 2), Fraction(-3, 4), Fraction(5, 8), 3, -2):
        _stops_match_walls(number(x))


@settings(max_examples=120, deadline=None, derandomize=True)
@given(seeds)
def test_cooling_below_zero_reads_the_walls_on_random_games(seed):
    rng = random.Random(seed)
    _stops_match_walls(_day4(rng) if seed % 2 else _day3(rng) + _day3(rng))


def test_cooling_below_zero_known_values():
    # an integer stays; 1/2 = {0|1} opens below its temperature -1/2; a switch is heated
    assert cool(3, -1) == 3 and cool(parse("1/2"), Fraction(-1, 4)) == parse("1/2")
    assert cool(parse("1/2"), -1) == parse("{1|0}")
    assert cool(parse("1/2"), Fraction(-1, 2)) == parse("1/2*")
    assert cool(parse("{3|-1}"), -1) == parse("{4|-2}")
    assert cool(parse("*"), Fraction(-1, 2)) == parse("{1/2|-1/2}")
