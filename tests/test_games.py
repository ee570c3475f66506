"""Tests for cgteach.games: textbook facts, a brute-force twin, and pycgt as an outside opinion.

The twin never canonicalises: it plays the raw game trees out.  A raw game is
a pair ``(left, right)`` of tuples of raw games.  ``G <= H`` is decided by
asking whether Right, moving first in ``H - G``, loses; the outcome of ``G``
by asking who wins moving first and who wins moving second.
"""

from __future__ import annotations

import copy
import pickle
import random
import time
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach import games
from cgteach.games import (
    DOWN,
    MAX_OPTIONS,
    STAR,
    UP,
    ZERO,
    Form,
    Game,
    form,
    game,
    nimber,
    number,
    ordinal_sum,
    parse,
    simplification_steps,
    total,
)
from cgteach.numbers import birthday as number_birthday
from cgteach.numbers import dyadics_born_by

# ---------------------------------------------------------------------------
# Raw game trees and the brute force.

EMPTY = ((), ())


def raw_trees(max_leaves=8, width=3):
    return st.recursive(
        st.just(EMPTY),
        lambda kids: st.tuples(
            st.lists(kids, max_size=width).map(tuple), st.lists(kids, max_size=width).map(tuple)
        ),
        max_leaves=max_leaves,
    )


def random_tree(rng: random.Random, depth: int, width: int = 3):
    """A random raw game of depth at most ``depth`` (so born by that day, before simplifying)."""
    if depth == 0:
        return EMPTY
    return (
        tuple(
            random_tree(rng, rng.randrange(depth), width) for _ in range(rng.randrange(width + 1))
        ),
        tuple(
            random_tree(rng, rng.randrange(depth), width) for _ in range(rng.randrange(width + 1))
        ),
    )


def neg_tree(t):
    return (tuple(neg_tree(r) for r in t[1]), tuple(neg_tree(x) for x in t[0]))


@cache
def left_first_wins(t) -> bool:
    return any(not right_first_wins(x) for x in t[0])


@cache
def right_first_wins(t) -> bool:
    return any(not left_first_wins(x) for x in t[1])


def brute_outcome(t) -> str:
    lf, rf = left_first_wins(t), right_first_wins(t)
    return {(True, False): "L", (False, True): "R", (False, False): "P", (True, True): "N"}[
        (lf, rf)
    ]


# The sum H - G played out as a pair of raw trees: Left moves h -> h^L or
# g -> g^R (a left move in -G), Right moves h -> h^R or g -> g^L.
@cache
def diff_left_first_wins(h, g) -> bool:
    return any(not diff_right_first_wins(x, g) for x in h[0]) or any(
        not diff_right_first_wins(h, x) for x in g[1]
    )


@cache
def diff_right_first_wins(h, g) -> bool:
    return any(not diff_left_first_wins(x, g) for x in h[1]) or any(
        not diff_left_first_wins(h, x) for x in g[0]
    )


def brute_le(g, h) -> bool:
    """G <= H  iff  Right, moving first in H - G, loses."""
    return not diff_right_first_wins(h, g)


def sum_tree(g, h):
    """The raw disjunctive sum (as a tree; only for small games)."""
    return (
        tuple(sum_tree(x, h) for x in g[0]) + tuple(sum_tree(g, x) for x in h[0]),
        tuple(sum_tree(x, h) for x in g[1]) + tuple(sum_tree(g, x) for x in h[1]),
    )


def to_game(t, _seen=None) -> Game:
    """The raw tree ``t`` reduced by ``game``, every option first.

    A raw tree may hold one sub-tree object in many places (a stalk's prefixes, an
    ordinal sum's base): each such object is reduced once per call (``game`` is a
    function of its options), not once per place, which would be exponential.
    """
    seen = {} if _seen is None else _seen
    key = id(t)      # ``t`` and all its parts are alive for the whole call
    if key not in seen:
        seen[key] = game([to_game(x, seen) for x in t[0]], [to_game(x, seen) for x in t[1]])
    return seen[key]


def tree_of(g: Game):
    """A canonical game written out as a raw tree (its canonical form)."""
    return (tuple(tree_of(x) for x in g.left), tuple(tree_of(x) for x in g.right))


def tree_birthday(t) -> int:
    kids = t[0] + t[1]
    return 1 + max(map(tree_birthday, kids)) if kids else 0


# ---------------------------------------------------------------------------
# Brute-force twin.


@given(raw_trees())
def test_outcome_matches_game_tree_search(t):
    assert to_game(t).outcome() == brute_outcome(t)


