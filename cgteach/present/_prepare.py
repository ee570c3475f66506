"""Turn a stored lesson into what a slideshow or a web page can show.

A **live widget** cannot run without a kernel, so its output (the
``application/vnd.jupyter.widget-view+json`` view) becomes its still
picture (the ``image/png`` every cgteach widget stores next to it) with the
line :data:`WIDGET_NOTE` under it; a widget without a picture gets the line
alone.  Plain-text object reprs (``<cgteach.… object at 0x…>``) never reach a
page: such a ``text/plain`` output is replaced by a short note too.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook()
>>> cell = nbformat.v4.new_code_cell("game")
>>> cell.outputs = [nbformat.v4.new_output("display_data", data={
...     "application/vnd.jupyter.widget-view+json": {"model_id": "x"},
...     "text/plain": "NimGame(...)"})]
>>> nb.cells = [cell]
>>> out = prepare_notebook(nb)
>>> sorted(out.cells[0].outputs[0].data)
['text/html']
>>> "JupyterLab" in out.cells[0].outputs[0].data["text/html"]
True
"""

from __future__ import annotations

import copy
import html
import re

__all__ = ["WIDGET_NOTE", "prepare_notebook", "is_object_repr", "shape_for", "notes_text",
           "describe_figure", "KINDS", "SOLUTION_SUMMARY", "SOLUTION_CSS"]

#: What :func:`shape_for` prepares a lesson for.
KINDS = ("slides", "site", "student", "lecturer")

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

#: The line under every widget's still picture.
WIDGET_NOTE = ("A live widget: open this lesson in JupyterLab (<code>make lab</code>) "
               "to play.")

_REPR = re.compile(r"<cgteach\.|object at 0x[0-9a-fA-F]+|children=\(")


def is_object_repr(text: str) -> bool:
    """Whether ``text`` shows a Python object's default repr rather than a value.

    >>> is_object_repr("<cgteach.draw._style._Switch at 0x7f>")
    True
    >>> is_object_repr("*3")
    False
    """
    return bool(_REPR.search(text))


def _still(data: dict, alt: str = "the widget", stored: str = "") -> dict:
    """The widget's still picture and the JupyterLab line.  Its ``alt`` is the one the
    widget ``stored`` with the picture (what it shows, from the widget's state), else
    ``alt`` (the code that made it) after "Still picture of"."""
    picture = data.get("image/png")
    image = ""
    if picture:
        if isinstance(picture, list):
            picture = "".join(picture)
        alt = html.escape(f"Still picture of the widget: {stored}" if stored
                          else f"Still picture of {alt}",
                          quote=True)
        image = (f'<img class="cg-widget-still" alt="{alt}" '
                 f'src="data:image/png;base64,{picture.strip()}"/>')
    return {"text/html": f'<div class="cg-widget">{image}'
                         f'<p class="cg-widget-note">{WIDGET_NOTE}</p></div>'}


