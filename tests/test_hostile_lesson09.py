"""Hostile tests for the code of lesson 09 and the files it writes (issue 39).

One test for each *kind* of failure the issue's battery found, over every
public entry point of :mod:`cgteach.rulesets.domineering`,
:mod:`cgteach.rulesets.toads_and_frogs`, :mod:`cgteach.hot`, the Domineering
widgets, :mod:`cgteach.classroom` and the ``present`` commands:

* **someone else's file changed**: a read-only file, another user's file in
  a shared sticky folder, a symbolic link, a file's mode, a folder beside an
  export.  The permission cases run as the unprivileged user ``nobody`` in a
  forked child (the suite runs as root on CI, where modes do not bite);
* **lost in a round trip**: what ``save`` writes, ``load`` reads; the
  exercise records pickle;
* **hangs**: over a limit is refused at once, with the size and the limit;
* **foreign exceptions**: only ``ValueError``/``TypeError`` with a message;
* **nonsense accepted**: bytes and bools as cells, ``left=None``, ``delattr``,
  trait values set from Python, an empty ``--out``.

Every test is fast (no search near a limit: the measurements behind the
limits are in ``benchmarks/bench_limits.py``).
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import pickle
import stat
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import pytest

import cgteach
from cgteach import hot
from cgteach.games import parse
from cgteach.rulesets import domineering as dom
from cgteach.rulesets import toads_and_frogs as taf
from cgteach.rulesets.domineering import Domineering
from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs
from tests._unprivileged import as_unprivileged
from tests._unprivileged import nobody as _nobody

ALLOWED = (ValueError, TypeError)
#: Words of Python's own errors, which a message to a student must not be.
PYTHON_WORDS = ("object is not", "has no attribute", "'NoneType'", "not iterable",
                "not subscriptable", "unhashable", "Invalid literal", "Exceeds the limit")


def refused(call, *args, **kwargs) -> str:
    """Call and return the message of the ValueError/TypeError it must raise."""
    with pytest.raises(ALLOWED) as info:
        call(*args, **kwargs)
    text = str(info.value)
    assert text and not any(w in text for w in PYTHON_WORDS), text
    return text


# -- kinds of bad value, each a family rather than one call ---------------------------

WRONG_TYPES = [None, True, 1.5, float("nan"), b"..", bytearray(b".."), object(), 1j,
               Fraction(1, 2), {1: 2}, print]
BAD_CELLS = [None, b"\x00\x00", bytearray(b"\x00\x00"), (True, False), (False, 0), (0, 0.0),
             "00", (0,), (0, 0, 0), 0, 1.5, {0: 0}, [None, None], object()]
BAD_SQUARES = [None, True, False, 1.0, "0", b"\x00", (0,), [0], float("nan")]
BAD_SIDES = [None, True, False, 1.5, -1, 0, 10**100, "2", b"2"]


@pytest.mark.parametrize("bad", WRONG_TYPES + [[None], ["..", 5], [b".."]])
def test_positions_refuse_what_is_not_a_board_or_a_row(bad):
    refused(Domineering, bad)
    refused(ToadsAndFrogs, bad)
    refused(dom.value_by_search, bad)
    refused(taf.value_by_search, bad)
    refused(Domineering.from_dict, bad)
    refused(Domineering.from_dict, {"rows": bad})
    refused(ToadsAndFrogs.from_dict, {"row": bad})


@pytest.mark.parametrize("bad", ["", "x", "..\n.", ["." * (dom.MAX_SIDE + 1)],
                                 ["."] * (dom.MAX_SIDE + 1), ["..", "."], [".", "x"]])
def test_domineering_refuses_damaged_boards(bad):
    text = refused(Domineering, bad)
    assert any(w in text for w in ("row", "column", "board")), text


@pytest.mark.parametrize("bad", ["TX", "T" * (taf.MAX_SQUARES + 1), "t_f", "T F"])
def test_toads_and_frogs_refuses_damaged_rows(bad):
    refused(ToadsAndFrogs, bad)


@pytest.mark.parametrize("bad", BAD_SIDES)
def test_rectangle_refuses_bad_sides(bad):
    refused(Domineering.rectangle, bad, 2)
    refused(Domineering.rectangle, 2, bad)


@pytest.mark.parametrize("cell", BAD_CELLS)
def test_a_cell_is_a_pair_of_whole_numbers_never_bytes_or_bools(cell):
    board = Domineering(["..", ".."])
    for play in (board.play_left, board.play_right):
        text = refused(play, cell)
        assert "pair (row, column)" in text


@pytest.mark.parametrize("cell", [(5, 5), (-1, 0), (0, 1), (10**100, 0)])
def test_a_cell_where_no_domino_fits_is_a_value_error(cell):
    board = Domineering(["..", ".#"])
    with pytest.raises(ValueError, match="cannot place"):
        board.play_left(cell)


@pytest.mark.parametrize("square", BAD_SQUARES)
def test_a_square_is_a_whole_number_never_a_bool(square):
    row = ToadsAndFrogs("T_F")
    refused(row.play_left, square)
    refused(row.play_right, square)


@pytest.mark.parametrize("position", [Domineering(["..", ".."]), ToadsAndFrogs("TT__FF")])
@pytest.mark.parametrize("attr", ["_rows", "_row", "rows", "row", "anything"])
def test_positions_are_immutable_to_setattr_and_delattr(position, attr):
    before = repr(position)
    with pytest.raises(AttributeError, match="immutable"):
        setattr(position, attr, 1)
    with pytest.raises(AttributeError, match="immutable"):
        delattr(position, attr)
    assert repr(position) == before


def test_the_other_immutable_values_refuse_delattr_too():
    from cgteach.games.temperature import thermograph
    from cgteach.hackendot import Hackendot
    from cgteach.nimbers import Nimber

    th = thermograph(parse("{3|-1}"))
    for value, attr in ((Hackendot.figure1(), "_parents"), (Nimber(3), "_n"),
                        (th, "mast"), (th, "temperature"), (th, "_left")):
        before = repr(value)
        with pytest.raises(AttributeError, match="immutable"):
            delattr(value, attr)
        assert repr(value) == before


@pytest.mark.parametrize("seed", [1.5, float("nan"), "purple", b"\x00", True, (1,), 10**100 + 0.5])
def test_the_game_widgets_take_an_integer_seed_only(seed):
    # random.Random takes any hashable, so a bytes or float seed went in unseen
    from cgteach.widgets import ClobberGame, DomineeringGame

    for widget in (DomineeringGame, ClobberGame):
        assert "seed must be an integer" in refused(widget, seed=seed)
    assert DomineeringGame(seed=7).board == DomineeringGame(seed=None).board


@pytest.mark.parametrize("parts", [set(), {parse("{3|-1}")}, frozenset([parse("*")]),
                                   {0: parse("{3|-1}")}, {}, bytearray(b"..")])
def test_hot_refuses_a_sum_without_order(parts):
    # the answers are indices into the sum: a set or a dict has none to give
    for call in (hot.hottest, hot.hottest_moves, hot.best_move):
        assert "in order" in refused(call, parts)


# -- hangs: over a limit is refused at once, saying the size and the limit ----------

@pytest.mark.parametrize("text", ["1e100000000", "1e-100000000", "1E+99_999_999",
                                  " 2.5e0000100000 ", "1e10001"])
def test_a_number_text_with_a_huge_exponent_is_refused_before_it_is_computed(text):
    # Fraction('1e100000000') computes 10**100000000 (minutes, deaf to Ctrl-C):
    # every entry point that reads a number text refuses the exponent first
    import cgteach.numbers as N
    from cgteach.hackenbush import bluered

    calls = [N.is_dyadic, N.as_dyadic, N.birthday, N.sign_expansion, N.stalk_for,
             N.format_number, bluered.stalk, lambda x: N.simplest_between(x, 10**6),
             lambda x: N.simplest_between(-(10**6), x)]
    for call in calls:
        text_said = _quick(lambda call=call: call(text))
        assert "exponent" in text_said and "10,000" in text_said
    assert N.is_dyadic("1e3") and N.as_dyadic("2.5e1") == 25  # small exponents still read

def _quick(call) -> str:
    start = time.process_time()
    text = refused(call)
    assert time.process_time() - start < 0.5
    return text


# Issue 47: no refusal by size alone.  Over the work budget (here a small one) a
# board is refused at once with its size, the estimate and how to raise the budget.

@pytest.mark.parametrize("extra", [1, 2, 5])
def test_toads_and_frogs_over_the_budget_is_refused_at_once_with_size_and_estimate(extra):
    n = taf.MAX_SEARCH_SQUARES + extra
    k = n // 3
    row = "T" * k + "_" * (n - 2 * k) + "F" * k
    with cgteach.budget(seconds=0.2):
        text = _quick(ToadsAndFrogs(row).value)
        assert f"{n} squares" in text and "estimated" in text and "budget=" in text
        for call in (ToadsAndFrogs(row).outcome, ToadsAndFrogs(row).temperature,
                     lambda: hot.hottest([ToadsAndFrogs(row)])):
            _quick(call)


def test_the_issues_slow_rows_and_boards_are_refused_at_once():
    _quick(ToadsAndFrogs("TTTTT______FFFFF").value)  # 16 squares: was 33 s
    with cgteach.budget(seconds=1):
        _quick(Domineering(["......"] * 4 + ["#.####"]).value)  # 25 cells: was 17.7 s


@pytest.mark.parametrize("extra", [1, 2, 8])
def test_domineering_over_the_budget_is_refused_at_once_with_size_and_estimate(extra):
    n = dom.MAX_CELLS + extra
    rows = ["." * 5] * (n // 5) + (["." * (n % 5) + "#" * (5 - n % 5)] if n % 5 else [])
    board = Domineering(rows)
    with cgteach.budget(seconds=0.05):
        text = _quick(board.value)
        assert f"{n} free cells" in text and "estimated" in text and "budget=" in text
        _quick(lambda: hot.best_move([board]))


def test_at_the_limit_a_cheap_position_is_still_valued():
    # a long thin region at the limit is quick (a stalk of dominoes); the slow
    # shapes at the limit are measured in benchmarks/bench_limits.py
    n = dom.MAX_CELLS
    assert Domineering(["." * n]).value() == parse(str(-(n // 2)))
    row = "T" + "_" * (taf.MAX_SEARCH_SQUARES - 1)
    assert ToadsAndFrogs(row).value() == parse(str(taf.MAX_SEARCH_SQUARES - 1))


# -- hot: every game hottest accepts works in the other helpers ---------------------

GAMES = [parse(s) for s in ("{3|-1}", "{1|0}", "*", "0", "↑", "±1", "{2|{1|0}}")]


@pytest.mark.parametrize("start", range(len(GAMES)))
def test_hot_takes_games_wherever_hottest_does(start):
    parts = GAMES[start:] + GAMES[:start]
    hot.hottest(parts)
    for left in (True, False):
        moves = hot.hottest_moves(parts, left)
        assert all(isinstance(i, int) and o in (parts[i].left if left else parts[i].right)
                   for i, o in moves)
        found = hot.best_move(parts, left)
        if found is not None:
            i, option = found
            rest = [p for k, p in enumerate(parts) if k != i] + [option]
            from cgteach.games import total
            assert total(rest).outcome() in (("L", "P") if left else ("R", "P"))


def test_hot_best_move_agrees_with_outcome_on_mixed_sums():
    from cgteach.games import total

    parts = [parse("{3|-1}"), Domineering(["..", ".."]), ToadsAndFrogs("TT_F")]
    values = [p if hasattr(p, "left") else p.value() for p in parts]
    found = hot.best_move(parts)
    assert (found is not None) == (total(values).outcome() in ("L", "N"))


@pytest.mark.parametrize("left", [None, "no", "left", 0, 1, 1.0, b"", []])
def test_hot_left_is_true_or_false_and_nothing_else(left):
    for call in (hot.hottest_moves, hot.best_move):
        text = refused(call, [parse("{3|-1}")], left)
        assert "True" in text and "False" in text


@pytest.mark.parametrize("bad", WRONG_TYPES + ["..", [None], [[1, 2]], [5]])
def test_hot_refuses_what_is_not_a_sum(bad):
    for call in (hot.hottest, hot.hottest_moves, hot.best_move, hot.side_by_side):
        refused(call, bad)
    refused(hot.hottest, iter([bad]))


@pytest.mark.parametrize("bad", BAD_SIDES)
def test_hot_random_helpers_refuse_bad_sizes(bad):
    refused(hot.random_game, 0, bad)
    refused(hot.random_region, 0, bad)
    refused(hot.random_region, 0, 5, bad)


# -- round trips ------------------------------------------------------------------

@pytest.mark.parametrize("digits", [1, 99, 100, 101, 150, 1000])
def test_hackenbush_big_node_numbers_save_and_load_back(digits, tmp_path):
    from cgteach.hackenbush import Hackenbush

    big = 10 ** (digits - 1)
    h = Hackenbush([(0, big, "blue"), (big, -big, "red")])
    h.save(tmp_path / "h.json")
    assert Hackenbush.load(tmp_path / "h.json") == h
    assert Hackenbush.from_json(h.to_json()) == h


@pytest.mark.parametrize("digits", [1001, 1500, 5000])
def test_what_load_would_refuse_save_refuses_first_and_writes_nothing(digits, tmp_path):
    from cgteach.hackenbush import Hackenbush

    h = Hackenbush([(0, 10 ** (digits - 1))])
    text = refused(h.save, tmp_path / "h.json")
    assert "digits" in text and not (tmp_path / "h.json").exists()
    refused(h.to_json)


@pytest.mark.parametrize("position", [Domineering(["..#", "..."]), ToadsAndFrogs("TT_F_")])
def test_rulesets_save_load_pickle_and_copy_round_trip(position, tmp_path):
    position.save(tmp_path / "p.json")
    assert type(position).load(tmp_path / "p.json") == position
    assert pickle.loads(pickle.dumps(position)) == position
    assert copy.deepcopy(position) == position


def test_exercises_pickle_and_copy():
    from cgteach.exercises import all_exercises, check, get

    for ex in all_exercises():
        ex = get(ex) if isinstance(ex, str) else ex
        assert pickle.loads(pickle.dumps(ex)) is ex
        assert copy.deepcopy(ex) is ex
    verdict = check("00.1", 0)
    assert pickle.loads(pickle.dumps(verdict)) == verdict


def test_a_green_stalk_built_by_bluered_goes_to_the_green_engine():
    from cgteach.hackenbush import bluered

    s = bluered.stalk(["green"] * 70_000)
    start = time.process_time()
    assert s.winning_moves("blue") == s.winning_moves("red") == s.winning_moves() == [0]
    assert time.process_time() - start < 5
    refused(bluered.stalk(["green"] * 3).winning_moves, "purple")


# -- files: nothing that is not the writer's own is changed ----------------------------

@pytest.fixture
def shared():
    """A sticky folder everybody may write in (as /tmp is), removed afterwards."""
    import shutil

    folder = Path(tempfile.mkdtemp(prefix="cgteach-shared-"))
    os.chmod(folder, 0o1777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _savers():
    from cgteach.hackenbush import examples
    from cgteach.hackendot import Hackendot
    from cgteach.widgets import DomineeringEditor, HackenbushEditor

    return {
        "Domineering.save": Domineering(["..", ".."]).save,
        "ToadsAndFrogs.save": ToadsAndFrogs("TT__FF").save,
        "Hackenbush.save": examples.house().save,
        "Hackendot.save": Hackendot.figure1().save,
        "DomineeringEditor.save": DomineeringEditor().save,
        "HackenbushEditor.save": HackenbushEditor(examples.house()).save,
    }


SAVERS = list(_savers())


def _position_file(path: Path, mode: int) -> bytes:
    Domineering(["."]).save(path)
    os.chmod(path, mode)
    return path.read_bytes()


@pytest.mark.parametrize("saver", SAVERS)
def test_a_read_only_file_is_never_replaced_even_by_root(saver, tmp_path):
    target = tmp_path / "x.json"
    before = _position_file(target, 0o444)
    text = refused(_savers()[saver], target)
    assert "read-only" in text
    assert target.read_bytes() == before and stat.S_IMODE(target.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


@pytest.mark.parametrize("saver", SAVERS)
def test_another_users_file_in_a_sticky_folder_is_never_replaced(saver, shared):
    if os.geteuid() != 0:
        pytest.skip("needs a file of another user: made as root only")
    target = shared / "theirs.json"
    before = _position_file(target, 0o644)        # root's file, readable by all
    answer = as_unprivileged(_savers()[saver], target)
    assert answer[0] == "raised" and answer[1] == "ValueError", answer
    assert "permission" in answer[2] or "another user" in answer[2]
    assert target.read_bytes() == before and target.stat().st_uid == 0
    assert sorted(p.name for p in shared.iterdir()) == ["theirs.json"]
    # ... and as root too: replacing it would take it from its owner (nobody here)
    os.chown(target, *_nobody())
    text = refused(_savers()[saver], target)
    assert "another user" in text and target.read_bytes() == before


def test_an_unprivileged_user_saves_and_replaces_their_own_file(shared):
    def save_twice(path):
        Domineering(["."]).save(path)
        Domineering([".."]).save(path)
        return os.stat(path).st_uid, Domineering.load(path)

    answer = as_unprivileged(save_twice, str(shared / "mine.json"))
    assert answer[0] == "ok", answer
    assert answer[1][1] == Domineering([".."])


def test_an_unprivileged_user_cannot_replace_a_read_only_file_of_their_own(shared):
    def attempt(path):
        Domineering(["."]).save(path)
        os.chmod(path, 0o444)
        try:
            Domineering([".."]).save(path)
        finally:
            left = Domineering.load(path)
        return left

    answer = as_unprivileged(attempt, str(shared / "mine.json"))
    assert answer[:2] == ("raised", "ValueError") and "read-only" in answer[2], answer


def test_settings_keep_a_symlinked_overrides_file_and_its_mode(tmp_path):
    from cgteach.present.live import install_settings, overrides_path

    real = tmp_path / "elsewhere" / "my-overrides.json"
    real.parent.mkdir()
    real.write_text('{"mine": {"kept": 1}}')
    os.chmod(real, 0o644)
    link = overrides_path(tmp_path / "env")
    link.parent.mkdir(parents=True)
    link.symlink_to(real)
    install_settings(tmp_path / "env")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert stat.S_IMODE(real.stat().st_mode) == 0o644
    data = json.loads(real.read_text())
    assert data["mine"] == {"kept": 1} and len(data) > 1
    assert sorted(p.name for p in real.parent.iterdir()) == ["my-overrides.json"]


def test_settings_refuse_a_read_only_overrides_file_before_installing_anything(tmp_path):
    from cgteach.present.live import extension_path, install_settings, overrides_path

    path = overrides_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text("{}")
    os.chmod(path, 0o444)
    assert "read-only" in refused(install_settings, tmp_path)
    assert path.read_text() == "{}" and not extension_path(tmp_path).exists()


def test_settings_as_an_unprivileged_user_refuse_roots_overrides_file(shared):
    if os.geteuid() != 0:
        pytest.skip("needs a file of another user: made as root only")
    from cgteach.present.live import install_settings, overrides_path

    path = overrides_path(shared / "env")
    path.parent.mkdir(parents=True)
    path.write_text("{}")
    for folder in (shared / "env", *list((shared / "env").rglob("*"))):
        if folder.is_dir():
            os.chmod(folder, 0o1777)
    answer = as_unprivileged(install_settings, str(shared / "env"))
    assert answer[0] == "raised" and answer[1] == "ValueError", answer
    assert path.read_text() == "{}" and path.stat().st_uid == 0


def _tiny_lessons(folder: Path) -> Path:
    import nbformat

    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Welcome\n\nHello.")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / "00-welcome.ipynb")
    return folder


def test_the_site_writes_nothing_beside_its_out_folder(tmp_path, monkeypatch):
    """Sphinx stands in here for speed: like myst-nb it writes ``jupyter_execute/``
    beside the folder it builds into, which must be a private one."""
    import subprocess

    from cgteach.present import site

    builds = []
    real_run = subprocess.run

    def sphinx(command, **kwargs):
        # ``site.subprocess`` is the one subprocess module: let everything that is
        # not Sphinx (``npm ci`` for MathJax, on a fresh clone) run for real.
        if "sphinx" not in " ".join(map(str, command)):
            return real_run(command, **kwargs)
        outdir = Path(command[-1])
        builds.append(outdir)
        (outdir / "_static").mkdir(parents=True)
        (outdir / "00-welcome.html").write_text("<html></html>")
        (outdir.parent / "jupyter_execute").mkdir(exist_ok=True)
        (outdir.parent / "jupyter_execute" / "00-welcome.ipynb").write_text("{}")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(site.subprocess, "run", sphinx)
    lessons = _tiny_lessons(tmp_path / "lessons")
    place = tmp_path / "place"
    (place / "jupyter_execute").mkdir(parents=True)
    mine = place / "jupyter_execute" / "00-welcome.ipynb"
    mine.write_text("my own file")
    site.build_site(lessons, place / "site", quiet=True)
    assert (place / "site" / "00-welcome.html").exists()
    assert not (place / "site" / "jupyter_execute").exists()
    assert mine.read_text() == "my own file"
    assert sorted(p.name for p in place.iterdir()) == ["jupyter_execute", "site"]
    assert sorted(p.name for p in (place / "jupyter_execute").iterdir()) == ["00-welcome.ipynb"]
    assert builds and not builds[0].parent.exists()   # the private folder is gone


@pytest.mark.parametrize("what", ["slides", "site", "handouts", "settings"])
def test_an_empty_out_is_refused_not_read_as_the_default(what, tmp_path, monkeypatch, capsys):
    from cgteach.present.__main__ import main

    monkeypatch.chdir(tmp_path)
    lessons = _tiny_lessons(tmp_path / "lessons")
    assert main([what, "--notebooks", str(lessons), "--out", ""]) == 2
    err = capsys.readouterr().err
    assert "non-empty" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lessons"]


# -- malformed notebooks: say which file, and what is wrong ------------------------------

def _cells(cell):
    return {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


MALFORMED = {
    "a list": [],
    "no cells": {"metadata": {}, "nbformat": 4, "nbformat_minor": 5},
    "cells a number": {"cells": 5, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
    "metadata a number": {"cells": [], "metadata": 5, "nbformat": 4, "nbformat_minor": 5},
    "a cell a string": _cells("x"),
    "a cell without type": _cells({"source": "x", "metadata": {}}),
    "source a number": _cells({"cell_type": "markdown", "source": 5, "metadata": {}}),
    "tags a string": _cells({"cell_type": "code", "source": "", "execution_count": None,
                             "metadata": {"tags": "solution"}, "outputs": []}),
    "outputs a number": _cells({"cell_type": "code", "source": "", "metadata": {},
                                "execution_count": None, "outputs": 5}),
    "an output a number": _cells({"cell_type": "code", "source": "", "metadata": {},
                                  "execution_count": None, "outputs": [5]}),
    "data a number": _cells({"cell_type": "code", "source": "", "metadata": {},
                             "execution_count": None,
                             "outputs": [{"output_type": "display_data", "data": 5,
                                          "metadata": {}}]}),
    "text a number": _cells({"cell_type": "code", "source": "", "metadata": {},
                             "execution_count": None,
                             "outputs": [{"output_type": "display_data",
                                          "data": {"text/plain": 5}, "metadata": {}}]}),
}
DEEP = "[" * 50_000 + "]" * 50_000


@pytest.mark.parametrize("name", MALFORMED)
def test_prepare_notebook_says_what_is_wrong_with_a_malformed_notebook(name):
    import nbformat

    from cgteach.present import prepare_notebook
    from cgteach.present._prepare import KINDS, shape_for

    doc = MALFORMED[name]
    nb = nbformat.from_dict(doc) if isinstance(doc, dict) else doc
    text = refused(prepare_notebook, nb)
    for kind in KINDS:
        assert refused(shape_for, nb, kind) == text
    if isinstance(doc, dict) and "cells" in doc and isinstance(doc["cells"], list) and doc["cells"]:
        assert "cell 0" in text


def test_prepare_notebook_refuses_deep_nesting_and_names_a_bad_file(tmp_path):
    import nbformat

    from cgteach.present import prepare_notebook

    deep = json.loads("[" * 500 + "]" * 500)
    nb = nbformat.from_dict(_cells({"cell_type": "code", "source": "", "metadata": {"x": 1},
                                    "execution_count": None, "outputs": []}))
    nb.cells[0].metadata["x"] = deep
    with contextlib.suppress(ValueError):  # a deep copy may be refused: only as a ValueError
        prepare_notebook(nb)
    bad = tmp_path / "07-bad.ipynb"
    bad.write_text(DEEP)
    assert "07-bad.ipynb" in refused(prepare_notebook, bad)


@pytest.mark.parametrize("name", ["a list", "no cells", "a cell a string", "deep"])
def test_classroom_names_a_damaged_lesson_and_copies_the_others(name, tmp_path, capsys):
    from cgteach.classroom import main

    src = tmp_path / "notebooks"
    _tiny_lessons(src)
    (src / "05-bad.ipynb").write_text(DEEP if name == "deep" else json.dumps(MALFORMED[name]))
    assert main([str(src), str(tmp_path / "my")]) == 2
    err = capsys.readouterr().err
    assert "05-bad.ipynb" in err and "Traceback" not in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in (tmp_path / "my").iterdir()) == ["00-welcome.ipynb"]


def test_a_failed_fresh_copy_never_says_the_old_copy_moved_when_it_did_not(tmp_path, capsys):
    from cgteach.classroom import main

    src = _tiny_lessons(tmp_path / "notebooks")
    my = tmp_path / "my"
    assert main([str(src), str(my)]) == 0
    (my / "00-welcome.ipynb").write_text("my answers")
    (my / "replaced").write_text("a file where the folder would go")
    assert main([str(src), str(my), "--fresh", "00"]) == 2
    err = capsys.readouterr().err
    assert "replaced/" not in err.split("(")[-1] and "not touched" in err
    assert (my / "00-welcome.ipynb").read_text() == "my answers"


def test_a_fresh_copy_of_a_damaged_lesson_leaves_the_old_copy_in_place(tmp_path, capsys):
    from cgteach.classroom import main

    src = _tiny_lessons(tmp_path / "notebooks")
    my = tmp_path / "my"
    assert main([str(src), str(my)]) == 0
    (my / "00-welcome.ipynb").write_text("my answers")
    (src / "00-welcome.ipynb").write_text("[]")
    assert main([str(src), str(my), "--fresh", "00"]) == 2
    assert "00-welcome.ipynb" in capsys.readouterr().err
    assert (my / "00-welcome.ipynb").read_text() == "my answers"
    assert not (my / "replaced").exists()


# -- the Domineering widgets: what shows the board follows it, from Python too ---------

EDITOR_TRAITS = {
    "rows": [["..."], [], ["x"], "..", None],
    "json_text": ["x", "", "{}", 5],
    "value_text": ["5", "", None],
    "outcome": ["L", "purple"],
    "temperature_text": ["", "9"],
    "mean_text": ["7"],
    "thermograph": [{}, {"mast": 1}],
    "regions": [[], [{"value": "0"}]],
}


@pytest.mark.parametrize("name", EDITOR_TRAITS)
def test_editor_traits_set_from_python_follow_the_board(name, tmp_path):
    from cgteach.widgets import DomineeringEditor
    from cgteach.widgets._base import WidgetValueError

    ed = DomineeringEditor(Domineering.rectangle(2, 3))
    before = {k: copy.deepcopy(getattr(ed, k)) for k in EDITOR_TRAITS}
    for value in EDITOR_TRAITS[name]:
        with pytest.raises(WidgetValueError):
            setattr(ed, name, value)
        assert {k: getattr(ed, k) for k in EDITOR_TRAITS} == before
    setattr(ed, name, copy.deepcopy(before[name]))  # what it has already: fine
    ed.save(tmp_path / "b.json")
    assert Domineering.load(tmp_path / "b.json") == ed.board


GAME_TRAITS = {
    "student": ["purple", "", None, "Left"],
    "rows": [["..", ".."][:1], ["##", "##"]],
    "hint_cell": [[5, 5], [0], [True, False], ["0", "0"]],
    "dominoes": [[{"row": 0, "col": 0, "vertical": True, "by": "student"}], 5, [5],
                 [{"row": 0}]],
}


@pytest.mark.parametrize("name", GAME_TRAITS)
def test_game_traits_set_from_python_are_checked(name):
    from cgteach.widgets import DomineeringGame
    from cgteach.widgets._base import WidgetValueError

    g = DomineeringGame(["..", ".."], seed=0)
    before = {k: copy.deepcopy(getattr(g, k)) for k in GAME_TRAITS}
    for value in GAME_TRAITS[name]:
        with pytest.raises(WidgetValueError):
            setattr(g, name, value)
        assert {k: getattr(g, k) for k in GAME_TRAITS} == before


def test_a_game_changing_side_starts_again():
    from cgteach.widgets import DomineeringGame

    g = DomineeringGame(["...", "..."], seed=0)
    g.place(0, 0)
    g.student = "right"
    assert g.board == Domineering(["...", "..."]) and g.dominoes == [] and "Right" in g.message
    g.place(0, 0)
    assert g.dominoes[0] == {"row": 0, "col": 0, "vertical": False, "by": "student"}


def test_the_domineering_editor_loads_a_file_as_the_other_editors_do(tmp_path):
    from cgteach.widgets import DomineeringEditor

    Domineering(["..#", "..."]).save(tmp_path / "b.json")
    ed = DomineeringEditor()
    ed.load(tmp_path / "b.json")
    assert ed.board == Domineering(["..#", "..."])
    for bad in (0, True, None):
        refused(ed.load, bad)
    for bad in ("/dev/zero", tmp_path, tmp_path / "missing.json"):
        refused(ed.load, bad)
    (tmp_path / "notes.txt").write_text("my notes")
    refused(ed.load, tmp_path / "notes.txt")
    assert ed.board == Domineering(["..#", "..."])


def test_widgets_say_they_do_not_pickle():
    from cgteach.widgets import domineering

    assert "do not pickle" in domineering.__doc__ and "ipywidgets" in domineering.__doc__


# -- blue-red drawings with long overlapping circuits: refused from the shape, or valued --

def _chords(n, k, seed):
    """A random tree of ``n - k`` blue-red edges plus ``k`` edges between random nodes
    (the family of benchmarks/bench_tangled.py)."""
    import random

    from cgteach.hackenbush import Hackenbush

    rng = random.Random(seed)
    t = n - k
    edges = [(rng.randrange(j), j, rng.choice(("blue", "red"))) for j in range(1, t + 1)]
    for _ in range(k):
        u, v = rng.sample(range(t + 1), 2)
        edges.append((u, v, rng.choice(("blue", "red"))))
    return Hackenbush(edges)


@pytest.mark.parametrize("seed", [4, 12, 16, 20, 39])
def test_long_overlapping_circuits_are_refused_from_the_shape_at_once(seed):
    from cgteach.hackenbush import bluered

    h = _chords(60, 6, seed)  # each searched 3-12 s before it was refused (issue 39)
    for call in (h.value, h.outcome, lambda: bluered.winning_moves(h, "blue")):
        start = time.process_time()
        text = refused(call)
        assert time.process_time() - start < 1.0
        assert "too tangled" in text and "hanging" in text


@pytest.mark.parametrize("seed", [19, 32, 37])
def test_circuits_the_shape_lets_through_are_refused_by_one_counted_budget(seed):
    # seeds 32 and 37 searched 7-12 s before the per-block budgets refused them
    # (issue 39); one budget for the whole valuation, counted in steps of search
    # (two per position, one per cut), stops them within about a second
    # (benchmarks/bench_refusals.py measures it; a count, so not timed here)
    from cgteach.hackenbush import blocks, bluered

    h = _chords(60, 6, seed)
    calls = [h.value] + ([lambda: bluered.winning_moves(h, "red")] if seed == 32 else [])
    for call in calls:
        text = refused(call)
        assert "too tangled" in text and "MAX_SEARCH_WORK" in text
        assert f"more than {blocks.MAX_SEARCH_WORK:,} steps of search" in text


@pytest.mark.parametrize("seed", [9, 34])
def test_circuits_with_little_hanging_on_them_are_still_valued(seed):
    from cgteach.hackenbush import bluered

    h = _chords(60, 6, seed)
    v = bluered.value(h)
    assert isinstance(v, Fraction) and v.denominator & (v.denominator - 1) == 0  # dyadic
    assert bluered.outcome(h) == ("L" if v > 0 else "R" if v < 0 else "P")


@pytest.mark.parametrize("twin, position", [
    (dom.value_by_search, ["....."] * 4),
    (taf.value_by_search, "TTTTT______FFFFF"),
])
def test_the_brute_force_twins_stop_after_a_counted_budget(twin, position, monkeypatch):
    # a small budget keeps the test fast; the budget itself is counted, not timed
    monkeypatch.setattr(dom, "MAX_TWIN_POSITIONS", 2_000)
    monkeypatch.setattr(taf, "MAX_TWIN_POSITIONS", 2_000)
    text = refused(twin, position)
    assert "MAX_TWIN_POSITIONS" in text and "2000" in text


@pytest.mark.parametrize("name", ["x" * 300, "." * 5000, "a/" * 3000])
def test_classroom_refuses_impossible_folder_names_in_its_own_words(name, tmp_path):
    from cgteach import classroom

    src = _tiny_lessons(tmp_path / "notebooks")
    for call in (lambda: classroom.copy_lessons(name, tmp_path / "my"),
                 lambda: classroom.copy_lessons(src, tmp_path / name),
                 lambda: classroom.fresh_copy(name, tmp_path / "my", "00"),
                 lambda: classroom.fresh_copy(src, tmp_path / name, "00")):
        refused(call)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notebooks"]