@given(raw_trees(6), raw_trees(6))
def test_order_matches_game_tree_search(a, b):
    g, h = to_game(a), to_game(b)
    assert (g <= h) == brute_le(a, b)
    assert (g >= h) == brute_le(b, a)
    assert (g == h) == (brute_le(a, b) and brute_le(b, a))
    assert g.fuzzy(h) == (not brute_le(a, b) and not brute_le(b, a))
    assert (g < h) == (brute_le(a, b) and not brute_le(b, a))


def nim_tree(n):
    opts = tuple(nim_tree(k) for k in range(n))
    return (opts, opts)


@given(raw_trees(6), st.integers(0, 6))
def test_comparisons_with_nimbers_match_game_tree_search(t, k):
    g, star = to_game(t), nimber(k)
    assert (star <= g) == brute_le(nim_tree(k), t)
    assert (g <= star) == brute_le(t, nim_tree(k))
    assert (g + star).outcome() == brute_outcome(sum_tree(t, nim_tree(k)))


def test_huge_nimbers_add_and_compare_with_numbers_and_nimbers():
    huge = nimber(games.MAX_NIMBER)
    assert huge + nimber(games.MAX_NIMBER) == 0
    assert nimber(65536) + nimber(65535) == nimber(131071)
    assert huge.fuzzy(0) and huge < 1 and huge > -1 and huge.fuzzy(nimber(3))
    with pytest.raises(ValueError, match="MAX_NIMBER_OPTIONS"):
        _ = huge.left
    with pytest.raises(ValueError, match="MAX_NIMBER_OPTIONS"):
        _ = huge <= UP


def test_big_nimbers_compare_quickly():
    start = time.process_time()
    big = nimber(games.MAX_NIMBER_OPTIONS)
    for g in (UP, game([1], [STAR]), UP + UP + STAR, game([UP], [DOWN, -1])):
        assert big.fuzzy(g) == (g.fuzzy(big))
        assert not (big <= g and g <= big)
    assert big <= UP and not big.fuzzy(UP)  # ↑ exceeds every nimber *n, n >= 2
    assert time.process_time() - start < 10  # ~0.3 s on an idle machine


@settings(max_examples=100)
@given(raw_trees(5), raw_trees(5))
def test_sum_outcome_matches_game_tree_search(a, b):
    assert (to_game(a) + to_game(b)).outcome() == brute_outcome(sum_tree(a, b))
    assert (to_game(a) - to_game(b)).outcome() == brute_outcome(sum_tree(a, neg_tree(b)))


@given(raw_trees())
def test_canonical_form_equals_the_raw_game(t):
    g = to_game(t)
    c = tree_of(g)
    assert brute_le(c, t) and brute_le(t, c)
    assert g.birthday() == tree_birthday(c) <= tree_birthday(t)


def test_thousands_of_random_games_against_the_brute_force():
    rng = random.Random(20261123)
    trees = [random_tree(rng, rng.randrange(4)) for _ in range(3000)]
    checked = 0
    for i, t in enumerate(trees):
        g = to_game(t)
        assert g.outcome() == brute_outcome(t), t
        c = tree_of(g)
        assert brute_le(c, t) and brute_le(t, c), t
        other = trees[(i * 7 + 3) % len(trees)]
        assert (g <= to_game(other)) == brute_le(t, other), (t, other)
        checked += 1
    assert checked == 3000


def test_canonical_forms_are_unique_on_many_random_games():
    # Equal values must give the very same object (and unequal ones not).
    rng = random.Random(7)
    trees = [random_tree(rng, 3) for _ in range(400)]
    gs = [to_game(t) for t in trees]
    for i in range(0, 400, 2):
        a, b = trees[i], trees[i + 1]
        same = brute_le(a, b) and brute_le(b, a)
        assert (gs[i] == gs[i + 1]) == same


# ---------------------------------------------------------------------------
# Algebra.


@settings(max_examples=100)
@given(raw_trees(6), raw_trees(6), raw_trees(4))
def test_group_laws(a, b, c):
    g, h, k = to_game(a), to_game(b), to_game(c)
    assert g + h == h + g
    assert (g + h) + k == g + (h + k)
    assert g - g == ZERO
    minus_g = -g
    assert -minus_g == g
    assert g + ZERO == g
    assert -(g + h) == (-g) + (-h)
    assert total([g, h, k]) == g + h + k
    # Order is compatible with sums.
    if g <= h:
        assert g + k <= h + k


@settings(max_examples=100)
@given(raw_trees(6))
def test_canonical_options_have_no_dominated_or_reversible_option(t):
    g = to_game(t)
    for a in g.left:
        assert all(not (a <= b) for b in g.left if b is not a)
        assert all(not (ar <= g) for ar in a.right)
    for a in g.right:
        assert all(not (a >= b) for b in g.right if b is not a)
        assert all(not (al >= g) for al in a.left)