def _layout_problem(nb) -> str:
    """What is wrong with the layout of the notebook ``nb`` ('' if nothing the exports use).

    Checks only what :func:`prepare_notebook` and :func:`shape_for` read: a
    ``metadata`` object, a list of ``cells``, each an object with a text
    ``cell_type`` and ``source``, object ``metadata``, a list of ``tags``, and
    for a code cell a list of ``outputs``, each an object whose ``data`` and
    ``metadata`` are objects.
    """
    def kind(x):
        return type(x).__name__

    if not isinstance(nb.get("metadata", {}), dict):
        return f"its 'metadata' must be a JSON object, not {kind(nb['metadata'])}"
    cells = nb.get("cells")
    if not isinstance(cells, list):
        return ("it has no 'cells' list" if cells is None
                else f"its 'cells' must be a list, not {kind(cells)}")
    for i, cell in enumerate(cells):
        where = f"cell {i}"
        if not isinstance(cell, dict):
            return f"{where} must be a JSON object, not {kind(cell)}"
        if not isinstance(cell.get("cell_type"), str):
            return f"{where} has no text 'cell_type'"
        source = cell.get("source")
        if not (isinstance(source, str) or isinstance(source, list)
                and all(isinstance(line, str) for line in source)):
            return f"{where} has no text 'source'"
        meta = cell.get("metadata", {})
        if not isinstance(meta, dict):
            return f"{where}: its 'metadata' must be a JSON object, not {kind(meta)}"
        if not isinstance(meta.get("tags", []), list):
            return f"{where}: its 'tags' must be a list, not {kind(meta['tags'])}"
        for key in ("slideshow", "jupyter"):
            if not isinstance(meta.get(key, {}), dict):
                return f"{where}: its metadata {key!r} must be a JSON object"
        if cell["cell_type"] != "code":
            continue
        outputs = cell.get("outputs", [])
        if not isinstance(outputs, list):
            return f"{where}: its 'outputs' must be a list, not {kind(outputs)}"
        for j, out in enumerate(outputs):
            if not isinstance(out, dict):
                return f"{where}, output {j} must be a JSON object, not {kind(out)}"
            for key in ("data", "metadata"):
                if not isinstance(out.get(key, {}), dict):
                    return f"{where}, output {j}: its {key!r} must be a JSON object"
            for mime, value in out.get("data", {}).items():
                text = isinstance(value, str) or (isinstance(value, list)
                                                   and all(isinstance(v, str) for v in value))
                if (mime.startswith("text/") or mime == "image/png") and not text:
                    return f"{where}, output {j}: its {mime!r} must be text"
    return ""


def _checked_copy(nb):
    """A deep copy of the notebook ``nb`` (a path is read, naming its file), checked."""
    import os

    import nbformat

    from cgteach._validate import show

    if isinstance(nb, (str, os.PathLike)):
        from cgteach.present._safe import read_notebook

        nb = read_notebook(nb)  # a bad file: ValueError naming it
    if not (hasattr(nb, "metadata") and hasattr(nb, "cells") and isinstance(nb, dict)):
        raise TypeError("prepare_notebook() needs a notebook read by nbformat.read(...) "
                        f"or a notebook's path, got {show(nb)} of type {type(nb).__name__}")
    try:
        problem = _layout_problem(nb)
        if not problem:
            nb = nbformat.from_dict(copy.deepcopy(dict(nb)))
    except RecursionError:
        problem = "it is nested far too deeply for a notebook"
    if problem:
        raise ValueError(f"not a notebook the exports can read: {problem}")
    for cell in nb.cells:  # lines stored as a list become one text, as nbformat.read does
        if isinstance(cell.source, list):
            cell.source = "".join(cell.source)
    return nb


def prepare_notebook(nb):
    """A copy of the notebook ``nb`` ready for export: widgets as still pictures, no reprs.

    ``nb`` is a notebook (``nbformat.read(...)``) or the path of one.  A
    notebook whose layout is not one (no ``cells``, a cell that is not an
    object, outputs that are not a list, nesting too deep) is a ``ValueError``
    saying which cell and what is wrong; a bad file is one naming the file.
    """
    nb = _checked_copy(nb)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data")
            if not data:
                continue
            if WIDGET_MIME in data:
                output["data"] = _still(data, _code_summary(cell) or "the widget",
                                        _rendered_alt(output))
                continue
            plain = data.get("text/plain", "")
            if isinstance(plain, list):
                plain = "".join(plain)
            if is_object_repr(plain) and len(data) == 1:
                shown = html.escape(plain.split(" at 0x")[0].lstrip("<").split()[0])
                output["data"] = {"text/html": f'<p class="cg-widget-note">({shown}: '
                                               f'run the lesson in JupyterLab to see it.)</p>'}
            elif is_object_repr(plain):
                # a richer form (picture, HTML) is there: the repr is only the fallback
                del data["text/plain"]
    return nb


# -- the lecturer's notes and the solutions, in the old and the new cell formats --------

