"""The classroom: folded solutions (``%%solution``) and the student's working copy.

The browser test (``tests/browser/test_classroom_browser.py``) checks both in
a real JupyterLab; these check the pieces directly: what a solution cell
displays, and what ``make lab``'s copy step writes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from cgteach.classroom import copy_lessons, fresh_copy, kernel_metadata
from cgteach.exercises.solutions import SUMMARY, render, run_solution

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


# -- %%solution --------------------------------------------------------------------------

class _Published:
    def __init__(self):
        self.outputs = []

    def publish(self, data, metadata=None, **kwargs):
        self.outputs.append(data)

    def clear_output(self, wait=False):
        self.outputs.clear()


@pytest.fixture()
def shell():
    from IPython.core.interactiveshell import InteractiveShell

    sh = InteractiveShell.instance()
    saved = sh.display_pub
    sh.display_pub = _Published()
    sh.user_ns.pop("x", None)
    yield sh
    sh.display_pub = saved


def test_a_solution_shows_one_closed_block_with_its_code_and_outputs(shell):
    run_solution('# Solution\nx = 6 * 7\nprint("x is", x)\nx + 1\n', shell)
    (data,) = shell.display_pub.outputs
    html, text = data["text/html"], data["text/plain"]
    assert html.startswith(f'<details class="cg-solution"><summary>{SUMMARY}</summary>')
    assert "<details class=\"cg-solution\" open" not in html and html.endswith("</details>")
    assert text == "x is 42\n43"                     # printed text, then the last value
    assert html.index("x is 42") < html.index("43</pre>")
    assert "print" in html and "# Solution" in html  # the code is inside the block
    assert shell.user_ns["x"] == 42                   # later cells see what it defined


def test_a_solution_ending_in_a_semicolon_or_a_statement_shows_no_value(shell):
    run_solution("x = 1\nx;", shell)
    run_solution("x = 2", shell)
    assert [d["text/plain"] for d in shell.display_pub.outputs] == ["", ""]


def test_a_figure_is_drawn_inside_the_block(shell):
    run_solution("from IPython.display import display, Image\n"
                 "display({'image/png': 'iVBORw0KGgo=', 'text/plain': '<Figure>'}, raw=True)\n"
                 "'done'", shell)
    (data,) = shell.display_pub.outputs
    assert '<img src="data:image/png;base64,iVBORw0KGgo="' in data["text/html"]
    assert data["text/plain"] == "<Figure>\n'done'"


def test_a_failing_solution_shows_what_ran_then_raises(shell):
    with pytest.raises(ZeroDivisionError):
        run_solution("print('before')\n1 / 0", shell)
    (data,) = shell.display_pub.outputs
    assert data["text/plain"] == "before"


def test_the_magic_is_registered_by_load_ext(shell):
    shell.run_line_magic("load_ext", "cgteach.exercises.solutions")
    assert "solution" in shell.magics_manager.magics["cell"]


def test_render_escapes_text():
    html, text = render("print('<b>')", [{"text/plain": "<b>\n"}])
    assert "<pre>&lt;b&gt;</pre>" in html and text == "<b>"


# -- the working copy --------------------------------------------------------------------

def test_the_copy_is_made_once_never_overwritten_and_gets_new_lessons(tmp_path):
    src, dst = tmp_path / "notebooks", tmp_path / "my-lessons"
    src.mkdir()
    for p in LESSONS[:2]:
        shutil.copy(p, src)
    assert [p.name for p in copy_lessons(src, dst)] == [p.name for p in LESSONS[:2]]
    mine = dst / LESSONS[0].name
    mine.write_text(mine.read_text().replace("Welcome", "My welcome"))
    shutil.copy(LESSONS[2], src)                      # a lesson added upstream
    assert [p.name for p in copy_lessons(src, dst)] == [LESSONS[2].name]
    assert "My welcome" in mine.read_text()           # the student's file is untouched
    assert copy_lessons(src, dst) == []


def test_a_copied_lesson_carries_this_machines_kernel_metadata(tmp_path):
    (copied,) = copy_lessons(_one(tmp_path, LESSONS[1]), tmp_path / "copy")
    nb = nbformat.read(copied, as_version=4)
    assert {k: nb.metadata[k] for k in ("kernelspec", "language_info")} == kernel_metadata()
    original = nbformat.read(LESSONS[1], as_version=4)
    assert nb.cells == original.cells
    # written as the Jupyter server writes (so a save without edits changes nothing)
    assert copied.read_text(encoding="utf-8") == nbformat.writes(nb) + "\n"


def test_fresh_copy_keeps_the_old_one(tmp_path):
    src = _one(tmp_path, LESSONS[2])
    dst = tmp_path / "copy"
    copy_lessons(src, dst)
    (dst / LESSONS[2].name).write_text("{}")
    new, old = fresh_copy(src, dst, LESSONS[2].stem[:2])
    assert old.parent == dst / "replaced" and old.read_text() == "{}"
    assert json.loads(new.read_text())["cells"]
    with pytest.raises(ValueError, match="lesson must name one lesson"):
        fresh_copy(src, dst, "99")


def _one(tmp_path, lesson) -> Path:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    shutil.copy(lesson, src)
    return src


@pytest.mark.skipif(not shutil.which("make"), reason="make is not installed")
def test_make_fresh_names_the_lesson(tmp_path):
    import sys

    stamp = Path(sys.prefix) / ".cgteach-installed"
    if not stamp.exists() or stamp.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        pytest.skip("the environment is older than pyproject.toml (make would install)")
    out = subprocess.run(["make", "-s", "-C", str(ROOT), "fresh", f"PYTHON={sys.executable}",
                          f"VENV={sys.prefix}", f"MY_LESSONS={tmp_path}", "LESSON=42"],
                         capture_output=True, text=True)
    assert out.returncode != 0 and re.search(r"lesson must name one lesson", out.stderr)


# -- the working copy against places it must not harm ------------------------------------


@pytest.mark.parametrize("dst", ["/etc/passwd", "/proc/cgteach-x", "/dev/stdout",
                                 "/etc/passwd/x", "FILE", "FILE/sub"])
def test_the_command_refuses_a_bad_destination_in_one_line(dst, tmp_path):
    import sys

    src = _one(tmp_path, LESSONS[0])
    (tmp_path / "keep.txt").write_text("keep")
    dst = dst.replace("FILE", str(tmp_path / "keep.txt"))
    watched = Path("/etc/passwd")
    before = watched.read_bytes()
    for extra in ([], ["--fresh", LESSONS[0].stem[:2]]):
        out = subprocess.run([sys.executable, "-m", "cgteach.classroom", str(src), dst, *extra],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 2, out.stderr
        assert out.stdout == ""
        assert "Traceback" not in out.stderr and out.stderr.count("\n") == 1, out.stderr
        assert re.match(r"python -m cgteach\.classroom: dst='[^']*'[: ]", out.stderr), out.stderr
    assert watched.read_bytes() == before
    assert (tmp_path / "keep.txt").read_text() == "keep"
    assert not Path("/proc/cgteach-x").exists()


def test_the_functions_check_their_arguments(tmp_path):
    src = _one(tmp_path, LESSONS[0])
    for bad, name in [((1, tmp_path / "d"), "src"), ((src, True), "dst"), ((src, 3.0), "dst")]:
        with pytest.raises(TypeError, match=f"^{name} must be a folder path"):
            copy_lessons(*bad)
        with pytest.raises(TypeError, match=f"^{name} must be a folder path"):
            fresh_copy(*bad, "00")
    with pytest.raises(ValueError, match="^dst must be a non-empty folder path"):
        copy_lessons(src, "")
    with pytest.raises(TypeError, match="^lesson must be a text"):
        fresh_copy(src, tmp_path / "d", 0)
    for lesson in ["../*", "*", "0?", "/etc/x", "00\0"]:
        with pytest.raises(ValueError, match="^lesson must name one lesson"):
            fresh_copy(src, tmp_path / "d", lesson)
    (tmp_path / "file").write_text("keep")
    with pytest.raises(ValueError, match="^dst=.*file.* exists and is not a folder"):
        copy_lessons(src, tmp_path / "file")
    assert not (tmp_path / "d").exists() and (tmp_path / "file").read_text() == "keep"


def test_someone_elses_names_in_the_copy_are_never_followed_or_moved(tmp_path):
    src = _one(tmp_path, LESSONS[0])
    dst = tmp_path / "copy"
    dst.mkdir()
    # a dangling link with a lesson's name: not written through, not replaced
    (dst / LESSONS[0].name).symlink_to(tmp_path / "elsewhere.ipynb")
    assert copy_lessons(src, dst) == []
    assert not (tmp_path / "elsewhere.ipynb").exists()
    with pytest.raises(ValueError, match="is not a file: move it away"):
        fresh_copy(src, dst, LESSONS[0].stem[:2])
    assert (dst / LESSONS[0].name).is_symlink() and not (dst / "replaced").exists()
    # a folder with a lesson's name: left where it is
    (dst / LESSONS[0].name).unlink()
    (dst / LESSONS[0].name).mkdir()
    with pytest.raises(ValueError, match="is not a file: move it away"):
        fresh_copy(src, dst, LESSONS[0].stem[:2])
    assert (dst / LESSONS[0].name).is_dir()


def test_a_copy_that_fails_half_way_leaves_no_half_file(tmp_path, monkeypatch):
    import cgteach.classroom as classroom

    src = _one(tmp_path, LESSONS[0])
    (src / "notes.txt").write_text("x" * 1000)
    dst = tmp_path / "copy"
    real_open = open

    class Full:
        def __init__(self, f):
            self.f = f

        def write(self, data):
            self.f.write(data[:10])
            raise OSError(28, "No space left on device")

        def close(self):
            self.f.close()

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    def full_open(path, mode="r", *args, **kwargs):
        f = real_open(path, mode, *args, **kwargs)
        return Full(f) if "x" in mode else f

    monkeypatch.setattr(classroom, "open", full_open, raising=False)
    with pytest.raises(ValueError, match=r"^dst=.*: cannot copy .* \(No space left on device\)"):
        copy_lessons(src, dst)
    assert list(dst.iterdir()) == []
    monkeypatch.undo()
    assert sorted(p.name for p in copy_lessons(src, dst)) == sorted([LESSONS[0].name,
                                                                      "notes.txt"])
