"""Partizan rulesets: Domineering and Toads and Frogs.

The engines (regions or segments, a transposition table, mirror images) are
compared with plain memoised searches on every board of up to 12 cells, and
with the oracles cgt-py (Rust) and pycgt on random boards.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import time
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach.games import ZERO, _canonical, game, parse
from cgteach.rulesets import domineering, toads_and_frogs
from cgteach.rulesets.domineering import Domineering
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs

cgt_py = pytest.importorskip("cgt_py")
pycgt_tf = pytest.importorskip("pycgt.rulesets.toads_and_frogs")
pycgt_notation = pytest.importorskip("pycgt.notation")


def _from_cgt(c):
    return game([_from_cgt(x) for x in c.left_options], [_from_cgt(x) for x in c.right_options])


# ---------------------------------------------------------------------------
# Domineering

KNOWN_RECTANGLES = [
    ((1, 1), "0"), ((1, 2), "-1"), ((2, 1), "1"), ((1, 4), "-2"), ((2, 2), "±1"),
    ((2, 3), "{2|-1/2}"), ((3, 2), "{1/2|-2}"), ((3, 3), "±1"), ((3, 4), "-3/2"),
    ((4, 5), "1"), ((5, 4), "-1"),
]


@pytest.mark.parametrize("size, text", KNOWN_RECTANGLES)
def test_empty_rectangles(size, text):
    assert Domineering.rectangle(*size).value() == parse(text)


@cache
def _plain(free: frozenset):
    lefts = [_plain(free - {(r, c), (r + 1, c)}) for r, c in free if (r + 1, c) in free]
    rights = [_plain(free - {(r, c), (r, c + 1)}) for r, c in free if (r, c + 1) in free]
    return game(lefts, rights)._core


def _board(m, n, free):
    return Domineering(["".join("." if (r, c) in free else "#" for c in range(n))
                        for r in range(m)])


@pytest.mark.parametrize("m, n", [(3, 4), (2, 6), (1, 12), (4, 3)])
def test_every_board_of_up_to_12_cells_agrees_with_the_plain_search(m, n):
    cells = [(r, c) for r in range(m) for c in range(n)]
    checked = 0
    for k in range(len(cells) + 1):
        for free in itertools.combinations(cells, k):
            free = frozenset(free)
            assert _board(m, n, free).value() == _plain(free), sorted(free)
            checked += 1
    assert checked == 2 ** (m * n)


def test_a_move_looked_up_as_one_region_leaves_one_region(monkeypatch):
    # The search skips splitting what a move leaves when the free cells around the
    # domino are joined up (domineering._joined): every region it then values
    # whole must be one region indeed, on boards with holes as well as full ones.
    from cgteach.rulesets._grid import split_masks

    valued = []
    plain = domineering._value_in

    def checked(mask, W):
        assert len(split_masks(mask, W)) == 1, (bin(mask), W)
        valued.append(mask)
        return plain(mask, W)

    for name in ("_TABLE", "_SEEN", "_REST"):
        monkeypatch.setattr(domineering, name, {})
    monkeypatch.setattr(domineering, "_value_in", checked)
    rng = random.Random(47)
    for m, n in [(3, 5), (4, 4), (5, 3), (2, 7)] * 3:
        free = {(r, c) for r in range(m) for c in range(n) if rng.random() < 0.85}
        board = _board(m, n, free)
        assert board.value() == _plain(frozenset(board.free_cells()))
    assert len(valued) > 200


def test_value_by_search_is_the_plain_search():
    assert domineering.value_by_search(["...", "..#", "..."]) == _plain(
        frozenset(_board(3, 3, {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)})
                  .free_cells()))


boards = st.builds(
    lambda m, n, seed: _board(m, n, {(r, c) for r in range(m) for c in range(n)
                                     if random.Random(seed * 1000 + r * 10 + c).random() < 0.8}),
    st.integers(1, 4), st.integers(1, 5), st.integers(0, 10**6))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(boards)
def test_agrees_with_cgt_py(board):
    assert board.value() == _from_cgt(cgt_py.Domineering("|".join(board.rows)).canonical_form)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(boards)
def test_regions_add_up_and_a_turned_board_is_the_negative(board):
    from cgteach.games import total

    assert total(r.value() for r in board.regions()) == board.value()
    turned = Domineering(["".join(col) for col in zip(*board.rows, strict=True)])
    assert turned.value() == -board.value()
    assert board.outcome() == board.value().outcome()


def test_moves_and_options():
    d = Domineering(["..", ".#"])
    assert d.left_moves() == [(0, 0)] and d.right_moves() == [(0, 0)]
    assert d.play_left((0, 0)) == Domineering(["#.", "##"])
    assert d.play_right((0, 0)) == Domineering(["##", ".#"])
    assert d.left_options() == [Domineering(["#.", "##"])]
    with pytest.raises(ValueError, match="vertical domino"):
        d.play_left((0, 1))
    # a move never changes the position it is made from
    assert d == Domineering(["..", ".#"])


def test_regions_are_cropped_in_reading_order():
    assert Domineering(["..#.", "..#.", "###."]).regions() == [
        Domineering(["..", ".."]), Domineering([".", ".", "."])]
    assert Domineering(["##", "##"]).regions() == []
    assert Domineering(["##", "##"]).value() == ZERO


def test_value_semantics_and_files(tmp_path):
    d = Domineering("...\n.#.")
    assert d == Domineering(["...", ".#."]) and hash(d) == hash(Domineering(["...", ".#."]))
    assert eval(repr(d), {"Domineering": Domineering}) == d
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d
    assert str(d) == "...\n.#."
    path = tmp_path / "board.json"
    d.save(path)
    assert Domineering.load(path) == d
    with pytest.raises(AttributeError):
        d.x = 1


@pytest.mark.parametrize(
    "rows, exc, words",
    [
        (["..", "."], ValueError, "same length"),
        (["..", ".x"], ValueError, "'x'"),
        ([], ValueError, "at least one row"),
        ([".."] * 65, ValueError, "at most 64 rows"),
        ([1, 2], TypeError, "must be a string"),
        (42, TypeError, "list of strings"),
        (b"..", TypeError, "list of strings"),
        (None, TypeError, "list of strings"),
    ],
)
def test_bad_boards(rows, exc, words):
    with pytest.raises(exc, match=words):
        Domineering(rows)


@pytest.mark.parametrize("m, n, exc", [(0, 3, ValueError), (3, -1, ValueError), (2.0, 3, TypeError),
                                        (True, 2, TypeError), (65, 1, ValueError)])
def test_bad_rectangles(m, n, exc):
    with pytest.raises(exc):
        Domineering.rectangle(m, n)


def test_a_board_too_big_to_value_is_refused_at_once_with_the_reason():
    start = time.process_time()
    with pytest.raises(ValueError, match="region of 64 free cells"):
        Domineering.rectangle(8, 8).value()
    assert time.process_time() - start < 1.0
    # a big board of small regions is fine: the regions are valued one by one
    striped = Domineering(["..#" * 10 + "..."] * 2)
    assert len(striped.regions()) == 11
    assert striped.value() == parse("{2|-1/2}")  # ten copies of ±1 cancel in pairs


def test_bad_files(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "cgteach.domineering", "version": 1, "position": {"rows": 3}}')
    with pytest.raises(TypeError):
        Domineering.load(path)
    path.write_text('{"format": "cgteach.domineering", "version": 1, "position": {"cells": []}}')
    with pytest.raises(ValueError, match="rows"):
        Domineering.load(path)


# ---------------------------------------------------------------------------
# Toads and Frogs

KNOWN_ROWS = [
    ("", "0"), ("T", "0"), ("_", "0"), ("T_", "1"), ("_F", "-1"), ("TF_", "0"), ("T_F", "*"),
    ("T__F", "0"), ("TT_F", "{1/2|0}"), ("T_FF", "{0|-1/2}"), ("TTF_F", "↓"),
    ("TT__FF", "*"), ("T_F_F", "-1*"), ("TTT___FFF", "0"),
]


@pytest.mark.parametrize("row, text", KNOWN_ROWS)
def test_known_rows(row, text):
    assert ToadsAndFrogs(row).value() == parse(text)


# The plain search for Toads and Frogs: its own reading of the rules (no
# helper of the engine), one memo shared by every row, and none of the
# engine's shortcuts (no segments, no dead pieces, no mirror images).  Every
# option of a row of n squares is a row of n squares, so walking the rows of
# each length in turn values every row exactly once.  The options' values are
# interned canonical games, so the forms are built by the same canonicaliser
# game() uses, called directly (game() itself would add some 40 % of reading
# and checking its arguments), and values compare by identity.

_RULES = (  # (pattern, what it becomes, player): a slide or a jump over one piece
    ("T_", "_T", 0), ("TF_", "_FT", 0),  # Left: a toad moves right
    ("_F", "F_", 1), ("_TF", "FT_", 1),  # Right: a frog moves left
)


def _plain_moves(row: str) -> tuple:
    out = ([], [])
    for before, after, player in _RULES:
        i = row.find(before)
        while i >= 0:
            out[player].append(row[:i] + after + row[i + len(before):])
            i = row.find(before, i + 1)
    return out


def _plain_tf_search(memo: dict):
    get = memo.get

    def search(row: str):
        # the value of a row not in the memo yet (options looked up first:
        # most are known, and a look-up is cheaper than a call)
        lefts, rights = _plain_moves(row)
        left = [get(r) or search(r) for r in lefts]
        right = [get(r) or search(r) for r in rights]
        v = memo[row] = _canonical(left, right)
        return v

    def value(row: str):
        return get(row) or search(row)

    return value


def test_the_plain_moves_are_the_engines():
    for length in range(9):
        for row in map("".join, itertools.product("TF_", repeat=length)):
            g = ToadsAndFrogs(row)
            lefts, rights = _plain_moves(row)
            assert sorted(lefts) == sorted(o.row for o in g.left_options()), row
            assert sorted(rights) == sorted(o.row for o in g.right_options()), row


def test_every_row_of_up_to_12_squares_agrees_with_the_plain_search():
    # 797,161 rows (3^0 + ... + 3^12); about 20 s of one core.
    memo: dict = {}
    plain = _plain_tf_search(memo)
    swap = str.maketrans("TF", "FT")
    n = 0
    for length in range(13):
        for row in map("".join, itertools.product("TF_", repeat=length)):
            v = plain(row)
            assert ToadsAndFrogs(row).value() is v, row
            n += 1
        # A theorem, checked on the plain values (the engine relies on it): the
        # row read backwards with toads and frogs swapped is the negative.
        for row in map("".join, itertools.product("TF_", repeat=length)):
            assert memo[row[::-1].translate(swap)] is -memo[row], row
    assert n == len(memo) == sum(3**k for k in range(13))
    # spot checks of the plain search itself against known values
    assert memo["TT_F"] == parse("{1/2|0}") and memo["TTF_F"] == parse("↓")
    assert memo["TTT___FFF"] == ZERO and memo["TT__FF"] == parse("*")


rows = st.text(alphabet="TF_", min_size=8, max_size=12)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(rows)
def test_value_by_search_agrees_on_rows_of_8_to_12_squares(row):
    # every such row is compared with the test's own plain search above; this
    # checks the module's public twin, value_by_search, on a sample
    assert ToadsAndFrogs(row).value() == toads_and_frogs.value_by_search(row)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.text(alphabet="TF_", min_size=6, max_size=10))
def test_rows_agree_with_pycgt(row):
    assert ToadsAndFrogs(row).value() == _from_pycgt(pycgt_tf.value(row.lower().replace("_", ".")))


def _from_pycgt(p):
    g = p.canonical if not callable(p.canonical) else p.canonical()
    return game([_from_pycgt(x) for x in g.left], [_from_pycgt(x) for x in g.right])


def test_segments():
    assert ToadsAndFrogs("T_F_TTFF_F").segments() == [ToadsAndFrogs("T_F_"), ToadsAndFrogs("_F")]
    assert ToadsAndFrogs("FFT_TT").segments() == [ToadsAndFrogs("T_")]
    assert ToadsAndFrogs("TTFF").segments() == []


def test_hot_and_infinitesimal_rows():
    from fractions import Fraction

    from cgteach.games.temperature import temperature

    assert ToadsAndFrogs("TT_F").temperature() == Fraction(1, 4)
    assert temperature(ToadsAndFrogs("TT_F").value()) > 0
    assert ToadsAndFrogs("TTF_F").value().is_infinitesimal()
    assert ToadsAndFrogs("TTF_F").temperature() == 0


def test_moves_and_files(tmp_path):
    g = ToadsAndFrogs("T_FT_")
    assert g.left_moves() == [0, 3] and g.right_moves() == [2]
    assert g.play_left(0) == ToadsAndFrogs("_TFT_")
    assert g.play_right(2) == ToadsAndFrogs("TF_T_")
    assert ToadsAndFrogs("TF_T").play_left(0) == ToadsAndFrogs("_FTT")
    with pytest.raises(ValueError, match="no toad"):
        g.play_left(1)
    assert eval(repr(g), {"ToadsAndFrogs": ToadsAndFrogs}) == g
    assert pickle.loads(pickle.dumps(g)) == g and copy.deepcopy(g) == g
    path = tmp_path / "row.json"
    g.save(path)
    assert ToadsAndFrogs.load(path) == g


@pytest.mark.parametrize("row, exc, words", [
    ("TX_", ValueError, "'X'"), (None, TypeError, "string"), (["T"], TypeError, "string"),
    ("T" * 201, ValueError, "at most 200"),
])
def test_bad_rows(row, exc, words):
    with pytest.raises(exc, match=words):
        ToadsAndFrogs(row)


def test_a_segment_too_long_to_search_is_refused_at_once():
    start = time.process_time()
    # (issue 47: refused by the estimate of the work, over the budget, at once)
    with pytest.raises(ValueError, match="80 squares.*(over the budget|whatever the budget)"):
        ToadsAndFrogs("T_" * 20 + "F_" * 20).value()
    assert time.process_time() - start < 1.0


def test_pictures():
    import matplotlib

    matplotlib.use("Agg")
    assert Domineering(["..", ".#"])._repr_png_()[:4] == b"\x89PNG"
    assert ToadsAndFrogs("TT_F")._repr_png_()[:4] == b"\x89PNG"
