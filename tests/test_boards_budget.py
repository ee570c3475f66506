"""Bigger boards (issue 47): no refusal by size alone, the wait shown, Ctrl-C safe.

Every engine that searched boards up to a fixed size (Domineering, Toads and
Frogs, Clobber, Cram) now estimates the work before it starts and checks it
against the work budget of :mod:`cgteach._budget`: over it, a refusal at once
with the estimate and the way to raise the budget; raising it works.
"""

from __future__ import annotations

import _thread
import math
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgteach
from cgteach._budget import BudgetError
from cgteach.games import parse
from cgteach.rulesets import clobber, cram, domineering
from cgteach.rulesets import toads_and_frogs as taf
from cgteach.rulesets.clobber import Clobber
from cgteach.rulesets.cram import Cram
from cgteach.rulesets.domineering import Domineering, value_by_search
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs


def _refused_at_once(call) -> BudgetError:
    start = time.process_time()
    with pytest.raises(BudgetError) as caught:
        call()
    assert time.process_time() - start < 0.5
    return caught.value


# -- refusals say the estimate and the way to raise the budget -----------------------


@pytest.mark.parametrize("board, words", [
    (Domineering.rectangle(8, 8), "64 free cells"),
    (Domineering.rectangle(6, 7), "42 free cells"),
    (ToadsAndFrogs("TTTTTTT_______FFFFFFF"), "21 squares"),
    (Clobber.rectangle(4, 5), "20 stones"),   # issue 46: no answer in 60 s
    (Clobber.rectangle(2, 10), "20 stones"),  # issue 46: 51 s
    (Cram.rectangle(6, 6), "36 free cells"),
])
def test_a_too_big_board_is_refused_at_once_with_the_estimate_and_the_way_out(board, words):
    refusal = _refused_at_once(board.value)
    text = str(refusal)
    assert words in text and "estimate" in text
    if refusal.estimate > 1e12:  # beyond any budget: said so
        assert "whatever the budget" in text
    else:
        assert "budget=" in text and "cgteach.budget(seconds=" in text
    assert refusal.estimate > refusal.budget == 60.0
    assert isinstance(refusal, ValueError)


def test_the_issue_46_cram_boards_answer_or_refuse_at_once():
    for board in (Cram.rectangle(5, 6), Cram.rectangle(4, 7)):
        estimate = cram.estimate_seconds(board)
        if estimate > 60:
            _refused_at_once(board.value)
        with cgteach.budget(seconds=0.5):
            _refused_at_once(board.value)
            _refused_at_once(board.grundy)


def test_the_refusal_follows_the_budget_block_and_the_keyword():
    board = Domineering.rectangle(5, 5)  # about 2 s
    with cgteach.budget(seconds=0.1):
        refusal = _refused_at_once(board.value)
        assert refusal.budget == 0.1
        assert "budget=" in str(refusal)
    # a keyword wins over the block; raising it works
    with cgteach.budget(seconds=0.1):
        _refused_at_once(lambda: board.value(budget=0.2))
        small = Domineering.rectangle(3, 4)
        assert small.value(budget=60) == value_by_search(small.rows)


def test_an_impossible_board_is_refused_whatever_the_budget():
    text = str(_refused_at_once(lambda: Domineering.rectangle(20, 20).value(budget=None)))
    assert "whatever the budget" in text


def test_what_is_known_costs_nothing_more_and_is_not_refused():
    board = Domineering.rectangle(3, 5)
    board.value()
    assert domineering.estimate_seconds(board) == 0.0
    with cgteach.budget(seconds=1e-9):
        assert board.value() == value_by_search(board.rows)


def test_no_size_limit_left_on_cheap_big_regions():
    # a long thin region, far over the old MAX_CELLS = 22, is cheap and valued
    assert Domineering(["." * 40]).value() == parse("-20")
    assert ToadsAndFrogs("T" + "_" * 30).value() == parse("30")
    assert Clobber("xo" + "." * 3 + "xo").value() == parse("0")
    # the old names stay importable
    assert domineering.MAX_CELLS and taf.MAX_SEARCH_SQUARES and clobber.MAX_STONES
    assert cram.MAX_CELLS


