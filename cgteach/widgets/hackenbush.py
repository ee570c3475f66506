"""Build Hackenbush drawings with the mouse, and play them against the computer.

A **drawing** is what the editor holds while you build: nodes with
coordinates, coloured edges between them, and the ground nodes that sit on
the ground line.  A drawing is a **position** (a
:class:`~cgteach.hackenbush.Hackenbush`) once every edge is joined to the
ground.  While you build, an edge may float (you may draw the top of a
picture first); the editor then says "not yet a position: edge 3 is not
joined to the ground", draws the floating edges dashed, and ``.position``
stays the last drawing that *was* a position.  Nothing is thrown away: join
the piece to the ground and it counts again.

Offers:

:class:`HackenbushEditor`
    Click empty space for a node (on the ground line: a ground node); click
    two nodes to join them with an edge of the chosen colour (clicking empty
    space while a node is picked adds a new node joined to it); click a
    node's loop handle for a loop; drag nodes; mark or unmark ground nodes;
    delete edges or nodes; undo.  The value (green: the nim value ``*n``;
    blue-red: a number), the outcome type (P/N for green, L/R/P for
    blue-red) and, for green drawings, the reductions step by step update
    as you draw (a blue-red drawing with circuits and more than 14 edges
    needs a long search, so it is not valued live).  Save/Load buttons
    download and read JSON position files; :meth:`HackenbushEditor.save`
    and :meth:`HackenbushEditor.load` do the same from Python.

:class:`HackenbushGame`
    Play a green or blue-red position against the computer: click an edge
    to cut it (whatever falls is gone), the computer answers (``"perfect"``:
    a winning cut whenever there is one; ``"random"``: any legal cut), a
    hint button marks a winning cut or says there is none, and the winner
    is announced.  In blue-red play the student is Blue (or Red) and may
    cut only edges of that colour.

Both have a ``lecture`` switch (large print, thick lines, high contrast)
and a ``labels`` switch ("Numbers") that writes each edge's index beside
it, the numbers the messages use.

All rules run in Python; the browser sends intents such as
``{"event": "add_edge", "u": 0, "v": 1}`` or ``{"event": "cut", "edge": 3}``
(see :meth:`~cgteach.widgets._base.Board.handle`).

Position files written by the editor are ordinary ``cgteach.hackenbush``
files (``Hackenbush.load`` reads them) with one extra top-level entry,
``"layout"``: ``[name, x, y]`` for every node, so a prepared drawing keeps
its shape.

DOM hooks for browser tests: ``[data-testid=hb-board]`` the SVG; every node
is a ``g.cg-node`` with ``data-name`` (JSON of the name) and ``data-x``,
``data-y`` (board coordinates); every edge a ``g.cg-edge`` with
``data-index``, ``data-colour`` and ``data-mx``/``data-my`` (a point on the
edge); ``[data-testid=hb-value]``, ``[data-testid=hb-outcome]``,
``[data-testid=hb-message]`` and, in the game, ``[data-testid=hb-status]``.

>>> editor = HackenbushEditor()
>>> a = editor.add_node(320, 270, join=0)       # a node above ground node 0, joined to it
>>> b = editor.add_node(320, 190, join=a)
>>> editor.position, editor.value_text
(Hackenbush([(0, 1), (1, 2)], ground=(0,)), '*2')
>>> editor.handle({"event": "add_node", "x": 100, "y": 100})   # a lone node is harmless
>>> editor.handle({"event": "add_edge", "u": 3, "v": 2, "colour": "purple"})
>>> editor.message
"colour must be 'green', 'blue' or 'red', got 'purple'"
"""

from __future__ import annotations

import json
import os

import traitlets

from cgteach import _io
from cgteach.hackenbush import Hackenbush
from cgteach.hackenbush.position import _floating_edges
from cgteach.nimbers import Nimber
from cgteach.widgets._base import (
    GROUND_Y,
    HEIGHT,
    WIDTH,
    DrawnBoard,
    EditorBoard,
    GameBoard,
    check_game_options,
    esm,
    layout_hackenbush,
)

__all__ = ["HackenbushEditor", "HackenbushGame"]

_COLOURS = ("green", "blue", "red")
#: A click this close to the ground line (or below it) lands on the ground.
_GROUND_BAND = 20
#: Blue-red drawings with circuits are valued by search, which grows
#: exponentially; past this many edges the editor does not value them live.
_LIVE_SEARCH_EDGES = 14

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
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, got {value!r}")
    return round(float(value), 1)


