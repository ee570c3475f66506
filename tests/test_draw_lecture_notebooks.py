"""Every figure of every lesson, in lecture mode and in normal mode: no text collides.

Each lesson's code cells run in a fresh Python process (an IPython shell, no kernel,
forked from a server that has imported matplotlib and IPython once, see
``tests/figure_audit.py``)
with lecture mode on or off; every figure is audited when it is shown,
saved (a position's picture, a solution's figures) or left open at the end
of a cell (see ``tests/figure_audit.py``): no two text boxes may intersect
and no text may cover a node it does not name.  Because the lessons
themselves are run, the list of figures is the lessons' own, whatever
drawing calls they make.

These runs take a few seconds of CPU per lesson; they run one lesson per test so
that ``-k`` can pick one, and so that parallel workers can share them out.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

#: Each test runs a lesson in a process of its own: pytest-xdist may hand them out one
#: by one (see tests/conftest.py); each worker starts one audit server.
XDIST_SPREAD = True

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


@pytest.fixture(scope="session")
def audit_server():
    """``python -m tests.figure_audit --serve``: one per worker, a fresh child per lesson run.

    Returns ``run(notebook, mode, out)``: the child's exit status and standard error."""
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.figure_audit", "--serve"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )

    def run(notebook, mode, out):
        server.stdin.write(f"{notebook}\t{mode}\t{out}\n")
        server.stdin.flush()
        status = server.stdout.readline().strip()
        err = Path(f"{out}.stderr")
        return status, err.read_text(errors="replace") if err.exists() else "(no stderr)"

    yield run
    server.stdin.close()
    server.wait(timeout=60)


@pytest.mark.parametrize("mode", ["lecture", "normal"])
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem[:2] for p in NOTEBOOKS])
def test_no_text_collides_in_any_lesson_figure(notebook, mode, tmp_path, audit_server):
    out = tmp_path / "report.json"
    status, stderr = audit_server(notebook, mode, out)    # the server's timeout: 900 s
    assert status == "0", stderr[-3000:]
    report = json.loads(out.read_text())
    assert report["lecture"] is (mode == "lecture")
    assert not report["errors"], report["errors"]
    assert not report["problems"], "\n".join(report["problems"])


def test_the_audit_sees_every_figure_a_lesson_draws():
    """Lesson 05 draws its figures with plt.show and shows positions as pictures."""
    from tests.figure_audit import run_notebook  # noqa: F401 - importable without a kernel

    sources = [json.loads(p.read_text()) for p in NOTEBOOKS]
    shows = sum("plt.show()" in "".join(c["source"]) for nb in sources for c in nb["cells"]
                if c["cell_type"] == "code")
    assert shows > 30   # the audit hooks plt.show, savefig and the end of every cell


def test_the_audit_finds_a_collision():
    """The check can fail: two texts on top of each other, a text on a node."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tests.figure_audit import audit

    fig, ax = plt.subplots()
    ax.scatter([0.5], [0.5], s=400)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.text(0.2, 0.2, "13", fontsize=20)
    ax.text(0.22, 0.2, "15", fontsize=20)
    ax.text(0.47, 0.47, "14", fontsize=20)   # off its centre: not the node's own name
    problems = audit(fig)
    plt.close(fig)
    assert any("'13' overlaps text '15'" in p for p in problems)
    assert any("'14' covers a node" in p for p in problems)
