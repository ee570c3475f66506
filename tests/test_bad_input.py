"""Hostile but fair input to the whole public API.

Every name in every ``__all__`` of every cgteach module is called once with
good arguments (the call must work), then once per argument with each value
of a table of hostile values put in that argument's place.  Each call must

* answer, or raise ``ValueError``/``TypeError`` (nothing else escapes);
* raise with a useful message: non-empty, and never Python's own words for
  a slip inside the library ("missing 1 required positional argument",
  "Exceeds the limit (4300 digits)", "object is not subscriptable" …);
* finish within :data:`TIME_LIMIT` seconds of CPU time (timers interrupt
  hangs: one counts CPU time, one wall-clock time for calls that block).

Times are CPU times of this process (``time.process_time``), not wall-clock
times: the same call takes the same CPU time on an idle and on a busy
machine, so the suite passes on a loaded 2-core machine too.

Arguments declared as counts (sizes, heaps, indices) must moreover *refuse*
every hostile value that is not a valid count: a bool, a float, NaN, bytes
or a negative number is an error, never silently read as a number.

Widgets are exercised the way the browser uses them: messages through
``handle()`` (missing keys, wrong types, unknown events), which must never
raise and must leave a message.

Every failure fails: there is no list of known failures.
"""

from __future__ import annotations

import importlib
import math
import pkgutil
import signal
import time
from fractions import Fraction

import numpy as np
import pytest

import cgteach

TIME_LIMIT = 5.0  # seconds of CPU time per call
HARD_LIMIT = 15  # seconds of CPU time: the timer that interrupts a busy hang
WALL_LIMIT = 120  # seconds of wall-clock time: the timer that interrupts a call that blocks
# The general search engine cannot know a game's size in advance: it values
# up to impartial.MAX_POSITIONS positions (about a second) and then refuses;
# the rows below lower that budget so the refusal is quick to test.

BAD_WORDS = (
    "required positional argument",
    "Exceeds the limit",
    "not subscriptable",
    "has no attribute",
    "object is not iterable",
    "unhashable type",
    "unsupported operand",
    "maximum recursion",
    "list index out of range",
    "tuple index out of range",
    "invalid literal for int",
    "Maximum allowed dimension",
)


_DEEP = []


def _deep(n=100_000):
    # Built once and shared: no function under test changes its argument, and
    # building (and freeing) 100 000 nested lists for every call cost seconds.
    if not _DEEP:
        value = []
        for _ in range(n):
            value = [value]
        _DEEP.append(value)
    return _DEEP[0]


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(monkeypatch, tmp_path):
    """Run every test in its own empty folder.

    Hostile strings such as "abc" or "12" reach save paths (``png``,
    ``save``, exports): they must land in a scratch folder, never in the
    working tree.  Figures left open by refused drawing calls are closed, so
    that later tests do not slow down under hundreds of open figures.
    """
    monkeypatch.chdir(tmp_path)
    yield
    import sys

    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")


class Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hang("call did not finish")


# ---------------------------------------------------------------------------
# hostile values
# ---------------------------------------------------------------------------

HOSTILE = {
    "None": None,
    "True": True,
    "False": False,
    "1.5": 1.5,
    "2.0": 2.0,
    "nan": math.nan,
    "inf": math.inf,
    "-inf": -math.inf,
    "-1": -1,
    "-10**100": -(10**100),
    "10**100": 10**100,
    "10**5000": 10**5000,
    "2**40": 2**40,
    "np.int64(-1)": np.int64(-1),
    "bytes": b"12",
    "str": "abc",
    "empty str": "",
    "list": [1, "x"],
    "dict": {"a": 1},
    "deep list": None,  # filled lazily (a 100 000-deep nested list)
    "object": object(),
    "complex": 1 + 2j,
    "Fraction 1/3": Fraction(1, 3),
}

# values that are valid counts and may be answered (big ones only if fast)
COUNT_OK = {"False", "2**40", "10**100", "10**5000"}
COUNT_MUST_REFUSE = {
    "None", "True", "1.5", "2.0", "nan", "inf", "-inf", "-1", "-10**100",
    "np.int64(-1)", "bytes", "str", "empty str", "list", "dict", "object",
    "complex", "Fraction 1/3",
}
COUNT_MUST_REFUSE.discard("False")


def hostile(name):
    if name == "deep list":
        return _deep()
    return HOSTILE[name]


# ---------------------------------------------------------------------------
# the table of public callables with good arguments
# ---------------------------------------------------------------------------


class Case:
    """One public callable, a good call of it, and the kinds of its arguments.

    ``kinds`` maps an argument position (int) or keyword (str) to "count"
    (must refuse non-counts) or "any" (must only fail cleanly).
    """

    def __init__(self, name, fn, args=(), kwargs=None, kinds=None, only=None, time_limit=None):
        self.time_limit = TIME_LIMIT if time_limit is None else time_limit
        self.name, self.fn, self.args = name, fn, tuple(args)
        self.kwargs = dict(kwargs or {})
        self.kinds = dict(kinds or {})
        for i in range(len(self.args)):
            self.kinds.setdefault(i, "any")
        for k in self.kwargs:
            self.kinds.setdefault(k, "any")
        if only is not None:  # the other arguments are the library's own (names, kinds)
            self.kinds = {k: v for k, v in self.kinds.items() if k in only}

    def call_with(self, slot, value):
        args, kwargs = list(self.args), dict(self.kwargs)
        if isinstance(slot, int):
            args[slot] = value
        else:
            kwargs[slot] = value
        return self.fn(*args, **kwargs)


