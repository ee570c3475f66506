"""The block engine for Hackenbush with circuits, against plain search, in every colour."""

import time
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach import games
from cgteach.hackenbush import Hackenbush, blocks, partizan
from cgteach.hackenbush.bluered import value, value_by_search, winner_by_search

BLUE_RED = ("blue", "red")
ALL = ("blue", "red", "green")


@st.composite
def drawings(draw, colours=BLUE_RED, max_nodes=6, max_extra=4):
    """A random tree plus extra edges: circuits, parallel edges, loops, one or two grounds."""
    palette = draw(st.sampled_from([colours, ("blue", "green"), ("red", "green")])) if (
        "green" in colours and draw(st.booleans())) else colours
    c = st.sampled_from(palette)
    n = draw(st.integers(0, max_nodes))
    edges = [(draw(st.integers(0, k - 1)), k, draw(c)) for k in range(1, n + 1)]
    for _ in range(draw(st.integers(0, max_extra))):
        edges.append((draw(st.integers(0, n)), draw(st.integers(0, n)), draw(c)))
    grounds = (0,) if n == 0 or draw(st.booleans()) else (0, draw(st.integers(1, n)))
    order = draw(st.permutations(range(len(edges))))
    return Hackenbush([edges[i] for i in order], ground=grounds)


def plain_number(position):
    """The plain memoised search with no shortcut at all (the brute-force twin)."""
    return value_by_search(position)


# -- blue-red: the engine against the plain search ----------------------------------


@settings(max_examples=2000)
@given(drawings(max_nodes=5, max_extra=4))
def test_bluered_engine_matches_plain_search_thousands(h):
    assert partizan.bluered_value(h) == plain_number(h) == value(h)


@given(drawings(max_nodes=9, max_extra=3))
def test_bluered_engine_matches_plain_search_bigger(h):
    assert value(h) == plain_number(h)


@given(drawings(max_nodes=7, max_extra=4))
def test_pruning_changes_nothing(h):
    edges = tuple(partizan._signed(h))
    numbers = partizan._Numbers(len(edges) + 2)
    pruned = partizan._Engine(numbers, prune=True).evaluate(edges)
    plain = partizan._Engine(numbers, prune=False).evaluate(edges)
    assert pruned == plain


@st.composite
def dense_drawings(draw, max_nodes=5, max_edges=11):
    """Many edges on few nodes: parallel edges, loops, hanging numbers, one big block."""
    n = draw(st.integers(1, max_nodes))
    c = st.sampled_from(BLUE_RED)
    edges = [(draw(st.integers(0, k - 1)), k, draw(c)) for k in range(1, n + 1)]
    node = st.integers(0, n)
    while len(edges) < draw(st.integers(n, max_edges)):
        edges.append((draw(node), draw(node), draw(c)))
    grounds = (0,) if draw(st.booleans()) else (0, draw(st.integers(1, n)))
    return Hackenbush(edges, ground=grounds)


@settings(max_examples=600, deadline=None)
@given(dense_drawings())
def test_bitmask_engine_matches_plain_search_on_dense_drawings(h):
    # the bitmask engine (leaves folded into hanging numbers, pieces at the
    # ground valued apart, pruned moves in hanging numbers) against the plain search
    edges = tuple(partizan._signed(h))
    numbers = partizan._Numbers(len(edges) + 2)
    fast = partizan._Engine(numbers, bitmask=True).evaluate(edges)
    blocks = partizan._Engine(numbers, bitmask=False).evaluate(edges)
    assert numbers.fraction(fast) == numbers.fraction(blocks) == plain_number(h)


@settings(max_examples=300, deadline=None)
@given(drawings(max_nodes=7, max_extra=5))
def test_bitmask_engine_matches_block_engine(h):
    edges = tuple(partizan._signed(h))
    numbers = partizan._Numbers(len(edges) + 2)
    assert (partizan._Engine(numbers, bitmask=True).evaluate(edges)
            == partizan._Engine(numbers, bitmask=False, prune=False).evaluate(edges))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.integers(-20, 20)), max_size=2),
       dense_drawings(max_nodes=3, max_edges=7))
