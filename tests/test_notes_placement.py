"""Lecturer's notes sit on their slide (issue #37: notes arrived one slide late).

A slideshow shows a lecturer's note beside the slide it sits on, and every
cell of a slide is on the screen while the lecturer reads it.  So a note that
asks the room for something *before* the room sees it — a prediction, a hand
computation, a game on paper — must sit on the slide *before* the one that
shows it.  The rule, checked from the notebook structure alone:

1. Such a note says so in one fixed wording, "before the next slide …"
   (not "before showing the steps" or "before running the cell": those
   wordings cannot tell where the thing is, and were once placed after it).
2. It is the last cell of its (sub)slide, so that the slide break that
   follows it is the reveal.
3. A next (sub)slide with something on it follows: the thing the room was
   asked about (a cell's output, a picture or a table).

Every lesson is checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

HERE = Path(__file__).parent.parent / "notebooks"
LESSONS = sorted(HERE.glob("[0-9][0-9]-*.ipynb"))

#: Wordings of a note that asks for something before the room sees it.
BEFORE = re.compile(
    r"before (?:showing|running|printing|revealing|the reveal|the cell|the figure|the spider|"
    r"the formula|the slide|the next|any code|anything runs|the number)|\*before\* the",
    re.IGNORECASE)
FIXED = "before the next slide"


def _slide_type(cell) -> str:
    return cell.metadata.get("slideshow", {}).get("slide_type", "-")


def _slides(cells) -> list[int]:
    """The number of the (sub)slide each cell is on."""
    number, out = -1, []
    for cell in cells:
        if _slide_type(cell) in ("slide", "subslide"):
            number += 1
        out.append(number)
    return out


def _is_notes(cell) -> bool:
    return cell.cell_type == "markdown" and _slide_type(cell) == "notes"


def _shown(cell) -> bool:
    return not _is_notes(cell) and _slide_type(cell) != "skip"


def before_notes(path) -> list[int]:
    cells = nbformat.read(path, as_version=4).cells
    return [i for i, c in enumerate(cells)
            if _is_notes(c) and BEFORE.search(re.sub(r"\s+", " ", c.source))]


def placement_problems(path) -> list[str]:
    cells = nbformat.read(path, as_version=4).cells
    slide_of = _slides(cells)
    problems = []
    for i in before_notes(path):
        text = re.sub(r"\s+", " ", cells[i].source)
        if FIXED not in text.lower():
            problems.append(f"cell {i}: a 'before' note must say '{FIXED} …'")
            continue
        later = [j for j in range(i + 1, len(cells)) if not _is_notes(cells[j])
                 and _slide_type(cells[j]) != "skip"]
        if later and slide_of[later[0]] == slide_of[i]:
            problems.append(f"cell {i}: the note is not the last cell of its slide "
                            f"(cell {later[0]} follows it on the same slide)")
            continue
        nxt = slide_of[i] + 1
        if not any(_shown(cells[j]) for j in range(len(cells)) if slide_of[j] == nxt):
            problems.append(f"cell {i}: no slide follows it to show what it asks about")
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_notes_that_ask_before_a_reveal_sit_on_the_slide_before_it(path):
    assert placement_problems(path) == []


def test_the_rule_catches_the_reported_cases(tmp_path):
    """05 slides 24/25: "Before showing the steps, ask the room …" sat after the steps."""
    nb = nbformat.v4.new_notebook()

    def md(text, kind):
        cell = nbformat.v4.new_markdown_cell(text)
        cell.metadata["slideshow"] = {"slide_type": kind}
        return cell

    def code(text):
        cell = nbformat.v4.new_code_cell(text)
        cell.metadata["slideshow"] = {"slide_type": "-"}
        return cell

    nb.cells = [md("## Steps", "slide"), code("draw_steps(h)"),
                md("Before showing the steps, ask the room which rule comes first.", "notes"),
                md("## Next", "slide"), code("1 + 1")]
    late = tmp_path / "late.ipynb"
    nbformat.write(nb, late)
    assert placement_problems(late) == ["cell 2: a 'before' note must say 'before the next "
                                        "slide …'"]
    nb.cells[2] = md("Ask the room which rule comes first before the next slide shows the "
                     "steps.", "notes")
    nbformat.write(nb, late)
    assert "not the last cell" not in " ".join(placement_problems(late))
    nb.cells[1], nb.cells[2] = nb.cells[2], nb.cells[1]      # note first, steps on its slide
    nbformat.write(nb, late)
    assert "not the last cell of its slide" in placement_problems(late)[0]
    nb.cells = [md("## Steps", "slide"),
                md("Ask the room which rule comes first before the next slide shows them.",
                   "notes"),
                md("The steps:", "subslide"), code("draw_steps(h)")]
    nbformat.write(nb, late)
    assert placement_problems(late) == []
