"""Positions that draw themselves in a notebook store a true text alternative.

IPython shows them through ``_repr_mimebundle_``: the picture, and in its
metadata the ``alt`` that the exports put on the ``<img>``.  The words are
checked against what the position holds, counted here independently.
"""

from __future__ import annotations

import time

import pytest

from cgteach.games import parse
from cgteach.games.temperature import thermograph
from cgteach.hackendot import Hackendot
from cgteach.rulesets.domineering import Domineering
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs


def shown(obj):
    # IPython's own formatter, without starting a shell (a global shell left behind
    # would change how later tests run code)
    from IPython.core.formatters import DisplayFormatter

    return DisplayFormatter().format(obj)


@pytest.mark.parametrize(("obj", "alt"), [
    (Hackendot([None, 0, 1, None, 3]),
     "Hackendot forest: 2 trees with 5 nodes in all, the largest of 3 nodes."),
    (Hackendot.path(4), "Hackendot tree of 4 nodes."),
    (Domineering(["....", "..#.", "...."]),
     "Domineering board of 3 rows by 4 columns: 11 free cells, 1 filled."),
    (ToadsAndFrogs("T_TF_F"), "Toads and Frogs row T_TF_F: 2 toads, 2 frogs, 2 empty squares."),
])
def test_a_drawn_position_stores_its_alt_with_its_picture(obj, alt):
    data, metadata = shown(obj)
    assert data["image/png"] and data["text/plain"] == repr(obj)
    assert metadata["image/png"]["alt"] == alt


def test_the_thermograph_words_are_its_stops_temperature_and_mean():
    # {2 | -1}: stops 2 and -1, temperature 3/2, mean 1/2 (Winning Ways' switch {a | b})
    _, metadata = shown(thermograph(parse("{2 | -1}")))
    assert metadata["image/png"]["alt"] == (
        "Thermograph of {2|-1}: temperature 3/2, mast at 1/2; stops 2 (Left) and -1 (Right).")


def test_a_forest_too_big_to_draw_shows_no_picture_and_costs_nothing():
    big = Hackendot.path(200_000)
    start = time.process_time()
    data, metadata = shown(big)
    assert time.process_time() - start < 1.0
    assert "image/png" not in data and "image/png" not in metadata
    assert data["text/plain"] == repr(big)


def test_a_caller_that_wants_no_png_gets_no_picture():
    board = Domineering(["..", ".."])
    assert board._repr_mimebundle_(exclude={"image/png"}) is None
    assert board._repr_mimebundle_(include={"text/plain"}) is None
    data, metadata = board._repr_mimebundle_(include={"image/png", "text/plain"})
    assert data["image/png"] and metadata["image/png"]["alt"].startswith("Domineering board")
