"""Build Hackenbush drawings with the mouse, and play them against the computer.

A **drawing** is what the editor holds while you build: nodes with
coordinates, coloured edges between them, and the ground nodes that sit on
the ground line.  A drawing is a **position** (a
:class:`~cgteach.hackenbush.Hackenbush`) once every edge is joined to the
ground.  While you build, an edge may float (you may draw the top of a
picture first); the editor then says "not yet a position: edge 3 is not
joined to the ground", draws the floating edges dotted, and ``.position``
stays the last drawing that *was* a position.  Nothing is thrown away: join
the piece to the ground and it counts again.

Offers:

:class:`HackenbushEditor`
    Drawing (the ✎ Draw tool), as the board's help line says: click just
    above the ground line to plant an edge (a node joined to the ground
    below it by an edge of the current colour); keep clicking above it to
    grow a stalk (each click on empty space adds an edge from the picked
    node, drawn orange, to a new node there, which is picked next); click a
    node to pick it and branch from it; click a second node to join the
    two; the ground is a generous target: a click on the ground line, up to
    20 screen pixels above it or anywhere below it plants an edge there;
    click a node's small ring for a loop; drag nodes to move them; Esc lets
    go of the picked node.  The ⊥ Ground tool puts nodes on the ground line
    or lifts them off, the ✕ Delete tool deletes edges and nodes, and a
    click that does nothing says why in the message line.  The value
    (green: the nim value ``*n``; blue-red: a number), the outcome type
    (P/N for green, L/R/P for blue-red) and, for green drawings, the
    reductions step by step (with the node names they mention written on
    the board) update as you draw.  Save/Load buttons download and read
    JSON position files; :meth:`HackenbushEditor.save` and
    :meth:`HackenbushEditor.load` do the same from Python.

:class:`HackenbushGame`
    Play a position of any colours against the computer: click an edge
    to cut it (whatever falls is gone), the computer answers (``"perfect"``:
    a winning cut whenever there is one; ``"random"``: any legal cut), a
    hint button marks a winning cut or says there is none, and the winner
    is announced.  In blue-red and mixed play the student is Blue (or Red)
    and may cut edges of that colour and green edges; in all-green play
    anyone may cut any edge.  Every edge carries a fixed label, its
    number 0, 1, 2, ... in the starting position (as the figures of
    :mod:`cgteach.draw` number them), written beside it; the
    labels stay with their edges for the whole game (after a cut the
    remaining edges keep theirs), and the move log, hints and messages use
    them.

Colour is never the only signal: blue edges are solid lines, red ones
dashed, green ones double (a light stripe down the middle), in the
Okabe–Ito hues; hovering or focusing an edge shows its letter, and a legend
says which is which.  Both work from the keyboard alone: Tab reaches the
board, the arrow keys move between edges (and nodes, in the editor) in a
fixed order, Enter cuts (game) or picks (editor); the buttons' tooltips
name their keys, and the value and every move are announced in an
``aria-live`` region (``[data-testid=hb-live]``).

Both have a ``lecture`` switch (large print, thick lines, high contrast;
it follows :func:`cgteach.draw.lecture_mode`) and a ``labels`` switch
("Numbers"): in the editor it writes each edge's index and each node's
name beside it, in the game the edges' labels (on by default).

All rules run in Python, even what a click means: the browser sends
intents such as ``{"event": "click", "x": 320, "y": 300}`` (empty space),
``{"event": "click_node", "node": 1}``, ``{"event": "let_go"}`` (Esc) or
``{"event": "cut", "edge": 3}``, and Python keeps the picked node in the
``selected`` trait (see :meth:`~cgteach.widgets._base.Board.handle`).

Position files written by the editor are ordinary ``cgteach.hackenbush``
files (``Hackenbush.load`` reads them) with one extra top-level entry,
``"layout"``: ``[name, x, y]`` for every node, so a prepared drawing keeps
its shape.

DOM hooks for browser tests: ``[data-testid=hb-board]`` the SVG; every node
is a ``g.cg-node`` with ``data-name`` (JSON of the name) and ``data-x``,
``data-y`` (board coordinates); every edge a ``g.cg-edge`` with
``data-index`` (its index in ``position.edges`` now), ``data-label`` (the
label drawn beside it), ``data-colour`` and ``data-mx``/``data-my`` (a point
on the edge); ``[data-testid=hb-value]``, ``[data-testid=hb-outcome]``,
``[data-testid=hb-message]`` and, in the game, ``[data-testid=hb-status]``.

>>> editor = HackenbushEditor()
>>> editor.click(320, 300)          # just above the ground: plant an edge
>>> editor.click(320, 220)          # keep clicking above it: grow a stalk
>>> editor.position, editor.value_text
(Hackenbush([(0, 1), (1, 2)], ground=(0,)), '*2')
>>> editor.handle({"event": "add_node", "x": 100, "y": 100})   # a lone node is harmless
>>> editor.handle({"event": "add_edge", "u": 3, "v": 2, "colour": "purple"})
>>> editor.message
"colour must be 'green', 'blue' or 'red', got 'purple'"
"""

from __future__ import annotations

import json
import math
import os

import traitlets

from cgteach import _io
from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.position import _floating_edges
from cgteach.widgets._base import (
    GROUND_Y,
    HEIGHT,
    WIDTH,
    DrawnBoard,
    EditorBoard,
    GameBoard,
    WidgetValueError,
    _short,
    _shown_value,
    check_choice,
    check_game_options,
    check_int,
    check_list,
    check_number,
    check_path,
    check_text,
    esm,
    layout_hackenbush,
)

__all__ = ["HackenbushEditor", "HackenbushGame"]

_COLOURS = ("green", "blue", "red")
#: A node placed this close to the ground line (or below it) is a ground node.
_GROUND_BAND = 20
#: A click this close to the ground line (or below it) is a click on the ground,
#: in screen pixels (the page says how many board units a pixel is).
_CLICK_GROUND = 20
#: A click on empty space this close to a ground node uses that ground node.
_GROUND_REUSE = 30
#: A click this close to a node counts as a click on the node.
_NODE_REACH = 12
#: A planted edge is at least this tall (a click just above the line still draws one).
_PLANT_MIN = 45
#: The largest position file :meth:`HackenbushEditor.load` reads, in bytes.
_FILE_LIMIT = 5_000_000
#: Coordinates the browser may send (anything larger is refused as a mistake).
_COORD_LIMIT = 1e6
#: The still picture (before a cell runs, in exported pages) is drawn up to this size.
_STILL_EDGES = 120
#: Drawings with circuits are valued by search, which grows exponentially;
#: past ``partizan.LIVE_EDGES_BLUE_RED`` / ``LIVE_EDGES_MIXED`` edges (see
#: ``_live_edges``) the editor does not value them live.

