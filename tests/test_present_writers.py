"""No writer in cgteach.present deletes, overwrites or closes anything it did not make.

Each writer is tried against an existing folder holding someone's file, a file,
stdout's descriptor, a read-only place and a malformed lesson; every attempt
must fail with a ValueError/TypeError naming the argument, and leave every
byte, every folder and the descriptor as they were.  The command line prints
one line (no traceback) for a bad ``--notebooks`` or ``--out``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from cgteach.present import build_site, export_slides, write_handouts
from cgteach.present._safe import MARKER, staged
from cgteach.present.site import write_sources

ROOT = Path(__file__).resolve().parents[1]
LESSON = sorted((ROOT / "notebooks").glob("*.ipynb"))[0]

WRITERS = {
    "export_slides": lambda nbs, out: export_slides(nbs, out, quiet=True),
    "build_site": lambda nbs, out: build_site(nbs, out, quiet=True),
    "build_site(src=)": lambda nbs, out: build_site(nbs, "/tmp/cgteach-never-made", src=out,
                                                    quiet=True),
    "write_sources": lambda nbs, out: write_sources(nbs, out),
    "write_handouts": lambda nbs, out: write_handouts(nbs, out, quiet=True),
}


def snapshot(root: Path) -> dict:
    """Every path under ``root`` with its bytes (files) or None (folders)."""
    return {str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*"))}


@pytest.fixture
def place(tmp_path):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / LESSON.name).write_bytes(LESSON.read_bytes())
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / "essay.txt").write_text("a student's essay")
    (tmp_path / "a-file.html").write_text("<p>keep</p>")
    return tmp_path


@pytest.mark.parametrize("writer", WRITERS, ids=list(WRITERS))
def test_a_writer_refuses_what_it_did_not_make_and_changes_nothing(writer, place):
    write = WRITERS[writer]
    lessons = place / "lessons"
    before = snapshot(place)
    for target in (place / "theirs", place / "a-file.html"):
        with pytest.raises(ValueError, match="out=|src="):
            write(lessons, target)
        assert snapshot(place) == before, (writer, target)
    # stdout's descriptor is not a path: refused before anything is opened or closed
    for fd in (1, True):
        with pytest.raises(TypeError, match="out|src"):
            write(lessons, fd)
    os.fstat(1)                       # still open
    # a place nobody may write to (root ignores file modes, so /proc stands in)
    with pytest.raises(ValueError, match="cannot write"):
        write(lessons, Path("/proc/cgteach-out"))
    # a missing lessons folder, next to an existing folder: nothing is removed
    with pytest.raises(ValueError, match="notebooks"):
        write(place / "no-such-folder", place / "theirs")
    assert snapshot(place) == before, writer
    assert not [p for p in place.iterdir() if p.name.startswith(".")], "no leftovers"


def test_build_site_never_deletes_the_src_folder_it_was_given(place):
    before = snapshot(place)
    with pytest.raises(ValueError):
        build_site("/nonexistent", place / "site", src=place / "theirs", quiet=True)
    assert snapshot(place) == before


def test_staged_replaces_only_a_folder_it_made(tmp_path):
    out = tmp_path / "out"
    with staged(out) as tmp:
        (tmp / "a.txt").write_text("1")
    assert (out / MARKER).exists() and (out / "a.txt").read_text() == "1"
    with staged(out) as tmp:
        (tmp / "b.txt").write_text("2")
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "b.txt"]
    with pytest.raises(RuntimeError), staged(out) as tmp:     # a failed build
        (tmp / "c.txt").write_text("3")
        raise RuntimeError("sphinx failed")
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "b.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    (tmp_path / "empty").mkdir()
    with staged(tmp_path / "empty") as tmp:
        pass
    assert (tmp_path / "empty" / MARKER).exists()


MALFORMED = {
    "not json": b"this is not a notebook",
    "binary": bytes(range(256)) * 4,
    "cells not a list": json.dumps({"cells": 5, "metadata": {}, "nbformat": 4,
                                    "nbformat_minor": 5}).encode(),
    "no nbformat": json.dumps({"cells": []}).encode(),
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "source not text": json.dumps({"cells": [{"cell_type": "markdown", "metadata": {},
                                              "source": 5}], "metadata": {}, "nbformat": 4,
                                   "nbformat_minor": 5}).encode(),
    "empty": b"",
}


@pytest.mark.parametrize("name", MALFORMED, ids=list(MALFORMED))
def test_a_malformed_lesson_is_a_value_error_naming_the_file(name, tmp_path):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-bad.ipynb").write_bytes(MALFORMED[name])
    for writer in ("export_slides", "build_site", "write_handouts"):
        with pytest.raises(ValueError, match="01-bad.ipynb"):
            WRITERS[writer](lessons, tmp_path / "out")
        assert not (tmp_path / "out").exists()


def test_a_folder_named_like_a_lesson_and_bad_lists_are_refused(tmp_path):
    (tmp_path / "x.ipynb").mkdir()
    with pytest.raises(ValueError, match="no notebooks"):
        export_slides(tmp_path, tmp_path / "out", quiet=True)
    with pytest.raises(ValueError, match="not a notebook file"):
        export_slides([tmp_path / "x.ipynb"], tmp_path / "out", quiet=True)
    with pytest.raises(TypeError, match="notebooks"):
        export_slides(3, tmp_path / "out", quiet=True)
    with pytest.raises(ValueError, match="readers"):
        write_handouts(tmp_path, tmp_path / "out", readers="student")


@pytest.mark.parametrize("args", [
    ["slides", "--notebooks", "/nonexistent"],
    ["site", "--notebooks", "/nonexistent"],
    ["handouts", "--notebooks", "/nonexistent"],
    ["slides", "--out", "THEIRS"],
    ["site", "--out", "A-FILE"],
    ["slides", "--out", "/proc/cgteach-out"],
], ids=lambda a: " ".join(a))
def test_the_command_line_prints_one_line_for_a_bad_argument(args, place):
    args = [str(place / "theirs") if a == "THEIRS" else str(place / "a-file.html")
            if a == "A-FILE" else a for a in args]
    if "--notebooks" not in args:
        args += ["--notebooks", str(place / "lessons")]
    before = snapshot(place)
    done = subprocess.run([sys.executable, "-m", "cgteach.present", *args], cwd=place,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "error:" in lines[0] and "Traceback" not in done.stderr, lines
    assert snapshot(place) == before


def test_nbformat_itself_reads_the_lessons():
    """The lessons the writers read are valid notebooks (a sanity check on the fixture)."""
    nbformat.validate(nbformat.read(LESSON, as_version=4))
