"""Lecturer's notes sit on their slide (notes once arrived one slide late).

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

And the converse: a note never asks the room for, or asks the lecturer to do by
hand, what the audience has already seen.

4. A note that asks (the room, pairs, someone) or has something done by hand or on
   the board ("Ask …", "Do … by hand", "Let them check …"), and that names a thing
   — a position in code (``spider(2, 2)``, `` `xoxxxo` ``, `` `{3 | −1}` ``), an
   edge or a node by number — must not name one that a cell on an *earlier* slide
   already showed (in its text, code or printed output): the room has seen it.
   (A question *why* a shown thing is so, one that says "before the next slide" or
   "no cell shows it", or a sentence saying the room has "already shown" it and not to
   redo it, is not such a question.)
5. A note about the editor ("build … in the editor", the editor's prompts) sits on
   the slide that shows the editor (the cell that makes a ``…Editor(…)``), not on
   a later one: the lecturer reads it while the editor is on the screen.

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


#: A note's sentence that asks the room, or has something done by hand or on the board.
ASKS = re.compile(r"\bask\b|by hand|on paper|\bpredict|have the room|volunteers|"
                  r"let (?:them|the room|pairs|two students|students)|most of the room will say"
                  r"|\bdo\b", re.IGNORECASE)
#: ... unless it asks why, says where the thing is shown (not yet, or nowhere), or says
#: not to ask for it ("have already shown …; do not redo them by hand").
NOT_SEEN = re.compile(r"before the next slide|no cell shows|\bwhy\b|\bdo not\b|\bdon't\b|"
                      r"already (?:shown|showed|seen)", re.IGNORECASE)


def _plain(text: str) -> str:
    """Text compared without spaces, case, backslashes, and with − read as -."""
    return re.sub(r"\s+", "", text.replace("\u2212", "-").replace("\\", "")).lower()


def _named(sentence: str) -> set[str]:
    """The things a note's sentence names: code in backticks, calls, edges and nodes."""
    names = set(re.findall(r"`([^`]+)`", sentence))
    names |= set(re.findall(r"\b[A-Za-z_]\w*\([^()]*\)", sentence))
    names |= set(re.findall(r"\b(?:edge|node)s? \d+", sentence))
    return {n for n in names if len(_plain(n)) >= 3}


def _shows(cell) -> str:
    """What a cell puts on a slide: its text and its printed outputs."""
    text = cell.source
    for out in cell.get("outputs", []):
        text += "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
    return text


def _note_text(cell) -> str:
    text = re.sub(r"</?details[^>]*>|<summary>.*?</summary>", "", cell.source)
    return " ".join(text.split())


def seen_problems(path) -> list[str]:
    """Notes that ask for what an earlier slide showed (rule 4), and notes about the
    editor on a slide after the editor's (rule 5)."""
    cells = nbformat.read(path, as_version=4).cells
    slide_of = _slides(cells)
    editors = [slide_of[j] for j, c in enumerate(cells)
               if c.cell_type == "code" and re.search(r"\b\w+Editor\(", c.source)]
    problems = []
    for i, cell in enumerate(cells):
        if not _is_notes(cell):
            continue
        text = _note_text(cell)
        shown = [j for j in range(i) if _shown(cells[j]) and slide_of[j] < slide_of[i]]
        for sentence in re.split(r"(?<=[.!?;])\s+(?=[A-Z\"\u201c])", text):
            if not ASKS.search(sentence) or NOT_SEEN.search(sentence):
                continue
            for name in sorted(_named(sentence)):
                seen = [j for j in shown if _plain(name) in _plain(_shows(cells[j]))]
                if seen:
                    problems.append(
                        f"cell {i} (slide {slide_of[i] + 1}): the note asks about {name!r}, "
                        f"which slide {slide_of[seen[0]] + 1} (cell {seen[0]}) already "
                        f"showed: {sentence[:100]!r}")
        if re.search(r"\beditor\b", text, re.IGNORECASE) and editors:
            before = [s for s in editors if s <= slide_of[i]]
            if before and before[-1] != slide_of[i]:
                problems.append(f"cell {i} (slide {slide_of[i] + 1}): a note about the editor "
                                f"sits after the editor's slide {before[-1] + 1}")
    return problems