_OUTCOME_TEXT = {
    "P": "P-position: whoever moves next loses.",
    "N": "N-position: whoever moves next wins.",
    "L": "Blue (Left) wins, whoever starts.",
    "R": "Red (Right) wins, whoever starts.",
}


def _check_colour(colour) -> str:
    if not isinstance(colour, str) or colour.lower() not in _COLOURS:
        raise ValueError(f"colour must be 'green', 'blue' or 'red', got {colour!r}")
    return colour.lower()


def _number(value, what) -> float:
    """A coordinate from the page: a finite number of sensible size, to 0.1."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, got {value!r}"[:120])
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > _COORD_LIMIT:
        shown = repr(value) if isinstance(value, float) else "a huge number"
        raise ValueError(f"{what} must be a finite board coordinate of at most "
                         f"{_COORD_LIMIT:g} in size, got {shown}")
    return round(float(value), 1)


#: The most nodes and edges a drawing on the board may have.
_MAX_NODES = 20_000
_MAX_EDGES = 20_000


def _is_name(name) -> bool:
    """A node name the board can hold: a number (not a bool), a str, or a tuple of these."""
    if isinstance(name, bool):
        return False
    if isinstance(name, str):
        return len(name) <= 200
    if isinstance(name, int):
        return abs(name) < 10**15
    if isinstance(name, float):
        return math.isfinite(name)
    if isinstance(name, tuple):
        return len(name) <= 8 and all(_is_name(x) for x in name)
    return False


def _check_name(what, name):
    if not _is_name(name):
        raise WidgetValueError(f"{what} must be a node name (an int or a str), "
                               f"got {_short(name)}")
    return name


def _name_key(name):
    """A name as a set member (names are hashable; bools are never names)."""
    return name


def _nim_text(n: int) -> str:
    """A nim value as the lessons' figures write it: ``0``, ``*1``, ``*2``, ..."""
    return "0" if n == 0 else f"*{n}"


def _auto_layout(position, width=WIDTH, ground_y=GROUND_Y, top=40, margin=40) -> dict:
    """``{node: (x, y)}`` on a board, the same shape as the lessons' figures.

    Uses :func:`cgteach.draw.hackenbush.layout` (no matplotlib needed) and
    scales it to the board: the ground on ``ground_y``, one layer up at
    most 80 units, centred across.  Falls back to
    :func:`~cgteach.widgets._base.layout_hackenbush` for drawings the
    figure layout cannot place.
    """
    try:
        from cgteach.draw.hackenbush import layout

        coords = layout(position)
    except Exception:  # noqa: BLE001 (a picture layout must never stop the editor)
        return layout_hackenbush(position, width=width, ground_y=ground_y, top=top)
    if not coords:
        return {}
    xs = [p[0] for p in coords.values()]
    ys = [p[1] for p in coords.values()]
    span_x, span_y = max(xs) - min(xs), max(ys)
    unit = min(80.0, (ground_y - top) / max(span_y, 1.0),
               (width - 2 * margin) / max(span_x, 1e-9) if span_x else 80.0)
    mid = (max(xs) + min(xs)) / 2
    return {n: (round(width / 2 + (x - mid) * unit, 1), round(ground_y - y * unit, 1))
            for n, (x, y) in coords.items()}


def _live_edges(colouring: str = "") -> int:
    """How many edges a drawing with circuits may have to be valued live.

    ``colouring`` is ``"blue-red"`` or ``"mixed"``; each has its own limit,
    measured by the real-browser latency test (``partizan.LIVE_EDGES_BLUE_RED``
    and ``partizan.LIVE_EDGES_MIXED``).  Without it, the smaller of the two.
    """
    from cgteach.hackenbush import partizan

    if colouring == "blue-red":
        return getattr(partizan, "LIVE_EDGES_BLUE_RED", partizan.LIVE_EDGES)
    if colouring == "mixed":
        return getattr(partizan, "LIVE_EDGES_MIXED", partizan.LIVE_EDGES)
    return partizan.LIVE_EDGES


def _has_circuit(position) -> bool:
    """True if the drawing has a circuit once the ground is one node (a loop counts)."""
    parent = {}

    def find(a):
        parent.setdefault(a, a)
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    ground = position.ground[0] if position.ground else None
    for g in position.ground:
        parent[find(g)] = find(ground)
    for u, v, _ in position.edges:
        ru, rv = find(u), find(v)
        if ru == rv:
            return True
        parent[ru] = rv
    return False


#: How long a live valuation may search a drawing with circuits before the
#: editor gives up and says so.  Drawings of the lecture kind up to the live
#: limits (``partizan.LIVE_EDGES_BLUE_RED``, ``LIVE_EDGES_MIXED``) mostly take
#: well under 0.2 s; this is the guard against the
#: rare tangled one (long overlapping circuits), so that a click never waits
#: long: a refusal within half a second instead (issue 17 asks under 1 s).
_LIVE_SECONDS = 0.5


class _TooSlowLive(ValueError):
    """A drawing whose search takes longer than the editor waits while you draw."""


def _live_canonical(position):
    """``position.canonical()`` that gives up after :data:`_LIVE_SECONDS`.

    The engine refuses at once a block too big to search; a block within its
    limits can still be slow when its circuits are long and overlap.  So the
    search engines of this one valuation get a deadline: each block search
    first looks at the clock (the engine calls ``self.search`` for every
    block, so a wrapper on the instance sees them all).  Past the deadline
    :class:`_TooSlowLive` is raised and the editor says the drawing is not
    valued live.  Without the engine's internals (a future version), the
    valuation runs without a deadline.
    """
    import time

    from cgteach.hackenbush import partizan

    try:
        edges = partizan._signed(position)
        partizan._check_size(edges, "value")
        valuer = partizan._Valuer(len(edges))
        valuer.game_engine = partizan._Engine(partizan._Games())
        engines = (valuer.number_engine, valuer.game_engine)
    except AttributeError:  # pragma: no cover (the engine changed: no deadline)
        return position.canonical()
    deadline = time.perf_counter() + _LIVE_SECONDS
    for engine in engines:
        inner = engine.search

        def search(block, weights, _inner=inner):
            if time.perf_counter() > deadline:
                raise _TooSlowLive(
                    f"Not valued while you draw: its circuits need a longer search than "
                    f"the editor waits for ({_LIVE_SECONDS:g} s). Run "
                    "editor.position.canonical() in a cell to wait for it.")
            return _inner(block, weights)

        engine.search = search
    return valuer.value(edges)


def _too_big(what, n, limit) -> dict:
    return {"value": None, "value_text": "?", "outcome": "", "kind": what,
            "outcome_text": f"Not valued while you draw: this {what} drawing has circuits and "
            f"{n} edges, and the editor values such drawings live up to {limit} edges. "
            "Run editor.position.canonical() in a cell (it may take long, or refuse)."}