@settings(max_examples=100)
@given(raw_trees(5), raw_trees(5))
def test_ordinal_sum_follows_its_definition(a, b):
    g, h = to_game(a), to_game(b)

    def ordinal_tree(base, top):
        return (
            base[0] + tuple(ordinal_tree(base, x) for x in top[0]),
            base[1] + tuple(ordinal_tree(base, x) for x in top[1]),
        )

    # Built from the canonical base and the raw top: the value depends on H's value only.
    assert ordinal_sum(g, h) == to_game(ordinal_tree(tree_of(g), b))


def test_ordinal_sums_of_hackenbush_stalks():
    assert ordinal_sum(1, -1) == Fraction(1, 2)  # blue, then red on top
    assert ordinal_sum(STAR, 1) == UP + STAR  # green under blue
    assert ordinal_sum(1, STAR) == 1 + STAR  # blue under green
    assert ordinal_sum(STAR, -1) == DOWN + STAR
    assert ordinal_sum(UP, 0) == UP
    assert ordinal_sum(0, UP) == UP


def test_total_adds_numbers_and_nimbers_fast_and_right():
    assert total([]) == ZERO
    assert total([1, Fraction(1, 2), STAR, nimber(3), UP, UP]) == parse("3/2⇑*2")
    assert total(["*", "*"]) == ZERO
    with pytest.raises(TypeError):
        total(STAR)


# ---------------------------------------------------------------------------
# Textbook facts.


def test_up_is_positive_but_below_every_positive_number():
    assert UP > 0 and UP > ZERO and not UP.fuzzy(0)
    for x in (1, Fraction(1, 2), Fraction(1, 64), Fraction(1, 2**20), Fraction(3, 1024)):
        assert UP < number(x) and UP < x  # noqa: SIM300 (UP is a game, not a constant)
        assert DOWN > -number(x)  # noqa: SIM300
    assert UP.is_infinitesimal() and not UP.is_number()
    assert DOWN == -UP and DOWN < 0
    assert UP.left == (ZERO,) and UP.right == (STAR,)


def test_star_facts():
    assert STAR.fuzzy(0) and (STAR + STAR) == ZERO
    assert game([0], [0]) == STAR
    assert (UP + STAR).fuzzy(0)
    assert (UP + STAR).outcome() == "N"
    assert UP.fuzzy(STAR)
    assert (UP + UP + STAR) > 0  # ⇑* is positive
    assert game([0, STAR], [0]) == UP + STAR
    assert game([0], [UP]) == UP + UP + STAR  # {0|↑} = ⇑*
    assert game([0], [UP + STAR]) == UP + UP
    assert nimber(2) + nimber(3) == STAR
    assert nimber(5).left == tuple(nimber(k) for k in range(5))


def test_plus_minus_one():
    pm = game([1], [-1])
    assert str(pm) == "±1" and pm.outcome() == "N" and pm.fuzzy(0)
    assert pm + pm == ZERO
    assert parse("±1") == pm and parse("{1|-1}") == pm
    assert pm.left_stop() == 1 and pm.right_stop() == -1
    assert not pm.is_infinitesimal()


def test_one_or_star():
    g = parse("{1|*}")
    assert g.left == (number(1),) and g.right == (STAR,)
    assert g > 0 and g < 2 and g.fuzzy(1) and g.outcome() == "L"
    assert str(g) == "{1|*}" and g.birthday() == 2
    steps = g.simplification_steps()
    assert [s.rule for s in steps] == ["canonical"]
    # Adding a dominated and a reversible option changes nothing.
    steps = simplification_steps([1, STAR, UP], [STAR])
    assert steps[-1].game == g
    assert {"dominated"} <= {s.rule for s in steps}


@pytest.mark.parametrize("day", range(5))
def test_numbers_and_their_birthdays(day):
    for x in dyadics_born_by(day):
        g = number(x)
        assert g.is_number() and g.number_value() == x
        assert g.birthday() == number_birthday(x) == tree_birthday(tree_of(g))
        assert to_game(tree_of(g)) == g
        assert str(g) == str(x)
        assert g == x and hash(g) == hash(x)


def test_simplicity_rule():
    assert game([0], [1]) == Fraction(1, 2)
    assert game([1], []) == 2 and game([], [-1]) == -2 and game([-1], [1]) == 0
    assert game([Fraction(1, 2)], [1]) == Fraction(3, 4)
    assert game([Fraction(5, 8), 0], [Fraction(7, 8), 3]) == Fraction(3, 4)
    assert game([2], [1]).is_number() is False  # a hot game, not a number
    assert game([1], [1]) == 1 + STAR


def test_numbers_and_nimbers_compare_and_add_fast():
    big = number(10**9)
    assert big.birthday() == 10**9 and big > UP and big + 1 == 10**9 + 1
    assert (big + STAR).outcome() == "L" and str(big + UP) == "1000000000↑"
    assert nimber(1000) + nimber(24) == nimber(1000 ^ 24)
    assert nimber(3).fuzzy(nimber(5)) and nimber(3).nimber_value() == 3


