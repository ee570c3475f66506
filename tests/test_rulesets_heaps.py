"""Heap games: subtraction, divisors, Grundy's game, octal games — fast methods vs brute force."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import grundy
from cgteach.impartial import _outcome_by_search
from cgteach.rulesets import divisors, grundys_game, octal, subtraction

# ---------------------------------------------------------------- subtraction


def test_sticks_strip_of_the_chapter():
    assert subtraction.win_lose(subtraction.STICKS, 16) == "LWWWLWWWLWWWLWWW"
    assert all((v == 0) == (n % 4 == 0) for n, v in enumerate(subtraction.values({1, 2, 3}, 200)))


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4))
def test_subtraction_values_against_the_engine(s):
    assert subtraction.values(s, 40) == subtraction.values_by_search(s, 40)


@given(st.sets(st.integers(1, 12), min_size=1, max_size=4))
def test_subtraction_period_holds(s):
    e, p = subtraction.period(s)
    g = subtraction.values(s, e + 6 * p + 2 * max(s) + 50)
    assert all(g[n] == g[n + p] for n in range(e, len(g) - p))
    # least pre-period and least period
    assert e == 0 or g[e - 1] != g[e - 1 + p]
    assert all(any(g[n] != g[n + q] for n in range(e, len(g) - q)) for q in range(1, p))


@pytest.mark.parametrize(
    "s, expected", [({1, 2, 3}, (0, 4)), ({1}, (0, 2)), ({2, 4, 7}, (8, 3)), ({2, 5, 7}, (0, 22))]
)
def test_subtraction_known_periods(s, expected):
    assert subtraction.period(s) == expected


@pytest.mark.parametrize(
    "bad, exc, match",
    [
        ({0, 1}, ValueError, "may not contain 0"),
        (set(), ValueError, "empty"),
        ("123", TypeError, "collection of positive integers"),
        ({1.5}, TypeError, "non-negative integer"),
    ],
)
def test_subtraction_bad_sets(bad, exc, match):
    with pytest.raises(exc, match=match):
        subtraction.values(bad, 5)


def test_subtraction_bad_period_cap():
    with pytest.raises(TypeError, match="max_n must be a non-negative integer"):
        subtraction.period({1, 2}, max_n="100")
    with pytest.raises(ValueError, match="no period found among the first 2 heaps"):
        subtraction.period({2, 4, 7}, max_n=2)


def test_subtraction_zero_message_lists_what_was_given():
    with pytest.raises(ValueError, match=r"may not contain 0.*got \[2, 0\]"):
        subtraction.values(iter([2, 0]), 5)


def test_subtraction_negative_heap():
    with pytest.raises(ValueError, match="heap size must be a non-negative integer"):
        subtraction.options(-1, {1, 2})


# ---------------------------------------------------------------- divisors

DIVISOR_WL = "LWLWLWLWL"  # states 1..9, as in the chapter


def test_divisor_game_classification_of_the_chapter():
    assert "".join(divisors.win_lose(9).values()) == DIVISOR_WL
    assert divisors.options(8) == [7, 6, 4] and divisors.options(7) == [6]


def test_divisor_game_even_wins_odd_loses():
    g = divisors.values(2000)
    assert all((g[k] == 0) == (k % 2 == 1) for k in range(1, 2000))


def test_divisor_values_against_engine():
    assert divisors.values(300) == divisors.values_by_search(300)


def test_divisor_state_graph_edges_of_the_chapter():
    G = divisors.state_graph(9)
    expected = {
        (2, 1),
        (3, 2),
        (4, 2),
        (4, 3),
        (5, 4),
        (6, 5),
        (6, 4),
        (6, 3),
        (7, 6),
        (8, 7),
        (8, 6),
        (8, 4),
        (9, 8),
        (9, 6),
    }
    assert set(G.edges) == expected
    assert [G.nodes[k]["outcome"] for k in range(1, 10)] == [
        "P" if c == "L" else "N" for c in DIVISOR_WL
    ]


def test_divisor_bad_state():
    with pytest.raises(ValueError, match="at least 1 stick"):
        divisors.options(0)


# ---------------------------------------------------------------- Grundy's game


def test_grundys_game_values_of_the_chapter():
    assert grundys_game.values(9)[1:] == [0, 0, 1, 0, 2, 1, 0, 2]
    assert grundys_game.winning_moves(8)[0] == grundys_game.options(8)[0]  # 1 + 7


def test_grundys_game_sparse_equals_plain_on_3000_heaps():
    assert grundys_game.values(3000, table=False) == grundys_game.values_plain(3000)
    assert grundys_game.values(3000) == grundys_game.values_plain(3000)


def test_grundys_game_shipped_table_is_what_the_rare_value_method_computes():
    # The package ships f(0 … 10^5 - 1) so that lessons can show them at once:
    # recompute every value and compare, and check the seam past the table.
    fresh = grundys_game.values(grundys_game.TABLE_SIZE, table=False)
    assert grundys_game.values(grundys_game.TABLE_SIZE) == fresh
    assert max(fresh) == 230
    beyond = grundys_game.values(grundys_game.TABLE_SIZE + 5)
    assert beyond[:grundys_game.TABLE_SIZE] == fresh and len(beyond) == grundys_game.TABLE_SIZE + 5


def test_grundys_game_against_engine():
    cache = {}
    g = grundys_game.values(80)
    assert g == [grundy(n, grundys_game.options, cache=cache) for n in range(80)]


def test_grundys_game_known_p_positions():
    g = grundys_game.values(1300)
    zeros = [n for n in range(1, 1300) if g[n] == 0]
    assert zeros == [
        1,
        2,
        4,
        7,
        10,
        20,
        23,
        26,
        50,
        53,
        270,
        273,
        276,
        282,
        285,
        288,
        316,
        334,
        337,
        340,
        346,
        359,
        362,
        365,
        386,
        389,
        392,
        566,
        630,
        633,
        636,
        639,
        673,
        676,
        682,
        685,
        923,
        926,
        929,
        932,
        1222,
    ]


def test_grundys_game_rare_heaps_are_few():
    rare = grundys_game.rare_heaps(3000)
    assert rare[:8] == [1, 2, 3, 4, 6, 7, 9, 10]
    assert len(rare) < 500


# ---------------------------------------------------------------- octal games

CODES = ["0.77", "0.07", "0.137", "4.7", "0.6", "0.15", "0.4", "0.51", "4.07", "0.33"]


@pytest.mark.parametrize("code", CODES)
def test_octal_fast_equals_plain_on_2500_heaps(code):
    assert octal.values(code, 2500) == octal.values_plain(code, 2500)


@pytest.mark.parametrize("code", CODES)
def test_octal_against_engine(code):
    cache = {}
    opts = lambda h: octal.options(h, code)  # noqa: E731
    assert octal.values(code, 30) == [grundy(h, opts, cache=cache) for h in range(30)]


@given(
    st.sampled_from(["0.77", "0.07", "0.6", "4.07"]),
    st.lists(st.integers(0, 8), min_size=1, max_size=2),
)
def test_octal_outcomes_of_sums_by_search(code, heaps):
    from cgteach.impartial import Sum

    opts = lambda h: octal.options(h, code)  # noqa: E731
    g = octal.values(code, 9)
    nim = 0
    for h in heaps:
        nim ^= g[h]
    assert (nim == 0) == (_outcome_by_search(Sum(heaps), opts) == "P")


def test_subtraction_games_are_octal_games():
    assert octal.values("0.333", 100) == subtraction.values({1, 2, 3}, 100)
    assert octal.values("0.3003", 100) == subtraction.values({1, 4}, 100)


@pytest.mark.parametrize(
    "code, expected",
    [
        ("0.77", (71, 12)),  # Kayles: last irregular value at heap 70
        ("0.07", (53, 34)),  # Dawson's Kayles, heaps counted in tokens
        ("0.137", (52, 34)),  # Dawson's chess: the same game, one token fewer
        ("4.7", (1, 2)),
    ],
)
def test_octal_periods(code, expected):
    assert octal.period(code) == expected
    e, p = expected
    g = octal.values_plain(code, 2 * e + 2 * p + 10)
    assert octal.guy_smith_certified(code, e, p, g)
    if e:
        assert g[e - 1] != g[e - 1 + p]


def test_kayles_irregular_heaps():
    g = octal.values("0.77", 200)
    irregular = [n for n in range(84) if g[n] != g[n + 12 * (1 + (84 - n) // 12)]]
    assert irregular == [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]


def test_guy_smith_needs_enough_values():
    g = octal.values_plain("0.77", 150)
    assert not octal.guy_smith_certified("0.77", 71, 12, g)  # needs 2*71+12+2+12 = 168
    assert octal.guy_smith_certified("0.77", 71, 12, octal.values_plain("0.77", 168))


def test_no_period_for_officers_within_a_few_hundred():
    assert octal.period("0.6", 400) is None


def test_dawsons_chess_shift():
    assert octal.values("0.07", 500)[1:] == octal.values("0.137", 499)


@pytest.mark.parametrize(
    "bad, match",
    [
        ("0.8", "digit '8'"),
        ("abc", "contains 'a'"),
        ("", "empty"),
        ("0.", "no digits after the point"),
        ("07", "exactly one point"),
        (".07", "no digit before the point"),
        ("1.7", "may only be 0 or 4"),
        ("0.7.7", "exactly one point"),
    ],
)
def test_octal_bad_codes(bad, match):
    with pytest.raises(ValueError, match=match):
        octal.values(bad, 5)


def test_octal_bad_types():
    with pytest.raises(TypeError, match="values must be a list of Grundy values"):
        octal.guy_smith_certified("0.77", 71, 12, None)
    with pytest.raises(TypeError, match="string"):
        octal.values(0.77, 5)
    with pytest.raises(ValueError, match="non-negative"):
        octal.values("0.77", -1)
    with pytest.raises(ValueError, match="non-negative"):
        octal.options(-2, "0.77")


def test_pure_python_sparse_path_agrees():
    from cgteach.rulesets.octal import _sparse

    plain = grundys_game.values_plain(2500)
    fast = _sparse(
        2500,
        (),
        (),
        (0,),
        unequal=True,
        mask=grundys_game.MASK,
        twist=False,
        rare_class=0,
        accelerate=False,
    )
    assert fast == plain
    for code in ("0.77", "0.6", "4.07"):
        rules = octal.parse_code(code)
        assert _sparse(
            2000, rules.none, rules.one, rules.two, unequal=False, t=None, accelerate=False
        ) == octal.values_plain(code, 2000)


def test_sparse_is_exact_for_any_mask():
    """A bad mask makes the method slow, never wrong."""
    from cgteach.rulesets.octal import _sparse

    plain = grundys_game.values_plain(1500)
    for mask, twist, rare_class in [(1, False, 0), (5, True, 1), ((1 << 62) - 1, False, 1)]:
        for accelerate in (False, True):
            assert (
                _sparse(
                    1500,
                    (),
                    (),
                    (0,),
                    unequal=True,
                    mask=mask,
                    twist=twist,
                    rare_class=rare_class,
                    accelerate=accelerate,
                )
                == plain
            )
