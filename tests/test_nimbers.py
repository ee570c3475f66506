"""Tests for cgteach.nimbers: binary expansion, subpiles, nim sum, mex, Nimber."""

import copy
import pickle
from functools import reduce
from operator import xor

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgteach
from cgteach.nimbers import Nimber, binary_expansion, mex, nim_sum, subpiles

sizes = st.integers(min_value=0, max_value=10_000)
positions = st.lists(st.integers(min_value=0, max_value=200), max_size=8)

# --- binary expansion (Lemmas 2.1 and 2.2) ---------------------------------


@pytest.mark.parametrize(
    "n, powers",
    [
        (0, []),
        (1, [1]),
        (2, [2]),
        (7, [4, 2, 1]),  # the essay's footnote: a pile of 7 has subpiles 1, 2, 4
        (10, [8, 2]),
        (13, [8, 4, 1]),
        (19, [16, 2, 1]),
        (45, [32, 8, 4, 1]),  # the slides: 45 = 32 + 8 + 4 + 1
        (1024, [1024]),
    ],
)
def test_binary_expansion_examples(n, powers):
    assert binary_expansion(n) == powers


@given(sizes)
def test_binary_expansion_is_distinct_powers_of_two_largest_first(n):
    powers = binary_expansion(n)
    assert sum(powers) == n
    assert all(p > 0 and p & (p - 1) == 0 for p in powers)
    assert powers == sorted(set(powers), reverse=True)


@given(sizes)
def test_binary_expansion_agrees_with_the_binary_digits(n):
    digits = bin(n)[2:]
    from_digits = [1 << k for k, d in enumerate(reversed(digits)) if d == "1"]
    assert binary_expansion(n) == sorted(from_digits, reverse=True)


@pytest.mark.parametrize("n", range(12))
def test_lemma_2_1_all_powers_up_to_2_to_the_n(n):
    # 2^0 + 2^1 + ... + 2^n = 2^(n+1) - 1, so that number uses every power.
    assert binary_expansion(2 ** (n + 1) - 1) == [2**k for k in range(n, -1, -1)]


def test_binary_expansion_is_unique_lemma_2_2():
    # Brute force: every subset of {1, 2, ..., 64} has a different sum.
    powers = [1 << k for k in range(7)]
    sums = {}
    for mask in range(1 << 7):
        chosen = [p for k, p in enumerate(powers) if mask >> k & 1]
        sums.setdefault(sum(chosen), []).append(sorted(chosen, reverse=True))
    assert all(len(ways) == 1 for ways in sums.values())
    assert all(binary_expansion(n) == ways[0] for n, ways in sums.items())


# --- subpiles ----------------------------------------------------------------


@pytest.mark.parametrize(
    "heaps, table",
    [
        ([7, 5], {4: [0, 1], 2: [0], 1: [0, 1]}),
        ([10, 12, 5], {8: [0, 1], 4: [1, 2], 2: [0], 1: [2]}),
        ([13, 19, 10], {16: [1], 8: [0, 2], 4: [0], 2: [1, 2], 1: [0, 1]}),
        ([], {}),
        ([0, 0], {}),
    ],
)
def test_subpiles_examples(heaps, table):
    assert subpiles(heaps) == table
    assert list(subpiles(heaps)) == sorted(table, reverse=True)


@given(positions)
def test_odd_subpile_counts_are_the_bits_of_the_nim_sum(heaps):
    odd = sum(p for p, ix in subpiles(heaps).items() if len(ix) % 2 == 1)
    assert odd == nim_sum(heaps)


@given(positions)
def test_subpiles_rebuild_every_heap(heaps):
    rebuilt = [0] * len(heaps)
    for power, holders in subpiles(heaps).items():
        assert holders == sorted(set(holders))
        for i in holders:
            rebuilt[i] += power
    assert rebuilt == heaps


# --- nim sum -----------------------------------------------------------------


@pytest.mark.parametrize(
    "heaps, total",
    [
        ((13, 19, 10), 20),  # slides: (8+4+1) ⊕ (16+2+1) ⊕ (8+2) = 16 + 4
        ((10, 12, 5), 3),  # the [10, 12, 5] analysis
        ((9, 12, 5), 0),
        ((4, 11, 13), 2),  # essay: *4 + *11 + *13
        ((5, 5), 0),  # two equal piles balance
        ((1, 2, 3), 0),
        ((7,), 7),
        ((), 0),
    ],
)
def test_nim_sum_examples(heaps, total):
    assert nim_sum(*heaps) == total
    assert nim_sum(list(heaps)) == total


def _nim_sum_without_carrying(heaps):
    """Add in binary without carrying: keep a power iff it occurs an odd number of times."""
    total, power = 0, 1
    while any(h >= power for h in heaps):
        if sum(1 for h in heaps if h & power) % 2:
            total += power
        power *= 2
    return total