def games_born_on_days_four_and_five():
    """Canonical games born on days 4 and 5, built from random options of the day before."""
    rng = random.Random(44)
    day = {0: [ZERO]}
    upto = [ZERO]
    for d in range(1, 6):
        found = {}
        for _ in range(300):
            left = [rng.choice(day[d - 1])] + rng.sample(upto, min(len(upto), rng.randrange(3)))
            right = [rng.choice(day[d - 1])] + rng.sample(upto, min(len(upto), rng.randrange(3)))
            g = game(left, right)
            if g.birthday() == d:
                found[g] = None
        day[d] = sorted(found, key=str)
        upto = upto + day[d]
    return day[4], day[5]


def test_sums_of_games_born_on_days_four_and_five():
    start = time.perf_counter()
    four, five = games_born_on_days_four_and_five()
    assert len(four) >= 10 and len(five) >= 10
    pairs = [(four[i], four[i + 1]) for i in range(0, 10, 2)]
    pairs += [(five[i], five[i + 1]) for i in range(0, 6, 2)] + [(four[0], five[0])]
    for g, h in pairs:
        s = g + h
        a, b = tree_of(g), tree_of(h)
        # G + H >= 0 iff -H <= G, decided by playing the raw trees out.
        assert (s >= 0) == brute_le(neg_tree(b), a)
        assert (s <= 0) == brute_le(a, neg_tree(b))
        assert s - h == g
    assert time.perf_counter() - start < 20  # ~1 s on an idle machine


def test_small_sums_are_fast():
    start = time.process_time()
    assert parse("⇑*") == UP + UP + STAR
    rng = random.Random(5)
    gs = [to_game(random_tree(rng, 4, 2)) for _ in range(12)]
    s = total(gs)
    assert isinstance(s, Game)
    five = [to_game(random_tree(rng, 5, 2)) for _ in range(3)]
    _ = five[0] + five[1] + five[2]
    assert time.process_time() - start < 5  # generous for a shared machine; usually ~0.1 s


# ---------------------------------------------------------------------------
# Names and text.


@pytest.mark.parametrize(
    "g, name",
    [
        (ZERO, "0"),
        (number(Fraction(1, 2)), "1/2"),
        (number(-3), "-3"),
        (STAR, "*"),
        (nimber(2), "*2"),
        (UP, "↑"),
        (DOWN, "↓"),
        (UP + STAR, "↑*"),
        (UP + UP, "⇑"),
        (DOWN + DOWN, "⇓"),
        (UP + UP + STAR, "⇑*"),
        (UP + UP + UP, "3·↑"),
        (DOWN + DOWN + DOWN + nimber(2), "3·↓*2"),
        (1 + STAR, "1*"),
        (number(Fraction(-1, 2)) + DOWN + STAR, "-1/2↓*"),
        (1 + UP + UP + UP, "1+3·↑"),
        (game([1], [-1]), "±1"),
        (game([Fraction(1, 2)], [Fraction(-1, 2)]), "±1/2"),
        (game([1], [STAR]), "{1|*}"),
        (game([2], [1]), "{2|1}"),
        (game([0, STAR], [0, STAR]), "*2"),
        (game([game([2], [0])], [0]), "{{2|0}|0}"),
    ],
)
def test_textbook_names(g, name):
    assert str(g) == name
    assert parse(name) == g
    assert parse(repr(g)) == g
    assert repr(g) == f"parse({name!r})"


@settings(max_examples=100)
@given(raw_trees())
def test_text_round_trips(t):
    g = to_game(t)
    assert parse(repr(g)) == g
    assert parse(str(g)) == g
    assert pickle.loads(pickle.dumps(g)) == g
    assert copy.deepcopy(g) == g


@pytest.mark.parametrize(
    "text, expected",
    [
        ("^", UP),
        ("↑", UP),
        ("v", DOWN),
        ("↓", DOWN),
        ("^*", UP + STAR),
        ("↑*", UP + STAR),
        ("^^", UP + UP),
        ("{0,*|0}", UP + STAR),
        ("{ 0 , * | 0 }", UP + STAR),
        ("{0|{0|*}}", UP + UP + STAR),
        ("{{1|*}|0}", STAR),
        ("-3", number(-3)),
        ("1/2", number(Fraction(1, 2))),
        ("-1/2*", number(Fraction(-1, 2)) + STAR),
        ("*0", ZERO),
        ("*2", nimber(2)),
        ("±1", game([1], [-1])),
        ("↑+*", UP + STAR),
        ("↑-↑", ZERO),
        ("-{1|*}", -game([1], [STAR])),
        ("{|}", ZERO),
        ("{|-1}", number(-2)),
        ("parse('↑*')", UP + STAR),
        ('parse("{1|*}")', game([1], [STAR])),
    ],
)
def test_parse_reads_textbook_notation(text, expected):
    assert parse(text) == expected


