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


def _tidy(children, roots, gap_before=()) -> tuple[dict, dict, float]:
    """Slots (x in units) and depths for a forest, by a post-order walk.

    Leaves take consecutive slots; every other node sits above the middle
    of its children.  An empty slot goes before each root in
    ``gap_before``.  Iterative, so tall trees are fine.
    """
    slot, depth = {}, {}
    next_slot = 0.0
    for r in roots:
        if r in gap_before:
            next_slot += 1.0
        depth[r] = 0
        stack = [(r, False)]
        while stack:
            node, done = stack.pop()
            kids = children.get(node, ())
            if done:
                if kids:
                    slot[node] = (slot[kids[0]] + slot[kids[-1]]) / 2
                else:
                    slot[node] = next_slot
                    next_slot += 1.0
                continue
            stack.append((node, True))
            for c in reversed(kids):
                depth[c] = depth[node] + 1
                stack.append((c, False))
    return slot, depth, next_slot - 1.0


def _place(slot, depth, used, width, ground_y, top, gap) -> dict:
    max_depth = max(depth.values(), default=0)
    dy = min(80.0, (ground_y - top) / max(max_depth, 1))
    dx = min(gap, (width - 60.0) / max(used, 1.0))
    left = width / 2 - dx * used / 2
    return {n: (round(left + dx * slot[n], 1), round(ground_y - dy * depth[n], 1)) for n in slot}


def layout_hackenbush(position, width=WIDTH, ground_y=GROUND_Y, top=40, gap=70.0) -> dict:
    """Coordinates ``{node: (x, y)}`` for drawing a Hackenbush position.

    Ground nodes sit on the ground line.  A breadth-first search from the
    ground gives every other node a parent one step nearer the ground; the
    resulting forest is drawn like a family tree (leaves evenly spaced,
    a parent above the middle of its children), so stalks stand straight
    and trees look like trees.  Separate pieces are kept a slot apart.

    >>> from cgteach.hackenbush import Hackenbush
    >>> layout_hackenbush(Hackenbush([(0, 1), (1, 2)]))
    {0: (320.0, 350.0), 1: (320.0, 270.0), 2: (320.0, 190.0)}
    >>> layout_hackenbush(Hackenbush([(0, 1), (0, 2), (2, 3)]))
    {0: (320.0, 350.0), 1: (285.0, 270.0), 2: (355.0, 270.0), 3: (355.0, 190.0)}
    """
    nodes = list(position.nodes)
    ground = list(position.ground)
    adjacency = defaultdict(list)
    for u, v, _ in position.edges:
        if u != v:
            adjacency[u].append(v)
            adjacency[v].append(u)
    # Pieces (connected components) in order of their first ground node; a
    # gap goes before the first ground node of every piece but the first.
    piece, gap_before = {}, set()
    for g in ground:
        if g in piece:
            continue
        if piece:
            gap_before.add(g)
        piece[g] = g
        queue = deque([g])
        while queue:
            a = queue.popleft()
            for b in adjacency[a]:
                if b not in piece:
                    piece[b] = g
                    queue.append(b)
    roots = sorted(ground, key=lambda g: (ground.index(piece[g]), ground.index(g)))
    # Breadth-first search from all ground nodes at once: parents one step down.
    children = defaultdict(list)
    seen = set(ground)
    queue = deque(roots)
    while queue:
        a = queue.popleft()
        for b in adjacency[a]:
            if b not in seen:
                seen.add(b)
                children[a].append(b)
                queue.append(b)
    stray = [n for n in nodes if n not in seen]  # only for hand-made inputs
    slot, depth, used = _tidy(children, roots + stray, gap_before | set(stray))
    coords = _place(slot, depth, used, width, ground_y, top, gap)
    return {n: coords[n] for n in nodes}


def layout_forest(parents, width=WIDTH, ground_y=GROUND_Y, top=40, gap=48.0) -> list:
    """Coordinates ``[(x, y), ...]`` for a forest given by its parent list.

    Roots stand on the ground line and trees grow upwards; leaves take
    consecutive slots from left to right (one empty slot between trees) and
    every other node sits above the middle of its children.

    >>> layout_forest([None, 0, 0])
    [(320.0, 350.0), (296.0, 270.0), (344.0, 270.0)]
    """
    children = defaultdict(list)
    roots = []
    for i, p in enumerate(parents):
        (roots if p is None else children[p]).append(i)
    slot, depth, used = _tidy(children, roots, set(roots[1:]))
    coords = _place(slot, depth, used, width, ground_y, top, gap)
    return [coords[i] for i in range(len(parents))]
