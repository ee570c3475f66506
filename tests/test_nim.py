"""Tests for cgteach.nim (analysis) and cgteach.draw.nim (pictures)."""

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import nim
from cgteach.nim import (
    _brute_force_outcome,
    _brute_force_winning_moves,
    balancing_steps,
    best_move,
    binary_table,
    hint,
    is_balanced,
    misere_winning_moves,
    moves,
    outcome,
    play,
    winning_moves,
)
from cgteach.nimbers import nim_sum

positions = st.lists(st.integers(min_value=0, max_value=40), max_size=6)
small_positions = st.lists(st.integers(min_value=0, max_value=7), max_size=4)

# Every position with at most 4 heaps of at most 5 stones (order matters).
ALL_SMALL = [p for k in range(5) for p in itertools.product(range(6), repeat=k)]


# --- worked examples from the sources ------------------------------------------


@pytest.mark.parametrize(
    "heaps, expected",
    [
        ([10, 12, 5], [(0, 9)]),  # the chapter: 10 ⊕ 3 = 9, remove one stick
        ([13, 19, 10], [(1, 7)]),  # nim sum 20: only pile 2 (19) holds a 16
        ([4, 11, 13], [(1, 9)]),  # *4 + *11 + *13 = *2: only 11 holds a 2
        ([3, 5, 7], [(0, 2), (1, 4), (2, 6)]),
        ([9, 12, 5], []),
        ([7, 7], []),
        ([], []),
        ([6], [(0, 0)]),
    ],
)
def test_winning_moves_examples(heaps, expected):
    assert winning_moves(heaps) == expected


@pytest.mark.parametrize(
    "heaps, s, kind",
    [([10, 12, 5], 3, "N"), ([9, 12, 5], 0, "P"), ([13, 19, 10], 20, "N"), ([4, 11, 13], 2, "N")],
)
def test_nim_sum_decides_the_outcome_thm_3_6(heaps, s, kind):
    assert nim_sum(heaps) == s
    assert outcome(heaps) == kind
    assert is_balanced(heaps) == (kind == "P")


@pytest.mark.parametrize("n", range(12))
def test_two_equal_piles_are_p_thm_3_1(n):
    assert outcome([n, n]) == "P"
    assert winning_moves([n, n]) == []
    # the mirror strategy: every move in one pile is answered in the other
    for i, new in moves([n, n]):
        assert winning_moves(play([n, n], (i, new))) == [(1 - i, new)]


@pytest.mark.parametrize(
    "heaps, normal, misere",
    [
        ([], "P", "N"),
        ([1], "N", "P"),
        ([1, 1], "P", "N"),
        ([1, 1, 1], "N", "P"),
        ([2], "N", "N"),
        ([2, 2], "P", "P"),
        ([1, 2, 3], "P", "P"),
        ([1, 1, 5], "N", "N"),
        ([10, 12, 5], "N", "N"),
    ],
)
def test_outcome_examples(heaps, normal, misere):
    assert outcome(heaps) == normal
    assert outcome(heaps, misere=True) == misere


@pytest.mark.parametrize(
    "heaps, expected",
    [
        ([10, 12, 5], [(0, 9)]),  # two or more big heaps: play as normal Nim
        ([1, 5], [(1, 0)]),  # one big heap, one 1 left: empty the big heap
        ([1, 1, 5], [(2, 1)]),  # one big heap, two 1s: leave it with 1
        ([7], [(0, 1)]),
        ([0, 3, 0], [(1, 1)]),
        ([1, 1], [(0, 0), (1, 0)]),
        ([1, 1, 1], []),
        ([1], []),
        ([2, 2], []),
        ([], []),
    ],
)
def test_misere_winning_moves_examples(heaps, expected):
    assert misere_winning_moves(heaps) == expected


# --- brute force: every small position -------------------------------------------


@pytest.mark.parametrize("misere", [False, True])
def test_outcome_agrees_with_brute_force_on_all_small_positions(misere):
    for heaps in ALL_SMALL:
        assert outcome(heaps, misere) == _brute_force_outcome(heaps, misere), heaps


