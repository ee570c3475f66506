"""Shared pieces of the cgteach anywidgets: the message dispatcher and layouts.

Every board widget follows one pattern.  The browser never decides
anything: a click becomes an *intent*, a small JSON message such as
``{"event": "add_edge", "u": 0, "v": 1}`` sent with ``model.send``.
:meth:`Board.handle` routes it to a method ``_on_<event>`` of the widget,
which validates it, changes the synced traits and, when the intent cannot be
carried out, leaves everything as it was and says why in the ``message``
trait.  Tests call :meth:`Board.handle` with the very payload the JavaScript
sends, so every rule is checked without a browser.

This module also lays out positions that come without coordinates: a
Hackenbush drawing (:func:`layout_hackenbush`, nodes in layers above the
ground) and a forest of rooted trees (:func:`layout_forest`, roots on the
ground, leaves spread evenly).  Both are deterministic.
"""

from __future__ import annotations

import pathlib
from collections import defaultdict, deque

import anywidget
import traitlets

__all__ = ["Board", "STATIC", "layout_hackenbush", "layout_forest", "WIDTH", "HEIGHT", "GROUND_Y"]

#: Folder holding the JavaScript and CSS shipped with the package.
STATIC = pathlib.Path(__file__).parent / "static"

#: The drawing area of every board, in SVG user units (the picture scales).
WIDTH, HEIGHT = 640, 400
#: Height of the ground line.
GROUND_Y = 350


class Board(anywidget.AnyWidget):
    """Base class: ``message`` and ``lecture`` traits and the intent dispatcher."""

    #: One sentence for the student: what just happened, or why not.
    message = traitlets.Unicode("").tag(sync=True)
    #: Lecture mode: large fonts, thick lines, high contrast.
    lecture = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._receive)

    def _receive(self, _widget, content, _buffers):
        self.handle(content)

    def handle(self, content) -> None:
        """Carry out one intent sent by the browser (``{"event": name, ...}``).

        An unknown intent or bad arguments never raise: the widget keeps its
        state and explains the problem in ``message``.
        """
        if not isinstance(content, dict) or not isinstance(content.get("event"), str):
            self.message = f"ignored a message the widget does not understand: {content!r}"
            return
        method = getattr(self, "_on_" + content["event"], None)
        if method is None:
            self.message = f"ignored an unknown request {content['event']!r}"
            return
        args = {k: v for k, v in content.items() if k != "event"}
        try:
            method(**args)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            self.message = str(exc)


def _spread(count: int, lo: float, hi: float) -> list[float]:
    """``count`` evenly spaced points strictly inside ``[lo, hi]``."""
    step = (hi - lo) / count
    return [lo + step * (k + 0.5) for k in range(count)]


def layout_hackenbush(position, width=WIDTH, ground_y=GROUND_Y, top=40) -> dict:
    """Coordinates ``{node: (x, y)}`` for drawing a Hackenbush position.

    Ground nodes sit on the ground line; every other node sits in the layer
    given by its distance (in edges) from the ground, ordered within its
    layer by the mean position of its neighbours one layer down.  Each
    connected piece gets a share of the width in proportion to its widest
    layer, so separate pieces never overlap.

    >>> from cgteach.hackenbush import Hackenbush
    >>> layout_hackenbush(Hackenbush([(0, 1), (1, 2)]))
    {0: (320.0, 350.0), 1: (320.0, 270.0), 2: (320.0, 190.0)}
    """
    nodes = list(position.nodes)
    ground = list(position.ground)
    adjacency = defaultdict(list)
    for u, v, _ in position.edges:
        if u != v:
            adjacency[u].append(v)
            adjacency[v].append(u)
    # Pieces: the connected components, found from the ground nodes (every
    # node of a position is joined to the ground).
    piece_of, pieces = {}, []
    for g in ground:
        if g in piece_of:
            continue
        members, queue = [g], deque([g])
        piece_of[g] = len(pieces)
        while queue:
            a = queue.popleft()
            for b in adjacency[a]:
                if b not in piece_of:
                    piece_of[b] = len(pieces)
                    members.append(b)
                    queue.append(b)
        pieces.append(members)
    for n in nodes:  # only possible for hand-made inputs; keep every node visible
        if n not in piece_of:
            piece_of[n] = len(pieces)
            pieces.append([n])
    # Layers: breadth-first distance from the ground.
    depth = {g: 0 for g in ground}
    queue = deque(ground)
    while queue:
        a = queue.popleft()
        for b in adjacency[a]:
            if b not in depth:
                depth[b] = depth[a] + 1
                queue.append(b)
    for n in nodes:
        depth.setdefault(n, 1)
    max_depth = max(depth.values(), default=0)
    dy = min(80.0, (ground_y - top) / max(max_depth, 1))
    widths = []
    for members in pieces:
        per_layer = defaultdict(int)
        for n in members:
            per_layer[depth[n]] += 1
        widths.append(max(per_layer.values()))
    total = sum(widths)
    margin = 30.0
    span = width - 2 * margin
    coords, left = {}, margin
    for members, w in zip(pieces, widths, strict=True):
        right = left + span * w / total
        layers = defaultdict(list)
        for n in members:
            layers[depth[n]].append(n)
        for d in sorted(layers):
            row = layers[d]
            if d > 0:
                def key(n, d=d):
                    below = [coords[m][0] for m in adjacency[n] if depth[m] == d - 1 and m in coords]
                    return sum(below) / len(below) if below else 0.0
                row.sort(key=key)
            for n, x in zip(row, _spread(len(row), left, right), strict=True):
                coords[n] = (round(x, 1), round(ground_y - d * dy, 1))
        left = right
    return {n: coords[n] for n in nodes}


def layout_forest(parents, width=WIDTH, ground_y=GROUND_Y, top=40, gap=48.0) -> list:
    """Coordinates ``[(x, y), ...]`` for a forest given by its parent list.

    Roots stand on the ground line and trees grow upwards; leaves take
    consecutive slots from left to right (one empty slot between trees) and
    every other node sits above the middle of its children.  Iterative, so
    tall trees are fine.

    >>> layout_forest([None, 0, 0])
    [(320.0, 350.0), (296.0, 270.0), (344.0, 270.0)]
    """
    n = len(parents)
    children = [[] for _ in range(n)]
    roots = []
    for i, p in enumerate(parents):
        (roots if p is None else children[p]).append(i)
    depth = [0] * n
    slot = [0.0] * n
    next_slot = 0.0
    for r in roots:
        if r != roots[0]:
            next_slot += 1.0  # an empty slot between neighbouring trees
        # Post-order walk: a node is placed after all its children.
        stack = [(r, False)]
        while stack:
            node, done = stack.pop()
            if done:
                kids = children[node]
                if kids:
                    slot[node] = (slot[kids[0]] + slot[kids[-1]]) / 2
                else:
                    slot[node] = next_slot
                    next_slot += 1.0
                continue
            stack.append((node, True))
            for c in reversed(children[node]):
                depth[c] = depth[node] + 1
                stack.append((c, False))
    if n == 0:
        return []
    used = next_slot - 1.0
    max_depth = max(depth)
    dy = min(80.0, (ground_y - top) / max(max_depth, 1))
    dx = min(gap, (width - 60.0) / max(used, 1.0))
    left = width / 2 - dx * used / 2
    return [(round(left + dx * slot[i], 1), round(ground_y - dy * depth[i], 1)) for i in range(n)]