def test_bitmask_block_with_hanging_numbers(hanging, h):
    # numbers hanging at nodes, as the engine passes them to a block search,
    # against the same drawing with each number drawn as its stalk
    from cgteach.numbers import stalk_for

    edges = tuple(partizan._signed(h))
    colour = {1: "blue", -1: "red"}
    drawn = [(u, v, colour[c]) for u, v, c in edges]
    numbers = partizan._Numbers(len(edges) + 40)
    nodes = {x for u, v, _ in edges for x in (u, v)}
    weights, top = {}, 100
    for node, k in hanging:
        if node not in nodes:
            continue
        x = F(k, 4)
        weights[node] = weights.get(node, 0) + int(x * numbers.one)
        below = node
        for c in stalk_for(x):
            drawn.append((below, top, c))
            below, top = top, top + 1
    fast = partizan._Engine(numbers, bitmask=True).evaluate(edges, weights)
    assert numbers.fraction(fast) == plain_number(Hackenbush(drawn))


def test_windows_of_hanging_numbers_settle_positions_and_change_nothing():
    # fact 4's windows (partizan._BitBlock._window) on seeded random blocks
    # with numbers hanging: the value of the plain search and of the engine
    # told not to prune, and both ways of settling a position happen
    import random

    from cgteach.numbers import stalk_for

    rng = random.Random(17)
    colour = {1: "blue", -1: "red"}
    settled = {"no cut": 0, "one side": 0}
    checked = 0
    while checked < 60:
        n = rng.randint(2, 4)
        edges = [(rng.randrange(k), k, rng.choice((1, -1))) for k in range(1, n + 1)]
        edges += [(rng.randint(0, n), rng.randint(0, n), rng.choice((1, -1)))
                  for _ in range(rng.randint(1, 4))]
        edges = tuple(sorted((min(u, v), max(u, v), c) for u, v, c in edges))
        drawn = [(u, v, colour[c]) for u, v, c in edges]
        numbers = partizan._Numbers(len(edges) + 30)
        weights, top = {}, 100
        for _ in range(rng.randint(1, 2)):
            node, x = rng.randint(1, n), F(rng.randint(-9, 9), rng.choice((1, 2, 4)))
            weights[node] = weights.get(node, 0) + int(x * numbers.one)
            below = node
            for c in stalk_for(x):
                drawn.append((below, top, c))
                below, top = top, top + 1
        if len(drawn) > 22:
            continue
        checked += 1
        engine = partizan._Engine(numbers)
        fast = engine.evaluate(edges, weights)
        assert fast == partizan._Engine(numbers, prune=False).evaluate(edges, weights)
        assert numbers.fraction(fast) == plain_number(Hackenbush(drawn))
        for way in settled:
            settled[way] += engine.settled[way]
    assert settled["no cut"] > 0 and settled["one side"] > 0, settled


def test_dense_twenty_edges_are_valued_and_bigger_refused_fast():
    import random

    rng = random.Random(2046)
    edges = [(rng.randrange(j), j, rng.choice(BLUE_RED)) for j in range(1, 10)]
    while len(edges) < 20:
        edges.append((rng.randrange(10), rng.randrange(10), rng.choice(BLUE_RED)))
    partizan._check_size(partizan._signed(Hackenbush(edges)), "value")  # not refused
    # one edge too many for a dense block, and long overlapping circuits
    bigger = Hackenbush(edges + [(0, k, "blue") for k in (2, 5, 7)])
    ring = [(k, k + 1, "blue" if k % 3 else "red") for k in range(39)] + [(39, 0, "red")]
    chords = ring + [(k, k + 19, "blue") for k in range(1, 20, 3)]
    for h in (bigger, Hackenbush(chords)):
        start = time.process_time()
        with pytest.raises(partizan.TooTangled, match="circuits") as err:
            value(h)
        assert time.process_time() - start < 1
        assert "block" in str(err.value)


def test_search_budget_refuses_long_overlapping_circuits_fast():
    # within the size limits (40 edges, 8 circuits), but its chains could
    # stand in about 190,000 ways: refused up front by the estimate
    # (blocks.MAX_LONG_BLOCK_WORK), counted, not timed.  The budget of cuts
    # behind it is tested in tests/test_hackenbush_chains.py.
    import random

    rng = random.Random(0)
    t = 32
    edges = [(rng.randrange(j), j, rng.choice(BLUE_RED)) for j in range(1, t + 1)]
    for _ in range(8):
        u, v = rng.sample(range(t + 1), 2)
        edges.append((u, v, rng.choice(BLUE_RED)))
    h = Hackenbush(edges)
    start = time.process_time()
    with pytest.raises(partizan.TooTangled, match="too tangled"):
        value(h)
    assert time.process_time() - start < 2  # about 1 ms


