"""The two comparison-free constructions of cgteach.games: an edge under a game, a whole stalk.

Both are checked against a brute force that knows nothing of them: the game
written out as a raw tree (every option as the rules give it) and reduced to
canonical form by the general engine (``game``), which compares by definition.
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach import games
from cgteach.games import STAR, ZERO, game, number, ordinal_sum
from cgteach.games._order import _stalk
from cgteach.hackenbush import Hackenbush
from tests.test_games import raw_trees, to_game, tree_of

EDGES = {1: number(1), -1: number(-1), 0: STAR}
NAMES = {1: "blue", -1: "red", 0: "green"}


def ordinal_tree(base, top):
    """Norton's definition, G:H = {G^L, G:H^L | G^R, G:H^R}, on raw trees."""
    return (
        base[0] + tuple(ordinal_tree(base, x) for x in top[0]),
        base[1] + tuple(ordinal_tree(base, x) for x in top[1]),
    )


def stalk_tree(colours):
    """A stalk (colours from the ground up) as a raw tree: cutting edge j+1 leaves the first j."""
    prefixes = [((), ())]
    for k in range(1, len(colours) + 1):
        left = tuple(prefixes[j] for j in range(k) if colours[j] >= 0)
        right = tuple(prefixes[j] for j in range(k) if colours[j] <= 0)
        prefixes.append((left, right))
    return prefixes[-1]


def is_canonical(g) -> bool:
    for a in g.left:
        if any(a <= b for b in g.left if b is not a) or any(ar <= g for ar in a.right):
            return False
    for a in g.right:
        if any(a >= b for b in g.right if b is not a) or any(al >= g for al in a.left):
            return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([1, -1, 0]), raw_trees(7))
def test_an_edge_under_any_game_matches_the_definition(c, top):
    base = EDGES[c]
    fast = ordinal_sum(base, to_game(top))
    assert fast is to_game(ordinal_tree(tree_of(base), top))._core
    assert is_canonical(fast)


colourings = st.lists(st.sampled_from([1, -1, 0]), max_size=10)


@settings(max_examples=400, deadline=None)
@given(colourings)
def test_a_stalk_built_from_the_ground_matches_the_brute_force(colours):
    fast = _stalk(colours)
    assert fast is game(*[[to_game(x) for x in side] for side in stalk_tree(colours)])._core
    assert is_canonical(fast)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([1, -1, 0]), max_size=40))
def test_a_stalk_built_from_the_ground_equals_ordinal_sums_from_the_top(colours):
    top_down = ZERO
    for c in reversed(colours):
        top_down = ordinal_sum(EDGES[c], top_down)
    assert _stalk(colours) is top_down


def test_stalks_the_sources_name():
    # blue under red is 1/2, green under blue is ↑*, blue under green is 1*
    assert _stalk([1, -1]) == Fraction(1, 2)
    assert _stalk([0, 1]) == games.UP + STAR
    assert _stalk([1, 0]) == 1 + STAR
    assert _stalk([0] * 5) == games.nimber(5)
    assert _stalk([1, 1, -1, 1]) == Fraction(7, 4)  # Berlekamp: 1 + 1 - 1/2 + 1/4
    assert _stalk([]) is ZERO


def test_long_mixed_stalks_are_valued_through_the_engine():
    # issue 25: a 300-edge green/blue stalk took 9.5 s, 500 edges was refused
    # after 20 s; from the ground up the engine never compares by definition
    rng = random.Random(25)
    cases = ((300, ["green", "blue"]), (300, ["green", "blue", "red"]), (400, ["green", "blue"]))
    for n, palette in cases:
        colours = [rng.choice(palette) for _ in range(n)]
        h = Hackenbush([(i, i + 1, c) for i, c in enumerate(colours)])
        signed = [{"blue": 1, "red": -1, "green": 0}[c] for c in colours]
        with games.work_budget(2 * n):  # one step per prefix: linear in steps
            value = h.canonical()
        top_down = ZERO
        for c in reversed(signed[-60:]):
            top_down = ordinal_sum(EDGES[c], top_down)
        assert value is _stalk(signed)
        # the top 60 edges, valued both ways, agree as well
        assert _stalk(signed[-60:]) is top_down


def test_a_stalk_inside_a_drawing_is_still_one_step():
    # a stalk on a circuit's node, two stalks on the ground, and a loop
    h = Hackenbush(
        [(0, 1, "blue"), (1, 2, "red"), (2, 0, "green"), (2, 3, "green"), (3, 4, "blue"),
         (0, 5, "red"), (5, 6, "green"), (0, 7, "blue"), (7, 7, "green")]
    )
    from cgteach.hackenbush import partizan

    assert h.canonical() == partizan.canonical_by_search(h)


def test_a_stalk_too_tall_for_the_game_engine_is_refused_at_once():
    rng = random.Random(500)
    h = Hackenbush([(i, i + 1, rng.choice(["green", "blue"])) for i in range(500)])
    from cgteach.hackenbush import partizan

    # a TooTangled (a ValueError) naming the limit, from every entry point
    for call in (h.canonical, lambda: h.winning_moves("blue"), h.outcome):
        try:
            call()
        except partizan.TooTangled as e:
            assert "MAX_BIRTHDAY" in str(e) and "400" in str(e)
        else:
            raise AssertionError("a 500-edge green-blue stalk was valued")


def test_a_big_game_unpickles_in_a_fresh_process_as_the_same_game():
    # unpickling interns the canonical options as they are (linear); it used
    # to canonicalise them again, 5 s for a 300-edge green-blue stalk
    import pickle
    import subprocess
    import sys

    rng = random.Random(300)
    colours = [rng.choice([1, 0]) for _ in range(300)]
    data = pickle.dumps(_stalk(colours))
    code = (
        "import pickle, sys, time\n"
        "from cgteach.games._order import _stalk\n"
        "t = time.process_time()\n"
        "g = pickle.loads(sys.stdin.buffer.read())\n"
        "spent = time.process_time() - t\n"
        f"print(g is _stalk({colours!r}), spent)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True,
                         timeout=120, check=True).stdout.split()
    assert out[0] == b"True"
    assert pickle.loads(data) is _stalk(colours)