def _analyse(position) -> dict:
    """Value, outcome type and a sentence about a position, for display."""
    try:
        if position.is_green():
            g = position.grundy()
            outcome = "P" if g == 0 else "N"
            return {"value": g, "value_text": str(Nimber(g)), "outcome": outcome,
                    "outcome_text": _OUTCOME_TEXT[outcome], "kind": "green"}
        if position.is_blue_red():
            from cgteach.hackenbush import bluered

            if len(position) > _LIVE_SEARCH_EDGES and bluered.kind(position) == "graph":
                return {"value": None, "value_text": "?", "outcome": "", "kind": "blue-red",
                        "outcome_text": "A blue-red drawing with circuits and more than "
                        f"{_LIVE_SEARCH_EDGES} edges is valued by a long search, so it is "
                        "not valued while you draw: run editor.position.value() in a cell."}
            from cgteach.numbers import format_number

            v = position.value()
            outcome = "L" if v > 0 else "R" if v < 0 else "P"
            return {"value": v, "value_text": format_number(v), "outcome": outcome,
                    "outcome_text": _OUTCOME_TEXT[outcome], "kind": "blue-red"}
    except (ImportError, NotImplementedError, ValueError, RecursionError) as exc:
        return {"value": None, "value_text": "?", "outcome": "", "kind": "unknown",
                "outcome_text": f"could not compute the value: {exc}"}
    return {"value": None, "value_text": "?", "outcome": "", "kind": "mixed",
            "outcome_text": "This drawing mixes green with blue or red edges; cgteach "
                            "computes values only for all-green or all-blue-red positions."}


def _picture(position, width=300, height=190, ground_y=160) -> dict:
    """A small drawing of a position for the reductions panel (names -> indices)."""
    coords = layout_hackenbush(position, width=width, ground_y=ground_y, top=20)
    names = list(coords)
    index = {n: k for k, n in enumerate(names)}
    ground = set(position.ground)
    return {
        "width": width,
        "height": height,
        "ground_y": ground_y,
        "nodes": [[coords[n][0], coords[n][1], n in ground] for n in names],
        "edges": [[index[u], index[v], c] for u, v, c in position.edges],
    }


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
                    auto = layout_hackenbush(position)
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
    #: Indices of edges not joined to the ground (drawn dashed).
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
    #: The step on show (``0 .. len(steps) - 1``).
    step = traitlets.Int(0).tag(sync=True)

    _THING = "drawing"

    def __init__(self, position=None, lecture=False, layout=None, **kwargs):
        super().__init__(lecture=lecture, **kwargs)
        self._position = Hackenbush([])
        self._value = 0
        if position is None:
            self._set_drawing([{"name": 0, "x": WIDTH / 2, "y": float(GROUND_Y)}], [], [0],
                              record=False)
        else:
            self.set_position(position, layout=layout, record=False)

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
        for n in self.nodes:
            if n["name"] == name:
                return n["name"]
        raise ValueError(f"there is no node {name!r} on the board")

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
        if node in self.ground:
            nodes = [dict(n, y=float(GROUND_Y - 60)) if n["name"] == node else n
                     for n in self.nodes]
            self._set_drawing(nodes, self.edges, [g for g in self.ground if g != node])
        else:
            nodes = [dict(n, y=float(GROUND_Y)) if n["name"] == node else n for n in self.nodes]
            self._set_drawing(nodes, self.edges, self.ground + [node])

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
        """Write the position (with the node coordinates) to a JSON file."""
        if not self.is_position:
            raise ValueError(f"cannot save: {self.message}")
        super().save(path)

    def load(self, path: str | os.PathLike) -> None:
        """Read a position file; a bad file raises ``ValueError`` and changes nothing."""
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as exc:
            raise ValueError(
                f"cannot read position file {os.fspath(path)!r}: {exc.strerror}"
            ) from None
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

    def _on_add_node(self, x, y, join=None):
        name = self.add_node(x, y, join=join)
        if join is not None:  # keep drawing from the new node
            self.send({"select": name})

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
            self.nodes = list(nodes)
            self.edges = [list(e) for e in edges]
            self.ground = list(ground)
            self.can_undo = bool(self._history)
            self._analyse_drawing()

    def _analyse_drawing(self) -> None:
        edges = [tuple(e) for e in self.edges]
        floating = _floating_edges(edges, self.ground)
        self.floating = floating
        if floating:
            self.is_position = False
            many = "s" if len(floating) > 1 else ""
            which = ", ".join(map(str, floating[:5])) + (" …" if len(floating) > 5 else "")
            self.message = (f"not yet a position: edge{many} {which} "
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
            "nodes": [[round(n["x"] * f, 1), round(n["y"] * f, 1), n["name"] in ground]
                      for n in self.nodes],
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
                     "picture": self._own_picture()}]
            rows += [{"rule": str(s.rule), "description": str(s.description),
                      "picture": _picture(s.position)} for s in steps]
        except (ImportError, NotImplementedError, ValueError) as exc:
            rows = []
            self.message = f"could not compute the reductions: {exc}"
        with self.hold_sync():
            self.steps = rows
            self.step = min(self.step, max(len(rows) - 1, 0))


