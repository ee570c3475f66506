"""Worked solutions that stay folded when they run: the ``%%solution`` cell magic.

Every exercise of a lesson is followed by a *solution cell*: a code cell
tagged ``solution`` whose source JupyterLab keeps hidden
(``jupyter.source_hidden``).  JupyterLab and Jupyter Notebook show a cell's
outputs again whenever the cell runs, so a solution printed the ordinary
way would appear under the student's empty attempt cell at the first
**Run All**.  A solution cell therefore starts with ``%%solution``: the body
runs in the notebook's namespace as usual (so later cells can use what it
defines), but everything it prints, draws or displays is caught and shown
as *one* output, a closed

``<details class="cg-solution"><summary>Show the solution</summary>`` … ``</details>``

block holding the solution's code and its outputs.  A closed ``<details>``
is closed in every view — JupyterLab, Notebook 7, the exported slides and
the website — until the reader clicks it, and running the cell again
draws it closed again.  The same output carries the captured text as
``text/plain``, so nbval still compares the checker's verdict.

A lesson's setup cell loads the magic with
``%load_ext cgteach.exercises.solutions``.

Offers:

- :func:`load_ipython_extension` — registers the ``%%solution`` cell magic.
- :func:`run_solution` — what the magic does: run code in an IPython
  shell's namespace and display the folded block; returns nothing.
- :func:`render` — the block itself, as ``(html, text)``, from the code and
  the outputs it produced (pure; no IPython needed).
- :data:`SUMMARY` — the words on the closed block.

>>> html, text = render("print(6 * 7)", [{"text/plain": "42"}])
>>> html.startswith('<details class="cg-solution"><summary>Show the solution</summary>')
True
>>> text
'42'
"""

from __future__ import annotations

import ast
import base64
import html as _html
import sys
from collections.abc import Mapping, Sequence

__all__ = ["SUMMARY", "load_ipython_extension", "render", "run_solution"]

#: The words on a closed solution.
SUMMARY = "Show the solution"

_PLAIN = "text/plain"


def load_ipython_extension(ipython) -> None:
    """Register ``%%solution`` with ``ipython`` (``%load_ext cgteach.exercises.solutions``)."""
    ipython.register_magic_function(_magic, magic_kind="cell", magic_name="solution")


def _magic(line: str, cell: str) -> None:
    from IPython import get_ipython

    run_solution(cell, get_ipython())


def render(code: str, outputs: Sequence[Mapping[str, object]]) -> tuple[str, str]:
    """The folded block for ``code`` and the ``outputs`` it produced.

    Each output is a mime bundle (``{"text/plain": ..., "image/png": ...}``);
    printed text is a bundle with only ``text/plain``.  Returns the block's
    HTML (closed, the code then the outputs in order) and its plain text
    (the outputs' ``text/plain``, in order: what nbval compares).
    """
    shown = []
    for bundle in outputs:
        shown.append(_bundle_html(bundle))
    text = "\n".join(str(b.get(_PLAIN, "")).rstrip("\n") for b in outputs
                     if str(b.get(_PLAIN, "")).strip())
    body = "".join(shown)
    block = (f'<details class="cg-solution"><summary>{SUMMARY}</summary>\n'
             f'{_code_html(code)}'
             f'<div class="cg-solution-output">{body}</div>\n'
             "</details>")
    return block, text


_CODE_STYLE = ("background-color: #f5f5f5; border-left: 3px solid #9e9e9e; "
               "padding: 4px 8px; margin: 4px 0; color: #212121;")


def _code_html(code: str) -> str:
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer
    except ImportError:  # pragma: no cover - pygments comes with IPython
        body = _html.escape(code)
    else:
        body = highlight(code, PythonLexer(), HtmlFormatter(noclasses=True, nowrap=True))
    return f'<pre class="cg-solution-code" style="{_CODE_STYLE}">{body.rstrip()}</pre>\n'


def _bundle_html(bundle: Mapping[str, object]) -> str:
    if "text/html" in bundle:
        return f'<div>{_joined(bundle["text/html"])}</div>\n'
    if "image/svg+xml" in bundle:
        return f'<div>{_joined(bundle["image/svg+xml"])}</div>\n'
    for mime in ("image/png", "image/jpeg"):
        if mime in bundle:
            data = bundle[mime]
            if isinstance(data, bytes):
                data = base64.b64encode(data).decode("ascii")
            data = _joined(data).replace("\n", "")
            return f'<img src="data:{mime};base64,{data}" alt="a figure drawn by the solution">\n'
    return f"<pre>{_html.escape(_joined(bundle.get(_PLAIN, '')).rstrip())}</pre>\n"


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


class _Capture:
    """Everything a cell prints or displays, in order, as mime bundles."""

    def __init__(self):
        self.outputs: list[dict[str, object]] = []

    # sys.stdout / sys.stderr
    def write(self, s: str) -> int:
        if s:
            last = self.outputs[-1] if self.outputs else None
            if last is not None and last.get("_stream"):
                last[_PLAIN] += s
            else:
                self.outputs.append({_PLAIN: s, "_stream": True})
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    # the shell's display publisher
    def publish(self, data, metadata=None, source=None, *, transient=None, update=False,
                **kwargs) -> None:
        self.outputs.append(dict(data))

    def clear_output(self, wait=False) -> None:
        self.outputs.clear()

    def bundles(self) -> list[dict[str, object]]:
        return [{k: v for k, v in b.items() if k != "_stream"} for b in self.outputs]


def run_solution(code: str, shell=None) -> None:
    """Run ``code`` in ``shell``'s namespace and display it as one folded block.

    The last line, when it is an expression (and does not end in ``;``), is
    shown as IPython would show it.  Figures left open by matplotlib's
    inline backend are drawn inside the block.  An exception is raised
    again after the block (with what ran until then) is displayed.
    """
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is None:
        raise RuntimeError("run_solution needs an IPython shell (run it in a notebook)")
    from IPython.display import display

    source = shell.transform_cell(code)
    tree = ast.parse(source, filename="<solution>")
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr) and not source.rstrip().endswith(";"):
        last = ast.Expression(tree.body.pop().value)
    namespace = shell.user_ns
    capture = _Capture()
    saved = sys.stdout, sys.stderr, shell.display_pub
    sys.stdout = sys.stderr = capture
    shell.display_pub = capture
    error = None
    try:
        exec(compile(tree, "<solution>", "exec"), namespace)  # noqa: S102 (the lesson's own code)
        if last is not None:
            value = eval(compile(last, "<solution>", "eval"), namespace)  # noqa: S307
            if value is not None:
                data, _ = shell.display_formatter.format(value)
                capture.publish(data)
        _flush_figures()
    except Exception as exc:  # shown after the block, as the cell's error
        error = exc
    finally:
        sys.stdout, sys.stderr, shell.display_pub = saved
    html, text = render(code.strip("\n"), capture.bundles())
    display({"text/html": html, _PLAIN: text}, raw=True)
    if error is not None:
        raise error


def _flush_figures() -> None:
    """Draw the figures the inline backend would draw after the cell, now (inside the block)."""
    if "matplotlib.pyplot" not in sys.modules:
        return
    backend = sys.modules.get("matplotlib_inline.backend_inline")
    if backend is not None and "inline" in sys.modules["matplotlib.pyplot"].get_backend():
        backend.flush_figures()
