"""Every writer of the package against places it must not harm.

Writers: every ``save`` (positions, the rulesets' boards, the editors), the
settings writer of :mod:`cgteach.present.live` and the lesson exports (those
have their own file, ``test_present_writers.py``, which this one extends with
the cases it lacks).  Each is tried against

* an existing folder holding someone's file,
* an existing file that is not the writer's own,
* standard output's descriptor (``1``, ``True``) and ``/dev/stdout``,
* a place nobody may write to (``/proc``: the tests may run as root, and
  root ignores file modes),

and must refuse with a ``ValueError``/``TypeError``, leave every byte where
it was, create nothing, and keep descriptor 1 open.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def snapshot(root: Path) -> dict:
    """Every path under ``root`` with its bytes (files) or None (folders), and its mode."""
    found = {}
    for p in sorted(root.rglob("*")):
        info = p.lstat()
        found[str(p.relative_to(root))] = (info.st_mode,
                                           p.read_bytes() if p.is_file() else None)
    return found


def _savers():
    from cgteach.hackenbush import examples
    from cgteach.hackendot import Hackendot
    from cgteach.rulesets.domineering import Domineering
    from cgteach.rulesets.toads_and_frogs import ToadsAndFrogs

    savers = {
        "Hackenbush.save": examples.house().save,
        "Hackendot.save": Hackendot.figure1().save,
        "Domineering.save": Domineering(["..", ".."]).save,
        "ToadsAndFrogs.save": ToadsAndFrogs("TT__FF").save,
    }
    try:
        from cgteach import widgets
    except ImportError:  # pragma: no cover - widgets need their optional dependencies
        return savers
    savers.update({
        "HackenbushEditor.save": widgets.HackenbushEditor(examples.house()).save,
        "HackendotEditor.save": widgets.HackendotEditor(Hackendot.figure1()).save,
        "DomineeringEditor.save": widgets.DomineeringEditor().save,
        "ClobberEditor.save": widgets.ClobberEditor().save,
    })
    return savers


SAVERS = _savers()


@pytest.fixture
def place(tmp_path):
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "essay.txt").write_text("a student's essay")
    (tmp_path / "notes.txt").write_text("my notes, not a position")
    (tmp_path / "lesson.ipynb").write_text(json.dumps({"cells": [], "nbformat": 4}))
    return tmp_path


@pytest.mark.parametrize("name", SAVERS, ids=list(SAVERS))
def test_a_save_harms_nothing_it_did_not_make(name, place):
    save = SAVERS[name]
    before = snapshot(place)
    for target in (place / "theirs", place / "notes.txt", place / "lesson.ipynb",
                   place / "theirs" / "essay.txt"):
        with pytest.raises(ValueError):
            save(target)
        with pytest.raises(ValueError):
            save(str(target))
        assert snapshot(place) == before, target
    for fd in (1, True, 0, 2):
        with pytest.raises(TypeError, match="path"):
            save(fd)
    for special in ("/dev/stdout", "/dev/null", "/proc/cgteach-position.json",
                    "/proc/self/fd/1"):
        with pytest.raises(ValueError):
            save(special)
    os.fstat(1)                                   # still open
    os.fstat(0)
    assert snapshot(place) == before
    # and its own file it replaces whole, leaving no temporary file behind
    save(place / "mine.json")
    save(place / "mine.json")
    assert sorted(p.name for p in place.iterdir()) == sorted(
        ["theirs", "notes.txt", "lesson.ipynb", "mine.json"])


# -- the settings writer (python -m cgteach.present settings) -------------------------


def test_install_settings_refuses_non_paths_and_places_it_cannot_write(place):
    from cgteach.present.live import install_settings

    before = snapshot(place)
    for fd in (1, True):
        with pytest.raises(TypeError, match="prefix"):
            install_settings(fd)
    # a file where a folder must be, itself or further up
    for prefix in (place / "notes.txt", place / "notes.txt" / "env", str(place / "notes.txt")):
        with pytest.raises(ValueError, match="prefix=.*notes.txt.* not a folder"):
            install_settings(prefix)
    assert snapshot(place) == before
    os.fstat(1)


def test_install_settings_in_a_read_only_place_makes_nothing():
    from cgteach.present.live import install_settings

    with pytest.raises(ValueError, match=r"prefix='/proc/cgteach-prefix': cannot write there"):
        install_settings("/proc/cgteach-prefix")
    assert not Path("/proc/cgteach-prefix").exists()


@pytest.mark.parametrize("blocked", ["share/jupyter", "share/jupyter/lab",
                                     "share/jupyter/labextensions"])
def test_install_settings_stops_at_a_file_inside_the_environment(blocked, tmp_path):
    # someone's file where a folder must be: refused before anything is copied
    from cgteach.present.live import install_settings

    (tmp_path / blocked).parent.mkdir(parents=True)
    (tmp_path / blocked).write_text("keep")
    before = snapshot(tmp_path)
    with pytest.raises(ValueError, match=f"prefix=.* holds .*{blocked}', which is not a folder"):
        install_settings(tmp_path)
    assert snapshot(tmp_path) == before


# -- the lesson exports: the cases test_present_writers.py lacks ----------------------


@pytest.mark.parametrize("readers", [10**5000, [[]], None, ["student", 3], "lecturer",
                                     [b"student"]],
                         ids=["huge", "nested", "none", "mixed", "text", "bytes"])
def test_handout_readers_are_checked_plainly(readers, tmp_path):
    from cgteach.present import write_handouts

    with pytest.raises(ValueError, match="readers") as caught:
        write_handouts(tmp_path, tmp_path / "out", readers=readers)
    assert "Exceeds the limit" not in str(caught.value)
    assert not (tmp_path / "out").exists()


def test_a_bad_out_is_refused_before_the_lessons_are_read(tmp_path):
    # a lesson that would take long to read (or fail) is never opened when out is wrong
    from cgteach.present import build_site, export_slides, write_handouts
    from cgteach.present.site import write_sources

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-bad.ipynb").write_text("not a notebook")
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "essay.txt").write_text("keep")
    for write in (lambda o: export_slides(lessons, o, quiet=True),
                  lambda o: build_site(lessons, o, quiet=True),
                  lambda o: write_handouts(lessons, o, quiet=True),
                  lambda o: write_sources(lessons, o)):
        with pytest.raises(ValueError, match="out=|src=") as caught:
            write(tmp_path / "theirs")
        assert "01-bad" not in str(caught.value)
    assert (tmp_path / "theirs" / "essay.txt").read_text() == "keep"


BAD_WORDS = ("maximum recursion", "not iterable", "has no attribute", "object is not",
             "codec can't decode", "Exceeds the limit")

MALFORMED = {
    "deep nesting": b"[" * 100_000,
    "cells not a list": json.dumps({"cells": 5, "metadata": {}, "nbformat": 4,
                                    "nbformat_minor": 5}).encode(),
    "a list": b"[1, 2]",
    "binary": bytes(range(256)),
    "cell not an object": json.dumps({"cells": [5], "metadata": {}, "nbformat": 4,
                                      "nbformat_minor": 5}).encode(),
}


@pytest.mark.parametrize("name", MALFORMED, ids=list(MALFORMED))
def test_a_malformed_lesson_is_named_in_plain_words(name, tmp_path):
    from cgteach.present._safe import read_notebook

    path = tmp_path / "01-bad.ipynb"
    path.write_bytes(MALFORMED[name])
    with pytest.raises(ValueError, match="01-bad.ipynb") as caught:
        read_notebook(path)
    message = str(caught.value)
    assert not [w for w in BAD_WORDS if w in message], message


def test_read_notebook_refuses_what_is_not_a_file(tmp_path):
    from cgteach.present._safe import read_notebook

    fifo = tmp_path / "pipe.ipynb"
    os.mkfifo(fifo)
    for bad in (fifo, tmp_path, "/dev/zero", tmp_path / "missing.ipynb"):
        with pytest.raises(ValueError, match="regular file|readable"):
            read_notebook(bad)
    for bad in (0, 1, True, None, b"x.ipynb"):
        with pytest.raises(TypeError, match="path"):
            read_notebook(bad)
    os.fstat(0)
    os.fstat(1)
