"""Measure a matplotlib figure for text that collides (issue 30), and run a lesson kernel-free.

:func:`audit` draws a figure as Jupyter shows it (Agg, 100 dpi) and returns
every pair of texts whose boxes intersect, and every text that covers a
node (a filled scatter marker or a circle patch) it does not belong to (a
text belongs to a node when it is written at the node's centre, as the
names inside Hackendot nodes are).

Run as ``python -m tests.figure_audit NOTEBOOK MODE OUT.json`` (MODE is
``lecture`` or ``normal``), or as ``python -m tests.figure_audit --serve`` for many
lessons (see :func:`serve`): every code cell of the notebook is run in an
IPython shell without a kernel, in that mode, and every figure is audited
when it is shown (``plt.show``), saved (``savefig``: a position's picture,
a solution's figures) or left open at the end of a cell.  The result is
written as JSON: the figures counted, the problems found, the cells that
raised.
"""

from __future__ import annotations

import json
import os
import sys

DPI = 100
SLACK = 1.0   # pixels: boxes that merely touch do not collide


def _texts(fig):
    """Every visible, non-empty text of ``fig`` that is drawn: (text, where)."""
    from matplotlib.text import Text

    out = []
    for t in fig.texts:
        out.append(t)
    for legend in fig.legends:
        out.extend(legend.get_texts())
        if legend.get_title().get_text():
            out.append(legend.get_title())
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        out.extend(ax.texts)
        out.extend([ax.title, ax._left_title, ax._right_title])
        legend = ax.get_legend()
        if legend is not None:
            out.extend(legend.get_texts())
        if ax.axison:
            for axis in (ax.xaxis, ax.yaxis):
                if not axis.get_visible():
                    continue
                out.append(axis.label)
                lo, hi = sorted(axis.get_view_interval())
                for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                    loc = tick.get_loc()
                    if loc is None or not lo - 1e-9 <= loc <= hi + 1e-9:
                        continue
                    for label in (tick.label1, tick.label2):
                        if label.get_visible():
                            out.append(label)
    return [t for t in dict.fromkeys(out)
            if isinstance(t, Text) and t.get_visible() and t.get_text().strip()]


def _nodes(fig, renderer):
    """Filled round markers and circle patches in display pixels: rows (x, y, radius)."""
    import numpy as np
    from matplotlib.collections import PathCollection
    from matplotlib.patches import Circle

    out = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        for coll in ax.collections:
            if not isinstance(coll, PathCollection) or not coll.get_visible():
                continue
            faces = coll.get_facecolors()
            if len(faces) == 0 or all(f[3] == 0 for f in faces):
                continue   # rings (facecolor "none") are decorations
            offsets = coll.get_offsets()
            sizes = coll.get_sizes()
            if len(offsets) == 0 or len(sizes) == 0:
                continue
            # All the collection's nodes at once (a scatter plot has 100 000): sizes
            # repeat over the offsets, as matplotlib draws them.
            points = np.asarray(coll.get_offset_transform().transform(offsets), dtype=float)
            radii = np.sqrt(np.asarray(sizes, dtype=float)[np.arange(len(points)) % len(sizes)])
            out.append(np.column_stack([points[:, 0], points[:, 1], radii / 2 * fig.dpi / 72]))
        for patch in ax.patches:
            if isinstance(patch, Circle) and patch.get_visible() and patch.get_fill():
                to_px = patch.get_data_transform()
                (x, y) = to_px.transform(patch.center)
                (x1, _) = to_px.transform((patch.center[0] + patch.radius, patch.center[1]))
                out.append(np.array([[x, y, abs(x1 - x)]], dtype=float))
    return np.concatenate(out) if out else np.empty((0, 3))


def _anchor(text):
    """Where ``text`` is anchored, in display pixels."""
    return text.get_transform().transform(text.get_position())


def _describe(text):
    return repr(text.get_text()[:40])


def audit(fig):
    """Collisions in ``fig``: a list of short sentences (empty when all is clear)."""
    fig.set_dpi(DPI)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = _texts(fig)
    boxes = []
    for t in texts:
        bb = t.get_window_extent(renderer)
        if bb.width <= 0 or bb.height <= 0:
            continue
        patch = t.get_bbox_patch()
        if patch is not None and patch.get_visible():   # a boxed label: its box counts
            bb = bb.union([bb, patch.get_window_extent(renderer)])
        boxes.append((t, bb.x0 + SLACK, bb.y0 + SLACK, bb.x1 - SLACK, bb.y1 - SLACK))
    problems = []
    for a in range(len(boxes)):
        ta, ax0, ay0, ax1, ay1 = boxes[a]
        for b in range(a + 1, len(boxes)):
            tb, bx0, by0, bx1, by1 = boxes[b]
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                problems.append(f"text {_describe(ta)} overlaps text {_describe(tb)}")
    # Every node against every text box, at once (a scatter plot has 100 000 nodes):
    # the same test, node by node and box by box, as a loop over both would make.
    import numpy as np

    nodes = _nodes(fig, renderer)
    x, y, r = nodes[:, 0], nodes[:, 1], nodes[:, 2]
    hits = []
    for b, (t, x0, y0, x1, y1) in enumerate(boxes):
        px, py = _anchor(t)
        own = np.hypot(px - x, py - y) < 2.0   # the node's own label, written on it
        cx, cy = np.minimum(np.maximum(x, x0), x1), np.minimum(np.maximum(y, y0), y1)
        covered = ~own & (np.hypot(cx - x, cy - y) < r - SLACK)
        hits.extend((int(n), b) for n in np.flatnonzero(covered))
    for n, b in sorted(hits):
        problems.append(f"text {_describe(boxes[b][0])} covers a node at "
                        f"({x[n]:.0f}, {y[n]:.0f})")
    problems += _far_labels(fig, renderer)
    return problems