def test_winning_moves_agree_with_brute_force_on_all_small_positions():
    for heaps in ALL_SMALL:
        assert winning_moves(heaps) == _brute_force_winning_moves(heaps), heaps


def test_misere_winning_moves_agree_with_brute_force_on_all_small_positions():
    for heaps in ALL_SMALL:
        assert misere_winning_moves(heaps) == _brute_force_winning_moves(heaps, True), heaps


@given(small_positions, st.booleans())
def test_winning_moves_agree_with_brute_force_on_random_positions(heaps, misere):
    fast = misere_winning_moves(heaps) if misere else winning_moves(heaps)
    assert fast == _brute_force_winning_moves(heaps, misere)
    assert outcome(heaps, misere) == ("N" if fast else _brute_force_outcome(heaps, misere))


def test_brute_force_basics():
    # independent of the XOR rule: the 1-3 counting facts of tiny positions
    assert _brute_force_outcome([]) == "P"
    assert _brute_force_outcome([], misere=True) == "N"
    assert _brute_force_outcome([4]) == "N"
    assert _brute_force_outcome([2, 2]) == "P"
    assert _brute_force_outcome([3, 2, 1]) == "P"
    assert _brute_force_outcome([60]) == "N"  # long game: no recursion limit
    assert _brute_force_winning_moves([1, 1, 1], misere=True) == []


# --- Thm 3.4 and the balancing procedure (Thm 3.5) -------------------------------


@given(positions)
def test_every_move_from_a_balanced_position_unbalances_thm_3_4(heaps):
    heaps = list(heaps)
    if heaps:
        heaps[-1] = nim_sum(heaps[:-1])  # make it balanced
    assert is_balanced(heaps)
    for move in moves(heaps):
        assert not is_balanced(play(heaps, move))


@given(positions)
def test_balancing_reaches_nim_sum_0_and_agrees_with_the_xor_rule(heaps):
    b = balancing_steps(heaps)
    s = nim_sum(heaps)
    if s == 0:
        assert b.move is None and b.heap is None and b.largest is None
        assert b.odd_powers == () and b.running_total == () and b.removed == 0
        assert b.balanced
        return
    a = b.heap
    assert b.largest == 1 << (s.bit_length() - 1)
    assert sum(b.odd_powers) == s
    assert a == min(i for i, h in enumerate(heaps) if h & b.largest)
    assert b.running_total[0][1] == heaps[a]  # T starts at the size of A
    ts = [t for _, t in b.running_total]
    for before, after in itertools.pairwise(ts):
        drop = before - after
        assert drop > 0 and drop & (drop - 1) == 0  # each step removes one power of two
        assert (nim_sum(heaps) ^ heaps[a]) & drop  # ... that the other piles hold oddly
    assert ts[-1] == b.removed == heaps[a] - (heaps[a] ^ s) >= 1
    assert all(t >= 1 for t in ts)
    assert b.new_size == heaps[a] ^ s
    assert b.move == (a, heaps[a] ^ s) and b.move in winning_moves(heaps)
    assert is_balanced(play(heaps, b.move))
    assert not b.balanced


@pytest.mark.parametrize(
    "heaps, heap, totals, new",
    [
        ([10, 12, 5], 0, [10, 2, 1], 9),
        ([13, 19, 10], 1, [19, 15, 13, 12], 7),  # A = 19 holds the 16; 13 ⊕ 10 = 4 + 2 + 1
        ([5, 4], 0, [5, 1], 4),  # A keeps its own 4: the literal "n <= N" reading fails here
        ([7], 0, [7], 0),
        ([1, 2, 3, 8], 3, [8], 0),
    ],
)
def test_balancing_examples(heaps, heap, totals, new):
    b = balancing_steps(heaps)
    assert b.heap == heap
    assert [t for _, t in b.running_total] == totals
    assert b.new_size == new and b.removed == heaps[heap] - new