def test_long_block_search_calls_the_engine_entry_point():
    # the editor's live guard wraps engine.search; the bitmask engine calls it
    # every 1024 positions, so a long search inside one block is seen
    import random

    rng = random.Random(2042)
    edges = [(rng.randrange(j), j, rng.choice(BLUE_RED)) for j in range(1, 10)]
    while len(edges) < 17:
        edges.append((rng.randrange(10), rng.randrange(10), rng.choice(BLUE_RED)))
    signed = tuple(partizan._signed(Hackenbush(edges)))
    numbers = partizan._Numbers(len(signed) + 2)
    engine = partizan._Engine(numbers)
    calls = []
    inner = engine.search

    def search(block, weights):
        calls.append(block)
        return inner(block, weights)

    engine.search = search
    engine.evaluate(signed)
    assert engine.positions < 1024 or () in calls


# A dense blue-red block (searched on bitmasks, many positions) and, beside it
# on the ground, a digon and a long circuit.
DENSE = [(0, 1, "blue"), (1, 2, "red"), (2, 3, "blue"), (3, 0, "red"), (0, 2, "blue"),
         (1, 3, "red"), (1, 3, "blue"), (0, 2, "red"), (2, 4, "blue"), (4, 3, "red"),
         (4, 4, "blue")]
DIGON = [(0, 20, "blue"), (20, 0, "blue")]
LONG = [(0, 30, "red")] + [(30 + k, 31 + k, ("blue", "red")[k % 2]) for k in range(21)] + [
    (51, 0, "blue")]


def test_a_long_block_search_leaves_the_next_blocks_their_budget(monkeypatch):
    # the positions searched inside a bitmask block once counted against the
    # engine's budget of blocks, so a dense block valued in seconds made the
    # small block after it "too tangled"; bitmask blocks spend MAX_SEARCH_WORK
    dense = partizan._Engine(partizan._Numbers(len(DENSE) + 2))
    dense.evaluate(tuple(partizan._signed(Hackenbush(DENSE))))
    assert dense.positions > 10  # the dense block really is searched position by position
    monkeypatch.setattr(blocks, "MAX_SEARCH_BLOCKS", 3)
    both = value(Hackenbush(DENSE + DIGON))
    assert both == value(Hackenbush(DENSE)) + value(Hackenbush(DIGON)) == value_by_search(
        Hackenbush(DENSE + DIGON))


def _work(edges):
    engine = partizan._Engine(partizan._Numbers(len(edges) + 2), partizan.MAX_SEARCH_BLOCKS)
    found = engine.evaluate(tuple(partizan._signed(Hackenbush(edges))))
    return engine.work, engine.alg.fraction(found)


def test_one_budget_of_search_for_all_the_blocks_of_one_valuation(monkeypatch):
    # issue 39: the dense block's budget once counted per block, so a drawing
    # of several blocks could search several budgets long before its refusal;
    # now every block of one valuation spends MAX_SEARCH_WORK, a count
    from cgteach.hackenbush import bluered

    assert len(LONG) > partizan.MAX_DENSE_BLOCK_EDGES >= len(DENSE)
    (long_work, long_value), (dense_work, dense_value) = _work(LONG), _work(DENSE)
    assert long_work > 10 and dense_work > 10
    monkeypatch.setattr(blocks, "MAX_SEARCH_WORK", long_work + dense_work)
    assert value(Hackenbush(DENSE + LONG)) == long_value + dense_value
    # enough for either block alone, not for both
    for budget in (max(long_work, dense_work) + min(long_work, dense_work) // 2,
                   max(long_work, dense_work)):
        monkeypatch.setattr(blocks, "MAX_SEARCH_WORK", budget)
        for call in (value, bluered.value, bluered.outcome,
                     lambda h: bluered.winning_moves(h, "blue")):
            with pytest.raises(partizan.TooTangled, match=f"more than {budget:,} steps") as err:
                call(Hackenbush(DENSE + LONG))
            assert "MAX_SEARCH_WORK" in str(err.value)


