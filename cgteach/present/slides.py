"""Export every lesson to an offline reveal.js slideshow under ``build/slides/``.

nbconvert's own ``slides`` template fetches reveal.js, require.js, jQuery and
MathJax from CDNs; this uses the ``cgslides`` template next to this module
instead, which loads reveal.js and MathJax 3 from ``build/slides/_static/`` (see
:mod:`cgteach.present._assets`).  The notebook's stored outputs are shown as
they are (nothing is run), widgets as still pictures, every figure with a text
alternative.  On a slide, a figure sits beside the short code that draws it
(:data:`SIDE_LINES`), longer code is folded (:data:`FOLD_LINES`), and
``cgteach-fit.js`` shrinks a slide's figures (never its text) until the slide
fits 1280×720.  The slideshows are built in a fresh folder and moved into
place (see :mod:`cgteach.present._safe`).
"""

from __future__ import annotations

import html
import re
import shutil
import time
from pathlib import Path

from cgteach.present._assets import mathjax_file, reveal_dir
from cgteach.present._prepare import SOLUTION_CSS, SOLUTION_SUMMARY, shape_for
from cgteach.present._safe import check_out, notebook_paths, read_notebook, staged

__all__ = ["export_slides", "TEMPLATES", "STATIC", "SIDE_LINES", "FOLD_LINES"]

_LESSON_LINK = re.compile(r'href="(\d\d-[\w-]+)\.ipynb(#[^"]*)?"')

#: nbconvert template folder holding ``cgslides``.
TEMPLATES = Path(__file__).parent / "templates"
#: The slides' own style sheet and fitting script.
STATIC = Path(__file__).parent / "static"
#: Code of at most this many lines sits beside its figure; longer code is folded.
SIDE_LINES = 10
#: Code without a figure is folded from this many lines on.
FOLD_LINES = 14


def _exporter():
    from nbconvert import SlidesExporter
    from traitlets.config import Config

    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"remove-input"}
    config.TagRemovePreprocessor.remove_cell_tags = {"remove-cell"}
    return SlidesExporter(
        config=config,
        template_name="cgslides",
        extra_template_basedirs=[str(TEMPLATES)],
        exclude_input_prompt=True,
        exclude_output_prompt=True,
    )


def _has_figure(cell) -> bool:
    return any("<img" in str(o.get("data", {}).get("text/html", ""))
               for o in cell.get("outputs", []))


_FIGURE = re.compile(r'^\s*<img class="cg-figure" alt="([^"]*)"( width="\d+")? '
                     r'src="data:image/png;base64,([A-Za-z0-9+/=\s]+)"/>\s*$')
#: A picture taller than this at 0.75 of its size (the least a slide draws it at) is
#: shown in bands of at most this height, one per step (a slide's room under its title).
ROOM = 560


def _in_bands(output) -> None:
    """Show a picture too tall for a slide at reading size as bands, one per step: each
    band covers the one before it (see cgteach-slides.css)."""
    from cgteach.present._panels import bands, png_size

    text = output.get("data", {}).get("text/html")
    m = _FIGURE.match(text) if isinstance(text, str) else None
    if not m or m.group(2) or png_size(m.group(3))[1] * 0.75 <= ROOM:
        return
    parts = bands(m.group(3), ROOM)
    if not parts:
        return
    alt, n = m.group(1), len(parts)
    shown = [f'<div class="cg-band{" fragment" if k else ""}">'
             f'<img class="cg-figure" alt="{alt} (Part {k + 1} of {n}'
             f'{", the next on the next step" if k + 1 < n else ""}.)" '
             f'src="data:image/png;base64,{part}"/></div>' for k, part in enumerate(parts)]
    output["data"]["text/html"] = f'<div class="cg-bands">{"".join(shown)}</div>'