def _far_labels(fig, renderer):
    """Labels nearer another edge (or node) than their own (issue 37).

    A drawing marks each label it places with ``cg_near = (own key, shapes)``:
    the shapes (drawn edges as polylines, or nodes as points, in data
    coordinates) among which the reader looks for the one it names.  The
    label's centre, on screen, must be nearer its own shape than any other.
    """
    from cgteach.draw.hackenbush import nearest_shape

    problems = []
    for ax in fig.axes:
        for t in ax.texts:
            near = getattr(t, "cg_near", None)
            if near is None or not t.get_visible():
                continue
            own, shapes = near
            to_px = ax.transData.transform
            bb = t.get_window_extent(renderer)
            centre = ((bb.x0 + bb.x1) / 2, (bb.y0 + bb.y1) / 2)
            on_screen = {}
            for key, (xs, ys) in (shapes.items() if isinstance(shapes, dict)
                                  else enumerate(shapes)):
                if hasattr(xs, "__len__"):
                    pts = to_px(list(zip(xs, ys, strict=True)))
                    on_screen[key] = ([p[0] for p in pts], [p[1] for p in pts])
                else:
                    on_screen[key] = tuple(to_px((xs, ys)))
            nearest = nearest_shape(centre, on_screen, own)
            if nearest != own:
                problems.append(f"label {_describe(t)} is nearer {nearest!r} than its own {own!r}")
    return problems


# --------------------------------------------------------------------------- the runner
def run_notebook(path, mode):
    """Run every code cell of ``path`` in ``mode``; audit every figure; return a report."""
    os.environ["CGTEACH_LECTURE"] = "1" if mode == "lecture" else "0"
    os.environ["MPLBACKEND"] = "Agg"
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from IPython.core.interactiveshell import InteractiveShell
    from matplotlib.figure import Figure

    report = {"figures": 0, "problems": [], "errors": [], "cells": 0}
    seen = set()
    where = {"cell": None}

    def check(fig):
        if id(fig) in seen:
            return
        seen.add(id(fig))
        report["figures"] += 1
        for p in audit(fig):
            report["problems"].append(f"cell {where['cell']}, figure {report['figures']}: {p}")

    def show(*args, **kwargs):
        for num in plt.get_fignums():
            check(plt.figure(num))
        plt.close("all")

    original_savefig = Figure.savefig

    def savefig(self, *args, **kwargs):
        check(self)
        return original_savefig(self, *args, **kwargs)

    plt.show = show
    Figure.savefig = savefig
    shell = InteractiveShell.instance()
    shell.display_formatter.active_types = ["text/plain", "image/png", "text/html"]
    # Read as plain JSON: importing nbformat would import jsonschema's format checkers,
    # and with them rfc3987-syntax, which compiles its grammars for seconds at import.
    with open(path, encoding="utf-8") as handle:
        cells = json.load(handle)["cells"]
    os.chdir(os.path.dirname(os.path.abspath(path)))
    for k, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        where["cell"] = k
        report["cells"] += 1
        result = shell.run_cell(source, store_history=False, silent=False)
        if not result.success and "NBVAL_RAISES_EXCEPTION" not in source:
            error = result.error_in_exec or result.error_before_exec
            report["errors"].append(f"cell {k}: {error!r}")
        show()
    if matplotlib.get_backend().lower() != "agg":
        report["errors"].append(f"backend changed to {matplotlib.get_backend()}")
    from cgteach.draw import STYLE

    report["lecture"] = STYLE["lecture"]
    return report


def _run_to_file(notebook, mode, out):
    import contextlib
    import io

    with contextlib.redirect_stdout(io.StringIO()):
        result = run_notebook(notebook, mode)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=1)


# --------------------------------------------------------------------------- the server
# Every lesson is run in a fresh process, in one mode.  Starting Python and importing
# matplotlib, numpy and IPython takes about a second of CPU, as long as a small lesson:
# ``--serve`` imports them once and then forks a fresh child per request.  The parent
# never imports cgteach (its drawing style is read from CGTEACH_LECTURE when it is
# imported, in the child) and starts no thread, so each child is the one-shot run's twin.

def _preload():
    os.environ["MPLBACKEND"] = "Agg"
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.figure  # noqa: F401
    import matplotlib.pyplot  # noqa: F401
    import numpy  # noqa: F401
    from IPython.core import interactiveshell  # noqa: F401


def _child(notebook, mode, out):
    """In a forked child: run one lesson, its standard error to ``out.stderr``; never return."""
    import traceback

    status = 1
    try:
        err = os.open(out + ".stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(err, 2)
        null = os.open(os.devnull, os.O_RDWR)   # the pipes to the server are not the child's
        os.dup2(null, 0)
        os.dup2(null, 1)
        _run_to_file(notebook, mode, out)
        status = 0
    except BaseException:
        traceback.print_exc()
    finally:
        try:
            sys.stderr.flush()
            sys.stdout.flush()
        finally:
            os._exit(status)


def serve(timeout=900.0):
    """Answer lines ``NOTEBOOK<TAB>MODE<TAB>OUT`` on stdin with the child's exit status."""
    import signal
    import time

    _preload()
    for line in sys.stdin:
        notebook, mode, out = line.rstrip("\n").split("\t")
        pid = os.fork()
        if pid == 0:
            _child(notebook, mode, out)
        deadline = time.monotonic() + timeout
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                code = "timeout"
                break
            time.sleep(0.01)
        print(code, flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
    else:
        _run_to_file(*sys.argv[1:4])