class HackenbushGame(_HackenbushBoard, GameBoard):
    """Play a Hackenbush position against the computer, by clicking edges.

    ``position`` is an all-green or all-blue-red
    :class:`~cgteach.hackenbush.Hackenbush` (or a :class:`HackenbushEditor`,
    whose drawing is used).  ``computer`` is ``"perfect"`` or ``"random"``;
    in blue-red play ``student`` is ``"blue"`` (Left, the default) or
    ``"red"``, and the computer plays the other colour; in green play
    anyone may cut any edge.  ``first`` is ``"student"`` or ``"computer"``;
    ``seed`` makes the computer's choices reproducible.

    >>> from cgteach.hackenbush import Hackenbush
    >>> game = HackenbushGame(Hackenbush([(0, 1), (0, 2), (2, 3)]), seed=1)
    >>> game.hint()                      # *1 + *2 = *3: cut the top of the 2-stalk
    [2]
    >>> game.cut(2)                      # now *1 + *1: the computer must break the tie
    >>> game.message
    'You cut edge 2. The computer cut edge 0.'
    >>> game.cut(0); game.winner
    'student'
    """

    #: ``"green"`` (anyone cuts anything), or the student's colour ``"blue"``/``"red"``.
    student = traitlets.Unicode("green").tag(sync=True)
    #: The edge the hint marks (``-1``: none).
    hint_edge = traitlets.Int(-1).tag(sync=True)

    _LOST = "The computer wins: you have no edge left to cut. Press New game to try again."
    _WON = "You win! The computer has no edge left to cut."

    def __init__(self, position, computer="perfect", student="blue", seed=None,
                 first="student", layout=None, lecture=False, **kwargs):
        if isinstance(position, HackenbushEditor):
            layout = position.layout if layout is None else layout
            position = position.position
        if not isinstance(position, Hackenbush):
            raise TypeError(f"position must be a Hackenbush position, got {position!r}")
        if not (position.is_green() or position.is_blue_red()):
            raise ValueError("HackenbushGame plays all-green or all-blue-red positions; "
                             "this one mixes green with blue or red edges")
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
        if edge not in self.legal_cuts("student"):
            self.message = (f"You play {self.student.capitalize()}: you may cut only "
                            f"{self.student} edges, and edge {edge} is {colour}.")
            return
        with self.hold_sync():
            self.hint_edge = -1
            fallen = self._apply(edge, "student")
            self.fallen = fallen
            self.turn = "computer"
            self.log = self.log + [f"You cut edge {edge} ({colour})" + self._falls(fallen)]
            said = f"You cut edge {edge}."
            if self._can_move("computer"):
                said += " " + self._computer_move(fallen)
            self.message = said
            self._after_move()

    def _computer_move(self, fallen=()) -> str:
        options = self.legal_cuts("computer")
        good = self._winning("computer") if self.computer == "perfect" else []
        choice = self._rng.choice(good or options)
        colour = self._position.edges[choice][2]
        taken = self._apply(choice, "computer")
        self.fallen = list(fallen) + taken
        self.log = self.log + [f"Computer cut edge {choice} ({colour})" + self._falls(taken)]
        self.turn = "student"
        return f"The computer cut edge {choice}."

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
                             "cut": i == edge})
        self._position = after
        alive = set(after.nodes)
        self.nodes = [n for n in self.nodes if n["name"] in alive]
        self._show()
        return pictures

    @staticmethod
    def _falls(pictures) -> str:
        extra = len(pictures) - 1
        return f"; {extra} more fell" if extra > 0 else ""

    def _show(self) -> None:
        self.edges = [[u, v, c] for u, v, c in self._position.edges]
        self.ground = list(self._position.ground)

    def _turn_text(self) -> str:
        if self.student == "green":
            return "Your turn: click any edge to cut it."
        return (f"Your turn: you are {self.student.capitalize()}; "
                f"click a {self.student} edge to cut it.")

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
            self.message = (f"Hint: cut edge {winning[0]} (highlighted); it leaves "
                            "a position your opponent loses.")
        else:
            self.hint_edge = -1
            self.message = ("Hint: there is no winning cut here; every cut loses "
                            "against perfect play. Make it hard for the computer!")

    # -- intents from the browser ---------------------------------------------------------

    def _on_cut(self, edge):
        self.cut(edge)