def _cases():
    from cgteach import _io, _validate, impartial, misere, nim, nimbers, numbers
    from cgteach.hackenbush import bluered, examples, green
    from cgteach.hackenbush.position import Hackenbush
    from cgteach.hackendot import Hackendot, grundy_brute, winning_moves_brute
    from cgteach.rulesets import (
        chomp,
        chop,
        divisors,
        fibonacci_nim,
        grundys_game,
        maze,
        octal,
        staircase,
        subtraction,
        turning_turtles,
        wythoff,
    )

    house = examples.house()
    br = Hackenbush([(0, 1, "blue"), (1, 2, "red"), (0, 3, "red")])
    fig = Hackendot.figure1()
    text_hb = house.to_json()
    text_hd = fig.to_json()

    def opts(n):
        return [n - k for k in (1, 2) if k <= n]

    C = Case
    c = "count"
    cases = [
        # _validate / _io
        C("_validate.as_count", _validate.as_count, (3, "n"), {"limit": 10}, {0: c}, only=(0,)),
        C("_validate.as_int", _validate.as_int, (3, "n"), only=(0,)),
        C("_validate.as_heap", _validate.as_heap, (3,), kinds={0: c}),
        C("_validate.as_heaps", _validate.as_heaps, ([3, 4],), only=(0,)),
        C("_validate.as_bool", _validate.as_bool, (True, "flag"), only=(0,)),
        C("_validate.as_fraction", _validate.as_fraction, (Fraction(1, 2), "x"), only=(0,)),
        C("_validate.as_choice", _validate.as_choice, ("a", ("a", "b"), "what"), only=(0,)),
        C("_validate.as_node", _validate.as_node, (3,), only=(0,)),
        C("_validate.as_path", _validate.as_path, ("x.json",), only=(0,)),
        C("_validate.as_list", _validate.as_list, ([1],), {"limit": 5}, only=(0,)),
        C("_validate.as_seed", _validate.as_seed, (3,), only=(0,)),
        C("_validate.check_size", _validate.check_size, (3, 5, "n"), only=(0,)),
        C("_validate.show", _validate.show, (3,), only=(0,)),
        C("_io.loads", _io.loads, ("hackendot", text_hd), only=(1,)),
        # nimbers
        C("nimbers.binary_expansion", nimbers.binary_expansion, (45,), kinds={0: c}),
        C("nimbers.subpiles", nimbers.subpiles, ([7, 5],)),
        C("nimbers.nim_sum", nimbers.nim_sum, (3, 5), kinds={0: c, 1: c}),
        C("nimbers.nim_sum(list)", nimbers.nim_sum, ([3, 5],), kinds={0: c}),
        C("nimbers.mex", nimbers.mex, ([0, 1],)),
        C("nimbers.Nimber", nimbers.Nimber, (3,), kinds={0: c}),
        C("cgteach.grundy", cgteach.grundy, (5, opts), {"max_positions": 20_000}, only=(0, 1)),
        # nim
        C("nim.is_balanced", nim.is_balanced, ([1, 2, 3],)),
        C("nim.outcome", nim.outcome, ([1, 2, 3],), {"misere": False}),
        C("nim.winning_moves", nim.winning_moves, ([3, 4, 5],)),
        C("nim.misere_winning_moves", nim.misere_winning_moves, ([3, 4, 5],)),
        C("nim.moves", nim.moves, ([3, 4],)),
        C("nim.play", nim.play, ([3, 4], (0, 1))),
        C("nim.balancing_steps", nim.balancing_steps, ([3, 4, 5],)),
        C("nim.best_move", nim.best_move, ([3, 4, 5],), {"misere": False, "rng": None}),
        C("nim.hint", nim.hint, ([3, 4, 5],), {"misere": False}),
        C("nim.binary_table", nim.binary_table, ([3, 4, 5],)),
        # impartial
        C("impartial.Sum", impartial.Sum, ([1, 2],)),
        C("impartial.grundy", impartial.grundy, (5, opts), {"max_positions": 20_000}, only=(0, 1)),
        C("impartial.grundy_of_sum", impartial.grundy_of_sum, ([2, 3], opts)),
        C("impartial.moves", impartial.moves, (5, opts)),
        C("impartial.outcome", impartial.outcome, (5, opts), {"max_positions": 20_000},
          only=(0, 1)),
        C("impartial.winning_moves", impartial.winning_moves, (5, opts),
          {"max_positions": 20_000}, only=(0, 1)),
        C("impartial.state_graph", impartial.state_graph, (5, opts), {"max_nodes": 100},
          kinds={"max_nodes": c}),
        # numbers
        C("numbers.is_dyadic", numbers.is_dyadic, (Fraction(1, 2),)),
        C("numbers.as_dyadic", numbers.as_dyadic, (Fraction(1, 2),)),
        C("numbers.birthday", numbers.birthday, (Fraction(1, 2),)),
        C("numbers.simplest_between", numbers.simplest_between, (0, 1)),
        C("numbers.sign_expansion", numbers.sign_expansion, (Fraction(3, 4),)),
        C("numbers.from_sign_expansion", numbers.from_sign_expansion, ("+-",)),
        C("numbers.stalk_for", numbers.stalk_for, (Fraction(3, 4),)),
        C("numbers.stalk_value", numbers.stalk_value, (["blue", "red"],)),
        C("numbers.dyadics_born_by", numbers.dyadics_born_by, (3,), kinds={0: c}),
        C("numbers.format_number", numbers.format_number, (Fraction(3, 4),)),
        # rulesets
        C("subtraction.options", subtraction.options, (5, {1, 2})),
        C("subtraction.values", subtraction.values, ({1, 2, 3}, 10), kinds={1: c}),
        C("subtraction.win_lose", subtraction.win_lose, ({1, 2, 3}, 10), kinds={1: c}),
        C("subtraction.period", subtraction.period, ({1, 2, 3},), {"max_n": 100}),
        C("subtraction.values_by_search", subtraction.values_by_search, ({1, 2}, 8),
          kinds={1: c}),
        C("divisors.options", divisors.options, (12,)),
        C("divisors.values", divisors.values, (12,), kinds={0: c}),
        C("divisors.win_lose", divisors.win_lose, (12,), kinds={0: c}),
        C("divisors.state_graph", divisors.state_graph, (12,), kinds={0: c}),
        C("divisors.values_by_search", divisors.values_by_search, (12,), kinds={0: c}),
        C("maze.parse", maze.parse, (maze.MAZE_1,)),
        C("maze.options", maze.options, ((1, 1), maze.MAZE_1)),
        C("maze.grundy_grid", maze.grundy_grid, (maze.MAZE_1,)),
        C("maze.winning_moves", maze.winning_moves, (maze.MAZE_1, (1, 1))),
        C("maze.winning_moves_in_sum", maze.winning_moves_in_sum,
          ([maze.MAZE_1, maze.MAZE_2], [(1, 1), (1, 1)])),
        C("maze.grundy_by_search", maze.grundy_by_search, (maze.MAZE_1, (1, 1))),
        C("grundys_game.options", grundys_game.options, (7,), kinds={0: c}),
        C("grundys_game.values", grundys_game.values, (20,), kinds={0: c}),
        C("grundys_game.values_plain", grundys_game.values_plain, (20,), kinds={0: c}),
        C("grundys_game.winning_moves", grundys_game.winning_moves, (7,), kinds={0: c}),
        C("grundys_game.rare_heaps", grundys_game.rare_heaps, (50,), kinds={0: c}),
        C("octal.parse_code", octal.parse_code, ("0.77",)),
        C("octal.options", octal.options, (5, "0.77"), kinds={0: c}),
        C("octal.values", octal.values, ("0.77", 20), kinds={1: c}),
        C("octal.values_plain", octal.values_plain, ("0.77", 20), kinds={1: c}),
        C("octal.period", octal.period, ("0.77", 200)),
        C("octal.guy_smith_certified", octal.guy_smith_certified,
          ("0.77", 0, 12, octal.values("0.77", 200))),
        C("misere.misere_outcome", misere.misere_outcome, ("0.77", [3, 4])),
        C("misere.genus", misere.genus, ("0.77", [5])),
        C("misere.is_tame", misere.is_tame, ("0.77", 8), kinds={1: c}),
        C("misere.misere_quotient", misere.misere_quotient, ("0.77", 8), kinds={1: c}),
        C("misere.best_move", misere.best_move, ("0.77", [3, 4])),
        C("MisereQuotient.element", misere.misere_quotient("0.77", 6).element, ([1, 2],)),
        C("MisereQuotient.outcome", misere.misere_quotient("0.77", 6).outcome, ([1, 2],)),
        C("MisereQuotient.multiply", misere.misere_quotient("0.77", 6).multiply, ("a", "b")),
        C("MisereQuotient.isomorphic", misere.misere_quotient("0.77", 6).isomorphic,
          (misere.misere_quotient("0.77", 7),)),
        C("chop.options", chop.options, ((3, 4),)),
        C("chop.grundy_value", chop.grundy_value, ((3, 4),)),
        C("chop.grundy_by_search", chop.grundy_by_search, ((3, 4),)),
        C("chop.value_table", chop.value_table, (3, 4), kinds={0: c, 1: c}),
        C("chop.winning_moves", chop.winning_moves, ((3, 4),)),
        C("chomp.normalize", chomp.normalize, ((3, 2),)),
        C("chomp.rectangle", chomp.rectangle, (2, 3), kinds={0: c, 1: c}),
        C("chomp.options", chomp.options, ((3, 2),)),
        C("chomp.grundy_value", chomp.grundy_value, ((3, 2),)),
        C("chomp.value_table", chomp.value_table, (3, 3), kinds={0: c, 1: c}),
        C("chomp.winning_moves", chomp.winning_moves, ((3, 2),)),
        C("wythoff.options", wythoff.options, ((3, 4),)),
        C("wythoff.cold_positions", wythoff.cold_positions, (5,), kinds={0: c}),
        C("wythoff.is_cold", wythoff.is_cold, (3, 5), kinds={0: c, 1: c}),
        C("wythoff.grundy_table", wythoff.grundy_table, (5,), kinds={0: c}),
        C("wythoff.winning_moves", wythoff.winning_moves, ((3, 4),)),
        C("staircase.options", staircase.options, ((3, 1, 2),)),
        C("staircase.grundy_value", staircase.grundy_value, ((3, 1, 2),)),
        C("staircase.grundy_by_search", staircase.grundy_by_search, ((3, 1, 2),)),
        C("staircase.winning_moves", staircase.winning_moves, ((3, 1, 2),)),
        C("fibonacci_nim.zeckendorf", fibonacci_nim.zeckendorf, (20,), kinds={0: c}),
        C("fibonacci_nim.start", fibonacci_nim.start, (20,), kinds={0: c}),
        C("fibonacci_nim.options", fibonacci_nim.options, ((20, 5),)),
        C("fibonacci_nim.is_losing", fibonacci_nim.is_losing, (20, 5), kinds={0: c, 1: c}),
        C("fibonacci_nim.winning_move", fibonacci_nim.winning_move, (20, 5),
          kinds={0: c, 1: c}),
        C("fibonacci_nim.is_losing_by_search", fibonacci_nim.is_losing_by_search, (10, 3),
          kinds={0: c, 1: c}),
        C("turning_turtles.normalize", turning_turtles.normalize, ("THHT",)),
        C("turning_turtles.options", turning_turtles.options, ("THHT",)),
        C("turning_turtles.grundy_value", turning_turtles.grundy_value, ("THHT",)),
        C("turning_turtles.grundy_by_search", turning_turtles.grundy_by_search, ("THHT",)),
        C("turning_turtles.winning_moves", turning_turtles.winning_moves, ("THHT",)),
        # hackenbush
        C("Hackenbush", Hackenbush, ([(0, 1), (1, 2, "blue")],), {"ground": (0,)}),
        C("Hackenbush.cut", house.cut, (0,), kinds={0: c}),
        C("Hackenbush.cut_with_map", house.cut_with_map, (0,), kinds={0: c}),
        C("Hackenbush.options", br.options, ("blue",)),
        C("Hackenbush.relabelled", house.relabelled, (3,)),
        C("Hackenbush.grundy", house.grundy, ()),
        C("Hackenbush.winning_moves", br.winning_moves, ("blue",)),
        C("Hackenbush.explain", br.explain, (2,)),
        C("Hackenbush.from_dict", Hackenbush.from_dict, (house.to_dict(),)),
        C("Hackenbush.from_json", Hackenbush.from_json, (text_hb,)),
        C("Hackenbush.save", house.save, ("/tmp/cgteach-bad-input-house.json",)),
        C("Hackenbush.load", Hackenbush.load, ("/tmp/cgteach-bad-input-house.json",)),
        C("green.fuse_nodes", green.fuse_nodes, (house, ["a", "b"])),
        C("green.grundy", green.grundy, (house,)),
        C("green.grundy_brute", green.grundy_brute, (examples.triangle(),)),
        C("green.loops_to_leaves", green.loops_to_leaves, (house,)),
        C("green.merge_ground", green.merge_ground, (house,)),
        C("green.reduction_steps", green.reduction_steps, (house,)),
        C("green.stalk_heaps", green.stalk_heaps, (examples.stalks(2, 3),)),
        C("green.story", green.story, (green.reduction_steps(house),)),
        C("green.winning_moves", green.winning_moves, (house,)),
        C("green.winning_moves_brute", green.winning_moves_brute, (examples.triangle(),)),
        C("examples.random_position", examples.random_position, (5,), {"rng": 1},
          kinds={0: c}),
        C("examples.stalk", examples.stalk, (5,), kinds={0: c}),
        C("examples.stalks", examples.stalks, (2, 3), kinds={0: c, 1: c}),
        C("bluered.value", bluered.value, (br,)),
        C("bluered.value_by_search", bluered.value_by_search, (br,)),
        C("bluered.stalk_rule_value", bluered.stalk_rule_value,
          (bluered.stalk(["blue", "red"]),)),
        C("bluered.edge_under", bluered.edge_under, (Fraction(1, 2),)),
        C("bluered.kind", bluered.kind, (br,)),
        C("bluered.outcome", bluered.outcome, (br,)),
        C("bluered.winner", bluered.winner, (br, "blue")),
        C("bluered.winning_moves", bluered.winning_moves, (br, "blue")),
        C("bluered.explain", bluered.explain, (br, 2)),
        C("bluered.explain_build", bluered.explain_build, ([(0, 1, "blue")],)),
        C("bluered.stalk", bluered.stalk, (["blue", "red"],)),
        # hackendot
        C("Hackendot", Hackendot, ([None, 0, 0],)),
        C("Hackendot.path", Hackendot.path, (4,), kinds={0: c}),
        C("Hackendot.star", Hackendot.star, (4,), kinds={0: c}),
        C("Hackendot.spider", Hackendot.spider, (2, 3), kinds={0: c, 1: c}),
        C("Hackendot.random", Hackendot.random, (6,), {"seed": 1, "trees": 2},
          kinds={0: c, "trees": c}),
        C("Hackendot.from_nested", Hackendot.from_nested, ([[], [[]]],)),
        C("Hackendot.from_networkx", Hackendot.from_networkx, (fig.to_networkx(),)),
        C("Hackendot.parent", fig.parent, (1,), kinds={0: c}),
        C("Hackendot.children", fig.children, (0,), kinds={0: c}),
        C("Hackendot.depth", fig.depth, (1,), kinds={0: c}),
        C("Hackendot.path_to_root", fig.path_to_root, (1,), kinds={0: c}),
        C("Hackendot.delete", fig.delete, (1,), kinds={0: c}),
        C("Hackendot.move", fig.move, (1,), kinds={0: c}),
        C("Hackendot.delete_with_map", fig.delete_with_map, (1,), kinds={0: c}),
        C("Hackendot.grundy_brute", Hackendot.path(5).grundy_brute, (10,)),
        C("Hackendot.isomorphic", fig.isomorphic, (fig,)),
        C("Hackendot.from_dict", Hackendot.from_dict, (fig.to_dict(),)),
        C("Hackendot.from_json", Hackendot.from_json, (text_hd,)),
        C("Hackendot.save", fig.save, ("/tmp/cgteach-bad-input-fig.json",)),
        C("Hackendot.load", Hackendot.load, ("/tmp/cgteach-bad-input-fig.json",)),
        C("hackendot.grundy_brute", grundy_brute, (Hackendot.path(4), 10)),
        C("hackendot.winning_moves_brute", winning_moves_brute, (Hackendot.path(4), 10)),
    ]
    return cases + _rules_cases()


