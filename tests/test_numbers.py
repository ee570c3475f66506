"""Dyadic numbers: simplest_between, birthdays, sign expansions, stalks."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach.numbers import (
    as_dyadic,
    birthday,
    dyadics_born_by,
    from_sign_expansion,
    is_dyadic,
    sign_expansion,
    simplest_between,
    stalk_for,
    stalk_value,
)

dyadics = st.builds(
    lambda m, k: F(m, 2**k), st.integers(-200, 200), st.integers(0, 8)
)
rationals = st.builds(F, st.integers(-60, 60), st.integers(1, 40))
signs = st.text(alphabet="+-", max_size=14)


@pytest.mark.parametrize(
    "lo, hi, expected",
    [
        (0, 1, F(1, 2)),
        (None, None, 0),
        (F(1, 2), 1, F(3, 4)),
        (-1, None, 0),
        (1, None, 2),
        (None, F(-3, 2), -2),
        (None, 0, -1),
        (0, None, 1),
        (-5, 5, 0),
        (F(-1, 2), F(1, 4), 0),
        (2, 5, 3),
        (F(5, 2), 3, F(11, 4)),
        (F(7, 2), F(9, 2), 4),
        (F(1, 3), F(1, 2), F(3, 8)),
        (F(1, 8), F(1, 4), F(3, 16)),
        (-3, -1, -2),
        (F(-3, 4), F(-1, 2), F(-5, 8)),
        (0, "1/1024", F(1, 2048)),
        (1.5, 2.0, F(7, 4)),
    ],
)
def test_simplest_between_table(lo, hi, expected):
    assert simplest_between(lo, hi) == expected
    assert isinstance(simplest_between(lo, hi), F)


@pytest.mark.parametrize(
    "x, day",
    [
        (0, 0), (1, 1), (-1, 1), (2, 2), (-3, 3), (F(1, 2), 2), (F(-1, 2), 2),
        (F(1, 4), 3), (F(3, 4), 3), (F(3, 2), 3), (F(5, 2), 4), (F(7, 8), 4),
        (F(13, 8), 5), (F(-11, 4), 5), (10, 10), ("3/16", 5), (0.75, 3),
    ],
)
def test_birthday_table(x, day):
    assert birthday(x) == day


@pytest.mark.parametrize(
    "x, signs_",
    [
        (0, ""), (1, "+"), (3, "+++"), (-2, "--"), (F(1, 2), "+-"),
        (F(-1, 2), "-+"), (F(3, 4), "+-+"), (F(1, 4), "+--"), (F(3, 2), "++-"),
        (F(5, 8), "+-+-"), (F(-5, 2), "---+"), (F(11, 8), "++--+"),
    ],
)
def test_sign_expansion_table(x, signs_):
    assert sign_expansion(x) == signs_
    assert from_sign_expansion(signs_) == x


def test_dyadics_born_by_day_3():
    expected = [
        -3, -2, F(-3, 2), -1, F(-3, 4), F(-1, 2), F(-1, 4), 0,
        F(1, 4), F(1, 2), F(3, 4), 1, F(3, 2), 2, 3,
    ]
    assert dyadics_born_by(3) == expected
    assert dyadics_born_by(0) == [0]


def test_born_by_agrees_with_birthday():
    for day in range(7):
        born = dyadics_born_by(day)
        assert len(born) == 2 ** (day + 1) - 1
        assert born == sorted(born)
        assert all(birthday(x) <= day for x in born)
        assert sum(birthday(x) == day for x in born) == 2**day


@given(dyadics)
def test_sign_expansion_round_trip(x):
    s = sign_expansion(x)
    assert len(s) == birthday(x)
    assert from_sign_expansion(s) == x
    assert stalk_value(stalk_for(x)) == x
    assert stalk_for(-x) == ["red" if c == "blue" else "blue" for c in stalk_for(x)]


@given(signs)
def test_every_sign_string_is_an_expansion(s):
    assert sign_expansion(from_sign_expansion(s)) == s


@given(dyadics)
def test_birthday_tree_parent(x):
    # Dropping the last sign gives the parent in the birthday tree: the
    # simplest number between x's neighbours born earlier.
    s = sign_expansion(x)
    if s:
        earlier = dyadics_born_by(birthday(x) - 1) if birthday(x) <= 9 else None
        if earlier is not None:
            below = max((y for y in earlier if y < x), default=None)
            above = min((y for y in earlier if y > x), default=None)
            assert simplest_between(below, above) == x


def _simplest_by_brute_force(lo, hi):
    """Walk down the birthday tree from 0 until a number fits."""
    x, below, above = F(0), None, None  # x and its nearest elders on each side
    while True:
        if lo is not None and x <= lo:
            below = x
            x = x + 1 if above is None else (x + above) / 2
        elif hi is not None and x >= hi:
            above = x
            x = x - 1 if below is None else (x + below) / 2
        else:
            return x


@given(st.one_of(st.none(), rationals), st.one_of(st.none(), rationals))
def test_simplest_between_matches_brute_force(lo, hi):
    if lo is not None and hi is not None and lo >= hi:
        with pytest.raises(ValueError, match="strictly between"):
            simplest_between(lo, hi)
        return
    x = simplest_between(lo, hi)
    assert (lo is None or lo < x) and (hi is None or x < hi)
    assert x == _simplest_by_brute_force(lo, hi)


@given(dyadics, dyadics)
def test_simplest_between_is_simplest(a, b):
    if a == b:
        return
    lo, hi = min(a, b), max(a, b)
    x = simplest_between(lo, hi)
    assert lo < x < hi
    assert is_dyadic(x)
    # nothing born earlier fits
    if 0 < birthday(x) <= 9:
        assert not [y for y in dyadics_born_by(birthday(x) - 1) if lo < y < hi]


def test_is_dyadic():
    assert is_dyadic(5) and is_dyadic(F(-7, 16)) and is_dyadic("3/4")
    assert not is_dyadic(F(1, 3)) and not is_dyadic(F(3, 10))


def test_errors():
    message = "1/3 is not dyadic: its denominator is not a power of two"
    with pytest.raises(ValueError, match=message):
        birthday(F(1, 3))
    with pytest.raises(ValueError, match="not dyadic"):
        sign_expansion(F(2, 6))
    with pytest.raises(ValueError, match="not dyadic"):
        stalk_for("1/10")
    with pytest.raises(ValueError, match="no number strictly between 1/2 and 1/2"):
        simplest_between(F(1, 2), F(1, 2))
    with pytest.raises(ValueError, match="strictly between 2 and 1"):
        simplest_between(2, 1)
    with pytest.raises(ValueError, match="may only contain"):
        from_sign_expansion("+x-")
    with pytest.raises(TypeError, match="number such as"):
        birthday(True)
    with pytest.raises(TypeError, match="colours must be a list"):
        stalk_value(3)
    with pytest.raises(TypeError, match="colours must be a list"):
        stalk_value(None)
    with pytest.raises(TypeError, match="number such as"):
        simplest_between([1], 2)
    with pytest.raises(ValueError, match="finite"):
        birthday(float("inf"))
    with pytest.raises(ValueError, match="number such as"):
        as_dyadic("three")
    with pytest.raises(ValueError, match="uses only 'blue' and 'red'"):
        stalk_value(["blue", "green"])
    with pytest.raises(TypeError, match="not a single string"):
        stalk_value("blue")
    with pytest.raises(ValueError, match="day must be a non-negative integer"):
        dyadics_born_by(-1)


def test_stalk_examples():
    assert stalk_value(["blue", "red"]) == F(1, 2)
    assert stalk_value(["blue", "red", "red"]) == F(1, 4)
    assert stalk_value(["red", "blue", "blue"]) == F(-1, 4)
    assert stalk_value(["blue"] * 4) == 4
    assert stalk_for(F(3, 8)) == ["blue", "red", "red", "blue"]


def test_long_stalk_is_exact():
    colours = ["blue"] + ["red"] * 3000
    assert stalk_value(colours) == F(1, 2**3000)
    assert sign_expansion(F(1, 2**3000)) == "+" + "-" * 3000


# -- pictures ---------------------------------------------------------------------------


def test_draw_birthday_tree():
    import matplotlib.pyplot as plt

    from cgteach.draw.numbers import draw_birthday_tree, fraction_label

    ax = draw_birthday_tree(3, highlight=F(3, 4))
    labels = [t.get_text() for t in ax.texts]
    assert fraction_label(F(3, 4)) in labels and "$-3$" in labels
    assert sum(t.get_text().startswith("$") for t in ax.texts) == 15  # numbers born by day 3
    assert "+-+" in ax.get_title().replace("\u2212", "-")
    with pytest.raises(ValueError, match="born on day 4, after the last day drawn"):
        draw_birthday_tree(3, highlight=F(5, 8))
    plt.close("all")


def test_draw_number_line():
    import matplotlib.pyplot as plt

    from cgteach.draw.numbers import draw_number_line, fraction_label

    ax = draw_number_line([0, F(1, 2)], [1])
    assert "3/4" in ax.get_title()
    assert fraction_label(F(3, 4)) in [t.get_text() for t in ax.texts]
    ax = draw_number_line([], [])
    texts = [t.get_text() for t in ax.texts]
    assert "Blue has no move" in texts and "Red has no move" in texts
    plt.close("all")


def test_dyadics_born_by_refuses_days_too_large_to_list():
    from cgteach.numbers import dyadics_born_by

    with pytest.raises(ValueError, match="day 19 has 1048575 numbers"):
        dyadics_born_by(19)
    with pytest.raises(ValueError, match="from 0 to 18"):
        dyadics_born_by(10**100)