_NOTES_WRAP = re.compile(
    r'^\s*<details class="cg-notes"[^>]*>\s*<summary>.*?</summary>\s*(.*?)\s*</details>\s*$',
    re.S)
_OLD_NOTES = re.compile(r"^\s*\*\*Lecturer's notes\.?\*\*\s*")


def _tags(cell) -> list:
    tags = cell.get("metadata", {}).get("tags", [])
    return tags if isinstance(tags, list) else []


def is_notes(cell) -> bool:
    """A lecturer's-notes cell (markdown tagged ``notes`` or of slide type ``notes``)."""
    kind = cell.get("metadata", {}).get("slideshow", {})
    kind = kind.get("slide_type") if isinstance(kind, dict) else None
    return cell.cell_type == "markdown" and ("notes" in _tags(cell) or kind == "notes")


def is_solution(cell) -> bool:
    """A worked-solution code cell (tagged ``solution``)."""
    return cell.cell_type == "code" and "solution" in _tags(cell)


def notes_text(source: str) -> str:
    """The notes' own text: without the ``<details class="cg-notes">`` wrapper (new
    format) or the leading ``**Lecturer's notes.**`` (old format).

    >>> wrapped = '<details class="cg-notes">\\n<summary>Lecturer\\'s notes</summary>'
    >>> notes_text(wrapped + '\\n\\nSay *3.\\n\\n</details>')
    'Say *3.'
    >>> notes_text("**Lecturer's notes.** Say *3.")
    'Say *3.'
    """
    m = _NOTES_WRAP.match(source)
    if m:
        return m.group(1).strip()
    return _OLD_NOTES.sub("", source).strip()


def _html_of(output) -> str:
    value = output.get("data", {}).get("text/html", "")
    return "".join(value) if isinstance(value, list) else value


def _stored_solution(cell) -> bool:
    """Whether the solution's output is already the folded box (the new format)."""
    return any('class="cg-solution"' in _html_of(o) for o in cell.get("outputs", []))


def _code_summary(cell, limit: int = 160) -> str:
    lines = [ln.strip() for ln in cell["source"].splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith(("#", "%", "import ", "from "))
             and ln not in ("plt.show()", "fig.tight_layout()")]
    text = "; ".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_TITLE = re.compile(r"""title\s*=\s*(f?)(["'])(.*?)\2""")
_FSTRING_ARG = re.compile(r"""(,\s*)?\b\w+\s*=\s*[fF](["']).*?\2""")
_FSTRING = re.compile(r"""(?<![\w"'])[fF][rR]?(["']).*?\1""")


def _cell_source(cell, name: str = "cell") -> str:
    if not isinstance(cell, dict):
        from cgteach._validate import show

        raise TypeError(f"{name} must be a notebook cell (a dict such as nbformat.v4."
                        f"new_code_cell(...)), got {show(cell, 40)} of type {type(cell).__name__}")
    source = cell.get("source")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        source = "".join(source)
    if not isinstance(source, str):
        raise ValueError(f"{name} must have a 'source' text (a notebook cell); "
                         f"got keys {sorted(map(str, cell))[:6]}")
    return source


def _rendered_alt(output) -> str:
    """The text alternative stored with a figure when it was drawn (its ``image/png``
    metadata's ``alt``, see :func:`cgteach.exercises.solutions.figure_alt`)."""
    meta = output.get("metadata") if isinstance(output, dict) else None
    meta = meta.get("image/png") if isinstance(meta, dict) else None
    alt = meta.get("alt") if isinstance(meta, dict) else None
    return " ".join(alt.split()) if isinstance(alt, str) and alt.strip() else ""