def brace_text(t) -> str:
    return "{" + ",".join(map(brace_text, t[0])) + "|" + ",".join(map(brace_text, t[1])) + "}"


@given(raw_trees())
def test_texts_of_braces_alone_read_like_the_tree(t):
    text = brace_text(t)
    assert parse(text) == to_game(t)
    assert parse(" " + text.replace(",", " , ") + "\n") == to_game(t)
    assert form(text).canonical() == to_game(t)


@pytest.mark.parametrize(
    "text, where",
    [
        ("{1|*", 5),
        ("{1*}", 4),
        ("1/3", 1),
        ("", 1),
        ("{|}}", 4),
        ("*x", 2),
        ("1/", 3),
        ("{1|2|3}", 5),
        ("x", 1),
        ("{1,|0}", 4),
        ("1 2", 3),
        ("{}", 2),
        ("{|}{|}", 4),
        ("{,|}", 2),
        ("{{|},|}", 6),
        ("{{|}{|}|}", 5),
        ("{||}", 3),
        ("{|},", 4),
    ],
)
def test_parse_errors_point_at_the_place(text, where):
    with pytest.raises(ValueError, match=f"position {where}"):
        parse(text)


def test_texts_of_braces_alone_at_the_limits():
    # Read from the inside out, one level per round: MAX_NESTING (400) levels
    # are read, one more is refused by the general parser with the place.
    assert games.MAX_NESTING == games.MAX_BIRTHDAY == 400
    chain = "{|}"
    for _ in range(399):
        chain = "{" + chain + "|}"
    assert parse(chain) == number(399)
    with pytest.raises(ValueError, match="position 401: braces nested deeper than 400"):
        parse("{" + chain + "|}")
    wide = "{" + ",".join(["{|}"] * MAX_OPTIONS) + "|}"
    assert parse(wide) == number(1)
    with pytest.raises(ValueError, match="more than 1000 options"):
        parse("{" + ",".join(["{|}"] * (MAX_OPTIONS + 1)) + "|}")
    # read twice (the second time from the table of groups): the same game,
    # remembering the options as written
    text = "{{|},{|},{{|}|}|{|{|}}}"
    assert parse(text) == parse(text) == game([0, 0, 1], [game([], [0])])
    assert [s.rule for s in parse(text).simplification_steps()][0] == "duplicate"
    for bad, where in [("{{|}|{|}}}", 10), ("{|}|", 4), ("{{{|}|}", 8)]:
        with pytest.raises(ValueError, match=f"position {where}"):
            parse(bad)


def test_parse_refuses_absurd_texts_at_once():
    start = time.process_time()
    with pytest.raises(ValueError, match="nested deeper than 400"):
        parse("{" * 5000 + "|" + "}" * 5000)
    with pytest.raises(ValueError, match="at most 200000"):
        parse("*" * 300_000)
    with pytest.raises(ValueError, match="ups"):
        parse("100000·↑")
    with pytest.raises(ValueError, match="nimbers beyond"):
        parse("*" + "9" * 30)  # beyond MAX_NIMBER = 2**64
    with pytest.raises(TypeError):
        parse(3)
    assert time.process_time() - start < 1


# ---------------------------------------------------------------------------
# Simplification steps.


RULES = {"duplicate", "dominated", "reversible", "number", "nimber", "canonical"}


@given(raw_trees(3).map(lambda t: t[0]), raw_trees(3).map(lambda t: t[1]))
def test_simplification_steps_end_at_the_canonical_form(left_trees, right_trees):
    left = [to_game(x) for x in left_trees]
    right = [to_game(x) for x in right_trees]
    target = game(left, right)
    steps = simplification_steps(left, right)
    assert steps and steps[-1].game == target
    assert steps[-1].rule in {"number", "nimber", "canonical"}
    for s in steps:
        assert s.rule in RULES and s.description.endswith(".")
        value = s.game if isinstance(s.game, Game) else s.game.canonical()
        assert value == target  # every step keeps the value


def test_simplification_steps_of_a_classic():
    steps = form("{↑|↓}").simplification_steps()
    assert [s.rule for s in steps] == ["reversible", "reversible", "nimber"]
    assert [str(s.game) for s in steps] == ["{0|↓}", "{0|0}", "*"]
    assert "Right's answer * to it" in steps[0].description
    assert "↑" in steps[0].description and "{↑|↓}" in steps[0].description
    steps = form([0, UP], [UP]).simplification_steps()
    assert [s.rule for s in steps] == ["dominated", "reversible", "canonical"]
    assert "dominated by ↑" in steps[0].description
    steps = simplification_steps([0, 0, STAR], [0, STAR])
    assert steps[0].rule == "duplicate" and steps[-1].game == nimber(2)
    steps = simplification_steps([0], [2])
    assert [s.rule for s in steps] == ["number"] and steps[0].game == number(1)
    assert "simplest number between 0 and 2" in steps[0].description
    assert simplification_steps([], [])[0].game == ZERO
    assert isinstance(form("{1|*}"), Form) and str(form("{ 1 , 0 | * }")) == "{1,0|*}"


