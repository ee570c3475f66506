"""The lessons as files: executed, portable, and linked into one series.

nbval checks what the cells print; these tests check what nbval cannot see:
every code cell was executed (an unexecuted cell is silently not compared),
the kernel is ``python3``, no widget state is saved, nbval markers are cell
tags rather than visible comments, stored outputs show no object reprs, and
each lesson says where it sits in the series and links to the next.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

HERE = Path(__file__).parent.parent / "notebooks"
NOTEBOOKS = sorted(HERE.glob("[0-9][0-9]-*.ipynb"))
LINK = re.compile(r"\]\((\d\d-[a-z0-9-]+\.ipynb)\)")


def _read(path):
    return nbformat.read(path, as_version=4)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_saved_executed_with_python3_and_no_widget_state(path):
    nb = _read(path)
    assert nb.metadata["kernelspec"]["name"] == "python3"
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