def test_balancing_record_for_10_12_5():
    b = balancing_steps([10, 12, 5])
    assert b.heaps == (10, 12, 5)
    assert dict(b.subpiles) == {8: (0, 1), 4: (1, 2), 2: (0,), 1: (2,)}
    assert b.odd_powers == (2, 1) and b.largest == 2
    assert b.running_total[0] == ("start with all of pile A (pile 1)", 10)
    assert b.steps[-1] == (
        "Take T = 1 stone from pile 1, leaving 9: the position 9, 12, 5 has nim sum 0."
    )
    text = str(b)
    assert text.splitlines()[0] == "Balancing 10, 12, 5 (Thm 3.5):"
    assert "  5. Start the running total with all of pile A: T = 10." in text.splitlines()
    assert all(len(line) <= 84 for line in text.splitlines())
    assert repr(b) == "balancing_steps([10, 12, 5])"
    assert eval(repr(b), {"balancing_steps": balancing_steps}) == b
    assert hash(b) == hash(balancing_steps((10, 12, 5)))
    with pytest.raises(AttributeError):
        b.removed = 3
    with pytest.raises(TypeError):
        b.subpiles[8] = ()


def test_balancing_record_for_a_balanced_position():
    b = balancing_steps([3, 3])
    assert b.move is None and b.new_size is None
    assert "balanced" in b.steps[-1]
    assert "Thm 3.4" in str(b)


# --- moves, play, best_move, hint -------------------------------------------------


@given(positions)
def test_moves_lists_every_legal_move_once(heaps):
    found = moves(heaps)
    assert len(found) == len(set(found)) == sum(heaps)
    for i, new in found:
        after = play(heaps, (i, new))
        assert after[i] == new < heaps[i]
        assert after[:i] == tuple(heaps[:i]) and after[i + 1 :] == tuple(heaps[i + 1 :])


def test_moves_order_and_play_keeps_the_input():
    assert moves([2, 0, 1]) == [(0, 1), (0, 0), (2, 0)]
    heaps = [10, 12, 5]
    assert play(heaps, (0, 9)) == (9, 12, 5)
    assert play(heaps, [1, 0]) == (10, 0, 5)
    assert heaps == [10, 12, 5]


@pytest.mark.parametrize(
    "heaps, move, error, message",
    [
        ([3, 2], (1, 5), ValueError, r"heap index 1 \(pile 2\) has only 2 stones"),
        ([3, 1], (1, 4), ValueError, r"has only 1 stone: its new size must be 0, got 4"),
        ([3, 2], (0, 3), ValueError, "must take at least one stone"),
        ([3, 0], (1, 0), ValueError, r"heap index 1 \(pile 2\) is empty"),
        ([3, 2], (2, 0), ValueError, "no heap index 2: the indices run from 0 to 1"),
        ([], (0, 0), ValueError, "there are no heaps"),
        ([3, 2], (0, -1), ValueError, "new heap size"),
        ([3, 2], (-1, 0), ValueError, "heap index"),
        ([3, 2], (0.0, 1), TypeError, "heap index"),
        ([3, 2], ("0", 1), TypeError, "heap index"),
        ([3, 2], (0, 1, 2), TypeError, "pair"),
        ([3, 2], 0, TypeError, "pair"),
        ([3, 2], "01", TypeError, "pair"),
    ],
)
def test_play_rejects_illegal_moves(heaps, move, error, message):
    with pytest.raises(error, match=message):
        play(heaps, move)


@given(positions, st.booleans())
def test_best_move_wins_when_it_can(heaps, misere):
    if not any(heaps):
        with pytest.raises(ValueError, match="every heap is empty"):
            best_move(heaps, misere)
        return
    move = best_move(heaps, misere)
    after = play(heaps, move)
    if outcome(heaps, misere) == "N":
        assert outcome(after, misere) == "P"
    else:
        big = max(heaps)
        assert move == (heaps.index(big), big - 1)
    rng_move = best_move(heaps, misere, rng=random.Random(7))
    assert rng_move in moves(heaps)
    if outcome(heaps, misere) == "N":
        assert rng_move == move


def test_best_move_random_in_a_losing_position_uses_the_rng():
    chosen = {best_move([4, 4, 0], rng=random.Random(seed)) for seed in range(40)}
    assert chosen == set(moves([4, 4, 0]))