def test_estimates_grow_with_the_board_and_are_finite_numbers():
    sizes = [(4, 4), (4, 5), (5, 5), (5, 6), (6, 6)]
    domineering._TABLE.clear()  # a region valued by an earlier test is estimated at 0 s
    est = [domineering.estimate_seconds(Domineering.rectangle(m, n)) for m, n in sizes]
    assert all(math.isfinite(e) and e > 0 for e in est)
    assert est == sorted(est)
    assert est[2] < 60 < est[4]  # 5x5 within the default budget, 6x6 over it
    assert taf.estimate_seconds("TTT___FFF") < taf.estimate_seconds("TTTTT_____FFFFF")


# -- the faster search keeps its brute-force twin -------------------------------------


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(1, 3), st.integers(1, 5), st.integers(0, 2**15 - 1))
def test_domineering_equals_the_plain_search_on_random_boards(m, n, bits):
    rows = ["".join("#" if bits >> (r * n + c) & 1 and (r + c) % 3 else "."
                    for c in range(n)) for r in range(m)]
    assert Domineering(rows).value() == value_by_search(rows)


@pytest.mark.parametrize("rows", [
    ["....", "....", "...#"],
    ["#....", "....."],
    ["..#..", ".....", "..#.."],
    ["......", "......"],
    ["...", "...", "...", ".##"],
])
def test_domineering_equals_the_plain_search_on_bigger_boards(rows):
    assert Domineering(rows).value() == value_by_search(rows)


def test_keys_are_the_same_for_every_mirror_image_and_negated_when_turned():
    rows = ["..#", "...", ".##", "..."]
    images = [rows, rows[::-1], [r[::-1] for r in rows], [r[::-1] for r in rows[::-1]]]
    keys = {domineering._normal(Domineering(im).free_cells()) for im in images}
    assert len(keys) == 1
    turned = ["".join(r[c] for r in rows) for c in range(3)]
    assert Domineering(turned).value() == -Domineering(rows).value()


# -- the wait shown ---------------------------------------------------------------------


def test_a_long_search_shows_a_tqdm_bar_and_a_short_one_does_not(monkeypatch):
    made = []

    class Bar:
        def __init__(self, total, desc, delay, leave):
            made.append((total, desc, delay))
            self.n = 0

        def update(self, n=1):
            self.n += n

        def close(self):
            made.append("closed")

    import tqdm.auto

    monkeypatch.setattr(tqdm.auto, "tqdm", Bar)
    domineering._TABLE.clear()
    domineering._SEEN.clear()
    domineering._REST.clear()
    Domineering.rectangle(2, 3).value()
    assert made == []
    monkeypatch.setattr(domineering, "GROWTH", {k: (g, at, s * 1e4)
                                                for k, (g, at, s) in domineering.GROWTH.items()})
    Domineering.rectangle(3, 4).value(budget=None)
    assert made[0][1] == "valuing Domineering" and made[0][0] > 0 and made[-1] == "closed"


# -- Ctrl-C leaves the next call right ----------------------------------------------------

_FRESH = """
from cgteach.rulesets.domineering import Domineering
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs
print(Domineering({rows!r}).value(budget=None)); print(ToadsAndFrogs({row!r}).value(budget=None))
"""


def _interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


@pytest.mark.parametrize("delay", [0.05, 0.3])
def test_ctrl_c_during_a_long_valuation_leaves_the_next_call_right(delay):
    rows = ["....."] * 4 + ["...#."]
    row = "TTTT____FFF"
    for table in (domineering._TABLE, domineering._SEEN, domineering._REST, taf._TABLE):
        table.clear()
    for call in (lambda: Domineering(rows).value(budget=None),
                 lambda: ToadsAndFrogs(row).value(budget=None)):
        timer = _interrupt_after(delay)
        try:
            call()
            time.sleep(delay * 4)  # finished first: the interrupt comes while we wait
        except KeyboardInterrupt:
            pass
        finally:
            timer.cancel()
    fresh = subprocess.run([sys.executable, "-c", _FRESH.format(rows=rows, row=row)],
                           capture_output=True, text=True, check=True).stdout.split("\n")
    assert str(Domineering(rows).value(budget=None)) == fresh[0]
    assert str(ToadsAndFrogs(row).value(budget=None)) == fresh[1]
    # and every value kept in the tables is a finished one: a sample re-searched agrees
    for key in list(domineering._TABLE)[:40]:
        cells = [(r, c) for r, x in enumerate(key) for c in range(x.bit_length()) if x >> c & 1]
        h, w = len(key), max(key).bit_length()
        board = [["#"] * w for _ in range(h)]
        for r, c in cells:
            board[r][c] = "."
        assert domineering._TABLE[key] == value_by_search(["".join(b) for b in board])