def written_tree(x):
    """The raw tree of a step's game: a Form as written, or a Game's canonical form."""
    if isinstance(x, Form):
        return (tuple(tree_of(o) for o in x.left), tuple(tree_of(o) for o in x.right))
    return tree_of(x)


def check_road(g, left, right):
    """g = game(left, right): its road starts at {left | right} and every step keeps the value."""
    raw = (tuple(tree_of(o) for o in left), tuple(tree_of(o) for o in right))
    steps = g.simplification_steps()
    # The same road as the written form's, step for step.
    assert [(s.rule, s.description) for s in steps] == [
        (s.rule, s.description) for s in simplification_steps(left, right)
    ]
    for s in steps:
        assert s.game == g  # the engine says so ...
        t = written_tree(s.game)
        assert brute_le(t, raw) and brute_le(raw, t)  # ... and so does the game-tree search
    last = steps[-1]
    assert last.rule in {"number", "nimber", "canonical"} and isinstance(last.game, Game)
    # The last game is the canonical form: nothing left to simplify.
    assert last.game.left == g.left and last.game.right == g.right
    assert len(last.game.simplification_steps()) == 1
    assert parse(repr(g)) == g
    return steps


@given(raw_trees(3).map(lambda t: t[0]), raw_trees(3).map(lambda t: t[1]))
def test_a_game_remembers_its_written_options(left_trees, right_trees):
    left = [to_game(x) for x in left_trees]
    right = [to_game(x) for x in right_trees]
    g = game(left, right)
    check_road(g, left, right)
    text = "{" + ",".join(map(str, left)) + "|" + ",".join(map(str, right)) + "}"
    h = parse(text)
    assert h == g and hash(h) == hash(g)
    assert [s.description for s in h.simplification_steps()] == [
        s.description for s in g.simplification_steps()
    ]


@pytest.mark.parametrize(
    "left, right, rules, games_after, value",
    [
        ([0, UP], [UP], ["dominated", "reversible", "canonical"], ["{↑|↑}", "{0|↑}", "⇑*"], "⇑*"),
        ([1, STAR, UP], [STAR], ["dominated", "dominated", "canonical"], None, "{1|*}"),
        ([1], [STAR], ["canonical"], ["{1|*}"], "{1|*}"),
        ([UP], [DOWN], ["reversible", "reversible", "nimber"], ["{0|↓}", "{0|0}", "*"], "*"),
        ([STAR], [STAR], ["reversible", "reversible", "number"], ["{|*}", "{|}", "0"], "0"),
        ([0], [0], ["nimber"], ["*"], "*"),
        ([-1], [1], ["number"], ["0"], "0"),
        ([0], [1], ["number"], ["1/2"], "1/2"),
        ([0, 0, STAR], [0, STAR], ["duplicate", "nimber"], ["{0,*|0,*}", "*2"], "*2"),
    ],
)
def test_textbook_roads_to_the_canonical_form(left, right, rules, games_after, value):
    g = game(left, right)
    written = [number(x) if isinstance(x, int) else x for x in left]
    steps = check_road(g, written, [number(x) if isinstance(x, int) else x for x in right])
    assert [s.rule for s in steps] == rules
    if games_after is not None:
        assert [str(s.game) for s in steps] == games_after
    assert str(g) == value and g == parse(value)
    text = "{" + ",".join(map(str, left)) + "|" + ",".join(map(str, right)) + "}"
    assert [s.rule for s in parse(text).simplification_steps()] == rules