@given(drawings(colours=ALL, max_nodes=6, max_extra=4))
def test_canonical_labels_change_nothing(h):
    # the optional canonical naming of blocks (isomorphic blocks share an entry)
    edges = tuple(partizan._signed(h))
    if h.is_blue_red():
        numbers = partizan._Numbers(len(edges) + 2)
        make = lambda: partizan._Engine(numbers)  # noqa: E731
    else:
        make = lambda: partizan._Engine(partizan._Games())  # noqa: E731
    plain = make().evaluate(edges)
    try:
        blocks.CANONICAL_LABELS = True
        assert make().evaluate(edges) == plain
    finally:
        blocks.CANONICAL_LABELS = False


@given(drawings(max_nodes=5, max_extra=3))
def test_bluered_winning_moves_match_play(h):
    for player in BLUE_RED:
        other = "red" if player == "blue" else "blue"
        expected = [
            i for i, (_, _, c) in enumerate(h.edges)
            if c == player and winner_by_search(h.cut(i), other) == player
        ]
        assert h.winning_moves(player) == expected


# -- every colour: canonical() against {left options | right options} -------------------


@settings(max_examples=1000)
@given(drawings(colours=ALL, max_nodes=5, max_extra=3))
def test_canonical_matches_plain_search(h):
    assert partizan.canonical(h) == partizan.canonical_by_search(h) == h.canonical()


@given(drawings(colours=ALL, max_nodes=4, max_extra=3))
def test_outcome_and_winning_moves_in_every_colour(h):
    truth = partizan.canonical_by_search(h)
    assert h.outcome() == truth.outcome()
    for player, good in (("blue", ("L", "P")), ("red", ("R", "P"))):
        allowed = {player, "green"}
        expected = [
            i for i, (_, _, c) in enumerate(h.edges)
            if c in allowed and partizan.canonical_by_search(h.cut(i)).outcome() in good
        ]
        assert h.winning_moves(player) == expected
    if h.is_green():
        assert h.winning_moves() == [i for i in range(len(h))
                                     if partizan.canonical_by_search(h.cut(i)) == games.ZERO]


@given(drawings(colours=ALL, max_nodes=3, max_extra=2), drawings(colours=ALL, max_nodes=3,
                                                                  max_extra=2))
def test_sums_and_negatives_in_every_colour(a, b):
    assert (a + b).canonical() == a.canonical() + b.canonical()
    assert (-a).canonical() == -a.canonical()


# -- the colon principle, checked by brute force --------------------------------------


def hang(base, node, piece):
    """``base`` with ``piece`` (a drawing on ground 0) standing on ``node`` of ``base``."""
    offset = 1000
    names = dict.fromkeys(piece.ground, node)
    edges = list(base.edges)
    for u, v, c in piece.edges:
        edges.append((names.get(u, u + offset), names.get(v, v + offset), c))
    return Hackenbush(edges, ground=base.ground)


@given(drawings(colours=ALL, max_nodes=3, max_extra=1),
       drawings(colours=ALL, max_nodes=2, max_extra=1),
       drawings(colours=ALL, max_nodes=2, max_extra=1), st.data())
def test_colon_principle(base, h, k, data):
    # H >= K implies P[H] >= P[K] for pieces hanging at one node (equal values: equal results)
    node = data.draw(st.sampled_from(base.nodes))
    gh, gk = partizan.canonical_by_search(h), partizan.canonical_by_search(k)
    ph = partizan.canonical_by_search(hang(base, node, h))
    pk = partizan.canonical_by_search(hang(base, node, k))
    if gh >= gk:
        assert ph >= pk
    if gh == gk:
        assert ph == pk


@given(drawings(max_nodes=3, max_extra=2), drawings(max_nodes=3, max_extra=1),
       drawings(max_nodes=3, max_extra=1), st.data())
def test_a_hanging_number_moves_the_value_at_most_as_much_as_itself(base, h, k, data):
    # numbers x <= y hanging at one node: 0 <= P[y] - P[x] <= y - x (proof in partizan's notes)
    node = data.draw(st.sampled_from(base.nodes))
    (x, h), (y, k) = sorted([(value_by_search(h), h), (value_by_search(k), k)],
                            key=lambda pair: pair[0])
    px = value_by_search(hang(base, node, h))
    py = value_by_search(hang(base, node, k))
    assert 0 <= py - px <= y - x


# -- worked examples --------------------------------------------------------------------


