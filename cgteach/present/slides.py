"""Export every lesson to an offline reveal.js slideshow under ``build/slides/``.

nbconvert's own ``slides`` template fetches reveal.js, require.js, jQuery and
MathJax from CDNs; this uses the ``cgslides`` template next to this module
instead, which loads reveal.js and MathJax from ``build/slides/_static/`` (see
:mod:`cgteach.present._assets`), folds solution cells on their own slide and
keeps notes cells as speaker notes.  The notebook's stored outputs are shown
as they are (nothing is run), widgets as still pictures.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from cgteach.present._assets import copy_tree, mathjax_dir, reveal_dir
from cgteach.present._prepare import prepare_notebook

__all__ = ["export_slides", "TEMPLATES"]

_LESSON_LINK = re.compile(r'href="(\d\d-[\w-]+)\.ipynb(#[^"]*)?"')

#: nbconvert template folder holding ``cgslides``.
TEMPLATES = Path(__file__).parent / "templates"


def _exporter():
    from nbconvert import SlidesExporter

    exporter = SlidesExporter(
        template_name="cgslides",
        extra_template_basedirs=[str(TEMPLATES)],
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )
    # The markdown renderer must not call out either: no mermaid, no CDN anywhere.
    return exporter


def export_slides(notebooks="notebooks", out="build/slides", quiet=False) -> list[Path]:
    """Write ``out/NN-name.slides.html`` for each ``notebooks/*.ipynb``; return the paths.

    ``notebooks`` may also be a list of notebook files.
    """
    import nbformat

    start = time.monotonic()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    copy_tree(reveal_dir(), out / "_static" / "reveal")
    copy_tree(mathjax_dir(), out / "_static" / "mathjax")
    paths = (sorted(Path(notebooks).glob("*.ipynb")) if not isinstance(notebooks, list | tuple)
             else [Path(p) for p in notebooks])
    if not paths:
        raise ValueError(f"no notebooks found in {notebooks!s}: give the lessons' folder")
    exporter = _exporter()
    written = []
    for path in paths:
        nb = prepare_notebook(nbformat.read(path, as_version=4))
        body, _ = exporter.from_notebook_node(
            nb, resources={"metadata": {"name": path.stem}, "cgteach_assets": "_static"})
        # a link to another lesson opens that lesson's slideshow
        body = _LESSON_LINK.sub(r'href="\1.slides.html\2"', body)
        target = out / f"{path.stem}.slides.html"
        target.write_text(body, encoding="utf-8")
        written.append(target)
    _write_index(out, written)
    if not quiet:
        print(f"wrote {len(written)} slideshows to {out}/ in {time.monotonic() - start:.1f} s")
    return written


def _write_index(out: Path, written: list[Path]) -> None:
    import html

    items = "\n".join(
        f'<li><a href="{html.escape(p.name)}">'
        f'{html.escape(p.stem.removesuffix(".slides"))}</a></li>' for p in written)
    (out / "index.html").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>cgteach slideshows</title></head>\n<body><h1>Slideshows</h1>\n"
        f"<p>Press S for the speaker notes, F for full screen, Esc for an overview.</p>\n"
        f"<ul>\n{items}\n</ul></body></html>\n", encoding="utf-8")
