"""Every exercise of every lesson can be tried and checked.

The layout a student meets (the conventions of the lessons):

- a markdown cell opening with ``**Exercise NN.k.**`` that says what the
  answer must be;
- an *attempt* cell (tag ``attempt``) holding only a comment, to work in;
- a *solution* cell (tags ``solution``, ``hide-input``, ``hide-output``)
  whose source and outputs are collapsed in JupyterLab, whose first line
  (``# Solution``) gives nothing away, and which ends by calling
  ``check("NN.k", answer)``.

Each exercise has a checker in ``cgteach.exercises`` that accepts a right
answer computed by the package and rejects the wrong samples it lists.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from cgteach.exercises import Verdict, all_exercises, check, get

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]-*.ipynb"))
HEADING = re.compile(r"^\*\*Exercise (\d\d\.\d+)\.\*\*")


def _exercise_cells():
    """Yield (notebook, exercise id, markdown index, cells) for every exercise."""
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "markdown":
                continue
            match = HEADING.match(cell.source.lstrip())
            if match:
                yield path, match.group(1), i, nb.cells


EXERCISES = list(_exercise_cells())
IDS = [f"{path.stem[:2]}:{eid}" for path, eid, _, _ in EXERCISES]


def test_every_lesson_has_exercises():
    lessons = {path.stem[:2] for path, *_ in EXERCISES}
    assert lessons == {path.stem[:2] for path in NOTEBOOKS}


@pytest.mark.parametrize(("path", "eid", "index", "cells"), EXERCISES, ids=IDS)
def test_exercise_layout(path, eid, index, cells):
    assert eid.startswith(path.stem[:2] + "."), f"{eid} lives in lesson {path.stem[:2]}"
    attempt, solution = cells[index + 1], cells[index + 2]
    assert attempt.cell_type == "code" and "attempt" in attempt.metadata.get("tags", [])
    lines = [line for line in attempt.source.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].lstrip().startswith("#"), "one comment line to start from"
    tags = solution.metadata.get("tags", [])
    assert solution.cell_type == "code"
    # The classroom format (tests/test_notebooks_structure.py checks it in full): the
    # source stays hidden, the output is a closed <details> made by %%solution.
    assert {"solution", "hide-input"} <= set(tags) and "hide-output" not in tags
    hidden = solution.metadata.get("jupyter", {})
    assert hidden.get("source_hidden") is True and "outputs_hidden" not in hidden
    assert solution.source.splitlines()[0].strip() == "%%solution"
    assert solution.source.splitlines()[1].strip() == "# Solution"
    assert re.search(rf"""check\(\s*["']{re.escape(eid)}["']""", solution.source)
    # The stored output of the solution is the checker saying it is right.
    shown = "".join(
        out.get("text", "") + out.get("data", {}).get("text/plain", "")
        for out in solution.get("outputs", []))
    assert "✓ Right" in shown and "✗" not in shown
    get(eid)  # a checker exists


def test_every_checker_belongs_to_an_exercise_in_a_lesson():
    in_lessons = {eid for _, eid, _, _ in EXERCISES}
    registered = {ex.exercise_id for ex in all_exercises()}
    assert registered == in_lessons


@pytest.mark.parametrize("ex", all_exercises(), ids=lambda ex: ex.exercise_id)
def test_checker_accepts_the_solution_and_rejects_wrong_answers(ex):
    verdict = check(ex.exercise_id, ex.solution())
    assert isinstance(verdict, Verdict) and verdict.ok, str(verdict)
    assert str(verdict).startswith("✓ Right")
    assert ex.wrong, f"{ex.exercise_id} lists no wrong sample answer"
    for answer in ex.wrong:
        verdict = check(ex.exercise_id, answer)
        assert not verdict.ok, f"{ex.exercise_id} accepted the wrong answer {answer!r}"
        assert str(verdict).startswith("✗ Not yet.") and len(verdict.message) > 10


@pytest.mark.parametrize("ex", all_exercises(), ids=lambda ex: ex.exercise_id)
def test_checker_never_raises_on_nonsense(ex):
    for nonsense in (None, "forty-two", -1, 3.5, {}, object(), float("nan")):
        assert not check(ex.exercise_id, nonsense).ok


@pytest.mark.parametrize(
    ("bad", "error"),
    [("2.1", ValueError), ("02.99", ValueError), ("99.1", ValueError), (2.1, TypeError),
     (None, TypeError), ("", ValueError)],
)
def test_unknown_exercise_ids_are_clear_errors(bad, error):
    with pytest.raises(error, match="exercise"):
        check(bad, 0)