@pytest.mark.parametrize(
    "edges, expected",
    [
        ([(0, 1)], "*"),
        ([(0, 1, "green"), (1, 2, "blue")], "↑*"),
        ([(0, 1, "blue"), (1, 2, "green")], "1*"),
        ([(0, 1, "green"), (0, 2, "green")], "0"),
        ([(0, 1, "blue"), (1, 2, "red"), (2, 0, "green")], None),  # checked against search
        ([(0, 1, "green"), (1, 0, "blue"), (1, 1, "red")], None),
    ],
)
def test_worked_canonical_forms(edges, expected):
    h = Hackenbush(edges)
    g = h.canonical()
    assert g == partizan.canonical_by_search(h)
    if expected is not None:
        assert str(g) == expected


def test_bluered_canonical_is_the_number():
    h = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (2, 0, "blue"), (2, 3, "red")])
    assert h.canonical() == games.number(value(h))
    assert h.canonical().number_value() == value(h)


def test_house_with_hanging_pieces():
    # a lecture picture: a square with a triangle roof, stalks and a green flag on top
    edges = [(0, 1, "blue"), (1, 2, "red"), (2, 3, "blue"), (3, 0, "red"), (1, 3, "blue"),
             (2, 4, "red"), (3, 4, "blue"), (4, 5, "blue"), (5, 6, "red"), (1, 7, "red"),
             (7, 8, "blue"), (2, 9, "blue")]
    h = Hackenbush(edges)
    assert value(h) == value_by_search(h)
    mixed = Hackenbush(edges + [(4, 10, "green"), (10, 11, "green")])
    assert mixed.canonical() == partizan.canonical_by_search(mixed)


# -- too tangled: refused at once -------------------------------------------------------


def test_too_tangled_is_fast_and_says_why():
    import random

    rng = random.Random(5)
    edges = [(rng.randrange(12), rng.randrange(12), rng.choice(BLUE_RED)) for _ in range(60)]
    edges += [(0, k, "blue") for k in range(1, 12)]
    h = Hackenbush(edges)
    for call in (value, Hackenbush.canonical, Hackenbush.outcome,
                 lambda p: p.winning_moves("blue")):
        start = time.process_time()
        with pytest.raises(partizan.TooTangled, match="independent circuits") as err:
            call(h)
        assert time.process_time() - start < 1
        assert isinstance(err.value, ValueError)


def test_mixed_value_points_to_canonical():
    h = Hackenbush([(0, 1, "blue"), (1, 2, "green")])
    with pytest.raises(ValueError, match=r"\.canonical\(\)"):
        h.value()
    with pytest.raises(ValueError, match="name the player"):
        h.winning_moves()
    with pytest.raises(ValueError, match="player must be 'blue'"):
        h.winning_moves("green")


def test_number_options_are_the_canonical_ones():
    for x in (F(3), F(-2), F(0), F(3, 4), F(-5, 8)):
        left, right = partizan.number_options(x)
        g = games.number(x)
        assert [games.number(y) for y in left] == list(g.left)
        assert [games.number(y) for y in right] == list(g.right)


def test_live_edges_is_an_int():
    assert isinstance(partizan.LIVE_EDGES, int) and partizan.LIVE_EDGES > 0
    for limit in (partizan.LIVE_EDGES_BLUE_RED, partizan.LIVE_EDGES_MIXED):
        assert isinstance(limit, int) and limit >= partizan.LIVE_EDGES


def test_search_stops_at_its_work_budget(monkeypatch):
    Fraction = F
    # A count of steps, not a clock: a green edge over a number nobody has
    # built before needs new games, so a budget of 0 steps refuses it.
    from cgteach.numbers import stalk_for

    colours = stalk_for(Fraction(12345, 2**14) + Fraction(1, 2**15))
    drawing = Hackenbush(
        [(i, i + 1, c) for i, c in enumerate(colours)] + [(len(colours), len(colours) + 1, "green")]
    )
    monkeypatch.setattr(partizan, "MAX_MIXED_WORK", 0)
    for _ in range(2):  # the same answer every time
        with pytest.raises(partizan.TooTangled, match="steps of the game engine"):
            drawing.canonical()
    monkeypatch.undo()
    value = drawing.canonical()
    x = Fraction(12345, 2**14) + Fraction(1, 2**15)
    assert value == games.game([x], [x])  # x:* = {x | x} = x*
