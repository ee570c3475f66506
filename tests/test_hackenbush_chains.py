"""Long overlapping circuits (a random tree plus chords): the shortcuts of issue 27 and their twins.

Every shortcut of the blue-red block search added for these drawings is
switched off one at a time and the answers compared with the engine as it
was before (both off) and with the plain ``{left | right}`` search over
every set of standing edges (``bluered.value_by_search``, no shortcut), on
hundreds of random small drawings with long circuits and pieces hanging.
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.hackenbush import Hackenbush, blocks
from cgteach.hackenbush.bluered import value, value_by_search

BLUE_RED = ("blue", "red")


@st.composite
def chord_drawings(draw, max_tree=9, max_chords=3):
    """A random tree (each node hangs from an earlier one) plus chords between random nodes."""
    c = st.sampled_from(BLUE_RED)
    t = draw(st.integers(2, max_tree))
    edges = [(draw(st.integers(0, k - 1)), k, draw(c)) for k in range(1, t + 1)]
    for _ in range(draw(st.integers(1, max_chords))):
        u = draw(st.integers(0, t))
        v = draw(st.integers(0, t).filter(lambda x, u=u: x != u))
        edges.append((u, v, draw(c)))
    return Hackenbush(edges)


def engine_value(h, **switches):
    edges = tuple(blocks._signed(h))
    numbers = blocks._Numbers(len(edges) + 2)
    engine = blocks._Engine(numbers, **switches)
    return numbers.fraction(engine.evaluate(edges))


@settings(max_examples=300, deadline=None)
@given(chord_drawings())
def test_each_shortcut_against_the_engine_before_and_the_plain_search(h):
    plain = value_by_search(h)
    assert engine_value(h, finest_first=False, early=False) == plain  # the engine before
    assert engine_value(h, finest_first=True, early=False) == plain  # finest numbers first
    assert engine_value(h, finest_first=False, early=True) == plain  # one side early
    assert engine_value(h) == value(h) == plain  # both, as shipped


@settings(max_examples=100, deadline=None)
@given(chord_drawings(max_tree=6, max_chords=4), st.data())
def test_shortcuts_with_numbers_hanging_at_every_node(h, data):
    # the block searched directly with random numbers hanging at its nodes
    # (the windows of fact 4 are only used when numbers hang); the twin is the
    # same block with each number drawn as a stalk of edges, searched plainly
    from cgteach.hackenbush.bluered import stalk

    edges = tuple(blocks._signed(h))
    nodes = sorted({x for u, v, _ in edges for x in (u, v)} - {0})
    # (-3 and -5/2 under an edge: Berlekamp's rule with n > 1, inlined in the cut loop)
    values = [F(0), F(1), F(-1), F(2), F(1, 2), F(-3, 4), F(5, 4), F(-3), F(-5, 2)]
    weights = {v: data.draw(st.sampled_from(values)) for v in nodes}
    name = {1: "blue", -1: "red"}
    drawn = [(u, v, name[c]) for u, v, c in edges]  # the signed names, ground 0
    for v, x in weights.items():
        if x:
            s = stalk(x)
            top = max(max(a, b) for a, b, _ in drawn) + 1  # fresh names for the stalk
            names = {0: v}
            for a, b, colour in s.edges:
                for end in (a, b):
                    if end not in names:
                        names[end] = top
                        top += 1
                drawn.append((names[a], names[b], colour))
    expected = value_by_search(Hackenbush(drawn)) if len(drawn) <= 18 else value(Hackenbush(drawn))
    numbers = blocks._Numbers(len(drawn) + 2)
    scaled = {v: int(x * numbers.one) for v, x in weights.items() if x}
    for switches in ({}, {"finest_first": False, "early": False}, {"early": False},
                     {"finest_first": False}):
        engine = blocks._Engine(numbers, **switches)
        assert numbers.fraction(engine.evaluate(edges, scaled)) == expected, switches


def _bench():
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_tangled

    return bench_tangled


def test_the_forty_edge_family_passes_the_up_front_limits_and_longer_chords_do_not():
    # issue 27: the seven seeded drawings of 40 edges with 4 chords are searched
    # (benchmarks/bench_tangled.py values them all); longer overlapping circuits
    # (60 edges with 6 chords, 40 with 8) are refused at once, saying why: by the
    # chains estimate, or (issue 39) by the ways their hanging pieces combine,
    # which now also refuses the 60-edge drawing that once searched 7.8 s first
    bench = _bench()
    rng = random.Random(2026 + 40)
    for _ in range(7):
        h = bench.chords(40, 4, rng)
        blocks._check_size(blocks._signed(h), "value")  # not refused
    rng = random.Random(2026 + 60)
    tangled = [bench.chords(60, 6, rng) for _ in range(7)]
    tangled += [bench.chords(40, 8, random.Random(seed)) for seed in (0, 55)]
    refused = 0
    for h in tangled:
        start = time.process_time()
        try:
            blocks._check_size(blocks._signed(h), "value")
        except blocks.TooTangled as err:
            refused += 1
            why = str(err)
            assert ("chains could stand in about" in why
                    or "hanging on its nodes, whose heights combine in about" in why), why
            assert "searched up to" in why
        assert time.process_time() - start < 0.5
    assert refused == 9


def test_the_budget_of_search_is_counted_and_says_so(monkeypatch):
    # the first 40-edge drawing of issue 27 (a 21-edge block) needs about
    # 950 000 steps of search; with a smaller budget it is refused by the count
    bench = _bench()
    h = bench.chords(40, 4, random.Random(2026 + 40))
    monkeypatch.setattr(blocks, "MAX_SEARCH_WORK", 5_000)
    start = time.process_time()
    with pytest.raises(blocks.TooTangled, match="more than 5,000 steps of search"):
        value(h)
    assert time.process_time() - start < 2