def lay_out(nb):
    """Tag code cells for the slide layout: ``cg-side`` (code beside its figure) or
    ``cg-fold`` (the code folded under a "Show the code" line); a picture too tall for
    a slide becomes bands shown one per step."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                _in_bands(output)
        if cell.cell_type != "code" or cell.metadata.get("transient", {}).get("remove_source"):
            continue
        if cell.metadata.get("jupyter", {}).get("source_hidden"):
            cell.metadata["transient"] = {"remove_source": True}
            continue
        lines = len(cell.source.splitlines())
        tags = cell.metadata.setdefault("tags", [])
        if "fold-on-slide" in tags:         # the live slideshow's fold, read here too
            tags.append("cg-fold")
        elif _has_figure(cell) and lines:
            tags.append("cg-side" if lines <= SIDE_LINES else "cg-fold")
        elif lines >= FOLD_LINES:
            tags.append("cg-fold")
    return nb


def _title(nb, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if m:
                return re.sub(r"[*_`$\\]", "", m.group(1)).strip()
    return fallback


def export_slides(notebooks="notebooks", out="build/slides", quiet=False) -> list[Path]:
    """Write ``out/NN-name.slides.html`` for each ``notebooks/*.ipynb``; return the paths.

    ``notebooks`` may also be a list of notebook files.  ``out`` must be a new or
    empty folder, or one this function made before (it is then replaced whole).
    """
    start = time.monotonic()
    paths = notebook_paths(notebooks)
    check_out(out)                  # before the slow reading: a bad out is refused at once
    lessons = [(path, read_notebook(path)) for path in paths]   # every one checked first
    reveal, mathjax = reveal_dir(), mathjax_file()
    exporter = _exporter()
    with staged(out) as tmp:
        static = tmp / "_static"
        shutil.copytree(reveal, static / "reveal",
                        ignore=shutil.ignore_patterns("*.map", "__pycache__"))
        (static / "mathjax").mkdir()
        shutil.copyfile(mathjax, static / "mathjax" / mathjax.name)
        for name in ("cgteach-slides.css", "cgteach-fit.js"):
            shutil.copyfile(STATIC / name, static / name)
        written, titles = [], []
        for path, nb in lessons:
            nb = lay_out(shape_for(nb, "slides"))
            title = _title(nb, path.stem)
            body, _ = exporter.from_notebook_node(
                nb, resources={"metadata": {"name": path.stem}, "cgteach_assets": "_static",
                               "cgteach_title": title, "cgteach_summary": SOLUTION_SUMMARY,
                               "cgteach_summary_css": SOLUTION_CSS})
            # a link to another lesson opens that lesson's slideshow
            body = _LESSON_LINK.sub(r'href="\1.slides.html\2"', body)
            target = tmp / f"{path.stem}.slides.html"
            target.write_text(body, encoding="utf-8")
            written.append(target.name)
            titles.append(title)
        _write_index(tmp, written, titles)
    out = Path(out).absolute()
    if not quiet:
        print(f"wrote {len(written)} slideshows to {out}/ in {time.monotonic() - start:.1f} s")
    return [out / name for name in written]


def _write_index(out: Path, written: list[str], titles: list[str]) -> None:
    items = "\n".join(
        f'<li><a href="{html.escape(name)}">{html.escape(title)}</a></li>'
        for name, title in zip(written, titles, strict=True))
    (out / "index.html").write_text(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cgteach slideshows</title>
<style>
body {{ font-family: system-ui, "DejaVu Sans", sans-serif; max-width: 46em; margin: 2em auto;
       padding: 0 1em; line-height: 1.5; color: #111; font-size: 20px; }}
h1 {{ font-size: 2em; margin-bottom: 0.3em; }}
ol {{ padding-left: 1.5em; }} li {{ margin: 0.4em 0; }}
a {{ color: #1a46b8; }} kbd {{ border: 1px solid #888; border-radius: 3px; padding: 0 0.3em; }}
</style></head>
<body><main>
<h1>cgteach: the lessons as slideshows</h1>
<p>Open a lesson, then: <kbd>→</kbd>/<kbd>Space</kbd> next, <kbd>←</kbd> previous,
<kbd>S</kbd> speaker notes (a second window), <kbd>F</kbd> full screen,
<kbd>Esc</kbd> an overview of every slide.</p>
<ol>
{items}
</ol>
<p>The widgets show as still pictures here: to play with them, open the lessons in
JupyterLab (<code>make lab</code>).</p>
</main></body></html>
""", encoding="utf-8")