@given(positions)
def test_nim_sum_is_addition_without_carrying(heaps):
    assert nim_sum(heaps) == _nim_sum_without_carrying(heaps) == reduce(xor, heaps, 0)


@given(sizes, sizes, sizes)
def test_nim_sum_laws(a, b, c):
    assert nim_sum(a, b) == nim_sum(b, a)
    assert nim_sum(nim_sum(a, b), c) == nim_sum(a, nim_sum(b, c))
    assert nim_sum(a, 0) == a
    assert nim_sum(a, a) == 0


def test_nim_sum_accepts_any_iterable():
    assert nim_sum(iter([13, 19, 10])) == 20
    assert nim_sum(h for h in (4, 11, 13)) == 2
    assert nim_sum(range(4)) == 0


# --- mex ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "values, m",
    [
        ({0, 1, 2, 5, 8}, 3),  # the slides' example
        ({0, 1, 3}, 2),  # the chapter's example
        (set(), 0),
        ([1, 2], 0),
        ([0, 0, 0], 1),
        (range(10), 10),
    ],
)
def test_mex_examples(values, m):
    assert mex(values) == m


@given(st.lists(st.integers(min_value=0, max_value=30), max_size=20))
def test_mex_is_the_least_missing_value(values):
    m = mex(values)
    assert m not in values
    assert all(k in values for k in range(m))
    assert m == min(set(range(len(values) + 1)) - set(values))


# --- Nimber ------------------------------------------------------------------


def test_nimber_addition_examples():
    assert Nimber(4) + Nimber(11) + Nimber(13) == Nimber(2)  # the essay's *4 + *11 + *13
    assert Nimber(13) + Nimber(19) + Nimber(10) == Nimber(20)
    assert Nimber(5) + Nimber(5) == Nimber(0) == 0
    assert sum([Nimber(1), Nimber(2), Nimber(3)]) == Nimber(0)
    assert Nimber(6) - Nimber(3) == Nimber(5)
    assert -Nimber(7) == Nimber(7)


@given(sizes, sizes)
def test_nimber_addition_is_nim_sum_thm_3_2(a, b):
    assert Nimber(a) + Nimber(b) == Nimber(nim_sum(a, b))
    assert int(Nimber(a) + Nimber(b)) == a ^ b


@pytest.mark.parametrize("n, text", [(0, "0"), (1, "*"), (2, "*2"), (13, "*13")])
def test_nimber_str_and_repr(n, text):
    assert str(Nimber(n)) == text
    assert eval(repr(Nimber(n)), {"Nimber": Nimber}) == Nimber(n)
    assert Nimber(n)._repr_latex_() == f"${text}$"


def test_nimber_is_immutable_and_hashable():
    n = Nimber(3)
    with pytest.raises(AttributeError):
        n._n = 4
    assert n.n == 3
    assert len({Nimber(3), Nimber(3), Nimber(4)}) == 2
    assert bool(Nimber(0)) is False and bool(Nimber(2)) is True
    assert [10, 20, 30, 40][Nimber(2)] == 30  # __index__


def test_nimber_zero_hashes_like_the_integer_it_equals():
    assert Nimber(0) == 0
    assert hash(Nimber(0)) == hash(0)


@pytest.mark.parametrize(
    "clone", [copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))]
)
def test_nimber_can_be_copied_and_pickled(clone):
    assert clone(Nimber(3)) == Nimber(3)


def test_top_level_names():
    assert cgteach.binary_expansion is binary_expansion
    assert cgteach.nim_sum(13, 19, 10) == 20
    assert cgteach.mex({0, 1, 2, 5, 8}) == 3


# --- bad input ---------------------------------------------------------------


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: binary_expansion(-1), ValueError, "non-negative"),
        (lambda: binary_expansion(1.5), TypeError, "non-negative integer"),
        (lambda: binary_expansion("3"), TypeError, "str"),
        (lambda: binary_expansion(True), TypeError, "bool"),
        (lambda: nim_sum(3, -1), ValueError, "heap 2"),
        (lambda: nim_sum([1, 1.5]), TypeError, "heap 2"),
        (lambda: nim_sum("3"), TypeError, "heap 1"),
        (lambda: subpiles([3, -2]), ValueError, "heap 2"),
        (lambda: subpiles(5), TypeError, "list"),
        (lambda: mex("012"), TypeError, "collection"),
        (lambda: mex(5), TypeError, "collection"),
        (lambda: mex([0, -1]), ValueError, "mex"),
        (lambda: Nimber(-1), ValueError, "nimber"),
        (lambda: Nimber(2.0), TypeError, "nimber"),
        (lambda: Nimber(1) + 1, TypeError, "unsupported"),
    ],
)
def test_bad_input_gives_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()
