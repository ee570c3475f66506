"""Hostile tests, part four (issue 46): symbolic links, the cold side, the last of the hot side.

One test for each kind of failure the issue's battery found over the code
that came with lesson 10 (the cold side, Clobber, Cram, ``_grid``, the
Clobber widgets, the guarded writer, the ``present`` commands):

* **someone else's file changed or followed**: a symbolic link another user
  planted in a shared sticky folder (the test plants it as ``nobody`` in a
  forked child, then saves as the suite's own user), a trailing ``/``, the
  exporter's browser home, a settings file beside the overrides;
* **hangs**: each call answers or refuses within a second (measured in CPU
  time, so a busy machine does not fail it);
* **messages**: in the user's words, quoting an input in at most a few
  hundred characters, never Python's own words;
* **immutability and copies**: ``delattr`` on a board, ``copy``/``pickle``
  of every widget;
* **Ctrl-C**: after an interrupted long call, the same values as a fresh
  process.
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import stat
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest

from tests._unprivileged import as_unprivileged

ALLOWED = (ValueError, TypeError)
PYTHON_WORDS = ("object is not", "has no attribute", "'NoneType'", "not iterable",
                "not subscriptable", "unhashable", "invalid literal", "Exceeds the limit",
                "maximum recursion", "OverflowError", "integer string conversion")
#: The longest message quoting an input.
MAX_MESSAGE = 600


def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def refused(call, *args, **kwargs) -> str:
    """Call and return the message of the ValueError/TypeError it must raise (short, plain)."""
    with pytest.raises(ALLOWED) as info:
        call(*args, **kwargs)
    text = str(info.value)
    assert text and not any(w.lower() in text.lower() for w in PYTHON_WORDS), text
    assert len(text) <= MAX_MESSAGE, (len(text), text[:300])
    return text


@contextlib.contextmanager
def within(seconds: float = 1.0):
    start = cpu()
    yield
    spent = cpu() - start
    assert spent < seconds, f"took {spent:.2f} s of CPU"


# -- symbolic links in a shared folder ------------------------------------------------


@pytest.fixture
def shared():
    """A sticky folder everybody may write in (as /tmp is), and a private folder of ours."""
    shared = Path(tempfile.mkdtemp(prefix="cgteach-shared-"))
    os.chmod(shared, 0o1777)
    private = Path(tempfile.mkdtemp(prefix="cgteach-private-"))
    os.chmod(private, 0o700)
    yield shared, private
    shutil.rmtree(shared, ignore_errors=True)
    shutil.rmtree(private, ignore_errors=True)


def _writers():
    from cgteach import _io
    from cgteach.rulesets.clobber import Clobber
    from cgteach.rulesets.cram import Cram
    from cgteach.rulesets.domineering import Domineering

    writers = {
        "Clobber.save": Clobber("xo").save,
        "Cram.save": Cram("..").save,
        "Domineering.save": Domineering([".."]).save,
        "_io.write_text": lambda p: _io.write_text(p, "{}\n"),
        "_io.write_text(any)": lambda p: _io.write_text(p, "{}\n", only_cgteach=False),
    }
    with contextlib.suppress(ImportError):
        from cgteach import widgets
        writers["ClobberEditor.save"] = widgets.ClobberEditor().save
        writers["DomineeringEditor.save"] = widgets.DomineeringEditor().save
    return writers


WRITERS = _writers()


def _plant(links):
    """Make the symbolic links ``{link: target}`` (run as nobody)."""
    for link, target in links.items():
        os.symlink(target, link)
    return sorted(os.lstat(link).st_uid for link in links)


def snapshot(root: Path) -> dict:
    return {str(p): (p.lstat().st_mode, p.read_bytes() if p.is_file() and not p.is_symlink()
                     else None) for p in sorted(root.rglob("*"))}


@pytest.mark.skipif(os.geteuid() != 0, reason="planting a link as another user needs root")
@pytest.mark.parametrize("name", WRITERS, ids=list(WRITERS))
def test_a_link_another_user_planted_in_a_shared_folder_is_not_followed(name, shared):
    folder, private = shared
    victim = private / "victim.json"
    victim.write_text('{"format": "cgteach.clobber", "version": 1, "position": {}}\n')
    os.chmod(victim, 0o644)
    links = {str(folder / "link.json"): str(victim),
             str(folder / "dangling.json"): str(private / "new.json"),
             str(folder / "dir"): str(private)}
    answer = as_unprivileged(_plant, links)
    assert answer[0] == "ok" and answer[1][0] != 0, answer
    before, before_shared = snapshot(private), snapshot(folder)
    save = WRITERS[name]
    for target in (folder / "link.json", folder / "dangling.json", folder / "dir" / "victim.json",
                   folder / "dir" / "new.json"):
        text = refused(save, target)
        assert "symbolic link" in text and "another user" in text, text
    assert snapshot(private) == before
    assert snapshot(folder) == before_shared   # no temporary file left either


@pytest.mark.parametrize("name", WRITERS, ids=list(WRITERS))
def test_a_link_of_ones_own_in_a_shared_folder_is_still_followed(name, shared):
    folder, private = shared
    real = private / "mine.json"
    (folder / "mine.json").symlink_to(real)
    WRITERS[name](folder / "mine.json")
    assert real.is_file() and (folder / "mine.json").is_symlink()
    assert sorted(p.name for p in private.iterdir()) == ["mine.json"]


@pytest.mark.skipif(os.geteuid() != 0, reason="running as nobody needs root")
def test_nobody_may_not_write_through_roots_link_to_roots_file(shared):
    # the other way round: a link of the folder's owner is followed, but not into a file
    # that is not the writer's own
    from cgteach.rulesets.clobber import Clobber

    folder, _ = shared
    theirs = folder / "roots.json"
    Clobber("xo").save(theirs)
    os.chmod(theirs, 0o666)
    (folder / "link.json").symlink_to(theirs)
    answer = as_unprivileged(Clobber("ox").save, str(folder / "link.json"))
    assert answer[:2] == ("raised", "ValueError") and "another user" in answer[2], answer
    assert Clobber.load(theirs) == Clobber("xo")


@pytest.mark.parametrize("name", WRITERS, ids=list(WRITERS))
def test_a_trailing_slash_names_a_folder_and_is_refused(name, tmp_path):
    (tmp_path / "dir").mkdir()
    save = WRITERS[name]
    for target in (f"{tmp_path}/dir/b.json/", f"{tmp_path}/b.json/"):
        assert "/" in refused(save, target)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["dir"]


def test_the_temporary_file_is_made_beside_the_target_and_never_followed(tmp_path, monkeypatch):
    # mkstemp opens O_EXCL | O_NOFOLLOW in the target's own folder; the mode is set on the
    # open file, not by name
    from cgteach import _io

    made = []
    real = tempfile.mkstemp

    def spy(*args, **kwargs):
        made.append(kwargs.get("dir"))
        return real(*args, **kwargs)

    monkeypatch.setattr(_io.tempfile, "mkstemp", spy)
    monkeypatch.setattr(_io.os, "chmod", lambda *a, **k: pytest.fail("chmod by name"))
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.json").symlink_to(tmp_path / "sub" / "real.json")
    _io.write_text(tmp_path / "link.json", "{}\n")
    assert made == [str(tmp_path / "sub")]
    assert (tmp_path / "sub" / "real.json").read_text() == "{}\n"
    assert stat.S_ISLNK((tmp_path / "link.json").lstat().st_mode)


# -- the handouts' browser and the settings writer ---------------------------------------

FAKE_CHROMIUM = """#!/bin/sh
# a stand-in for Chromium: writes where a browser writes (home, cache, /tmp), then a PDF
for arg in "$@"; do case "$arg" in --print-to-pdf=*) pdf="${arg#--print-to-pdf=}";; esac; done
mkdir -p "$HOME/.cache/chromium" "$XDG_CONFIG_HOME/chromium"
echo junk > "$HOME/.cache/chromium/x"
echo junk > "$XDG_CONFIG_HOME/chromium/Local State"
mktemp "${TMPDIR:-/tmp}/.org.chromium.XXXXXX" > /dev/null
echo "$HOME" >> "$CGTEACH_TEST_HOMES"
head -c 2000 /dev/zero > "$pdf"
"""


def test_the_handouts_browser_writes_only_under_out_or_a_private_folder_it_removes(
        tmp_path, monkeypatch):
    import nbformat

    from cgteach.present import write_handouts

    fake = tmp_path / "chromium"
    fake.write_text(FAKE_CHROMIUM)
    fake.chmod(0o755)
    homes = tmp_path / "homes.txt"
    monkeypatch.setenv("CGTEACH_CHROMIUM", str(fake))
    monkeypatch.setenv("CGTEACH_TEST_HOMES", str(homes))
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 01 A lesson")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nbformat.write(nb, lessons / "01-a.ipynb")
    d = tmp_path / "D"
    d.mkdir()
    (d / "_home").mkdir()
    (d / "_home" / "mine.txt").write_text("a user's own _home")
    before = snapshot(d)
    pdfs = write_handouts(lessons, d / "out", quiet=True)
    assert sorted(p.name for p in pdfs) == ["01-a.lecturer.pdf", "01-a.student.pdf"]
    after = {k: v for k, v in snapshot(d).items() if not k.startswith(str(d / "out"))}
    assert after == before                       # nothing beside out, D/_home untouched
    used = set(homes.read_text().split())
    assert len(used) == 1 and not any(Path(h).exists() for h in used)   # removed afterwards
    assert not any(str(d) in h for h in used)


def test_settings_change_no_other_file_of_the_settings_folder(tmp_path):
    from cgteach.present.live import extension_path, install_settings, overrides_path

    path = overrides_path(tmp_path / "env")
    path.parent.mkdir(parents=True)
    mine = path.parent / "my.json"
    mine.write_text('{"mine": {"kept": 1}}\n')
    (path.parent / "overrides.d").mkdir()
    deeper = path.parent / "overrides.d" / "x.json"
    deeper.write_text("{}\n")
    for target in (mine, deeper):
        path.symlink_to(target)
        before = snapshot(path.parent)
        text = refused(install_settings, tmp_path / "env")
        assert target.name in text and "same settings folder" in text
        assert snapshot(path.parent) == before
        assert not extension_path(tmp_path / "env").exists()
        path.unlink()
    # without the link: its own file written, my.json as it was
    install_settings(tmp_path / "env")
    assert mine.read_text() == '{"mine": {"kept": 1}}\n' and path.is_file()


# -- boards: one rule for all positions of _grid -----------------------------------------


@pytest.mark.parametrize("make", ["Clobber('xo')", "Cram('..')", "Domineering(['..'])"])
def test_no_board_lets_an_attribute_be_set_or_deleted(make):
    from cgteach.rulesets.clobber import Clobber  # noqa: F401 - used by eval
    from cgteach.rulesets.cram import Cram  # noqa: F401
    from cgteach.rulesets.domineering import Domineering  # noqa: F401

    board = eval(make)
    for name in ("_rows", "rows", "other"):
        with pytest.raises(AttributeError, match="immutable"):
            delattr(board, name)
        with pytest.raises(AttributeError, match="immutable"):
            setattr(board, name, ("..",))
    assert board == eval(make) and repr(board) == make.replace("'..'", "['..']").replace(
        "'xo'", "['xo']").replace("[[", "[").replace("]]", "]")
    assert board.value() is not None


# -- the cold side: closed forms before any search, messages in the user's words ----------


def _tower(depth):
    from cgteach.games import STAR, game

    g = STAR
    for _ in range(depth):
        g = game([0], [g])
    return g


def test_nimbers_and_numbers_have_closed_forms_on_the_cold_side():
    from cgteach.games import cold, nimber, number

    with within():
        assert cold.atomic_weight(nimber(65536)) == 0
        assert cold.is_eccentric(nimber(65536)) is True
        assert cold.is_all_small(nimber(65536)) is True
        assert cold.is_all_small(number(Fraction(1, 2**5000))) is False
        assert cold.is_all_small(Fraction(-3, 2**5000)) is False
        assert cold.reduced(Fraction(1, 2**5000)) == number(Fraction(1, 2**5000))
        assert cold.heat(nimber(65536), 0) == nimber(65536)
        assert cold.heat(nimber(65536), -1) == 0
        assert cold.heat(10**5000, 1) == number(10**5000)
    for n in (65536, 1024, 401):
        with within():
            text = refused(cold.heat, nimber(n), 1)
        assert "MAX_BIRTHDAY" in text and f"*{n}" in text
    with within():
        h = cold.heat(nimber(64), 1)
    assert h.birthday() == 128 and len(h.left) == len(h.right) == 64


@pytest.mark.parametrize("t", ["1", "1/2", "2", "3/4", "1/8", "5", "-1"])
def test_heating_a_nimber_by_a_number_agrees_with_the_definition(t):
    # the closed form (built with no comparison) against the definition, canonicalised
    from functools import cache

    from cgteach.games import cold, nimber, number, parse
    from cgteach.games._order import _add, _canonical, _neg

    tt = parse(t)._core

    @cache
    def by_definition(n):
        if n == 0:
            return number(0)
        return _canonical([_add(tt, by_definition(k)) for k in range(n)],
                          [_add(_neg(tt), by_definition(k)) for k in range(n)])

    for n in range(25):
        assert cold.heat(nimber(n), tt) is by_definition(n), n
    assert cold.heat(nimber(3), tt).cool(tt.number_value()) == (
        nimber(3) if tt.number_value() > 0 else 0)


def test_heating_a_nimber_by_a_game_is_bounded_by_the_budget():
    from cgteach import budget
    from cgteach.games import cold, nimber, parse

    assert cold.heat(nimber(4), parse("↑")).birthday() == 6
    with within():
        assert "MAX_HEAT_DEPTH" in refused(cold.heat, nimber(65536), parse("↑"))
    with budget(seconds=0.01), within():
        assert "heating *64" in refused(cold.heat, nimber(64), parse("↑"))


def test_a_deep_tower_heated_by_a_game_is_refused_at_once():
    from cgteach.games import UP, cold

    assert "chain of 81 moves" in refused(cold.heat, _tower(80), UP)   # the limit: 80
    tower = _tower(300)
    for call in (lambda: cold.heat(tower, UP), lambda: cold.overheat(tower, UP, UP),
                 lambda: cold.overheat(tower, 1, UP), lambda: tower.heat(UP)):
        with within():
            text = refused(call)
        assert "MAX_HEAT_DEPTH" in text
    # within the limit it answers; heating by a number has no such limit
    assert cold.heat(_tower(20), UP).birthday() == 41
    assert cold.overheat(_tower(20), UP, UP).birthday() == 41


HUGE = {
    "Fraction(1, 2**5000)": Fraction(1, 2**5000),
    "10**5000": 10**5000,
    "Fraction(10**5000, 3)": Fraction(10**5000, 3),
    "-Fraction(10**5000, 2**3)": -Fraction(10**5000, 2**3),
}


@pytest.mark.parametrize("name", HUGE, ids=list(HUGE))
def test_huge_numbers_on_the_cold_side_are_answered_or_refused_plainly(name):
    from cgteach.games import cold, parse

    x = HUGE[name]
    sw = parse("{1|-1}")
    calls = {
        "is_all_small": lambda: cold.is_all_small(x),
        "atomic_weight": lambda: cold.atomic_weight(x),
        "is_eccentric": lambda: cold.is_eccentric(x),
        "reduced": lambda: cold.reduced(x),
        "heat(x, 1)": lambda: cold.heat(x, 1),
        "heat(SW, x)": lambda: cold.heat(sw, x),
        "overheat(x, 1, 1)": lambda: cold.overheat(x, 1, 1),
        "overheat(SW, x, 1)": lambda: cold.overheat(sw, x, 1),
        "overheat(SW, 1, x)": lambda: cold.overheat(sw, 1, x),
        "remote_star(x)": lambda: cold.remote_star(x),
    }
    for call in calls.values():
        with within():
            try:
                call()
            except ALLOWED:
                refused(call)


def test_the_cold_sides_refusals_name_the_input_briefly():
    from cgteach.games import cold

    text = refused(cold.atomic_weight, 10**5000)
    assert "about 5001 digits" in text and "not all-small" in text
    assert "in its position 1 only Left" in refused(cold.atomic_weight, Fraction(1, 2**5000))
    assert "in its position -2 only Right" in refused(cold.is_eccentric, Fraction(-5, 2))
    assert "more than 10000 copies" in refused(cold.overheat, 10**5000, 1, 1)
    assert "not a dyadic" in refused(cold.heat, "{1|-1}", Fraction(10**5000, 3))
    assert "MAX_BIRTHDAY" in refused(cold.overheat, Fraction(1, 2**5000), 1, 1)


# -- thermographs: drawing arguments and huge values ---------------------------------------


TOPS = [True, float("nan"), float("inf"), -float("inf"), 10**5000, "1e100000000", "x" * 10**6,
        Fraction(10**5000, 3), 1e300, "nan", object(), [1], -5]


@pytest.mark.parametrize("top", TOPS, ids=[f"top{i}" for i in range(len(TOPS))])
def test_draw_thermograph_checks_top_like_the_other_drawing_arguments(top):
    import matplotlib.pyplot as plt

    from cgteach.draw.thermographs import draw_thermograph
    from cgteach.games import parse
    from cgteach.games.temperature import thermograph

    th = thermograph(parse("{1|-1}"))
    figures = plt.get_fignums()
    with within():
        a = refused(draw_thermograph, th, top=top)
        b = refused(th.draw, top=top)
    assert "top" in a and "top" in b
    assert plt.get_fignums() == figures          # refused before any figure is made


def test_a_thermograph_too_wide_to_draw_says_so_and_its_text_is_short():
    from cgteach.games import number
    from cgteach.games.temperature import thermograph

    th = thermograph(number(10**5000))
    with within():
        assert th._repr_png_() is None
        alt = th._alt_text()
        assert "float" in refused(th.draw)
    assert len(alt) < 500 and "about 5001 digits" in alt


# -- widgets: copies and pickles, one rule ---------------------------------------------------


def _widgets():
    widgets = pytest.importorskip("cgteach.widgets")
    from cgteach.hackenbush import examples
    from cgteach.hackendot import Hackendot

    return {
        "NimGame": lambda: widgets.NimGame([3, 4, 5]),
        "NimExplorer": lambda: widgets.NimExplorer([3, 4, 5]),
        "HackenbushEditor": lambda: widgets.HackenbushEditor(examples.house()),
        "HackenbushGame": lambda: widgets.HackenbushGame(examples.house()),
        "HackendotEditor": lambda: widgets.HackendotEditor(Hackendot.figure1()),
        "HackendotGame": lambda: widgets.HackendotGame(Hackendot.figure1()),
        "DomineeringEditor": lambda: widgets.DomineeringEditor(),
        "DomineeringGame": lambda: widgets.DomineeringGame(),
        "ClobberEditor": lambda: widgets.ClobberEditor(),
        "ClobberGame": lambda: widgets.ClobberGame(),
    }


WIDGET_NAMES = ["NimGame", "NimExplorer", "HackenbushEditor", "HackenbushGame",
                "HackendotEditor", "HackendotGame", "DomineeringEditor", "DomineeringGame",
                "ClobberEditor", "ClobberGame"]


@pytest.mark.parametrize("name", WIDGET_NAMES)
def test_every_widget_refuses_a_copy_or_pickle_and_says_to_keep_its_position(name):
    import copy
    import pickle

    w = _widgets()[name]()
    before = w.get_state()
    for call, word in ((copy.copy, "copied"), (copy.deepcopy, "copied"),
                       (pickle.dumps, "pickled"),
                       (lambda x: pickle.dumps(x, protocol=0), "pickled")):
        text = refused(call, w)
        assert f"a {name} widget cannot be {word}" in text
        attr = text.split("keep its position instead, w.")[1].split(" ")[0]
        # the attribute it names exists, holds the position, and makes a new widget
        kept = getattr(w, attr)
        assert pickle.loads(pickle.dumps(kept)) == kept and copy.deepcopy(kept) == kept
    assert w.get_state() == before
    from cgteach import widgets

    again = getattr(widgets, name)(kept)
    assert getattr(again, attr) == kept


def test_a_huge_argument_to_a_widget_is_quoted_briefly():
    widgets = pytest.importorskip("cgteach.widgets")

    for make in (lambda: widgets.ClobberGame(student="x" * 10**6),
                 lambda: widgets.ClobberGame(computer="x" * 10**6),
                 lambda: widgets.ClobberGame(board="x" * 10**6),
                 lambda: widgets.ClobberEditor(board=["xo"] * 10**6),
                 lambda: widgets.DomineeringGame(student="x" * 10**6),
                 lambda: widgets.ClobberGame(seed="x" * 10**6)):
        with within():
            refused(make)


# -- Ctrl-C: the caches keep only finished results ------------------------------------------


ROOT = Path(__file__).resolve().parents[1]


def _answers(*args) -> str:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "tests._interrupted", *map(str, args)],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def fresh_answers():
    return _answers("fresh")


def test_after_ctrl_c_anywhere_the_answers_are_a_fresh_processs(fresh_answers):
    # Ctrl-C (KeyboardInterrupt) at 40 points spread over cooling, thermographs,
    # comparisons, heating, atomic weights, a Clobber value and a widget's hint
    points = [int(100 * 1.3**k) + 17 * k for k in range(40)]
    assert _answers("anywhere", *points) == fresh_answers


def test_after_ctrl_c_inside_a_nimber_row_the_answers_are_a_fresh_processs(fresh_answers):
    # between the two halves of one step of the table comparing a game with *0, *1, ...:
    # before the fix the next comparison read past the shorter half (IndexError) or a
    # shifted row (a wrong answer)
    assert _answers("row") == fresh_answers


# -- every public call of the cold side, Clobber, Cram and _grid on hostile inputs -----------


def _hostile_inputs():
    from cgteach.games import nimber, number

    return [("x" * 10**6), 10**5000, -(10**5000), Fraction(1, 2**5000), Fraction(10**5000, 3),
            float("nan"), float("inf"), True, None, b"xo", [["x"] * 10**5], ("x",) * 10**5,
            nimber(65536), number(10**5000), "²", object(), ((0, 0), (0, 10**5000)),
            ((0, 0), (0, "x" * 10**6)), [1] * 10**6, "L", "left"]


def _public_calls():
    from cgteach.games import cold, parse
    from cgteach.rulesets import clobber, cram
    from cgteach.rulesets.clobber import Clobber
    from cgteach.rulesets.cram import Cram

    sw, c, k = parse("{1|-1}"), Clobber(["xo", "ox"]), Cram(["..", ".."])
    calls = {f"{name}(b)": getattr(cold, name)
             for name in ("is_all_small", "atomic_weight", "is_eccentric", "reduced",
                          "remote_star")}
    calls.update({
        "heat(b, 1)": lambda b: cold.heat(b, 1),
        "heat(SW, b)": lambda b: cold.heat(sw, b),
        "overheat(b, 1, 1)": lambda b: cold.overheat(b, 1, 1),
        "overheat(1/2, b, 1)": lambda b: cold.overheat(parse("1/2"), b, 1),
        "overheat(SW, 1, b)": lambda b: cold.overheat(sw, 1, b),
        "Clobber.moves(b)": c.moves, "Clobber.winning_moves(b)": c.winning_moves,
        "Clobber.best_move(b)": c.best_move, "Clobber.play_left(b)": c.play_left,
        "Clobber.strip(b)": Clobber.strip, "clobber.value_by_search(b)": clobber.value_by_search,
        "cram.value_by_search(b)": cram.value_by_search,
    })
    for cls, board in ((Clobber, c), (Cram, k)):
        n = cls.__name__
        calls.update({
            f"{n}(b)": cls, f"{n}.rectangle(b, 2)": lambda b, cls=cls: cls.rectangle(b, 2),
            f"{n}.play(b)": board.play, f"{n}.load(b)": cls.load,
            f"{n}.from_dict(b)": cls.from_dict,
            f"{n}.from_dict(rows=b)": lambda b, cls=cls: cls.from_dict({"rows": b}),
        })
    return calls


def test_every_public_call_answers_or_refuses_plainly_within_a_second():
    slow, bad = [], []
    for name, call in _public_calls().items():
        for b in _hostile_inputs():
            start = cpu()
            try:
                call(b)
            except ALLOWED as exc:
                text = str(exc)
                if len(text) > MAX_MESSAGE or any(w.lower() in text.lower()
                                                  for w in PYTHON_WORDS):
                    bad.append((name, text[:200]))
            if cpu() - start > 1.0:
                slow.append((name, cpu() - start))
    assert not slow and not bad, (slow, bad)


def test_overheating_a_nimber_is_heating_it():
    from cgteach.games import cold, nimber, parse

    for n in range(8):
        for t in (1, parse("1/2"), parse("↑")):
            assert cold.overheat(nimber(n), parse("↑"), t) == cold.heat(nimber(n), t)
    with within():
        assert "MAX_BIRTHDAY" in refused(cold.overheat, nimber(65536), 1, 1)
    assert "digits 0-9" in refused(cold.atomic_weight, "²")


@pytest.mark.skipif(os.geteuid() != 0, reason="planting a link as another user needs root")
def test_an_export_does_not_follow_a_folder_link_another_user_planted(shared):
    from cgteach.present import export_slides
    from cgteach.present._safe import check_out

    folder, private = shared
    answer = as_unprivileged(_plant, {str(folder / "dir"): str(private)})
    assert answer[0] == "ok", answer
    text = refused(check_out, folder / "dir" / "out")
    assert "symbolic link" in text and "another user" in text
    lessons = folder / "lessons"
    lessons.mkdir()
    (lessons / "01-a.ipynb").write_text("{}")
    assert "another user" in refused(export_slides, lessons, folder / "dir" / "out", quiet=True)
    assert list(private.iterdir()) == []