def _analyse(position) -> dict:
    """Value, outcome type and a sentence about a position, for display.

    Green: the nim value.  Blue-red: the number (by search when the drawing
    has circuits, live up to ``partizan.LIVE_EDGES_BLUE_RED`` edges).  Mixed
    colours: the canonical game in textbook notation (``↑*``, ``{1|*}``, ...)
    and its outcome, live up to ``partizan.LIVE_EDGES_MIXED`` edges when there
    are circuits.  Beyond
    that the answer is a fast refusal, never a long wait.
    """
    try:
        if position.is_green():
            g = position.grundy()
            outcome = "P" if g == 0 else "N"
            return {"value": g, "value_text": _nim_text(g), "outcome": outcome,
                    "outcome_text": _OUTCOME_TEXT[outcome], "kind": "green"}
        circuits = _has_circuit(position)
        if position.is_blue_red():
            limit = _live_edges("blue-red")
            if len(position) > limit and circuits:
                return _too_big("blue-red", len(position), limit)
            from cgteach.numbers import format_number

            v = _live_canonical(position).number_value() if circuits else position.value()
            outcome = "L" if v > 0 else "R" if v < 0 else "P"
            return {"value": v, "value_text": format_number(v), "outcome": outcome,
                    "outcome_text": _OUTCOME_TEXT[outcome], "kind": "blue-red"}
        limit = _live_edges("mixed")
        if len(position) > limit and circuits:
            return _too_big("mixed", len(position), limit)
        if not hasattr(position, "canonical"):  # pragma: no cover (an older engine)
            return {"value": None, "value_text": "?", "outcome": "", "kind": "mixed",
                    "outcome_text": "This drawing mixes green with blue or red edges; this "
                    "version of cgteach cannot value it."}
        g = _live_canonical(position) if circuits else position.canonical()
        outcome = g.outcome()
        text = str(g)
        if text == "*":  # a nimber is written as the lessons' figures write it
            text = "*1"
        return {"value": g, "value_text": text, "outcome": outcome,
                "outcome_text": _OUTCOME_TEXT[outcome], "kind": "mixed"}
    except _TooSlowLive as exc:
        return {"value": None, "value_text": "?", "outcome": "", "kind": "unknown",
                "outcome_text": str(exc)}
    except (ImportError, NotImplementedError, ValueError, RecursionError, OverflowError) as exc:
        return {"value": None, "value_text": "?", "outcome": "", "kind": "unknown",
                "outcome_text": f"Not valued: {exc}"}


def _picture(position, width=300, height=190, ground_y=160) -> dict:
    """A small drawing of a position for the reductions panel (names -> indices)."""
    coords = _auto_layout(position, width=width, ground_y=ground_y, top=20, margin=24)
    names = list(coords)
    index = {n: k for k, n in enumerate(names)}
    ground = set(position.ground)
    return {
        "width": width,
        "height": height,
        "ground_y": ground_y,
        "nodes": [[coords[n][0], coords[n][1], n in ground, str(n)] for n in names],
        "edges": [[index[u], index[v], c] for u, v, c in position.edges],
    }


def _position_png(position):
    """A still picture of ``position`` as the lessons draw it (``None`` if too big)."""
    if len(position) > _STILL_EDGES:
        return None
    from cgteach.widgets._base import still_png

    def draw(ax):
        from cgteach.draw.hackenbush import draw_position

        draw_position(position, ax=ax)

    return still_png(draw)


def _layout_doc(text, nodes) -> str:
    """Add the editor's node coordinates to the JSON text of a position file."""
    doc = json.loads(text)
    layout = [[n["name"], n["x"], n["y"]] for n in nodes]
    return _io.dumps(doc["format"].removeprefix("cgteach."), doc["position"], layout=layout)


def _read_layout(text) -> dict:
    """The ``"layout"`` entry of a position file as ``{name: (x, y)}`` (``{}`` if absent)."""
    try:
        doc = json.loads(text)
        rows = doc.get("layout", []) if isinstance(doc, dict) else []
        return {r[0]: (_number(r[1], "x"), _number(r[2], "y")) for r in rows}
    except (ValueError, TypeError, IndexError, KeyError):
        return {}


class _HackenbushBoard(DrawnBoard):
    """What the editor and the game share: the drawn nodes, edges and ground."""

    _esm = esm("hackenbush.js")

    #: ``{"name": node, "x": x, "y": y}`` for every node of the drawing.
    nodes = traitlets.List().tag(sync=True)
    #: ``[u, v, colour]`` for every edge, in the order of ``position.edges``.
    edges = traitlets.List().tag(sync=True)
    #: The names of the ground nodes.
    ground = traitlets.List().tag(sync=True)

    def _coords(self) -> dict:
        return {n["name"]: (n["x"], n["y"]) for n in self.nodes}

    # -- the checks of the synced traits (see Guarded._validate_trait) ----------

    def _names(self) -> set:
        return {_name_key(n["name"]) for n in self.nodes}

    def _check_nodes(self, value):
        seen = set()

        def one(k, n):
            if not isinstance(n, dict) or set(n) != {"name", "x", "y"}:
                raise WidgetValueError(f"nodes[{k}] must be a dict with exactly 'name', 'x' "
                                       f"and 'y', got {_short(n)}")
            _check_name(f"nodes[{k}]['name']", n["name"])
            check_number(f"nodes[{k}]['x']", n["x"], _COORD_LIMIT)
            check_number(f"nodes[{k}]['y']", n["y"], _COORD_LIMIT)
            key = _name_key(n["name"])
            if key in seen:
                raise WidgetValueError(f"nodes: the name {n['name']!r} is used twice")
            seen.add(key)

        check_list("nodes", value, _MAX_NODES, one)
        used = {_name_key(e[i]) for e in self.edges for i in (0, 1)}
        used |= {_name_key(g) for g in self.ground}
        missing = used - seen
        if missing:
            raise WidgetValueError(f"nodes must keep every node an edge or the ground uses; "
                                   f"{_short(sorted(map(str, missing)))} would be missing")
        return value

    def _check_edges(self, value):
        names = self._names()

        def one(k, e):
            if not isinstance(e, list) or len(e) != 3:
                raise WidgetValueError(f"edges[{k}] must be [u, v, colour], got {_short(e)}")
            for end in e[:2]:
                if not _is_name(end) or _name_key(end) not in names:
                    raise WidgetValueError(f"edges[{k}] must join nodes on the board, "
                                           f"got {_short(e)}")
            check_choice(f"edges[{k}] colour", e[2], _COLOURS)

        return check_list("edges", value, _MAX_EDGES, one)

    def _check_ground(self, value):
        names = self._names()

        def one(k, g):
            if not _is_name(g) or _name_key(g) not in names:
                raise WidgetValueError(f"ground[{k}] must be a node on the board, got {_short(g)}")

        check_list("ground", value, _MAX_NODES, one)
        if len({_name_key(g) for g in value}) != len(value):
            raise WidgetValueError("ground must not name a node twice")
        return value

    @staticmethod
    def _nodes_for(position, layout=None) -> list[dict]:
        """Node records for a position, from ``layout`` where given, else laid out."""
        layout = dict(layout or {})
        auto = None
        rows = []
        for name in position.nodes:
            if name in layout:
                x, y = layout[name]
            else:
                if auto is None:
                    auto = _auto_layout(position)
                x, y = auto[name]
            if name in position.ground:
                y = GROUND_Y
            rows.append({"name": name, "x": float(x), "y": float(y)})
        return rows


