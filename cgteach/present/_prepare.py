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
           "describe_figure", "KINDS"]

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


def _still(data: dict, alt: str = "the widget") -> dict:
    picture = data.get("image/png")
    image = ""
    if picture:
        if isinstance(picture, list):
            picture = "".join(picture)
        alt = html.escape(f"Still picture of {alt}", quote=True)
        image = (f'<img class="cg-widget-still" alt="{alt}" '
                 f'src="data:image/png;base64,{picture.strip()}"/>')
    return {"text/html": f'<div class="cg-widget">{image}'
                         f'<p class="cg-widget-note">{WIDGET_NOTE}</p></div>'}


def prepare_notebook(nb):
    """A copy of the notebook ``nb`` ready for export: widgets as still pictures, no reprs."""
    if not (hasattr(nb, "metadata") and hasattr(nb, "cells")):
        from cgteach._validate import show

        raise TypeError("prepare_notebook() needs a notebook read by nbformat.read(...), "
                        f"got {show(nb)} of type {type(nb).__name__}")
    nb = copy.deepcopy(nb)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data")
            if not data:
                continue
            if WIDGET_MIME in data:
                output["data"] = _still(data, _code_summary(cell) or "the widget")
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
    lines = [ln.strip() for ln in cell.source.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith(("#", "%", "import ", "from "))
             and ln not in ("plt.show()", "fig.tight_layout()")]
    text = "; ".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_TITLE = re.compile(r"""title\s*=\s*f?(["'])(.*?)\1""")


def describe_figure(cell) -> str:
    """A short text alternative for a figure drawn by the code ``cell``.

    ``metadata.alt`` wins when the lesson gives one; else the figure's titles, the
    code that draws it (it names the position) and the cell's text output (a value).

    >>> import nbformat
    >>> code = 'heaps = (3, 4, 5)\\ndraw_heaps(heaps, title="three piles")\\nplt.show()'
    >>> c = nbformat.v4.new_code_cell(code)
    >>> describe_figure(c)
    'Figure: three piles. Drawn by: heaps = (3, 4, 5); draw_heaps(heaps, title="three piles")'
    """
    alt = cell.get("metadata", {}).get("alt")
    if isinstance(alt, str) and alt.strip():
        return alt.strip()
    titles = [t for _, t in _TITLE.findall(cell.source) if t.strip()]
    parts = []
    if titles:
        shown = "; ".join(titles[:3])
        parts.append("Figure: " + re.sub(r"\{([^{}]*)\}", r"[\1]", shown).rstrip(".") + ".")
    else:
        parts.append("Figure.")
    code = _code_summary(cell)
    if code:
        parts.append(f"Drawn by: {code}")
    for output in cell.get("outputs", []):
        text = output.get("text", "") if output.get("output_type") == "stream" else ""
        if isinstance(text, list):
            text = "".join(text)
        if text.strip() and output.get("name") != "stderr":
            parts.append(f"Output: {text.strip()[:120]}")
            break
    return " ".join(parts)


_IMG = re.compile(r"<img(?![^>]*\salt=)", re.I)


def _figures_with_alt(cell) -> None:
    """Every picture in ``cell``'s outputs becomes an ``<img>`` with a text alternative."""
    alt = None
    for output in cell.get("outputs", []):
        data = output.get("data")
        if not data:
            continue
        picture = data.get("image/png")
        if picture and not _html_of(output):
            if isinstance(picture, list):
                picture = "".join(picture)
            alt = alt or describe_figure(cell)
            meta = output.get("metadata", {}).get("image/png", {})
            width = meta.get("width") if isinstance(meta, dict) else None
            size = f' width="{int(width)}"' if isinstance(width, int | float) else ""
            output["data"] = {"text/html": (
                f'<img class="cg-figure" alt="{html.escape(alt, quote=True)}"{size} '
                f'src="data:image/png;base64,{picture.strip()}"/>')}
        elif _html_of(output) and _IMG.search(_html_of(output)):
            alt = alt or describe_figure(cell)
            output["data"]["text/html"] = _IMG.sub(
                f'<img alt="{html.escape(alt, quote=True)}"', _html_of(output))


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
