"""Printable handouts: two PDFs per lesson, written offline by Debian's Chromium.

* ``NN-name.student.pdf`` — the lesson for students: the lecturer's notes and
  the worked solutions are left out (the empty cells for their own attempts stay).
* ``NN-name.lecturer.pdf`` — everything: the notes and the solutions shown open.

Each lesson is first written as one HTML page (:func:`~cgteach.present._prepare.shape_for`
with ``"student"`` or ``"lecturer"``, the ``cghandout`` template: MathJax 3 from a
local file, figures and outputs never split across pages), then printed by
``chromium --headless --print-to-pdf`` with every network name unresolvable, so
nothing can be fetched.  The HTML pages are kept in ``_html/`` next to the PDFs.
The folder is built fresh and moved into place (see :mod:`cgteach.present._safe`).
Chromium runs with a home, configuration, cache and temporary folder of its
own, in a private temporary folder that is removed afterwards: nothing it
writes lands outside ``out`` or in the user's own folders.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from cgteach._validate import show
from cgteach.present._assets import mathjax_file
from cgteach.present._prepare import SOLUTION_CSS, SOLUTION_SUMMARY, shape_for
from cgteach.present._safe import check_out, notebook_paths, read_notebook, staged

__all__ = ["write_handouts", "CHROMIUM", "READERS"]

#: The browser that prints (the one the browser tests use); ``$CGTEACH_CHROMIUM`` overrides.
CHROMIUM = "/usr/bin/chromium"
#: Who each handout is for, with the line printed at its top.
READERS = {
    "student": "Student handout",
    "lecturer": "Lecturer's handout: with the notes and the worked solutions",
}
_TEMPLATES = Path(__file__).parent / "templates"
#: The printed text width in CSS px (A4 less the 14 mm margins): a figure of several
#: panels wider than this prints as its panels, each at its own size, so that its
#: legends stay at least 7 pt (shrunk whole, they printed at 3-4 pt).
PAGE = 688
#: A figure taller than this (px) is printed whole: its panels would be taller than wide.
TALL_PANEL = 600
_FIGURE = re.compile(r'^\s*<img class="cg-figure" alt="([^"]*)" '
                     r'src="data:image/png;base64,([A-Za-z0-9+/=\s]+)"/>\s*$')


def _panels_apart(nb):
    """Print each wide figure of several panels as its panels (see :data:`PAGE`)."""
    from cgteach.present._panels import panels, png_size

    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            text = output.get("data", {}).get("text/html")
            m = _FIGURE.match(text) if isinstance(text, str) else None
            if not m:
                continue
            width, height = png_size(m.group(2))
            if width <= PAGE or height > TALL_PANEL:   # tall panels print better whole
                continue
            parts = panels("".join(m.group(2).split()), PAGE)
            if not parts:
                continue
            alt, n = m.group(1), len(parts)
            output["data"]["text/html"] = '<div class="cg-panels">' + "".join(
                f'<img class="cg-figure" alt="{alt} (Panel {k + 1} of {n}.)" '
                f'src="data:image/png;base64,{part}"/>' for k, part in enumerate(parts)) + "</div>"
    return nb


def _chromium() -> str:
    path = os.environ.get("CGTEACH_CHROMIUM", CHROMIUM)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise RuntimeError(f"the handouts are printed by Chromium, not found at {path}: "
                           "install Debian's chromium package (or set CGTEACH_CHROMIUM)")
    return path


_PRE = re.compile(r"(<pre\b[^>]*>)(.*?)(</pre>)", re.S)
_TAG = re.compile(r"(<[^>]+>)")
_VOID = re.compile(r"<(?:br|img|wbr|hr|input)\b", re.I)


def _lines_of(body: str) -> str:
    r"""The inside of a ``<pre>`` as one ``<span class="cg-line">`` per line of text.

    On paper a long line wraps (pre-wrap); as its own block, with a hanging indent
    (the handout's style sheet), its continuation starts further in than the line
    itself, beside a mark, so that it reads as the same line of code.  The
    highlighting spans that cross a line's end are closed at it and opened again on
    the next line, so each line's HTML is whole.

    >>> print(_lines_of('<i>x = (1,\n    2)</i>\ny').replace("</span><", "</span>\n<"))
    <span class="cg-line" style="--cg-indent: 0ch"><i>x = (1,</i></span>
    <span class="cg-line" style="--cg-indent: 4ch"><i>    2)</i></span>
    <span class="cg-line" style="--cg-indent: 0ch">y</span>
    """
    lines, line, text, stack = [], [], [], []
    for part in _TAG.split(body):
        if not part:
            continue
        if part.startswith("<"):
            if part.startswith("</"):
                if stack:
                    stack.pop()
            elif not part.endswith("/>") and not _VOID.match(part):
                stack.append(part)
            line.append(part)
            continue
        pieces = part.split("\n")
        for k, piece in enumerate(pieces):
            if k:       # a line ends: close what is open, open it again on the next
                line.extend(f"</{re.match(r'<([A-Za-z0-9]+)', t).group(1)}>"
                            for t in reversed(stack))
                lines.append(("".join(line), "".join(text)))
                line, text = list(stack), []
            line.append(piece)
            text.append(piece)
    lines.append(("".join(line), "".join(text)))
    if len(lines) > 1 and not html.unescape(lines[-1][1]).strip() and "<" not in lines[-1][0]:
        lines.pop()     # the newline that ends the last line starts no line
    out = []
    for markup, plain in lines:
        plain = html.unescape(plain)
        indent = len(plain) - len(plain.lstrip(" "))
        out.append(f'<span class="cg-line" style="--cg-indent: {indent}ch">'
                   f'{markup if plain else markup + " "}</span>')
    return "".join(out)


def _mark_wrapped_lines(page: str) -> str:
    """Every ``<pre>`` of a handout page with its lines apart (see :func:`_lines_of`)."""
    return _PRE.sub(lambda m: m.group(1) + _lines_of(m.group(2)) + m.group(3), page)


def _exporter():
    from nbconvert import HTMLExporter
    from traitlets.config import Config

    class HandoutExporter(HTMLExporter):
        """The lesson as a handout page: code lines that wrap on paper are marked."""

        def from_notebook_node(self, nb, resources=None, **kw):
            body, resources = super().from_notebook_node(nb, resources, **kw)
            return _mark_wrapped_lines(body), resources

    config = Config()
    config.TagRemovePreprocessor.enabled = True
    config.TagRemovePreprocessor.remove_input_tags = {"remove-input"}
    config.TagRemovePreprocessor.remove_cell_tags = {"remove-cell"}
    return HandoutExporter(config=config, template_name="cghandout",
                           extra_template_basedirs=[str(_TEMPLATES)],
                           exclude_input_prompt=True, exclude_output_prompt=True)


def _browser_env(home: Path) -> dict:
    """The environment Chromium runs in: every folder it writes to is under ``home``."""
    env = dict(os.environ, HOME=str(home), TMPDIR=str(home / "tmp"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
               XDG_RUNTIME_DIR=str(home / "run"))
    for name in ("tmp", "config", "cache", "data", "state", "run"):
        (home / name).mkdir(mode=0o700, exist_ok=True)
    return env


def _print(chromium: str, page: Path, pdf: Path, home: Path, timeout: float = 180) -> None:
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=home))  # one per printing
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
               f"--user-data-dir={profile}", f"--disk-cache-dir={profile / 'cache'}",
               "--disable-background-networking", "--no-first-run", "--disable-extensions",
               "--host-resolver-rules=MAP * ~NOTFOUND", "--no-pdf-header-footer",
               "--run-all-compositor-stages-before-draw", "--virtual-time-budget=5000",
               f"--print-to-pdf={pdf}", page.as_uri()]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              env=_browser_env(home))
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"Chromium did not print {page.name} within {timeout:.0f} s") from None
    if done.returncode != 0 or not pdf.is_file() or pdf.stat().st_size < 1000:
        raise RuntimeError(f"Chromium could not print {page.name}:\n{done.stderr[-1500:]}")


def write_handouts(notebooks="notebooks", out="build/handouts", quiet=False,
                   readers=("student", "lecturer")) -> list[Path]:
    """Write ``out/NN-name.<reader>.pdf`` for each lesson and reader; return the PDFs.

    ``out`` must be a new or empty folder, or one this function made before.
    """
    if not isinstance(readers, list | tuple) or not all(
            type(r) is str and r in READERS for r in readers):
        raise ValueError(f"readers must be a list or tuple drawn from {tuple(READERS)}, "
                         f"got {show(readers)}")
    start = time.monotonic()
    paths = notebook_paths(notebooks)
    check_out(out)                  # before the slow reading: a bad out is refused at once
    lessons = [(path, read_notebook(path)) for path in paths]
    chromium, mathjax = _chromium(), mathjax_file()
    exporter = _exporter()
    with staged(out) as tmp:
        pages = tmp / "_html"
        (pages / "_static").mkdir(parents=True)
        shutil.copyfile(mathjax, pages / "_static" / mathjax.name)
        jobs = []
        for path, nb in lessons:
            for reader in readers:
                shaped = _panels_apart(shape_for(nb, reader))
                body, _ = exporter.from_notebook_node(shaped, resources={
                    "metadata": {"name": f"{path.stem} ({reader})"},
                    "cgteach_mathjax": f"_static/{mathjax.name}",
                    "cgteach_banner": html.escape(f"{path.stem} · {READERS[reader]}"),
                    "cgteach_summary": SOLUTION_SUMMARY, "cgteach_summary_css": SOLUTION_CSS})
                page = pages / f"{path.stem}.{reader}.html"
                page.write_text(body, encoding="utf-8")
                jobs.append((page, tmp / f"{path.stem}.{reader}.pdf"))
        # Chromium's home, cache and temporary files: a private folder, removed afterwards
        home = Path(tempfile.mkdtemp(prefix="cgteach-chromium-"))
        try:
            with ThreadPoolExecutor(max_workers=2) as pool:
                list(pool.map(lambda job: _print(chromium, *job, home), jobs))
        finally:
            shutil.rmtree(home, ignore_errors=True)
    out = Path(out).absolute()
    if not quiet:
        print(f"wrote {len(jobs)} handouts to {out}/ in {time.monotonic() - start:.1f} s")
    return [out / pdf.name for _, pdf in jobs]
