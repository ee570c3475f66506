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
