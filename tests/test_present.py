"""Presenting: the lessons' slide metadata, and the exported slideshows and site.

The export checks read ``build/slides`` and ``build/site`` (``make test``
builds them first, as ``make slides`` and ``make site`` do); when they are
missing or older than a lesson, :func:`built` builds them here.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgteach.present import WIDGET_NOTE, prepare_notebook
from cgteach.present._prepare import is_object_repr

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
BUILD = ROOT / "build"
SLIDE_TYPES = {"slide", "subslide", "fragment", "-", "skip", "notes"}
REPRS = ("<cgteach.", "object at 0x", "children=(")
_TIMES: dict[str, float] = {}


def _stale(marker: Path) -> bool:
    if not marker.exists():
        return True
    newest = max(p.stat().st_mtime for p in NOTEBOOKS)
    code = max(p.stat().st_mtime for p in (ROOT / "cgteach" / "present").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts)   # not Python's own caches
    return marker.stat().st_mtime < max(newest, code)


def built(kind: str) -> Path:
    """The folder of the fresh export ``kind`` (``"slides"``, ``"site"`` or
    ``"handouts"``), built if needed, as ``make slides``/``site``/``handouts`` builds it.

    ``make test`` leaves the building to the first test that needs each export, so
    that the other parallel workers go on testing meanwhile; workers wait for each
    other here (one builds, the others then read).
    """
    import fcntl
    import subprocess
    import sys

    out = BUILD / kind
    marker = out / ".cgteach-made"
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / f".{kind}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _stale(marker) or not any(out.iterdir()):
            start = time.monotonic()
            done = subprocess.run(
                [sys.executable, "-m", "cgteach.present", kind, "--notebooks", "notebooks",
                 "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
            assert done.returncode == 0, f"make {kind} failed:\n{done.stderr[-3000:]}"
            _TIMES[kind] = time.monotonic() - start
    return out


def _nb(path):
    return nbformat.read(path, as_version=4)


# -- (a) every lesson carries slide metadata as the conventions promise -------------

@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_cell_has_a_slide_type(path):
    nb = _nb(path)
    missing = [i for i, c in enumerate(nb.cells)
               if c.metadata.get("slideshow", {}).get("slide_type") not in SLIDE_TYPES]
    assert not missing, f"{path.name}: cells {missing} have no valid slideshow.slide_type"
    assert nb.cells[0].metadata.slideshow.slide_type == "slide", "the title opens a slide"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_section_has_speaker_notes(path):
    nb = _nb(path)
    notes = [c for c in nb.cells if "notes" in c.metadata.get("tags", [])]
    assert notes, f"{path.name} has no notes cell"
    for cell in notes:
        assert cell.cell_type == "markdown"
        assert cell.metadata.slideshow.slide_type == "notes"
        # the old format (hidden source, bold lead) or the new one (a <details> box)
        old = cell.source.startswith("**Lecturer's notes.**")
        new = cell.source.startswith('<details class="cg-notes">')
        assert old or new, cell.source[:60]
        if old:
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True
    section, seen = None, set()
    sections = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and re.match(r"^## ", cell.source):
            section = cell.source.splitlines()[0]
            sections.append(section)
        elif "notes" in cell.metadata.get("tags", []) and section:
            seen.add(section)
    assert not [s for s in sections if s not in seen], (
        f"{path.name}: sections without notes: {[s for s in sections if s not in seen]}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_exercises_are_try_it_now_slides_with_the_solution_a_step_later(path):
    nb = _nb(path)
    for i, cell in enumerate(nb.cells):
        tags = cell.metadata.get("tags", [])
        kind = cell.metadata.get("slideshow", {}).get("slide_type")
        if "solution" in tags:
            assert kind == "subslide", f"{path.name} cell {i}: a solution opens a subslide"
        if "attempt" in tags:
            assert kind == "-", f"{path.name} cell {i}: the attempt shares the exercise's slide"


# -- preparing a notebook for export -----------------------------------------------

def _widget_notebook(with_picture=True):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("NimGame([3, 4, 5])")
    data = {"application/vnd.jupyter.widget-view+json": {"model_id": "abc", "version_major": 2},
            "text/plain": "NimGame — run this cell in JupyterLab to use it"}
    if with_picture:
        data["image/png"] = "iVBORw0KGgo="
    cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    plain = nbformat.v4.new_code_cell("x")
    plain.outputs = [nbformat.v4.new_output("execute_result", execution_count=1, data={
        "text/plain": "<cgteach.draw._style._Switch at 0x7f00>"})]
    nb.cells = [cell, plain]
    nb.metadata["widgets"] = {"state": {}}
    return nb


def test_widgets_become_a_still_picture_and_the_jupyterlab_line():
    nb = _widget_notebook()
    out = prepare_notebook(nb)
    html = out.cells[0].outputs[0].data["text/html"]
    assert "data:image/png;base64,iVBORw0KGgo=" in html and WIDGET_NOTE in html
    assert "widgets" not in out.metadata
    # the original is untouched
    assert "application/vnd.jupyter.widget-view+json" in nb.cells[0].outputs[0].data
    text = out.cells[1].outputs[0].data["text/html"]
    assert not is_object_repr(text) and "JupyterLab" in text
    bare = prepare_notebook(_widget_notebook(with_picture=False)).cells[0].outputs[0]
    assert "<img" not in bare.data["text/html"] and WIDGET_NOTE in bare.data["text/html"]


# -- (c, d) the exports, checked as files ----------------------------------------------

@pytest.mark.export
def test_make_slides_writes_one_offline_slideshow_per_lesson():
    out = built("slides")
    pages = sorted(out.glob("*.slides.html"))
    assert [p.name.removesuffix(".slides.html") for p in pages] == [p.stem for p in NOTEBOOKS]
    assert (out / "_static" / "reveal" / "dist" / "reveal.js").exists()
    assert (out / "_static" / "mathjax" / "tex-svg-full.js").exists()
    assert (out / ".cgteach-made").exists()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        # every script and style sheet is a local file
        for url in re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', text):
            assert not re.match(r"(https?:)?//", url), (page.name, url)
        assert "<section" in text and "Reveal.initialize" in text
        assert not any(r in text for r in REPRS), page.name
        nb = _nb(ROOT / "notebooks" / page.name.replace(".slides.html", ".ipynb"))
        n_notes = sum(c.metadata.get("slideshow", {}).get("slide_type") == "notes"
                      for c in nb.cells)
        assert text.count('<aside class="notes">') == n_notes, page.name
        n_solutions = sum("solution" in c.metadata.get("tags", []) for c in nb.cells)
        assert text.count('<details class="cg-solution"') == n_solutions, page.name
        assert "tex-svg-full.js" in text and "MathJax.js" not in text, page.name


@pytest.mark.export
def test_make_site_writes_every_lesson_offline_with_navigation_and_search():
    out = built("site")
    for nb_path in NOTEBOOKS:
        page = out / f"{nb_path.stem}.html"
        assert page.exists(), page.name
        text = page.read_text(encoding="utf-8")
        for url in re.findall(r'<(?:script|link|img)[^>]*(?:src|href)="([^"]+)"', text):
            assert not re.match(r"(https?:)?//", url), (page.name, url)
        assert not any(r in text for r in REPRS), page.name
        if "math notranslate" in text:
            assert "_static/mathjax/tex-svg-full.js" in text, page.name
        nb = _nb(nb_path)
        n_notes = sum("notes" in c.metadata.get("tags", []) for c in nb.cells)
        assert text.count('<details class="cg-notes">') == n_notes, page.name
        for img in re.findall(r"<img\b[^>]*>", text):
            assert re.search(r'\salt="[^"]{8,}"', img), (page.name, img[:120])
    assert (out / "search.html").exists() and (out / "searchindex.js").exists()
    assert 'rel="next"' in (out / f"{NOTEBOOKS[0].stem}.html").read_text(encoding="utf-8")
    for css in out.rglob("*.css"):
        text = css.read_text(encoding="utf-8", errors="replace")
        assert not re.search(r"@import\s+url\(\s*['\"]?(https?:)?//", text), css


@pytest.mark.export
def test_export_times_are_recorded():
    """Report how long the exports took when this run built them (see the test's output)."""
    built("slides")
    built("site")
    record = BUILD / "present-times.json"
    if _TIMES:
        record.write_text(json.dumps(_TIMES))
    print("export times (s):", _TIMES or "already built (by make, or by another worker)")


# -- the two cell formats of notes and solutions ------------------------------------

def _format_notebook(new: bool):
    """A small lesson with one notes cell and one solution, in the old or new format."""
    nb = nbformat.v4.new_notebook()
    title = nbformat.v4.new_markdown_cell("# A lesson\n\nThe nim sum of $3$ and $5$.")
    title.metadata["slideshow"] = {"slide_type": "slide"}
    text = "Ask the room for the **nim sum** first."
    if new:
        notes = nbformat.v4.new_markdown_cell(
            '<details class="cg-notes">\n<summary>Lecturer\'s notes</summary>\n\n'
            + text + "\n\n</details>")
    else:
        notes = nbformat.v4.new_markdown_cell("**Lecturer's notes.** " + text)
        notes.metadata["jupyter"] = {"source_hidden": True}
    notes.metadata.update(tags=["notes"], slideshow={"slide_type": "notes"})
    attempt = nbformat.v4.new_code_cell("answer = None")
    attempt.metadata.update(tags=["attempt"], slideshow={"slide_type": "-"})
    if new:
        solution = nbformat.v4.new_code_cell("%%solution\n# Solution\nanswer = 3 ^ 5")
        solution.metadata.update(tags=["solution", "hide-input"],
                                 jupyter={"source_hidden": True})
        solution.outputs = [nbformat.v4.new_output("display_data", data={
            "text/html": '<details class="cg-solution"><summary>Show the solution</summary>\n'
                         '<pre class="cg-solution-code">answer = 3 ^ 5</pre>\n'
                         '<div class="cg-solution-output"><pre>6</pre></div>\n</details>',
            "text/plain": "6"})]
    else:
        solution = nbformat.v4.new_code_cell("# Solution\nanswer = 3 ^ 5\nprint(answer)")
        solution.metadata.update(tags=["solution", "hide-input", "hide-output"])
        solution.outputs = [nbformat.v4.new_output("stream", name="stdout", text="6\n")]
    solution.metadata["slideshow"] = {"slide_type": "subslide"}
    figure = nbformat.v4.new_code_cell('draw_heaps((3, 5), title="two piles")\nplt.show()')
    figure.metadata["slideshow"] = {"slide_type": "-"}
    figure.outputs = [nbformat.v4.new_output("display_data", data={
        "image/png": "iVBORw0KGgo=", "text/plain": "<Figure size 400x300 with 1 Axes>"})]
    nb.cells = [title, notes, attempt, solution, figure]
    return nb, text


@pytest.mark.parametrize("new", [False, True], ids=["old-format", "new-format"])
def test_each_export_shapes_notes_and_solutions_its_own_way(new):
    from cgteach.present._prepare import notes_text, shape_for

    nb, text = _format_notebook(new)
    slides = shape_for(nb, "slides")
    assert slides.cells[1].source == text          # bare text: reveal's speaker notes
    site = shape_for(nb, "site")
    assert site.cells[1].source.startswith('<details class="cg-notes">\n')
    assert notes_text(site.cells[1].source) == text
    lecturer = shape_for(nb, "lecturer")
    assert lecturer.cells[1].source.startswith('<details class="cg-notes" open>')
    student = shape_for(nb, "student")
    sources = [c.source for c in student.cells]
    assert not any(text in s for s in sources) and not any("Solution" in s for s in sources)
    assert any("answer = None" in s for s in sources), "the student's attempt stays"
    if new:   # the stored box is shown without its input, and open for the lecturer
        assert "remove-input" in site.cells[3].metadata.tags
        html = lecturer.cells[3].outputs[0].data["text/html"]
        assert html.startswith('<details class="cg-solution" open>')
    else:
        assert {"hide-input", "hide-output"} <= set(site.cells[3].metadata.tags)
    for shaped in (slides, site, lecturer, student):
        img = shaped.cells[-1].outputs[0].data["text/html"]
        assert 'alt="Figure: two piles. Drawn by: draw_heaps((3, 5), title=' in img
    assert nb.cells[1].source.endswith(("</details>", text)), "the original is untouched"


# -- the handouts ----------------------------------------------------------------------

def _pdf_text(path: Path) -> tuple[int, str]:
    from pypdf import PdfReader

    reader = PdfReader(path)
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    return len(reader.pages), " ".join(re.findall(r"[A-Za-z]{3,}", text)).lower()


def _words(markdown: str) -> str:
    return " ".join(re.findall(r"[A-Za-z]{3,}", re.sub(r"\$[^$]*\$|`[^`]*`", " ", markdown)))


@pytest.mark.export
def test_make_handouts_writes_a_student_and_a_lecturer_pdf_per_lesson():
    from cgteach.present._prepare import is_notes, notes_text

    out = built("handouts")
    pages = {}
    for path in NOTEBOOKS:
        nb = _nb(path)
        notes = [_words(notes_text(c.source)).lower() for c in nb.cells if is_notes(c)]
        runs = [" ".join(n.split()[:6]) for n in notes if len(n.split()) >= 6]
        n_student, student = _pdf_text(out / f"{path.stem}.student.pdf")
        n_lecturer, lecturer = _pdf_text(out / f"{path.stem}.lecturer.pdf")
        pages[path.stem] = (n_student, n_lecturer)
        assert n_student > 0 and n_lecturer >= n_student, (path.stem, n_student, n_lecturer)
        assert runs, path.stem
        assert not [r for r in runs if r in student], (path.stem, "notes in the student's PDF")
        found = [r for r in runs if r in lecturer]
        assert len(found) >= len(runs) // 2, (path.stem, "notes missing for the lecturer")
        has_solution = any("solution" in c.metadata.get("tags", []) for c in nb.cells)
        assert "show the solution" not in student, path.stem
        # on paper an open solution is headed "Solution", never "Show/Hide the solution"
        assert "show the solution" not in lecturer and "hide the solution" not in lecturer
        if has_solution:
            assert lecturer.count("solution") > student.count("solution"), path.stem
    (BUILD / "handout-pages.json").write_text(json.dumps(pages))
    print("handout pages (student, lecturer):", pages)

#: The most of a handout's page (between its margins) that may stay blank, the last
#: page apart: a figure too tall for what is left of a page moves whole to the next,
#: but a figure of several panels may break between them (09's Domineering
#: thermographs left page 9 of its student handout 89 % blank).
MOST_BLANK = 0.75
#: A4 in points, and the handout's top and bottom margins (14 mm and 16 mm).
A4_HEIGHT, TOP_MARGIN, BOTTOM_MARGIN = 841.89, 39.69, 45.35


def page_filled(page) -> float:
    """The share of a PDF page's height between its margins that holds something: from
    the highest to the lowest text, picture or filled box (a code cell's background)
    drawn on it."""
    low, high = [], []

    def seen(op, args, cm, tm):
        if op == b"Do":                                   # a picture: the unit square
            low.append(min(cm[5], cm[5] + cm[3]))
            high.append(max(cm[5], cm[5] + cm[3]))
        elif op in (b"Tj", b"TJ", b"'", b'"'):            # text: its baseline
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            low.append(y - 2)
            high.append(y + 8)
        elif op == b"re":                                 # a box, not the page's own
            x, y, w, h = (float(v) for v in args)
            if 0.5 < abs(cm[3] * h) < 0.8 * A4_HEIGHT and abs(cm[0] * w) > 20:
                low.append(min(cm[5] + cm[3] * y, cm[5] + cm[3] * (y + h)))
                high.append(max(cm[5] + cm[3] * y, cm[5] + cm[3] * (y + h)))

    page.extract_text(visitor_operand_before=seen)
    if not low:
        return 0.0
    return (max(high) - min(low)) / (A4_HEIGHT - TOP_MARGIN - BOTTOM_MARGIN)


@pytest.mark.export
def test_no_handout_page_is_mostly_blank():
    from pypdf import PdfReader

    out = built("handouts")
    blank, fills = [], {}
    for pdf in sorted(out.glob("*.pdf")):
        pages = PdfReader(pdf).pages
        filled = [page_filled(page) for page in pages]
        fills[pdf.name] = round(min(filled[:-1], default=1.0), 2)
        blank += [(pdf.name, k + 1, f"{1 - f:.0%} blank") for k, f in enumerate(filled[:-1])
                  if f < 1 - MOST_BLANK]
    print("the least filled page of each handout (the last apart):", fills)
    assert not blank, blank


# -- the live slideshow's settings writer (python -m cgteach.present settings) ------

def test_install_settings_writes_the_overrides_and_the_extension(tmp_path):
    from cgteach.present.live import LAB_SETTINGS, extension_path, install_settings

    path = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"other:plugin": {"x": 1},
                                "jupyterlab-rise:plugin": {"theme": "white"}}))
    assert install_settings(tmp_path) == path
    data = json.loads(path.read_text())
    assert data["other:plugin"] == {"x": 1}            # kept
    assert "jupyterlab-rise:plugin" not in data         # RISE is gone
    notification = data["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    for plugin, values in LAB_SETTINGS.items():
        assert data[plugin] == values
    ext = extension_path(tmp_path)
    assert json.loads((ext / "package.json").read_text())["name"] == "cgteach-present"
    assert (ext / "static" / "remoteEntry.js").is_file()
    before = path.read_bytes()
    install_settings(tmp_path)                          # twice: the same file
    assert path.read_bytes() == before


@pytest.mark.parametrize("text", [
    '{"a": NaN}', '{"a": Infinity}', '[1, 2]', '{"@jupyterlab/apputils-extension:notification": 3}',
    "{not json", "[" * 100_000, "\xff\xfe",
])
def test_install_settings_refuses_a_malformed_overrides_file_and_leaves_it(tmp_path, text):
    from cgteach.present.live import install_settings

    path = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(text.encode("latin-1") if text == "\xff\xfe" else text.encode())
    before = path.read_bytes()
    with pytest.raises(ValueError, match="overrides.json"):
        install_settings(tmp_path)
    assert path.read_bytes() == before
    assert "NaN" not in path.read_text(encoding="latin-1") or "NaN" in text


def test_install_settings_never_writes_nan_and_checks_its_arguments(tmp_path, monkeypatch):
    from cgteach.present import live

    monkeypatch.setitem(live.LAB_SETTINGS, "bad:plugin", {"x": float("nan")})
    with pytest.raises(ValueError, match="not a JSON number"):
        live.install_settings(tmp_path)
    assert not live.overrides_path(tmp_path).exists()
    monkeypatch.delitem(live.LAB_SETTINGS, "bad:plugin")
    for bad in (1, True, b"/tmp", 3.5):
        with pytest.raises(TypeError, match="prefix"):
            live.install_settings(bad)
    with pytest.raises(ValueError, match="prefix"):
        live.install_settings("")


def test_install_settings_replaces_no_folder_it_did_not_make(tmp_path):
    from cgteach.present.live import extension_path, install_settings

    ext = extension_path(tmp_path)
    ext.mkdir(parents=True)
    (ext / "package.json").write_text('{"name": "someone-else"}')
    with pytest.raises(ValueError, match="not made by cgteach"):
        install_settings(tmp_path)
    assert (ext / "package.json").read_text() == '{"name": "someone-else"}'
    folder = tmp_path / "dir"
    settings = folder / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    settings.mkdir(parents=True)                         # a folder where the file should be
    with pytest.raises(ValueError, match="not a regular file"):
        install_settings(folder)


def test_settings_command_reports_a_bad_file_without_a_traceback(tmp_path, capsys):
    from cgteach.present.__main__ import main

    path = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"a": NaN}')
    assert main(["settings", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "overrides.json" in err and "Traceback" not in err
    assert main(["settings", "--out", str(tmp_path / "fresh")]) == 0


# -- text alternatives and colours that read (issue 28) ---------------------------------

def test_figure_alt_says_what_the_drawn_figure_shows_not_the_code_of_its_title():
    """A figure drawn in a kernel with the solutions extension stores what it shows
    (its titles' values); the exports use it, never the f-string that made the title."""
    from cgteach.present._prepare import describe_figure, shape_for

    nb = nbformat.v4.new_notebook()
    source = ('loop = stalks(1, 2)\n'
              'draw_position(loop, title=f"two loops: worth *{loop.grundy()}")\nplt.show()')
    drawn = nbformat.v4.new_code_cell(source)
    drawn.outputs = [nbformat.v4.new_output(
        "display_data", data={"image/png": "iVBORw0KGgo="},
        metadata={"image/png": {"alt": "Figure: two loops: worth *3. Labels: 1, 2."}})]
    old = nbformat.v4.new_code_cell(source)      # stored before the extension added alt
    old.outputs = [nbformat.v4.new_output("display_data", data={"image/png": "iVBORw0KGgo="})]
    nb.cells = [drawn, old]
    assert describe_figure(drawn) == "Figure: two loops: worth *3. Labels: 1, 2."
    assert "{" not in describe_figure(old) and "grundy" not in describe_figure(old)
    assert describe_figure(old).startswith("Figure. Drawn by: loop = stalks(1, 2); draw_position")
    for kind in ("site", "slides", "lecturer"):
        shaped = shape_for(nb, kind)
        img = shaped.cells[0].outputs[0].data["text/html"]
        assert 'alt="Figure: two loops: worth *3. Labels: 1, 2."' in img, kind
        assert "{loop" not in shaped.cells[1].outputs[0].data["text/html"], kind


@pytest.mark.parametrize("bad", [None, 3, "draw()", ["x"], {"a": 1}, {"source": 3}])
def test_describe_figure_refuses_what_is_not_a_cell(bad):
    from cgteach.present._prepare import describe_figure

    with pytest.raises((TypeError, ValueError), match="cell"):
        describe_figure(bad)


def test_the_figure_alt_is_stored_by_a_real_kernel_and_kept_in_the_solution_block(tmp_path):
    """Executed for real: `%load_ext cgteach.exercises.solutions`, a figure whose title is an
    f-string, and a `%%solution` that draws one; the stored alt holds the titles' values."""
    from nbclient import NotebookClient

    from cgteach.present._prepare import shape_for

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [
        nbformat.v4.new_code_cell("%load_ext cgteach.exercises.solutions\n"
                                  "import matplotlib.pyplot as plt\n"
                                  "from cgteach.draw.nim import draw_heaps"),
        nbformat.v4.new_code_cell("heaps = (3, 4, 5)\n"
                                  "draw_heaps(heaps).set_title(f'nim sum {3 ^ 4 ^ 5}')\n"
                                  "plt.show()"),
        nbformat.v4.new_code_cell("%%solution\n# Solution\n"
                                  "draw_heaps((2, 2)).set_title(f'balanced: {2 ^ 2}')\n"
                                  "plt.show()"),
    ]
    nb.cells[2].metadata["tags"] = ["solution"]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    (figure,) = [o for o in nb.cells[1].outputs if "image/png" in o.get("data", {})]
    assert figure.metadata["image/png"]["alt"] == (
        "Figure: nim sum 2. Labels: Pile 1, 3, Pile 2, 4, Pile 3, 5.")
    block = nb.cells[2].outputs[0].data["text/html"]
    assert 'alt="Figure: balanced: 0. Labels: Pile 1, 2, Pile 2, 2."' in block
    site = shape_for(nb, "site")
    assert 'alt="Figure: nim sum 2.' in site.cells[1].outputs[0].data["text/html"]


def test_solution_code_colours_read_at_wcag_aa_also_in_stored_boxes():
    import re as _re

    from cgteach.exercises.solutions import CODE_BACKGROUND, contrast, render
    from cgteach.present._prepare import shape_for

    code = "# comment\nfrom x import y\nz = [a for a in b if a is not None] + 3.5"
    html, _ = render(code, [])
    colours = _re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})\b", html)
    assert len(colours) >= 5
    assert min(contrast(c, CODE_BACKGROUND) for c in colours) >= 4.5
    # a box stored with pygments' default colours (#AA22FF: 4.4:1) is darkened at export
    old = ('<details class="cg-solution"><summary>Show the solution</summary>\n'
           '<pre class="cg-solution-code" style="background-color: #f5f5f5">'
           '<span style="color: #AA22FF; font-weight: bold">in</span> '
           '<span style="color: #3D7B7B; font-style: italic"># c</span></pre>\n'
           '<div class="cg-solution-output"><pre>6</pre></div>\n</details>')
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("%%solution\nx = 1")
    cell.metadata["tags"] = ["solution"]
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": old})]
    nb.cells = [cell]
    for kind in ("site", "slides", "lecturer"):
        shown = shape_for(nb, kind).cells[0].outputs[0].data["text/html"]
        found = _re.findall(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{3,6})\b", shown)
        assert len(found) == 2 and min(contrast(c, "#f5f5f5") for c in found) >= 4.5, kind