def test_a_written_game_is_its_canonical_game_everywhere_else():
    g = game([0, UP], [UP])  # ⇑* written with a dominated and a reversible option
    c = UP + UP + STAR
    assert g == c and c == g and hash(g) == hash(c) and {c: 1}[g] == 1 and {g: 1}[c] == 1
    assert g.left == c.left == (ZERO,) and g.right == c.right == (UP,)
    assert str(g) == "⇑*" and repr(g) == "parse('⇑*')" and f"{g:>3}" == " ⇑*"
    assert g > 0 and 0 < g  # noqa: SIM300 (reflected order on purpose)
    assert g <= c and g >= c and not (g < c) and g.fuzzy(STAR) is False
    assert g.outcome() == "L" and g.birthday() == 3 and not g.is_number()
    assert g.left_stop() == 0 and g.right_stop() == 0 and g.is_infinitesimal()
    # Arithmetic gives canonical games (no written form): the naming step only.
    for r in (g + 0, g - g, -g, 2 * g, g * 2, +g, 1 + g, 1 - g, g + STAR, total([g, g])):
        assert r.simplification_steps()[0].rule in {"number", "nimber", "canonical"}
        assert len(r.simplification_steps()) == 1
    assert g + g == c + c and g - g == ZERO and -g == -c and g + STAR == UP + UP
    # Ints and Fractions hash and compare as before.
    zero = game([-1], [1])
    assert zero == 0 and hash(zero) == hash(0) and {0: "z"}[zero] == "z"
    half = game([0, -1], [1])
    assert half == Fraction(1, 2) and hash(half) == hash(Fraction(1, 2))
    assert half.number_value() == Fraction(1, 2) and number(half) == half
    # As an option, a written game counts by its value.
    assert game([g], []) == game([c], []) and ordinal_sum(g, 1) == ordinal_sum(c, 1)
    # Immutable; copies and pickles keep the written options.
    with pytest.raises(AttributeError):
        g._form = None
    assert copy.deepcopy(g) is g and copy.copy(g) is g
    p = pickle.loads(pickle.dumps(g))
    assert p == g and [s.rule for s in p.simplification_steps()] == [
        "dominated",
        "reversible",
        "canonical",
    ]
    # The written form of form(...) carries over to its canonical game.
    f = form("{↑|↓}")
    assert [s.rule for s in f.canonical().simplification_steps()] == [
        s.rule for s in f.simplification_steps()
    ]
    # ±x read from text is written {x | -x}.
    assert [s.rule for s in parse("±*").simplification_steps()][-1] == "number"
    # A sum of texts has no written form of its own.
    assert len(parse("{0|0} + {0|0}").simplification_steps()) == 1


def test_canonical_games_stay_interned():
    # The engine's fast path: one object per canonical value.
    rng = random.Random(11)
    for _ in range(100):
        g = to_game(random_tree(rng, 3))
        h = to_game(random_tree(rng, 3))
        assert (g + h) is (h + g) and (g - g) is ZERO and (-g) + (-h) is -(g + h)
        assert g.left == tuple(g.left) and all(type(o) is Game for o in g.left + g.right)
    assert game([0], [0]) is STAR and game([ZERO], [STAR]) is UP  # written canonically


# ---------------------------------------------------------------------------
# Values, immutability, bad input.


def test_values_are_immutable_and_interned():
    with pytest.raises(AttributeError):
        UP.foo = 1
    with pytest.raises(AttributeError):
        UP._left = ()
    with pytest.raises(TypeError):
        Game((), ())
    assert game([ZERO], [STAR]) == UP
    assert {UP: 1}[parse("^")] == 1
    assert number(1) == 1 and 1 == number(1) and number(1) != 2 and STAR != 0  # noqa: SIM300
    assert STAR != "*" and UP != 0.5


def test_number_and_nimber_values_refuse_other_games():
    assert game([0], [1]).number_value() == Fraction(1, 2)
    with pytest.raises(ValueError, match="not a number"):
        STAR.number_value()
    with pytest.raises(ValueError, match="not a nimber"):
        UP.nimber_value()
    assert ZERO.nimber_value() == 0 and ZERO.number_value() == 0


@pytest.mark.parametrize(
    "left, error, match",
    [
        ([Fraction(1, 3)], ValueError, "not a dyadic"),
        ([1.5], TypeError, "floats are not accepted"),
        ([float("nan")], ValueError, "nan"),
        ([True], TypeError, "bool"),
        ([object()], TypeError, "option 1 must be a game"),
        ([None], TypeError, "must be a game"),
        (["{1|"], ValueError, "position"),
        (5, TypeError, "iterable"),
        ("*", TypeError, "iterable"),
        (UP, TypeError, "iterable"),
    ],
)
def test_game_refuses_bad_options(left, error, match):
    with pytest.raises(error, match=match):
        game(left, [])


def test_game_reads_nested_pairs_and_refuses_absurd_sizes():
    zero = ((), ())
    one = ((zero,), ())
    assert game([zero], [one]) == number(Fraction(1, 2))
    assert game([([0], [([0], [0])])], [0]) == game([UP], [0])
    deep = ((), ())
    for _ in range(games.MAX_NESTING + 5):
        deep = ((deep,), ())
    start = time.process_time()
    with pytest.raises(ValueError, match=f"deeper than {games.MAX_NESTING}"):
        game([deep], [])
    with pytest.raises(ValueError, match=f"at most {games.MAX_OPTIONS}"):
        game(range(10**9), [])
    with pytest.raises(TypeError, match="must be a game"):
        game([(1, 2)], [])
    assert time.process_time() - start < 1


