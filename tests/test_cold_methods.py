"""The cold side as Game methods: they reach cgteach.games.cold through the floors' table."""

from __future__ import annotations

import pytest

from cgteach.games import (
    STAR,
    UP,
    _forms,
    atomic_weight,
    cold,
    heat,
    is_all_small,
    nimber,
    overheat,
    parse,
    reduced,
)


def test_the_table_holds_the_cold_side():
    for name in ("is_all_small", "atomic_weight", "reduced", "heat", "overheat"):
        assert _forms._ABOVE[f"cold.{name}"] is getattr(cold, name)


@pytest.mark.parametrize("text", ["0", "*", "↑", "⇑*", "{0|↑}", "{⇑|↓}", "{↑|↓}", "{0|3·↓}"])
def test_methods_agree_with_the_functions_on_all_small_games(text):
    g = parse(text)
    assert g.is_all_small() is True
    assert g.atomic_weight() == atomic_weight(g)
    assert g.reduced() == reduced(g)


def test_method_values():
    assert UP.atomic_weight() == 1 and (UP + UP + STAR).atomic_weight() == 2
    assert nimber(5).atomic_weight() == 0
    assert str(parse("{⇑|↓}").atomic_weight()) == "1/2"
    assert parse("{1|-1}").is_all_small() is False
    assert str(parse("{2|↑}").reduced()) == "{2|0}" and parse("1↑*").reduced() == 1
    assert STAR.heat(1) == parse("±1") and STAR.heat(1).cool(1) == STAR
    assert parse("{1|*}").heat(1) == heat(parse("{1|*}"), 1) == parse("{2|{0|-2}}")
    assert parse("1").overheat(UP, 1) == UP == overheat(1, UP, 1)
    assert is_all_small(UP) and UP.is_all_small()


def test_written_games_use_their_canonical_form():
    g = parse("{0, ↑ | ↑}")  # written, not canonical: ⇑*
    assert g.atomic_weight() == 2 and g.is_all_small() and g.reduced() == 0


def test_not_all_small_is_a_clear_error():
    with pytest.raises(ValueError, match=r"atomic_weight\(g\).*not all-small"):
        parse("{1|0}").atomic_weight()
