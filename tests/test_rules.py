"""The kit (cgteach.rules): games re-defined by their moves alone equal the package's own.

Each game below is written the way a student would write it, with the kit alone, and
compared on every position up to a size with the package's rulesets (Nim, a
subtraction game, Kayles, Grundy's game, Domineering), with a published table
(Cutcake, *Winning Ways*) or with a brute-force twin written separately (Toppling
Dominoes; random rule sets drawn by hypothesis, whose outcomes are checked by a
plain win/lose search that knows nothing of canonical forms).  Then everything a
student can get wrong: the messages must name the position.

Snort and Col against cgt-py are in tests/test_rules_peers.py.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach import games
from cgteach._budget import BudgetError
from cgteach.nimbers import nim_sum
from cgteach.rules import (
    ImpartialRules,
    PartizanRules,
    Period,
    RulesError,
    ValueTable,
    Verdict,
)
from cgteach.rulesets import grundys_game, octal, subtraction
from cgteach.rulesets.domineering import Domineering

# -- the games, written with the kit alone -----------------------------------------


class Nim(ImpartialRules):
    """Heaps as a sorted tuple; take any number from one heap."""

    def options(self, heaps):
        return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:]))
                for i, h in enumerate(heaps) for k in range(h)]

    def split(self, heaps):
        return [(h,) for h in heaps if h]


class Subtraction(ImpartialRules):
    """One heap; take s sticks, s from a subtraction set."""

    def __init__(self, moves):
        self.moves = tuple(moves)

    def options(self, n):
        return [n - s for s in self.moves if s <= n]


def _rows(rows):
    return tuple(sorted(r for r in rows if r))


class Kayles(ImpartialRules):
    """Rows of pins (a sorted tuple); knock down one pin or two neighbours."""

    def options(self, rows):
        return [_rows(rows[:i] + (a, n - take - a) + rows[i + 1:])
                for i, n in enumerate(rows) for take in (1, 2) for a in range(n - take + 1)]

    def split(self, rows):
        return [(n,) for n in rows]


class GrundysGame(ImpartialRules):
    """Heaps (a sorted tuple); split one heap into two unequal heaps."""

    def options(self, heaps):
        return [_rows(heaps[:i] + (a, n - a) + heaps[i + 1:])
                for i, n in enumerate(heaps) for a in range(1, (n + 1) // 2)]

    def split(self, heaps):
        return [(n,) for n in heaps]


class PlainDomineering(PartizanRules):
    """A board is the frozenset of its free cells (row, column)."""

    def left(self, cells):   # a vertical domino
        return [cells - {(r, c), (r + 1, c)} for r, c in cells if (r + 1, c) in cells]

    def right(self, cells):  # a horizontal domino
        return [cells - {(r, c), (r, c + 1)} for r, c in cells if (r, c + 1) in cells]


class KitDomineering(PlainDomineering):
    """The same, with split by regions and key by the four mirror images."""

    def split(self, cells):
        regions, todo = [], set(cells)
        while todo:
            region, stack = set(), [todo.pop()]
            while stack:
                r, c = stack.pop()
                region.add((r, c))
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n in todo:
                        todo.discard(n)
                        stack.append(n)
            regions.append(frozenset(region))
        return regions

    def key(self, cells):
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        h, w = max(r for r, _ in cells) - r0, max(c for _, c in cells) - c0
        images = [sorted((r - r0 if a else h - r + r0, c - c0 if b else w - c + c0)
                         for r, c in cells) for a in (0, 1) for b in (0, 1)]
        return frozenset(min(images))


class Cutcake(PartizanRules):
    """Cakes (height, width); Left cuts one into two narrower, Right into two lower."""

    def left(self, cakes):
        return [cakes[:i] + ((h, a), (h, w - a)) + cakes[i + 1:]
                for i, (h, w) in enumerate(cakes) for a in range(1, w)]

    def right(self, cakes):
        return [cakes[:i] + ((a, w), (h - a, w)) + cakes[i + 1:]
                for i, (h, w) in enumerate(cakes) for a in range(1, h)]

    def split(self, cakes):
        return [(cake,) for cake in cakes]


class TopplingDominoes(PartizanRules):
    """Rows of dominoes, ``L`` (blue), ``R`` (red), ``G`` (green, either player).

    A player topples one of their dominoes to the left or to the right: it falls
    with every domino on that side.
    """

    def _moves(self, rows, mine):
        out = []
        for i, row in enumerate(rows):
            for j, d in enumerate(row):
                if d in mine:
                    for rest in (row[j + 1:], row[:j]):  # toppled to the left, to the right
                        out.append(rows[:i] + ((rest,) if rest else ()) + rows[i + 1:])
        return out

    def left(self, rows):
        return self._moves(rows, "LG")

    def right(self, rows):
        return self._moves(rows, "RG")

    def split(self, rows):
        return [(row,) for row in rows]

    def key(self, rows):
        return tuple(min(row, row[::-1]) for row in rows)


# -- brute-force twins (no kit) -------------------------------------------------------


@cache
def toppling_brute(row: str):
    """Toppling Dominoes on one row, straight from the rules, with games.game."""
    def opts(mine):
        out = []
        for j, d in enumerate(row):
            if d in mine:
                out.append(toppling_brute(row[j + 1:]))  # toppled to the left
                out.append(toppling_brute(row[:j]))      # toppled to the right
        return out
    return games.game(opts("LG"), opts("RG"))


def _win_first(pos, mover, left, right, memo):
    """Does ``mover`` ("L" or "R") win moving first from ``pos``?  Plain search."""
    k = (pos, mover)
    if k not in memo:
        moves = left(pos) if mover == "L" else right(pos)
        other = "R" if mover == "L" else "L"
        memo[k] = any(not _win_first(p, other, left, right, memo) for p in moves)
    return memo[k]


def outcome_brute(pos, left, right) -> str:
    memo: dict = {}
    lw, rw = _win_first(pos, "L", left, right, memo), _win_first(pos, "R", left, right, memo)
    return {(True, False): "L", (False, True): "R", (False, False): "P", (True, True): "N"}[
        (lw, rw)]


# -- the package's rulesets ----------------------------------------------------------


def test_nim_equals_the_nim_sum_on_every_position_up_to_three_heaps_of_five():
    nim = Nim()
    for heaps in itertools.combinations_with_replacement(range(6), 3):
        assert nim.grundy(heaps) == nim_sum(*heaps), heaps
        assert nim.value(heaps) == games.nimber(nim_sum(*heaps))
        assert nim.outcome(heaps) == ("P" if nim_sum(*heaps) == 0 else "N")
    assert nim.winning_moves((3, 4, 5)) == [(1, 4, 5)]


@pytest.mark.parametrize("moves", [(1, 2, 3), (1, 3, 4), (2, 5, 7), (2, 4, 7)])
def test_subtraction_games_equal_the_ruleset(moves):
    kit = Subtraction(moves)
    table = kit.values(lambda n: n, range(120))
    assert table.values == subtraction.values(set(moves), 120)
    pre, per = subtraction.period(set(moves))
    assert table.period() == Period(pre, per)


def test_kayles_equals_octal_0_77_and_its_period():
    kayles = Kayles()
    table = kayles.values(lambda n: (n,) if n else (), range(130))
    assert table.values == octal.values("0.77", 130)
    assert tuple(table.period()) == (71, 12)          # Kayles' famous period 12 from 71
    # every position of up to three rows of at most 6 pins
    single = octal.values("0.77", 7)
    for rows in itertools.combinations_with_replacement(range(7), 3):
        assert kayles.grundy(_rows(rows)) == nim_sum(*(single[r] for r in rows))


def test_grundys_game_equals_the_ruleset():
    g = GrundysGame()
    assert g.values(lambda n: (n,), range(1, 60)).values == grundys_game.values(60)[1:]
    for heaps in [(7,), (8,), (10,), (4, 5), (3, 4, 6)]:
        wins = g.winning_moves(heaps)
        assert all(g.grundy(p) == 0 for p in wins)
        assert all(g.grundy(p) != 0 for p in g.options(heaps) if p not in wins)
        assert bool(wins) == (g.outcome(heaps) == "N")


def test_verify_accepts_the_right_splits():
    assert Nim().verify((2, 3))
    assert Kayles().verify((3, 4))
    assert GrundysGame().verify((9,))
    assert KitDomineering().verify(frozenset((r, c) for r in range(3) for c in range(3)))


def _cells(mask, m, n):
    return frozenset((r, c) for r in range(m) for c in range(n) if mask >> (r * n + c) & 1)


def _rows_of(cells, m, n):
    return ["".join("." if (r, c) in cells else "#" for c in range(n)) for r in range(m)]


def test_domineering_equals_the_ruleset_on_every_3x3_board():
    kit, plain = KitDomineering(), PlainDomineering()
    for mask in range(1, 1 << 9):
        cells = _cells(mask, 3, 3)
        want = Domineering(_rows_of(cells, 3, 3)).value()
        assert kit.value(cells) == want, _rows_of(cells, 3, 3)
        assert plain.value(cells) == want


_SHARED = KitDomineering()  # one instance: its table grows over the examples, as a student's


@given(st.integers(1, (1 << 16) - 1))
def test_domineering_equals_the_ruleset_on_random_4x4_boards(mask):
    cells = _cells(mask, 4, 4)
    assert _SHARED.value(cells) == Domineering(_rows_of(cells, 4, 4)).value()


def test_domineering_full_boards_and_the_2x2_temperature():
    kit = KitDomineering()
    for m, n in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]:
        board = frozenset((r, c) for r in range(m) for c in range(n))
        assert kit.value(board) == Domineering.rectangle(m, n).value(), (m, n)
    two = frozenset((r, c) for r in range(2) for c in range(2))
    assert kit.value(two) == games.parse("±1") and kit.temperature(two) == 1
    assert kit.outcome(two) == "N"
    assert kit.winning_moves(two, "L") and kit.winning_moves(two, "Right")


# -- Cutcake: Winning Ways ---------------------------------------------------------

# Berlekamp, Conway and Guy, *Winning Ways for your Mathematical Plays* (2nd ed.,
# A K Peters 2001), vol. 1, chapter 2, "Cutcake": the table of values of a cake
# `height` squares high and `width` wide, Left (vertical cuts) counting positive.
# Rows: heights 1..8; columns: widths 1..8.  Integers only, and within a row the
# value grows by one each time the width grows by 2**floor(log2 height), which is
# Winning Ways' rule: floor(width / 2**floor(log2 height)) - 1 when width >= height.
WINNING_WAYS_CUTCAKE = [
    [0, 1, 2, 3, 4, 5, 6, 7],
    [-1, 0, 0, 1, 1, 2, 2, 3],
    [-2, 0, 0, 1, 1, 2, 2, 3],
    [-3, -1, -1, 0, 0, 0, 0, 1],
    [-4, -1, -1, 0, 0, 0, 0, 1],
    [-5, -2, -2, 0, 0, 0, 0, 1],
    [-6, -2, -2, 0, 0, 0, 0, 1],
    [-7, -3, -3, -1, -1, -1, -1, 0],
]


def test_cutcake_equals_the_table_of_winning_ways():
    cutcake = Cutcake()
    for h in range(1, 9):
        for w in range(1, 9):
            v = cutcake.value(((h, w),))
            assert v.is_number() and v == WINNING_WAYS_CUTCAKE[h - 1][w - 1], (h, w, v)
    # a sum of cakes is the sum of the values
    assert cutcake.value(((1, 4), (2, 1), (3, 8))) == 3 - 1 + 3
    # the family of 2-high cakes: arithmetic-periodic, period 2, saltus 1
    row2 = cutcake.values(lambda w: ((2, w),), range(1, 21))
    assert row2.period() == Period(1, 2, 1)  # -1, 0, 0, 1, 1, 2, ...
    assert cutcake.verify(((2, 3),))


# -- Toppling Dominoes: a brute-force twin ---------------------------------------------


def test_toppling_dominoes_equals_its_brute_force_twin():
    kit = TopplingDominoes()
    for n in range(1, 7):
        for row in map("".join, itertools.product("LRG", repeat=n)):
            assert kit.value((row,)) == toppling_brute(row), row
    assert kit.value(("L",)) == 1 and kit.value(("LL",)) == 2
    assert kit.value(("LR",)) == games.STAR and kit.value(("G",)) == games.STAR
    assert kit.verify(("LRGL",))


def test_toppling_dominoes_thermograph_and_atomic_weight():
    kit = TopplingDominoes()
    pos = ("LLRRR",)
    from cgteach.games.temperature import temperature, thermograph

    assert kit.temperature(pos) == temperature(toppling_brute("LLRRR"))
    assert repr(kit.thermograph(pos)) == repr(thermograph(toppling_brute("LLRRR")))
    assert kit.atomic_weight(("GG",)) == games.ZERO  # *2 + ... all-small
    with pytest.raises(ValueError, match="not all-small"):
        kit.atomic_weight(("L",))


# -- random rule sets, against the plain win/lose search --------------------------------


@st.composite
def dags(draw):
    """A random partizan game on positions 0..n-1: moves go to lower positions."""
    n = draw(st.integers(1, 8))
    left = [tuple(sorted(draw(st.sets(st.integers(0, i - 1), max_size=3)) if i else ()))
            for i in range(n)]
    right = [tuple(sorted(draw(st.sets(st.integers(0, i - 1), max_size=3)) if i else ()))
             for i in range(n)]
    return left, right


class Table(PartizanRules):
    def __init__(self, left, right):
        self.L, self.R = left, right

    def left(self, p):
        return self.L[p]

    def right(self, p):
        return self.R[p]


class TableSum(Table):
    """Positions are tuples of table positions, played side by side."""

    def left(self, ps):
        return [tuple(sorted(ps[:i] + (q,) + ps[i + 1:])) for i, p in enumerate(ps)
                for q in self.L[p]]

    def right(self, ps):
        return [tuple(sorted(ps[:i] + (q,) + ps[i + 1:])) for i, p in enumerate(ps)
                for q in self.R[p]]

    def split(self, ps):
        return [(p,) for p in ps]


class ImpartialTable(ImpartialRules):
    def __init__(self, moves):
        self.moves = moves

    def options(self, p):
        return self.moves[p]


@given(dags())
def test_random_rules_outcomes_equal_the_plain_search(game):
    left, right = game
    kit = Table(left, right)

    @cache
    def brute(p):  # the value from the definition, no kit
        return games.game([brute(q) for q in left[p]], [brute(q) for q in right[p]])

    for p in range(len(left)):
        assert kit.value(p) == brute(p)
        assert kit.outcome(p) == outcome_brute(p, lambda q: left[q], lambda q: right[q])
        wins_l = [q for q in left[p] if outcome_brute(q, lambda x: left[x],
                                                      lambda x: right[x]) in "LP"]
        assert kit.winning_moves(p, "L") == wins_l


@given(dags(), st.lists(st.integers(0, 7), min_size=1, max_size=3))
def test_random_sums_split_equals_the_plain_search(game, picks):
    left, right = game
    n = len(left)
    ps = tuple(sorted(p % n for p in picks))
    kit = TableSum(left, right)
    assert kit.outcome(ps) == outcome_brute(ps, kit.left, kit.right)
    assert kit.value(ps) == games.total([Table(left, right).value(p) for p in ps])
    assert kit.verify(ps)


@given(dags())
def test_random_impartial_rules_equal_the_plain_search(game):
    moves, _ = game
    kit = ImpartialTable(moves)
    for p in range(len(moves)):
        out = outcome_brute(p, lambda q: moves[q], lambda q: moves[q])
        assert kit.outcome(p) == out and (kit.grundy(p) == 0) == (out == "P")
        assert kit.value(p) == games.nimber(kit.grundy(p))


# -- tables ---------------------------------------------------------------------------


def test_value_tables_export_text_and_csv():
    table = Subtraction((1, 2, 3)).values(lambda n: n, range(12))
    assert isinstance(table, ValueTable) and len(table) == 12
    text = table.to_text()
    assert text.splitlines()[0].split() == ["n", "value"]
    assert text.splitlines()[1].split() == ["0", "0"] and text.splitlines()[2].split() == ["1", "*"]
    assert "period 4 from 0 on" in text
    assert table.to_csv().splitlines()[:3] == ["n,value", "0,0", "1,*"]
    plain = Cutcake().values([((1, 2),), ((2, 1),)])
    assert plain.values == [1, -1] and plain.period() is None or plain.period() is not None
    assert Cutcake().values([((2, 2),)]).to_text().splitlines()[1].endswith("0")
    hot = KitDomineering().values([frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})])
    assert hot.period() is None and "±1" in hot.to_text()


def test_period_is_none_without_a_pattern_and_needs_repeats():
    t = ValueTable([(i, i, v) for i, v in enumerate([0, 1, 2, 3, 0, 1])], impartial=True,
                   family=True)
    assert t.period() is None  # one and a half periods only
    t = ValueTable([(i, i, v) for i, v in enumerate([5] + [0, 1] * 4)], impartial=True,
                   family=True)
    assert t.period() == Period(1, 2)


def test_period_finds_grundy_numbers_that_climb_lasker_nim():
    """Lasker's Nim (take any number, or split a heap in two): G(4k+1) = 4k+1,
    G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Winning Ways, ch. 4):
    arithmetic-periodic with period 4 and saltus 4 from heap 1 on."""

    class Lasker(ImpartialRules):
        def options(self, heaps):
            out = []
            for i, n in enumerate(heaps):
                rest = heaps[:i] + heaps[i + 1:]
                out += [rest + ((m,) if m else ()) for m in range(n)]
                out += [rest + (a, n - a) for a in range(1, n // 2 + 1)]
            return out

        def split(self, heaps):
            return [(n,) for n in heaps]

    table = Lasker().values(lambda n: (n,), range(0, 25))
    formula = [0] + [n if n % 4 in (1, 2) else (n + 1 if n % 4 == 3 else n - 1)
                     for n in range(1, 25)]
    assert table.values == formula
    assert table.period() == Period(1, 4, 4)
    assert "period 4 from 1 on, saltus 4" in table.to_text()
    # a pure period is still preferred: Nim's values climb by 1 each heap
    nim_like = ValueTable([(i, i, v) for i, v in enumerate([0, 1, 0, 1, 0, 1, 0, 1])],
                          impartial=True, family=True)
    assert nim_like.period() == Period(0, 2)


# -- what a student can get wrong --------------------------------------------------------


class Moves(ImpartialRules):
    """Options given by a function (for the error tests)."""

    def __init__(self, fn):
        self.fn = fn

    def options(self, p):
        return self.fn(p)


def test_unhashable_positions_are_named():
    with pytest.raises(TypeError, match=r"not hashable.*tuples instead of lists"):
        Nim().grundy([1, 2])
    with pytest.raises(TypeError, match=r"Moves.options\(3\) gave \[2\], which is not hashable"):
        Moves(lambda n: [[n - 1]]).grundy(3)
    with pytest.raises(TypeError, match=r"Table.left\(1\) gave \{0\}, which is not hashable"):
        Table([(), ({0},)], [(), ()]).value(1)


def test_options_that_are_not_positions():
    with pytest.raises(TypeError, match=r"Moves.options\(2\) returned None.*forget `return`"):
        Moves(lambda n: None).grundy(2)
    with pytest.raises(TypeError, match=r"Moves.options\(2\) returned 1, which is not a list"):
        Moves(lambda n: 1).grundy(2)
    with pytest.raises(TypeError, match=r"Moves.options\(2\) gave None as a position"):
        Moves(lambda n: [None]).grundy(2)
    with pytest.raises(TypeError, match=r"an iterator, as a position"):
        Moves(lambda n: [iter([1])]).grundy(2)
    with pytest.raises(TypeError, match=r"returned 'ab', which is not a list"):
        Moves(lambda n: "ab").grundy(2)


def test_a_loop_is_shown():
    with pytest.raises(ValueError, match=r"can be reached from itself: (\d) → (\d) → \1.*not a "
                                         r"short game"):
        Moves(lambda n: [n - 1, n + 1] if 0 < n < 5 else []).grundy(3)
    with pytest.raises(ValueError, match=r"reached from itself: 0 → 1 → 2 → 0"):
        Table([(1,), (2,), (0,)], [(), (), ()]).value(0)
    with pytest.raises(ValueError, match=r"reached from itself: 4 → 4"):
        Moves(lambda n: [n]).grundy(4)


def test_an_exception_in_the_students_function_is_theirs():
    def broken(n):
        return [10 // (n - 2)] if n > 0 else []

    with pytest.raises(RulesError) as info:
        Moves(broken).grundy(2)
    assert str(info.value).startswith("Moves.options(2) raised ZeroDivisionError")
    assert isinstance(info.value.__cause__, ZeroDivisionError)

    class BadSplit(Nim):
        def split(self, heaps):
            raise KeyError("oops")

    with pytest.raises(RulesError, match=r"^BadSplit.split\(\(1, 2\)\) raised KeyError"):
        BadSplit().value((1, 2))

    class BadKey(Nim):
        def key(self, heaps):
            return list(heaps)

    with pytest.raises(TypeError, match=r"BadKey.key\(\(1,\)\) gave \[1\], which is not hash"):
        BadKey().value((1, 2))

    class NoMoves(PartizanRules):
        pass

    with pytest.raises(RulesError, match=r"NoMoves.left\(0\) raised NotImplementedError"):
        NoMoves().value(0)


def test_a_search_over_the_budget_stops_naming_the_positions_and_keeps_its_work():
    big = Moves(lambda n: [n - 1, n - 2, n // 2] if n > 2 else [])  # a long chain: 10**6 positions
    with pytest.raises(BudgetError, match=r"explored \d+ positions.*budget=") as info:
        big.grundy(10**6, budget=0.2)
    assert info.value.budget == 0.2
    # a depth-first search finishes nothing before it reaches the bottom: nothing was
    # kept, and the next call answers as a fresh instance does
    assert big.grundy(5000) == Moves(big.fn).grundy(5000)
    wide = Subtraction((1, 2))
    with pytest.raises(BudgetError, match=r"explored \d+ positions"):
        wide.values(lambda n: n, range(10**6), budget=0.2)
    assert len(wide._cache("grundy")) > 0  # the heaps valued before the refusal are kept
    assert wide.grundy(3000) == 0 and wide.values(lambda n: n, range(9)).values == [0, 1, 2] * 3


def test_the_refusal_estimates_from_the_share_of_first_moves_valued():
    def moves(p):
        if p == "start":
            return [5, 10**6]          # a quick move, then a long chain
        return [p - 1] if p > 0 else []

    with pytest.raises(BudgetError, match=r"valued 1 of the 2 moves .* would take about"):
        Moves(moves).grundy("start", budget=0.3)
    with pytest.raises(BudgetError, match=r"not finished the first of the 1 moves"):
        Table([(), (0,)] + [(i,) for i in range(1, 10**5)], [()] * (10**5 + 1)).value(
            10**5, budget=0.3)


def test_ctrl_c_in_an_impartial_search_leaves_the_caches_right():
    calls = [0]

    def moves(n):
        calls[0] += 1
        if calls[0] == 500:
            raise KeyboardInterrupt
        return [n - k for k in (1, 3, 4) if k <= n]

    kit = Moves(moves)
    with pytest.raises(KeyboardInterrupt):
        kit.values(lambda n: n, range(1000))
    assert kit.values(lambda n: n, range(1000)).values == subtraction.values({1, 3, 4}, 1000)


def test_ctrl_c_leaves_the_caches_right():
    calls = [0]

    class Flaky(Cutcake):
        def left(self, cakes):
            calls[0] += 1
            if calls[0] == 30:
                raise KeyboardInterrupt
            return super().left(cakes)

    kit = Flaky()
    with pytest.raises(KeyboardInterrupt):
        kit.value(((8, 8),))
    assert calls[0] == 30
    for h in range(1, 9):
        for w in range(1, 9):
            assert kit.value(((h, w),)) == WINNING_WAYS_CUTCAKE[h - 1][w - 1]


def test_verify_catches_a_wrong_split_and_a_wrong_key():
    class WrongSplit(Cutcake):
        def split(self, cakes):          # drops the first cake
            return [(c,) for c in cakes[1:]] if len(cakes) > 1 else [cakes]

    verdict = WrongSplit().verify(((2, 2),))
    assert isinstance(verdict, Verdict) and not verdict and not verdict.ok
    assert "split(" in verdict.problems[0] and "not independent" in verdict.problems[0]
    assert str(verdict).startswith("NOT verified: split disagrees")

    class WrongKey(KitDomineering):
        def key(self, cells):            # turns the board on its side: swaps the players
            return frozenset((c, r) for r, c in super().key(cells))

    board = frozenset({(0, 0), (0, 1), (0, 2), (1, 0)})
    verdict = WrongKey().verify(board)
    assert not verdict and any("key(" in p for p in verdict.problems)
    good = KitDomineering().verify(board)
    assert good and str(good).startswith("verified: split and key agree")
    with pytest.raises(ValueError, match="max_positions=5"):
        KitDomineering().verify(frozenset((r, c) for r in range(3) for c in range(3)),
                                max_positions=5)


def test_moves_are_the_checked_options():
    assert Cutcake().moves(((1, 3),), "L") == [((1, 1), (1, 2)), ((1, 2), (1, 1))]
    assert Cutcake().moves(((1, 3),), "R") == []
    assert Nim().moves((1, 2)) == [(0, 2), (0, 1), (1, 1)] == Nim().moves((1, 2), "L")
    with pytest.raises(TypeError, match=r"Moves.options\(1\) gave \[0\], which is not hash"):
        Moves(lambda n: [[0]]).moves(1)
    with pytest.raises(ValueError, match="player must be"):
        Cutcake().moves(((1, 3),), None)


def test_bad_players_and_families():
    with pytest.raises(ValueError, match="player must be 'L'"):
        Cutcake().winning_moves(((1, 2),), "X")
    with pytest.raises(TypeError, match="needs the sizes"):
        Nim().values(lambda n: (n,))
    with pytest.raises(RulesError, match=r"^<lambda>\(0\) raised ZeroDivisionError"):
        Nim().values(lambda n: (1 // n,), range(3))
    with pytest.raises(TypeError, match="values\\(\\) was given"):
        Nim().values([[1]])


# -- graphs and pictures -----------------------------------------------------------------


def test_state_graph_and_pictures():
    g = Cutcake().state_graph(((2, 2),))
    assert g.nodes[((2, 2),)]["value"] == 0 and g.nodes[((2, 2),)]["outcome"] == "P"
    assert {d["player"] for _, _, d in g.edges(data=True)} == {"L", "R"}
    assert g.number_of_nodes() == 8  # the pieces' order counts: no key
    nim = Nim().state_graph((1, 2))
    assert nim.nodes[(1, 2)]["grundy"] == 3 and nim.nodes[(0, 0)]["outcome"] == "P"
    ax = Nim().draw_state_graph((1, 2))
    assert len(ax.patches) == nim.number_of_nodes()
    ax = Cutcake().draw_game_tree(((2, 3),))
    assert ax.texts
    ax = Cutcake().draw_state_graph(((1, 3),))
    assert len(ax.patches) == Cutcake().state_graph(((1, 3),)).number_of_nodes()
    with pytest.raises(ValueError, match="more than 3 positions"):
        Nim().state_graph((3, 3), max_nodes=3)
