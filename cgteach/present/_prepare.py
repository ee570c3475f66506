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

__all__ = ["WIDGET_NOTE", "prepare_notebook", "is_object_repr"]

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


def _still(data: dict) -> dict:
    picture = data.get("image/png")
    image = ""
    if picture:
        if isinstance(picture, list):
            picture = "".join(picture)
        image = (f'<img class="cg-widget-still" alt="still picture of the widget" '
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
                output["data"] = _still(data)
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