def test_giant_texts_are_not_built(monkeypatch):
    monkeypatch.setattr(games._text, "MAX_TEXT", 20)
    g = game([game([Fraction(7, 64)], [Fraction(-5, 256)]), game([Fraction(3, 128)], [UP])], [-7])
    assert str(g) == f"<a game born on day {g.birthday()}, too big to write out>"
    monkeypatch.setattr(games._text, "MAX_TEXT", 200)
    with pytest.raises(ValueError, match="position 1"):
        parse(str(g))


def test_bad_values_elsewhere():
    with pytest.raises(ValueError, match="not a dyadic"):
        number(Fraction(1, 3))
    with pytest.raises(ValueError, match=">= 0"):
        nimber(-1)
    with pytest.raises(ValueError, match="too big"):
        nimber(2**65)
    with pytest.raises(TypeError):
        nimber(1.0)
    with pytest.raises(TypeError):
        nimber(True)
    with pytest.raises(TypeError):
        _ = UP < 0.5
    with pytest.raises(ValueError, match="position 1"):
        UP + "x"
    with pytest.raises(TypeError, match="must be a game"):
        UP - object()
    with pytest.raises(TypeError, match="floats are not accepted"):
        0.5 + UP
    assert UP + "*" == UP + STAR and parse("1↓") == 1 - UP and "*" + STAR == ZERO
    with pytest.raises(TypeError):
        ordinal_sum(UP, object())
    with pytest.raises(ValueError, match="top of this ordinal sum is born on day 1000000"):
        ordinal_sum(UP, 10**6)


def test_deep_games_are_refused_with_the_limit_not_a_recursion_error():
    start = time.perf_counter()
    g = ZERO
    with pytest.raises(ValueError, match=f"by day {games.MAX_BIRTHDAY}"):
        for _ in range(games.MAX_BIRTHDAY + 10):
            g = game([0], [g])  # *, ↑, ⇑*, 3·↑, ... one day older each time
    assert g.birthday() == games.MAX_BIRTHDAY
    # The oldest allowed games still compare and add without trouble.
    assert g > 0 and (g - g) == ZERO and g.outcome() == "L"
    with pytest.raises(ValueError, match="this sum is too big"):
        _ = g + g
    with pytest.raises(ValueError, match=f"more than {games.MAX_BIRTHDAY}"):
        _ = nimber(5000) + UP
    assert time.perf_counter() - start < 20


# ---------------------------------------------------------------------------
# pycgt: a second, outside opinion.

try:
    import pycgt
except ImportError:  # the test extra is missing: skip only these tests
    pycgt = None

needs_pycgt = pytest.mark.skipif(pycgt is None, reason="pycgt (in the test extra) is not installed")


def to_pycgt_raw(t):
    return pycgt.game([to_pycgt_raw(x) for x in t[0]], [to_pycgt_raw(x) for x in t[1]])


_PY = {}


def ours_as_pycgt(g: Game):
    """Our canonical form written structurally as a pycgt Game (no simplification)."""
    r = _PY.get(g)
    if r is None:
        r = pycgt.Game(
            frozenset(ours_as_pycgt(x) for x in g.left),
            frozenset(ours_as_pycgt(x) for x in g.right),
        )
        _PY[g] = r
    return r


@needs_pycgt
@settings(max_examples=200)
@given(raw_trees(8))
def test_canonical_forms_agree_with_pycgt(t):
    assert ours_as_pycgt(to_game(t)) == to_pycgt_raw(t)


@needs_pycgt
@settings(max_examples=100)
@given(raw_trees(5), raw_trees(5))
def test_sums_and_order_agree_with_pycgt(a, b):
    g, h = to_game(a), to_game(b)
    pa, pb = to_pycgt_raw(a), to_pycgt_raw(b)
    assert ours_as_pycgt(g + h) == pycgt.add(pa, pb)
    assert ours_as_pycgt(g - h) == pycgt.add(pa, pycgt.negate(pb))
    assert (g <= h) == pycgt.leq(pa, pb)


@needs_pycgt
def test_many_random_canonical_forms_agree_with_pycgt():
    rng = random.Random(99)
    for _ in range(1000):
        t = random_tree(rng, 3)
        assert ours_as_pycgt(to_game(t)) == to_pycgt_raw(t), t


@needs_pycgt
def test_named_values_agree_with_pycgt():
    assert ours_as_pycgt(UP) == pycgt.UP and ours_as_pycgt(DOWN) == pycgt.DOWN
    assert ours_as_pycgt(STAR) == pycgt.STAR
    assert ours_as_pycgt(number(Fraction(3, 8))) == pycgt.number("3/8")
    assert ours_as_pycgt(game([1], [-1])) == pycgt.plus_minus(1)
    assert ours_as_pycgt(UP + UP + UP) == pycgt.up_multiple(3)
