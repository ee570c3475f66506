"""Clobber and Cram (cgteach.rulesets.clobber, cgteach.rulesets.cram).

The engines (regions, a transposition table, the eight symmetries of the
square) against pycgt and against plain memoised searches that read the
rules themselves, on every 1×n strip up to n = 10 and on 200 random 2-D
boards of up to 12 cells; the two-ahead rule on every Clobber position of up
to 8 squares; Cram's canonical forms against its Grundy values.
"""

from __future__ import annotations

import itertools
import os
import random
import time

import pytest

from cgteach.games import STAR, UP, ZERO, game, nimber, number, parse
from cgteach.games.cold import atomic_weight, is_all_small
from cgteach.rulesets import clobber, cram
from cgteach.rulesets.clobber import Clobber
from cgteach.rulesets.cram import Cram

pycgt = pytest.importorskip("pycgt")
p_clobber = pytest.importorskip("pycgt.rulesets.clobber")
p_cram = pytest.importorskip("pycgt.rulesets.cram")

_FROM_P: dict = {}


def from_p(p):
    r = _FROM_P.get(p)
    if r is None:
        r = _FROM_P[p] = game([from_p(x) for x in p.left], [from_p(x) for x in p.right])._core
    return r


def pycgt_clobber(rows):
    return from_p(p_clobber.parse("|".join(rows)))


def pycgt_cram(rows):
    if not any("." in r for r in rows):
        return ZERO
    return from_p(p_cram.parse("\n".join(rows)))


# ---------------------------------------------------------------------------
# Clobber against pycgt and the plain search.

def test_every_clobber_strip_up_to_10_against_pycgt_and_search():
    for n in range(1, 11):
        for stones in itertools.product("xo", repeat=n):
            row = "".join(stones)
            v = Clobber(row).value()
            assert v == pycgt_clobber([row]), row
            if n <= 7:
                assert v == clobber.value_by_search(row), row


def test_clobber_strips_with_holes_against_pycgt():
    for n in range(1, 8):
        for squares in itertools.product("xo.", repeat=n):
            row = "".join(squares)
            assert Clobber(row).value() == pycgt_clobber([row]) == clobber.value_by_search(row)