class HackenbushEditor(_HackenbushBoard, EditorBoard):
    """Draw a Hackenbush position with the mouse; its value updates as you draw.

    ``position`` (optional) is a :class:`~cgteach.hackenbush.Hackenbush` to
    start from (laid out automatically, or with ``layout={node: (x, y)}``);
    without one the editor starts with a single ground node ``0``.
    ``lecture=True`` switches on large fonts and thick lines.

    >>> from cgteach.hackenbush import Hackenbush
    >>> editor = HackenbushEditor(Hackenbush([(0, 1, "blue"), (1, 2, "red")]))
    >>> editor.value_text, editor.outcome
    ('1/2', 'L')
    >>> editor.add_edge(2, 2, "blue")      # a blue loop on top
    2
    >>> editor.value_text
    '3/4'
    >>> editor.undo(); editor.value_text
    '1/2'
    """

    #: The colour of the next edge drawn.
    colour = traitlets.Enum(_COLOURS, default_value="green").tag(sync=True)
    #: What a click on a node or edge does: draw, (un)mark ground, delete.
    tool = traitlets.Enum(("draw", "ground", "delete"), default_value="draw").tag(sync=True)
    #: Indices of edges not joined to the ground (drawn dotted).
    floating = traitlets.List().tag(sync=True)
    #: True when the drawing is a position (no floating edges).
    is_position = traitlets.Bool(True).tag(sync=True)
    value_text = traitlets.Unicode("0").tag(sync=True)
    #: ``"P"``/``"N"`` (green), ``"L"``/``"R"``/``"P"`` (blue-red), ``""`` otherwise.
    outcome = traitlets.Unicode("P").tag(sync=True)
    outcome_text = traitlets.Unicode("").tag(sync=True)
    #: ``"green"``, ``"blue-red"``, ``"mixed"`` or ``"unknown"``.
    value_kind = traitlets.Unicode("green").tag(sync=True)
    #: Show the green reductions, step by step.
    show_steps = traitlets.Bool(False).tag(sync=True)
    #: ``{"rule", "description", "picture"}`` for each reduction step.
    steps = traitlets.List().tag(sync=True)
    #: The position after each step (``None`` for the start), for drawing on demand.
    _step_positions: tuple = ()
    #: The step on show (``0 .. len(steps) - 1``).
    step = traitlets.Int(0).tag(sync=True)
    #: The picked node (drawn orange; ``None``: none): the next click on
    #: empty space grows an edge from it.
    selected = traitlets.Any(None, allow_none=True).tag(sync=True)

    _THING = "drawing"
    _SUMMARY = "run this cell in JupyterLab to build a position"
    _PAGE_TRAITS = frozenset({"lecture", "labels", "colour", "tool", "show_steps", "step"})

    # -- the checks of the synced traits (see Guarded._validate_trait) ----------

    def _check_floating(self, value):
        n = len(self.edges)
        return check_list("floating", value, _MAX_EDGES,
                          lambda k, i: check_int(f"floating[{k}]", i, 0, max(n - 1, 0)))

    def _check_value_text(self, value):
        return check_text("value_text", value, 100_000)

    def _check_outcome(self, value):
        return check_choice("outcome", value, ("", "P", "N", "L", "R"))

    def _check_outcome_text(self, value):
        return check_text("outcome_text", value, 2_000)

    def _check_value_kind(self, value):
        return check_choice("value_kind", value, ("", "green", "blue-red", "mixed", "unknown"))

    def _check_steps(self, value):
        def one(k, row):
            if not isinstance(row, dict) or not {"rule", "description"} <= set(row):
                raise WidgetValueError(f"steps[{k}] must be a dict with 'rule' and "
                                       f"'description', got {_short(row)}")
        return check_list("steps", value, 100_000, one)

    def _check_step(self, value):
        # any whole number, brought into range (the Previous/Next buttons overshoot)
        check_int("step", value, -(10**100), 10**100)
        return min(max(value, 0), max(len(self.steps) - 1, 0))

    def _check_selected(self, value):
        if value is not None and (not _is_name(value) or value not in self._names()):
            raise WidgetValueError(f"selected must be None or a node on the board, "
                                   f"got {_short(value)}")
        return value

    def __init__(self, position=None, lecture=None, layout=None, **kwargs):
        super().__init__(lecture=lecture, **kwargs)
        self._position = Hackenbush([])
        self._value = 0
        self._clicked = False  # was the picked node picked by a click on it?
        if position is None:
            self._set_drawing([{"name": 0, "x": WIDTH / 2, "y": float(GROUND_Y)}], [], [0],
                              record=False)
        else:
            self.set_position(position, layout=layout, record=False)

    def _still_png(self):
        return _position_png(self._position)

    def _still_alt(self):
        value = _shown_value(self.value_text)
        text = f"Hackenbush editor: {self._position._alt_words()}"
        return text + (f", value {value}." if value else ".")

    # -- reading ------------------------------------------------------------

    @property
    def position(self) -> Hackenbush:
        """The drawing as a position (the last one that was, while edges float)."""
        return self._position

    @property
    def value(self):
        """The value of :attr:`position`: an ``int`` nim value (green), a
        ``Fraction`` (blue-red) or ``None`` (mixed colours)."""
        return self._value

    @property
    def layout(self) -> dict:
        """``{node: (x, y)}`` for every node on the board."""
        return self._coords()

    # -- editing (each public method is one undoable step) ------------------

    def _next_name(self) -> int:
        used = [n["name"] for n in self.nodes if isinstance(n["name"], int)]
        return max(used, default=-1) + 1

    def _find(self, name):
        """The board's own name for node ``name`` (``ValueError`` if there is none).

        Callers store what this returns, never what they were sent, so a ``1.0``
        from the browser is kept as node ``1``, as it is everywhere else.
        """
        if isinstance(name, bool):
            raise TypeError(f"a node name must be an int or a str, got {name!r}")
        for n in self.nodes:
            if type(n["name"]) is not bool and n["name"] == name:
                return n["name"]
        raise ValueError(f"there is no node {name!r} on the board"[:120])

    def add_node(self, x, y, join=None, colour=None):
        """Add a node at ``(x, y)`` and return its name.

        A node placed on (or just above) the ground line becomes a ground
        node.  With ``join=`` a node name, the new node is joined to that
        node by an edge of ``colour`` (default: the current colour).
        """
        x = min(max(_number(x, "x"), 10.0), WIDTH - 10.0)
        y = min(max(_number(y, "y"), 10.0), float(GROUND_Y))
        colour = self.colour if colour is None else _check_colour(colour)
        if join is not None:
            join = self._find(join)
        on_ground = y >= GROUND_Y - _GROUND_BAND
        name = self._next_name()
        nodes = self.nodes + [{"name": name, "x": x, "y": float(GROUND_Y) if on_ground else y}]
        ground = self.ground + [name] if on_ground else self.ground
        edges = self.edges + [[join, name, colour]] if join is not None else self.edges
        self._set_drawing(nodes, edges, ground)
        return name

    def add_edge(self, u, v, colour=None) -> int:
        """Join nodes ``u`` and ``v`` (``u == v``: a loop); return the edge's index."""
        colour = self.colour if colour is None else _check_colour(colour)
        u, v = self._find(u), self._find(v)
        self._set_drawing(self.nodes, self.edges + [[u, v, colour]], self.ground)
        return len(self.edges) - 1

    def add_loop(self, node, colour=None) -> int:
        """Add a loop at ``node``; return the edge's index."""
        return self.add_edge(node, node, colour)

    def move_node(self, node, x, y) -> None:
        """Move ``node`` to ``(x, y)`` (a ground node stays on the ground line)."""
        x = min(max(_number(x, "x"), 10.0), WIDTH - 10.0)
        y = min(max(_number(y, "y"), 10.0), float(GROUND_Y - _GROUND_BAND - 1))
        node = self._find(node)
        if node in self.ground:
            y = float(GROUND_Y)
        nodes = [dict(n, x=x, y=y) if n["name"] == node else n for n in self.nodes]
        self._set_drawing(nodes, self.edges, self.ground)

    def delete_edge(self, index) -> None:
        """Delete edge ``index`` (its nodes stay)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"an edge index must be an integer, got {index!r}")
        if not 0 <= index < len(self.edges):
            raise ValueError(f"there is no edge {index}: the drawing has {len(self.edges)} edges")
        self._set_drawing(self.nodes, self.edges[:index] + self.edges[index + 1:], self.ground)

    def delete_node(self, node) -> None:
        """Delete ``node`` and every edge at it."""
        node = self._find(node)
        self._set_drawing(
            [n for n in self.nodes if n["name"] != node],
            [e for e in self.edges if node not in e[:2]],
            [g for g in self.ground if g != node],
        )

    def toggle_ground(self, node) -> None:
        """Make ``node`` a ground node (it drops onto the ground line), or lift it off."""
        node = self._find(node)
        x = self._coords()[node][0]
        if node in self.ground:
            x, y = self._free_spot(node, x, float(GROUND_Y - 60), step=(0.0, -30.0))
            nodes = [dict(n, x=x, y=y) if n["name"] == node else n for n in self.nodes]
            self._set_drawing(nodes, self.edges, [g for g in self.ground if g != node])
        else:
            x, y = self._free_spot(node, x, float(GROUND_Y), step=(24.0, 0.0))
            nodes = [dict(n, x=x, y=y) if n["name"] == node else n for n in self.nodes]
            self._set_drawing(nodes, self.edges, self.ground + [node])

    def _free_spot(self, node, x, y, step) -> tuple[float, float]:
        """``(x, y)`` or the first place along ``step`` where no other node sits."""
        others = [(n["x"], n["y"]) for n in self.nodes if n["name"] != node]
        for k in range(40):
            sign = 1 if k % 2 == 0 else -1  # sideways steps alternate right and left
            dx = step[0] * ((k + 1) // 2) * sign
            px = min(max(x + dx, 10.0), WIDTH - 10.0)
            py = min(max(y + step[1] * k, 10.0), float(GROUND_Y))
            if all(math.hypot(px - ox, py - oy) >= 2 * _NODE_REACH for ox, oy in others):
                return px, py
        return x, y

    # -- clicks (what the board's help line promises) -------------------------

    def _node_near(self, x, y):
        """The node within reach of ``(x, y)``, nearest first (``None``: none)."""
        best, name = _NODE_REACH, None
        for n in self.nodes:
            d = math.hypot(n["x"] - x, n["y"] - y)
            if d <= best:
                best, name = d, n["name"]
        return name

    def _ground_near(self, x):
        """The ground node within reach of ``x`` across, nearest first (``None``: none)."""
        coords = self._coords()
        near = [(abs(coords[g][0] - x), i) for i, g in enumerate(self.ground)
                if abs(coords[g][0] - x) <= _GROUND_REUSE]
        return self.ground[min(near)[1]] if near else None

    def _picked(self):
        """The picked node if it is still on the board, else ``None``."""
        names = [n["name"] for n in self.nodes]
        return self.selected if self.selected in names else None

    def click(self, x, y, px=1.0) -> None:
        """A click on the board at ``(x, y)`` that hits no node or edge.

        With the Draw tool: with no node picked, a click above the ground
        line plants an edge (a new node there, joined by an edge of the
        current colour to the ground node below it, made if there is none
        near); with a node picked, it grows an edge from that node to a new
        node there.  Either way the new node is picked next, so successive
        clicks grow a stalk.  The ground is a generous target: a click on
        the ground line, up to 20 screen pixels above it, or anywhere below
        it picks the ground there and plants an edge on it (the new node
        stands a little higher, so the edge can be seen); with an ordinary
        node picked, it draws an edge from that node down to the ground.
        ``px`` is the size of a screen pixel in board units (the page sends
        it; 1 from Python).  A click within reach of a node counts as a
        click on that node.  With the other tools a click on empty space
        only says what they do.
        """
        x, y = _number(x, "x"), _number(y, "y")
        px = _number(px, "px")
        if not 0.01 <= px <= 100:
            raise ValueError(f"px (board units per screen pixel) must be from 0.01 to 100, "
                             f"got {px!r}")
        if self.tool != "draw":
            self.message = ("Nothing to delete there: click an edge or a node."
                            if self.tool == "delete" else
                            "With ⊥ Ground, click a node to put it on the ground line "
                            "or lift it off.")
            return
        near = self._node_near(x, y)
        if near is not None:
            self.click_node(near)
            return
        x = min(max(x, 10.0), WIDTH - 10.0)
        picked = self._picked()
        nodes, edges, ground = list(self.nodes), list(self.edges), list(self.ground)
        name = self._next_name()

        def ground_node(at_x):
            nonlocal name
            g = self._ground_near(at_x)
            if g is None:
                g = name
                name += 1
                spot = self._free_spot(None, at_x, float(GROUND_Y), step=(24.0, 0.0))
                nodes.append({"name": g, "x": spot[0], "y": float(GROUND_Y)})
                ground.append(g)
            return g

        on_ground = y >= GROUND_Y - _CLICK_GROUND * px  # the ground line, near it, below it
        if on_ground and picked is not None and picked not in self.ground:
            g = ground_node(x)
            edges.append([picked, g, self.colour])
            self._set_drawing(nodes, edges, ground)
            self.selected = None
            return
        y = max(y, 10.0)
        if on_ground and picked is not None:  # from the picked ground node: plant here
            picked = None
        if picked is None:  # plant: an edge from the ground below the click
            picked = ground_node(x)
            y = min(y, float(GROUND_Y - _PLANT_MIN))
        new = name
        nodes.append({"name": new, "x": x, "y": y})
        edges.append([picked, new, self.colour])
        self._set_drawing(nodes, edges, ground)
        self.selected, self._clicked = new, False

    def click_node(self, node) -> None:
        """A click on ``node`` with the current tool.

        Draw: pick it, so that the next click on empty space grows an edge
        from it (to branch).  When a node was picked by a click, a click on
        a second node joins the two by an edge; clicking the picked node
        again lets go of it.  (The node a click on empty space just made is
        picked too, but only to grow on: clicking another node then picks
        that node instead of joining.)  Ground: put it on the ground line or
        lift it off.  Delete: delete it and its edges.
        """
        node = self._find(node)
        if self.tool == "ground":
            self.toggle_ground(node)
            return
        if self.tool == "delete":
            self.delete_node(node)
            return
        picked = self._picked()
        if picked is None or (not self._clicked and picked != node):
            self.selected, self._clicked = node, True
            self.message = ""
            return
        if picked == node:
            if not self._clicked:  # the tip just grown: now picked by a click
                self._clicked = True
                self.message = ""
                return
            self.selected, self._clicked = None, False
            self.message = ("Let go of the picked node; click a node or just above the "
                            "ground line to go on.")
            return
        self.add_edge(picked, node)
        self.selected, self._clicked = node, False

    def let_go(self) -> None:
        """Forget the picked node (Esc in the page)."""
        self.selected, self._clicked = None, False

    def clear(self) -> None:
        """Start again from a single ground node (undo brings the drawing back)."""
        self._set_drawing([{"name": 0, "x": WIDTH / 2, "y": float(GROUND_Y)}], [], [0])

    def set_position(self, position, layout=None, record=True) -> None:
        """Show ``position`` (a ``Hackenbush``), laid out or placed by ``layout``."""
        if not isinstance(position, Hackenbush):
            raise TypeError(f"position must be a Hackenbush position, got {position!r}")
        nodes = self._nodes_for(position, layout)
        edges = [[u, v, c] for u, v, c in position.edges]
        self._set_drawing(nodes, edges, list(position.ground), record=record)

    def _restore(self, state) -> None:
        nodes, edges, ground = state
        self._set_drawing(nodes, edges, ground, record=False)

    # -- files ---------------------------------------------------------------

    def save(self, path: str | os.PathLike) -> None:
        """Write the position (with the node coordinates) to a JSON file.

        ``path`` is a ``str`` or an ``os.PathLike``; anything else (a number
        would be taken for a file descriptor such as stdout) raises ``TypeError``.
        """
        check_path(path)
        if not self.is_position:
            raise ValueError(f"cannot save: {self.message}")
        super().save(path)

    def load(self, path: str | os.PathLike) -> None:
        """Read a position file; a bad file raises ``ValueError`` and changes nothing.

        ``path`` is a ``str`` or an ``os.PathLike`` (anything else raises
        ``TypeError``: a number would be read as a file descriptor such as
        stdin).  Only a regular file of at most :data:`_FILE_LIMIT` bytes is
        read (never a FIFO or a device that could hang), and it must be UTF-8.
        """
        import stat

        check_path(path)
        shared = getattr(_io, "read_text", None)  # the package's guarded reader, where present
        if shared is not None:
            self.load_text(shared(path))
            return
        shown = os.fspath(path)
        try:
            # look before opening: opening a FIFO would wait for a writer
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise ValueError(f"cannot read position file {shown!r}: it is not a "
                                 "regular file")
            with open(path, "rb") as f:
                info = os.fstat(f.fileno())
                if not stat.S_ISREG(info.st_mode):
                    raise ValueError(f"cannot read position file {shown!r}: it is not a "
                                     "regular file")
                if info.st_size > _FILE_LIMIT:
                    raise ValueError(f"cannot read position file {shown!r}: it is "
                                     f"{info.st_size:,} bytes, more than the {_FILE_LIMIT:,} "
                                     "a position file may have")
                data = f.read(_FILE_LIMIT + 1)
        except OSError as exc:
            raise ValueError(f"cannot read position file {shown!r}: "
                             f"{exc.strerror or exc}") from None
        if len(data) > _FILE_LIMIT:
            raise ValueError(f"cannot read position file {shown!r}: it is more than "
                             f"{_FILE_LIMIT:,} bytes long")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"cannot read position file {shown!r}: it is not UTF-8 text "
                             "(a position file is JSON)") from None
        self.load_text(text)

    def load_text(self, text: str) -> None:
        """Show the position in the JSON ``text`` (``ValueError`` if it is not one)."""
        position = Hackenbush.from_json(text)
        self.set_position(position, layout=_read_layout(text))
        self.message = f"loaded a position with {len(position)} edges"

    def play(self, computer="perfect", student="blue", seed=None, **kwargs):
        """A :class:`HackenbushGame` on the current position, drawn the same way."""
        return HackenbushGame(self.position, computer=computer, student=student, seed=seed,
                              layout=self.layout, lecture=self.lecture, **kwargs)

    # -- intents from the browser ----------------------------------------------

    def _on_click(self, x, y, px=1.0):
        self.click(x, y, px)

    def _on_click_node(self, node):
        self.click_node(node)

    def _on_let_go(self):
        self.let_go()

    def _on_add_node(self, x, y, join=None):
        name = self.add_node(x, y, join=join)
        if join is not None:  # keep drawing from the new node
            self.selected, self._clicked = name, False

    def _on_add_edge(self, u, v, colour=None):
        self.add_edge(u, v, colour)

    def _on_add_loop(self, node):
        self.add_loop(node)

    def _on_move_node(self, node, x, y):
        self.move_node(node, x, y)

    def _on_delete_edge(self, edge):
        self.delete_edge(edge)

    def _on_delete_node(self, node):
        self.delete_node(node)

    def _on_toggle_ground(self, node):
        self.toggle_ground(node)

    # -- bookkeeping -------------------------------------------------------------

    def _set_drawing(self, nodes, edges, ground, record=True) -> None:
        """Replace the drawing (remembering the old one for undo) and re-analyse."""
        if record:
            self._remember((self.nodes, self.edges, self.ground))
        with self.hold_sync():
            with self.hold_trait_notifications():  # checked together, as one drawing
                self.nodes = list(nodes)
                self.edges = [list(e) for e in edges]
                self.ground = list(ground)
            self.can_undo = bool(self._history)
            if self.selected is not None and self._picked() is None:
                self.selected = None
            self._analyse_drawing()

    def _analyse_drawing(self) -> None:
        edges = [tuple(e) for e in self.edges]
        floating = _floating_edges(edges, self.ground)
        self.floating = floating
        if floating:
            self.is_position = False
            many = "s" if len(floating) > 1 else ""
            which = ", ".join(map(str, floating[:5])) + (" …" if len(floating) > 5 else "")
            self.message = (f"not yet a position: edge{many} {which} (dotted) "
                            f"{'are' if many else 'is'} not joined to the ground")
            self.value_text, self.outcome, self.value_kind = "", "", ""
            self.outcome_text = "Join every edge to the ground to see the value."
            self.steps = []
            return
        self.is_position = True
        self.message = ""
        self._position = Hackenbush(edges, ground=self.ground or [0])
        self.json_text = _layout_doc(self._position.to_json(), self.nodes)
        facts = _analyse(self._position)
        self._value = facts["value"]
        self.value_text = facts["value_text"]
        self.outcome = facts["outcome"]
        self.outcome_text = facts["outcome_text"]
        self.value_kind = facts["kind"]
        self._compute_steps()

    def _own_picture(self, width=300) -> dict:
        """The editor's own drawing, scaled down for the reductions panel."""
        f = width / WIDTH
        names = [n["name"] for n in self.nodes]
        index = {name: k for k, name in enumerate(names)}
        ground = set(self.ground)
        return {
            "width": width,
            "height": round(HEIGHT * f, 1),
            "ground_y": round(GROUND_Y * f, 1),
            "nodes": [[round(n["x"] * f, 1), round(n["y"] * f, 1), n["name"] in ground,
                       str(n["name"])] for n in self.nodes],
            "edges": [[index[u], index[v], c] for u, v, c in self.edges],
        }

    @traitlets.observe("show_steps")
    def _show_steps_changed(self, change):
        self._compute_steps()

    @traitlets.observe("step")
    def _step_changed(self, change):
        clamped = min(max(change["new"], 0), max(len(self.steps) - 1, 0))
        if clamped != change["new"]:
            self.step = clamped
            return
        self._draw_step_picture(clamped)

    def _draw_step_picture(self, i: int) -> None:
        """Fill in the picture of step ``i``, drawn only when it is first shown.

        A long story (a caterpillar of 800 edges has 400 colon steps) would
        otherwise lay out hundreds of drawings on every edit.
        """
        if not 0 <= i < len(self.steps) or self.steps[i].get("picture") is not None:
            return
        rows = list(self.steps)
        position = self._step_positions[i]
        rows[i] = dict(rows[i], picture=self._own_picture() if position is None
                       else _picture(position))
        self.steps = rows

    def _compute_steps(self) -> None:
        if not self.show_steps or not self.is_position:
            self.steps = []
            return
        if not self._position.is_green():
            self.steps = []
            self.message = "the reductions are for green drawings only"
            return
        try:
            steps = self._position.reduction_steps()
            rows = [{"rule": "start", "description": "The drawing as it stands: "
                     f"{len(self._position)} green edge{'s' * (len(self._position) != 1)}.",
                     "picture": None}]
            rows += [{"rule": str(s.rule), "description": str(s.description),
                      "picture": None} for s in steps]
            self._step_positions = (None, *(s.position for s in steps))
        except (ImportError, NotImplementedError, ValueError) as exc:
            rows = []
            self.message = f"could not compute the reductions: {exc}"
        with self.hold_sync():
            self.steps = rows
            self.step = min(self.step, max(len(rows) - 1, 0))
            self._draw_step_picture(self.step)


