"""cgteach.misere: misère outcomes, genus, tame/wild, quotients, best moves.

Every fast answer is compared with the brute-force twin ``tests/misere_brute.py``
(written apart: its own reading of the octal code, its own move list, the
quotient from its definition) and with published facts.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgteach import nim
from cgteach.misere import (
    Genus,
    MisereQuotient,
    best_move,
    genus,
    is_tame,
    misere_outcome,
    misere_quotient,
)
from tests import misere_brute as brute

SETTINGS = settings(derandomize=True, max_examples=200, deadline=None)

CODES = ["0.77", "0.07", "0.75", "0.137", "0.333", "0.6", "4.07", "0.31"]


# -- outcomes ---------------------------------------------------------------------


@SETTINGS
@given(
    st.sampled_from(CODES),
    st.lists(st.integers(min_value=0, max_value=9), max_size=4),
)
def test_outcome_agrees_with_the_brute_force_twin(code, heaps):
    assert misere_outcome(code, heaps) == brute.outcome(code, heaps)


@SETTINGS
@given(st.lists(st.integers(min_value=0, max_value=6), max_size=5))
def test_outcome_of_nim_codes_agrees_with_bouton(heaps):
    # "0.333333" is Nim for heaps of at most 6 (take 1 … 6, leaving one heap or none).
    assert misere_outcome("0.333333", heaps) == nim.outcome(heaps, misere=True)


def test_outcomes_by_hand():
    # Kayles: a lone pin loses for the player to move (they must take it); two pins: take one.
    assert misere_outcome("0.77", []) == "N"
    assert misere_outcome("0.77", [1]) == "P"
    assert misere_outcome("0.77", [2]) == "N"
    # Dawson's Kayles 0.07: a heap of 1 has no move, so it is the empty game.
    assert misere_outcome("0.07", [1]) == "N"
    assert misere_outcome("0.07", [1, 1, 1]) == "N"
    assert misere_outcome("0.07", [2]) == "P"


# -- genus ----------------------------------------------------------------------

# The genera of Kayles heaps 0–12 as this package computes them (and the brute-force
# twin below, from the definition).  Winning Ways (ch. 13, "Survival in the Lost
# World") tabulates Kayles' genera; heap 5's 4^146 is the first wild one.  The
# search tool reached no copy of the printed table, so the list here is checked
# against the independent twin, not yet digit by digit against the book.
KAYLES_GENERA = [
    "0^120",
    "1^031",
    "2^20",
    "3^31",
    "1^031",
    "4^146",
    "3^31",
    "2^20",
    "1^13",
    "4^046",
    "2^20",
    "6^46",
    "4^046",
]

# Dawson's Kayles in the code 0.07 (remove two adjacent pins): heaps 0–20.
DAWSON_GENERA = [
    "0^120",
    "0^120",
    "1^031",
    "1^031",
    "2^20",
    "0^120",
    "3^31",
    "1^031",
    "1^031",
    "0^120",
    "3^1431",
    "3^31",
    "2^0520",
    "2^20",
    "4^146",
    "0^120",
    "5^057",
    "2^0520",
    "2^20",
    "3^1431",
    "3^31",
]


def test_genus_of_the_empty_position_and_of_one_token():
    assert str(genus("0.77", [])) == "0^120"
    assert str(genus("0.77", [1])) == "1^031"
    g = genus("0.77", [5])
    assert (g.normal, g.misere) == (4, (1, 4, 6))
    assert g._repr_latex_() == "$4^{146}$" and g._repr_html_() == "4<sup>146</sup>"


def test_kayles_genera_as_printed():
    assert [str(genus("0.77", [h])) for h in range(13)] == KAYLES_GENERA


def test_dawsons_kayles_genera():
    assert [str(genus("0.07", [h])) for h in range(21)] == DAWSON_GENERA


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.75", "0.137", "4.07"])
def test_genus_agrees_with_the_twin(code):
    for heaps in [[h] for h in range(13)] + [[2, 3], [1, 5], [4, 4], [1, 1, 2]]:
        g = genus(code, heaps)
        seq = brute.genus_sequence(code, heaps, 10)
        cut = len(g.misere)
        assert list(g.misere) == seq[:cut]
        # from the cut on, the sequence alternates with period 2
        assert all(seq[k] == seq[k - 2] for k in range(cut, 10)), (heaps, seq)
        # and it did not start alternating earlier
        assert cut == 2 or seq[cut - 1] != seq[cut - 3], (heaps, seq)


def test_genus_normal_part_is_the_grundy_value_and_gamma0_the_misere_grundy():
    from cgteach.rulesets.octal import values

    for code in ("0.77", "0.07", "0.75"):
        g = values(code, 10)
        for heaps in itertools.combinations_with_replacement(range(10), 2):
            G = genus(code, heaps)
            assert G.normal == g[heaps[0]] ^ g[heaps[1]]
            # gamma_0 = 0 exactly for misère P-positions
            assert (G.misere[0] == 0) == (brute.outcome(code, heaps) == "P")


def test_genus_of_nim_positions_is_tame():
    for heaps in itertools.combinations_with_replacement(range(5), 3):
        assert genus("0.3333", heaps).is_tame


# -- tame and wild ---------------------------------------------------------------


def test_kayles_is_wild_from_heap_5():
    r = is_tame("0.77", 12)
    assert not r and r.wild_heap == 5 and str(r.genera[5]) == "4^146"
    assert "4^146" in r.reason
    assert is_tame("0.77", 4)


def test_nim_is_tame():
    r = is_tame("0.333333", 6)
    assert r and r.wild_heap is None
    assert [g.name for g in r.genera[:3]] == ["fickle", "fickle", "firm"]


# -- quotients: small facts -------------------------------------------------------


def test_nim_heaps_of_one():
    q = misere_quotient("0.3333", 1)
    assert q.order == 2 and q.presentation() == "⟨a | a² = 1⟩"
    assert q.p_portion == {"a"} and q.identity == "1"
    assert q.heap_images == ("1", "a")


@pytest.mark.parametrize("bound", [2, 3])
def test_nim_heaps_up_to_2_or_3_is_t2(bound):
    q = misere_quotient("0." + "3" * bound, bound)
    assert q.order == 6 and len(q.p_portion) == 2
    assert q.presentation() == "⟨a, b | a² = 1, b³ = b⟩"
    assert q.p_portion == {"a", "b²"}
    assert q.isomorphic(misere_quotient("0.3333", 2))


def test_0_75_reaches_order_8():
    orders = [misere_quotient("0.75", n).order for n in range(1, 10)]
    assert orders == [2, 6, 6, 6, 8, 8, 8, 8, 8]
    q = misere_quotient("0.75", 8)
    assert q.presentation() == "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
    assert q.p_portion == {"a", "b²"}


def test_there_is_exactly_one_quotient_of_order_8():
    # Siegel, "The structure and classification of misère quotients" (arXiv
    # math/0703070, abstract): there is exactly one misère quotient of order 8.
    eights = [
        misere_quotient(code, n)
        for code, n in [("0.75", 5), ("0.75", 9), ("0.31", 8), ("4.07", 6)]
        if misere_quotient(code, n).order == 8
    ]
    assert len(eights) >= 2
    for q in eights[1:]:
        assert q.isomorphic(eights[0])


def test_orders_are_even_and_two_p_elements_give_2n_plus_2_or_4():
    # Plambeck–Siegel (2008): a misère quotient (of a set with a non-zero game) has
    # even order; Siegel (math/0703070): with |P| = 2 the order is 2^n + 2 or 2^n + 4.
    allowed = {2**n + 2 for n in range(1, 12)} | {2**n + 4 for n in range(1, 12)}
    for code in CODES:
        for n in range(2, 9):
            q = misere_quotient(code, n)
            if q.order == 1:  # only games with no move at all
                continue
            assert q.order % 2 == 0, (code, n, q.order)
            if len(q.p_portion) == 2:
                assert q.order in allowed, (code, n, q.order)


def test_isomorphic_is_not_fooled_by_equal_orders():
    a = misere_quotient("0.77", 6)  # order 12, three P elements
    b = misere_quotient("0.07", 12)
    assert a.order == b.order == 12
    assert a.isomorphic(a) and b.isomorphic(b)


def test_table_and_multiplication_agree():
    q = misere_quotient("0.77", 6)
    rows = q.table()
    for x, row in zip(q.elements, rows, strict=True):
        for y, product in zip(q.elements, row, strict=True):
            assert q.multiply(x, y) == product == q.multiply(y, x)
    text = q.table_text()
    assert text.count("\n") == q.order + 1 and "P-portion" in text


def test_presentation_defines_the_monoid():
    # Every element is a product of generators, and the relations hold in the table.
    for code, n in [("0.77", 9), ("0.07", 12), ("0.75", 6)]:
        q = misere_quotient(code, n)
        names = list(q.generators)
        for lhs, rhs in q._relations:
            assert _value(q, names, lhs) == _value(q, names, rhs)


def _value(q, names, exps):
    x = "1"
    for name, e in zip(names, exps, strict=True):
        for _ in range(e):
            x = q.multiply(x, name)
    return x


# -- quotients against the brute-force twin ----------------------------------------

CASES = [
    ("0.3333", 3),
    ("0.77", 5),
    ("0.77", 7),
    ("0.07", 8),
    ("0.75", 6),
    ("0.137", 6),
    ("0.6", 6),
    ("4.07", 5),
]


@pytest.mark.parametrize(("code", "bound"), CASES)
def test_quotient_predicts_every_sum_of_up_to_six_heaps(code, bound):
    q = misere_quotient(code, bound)
    for s in brute.sums(bound, 6):
        assert q.outcome(s) == misere_outcome(code, s) == brute.outcome(code, s), s


@pytest.mark.parametrize(("code", "bound"), [("0.77", 12), ("0.07", 12), ("0.75", 12)])
def test_quotient_predicts_random_larger_sums(code, bound):
    q = misere_quotient(code, bound)
    rng = random.Random(48)
    for _ in range(1000):
        s = [rng.randint(0, bound) for _ in range(rng.randint(1, 5))]
        assert q.outcome(s) == misere_outcome(code, s), s


@pytest.mark.parametrize(
    ("code", "bound"), [("0.3333", 3), ("0.77", 6), ("0.07", 8), ("0.75", 6), ("0.137", 5)]
)
def test_quotient_classes_are_the_brute_force_classes(code, bound):
    # Sums of up to 3 heaps, told apart by adding every sum of up to 3 heaps.
    prof = brute.profiles(code, bound, 3, 3)
    q = misere_quotient(code, bound)
    for s, t in itertools.combinations(prof, 2):
        same = q.element(s) == q.element(t)
        if same:
            assert prof[s] == prof[t], (s, t)
    reached = {q.element(s) for s in prof}
    assert len(set(prof.values())) == len(reached)


# -- best moves -----------------------------------------------------------------


@SETTINGS
@given(
    st.sampled_from(["0.77", "0.07", "0.75"]),
    st.lists(st.integers(min_value=0, max_value=8), min_size=1, max_size=4),
)
def test_best_move_wins_exactly_in_n_positions(code, heaps):
    move = best_move(code, heaps)
    if brute.outcome(code, heaps) == "P" or not any(brute.heap_moves(code, h) for h in heaps):
        assert move is None
        return
    assert move is not None
    assert brute.outcome(code, move.position) == "P"
    q = misere_quotient(code, max(heaps))
    assert move.element in q.p_portion and q.element(move.position) == move.element
    rest = sorted(heaps)
    rest.remove(move.heap)
    assert tuple(sorted([h for h in rest if h] + list(move.leaves))) == move.position


# -- types and names ---------------------------------------------------------------


def test_types():
    q = misere_quotient("0.77", 4)
    assert isinstance(q, MisereQuotient) and isinstance(genus("0.77", [2]), Genus)
    assert q.elements[0] == "1" and set(q.heap_images) <= set(q.elements)
    assert "order 6" in str(q) and "<pre>" in q._repr_html_()


def test_an_element_outside_the_bound_is_refused():
    q = misere_quotient("0.77", 4)
    with pytest.raises(ValueError, match="at most 4"):
        q.element([5])
    with pytest.raises(ValueError, match="no element"):
        q.multiply("zz", "a")


# -- the picture -------------------------------------------------------------------


def test_drawing_marks_the_p_portion_by_shape_and_text():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    q = misere_quotient("0.77", 6)
    ax = q.draw()
    try:
        hatched = [p for p in ax.patches if p.get_hatch()]
        p_cells = sum(1 for row in q.table() for x in row if x in q.p_portion)
        assert len(hatched) == p_cells
        bold = [t for t in ax.texts if t.get_fontweight() == "bold"]
        assert len(bold) >= p_cells
        labels = [t.get_text() for t in ax.texts]
        assert "1,4" in labels and "3,6" in labels  # heaps 1 and 4 -> a; 3 and 6 -> ab
        assert "order 12" in ax.get_title()
    finally:
        plt.close("all")


def test_drawing_fits_a_slide_in_lecture_mode():
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from PIL import Image

    from cgteach.draw import lecture_mode

    with lecture_mode():
        for code, n in [("0.77", 6), ("0.07", 12), ("0.75", 6)]:
            ax = misere_quotient(code, n).draw()
            buf = io.BytesIO()
            ax.figure.savefig(buf, format="png", dpi=100, bbox_inches="tight")
            w, h = Image.open(buf).size
            assert w <= 1280 and h <= 720, (code, n, w, h)
            assert min(t.get_fontsize() for t in ax.texts) >= 13.5
            plt.close("all")
    with pytest.raises(TypeError, match="MisereQuotient"):
        from cgteach.draw.misere import draw_quotient

        draw_quotient("0.77")


# -- refusals ------------------------------------------------------------------


def test_a_bound_too_big_for_a_minute_is_refused_at_once():
    import time

    from cgteach._budget import BudgetError as Refused

    start = time.process_time()
    with pytest.raises(Refused, match="misère quotient of 0.07 for heaps up to 40.*budget"):
        misere_quotient("0.07", 40)
    with pytest.raises(Refused, match=r"misère outcome of \[400, 400\].*would take longer"):
        misere_outcome("0.77", [400, 400])
    with pytest.raises(Refused, match="misère quotient of 0.77 for heaps up to 200.*budget"):
        misere_quotient("0.77", 200)  # Kayles: about 0.75 s a heap past 12
    with pytest.raises(ValueError, match="at most 200"):
        misere_quotient("0.77", 10**6)
    assert time.process_time() - start < 1.0


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: misere_outcome("0.8", [1]), ValueError, "digit '8'"),
        (lambda: misere_outcome("0.77", [-1]), ValueError, "heap 1"),
        (lambda: misere_outcome("0.77", ["3"]), TypeError, "heap 1"),
        (lambda: misere_outcome("0.77", "33"), TypeError, "heaps"),
        (lambda: misere_quotient("0.77", -2), ValueError, "max_heap"),
        (lambda: misere_quotient("0.77", "5"), TypeError, "max_heap"),
        (lambda: genus(77, [1]), TypeError, "octal code"),
        (lambda: is_tame("0.77", 2.5), TypeError, "max_heap"),
        (lambda: best_move("0.77", [3, None]), TypeError, "heap 2"),
    ],
)
def test_bad_input_names_the_problem(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("code", ["0.77", "0.07"])
def test_a_bigger_quotient_still_predicts_outcomes(code):
    # heaps up to 16: past the heaps where the guess from the previous quotient fails
    q = misere_quotient(code, 16)
    rng = random.Random(16)
    for _ in range(300):
        s = [rng.randint(0, 16) for _ in range(rng.randint(1, 3))]
        assert q.outcome(s) == misere_outcome(code, s), s
