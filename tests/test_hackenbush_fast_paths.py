"""The shortcuts of mixed Hackenbush, each against its brute-force twin.

* pieces on the ground valued once, each cut re-valuing only its own piece
  (``partizan.values_after_cuts``) -- against ``canonical_by_search`` of the
  drawing after the cut;
* green trees by the colon principle (``partizan._green_tree_grundy``) --
  against ``green.grundy_brute``;
* a blue or red edge over a number, a green edge over a nimber
  (``_Games.edge``) -- against ``canonical_by_search`` on random trees;
* refusals counted in steps, not seconds: the same drawing, the same answer.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach import games
from cgteach.hackenbush import green, partizan
from cgteach.hackenbush.position import Hackenbush

COLOURS = ("green", "blue", "red")


@st.composite
def drawings(draw, max_edges=7, circuits=True, colours=COLOURS):
    n = draw(st.integers(0, max_edges))
    edges = []
    for j in range(1, n + 1):
        edges.append((draw(st.integers(0, j - 1)), j, draw(st.sampled_from(colours))))
    if circuits and n and draw(st.booleans()):
        u, v = draw(st.integers(0, n)), draw(st.integers(0, n))
        edges.append((u, v, draw(st.sampled_from(colours))))
    return Hackenbush(edges)


@settings(max_examples=60, deadline=None)
@given(drawings())
def test_values_after_cuts_against_search(h):
    fast = partizan.values_after_cuts(h, None)
    assert sorted(fast) == list(range(len(h.edges)))
    for i, value in fast.items():
        assert value == partizan.canonical_by_search(h.cut(i)), (h, i)


@settings(max_examples=60, deadline=None)
@given(drawings(), st.sampled_from(["blue", "red"]))
def test_winning_moves_against_search(h, player):
    sign = 1 if player == "blue" else -1
    allowed = ("blue", "green") if sign > 0 else ("red", "green")
    expected = []
    for i, (_, _, c) in enumerate(h.edges):
        if c in allowed:
            left = partizan.canonical_by_search(h.cut(i))
            if left.outcome() in (("L", "P") if sign > 0 else ("R", "P")):
                expected.append(i)
    assert partizan.winning_moves(h, player) == expected


@settings(max_examples=80, deadline=None)
@given(drawings(max_edges=9, colours=("green",)))
def test_green_tree_rule_against_brute_force(h):
    signed = partizan._signed(h)
    fast = partizan._green_tree_grundy(signed)
    if fast is not None:
        assert fast == green.grundy_brute(h)
    else:
        assert h.edges  # only a drawing with a circuit is handed on


def test_green_tree_rule_sees_circuits_and_loops():
    assert partizan._green_tree_grundy([(0, 1, 0), (1, 2, 0), (2, 0, 0)]) is None
    assert partizan._green_tree_grundy([(0, 1, 0), (0, 1, 0)]) is None
    assert partizan._green_tree_grundy([(0, 1, 0), (1, 1, 0)]) == 2  # an edge with a loop: *2
    assert partizan._green_tree_grundy([(0, 0, 0)]) == 1


@settings(max_examples=60, deadline=None)
@given(drawings(max_edges=8, circuits=False))
def test_trees_of_every_colour_against_search(h):
    assert partizan.canonical(h) == partizan.canonical_by_search(h)


@pytest.mark.parametrize("seed", range(6))
def test_long_one_colour_runs_on_mixed_stalks(seed):
    # a green stalk over blue-red runs and the other way round: the shortcuts
    # carry numbers and nimbers up the runs, the search checks the result
    rng = random.Random(seed)
    colours = [rng.choice(["blue", "red"]) for _ in range(4)] + ["green"] * 3
    colours += [rng.choice(["blue", "red"]) for _ in range(3)]
    h = Hackenbush([(i, i + 1, c) for i, c in enumerate(colours)])
    assert partizan.canonical(h) == partizan.canonical_by_search(h)


@pytest.mark.parametrize("seed", range(8))
def test_blue_red_runs_under_a_green_top(seed):
    rng = random.Random(seed)
    colours = [rng.choice(["blue", "red"]) for _ in range(rng.randint(1, 6))] + ["green"]
    colours += [rng.choice(["blue", "red", "green"]) for _ in range(rng.randint(0, 2))]
    h = Hackenbush([(i, i + 1, c) for i, c in enumerate(colours)])
    assert partizan.canonical(h) == partizan.canonical_by_search(h)


def test_a_long_blue_red_run_under_a_green_edge_is_linear():
    rng = random.Random(7)
    colours = [rng.choice(["blue", "red"]) for _ in range(2000)]
    below = Hackenbush([(i, i + 1, c) for i, c in enumerate(colours)])
    h = Hackenbush(list(below.edges) + [(2000, 2001, "green")])
    x = games.number(below.value())
    assert h.canonical() == games.game([x], [x])  # x:* = x*


def test_star_of_ten_thousand_green_edges_and_one_blue():
    h = Hackenbush([(0, i + 1, "green") for i in range(10_000)] + [(0, 10_001, "blue")])
    assert h.canonical() == games.number(1)
    # after any cut Blue still has 1 + (an odd number of stars): positive, so every cut wins
    assert h.winning_moves("blue") == list(range(10_001))
    assert h.winning_moves("red") == []


def test_long_green_stalk_is_a_nimber():
    h = Hackenbush([(i, i + 1, "green") for i in range(70_000)])
    assert h.canonical() == games.nimber(70_000) and h.grundy() == 70_000
    assert games.nimber(65536) + games.nimber(65535) == games.nimber(65536 ^ 65535)


def test_a_long_blue_red_run_under_green_stays_a_number_then_a_game():
    # 2,000 blue-red edges, then one green edge on top
    rng = random.Random(7)
    colours = [rng.choice(["blue", "red"]) for _ in range(2000)]
    h = Hackenbush([(i, i + 1, c) for i, c in enumerate(colours)])
    assert h.canonical().is_number()
    assert h.canonical() == games.number(h.value())


def test_refusals_are_counted_not_timed():
    # a random mixed tree of 300 edges whose sums grow too big (the 200-edge
    # tree of seed 2, refused here before, is valued since the canonical core
    # takes fewer steps: the same form as the old engine with the limit off; a 300-edge
    # green-blue stalk, the example here before, is now valued from the
    # ground up: tests/test_games_stalks.py).  Steps are counted, not
    # seconds: from a fresh start the refusal is the same every time.  (The
    # game engine keeps what it learnt for the session, so a later attempt
    # in the same session may need fewer steps, never more.)
    script = (
        "import random\n"
        "from cgteach.hackenbush import Hackenbush, partizan\n"
        "rng = random.Random(2)\n"
        "h = Hackenbush([(rng.randrange(i), i, rng.choice(['green', 'blue', 'red']))"
        " for i in range(1, 301)])\n"
        "try:\n"
        "    h.canonical()\n"
        "except partizan.TooTangled as e:\n"
        "    print(e)\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
        for _ in range(2)
    ]
    messages = [r.stdout.strip() for r in runs]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    assert messages[0] == messages[1]
    assert "steps of the game engine" in messages[0]
    assert f"{partizan.MAX_MIXED_WORK:,}" in messages[0]



def test_work_budget_nests_and_restores():
    assert games._WORK[0] is None
    from fractions import Fraction

    with games.work_budget(0), pytest.raises(games.OutOfWork):
        games.game([games.number(Fraction(12345, 2**20))], [games.nimber(977)])
    assert games._WORK[0] is None
    with games.work_budget(10**6) as outer:
        with games.work_budget(10**6):
            games.game([0, games.UP], [games.STAR])
        assert games._WORK[0] == 10**6
    assert outer.used == 0