@pytest.mark.parametrize(
    "heaps, misere, text",
    [
        ([10, 12, 5], False, "Take 1 stone from pile 1 (leaving 9): that leaves nim sum 0."),
        ([3, 0, 5], False, "Take 2 stones from pile 3 (leaving 3): that leaves nim sum 0."),
        ([6], False, "Take 6 stones from pile 1 (emptying it): that leaves nim sum 0."),
        (
            [4, 4],
            False,
            "The position is balanced (nim sum 0): no move wins; take one stone and hope.",
        ),
        ([0, 0], False, "There are no stones left: the game is over."),
        (
            [1, 1, 5],
            True,
            "Take 4 stones from pile 3 (leaving 1): that leaves an odd number of one-stone piles.",
        ),
        (
            [1, 1],
            True,
            "Take 1 stone from pile 1 (emptying it): that leaves an odd number of one-stone piles.",
        ),
        ([10, 12, 5], True, "Take 1 stone from pile 1 (leaving 9): that leaves nim sum 0."),
        (
            [1, 0, 1, 1],
            True,
            "An odd number of one-stone piles is left: no move wins in misère play; "
            "take one stone and hope.",
        ),
        (
            [2, 2],
            True,
            "The position is balanced (nim sum 0): no move wins; take one stone and hope.",
        ),
    ],
)
def test_hint_sentences(heaps, misere, text):
    assert hint(heaps, misere) == text


# --- the binary table ----------------------------------------------------------


def test_binary_table_for_10_12_5():
    t = binary_table([10, 12, 5])
    assert t.heaps == (10, 12, 5)
    assert t.powers == (8, 4, 2, 1) and t.width == 4
    assert t.rows == ((1, 0, 1, 0), (1, 1, 0, 0), (0, 1, 0, 1))
    assert t.nim_sum == 3 and t.nim_sum_bits == (0, 0, 1, 1)
    assert t.leading == 2 and t.leading_column == 2
    assert t.to_change == (0,) and t.moves == ((0, 9),)
    assert str(t).splitlines() == [
        "     8 4 2 1",
        " 10  1 0 1 0   change to 9",
        " 12  1 1 0 0",
        "  5  0 1 0 1",
        "------------",
        "  3  0 0 1 1",
    ]


@given(positions)
def test_binary_table_rows_are_the_heaps_in_binary(heaps):
    t = binary_table(heaps)
    assert t.width == len(t.powers) >= 1
    for h, row in zip(heaps, t.rows, strict=True):
        assert sum(p * b for p, b in zip(t.powers, row, strict=True)) == h
    assert sum(p * b for p, b in zip(t.powers, t.nim_sum_bits, strict=True)) == t.nim_sum
    for c in range(t.width):
        assert sum(row[c] for row in t.rows) % 2 == t.nim_sum_bits[c]
    assert list(t.moves) == winning_moves(heaps)
    if t.nim_sum:
        assert all(t.rows[i][t.leading_column] == 1 for i in t.to_change)
    else:
        assert t.leading is None and t.to_change == ()


def test_binary_table_edge_cases():
    assert binary_table([]).powers == (1,)
    assert binary_table([0, 0]).rows == ((0,), (0,))


# --- bad input everywhere ------------------------------------------------------


BAD_HEAPS = [
    ([3, -1], ValueError, "heap 2 must be a non-negative integer, got -1"),
    ([1.5, 2], TypeError, "heap 1 must be a non-negative integer, got 1.5"),
    (["3"], TypeError, "heap 1 must be a non-negative integer, got '3'"),
    ("345", TypeError, "heaps must be a list"),
    (7, TypeError, "heaps must be a list"),
    ([True], TypeError, "heap 1"),
]


@pytest.mark.parametrize(
    "function",
    [
        is_balanced,
        outcome,
        winning_moves,
        misere_winning_moves,
        moves,
        balancing_steps,
        best_move,
        hint,
        binary_table,
        lambda h: play(h, (0, 0)),
    ],
)
@pytest.mark.parametrize("heaps, error, message", BAD_HEAPS)
def test_bad_heaps_give_a_clear_error(function, heaps, error, message):
    with pytest.raises(error, match=message):
        function(heaps)