class HackenbushGame(_HackenbushBoard, GameBoard):
    """Play a Hackenbush position against the computer, by clicking edges.

    ``position`` is a :class:`~cgteach.hackenbush.Hackenbush` of any colours
    (or a :class:`HackenbushEditor`, whose drawing is used).  ``computer`` is
    ``"perfect"`` or ``"random"``; when there are blue or red edges
    ``student`` is ``"blue"`` (Left, the default) or ``"red"``, the computer
    plays the other colour, and green edges are anyone's; in all-green play
    anyone may cut any edge.  The perfect computer values mixed positions
    by their canonical forms (:meth:`Hackenbush.canonical`).  ``first`` is
    ``"student"`` or ``"computer"``; ``seed`` makes the computer's choices
    reproducible.

    >>> from cgteach.hackenbush import Hackenbush
    >>> game = HackenbushGame(Hackenbush([(0, 1), (0, 2), (2, 3)]), seed=1)
    >>> game.hint()                      # *1 + *2 = *3: cut the top of the 2-stalk
    [2]
    >>> game.cut(2)                      # now *1 + *1: the computer must break the tie
    >>> game.message                     # edges keep the numbers 0, 1, 2 of the figures
    'You cut edge 2. The computer cut edge 0.'
    >>> game.position.edges, game.edge_labels    # the edge left keeps its label 1
    (((0, 2, 'green'),), ['1'])
    >>> game.cut(0); game.winner
    'student'
    """

    #: ``"green"`` (anyone cuts anything), or the student's colour ``"blue"``/``"red"``.
    student = traitlets.Unicode("green").tag(sync=True)
    #: The edge the hint marks (``-1``: none).
    hint_edge = traitlets.Int(-1).tag(sync=True)
    #: The fixed label of every edge now on the board, in the order of ``edges``.
    edge_labels = traitlets.List().tag(sync=True)
    #: Edge labels are on show by default in a game.
    labels = traitlets.Bool(True).tag(sync=True)

    # -- the checks of the synced traits (see Guarded._validate_trait) ----------

    def _check_edges(self, value):
        super()._check_edges(value)
        position = getattr(self, "_position", None)
        if position is not None and value != [list(e) for e in position.edges]:
            raise WidgetValueError("edges follow the game's position: cut an edge, or start "
                                   "a new game")
        return value

    def _check_student(self, value):
        return check_choice("student", value, ("green", "blue", "red"))

    def _check_hint_edge(self, value):
        return check_int("hint_edge", value, -1, len(self.edges) - 1)

    def _check_edge_labels(self, value):
        if len(value) != len(self.edges) if isinstance(value, list) else False:
            raise WidgetValueError(f"edge_labels must hold one label for each of the "
                                   f"{len(self.edges)} edges, got {len(value)}")
        return check_list("edge_labels", value, _MAX_EDGES,
                          lambda k, x: check_text(f"edge_labels[{k}]", x, 20))

    _LOST = "The computer wins: you have no edge left to cut. Press New game to try again."
    _WON = "You win! The computer has no edge left to cut."
    _SUMMARY = "run this cell in JupyterLab to play"

    def __init__(self, position, computer="perfect", student="blue", seed=None,
                 first="student", layout=None, lecture=None, **kwargs):
        if isinstance(position, HackenbushEditor):
            layout = position.layout if layout is None else layout
            position = position.position
        if not isinstance(position, Hackenbush):
            raise TypeError(f"position must be a Hackenbush position, got {position!r}")
        check_game_options(computer, first)
        if position.is_green() and position:
            side = "green"
        else:
            side = str(student).lower()
            if side in ("left", "l"):
                side = "blue"
            elif side in ("right", "r"):
                side = "red"
            if side not in ("blue", "red"):
                raise ValueError(f"in blue-red play student must be 'blue' or 'red', "
                                 f"got {student!r}")
        super().__init__(lecture=lecture, student=side, computer=computer, seed=seed,
                         first=first, **kwargs)
        self._start = position
        self._start_nodes = self._nodes_for(position, layout)
        self.restart()

    # -- reading -------------------------------------------------------------------

    @property
    def position(self) -> Hackenbush:
        """The position on the board now."""
        return self._position

    def label(self, edge: int) -> str:
        """The label drawn beside edge ``edge`` (an index into ``position.edges``)."""
        return self._labels[edge]

    def _still_png(self):
        return _position_png(self._position)

    def _still_alt(self):
        if self.student == "green":
            side = "anyone may cut any edge"
        else:
            other = "red" if self.student == "blue" else "blue"
            side = f"you play {self.student}, the computer plays {other}"
        return (f"Hackenbush game against the computer ({side}): "
                f"{self._position._alt_words()}.")

    def _player_colours(self, who) -> set:
        if self.student == "green":
            return set(_COLOURS)
        mine = self.student if who == "student" else ("red" if self.student == "blue" else "blue")
        return {mine, "green"}

    def legal_cuts(self, who="student") -> list[int]:
        """The edges ``who`` (``"student"`` or ``"computer"``) may cut now."""
        allowed = self._player_colours(who)
        return [i for i, (_, _, c) in enumerate(self._position.edges) if c in allowed]

    def _winning(self, who) -> list[int]:
        if self.student == "green":
            return list(self._position.winning_moves())
        colour = sorted(self._player_colours(who) - {"green"})[0]
        return list(self._position.winning_moves(colour))

    def hint(self) -> list[int]:
        """Every winning cut for the student now (``[]``: none; every cut loses)."""
        return self._winning("student")

    # -- playing ---------------------------------------------------------------------

    def _can_move(self, who) -> bool:
        return bool(self.legal_cuts(who))

    def _reset_board(self) -> None:
        self._position = self._start
        # Labels are the edges' numbers in the starting position, counted from 0 as
        # cgteach.draw numbers them; they travel with their edges through every cut.
        self._labels = [str(i) for i in range(len(self._start.edges))]
        with self.hold_trait_notifications():  # checked together, as one drawing
            self.nodes = [dict(n) for n in self._start_nodes]
            self._show()
        self.hint_edge = -1

    def cut(self, edge) -> None:
        """The student cuts ``edge``; the computer answers at once."""
        if self._refuse_if_over():
            return
        if isinstance(edge, bool) or not isinstance(edge, int):
            raise TypeError(f"an edge index must be an integer, got {edge!r}")
        if not 0 <= edge < len(self._position.edges):
            raise ValueError(f"there is no edge {edge}")
        colour = self._position.edges[edge][2]
        name = self._labels[edge]
        if edge not in self.legal_cuts("student"):
            self.message = (f"You play {self.student.capitalize()}: you may cut only "
                            f"{self._yours()} edges, and edge {name} is {colour}.")
            return
        with self.hold_sync():
            self.hint_edge = -1
            fallen = self._apply(edge, "student")
            self.fallen = fallen
            self.turn = "computer"
            self.log = self.log + [f"You cut edge {name} ({colour})" + self._falls(fallen)]
            said = f"You cut edge {name}."
            if self._can_move("computer"):
                said += " " + self._computer_move(fallen)
            self.message = said
            self._after_move()

    def _computer_move(self, fallen=()) -> str:
        options = self.legal_cuts("computer")
        good = []
        if self.computer == "perfect":
            try:
                good = self._winning("computer")
            except ValueError:  # too tangled to search: play any legal cut rather than stall
                good = []
        choice = self._rng.choice(good or options)
        colour = self._position.edges[choice][2]
        name = self._labels[choice]
        taken = self._apply(choice, "computer")
        self.fallen = list(fallen) + taken
        self.log = self.log + [f"Computer cut edge {name} ({colour})" + self._falls(taken)]
        self.turn = "student"
        return f"The computer cut edge {name}."

    def _apply(self, edge, who) -> list[dict]:
        """Cut ``edge`` for ``who``; return pictures of the edges that went."""
        coords = self._coords()
        before = self._position
        after, kept = before.cut_with_map(edge)
        gone = sorted(set(range(len(before.edges))) - set(kept))
        pictures = []
        for i in gone:
            u, v, c = before.edges[i]
            pictures.append({"x1": coords[u][0], "y1": coords[u][1], "x2": coords[v][0],
                             "y2": coords[v][1], "loop": u == v, "colour": c, "by": who,
                             "cut": i == edge, "label": self._labels[i]})
        self._position = after
        self._labels = [self._labels[i] for i in kept]
        alive = set(after.nodes)
        with self.hold_trait_notifications():  # checked together, as one drawing
            self.nodes = [n for n in self.nodes if n["name"] in alive]
            self._show()
        return pictures

    @staticmethod
    def _falls(pictures) -> str:
        extra = len(pictures) - 1
        return f"; {extra} more fell" if extra > 0 else ""

    def _show(self) -> None:
        with self.hold_sync():
            self.edges = [[u, v, c] for u, v, c in self._position.edges]
            self.edge_labels = list(self._labels)
            self.ground = list(self._position.ground)

    def _yours(self) -> str:
        """The colours the student may cut, in words: ``blue`` or ``blue or green``."""
        if "green" in self._start.colours:
            return f"{self.student} or green"
        return self.student

    def _turn_text(self) -> str:
        if self.student == "green":
            return "Your turn: click any edge to cut it."
        return (f"Your turn: you are {self.student.capitalize()}; "
                f"click a {self._yours()} edge to cut it.")

    def show_hint(self) -> None:
        """Mark a winning cut on the board, or say there is none."""
        if self._refuse_if_over():
            return
        try:
            winning = self.hint()
        except (ImportError, NotImplementedError, ValueError) as exc:
            self.message = f"no hint available: {exc}"
            return
        if winning:
            self.hint_edge = winning[0]
            self.message = (f"Hint: cut edge {self._labels[winning[0]]} (highlighted); "
                            "it leaves a position your opponent loses.")
        else:
            self.hint_edge = -1
            self.message = ("Hint: there is no winning cut here; every cut loses "
                            "against perfect play. Make it hard for the computer!")

    # -- intents from the browser ---------------------------------------------------------

    def _on_cut(self, edge):
        self.cut(edge)