def _random_boards(seed, alphabet, count=200, cells=12):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        m = rng.randint(2, 4)
        n = rng.randint(2, cells // m)
        out.append(["".join(rng.choice(alphabet) for _ in range(n)) for _ in range(m)])
    return out


def test_clobber_random_boards_against_pycgt_and_search():
    for rows in _random_boards(41, "xo.", 200):
        v = Clobber(rows).value()
        assert v == pycgt_clobber(rows), rows
        assert v == clobber.value_by_search(rows), rows
        assert is_all_small(v)


def test_clobber_value_is_the_sum_of_its_regions():
    rows = ["xo.x", "..oo", "xo.."]
    c = Clobber(rows)
    assert c.regions() == [Clobber(["xo"]), Clobber([".x", "oo"]), Clobber(["xo"])]
    parts = [r.value() for r in c.regions()]
    assert c.value() == sum(parts, ZERO) == parts[1]  # the two "xo" (* each) cancel


def test_clobber_symmetries_and_colour_swap():
    rows = ["xoo", "ox.", "xxo"]
    v = Clobber(rows).value()
    turned = ["".join(c) for c in zip(*rows, strict=True)]
    images = [rows, [r[::-1] for r in rows], rows[::-1], turned]
    for img in images:
        assert Clobber(img).value() == v
    swapped = [r.translate(str.maketrans("xo", "ox")) for r in rows]
    assert Clobber(swapped).value() == -v


# ---------------------------------------------------------------------------
# Atomic weight and the two-ahead rule on every position of up to 8 squares.

def test_two_ahead_rule_on_every_clobber_position_of_up_to_8_squares():
    # Every board of at most 8 squares fits in a 1x8 strip or a 2x4 board
    # (holes fill the rest), so these two shapes with every filling cover all.
    # The rule (Lessons in Play, "All-small games"): aw >= 2 ⇒ Left wins
    # whoever starts; aw >= 1 ⇒ Left wins moving first; mirrored for Right.
    seen = {}
    for shape in ((1, 8), (2, 4)):
        m, n = shape
        for squares in itertools.product("xo.", repeat=m * n):
            rows = ["".join(squares[i * n:(i + 1) * n]) for i in range(m)]
            v = Clobber(rows).value()
            if v in seen:
                continue
            w = seen[v] = atomic_weight(v)
            outcome = v.outcome()
            if w >= 2:
                assert outcome == "L", (rows, v, w)
            if w >= 1:
                assert outcome in "LN", (rows, v, w)
            if w <= -2:
                assert outcome == "R", (rows, v, w)
            if w <= -1:
                assert outcome in "RN", (rows, v, w)
    weights = set(seen.values())
    assert {number(k) for k in range(-3, 4)} <= weights


def _weight_by_definition(g):
    """n with (n-1)·↑ + ☆ < G < (n+1)·↑ + ☆ (☆ a remote star), or None."""
    star = nimber(1 << (2 * g.birthday() + 8).bit_length())
    fits = [n for n in range(-g.birthday() - 2, g.birthday() + 3)
            if (n - 1) * UP + star < g < (n + 1) * UP + star]
    return fits[0] if len(fits) == 1 else None


# Small Clobber positions and their values.  The source documents in this
# project (/work/shared/sources) have no Clobber table, and no book was at
# hand to quote a page from, so nothing here is cited: each value is computed
# by three engines (cgteach's, pycgt's and the plain search), and each atomic
# weight by cgteach's calculus and by its definition (the remote-star
# comparisons).  A lecturer with Lessons in Play or Siegel at hand should add
# the page numbers.
TEXTBOOK = [
    (["xo"], "*", 0),
    (["xxo"], "↑", 1),
    (["xoo"], "↓", -1),
    (["xxxo"], "⇑*", 2),
    (["xox"], "*", 0),
    (["xoxo"], "{*,↑|*,↓}", 0),
    (["xoxoxo"], "0", 0),
    (["xo", "ox"], "*", 0),
    (["xx", "xo"], "⇑*", 2),
    (["xxo", "..x"], None, None),
    (["xoo", "x.."], None, None),
    (["xxxxo"], None, None),
]


@pytest.mark.parametrize("rows, value, weight", TEXTBOOK)
def test_small_clobber_positions(rows, value, weight):
    c = Clobber(rows)
    v = c.value()
    assert v == pycgt_clobber(rows) == clobber.value_by_search(rows)
    if value is not None:
        assert v == parse(value)
    w = c.atomic_weight()
    if weight is not None:
        assert w == number(weight)
    assert w == atomic_weight(v)
    if w._num is not None and w._num.denominator == 1:
        assert _weight_by_definition(v) == w._num


def test_a_row_of_left_stones_against_one_enemy():
    # x^n o: Left is n - 1 ups ahead (computed; agrees with "xxo" = ↑, "xxxo" = ⇑* above).
    for n in range(2, 9):
        w = Clobber("x" * n + "o").atomic_weight()
        assert w == number(n - 1)


# ---------------------------------------------------------------------------
# Clobber: the position class.

def test_moves_and_play():
    c = Clobber(["xo", "o."])
    assert c.left_moves() == [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    assert c.right_moves() == [((0, 1), (0, 0)), ((1, 0), (0, 0))]
    assert c.play(((0, 1), (0, 0))) == Clobber(["o.", "o."])
    assert c.left_options() == [c.play(m) for m in c.left_moves()]
    assert c.play_left(((0, 0), (1, 0))) == Clobber([".o", "x."])
    with pytest.raises(ValueError, match="not Right's"):
        c.play_right(((0, 0), (1, 0)))
    with pytest.raises(ValueError, match="cannot clobber"):
        c.play(((0, 0), (1, 1)))
    with pytest.raises(ValueError, match="no stone"):
        c.play(((1, 1), (1, 0)))
    with pytest.raises(ValueError, match="off the 2x2 board"):
        c.play(((5, 0), (1, 0)))
    with pytest.raises(TypeError, match="pair"):
        c.play("a1")
    with pytest.raises(ValueError, match='"L"'):
        c.moves("blue")


def test_reading_boards():
    assert Clobber("xo|ox") == Clobber(["xo", "ox"]) == Clobber("xo\nox")
    assert Clobber.rectangle(2, 3).rows == ("xox", "oxo")
    assert Clobber.strip(4) == Clobber("xoxo")
    for bad, err in ((["xo", "o"], ValueError), (["x?"], ValueError), ([], ValueError),
                     (5, TypeError), ([1], TypeError), ("", ValueError)):
        with pytest.raises(err):
            Clobber(bad)
    with pytest.raises(TypeError):
        Clobber.rectangle(2, 2.5)
    assert eval(repr(Clobber("xo.")), {"Clobber": Clobber}) == Clobber("xo.")


def test_files_round_trip(tmp_path):
    c = Clobber(["xo.", "oxx"])
    path = os.path.join(tmp_path, "c.json")
    c.save(path)
    assert Clobber.load(path) == c
    assert Clobber.from_dict(c.to_dict()) == c
    with pytest.raises(ValueError):
        Clobber.from_dict({"rows": ["xo"], "extra": 1})


def test_too_big_a_region_is_refused_at_once():
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"region of 24 stones.*over the budget"):
        Clobber.rectangle(4, 6).value()
    assert time.perf_counter() - start < 1
    # Separate regions are fine even when there are many stones in all.
    assert Clobber(["xo." * 10] * 2).value() == ZERO


def test_pictures():
    c = Clobber(["xo.", "oxo"])
    png = c._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "2 blue stones (x), 3 red stones (o), 1 empty square" in c._alt_text()
    from cgteach.draw import lecture_mode
    from cgteach.draw.clobber import draw_clobber

    with lecture_mode():
        big = c._repr_png_()
    assert len(big) > len(png)
    ax = draw_clobber(c, coordinates=True, highlight=[(0, 0), (0, 1)], title="a move")
    assert ax.get_title() == "a move"
    import matplotlib.pyplot as plt

    plt.close("all")


# ---------------------------------------------------------------------------
# Cram.

def test_every_cram_strip_up_to_10_against_pycgt_search_and_grundy():
    from cgteach.rulesets import octal

    dawson = octal.values("0.07", 11)
    for n in range(1, 11):
        assert Cram.rectangle(1, n).grundy() == dawson[n]
        for cells in itertools.product(".#", repeat=n):
            row = "".join(cells)
            c = Cram(row)
            v = c.value()
            assert v == nimber(c.grundy()) == pycgt_cram([row]), row
            if n <= 8:
                assert v == cram.value_by_search(row)


def test_cram_random_boards_against_pycgt_search_and_grundy():
    for rows in _random_boards(42, "....#", 200):
        c = Cram(rows)
        v = c.value()
        assert v.is_nimber(), rows
        assert v == nimber(c.grundy()) == pycgt_cram(rows) == cram.value_by_search(rows), rows


def test_cram_rectangles():
    # 2x2 is 0 by symmetry (Right copies Left turned through a half turn);
    # every even-by-even board is, for the same reason.
    for m, n in ((2, 2), (2, 4), (4, 4), (2, 6)):
        assert Cram.rectangle(m, n).value() == ZERO
    assert Cram.rectangle(3, 3).value() == ZERO and Cram.rectangle(2, 3).value() == STAR


def test_cram_position_class(tmp_path):
    c = Cram(["...", "#.."])
    assert c.options() == c.left_options() == c.right_options()
    assert c.play(((0, 1), (1, 1))) == Cram([".#.", "##."])
    assert c.play(((1, 1), (0, 1))) == Cram([".#.", "##."])
    with pytest.raises(ValueError, match="no domino"):
        c.play(((0, 0), (1, 0)))
    with pytest.raises(TypeError):
        c.play(None)
    path = os.path.join(tmp_path, "c.json")
    c.save(path)
    assert Cram.load(path) == c
    assert c.regions() == [Cram(["...", "#.."])]
    assert Cram(["..#..", "..#.."]).regions() == [Cram(["..", ".."]), Cram(["..", ".."])]
    with pytest.raises(ValueError, match="region of 36 free cells"):
        Cram.rectangle(6, 6).value()
    with pytest.raises(ValueError, match="region of 36 free cells"):
        Cram.rectangle(6, 6).grundy()
    assert c._repr_png_()[:4] == b"\x89PNG"
    assert Cram(["##"]).value() == ZERO and Cram(["##"]).grundy() == 0


def test_winning_and_best_moves_against_the_plain_search():
    # A move wins for the mover when the plain search says the position after
    # it is a win for the mover moving second.
    def wins_second(rows, left):
        o = clobber.value_by_search(rows).outcome()
        return o in (("L", "P") if left else ("R", "P"))

    for rows in _random_boards(43, "xo.", 60, cells=9):
        c = Clobber(rows)
        for player, left in (("L", True), ("R", False)):
            expected = [mv for mv in c.moves(player) if wins_second(list(c.play(mv).rows), left)]
            assert c.winning_moves(player) == expected, rows
            best = c.best_move(player)
            if expected:
                assert best in expected
            elif c.moves(player):
                assert best in c.moves(player)
            else:
                assert best is None