def _rules_cases():
    """The kit (cgteach.rules): a careful student's games, hostile positions and options."""
    from cgteach.rules import ImpartialRules, PartizanRules, ValueTable

    def small(n):  # the games' positions are the ints 0..1000; anything else has no move
        return type(n) is int and 0 <= n <= 1000

    class Countdown(ImpartialRules):
        def options(self, n):
            return [n - k for k in (1, 2) if k <= n] if small(n) else []

    class Cuts(PartizanRules):
        def left(self, n):
            return [n - 1] if small(n) and n else []

        def right(self, n):
            return [n - 2] if small(n) and n > 1 else []

        def split(self, n):
            return [n]

    imp, par = Countdown(), Cuts()
    table = imp.values(lambda n: n, range(12))
    C, c = Case, "count"
    b = {"budget": 2}
    return [
        C("rules.ImpartialRules.value", imp.value, (7,), b),
        C("rules.ImpartialRules.grundy", imp.grundy, (7,), b),
        C("rules.ImpartialRules.outcome", imp.outcome, (7,), b),
        C("rules.ImpartialRules.winning_moves", imp.winning_moves, (7,), b),
        C("rules.ImpartialRules.moves", imp.moves, (7,)),
        C("rules.PartizanRules.moves", par.moves, (7, "R")),
        C("rules.ImpartialRules.values", imp.values, ([1, 2, 3],), b),
        C("rules.ImpartialRules.values(family)", imp.values, (lambda n: n, range(5)), b),
        C("rules.ImpartialRules.verify", imp.verify, (7,), {"max_positions": 50, **b},
          kinds={"max_positions": c}),
        C("rules.ImpartialRules.state_graph", imp.state_graph, (5,), {"max_nodes": 50},
          kinds={"max_nodes": c}),
        C("rules.ImpartialRules.temperature", imp.temperature, (5,), b),
        C("rules.ImpartialRules.atomic_weight", imp.atomic_weight, (5,), b),
        C("rules.PartizanRules.value", par.value, (7,), b),
        C("rules.PartizanRules.outcome", par.outcome, (7,), b),
        C("rules.PartizanRules.winning_moves", par.winning_moves, (7, "L"), b),
        C("rules.PartizanRules.values", par.values, ([1, 2, 3],), b),
        C("rules.PartizanRules.values(family)", par.values, (lambda n: n, range(5)), b),
        C("rules.PartizanRules.verify", par.verify, (7,), {"max_positions": 50, **b},
          kinds={"max_positions": c}),
        C("rules.PartizanRules.state_graph", par.state_graph, (5,), {"max_nodes": 50},
          kinds={"max_nodes": c}),
        C("rules.PartizanRules.temperature", par.temperature, (5,), b),
        C("rules.PartizanRules.thermograph", par.thermograph, (5,), b),
        C("rules.PartizanRules.atomic_weight", par.atomic_weight, (0,), b),
        C("rules.ValueTable.period", table.period, (2,), kinds={0: c}),
        C("rules.ValueTable", ValueTable, ([(1, 1, 1)],), {"impartial": True, "family": True},
          only=(0,)),
    ]


