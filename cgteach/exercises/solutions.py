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
- :func:`readable_colours` — darkens the inline text colours of highlighted
  code until each reads at WCAG AA (4.5:1) on the block's background.
- :func:`figure_alt` — what a matplotlib figure shows, in words (its titles
  and labels): the text alternative the extension attaches to every figure
  a lesson draws (the ``alt`` of the output's ``image/png`` metadata).
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
import re
import sys
from collections.abc import Mapping, Sequence

__all__ = ["SUMMARY", "contrast", "figure_alt", "load_ipython_extension", "readable_colours",
           "render", "run_solution"]

#: The words on a closed solution.
SUMMARY = "Show the solution"

_PLAIN = "text/plain"
# a captured figure's text alternative (from its image/png metadata), kept with its bundle
_ALT = "_alt"
#: The text alternative of a solution's figure when nothing better is known.
_FIGURE = "a figure drawn by the solution"


def load_ipython_extension(ipython) -> None:
    """Register ``%%solution`` with ``ipython`` (``%load_ext cgteach.exercises.solutions``).

    Every figure the lesson draws from then on carries its text alternative
    (:func:`figure_alt`) as the ``alt`` of its ``image/png`` metadata, which the
    exports use for the picture's ``alt`` text.
    """
    if not all(hasattr(ipython, name) for name in ("register_magic_function", "events",
                                                    "display_formatter")):
        raise TypeError("ipython must be the running IPython shell (get_ipython()), "
                        f"got {_shown(ipython)} of type {type(ipython).__name__}")
    ipython.register_magic_function(_magic, magic_kind="cell", magic_name="solution")
    _attach_figure_alt(ipython.display_formatter)


def _shown(value) -> str:
    from cgteach._validate import show

    return show(value, 40)


def _attach_figure_alt(formatter) -> None:
    """Make ``formatter`` (the shell's display formatter, which ``display()``, the inline
    backend's ``plt.show()`` and the cell's result all go through) add
    ``{"image/png": {"alt": figure_alt(fig)}}`` to the metadata of every matplotlib figure.
    Wrapping ``format`` itself holds whenever matplotlib's inline backend registers its
    own PNG printer (lazily, at the first figure)."""
    original = formatter.format
    if getattr(original, "_cg_figure_alt", False):
        return

    def format(obj, include=None, exclude=None):  # noqa: A001 (the method it stands for)
        data, metadata = original(obj, include=include, exclude=exclude)
        figure = sys.modules.get("matplotlib.figure")
        if figure is not None and isinstance(obj, figure.Figure) and "image/png" in data:
            try:
                alt = figure_alt(obj)
            except Exception:  # noqa: BLE001 (a picture without alt beats no picture)
                alt = ""
            if alt:
                from cgteach._pictures import with_alt

                metadata = with_alt(metadata, alt)
        return data, metadata

    format._cg_figure_alt = True
    formatter.format = format


def _clean(text: str) -> str:
    return " ".join(str(text).split())


def figure_alt(fig, limit: int = 300) -> str:
    """What the matplotlib figure ``fig`` shows, in words: its titles, then its labels.

    Read from the drawn figure (the titles' values, not the code that made them).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set_title(f"a tree worth *{1 + 1}")
    >>> _ = ax.text(0, 0, "pile 1"); _ = ax.text(1, 0, "3")
    >>> figure_alt(fig)
    'Figure: a tree worth *2. Labels: pile 1, 3.'
    >>> plt.close(fig)
    """
    if not (hasattr(fig, "axes") and hasattr(fig, "texts")):
        raise TypeError(f"fig must be a matplotlib Figure, got {_shown(fig)} "
                        f"of type {type(fig).__name__}")
    titles, labels = [], []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None and _clean(suptitle.get_text()):
        titles.append(_clean(suptitle.get_text()))
    labels += [_clean(t.get_text()) for t in fig.texts]
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        described = _clean(ax.get_label())  # a drawing's own words (Axes.set_label)
        if described and not described.startswith("_"):
            titles.append(described)
        for loc in ("left", "center", "right"):
            title = _clean(ax.get_title(loc))
            if title:
                titles.append(title)
        texts = [_clean(t.get_text()) for t in ax.texts if t.get_visible()]
        legend = ax.get_legend()
        if legend is not None:
            texts += [_clean(t.get_text()) for t in legend.get_texts()]
        for table in getattr(ax, "tables", []):
            texts += [_clean(c.get_text().get_text()) for _, c in sorted(table.get_celld().items())]
        labels += texts
    titles = [t for t in titles if t]
    labels = [t for t in labels if t and t not in titles]
    parts = []
    if titles:
        parts.append("Figure: " + "; ".join(titles).rstrip(".") + ".")
    if labels:
        parts.append("Labels: " + ", ".join(labels).rstrip(".") + ".")
    if not parts:  # no words drawn: say what its axes and images show
        shapes = [_axes_words(ax) for ax in fig.axes if ax.get_visible()]
        shapes = [w for w in shapes if w]
        if shapes:
            parts.append("Figure: " + "; ".join(shapes) + ".")
    text = " ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _ticks(labels) -> str:
    shown = [_clean(t.get_text()) for t in labels]
    shown = [t for t in shown if t]
    return f"{shown[0]} to {shown[-1]}" if len(shown) > 1 else ""


def _axes_words(ax) -> str:
    """What an Axes without titles or texts shows: its images' sizes, then its axes
    (label and tick range), e.g. ``'a colour map of 24 by 24 values; across: pile a,
    0 to 23; up: pile b, 0 to 23'`` (``''`` when it shows neither)."""
    words = []
    for image in getattr(ax, "images", []):
        shape = getattr(image.get_array(), "shape", ())
        if image.get_visible() and len(shape) >= 2:
            words.append(f"a colour map of {shape[0]} by {shape[1]} values")
    if ax.axison:
        for where, label, ticks in (("across", ax.get_xlabel(), ax.get_xticklabels()),
                                    ("up", ax.get_ylabel(), ax.get_yticklabels())):
            name, span = _clean(label), _ticks(ticks)
            if name:
                words.append(f"{where}: {name}" + (f", {span}" if span else ""))
    return "; ".join(words)


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
    if not isinstance(code, str):
        raise TypeError(f"code must be a str (the solution's source), got {_shown(code)} "
                        f"of type {type(code).__name__}")
    if isinstance(outputs, str | bytes | Mapping) or not isinstance(outputs, Sequence):
        raise TypeError("outputs must be a list of mime bundles (dicts), "
                        f"got {_shown(outputs)} of type {type(outputs).__name__}")
    bad = [b for b in outputs if not isinstance(b, Mapping)]
    if bad:
        raise TypeError(f"outputs must hold mime bundles (dicts), got {_shown(bad[0])} "
                        f"of type {type(bad[0]).__name__}")
    text = "\n".join(str(b.get(_PLAIN, "")).rstrip("\n") for b in outputs
                     if str(b.get(_PLAIN, "")).strip())
    body = "".join(shown)
    block = (f'<details class="cg-solution"><summary>{SUMMARY}</summary>\n'
             f'{_code_html(code)}'
             f'<div class="cg-solution-output">{body}</div>\n'
             "</details>")
    return block, text


#: The background of the code in the block (also what :func:`readable_colours` reads on).
CODE_BACKGROUND = "#f5f5f5"

_CODE_STYLE = (f"background-color: {CODE_BACKGROUND}; border-left: 3px solid #757575; "
               "padding: 4px 8px; margin: 4px 0; color: #212121;")

_COLOUR = re.compile(r"(?<![-\w])(color:\s*)#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


def _luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` (or ``#rgb``) colours.

    >>> round(contrast("#000", "#ffffff"), 1)
    21.0
    """
    a, b = sorted((_luminance(_rgb(foreground)), _luminance(_rgb(background))))
    return (b + 0.05) / (a + 0.05)


def readable_colours(html: str, background: str = CODE_BACKGROUND, minimum: float = 4.6) -> str:
    """``html`` with every inline ``color: #…`` darkened (hue kept) until it has at least
    ``minimum``:1 contrast on ``background`` (WCAG AA asks 4.5:1 for text).

    >>> readable_colours('<span style="color: #AA22FF">x</span>')
    '<span style="color: #a521f7">x</span>'
    >>> readable_colours('<span style="background-color: #fff; color: #000">x</span>')
    '<span style="background-color: #fff; color: #000">x</span>'
    """
    if not isinstance(html, str):
        raise TypeError(f"html must be a str, got {type(html).__name__}")

    def darker(m):
        rgb = _rgb(m.group(2))
        if contrast("#{:02x}{:02x}{:02x}".format(*rgb), background) >= minimum:
            return m.group(0)
        for step in range(1, 101):
            scaled = tuple(round(c * (1 - step / 100)) for c in rgb)
            shown = "#{:02x}{:02x}{:02x}".format(*scaled)
            if contrast(shown, background) >= minimum:
                return m.group(1) + shown
        return m.group(1) + "#000000"  # pragma: no cover - black always reads

    return _COLOUR.sub(darker, html)


def _code_html(code: str) -> str:
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer
    except ImportError:  # pragma: no cover - pygments comes with IPython
        body = _html.escape(code)
    else:
        body = readable_colours(
            highlight(code, PythonLexer(), HtmlFormatter(noclasses=True, nowrap=True)))
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
            alt = _html.escape(str(bundle.get(_ALT) or _FIGURE), quote=True)
            return f'<img src="data:{mime};base64,{data}" alt="{alt}">\n'
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
        bundle = dict(data)
        meta = metadata if isinstance(metadata, dict) else {}
        for mime in ("image/png", "image/jpeg"):
            alt = meta.get(mime, {}).get("alt") if isinstance(meta.get(mime), dict) else None
            if mime in bundle and isinstance(alt, str) and alt.strip():
                bundle[_ALT] = alt
        self.outputs.append(bundle)

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
    if not isinstance(code, str):
        raise TypeError(f"code must be a str (the solution's source), got {_shown(code)} "
                        f"of type {type(code).__name__}")
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is None:
            raise ValueError("shell: run_solution needs the running IPython shell, and none "
                             "is running here (run the solution cell in a notebook)")
    needed = ("transform_cell", "user_ns", "display_pub", "display_formatter")
    if not all(hasattr(shell, name) for name in needed):
        raise TypeError(f"shell must be an IPython shell (get_ipython()), got {_shown(shell)} "
                        f"of type {type(shell).__name__}")
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
                data, metadata = shell.display_formatter.format(value)
                capture.publish(data, metadata)
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