def placement_problems(path) -> list[str]:
    """Every rule (1–5) broken by the notes of the notebook at ``path``."""
    return order_problems(path) + seen_problems(path)


def order_problems(path) -> list[str]:
    """Rules 1–3: notes that ask before a reveal sit on the slide before it."""
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
    assert order_problems(path) == []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_notes_never_ask_for_what_the_room_has_seen(path):
    assert seen_problems(path) == []


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


def _deck(tmp_path, cells):
    """A notebook of ``cells``: (kind, text, slide type); its path."""
    nb = nbformat.v4.new_notebook()
    for kind, text, slide in cells:
        cell = (nbformat.v4.new_code_cell(text) if kind == "code"
                else nbformat.v4.new_markdown_cell(text))
        cell.metadata["slideshow"] = {"slide_type": slide}
        nb.cells.append(cell)
    path = tmp_path / "deck.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.mark.parametrize("note", [
    # 05 slide 5: the cut of edge 0 was shown on slide 4
    "Draw the little position on the board and ask the room what falls when edge 0 is cut.",
    # 07 slide 29: spider(2, 2) was shown on an earlier slide
    "Ask the room for the value of spider(2, 2) by the \"white root\" wording first.",
    # 07 slide 35: the move at node 1 was printed by the cell before
    "Let them check by hand that deleting node 1 leaves $*1 + *2 + *3 = 0$.",
    # 09 slide 13, 10 slide 28: the lecturer does by hand what a cell already did
    "Do `{3 | −1}` by hand at `t = 1/2, 1, 2`: the stops meet at `1`.",
    "Do `xoxxxo` on the board from the leaves.",
])
def test_a_note_never_asks_for_what_an_earlier_slide_showed(tmp_path, note):
    shown = ("h.cut(0)  # Cutting edge 0 takes everything; deleting node 1 of spider(2, 2) "
             "leaves {3|-1} and Clobber('xoxxxo')")
    path = _deck(tmp_path, [("markdown", "## Shown", "slide"), ("code", shown, "-"),
                            ("markdown", "## Later", "slide"), ("code", "1 + 1", "-"),
                            ("markdown", note, "notes")])
    problems = seen_problems(path)
    assert problems and "already showed" in problems[0], problems
    # the same note on the slide that shows it, as a prediction, is right
    path = _deck(tmp_path, [("markdown", "## Before", "slide"),
                            ("markdown", note[:-1] + " before the next slide shows it.", "notes"),
                            ("markdown", "## Shown", "slide"), ("code", shown, "-")])
    assert placement_problems(path) == []
    # and so is a note that says not to redo it
    path = _deck(tmp_path, [("markdown", "## Shown", "slide"), ("code", shown, "-"),
                            ("markdown", "## Later", "slide"),
                            ("markdown", "The cells have already shown `xoxxxo`; do not redo "
                                         "it by hand.", "notes")])
    assert seen_problems(path) == []
    # and so is a question why a shown thing is so
    path = _deck(tmp_path, [("markdown", "## Shown", "slide"), ("code", shown, "-"),
                            ("markdown", "## Later", "slide"),
                            ("markdown", "Ask the room why spider(2, 2) is worth *1.", "notes")])
    assert seen_problems(path) == []


def test_the_editors_prompts_sit_on_the_editors_slide(tmp_path):
    """05, 07, 10: the editor's prompts appeared only on the later game slide."""
    editor = ("code", "editor = HackenbushEditor(house())\neditor", "-")
    game = ("code", "HackenbushGame(house())", "-")
    prompt = ("markdown", "Let two students draw at the front; the editor's number settles it.",
              "notes")
    late = _deck(tmp_path, [("markdown", "## Build", "slide"), editor,
                            ("markdown", "**Play it**", "subslide"), game, prompt])
    assert seen_problems(late) == [
        "cell 4 (slide 2): a note about the editor sits after the editor's slide 1"]
    right = _deck(tmp_path, [("markdown", "## Build", "slide"), editor, prompt,
                             ("markdown", "**Play it**", "subslide"), game])
    assert seen_problems(right) == []