# ---------------------------------------------------------------------------
# running one call
# ---------------------------------------------------------------------------


def _run(fn):
    """Call ``fn()`` under a timer; return (outcome, detail, seconds)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    old_prof = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_REAL, WALL_LIMIT)
    signal.setitimer(signal.ITIMER_PROF, HARD_LIMIT)
    start = time.process_time()
    try:
        fn()
        outcome, detail = "ok", None
    except Hang:
        outcome, detail = "hang", None
    except (ValueError, TypeError) as exc:
        outcome, detail = "refused", exc
    except BaseException as exc:  # noqa: BLE001 - the point is to catch anything
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome, detail = "escaped", exc
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old_prof)
        signal.signal(signal.SIGALRM, old)
    return outcome, detail, time.process_time() - start


def problem(case, slot, label, outcome, detail, seconds):
    """Return a one-line description of what is wrong, or None."""
    kind = case.kinds.get(slot, "any")
    if outcome == "hang":
        return f"hangs (> {HARD_LIMIT} s of CPU or {WALL_LIMIT} s of waiting)"
    if seconds > case.time_limit:
        return f"took {seconds:.1f} s of CPU time"
    if outcome == "escaped":
        return f"{type(detail).__name__}: {str(detail)[:80]}"
    if outcome == "refused":
        msg = str(detail)
        if not msg.strip():
            return f"{type(detail).__name__} with an empty message"
        for word in BAD_WORDS:
            if word in msg:
                return f"unclear message: {msg[:100]}"
    if outcome == "ok" and kind == "count" and label in COUNT_MUST_REFUSE:
        return "silently accepted"
    return None


CASES = _cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_good_call_works(case):
    outcome, detail, seconds = _run(lambda: case.fn(*case.args, **case.kwargs))
    assert outcome == "ok", f"{case.name}: the good call fails: {detail!r}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_arguments(case):
    failures = []
    for slot in case.kinds:
        for label in HOSTILE:
            value = hostile(label)
            outcome, detail, seconds = _run(lambda s=slot, v=value: case.call_with(s, v))
            what = problem(case, slot, label, outcome, detail, seconds)
            if what:
                failures.append(f"{case.name} arg {slot!r} = {label}: {what}")
    assert not failures, "\n".join(failures)


BROKEN = []  # modules that do not import, names in an __all__ that do not exist


def _public_callables():
    """(module name, name, object) for every callable in every ``__all__``."""
    found = []
    for info in pkgutil.walk_packages(cgteach.__path__, "cgteach."):
        try:
            module = importlib.import_module(info.name)
        except Exception as error:  # noqa: BLE001 - reported by test_every_module_imports
            BROKEN.append(f"{info.name}: {type(error).__name__}: {error}")
            continue
        for name in getattr(module, "__all__", []):
            if not hasattr(module, name):
                BROKEN.append(f"{info.name}.__all__ names {name!r}, which does not exist")
                continue
            obj = getattr(module, name)
            if obj is None or not callable(obj) or isinstance(obj, type(cgteach)):
                continue
            found.append((info.name, name, obj))
    return found


# Names with a row in the table above are called with good arguments too;
# every other public callable (pictures, widgets, modules still being built
# such as games) gets each hostile value as its first and only argument,
# which must fail cleanly and in time.
_COVERED = {c.name.split("(")[0].split(".")[-1] for c in CASES}
AUTO = [
    (m, n, o) for m, n, o in _public_callables()
    if n not in _COVERED and not m.startswith("cgteach.widgets") and n not in ("main", "dumps")
]


def test_every_module_imports():
    # a module that does not import would silently drop out of the table below
    assert not BROKEN, "\n".join(BROKEN)


@pytest.mark.parametrize("entry", AUTO, ids=[f"{m}.{n}" for m, n, _ in AUTO])
def test_hostile_first_argument_everywhere(entry):
    module_name, name, obj = entry
    failures = []
    for label in HOSTILE:
        value = hostile(label)
        outcome, detail, seconds = _run(lambda v=value: obj(v))
        if outcome == "refused" and "positional argument" in str(detail):
            continue  # needs more than one argument: covered by its own row if any
        what = problem(Case(name, obj, (None,)), 0, label, outcome, detail, seconds)
        if what:
            failures.append(f"{module_name}.{name}({label}): {what}")
    assert not failures, "\n".join(failures)


# ---------------------------------------------------------------------------
# widgets: messages from the browser; handle() must never raise
# ---------------------------------------------------------------------------

BAD_MESSAGES = [
    None, 5, "take", [], {}, {"event": 5}, {"event": "nope"}, {"event": "take"},
    {"event": "take", "heap": "x", "count": 1}, {"event": "take", "heap": True, "count": 1},
    {"event": "take", "heap": 0, "count": math.nan}, {"event": "take", "heap": 10**5000},
    {"take": None}, {"take": [0]}, {"take": [10**100, 1]}, {"event": "cut"},
    {"event": "cut", "edge": True}, {"event": "cut", "edge": 1.5}, {"event": "cut", "edge": -1},
    {"event": "add_node"}, {"event": "add_node", "x": math.nan, "y": 1},
    {"event": "add_node", "x": math.inf, "y": 1}, {"event": "add_edge", "u": True, "v": 0},
    {"event": "add_edge", "u": 0}, {"event": "move_node", "node": 0, "x": "a", "y": 1},
    {"event": "delete_node", "node": True}, {"event": "delete_edge", "index": 10**5000},
    {"event": "toggle_ground"}, {"event": "add_child"}, {"event": "add_child", "node": -1},
    {"event": "delete", "node": None}, {"event": "take", "node": 10**100},
    {"event": "load"}, {"event": "load", "text": "{"}, {"event": "load", "text": "[" * 100000},
    {"event": "load", "text": b"\xff\xfe"}, {"event": "undo", "extra": 1},
    {"event": "hint", "x": 1}, {"event": "restart", "y": 2},
]


def _widgets():
    try:
        from cgteach import widgets
        from cgteach.hackenbush import examples
        from cgteach.hackendot import Hackendot
    except Exception:  # noqa: BLE001 - widgets need their optional dependencies
        return []
    return [
        ("NimGame", lambda: widgets.NimGame([3, 4, 5], seed=1)),
        ("NimExplorer", lambda: widgets.NimExplorer([3, 4, 5])),
        ("HackenbushEditor", lambda: widgets.HackenbushEditor(examples.house())),
        ("HackenbushGame", lambda: widgets.HackenbushGame(examples.house(), seed=1)),
        ("HackendotEditor", lambda: widgets.HackendotEditor(Hackendot.figure1())),
        ("HackendotGame", lambda: widgets.HackendotGame(Hackendot.figure1(), seed=1)),
        ("MisereKaylesGame", lambda: widgets.MisereKaylesGame(6, seed=1)),
    ]


WIDGETS = _widgets()


# NimExplorer is plain ipywidgets (sliders): it takes no messages from the page,
# so only its constructor can be handed bad input.
MESSAGE_WIDGETS = [entry for entry in WIDGETS if entry[0] != "NimExplorer"]


@pytest.mark.parametrize("bad", [[-1], [1.5], "abc", b"12", [10**100], [True], [float("nan")]])
def test_nim_explorer_refuses_bad_heaps(bad):
    from cgteach.widgets import NimExplorer

    with pytest.raises((ValueError, TypeError), match="heap|pile"):
        NimExplorer(bad)


@pytest.mark.parametrize("entry", MESSAGE_WIDGETS, ids=[n for n, _ in MESSAGE_WIDGETS])
def test_widget_messages_never_raise(entry):
    name, make = entry
    widget = make()
    assert hasattr(widget, "handle"), f"{name} should take messages"
    failures = []
    for content in BAD_MESSAGES:
        widget.message = ""
        outcome, detail, seconds = _run(lambda c=content: widget.handle(c))
        shown = _short(content)
        if outcome != "ok":
            failures.append(f"{name}.handle({shown}): {outcome} {type(detail).__name__}: "
                            f"{str(detail)[:80]}")
            continue
        if seconds > TIME_LIMIT:
            failures.append(f"{name}.handle({shown}): took {seconds:.1f} s")
        msg = str(getattr(widget, "message", ""))
        if not msg.strip():
            failures.append(f"{name}.handle({shown}): no message")
        for word in BAD_WORDS:
            if word in msg:
                failures.append(f"{name}.handle({shown}): unclear message {msg[:90]!r}")
    assert not failures, "\n".join(failures)


def _short(value):
    from cgteach._validate import show

    return show(value, 50)


# ---------------------------------------------------------------------------
# the terminal game: python -m cgteach.nim
# ---------------------------------------------------------------------------


def _nim(args, stdin="", timeout=60):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "cgteach.nim", *args],
        input=stdin, capture_output=True, text=True, timeout=timeout,
    )


@pytest.mark.parametrize(
    "heaps",
    [["100000000000000000000", "1"], ["-3", "4"], ["1.5"], ["x"], ["0", "0"],
     ["1"] * 21, ["61"], ["9" * 5000]],
    ids=["huge", "negative", "float", "text", "empty", "too-many", "too-big", "5000-digits"],
)
def test_terminal_game_refuses_absurd_heaps(heaps):
    done = _nim(["--heaps", *heaps])
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(lines) == 1 and "--heaps" in lines[0] or "invalid int" in lines[0], done.stderr
    assert "Exceeds the limit" not in done.stderr


def test_terminal_game_closed_pipe_exits_cleanly():
    import subprocess
    import sys

    # Python writes into `head -3`, which closes the pipe after three lines.
    cmd = (f"yes n | {sys.executable} -m cgteach.nim --seed 1 --computer | head -3; "
           "exit ${PIPESTATUS[1]}")
    done = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert len(done.stdout.splitlines()) == 3


def test_terminal_game_prompts_are_flushed_on_pipes():
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "cgteach.nim", "--seed", "1", "--computer"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        # Nothing has been typed yet: the first prompt must already be readable.
        seen = b""
        deadline = time.perf_counter() + 120
        while b"name?" not in seen and time.perf_counter() < deadline:
            chunk = proc.stdout.read1(1024)
            if not chunk:
                break
            seen += chunk
        assert b"Player 1, what is your name? " in seen
    finally:
        proc.kill()
        proc.communicate()


# ---------------------------------------------------------------------------
# the examples of issue 14, one by one
# ---------------------------------------------------------------------------


def _issue_cases():
    from cgteach import nim, nimbers, numbers
    from cgteach.hackenbush import examples
    from cgteach.hackenbush.position import Hackenbush
    from cgteach.hackendot import Hackendot
    from cgteach.rulesets import subtraction, wythoff

    house = examples.house()
    good = house.to_json()

    def edited(new):
        return lambda: Hackenbush.from_json(good.replace('"version": 1', new))

    deep = '{"format": "cgteach.hackenbush", "version": 1, "position": ' + "[" * 100_000
    return [
        ("nim_sum(b'12')", lambda: nimbers.nim_sum(b"12"), TypeError, "heap 1"),
        ("sign_expansion(2**70)", lambda: numbers.sign_expansion(2**70), ValueError, "at most"),
        ("dyadics_born_by(10**100)", lambda: numbers.dyadics_born_by(10**100), ValueError,
         "from 0 to"),
        ("subtraction.values(10**100)", lambda: subtraction.values({1, 2, 3}, 10**100),
         ValueError, "at most"),
        ("wythoff.cold_positions(10**100)", lambda: wythoff.cold_positions(10**100),
         ValueError, "at most"),
        ("examples.stalk(10**100)", lambda: examples.stalk(10**100), ValueError, "at most"),
        ("Hackendot.random(10**100)", lambda: Hackendot.random(10**100), ValueError, "at most"),
        ("nim.moves([2**40, 2**40])", lambda: nim.moves([2**40, 2**40]), ValueError, "at most"),
        ("binary_table([10**5000])", lambda: nim.binary_table([10**5000]), ValueError,
         "binary digits"),
        ("relabelled(1.5)", lambda: house.relabelled(1.5), TypeError, "offset"),
        ("version 1.0", edited('"version": 1.0'), ValueError, "version"),
        ("version true", edited('"version": true'), ValueError, "version"),
        ("unknown key", edited('"version": 1, "x": 2'), ValueError, "unknown top-level"),
        ("deep JSON", lambda: Hackenbush.from_json(deep), ValueError, "JSON"),
        ("deep JSON hackendot",
         lambda: Hackendot.from_json(deep.replace("hackenbush", "hackendot")), ValueError, "JSON"),
        ("save into a folder", lambda: house.save("/tmp"), ValueError, "cannot write"),
        ("save into no folder", lambda: house.save("/nonexistent-folder/x.json"), ValueError,
         "cannot write"),
        ("load bytes garbage", lambda: Hackenbush.from_json(b"\xff\xfe\x00"), ValueError, "JSON"),
    ] + _issue_25_cases(house)


def _issue_25_cases(house):
    """The examples of issue 25 in the modules of this suite's owner."""
    import itertools

    from cgteach import games, impartial
    from cgteach.hackenbush import bluered
    from cgteach.hackenbush.position import Hackenbush
    from cgteach.hackendot import Hackendot

    explained = bluered.explain(Hackenbush([(0, 1, "blue"), (1, 2, "red")]), 2)
    return [
        ("save(1)", lambda: house.save(1), TypeError, "path must be a file name"),
        ("save(True)", lambda: house.save(True), TypeError, "path must be a file name"),
        ("load(0)", lambda: Hackenbush.load(0), TypeError, "path must be a file name"),
        ("Hackendot.load(0)", lambda: Hackendot.load(0), TypeError, "path must be a file name"),
        ("load /dev/zero", lambda: Hackenbush.load("/dev/zero"), ValueError, "regular file"),
        ("load /dev/urandom", lambda: Hackendot.load("/dev/urandom"), ValueError, "regular file"),
        ("save /dev/stdout", lambda: house.save("/dev/stdout"), ValueError, "cannot write"),
        ("5000 digits", lambda: Hackenbush.from_json(
            house.to_json().replace('"version": 1', '"version": 1' + "9" * 5000)),
         ValueError, "digits"),
        ("parse 1/0", lambda: games.parse("1/0"), ValueError, "divides by zero"),
        ("parse ±*100000", lambda: games.parse("±" * 100_000 + "1"), ValueError, "at most"),
        ("parse 3000 options", lambda: games.parse("{" + ",".join(["*"] * 3000) + "|}"),
         ValueError, "more than 1000 options"),
        ("steps of 1000 nimbers", lambda: games.simplification_steps(
            [games.nimber(k) for k in range(1000)], []), ValueError, "at most 100 options"),
        ("total(count())", lambda: games.total(itertools.count()), ValueError, "at most"),
        ("total(b'*')", lambda: games.total(b"*"), TypeError, "iterable of games"),
        ("grundy_of_sum range(10**100)",
         lambda: impartial.grundy_of_sum([10**100, 1], lambda n: range(n)),
         ValueError, "moves to look at"),
        ("best_move(rng='x')", lambda: __import__("cgteach.nim").nim.best_move([2, 2], rng="x"),
         TypeError, "a seed"),
        ("Explanation.lines(10**100)", lambda: explained.lines(10**100), ValueError, "indent"),
    ]