def describe_figure(cell, output=None) -> str:
    """A short text alternative for a figure drawn by the code ``cell``.

    ``metadata.alt`` wins when the lesson gives one.  Else what the figure showed
    when it was drawn: the ``alt`` the lesson's kernel stored in the picture's
    metadata (the figure's own titles and labels, values and all; read from
    ``output``, or the cell's first picture), with the cell's printed output.
    A figure stored without it is described by its plain titles and the code
    that draws it (a title computed by an f-string is left out: its code is not
    what the figure shows).

    >>> import nbformat
    >>> code = 'heaps = (3, 4, 5)\\ndraw_heaps(heaps, title="three piles")\\nplt.show()'
    >>> c = nbformat.v4.new_code_cell(code)
    >>> describe_figure(c)
    'Figure: three piles. Drawn by: heaps = (3, 4, 5); draw_heaps(heaps, title="three piles")'
    >>> c = nbformat.v4.new_code_cell('draw_position(t, title=f"worth *{t.grundy()}")')
    >>> c.outputs = [nbformat.v4.new_output("display_data", data={"image/png": "iVBO"},
    ...     metadata={"image/png": {"alt": "Figure: worth *2."}})]
    >>> describe_figure(c)
    'Figure: worth *2.'
    """
    source = _cell_source(cell)
    if output is not None and not isinstance(output, dict):
        raise TypeError(f"output must be one of the cell's outputs (a dict), "
                        f"got {type(output).__name__}")
    alt = cell.get("metadata", {}).get("alt") if isinstance(cell.get("metadata"), dict) else None
    if isinstance(alt, str) and alt.strip():
        return alt.strip()
    outputs = cell.get("outputs") if isinstance(cell.get("outputs"), list) else []
    rendered = _rendered_alt(output) if output is not None else ""
    if not rendered:
        rendered = next((a for a in map(_rendered_alt, outputs) if a), "")
    parts = []
    if rendered:
        parts.append(rendered if rendered.startswith("Figure") else f"Figure: {rendered}")
    else:
        titles = [t for f, _, t in _TITLE.findall(source) if t.strip() and not f]
        if titles:
            parts.append("Figure: " + "; ".join(titles[:3]).rstrip(".") + ".")
        else:
            parts.append("Figure.")
        code = _code_summary({"source": _FSTRING.sub("…", _FSTRING_ARG.sub("", source))})
        if code:
            parts.append(f"Drawn by: {code}")
    for out in outputs:
        if not isinstance(out, dict):
            continue
        text = out.get("text", "") if out.get("output_type") == "stream" else ""
        if isinstance(text, list):
            text = "".join(text)
        if isinstance(text, str) and text.strip() and out.get("name") != "stderr":
            parts.append(f"Output: {text.strip()[:120]}")
            break
    return " ".join(parts)


#: The summary line of a folded solution in the exports: "Show the solution" while it is
#: closed, "Hide the solution" while it is open (by :data:`SOLUTION_CSS`, no script),
#: and "Solution" on paper.
SOLUTION_SUMMARY = ('<summary><span class="cg-when-closed">Show the solution</span>'
                    '<span class="cg-when-open">Hide the solution</span></summary>')
#: The style rules that pick the summary's words (every export carries them).
SOLUTION_CSS = """\
details.cg-solution:not([open]) > summary .cg-when-open,
details.cg-solution[open] > summary .cg-when-closed { display: none; }
@media print {
  details.cg-solution > summary .cg-when-open,
  details.cg-solution > summary .cg-when-closed { display: none; }
  details.cg-solution > summary::after { content: "Solution"; }
}
"""
_OLD_SUMMARY = re.compile(r'(<details class="cg-solution"(?: open)?>)\s*<summary>\s*'
                          r'Show the solution\s*</summary>')


def solution_summary(text: str) -> str:
    """``text`` (HTML) with each solution's plain "Show the solution" summary replaced by
    :data:`SOLUTION_SUMMARY`.

    >>> solution_summary('<details class="cg-solution"><summary>Show the solution</summary>x')
    ... # doctest: +ELLIPSIS
    '<details class="cg-solution"><summary><span class="cg-when-closed">Show the ...</summary>x'
    """
    return _OLD_SUMMARY.sub(lambda m: m.group(1) + SOLUTION_SUMMARY, text)