def test_module_lists_its_public_names():
    for name in nim.__all__:
        assert hasattr(nim, name), name
    assert {"winning_moves", "misere_winning_moves", "main"} <= set(nim.__all__)


# --- pictures -------------------------------------------------------------------


@pytest.fixture
def plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    yield plt
    plt.close("all")


def _texts(ax):
    return [t.get_text() for t in ax.texts]


def test_draw_heaps(plt):
    from matplotlib.patches import Circle

    from cgteach.draw import COLOURS
    from cgteach.draw.nim import draw_heaps

    ax = draw_heaps([10, 12, 5], highlight=(0, 9))
    stones = [p for p in ax.patches if isinstance(p, Circle)]
    assert len(stones) == 27
    taken = [
        p
        for p in stones
        if p.get_facecolor()[:3] == plt.matplotlib.colors.to_rgb(COLOURS["highlight"])
    ]
    assert len(taken) == 1
    texts = _texts(ax)
    assert {"Pile 1", "Pile 2", "Pile 3", "10", "12", "5", "take 1"} <= set(texts)
    # the caller's axes are used and returned
    fig, own = plt.subplots()
    assert draw_heaps([1, 0, 2], ax=own) is own
    assert len(own.patches) == 3


def test_draw_heaps_rejects_bad_input(plt):
    from cgteach.draw.nim import draw_heaps

    with pytest.raises(ValueError, match="has only 5 stones"):
        draw_heaps([10, 12, 5], highlight=(2, 7))
    with pytest.raises(TypeError, match="highlight"):
        draw_heaps([1], highlight=0)
    with pytest.raises(ValueError, match="heap 1"):
        draw_heaps([-1])


def test_draw_binary_table(plt):
    from cgteach.draw.nim import draw_binary_table

    ax = draw_binary_table([10, 12, 5])
    texts = _texts(ax)
    for needed in ["8", "4", "2", "1", "10", "12", "5", "3", "→ 9"]:
        assert needed in texts
    assert "nim sum 3: change pile 1 to 9" in texts
    assert texts.count("1") >= 6 and texts.count("0") >= 6
    balanced = _texts(draw_binary_table([9, 12, 5]))
    assert "balanced: nim sum 0, no winning move" in balanced
    assert not any(t.startswith("→") for t in balanced)


def test_draw_subpiles(plt):
    from matplotlib.patches import Circle

    from cgteach.draw.nim import draw_subpiles

    ax = draw_subpiles(7)
    assert ax.get_title() == "7 = 4 + 2 + 1"
    assert len([p for p in ax.patches if isinstance(p, Circle)]) == 7
    assert {"4", "2", "1"} <= set(_texts(ax))
    ax = draw_subpiles([13, 19, 10])
    texts = _texts(ax)
    assert texts.count("odd") == 2  # 16 and 4 occur an odd number of times
    assert "odd columns: 16 + 4 = 20 = the nim sum" in texts
    assert {"Pile 1: 13", "Pile 2: 19", "Pile 3: 10"} <= set(texts)
    assert len([p for p in ax.patches if isinstance(p, Circle)]) == 42
    assert "every column is even: nim sum 0, the position is balanced" in _texts(
        draw_subpiles([3, 3])
    )
    assert draw_subpiles(0).get_title() == "0 has no subpiles"
    big = draw_subpiles(200)  # 128 is drawn as a labelled box
    assert "128\nstones" in _texts(big)


def test_drawings_in_lecture_mode(plt):
    from cgteach.draw import STYLE, lecture_mode
    from cgteach.draw.nim import draw_binary_table, draw_heaps, draw_subpiles

    with lecture_mode():
        for ax in (draw_heaps([3, 4]), draw_binary_table([3, 4]), draw_subpiles([3, 4])):
            sizes = {t.get_fontsize() for t in ax.texts}
            assert min(sizes) >= STYLE["font"] * 0.85