ISSUE = _issue_cases()


@pytest.mark.parametrize("entry", ISSUE, ids=[e[0] for e in ISSUE])
def test_issue_examples(entry):
    _, call, error, words = entry
    outcome, detail, seconds = _run(call)
    assert outcome == "refused", (outcome, detail)
    assert isinstance(detail, error) and words in str(detail), detail
    assert seconds < TIME_LIMIT


def test_issue_25_answers_that_used_to_fail():
    from cgteach import games

    assert nim_best_move_seeded() in [(0, 1), (1, 1), (0, 0), (1, 0)]
    assert games.parse("-" * 10_000 + "*") == games.STAR
    assert games.parse("↑" * 399).birthday() == 400
    assert games.nimber(65536) + games.nimber(65535) == games.nimber(131071)
    f, g = games.form([0], [1]), games.game([0], [1])
    assert f == g and hash(f) == hash(g)


def nim_best_move_seeded():
    from cgteach import nim

    assert nim.best_move([2, 2], rng=5) == nim.best_move([2, 2], rng=5)
    return nim.best_move([2, 2], rng=5)


def test_answers_stay_fast_and_safe_for_huge_heaps():
    import random

    from cgteach import nim

    assert nim.best_move([2**40, 2**40]) == (0, 2**40 - 1)
    assert nim.best_move([2**40, 2**40], rng=random.Random(1))[0] in (0, 1)
    text = nim.hint([10**5000, 1])
    assert "digits" in text and "Exceeds" not in text
