"""The lessons as files: executed, portable, and linked into one series.

nbval checks what the cells print; these tests check what nbval cannot see:
every code cell was executed (an unexecuted cell is silently not compared),
the kernel is ``python3``, no widget state is saved, nbval markers are cell
tags rather than visible comments, stored outputs show no object reprs, and
each lesson says where it sits in the series and links to the next.

They also check the classroom format (issue 29): answers and lecturer's
notes are closed ``<details>`` blocks, which stay closed when a student
runs every cell and saves; :func:`classroom_problems` is what the browser
test applies to a lesson saved by JupyterLab after Run All.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

HERE = Path(__file__).parent.parent / "notebooks"
NOTEBOOKS = sorted(HERE.glob("[0-9][0-9]-*.ipynb"))
LINK = re.compile(r"\]\((\d\d-[a-z0-9-]+\.ipynb)\)")
#: The kernelspec exactly as JupyterLab writes it: opening a lesson must not mark it modified.
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
NOTES = re.compile(r'<details class="cg-notes">\n<summary>Lecturer\'s notes</summary>\n\n'
                   r"(?P<body>.*\S.*)\n\n</details>", re.DOTALL)
SOLUTION_HTML = '<details class="cg-solution"><summary>Show the solution</summary>'
LOAD = "%load_ext cgteach.exercises.solutions"


def _read(path):
    return nbformat.read(path, as_version=4)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_saved_executed_with_python3_and_no_widget_state(path):
    nb = _read(path)
    assert nb.metadata["kernelspec"] == KERNELSPEC
    assert "widgets" not in nb.metadata
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "execute the notebook before saving"
    counts = [c.execution_count for c in code]
    assert counts == list(range(1, len(code) + 1)), "run top to bottom once in a fresh kernel"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_markers_are_tags_and_outputs_show_no_object_reprs(path):
    nb = _read(path)
    for cell in nb.cells:
        assert "NBVAL_" not in cell.source, "use the nbval-ignore-output / raises-exception tags"
        for out in cell.get("outputs", []):
            text = out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
            assert not re.search(r"object at 0x|children=\(|<cgteach\.", text), text[:200]
            if out.get("output_type") == "error":
                assert "raises-exception" in cell.metadata.get("tags", [])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_each_lesson_opens_with_its_place_and_ends_with_the_next(path):
    nb = _read(path)
    names = [p.name for p in NOTEBOOKS]
    here = names.index(path.name)
    first = nb.cells[0].source
    assert first.startswith("# ")
    nav = [line for line in first.splitlines() if f"Lesson {here} of {len(NOTEBOOKS)}" in line]
    assert len(nav) == 1, "one line under the title says where the lesson sits"
    links = LINK.findall(nav[0])
    expected = names[max(here - 1, 0):here] + names[here + 1:here + 2]
    assert links == expected, f"the title cell should link to {expected}, links to {links}"
    last = nb.cells[-1]
    if here + 1 < len(names):
        assert last.cell_type == "markdown" and last.source.startswith("**Next:**")
        assert names[here + 1] in LINK.findall(last.source)


def test_the_welcome_table_links_to_every_lesson():
    nb = _read(NOTEBOOKS[0])
    linked = {name for cell in nb.cells if cell.cell_type == "markdown"
              for name in LINK.findall(cell.source)}
    assert {p.name for p in NOTEBOOKS[1:]} <= linked


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def classroom_problems(nb) -> list[str]:
    """What is wrong with ``nb``'s classroom format (``[]`` when nothing is).

    Holds for a lesson as committed and for one a student ran and saved:
    notes are closed ``<details class="cg-notes">`` blocks (no hidden source,
    whose un-hiding on Run All opened them), and a solution's source is hidden
    and starts with ``%%solution``, whose one output is a closed
    ``<details class="cg-solution">`` block (no collapsed-output flag, which
    JupyterLab resets when the cell runs).
    """
    problems = []
    if nb.metadata.get("kernelspec") != KERNELSPEC:
        problems.append(f"kernelspec is {nb.metadata.get('kernelspec')}, not {KERNELSPEC}")
    loaded = False
    for i, cell in enumerate(nb.cells):
        tags = cell.metadata.get("tags", [])
        jupyter = cell.metadata.get("jupyter", {})
        where = f"cell {i}"
        if cell.cell_type == "code" and LOAD in cell.source.splitlines():
            loaded = True
        if "notes" in tags:
            if cell.cell_type != "markdown":
                problems.append(f"{where}: a notes cell is markdown")
                continue
            if cell.metadata.get("slideshow", {}).get("slide_type") != "notes":
                problems.append(f"{where}: a notes cell has slide type 'notes'")
            if jupyter.get("source_hidden"):
                problems.append(f"{where}: notes must not hide their source (Run All shows it)")
            match = NOTES.fullmatch(cell.source)
            if not match:
                problems.append(f"{where}: notes are not a closed cg-notes block: "
                                f"{cell.source[:60]!r}")
            elif match["body"].lstrip().startswith("**Lecturer"):
                problems.append(f"{where}: the summary already says Lecturer's notes")
        if "solution" in tags:
            if cell.cell_type != "code":
                problems.append(f"{where}: a solution is a code cell")
                continue
            if not loaded:
                problems.append(f"{where}: no code cell before it runs {LOAD!r}")
            if jupyter.get("source_hidden") is not True:
                problems.append(f"{where}: a solution's source is hidden")
            if "outputs_hidden" in jupyter or "collapsed" in cell.metadata or (
                    "hide-output" in tags):
                problems.append(f"{where}: a solution's output is not collapsed (its "
                                "<details> block is closed instead)")
            if cell.source.split("\n", 1)[0].strip() != "%%solution":
                problems.append(f"{where}: a solution starts with %%solution")
            outputs = cell.get("outputs", [])
            if cell.execution_count is None and not outputs:
                continue
            data = outputs[0].get("data", {}) if len(outputs) == 1 else {}
            html, text = _joined(data.get("text/html", "")), _joined(data.get("text/plain", ""))
            if not (outputs and outputs[0].get("output_type") == "display_data"
                    and html.startswith(SOLUTION_HTML) and html.rstrip().endswith("</details>")
                    and text.strip()):
                problems.append(f"{where}: a solution's output is one closed cg-solution block "
                                f"and its text, not {[o.get('output_type') for o in outputs]}")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_answers_and_notes_are_closed_blocks(path):
    nb = _read(path)
    assert any("solution" in c.metadata.get("tags", []) for c in nb.cells)
    assert any("notes" in c.metadata.get("tags", []) for c in nb.cells)
    assert classroom_problems(nb) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_solution_output_gives_the_verdict_to_nbval(path):
    for cell in _read(path).cells:
        if "solution" in cell.metadata.get("tags", []):
            (out,) = cell.outputs
            assert "✓ Right" in _joined(out.data["text/plain"])
            html = _joined(out.data["text/html"])
            assert "✓ Right" in html and "<details class=\"cg-solution\" open" not in html


def test_a_student_run_keeps_the_format():
    """A lesson as a student leaves it — every cell run again, in another order, and
    saved — still hides its answers: the checks look at tags and blocks, not counts."""
    nb = _read(NOTEBOOKS[2])
    for n, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
        cell.execution_count = 100 - n
    assert classroom_problems(nb) == []
    broken = _read(NOTEBOOKS[2])
    sol = next(c for c in broken.cells if "solution" in c.metadata.get("tags", []))
    sol.metadata["jupyter"] = {"source_hidden": False}
    note = next(c for c in broken.cells if "notes" in c.metadata.get("tags", []))
    note.source = "**Lecturer's notes.** " + note.source
    note.metadata["jupyter"] = {"source_hidden": True}
    assert len(classroom_problems(broken)) == 3