_IMG = re.compile(r"<img(?![^>]*\salt=)", re.I)
_SOLUTION_ALT = re.compile(r'(<img[^>]*\salt=")a figure drawn by the solution(")', re.I)
_SOLUTION_CODE = re.compile(r'<pre class="cg-solution-code"[^>]*>.*?</pre>', re.S)


def _readable_solution(text: str) -> str:
    """A stored solution box with its code's colours readable (WCAG AA on its background)."""
    from cgteach.exercises.solutions import readable_colours

    return _SOLUTION_CODE.sub(lambda m: readable_colours(m.group(0)), text)


def _figures_with_alt(cell) -> None:
    """Every picture in ``cell``'s outputs becomes an ``<img>`` with a text alternative."""
    for output in cell.get("outputs", []):
        data = output.get("data")
        if not data:
            continue
        picture = data.get("image/png")
        if picture and not _html_of(output):
            if isinstance(picture, list):
                picture = "".join(picture)
            alt = describe_figure(cell, output)
            meta = output.get("metadata", {}).get("image/png", {})
            width = meta.get("width") if isinstance(meta, dict) else None
            size = f' width="{int(width)}"' if isinstance(width, int | float) else ""
            output["data"] = {"text/html": (
                f'<img class="cg-figure" alt="{html.escape(alt, quote=True)}"{size} '
                f'src="data:image/png;base64,{picture.strip()}"/>')}
        elif _html_of(output):
            text = _html_of(output)
            if 'class="cg-solution"' in text:
                text = solution_summary(_readable_solution(text))
                if _SOLUTION_ALT.search(text):
                    alt = html.escape(describe_figure(cell, output), quote=True)
                    text = _SOLUTION_ALT.sub(lambda m, alt=alt: m.group(1) + alt + m.group(2), text)
            if _IMG.search(text):
                alt = html.escape(describe_figure(cell, output), quote=True)
                text = _IMG.sub(f'<img alt="{alt}"', text)
            output["data"]["text/html"] = text


def shape_for(nb, kind: str):
    """A copy of the prepared notebook ``nb`` shaped for ``kind`` (one of :data:`KINDS`).

    * ``slides``: notes cells hold their bare text (the template puts it into
      reveal.js's speaker notes); a stored solution box keeps its output only.
    * ``site``: notes become a closed ``<details class="cg-notes">`` box; a stored
      solution box shows without its input.
    * ``student``: notes and solutions are left out.
    * ``lecturer``: notes and solutions are shown open.

    Every figure gets a text alternative (:func:`describe_figure`).
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r:.40}")
    nb = prepare_notebook(nb)
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            _figures_with_alt(cell)
        if is_notes(cell):
            if kind == "student":
                continue
            text = notes_text(cell.source)
            if kind == "slides":
                cell.source = text
            else:
                opened = " open" if kind == "lecturer" else ""
                cell.source = (f'<details class="cg-notes"{opened}>\n<summary>Lecturer\'s notes'
                               f'</summary>\n\n{text}\n\n</details>')
            cell.metadata.get("jupyter", {}).pop("source_hidden", None)
        elif is_solution(cell):
            if kind == "student":
                continue
            stored = _stored_solution(cell)
            cell.metadata["cg_stored_solution"] = stored
            tags = [t for t in _tags(cell) if t not in ("hide-input", "hide-output")]
            if stored:
                tags.append("remove-input")
                cell.metadata["transient"] = {"remove_source": True}
                if kind == "lecturer":
                    for output in cell.outputs:
                        if _html_of(output):
                            output["data"]["text/html"] = _html_of(output).replace(
                                '<details class="cg-solution">',
                                '<details class="cg-solution" open>', 1)
            elif kind == "site":
                tags += ["hide-input", "hide-output"]
            cell.metadata["tags"] = tags
        cells.append(cell)
    nb.cells = cells
    return nb