# -- pictures cut into panels (slides: bands one per step; handouts: panels) --------------

def _png(blocks, size) -> str:
    """A white PNG of ``size`` with black rectangles ``blocks`` (x0, y0, x1, y1)."""
    import base64
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    for box in blocks:
        draw.rectangle(box, fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return base64.b64encode(out.getvalue()).decode()


def test_panels_cut_a_wide_figure_at_its_gutters_and_bands_at_its_widest_gaps():
    from cgteach.present._panels import bands, panels, png_size

    wide = _png([(10, 10, 290, 190), (320, 10, 600, 190), (640, 10, 890, 190)], (900, 200))
    parts = panels(wide, 688)
    assert [png_size(p) for p in parts] == [(305, 200), (315, 200), (280, 200)]
    assert panels(wide, 900) is None                       # it fits: not cut
    assert panels(_png([(10, 10, 890, 190)], (900, 200)), 688) is None   # one panel
    # rows 0-299, 340-599 (a 40 px gap), 610-799 (a 10 px gap): cut at the wide gap first
    tall = _png([(10, 5, 89, 299), (10, 340, 89, 599), (10, 610, 89, 790)], (100, 800))
    cut = bands(tall, 500)
    heights = [png_size(p)[1] for p in cut]
    assert len(cut) == 2 and heights[0] <= 500 and heights[1] <= 500, heights
    assert heights[0] == 300 + 8                            # the ink and an 8 px margin
    assert bands(tall, 800) is None
    assert bands(_png([(10, 5, 89, 795)], (100, 800)), 500) is None   # nowhere to cut
    with pytest.raises(ValueError, match="PNG"):
        png_size("aGVsbG8gd29ybGQgdGhpcyBpcyBub3QgYSBwbmcgZmlsZSBhdCBhbGw=")


@given(st.lists(st.booleans(), max_size=40))
def test_blank_runs_match_a_plain_scan(flags):
    import numpy as np

    from cgteach.present._panels import _gaps

    runs, start = [], None
    for i, b in enumerate([*flags, False]):
        if b and start is None:
            start = i
        elif not b and start is not None:
            runs.append((start, i))
            start = None
    assert _gaps(np.array(flags, dtype=bool)) == runs
